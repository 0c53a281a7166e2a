//! The card in play: the Guardian's card face, and a card held up to be read (the
//! Guardian's own stage is `reveal`'s).

use super::Ctx;
use crate::ui::cardface::{self, Face};
use crate::ui::hints::{Key, name};
use crate::ui::style::{self, colour, fade};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// The Guardian's card face (its duel's card: its rules with its faces).
pub fn guardian_face(cards: &crate::cards::CardSet) -> Face<'_> {
    let g = &cards.guardian;
    Face {
        name: &g.name,
        kind: None,
        kind_text: "Guardian",
        text: &g.text,
        flavor: g.flavor.as_deref(),
        stats: Some(format!("HP {} · DEF {}", g.hp, g.def)),
        art: crate::cards::art::named(g.art.as_ref()),
    }
}

/// A card that resolved by itself, held up to be read: the card at full size in the
/// stage, its effect beside it, and how to go on.
pub fn draw_read(cx: &Ctx, card: crate::cards::CardRef) {
    let s = cx.s();
    let fonts = cx.fonts;
    let st = cx.l.stage;
    let grow = cx.moment.map_or(1.0, |m| m.lead_progress());
    let h = (st.h - 16.0) * (0.85 + 0.15 * grow);
    let w = h / 1.4;
    let r = Rect::new(st.x + 8.0, st.center().y - h / 2.0, w, h);
    let sc = s.cards.card(card);
    cardface::draw_face(r, &cardface::station_face(sc), fonts, true);
    let side = Rect::new(
        r.right() + 20.0,
        st.y + 10.0,
        st.right() - r.right() - 30.0,
        st.h - 20.0,
    );
    // The face says the card's name, text and flavor; beside it, only what it did (the
    // log since it was flipped) and the rules of its keywords: each thing said once.
    let mut y = side.y + 8.0;
    let did = crate::present::view::what_it_did(cx.scene, card);
    style::text(
        "What it did",
        side.x,
        y + 14.0,
        &fonts.italic,
        text::LABEL,
        fade(colour::PARCHMENT, 0.8),
    );
    y += 24.0;
    let said = if did.is_empty() {
        crate::present::view::NOTHING_CHANGES.to_string()
    } else {
        did.join(" ")
    };
    y += cardface::text_block(
        &said,
        Rect::new(side.x, y, side.w, (side.bottom() - y - 150.0).max(40.0)),
        &fonts.serif,
        22,
        text::BODY,
        colour::GOLD,
    ) + 14.0;
    for e in crate::present::glossary::keywords_in(&sc.text)
        .into_iter()
        .take(2)
    {
        let line = format!("{}: {}", e.word, e.rule);
        y += cardface::text_block(
            &line,
            Rect::new(side.x, y, side.w, (side.bottom() - y - 36.0).max(20.0)),
            &fonts.italic,
            text::LABEL,
            text::SMALL,
            fade(colour::PARCHMENT, 0.8),
        ) + 8.0;
    }
    if cx.moment.is_some_and(|m| m.holding()) {
        let pulse = 0.65 + 0.35 * (cx.t * 2.5).sin().abs();
        let hint = match cx.reading_left {
            _ if s.guide => format!(
                "Guide, read it aloud · {} or click to go on",
                name(Key::Any)
            ),
            Some(left) => format!(
                "Goes on by itself in {:.0} s · {} now",
                left.ceil(),
                name(Key::Any)
            ),
            None => "Any key or click to go on".to_string(),
        };
        style::text(
            &hint,
            side.x,
            side.bottom() - 8.0,
            &fonts.italic,
            text::LABEL,
            fade(colour::GOLD, pulse),
        );
    }
}
