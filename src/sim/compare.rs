//! Two configurations played on the same run seeds (paired), and the difference of each
//! figure with its 95% confidence interval from the pairing.
//!
//! Run `i` of both sides has the same seed, so the same dice fall wherever the two sides
//! make the same choices: most of the noise cancels in the per-run difference. Each
//! figure is a per-run value (an outcome that happened or not, or a Health) taken on both
//! sides; its mean difference and the spread of the per-run differences give the
//! interval. Every accumulator is an integer sum, so the result does not depend on the
//! number of jobs. The two sides are any [`Config`]s: two card sets, two bots, or two kinds
//! of dice (rolled, or dealt from a deck: `--compare-dice`).

use super::batch::{PerWorker, PolicyKind, Progress, in_chunks};
use super::run::{Ending, MISS_STREAK, RunFacts, play_into, run_seed};
use super::stats::{Totals, Z95};
use super::summary::{Summary, round};
use crate::cards::CardSet;
use crate::cards::DomainRef;
use crate::core::{DiceMode, HouseRules, RunOptions};
use serde::Serialize;
use std::collections::BTreeMap;
use std::collections::HashMap;
use std::sync::Arc;

/// One side of a comparison: what is played.
#[derive(Debug, Clone)]
pub struct Config {
    /// How the reports name it (e.g. the cards directory).
    pub label: String,
    pub cards: Arc<CardSet>,
    pub policy: PolicyKind,
    /// Dice rolled or dealt from a deck.
    pub dice: DiceMode,
    /// The house rules its runs play with.
    pub rules: HouseRules,
    /// Cards of this side known by another id on side A (this id -> A's id): a renamed
    /// card is compared with itself, not counted as one removed and one added.
    pub renames: Arc<BTreeMap<String, String>>,
}

/// The figures both sides share, matched by id: the union of the two sets' Domains,
/// Station cards and Guardian checks. Per side, each local index maps to its row here.
#[derive(Debug, Clone)]
pub struct Keys {
    /// (id, name) of every Domain, card and check of either side.
    pub domains: Vec<(String, String)>,
    pub cards: Vec<(String, String)>,
    pub checks: Vec<(String, String)>,
    sides: [SideMap; 2],
}

#[derive(Debug, Clone, Default)]
struct SideMap {
    domain: Vec<u32>,
    card: Vec<u32>,
    check: Vec<u32>,
}

/// The row of `id` in `rows`, added (with `name`) if new; `index` finds a row by its id.
fn union(
    rows: &mut Vec<(String, String)>,
    index: &mut HashMap<String, u32>,
    id: &str,
    name: &str,
) -> u32 {
    if let Some(&at) = index.get(id) {
        return at;
    }
    rows.push((id.to_string(), name.to_string()));
    let at = rows.len() as u32 - 1;
    index.insert(id.to_string(), at);
    at
}

// The per-run outcomes compared, laid out in one index space.
const WON: usize = 0;
const REACHED: usize = 1;
const STREAK: usize = 2;
/// A requirement or seal went out of reach before the Guardian.
const DEAD: usize = 3;

impl Keys {
    /// Matches the Domains, cards and checks of two sets by id, B's renamed cards
    /// (`renames`: B's id -> A's id) under their A id.
    pub fn new(a: &CardSet, b: &CardSet, renames: &BTreeMap<String, String>) -> Keys {
        let mut k = Keys {
            domains: Vec::new(),
            cards: Vec::new(),
            checks: Vec::new(),
            sides: Default::default(),
        };
        let mut index: [HashMap<String, u32>; 3] = Default::default();
        for (side, set) in [a, b].into_iter().enumerate() {
            let mut m = SideMap::default();
            for d in &set.domains {
                m.domain
                    .push(union(&mut k.domains, &mut index[0], &d.id.0, &d.name));
            }
            for c in &set.cards {
                let id = match renames.get(&c.id.0) {
                    Some(old) if side == 1 => old.as_str(),
                    _ => c.id.0.as_str(),
                };
                let at = union(&mut k.cards, &mut index[1], id, &c.name);
                let row = &mut k.cards[at as usize];
                if side == 1 && id != c.id.0 && row.1 != c.name {
                    row.1 = format!("{} (now {})", row.1, c.name);
                }
                m.card.push(at);
            }
            let g = &set.guardian;
            for s in g.requirements.iter().chain(&g.seals) {
                m.check
                    .push(union(&mut k.checks, &mut index[2], &s.id.0, &s.name));
            }
            k.sides[side] = m;
        }
        k
    }

