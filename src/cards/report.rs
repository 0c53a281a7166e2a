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
