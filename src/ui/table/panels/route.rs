//! The route choice on the stage: the Domains the traveller can go to next, as cards.

use super::{Ctx, map};
use crate::ui::cardface;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::{Layout, text};
use macroquad::prelude::*;

/// The Domains to choose from, as cards in the stage (also clickable).
pub fn route_cards(s: &crate::core::State, l: &Layout) -> Vec<(Rect, usize)> {
    let reach = map::reachable(s);
    let n = reach.len().clamp(1, 3) as f32;
    let st = l.stage;
    let gap = 18.0;
    let w = ((st.w - 40.0 - gap * (n - 1.0)) / n).min(280.0);
    let h = (st.h - 76.0).min(w * 0.75);
    let x0 = st.center().x - (n * w + (n - 1.0) * gap) / 2.0;
    reach
        .into_iter()
        .take(3)
        .enumerate()
        .map(|(k, i)| (Rect::new(x0 + k as f32 * (w + gap), st.y + 56.0, w, h), i))
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
        cardface::text_block(
            &d.theme,
            Rect::new(r.x + 12.0, r.y + 18.0 + used, r.w - 24.0, r.h - used - 28.0),
            &fonts.italic,
            text::BODY,
            text::SMALL,
            fade(colour::PARCHMENT, 0.85),
        );
    }
}
