//! The spec's rows for the parts of a card beside its effects: a foe's faces, conditions,
//! standing modifiers' numbers, bonus targets and the Guardian's seal penalties, each
//! defined once with its words.

use super::Arg;
use crate::cards::model::{Condition, Modifier};

/// One field of a foe's face: its key, its range when it is a number (`None`: a flag), the
/// designer's words for it in a face's brackets (`{n}` for the number, in the order the
/// export writes them), and the patterns its other wordings read by (`cards::phrase`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FaceSpec {
    pub key: &'static str,
    pub range: Option<(i64, i64)>,
    pub designer: &'static str,
    /// Each must match a whole part of a face's brackets; `<n>` is the number.
    pub reads: &'static [&'static str],
}

const fn flag(
    key: &'static str,
    designer: &'static str,
    reads: &'static [&'static str],
) -> FaceSpec {
    FaceSpec {
        key,
        range: None,
        designer,
        reads,
    }
}

const fn amount(
    key: &'static str,
    hi: i64,
    designer: &'static str,
    reads: &'static [&'static str],
) -> FaceSpec {
    FaceSpec {
        key,
        range: Some((1, hi)),
        designer,
        reads,
    }
}

/// Every field of a face that does something (`name`, `empower_face` and `effects` aside:
/// the name is the face's, `empower_face` goes with `empower`, effects are effects).
pub const FACE_SPECS: [FaceSpec; 10] = [
    flag(
        "copy",
        "Copy player roll",
        &["(copy | copies) [player | player's] roll", "copy"],
    ),
    flag("block", "Block", &["(block | blocks | evade | evades)"]),
    amount(
        "deal",
        20,
        "{n} DMG",
        &["<n> (dmg | damage)", "(deal | deals) <n> [dmg | damage]"],
    ),
    amount(
        "heal",
        20,
        "Heal self {n} HP",
        &["(heal | heals) [self | itself] <n> [hp | health]"],
    ),
    flag(
        "skip_roll",
        "Player skips next roll",
        &["[player | you] (skip | skips) [their] next roll"],
    ),
    amount(
        "roll_penalty",
        5,
        "-{n} to Player's next roll",
        &[
            "- <n> to [player | player's] next [player | player's] roll",
            "- <n> (to | on) [player | player's] roll",
        ],
    ),
    flag(
        "no_rerolls",
        "no rerolls next round",
        &["no (rerolls | reroll) [next | this] [round | exchange | turn]"],
    ),
    amount(
        "enrage",
        5,
        "+{n} DMG rest of fight",
        &["+ <n> (dmg | damage) [for] rest of (fight | duel | combat)"],
    ),
    amount(
        "empower",
        10,
        "next hit +{n} DMG",
        &[
            "next hit + <n> (dmg | damage)",
            "+ <n> (dmg | damage) [on | to] next hit",
        ],
    ),
    flag(
        "ignore_block",
        "ignore block",
        &["(ignore | ignores) [player | player's] block"],
    ),
];

/// A face's result that does nothing, in the designer's words.
pub const FACE_MISS: &[&str] = &["(miss | misses)", "no effect"];

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

/// One target of a bonus (`{"bonus": {"to": "next_duel", "amount": 1}}`): the words the
/// house text names it by, the phrase of its amount, what the house writer says, and what
/// the designer's notation writes (`{n}` the signed amount).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BonusSpec {
    pub to: &'static str,
    pub words: &'static [&'static str],
    pub form: &'static str,
    /// `{n}` the amount, `{a}` the target's first word.
    pub writes: &'static str,
    pub designer: &'static str,
}

/// Every bonus target, in the model's order.
pub const BONUS_SPECS: [BonusSpec; 3] = [
    BonusSpec {
        to: "next_duel",
        words: &["next duel"],
        form: "+{n}",
        writes: "{n} to every roll of your {a}",
        designer: "{n} to Player rolls next Duel",
    },
    BonusSpec {
        to: "next_test",
        words: &["next Pit test", "next test"],
        form: "+{n}",
        writes: "{n} to every roll of your {a}",
        designer: "{n} to next Challenge",
    },
    BonusSpec {
        to: "next_heal",
        words: &["next heal"],
        form: "{n} more Health",
        writes: "your {a} gives {n}",
        designer: "{n} to next heal",
    },
];

/// The row of a bonus target.
pub fn bonus_spec(to: &str) -> Option<&'static BonusSpec> {
    BONUS_SPECS.iter().find(|b| b.to == to)
}

/// What an unbroken seal (or unmet requirement) of the Guardian does: the words of the
/// designer's prose that say so (looked for in the seal's wording, in this order of rows),
/// and what the designer export writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PenaltySpec {
    pub key: &'static str,
    pub says: &'static [&'static str],
    pub designer: &'static str,
}

/// Every seal penalty, in the order the designer's prose is read.
pub const PENALTY_SPECS: [PenaltySpec; 4] = [
    PenaltySpec {
        key: "full_heal",
        says: &["heal", "regenerat", "restore"],
        designer: "The Guardian heals fully after every exchange",
    },
    PenaltySpec {
        key: "reflect",
        says: &[
            "reflect",
            "strikes you",
            "back at you",
            "back to you",
            "rebound",
            "turned back",
            "returns to you",
            "hurts you",
            "hurt you",
            "instead",
        ],
        designer: "Damage you deal strikes you instead",
    },
    PenaltySpec {
        key: "barred",
        says: &[
            "cannot cross",
            "cannot reach",
            "cannot enter",
            "cannot face",
            "cannot even",
            "barred",
            "no way",
            "cannot pass",
            "cannot approach",
            "cannot challenge",
        ],
        designer: "You cannot reach the Guardian",
    },
    PenaltySpec {
        key: "invulnerable",
        says: &[
            "cannot be harmed",
            "cannot be hurt",
            "cannot be damaged",
            "immune",
            "invulnerable",
            "no damage",
            "cannot harm",
            "cannot wound",
            "cannot hurt",
            "unharmed",
        ],
        designer: "The Guardian cannot be harmed",
    },
];

