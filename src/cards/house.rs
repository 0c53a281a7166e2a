//! House rules: optional changes to the rules as ruled, each off by default, chosen when a
//! run starts and fixed for the run (like the dice mode). A run's [`HouseRules`] live in
//! its state, its save and its run code, so a replay plays under the same rules. They are
//! card-set vocabulary too: a traveller file may name the rules its set is designed for
//! (`house_rules`), which the validator checks; the core re-exports them.
//!
//! Written on the command line as `NAME` or `NAME=VALUE` (`--rule paid-peek=health:2`);
//! docs/RULES.md "House rules" says what each one does.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The Resolve a paid peek costs when the rule names no price.
pub const PEEK_PRICE_DEFAULT: Price = Price::Resolve(1);
/// The most a peek's price may be (in either track): more would never be paid.
pub const PEEK_PRICE_MAX: u8 = 9;

/// One house rule, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// On the row, pay to look at one face-down card before choosing which to flip.
    PaidPeek,
    /// The traveller's die face 6 is a Hit instead of a Counter.
    HitOnSix,
}

impl Rule {
    /// Every house rule, in the order they are listed.
    pub const ALL: [Rule; 2] = [Rule::PaidPeek, Rule::HitOnSix];

    /// The rule's name on the command line and in saves: `paid-peek`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::PaidPeek => "paid-peek",
            Rule::HitOnSix => "hit-on-six",
        }
    }

    /// Finds a rule by its name (any case).
    pub fn named(name: &str) -> Option<Rule> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name.trim()))
    }

    /// What the rule changes, in a player's words.
    pub fn summary(self) -> &'static str {
        match self {
            Rule::PaidPeek => {
                "before flipping, pay a price to look at one face-down card of the row \
                 (it stays face down, but you know it)"
            }
            Rule::HitOnSix => {
                "a 6 on your duel die is a Hit instead of a Counter \
                 (unless the traveller card prints a table of its own)"
            }
        }
    }

    /// The names of every rule, for messages: `paid-peek, hit-on-six`.
    pub fn known() -> String {
        Rule::ALL.map(Rule::name).join(", ")
    }
}

/// What a paid peek costs: Resolve (spent as at a Rest) or Health.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Price {
    Resolve(u8),
    Health(u8),
}

impl Price {
    /// How much, whatever the track.
    pub fn amount(self) -> u8 {
        match self {
            Price::Resolve(n) | Price::Health(n) => n,
        }
    }

    /// Reads `resolve:1`, `health:2`, or a bare number (Resolve).
    pub fn parse(text: &str) -> Result<Price, RuleError> {
        let bad = || RuleError::BadValue {
            rule: Rule::PaidPeek.name(),
            value: text.to_string(),
            expected: format!(
                "a price: resolve:N or health:N, N from 0 to {PEEK_PRICE_MAX} (e.g. health:2)"
            ),
        };
        let t = text.trim().to_ascii_lowercase();
        let (track, n) = t.split_once(':').unwrap_or(("resolve", t.as_str()));
        let n: u8 = n.trim().parse().map_err(|_| bad())?;
        if n > PEEK_PRICE_MAX {
            return Err(bad());
        }
        match track.trim() {
            "resolve" | "r" => Ok(Price::Resolve(n)),
            "health" | "h" => Ok(Price::Health(n)),
            _ => Err(bad()),
        }
    }

    /// `resolve:1`, as [`Price::parse`] reads it.
    pub fn spec(self) -> String {
        match self {
            Price::Resolve(n) => format!("resolve:{n}"),
            Price::Health(n) => format!("health:{n}"),
        }
    }

    /// `1 Resolve`, `2 Health`.
    pub fn words(self) -> String {
        match self {
            Price::Resolve(n) => format!("{n} Resolve"),
            Price::Health(n) => format!("{n} Health"),
        }
    }
}

