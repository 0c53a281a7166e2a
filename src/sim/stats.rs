//! Aggregated figures over many runs. Every accumulator is an integer sum, so merging the
//! partial results of parallel workers gives exactly the same totals in any order: the
//! report is identical whatever the number of jobs. [`super::summary`] turns them into
//! the report's figures.

use super::run::{Ending, Flow, MISS_STREAK, NEAR_FLIPS, Note, RunFacts};
use crate::cards::{CardSet, DomainRef};
use crate::core::Cause;
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// Routes up to this many Domains long are looked up with a key on the stack.
const PATH_KEY_INLINE: usize = 32;

pub(super) const CAUSES: [Cause; 5] = [
    Cause::Health,
    Cause::Dread,
    Cause::Guardian,
    Cause::Abandoned,
    Cause::Stranded,
];

pub(super) fn cause_ix(c: Cause) -> usize {
    CAUSES.iter().position(|x| *x == c).unwrap_or(0)
}

/// Sums of what moved in one place.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct FlowTotals {
    pub damage: u64,
    pub healing: u64,
    pub to_resolve: u64,
    pub to_dread: u64,
    pub grace_spent: u64,
    pub grace_gained: u64,
}

impl FlowTotals {
    fn add(&mut self, f: &Flow) {
        self.damage += u64::from(f.damage);
        self.healing += u64::from(f.healing);
        self.to_resolve += u64::from(f.to_resolve);
        self.to_dread += u64::from(f.to_dread);
        self.grace_spent += u64::from(f.grace_spent);
        self.grace_gained += u64::from(f.grace_gained);
    }

    fn merge(&mut self, o: &FlowTotals) {
        self.damage += o.damage;
        self.healing += o.healing;
        self.to_resolve += o.to_resolve;
        self.to_dread += o.to_dread;
        self.grace_spent += o.grace_spent;
        self.grace_gained += o.grace_gained;
    }
}

/// Running totals for one card.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct CardTotals {
    pub flips: u64,
    pub health_change: i64,
    pub lost_near: u64,
    pub killed: u64,
    pub terror: [u64; 2],
    /// Times each Terror option could not be taken.
    pub unaffordable: [u64; 2],
    pub pit_tests: u64,
    pub pit_passed: u64,
    /// Times resolved, and the Health change from flip to resolved, summed.
    pub resolved: u64,
    pub resolve_health: i64,
    pub fought: u64,
    pub tolls: u64,
    pub passages: u64,
    pub joined: u64,
    pub refused: u64,
    pub taken: u64,
    pub declined: u64,
    pub used: u64,
    pub swapped_out: u64,
}

impl CardTotals {
    fn note(&mut self, n: Note) {
        match n {
            Note::Terror(o) => {
                if let Some(t) = self.terror.get_mut(o as usize) {
                    *t += 1;
                }
            }
            Note::Unaffordable(o) => {
                if let Some(t) = self.unaffordable.get_mut(o as usize) {
                    *t += 1;
                }
            }
            Note::Pit { passed } => {
                self.pit_tests += 1;
                self.pit_passed += u64::from(passed);
            }
            Note::Fought => self.fought += 1,
            Note::Toll => self.tolls += 1,
            Note::Passage => self.passages += 1,
            Note::Joined => self.joined += 1,
            Note::Refused => self.refused += 1,
            Note::Taken => self.taken += 1,
            Note::Declined => self.declined += 1,
            Note::Used => self.used += 1,
            Note::SwappedOut => self.swapped_out += 1,
        }
    }

    fn merge(&mut self, b: &CardTotals) {
        self.flips += b.flips;
        self.health_change += b.health_change;
        self.lost_near += b.lost_near;
        self.killed += b.killed;
        self.terror[0] += b.terror[0];
        self.terror[1] += b.terror[1];
        self.unaffordable[0] += b.unaffordable[0];
        self.unaffordable[1] += b.unaffordable[1];
        self.pit_tests += b.pit_tests;
        self.pit_passed += b.pit_passed;
        self.resolved += b.resolved;
        self.resolve_health += b.resolve_health;
        self.fought += b.fought;
        self.tolls += b.tolls;
        self.passages += b.passages;
        self.joined += b.joined;
        self.refused += b.refused;
        self.taken += b.taken;
        self.declined += b.declined;
        self.used += b.used;
        self.swapped_out += b.swapped_out;
    }
}

