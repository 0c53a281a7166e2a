//! The dice arena of a duel: the traveller's die and the foe's, large, thrown onto the
//! table (an arc, a shadow, bounces, faces slowing before the landing face), a rerolled
//! die picked up and thrown again, a ring as each lands; then the blow: the word it is
//! stamped with, a shield on the die that blocked, the missed die dimmed, the traveller's
//! loss leaping from their die.

use super::super::Ctx;
use super::super::dice::{draw_dealt, moving};
use super::fx::{self, Blow, Flight};

/// How large an exchange's word ("Critical!", "Blocked") starts, against its size at rest.
const WORD_POP: f32 = 1.3;
use super::view::View;
use crate::core::{Die, Event};
use crate::present::stage::{Moment, MomentKind};
use crate::ui::style::{self, DieOwner, colour, fade, mix};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// Where the dice rest.
pub(super) struct Arena {
    pub rect: Rect,
    pub size: f32,
    pub mine: Rect,
    pub foe: Rect,
}

/// The arena in `r` from `top`, `h` high.
pub(super) fn arena(r: Rect, top: f32, h: f32) -> Arena {
    let rect = Rect::new(r.x, top, r.w - 8.0, h);
    let size = (h * 0.66).min(rect.w * 0.22).max(36.0);
    let y = rect.y + (h - size) * 0.38;
    let at = |share: f32| Rect::new(rect.x + rect.w * share - size / 2.0, y, size, size);
    Arena {
        rect,
        size,
        mine: at(0.2),
        foe: at(0.8),
    }
}

/// The values a dice moment's event lands the duel's dice on: (the traveller's, the
/// foe's), each `None` when the event does not roll it.
fn landing(e: Option<&Event>) -> (Option<u8>, Option<u8>) {
    match e {
        Some(Event::ExchangeRolled { traveller, foe, .. }) => (*traveller, Some(*foe)),
        Some(Event::TravellerRolled { traveller, .. }) => (*traveller, None),
        Some(Event::FoeRolled { foe }) => (None, Some(*foe)),
        Some(Event::Rerolled {
            die: Die::Foe,
            value,
            ..
        }) => (None, Some(*value)),
        Some(Event::Rerolled { value, .. }) => (Some(*value), None),
        _ => (None, None),
    }
}

/// Draws both dice, thrown or at rest, with their labels.
pub(super) fn draw_dice(cx: &Ctx, v: &View, a: &Arena) {
    let fonts = cx.fonts;
    let rolling = cx.playing(|k| *k == MomentKind::Dice);
    let dealt = cx.s().dice.deck().is_some();
    let (mine_moves, foe_moves) = moving(rolling, cx.s().guide);
    let (land_mine, land_foe) = landing(rolling.and_then(|m| m.event.as_ref()));
    let picked = matches!(
        rolling.and_then(|m| m.event.as_ref()),
        Some(Event::Rerolled { .. })
    );
    let (mine, theirs, modifier) = v.dice;
    let blow = cx
        .playing(|k| matches!(k, MomentKind::Blow { .. }))
        .and_then(|m| Some((m, Blow::of(m.event.as_ref()?, &v.faces)?)));
    for (rest, value, moves, land, owner, dir, label) in [
        (
            a.mine,
            mine,
            mine_moves,
            land_mine,
            DieOwner::Traveller,
            -1.0,
            "You",
        ),
        (
            a.foe,
            theirs,
            foe_moves,
            land_foe,
            DieOwner::Foe,
            1.0,
            "Foe",
        ),
    ] {
        let m = rolling.filter(|_| moves);
        if dealt {
            let turning = super::super::dice::motion(m, true);
            draw_dealt(rest, value, turning, style::die_look(owner).edge, fonts);
        } else {
            match m.filter(|m| !m.applied) {
                Some(m) => thrown(rest, land, m, dir, picked, owner),
                None => {
                    draw_resting(rest, value, owner, fonts);
                    if let Some(m) = m {
                        // Landed: a ring spreads from it as its face lights in the tables.
                        let p = m.tail_progress();
                        let c = rest.center();
                        draw_circle_lines(
                            c.x,
                            c.y,
                            rest.w * (0.62 + 0.35 * p),
                            2.0,
                            fade(style::die_look(owner).edge, 0.7 * (1.0 - p)),
                        );
                    }
                }
            }
        }
        let dim = blow.as_ref().is_some_and(|(_, b)| {
            owner == DieOwner::Traveller && matches!(b.strike, crate::core::Strike::Miss)
        });
        if dim {
            style::rounded_rect(rest, rest.w * 0.16, fade(colour::TILE, 0.55));
        }
        style::text_centred(
            label,
            rest.center().x,
            a.rect.bottom() - 6.0,
            &fonts.italic,
            text::LABEL,
            fade(colour::PARCHMENT, 0.85),
        );
    }
    if modifier != 0 && rolling.is_none() && mine.is_some() {
        style::text(
            &format!("{modifier:+}"),
            a.mine.right() + 8.0,
            a.mine.center().y + 8.0,
            &fonts.serif,
            text::TITLE,
            colour::WARNING,
        );
    }
    if cx.s().guide && !v.over && theirs.is_none() {
        // Above the foe's die, never over it.
        style::text_centred(
            "the Guide rolls",
            a.foe.center().x,
            a.foe.y - 10.0,
            &fonts.italic,
            text::SMALL,
            colour::GUIDE,
        );
    }
    if let Some((m, b)) = blow {
        draw_blow(cx, a, m, &b);
    }
}

