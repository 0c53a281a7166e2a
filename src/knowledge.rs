//! What the traveller has learned across runs: `knowledge.json` beside the run history,
//! per card-set fingerprint (so that an edited set starts unknown): the ids of the
//! Guardian's requirements and seals whose terms were read (through a rumour or at a
//! reveal), and, per Domain, the ids of the Station cards met there (flipped, looked at, or
//! seen on top of the deck), which route cards name ("Seen here before: ...").
//!
//! The file is the player's memory, not a record: a missing file means nothing is known
//! yet; a broken one is reported (once, by the caller) and play goes on as if nothing
//! were known; the next write keeps it aside as `knowledge.json.broken` and starts
//! afresh. It is never the run history, and the history never depends on it.
//!
//! The cards met (`seen`) came after version 1 without changing it: the field is optional
//! both ways (a file without it reads as nothing met; an older build reads a file with it
//! and, at its next write, drops it), so no build ever sets a good file aside for it.

use crate::cards::{CardRef, CardSet};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The knowledge file's name inside the saves directory.
pub const FILE_NAME: &str = "knowledge.json";
/// The version of the knowledge file this build reads and writes.
pub const VERSION: u32 = 1;

/// Entries learned and cards met, per card set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knowledge {
    pub version: u32,
    /// Card-set fingerprint -> ids of the Guardian's entries learned, in the order learned.
    pub sets: BTreeMap<String, Vec<String>>,
    /// Card-set fingerprint -> Domain id -> ids of the Station cards met there, in the
    /// order first met.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub seen: BTreeMap<String, BTreeMap<String, Vec<String>>>,
}

/// What a run brings from earlier runs of its card set, as indexes into the set in play.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recalled {
    /// The Guardian's entries learned (indexes into [`CardSet::entries`]).
    pub entries: Vec<u8>,
    /// Domain index -> the Station cards met there, in the order first met.
    pub seen: BTreeMap<u8, Vec<CardRef>>,
}

/// What a run adds to the file: the entries it learned and the cards it met per Domain
/// (see [`crate::core::lore::to_remember`] and [`crate::core::lore::met_in_domains`]).
#[derive(Debug, Clone, Copy)]
pub struct Memory<'a> {
    pub entries: &'a [u8],
    pub seen: &'a BTreeMap<u8, Vec<CardRef>>,
}

/// A knowledge file that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum KnowledgeError {
    #[error("cannot read what you learned of the Guardian (`{}`): {source}; playing as if nothing were learned", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("what you learned of the Guardian (`{}`) is damaged: {reason}; playing as if nothing were learned", path.display())]
    Broken { path: PathBuf, reason: String },
    #[error("cannot keep what you learned of the Guardian (`{}`): {source}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
}

/// The knowledge file of a saves directory.
pub fn path_in(saves: &Path) -> PathBuf {
    saves.join(FILE_NAME)
}

