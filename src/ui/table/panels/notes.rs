//! Beside a card with no dice: its kind of choice in a few words (Terror options with
//! their costs, the swap dialog, a foe's faces) and what it offers.

use super::Ctx;
use crate::cards::model::{StationCard, StationType};
use crate::core::state::Phase;
use crate::core::{Action, legal_actions};
use crate::present::stage::MomentKind;
use crate::ui::cardface;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// Beside a card with no dice: its kind of choice in a few words, and what it offers.
pub fn draw_notes(cx: &Ctx, r: Rect, sc: &StationCard) {
    let s = cx.s();
    let fonts = cx.fonts;
    let mut y = r.y + 6.0;
    let head = match sc.card_type {
        StationType::Terror => "Terror: choose one. Each would leave you with:",
        StationType::Rest => "A Rest: spend Resolve for Grace or Health.",
        StationType::Foe => "A foe bars the way.",
        StationType::Item | StationType::Equipment => {
            "Take it into a free slot, swap, or leave it."
        }
        StationType::Companion => "Someone would follow you.",
        _ => "",
    };
    if !head.is_empty() {
        y += cardface::text_block(
            head,
            Rect::new(r.x, y, r.w, 52.0),
            &fonts.serif,
            text::TITLE,
            text::BODY,
            colour::GOLD,
        ) + 8.0;
    }
    if sc.card_type == StationType::Terror {
        let offered = legal_actions(s);
        let chosen = cx
            .playing(|k| *k == MomentKind::Chosen)
            .and_then(|m| match &m.event {
                Some(crate::core::Event::TerrorChosen { option, .. }) => Some(*option as usize),
                _ => None,
            });
        // The options' labels and costs are on the buttons and the card: here, what each
        // would leave the traveller with (said once, and not said twice).
        for i in 0..sc.options.len() {
            let a = Action::Choose { option: i as u8 };
            let ok = offered.contains(&a) || chosen.is_some();
            let what = if !ok {
                "cannot pay".to_string()
            } else {
                crate::present::odds::after(s, &a).unwrap_or_else(|| "depends on a roll".into())
            };
            // The number is the button's; its label and cost are on it.
            let line = format!("{}: {what}.", i + 1);
            let c = match chosen {
                Some(k) if k == i => colour::GOLD,
                Some(_) => fade(style::dim(), 0.8),
                None if ok => colour::PARCHMENT,
                None => mix(style::dim(), colour::PARCHMENT, 0.3),
            };
            y += cardface::text_block(
                &line,
                Rect::new(r.x, y, r.w, 64.0),
                &fonts.serif,
                text::BODY,
                text::SMALL,
                c,
            ) + 10.0;
        }
    }
    if matches!(s.phase, Phase::Offer { .. }) {
        let (kind, held) = if sc.card_type == StationType::Equipment {
            ("Equipment", &s.equipment)
        } else {
            ("Items", &s.items)
        };
        if held.len() >= 2 {
            let head = format!("Your {kind} slots are full. Swap one for this card, or leave it:");
            y += cardface::text_block(
                &head,
                Rect::new(r.x, y, r.w, 52.0),
                &fonts.serif,
                text::BODY,
                text::SMALL,
                colour::WARNING,
            ) + 10.0;
            let w = (r.w - 12.0) / 2.0;
            let h = (r.bottom() - y - 6.0).clamp(40.0, w * 1.4);
            for (i, c) in held.iter().enumerate() {
                let cr = Rect::new(r.x + i as f32 * (w + 12.0), y, w, h);
                cardface::draw_face(cr, &cardface::station_face(s.cards.card(*c)), fonts, false);
            }
        }
    }
}
