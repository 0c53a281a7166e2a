//! Card words told of the traveller: the cards speak to the traveller ("The drop bruises
//! you (lose 2 Health)"), the Guide's screen speaks of them ("The drop bruises the traveller
//! (they lose 2 Health)"). A word-level rewrite, enough for the phrases cards and the
//! table's summaries use: "you" as subject or object, "your", "yourself", a few
//! contractions, and an imperative verb at the start of a clause, which gains a subject.
//! The first mention is "the traveller", later ones "they", "them" and "their".

/// Words after which "you" is not the subject (it is followed by a preposition, an
/// article or a conjunction: "sends you down", "with you and").
const NOT_VERBS: &[&str] = &[
    "a", "again", "alone", "an", "and", "at", "away", "back", "by", "down", "for", "from", "here",
    "in", "into", "now", "of", "off", "on", "once", "only", "or", "out", "over", "still", "the",
    "then", "there", "through", "to", "too", "twice", "up", "with",
];

/// Verbs a card text gives as orders ("lose 2 Health", "gain 1 Dread"): at the start of a
/// clause they are the traveller's to do.
const ORDERS: &[&str] = &[
    "add", "buy", "choose", "cleanse", "discard", "draw", "flip", "gain", "give", "heal", "keep",
    "look", "lose", "move", "pay", "peek", "remove", "reroll", "roll", "show", "skip", "spend",
    "take", "trade", "turn",
];

/// Verbs whose form does not change after "the traveller" ("would", "can").
const MODALS: &[&str] = &[
    "can", "cannot", "could", "may", "might", "must", "shall", "should", "will", "would", "can't",
    "won't",
];

/// Words that carry an order on from a clause to the next verb ("lose 2, then gain 1").
const CARRY: &[&str] = &["and", "then", "or"];

/// `text` told of the traveller in the third person.
pub fn third_person(text: &str) -> String {
    let tokens = tokenize(text);
    let mut out = String::with_capacity(text.len() + 16);
    let mut named = false;
    let mut clause: Option<Clause> = None;
    let mut conjugate_next: Option<bool> = None;
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i];
        if !is_word(t) {
            if t.contains(['(', '.', ';', ':', ')']) {
                clause = None;
            }
            out.push_str(t);
            i += 1;
            continue;
        }
        let lower = t.to_ascii_lowercase();
        if lower.contains("traveller") {
            named = true;
        }
        // A capital "You" inside a sentence belongs to a name ("Stares Through You", a
        // foe's face): names are quoted as they are.
        let capital = t.chars().next().is_some_and(char::is_uppercase);
        if capital && lower.starts_with("you") && opens(&tokens, i) != Opens::Yes {
            out.push_str(t);
            i += 1;
            continue;
        }
        if let Some(singular) = conjugate_next.take() {
            out.push_str(&keep_case(t, &verb_form(&lower, singular)));
            i += 1;
            continue;
        }
        let next = next_word(&tokens, i);
        let replaced = match lower.as_str() {
            "you" => {
                let subject = next.is_some_and(|(gap, w)| {
                    gap.trim().is_empty() && !NOT_VERBS.contains(&w.to_ascii_lowercase().as_str())
                });
                if subject {
                    conjugate_next = Some(!named);
                    clause = Some(Clause {
                        singular: !named,
                        order: false,
                    });
                    Some(if named { "they" } else { "the traveller" })
                } else {
                    Some(if named { "them" } else { "the traveller" })
                }
            }
            "your" => Some(if named { "their" } else { "the traveller's" }),
            "yours" => Some(if named { "theirs" } else { "the traveller's" }),
            "yourself" => Some(if named { "themselves" } else { "the traveller" }),
            "you're" => Some(if named { "they're" } else { "the traveller is" }),
            "you've" => Some(if named {
                "they've"
            } else {
                "the traveller has"
            }),
            "you'll" => Some(if named {
                "they'll"
            } else {
                "the traveller will"
            }),
            "you'd" => Some(if named {
                "they'd"
            } else {
                "the traveller would"
            }),
            _ => None,
        };
        if let Some(r) = replaced {
            out.push_str(&keep_case(t, r));
            named = true;
            i += 1;
            continue;
        }
        if ORDERS.contains(&lower.as_str()) {
            match (opens(&tokens, i), clause) {
                // An order after "and" or "then", or listed after a comma, shares the
                // subject of the order before it.
                (Opens::Carried, Some(c))
                | (Opens::Listed, Some(c @ Clause { order: true, .. })) => {
                    out.push_str(&keep_case(t, &verb_form(&lower, c.singular)));
                    i += 1;
                    continue;
                }
                (Opens::Carried, None) | (Opens::No, _) => {}
                _ => {
                    let singular = !named;
                    let subject = if named { "they" } else { "the traveller" };
                    out.push_str(&keep_case(t, subject));
                    out.push(' ');
                    out.push_str(&verb_form(&lower, singular));
                    clause = Some(Clause {
                        singular,
                        order: true,
                    });
                    named = true;
                    i += 1;
                    continue;
                }
            }
        }
        out.push_str(t);
        i += 1;
    }
    out
}

