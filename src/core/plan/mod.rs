//! Where the Guardian's puzzle stands, judged exactly: for each requirement or seal,
//! whether it is met now, can still be met on some route from here (`open`), or cannot
//! (`lost`); and whether one route can still meet every entry not lost (`together`).
//!
//! The judgement is a search over every route ahead ([`search`]): the Domains by the map's
//! links, in the order a route visits them, each piece at its home, with its price (a
//! companion who joins only when shown a card needs that card held when met; a card that
//! must be carried needs its bearer and the card together), the slots' room, and the pieces
//! already held, following, carried or gone. What it assumes is written in `search.rs`.
//!
//! It runs on every step that can move a piece or a way, so its answers are kept per
//! position (the Domain, the Domains cleared, where each piece is) in a cache of this
//! thread, shared by every run of the same puzzle: a run's later steps and the next run's
//! same positions cost a lookup. The cache holds pure answers, so it changes nothing a
//! run does. Whether a choice *would* break an entry is [`super::consequence::breaks`]'s,
//! which plays it on a copy and asks here.

mod gap;
pub mod search;
#[cfg(test)]
mod tests;

pub use gap::Gap;

use super::event::Event;
use super::legal::holds;
use super::lore;
use super::state::{Phase, State};
use crate::cards::puzzle::{NO_PIECE, Puzzle, Role};
use crate::cards::{CardRef, DomainRef};
use search::{Distances, MaskSet, Memo, Move, Node, Relax, Search, Words, bits};
use serde::Serialize;
use std::cell::RefCell;
use std::collections::HashMap;

/// Where one of the Guardian's requirements or seals stands now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TermStatus {
    /// Its terms hold right now, as the Guardian's reveal would judge them.
    Met,
    /// Not met, but some route from here can still meet it.
    Open,
    /// No route from here can meet it: a piece is gone, or no route reaches the pieces in
    /// the order their prices ask.
    Lost,
    /// The traveller does not know its terms yet (the traveller's view only: see
    /// [`known_status`]).
    Unknown,
}

impl TermStatus {
    /// The name used in the protocol and files.
    pub fn as_str(self) -> &'static str {
        match self {
            TermStatus::Met => "met",
            TermStatus::Open => "open",
            TermStatus::Lost => "lost",
            TermStatus::Unknown => "unknown",
        }
    }
}

/// Positions kept per puzzle before its memo is emptied and starts again (some tens of
/// megabytes).
const MEMO_LIMIT: usize = 1 << 20;
/// Puzzles (with their relaxations) whose memos are kept at once: a compare plays two.
const MEMOS: usize = 8;

thread_local! {
    /// Each puzzle's (by fingerprint) and relaxation's memo: a short list, looked through
    /// rather than hashed (the planner asks here several times a step).
    static MEMOS_KEPT: RefCell<Vec<(u64, Relax, Memo)>> = const { RefCell::new(Vec::new()) };
    /// The witnesses' distances, by puzzle (the bots ask for a route at every crossroads).
    static DISTANCES_KEPT: RefCell<HashMap<u64, Distances, Words>> = RefCell::new(HashMap::default());
}

/// The shortest route from `n` meeting `want` ([`Search::witness`]), with this thread's
/// kept answers and distances for the puzzle.
fn witness(pz: &Puzzle, n: Node, want: u8) -> Option<Vec<Move>> {
    DISTANCES_KEPT.with(|d| {
        let mut kept = d.borrow_mut();
        if !kept.contains_key(&pz.fingerprint) && kept.len() >= MEMOS {
            kept.clear();
        }
        let far = kept.entry(pz.fingerprint).or_default();
        if far.len() > MEMO_LIMIT {
            far.clear();
        }
        with_search(pz, Relax::default(), |search| search.witness(n, want, far))
    })
}

/// Runs `f` with a search of `pz` whose memo is this thread's for the puzzle and
/// relaxation: every answer found before is an answer now.
pub(super) fn with_search<R>(pz: &Puzzle, relax: Relax, f: impl FnOnce(&mut Search) -> R) -> R {
    MEMOS_KEPT.with(|m| {
        let mut memos = m.borrow_mut();
        let kept = memos
            .iter()
            .position(|(fp, r, _)| *fp == pz.fingerprint && *r == relax);
        let at = match kept {
            Some(at) => at,
            None => {
                if memos.len() >= MEMOS {
                    memos.clear();
                }
                memos.push((pz.fingerprint, relax, Memo::default()));
                memos.len() - 1
            }
        };
        let memo = &mut memos[at].2;
        if memo.len() > MEMO_LIMIT {
            memo.clear();
        }
        f(&mut Search::new(pz, relax, memo))
    })
}

