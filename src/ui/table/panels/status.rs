//! The traveller's status: ATK and DEF, the Health track (with the change rising from it
//! while its moment plays), the Resolve/Dread slider, Grace, the Item and Equipment slots
//! (a find glows into its slot), Companions, Snares (a Snare glows as it catches) and
//! waiting bonuses.

use super::Ctx;
use super::tracks;
use crate::core::mods;
use crate::present::stage::MomentKind;
use crate::ui::cardface;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::{StatusLayout, text};
use macroquad::prelude::*;

/// A row of the status area's lists.
pub enum ListRow {
    Heading(String, Rect),
    Empty(Rect),
    /// A name, the text its hover shows, its place, and the card.
    Entry(String, String, Rect, Option<crate::cards::CardRef>),
}

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
    super::deck::draw(cx);
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
    cardface::icon(sc.card_type, vec2(rr.x + 15.0, rr.center().y), 8.0, col);
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

/// The rows of the status area's lists (Companions, Snares, bonuses), each with its place
/// and, for entries, the text its hover shows.
pub fn lists(s: &crate::core::State, l: &crate::ui::table::layout::Layout) -> Vec<ListRow> {
    let r = l.status;
    let sl = StatusLayout::new(r);
    let (x, w) = (sl.lists.x, sl.lists.w);
    let card_tip = |c: &crate::cards::CardRef| {
        let sc = s.cards.card(*c);
        format!(
            "{} ({}): {}",
            sc.name,
            cardface::type_name(sc.card_type),
            sc.text
        )
    };
    let companions: Vec<(String, String, Option<crate::cards::CardRef>)> = s
        .companions
        .iter()
        .map(|f| {
            let mut n = s.cards.card(f.card).name.clone();
            if !f.carrying.is_empty() {
                let names: Vec<String> = f
                    .carrying
                    .iter()
                    .map(|c| s.cards.card(*c).name.clone())
                    .collect();
                n += &format!(" (carries {})", names.join(", "));
            }
            (n, card_tip(&f.card), Some(f.card))
        })
        .collect();
    let snares = s
        .snares
        .iter()
        .map(|c| (s.cards.card(*c).name.clone(), card_tip(c), Some(*c)))
        .collect();
    let b = s.bonus;
    let bonuses = [
        (b.next_duel, "to rolls in the next duel"),
        (b.next_test, "to the next test"),
        (b.next_heal, "to the next heal"),
    ]
    .into_iter()
    .filter(|(n, _)| *n != 0)
    .map(|(n, what)| {
        (
            format!("{n:+} {what}"),
            "A one-off bonus from a card, used up when its occasion comes.".to_string(),
            None,
        )
    })
    .collect();
    let mut out = Vec::new();
    let mut y = sl.lists.y;
    let groups: [(&str, Vec<_>, bool); 3] = [
        ("Companions", companions, true),
        ("Snares", snares, true),
        ("Waiting bonuses", bonuses, false),
    ];
    for (label, names, always) in groups {
        if (names.is_empty() && !always) || y > r.bottom() - 30.0 {
            continue;
        }
        out.push(ListRow::Heading(
            label.to_string(),
            Rect::new(x, y, w, 20.0),
        ));
        y += 23.0;
        if names.is_empty() {
            out.push(ListRow::Empty(Rect::new(x, y, w, 18.0)));
            y += 22.0;
        }
        for (n, tip, card) in names {
            if y > r.bottom() - 20.0 {
                break;
            }
            out.push(ListRow::Entry(n, tip, Rect::new(x, y - 2.0, w, 20.0), card));
            y += 20.0;
        }
        y += 8.0;
    }
    out
}
