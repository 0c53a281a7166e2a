//! A house rule the player may decline (the paid peek: a look bought, or not) measured as
//! a designer means it: at the best buying policy the bots find. The planner's buying
//! threshold is swept, "never" included, each policy played with the rule on the same
//! seeds as the runs without it; the policy that wins most is then played again on fresh
//! seeds (so that picking the best of several noisy figures does not flatter it), and its
//! paired difference with its 95% interval is the rule's value, beside the planner's own
//! rule's figure on those same fresh seeds.
//!
//! "Never" plays exactly the runs without the rule (a bot that never buys makes the same
//! choices), so the best policy is never worse than declining, up to the noise the fresh
//! seeds measure.

use super::batch::{PolicyKind, Progress, in_chunks};
use super::bots::{Buying, Heuristic};
use super::compare::paired_interval;
use super::policy::Policy;
use super::run::{RunFacts, play_into, run_seed};
use super::summary::round;
use crate::cards::CardSet;
use crate::core::{RunOptions, TermsMode};
use serde::Serialize;
use std::sync::Arc;

/// The buying policies swept: never, the planner's own, and ever more willing.
pub const POLICIES: [Buying; 10] = [
    Buying::Never,
    Buying::Within(0),
    Buying::Within(1),
    Buying::Within(2),
    Buying::Within(3),
    Buying::Within(4),
    Buying::Within(5),
    Buying::Within(6),
    Buying::Within(7),
    Buying::Within(20),
];

/// The seed the fresh runs are drawn from, beside the sweep's.
const FRESH: u64 = 0x0B05_7B0E;

/// A bot of `kind` buying as `b` says (the bots that plan; the others never buy).
pub fn bot(kind: PolicyKind, b: Buying) -> Box<dyn Policy> {
    match kind {
        PolicyKind::Planner => Box::new(Heuristic::planner().buying(b)),
        PolicyKind::Informed => Box::new(Heuristic::informed(TermsMode::Road, false).buying(b)),
        PolicyKind::Greedy | PolicyKind::Random => kind.make(),
    }
}

/// A buying policy in words.
pub fn words(b: Buying) -> String {
    match b {
        Buying::Never => "never buys".into(),
        Buying::Within(0) => "the planner's own: buys at the top of the track".into(),
        Buying::Within(d) if d >= 20 => "buys whenever a look helps".into(),
        Buying::Within(d) => format!("buys down to {d} below the top of the track"),
    }
}

/// One policy's figures: with the rule against without it, run by run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Point {
    pub buying: Buying,
    pub words: String,
    pub runs: u64,
    /// Win rates without and with the rule.
    pub win_rate_without: f64,
    pub win_rate_with: f64,
    /// With minus without, and its paired 95% interval.
    pub difference: f64,
    pub difference_ci95: [f64; 2],
    pub peeks_per_run: f64,
}

/// The rule measured at the best buying policy.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Measure {
    /// Every policy on the sweep's seeds.
    pub sweep: Vec<Point>,
    /// The policy that won most in the sweep.
    pub best: Buying,
    /// It, and the planner's own policy, on fresh seeds: the rule's value.
    pub at_best: Point,
    pub planner: Point,
    /// Runs the measure played, every side and policy counted (for the timing).
    #[serde(skip)]
    pub runs_played: u64,
}

/// Sums of one policy's paired runs.
#[derive(Debug, Clone, Copy, Default)]
struct Sums {
    n: u64,
    won_a: u64,
    won_b: u64,
    sq: u64,
    peeks: u64,
}

impl Sums {
    fn add(&mut self, a: &RunFacts, b: &RunFacts) {
        let (x, y) = (u64::from(a.won), u64::from(b.won));
        self.n += 1;
        self.won_a += x;
        self.won_b += y;
        self.sq += x.abs_diff(y);
        self.peeks += u64::from(b.peeks);
    }

    fn merge(self, o: Sums) -> Sums {
        Sums {
            n: self.n + o.n,
            won_a: self.won_a + o.won_a,
            won_b: self.won_b + o.won_b,
            sq: self.sq + o.sq,
            peeks: self.peeks + o.peeks,
        }
    }

    fn point(&self, buying: Buying) -> Point {
        let n = self.n.max(1) as f64;
        let (d, ci) = paired_interval(self.n, self.won_a as f64, self.won_b as f64, self.sq as f64);
        Point {
            buying,
            words: words(buying),
            runs: self.n,
            win_rate_without: round(self.won_a as f64 / n),
            win_rate_with: round(self.won_b as f64 / n),
            difference: round(d),
            difference_ci95: [round(ci[0]), round(ci[1])],
            peeks_per_run: round(self.peeks as f64 / n),
        }
    }
}

