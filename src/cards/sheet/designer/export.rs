//! The card set written back in the designer's layout and notation (`forward cards export
//! FILE --layout designer`): one row per card, its rules cell in the keywords the import
//! reads (`FIGHT: 5 HP`, `CHOOSE:`, `EQUIP:`...), so that designer -> Forward -> designer
//! keeps every row's meaning. A field the notation has no words for is not dropped in
//! silence: the row is listed in what [`rows`] returns.

use super::HEADER;
use crate::cards::phrasebook::Phrasebook;
use serde_json::{Map, Value};

/// One row of the designer's layout, in `HEADER` order.
pub type DesignerRow = [String; 7];

/// What an export could not say in the notation: (card id, the field).
pub type Unsaid = Vec<(String, String)>;

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

fn n(v: &Value) -> i64 {
    v.as_i64().unwrap_or(0)
}

/// The notation's words for one effect, if it has any: its spec row's (`cards::spec`),
/// or the designer's own phrase for it (their phrasebook). The typed effect is matched
/// with an arm for every variant, so a new effect does not compile until it is said here
/// or listed as having no words (the export then names it among what it could not say).
fn effect(e: &Value, book: Option<&Phrasebook>) -> Option<String> {
    use crate::cards::model::{Amount, Condition, Effect};
    use crate::cards::spec::{bonus_spec, spec_of};
    let typed: Effect = serde_json::from_value(e.clone()).ok()?;
    let spec = spec_of(&typed);
    // The number (or dice) as the notation writes it.
    let say = |n: String| -> Option<String> {
        book.and_then(|b| b.say(spec.key, &n))
            .or_else(|| Some(spec.designer?.replace("{n}", &n)))
    };
    match &typed {
        Effect::Heal(Amount::Full(_)) => spec.designer_more.map(str::to_string),
        Effect::LoseHealth(Amount::Full(_)) => None,
        Effect::Heal(a) | Effect::LoseHealth(a) => say(amount_words(a)),
        Effect::Resolve(n) | Effect::Dread(n) => say(n.to_string()),
        Effect::HitFoe(n) => say(n.to_string()),
        Effect::Peek(n) | Effect::Reveal(n) | Effect::PeekDeck(n) | Effect::Reorder(n) => {
            say(n.to_string())
        }
        Effect::Cleanse(n) => say(n.to_string()),
        Effect::Bonus(b) => {
            let to = serde_json::to_value(b.to).ok()?;
            let row = bonus_spec(to.as_str()?)?;
            Some(row.designer.replace("{n}", &format!("{:+}", b.amount)))
        }
        // A hit only on a foe of a tag: the hit's row says how.
        Effect::If(b) => match (&b.when, b.then.as_slice(), b.otherwise.is_empty()) {
            (Condition::FoeTag(tag), [hit @ Effect::HitFoe(n)], true) => {
                let form = spec_of(hit).designer_more?;
                Some(
                    form.replace("{n}", &n.to_string())
                        .replace("{a}", &cap(tag)),
                )
            }
            _ => None,
        },
        // No words in the notation for these.
        Effect::MaxHealth(_)
        | Effect::GuideChooses(_)
        | Effect::Lose(_)
        | Effect::Marker(_)
        | Effect::Catch(_)
        | Effect::Release(_)
        | Effect::Shield(_)
        | Effect::EndRun(_) => None,
    }
}

/// An amount as the notation writes it: `4`, `1d6`, `1d6+2`.
fn amount_words(a: &crate::cards::model::Amount) -> String {
    use crate::cards::model::Amount;
    match a {
        Amount::Fixed(n) => n.to_string(),
        Amount::Dice { d6, plus: 0 } => format!("{d6}d6"),
        Amount::Dice { d6, plus } => format!("{d6}d6{plus:+}"),
        Amount::Full(_) => "full".into(),
    }
}

