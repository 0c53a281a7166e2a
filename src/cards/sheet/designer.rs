//! The designer's own spreadsheet (see `PROTOTYPE-CSV.md` in the design notes): columns
//! `Title, Associated_Location, Card Number, Flavor_Text, Image_Source_Idea, Rules_Text,
//! Type`, rules cells in a keyword notation (`FIGHT: 5 HP`, `CHOOSE:`, `USE:`...).
//!
//! Every row whose rules cell reads becomes a card with its effects, faces and numbers.
//! A row that does not read is still imported, as a quiet Caesura carrying its text, and
//! reported with its card number, title and the first line that could not be read.
//! Locations are matched to the prototype's nine Domains despite small spelling
//! differences, and the map is the prototype's diamond.

use super::build::{assemble, untitled};
use super::notation::{self, Line, normalise};
use super::{Attention, Files, ImportSummary};
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

fn levenshtein(a: &str, b: &str) -> usize {
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

/// The rules cell split into its keyword (`FIGHT`), the rest of the keyword line (`5 HP`)
/// and the following non-empty lines, trimmed.
fn split_rules(rules: &str) -> Result<(String, String, Vec<&str>), Unread> {
    let mut lines = rules.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("");
    let (kw, rest) = first
        .split_once(':')
        .filter(|(k, _)| !k.is_empty() && k.chars().all(|c| c.is_ascii_uppercase() || c == ' '))
        .ok_or_else(|| {
            unread(
                first,
                "the cell does not start with a keyword and a colon (EFFECT:, FIGHT:...)",
            )
        })?;
    Ok((
        kw.trim().to_string(),
        rest.trim().to_string(),
        lines.collect(),
    ))
}

/// Effect lines, split into what goes where on a card.
#[derive(Default)]
struct Parts {
    effects: Vec<Value>,
    passive: Vec<Value>,
    triggers: Vec<Value>,
    reroll: bool,
    thrown: bool,
}

fn parts(lines: &[&str]) -> Result<Parts, Unread> {
    let mut p = Parts::default();
    for l in lines {
        if l.trim() == "&"
            || normalise(l).starts_with("turn sideways")
            || normalise(l).contains("one-time use")
        {
            continue;
        }
        // `&` joins effects on one line; an arrow reads as "then".
        for piece in l
            .split(['&', '→'])
            .map(|x| x.trim_start_matches('>').trim())
        {
            match notation::effect_line(piece).map_err(|r| unread(l, r))? {
                Line::Effect(v) => p.effects.push(v),
                Line::Modifier(v) => p.passive.push(v),
                Line::Trigger(v) => p.triggers.push(v),
                Line::Thrown(v) => {
                    p.thrown = true;
                    p.effects.push(v);
                }
                Line::Reroll => p.reroll = true,
                Line::Nothing => {}
            }
        }
    }
    Ok(p)
}

/// Splits lines at a line `or` / `OR`.
fn split_or<'a>(lines: &[&'a str]) -> Vec<Vec<&'a str>> {
    let mut out = vec![Vec::new()];
    for l in lines {
        if l.eq_ignore_ascii_case("or") {
            out.push(Vec::new());
        } else if let Some(last) = out.last_mut() {
            last.push(*l);
        }
    }
    out
}

/// The card's prose text: the rules cell's lines, the dashes of a fight dropped.
fn prose(rules: &str) -> String {
    rules
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.chars().all(|c| c == '-'))
        .collect::<Vec<_>>()
        .join("\n")
}

pub(super) fn put(card: &mut Map<String, Value>, key: &str, v: Vec<Value>) {
    if !v.is_empty() {
        card.insert(key.into(), Value::Array(v));
    }
}

