//! Reading one rules cell of the designer's sheet: its keyword (`FIGHT:`, `CHOOSE:`,
//! `USE:`...), then the lines under it, clause by clause (`notation::Reader`), into a
//! card's effects, options, test or faces. A cell whose shape is wrong (no keyword, five
//! faces, one Terror option) is an [`Unread`] error and the row a quiet stand-in; words no
//! clause reads cost only themselves: they are handed back in [`Cx::left`] with their line,
//! and the card keeps everything else.

use super::refs::{Kind, Titles};
use super::{DRow, Unread, unread};
use crate::cards::sheet::notation::{self, Ctx, Line, Read, Reader, TestRead, normalise};
use serde_json::{Map, Value, json};

/// The rules cell split into its keyword (`FIGHT`), the rest of the keyword line (`5 HP`)
/// and the following non-empty lines, trimmed.
pub(super) fn split_rules(rules: &str) -> Result<(String, String, Vec<&str>), Unread> {
    let mut lines = rules
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .peekable();
    let mut first = lines.next().unwrap_or("");
    // An empty `EFFECT:` over another keyword (`EFFECT:` then `FIGHT: 4 HP`) is a heading
    // the designer's template left: the keyword under it says what the card is.
    while normalise(first) == "effect:" && lines.peek().is_some_and(|l| is_keyword_line(l)) {
        first = lines.next().unwrap_or("");
    }
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
pub(super) struct Parts {
    pub(super) effects: Vec<Value>,
    passive: Vec<Value>,
    triggers: Vec<Value>,
    reroll: bool,
    thrown: bool,
    /// How often, when a clause says (`Once per location`, `(one-time use)`).
    per: Option<&'static str>,
    /// A Terror option's costs.
    costs: Vec<Value>,
}

impl Parts {
    fn add(&mut self, l: Line) {
        match l {
            Line::Effect(v) => self.effects.push(v),
            Line::Modifier(v) => self.passive.push(v),
            Line::Trigger(v) => self.triggers.push(v),
            Line::Thrown(v) => {
                self.thrown = true;
                self.effects.push(v);
            }
            Line::Reroll => self.reroll = true,
            Line::Per(p) => {
                self.per.get_or_insert(p);
            }
            Line::Cost(v) => self.costs.push(v),
            Line::Nothing => {}
        }
    }
}

/// Reads effect lines clause by clause; what no clause reads goes to `cx.left` with its
/// line, a gloss to `cx.notes`.
pub(super) fn parts(lines: &[&str], ctx: Ctx, cx: &mut Cx) -> Parts {
    let mut p = Parts::default();
    for raw in lines {
        let read = cx.reader.line(raw, ctx);
        for l in read.lines.iter().cloned() {
            p.add(l);
        }
        cx.hand_back(raw, &read);
    }
    p
}

/// Whether a line is a keyword line of its own (`FIGHT: 4 HP`, `CHOOSE:`).
fn is_keyword_line(l: &str) -> bool {
    l.split_once(':')
        .is_some_and(|(k, _)| k.len() >= 3 && k.chars().all(|c| c.is_ascii_uppercase() || c == ' '))
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
pub(super) fn prose(rules: &str) -> String {
    rules
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.chars().all(|c| c == '-'))
        .collect::<Vec<_>>()
        .join("\n")
}

pub(in crate::cards::sheet) fn put(card: &mut Map<String, Value>, key: &str, v: Vec<Value>) {
    if !v.is_empty() {
        card.insert(key.into(), Value::Array(v));
    }
}

/// The type-specific fields of a Station card from its rules cell.
pub(super) fn station_body(
    kind: &str,
    r: &DRow,
    card: &mut Map<String, Value>,
    cx: &mut Cx,
) -> Result<(), Unread> {
    let (kw, head, lines) = split_rules(r.rules)?;
    // Only a companion's cell holds further keyword clauses; elsewhere such a line is an
    // effect line like any other (and handed back if it does not read).
    let rest = if stype_of(card) == "companion" {
        clauses(&lines)
    } else {
        vec![(String::new(), String::new(), lines)]
    };
    let lines = rest.first().map(|c| c.2.clone()).unwrap_or_default();
    let more = &rest[1..];
    let stype = stype_of(card);
    // What a keyword's own line says after the colon is read as its first line (only
    // FIGHT's and EFFECT's are read apart, as their head).
    let with_head = || {
        let mut all = lines.clone();
        if !head.is_empty() {
            all.insert(0, head.as_str());
        }
        all
    };
    match (stype.as_str(), kw.as_str()) {
        ("caesura" | "blessing" | "snare", "EFFECT") => {
            effect_body(kind, &stype, r.rules, &head, &lines, card, cx)?;
        }
        // A Beast, Hollow or Terror whose cell is an effect and no fight or choice: a card
        // that does this when turned (a Caesura), printed with the designer's type.
        ("foe" | "terror", "EFFECT") => {
            card.insert("type".into(), json!("caesura"));
            card.insert("label".into(), json!(r.kind.trim()));
            card.remove("tags");
            effect_body(kind, "caesura", r.rules, &head, &lines, card, cx)?;
        }
        ("terror", "CHOOSE") => {
            card.insert("options".into(), terror_options(r.rules, &with_head(), cx)?);
        }
        ("rest", "REST") => {
            let all = with_head();
            let rest = Ctx {
                rest: true,
                ..Ctx::default()
            };
            let p = parts(&all, rest, cx);
            put(card, "effects", p.effects);
        }
        ("item" | "equipment", "USE" | "EQUIP") => usable_body(&stype, &head, &lines, card, cx),
        ("companion", "ENCOUNTER") => {
            encounter_body(&with_head(), card, cx);
            for c in more {
                clause_body(c, card, cx)?;
            }
        }
        ("companion", "CHOOSE") => {
            join_body(&with_head(), card, cx)?;
            for c in more {
                clause_body(c, card, cx)?;
            }
        }
        ("companion", "FIGHT") => {
            // A companion met as a duel (`FIGHT: UNWINNABLE`, `SPECIAL: Use X - he follows
            // you`): a foe who joins when shown the thing.
            card.insert("type".into(), json!("foe"));
            card.insert("label".into(), json!("Companion"));
            fight(&head, &lines, card, cx)?;
            for c in more {
                clause_body(c, card, cx)?;
            }
        }
        ("foe", "FIGHT") => fight(&head, &lines, card, cx)?,
        ("pit", "CHALLENGE") => {
            card.insert("test".into(), challenge(&head, &lines, cx)?);
        }
        _ => {
            return Err(unread(
                r.rules.lines().next().unwrap_or(""),
                format!("a {kind} card does not take `{kw}:`"),
            ));
        }
    }
    Ok(())
}

/// `EFFECT:` of a Caesura, Blessing or Snare: its effects, and (a Snare only) its standing
/// modifiers and triggers.
pub(super) fn effect_body(
    kind: &str,
    stype: &str,
    rules: &str,
    head: &str,
    lines: &[&str],
    card: &mut Map<String, Value>,
    cx: &mut Cx,
) -> Result<(), Unread> {
    let mut all = lines.to_vec();
    if !head.is_empty() {
        all.insert(0, head);
    }
    let p = parts(&all, Ctx::default(), cx);
    if stype != "snare" && (!p.passive.is_empty() || !p.triggers.is_empty()) {
        return Err(unread(
            rules.lines().nth(1).unwrap_or(""),
            format!("a {kind} cannot hold a standing effect"),
        ));
    }
    put(card, "effects", p.effects);
    put(card, "passive", p.passive);
    put(card, "triggers", p.triggers);
    Ok(())
}

/// A Terror's `CHOOSE:`: exactly two options separated by a line `or`.
fn terror_options(rules: &str, lines: &[&str], cx: &mut Cx) -> Result<Value, Unread> {
    let sides = split_or(lines);
    if sides.len() != 2 || sides.iter().any(Vec::is_empty) {
        return Err(unread(
            rules.lines().next().unwrap_or(""),
            "a Terror needs two options separated by a line `or`",
        ));
    }
    let options = sides.iter().map(|side| terror_option(side, cx)).collect();
    Ok(Value::Array(options))
}

/// One Terror option: its label (the side's lines), its cost (`Spend 1 Resolve`) and its
/// effects.
fn terror_option(side: &[&str], cx: &mut Cx) -> Value {
    let label = side.join(" ");
    let costs = Ctx {
        costs: true,
        ..Ctx::default()
    };
    let p = parts(side, costs, cx);
    let mut o = Map::new();
    o.insert("label".into(), json!(label));
    put(&mut o, "cost", p.costs);
    o.insert("effects".into(), Value::Array(p.effects));
    Value::Object(o)
}

/// How often an Item or Equipment may be used (`once`, `domain` or `fight`): what a
/// clause of its cell says, else a reroll's once per fight, else an Item's once and an
/// Equipment's once per Domain.
fn use_per(stype: &str, p: &Parts) -> &'static str {
    match (p.per, p.reroll, stype) {
        (Some(per), _, _) => per,
        (None, true, _) => "fight",
        (None, false, "item") => "once",
        (None, false, _) => "domain",
    }
}

