//! The designer's own spreadsheet (see `PROTOTYPE-CSV.md` in the design notes): columns
//! `Title, Associated_Location, Card Number, Flavor_Text, Image_Source_Idea, Rules_Text,
//! Type`, rules cells in a keyword notation (`FIGHT: 5 HP`, `CHOOSE:`, `USE:`...).
//!
//! Every row whose rules cell reads becomes a card with its effects, faces and numbers.
//! A row that does not read is still imported, as a quiet Caesura carrying its text, and
//! reported with its card number, title and the first line that could not be read.
//! Locations are matched to the prototype's nine Domains despite small spelling
//! differences, and the map is the prototype's diamond.

mod cells;
pub mod export;
mod guardian;
pub mod kept;
mod meaning;
pub mod readback;
mod refs;

pub(super) use cells::put;
use cells::{Cx, parts, prose, split_rules, station_body};
use refs::{Kind, Titles};

use super::build::{assemble, untitled};
use super::notation::{self, Ctx, Reader, normalise};
use super::{Attention, Files, ImportSummary};
use crate::cards::phrasebook::Phrasebook;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// The prototype's diamond: id, full name, row, column, links.
pub(super) const DIAMOND: &[(&str, &str, u8, u8, &[&str])] = &[
    (
        "termina",
        "Home Village Termina",
        1,
        0,
        &["forgotten_shrine", "valthria"],
    ),
    (
        "forgotten_shrine",
        "Forgotten Shrine",
        2,
        0,
        &["valthria", "spiremaze", "sirocco_wastes"],
    ),
    (
        "valthria",
        "Bannered City Valthria",
        2,
        1,
        &["forgotten_shrine", "sirocco_wastes", "darkwood_brume"],
    ),
    (
        "spiremaze",
        "The Caelith Spiremaze",
        3,
        0,
        &["sirocco_wastes", "amara_rot_glade"],
    ),
    (
        "sirocco_wastes",
        "Sirocco Wastes",
        3,
        1,
        &[
            "spiremaze",
            "darkwood_brume",
            "amara_rot_glade",
            "frozen_gaol",
        ],
    ),
    (
        "darkwood_brume",
        "Darkwood Brume",
        3,
        2,
        &["sirocco_wastes", "frozen_gaol"],
    ),
    (
        "amara_rot_glade",
        "Amara Rot Glade",
        4,
        0,
        &["frozen_gaol", "nightsea_expanse"],
    ),
    (
        "frozen_gaol",
        "Frozen Gaol",
        4,
        1,
        &["amara_rot_glade", "nightsea_expanse"],
    ),
    ("nightsea_expanse", "The Nightsea Expanse", 5, 0, &[]),
];

/// A Domain's title card and its Station cards, as JSON.
pub(super) type DomainCards = (Map<String, Value>, Vec<Value>);

/// The traveller's Health when the player card does not say.
pub(super) const DEFAULT_HEALTH: i64 = 20;

/// The designer's header, as exported from their notebook.
const HEADER: &[&str] = &[
    "Title",
    "Associated_Location",
    "Card Number",
    "Flavor_Text",
    "Image_Source_Idea",
    "Rules_Text",
    "Type",
];

/// Whether a header row is the designer's layout (every one of its columns is present).
pub fn is_designer_header(header: &[String]) -> bool {
    HEADER.iter().all(|h| header.iter().any(|x| x == h))
}

/// A snake_case id from a title: "The Ferryman's Bell" -> `ferrymans_bell`.
pub fn slug(title: &str) -> String {
    let words: Vec<String> = title
        .to_lowercase()
        .replace(['\'', '’'], "")
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let words: Vec<&str> = match words.first().map(String::as_str) {
        Some("the") if words.len() > 1 => words[1..].iter().map(String::as_str).collect(),
        _ => words.iter().map(String::as_str).collect(),
    };
    words.join("_")
}

