//! `forward simulate --sweep CARD.FIELD=A..B`: one number of one card set to each whole
//! value of a range, each variant of the set played on the same run seeds, and the win
//! rate (with its interval) given per value.
//!
//! The field is a path into the card's JSON object as the card files write it: keys
//! joined by dots, and a list entry by its place counted from 1, as the cards count
//! faces and options (`cinder_hound.faces.5.deal`, `a_terror.options.1.effects.1.lose_health`,
//! `guardian.hp`, `traveller.health`). A key the format knows but the card leaves out
//! (a face with no `deal`) may be swept too: it is written in, and the format decides
//! whether it is a number.

use super::batch::{PolicyKind, Progress, simulate_in};
use super::stats::wilson;
use super::summary::round;
use crate::cards::load::load_files;
use crate::cards::messages::{did_you_mean, or_list};
use crate::cards::{CardFiles, CardSet};
use crate::core::house::PEEK_PRICE_MAX;
use crate::core::{HouseRules, Price, Rule, RunOptions};
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;

/// At most this many values in one sweep (each is a whole batch).
pub const MAX_VALUES: usize = 41;

/// One step of a field's path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A key of an object.
    Key(String),
    /// A list entry, counted from 1 as written.
    Nth(usize),
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Step::Key(k) => f.write_str(k),
            Step::Nth(n) => write!(f, "{n}"),
        }
    }
}

/// What `--sweep` asks for: `CARD.FIELD=A..B`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SweepSpec {
    pub card: String,
    pub path: Vec<Step>,
    pub from: i64,
    pub to: i64,
}

/// Why a sweep cannot be played, in a designer's words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SweepError {
    #[error(
        "`{0}` is not a sweep: write CARD.FIELD=A..B, e.g. `cinder_hound.hp=2..6` or `cinder_hound.faces.5.deal=1..4`"
    )]
    Syntax(String),
    #[error("`{range}` is not a range of whole numbers: {why} (write A..B, e.g. 2..6)")]
    Range { range: String, why: String },
    #[error("no card `{card}` in the set{}", aside(.hint))]
    UnknownCard { card: String, hint: Option<String> },
    #[error("`{field}` is not a field of {card}{}", aside(.hint))]
    UnknownField {
        card: String,
        field: String,
        hint: Option<String>,
    },
    #[error("`{field}` of {card} is {what}, not a number{}", aside(.hint))]
    NotANumber {
        card: String,
        field: String,
        what: String,
        hint: Option<String>,
    },
    #[error("`{field}` of {card} takes no number in the card format{}", aside(.hint))]
    TakesNoNumber {
        card: String,
        field: String,
        hint: Option<String>,
    },
    #[error("{card} has {len} entries in `{field}`: {nth} is not one of them (count from 1)")]
    NoEntry {
        card: String,
        field: String,
        len: usize,
        nth: usize,
    },
    #[error("the house rule {0} takes no value to sweep; compare it with --compare-rule {0}")]
    NoValue(&'static str),
    #[error("with {at} = {value} the set does not load: {why}")]
    Invalid { at: String, value: i64, why: String },
}

fn aside(h: &Option<String>) -> String {
    h.as_ref().map_or(String::new(), |h| format!(" ({h})"))
}

impl std::str::FromStr for SweepSpec {
    type Err = SweepError;

    fn from_str(s: &str) -> Result<SweepSpec, SweepError> {
        let syntax = || SweepError::Syntax(s.to_string());
        let (target, range) = s.split_once('=').ok_or_else(syntax)?;
        let mut parts = target.trim().split('.');
        let card = parts.next().filter(|c| !c.is_empty()).ok_or_else(syntax)?;
        let path: Vec<Step> = parts
            .map(|p| match p.parse::<usize>() {
                Ok(n) => Ok(Step::Nth(n)),
                Err(_) if !p.is_empty() => Ok(Step::Key(p.to_string())),
                Err(_) => Err(syntax()),
            })
            .collect::<Result<_, _>>()?;
        if path.is_empty() {
            return Err(syntax());
        }
        let (from, to) = parse_range(range.trim())?;
        Ok(SweepSpec {
            card: card.to_string(),
            path,
            from,
            to,
        })
    }
}

fn parse_range(range: &str) -> Result<(i64, i64), SweepError> {
    let bad = |why: &str| SweepError::Range {
        range: range.to_string(),
        why: why.to_string(),
    };
    let (a, b) = range.split_once("..").ok_or_else(|| bad("no `..`"))?;
    let b = b.strip_prefix('=').unwrap_or(b);
    let num = |x: &str| {
        x.trim()
            .parse::<i64>()
            .map_err(|_| bad(&format!("`{}` is not a whole number", x.trim())))
    };
    let (from, to) = (num(a)?, num(b)?);
    if from > to {
        return Err(bad("it runs downwards; put the smaller number first"));
    }
    if (to - from) as u128 + 1 > MAX_VALUES as u128 {
        return Err(bad(&format!("at most {MAX_VALUES} values in one sweep")));
    }
    Ok((from, to))
}

