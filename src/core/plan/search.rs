//! The exact search behind the planner: from a position (where the traveller stands, the
//! Domains cleared, where every piece is), every route to the final Domain and every way
//! of meeting the pieces on it, as the rules allow them. Its answer is the set of
//! requirement-and-seal combinations ([`MaskSet`]) that some route can still meet
//! together.
//!
//! What the search assumes (the rules' possibilities, not their odds): every card of a
//! Domain on the route is met, in any order the traveller likes; every fight and test can
//! be won and every toll paid; a card can be taken (into a free slot, or in place of a held
//! one), declined or left; a joiner joins only by a way whose price is held when it is met
//! (a gift then rides with it); a following companion can be handed the cards it agrees to
//! carry between meetings; a gate (an unbeatable foe with no toll) met without a way paid
//! ends the run. Nothing else (Health, Resolve, Snares) is decided by the route, so a term
//! that asks for it may go either way.

use crate::cards::puzzle::{NO_PIECE, Puzzle, Role, Test, Way};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// A position of the puzzle: everything the route ahead depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    /// Domains cleared, or being cleared (bit per Domain index).
    pub visited: u64,
    /// The Domain the traveller is in, or has just cleared.
    pub at: u8,
    /// The piece whose offer is open right now ([`NO_PIECE`]: none): it is met first.
    pub meeting: u8,
    /// Pieces of `at` still to be met.
    pub here: u16,
    /// Pieces already met, or out of play (held, following, gone).
    pub met: u16,
    /// Pieces in a slot.
    pub slot: u16,
    /// Pieces a companion carries.
    pub carry: u16,
    /// Joiners who follow.
    pub follow: u16,
    /// Four bits per piece: the joiner carrying it.
    pub carrier: u64,
}

impl std::hash::Hash for Node {
    /// Four words, each mixed once: the cache and the memo hash millions of positions.
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let a = u64::from(self.at)
            | u64::from(self.meeting) << 8
            | u64::from(self.here) << 16
            | u64::from(self.met) << 32
            | u64::from(self.slot) << 48;
        let b = u64::from(self.carry) | u64::from(self.follow) << 16;
        h.write_u64(self.visited);
        h.write_u64(a);
        h.write_u64(b);
        h.write_u64(self.carrier);
    }
}

/// A hasher for whole words: one rotate, xor and multiply each (the positions are
/// the game's own, never hostile).
#[derive(Default, Clone, Copy)]
pub struct WordHasher(u64);

