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
//! - *Dice no reroll can better*: when the dice just rolled can be rerolled (Grace banked,
//!   a card's free reroll) but no reroll offered could end better than
//!   accepting them (a Pit already passed, a duel's best result), the table accepts them by
//!   itself after a beat: there is nothing to decide ([`accepts_itself`]).
//!
//! Plain functions of the state and events, so the rules of pace are tested without a
//! window; the table only keeps the clock.

use crate::core::state::{DuelStatus, Phase};
use crate::core::{Action, Event, State, legal_actions};

/// Seconds a quiet card stays up before it goes on by itself: a base, plus a little per
/// character of its name and text, within bounds (at normal speed).
/// About a second and a half for a short card: a quiet card has nothing to decide, and
/// a player who wants longer holds it (Settings: quiet cards wait, or any key at once).
pub const READ_BASE: f32 = 1.1;
pub const READ_PER_CHAR: f32 = 0.008;
pub const READ_MIN: f32 = 1.5;
pub const READ_MAX: f32 = 3.0;

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
/// offered (leaving the run aside, and the cards whose use would change nothing now) is
/// to roll or to accept the dice.
pub fn quick_step(s: &State) -> Option<Action> {
    if !matches!(s.phase, Phase::Duel(_)) || s.guide {
        return None;
    }
    let mut offered = legal_actions(s).into_iter().filter(|a| {
        *a != Action::Abandon
            && !matches!(
                crate::core::consequence::consequence(s, a),
                Some(crate::core::consequence::Warning::Wasted { .. })
            )
    });
    let only = offered.next()?;
    if offered.next().is_some() {
        return None;
    }
    matches!(only, Action::Roll | Action::Continue).then_some(only)
}

/// How a step ends for the traveller, best last: alive, the test passed, Health, the
/// foe's Health (less is better).
fn standing_after(s: &State, events: &[Event]) -> (bool, bool, i32, i32) {
    let passed = events
        .iter()
        .any(|e| matches!(e, Event::TestJudged { success: true, .. }));
    let foe = events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::ExchangeResolved { foe_hp, .. } => Some(*foe_hp),
            Event::FoeDefeated { .. } => Some(0),
            _ => None,
        })
        .or_else(|| s.duel().map(|d| d.hp))
        .unwrap_or(0);
    (
        !s.is_over() || s.outcome == Some(crate::core::Outcome::Won),
        passed,
        s.health,
        -foe,
    )
}

