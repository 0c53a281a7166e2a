//! Why an entry is out of reach, found by asking the exact search again with one thing
//! given back or waived: the first piece whose loss lost it, else the Domains no route
//! visits, else the price no route can pay in time, else the room to keep them all.

use super::search::{Node, Relax, Words, bits};
use super::{State, bit, with_search};
use crate::cards::puzzle::{NO_PIECE, Puzzle, Role, Test};
use crate::cards::{CardRef, DomainRef};
use std::cell::RefCell;
use std::collections::HashMap;

/// Why an entry is out of reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gap {
    /// No Domain holds the piece.
    Nowhere(CardRef),
    /// The piece was given away, discarded, declined or left behind in a cleared Domain.
    Gone(CardRef),
    /// The companion was left behind without the card it asks for (`gives`: to be given).
    Unpaid {
        card: CardRef,
        price: CardRef,
        gives: bool,
    },
    /// The companion is in front of the traveller now and asks for a card not held.
    Unheld {
        card: CardRef,
        price: CardRef,
        gives: bool,
    },
    /// No route from here passes through every one of these Domains.
    CutOff(Vec<DomainRef>),
    /// `card` joins only for `price`, and no route from here reaches `first` (where the
    /// price lies) before `then` (where the card waits).
    Order {
        card: CardRef,
        price: CardRef,
        gives: bool,
        first: DomainRef,
        then: DomainRef,
    },
    /// Every piece can be reached, but no route gathers them all at once (the slots'
    /// room, who carries what).
    Crowded,
    /// Every way on meets this foe without what it asks to let the traveller by.
    Barred(CardRef),
    /// The Guardian has appeared and it was not met.
    Unmet,
}

impl Gap {
    /// In words, as the outcome of a choice: "the Golden Bangle would be gone for good".
    pub fn would(&self, s: &State) -> String {
        self.words(s, true)
    }

    /// In words, as a fact: "the Golden Bangle is gone for good".
    pub fn now(&self, s: &State) -> String {
        self.words(s, false)
    }

    // Glued from their pieces rather than formatted: `execute` words every entry a step
    // loses, and the format machinery cost ten times the gluing.
    fn words(&self, s: &State, would: bool) -> String {
        let name = |c: &CardRef| s.cards.card(*c).name.as_str();
        let place = |d: &DomainRef| s.cards.domain(*d).name.as_str();
        let (is, leads, reaches) = if would {
            ("would be", "would lead", "would reach")
        } else {
            ("is", "leads", "reaches")
        };
        match self {
            Gap::Nowhere(c) => glue(&[name(c), " is nowhere to be found"]),
            Gap::Gone(c) => glue(&[name(c), " ", is, " gone for good"]),
            Gap::Unpaid { card, price, gives } => glue(&[
                name(card),
                ", who ",
                asks(*gives),
                " ",
                name(price),
                ", ",
                is,
                " gone for good",
            ]),
            Gap::Unheld { card, price, gives } => glue(&[
                name(card),
                " ",
                asks(*gives),
                " ",
                name(price),
                ", which the traveller ",
                if would {
                    "would not hold"
                } else {
                    "does not hold"
                },
            ]),
            Gap::CutOff(ds) => {
                let mut out = glue(&["no way ", leads, " back to "]);
                for (i, d) in ds.iter().enumerate() {
                    if i > 0 {
                        out.push_str(" and ");
                    }
                    out.push_str(place(d));
                }
                out
            }
            Gap::Order {
                card,
                price,
                gives,
                first,
                then,
            } => glue(&[
                name(card),
                " ",
                asks(*gives),
                " ",
                name(price),
                ", and no way from here ",
                reaches,
                " ",
                place(first),
                " before ",
                place(then),
            ]),
            Gap::Crowded => glue(&[
                "no one route ",
                if would { "would gather" } else { "gathers" },
                " every piece it needs at once",
            ]),
            Gap::Barred(c) => glue(&[
                "every way on ",
                if would { "would meet" } else { "meets" },
                " ",
                name(c),
                " without what it asks to let the traveller by",
            ]),
            Gap::Unmet => "it was not met when the Guardian came".into(),
        }
    }
}

