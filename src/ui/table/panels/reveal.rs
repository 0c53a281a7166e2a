//! The Guardian's arrival: its own stage over the Domain band and the stage (the crossing
//! is no Domain's). At the crossing its card stands with its requirements and seals by
//! name (their terms once known); when the traveller crosses, the card comes down onto
//! the table with weight (it falls, strikes, flashes and shakes, a ring spreads), then
//! each requirement and seal is checked one at a time: by what it is met or not, its
//! verdict stamped, and what an unmet one does. The pace and the words are
//! `present::reveal`'s; the checks are the reveal event's (the moment's own until it is
//! applied, so the log does not tell them first), then the scene's.

use super::Ctx;
use super::duel::fx;
use crate::core::event::SealCheck;
use crate::core::state::Phase;
use crate::present::reveal::{self, CheckWords};
use crate::present::scene::Scene;
use crate::present::stage::{Moment, MomentKind};
use crate::ui::cardface::{self, Face};
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::text;

/// How large a verdict starts as it is stamped, against its size at rest.
const VERDICT_POP: f32 = 1.7;
use macroquad::prelude::*;

/// The reveal playing: its clock (normal-speed seconds) and its checks, until the player
/// goes on from it.
fn playing<'a>(cx: &'a Ctx) -> Option<(f32, &'a [SealCheck])> {
    let m = cx.playing(|k| matches!(k, MomentKind::Guardian { .. }))?;
    let checks = match &m.event {
        Some(crate::core::Event::GuardianRevealed { checks }) => checks.as_slice(),
        _ => cx.scene.seals.as_slice(),
    };
    Some((m.t, checks))
}

/// The Guardian's card for its own stage: its name, its picture large and, in place of
/// its rules (its faces are read in its duel), its flavour.
pub fn face(cards: &crate::cards::CardSet) -> Face<'_> {
    let g = &cards.guardian;
    Face {
        name: &g.name,
        kind: None,
        kind_text: "Guardian",
        text: g.flavor.as_deref().unwrap_or(&g.text),
        flavor: None,
        stats: Some(format!("HP {} · DEF {}", g.hp, g.def)),
        art: crate::cards::art::named(g.art.as_ref()),
    }
}

/// Whether the Guardian has the stage (over the Domain band): at the crossing, through
/// its reveal and its duel, to the end of its duel's last moment.
pub fn on_stage(scene: &Scene, moment: Option<&Moment>) -> bool {
    let s = &scene.state;
    let kind = moment.map(|m| &m.kind);
    let last_was_guardian = scene.last_duel.as_ref().is_some_and(|d| d.card.is_none());
    s.phase == Phase::Crossing
        || matches!(kind, Some(MomentKind::Guardian { .. }))
        || s.duel().is_some_and(|d| d.card.is_none())
        || (s.duel().is_none()
            && last_was_guardian
            && matches!(kind, Some(MomentKind::FoeDefeated | MomentKind::FoeLeft)))
}

/// The crossing and the Guardian's arrival, over the Domain band and the stage.
pub fn draw(cx: &Ctx) {
    let b = cx.l.guardian_stage();
    let fonts = cx.fonts;
    style::card(
        b,
        12.0,
        2.0,
        mix(colour::TILE, colour::SEA_LIGHT, 0.05),
        fade(colour::SEA_LIGHT, 0.45),
    );
    let pad = 16.0;
    let cw = (b.w * 0.38).min((b.h - 90.0) / 1.4);
    let card = Rect::new(b.x + pad, b.y + 54.0, cw, cw * 1.4);
    let col = Rect::new(
        card.right() + 22.0,
        b.y + 54.0,
        b.right() - card.right() - 22.0 - pad,
        b.bottom() - b.y - 54.0 - pad,
    );
    let s = cx.s();
    match playing(cx) {
        Some((t, checks)) => {
            let words = reveal::check_words(s, checks);
            draw_arrival(cx, card, t);
            draw_summary(cx, b, &words, Some(t));
            draw_checks(cx, col, &words, t);
            draw_pace_hint(
                cx,
                Rect::new(card.x, card.bottom(), card.w, b.bottom() - card.bottom()),
                t,
                words.len(),
            );
        }
        None if !cx.scene.seals.is_empty() => {
            let words = reveal::check_words(s, &cx.scene.seals);
            cardface::draw_face(card, &face(&s.cards), fonts, true);
            draw_summary(cx, b, &words, None);
            draw_checks(cx, col, &words, f32::INFINITY);
        }
        None => {
            cardface::draw_face(card, &face(&s.cards), fonts, true);
            draw_sealed(cx, col);
        }
    }
    // Drawn last: the falling card passes under it.
    style::text(
        "Before the Guardian",
        b.x + pad,
        b.y + 36.0,
        &fonts.serif,
        text::BIG - 4,
        colour::GOLD,
    );
}

