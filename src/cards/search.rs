//! Searching a card set: words in a card's names, text and notes; `type:foe` and
//! `tag:beast`; numbers anywhere in a card's data (`hp>6`, `deal>=3`, `target=4`); and
//! `refs:ID`, the cards whose data names that card. Every term must hold.

use super::CardSet;
use serde_json::Value;

/// How a number is compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cmp {
    Lt,
    Le,
    Eq,
    Ge,
    Gt,
}

impl Cmp {
    fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Eq => a == b,
            Cmp::Ge => a >= b,
            Cmp::Gt => a > b,
        }
    }
}

/// One term of a query.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Term {
    /// A word (lower case) in the id, name, text, flavour or Guide notes.
    Word(String),
    Type(String),
    Tag(String),
    /// A number under this key somewhere in the card's data.
    Number(String, Cmp, i64),
    /// The card's data names this card id.
    Refers(String),
}

/// A parsed query.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Query {
    terms: Vec<Term>,
}

/// `hp>=6` as key, comparison and number.
fn number_term(t: &str) -> Option<Term> {
    let at = t.find(['<', '>', '='])?;
    let (key, rest) = t.split_at(at);
    let (cmp, n) = [
        ("<=", Cmp::Le),
        (">=", Cmp::Ge),
        ("<", Cmp::Lt),
        (">", Cmp::Gt),
        ("=", Cmp::Eq),
    ]
    .into_iter()
    .find_map(|(op, c)| rest.strip_prefix(op).map(|n| (c, n)))?;
    let key_ok = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    Some(Term::Number(
        key.to_string(),
        cmp,
        n.parse().ok().filter(|_| key_ok)?,
    ))
}

impl Query {
    /// Reads a query; terms are separated by spaces.
    pub fn parse(text: &str) -> Query {
        let terms = text
            .split_whitespace()
            .map(|t| {
                let lower = t.to_lowercase();
                if let Some(v) = lower.strip_prefix("type:") {
                    Term::Type(v.to_string())
                } else if let Some(v) = lower.strip_prefix("tag:") {
                    Term::Tag(v.to_string())
                } else if let Some(v) = t.strip_prefix("refs:") {
                    Term::Refers(v.to_string())
                } else {
                    number_term(&lower).unwrap_or(Term::Word(lower))
                }
            })
            .collect();
        Query { terms }
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// The Station cards that match, as indices into `set.cards`, in Domain order.
    pub fn run(&self, set: &CardSet) -> Vec<usize> {
        set.domains
            .iter()
            .flat_map(|d| d.stations.iter().map(|r| usize::from(r.index)))
            .filter(|&c| {
                let card = &set.cards[c];
                let value = serde_json::to_value(card).unwrap_or(Value::Null);
                self.terms.iter().all(|t| holds(t, card, &value))
            })
            .collect()
    }
}

fn holds(t: &Term, card: &super::model::StationCard, value: &Value) -> bool {
    match t {
        Term::Word(w) => [
            Some(card.id.0.as_str()),
            Some(card.name.as_str()),
            Some(card.text.as_str()),
            card.flavor.as_deref(),
            card.guide_notes.as_deref(),
        ]
        .into_iter()
        .flatten()
        .any(|s| s.to_lowercase().contains(w.as_str())),
        Term::Type(ty) => card.card_type.as_str() == ty,
        Term::Tag(tag) => card.tags.iter().any(|x| x.to_lowercase() == *tag),
        Term::Number(key, cmp, n) => numbers(value, key).any(|v| cmp.holds(v, *n)),
        Term::Refers(id) => card.id.0 != *id && names(value, id),
    }
}

/// Every whole number under `key` anywhere in `v`.
fn numbers<'a>(v: &'a Value, key: &'a str) -> Box<dyn Iterator<Item = i64> + 'a> {
    match v {
        Value::Object(m) => Box::new(m.iter().flat_map(move |(k, x)| {
            let here = (k == key).then(|| x.as_i64()).flatten();
            here.into_iter().chain(numbers(x, key))
        })),
        Value::Array(a) => Box::new(a.iter().flat_map(move |x| numbers(x, key))),
        _ => Box::new(std::iter::empty()),
    }
}

/// Whether `v` holds the string `id` anywhere (a reference to that card).
fn names(v: &Value, id: &str) -> bool {
    match v {
        Value::String(s) => s == id,
        Value::Object(m) => m.values().any(|x| names(x, id)),
        Value::Array(a) => a.iter().any(|x| names(x, id)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> CardSet {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        crate::cards::load::load_dir(&dir).unwrap().0
    }

    fn ids(set: &CardSet, q: &str) -> Vec<String> {
        Query::parse(q)
            .run(set)
            .into_iter()
            .map(|c| set.cards[c].id.0.clone())
            .collect()
    }

    #[test]
    fn words_types_tags_numbers_and_references() {
        let set = shipped();
        let hounds = ids(&set, "hound type:foe");
        assert!(hounds.contains(&"cinder_hound".to_string()), "{hounds:?}");
        for id in ids(&set, "type:foe hp>6") {
            let c = set.card(set.card_by_str(&id).unwrap());
            assert!(
                matches!(c.hp, Some(crate::cards::model::FoeHp::Fixed(h)) if h > 6),
                "{id}"
            );
        }
        let beasts = ids(&set, "tag:beast");
        assert!(beasts.contains(&"cinder_hound".to_string()));
        assert!(ids(&set, "deal>=3").iter().all(|id| {
            let c = set.card(set.card_by_str(id).unwrap());
            c.faces.iter().any(|f| f.deal >= 3)
        }));
        assert!(!ids(&set, "deal>=3").is_empty());
        let refs = ids(&set, "refs:ferrymans_bell");
        assert!(refs.contains(&"the_sage".to_string()), "{refs:?}");
        assert!(!refs.contains(&"ferrymans_bell".to_string()), "not itself");
        assert!(ids(&set, "hp>6 hp<3").is_empty(), "every term must hold");
        assert_eq!(Query::parse("hp>x"), Query::parse("hp>x"));
        assert!(Query::parse("  ").is_empty());
    }
}
