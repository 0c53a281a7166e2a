//! Saves: a run written to disk after every action, and read back by replaying it
//! (docs/SAVES.md).
//!
//! A save holds the card set in play (the parsed files, so editing `cards/` never breaks a
//! run in progress), the seed, the forced dice, the action log and a snapshot of the
//! state. Loading rebuilds the card set with the usual checks, replays the log from the
//! seed and verifies that the replay gives exactly the snapshot. Saves are written
//! atomically: a temporary file, fsynced, renamed over the old save, whose previous
//! version is kept next to it as `NAME.bak`.
//!
//! This module is the file format alone: [`save_to`] writes a [`Session`], [`load`] reads
//! and verifies one, [`read_header`] reads what a listing shows. The run itself is
//! [`crate::session`]; the saves directory and autosaving are [`crate::store`].

use crate::cards::CardFiles;
use crate::cards::load::load_files;
use crate::cards::set::json_hash;
use crate::core::{Action, DiceMode, HouseRules};
use crate::session::{ForcedDie, ReplayError, Session, Setup, Summary, TableKeep, format_time};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What the `format` field of every save says.
pub const FORMAT: &str = "forward-save";
/// The save format this build writes. It reads every version from 1 to this one.
pub const VERSION: u32 = 1;
/// The environment variable naming the saves directory (the `--saves` flag wins).
pub const SAVES_ENV: &str = "FORWARD_SAVES";
/// The saves directory when neither `--saves` nor `FORWARD_SAVES` says otherwise.
pub const DEFAULT_DIR: &str = "saves";

/// The state as a save's snapshot records it.
pub fn snapshot(run: &Session) -> Value {
    serde_json::to_value(&run.state).unwrap_or(Value::Null)
}

/// A save file's bytes for `run` (pretty JSON, ending with a newline).
pub fn to_bytes(run: &Session) -> Vec<u8> {
    to_bytes_at(run, crate::session::now_ms())
}

fn to_bytes_at(run: &Session, saved_at: u64) -> Vec<u8> {
    let files: &CardFiles = run.cards.files();
    let cards = serde_json::to_value(files).unwrap_or(Value::Null);
    let out = SaveOut {
        format: FORMAT,
        version: VERSION,
        saved_at,
        started_at: run.started_at,
        seed: run.seed,
        guide: run.state.guide,
        dice_mode: run.dice_mode(),
        house_rules: run.house_rules(),
        dice: &run.dice,
        summary: run.summary(),
        actions: &run.actions,
        forced: &run.forced,
        cards_hash: json_hash(&cards),
        cards,
        snapshot: snapshot(run),
        table: &run.table,
    };
    let mut bytes = serde_json::to_vec_pretty(&out).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}

fn is_rolled(mode: &DiceMode) -> bool {
    *mode == DiceMode::Rolled
}

/// A save as written.
#[derive(Serialize)]
struct SaveOut<'a> {
    format: &'static str,
    version: u32,
    saved_at: u64,
    started_at: u64,
    seed: u64,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    guide: bool,
    /// Written only for a run dealt from a deck: a replay must know the mode before its
    /// first die (the decks' positions are in the snapshot, which the replay must match).
    #[serde(skip_serializing_if = "is_rolled")]
    dice_mode: DiceMode,
    /// Written only when some house rule is on (names with values, as `--rule` takes them).
    #[serde(skip_serializing_if = "HouseRules::is_off")]
    house_rules: HouseRules,
    dice: &'a [u8],
    summary: Summary,
    actions: &'a [Action],
    #[serde(skip_serializing_if = "<[ForcedDie]>::is_empty")]
    forced: &'a [ForcedDie],
    cards_hash: String,
    cards: Value,
    snapshot: Value,
    /// What the table keeps beside the rules (its dice switches, its Guide's screen);
    /// written only when there is something to keep.
    #[serde(skip_serializing_if = "TableKeep::is_empty")]
    table: &'a TableKeep,
}

