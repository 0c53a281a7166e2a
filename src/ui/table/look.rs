//! The table's look: one number for everything a frame of the table shows, worked out with
//! the frame. Two frames with the same look draw the same picture: a window woken with
//! nothing new (the pointer moved over nothing that answers it, a timed wake that found
//! nothing to do) shows the picture it kept instead of drawing the table again.
//!
//! What goes in: the window's size and the animation clock (which stands still at rest:
//! the pulses then hold their look); the stage's version and moment; the log's length;
//! every button and control as laid out; the modal layer; the focus; the switches and
//! notes beside the stage; and the pointer only as the table answers it: which button,
//! control, row card, map tile and tip it is over, and where a tip hangs from it.

use super::TableScreen;
use super::layout::Layout;
use crate::ui::map;
use macroquad::prelude::*;
use std::hash::{DefaultHasher, Hash, Hasher};

/// The look of `t`'s frame for a window of `window` (see the module's words).
pub fn of(t: &TableScreen, window: Vec2) -> u64 {
    let mut h = DefaultHasher::new();
    let f = |x: f32| x.to_bits();
    (f(window.x), f(window.y), f(t.now)).hash(&mut h);
    t.stage.version().hash(&mut h);
    format!("{:?}", t.stage.moment().map(|m| &m.kind)).hash(&mut h);
    (t.stage.idle(), t.stage.holding()).hash(&mut h);
    t.stage.reading_left().map(|s| s.ceil() as i32).hash(&mut h);
    t.stage.scene().log.len().hash(&mut h);
    for b in &t.frame.geometry.buttons {
        (&b.label, &b.key, &b.lines, b.size, b.primary).hash(&mut h);
        (b.disabled.is_some(), b.warning.is_some()).hash(&mut h);
        rect(b.rect).hash(&mut h);
    }
    for (r, _, label) in &t.frame.geometry.controls {
        (rect(*r), label).hash(&mut h);
    }
    format!("{:?}", t.modal).hash(&mut h);
    t.focus_rect().map(rect).hash(&mut h);
    (t.objective, t.log_scroll, t.table_dice, t.guide_cursor).hash(&mut h);
    (
        &t.save_warning,
        t.recap.is_some(),
        t.lost.len(),
        t.calming(),
    )
        .hash(&mut h);
    (t.pace_note(), crate::ui::hints::on_pad()).hash(&mut h);
    format!("{:?}{:?}", t.link_state(), t.hint_now()).hash(&mut h);
    // The Guide's view shows the code: R changes it.
    t.link().map(|l| l.screen.code()).hash(&mut h);
    pointer(t, window).hash(&mut h);
    h.finish()
}

/// A rectangle as bits, to hash.
fn rect(r: Rect) -> [u32; 4] {
    [r.x, r.y, r.w, r.h].map(f32::to_bits)
}

/// The pointer as the table answers it: what it is over, and where its tip hangs.
fn pointer(t: &TableScreen, window: Vec2) -> Vec<u64> {
    let Some(at) = t.mouse else {
        return Vec::new();
    };
    let l = Layout::new(window);
    let index = |hit: Option<usize>| hit.map_or(u64::MAX, |i| i as u64);
    let g = &t.frame.geometry;
    let mut out = vec![
        index(g.buttons.iter().position(|b| b.rect.contains(at))),
        index(g.controls.iter().position(|(r, _, _)| r.contains(at))),
        index(l.slots().iter().position(|r| r.contains(at))),
        index(map::hit(&g.map, at)),
        u64::from(map::guardian_badge(&g.map).contains(at)),
    ];
    // Every tip region it is in (a tip may speak of a region no button covers).
    out.extend(
        t.frame
            .tips
            .iter()
            .enumerate()
            .filter(|(_, tip)| tip.rect.contains(at))
            .map(|(i, _)| i as u64),
    );
    // A tip shown follows the pointer: then where it is matters, to the pixel.
    let moment = t.stage.moment().map(|m| &m.kind);
    if t.modal.is_some() || t.frame.tip_for(at, t.run.state.guide, moment).is_some() {
        out.extend([u64::from(at.x.to_bits()), u64::from(at.y.to_bits())]);
    }
    out
}
