//! The creatures' part of the text check: a foe's HP, faces and ways past it, and the
//! Guardian's HP, faces, requirements and seals.

use super::{Checker, TextProblem, capitalised, immune_words};
use crate::cards::model::Face;
use serde_json::{Map, Value};
use std::collections::HashMap;

/// What a face's part of a foe's text (inside its parentheses) must say, and what it may
/// not: `blocks and deals 2`, `heals itself 1`, ..., `miss` for a face that does nothing.
pub(crate) fn face_wants(f: &Value) -> (Vec<String>, Vec<&'static str>) {
    // The face as the model reads it: a field it does not hold is its default.
    let mut v = f.clone();
    if let Some(m) = v.as_object_mut() {
        m.entry("name").or_insert_with(|| Value::from(""));
    }
    let f: Face = serde_json::from_value(v).unwrap_or_default();
    let mut want: Vec<String> = Vec::new();
    let mut forbid: Vec<&str> = Vec::new();
    match (f.block, f.deal) {
        (true, 0) => want.push("blocks".into()),
        (true, d) => want.push(format!("blocks and deals {d}")),
        (false, 0) => forbid.extend(["deals", "blocks"]),
        (false, d) => {
            want.push(format!("deals {d}"));
            forbid.push("blocks");
        }
    }
    if f.block && f.deal == 0 {
        forbid.push("deals");
    }
    if f.ignore_block {
        want.push("through your block".into());
    }
    if f.heal > 0 {
        want.push(format!("heals itself {}", f.heal));
    } else {
        forbid.push("heals");
    }
    if f.skip_roll {
        want.push("forfeit your next roll".into());
    } else {
        forbid.push("forfeit");
    }
    if f.roll_penalty > 0 {
        want.push(format!("next roll is {} lower", f.roll_penalty));
    } else {
        forbid.push("lower");
    }
    if f.no_rerolls {
        want.push("no rerolls".into());
    } else {
        forbid.push("rerolls");
    }
    if f.enrage > 0 {
        want.push(format!("+{} damage on every later hit", f.enrage));
    }
    if f.empower > 0 {
        want.push(format!("+{} damage", f.empower));
        match &f.empower_face {
            Some(target) => want.push(format!("next time {target} comes up")),
            None => want.push("next hit".into()),
        }
    }
    if f.enrage == 0 && f.empower == 0 {
        forbid.push("+");
    }
    if f.copy {
        want.push("copies your".into());
    } else {
        forbid.push("copies");
    }
    if want.is_empty() && f.effects.is_empty() {
        want.push("miss".into());
    }
    (want, forbid)
}

/// Checks the Guardian (a JSON object): its text states its HP and each face as a foe's
/// does, and each requirement's and seal's text names the cards of its condition.
pub fn check_guardian(card: &Value, names: &HashMap<String, String>) -> Vec<TextProblem> {
    let Some(c) = card.as_object() else {
        return Vec::new();
    };
    let mut problems: Vec<TextProblem> = Vec::new();
    let mut checker = Checker::new(c, names);
    if let Some(hp) = c.get("hp").and_then(Value::as_i64)
        && !super::has_number(&checker.text, hp)
    {
        checker.fail(format!("the text does not state HP {hp}"));
    }
    checker.faces(c);
    problems.extend(checker.problems.drain(..).map(TextProblem::of_text));
    // A requirement's or seal's text is its own field: its problems are filed there.
    for list in ["requirements", "seals"] {
        for (i, s) in c
            .get(list)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let Some(seal) = s.as_object() else { continue };
            let mut sc = Checker::new(seal, names);
            let name = seal.get("name").and_then(Value::as_str).unwrap_or_default();
            sc.condition(&seal["broken_by"], &format!("{list}: {name}"));
            problems.extend(sc.problems.into_iter().map(|message| TextProblem {
                message,
                field: format!("{list}[{i}].text"),
            }));
        }
    }
    problems
}

impl Checker<'_> {
    pub(super) fn foe(&mut self, c: &Map<String, Value>) {
        if let Some(tag) = c.get("tags").and_then(|t| t[0].as_str()) {
            let cap = capitalised(tag);
            if !self.text.starts_with(&format!("{cap}.")) {
                self.fail(format!("the text does not open with \"{cap}.\""));
            }
        }
        if let Some(hp) = c.get("hp").and_then(Value::as_i64)
            && !self.text.contains(&format!("HP {hp}."))
        {
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
            let Some(word) = immune_words(i.as_str().unwrap_or_default()) else {
                continue;
            };
            self.word(word, "immune");
        }
        if c.get("unbeatable").and_then(Value::as_bool) == Some(true) {
            self.word("Cannot be fought", "unbeatable");
        }
        self.faces(c);
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
        let (want, forbid) = face_wants(f);
        // What the face does beside the exchange: stated somewhere in the card's text.
        self.effects(&f["effects"], &format!("face {i} {name}"));
        for w in &want {
            // "blocks, deals 1" says the same as "blocks and deals 1".
            let listed = w.replace("blocks and deals", "blocks, deals");
            if !inner.contains(w.as_str()) && !inner.contains(&listed) {
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

    /// Each face of a foe or the Guardian listed as `N Name (what it does)`.
    fn faces(&mut self, c: &Map<String, Value>) {
        let faces = c
            .get("faces")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let text = self.text.clone();
        for (i, f) in faces.iter().enumerate() {
            let name = f["name"].as_str().unwrap_or_default();
            let head = format!("{} {name} (", i + 1);
            let Some(at) = text.find(&head) else {
                self.fail(format!("the text does not list face \"{head}...)\""));
                continue;
            };
            let rest = &text[at + head.len()..];
            let inner = &rest[..rest.find(')').unwrap_or(rest.len())];
            self.face(i + 1, name, f, inner);
        }
    }
}
