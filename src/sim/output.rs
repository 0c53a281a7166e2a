//! What `forward simulate` prints: the figures plus how the batch was run. The simulator
//! owns these types; the command line only fills them in.

use super::batch::PolicyKind;
use super::compare::CompareSummary;
use super::summary::Summary;
use super::sweep::SweepSummary;
use crate::core::DiceMode;
use serde::Serialize;

/// How fast a batch went (left out when comparing results across `--jobs`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Timing {
    pub elapsed_seconds: f64,
    pub runs_per_second: f64,
    pub runs_per_second_per_job: f64,
}

impl Timing {
    /// The timing of `runs` runs on `jobs` threads in `elapsed` seconds.
    pub fn new(runs: u64, jobs: usize, elapsed: f64) -> Timing {
        let rate = runs as f64 / elapsed.max(1e-9);
        Timing {
            elapsed_seconds: (elapsed * 1000.0).round() / 1000.0,
            runs_per_second: rate.round(),
            runs_per_second_per_job: (rate / jobs.max(1) as f64).round(),
        }
    }
}

/// The `--json` output of one batch.
#[derive(Debug, Serialize)]
pub struct Output<'a> {
    pub policy: PolicyKind,
    pub seed: u64,
    /// `rolled` or `deck`.
    pub dice: DiceMode,
    /// The house rules every run played with (absent when none).
    #[serde(skip_serializing_if = "crate::core::HouseRules::is_off")]
    pub rules: crate::core::HouseRules,
    pub jobs: usize,
    /// True when Ctrl-C stopped the batch early (the figures cover the runs finished).
    pub interrupted: bool,
    #[serde(flatten)]
    pub summary: &'a Summary,
    #[serde(flatten)]
    pub timing: Timing,
}

/// The `--json` output of a comparison (`--compare`).
#[derive(Debug, Serialize)]
pub struct CompareOutput<'a> {
    pub policy: PolicyKind,
    pub seed: u64,
    pub jobs: usize,
    pub interrupted: bool,
    #[serde(flatten)]
    pub summary: &'a CompareSummary,
    /// Runs per second count the runs of both sides.
    #[serde(flatten)]
    pub timing: Timing,
    /// A house rule the player may decline, measured at the best buying policy
    /// (`--compare-rule paid-peek` with a bot that plans).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_best_buying: Option<&'a crate::sim::buying::Measure>,
}

/// The `--json` output of a sweep (`--sweep CARD.FIELD=A..B`).
#[derive(Debug, Serialize)]
pub struct SweepOutput<'a> {
    pub policy: PolicyKind,
    pub seed: u64,
    pub dice: DiceMode,
    pub jobs: usize,
    /// True when Ctrl-C stopped the sweep early (the values played so far are given).
    pub interrupted: bool,
    #[serde(flatten)]
    pub summary: &'a SweepSummary,
    /// Runs per second count the runs of every value.
    #[serde(flatten)]
    pub timing: Timing,
}
