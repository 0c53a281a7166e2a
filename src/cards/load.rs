//! Reading `cards/` from disk into a [`CardSet`], with every problem reported.
//!
//! Every file is parsed (a broken file does not stop the others); each parse error gets
//! the file, line, column, field path and card id, in plain words. Then the semantic
//! checks of [`super::validate`] run over everything that parsed, and only a set without
//! errors is built into a [`CardSet`].

use super::CardSource;
use super::embedded;
use super::locate::{Locator, Pos, Shape, join};
use super::messages;
use super::model::{DomainFile, GuardianFile, MapFile, StationType, TravellerFile};
use super::set::{CardFiles, CardSet};
use super::validate::{self, Problem, Report};
use serde::de::DeserializeOwned;
use std::path::{Component, Path};

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
}

/// Loads and checks a cards directory. `Ok` only when there are no errors (warnings are
/// returned alongside); `Err` carries the full report.
pub fn load_dir(dir: &Path) -> Result<(CardSet, Report), Report> {
    load_from(Reader::Dir(dir))
}

/// Loads and checks a card source: a directory, or the set built into the binary.
pub fn load_source(source: &CardSource) -> Result<(CardSet, Report), Report> {
    match source {
        CardSource::Dir(dir) => load_from(Reader::Dir(dir)),
        CardSource::Builtin => load_from(Reader::Builtin),
    }
}

/// Where the card files are read from.
#[derive(Clone, Copy)]
enum Reader<'a> {
    Dir(&'a Path),
    Builtin,
}

impl Reader<'_> {
    fn read(self, rel: &str) -> std::io::Result<String> {
        match self {
            Reader::Dir(dir) => std::fs::read_to_string(dir.join(rel)),
            Reader::Builtin => embedded::FILES
                .iter()
                .find(|(f, _)| *f == rel)
                .map(|(_, text)| (*text).to_string())
                .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound)),
        }
    }

    /// The `*.json` names in `domains/`, sorted; `None` when there is no such folder.
    fn domain_names(self) -> Option<Vec<String>> {
        let mut names: Vec<String> = match self {
            Reader::Dir(dir) => std::fs::read_dir(dir.join("domains"))
                .ok()?
                .filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".json"))
                .collect(),
            Reader::Builtin => embedded::FILES
                .iter()
                .filter_map(|(f, _)| f.strip_prefix("domains/"))
                .map(str::to_string)
                .collect(),
        };
        names.sort();
        Some(names)
    }

    /// How a file is named in a message.
    fn display(self, rel: &str) -> String {
        match self {
            Reader::Dir(dir) => dir.join(rel).display().to_string(),
            Reader::Builtin => format!("{rel} (built-in cards)"),
        }
    }
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
        Some(map) => domains_of_map(dir, map, &mut read, &mut errors),
        None => domains_by_listing(dir, &mut read, &mut errors),
    }
    let loaded = Loaded {
        map,
        traveller,
        guardian,
        domains: read.domains,
        failed_domains: read.failed,
        missing_domains: read.missing,
    };
    check_and_build(loaded, errors, report)
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
    let mut warnings = Vec::new();
    validate::check(&loaded, &mut errors, &mut warnings);

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
        Ok(set) => Ok((set, report)),
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
fn read_and_parse<T: DeserializeOwned>(
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

/// Parses one file's text, pushing its (first) parse error in plain words. On failure
/// the file's [`Source`] is returned, for what can still be read of it.
pub(crate) fn parse_text<T: DeserializeOwned>(
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
    let mut de = serde_json::Deserializer::from_str(text);
    let result: Result<T, _> = serde_path_to_error::deserialize(&mut de);
    match result.map_err(|e| (path_string(e.path()), e.into_inner())) {
        Ok(value) => match de.end() {
            Ok(()) => Ok(Parsed { src, value }),
            Err(e) => {
                errors.push(syntax_problem(&src, text, None, &e));
                Err(Box::new(src))
            }
        },
        Err((path, e)) => {
            let problem = match e.classify() {
                serde_json::error::Category::Data => data_problem(&src, text, path, &e),
                _ if src.loc.failure.is_none() => shape_problem(&src, text, path, &e),
                _ => syntax_problem(&src, text, path, &e),
            };
            errors.push(problem);
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
    src.problem_at(&path, pos, messages::syntax(&bare_message(e)))
}