/// `USE:` / `EQUIP:` of an Item or Equipment: standing effects, a `use` with its
/// frequency, and the `trinket` tag for Equipment that does nothing by itself.
fn usable_body(
    stype: &str,
    head: &str,
    lines: &[&str],
    card: &mut Map<String, Value>,
    cx: &mut Cx,
) {
    let mut all = lines.to_vec();
    if !head.is_empty() {
        all.insert(0, head);
    }
    let p = parts(&all, Ctx::default(), cx);
    let per = use_per(stype, &p);
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

/// A companion's `ENCOUNTER:`: its rules lines (`X follows you` restates the keyword); a
/// line of prose holding no number is kept as text only, and said.
fn encounter_body(lines: &[&str], card: &mut Map<String, Value>, cx: &mut Cx) {
    let follows = Ctx {
        follows: true,
        ..Ctx::default()
    };
    let p = parts_or_prose(lines, follows, cx);
    put(card, "passive", p.passive);
    put(card, "triggers", p.triggers);
    put(card, "effects", p.effects);
}

/// A companion's `CHOOSE:`: what to give for it to join (`Give X: ... follows you`, X
/// matched to a card of the sheet), and the effects of refusing (`refused`; a leading
/// `Discard this card:` says the card goes, which refusing means anyway).
fn join_body(lines: &[&str], card: &mut Map<String, Value>, cx: &mut Cx) -> Result<(), Unread> {
    let sides = split_or(lines);
    let (line, give, rest) = sides
        .iter()
        .flatten()
        .find_map(|l| {
            let t = l.trim();
            let lower = t.to_lowercase();
            lower.starts_with("give ").then(|| {
                let (name, rest) = t[5..].split_once(':').unwrap_or((&t[5..], ""));
                (*l, name.trim().to_string(), rest.trim().to_string())
            })
        })
        .ok_or_else(|| {
            unread(
                lines.first().unwrap_or(&""),
                "a companion's CHOOSE needs a line `Give X: ... follows you`",
            )
        })?;
    let id = cx.thing(&give, line, "give")?;
    card.insert("join".into(), json!({ "give": id }));
    let follows = Ctx {
        follows: true,
        ..Ctx::default()
    };
    let said = cx.reader.line(&rest, follows);
    if !said.lines.iter().all(|l| *l == Line::Nothing) {
        cx.left.push(unread(
            line,
            "what giving it does is not what the notation reads (`... follows you`)",
        ));
    }
    cx.hand_back(line, &said);
    let refused: Vec<&str> = sides
        .into_iter()
        .filter(|s| !s.iter().any(|l| normalise(l).starts_with("give ")))
        .flatten()
        .map(|l| {
            let n = normalise(l);
            if n.starts_with("discard this card") {
                l.split_once(':').map_or("", |(_, r)| r.trim())
            } else {
                l
            }
        })
        .filter(|l| !l.trim().is_empty())
        .collect();
    put(
        card,
        "refused",
        parts_or_prose(&refused, Ctx::default(), cx).effects,
    );
    Ok(())
}

/// The keyword clauses of a cell: the first keyword's lines, then each further line
/// `KEYWORD:` (upper case) with its lines (`NIGHT SEA CROSSING:`, `SPECIAL:`).
fn clauses<'a>(lines: &[&'a str]) -> Vec<(String, String, Vec<&'a str>)> {
    let mut out = vec![(String::new(), String::new(), Vec::new())];
    for l in lines {
        match l.split_once(':') {
            Some((k, rest))
                if k.trim().len() >= 3
                    && k.chars()
                        .all(|c| c.is_ascii_uppercase() || c == ' ' || c == '-') =>
            {
                out.push((k.trim().to_string(), rest.trim().to_string(), Vec::new()));
            }
            _ => {
                if let Some(last) = out.last_mut() {
                    last.2.push(*l);
                }
            }
        }
    }
    out
}

