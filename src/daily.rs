//! Today's journey and run codes: the seed of the day (the same for every player on a
//! date, from the date alone) and a short code naming a run (its seed, dice mode and card
//! set) to share and paste. No clock here: the caller passes the date.

use crate::core::DiceMode;
use std::fmt;

/// The seed of the day for a calendar date (year, month 1-12, day 1-31): FNV-1a of the
/// date written `YYYY-MM-DD`, so any build on any platform gives the same seed.
pub fn day_seed(year: i32, month: u32, day: u32) -> u64 {
    let text = format!("{year:04}-{month:02}-{day:02}");
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    // Seeds a player types are at most 19 digits (the title's seed box).
    h % 10_000_000_000_000_000_000
}

/// A run to share: `F-<seed>-<r|d>-<set>`, the set being the first 8 hex digits of its
/// fingerprint (`fnv1a64:...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunCode {
    pub seed: u64,
    pub dice: DiceMode,
    /// The first 8 hex digits of the card set's fingerprint.
    pub set: String,
}

/// A run code that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a run code (F-<seed>-<r or d>-<8 hex digits>)")]
pub struct BadCode(pub String);

impl RunCode {
    /// The code of a run of this seed and dice mode on the set with this fingerprint.
    pub fn new(seed: u64, dice: DiceMode, fingerprint: &str) -> RunCode {
        let hex = fingerprint.rsplit(':').next().unwrap_or_default();
        RunCode {
            seed,
            dice,
            set: hex.chars().take(8).collect(),
        }
    }

    /// Reads a code as [`fmt::Display`] writes it (any case, surrounding blanks ignored).
    pub fn parse(text: &str) -> Result<RunCode, BadCode> {
        let bad = || BadCode(text.trim().to_string());
        let t = text.trim().to_ascii_lowercase();
        let mut parts = t.split('-');
        let (Some("f"), Some(seed), Some(dice), Some(set), None) = (
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
        ) else {
            return Err(bad());
        };
        let seed = seed.parse().map_err(|_| bad())?;
        let dice = match dice {
            "r" => DiceMode::Rolled,
            "d" => DiceMode::Deck,
            _ => return Err(bad()),
        };
        if set.len() != 8 || !set.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(bad());
        }
        Ok(RunCode {
            seed,
            dice,
            set: set.to_string(),
        })
    }

    /// Whether the code was made on the set with this fingerprint.
    pub fn same_set(&self, fingerprint: &str) -> bool {
        RunCode::new(0, DiceMode::Rolled, fingerprint).set == self.set
    }
}

impl fmt::Display for RunCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dice = match self.dice {
            DiceMode::Rolled => "r",
            DiceMode::Deck => "d",
        };
        write!(f, "F-{}-{dice}-{}", self.seed, self.set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_of_a_day_is_stable_and_differs_from_the_next_day() {
        // Written down once: the same on every build and platform.
        assert_eq!(day_seed(2026, 11, 26), day_seed(2026, 11, 26));
        assert_eq!(day_seed(2026, 11, 26), 5_237_090_632_627_399_691);
        assert_ne!(day_seed(2026, 11, 26), day_seed(2026, 11, 27));
        assert!(day_seed(1999, 1, 1).to_string().len() <= 19);
    }

    #[test]
    fn a_run_code_reads_back_and_names_its_set() {
        let code = RunCode::new(64, DiceMode::Deck, "fnv1a64:36d8b5d0b1ad47a4");
        assert_eq!(code.to_string(), "F-64-d-36d8b5d0");
        assert_eq!(RunCode::parse(" f-64-D-36D8B5D0 "), Ok(code.clone()));
        assert!(code.same_set("fnv1a64:36d8b5d0b1ad47a4"));
        assert!(!code.same_set("fnv1a64:00000000b1ad47a4"));
        for bad in [
            "",
            "F-64-x-36d8b5d0",
            "F-sixty-r-36d8b5d0",
            "F-64-r-36d8",
            "G-1-r-00000000",
        ] {
            assert!(RunCode::parse(bad).is_err(), "{bad}");
        }
    }
}
