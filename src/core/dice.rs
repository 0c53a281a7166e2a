//! The run's dice: a seeded ChaCha8 stream owned by the game state, plus a queue of forced
//! results (the `--dice` flag, physical dice, tests).
//!
//! Dice values and shuffles are derived from the generator's raw 32-bit output with our own
//! rejection sampling and Fisher–Yates, not rand's helpers: ChaCha8's stream is fixed by its
//! specification, so a seed and a list of actions replay the same run on any platform and
//! any later release of this game or of rand.
//!
//! A run may instead deal its contest dice from a deck ([`DiceMode::Deck`], docs/RULES.md
//! "Dice: rolled or dealt"): each side draws from its own [`SideDeck`] of two halves.

use super::rules::{DECK_FACE_COPIES, DECK_HALF};
use ::rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// How a run's contest dice are made, chosen at the start and fixed for the run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    /// Every die is a seeded d6.
    #[default]
    Rolled,
    /// Duel, test and reroll dice are dealt from each side's deck of results.
    Deck,
}

impl DiceMode {
    /// The mode as players read it: `Dice: rolled (d6)` / `Dice: dealt from a deck`.
    pub fn label(self) -> &'static str {
        match self {
            DiceMode::Rolled => "Dice: rolled (d6)",
            DiceMode::Deck => "Dice: dealt from a deck",
        }
    }

    /// The mode in a few words, for reports: `rolled (d6)` / `dealt from a deck`.
    pub fn words(self) -> &'static str {
        match self {
            DiceMode::Rolled => "rolled (d6)",
            DiceMode::Deck => "dealt from a deck",
        }
    }
}

/// Whose luck a die is: in deck mode each side deals from its own deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The traveller's duel dice, test dice and their rerolls.
    Traveller,
    /// The foes' and the Guardian's duel dice and their rerolls.
    Foe,
}

/// One side's deck of results: two halves, each holding every face
/// [`DECK_FACE_COPIES`] times. Results are dealt from the half in use; when it is spent it
/// is reshuffled and play moves to the other half.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SideDeck {
    halves: [[u8; DECK_HALF]; 2],
    /// The half in use (0 or 1).
    half: u8,
    /// Results already dealt from the half in use.
    dealt: u8,
}

impl SideDeck {
    fn new(rng: &mut ChaCha8Rng) -> SideDeck {
        let mut halves = [fresh_half(), fresh_half()];
        shuffle(rng, &mut halves[0]);
        shuffle(rng, &mut halves[1]);
        SideDeck {
            halves,
            half: 0,
            dealt: 0,
        }
    }

    fn draw(&mut self, rng: &mut ChaCha8Rng) -> u8 {
        let h = self.half as usize;
        let v = self.halves[h][self.dealt as usize];
        self.dealt += 1;
        if self.dealt as usize == DECK_HALF {
            // Spent: shuffle it back together while the other half is in play.
            self.halves[h] = fresh_half();
            shuffle(rng, &mut self.halves[h]);
            self.half ^= 1;
            self.dealt = 0;
        }
        v
    }

    /// The half in use (0 or 1).
    pub fn half(&self) -> u8 {
        self.half
    }

    /// How many results the half in use still holds (1 to 12: a spent half is replaced at
    /// once).
    pub fn left(&self) -> usize {
        DECK_HALF - self.dealt as usize
    }

    /// The faces still in the half in use, lowest first (what a counting player knows;
    /// their order stays hidden).
    pub fn faces_left(&self) -> Vec<u8> {
        let mut v = self.halves[self.half as usize][self.dealt as usize..].to_vec();
        v.sort_unstable();
        v
    }
}

/// A half before shuffling: every face, [`DECK_FACE_COPIES`] times.
fn fresh_half() -> [u8; DECK_HALF] {
    std::array::from_fn(|i| (i / DECK_FACE_COPIES) as u8 + 1)
}

/// Both sides' decks, with their own seeded stream (stream 1 of the run's seed), so the
/// stations are shuffled the same whichever mode the run is in.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DiceDeck {
    #[serde(skip)]
    rng: ChaCha8Rng,
    pub traveller: SideDeck,
    pub foe: SideDeck,
}

impl DiceDeck {
    fn new(seed: u64) -> DiceDeck {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(1);
        let traveller = SideDeck::new(&mut rng);
        let foe = SideDeck::new(&mut rng);
        DiceDeck {
            rng,
            traveller,
            foe,
        }
    }

