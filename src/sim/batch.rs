//! Many runs in parallel, reproducibly: run `i` always gets the same seed, whichever
//! thread plays it, and the totals are integer sums merged in any order.

use super::bots::Heuristic;
use super::policy::{Policy, RandomBot};
use super::run::{play_in, run_seed};
use super::stats::Totals;
use crate::cards::CardSet;
use crate::core::DiceMode;
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The bots `forward simulate` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PolicyKind {
    /// Uniform over the legal actions (never abandons).
    Random,
    /// A sensible first-time player.
    Greedy,
    /// A veteran who plans the route the Guardian's puzzle needs.
    Planner,
}

impl PolicyKind {
    /// A fresh bot of this kind.
    pub fn make(self) -> Box<dyn Policy> {
        match self {
            PolicyKind::Random => Box::new(RandomBot),
            PolicyKind::Greedy => Box::new(Heuristic::greedy()),
            PolicyKind::Planner => Box::new(Heuristic::planner()),
        }
    }
}

/// What a batch shares with its caller while it runs.
#[derive(Debug, Default)]
pub struct Progress {
    /// Runs finished so far.
    pub done: AtomicU64,
    /// Set to stop early (Ctrl-C); the totals then cover the runs finished.
    pub stop: AtomicBool,
}

/// Plays runs `0..runs` of the batch seeded by `seed` on `jobs` threads.
pub fn simulate(
    cards: &Arc<CardSet>,
    runs: u64,
    seed: u64,
    policy: PolicyKind,
    jobs: usize,
    progress: &Progress,
) -> Result<Totals, rayon::ThreadPoolBuildError> {
    simulate_in(cards, runs, seed, policy, DiceMode::Rolled, jobs, progress)
}

/// [`simulate`] with the runs' dice rolled or dealt from a deck (`mode`).
pub fn simulate_in(
    cards: &Arc<CardSet>,
    runs: u64,
    seed: u64,
    policy: PolicyKind,
    mode: DiceMode,
    jobs: usize,
    progress: &Progress,
) -> Result<Totals, rayon::ThreadPoolBuildError> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    // Chunks of runs: each worker keeps one bot and one set of totals per chunk.
    const CHUNK: u64 = 256;
    let chunks = runs.div_ceil(CHUNK);
    let totals = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .map(|c| {
                // Each chunk plays on its own copy of the card set: the engine clones the
                // set's `Arc` all the time, and threads sharing one reference count would
                // fight over its cache line.
                let cards = Arc::new(CardSet::clone(cards));
                let mut totals = Totals::new(&cards);
                let mut bot = policy.make();
                for i in c * CHUNK..((c + 1) * CHUNK).min(runs) {
                    if progress.stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let facts = play_in(&cards, run_seed(seed, i), mode, bot.as_mut());
                    totals.add(&facts);
                    progress.done.fetch_add(1, Ordering::Relaxed);
                }
                totals
            })
            .reduce(|| Totals::new(cards), Totals::merge)
    });
    Ok(totals)
}
