//! The report's figures, computed from [`Totals`]: means and rates are taken only here,
//! after every integer sum is in.

use super::run::MISS_STREAK;
use super::stats::{CAUSES, FlowTotals, Totals, wilson};
use crate::cards::model::{Condition, SealPenalty, StationType};
use crate::cards::{CardSet, DomainRef};
use crate::core::Cause;
use serde::Serialize;
use std::collections::BTreeMap;

/// A win rate whose 95% interval stays below this counts as "0 or near it": the report
/// then says in words what stops the runs.
pub const NEAR_ZERO: f64 = 0.02;

pub(super) fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

fn ratio(a: impl Into<f64>, b: u64) -> f64 {
    round(a.into() / b.max(1) as f64)
}

/// A short name for a Domain that reads without a legend: the longest word of its name
/// that its id also contains ("Home Village Termina" -> "Termina", "The Nightsea
/// Expanse" -> "Nightsea"), else the name.
pub fn short_name(id: &str, name: &str) -> String {
    let words = name.split_whitespace().filter(|w| *w != "The");
    let mut best: Option<&str> = None;
    for w in words {
        if id.contains(&w.to_lowercase()) && best.is_none_or(|b| w.len() > b.len()) {
            best = Some(w);
        }
    }
    best.unwrap_or(name).to_string()
}

/// The short names of every Domain of a set, by index; a name two Domains would share
/// falls back to the full name.
pub fn short_names(cards: &CardSet) -> Vec<String> {
    let mut v: Vec<String> = cards
        .domains
        .iter()
        .map(|d| short_name(&d.id.0, &d.name))
        .collect();
    for i in 0..v.len() {
        if v.iter().filter(|s| **s == v[i]).count() > 1 {
            v[i] = cards.domains[i].name.clone();
        }
    }
    v
}

/// What a condition needs, in words, with the Domain of each card named: "The Sage
/// (Darkwood Brume) following with Ferryman's Bell (The Nightsea Expanse)".
pub fn needs(cards: &CardSet, cond: &Condition) -> String {
    // "the Ancient Sword (Forgotten Shrine)": the card and where it lies.
    let card = |id: &crate::cards::CardId| match cards.card_ref(id) {
        Some(c) => {
            let home = cards
                .domains
                .iter()
                .find(|d| d.stations.contains(&c))
                .map_or(String::new(), |d| format!(" ({})", d.name));
            format!("{}{home}", cards.card(c).name)
        }
        None => id.0.clone(),
    };
    match cond {
        Condition::Holds(id) => format!("{} held", card(id)),
        Condition::Follows(id) => format!("{} following", card(id)),
        Condition::Carries(c) => format!("{} following with {}", card(&c.companion), card(&c.card)),
        Condition::All(cs) => cs
            .iter()
            .map(|c| needs(cards, c))
            .collect::<Vec<_>>()
            .join(" and "),
        Condition::Any(cs) => cs
            .iter()
            .map(|c| needs(cards, c))
            .collect::<Vec<_>>()
            .join(" or "),
        other => format!("{other:?}"),
    }
}

