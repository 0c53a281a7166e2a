//! A Station card's rules text written from its data, in the house style: the phrases
//! are the validator's own ([`super::text_check`]: the forms of each effect's number, a
//! face's wording, the words of triggers and abilities), so that a text written here
//! raises no "the text does not match the data" warning. The designer's desk offers it
//! as a starting point ("write the text from the data"), shown before it is taken.

use super::model::{Amount, Condition, Effect};
use super::spec::{TextValue, bonus_spec, condition_spec, fill, spec_of};
use super::text_check::{
    GUIDE_CHOOSES, GUIDE_PICKS, face_wants, immune_words, lose_forms, modifier_forms, per_words,
    trigger_words,
};
use serde_json::{Value, json};
use std::collections::HashMap;

/// The card's text, written from its data (a Station card as JSON); `names` maps card
/// ids to names, for the cards a text names.
pub fn write_text(card: &Value, names: &HashMap<String, String>) -> String {
    let w = Writer { names };
    let mut out: Vec<String> = Vec::new();
    let list = |k: &str| {
        card.get(k)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let ty = card["type"].as_str().unwrap_or_default();
    let quiet = list("effects").is_empty() && list("reveals").is_empty();
    match ty {
        "caesura" if quiet => out.push("No effect.".into()),
        "rest" => out.push("Rest.".into()),
        "foe" => w.foe(card, &mut out),
        "terror" => w.terror(card, &mut out),
        "pit" => w.test(&card["test"], &mut out),
        "companion" => w.companion(card, &mut out),
        "equipment" if list("tags").iter().any(|t| t == "trinket") => out.push("Trinket.".into()),
        _ => {}
    }
    if !list("reveals").is_empty() {
        out.push("You hear a rumour.".into());
    }
    out.extend(w.effects(&card["effects"]));
    let snare = ty == "snare" && !(list("passive").is_empty() && list("triggers").is_empty());
    if snare {
        out.push("Until cleansed:".into());
    }
    for m in list("passive") {
        out.extend(w.modifier(&m));
    }
    for t in list("triggers") {
        let on = t["on"].as_str().unwrap_or_default();
        let when = trigger_words(on).first().copied().unwrap_or(on);
        let head = match on {
            "flip" => "Each time you turn a card face up:".to_string(),
            "duel_start" => "At the start of each duel:".to_string(),
            "domain_enter" => "Each time you enter a Domain:".to_string(),
            "foe_defeated" => "Each time you defeat a foe:".to_string(),
            _ => format!("On {when}:"),
        };
        out.push(format!("{head} {}", after_colon(&w.effects(&t["effects"]))));
    }
    if let Some(u) = card.get("use").filter(|u| u.is_object()) {
        out.push(w.ability(u));
    }
    out.join(" ")
}

/// `{n}` of a house phrase replaced by the number (as the checker reads it: unsigned).
fn form(f: &str, n: i64) -> String {
    f.replace("{n}", &n.abs().to_string())
}

/// A sentence: the first letter in capitals and a full stop.
fn sentence(s: &str) -> String {
    let s = s.trim().trim_end_matches('.');
    let mut c = s.chars();
    let head: String = c
        .next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default();
    format!("{head}.")
}

/// Sentences after a colon: the first word in lower case (`When defeated: gain 1 Resolve.`).
fn after_colon(sentences: &[String]) -> String {
    let joined = sentences.join(" ");
    let mut c = joined.chars();
    c.next()
        .map(|f| f.to_lowercase().chain(c).collect())
        .unwrap_or_default()
}

struct Writer<'a> {
    names: &'a HashMap<String, String>,
}

