//! The foe's card in a duel, the card the blows land on: its picture and name, and in
//! place of its rules text its six faces as a table (each thing said once: the faces are
//! not repeated beside it), the face rolled lit as the die lands, and while the traveller's
//! roll stands, what each face would do against it. A blow flashes and shakes it, its
//! damage leaping from it; at its defeat it cracks and falls apart, and what is left is
//! stamped "Defeated" until the card leaves the stage.

use super::super::Ctx;
use super::fx::{self, Impact};
use super::view::View;
use crate::cards::CardRef;
use crate::present::odds::Ending;
use crate::present::stage::MomentKind;
use crate::present::words;
use crate::ui::cardface::{self, READABLE};
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::text;
use crate::ui::table::panels::tables::shortest_fit;
use macroquad::prelude::*;

/// The face of the foe's card (`None`: the Guardian).
fn face_of<'a>(cx: &'a Ctx, foe: Option<CardRef>) -> cardface::Face<'a> {
    match foe {
        Some(c) => cardface::station_face(cx.s().cards.card(c)),
        None => super::super::card::guardian_face(&cx.s().cards),
    }
}

/// How the card is struck now, if a blow or a card's strike is landing on it.
pub(super) fn struck(cx: &Ctx) -> Option<(Impact, i32)> {
    let m = cx.playing(|k| matches!(k, MomentKind::Blow { .. } | MomentKind::FoeHit { .. }))?;
    let (amount, critical) = match (&m.kind, m.event.as_ref()) {
        (
            MomentKind::Blow { to_foe, .. },
            Some(crate::core::Event::ExchangeResolved { strike, .. }),
        ) => (*to_foe, *strike == crate::core::Strike::Critical),
        (MomentKind::FoeHit { amount }, _) => (*amount, false),
        _ => return None,
    };
    (amount > 0).then(|| {
        (
            fx::impact(m.tail_progress() * m.tail, amount, critical),
            amount,
        )
    })
}

/// Draws the foe's card of the duel `v` in `r`.
pub(super) fn draw(cx: &Ctx, r: Rect, foe: Option<CardRef>, v: &View) {
    if let Some(m) = cx.playing(|k| *k == MomentKind::FoeDefeated) {
        draw_breaking(cx, r, foe, v, m.tail_progress());
        return;
    }
    let hit = struck(cx);
    let r = match hit {
        Some((i, _)) => Rect::new(r.x + i.shake.x, r.y + i.shake.y, r.w, r.h),
        None => r,
    };
    draw_card(cx, r, foe, v);
    if let Some((i, amount)) = hit {
        let at = vec2(r.center().x, r.y + r.h * 0.42);
        draw_wound(cx, r, at, &i, amount, 0.7);
    }
    if cx.playing(|k| *k == MomentKind::FoeLeft).is_some() || v.over && v.hp > 0 {
        stamp(cx, r, "Left behind", colour::WARNING, 1.0);
    }
}

/// A blow landing on a card: the card flashes (at most `flash` opaque) and the wound's
/// number pops and rises from `at`.
pub(super) fn draw_wound(cx: &Ctx, card: Rect, at: Vec2, i: &Impact, amount: i32, flash: f32) {
    if i.flash > 0.0 {
        style::rounded_rect(
            card,
            9.0,
            fade(mix(colour::PARCHMENT, WHITE, 0.5), flash * i.flash),
        );
    }
    // Set at the pop's largest and scaled down to it.
    let size = (text::BIG as f32 * 1.5 * super::fx::POP_PEAK) as u16;
    let zoom = i.pop / super::fx::POP_PEAK;
    let wound = format!("-{amount}");
    let w = style::width(&wound, &cx.fonts.serif, size) * zoom;
    style::text_zoomed(
        &wound,
        at.x - w / 2.0,
        at.y - i.rise * 0.8,
        &cx.fonts.serif,
        size,
        zoom,
        fade(colour::ERROR, i.alpha),
    );
}

