//! What the traveller has learned of the Guardian across runs: `knowledge.json` beside the
//! run history, the ids of the requirements and seals whose terms were read (through a
//! rumour or at a reveal), per card-set fingerprint, so that an edited set starts unknown.
//!
//! The file is the player's memory, not a record: a missing file means nothing is known
//! yet; a broken one is reported (once, by the caller) and play goes on as if nothing
//! were known; the next write keeps it aside as `knowledge.json.broken` and starts
//! afresh. It is never the run history, and the history never depends on it.

use crate::cards::CardSet;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The knowledge file's name inside the saves directory.
pub const FILE_NAME: &str = "knowledge.json";
/// The version of the knowledge file this build reads and writes.
pub const VERSION: u32 = 1;

/// Entries learned, per card set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knowledge {
    pub version: u32,
    /// Card-set fingerprint -> ids of the Guardian's entries learned, in the order learned.
    pub sets: BTreeMap<String, Vec<String>>,
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

    /// Adds entries learned for the set with fingerprint `hash`; whether anything was new.
    pub fn learn(&mut self, hash: &str, ids: impl IntoIterator<Item = String>) -> bool {
        let known = self.sets.entry(hash.to_string()).or_default();
        let mut new = false;
        for id in ids {
            if !known.contains(&id) {
                known.push(id);
                new = true;
            }
        }
        new
    }
}

/// The entries learned for `cards` as the file at `path` holds them; a missing file is
/// nothing learned, a damaged one is nothing learned plus the error to report.
pub fn prior_for(path: &Path, cards: &CardSet) -> (Vec<u8>, Option<KnowledgeError>) {
    match read(path) {
        Ok(k) => (k.prior(cards), None),
        Err(e) => (Vec::new(), Some(e)),
    }
}

/// Adds these entries of `cards` (indexes) to the file, written atomically. A damaged file
/// is kept aside as `knowledge.json.broken` and a fresh one started.
pub fn remember(path: &Path, cards: &CardSet, entries: &[u8]) -> Result<(), KnowledgeError> {
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
    let ids = entries
        .iter()
        .filter_map(|&i| cards.entry(i))
        .map(|e| e.id.0.clone());
    if !k.learn(&cards.files().hash(), ids) {
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

    #[test]
    fn learned_entries_are_kept_per_card_set() {
        let (_tmp, dir) = crate::scratch::scratch("per-set");
        let path = path_in(&dir);
        let set = shipped();
        assert_eq!(
            prior_for(&path, &set).0,
            Vec::<u8>::new(),
            "missing: nothing"
        );
        assert!(
            prior_for(&path, &set).1.is_none(),
            "missing is not an error"
        );
        remember(&path, &set, &[2, 0]).expect("written");
        remember(&path, &set, &[0, 3]).expect("written");
        assert_eq!(prior_for(&path, &set).0, vec![2, 0, 3]);
        // Another set (another fingerprint) knows nothing of it.
        let other = load_dir(Path::new("tests/fixtures/valid"))
            .expect("fixture loads")
            .0;
        assert!(prior_for(&path, &other).0.is_empty());
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
        let (prior, err) = prior_for(&path, &set);
        assert!(prior.is_empty());
        let msg = err.expect("reported").to_string();
        assert!(msg.contains("damaged"), "{msg}");
        remember(&path, &set, &[1]).expect("a fresh file");
        assert_eq!(prior_for(&path, &set).0, vec![1]);
        assert!(dir.join("knowledge.json.broken").is_file());
        assert_eq!(
            fs::read_to_string(&history).expect("history"),
            "{\"kept\": true}\n"
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
