//! Bots: small policies that pick one of the legal actions from what the traveller can see.

use crate::core::{Action, Observation};

/// A deterministic generator for bots' own choices (SplitMix64): independent of the
/// game's dice, and stable across releases.
#[derive(Debug, Clone)]
pub struct BotRng(u64);

impl BotRng {
    pub fn new(seed: u64) -> Self {
        BotRng(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }
    /// A uniform index in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 11) % n as u64) as usize
    }
}

/// SplitMix64's finaliser: spreads a counter or seed over all 64 bits.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A player. It sees only an [`Observation`] (no hidden card) and the legal actions, and
/// returns the index of its choice.
pub trait Policy: Send {
    /// Gets ready for a new run (e.g. plans a route).
    fn start(&mut self, _view: &Observation) {}
    /// What the bot brings to a run of the Guardian's terms (set on the run before it
    /// starts; a bot that does not learn brings nothing and plays learned on the road).
    fn lore(&self) -> crate::core::Lore {
        crate::core::Lore::default()
    }
    /// The run has ended: what it learned may be kept for the next.
    fn end(&mut self, _view: &Observation) {}
    /// Picks one of `actions` (never empty).
    fn choose(&mut self, view: &Observation, actions: &[Action], rng: &mut BotRng) -> usize;
}

/// Uniform over the legal actions (abandoning excluded unless it is the only one).
#[derive(Debug, Clone, Default)]
pub struct RandomBot;

impl Policy for RandomBot {
    fn choose(&mut self, _view: &Observation, actions: &[Action], rng: &mut BotRng) -> usize {
        let n = actions.len();
        if n > 1 && matches!(actions[n - 1], Action::Abandon) {
            rng.below(n - 1)
        } else {
            rng.below(n)
        }
    }
}
