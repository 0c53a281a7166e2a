//! Reading `cards/` from disk into a [`CardSet`], with every problem reported.
//!
//! Every file is parsed (a broken file does not stop the others); each parse error gets
//! the file, line, column, field path and card id, in plain words. Then the semantic
//! checks of [`super::validate`] run over everything that parsed, and only a set without
//! errors is built into a [`CardSet`].

use super::locate::{Locator, Pos, Shape, join};
use super::messages;
use super::model::{DomainFile, GuardianFile, MapFile, StationCard, StationType, TravellerFile};
use super::origin::{CardSource, Reader};
use super::phrasebook::{PHRASEBOOK, Phrasebook};
use super::report::{Problem, Report};
use super::set::{CardFiles, CardSet};
use super::source::{FileKind, Loaded, Parsed, Source};
use super::tolerant;
use super::{lint, stats, validate};
use serde::de::DeserializeOwned;
use std::path::{Component, Path};

/// Loads and checks a cards directory. `Ok` only when there are no errors (warnings are
/// returned alongside); `Err` carries the full report.
pub fn load_dir(dir: &Path) -> Result<(CardSet, Report), Report> {
    load_from(Reader::Dir(dir))
}

/// Loads and checks a card source: a directory, or the set built into the binary.
pub fn load_source(source: &CardSource) -> Result<(CardSet, Report), Report> {
    load_from(Reader::of(source))
}

/// The guided first run's own small set (`cards/lesson/`), built into the binary.
pub fn load_lesson() -> Result<(CardSet, Report), Report> {
    load_from(Reader::Lesson)
}

/// Loads and checks `source` with the file `rel` read as `text` instead (the desk's check
/// of a card being edited: the same checks, the same messages, before anything is saved).
pub fn load_patched(
    source: &CardSource,
    rel: &str,
    text: &str,
) -> Result<(CardSet, Report), Report> {
    load_patches(source, &[(rel.to_string(), text.to_string())])
}

/// Loads `source` with several files' texts replaced (`(path, text)` pairs): a rename
/// checked with every reference that follows it.
pub fn load_patches(
    source: &CardSource,
    patches: &[(String, String)],
) -> Result<(CardSet, Report), Report> {
    load_from(Reader::Patched {
        base: source,
        patches,
    })
}

fn load_from(reader: Reader) -> Result<(CardSet, Report), Report> {
    let mut report = Report::default();
    for t in StationType::ALL {
        report.by_type.insert(t.as_str().to_string(), 0);
    }
    if let Reader::Dir(dir) = reader
        && !dir.is_dir()
    {
        let message = if dir.exists() {
            format!("`{}` is not a directory", dir.display())
        } else {
            format!("cards directory `{}` not found", dir.display())
        };
        report.errors.push(Problem {
            file: dir.display().to_string(),
            line: None,
            column: None,
            card: None,
            path: None,
            message,
        });
        return Err(report);
    }

    let mut errors = Vec::new();
    let dir = reader;
    let map =
        read_and_parse::<MapFile>(dir, "map.json", FileKind::Map, &mut errors).and_then(Result::ok);
    let traveller =
        read_and_parse::<TravellerFile>(dir, "traveller.json", FileKind::Traveller, &mut errors)
            .and_then(Result::ok);
    let guardian =
        read_and_parse::<GuardianFile>(dir, "guardian.json", FileKind::Guardian, &mut errors)
            .and_then(Result::ok);
    let mut read = DomainFiles::default();
    match &map {
        Some(map) => {
            domains_of_map(dir, map, &mut read, &mut errors);
            report.warnings.extend(unlisted_domains(dir, map));
        }
        None => domains_by_listing(dir, &mut read, &mut errors),
    }
    let phrasebook = read_phrasebook(dir, &mut errors);
    let loaded = Loaded {
        map,
        traveller,
        guardian,
        domains: read.domains,
        failed_domains: read.failed,
        missing_domains: read.missing,
        phrasebook,
    };
    check_and_build(loaded, errors, report)
}

