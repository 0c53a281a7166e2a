//! Aggregated figures over many runs. Every accumulator is an integer sum, so merging the
//! partial results of parallel workers gives exactly the same totals in any order: the
//! report is identical whatever the number of jobs.

use super::run::{NEAR_FLIPS, RunFacts};
use crate::cards::CardSet;
use crate::core::Cause;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

const CAUSES: [Cause; 5] = [
    Cause::Health,
    Cause::Dread,
    Cause::Guardian,
    Cause::Abandoned,
    Cause::Stranded,
];

fn cause_ix(c: Cause) -> usize {
    CAUSES.iter().position(|x| *x == c).unwrap_or(0)
}

/// Running totals for one card.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct CardTotals {
    flips: u64,
    health_change: i64,
    lost_near: u64,
    killed: u64,
}

/// Running totals for one Domain.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct DomainTotals {
    entered: u64,
    cleared: u64,
    losses: [u64; 5],
    health: i64,
    health_sq: i64,
    marker: i64,
    grace: i64,
}

/// Totals over a batch of runs (mergeable).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    pub runs: u64,
    pub wins: u64,
    losses: [u64; 5],
    guardian_losses: [u64; 5],
    flips: u64,
    exchanges: u64,
    cards: Vec<CardTotals>,
    domains: Vec<DomainTotals>,
    paths: HashMap<Vec<u8>, (u64, u64)>,
}

impl Totals {
    /// Empty totals for a card set.
    pub fn new(cards: &CardSet) -> Totals {
        Totals {
            cards: vec![CardTotals::default(); cards.cards.len()],
            domains: vec![DomainTotals::default(); cards.domains.len()],
            ..Totals::default()
        }
    }

    /// Adds one run.
    pub fn add(&mut self, f: &RunFacts) {
        self.runs += 1;
        self.flips += f.flips.len() as u64;
        self.exchanges += f.exchanges as u64;
        if f.won {
            self.wins += 1;
        }
        for d in &f.path {
            self.domains[d.index as usize].entered += 1;
        }
        for (d, h, m, g) in &f.after_domain {
            let t = &mut self.domains[d.index as usize];
            t.cleared += 1;
            t.health += *h as i64;
            t.health_sq += (*h as i64) * (*h as i64);
            t.marker += *m as i64;
            t.grace += *g as i64;
        }
        for (c, delta) in &f.flips {
            let t = &mut self.cards[c.index as usize];
            t.flips += 1;
            t.health_change += *delta as i64;
        }
        if let Some(cause) = f.cause {
            let ix = cause_ix(cause);
            self.losses[ix] += 1;
            match f.ended_in {
                Some(d) => self.domains[d.index as usize].losses[ix] += 1,
                None => self.guardian_losses[ix] += 1,
            }
            let start = f.flips.len().saturating_sub(NEAR_FLIPS);
            let mut near: Vec<u16> = f.flips[start..].iter().map(|(c, _)| c.index).collect();
            near.sort_unstable();
            near.dedup();
            for c in near {
                self.cards[c as usize].lost_near += 1;
            }
            if let Some(k) = f.killer {
                self.cards[k.index as usize].killed += 1;
            }
        }
        let key: Vec<u8> = f.path.iter().map(|d| d.index).collect();
        let e = self.paths.entry(key).or_default();
        e.0 += 1;
        e.1 += u64::from(f.won);
    }

    /// Adds another batch's totals.
    pub fn merge(mut self, o: Totals) -> Totals {
        if self.cards.is_empty() {
            return o;
        }
        if o.cards.is_empty() {
            return self;
        }
        self.runs += o.runs;
        self.wins += o.wins;
        self.flips += o.flips;
        self.exchanges += o.exchanges;
        for i in 0..5 {
            self.losses[i] += o.losses[i];
            self.guardian_losses[i] += o.guardian_losses[i];
        }
        for (a, b) in self.cards.iter_mut().zip(o.cards) {
            a.flips += b.flips;
            a.health_change += b.health_change;
            a.lost_near += b.lost_near;
            a.killed += b.killed;
        }
        for (a, b) in self.domains.iter_mut().zip(o.domains) {
            a.entered += b.entered;
            a.cleared += b.cleared;
            a.health += b.health;
            a.health_sq += b.health_sq;
            a.marker += b.marker;
            a.grace += b.grace;
            for i in 0..5 {
                a.losses[i] += b.losses[i];
            }
        }
        for (k, (r, w)) in o.paths {
            let e = self.paths.entry(k).or_default();
            e.0 += r;
            e.1 += w;
        }
        self
    }

