//! When the font atlas may have moved: the epoch that kept pictures are checked against.
//!
//! macroquad keeps the glyphs it has drawn in one texture per font. When a new glyph does
//! not fit, it makes a texture twice the size, packs every glyph into it afresh and
//! deletes the old one. Text already queued this frame still names the old texture, and
//! draws as solid blocks when the frame is flushed. Drawn to the window, that is one bad
//! frame. Drawn into a texture that is kept (the table's still layer, the still frame at
//! rest), the blocks would stay until that picture is next drawn: the map's names, the
//! log and the band black at the start of a run.
//!
//! So every glyph that text brings for the first time (a character, in a face, at a
//! raster size) moves the epoch. A kept picture is drawn again when the epoch moved while
//! it was drawn or later in the frame it was drawn in ([`frame`]; see `table::layer`), and
//! a frame in which it moved is not kept as the still frame at rest (the window's loop).
//! A new glyph is not always a new atlas, so this is cautious: it redraws a little more
//! often than needed, and only while new characters and sizes still appear.
//!
//! Cost: a string seen before in a face and size is known whole, so drawing it costs one
//! hash lookup; only a new string looks at its characters.

use macroquad::prelude::Font;
use rustc_hash::{FxHashSet, FxHasher};
use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};

/// Beyond this many known strings the string set starts afresh (the glyph set is kept:
/// the atlas never forgets a glyph either).
const STRINGS_LIMIT: usize = 16_384;

#[derive(Default)]
struct Known {
    /// Hashes of (string, face, size) whose every glyph is known.
    strings: FxHashSet<u64>,
    /// (face, character, size in atlas pixels) drawn or measured so far.
    glyphs: FxHashSet<(usize, char, u16)>,
}

thread_local! {
    static KNOWN: RefCell<Known> = RefCell::new(Known::default());
    static EPOCH: Cell<u64> = const { Cell::new(0) };
    static FRAME: Cell<Frame> = const { Cell::new(Frame { number: 0, epoch: 0 }) };
}

/// The atlas's epoch: moves whenever a glyph is cached for the first time.
pub fn epoch() -> u64 {
    EPOCH.with(Cell::get)
}

/// The window's frame and the atlas's epoch as it began.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    pub number: u64,
    pub epoch: u64,
}

/// A new frame begins (the window's loop calls this before it draws).
pub fn new_frame() {
    FRAME.with(|f| {
        f.set(Frame {
            number: f.get().number + 1,
            epoch: epoch(),
        })
    });
}

/// This frame and the epoch as it began: a picture kept from an earlier frame was spoilt
/// only if the atlas moved later in the frame it was drawn in.
pub fn frame() -> Frame {
    FRAME.with(Cell::get)
}

/// Notes that `s` is about to be drawn or measured in `font` at `px` layout pixels (the
/// font size handed to macroquad): any glyph new to its atlas moves the epoch.
pub fn note(s: &str, font: &Font, px: u16) {
    // macroquad keys its glyphs by the size in device pixels.
    let size = (f32::from(px) * macroquad::miniquad::window::dpi_scale()).ceil() as u16;
    // The face's address names it: the fonts live as long as the window.
    note_sized(s, font as *const Font as usize, size);
}

/// [`note`] for a face named by its address and a size in atlas pixels.
fn note_sized(s: &str, face: usize, size: u16) {
    let mut h = FxHasher::default();
    (s, face, size).hash(&mut h);
    let key = h.finish();
    KNOWN.with(|k| {
        let mut k = k.borrow_mut();
        if k.strings.contains(&key) {
            return;
        }
        let mut new = false;
        for c in s.chars() {
            new |= k.glyphs.insert((face, c, size));
        }
        if k.strings.len() >= STRINGS_LIMIT {
            k.strings.clear();
        }
        k.strings.insert(key);
        if new {
            EPOCH.with(|e| e.set(e.get() + 1));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_glyph_new_in_its_face_and_size_moves_the_epoch() {
        let start = epoch();
        note_sized("Dread", 1, 20);
        assert_eq!(epoch(), start + 1, "five new glyphs: one move");
        note_sized("Dread", 1, 20);
        note_sized("dare", 1, 20);
        note_sized("", 1, 20);
        assert_eq!(epoch(), start + 1, "known glyphs, in a new string too");
        note_sized("Dread!", 1, 20);
        assert_eq!(epoch(), start + 2, "one new character");
        note_sized("Dread", 1, 21);
        assert_eq!(epoch(), start + 3, "a new size");
        note_sized("Dread", 2, 20);
        assert_eq!(epoch(), start + 4, "a new face");
    }
}