/// A save of format version 1 as read.
#[derive(Deserialize)]
struct SaveV1 {
    #[allow(dead_code)]
    format: String,
    #[allow(dead_code)]
    version: u32,
    saved_at: u64,
    started_at: u64,
    seed: u64,
    /// Absent in solo saves (and in saves from before Guide mode).
    #[serde(default)]
    guide: bool,
    /// Absent in rolled runs (and in saves from before the option).
    #[serde(default)]
    dice_mode: DiceMode,
    /// Absent when no house rule is on (and in saves from before house rules).
    #[serde(default)]
    house_rules: HouseRules,
    dice: Vec<u8>,
    summary: Summary,
    actions: Vec<Action>,
    #[serde(default)]
    forced: Vec<ForcedDie>,
    cards_hash: String,
    cards: Value,
    snapshot: Value,
    /// Absent when the table kept nothing (and in saves from before it kept anything).
    #[serde(default)]
    table: TableKeep,
}

/// Only the fields a listing needs.
#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<Value>,
    saved_at: u64,
    started_at: u64,
    seed: u64,
    #[serde(default)]
    dice_mode: DiceMode,
    #[serde(default)]
    house_rules: HouseRules,
    /// Listed even without it (the load then says what is wrong).
    #[serde(default)]
    cards_hash: String,
    summary: Summary,
}

/// One save of a [`SaveStore`], as [`SaveStore::list`] shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveInfo {
    pub path: PathBuf,
    /// When it was written and when its run started (milliseconds since the epoch).
    pub saved_at: u64,
    pub started_at: u64,
    pub seed: u64,
    /// How its dice are made, and the fingerprint of its cards: with the seed, its run
    /// code ([`SaveInfo::code`]).
    pub dice_mode: DiceMode,
    /// Its house rules (part of its run code too).
    pub house_rules: HouseRules,
    pub cards_hash: String,
    pub summary: Summary,
}

impl SaveInfo {
    /// Whether its seed and run code stay out of sight: a run with a Guide still in
    /// progress (they would let the traveller replay it and read the face-down cards).
    pub fn seed_hidden(&self) -> bool {
        self.summary.guide && self.summary.ending.is_none()
    }

    /// The run's code, which starts the same run again on the same cards (`None`: the
    /// save does not say which cards).
    pub fn code(&self) -> Option<crate::daily::RunCode> {
        (!self.cards_hash.is_empty()).then(|| {
            crate::daily::RunCode::new(self.seed, self.dice_mode, &self.cards_hash)
                .with_rules(self.house_rules)
        })
    }

    /// The date it was saved, `2026-11-22 00:46:36` (UTC).
    pub fn date(&self) -> String {
        format_time(self.saved_at)
    }

    /// The run has ended (won or lost).
    pub fn is_over(&self) -> bool {
        self.summary.ending.is_some()
    }
}

/// Why a save could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write the save `{}`: {source}", path.display())]
pub struct SaveError {
    pub path: PathBuf,
    #[source]
    pub source: io::Error,
}

/// Why a save could not be loaded: the file, the problem, and the backup if there is one.
/// A failed load never changes the file.
#[derive(Debug, thiserror::Error)]
pub struct LoadError {
    pub path: PathBuf,
    pub problem: LoadProblem,
    /// The previous save (`NAME.bak`), when it exists.
    pub backup: Option<PathBuf>,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot load the save `{}`: {}",
            self.path.display(),
            self.problem
        )?;
        if let Some(bak) = &self.backup {
            write!(
                f,
                "\nA backup of the previous save exists: `{b}`. To resume from it, load it with \
                 `forward play --headless --load {b}` (autosaves then go on in that file), or copy it over `{p}`. \
                 The broken file was left as it is.",
                b = bak.display(),
                p = self.path.display()
            )?;
        }
        Ok(())
    }
}

