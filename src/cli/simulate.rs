//! `forward simulate`: many seeded runs by a bot, and the figures a designer needs; with
//! `--compare`, two card sets played on the same seeds and their differences; with
//! `--compare-dice`, the set's dice rolled against dealt from a deck, on the same seeds.

use super::sim_guard;
use crate::cards::CardSource;
use crate::core::{DiceMode, HouseRules, RunOptions};
use crate::sim::batch::{PolicyKind, Progress, simulate_in};
use crate::sim::compare::{Config, compare};
use crate::sim::output::{CompareOutput, Output, Timing};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
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
    /// With `--policy informed`: how the Guardian's terms become known: `road` (learned on
    /// the road, remembered across a player's runs), `start` (shown from the start) or
    /// `end` (revealed at the end).
    #[arg(long, value_parser = parse_terms, default_value = "road")]
    pub terms: crate::core::TermsMode,
    /// With `--policy informed`: every run is a first-ever run (nothing remembered).
    #[arg(long)]
    pub first_ever: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write a self-contained HTML report with charts to this file.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Compare the set given by --cards (A) with this one (B), run by run on the same seeds.
    #[arg(long, value_name = "DIR_B")]
    pub compare: Option<PathBuf>,
    /// With --compare: a JSON file of renamed cards, `{"old_id": "new_id", ...}`, so a
    /// renamed card is compared with itself. Cards imported from the designer's sheet are
    /// also paired by their card number (`sheet-numbers.json` in both folders).
    #[arg(long, value_name = "FILE", requires = "compare")]
    pub renames: Option<PathBuf>,
    /// Deal the runs' duel, test and reroll dice from each side's deck of results instead
    /// of rolling them (docs/RULES.md, "Dice: rolled or dealt"); with --compare, on both
    /// sides.
    #[arg(long)]
    pub dice_deck: bool,
    /// Compare dice rolled (A) with dice dealt from a deck (B) on the --cards set, run by
    /// run on the same seeds.
    #[arg(long, conflicts_with_all = ["compare", "dice_deck"])]
    pub compare_dice: bool,
    /// A house rule for every run, `NAME` or `NAME=VALUE` (repeatable): `--rule paid-peek`,
    /// `--rule paid-peek=health:2`, `--rule hit-on-six` (docs/RULES.md, "House rules");
    /// with --compare, on both sides.
    #[arg(long = "rule", value_name = "NAME[=VALUE]", value_parser = super::rule_arg)]
    pub rules: Vec<String>,
    /// Compare runs without this house rule (A) and with it (B) on the --cards set, run
    /// by run on the same seeds (any --rule plays on both sides): `--compare-rule
    /// paid-peek`, `--compare-rule paid-peek=health:2`.
    #[arg(long, value_name = "NAME[=VALUE]", value_parser = super::rule_arg,
          conflicts_with_all = ["compare", "compare_dice"])]
    pub compare_rule: Option<String>,
    /// Keep this batch's per-card figures for the gallery even where figures of a larger
    /// batch of the same set are kept (by default those stay).
    #[arg(long)]
    pub replace_figures: bool,
    /// Measure how long a whole run takes on the table's stage at each speed and pace
    /// setting (the lesson and five seeds from --seed, played by --policy) instead of
    /// playing a batch.
    #[arg(long, conflicts_with_all = ["compare", "compare_dice"])]
    pub pace: bool,
    /// Play one number of one card at each whole value of a range, on the same seeds, and
    /// give the win rate per value: CARD.FIELD=A..B, e.g. `cinder_hound.hp=2..6` or
    /// `cinder_hound.faces.5.deal=1..4` (list entries counted from 1); or a house rule's
    /// value, `paid-peek=resolve:0..2`. --runs is per value.
    #[arg(long, value_name = "CARD.FIELD=A..B", conflicts_with_all = ["compare", "compare_dice", "compare_rule"])]
    pub sweep: Option<String>,
}

impl SimulateArgs {
    /// The dice of a single batch, or of both sides of `--compare`.
    fn dice(&self) -> DiceMode {
        if self.dice_deck {
            DiceMode::Deck
        } else {
            DiceMode::Rolled
        }
    }

    /// The house rules of every run (`--rule`).
    fn rules(&self) -> HouseRules {
        super::house_rules(&self.rules)
    }

    /// The dice and house rules of a single batch.
    fn mode(&self) -> RunOptions {
        RunOptions {
            dice: self.dice(),
            rules: self.rules(),
        }
    }
}