pub(super) fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The diamond Domain a location name means, allowing a few letters' difference in the
/// whole name or in one of its distinctive words ("Sirroco Waste", "Caelith Spire Maze").
pub fn match_domain(location: &str) -> Option<usize> {
    let norm = |s: &str| slug(s).replace('_', "");
    let loc = norm(location);
    if loc.is_empty() {
        return None;
    }
    let mut best: Option<(usize, usize)> = None;
    for (i, (_, name, ..)) in DIAMOND.iter().enumerate() {
        let full = levenshtein(&loc, &norm(name));
        let word = name
            .split(' ')
            .filter(|w| w.len() >= 5)
            .flat_map(|w| {
                slug(location)
                    .split('_')
                    .map(|lw| levenshtein(lw, &w.to_lowercase()))
                    .collect::<Vec<_>>()
            })
            .min()
            .unwrap_or(usize::MAX);
        let score = if full <= (loc.len() / 5).max(2) {
            full
        } else if word <= 1 {
            word + 1
        } else {
            continue;
        };
        if best.is_none_or(|(s, _)| score < s) {
            best = Some((score, i));
        }
    }
    best.map(|(_, i)| i)
}

/// One row of the sheet, by the designer's column names.
struct DRow<'a> {
    line: u64,
    title: &'a str,
    location: &'a str,
    number: &'a str,
    flavor: &'a str,
    art: &'a str,
    rules: &'a str,
    kind: &'a str,
}

/// A rules line that could not be read, and why.
struct Unread {
    line: String,
    reason: String,
}

fn unread(line: &str, reason: impl Into<String>) -> Unread {
    Unread {
        line: line.trim().to_string(),
        reason: reason.into(),
    }
}

/// The Forward type of a designer type, or `None` for rows not made into cards.
fn station_type(kind: &str) -> Option<(&'static str, Option<&'static str>)> {
    Some(match normalise(kind).as_str() {
        "caesura" => ("caesura", None),
        "terror" => ("terror", None),
        "rest" => ("rest", None),
        "pit" => ("pit", None),
        "snare" => ("snare", None),
        "blessing" => ("blessing", None),
        "item" => ("item", None),
        "equipment" => ("equipment", None),
        "companion" => ("companion", None),
        "beast" => ("foe", Some("beast")),
        "hollow" => ("foe", Some("hollow")),
        _ => return None,
    })
}

/// A quiet Caesura standing in for a row that could not be read, carrying its text.
fn stand_in(id: &str, r: &DRow, why: &Unread) -> Map<String, Value> {
    let mut c = Map::new();
    c.insert("id".into(), json!(id));
    c.insert("name".into(), json!(r.title.trim()));
    c.insert("type".into(), json!("caesura"));
    c.insert("text".into(), json!(prose(r.rules)));
    if !r.flavor.trim().is_empty() {
        c.insert("flavor".into(), json!(r.flavor.trim()));
    }
    if !r.art.trim().is_empty() {
        c.insert("art_note".into(), json!(r.art.trim()));
    }
    c.insert(
        "guide_notes".into(),
        json!(format!(
            "Imported as a quiet card: `{}` could not be read ({}).",
            why.line, why.reason
        )),
    );
    c
}

