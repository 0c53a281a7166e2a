//! The run's dice: a seeded ChaCha8 stream owned by the game state, plus a queue of forced
//! results (the `--dice` flag, physical dice, tests).
//!
//! Dice values and shuffles are derived from the generator's raw 32-bit output with our own
//! rejection sampling and Fisher–Yates, not rand's helpers: ChaCha8's stream is fixed by its
//! specification, so a seed and a list of actions replay the same run on any platform and
//! any later release of this game or of rand.

use ::rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::collections::VecDeque;

/// The seeded dice of one run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Dice {
    #[serde(skip)]
    rng: ChaCha8Rng,
    /// Results still to be used before the generator takes over.
    forced: VecDeque<u8>,
    /// Dice the generator has rolled (forced results and shuffles not counted): how the
    /// table finds out how many physical dice an action needs.
    #[serde(skip)]
    generated: u64,
}

impl Dice {
    /// Dice for `seed`, with `forced` results used first (each must be 1..=6).
    pub fn new(seed: u64, forced: impl IntoIterator<Item = u8>) -> Dice {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            forced: forced.into_iter().collect(),
            generated: 0,
        }
    }

    /// Queues a die result to be used by the next roll (physical dice).
    pub fn force(&mut self, value: u8) {
        self.forced.push_back(value.clamp(1, 6));
    }

    /// Forced results not used yet.
    pub fn forced_left(&self) -> usize {
        self.forced.len()
    }

    /// What the next [`Dice::roll`] will return, without rolling.
    pub fn peek(&self) -> u8 {
        match self.forced.front() {
            Some(&v) => v,
            None => d6(&mut self.rng.clone()),
        }
    }

    /// Rolls one d6.
    pub fn roll(&mut self) -> u8 {
        match self.forced.pop_front() {
            Some(v) => v,
            None => {
                self.generated += 1;
                d6(&mut self.rng)
            }
        }
    }

    /// How many dice the generator has rolled so far (not counting forced results).
    pub fn generated(&self) -> u64 {
        self.generated
    }

    /// The next `n` results, without rolling.
    pub fn preview(&self, n: usize) -> Vec<u8> {
        let mut d = self.clone();
        (0..n).map(|_| d.roll()).collect()
    }

    /// The next two results, without rolling (and without allocating).
    pub fn preview_pair(&self) -> (u8, u8) {
        let mut forced = self.forced.iter().copied();
        match (forced.next(), forced.next()) {
            (Some(a), Some(b)) => (a, b),
            (Some(a), None) => (a, d6(&mut self.rng.clone())),
            (None, _) => {
                let mut rng = self.rng.clone();
                let a = d6(&mut rng);
                (a, d6(&mut rng))
            }
        }
    }

    /// The order a shuffle of `items` would produce, without shuffling.
    pub fn peek_shuffle<T: Clone>(&self, items: &[T]) -> Vec<T> {
        let mut v = items.to_vec();
        shuffle(&mut self.rng.clone(), &mut v);
        v
    }

    /// Shuffles `items` in place. Shuffles never use forced results.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        shuffle(&mut self.rng, items);
    }
}

/// A uniform number in `0..n` by rejection sampling (no modulo bias).
fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    let zone = u32::MAX - (u32::MAX % n);
    loop {
        let x = rng.next_u32();
        if x < zone {
            return x % n;
        }
    }
}

fn d6(rng: &mut ChaCha8Rng) -> u8 {
    below(rng, 6) as u8 + 1
}

fn shuffle<T>(rng: &mut ChaCha8Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_results_come_first_then_the_seed() {
        let mut a = Dice::new(7, [6, 1]);
        let mut b = Dice::new(7, []);
        assert_eq!(a.peek(), 6);
        assert_eq!(a.roll(), 6);
        assert_eq!(a.roll(), 1);
        for _ in 0..50 {
            let p = a.peek();
            let r = a.roll();
            assert_eq!(p, r);
            assert_eq!(r, b.roll());
            assert!((1..=6).contains(&r));
        }
    }

    #[test]
    fn the_stream_is_fixed_for_a_seed() {
        // Pinned values: if this changes, old seeds no longer replay the same runs.
        let mut d = Dice::new(42, []);
        let rolls: Vec<u8> = (0..12).map(|_| d.roll()).collect();
        let mut again = Dice::new(42, []);
        let rolls2: Vec<u8> = (0..12).map(|_| again.roll()).collect();
        assert_eq!(rolls, rolls2);
        assert_eq!(rolls, PINNED_SEED_42);
    }

    #[test]
    fn shuffles_are_permutations_and_peekable() {
        let mut d = Dice::new(3, []);
        let items: Vec<u32> = (0..18).collect();
        let peeked = d.peek_shuffle(&items);
        let mut v = items.clone();
        d.shuffle(&mut v);
        assert_eq!(peeked, v);
        let pair = d.preview_pair();
        assert_eq!(vec![pair.0, pair.1], d.preview(2));
        let forced = Dice::new(3, [5]);
        assert_eq!(forced.preview_pair().0, 5);
        assert_eq!(forced.preview(2)[1], forced.preview_pair().1);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, items);
        assert_ne!(v, items);
    }

    const PINNED_SEED_42: [u8; 12] = [4, 4, 5, 1, 3, 3, 5, 4, 1, 3, 3, 4];
}
