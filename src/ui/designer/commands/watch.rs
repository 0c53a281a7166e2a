//! Noticing a card file changed outside the game: a thread of the watch's own reads each
//! file of the set on show again about once a second and compares it with its text when
//! the set was loaded. Only a change found wakes the window: a desk at rest draws nothing
//! (it used to draw a frame each second to look, about 3% of a core under Mesa).

use crate::cards::{CardSet, CardSource};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

/// How often the files are looked at.
pub(in crate::ui::designer) const EVERY: Duration = Duration::from_secs(1);

/// What the window and the watching thread share.
#[derive(Debug, Default)]
struct Files {
    /// Each file as the cards folder names it, its path and its fingerprint (`None`: it
    /// could not be read).
    files: Vec<(String, PathBuf, Option<u64>)>,
    /// The files found changed (announced once each).
    changed: Vec<String>,
    /// Found changed and not yet taken by [`Watch::poll`].
    fresh: Vec<String>,
    /// Counts the game's own writes: a look begun before one is thrown away (it may have
    /// read the text before the write and would call the game's own change foreign).
    writes: u64,
}

/// The files of a set on disk, watched by a thread while this lives.
#[derive(Debug, Default)]
pub(in crate::ui::designer) struct Watch {
    shared: Option<Arc<Mutex<Files>>>,
}

fn fingerprint(path: &PathBuf) -> Option<u64> {
    let text = std::fs::read(path).ok()?;
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    Some(h.finish())
}

fn lock(m: &Mutex<Files>) -> MutexGuard<'_, Files> {
    // A watcher that panicked mid-look left plain data behind: use it as it is.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Looks at every file once: whether something new was found changed. The files are
/// read with the lock released, so the window never waits on the disk.
fn look(shared: &Mutex<Files>) -> bool {
    let (paths, writes): (Vec<PathBuf>, u64) = {
        let f = lock(shared);
        (
            f.files.iter().map(|(_, p, _)| p.clone()).collect(),
            f.writes,
        )
    };
    let prints: Vec<Option<u64>> = paths.iter().map(fingerprint).collect();
    let mut f = lock(shared);
    if f.writes != writes {
        return false;
    }
    let Files {
        files,
        changed,
        fresh,
        ..
    } = &mut *f;
    let mut found = false;
    for ((rel, _, print), now) in files.iter().zip(prints) {
        if now != *print && !changed.contains(rel) {
            changed.push(rel.clone());
            fresh.push(rel.clone());
            found = true;
        }
    }
    found
}

/// The watching thread: looks every [`EVERY`] until its watch is dropped; wakes the
/// window when it finds a change.
fn watch_files(shared: Weak<Mutex<Files>>) {
    loop {
        std::thread::sleep(EVERY);
        let Some(shared) = shared.upgrade() else {
            return;
        };
        if look(&shared) {
            crate::ui::wake::wake();
        }
    }
}

impl Watch {
    /// The files of `set` in `source` as they are now, and a thread watching them
    /// (nothing for the built-in set).
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
        let shared = Arc::new(Mutex::new(Files {
            files,
            ..Files::default()
        }));
        let weak = Arc::downgrade(&shared);
        // Without a thread the files are simply not watched (the desk still works).
        let _ = std::thread::Builder::new()
            .name("desk-watch".into())
            .spawn(move || watch_files(weak));
        Watch {
            shared: Some(shared),
        }
    }

    /// The files found changed since the last call (each announced once).
    pub fn poll(&mut self) -> Vec<String> {
        self.shared
            .as_ref()
            .map_or_else(Vec::new, |s| std::mem::take(&mut lock(s).fresh))
    }

    /// Takes the file's present text as known (the game itself wrote it).
    pub fn wrote(&mut self, rel: &str) {
        let Some(shared) = &self.shared else {
            return;
        };
        let mut f = lock(shared);
        f.writes += 1;
        for (r, path, print) in &mut f.files {
            if r == rel {
                *print = fingerprint(path);
            }
        }
        f.changed.retain(|r| r != rel);
        f.fresh.retain(|r| r != rel);
    }

    /// Looks at once, on the caller's thread (tests).
    #[cfg(test)]
    fn look_now(&self) -> bool {
        self.shared.as_ref().is_some_and(|s| look(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy of the shipped cards in a scratch folder, loaded as a designer's set.
    fn copied_set(tag: &str) -> (tempfile::TempDir, PathBuf, Watch) {
        let (tmp, dir) = crate::scratch::scratch(tag);
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
        let w = Watch::of(&set, &source);
        (tmp, dir, w)
    }

    #[test]
    fn a_file_changed_on_disk_is_found_once_and_a_write_of_ours_is_not() {
        let (_tmp, dir, mut w) = copied_set("watch");
        assert!(!w.look_now());
        assert!(w.poll().is_empty());
        let file = dir.join("domains/termina.json");
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::write(&file, format!("{text}\n")).unwrap();
        assert!(w.look_now());
        assert_eq!(w.poll(), vec!["domains/termina.json".to_string()]);
        w.look_now();
        assert!(w.poll().is_empty(), "announced once");
        w.wrote("domains/termina.json");
        std::fs::write(&file, &text).unwrap();
        w.wrote("domains/termina.json");
        assert!(!w.look_now());
        assert!(w.poll().is_empty(), "the game's own write");
    }

    /// The thread looks by itself: an edit made in another program is found with no
    /// call from the window (which sleeps meanwhile).
    #[test]
    fn the_watching_thread_finds_an_edit_by_itself() {
        let (_tmp, dir, mut w) = copied_set("watch-thread");
        let file = dir.join("map.json");
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::write(&file, format!("{text}\n")).unwrap();
        let mut found = Vec::new();
        // Bounded wait for the thread's look (about a second), not a measure of it.
        for _ in 0..300 {
            found = w.poll();
            if !found.is_empty() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        assert_eq!(found, vec!["map.json".to_string()]);
    }

    /// A watch dropped ends its thread (it holds the files only weakly).
    #[test]
    fn a_dropped_watch_lets_its_files_go() {
        let (_tmp, _dir, w) = copied_set("watch-drop");
        let weak = Arc::downgrade(w.shared.as_ref().unwrap());
        drop(w);
        // The thread holds the files for the moment of a look: wait out one.
        let mut alive = true;
        for _ in 0..60 {
            alive = weak.upgrade().is_some();
            if !alive {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(!alive);
    }
}
