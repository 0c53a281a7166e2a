//! The format's vocabulary as the designer's desk offers it: every effect, payment,
//! condition and standing modifier a card can hold, what each one's value is, and the
//! words of the small enums (bonus targets, kinds of loss, seal penalties, occasions, ...).
//! A test holds these lists to the generated schema, so a new effect in the model cannot
//! go missing from the desk's pickers.

pub use super::spec::{Arg, LOSE_KINDS, MARKERS};

pub const BONUS_TARGETS: &[&str] = &["next_duel", "next_test", "next_heal"];
pub const SLOT_KINDS: &[&str] = &["item", "equipment"];
/// When a trigger fires (`Occasion`).
pub const OCCASIONS: &[&str] = &["flip", "duel_start", "domain_enter", "foe_defeated"];
/// How often an ability can be used (`Per`); the first is the model's default.
pub const PER: &[&str] = &["once", "domain", "fight", "run"];
/// What an unmet requirement or unbroken seal of the Guardian does (`SealPenalty`).
pub const SEAL_PENALTIES: &[&str] = &["barred", "invulnerable", "full_heal", "reflect"];

/// Every effect of the format (`Effect` in the model), in the model's order: the key and
/// value of each row of [`super::spec::EFFECT_SPECS`], where effects are defined.
pub const EFFECTS: [(&str, Arg); super::spec::EFFECT_SPECS.len()] = {
    let specs = &super::spec::EFFECT_SPECS;
    let mut out = [("", Arg::Json); super::spec::EFFECT_SPECS.len()];
    let mut i = 0;
    while i < specs.len() {
        out[i] = (specs[i].key, specs[i].arg);
        i += 1;
    }
    out
};

/// Every payment of a Terror option's cost (`Payment` in the model).
pub const PAYMENTS: [(&str, Arg); 3] = [
    ("spend_resolve", Arg::Number),
    ("spend_grace", Arg::Number),
    ("discard", Arg::Pick(SLOT_KINDS)),
];

/// Every condition of the format (`Condition` in the model), in the model's order: what
/// breaks a Guardian's seal (or meets its requirement), what an `if` asks; the key and
/// value of each row of [`super::spec::CONDITION_SPECS`].
pub const CONDITIONS: [(&str, Arg); super::spec::CONDITION_SPECS.len()] = {
    let specs = &super::spec::CONDITION_SPECS;
    let mut out = [("", Arg::Json); super::spec::CONDITION_SPECS.len()];
    let mut i = 0;
    while i < specs.len() {
        out[i] = (specs[i].key, specs[i].arg);
        i += 1;
    }
    out
};

/// Every standing modifier of the format (`Modifier` in the model), in the model's order:
/// a card's `passive`. Two are bare words.
pub const MODIFIERS: [(&str, Arg); 11] = [
    ("atk", Arg::Number),
    ("def", Arg::Number),
    ("test_rolls", Arg::Number),
    ("duel_rolls", Arg::Number),
    ("all_rolls", Arg::Number),
    ("rest_heal", Arg::Number),
    ("counter_damage", Arg::Number),
    ("no_spend_resolve", Arg::Bare),
    ("no_rest", Arg::Bare),
    ("first_attacks_miss", Arg::Number),
    ("table_face", Arg::Json),
];

