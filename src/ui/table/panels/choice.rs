//! A choice in the middle of an effect, on the stage: the card it comes from and the
//! cards or options to choose from.

use super::Ctx;
use crate::cards::CardRef;
use crate::core::state::ChoiceKind;

use crate::ui::cardface;
use crate::ui::style::{self, colour};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// A choice in the middle of an effect: the card it comes from, what it is about, the
/// cards or options to choose from.
pub fn draw_choice(cx: &Ctx, kind: &ChoiceKind, card_r: Rect, panel: Rect) {
    let s = cx.s();
    let fonts = cx.fonts;
    let area = match crate::present::choice_card(s).or(s.resolving) {
        Some(c) => {
            cardface::draw_face(
                card_r,
                &cardface::station_face(s.cards.card(c)),
                fonts,
                true,
            );
            panel
        }
        None => cx.l.stage,
    };
    let cards: Vec<CardRef> = match kind {
        ChoiceKind::Reorder { cards }
        | ChoiceKind::Lose { cards }
        | ChoiceKind::Discard { cards, .. } => cards.clone(),
        ChoiceKind::Cleanse { .. } => s.snares.clone(),
        ChoiceKind::Guide { .. } | ChoiceKind::Look { .. } => Vec::new(),
    };
    let (head, ink) = match kind {
        ChoiceKind::Reorder { .. } => (
            "The top of the deck, top first: choose the order to put them back.",
            colour::GOLD,
        ),
        ChoiceKind::Cleanse { .. } => ("Your Snares: choose one to remove.", colour::GOLD),
        ChoiceKind::Lose { .. } => (
            "The Guide chooses which of these cards you lose.",
            colour::GUIDE,
        ),
        ChoiceKind::Guide { .. } => ("The Guide chooses what befalls you:", colour::GUIDE),
        ChoiceKind::Discard { .. } => ("Choose the card you discard to pay.", colour::GOLD),
        ChoiceKind::Look { face_up: false, .. } => {
            ("Choose a face-down card to look at.", colour::GOLD)
        }
        ChoiceKind::Look { face_up: true, .. } => {
            ("Choose a face-down card to turn face up.", colour::GOLD)
        }
    };
    let used = cardface::text_block(
        head,
        Rect::new(area.x + 4.0, area.y + 4.0, area.w - 8.0, 56.0),
        &fonts.serif,
        text::TITLE,
        text::BODY,
        ink,
    );
    let mut y = area.y + used + 14.0;
    if let ChoiceKind::Guide { options, .. } = kind {
        let room = (area.bottom() - y - 8.0) / options.len().max(1) as f32;
        for (i, o) in options.iter().enumerate() {
            style::text(
                &format!("{}", i + 1),
                area.x + 6.0,
                y + 22.0,
                &fonts.serif,
                text::TITLE,
                colour::GUIDE,
            );
            let used = cardface::text_block(
                &o.label,
                Rect::new(area.x + 34.0, y, area.w - 40.0, room - 10.0),
                &fonts.serif,
                text::BODY,
                text::SMALL,
                colour::PARCHMENT,
            );
            y += used.max(26.0) + 14.0;
        }
    }
    let n = cards.len().max(1) as f32;
    let gap = 10.0;
    let w = ((area.w - 8.0 - gap * (n - 1.0)) / n).min(190.0);
    let h = (w * 1.4).min(area.bottom() - y - 4.0);
    // Cards to put back are numbered: the buttons name orders by these numbers.
    let numbered = matches!(kind, ChoiceKind::Reorder { .. });
    let (y, h) = if numbered {
        (y + 22.0, h - 22.0)
    } else {
        (y, h)
    };
    for (i, c) in cards.iter().enumerate() {
        let r = Rect::new(area.x + 4.0 + i as f32 * (w + gap), y, w, h);
        if numbered {
            let n = (i + 1).to_string();
            style::text_centred(
                &n,
                r.center().x,
                r.y - 5.0,
                &fonts.serif,
                text::TITLE,
                colour::GOLD,
            );
        }
        cardface::draw_face(r, &cardface::station_face(s.cards.card(*c)), fonts, false);
    }
}
