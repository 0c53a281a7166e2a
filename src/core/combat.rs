//! The arithmetic of one duel exchange, shared by the exchange itself and by the check for
//! fights that cannot end. It works on the figures of [`super::figures`] (plain data, which
//! the state also holds), re-exported here for the code that computes with them.

use super::figures::Strike;
pub use super::figures::{Fighter, FoeStats, Table, Wearing, WearingKey};
use super::rules::{DIE_MAX, DIE_MIN};
use crate::cards::model::Face;

/// The rules' combat table ([`Table::RULES`]): a (modified) roll of 1..=6 to a result.
pub fn strike(roll: Option<u8>) -> Strike {
    Table::RULES.strike(roll)
}

/// Damage a result deals before the receiver's DEF, and whether it is the unreducible
/// damage of a Counter.
fn strike_damage(s: Strike, f: Fighter) -> (i32, bool) {
    match s {
        Strike::Hit => (1 + f.atk, false),
        Strike::Critical => (2 + f.atk, false),
        Strike::Counter => (1 + f.counter_damage, true),
        _ => (0, false),
    }
}

fn blocks(s: Strike) -> bool {
    matches!(s, Strike::Parry | Strike::Counter)
}

/// Whether the result is an attack (for "your first attacks miss").
pub fn is_attack(s: Strike) -> bool {
    matches!(s, Strike::Hit | Strike::Critical | Strike::Counter)
}

/// What one exchange does, before anything is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exchange {
    pub strike: Strike,
    pub to_foe: i32,
    pub to_traveller: i32,
    pub reflected: i32,
    pub foe_heal: i32,
    /// Whether the foe's face hit (dealt damage before blocks), for empower/enrage.
    pub foe_hit: bool,
}

/// Works out an exchange. `extra` is the foe's bonus damage on a hit (enrage plus a
/// matching empower); `attacks_miss` voids the traveller's damage (a Snare).
// Inlined where it is called in a loop (the bot weighs up to a dozen exchanges per reroll).
#[inline]
pub fn exchange(
    roll: Option<u8>,
    face: &Face,
    me: Fighter,
    foe: FoeStats,
    extra: i32,
    attacks_miss: bool,
) -> Exchange {
    let s = me.table.strike(roll);
    let (my_raw, my_counter) = strike_damage(s, me);
    // A copy face takes the traveller's own result, ATK and all.
    let (foe_raw, foe_block, foe_unreduced) = if face.copy {
        let (d, c) = strike_damage(s, me);
        (d, blocks(s), c)
    } else {
        (face.deal, face.block, false)
    };
    let foe_hit = foe_raw > 0;
    let foe_dmg = if foe_hit { foe_raw + extra } else { 0 };
    let to_traveller = if foe_dmg == 0 || (blocks(s) && !face.ignore_block) {
        0
    } else if foe_unreduced {
        foe_dmg
    } else {
        (foe_dmg - me.def).max(0)
    };
    let mut dealt = if attacks_miss || foe_block || foe.invulnerable {
        0
    } else if my_counter {
        if foe.immune_counter { 0 } else { my_raw }
    } else if foe.immune_attacks {
        0
    } else {
        (my_raw - foe.def).max(0)
    };
    let mut reflected = 0;
    if foe.reflect {
        reflected = dealt;
        dealt = 0;
    }
    Exchange {
        strike: s,
        to_foe: dealt,
        to_traveller,
        reflected,
        foe_heal: face.heal,
        foe_hit,
    }
}

/// What the traveller's die can do in one exchange: skipped, or rolled with this penalty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RollStatus {
    pub skip: bool,
    pub penalty: i32,
}

impl RollStatus {
    /// The status a face leaves for the next exchange.
    pub fn after(face: &Face) -> Self {
        RollStatus {
            skip: face.skip_roll,
            penalty: face.roll_penalty,
        }
    }
}