/// What the sweep plays: the set, the bot, and the rules without and with the rule.
pub struct Sides<'a> {
    pub cards: &'a Arc<CardSet>,
    pub kind: PolicyKind,
    pub without: RunOptions,
    pub with: RunOptions,
}

/// Plays `runs` runs without the rule and, on the same seeds, with it for each policy of
/// `policies`: each policy's sums.
fn play(
    s: &Sides,
    policies: &[Buying],
    runs: u64,
    seed: u64,
    jobs: usize,
    progress: &Progress,
) -> Result<Vec<Sums>, rayon::ThreadPoolBuildError> {
    let empty = || vec![Sums::default(); policies.len()];
    let out = in_chunks(
        runs,
        jobs,
        progress,
        |range| {
            let cards = Arc::new(CardSet::clone(s.cards));
            let mut plain = bot(s.kind, Buying::Never);
            let mut buyers: Vec<Box<dyn Policy>> =
                policies.iter().map(|b| bot(s.kind, *b)).collect();
            let (mut a, mut b) = (RunFacts::default(), RunFacts::default());
            let mut sums = empty();
            for i in range {
                if progress.stopped() {
                    break;
                }
                let run = run_seed(seed, i);
                play_into(&cards, run, s.without, plain.as_mut(), &mut a);
                for (k, buyer) in buyers.iter_mut().enumerate() {
                    play_into(&cards, run, s.with, buyer.as_mut(), &mut b);
                    sums[k].add(&a, &b);
                }
                progress.tick();
            }
            sums
        },
        |x, y| x.into_iter().zip(y).map(|(p, q)| p.merge(q)).collect(),
    )?;
    Ok(out.unwrap_or_else(empty))
}

/// The rule measured at the best buying policy: the sweep on `seed`, then the best and the
/// planner's own policy on fresh seeds, `runs` runs each.
pub fn measure(
    s: &Sides,
    runs: u64,
    seed: u64,
    jobs: usize,
    progress: &Progress,
) -> Result<Measure, rayon::ThreadPoolBuildError> {
    let swept = play(s, &POLICIES, runs, seed, jobs, progress)?;
    let sweep: Vec<Point> = swept
        .iter()
        .zip(POLICIES)
        .map(|(sums, b)| sums.point(b))
        .collect();
    // The most wins; a tie goes to the policy listed first (never buying, then the
    // planner's own).
    let best = swept
        .iter()
        .zip(POLICIES)
        .fold((0, Buying::Never), |(won, at), (sums, b)| {
            if sums.won_b > won {
                (sums.won_b, b)
            } else {
                (won, at)
            }
        })
        .1;
    let today = Buying::default();
    let fresh = play(s, &[best, today], runs, seed ^ FRESH, jobs, progress)?;
    Ok(Measure {
        sweep,
        best,
        at_best: fresh[0].point(best),
        planner: fresh[1].point(today),
        // Each run is played once without the rule and once per policy with it.
        runs_played: runs * (1 + POLICIES.len() as u64) + runs * 3,
    })
}

/// A rate as a percentage with one decimal.
fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// A difference in points with its interval.
/// One policy's line: the win rate without and with the rule, the difference, the peeks.
fn gain_line(label: &str, p: &Point) -> String {
    format!(
        "  {label} {} -> {}: {}; {:.2} peeks a run\n",
        pct(p.win_rate_without),
        pct(p.win_rate_with),
        points(p),
        p.peeks_per_run
    )
}

fn points(p: &Point) -> String {
    format!(
        "{:+.2} pts ({:+.2} to {:+.2})",
        p.difference * 100.0,
        p.difference_ci95[0] * 100.0,
        p.difference_ci95[1] * 100.0
    )
}

/// The measure as text (a section of the comparison's report on the rule): the value at
/// the best policy beside the planner's own, then the sweep it came from.
pub fn text(m: &Measure, rule: &str) -> String {
    let mut t = format!(
        "\n{rule} at the best buying policy (a rule the player may decline, worth what it gives a player who buys only when it pays):\n"
    );
    t.push_str(&format!(
        "  best policy: {} ({} fresh runs)\n",
        words(m.best),
        m.at_best.runs
    ));
    t.push_str(&gain_line("win rate", &m.at_best));
    t.push_str(&gain_line(
        "the planner's own buying on the same fresh runs:",
        &m.planner,
    ));
    t.push_str(&format!(
        "  the sweep it came from ({} runs, on the seeds of the comparison above):\n",
        m.sweep.first().map_or(0, |p| p.runs)
    ));
    for p in &m.sweep {
        let mark = if p.buying == m.best { "  <- best" } else { "" };
        t.push_str(&format!(
            "    {:<48} {:>6} -> {:>6}  {:<28} {:.2} peeks a run{mark}\n",
            p.words,
            pct(p.win_rate_without),
            pct(p.win_rate_with),
            points(p),
            p.peeks_per_run
        ));
    }
    t
}

