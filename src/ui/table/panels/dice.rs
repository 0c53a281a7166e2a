//! Dice: a die that tumbles and lands, or a result dealt from a deck that turns over;
//! which of a duel's results move in a dice moment.

use crate::core::{Die, Event};
use crate::present::stage::Moment;
use crate::ui::style::{self, DieOwner, Fonts, colour, fade, mix};
use macroquad::prelude::*;

/// A die: pips for `value`, "?" if none. `tumble` (0 to 1) while it rolls: random faces,
/// bouncing less as it slows, until it lands. Drawn in its owner's look (the colour-blind
/// palette tells the dice apart by lightness and shape).
pub fn draw_die(
    r: Rect,
    value: Option<u8>,
    tumble: Option<f32>,
    t: f32,
    owner: DieOwner,
    fonts: &Fonts,
) {
    let (shown, dy, turn) = match tumble {
        Some(p) => {
            let face = ((t * 19.0) as u32 % 6) as u8 + 1;
            let bounce = (p * std::f32::consts::PI * 3.0).sin().abs() * (1.0 - p) * r.h * 0.35;
            (Some(face), -bounce, (1.0 - p) * 0.5 * (t * 21.0).sin())
        }
        None => (value, 0.0, 0.0),
    };
    let at = Rect::new(r.x, r.y + dy, r.w, r.h);
    style::draw_die_face(at, shown, owner, turn);
    if shown.is_none() {
        let c = at.center();
        let col = fade(style::die_look(owner).pips, 0.6);
        style::text_centred(
            "?",
            c.x,
            c.y + r.h * 0.18,
            &fonts.serif,
            (r.h * 0.5) as u16,
            col,
        );
    }
}

/// How a result moves while the dice moment `m` plays: a die tumbles through the lead
/// (`None` once it lands); a card dealt from a deck (`dealt`) turns over across the whole
/// moment, edge-on when its value reaches the shown state, so that it opens on the value
/// and never on a "?" (`None` once it lies face up). Effect dice are rolled, not dealt: a
/// dealt card does not turn for them.
pub fn motion(m: Option<&Moment>, dealt: bool) -> Option<f32> {
    let m = m?;
    if dealt && matches!(m.event, Some(Event::EffectRolled { .. })) {
        return None;
    }
    match (dealt, m.applied) {
        (false, applied) => (!applied).then(|| m.lead_progress()),
        (true, false) => Some(0.5 * m.lead_progress()),
        (true, true) => (m.tail_progress() < 1.0).then(|| 0.5 + 0.5 * m.tail_progress()),
    }
}

/// Which of a duel's two results, the traveller's and the foe's, move in the dice moment
/// `m`: a reroll only the die picked up; with a Guide only the one being rolled; else both.
pub fn moving(m: Option<&Moment>, guide: bool) -> (bool, bool) {
    match m.and_then(|m| m.event.as_ref()) {
        Some(Event::Rerolled { die, .. }) => (*die != Die::Foe, *die == Die::Foe),
        Some(Event::TravellerRolled { .. }) if guide => (true, false),
        Some(Event::FoeRolled { .. }) if guide => (false, true),
        _ => (true, true),
    }
}

/// A die result as the run makes it: a tumbling die, or with dice dealt from a deck
/// (`dealt`) a card turning over ([`draw_dealt`]).
pub fn draw_result(
    dealt: bool,
    r: Rect,
    value: Option<u8>,
    tumble: Option<f32>,
    t: f32,
    owner: DieOwner,
    fonts: &Fonts,
) {
    if dealt {
        draw_dealt(r, value, tumble, style::die_look(owner).edge, fonts);
    } else {
        draw_die(r, value, tumble, t, owner, fonts);
    }
}

/// A result dealt from a dice deck: a small card, face down then turning over while
/// `turning` (0 to 1) runs, its face showing the value in large figures ("?" if none).
pub fn draw_dealt(r: Rect, value: Option<u8>, turning: Option<f32>, col: Color, fonts: &Fonts) {
    let (w, h) = (r.h * 0.74, r.h);
    let c = r.center();
    // Turning over: the card narrows to its edge and opens again on its face.
    let (squash, face_up) = match turning {
        Some(p) => {
            let a = (p.clamp(0.0, 1.0) * std::f32::consts::PI).cos();
            (a.abs().max(0.06), a < 0.0)
        }
        None => (1.0, true),
    };
    let cw = w * squash;
    let card = Rect::new(c.x - cw / 2.0, c.y - h / 2.0, cw, h);
    if !face_up {
        style::card(card, 6.0, 2.0, mix(colour::TILE, col, 0.30), col);
        style::diamond(c, (cw * 0.28).min(h * 0.2), fade(col, 0.7));
        return;
    }
    style::card(card, 6.0, 2.0, mix(colour::TILE, col, 0.10), col);
    let Some(v) = value else {
        style::text_centred(
            "?",
            c.x,
            c.y + h * 0.2,
            &fonts.serif,
            (h * 0.58) as u16,
            fade(col, 0.6),
        );
        return;
    };
    // The face as pips, like a die's on a playing card, and its value in the corner (in the
    // mono face: the serif's old-style 1 reads as an I).
    for (dx, dy) in style::pips(v) {
        let p = vec2(dx * cw * 0.22, dy * h * 0.22);
        draw_circle(c.x + p.x, c.y + p.y, w * 0.085 * squash.min(1.0), col);
    }
    if squash > 0.6 {
        let size = (h * 0.17) as u16;
        style::text(
            &v.to_string(),
            card.x + 4.0,
            card.y + h * 0.19,
            &fonts.mono,
            size,
            fade(col, 0.85),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::stage::{Hold, MomentKind};

    fn moment(event: Event, t: f32, applied: bool) -> Moment {
        Moment {
            kind: MomentKind::Dice,
            event: Some(event),
            lead: 0.4,
            tail: 0.6,
            hold: Hold::No,
            t,
            applied,
            stops: Vec::new(),
        }
    }

    #[test]
    fn a_dealt_card_is_edge_on_when_its_value_arrives_and_a_die_lands_then() {
        let foe = Event::FoeRolled { foe: 4 };
        let lead = moment(foe.clone(), 0.2, false);
        assert_eq!(motion(Some(&lead), true), Some(0.25));
        assert_eq!(motion(Some(&lead), false), Some(0.5));
        let tail = moment(foe.clone(), 0.7, true);
        assert_eq!(motion(Some(&tail), true), Some(0.75));
        assert_eq!(motion(Some(&tail), false), None);
        assert_eq!(motion(Some(&moment(foe, 1.0, true)), true), None);
        // Effect dice are rolled even in a dice-deck run: the dealt cards stay still.
        let heal = moment(Event::EffectRolled { dice: vec![3] }, 0.2, false);
        assert_eq!(motion(Some(&heal), true), None);
        assert_eq!(motion(None, true), None);
    }

    #[test]
    fn with_a_guide_only_the_die_rolled_moves() {
        let foe = moment(Event::FoeRolled { foe: 2 }, 0.1, false);
        assert_eq!(moving(Some(&foe), true), (false, true));
        assert_eq!(moving(Some(&foe), false), (true, true));
        let reroll = Event::Rerolled {
            die: Die::Traveller,
            index: 0,
            value: 5,
            card: None,
        };
        assert_eq!(
            moving(Some(&moment(reroll.clone(), 0.1, false)), true),
            (true, false)
        );
        // Alone too, a reroll picks up only the die rerolled.
        assert_eq!(
            moving(Some(&moment(reroll, 0.1, false)), false),
            (true, false)
        );
    }
}