/// The house rules a run plays with. The default is none: the rules as ruled.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "Vec<String>", try_from = "Vec<String>")]
pub struct HouseRules {
    /// `paid-peek`: its price, when the rule is on.
    pub paid_peek: Option<Price>,
    /// `hit-on-six`.
    pub hit_on_six: bool,
}

/// A house rule that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("`{name}` is not a house rule; the house rules are: {known}")]
    Unknown { name: String, known: String },
    #[error("`{rule}={value}`: the value of {rule} must be {expected}")]
    BadValue {
        rule: &'static str,
        value: String,
        expected: String,
    },
}

impl HouseRules {
    /// No house rule: the rules as ruled.
    pub const OFF: HouseRules = HouseRules {
        paid_peek: None,
        hit_on_six: false,
    };

    /// Whether no house rule is on.
    pub fn is_off(&self) -> bool {
        *self == HouseRules::OFF
    }

    /// Reads every `NAME[=VALUE]` in turn (a rule named twice keeps the last value).
    pub fn parse_all<S: AsRef<str>>(specs: &[S]) -> Result<HouseRules, RuleError> {
        let mut rules = HouseRules::OFF;
        for s in specs {
            rules.turn_on(s.as_ref())?;
        }
        Ok(rules)
    }

    /// Turns one rule on from `NAME` or `NAME=VALUE`.
    pub fn turn_on(&mut self, spec: &str) -> Result<(), RuleError> {
        let (name, value) = match spec.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (spec, None),
        };
        let rule = Rule::named(name).ok_or_else(|| RuleError::Unknown {
            name: name.trim().to_string(),
            known: Rule::known(),
        })?;
        match (rule, value) {
            (Rule::PaidPeek, None) => self.paid_peek = Some(PEEK_PRICE_DEFAULT),
            (Rule::PaidPeek, Some(v)) => self.paid_peek = Some(Price::parse(v)?),
            (Rule::HitOnSix, None) => self.hit_on_six = true,
            (Rule::HitOnSix, Some(v)) => {
                return Err(RuleError::BadValue {
                    rule: rule.name(),
                    value: v.to_string(),
                    expected: "nothing: it takes no value".into(),
                });
            }
        }
        Ok(())
    }

    /// Whether a rule is on.
    pub fn has(&self, rule: Rule) -> bool {
        match rule {
            Rule::PaidPeek => self.paid_peek.is_some(),
            Rule::HitOnSix => self.hit_on_six,
        }
    }

    /// These rules with one more (or one less) rule on, at its default value.
    pub fn toggled(mut self, rule: Rule) -> HouseRules {
        match rule {
            Rule::PaidPeek => {
                self.paid_peek = match self.paid_peek {
                    Some(_) => None,
                    None => Some(PEEK_PRICE_DEFAULT),
                }
            }
            Rule::HitOnSix => self.hit_on_six = !self.hit_on_six,
        }
        self
    }

    /// Each rule on as `NAME[=VALUE]`, as [`HouseRules::parse_all`] reads them.
    pub fn specs(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(p) = self.paid_peek {
            out.push(format!("{}={}", Rule::PaidPeek.name(), p.spec()));
        }
        if self.hit_on_six {
            out.push(Rule::HitOnSix.name().to_string());
        }
        out
    }

    /// The rules in a few words: `paid peek (1 Resolve), hit on six`, or `none`.
    pub fn words(&self) -> String {
        let mut out = Vec::new();
        if let Some(p) = self.paid_peek {
            out.push(format!("paid peek ({})", p.words()));
        }
        if self.hit_on_six {
            out.push("hit on six".to_string());
        }
        if out.is_empty() {
            "none".into()
        } else {
            out.join(", ")
        }
    }

    /// The rules for a table or a report: `House rules: paid peek (1 Resolve)`.
    pub fn label(&self) -> String {
        format!("House rules: {}", self.words())
    }

    /// The rules in a run code: tokens joined by `.` (`pr1` a peek for 1 Resolve, `ph2`
    /// for 2 Health, `h6` hit on six); empty when none is on.
    pub fn code(&self) -> String {
        let mut out = Vec::new();
        match self.paid_peek {
            Some(Price::Resolve(n)) => out.push(format!("pr{n}")),
            Some(Price::Health(n)) => out.push(format!("ph{n}")),
            None => {}
        }
        if self.hit_on_six {
            out.push("h6".to_string());
        }
        out.join(".")
    }

    /// Reads [`HouseRules::code`] (lower case); `None` for anything else.
    pub fn from_code(code: &str) -> Option<HouseRules> {
        let mut rules = HouseRules::OFF;
        for token in code.split('.') {
            match token.as_bytes() {
                [b'h', b'6'] => rules.hit_on_six = true,
                [b'p', track, rest @ ..] if !rest.is_empty() => {
                    let n: u8 = std::str::from_utf8(rest).ok()?.parse().ok()?;
                    if n > PEEK_PRICE_MAX {
                        return None;
                    }
                    rules.paid_peek = Some(match track {
                        b'r' => Price::Resolve(n),
                        b'h' => Price::Health(n),
                        _ => return None,
                    });
                }
                _ => return None,
            }
        }
        Some(rules)
    }
}