/// The designer's phrasebook beside the cards, if there is one; a phrasebook that does
/// not read is an error of its file.
fn read_phrasebook(dir: Reader, errors: &mut Vec<Problem>) -> Option<Phrasebook> {
    let text = dir.read(PHRASEBOOK).ok()?;
    match Phrasebook::parse(&text) {
        Ok(book) => Some(book),
        Err(message) => {
            errors.push(Problem {
                file: PHRASEBOOK.to_string(),
                line: None,
                column: None,
                card: None,
                path: None,
                message: format!("the designer's phrasebook does not read: {message}"),
            });
            None
        }
    }
}

/// Checks and builds a card set from files already parsed (what a save carries), with the
/// same checks as [`load_dir`]. Each file is written out as pretty JSON and read back, so
/// a problem is reported at a line of that text, under the file's name in `cards/`.
pub fn load_files(files: &CardFiles) -> Result<(CardSet, Report), Report> {
    let mut report = Report::default();
    for t in StationType::ALL {
        report.by_type.insert(t.as_str().to_string(), 0);
    }
    let mut errors = Vec::new();
    let map = parse_text::<MapFile>("map.json", FileKind::Map, &text(&files.map), &mut errors).ok();
    let traveller = parse_text::<TravellerFile>(
        "traveller.json",
        FileKind::Traveller,
        &text(&files.traveller),
        &mut errors,
    )
    .ok();
    let guardian = parse_text::<GuardianFile>(
        "guardian.json",
        FileKind::Guardian,
        &text(&files.guardian),
        &mut errors,
    )
    .ok();
    let mut read = DomainFiles::default();
    for (i, d) in files.domains.iter().enumerate() {
        let rel = files
            .map
            .domains
            .get(i)
            .map_or_else(|| format!("domains/{i}.json"), |e| e.file.clone());
        match parse_text::<DomainFile>(&rel, FileKind::Domain, &text(d), &mut errors) {
            Ok(parsed) => read.domains.push((Some(i), parsed)),
            Err(src) => read.failed.push(*src),
        }
    }
    if files.domains.len() != files.map.domains.len() {
        read.missing = true;
        errors.push(Problem {
            file: "map.json".to_string(),
            line: None,
            column: None,
            card: None,
            path: None,
            message: format!(
                "the map names {} Domains but {} Domain files are present",
                files.map.domains.len(),
                files.domains.len()
            ),
        });
    }
    let loaded = Loaded {
        map,
        traveller,
        guardian,
        domains: read.domains,
        failed_domains: read.failed,
        missing_domains: read.missing,
        phrasebook: None,
    };
    check_and_build(loaded, errors, report)
}

/// Pretty JSON of a card file.
fn text<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// The semantic checks, then the build, of everything that parsed.
fn check_and_build(
    loaded: Loaded,
    mut errors: Vec<Problem>,
    mut report: Report,
) -> Result<(CardSet, Report), Report> {
    let mut warnings = std::mem::take(&mut report.warnings);
    validate::check(&loaded, &mut errors, &mut warnings);
    lint::check(&loaded, &mut warnings);
    report.decks = stats::decks(&loaded);

    report.domains = loaded.domains.len();
    for (_, d) in &loaded.domains {
        report.stations += d.value.stations.len();
        for card in &d.value.stations {
            *report
                .by_type
                .entry(card.card_type.as_str().to_string())
                .or_insert(0) += 1;
        }
    }
    let order = file_order(&loaded);
    sort_problems(&mut errors, &order);
    sort_problems(&mut warnings, &order);
    report.errors = errors;
    report.warnings = warnings;

    if !report.errors.is_empty() {
        return Err(report);
    }
    match build(loaded) {
        Ok(set) => {
            if let Some(message) = super::puzzle::unplannable(&set) {
                report.warnings.push(Problem {
                    file: "guardian.json".to_string(),
                    line: None,
                    column: None,
                    card: None,
                    path: None,
                    message,
                });
            }
            Ok((set, report))
        }
        Err(problem) => {
            report.errors.push(*problem);
            Err(report)
        }
    }
}

