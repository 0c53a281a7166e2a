//! The designer's phrasebook (`phrasebook.json`): words of their own the notation reads as
//! its words (a synonym: `"Block": "Parry"`), and phrases of their own for an effect or a
//! standing modifier (`"heal": ["Drink from the spring for {n}"]`). It sits beside the
//! sheet when it is imported, and the import keeps a copy in the cards folder, where the
//! export and the text check read it: the import reads the designer's words, the export
//! writes them back (a synonym's word, an effect's first phrase).
//!
//! ```json
//! { "synonyms": { "Block": "Parry", "every time": "each time" },
//!   "phrases": { "heal": ["Drink from the spring for {n}"] } }
//! ```

use super::phrase::{Lexicon, Pattern, Tok, tokens};
use super::spec::{Arg, EFFECT_SPECS, MODIFIER_SPECS};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The file's name, beside the sheet and in the cards folder.
pub const PHRASEBOOK: &str = "phrasebook.json";

/// The number in a phrase.
const SLOT: &str = "{n}";

/// The designer's own words.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phrasebook {
    /// Their word (or words) -> the notation's word (or words): `"Block": "Parry"`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub synonyms: BTreeMap<String, String>,
    /// An effect's or modifier's key -> their phrases for it, `{n}` standing for its
    /// number; the first is what the export writes.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub phrases: BTreeMap<String, Vec<String>>,
}

/// One phrase of the book, compiled.
#[derive(Debug, Clone)]
pub struct Phrase {
    pub key: &'static str,
    pub pattern: Pattern,
    /// Whether its number is an amount (dice allowed) rather than a whole number.
    pub modifier: bool,
}

impl Phrasebook {
    /// Reads a phrasebook's text; `Err` says what is wrong, in the designer's words.
    pub fn parse(text: &str) -> Result<Phrasebook, String> {
        let book: Phrasebook = serde_json::from_str(text).map_err(|e| {
            format!(
                "{e} (a phrasebook is {{\"synonyms\": {{\"their word\": \"the notation's word\"}}, \"phrases\": {{\"heal\": [\"...{{n}}...\"]}}}})"
            )
        })?;
        let wrong = book.problems();
        if wrong.is_empty() {
            Ok(book)
        } else {
            Err(wrong.join("; "))
        }
    }

    /// What is wrong with it: a phrase for no effect or modifier, a phrase without its
    /// number, an empty word.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (theirs, ours) in &self.synonyms {
            if theirs.trim().is_empty() || ours.trim().is_empty() {
                out.push(format!(
                    "the synonym `{theirs}` = `{ours}` has an empty side"
                ));
            }
        }
        for (key, phrases) in &self.phrases {
            if key_of(key).is_none() {
                let keys: Vec<&str> = numbered_keys().collect();
                let hint = crate::cards::messages::did_you_mean(key, &keys)
                    .map_or(String::new(), |k| format!(" (did you mean `{k}`?)"));
                out.push(format!(
                    "`{key}` is no effect or modifier with a number{hint}"
                ));
            }
            for p in phrases {
                if p.matches(SLOT).count() != 1 {
                    out.push(format!(
                        "the phrase `{p}` for `{key}` needs its number written once as {SLOT}"
                    ));
                }
            }
        }
        out
    }

    /// The designer's words as the notation's: the synonyms.
    pub fn lexicon(&self) -> Lexicon {
        let mut lex = Lexicon::default();
        for (theirs, ours) in &self.synonyms {
            lex.add(theirs, ours);
        }
        lex
    }

    /// The phrases, compiled (a phrase naming no known key is left out: see
    /// [`Self::problems`]).
    pub fn compiled(&self) -> Vec<Phrase> {
        let mut out = Vec::new();
        for (key, phrases) in &self.phrases {
            let Some((key, modifier, amount)) = key_of(key) else {
                continue;
            };
            for p in phrases {
                if let Ok(pattern) = Pattern::parse(&pattern_of(p, amount)) {
                    out.push(Phrase {
                        key,
                        pattern,
                        modifier,
                    });
                }
            }
        }
        out
    }

    /// The designer's phrase for `key` with its number said as `n`, if they gave one.
    pub fn say(&self, key: &str, n: &str) -> Option<String> {
        let p = self.phrases.get(key)?.first()?;
        Some(p.replace(SLOT, n))
    }

    /// A text written in the notation's words, with each of the notation's words a
    /// synonym stands for said in the designer's words instead (whole words, any case).
    pub fn in_their_words(&self, text: &str) -> String {
        let mut out = text.to_string();
        for (theirs, ours) in &self.synonyms {
            out = replace_words(&out, ours, theirs);
        }
        out
    }
}

