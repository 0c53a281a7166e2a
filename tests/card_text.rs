//! The shipped card set tells the truth: a player reads a Station card's `text`, the engine
//! runs its effects, faces, test, options, passive, triggers, ability and hit points, so
//! every number those hold must appear in the text, and the words that name what they do
//! (Resolve, Dread, Health, Grace, "once per Domain", each face of a foe, ...) as well.
//!
//! The checks read the JSON files directly, independently of the loader, so that a number
//! changed in the data without touching the text (or the other way round) is caught.

use serde_json::{Map, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

struct Card {
    domain: String,
    value: Value,
}

fn cards_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards")
}

fn read(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every Station card of the set, in map order, and the name of every card id.
fn load() -> (Vec<Card>, HashMap<String, String>) {
    let dir = cards_dir();
    let map = read(&dir.join("map.json"));
    let mut cards = Vec::new();
    let mut names = HashMap::new();
    for d in map["domains"].as_array().expect("domains") {
        let file = read(&dir.join(d["file"].as_str().expect("file")));
        let domain = file["id"].as_str().expect("id").to_string();
        for s in file["stations"].as_array().expect("stations") {
            names.insert(
                s["id"].as_str().expect("id").to_string(),
                s["name"].as_str().expect("name").to_string(),
            );
            cards.push(Card {
                domain: domain.clone(),
                value: s.clone(),
            });
        }
    }
    (cards, names)
}

/// Whether `n` occurs in `text` as a whole number (not as part of a longer one).
fn has_number(text: &str, n: i64) -> bool {
    let needle = n.abs().to_string();
    let bytes = text.as_bytes();
    text.match_indices(&needle).any(|(i, _)| {
        let before = i.checked_sub(1).map(|j| bytes[j]);
        let after = bytes.get(i + needle.len()).copied();
        !before.is_some_and(|b| b.is_ascii_digit()) && !after.is_some_and(|b| b.is_ascii_digit())
    })
}

fn has_word(text: &str, word: &str) -> bool {
    text.to_lowercase().contains(&word.to_lowercase())
}

/// A card name as it reads in running text: "The Sage" may be "the Sage".
fn name_in(text: &str, name: &str) -> bool {
    let bare = name.strip_prefix("The ").unwrap_or(name);
    text.contains(name) || text.contains(bare)
}

/// How a card's text introduces a `guide_chooses` effect, always in the same words, so
/// that a player alone knows a die stands in for the Guide.
const GUIDE_CHOOSES: &str = "the Guide chooses (alone, roll a die)";

/// How a card's text says who picks the card a `lose` effect takes.
const GUIDE_PICKS: &str = "the Guide picks which";

/// Whether one of `phrases` occurs in `text` (ignoring case) without `then` right after it:
/// "one of your items" that does not go on "or equipment".
fn phrase_not_followed_by(text: &str, phrases: &[&str], then: &str) -> bool {
    let lower = text.to_lowercase();
    phrases.iter().any(|p| {
        let p = p.to_lowercase();
        lower
            .match_indices(&p)
            .any(|(i, _)| !lower[i + p.len()..].starts_with(then))
    })
}

/// Every whole number written anywhere in a JSON value (effects, conditions, amounts).
fn numbers_in(v: &Value, out: &mut Vec<i64>) {
    match v {
        Value::Number(n) => out.extend(n.as_i64()),
        Value::Array(a) => a.iter().for_each(|x| numbers_in(x, out)),
        Value::Object(m) => m
            .iter()
            .filter(|(k, _)| k.as_str() != "label")
            .for_each(|(_, x)| numbers_in(x, out)),
        _ => {}
    }
}

/// How many times `key` occurs as an object key anywhere in `v`.
fn keys_in(v: &Value, key: &str) -> usize {
    match v {
        Value::Array(a) => a.iter().map(|x| keys_in(x, key)).sum(),
        Value::Object(m) => m
            .iter()
            .map(|(k, x)| usize::from(k == key) + keys_in(x, key))
            .sum(),
        _ => 0,
    }
}

/// Every `lose` kind in a list of effects, nested ones included.
fn lose_kinds_in(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Array(a) => a.iter().for_each(|x| lose_kinds_in(x, out)),
        Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x.as_str()) {
                    ("lose", Some(kind)) => out.push(kind.to_string()),
                    _ => lose_kinds_in(x, out),
                }
            }
        }
        _ => {}
    }
}