/// The type-specific fields of a Station card from its rules cell.
fn station_body(kind: &str, r: &DRow, card: &mut Map<String, Value>) -> Result<(), Unread> {
    let (kw, head, lines) = split_rules(r.rules)?;
    let stype = card["type"].as_str().unwrap_or("").to_string();
    match (stype.as_str(), kw.as_str()) {
        ("caesura" | "blessing" | "snare", "EFFECT") => {
            let mut all = lines.clone();
            if !head.is_empty() {
                all.insert(0, head.as_str());
            }
            let p = parts(&all)?;
            if stype != "snare" && (!p.passive.is_empty() || !p.triggers.is_empty()) {
                return Err(unread(
                    r.rules.lines().nth(1).unwrap_or(""),
                    format!("a {kind} cannot hold a standing effect"),
                ));
            }
            put(card, "effects", p.effects);
            put(card, "passive", p.passive);
            put(card, "triggers", p.triggers);
        }
        ("terror", "CHOOSE") => {
            let sides = split_or(&lines);
            if sides.len() != 2 || sides.iter().any(Vec::is_empty) {
                return Err(unread(
                    r.rules.lines().next().unwrap_or(""),
                    "a Terror needs two options separated by a line `or`",
                ));
            }
            let mut options = Vec::new();
            for side in sides {
                let label = side.join(" ");
                let mut cost = Vec::new();
                let mut rest = Vec::new();
                for l in &side {
                    let n = normalise(l);
                    if n.starts_with("spend") || n.starts_with("pay") {
                        cost.push(json!({ "spend_resolve": notation::first_int(&n).unwrap_or(1) }));
                    } else {
                        rest.push(*l);
                    }
                }
                let p = parts(&rest)?;
                let mut o = Map::new();
                o.insert("label".into(), json!(label));
                put(&mut o, "cost", cost);
                o.insert("effects".into(), Value::Array(p.effects));
                options.push(Value::Object(o));
            }
            card.insert("options".into(), Value::Array(options));
        }
        ("rest", "REST") => {}
        ("item" | "equipment", "USE" | "EQUIP") => {
            let p = parts(&lines)?;
            let low = normalise(r.rules);
            let per = if low.contains("one-time use") {
                "once"
            } else if low.contains("sideways")
                || low.contains("per location")
                || low.contains("per domain")
            {
                "domain"
            } else if p.reroll || low.contains("per fight") {
                "fight"
            } else if stype == "item" {
                "once"
            } else {
                "domain"
            };
            put(card, "passive", p.passive);
            put(card, "triggers", p.triggers);
            if !p.effects.is_empty() || p.reroll {
                let mut u = Map::new();
                u.insert("per".into(), json!(per));
                if p.thrown {
                    u.insert("duel_only".into(), json!(true));
                }
                if p.reroll {
                    u.insert("reroll".into(), json!(true));
                }
                u.insert("effects".into(), Value::Array(p.effects));
                card.insert("use".into(), Value::Object(u));
            }
            if stype == "equipment" && !card.contains_key("use") && !card.contains_key("passive") {
                card.insert("tags".into(), json!(["trinket"]));
            }
        }
        ("companion", "ENCOUNTER") => {
            // "X follows you" restates what ENCOUNTER means; other lines are rules.
            let rules: Vec<&str> = lines
                .iter()
                .copied()
                .filter(|l| !normalise(l).contains("follows you"))
                .collect();
            let p = parts(&rules)?;
            put(card, "passive", p.passive);
            put(card, "triggers", p.triggers);
            put(card, "effects", p.effects);
        }
        ("companion", "CHOOSE") => {
            let sides = split_or(&lines);
            let give = sides
                .iter()
                .flatten()
                .find_map(|l| {
                    normalise(l)
                        .strip_prefix("give ")
                        .map(|g| g.split(':').next().unwrap_or("").to_string())
                })
                .ok_or_else(|| {
                    unread(
                        lines.first().unwrap_or(&""),
                        "a companion's CHOOSE needs a line `Give X: ... follows you`",
                    )
                })?;
            card.insert("join".into(), json!({ "give": slug(&give) }));
            let refused: Vec<&str> = sides
                .into_iter()
                .filter(|s| !s.iter().any(|l| normalise(l).starts_with("give ")))
                .flatten()
                .collect();
            put(card, "refused", parts(&refused)?.effects);
        }
        ("foe", "FIGHT") => fight(&head, &lines, card)?,
        ("pit", "CHALLENGE") => card
            .insert("test".into(), challenge(&head, &lines)?)
            .map_or((), |_| ()),
        _ => {
            return Err(unread(
                r.rules.lines().next().unwrap_or(""),
                format!("a {kind} card does not take `{kw}:`"),
            ));
        }
    }
    Ok(())
}

/// A foe's HP and faces: `FIGHT: 5 HP`, dashes, six face lines.
fn fight(head: &str, lines: &[&str], card: &mut Map<String, Value>) -> Result<(), Unread> {
    let h = normalise(head);
    let mut faces = Vec::new();
    let mut hp = notation::first_int(&h);
    if h.contains("unwinnable") {
        card.insert("unbeatable".into(), json!(true));
    }
    for l in lines {
        let n = normalise(l);
        if n.chars().all(|c| c == '-') {
            continue;
        }
        if n.starts_with("hp") {
            hp = hp.or(notation::first_int(&n)).or(Some(DEFAULT_HEALTH));
            continue;
        }
        faces.push(notation::face_line(l).map_err(|r| unread(l, r))?);
    }
    if faces.len() != 6 {
        return Err(unread(
            lines.last().unwrap_or(&head),
            format!("a foe needs six faces, found {}", faces.len()),
        ));
    }
    let hp = hp.ok_or_else(|| unread(head, "the FIGHT line gives no HP"))?;
    card.insert("hp".into(), json!(hp));
    card.insert("faces".into(), Value::Array(faces));
    Ok(())
}