impl Totals {
    /// The figures for the report.
    pub fn summary(&self, cards: &CardSet) -> Summary {
        let runs = self.runs.max(1) as f64;
        let losses = self.runs - self.wins;
        let shorts = short_names(cards);
        let per_domain: Vec<DomainSummary> = cards
            .domain_refs()
            .iter()
            .map(|d| self.domain_summary(cards, *d, &shorts))
            .collect();
        let mut per_card: Vec<CardSummary> = cards
            .card_refs()
            .map(|c| self.card_summary(cards, c, losses))
            .collect();
        per_card.sort_by(|a, b| b.killed.cmp(&a.killed).then(a.id.cmp(&b.id)));
        let mut per_path: Vec<PathSummary> = self
            .paths
            .iter()
            .map(|(k, v)| PathSummary {
                path: k
                    .iter()
                    .map(|i| cards.domains[*i as usize].id.0.clone())
                    .collect(),
                runs: v[0],
                wins: v[1],
                win_rate: ratio(v[1] as f64, v[0]),
                reached_guardian: v[2],
                short: k.iter().map(|i| shorts[*i as usize].clone()).collect(),
            })
            .collect();
        per_path.sort_by(|a, b| b.runs.cmp(&a.runs).then(a.path.cmp(&b.path)));
        let (lo, hi) = wilson(self.wins, self.runs);
        let guardian = self.guardian_summary(cards, losses);
        let endings = self.endings(cards, &guardian, losses);
        let untested = Untested::of(&per_domain, &per_card);
        let mut s = Summary {
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
            endings,
            guardian,
            miss_streaks: Streaks {
                length: MISS_STREAK,
                runs_with: self.streak_runs,
                share_with: round(self.streak_runs as f64 / runs),
                lost_to: self.streak_losses,
                share_lost_to: round(self.streak_losses as f64 / runs),
            },
            dead_runs: self.dead_summary(cards),
            peeks: self.peek_summary(),
            stopped_by: None,
            untested,
        };
        if hi < NEAR_ZERO && self.runs > 0 {
            s.stopped_by = Some(stopped_by(&s));
        }
        s
    }

    fn domain_summary(&self, cards: &CardSet, d: DomainRef, shorts: &[String]) -> DomainSummary {
        let t = &self.domains[d.index as usize];
        let n = t.cleared.max(1) as f64;
        let mean = t.health as f64 / n;
        let var = (t.health_sq as f64 / n - mean * mean).max(0.0);
        let abandoned = t.losses[super::stats::cause_ix(Cause::Abandoned)];
        DomainSummary {
            id: d.id().to_string(),
            name: cards.domain(d).name.clone(),
            entered: t.entered,
            cleared: t.cleared,
            losses: t.losses.iter().sum(),
            losses_by_cause: causes(&t.losses),
            mean_health_after: round(mean),
            sd_health_after: round(var.sqrt()),
            mean_resolve_after: round(t.marker as f64 / n),
            mean_grace_after: round(t.grace as f64 / n),
            short_name: shorts[d.index as usize].clone(),
            ended_here: t.losses.iter().sum::<u64>() - abandoned,
            moved: Moved::of(&t.flow, t.entered),
        }
    }

    fn card_summary(&self, cards: &CardSet, c: crate::cards::CardRef, losses: u64) -> CardSummary {
        let t = &self.cards[c.index as usize];
        let card = cards.card(c);
        let home = cards
            .domain_refs()
            .iter()
            .find(|d| cards.domain(**d).stations.contains(&c))
            .map_or(String::new(), |d| d.id().to_string());
        let ty = card.card_type;
        CardSummary {
            id: c.id().to_string(),
            name: card.name.clone(),
            card_type: ty.as_str(),
            domain: home,
            flips: t.flips,
            mean_health_change: ratio(t.health_change as f64, t.flips),
            lost_within_3_flips: t.lost_near,
            loss_share_after_flip: ratio(t.lost_near as f64, t.flips),
            killed: t.killed,
            share_of_losses: ratio(t.killed as f64, losses),
            kill_rate: ratio(t.killed as f64, t.flips),
            mean_health_while_resolving: ratio(t.resolve_health as f64, t.resolved),
            terror: (ty == StationType::Terror).then(|| {
                let faced: u64 = t.terror.iter().sum();
                card.options
                    .iter()
                    .zip(t.terror.iter().zip(t.unaffordable))
                    .map(|(o, (&n, out))| OptionCount {
                        label: o.label.clone(),
                        chosen: n,
                        share: ratio(n as f64, faced),
                        unaffordable: out,
                        unaffordable_share: ratio(out as f64, faced),
                    })
                    .collect()
            }),
            pit: (t.pit_tests > 0 || ty == StationType::Pit).then(|| PitFigures {
                tests: t.pit_tests,
                passed: t.pit_passed,
                pass_rate: ratio(t.pit_passed as f64, t.pit_tests),
                mean_health_cost: ratio(-t.resolve_health as f64, t.resolved),
            }),
            foe: (ty == StationType::Foe).then_some(FoeFigures {
                fought: t.fought,
                tolls: t.tolls,
                passages: t.passages,
            }),
            companion: (t.joined + t.refused > 0 || ty == StationType::Companion).then_some(
                CompanionFigures {
                    joined: t.joined,
                    refused: t.refused,
                    ability_used: t.used,
                    join_rate: ratio(t.joined as f64, t.flips),
                },
            ),
            find: matches!(ty, StationType::Item | StationType::Equipment).then_some(FindFigures {
                taken: t.taken,
                declined: t.declined,
                used: t.used,
                swapped_out: t.swapped_out,
            }),
        }
    }

