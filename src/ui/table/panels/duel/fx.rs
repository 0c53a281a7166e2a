//! The duel's effects as numbers: where a thrown die is through its flight, how a struck
//! card flashes and shakes, how a damage number leaps, what a blow was. Pure functions of a
//! moment's clock, so the motion is tested without a window (see docs/UI.md, "Dice and
//! blows", and the notes on feel they follow: anticipation, impact with a hit-stop,
//! reaction, settle).

use crate::cards::model::Face;
use crate::core::{Event, Strike};
use macroquad::prelude::{Vec2, vec2};

/// Where a die is while it is thrown (or picked up again and thrown, for a reroll).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Flight {
    /// Offset from its resting place along the table, in die sizes.
    pub dx: f32,
    /// Height above the table, in die sizes (its shadow stays on the table).
    pub lift: f32,
    /// Turn, in radians.
    pub spin: f32,
    /// It is on its last bounce or at rest: it shows the face it lands on.
    pub landing: bool,
    /// Which random face it shows in the air (changes fast, then slower).
    pub face_step: u32,
}

/// Bounces of a throw: (start, end, height in die sizes) as shares of the flight.
const THROWN: [(f32, f32, f32); 3] = [(0.0, 0.52, 0.8), (0.52, 0.78, 0.26), (0.78, 0.93, 0.07)];
/// A reroll: the die is lifted from where it lay, then falls and bounces.
const PICKED: [(f32, f32, f32); 3] = [(0.0, 0.62, 0.8), (0.62, 0.84, 0.22), (0.84, 0.95, 0.06)];

/// The die `p` (0 to 1) through its flight. `dir`: the side it comes from (-1 from the
/// left, 1 from the right). `picked_up`: a reroll (the die starts where it lay, lifted
/// straight up; a throw starts off to the side, low).
pub fn flight(p: f32, dir: f32, picked_up: bool) -> Flight {
    let p = p.clamp(0.0, 1.0);
    let arcs = if picked_up { &PICKED } else { &THROWN };
    let mut lift = 0.0;
    for &(a, b, h) in arcs {
        if p >= a && p < b {
            let u = (p - a) / (b - a);
            // A picked-up die starts at the top of its first arc's rise, from the table.
            lift = if picked_up && a == 0.0 && u < 0.5 {
                h * (1.0 - (1.0 - 2.0 * u).powi(2))
            } else {
                h * 4.0 * u * (1.0 - u)
            };
        }
    }
    let travel = if picked_up { 0.0 } else { 1.1 };
    let slide = 1.0 - (1.0 - p).powi(3);
    let dx = dir * travel * (1.0 - slide);
    let spin = dir * -5.5 * (1.0 - p).powi(2);
    // The faces turn fast in the air and slow before the landing (steps of a falling rate).
    let face_step = (p * 14.0 - p * p * 6.0) as u32;
    Flight {
        dx,
        lift,
        spin,
        landing: p >= arcs[1].0,
        face_step,
    }
}

/// A blow as the table shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Blow {
    pub strike: Strike,
    pub to_foe: i32,
    pub to_traveller: i32,
    /// The traveller's parry or counter stopped a face that would have hurt.
    pub i_blocked: bool,
    /// The foe's face blocked the traveller's attack.
    pub foe_blocked: bool,
}

impl Blow {
    /// Reads an exchange's event; `faces`: the foe's six faces.
    pub fn of(e: &Event, faces: &[Face]) -> Option<Blow> {
        let Event::ExchangeResolved {
            strike,
            foe_roll,
            to_foe,
            to_traveller,
            ..
        } = e
        else {
            return None;
        };
        let face = faces.get((*foe_roll as usize).saturating_sub(1));
        let attack = matches!(strike, Strike::Hit | Strike::Critical | Strike::Counter);
        let parries = matches!(strike, Strike::Parry | Strike::Counter);
        Some(Blow {
            strike: *strike,
            to_foe: *to_foe,
            to_traveller: *to_traveller,
            i_blocked: parries && face.is_some_and(|f| f.deal > 0 || f.copy) && *to_traveller == 0,
            foe_blocked: attack && face.is_some_and(|f| f.block) && *to_foe == 0,
        })
    }

