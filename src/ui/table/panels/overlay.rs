//! What is drawn over the table: a tooltip near the pointer, the Esc menu, and the warning
//! of a failed autosave.

use crate::ui::style::{self, Fonts, colour, fade, mix};
use crate::ui::table::layout::{Layout, text};
use macroquad::prelude::*;

/// A box of explanation near the pointer (all in layout units).
pub fn tooltip(words: &str, at: Vec2, fonts: &Fonts, l: &Layout) {
    let w = 360.0f32.min(l.size.x - 20.0);
    let lines = style::wrap(words, w - 20.0, |x| {
        style::width(x, &fonts.serif, text::LABEL)
    });
    let lh = style::scaled(text::LABEL) as f32 * 1.22;
    let h = lines.len() as f32 * lh + 16.0;
    let x = (at.x + 16.0).min(l.size.x - w - 8.0).max(8.0);
    let y = if at.y + 20.0 + h > l.size.y {
        at.y - h - 8.0
    } else {
        at.y + 20.0
    };
    let r = Rect::new(x, y, w, h);
    style::card(r, 6.0, 1.0, Color::new(0.04, 0.05, 0.1, 1.0), colour::GOLD);
    let mut ly = r.y + lh;
    for line in lines {
        style::text(
            &line,
            r.x + 10.0,
            ly,
            &fonts.serif,
            text::LABEL,
            colour::PARCHMENT,
        );
        ly += lh;
    }
}

/// A failed autosave: a small warning over the top of the log panel.
pub fn save_warning(warning: &str, l: &Layout, fonts: &Fonts) {
    let msg = format!("Not saved: {warning}");
    let w = l.log.w - 16.0;
    let lines = style::wrap(&msg, w - 16.0, |x| {
        style::width(x, &fonts.serif, text::SMALL)
    });
    let lines = &lines[..lines.len().min(3)];
    let lh = style::scaled(text::SMALL) as f32 * 1.2;
    let r = Rect::new(
        l.log.x + 8.0,
        l.log.y + 8.0,
        w,
        lines.len() as f32 * lh + 10.0,
    );
    style::card(
        r,
        5.0,
        1.0,
        Color::new(0.16, 0.06, 0.04, 0.95),
        colour::WARNING,
    );
    for (i, line) in lines.iter().enumerate() {
        style::text(
            line,
            r.x + 8.0,
            r.y + lh + i as f32 * lh,
            &fonts.serif,
            text::SMALL,
            colour::WARNING,
        );
    }
}

/// The menu's entries, centred on the canvas.
pub fn menu_rects(l: &Layout, n: usize) -> Vec<Rect> {
    let w = 340.0;
    let x = l.size.x / 2.0 - w / 2.0;
    let y0 = l.size.y / 2.0 - 60.0;
    (0..n)
        .map(|i| Rect::new(x, y0 + i as f32 * 52.0, w, 44.0))
        .collect()
}

/// The Esc menu with these entries, `sel` highlighted.
pub fn menu(fonts: &Fonts, l: &Layout, sel: usize, entries: &[&str]) {
    draw_rectangle(0.0, 0.0, l.size.x, l.size.y, fade(BLACK, 0.6));
    let rects = menu_rects(l, entries.len());
    let panel = Rect::new(
        rects[0].x - 30.0,
        rects[0].y - 72.0,
        rects[0].w + 60.0,
        72.0 + 52.0 * entries.len() as f32 + 20.0,
    );
    style::card(panel, 12.0, 2.0, colour::TILE, colour::GOLD);
    style::text_centred(
        "Paused",
        panel.center().x,
        panel.y + 46.0,
        &fonts.serif,
        32,
        colour::GOLD,
    );
    for (i, (r, label)) in rects.iter().zip(entries).enumerate() {
        let on = i == sel;
        let fill = if on {
            mix(colour::TILE, colour::GOLD, 0.3)
        } else {
            colour::TILE
        };
        let border = if on {
            colour::GOLD
        } else {
            fade(colour::GOLD, 0.4)
        };
        style::card(*r, 7.0, 1.5, fill, border);
        style::text_centred(
            &format!("{}  {label}", i + 1),
            r.center().x,
            r.y + 29.0,
            &fonts.serif,
            text::TITLE - 2,
            colour::PARCHMENT,
        );
    }
}
