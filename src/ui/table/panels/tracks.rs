//! The traveller's two tracks: Health (the change rising from it while its moment
//! plays) and the Resolve/Dread slider (the marker sliding to its new place).

use super::Ctx;
use crate::present::stage::MomentKind;
use crate::present::words;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::{StatusLayout, text};
use macroquad::prelude::*;

/// The Health track: a cell per point, the number, and the change rising from it.
pub fn draw_health(cx: &Ctx, sl: &StatusLayout) {
    let s = cx.s();
    let fonts = cx.fonts;
    let x = sl.health.x;
    style::text(
        &format!("Health {} / {}", s.health, s.max_health),
        x,
        sl.health.y - 8.0,
        &fonts.serif,
        text::BODY,
        colour::PARCHMENT,
    );
    let change = cx.moment.and_then(|m| match m.kind {
        MomentKind::Health { by } => Some((by, m.tail_progress())),
        MomentKind::Blow { to_traveller, .. } if to_traveller > 0 => {
            Some((-to_traveller, m.tail_progress()))
        }
        _ => None,
    });
    let n = s.max_health.max(1);
    let cell = sl.health.w / n as f32;
    for i in 0..n {
        let c = Rect::new(
            sl.health.x + i as f32 * cell,
            sl.health.y,
            (cell - 1.5).max(1.0),
            sl.health.h,
        );
        let on = i < s.health;
        // The cells a blow takes flash out; a heal's new cells flash in.
        let flashing = change.is_some_and(|(by, _)| {
            if by < 0 {
                i >= s.health && i < s.health - by
            } else {
                i < s.health && i >= s.health - by
            }
        });
        let col = if on {
            if s.health <= 5 {
                colour::ERROR
            } else {
                Color::from_rgba(0xd0, 0x5a, 0x5a, 255)
            }
        } else {
            fade(style::dim(), 0.3)
        };
        let col = match change {
            Some((by, p)) if flashing && by < 0 => mix(colour::PARCHMENT, col, p),
            Some((_, p)) if flashing => mix(colour::SEA_LIGHT, col, p),
            _ => col,
        };
        draw_rectangle(c.x, c.y, c.w, c.h, col);
    }
    if let Some((by, p)) = change {
        let (t, c) = if by < 0 {
            (format!("{by}"), colour::ERROR)
        } else {
            (format!("+{by}"), colour::SEA_LIGHT)
        };
        let rise = (1.0 - (1.0 - p).powi(3)) * 24.0;
        style::text_right(
            &t,
            sl.health.right(),
            sl.health.y - 10.0 - rise,
            &fonts.serif,
            text::BIG,
            fade(c, 1.0 - p.powi(3)),
        );
    }
}

/// The Resolve/Dread slider, its marker sliding while its moment plays.
pub fn draw_marker(cx: &Ctx, sl: &StatusLayout) {
    let s = cx.s();
    let fonts = cx.fonts;
    style::text(
        &format!("Resolve / Dread: {}", words::marker_words(s.marker)),
        sl.marker.x,
        sl.marker.y - 8.0,
        &fonts.serif,
        text::BODY,
        colour::PARCHMENT,
    );
    let mr = sl.marker;
    let step = mr.w / 9.0;
    let moving = cx
        .playing(|k| matches!(k, MomentKind::Marker { .. }))
        .map(|m| m.tail_progress());
    for k in -4i8..=4 {
        let cx_ = mr.x + (k + 4) as f32 * step + step / 2.0;
        let cell = Rect::new(cx_ - step / 2.0 + 1.0, mr.y, step - 2.0, mr.h);
        let base = if k < 0 {
            Color::from_rgba(0x8a, 0x4a, 0xb8, 255)
        } else if k > 0 {
            colour::SEA_LIGHT
        } else {
            style::dim()
        };
        style::rounded_rect(cell, 3.0, fade(base, if k == 0 { 0.15 } else { 0.25 }));
        if k == s.marker {
            if let Some(p) = moving {
                style::glow(cell.center(), step, fade(base, 0.6 * (1.0 - p)));
            }
            style::rounded_rect(cell, 3.0, base);
        }
        let label = if k == 0 {
            "·".to_string()
        } else {
            k.abs().to_string()
        };
        let ink = if k == s.marker {
            colour::TILE
        } else {
            fade(colour::PARCHMENT, 0.8)
        };
        style::text_centred(
            &label,
            cx_,
            mr.y + mr.h * 0.74,
            &fonts.mono,
            text::SMALL,
            ink,
        );
    }
    let dim = fade(colour::PARCHMENT, 0.7);
    style::text(
        "Dread",
        mr.x,
        mr.bottom() + 16.0,
        &fonts.italic,
        text::SMALL,
        dim,
    );
    style::text_right(
        "Resolve",
        mr.right(),
        mr.bottom() + 16.0,
        &fonts.italic,
        text::SMALL,
        dim,
    );
}
