//! Each card's figures from the last simulation of a card set, kept beside the saves as
//! `<saves>/figures/<fingerprint>.json` so that the gallery can show them, for that exact
//! set only: an edited set has another fingerprint, and its old figures are not shown.

use super::summary::Summary;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The figures of one simulated card set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetFigures {
    /// The set's fingerprint ([`crate::cards::CardFiles::hash`]).
    pub cards_hash: String,
    pub runs: u64,
    /// The bot that played.
    pub policy: String,
    /// By card id.
    pub cards: BTreeMap<String, CardFigures>,
}

/// One card's figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardFigures {
    /// Runs that flipped it.
    pub flips: u64,
    /// Runs lost while it was being resolved.
    pub killed: u64,
    /// `killed` per flip.
    pub kill_rate: f64,
    /// Mean Health change from its flip until it was resolved: its cost (negative) or gain.
    pub mean_health: f64,
}

impl SetFigures {
    /// The per-card figures of a batch's summary.
    pub fn of(summary: &Summary, cards_hash: &str, policy: &str) -> SetFigures {
        SetFigures {
            cards_hash: cards_hash.to_string(),
            runs: summary.runs,
            policy: policy.to_string(),
            cards: summary
                .per_card
                .iter()
                .map(|c| {
                    let f = CardFigures {
                        flips: c.flips,
                        killed: c.killed,
                        kill_rate: c.kill_rate,
                        mean_health: c.mean_health_while_resolving,
                    };
                    (c.id.clone(), f)
                })
                .collect(),
        }
    }
}

/// Where the figures of the set with fingerprint `hash` are kept.
pub fn path(saves: &Path, hash: &str) -> PathBuf {
    saves
        .join("figures")
        .join(format!("{}.json", hash.replace(':', "-")))
}

/// Writes `f` beside the saves (atomically: a temporary file renamed over the old one).
pub fn write(saves: &Path, f: &SetFigures) -> std::io::Result<PathBuf> {
    let p = path(saves, &f.cards_hash);
    if let Some(dir) = p.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let text = serde_json::to_string_pretty(f).map_err(std::io::Error::other)?;
    let tmp = p.with_extension("json.saving");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, &p)?;
    Ok(p)
}

/// The figures of the set with fingerprint `hash`, if it was simulated (a missing or
/// unreadable file is no figures).
pub fn read(saves: &Path, hash: &str) -> Option<SetFigures> {
    let text = std::fs::read_to_string(path(saves, hash)).ok()?;
    serde_json::from_str::<SetFigures>(&text)
        .ok()
        .filter(|f| f.cards_hash == hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_kept_by_fingerprint() {
        let (_tmp, dir) = crate::scratch::scratch("figures");
        let mut cards = BTreeMap::new();
        cards.insert(
            "cinder_hound".to_string(),
            CardFigures {
                flips: 200,
                killed: 3,
                kill_rate: 0.015,
                mean_health: -1.25,
            },
        );
        let f = SetFigures {
            cards_hash: "fnv1a64:00000000000000aa".into(),
            runs: 1000,
            policy: "greedy".into(),
            cards,
        };
        let p = write(&dir, &f).unwrap();
        assert_eq!(p, dir.join("figures/fnv1a64-00000000000000aa.json"));
        assert_eq!(read(&dir, "fnv1a64:00000000000000aa"), Some(f));
        assert_eq!(read(&dir, "fnv1a64:00000000000000bb"), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