fn cap(w: &str) -> String {
    let mut c = w.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The notation's words for a standing modifier.
fn modifier(m: &Value, book: Option<&Phrasebook>) -> Option<String> {
    if let Some((k, v)) = m.as_object().and_then(|o| o.iter().next())
        && let Some(said) = book.and_then(|b| b.say(k, &n(v).to_string()))
    {
        return Some(said);
    }
    if let Some(w) = m.as_str() {
        return match w {
            "no_spend_resolve" => Some("Cannot spend Resolve".into()),
            "no_rest" => Some("Cannot Rest".into()),
            _ => None,
        };
    }
    let (k, v) = m.as_object()?.iter().next()?;
    Some(match k.as_str() {
        "all_rolls" => format!("{:+} to all rolls", n(v)),
        "duel_rolls" => format!("{:+} to fight rolls", n(v)),
        "test_rolls" => format!("{:+} to Challenge rolls", n(v)),
        "rest_heal" => format!("{:+} HP when resting", n(v)),
        "first_attacks_miss" => format!("First {} attacks miss", n(v)),
        "def" => format!("{} Block", n(v)),
        "atk" => format!("{:+} ATK", n(v)),
        "table_face" => format!("{} {}", n(&v["roll"]), s(&v["result"]).to_uppercase()),
        _ => return None,
    })
}

/// A foe face as `N Name (result)`, each field in its spec's words (`cards::spec`).
fn face(i: usize, f: &Value) -> Option<String> {
    use crate::cards::spec::{FACE_SPECS, fill};
    let mut parts = Vec::new();
    for spec in &FACE_SPECS {
        match (spec.range, f.get(spec.key)) {
            (None, Some(Value::Bool(true))) => parts.push(spec.designer.to_string()),
            (Some(_), Some(v)) if v.as_i64().is_some_and(|n| n > 0) => {
                let n = v.as_i64().unwrap_or(0);
                parts.push(match f.get("empower_face").and_then(Value::as_str) {
                    // `+1 DMG next Crush`: the empowered face named.
                    Some(target) if spec.key == "empower" => format!("+{n} DMG next {target}"),
                    _ => fill(spec.designer, n),
                });
            }
            _ => {}
        }
    }
    let known =
        |k: &str| k == "name" || k == "empower_face" || FACE_SPECS.iter().any(|s| s.key == k);
    if f.as_object()?.keys().any(|k| !known(k)) {
        return None;
    }
    let result = if parts.is_empty() {
        "Miss".to_string()
    } else {
        parts.join(" & ")
    };
    Some(format!("{} {} ({result})", i + 1, s(&f["name"])))
}

/// Collects the words for a list, noting each item without any.
fn lines_of(
    list: Option<&Value>,
    say: &dyn Fn(&Value) -> Option<String>,
    field: &str,
    id: &str,
    unsaid: &mut Unsaid,
) -> Vec<String> {
    let mut out = Vec::new();
    for x in list.and_then(Value::as_array).into_iter().flatten() {
        match say(x) {
            Some(l) => out.push(l),
            None => unsaid.push((id.to_string(), format!("{field}: {x}"))),
        }
    }
    out
}

/// A trigger on each flip: its one effect's words and when (`Lose 2 HP each time a card is
/// flipped`).
fn trigger(t: &Value, book: Option<&Phrasebook>) -> Option<String> {
    let on: crate::cards::model::Occasion = serde_json::from_value(t["on"].clone()).ok()?;
    if on != crate::cards::model::Occasion::Flip {
        return None;
    }
    match t["effects"].as_array()?.as_slice() {
        [e] => Some(format!("{} each time a card is flipped", effect(e, book)?)),
        _ => None,
    }
}

/// The title of the card `id` in the set, else the id.
fn title_of(titles: &Map<String, Value>, id: &str) -> String {
    titles
        .get(id)
        .and_then(Value::as_str)
        .unwrap_or(id)
        .to_string()
}

/// "the X" (a title's own leading "The" in lower case).
fn the(title: &str) -> String {
    if let Some(rest) = title.strip_prefix("The ") {
        format!("the {rest}")
    } else {
        format!("the {title}")
    }
}

/// The rules cell of a Station card.
pub(super) fn station_rules(
    c: &Value,
    titles: &Map<String, Value>,
    book: Option<&Phrasebook>,
    unsaid: &mut Unsaid,
) -> String {
    let id = s(&c["id"]).to_string();
    let name = s(&c["name"]);
    let say = |e: &Value| effect(e, book);
    let mut effects = lines_of(c.get("effects"), &say, "effects", &id, unsaid);
    let passive = lines_of(
        c.get("passive"),
        &|m| modifier(m, book),
        "passive",
        &id,
        unsaid,
    );
    let triggers = lines_of(
        c.get("triggers"),
        &|t| trigger(t, book),
        "triggers",
        &id,
        unsaid,
    );
    match s(&c["type"]) {
        "caesura" | "blessing" | "snare" => {
            effects.extend(passive);
            effects.extend(triggers);
            if effects.is_empty() {
                "EFFECT: None".into()
            } else {
                format!("EFFECT:\n{}", effects.join("\n&\n"))
            }
        }
        "terror" => {
            let opts: Vec<String> = c["options"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| {
                    let mut l: Vec<String> = o["cost"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|p| {
                            let (k, v) = p.as_object()?.iter().next()?;
                            match k.as_str() {
                                "spend_resolve" => Some(format!("Spend {} Resolve", n(v))),
                                "spend_grace" => Some(format!("Spend {} Grace", n(v))),
                                _ => None,
                            }
                        })
                        .collect();
                    l.extend(lines_of(o.get("effects"), &say, "options", &id, unsaid));
                    l.join("\n")
                })
                .collect();
            format!("CHOOSE:\n{}", opts.join("\nor\n"))
        }
        "rest" => "REST:\nSpend 1 Resolve: gain 1 Grace\nSpend 1 Resolve: Heal 5 HP".into(),
        "item" | "equipment" => usable(c, passive, triggers, &say, unsaid),
        "pit" => challenge(&c["test"], &id, &say, unsaid),
        "companion" => companion(c, name, titles, (effects, passive), &say, unsaid),
        "foe" => foe(c, name, titles, &id, unsaid),
        _ => String::new(),
    }
}

fn usable(
    c: &Value,
    passive: Vec<String>,
    triggers: Vec<String>,
    say: &dyn Fn(&Value) -> Option<String>,
    unsaid: &mut Unsaid,
) -> String {
    let id = s(&c["id"]);
    let key = if s(&c["type"]) == "item" {
        "USE:"
    } else {
        "EQUIP:"
    };
    let mut lines = passive;
    lines.extend(triggers);
    if let Some(u) = c.get("use") {
        let mut fx = lines_of(u.get("effects"), say, "use", id, unsaid);
        if u["reroll"] == true {
            fx.push("Reroll one die".into());
        }
        let fx = fx.join(" & ");
        match s(&u["per"]) {
            "once" => lines.push(format!("{fx}\n(one-time use)")),
            "domain" => lines.push(format!("Turn sideways to track use\n{fx}")),
            "fight" => lines.push(format!("Once per fight, {fx}")),
            other => {
                unsaid.push((id.to_string(), format!("use per {other}")));
                lines.push(fx);
            }
        }
    }
    if lines.is_empty() {
        format!("{key} None")
    } else {
        format!("{key}\n{}", lines.join("\n"))
    }
}

fn challenge(
    t: &Value,
    id: &str,
    effect: &dyn Fn(&Value) -> Option<String>,
    unsaid: &mut Unsaid,
) -> String {
    let dice = t.get("dice").and_then(Value::as_i64).unwrap_or(1);
    let mut l = vec![format!("Roll {dice}d6, Target: {}+", n(&t["target"]))];
    let say = |list: &Value, unsaid: &mut Unsaid| {
        lines_of(Some(list), effect, "test", id, unsaid).join(" & ")
    };
    if t["extended"] == true {
        l.push("need 3 successes before 3 failures".into());
        let each = say(&t["each_failure"], unsaid);
        if !each.is_empty() {
            l.push(format!("Each failure: {each}"));
        }
        let fail = say(&t["failure"], unsaid);
        if !fail.is_empty() {
            l.push(format!("On 3 failures: {fail}"));
        }
    } else {
        let fail = say(&t["failure"], unsaid);
        if !fail.is_empty() {
            l.push(format!("On failure: {fail}"));
        }
    }
    let win = say(&t["success"], unsaid);
    if !win.is_empty() {
        l.push(format!("On success: {win}"));
    }
    format!("CHALLENGE:\n{}", l.join("\n"))
}

fn companion(
    c: &Value,
    name: &str,
    titles: &Map<String, Value>,
    (mut effects, passive): (Vec<String>, Vec<String>),
    say: &dyn Fn(&Value) -> Option<String>,
    unsaid: &mut Unsaid,
) -> String {
    let id = s(&c["id"]);
    effects.extend(passive);
    let mut out = match c
        .get("join")
        .and_then(|j| j.get("give"))
        .and_then(Value::as_str)
    {
        Some(g) => {
            let refused = lines_of(c.get("refused"), say, "refused", id, unsaid);
            let other = if refused.is_empty() {
                "Discard this card".to_string()
            } else {
                format!("Discard this card: {}", refused.join(" & "))
            };
            let mut t = format!(
                "CHOOSE:\nGive {}: {name} follows you\nOR\n{other}",
                title_of(titles, g)
            );
            if !effects.is_empty() {
                t.push_str(&format!("\nWHILE FOLLOWING:\n{}", effects.join("\n")));
            }
            t
        }
        None => {
            let mut t = format!("ENCOUNTER:\n{name} follows you.");
            for e in &effects {
                t.push_str(&format!("\n{e}"));
            }
            t
        }
    };
    for x in c["carries"].as_array().into_iter().flatten() {
        out.push_str(&format!(
            "\nCARRYING:\n{name} carries {}.",
            the(&title_of(titles, s(x)))
        ));
    }
    out
}

fn foe(
    c: &Value,
    name: &str,
    titles: &Map<String, Value>,
    id: &str,
    unsaid: &mut Unsaid,
) -> String {
    let head = if c["invulnerable"] == true && c["hp"] == "health" {
        "FIGHT: UNWINNABLE\nHP = Player HP".to_string()
    } else {
        if c["invulnerable"] == true {
            unsaid.push((id.to_string(), "invulnerable".into()));
        }
        format!("FIGHT: {} HP", c["hp"])
    };
    let faces: Vec<String> = c["faces"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, f)| {
            face(i, f).unwrap_or_else(|| {
                unsaid.push((id.to_string(), format!("face {}: {f}", i + 1)));
                format!("{} {}", i + 1, s(&f["name"]))
            })
        })
        .collect();
    let mut t = format!("{head}\n----------\n{}", faces.join("\n"));
    for p in c["passage"].as_array().into_iter().flatten() {
        let (verb, what) = match (p.get("show"), p.get("give")) {
            (Some(x), _) => ("Use", s(x)),
            (_, Some(x)) => ("Give", s(x)),
            _ => continue,
        };
        if p["joins"] == true {
            t.push_str(&format!(
                "\nSPECIAL: {verb} {} - {name} follows you",
                title_of(titles, what)
            ));
        } else {
            unsaid.push((id.to_string(), format!("passage: {p}")));
        }
    }
    t
}