/// What is wrong with a save.
#[derive(Debug, thiserror::Error)]
pub enum LoadProblem {
    #[error("cannot read the file: {0}")]
    Read(#[source] io::Error),
    #[error("it is not a regular file (a directory, a pipe or a device cannot be a save)")]
    NotAFile,
    #[error(
        "the file is too large to be a save ({bytes} bytes; a save is at most {MAX_SAVE_BYTES} bytes)"
    )]
    TooLarge { bytes: u64 },
    #[error("the file is empty (0 bytes): it is not a save, or its writing was cut off")]
    Empty,
    #[error(
        "the file is cut short: its JSON ends at line {line}, column {column} before the save is complete (was the writing interrupted?)"
    )]
    Truncated { line: usize, column: usize },
    #[error("the file is not valid JSON ({message} at line {line}, column {column})")]
    NotJson {
        message: String,
        line: usize,
        column: usize,
    },
    #[error("the file is JSON but not a Forward save (it has no \"format\": \"forward-save\")")]
    NotASave,
    #[error(
        "the save is in format version {found}, which this build of Forward cannot read (it reads versions 1 to {supported}); a newer Forward probably wrote it"
    )]
    UnsupportedVersion { found: String, supported: u32 },
    #[error("a field of the save is missing or wrong: {0}")]
    BadField(String),
    #[error(
        "the card set inside the save was edited: its fingerprint is {actual}, but the save recorded {recorded} (a save keeps its own copy of the cards, which must not be changed; to play with changed cards, start a new run)"
    )]
    CardsEdited { recorded: String, actual: String },
    #[error("the card set inside the save has errors:\n{0}")]
    InvalidCards(String),
    #[error(transparent)]
    Replay(#[from] ReplayError),
    #[error(
        "replaying the action log does not give the saved snapshot: at `{at}` the snapshot says {saved} but the replay gives {replayed}; the save's log, cards or snapshot were changed"
    )]
    SnapshotMismatch {
        at: String,
        saved: String,
        replayed: String,
    },
}

/// The largest save file read, in bytes. A save holds its card set (some 70 KB) and one
/// short line per action; the longest runs the simulator plays stay far below 1 MB, so
/// this bound refuses a crafted or runaway file before it is read whole.
pub const MAX_SAVE_BYTES: u64 = 16 * 1024 * 1024;

