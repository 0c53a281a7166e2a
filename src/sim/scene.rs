//! Finding a seed and the actions that bring a run to a given moment (a duel's reroll
//! window, a Terror with an option that cannot be paid, ...). Tests and screenshots use
//! it so that they follow the shipped cards when those change.

use super::bots::Heuristic;
use super::policy::{BotRng, Policy};
use crate::cards::CardSet;
use crate::core::{DiceMode, Observation, State, execute, legal_actions, new_run_in};
use std::sync::Arc;

/// How to bring a run to a scene: its seed, and the indices into `legal_actions` played
/// (not the scene itself: that is `present::scene::Scene`, what the table shows).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SceneRecipe {
    pub seed: u64,
    pub actions: Vec<usize>,
}

impl SceneRecipe {
    /// The actions as `--actions` takes them: `0,2,1`.
    pub fn actions_arg(&self) -> String {
        let v: Vec<String> = self.actions.iter().map(|i| i.to_string()).collect();
        v.join(",")
    }
}

/// Plays seeds `0..seeds` with the greedy bot (one step in five random, so runs differ)
/// until `wanted` holds; returns the first run that gets there.
pub fn find(
    cards: &Arc<CardSet>,
    seeds: u64,
    wanted: impl Fn(&State) -> bool,
) -> Option<SceneRecipe> {
    find_in(cards, seeds, false, wanted)
}

/// [`find`] in runs with a Guide (`guide`) or alone. With a Guide the bot plays both
/// parts: it rolls the foe's die when asked and takes the first of the Guide's options.
pub fn find_in(
    cards: &Arc<CardSet>,
    seeds: u64,
    guide: bool,
    wanted: impl Fn(&State) -> bool,
) -> Option<SceneRecipe> {
    find_with(cards, seeds, guide, DiceMode::Rolled, wanted)
}

/// [`find_in`] in runs whose dice are rolled or dealt from a deck (`dice`).
pub fn find_with(
    cards: &Arc<CardSet>,
    seeds: u64,
    guide: bool,
    dice: DiceMode,
    wanted: impl Fn(&State) -> bool,
) -> Option<SceneRecipe> {
    for seed in 0..seeds {
        let (mut state, _) = new_run_in(Arc::clone(cards), seed, Vec::new(), guide, dice);
        let mut bot = Heuristic::greedy();
        let mut rng = BotRng::new(seed ^ 0x7AB1E);
        bot.start(&Observation::of(&state));
        let mut actions = Vec::new();
        while !state.is_over() && actions.len() < 5000 {
            if wanted(&state) {
                break;
            }
            let Some(i) = step(&mut state, &mut bot, &mut rng, 5) else {
                break;
            };
            actions.push(i);
        }
        if wanted(&state) {
            return Some(SceneRecipe { seed, actions });
        }
    }
    None
}

/// One step of the greedy bot, one step in `one_in` random (never abandoning: the last
/// action offered); the index played, or `None` if it could not be played.
fn step(state: &mut State, bot: &mut Heuristic, rng: &mut BotRng, one_in: usize) -> Option<usize> {
    let offered = legal_actions(state);
    let i = if rng.below(one_in) == 0 {
        rng.below(offered.len().saturating_sub(1).max(1))
    } else {
        bot.choose(&Observation::of(state), &offered, rng)
    };
    execute(state, offered.get(i)?).ok().map(|_| i)
}

/// A moment of a run for the layout sweep: the run's seed, whether it has a Guide, and the
/// actions that bring it there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    pub scene: SceneRecipe,
    pub guide: bool,
}

/// `count` moments of seeded runs (the greedy bot, one step in four random so that runs
/// differ and reach odd corners), every `every`th step of each run and its end, one run in
/// three with a Guide. The same arguments give the same moments.
pub fn samples(cards: &Arc<CardSet>, count: usize, every: usize) -> Vec<Sample> {
    let every = every.max(1);
    let mut out = Vec::with_capacity(count);
    let mut seed = 1;
    while out.len() < count && seed < 10_000 {
        let guide = seed % 3 == 0;
        let (mut state, _) =
            new_run_in(Arc::clone(cards), seed, Vec::new(), guide, DiceMode::Rolled);
        let mut bot = Heuristic::greedy();
        let mut rng = BotRng::new(seed ^ 0x5A3F);
        bot.start(&Observation::of(&state));
        let mut actions = Vec::new();
        // Each run starts its samples at another step, so that no phase is always missed.
        let offset = (seed as usize) % every;
        while out.len() < count && !state.is_over() && actions.len() < 2000 {
            if actions.len() % every == offset {
                out.push(Sample {
                    scene: SceneRecipe {
                        seed,
                        actions: actions.clone(),
                    },
                    guide,
                });
            }
            let Some(i) = step(&mut state, &mut bot, &mut rng, 4) else {
                break;
            };
            actions.push(i);
        }
        if state.is_over() && out.len() < count {
            out.push(Sample {
                scene: SceneRecipe { seed, actions },
                guide,
            });
        }
        seed += 1;
    }
    out
}
