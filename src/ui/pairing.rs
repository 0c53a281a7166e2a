//! The Guide's screen inside the Guide's view, behind the cover: the code and its QR code
//! while the Guide's seat is free, the devices asking to join with the key that accepts
//! each, and who holds the seat. None of this is ever drawn on the shared table.

use super::style::{self, Fonts, colour, fade};
use macroquad::prelude::*;

/// What the Guide's view shows of the Guide's screen.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LinkView {
    /// The join address (with its code).
    pub url: String,
    /// The address as a QR code (dark modules true).
    pub qr: Vec<Vec<bool>>,
    /// The device holding the Guide's seat, named ("Android phone K7FA").
    pub holder: Option<String>,
    /// The devices asking for the free seat, oldest first (each accepted by its key).
    pub asking: Vec<String>,
    pub stopped: bool,
    /// How the link stands, in a few words.
    pub state: String,
}

impl LinkView {
    /// Whether the view shows the code: the seat is free and the screen serves.
    pub fn pairing(&self) -> bool {
        self.holder.is_none() && !self.stopped
    }
}

/// The keys that accept the asking devices, as the view names them.
const KEYS: [&str; 3] = ["A", "B", "C"];

/// The height the pairing block takes at the top of a panel of height `h`.
pub fn block_height(h: f32) -> f32 {
    (h * 0.5).clamp(190.0, 320.0)
}

/// Draws the pairing block in `r`: the QR code on a light square at the left, and beside
/// it what to do, the address, and the devices asking with their keys.
pub fn draw_block(v: &LinkView, r: Rect, fonts: &Fonts) {
    style::card(
        r,
        8.0,
        1.0,
        fade(colour::TILE, 0.95),
        fade(colour::GUIDE, 0.6),
    );
    let pad = 12.0;
    let n = v.qr.len().max(1) as f32;
    let side = (r.h - 2.0 * pad).min(r.w * 0.42);
    let cell = (side / (n + 4.0)).floor().max(1.0);
    let quiet = cell * 2.0;
    let q = Rect::new(r.x + pad + quiet, r.y + pad + quiet, cell * n, cell * n);
    draw_rectangle(
        q.x - quiet,
        q.y - quiet,
        q.w + 2.0 * quiet,
        q.h + 2.0 * quiet,
        WHITE,
    );
    for (y, row) in v.qr.iter().enumerate() {
        for (x, &dark) in row.iter().enumerate() {
            if dark {
                draw_rectangle(
                    q.x + x as f32 * cell,
                    q.y + y as f32 * cell,
                    cell,
                    cell,
                    BLACK,
                );
            }
        }
    }
    let x = q.right() + quiet + 16.0;
    let w = r.right() - pad - x;
    let mut y = r.y + pad + 20.0;
    style::text(
        "Guide's screen: scan to join",
        x,
        y,
        &fonts.serif,
        20,
        colour::GUIDE,
    );
    y += 24.0;
    let how = "Scan with a phone on this network, or open the address. A device that asks is named below: press its key to give it the Guide's seat.";
    y += crate::ui::cardface::text_block(
        how,
        Rect::new(x, y - 14.0, w, 66.0),
        &fonts.serif,
        16,
        13,
        fade(colour::PARCHMENT, 0.85),
    ) + 4.0;
    // The address, then its code on a line of its own: both whole, to type on a computer.
    let (at, code) = v.url.split_once("/?").unwrap_or((v.url.as_str(), ""));
    for line in [at.to_string(), format!("/?{code}")] {
        let size = style::fit_size(&line, &fonts.mono, 14, 11, w);
        style::text(&line, x, y, &fonts.mono, size, fade(colour::PARCHMENT, 0.8));
        y += 18.0;
    }
    y += 10.0;
    if v.asking.is_empty() {
        style::text(
            "No device has asked yet.",
            x,
            y,
            &fonts.italic,
            16,
            fade(colour::PARCHMENT, 0.6),
        );
    }
    for (key, device) in KEYS.iter().zip(&v.asking) {
        let line = format!("{key}  accept {device}");
        let size = style::fit_size(&line, &fonts.serif, 19, 14, w);
        style::text(&line, x, y, &fonts.serif, size, colour::GOLD);
        y += 24.0;
    }
    style::text(
        "R  a new code (the old one stops joining)",
        x,
        r.bottom() - pad,
        &fonts.italic,
        14,
        fade(colour::PARCHMENT, 0.6),
    );
}

/// The one line the view gives the Guide's screen once a device holds the seat (or it is
/// stopped).
pub fn seated_line(v: &LinkView) -> String {
    match &v.holder {
        _ if v.stopped => "Guide's screen: stopped (Esc, 6 starts it again)".into(),
        Some(d) => format!("Guide's screen: {d} holds the seat  ·  R: a new code frees it"),
        None => format!("Guide's screen: {}", v.state),
    }
}
