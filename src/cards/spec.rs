//! Each effect of the format defined once: its key, what its value is and the range of
//! its number; the house's words for it (what the text check looks for and the text
//! writer writes); the designer's notation for it (what the export writes, and the phrase
//! patterns the notation reads: `cards::phrase`, each matching a whole clause); and its
//! glossary line. The desk's pickers (`vocab::EFFECTS`), the validator's ranges, the text
//! check, the text writer and the designer's notation all read these rows; a test holds
//! the schema's ranges to them and properties over every row check that house text
//! passes the text check and the designer's notation reads back equal
//! (`tests/cards/properties.rs`).
//!
//! The rows are plain data: this module reads nothing of the notation's reader or the
//! desk's vocabulary (they read it).
//!
//! Adding an effect: a row here, the variant in `model/effect.rs` (the compiler then asks
//! for its arm in [`spec_of`] and in the core's interpreter), and a test. See "Adding an
//! effect" in docs/ARCHITECTURE.md.

mod parts;

pub use parts::*;

use super::model::Effect;

/// What the value of a one-key object (`{"heal": 4}`) is, and so how it is edited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    /// A number, dice (`1d6+2`) or `full`.
    Amount,
    /// A whole number.
    Number,
    /// A card's id.
    Card,
    /// Words (a sentence).
    Words,
    /// One word of a small enum.
    Pick(&'static [&'static str]),
    /// A bonus: `{"to": ..., "amount": N}`.
    Bonus,
    /// A companion carrying a card: `{"companion": ID, "card": ID}`.
    Carry,
    /// No value: the word alone stands in the list (`"no_rest"`, not `{"no_rest": ...}`).
    Bare,
    /// Anything else (a nested condition, a list of options): JSON as typed.
    Json,
}

/// The kinds of held card a `lose` takes.
pub const LOSE_KINDS: &[&str] = &["item", "equipment", "any"];
/// Where a `marker` effect puts the marker.
pub const MARKERS: &[&str] = &["neutral"];

/// What the house text check makes of an effect's value, beside its words and phrases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextValue {
    /// A number, dice or `full`: the text states it.
    Amount,
    /// A card's id: the text names the card.
    Name,
    /// A bonus: the text names its target and states its amount ([`BONUS_SPECS`]).
    Bonus,
    /// A branch on a condition: the text states the condition and both branches.
    Branch,
    /// The Guide's choice: the agreed words, every option.
    Choice,
    /// A card lost: which kind, and that the Guide picks.
    Lose,
    /// Nothing beyond the words.
    Nothing,
}

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
    /// House text: words the text holds, each of them.
    pub words: &'static [&'static str],
    /// House text: the text holds one of these (none: no such rule).
    pub any_words: &'static [&'static str],
    /// The house's phrases for its number, `{n}` standing for it: a card's text says one
    /// of them.
    pub house: &'static [&'static str],
    /// What the house text check makes of its value.
    pub value: TextValue,
    /// What the house text writer says (`{n}` the number or dice, `{s}` a plural's `s`,
    /// `{a}` the card named or the words given); for `full`, [`Self::writes_full`].
    pub writes: &'static str,
    /// What the writer says of `"full"`, or of a negative number.
    pub writes_full: &'static str,
    /// The designer's notation for it, `{n}` standing for the number: what the export
    /// writes; `None` when the notation has no words for it.
    pub designer: Option<&'static str>,
    /// The designer's words for `"full"`; for a hit on a foe of a tag, that form (`{a}`
    /// the tag).
    pub designer_more: Option<&'static str>,
    /// The designer's wordings, tried in order: each a phrase pattern that must match a
    /// whole clause.
    pub reads: &'static [Reading],
    /// Read from the notation, only usable in a duel (a thrown thing).
    pub in_duel: bool,
    /// What it does, in a player's words (the glossary's line).
    pub glossary: &'static str,
}

/// One wording of the designer's for an effect: a phrase pattern (`cards::phrase`) that
/// must match a whole clause, and how its value comes from what the pattern's slots took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    pub pattern: &'static str,
    pub value: ReadValue,
}

/// How a [`Reading`]'s value comes from its slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadValue {
    /// Its number.
    Number,
    /// Its number, or this one when the pattern's number was left out.
    NumberOr(i64),
    /// Its number, at most this one, and this one when it was left out (`Reorder the
    /// deck`: as many as allowed).
    UpTo(i64),
    /// A number or dice (`1d6+2`).
    Amount,
    /// All of it (`"full"`).
    Full,
    /// A bonus of its signed number to this target.
    Bonus(&'static str),
    /// The effect only against a foe of the tag its word names (`2 DMG to Human`): an
    /// `if` on `foe_tag`.
    ToTag,
}

const fn reads(pattern: &'static str, value: ReadValue) -> Reading {
    Reading { pattern, value }
}

