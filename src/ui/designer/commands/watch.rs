//! Noticing a card file changed outside the game: each file of the set on show is read
//! again about once a second and compared with its text when the set was loaded.

use crate::cards::{CardSet, CardSource};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How often the files are looked at.
pub(in crate::ui::designer) const EVERY: Duration = Duration::from_secs(1);

/// The files of a set on disk and a fingerprint of each as it was loaded.
#[derive(Debug, Default)]
pub(in crate::ui::designer) struct Watch {
    /// Each file as the cards folder names it, its path and its fingerprint (`None`: it
    /// could not be read).
    files: Vec<(String, PathBuf, Option<u64>)>,
    next: Option<Instant>,
    /// The files found changed (announced once each).
    pub changed: Vec<String>,
}

fn fingerprint(path: &PathBuf) -> Option<u64> {
    let text = std::fs::read(path).ok()?;
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    Some(h.finish())
}

impl Watch {
    /// The files of `set` in `source` as they are now (nothing for the built-in set).
    pub fn of(set: &CardSet, source: &CardSource) -> Watch {
        let Some(dir) = source.dir() else {
            return Watch::default();
        };
        let map = &set.files().map;
        let rels = ["map.json", "traveller.json", "guardian.json"]
            .into_iter()
            .map(str::to_string)
            .chain(map.domains.iter().map(|d| d.file.clone()));
        let files = rels
            .map(|rel| {
                let path = dir.join(&rel);
                let print = fingerprint(&path);
                (rel, path, print)
            })
            .collect();
        Watch {
            files,
            next: Some(Instant::now() + EVERY),
            changed: Vec::new(),
        }
    }

    /// Whether there are files to watch (a set from a folder).
    pub fn watching(&self) -> bool {
        !self.files.is_empty()
    }

    /// Looks again when a second has passed: the files newly found changed.
    pub fn poll(&mut self) -> Vec<String> {
        if self.next.is_none_or(|t| Instant::now() < t) {
            return Vec::new();
        }
        self.next = Some(Instant::now() + EVERY);
        let mut new = Vec::new();
        for (rel, path, print) in &self.files {
            if fingerprint(path) != *print && !self.changed.contains(rel) {
                new.push(rel.clone());
            }
        }
        self.changed.extend(new.iter().cloned());
        new
    }

    /// Takes the file's present text as known (the game itself wrote it).
    pub fn wrote(&mut self, rel: &str) {
        for (r, path, print) in &mut self.files {
            if r == rel {
                *print = fingerprint(path);
            }
        }
        self.changed.retain(|r| r != rel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_changed_on_disk_is_found_once_and_a_write_of_ours_is_not() {
        let (_tmp, dir) = crate::scratch::scratch("watch");
        let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        for sub in ["", "domains"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
            for e in std::fs::read_dir(shipped.join(sub)).unwrap().flatten() {
                if e.path().is_file() {
                    std::fs::copy(e.path(), dir.join(sub).join(e.file_name())).unwrap();
                }
            }
        }
        let source = CardSource::Dir(dir.clone());
        let (set, _) = crate::cards::load::load_source(&source).unwrap();
        let mut w = Watch::of(&set, &source);
        w.next = Some(Instant::now());
        assert!(w.poll().is_empty());
        let file = dir.join("domains/termina.json");
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::write(&file, format!("{text}\n")).unwrap();
        w.next = Some(Instant::now());
        assert_eq!(w.poll(), vec!["domains/termina.json".to_string()]);
        w.next = Some(Instant::now());
        assert!(w.poll().is_empty(), "announced once");
        w.wrote("domains/termina.json");
        std::fs::write(&file, &text).unwrap();
        w.wrote("domains/termina.json");
        w.next = Some(Instant::now());
        assert!(w.poll().is_empty(), "the game's own write");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