/// The phrasebook of a card source: its folder's `phrasebook.json`, if it has one that
/// reads (the validator reports one that does not).
pub fn of_source(source: &super::CardSource) -> Option<Phrasebook> {
    let dir = source.dir()?;
    let text = std::fs::read_to_string(dir.join(PHRASEBOOK)).ok()?;
    Phrasebook::parse(&text).ok()
}

/// Every key a phrase may name: effects and modifiers with a number.
fn numbered_keys() -> impl Iterator<Item = &'static str> {
    EFFECT_SPECS
        .iter()
        .filter(|s| matches!(s.arg, Arg::Number | Arg::Amount))
        .map(|s| s.key)
        .chain(MODIFIER_SPECS.iter().map(|m| m.key))
}

/// The key a phrase names: (key, whether it is a modifier, whether its number may be
/// dice).
fn key_of(key: &str) -> Option<(&'static str, bool, bool)> {
    if let Some(s) = EFFECT_SPECS
        .iter()
        .find(|s| s.key == key && matches!(s.arg, Arg::Number | Arg::Amount))
    {
        return Some((s.key, false, s.arg == Arg::Amount));
    }
    MODIFIER_SPECS
        .iter()
        .find(|m| m.key == key)
        .map(|m| (m.key, true, false))
}

/// A designer's phrase as a pattern of the phrase language: its words and signs as they
/// are, `{n}` a number (or dice).
fn pattern_of(phrase: &str, amount: bool) -> String {
    let slot = if amount { "<amount>" } else { "<signed>" };
    let mut out: Vec<String> = Vec::new();
    for (i, part) in phrase.split(SLOT).enumerate() {
        if i > 0 {
            out.push(slot.to_string());
        }
        for t in tokens(part) {
            out.push(match t.tok {
                Tok::Word(w) => w,
                Tok::Num(n) => n.to_string(),
                Tok::Dice(n) => format!("{n}d6"),
                Tok::Sym(c) => format!("\\{c}"),
            });
        }
    }
    out.join(" ")
}

/// `text` with every whole-word occurrence of `from` (any case) replaced by `to`.
fn replace_words(text: &str, from: &str, to: &str) -> String {
    let low = text.to_lowercase();
    let needle = from.to_lowercase();
    if needle.is_empty() || low.len() != text.len() {
        return text.to_string();
    }
    let mut out = String::new();
    let mut at = 0;
    while let Some(i) = low[at..].find(&needle).map(|i| i + at) {
        let end = i + needle.len();
        let before = low[..i].chars().next_back();
        let after = low[end..].chars().next();
        let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
        out.push_str(&text[at..i]);
        if word(before) || word(after) {
            out.push_str(&text[i..end]);
        } else {
            out.push_str(to);
        }
        at = end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phrasebook_reads_and_says_what_is_wrong() {
        let book = Phrasebook::parse(
            r#"{"synonyms": {"Ward": "Block"}, "phrases": {"heal": ["Mend {n} wounds"]}}"#,
        )
        .unwrap();
        assert_eq!(book.say("heal", "3").as_deref(), Some("Mend 3 wounds"));
        assert_eq!(book.in_their_words("2 Block, blocked"), "2 Ward, blocked");
        let p = &book.compiled()[0];
        assert_eq!(p.key, "heal");
        let lex = book.lexicon();
        assert!(p.pattern.whole(&tokens("mend 1d6 wounds"), &lex).is_some());
        let wrong = Phrasebook::parse(r#"{"phrases": {"heel": ["x {n}"], "peek": ["look"]}}"#);
        let e = wrong.unwrap_err();
        assert!(
            e.contains("`heel`") && e.contains("did you mean `heal`"),
            "{e}"
        );
        assert!(e.contains("`look`"), "{e}");
        assert!(Phrasebook::parse(r#"{"synonym": {}}"#).is_err());
    }
}
