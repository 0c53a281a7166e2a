//! The table the traveller's die reads: the combat table in force, with the row rolled
//! lit (a foe's faces are on its card: `duel::foe`).

use crate::present::words;
use crate::ui::cardface::READABLE;
use crate::ui::style::{self, Fonts, colour, fade};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// The traveller's combat table in force (its `rows`) with row `lit` highlighted.
pub fn draw_combat_table(r: Rect, rows: &[words::CombatRow], lit: Option<usize>, fonts: &Fonts) {
    style::text(
        "Your die",
        r.x,
        r.y + 15.0,
        &fonts.italic,
        text::SMALL,
        fade(colour::PARCHMENT, 0.8),
    );
    let lh = ((r.h - 22.0) / rows.len().max(1) as f32).min(28.0);
    let size = row_size(lh);
    for (i, row) in rows.iter().enumerate() {
        let y = r.y + 22.0 + i as f32 * lh;
        if lit == Some(i) {
            style::rounded_rect(
                Rect::new(r.x - 2.0, y, r.w, lh - 1.0),
                3.0,
                fade(colour::GOLD, 0.45),
            );
        }
        let line = shortest_fit(
            &[
                format!(
                    "{}  {}: {}",
                    row.faces,
                    words::strike_word(row.strike),
                    row.what
                ),
                format!("{}  {}", row.faces, row.what),
            ],
            r.w - 6.0,
            |x| style::width(x, &fonts.serif, size),
        );
        table_line(&line, r, y, lh, size, fonts);
    }
}

/// The text size for table rows `lh` apart: as large as fits the row as drawn (with the
/// player's text size), never above a label's nor below what reads in the smallest window.
pub fn row_size(lh: f32) -> u16 {
    let room = lh * 0.86 / style::look().text_scale;
    (room.floor() as u16).clamp(READABLE, text::LABEL)
}

/// The first of `forms` (longest first, each a shorter way to say the same row) that fits
/// `room`; the last if none does. A row is shortened by design, never cut mid-word.
pub fn shortest_fit(forms: &[String], room: f32, measure: impl Fn(&str) -> f32) -> String {
    forms
        .iter()
        .find(|f| measure(f) <= room)
        .or(forms.last())
        .cloned()
        .unwrap_or_default()
}

/// One row of the combat table.
fn table_line(line: &str, r: Rect, y: f32, lh: f32, size: u16, fonts: &Fonts) {
    style::text(
        line,
        r.x + 2.0,
        y + lh * 0.72,
        &fonts.serif,
        size,
        colour::PARCHMENT,
    );
}
