//! The test panel (a Pit or Challenge): the target, the modifier, the dice (tumbling, then
//! landed), the total, and for an extended test the tally; the verdict is stamped when the
//! test is judged, and the tally stays up through its moment even once the test is over.

use super::Ctx;
use super::dice::{draw_result, motion};
use crate::core::mods;
use crate::core::state::Phase;
use crate::present::stage::MomentKind;
use crate::ui::style::{self, DieOwner, colour, fade};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// Draws the test in `r`; returns false when there is none to show.
pub fn draw(cx: &Ctx, r: Rect) -> bool {
    let s = cx.s();
    let fonts = cx.fonts;
    let judged = cx.playing(|k| matches!(k, MomentKind::Judged { .. }));
    let (card, successes, failures, dice) = match &s.phase {
        Phase::Pit(t) => (t.card, t.successes, t.failures, t.dice.to_vec()),
        // The test is over in the shown state, but its verdict is still being stamped.
        _ => match (judged, s.resolving) {
            (Some(m), Some(card)) => match &m.event {
                Some(crate::core::Event::TestJudged {
                    successes,
                    failures,
                    ..
                }) => (card, *successes, *failures, Vec::new()),
                _ => return false,
            },
            _ => return false,
        },
    };
    let Some(spec) = s.cards.card(card).test.as_ref() else {
        return false;
    };
    let m = mods(s);
    style::text(
        &format!("Test: {}+ on {}d6", spec.target, spec.dice),
        r.x,
        r.y + 26.0,
        &fonts.serif,
        text::TITLE,
        colour::GOLD,
    );
    let bonus = m.test_rolls + m.all_rolls + s.bonus.next_test;
    let mut y = r.y + 52.0;
    if bonus != 0 {
        style::text(
            &format!("Your modifier: {bonus:+}"),
            r.x,
            y,
            &fonts.serif,
            text::LABEL,
            colour::WARNING,
        );
        y += 22.0;
    }
    let tumble = motion(
        cx.playing(|k| *k == MomentKind::Dice),
        cx.s().dice.deck().is_some(),
    );
    let die = 60.0;
    for i in 0..spec.dice as usize {
        let v = dice.get(i).copied();
        let rect = Rect::new(r.x + i as f32 * (die + 14.0), y, die, die);
        draw_result(
            cx.s().dice.deck().is_some(),
            rect,
            v,
            tumble,
            cx.t + i as f32 * 0.2,
            DieOwner::Traveller,
            fonts,
        );
    }
    y += die + 30.0;
    if !dice.is_empty() && tumble.is_none() {
        let total: i32 = dice.iter().map(|&d| d as i32).sum::<i32>() + bonus;
        let ok = total >= spec.target;
        let verdict = if ok {
            "a success if kept"
        } else {
            "a failure if kept"
        };
        let c = if ok { colour::SEA_LIGHT } else { colour::ERROR };
        style::text(
            &format!("Total {total}: {verdict}"),
            r.x,
            y,
            &fonts.serif,
            text::BODY,
            c,
        );
        y += 28.0;
        // What each reroll offered would do, as a duel's rerolls show it.
        for line in cx.odds {
            y += crate::ui::cardface::text_block(
                line,
                Rect::new(r.x, y - 16.0, r.w, 44.0),
                &fonts.italic,
                text::LABEL,
                text::SMALL,
                fade(colour::PARCHMENT, 0.9),
            ) + 6.0;
        }
    } else if let Some(j) = &cx.scene.last_judged {
        let word = if j.success { "success" } else { "failure" };
        let c = if j.success {
            colour::SEA_LIGHT
        } else {
            colour::ERROR
        };
        style::text(
            &format!("Last roll {} against {}+: {word}", j.total, j.target),
            r.x,
            y,
            &fonts.serif,
            text::BODY,
            c,
        );
        y += 28.0;
    }
    if spec.extended {
        style::text(
            "Extended test: 3 successes or 3 failures",
            r.x,
            y,
            &fonts.italic,
            text::LABEL,
            fade(colour::PARCHMENT, 0.85),
        );
        y += 26.0;
        for (label, n, c) in [
            ("Successes", successes, colour::SEA_LIGHT),
            ("Failures", failures, colour::ERROR),
        ] {
            style::text(
                label,
                r.x,
                y + 6.0,
                &fonts.serif,
                text::BODY,
                colour::PARCHMENT,
            );
            for k in 0..3u8 {
                let cc = vec2(r.x + 112.0 + k as f32 * 28.0, y);
                if k < n {
                    draw_circle(cc.x, cc.y, 10.0, c);
                } else {
                    draw_circle_lines(cc.x, cc.y, 10.0, 1.5, fade(c, 0.7));
                }
            }
            y += 30.0;
        }
    }
    if let Some(m) = judged {
        draw_stamp(cx, m, r, die);
    }
    true
}

/// The verdict of a judged test, stamped beside the dice as its moment plays.
fn draw_stamp(cx: &Ctx, m: &crate::present::stage::Moment, r: Rect, die: f32) {
    let MomentKind::Judged { success } = m.kind else {
        return;
    };
    let s = cx.s();
    let fonts = cx.fonts;
    let over = !matches!(s.phase, Phase::Pit(_));
    let word = match (success, over) {
        (true, true) => "Passed",
        (false, true) => "Failed",
        (true, false) => "A success",
        (false, false) => "A failure",
    };
    let c = if success {
        colour::SEA_LIGHT
    } else {
        colour::ERROR
    };
    let a = (m.tail_progress() * 3.0).min(1.0);
    // It shrinks to its place: set at its largest and scaled down.
    let largest = text::BIG + 16;
    let zoom = (f32::from(text::BIG) + (1.0 - a) * 16.0) / f32::from(largest);
    style::text_zoomed(
        word,
        r.x + 210.0,
        r.y + 52.0 + die * 0.8,
        &fonts.serif,
        largest,
        zoom,
        fade(c, a),
    );
}
