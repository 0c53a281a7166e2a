//! Finding a seed and the actions that bring a run to a given moment (a duel's reroll
//! window, a Terror with an option that cannot be paid, ...). Tests and screenshots use
//! it so that they follow the shipped cards when those change.

use super::bots::Heuristic;
use super::policy::{BotRng, Policy};
use crate::cards::CardSet;
use crate::core::{DiceMode, Observation, State, execute, legal_actions, new_run_in};
use std::sync::Arc;

/// A run brought to a scene: its seed, and the indices into `legal_actions` played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scene {
    pub seed: u64,
    pub actions: Vec<usize>,
}

impl Scene {
    /// The actions as `--actions` takes them: `0,2,1`.
    pub fn actions_arg(&self) -> String {
        let v: Vec<String> = self.actions.iter().map(|i| i.to_string()).collect();
        v.join(",")
    }
}

/// Plays seeds `0..seeds` with the greedy bot (one step in five random, so runs differ)
/// until `wanted` holds; returns the first run that gets there.
pub fn find(cards: &Arc<CardSet>, seeds: u64, wanted: impl Fn(&State) -> bool) -> Option<Scene> {
    find_in(cards, seeds, false, wanted)
}

/// [`find`] in runs with a Guide (`guide`) or alone. With a Guide the bot plays both
/// parts: it rolls the foe's die when asked and takes the first of the Guide's options.
pub fn find_in(
    cards: &Arc<CardSet>,
    seeds: u64,
    guide: bool,
    wanted: impl Fn(&State) -> bool,
) -> Option<Scene> {
    find_with(cards, seeds, guide, DiceMode::Rolled, wanted)
}

/// [`find_in`] in runs whose dice are rolled or dealt from a deck (`dice`).
pub fn find_with(
    cards: &Arc<CardSet>,
    seeds: u64,
    guide: bool,
    dice: DiceMode,
    wanted: impl Fn(&State) -> bool,
) -> Option<Scene> {
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
            let offered = legal_actions(&state);
            // Never abandon (the last action offered) on a random step.
            let i = if rng.below(5) == 0 {
                rng.below(offered.len().saturating_sub(1).max(1))
            } else {
                bot.choose(&Observation::of(&state), &offered, &mut rng)
            };
            if execute(&mut state, &offered[i]).is_err() {
                break;
            }
            actions.push(i);
        }
        if wanted(&state) {
            return Some(Scene { seed, actions });
        }
    }
    None
}