/// Builds the set from files that checked clean.
fn build(loaded: Loaded) -> Result<CardSet, Box<Problem>> {
    let unexpected = |message: String| {
        Box::new(Problem {
            file: "map.json".to_string(),
            line: None,
            column: None,
            card: None,
            path: None,
            message,
        })
    };
    let (Some(map), Some(traveller), Some(guardian)) =
        (loaded.map, loaded.traveller, loaded.guardian)
    else {
        return Err(unexpected("the card set is incomplete".to_string()));
    };
    let mut domains = loaded.domains;
    domains.sort_by_key(|(i, _)| *i);
    if domains.len() != map.value.domains.len() {
        return Err(unexpected(
            "not every domain file could be read".to_string(),
        ));
    }
    let files = domains.into_iter().map(|(_, d)| d.value).collect();
    CardSet::build(&map.value, traveller.value, guardian.value, files)
        .map_err(|e| unexpected(e.to_string()))
}

/// Files in the order problems are listed: map, traveller, Guardian, then the Domains.
fn file_order(loaded: &Loaded) -> Vec<String> {
    let mut order: Vec<String> = ["map.json", "traveller.json", "guardian.json"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    if let Some(map) = &loaded.map {
        order.extend(map.value.domains.iter().map(|d| d.file.clone()));
    }
    order.extend(loaded.domains.iter().map(|(_, d)| d.src.file.clone()));
    order
}

/// Stable sort by file (in `order`), then line and column.
fn sort_problems(problems: &mut [Problem], order: &[String]) {
    problems.sort_by_key(|p| {
        let rank = order
            .iter()
            .position(|f| *f == p.file)
            .unwrap_or(order.len());
        (rank, p.line.unwrap_or(0), p.column.unwrap_or(0))
    });
}

/// The Domain files read so far.
#[derive(Default)]
struct DomainFiles {
    domains: Vec<(Option<usize>, Parsed<DomainFile>)>,
    failed: Vec<Source>,
    missing: bool,
}

/// Reads and parses the Domain files the map names, in map order.
fn domains_of_map(
    dir: Reader,
    map: &Parsed<MapFile>,
    out: &mut DomainFiles,
    errors: &mut Vec<Problem>,
) {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for (i, entry) in map.value.domains.iter().enumerate() {
        let path = format!("domains[{i}].file");
        let rel = entry.file.as_str();
        if rel.trim().is_empty() {
            out.missing = true;
            errors.push(map.src.problem(
                &path,
                "`file` is empty; name the Domain file, like \"domains/termina.json\"",
            ));
            continue;
        }
        let inside = Path::new(rel)
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
        if !inside {
            out.missing = true;
            errors.push(map.src.problem(
                &path,
                format!("domain file `{rel}` must be a path inside the cards directory, like \"domains/termina.json\""),
            ));
            continue;
        }
        if let Some((_, other)) = seen.iter().find(|(f, _)| *f == rel) {
            out.missing = true;
            errors.push(map.src.problem(
                &path,
                format!("domain file `{rel}` is already used by domain `{other}`"),
            ));
            continue;
        }
        seen.push((rel, entry.id.0.as_str()));
        let full = dir.display(rel);
        match dir.read(rel) {
            Ok(text) => match parse_text::<DomainFile>(rel, FileKind::Domain, &text, errors) {
                Ok(parsed) => out.domains.push((Some(i), parsed)),
                Err(src) => out.failed.push(*src),
            },
            Err(e) => {
                out.missing = true;
                errors.push(map.src.problem(
                    &path,
                    format!(
                        "cannot read domain file `{rel}` of domain `{}`: {} (looked for `{}`)",
                        entry.id,
                        io_words(&e),
                        full
                    ),
                ))
            }
        }
    }
}

/// A warning for each `domains/*.json` the map does not list: the game never reads it.
fn unlisted_domains(dir: Reader, map: &Parsed<MapFile>) -> Vec<Problem> {
    let Some(names) = dir.domain_names() else {
        return Vec::new();
    };
    let listed: Vec<&str> = map.value.domains.iter().map(|d| d.file.as_str()).collect();
    names
        .into_iter()
        .map(|n| format!("domains/{n}"))
        .filter(|rel| !listed.iter().any(|l| Path::new(l) == Path::new(rel)))
        .map(|rel| Problem {
            file: rel.clone(),
            line: None,
            column: None,
            card: None,
            path: None,
            message: format!(
                "`{rel}` is not on the map, so the game never reads it: add it to `domains` in map.json, or move it out of `domains/`"
            ),
        })
        .collect()
}

/// Without a readable map, still check every `domains/*.json`.
fn domains_by_listing(dir: Reader, out: &mut DomainFiles, errors: &mut Vec<Problem>) {
    out.missing = true;
    let Some(names) = dir.domain_names() else {
        return;
    };
    for n in names {
        let rel = format!("domains/{n}");
        match read_and_parse::<DomainFile>(dir, &rel, FileKind::Domain, errors) {
            Some(Ok(parsed)) => out.domains.push((None, parsed)),
            Some(Err(src)) => out.failed.push(*src),
            None => {}
        }
    }
}

fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "file not found".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::InvalidData => "the file is not UTF-8 text".to_string(),
        _ => e.to_string(),
    }
}

