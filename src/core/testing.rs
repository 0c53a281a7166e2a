//! For tests only (compiled into the crate's unit tests, never into the game): states
//! built by hand, for the odd positions a test wants and no run reaches in a few steps (a
//! Terror waiting with Health just so, a chosen card dealt into the row, a finished run
//! made unfinished). A position a run can reach should be reached by actions, or by events
//! through [`super::apply`]; this builder is for the rest. It writes through the state's
//! one door ([`State::run_mut`]), the same as `apply`.

use super::state::{RunData, State};

/// A state edited by hand, for a test:
/// `StateBuilder::from(run()).with(|r| r.health = 7).build()`.
#[must_use]
pub struct StateBuilder {
    state: State,
}

impl StateBuilder {
    /// Starts from a state, usually a real run's.
    pub fn from(state: State) -> StateBuilder {
        StateBuilder { state }
    }

    /// Edits the run's data by hand.
    pub fn with(mut self, edit: impl FnOnce(&mut RunData)) -> StateBuilder {
        edit(self.state.run_mut());
        self
    }

    /// The state, its derived standing summed again over the cards now in force and what
    /// the cards held allow read again (as `apply` keeps them).
    pub fn build(mut self) -> State {
        self.state.run_mut().refresh_standing();
        self.state.run_mut().held_changed();
        self.state
    }
}