    fn guardian_summary(&self, cards: &CardSet, losses: u64) -> GuardianSummary {
        let g = &self.guardian;
        let gf = &cards.guardian;
        let checks = gf
            .requirements
            .iter()
            .map(|s| (s, "requirement"))
            .chain(gf.seals.iter().map(|s| (s, "seal")))
            .enumerate()
            .map(|(i, (s, kind))| {
                let unmet = g.unmet.get(i).copied().unwrap_or(0);
                CheckSummary {
                    id: s.id.0.clone(),
                    name: s.name.clone(),
                    kind,
                    penalty: s.penalty,
                    needs: needs(cards, &s.broken_by),
                    reached_unmet: unmet,
                    met: g.reached - unmet,
                    ended: g.ended.get(i).copied().unwrap_or(0),
                }
            })
            .collect();
        GuardianSummary {
            reached: g.reached,
            duels: g.duels,
            won: self.wins,
            duel_losses: g.duel_losses,
            duel_share_of_losses: ratio(g.duel_losses as f64, losses),
            duel_loss_rate: ratio(g.duel_losses as f64, g.duels),
            checks,
            moved: Moved::of(&g.flow, g.reached),
        }
    }

    /// Every place runs end, in map order: each Domain, the Guardian duel, each
    /// requirement and seal, abandons.
    fn endings(&self, cards: &CardSet, g: &GuardianSummary, losses: u64) -> Vec<EndingRow> {
        let row = |place, id: &str, name: &str, runs: u64| EndingRow {
            place,
            id: id.to_string(),
            name: name.to_string(),
            runs,
            share_of_losses: ratio(runs as f64, losses),
            share_of_runs: ratio(runs as f64, self.runs),
        };
        let mut rows: Vec<EndingRow> = cards
            .domain_refs()
            .iter()
            .map(|d| {
                let t = &self.domains[d.index as usize];
                let abandoned = t.losses[super::stats::cause_ix(Cause::Abandoned)];
                let n = t.losses.iter().sum::<u64>() - abandoned;
                row("domain", d.id(), &cards.domain(*d).name, n)
            })
            .collect();
        rows.push(row(
            "guardian_duel",
            "guardian_duel",
            "The Guardian duel",
            g.duel_losses,
        ));
        for c in &g.checks {
            rows.push(row(c.kind, &c.id, &c.name, c.ended));
        }
        let abandoned = self.losses[super::stats::cause_ix(Cause::Abandoned)];
        rows.push(row("abandoned", "abandoned", "Abandoned", abandoned));
        rows
    }
}

fn causes(arr: &[u64; 5]) -> BTreeMap<String, u64> {
    CAUSES
        .iter()
        .zip(arr)
        .filter(|(c, n)| **n > 0 || !matches!(c, Cause::Stranded))
        .map(|(c, n)| (c.as_str().to_string(), *n))
        .collect()
}