/// The card whole: head, faces, and what its defeat gives.
fn draw_card(cx: &Ctx, r: Rect, foe: Option<CardRef>, v: &View) {
    let f = face_of(cx, foe);
    let Some(body) = cardface::draw_face_head(r, &f, cx.fonts, true) else {
        return;
    };
    let s = cx.s();
    let on_defeat = foe.and_then(|c| when_defeated(s.cards.card(c)));
    let foot = if on_defeat.is_some() { 22.0 } else { 0.0 };
    let rows = Rect::new(
        body.rect.x,
        body.rect.y - 4.0,
        body.rect.w,
        body.rect.h - foot,
    );
    draw_faces_of(cx, rows, v);
    // A defeat's line too long for the card's foot is left to the card's tip.
    let fits = |l: &String| style::width(l, &cx.fonts.italic, text::SMALL) <= body.rect.w;
    if let Some(line) = on_defeat.filter(fits) {
        style::text(
            &line,
            body.rect.x,
            body.rect.bottom() - 4.0,
            &cx.fonts.italic,
            text::SMALL,
            fade(colour::PARCHMENT, 0.8),
        );
    }
}

/// The foe's six faces in `rows`: the face rolled lit as the die lands and, while the
/// traveller's roll stands, what each would do against it (with a caption saying so).
pub(super) fn draw_faces_of(cx: &Ctx, rows: Rect, v: &View) {
    // The face lights as the die lands.
    let rolling = cx
        .playing(|k| *k == MomentKind::Dice)
        .is_some_and(|m| !m.applied);
    let lit = v.dice.1.filter(|_| !rolling).map(|d| d as usize - 1);
    let against: &[Ending] = if rolling { &[] } else { cx.against };
    let rows = match (against.is_empty(), v.dice.0) {
        (false, Some(mine)) => {
            // What the figures at the rows' ends are: against the traveller's roll.
            let cap = (text::SMALL as f32 * 1.35).round();
            let roll = (mine as i32 + v.dice.2).clamp(1, 6);
            style::text_right(
                &format!("against your {roll}: you deal · take"),
                rows.right(),
                rows.y + cap * 0.75,
                &cx.fonts.italic,
                text::SMALL,
                fade(colour::PARCHMENT, 0.75),
            );
            Rect::new(rows.x, rows.y + cap, rows.w, rows.h - cap)
        }
        _ => rows,
    };
    draw_faces(cx, rows, &v.faces, lit, against);
}

/// What a foe's defeat gives, as its card says it (the sentence of its text that begins
/// "When defeated"), or in the effects' own words.
fn when_defeated(sc: &crate::cards::model::StationCard) -> Option<String> {
    if sc.on_defeat.is_empty() {
        return None;
    }
    if let Some(at) = sc.text.find("When defeated") {
        let rest = &sc.text[at..];
        let end = rest.find(". ").map_or(rest.len(), |i| i + 1);
        return Some(rest[..end].to_string());
    }
    let words = words::face_effect_words(&sc.on_defeat);
    (!words.contains("see its text")).then(|| format!("When defeated: {words}"))
}

/// The six faces, one row each: number, name, what it does; the rolled one lit; with
/// `against`, what each would do against the traveller's roll, at the row's end.
fn draw_faces(
    cx: &Ctx,
    r: Rect,
    faces: &[crate::cards::model::Face],
    lit: Option<usize>,
    against: &[Ending],
) {
    if faces.is_empty() {
        return;
    }
    let fonts = cx.fonts;
    let lh = (r.h / faces.len() as f32).min(30.0);
    let size = ((lh * 0.62 / style::look().text_scale).floor() as u16).clamp(READABLE, text::LABEL);
    for (i, f) in faces.iter().enumerate() {
        let y = r.y + i as f32 * lh;
        let row = Rect::new(r.x - 3.0, y + 1.0, r.w + 6.0, lh - 2.0);
        if lit == Some(i) {
            style::rounded_rect(row, 4.0, fade(colour::ERROR, 0.42));
        } else if i % 2 == 0 {
            style::rounded_rect(row, 4.0, fade(colour::TILE, 0.35));
        }
        let tail = against.get(i).map(|e| {
            if e.kills {
                "it falls".to_string()
            } else {
                format!("{} · {}", e.to_foe, e.to_traveller)
            }
        });
        let tail_w = tail
            .as_ref()
            .map_or(0.0, |t| style::width(t, &fonts.serif, size) + 8.0);
        let what = words::face_summary(f);
        let line = shortest_fit(
            &[
                format!("{}  {}: {what}", i + 1, f.name),
                format!("{}  {what}", i + 1),
            ],
            r.w - tail_w,
            |x| style::width(x, &fonts.serif, size),
        );
        let base = y + lh * 0.68;
        style::text(&line, r.x, base, &fonts.serif, size, colour::PARCHMENT);
        if let (Some(t), Some(e)) = (tail, against.get(i)) {
            let ink = if e.kills || e.to_foe > e.to_traveller {
                colour::SEA_LIGHT
            } else if e.to_traveller > 0 {
                colour::ERROR
            } else {
                fade(colour::PARCHMENT, 0.7)
            };
            // The serif's digits: the mono face's dotted zero reads as an 8 this small.
            style::text_right(&t, r.right(), base, &fonts.serif, size, ink);
        }
    }
}