/// A companion's further clause: `SPECIAL: Use X - he ... follows you` (a way to make a
/// foe join by showing or giving X), a line saying they carry X (`carries`), or rules
/// lines and prose.
fn clause_body(
    c: &(String, String, Vec<&str>),
    card: &mut Map<String, Value>,
    cx: &mut Cx,
) -> Result<(), Unread> {
    let all: Vec<&str> = std::iter::once(c.1.as_str())
        .chain(c.2.iter().copied())
        .filter(|l| !l.trim().is_empty())
        .collect();
    let mut rules = Vec::new();
    for l in all {
        let n = normalise(l);
        let joins = n.contains("follows you") || n.contains("joins you") || n.contains("join you");
        if joins && (n.starts_with("use ") || n.starts_with("show ") || n.starts_with("give ")) {
            let verb = if n.starts_with("give ") {
                "give"
            } else {
                "show"
            };
            // `Use the Mirror Shard - the Knight ...`: the thing is named before the dash.
            let after = l.trim().split_once(' ').map_or("", |x| x.1);
            let named = after
                .split(" - ")
                .next()
                .unwrap_or(after)
                .split(['—', '–', ':'])
                .next()
                .unwrap_or(after);
            let thing = match cx.titles.find(named) {
                Some(_) => cx.thing(named, l, verb)?,
                None => cx.thing_in(named, l)?,
            };
            let title = cx
                .titles
                .find(&thing)
                .map_or(thing.clone(), |f| f.title.title.clone());
            let verb_word = if verb == "give" { "Give" } else { "Show" };
            let mut pass = Map::new();
            pass.insert(
                "label".into(),
                json!(format!(
                    "{verb_word} the {}",
                    title.trim_start_matches("The ")
                )),
            );
            pass.insert(verb.into(), json!(thing));
            pass.insert("joins".into(), json!(true));
            let list = card.entry("passage").or_insert_with(|| json!([]));
            if let Some(a) = list.as_array_mut() {
                a.push(Value::Object(pass));
            }
        } else if n.contains("carr")
            && cx
                .titles
                .mentions(&n)
                .iter()
                .any(|f| f.title.kind == Kind::Thing)
        {
            let thing = cx.thing_in(l, l)?;
            let list = card.entry("carries").or_insert_with(|| json!([]));
            if let Some(a) = list.as_array_mut()
                && !a.iter().any(|x| x == &json!(thing))
            {
                a.push(json!(thing));
            }
        } else {
            rules.push(l);
        }
    }
    let p = parts_or_prose(&rules, Ctx::default(), cx);
    for (k, v) in [
        ("effects", p.effects),
        ("passive", p.passive),
        ("triggers", p.triggers),
    ] {
        if v.is_empty() {
            continue;
        }
        let list = card.entry(k).or_insert_with(|| json!([]));
        if let Some(a) = list.as_array_mut() {
            a.extend(v);
        }
    }
    Ok(())
}