    fn ending_base(&self) -> usize {
        DEAD + 1
    }
    fn duel_ix(&self) -> usize {
        self.ending_base() + self.domains.len()
    }
    fn check_base(&self) -> usize {
        self.duel_ix() + 1
    }
    fn abandoned_ix(&self) -> usize {
        self.check_base() + self.checks.len()
    }
    fn card_base(&self) -> usize {
        self.abandoned_ix() + 1
    }
    /// How many per-run outcomes are compared.
    fn outcomes(&self) -> usize {
        self.card_base() + self.cards.len()
    }

    /// The outcomes that happened in one run of a side (at most six, all distinct).
    fn happened(&self, side: usize, f: &RunFacts) -> ([usize; 6], usize) {
        let m = &self.sides[side];
        let mut out = [usize::MAX; 6];
        let mut n = 0;
        let mut push = |i: usize| {
            out[n] = i;
            n += 1;
        };
        if f.won {
            push(WON);
        }
        if f.guardian_unmet.is_some() {
            push(REACHED);
        }
        if f.lost_to_streak {
            push(STREAK);
        }
        if f.term_lost_at.is_some() {
            push(DEAD);
        }
        match f.ending {
            Ending::Won => {}
            Ending::Domain(d) => push(self.ending_base() + m.domain[d.index as usize] as usize),
            Ending::GuardianDuel => push(self.duel_ix()),
            Ending::Check(c) => push(self.check_base() + m.check[c as usize] as usize),
            Ending::Abandoned => push(self.abandoned_ix()),
        }
        if let Some(k) = f.killer {
            push(self.card_base() + m.card[k.index as usize] as usize);
        }
        (out, n)
    }
}

/// Sums over the pairs of runs: per outcome, how often it happened on each side and how
/// many pairs disagreed; per Domain, the Health after it where both sides cleared it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Paired {
    pub runs: u64,
    /// Per outcome: [happened in A, happened in B, pairs that disagree].
    outcomes: Vec<[u64; 3]>,
    /// Per Domain: [pairs, sum of A's Health, sum of B's, sum of squared differences].
    health: Vec<[i64; 4]>,
    /// The same sums for Health and the marker at the crossing (pairs where both sides
    /// cleared the final Domain), and for the peeks bought (every pair).
    crossing_health: [i64; 4],
    crossing_marker: [i64; 4],
    peeks: [i64; 4],
}

/// Adds one pair's values to `[pairs, sum A, sum B, sum of squared differences]`.
fn add_pair(t: &mut [i64; 4], a: i64, b: i64) {
    t[0] += 1;
    t[1] += a;
    t[2] += b;
    t[3] += (b - a) * (b - a);
}

/// Health and marker after the final Domain (at the crossing), if the run got there.
fn at_crossing(f: &RunFacts, final_domain: DomainRef) -> Option<(i64, i64)> {
    f.after_domain
        .iter()
        .find(|(d, ..)| *d == final_domain)
        .map(|(_, h, m, _)| (i64::from(*h), i64::from(*m)))
}

impl Paired {
    fn new(keys: &Keys) -> Paired {
        Paired {
            runs: 0,
            outcomes: vec![[0; 3]; keys.outcomes()],
            health: vec![[0; 4]; keys.domains.len()],
            ..Paired::default()
        }
    }