/// Reads a save file's bytes, refusing what is not a regular file (a FIFO would block
/// forever, a directory cannot be read) or is larger than [`MAX_SAVE_BYTES`], both
/// checked before the file is opened.
fn read_bounded(path: &Path) -> Result<Vec<u8>, LoadProblem> {
    use std::io::Read;
    let meta = fs::metadata(path).map_err(LoadProblem::Read)?;
    if !meta.is_file() {
        return Err(LoadProblem::NotAFile);
    }
    if meta.len() > MAX_SAVE_BYTES {
        return Err(LoadProblem::TooLarge { bytes: meta.len() });
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    fs::File::open(path)
        .and_then(|f| f.take(MAX_SAVE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(LoadProblem::Read)?;
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        return Err(LoadProblem::TooLarge {
            bytes: bytes.len() as u64,
        });
    }
    Ok(bytes)
}

/// The backup kept next to a save: `NAME.bak`.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

fn temp_path(path: &Path) -> PathBuf {
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(format!(".{}.tmp", std::process::id()));
    path.with_file_name(name)
}

/// How old a save's temporary file must be to count as left behind: a write keeps one
/// for milliseconds, so an older one belongs to a process that was killed mid-save.
pub const STALE_TEMP_SECS: u64 = 60;

/// Removes the temporary files (`.NAME.PID.tmp`) that saves killed mid-write left in
/// `dir` more than [`STALE_TEMP_SECS`] ago; returns how many went. Called when a saves
/// directory is opened, so they do not pile up.
pub fn clean_stale_temps(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let now = std::time::SystemTime::now();
    let stale = std::time::Duration::from_secs(STALE_TEMP_SECS);
    let mut removed = 0;
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let ours = name.starts_with('.')
            && name.strip_suffix(".tmp").is_some_and(|rest| {
                rest.rsplit_once('.').is_some_and(|(_, pid)| {
                    !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit())
                })
            });
        let old = entry
            .metadata()
            .ok()
            .filter(fs::Metadata::is_file)
            .and_then(|m| m.modified().ok())
            .and_then(|t| now.duration_since(t).ok())
            .is_some_and(|age| age > stale);
        if ours && old && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, fsynced,
/// then renamed over `path`. The version being replaced is kept as `NAME.bak` (a hard
/// link, or a copy where links are not supported), so at every moment `path` is either
/// the old or the new complete file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temp_path(path);
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        if path.exists() {
            let bak = backup_path(path);
            let _ = fs::remove_file(&bak);
            if fs::hard_link(path, &bak).is_err() {
                fs::copy(path, &bak)?;
            }
        }
        fs::rename(&tmp, path)?;
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Saves a run to a file, atomically (see [`write_atomic`]).
pub fn save_to(path: &Path, run: &Session) -> Result<(), SaveError> {
    write_atomic(path, &to_bytes(run)).map_err(|source| SaveError {
        path: path.to_path_buf(),
        source,
    })
}

/// Loads a save: reads it, rebuilds its card set, replays its log and checks the replay
/// against the snapshot. The file is only read.
pub fn load(path: &Path) -> Result<Session, LoadError> {
    let fail = |problem| LoadError {
        path: path.to_path_buf(),
        problem,
        backup: Some(backup_path(path)).filter(|b| b.is_file()),
    };
    let bytes = read_bounded(path).map_err(fail)?;
    from_bytes(&bytes).map_err(fail)
}

/// Reads a save from its bytes (see [`load`]).
pub fn from_bytes(bytes: &[u8]) -> Result<Session, LoadProblem> {
    let value = parse_value(bytes)?;
    check_header(&value)?;
    let save: SaveV1 =
        serde_json::from_value(value).map_err(|e| LoadProblem::BadField(e.to_string()))?;
    let actual = json_hash(&save.cards);
    if actual != save.cards_hash {
        return Err(LoadProblem::CardsEdited {
            recorded: save.cards_hash,
            actual,
        });
    }
    let files: CardFiles = serde_json::from_value(save.cards)
        .map_err(|e| LoadProblem::InvalidCards(format!("error: {e}")))?;
    let cards = match load_files(&files) {
        Ok((set, _warnings)) => Arc::new(set),
        Err(report) => {
            let lines: Vec<String> = report
                .errors
                .iter()
                .map(|p| format!("error: {p}"))
                .collect();
            return Err(LoadProblem::InvalidCards(lines.join("\n")));
        }
    };
    if let Some(bad) = save.dice.iter().find(|d| !(1..=6).contains(*d)) {
        return Err(LoadProblem::BadField(format!(
            "`dice` holds {bad}; forced dice are 1 to 6"
        )));
    }
    if let Some(bad) = save
        .forced
        .iter()
        .find(|f| !(1..=6).contains(&f.value) || f.after > save.actions.len())
    {
        return Err(LoadProblem::BadField(format!(
            "`forced` holds {{\"after\": {}, \"value\": {}}}; a forced die is 1 to 6, after at most the {} actions of the log",
            bad.after,
            bad.value,
            save.actions.len()
        )));
    }
    if save.forced.windows(2).any(|w| w[0].after > w[1].after) {
        return Err(LoadProblem::BadField(
            "`forced` is not in the order of the log (`after` must never decrease)".into(),
        ));
    }
    let run = Session::replay(
        cards,
        Setup {
            seed: save.seed,
            guide: save.guide,
            mode: save.dice_mode,
            rules: save.house_rules,
            dice: save.dice,
        },
        &save.actions,
        &save.forced,
        save.started_at,
    )?;
    // A journey of the day stays one when resumed (its summary says which date).
    let mut run = run;
    run.day = save.summary.day;
    run.table = save.table;
    let replayed = snapshot(&run);
    if let Some((at, saved, now)) = first_difference(&save.snapshot, &replayed, String::new()) {
        return Err(LoadProblem::SnapshotMismatch {
            at: if at.is_empty() {
                "(the whole state)".into()
            } else {
                at
            },
            saved: short(&saved),
            replayed: short(&now),
        });
    }
    // The summary is what listings show without replaying: it must agree too.
    let summary = serde_json::to_value(run.summary()).unwrap_or(Value::Null);
    let written = serde_json::to_value(&save.summary).unwrap_or(Value::Null);
    if let Some((at, saved, now)) = first_difference(&written, &summary, "summary".into()) {
        return Err(LoadProblem::SnapshotMismatch {
            at,
            saved: short(&saved),
            replayed: short(&now),
        });
    }
    let _ = save.saved_at;
    Ok(run)
}

fn parse_value(bytes: &[u8]) -> Result<Value, LoadProblem> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(LoadProblem::Empty);
    }
    serde_json::from_slice(bytes).map_err(|e| {
        use serde_json::error::Category;
        if e.classify() == Category::Eof {
            LoadProblem::Truncated {
                line: e.line(),
                column: e.column(),
            }
        } else {
            let full = e.to_string();
            let suffix = format!(" at line {} column {}", e.line(), e.column());
            LoadProblem::NotJson {
                message: full.strip_suffix(&suffix).unwrap_or(&full).to_string(),
                line: e.line(),
                column: e.column(),
            }
        }
    })
}