/// Checks one card and pushes what is wrong with it into `problems`.
struct Checker<'a> {
    id: String,
    text: String,
    names: &'a HashMap<String, String>,
    problems: &'a mut Vec<String>,
    /// How many `guide_chooses` effects have been checked so far: the n-th one is
    /// matched with the n-th time the text says "the Guide chooses".
    guide_choices: usize,
}

impl Checker<'_> {
    fn fail(&mut self, what: String) {
        self.problems.push(format!("{}: {what}", self.id));
    }

    fn number(&mut self, n: i64, context: &str) {
        if !has_number(&self.text, n) {
            self.fail(format!("the text does not state {n} ({context})"));
        }
    }

    fn word(&mut self, word: &str, context: &str) {
        if !has_word(&self.text, word) {
            self.fail(format!("the text does not say \"{word}\" ({context})"));
        }
    }

    fn any_word(&mut self, words: &[&str], context: &str) {
        if !words.iter().any(|w| has_word(&self.text, w)) {
            self.fail(format!("the text says none of {words:?} ({context})"));
        }
    }

    /// One of the phrases, with `{n}` standing for the number, must appear in the text.
    fn phrase(&mut self, v: &Value, forms: &[&str], context: &str) {
        let Some(n) = v.as_i64() else {
            return;
        };
        let wanted: Vec<String> = forms
            .iter()
            .map(|f| f.replace("{n}", &n.abs().to_string()))
            .collect();
        if !wanted.iter().any(|w| has_word(&self.text, w)) {
            self.fail(format!("the text says none of {wanted:?} ({context})"));
        }
    }

    fn card_name(&mut self, id: &Value, context: &str) {
        let id = id.as_str().expect("card id");
        let name = self
            .names
            .get(id)
            .cloned()
            .unwrap_or_else(|| id.to_string());
        if !name_in(&self.text, &name) {
            self.fail(format!("the text does not name {name} ({context})"));
        }
    }

    fn amount(&mut self, v: &Value, context: &str) {
        match v {
            Value::Number(n) => self.number(n.as_i64().expect("integer"), context),
            Value::String(s) if s == "full" => self.any_word(&["full Health", "fully"], context),
            Value::Object(m) => {
                let d = m["d6"].as_i64().expect("d6");
                if !self.text.contains(&format!("{d}d6")) {
                    self.fail(format!("the text does not say {d}d6 ({context})"));
                }
                if let Some(p) = m.get("plus").and_then(Value::as_i64) {
                    self.number(p, context);
                }
            }
            other => self.fail(format!("unexpected amount {other} ({context})")),
        }
    }

    fn effects(&mut self, list: &Value, context: &str) {
        for e in list.as_array().into_iter().flatten() {
            let (key, v) = e
                .as_object()
                .expect("effect")
                .iter()
                .next()
                .expect("one key");
            let ctx = format!("{context}: {key}");
            match key.as_str() {
                "heal" => {
                    self.word("heal", &ctx);
                    self.phrase(v, &["heal {n}"], &ctx);
                    self.amount(v, &ctx);
                }
                "lose_health" => {
                    self.word("lose", &ctx);
                    self.word("Health", &ctx);
                    self.phrase(v, &["lose {n} Health", "lose only {n} Health"], &ctx);
                    self.amount(v, &ctx);
                }
                "resolve" => {
                    self.phrase(v, &["{n} Resolve"], &ctx);
                    self.amount(v, &ctx);
                }
                "dread" => {
                    self.phrase(v, &["{n} Dread"], &ctx);
                    self.amount(v, &ctx);
                }
                "max_health" => {
                    self.word("maximum Health", &ctx);
                    self.amount(v, &ctx);
                }
                "hit_foe" => {
                    self.phrase(v, &["deal {n} damage"], &ctx);
                    self.amount(v, &ctx);
                }
                "peek" => {
                    self.phrase(v, &["look at {n}"], &ctx);
                    self.word("face down", &ctx);
                    self.amount(v, &ctx);
                }
                "reveal" => {
                    self.word("face up", &ctx);
                    self.phrase(v, &["turn {n}"], &ctx);
                    self.amount(v, &ctx);
                }
                "peek_deck" => {
                    self.word("top", &ctx);
                    self.word("Domain deck", &ctx);
                    self.phrase(v, &["top {n}"], &ctx);
                    self.amount(v, &ctx);
                }
                "reorder" => {
                    self.word("any order", &ctx);
                    self.phrase(v, &["top {n}"], &ctx);
                    self.amount(v, &ctx);
                }
                "cleanse" => {
                    self.phrase(v, &["remove {n} Snare"], &ctx);
                    self.amount(v, &ctx);
                }
                "bonus" => {
                    let to = v["to"].as_str().expect("to");
                    let words: &[&str] = match to {
                        "next_duel" => &["next duel"],
                        "next_test" => &["next Pit test", "next test"],
                        "next_heal" => &["next heal"],
                        other => panic!("unknown bonus target {other}"),
                    };
                    self.any_word(words, &ctx);
                    let form = if to == "next_heal" {
                        "{n} more Health"
                    } else {
                        "+{n}"
                    };
                    self.phrase(&v["amount"], &[form], &ctx);
                    self.amount(&v["amount"], &ctx);
                }
                "if" => {
                    self.any_word(&["if", "unless"], &ctx);
                    self.condition(&v["when"], &ctx);
                    self.effects(&v["then"], &format!("{ctx} then"));
                    self.effects(&v["else"], &format!("{ctx} else"));
                }
                "guide_chooses" => self.guide_chooses(v, &ctx),
                "lose" => {
                    let kind = v.as_str().expect("lose kind");
                    let (forms, then): (&[&str], &str) = match kind {
                        "item" => (&["one of your items", "an item"], " or equipment"),
                        "equipment" => (&["piece of your equipment", "piece of equipment"], ""),
                        "any" => (&["items or equipment", "item or equipment"], ""),
                        other => panic!("unknown lose kind {other}"),
                    };
                    self.word("lose", &ctx);
                    if then.is_empty() {
                        self.any_word(forms, &ctx);
                    } else if !phrase_not_followed_by(&self.text, forms, then) {
                        self.fail(format!(
                            "the text says none of {forms:?} (without \"{then}\") ({ctx})"
                        ));
                    }
                    self.word(GUIDE_PICKS, &ctx);
                }
                other => self.fail(format!("effect `{other}` is not checked ({ctx})")),
            }
        }
    }

    /// A choice the Guide makes: the text introduces it in the agreed words, lists as many
    /// options as there are (separated by "; or"), and states every option's effects; each
    /// option's label states its own numbers and what card it takes, since the Guide reads
    /// the labels out when choosing.
    fn guide_chooses(&mut self, v: &Value, ctx: &str) {
        let options = v.as_array().expect("guide_chooses options");
        let nth = self.guide_choices;
        self.guide_choices += 1;
        let lower = self.text.to_lowercase();
        let intro = GUIDE_CHOOSES.to_lowercase();
        match lower.match_indices(&intro).nth(nth) {
            None => self.fail(format!(
                "the text does not say \"{GUIDE_CHOOSES}\" for choice {} ({ctx})",
                nth + 1
            )),
            Some((at, _)) => {
                let rest = &lower[at + intro.len()..];
                let sentence = &rest[..rest.find('.').unwrap_or(rest.len())];
                let listed = sentence.matches("; or ").count() + 1;
                if listed != options.len() {
                    self.fail(format!(
                        "the text lists {listed} options for the Guide, the card has {} ({ctx})",
                        options.len()
                    ));
                }
            }
        }
        for (i, o) in options.iter().enumerate() {
            let octx = format!("{ctx} option {i}");
            let label = o["label"].as_str().unwrap_or("");
            if label.trim().is_empty() {
                self.fail(format!("the label is empty ({octx})"));
            }
            let mut numbers = Vec::new();
            numbers_in(&o["effects"], &mut numbers);
            for n in numbers {
                if !has_number(label, n) {
                    self.fail(format!("the label \"{label}\" does not state {n} ({octx})"));
                }
            }
            let mut kinds = Vec::new();
            lose_kinds_in(&o["effects"], &mut kinds);
            for kind in kinds {
                let words: &[&str] = match kind.as_str() {
                    "any" => &["item", "equipment"],
                    other => &[other],
                };
                for &word in words {
                    if !has_word(label, word) {
                        self.fail(format!(
                            "the label \"{label}\" does not say {word} ({octx})"
                        ));
                    }
                }
            }
            self.effects(&o["effects"], &octx);
        }
    }

    fn condition(&mut self, c: &Value, context: &str) {
        let (key, v) = c
            .as_object()
            .expect("condition")
            .iter()
            .next()
            .expect("one key");
        let ctx = format!("{context}: {key}");
        match key.as_str() {
            "resolve_at_least" => {
                self.phrase(v, &["Resolve {n} or more", "at least {n} Resolve"], &ctx);
                self.amount(v, &ctx);
            }
            "dread_at_least" => {
                self.phrase(v, &["Dread {n} or more", "at least {n} Dread"], &ctx);
                self.amount(v, &ctx);
            }
            "health_at_least" | "health_at_most" => {
                self.word("Health", &ctx);
                self.amount(v, &ctx);
            }
            "holds" | "follows" => self.card_name(v, &ctx),
            "carries" => {
                self.card_name(&v["companion"], &ctx);
                self.card_name(&v["card"], &ctx);
            }
            "foe_tag" => self.word(v.as_str().expect("tag"), &ctx),
            "snares_at_least" => {
                self.word("Snare", &ctx);
                self.amount(v, &ctx);
            }
            "cleared" => {}
            "not" => self.condition(v, &ctx),
            "all" | "any" => {
                for inner in v.as_array().expect("list") {
                    self.condition(inner, &ctx);
                }
            }
            other => self.fail(format!("condition `{other}` is not checked ({ctx})")),
        }
    }

    fn modifiers(&mut self, list: &Value) {
        for m in list.as_array().into_iter().flatten() {
            if let Some(s) = m.as_str() {
                let words: &[&str] = match s {
                    "no_spend_resolve" => &["cannot spend Resolve"],
                    "no_rest" => &["cannot use Rest", "cannot Rest"],
                    other => panic!("unknown modifier {other}"),
                };
                self.any_word(words, s);
                continue;
            }
            let (key, v) = m.as_object().expect("modifier").iter().next().expect("key");
            let n = v.as_i64().expect("number");
            let ctx = format!("passive {key}");
            let (words, form): (&[&str], &str) = match key.as_str() {
                "atk" => (&["ATK"], "+{n} ATK"),
                "def" => (&["DEF"], "DEF {n}"),
                "test_rolls" => (&["test"], "{n} to your Pit test rolls"),
                "duel_rolls" => (&["duel rolls"], "{n} to your duel rolls"),
                "all_rolls" => (&["all your rolls"], "{n} to all your rolls"),
                "rest_heal" => (&["Rest"], "heal {n} more"),
                "counter_damage" => (&["Counter"], "{n} more damage"),
                "first_attacks_miss" => (&["attacks"], "first {n} attacks"),
                other => panic!("unknown modifier {other}"),
            };
            self.phrase(v, &[form], &ctx);
            self.any_word(words, &ctx);
            self.number(n, &ctx);
            if n < 0 && !self.text.contains(&format!("-{}", -n)) {
                self.fail(format!("the text does not say -{} ({ctx})", -n));
            }
            if n > 0 && key != "first_attacks_miss" && self.text.contains(&format!("-{n}")) {
                self.fail(format!("the text says -{n} for a bonus ({ctx})"));
            }
        }
    }

    fn triggers(&mut self, list: &Value) {
        for t in list.as_array().into_iter().flatten() {
            let on = t["on"].as_str().expect("on");
            let words: &[&str] = match on {
                "flip" => &["face up"],
                "duel_start" => &["start of each duel"],
                "domain_enter" => &["enter"],
                "foe_defeated" => &["defeat"],
                other => panic!("unknown occasion {other}"),
            };
            self.any_word(words, &format!("trigger on {on}"));
            self.effects(&t["effects"], &format!("trigger on {on}"));
        }
    }

    fn ability(&mut self, u: &Value) {
        let per = u["per"].as_str().unwrap_or("once");
        let words: &[&str] = match per {
            "once" => &["discard"],
            "domain" => &["once per Domain"],
            "fight" => &["once per duel", "once per fight"],
            "run" => &["once per run"],
            other => panic!("unknown per {other}"),
        };
        self.any_word(words, &format!("use per {per}"));
        if u["duel_only"].as_bool() == Some(true) {
            self.word("duel only", "use duel_only");
        }
        if !u["requires"].is_null() {
            self.condition(&u["requires"], "use requires");
        }
        if u["reroll"].as_bool() == Some(true) {
            self.any_word(&["roll again", "reroll"], "use reroll");
        }
        self.effects(&u["effects"], "use");
    }

    fn test(&mut self, t: &Value) {
        let target = t["target"].as_i64().expect("target");
        if !self.text.contains(&format!("{target}+")) {
            self.fail(format!("the text does not say {target}+ (test target)"));
        }
        let dice = t["dice"].as_i64().unwrap_or(1);
        let words: &[&str] = match dice {
            1 => &["one die"],
            2 => &["two dice"],
            _ => &["dice"],
        };
        self.any_word(words, "test dice");
        let extended = t["extended"].as_bool() == Some(true);
        if extended {
            self.word("Extended test", "test extended");
            self.word("3 passes or 3 fails", "test extended");
            self.word("Each fail", "test each_failure");
        } else if has_word(&self.text, "extended") {
            self.fail("the text calls a single test extended".to_string());
        }
        for e in t["each_failure"].as_array().into_iter().flatten() {
            if let Some(n) = e["lose_health"].as_i64() {
                self.phrase(
                    &n.into(),
                    &["Each fail: lose {n} Health"],
                    "test each_failure",
                );
            }
        }
        self.effects(&t["each_failure"], "test each_failure");
        if t["success"].as_array().is_some_and(|a| !a.is_empty()) {
            self.word("pass", "test success");
        }
        if t["failure"].as_array().is_some_and(|a| !a.is_empty()) {
            self.word("fail", "test failure");
        }
        self.effects(&t["success"], "test success");
        self.effects(&t["failure"], "test failure");
    }

    fn foe(&mut self, c: &Map<String, Value>) {
        let tag = c["tags"][0].as_str().expect("tag");
        let mut cap = tag.to_string();
        cap[..1].make_ascii_uppercase();
        if !self.text.starts_with(&format!("{cap}.")) {
            self.fail(format!("the text does not open with \"{cap}.\""));
        }
        let hp = c["hp"].as_i64().expect("hp");
        if !self.text.contains(&format!("HP {hp}.")) {
            self.fail(format!("the text does not say HP {hp}"));
        }
        if let Some(d) = c.get("def").and_then(Value::as_i64)
            && d != 0
            && !self.text.contains(&format!("DEF {d}"))
        {
            self.fail(format!("the text does not say DEF {d}"));
        }
        for i in c
            .get("immune")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let word = match i.as_str().expect("immunity") {
                "items" => "Immune to damage from Items",
                "counter" => "Immune to the damage of your Counter",
                "attacks" => "Immune to your Hits",
                other => panic!("unknown immunity {other}"),
            };
            self.word(word, "immune");
        }
        if c.get("unbeatable").and_then(Value::as_bool) == Some(true) {
            self.word("Cannot be fought", "unbeatable");
        }
        let faces = c["faces"].as_array().expect("faces");
        let text = self.text.clone();
        for (i, f) in faces.iter().enumerate() {
            let name = f["name"].as_str().expect("face name");
            let head = format!("{} {name} (", i + 1);
            let Some(at) = text.find(&head) else {
                self.fail(format!("the text does not list face \"{head}...)\""));
                continue;
            };
            let rest = &text[at + head.len()..];
            let inner = &rest[..rest.find(')').unwrap_or(rest.len())];
            self.face(i + 1, name, f, inner);
        }
        self.effects(c.get("on_defeat").unwrap_or(&Value::Null), "on_defeat");
        if c.contains_key("on_defeat") {
            self.word("When defeated", "on_defeat");
        }
        for p in c
            .get("passage")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            for key in ["show", "give"] {
                if let Some(id) = p.get(key) {
                    self.card_name(id, &format!("passage {key}"));
                }
            }
            if p["joins"].as_bool() == Some(true) {
                self.word("joins", "passage joins");
            }
            self.effects(&p["effects"], "passage");
        }
        if let Some(toll) = c.get("toll") {
            self.effects(toll, "toll");
        }
    }

    fn face(&mut self, i: usize, name: &str, f: &Value, inner: &str) {
        let mut want: Vec<String> = Vec::new();
        let mut forbid: Vec<&str> = Vec::new();
        let deal = f["deal"].as_i64().unwrap_or(0);
        let block = f["block"].as_bool() == Some(true);
        match (block, deal) {
            (true, 0) => want.push("blocks".into()),
            (true, d) => want.push(format!("blocks and deals {d}")),
            (false, 0) => forbid.extend(["deals", "blocks"]),
            (false, d) => {
                want.push(format!("deals {d}"));
                forbid.push("blocks");
            }
        }
        if block && deal == 0 {
            forbid.push("deals");
        }
        let flag = |k: &str| f[k].as_bool() == Some(true);
        let num = |k: &str| f[k].as_i64().unwrap_or(0);
        if flag("ignore_block") {
            want.push("through your block".into());
        }
        if num("heal") > 0 {
            want.push(format!("heals itself {}", num("heal")));
        } else {
            forbid.push("heals");
        }
        if flag("skip_roll") {
            want.push("forfeit your next roll".into());
        } else {
            forbid.push("forfeit");
        }
        if num("roll_penalty") > 0 {
            want.push(format!("next roll is {} lower", num("roll_penalty")));
        } else {
            forbid.push("lower");
        }
        if flag("no_rerolls") {
            want.push("no rerolls".into());
        } else {
            forbid.push("rerolls");
        }
        if num("enrage") > 0 {
            want.push(format!("+{} damage on every later hit", num("enrage")));
        }
        if num("empower") > 0 {
            want.push(format!("+{} damage", num("empower")));
            if let Some(target) = f["empower_face"].as_str() {
                want.push(format!("next time {target} comes up"));
            } else {
                want.push("next hit".into());
            }
        }
        if num("enrage") == 0 && num("empower") == 0 {
            forbid.push("+");
        }
        if flag("copy") {
            want.push("copies your".into());
        } else {
            forbid.push("copies");
        }
        if want.is_empty() {
            want.push("miss".into());
        }
        for w in &want {
            if !inner.contains(w.as_str()) {
                self.fail(format!("face {i} {name}: \"{inner}\" does not say \"{w}\""));
            }
        }
        for w in forbid {
            if inner.contains(w) {
                self.fail(format!(
                    "face {i} {name}: \"{inner}\" says \"{w}\", the face does not"
                ));
            }
        }
    }

    fn check(&mut self, c: &Map<String, Value>) {
        let ty = c["type"].as_str().expect("type");
        let has = |k: &str| c.get(k).is_some_and(|v| !v.is_null());
        match ty {
            "caesura" => {
                let quiet = c
                    .get("effects")
                    .and_then(Value::as_array)
                    .is_none_or(Vec::is_empty);
                if quiet != has_word(&self.text, "No effect") {
                    self.fail("a quiet Caesura says \"No effect\", and only a quiet one".into());
                }
            }
            "rest" => self.word("Rest.", "rest"),
            "terror" => {
                self.word("Choose one", "terror");
                for o in c["options"].as_array().expect("options") {
                    for p in o
                        .get("cost")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                    {
                        let (key, v) = p.as_object().expect("payment").iter().next().expect("k");
                        match key.as_str() {
                            "spend_resolve" => self.word("Resolve", "cost"),
                            "spend_grace" => self.word("Grace", "cost"),
                            "discard" => self.word("discard", "cost"),
                            other => panic!("unknown payment {other}"),
                        }
                        if let Some(n) = v.as_i64() {
                            self.number(n, "cost");
                        }
                    }
                    self.effects(&o["effects"], "option");
                }
            }
            "equipment" => {
                let trinket = c
                    .get("tags")
                    .and_then(Value::as_array)
                    .is_some_and(|t| t.iter().any(|t| t == "trinket"));
                if trinket != has_word(&self.text, "Trinket") {
                    self.fail("a trinket says \"Trinket\", and only a trinket".into());
                }
            }
            "companion" => {
                if let Some(j) = c.get("join") {
                    let (_, id) = j.as_object().expect("join").iter().next().expect("k");
                    self.card_name(id, "join");
                } else {
                    self.word("Joins you at once", "join");
                }
                if let Some(r) = c.get("refused") {
                    self.effects(r, "refused");
                }
                for id in c
                    .get("carries")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    self.card_name(id, "carries");
                }
            }
            "foe" => self.foe(c),
            _ => {}
        }
        if ty != "foe" && ty != "companion" && has("hp") {
            self.fail("hp on a card that is not a foe".into());
        }
        if has("effects") {
            self.effects(&c["effects"], "effects");
        }
        if has("passive") {
            self.modifiers(&c["passive"]);
        }
        if has("triggers") {
            self.triggers(&c["triggers"]);
        }
        if has("use") {
            self.ability(&c["use"]);
        }
        if has("test") {
            self.test(&c["test"]);
        }
        if (has("passive") || has("triggers")) && ty == "snare" {
            self.word("until cleansed", "snare");
        }
        // The text promises a Guide's choice exactly where the card makes one.
        let card = Value::Object(c.clone());
        let lower = self.text.to_lowercase();
        for (key, phrase) in [("guide_chooses", GUIDE_CHOOSES), ("lose", GUIDE_PICKS)] {
            let in_data = keys_in(&card, key);
            let in_text = lower.matches(&phrase.to_lowercase()).count();
            if in_data != in_text {
                self.fail(format!(
                    "the text says \"{phrase}\" in {in_text} places, the card has {in_data} `{key}` effects"
                ));
            }
        }
    }
}

