//! What hovering each region of the table explains: the trackers, the slots, the row, the
//! Domain band's piles, the lists and the map's Domains. Built with the frame, from the same
//! rectangles the panels draw in (the band's piles from the band laid out in the frame). A card's tip ends with the rules of the keywords its text
//! uses (from `present::glossary`). The trackers' tips also speak of the moment playing
//! over them (a blow over the Health track, see [`Tip::during`]); every other tip waits
//! for the stage to rest.

use super::band::BandModel;
use super::layout::{Layout, StatusLayout};
use super::panels::lists::{ListRow, lists};
use crate::core::state::Phase;
use crate::core::{Observation, Slot, mods};
use crate::present::glossary::with_rules;
use crate::present::scene::Scene;
use crate::present::stage::MomentKind;
use crate::ui::map::MapGeometry;
use crate::ui::screen::{Rank, Tip};
use macroquad::prelude::*;

/// Every tip of the table for the scene shown (where regions overlap, see
/// [`crate::ui::screen::tip_at`]); `ml` is the map and `band` the Domain band as laid out
/// this frame.
pub fn tips(
    scene: &Scene,
    l: &Layout,
    ml: &MapGeometry,
    band: Option<&BandModel>,
    objective: bool,
) -> Vec<Tip> {
    let s = &scene.state;
    let sl = StatusLayout::new(l.status);
    let m = mods(s);
    let mut out = vec![
        Tip {
            during: Some(health_now),
            ..Tip::new(
                sl.health,
                format!(
                    "Health {} of {}. At 0 the run is lost.",
                    s.health, s.max_health
                ),
            )
        },
        Tip {
            during: Some(marker_now),
            ..Tip::new(
                sl.marker,
                "The Resolve/Dread marker: gaining Resolve moves it right (at most Resolve 4), Dread moves it left; Dread past 4 loses the run. Spending Resolve needs Resolve 1 or more.",
            )
        },
        Tip {
            during: Some(grace_now),
            ..Tip::new(
                sl.grace,
                "Grace (0 to 3): spend 1 to reroll any die just rolled, yours or the foe's. Gained at a Rest.",
            )
        },
        Tip::new(
            sl.atk_def,
            format!(
                "ATK {} is added to your Hits and Criticals; DEF {} is taken from the damage you receive.",
                m.atk, m.def
            ),
        ),
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
            out.push(Tip::new(*rr, text));
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
            out.push(Tip::new(*r, text));
        }
    }
    out.extend(band.map(BandModel::tips).unwrap_or_default());
    for row in lists(s, l) {
        if let ListRow::Entry(_, tip, r, card) = row {
            // A card's tip adds the rules of the keywords in its text.
            let text = if card.is_some() {
                with_rules(&tip)
            } else {
                tip
            };
            out.push(Tip::new(r, text));
        }
    }
    // The dice decks' stacks sit on the ATK/DEF line: theirs answer over the line's.
    let stacks = super::panels::dice_deck::tips(s, l);
    out.extend(
        stacks
            .into_iter()
            .map(|(r, t)| Tip::new(r, t).ranked(Rank::Over)),
    );
    let guardian = super::panels::map_guardian::tips(s, ml);
    for (i, r) in ml.tiles.iter().enumerate() {
        let d = &s.cards.domains[i];
        let mut tip = format!("{}: {}", d.name, d.theme);
        // What learned rumours say lies here.
        if let Some((_, said)) = guardian.iter().find(|(g, _)| g == r) {
            tip = format!("{tip}\n{said}");
        }
        out.push(Tip::new(*r, tip));
    }
    out.extend(guardian.into_iter().take(1).map(|(r, t)| Tip::new(r, t)));
    // Open, the terms cover the map: their panel's tip answers over the tiles under it.
    if objective {
        let r = super::panels::objective::rect(l, ml);
        let tip = "The Guardian's terms, where each stands now. 0 or a click closes them.";
        out.push(Tip::new(r, tip).ranked(Rank::Panel));
    }
    out
}

/// What the Health track says while a moment changes it.
fn health_now(m: &MomentKind) -> Option<String> {
    match *m {
        MomentKind::Blow { to_traveller, .. } if to_traveller > 0 => {
            Some(format!("This blow takes {to_traveller} Health."))
        }
        MomentKind::Health { by } if by < 0 => Some(format!("Now: {} Health lost.", -by)),
        MomentKind::Health { by } if by > 0 => Some(format!("Now: {by} Health regained.")),
        _ => None,
    }
}

/// What the marker says while it steps.
fn marker_now(m: &MomentKind) -> Option<String> {
    match *m {
        MomentKind::Marker { by } if by > 0 => {
            Some(format!("Now: the marker steps {by} toward Resolve."))
        }
        MomentKind::Marker { by } if by < 0 => {
            Some(format!("Now: the marker steps {} toward Dread.", -by))
        }
        _ => None,
    }
}

/// What Grace says while it fills or empties.
fn grace_now(m: &MomentKind) -> Option<String> {
    match *m {
        MomentKind::Grace { by } if by > 0 => Some(format!("Now: {by} Grace gained.")),
        MomentKind::Grace { by } if by < 0 => Some(format!("Now: {} Grace spent.", -by)),
        _ => None,
    }
}