/// Reads one file of the directory and parses it; a problem is pushed when either fails.
/// `None` when the file could not be read, `Some(Err)` when it did not parse.
fn read_and_parse<T: CardFile + schemars::JsonSchema + 'static>(
    dir: Reader,
    rel: &str,
    kind: FileKind,
    errors: &mut Vec<Problem>,
) -> Option<Result<Parsed<T>, Box<Source>>> {
    match dir.read(rel) {
        Ok(text) => Some(parse_text(rel, kind, &text, errors)),
        Err(e) => {
            errors.push(Problem {
                file: rel.to_string(),
                line: None,
                column: None,
                card: None,
                path: None,
                message: format!("cannot read `{}`: {}", dir.display(rel), io_words(&e)),
            });
            None
        }
    }
}

/// A kind of card file, and how much of a broken one can still be read.
pub(crate) trait CardFile: DeserializeOwned + Sized {
    /// After a data error in a file that is valid JSON: read it again piece by piece,
    /// returning every problem found and, when enough of it parsed, the file without the
    /// pieces that did not (with their indices). `None`: the file has no pieces.
    fn recover(_src: &Source, _text: &str) -> Option<Recovered<Self>> {
        None
    }
}

/// What a piece-by-piece read of a broken file found.
pub(crate) struct Recovered<T> {
    pub problems: Vec<Problem>,
    /// The file without its broken pieces, and the indices of those pieces.
    pub value: Option<(T, Vec<usize>)>,
    /// For a file that is not valid JSON: the positions of the pieces read on their own.
    pub loc: Option<Locator>,
}

impl CardFile for MapFile {}
impl CardFile for TravellerFile {}
impl CardFile for GuardianFile {}

