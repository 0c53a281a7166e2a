//! The guided first run ("Learn to play"): a short fixed run on its own small card set
//! (`cards/lesson/`, built into the binary) that teaches one step at a time.
//!
//! The script is data: [`STEPS`], each with the words of its hint, what it asks the player
//! to do ([`Want`], which is also what the hint points at and the only choice open), and
//! the condition on the *shown* state that says it is done ([`Done`]). [`Lesson::observe`]
//! moves on as soon as the shown state meets the current step's condition, so the hint
//! follows the table's moments, never a timer.
//!
//! The run is fixed: the seed [`SEED`] deals the rows, and the dice of the duel, the
//! reroll, the Pit and the Guardian are forced ([`DICE`]), so each step happens as taught.
//! A lesson is never saved and never recorded in the history (docs/UI.md, "Learn to play").

use crate::cards::CardSet;
use crate::cards::validate::Report;
use crate::core::action::Die;
use crate::core::state::{Phase, State};
use crate::core::{Action, SpendFor, legal_actions};
use std::sync::Arc;

/// The lesson's seed (it decides where each card of a row lies; the hints find them by id).
pub const SEED: u64 = 7;

/// The forced dice, in the order the lesson rolls them: the duel's first exchange
/// (traveller 1, a Miss; the Stalker 4, a lunge for 3), the reroll with Grace (5, a
/// Critical that ends the duel), the Pit's die (4, against 3+), and the Guardian's
/// exchange (traveller 3, a Hit for 2 against HP 2; the warden 1, a miss).
pub const DICE: [u8; 6] = [1, 4, 5, 4, 3, 1];