/// Running totals for one Domain.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct DomainTotals {
    pub entered: u64,
    pub cleared: u64,
    pub losses: [u64; 5],
    pub health: i64,
    pub health_sq: i64,
    pub marker: i64,
    pub grace: i64,
    pub flow: FlowTotals,
}

/// Running totals at the Guardian.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct GuardianTotals {
    /// Runs that cleared the final Domain, and of those the ones whose duel began.
    pub reached: u64,
    pub duels: u64,
    /// Runs lost in the duel itself (not to a requirement or seal).
    pub duel_losses: u64,
    pub flow: FlowTotals,
    /// Per requirement, then seal: runs that reached the Guardian with it unmet, and runs
    /// it ended.
    pub unmet: Vec<u64>,
    pub ended: Vec<u64>,
}

/// Totals over a batch of runs (mergeable).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    pub runs: u64,
    pub wins: u64,
    pub(super) losses: [u64; 5],
    pub(super) guardian_losses: [u64; 5],
    pub(super) flips: u64,
    pub(super) exchanges: u64,
    pub(super) cards: Vec<CardTotals>,
    pub(super) domains: Vec<DomainTotals>,
    pub(super) guardian: GuardianTotals,
    /// Route -> runs, wins, runs that reached the Guardian by it. (Fx-hashed: a run's
    /// route is looked up once per run, and the summary sorts the routes, never reading
    /// the map's order.)
    pub(super) paths: FxHashMap<Vec<u8>, [u64; 3]>,
    /// Runs with a streak of misses (`RunFacts::longest_miss_streak` at least
    /// `MISS_STREAK`), and runs lost to one (`RunFacts::lost_to_streak`).
    pub(super) streak_runs: u64,
    pub(super) streak_losses: u64,
    /// Runs in which a requirement or seal went out of reach before the Guardian.
    pub(super) dead: DeadTotals,
    /// Paid peeks bought over all runs (house rule `paid-peek`).
    pub(super) peeks: u64,
    /// Per row of [`PEEK_ROWS`]: runs that bought that many peeks, and their wins.
    pub(super) by_peeks: [[u64; 2]; PEEK_ROWS.len()],
}

/// The rows of "win rate by peeks bought": each the fewest peeks it counts (the last
/// counts that many or more).
pub const PEEK_ROWS: [u32; 5] = [0, 1, 2, 4, 8];

/// The row of [`PEEK_ROWS`] a run with `peeks` peeks bought counts in.
pub fn peek_row(peeks: u32) -> usize {
    PEEK_ROWS.iter().rposition(|&k| peeks >= k).unwrap_or(0)
}

/// Dead runs: runs in which a requirement or seal of the Guardian went out of reach for
/// good before its reveal (`RunFacts::term_lost_at`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeadTotals {
    pub runs: u64,
    /// Dead runs by the cards flipped when the first entry was lost (index: flips).
    pub at: Vec<u64>,
    /// Dead runs by the cards flipped after that, to the end of the run.
    pub after: Vec<u64>,
    /// Per card index: entries lost through it.
    pub by: Vec<u64>,
}

fn bump(v: &mut Vec<u64>, i: usize) {
    if v.len() <= i {
        v.resize(i + 1, 0);
    }
    v[i] += 1;
}

