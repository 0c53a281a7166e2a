//! How long a whole run takes on the table's stage, at each speed and pace setting:
//! `forward simulate --pace`. A bot plays the run; every action's events are pushed onto a
//! [`Stage`] that is advanced at 60 frames a second until it is idle, and the frames are
//! counted. A hold that waits for the player (a quiet card held up, the Guardian) counts
//! one key and no time (the player's own reading time is theirs); a quiet card that goes
//! on by itself counts its reading time; a quick duel's step counts its beat and no key.
//! Decisions count a key each. The figures are the stage's clock, not the player's.

use super::policy::{BotRng, Policy, mix};
use crate::cards::CardSet;
use crate::core::{Action, Observation, execute, legal_actions, new_run};
use crate::present::pace::{self, QUICK_BEAT};
use crate::present::scene::Scene;
use crate::present::stage::{Speed, Stage};
use std::sync::Arc;

/// One frame of the table.
const FRAME: f32 = 1.0 / 60.0;
/// A run longer than this many actions is cut (a bot that loops).
const MAX_STEPS: usize = 5000;

/// The pace a player picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaceSetting {
    pub speed: Speed,
    /// Quiet cards wait for a key (today's hold) instead of going on by themselves.
    pub hold_quiet_cards: bool,
    pub quick_duels: bool,
    /// Cards that change nothing fold into a log line (no flip, no hold).
    pub fold_quiet_cards: bool,
}

/// What one run cost at one pace.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunPace {
    /// Seconds of the stage's clock.
    pub seconds: f32,
    /// Keys the player pressed: decisions, and holds released by hand.
    pub keys: usize,
    /// Actions the table took by itself (quick duels, dice no reroll could better).
    pub automatic: usize,
    /// Cards flipped.
    pub flips: usize,
    /// Cards that resolved by themselves (quiet cards), and the stage's seconds they took
    /// from the flip to the next choice.
    pub quiet: usize,
    pub quiet_seconds: f32,
}

/// Plays the run of `seed` (its first dice `forced`) with `policy` at `pace`.
pub fn run_pace(
    cards: &Arc<CardSet>,
    seed: u64,
    forced: &[u8],
    policy: &mut dyn Policy,
    pace_setting: PaceSetting,
) -> RunPace {
    let (mut state, _) = new_run(Arc::clone(cards), seed, forced.to_vec());
    let mut stage = Stage::new(Scene::new(state.clone()));
    stage.set_speed(pace_setting.speed);
    stage.set_auto_read(!pace_setting.hold_quiet_cards);
    stage.set_fold_quiet(pace_setting.fold_quiet_cards && !pace_setting.hold_quiet_cards);
    let mut rng = BotRng::new(mix(seed ^ 0x9ACE));
    policy.start(&Observation::of(&state));
    let mut out = RunPace {
        seconds: 0.0,
        keys: 0,
        automatic: 0,
        flips: 0,
        quiet: 0,
        quiet_seconds: 0.0,
    };
    let mut stopped = None;
    for _ in 0..MAX_STEPS {
        if state.outcome.is_some() {
            break;
        }
        let quick = pace_setting
            .quick_duels
            .then(|| pace::quick_step(&state))
            .flatten()
            .filter(|_| stopped.is_none())
            // Dice no reroll could better: the table accepts them, quick duels or not.
            .or_else(|| pace::accepts_itself(&state).then_some(Action::Continue));
        let action = match quick {
            Some(a) => {
                out.automatic += 1;
                out.seconds += QUICK_BEAT * pace_setting.speed.factor().max(0.3);
                a
            }
            None => {
                out.keys += 1;
                let actions = legal_actions(&state);
                let i = policy.choose(&Observation::of(&state), &actions, &mut rng);
                actions[i.min(actions.len() - 1)].clone()
            }
        };
        let before = state.clone();
        let Ok(events) = execute(&mut state, &action) else {
            break;
        };
        stopped = pace::stop_after(&before, &events);
        stage.push(&before, &events);
        let took = play_out(&mut stage, &mut out.keys);
        out.seconds += took;
        if matches!(action, Action::Flip { .. }) {
            out.flips += 1;
            // A quiet card: flipped and resolved by this one action.
            if events
                .iter()
                .any(|e| matches!(e, crate::core::Event::CardResolved { .. }))
            {
                out.quiet += 1;
                out.quiet_seconds += took;
            }
        }
    }
    out
}

/// Advances the stage frame by frame until it is idle; a hold that waits for the player
/// is released at once by a key. Returns the seconds played.
fn play_out(stage: &mut Stage, keys: &mut usize) -> f32 {
    let mut seconds = 0.0;
    // A bound far above any action's moments (a minute of stage time).
    for _ in 0..3600 {
        if stage.idle() {
            break;
        }
        if stage.holding() && stage.reading_left().is_none() {
            *keys += 1;
            stage.skip();
            continue;
        }
        stage.advance(FRAME);
        seconds += FRAME;
    }
    seconds
}