fn problems_of(cards: &[Card], names: &HashMap<String, String>) -> Vec<String> {
    let mut problems = Vec::new();
    for card in cards {
        let c = card.value.as_object().expect("card");
        let mut checker = Checker {
            id: format!("{}/{}", card.domain, c["id"].as_str().expect("id")),
            text: c["text"].as_str().expect("text").to_string(),
            names,
            problems: &mut problems,
            guide_choices: 0,
        };
        checker.check(c);
    }
    problems
}

#[test]
fn every_station_card_states_what_it_does() {
    let (cards, names) = load();
    assert_eq!(cards.len(), 162, "the shipped set has 162 Station cards");
    let problems = problems_of(&cards, &names);
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Changes one value of one card and expects the checks to notice.
fn caught(id: &str, change: impl Fn(&mut Value)) -> bool {
    let (mut cards, names) = load();
    let card = cards
        .iter_mut()
        .find(|c| c.value["id"] == id)
        .unwrap_or_else(|| panic!("no card {id}"));
    change(&mut card.value);
    !problems_of(&cards, &names).is_empty()
}

#[test]
fn a_changed_number_is_caught() {
    assert!(caught("cinder_hound", |c| c["faces"][4]["deal"] = 3.into()));
    assert!(caught("cinder_hound", |c| c["hp"] = 4.into()));
    assert!(caught("cinder_hound", |c| c["faces"][0]["block"] = true.into()));
    assert!(caught("lanternmaw", |c| c["faces"][4]["empower_face"] =
        "Tail Lash".into()));
    assert!(caught("spiremaze_riddle_stair", |c| c["test"]["target"] = 5.into()));
    assert!(caught("spiremaze_riddle_stair", |c| {
        c["test"]["each_failure"][0]["lose_health"] = 3.into()
    }));
    assert!(caught("salvaged_honey_jar", |c| {
        c["use"]["effects"][0]["heal"] = 5.into()
    }));
    assert!(caught("salvaged_honey_jar", |c| c["use"]["per"] = "domain".into()));
    assert!(caught("frost_lichen_poultice", |c| {
        c["use"]["effects"][0]["heal"]["plus"] = 3.into()
    }));
    assert!(caught("amara_tar_in_the_joints", |c| {
        c["passive"][0]["duel_rolls"] = (-2).into()
    }));
    assert!(caught("termina_warm_oven", |c| {
        c["effects"] = serde_json::json!([{ "resolve": 1 }])
    }));
    assert!(caught("gaol_cell_of_cold", |c| {
        c["options"][1]["effects"][0]["lose_health"] = 3.into()
    }));
    assert!(caught("the_sage", |c| c["passive"][0]["def"] = 2.into()));
    assert!(caught("hooded_lantern", |c| c["use"]["per"] = "run".into()));
    assert!(caught("termina_orchard_stumps", |c| {
        c["effects"][0]["resolve"] = 2.into()
    }));
    assert!(caught("mirror_knight", |c| {
        c["toll"][1]["guide_chooses"][0]["effects"][0]["lose_health"] = 4.into()
    }));
    assert!(caught("gaol_lamp_passes", |c| {
        c["effects"][0]["if"]["when"]["resolve_at_least"] = 2.into()
    }));
    assert!(caught("nightsea_remembered_song", |c| {
        c["effects"][1] = serde_json::json!({ "heal": 5 })
    }));
}

/// The path of the `guide_chooses` options inside a card, for the cases below.
fn guide_options<'a>(c: &'a mut Value, path: &[&str]) -> &'a mut Value {
    let mut v = c;
    for step in path {
        v = match step.parse::<usize>() {
            Ok(i) => &mut v[i],
            Err(_) => &mut v[*step],
        };
    }
    &mut v["guide_chooses"]
}

