//! The world map panel: the diamond of Domains, the path taken, where the traveller may go,
//! and the marker travelling along the route while a Domain is entered.

use super::Ctx;
use super::map_marks as marks;
use crate::core::state::Phase;
use crate::core::{Action, Event, legal_actions};
use crate::present::stage::MomentKind;
use crate::ui::map;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// The Domains the traveller may go to now (the route choice), by map index.
pub fn reachable(s: &crate::core::State) -> Vec<usize> {
    legal_actions(s)
        .iter()
        .filter_map(|a| match a {
            Action::Go { domain } => s.cards.domain_by_str(domain).map(|d| d.index as usize),
            _ => None,
        })
        .collect()
}

/// The Domains reachable from the current one once it is cleared.
fn neighbours(s: &crate::core::State) -> Vec<usize> {
    s.cards
        .domain(s.domain)
        .links
        .iter()
        .filter(|d| !s.cleared.contains(d))
        .map(|d| d.index as usize)
        .collect()
}

pub fn draw(cx: &Ctx) {
    let s = cx.s();
    let l = cx.l;
    let fonts = cx.fonts;
    style::text(
        "The Domains",
        l.map.x + 14.0,
        l.map.y + 27.0,
        &fonts.serif,
        text::HEADING,
        colour::GOLD,
    );
    let ml = cx.frame.map_for(cx.map, l);
    let centre = |i: usize| ml.tiles[i].center();
    for &(a, b) in &cx.map.links {
        style::dashed_line(centre(a), centre(b), 1.5, 6.0, 6.0, fade(style::dim(), 0.6));
    }
    // The path taken; while a Domain is entered, the last leg draws itself.
    let entering = cx.playing(|k| *k == MomentKind::DomainEntered);
    let legs = cx.scene.path.windows(2).count();
    for (n, w) in cx.scene.path.windows(2).enumerate() {
        let (a, b) = (centre(w[0].index as usize), centre(w[1].index as usize));
        let p = match entering {
            Some(m) if n + 1 == legs => m.tail_progress(),
            _ => 1.0,
        };
        let end = a + (b - a) * p;
        draw_line(a.x, a.y, end.x, end.y, 4.0, fade(colour::GOLD, 0.85));
        if p < 1.0 {
            style::glow(end, 16.0, fade(colour::GOLD, 0.6));
            draw_circle(end.x, end.y, 6.0, colour::GOLD);
        }
    }
    let route = s.phase == Phase::Route;
    let reach = if route { reachable(s) } else { neighbours(s) };
    let hovered = map::hit(&ml, cx.mouse);
    let size = marks::name_size(cx, &ml);
    let sealing = cx
        .playing(|k| *k == MomentKind::DomainCleared)
        .and_then(|m| match &m.event {
            Some(Event::DomainCleared { domain }) => Some((domain.index as usize, m)),
            _ => None,
        });
    for (i, tile) in cx.map.tiles.iter().enumerate() {
        let r = ml.tiles[i];
        let d = s.cards.domain_refs()[i];
        let cleared = s.cleared.contains(&d);
        let current = d == s.domain && !cleared;
        let reachable = reach.contains(&i);
        let (fill, border, ink, width) = if current {
            (
                mix(colour::TILE, colour::GOLD, 0.25),
                colour::GOLD,
                colour::PARCHMENT,
                3.0,
            )
        } else if cleared {
            (
                mix(colour::TILE, colour::SEA_LIGHT, 0.10),
                fade(colour::SEA_LIGHT, 0.5),
                fade(colour::PARCHMENT, 0.8),
                1.5,
            )
        } else if reachable {
            let pulse = if route {
                0.6 + 0.4 * (cx.t * 3.0).sin().abs()
            } else {
                0.75
            };
            (
                colour::TILE,
                fade(colour::SEA_LIGHT, pulse),
                colour::PARCHMENT,
                if route { 2.5 } else { 1.5 },
            )
        } else {
            // Out of reach: dim, but still readable.
            (
                mix(colour::TILE, BLACK, 0.3),
                fade(style::dim(), 0.45),
                mix(style::dim(), colour::PARCHMENT, 0.35),
                1.0,
            )
        };
        if current {
            style::glow(r.center(), r.w * 0.7, fade(colour::GOLD, 0.25));
        }
        let fill = if route && reachable && hovered == Some(i) {
            mix(fill, colour::SEA_LIGHT, 0.25)
        } else {
            fill
        };
        style::card(
            r,
            6.0,
            width,
            Color::new(fill.r, fill.g, fill.b, 1.0),
            border,
        );
        // The Domain's emblem, faint behind its name, in its palette.
        if let Some(e) = tile.emblem {
            let side = (r.h - 6.0).min(r.w * 0.6);
            crate::ui::art::draw(e, r.center(), side, fade(tile.tint, 0.22));
        }
        let lines = style::wrap(&tile.name, r.w - 10.0, |x| {
            style::width(x, &fonts.serif, size)
        });
        let drawn = style::scaled(size) as f32;
        let lh = drawn * 1.05;
        // Every line: a name is never cut (`name_size` keeps it to two where it can).
        let shown = lines.len();
        let mut y = r.center().y - lh * shown as f32 / 2.0 + drawn * 0.8;
        for line in &lines {
            style::text_centred(line, r.center().x, y, &fonts.serif, size, ink);
            y += lh;
        }
        let seal = match sealing {
            Some((at, m)) if at == i => Some(m.tail_progress()),
            _ if cleared => Some(1.0),
            _ => None,
        };
        if let Some(p) = seal {
            marks::draw_seal(r, p);
        }
    }
    super::map_guardian::draw_rumour_marks(cx, &ml);
    super::map_guardian::draw_badge(cx, &ml);
    marks::draw_legend(cx, route);
    if cx.objective {
        super::objective::draw(cx, &ml);
    }
}