/// The Guardian's cell: HP, requirements, seals in prose, then its combat table.
pub(super) fn guardian_rules(
    g: &Value,
    titles: &Map<String, Value>,
    unsaid: &mut Unsaid,
) -> String {
    let mut l = vec![format!("HP: {}", g["hp"])];
    for r in g["requirements"].as_array().into_iter().flatten() {
        l.push(format!(
            "REQUIREMENT: {} unless {}.",
            penalty_words(&r["penalty"]),
            condition(&r["broken_by"], titles)
        ));
    }
    let seals = g["seals"].as_array().cloned().unwrap_or_default();
    if !seals.is_empty() {
        // The count in words, as the designer writes it (a heading, not a rule).
        const COUNT: [&str; 7] = ["NO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX"];
        let n = COUNT.get(seals.len()).copied().unwrap_or("MANY");
        l.push(format!("THE {n} SEALS (each must be broken):"));
        for x in &seals {
            l.push(format!(
                "{}: {}.",
                s(&x["name"]).to_uppercase(),
                penalty_words(&x["penalty"])
            ));
            l.push(format!("- Break: {}.", condition(&x["broken_by"], titles)));
        }
    }
    l.push("GUARDIAN COMBAT TABLE (1d6):".into());
    for (i, f) in g["faces"].as_array().into_iter().flatten().enumerate() {
        l.push(face(i, f).unwrap_or_else(|| {
            unsaid.push(("guardian".into(), format!("face {}: {f}", i + 1)));
            format!("{} {}", i + 1, s(&f["name"]))
        }));
    }
    l.join("\n")
}