/// The puzzle's position in a run: `None` once the Guardian has appeared (its reveal has
/// judged every entry) or for a set too large to plan. It reads only the state's short
/// lists (slots, companions) and, for the pieces of the Domain the traveller is in, its
/// deck and row: it runs after every step that can move a piece.
pub fn position(s: &State) -> Option<Node> {
    let pz = s.cards.puzzle();
    if !pz.plannable || s.revealed {
        return None;
    }
    let piece = |c: CardRef| pz.piece_of(c);
    let dbit = |d: u8| 1u64.checked_shl(u32::from(d)).unwrap_or(0);
    let mut n = Node {
        visited: dbit(s.domain.index),
        at: s.domain.index,
        meeting: NO_PIECE,
        here: 0,
        met: 0,
        slot: 0,
        carry: 0,
        follow: 0,
        carrier: 0,
    };
    // Pieces whose Domain is behind (or who lie nowhere) are met: held, following, or gone.
    let mut behind = pz.nowhere;
    for d in &s.cleared {
        n.visited |= dbit(d.index);
        behind |= pz.homes.get(usize::from(d.index)).copied().unwrap_or(0);
    }
    for p in s.items.iter().chain(&s.equipment).filter_map(|c| piece(*c)) {
        n.slot |= 1 << p;
    }
    for f in &s.companions {
        let by = piece(f.card);
        if let Some(by) = by {
            n.follow |= 1 << by;
        }
        for p in f.carrying.iter().filter_map(|c| piece(*c)) {
            n.carry |= 1 << p;
            n.carrier |= u64::from(by.unwrap_or(NO_PIECE) & 0xF) << (4 * u32::from(p));
        }
    }
    let home_here = pz
        .homes
        .get(usize::from(s.domain.index))
        .copied()
        .unwrap_or(0);
    let taken = n.slot | n.carry | n.follow;
    if s.cleared.contains(&s.domain) {
        behind |= home_here;
    } else {
        for p in bits(home_here & !taken) {
            let card = pz.pieces[usize::from(p)].card;
            if s.resolving == Some(card) && offer_open(&s.phase, card) {
                n.meeting = p;
            } else if s.deck.contains(&card) || s.row.iter().flatten().any(|rc| rc.card == card) {
                n.here |= 1 << p;
            } else {
                behind |= 1 << p;
            }
        }
    }
    n.met = taken | behind;
    Some(n)
}

/// Whether an event may move a piece of the puzzle or change the way ahead (so that a
/// step with none of them cannot lose an entry, and `execute` need not ask): a piece
/// flipped, taken, used (up), discarded, given, carried, joining, refused, passed, fought
/// or defeated; a Domain entered; a reveal, the run's end. (Clearing a Domain changes no
/// position: its cards have all been met.)
// Inline, with the one lookup by name kept out of line: it runs on every event of every
// step, and a small leaf is a jump and a load.
#[inline]
pub fn moves_a_piece(e: &Event, pz: &Puzzle, cards: &crate::cards::CardSet) -> bool {
    let piece = |c: &CardRef| pz.piece_of(*c).is_some();
    match e {
        // A card used up leaves its slot with no other event.
        Event::CardFlipped { card, .. }
        | Event::AbilityUsed { card, .. }
        | Event::CardTaken { card, .. }
        | Event::CardDiscarded { card, .. }
        | Event::CardGivenAway { card }
        | Event::CompanionRefused { card }
        | Event::FoePassed { card, .. }
        | Event::CardResolved { card } => piece(card),
        Event::CompanionJoined { card, carrying } => {
            piece(card) || carrying.is_some_and(|c| piece(&c))
        }
        Event::CardCarried { card, by } => piece(card) || piece(by),
        Event::DuelStarted { card, .. } => card.is_some_and(|c| piece(&c)),
        Event::FoeDefeated { foe } | Event::DuelStalemate { foe, .. } => {
            foe_is_piece(foe, pz, cards)
        }
        Event::DomainEntered { .. } | Event::GuardianRevealed { .. } | Event::RunEnded { .. } => {
            true
        }
        _ => false,
    }
}

/// Whether the foe named is a piece of the puzzle (a card of `cards`, whose ids are
/// unique): a walk over its few pieces' ids, cheaper than a lookup by name.
#[inline(never)]
fn foe_is_piece(foe: &str, pz: &Puzzle, cards: &crate::cards::CardSet) -> bool {
    let found = pz.pieces.iter().any(|p| p.card.id() == foe);
    debug_assert_eq!(
        found,
        cards
            .card_by_str(foe)
            .is_some_and(|c| pz.piece_of(c).is_some())
    );
    found
}

