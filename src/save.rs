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
//! The API is the same for the headless player and the window: [`Run`] is a run with its
//! log, [`SaveStore`] a directory of saves (`save`, `list`, `latest`, `load`), and
//! [`load`]/[`save_to`] read and write one file.

use crate::cards::load::load_files;
use crate::cards::set::json_hash;
use crate::cards::{CardFiles, CardSet};
use crate::core::Illegal;
use crate::core::{Action, Event, Outcome, State, execute, new_run_with};
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

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A UTC date and time, `2026-11-22 00:46:36`, from milliseconds since the epoch.
pub fn format_time(ms: u64) -> String {
    let secs = ms / 1000;
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// Year, month, day of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
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

/// A run with everything needed to save it: the card set, the seed, the forced dice it
/// started with, every action taken, and the state they led to.
#[derive(Debug, Clone)]
pub struct Run {
    pub cards: Arc<CardSet>,
    pub seed: u64,
    /// The forced dice given at the start (`--dice`).
    pub dice: Vec<u8>,
    /// Every action taken, in order.
    pub actions: Vec<Action>,
    /// Die results forced during the run (physical dice typed in), each with the number
    /// of actions taken before it.
    pub forced: Vec<ForcedDie>,
    pub state: State,
    /// When the run started (milliseconds since the Unix epoch).
    pub started_at: u64,
}

impl Run {
    /// A new run alone, started now; also returns the events of the start.
    pub fn new(cards: Arc<CardSet>, seed: u64, dice: Vec<u8>) -> (Run, Vec<Event>) {
        Run::new_with(cards, seed, dice, false)
    }

    /// A new run, with a Guide or alone.
    pub fn new_with(
        cards: Arc<CardSet>,
        seed: u64,
        dice: Vec<u8>,
        guide: bool,
    ) -> (Run, Vec<Event>) {
        let (state, events) = new_run_with(cards.clone(), seed, dice.clone(), guide);
        let run = Run {
            cards,
            seed,
            dice,
            actions: Vec::new(),
            forced: Vec::new(),
            state,
            started_at: now_ms(),
        };
        (run, events)
    }

    /// Takes an action: executes it and adds it to the log. An illegal action changes
    /// nothing.
    pub fn act(&mut self, action: &Action) -> Result<Vec<Event>, Illegal> {
        let events = execute(&mut self.state, action)?;
        self.actions.push(action.clone());
        Ok(events)
    }

    /// Forces the next die result not yet forced (a physical die typed in, 1 to 6), and
    /// logs it so that the replay forces it at the same point.
    pub fn force_die(&mut self, value: u8) {
        let value = value.clamp(1, 6);
        self.state.dice.force(value);
        self.forced.push(ForcedDie {
            after: self.actions.len(),
            value,
        });
    }

    /// The run's summary, as saves and lists show it.
    pub fn summary(&self) -> Summary {
        let s = &self.state;
        Summary {
            domain: s.domain.id.to_string(),
            domain_name: self.cards.domain(s.domain).name.clone(),
            health: s.health,
            max_health: s.max_health,
            cleared: s.cleared.len(),
            flips: s.flips,
            guide: s.guide,
            ending: s.outcome.as_ref().map(Ending::of),
        }
    }

    /// The file name a [`SaveStore`] gives this run, from its start time (UTC, to the
    /// millisecond) and seed: `run-20261122-004636-123-s42.json`.
    pub fn file_name(&self) -> String {
        let t = format_time(self.started_at)
            .replace(['-', ':'], "")
            .replace(' ', "-");
        format!("run-{t}-{:03}-s{}.json", self.started_at % 1000, self.seed)
    }

    /// The state as a save's snapshot records it.
    pub fn snapshot(&self) -> Value {
        serde_json::to_value(&self.state).unwrap_or(Value::Null)
    }

    /// The save file's bytes (pretty JSON, ending with a newline).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.to_bytes_at(now_ms())
    }

    fn to_bytes_at(&self, saved_at: u64) -> Vec<u8> {
        let files: &CardFiles = self.cards.files();
        let cards = serde_json::to_value(files).unwrap_or(Value::Null);
        let out = SaveOut {
            format: FORMAT,
            version: VERSION,
            saved_at,
            started_at: self.started_at,
            seed: self.seed,
            guide: self.state.guide,
            dice: &self.dice,
            summary: self.summary(),
            actions: &self.actions,
            forced: &self.forced,
            cards_hash: json_hash(&cards),
            cards,
            snapshot: self.snapshot(),
        };
        let mut bytes = serde_json::to_vec_pretty(&out).unwrap_or_default();
        bytes.push(b'\n');
        bytes
    }
}