    fn add(&mut self, keys: &Keys, a: &RunFacts, b: &RunFacts, finals: [DomainRef; 2]) {
        self.runs += 1;
        add_pair(&mut self.peeks, i64::from(a.peeks), i64::from(b.peeks));
        if let (Some(x), Some(y)) = (at_crossing(a, finals[0]), at_crossing(b, finals[1])) {
            add_pair(&mut self.crossing_health, x.0, y.0);
            add_pair(&mut self.crossing_marker, x.1, y.1);
        }
        let (ha, na) = keys.happened(0, a);
        let (hb, nb) = keys.happened(1, b);
        let (ha, hb) = (&ha[..na], &hb[..nb]);
        for &i in ha {
            self.outcomes[i][0] += 1;
            if !hb.contains(&i) {
                self.outcomes[i][2] += 1;
            }
        }
        for &i in hb {
            self.outcomes[i][1] += 1;
            if !ha.contains(&i) {
                self.outcomes[i][2] += 1;
            }
        }
        for (da, h_a, _, _) in &a.after_domain {
            let u = keys.sides[0].domain[da.index as usize];
            let both = b
                .after_domain
                .iter()
                .find(|(db, ..)| keys.sides[1].domain[db.index as usize] == u);
            if let Some((_, h_b, _, _)) = both {
                let t = &mut self.health[u as usize];
                let d = i64::from(h_b - h_a);
                t[0] += 1;
                t[1] += i64::from(*h_a);
                t[2] += i64::from(*h_b);
                t[3] += d * d;
            }
        }
    }

    fn merge(mut self, o: Paired) -> Paired {
        self.runs += o.runs;
        for (a, b) in self.outcomes.iter_mut().zip(&o.outcomes) {
            for i in 0..3 {
                a[i] += b[i];
            }
        }
        for (a, b) in self.health.iter_mut().zip(&o.health) {
            for i in 0..4 {
                a[i] += b[i];
            }
        }
        for (a, b) in [
            (&mut self.crossing_health, o.crossing_health),
            (&mut self.crossing_marker, o.crossing_marker),
            (&mut self.peeks, o.peeks),
        ] {
            for i in 0..4 {
                a[i] += b[i];
            }
        }
        self
    }
}

/// Both sides' totals and the pairs' sums.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    pub a: Totals,
    pub b: Totals,
    pub paired: Paired,
}

/// Plays runs `0..runs` of both sides with the same run seeds on `jobs` threads.
pub fn compare(
    a: &Config,
    b: &Config,
    runs: u64,
    seed: u64,
    jobs: usize,
    progress: &Progress,
) -> Result<Comparison, rayon::ThreadPoolBuildError> {
    let keys = Keys::new(&a.cards, &b.cards, &b.renames);
    let empty = || Comparison {
        a: Totals::new(&a.cards),
        b: Totals::new(&b.cards),
        paired: Paired::new(&keys),
    };
    let copies = [
        PerWorker::new(&a.cards, jobs),
        PerWorker::new(&b.cards, jobs),
    ];
    let out = in_chunks(
        runs,
        jobs,
        progress,
        |range| {
            let cards = [copies[0].get(), copies[1].get()];
            let mut bots = [a.policy.make(), b.policy.make()];
            let mut facts = [RunFacts::default(), RunFacts::default()];
            let mut c = empty();
            for i in range {
                if progress.stopped() {
                    break;
                }
                let s = run_seed(seed, i);
                for side in 0..2 {
                    let c = [a, b][side];
                    let mode = RunOptions {
                        dice: c.dice,
                        rules: c.rules,
                    };
                    play_into(cards[side], s, mode, bots[side].as_mut(), &mut facts[side]);
                }
                c.a.add(&facts[0]);
                c.b.add(&facts[1]);
                let finals = [cards[0].final_domain, cards[1].final_domain];
                c.paired.add(&keys, &facts[0], &facts[1], finals);
                progress.tick();
            }
            c
        },
        |x, y| Comparison {
            a: x.a.merge(y.a),
            b: x.b.merge(y.b),
            paired: x.paired.merge(y.paired),
        },
    )?;
    Ok(out.unwrap_or_else(empty))
}