/// The designer's notation's phrases that carry one rule between them, each with the words
/// that stand for it when a cell is compared with its read-back (`sheet::designer::
/// readback`); several rules for some. `#` is any number.
pub const RULE_PHRASES: &[(&str, &[&str])] = &[
    ("counter → block + deal 1 dmg", &["counter"]),
    ("counter → block & deal 1 dmg", &["counter"]),
    ("counter → block and deal 1 dmg", &["counter"]),
    ("counter → block + deal 1 damage", &["counter"]),
    ("resolve / dread marker up", &["resolve"]),
    ("resolve / dread marker down", &["dread"]),
    ("marker up", &["resolve"]),
    ("marker down", &["dread"]),
    ("cannot spend resolve", &["no-spend"]),
    ("can't spend resolve", &["no-spend"]),
    ("cannot use rest", &["no-rest"]),
    ("cannot rest", &["no-rest"]),
    ("can't rest", &["no-rest"]),
    ("full heal", &["heal", "full"]),
    ("heal fully", &["heal", "full"]),
    ("heals fully", &["heal", "full"]),
    ("heal to full", &["heal", "full"]),
    ("+ # hp", &["heal", "hp"]),
    ("+ # health", &["heal", "hp"]),
    ("- # hp", &["lose", "hp"]),
    ("- # health", &["lose", "hp"]),
    ("each time a card is flipped", &["on-flip"]),
    ("each time a card is turned face up", &["on-flip"]),
    ("each time a card is turned over", &["on-flip"]),
    ("each time card is flipped", &["on-flip"]),
    ("each time card is turned face up", &["on-flip"]),
    ("each time you flip a card", &["on-flip"]),
    ("whenever you flip a card", &["on-flip"]),
    ("once per location", &["per-domain"]),
    ("once per domain", &["per-domain"]),
    ("turn sideways to track use", &["per-domain"]),
    ("turn it sideways to track use", &["per-domain"]),
    ("turn sideways", &["per-domain"]),
    ("once per fight", &["per-fight"]),
    ("once per duel", &["per-fight"]),
    ("once per combat", &["per-fight"]),
    ("once per run", &["per-run"]),
    ("one - time use", &["once"]),
    ("one time use", &["once"]),
    ("single use", &["once"]),
    ("next duel", &["next-duel"]),
    ("next fight", &["next-duel"]),
    ("next challenge", &["next-test"]),
    ("next test", &["next-test"]),
    ("next heal", &["next-heal"]),
    ("next hit", &["next-hit"]),
    ("next roll", &["next-roll"]),
    ("next player roll", &["next-roll"]),
    ("player's next roll", &["next-roll"]),
    ("rest of fight", &["rest-of-fight"]),
    ("rest of the fight", &["rest-of-fight"]),
    ("all rolls", &["all-rolls"]),
    ("fight rolls", &["duel-rolls"]),
    ("duel rolls", &["duel-rolls"]),
    ("combat rolls", &["duel-rolls"]),
    ("challenge rolls", &["test-rolls"]),
    ("test rolls", &["test-rolls"]),
    ("face up", &["face-up"]),
    ("face down", &["face-down"]),
    ("face - down", &["face-down"]),
    ("successes before", &["extended"]),
    ("each failure", &["failure"]),
    ("every failure", &["failure"]),
    ("no rerolls", &["no-rerolls"]),
    ("copy player roll", &["copy"]),
    ("ignore block", &["ignore-block"]),
    ("hp = player hp", &["hp", "player-hp"]),
    ("first # attacks miss", &["first-attacks-miss"]),
    ("first # attack misses", &["first-attacks-miss"]),
];

/// The notation's single words that carry a rule, and the word that stands for them in
/// the comparison.
pub const RULE_WORDS: &[(&str, &str)] = &[
    ("heal", "heal"),
    ("heals", "heal"),
    ("restore", "heal"),
    ("lose", "lose"),
    ("loses", "lose"),
    ("hp", "hp"),
    ("health", "hp"),
    ("dmg", "dmg"),
    ("damage", "dmg"),
    ("resolve", "resolve"),
    ("dread", "dread"),
    ("grace", "grace"),
    ("peek", "peek"),
    ("look", "peek"),
    ("top", "deck"),
    ("deck", "deck"),
    ("reorder", "reorder"),
    ("cleanse", "cleanse"),
    ("remove", "cleanse"),
    ("reveal", "face-up"),
    ("block", "block"),
    ("blocks", "block"),
    ("evade", "block"),
    ("parry", "block"),
    ("def", "block"),
    ("atk", "atk"),
    ("counter", "counter"),
    ("hit", "hit"),
    ("critical", "critical"),
    ("rest", "rest"),
    ("resting", "rest"),
    ("reroll", "reroll"),
    ("target", "target"),
    ("extended", "extended"),
    ("failure", "failure"),
    ("failures", "failure"),
    ("success", "success"),
    ("successes", "success"),
    ("unwinnable", "unwinnable"),
    ("follows", "follow"),
    ("joins", "follow"),
    ("give", "give"),
    ("carries", "carry"),
    ("carry", "carry"),
    ("discard", "discard"),
    ("skip", "skip"),
    ("skips", "skip"),
    ("copy", "copy"),
    ("ignore", "ignore-block"),
    ("or", "or"),
];
