//! A duel on the stage: the foe's card on the left (the card the blows land on, its faces
//! on it, see [`foe`]) and beside it the duel panel: the foe's HP bar (sliding when
//! struck), the dice arena (both dice thrown and landing, see [`arena`]), what the choices
//! of the step would change (the odds of a reroll, a card's use) or how the last exchange
//! ended, and the traveller's combat table with the rolled row lit. After the killing blow
//! it stays for the foe's defeat and while the defeated card is still on the stage, drawn
//! from the scene's memory of the duel: the final dice, the HP bar at 0.

use super::Ctx;
use crate::cards::CardRef;
use header::draw_header;
use view::view;

mod arena;
mod foe;
pub(super) mod fx;
mod guardian;
mod header;
mod view;
use super::tables::draw_combat_table;
use crate::present::stage::MomentKind;
use crate::ui::style::{self, colour};
use crate::ui::table::layout::text;
pub use guardian::draw as draw_guardian;
use macroquad::prelude::*;

/// The foe of the duel on the stage, if there is one: in the duel, through its last
/// moment, and while its defeated card is still on the stage. `Some(None)`: the Guardian.
pub fn foe_on_stage(cx: &Ctx) -> Option<Option<CardRef>> {
    if let Some(d) = cx.s().duel() {
        return Some(d.card);
    }
    let ending = cx
        .playing(|k| matches!(k, MomentKind::FoeDefeated | MomentKind::FoeLeft))
        .is_some();
    (ending || view::remains(cx)).then(|| cx.scene.last_duel.as_ref().map(|d| d.card))?
}

/// Draws the foe's card in `r` (or, once its defeat has played, what is left of it).
pub fn draw_foe(cx: &Ctx, r: Rect, foe: Option<CardRef>) {
    let Some(v) = view(cx) else {
        return;
    };
    let ending = cx
        .playing(|k| matches!(k, MomentKind::FoeDefeated | MomentKind::FoeLeft))
        .is_some();
    if view::remains(cx) && !ending {
        foe::draw_remains(cx, r, v.exchange);
        return;
    }
    foe::draw(cx, r, foe, &v);
}

/// Draws the duel panel in `r`; returns false when there is no duel to show.
pub fn draw(cx: &Ctx, r: Rect) -> bool {
    let Some(v) = view(cx) else {
        return false;
    };
    let (to_foe, p) = blow(cx);
    let bar = draw_header(cx, &v, r, to_foe, p);
    let arena_h = (r.h * 0.34).clamp(84.0, 150.0);
    let body = Rect::new(
        r.x,
        bar.bottom() + 8.0,
        r.w,
        r.bottom() - bar.bottom() - 8.0,
    );
    draw_body(cx, &v, body, arena_h);
    true
}

/// The damage a blow (or a card's strike) lands on the foe now, and how far its moment's
/// tail has played (1 when none lands).
fn blow(cx: &Ctx) -> (i32, f32) {
    let blow = cx.playing(|k| matches!(k, MomentKind::Blow { .. } | MomentKind::FoeHit { .. }));
    let to_foe = match blow.map(|m| &m.kind) {
        Some(MomentKind::Blow { to_foe, .. }) => *to_foe,
        Some(MomentKind::FoeHit { amount }) => *amount,
        _ => 0,
    };
    (to_foe, blow.map_or(1.0, |m| m.tail_progress()))
}

/// Under the header: the dice arena (`arena_h` high) at the top of `r`, what the choices
/// would change or how the last exchange ended, and the combat table with its row lit.
fn draw_body(cx: &Ctx, v: &view::View, r: Rect, arena_h: f32) {
    let fonts = cx.fonts;
    let blowing = cx
        .playing(|k| matches!(k, MomentKind::Blow { .. } | MomentKind::FoeHit { .. }))
        .is_some();
    let a = arena::arena(r, r.y, arena_h);
    arena::draw_dice(cx, v, &a);
    // The rolled rows light as the dice land.
    let rolling = cx
        .playing(|k| *k == MomentKind::Dice)
        .is_some_and(|m| !m.applied);
    let mut y = a.rect.bottom() + 6.0;
    let mut lines = lines(cx, v, blowing || rolling);
    if let Some(note) = &cx.pace_note {
        lines.insert(0, note.clone());
        lines.truncate(3);
    }
    // Each line wraps whole; a line that would pass the fourth row is left out whole
    // (the odds of every choice are also on its button's tip).
    let mut rows = 0;
    for line in lines {
        let wrapped = style::wrap(&line, r.w - 10.0, |x| {
            style::width(x, &fonts.serif, text::LABEL)
        });
        if rows + wrapped.len() > ODDS_ROWS {
            break;
        }
        rows += wrapped.len();
        for part in wrapped {
            y += 19.0;
            style::text(&part, r.x, y, &fonts.serif, text::LABEL, colour::GOLD);
        }
    }
    let lit = v.lit.filter(|_| !rolling);
    let area = Rect::new(r.x, y + 6.0, r.w - 8.0, r.bottom() - y - 8.0);
    draw_combat_table(area, &v.rows, lit, fonts);
}

/// Rows of text under the dice, at most.
const ODDS_ROWS: usize = 4;

/// The lines under the dice: while the dice wait for rerolls, what each reroll or card
/// would change (with the odds); else how the last exchange ended. None while the dice
/// fly or a blow lands (the arena says it).
fn lines(cx: &Ctx, v: &view::View, moving: bool) -> Vec<String> {
    if moving {
        return Vec::new();
    }
    let odds = if cx.busy {
        Vec::new()
    } else {
        cx.odds.to_vec()
    };
    if !odds.is_empty() {
        return odds.into_iter().take(3).collect();
    }
    match cx.scene.last_exchange {
        Some(x)
            if (v.exchange > 0 || v.over) && cx.s().duel().is_none_or(|d| d.rolled.is_none()) =>
        {
            vec![format!(
                "Last exchange: you dealt {}, took {}.",
                x.to_foe, x.to_traveller
            )]
        }
        _ => Vec::new(),
    }
}