/// The measure as a section of the comparison's HTML report.
pub fn html(m: &Measure, rule: &str) -> String {
    use super::charts::esc;
    let row = |p: &Point, mark: &str| {
        format!(
            "<tr><td>{}{mark}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.2}</td></tr>",
            esc(&p.words),
            pct(p.win_rate_without),
            pct(p.win_rate_with),
            esc(&points(p)),
            p.peeks_per_run
        )
    };
    let head = "<table><tr><th>buying policy</th><th>win rate without</th><th>with</th>\
<th>difference (95% CI)</th><th>peeks a run</th></tr>";
    let mut h = format!(
        "<h2>{} at the best buying policy</h2><p>A rule the player may decline is worth what \
it gives a player who buys only when it pays. The bot's buying threshold was swept, never \
buying included; the policy that won most was played again on {} fresh runs, beside the \
planner's own buying on the same runs.</p>{head}",
        esc(rule),
        m.at_best.runs
    );
    h.push_str(&row(&m.at_best, " <b>(best)</b>"));
    if m.best != m.planner.buying {
        h.push_str(&row(&m.planner, ""));
    }
    h.push_str("</table><p>The sweep it came from, on the comparison's seeds:</p>");
    h.push_str(head);
    for p in &m.sweep {
        h.push_str(&row(
            p,
            if p.buying == m.best {
                " <b>(best)</b>"
            } else {
                ""
            },
        ));
    }
    h.push_str("</table>");
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::HouseRules;

    /// The rule `rule` measured on the shipped set with the planner, `runs` runs.
    fn measured(rule: &str, runs: u64) -> Measure {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let (set, _) = crate::cards::load::load_dir(&dir).expect("the shipped set");
        let set = Arc::new(set);
        let with = HouseRules::parse_all(&[rule]).expect("a rule");
        let s = Sides {
            cards: &set,
            kind: PolicyKind::Planner,
            without: RunOptions::default(),
            with: RunOptions {
                rules: with,
                ..RunOptions::default()
            },
        };
        measure(&s, runs, 7, 2, &Progress::default()).expect("played")
    }

    /// "Never" is the runs without the rule, run by run.
    fn never_is_declining(m: &Measure) {
        let never = &m.sweep[0];
        assert_eq!(never.buying, Buying::Never);
        // Paired run by run: an interval of exactly 0 means no run's outcome moved.
        assert_eq!((never.difference, never.peeks_per_run), (0.0, 0.0), "{m:?}");
        assert_eq!(never.difference_ci95, [0.0, 0.0], "{m:?}");
        assert_eq!(never.win_rate_with, never.win_rate_without);
    }

    #[test]
    fn never_buying_plays_the_runs_without_the_rule_and_the_best_wins_most() {
        let m = measured("paid-peek", 60);
        never_is_declining(&m);
        let best = m
            .sweep
            .iter()
            .find(|p| p.buying == m.best)
            .expect("the best");
        assert!(
            m.sweep
                .iter()
                .all(|p| p.win_rate_with <= best.win_rate_with)
        );
        // A tie goes to the policy listed first.
        let first = m
            .sweep
            .iter()
            .position(|p| p.win_rate_with == best.win_rate_with);
        assert_eq!(first.map(|i| m.sweep[i].buying), Some(m.best), "{m:?}");
        // The planner's own rule buys some peeks; buying down the track buys more.
        assert!(m.sweep[1].peeks_per_run > 0.0, "{m:?}");
        assert!(m.sweep[3].peeks_per_run > m.sweep[1].peeks_per_run, "{m:?}");
        assert_eq!((m.at_best.runs, m.planner.runs), (60, 60));
        assert_eq!(
            (m.at_best.buying, m.planner.buying),
            (m.best, Buying::Within(0))
        );
        let t = text(&m, "paid-peek");
        assert!(t.contains("best policy: "), "{t}");
        assert!(t.contains("<- best"), "{t}");
    }

    #[test]
    fn a_free_look_declined_is_still_the_game_without_the_rule() {
        let m = measured("paid-peek=resolve:0", 30);
        never_is_declining(&m);
        // Every other policy takes the free look.
        assert!(m.sweep[1..].iter().all(|p| p.peeks_per_run > 0.0), "{m:?}");
    }
}