/// Reads the file: a missing one is empty knowledge (a first run); a damaged one, or one
/// of another version, is an error.
pub fn read(path: &Path) -> Result<Knowledge, KnowledgeError> {
    let text = match fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Knowledge {
                version: VERSION,
                ..Knowledge::default()
            });
        }
        Err(source) => {
            return Err(KnowledgeError::Read {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let k: Knowledge = serde_json::from_str(&text).map_err(|e| KnowledgeError::Broken {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    if k.version != VERSION {
        return Err(KnowledgeError::Broken {
            path: path.to_path_buf(),
            reason: format!("version {} (this build reads {VERSION})", k.version),
        });
    }
    Ok(k)
}

impl Knowledge {
    /// The entries (indexes into [`CardSet::entries`]) learned for this set.
    pub fn prior(&self, cards: &CardSet) -> Vec<u8> {
        let hash = cards.files().hash();
        self.sets
            .get(&hash)
            .into_iter()
            .flatten()
            .filter_map(|id| cards.entry_index(id))
            .collect()
    }

    /// The Station cards met in each Domain of this set. Ids this set no longer has (a
    /// card renamed by hand in the file) are passed over.
    pub fn seen(&self, cards: &CardSet) -> BTreeMap<u8, Vec<CardRef>> {
        let hash = cards.files().hash();
        let mut out = BTreeMap::new();
        for (domain, ids) in self.seen.get(&hash).into_iter().flatten() {
            let Some(d) = cards.domain_by_str(domain) else {
                continue;
            };
            let met: Vec<CardRef> = ids.iter().filter_map(|id| cards.card_by_str(id)).collect();
            if !met.is_empty() {
                out.insert(d.index, met);
            }
        }
        out
    }

    /// What this set's earlier runs bring to the next.
    pub fn recall(&self, cards: &CardSet) -> Recalled {
        Recalled {
            entries: self.prior(cards),
            seen: self.seen(cards),
        }
    }

    /// Adds entries learned for the set with fingerprint `hash`; whether anything was new.
    pub fn learn(&mut self, hash: &str, ids: impl IntoIterator<Item = String>) -> bool {
        let known = self.sets.entry(hash.to_string()).or_default();
        add_new(known, ids)
    }

    /// Adds cards met in the Domain `domain` (its id) of the set with fingerprint `hash`;
    /// whether anything was new.
    pub fn meet(
        &mut self,
        hash: &str,
        domain: &str,
        ids: impl IntoIterator<Item = String>,
    ) -> bool {
        let met = self
            .seen
            .entry(hash.to_string())
            .or_default()
            .entry(domain.to_string())
            .or_default();
        add_new(met, ids)
    }
}

/// Appends the ids not yet in `known`; whether any was.
fn add_new(known: &mut Vec<String>, ids: impl IntoIterator<Item = String>) -> bool {
    let mut new = false;
    for id in ids {
        if !known.contains(&id) {
            known.push(id);
            new = true;
        }
    }
    new
}

/// What earlier runs of `cards` brought, as the file at `path` holds it; a missing file is
/// nothing known, a damaged one is nothing known plus the error to report.
pub fn recall(path: &Path, cards: &CardSet) -> (Recalled, Option<KnowledgeError>) {
    match read(path) {
        Ok(k) => (k.recall(cards), None),
        Err(e) => (Recalled::default(), Some(e)),
    }
}

/// Adds what a run of `cards` learned and met to the file, written atomically (and only
/// when something is new). A damaged file is kept aside as `knowledge.json.broken` and a
/// fresh one started.
pub fn remember(path: &Path, cards: &CardSet, memory: Memory) -> Result<(), KnowledgeError> {
    let write_err = |source| KnowledgeError::Write {
        path: path.to_path_buf(),
        source,
    };
    let mut k = match read(path) {
        Ok(k) => k,
        Err(_) => {
            let mut aside = path.as_os_str().to_owned();
            aside.push(".broken");
            // Kept for the player to look at; a failed rename only loses the damaged file.
            let _ = fs::rename(path, PathBuf::from(aside));
            Knowledge {
                version: VERSION,
                ..Knowledge::default()
            }
        }
    };
    let hash = cards.files().hash();
    let ids = memory
        .entries
        .iter()
        .filter_map(|&i| cards.entry(i))
        .map(|e| e.id.0.clone());
    let mut new = k.learn(&hash, ids);
    for (&d, met) in memory.seen {
        let Some(domain) = cards.domain_refs().get(usize::from(d)) else {
            continue;
        };
        let ids = met.iter().map(|c| c.id().to_string());
        new |= k.meet(&hash, domain.id(), ids);
    }
    if !new {
        return Ok(());
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(write_err)?;
    }
    let text = serde_json::to_string_pretty(&k).map_err(|e| write_err(io::Error::other(e)))?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    fs::write(&tmp, text + "\n").map_err(write_err)?;
    fs::rename(&tmp, path).map_err(write_err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::load::load_dir;

    fn shipped() -> CardSet {
        load_dir(Path::new("cards"))
            .expect("the shipped cards load")
            .0
    }

    fn copy_dir(from: &Path, to: &Path) {
        fs::create_dir_all(to).expect("a folder");
        for e in fs::read_dir(from).expect("a folder").flatten() {
            let (src, dst) = (e.path(), to.join(e.file_name()));
            if src.is_dir() {
                copy_dir(&src, &dst);
            } else {
                fs::copy(&src, &dst).expect("a copy");
            }
        }
    }

    /// Entries only, as the tests of the terms write them.
    fn learned(path: &Path, set: &CardSet, entries: &[u8]) {
        let none = BTreeMap::new();
        let memory = Memory {
            entries,
            seen: &none,
        };
        remember(path, set, memory).expect("written");
    }

    #[test]
    fn learned_entries_are_kept_per_card_set() {
        let (_tmp, dir) = crate::scratch::scratch("per-set");
        let path = path_in(&dir);
        let set = shipped();
        let (first, problem) = recall(&path, &set);
        assert_eq!(first, Recalled::default(), "missing: nothing");
        assert!(problem.is_none(), "missing is not an error");
        learned(&path, &set, &[2, 0]);
        learned(&path, &set, &[0, 3]);
        assert_eq!(recall(&path, &set).0.entries, vec![2, 0, 3]);
        // Another set (another fingerprint) knows nothing of it.
        let other = load_dir(Path::new("tests/fixtures/valid"))
            .expect("fixture loads")
            .0;
        assert!(recall(&path, &other).0.entries.is_empty());
        let _ = fs::remove_dir_all(&dir);
    }

    /// The cards a run meets are kept per Domain, by id, merged with earlier runs' in the
    /// order first met; read back as the set's own cards.
    #[test]
    fn cards_met_are_kept_per_domain_and_merged_across_runs() {
        let (_tmp, dir) = crate::scratch::scratch("met");
        let path = path_in(&dir);
        let set = shipped();
        let home = set.domain_refs()[0];
        let shrine = set.domain_refs()[1];
        let (h, s) = (&set.domain(home).stations, &set.domain(shrine).stations);
        let first = BTreeMap::from([(home.index, vec![h[3], h[1]]), (shrine.index, vec![s[0]])]);
        let memory = Memory {
            entries: &[],
            seen: &first,
        };
        remember(&path, &set, memory).expect("written");
        let second = BTreeMap::from([(home.index, vec![h[1], h[5]])]);
        let memory = Memory {
            entries: &[],
            seen: &second,
        };
        remember(&path, &set, memory).expect("written");
        let seen = recall(&path, &set).0.seen;
        assert_eq!(seen[&home.index], vec![h[3], h[1], h[5]]);
        assert_eq!(seen[&shrine.index], vec![s[0]]);
        // Written by id under the Domain's id, as a player could read it.
        let text = fs::read_to_string(&path).expect("the file");
        let k: Knowledge = serde_json::from_str(&text).expect("json");
        let ids = &k.seen[&set.files().hash()][home.id()];
        assert_eq!(
            ids,
            &vec![
                h[3].id().to_string(),
                h[1].id().to_string(),
                h[5].id().to_string()
            ]
        );
        let _ = fs::remove_dir_all(&dir);
    }

    /// A file written before cards met were kept (no `seen`) still reads, its terms kept;
    /// the next run adds its cards beside them.
    #[test]
    fn a_file_from_before_cards_were_kept_reads_with_nothing_met() {
        let (_tmp, dir) = crate::scratch::scratch("old");
        fs::create_dir_all(&dir).expect("dir");
        let path = path_in(&dir);
        let set = shipped();
        let hash = set.files().hash();
        let id = set.entry(1).expect("an entry").id.0.clone();
        fs::write(
            &path,
            format!("{{\n  \"version\": 1,\n  \"sets\": {{ \"{hash}\": [\"{id}\"] }}\n}}\n"),
        )
        .expect("an old file");
        let (old, problem) = recall(&path, &set);
        assert!(problem.is_none(), "{problem:?}");
        assert_eq!(old.entries, vec![1]);
        assert!(old.seen.is_empty());
        let home = set.domain_refs()[0];
        let met = BTreeMap::from([(home.index, vec![set.domain(home).stations[0]])]);
        let memory = Memory {
            entries: &[],
            seen: &met,
        };
        remember(&path, &set, memory).expect("written");
        let now = recall(&path, &set).0;
        assert_eq!(now.entries, vec![1], "the terms are kept");
        assert_eq!(now.seen, met);
        let _ = fs::remove_dir_all(&dir);
    }

    /// An edited set (a card's text changed: another fingerprint) starts with nothing met,
    /// as it starts with no terms known.
    #[test]
    fn an_edited_set_starts_with_nothing_met() {
        let (_tmp, dir) = crate::scratch::scratch("edited");
        let path = path_in(&dir);
        let set = shipped();
        let home = set.domain_refs()[0];
        let met = BTreeMap::from([(home.index, vec![set.domain(home).stations[0]])]);
        let memory = Memory {
            entries: &[0],
            seen: &met,
        };
        remember(&path, &set, memory).expect("written");
        assert_eq!(recall(&path, &set).0.seen, met);
        let copy = dir.join("cards");
        copy_dir(Path::new("cards"), &copy);
        let file = copy.join("guardian.json");
        let text = fs::read_to_string(&file).expect("the Guardian's file");
        let text = text.replacen("\"The Guardian\"", "\"The Old Guardian\"", 1);
        fs::write(&file, text).expect("edited");
        let edited = load_dir(&copy).expect("the edited set loads").0;
        assert_ne!(edited.files().hash(), set.files().hash());
        assert_eq!(recall(&path, &edited).0, Recalled::default());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_broken_file_is_reported_and_set_aside_without_touching_the_history() {
        let (_tmp, dir) = crate::scratch::scratch("broken");
        fs::create_dir_all(&dir).expect("dir");
        let path = path_in(&dir);
        let history = dir.join(crate::history::FILE_NAME);
        fs::write(&history, "{\"kept\": true}\n").expect("history");
        fs::write(&path, "{ not json").expect("file");
        let set = shipped();
        let (prior, err) = recall(&path, &set);
        assert_eq!(prior, Recalled::default());
        let msg = err.expect("reported").to_string();
        assert!(msg.contains("damaged"), "{msg}");
        learned(&path, &set, &[1]);
        assert_eq!(recall(&path, &set).0.entries, vec![1]);
        assert!(dir.join("knowledge.json.broken").is_file());
        assert_eq!(
            fs::read_to_string(&history).expect("history"),
            "{\"kept\": true}\n"
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
