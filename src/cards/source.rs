//! What was read from a cards directory: each file's text positions ([`Source`]), the
//! files that parsed ([`Parsed`]) and everything together ([`Loaded`]). The loader fills
//! these in; the checks read them.

use super::locate::{Locator, Pos, join};
use super::model::{DomainFile, GuardianFile, MapFile, StationCard, TravellerFile};
use super::report::Problem;

/// The kinds of card file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FileKind {
    Map,
    Traveller,
    Guardian,
    Domain,
}

/// One file's text, where it came from, and where each of its values is.
pub(crate) struct Source {
    /// Relative to the cards directory, with `/` separators.
    pub file: String,
    pub kind: FileKind,
    pub loc: Locator,
}

impl Source {
    /// The card a field path belongs to: the Station card of `stations[N]`, the Domain of
    /// `domains[N]` in the map, else the file's own card.
    pub fn card_for(&self, path: &str) -> Option<String> {
        let element = |list: &str| {
            let rest = path.strip_prefix(list)?.strip_prefix('[')?;
            let end = rest.find(']')?;
            Some(format!("{list}[{}]", &rest[..end]))
        };
        match self.kind {
            FileKind::Map => {
                let d = element("domains")?;
                self.loc.string(&join(&d, "id")).map(str::to_string)
            }
            FileKind::Domain => match element("stations") {
                Some(s) => self.loc.string(&join(&s, "id")).map(str::to_string),
                None => self.loc.string("id").map(str::to_string),
            },
            FileKind::Traveller | FileKind::Guardian => self.loc.string("id").map(str::to_string),
        }
    }

    /// A problem about `path` in this file, located at that field (or its card).
    pub fn problem(&self, path: &str, message: impl Into<String>) -> Problem {
        self.problem_at(path, self.loc.locate(path), message)
    }

    /// A problem about `path` at a given position.
    pub fn problem_at(&self, path: &str, pos: Option<Pos>, message: impl Into<String>) -> Problem {
        Problem {
            file: self.file.clone(),
            line: pos.map(|p| p.line),
            column: pos.map(|p| p.column),
            card: self.card_for(path),
            path: (!path.is_empty()).then(|| path.to_string()),
            message: message.into(),
        }
    }
}

/// A file that parsed.
pub(crate) struct Parsed<T> {
    pub src: Source,
    pub value: T,
    /// Indices (in the file) of Station cards that did not parse and were left out of
    /// `value`; their errors are reported. Empty for the other kinds of file.
    pub dropped: Vec<usize>,
}

impl Parsed<DomainFile> {
    /// Each Station card that parsed with its index in the file (`stations[N]`), which
    /// differs from its index in `value.stations` after a card that did not parse.
    pub fn stations(&self) -> impl Iterator<Item = (usize, &StationCard)> {
        let mut at = 0;
        self.value.stations.iter().map(move |card| {
            while self.dropped.contains(&at) {
                at += 1;
            }
            at += 1;
            (at - 1, card)
        })
    }
}

/// Everything read from a cards directory that parsed.
pub(crate) struct Loaded {
    pub map: Option<Parsed<MapFile>>,
    pub traveller: Option<Parsed<TravellerFile>>,
    pub guardian: Option<Parsed<GuardianFile>>,
    /// Domain files that parsed, with the index of their entry in the map (`None` when
    /// the map itself did not parse and the files were found by listing `domains/`).
    pub domains: Vec<(Option<usize>, Parsed<DomainFile>)>,
    /// Domain files that did not parse (what could be read of them is in the locator).
    pub failed_domains: Vec<Source>,
    /// Some Domain file named by the map could not be read at all.
    pub missing_domains: bool,
    /// The designer's phrasebook (`phrasebook.json`), when the folder keeps one.
    pub phrasebook: Option<super::phrasebook::Phrasebook>,
}
