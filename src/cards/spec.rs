//! Each effect of the format defined once: its key, what its value is and the range of
//! its number, the house's phrases for it (what the text check looks for and the text
//! writer writes), the designer's notation for it (what the export writes and the
//! notation reads back), and its glossary line. The desk's pickers (`vocab::EFFECTS`), the
//! validator's ranges, the text check's phrases and the designer export's words come from
//! here; a test holds the schema's ranges to it and properties over every row check that
//! house text passes the text check and the designer's notation reads back equal
//! (`tests/cards/properties.rs`).
//!
//! Adding an effect: a row here, the variant in `model/effect.rs` (the compiler then asks
//! for its arm in [`spec_of`] and in the core's interpreter), and a test. See "Adding an
//! effect" in docs/ARCHITECTURE.md.

use super::model::{Condition, Effect, Modifier};
use super::sheet::notation;
use super::vocab::{Arg, LOSE_KINDS, MARKERS};

/// One effect of the format.
#[derive(Debug, Clone, Copy)]
pub struct EffectSpec {
    /// Its key in the JSON (`{"heal": 4}`).
    pub key: &'static str,
    /// What its value is, and so how the desk edits it.
    pub arg: Arg,
    /// The lowest and highest number it takes (for an amount: a fixed amount), when its
    /// value is a number; `nonzero` ranges that span zero leave zero out.
    pub range: Option<(i64, i64)>,
    /// Whether zero is refused inside `range` (a change of maximum Health of 0 says
    /// nothing).
    pub nonzero: bool,
    /// The house's phrases for its number, `{n}` standing for it: a card's text says one
    /// of them; the first is what the desk writes.
    pub house: &'static [&'static str],
    /// The designer's notation for it, `{n}` standing for the number: what the export
    /// writes and the import reads back; `None` when the notation has no words for it.
    pub designer: Option<&'static str>,
    /// The designer's other wordings for it, tried in order after `read_with` (see
    /// [`Reading`]).
    pub reads: &'static [Reading],
    /// A wording whose shape words and numbers cannot say (`2 DMG to Human`): its reader,
    /// given the normalised line, tried before `reads`.
    pub read_with: Option<fn(&str) -> Option<serde_json::Value>>,
    /// What it does, in a player's words (the glossary's line).
    pub glossary: &'static str,
}

/// One wording of the designer's for an effect or a standing modifier, besides its exact
/// form: the words a normalised line opens with, holds and lacks, and how its value reads.
/// Rows are tried in the model's order, so a reading lacks the words of a later one that
/// would also fit (a peek lacks "deck", which a peek at the deck holds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    /// The line opens with one of these; empty: with anything.
    pub opens: &'static [&'static str],
    /// For each group, the line holds one of its words.
    pub holds: &'static [&'static [&'static str]],
    /// The line holds none of these.
    pub lacks: &'static [&'static str],
    /// What its value is.
    pub value: ReadValue,
}

/// How a [`Reading`]'s value comes from its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadValue {
    /// Its first number, which must be there.
    Number,
    /// Its first number, or this one when it has none.
    NumberOr(i64),
    /// Its first number, at most this one, and this one when it has none (`Reorder the
    /// deck`: as many as allowed).
    UpTo(i64),
    /// A number or dice (`1d6+2`).
    Amount,
    /// All of it (`"full"`).
    Full,
    /// A bonus of its first number (else 1) to this target.
    Bonus(&'static str),
    /// No value: the key itself (`"no_rest"`).
    Flag,
}

/// A reading of lines that open with one of `opens` and hold a word of each of `holds`.
pub const fn reading(
    opens: &'static [&'static str],
    holds: &'static [&'static [&'static str]],
    value: ReadValue,
) -> Reading {
    Reading {
        opens,
        holds,
        lacks: &[],
        value,
    }
}

const fn number(
    key: &'static str,
    lo: i64,
    hi: i64,
    house: &'static [&'static str],
    designer: Option<&'static str>,
    reads: &'static [Reading],
    glossary: &'static str,
) -> EffectSpec {
    EffectSpec {
        key,
        arg: Arg::Number,
        range: Some((lo, hi)),
        nonzero: false,
        house,
        designer,
        reads,
        read_with: None,
        glossary,
    }
}

const fn other(key: &'static str, arg: Arg, glossary: &'static str) -> EffectSpec {
    EffectSpec {
        key,
        arg,
        range: None,
        nonzero: false,
        house: &[],
        designer: None,
        reads: &[],
        read_with: None,
        glossary,
    }
}

