//! The duel's header: the foe's name, its HP bar sliding when struck, HP and exchange.

use super::super::Ctx;
use super::view::View;
use crate::ui::style::{self, colour, fade};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// The foe's HP and the exchange under way: "3 / 3 HP · exchange 1", or "defeated".
pub(super) fn hp_label(v: &View) -> String {
    if v.over && v.hp <= 0 {
        format!("0 / {} HP · defeated", v.max_hp)
    } else {
        format!(
            "{} / {} HP · exchange {}",
            v.hp.max(0),
            v.max_hp,
            v.exchange + 1
        )
    }
}

/// The foe's name, its HP bar (sliding from before a blow to after it, `p` along) and the
/// HP and exchange label; returns the bar's rectangle.
pub(super) fn draw_header(cx: &Ctx, v: &View, r: Rect, to_foe: i32, p: f32) -> Rect {
    let fonts = cx.fonts;
    // The HP bar slides from before the blow to after it.
    let shown_hp = v.hp as f32 + to_foe as f32 * (1.0 - ease(p));
    let label = hp_label(v);
    let (name_size, label_size) = header_sizes(&v.name, &label, r.w - 24.0, |s, z| {
        style::width(s, &fonts.serif, z)
    });
    style::text(
        &v.name,
        r.x,
        r.y + 24.0,
        &fonts.serif,
        name_size,
        colour::PARCHMENT,
    );
    let bar = Rect::new(r.x, r.y + 34.0, r.w - 8.0, 16.0);
    style::rounded_rect(bar, 4.0, fade(style::dim(), 0.3));
    let frac = (shown_hp / v.max_hp.max(1) as f32).clamp(0.0, 1.0);
    style::rounded_rect(
        Rect::new(bar.x, bar.y, bar.w * frac, bar.h),
        4.0,
        colour::ERROR,
    );
    style::text_right(
        &label,
        bar.right(),
        r.y + 24.0,
        &fonts.serif,
        label_size,
        fade(colour::PARCHMENT, 0.9),
    );
    bar
}

/// The sizes of the foe's name and of the HP label beside it in `room`: the name is never
/// cut; it shrinks first (to the label size), then both do, down to the smallest text.
fn header_sizes(
    name: &str,
    label: &str,
    room: f32,
    width: impl Fn(&str, u16) -> f32,
) -> (u16, u16) {
    let fits = |n: u16, l: u16| width(name, n) + width(label, l) <= room;
    for l in [text::LABEL, text::SMALL] {
        if let Some(n) = (l..=text::TITLE).rev().find(|&n| fits(n, l)) {
            return (n, l);
        }
    }
    (text::SMALL, text::SMALL)
}

/// Ease out: fast, then settling.
pub(super) fn ease(p: f32) -> f32 {
    1.0 - (1.0 - p.clamp(0.0, 1.0)).powi(3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_foe_name_shrinks_beside_the_hp_label_instead_of_being_cut() {
        // Half an em a character.
        let width = |s: &str, z: u16| s.chars().count() as f32 * z as f32 * 0.5;
        let label = "12 / 12 HP · exchange 10";
        assert_eq!(
            header_sizes("Hound", label, 600.0, width),
            (text::TITLE, text::LABEL)
        );
        let long = "The Warden's Ice Hound of the Frozen Stair";
        let (n, l) = header_sizes(long, label, 600.0, width);
        assert!(
            n < text::TITLE && width(long, n) + width(label, l) <= 600.0,
            "{n} {l}"
        );
    }
}