/// What a step asks the player to do: the one choice open while it is current, and what
/// the hint points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// Flip the row card with this id.
    Flip(&'static str),
    /// Take the offered Item.
    Take,
    /// Spend 1 Resolve for 1 Grace at a Rest.
    SpendGrace,
    /// Leave a Rest, or go on from the crossing.
    Continue,
    /// Roll the dice (a duel exchange or a test).
    Roll,
    /// Reroll the traveller's own die with Grace.
    Reroll,
    /// Use the held card with this id.
    Use(&'static str),
    /// Either option of a Terror.
    Choose,
    /// Travel to the Domain with this id.
    Go(&'static str),
}

impl Want {
    /// Whether `a` is what this step asks for, in state `s`.
    pub fn allows(self, s: &State, a: &Action) -> bool {
        match (self, a) {
            (Want::Flip(id), Action::Flip { slot }) => slot_of(s, id) == Some(*slot),
            (Want::Take, Action::Take) | (Want::Continue, Action::Continue) => true,
            (Want::Roll, Action::Roll) | (Want::Choose, Action::Choose { .. }) => true,
            (
                Want::SpendGrace,
                Action::Spend {
                    purpose: SpendFor::Grace,
                },
            ) => true,
            (
                Want::Reroll,
                Action::Reroll {
                    die: Die::Traveller,
                    card: None,
                    ..
                },
            ) => true,
            (Want::Use(id), Action::Use { card }) => card.as_ref() == id,
            (Want::Go(id), Action::Go { domain }) => domain.as_ref() == id,
            _ => false,
        }
    }
}

/// The row slot holding the card with this id, face down or up.
pub fn slot_of(s: &State, id: &str) -> Option<u8> {
    s.row.iter().enumerate().find_map(|(i, c)| {
        c.as_ref()
            .filter(|c| s.cards.card(c.card).id.0 == id)
            .map(|_| i as u8)
    })
}

/// The kind of phase a condition waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhaseIs {
    Explore,
    Offer,
    Rest,
    Route,
    Terror,
    Pit,
    Duel,
    Crossing,
    Over,
}

impl PhaseIs {
    fn of(p: &Phase) -> Option<PhaseIs> {
        Some(match p {
            Phase::Explore => PhaseIs::Explore,
            Phase::Offer { .. } => PhaseIs::Offer,
            Phase::Rest { .. } => PhaseIs::Rest,
            Phase::Route => PhaseIs::Route,
            Phase::Terror { .. } => PhaseIs::Terror,
            Phase::Pit(_) => PhaseIs::Pit,
            Phase::Duel(_) => PhaseIs::Duel,
            Phase::Crossing => PhaseIs::Crossing,
            Phase::Over => PhaseIs::Over,
            _ => return None,
        })
    }
}

/// When a step is done, judged on the shown state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Done {
    /// The run waits in this kind of phase.
    Phase(PhaseIs),
    /// This many cards have been flipped and the row waits for the next flip.
    Flipped(u32),
    /// The card with this id is in an Item or Equipment slot.
    Holds(&'static str),
    /// The card with this id is no longer held (used up).
    Spent(&'static str),
    /// At least this much Grace is banked.
    Grace(u8),
    /// The dice of a duel's exchange are on the table, waiting for a reroll.
    Rolled,
    /// The traveller is in the Domain with this id.
    In(&'static str),
    /// The companion with this id follows the traveller.
    Follows(&'static str),
    /// The traveller is caught in the Snare with this id.
    Caught(&'static str),
}

impl Done {
    /// Whether the shown state `s` meets the condition.
    pub fn met(self, s: &State) -> bool {
        let holds = |id: &str| {
            s.items
                .iter()
                .chain(&s.equipment)
                .any(|c| s.cards.card(*c).id.0 == id)
        };
        match self {
            Done::Phase(p) => PhaseIs::of(&s.phase) == Some(p),
            Done::Flipped(n) => s.flips >= n && s.phase == Phase::Explore,
            Done::Holds(id) => holds(id),
            Done::Spent(id) => !holds(id),
            Done::Grace(n) => s.grace >= n,
            Done::Rolled => matches!(&s.phase, Phase::Duel(d) if d.rolled.is_some()),
            Done::In(id) => s.domain.id() == id,
            Done::Follows(id) => s.companions.iter().any(|f| s.cards.card(f.card).id.0 == id),
            Done::Caught(id) => s.snares.iter().any(|c| s.cards.card(*c).id.0 == id),
        }
    }
}

/// One step of the lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// A short name (trace lines, screenshots, tests).
    pub id: &'static str,
    /// The hint's heading.
    pub title: &'static str,
    /// What the hint says.
    pub words: &'static str,
    pub want: Want,
    pub done: Done,
}

const YARD_NOTE: &str = "lesson_gate_note";
const CAKE: &str = "lesson_honey_cake";
const BENCH: &str = "lesson_bench";
const STALKER: &str = "lesson_reed_stalker";
const SHADOW: &str = "lesson_heron_shadow";
const PATH: &str = "lesson_sinking_path";
const PLANK: &str = "lesson_loose_plank";
const GIRL: &str = "lesson_ferry_girl";
const LAMP: &str = "lesson_lamplit_shrine";
const REEDS: &str = "lesson_reeds";
const BRIDGE: &str = "lesson_bridge";
const RUMOUR: &str = "lesson_parapet_rumour";

/// The step whose hint also rings the Guardian's card on the map (where its requirements
/// and seals are shown).
pub const SHOWS_GUARDIAN: &str = "rumour";

/// The lesson, in order.
pub const STEPS: &[Step] = &[
    Step {
        id: "flip",
        title: "Flip a card",
        words: "The three face-down cards are the row. Turn over the highlighted one.",
        want: Want::Flip(YARD_NOTE),
        done: Done::Flipped(1),
    },
    Step {
        id: "flip-item",
        title: "That was a Caesura",
        words: "A quiet card: it gave you 1 Resolve (the marker on the right). Flip the next highlighted card.",
        want: Want::Flip(CAKE),
        done: Done::Phase(PhaseIs::Offer),
    },
    Step {
        id: "take",
        title: "Take the Item",
        words: "Items wait in your two Item slots until you use them. Take this one.",
        want: Want::Take,
        done: Done::Holds(CAKE),
    },
    Step {
        id: "flip-rest",
        title: "One card left",
        words: "Flip the last card of the row. When the row and the deck are empty, the Domain is cleared.",
        want: Want::Flip(BENCH),
        done: Done::Phase(PhaseIs::Rest),
    },
    Step {
        id: "grace",
        title: "A Rest",
        words: "Here you trade Resolve for Health or for Grace. Grace rerolls a die later. Buy 1 Grace.",
        want: Want::SpendGrace,
        done: Done::Grace(1),
    },
    Step {
        id: "leave-rest",
        title: "Grace banked",
        words: "One Grace waits for the fight ahead. Leave the Rest.",
        want: Want::Continue,
        done: Done::Phase(PhaseIs::Route),
    },
    Step {
        id: "route",
        title: "Choose your road",
        words: "The Yard is cleared. You move sideways or up, never down or back. The Reeds are the longer road, with more finds and more danger: take it.",
        want: Want::Go(REEDS),
        done: Done::In(REEDS),
    },
    Step {
        id: "flip-foe",
        title: "A new row",
        words: "Every Domain deals its own row. Flip the highlighted card.",
        want: Want::Flip(STALKER),
        done: Done::Phase(PhaseIs::Duel),
    },
    Step {
        id: "roll",
        title: "A duel",
        words: "You and the foe each roll a die; both results land together. Your die is read on the combat table. Roll.",
        want: Want::Roll,
        done: Done::Rolled,
    },
    Step {
        id: "reroll",
        title: "Reroll with Grace",
        words: "A 1 is a Miss, and the Stalker lunges. Before the dice count, spend your Grace to roll your die again.",
        want: Want::Reroll,
        done: Done::Phase(PhaseIs::Explore),
    },
    Step {
        id: "use",
        title: "Use your Item",
        words: "A Critical won the duel, but the lunge still landed. Use the Honey Cake to heal.",
        want: Want::Use(CAKE),
        done: Done::Spent(CAKE),
    },
    Step {
        id: "flip-terror",
        title: "Keep going",
        words: "Items can be used whenever you are choosing a card to flip. Flip the highlighted card.",
        want: Want::Flip(SHADOW),
        done: Done::Phase(PhaseIs::Terror),
    },
    Step {
        id: "terror",
        title: "A Terror",
        words: "Pick one of its two options. An option you cannot pay would be greyed out. Either is fine here.",
        want: Want::Choose,
        done: Done::Phase(PhaseIs::Explore),
    },
    Step {
        id: "flip-pit",
        title: "The last card here",
        words: "Flip the highlighted card.",
        want: Want::Flip(PATH),
        done: Done::Phase(PhaseIs::Pit),
    },
    Step {
        id: "pit",
        title: "A Pit",
        words: "A test: one die plus your test bonuses must reach the target, 3 or more here. Roll.",
        want: Want::Roll,
        done: Done::Phase(PhaseIs::Route),
    },
    Step {
        id: "route-bridge",
        title: "On to the Bridge",
        words: "The Reeds are cleared. The Bridge is the last Domain of this map: go there.",
        want: Want::Go(BRIDGE),
        done: Done::In(BRIDGE),
    },
    Step {
        id: SHOWS_GUARDIAN,
        title: "The Guardian waits",
        words: "After the last Domain, the Guardian waits at the crossing. Its card is on the map from your first flip, with a ring for each requirement or seal whose terms you have not learned. Flip the highlighted card.",
        want: Want::Flip(RUMOUR),
        done: Done::Flipped(7),
    },
    Step {
        id: "flip-snare",
        title: "Rumours",
        words: "A requirement must be met to harm the Guardian; a seal punishes you until you break it. Rumours like that card, and some Domains, tell their terms; what you learn is kept for later runs. This seal wants the Ferry Girl at your side. Flip the highlighted card.",
        want: Want::Flip(PLANK),
        done: Done::Caught(PLANK),
    },
    Step {
        id: "flip-companion",
        title: "A Snare",
        words: "A Snare stays with you until a card removes it: this one costs 1 Health at every flip. Flip the Ferry Girl: a companion follows you to the end.",
        want: Want::Flip(GIRL),
        done: Done::Follows(GIRL),
    },
    Step {
        id: "flip-blessing",
        title: "A companion",
        words: "She follows you now, and the warden's seal asks for just that. Flip the last card: a Blessing that lifts a Snare (with one Snare, it takes that one).",
        want: Want::Flip(LAMP),
        done: Done::Phase(PhaseIs::Crossing),
    },
    Step {
        id: "crossing",
        title: "The crossing",
        words: "A last pause before the Guardian. In a real run, a button marked “— breaks” and a term's name gives up something the Guardian demands: think twice. Go on when you are ready.",
        want: Want::Continue,
        done: Done::Phase(PhaseIs::Duel),
    },
    Step {
        id: "guardian",
        title: "The Guardian",
        words: "Its seal is met: the Ferry Girl walks with you, so the warden stays hurt. Beat it and the run is won. It has 2 HP. Roll.",
        want: Want::Roll,
        done: Done::Phase(PhaseIs::Over),
    },
];

/// The end panel's heading and words once the lesson is won.
pub const END_TITLE: &str = "You have learned the road";
pub const END_WORDS: &str = "That is the whole of a run: flip, take, rest, choose a road, fight, gather what the Guardian asks, and face it. A real run crosses nine Domains. Back on the title, choose New run when you are ready. This lesson was not saved or counted.";
/// What the lesson taught, for its end panel.
pub const LEARNED: [&str; 9] = [
    "Flipping a card",
    "Taking and using an Item",
    "Resting for Grace",
    "Choosing a road",
    "A duel and a reroll",
    "A Terror and a Pit",
    "A Snare and its cleansing",
    "A companion who joins",
    "The Guardian and its seal",
];
/// Said when the lesson's run ended some other way (it cannot, with the script's dice).
pub const END_LOST: &str = "The lesson's run has ended. Nothing was saved or counted; try it again from the title whenever you like.";
/// What hovering a choice the lesson keeps closed says.
pub const CLOSED: &str = "Not in this lesson: follow the highlighted step.";
/// The hint while a card is held up to be read.
pub const HOLD: &str =
    "This card took effect by itself; it stays up so you can read it. Then go on.";

/// Where the lesson stands: the current step, moved on by what the table shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lesson {
    step: usize,
}

impl Lesson {
    pub fn new() -> Lesson {
        Lesson::default()
    }

    /// The step to do now; `None` once every step is done.
    pub fn step(&self) -> Option<&'static Step> {
        STEPS.get(self.step)
    }

    /// How many steps are done.
    pub fn index(&self) -> usize {
        self.step
    }

    /// Every step is done (the lesson's run is won).
    pub fn finished(&self) -> bool {
        self.step >= STEPS.len()
    }

    /// Moves past every step whose condition the shown state `s` meets, in order.
    /// Returns whether the step changed.
    pub fn observe(&mut self, s: &State) -> bool {
        let before = self.step;
        while let Some(step) = self.step() {
            if !step.done.met(s) {
                break;
            }
            self.step += 1;
        }
        self.step != before
    }

    /// Whether the lesson lets the player take `a` now: only what the current step asks.
    pub fn allows(&self, s: &State, a: &Action) -> bool {
        self.step().is_some_and(|step| step.want.allows(s, a))
    }

    /// The action the current step asks for, if it is offered in `s` (tests, screenshots).
    pub fn wanted(&self, s: &State) -> Option<Action> {
        legal_actions(s).into_iter().find(|a| self.allows(s, a))
    }
}

/// The lesson's card set, built into the binary.
pub fn cards() -> Result<Arc<CardSet>, Report> {
    crate::cards::load::load_lesson().map(|(set, _)| Arc::new(set))
}

#[cfg(test)]
mod tests;