/// A die result forced during a run, after `after` actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedDie {
    pub after: usize,
    pub value: u8,
}

/// How a run ended, as saves and the history record it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// `won` or `lost`.
    pub result: String,
    /// Why it was lost (`health`, `dread`, `guardian`, `abandoned`, `stranded`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl Ending {
    pub fn of(outcome: &Outcome) -> Ending {
        match outcome {
            Outcome::Won => Ending {
                result: "won".into(),
                cause: None,
                detail: None,
            },
            Outcome::Lost { cause, detail } => Ending {
                result: "lost".into(),
                cause: Some(cause.as_str().into()),
                detail: Some(detail.clone()),
            },
        }
    }

    pub fn won(&self) -> bool {
        self.result == "won"
    }
}

/// Where a run stands, readable without replaying it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The current Domain's id and name.
    pub domain: String,
    pub domain_name: String,
    pub health: i32,
    pub max_health: i32,
    /// Domains cleared.
    pub cleared: usize,
    pub flips: u32,
    /// Played with a Guide.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub guide: bool,
    /// `None` while the run goes on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
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
    dice: &'a [u8],
    summary: Summary,
    actions: &'a [Action],
    #[serde(skip_serializing_if = "<[ForcedDie]>::is_empty")]
    forced: &'a [ForcedDie],
    cards_hash: String,
    cards: Value,
    snapshot: Value,
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
    dice: Vec<u8>,
    summary: Summary,
    actions: Vec<Action>,
    #[serde(default)]
    forced: Vec<ForcedDie>,
    cards_hash: String,
    cards: Value,
    snapshot: Value,
}

/// Only the fields a listing needs.
#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<Value>,
    saved_at: u64,
    started_at: u64,
    seed: u64,
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
    pub summary: Summary,
}

impl SaveInfo {
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
    #[error(
        "action {number} of the log, {action}, is not legal at that point of the replay: {reason}"
    )]
    IllegalAction {
        number: usize,
        action: String,
        reason: String,
    },
    #[error(
        "replaying the action log does not give the saved snapshot: at `{at}` the snapshot says {saved} but the replay gives {replayed}; the save's log, cards or snapshot were changed"
    )]
    SnapshotMismatch {
        at: String,
        saved: String,
        replayed: String,
    },
    #[error("replaying the action log stopped the rules engine: {0}")]
    ReplayFailed(String),
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
pub fn save_to(path: &Path, run: &Run) -> Result<(), SaveError> {
    write_atomic(path, &run.to_bytes()).map_err(|source| SaveError {
        path: path.to_path_buf(),
        source,
    })
}

/// Loads a save: reads it, rebuilds its card set, replays its log and checks the replay
/// against the snapshot. The file is only read.
pub fn load(path: &Path) -> Result<Run, LoadError> {
    let fail = |problem| LoadError {
        path: path.to_path_buf(),
        problem,
        backup: Some(backup_path(path)).filter(|b| b.is_file()),
    };
    let bytes = fs::read(path).map_err(|e| fail(LoadProblem::Read(e)))?;
    from_bytes(&bytes).map_err(fail)
}