impl Writer<'_> {
    fn name(&self, id: &Value) -> String {
        let id = id.as_str().unwrap_or_default();
        self.names
            .get(id)
            .cloned()
            .unwrap_or_else(|| id.to_string())
    }

    /// An amount as the text says it: `3`, `1d6+2`, `to full Health`.
    fn amount(v: &Value) -> String {
        match v {
            Value::Object(m) => {
                let d = m.get("d6").and_then(Value::as_i64).unwrap_or(1);
                match m.get("plus").and_then(Value::as_i64).unwrap_or(0) {
                    0 => format!("{d}d6"),
                    p if p > 0 => format!("{d}d6+{p}"),
                    p => format!("{d}d6{p}"),
                }
            }
            v => v.as_i64().map(|n| n.to_string()).unwrap_or_default(),
        }
    }

    /// The phrase of effect `key` with value `v` (no full stop): its spec row's words
    /// (`cards::spec`), the number, dice, card or words filled in; a bonus, a branch, the
    /// Guide's choice and a card lost said by their own rows.
    fn effect(&self, key: &str, v: &Value) -> String {
        let Ok(typed) = serde_json::from_value::<Effect>(json!({ key: v })) else {
            return key.replace('_', " ");
        };
        let spec = spec_of(&typed);
        let n = v.as_i64().unwrap_or(0);
        let fill_in = |form: &str, n: String, plural: bool| {
            form.replace("{n}", &n)
                .replace("{s}", if plural { "s" } else { "" })
        };
        match spec.value {
            TextValue::Amount => match &typed {
                Effect::Heal(Amount::Full(_)) => spec.writes_full.to_string(),
                Effect::MaxHealth(_) if n < 0 => fill_in(spec.writes_full, (-n).to_string(), false),
                _ => fill_in(spec.writes, Self::amount(v), n != 1),
            },
            TextValue::Name => spec.writes.replace("{a}", &self.name(v)),
            TextValue::Bonus => {
                let to = v["to"].as_str().unwrap_or_default();
                let amount = v["amount"].as_i64().unwrap_or(0);
                match bonus_spec(to) {
                    Some(b) => b
                        .writes
                        .replace("{n}", &form(b.form, amount))
                        .replace("{a}", b.words.first().copied().unwrap_or(to)),
                    None => to.to_string(),
                }
            }
            TextValue::Branch => {
                let then = after_colon(&self.effects(&v["then"]));
                let otherwise = after_colon(&self.effects(&v["else"]));
                let cond = self.condition(&v["when"]);
                let said = match (then.is_empty(), otherwise.is_empty()) {
                    (true, _) => format!("unless {cond}, {otherwise}"),
                    (false, true) => format!("if {cond}: {then}"),
                    (false, false) => format!("if {cond}: {then} Otherwise: {otherwise}"),
                };
                said.trim_end_matches('.').to_string()
            }
            TextValue::Choice => self.guide_chooses(v),
            TextValue::Lose => {
                let kind = v.as_str().unwrap_or_default();
                let what = lose_forms(kind).0.first().copied().unwrap_or("a card");
                format!("lose {what} ({GUIDE_PICKS})")
            }
            TextValue::Nothing => spec
                .writes
                .replace("{n}", &n.to_string())
                .replace("{a}", v.as_str().unwrap_or_default()),
        }
    }

    /// A list of effects as sentences.
    fn effects(&self, list: &Value) -> Vec<String> {
        list.as_array()
            .into_iter()
            .flatten()
            .filter_map(|e| e.as_object()?.iter().next())
            .map(|(k, v)| sentence(&self.effect(k, v)))
            .collect()
    }

    /// A Guide's choice: the options' labels in one sentence, then what each does.
    fn guide_chooses(&self, v: &Value) -> String {
        let options = v.as_array().cloned().unwrap_or_default();
        let labels: Vec<&str> = options
            .iter()
            .map(|o| o["label"].as_str().unwrap_or_default())
            .collect();
        let mut out = format!("{GUIDE_CHOOSES}: {}.", labels.join("; or "));
        for o in &options {
            let label = o["label"].as_str().unwrap_or_default();
            let what = after_colon(&self.effects(&o["effects"]));
            out.push_str(&format!(" {label}: {what}"));
        }
        out
    }

    /// A condition in its spec's words, an arm for every variant (no catch-all), so a new
    /// condition does not compile until the writer says what fills its words.
    fn condition(&self, c: &Value) -> String {
        let Some((_, v)) = c.as_object().and_then(|m| m.iter().next()) else {
            return String::new();
        };
        let Ok(typed) = serde_json::from_value::<Condition>(c.clone()) else {
            return String::new();
        };
        let words = condition_spec(&typed).writes;
        let n = v.as_i64().unwrap_or(0);
        let (a, b) = match &typed {
            Condition::ResolveAtLeast(_)
            | Condition::DreadAtLeast(_)
            | Condition::HealthAtLeast(_)
            | Condition::HealthAtMost(_)
            | Condition::SnaresAtLeast(_) => (String::new(), String::new()),
            Condition::Holds(_) | Condition::Follows(_) | Condition::Cleared(_) => {
                (self.name(v), String::new())
            }
            Condition::Carries(_) => (self.name(&v["companion"]), self.name(&v["card"])),
            Condition::FoeTag(tag) => (tag.clone(), String::new()),
            Condition::Not(_) => (self.condition(v), String::new()),
            // The inner conditions joined by the spec's words.
            Condition::All(_) | Condition::Any(_) => {
                let parts: Vec<String> = v
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|c| self.condition(c))
                    .collect();
                return parts.join(words);
            }
        };
        fill(words, n).replace("{a}", &a).replace("{b}", &b)
    }

    fn modifier(&self, m: &Value) -> Option<String> {
        match m.as_str() {
            Some("no_spend_resolve") => return Some("You cannot spend Resolve.".into()),
            Some("no_rest") => return Some("You cannot use Rest cards.".into()),
            _ => {}
        }
        let (key, v) = m.as_object()?.iter().next()?;
        if key == "table_face" {
            let result = v["result"].as_str().unwrap_or_default();
            return Some(format!(
                "A roll of {} counts as {result}.",
                v["roll"].as_i64().unwrap_or(0)
            ));
        }
        let n = v.as_i64().unwrap_or(0);
        let (_, f) = modifier_forms(key)?;
        let sign = if n < 0 { "-" } else { "+" };
        let phrase = form(f, n);
        Some(sentence(&match key.as_str() {
            "atk" if n < 0 => format!("{phrase} lost (-{})", -n),
            "def" => format!(
                "{phrase}{}",
                if n < 0 {
                    format!(" lower (-{})", -n)
                } else {
                    " more".into()
                }
            ),
            "test_rolls" | "duel_rolls" | "all_rolls" => format!("{sign}{phrase}"),
            "rest_heal" => format!("at a Rest, {phrase}"),
            "counter_damage" => format!("your Counter deals {phrase}"),
            "first_attacks_miss" => format!("your {phrase} in each duel deal nothing"),
            _ => phrase,
        }))
    }

    fn ability(&self, u: &Value) -> String {
        let per = u["per"].as_str().unwrap_or("once");
        let uses = u["uses"].as_i64();
        let mut parts: Vec<String> = Vec::new();
        if u["duel_only"].as_bool() == Some(true) {
            parts.push("Duel only.".into());
        }
        if !u["requires"].is_null() {
            parts.push(sentence(&format!(
                "only if {}",
                self.condition(&u["requires"])
            )));
        }
        let mut what = self.effects(&u["effects"]);
        if u["reroll"].as_bool() == Some(true) {
            what.push("Reroll one die you just rolled.".into());
        }
        let what = after_colon(&what);
        match per_words(per, uses.is_some()).first() {
            Some(&"discard") => parts.push(format!("Use: {} Then discard it.", what)),
            Some(w) => parts.push(format!("{}: {what}", sentence(w).trim_end_matches('.'))),
            None => parts.push(format!("Use: {what}")),
        }
        if let Some(n) = uses {
            parts.push(format!("{n} uses, then discard it."));
        }
        parts.join(" ")
    }

    fn foe(&self, c: &Value, out: &mut Vec<String>) {
        if let Some(tag) = c["tags"][0].as_str() {
            out.push(sentence(tag));
        }
        match &c["hp"] {
            Value::Number(n) => out.push(format!("HP {n}.")),
            Value::String(_) => out.push("HP equal to your Health.".into()),
            _ => {}
        }
        if let Some(d) = c["def"].as_i64().filter(|d| *d != 0) {
            out.push(format!("DEF {d}."));
        }
        for i in c["immune"].as_array().into_iter().flatten() {
            out.extend(immune_words(i.as_str().unwrap_or_default()).map(sentence));
        }
        if c["unbeatable"].as_bool() == Some(true) {
            out.push("Cannot be fought.".into());
        }
        let faces = c["faces"].as_array().cloned().unwrap_or_default();
        for (i, f) in faces.iter().enumerate() {
            let (want, _) = face_wants(f);
            let name = f["name"].as_str().unwrap_or_default();
            let head = if i == 0 { "Faces: " } else { "" };
            out.push(format!("{head}{} {name} ({}).", i + 1, want.join(", ")));
        }
        for f in &faces {
            let said = self.effects(&f["effects"]);
            if !said.is_empty() {
                let name = f["name"].as_str().unwrap_or_default();
                out.push(format!("{name}: {}", after_colon(&said)));
            }
        }
        if c.get("on_defeat").is_some() {
            let said = after_colon(&self.effects(&c["on_defeat"]));
            out.push(format!("When defeated: {said}"));
        }
        for p in c["passage"].as_array().into_iter().flatten() {
            let mut s = String::new();
            if let Some(id) = p.get("show") {
                s.push_str(&format!("Show {} to pass.", self.name(id)));
            }
            if let Some(id) = p.get("give") {
                s.push_str(&format!("Give {} to pass.", self.name(id)));
            }
            if p["joins"].as_bool() == Some(true) {
                s.push_str(" It joins you.");
            }
            out.push(
                format!("{s} {}", self.effects(&p["effects"]).join(" "))
                    .trim()
                    .to_string(),
            );
        }
        if let Some(toll) = c.get("toll") {
            out.push(format!(
                "Or slip past: {}",
                after_colon(&self.effects(toll))
            ));
        }
    }

    fn terror(&self, c: &Value, out: &mut Vec<String>) {
        out.push("Choose one.".into());
        for o in c["options"].as_array().into_iter().flatten() {
            let mut s = format!(
                "{}:",
                o["label"]
                    .as_str()
                    .unwrap_or_default()
                    .trim_end_matches('.')
            );
            for p in o["cost"].as_array().into_iter().flatten() {
                let Some((key, v)) = p.as_object().and_then(|m| m.iter().next()) else {
                    continue;
                };
                let n = v.as_i64().unwrap_or(0);
                s.push_str(&match key.as_str() {
                    "spend_resolve" => format!(" spend {n} Resolve, then"),
                    "spend_grace" => format!(" spend {n} Grace, then"),
                    _ => format!(" discard one {}, then", v.as_str().unwrap_or("card")),
                });
            }
            out.push(format!("{s} {}", after_colon(&self.effects(&o["effects"]))));
        }
    }

    fn test(&self, t: &Value, out: &mut Vec<String>) {
        let target = t["target"].as_i64().unwrap_or(0);
        let dice = match t["dice"].as_i64().unwrap_or(1) {
            2 => "two dice",
            _ => "one die",
        };
        let extended = t["extended"].as_bool() == Some(true);
        if extended {
            out.push(format!(
                "Extended test: roll {dice}, {target}+ to pass, until 3 passes or 3 fails."
            ));
            let each = self.effects(&t["each_failure"]);
            if !each.is_empty() {
                out.push(format!("Each fail: {}", after_colon(&each)));
            }
        } else {
            out.push(format!("Test: roll {dice}, {target}+ to pass."));
        }
        let done = if extended { "Three passes" } else { "Pass" };
        let success = self.effects(&t["success"]);
        if !success.is_empty() {
            out.push(format!("{done}: {}", after_colon(&success)));
        }
        let failure = self.effects(&t["failure"]);
        if !failure.is_empty() {
            let done = if extended { "Three fails" } else { "Fail" };
            out.push(format!("{done}: {}", after_colon(&failure)));
        }
    }

    fn companion(&self, c: &Value, out: &mut Vec<String>) {
        match c.get("join").and_then(|j| j.as_object()?.iter().next()) {
            Some((how, id)) => {
                let verb = if how == "give" {
                    "Give them"
                } else {
                    "Show them"
                };
                out.push(format!("{verb} {} and they follow you.", self.name(id)));
            }
            None => out.push("Joins you at once.".into()),
        }
        if let Some(r) = c.get("refused") {
            out.push(format!(
                "If they do not join: {}",
                after_colon(&self.effects(r))
            ));
        }
        let carried: Vec<String> = c["carries"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|id| self.name(id))
            .collect();
        if !carried.is_empty() {
            out.push(format!("They carry {} for you.", carried.join(" and ")));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::text_check::check_card;

    fn names(set: &crate::cards::CardSet) -> HashMap<String, String> {
        set.cards
            .iter()
            .map(|c| (c.id.0.clone(), c.name.clone()))
            .collect()
    }

    #[test]
    fn a_text_written_from_a_templates_data_raises_no_warning() {
        use crate::cards::model::StationType;
        let names = HashMap::new();
        for t in StationType::ALL {
            let mut card =
                serde_json::to_value(crate::cards::edit::template(t, "new_card")).unwrap();
            let text = write_text(&card, &names);
            card["text"] = Value::from(text.clone());
            let found = check_card(&card, &names);
            assert!(found.is_empty(), "{t}: {text:?}: {found:?}");
        }
    }

    #[test]
    fn a_text_written_from_each_shipped_cards_data_raises_no_warning() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let (set, _) = crate::cards::load::load_dir(&dir).unwrap();
        let names = names(&set);
        let mut failed = Vec::new();
        for c in &set.cards {
            let mut card = serde_json::to_value(c).unwrap();
            let text = write_text(&card, &names);
            card["text"] = Value::from(text.clone());
            let found = check_card(&card, &names);
            if !found.is_empty() {
                failed.push(format!("{}: {text:?}: {found:?}", c.id));
            }
        }
        assert!(failed.is_empty(), "{}\n{}", failed.len(), failed.join("\n"));
    }
}
