//! The table's still layer: what does not move this frame, drawn once into a texture the
//! size of the window and shown from it until it changes, with what moves drawn over it.
//!
//! Why: in a software renderer (Mesa's llvmpipe under Xvfb, remote desktops) nearly all of
//! a frame's cost is filling pixels, and most of the table's pixels do not move while a
//! duel plays: the sky, the six areas' panels, the map, the log, the Domain band, and the
//! traveller's status between the moments that change it. Copying one texture costs a
//! fraction of drawing them (see docs/UI.md, "The still layer").
//!
//! What is still: the sky and the areas' backgrounds always; the Domain band and the log
//! always (neither animates; a new log line comes with a new key); the map unless a Domain
//! is being entered or sealed; the status unless the moment playing moves a tracker or a
//! slot ([`Still::during`]). They are drawn first in the table's order and in areas of
//! their own, so drawing them earlier changes no overlap: what moves draws over them as it
//! always did.
//!
//! What the still parts draw depends only on what [`Key`] hashes, and on the animation
//! clock as it stood when the key last changed ([`Layer::clock`]): their slow pulses (the
//! map's glows, the stars' twinkle) stand still while the layer does, as they stand still
//! at rest. The same clock is used when the layer is not (a layout check, no texture), so
//! both paths draw the same picture.

use crate::present::stage::MomentKind;
use crate::ui::glyphs;
use crate::ui::still::Blit;
use macroquad::prelude::*;
use std::cell::{Cell, RefCell};
use std::hash::{DefaultHasher, Hash, Hasher};

/// Whether the still layer is used: not with `FORWARD_STILL_LAYER=off`, which draws every
/// part every frame (the window tests' oracle for the layer, and a way to rule it out).
pub fn wanted() -> bool {
    static WANTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *WANTED.get_or_init(|| std::env::var("FORWARD_STILL_LAYER").map_or(true, |v| v != "off"))
}

/// Which of the table's panels are still this frame (the sky, the areas, the band and the
/// log always are).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Still {
    pub map: bool,
    pub status: bool,
}

impl Still {
    /// What is still while `moment` plays: the map moves only while a Domain is entered
    /// (the path draws itself) or sealed; the status only while a blow or a heal changes
    /// Health, the marker steps, Grace fills or empties, a find glows into its slot or a
    /// Snare catches.
    pub fn during(moment: Option<&MomentKind>) -> Still {
        use MomentKind as M;
        Still {
            map: !matches!(moment, Some(M::DomainEntered | M::DomainCleared)),
            status: !matches!(
                moment,
                Some(
                    M::Health { .. }
                        | M::Blow { .. }
                        | M::Marker { .. }
                        | M::Grace { .. }
                        | M::Taken { .. }
                        | M::SnareCaught { .. }
                )
            ),
        }
    }
}

/// Everything the still parts are drawn from, but the clock: two frames with one key draw
/// one still picture.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct Key {
    /// The window's size in pixels, as bits.
    pub size: [u32; 2],
    /// Which panels are still.
    pub still: Still,
    /// The shown state's version (every event applied changes it).
    pub version: u64,
    /// The log's length and scroll (a note added outside the run changes the length).
    pub log: (usize, usize),
    /// The Guardian's stage covers the band; the Guardian's terms are open over the map.
    pub on_stage: bool,
    pub objective: bool,
    /// What the pointer lights in the still panels: a map tile, the Guardian's card, a
    /// dice deck's stack.
    pub pointer: (Option<usize>, bool, Option<usize>),
    /// The player's look (text size, palette, contrast) and the device named on keys.
    pub look: String,
}

impl Key {
    fn hash64(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.hash(&mut h);
        h.finish()
    }
}

/// What the layer's texture holds: the key it was drawn for, in which frame, the font
/// atlas's epoch just after, and whether that frame has been seen to end with the atlas
/// unmoved.
#[derive(Debug, Clone, Copy)]
struct Drawn {
    key: u64,
    frame: u64,
    epoch: u64,
    settled: bool,
}

/// The layer: its texture, the key it was drawn for, and the clock of its still parts.
#[derive(Default)]
pub struct Layer {
    target: RefCell<Option<RenderTarget>>,
    /// What the texture holds (`None`: nothing to show).
    drawn: Cell<Option<Drawn>>,
    /// The last key seen and the clock when it came (see [`Layer::clock`]).
    seen: Cell<Option<(u64, f32)>>,
    blit: RefCell<Blit>,
}