impl std::hash::Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u64(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Maps keyed by positions.
pub type Words = BuildHasherDefault<WordHasher>;

impl Node {
    pub fn held(&self) -> u16 {
        self.slot | self.carry
    }

    pub fn carrier_of(&self, piece: u8) -> u8 {
        ((self.carrier >> (4 * u32::from(piece))) & 0xF) as u8
    }

    fn set_carrier(&mut self, piece: u8, by: u8) {
        let shift = 4 * u32::from(piece);
        self.carrier = (self.carrier & !(0xF << shift)) | (u64::from(by & 0xF) << shift);
    }

    /// The piece handed over, out of the slots and any companion's hands.
    fn hand_over(&mut self, piece: u8) {
        let bit = 1u16 << piece;
        self.slot &= !bit;
        self.carry &= !bit;
        self.set_carrier(piece, 0);
    }

    fn carried_by(&mut self, piece: u8, by: u8) {
        self.hand_over(piece);
        self.carry |= 1 << piece;
        self.set_carrier(piece, by);
    }
}

/// A set of entry masks (bit i of a mask: entry i met), 256 bits: which combinations of
/// requirements and seals some route can meet together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct MaskSet([u64; 4]);

impl MaskSet {
    pub const EMPTY: MaskSet = MaskSet([0; 4]);

    pub fn single(mask: u8) -> MaskSet {
        let mut s = MaskSet::EMPTY;
        s.0[usize::from(mask >> 6)] |= 1 << (mask & 63);
        s
    }

    pub fn union(self, other: MaskSet) -> MaskSet {
        let mut s = self;
        for (a, b) in s.0.iter_mut().zip(other.0) {
            *a |= b;
        }
        s
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// Whether some mask of the set holds every entry of `want`. Mask `m` is bit `m % 64`
    /// of word `m / 64`: a word whose index holds `want`'s top two bits qualifies when one
    /// of its bits at a position holding `want`'s low six bits is set (a word-wide test
    /// rather than a walk over the masks: every step that moves a piece asks).
    pub fn covers(&self, want: u8) -> bool {
        let (low, high) = (want & 63, usize::from(want >> 6));
        let at = supersets_of(low);
        self.0
            .iter()
            .enumerate()
            .any(|(w, word)| w & high == high && word & at != 0)
    }
}

impl MaskSet {
    /// The entries some mask of the set holds, each on its own: bit i set exactly when
    /// `covers(1 << i)`. One pass over the words answers every entry at once (the
    /// planner asks it of every entry after every step that moves a piece).
    pub fn reachable(&self) -> u8 {
        let [w0, w1, w2, w3] = self.0;
        let any = w0 | w1 | w2 | w3;
        let mut out = 0u8;
        for (b, with) in POSITIONS_WITH.iter().enumerate() {
            out |= u8::from(any & with != 0) << b;
        }
        // Bits 6 and 7 of a mask pick its word.
        out |= u8::from(w1 | w3 != 0) << 6;
        out |= u8::from(w2 | w3 != 0) << 7;
        out
    }
}

/// Bit i of `POSITIONS_WITH[b]` is set when position i has bit b.
const POSITIONS_WITH: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// The bit positions 0..64 that hold every bit of `low` (a 6-bit mask), as a word.
fn supersets_of(low: u8) -> u64 {
    POSITIONS_WITH
        .iter()
        .enumerate()
        .filter(|(b, _)| low & (1 << b) != 0)
        .fold(u64::MAX, |at, (_, with)| at & with)
}

/// What may be waived in a search, to tell why an entry is out of reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Relax {
    /// Joiners that join without their price.
    pub free: u16,
    /// Slots without limit.
    pub roomy: bool,
}

/// One step of a route, for the words and the bots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// The piece, in a slot, is handed to a following companion who carries it.
    Carry { piece: u8, by: u8 },
    /// The piece is taken (in place of `out`, when not [`NO_PIECE`]).
    Take { piece: u8, out: u8 },
    /// The piece is left (declined, fought, passed by).
    Leave { piece: u8 },
    /// The joiner joins, or a gate lets the traveller by, by this way.
    Win { piece: u8, way: Way },
    /// The traveller goes on to this Domain.
    Enter { domain: u8 },
}

/// What a move costs a route: a Domain entered is a row of cards to survive.
fn step_cost(m: &Move) -> u8 {
    u8::from(matches!(m, Move::Enter { .. }))
}

/// The fewest Domains to an end meeting a set of entries, by position and set.
pub type Distances = HashMap<(Node, u8), u8, Words>;

/// Answers by position.
pub type Memo = HashMap<Node, MaskSet, Words>;

/// One search over a puzzle, with a memo of answers by position (which may be kept and
/// lent to the next search of the same puzzle and relaxation: answers never change).
pub struct Search<'p, 'm> {
    pz: &'p Puzzle,
    relax: Relax,
    memo: &'m mut Memo,
}

impl<'p, 'm> Search<'p, 'm> {
    pub fn new(pz: &'p Puzzle, relax: Relax, memo: &'m mut Memo) -> Self {
        Search { pz, relax, memo }
    }

    /// Every combination of entries some route from `n` can meet together.
    pub fn answer(&mut self, n: Node) -> MaskSet {
        if let Some(m) = self.memo.get(&n) {
            return *m;
        }
        let mut out = MaskSet::EMPTY;
        if self.is_end(&n) {
            out = MaskSet::single(self.judge(&n));
        }
        let mut moves = Vec::new();
        self.moves(&n, &mut moves);
        for (_, child) in moves {
            out = out.union(self.answer(child));
        }
        self.memo.insert(n, out);
        out
    }

