//! The Guardian's rules cell. The designer writes it as prose: its HP, a requirement, a
//! heading `THE THREE SEALS (...)`, each seal as `SEAL OF X (...): what it does` followed by
//! `- Break: what breaks it`, then `GUARDIAN COMBAT TABLE (1d6):` and six face lines. A
//! plain `FIGHT: 20 HP` cell with six faces reads too.
//!
//! A seal's penalty is read from what it does (heals fully, strikes you back, bars the way,
//! cannot be harmed); its condition from the cards its break line names: a being who must
//! carry a thing (`carries`), a being who must follow (`follows`), or a thing to hold
//! (`holds`).

use super::refs::{Kind, Titles};
use super::{DEFAULT_HEALTH, DRow, Unread, slug, unread};
use crate::cards::sheet::notation::{self, normalise};
use serde_json::{Map, Value, json};

/// A seal or requirement as the cell words it.
struct Prose {
    name: String,
    does: String,
    breaks: String,
    /// The words in brackets after its name (`SEAL OF X (no way across)`).
    gloss: String,
}

/// Where a line of the cell stands.
#[derive(PartialEq)]
enum Part {
    Head,
    Seals,
    Table,
}

/// What the Guardian's cell holds.
#[derive(Default)]
pub(super) struct Read {
    pub(super) hp: Option<i64>,
    pub(super) faces: Vec<Value>,
    pub(super) requirements: Vec<Value>,
    pub(super) seals: Vec<Value>,
    /// Card ids the seals and requirements name, with the seal's name.
    pub(super) refs: Vec<(String, String)>,
    /// Names matched not exactly as the rows spell them.
    pub(super) notes: Vec<String>,
}

/// Reads the Guardian's cell; `Err` names the first line that could not be read.
pub(super) fn read(r: &DRow, titles: &Titles) -> Result<Read, Unread> {
    let mut out = Read::default();
    let mut part = Part::Head;
    let mut seals: Vec<Prose> = Vec::new();
    let mut reqs: Vec<Prose> = Vec::new();
    for l in r.rules.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let n = normalise(l);
        if n.chars().all(|c| c == '-') {
            continue;
        }
        if n.contains("combat table") || n.starts_with("faces") {
            part = Part::Table;
            continue;
        }
        if part == Part::Head && n.contains("seals") && !n.starts_with("seal of") {
            part = Part::Seals;
            continue;
        }
        if is_face(&n) && (part == Part::Table || part == Part::Head) {
            out.faces
                .push(notation::face_line(l).map_err(|why| unread(l, why))?);
            continue;
        }
        if let Some(b) = break_line(l) {
            let last = seals
                .last_mut()
                .or(reqs.last_mut())
                .ok_or_else(|| unread(l, "a `Break:` line comes before any seal it could break"))?;
            last.breaks = format!("{} {b}", last.breaks).trim().to_string();
            continue;
        }
        if n.starts_with("seal") {
            let (head, does) = l.split_once(':').unwrap_or((l, ""));
            let name = head.split('(').next().unwrap_or(head).trim();
            // What the seal does may be said in its brackets as well as after the colon.
            let gloss = head
                .split_once('(')
                .map_or("", |(_, g)| g.trim_end_matches(')'));
            seals.push(Prose {
                name: title_case(name),
                does: does.trim().to_string(),
                breaks: String::new(),
                gloss: gloss.trim().to_string(),
            });
            part = Part::Seals;
            continue;
        }
        match seals.last_mut() {
            // A seal's wording may run over several lines.
            Some(s) if part != Part::Head => s.does = format!("{} {l}", s.does).trim().to_string(),
            // Before any seal (even under the seals' heading): the HP or a requirement.
            _ => head_line(l, &n, titles, &mut out, &mut reqs),
        }
    }
    if out.faces.len() != 6 {
        return Err(unread(
            r.rules.lines().last().unwrap_or(""),
            format!("the Guardian needs six faces, found {}", out.faces.len()),
        ));
    }
    for (i, p) in reqs.iter().enumerate() {
        let v = seal(p, titles, &mut out, Some("invulnerable"))?;
        let id = format!("requirement_{}", i + 1);
        out.requirements.push(with_id(v, &id));
    }
    for p in &seals {
        let v = seal(p, titles, &mut out, None)?;
        out.seals.push(with_id(v, &slug(&p.name)));
    }
    Ok(out)
}

/// A line before the seals: the HP (`FIGHT: 20 HP`, `HP: 20`), a requirement naming a
/// card (`REQUIREMENT: only the Ancient Sword can wound it`), or free text.
fn head_line(l: &str, n: &str, titles: &Titles, out: &mut Read, reqs: &mut Vec<Prose>) {
    let names_a_thing = titles
        .mentions(n)
        .iter()
        .any(|f| f.title.kind == Kind::Thing);
    if out.hp.is_none() && n.contains("hp") && !names_a_thing {
        out.hp = notation::first_int(n);
    } else if names_a_thing || n.starts_with("require") {
        let (name, does) = l.split_once(':').unwrap_or(("Requirement", l));
        reqs.push(Prose {
            name: title_case(name.trim()),
            does: does.trim().to_string(),
            breaks: does.trim().to_string(),
            gloss: String::new(),
        });
    }
}

/// A face line: a die number 1 to 6, then a name.
fn is_face(n: &str) -> bool {
    let mut c = n.chars();
    matches!(c.next(), Some('1'..='6'))
        && c.next()
            .is_some_and(|x| x == ' ' || x == '.' || x == ')' || x == ':')
        && !n.contains("hp")
}