/// Effect lines, where a line no clause of which reads and that holds no number is prose,
/// kept as text only (and said in a note).
fn parts_or_prose(lines: &[&str], ctx: Ctx, cx: &mut Cx) -> Parts {
    let mut all = Parts::default();
    for l in lines {
        let read = cx.reader.line(l, ctx);
        if read.lines.is_empty() && !l.chars().any(|c| c.is_ascii_digit()) {
            cx.notes.push(format!(
                "`{}` is kept as text only: no rule reads it",
                l.trim()
            ));
            continue;
        }
        for x in read.lines.iter().cloned() {
            all.add(x);
        }
        cx.hand_back(l, &read);
    }
    all
}

fn stype_of(card: &Map<String, Value>) -> String {
    card["type"].as_str().unwrap_or("").to_string()
}

/// What reading a row's cell needs from the rest of the sheet, and what it found there.
pub(super) struct Cx<'a> {
    pub(super) titles: &'a Titles,
    /// The notation's reader, with the designer's phrasebook.
    pub(super) reader: &'a Reader,
    /// Notes: names matched not exactly as their rows spell them, glosses, prose kept.
    pub(super) notes: Vec<String>,
    /// Card ids this row refers to (given, shown, carried).
    pub(super) refs: Vec<String>,
    /// Words no clause read, with their line: reported, never dropped.
    pub(super) left: Vec<Unread>,
}

