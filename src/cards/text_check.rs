//! Does a Station card's text say what its data does? A player reads the `text`; the
//! engine runs the effects, faces, test, options, passive, triggers, ability and hit
//! points. Every number those hold must appear in the text, with the words that name what
//! they do (Resolve, Dread, Health, Grace, "once per Domain", each face of a foe, ...).
//!
//! The checks read a card as JSON (what the model writes out, or a designer's own file),
//! so that they can be run on any card set; each finding is a warning of the validator.

use super::model::{Amount, Condition, Effect, LoseKind};
use super::spec::{EFFECT_SPECS, TextValue, bonus_spec, condition_spec, spec_of, walk};
use serde_json::{Map, Value};
use std::collections::HashMap;

mod creatures;
pub use creatures::check_guardian;
pub(crate) use creatures::face_wants;

/// What a card's text fails to say about its data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextProblem {
    /// What is missing, and where in the data it comes from (`effects: heal`).
    pub message: String,
    /// The text it is about, as a path from the card (`text`, or a Guardian's seal's
    /// `seals[1].text`): where the warning is filed, so the desk shows it beside that field.
    pub field: String,
}

impl TextProblem {
    /// A problem with the card's own text.
    pub fn of_text(message: String) -> Self {
        TextProblem {
            message,
            field: "text".into(),
        }
    }
}

/// Checks one Station card (a JSON object): every way its text and its data disagree.
/// `names` maps card ids to card names, for conditions and passages that name a card.
pub fn check_card(card: &Value, names: &HashMap<String, String>) -> Vec<TextProblem> {
    let Some(c) = card.as_object() else {
        return Vec::new();
    };
    let mut checker = Checker::new(c, names);
    checker.check(c);
    checker
        .problems
        .into_iter()
        .map(TextProblem::of_text)
        .collect()
}

/// The only key of a one-key object (an effect, condition, modifier or payment).
fn single(v: &Value) -> Option<(&String, &Value)> {
    v.as_object().and_then(|m| m.iter().next())
}

/// `beast` → `Beast`.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Whether `n` occurs in `text` as a whole number (not as part of a longer one).
pub fn has_number(text: &str, n: i64) -> bool {
    let needle = n.abs().to_string();
    let bytes = text.as_bytes();
    text.match_indices(&needle).any(|(i, _)| {
        let before = i.checked_sub(1).map(|j| bytes[j]);
        let after = bytes.get(i + needle.len()).copied();
        !before.is_some_and(|b| b.is_ascii_digit()) && !after.is_some_and(|b| b.is_ascii_digit())
    })
}

pub fn has_word(text: &str, word: &str) -> bool {
    text.to_lowercase().contains(&word.to_lowercase())
}

/// A card name as it reads in running text: "The Sage" may be "the Sage".
fn name_in(text: &str, name: &str) -> bool {
    let bare = name.strip_prefix("The ").unwrap_or(name);
    text.contains(name) || text.contains(bare)
}

/// How a card's text introduces a `guide_chooses` effect, always in the same words, so
/// that a player alone knows a die stands in for the Guide.
pub const GUIDE_CHOOSES: &str = "the Guide chooses (alone, roll a die)";

/// How a card's text says who picks the card a `lose` effect takes.
pub const GUIDE_PICKS: &str = "the Guide picks which";

/// Whether one of `phrases` occurs in `text` (ignoring case) without `then` right after it:
/// "one of your items" that does not go on "or equipment".
pub fn phrase_not_followed_by(text: &str, phrases: &[&str], then: &str) -> bool {
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

/// Every effect anywhere in a card's JSON (its effects, ability, options, test, triggers,
/// faces...), nested ones included: each list of effects found is read as such.
fn effects_in(v: &Value, out: &mut Vec<Effect>) {
    match v {
        Value::Array(a) => match serde_json::from_value::<Vec<Effect>>(v.clone()) {
            Ok(list) if !a.is_empty() => walk(&list, &mut |e| out.push(e.clone())),
            _ => a.iter().for_each(|x| effects_in(x, out)),
        },
        Value::Object(m) => m.values().for_each(|x| effects_in(x, out)),
        _ => {}
    }
}

/// The phrases a `lose` effect of this kind is told by, and what may not follow them.
pub(crate) fn lose_forms(kind: &str) -> (&'static [&'static str], &'static str) {
    match kind {
        "item" => (&["one of your items", "an item"], " or equipment"),
        "equipment" => (&["piece of your equipment", "piece of equipment"], ""),
        "any" => (&["items or equipment", "item or equipment"], ""),
        _ => (&[], ""),
    }
}