    // Out of line: a deck's reshuffle needs registers that every rolled die would
    // otherwise save and restore (most runs roll; `roll_for` runs at every die).
    #[cold]
    #[inline(never)]
    fn draw(&mut self, side: Side) -> u8 {
        match side {
            Side::Traveller => self.traveller.draw(&mut self.rng),
            Side::Foe => self.foe.draw(&mut self.rng),
        }
    }

    /// One side's deck.
    pub fn side(&self, side: Side) -> &SideDeck {
        match side {
            Side::Traveller => &self.traveller,
            Side::Foe => &self.foe,
        }
    }
}

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
    /// The decks, in [`DiceMode::Deck`] (absent from rolled runs' snapshots, so saves from
    /// before the option still compare equal).
    #[serde(skip_serializing_if = "Option::is_none")]
    deck: Option<DiceDeck>,
}

impl Dice {
    /// Dice for `seed`, with `forced` results used first (each must be 1..=6).
    pub fn new(seed: u64, forced: impl IntoIterator<Item = u8>) -> Dice {
        Dice::with_mode(seed, forced, DiceMode::Rolled)
    }

    /// [`Dice::new`] in a given mode.
    pub fn with_mode(seed: u64, forced: impl IntoIterator<Item = u8>, mode: DiceMode) -> Dice {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            forced: forced.into_iter().collect(),
            generated: 0,
            deck: (mode == DiceMode::Deck).then(|| DiceDeck::new(seed)),
        }
    }

    /// Rolled or dealt.
    pub fn mode(&self) -> DiceMode {
        if self.deck.is_some() {
            DiceMode::Deck
        } else {
            DiceMode::Rolled
        }
    }

    /// The decks, in deck mode.
    pub fn deck(&self) -> Option<&DiceDeck> {
        self.deck.as_ref()
    }

    /// One side's die: a forced result first, else dealt from that side's deck in deck
    /// mode, else rolled.
    pub fn roll_for(&mut self, side: Side) -> u8 {
        if let Some(v) = self.forced.pop_front() {
            return v;
        }
        match self.deck.as_mut() {
            Some(deck) => {
                self.generated += 1;
                deck.draw(side)
            }
            None => self.roll(),
        }
    }

    /// What the next [`Dice::roll_for`] `side` will give, without drawing.
    pub fn peek_for(&self, side: Side) -> u8 {
        if self.deck.is_none() {
            return self.peek();
        }
        self.clone().roll_for(side)
    }

    /// The next `n` results for `side`, without drawing.
    pub fn preview_for(&self, side: Side, n: usize) -> Vec<u8> {
        if self.deck.is_none() {
            return self.preview(n);
        }
        let mut d = self.clone();
        (0..n).map(|_| d.roll_for(side)).collect()
    }

    /// The next two results, for `a` then `b`, without drawing (the dice of a duel's
    /// exchange).
    pub fn preview_sides(&self, a: Side, b: Side) -> (u8, u8) {
        if self.deck.is_none() {
            return self.preview_pair();
        }
        let mut d = self.clone();
        let first = d.roll_for(a);
        (first, d.roll_for(b))
    }

    /// Queues a die result to be used by the next roll (physical dice).
    pub fn force(&mut self, value: u8) {
        self.forced.push_back(value.clamp(1, 6));
    }

    /// Queues a die result ahead of any already queued: the very next roll gives it (a
    /// trial on a copy of the state, whatever physical dice wait behind it).
    pub fn force_first(&mut self, value: u8) {
        self.forced.push_front(value.clamp(1, 6));
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
        // Only the generator is copied (not the forced queue or the decks): a test's dice
        // are previewed at every roll.
        let mut forced = self.forced.iter().copied();
        let mut rng = self.rng.clone();
        (0..n)
            .map(|_| forced.next().unwrap_or_else(|| d6(&mut rng)))
            .collect()
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

/// [`below`] for a bound known only at run time (a shuffle's): the same draws and the
/// same numbers, with the zone and the remainder from a table up to [`TABLED`]. A hardware
/// division costs as much as the rest of a draw, and a shuffle made two of them per card
/// (a die's constant bound is divided by a multiplication already).
fn below_any(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    let Some(&(zone, m)) = BOUNDS.get(n as usize).filter(|_| n > 1) else {
        return below(rng, n);
    };
    loop {
        let x = rng.next_u32();
        if x < zone {
            return remainder(x, n, m);
        }
    }
}

/// Bounds up to this have their zone and multiplier in [`BOUNDS`].
const TABLED: usize = 64;

/// For each bound `n` in `1..=TABLED`: the zone below which [`below_any`] takes a draw, and
/// the multiplier for [`remainder`] by `n` (0 for `n` = 1, which is not looked up).
static BOUNDS: [(u32, u64); TABLED + 1] = bounds();

const fn bounds() -> [(u32, u64); TABLED + 1] {
    let mut t = [(0, 0); TABLED + 1];
    let mut n = 1;
    while n <= TABLED {
        let d = n as u32;
        t[n] = (
            u32::MAX - (u32::MAX % d),
            (u64::MAX / d as u64).wrapping_add(1),
        );
        n += 1;
    }
    t
}

/// `x % n` without a division, from `m` = `u64::MAX / n + 1`: exact for every 32-bit `x`
/// and `n` (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
fn remainder(x: u32, n: u32, m: u64) -> u32 {
    let low = m.wrapping_mul(u64::from(x));
    ((u128::from(low) * u128::from(n)) >> 64) as u32
}

fn d6(rng: &mut ChaCha8Rng) -> u8 {
    below(rng, 6) as u8 + 1
}

fn shuffle<T>(rng: &mut ChaCha8Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below_any(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test's dice read, change and serialise as the list they stand for; a count past
    /// the most a test rolls is held to it.
    #[test]
    fn test_dice_are_a_short_list() {
        let mut d = TestDice::unrolled(2);
        assert_eq!(&*d, &[0, 0]);
        d[1] = 5;
        assert_eq!(serde_json::to_string(&d).unwrap(), "[0,5]");
        assert_eq!(format!("{d:?}"), "[0, 5]");
        assert_eq!(TestDice::from([4]).iter().sum::<u8>(), 4);
        assert!(TestDice::default().is_empty());
        assert_eq!(TestDice::unrolled(7).len(), crate::numbers::TEST_DICE_MAX);
    }

    #[test]
    fn the_tabled_remainder_is_the_remainder() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let edges = [0, 1, 2, 63, 64, 65, u32::MAX / 2, u32::MAX - 1, u32::MAX];
        for n in 2..=TABLED as u32 {
            let (zone, m) = BOUNDS[n as usize];
            assert_eq!(zone, u32::MAX - (u32::MAX % n), "zone of {n}");
            let near = [n - 1, n, n + 1, zone - 1, zone];
            for x in edges
                .into_iter()
                .chain(near)
                .chain((0..20_000).map(|_| rng.next_u32()))
            {
                assert_eq!(remainder(x, n, m), x % n, "{x} % {n}");
            }
        }
        assert_eq!(BOUNDS[1], (u32::MAX, 0), "1 divides with no multiplier");
    }

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

    #[test]
    fn a_preview_is_the_rolls_to_come() {
        for mode in [DiceMode::Rolled, DiceMode::Deck] {
            let d = Dice::with_mode(9, [5, 2], mode);
            let (seen, tested) = (d.preview(8), d.preview_for(Side::Traveller, 8));
            let (mut a, mut b) = (d.clone(), d);
            assert_eq!(seen, (0..8).map(|_| a.roll()).collect::<Vec<u8>>());
            let dealt: Vec<u8> = (0..8).map(|_| b.roll_for(Side::Traveller)).collect();
            assert_eq!(tested, dealt);
        }
    }

    const PINNED_SEED_42: [u8; 12] = [4, 4, 5, 1, 3, 3, 5, 4, 1, 3, 3, 4];
}

/// The natural values of a Pit test's dice, at most [`crate::numbers::TEST_DICE_MAX`],
/// held inline: a test roll allocates nothing, and an event carrying one owns nothing to
/// free. Reads as a slice of values; serialises as a list of them.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct TestDice {
    /// The values; those past `len` are always 0.
    vals: [u8; crate::numbers::TEST_DICE_MAX],
    len: u8,
}

impl TestDice {
    /// `n` dice not yet rolled (0 each), at most [`crate::numbers::TEST_DICE_MAX`].
    pub fn unrolled(n: usize) -> TestDice {
        TestDice {
            vals: [0; crate::numbers::TEST_DICE_MAX],
            len: n.min(crate::numbers::TEST_DICE_MAX) as u8,
        }
    }
}

impl<const N: usize> From<[u8; N]> for TestDice {
    fn from(vals: [u8; N]) -> TestDice {
        const { assert!(N <= crate::numbers::TEST_DICE_MAX) };
        let mut d = TestDice::unrolled(N);
        d.copy_from_slice(&vals);
        d
    }
}

impl std::ops::Deref for TestDice {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.vals[..usize::from(self.len)]
    }
}

impl std::ops::DerefMut for TestDice {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.vals[..usize::from(self.len)]
    }
}

impl std::fmt::Debug for TestDice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl serde::Serialize for TestDice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}