    /// The shortest route from `n` (fewest Domains entered: each is a row of cards to
    /// survive) whose end meets every entry of `want`, as its moves in order.
    /// `far` keeps the distances found, by position and `want`, for the next witness of
    /// the same puzzle (they never change).
    pub fn witness(&mut self, n: Node, want: u8, far: &mut Distances) -> Option<Vec<Move>> {
        if !self.answer(n).covers(want) {
            return None;
        }
        let mut path = Vec::new();
        let mut at = n;
        loop {
            if self.is_end(&at) && self.judge(&at) & want == want {
                return Some(path);
            }
            let mut moves = Vec::new();
            self.moves(&at, &mut moves);
            let mut best: Option<(u8, Move, Node)> = None;
            for (m, next) in moves {
                if !self.answer(next).covers(want) {
                    continue;
                }
                let d = step_cost(&m).saturating_add(self.distance(next, want, far));
                if best.is_none_or(|(b, _, _)| d < b) {
                    best = Some((d, m, next));
                }
            }
            let (_, m, next) = best?;
            path.push(m);
            at = next;
        }
    }

    /// The fewest Domains entered from `n` to an end meeting `want` (`n` must cover it).
    fn distance(&mut self, n: Node, want: u8, far: &mut Distances) -> u8 {
        if self.is_end(&n) && self.judge(&n) & want == want {
            return 0;
        }
        if let Some(d) = far.get(&(n, want)) {
            return *d;
        }
        let mut moves = Vec::new();
        self.moves(&n, &mut moves);
        let mut best = u8::MAX;
        for (m, next) in moves {
            if self.answer(next).covers(want) {
                let d = step_cost(&m).saturating_add(self.distance(next, want, far));
                best = best.min(d);
            }
        }
        far.insert((n, want), best);
        best
    }

    /// The run reaches the Guardian here (every card of the final Domain met).
    fn is_end(&self, n: &Node) -> bool {
        n.at == self.pz.final_domain && n.meeting == NO_PIECE && n.here == 0
    }

    /// The entries met at the end, as a mask.
    pub fn judge(&self, n: &Node) -> u8 {
        self.pz
            .tests
            .iter()
            .enumerate()
            .filter(|(_, t)| value(t, n).0)
            .fold(0u8, |m, (i, _)| m | 1 << i)
    }

    /// Every move from `n`, with the position it leads to.
    pub fn moves(&self, n: &Node, out: &mut Vec<(Move, Node)>) {
        if n.meeting != NO_PIECE {
            let mut rest = *n;
            rest.meeting = NO_PIECE;
            self.meet(&rest, n.meeting, out);
            return;
        }
        self.carries(n, out);
        if n.here != 0 {
            for p in bits(n.here) {
                let mut rest = *n;
                rest.here &= !(1 << p);
                self.meet(&rest, p, out);
            }
        } else if n.at != self.pz.final_domain {
            let links = self.pz.links.get(usize::from(n.at)).copied().unwrap_or(0);
            for d in bits64(links & !n.visited) {
                let mut next = *n;
                next.at = d;
                next.visited |= 1 << d;
                next.here = self.pz.homes.get(usize::from(d)).copied().unwrap_or(0) & !n.met;
                out.push((Move::Enter { domain: d }, next));
            }
        }
    }

    /// Handing a card in a slot to a following companion who agrees to carry it.
    fn carries(&self, n: &Node, out: &mut Vec<(Move, Node)>) {
        for by in bits(n.follow) {
            let Role::Joiner { carries, .. } = &self.pz.pieces[usize::from(by)].role else {
                continue;
            };
            for piece in bits(n.slot & carries) {
                let mut next = *n;
                next.carried_by(piece, by);
                out.push((Move::Carry { piece, by }, next));
            }
        }
    }

