//! What checking a card set found: each [`Problem`], and the [`Report`] of a whole set.

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// One problem in the card files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// File, relative to the cards directory (`domains/termina.json`).
    pub file: String,
    /// 1-based line, where it applies.
    pub line: Option<usize>,
    /// 1-based column, where it applies.
    pub column: Option<usize>,
    /// The card id, where it applies.
    pub card: Option<String>,
    /// The field path inside the file (`stations[3].faces[2].deal`), where it applies.
    pub path: Option<String>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
        }
        if let Some(card) = &self.card {
            write!(f, " [{card}]")?;
        }
        if let Some(path) = &self.path {
            write!(f, " {path}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// The outcome of checking a cards directory.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Domains found.
    pub domains: usize,
    /// Station cards found.
    pub stations: usize,
    /// Station cards per type (`"foe": 18`).
    pub by_type: BTreeMap<String, usize>,
    pub errors: Vec<Problem>,
    pub warnings: Vec<Problem>,
    /// Per-Domain deck figures, in map order (Domains that parsed).
    pub decks: Vec<DeckStats>,
}

/// What one Domain's deck holds and offers. Dice amounts count as their average, rounded
/// down; `"full"` heals count 0; every option of a choice or branch is counted.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DeckStats {
    pub domain: String,
    pub stations: usize,
    /// Station cards per type.
    pub by_type: BTreeMap<String, usize>,
    /// Health the deck's effects can restore.
    pub healing: u32,
    /// Health the deck's effects can take (`lose_health`).
    pub health_lost: u32,
    /// Damage the deck's effects deal to foes (`hit_foe`).
    pub foe_damage: u32,
    /// Hit points of all its foes together.
    pub foe_hp: u32,
    /// Damage on all its foes' faces together (one of each face).
    pub foe_face_damage: u32,
}

impl Report {
    /// The closing summary line: `N domains, M station cards, E errors, W warnings`.
    pub fn summary(&self) -> String {
        format!(
            "{} domains, {} station cards, {} errors, {} warnings",
            self.domains,
            self.stations,
            self.errors.len(),
            self.warnings.len()
        )
    }
}

/// The longest a warning's kind reads, so that one line per kind fits a message area.
const KIND_WIDTH: usize = 64;

/// A warning's kind: its message without the particulars (numbers, quoted words, names of
/// cards, the bracketed context) and without the advice that closes every text warning,
/// so that the same remark about many cards reads once. At most [`KIND_WIDTH`] characters.
pub fn warning_kind(message: &str) -> String {
    let body = message.split("; change ").next().unwrap_or(message);
    let (lead, rest) = match body.split_once(": ") {
        Some(("the text does not match the data", r)) => ("text and data differ: ", r),
        _ => ("", body),
    };
    let mut kept: Vec<&str> = Vec::new();
    for (i, w) in rest.split(' ').enumerate() {
        let particular = w.starts_with(|c: char| {
            c.is_ascii_digit() || "\"`[(+-".contains(c) || (i > 0 && c.is_uppercase())
        });
        if particular {
            break;
        }
        kept.push(w);
    }
    let mut kind = format!("{lead}{}", kept.join(" "));
    let kind_trim = kind.trim_end_matches([':', ' ', ',']).len();
    kind.truncate(kind_trim);
    if kind.trim().is_empty() {
        kind = body.to_string();
    }
    if kind.chars().count() > KIND_WIDTH {
        kind = kind.chars().take(KIND_WIDTH - 1).collect::<String>() + "…";
    }
    kind
}

/// Warnings grouped by kind, most frequent first: (kind, count, the first one in full).
pub fn group_warnings(warnings: &[Problem]) -> Vec<(String, usize, String)> {
    let mut by: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for w in warnings {
        let e = by
            .entry(warning_kind(&w.message))
            .or_insert((0, w.to_string()));
        e.0 += 1;
    }
    let mut v: Vec<(String, usize, String)> = by.into_iter().map(|(k, (n, e))| (k, n, e)).collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

/// Where a warning (as [`Problem`] prints it) is: its file, line and card, without the
/// message (`domains/termina.json:14 [tin_lantern]`), for a one-line example.
pub fn example_of(full: &str) -> String {
    let head = full.split(": ").next().unwrap_or(full);
    let mut parts = head.split(' ');
    let place = parts.next().unwrap_or_default();
    let place = place.rsplit_once(':').map_or(place, |(p, col)| {
        if col.chars().all(|c| c.is_ascii_digit()) && p.contains(':') {
            p
        } else {
            place
        }
    });
    match parts.next().filter(|c| c.starts_with('[')) {
        Some(card) => format!("{place} {card}"),
        None => place.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warnings_of_one_kind_read_as_one_short_line() {
        let k = warning_kind;
        assert_eq!(
            k("the text does not state 4 (use: heal)"),
            k("the text does not state 7 (effects: lose_health)")
        );
        assert_ne!(
            k("the text does not state 4 (use: heal)"),
            k("no foe has the tag `human`")
        );
        // A card's name is a particular, not a kind.
        let advice = "; change the text or the data so a player reads what the card does";
        assert_eq!(
            k(&format!(
                "the text does not match the data: the text does not name Glass prism (passage show){advice}"
            )),
            k(&format!(
                "the text does not match the data: the text does not name Rusted Key (carries){advice}"
            ))
        );
        assert_eq!(
            k(&format!(
                "the text does not match the data: the text does not name Rusted Key (carries){advice}"
            )),
            "text and data differ: the text does not name"
        );
        assert!(
            k(&"a very long remark without any particular at all ".repeat(4))
                .chars()
                .count()
                <= KIND_WIDTH
        );
        assert_eq!(
            example_of("domains/termina.json:14:7 [tin_lantern] stations[0].text: the text ..."),
            "domains/termina.json:14 [tin_lantern]"
        );
    }
}