impl SweepSpec {
    /// The field as written after the card: `faces.5.deal`.
    pub fn field(&self) -> String {
        self.path
            .iter()
            .map(Step::to_string)
            .collect::<Vec<_>>()
            .join(".")
    }

    /// The whole target as written: `cinder_hound.faces.5.deal`.
    pub fn target(&self) -> String {
        format!("{}.{}", self.card, self.field())
    }

    /// Every value of the range, in order.
    pub fn values(&self) -> impl Iterator<Item = i64> {
        self.from..=self.to
    }
}

/// Where a card's object sits in the files' JSON, and its name.
fn card_pointer(files: &Value, card: &str) -> Result<(String, String), SweepError> {
    let named = |v: &Value| v["name"].as_str().unwrap_or(card).to_string();
    for top in ["traveller", "guardian"] {
        if files[top]["id"] == card || top == card {
            return Ok((format!("/{top}"), named(&files[top])));
        }
    }
    let mut ids = vec!["traveller".to_string(), "guardian".to_string()];
    for (d, dom) in files["domains"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        if dom["id"] == card {
            return Ok((format!("/domains/{d}"), named(dom)));
        }
        ids.extend(dom["id"].as_str().map(str::to_string));
        for (s, st) in dom["stations"].as_array().into_iter().flatten().enumerate() {
            if st["id"] == card {
                return Ok((format!("/domains/{d}/stations/{s}"), named(st)));
            }
            ids.extend(st["id"].as_str().map(str::to_string));
        }
    }
    Err(SweepError::UnknownCard {
        card: card.to_string(),
        hint: did_you_mean(card, &ids),
    })
}

/// The numbers of a card's object, as sweep paths (`hp`, `faces.3.deal`).
fn numbers(v: &Value, at: &str, out: &mut Vec<String>) {
    let join = |k: &str| {
        if at.is_empty() {
            k.to_string()
        } else {
            format!("{at}.{k}")
        }
    };
    match v {
        Value::Number(n) if n.is_i64() || n.is_u64() => out.push(at.to_string()),
        Value::Object(m) => m.iter().for_each(|(k, x)| numbers(x, &join(k), out)),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| numbers(x, &join(&(i + 1).to_string()), out)),
        _ => {}
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "empty",
        Value::Bool(_) => "yes or no",
        Value::Number(_) => "a fraction",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "a group of fields",
    }
}

/// A hint naming the card's numbers (the fields that can be swept).
fn numbers_hint(card: &Value, near: &str) -> Option<String> {
    let mut all = Vec::new();
    numbers(card, "", &mut all);
    if let Some(d) = did_you_mean(near, &all) {
        return Some(d);
    }
    (!all.is_empty()).then(|| {
        let shown: Vec<&String> = all.iter().take(8).collect();
        let more = if all.len() > shown.len() { ", ..." } else { "" };
        format!(
            "its numbers: {}{more}",
            or_list(&shown).replace(" or ", ", ")
        )
    })
}

/// The files with the field set to `value`: the edited JSON, and the field's value
/// before (`None` when the card left it out).
fn set_field(
    files: &Value,
    spec: &SweepSpec,
    value: i64,
) -> Result<(Value, Option<i64>), SweepError> {
    let (pointer, _) = card_pointer(files, &spec.card)?;
    let mut out = files.clone();
    let card_value = files.pointer(&pointer).cloned().unwrap_or(Value::Null);
    let mut at = out
        .pointer_mut(&pointer)
        .ok_or_else(|| SweepError::UnknownCard {
            card: spec.card.clone(),
            hint: None,
        })?;
    let field = spec.field();
    let unknown = |near: &str| SweepError::UnknownField {
        card: spec.card.clone(),
        field: field.clone(),
        hint: numbers_hint(&card_value, near),
    };
    let (last, steps) = spec.path.split_last().ok_or_else(|| unknown(""))?;
    let mut walked = Vec::new();
    for step in steps {
        walked.push(step.to_string());
        at = match (step, at) {
            (Step::Key(k), Value::Object(m)) => m.get_mut(k).ok_or_else(|| unknown(&field))?,
            (Step::Nth(n), Value::Array(a)) => {
                let len = a.len();
                a.get_mut(n.wrapping_sub(1))
                    .ok_or_else(|| SweepError::NoEntry {
                        card: spec.card.clone(),
                        field: walked[..walked.len() - 1].join("."),
                        len,
                        nth: *n,
                    })?
            }
            _ => return Err(unknown(&field)),
        };
    }
    let slot = match (last, at) {
        (Step::Key(k), Value::Object(m)) => m.entry(k.clone()).or_insert(Value::Null),
        (Step::Nth(n), Value::Array(a)) => {
            let len = a.len();
            a.get_mut(n.wrapping_sub(1))
                .ok_or_else(|| SweepError::NoEntry {
                    card: spec.card.clone(),
                    field: walked.join("."),
                    len,
                    nth: *n,
                })?
        }
        _ => return Err(unknown(&field)),
    };
    let before = match &*slot {
        Value::Null => None,
        Value::Number(n) if n.is_i64() => n.as_i64(),
        other => {
            return Err(SweepError::NotANumber {
                card: spec.card.clone(),
                field,
                what: kind(other).to_string(),
                hint: numbers_hint(&card_value, ""),
            });
        }
    };
    *slot = Value::from(value);
    Ok((out, before))
}