    /// Meeting piece `p` (already out of `here`): what the traveller can make of it.
    fn meet(&self, n: &Node, p: u8, out: &mut Vec<(Move, Node)>) {
        let mut after = *n;
        after.met |= 1 << p;
        match &self.pz.pieces[usize::from(p)].role {
            Role::Holdable(kind) => {
                out.push((Move::Leave { piece: p }, after));
                let same = n.slot & self.pz.kinds[Puzzle::kind_index(*kind)];
                if self.relax.roomy || same.count_ones() < u32::from(self.pz.slots) {
                    let mut took = after;
                    took.slot |= 1 << p;
                    out.push((
                        Move::Take {
                            piece: p,
                            out: NO_PIECE,
                        },
                        took,
                    ));
                } else {
                    for q in bits(same) {
                        let mut took = after;
                        took.slot = (took.slot & !(1 << q)) | 1 << p;
                        out.push((Move::Take { piece: p, out: q }, took));
                    }
                }
            }
            Role::Joiner { ways, gate, .. } => {
                if !gate {
                    out.push((Move::Leave { piece: p }, after));
                }
                let free = self.relax.free & (1 << p) != 0;
                for way in ways {
                    let priced = way.price != NO_PIECE && !free;
                    if priced && n.held() & (1 << way.price) == 0 {
                        continue;
                    }
                    let mut won = after;
                    if priced && way.gives {
                        if way.joins {
                            won.carried_by(way.price, p);
                        } else {
                            won.hand_over(way.price);
                        }
                    }
                    if way.joins {
                        won.follow |= 1 << p;
                    }
                    out.push((
                        Move::Win {
                            piece: p,
                            way: *way,
                        },
                        won,
                    ));
                }
                if free && ways.is_empty() {
                    let mut won = after;
                    won.follow |= 1 << p;
                    let way = Way {
                        price: NO_PIECE,
                        gives: false,
                        joins: true,
                    };
                    out.push((Move::Win { piece: p, way }, won));
                }
            }
            Role::Inert => out.push((Move::Leave { piece: p }, after)),
        }
    }
}

/// Whether a test can be true, and whether it can be false, at the end position `n`.
pub fn value(t: &Test, n: &Node) -> (bool, bool) {
    let bit = |mask: u16, p: u8| mask & (1 << p) != 0;
    let fixed = |b: bool| (b, !b);
    match t {
        Test::Held(p) => fixed(bit(n.held(), *p)),
        Test::Follows(p) => fixed(bit(n.follow, *p)),
        Test::Carries { by, piece } => {
            fixed(bit(n.follow, *by) && bit(n.carry, *piece) && n.carrier_of(*piece) == *by)
        }
        Test::Cleared(d) => fixed(n.visited & (1 << d) != 0),
        Test::Free => (true, true),
        Test::Never => (false, true),
        Test::Not(t) => {
            let (a, b) = value(t, n);
            (b, a)
        }
        Test::All(ts) => ts.iter().fold((true, false), |(t, f), x| {
            let (a, b) = value(x, n);
            (t && a, f || b)
        }),
        Test::Any(ts) => ts.iter().fold((false, true), |(t, f), x| {
            let (a, b) = value(x, n);
            (t || a, f && b)
        }),
    }
}

/// The set bits of a mask, lowest first.
pub fn bits(mask: u16) -> impl Iterator<Item = u8> {
    bits64(u64::from(mask))
}

fn bits64(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let b = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(b)
    })
}

#[cfg(test)]
mod tests {
    use super::MaskSet;

    /// `covers` agrees with a walk over every mask of the set, and `reachable` with
    /// `covers` of each entry alone, for sets of every density.
    #[test]
    fn covers_agrees_with_a_walk_over_the_masks() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..2000 {
            let mut set = MaskSet::EMPTY;
            let mut masks = Vec::new();
            for _ in 0..(round % 40) {
                let m = (next() & 0xFF) as u8;
                set = set.union(MaskSet::single(m));
                masks.push(m);
            }
            for want in 0..=255u8 {
                let walk = masks.iter().any(|m| m & want == want);
                assert_eq!(set.covers(want), walk, "want {want:#010b} in {masks:?}");
            }
            let singles = (0..8).fold(0u8, |r, i| r | u8::from(set.covers(1 << i)) << i);
            assert_eq!(set.reachable(), singles, "{masks:?}");
        }
    }
}
