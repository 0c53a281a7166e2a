//! Today's journey and run codes: the seed of the day (the same for every player on a
//! date, from the date alone) and a short code naming a run (its seed, dice mode and card
//! set) to share and paste. No clock here: the caller passes the date.

use crate::core::{DiceMode, HouseRules};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A calendar date (UTC): the day a journey of the day belongs to. Written `YYYY-MM-DD`
/// in saves and the history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Day {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

/// Month names as the title writes a date ("26 Nov").
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

impl Day {
    /// The UTC date of an instant given in milliseconds since the Unix epoch.
    pub fn of_ms(ms: u64) -> Day {
        let (year, month, day) = civil_from_days((ms / 86_400_000) as i64);
        Day {
            year: year as i32,
            month,
            day,
        }
    }

    /// The seed of this day's journey (see [`day_seed`]).
    pub fn seed(self) -> u64 {
        day_seed(self.year, self.month, self.day)
    }

    /// The date as a player reads it: `26 Nov`.
    pub fn short(self) -> String {
        let month = MONTHS
            .get(self.month.saturating_sub(1) as usize)
            .copied()
            .unwrap_or("?");
        format!("{} {month}", self.day)
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl From<Day> for String {
    fn from(d: Day) -> String {
        d.to_string()
    }
}

impl TryFrom<String> for Day {
    type Error = String;
    /// Reads `YYYY-MM-DD`.
    fn try_from(text: String) -> Result<Day, String> {
        let bad = || format!("`{text}` is not a date (YYYY-MM-DD)");
        let mut parts = text.split('-');
        let (Some(y), Some(m), Some(d), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        let (year, month, day) = (
            y.parse().map_err(|_| bad())?,
            m.parse().map_err(|_| bad())?,
            d.parse().map_err(|_| bad())?,
        );
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
            return Err(bad());
        }
        Ok(Day { year, month, day })
    }
}

/// Year, month, day of a day count since 1970-01-01 (Howard Hinnant's algorithm).
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

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

/// A run to share: `F-<seed>-<r|d>-<set>[-<rules>]`, the set being the first 8 hex digits
/// of its fingerprint (`fnv1a64:...`) and the rules the run's house rules in short
/// ([`HouseRules::code`]: `pr1` a peek for 1 Resolve, `h6` hit on six), absent when none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunCode {
    pub seed: u64,
    pub dice: DiceMode,
    /// The first 8 hex digits of the card set's fingerprint.
    pub set: String,
    /// The house rules.
    pub rules: HouseRules,
}

/// A run code that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a run code (F-<seed>-<r or d>-<8 hex digits>, then -<house rules> if any)")]
pub struct BadCode(pub String);

impl RunCode {
    /// The code of a run of this seed and dice mode on the set with this fingerprint.
    pub fn new(seed: u64, dice: DiceMode, fingerprint: &str) -> RunCode {
        let hex = fingerprint.rsplit(':').next().unwrap_or_default();
        RunCode {
            seed,
            dice,
            set: hex.chars().take(8).collect(),
            rules: HouseRules::OFF,
        }
    }

    /// The code with these house rules.
    pub fn with_rules(mut self, rules: HouseRules) -> RunCode {
        self.rules = rules;
        self
    }

    /// Reads a code as [`fmt::Display`] writes it (any case, surrounding blanks ignored).
    pub fn parse(text: &str) -> Result<RunCode, BadCode> {
        let bad = || BadCode(text.trim().to_string());
        let t = text.trim().to_ascii_lowercase();
        let mut parts = t.split('-');
        let (Some("f"), Some(seed), Some(dice), Some(set), rules, None) = (
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
        ) else {
            return Err(bad());
        };
        let rules = match rules {
            None => HouseRules::OFF,
            Some(r) => HouseRules::from_code(r).ok_or_else(bad)?,
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
            rules,
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
        write!(f, "F-{}-{dice}-{}", self.seed, self.set)?;
        if !self.rules.is_off() {
            write!(f, "-{}", self.rules.code())?;
        }
        Ok(())
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
    fn a_day_is_read_from_the_clock_and_written_as_a_date() {
        // 2026-11-26 00:00:00 UTC, and the last millisecond of that day.
        let midnight = 1_795_651_200_000;
        let day = Day::of_ms(midnight);
        assert_eq!(day.to_string(), "2026-11-26");
        assert_eq!(Day::of_ms(midnight + 86_399_999), day);
        assert_ne!(Day::of_ms(midnight + 86_400_000), day);
        assert_eq!(day.short(), "26 Nov");
        assert_eq!(day.seed(), day_seed(2026, 11, 26));
        let json = serde_json::to_string(&day).expect("json");
        assert_eq!(json, "\"2026-11-26\"");
        assert_eq!(serde_json::from_str::<Day>(&json).ok(), Some(day));
        assert!(serde_json::from_str::<Day>("\"2026-13-01\"").is_err());
        assert!(serde_json::from_str::<Day>("\"yesterday\"").is_err());
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
            "F-1-r-00000000-zz",
            "F-1-r-00000000-pr1-h6",
        ] {
            assert!(RunCode::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_run_code_carries_its_house_rules() {
        let rules = HouseRules::parse_all(&["paid-peek=health:2", "hit-on-six"]).expect("known");
        let code = RunCode::new(7, DiceMode::Rolled, "fnv1a64:36d8b5d0b1ad47a4").with_rules(rules);
        assert_eq!(code.to_string(), "F-7-r-36d8b5d0-ph2.h6");
        assert_eq!(RunCode::parse("F-7-R-36D8B5D0-PH2.H6"), Ok(code));
    }
}