    /// The word stamped with it, if any: "Critical!", "Counter", "Parried", "Blocked",
    /// "Miss".
    pub fn word(&self) -> Option<&'static str> {
        match self.strike {
            Strike::Critical if self.to_foe > 0 => Some("Critical!"),
            Strike::Counter if self.to_foe > 0 => Some("Counter"),
            _ if self.foe_blocked => Some("Blocked"),
            Strike::Parry | Strike::Counter if self.i_blocked => Some("Parried"),
            Strike::Miss => Some("Miss"),
            Strike::Skipped => Some("Skipped"),
            _ => None,
        }
    }
}

/// How a struck card reacts `t` seconds into the blow.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Impact {
    /// Towards white: 1 at the strike, gone after a short fade.
    pub flash: f32,
    /// Offset of the struck card, in layout units.
    pub shake: Vec2,
    /// How far the damage number has leapt, in layout units, and its opacity.
    pub rise: f32,
    pub alpha: f32,
    /// The number's scale: it pops, then settles to 1.
    pub pop: f32,
}

/// The hold at the strike (the struck card stands still, lit), longer for a harder blow.
pub fn hit_stop(amount: i32) -> f32 {
    (0.05 + 0.015 * amount as f32).min(0.12)
}

/// A struck card `t` seconds into a blow of `amount`, `critical` or not. A blow of 0 (a
/// block) neither flashes nor shakes.
pub fn impact(t: f32, amount: i32, critical: bool) -> Impact {
    let stop = hit_stop(amount);
    let hurt = amount > 0;
    let flash = if !hurt {
        0.0
    } else if t < stop {
        1.0
    } else {
        (1.0 - (t - stop) / 0.14).clamp(0.0, 1.0)
    };
    // A few units for 1 damage, more for a critical; it dies away quickly.
    let amp = if hurt {
        ((2.0 + 2.2 * amount as f32) * if critical { 1.4 } else { 1.0 }).min(16.0)
    } else {
        0.0
    };
    let after = (t - stop).max(0.0);
    let decay = if t < stop { 0.0 } else { (-after / 0.1).exp() };
    let shake = vec2(
        amp * decay * (after * 55.0).sin(),
        amp * 0.35 * decay * (after * 47.0).cos(),
    );
    let rise = 48.0 * (1.0 - (1.0 - (t / 0.5).clamp(0.0, 1.0)).powi(3));
    let alpha = 1.0 - ((t - 0.4) / 0.3).clamp(0.0, 1.0);
    // From POP_PEAK down to 1.
    let pop = 1.0 + 0.45 * (1.0 - (t / 0.14).clamp(0.0, 1.0));
    Impact {
        flash,
        shake,
        rise,
        alpha,
        pop,
    }
}

/// How large a blow's number starts, against its size at rest ([`impact`]'s `pop`).
pub const POP_PEAK: f32 = 1.45;