impl CardFile for DomainFile {
    /// Each Station card is read on its own, then the rest of the file without them, so
    /// that a mistake in one card does not hide the mistakes in the others.
    fn recover(src: &Source, text: &str) -> Option<Recovered<DomainFile>> {
        if src.loc.failure.is_some() {
            return recover_broken(src, text);
        }
        let list = src.loc.span("stations")?;
        let mut problems = Vec::new();
        let mut cards = Vec::new();
        let mut dropped = Vec::new();
        for i in 0.. {
            let path = format!("stations[{i}]");
            let Some(span) = src.loc.span(&path) else {
                break;
            };
            match deserialize::<StationCard>(src, text, &blank_outside(text, &span), &path) {
                Ok(card) => cards.push(card),
                Err(p) => {
                    problems.push(*p);
                    dropped.push(i);
                }
            }
        }
        // The list emptied in place: lines and columns of the other fields stay true.
        let inside = text.get(list.start + 2..list.end)?;
        let header = format!(
            "{}[]{}{}",
            &text[..list.start],
            blank_outside(inside, &(0..0)),
            &text[list.end..]
        );
        let value = match deserialize::<DomainFile>(src, text, &header, "") {
            Ok(mut file) => {
                file.stations = cards;
                Some((file, dropped))
            }
            Err(p) => {
                problems.push(*p);
                None
            }
        };
        Some(Recovered {
            problems,
            value,
            loc: None,
        })
    }
}

/// A Domain file that is not valid JSON, read as far as it can be: its cards are found by
/// their brackets ([`tolerant::list`]) and each is read on its own, then the rest of the
/// file with the list emptied in place. The syntax error itself is the caller's to report.
fn recover_broken(src: &Source, text: &str) -> Option<Recovered<DomainFile>> {
    let list = tolerant::list(text, "stations")?;
    // The list's insides blanked (lines and columns of the rest stay true).
    let header = match list.close {
        Some(close) => format!(
            "{}{}{}",
            &text[..=list.open],
            blank_outside(&text[list.open + 1..close], &(0..0)),
            &text[close..]
        ),
        None => format!(
            "{}{}]",
            &text[..=list.open],
            blank_outside(&text[list.open + 1..], &(0..0))
        ),
    };
    let mut read = Source {
        file: src.file.clone(),
        kind: src.kind,
        loc: Locator::scan(&header),
    };
    let head_failure = read.loc.failure.take();
    let mut problems = Vec::new();
    let mut cards = Vec::new();
    let mut dropped = Vec::new();
    for (i, span) in list.items.iter().enumerate() {
        let path = format!("stations[{i}]");
        let alone = blank_outside(text, span);
        let part = Locator::scan(&alone);
        read.loc.failure = part.failure.clone();
        read.loc.graft(&path, part);
        match deserialize::<StationCard>(&read, text, &alone, &path) {
            Ok(card) => cards.push(card),
            Err(p) => {
                problems.push(*p);
                dropped.push(i);
            }
        }
    }
    read.loc.failure = head_failure;
    let value = match deserialize::<DomainFile>(&read, text, &header, "") {
        Ok(mut file) => {
            file.stations = cards;
            Some((file, dropped))
        }
        Err(p) => {
            problems.push(*p);
            None
        }
    };
    read.loc.failure = None;
    Some(Recovered {
        problems,
        value,
        loc: Some(read.loc),
    })
}

/// `text` with everything outside `keep` turned to spaces (line breaks kept), so that
/// serde reads only that part and still reports lines and columns of the whole text.
fn blank_outside(text: &str, keep: &std::ops::Range<usize>) -> String {
    text.char_indices()
        .map(|(i, c)| {
            if keep.contains(&i) || c == '\n' {
                c.to_string()
            } else {
                " ".repeat(c.len_utf8())
            }
        })
        .collect()
}

