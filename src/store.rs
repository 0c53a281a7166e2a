//! Where runs live on disk: a saves directory ([`SaveStore`]: list, latest, load) with the
//! run history beside the saves, and [`Autosave`], the one place that saves a session after
//! every action and records a finished run in the history exactly once. The window and
//! `forward play --headless` both autosave through it.

use crate::cards::CardRef;
use crate::history::{self, Record};
use crate::save;
pub use crate::save::{LoadError, LoadProblem, SaveError, SaveInfo};
use crate::session::Session;
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The environment variable naming the saves directory (the `--saves` flag wins).
pub const SAVES_ENV: &str = "FORWARD_SAVES";
/// The saves directory when neither `--saves` nor `FORWARD_SAVES` says otherwise.
pub const DEFAULT_DIR: &str = "saves";

/// The files the game itself keeps in the saves folder that are not runs: the Guardian's
/// terms learnt across runs, and the settings (when they are kept beside the saves). Load
/// never lists them. (The history is `.jsonl`; backups are `.bak`; temporary files start
/// with a dot; the simulator's figures live in a folder.)
pub const OWN_FILES: &[&str] = &[crate::knowledge::FILE_NAME, crate::settings::FILE];

/// Loads one save file, wherever it is (see [`save::load`]): read, replayed and verified.
pub fn load(path: &Path) -> Result<Session, LoadError> {
    save::load(path)
}

/// The per-user data directory of the game (`directories`' `ProjectDirs`, the same as
/// the settings use); `None` when the system names no home directory.
pub fn user_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "Forward").map(|p| p.data_dir().to_path_buf())
}

/// Whether `dir` is a checkout of the game's source (a `Cargo.toml` of the `forward`
/// package beside a `cards/` folder): there the saves stay in `saves/` as they always have.
pub fn in_checkout(dir: &Path) -> bool {
    dir.join("cards").is_dir()
        && fs::read_to_string(dir.join("Cargo.toml"))
            .is_ok_and(|t| t.lines().any(|l| l.trim() == "name = \"forward\""))
}

/// A directory of saves (by default `saves/`), with the run history beside them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveStore {
    dir: PathBuf,
}

impl SaveStore {
    /// The saves directory: `flag` (`--saves DIR`) if given, else `$FORWARD_SAVES`, else
    /// `saves` when run from a checkout of the game (see [`in_checkout`]), else `saves` in
    /// the per-user data directory (`~/.local/share/forward/saves` on Linux).
    pub fn dir_from(flag: Option<&Path>) -> PathBuf {
        if let Some(d) = flag {
            return d.to_path_buf();
        }
        if let Some(v) = std::env::var_os(SAVES_ENV).filter(|v| !v.is_empty()) {
            return PathBuf::from(v);
        }
        if in_checkout(Path::new(".")) {
            return PathBuf::from(DEFAULT_DIR);
        }
        user_data_dir().map_or_else(|| PathBuf::from(DEFAULT_DIR), |d| d.join(DEFAULT_DIR))
    }

    /// Opens (creating it if needed) a saves directory.
    pub fn open(dir: impl Into<PathBuf>) -> io::Result<SaveStore> {
        let dir = dir.into();
        fs::create_dir_all(&dir)?;
        save::clean_stale_temps(&dir);
        Ok(SaveStore { dir })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where this store saves a run.
    pub fn path_for(&self, run: &Session) -> PathBuf {
        self.dir.join(run.file_name())
    }

    /// A file name of its own for a run starting now: [`Session::file_name`], or, when that
    /// file exists already (another run started in the same millisecond with the same
    /// seed), the same name with `-2`, `-3`... The name is claimed by creating the file
    /// (empty) exclusively, so two processes cannot pick the same one; the caller saves
    /// into it at once. Falls back to the plain name when the directory cannot be written
    /// (the save then reports why).
    pub fn fresh_path_for(&self, run: &Session) -> PathBuf {
        fresh_path(&self.dir, run)
    }

    /// Saves a run (atomically) under its own name; returns the file.
    pub fn save(&self, run: &Session) -> Result<PathBuf, SaveError> {
        let path = self.path_for(run);
        save::save_to(&path, run)?;
        Ok(path)
    }

    /// Every save of the directory (`*.json`, backups, history and the game's own other
    /// files aside, see [`OWN_FILES`]), newest first; a file that cannot be read is listed
    /// as its error.
    pub fn list(&self) -> Vec<Result<SaveInfo, LoadError>> {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| {
                p.extension().is_some_and(|x| x == "json")
                    && !p.file_name().is_some_and(|n| {
                        let n = n.to_string_lossy();
                        n.starts_with('.') || OWN_FILES.contains(&n.as_ref())
                    })
            })
            .collect();
        paths.sort();
        let mut list: Vec<_> = paths.iter().map(|p| save::read_header(p)).collect();
        list.sort_by_key(|r| std::cmp::Reverse(r.as_ref().map_or(0, |i| i.saved_at)));
        list
    }

