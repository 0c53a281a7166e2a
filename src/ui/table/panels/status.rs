//! The traveller's status: ATK and DEF, the Health track (with the change rising from it
//! while its moment plays), the Resolve/Dread slider, Grace, the Item and Equipment slots
//! (a find glows into its slot), Companions, Snares (a Snare glows as it catches) and
//! waiting bonuses.

use super::Ctx;
use super::lists::{ListRow, lists};
use super::tracks;
use crate::core::mods;
use crate::present::stage::MomentKind;
use crate::ui::cardface;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::{StatusLayout, text};
use macroquad::prelude::*;

pub fn draw(cx: &Ctx) {
    let s = cx.s();
    let fonts = cx.fonts;
    let r = cx.l.status;
    let sl = StatusLayout::new(r);
    let m = mods(s);
    let x = r.x + 14.0;
    let name = style::ellipsize(&s.cards.traveller.name, r.w - 28.0, |t| {
        style::width(t, &fonts.serif, text::TITLE)
    });
    style::text(
        &name,
        x,
        r.y + 30.0,
        &fonts.serif,
        text::TITLE,
        colour::GOLD,
    );
    style::text(
        &format!("ATK {}   DEF {}", m.atk, m.def),
        x,
        r.y + 56.0,
        &fonts.serif,
        text::BODY,
        colour::PARCHMENT,
    );
    tracks::draw_health(cx, &sl);
    super::dice_deck::draw(cx);
    tracks::draw_marker(cx, &sl);
    style::text(
        "Grace",
        x,
        sl.grace.y + 17.0,
        &fonts.serif,
        text::BODY,
        colour::PARCHMENT,
    );
    let grace_moment = cx.playing(|k| matches!(k, MomentKind::Grace { .. }));
    for k in 0..3u8 {
        let c = vec2(x + 76.0 + k as f32 * 28.0, sl.grace.y + 11.0);
        if k < s.grace {
            let glow = grace_moment.is_some() && k + 1 == s.grace;
            if glow {
                style::glow(c, 18.0, fade(colour::GOLD, 0.5));
            }
            style::diamond(c, 10.0, colour::GOLD);
        } else {
            style::diamond(c, 10.0, fade(style::dim(), 0.45));
        }
    }
    let taken = cx
        .playing(|k| matches!(k, MomentKind::Taken { .. }))
        .and_then(|m| match m.kind {
            MomentKind::Taken { card } => Some((card, m.tail_progress())),
            _ => None,
        });
    for (label, held, rects) in [
        ("Items", &s.items, sl.items),
        ("Equipment", &s.equipment, sl.equipment),
    ] {
        style::text(
            label,
            x,
            rects[0].y - 7.0,
            &fonts.serif,
            text::BODY,
            colour::PARCHMENT,
        );
        for (i, rr) in rects.iter().enumerate() {
            match held.get(i) {
                Some(c) => {
                    if let Some((card, p)) = taken
                        && card == *c
                    {
                        style::glow(rr.center(), rr.w * 0.6, fade(colour::GOLD, 0.5 * (1.0 - p)));
                    }
                    draw_slot(cx, *rr, *c);
                }
                None => {
                    style::rounded_outline(*rr, 6.0, 1.0, fade(style::dim(), 0.5));
                    style::text(
                        "empty",
                        rr.x + 10.0,
                        rr.center().y + 5.0,
                        &fonts.italic,
                        text::SMALL,
                        mix(style::dim(), colour::PARCHMENT, 0.3),
                    );
                }
            }
        }
    }
    let caught = cx
        .playing(|k| matches!(k, MomentKind::SnareCaught { .. }))
        .and_then(|m| match m.kind {
            MomentKind::SnareCaught { card } => Some((card, m.tail_progress())),
            _ => None,
        });
    for row in lists(s, cx.l) {
        match row {
            ListRow::Heading(label, r) => {
                style::text(
                    &label,
                    r.x,
                    r.y + 15.0,
                    &fonts.serif,
                    text::BODY,
                    colour::PARCHMENT,
                );
            }
            ListRow::Empty(r) => {
                style::text(
                    "none",
                    r.x + 8.0,
                    r.y + 13.0,
                    &fonts.italic,
                    text::SMALL,
                    mix(style::dim(), colour::PARCHMENT, 0.3),
                );
            }
            ListRow::Entry(n, _, r, card) => {
                if let (Some((c, p)), Some(card)) = (caught, card)
                    && c == card
                {
                    style::rounded_rect(r, 4.0, fade(colour::ERROR, 0.5 * (1.0 - p)));
                }
                let line = style::ellipsize(&n, r.w - 16.0, |t| {
                    style::width(t, &fonts.serif, text::LABEL)
                });
                style::text(
                    &format!("· {line}"),
                    r.x + 4.0,
                    r.y + 14.0,
                    &fonts.serif,
                    text::LABEL,
                    colour::PARCHMENT,
                );
            }
        }
    }
}

fn draw_slot(cx: &Ctx, rr: Rect, c: crate::cards::CardRef) {
    let s = cx.s();
    let sc = s.cards.card(c);
    let spent = s.is_spent(c);
    let col = cardface::type_colour(sc.card_type);
    style::card(
        rr,
        6.0,
        1.5,
        mix(colour::TILE, col, 0.15),
        if spent { fade(col, 0.4) } else { col },
    );
    // The card's picture where it has one (the type keeps the frame's colour), else the
    // type's emblem.
    let at = vec2(rr.x + 15.0, rr.center().y);
    let drawn = crate::cards::art::named(sc.art.as_ref()).is_some_and(|a| {
        crate::ui::art::draw(a, at, (rr.h - 8.0).min(22.0), cardface::art_ink(col))
    });
    if !drawn {
        cardface::icon(sc.card_type, at, 8.0, col);
    }
    let name = style::ellipsize(&sc.name, rr.w - 34.0, |t| {
        style::width(t, &cx.fonts.serif, text::LABEL)
    });
    let ink = if spent {
        fade(colour::PARCHMENT, 0.6)
    } else {
        colour::PARCHMENT
    };
    style::text(
        &name,
        rr.x + 28.0,
        rr.center().y + 5.0,
        &cx.fonts.serif,
        text::LABEL,
        ink,
    );
}
