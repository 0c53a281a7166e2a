//! Physical dice typed for an action. An action takes exactly the dice it rolls: the
//! count is found by trying the action on a copy of the state (the rules are never asked
//! to predict), so typed values can never be left queued for a later roll, such as the
//! traveller's next one after a Guide's roll for the foe.

use super::state::State;
use super::{Action, execute};

/// How many dice `a` rolls when tried with the `typed` values forced first: typed values
/// taken plus dice the generator then had to roll. `None`: the action is refused now.
/// The typed values fit the action exactly when this equals `typed.len()` (fewer: some
/// would be left queued; more: some dice would not be typed).
pub fn dice_rolled(s: &State, a: &Action, typed: &[u8]) -> Option<usize> {
    let mut trial = s.clone();
    // Dice still queued from before (the headless `--dice` list) are used first.
    let queued = trial.dice.forced_left();
    for &v in typed {
        trial.force_die(v);
    }
    let generated = trial.dice.generated();
    execute(&mut trial, a).ok()?;
    let taken = queued + typed.len() - trial.dice.forced_left();
    let rolled = taken + (trial.dice.generated() - generated) as usize;
    Some(rolled.saturating_sub(queued))
}