/// The mean of paired differences with its 95% interval, from the pairs' count, the two
/// sides' sums and the sum of squared differences.
pub fn paired_interval(n: u64, sum_a: f64, sum_b: f64, sum_sq: f64) -> (f64, [f64; 2]) {
    if n == 0 {
        return (0.0, [0.0, 0.0]);
    }
    let nf = n as f64;
    let mean = (sum_b - sum_a) / nf;
    if n < 2 {
        return (mean, [mean, mean]);
    }
    let var = ((sum_sq - nf * mean * mean) / (nf - 1.0)).max(0.0);
    let half = Z95 * (var / nf).sqrt();
    (mean, [mean - half, mean + half])
}

/// One compared figure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// `win_rate`, `reached_guardian`, `lost_to_streak`, `ended_in`, `guardian_duel`, `requirement`/`seal`,
    /// `abandoned`, `kill_rate` or `health_after`.
    pub figure: &'static str,
    /// The Domain, card or check it is about (empty for whole-run figures).
    pub id: String,
    pub label: String,
    /// A's and B's value: a share of runs, or a mean Health.
    pub a: f64,
    pub b: f64,
    /// B minus A, and its 95% interval from the pairing.
    pub difference: f64,
    pub ci95: [f64; 2],
    /// Pairs it was measured on (for Health: the pairs where both sides cleared the Domain).
    pub pairs: u64,
    /// The interval excludes 0.
    pub significant: bool,
    /// `difference` over its standard error (0 when there is no spread): how sure.
    #[serde(skip)]
    pub z: f64,
}

impl Change {
    fn new(figure: &'static str, id: &str, label: String, n: u64, sums: [f64; 3]) -> Change {
        let (diff, ci) = paired_interval(n, sums[0], sums[1], sums[2]);
        let half = (ci[1] - ci[0]) / 2.0;
        // Judged on the figures as shown: sums of equal Health in every pair can differ by
        // a rounding error, and one pair has no spread to judge by.
        let significant = n >= 2 && (round(ci[0]) > 0.0 || round(ci[1]) < 0.0);
        Change {
            figure,
            id: id.to_string(),
            label,
            a: round(sums[0] / n.max(1) as f64),
            b: round(sums[1] / n.max(1) as f64),
            difference: round(diff),
            ci95: [round(ci[0]), round(ci[1])],
            pairs: n,
            significant,
            z: if half > 0.0 { diff / half * Z95 } else { 0.0 },
        }
    }
}

/// The comparison's figures (the `--json` output, with timing added by the caller).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompareSummary {
    pub runs: u64,
    pub a: SideSummary,
    pub b: SideSummary,
    /// Every compared figure: the significant ones first (surest first), then the rest in
    /// the order listed (whole runs, places runs end, Health after each Domain, cards).
    pub changes: Vec<Change>,
}

/// One side's name and full figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideSummary {
    pub label: String,
    pub policy: PolicyKind,
    /// `rolled` or `deck`.
    pub dice: DiceMode,
    /// Its house rules (absent when none).
    #[serde(skip_serializing_if = "HouseRules::is_off")]
    pub rules: HouseRules,
    pub summary: Summary,
}