/// Whether the dice just rolled are accepted by the table itself: accepting them is
/// offered with rerolls of the traveller's dice, and no reroll (each die, each value)
/// would end the step better than accepting now. In a guided run a reroll of the foe's
/// die is the Guide's to choose, and keeps the choice open.
pub fn accepts_itself(s: &State) -> bool {
    let offered = legal_actions(s);
    if !offered.contains(&Action::Continue) || !matches!(s.phase, Phase::Duel(_) | Phase::Pit(_)) {
        return false;
    }
    let rerolls: Vec<&Action> = offered
        .iter()
        .filter(|a| matches!(a, Action::Reroll { .. }))
        .collect();
    if rerolls.is_empty()
        || s.guide
            && rerolls.iter().any(|a| {
                matches!(
                    a,
                    Action::Reroll {
                        die: crate::core::Die::Foe,
                        ..
                    }
                )
            })
    {
        return false;
    }
    let accept = |mut t: State| {
        let events = crate::core::execute(&mut t, &Action::Continue).unwrap_or_default();
        standing_after(&t, &events)
    };
    let now = accept(s.clone());
    !rerolls.iter().any(|a| {
        (1..=6).any(|v| {
            let mut t = s.clone();
            t.force_die(v);
            let Ok(events) = crate::core::execute(&mut t, a) else {
                return false;
            };
            let then = if legal_actions(&t).contains(&Action::Continue) {
                accept(t)
            } else {
                standing_after(&t, &events)
            };
            then > now
        })
    })
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
    use crate::present::testing::set_grace;

    fn duel(guide: bool) -> State {
        crate::present::testing::first_duel(guide)
    }

    #[test]
    fn reading_time_grows_with_the_text_within_bounds() {
        assert_eq!(reading_time("A", "", 1.0), READ_MIN);
        let short = reading_time("Chalk Marks", "A quiet moment. No effect.", 1.0);
        let long = reading_time("Chalk Marks", &"word ".repeat(40), 1.0);
        assert!(short >= READ_MIN && short < long, "{short} {long}");
        assert_eq!(reading_time("x", &"y".repeat(900), 1.0), READ_MAX);
        assert!(reading_scale(0.0) > 0.0 && reading_scale(1.6) > reading_scale(1.0));
    }

    #[test]
    fn a_quick_duel_rolls_and_accepts_but_never_chooses_for_the_player() {
        let mut s = duel(false);
        assert_eq!(quick_step(&s), Some(Action::Roll));
        // Grace spent on a reroll leaves only the dice to accept.
        set_grace(&mut s, 1);
        s.force_die(1);
        s.force_die(6);
        execute(&mut s, &Action::Roll).unwrap();
        // With Grace a reroll is a choice: the player decides.
        assert_eq!(quick_step(&s), None);
        let mut spent = s.clone();
        set_grace(&mut spent, 0);
        assert_eq!(quick_step(&spent), Some(Action::Continue));
        // Outside a duel, and with a Guide, nothing goes by itself.
        let (fresh, _) = new_run(s.cards.clone(), 1, vec![]);
        assert_eq!(quick_step(&fresh), None);
        assert_eq!(quick_step(&duel(true)), None);
    }

    #[test]
    fn a_quick_duel_is_not_stopped_by_a_card_whose_use_changes_nothing_now() {
        use crate::core::consequence::{Warning, consequence};
        let wasted =
            |s: &State, a: &Action| matches!(consequence(s, a), Some(Warning::Wasted { .. }));
        let cards = crate::present::testing::first_duel(false).cards.clone();
        // A duel whose only other choices are cards that would be used up for nothing.
        let scene = crate::sim::scene::find(&cards, 3000, |s| {
            let offered = legal_actions(s);
            matches!(s.phase, Phase::Duel(_))
                && offered.iter().any(|a| wasted(s, a))
                && offered
                    .iter()
                    .filter(|a| **a != Action::Abandon && !wasted(s, a))
                    .count()
                    == 1
        })
        .expect("a seed reaches a duel with an idle card in hand");
        let (mut s, _) = crate::core::new_run(cards, scene.seed, vec![]);
        for i in scene.actions {
            let a = legal_actions(&s)[i].clone();
            execute(&mut s, &a).unwrap();
        }
        let step = quick_step(&s);
        assert!(
            matches!(step, Some(Action::Roll | Action::Continue)),
            "the duel goes on by itself past {:?}: {step:?}",
            legal_actions(&s)
        );
    }

    #[test]
    fn dice_no_reroll_can_better_are_accepted_by_the_table() {
        let mut s = duel(false);
        set_grace(&mut s, 1);
        // A Critical that fells the Ram (3 HP) against its miss: nothing to better.
        let mut kill = s.clone();
        kill.force_die(5);
        kill.force_die(1);
        execute(&mut kill, &Action::Roll).unwrap();
        assert!(legal_actions(&kill).contains(&Action::Continue));
        assert!(
            accepts_itself(&kill),
            "a kill taking nothing needs no choice"
        );
        // A miss: a reroll could hit, so the player decides.
        let mut miss = s.clone();
        miss.force_die(1);
        miss.force_die(6);
        execute(&mut miss, &Action::Roll).unwrap();
        assert!(!accepts_itself(&miss));
        // No reroll offered (no Grace): the quick duel's rules, not this one.
        let mut none = miss.clone();
        set_grace(&mut none, 0);
        assert!(!accepts_itself(&none));
        // Nowhere but in a roll's window.
        assert!(!accepts_itself(&s));
    }

    #[test]
    fn a_pit_already_passed_is_accepted_and_a_failed_one_waits() {
        // Pits met in the first steps of some seeds, rolled with Grace banked.
        let cards = crate::present::testing::shipped();
        let (mut passed, mut failed) = (0, 0);
        for seed in 0..60u64 {
            let (mut s, _) = new_run(cards.clone(), seed, vec![]);
            for _ in 0..40 {
                if matches!(s.phase, Phase::Pit(_)) && legal_actions(&s).contains(&Action::Continue)
                {
                    break;
                }
                let Some(a) = legal_actions(&s)
                    .into_iter()
                    .find(|a| *a != Action::Abandon)
                else {
                    break;
                };
                if execute(&mut s, &a).is_err() {
                    break;
                }
            }
            if !(matches!(s.phase, Phase::Pit(_)) && legal_actions(&s).contains(&Action::Continue))
            {
                continue;
            }
            if !legal_actions(&s)
                .iter()
                .any(|a| matches!(a, Action::Reroll { .. }))
            {
                continue;
            }
            let mut t = s.clone();
            let events = execute(&mut t, &Action::Continue).unwrap();
            let success = events
                .iter()
                .any(|e| matches!(e, Event::TestJudged { success: true, .. }));
            assert_eq!(accepts_itself(&s), success, "seed {seed}: {events:?}");
            if success { passed += 1 } else { failed += 1 }
        }
        assert!(
            passed + failed > 0,
            "some seed reaches a Pit's reroll window"
        );
    }

    #[test]
    fn a_quick_duel_stops_at_a_kill_a_big_loss_and_a_new_status() {
        let s = duel(false);
        let mut t = s.clone();
        t.force_die(5);
        t.force_die(1);
        let events = execute(&mut t, &Action::Roll).unwrap();
        assert_eq!(stop_after(&s, &events), Some(Stop::DuelOver));
        // The Ram's face 2 (Lowers Its Horns) empowers its next hit: a new status.
        let mut t = s.clone();
        t.force_die(1);
        t.force_die(2);
        let events = execute(&mut t, &Action::Roll).unwrap();
        assert_eq!(stop_after(&s, &events), Some(Stop::NewStatus));
        // A plain miss against a miss goes on.
        let mut t = s.clone();
        t.force_die(1);
        t.force_die(6);
        let events = execute(&mut t, &Action::Roll).unwrap();
        assert_eq!(stop_after(&s, &events), None);
        let mut hurt = s.clone();
        let health = s.health + BIG_LOSS;
        let healed = crate::core::Event::HealthChanged {
            by: BIG_LOSS,
            health,
        };
        crate::core::apply(&mut hurt, &healed);
        assert_eq!(stop_after(&hurt, &events), Some(Stop::BigLoss(BIG_LOSS)));
    }

    /// A blank card ("A quiet moment. No effect.") folds into its log line when asked: no
    /// hold on the stage; a card that does something is still held up; without folding the
    /// blank is held up as before.
    #[test]
    fn a_blank_card_folds_into_the_log_and_a_card_that_acts_is_still_held() {
        use crate::present::scene::Scene;
        use crate::present::stage::Stage;
        let cards = crate::present::testing::shipped();
        let (mut s, _) = new_run(cards, 3, vec![]);
        let (mut blanks, mut acting) = (0, 0);
        for step in 0..3000u64 {
            if s.is_over() || (blanks >= 2 && acting >= 2) {
                break;
            }
            let legal: Vec<Action> = legal_actions(&s)
                .into_iter()
                .filter(|a| *a != Action::Abandon)
                .collect();
            let a = legal[(crate::sim::policy::mix(step) as usize) % legal.len()].clone();
            let before = s.clone();
            let events = execute(&mut s, &a).expect("offered");
            let Some(card) = events.iter().find_map(|e| match e {
                Event::CardFlipped { card, .. } => Some(*card),
                _ => None,
            }) else {
                continue;
            };
            let text = &before.cards.card(card).text;
            let held_with = |fold: bool| {
                let mut stage = Stage::new(Scene::new(before.clone()));
                stage.set_auto_read(true);
                stage.set_fold_quiet(fold);
                stage.push(&before, &events);
                let mut held = false;
                for _ in 0..2000 {
                    held |= matches!(
                        stage.moment().map(|m| &m.kind),
                        Some(crate::present::stage::MomentKind::Read { .. })
                    );
                    if stage.idle() {
                        break;
                    }
                    stage.advance(1.0 / 60.0);
                }
                held
            };
            if text == "A quiet moment. No effect." {
                blanks += 1;
                assert!(held_with(false), "unfolded, a blank is held up to read");
                assert!(!held_with(true), "folded, a blank is a log line only");
            } else if held_with(false) {
                acting += 1;
                assert!(held_with(true), "{text:?} does something: still held up");
            }
        }
        assert!(
            blanks >= 1 && acting >= 1,
            "{blanks} blanks, {acting} acting"
        );
    }
}
