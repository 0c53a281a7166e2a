//! The stage in the centre of the table: the row of three (a card turning over in its
//! slot), the card in play with its duel, test or choice beside it, the route choice, the
//! Guardian's stage, or a card held up to be read.

use super::{Ctx, card, duel, map, test};
use crate::cards::CardRef;
use crate::core::state::{ChoiceKind, Phase};
use crate::core::{Action, Observation, Slot, legal_actions};
use crate::present::stage::MomentKind;
use crate::ui::cardface;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::{Layout, text};
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
        draw_route(cx);
        return;
    }
    let obs = Observation::of(s);
    let show_row = s.phase == Phase::Explore
        || (flipping.is_some() && flipping.is_some_and(|(_, _, p)| p < 1.0))
        || (s.phase == Phase::Over && obs.resolving().is_none() && s.duel().is_none());
    if show_row {
        draw_row(cx, flipping);
        return;
    }
    let (card_r, panel) = cx.l.resolving();
    if s.phase == Phase::Crossing || cx.playing(|k| *k == MomentKind::Guardian).is_some() {
        card::draw_guardian_card(cx, card_r);
        card::draw_seals(cx, panel);
        return;
    }
    // The foe (or the Guardian) of a duel, also through its last moment.
    let foe = s.duel().map(|d| d.card).or_else(|| {
        cx.playing(|k| matches!(k, MomentKind::FoeDefeated | MomentKind::FoeLeft))
            .and_then(|_| cx.scene.last_duel.as_ref().map(|d| d.card))
    });
    if let Some(foe) = foe {
        let leaving = cx
            .playing(|k| *k == MomentKind::FoeDefeated)
            .map_or(0.0, |m| m.tail_progress());
        let r = Rect::new(
            card_r.x,
            card_r.y + leaving * leaving * 40.0,
            card_r.w,
            card_r.h,
        );
        match foe {
            Some(c) => {
                cardface::draw_face(r, &cardface::station_face(s.cards.card(c)), cx.fonts, true)
            }
            None => card::draw_guardian_card(cx, r),
        }
        if let Some(m) = cx.playing(|k| matches!(k, MomentKind::FoeDefeated | MomentKind::FoeLeft))
        {
            // The card darkens and leaves, stamped with what became of the foe.
            let p = m.tail_progress();
            style::rounded_rect(r, 9.0, fade(colour::TILE, 0.25 + p * 0.5));
            let beaten = m.kind == MomentKind::FoeDefeated;
            let (word, ink) = if beaten {
                ("Defeated", colour::GOLD)
            } else {
                ("Left behind", colour::WARNING)
            };
            let a = (p * 4.0).min(1.0);
            let size = text::BIG + 8 + ((1.0 - a) * 20.0) as u16;
            style::text_centred(
                word,
                r.center().x,
                r.center().y,
                &cx.fonts.serif,
                size,
                fade(ink, a),
            );
        }
        duel::draw(cx, panel);
        return;
    }
    if let Phase::Choice(choice) = &s.phase {
        draw_choice(cx, &choice.kind, card_r, panel);
        return;
    }
    if let Some(c) = obs.resolving() {
        let sc = s.cards.card(c);
        cardface::draw_face(card_r, &cardface::station_face(sc), cx.fonts, true);
        if !test::draw(cx, panel) {
            card::draw_notes(cx, panel, sc);
        }
    }
}

/// The row of three: face down with their number, a known card's face, an empty outline;
/// the card being flipped turns over in its slot.
fn draw_row(cx: &Ctx, flipping: Option<(u8, CardRef, f32)>) {
    let s = cx.s();
    let obs = Observation::of(s);
    let offered = if cx.busy {
        Vec::new()
    } else {
        legal_actions(s)
    };
    for (i, r) in cx.l.slots().iter().enumerate() {
        let can_flip = offered.contains(&Action::Flip { slot: i as u8 });
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
                cardface::draw_back(fr, cx.fonts, "", true);
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
            Slot::Hidden => cardface::draw_back(r, cx.fonts, &format!("{}", i + 1), hover),
            Slot::Known(c) => {
                cardface::draw_face(r, &cardface::station_face(s.cards.card(c)), cx.fonts, hover)
            }
        }
    }
    if s.phase == Phase::Explore && !cx.busy {
        style::text_centred(
            "Click a card or press 1, 2 or 3 to flip it.",
            cx.l.stage.center().x,
            cx.l.stage.bottom() - 12.0,
            &cx.fonts.italic,
            text::LABEL,
            fade(colour::PARCHMENT, 0.8),
        );
    }
}

/// The Domains to choose from, as cards in the stage (also clickable).
pub fn route_cards(s: &crate::core::State, l: &Layout) -> Vec<(Rect, usize)> {
    let reach = map::reachable(s);
    let n = reach.len().clamp(1, 3) as f32;
    let st = l.stage;
    let gap = 18.0;
    let w = ((st.w - 40.0 - gap * (n - 1.0)) / n).min(280.0);
    let h = (st.h - 76.0).min(w * 0.75);
    let x0 = st.center().x - (n * w + (n - 1.0) * gap) / 2.0;
    reach
        .into_iter()
        .take(3)
        .enumerate()
        .map(|(k, i)| (Rect::new(x0 + k as f32 * (w + gap), st.y + 56.0, w, h), i))
        .collect()
}

fn draw_route(cx: &Ctx) {
    let s = cx.s();
    let fonts = cx.fonts;
    style::text_centred(
        "Where next? Click a Domain here or on the map.",
        cx.l.stage.center().x,
        cx.l.stage.y + 34.0,
        &fonts.serif,
        text::TITLE,
        colour::GOLD,
    );
    for (r, i) in route_cards(s, cx.l) {
        let d = &s.cards.domains[i];
        let hover = r.contains(cx.mouse) && !cx.busy;
        let fill = mix(
            colour::TILE,
            colour::SEA_LIGHT,
            if hover { 0.2 } else { 0.08 },
        );
        style::card(
            r,
            9.0,
            2.0,
            Color::new(fill.r, fill.g, fill.b, 1.0),
            colour::SEA_LIGHT,
        );
        let inner = Rect::new(r.x + 12.0, r.y + 10.0, r.w - 24.0, 60.0);
        let used = cardface::text_block(
            &d.name,
            inner,
            &fonts.serif,
            text::TITLE,
            text::BODY,
            colour::PARCHMENT,
        );
        cardface::text_block(
            &d.theme,
            Rect::new(r.x + 12.0, r.y + 18.0 + used, r.w - 24.0, r.h - used - 28.0),
            &fonts.italic,
            text::BODY,
            text::SMALL,
            fade(colour::PARCHMENT, 0.85),
        );
    }
}

/// A choice in the middle of an effect: the card it comes from, what it is about, the
/// cards or options to choose from.
fn draw_choice(cx: &Ctx, kind: &ChoiceKind, card_r: Rect, panel: Rect) {
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
    for (i, c) in cards.iter().enumerate() {
        let r = Rect::new(area.x + 4.0 + i as f32 * (w + gap), y, w, h);
        cardface::draw_face(r, &cardface::station_face(s.cards.card(*c)), fonts, false);
    }
}
