//! The duel's header: the foe's name, its HP bar sliding when struck, HP and exchange.

use super::super::Ctx;
use super::view::View;
use crate::ui::style::{self, colour, fade};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// The foe's name, its HP bar (sliding from before a blow to after it, `p` along) and the
/// HP and exchange label; returns the bar's rectangle.
pub(super) fn draw_header(cx: &Ctx, v: &View, r: Rect, to_foe: i32, p: f32) -> Rect {
    let fonts = cx.fonts;
    // The HP bar slides from before the blow to after it.
    let shown_hp = v.hp as f32 + to_foe as f32 * (1.0 - ease(p));
    let label = if v.over && v.hp <= 0 {
        format!("0 / {} HP · defeated", v.max_hp)
    } else {
        format!(
            "{} / {} HP · exchange {}",
            v.hp.max(0),
            v.max_hp,
            v.exchange + 1
        )
    };
    let label_w = style::width(&label, &fonts.serif, text::LABEL);
    let name = style::ellipsize(&v.name, r.w - label_w - 24.0, |x| {
        style::width(x, &fonts.serif, text::TITLE)
    });
    style::text(
        &name,
        r.x,
        r.y + 24.0,
        &fonts.serif,
        text::TITLE,
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
        text::LABEL,
        fade(colour::PARCHMENT, 0.9),
    );
    bar
}

/// Ease out: fast, then settling.
pub(super) fn ease(p: f32) -> f32 {
    1.0 - (1.0 - p.clamp(0.0, 1.0)).powi(3)
}
