//! The Domain band: the Domain's title card with its scene text, the deck with its count,
//! the discard with its top card, drawn from the band laid out in the frame
//! ([`crate::ui::table::band`]).

use super::Ctx;
use crate::ui::cardface;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// Draws the band as laid out in the frame (nothing while the Guardian's stage covers it).
pub fn draw(cx: &Ctx) {
    let Some(b) = &cx.frame.geometry.band else {
        return;
    };
    let s = cx.s();
    let fonts = cx.fonts;
    let title = b.title;
    style::card(
        title,
        9.0,
        2.0,
        mix(colour::TILE, colour::GOLD, 0.08),
        colour::GOLD,
    );
    let name_size = style::fit_size(&b.name, &fonts.serif, 28, text::LABEL, title.w - 24.0);
    style::text(
        &b.name,
        title.x + 12.0,
        title.y + 31.0,
        &fonts.serif,
        name_size,
        colour::GOLD,
    );
    let line = style::ellipsize(&b.line, title.w - 24.0, |x| {
        style::width(x, &fonts.italic, text::SMALL)
    });
    style::text(
        &line,
        title.x + 12.0,
        title.y + 52.0,
        &fonts.italic,
        text::SMALL,
        fade(colour::PARCHMENT, 0.8),
    );
    cardface::text_block(
        &b.text,
        b.text_rect,
        &fonts.serif,
        text::BODY,
        text::SMALL,
        colour::PARCHMENT,
    );
    let deck = b.deck.rect;
    if b.deck.count > 0 {
        for k in (1..b.deck.count.min(4)).rev() {
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
    match b.top {
        Some(c) => {
            let sc = s.cards.card(c);
            cardface::draw_face(b.discard.rect, &cardface::station_face(sc), fonts, false);
        }
        None => style::rounded_outline(b.discard.rect, 8.0, 1.0, fade(style::dim(), 0.5)),
    }
    for p in [&b.deck, &b.discard] {
        style::text_centred(
            &p.label,
            p.label_at.x,
            p.label_at.y,
            &fonts.serif,
            text::LABEL,
            colour::PARCHMENT,
        );
    }
}