/// The median of a few runs' figures at one pace.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PaceRow {
    pub setting: PaceSetting,
    /// Median minutes of the stage's clock per run.
    pub minutes: f32,
    /// Median keys per run.
    pub keys: usize,
    /// Median actions taken by the table itself.
    pub automatic: usize,
    /// Median keys per card flipped.
    pub keys_per_flip: f32,
    /// Median seconds of the stage per quiet card (flip to the next choice).
    pub quiet_seconds: f32,
}

/// The runs measured: the lesson's (its set, seed and dice) and five seeds of `cards`.
pub struct Runs<'a> {
    pub lesson: Option<&'a Arc<CardSet>>,
    pub cards: &'a Arc<CardSet>,
    pub seeds: &'a [u64],
}

/// Every speed with today's hold, quiet cards going on, quick duels too, and blank cards
/// folded into the log; each the median over `runs`, played by a fresh `policy()`.
pub fn table(runs: &Runs, policy: impl Fn() -> Box<dyn Policy>) -> Vec<PaceRow> {
    let mut rows = Vec::new();
    for speed in [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant] {
        for (hold, quick, fold) in [
            (true, false, false),
            (false, false, false),
            (false, true, false),
            (false, true, true),
        ] {
            let setting = PaceSetting {
                speed,
                hold_quiet_cards: hold,
                quick_duels: quick,
                fold_quiet_cards: fold,
            };
            let mut figures: Vec<RunPace> = Vec::new();
            if let Some(lesson) = runs.lesson {
                let dice = crate::present::lesson::DICE;
                let seed = crate::present::lesson::SEED;
                figures.push(run_pace(lesson, seed, &dice, &mut *policy(), setting));
            }
            for &seed in runs.seeds {
                figures.push(run_pace(runs.cards, seed, &[], &mut *policy(), setting));
            }
            rows.push(PaceRow {
                setting,
                minutes: median(figures.iter().map(|f| f.seconds / 60.0).collect()),
                keys: median(figures.iter().map(|f| f.keys as f32).collect()) as usize,
                automatic: median(figures.iter().map(|f| f.automatic as f32).collect()) as usize,
                keys_per_flip: median(
                    figures
                        .iter()
                        .map(|f| f.keys as f32 / f.flips.max(1) as f32)
                        .collect(),
                ),
                quiet_seconds: median(
                    figures
                        .iter()
                        .map(|f| f.quiet_seconds / f.quiet.max(1) as f32)
                        .collect(),
                ),
            });
        }
    }
    rows
}

fn median(mut v: Vec<f32>) -> f32 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f32::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The table as text.
pub fn text(rows: &[PaceRow]) -> String {
    let mut out = String::from(
        "speed    quiet cards  quick duels  minutes (stage)  keys  taken by the table  keys/flip  s/quiet card\n",
    );
    for r in rows {
        let s = r.setting;
        out.push_str(&format!(
            "{:<8} {:<12} {:<12} {:>15.1} {:>5} {:>19} {:>10.2} {:>13.2}\n",
            format!("{:?}", s.speed).to_lowercase(),
            match (s.hold_quiet_cards, s.fold_quiet_cards) {
                (true, _) => "wait",
                (false, false) => "go on",
                (false, true) => "go on, fold",
            },
            if s.quick_duels { "on" } else { "off" },
            r.minutes,
            r.keys,
            r.automatic,
            r.keys_per_flip,
            r.quiet_seconds,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::bots::Heuristic;

    fn cards() -> Arc<CardSet> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        Arc::new(crate::cards::load::load_dir(&dir).unwrap().0)
    }

    #[test]
    fn quiet_cards_and_quick_duels_save_keys_and_speed_saves_time() {
        let cards = cards();
        let at = |speed, hold, quick| {
            run_pace(
                &cards,
                3,
                &[],
                &mut Heuristic::greedy(),
                PaceSetting {
                    speed,
                    hold_quiet_cards: hold,
                    quick_duels: quick,
                    fold_quiet_cards: false,
                },
            )
        };
        let today = at(Speed::Normal, true, false);
        let going = at(Speed::Normal, false, false);
        let quick = at(Speed::Normal, false, true);
        let fast = at(Speed::Fast, true, false);
        assert!(today.seconds > 60.0 && today.keys > 50, "{today:?}");
        // Quiet cards going on by themselves: fewer keys, more stage time (reading).
        assert!(going.keys < today.keys && going.seconds > today.seconds);
        // Quick duels: the table takes some steps; fewer keys still.
        assert!(
            quick.automatic > today.automatic && quick.keys < going.keys,
            "{quick:?}"
        );
        // Blank cards folded into the log: each quiet card takes less of the stage's clock.
        let folded = run_pace(
            &cards,
            3,
            &[],
            &mut Heuristic::greedy(),
            PaceSetting {
                speed: Speed::Normal,
                hold_quiet_cards: false,
                quick_duels: true,
                fold_quiet_cards: true,
            },
        );
        assert!(
            folded.quiet > 0 && folded.flips >= folded.quiet,
            "{folded:?}"
        );
        assert!(
            folded.quiet_seconds / (folded.quiet as f32)
                < quick.quiet_seconds / (quick.quiet as f32),
            "{folded:?} {quick:?}"
        );
        // The same run at Fast takes less of the stage's clock.
        assert!(fast.seconds < today.seconds * 0.7);
    }
}
