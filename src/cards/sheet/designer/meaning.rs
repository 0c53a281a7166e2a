//! The safety net under the notation: every number of a rules cell must land somewhere in
//! the card's data. Whatever a reader skipped or misread shows up here as a number the
//! card does not hold, and the row is reported with the words that carried it.

use crate::cards::sheet::notation::normalise;
use serde_json::Value;
use std::collections::BTreeMap;

/// Fields that hold prose, not rules.
const PROSE_FIELDS: &[&str] = &[
    "id",
    "name",
    "text",
    "flavor",
    "guide_notes",
    "label",
    "theme",
];

/// The Rest card's figures from the draft (1 Resolve for 1 Grace, 1 Resolve for 5 Health),
/// which a Rest card does not repeat in its data.
const REST_FIGURES: &[i64] = &[1, 1, 1, 5];

/// The words that say what a Counter is (`6 COUNTER -> BLOCK + DEAL 1 DMG`), normalised.
const COUNTER_MEANS: &[&str] = &[
    "counter -> block + deal 1 dmg",
    "counter -> block & deal 1 dmg",
    "counter -> block and deal 1 dmg",
    "counter -> block + deal 1 damage",
    "counter -> block & deal 1 damage",
    "counter -> block and deal 1 damage",
];

/// Every number in a card's data (not its prose), as a count per value.
fn data_numbers(v: &Value, out: &mut BTreeMap<i64, usize>) {
    match v {
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                *out.entry(i.abs()).or_default() += 1;
            }
        }
        Value::Array(a) => a.iter().for_each(|x| data_numbers(x, out)),
        Value::Object(m) => {
            for (k, x) in m {
                if !PROSE_FIELDS.contains(&k.as_str()) {
                    data_numbers(x, out);
                }
            }
        }
        _ => {}
    }
}

/// A line without the words whose numbers are notation, not rules: dice (`1d6`), a face's
/// die number (`3 Bite (...)`), the fixed shape of an extended test (`3 successes before 3
/// failures`, `On 3 failures:`), and what a Counter means (`6 COUNTER -> block + deal 1`).
fn rules_part(line: &str, faced: bool) -> String {
    // A reference to another card by its number (`card 45`, `#45`) is not a rule.
    let mut n = without_dice(&normalise(line)).replace("card #", "#");
    for marker in ["card ", "cards ", "#"] {
        while let Some(i) = n.find(marker) {
            let start = i + marker.len();
            let digits = n[start..].chars().take_while(char::is_ascii_digit).count();
            if digits == 0 {
                break;
            }
            n.replace_range(i..start + digits, "");
        }
    }
    let mut c = n.chars();
    if matches!(c.next(), Some('1'..='6'))
        && c.next().is_some_and(|x| " .):".contains(x))
        && (faced || n.contains("counter"))
    {
        // A face (`3 bite (1 dmg)`) or a table face (`6 counter -> ...`): its die number
        // is notation, and so is what a Counter means (only those words: whatever else the
        // line says still counts).
        n = n[1..].to_string();
        for said in COUNTER_MEANS {
            n = n.replacen(said, "counter", 1);
        }
    }
    for idiom in ["successes before", "failures", "failure:"] {
        if let Some(i) = n.find(idiom) {
            // The number just before the idiom is the test's fixed shape.
            let (head, tail) = n.split_at(i);
            let head = head.trim_end();
            let cut = head
                .rfind(|c: char| !c.is_ascii_digit())
                .map_or(0, |p| p + 1);
            let after_before = tail.replacen("successes before", "", 1);
            n = format!("{} {after_before}", &head[..cut]);
        }
    }
    n
}

/// A line without its dice (`1d6`, `2d6`): how many dice is notation for a roll.
fn without_dice(l: &str) -> String {
    let b = l.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        let starts_word = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if digits > 0 && starts_word && l[i + digits..].starts_with("d6") {
            // One die to roll is the notation's `1d6`; more dice, or dice that are an
            // amount (`Heal 1d6+2`, `Lose 1d6 HP`), keep their count for the check.
            let rolled = l[..i].trim_end().ends_with("roll") || l[..i].ends_with('(');
            if !rolled {
                out.push_str(&l[i..i + digits]);
                out.push(' ');
            }
            i += digits + 2;
            continue;
        }
        let step = digits.max(1);
        out.push_str(&l[i..(i + step).min(l.len())]);
        i += step;
    }
    out
}

