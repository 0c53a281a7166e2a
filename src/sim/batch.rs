//! Many runs in parallel, reproducibly: run `i` always gets the same seed, whichever
//! thread plays it, and the totals are integer sums merged in any order.

use super::bots::Heuristic;
use super::policy::{Policy, RandomBot};
use super::run::{RunFacts, play_into, run_seed};
use super::stats::Totals;
use crate::cards::CardSet;
use crate::core::TermsMode;
use crate::core::{DiceMode, RunOptions};
use rayon::prelude::*;
use std::ops::Range;
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
    /// Plays as the planner does, knowing of the Guardian only what the traveller is
    /// shown (see `--terms` and `--first-ever`).
    Informed,
}

impl PolicyKind {
    /// A fresh bot of this kind.
    pub fn make(self) -> Box<dyn Policy> {
        Bot::from(self).make()
    }
}

/// A bot and what it is told: how the Guardian's terms are learned (the informed bot
/// only), and whether every run is its first ever (nothing remembered across runs).
/// Each chunk of a batch is one player: a fresh bot that remembers across its runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Bot {
    pub kind: PolicyKind,
    pub terms: TermsMode,
    pub first_ever: bool,
}

impl From<PolicyKind> for Bot {
    fn from(kind: PolicyKind) -> Bot {
        Bot {
            kind,
            terms: TermsMode::Road,
            first_ever: false,
        }
    }
}

impl Bot {
    /// A fresh bot.
    pub fn make(self) -> Box<dyn Policy> {
        match self.heuristic() {
            Some(h) => Box::new(h),
            None => Box::new(RandomBot),
        }
    }

    /// A fresh bot of the heuristic kinds, as its own type (`None`: the random bot).
    fn heuristic(self) -> Option<Heuristic> {
        match self.kind {
            PolicyKind::Random => None,
            PolicyKind::Greedy => Some(Heuristic::greedy()),
            PolicyKind::Planner => Some(Heuristic::planner()),
            PolicyKind::Informed => Some(Heuristic::informed(self.terms, self.first_ever)),
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

impl Progress {
    /// Whether the caller asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Counts one finished run.
    pub fn tick(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }
}

/// One copy of a card set for each worker thread of a batch. The engine clones the set's
/// `Arc` all the time, and threads sharing one reference count would fight over its cache
/// line; each thread plays on a copy of its own, made once per batch (a deep copy of the
/// whole set, a fraction of a millisecond) rather than once per chunk of runs.
pub struct PerWorker(Vec<Arc<CardSet>>);

impl PerWorker {
    /// `jobs` copies of `set`.
    pub fn new(set: &CardSet, jobs: usize) -> PerWorker {
        PerWorker(
            (0..jobs.max(1))
                .map(|_| Arc::new(CardSet::clone(set)))
                .collect(),
        )
    }

    /// The copy of the worker thread that asks (of the pool [`in_chunks`] runs on).
    pub fn get(&self) -> &Arc<CardSet> {
        let i = rayon::current_thread_index().unwrap_or(0);
        &self.0[i % self.0.len()]
    }
}

/// Runs in a chunk: each worker keeps one bot and one set of totals per chunk.
const CHUNK: u64 = 256;

/// Plays runs `0..runs` in chunks on `jobs` threads: `chunk` plays one range of run
/// indices into fresh totals, and `merge` adds two totals (in any order, with the same
/// result).
pub fn in_chunks<T, F, M>(
    runs: u64,
    jobs: usize,
    progress: &Progress,
    chunk: F,
    merge: M,
) -> Result<Option<T>, rayon::ThreadPoolBuildError>
where
    T: Send,
    F: Fn(Range<u64>) -> T + Sync + Send,
    M: Fn(T, T) -> T + Sync + Send,
{
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let chunks = runs.div_ceil(CHUNK);
    Ok(pool.install(|| {
        (0..chunks)
            .into_par_iter()
            // Once stopped (Ctrl-C), the chunks not yet begun are dropped at once: a batch
            // of a billion runs has millions of them.
            .map(|c| (!progress.stopped()).then(|| chunk(c * CHUNK..((c + 1) * CHUNK).min(runs))))
            .while_some()
            .reduce_with(merge)
    }))
}

/// Plays runs `0..runs` of the batch seeded by `seed` on `jobs` threads.
pub fn simulate(
    cards: &Arc<CardSet>,
    runs: u64,
    seed: u64,
    policy: impl Into<Bot>,
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
    policy: impl Into<Bot>,
    mode: impl Into<RunOptions>,
    jobs: usize,
    progress: &Progress,
) -> Result<Totals, rayon::ThreadPoolBuildError> {
    let policy: Bot = policy.into();
    let mode: RunOptions = mode.into();
    let copies = PerWorker::new(cards, jobs);
    let totals = in_chunks(
        runs,
        jobs,
        progress,
        |range| {
            let cards = copies.get();
            let mut totals = Totals::new(cards);
            let mut facts = RunFacts::default();
            let play = |bot: &mut dyn FnMut(u64, &mut RunFacts)| {
                for i in range {
                    if progress.stopped() {
                        break;
                    }
                    bot(run_seed(seed, i), &mut facts);
                    totals.add(&facts);
                    progress.tick();
                }
            };
            // The heuristic bots are played as their own type: the step loop then calls
            // their `choose` directly (inlined), not through a virtual call per step.
            match policy.heuristic() {
                Some(mut h) => play(&mut |s, f| play_into(cards, s, mode, &mut h, f)),
                None => play(&mut |s, f| play_into(cards, s, mode, &mut RandomBot, f)),
            }
            totals
        },
        Totals::merge,
    )?;
    Ok(totals.unwrap_or_else(|| Totals::new(cards)))
}