impl<'a> Cx<'a> {
    /// A reader of one row's cell.
    pub(super) fn new(titles: &'a Titles, reader: &'a Reader) -> Self {
        Cx {
            titles,
            reader,
            notes: Vec::new(),
            refs: Vec::new(),
            left: Vec::new(),
        }
    }

    /// What a line's reading left over (reported with the line) and its glosses (noted).
    pub(super) fn hand_back(&mut self, line: &str, read: &Read) {
        for words in &read.left {
            self.left.push(unread(
                line,
                format!(
                    "`{words}` is not in the notation: those words were not read into the card"
                ),
            ));
        }
        for g in &read.glosses {
            self.notes.push(format!(
                "`({g})` in `{}` is read as a gloss: words only, no rule",
                line.trim()
            ));
        }
    }

    /// The id of the Item or Equipment `name` means; `line` is reported if none.
    pub(super) fn thing(&mut self, name: &str, line: &str, what: &str) -> Result<String, Unread> {
        let f = self
            .titles
            .find(name)
            .filter(|f| f.title.kind == Kind::Thing)
            .ok_or_else(|| {
                unread(
                    line,
                    format!("`{name}` ({what}) names no Item or Equipment of the sheet"),
                )
            })?;
        if !f.exact {
            self.notes.push(format!(
                "read `{}` as the card \"{}\" ({})",
                name.trim(),
                f.title.title,
                f.title.id
            ));
        }
        self.refs.push(f.title.id.clone());
        Ok(f.title.id.clone())
    }

    /// The id of the first Item or Equipment named in a line of prose.
    fn thing_in(&mut self, prose: &str, line: &str) -> Result<String, Unread> {
        let found = self
            .titles
            .mentions(prose)
            .into_iter()
            .find(|f| f.title.kind == Kind::Thing)
            .ok_or_else(|| unread(line, "names no Item or Equipment of the sheet"))?;
        if !found.exact {
            self.notes.push(format!(
                "read `{}` as the card \"{}\" ({})",
                line.trim(),
                found.title.title,
                found.title.id
            ));
        }
        self.refs.push(found.title.id.clone());
        Ok(found.title.id.clone())
    }
}

/// A foe's HP and faces: `FIGHT: 5 HP`, dashes, six face lines.
///
/// `FIGHT: UNWINNABLE` is a foe that can be fought but never beaten (the prototype's Mirror
/// Knight, who "cannot be beaten by force"): `invulnerable`, not `unbeatable` (which could
/// not be fought at all). `HP = Player HP` is `hp: "health"`, the traveller's Health when
/// the duel starts.
pub(super) fn fight(
    head: &str,
    lines: &[&str],
    card: &mut Map<String, Value>,
    cx: &mut Cx,
) -> Result<(), Unread> {
    let mut faces = Vec::new();
    let mut hp: Option<Value> = None;
    for (i, l) in std::iter::once(head)
        .chain(lines.iter().copied())
        .enumerate()
    {
        let n = normalise(l);
        if n.is_empty() || n.chars().all(|c| c == '-') {
            continue;
        }
        if let Some(what) = fight_line(&n) {
            match what {
                FightLine::Hp(v) => hp = hp.or(Some(v)),
                FightLine::Unwinnable => {
                    card.insert("invulnerable".into(), json!(true));
                }
            }
            continue;
        }
        if i == 0 {
            cx.left.push(unread(
                l,
                "the FIGHT line reads `FIGHT: N HP` or `FIGHT: UNWINNABLE`",
            ));
            continue;
        }
        let (face, read) = cx.reader.face(l).map_err(|r| unread(l, r))?;
        cx.hand_back(l, &read);
        faces.push(face);
    }
    if faces.len() != 6 {
        return Err(unread(
            lines.last().unwrap_or(&head),
            format!("a foe needs six faces, found {}", faces.len()),
        ));
    }
    let hp = hp.ok_or_else(|| unread(head, "the FIGHT line gives no HP"))?;
    card.insert("hp".into(), hp);
    card.insert("faces".into(), Value::Array(faces));
    Ok(())
}

