//! Presentation: what a player is offered and sees, in words, computed from the rules core
//! and never changing it. Both the headless protocol and the window read it, so a label,
//! a prompt or a reason for a greyed choice is written once.
//!
//! - [`view`]: the traveller's view, the Guide's view, whose notes are read, the prompt.
//! - [`words`]: readable labels of actions, log lines of events, foe faces, costs.
//! - [`scene`] and [`stage`]: the shown state that trails the session, played one event
//!   at a time at the pace of its moment (the table draws only that).
//! - [`journal`]: the Guide's notes journal (every note of the run, newest first).
//! - [`glossary`]: the keywords of card text and their rules (hover tips, the gallery).
//! - [`dice`]: who rolls the dice an action needs, and how many (physical dice).
//! - [`lesson`]: the guided first run's script (steps, what each asks, when it is done).
//! - [`odds`]: what a duel's reroll or card would change, with the odds over the faces.
//! - [`pace`]: what goes on by itself in a solo run (quiet cards, quick duels).
//! - [`route`]: what a route card tells of a Domain from earlier runs (cards met there).

pub mod catalog;
pub mod dice;
pub mod glossary;
pub mod guardian;
pub mod journal;
pub mod lesson;
pub mod narrator;
pub mod odds;
pub mod pace;
pub mod person;
pub mod reveal;
pub mod route;
pub mod scene;
pub mod stage;
#[cfg(test)]
pub(crate) mod testing;
pub mod view;
pub mod words;

pub use view::{
    AwaitingView, BonusView, FoeView, GUIDE_NEXT, GuideView, Prompt, RolledView, TestView, View,
    card_just_met, choice_card, deck_known, guide_view, notes_now, notes_with_source, prompt,
    step_source, view,
};
