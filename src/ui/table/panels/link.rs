//! The Guide's screen's card: its address and a QR code to scan with a phone, and
//! whether a page follows the run.

use crate::ui::style::{self, Fonts, colour, fade};
use crate::ui::table::layout::{Layout, text};
use macroquad::prelude::*;

/// Draws the card over the dimmed table; `qr` is a square of dark (true) modules.
pub fn draw(url: &str, qr: &[Vec<bool>], connected: bool, fonts: &Fonts, l: &Layout) {
    draw_rectangle(0.0, 0.0, l.size.x, l.size.y, fade(BLACK, 0.65));
    let w = 560.0f32.min(l.size.x - 40.0);
    let h = 640.0f32.min(l.size.y - 40.0);
    let r = Rect::new((l.size.x - w) / 2.0, (l.size.y - h) / 2.0, w, h);
    style::card(r, 12.0, 2.0, colour::TILE, colour::GUIDE);
    let cx = r.center().x;
    style::text_centred(
        "The Guide's screen",
        cx,
        r.y + 44.0,
        &fonts.serif,
        text::BIG - 4,
        colour::GUIDE,
    );
    let say = "The Guide scans this with a phone on the same network, or opens the address on a second computer.";
    let used = crate::ui::cardface::text_block(
        say,
        Rect::new(r.x + 30.0, r.y + 62.0, r.w - 60.0, 50.0),
        &fonts.serif,
        text::BODY,
        text::SMALL,
        colour::PARCHMENT,
    );
    // The code on a light square with a quiet zone, as scanners expect.
    let top = r.y + 70.0 + used;
    // Room for the code, its quiet zone (two modules each side) and three lines below.
    let n = qr.len().max(1) as f32;
    let room = (r.bottom() - top - 110.0).min(r.w - 120.0).max(120.0);
    let cell = (room / (n + 4.0)).floor().max(1.0);
    let (side, pad) = (cell * n, cell * 2.0);
    let q = Rect::new(cx - side / 2.0, top + pad + 4.0, side, side);
    draw_rectangle(
        q.x - pad,
        q.y - pad,
        q.w + pad * 2.0,
        q.h + pad * 2.0,
        WHITE,
    );
    for (y, row) in qr.iter().enumerate() {
        for (x, &dark) in row.iter().enumerate() {
            if dark {
                let (px, py) = (q.x + x as f32 * cell, q.y + y as f32 * cell);
                draw_rectangle(px, py, cell, cell, BLACK);
            }
        }
    }
    let y = q.bottom() + pad + 30.0;
    let shown = style::ellipsize(url, r.w - 40.0, |s| {
        style::width(s, &fonts.mono, text::LABEL)
    });
    style::text_centred(&shown, cx, y, &fonts.mono, text::LABEL, colour::PARCHMENT);
    let (status, col) = if connected {
        ("A Guide's screen is following the run.", colour::SEA_LIGHT)
    } else {
        (
            "Waiting for the Guide's screen…",
            fade(colour::PARCHMENT, 0.8),
        )
    };
    style::text_centred(status, cx, y + 30.0, &fonts.italic, text::BODY, col);
    style::text_centred(
        "Any key or click goes back to the table",
        cx,
        r.bottom() - 16.0,
        &fonts.italic,
        text::SMALL,
        style::dim(),
    );
}