/// The card coming onto the table, `t` seconds into the reveal: it falls from above,
/// large and faint, its shadow gathering; it strikes (a hit-stop, a near-white flash, a
/// shake dying away) and a ring spreads from where it landed.
fn draw_arrival(cx: &Ctx, r: Rect, t: f32) {
    let a = reveal::arrival(t);
    let f = face(&cx.s().cards);
    if a < reveal::LANDS_AT {
        let fall = a / reveal::LANDS_AT;
        let e = fall * fall;
        // Large and a little high (nearer the eye), then down onto its place; its top
        // edge stays in the stage (the heading is drawn over it).
        let scale = 1.12 - 0.12 * e;
        let (w, h) = (r.w * scale, r.h * scale);
        let fr = Rect::new(r.center().x - w / 2.0, r.y - 12.0 * (1.0 - e), w, h);
        style::rounded_rect(
            Rect::new(r.x + 10.0, r.y + 14.0, r.w, r.h),
            12.0,
            fade(BLACK, 0.15 + 0.35 * e),
        );
        cardface::draw_face(fr, &f, cx.fonts, false);
        // Faint while it is still high above the table.
        style::rounded_rect(fr, 9.0, fade(colour::TILE, 0.75 * (1.0 - fall)));
        return;
    }
    let landed = (a - reveal::LANDS_AT) * reveal::ARRIVAL;
    let hit = fx::impact(landed, 6, true);
    let sr = Rect::new(r.x + hit.shake.x, r.y + hit.shake.y, r.w, r.h);
    // A ring spreads from the card's edge where it struck, and fades.
    let ring = (landed / 0.5).clamp(0.0, 1.0);
    if ring < 1.0 {
        let grow = 4.0 + 18.0 * ring;
        style::rounded_outline(
            Rect::new(r.x - grow, r.y - grow, r.w + 2.0 * grow, r.h + 2.0 * grow),
            9.0 + grow,
            3.0,
            fade(colour::SEA_LIGHT, 0.8 * (1.0 - ring)),
        );
    }
    cardface::draw_face(sr, &f, cx.fonts, true);
    if hit.flash > 0.0 {
        style::rounded_rect(
            sr,
            9.0,
            fade(mix(colour::PARCHMENT, WHITE, 0.5), 0.75 * hit.flash),
        );
    }
}

/// The count over the checks: how many are checked, then how they came out.
fn draw_summary(cx: &Ctx, b: Rect, words: &[CheckWords], t: Option<f32>) {
    let n = words.len();
    let judged = t.map_or(n, |t| reveal::judged(t, n));
    let shown = t.map_or(n, |t| reveal::shown(t, n));
    let (line, ink) = if judged < n {
        (
            format!("Checking {} of {n}", shown.max(1)),
            colour::PARCHMENT,
        )
    } else {
        let barred = words.iter().any(|w| w.barred);
        let against = words.iter().filter(|w| !w.met).count();
        match (barred, against) {
            _ if n == 0 => ("It sets no terms".to_string(), colour::PARCHMENT),
            (true, _) => ("The way across is shut".to_string(), colour::ERROR),
            (false, 0) => ("Every term is met".to_string(), colour::SEA_LIGHT),
            (false, 1) => ("One holds against you".to_string(), colour::WARNING),
            (false, k) => (format!("{k} hold against you"), colour::WARNING),
        }
    };
    style::text_right(
        &line,
        b.right() - 16.0,
        b.y + 34.0,
        &cx.fonts.serif,
        text::TITLE,
        ink,
    );
}

/// What a key does now, under the card while the checks play.
fn draw_pace_hint(cx: &Ctx, r: Rect, t: f32, n: usize) {
    if reveal::judged(t, n) >= n && cx.moment.is_some_and(|m| m.holding()) {
        return;
    }
    let line = if cx.moment.is_some_and(|m| m.holding()) {
        "Read it aloud · any key for the next"
    } else {
        "Any key shows them all"
    };
    style::text_centred(
        line,
        r.center().x,
        r.y + 30.0,
        &cx.fonts.italic,
        text::LABEL,
        fade(colour::GOLD, 0.8),
    );
}

