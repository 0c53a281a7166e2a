//! The keywords of card text and their rules, in a player's words: one glossary that the
//! table's hover tips and the gallery both read, so a rule is written once.

use crate::core::rules::{GRACE_MAX, MARKER_MAX, MARKER_MIN};

/// One keyword and its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The word as printed on cards (matched as a whole word, case and all).
    pub word: &'static str,
    /// The rule, in a sentence or two.
    pub rule: &'static str,
}

/// Every keyword, in the order tips list them.
pub const GLOSSARY: &[Entry] = &[
    Entry {
        word: "Resolve",
        rule: "The marker's bright side. Gaining Resolve moves it up (at most Resolve 4); spending Resolve needs Resolve 1 or more and moves it down.",
    },
    Entry {
        word: "Dread",
        rule: "The marker's dark side. Gaining Dread moves it down; a Dread gain past Dread 4 loses the run.",
    },
    Entry {
        word: "Grace",
        rule: "Rerolls in the bank (at most 3), bought with Resolve at a Rest. Spend 1 to roll again a die just rolled, yours or the foe's.",
    },
    Entry {
        word: "ATK",
        rule: "Added to the damage of your Hits and Criticals.",
    },
    Entry {
        word: "DEF",
        rule: "Taken from the damage a foe deals you in a duel, never below 0.",
    },
    Entry {
        word: "HP",
        rule: "A foe's hit points: it is defeated at 0, unless you fall in the same exchange.",
    },
    Entry {
        word: "Miss",
        rule: "Your die shows 1 after modifiers: you deal nothing this exchange.",
    },
    Entry {
        word: "Parry",
        rule: "Your die shows 2 after modifiers: you block everything the foe deals this exchange.",
    },
    Entry {
        word: "Hit",
        rule: "Your die shows 3 or 4 after modifiers: you deal 1 + ATK.",
    },
    Entry {
        word: "Critical",
        rule: "Your die shows 5 after modifiers: you deal 2 + ATK.",
    },
    Entry {
        word: "Counter",
        rule: "Your die shows 6 after modifiers: you block everything the foe deals and deal exactly 1, which DEF does not reduce (a foe's block still stops it).",
    },
    Entry {
        word: "Snare",
        rule: "A card that stays with you until a card removes it, changing things while you carry it or biting at given moments (a flip, a duel's start).",
    },
    Entry {
        word: "Terror",
        rule: "A card that makes you choose one of two options; an option you cannot pay is not offered.",
    },
    Entry {
        word: "Pit",
        rule: "A test: roll the dice shown and add your modifiers; reach the target or suffer the failure.",
    },
    Entry {
        word: "Rest",
        rule: "Spend Resolve one point at a time for Grace or Health, as often as you like, then move on.",
    },
    Entry {
        word: "Companion",
        rule: "Someone who follows you once you pay their price; their abilities are yours to use and some carry a card for you.",
    },
    Entry {
        word: "Equipment",
        rule: "Worn gear: at most two, each changing your standing figures while you hold it.",
    },
    Entry {
        word: "Item",
        rule: "A thing you carry (at most two) and use when its text says so.",
    },
];

/// The entry of a word, if it is a keyword.
pub fn lookup(word: &str) -> Option<&'static Entry> {
    GLOSSARY.iter().find(|e| e.word == word)
}

/// The keywords a text uses, each once, in glossary order. A keyword counts as a whole
/// word (with a plural `s`): "Hits" is Hit, "Hitting" is not.
pub fn keywords_in(text: &str) -> Vec<&'static Entry> {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    GLOSSARY
        .iter()
        .filter(|e| {
            words
                .iter()
                .any(|w| *w == e.word || w.strip_suffix('s') == Some(e.word))
        })
        .collect()
}

/// A card's text followed by the rules of the keywords it uses (for a hover tip).
pub fn with_rules(text: &str) -> String {
    let mut out = text.to_string();
    for e in keywords_in(text) {
        out.push_str(&format!("\n{}: {}", e.word, e.rule));
    }
    out
}

/// The figures the glossary's words quote, checked against the rules by a test.
pub const QUOTED: [(i32, &str); 3] = [
    (MARKER_MAX as i32, "at most Resolve 4"),
    (-(MARKER_MIN as i32), "past Dread 4"),
    (GRACE_MAX as i32, "at most 3"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_found_as_whole_words_and_plurals() {
        let text =
            "Gain 1 Dread. Your Hits deal +1; a Counter ignores DEF. Hitting the Snares hurts.";
        let found: Vec<&str> = keywords_in(text).iter().map(|e| e.word).collect();
        assert_eq!(found, ["Dread", "DEF", "Hit", "Counter", "Snare"]);
        assert!(keywords_in("Nothing here, readily, hitherto.").is_empty());
        assert_eq!(lookup("Parry").map(|e| e.word), Some("Parry"));
        let tip = with_rules("Gain 1 Grace.");
        assert!(tip.starts_with("Gain 1 Grace.\nGrace: Rerolls in the bank"));
    }

    #[test]
    fn the_quoted_figures_are_the_rules() {
        for (figure, words) in QUOTED {
            assert!(words.ends_with(&figure.to_string()), "{words} vs {figure}");
            assert!(
                GLOSSARY.iter().any(|e| e.rule.contains(words)),
                "no rule says `{words}`"
            );
        }
    }
}
