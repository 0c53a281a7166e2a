//! Physical dice: who rolls the dice an action needs, and how many it needs, found by
//! trying the action on a copy of the state (the core is never asked to predict).

use crate::core::state::{Role, State};
use crate::core::{Action, Die, execute};

/// Who rolls the dice an action needs: with a Guide, the Guide rolls the foe's die (and
/// its rerolls) and the dice of the Guide's picks; the traveller rolls everything else.
/// Alone, the one player rolls all.
pub fn owner(s: &State, a: &Action) -> Role {
    if !s.guide {
        return Role::Traveller;
    }
    match a {
        Action::RollFoe | Action::Pick { .. } | Action::Reroll { die: Die::Foe, .. } => Role::Guide,
        _ => Role::Traveller,
    }
}

/// How many more dice `a` would roll after the `typed` values: the action is tried on a
/// copy of the state with those values forced, and the dice its generator then had to
/// roll are counted. Zero: the typed values are all it needs.
pub fn dice_needed(s: &State, a: &Action, typed: &[u8]) -> u64 {
    let mut trial = s.clone();
    for &v in typed {
        trial.force_die(v);
    }
    let before = trial.dice.generated();
    match execute(&mut trial, a) {
        Ok(_) => trial.dice.generated() - before,
        Err(_) => 0,
    }
}