/// Reads a save from its bytes (see [`load`]).
pub fn from_bytes(bytes: &[u8]) -> Result<Run, LoadProblem> {
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
    let run = replay(
        cards,
        save.seed,
        save.guide,
        save.dice,
        &save.actions,
        &save.forced,
        save.started_at,
    )?;
    let replayed = run.snapshot();
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

/// Rebuilds a run by replaying its log from the seed.
pub fn replay(
    cards: Arc<CardSet>,
    seed: u64,
    guide: bool,
    dice: Vec<u8>,
    actions: &[Action],
    forced: &[ForcedDie],
    started_at: u64,
) -> Result<Run, LoadProblem> {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let (mut run, _) = Run::new_with(cards, seed, dice, guide);
        run.started_at = started_at;
        let mut later = forced.iter().peekable();
        for (i, a) in actions.iter().enumerate() {
            while let Some(f) = later.next_if(|f| f.after <= i) {
                run.force_die(f.value);
            }
            if let Err(e) = run.act(a) {
                return Err(LoadProblem::IllegalAction {
                    number: i + 1,
                    action: serde_json::to_string(a).unwrap_or_default(),
                    reason: e.to_string(),
                });
            }
        }
        for f in later {
            run.force_die(f.value);
        }
        Ok(run)
    }));
    match result {
        Ok(r) => r,
        Err(panic) => {
            let msg = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "an internal error".into());
            Err(LoadProblem::ReplayFailed(msg))
        }
    }
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

/// Reads only what a listing shows.
fn read_header(path: &Path) -> Result<SaveInfo, LoadError> {
    let fail = |problem| LoadError {
        path: path.to_path_buf(),
        problem,
        backup: Some(backup_path(path)).filter(|b| b.is_file()),
    };
    let bytes = fs::read(path).map_err(|e| fail(LoadProblem::Read(e)))?;
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
        summary: h.summary,
    })
}

/// A directory of saves (by default `saves/`), with the run history beside them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveStore {
    dir: PathBuf,
}

impl SaveStore {
    /// The saves directory: `flag` (`--saves DIR`) if given, else `$FORWARD_SAVES`, else
    /// `saves`.
    pub fn dir_from(flag: Option<&Path>) -> PathBuf {
        match flag {
            Some(d) => d.to_path_buf(),
            None => std::env::var_os(SAVES_ENV)
                .filter(|v| !v.is_empty())
                .map_or_else(|| PathBuf::from(DEFAULT_DIR), PathBuf::from),
        }
    }

    /// Opens (creating it if needed) a saves directory.
    pub fn open(dir: impl Into<PathBuf>) -> io::Result<SaveStore> {
        let dir = dir.into();
        fs::create_dir_all(&dir)?;
        Ok(SaveStore { dir })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where this store saves a run.
    pub fn path_for(&self, run: &Run) -> PathBuf {
        self.dir.join(run.file_name())
    }

    /// Saves a run (atomically) under its own name; returns the file.
    pub fn save(&self, run: &Run) -> Result<PathBuf, SaveError> {
        let path = self.path_for(run);
        save_to(&path, run)?;
        Ok(path)
    }

    /// Every save of the directory (`*.json`, backups and history aside), newest first;
    /// a file that cannot be read is listed as its error.
    pub fn list(&self) -> Vec<Result<SaveInfo, LoadError>> {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| {
                p.extension().is_some_and(|x| x == "json")
                    && !p
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            })
            .collect();
        paths.sort();
        let mut list: Vec<_> = paths.iter().map(|p| read_header(p)).collect();
        list.sort_by_key(|r| std::cmp::Reverse(r.as_ref().map_or(0, |i| i.saved_at)));
        list
    }

    /// The most recently saved run still in progress (what "Continue" resumes).
    pub fn latest(&self) -> Option<SaveInfo> {
        self.list()
            .into_iter()
            .filter_map(Result::ok)
            .find(|i| !i.is_over())
    }

    /// Loads a save (see [`load`]).
    pub fn load(&self, path: &Path) -> Result<Run, LoadError> {
        load(path)
    }

    /// The run history file: `history.jsonl` in this directory.
    pub fn history_path(&self) -> PathBuf {
        self.dir.join(crate::history::FILE_NAME)
    }

    /// Appends a finished run to the history.
    pub fn record(&self, run: &Run, save: Option<&Path>) -> io::Result<()> {
        match crate::history::Record::of(run, save) {
            Some(r) => crate::history::append(&self.history_path(), &r),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(format_time(0), "1970-01-01 00:00:00");
        assert_eq!(format_time(1_795_307_196_000), "2026-11-22 00:26:36");
        assert_eq!(format_time(951_782_400_000), "2000-02-29 00:00:00");
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