/// Every effect, in the model's order.
pub const EFFECT_SPECS: [EffectSpec; 20] = [
    EffectSpec {
        key: "heal",
        arg: Arg::Amount,
        range: Some((1, 20)),
        nonzero: false,
        house: &["heal {n}"],
        designer: Some("Heal {n} HP"),
        reads: &[
            reading(&["full heal"], &[], ReadValue::Full),
            reading(&["heal"], &[&["full"]], ReadValue::Full),
            // A heal bought at a Rest is the `rest_heal` modifier.
            Reading {
                lacks: &["resting", "when you rest"],
                ..reading(&["heal"], &[], ReadValue::Amount)
            },
        ],
        read_with: Some(notation::plus_hp),
        glossary: "Restore Health, never above the maximum.",
    },
    EffectSpec {
        key: "lose_health",
        arg: Arg::Amount,
        range: Some((1, 20)),
        nonzero: false,
        house: &["lose {n} Health", "lose only {n} Health"],
        designer: Some("Lose {n} HP"),
        reads: &[reading(&["lose"], &[&["hp"]], ReadValue::Amount)],
        read_with: Some(notation::minus_hp),
        glossary: "Lose Health; at 0 the run is lost.",
    },
    number(
        "resolve",
        1,
        8,
        &["{n} Resolve"],
        Some("Move the Resolve/Dread marker up {n}"),
        &[reading(
            &[],
            &[&["marker"], &[" up"]],
            ReadValue::NumberOr(1),
        )],
        "Move the marker up toward Resolve.",
    ),
    number(
        "dread",
        1,
        8,
        &["{n} Dread"],
        Some("Move the Resolve/Dread marker down {n}"),
        &[reading(
            &[],
            &[&["marker"], &[" down"]],
            ReadValue::NumberOr(1),
        )],
        "Move the marker down toward Dread; past the last step the run is lost.",
    ),
    EffectSpec {
        key: "max_health",
        arg: Arg::Number,
        range: Some((-10, 10)),
        nonzero: true,
        house: &[],
        designer: None,
        reads: &[],
        read_with: None,
        glossary: "Raise or lower maximum Health.",
    },
    // Every reading of a hit is a thrown thing (`notation::Line::Thrown`).
    EffectSpec {
        read_with: Some(notation::damage_to),
        ..number(
            "hit_foe",
            1,
            20,
            &["deal {n} damage"],
            Some("Throw for {n} DMG"),
            &[reading(&[], &[&["throw"]], ReadValue::Number)],
            "Damage the foe of the duel directly; DEF does not reduce it.",
        )
    },
    number(
        "peek",
        1,
        3,
        &["look at {n}"],
        Some("Peek at {n} face down cards"),
        &[Reading {
            lacks: &["deck"],
            ..reading(&["peek", "look"], &[], ReadValue::NumberOr(1))
        }],
        "Look at face-down cards of the row; they stay face down.",
    ),
    number(
        "reveal",
        1,
        3,
        &["turn {n}"],
        Some("Turn {n} cards face up"),
        &[reading(&[], &[&["face up"]], ReadValue::NumberOr(1))],
        "Turn face-down cards of the row face up.",
    ),
    number(
        "peek_deck",
        1,
        3,
        &["top {n}"],
        Some("Look at the top {n} cards of the deck"),
        &[reading(
            &["peek", "look"],
            &[&["deck"]],
            ReadValue::NumberOr(1),
        )],
        "Look at the top cards of the Domain deck.",
    ),
    number(
        "reorder",
        2,
        crate::numbers::REORDER_MAX as i64,
        &["top {n}"],
        Some("Reorder the top {n} cards"),
        &[reading(
            &[],
            &[&["reorder"]],
            ReadValue::UpTo(crate::numbers::REORDER_MAX as i64),
        )],
        "Look at the top cards of the Domain deck and put them back in any order.",
    ),
    number(
        "cleanse",
        1,
        3,
        &["remove {n} Snare"],
        Some("Cleanse {n} Snare"),
        &[
            reading(&["cleanse"], &[], ReadValue::NumberOr(1)),
            reading(&["remove"], &[&["snare"]], ReadValue::NumberOr(1)),
        ],
        "Remove Snares of your choice.",
    ),
    EffectSpec {
        reads: &[
            reading(
                &[],
                &[&["next duel", "next fight"]],
                ReadValue::Bonus("next_duel"),
            ),
            reading(
                &[],
                &[&["next challenge", "next test"]],
                ReadValue::Bonus("next_test"),
            ),
            reading(&[], &[&["next heal"]], ReadValue::Bonus("next_heal")),
        ],
        ..other(
            "bonus",
            Arg::Bonus,
            "A one-off bonus to the next duel, test or heal.",
        )
    },
    other(
        "if",
        Arg::Json,
        "Effects that happen only when a condition holds.",
    ),
    other(
        "guide_chooses",
        Arg::Json,
        "The Guide picks one of the options; alone, a die picks.",
    ),
    other(
        "lose",
        Arg::Pick(LOSE_KINDS),
        "Lose one held card of this kind; the Guide picks which.",
    ),
    other(
        "marker",
        Arg::Pick(MARKERS),
        "Set the marker to the middle.",
    ),
    other("catch", Arg::Card, "Be caught by this Snare."),
    other("release", Arg::Card, "This Snare lets you go."),
    number(
        "shield",
        1,
        3,
        &[],
        None,
        &[],
        "In a duel: the foe's damage is blocked in the next exchanges.",
    ),
    other("end_run", Arg::Words, "The run ends here, lost."),
];