/// Words and what lies between them, in order.
fn tokenize(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut start = 0;
    let mut in_word = None;
    for (i, c) in text.char_indices() {
        let word = c.is_alphanumeric() || c == '\'' || c == '\u{2019}' || c == '-';
        match in_word {
            Some(w) if w != word => {
                tokens.push(&text[start..i]);
                start = i;
                in_word = Some(word);
            }
            None => in_word = Some(word),
            _ => {}
        }
    }
    if start < text.len() {
        tokens.push(&text[start..]);
    }
    tokens
}

fn is_word(t: &str) -> bool {
    t.chars().next().is_some_and(char::is_alphanumeric)
}

/// The word after token `i`, with what lies between.
fn next_word<'a>(tokens: &[&'a str], i: usize) -> Option<(&'a str, &'a str)> {
    let gap = tokens.get(i + 1)?;
    let word = tokens.get(i + 2)?;
    is_word(word).then_some((*gap, *word))
}

/// Where a word stands in its clause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opens {
    /// It opens one: the text's start, or after an opening bracket, a sentence's end, a
    /// colon or a semicolon.
    Yes,
    /// After a comma: a new clause, or the next of a list of orders.
    Listed,
    /// After "and", "then" or "or".
    Carried,
    No,
}

/// The subject of the clause being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Clause {
    /// "the traveller" (verbs take -s), else "they".
    singular: bool,
    /// It was given to an order ("the traveller loses 2, looks at 1"), not found in the
    /// text ("if you hold a Lantern, gain 1").
    order: bool,
}

/// Where the word at `i` stands in its clause.
fn opens(tokens: &[&str], i: usize) -> Opens {
    if i == 0 {
        return Opens::Yes;
    }
    let gap = tokens[i - 1];
    if gap.contains(['(', '.', ':', ';']) {
        return Opens::Yes;
    }
    if gap.contains(',') {
        return Opens::Listed;
    }
    if !gap.trim().is_empty() {
        return Opens::No;
    }
    if i < 2 {
        return Opens::Yes;
    }
    let before = tokens[i - 2].to_ascii_lowercase();
    if CARRY.contains(&before.as_str()) {
        Opens::Carried
    } else {
        Opens::No
    }
}

/// A verb's form after "the traveller" (`singular`) or "they".
fn verb_form(verb: &str, singular: bool) -> String {
    if !singular || MODALS.contains(&verb) {
        return verb.to_string();
    }
    match verb {
        "are" => return "is".into(),
        "were" => return "was".into(),
        "have" => return "has".into(),
        "do" => return "does".into(),
        "don't" => return "doesn't".into(),
        "go" => return "goes".into(),
        _ => {}
    }
    let consonant_y = verb.ends_with('y')
        && verb
            .chars()
            .rev()
            .nth(1)
            .is_some_and(|c| !"aeiou".contains(c));
    if consonant_y {
        format!("{}ies", &verb[..verb.len() - 1])
    } else if ["s", "sh", "ch", "x", "z", "o"]
        .iter()
        .any(|e| verb.ends_with(e))
    {
        format!("{verb}es")
    } else {
        format!("{verb}s")
    }
}

