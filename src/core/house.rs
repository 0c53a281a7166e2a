//! House rules in the rules core: the rules themselves are card-set vocabulary
//! ([`crate::cards::house`], re-exported here); [`RunOptions`] is how a run is set up.

pub use crate::cards::house::*;

/// How a run is set up beyond its seed: its dice and its house rules (both fixed for the
/// run). A [`DiceMode`] alone is a run without house rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct RunOptions {
    pub dice: super::dice::DiceMode,
    pub rules: HouseRules,
}

impl From<super::dice::DiceMode> for RunOptions {
    fn from(dice: super::dice::DiceMode) -> RunOptions {
        RunOptions {
            dice,
            rules: HouseRules::OFF,
        }
    }
}
