//! The Guardian's rules cell. The designer writes it as prose: its HP, a requirement, a
//! heading `THE THREE SEALS (...)`, each seal as `SEAL OF X (...): what it does` followed by
//! `- Break: what breaks it`, then `GUARDIAN COMBAT TABLE (1d6):` and six face lines. A
//! plain `FIGHT: 20 HP` cell with six faces reads too.
//!
//! A seal's penalty is read from what it does (heals fully, strikes you back, bars the way,
//! cannot be harmed); its condition from the cards its break line names: a being who must
//! carry a thing (`carries`), a being who must follow (`follows`), or a thing to hold
//! (`holds`).

use super::refs::{Found, Kind, Titles};
use super::{DEFAULT_HEALTH, DRow, Unread, slug, unread};
use crate::cards::sheet::notation::{Reader, normalise};
use crate::cards::spec::PENALTY_SPECS;
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
    /// Lines that could not be read; each costs only what it says (a face read as a
    /// blank, a seal left out).
    pub(super) unread: Vec<Unread>,
    /// Cards a seal names that its condition cannot hold: the row is an error.
    pub(super) errors: Vec<Unread>,
}

/// Reads the Guardian's cell line by line: a line that cannot be read is listed in
/// `unread` and costs only itself (a face becomes a blank face, a seal is left out).
pub(super) fn read(r: &DRow, titles: &Titles, reader: &Reader) -> Read {
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
            if !seals_heading(l) {
                out.unread.push(unread(
                    l,
                    "a heading of the seals reads `THE THREE SEALS (words):`; this one says more, which was not read",
                ));
            }
            continue;
        }
        if is_face(&n) && (part == Part::Table || part == Part::Head) {
            let face = match reader.face(l) {
                Ok((face, read)) if read.left.is_empty() => face,
                Ok((_, read)) => {
                    let words = read.left.join("`, `");
                    out.unread.push(unread(
                        l,
                        format!("`{words}` is not a face result this notation knows; this face is a blank (a miss), the other faces stand"),
                    ));
                    blank_face(l, out.faces.len() + 1)
                }
                Err(why) => {
                    out.unread.push(unread(
                        l,
                        format!("{why}; this face is a blank (a miss), the other faces stand"),
                    ));
                    blank_face(l, out.faces.len() + 1)
                }
            };
            out.faces.push(face);
            continue;
        }
        if seals.is_empty() && l.starts_with('(') && l.ends_with(')') {
            // An aside in brackets (often repeating the requirement above): text only.
            continue;
        }
        if let Some(b) = break_line(l) {
            match seals.last_mut().or(reqs.last_mut()) {
                Some(last) => last.breaks = format!("{} {b}", last.breaks).trim().to_string(),
                None => out.unread.push(unread(
                    l,
                    "a `Break:` line comes before any seal it could break",
                )),
            }
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
        out.unread.push(unread(
            r.rules.lines().last().unwrap_or(""),
            format!(
                "the Guardian needs six faces, found {}; the missing ones are blanks (misses)",
                out.faces.len()
            ),
        ));
        out.faces.truncate(6);
        while out.faces.len() < 6 {
            let i = out.faces.len() + 1;
            out.faces.push(json!({"name": format!("Face {i}")}));
        }
    }
    for (i, p) in reqs.iter().enumerate() {
        match seal(p, titles, &mut out, Some("invulnerable")) {
            Ok(v) => {
                let id = format!("requirement_{}", i + 1);
                out.requirements.push(with_id(v, &id));
            }
            Err(u) => out.unread.push(u),
        }
    }
    for p in &seals {
        match seal(p, titles, &mut out, None) {
            Ok(v) => out.seals.push(with_id(v, &slug(&p.name))),
            Err(u) => out.unread.push(u),
        }
    }
    out
}

/// The face a line that did not read stands for: its name (after the die number, before
/// any bracket), with no effect.
fn blank_face(l: &str, i: usize) -> Value {
    let name = l
        .trim()
        .split_once(char::is_whitespace)
        .map_or("", |(_, rest)| rest)
        .split('(')
        .next()
        .unwrap_or("")
        .trim();
    let name = if name.is_empty() {
        format!("Face {i}")
    } else {
        name.to_string()
    };
    json!({ "name": name })
}