/// Builds the cards of the designer's sheet: one Domain file per diamond Domain that has
/// rows, the traveller, the Guardian with the prototype's requirement and seals wired to
/// the pieces the sheet holds, and the diamond map. `book`: the designer's phrasebook.
pub fn import(
    header: &[String],
    records: &[(u64, Vec<String>)],
    book: Option<&Phrasebook>,
) -> (Files, ImportSummary) {
    let idx: Vec<Option<usize>> = HEADER
        .iter()
        .map(|name| header.iter().position(|h| h == name))
        .collect();
    let rows: Vec<DRow> = records
        .iter()
        .map(|(line, cells)| drow(&idx, *line, cells))
        .collect();
    let mut g = Gathered::new(&rows, book);
    for r in &rows {
        g.row(r);
    }
    g.carried_by_seals();
    let mut numbers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for r in &rows {
        if let Some(id) = g.ids.get(&r.line)
            && !r.number.trim().is_empty()
        {
            numbers
                .entry(r.number.trim().to_string())
                .or_default()
                .push(id.clone());
        }
    }
    let mut files = assemble(g.domains, g.traveller, g.guardian, &mut g.attention);
    files.insert(super::SHEET_NUMBERS.to_string(), json!(numbers));
    if let (Some(table), Some(t)) = (&g.table, files.get_mut("traveller.json"))
        && table[..] != kept::HOUSE_TABLE[..]
        && let Some(t) = t.as_object_mut()
    {
        t.insert("table".into(), json!(table));
    }
    let cards = cards_of_files(&files);
    files.insert(
        kept::SHEET_KEPT.to_string(),
        kept::keep(header, records, &g.made, &cards),
    );
    let readback = readback::of_rows(&rows, &g.made, &cards, book);
    let errors = g.refs_errors;
    let cards_made = g.by_type.values().sum();
    let summary = ImportSummary {
        layout: "designer",
        rows_read: records.len(),
        cards_made,
        by_type: g.by_type,
        skipped: g.skipped,
        attention: g.attention,
        warnings: g.warnings,
        errors,
        files: files.keys().cloned().collect(),
        readback,
    };
    (files, summary)
}

/// The cards of the files an import made, by key (see `kept::Cards`), Domains in the
/// map's order.
fn cards_of_files(files: &Files) -> kept::Cards {
    let null = Value::Null;
    let domains: Vec<Value> = files
        .get("map.json")
        .and_then(|m| m["domains"].as_array())
        .into_iter()
        .flatten()
        .filter_map(|e| files.get(e["file"].as_str()?).cloned())
        .collect();
    kept::Cards::of(
        files.get("traveller.json").unwrap_or(&null),
        files.get("guardian.json").unwrap_or(&null),
        &domains,
    )
}

/// A record's cells by the designer's column names (`idx`: each `HEADER` column's position
/// in the file, if present); a missing cell reads as empty.
fn drow<'a>(idx: &[Option<usize>], line: u64, cells: &'a [String]) -> DRow<'a> {
    let get = |i: usize| idx[i].and_then(|c| cells.get(c)).map_or("", |s| s.as_str());
    DRow {
        line,
        title: get(0),
        location: get(1),
        number: get(2),
        flavor: get(3),
        art: get(4),
        rules: get(5),
        kind: get(6),
    }
}

/// What an import of the designer's sheet gathers, row by row.
struct Gathered {
    domains: Vec<Option<DomainCards>>,
    traveller: Option<Map<String, Value>>,
    guardian: Option<Map<String, Value>>,
    attention: Vec<Attention>,
    /// Notes that do not stop a card working (a placeholder text, a name matched loosely).
    warnings: Vec<Attention>,
    /// Rows a card refers to that could not be read (set by `check_refs`).
    refs_errors: Vec<Attention>,
    skipped: Vec<String>,
    by_type: BTreeMap<String, usize>,
    /// Every Station row's title, to resolve names in other cells.
    titles: Titles,
    /// The id each Station row's card takes, by line.
    ids: BTreeMap<u64, String>,
    /// Cards referred to by other cards: (id, who refers to it).
    refs: Vec<(String, String)>,
    /// Rows kept as quiet stand-ins: id -> (row, why).
    stand_ins: BTreeMap<String, Attention>,
    /// The card each row made, by line (`station:<id>`, `domain:<id>`, `traveller`,
    /// `guardian`, `table` for the combat reference).
    made: BTreeMap<u64, String>,
    /// The traveller's combat table, from the sheet's combat reference.
    table: Option<Vec<&'static str>>,
    /// The notation's reader, with the designer's phrasebook.
    reader: Reader,
    book: Option<Phrasebook>,
}