/// What stops the runs, in words (for a win rate of 0 or near it).
fn stopped_by(s: &Summary) -> String {
    let g = &s.guardian;
    let mut parts = Vec::new();
    if g.reached == 0 {
        parts.push(format!("no run reached the Guardian in {}", s.runs));
    }
    let mut checks: Vec<&CheckSummary> = g.checks.iter().filter(|c| c.ended > 0).collect();
    checks.sort_by_key(|c| std::cmp::Reverse(c.ended));
    for c in checks {
        let verb = if c.kind == "seal" { "broke" } else { "met" };
        if c.met == 0 {
            parts.push(format!(
                "no run reached the Guardian with {}: 0 of {} runs {verb} {} ({} runs were stopped there)",
                c.needs, s.runs, c.name, c.ended
            ));
        } else {
            parts.push(format!(
                "{} runs were stopped by {} (it needs {}; {} of the {} runs that reached the Guardian had that)",
                c.ended, c.name, c.needs, c.met, g.reached
            ));
        }
    }
    if g.duel_losses > 0 {
        parts.push(format!(
            "{} runs fell in the Guardian duel ({} of {} duels begun)",
            g.duel_losses, g.duel_losses, g.duels
        ));
    }
    let mut places: Vec<&EndingRow> = s
        .endings
        .iter()
        .filter(|e| e.place == "domain" && e.runs > 0)
        .collect();
    places.sort_by_key(|e| std::cmp::Reverse(e.runs));
    let top: Vec<String> = places
        .iter()
        .take(3)
        .map(|e| format!("{} ({})", e.name, e.runs))
        .collect();
    if !top.is_empty() {
        parts.push(format!(
            "the Domains that end most runs: {}",
            top.join(", ")
        ));
    }
    format!("Won {} of {} runs: {}.", s.wins, s.runs, parts.join("; "))
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
    /// Every place runs end; the rows' `runs` add up to the losses.
    pub endings: Vec<EndingRow>,
    pub guardian: GuardianSummary,
    /// Streaks of misses: how often the dice turn against the traveller several times
    /// running.
    pub miss_streaks: Streaks,
    /// Dead runs: runs in which one of the Guardian's requirements or seals went out of
    /// reach for good before its reveal.
    pub dead_runs: DeadRuns,
    /// Paid peeks (house rule `paid-peek`): absent when no run bought one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peeks: Option<Peeks>,
    /// When the win rate is 0 or near it: what stops the runs, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<String>,
    /// What no run reached: its figures are no figures.
    pub untested: Untested,
}

/// The Domains no run entered and the Station cards no run flipped (ids, in map order).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Untested {
    pub domains: Vec<String>,
    pub cards: Vec<String>,
}

impl Untested {
    fn of(domains: &[DomainSummary], cards: &[CardSummary]) -> Untested {
        Untested {
            domains: domains
                .iter()
                .filter(|d| d.entered == 0)
                .map(|d| d.id.clone())
                .collect(),
            // By Domain, in map order (the card list is sorted by kills).
            cards: domains
                .iter()
                .flat_map(|d| {
                    cards
                        .iter()
                        .filter(|c| c.flips == 0 && c.domain == d.id)
                        .map(|c| c.id.clone())
                })
                .collect(),
        }
    }
}

/// Streaks of misses in a row: a duel exchange struck as a Miss or a failed test roll is a
/// miss; any other exchange or a passed test ends the streak (a skipped roll leaves it).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Streaks {
    /// Misses in a row that count as a streak.
    pub length: u32,
    /// Runs with a streak, and that as a share of all runs.
    pub runs_with: u64,
    pub share_with: f64,
    /// Runs lost (not abandoned) with a streak during one of their last three cards or at
    /// the Guardian, and that as a share of all runs.
    pub lost_to: u64,
    pub share_lost_to: f64,
}

