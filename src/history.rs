//! The run history: one JSON line per finished run in `saves/history.jsonl`, and the
//! figures `forward history` prints (wins, losses, causes, best run, deaths per Domain).
//! The window's Statistics screen is meant to show the same [`Stats`].

use crate::core::DiceMode;
use crate::daily::Day;
use crate::session::{Ending, Session, now_ms};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// The history file's name inside the saves directory.
pub const FILE_NAME: &str = "history.jsonl";
/// The version of a history line this build writes.
pub const VERSION: u32 = 1;

/// One finished run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub version: u32,
    pub seed: u64,
    /// The Domains entered, in order (the last is where the run ended).
    pub path: Vec<String>,
    /// How it ended.
    pub outcome: Ending,
    pub flips: u32,
    pub health: i32,
    /// When it started and ended (milliseconds since the Unix epoch), and the wall-clock
    /// time between (seconds, pauses included).
    pub started_at: u64,
    pub finished_at: u64,
    pub duration_secs: u64,
    /// Actions taken.
    pub actions: usize,
    /// The card set's fingerprint (see [`crate::cards::CardFiles::hash`]).
    pub cards_hash: String,
    /// The save file of the run, if it was saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<String>,
    /// Played with a Guide (absent for a run alone, and in older records).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub guide: bool,
    /// `deck` for a run whose dice were dealt from a deck (absent for rolled dice, and in
    /// older records).
    #[serde(default, skip_serializing_if = "is_rolled")]
    pub dice_mode: DiceMode,
    /// The house rules it was played with (absent when none, and in older records).
    #[serde(default, skip_serializing_if = "crate::core::HouseRules::is_off")]
    pub house_rules: crate::core::HouseRules,
    /// The date whose journey this was: the day's one recorded attempt (absent for every
    /// other run, and in older records; see [`append_run`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub day: Option<Day>,
}

fn is_rolled(mode: &DiceMode) -> bool {
    *mode == DiceMode::Rolled
}

impl Record {
    /// The record of a run that has ended (`None` while it goes on).
    pub fn of(run: &Session, save: Option<&Path>) -> Option<Record> {
        let s = &run.state;
        let outcome = Ending::of(s.outcome.as_ref()?);
        let mut path: Vec<String> = s.cleared.iter().map(|d| d.id().to_string()).collect();
        if path.last().map(String::as_str) != Some(s.domain.id()) {
            path.push(s.domain.id().to_string());
        }
        let finished_at = now_ms();
        Some(Record {
            version: VERSION,
            seed: run.seed,
            path,
            outcome,
            flips: s.flips,
            health: s.health,
            started_at: run.started_at,
            finished_at,
            duration_secs: finished_at.saturating_sub(run.started_at) / 1000,
            actions: run.actions.len(),
            cards_hash: run.cards.files().hash(),
            save: save.map(|p| p.display().to_string()),
            guide: s.guide,
            dice_mode: s.dice.mode(),
            house_rules: s.rules,
            day: run.day,
        })
    }

    pub fn won(&self) -> bool {
        self.outcome.won()
    }

    /// Where the run ended.
    pub fn last_domain(&self) -> &str {
        self.path.last().map_or("", String::as_str)
    }
}

/// Appends one record as a whole line, then fsyncs. A file whose last line was cut short
/// (a full disk, a kill mid-write) gets its missing newline first, so the new record is
/// never glued to the torn one; a write that fails is cut back off, so no torn line is
/// left behind when it can be helped.
pub fn append(path: &Path, record: &Record) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    let mut line = serde_json::to_vec(record).map_err(io::Error::other)?;
    line.push(b'\n');
    let mut f = fs::OpenOptions::new()
        .create(true)
        .read(true)
        .append(true)
        .open(path)?;
    let len = f.metadata()?.len();
    if len > 0 {
        let mut last = [0u8; 1];
        f.seek(SeekFrom::Start(len - 1))?;
        f.read_exact(&mut last)?;
        if last[0] != b'\n' {
            line.insert(0, b'\n');
        }
    }
    if let Err(e) = f.write_all(&line) {
        let _ = f.set_len(len);
        return Err(e);
    }
    f.sync_all()
}
/// Appends a finished run, keeping one attempt per day: a run started as the journey of a
/// date that the history already holds an attempt for is recorded as an ordinary run (its
/// `day` dropped), so the first journey of a date to finish or be abandoned is the one
/// that counts. A history that cannot be read does not stop the record.
pub fn append_run(path: &Path, record: &Record) -> io::Result<()> {
    let mut record = record.clone();
    if let Some(day) = record.day
        && read(path).is_ok_and(|h| h.attempt(day).is_some())
    {
        record.day = None;
    }
    append(path, &record)
}