/// A die at rest, on its shadow: its face, or a "?" where it is still to be rolled.
fn draw_resting(r: Rect, value: Option<u8>, owner: DieOwner, fonts: &style::Fonts) {
    shadow(r, 0.0, 0.0);
    super::super::dice::draw_die(r, value, None, 0.0, owner, fonts);
}

/// The shadow a die casts on the table, smaller and fainter the higher it is.
fn shadow(rest: Rect, dx: f32, lift: f32) {
    let c = vec2(rest.center().x + dx, rest.bottom() + rest.h * 0.08);
    let w = rest.w * 0.5 * (1.0 - 0.3 * lift.min(1.2));
    draw_ellipse(
        c.x,
        c.y,
        w,
        rest.h * 0.09,
        0.0,
        fade(
            Color::new(0.0, 0.0, 0.0, 1.0),
            0.45 * (1.0 - 0.45 * lift.min(1.2)),
        ),
    );
}

/// A die in the air, `m`'s lead along, landing on `land`.
fn thrown(rest: Rect, land: Option<u8>, m: &Moment, dir: f32, picked: bool, owner: DieOwner) {
    let f: Flight = fx::flight(m.lead_progress(), dir, picked);
    let dx = f.dx * rest.w;
    let dy = -f.lift * rest.h;
    shadow(rest, dx, f.lift);
    let seed = if owner == DieOwner::Foe { 3 } else { 0 };
    let face = if f.landing {
        land
    } else {
        Some(((f.face_step * 5 + seed) % 6) as u8 + 1)
    };
    let at = Rect::new(rest.x + dx, rest.y + dy, rest.w, rest.h);
    style::draw_die_face(at, face, owner, f.spin);
}

/// A blow's word stamped between the dice, a shield on the die that blocked, and the
/// traveller's loss leaping from their die.
fn draw_blow(cx: &Ctx, a: &Arena, m: &Moment, b: &Blow) {
    let fonts = cx.fonts;
    let t = m.tail_progress() * m.tail;
    if b.i_blocked {
        shield(a.mine, t, colour::SEA_LIGHT);
    }
    if b.foe_blocked {
        shield(a.foe, t, colour::ERROR);
    }
    if let Some(word) = b.word() {
        let i = fx::impact(t, 2, false);
        let ink = match word {
            "Critical!" => colour::GOLD,
            "Counter" | "Parried" => colour::SEA_LIGHT,
            "Blocked" => colour::WARNING,
            _ => fade(colour::PARCHMENT, 0.85),
        };
        // Set at its largest (the pop held to 1.3) and scaled down to it.
        let size = (text::TITLE as f32 * WORD_POP) as u16;
        let zoom = i.pop.min(WORD_POP) / WORD_POP;
        let w = style::width(word, &fonts.serif, size) * zoom;
        style::text_zoomed(
            word,
            a.rect.center().x - w / 2.0,
            a.mine.center().y + 6.0,
            &fonts.serif,
            size,
            zoom,
            fade(ink, (1.0 - ((t - 0.55) / 0.2).clamp(0.0, 1.0)).max(0.0)),
        );
    }
    if b.to_traveller > 0 {
        let i = fx::impact(t, b.to_traveller, false);
        let c = a.mine.center() + i.shake;
        if i.flash > 0.0 {
            style::rounded_rect(
                Rect::new(c.x - a.size / 2.0, c.y - a.size / 2.0, a.size, a.size),
                a.size * 0.16,
                fade(mix(colour::ERROR, colour::PARCHMENT, 0.6), 0.6 * i.flash),
            );
        }
        // Set at the pop's largest and scaled down to it.
        let size = (text::BIG as f32 * fx::POP_PEAK) as u16;
        style::text_zoomed(
            &format!("-{}", b.to_traveller),
            a.mine.right() + 10.0,
            a.mine.center().y + 10.0 - i.rise * 0.5,
            &fonts.serif,
            size,
            i.pop / fx::POP_PEAK,
            fade(colour::ERROR, i.alpha),
        );
    }
}

/// A shield over a die that took a blow, popping in and fading.
fn shield(die: Rect, t: f32, ink: Color) {
    let grow = (t / 0.12).clamp(0.0, 1.0);
    let alpha = 1.0 - ((t - 0.45) / 0.25).clamp(0.0, 1.0);
    let s = die.w * (0.55 + 0.25 * grow);
    let c = die.center();
    let pts = [
        (-0.5, -0.55),
        (0.5, -0.55),
        (0.5, 0.05),
        (0.0, 0.62),
        (-0.5, 0.05),
    ]
    .map(|(x, y)| c + vec2(x, y) * s * 1.5);
    for i in 1..pts.len() - 1 {
        draw_triangle(
            pts[0],
            pts[i],
            pts[i + 1],
            fade(mix(colour::TILE, ink, 0.35), 0.8 * alpha),
        );
    }
    for i in 0..pts.len() {
        let (p, q) = (pts[i], pts[(i + 1) % pts.len()]);
        draw_line(p.x, p.y, q.x, q.y, 3.0, fade(ink, alpha));
    }
}