/// The set with the field set to `value`, checked and built as `load_dir` would; and the
/// field's value before.
pub fn variant(
    files: &CardFiles,
    spec: &SweepSpec,
    value: i64,
) -> Result<(CardSet, Option<i64>), SweepError> {
    let json = serde_json::to_value(files).map_err(|e| SweepError::Invalid {
        at: spec.target(),
        value,
        why: e.to_string(),
    })?;
    let (edited, before) = set_field(&json, spec, value)?;
    let invalid = |why: String| SweepError::Invalid {
        at: spec.target(),
        value,
        why,
    };
    let parsed: CardFiles = match serde_json::from_value(edited) {
        Ok(f) => f,
        // A key the format does not know, or one that is not a number.
        Err(e) => {
            let msg = e.to_string();
            let (pointer, _) = card_pointer(&json, &spec.card)?;
            let card_value = json.pointer(&pointer).cloned().unwrap_or(Value::Null);
            let field = spec.field();
            return Err(if msg.contains("unknown field") {
                SweepError::UnknownField {
                    card: spec.card.clone(),
                    hint: numbers_hint(&card_value, &field),
                    field,
                }
            } else if before.is_none() && msg.contains("invalid type") {
                SweepError::TakesNoNumber {
                    card: spec.card.clone(),
                    hint: numbers_hint(&card_value, ""),
                    field,
                }
            } else {
                invalid(msg)
            });
        }
    };
    match load_files(&parsed) {
        Ok((set, _)) => Ok((set, before)),
        Err(report) => {
            let first = report
                .errors
                .first()
                .map_or("it has errors".to_string(), |p| {
                    let card = p
                        .card
                        .as_deref()
                        .map_or(String::new(), |c| format!("{c}: "));
                    format!("{card}{}", p.message)
                });
            Err(invalid(first))
        }
    }
}

/// One value of the sweep and how its runs went.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepPoint {
    pub value: i64,
    /// The value the card has now.
    pub current: bool,
    pub runs: u64,
    pub wins: u64,
    pub win_rate: f64,
    /// Wilson 95% interval.
    pub win_rate_ci95: [f64; 2],
    /// Runs that reached the Guardian.
    pub reached_guardian: u64,
    /// The swept card's own figures (a Station card only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<CardPoint>,
}

/// A Station card's figures at one value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardPoint {
    pub flips: u64,
    pub killed: u64,
    /// Runs lost to it per flip.
    pub kill_rate: f64,
    /// Mean Health change from its flip until it was resolved.
    pub mean_health_while_resolving: f64,
}

/// The figures of a sweep (the `--json` output, with how it was run added by the caller).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepSummary {
    pub card: String,
    pub card_name: String,
    pub field: String,
    /// The field's value in the set as it is (`null`: the card leaves it out).
    pub current: Option<i64>,
    /// Runs per value.
    pub runs: u64,
    pub points: Vec<SweepPoint>,
}

/// Every variant of the set the sweep plays, checked before any is played.
pub struct Variants {
    spec: SweepSpec,
    card_name: String,
    current: Option<i64>,
    sets: Vec<(i64, Arc<CardSet>)>,
    /// A house rule's sweep: the rules of each value (empty for a card's sweep).
    rules: Vec<HouseRules>,
}

/// What a sweep of a house rule's value names in place of a card.
pub const RULE_SWEEP: &str = "house rule";

