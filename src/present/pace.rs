//! The pace of a run: what may go on by itself, and when it must stop for the player.
//!
//! - A *quiet card* (one that resolved by itself: a Caesura, a Blessing, a Snare that
//!   caught) is held up to be read. In a solo run it goes on by itself after a reading
//!   time that grows with its text; a key still goes on at once. A guided run keeps the
//!   hold: the Guide reads aloud and says when.
//! - *Quick duels*: an exchange with nothing to decide (the only choice offered is to roll,
//!   or to accept the dice) is taken by the table itself after a beat, and the duel stops
//!   for the player at every moment that matters: a kill, a loss of
//!   [`BIG_LOSS`] Health or more, a new status on either side.
//!
//! Plain functions of the state and events, so the rules of pace are tested without a
//! window; the table only keeps the clock.

use crate::core::state::{DuelStatus, Phase};
use crate::core::{Action, Event, State, legal_actions};

/// Seconds a quiet card stays up before it goes on by itself: a base, plus a little per
/// character of its name and text, within bounds (at normal speed).
pub const READ_BASE: f32 = 1.6;
pub const READ_PER_CHAR: f32 = 0.035;
pub const READ_MIN: f32 = 2.2;
pub const READ_MAX: f32 = 7.0;

/// A quick duel's beat between a landed exchange and the next roll (normal speed).
pub const QUICK_BEAT: f32 = 0.45;

/// Health lost in one step that stops a quick duel.
pub const BIG_LOSS: i32 = 3;

/// How long a card with `name` and `text` stays up to be read before it goes on by itself,
/// at a pace scaled by `scale` (the speed setting's reading factor, see
/// [`reading_scale`]).
pub fn reading_time(name: &str, text: &str, scale: f32) -> f32 {
    let chars = (name.chars().count() + text.chars().count()) as f32;
    (READ_BASE + READ_PER_CHAR * chars).clamp(READ_MIN, READ_MAX) * scale
}

/// Reading is slower than animation to speed up: each speed's factor on
/// [`reading_time`] (its animation factor, softened; never zero, even at Instant).
pub fn reading_scale(animation: f32) -> f32 {
    (0.6 + 0.4 * animation).clamp(0.6, 1.3)
}

/// The action a quick duel takes by itself now, if any: in a duel, when the only choice
/// offered (leaving the run aside) is to roll or to accept the dice.
pub fn quick_step(s: &State) -> Option<Action> {
    if !matches!(s.phase, Phase::Duel(_)) || s.guide {
        return None;
    }
    let mut offered = legal_actions(s)
        .into_iter()
        .filter(|a| *a != Action::Abandon);
    let only = offered.next()?;
    if offered.next().is_some() {
        return None;
    }
    matches!(only, Action::Roll | Action::Continue).then_some(only)
}

/// Why a quick duel stops after these events (taken from `before`), if it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The foe fell (or the duel ended some other way).
    DuelOver,
    /// The traveller lost this much Health at once.
    BigLoss(i32),
    /// A status took hold: a skipped roll, a penalty, no rerolls, an enraged or empowered
    /// foe.
    NewStatus,
}

/// The statuses that change what comes next, each as a number that grows when it takes
/// hold (the count of attacks made is bookkeeping, not a status).
fn statuses(st: &DuelStatus) -> [i32; 6] {
    [
        st.skip as i32,
        st.penalty.abs(),
        st.no_rerolls as i32,
        st.enrage,
        st.empower,
        st.shield as i32,
    ]
}

/// Whether the events of one step (from the state `before`) hold a moment that matters.
pub fn stop_after(before: &State, events: &[Event]) -> Option<Stop> {
    let status_before = before.duel().map(|d| statuses(&d.status));
    let mut health = before.health;
    for e in events {
        match e {
            Event::FoeDefeated { .. } | Event::FoePassed { .. } | Event::DuelStalemate { .. } => {
                return Some(Stop::DuelOver);
            }
            Event::ExchangeResolved {
                status, health: h, ..
            } => {
                if let Some(b) = status_before
                    && statuses(status).iter().zip(b).any(|(now, was)| *now > was)
                {
                    return Some(Stop::NewStatus);
                }
                health = *h;
            }
            Event::HealthChanged { health: h, .. } => health = *h,
            _ => {}
        }
    }
    let lost = before.health - health;
    (lost >= BIG_LOSS).then_some(Stop::BigLoss(lost))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{execute, new_run};

    fn duel(guide: bool) -> State {
        crate::present::testing::first_duel(guide)
    }

    #[test]
    fn reading_time_grows_with_the_text_within_bounds() {
        assert_eq!(reading_time("A", "", 1.0), READ_MIN);
        let short = reading_time("Chalk Marks", "A quiet moment. No effect.", 1.0);
        let long = reading_time("Chalk Marks", &"word ".repeat(40), 1.0);
        assert!(short > READ_MIN && short < long, "{short} {long}");
        assert_eq!(reading_time("x", &"y".repeat(900), 1.0), READ_MAX);
        assert!(reading_scale(0.0) > 0.0 && reading_scale(1.6) > reading_scale(1.0));
    }

    #[test]
    fn a_quick_duel_rolls_and_accepts_but_never_chooses_for_the_player() {
        let mut s = duel(false);
        assert_eq!(quick_step(&s), Some(Action::Roll));
        // Grace spent on a reroll leaves only the dice to accept.
        s.grace = 1;
        s.dice.force(1);
        s.dice.force(6);
        execute(&mut s, &Action::Roll).unwrap();
        // With Grace a reroll is a choice: the player decides.
        assert_eq!(quick_step(&s), None);
        let mut spent = s.clone();
        spent.grace = 0;
        assert_eq!(quick_step(&spent), Some(Action::Continue));
        // Outside a duel, and with a Guide, nothing goes by itself.
        let (fresh, _) = new_run(s.cards.clone(), 1, vec![]);
        assert_eq!(quick_step(&fresh), None);
        assert_eq!(quick_step(&duel(true)), None);
    }

    #[test]
    fn a_quick_duel_stops_at_a_kill_a_big_loss_and_a_new_status() {
        let s = duel(false);
        let mut t = s.clone();
        t.dice.force(5);
        t.dice.force(1);
        let events = execute(&mut t, &Action::Roll).unwrap();
        assert_eq!(stop_after(&s, &events), Some(Stop::DuelOver));
        // The Ram's face 2 (Lowers Its Horns) empowers its next hit: a new status.
        let mut t = s.clone();
        t.dice.force(1);
        t.dice.force(2);
        let events = execute(&mut t, &Action::Roll).unwrap();
        assert_eq!(stop_after(&s, &events), Some(Stop::NewStatus));
        // A plain miss against a miss goes on.
        let mut t = s.clone();
        t.dice.force(1);
        t.dice.force(6);
        let events = execute(&mut t, &Action::Roll).unwrap();
        assert_eq!(stop_after(&s, &events), None);
        let mut hurt = s.clone();
        hurt.health = s.health + BIG_LOSS;
        assert_eq!(stop_after(&hurt, &events), Some(Stop::BigLoss(BIG_LOSS)));
    }
}
