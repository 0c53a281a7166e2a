//! Remembered text measurements. Every panel is drawn anew each frame from the same few
//! hundred strings; measuring a string looks up each glyph, and wrapping a paragraph
//! measures it many times over, so the answers are kept, keyed by a hash of what they
//! depend on (the string, the font, the raster size and the box).

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::rc::Rc;

/// Beyond this many entries a cache starts afresh (the strings of a few screens fit many
/// times over; a long session of changing text does not grow without bound).
const LIMIT: usize = 8192;

thread_local! {
    static WIDTHS: RefCell<HashMap<u64, f32>> = RefCell::new(HashMap::new());
    static BLOCKS: RefCell<HashMap<u64, Rc<Block>>> = RefCell::new(HashMap::new());
}

/// A paragraph laid out in a box: the size it fits at and its lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub size: u16,
    pub lines: Vec<String>,
}

/// A key for `parts` (anything hashable: strings, sizes, a font's address, a box's
/// dimensions as bits).
pub fn key(parts: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    parts.hash(&mut h);
    h.finish()
}

/// The width remembered under `key`, else `measure()` (then remembered).
pub fn width(key: u64, measure: impl FnOnce() -> f32) -> f32 {
    if let Some(w) = WIDTHS.with(|m| m.borrow().get(&key).copied()) {
        return w;
    }
    let w = measure();
    WIDTHS.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= LIMIT {
            m.clear();
        }
        m.insert(key, w);
    });
    w
}

/// The block remembered under `key`, else `lay_out()` (then remembered).
pub fn block(key: u64, lay_out: impl FnOnce() -> Block) -> Rc<Block> {
    if let Some(b) = BLOCKS.with(|m| m.borrow().get(&key).cloned()) {
        return b;
    }
    let b = Rc::new(lay_out());
    BLOCKS.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= LIMIT {
            m.clear();
        }
        m.insert(key, b.clone());
    });
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn a_width_is_measured_once_per_key() {
        let calls = Cell::new(0);
        let measure = || {
            calls.set(calls.get() + 1);
            12.5
        };
        let k = key(("Dread", 3usize, 14u16));
        assert_eq!(width(k, measure), 12.5);
        assert_eq!(width(k, measure), 12.5);
        assert_eq!(calls.get(), 1);
        // Another size is another key.
        assert_eq!(width(key(("Dread", 3usize, 15u16)), || 13.0), 13.0);
    }

    #[test]
    fn a_block_is_laid_out_once_per_key() {
        let calls = Cell::new(0);
        let lay_out = || {
            calls.set(calls.get() + 1);
            Block {
                size: 14,
                lines: vec!["Lose 2".into(), "Health.".into()],
            }
        };
        let k = key(("Lose 2 Health.", 40f32.to_bits()));
        let a = block(k, lay_out);
        let b = block(k, lay_out);
        assert_eq!(a, b);
        assert_eq!(b.lines, ["Lose 2", "Health."]);
        assert_eq!(calls.get(), 1);
    }
}