/// A Pit's test: `Roll 1d6, Target: 4+`, optionally extended, with failure effects.
fn challenge(head: &str, lines: &[&str]) -> Result<Value, Unread> {
    let mut t = Map::new();
    let (mut success, mut failure, mut each) = (Vec::new(), Vec::new(), Vec::new());
    let mut extended = false;
    let all: Vec<&str> = std::iter::once(head)
        .chain(lines.iter().copied())
        .filter(|l| !l.is_empty())
        .collect();
    for l in all {
        let n = normalise(l);
        if let Some(tg) = n.split_once("target").map(|(_, t)| t) {
            let target =
                notation::first_int(tg).ok_or_else(|| unread(l, "the target has no number"))?;
            t.insert("target".into(), json!(target));
            let dice = n
                .split_once("roll ")
                .and_then(|(_, d)| notation::first_int(d))
                .unwrap_or(1);
            if dice != 1 {
                t.insert("dice".into(), json!(dice));
            }
        } else if n.contains("successes before") {
            extended = true;
        } else if let Some((label, rest)) = l.split_once(':') {
            let p = parts(&[rest.trim()])?;
            let label = normalise(label);
            if label.starts_with("each failure") {
                each.extend(p.effects);
            } else if label.contains("failure") || label.starts_with("on fail") {
                failure.extend(p.effects);
            } else if label.contains("success") {
                success.extend(p.effects);
            } else {
                return Err(unread(
                    l,
                    "a challenge line reads `Each failure: ...`, `On 3 failures: ...` or `On success: ...`",
                ));
            }
        } else {
            return Err(unread(l, "not a challenge line this notation knows"));
        }
    }
    if !t.contains_key("target") {
        return Err(unread(head, "the challenge has no `Target: N+`"));
    }
    if extended {
        t.insert("extended".into(), json!(true));
        t.insert("each_failure".into(), Value::Array(each));
    } else {
        failure.extend(each);
    }
    t.insert("success".into(), Value::Array(success));
    t.insert("failure".into(), Value::Array(failure));
    Ok(Value::Object(t))
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
/// the pieces the sheet holds, and the diamond map.
pub fn import(header: &[String], records: &[(u64, Vec<String>)]) -> (Files, ImportSummary) {
    let col = |name: &str| header.iter().position(|h| h == name);
    let idx: Vec<Option<usize>> = HEADER.iter().map(|h| col(h)).collect();
    let mut domains: Vec<Option<DomainCards>> = vec![None; DIAMOND.len()];
    let mut traveller: Option<Map<String, Value>> = None;
    let mut guardian: Option<Map<String, Value>> = None;
    let mut attention = Vec::new();
    let mut skipped = Vec::new();
    let mut by_type: BTreeMap<String, usize> = BTreeMap::new();
    let mut used_ids: BTreeMap<String, usize> = BTreeMap::new();
    let mut unique = |base: String| -> String {
        let n = used_ids.entry(base.clone()).or_default();
        *n += 1;
        if *n == 1 { base } else { format!("{base}_{n}") }
    };
    for (line, cells) in records {
        let get = |i: usize| idx[i].and_then(|c| cells.get(c)).map_or("", |s| s.as_str());
        let r = DRow {
            line: *line,
            title: get(0),
            location: get(1),
            number: get(2),
            flavor: get(3),
            art: get(4),
            rules: get(5),
            kind: get(6),
        };
        let mut flag = |u: &Unread| {
            attention.push(Attention {
                line: r.line,
                card_number: r.number.trim().to_string(),
                title: r.title.trim().to_string(),
                unread: u.line.clone(),
                reason: u.reason.clone(),
            })
        };
        let kind = normalise(r.kind);
        let domain = match_domain(r.location);
        if kind == "location" {
            let Some(d) = match_domain(r.title).or(domain) else {
                flag(&unread(
                    r.title,
                    "this Location matches none of the nine Domains of the map",
                ));
                continue;
            };
            let (id, name, ..) = DIAMOND[d];
            let mut c = Map::new();
            c.insert("$schema".into(), json!("../schema.json"));
            c.insert("id".into(), json!(id));
            c.insert("name".into(), json!(name));
            c.insert("type".into(), json!("domain"));
            c.insert("text".into(), json!(prose(r.rules)));
            if !r.flavor.trim().is_empty() {
                c.insert("flavor".into(), json!(r.flavor.trim()));
            }
            c.insert("theme".into(), json!(r.art.trim()));
            match split_rules(r.rules).and_then(|(_, head, lines)| {
                let mut all = lines;
                all.insert(0, head.as_str());
                parts(&all).map(|p| p.effects)
            }) {
                Ok(fx) => put(&mut c, "on_enter", fx),
                Err(u) => flag(&u),
            }
            let stations = domains[d].take().map(|x| x.1).unwrap_or_default();
            domains[d] = Some((c, stations));
            *by_type.entry("domain".into()).or_default() += 1;
            continue;
        }
        if kind.starts_with("special") || kind == "spare" {
            let t = normalise(r.title);
            let low = normalise(r.rules);
            if kind == "special" && t.contains("guardian") {
                let mut c = Map::new();
                c.insert("$schema".into(), json!("schema.json"));
                c.insert("id".into(), json!("guardian"));
                c.insert("name".into(), json!(r.title.trim()));
                c.insert("type".into(), json!("guardian"));
                c.insert("text".into(), json!(prose(r.rules)));
                let mut tmp = Map::new();
                tmp.insert("type".into(), json!("foe"));
                let fought = split_rules(r.rules)
                    .and_then(|(_, head, lines)| fight(&head, &lines, &mut tmp));
                match fought {
                    Ok(()) => {
                        c.insert("hp".into(), tmp["hp"].clone());
                        c.insert("faces".into(), tmp["faces"].clone());
                    }
                    Err(u) => {
                        flag(&u);
                        c.insert("hp".into(), json!(DEFAULT_HEALTH));
                        c.insert(
                            "faces".into(),
                            json!(
                                (1..=6)
                                    .map(|i| json!({"name": format!("Face {i}")}))
                                    .collect::<Vec<_>>()
                            ),
                        );
                    }
                }
                guardian = Some(c);
                *by_type.entry("guardian".into()).or_default() += 1;
            } else if kind == "special"
                && (t.contains("player") || t.contains("traveller") || low.contains("starting"))
            {
                let mut c = Map::new();
                c.insert("$schema".into(), json!("schema.json"));
                c.insert("id".into(), json!("traveller"));
                c.insert("name".into(), json!(r.title.trim()));
                c.insert("type".into(), json!("traveller"));
                c.insert("text".into(), json!(prose(r.rules)));
                if !r.flavor.trim().is_empty() {
                    c.insert("flavor".into(), json!(r.flavor.trim()));
                }
                let health = low
                    .lines()
                    .find(|l| l.contains("hp") || l.contains("health"))
                    .and_then(notation::first_int)
                    .unwrap_or(DEFAULT_HEALTH);
                c.insert("health".into(), json!(health));
                traveller = Some(c);
                *by_type.entry("traveller".into()).or_default() += 1;
            } else {
                skipped.push(format!(
                    "{} {} ({})",
                    r.number.trim(),
                    r.title.trim(),
                    r.kind.trim()
                ));
            }
            continue;
        }
        let Some((stype, tag)) = station_type(r.kind) else {
            flag(&unread(
                r.kind,
                format!("`{}` is not a card type of the sheet", r.kind.trim()),
            ));
            continue;
        };
        let Some(d) = domain else {
            flag(&unread(
                r.location,
                "the Associated_Location matches none of the nine Domains, so the row has no place; it was not imported",
            ));
            continue;
        };
        let id = unique(slug(r.title));
        let mut c = Map::new();
        c.insert("id".into(), json!(id));
        c.insert("name".into(), json!(r.title.trim()));
        c.insert("type".into(), json!(stype));
        c.insert("text".into(), json!(prose(r.rules)));
        if !r.flavor.trim().is_empty() {
            c.insert("flavor".into(), json!(r.flavor.trim()));
        }
        if let Some(tag) = tag {
            c.insert("tags".into(), json!([tag]));
        }
        let card = match station_body(&kind, &r, &mut c) {
            Ok(()) => {
                *by_type.entry(stype.into()).or_default() += 1;
                c
            }
            Err(u) => {
                flag(&u);
                *by_type.entry("caesura".into()).or_default() += 1;
                stand_in(&id, &r, &u)
            }
        };
        let slot = domains[d].get_or_insert_with(|| (untitled(d), Vec::new()));
        slot.1.push(Value::Object(card));
    }
    let summary_rows = records.len();
    let files = assemble(domains, traveller, guardian, &mut attention);
    let cards_made = by_type.values().sum();
    let summary = ImportSummary {
        layout: "designer",
        rows_read: summary_rows,
        cards_made,
        by_type,
        skipped,
        attention,
        files: files.keys().cloned().collect(),
    };
    (files, summary)
}
