//! The dice decks' indicator, in a run whose dice are dealt from a deck: each side's half in
//! use as a small stack of cards with the number of results left on it, at the right of the
//! ATK/DEF line. Hovering a stack lists the faces still in that half (see [`tips`]).

use super::Ctx;
use crate::core::State;
use crate::core::dice::{DiceDeck, Side};
use crate::core::rules::DECK_HALF;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::{Layout, StatusLayout, text};
use macroquad::prelude::*;

/// The two stacks' places: the traveller's, then the foes'.
pub fn rects(l: &Layout) -> [Rect; 2] {
    let row = StatusLayout::new(l.status).atk_def;
    let (w, h, gap) = (64.0, 24.0, 6.0);
    let right = l.status.right() - 12.0;
    let foe = Rect::new(right - w, row.y, w, h);
    let traveller = Rect::new(foe.x - gap - w, row.y, w, h);
    [traveller, foe]
}

const SIDES: [(Side, &str); 2] = [(Side::Traveller, "you"), (Side::Foe, "foe")];

/// Draws both stacks (nothing when the dice are rolled).
pub fn draw(cx: &Ctx) {
    let Some(deck) = cx.s().dice.deck() else {
        return;
    };
    for ((side, label), r) in SIDES.iter().zip(rects(cx.l)) {
        let left = deck.side(*side).left();
        let hover = r.contains(cx.mouse);
        let col = match side {
            Side::Traveller => colour::GOLD,
            Side::Foe => colour::EMBER,
        };
        style::text(
            label,
            r.x,
            r.y + 17.0,
            &cx.fonts.italic,
            text::SMALL,
            fade(colour::PARCHMENT, if hover { 1.0 } else { 0.75 }),
        );
        // A stack: one card edge behind per four results left, the top card with the count
        // (in the mono face: the serif's old-style 1 reads as an I at this size).
        let card = Rect::new(r.right() - 26.0, r.y, 24.0, r.h);
        let behind = left.div_ceil(4).saturating_sub(1);
        for k in (1..=behind).rev() {
            let off = k as f32 * 2.5;
            style::card(
                Rect::new(card.x - off, card.y + off * 0.4, card.w, card.h),
                3.0,
                1.0,
                colour::TILE,
                fade(col, 0.5),
            );
        }
        style::card(card, 3.0, 1.5, mix(colour::TILE, col, 0.18), col);
        style::text_centred(
            &left.to_string(),
            card.center().x,
            card.y + 17.0,
            &cx.fonts.mono,
            text::SMALL,
            if left * 4 <= DECK_HALF {
                colour::WARNING
            } else {
                colour::PARCHMENT
            },
        );
    }
}

/// What hovering each stack says: the half in use, the results left and which faces.
pub fn tips(s: &State, l: &Layout) -> Vec<(Rect, String)> {
    let Some(deck) = s.dice.deck() else {
        return Vec::new();
    };
    let guide = s.guide;
    SIDES
        .iter()
        .zip(rects(l))
        .map(|((side, _), r)| (r, tip(deck, *side, guide)))
        .collect()
}

fn tip(deck: &DiceDeck, side: Side, guide: bool) -> String {
    let d = deck.side(side);
    let faces: Vec<String> = d.faces_left().iter().map(|f| f.to_string()).collect();
    let whose = match (side, guide) {
        (Side::Traveller, _) => "Your dice deck (duel, test and reroll dice)",
        (Side::Foe, false) => "The foes' dice deck (their duel dice and rerolls)",
        (Side::Foe, true) => "The foes' dice deck, dealt by the Guide",
    };
    format!(
        "{whose}, half {}: {} of {DECK_HALF} results left: {}. A result dealt stays out until the half is spent; then it is shuffled back and play moves to the other half.",
        if d.half() == 0 { "A" } else { "B" },
        d.left(),
        faces.join(" "),
    )
}
