//! The rules core: state, actions, events, the legal-action list, the pure check and the
//! one mutator. No window, no I/O: the UI, the headless protocol, the simulator and the
//! tests all drive the game through this module.
//!
//! ```
//! use forward::cards::load::load_dir;
//! use forward::core::{execute, legal_actions, new_run, Action};
//! use std::sync::Arc;
//!
//! let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
//! let (cards, _warnings) = load_dir(&dir).expect("the shipped cards load");
//! // The same seed and the same actions always give the same run.
//! let (mut state, events) = new_run(Arc::new(cards), 42, Vec::new());
//! assert!(!events.is_empty());
//! let first = legal_actions(&state)[0].clone();
//! assert_eq!(first, Action::Flip { slot: 0 });
//! let events = execute(&mut state, &first).expect("an offered action is legal");
//! assert!(!events.is_empty());
//! // An action that is not offered is refused and changes nothing.
//! assert!(execute(&mut state, &Action::Go { domain: "nightsea_expanse".into() }).is_err());
//! ```

pub mod action;
pub mod apply;
pub mod combat;
pub mod consequence;
pub mod dice;
pub mod error;
pub mod event;
pub mod exec;
pub mod figures;
pub mod house;
#[cfg(test)]
mod imports;
pub mod legal;
pub mod lore;
pub mod modifiers;
pub mod observe;
pub mod plan;
pub mod rules;
pub mod standing;
pub mod state;
#[cfg(test)]
pub(crate) mod testing;
pub mod typed;

pub use action::{Action, CardOrder, Die, SpendFor};
pub use apply::apply;
pub use consequence::{Warning, consequence};
pub use dice::{DiceMode, Side};
pub use error::{Illegal, Refusal, Why};
pub use event::{ChoiceOffer, Event, TermLoss, Zone};
pub use exec::{
    execute, execute_offered, execute_offered_into, execute_offered_moving, execute_offered_with,
    new_run, new_run_in, new_run_opts, new_run_with,
};
pub use figures::Strike;
pub use house::{HouseRules, Price, Rule, RuleError, RunOptions};
pub use legal::{
    LegalCache, candidates, check, holds, legal_actions, legal_actions_cached, legal_actions_into,
    phase_name, why_not,
};
pub use lore::{Lore, TermsMode};
pub use modifiers::{Mods, foe_stats, mods, roll_modifier, test_modifier};
pub use observe::{Observation, Slot};
pub use plan::TermStatus;
pub use state::{Cause, Outcome, Phase, Role, State};
pub use typed::dice_rolled;
