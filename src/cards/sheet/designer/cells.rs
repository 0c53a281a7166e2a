//! Reading one rules cell of the designer's sheet: its keyword (`FIGHT:`, `CHOOSE:`,
//! `USE:`...), then the lines under it, into a card's effects, options, test or faces.
//! Anything that does not read is an [`Unread`] naming the line and why.

use super::refs::{Kind, Titles};
use super::{DEFAULT_HEALTH, DRow, Unread, unread};
use crate::cards::sheet::notation::{self, Line, normalise};
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
}

pub(super) fn parts(lines: &[&str]) -> Result<Parts, Unread> {
    let mut p = Parts::default();
    for raw in lines {
        // `(one-time use)` says how often (see `use_per`); what else the line says is an
        // effect (`Throw for 3 DMG (one-time use)`).
        let cut = without_one_time(raw);
        let l: &str = cut.as_str();
        if l.trim() == "&" || l.trim().is_empty() || normalise(l).starts_with("turn sideways") {
            continue;
        }
        // `6 COUNTER → BLOCK + DEAL 1 DMG`: the arrow explains, it does not chain.
        if let Ok(Line::Modifier(v)) = notation::effect_line(l)
            && v.get("table_face").is_some()
        {
            p.passive.push(v);
            continue;
        }
        // `&` joins effects on one line; an arrow or "then" reads as one after another.
        let spaced = l.replace(", then ", " & ").replace(" then ", " & ");
        for piece in spaced
            .split(['&', '→'])
            .map(|x| x.trim_start_matches('>').trim())
        {
            match notation::effect_line(piece).map_err(|r| unread(raw, r))? {
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

/// A line without the words `(one-time use)` (any case, with or without brackets).
fn without_one_time(l: &str) -> String {
    // ASCII lower case keeps every byte where it was, so `i` indexes `l` too.
    let low = l.to_ascii_lowercase();
    match low.find("one-time use") {
        Some(i) => {
            let head = l[..i].trim_end().trim_end_matches('(');
            let tail = l[i + "one-time use".len()..].trim_start_matches(')');
            format!("{}{}", head.trim_end(), tail).trim().to_string()
        }
        None => l.to_string(),
    }
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
    // effect line like any other (and reported if it does not read).
    let rest = if stype_of(card) == "companion" {
        clauses(&lines)
    } else {
        vec![(String::new(), String::new(), lines)]
    };
    let lines = rest.first().map(|c| c.2.clone()).unwrap_or_default();
    let more = &rest[1..];
    let stype = stype_of(card);
    match (stype.as_str(), kw.as_str()) {
        ("caesura" | "blessing" | "snare", "EFFECT") => {
            effect_body(kind, &stype, r.rules, &head, &lines, card)?;
        }
        ("terror", "CHOOSE") => {
            card.insert("options".into(), terror_options(r.rules, &lines)?);
        }
        ("rest", "REST") => {}
        ("item" | "equipment", "USE" | "EQUIP") => usable_body(&stype, r.rules, &lines, card)?,
        ("companion", "ENCOUNTER") => {
            encounter_body(&lines, card)?;
            for c in more {
                clause_body(c, card, cx)?;
            }
        }
        ("companion", "CHOOSE") => {
            join_body(&lines, card, cx)?;
            for c in more {
                clause_body(c, card, cx)?;
            }
        }
        ("companion", "FIGHT") => {
            // A companion met as a duel (`FIGHT: UNWINNABLE`, `SPECIAL: Use X - he follows
            // you`): a foe who joins when shown the thing.
            card.insert("type".into(), json!("foe"));
            card.insert("label".into(), json!("Companion"));
            fight(&head, &lines, card)?;
            for c in more {
                clause_body(c, card, cx)?;
            }
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

/// `EFFECT:` of a Caesura, Blessing or Snare: its effects, and (a Snare only) its standing
/// modifiers and triggers.
pub(super) fn effect_body(
    kind: &str,
    stype: &str,
    rules: &str,
    head: &str,
    lines: &[&str],
    card: &mut Map<String, Value>,
) -> Result<(), Unread> {
    let mut all = lines.to_vec();
    if !head.is_empty() {
        all.insert(0, head);
    }
    let p = parts(&all)?;
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
fn terror_options(rules: &str, lines: &[&str]) -> Result<Value, Unread> {
    let sides = split_or(lines);
    if sides.len() != 2 || sides.iter().any(Vec::is_empty) {
        return Err(unread(
            rules.lines().next().unwrap_or(""),
            "a Terror needs two options separated by a line `or`",
        ));
    }
    let options = sides
        .iter()
        .map(|side| terror_option(side))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Value::Array(options))
}

/// One Terror option: its label (the side's lines), its cost (`Spend`/`Pay` lines) and
/// its effects (the other lines).
fn terror_option(side: &[&str]) -> Result<Value, Unread> {
    let label = side.join(" ");
    let mut cost = Vec::new();
    let mut rest = Vec::new();
    for l in side {
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
    Ok(Value::Object(o))
}

/// How often an Item or Equipment may be used (`once`, `domain` or `fight`), from the
/// wording of its rules cell (`rules_low`, normalised) and what its lines hold.
fn use_per(stype: &str, rules_low: &str, p: &Parts) -> &'static str {
    if rules_low.contains("one-time use") {
        "once"
    } else if rules_low.contains("sideways")
        || rules_low.contains("per location")
        || rules_low.contains("per domain")
    {
        "domain"
    } else if p.reroll || rules_low.contains("per fight") {
        "fight"
    } else if stype == "item" {
        "once"
    } else {
        "domain"
    }
}

/// `USE:` / `EQUIP:` of an Item or Equipment: standing effects, a `use` with its
/// frequency, and the `trinket` tag for Equipment that does nothing by itself.
fn usable_body(
    stype: &str,
    rules: &str,
    lines: &[&str],
    card: &mut Map<String, Value>,
) -> Result<(), Unread> {
    let p = parts(lines)?;
    let per = use_per(stype, &normalise(rules), &p);
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
    Ok(())
}

/// A companion's `ENCOUNTER:`: its rules lines, without the "X follows you" restatement;
/// a line of prose with no number is kept as text only.
fn encounter_body(lines: &[&str], card: &mut Map<String, Value>) -> Result<(), Unread> {
    // "X follows you" restates what ENCOUNTER means; other lines are rules.
    let rules: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !normalise(l).contains("follows you"))
        .collect();
    let p = parts_or_prose(&rules)?;
    put(card, "passive", p.passive);
    put(card, "triggers", p.triggers);
    put(card, "effects", p.effects);
    Ok(())
}

/// A companion's `CHOOSE:`: what to give for it to join (`Give X: ... follows you`, X
/// matched to a card of the sheet), and the effects of refusing (`refused`; a leading
/// `Discard this card:` says the card goes, which refusing means anyway).
fn join_body(lines: &[&str], card: &mut Map<String, Value>, cx: &mut Cx) -> Result<(), Unread> {
    let sides = split_or(lines);
    let (line, give) = sides
        .iter()
        .flatten()
        .find_map(|l| {
            let t = l.trim();
            let lower = t.to_lowercase();
            lower.starts_with("give ").then(|| {
                (
                    *l,
                    t[5..].split(':').next().unwrap_or("").trim().to_string(),
                )
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
        .collect();
    put(card, "refused", parts_or_prose(&refused)?.effects);
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
    let p = parts_or_prose(&rules)?;
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

/// Effect lines, where a line of prose holding no number is kept as text only.
fn parts_or_prose(lines: &[&str]) -> Result<Parts, Unread> {
    let mut all = Parts::default();
    for l in lines {
        match parts(&[l]) {
            Ok(p) => {
                all.effects.extend(p.effects);
                all.passive.extend(p.passive);
                all.triggers.extend(p.triggers);
                all.reroll |= p.reroll;
                all.thrown |= p.thrown;
            }
            Err(u) if l.chars().any(|c| c.is_ascii_digit()) => return Err(u),
            Err(_) => {}
        }
    }
    Ok(all)
}

fn stype_of(card: &Map<String, Value>) -> String {
    card["type"].as_str().unwrap_or("").to_string()
}

/// What reading a row's cell needs from the rest of the sheet, and what it found there.
pub(super) struct Cx<'a> {
    pub(super) titles: &'a Titles,
    /// Names matched not exactly as their rows spell them.
    pub(super) notes: Vec<String>,
    /// Card ids this row refers to (given, shown, carried).
    pub(super) refs: Vec<String>,
}

impl Cx<'_> {
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
) -> Result<(), Unread> {
    let h = normalise(head);
    let mut faces = Vec::new();
    let mut hp = notation::first_int(&h).map(|n| json!(n));
    if h.contains("unwinnable") {
        card.insert("invulnerable".into(), json!(true));
    }
    for l in lines {
        let n = normalise(l);
        if n.chars().all(|c| c == '-') {
            continue;
        }
        if n.starts_with("hp") {
            let own = if n.contains("player") {
                json!("health")
            } else {
                json!(notation::first_int(&n).unwrap_or(DEFAULT_HEALTH))
            };
            hp = hp.or(Some(own));
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
pub(super) fn challenge(head: &str, lines: &[&str]) -> Result<Value, Unread> {
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