/// Deserializes `read` (the file's `text`, or part of it blanked by [`blank_outside`])
/// as the value at `at`, turning the first error into a problem in plain words.
fn deserialize<T: DeserializeOwned>(
    src: &Source,
    text: &str,
    read: &str,
    at: &str,
) -> Result<T, Box<Problem>> {
    let mut de = serde_json::Deserializer::from_str(read);
    let result: Result<T, _> = serde_path_to_error::deserialize(&mut de);
    let prefix = |path: Option<String>| {
        path.map(|p| match p.as_str() {
            "" => at.to_string(),
            _ if at.is_empty() => p,
            _ if p.starts_with('[') => format!("{at}{p}"),
            _ => format!("{at}.{p}"),
        })
    };
    match result.map_err(|e| (prefix(path_string(e.path())), e.into_inner())) {
        Ok(value) => match de.end() {
            Ok(()) => Ok(value),
            Err(e) => Err(Box::new(syntax_problem(src, text, None, &e))),
        },
        Err((path, e)) => Err(Box::new(match e.classify() {
            serde_json::error::Category::Data => data_problem(src, text, path, &e),
            _ if src.loc.failure.is_none() => shape_problem(src, text, path, &e),
            _ => syntax_problem(src, text, path, &e),
        })),
    }
}

/// Parses one file's text, pushing every parse error found in plain words (all of them
/// where the file can be read piece by piece, see [`CardFile::recover`]). On failure the
/// file's [`Source`] is returned, for what can still be read of it.
pub(crate) fn parse_text<T: CardFile + schemars::JsonSchema + 'static>(
    file: &str,
    kind: FileKind,
    text: &str,
    errors: &mut Vec<Problem>,
) -> Result<Parsed<T>, Box<Source>> {
    // Editors on some systems start files with a byte-order mark; JSON does not allow it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let src = Source {
        file: file.to_string(),
        kind,
        loc: Locator::scan(text),
    };
    // A structure written as an array of its fields would be read (or refused in serde's
    // words): refuse it first, in ours.
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(text)
        && let Some(found) = super::shape::find::<T>(&value)
    {
        let pos = src.loc.value(&found.path);
        errors.push(src.problem_at(&found.path, pos, found.message()));
        return Err(Box::new(src));
    }
    let problem = match deserialize::<T>(&src, text, text, "") {
        Ok(value) => {
            return Ok(Parsed {
                src,
                value,
                dropped: Vec::new(),
            });
        }
        Err(p) => p,
    };
    let broken = src.loc.failure.is_some();
    match T::recover(&src, text) {
        Some(Recovered {
            mut problems,
            value,
            loc,
        }) if broken => {
            // The syntax error once, then whatever else the pieces show.
            problems.retain(|p| (p.line, p.column) != (problem.line, problem.column));
            errors.push(*problem);
            errors.extend(problems);
            let mut src = src;
            if let Some(mut loc) = loc {
                loc.failure = src.loc.failure.take();
                loc.loose_ids = std::mem::take(&mut src.loc.loose_ids);
                src.loc = loc;
            }
            match value {
                Some((value, dropped)) => Ok(Parsed {
                    src,
                    value,
                    dropped,
                }),
                None => Err(Box::new(src)),
            }
        }
        Some(Recovered {
            problems, value, ..
        }) if !problems.is_empty() => {
            errors.extend(problems);
            match value {
                Some((value, dropped)) => Ok(Parsed {
                    src,
                    value,
                    dropped,
                }),
                None => Err(Box::new(src)),
            }
        }
        _ => {
            errors.push(*problem);
            Err(Box::new(src))
        }
    }
}

/// `serde_path_to_error`'s path in our spelling (`stations[3].faces[2].deal`); `None`
/// when it is unknown (serde lost track at a syntax error).
fn path_string(path: &serde_path_to_error::Path) -> Option<String> {
    use serde_path_to_error::Segment;
    let mut out = String::new();
    for segment in path {
        match segment {
            Segment::Seq { index } => out.push_str(&format!("[{index}]")),
            Segment::Map { key } => out = join(&out, key),
            Segment::Enum { variant } => out = join(&out, variant),
            Segment::Unknown => return None,
        }
    }
    Some(out)
}

/// serde_json's message without its " at line L column C" suffix.
fn bare_message(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    full.strip_suffix(&suffix).unwrap_or(&full).to_string()
}

