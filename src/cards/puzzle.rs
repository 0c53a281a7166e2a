//! The Guardian's puzzle as small numbers: every card that can matter to a requirement or
//! seal (a *piece*), where it lies, what it asks before it joins, who may carry it, and
//! each entry's condition compiled over pieces. Built once with the [`CardSet`]; the rules
//! core's planner (`core::plan`) searches over it with bit masks, so judging the terms on
//! every step of a run touches no strings and allocates nothing.
//!
//! The pieces are the closure of what the entries name: the cards a condition holds,
//! follows or carries; what a joining card asks to be shown or given; every card that
//! could carry a piece (a companion who agrees to carry it, one who joins when given it);
//! and every foe that ends the run when met without its price (unbeatable, with no toll),
//! together with what it asks.

use super::model::{Condition, Join, SlotKind, StationType};
use super::set::{CardRef, CardSet};
use crate::numbers::SLOTS;

/// At most this many pieces are planned (masks are `u16`); a set with more is not judged
/// (every entry stays open until a named piece is gone) and the validator says so.
pub const MAX_PIECES: usize = 16;
/// At most this many requirements and seals are judged together (a set of met-masks is
/// 256 bits).
pub const MAX_ENTRIES: usize = 8;
/// At most this many Domains (visited sets are `u64`).
pub const MAX_DOMAINS: usize = 64;
/// "No piece", where a piece index is optional.
pub const NO_PIECE: u8 = u8::MAX;

/// One piece of the puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    pub card: CardRef,
    /// The Domain whose deck holds it (`None`: no Domain does).
    pub home: Option<u8>,
    pub role: Role,
}

/// What the traveller can do with a piece when it is met.
#[derive(Debug, Clone, PartialEq)]
pub enum Role {
    /// An Item or Equipment: taken into a slot of this kind.
    Holdable(SlotKind),
    /// A companion, or a foe that may join or bars the way.
    Joiner {
        /// The ways to join it (or, for a gate, to pass it), each with its price.
        ways: Vec<Way>,
        /// Met without a way paid, it ends the run (an unbeatable foe with no toll).
        gate: bool,
        /// The pieces it agrees to carry once it follows (mask).
        carries: u16,
    },
    /// Neither held nor followed: a condition that names it cannot be met.
    Inert,
}

/// One way to win a joiner over (or past a gate).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Way {
    /// The piece it asks for ([`NO_PIECE`]: nothing, it joins at once).
    pub price: u8,
    /// The price is handed over (it then carries it, or keeps it if it does not join).
    pub gives: bool,
    /// The card joins the traveller.
    pub joins: bool,
}

/// An entry's condition over pieces.
#[derive(Debug, Clone, PartialEq)]
pub enum Test {
    /// The piece is in a slot or carried.
    Held(u8),
    /// The joiner follows.
    Follows(u8),
    /// The joiner follows and carries the piece.
    Carries {
        by: u8,
        piece: u8,
    },
    /// The Domain (by index) was cleared in the run.
    Cleared(u8),
    /// Not decided by the route (Resolve, Health, Snares, a foe's tag): either way.
    Free,
    /// Names a card no Domain can give in that way.
    Never,
    Not(Box<Test>),
    All(Vec<Test>),
    Any(Vec<Test>),
}

/// The Guardian's puzzle of a card set.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Puzzle {
    pub pieces: Vec<Piece>,
    /// Each entry's condition, in entry order.
    pub tests: Vec<Test>,
    /// Per Domain: the pieces its deck holds.
    pub homes: Vec<u16>,
    /// Per Domain: the Domains it links to (sideways or up).
    pub links: Vec<u64>,
    pub start: u8,
    pub final_domain: u8,
    /// The pieces of each slot kind: Items, then Equipment.
    pub kinds: [u16; 2],
    /// Per Station card (by index): its piece index, or [`NO_PIECE`].
    pub piece_index: Vec<u8>,
    /// The pieces no Domain holds.
    pub nowhere: u16,
    /// How many cards of one kind the traveller can hold.
    pub slots: u8,
    /// Whether the set is small enough to be judged (see [`MAX_PIECES`]).
    pub plannable: bool,
    /// A digest of everything above: equal puzzles share cached answers.
    pub fingerprint: u64,
}

impl Puzzle {
    /// The slot mask index of a kind.
    pub fn kind_index(kind: SlotKind) -> usize {
        match kind {
            SlotKind::Item => 0,
            SlotKind::Equipment => 1,
        }
    }

    /// The piece index of a card, if it is a piece.
    pub fn piece_of(&self, card: CardRef) -> Option<u8> {
        self.piece_index
            .get(usize::from(card.index))
            .copied()
            .filter(|&p| p != NO_PIECE)
    }