/// A standing modifier's words and the phrase of its number.
pub(crate) fn modifier_forms(key: &str) -> Option<(&'static [&'static str], &'static str)> {
    Some(match key {
        "atk" => (&["ATK"], "+{n} ATK"),
        "def" => (&["DEF"], "DEF {n}"),
        "test_rolls" => (&["test"], "{n} to your Pit test rolls"),
        "duel_rolls" => (&["duel rolls"], "{n} to your duel rolls"),
        "all_rolls" => (&["all your rolls"], "{n} to all your rolls"),
        "rest_heal" => (&["Rest"], "heal {n} more"),
        "counter_damage" => (&["Counter"], "{n} more damage"),
        "first_attacks_miss" => (&["attacks"], "first {n} attacks"),
        _ => return None,
    })
}

/// The words that tell when a trigger fires.
pub(crate) fn trigger_words(on: &str) -> &'static [&'static str] {
    match on {
        "flip" => &["face up"],
        "duel_start" => &["start of each duel"],
        "domain_enter" => &["enter"],
        "foe_defeated" => &["defeat"],
        _ => &[],
    }
}

/// The words that tell how often an ability is used (none for `once` with a number of
/// uses: the uses are said instead).
pub(crate) fn per_words(per: &str, uses: bool) -> &'static [&'static str] {
    match per {
        "once" if uses => &[],
        "once" => &["discard"],
        "domain" => &["once per Domain"],
        "fight" => &["once per duel", "once per fight"],
        "run" => &["once per run"],
        _ => &[],
    }
}

/// What a foe's immunity is told by.
pub(crate) fn immune_words(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "items" => "Immune to damage from Items",
        "counter" => "Immune to the damage of your Counter",
        "attacks" => "Immune to your Hits",
        _ => return None,
    })
}

/// Checks one card and pushes what is wrong with it into `problems`.
struct Checker<'a> {
    text: String,
    names: &'a HashMap<String, String>,
    problems: Vec<String>,
    /// How many `guide_chooses` effects have been checked so far: the n-th one is
    /// matched with the n-th time the text says "the Guide chooses".
    guide_choices: usize,
}

impl<'a> Checker<'a> {
    /// A checker of the text of `c` (a card, or a seal with its own text).
    fn new(c: &Map<String, Value>, names: &'a HashMap<String, String>) -> Self {
        Checker {
            text: c
                .get("text")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
            names,
            problems: Vec::new(),
            guide_choices: 0,
        }
    }