impl fmt::Display for HouseRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words())
    }
}

impl From<HouseRules> for Vec<String> {
    fn from(r: HouseRules) -> Vec<String> {
        r.specs()
    }
}

impl TryFrom<Vec<String>> for HouseRules {
    type Error = RuleError;
    fn try_from(specs: Vec<String>) -> Result<HouseRules, RuleError> {
        HouseRules::parse_all(&specs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_from_their_names_and_values() {
        let r = HouseRules::parse_all(&["paid-peek"]).expect("known");
        assert_eq!(r.paid_peek, Some(Price::Resolve(1)));
        let r = HouseRules::parse_all(&["paid-peek=health:2", "hit-on-six"]).expect("known");
        assert_eq!(r.paid_peek, Some(Price::Health(2)));
        assert!(r.hit_on_six);
        assert_eq!(r.specs(), ["paid-peek=health:2", "hit-on-six"]);
        assert_eq!(r.words(), "paid peek (2 Health), hit on six");
        assert_eq!(HouseRules::OFF.words(), "none");
    }

    #[test]
    fn an_unknown_rule_or_value_says_what_is_known() {
        let e = HouseRules::parse_all(&["free-lunch"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`free-lunch` is not a house rule; the house rules are: paid-peek, hit-on-six"
        );
        let e = HouseRules::parse_all(&["paid-peek=gold:3"]).unwrap_err();
        assert!(e.to_string().contains("resolve:N or health:N"), "{e}");
        assert!(HouseRules::parse_all(&["hit-on-six=2"]).is_err());
        assert!(HouseRules::parse_all(&["paid-peek=resolve:99"]).is_err());
    }

    #[test]
    fn rules_go_through_a_code_and_json() {
        for r in [
            HouseRules::OFF,
            HouseRules::OFF.toggled(Rule::PaidPeek),
            HouseRules {
                paid_peek: Some(Price::Health(2)),
                hit_on_six: true,
            },
            HouseRules {
                paid_peek: Some(Price::Resolve(0)),
                hit_on_six: false,
            },
        ] {
            let code = r.code();
            let back = if code.is_empty() {
                Some(HouseRules::OFF)
            } else {
                HouseRules::from_code(&code)
            };
            assert_eq!(back, Some(r), "{code}");
            let json = serde_json::to_string(&r).expect("json");
            assert_eq!(serde_json::from_str::<HouseRules>(&json).ok(), Some(r));
        }
        assert_eq!(HouseRules::from_code("pz1"), None);
        assert_eq!(HouseRules::from_code("x"), None);
    }
}
