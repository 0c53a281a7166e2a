//! The duel panel beside the foe's card: the foe's HP bar (sliding when struck), both dice
//! (tumbling, then landed), the damage of the exchange rising from each side, the combat
//! table and the foe's faces with the rolled rows lit. After the killing blow it stays for
//! the foe's defeat moment, drawn from the scene's memory of the duel: the final dice, the
//! HP bar at 0.

use super::Ctx;
use super::dice::{draw_result, motion, moving};
use super::tables::{draw_combat_table, draw_faces};
use crate::present::scene::{DuelMemory, Exchange};
use crate::present::stage::MomentKind;
use crate::present::words;
use crate::ui::style::{self, DieOwner, colour, fade};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// The dice to show: the traveller's, the foe's, the traveller's modifier.
type Dice = (Option<u8>, Option<u8>, i32);

/// What the panel shows of the duel, from the shown state or, once the foe has fallen or
/// left, from the scene's memory.
struct View {
    name: String,
    hp: i32,
    max_hp: i32,
    exchange: u32,
    dice: Dice,
    /// The combat table's row to light.
    lit: Option<usize>,
    faces: Vec<crate::cards::model::Face>,
    over: bool,
}

fn view(cx: &Ctx) -> Option<View> {
    let s = cx.s();
    let name_of = |card: Option<crate::cards::CardRef>| {
        card.map_or(s.cards.guardian.name.clone(), |c| {
            s.cards.card(c).name.clone()
        })
    };
    let faces_of = |card: Option<crate::cards::CardRef>| match card {
        Some(c) => s.cards.card(c).faces.clone(),
        None => s.cards.guardian.faces.clone(),
    };
    let last = cx.scene.last_exchange;
    let row_of =
        |v: Option<u8>, m: i32| v.map(|v| words::roll_row((v as i32 + m).clamp(1, 6) as u8));
    if let Some(d) = s.duel() {
        let (dice, lit) = match (&d.rolled, d.awaiting_foe, &last) {
            (Some(r), _, _) => (
                (r.traveller, Some(r.foe), r.modifier),
                row_of(r.traveller, r.modifier),
            ),
            (None, Some(h), _) => (
                (h.traveller, None, h.modifier),
                row_of(h.traveller, h.modifier),
            ),
            (None, None, Some(x)) if d.exchange > 0 => {
                ((x.roll, Some(x.foe_roll), 0), words::strike_row(x.strike))
            }
            _ => ((None, None, 0), None),
        };
        return Some(View {
            name: name_of(d.card),
            hp: d.hp,
            max_hp: d.max_hp,
            exchange: d.exchange,
            dice,
            lit,
            faces: faces_of(d.card),
            over: false,
        });
    }
    // The foe's last moment: the duel has ended in the shown state.
    cx.playing(|k| matches!(k, MomentKind::FoeDefeated | MomentKind::FoeLeft))?;
    let DuelMemory {
        card,
        hp,
        max_hp,
        exchange,
    } = cx.scene.last_duel.clone()?;
    let x: Option<Exchange> = last;
    Some(View {
        name: name_of(card),
        hp,
        max_hp,
        exchange,
        dice: x.map_or((None, None, 0), |x| (x.roll, Some(x.foe_roll), 0)),
        lit: x.and_then(|x| words::strike_row(x.strike)),
        faces: faces_of(card),
        over: true,
    })
}

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
        draw_combat_table(Rect::new(area.x, area.y, half, area.h), lit, fonts);
        draw_faces(
            Rect::new(area.x + half + 12.0, area.y, half, area.h),
            fonts,
            &v.faces,
            foe_face,
        );
    } else {
        let h = area.h / 2.0;
        draw_combat_table(Rect::new(area.x, area.y, area.w, h), lit, fonts);
        draw_faces(
            Rect::new(area.x, area.y + h, area.w, h),
            fonts,
            &v.faces,
            foe_face,
        );
    }
    true
}

/// The foe's name, its HP bar (sliding from before a blow to after it, `p` along) and the
/// HP and exchange label; returns the bar's rectangle.
fn draw_header(cx: &Ctx, v: &View, r: Rect, to_foe: i32, p: f32) -> Rect {
    let fonts = cx.fonts;
    // The HP bar slides from before the blow to after it.
    let shown_hp = v.hp as f32 + to_foe as f32 * (1.0 - ease(p));
    let label = if v.over && v.hp <= 0 {
        format!("0 / {} HP · defeated", v.max_hp)
    } else {
        format!(
            "{} / {} HP · exchange {}",
            v.hp.max(0),
            v.max_hp,
            v.exchange + 1
        )
    };
    let label_w = style::width(&label, &fonts.serif, text::LABEL);
    let name = style::ellipsize(&v.name, r.w - label_w - 24.0, |x| {
        style::width(x, &fonts.serif, text::TITLE)
    });
    style::text(
        &name,
        r.x,
        r.y + 24.0,
        &fonts.serif,
        text::TITLE,
        colour::PARCHMENT,
    );
    let bar = Rect::new(r.x, r.y + 34.0, r.w - 8.0, 16.0);
    style::rounded_rect(bar, 4.0, fade(style::dim(), 0.3));
    let frac = (shown_hp / v.max_hp.max(1) as f32).clamp(0.0, 1.0);
    style::rounded_rect(
        Rect::new(bar.x, bar.y, bar.w * frac, bar.h),
        4.0,
        colour::ERROR,
    );
    style::text_right(
        &label,
        bar.right(),
        r.y + 24.0,
        &fonts.serif,
        text::LABEL,
        fade(colour::PARCHMENT, 0.9),
    );
    bar
}

/// Ease out: fast, then settling.
fn ease(p: f32) -> f32 {
    1.0 - (1.0 - p.clamp(0.0, 1.0)).powi(3)
}