/// The pieces in order, as one string of exactly their length.
fn glue(pieces: &[&str]) -> String {
    let mut out = String::with_capacity(pieces.iter().map(|p| p.len()).sum());
    for p in pieces {
        out.push_str(p);
    }
    out
}

/// "asks to see" a card shown, "asks for" a card given.
fn asks(gives: bool) -> &'static str {
    if gives { "asks for" } else { "asks to see" }
}

/// The pieces entry `ix` depends on: those its condition names, and what each joiner among
/// them asks, to a fixed point.
pub fn pieces_of(pz: &Puzzle, ix: u8) -> u16 {
    fn named(t: &Test, out: &mut u16) {
        match t {
            Test::Held(p) | Test::Follows(p) => *out |= 1 << p,
            Test::Carries { by, piece } => *out |= 1 << by | 1 << piece,
            Test::Not(t) => named(t, out),
            Test::All(ts) | Test::Any(ts) => ts.iter().for_each(|t| named(t, out)),
            Test::Cleared(_) | Test::Free | Test::Never => {}
        }
    }
    let mut mask = 0u16;
    if let Some(t) = pz.tests.get(usize::from(ix)) {
        named(t, &mut mask);
    }
    loop {
        let before = mask;
        for p in bits(mask) {
            if let Role::Joiner { ways, .. } = &pz.pieces[usize::from(p)].role {
                for w in ways.iter().filter(|w| w.price != NO_PIECE) {
                    mask |= 1 << w.price;
                }
            }
        }
        if mask == before {
            return mask;
        }
    }
}

/// Every piece of the puzzle, as a mask.
fn every(pz: &Puzzle) -> u16 {
    bits(u16::MAX)
        .take(pz.pieces.len())
        .fold(0, |m, p| m | 1 << p)
}

/// Reasons kept per puzzle before the cache is emptied and starts again.
const KEPT_LIMIT: usize = 1 << 16;

thread_local! {
    /// Reasons found, by puzzle (fingerprint), position and entry: `execute` asks for a
    /// step's losses twice (whether any, then to tell them), and runs meet the same
    /// positions again. A reason is a pure function of those three.
    static KEPT: RefCell<HashMap<(u64, Node, u8), Gap, Words>> = RefCell::new(HashMap::default());
}

/// Why entry `ix` cannot be met from position `n` (which the search found it cannot):
/// [`find`], remembered.
pub fn why(s: &State, pz: &Puzzle, n: Node, ix: u8) -> Gap {
    let key = (pz.fingerprint, n, ix);
    if let Some(gap) = KEPT.with(|k| k.borrow().get(&key).map(|g| rebased(g, s, pz))) {
        return gap;
    }
    let gap = find(s, pz, n, ix);
    KEPT.with(|k| {
        let mut kept = k.borrow_mut();
        if kept.len() >= KEPT_LIMIT {
            kept.clear();
        }
        kept.insert(key, gap.clone());
    });
    gap
}

/// A kept reason with its cards and Domains read again from this state's set, by index: a
/// set with the same puzzle may spell their ids differently (a card renamed at the desk).
fn rebased(gap: &Gap, s: &State, pz: &Puzzle) -> Gap {
    let card = |c: CardRef| pz.piece_of(c).map_or(c, |p| pz.pieces[usize::from(p)].card);
    let place = |d: DomainRef| {
        s.cards
            .domain_refs()
            .get(usize::from(d.index))
            .copied()
            .unwrap_or(d)
    };
    match gap {
        Gap::Nowhere(c) => Gap::Nowhere(card(*c)),
        Gap::Gone(c) => Gap::Gone(card(*c)),
        Gap::Unpaid {
            card: c,
            price,
            gives,
        } => Gap::Unpaid {
            card: card(*c),
            price: card(*price),
            gives: *gives,
        },
        Gap::Unheld {
            card: c,
            price,
            gives,
        } => Gap::Unheld {
            card: card(*c),
            price: card(*price),
            gives: *gives,
        },
        Gap::CutOff(ds) => Gap::CutOff(ds.iter().map(|d| place(*d)).collect()),
        Gap::Order {
            card: c,
            price,
            gives,
            first,
            then,
        } => Gap::Order {
            card: card(*c),
            price: card(*price),
            gives: *gives,
            first: place(*first),
            then: place(*then),
        },
        Gap::Crowded => Gap::Crowded,
        Gap::Barred(c) => Gap::Barred(card(*c)),
        Gap::Unmet => Gap::Unmet,
    }
}