/// Whole numbers written in a line (`-1` counts as 1).
fn numbers(line: &str) -> Vec<i64> {
    line.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .filter_map(|w| w.parse().ok())
        .collect()
}

/// The lines of `rules` whose numbers `card` does not hold, each with those numbers
/// (`"Heal 3 HP (3)"`). `skip` says which lines are headings, not rules.
pub(super) fn lost(rules: &str, card: &Value, skip: &dyn Fn(&str) -> bool) -> Vec<String> {
    let mut have = BTreeMap::new();
    data_numbers(card, &mut have);
    if card.get("type").and_then(Value::as_str) == Some("rest") {
        for n in REST_FIGURES {
            *have.entry(*n).or_default() += 1;
        }
    }
    let faced = card.get("faces").is_some();
    let mut out = Vec::new();
    for line in rules
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !skip(l))
    {
        let missing: Vec<String> = numbers(&rules_part(line, faced))
            .into_iter()
            .filter(|n| match have.get_mut(n) {
                Some(c) if *c > 0 => {
                    *c -= 1;
                    false
                }
                _ => true,
            })
            .map(|n| n.to_string())
            .collect();
        if !missing.is_empty() {
            out.push(format!("{line} (the {} not read)", missing.join(", ")));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_number_the_card_does_not_hold_is_reported() {
        let card = json!({"type": "foe", "hp": 5, "faces": [{"name": "Bite", "deal": 2}]});
        let none = |_: &str| false;
        assert!(lost("FIGHT: 5 HP\n3 Bite (2 DMG)\nRoll 1d6", &card, &none).is_empty());
        let heal = json!({"type": "item", "use": {"effects": [{"heal": {"d6": 1, "plus": 2}}]}});
        assert!(lost("USE:\nHeal 1d6+2", &heal, &none).is_empty());
        assert!(lost("USE:\nHeal 1d6+2 (see card 45)", &heal, &none).is_empty());
        let pit = json!({"type": "pit", "test": {"target": 4}});
        assert!(lost("CHALLENGE:\nRoll 1d6, Target: 4+", &pit, &none).is_empty());
        let dropped = json!({"type": "item", "use": {"effects": [{"heal": 7}]}});
        assert_eq!(
            lost("USE:\nHeal 7 HP then lose 1d6 HP", &dropped, &none),
            ["USE:\nHeal 7 HP then lose 1d6 HP (the 1 not read)".replace("USE:\n", "")]
        );
        let l = lost("FIGHT: 5 HP\n3 Bite (2 DMG)\n4 Maul (3 DMG)", &card, &none);
        assert_eq!(l, ["4 Maul (3 DMG) (the 3 not read)"]);
        let test = json!({"type": "pit", "test": {"target": 4, "each_failure": [{"lose_health": 2}], "failure": [{"dread": 1}]}});
        let cell = "CHALLENGE:\nRoll 1d6, Target: 4+\nneed 3 successes before 3 failures\nEach failure: Lose 2 HP\nOn 3 failures: Move the marker down 1";
        assert!(
            lost(cell, &test, &none).is_empty(),
            "{:?}",
            lost(cell, &test, &none)
        );
        let counter = json!({"type": "equipment", "passive": [{"table_face": {"roll": 6, "result": "counter"}}]});
        assert!(lost("EQUIP:\n6 COUNTER → BLOCK + DEAL 1 DMG.", &counter, &none).is_empty());
        // What follows the Counter's meaning still counts.
        assert_eq!(
            lost(
                "EQUIP:\n6 COUNTER → BLOCK + DEAL 1 DMG, and 3 lanterns hum softly.",
                &counter,
                &none
            )
            .len(),
            1
        );
    }
}