/// The history read back: the records, and the lines that could not be read (line
/// number and problem). A missing file is an empty history.
#[derive(Debug, Clone, Default)]
pub struct History {
    pub records: Vec<Record>,
    pub skipped: Vec<(usize, String)>,
}

impl History {
    /// The recorded attempt at the journey of `day`, if there is one.
    pub fn attempt(&self, day: Day) -> Option<&Record> {
        self.records.iter().find(|r| r.day == Some(day))
    }

    /// The recorded journeys of the day, the latest date first.
    pub fn journeys(&self) -> Vec<&Record> {
        let mut days: Vec<&Record> = self.records.iter().filter(|r| r.day.is_some()).collect();
        days.sort_by_key(|r| std::cmp::Reverse(r.day));
        days
    }
}

/// Reads a history file. A line that is not a record (torn, edited, not UTF-8) is
/// skipped and noted; the others are read.
pub fn read(path: &Path) -> io::Result<History> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(History::default()),
        Err(e) => return Err(e),
    };
    let mut h = History::default();
    for (i, raw) in bytes.split(|b| *b == b'\n').enumerate() {
        let line = match std::str::from_utf8(raw) {
            Ok(l) => l,
            Err(e) => {
                h.skipped.push((i + 1, format!("not UTF-8 text ({e})")));
                continue;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Record>(line) {
            Ok(r) => h.records.push(r),
            Err(e) => h.skipped.push((i + 1, e.to_string())),
        }
    }
    Ok(h)
}

/// The figures of a history.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stats {
    pub runs: usize,
    pub wins: usize,
    pub losses: usize,
    /// Losses per cause (`health`, `dread`, ...).
    pub causes: BTreeMap<String, usize>,
    /// Losses per Domain where the run ended (the Guardian counts as the final Domain).
    pub deaths_by_domain: BTreeMap<String, usize>,
    /// The best run: a win if any (the fastest, in flips), else the one that went
    /// furthest (most Domains, then most flips).
    pub best: Option<Record>,
    /// Lines of the file that could not be read.
    pub skipped_lines: usize,
    /// The journeys of the day played, the latest date first.
    pub journeys: Vec<Record>,
}

impl Stats {
    pub fn of(h: &History) -> Stats {
        let mut causes = BTreeMap::new();
        let mut deaths = BTreeMap::new();
        for r in h.records.iter().filter(|r| !r.won()) {
            let cause = r.outcome.cause.clone().unwrap_or_else(|| "unknown".into());
            *causes.entry(cause).or_insert(0) += 1;
            *deaths.entry(r.last_domain().to_string()).or_insert(0) += 1;
        }
        let best = h
            .records
            .iter()
            .max_by_key(|r| {
                if r.won() {
                    (1, 0, u32::MAX - r.flips)
                } else {
                    (0, r.path.len(), r.flips)
                }
            })
            .cloned();
        let wins = h.records.iter().filter(|r| r.won()).count();
        Stats {
            runs: h.records.len(),
            wins,
            losses: h.records.len() - wins,
            causes,
            deaths_by_domain: deaths,
            best,
            skipped_lines: h.skipped.len(),
            journeys: h.journeys().into_iter().cloned().collect(),
        }
    }
}