/// Each requirement and seal as checked, `t` seconds into the reveal (infinite: all
/// judged): one at a time, its name and by what it is met or not, then its verdict
/// stamped and, unmet, what it does in the duel; those still to come faint, by name.
fn draw_checks(cx: &Ctx, r: Rect, words: &[CheckWords], t: f32) {
    let fonts = cx.fonts;
    let n = words.len().max(1);
    let row_h = (r.h / n as f32).min(140.0);
    for (i, w) in words.iter().enumerate() {
        let b = reveal::beat(t, i);
        let y = r.y + i as f32 * row_h;
        let disc = vec2(r.x + 12.0, y + 14.0);
        if b <= 0.0 {
            draw_circle_lines(disc.x, disc.y, 10.0, 2.0, fade(colour::PARCHMENT, 0.3));
            style::text(
                &w.name,
                r.x + 32.0,
                y + 21.0,
                &fonts.serif,
                text::TITLE - 2,
                fade(colour::PARCHMENT, 0.35),
            );
            continue;
        }
        let appear = (b / 0.12).min(1.0);
        let x = r.x + 16.0 * (1.0 - appear);
        let stamped = b >= reveal::VERDICT_AT;
        let ink = if w.met {
            colour::SEA_LIGHT
        } else {
            colour::ERROR
        };
        // The verdict pops in as it is stamped, then settles.
        let since = ((b - reveal::VERDICT_AT) * reveal::CHECK_BEAT).max(0.0);
        let pop = 1.0 + 0.7 * (1.0 - (since / 0.16).clamp(0.0, 1.0));
        if stamped {
            style::rounded_rect(Rect::new(r.x - 6.0, y, 4.0, row_h - 10.0), 2.0, ink);
            draw_circle(disc.x, disc.y, 10.0 * pop, ink);
            draw_mark(disc, w.met);
            // Set at the pop's largest and scaled down to it.
            let size = (text::TITLE as f32 * VERDICT_POP) as u16;
            let zoom = pop / VERDICT_POP;
            let vw = style::width(w.verdict, &fonts.serif, size) * zoom;
            let (right, base) = (r.right(), y + 21.0);
            style::text_zoomed(w.verdict, right - vw, base, &fonts.serif, size, zoom, ink);
        } else {
            draw_circle_lines(disc.x, disc.y, 10.0, 2.0, fade(colour::GOLD, appear));
        }
        let verdict_w = style::width("not met", &fonts.serif, text::TITLE) + 12.0;
        let name_size = style::fit_size(
            &w.name,
            &fonts.serif,
            text::TITLE,
            text::LABEL,
            r.w - 32.0 - verdict_w,
        );
        style::text(
            &w.name,
            x + 32.0,
            y + 21.0,
            &fonts.serif,
            name_size,
            fade(colour::PARCHMENT, appear),
        );
        let mut ty = y + 30.0;
        let room = row_h - 34.0;
        let by_h = if w.penalty.is_some() {
            room * 0.5
        } else {
            room
        };
        ty += cardface::text_block(
            &w.by,
            Rect::new(x + 32.0, ty, r.w - 32.0, by_h),
            &fonts.serif,
            text::BODY,
            text::SMALL,
            fade(colour::PARCHMENT, 0.9 * appear),
        ) + 2.0;
        if let (true, Some(p)) = (stamped, w.penalty) {
            let a = (since / 0.3).clamp(0.0, 1.0);
            cardface::text_block(
                p,
                Rect::new(r.x + 32.0, ty, r.w - 32.0, (y + row_h - 8.0 - ty).max(16.0)),
                &fonts.italic,
                text::BODY,
                text::SMALL,
                fade(colour::ERROR, a),
            );
        }
    }
}

/// A tick (met) or a cross (unmet) on a verdict's disc.
fn draw_mark(c: Vec2, met: bool) {
    let ink = colour::TILE;
    if met {
        draw_line(c.x - 5.0, c.y, c.x - 1.5, c.y + 4.0, 2.5, ink);
        draw_line(c.x - 1.5, c.y + 4.0, c.x + 5.5, c.y - 4.5, 2.5, ink);
    } else {
        draw_line(c.x - 4.5, c.y - 4.5, c.x + 4.5, c.y + 4.5, 2.5, ink);
        draw_line(c.x - 4.5, c.y + 4.5, c.x + 4.5, c.y - 4.5, 2.5, ink);
    }
}

/// Before the crossing: each requirement and seal by name, with its terms once known
/// (an unlearned entry's terms are never shown) and where it stands before the reveal:
/// met, open or lost for good (`core::plan::known_status`).
fn draw_sealed(cx: &Ctx, r: Rect) {
    let view = crate::present::guardian::guardian_view(cx.s());
    let fonts = cx.fonts;
    let n = view.entries.len().max(1);
    let row_h = (r.h / n as f32).min(130.0);
    for (i, e) in view.entries.iter().enumerate() {
        let y = r.y + i as f32 * row_h;
        use crate::core::plan::TermStatus;
        let (word, ink) = match e.status {
            TermStatus::Met => ("met", colour::SEA_LIGHT),
            TermStatus::Open => ("not met", colour::GOLD),
            TermStatus::Lost => ("lost for good", colour::ERROR),
            TermStatus::Unknown => ("sealed", fade(colour::PARCHMENT, 0.5)),
        };
        if e.known {
            draw_circle(r.x + 12.0, y + 14.0, 10.0, ink);
        } else {
            draw_circle_lines(r.x + 12.0, y + 14.0, 10.0, 2.0, ink);
        }
        let kind = if e.kind == "requirement" {
            "requirement"
        } else {
            "seal"
        };
        style::text(
            &e.name,
            r.x + 32.0,
            y + 21.0,
            &fonts.serif,
            text::TITLE - 2,
            colour::PARCHMENT,
        );
        style::text_right(
            &format!("{kind} · {word}"),
            r.right(),
            y + 21.0,
            &fonts.italic,
            text::LABEL,
            ink,
        );
        let terms = e
            .text
            .as_deref()
            .unwrap_or("Sealed: its terms are not yet known.");
        cardface::text_block(
            terms,
            Rect::new(r.x + 32.0, y + 30.0, r.w - 32.0, row_h - 36.0),
            &fonts.serif,
            text::BODY,
            text::SMALL,
            fade(colour::PARCHMENT, if e.known { 0.9 } else { 0.55 }),
        );
    }
}