impl Comparison {
    /// The figures of both sides and every compared figure.
    pub fn summary(&self, a: &Config, b: &Config) -> CompareSummary {
        let keys = Keys::new(&a.cards, &b.cards, &b.renames);
        let p = &self.paired;
        let n = p.runs;
        let rate = |figure, id: &str, label: String, i: usize| {
            let [x, y, d] = p.outcomes[i];
            Change::new(figure, id, label, n, [x as f64, y as f64, d as f64])
        };
        let mut changes = vec![
            rate("win_rate", "", "win rate".into(), WON),
            rate(
                "reached_guardian",
                "",
                "reached the Guardian".into(),
                REACHED,
            ),
            rate(
                "lost_to_streak",
                "",
                format!("runs lost to {MISS_STREAK}+ misses in a row"),
                STREAK,
            ),
            rate(
                "dead_runs",
                "",
                "dead runs (a requirement or seal lost before the Guardian)".into(),
                DEAD,
            ),
        ];
        let mean = |figure, label: &str, t: [i64; 4]| {
            let sums = [t[1] as f64, t[2] as f64, t[3] as f64];
            Change::new(figure, "", label.to_string(), t[0] as u64, sums)
        };
        changes.push(mean(
            "crossing_health",
            "Health at the crossing",
            p.crossing_health,
        ));
        changes.push(mean(
            "crossing_marker",
            "marker at the crossing",
            p.crossing_marker,
        ));
        if p.peeks[1] + p.peeks[2] > 0 {
            changes.push(mean("peeks", "paid peeks per run", p.peeks));
        }
        for (i, (id, name)) in keys.domains.iter().enumerate() {
            let label = format!("runs ending in {name}");
            changes.push(rate("ended_in", id, label, keys.ending_base() + i));
        }
        let duel = "runs lost in the Guardian duel".to_string();
        changes.push(rate("guardian_duel", "", duel, keys.duel_ix()));
        for (i, (id, name)) in keys.checks.iter().enumerate() {
            let label = format!("runs ended by the {name}");
            changes.push(rate("check", id, label, keys.check_base() + i));
        }
        let ab = "runs abandoned".to_string();
        changes.push(rate("abandoned", "", ab, keys.abandoned_ix()));
        for (i, (id, name)) in keys.domains.iter().enumerate() {
            let [k, sa, sb, sq] = p.health[i];
            let sums = [sa as f64, sb as f64, sq as f64];
            let label = format!("Health after {name}");
            changes.push(Change::new("health_after", id, label, k as u64, sums));
        }
        for (i, (id, name)) in keys.cards.iter().enumerate() {
            let label = format!("runs lost to {name}");
            changes.push(rate("kill_rate", id, label, keys.card_base() + i));
        }
        // Significant first, surest first; the rest keep their order (a stable sort).
        changes.sort_by(|x, y| {
            y.significant.cmp(&x.significant).then(if x.significant {
                y.z.abs().total_cmp(&x.z.abs())
            } else {
                std::cmp::Ordering::Equal
            })
        });
        let side = |c: &Config, t: &Totals| SideSummary {
            label: c.label.clone(),
            policy: c.policy,
            dice: c.dice,
            rules: c.rules,
            summary: t.summary(&c.cards),
        };
        CompareSummary {
            runs: n,
            a: side(a, &self.a),
            b: side(b, &self.b),
            changes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Change, paired_interval};

    /// Mean Health equal in every pair, summed in another order: a rounding error of the
    /// sums is no change, and neither is one pair's difference.
    #[test]
    fn a_rounding_error_or_a_single_pair_is_not_a_significant_change() {
        let a: f64 = [0.1, 0.2, 0.3].iter().sum();
        let b: f64 = [0.3, 0.2, 0.1].iter().sum();
        assert_ne!(a, b, "the sums differ in their last bit");
        let c = Change::new("health_after", "x", "Health".into(), 3, [a, b, 0.0]);
        assert!(!c.significant, "{c:?}");
        let one = Change::new("health_after", "x", "Health".into(), 1, [3.0, 5.0, 4.0]);
        assert!(!one.significant, "{one:?}");
        let real = Change::new("win_rate", "", "Win".into(), 100, [30.0, 40.0, 10.0]);
        assert!(real.significant, "{real:?}");
    }

    #[test]
    fn identical_pairs_give_an_exact_zero() {
        assert_eq!(paired_interval(100, 40.0, 40.0, 0.0), (0.0, [0.0, 0.0]));
    }

    #[test]
    fn the_interval_follows_the_spread_of_the_differences() {
        // 100 pairs: B won 10 more (10 pairs +1, none -1). Differences: mean 0.1,
        // variance (10 - 100 * 0.01) / 99 = 9/99; half-width 1.96 * sqrt(9/99/100).
        let (m, [lo, hi]) = paired_interval(100, 30.0, 40.0, 10.0);
        let half = 1.959_963_984_540_054 * (9.0f64 / 99.0 / 100.0).sqrt();
        assert!((m - 0.1).abs() < 1e-12);
        assert!((lo - (0.1 - half)).abs() < 1e-12 && (hi - (0.1 + half)).abs() < 1e-12);
    }
}