/// A row with the parts every row has; the others start empty.
const fn row(key: &'static str, arg: Arg, glossary: &'static str) -> EffectSpec {
    EffectSpec {
        key,
        arg,
        range: None,
        nonzero: false,
        words: &[],
        any_words: &[],
        house: &[],
        value: TextValue::Nothing,
        writes: "",
        writes_full: "",
        designer: None,
        designer_more: None,
        reads: &[],
        in_duel: false,
        glossary,
    }
}

/// A row whose value is a number in `lo..=hi` (or an amount), stated by the text.
const fn counted(
    key: &'static str,
    arg: Arg,
    lo: i64,
    hi: i64,
    glossary: &'static str,
) -> EffectSpec {
    EffectSpec {
        range: Some((lo, hi)),
        value: TextValue::Amount,
        ..row(key, arg, glossary)
    }
}

/// The words of the Resolve/Dread marker's move in the designer's notation.
macro_rules! marker_moves {
    ($dir:literal, $word:literal) => {
        &[
            reads(
                concat!(
                    "move [resolve / dread] marker ",
                    $dir,
                    " [<n>] [space | spaces | step | steps]"
                ),
                ReadValue::NumberOr(1),
            ),
            reads(concat!("gain [<n>] ", $word), ReadValue::NumberOr(1)),
            reads(concat!("+ <n> ", $word), ReadValue::Number),
        ]
    };
}