/// How a duel stands, for [`who_can_fall`].
#[derive(Debug, Clone, Copy)]
pub struct Standing<'a> {
    pub faces: &'a [Face],
    pub me: Fighter,
    pub foe: FoeStats,
    /// Added to every traveller roll whatever the foe does (see `modifiers::duel_shift`).
    pub shift: i32,
    /// What the last exchange left for the next roll (the default before the first).
    pub next: RollStatus,
    /// Whether enrage or empower can lift the foe's damage without bound.
    pub enrage_possible: bool,
    pub foe_hp: i32,
    pub foe_max_hp: i32,
    /// The foe heals to full after every exchange it survives (a Guardian seal).
    pub full_heal: bool,
    /// Damage held cards can still deal the foe between exchanges (finite: each use counted
    /// once).
    pub item_damage: i32,
    pub health: i32,
    /// A face's effects can take Health or add Dread (they land whatever the exchange).
    pub face_harm: bool,
}

/// The modified rolls a status allows (`None`: a skipped roll), at most six, on the stack.
fn rolls_of(status: RollStatus, shift: i32) -> ([Option<u8>; 6], usize) {
    let mut out = [None; 6];
    if status.skip {
        return (out, 1);
    }
    let mut n = 0;
    for v in DIE_MIN..=DIE_MAX {
        let r = Some((v + shift - status.penalty).clamp(DIE_MIN, DIE_MAX) as u8);
        if !out[..n].contains(&r) {
            out[n] = r;
            n += 1;
        }
    }
    (out, n)
}

/// Whether the foe could still lose all its HP, and the traveller all their Health.
///
/// The foe's die can show any face in any exchange, and a face decides the traveller's next
/// roll (skipped, or with a penalty), so the rolls possible in an exchange are those of the
/// status now in force (once, for the next exchange) or of any face (every exchange after).
/// The foe's side is searched exactly over (status, HP), so healing that always outpaces the
/// traveller's damage, penalties that leave only Misses and skipped rolls are all seen before
/// the first useless exchange. Held cards' damage counts (finite, but possibly sufficient):
/// it is best spent all at once, just before the exchange that can finish the foe.
pub fn who_can_fall(st: &Standing) -> (bool, bool) {
    who_can_fall_wearing(st, wearing(st))
}

/// [`who_can_fall`] with its first answers, [`wearing`], already known.
pub fn who_can_fall_wearing(st: &Standing, w: Wearing) -> (bool, bool) {
    (w.foe || foe_can_fall(st), traveller_can_fall(st, w))
}

/// The traveller's half of [`who_can_fall_wearing`].
pub fn traveller_can_fall(st: &Standing, w: Wearing) -> bool {
    w.traveller || harm(st, st.next, st.health) >= st.health
}

/// Works out [`Wearing`].
pub fn wearing(st: &Standing) -> Wearing {
    let (statuses, count) = face_statuses(st.faces, None);
    Wearing {
        foe: !st.full_heal && foe_worn(st),
        traveller: st.face_harm || statuses[..count].iter().any(|&s| harm(st, s, 1) > 0),
    }
}

/// The most one exchange can take from the traveller with this roll status, stopping early
/// once it reaches `enough`. Harm after any face can come again and again; harm only in the
/// next exchange comes once, and must take all the traveller's Health.
fn harm(st: &Standing, status: RollStatus, enough: i32) -> i32 {
    let extra = if st.enrage_possible { 1000 } else { 0 };
    let (rolls, n) = rolls_of(status, st.shift);
    let mut most = 0;
    for &r in &rolls[..n] {
        for face in st.faces {
            let x = exchange(r, face, st.me, st.foe, extra, false);
            most = most.max(x.to_traveller + x.reflected);
            if most >= enough {
                return most;
            }
        }
    }
    most
}

/// The largest number of roll statuses: the one in force and one per face.
const STATUSES: usize = 7;

/// The distinct roll statuses the faces leave (after `first`, if given), on the stack.
fn face_statuses(faces: &[Face], first: Option<RollStatus>) -> ([RollStatus; STATUSES], usize) {
    let none = RollStatus {
        skip: false,
        penalty: 0,
    };
    let mut out = [first.unwrap_or(none); STATUSES];
    let mut count = usize::from(first.is_some());
    for f in faces {
        let s = RollStatus::after(f);
        if count < STATUSES && !out[..count].contains(&s) {
            out[count] = s;
            count += 1;
        }
    }
    (out, count)
}