/// One field of a foe's face: its key, its range when it is a number (`None`: a flag), and
/// the designer's words for it in a face's brackets (`{n}` for the number), in the order
/// the export writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FaceSpec {
    pub key: &'static str,
    pub range: Option<(i64, i64)>,
    pub designer: &'static str,
}

const fn flag(key: &'static str, designer: &'static str) -> FaceSpec {
    FaceSpec {
        key,
        range: None,
        designer,
    }
}

const fn amount(key: &'static str, hi: i64, designer: &'static str) -> FaceSpec {
    FaceSpec {
        key,
        range: Some((1, hi)),
        designer,
    }
}

/// Every field of a face that does something (`name`, `empower_face` and `effects` aside:
/// the name is the face's, `empower_face` goes with `empower`, effects are effects).
pub const FACE_SPECS: [FaceSpec; 10] = [
    flag("copy", "Copy player roll"),
    flag("block", "Block"),
    amount("deal", 20, "{n} DMG"),
    amount("heal", 20, "Heal self {n} HP"),
    flag("skip_roll", "Player skips next roll"),
    amount("roll_penalty", 5, "-{n} to Player's next roll"),
    flag("no_rerolls", "no rerolls next round"),
    amount("enrage", 5, "+{n} DMG rest of fight"),
    amount("empower", 10, "next hit +{n} DMG"),
    flag("ignore_block", "ignore block"),
];

/// One condition of the format (what an `if` asks, what breaks a Guardian's seal): its key,
/// its value, the range of its number when it is one, and its words in a card's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConditionSpec {
    pub key: &'static str,
    pub arg: Arg,
    pub range: Option<(i64, i64)>,
    /// Words the text holds, each of them (the cards it names are checked by name).
    pub words: &'static [&'static str],
    /// The house's phrases for its number, `{n}` standing for it: the text says one.
    pub house: &'static [&'static str],
    /// What the text writer says: `{n}` the number, `{a}` and `{b}` the names or words of
    /// its value in order; for `all` and `any`, what joins the inner conditions.
    pub writes: &'static str,
}

const fn cond(key: &'static str, arg: Arg, writes: &'static str) -> ConditionSpec {
    ConditionSpec {
        key,
        arg,
        range: None,
        words: &[],
        house: &[],
        writes,
    }
}

const fn counted(
    key: &'static str,
    range: (i64, i64),
    words: &'static [&'static str],
    house: &'static [&'static str],
    writes: &'static str,
) -> ConditionSpec {
    ConditionSpec {
        key,
        arg: Arg::Number,
        range: Some(range),
        words,
        house,
        writes,
    }
}

/// The marker's furthest step either way, as a condition's number.
const MARKER_STEPS: i64 = crate::numbers::MARKER_MAX as i64;