#[test]
fn a_changed_guide_choice_or_loss_is_caught() {
    let voice = ["options", "1", "effects", "0"];
    let corridor = ["test", "failure", "0"];
    let knife = ["options", "1", "effects", "0"];
    let sun = ["triggers", "0", "effects", "0"];
    let trail = ["effects", "0"];
    let reflection = ["on_defeat", "0"];
    let flagstones = ["test", "failure", "0"];
    // A number inside an option.
    assert!(caught("spiremaze_voice_on_every_stair", |c| {
        guide_options(c, &voice)[1]["effects"][0]["lose_health"] = 4.into()
    }));
    assert!(caught("drowned_reflection", |c| {
        guide_options(c, &reflection)[1]["effects"][0]["heal"] = 5.into()
    }));
    assert!(caught("wastes_sleepless_sun", |c| {
        guide_options(c, &sun)[1]["effects"][1]["peek"] = 3.into()
    }));
    // The text says "lose 2 Health" for the other option, and "3 passes" says 3: only the
    // labels tell.
    assert!(caught("darkwood_looping_trail", |c| {
        guide_options(c, &trail)[0]["effects"][0]["lose_health"] = 2.into()
    }));
    assert!(caught("gaol_glass_ice_corridor", |c| {
        guide_options(c, &corridor)[2]["effects"][0]["max_health"] = (-3).into()
    }));
    // The kind of card lost.
    assert!(caught("amara_friend_with_the_knife", |c| {
        guide_options(c, &knife)[0]["effects"][0]["lose"] = "any".into()
    }));
    assert!(caught("shrine_sinking_flagstones", |c| {
        guide_options(c, &flagstones)[1]["effects"][0]["lose"] = "equipment".into()
    }));
    // An option more or fewer than the text lists.
    assert!(caught("gaol_glass_ice_corridor", |c| {
        guide_options(c, &corridor).as_array_mut().unwrap().pop();
    }));
    assert!(caught("mirror_knight", |c| {
        let extra = serde_json::json!({ "label": "He lets you pass", "effects": [] });
        c["toll"][1]["guide_chooses"]
            .as_array_mut()
            .unwrap()
            .push(extra);
    }));
    // An effect where the Guide chose, without the Guide's choice.
    assert!(caught("drowned_reflection", |c| {
        c["on_defeat"] = serde_json::json!([{ "resolve": 1 }, { "heal": 3 }])
    }));
    // A loss the text does not mention at all.
    assert!(caught("darkwood_looping_trail", |c| {
        guide_options(c, &trail)[0]["effects"] = serde_json::json!([{ "lose": "item" }])
    }));
    // A label that no longer states its own number.
    assert!(caught("spiremaze_voice_on_every_stair", |c| {
        guide_options(c, &voice)[0]["label"] = "It names the doubt you carry".into()
    }));
}

#[test]
fn whole_numbers_are_matched_whole() {
    assert!(has_number("lose 12 Health", 12));
    assert!(!has_number("lose 12 Health", 1));
    assert!(has_number("-1 to your rolls", -1));
    assert!(has_number("Test 4+ with", 4));
}

#[test]
fn a_kind_of_card_is_matched_with_what_follows_it() {
    let items = ["one of your items"];
    assert!(phrase_not_followed_by(
        "Lose one of your items.",
        &items,
        " or equipment"
    ));
    assert!(!phrase_not_followed_by(
        "Lose one of your items or equipment.",
        &items,
        " or equipment"
    ));
    assert!(phrase_not_followed_by(
        "Lose one of your items or equipment, then lose one of your items.",
        &items,
        " or equipment"
    ));
}
