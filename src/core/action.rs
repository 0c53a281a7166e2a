//! What the player can do. Actions name cards by id so that the same JSON works in the
//! headless protocol, in saves and in tests.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A card or Domain id in an action. Actions the game offers borrow the interned id (no
/// allocation on the simulator's hot path); actions read from input own their text.
pub type Id = Cow<'static, str>;

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
    Order { order: Vec<u8> },
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
