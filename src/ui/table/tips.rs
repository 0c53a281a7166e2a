//! What hovering each region of the table explains: the trackers, the slots, the row, the
//! lists and the map's Domains. Built with the frame, from the same rectangles the panels
//! draw in. A card's tip ends with the rules of the keywords its text uses (from
//! `present::glossary`).

use super::layout::{Layout, StatusLayout};
use super::panels::lists::{ListRow, lists};
use crate::core::state::Phase;
use crate::core::{Observation, Slot, State, mods};
use crate::present::glossary::with_rules;
use crate::ui::map::{self, MapModel};
use macroquad::prelude::*;

pub fn tips(s: &State, l: &Layout, model: &MapModel, objective: bool) -> Vec<(Rect, String)> {
    let sl = StatusLayout::new(l.status);
    let m = mods(s);
    let mut out = vec![
        (sl.health, format!("Health {} of {}. At 0 the run is lost.", s.health, s.max_health)),
        (sl.marker, "The Resolve/Dread marker: gaining Resolve moves it right (at most Resolve 4), Dread moves it left; Dread past 4 loses the run. Spending Resolve needs Resolve 1 or more.".to_string()),
        (sl.grace, "Grace (0 to 3): spend 1 to reroll any die just rolled, yours or the foe's. Gained at a Rest.".to_string()),
        (sl.atk_def, format!("ATK {} is added to your Hits and Criticals; DEF {} is taken from the damage you receive.", m.atk, m.def)),
    ];
    for (held, rects) in [(&s.items, sl.items), (&s.equipment, sl.equipment)] {
        for (i, rr) in rects.iter().enumerate() {
            let text = match held.get(i) {
                Some(c) => {
                    let sc = s.cards.card(*c);
                    let text = crate::present::words::text_for_seat(&sc.text, s.guide);
                    with_rules(&format!("{}: {text}", sc.name))
                }
                None => "An empty slot. You hold at most two Items and two Equipment.".into(),
            };
            out.push((*rr, text));
        }
    }
    if matches!(s.phase, Phase::Explore | Phase::Route) {
        let obs = Observation::of(s);
        for (i, r) in l.slots().iter().enumerate() {
            let text = match obs.slot(i) {
                Slot::Empty => "An empty slot: the deck is spent.".to_string(),
                Slot::Hidden if crate::ui::hints::on_pad() => format!(
                    "Face down. {} flips it.",
                    crate::ui::hints::name(crate::ui::hints::Key::Confirm)
                ),
                Slot::Hidden => format!("Face down. Click or press {} to flip it.", i + 1),
                Slot::Known(c) => {
                    let sc = s.cards.card(c);
                    let text = crate::present::words::text_for_seat(&sc.text, s.guide);
                    with_rules(&format!("{} (known): {text}", sc.name))
                }
            };
            out.push((*r, text));
        }
    }
    for row in lists(s, l) {
        if let ListRow::Entry(_, tip, r, card) = row {
            // A card's tip adds the rules of the keywords in its text.
            out.push((
                r,
                if card.is_some() {
                    with_rules(&tip)
                } else {
                    tip
                },
            ));
        }
    }
    // First: the dice decks' stacks sit on the ATK/DEF line, whose tip would hide theirs.
    out.splice(0..0, super::panels::dice_deck::tips(s, l));
    let ml = map::layout(model, l.map_area());
    let guardian = super::panels::map_guardian::tips(s, &ml);
    for (i, r) in ml.tiles.iter().enumerate() {
        let d = &s.cards.domains[i];
        let mut tip = format!("{}: {}", d.name, d.theme);
        // What learned rumours say lies here.
        if let Some((_, said)) = guardian.iter().find(|(g, _)| g == r) {
            tip = format!("{tip}\n{said}");
        }
        out.push((*r, tip));
    }
    out.extend(guardian.into_iter().take(1));
    // Open, the terms cover the map: their panel's tip comes before the tiles under it.
    if objective {
        let r = super::panels::objective::rect(l, &ml);
        out.insert(
            0,
            (
                r,
                "The Guardian's terms, where each stands now. 0 or a click closes them."
                    .to_string(),
            ),
        );
    }
    out
}