impl Layer {
    /// The clock the still parts are drawn at for `key` at time `t`: the time the key
    /// came, so that they stand still while it stays.
    pub fn clock(&self, key: &Key, t: f32) -> f32 {
        let k = key.hash64();
        match self.seen.get() {
            Some((seen, at)) if seen == k => at,
            _ => {
                self.seen.set(Some((k, t)));
                t
            }
        }
    }

    /// Shows the still parts for `key`: from the texture when it holds them, else drawn
    /// into it by `draw` first. False when there is no texture to show (the caller then
    /// draws the still parts itself).
    ///
    /// The texture is drawn again when the font atlas moved later in the frame it was
    /// drawn in (see [`crate::ui::glyphs`]): text that a moving part brought then may have
    /// made the atlas anew before the texture's own text was drawn, leaving its glyphs
    /// black. (A move in a later frame cannot: by then the texture's text is drawn.)
    /// When the atlas moves while the still parts draw themselves, they are drawn once
    /// more at once: their glyphs are all cached by then, so the second time holds.
    pub fn show(&self, key: &Key, draw: impl Fn()) -> bool {
        let k = key.hash64();
        let size = (key.size[0].max(1), key.size[1].max(1));
        let mut target = self.target.borrow_mut();
        let fits = target
            .as_ref()
            .is_some_and(|t| (t.texture.width() as u32, t.texture.height() as u32) == size);
        if !fits {
            let t = render_target(size.0, size.1);
            t.texture.set_filter(FilterMode::Nearest);
            *target = Some(t);
            self.drawn.set(None);
        }
        let Some(t) = target.as_ref() else {
            return false;
        };
        let now = glyphs::frame();
        let keep = match self.drawn.get() {
            Some(d) if d.key == k => {
                let kept = d.settled || now.number == d.frame || now.epoch == d.epoch;
                if kept && now.number != d.frame {
                    self.drawn.set(Some(Drawn { settled: true, ..d }));
                }
                kept
            }
            _ => false,
        };
        if !keep {
            let mut camera =
                Camera2D::from_display_rect(Rect::new(0.0, 0.0, size.0 as f32, size.1 as f32));
            camera.render_target = Some(t.clone());
            // The window's own camera (or the still frame's texture, at rest) comes back
            // after.
            push_camera_state();
            set_camera(&camera);
            for _ in 0..2 {
                let before = glyphs::epoch();
                clear_background(crate::ui::style::colour::SKY_TOP);
                draw();
                if glyphs::epoch() == before {
                    break;
                }
            }
            pop_camera_state();
            self.drawn.set(Some(Drawn {
                key: k,
                frame: now.number,
                epoch: glyphs::epoch(),
                settled: false,
            }));
        }
        let shown = self.blit.borrow_mut().show(&t.texture);
        if !shown {
            self.drawn.set(None);
        }
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_and_the_status_move_only_with_their_own_moments() {
        let still = |m: MomentKind| Still::during(Some(&m));
        assert_eq!(
            Still::during(None),
            Still {
                map: true,
                status: true
            }
        );
        // The dice tumbling moves neither.
        assert!(still(MomentKind::Dice).map && still(MomentKind::Dice).status);
        assert!(!still(MomentKind::DomainEntered).map);
        assert!(still(MomentKind::DomainEntered).status);
        let blow = MomentKind::Blow {
            to_foe: 1,
            to_traveller: 2,
        };
        assert!(still(blow.clone()).map && !still(blow).status);
        assert!(!still(MomentKind::Marker { by: 1 }).status);
    }

    #[test]
    fn the_still_clock_stands_while_the_key_stays() {
        let layer = Layer::default();
        let key = Key {
            size: [1280, 800],
            still: Still::during(None),
            version: 3,
            log: (10, 0),
            on_stage: false,
            objective: false,
            pointer: (None, false, None),
            look: String::new(),
        };
        assert_eq!(layer.clock(&key, 1.0), 1.0);
        assert_eq!(layer.clock(&key, 2.5), 1.0, "the same key: the same clock");
        let next = Key {
            version: 4,
            ..key.clone()
        };
        assert_eq!(
            layer.clock(&next, 3.0),
            3.0,
            "a new key takes the clock then"
        );
        assert_eq!(layer.clock(&next, 4.0), 3.0);
    }
}
