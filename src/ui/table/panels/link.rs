//! The Guide's screen's card on the shared table: how the link stands in words (naming the
//! device that holds the Guide's seat) and the keys that give a new code, stop and restart
//! the server. Never the code or its QR code: those are behind the Guide's cover, in the
//! Guide's view. Also the card the Guide shows the traveller from the page.

use crate::guide_screen::LinkState;
use crate::ui::style::{self, Fonts, colour, fade};
use crate::ui::table::layout::{Layout, text};
use macroquad::prelude::*;

/// Draws the card over the dimmed table.
pub fn draw(link: &crate::ui::table::link::Link, fonts: &Fonts, l: &Layout) {
    draw_rectangle(0.0, 0.0, l.size.x, l.size.y, fade(BLACK, 0.65));
    let state = link.screen.state();
    let stopped = matches!(state, LinkState::Stopped { .. });
    let w = 600.0f32.min(l.size.x - 40.0);
    let h = 250.0f32.min(l.size.y - 40.0);
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
    let col = match &state {
        LinkState::Followed { .. } => colour::SEA_LIGHT,
        LinkState::Stopped { .. } => colour::EMBER,
        _ => fade(colour::PARCHMENT, 0.85),
    };
    let status = format!("Now: {state}.");
    let say = if stopped {
        "Enter starts it again at the same address and code: an open page picks up by itself."
    } else {
        "Its code and QR code are only in the Guide's view: Guide, hold Tab (the traveller looks away). A device that asks to join is named there, and the Guide accepts it with its key."
    };
    let mut y = r.y + 66.0;
    for (line, c) in [(status.as_str(), col), (say, colour::PARCHMENT)] {
        y += crate::ui::cardface::text_block(
            line,
            Rect::new(r.x + 30.0, y, r.w - 60.0, 90.0),
            &fonts.serif,
            text::BODY,
            text::SMALL,
            c,
        ) + 10.0;
    }
    let keys = if stopped {
        "Enter  Start again  ·  any other key or click goes back to the table"
    } else {
        "R  New code (frees the seat)  ·  S  Stop serving  ·  any other key goes back"
    };
    let size = style::fit_size(keys, &fonts.italic, text::SMALL, 12, r.w - 30.0);
    style::text_centred(
        keys,
        cx,
        r.bottom() - 16.0,
        &fonts.italic,
        size,
        style::dim(),
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