/// Runs that went on after they could no longer be won: one of the Guardian's
/// requirements or seals went out of reach for good before the Guardian (the event
/// `term_lost`, whether the bot knew the entry's terms or not).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeadRuns {
    /// Runs with an entry lost, and that as a share of all runs (0 to 1).
    pub runs: u64,
    pub share: f64,
    /// The median number of cards flipped when the first entry was lost (null: no dead
    /// run).
    pub median_flip: Option<u64>,
    /// The median number of cards flipped after that, to the end of the run.
    pub median_flips_after: Option<u64>,
    /// The cards that most often lost an entry (at most five, most first): each entry lost
    /// counts once for the card whose play lost it (a route taken names no card).
    pub top_cards: Vec<DeadCard>,
}

/// Paid peeks bought, and the win rate by how many a run bought.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Peeks {
    pub total: u64,
    pub per_run: f64,
    /// One row per band of peeks bought (`0`, `1`, `2-3`, `4-7`, `8+`).
    pub by_bought: Vec<PeekRow>,
}

/// Runs that bought a band of peeks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PeekRow {
    pub bought: String,
    pub runs: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub win_rate_ci95: [f64; 2],
}

/// A card that put the Guardian's entries out of reach.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeadCard {
    pub id: String,
    pub name: String,
    /// Entries lost through it, over all runs.
    pub entries_lost: u64,
}

/// How many cards [`DeadRuns::top_cards`] lists.
pub const DEAD_TOP: usize = 5;

impl Totals {
    fn peek_summary(&self) -> Option<Peeks> {
        use super::stats::PEEK_ROWS;
        if self.peeks == 0 {
            return None;
        }
        let by_bought = self
            .by_peeks
            .iter()
            .enumerate()
            .filter(|(_, r)| r[0] > 0)
            .map(|(i, r)| {
                let from = PEEK_ROWS[i];
                let bought = match PEEK_ROWS.get(i + 1) {
                    None => format!("{from}+"),
                    Some(&next) if next == from + 1 => from.to_string(),
                    Some(&next) => format!("{from}-{}", next - 1),
                };
                let (lo, hi) = super::stats::wilson(r[1], r[0]);
                PeekRow {
                    bought,
                    runs: r[0],
                    wins: r[1],
                    win_rate: round(r[1] as f64 / r[0] as f64),
                    win_rate_ci95: [round(lo), round(hi)],
                }
            })
            .collect();
        Some(Peeks {
            total: self.peeks,
            per_run: round(self.peeks as f64 / self.runs.max(1) as f64),
            by_bought,
        })
    }

    fn dead_summary(&self, cards: &crate::cards::CardSet) -> DeadRuns {
        let d = &self.dead;
        let runs = (self.runs as f64).max(1.0);
        let mut top: Vec<(usize, u64)> =
            d.by.iter()
                .enumerate()
                .filter(|(i, n)| **n > 0 && *i < cards.cards.len())
                .map(|(i, n)| (i, *n))
                .collect();
        top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        top.truncate(DEAD_TOP);
        DeadRuns {
            runs: d.runs,
            share: round(d.runs as f64 / runs),
            median_flip: super::stats::hist_median(&d.at).map(|v| v as u64),
            median_flips_after: super::stats::hist_median(&d.after).map(|v| v as u64),
            top_cards: top
                .into_iter()
                .map(|(i, n)| DeadCard {
                    id: cards.cards[i].id.0.clone(),
                    name: cards.cards[i].name.clone(),
                    entries_lost: n,
                })
                .collect(),
        }
    }
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
    /// A short name for charts.
    pub short_name: String,
    /// Runs lost here, abandons aside.
    pub ended_here: u64,
    /// What moved here, per run that entered.
    pub moved: Moved,
}

/// Means per run of what moved in one place.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Moved {
    pub damage_taken: f64,
    pub healing: f64,
    /// Marker steps towards Resolve, and towards Dread.
    pub to_resolve: f64,
    pub to_dread: f64,
    pub grace_spent: f64,
    pub grace_gained: f64,
}