    /// A saved run of `seed` (with a Guide or not) still as it began: in progress, not a
    /// card flipped. A new run of the same seed takes its file rather than add a second
    /// entry that says the same (`forward --seed S`, opened again and again).
    pub fn untouched(&self, seed: u64, guide: bool) -> Option<PathBuf> {
        self.list()
            .into_iter()
            .filter_map(Result::ok)
            .find(|i| {
                i.seed == seed && !i.is_over() && i.summary.guide == guide && i.summary.flips == 0
            })
            .map(|i| i.path)
    }

    /// The most recently saved run still in progress (what "Continue" resumes).
    pub fn latest(&self) -> Option<SaveInfo> {
        self.list()
            .into_iter()
            .filter_map(Result::ok)
            .find(|i| !i.is_over())
    }

    /// Deletes a save of this directory and its backup (`NAME.bak`). The history keeps
    /// the run: a finished run stays in the statistics. A file outside the directory is
    /// refused.
    pub fn delete(&self, path: &Path) -> io::Result<()> {
        if path.parent() != Some(self.dir.as_path()) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} is not a save of {}", path.display(), self.dir.display()),
            ));
        }
        fs::remove_file(path)?;
        match fs::remove_file(save::backup_path(path)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Loads a save (see [`save::load`]).
    pub fn load(&self, path: &Path) -> Result<Session, LoadError> {
        save::load(path)
    }

    /// The run history file: `history.jsonl` in this directory.
    pub fn history_path(&self) -> PathBuf {
        self.dir.join(history::FILE_NAME)
    }

    /// Appends a finished run to the history (nothing for a run still going on).
    pub fn record(&self, run: &Session, save: Option<&Path>) -> io::Result<()> {
        match Record::of(run, save) {
            Some(r) => history::append_run(&self.history_path(), &r),
            None => Ok(()),
        }
    }

    /// Autosaving a run into this store under its own name.
    pub fn autosave_for(&self, run: &Session) -> Autosave {
        Autosave::new(Some(self.fresh_path_for(run)), self.dir.clone(), run)
    }
}

/// How many `-N` suffixes [`fresh_path`] tries before giving up on a unique name.
const MAX_SUFFIX: u32 = 1000;

/// See [`SaveStore::fresh_path_for`]; `dir` need not be a store yet.
pub fn fresh_path(dir: &Path, run: &Session) -> PathBuf {
    let name = run.file_name();
    let stem = name.strip_suffix(".json").unwrap_or(&name);
    for n in 1..=MAX_SUFFIX {
        let path = if n == 1 {
            dir.join(&name)
        } else {
            dir.join(format!("{stem}-{n}.json"))
        };
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => return path,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) => break,
        }
    }
    dir.join(name)
}