/// `new` with the first letter's case of `old`.
fn keep_case(old: &str, new: &str) -> String {
    let upper = old.chars().next().is_some_and(char::is_uppercase);
    if !upper {
        return new.to_string();
    }
    let mut c = new.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::third_person;

    #[test]
    fn the_guides_choices_of_the_shipped_cards_read_of_the_traveller() {
        for (card, told) in [
            (
                "The drop bruises you (lose 2 Health)",
                "The drop bruises the traveller (they lose 2 Health)",
            ),
            (
                "He takes something you carry, as you would from him (lose one of your items)",
                "He takes something the traveller carries, as they would from him (they lose one of their items)",
            ),
            (
                "Your own face comes back to you (gain 1 Resolve)",
                "The traveller's own face comes back to them (they gain 1 Resolve)",
            ),
            (
                "It sends you down the wrong stair (lose 3 Health)",
                "It sends the traveller down the wrong stair (they lose 3 Health)",
            ),
            (
                "A longer loop past a clearing (lose 2 Health, look at 1 face-down card)",
                "A longer loop past a clearing (the traveller loses 2 Health, looks at 1 face-down card)",
            ),
            (
                "The cold settles in your bones (maximum Health drops by 2)",
                "The cold settles in the traveller's bones (maximum Health drops by 2)",
            ),
            (
                "It names the doubt you carry (gain 1 Dread)",
                "It names the doubt the traveller carries (they gain 1 Dread)",
            ),
        ] {
            assert_eq!(third_person(card), told);
        }
    }

    #[test]
    fn a_foes_faces_read_of_the_traveller() {
        for (face, told) in [
            (
                "block, you skip a roll",
                "block, the traveller skips a roll",
            ),
            (
                "deal 2, -1 to your roll",
                "deal 2, -1 to the traveller's roll",
            ),
            ("copies your roll", "copies the traveller's roll"),
            (
                "deal 1, you lose 2 Health, +1 Dread",
                "deal 1, the traveller loses 2 Health, +1 Dread",
            ),
            ("miss", "miss"),
        ] {
            assert_eq!(third_person(face), told);
        }
    }

    /// Every card's rules text and Guide's choice told of the traveller keeps no "you" but
    /// inside a capitalised name.
    #[test]
    fn no_card_of_the_shipped_set_is_told_with_you_left_in_it() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let set = crate::cards::load::load_dir(&dir).expect("cards").0;
        let you = |t: &str| {
            t.split(|c: char| !(c.is_alphanumeric() || c == '\''))
                .any(|w| ["you", "your", "yours", "yourself"].contains(&w))
        };
        let mut told = 0;
        for c in set.card_refs() {
            let card = set.card(c);
            let mut texts = vec![card.text.clone()];
            let json = serde_json::to_value(&card.effects).unwrap_or_default();
            collect_labels(&json, &mut texts);
            for t in texts.iter().filter(|t| you(t)) {
                let out = third_person(t);
                assert!(!you(&out), "{}: {t}\n  told: {out}", card.id);
                told += 1;
            }
        }
        assert!(told > 50, "{told} texts told");
    }

    /// The labels of every `guide_chooses` option in a card's effects.
    fn collect_labels(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                if let Some(serde_json::Value::Array(options)) = m.get("guide_chooses") {
                    for o in options {
                        if let Some(l) = o.get("label").and_then(|l| l.as_str()) {
                            out.push(l.to_string());
                        }
                    }
                }
                m.values().for_each(|x| collect_labels(x, out));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| collect_labels(x, out)),
            _ => {}
        }
    }

    #[test]
    fn names_are_quoted_as_they_are_and_adverbs_are_no_verbs() {
        assert_eq!(
            third_person("Faces: 1 Stares Through You (miss). 4 Climbs Your Coat (deals 2)."),
            "Faces: 1 Stares Through You (miss). 4 Climbs Your Coat (deals 2)."
        );
        assert_eq!(
            third_person("She follows you only once she is given the Bangle."),
            "She follows the traveller only once she is given the Bangle."
        );
        assert_eq!(
            third_person("Remove 1 Snare of your choice, and gain +1 to your next test."),
            "The traveller removes 1 Snare of their choice, and gains +1 to their next test."
        );
    }

    #[test]
    fn sentences_with_orders_and_modals() {
        assert_eq!(
            third_person("Lose 2 Health. If you hold a Lantern, gain 1 Resolve and heal 2."),
            "The traveller loses 2 Health. If they hold a Lantern, they gain 1 Resolve and heal 2."
        );
        assert_eq!(
            third_person("You may discard an Item: you cannot rest here."),
            "The traveller may discard an Item: they cannot rest here."
        );
    }
}