/// What an unbroken seal does, in the words of its spec row.
fn penalty_words(p: &Value) -> &'static str {
    use crate::cards::spec::PENALTY_SPECS;
    PENALTY_SPECS
        .iter()
        .find(|x| x.key == s(p))
        .or(PENALTY_SPECS.last())
        .map_or("", |x| x.designer)
}

fn condition(c: &Value, titles: &Map<String, Value>) -> String {
    if let Some(x) = c.get("holds") {
        format!("you hold {}", the(&title_of(titles, s(x))))
    } else if let Some(x) = c.get("follows") {
        format!("{} follows you", title_of(titles, s(x)))
    } else if let Some(x) = c.get("carries") {
        format!(
            "{} carries {}",
            title_of(titles, s(&x["companion"])),
            the(&title_of(titles, s(&x["card"])))
        )
    } else if let Some(all) = c.get("all").and_then(Value::as_array) {
        let parts: Vec<String> = all.iter().map(|x| condition(x, titles)).collect();
        parts.join(" and ")
    } else {
        format!("{c}")
    }
}

/// The designer's `Type` of a card (`Beast` for a foe tagged beast; a card printed with a
/// label of the designer's types, as that type).
pub(super) fn designer_type(c: &Value) -> String {
    let tags = c["tags"].to_string();
    if let Some(label) = c["label"].as_str()
        && ["Beast", "Hollow", "Terror"].contains(&label)
        && c["type"] != "foe"
    {
        return label.to_string();
    }
    match s(&c["type"]) {
        "foe" if c["label"] == "Companion" => "Companion".into(),
        "foe" if tags.contains("hollow") => "Hollow".into(),
        "foe" => "Beast".into(),
        t => cap(t),
    }
}

