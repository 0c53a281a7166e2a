//! The combat table and the arithmetic of one duel exchange, shared by the exchange itself
//! and by the check for fights that cannot end.

use super::event::Strike;
use crate::cards::model::Face;

/// The traveller's numbers that matter in a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fighter {
    pub atk: i32,
    pub def: i32,
    pub counter_damage: i32,
}

/// The foe's numbers that matter in a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FoeStats {
    pub def: i32,
    pub immune_attacks: bool,
    pub immune_counter: bool,
    /// A Guardian requirement unmet: it cannot be harmed.
    pub invulnerable: bool,
    /// A Guardian seal unbroken: the traveller's damage strikes the traveller.
    pub reflect: bool,
}

/// The combat table: a (modified) roll of 1..=6 to a result.
pub fn strike(roll: Option<u8>) -> Strike {
    match roll {
        None => Strike::Skipped,
        Some(1) => Strike::Miss,
        Some(2) => Strike::Parry,
        Some(3) | Some(4) => Strike::Hit,
        Some(5) => Strike::Critical,
        Some(_) => Strike::Counter,
    }
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
pub fn exchange(
    roll: Option<u8>,
    face: &Face,
    me: Fighter,
    foe: FoeStats,
    extra: i32,
    attacks_miss: bool,
) -> Exchange {
    let s = strike(roll);
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

/// Whether, in some exchange from now on, the foe could lose HP and the traveller could
/// lose Health. `rolls` are the traveller's reachable modified rolls (`None`: a skipped
/// roll). `full_heal`: the foe heals fully after each exchange, so only a single exchange
/// of `hp` damage fells it.
pub fn who_can_fall(
    rolls: &[Option<u8>],
    faces: &[Face],
    me: Fighter,
    foe: FoeStats,
    enrage_possible: bool,
    full_heal_hp: Option<i32>,
) -> (bool, bool) {
    let mut foe_can = false;
    let mut me_can = false;
    for &r in rolls.iter() {
        for face in faces {
            let extra = if enrage_possible { 1000 } else { 0 };
            let x = exchange(r, face, me, foe, extra, false);
            match full_heal_hp {
                Some(hp) => foe_can |= x.to_foe >= hp,
                None => foe_can |= x.to_foe > 0,
            }
            me_can |= x.to_traveller > 0 || x.reflected > 0;
            if foe_can && me_can {
                return (true, true);
            }
        }
    }
    (foe_can, me_can)
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
            counter_damage: 0,
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