/// A face that, coming up again and again, wears the foe down a little each time fells it
/// from any HP.
fn foe_worn(st: &Standing) -> bool {
    st.faces.iter().any(|f| {
        let (rolls, n) = rolls_of(RollStatus::after(f), st.shift);
        // Highest rolls first: they are the likeliest to harm.
        rolls[..n].iter().rev().any(|&r| foe_step(st, f, r) > 0)
    })
}

/// What one exchange takes from the foe, less what it heals.
fn foe_step(st: &Standing, face: &Face, r: Option<u8>) -> i32 {
    let x = exchange(r, face, st.me, st.foe, 0, false);
    x.to_foe - x.foe_heal
}

/// The exact search, when no face wears the foe down: every (status, HP) the duel can
/// reach from here. It reads the foe, the figures of a [`WearingKey`], the status in
/// force, the HPs and the held cards' damage (not the traveller's Health).
pub fn foe_can_fall(st: &Standing) -> bool {
    let step = |face: &Face, r: Option<u8>| foe_step(st, face, r);
    let (statuses, count) = face_statuses(st.faces, Some(st.next));
    let max_hp = st.foe_max_hp.max(st.foe_hp).max(1);
    let width = max_hp as usize + 1;
    let mut seen = vec![false; STATUSES * width];
    let mut todo = vec![(0usize, st.foe_hp.clamp(1, max_hp))];
    seen[st.foe_hp.clamp(1, max_hp) as usize] = true;
    while let Some((node, hp)) = todo.pop() {
        let need = hp - st.item_damage;
        if need <= 0 {
            return true;
        }
        let (rolls, n) = rolls_of(statuses[node], st.shift);
        for face in st.faces {
            let next = RollStatus::after(face);
            let to = statuses[..count]
                .iter()
                .position(|s| *s == next)
                .unwrap_or(0);
            for &r in &rolls[..n] {
                let net = step(face, r);
                if need - net <= 0 {
                    return true;
                }
                // It survives (`hp - net > need - net > 0`).
                let left = if st.full_heal {
                    max_hp
                } else {
                    (hp - net).min(max_hp)
                };
                let key = to * width + left as usize;
                if !seen[key] {
                    seen[key] = true;
                    todo.push((to, left));
                }
            }
        }
    }
    false
}

/// A loss in a duel in a player's words: the foe by its name (the face that struck is only
/// how), and, when the foe fell in the same exchange, that both fell (the traveller must
/// live through an exchange to win it).
pub fn duel_loss(foe: &str, face: &str, foe_fell: bool) -> String {
    if foe_fell {
        format!(
            "You and {foe} fell together ({face}): a duel is won only by living through its last exchange."
        )
    } else {
        format!("Fell in the duel with {foe} ({face}).")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn face(deal: i32) -> Face {
        Face {
            name: "f".into(),
            deal,
            ..Face::default()
        }
    }

    #[test]
    fn the_table() {
        let got: Vec<Strike> = (1..=6).map(|r| strike(Some(r))).collect();
        use Strike::*;
        assert_eq!(got, vec![Miss, Parry, Hit, Hit, Critical, Counter]);
        assert_eq!(strike(None), Skipped);
    }

    #[test]
    fn def_floors_at_zero_and_counter_ignores_def() {
        let me = Fighter {
            atk: 0,
            def: 5,
            ..Fighter::default()
        };
        let foe = FoeStats {
            def: 9,
            ..FoeStats::default()
        };
        let x = exchange(Some(3), &face(2), me, foe, 0, false);
        assert_eq!((x.to_foe, x.to_traveller), (0, 0));
        let x = exchange(Some(6), &face(2), me, foe, 0, false);
        assert_eq!((x.to_foe, x.to_traveller), (1, 0));
    }
}