fn check_header(value: &Value) -> Result<(), LoadProblem> {
    if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(LoadProblem::NotASave);
    }
    match value.get("version") {
        Some(Value::Number(n))
            if n.as_u64()
                .is_some_and(|v| (1..=VERSION as u64).contains(&v)) =>
        {
            Ok(())
        }
        Some(v) => Err(LoadProblem::UnsupportedVersion {
            found: v.to_string(),
            supported: VERSION,
        }),
        None => Err(LoadProblem::BadField("`version` is missing".to_string())),
    }
}

/// The first place two JSON values differ: its path and both values.
fn first_difference(a: &Value, b: &Value, at: String) -> Option<(String, Value, Value)> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let join = |k: &str| {
                if at.is_empty() {
                    k.to_string()
                } else {
                    format!("{at}.{k}")
                }
            };
            for (k, va) in x {
                let path = join(k);
                match y.get(k) {
                    Some(vb) => {
                        if let Some(d) = first_difference(va, vb, path) {
                            return Some(d);
                        }
                    }
                    None => return Some((path, va.clone(), Value::Null)),
                }
            }
            y.iter()
                .find(|(k, _)| !x.contains_key(*k))
                .map(|(k, vb)| (join(k), Value::Null, vb.clone()))
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (va, vb))| first_difference(va, vb, format!("{at}[{i}]"))),
        _ if a == b => None,
        _ => Some((at, a.clone(), b.clone())),
    }
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 120 {
        format!("{}...", s.chars().take(117).collect::<String>())
    } else {
        s
    }
}

/// Reads only what a listing shows (no replay).
pub fn read_header(path: &Path) -> Result<SaveInfo, LoadError> {
    let fail = |problem| LoadError {
        path: path.to_path_buf(),
        problem,
        backup: Some(backup_path(path)).filter(|b| b.is_file()),
    };
    let bytes = read_bounded(path).map_err(fail)?;
    let value = parse_value(&bytes).map_err(fail)?;
    check_header(&value).map_err(fail)?;
    let h: Header =
        serde_json::from_value(value).map_err(|e| fail(LoadProblem::BadField(e.to_string())))?;
    let _ = (h.format, h.version);
    Ok(SaveInfo {
        path: path.to_path_buf(),
        saved_at: h.saved_at,
        started_at: h.started_at,
        seed: h.seed,
        dice_mode: h.dice_mode,
        house_rules: h.house_rules,
        cards_hash: h.cards_hash,
        summary: h.summary,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_temp_files_are_cleaned_and_fresh_ones_kept() {
        let (_tmp, dir) = crate::scratch::scratch("temps");
        fs::create_dir_all(&dir).expect("dir");
        let old = dir.join(".run-1-s1.json.4242.tmp");
        let fresh = dir.join(".run-2-s1.json.4243.tmp");
        let other = dir.join("notes.tmp");
        for p in [&old, &fresh, &other] {
            fs::write(p, b"{").expect("write");
        }
        let long_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        for p in [&old, &other] {
            fs::File::options()
                .write(true)
                .open(p)
                .and_then(|f| f.set_modified(long_ago))
                .expect("set mtime");
        }
        assert_eq!(clean_stale_temps(&dir), 1);
        assert!(!old.exists(), "left by a killed save: removed");
        assert!(fresh.exists(), "maybe being written now: kept");
        assert!(other.exists(), "not a save's temp file: kept");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn differences_are_located() {
        let a: Value = serde_json::json!({"a": 1, "b": {"c": [1, 2]}});
        let b: Value = serde_json::json!({"a": 1, "b": {"c": [1, 3]}});
        let d = first_difference(&a, &b, String::new()).unwrap();
        assert_eq!(d.0, "b.c[1]");
        assert!(first_difference(&a, &a, String::new()).is_none());
    }
}
