//! The route choice on the stage: the Domains the traveller can go to next, as cards.

use super::{Ctx, map};
use crate::ui::cardface;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::{Layout, text};
use macroquad::prelude::*;

/// The Domains to choose from, as cards in the stage (also clickable).
/// One card per destination, however many there are: up to three in a row, more in rows
/// of equal count (four as two by two).
pub fn route_cards(s: &crate::core::State, l: &Layout) -> Vec<(Rect, usize)> {
    let reach = map::reachable(s);
    let n = reach.len().max(1);
    let rows = n.div_ceil(3);
    let cols = n.div_ceil(rows) as f32;
    let st = l.stage;
    let gap = 18.0;
    let w = ((st.w - 40.0 - gap * (cols - 1.0)) / cols).min(280.0);
    // Cards that say what lies there or what was met there grow taller, into the stage's
    // free room, so that their lines and the Domain's flavour are read whole.
    let told = reach.iter().any(|&i| {
        !crate::present::guardian::pieces_in(s, i).is_empty()
            || !crate::present::route::seen_in(s, i).is_empty()
    });
    let tallest = if told { 1.8 } else { 1.35 };
    let h = ((st.h - 76.0 - gap * (rows as f32 - 1.0)) / rows as f32).min(w * tallest);
    let x0 = st.center().x - (cols * w + (cols - 1.0) * gap) / 2.0;
    let per_row = cols as usize;
    reach
        .into_iter()
        .enumerate()
        .map(|(k, i)| {
            let (row, col) = (k / per_row, k % per_row);
            let at = vec2(
                x0 + col as f32 * (w + gap),
                st.y + 56.0 + row as f32 * (h + gap),
            );
            (Rect::new(at.x, at.y, w, h), i)
        })
        .collect()
}

/// The route choice: the Domains reachable from here, as cards to click.
pub fn draw_route(cx: &Ctx) {
    let s = cx.s();
    let fonts = cx.fonts;
    style::text_centred(
        "Where next? Click a Domain here or on the map.",
        cx.l.stage.center().x,
        cx.l.stage.y + 34.0,
        &fonts.serif,
        text::TITLE,
        colour::GOLD,
    );
    for (r, i) in route_cards(s, cx.l) {
        let d = &s.cards.domains[i];
        let hover = r.contains(cx.mouse) && !cx.busy;
        let fill = mix(
            colour::TILE,
            colour::SEA_LIGHT,
            if hover { 0.2 } else { 0.08 },
        );
        style::card(
            r,
            9.0,
            2.0,
            Color::new(fill.r, fill.g, fill.b, 1.0),
            colour::SEA_LIGHT,
        );
        let inner = Rect::new(r.x + 12.0, r.y + 10.0, r.w - 24.0, 60.0);
        let used = cardface::text_block(
            &d.name,
            inner,
            &fonts.serif,
            text::TITLE,
            text::BODY,
            colour::PARCHMENT,
        );
        // A route that puts a known term out of reach says so before it is taken (the
        // core's judgement, on the route's button in the frame).
        let mark = breaks_mark(cx, &d.id.0);
        let foot = if mark.is_some() { 34.0 } else { 0.0 };
        // What the traveller knows lies there: the pieces of known terms (never a term
        // not learned yet), above the Domain's flavour.
        let pieces = crate::present::guardian::pieces_in(s, i);
        let mut top = r.y + 14.0 + used;
        let bottom = r.bottom() - 10.0 - foot;
        if !pieces.is_empty() {
            let said = format!("Said to lie here: {}.", pieces.join("; "));
            top += cardface::text_block(
                &said,
                Rect::new(r.x + 12.0, top, r.w - 24.0, (bottom - top) * 0.75),
                &fonts.serif,
                text::LABEL,
                cardface::READABLE,
                colour::GOLD,
            ) + 6.0;
        }
        // What the traveller met there on earlier runs: a few whole names (as many as fit,
        // at most `SEEN_NAMED`), then how many more.
        let seen = crate::present::route::seen_in(s, i);
        if !seen.is_empty() {
            let room = Rect::new(r.x + 12.0, top, r.w - 24.0, (bottom - top) * 0.6);
            let fit = |line: &String| {
                cardface::fits(line, room, &fonts.serif, text::LABEL, cardface::READABLE)
            };
            let most = seen.len().min(crate::present::route::SEEN_NAMED);
            let line = (1..=most)
                .rev()
                .filter_map(|n| crate::present::route::seen_line(&seen, n))
                .find(fit)
                .or_else(|| crate::present::route::seen_line(&seen, 1));
            if let Some(line) = line {
                top += cardface::text_block(
                    &line,
                    room,
                    &fonts.serif,
                    text::LABEL,
                    cardface::READABLE,
                    colour::SEA_LIGHT,
                ) + 6.0;
            }
        }
        // The flavour whole, or not at all where the card is full (never half a sentence).
        let flavour = Rect::new(r.x + 12.0, top, r.w - 24.0, bottom - top);
        if cardface::fits(&d.theme, flavour, &fonts.italic, text::BODY, text::SMALL) {
            cardface::text_block(
                &d.theme,
                flavour,
                &fonts.italic,
                text::BODY,
                text::SMALL,
                fade(colour::PARCHMENT, 0.85),
            );
        }
        if let Some(mark) = mark {
            let band = Rect::new(r.x + 8.0, r.bottom() - 38.0, r.w - 16.0, 30.0);
            style::card(
                band,
                6.0,
                1.0,
                mix(colour::TILE, colour::ERROR, 0.18),
                colour::ERROR,
            );
            cardface::text_block(
                &mark,
                Rect::new(band.x + 8.0, band.y + 3.0, band.w - 16.0, band.h - 4.0),
                &fonts.serif,
                text::SMALL,
                cardface::READABLE,
                colour::ERROR,
            );
        }
    }
}

/// The short mark of the route to `domain` ("breaks Seal of Acedia"), if its button has
/// one.
fn breaks_mark(cx: &Ctx, domain: &str) -> Option<String> {
    cx.frame
        .geometry
        .buttons
        .iter()
        .find(|b| matches!(&b.action, Some(crate::core::Action::Go { domain: d }) if d == domain))
        .filter(|b| b.warning.is_some())
        .and_then(|b| b.label.split_once(" — ").map(|(_, m)| capital(m)))
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}