impl Moved {
    fn of(f: &FlowTotals, runs: u64) -> Moved {
        Moved {
            damage_taken: ratio(f.damage as f64, runs),
            healing: ratio(f.healing as f64, runs),
            to_resolve: ratio(f.to_resolve as f64, runs),
            to_dread: ratio(f.to_dread as f64, runs),
            grace_spent: ratio(f.grace_spent as f64, runs),
            grace_gained: ratio(f.grace_gained as f64, runs),
        }
    }
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
    /// `killed` per flip.
    pub kill_rate: f64,
    /// Mean Health change from its flip until it was resolved (or the run ended).
    pub mean_health_while_resolving: f64,
    /// A Terror: how often each option was chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub terror: Option<Vec<OptionCount>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pit: Option<PitFigures>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub foe: Option<FoeFigures>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub companion: Option<CompanionFigures>,
    /// An Item or Equipment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub find: Option<FindFigures>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OptionCount {
    pub label: String,
    pub chosen: u64,
    /// `chosen` per time the Terror was faced.
    pub share: f64,
    /// Times the option could not be taken (its cost could not be paid), and that per
    /// time the Terror was faced: an option never taken may simply have been out of reach.
    pub unaffordable: u64,
    pub unaffordable_share: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PitFigures {
    /// Tests finished, and passed.
    pub tests: u64,
    pub passed: u64,
    pub pass_rate: f64,
    /// Mean Health lost from its flip until it was resolved.
    pub mean_health_cost: f64,
}

/// How the traveller got past a foe.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FoeFigures {
    pub fought: u64,
    pub tolls: u64,
    /// Passed by showing or giving a card.
    pub passages: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompanionFigures {
    pub joined: u64,
    pub refused: u64,
    /// Times its ability was used.
    pub ability_used: u64,
    /// Joined per flip.
    pub join_rate: f64,
}

/// What became of an Item or Equipment.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FindFigures {
    pub taken: u64,
    pub declined: u64,
    /// Times its ability was used.
    pub used: u64,
    /// Times it was discarded to make room for another find.
    pub swapped_out: u64,
}

/// Figures for one route.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PathSummary {
    pub path: Vec<String>,
    pub runs: u64,
    pub wins: u64,
    pub win_rate: f64,
    /// Runs that cleared the final Domain by this route (a completed route).
    pub reached_guardian: u64,
    /// The route in short Domain names.
    pub short: Vec<String>,
}

/// One place where runs end.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EndingRow {
    /// `domain`, `guardian_duel`, `requirement`, `seal` or `abandoned`.
    pub place: &'static str,
    pub id: String,
    pub name: String,
    pub runs: u64,
    pub share_of_losses: f64,
    pub share_of_runs: f64,
}

/// The Guardian: who reached it and what happened there.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GuardianSummary {
    /// Runs that cleared the final Domain.
    pub reached: u64,
    /// Of those, the runs whose duel began.
    pub duels: u64,
    pub won: u64,
    /// Runs lost in the duel (not to a requirement or seal), and that as a share of all
    /// losses and of the duels begun.
    pub duel_losses: u64,
    pub duel_share_of_losses: f64,
    pub duel_loss_rate: f64,
    /// Each requirement, then each seal.
    pub checks: Vec<CheckSummary>,
    /// What moved at the Guardian, per run that reached it.
    pub moved: Moved,
}

/// One requirement or seal.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckSummary {
    pub id: String,
    pub name: String,
    /// `requirement` or `seal`.
    pub kind: &'static str,
    pub penalty: SealPenalty,
    /// What meets or breaks it, in words.
    pub needs: String,
    /// Runs that reached the Guardian with it unmet (unbroken), and with it met (broken).
    pub reached_unmet: u64,
    pub met: u64,
    /// Runs it ended.
    pub ended: u64,
}