impl Gathered {
    /// Starts with every Station row's id and title known, so that any cell may name
    /// any card.
    fn new(rows: &[DRow], book: Option<&Phrasebook>) -> Self {
        let mut used: BTreeMap<String, usize> = BTreeMap::new();
        let mut titles = Titles::default();
        let mut ids = BTreeMap::new();
        for r in rows {
            let Some((stype, _)) = station_type(r.kind) else {
                continue;
            };
            if match_domain(r.location).is_none() {
                continue;
            }
            let base = slug(r.title);
            let n = used.entry(base.clone()).or_default();
            *n += 1;
            let id = if *n == 1 { base } else { format!("{base}_{n}") };
            let kind = match stype {
                "item" | "equipment" => Kind::Thing,
                "companion" | "foe" => Kind::Being,
                _ => Kind::Other,
            };
            titles.push(id.clone(), r.title, kind);
            ids.insert(r.line, id);
        }
        Gathered {
            domains: vec![None; DIAMOND.len()],
            traveller: None,
            guardian: None,
            attention: Vec::new(),
            warnings: Vec::new(),
            refs_errors: Vec::new(),
            skipped: Vec::new(),
            by_type: BTreeMap::new(),
            titles,
            ids,
            refs: Vec::new(),
            stand_ins: BTreeMap::new(),
            made: BTreeMap::new(),
            table: None,
            reader: Reader::new(book),
            book: book.cloned(),
        }
    }

    /// A note on a row that still made a working card.
    fn warn(&mut self, r: &DRow, unread: &str, reason: String) {
        self.warnings.push(Attention {
            line: r.line,
            card_number: r.number.trim().to_string(),
            title: r.title.trim().to_string(),
            unread: unread.to_string(),
            reason,
        });
    }

    /// Reports each line of `rules` whose numbers `card` does not hold (but a line
    /// already reported for this row).
    fn check_numbers(&mut self, r: &DRow, card: &Value, skip: &dyn Fn(&str) -> bool) {
        let flagged: Vec<String> = self
            .attention
            .iter()
            .filter(|a| a.line == r.line)
            .map(|a| a.unread.clone())
            .collect();
        let skip = |l: &str| skip(l) || flagged.iter().any(|f| f == l.trim());
        for l in meaning::lost(r.rules, card, &skip) {
            self.flag(
                r,
                &unread(
                    &l,
                    "a number of this line is in none of the card's fields: the card does not do what the cell says",
                ),
            );
        }
    }