/// A line before the seals: the HP (`FIGHT: 20 HP`, `HP: 20`), a requirement naming a
/// card (`REQUIREMENT: only the Ancient Sword can wound it`), or free text.
fn head_line(l: &str, n: &str, titles: &Titles, out: &mut Read, reqs: &mut Vec<Prose>) {
    let names_a_thing = titles
        .mentions(n)
        .iter()
        .any(|f| f.title.kind == Kind::Thing);
    if out.hp.is_none() && n.contains("hp") && !names_a_thing {
        match super::cells::hp_line(l) {
            Some(Ok(hp)) => out.hp = Some(hp),
            Some(Err(hp)) => {
                out.hp = Some(hp);
                out.unread.push(unread(
                    l,
                    format!(
                        "this line says more than the Guardian's HP ({hp}): the rest was not read"
                    ),
                ));
            }
            None => {}
        }
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

/// Whether a line is only a heading of the seals: `THE THREE SEALS`, a gloss in brackets
/// with no number, a colon.
fn seals_heading(l: &str) -> bool {
    use crate::cards::phrase::{Tok, tokens};
    let toks: Vec<Tok> = tokens(l).into_iter().map(|t| t.tok).collect();
    let Some(at) = toks.iter().position(|t| *t == Tok::Word("seals".into())) else {
        return false;
    };
    let before = toks[..at]
        .iter()
        .filter(|t| **t != Tok::Word("the".into()))
        .count();
    let rest: Vec<&Tok> = toks[at + 1..]
        .iter()
        .filter(|t| **t != Tok::Sym(':'))
        .collect();
    let gloss = match rest.as_slice() {
        [] => true,
        [Tok::Sym('('), inner @ .., Tok::Sym(')')] => inner
            .iter()
            .all(|t| matches!(t, Tok::Word(_) | Tok::Sym(',' | '-' | '\''))),
        _ => false,
    };
    before <= 1 && gloss
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

/// What an unbroken seal does, from its wording (the spec's rows, in their order).
fn penalty(does: &str) -> Option<&'static str> {
    let d = normalise(does);
    PENALTY_SPECS
        .iter()
        .find(|p| p.says.iter().any(|w| d.contains(w)))
        .map(|p| p.key)
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
    let cond = condition(p, said, &named, out)?;
    for f in &named {
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

/// The condition a break line (`said`) sets, holding every card it names: a companion
/// who carries a thing (the line says "carr..." or "bring"), else each companion follows
/// and each thing is held (a companion who must *use* an item: both, so the item stays in
/// the puzzle). Several parts are joined with `all`. A named card that is neither a thing
/// nor a companion cannot be held or followed: the row is an error naming it.
fn condition(p: &Prose, said: &str, named: &[Found], out: &mut Read) -> Result<Value, Unread> {
    let beings: Vec<&str> = named
        .iter()
        .filter(|f| f.title.kind == Kind::Being)
        .map(|f| f.title.id.as_str())
        .collect();
    let things: Vec<&str> = named
        .iter()
        .filter(|f| f.title.kind == Kind::Thing)
        .map(|f| f.title.id.as_str())
        .collect();
    for f in named.iter().filter(|f| f.title.kind == Kind::Other) {
        out.errors.push(unread(
            said,
            format!(
                "{}: its break names \"{}\" ({}), which is neither an Item, an Equipment nor a companion, so no condition can hold it",
                p.name, f.title.title, f.title.id
            ),
        ));
    }
    let low = normalise(said);
    let carried = low.contains("carr") || low.contains("bring");
    let mut parts: Vec<Value> = Vec::new();
    match beings.as_slice() {
        [b] if carried && !things.is_empty() => {
            for t in &things {
                parts.push(json!({"carries": {"companion": b, "card": t}}));
            }
        }
        _ => {
            parts.extend(beings.iter().map(|b| json!({"follows": b})));
            parts.extend(things.iter().map(|t| json!({"holds": t})));
        }
    }
    match parts.len() {
        0 => Err(unread(
            said,
            format!("{}: its break names no card of the sheet", p.name),
        )),
        1 => Ok(parts.remove(0)),
        _ => Ok(json!({ "all": parts })),
    }
}

/// The Guardian card from its row: what its cell says, with a blank face for each face
/// line that could not be read and the default Health when none is given.
pub(super) fn card(r: &DRow, titles: &Titles, reader: &Reader) -> (Map<String, Value>, Read) {
    let mut c = Map::new();
    c.insert("$schema".into(), json!("schema.json"));
    c.insert("id".into(), json!("guardian"));
    c.insert("name".into(), json!(r.title.trim()));
    c.insert("type".into(), json!("guardian"));
    c.insert("text".into(), json!(super::cells::prose(r.rules)));
    if !r.flavor.trim().is_empty() {
        c.insert("flavor".into(), json!(r.flavor.trim()));
    }
    let g = read(r, titles, reader);
    c.insert("hp".into(), json!(g.hp.unwrap_or(DEFAULT_HEALTH)));
    c.insert("faces".into(), Value::Array(g.faces.clone()));
    super::put(&mut c, "requirements", g.requirements.clone());
    super::put(&mut c, "seals", g.seals.clone());
    (c, g)
}