    /// Builds the puzzle of a set.
    pub fn build(set: &CardSet) -> Puzzle {
        let cards = collect_pieces(set);
        let plannable = beyond_limits(cards.len(), set.entry_count(), set.domains.len()).is_none();
        let index = |c: CardRef| -> u8 {
            cards
                .iter()
                .position(|x| *x == c)
                .and_then(|i| u8::try_from(i).ok())
                .unwrap_or(NO_PIECE)
        };
        let home_of = |c: CardRef| -> Option<u8> {
            set.domains
                .iter()
                .position(|d| d.stations.contains(&c))
                .and_then(|i| u8::try_from(i).ok())
        };
        let mut kinds = [0u16; 2];
        let mut pieces = Vec::with_capacity(cards.len());
        for (i, &c) in cards.iter().enumerate() {
            let role = role_of(set, c, &index);
            if let Role::Holdable(kind) = role
                && i < MAX_PIECES
            {
                kinds[Self::kind_index(kind)] |= 1 << i;
            }
            pieces.push(Piece {
                card: c,
                home: home_of(c),
                role,
            });
        }
        let mut homes = vec![0u16; set.domains.len()];
        let mut nowhere = 0u16;
        for (i, p) in pieces.iter().enumerate().take(MAX_PIECES) {
            match p.home {
                Some(h) => homes[usize::from(h)] |= 1 << i,
                None => nowhere |= 1 << i,
            }
        }
        let links = set
            .domains
            .iter()
            .map(|d| {
                d.links
                    .iter()
                    .filter(|l| usize::from(l.index) < MAX_DOMAINS)
                    .fold(0u64, |m, l| m | 1 << l.index)
            })
            .collect();
        let mut piece_index = vec![NO_PIECE; set.cards.len()];
        for (i, p) in pieces.iter().enumerate().take(MAX_PIECES) {
            piece_index[usize::from(p.card.index)] = i as u8;
        }
        let tests = set
            .entries()
            .map(|e| compile(set, &e.broken_by, &index))
            .collect();
        let mut puzzle = Puzzle {
            pieces,
            tests,
            homes,
            links,
            start: set.start.index,
            final_domain: set.final_domain.index,
            kinds,
            piece_index,
            nowhere,
            slots: SLOTS as u8,
            plannable,
            fingerprint: 0,
        };
        puzzle.fingerprint = puzzle.digest();
        puzzle
    }

    /// FNV-1a over the puzzle's own debug text: stable for equal puzzles, different for
    /// any change the planner could see.
    fn digest(&self) -> u64 {
        let text = format!(
            "{:?}{:?}{:?}{:?}{}{}{:?}{}{}",
            self.pieces
                .iter()
                .map(|p| (p.card.index, p.home, &p.role))
                .collect::<Vec<_>>(),
            self.tests,
            self.homes,
            self.links,
            self.start,
            self.final_domain,
            self.kinds,
            self.slots,
            self.plannable
        );
        text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    }
}

/// Why a set's terms cannot be judged, in a designer's words (`None`: they can).
pub fn unplannable(set: &CardSet) -> Option<String> {
    beyond_limits(
        collect_pieces(set).len(),
        set.entry_count(),
        set.domains.len(),
    )
}

fn beyond_limits(pieces: usize, entries: usize, domains: usize) -> Option<String> {
    let tail = "so the table cannot tell when a term goes out of reach (each stays \"open\" \
                until a card it names is gone) and the planner bots go as greedy does";
    if pieces > MAX_PIECES {
        Some(format!(
            "the Guardian's terms name {pieces} cards, with the cards their prices name; at \
             most {MAX_PIECES} can be judged, {tail}"
        ))
    } else if entries > MAX_ENTRIES {
        Some(format!(
            "the Guardian has {entries} requirements and seals; at most {MAX_ENTRIES} can be \
             judged, {tail}"
        ))
    } else if domains > MAX_DOMAINS {
        Some(format!(
            "the map has {domains} Domains; at most {MAX_DOMAINS} can be judged, {tail}"
        ))
    } else {
        None
    }
}