    /// Gives every companion a seal asks to carry a card that card in `carries`.
    fn carried_by_seals(&mut self) {
        let Some(g) = &self.guardian else { return };
        let pairs: Vec<(String, String)> = g
            .get("seals")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|s| {
                let c = s.get("broken_by")?.get("carries")?;
                Some((
                    c["companion"].as_str()?.to_string(),
                    c["card"].as_str()?.to_string(),
                ))
            })
            .collect();
        for (who, what) in pairs {
            for card in self
                .domains
                .iter_mut()
                .flatten()
                .flat_map(|d| d.1.iter_mut())
            {
                if card["id"] == json!(who)
                    && let Some(c) = card.as_object_mut()
                {
                    let list = c.entry("carries").or_insert_with(|| json!([]));
                    if let Some(a) = list.as_array_mut()
                        && !a.contains(&json!(what))
                    {
                        a.push(json!(what));
                    }
                }
            }
        }
        self.check_refs();
    }

    /// A card another card refers to must be a real card, not a quiet stand-in: each such
    /// row is an error naming who refers to it.
    fn check_refs(&mut self) {
        let mut seen = std::collections::BTreeSet::new();
        for (id, by) in &self.refs {
            if let Some(a) = self.stand_ins.get(id)
                && seen.insert((id.clone(), by.clone()))
            {
                let mut e = a.clone();
                e.reason = format!(
                    "{by} refers to this card, so it cannot stand in as a quiet card: {}",
                    a.reason
                );
                self.refs_errors.push(e);
            }
        }
    }

    /// Reports a line of a row that could not be read.
    fn flag(&mut self, r: &DRow, u: &Unread) {
        self.attention.push(Attention {
            line: r.line,
            card_number: r.number.trim().to_string(),
            title: r.title.trim().to_string(),
            unread: u.line.clone(),
            reason: u.reason.clone(),
        });
    }

    /// Counts one card made of a type.
    fn count(&mut self, t: &str) {
        *self.by_type.entry(t.into()).or_default() += 1;
    }

    /// Takes one row: a Location, a special card (Guardian, traveller, or skipped), or a
    /// Station.
    fn row(&mut self, r: &DRow) {
        let kind = normalise(r.kind);
        if kind == "location" {
            self.location(r);
        } else if kind.starts_with("special") || kind == "spare" {
            self.special(r, &kind);
        } else {
            self.station(r, &kind);
        }
    }

    /// A Location row: the title card of its Domain, keeping Stations already gathered.
    fn location(&mut self, r: &DRow) {
        let Some(d) = match_domain(r.title).or(match_domain(r.location)) else {
            self.flag(
                r,
                &unread(
                    r.title,
                    "this Location matches none of the nine Domains of the map",
                ),
            );
            return;
        };
        let mut cx = Cx::new(&self.titles, &self.reader);
        let (c, failed) = domain_card(d, r, &mut cx);
        let (left, notes) = (cx.left, cx.notes);
        for u in &left {
            self.flag(r, u);
        }
        for n in notes {
            self.warn(r, "", n);
        }
        if let Some(u) = failed {
            self.flag(r, &u);
        } else {
            self.check_numbers(r, &Value::Object(c.clone()), &|_| false);
        }
        if prose(r.rules).is_empty() {
            self.warn(r, "", blank_text_reason(r));
        }
        self.made.insert(r.line, format!("domain:{}", DIAMOND[d].0));
        let stations = self.domains[d].take().map(|x| x.1).unwrap_or_default();
        self.domains[d] = Some((c, stations));
        self.count("domain");
    }

    /// A special or spare row: the Guardian, the traveller, or a row listed as skipped.
    fn special(&mut self, r: &DRow, kind: &str) {
        let t = normalise(r.title);
        let low = normalise(r.rules);
        if kind == "special" && t.contains("guardian") {
            let (c, g) = guardian::card(r, &self.titles, &self.reader);
            for n in g.notes {
                self.warn(r, "", n);
            }
            for (id, seal) in g.refs {
                self.refs.push((id, format!("the Guardian's {seal}")));
            }
            if g.hp.is_none() {
                self.warn(
                    r,
                    "",
                    format!("the cell gives no HP; the Guardian has {DEFAULT_HEALTH}"),
                );
            }
            for u in &g.unread {
                self.flag(r, u);
            }
            for u in &g.errors {
                self.refs_errors.push(Attention {
                    line: r.line,
                    card_number: r.number.trim().to_string(),
                    title: r.title.trim().to_string(),
                    unread: u.line.clone(),
                    reason: u.reason.clone(),
                });
            }
            // The seals' headings carry no figures of the duel; a line
            // already reported is not reported twice.
            let flagged: Vec<&str> = g.unread.iter().map(|u| u.line.as_str()).collect();
            // (A seal's own line still counts: a number there is one the card lost.)
            let heading = |l: &str| {
                let n = normalise(l);
                let titled =
                    n.ends_with(':') && (n.contains("seals") || n.contains("combat table"));
                titled || flagged.contains(&l.trim())
            };
            self.check_numbers(r, &Value::Object(c.clone()), &heading);
            self.made.insert(r.line, "guardian".into());
            self.guardian = Some(c);
            self.count("guardian");
        } else if kind == "special"
            && (t.contains("player") || t.contains("traveller") || low.contains("starting"))
        {
            let (c, left) = traveller_card(r);
            for u in &left {
                self.flag(r, u);
            }
            if prose(r.rules).is_empty() {
                self.warn(r, "", blank_text_reason(r));
            }
            if !low.contains("hp") && !low.contains("health") {
                self.warn(
                    r,
                    "",
                    format!("the cell gives no Health; the traveller has {DEFAULT_HEALTH}"),
                );
            }
            self.check_numbers(r, &Value::Object(c.clone()), &|_| false);
            self.made.insert(r.line, "traveller".into());
            self.traveller = Some(c);
            self.count("traveller");
        } else if kind == "special"
            && (t.contains("combat") || t.contains("reference"))
            && self.table.is_none()
        {
            self.combat_reference(r);
        } else {
            self.skipped.push(format!(
                "{} {} ({})",
                r.number.trim(),
                r.title.trim(),
                r.kind.trim()
            ));
        }
    }

    /// The combat reference: its die is the traveller's combat table (`6 Hit` where the
    /// house die has a Counter), said in a note when it is not the house's.
    fn combat_reference(&mut self, r: &DRow) {
        let read = kept::combat_table(r.rules, self.book.as_ref());
        for (line, words) in &read.glosses {
            self.warn(
                r,
                "",
                format!("`({words})` in `{line}` is read as a gloss: words only, no rule"),
            );
        }
        let table = read.faces;
        for (line, words) in read.left {
            self.flag(
                r,
                &unread(
                    &line,
                    format!("`{words}` is not in the notation: those words were not read"),
                ),
            );
        }
        let Some(table) = table else {
            self.flag(
                r,
                &unread(
                    r.rules.lines().next().unwrap_or(""),
                    "the combat reference does not give a result (Miss, Parry, Hit, Critical, Counter) to each face 1 to 6; the traveller keeps the house die",
                ),
            );
            return;
        };
        if table[..] != kept::HOUSE_TABLE[..] {
            let faces: Vec<String> = table
                .iter()
                .zip(kept::HOUSE_TABLE)
                .enumerate()
                .filter(|(_, (a, b))| a != &b)
                .map(|(i, (a, _))| format!("{} is {a}", i + 1))
                .collect();
            self.warn(
                r,
                "",
                format!(
                    "the traveller's combat table follows this combat reference, not the house die: {}",
                    faces.join(", ")
                ),
            );
        }
        self.made.insert(r.line, "table".into());
        self.table = Some(table);
    }

    /// A Station row: a card in its Domain, or a quiet stand-in when its rules do not read.
    fn station(&mut self, r: &DRow, kind: &str) {
        let Some((stype, tag)) = station_type(r.kind) else {
            self.flag(
                r,
                &unread(
                    r.kind,
                    format!("`{}` is not a card type of the sheet", r.kind.trim()),
                ),
            );
            return;
        };
        let Some(d) = match_domain(r.location) else {
            self.flag(
                r,
                &unread(
                    r.location,
                    "the Associated_Location matches none of the nine Domains, so the row has no place; it was not imported",
                ),
            );
            return;
        };
        let id = self
            .ids
            .get(&r.line)
            .cloned()
            .unwrap_or_else(|| slug(r.title));
        let mut c = Map::new();
        c.insert("id".into(), json!(id));
        c.insert("name".into(), json!(r.title.trim()));
        c.insert("type".into(), json!(stype));
        c.insert("text".into(), json!(prose(r.rules)));
        if !r.flavor.trim().is_empty() {
            c.insert("flavor".into(), json!(r.flavor.trim()));
        }
        if !r.art.trim().is_empty() {
            c.insert("art_note".into(), json!(r.art.trim()));
        }
        if let Some(tag) = tag {
            c.insert("tags".into(), json!([tag]));
        }
        let mut cx = Cx::new(&self.titles, &self.reader);
        let body = station_body(kind, r, &mut c, &mut cx);
        let (notes, refs, left) = (cx.notes, cx.refs, cx.left);
        for n in notes {
            self.warn(r, "", n);
        }
        if body.is_ok() {
            for u in &left {
                self.flag(r, u);
            }
        }
        let by = format!("card {} \"{}\"", r.number.trim(), r.title.trim());
        self.refs
            .extend(refs.into_iter().map(|id| (id, by.clone())));
        let card = match body {
            Ok(()) => {
                let t = c["type"].as_str().unwrap_or(stype).to_string();
                self.count(&t);
                self.check_numbers(r, &Value::Object(c.clone()), &|_| false);
                c
            }
            Err(u) => {
                self.flag(r, &u);
                if let Some(a) = self.attention.last().cloned() {
                    self.stand_ins.insert(id.clone(), a);
                }
                self.count("caesura");
                stand_in(&id, r, &u)
            }
        };
        self.made.insert(r.line, format!("station:{id}"));
        let slot = self.domains[d].get_or_insert_with(|| (untitled(d), Vec::new()));
        slot.1.push(Value::Object(card));
    }
}

