//! The stage in the centre of the table: the row of three (a card turning over in its
//! slot), the card in play with its duel, test or choice beside it, the route choice, the
//! Guardian's stage, or a card held up to be read.

use super::{Ctx, card, choice, duel, notes, route, test};
use crate::cards::CardRef;
use crate::core::state::Phase;
use crate::core::{Action, Observation, Slot, legal_actions};
use crate::present::stage::MomentKind;
use crate::ui::cardface;
use crate::ui::style::{self, colour, fade};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

pub fn draw(cx: &Ctx) {
    let s = cx.s();
    if let Some(MomentKind::Read { card }) = cx.moment.map(|m| &m.kind) {
        card::draw_read(cx, *card);
        return;
    }
    let flipping = match cx.moment.map(|m| (&m.kind, m)) {
        Some((MomentKind::Flip { slot, card }, m)) => Some((*slot, *card, m.lead_progress())),
        _ => None,
    };
    if s.phase == Phase::Route && flipping.is_none() {
        route::draw_route(cx);
        return;
    }
    // A finished run's end panel stands alone on the stage: no row under it.
    if s.phase == Phase::Over && !cx.busy {
        return;
    }
    // The Guardian has a stage of its own: the crossing, its reveal, its duel.
    if super::reveal::on_stage(cx.scene, cx.moment) {
        if duel::foe_on_stage(cx) == Some(None) {
            duel::draw_guardian(cx);
        } else {
            super::reveal::draw(cx);
        }
        return;
    }
    let obs = Observation::of(s);
    let show_row = s.phase == Phase::Explore
        || looking(s)
        || (flipping.is_some() && flipping.is_some_and(|(_, _, p)| p < 1.0))
        || (s.phase == Phase::Over && obs.resolving().is_none() && s.duel().is_none());
    if show_row {
        draw_row(cx, flipping);
        return;
    }
    let (card_r, panel) = cx.l.resolving();
    // The foe of a duel, also through its last moment and while its
    // defeated card is still on the stage.
    if let Some(foe) = duel::foe_on_stage(cx) {
        duel::draw_foe(cx, card_r, foe);
        duel::draw(cx, panel);
        return;
    }
    if let Phase::Choice(choice) = &s.phase {
        choice::draw_choice(cx, &choice.kind, card_r, panel);
        return;
    }
    if let Some(c) = obs.resolving() {
        let sc = s.cards.card(c);
        cardface::draw_face(card_r, &cardface::station_face(sc), cx.fonts, true);
        if !test::draw(cx, panel) {
            notes::draw_notes(cx, panel, sc);
        }
    }
}

/// House rule `paid-peek`: on a face-down card before the flip, its peek's key and price
/// (greyed when it cannot be paid now).
fn peek_tag(cx: &Ctx, r: Rect, slot: u8, offered: &[Action]) {
    let s = cx.s();
    let (Some(price), Phase::Explore) = (s.rules.paid_peek, &s.phase) else {
        return;
    };
    let peek = Action::Peek { slot, price };
    let open = offered.contains(&peek);
    let key = cx
        .frame
        .geometry
        .buttons
        .iter()
        .find(|b| b.action.as_ref() == Some(&peek))
        .and_then(|b| b.key.clone())
        .map_or(String::new(), |k| format!("{k}: "));
    let label = format!("{key}peek · {}", price.words());
    let size = text::SMALL;
    let band = Rect::new(r.x + 6.0, r.y + 8.0, r.w - 12.0, 24.0);
    draw_rectangle(band.x, band.y, band.w, band.h, fade(BLACK, 0.55));
    let ink = if open {
        colour::GOLD
    } else {
        fade(colour::PARCHMENT, 0.45)
    };
    // A narrow card keeps the key and the price, never a cut word.
    let forms = [label, format!("{key}{}", price.words())];
    let label = super::tables::shortest_fit(&forms, band.w - 8.0, |x| {
        style::width(x, &cx.fonts.italic, size)
    });
    style::text_centred(
        &label,
        band.center().x,
        band.bottom() - 7.0,
        &cx.fonts.italic,
        size,
        ink,
    );
}

/// Whether a card asks to look at (or turn up) one of the row's face-down cards: the row
/// stays in view to choose from, by its numbers or a click.
pub fn looking(s: &crate::core::State) -> bool {
    matches!(&s.phase, Phase::Choice(c) if matches!(c.kind, crate::core::state::ChoiceKind::Look { .. }))
}

/// The row of three: face down with their number, a known card's face, an empty outline;
/// the card being flipped turns over in its slot.
fn draw_row(cx: &Ctx, flipping: Option<(u8, CardRef, f32)>) {
    let s = cx.s();
    let back = cardface::domain_back(&s.cards, s.domain);
    let obs = Observation::of(s);
    let offered = if cx.busy {
        Vec::new()
    } else {
        legal_actions(s)
    };
    for (i, r) in cx.l.slots().iter().enumerate() {
        let slot = i as u8;
        let can_flip =
            offered.contains(&Action::Flip { slot }) || offered.contains(&Action::Look { slot });
        let hover = can_flip && r.contains(cx.mouse);
        let mut r = *r;
        if hover {
            r.y -= 6.0;
        }
        if let Some((slot, card, p)) = flipping
            && slot as usize == i
        {
            // Lift, shrink to an edge, open on the face.
            let sx = (1.0 - 2.0 * p).abs().max(0.04);
            let lift = (p * std::f32::consts::PI).sin() * 14.0;
            let fr = Rect::new(r.center().x - r.w * sx / 2.0, r.y - lift, r.w * sx, r.h);
            if p < 0.5 {
                cardface::draw_back(fr, cx.fonts, "", true, back);
            } else {
                cardface::draw_face(
                    fr,
                    &cardface::station_face(s.cards.card(card)),
                    cx.fonts,
                    true,
                );
            }
            continue;
        }
        match obs.slot(i) {
            Slot::Empty => style::rounded_outline(r, 9.0, 1.0, fade(style::dim(), 0.5)),
            Slot::Hidden => {
                cardface::draw_back(r, cx.fonts, &format!("{}", i + 1), hover, back);
                peek_tag(cx, r, slot, &offered);
            }
            Slot::Known(c) => {
                cardface::draw_face(r, &cardface::station_face(s.cards.card(c)), cx.fonts, hover)
            }
        }
    }
    use crate::ui::hints::{Key, name, on_pad};
    let hint = match &s.phase {
        Phase::Choice(c) => match c.kind {
            crate::core::state::ChoiceKind::Look { face_up: true, .. } if on_pad() => format!(
                "{} to a face-down card, {} to turn it face up.",
                name(Key::Move),
                name(Key::Confirm)
            ),
            crate::core::state::ChoiceKind::Look { face_up: true, .. } => {
                "Click a face-down card or press its number to turn it face up.".into()
            }
            _ if on_pad() => format!(
                "{} to a face-down card, {} to look at it.",
                name(Key::Move),
                name(Key::Confirm)
            ),
            _ => "Click a face-down card or press its number to look at it.".into(),
        },
        _ if on_pad() => format!(
            "{} to a card, {} to flip it.",
            name(Key::Move),
            name(Key::Confirm)
        ),
        _ => "Click a card or press 1, 2 or 3 to flip it.".into(),
    };
    if (s.phase == Phase::Explore || looking(s)) && !cx.busy {
        style::text_centred(
            &hint,
            cx.l.stage.center().x,
            cx.l.stage.bottom() - 12.0,
            &cx.fonts.italic,
            text::LABEL,
            fade(colour::PARCHMENT, 0.8),
        );
    }
}