/// Every condition, in the model's order.
pub const CONDITION_SPECS: [ConditionSpec; 13] = [
    counted(
        "resolve_at_least",
        (1, MARKER_STEPS),
        &[],
        &["Resolve {n} or more", "at least {n} Resolve"],
        "you have Resolve {n} or more",
    ),
    counted(
        "dread_at_least",
        (1, MARKER_STEPS),
        &[],
        &["Dread {n} or more", "at least {n} Dread"],
        "you have Dread {n} or more",
    ),
    counted(
        "health_at_least",
        (1, 99),
        &["Health"],
        &[],
        "your Health is {n} or more",
    ),
    counted(
        "health_at_most",
        (0, 99),
        &["Health"],
        &[],
        "your Health is {n} or less",
    ),
    cond("holds", Arg::Card, "you hold {a}"),
    cond("follows", Arg::Card, "{a} follows you"),
    cond("carries", Arg::Carry, "{a} carries {b}"),
    cond("foe_tag", Arg::Words, "the foe is {a}"),
    counted(
        "snares_at_least",
        (1, 9),
        &["Snare"],
        &[],
        "{n} or more Snares hold you",
    ),
    cond("cleared", Arg::Card, "you have cleared {a}"),
    cond("not", Arg::Json, "it is not so that {a}"),
    cond("all", Arg::Json, " and "),
    cond("any", Arg::Json, " or "),
];

/// The spec of a condition, an arm for every variant.
pub fn condition_spec(c: &Condition) -> &'static ConditionSpec {
    let i = match c {
        Condition::ResolveAtLeast(_) => 0,
        Condition::DreadAtLeast(_) => 1,
        Condition::HealthAtLeast(_) => 2,
        Condition::HealthAtMost(_) => 3,
        Condition::Holds(_) => 4,
        Condition::Follows(_) => 5,
        Condition::Carries(_) => 6,
        Condition::FoeTag(_) => 7,
        Condition::SnaresAtLeast(_) => 8,
        Condition::Cleared(_) => 9,
        Condition::Not(_) => 10,
        Condition::All(_) => 11,
        Condition::Any(_) => 12,
    };
    &CONDITION_SPECS[i]
}

/// The spec of an effect. The match has an arm for every variant and no catch-all, so a
/// new effect does not compile until it has a row.
pub fn spec_of(e: &Effect) -> &'static EffectSpec {
    let i = match e {
        Effect::Heal(_) => 0,
        Effect::LoseHealth(_) => 1,
        Effect::Resolve(_) => 2,
        Effect::Dread(_) => 3,
        Effect::MaxHealth(_) => 4,
        Effect::HitFoe(_) => 5,
        Effect::Peek(_) => 6,
        Effect::Reveal(_) => 7,
        Effect::PeekDeck(_) => 8,
        Effect::Reorder(_) => 9,
        Effect::Cleanse(_) => 10,
        Effect::Bonus(_) => 11,
        Effect::If(_) => 12,
        Effect::GuideChooses(_) => 13,
        Effect::Lose(_) => 14,
        Effect::Marker(_) => 15,
        Effect::Catch(_) => 16,
        Effect::Release(_) => 17,
        Effect::Shield(_) => 18,
        Effect::EndRun(_) => 19,
    };
    &EFFECT_SPECS[i]
}

/// One number of the format beside an effect's own value: a standing modifier's, a
/// bonus's amount, a dice amount's parts. The schema's range and the validator's come from
/// here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumberSpec {
    pub key: &'static str,
    pub range: (i64, i64),
    /// Zero is refused (a modifier of 0 says nothing).
    pub nonzero: bool,
}

const fn shift(key: &'static str, lo: i64, hi: i64) -> NumberSpec {
    NumberSpec {
        key,
        range: (lo, hi),
        nonzero: true,
    }
}

/// Every standing modifier with a number, in the model's order.
pub const MODIFIER_SPECS: [NumberSpec; 8] = [
    shift("atk", -5, 5),
    shift("def", -5, 5),
    shift("test_rolls", -3, 3),
    shift("duel_rolls", -3, 3),
    shift("all_rolls", -3, 3),
    shift("rest_heal", -5, 10),
    shift("counter_damage", 1, 5),
    NumberSpec {
        key: "first_attacks_miss",
        range: (1, 5),
        nonzero: false,
    },
];

/// A bonus's amount (`{"bonus": {"to": "next_duel", "amount": 1}}`).
pub const BONUS_AMOUNT: NumberSpec = shift("amount", -5, 5);
/// A dice amount's number of dice (`{"d6": 1, "plus": 2}`).
pub const DICE_D6: NumberSpec = NumberSpec {
    key: "d6",
    range: (1, 3),
    nonzero: false,
};
/// A dice amount's added number.
pub const DICE_PLUS: NumberSpec = NumberSpec {
    key: "plus",
    range: (-10, 10),
    nonzero: false,
};