/// The result of a batch played by [`with_progress`], or `None` (said on stderr) when its
/// worker threads could not start or one failed.
fn finished<T, E: std::fmt::Display>(
    done: Option<(Result<T, E>, f64)>,
    jobs: usize,
) -> Option<(T, f64)> {
    match done {
        Some((Ok(t), elapsed)) => Some((t, elapsed)),
        Some((Err(e), _)) => {
            eprintln!("forward simulate: cannot start {jobs} worker threads: {e}");
            None
        }
        None => {
            eprintln!("forward simulate: a worker thread failed");
            None
        }
    }
}

/// Plays `work` on a worker thread while a progress bar (on a terminal) follows
/// `progress`; returns its result and the time it took.
fn with_progress<T: Send>(
    total: u64,
    progress: &Progress,
    work: impl FnOnce() -> T + Send,
) -> Option<(T, f64)> {
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {human_pos}/{human_len} runs  {percent}%  eta {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    let started = Instant::now();
    let out = std::thread::scope(|scope| {
        // The worker times itself: this loop only wakes now and then for the progress bar.
        let worker = scope.spawn(|| {
            let out = work();
            (out, started.elapsed())
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
    out.ok().map(|(t, e)| (t, e.as_secs_f64()))
}

fn progress() -> Arc<Progress> {
    let progress = Arc::new(Progress::default());
    // Ctrl-C stops the batch (the runs finished so far are reported); a second exits.
    sim_guard::on_ctrl_c(Arc::clone(&progress), |p| &p.stop);
    progress
}

/// Prints `out` as JSON, or the text report (a closed pipe ends quietly), then writes the
/// HTML report if asked: the figures are out whatever happens to the file.
fn emit<T: serde::Serialize>(
    args: &SimulateArgs,
    out: &T,
    html: impl FnOnce(&Path) -> std::io::Result<()>,
    text: impl FnOnce() -> String,
) -> i32 {
    let printed = if args.json {
        match serde_json::to_string_pretty(out) {
            Ok(s) => s + "\n",
            Err(e) => {
                eprintln!("forward simulate: {e}");
                return 1;
            }
        }
    } else {
        text()
    };
    if let Err(e) = sim_guard::print(&printed) {
        eprintln!("forward simulate: cannot print the figures: {e}");
        return 1;
    }
    if let Some(path) = &args.report
        && let Err(e) = html(path)
    {
        eprintln!("forward simulate: cannot write {}: {e}", path.display());
        return 1;
    }
    0
}

/// Runs the simulator; returns the exit code. `saves`: the `--saves` folder, where the
/// per-card figures are kept for the gallery.
pub fn run(cards: &CardSource, saves: Option<&Path>, args: &SimulateArgs) -> i32 {
    let set = match super::load_cards("simulate", cards) {
        Ok(set) => Arc::new(set),
        Err(code) => return code,
    };
    let (jobs, capped) = sim_guard::jobs(args.jobs);
    if let Some(note) = capped {
        eprintln!("{note}");
    }
    // An unwritable report is found before the batch, not after it.
    if let Some(path) = &args.report
        && let Err(e) = sim_guard::check_report(path)
    {
        eprintln!(
            "forward simulate: cannot write the report {}: {e}",
            path.display()
        );
        return 1;
    }
    if args.pace {
        return run_pace(&set, args);
    }
    if let Some(dir_b) = &args.compare {
        let source_b = CardSource::Dir(dir_b.clone());
        let set_b = if same_folder(cards, dir_b) {
            // The same folder on both sides is read once (and its warnings said once).
            Arc::clone(&set)
        } else {
            match super::load_cards("simulate", &source_b) {
                Ok(set) => Arc::new(set),
                Err(code) => return code,
            }
        };
        let renames = match super::renames::renames(cards, dir_b, args.renames.as_deref()) {
            Ok(r) => Arc::new(r),
            Err(e) => {
                eprintln!("forward simulate: {e}");
                return 2;
            }
        };
        let side = |source: &CardSource, cards, renames| Config {
            label: source.label(),
            cards,
            policy: args.policy,
            dice: args.dice(),
            rules: args.rules(),
            renames,
        };
        return run_compare(
            args,
            jobs,
            &side(cards, set, Default::default()),
            &side(&source_b, set_b, renames),
        );
    }
    if let Some(sweep) = &args.sweep {
        return run_sweep(args, jobs, &set, sweep);
    }
    if let Some(rule) = &args.compare_rule {
        let with =
            HouseRules::parse_all(&[args.rules.as_slice(), std::slice::from_ref(rule)].concat())
                .unwrap_or_default();
        let side = |rules: HouseRules| Config {
            label: format!("{}, house rules: {}", cards.label(), rules.words()),
            cards: Arc::clone(&set),
            policy: args.policy,
            dice: args.dice(),
            rules,
            renames: Default::default(),
        };
        let (a, b) = (side(args.rules()), side(with));
        // A rule the player may decline is measured at the best buying policy too.
        let declinable = with.paid_peek.is_some() && args.rules().paid_peek.is_none();
        return run_compare_rule(args, jobs, &a, &b, declinable);
    }
    if args.compare_dice {
        let side = |dice: DiceMode| Config {
            label: format!("{}, dice {}", cards.label(), dice.words()),
            cards: Arc::clone(&set),
            policy: args.policy,
            dice,
            rules: args.rules(),
            renames: Default::default(),
        };
        let (a, b) = (side(DiceMode::Rolled), side(DiceMode::Deck));
        return run_compare(args, jobs, &a, &b);
    }
    let progress = progress();
    let done = with_progress(args.runs, &progress, || {
        let dice = args.mode();
        simulate_in(
            &set,
            args.runs,
            args.seed,
            crate::sim::batch::Bot {
                kind: args.policy,
                terms: args.terms,
                first_ever: args.first_ever,
            },
            dice,
            jobs,
            &progress,
        )
    });
    let Some((totals, elapsed)) = finished(done, jobs) else {
        return 1;
    };
    let summary = totals.summary(&set);
    let out = Output {
        policy: args.policy,
        seed: args.seed,
        dice: args.dice(),
        rules: args.rules(),
        jobs,
        interrupted: progress.stopped(),
        summary: &summary,
        timing: Timing::new(summary.runs, jobs, elapsed),
    };
    keep_figures(&set, &summary, args, saves, out.interrupted);
    emit(
        args,
        &out,
        |p| crate::sim::report::write_html(p, &out),
        || crate::sim::report::text(&out),
    )
}

/// Keeps each card's figures in the saves folder (`--saves`, else the usual one), for
/// the gallery. A batch cut short by Ctrl-C keeps none; a smaller batch does not replace
/// a larger one's figures of the same set unless `--replace-figures` says so. Where the
/// figures went, or why not, is said on stderr; a failure is only reported.
fn keep_figures(
    set: &crate::cards::CardSet,
    summary: &crate::sim::summary::Summary,
    args: &SimulateArgs,
    saves: Option<&Path>,
    interrupted: bool,
) {
    if interrupted {
        return;
    }
    use crate::sim::figures::{SetFigures, read, write};
    let policy = format!("{:?}", args.policy).to_lowercase();
    let hash = set.files().hash();
    let figures = SetFigures::of(summary, &hash, &policy);
    let saves = crate::store::SaveStore::dir_from(saves);
    if let Some(kept) = read(&saves, &hash)
        && kept.runs > figures.runs
        && !args.replace_figures
    {
        eprintln!(
            "forward simulate: kept the per-card figures of the earlier {}-run batch in {} \
             (this one had {} runs; --replace-figures keeps this one's instead)",
            kept.runs,
            crate::sim::figures::path(&saves, &hash).display(),
            figures.runs
        );
        return;
    }
    match write(&saves, &figures) {
        Ok(path) => eprintln!(
            "forward simulate: per-card figures of {} runs kept for the gallery in {}",
            figures.runs,
            path.display()
        ),
        Err(e) => eprintln!(
            "forward simulate: cannot keep the per-card figures in {}: {e}",
            saves.display()
        ),
    }
}

/// `--sweep`: the variants checked first (a mistake is told before any run), then each
/// played on the same seeds.
fn run_sweep(
    args: &SimulateArgs,
    jobs: usize,
    set: &Arc<crate::cards::CardSet>,
    sweep: &str,
) -> i32 {
    use crate::sim::sweep::{SweepSpec, Variants, rule_sweep};
    let variants = match rule_sweep(set, sweep, args.rules()).unwrap_or_else(|| {
        sweep
            .parse::<SweepSpec>()
            .and_then(|spec| Variants::of(set, &spec))
    }) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("forward simulate --sweep: {e}");
            return 2;
        }
    };
    let progress = progress();
    let total = args.runs.saturating_mul(variants.len() as u64);
    let done = with_progress(total, &progress, || {
        variants.play(
            args.runs,
            args.seed,
            args.policy,
            args.mode(),
            jobs,
            &progress,
        )
    });
    let Some((summary, elapsed)) = finished(done, jobs) else {
        return 1;
    };
    let played: u64 = summary.points.iter().map(|p| p.runs).sum();
    let out = crate::sim::output::SweepOutput {
        policy: args.policy,
        seed: args.seed,
        dice: args.dice(),
        jobs,
        interrupted: progress.stopped(),
        summary: &summary,
        timing: Timing::new(played, jobs, elapsed),
    };
    emit(
        args,
        &out,
        |p| crate::sim::sweep_report::write_html(p, &out),
        || crate::sim::sweep_report::text(&out),
    )
}

fn run_compare(args: &SimulateArgs, jobs: usize, a: &Config, b: &Config) -> i32 {
    run_compare_rule(args, jobs, a, b, false)
}

/// [`run_compare`], and with `declinable` (a house rule the player may decline, B's
/// against A's) the rule measured at the best buying policy the planning bots find
/// (`sim::buying`): a sweep of their buying threshold, the best played again on fresh
/// seeds.
fn run_compare_rule(
    args: &SimulateArgs,
    jobs: usize,
    a: &Config,
    b: &Config,
    declinable: bool,
) -> i32 {
    use crate::sim::buying;
    let plans = matches!(args.policy, PolicyKind::Planner | PolicyKind::Informed);
    let sweep = declinable && plans;
    let progress = progress();
    // The comparison, then the sweep's policies and the fresh runs of two of them.
    let total = args.runs * if sweep { 1 + 2 } else { 1 };
    let done = with_progress(total, &progress, || {
        let c = compare(a, b, args.runs, args.seed, jobs, &progress)?;
        let sides = buying::Sides {
            cards: &a.cards,
            kind: args.policy,
            without: RunOptions {
                dice: a.dice,
                rules: a.rules,
            },
            with: RunOptions {
                dice: b.dice,
                rules: b.rules,
            },
        };
        let m = match sweep {
            true => Some(buying::measure(
                &sides, args.runs, args.seed, jobs, &progress,
            )?),
            false => None,
        };
        Ok::<_, rayon::ThreadPoolBuildError>((c, m))
    });
    let Some(((comparison, measure), elapsed)) = finished(done, jobs) else {
        return 1;
    };
    let summary = comparison.summary(a, b);
    let out = CompareOutput {
        policy: args.policy,
        seed: args.seed,
        jobs,
        interrupted: progress.stopped(),
        summary: &summary,
        timing: Timing::new(
            2 * summary.runs + measure.as_ref().map_or(0, |m| m.runs_played),
            jobs,
            elapsed,
        ),
        at_best_buying: measure.as_ref(),
    };
    emit(
        args,
        &out,
        |p| crate::sim::compare_report::write_html(p, &out),
        || crate::sim::compare_report::text(&out),
    )
}

/// `--pace`: the stage's clock over the lesson and five seeds, at every speed and pace.
fn run_pace(set: &Arc<crate::cards::CardSet>, args: &SimulateArgs) -> i32 {
    let lesson = match crate::present::lesson::cards() {
        Ok(l) => Some(l),
        Err(e) => {
            eprintln!(
                "forward simulate: the lesson's cards do not load ({}); measuring without it",
                e.summary()
            );
            None
        }
    };
    let seeds: Vec<u64> = (0..5).map(|i| args.seed + i).collect();
    let runs = crate::sim::pace::Runs {
        lesson: lesson.as_ref(),
        cards: set,
        seeds: &seeds,
    };
    let rows = crate::sim::pace::table(&runs, || args.policy.make());
    print!("{}", crate::sim::pace::text(&rows));
    0
}

/// `--cards` is the folder `dir_b` (however each is spelt).
fn same_folder(cards: &CardSource, dir_b: &Path) -> bool {
    let real = |p: &Path| std::fs::canonicalize(p).ok();
    cards
        .dir()
        .and_then(real)
        .is_some_and(|a| real(dir_b) == Some(a))
}

/// Reads `--terms`.
fn parse_terms(s: &str) -> Result<crate::core::TermsMode, String> {
    crate::core::TermsMode::parse(s)
        .ok_or_else(|| format!("`{s}` is not one of `road`, `start` or `end`"))
}
