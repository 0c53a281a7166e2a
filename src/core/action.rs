//! What the player can do. Actions name cards by id so that the same JSON works in the
//! headless protocol, in saves and in tests.

use crate::cards::intern::Name;
use crate::cards::{CardRef, DomainRef};
use crate::numbers::REORDER_MAX;
use serde::{Deserialize, Serialize};

/// A card or Domain id in an action: an interned name (4 bytes, see
/// [`crate::cards::intern::Name`]), so an action is small plain data with no text to free.
/// Actions the game offers name the card set's own ids; ids read from input are interned,
/// one copy per distinct text, so a long session keeps at most one copy of each id it was
/// sent. Two ids are equal when their text is.
#[derive(Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Id(Name);

impl Id {
    /// The id of this text.
    pub fn new(text: &str) -> Id {
        Id(Name::of(text))
    }

    /// The id's text.
    pub fn as_str(&self) -> &'static str {
        self.0.as_str()
    }

    /// The id as its interned name (to look a card up without hashing its text).
    pub fn name(self) -> Name {
        self.0
    }
}

impl From<&'static str> for Id {
    fn from(text: &'static str) -> Id {
        Id::new(text)
    }
}

impl From<String> for Id {
    fn from(text: String) -> Id {
        Id::new(&text)
    }
}

impl From<CardRef> for Id {
    /// The card's id (no lookup: the reference holds its name).
    fn from(card: CardRef) -> Id {
        Id(card.name())
    }
}

impl From<DomainRef> for Id {
    /// The Domain's id (no lookup: the reference holds its name).
    fn from(domain: DomainRef) -> Id {
        Id(domain.name())
    }
}

impl std::ops::Deref for Id {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Id {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl std::borrow::Borrow<str> for Id {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for Id {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Id {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl std::hash::Hash for Id {
    /// As its text: an id is looked up in maps by `&str` too (`Borrow<str>`).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

/// Prints as its text, as a [`Name`] does.
impl std::fmt::Debug for Id {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.0, f)
    }
}

impl std::fmt::Display for Id {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Id, D::Error> {
        // Borrowed where the input allows, owned where it has escapes: interned either way.
        let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Ok(Id::new(&text))
    }
}

/// One player decision.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Flip the face-down card in this row slot (0, 1 or 2).
    Flip { slot: u8 },
    /// Take the offered Item or Equipment into a free slot.
    Take,
    /// Take the offered card in place of the held card in this slot (0 or 1); the held card
    /// is discarded.
    Swap { slot: u8 },
    /// Turn down the offered card, or a companion's condition.
    Decline,
    /// Choose a Terror option (0 or 1).
    Choose { option: u8 },
    /// Roll the dice (a duel exchange or a test). With a Guide, the traveller's own die of
    /// an exchange only; the Guide then rolls the foe's.
    Roll,
    /// The Guide rolls the foe's die (only in a run with a Guide).
    RollFoe,
    /// The Guide picks an option, or the card the traveller loses (index into the choice).
    Pick { option: u8 },
    /// Reroll a die just rolled: with Grace, or with a card's free reroll.
    Reroll {
        die: Die,
        /// Which test die (0 or 1), for tests with two dice.
        #[serde(default, skip_serializing_if = "is_zero")]
        index: u8,
        /// Use this card's free reroll instead of Grace.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Id>,
    },
    /// Accept the dice as they are, or leave a Rest.
    Continue,
    /// Spend 1 Resolve at a Rest.
    Spend {
        #[serde(rename = "for")]
        purpose: SpendFor,
    },
    /// Use a held card's ability.
    Use { card: Id },
    /// Give a held card to a companion (who carries it) or to the foe or companion in front
    /// of you.
    Give { card: Id, to: Id },
    /// Show a held card to the foe or companion in front of you (you keep it).
    Show { card: Id, to: Id },
    /// Fight the foe in front of you.
    Fight,
    /// Pay a foe's toll to slip past it.
    Toll,
    /// Put the cards being reordered back in this order (indices into the cards shown, top first).
    Order { order: CardOrder },
    /// Remove this Snare (when a card lets you cleanse).
    Cleanse { card: Id },
    /// Pay a cost "discard an Item" (or Equipment) with this held card.
    Discard { card: Id },
    /// Look at (or turn up) the face-down card in this row slot, when a card lets you.
    Look { slot: u8 },
    /// House rule `paid-peek`: pay `price` to look at the face-down card in this row slot
    /// before choosing which card to flip (it stays face down, but known).
    Peek {
        slot: u8,
        price: crate::core::house::Price,
    },
    /// Travel to this Domain.
    Go { domain: Id },
    /// Give up the run.
    Abandon,
}

/// The order of an [`Action::Order`]: indices into the cards shown, top first, at most
/// [`REORDER_MAX`]. Held inline (not in a `Vec`) so that an [`Action`] owns nothing and a
/// list of them is emptied without walking it. Reads and writes as a JSON list of numbers.
#[derive(Clone, Copy)]
pub struct CardOrder {
    /// The indices; those past `len` are always 0.
    idx: [u8; REORDER_MAX],
    len: u8,
}

impl CardOrder {
    /// An order of at most [`REORDER_MAX`] indices (`None` for a longer one).
    pub fn new(order: &[u8]) -> Option<CardOrder> {
        let mut idx = [0; REORDER_MAX];
        idx.get_mut(..order.len())?.copy_from_slice(order);
        Some(CardOrder {
            idx,
            len: order.len() as u8,
        })
    }
}

impl std::ops::Deref for CardOrder {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.idx[..self.len as usize]
    }
}

impl PartialEq for CardOrder {
    fn eq(&self, other: &CardOrder) -> bool {
        **self == **other
    }
}

impl Eq for CardOrder {}

impl std::hash::Hash for CardOrder {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state)
    }
}