/// The condition of a `- Break: ...` line, if this is one.
fn break_line(l: &str) -> Option<String> {
    let t = l.trim_start_matches(['-', '•', '*', ' ']);
    if !t.to_lowercase().starts_with("break") {
        return None;
    }
    let rest = t[5..].trim_start_matches(|c: char| c.is_ascii_alphabetic());
    Some(rest.trim_start_matches([':', ' ']).to_string())
}

fn title_case(s: &str) -> String {
    s.split_whitespace()
        .map(|w| {
            let low = w.to_lowercase();
            if ["of", "the", "and"].contains(&low.as_str()) {
                return low;
            }
            let mut c = low.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn with_id(mut v: Map<String, Value>, id: &str) -> Value {
    v.insert("id".into(), json!(id));
    Value::Object(v)
}

/// What an unbroken seal does, from its wording.
fn penalty(does: &str) -> Option<&'static str> {
    let d = normalise(does);
    let any = |ws: &[&str]| ws.iter().any(|w| d.contains(w));
    if any(&["heal", "regenerat", "restore"]) {
        Some("full_heal")
    } else if any(&[
        "reflect",
        "strikes you",
        "back at you",
        "back to you",
        "rebound",
        "turned back",
        "returns to you",
        "hurts you",
        "hurt you",
        "instead",
    ]) {
        Some("reflect")
    } else if any(&[
        "cannot cross",
        "cannot reach",
        "cannot enter",
        "cannot face",
        "cannot even",
        "barred",
        "no way",
        "cannot pass",
        "cannot approach",
        "cannot challenge",
    ]) {
        Some("barred")
    } else if any(&[
        "cannot be harmed",
        "cannot be hurt",
        "cannot be damaged",
        "immune",
        "invulnerable",
        "no damage",
        "cannot harm",
        "cannot wound",
        "cannot hurt",
        "unharmed",
    ]) {
        Some("invulnerable")
    } else {
        None
    }
}

/// A seal or requirement as card data: name, text, penalty and the condition its break
/// line names.
fn seal(
    p: &Prose,
    titles: &Titles,
    out: &mut Read,
    default_penalty: Option<&'static str>,
) -> Result<Map<String, Value>, Unread> {
    let pen = penalty(&format!("{} {}", p.gloss, p.does))
        .or(default_penalty)
        .ok_or_else(|| unread(&p.does, format!("{}: not a penalty this import knows (heals fully, strikes you back, bars the way, cannot be harmed)", p.name)))?;
    let own = format!("{} {}", p.does, p.gloss);
    let said = if p.breaks.is_empty() { &own } else { &p.breaks };
    let named = titles.mentions(said);
    for f in named.iter().filter(|f| !f.exact) {
        out.notes.push(format!(
            "{}: read \"{}\" in `{}` as the card {}",
            p.name,
            f.title.title,
            said.trim(),
            f.title.id
        ));
    }
    let being = named.iter().find(|f| f.title.kind == Kind::Being);
    let thing = named.iter().find(|f| f.title.kind == Kind::Thing);
    let low = normalise(said);
    let cond = match (being, thing) {
        (Some(b), Some(t)) if low.contains("carr") || low.contains("bring") => {
            json!({"carries": {"companion": b.title.id, "card": t.title.id}})
        }
        (Some(b), _) => json!({"follows": b.title.id}),
        (None, Some(t)) => json!({"holds": t.title.id}),
        (None, None) => {
            return Err(unread(
                said,
                format!("{}: its break names no card of the sheet", p.name),
            ));
        }
    };
    for f in being.into_iter().chain(thing) {
        out.refs.push((f.title.id.clone(), p.name.clone()));
    }
    let text = if p.breaks.is_empty() || p.breaks == p.does {
        p.does.clone()
    } else {
        format!("{} Broken when: {}", p.does, p.breaks)
    };
    let mut m = Map::new();
    m.insert("name".into(), json!(p.name));
    m.insert("text".into(), json!(text));
    m.insert("broken_by".into(), cond);
    m.insert("penalty".into(), json!(pen));
    Ok(m)
}

/// The Guardian card from its row; on a line that cannot be read, the default Health and
/// six plain faces, and that line.
pub(super) fn card(r: &DRow, titles: &Titles) -> (Map<String, Value>, Result<Read, Unread>) {
    let mut c = Map::new();
    c.insert("$schema".into(), json!("schema.json"));
    c.insert("id".into(), json!("guardian"));
    c.insert("name".into(), json!(r.title.trim()));
    c.insert("type".into(), json!("guardian"));
    c.insert("text".into(), json!(super::cells::prose(r.rules)));
    if !r.flavor.trim().is_empty() {
        c.insert("flavor".into(), json!(r.flavor.trim()));
    }
    let read = read(r, titles);
    match &read {
        Ok(g) => {
            c.insert("hp".into(), json!(g.hp.unwrap_or(DEFAULT_HEALTH)));
            c.insert("faces".into(), Value::Array(g.faces.clone()));
            super::put(&mut c, "requirements", g.requirements.clone());
            super::put(&mut c, "seals", g.seals.clone());
        }
        Err(_) => {
            c.insert("hp".into(), json!(DEFAULT_HEALTH));
            let plain: Vec<Value> = (1..=6)
                .map(|i| json!({"name": format!("Face {i}")}))
                .collect();
            c.insert("faces".into(), Value::Array(plain));
        }
    }
    (c, read)
}