/// The defeated card, `p` through its moment: a crack runs down it, then its halves part
/// and fall away, stamped "Defeated".
fn draw_breaking(cx: &Ctx, r: Rect, foe: Option<CardRef>, v: &View, p: f32) {
    let (crack, part) = fx::break_apart(p);
    let split = r.x + r.w * 0.52;
    if part <= 0.0 {
        draw_card(cx, r, foe, v);
        draw_crack(r, split, crack);
    } else {
        let k = style::scale();
        // SAFETY: macroquad's drawing context is only used from this (the main) thread;
        // the clip is cleared before returning.
        let gl = unsafe { get_internal_gl() }.quad_gl;
        for (side, dx, dy) in [(0, -34.0, 80.0), (1, 30.0, 96.0)] {
            let off = vec2(dx * part, dy * part);
            let half = if side == 0 {
                Rect::new(r.x, r.y, split - r.x, r.h)
            } else {
                Rect::new(split, r.y, r.right() - split, r.h)
            };
            let moved = Rect::new(half.x + off.x, half.y + off.y, half.w, half.h);
            gl.scissor(Some((
                (moved.x * k) as i32,
                (moved.y * k) as i32,
                (moved.w * k).ceil() as i32,
                (moved.h * k).ceil() as i32,
            )));
            let whole = Rect::new(r.x + off.x, r.y + off.y, r.w, r.h);
            draw_card(cx, whole, foe, v);
            style::rounded_rect(whole, 9.0, fade(colour::TILE, 0.2 + 0.6 * part));
        }
        gl.scissor(None);
    }
    stamp(cx, r, "Defeated", colour::GOLD, (p * 4.0).min(1.0));
}

/// A jagged crack from the top of the card, `run` (0 to 1) of the way down.
pub(super) fn draw_crack(r: Rect, x: f32, run: f32) {
    let steps = 9;
    let mut prev = vec2(x, r.y);
    for i in 1..=steps {
        let share = i as f32 / steps as f32;
        if share > run {
            break;
        }
        let jag = if i % 2 == 0 { -7.0 } else { 7.0 };
        let next = vec2(x + jag * (1.0 - share * 0.3), r.y + r.h * share);
        draw_line(
            prev.x,
            prev.y,
            next.x,
            next.y,
            3.0,
            mix(colour::GOLD, WHITE, 0.5),
        );
        prev = next;
    }
}

/// A word stamped across the card, popping in with `a` (0 to 1).
pub(super) fn stamp(cx: &Ctx, r: Rect, word: &str, ink: Color, a: f32) {
    // It lands from larger: set at its largest and scaled down.
    let largest = text::BIG + 8 + 20;
    let zoom = (f32::from(text::BIG + 8) + (1.0 - a) * 20.0) / f32::from(largest);
    let w = style::width(word, &cx.fonts.serif, largest) * zoom;
    style::text_zoomed(
        word,
        r.center().x - w / 2.0,
        r.center().y,
        &cx.fonts.serif,
        largest,
        zoom,
        fade(ink, a),
    );
}

/// The card's place after its defeat, while it is still on the stage (its Resolve and
/// the discard play): an outline stamped "Defeated", with how long the duel took.
pub(super) fn draw_remains(cx: &Ctx, r: Rect, exchanges: u32) {
    style::rounded_outline(r, 9.0, 1.0, fade(style::dim(), 0.5));
    stamp(cx, r, "Defeated", colour::GOLD, 1.0);
    let line = match exchanges {
        1 => "in one exchange".to_string(),
        n => format!("in {n} exchanges"),
    };
    style::text_centred(
        &line,
        r.center().x,
        r.center().y + 34.0,
        &cx.fonts.italic,
        text::BODY,
        fade(colour::PARCHMENT, 0.85),
    );
}