/// `paid-peek=resolve:A..B` (or `health:A..B`; a bare range is Resolve): the house rule
/// `paid-peek` at each price of the range, on top of `base`. `None`: `spec` names no house
/// rule (it is a card's sweep).
pub fn rule_sweep(
    set: &Arc<CardSet>,
    spec: &str,
    base: HouseRules,
) -> Option<Result<Variants, SweepError>> {
    let (name, value) = spec.split_once('=')?;
    let rule = Rule::named(name)?;
    Some(rule_variants(set, rule, value.trim(), base))
}

fn rule_variants(
    set: &Arc<CardSet>,
    rule: Rule,
    value: &str,
    base: HouseRules,
) -> Result<Variants, SweepError> {
    let bad = |why: String| SweepError::Range {
        range: value.to_string(),
        why,
    };
    if rule != Rule::PaidPeek {
        return Err(SweepError::NoValue(rule.name()));
    }
    let lower = value.to_ascii_lowercase();
    let (track, range) = lower.split_once(':').unwrap_or(("resolve", lower.as_str()));
    let (from, to) = parse_range(range.trim())?;
    let max = i64::from(PEEK_PRICE_MAX);
    if from < 0 || to > max {
        return Err(bad(format!("a peek's price is 0 to {max}")));
    }
    let price = |n: u8| match track.trim() {
        "resolve" => Ok(Price::Resolve(n)),
        "health" => Ok(Price::Health(n)),
        t => Err(bad(format!(
            "`{t}` is not a price: write resolve:A..B or health:A..B"
        ))),
    };
    let mut sets = Vec::new();
    let mut rules = Vec::new();
    for v in from..=to {
        sets.push((v, Arc::clone(set)));
        rules.push(HouseRules {
            paid_peek: Some(price(v as u8)?),
            ..base
        });
    }
    Ok(Variants {
        spec: SweepSpec {
            card: rule.name().to_string(),
            path: vec![Step::Key(track.trim().to_string())],
            from,
            to,
        },
        card_name: RULE_SWEEP.to_string(),
        current: None,
        sets,
        rules,
    })
}

impl Variants {
    /// The set `set` with the field at each value of the range; the first problem stops it.
    pub fn of(set: &CardSet, spec: &SweepSpec) -> Result<Variants, SweepError> {
        let files = set.files();
        let json = serde_json::to_value(&**files).unwrap_or(Value::Null);
        let (_, card_name) = card_pointer(&json, &spec.card)?;
        let mut current = None;
        let mut sets = Vec::new();
        for value in spec.values() {
            let (s, before) = variant(files, spec, value)?;
            current = before;
            sets.push((value, Arc::new(s)));
        }
        Ok(Variants {
            spec: spec.clone(),
            card_name,
            current,
            sets,
            rules: Vec::new(),
        })
    }

    /// How many values the sweep plays.
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// Whether the range is empty (it never is once parsed).
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    /// Plays `runs` runs of each variant on the same seeds. Stopped early (`progress`),
    /// it gives the values played so far (the last one perhaps on fewer runs).
    #[allow(clippy::too_many_arguments)]
    pub fn play(
        &self,
        runs: u64,
        seed: u64,
        policy: PolicyKind,
        mode: impl Into<RunOptions>,
        jobs: usize,
        progress: &Progress,
    ) -> Result<SweepSummary, rayon::ThreadPoolBuildError> {
        let mode: RunOptions = mode.into();
        let mut points = Vec::new();
        for (i, (value, set)) in self.sets.iter().enumerate() {
            if progress.stopped() {
                break;
            }
            let mode = RunOptions {
                rules: self.rules.get(i).copied().unwrap_or(mode.rules),
                ..mode
            };
            let totals = simulate_in(set, runs, seed, policy, mode, jobs, progress)?;
            let card = set.card_by_str(&self.spec.card).map(|c| {
                let t = &totals.cards[usize::from(c.index)];
                CardPoint {
                    flips: t.flips,
                    killed: t.killed,
                    kill_rate: round(t.killed as f64 / t.flips.max(1) as f64),
                    mean_health_while_resolving: round(
                        t.resolve_health as f64 / t.resolved.max(1) as f64,
                    ),
                }
            });
            let (lo, hi) = wilson(totals.wins, totals.runs);
            points.push(SweepPoint {
                value: *value,
                current: self.current == Some(*value),
                runs: totals.runs,
                wins: totals.wins,
                win_rate: round(totals.wins as f64 / totals.runs.max(1) as f64),
                win_rate_ci95: [round(lo), round(hi)],
                reached_guardian: totals.guardian.reached,
                card,
            });
        }
        Ok(SweepSummary {
            card: self.spec.card.clone(),
            card_name: self.card_name.clone(),
            field: self.spec.field(),
            current: self.current,
            runs,
            points,
        })
    }
}

#[cfg(test)]
mod tests;