/// Every piece, in the order first named (entries in order, then prices, carriers and
/// gates), without repeats.
fn collect_pieces(set: &CardSet) -> Vec<CardRef> {
    let mut out: Vec<CardRef> = Vec::new();
    let push = |out: &mut Vec<CardRef>, c: Option<CardRef>| {
        if let Some(c) = c
            && !out.contains(&c)
        {
            out.push(c);
        }
    };
    for e in set.entries() {
        let mut ids = Vec::new();
        e.broken_by.card_ids(&mut ids);
        for id in ids {
            push(&mut out, set.card_by_str(id));
        }
    }
    for c in set.card_refs() {
        if is_gate(set, c) {
            push(&mut out, Some(c));
        }
    }
    // Prices of the joiners, and every card that could carry a piece, to a fixed point.
    loop {
        let before = out.len();
        for i in 0..out.len() {
            for price in prices(set, out[i]) {
                push(&mut out, set.card_by_str(price));
            }
        }
        for c in set.card_refs() {
            if out.contains(&c) {
                continue;
            }
            let card = set.card(c);
            let carries_one = card
                .carries
                .iter()
                .any(|id| set.card_ref(id).is_some_and(|r| out.contains(&r)));
            let takes_one = joining_gifts(set, c)
                .into_iter()
                .any(|id| set.card_by_str(id).is_some_and(|r| out.contains(&r)));
            if carries_one || takes_one {
                out.push(c);
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

/// A foe that ends the run when met without a passage paid: unbeatable, with no toll.
fn is_gate(set: &CardSet, c: CardRef) -> bool {
    let card = set.card(c);
    card.card_type == StationType::Foe && card.unbeatable && card.toll.is_none()
}

/// What a card asks before it joins (or, for a gate, lets the traveller by): ids.
fn prices(set: &CardSet, c: CardRef) -> Vec<&str> {
    let card = set.card(c);
    let gate = is_gate(set, c);
    let mut out = Vec::new();
    if card.card_type == StationType::Companion {
        match &card.join {
            Some(Join::Show(x) | Join::Give(x)) => out.push(x.0.as_str()),
            None => {}
        }
    }
    if card.card_type == StationType::Foe {
        for p in card.passage.iter().filter(|p| p.joins || gate) {
            out.extend(p.show.iter().chain(&p.give).map(|x| x.0.as_str()));
        }
    }
    out
}

/// The cards a joiner takes into its keeping when it joins.
fn joining_gifts(set: &CardSet, c: CardRef) -> Vec<&str> {
    let card = set.card(c);
    let mut out = Vec::new();
    if card.card_type == StationType::Companion
        && let Some(Join::Give(x)) = &card.join
    {
        out.push(x.0.as_str());
    }
    if card.card_type == StationType::Foe {
        for p in card.passage.iter().filter(|p| p.joins) {
            out.extend(p.give.iter().map(|x| x.0.as_str()));
        }
    }
    out
}

fn role_of(set: &CardSet, c: CardRef, index: &impl Fn(CardRef) -> u8) -> Role {
    let card = set.card(c);
    let piece = |id: &str| set.card_by_str(id).map_or(NO_PIECE, index);
    let carries = card
        .carries
        .iter()
        .filter_map(|id| set.card_ref(id))
        .map(index)
        .filter(|&i| usize::from(i) < MAX_PIECES)
        .fold(0u16, |m, i| m | 1 << i);
    match card.card_type {
        StationType::Item => Role::Holdable(SlotKind::Item),
        StationType::Equipment => Role::Holdable(SlotKind::Equipment),
        StationType::Companion => {
            let way = match &card.join {
                None => Way {
                    price: NO_PIECE,
                    gives: false,
                    joins: true,
                },
                Some(Join::Show(x)) => Way {
                    price: piece(&x.0),
                    gives: false,
                    joins: true,
                },
                Some(Join::Give(x)) => Way {
                    price: piece(&x.0),
                    gives: true,
                    joins: true,
                },
            };
            Role::Joiner {
                ways: vec![way],
                gate: false,
                carries,
            }
        }
        StationType::Foe => {
            let gate = is_gate(set, c);
            let mut ways = Vec::new();
            for p in card.passage.iter().filter(|p| p.joins || gate) {
                // A passage asks for what it names; one that names nothing is never offered.
                if let Some(x) = &p.show {
                    ways.push(Way {
                        price: piece(&x.0),
                        gives: false,
                        joins: p.joins,
                    });
                }
                if let Some(x) = &p.give {
                    ways.push(Way {
                        price: piece(&x.0),
                        gives: true,
                        joins: p.joins,
                    });
                }
            }
            Role::Joiner {
                ways,
                gate,
                carries,
            }
        }
        _ => Role::Inert,
    }
}

fn compile(set: &CardSet, cond: &Condition, index: &impl Fn(CardRef) -> u8) -> Test {
    let piece = |id: &str| {
        set.card_by_str(id)
            .map(index)
            .filter(|&i| usize::from(i) < MAX_PIECES)
    };
    match cond {
        Condition::Holds(id) => piece(&id.0).map_or(Test::Never, Test::Held),
        Condition::Follows(id) => piece(&id.0).map_or(Test::Never, Test::Follows),
        Condition::Carries(c) => match (piece(&c.companion.0), piece(&c.card.0)) {
            (Some(by), Some(piece)) => Test::Carries { by, piece },
            _ => Test::Never,
        },
        Condition::Cleared(id) => set
            .domain_ref(id)
            .filter(|d| usize::from(d.index) < MAX_DOMAINS)
            .map_or(Test::Never, |d| Test::Cleared(d.index)),
        Condition::Not(c) => Test::Not(Box::new(compile(set, c, index))),
        Condition::All(cs) => Test::All(cs.iter().map(|c| compile(set, c, index)).collect()),
        Condition::Any(cs) => Test::Any(cs.iter().map(|c| compile(set, c, index)).collect()),
        Condition::ResolveAtLeast(_)
        | Condition::DreadAtLeast(_)
        | Condition::HealthAtLeast(_)
        | Condition::HealthAtMost(_)
        | Condition::FoeTag(_)
        | Condition::SnaresAtLeast(_) => Test::Free,
    }
}