/// Whether the card is waiting for the traveller's answer to its offer (to take it, let it
/// join, pass it), perhaps after a choice its flip asked first.
fn offer_open(phase: &Phase, card: CardRef) -> bool {
    match phase {
        Phase::Offer { card: c } | Phase::Encounter { card: c } | Phase::Companion { card: c } => {
            *c == card
        }
        Phase::Choice(ch) => offer_open(&ch.resume, card),
        _ => false,
    }
}

/// Every combination of entries some route from `n` can still meet together.
fn answer(pz: &Puzzle, n: Node) -> MaskSet {
    with_search(pz, Relax::default(), |search| search.answer(n))
}

/// The status of entry `ix` now, whatever the traveller knows: `Met` if its terms hold as
/// the reveal judges them, else `Open` while some route can meet it, else `Lost` with the
/// reason. Once the Guardian has appeared an entry not met is lost. Never `Unknown`.
pub fn status(s: &State, ix: u8) -> (TermStatus, Option<Gap>) {
    let Some(entry) = s.cards.entry(ix) else {
        return (TermStatus::Unknown, None);
    };
    if holds(s, &entry.broken_by) {
        return (TermStatus::Met, None);
    }
    if s.revealed {
        return (TermStatus::Lost, Some(Gap::Unmet));
    }
    let pz = s.cards.puzzle();
    match position(s) {
        Some(n) if !answer(pz, n).covers(bit(ix)) => {
            (TermStatus::Lost, Some(gap::why(s, pz, n, ix)))
        }
        // A set too large to plan: nothing is judged lost (the validator warns).
        _ => (TermStatus::Open, None),
    }
}

/// Whether entry `ix` can still be met: `Ok` when met or open, else why not.
pub fn reach(s: &State, ix: u8) -> Result<(), Gap> {
    match status(s, ix) {
        (TermStatus::Lost, Some(gap)) => Err(gap),
        _ => Ok(()),
    }
}

/// [`status`] as the traveller may see it: `Unknown` (and no reason) for an entry whose
/// terms they do not know, so the status never teaches a hidden term.
pub fn known_status(s: &State, ix: u8) -> (TermStatus, Option<Gap>) {
    if lore::known(s, ix) {
        status(s, ix)
    } else {
        (TermStatus::Unknown, None)
    }
}

fn bit(ix: u8) -> u8 {
    1u8.checked_shl(u32::from(ix)).unwrap_or(0)
}

/// Where the puzzle stands in a state: its position and every combination of entries some
/// route from there can still meet. Read once after a step that moved a piece, it serves
/// both [`newly_lost_from`] and [`together_from`] (the simulator asks both of one state).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    node: Node,
    all: MaskSet,
}

/// The puzzle's [`Reading`] in `s` (`None` where [`position`] has none: nothing to judge).
pub fn read(s: &State) -> Option<Reading> {
    let node = position(s)?;
    Some(Reading {
        node,
        all: answer(s.cards.puzzle(), node),
    })
}

/// Whether one route can still meet every entry not lost, together: of every entry, or
/// (`known_only`) of the entries the traveller knows. True once nothing is left to judge
/// (the Guardian has appeared, or every entry is lost).
pub fn together(s: &State, known_only: bool) -> bool {
    together_from(s, known_only, read(s))
}

/// [`together`] from the [`Reading`] of this very state.
pub fn together_from(s: &State, known_only: bool, reading: Option<Reading>) -> bool {
    debug_assert_eq!(reading, read(s), "a reading of another state");
    let Some(Reading { all, .. }) = reading else {
        return true;
    };
    let mut want = 0u8;
    // The search's answer first: most entries are open, and `holds` walks the cards held.
    let open = all.reachable();
    for i in 0..s.cards.entry_count().min(8) {
        let ix = i as u8;
        if known_only && !lore::known(s, ix) {
            continue;
        }
        let met_now = || s.cards.entry(ix).is_some_and(|e| holds(s, &e.broken_by));
        if open & bit(ix) != 0 || met_now() {
            want |= bit(ix);
        }
    }
    all.covers(want)
}

/// Every entry that becomes out of reach now and is not yet recorded as lost, with the
/// reason: what `execute` reports as [`super::event::Event::TermLost`]. Every entry, known
/// or not; nothing once the Guardian has appeared (its reveal judges them all) or the run
/// is over.
pub fn newly_lost(s: &State) -> Vec<(u8, Gap)> {
    if s.revealed || s.outcome.is_some() {
        return Vec::new();
    }
    newly_lost_from(s, read(s))
}

