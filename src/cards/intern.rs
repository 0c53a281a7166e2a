//! Interned id text: one copy of each distinct id per process, named by a 4-byte key.
//!
//! Card and Domain references ([`super::CardRef`], [`super::DomainRef`]) carry their id's
//! key rather than the text's fat pointer, so a reference is 8 bytes instead of 24, and
//! every event, deck, row and phase that holds one shrinks with it (the simulator builds,
//! copies and shuffles them millions of times a second). The text is found again through a
//! table that is only ever appended to: reading it takes no lock.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Mutex, OnceLock};

/// An interned id: equal exactly when the texts are equal (one key per distinct text).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Name(NonZeroU32);

/// Names per chunk of the table (a power of two).
const CHUNK_BITS: u32 = 10;
const CHUNK: usize = 1 << CHUNK_BITS;
/// Chunks in the table: room for four million distinct ids in one process (a session
/// meets a few hundred; the property tests a few hundred thousand).
const CHUNKS: usize = 1 << 12;

/// One chunk of texts, allocated when the first of its names is handed out.
struct Chunk([OnceLock<&'static str>; CHUNK]);

/// Name `n` (counted from 1) is slot `(n - 1) % CHUNK` of chunk `(n - 1) / CHUNK`. A slot is
/// set before its name is handed out, and never changes after.
static TABLE: [OnceLock<Box<Chunk>>; CHUNKS] = [const { OnceLock::new() }; CHUNKS];

/// The names given so far, by text (the writers' side, behind a lock).
struct Names {
    by_text: HashMap<&'static str, Name>,
}

fn names() -> std::sync::MutexGuard<'static, Names> {
    static NAMES: OnceLock<Mutex<Names>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Mutex::new(Names {
            by_text: HashMap::new(),
        })
    });
    // A poisoned lock still holds a valid table: a panic elsewhere cannot corrupt it (a
    // name is recorded only after its slot is set).
    names.lock().unwrap_or_else(|e| e.into_inner())
}

impl Name {
    /// The name of this text: the one already given to it, or a new one (its text leaked
    /// once: a few bytes for every distinct id the process ever meets).
    pub fn of(text: &str) -> Name {
        let mut names = names();
        if let Some(&known) = names.by_text.get(text) {
            return known;
        }
        let n = names.by_text.len();
        assert!(
            n < CHUNK * CHUNKS,
            "more than {} distinct ids",
            CHUNK * CHUNKS
        );
        let text: &'static str = Box::leak(text.to_string().into_boxed_str());
        let chunk = TABLE[n >> CHUNK_BITS]
            .get_or_init(|| Box::new(Chunk([const { OnceLock::new() }; CHUNK])));
        // The slot is new: no other name has this number, and the lock is held.
        let _ = chunk.0[n & (CHUNK - 1)].set(text);
        let name = Name(NonZeroU32::MIN.saturating_add(n as u32));
        names.by_text.insert(text, name);
        name
    }

    /// The id's text (lives as long as the process).
    #[inline]
    pub fn as_str(self) -> &'static str {
        let n = (self.0.get() - 1) as usize;
        match TABLE[n >> CHUNK_BITS]
            .get()
            .and_then(|chunk| chunk.0[n & (CHUNK - 1)].get())
        {
            Some(text) => text,
            // A name exists only once its slot is set (see `Name::of`).
            None => unreachable!("an interned name without its text"),
        }
    }
}

impl std::fmt::Debug for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Name {
    fn from(text: &str) -> Name {
        Name::of(text)
    }
}

impl serde::Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_its_text_and_equal_texts_share_one() {
        let a = Name::of("intern-test-a");
        let b = Name::of(&String::from("intern-test-a"));
        let c = Name::of("intern-test-c");
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.as_str(), "intern-test-a");
        assert_eq!(c.as_str(), "intern-test-c");
        assert!(std::ptr::eq(Name::of("intern-test-a").as_str(), a.as_str()));
        assert_eq!(std::mem::size_of::<Option<Name>>(), 4);
    }

    /// Names cross chunk boundaries and threads: every one still reads back its own text.
    #[test]
    fn names_read_back_across_chunks_and_threads() {
        let made: Vec<Vec<(String, Name)>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|t| {
                    s.spawn(move || {
                        (0..(CHUNK + 7))
                            .map(|i| {
                                let text = format!("intern-test-{t}-{i}");
                                let name = Name::of(&text);
                                (text, name)
                            })
                            .collect()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for (text, name) in made.iter().flatten() {
            assert_eq!(name.as_str(), text);
            assert_eq!(Name::of(text), *name);
        }
    }
}