/// A modifier's spec and number; `None` for a modifier without one (a flag, a table face).
pub fn modifier_number(m: &Modifier) -> Option<(&'static NumberSpec, i64)> {
    let (i, n) = match m {
        Modifier::Atk(n) => (0, *n as i64),
        Modifier::Def(n) => (1, *n as i64),
        Modifier::TestRolls(n) => (2, *n as i64),
        Modifier::DuelRolls(n) => (3, *n as i64),
        Modifier::AllRolls(n) => (4, *n as i64),
        Modifier::RestHeal(n) => (5, *n as i64),
        Modifier::CounterDamage(n) => (6, *n as i64),
        Modifier::FirstAttacksMiss(n) => (7, *n as i64),
        Modifier::NoSpendResolve | Modifier::NoRest | Modifier::TableFace(_) => return None,
    };
    Some((&MODIFIER_SPECS[i], n))
}

/// The spec of the effect with this key.
pub fn spec(key: &str) -> Option<&'static EffectSpec> {
    EFFECT_SPECS.iter().find(|s| s.key == key)
}

/// `{n}` of a form filled in.
pub fn fill(form: &str, n: i64) -> String {
    form.replace("{n}", &n.to_string())
}

/// The effect lists nested inside one effect (an `if`'s branches, each option of a
/// Guide's choice): the one place that knows where effects hold other effects.
pub fn nested(e: &Effect) -> Vec<&[Effect]> {
    match e {
        Effect::If(b) => vec![&b.then[..], &b.otherwise[..]],
        Effect::GuideChooses(options) => options.iter().map(|o| &o.effects[..]).collect(),
        Effect::Heal(_)
        | Effect::LoseHealth(_)
        | Effect::Resolve(_)
        | Effect::Dread(_)
        | Effect::MaxHealth(_)
        | Effect::HitFoe(_)
        | Effect::Peek(_)
        | Effect::Reveal(_)
        | Effect::PeekDeck(_)
        | Effect::Reorder(_)
        | Effect::Cleanse(_)
        | Effect::Bonus(_)
        | Effect::Lose(_)
        | Effect::Marker(_)
        | Effect::Catch(_)
        | Effect::Release(_)
        | Effect::Shield(_)
        | Effect::EndRun(_) => Vec::new(),
    }
}

/// Calls `f` on every effect of `list` and of the lists nested in them, depth first.
pub fn walk<'a>(list: &'a [Effect], f: &mut dyn FnMut(&'a Effect)) {
    for e in list {
        f(e);
        for inner in nested(e) {
            walk(inner, f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_its_variants() {
        // Each row's key reads as a variant whose spec is that row (so the rows and the
        // arms of `spec_of` agree), and no key is spelt twice.
        for (i, s) in EFFECT_SPECS.iter().enumerate() {
            assert_eq!(EFFECT_SPECS.iter().position(|x| x.key == s.key), Some(i));
            let blank = crate::cards::vocab::blank(&crate::cards::vocab::EFFECTS, s.key);
            let v = serde_json::json!({ s.key: blank });
            let e: Effect = serde_json::from_value(v.clone()).expect("a blank effect reads");
            assert_eq!(spec_of(&e).key, s.key, "{v}");
        }
    }

    #[test]
    fn the_readmes_tables_list_every_effect_and_modifier_of_the_spec_in_order() {
        // cards/README.md follows the spec: its Effects table has one row per effect, in
        // the spec's order, and its Modifiers table names every numbered modifier.
        let readme = include_str!("../../cards/README.md");
        let keys_of = |heading: &str| -> Vec<String> {
            let section = readme.split(heading).nth(1).unwrap_or_default();
            let section = section.split("\n## ").next().unwrap_or_default();
            // The section's first table.
            section
                .lines()
                .skip_while(|l| !l.starts_with('|'))
                .take_while(|l| l.starts_with('|'))
                .filter_map(|l| {
                    l.strip_prefix("| `")?
                        .split_once('`')
                        .map(|(k, _)| k.to_string())
                })
                .collect()
        };
        let effects = keys_of("\n## Effects\n");
        let spec: Vec<&str> = EFFECT_SPECS.iter().map(|s| s.key).collect();
        assert_eq!(effects, spec, "cards/README.md's Effects table");
        let modifiers = keys_of("\n## Modifiers\n");
        for m in &MODIFIER_SPECS {
            assert!(
                modifiers.iter().any(|k| k == m.key),
                "{} in {modifiers:?}",
                m.key
            );
        }
    }
}