/// Why entry `ix` cannot be met from position `n`, found by asking the search again.
pub(super) fn find(s: &State, pz: &Puzzle, n: Node, ix: u8) -> Gap {
    let want = bit(ix);
    let meets = |n: Node, relax: Relax| with_search(pz, relax, |x| x.answer(n)).covers(want);
    let card = |p: u8| pz.pieces[usize::from(p)].card;
    let domain = |h: u8| s.cards.domain_refs().get(usize::from(h)).copied();
    let roomy = Relax {
        free: u16::MAX,
        roomy: true,
    };
    // Every route ends the run at a gate: the first one met without its price.
    if with_search(pz, roomy, |x| x.answer(n)).is_empty()
        && let Some(g) = bits(!n.met & every(pz)).find(|&p| {
            matches!(
                pz.pieces[usize::from(p)].role,
                Role::Joiner { gate: true, .. }
            )
        })
    {
        return Gap::Barred(card(g));
    }
    let mine = pieces_of(pz, ix);
    // A joiner in front of the traveller now, whose price is not held.
    if n.meeting != NO_PIECE && mine & (1 << n.meeting) != 0 {
        let mut paid = n;
        paid.meeting = NO_PIECE;
        paid.met |= 1 << n.meeting;
        paid.follow |= 1 << n.meeting;
        if let Role::Joiner { ways, .. } = &pz.pieces[usize::from(n.meeting)].role
            && let Some(w) = ways.iter().find(|w| w.joins && w.price != NO_PIECE)
            && meets(paid, roomy)
        {
            return Gap::Unheld {
                card: card(n.meeting),
                price: card(w.price),
                gives: w.gives,
            };
        }
    }
    let out = n.met & !(n.held() | n.follow);
    // The first piece whose loss lost it: given back (held, or following), it is met.
    for p in bits(mine & out) {
        let mut back = n;
        match &pz.pieces[usize::from(p)].role {
            Role::Holdable(_) => back.slot |= 1 << p,
            Role::Joiner { .. } => back.follow |= 1 << p,
            Role::Inert => continue,
        }
        if !meets(back, roomy) {
            continue;
        }
        let Some(_) = pz.pieces[usize::from(p)].home else {
            return Gap::Nowhere(card(p));
        };
        if let Role::Joiner { ways, .. } = &pz.pieces[usize::from(p)].role
            && let Some(w) = ways.iter().find(|w| w.joins && w.price != NO_PIECE)
        {
            return Gap::Unpaid {
                card: card(p),
                price: card(w.price),
                gives: w.gives,
            };
        }
        return Gap::Gone(card(p));
    }
    if let Some(p) = bits(mine).find(|&p| pz.pieces[usize::from(p)].home.is_none()) {
        return Gap::Nowhere(card(p));
    }
    // Prices and room waived, it is still out of reach: the Domains are cut off.
    if !meets(n, roomy) {
        let mut homes: Vec<DomainRef> = Vec::new();
        for p in bits(mine & !n.met) {
            if let Some(d) = pz.pieces[usize::from(p)].home.and_then(domain)
                && !homes.contains(&d)
                && d.index != n.at
            {
                homes.push(d);
            }
        }
        return Gap::CutOff(homes);
    }
    // One joiner's price waived, it is met: no route brings the price in time.
    for p in bits(mine & !n.met) {
        let Role::Joiner { ways, .. } = &pz.pieces[usize::from(p)].role else {
            continue;
        };
        let relax = Relax {
            free: 1 << p,
            roomy: true,
        };
        if !meets(n, relax) {
            continue;
        }
        let Some(w) = ways.iter().find(|w| w.joins && w.price != NO_PIECE) else {
            continue;
        };
        let (Some(first), Some(then)) = (
            pz.pieces[usize::from(w.price)].home.and_then(domain),
            pz.pieces[usize::from(p)].home.and_then(domain),
        ) else {
            return Gap::Nowhere(card(w.price));
        };
        return Gap::Order {
            card: card(p),
            price: card(w.price),
            gives: w.gives,
            first,
            then,
        };
    }
    Gap::Crowded
}
