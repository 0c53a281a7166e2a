//! The Domain band: the Domain's title card with its scene text, the deck with its count,
//! the discard with its top card.

use super::Ctx;
use crate::ui::cardface;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

pub fn draw(cx: &Ctx) {
    // The Guardian's stage covers the band.
    if super::reveal::on_stage(cx.scene, cx.moment) {
        return;
    }
    let s = cx.s();
    let fonts = cx.fonts;
    let band = cx.l.band();
    let (title, deck, discard) = (band.title, band.deck, band.discard);
    let d = s.cards.domain(s.domain);
    style::card(
        title,
        9.0,
        2.0,
        mix(colour::TILE, colour::GOLD, 0.08),
        colour::GOLD,
    );
    let name_size = style::fit_size(&d.name, &fonts.serif, 28, text::LABEL, title.w - 24.0);
    style::text(
        &d.name,
        title.x + 12.0,
        title.y + 31.0,
        &fonts.serif,
        name_size,
        colour::GOLD,
    );
    let mut sub = format!(
        "Domain · {} cleared so far · {} flips",
        s.cleared.len(),
        s.flips
    );
    if !s.rules.is_off() {
        sub.push_str(&format!(" · {}", s.rules.label()));
    }
    let sub = style::ellipsize(&sub, title.w - 24.0, |x| {
        style::width(x, &fonts.italic, text::SMALL)
    });
    style::text(
        &sub,
        title.x + 12.0,
        title.y + 52.0,
        &fonts.italic,
        text::SMALL,
        fade(colour::PARCHMENT, 0.8),
    );
    cardface::text_block(
        &d.text,
        Rect::new(
            title.x + 12.0,
            title.y + 60.0,
            title.w - 24.0,
            title.h - 66.0,
        ),
        &fonts.serif,
        text::BODY,
        text::SMALL,
        colour::PARCHMENT,
    );
    let left = s.deck.len();
    if left > 0 {
        for k in (1..left.min(4)).rev() {
            let o = k as f32 * 2.0;
            style::card(
                Rect::new(deck.x + o, deck.y - o, deck.w, deck.h),
                8.0,
                1.0,
                colour::TILE,
                fade(colour::GOLD, 0.3),
            );
        }
        cardface::draw_back(
            deck,
            fonts,
            "",
            false,
            cardface::domain_back(&s.cards, s.domain),
        );
    } else {
        style::rounded_outline(deck, 8.0, 1.0, fade(style::dim(), 0.5));
    }
    style::text_centred(
        &format!("Deck {left}"),
        deck.center().x,
        deck.bottom() + 18.0,
        &fonts.serif,
        text::LABEL,
        colour::PARCHMENT,
    );
    match s.discard.last() {
        Some(c) => {
            let sc = s.cards.card(*c);
            cardface::draw_face(discard, &cardface::station_face(sc), fonts, false);
        }
        None => style::rounded_outline(discard, 8.0, 1.0, fade(style::dim(), 0.5)),
    }
    style::text_centred(
        &format!("Discard {}", s.discard.len()),
        discard.center().x,
        discard.bottom() + 18.0,
        &fonts.serif,
        text::LABEL,
        colour::PARCHMENT,
    );
}
