//! Which card set a command plays: a folder named on the command line, a `cards/` folder
//! in the current directory, or the shipped set built into the binary (so an installed or
//! copied `forward` works from any directory).

use std::fmt;
use std::path::{Path, PathBuf};

/// The folder a game run from a checkout (or beside its own cards) reads.
pub const LOCAL_DIR: &str = "cards";

/// Where the cards come from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum CardSource {
    /// A cards folder on disk.
    Dir(PathBuf),
    /// The shipped set, embedded at build time.
    #[default]
    Builtin,
}

impl CardSource {
    /// `--cards DIR` if given; else `cards/` in the current directory if it holds a map;
    /// else the built-in set.
    pub fn resolve(flag: Option<&Path>) -> CardSource {
        match flag {
            Some(d) => CardSource::Dir(d.to_path_buf()),
            None if Path::new(LOCAL_DIR).join("map.json").is_file() => {
                CardSource::Dir(PathBuf::from(LOCAL_DIR))
            }
            None => CardSource::Builtin,
        }
    }

    /// A short name: the folder as given, or `built-in`.
    pub fn label(&self) -> String {
        match self {
            CardSource::Dir(d) => d.display().to_string(),
            CardSource::Builtin => "built-in".to_string(),
        }
    }

    /// The folder, for a source on disk.
    pub fn dir(&self) -> Option<&Path> {
        match self {
            CardSource::Dir(d) => Some(d),
            CardSource::Builtin => None,
        }
    }
}

/// How the title and messages name the set: `built-in cards` or `cards from <folder>`.
impl fmt::Display for CardSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardSource::Dir(d) => write!(f, "cards from {}", d.display()),
            CardSource::Builtin => write!(f, "built-in cards"),
        }
    }
}

/// The shipped card files, built into the binary by `build.rs`.
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_cards.rs"));
}

/// Where the loader reads card files from: a folder, or the set built into the binary.
#[derive(Clone, Copy)]
pub(crate) enum Reader<'a> {
    Dir(&'a Path),
    Builtin,
    /// The guided first run's own small set (`cards/lesson/`), built into the binary.
    Lesson,
    /// A source with some files' texts replaced (path relative to the root, text): the
    /// desk checks a card being edited, and a rename with its references, as the loader
    /// would, before anything is saved.
    Patched {
        base: &'a CardSource,
        patches: &'a [(String, String)],
    },
}

impl<'a> Reader<'a> {
    /// The reader for a card source.
    pub(crate) fn of(source: &'a CardSource) -> Reader<'a> {
        match source {
            CardSource::Dir(dir) => Reader::Dir(dir),
            CardSource::Builtin => Reader::Builtin,
        }
    }

    /// The text of one file, by its path relative to the set's root.
    pub(crate) fn read(self, rel: &str) -> std::io::Result<String> {
        match self {
            Reader::Dir(dir) => std::fs::read_to_string(dir.join(rel)),
            Reader::Builtin | Reader::Lesson => self
                .files()
                .iter()
                .find(|(f, _)| *f == rel)
                .map(|(_, text)| (*text).to_string())
                .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound)),
            Reader::Patched { base, patches } => match patches.iter().find(|(r, _)| r == rel) {
                Some((_, text)) => Ok(text.clone()),
                None => Reader::of(base).read(rel),
            },
        }
    }

    /// The `*.json` names in `domains/`, sorted; `None` when there is no such folder.
    pub(crate) fn domain_names(self) -> Option<Vec<String>> {
        let mut names: Vec<String> = match self {
            Reader::Dir(dir) => std::fs::read_dir(dir.join("domains"))
                .ok()?
                .filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".json"))
                .collect(),
            Reader::Builtin | Reader::Lesson => self
                .files()
                .iter()
                .filter_map(|(f, _)| f.strip_prefix("domains/"))
                .map(str::to_string)
                .collect(),
            Reader::Patched { base, .. } => return Reader::of(base).domain_names(),
        };
        names.sort();
        Some(names)
    }

    /// How a file is named in a message.
    pub(crate) fn display(self, rel: &str) -> String {
        match self {
            Reader::Dir(dir) => dir.join(rel).display().to_string(),
            Reader::Builtin => format!("{rel} (built-in cards)"),
            Reader::Lesson => format!("{rel} (the lesson's cards)"),
            Reader::Patched { base, .. } => Reader::of(base).display(rel),
        }
    }

    /// The embedded files of a built-in set (none for a folder).
    fn files(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Reader::Dir(_) | Reader::Patched { .. } => &[],
            Reader::Builtin => embedded::FILES,
            Reader::Lesson => embedded::LESSON_FILES,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_wins_and_the_label_names_the_folder() {
        let s = CardSource::resolve(Some(Path::new("/tmp/my-cards")));
        assert_eq!(s, CardSource::Dir(PathBuf::from("/tmp/my-cards")));
        assert_eq!(s.to_string(), "cards from /tmp/my-cards");
        assert_eq!(CardSource::Builtin.to_string(), "built-in cards");
    }

    #[test]
    fn the_builtin_set_loads_the_same_as_the_folder() {
        let (built, _) = super::super::load::load_source(&CardSource::Builtin).unwrap();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(LOCAL_DIR);
        let (disk, _) = super::super::load::load_dir(&dir).unwrap();
        assert_eq!(built.domains.len(), 9);
        assert_eq!(built.cards.len(), disk.cards.len());
        assert_eq!(built.cards.len(), 162);
    }
}