/// Why an autosave did not fully happen. The run always goes on.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot create the saves directory `{}`: {source}", dir.display())]
    CreateDir {
        dir: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error(transparent)]
    Save(#[from] SaveError),
    #[error("cannot add the run to the history `{}`: {source}", path.display())]
    History {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    /// The run is over and could not be recorded: said once, the first time (the next
    /// calls give the plain error).
    #[error("this finished run is not in the run history: {0}")]
    NotRecorded(Box<StoreError>),
    /// What was learned of the Guardian could not be kept (the save and the history are
    /// on disk; told once per run).
    #[error(transparent)]
    Knowledge(#[from] crate::knowledge::KnowledgeError),
}

impl StoreError {
    /// Whether the save file was not written (the run may be lost if the game ends).
    pub fn unsaved(&self) -> bool {
        match self {
            StoreError::Save(_) | StoreError::CreateDir { .. } => true,
            StoreError::NotRecorded(inner) => inner.unsaved(),
            StoreError::History { .. } | StoreError::Knowledge(_) => false,
        }
    }
}

/// Saves a session after every action and records it in the history once it is over,
/// exactly once (a run loaded already over was recorded by the session that ended it).
#[derive(Debug, Clone)]
pub struct Autosave {
    /// The save file (`None`: the run is not saved, nor recorded).
    path: Option<PathBuf>,
    /// The directory whose `history.jsonl` records the finished run.
    history_dir: PathBuf,
    recorded: bool,
    /// That the finished run could not be recorded has been said.
    told: bool,
    /// The Guardian's entries already kept in the knowledge file beside the history.
    kept: Vec<u8>,
    /// The cards met per Domain already kept there.
    kept_seen: BTreeMap<u8, Vec<CardRef>>,
    /// A knowledge file that could not be written was reported (once per run).
    knowledge_told: bool,
}

impl Autosave {
    /// Saves to `path` (if any), recording the finished run in `history_dir`'s history.
    pub fn new(path: Option<PathBuf>, history_dir: PathBuf, run: &Session) -> Autosave {
        Autosave {
            path,
            history_dir,
            recorded: run.is_over(),
            told: false,
            kept: Vec::new(),
            kept_seen: BTreeMap::new(),
            knowledge_told: false,
        }
    }

    /// Autosaving turned off: [`Autosave::after`] does nothing.
    pub fn off() -> Autosave {
        Autosave {
            path: None,
            history_dir: PathBuf::new(),
            recorded: true,
            told: true,
            kept: Vec::new(),
            kept_seen: BTreeMap::new(),
            knowledge_told: true,
        }
    }

    /// The save file, if the run is saved.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The run is in the history.
    pub fn recorded(&self) -> bool {
        self.recorded
    }

    /// Saves `run` (creating the directory if needed), then, the first time it is seen
    /// over, adds it to the history. A failed save is tried again at the next call; the
    /// history is written only once the save is on disk, so the record can name it.
    ///
    /// The first failure after the run is over comes as [`StoreError::NotRecorded`], so
    /// that a finished run missing from the history is said once.
    pub fn after(&mut self, run: &Session) -> Result<(), StoreError> {
        let result = self.save_and_record(run);
        match result {
            Err(e) if run.is_over() && !self.recorded && !self.told => {
                self.told = true;
                Err(StoreError::NotRecorded(Box::new(e)))
            }
            other => other,
        }
    }

    fn save_and_record(&mut self, run: &Session) -> Result<(), StoreError> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
                dir: dir.to_path_buf(),
                source,
            })?;
        }
        save::save_to(path, run)?;
        if run.is_over() && !self.recorded {
            let file = self.history_dir.join(history::FILE_NAME);
            if let Some(r) = Record::of(run, Some(path)) {
                history::append_run(&file, &r)
                    .map_err(|source| StoreError::History { path: file, source })?;
            }
            self.recorded = true;
        }
        self.keep_knowledge(run)
    }

    /// Keeps what the run has learned of the Guardian, and the cards it has met in each
    /// Domain, beside the history (after the save and the history, which never wait on
    /// it), whenever something is new. A failure is told once per run.
    fn keep_knowledge(&mut self, run: &Session) -> Result<(), StoreError> {
        let learned = crate::core::lore::to_remember(&run.state);
        let seen = crate::core::lore::met_in_domains(&run.journal);
        let old = learned.iter().all(|e| self.kept.contains(e))
            && seen.iter().all(|(d, met)| {
                self.kept_seen
                    .get(d)
                    .is_some_and(|kept| met.iter().all(|c| kept.contains(c)))
            });
        if old {
            return Ok(());
        }
        let file = crate::knowledge::path_in(&self.history_dir);
        let memory = crate::knowledge::Memory {
            entries: &learned,
            seen: &seen,
        };
        match crate::knowledge::remember(&file, &run.cards, memory) {
            Ok(()) => {
                self.kept = learned;
                self.kept_seen = seen;
                Ok(())
            }
            Err(e) if !self.knowledge_told => {
                self.knowledge_told = true;
                Err(e.into())
            }
            Err(_) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::load::load_dir;
    use crate::core::testing::StateBuilder;
    use crate::core::{Action, legal_actions};
    use std::sync::Arc;

    #[test]
    fn autosave_saves_every_step_and_records_the_end_once() {
        let (set, _) = load_dir(Path::new("cards")).expect("the shipped cards load");
        let (_tmp, dir) = crate::scratch::scratch("once");
        let store = SaveStore::open(&dir).expect("temp dir");
        let (mut run, _) = Session::new(Arc::new(set), 5, Vec::new());
        let mut auto = store.autosave_for(&run);
        auto.after(&run).expect("saved");
        let path = auto.path().expect("a path").to_path_buf();
        assert!(path.is_file());
        run.act(&Action::Abandon)
            .expect("abandon is always offered");
        assert!(!legal_actions(&run.state).contains(&Action::Abandon));
        auto.after(&run).expect("saved");
        auto.after(&run).expect("saved again");
        let h = history::read(&store.history_path()).expect("history");
        assert_eq!(h.records.len(), 1, "recorded exactly once");
        assert_eq!(save::load(&path).expect("loads").actions.len(), 1);
        let _ = fs::remove_dir_all(&dir);
    }

    /// Load lists runs only: the game's own knowledge and settings files beside the saves
    /// are never shown as broken saves; a truly broken save still is.
    #[test]
    fn the_list_holds_runs_only_never_the_games_own_files() {
        let (set, _) = load_dir(Path::new("cards")).expect("the shipped cards load");
        let (_tmp, dir) = crate::scratch::scratch("own-files");
        let store = SaveStore::open(&dir).expect("temp dir");
        let (run, _) = Session::new(Arc::new(set), 11, Vec::new());
        store.save(&run).expect("saved");
        fs::write(
            dir.join(crate::knowledge::FILE_NAME),
            br#"{"version": 1, "sets": {}}"#,
        )
        .unwrap();
        fs::write(dir.join(crate::settings::FILE), br#"{"version": 1}"#).unwrap();
        let list = store.list();
        assert_eq!(list.len(), 1, "{list:?}");
        assert!(list[0].as_ref().is_ok_and(|i| i.seed == 11));
        fs::write(dir.join("zz-broken.json"), b"{").unwrap();
        let list = store.list();
        assert_eq!(list.len(), 2);
        assert_eq!(list.iter().filter(|r| r.is_err()).count(), 1);
        let _ = fs::remove_dir_all(&dir);
    }

    /// What a run learns of the Guardian is kept beside the history and brought to the next
    /// run of the same set; the history holds the run either way.
    #[test]
    fn learned_entries_outlive_the_run_and_never_touch_the_history() {
        let (set, _) = load_dir(Path::new("cards")).expect("the shipped cards load");
        let set = Arc::new(set);
        let (_tmp, dir) = crate::scratch::scratch("lore");
        let store = SaveStore::open(&dir).expect("temp dir");
        let (mut run, _) = Session::new(set.clone(), 5, Vec::new());
        let mut auto = store.autosave_for(&run);
        run.state = StateBuilder::from(run.state)
            .with(|r| r.learned = vec![1, 3])
            .build();
        auto.after(&run).expect("saved");
        run.act(&Action::Abandon).expect("abandon");
        auto.after(&run).expect("saved");
        let (prior, problem) = crate::knowledge::recall(&crate::knowledge::path_in(&dir), &set);
        assert!(problem.is_none());
        assert_eq!(prior.entries, vec![1, 3]);
        // A damaged knowledge file: told once, the history still written.
        let (mut next, _) = Session::new(set.clone(), 6, Vec::new());
        fs::write(crate::knowledge::path_in(&dir), "[broken").expect("write");
        let mut auto = store.autosave_for(&next);
        next.state = StateBuilder::from(next.state)
            .with(|r| r.learned = vec![0])
            .build();
        next.act(&Action::Abandon).expect("abandon");
        let told = auto.after(&next);
        assert!(
            told.is_ok(),
            "a damaged file is set aside and rewritten: {told:?}"
        );
        let h = history::read(&store.history_path()).expect("history");
        assert_eq!(h.records.len(), 2, "both runs recorded");
        let _ = fs::remove_dir_all(&dir);
    }

    /// The cards a run flips are kept, per Domain, as the run goes (not only at its end):
    /// a run played through its first Domain into the next, abandoned, leaves every card
    /// it flipped under the Domain the state stood in when it flipped it.
    #[test]
    fn the_cards_a_run_meets_are_kept_per_domain() {
        let (set, _) = load_dir(Path::new("cards")).expect("the shipped cards load");
        let set = Arc::new(set);
        let (_tmp, dir) = crate::scratch::scratch("met");
        let store = SaveStore::open(&dir).expect("temp dir");
        let (mut run, _) = Session::new(set.clone(), 7, Vec::new());
        let mut auto = store.autosave_for(&run);
        // The oracle: what the state is resolving right after each flip, and where.
        let mut flipped: BTreeMap<u8, Vec<CardRef>> = BTreeMap::new();
        let mut steps = 0;
        while run.state.domain.index < 2 && !run.is_over() && steps < 2000 {
            let acts = legal_actions(&run.state);
            let pick = acts
                .iter()
                .find(|a| matches!(a, Action::Flip { .. }))
                .or_else(|| acts.iter().find(|a| !matches!(a, Action::Abandon)))
                .cloned()
                .expect("something to do");
            run.act(&pick).expect("legal");
            if let (Action::Flip { .. }, Some(c)) = (&pick, run.state.resolving) {
                flipped.entry(run.state.domain.index).or_default().push(c);
            }
            auto.after(&run).expect("saved");
            steps += 1;
        }
        assert!(flipped.len() >= 2, "two Domains played: {flipped:?}");
        let (kept, problem) = crate::knowledge::recall(&crate::knowledge::path_in(&dir), &set);
        assert!(problem.is_none());
        for (d, cards) in &flipped {
            let seen = kept.seen.get(d).expect("the Domain is kept");
            for c in cards {
                assert!(seen.contains(c), "{} kept under Domain {d}", c.id());
            }
        }
        for (d, seen) in &kept.seen {
            let deck = &set.domain(set.domain_refs()[usize::from(*d)]).stations;
            assert!(
                seen.iter().all(|c| deck.contains(c)),
                "only Domain {d}'s cards"
            );
        }
        let _ = fs::remove_dir_all(&dir);
    }

    /// A run started as the journey of a date keeps that date through its save, and only
    /// the first such run of the date to end is the day's attempt in the history.
    #[test]
    fn a_journey_of_the_day_survives_its_save_and_is_recorded_once() {
        let (set, _) = load_dir(Path::new("cards")).expect("the shipped cards load");
        let set = Arc::new(set);
        let (_tmp, dir) = crate::scratch::scratch("journey");
        let store = SaveStore::open(&dir).expect("temp dir");
        let day = crate::daily::Day::of_ms(1_795_651_200_000);
        let journey = || {
            let (mut run, _) = Session::new(set.clone(), day.seed(), Vec::new());
            run.day = Some(day);
            run
        };
        let mut first = journey();
        let mut auto_first = store.autosave_for(&first);
        auto_first.after(&first).expect("saved");
        let path = auto_first.path().expect("a path").to_path_buf();
        assert_eq!(save::load(&path).expect("loads").day, Some(day));
        assert_eq!(store.latest().map(|i| i.summary.day), Some(Some(day)));
        // A second journey of the same date, abandoned first: it is the day's attempt.
        let mut second = journey();
        let mut auto_second = store.autosave_for(&second);
        second.act(&Action::Abandon).expect("abandon");
        auto_second.after(&second).expect("saved");
        first.act(&Action::Abandon).expect("abandon");
        auto_first.after(&first).expect("saved");
        let h = history::read(&store.history_path()).expect("history");
        let days: Vec<_> = h.records.iter().map(|r| r.day).collect();
        assert_eq!(days, vec![Some(day), None], "one attempt for the date");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_finished_run_that_cannot_be_saved_says_once_it_is_not_recorded() {
        let (set, _) = load_dir(Path::new("cards")).expect("the shipped cards load");
        let (_tmp, dir) = crate::scratch::scratch("unwritable");
        fs::create_dir_all(&dir).expect("temp dir");
        // A file where the saves folder should be: nothing can be written under it.
        let blocker = dir.join("saves");
        fs::write(&blocker, b"not a folder").expect("blocker");
        let (mut run, _) = Session::new(Arc::new(set), 5, Vec::new());
        let mut auto = Autosave::new(Some(blocker.join("run.json")), blocker.clone(), &run);
        let first = auto.after(&run).expect_err("cannot save");
        assert!(first.unsaved() && !matches!(first, StoreError::NotRecorded(_)));
        run.act(&Action::Abandon).expect("abandon");
        let end = auto.after(&run).expect_err("cannot save");
        assert!(matches!(end, StoreError::NotRecorded(_)), "{end}");
        assert!(end.unsaved() && end.to_string().contains("not in the run history"));
        let again = auto.after(&run).expect_err("cannot save");
        assert!(
            !matches!(again, StoreError::NotRecorded(_)),
            "said once: {again}"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn runs_started_in_the_same_millisecond_with_the_same_seed_get_their_own_files() {
        let (set, _) = load_dir(Path::new("cards")).expect("the shipped cards load");
        let set = Arc::new(set);
        let (_tmp, dir) = crate::scratch::scratch("same-ms");
        let store = SaveStore::open(&dir).expect("temp dir");
        let (mut a, _) = Session::new(set.clone(), 9, Vec::new());
        let (mut b, _) = Session::new(set, 9, Vec::new());
        b.started_at = a.started_at;
        let mut auto_a = store.autosave_for(&a);
        let mut auto_b = store.autosave_for(&b);
        let (pa, pb) = (
            auto_a.path().map(Path::to_path_buf),
            auto_b.path().map(Path::to_path_buf),
        );
        assert_ne!(pa, pb, "two runs, two files");
        a.act(&Action::Abandon).expect("abandon");
        auto_a.after(&a).expect("saved");
        auto_b.after(&b).expect("saved");
        assert_eq!(
            save::load(&pa.expect("a")).expect("a loads").actions.len(),
            1
        );
        assert_eq!(
            save::load(&pb.expect("b")).expect("b loads").actions.len(),
            0
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn deleting_a_save_removes_it_and_its_backup_and_nothing_outside() {
        let (_tmp, dir) = crate::scratch::scratch("delete");
        let store = SaveStore::open(&dir).unwrap();
        let (set, _) = load_dir(Path::new("cards")).expect("the shipped cards load");
        let (run, _) = Session::new(Arc::new(set), 5, vec![]);
        let path = store.save(&run).unwrap();
        // A second save makes the backup.
        store.save(&run).unwrap();
        assert!(save::backup_path(&path).is_file());
        let outside = dir.with_extension("outside.json");
        fs::write(&outside, b"{}").unwrap();
        assert!(store.delete(&outside).is_err());
        assert!(outside.is_file());
        store.delete(&path).unwrap();
        assert!(!path.exists());
        assert!(!save::backup_path(&path).exists());
        assert!(store.list().is_empty());
        let _ = fs::remove_file(outside);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_save_is_reported_and_nothing_is_recorded() {
        let (set, _) = load_dir(Path::new("cards")).expect("the shipped cards load");
        let (_tmp, dir) = crate::scratch::scratch("fail");
        fs::create_dir_all(&dir).expect("temp dir");
        // A file where the saves directory should be: nothing can be created inside it.
        let blocker = dir.join("blocker");
        fs::write(&blocker, b"x").expect("write");
        let (mut run, _) = Session::new(Arc::new(set), 5, Vec::new());
        run.act(&Action::Abandon).expect("abandon");
        let mut auto = Autosave::new(Some(blocker.join("run.json")), blocker.clone(), &run);
        assert!(
            auto.recorded(),
            "a run loaded already over is not recorded again"
        );
        let mut fresh = Autosave::new(Some(blocker.join("run.json")), blocker.clone(), &{
            // The same run as if it were not over yet.
            let mut r = run.clone();
            r.state = StateBuilder::from(r.state)
                .with(|d| d.outcome = None)
                .build();
            r
        });
        let e = fresh.after(&run).expect_err("cannot save under a file");
        // The run is over: the first failure says it is not in the history.
        assert!(
            matches!(&e, StoreError::NotRecorded(inner) if matches!(**inner, StoreError::CreateDir { .. })),
            "{e}"
        );
        assert!(!fresh.recorded());
        auto.after(&run).expect_err("still cannot save");
        let _ = fs::remove_dir_all(&dir);
    }
}
