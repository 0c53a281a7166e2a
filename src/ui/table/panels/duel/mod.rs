//! The duel panel beside the foe's card: the foe's HP bar (sliding when struck), both dice
//! (tumbling, then landed), the damage of the exchange rising from each side, the combat
//! table and the foe's faces with the rolled rows lit. After the killing blow it stays for
//! the foe's defeat moment, drawn from the scene's memory of the duel: the final dice, the
//! HP bar at 0.

use super::Ctx;
use header::{draw_header, ease};
use view::view;

mod header;
mod view;
use super::dice::{draw_result, motion, moving};
use super::tables::{draw_combat_table, draw_faces};
use crate::present::stage::MomentKind;
use crate::ui::style::{self, DieOwner, colour, fade};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// Draws the duel in `r`; returns false when there is no duel to show.
pub fn draw(cx: &Ctx, r: Rect) -> bool {
    let Some(v) = view(cx) else {
        return false;
    };
    let fonts = cx.fonts;
    let blow = cx.playing(|k| matches!(k, MomentKind::Blow { .. } | MomentKind::FoeHit { .. }));
    let (to_foe, to_traveller) = match blow.map(|m| &m.kind) {
        Some(MomentKind::Blow {
            to_foe,
            to_traveller,
        }) => (*to_foe, *to_traveller),
        Some(MomentKind::FoeHit { amount }) => (*amount, 0),
        _ => (0, 0),
    };
    let bar = draw_header(cx, &v, r, to_foe, blow.map_or(1.0, |m| m.tail_progress()));
    let die = 58.0;
    let dy = bar.bottom() + 14.0;
    let rolling = cx.playing(|k| *k == MomentKind::Dice);
    let tumble = motion(rolling, cx.s().dice.deck().is_some());
    let (mine, theirs, modifier) = v.dice;
    let (mine_moves, foe_moves) = moving(rolling, cx.s().guide);
    let foe_tumbles = tumble.filter(|_| foe_moves);
    let mine_tumbles = tumble.filter(|_| mine_moves);
    draw_result(
        cx.s().dice.deck().is_some(),
        Rect::new(r.x, dy, die, die),
        mine,
        mine_tumbles,
        cx.t,
        DieOwner::Traveller,
        fonts,
    );
    style::text(
        "You",
        r.x + die + 10.0,
        dy + 22.0,
        &fonts.serif,
        text::LABEL,
        colour::PARCHMENT,
    );
    if modifier != 0 && tumble.is_none() {
        style::text(
            &format!("{modifier:+}"),
            r.x + die + 10.0,
            dy + 44.0,
            &fonts.serif,
            text::LABEL,
            colour::WARNING,
        );
    }
    let fx = r.x + (r.w * 0.5).max(130.0);
    draw_result(
        cx.s().dice.deck().is_some(),
        Rect::new(fx, dy, die, die),
        theirs,
        foe_tumbles,
        cx.t + 0.3,
        DieOwner::Foe,
        fonts,
    );
    style::text(
        "Foe",
        fx + die + 10.0,
        dy + 22.0,
        &fonts.serif,
        text::LABEL,
        colour::PARCHMENT,
    );
    if cx.s().guide && !v.over {
        style::text(
            "the Guide rolls",
            fx + die + 10.0,
            dy + 44.0,
            &fonts.italic,
            text::SMALL,
            colour::GUIDE,
        );
    }
    if let Some(m) = blow {
        // The numbers rise from each side and fade.
        let rise = ease(m.tail_progress()) * 26.0;
        let alpha = 1.0 - m.tail_progress().powi(3);
        for (n, at) in [(to_traveller, r.x + die + 48.0), (to_foe, fx + die + 48.0)] {
            let (t, c) = if n > 0 {
                (format!("-{n}"), colour::ERROR)
            } else {
                ("0".into(), colour::PARCHMENT)
            };
            style::text(
                &t,
                at,
                dy + 34.0 - rise,
                &fonts.serif,
                text::BIG,
                fade(c, alpha),
            );
        }
    }
    let mut y = dy + die + 24.0;
    if let Some(x) = cx
        .scene
        .last_exchange
        .filter(|_| blow.is_none() && tumble.is_none())
        && (v.exchange > 0 || v.over)
        && cx.s().duel().is_none_or(|d| d.rolled.is_none())
    {
        let line = format!(
            "Last exchange: you dealt {}, took {}",
            x.to_foe, x.to_traveller
        );
        style::text(&line, r.x, y, &fonts.serif, text::LABEL, colour::GOLD);
        y += 6.0;
    }
    let lit = v.lit.filter(|_| tumble.is_none());
    let foe_face = theirs.filter(|_| tumble.is_none()).map(|v| v as usize - 1);
    let area = Rect::new(r.x, y + 4.0, r.w - 8.0, r.bottom() - y - 6.0);
    let half = (area.w - 12.0) / 2.0;
    if half > 200.0 {
        draw_combat_table(Rect::new(area.x, area.y, half, area.h), &v.rows, lit, fonts);
        draw_faces(
            Rect::new(area.x + half + 12.0, area.y, half, area.h),
            fonts,
            &v.faces,
            foe_face,
        );
    } else {
        let h = area.h / 2.0;
        draw_combat_table(Rect::new(area.x, area.y, area.w, h), &v.rows, lit, fonts);
        draw_faces(
            Rect::new(area.x, area.y + h, area.w, h),
            fonts,
            &v.faces,
            foe_face,
        );
    }
    true
}