/// [`newly_lost`] from the [`Reading`] of this very state.
pub fn newly_lost_from(s: &State, reading: Option<Reading>) -> Vec<(u8, Gap)> {
    debug_assert_eq!(reading, read(s), "a reading of another state");
    if s.revealed || s.outcome.is_some() {
        return Vec::new();
    }
    let Some(Reading { node: n, all }) = reading else {
        return Vec::new();
    };
    let pz = s.cards.puzzle();
    // The entries no route meets, from the search's answer alone: most steps have none,
    // and then nothing else is looked at.
    // An entry once lost stays out of reach: those told already are left out too.
    let every = (1u16 << s.cards.entry_count().min(8)) - 1;
    let mut out_of_reach = every as u8 & !all.reachable();
    for ix in &s.lost {
        out_of_reach &= !bit(*ix);
    }
    let mut out = Vec::new();
    if out_of_reach == 0 {
        return out;
    }
    for (i, e) in s.cards.entries().enumerate().take(8) {
        let ix = i as u8;
        if out_of_reach & bit(ix) == 0 || holds(s, &e.broken_by) {
            continue;
        }
        out.push((ix, gap::why(s, pz, n, ix)));
    }
    out
}

/// One thing an open entry still needs, in the order a route meets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Find and keep this card, in this Domain.
    Find {
        card: CardRef,
        domain: Option<DomainRef>,
    },
    /// Win this companion over (met in this Domain), showing or giving `price`, if any.
    Win {
        card: CardRef,
        domain: Option<DomainRef>,
        price: Option<CardRef>,
        gives: bool,
    },
    /// Hand `card` to `by`, who carries it.
    Carry { card: CardRef, by: CardRef },
}

/// What entry `ix` still needs, in order, on a route that also meets every other entry it
/// can (empty: met, lost, or nothing left to find).
pub fn needs(s: &State, ix: u8) -> Vec<Need> {
    let pz = s.cards.puzzle();
    let Some(n) = position(s) else {
        return Vec::new();
    };
    let all = answer(pz, n);
    if !all.covers(bit(ix)) {
        return Vec::new();
    }
    let mut want = bit(ix);
    for i in 0..s.cards.entry_count().min(8) {
        let more = want | bit(i as u8);
        if all.covers(more) {
            want = more;
        }
    }
    let Some(path) = witness(pz, n, want) else {
        return Vec::new();
    };
    let relevant = gap::pieces_of(pz, ix);
    let card = |p: u8| pz.pieces[usize::from(p)].card;
    let home = |p: u8| {
        pz.pieces[usize::from(p)]
            .home
            .and_then(|h| s.cards.domain_refs().get(usize::from(h)).copied())
    };
    let mut out = Vec::new();
    for m in path {
        match m {
            Move::Take { piece, .. } if relevant & (1 << piece) != 0 => out.push(Need::Find {
                card: card(piece),
                domain: home(piece),
            }),
            Move::Win { piece, way } if relevant & (1 << piece) != 0 => out.push(Need::Win {
                card: card(piece),
                domain: home(piece),
                price: (way.price != NO_PIECE).then(|| card(way.price)),
                gives: way.gives,
            }),
            Move::Carry { piece, by } if relevant & (1 << piece) != 0 => out.push(Need::Carry {
                card: card(piece),
                by: card(by),
            }),
            _ => {}
        }
    }
    out
}

/// A route from where the traveller stands that meets every entry of `want` (bit i: entry
/// i) it can, as the Domains still to enter, in order: the informed bots' plan. `None`
/// when no route meets even one of them.
pub fn route_for(s: &State, want: u32) -> Option<Vec<DomainRef>> {
    let pz = s.cards.puzzle();
    let n = position(s)?;
    let all = answer(pz, n);
    let mut target = 0u8;
    for i in 0..s.cards.entry_count().min(8) {
        let more = target | bit(i as u8);
        if want & (1 << i) != 0 && all.covers(more) {
            target = more;
        }
    }
    if target == 0 {
        return None;
    }
    let path = witness(pz, n, target)?;
    Some(
        path.into_iter()
            .filter_map(|m| match m {
                Move::Enter { domain } => s.cards.domain_refs().get(usize::from(domain)).copied(),
                _ => None,
            })
            .collect(),
    )
}

/// The pieces of the puzzle a route still has to gather for entry `ix` (as cards), for
/// the bots that keep them.
pub fn pieces_for(s: &State, want: u32) -> Vec<CardRef> {
    let pz = s.cards.puzzle();
    let mut mask = 0u16;
    for i in 0..s.cards.entry_count().min(8) {
        if want & (1 << i) != 0 {
            mask |= gap::pieces_of(pz, i as u8);
        }
    }
    bits(mask)
        .filter(|p| !matches!(pz.pieces[usize::from(*p)].role, Role::Inert))
        .map(|p| pz.pieces[usize::from(p)].card)
        .collect()
}