impl std::fmt::Debug for CardOrder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self, f)
    }
}

impl Serialize for CardOrder {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for CardOrder {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CardOrder, D::Error> {
        let order = Vec::<u8>::deserialize(d)?;
        CardOrder::new(&order).ok_or_else(|| {
            serde::de::Error::custom(format_args!(
                "an order of {} cards: at most {REORDER_MAX} can be put back",
                order.len()
            ))
        })
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Which die a reroll targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Die {
    Traveller,
    Foe,
    Test,
}

impl Die {
    /// Whose deck a reroll of this die is dealt from in deck mode: the side that rolled it.
    pub fn side(self) -> crate::core::dice::Side {
        use crate::core::dice::Side;
        match self {
            Die::Foe => Side::Foe,
            Die::Traveller | Die::Test => Side::Traveller,
        }
    }
}

/// What Resolve is spent on at a Rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpendFor {
    /// 1 Resolve for 1 Grace.
    Grace,
    /// 1 Resolve for 5 Health.
    Heal,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The legal actions are listed at every step of every run: an action is a tag and a
    /// few small numbers (an id is a 4-byte interned name), and reads back its text.
    #[test]
    fn actions_stay_small_and_name_their_cards() {
        assert!(std::mem::size_of::<Action>() <= 12);
        let a = Action::Show {
            card: Id::new("actions-test-card"),
            to: Id::from("actions-test-foe"),
        };
        let json = serde_json::to_string(&a).expect("an action serialises");
        assert_eq!(
            json,
            r#"{"type":"show","card":"actions-test-card","to":"actions-test-foe"}"#
        );
        let back: Action = serde_json::from_str(&json).expect("and reads back");
        assert_eq!(back, a);
    }

    /// A list of actions is emptied without a walk: an action owns nothing to free.
    #[test]
    fn an_action_has_nothing_to_drop() {
        assert!(!std::mem::needs_drop::<Action>());
    }

    #[test]
    fn an_order_reads_and_writes_as_a_list() {
        let json = r#"{"type":"order","order":[2,0,1]}"#;
        let a: Action = serde_json::from_str(json).expect("an order");
        let want = Action::Order {
            order: CardOrder::new(&[2, 0, 1]).expect("a short order"),
        };
        assert_eq!(a, want);
        assert_eq!(serde_json::to_string(&a).expect("written"), json);
        let empty: Action = serde_json::from_str(r#"{"type":"order","order":[]}"#).expect("read");
        assert_eq!(
            serde_json::to_string(&empty).expect("written"),
            r#"{"type":"order","order":[]}"#
        );
    }

    #[test]
    fn a_longer_order_is_refused_with_a_reason() {
        let err = serde_json::from_str::<Action>(r#"{"type":"order","order":[0,1,2,3]}"#)
            .expect_err("too long");
        assert!(err.to_string().contains("at most 3"), "{err}");
    }
}