/// The names of a vocabulary, for a picker.
pub const fn names<const N: usize>(list: &[(&'static str, Arg); N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = list[i].0;
        i += 1;
    }
    out
}

/// The effects' names, for the effect picker.
pub const EFFECT_NAMES: [&str; EFFECTS.len()] = names(&EFFECTS);

/// The payments' names, for the cost picker.
pub const PAYMENT_NAMES: [&str; PAYMENTS.len()] = names(&PAYMENTS);

/// The conditions' names, for the picker of what breaks a seal.
pub const CONDITION_NAMES: [&str; CONDITIONS.len()] = names(&CONDITIONS);

/// The modifiers' names, for the picker of a passive.
pub const MODIFIER_NAMES: [&str; MODIFIERS.len()] = names(&MODIFIERS);

/// What the value of `key` in `list` is (`None`: not of the vocabulary).
pub fn arg_of(list: &[(&str, Arg)], key: &str) -> Option<Arg> {
    list.iter().find(|(k, _)| *k == key).map(|(_, a)| *a)
}

/// Whether `key` is the effect that branches on a condition.
fn is_branch(key: &str) -> bool {
    super::spec::spec(key).is_some_and(|s| s.value == super::spec::TextValue::Branch)
}

/// A starting value for a new object of kind `key` (`{"heal": 1}` for a new heal).
pub fn blank(list: &[(&str, Arg)], key: &str) -> serde_json::Value {
    use serde_json::json;
    match arg_of(list, key) {
        Some(Arg::Amount | Arg::Number) => json!(1),
        Some(Arg::Pick(words)) => json!(words.first().copied().unwrap_or("")),
        Some(Arg::Bonus) => json!({"to": BONUS_TARGETS[0], "amount": 1}),
        Some(Arg::Card | Arg::Words) => json!(""),
        Some(Arg::Carry) => json!({"companion": "", "card": ""}),
        Some(Arg::Bare) => serde_json::Value::Null,
        Some(Arg::Json) if is_branch(key) => json!({"when": {"resolve_at_least": 1}, "then": []}),
        Some(Arg::Json) if key == "not" => json!({"holds": ""}),
        Some(Arg::Json) if key == "all" || key == "any" => json!([{"holds": ""}]),
        Some(Arg::Json) if key == "table_face" => json!({"roll": 1, "result": "miss"}),
        Some(Arg::Json) => json!([{"label": "", "effects": []}, {"label": "", "effects": []}]),
        None => serde_json::Value::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The generated schema's definitions.
    fn defs() -> Value {
        let s: Value = serde_json::from_str(&super::super::schema::schema_json()).unwrap();
        s["$defs"].clone()
    }

    /// The words of an enum of the schema (`"const"` of each `oneOf`, or its `enum`).
    fn words(defs: &Value, name: &str) -> Vec<String> {
        let d = &defs[name];
        if let Some(e) = d["enum"].as_array() {
            return e
                .iter()
                .filter_map(|w| Some(w.as_str()?.to_string()))
                .collect();
        }
        d["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["const"].as_str().unwrap().to_string())
            .collect()
    }

    /// Checks a vocabulary against a one-key enum of the schema: same keys in the same
    /// order, and each value of the shape the list says.
    fn agrees(list: &[(&str, Arg)], name: &str) {
        let defs = defs();
        let variants = defs[name]["oneOf"].as_array().unwrap();
        // A bare word's variant is the word itself (`"const"`).
        let keys: Vec<&str> = variants
            .iter()
            .map(|v| v["required"][0].as_str().or(v["const"].as_str()).unwrap())
            .collect();
        let ours: Vec<&str> = list.iter().map(|(k, _)| *k).collect();
        assert_eq!(ours, keys, "{name}");
        for (v, (key, arg)) in variants.iter().zip(list) {
            let p = &v["properties"][key];
            let r = p["$ref"].as_str().unwrap_or("");
            let r = r.rsplit('/').next().unwrap_or("");
            let ok = match arg {
                Arg::Bare => v["type"] == "string" && v["const"] == *key,
                Arg::Amount => r == "Amount",
                Arg::Number => p["type"] == "integer",
                Arg::Card => r == "CardId",
                Arg::Words => p["type"] == "string",
                Arg::Pick(w) => {
                    let w: Vec<String> = w.iter().map(|s| s.to_string()).collect();
                    words(&defs, r) == w
                }
                Arg::Bonus => r == "Bonus",
                Arg::Carry => r == "Carry",
                Arg::Json => !r.is_empty() || p["type"] == "array",
            };
            assert!(ok, "{name}.{key}: {p}");
        }
    }

    #[test]
    fn the_effects_and_payments_are_the_schemas() {
        agrees(&EFFECTS, "Effect");
        agrees(&PAYMENTS, "Payment");
        agrees(&CONDITIONS, "Condition");
        agrees(&MODIFIERS, "Modifier");
        assert_eq!(words(&defs(), "BonusTarget"), BONUS_TARGETS);
        assert_eq!(words(&defs(), "SealPenalty"), SEAL_PENALTIES);
        assert_eq!(words(&defs(), "Occasion"), OCCASIONS);
        assert_eq!(words(&defs(), "Per"), PER);
        assert_eq!(EFFECT_NAMES[0], "heal");
        assert_eq!(PAYMENT_NAMES.len(), 3);
    }

    #[test]
    fn a_blank_object_of_each_kind_reads_as_the_model() {
        for (key, _) in &EFFECTS {
            let v = serde_json::json!({ *key: blank(&EFFECTS, key) });
            let read: Result<super::super::model::Effect, _> = serde_json::from_value(v.clone());
            // Card ids and words start empty: the loader then names what is missing.
            if !matches!(arg_of(&EFFECTS, key), Some(Arg::Card | Arg::Words)) {
                assert!(read.is_ok(), "{v}: {read:?}");
            }
        }
        for (key, arg) in &MODIFIERS {
            let v = match arg {
                Arg::Bare => serde_json::json!(key),
                _ => serde_json::json!({ *key: blank(&MODIFIERS, key) }),
            };
            let read: Result<super::super::model::Modifier, _> = serde_json::from_value(v.clone());
            assert!(read.is_ok(), "{v}: {read:?}");
        }
        for (key, arg) in &CONDITIONS {
            let v = serde_json::json!({ *key: blank(&CONDITIONS, key) });
            let read: Result<super::super::model::Condition, _> = serde_json::from_value(v.clone());
            if matches!(arg, Arg::Number) {
                assert!(read.is_ok(), "{v}: {read:?}");
            }
        }
    }
}