/// A line giving hit points or Health (`FIGHT: 5 HP`, `HP: 18`, `Starting HP: 20`, `7hp`):
/// `Ok` with the number when that is all it says, `Err` with the first number when it
/// says more; `None` when it names no HP.
pub(super) fn hp_line(l: &str) -> Option<Result<i64, i64>> {
    let n = normalise(l);
    if !(n.contains("hp") || n.contains("health")) {
        return None;
    }
    let first = notation::first_int(&n)?;
    let compact: String = n.chars().filter(|c| !c.is_whitespace()).collect();
    let mut body = compact.as_str();
    for kw in ["fight:", "special:", "starting", "start"] {
        body = body.strip_prefix(kw).unwrap_or(body);
    }
    let num = body
        .strip_suffix("hp")
        .or_else(|| body.strip_suffix("health"))
        .or_else(|| body.strip_prefix("hp:"))
        .or_else(|| body.strip_prefix("hp="))
        .or_else(|| body.strip_prefix("health:"))
        .or_else(|| body.strip_prefix("hp"));
    Some(match num.and_then(|x| x.parse::<i64>().ok()) {
        Some(v) => Ok(v),
        None => Err(first),
    })
}

/// What a line of a fight (not a face) says.
enum FightLine {
    Hp(Value),
    Unwinnable,
}

/// `5 HP`, `4hp`, `HP: 5`, `HP = Player HP`, `UNWINNABLE` (`n` normalised).
fn fight_line(n: &str) -> Option<FightLine> {
    let compact: String = n.chars().filter(|c| !c.is_whitespace()).collect();
    if compact == "unwinnable" {
        return Some(FightLine::Unwinnable);
    }
    if matches!(
        compact.as_str(),
        "hp=playerhp" | "hp:playerhp" | "hp=player'shp" | "hp=playerhealth"
    ) {
        return Some(FightLine::Hp(json!("health")));
    }
    let num = compact
        .strip_suffix("hp")
        .or_else(|| compact.strip_prefix("hp:"))
        .or_else(|| compact.strip_prefix("hp="))
        .or_else(|| compact.strip_prefix("hp"))?;
    num.parse::<i64>().ok().map(|v| FightLine::Hp(json!(v)))
}

/// A Pit's test: `Roll 1d6, Target: 4+`, optionally extended, with the effects of each
/// failure, of failing and of passing; several clauses may share a line.
pub(super) fn challenge(head: &str, lines: &[&str], cx: &mut Cx) -> Result<Value, Unread> {
    let mut read = TestRead::default();
    let all: Vec<&str> = std::iter::once(head)
        .chain(lines.iter().copied())
        .filter(|l| !l.trim().is_empty())
        .collect();
    for l in &all {
        let before = read.read.left.len();
        let glosses = read.read.glosses.len();
        cx.reader.challenge_line(l, &mut read);
        let line_read = Read {
            lines: Vec::new(),
            left: read.read.left[before..].to_vec(),
            glosses: read.read.glosses[glosses..].to_vec(),
        };
        cx.hand_back(l, &line_read);
    }
    let target = read
        .target
        .ok_or_else(|| unread(head, "the challenge has no `Target: N+`"))?;
    let mut t = Map::new();
    t.insert("target".into(), json!(target));
    if let Some(d) = read.dice.filter(|d| *d != 1) {
        t.insert("dice".into(), json!(d));
    }
    let (mut success, mut failure, mut each) = (Vec::new(), Vec::new(), Vec::new());
    for (bucket, line) in read.effects {
        let mut p = Parts::default();
        p.add(line);
        let list = match bucket {
            notation::Bucket::EachFailure => &mut each,
            notation::Bucket::Failure => &mut failure,
            notation::Bucket::Success => &mut success,
        };
        list.extend(p.effects);
        if !(p.passive.is_empty() && p.triggers.is_empty()) {
            return Err(unread(head, "a test's effects cannot be standing effects"));
        }
    }
    if read.extended {
        t.insert("extended".into(), json!(true));
        t.insert("each_failure".into(), Value::Array(each));
    } else {
        failure.extend(each);
    }
    t.insert("success".into(), Value::Array(success));
    t.insert("failure".into(), Value::Array(failure));
    Ok(Value::Object(t))
}