/// A foe's card breaking at its defeat, `p` (0 to 1) through the moment: how far the crack
/// has run down it (0 to 1), and how far its two halves have moved apart and fallen
/// (0 while it cracks).
pub fn break_apart(p: f32) -> (f32, f32) {
    let crack = (p / 0.22).clamp(0.0, 1.0);
    let part = ((p - 0.22) / 0.6).clamp(0.0, 1.0);
    (crack, part * part)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thrown_die_arcs_bounces_lower_each_time_and_lands_where_it_rests() {
        let start = flight(0.0, -1.0, false);
        assert!(start.dx < -0.9, "it comes in from the side: {start:?}");
        let peak = flight(0.26, -1.0, false);
        let bounce = flight(0.65, -1.0, false);
        let last = flight(0.855, -1.0, false);
        assert!(peak.lift > 0.7 && bounce.lift > 0.2 && last.lift > 0.05);
        assert!(peak.lift > bounce.lift && bounce.lift > last.lift);
        assert!(!peak.landing && bounce.landing);
        // Between bounces it touches the table.
        assert!(flight(0.52, -1.0, false).lift < 0.01);
        let rest = flight(1.0, -1.0, false);
        assert_eq!((rest.dx, rest.lift, rest.spin), (0.0, 0.0, 0.0));
        // Faces turn fast early, slowly late.
        let early = flight(0.2, 1.0, false).face_step - flight(0.0, 1.0, false).face_step;
        let late = flight(1.0, 1.0, false).face_step - flight(0.8, 1.0, false).face_step;
        assert!(early > late, "{early} {late}");
    }

    #[test]
    fn a_rerolled_die_is_picked_up_where_it_lay() {
        let f = flight(0.0, 1.0, true);
        assert_eq!((f.dx, f.lift), (0.0, 0.0));
        assert!(flight(0.3, 1.0, true).lift > 0.7);
        assert_eq!(flight(1.0, 1.0, true).lift, 0.0);
    }

    #[test]
    fn a_harder_blow_holds_longer_and_shakes_more_and_a_block_does_neither() {
        assert!(hit_stop(4) > hit_stop(1));
        let light = impact(hit_stop(1), 1, false);
        let heavy = impact(hit_stop(4), 4, true);
        assert_eq!(light.flash, 1.0);
        // Just after the hold the card starts to shake; a critical harder.
        let amp = |i: Impact| i.shake.length();
        let l = (1..20)
            .map(|k| amp(impact(hit_stop(1) + k as f32 * 0.005, 1, false)))
            .fold(0.0, f32::max);
        let h = (1..20)
            .map(|k| amp(impact(hit_stop(4) + k as f32 * 0.005, 4, true)))
            .fold(0.0, f32::max);
        assert!(h > 2.0 * l, "{h} vs {l}");
        assert!(heavy.pop > 1.0);
        // During the hold it stands still.
        assert_eq!(impact(0.01, 3, false).shake, vec2(0.0, 0.0));
        // Settled: no flash, no shake, the number gone.
        let end = impact(0.75, 3, false);
        assert!(end.flash == 0.0 && end.shake.length() < 0.1 && end.alpha == 0.0);
        let block = impact(0.08, 0, false);
        assert_eq!((block.flash, block.shake), (0.0, vec2(0.0, 0.0)));
    }

    #[test]
    fn a_blow_is_named_by_what_it_did() {
        let face = |deal: i32, block: bool| Face {
            deal,
            block,
            ..Face::default()
        };
        let faces = [face(2, false), face(0, true), face(0, false)];
        let ex = |strike, foe_roll, to_foe, to_traveller| Event::ExchangeResolved {
            exchange: 1,
            roll: Some(3),
            strike,
            foe_roll,
            face: "x".into(),
            to_foe,
            to_traveller,
            reflected: 0,
            foe_healed: 0,
            foe_hp: 2,
            health: 10,
            status: Default::default(),
        };
        let word = |e: Event| Blow::of(&e, &faces).and_then(|b| b.word());
        assert_eq!(word(ex(Strike::Critical, 3, 3, 0)), Some("Critical!"));
        assert_eq!(word(ex(Strike::Counter, 1, 1, 0)), Some("Counter"));
        assert_eq!(word(ex(Strike::Parry, 1, 0, 0)), Some("Parried"));
        assert_eq!(word(ex(Strike::Hit, 2, 0, 0)), Some("Blocked"));
        assert_eq!(word(ex(Strike::Miss, 3, 0, 0)), Some("Miss"));
        assert_eq!(word(ex(Strike::Hit, 3, 2, 0)), None);
        // A parry against a face that deals nothing stopped nothing.
        assert_eq!(word(ex(Strike::Parry, 3, 0, 0)), None);
    }

    #[test]
    fn a_defeated_card_cracks_then_falls_apart() {
        assert_eq!(break_apart(0.0), (0.0, 0.0));
        let (crack, part) = break_apart(0.2);
        assert!(crack > 0.8 && part == 0.0);
        assert_eq!(break_apart(1.0), (1.0, 1.0));
    }
}
