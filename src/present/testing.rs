//! What the unit tests of the presentation share: the shipped cards, and seed 1's first
//! duel (the Ash-Blind Ram, three HP, whose faces 5 blocks and 2 empowers its next hit), and
//! Grace set by its event.

use crate::cards::CardSet;
use crate::cards::load::load_dir;
use crate::core::{Action, Event, State, apply, execute, legal_actions, new_run_with};
use std::sync::Arc;

/// The shipped cards.
pub fn shipped() -> Arc<CardSet> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    Arc::new(load_dir(&dir).expect("the shipped cards load").0)
}

/// Seed 1's first duel, alone or with a Guide, reached by always taking the first action
/// offered (abandoning aside), waiting for its first roll.
pub fn first_duel(guide: bool) -> State {
    let (mut s, _) = new_run_with(shipped(), 1, vec![], guide);
    for _ in 0..200 {
        if s.duel().is_some() {
            return s;
        }
        let a = legal_actions(&s)
            .into_iter()
            .find(|a| *a != Action::Abandon)
            .expect("an action is offered");
        execute(&mut s, &a).expect("an offered action is taken");
    }
    panic!("seed 1 reaches no duel in 200 steps");
}

/// Sets Grace, by the event that changes it.
pub fn set_grace(s: &mut State, grace: u8) {
    let by = grace as i8 - s.grace as i8;
    apply(s, &Event::GraceChanged { by, grace });
}