/// Every effect, in the model's order.
pub const EFFECT_SPECS: [EffectSpec; 20] = [
    EffectSpec {
        words: &["heal"],
        house: &["heal {n}"],
        writes: "heal {n}",
        writes_full: "heal fully, to full Health",
        designer: Some("Heal {n} HP"),
        designer_more: Some("Full heal"),
        reads: &[
            reads("full heal", ReadValue::Full),
            reads("heal [to] (full | fully) [hp | health]", ReadValue::Full),
            reads("(heal | restore) <amount> [hp | health]", ReadValue::Amount),
            reads("+ <n> (hp | health)", ReadValue::Number),
            reads("gain <n> (hp | health)", ReadValue::Number),
        ],
        ..counted(
            "heal",
            Arg::Amount,
            1,
            20,
            "Restore Health, never above the maximum.",
        )
    },
    EffectSpec {
        words: &["lose", "Health"],
        house: &["lose {n} Health", "lose only {n} Health"],
        writes: "lose {n} Health",
        designer: Some("Lose {n} HP"),
        reads: &[
            reads("lose <amount> [hp | health]", ReadValue::Amount),
            reads("- <n> (hp | health)", ReadValue::Number),
            reads("take <amount> (dmg | damage)", ReadValue::Amount),
        ],
        ..counted(
            "lose_health",
            Arg::Amount,
            1,
            20,
            "Lose Health; at 0 the run is lost.",
        )
    },
    EffectSpec {
        house: &["{n} Resolve"],
        writes: "gain {n} Resolve",
        designer: Some("Move the Resolve/Dread marker up {n}"),
        reads: marker_moves!("up", "resolve"),
        ..counted(
            "resolve",
            Arg::Number,
            1,
            8,
            "Move the marker up toward Resolve.",
        )
    },
    EffectSpec {
        house: &["{n} Dread"],
        writes: "gain {n} Dread",
        designer: Some("Move the Resolve/Dread marker down {n}"),
        reads: marker_moves!("down", "dread"),
        ..counted(
            "dread",
            Arg::Number,
            1,
            8,
            "Move the marker down toward Dread; past the last step the run is lost.",
        )
    },
    EffectSpec {
        nonzero: true,
        words: &["maximum Health"],
        writes: "your maximum Health rises by {n}",
        writes_full: "your maximum Health falls by {n}",
        ..counted(
            "max_health",
            Arg::Number,
            -10,
            10,
            "Raise or lower maximum Health.",
        )
    },
    // Every reading of a hit is a thrown thing (`in_duel`).
    EffectSpec {
        house: &["deal {n} damage"],
        writes: "deal {n} damage",
        designer: Some("Throw for {n} DMG"),
        designer_more: Some("{n} DMG to {a}"),
        reads: &[
            reads("throw [it] for <n> (dmg | damage)", ReadValue::Number),
            reads("[deal | deals] <n> (dmg | damage)", ReadValue::Number),
            reads(
                "[deal | deals] <n> (dmg | damage) (to | against | vs) <word> [foe | foes]",
                ReadValue::ToTag,
            ),
        ],
        in_duel: true,
        ..counted(
            "hit_foe",
            Arg::Number,
            1,
            20,
            "Damage the foe of the duel directly; DEF does not reduce it.",
        )
    },
    EffectSpec {
        words: &["face down"],
        house: &["look at {n}"],
        writes: "look at {n} face down card{s} of the row",
        designer: Some("Peek at {n} face down cards"),
        reads: &[
            reads(
                "(peek | look) at [<n>] [face - down | face down] (card | cards)",
                ReadValue::NumberOr(1),
            ),
            reads("peek [at] [<n>]", ReadValue::NumberOr(1)),
        ],
        ..counted(
            "peek",
            Arg::Number,
            1,
            3,
            "Look at face-down cards of the row; they stay face down.",
        )
    },
    EffectSpec {
        words: &["face up"],
        house: &["turn {n}"],
        writes: "turn {n} face down card{s} of the row face up",
        designer: Some("Turn {n} cards face up"),
        reads: &[
            reads(
                "turn [<n>] [face - down | face down] [card | cards] face up",
                ReadValue::NumberOr(1),
            ),
            reads(
                "reveal [<n>] [face - down | face down] [card | cards]",
                ReadValue::NumberOr(1),
            ),
        ],
        ..counted(
            "reveal",
            Arg::Number,
            1,
            3,
            "Turn face-down cards of the row face up.",
        )
    },
    EffectSpec {
        words: &["top", "Domain deck"],
        house: &["top {n}"],
        writes: "look at the top {n} card{s} of the Domain deck",
        designer: Some("Look at the top {n} cards of the deck"),
        reads: &[reads(
            "(peek | look) at top [<n>] [card | cards] [of] [domain] deck",
            ReadValue::NumberOr(1),
        )],
        ..counted(
            "peek_deck",
            Arg::Number,
            1,
            3,
            "Look at the top cards of the Domain deck.",
        )
    },
    EffectSpec {
        words: &["any order"],
        house: &["top {n}"],
        writes: "look at the top {n} cards of the Domain deck and put them back in any order",
        designer: Some("Reorder the top {n} cards"),
        reads: &[
            reads(
                "reorder top [<n>] [card | cards] [of [domain] deck]",
                ReadValue::UpTo(crate::numbers::REORDER_MAX as i64),
            ),
            reads(
                "reorder [domain] deck",
                ReadValue::UpTo(crate::numbers::REORDER_MAX as i64),
            ),
        ],
        ..counted(
            "reorder",
            Arg::Number,
            2,
            crate::numbers::REORDER_MAX as i64,
            "Look at the top cards of the Domain deck and put them back in any order.",
        )
    },
    EffectSpec {
        house: &["remove {n} Snare"],
        writes: "remove {n} Snare{s}",
        designer: Some("Cleanse {n} Snare"),
        reads: &[
            reads("cleanse [<n>] [snare | snares]", ReadValue::NumberOr(1)),
            reads("remove [<n>] (snare | snares)", ReadValue::NumberOr(1)),
        ],
        ..counted(
            "cleanse",
            Arg::Number,
            1,
            3,
            "Remove Snares of your choice.",
        )
    },
    EffectSpec {
        value: TextValue::Bonus,
        reads: &[
            reads(
                "[gain] <signed> to [player | player's] (roll | rolls) [in] next (duel | fight)",
                ReadValue::Bonus("next_duel"),
            ),
            reads(
                "[gain] <signed> to [player | player's] next (duel | fight) [roll | rolls]",
                ReadValue::Bonus("next_duel"),
            ),
            reads(
                "[gain] <signed> to [player | player's] next (challenge | test) [roll | rolls]",
                ReadValue::Bonus("next_test"),
            ),
            reads(
                "[gain] <signed> to next heal",
                ReadValue::Bonus("next_heal"),
            ),
        ],
        ..row(
            "bonus",
            Arg::Bonus,
            "A one-off bonus to the next duel, test or heal.",
        )
    },
    EffectSpec {
        any_words: &["if", "unless"],
        value: TextValue::Branch,
        ..row(
            "if",
            Arg::Json,
            "Effects that happen only when a condition holds.",
        )
    },
    EffectSpec {
        value: TextValue::Choice,
        ..row(
            "guide_chooses",
            Arg::Json,
            "The Guide picks one of the options; alone, a die picks.",
        )
    },
    EffectSpec {
        words: &["lose"],
        value: TextValue::Lose,
        ..row(
            "lose",
            Arg::Pick(LOSE_KINDS),
            "Lose one held card of this kind; the Guide picks which.",
        )
    },
    EffectSpec {
        words: &["marker", "neutral"],
        writes: "set the marker to neutral",
        ..row(
            "marker",
            Arg::Pick(MARKERS),
            "Set the marker to the middle.",
        )
    },
    EffectSpec {
        value: TextValue::Name,
        writes: "{a} catches you",
        ..row("catch", Arg::Card, "Be caught by this Snare.")
    },
    EffectSpec {
        value: TextValue::Name,
        writes: "{a} lets you go",
        ..row("release", Arg::Card, "This Snare lets you go.")
    },
    EffectSpec {
        any_words: &["block", "blocks"],
        writes: "the foe's damage is blocked in the next {n} exchanges",
        ..counted(
            "shield",
            Arg::Number,
            1,
            3,
            "In a duel: the foe's damage is blocked in the next exchanges.",
        )
    },
    EffectSpec {
        any_words: &["run ends", "ends the run", "ends your run"],
        writes: "the run ends here: {a}",
        ..row("end_run", Arg::Words, "The run ends here, lost.")
    },
];

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
