//! What the duel panel shows: from the shown state, or from the scene's memory once the
//! foe has fallen or left.

use super::super::Ctx;
use crate::present::scene::{DuelMemory, Exchange};
use crate::present::stage::MomentKind;
use crate::present::words;

/// The dice to show: the traveller's, the foe's, the traveller's modifier.
type Dice = (Option<u8>, Option<u8>, i32);

/// What the panel shows of the duel, from the shown state or, once the foe has fallen or
/// left, from the scene's memory.
pub(super) struct View {
    pub name: String,
    pub hp: i32,
    pub max_hp: i32,
    pub exchange: u32,
    pub dice: Dice,
    /// The combat table in force, and its row to light.
    pub rows: Vec<words::CombatRow>,
    pub lit: Option<usize>,
    pub faces: Vec<crate::cards::model::Face>,
    pub over: bool,
}

pub(super) fn view(cx: &Ctx) -> Option<View> {
    let s = cx.s();
    let name_of = |card: Option<crate::cards::CardRef>| {
        card.map_or(s.cards.guardian.name.clone(), |c| {
            s.cards.card(c).name.clone()
        })
    };
    let faces_of = |card: Option<crate::cards::CardRef>| match card {
        Some(c) => s.cards.card(c).faces.clone(),
        None => s.cards.guardian.faces.clone(),
    };
    let last = cx.scene.last_exchange;
    let table = crate::core::modifiers::mods(s).table;
    let rows = words::combat_rows(&table);
    let row_of = |v: Option<u8>, m: i32| {
        v.map(|v| words::roll_row(&table, (v as i32 + m).clamp(1, 6) as u8))
    };
    if let Some(d) = s.duel() {
        let (dice, lit) = match (&d.rolled, d.awaiting_foe, &last) {
            (Some(r), _, _) => (
                (r.traveller, Some(r.foe), r.modifier),
                row_of(r.traveller, r.modifier),
            ),
            (None, Some(h), _) => (
                (h.traveller, None, h.modifier),
                row_of(h.traveller, h.modifier),
            ),
            (None, None, Some(x)) if d.exchange > 0 => {
                let lit = words::strike_row(&table, x.strike, x.roll);
                ((x.roll, Some(x.foe_roll), 0), lit)
            }
            _ => ((None, None, 0), None),
        };
        return Some(View {
            name: name_of(d.card),
            hp: d.hp,
            max_hp: d.max_hp,
            exchange: d.exchange,
            dice,
            rows,
            lit,
            faces: faces_of(d.card),
            over: false,
        });
    }
    // The foe's last moment, or its card still on the stage after it: the duel has ended
    // in the shown state.
    if cx
        .playing(|k| matches!(k, MomentKind::FoeDefeated | MomentKind::FoeLeft))
        .is_none()
        && !remains(cx)
    {
        return None;
    }
    let DuelMemory {
        card,
        hp,
        max_hp,
        exchange,
    } = cx.scene.last_duel.clone()?;
    let x: Option<Exchange> = last;
    Some(View {
        name: name_of(card),
        hp,
        max_hp,
        exchange,
        dice: x.map_or((None, None, 0), |x| (x.roll, Some(x.foe_roll), 0)),
        lit: x.and_then(|x| words::strike_row(&table, x.strike, x.roll)),
        rows,
        faces: faces_of(card),
        over: true,
    })
}

/// The defeated foe's card is still on the stage (what its defeat gives plays, then it is
/// discarded): the duel's memory stays up, never "a foe bars the way".
pub(super) fn remains(cx: &Ctx) -> bool {
    let resolving = crate::core::Observation::of(cx.s()).resolving();
    cx.s().duel().is_none()
        && cx
            .scene
            .last_duel
            .as_ref()
            .is_some_and(|d| d.hp <= 0 && d.card.is_some() && d.card == resolving)
}