    fn fail(&mut self, what: String) {
        self.problems.push(what);
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
        let id = id.as_str().unwrap_or_default();
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
            Value::Number(n) => self.number(n.as_i64().unwrap_or_default(), context),
            Value::String(s) if s == "full" => self.any_word(&["full Health", "fully"], context),
            Value::Object(m) => {
                let d = m.get("d6").and_then(Value::as_i64).unwrap_or_default();
                if !self.text.contains(&format!("{d}d6")) {
                    self.fail(format!("the text does not say {d}d6 ({context})"));
                }
                if let Some(p) = m.get("plus").and_then(Value::as_i64)
                    && p != 0
                {
                    self.number(p, context);
                }
            }
            other => self.fail(format!("unexpected amount {other} ({context})")),
        }
    }

    /// Each effect of a list by its spec row (`cards::spec`): the words it holds, one of
    /// its phrases, and what its value says (a number, a card's name, a bonus's target, a
    /// branch, the Guide's choice, a card lost).
    fn effects(&mut self, list: &Value, context: &str) {
        for e in list.as_array().into_iter().flatten() {
            let Some((key, v)) = single(e) else {
                continue;
            };
            let ctx = format!("{context}: {key}");
            let typed = match serde_json::from_value::<Effect>(e.clone()) {
                Ok(t) => t,
                Err(err) => {
                    self.fail(format!("effect `{key}` does not read: {err} ({ctx})"));
                    continue;
                }
            };
            let spec = spec_of(&typed);
            for w in spec.words {
                self.word(w, &ctx);
            }
            if !spec.any_words.is_empty() {
                self.any_word(spec.any_words, &ctx);
            }
            if !spec.house.is_empty() {
                self.phrase(v, spec.house, &ctx);
            }
            match spec.value {
                TextValue::Amount => self.amount(v, &ctx),
                TextValue::Name => self.card_name(v, &ctx),
                TextValue::Bonus => self.bonus(v, &ctx),
                TextValue::Branch => {
                    self.condition(&v["when"], &ctx);
                    self.effects(&v["then"], &format!("{ctx} then"));
                    self.effects(&v["else"], &format!("{ctx} else"));
                }
                TextValue::Choice => self.guide_chooses(v, &ctx),
                TextValue::Lose => self.lose(v, &ctx),
                TextValue::Nothing => {}
            }
        }
    }

    /// A bonus: its target named, its amount stated.
    fn bonus(&mut self, v: &Value, ctx: &str) {
        let to = v["to"].as_str().unwrap_or_default();
        let Some(b) = bonus_spec(to) else {
            return self.fail(format!("no bonus target `{to}` ({ctx})"));
        };
        self.any_word(b.words, ctx);
        self.phrase(&v["amount"], &[b.form], ctx);
        self.amount(&v["amount"], ctx);
    }

    /// A card lost: which kind, and that the Guide picks which.
    fn lose(&mut self, v: &Value, ctx: &str) {
        let kind = v.as_str().unwrap_or_default();
        let (forms, then) = lose_forms(kind);
        if then.is_empty() {
            self.any_word(forms, ctx);
        } else if !phrase_not_followed_by(&self.text, forms, then) {
            self.fail(format!(
                "the text says none of {forms:?} (without \"{then}\") ({ctx})"
            ));
        }
        self.word(GUIDE_PICKS, ctx);
    }

    /// A choice the Guide makes: the text introduces it in the agreed words, lists as many
    /// options as there are (separated by "; or"), and states every option's effects; each
    /// option's label states its own numbers and what card it takes, since the Guide reads
    /// the labels out when choosing.
    fn guide_chooses(&mut self, v: &Value, ctx: &str) {
        let Some(options) = v.as_array() else {
            return;
        };
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
            let mut inner = Vec::new();
            effects_in(&o["effects"], &mut inner);
            for kind in inner.iter().filter_map(|e| match e {
                Effect::Lose(k) => Some(*k),
                _ => None,
            }) {
                let words: &[&str] = match kind {
                    LoseKind::Any => &["item", "equipment"],
                    LoseKind::Item => &["item"],
                    LoseKind::Equipment => &["equipment"],
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

    /// A condition (an `if`'s, a requirement's, a seal's): the text holds its spec's words
    /// and one of its phrases, its number, and the cards it names. An arm for every
    /// variant, so a new condition does not compile until the check says what its text
    /// holds.
    fn condition(&mut self, c: &Value, context: &str) {
        let Some((key, v)) = single(c) else {
            return;
        };
        let ctx = format!("{context}: {key}");
        let typed = match serde_json::from_value::<Condition>(c.clone()) {
            Ok(typed) => typed,
            Err(e) => return self.fail(format!("condition `{key}` does not read: {e} ({ctx})")),
        };
        let spec = condition_spec(&typed);
        for w in spec.words {
            self.word(w, &ctx);
        }
        if !spec.house.is_empty() {
            self.phrase(v, spec.house, &ctx);
        }
        match typed {
            Condition::ResolveAtLeast(_)
            | Condition::DreadAtLeast(_)
            | Condition::HealthAtLeast(_)
            | Condition::HealthAtMost(_)
            | Condition::SnaresAtLeast(_) => self.amount(v, &ctx),
            Condition::Holds(_) | Condition::Follows(_) => self.card_name(v, &ctx),
            Condition::Carries(_) => {
                self.card_name(&v["companion"], &ctx);
                self.card_name(&v["card"], &ctx);
            }
            Condition::FoeTag(tag) => self.word(&tag, &ctx),
            // Whether a Domain is cleared is the table's to see, not the text's to name.
            Condition::Cleared(_) => {}
            Condition::Not(_) => self.condition(v, &ctx),
            Condition::All(_) | Condition::Any(_) => {
                for inner in v.as_array().into_iter().flatten() {
                    self.condition(inner, &ctx);
                }
            }
        }
    }

    fn modifiers(&mut self, list: &Value) {
        for m in list.as_array().into_iter().flatten() {
            if let Some(s) = m.as_str() {
                let words: &[&str] = match s {
                    "no_spend_resolve" => &["cannot spend Resolve"],
                    "no_rest" => &["cannot use Rest", "cannot Rest"],
                    _ => continue,
                };
                self.any_word(words, s);
                continue;
            }
            let Some((key, v)) = single(m) else {
                continue;
            };
            let n = v.as_i64().unwrap_or_default();
            let ctx = format!("passive {key}");
            let Some((words, form)) = modifier_forms(key) else {
                continue;
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
            let on = t["on"].as_str().unwrap_or_default();
            let words = trigger_words(on);
            if words.is_empty() {
                continue;
            }
            self.any_word(words, &format!("trigger on {on}"));
            self.effects(&t["effects"], &format!("trigger on {on}"));
        }
    }

    fn ability(&mut self, u: &Value) {
        let per = u["per"].as_str().unwrap_or("once");
        // With a number of uses the card is discarded only after the last: the uses are
        // what the text must say (below).
        let words = per_words(per, !u["uses"].is_null());
        if !words.is_empty() {
            self.any_word(words, &format!("use per {per}"));
        }
        if u["duel_only"].as_bool() == Some(true) {
            self.word("duel only", "use duel_only");
        }
        if !u["requires"].is_null() {
            self.condition(&u["requires"], "use requires");
        }
        if u["reroll"].as_bool() == Some(true) {
            self.any_word(&["roll again", "reroll"], "use reroll");
        }
        if let Some(n) = u["uses"].as_i64() {
            let forms = [format!("{n} uses"), format!("{n} times")];
            self.any_word(&[forms[0].as_str(), forms[1].as_str()], "use uses");
        }
        self.effects(&u["effects"], "use");
    }

    fn test(&mut self, t: &Value) {
        let target = t["target"].as_i64().unwrap_or_default();
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
        let mut each = Vec::new();
        effects_in(&t["each_failure"], &mut each);
        for e in &each {
            if let Effect::LoseHealth(Amount::Fixed(n)) = e {
                self.phrase(
                    &(*n).into(),
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

    fn check(&mut self, c: &Map<String, Value>) {
        let ty = c.get("type").and_then(Value::as_str).unwrap_or_default();
        let has = |k: &str| c.get(k).is_some_and(|v| !v.is_null());
        match ty {
            "caesura" => {
                // A rumour (`reveals`) is not a quiet beat: the traveller learns something.
                let quiet = c
                    .get("effects")
                    .and_then(Value::as_array)
                    .is_none_or(Vec::is_empty)
                    && !has("reveals");
                if quiet != has_word(&self.text, "No effect") {
                    self.fail("a quiet Caesura says \"No effect\", and only a quiet one".into());
                }
            }
            "rest" => self.word("Rest.", "rest"),
            "terror" => {
                self.word("Choose one", "terror");
                for o in c
                    .get("options")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    for p in o
                        .get("cost")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                    {
                        let Some((key, v)) = single(p) else {
                            continue;
                        };
                        match key.as_str() {
                            "spend_resolve" => self.word("Resolve", "cost"),
                            "spend_grace" => self.word("Grace", "cost"),
                            "discard" => self.word("discard", "cost"),
                            _ => {}
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
                    if let Some((_, id)) = single(j) {
                        self.card_name(id, "join");
                    }
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
        if has("reveals") {
            self.word("rumour", "reveals");
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
        self.promises(c);
    }
    /// The text promises a Guide's choice (and who picks a card lost) exactly where the
    /// card makes one.
    fn promises(&mut self, c: &Map<String, Value>) {
        let mut all = Vec::new();
        effects_in(&Value::Object(c.clone()), &mut all);
        let lower = self.text.to_lowercase();
        let choices = |e: &&Effect| matches!(e, Effect::GuideChooses(_));
        let losses = |e: &&Effect| matches!(e, Effect::Lose(_));
        for (which, value, phrase) in [
            (
                &choices as &dyn Fn(&&Effect) -> bool,
                TextValue::Choice,
                GUIDE_CHOOSES,
            ),
            (&losses, TextValue::Lose, GUIDE_PICKS),
        ] {
            let found: Vec<&Effect> = all.iter().filter(|e| which(e)).collect();
            let key = EFFECT_SPECS
                .iter()
                .find(|s| s.value == value)
                .map_or("", |s| s.key);
            let in_text = lower.matches(&phrase.to_lowercase()).count();
            if found.len() != in_text {
                let in_data = found.len();
                self.fail(format!(
                    "the text says \"{phrase}\" in {in_text} places, the card has {in_data} `{key}` effects"
                ));
            }
        }
    }
}
