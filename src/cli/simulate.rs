//! `forward simulate`: many seeded runs by a bot, and the figures a designer needs.

use crate::sim::batch::{PolicyKind, Progress, simulate};
use crate::sim::stats::Summary;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Options of `forward simulate`.
#[derive(Debug, Clone, clap::Args)]
pub struct SimulateArgs {
    /// Runs to play.
    #[arg(long, default_value_t = 10_000)]
    pub runs: u64,
    /// Base seed: run i is seeded from it and i, so results do not depend on --jobs.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The bot that plays.
    #[arg(long, value_enum, default_value_t = PolicyKind::Greedy)]
    pub policy: PolicyKind,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write a self-contained HTML report with charts to this file.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
}

/// The `--json` output: the figures plus how the batch was run.
#[derive(Debug, Serialize)]
pub struct Output<'a> {
    pub policy: PolicyKind,
    pub seed: u64,
    pub jobs: usize,
    /// True when Ctrl-C stopped the batch early (the figures cover the runs finished).
    pub interrupted: bool,
    #[serde(flatten)]
    pub summary: &'a Summary,
    pub elapsed_seconds: f64,
    pub runs_per_second: f64,
    pub runs_per_second_per_job: f64,
}

/// Runs the simulator; returns the exit code.
pub fn run(cards: &crate::cards::CardSource, args: &SimulateArgs) -> i32 {
    let set = match super::load_cards("simulate", cards) {
        Ok(set) => Arc::new(set),
        Err(code) => return code,
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let progress = Arc::new(Progress::default());
    {
        let p = Arc::clone(&progress);
        // Ctrl-C stops the batch; the runs finished so far are reported.
        let _ = ctrlc::set_handler(move || p.stop.store(true, Ordering::Relaxed));
    }
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(args.runs);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {human_pos}/{human_len} runs  {percent}%  eta {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    let started = Instant::now();
    let totals = std::thread::scope(|scope| {
        // The worker times itself: this loop only wakes now and then for the progress bar.
        let worker = scope.spawn(|| {
            let totals = simulate(&set, args.runs, args.seed, args.policy, jobs, &progress);
            (totals, started.elapsed())
        });
        while !worker.is_finished() {
            if let Some(bar) = &bar {
                bar.set_position(progress.done.load(Ordering::Relaxed));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        worker.join()
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let (totals, elapsed) = match totals {
        Ok((Ok(t), elapsed)) => (t, elapsed),
        Ok((Err(e), _)) => {
            eprintln!("forward simulate: cannot start {jobs} worker threads: {e}");
            return 1;
        }
        Err(_) => {
            eprintln!("forward simulate: a worker thread failed");
            return 1;
        }
    };
    let elapsed = elapsed.as_secs_f64();
    let summary = totals.summary(&set);
    let rate = summary.runs as f64 / elapsed.max(1e-9);
    let out = Output {
        policy: args.policy,
        seed: args.seed,
        jobs,
        interrupted: progress.stop.load(Ordering::Relaxed),
        summary: &summary,
        elapsed_seconds: (elapsed * 1000.0).round() / 1000.0,
        runs_per_second: rate.round(),
        runs_per_second_per_job: (rate / jobs as f64).round(),
    };
    if let Some(path) = &args.report
        && let Err(e) = crate::sim::report::write_html(path, &out)
    {
        eprintln!("forward simulate: cannot write {}: {e}", path.display());
        return 1;
    }
    if args.json {
        match serde_json::to_string_pretty(&out) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("forward simulate: {e}");
                return 1;
            }
        }
    } else {
        print!("{}", crate::sim::report::text(&out));
    }
    0
}