/// The rows of a card set (its map, traveller, Guardian and Domain files, Domains in the
/// map's order) in the designer's layout, and the fields the notation could not say.
pub fn rows(traveller: &Value, guardian: &Value, domains: &[Value]) -> (Vec<DesignerRow>, Unsaid) {
    let (keyed, unsaid) = keyed_rows(traveller, guardian, domains, None);
    (keyed.into_iter().map(|(_, r)| r).collect(), unsaid)
}

/// [`rows`], each with the key of the card it says (`traveller`, `guardian`,
/// `domain:<id>`, `station:<id>`; see `kept::Cards`).
/// `book`: the designer's phrasebook, whose words the rows are written in.
pub(in crate::cards::sheet) fn keyed_rows(
    traveller: &Value,
    guardian: &Value,
    domains: &[Value],
    book: Option<&Phrasebook>,
) -> (Vec<(String, DesignerRow)>, Unsaid) {
    let mut unsaid = Unsaid::new();
    let titles = titles_of(domains);
    let words = |t: String| book.map_or(t.clone(), |b| b.in_their_words(&t));
    let mut out = Vec::new();
    let mut num = 0;
    let mut row = |key: &str,
                   title: &str,
                   loc: &str,
                   flavor: &Value,
                   art: &str,
                   rules: String,
                   kind: String| {
        num += 1;
        out.push((
            key.to_string(),
            [
                title.to_string(),
                loc.to_string(),
                num.to_string(),
                s(flavor).to_string(),
                art.to_string(),
                words(rules),
                kind,
            ],
        ));
    };
    let trav = traveller_rules(traveller);
    row(
        "traveller",
        s(&traveller["name"]),
        "",
        &traveller["flavor"],
        "",
        trav,
        "Special".into(),
    );
    let g = guardian_rules(guardian, &titles, &mut unsaid);
    row(
        "guardian",
        s(&guardian["name"]),
        "",
        &guardian["flavor"],
        "",
        g,
        "Special".into(),
    );
    for d in domains {
        let place = s(&d["name"]);
        let rules = domain_rules(d, book, &mut unsaid);
        row(
            &format!("domain:{}", s(&d["id"])),
            place,
            place,
            &d["flavor"],
            s(&d["theme"]),
            rules,
            "Location".into(),
        );
        for c in d["stations"].as_array().into_iter().flatten() {
            let rules = station_rules(c, &titles, book, &mut unsaid);
            row(
                &format!("station:{}", s(&c["id"])),
                s(&c["name"]),
                place,
                &c["flavor"],
                s(&c["art_note"]),
                rules,
                designer_type(c),
            );
        }
    }
    (out, unsaid)
}

/// The traveller's cell.
pub(super) fn traveller_rules(t: &Value) -> String {
    format!("SPECIAL:\nStarting HP: {}", t["health"])
}

/// A Domain's cell: what entering it does, if anything.
pub(super) fn domain_rules(d: &Value, book: Option<&Phrasebook>, unsaid: &mut Unsaid) -> String {
    let on_enter = lines_of(
        d.get("on_enter"),
        &|e| effect(e, book),
        "on_enter",
        s(&d["id"]),
        unsaid,
    );
    if on_enter.is_empty() {
        String::new()
    } else {
        format!("EFFECT:\n{}", on_enter.join("\n&\n"))
    }
}

/// Every Station card's name by id (what cells name other cards by).
pub(super) fn titles_of(domains: &[Value]) -> Map<String, Value> {
    let mut titles = Map::new();
    for d in domains {
        for c in d["stations"].as_array().into_iter().flatten() {
            titles.insert(s(&c["id"]).to_string(), c["name"].clone());
        }
    }
    titles
}

/// The designer's header.
pub fn header() -> &'static [&'static str] {
    HEADER
}