#[cfg(test)]
impl Record {
    /// A run lost to Health in the Domain `d1`, for tests.
    pub(crate) fn sample(seed: u64) -> Record {
        Record {
            version: VERSION,
            seed,
            path: vec!["d1".into()],
            outcome: Ending {
                result: "lost".into(),
                cause: Some("health".into()),
                detail: None,
            },
            flips: 3,
            health: 0,
            started_at: 1,
            finished_at: 2,
            duration_secs: 0,
            actions: 4,
            cards_hash: "h".into(),
            save: None,
            guide: false,
            dice_mode: DiceMode::Rolled,
            house_rules: Default::default(),
            day: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(seed: u64) -> Record {
        Record::sample(seed)
    }

    #[test]
    fn one_attempt_is_recorded_per_day() {
        let (_tmp, path) = crate::scratch::scratch("daily");
        let day = Day::of_ms(1_795_651_200_000);
        let next = Day::of_ms(1_795_651_200_000 + 86_400_000);
        let journey = |seed, day| Record {
            day: Some(day),
            ..record(seed)
        };
        append_run(&path, &record(1)).expect("append");
        append_run(&path, &journey(2, day)).expect("append");
        // A second journey of the same date finishes later: recorded, as an ordinary run.
        append_run(&path, &journey(3, day)).expect("append");
        append_run(&path, &journey(4, next)).expect("append");
        let h = read(&path).expect("read");
        assert_eq!(h.records.len(), 4, "every run is in the history");
        assert_eq!(
            h.attempt(day).map(|r| r.seed),
            Some(2),
            "the first one counts"
        );
        assert_eq!(h.records[2].day, None);
        let days: Vec<(Option<Day>, u64)> = h.journeys().iter().map(|r| (r.day, r.seed)).collect();
        assert_eq!(days, vec![(Some(next), 4), (Some(day), 2)]);
        assert_eq!(Stats::of(&h).journeys.len(), 2);
        // The date is kept in the line; older lines without it read as ordinary runs.
        let text = fs::read_to_string(&path).expect("read");
        assert!(text.contains("\"day\":\"2026-11-26\""), "{text}");
        let _ = fs::remove_file(&path);
    }

    #[test]
    fn a_record_says_when_its_dice_were_dealt() {
        let rolled = serde_json::to_value(record(1)).expect("json");
        assert!(rolled.get("dice_mode").is_none(), "{rolled}");
        // Older records, written before the option, read as rolled.
        let back: Record = serde_json::from_value(rolled).expect("reads back");
        assert_eq!(back.dice_mode, DiceMode::Rolled);
        let dealt = Record {
            dice_mode: DiceMode::Deck,
            ..record(2)
        };
        let v = serde_json::to_value(&dealt).expect("json");
        assert_eq!(v["dice_mode"], "deck");
        let back: Record = serde_json::from_value(v).expect("reads back");
        assert_eq!(back.dice_mode, DiceMode::Deck);
    }

    #[test]
    fn a_torn_last_line_is_repaired_before_the_next_record() {
        let (_tmp, path) = crate::scratch::scratch("torn");
        append(&path, &record(1)).expect("append");
        // A record cut short by a full disk: no newline at the end.
        let mut f = fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .expect("open");
        f.write_all(br#"{"version":1,"seed":2,"pa"#).expect("write");
        drop(f);
        append(&path, &record(3)).expect("append");
        let h = read(&path).expect("read");
        let seeds: Vec<u64> = h.records.iter().map(|r| r.seed).collect();
        assert_eq!(seeds, vec![1, 3]);
        assert_eq!(h.skipped.len(), 1);
        assert_eq!(h.skipped[0].0, 2);
        assert!(fs::read(&path).expect("read").ends_with(b"\n"));
        let _ = fs::remove_file(&path);
    }

    #[test]
    fn a_line_that_is_not_utf8_is_skipped_with_a_note() {
        let (_tmp, path) = crate::scratch::scratch("utf8");
        append(&path, &record(1)).expect("append");
        let mut f = fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .expect("open");
        f.write_all(b"{\"seed\": \xff}\n").expect("write");
        drop(f);
        append(&path, &record(2)).expect("append");
        let h = read(&path).expect("the file is read despite the bad byte");
        let seeds: Vec<u64> = h.records.iter().map(|r| r.seed).collect();
        assert_eq!(seeds, vec![1, 2]);
        assert_eq!(h.skipped.len(), 1);
        assert_eq!(h.skipped[0].0, 2);
        assert!(h.skipped[0].1.contains("not UTF-8"), "{:?}", h.skipped);
        let _ = fs::remove_file(&path);
    }
}
