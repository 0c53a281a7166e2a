//! The rules core: state, actions, events, the legal-action list, the pure check and the
//! one mutator. No window, no I/O: the UI, the headless protocol, the simulator and the
//! tests all drive the game through this module.

pub mod action;
pub mod apply;
pub mod combat;
pub mod dice;
pub mod event;
pub mod exec;
pub mod observe;
pub mod state;

pub use action::{Action, Die, SpendFor};
pub use apply::apply;
pub use event::{Event, Strike, Zone};
pub use exec::{
    Illegal, Mods, check, execute, execute_offered, execute_offered_into, holds, legal_actions,
    legal_actions_into, mods, new_run, phase_name,
};
pub use observe::{Observation, Slot};
pub use state::{Cause, Outcome, Phase, State};