/// The title card of diamond Domain `d` from its Location row, and the line of its rules
/// that could not be read, if any (its entry effects are then left out).
fn domain_card(d: usize, r: &DRow, cx: &mut Cx) -> (Map<String, Value>, Option<Unread>) {
    let (id, name, ..) = DIAMOND[d];
    let mut c = Map::new();
    c.insert("$schema".into(), json!("../schema.json"));
    c.insert("id".into(), json!(id));
    c.insert("name".into(), json!(name));
    c.insert("type".into(), json!("domain"));
    c.insert("text".into(), json!(text_or_stand_in(r)));
    if !r.flavor.trim().is_empty() {
        c.insert("flavor".into(), json!(r.flavor.trim()));
    }
    let theme = [r.art, r.flavor, name]
        .into_iter()
        .map(str::trim)
        .find(|t| !t.is_empty())
        .unwrap_or(name);
    c.insert("theme".into(), json!(theme));
    if r.rules.trim().is_empty() {
        return (c, None);
    }
    let entered = split_rules(r.rules).map(|(_, head, lines)| {
        let mut all = lines;
        all.insert(0, head.as_str());
        parts(&all, Ctx::default(), cx).effects
    });
    match entered {
        Ok(fx) => {
            put(&mut c, "on_enter", fx);
            (c, None)
        }
        Err(u) => (c, Some(u)),
    }
}