    /// The figures for the report.
    pub fn summary(&self, cards: &CardSet) -> Summary {
        let runs = self.runs.max(1) as f64;
        let losses = self.runs - self.wins;
        let causes = |arr: &[u64; 5]| -> BTreeMap<String, u64> {
            CAUSES
                .iter()
                .zip(arr)
                .filter(|(c, n)| **n > 0 || !matches!(c, Cause::Stranded))
                .map(|(c, n)| (c.as_str().to_string(), *n))
                .collect()
        };
        let per_domain = cards
            .domain_refs()
            .iter()
            .map(|d| {
                let t = &self.domains[d.index as usize];
                let n = t.cleared.max(1) as f64;
                let mean = t.health as f64 / n;
                let var = (t.health_sq as f64 / n - mean * mean).max(0.0);
                DomainSummary {
                    id: d.id.to_string(),
                    name: cards.domain(*d).name.clone(),
                    entered: t.entered,
                    cleared: t.cleared,
                    losses: t.losses.iter().sum(),
                    losses_by_cause: causes(&t.losses),
                    mean_health_after: round(mean),
                    sd_health_after: round(var.sqrt()),
                    mean_resolve_after: round(t.marker as f64 / n),
                    mean_grace_after: round(t.grace as f64 / n),
                }
            })
            .collect();
        let mut per_card: Vec<CardSummary> = cards
            .card_refs()
            .map(|c| {
                let t = &self.cards[c.index as usize];
                let card = cards.card(c);
                let home = cards
                    .domain_refs()
                    .iter()
                    .find(|d| cards.domain(**d).stations.contains(&c))
                    .map_or(String::new(), |d| d.id.to_string());
                CardSummary {
                    id: c.id.to_string(),
                    name: card.name.clone(),
                    card_type: card.card_type.as_str(),
                    domain: home,
                    flips: t.flips,
                    mean_health_change: round(t.health_change as f64 / t.flips.max(1) as f64),
                    lost_within_3_flips: t.lost_near,
                    loss_share_after_flip: round(t.lost_near as f64 / t.flips.max(1) as f64),
                    killed: t.killed,
                    share_of_losses: round(t.killed as f64 / losses.max(1) as f64),
                }
            })
            .collect();
        per_card.sort_by(|a, b| b.killed.cmp(&a.killed).then(a.id.cmp(&b.id)));
        let mut per_path: Vec<PathSummary> = self
            .paths
            .iter()
            .map(|(k, (r, w))| PathSummary {
                path: k
                    .iter()
                    .map(|i| cards.domains[*i as usize].id.0.clone())
                    .collect(),
                runs: *r,
                wins: *w,
                win_rate: round(*w as f64 / (*r).max(1) as f64),
            })
            .collect();
        per_path.sort_by(|a, b| b.runs.cmp(&a.runs).then(a.path.cmp(&b.path)));
        let (lo, hi) = wilson(self.wins, self.runs);
        Summary {
            runs: self.runs,
            wins: self.wins,
            win_rate: round(self.wins as f64 / runs),
            win_rate_ci95: [round(lo), round(hi)],
            losses_by_cause: causes(&self.losses),
            guardian_losses_by_cause: causes(&self.guardian_losses),
            mean_flips: round(self.flips as f64 / runs),
            mean_exchanges: round(self.exchanges as f64 / runs),
            per_domain,
            per_card,
            per_path,
        }
    }
}

fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The Wilson score interval at 95% for `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = k as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The report's figures (the `--json` output, with timing added by the caller).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub runs: u64,
    pub wins: u64,
    pub win_rate: f64,
    /// 95% confidence interval of the win rate (Wilson).
    pub win_rate_ci95: [f64; 2],
    /// Cause -> lost runs; `wins` plus all of these equals `runs`.
    pub losses_by_cause: BTreeMap<String, u64>,
    /// Of those, the losses at the Guardian (after the final Domain), by cause.
    pub guardian_losses_by_cause: BTreeMap<String, u64>,
    pub mean_flips: f64,
    pub mean_exchanges: f64,
    pub per_domain: Vec<DomainSummary>,
    pub per_card: Vec<CardSummary>,
    pub per_path: Vec<PathSummary>,
}

/// Figures for one Domain.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DomainSummary {
    pub id: String,
    pub name: String,
    pub entered: u64,
    pub cleared: u64,
    /// Runs lost in this Domain.
    pub losses: u64,
    pub losses_by_cause: BTreeMap<String, u64>,
    /// Health after clearing it (mean and standard deviation).
    pub mean_health_after: f64,
    pub sd_health_after: f64,
    pub mean_resolve_after: f64,
    pub mean_grace_after: f64,
}

/// Figures for one Station card.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardSummary {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub card_type: &'static str,
    pub domain: String,
    pub flips: u64,
    /// Mean Health change from flipping it to the next flip.
    pub mean_health_change: f64,
    /// Runs lost within 3 flips after flipping it.
    pub lost_within_3_flips: u64,
    /// That, as a share of the runs that flipped it.
    pub loss_share_after_flip: f64,
    /// Runs lost while it was being resolved (or right after it was the last flip).
    pub killed: u64,
    /// That, as a share of all losses.
    pub share_of_losses: f64,
}

/// Figures for one route.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PathSummary {
    pub path: Vec<String>,
    pub runs: u64,
    pub wins: u64,
    pub win_rate: f64,
}

#[cfg(test)]
mod tests {
    use super::wilson;

    #[test]
    fn wilson_interval_contains_the_rate() {
        let (lo, hi) = wilson(50, 100);
        assert!(lo < 0.5 && hi > 0.5);
        assert!((lo - 0.4038).abs() < 0.001, "{lo}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