fn add_into(a: &mut Vec<u64>, b: &[u64]) {
    if a.len() < b.len() {
        a.resize(b.len(), 0);
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

impl DeadTotals {
    fn add(&mut self, f: &RunFacts) {
        for c in &f.term_lost_by {
            bump(&mut self.by, usize::from(*c));
        }
        let Some(at) = f.term_lost_at else { return };
        self.runs += 1;
        bump(&mut self.at, at);
        bump(&mut self.after, f.flips.len().saturating_sub(at));
    }

    fn merge(&mut self, o: &DeadTotals) {
        self.runs += o.runs;
        add_into(&mut self.at, &o.at);
        add_into(&mut self.after, &o.after);
        add_into(&mut self.by, &o.by);
    }
}

/// The median of a histogram (index: value; the lower middle value for an even count);
/// `None` when it is empty.
pub(super) fn hist_median(h: &[u64]) -> Option<usize> {
    let n: u64 = h.iter().sum();
    if n == 0 {
        return None;
    }
    let half = n.div_ceil(2);
    let mut seen = 0;
    for (v, c) in h.iter().enumerate() {
        seen += c;
        if seen >= half {
            return Some(v);
        }
    }
    None
}

impl Totals {
    /// Empty totals for a card set.
    pub fn new(cards: &CardSet) -> Totals {
        let checks = cards.guardian.requirements.len() + cards.guardian.seals.len();
        Totals {
            cards: vec![CardTotals::default(); cards.cards.len()],
            domains: vec![DomainTotals::default(); cards.domains.len()],
            guardian: GuardianTotals {
                unmet: vec![0; checks],
                ended: vec![0; checks],
                ..GuardianTotals::default()
            },
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
        self.streak_runs += u64::from(f.longest_miss_streak >= MISS_STREAK);
        self.streak_losses += u64::from(f.lost_to_streak);
        self.dead.add(f);
        self.peeks += u64::from(f.peeks);
        let row = &mut self.by_peeks[peek_row(f.peeks)];
        row[0] += 1;
        row[1] += u64::from(f.won);
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
        for flip in &f.flips {
            let t = &mut self.cards[flip.card.index as usize];
            t.flips += 1;
            t.health_change += i64::from(flip.delta);
            if let Some(h) = flip.resolved {
                t.resolved += 1;
                t.resolve_health += i64::from(h);
            }
        }
        for (c, n) in &f.notes {
            self.cards[*c as usize].note(*n);
        }
        for (d, flow) in &f.flows {
            match d {
                Some(d) => self.domains[d.index as usize].flow.add(flow),
                None => self.guardian.flow.add(flow),
            }
        }
        self.add_guardian(f);
        if let Some(cause) = f.cause {
            let ix = cause_ix(cause);
            self.losses[ix] += 1;
            match f.ended_in {
                Some(d) => self.domains[d.index as usize].losses[ix] += 1,
                None => self.guardian_losses[ix] += 1,
            }
            let start = f.flips.len().saturating_sub(NEAR_FLIPS);
            let mut near = [u16::MAX; NEAR_FLIPS];
            for (slot, flip) in near.iter_mut().zip(&f.flips[start..]) {
                *slot = flip.card.index;
            }
            near.sort_unstable();
            for (i, c) in near.iter().enumerate() {
                if *c != u16::MAX && (i == 0 || near[i - 1] != *c) {
                    self.cards[*c as usize].lost_near += 1;
                }
            }
            if let Some(k) = f.killer {
                self.cards[k.index as usize].killed += 1;
            }
        }
        let row = [1, u64::from(f.won), u64::from(f.guardian_unmet.is_some())];
        self.add_path(&f.path, row);
    }

    /// Adds `row` to the figures of the route through `path`. Most runs take a route
    /// taken before: its key is spelled on the stack, and stored only for a new route.
    fn add_path(&mut self, path: &[DomainRef], row: [u64; 3]) {
        let mut buf = [0u8; PATH_KEY_INLINE];
        let key: Cow<[u8]> = if path.len() <= PATH_KEY_INLINE {
            for (b, d) in buf.iter_mut().zip(path) {
                *b = d.index;
            }
            Cow::Borrowed(&buf[..path.len()])
        } else {
            Cow::Owned(path.iter().map(|d| d.index).collect())
        };
        match self.paths.get_mut(&*key) {
            Some(e) => {
                for (a, b) in e.iter_mut().zip(row) {
                    *a += b;
                }
            }
            None => {
                self.paths.insert(key.into_owned(), row);
            }
        }
    }

    fn add_guardian(&mut self, f: &RunFacts) {
        let g = &mut self.guardian;
        if let Some(unmet) = f.guardian_unmet {
            g.reached += 1;
            for (i, n) in g.unmet.iter_mut().enumerate() {
                if unmet & (1 << i) != 0 {
                    *n += 1;
                }
            }
        }
        g.duels += u64::from(f.guardian_duel);
        match f.ending {
            Ending::GuardianDuel => g.duel_losses += 1,
            Ending::Check(i) => {
                if let Some(n) = g.ended.get_mut(i as usize) {
                    *n += 1;
                }
            }
            _ => {}
        }
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
        self.streak_runs += o.streak_runs;
        self.streak_losses += o.streak_losses;
        self.dead.merge(&o.dead);
        self.peeks += o.peeks;
        for (a, b) in self.by_peeks.iter_mut().zip(&o.by_peeks) {
            a[0] += b[0];
            a[1] += b[1];
        }
        for i in 0..5 {
            self.losses[i] += o.losses[i];
            self.guardian_losses[i] += o.guardian_losses[i];
        }
        for (a, b) in self.cards.iter_mut().zip(&o.cards) {
            a.merge(b);
        }
        for (a, b) in self.domains.iter_mut().zip(o.domains) {
            a.entered += b.entered;
            a.cleared += b.cleared;
            a.health += b.health;
            a.health_sq += b.health_sq;
            a.marker += b.marker;
            a.grace += b.grace;
            a.flow.merge(&b.flow);
            for i in 0..5 {
                a.losses[i] += b.losses[i];
            }
        }
        let (g, h) = (&mut self.guardian, &o.guardian);
        g.reached += h.reached;
        g.duels += h.duels;
        g.duel_losses += h.duel_losses;
        g.flow.merge(&h.flow);
        for (a, b) in g.unmet.iter_mut().zip(&h.unmet) {
            *a += b;
        }
        for (a, b) in g.ended.iter_mut().zip(&h.ended) {
            *a += b;
        }
        for (k, v) in o.paths {
            let e = self.paths.entry(k).or_default();
            for i in 0..3 {
                e[i] += v[i];
            }
        }
        self
    }
}

/// The Wilson score interval at 95% for `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = Z95;
    let n = n as f64;
    let p = k as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

#[cfg(test)]
mod tests {
    use super::{Totals, hist_median, wilson};
    use crate::sim::run::{Flip, RunFacts};

    #[test]
    fn a_run_with_a_lost_term_counts_as_dead() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let cards = crate::cards::load::load_dir(&dir).expect("cards").0;
        let c = cards.card_refs().next().expect("a card");
        let flip = Flip {
            card: c,
            delta: 0,
            resolved: None,
        };
        let mut t = Totals::new(&cards);
        let mut dead = RunFacts {
            flips: vec![flip; 10],
            term_lost_at: Some(4),
            ..RunFacts::default()
        };
        dead.term_lost_by = vec![c.index, c.index];
        t.add(&dead);
        t.add(&RunFacts {
            flips: vec![flip; 7],
            ..RunFacts::default()
        });
        let d = t
            .clone()
            .merge(Totals::new(&cards))
            .summary(&cards)
            .dead_runs;
        assert_eq!((d.runs, d.share), (1, 0.5));
        assert_eq!((d.median_flip, d.median_flips_after), (Some(4), Some(6)));
        assert_eq!(d.top_cards.len(), 1);
        assert_eq!(d.top_cards[0].id, c.id());
        assert_eq!(d.top_cards[0].entries_lost, 2);
        assert_eq!(hist_median(&[0, 2, 0, 1]), Some(1));
        assert_eq!(hist_median(&[]), None);
    }

    #[test]
    fn wilson_interval_contains_the_rate() {
        let (lo, hi) = wilson(50, 100);
        assert!(lo < 0.5 && hi > 0.5);
        assert!((lo - 0.4038).abs() < 0.001, "{lo}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