/// The traveller card from the player row, with the Health its rules name (`Starting HP:
/// 20`) or the default; and its lines that say more than that, each with why.
fn traveller_card(r: &DRow) -> (Map<String, Value>, Vec<Unread>) {
    let mut c = Map::new();
    c.insert("$schema".into(), json!("schema.json"));
    c.insert("id".into(), json!("traveller"));
    c.insert("name".into(), json!(r.title.trim()));
    c.insert("type".into(), json!("traveller"));
    c.insert("text".into(), json!(text_or_stand_in(r)));
    if !r.flavor.trim().is_empty() {
        c.insert("flavor".into(), json!(r.flavor.trim()));
    }
    let mut health = None;
    let mut left = Vec::new();
    for l in r.rules.lines().map(str::trim).filter(|l| !l.is_empty()) {
        match cells::hp_line(l) {
            Some(Ok(hp)) if health.is_none() => health = Some(hp),
            Some(Err(hp)) if health.is_none() => {
                health = Some(hp);
                left.push(unread(
                    l,
                    format!("this line says more than the traveller's Health ({hp}): the rest was not read"),
                ));
            }
            _ => {}
        }
    }
    c.insert("health".into(), json!(health.unwrap_or(DEFAULT_HEALTH)));
    (c, left)
}

/// Whether a line of a cell gives only hit points or Health (`FIGHT: 5 HP`, `HP = Player
/// HP`); `None` when it names none.
pub fn hp_only(line: &str) -> Option<bool> {
    let n = normalise(line);
    let compact: String = n.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.starts_with("hp=player") {
        return Some(true);
    }
    cells::hp_line(line).map(|r| r.is_ok())
}

/// The words a card with an empty rules cell shows instead: its flavour, else a marked
/// placeholder.
pub(super) const PLACEHOLDER: &str = "[No rules text yet: the sheet's rules cell is empty.]";

/// A row's rules as the card's text; for an empty cell, the flavour or [`PLACEHOLDER`].
fn text_or_stand_in(r: &DRow) -> String {
    let p = prose(r.rules);
    if !p.is_empty() {
        p
    } else if !r.flavor.trim().is_empty() {
        r.flavor.trim().to_string()
    } else {
        PLACEHOLDER.to_string()
    }
}

/// The warning for a row whose rules cell is empty.
fn blank_text_reason(r: &DRow) -> String {
    if r.flavor.trim().is_empty() {
        format!("the rules cell is empty: the card's text is the placeholder {PLACEHOLDER:?}")
    } else {
        "the rules cell is empty: the card's text is its flavour".to_string()
    }
}