/// serde_json's position (byte column) as a character column, at least 1.
fn serde_pos(text: &str, e: &serde_json::Error) -> Option<Pos> {
    if e.line() == 0 {
        return None;
    }
    let line_text = text.split('\n').nth(e.line() - 1).unwrap_or("");
    let byte_col = e.column().saturating_sub(1);
    let column = line_text
        .char_indices()
        .take_while(|(i, _)| *i < byte_col)
        .count()
        + 1;
    Some(Pos {
        line: e.line(),
        column,
    })
}

fn data_problem(src: &Source, text: &str, path: Option<String>, e: &serde_json::Error) -> Problem {
    let raw = bare_message(e);
    let path = path.unwrap_or_default();
    let message = messages::rewrite(&raw, &path);
    let word = messages::backticked(&raw)
        .into_iter()
        .next()
        .unwrap_or_default();
    let (report_path, pos) = if raw.starts_with("unknown variant") {
        // `{"heall": 3}` is located at its key, `"fo"` at the value.
        let pos = src
            .loc
            .key_or_value(&join(&path, &word))
            .or_else(|| src.loc.value(&path));
        (path.clone(), pos)
    } else if raw.starts_with("unknown field") {
        // serde's path ends at the unknown key; a dice amount's own message names it.
        let pos = src
            .loc
            .key_or_value(&join(&path, &word))
            .or_else(|| src.loc.key_or_value(&path));
        (path.clone(), pos)
    } else if raw.starts_with("missing field") {
        (join(&path, &word), src.loc.locate(&path))
    } else if raw.starts_with("duplicate field") {
        let field = join(&path, &word);
        let pos = src.loc.duplicate(&field);
        (field, pos)
    } else {
        (path.clone(), src.loc.value(&path))
    };
    src.problem_at(&report_path, pos.or_else(|| serde_pos(text, e)), message)
}

/// serde said "syntax" but the text is valid JSON: an enum written in the wrong shape
/// (`5` or `{"heal": 1, "dread": 1}` where one effect was expected).
fn shape_problem(src: &Source, text: &str, path: Option<String>, e: &serde_json::Error) -> Problem {
    let path = path.unwrap_or_default();
    let pos = src.loc.value(&path).or_else(|| serde_pos(text, e));
    let message = match (messages::example_for(&path), src.loc.shape(&path)) {
        (Some((kind, example)), Some(Shape::Object(n))) if n != 1 => format!(
            "{} is an object with exactly one key, like {example}; this one has {n}: write each {kind} separately",
            messages::a_an(kind)
        ),
        (Some((kind, example)), _) => format!(
            "wrong type of value: expected {}, written like {example}",
            messages::a_an(kind)
        ),
        (None, _) => format!("wrong type of value: {}", bare_message(e)),
    };
    src.problem_at(&path, pos, message)
}

fn syntax_problem(
    src: &Source,
    text: &str,
    path: Option<String>,
    e: &serde_json::Error,
) -> Problem {
    let path = path
        .filter(|p| !p.is_empty())
        .or_else(|| src.loc.failure.as_ref().map(|(_, p)| p.clone()))
        .unwrap_or_default();
    let pos = serde_pos(text, e).or_else(|| src.loc.failure.as_ref().map(|(p, _)| *p));
    let message = match pos.and_then(|p| comment_at(text, p)) {
        Some(mark) => messages::comment(mark),
        None => messages::syntax(&bare_message(e)),
    };
    src.problem_at(&path, pos, message)
}

/// The comment mark (`//` or `/*`) at or just before `pos`, where serde stopped.
fn comment_at(text: &str, pos: Pos) -> Option<&'static str> {
    let line = text.split('\n').nth(pos.line.checked_sub(1)?)?;
    let from = |col: usize| -> String { line.chars().skip(col).take(2).collect() };
    let near = [
        from(pos.column.saturating_sub(1)),
        from(pos.column.saturating_sub(2)),
    ];
    ["//", "/*"]
        .into_iter()
        .find(|mark| near.iter().any(|s| s == mark))
}
