//! The Guide's screen's card: how the link stands in words, the address and a QR code to
//! scan while no phone holds the Guide's seat (once one does, they are behind the Guide's
//! cover, not on the shared screen), and the keys that release the seat or stop and
//! restart the server. Also the card the Guide shows the traveller from the page.

use crate::guide_screen::LinkState;
use crate::ui::style::{self, Fonts, colour, fade};
use crate::ui::table::layout::{Layout, text};
use macroquad::prelude::*;

/// Draws the card over the dimmed table.
pub fn draw(link: &crate::ui::table::link::Link, fonts: &Fonts, l: &Layout) {
    draw_rectangle(0.0, 0.0, l.size.x, l.size.y, fade(BLACK, 0.65));
    let state = link.screen.state();
    let stopped = matches!(state, LinkState::Stopped { .. });
    let seated = link.screen.seat_claimed();
    let show_code = !seated && !stopped;
    let w = 560.0f32.min(l.size.x - 40.0);
    let h = if show_code { 640.0f32 } else { 240.0 }.min(l.size.y - 40.0);
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
    let (status, col) = match &state {
        LinkState::Followed => (format!("Now: {state}."), colour::SEA_LIGHT),
        LinkState::Stopped { .. } => (format!("Now: {state}."), colour::EMBER),
        _ => (format!("Now: {state}."), fade(colour::PARCHMENT, 0.85)),
    };
    let say = if stopped {
        "Enter starts it again at the same address and code: an open page picks up by itself."
    } else if seated {
        "A phone holds the Guide's seat, so its address is no longer shown here. Should the phone go quiet, the address is in the Guide's view (hold Tab)."
    } else {
        "The Guide scans this with a phone on the same network, or opens the address on a second computer. The first device to open it takes the Guide's seat."
    };
    let mut y = r.y + 66.0;
    for (line, size, c) in [
        (status.as_str(), text::BODY, col),
        (say, text::BODY, colour::PARCHMENT),
    ] {
        y += crate::ui::cardface::text_block(
            line,
            Rect::new(r.x + 30.0, y, r.w - 60.0, 80.0),
            &fonts.serif,
            size,
            text::SMALL,
            c,
        ) + 8.0;
    }
    if show_code {
        draw_code(link, fonts, Rect::new(r.x, y, r.w, r.bottom() - y - 40.0));
    }
    let keys = if stopped {
        "Enter  Start again  ·  any other key or click goes back to the table"
    } else if seated {
        "R  Free the seat  ·  S  Stop serving  ·  any other key or click goes back"
    } else {
        "S  Stop serving  ·  any other key or click goes back to the table"
    };
    style::text_centred(
        keys,
        cx,
        r.bottom() - 16.0,
        &fonts.italic,
        text::SMALL,
        style::dim(),
    );
}

/// The QR code on a light square with a quiet zone, as scanners expect, and the address
/// under it, in `r`.
fn draw_code(link: &crate::ui::table::link::Link, fonts: &Fonts, r: Rect) {
    let qr = &link.qr;
    let cx = r.center().x;
    let n = qr.len().max(1) as f32;
    let room = (r.h - 50.0).min(r.w - 120.0).max(120.0);
    let cell = (room / (n + 4.0)).floor().max(1.0);
    let (side, pad) = (cell * n, cell * 2.0);
    let q = Rect::new(cx - side / 2.0, r.y + pad + 4.0, side, side);
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
    let url = link.screen.url();
    let shown = style::ellipsize(&url, r.w - 40.0, |s| {
        style::width(s, &fonts.mono, text::LABEL)
    });
    style::text_centred(
        &shown,
        cx,
        q.bottom() + pad + 28.0,
        &fonts.mono,
        text::LABEL,
        colour::PARCHMENT,
    );
}

/// The card the Guide shows the traveller, large over the dimmed table.
pub fn draw_shown(
    cards: &crate::cards::CardSet,
    c: crate::cards::CardRef,
    fonts: &Fonts,
    l: &Layout,
) {
    draw_rectangle(0.0, 0.0, l.size.x, l.size.y, fade(BLACK, 0.7));
    let h = (l.size.y - 140.0).min(520.0);
    let w = h * 0.68;
    let r = Rect::new((l.size.x - w) / 2.0, (l.size.y - h) / 2.0 + 10.0, w, h);
    let title = "The Guide shows you this card";
    let tw = style::width(title, &fonts.serif, text::TITLE) + 36.0;
    let band = Rect::new((l.size.x - tw) / 2.0, r.y - 50.0, tw, 40.0);
    style::card(band, 8.0, 1.0, colour::TILE, fade(colour::GUIDE, 0.6));
    style::text_centred(
        title,
        l.size.x / 2.0,
        r.y - 22.0,
        &fonts.serif,
        text::TITLE,
        colour::GUIDE,
    );
    let face = crate::ui::cardface::station_face(cards.card(c));
    crate::ui::cardface::draw_face(r, &face, fonts, true);
    style::text_centred(
        "Any key or click goes back to the table",
        l.size.x / 2.0,
        r.bottom() + 30.0,
        &fonts.italic,
        text::SMALL,
        style::dim(),
    );
}
