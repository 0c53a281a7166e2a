//! Why the core refuses an action ([`Illegal`]) and why a table shows one greyed
//! ([`Why`]).

/// An action that is not legal now. The text is what the headless protocol prints in its
/// `{"error": ...}` line, so it stays word for word.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// Any action after the run has ended. `action` is the action as JSON.
    #[error("{action} is not a legal action now; the run is over")]
    RunOver { action: String },
    /// An action not among those offered now; `waiting` names the phase.
    #[error("{action} is not a legal action now; the game is waiting for: {waiting}")]
    NotOffered {
        action: String,
        waiting: &'static str,
    },
}

/// Why an action is not offered now, in a player's words (see [`super::legal::why_not`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Why {
    /// The run has ended.
    #[error("The run is over.")]
    RunOver,
    /// The action belongs to another moment of play; `phase` is what the game waits for.
    #[error("Not now: the game is waiting for {phase}.")]
    NotNow { phase: &'static str },
    /// A Terror option whose cost cannot be paid (`cost` in words: "costs 2 Resolve").
    #[error("Cannot be chosen: it {cost}, which you cannot pay.")]
    CannotPay { cost: String },
    /// Spending Resolve needs the marker at Resolve 1 or more.
    #[error("You need Resolve 1 or more to spend.")]
    NeedResolve,
    /// Healing at full Health gains nothing.
    #[error("Your Health is full.")]
    HealthFull,
    /// Grace is already at its most.
    #[error("Grace is at most 3.")]
    GraceFull,
    /// A card in force (usually a Snare) forbids it; `snare` is its name.
    #[error("Not possible now ({snare} forbids it).")]
    ForbiddenBySnare { snare: String },
    /// Both slots of the kind are full: swap or decline instead.
    #[error("Your slots of that kind are full: swap a card or decline.")]
    SlotsFull,
    /// The row slot, held slot or option named does not exist or is empty.
    #[error("There is nothing there to choose.")]
    NoSuchSlot,
    /// A reroll with no Grace and no free reroll ready.
    #[error("You have no Grace (and no free reroll) to reroll with.")]
    NoReroll,
    /// A card ability already used for now, or usable only in a duel.
    #[error("That card cannot be used now.")]
    CannotUse,
    /// The card named is not held (or not wanted here).
    #[error("You do not hold that card, or it is not wanted here.")]
    NotHeld,
    /// A paid peek the traveller cannot pay for (`price` in words: "1 Resolve"; `short`
    /// says why: "your marker is at 0", "it would leave you at 0 Health").
    #[error("A peek costs {price}: {short}.")]
    PeekPrice { price: String, short: String },
    /// A paid peek asked for at another price than the run's.
    #[error("A peek costs {price} in this run.")]
    PeekPriceIs { price: String },
    /// A paid peek in a run without the house rule.
    #[error(
        "You look at face-down cards only when a card lets you (the house rule paid-peek is off)."
    )]
    NoPaidPeek,
    /// A peek at a card already known.
    #[error("You already know that card.")]
    AlreadyKnown,
    /// Anything else the rules do not offer at this moment.
    #[error("Not possible now.")]
    NotOffered,
}

impl Why {
    /// The reason in a few words, as a greyed button says it on itself ("no Resolve to
    /// spend"); the full sentence is its tip.
    pub fn short(&self) -> String {
        match self {
            Why::CannotPay { .. } => "cannot pay".into(),
            Why::NeedResolve => "no Resolve to spend".into(),
            Why::HealthFull => "Health is full".into(),
            Why::GraceFull => "Grace is full".into(),
            Why::ForbiddenBySnare { snare } => format!("{snare} forbids it"),
            Why::SlotsFull => "slots full".into(),
            Why::NoReroll => "no Grace".into(),
            Why::PeekPrice { short, .. } => short.clone(),
            other => other.to_string().trim_end_matches('.').to_string(),
        }
    }
}

/// Why an action with typed (physical) dice was refused, in a player's words. Nothing
/// changes when one is returned: no die is left forced.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The action is not offered now.
    #[error("{0}")]
    NotNow(Why),
    /// A typed value that is not a die face.
    #[error("A die shows 1 to 6; {0} is not a die face.")]
    NotADie(u8),
    /// Typed dice for an action that rolls none.
    #[error("That rolls no dice, so no die can be typed for it.")]
    RollsNone,
    /// Not as many typed values as the action rolls dice.
    #[error("That rolls {rolls} {}, so type exactly {rolls}; {typed} {} typed.", dice(*rolls), if *typed == 1 { "was" } else { "were" })]
    Count { rolls: usize, typed: usize },
}

fn dice(n: usize) -> &'static str {
    if n == 1 { "die" } else { "dice" }
}
