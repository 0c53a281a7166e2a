//! The map panel's smaller parts: one size for every Domain's name, a cleared Domain's
//! seal, and the legend under the map.

use super::Ctx;
use super::tables::shortest_fit;
use crate::ui::cardface::READABLE;
use crate::ui::map;
use crate::ui::style::{self, colour, fade};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// One size for every name: the largest at which each fits in two lines, whole words.
pub fn name_size(cx: &Ctx, ml: &map::MapGeometry) -> u16 {
    let fonts = cx.fonts;
    cx.map
        .tiles
        .iter()
        .enumerate()
        .map(|(i, tile)| {
            let w = ml.tiles[i].w - 10.0;
            (READABLE..=17u16)
                .rev()
                .find(|&z| {
                    let m = |x: &str| style::width(x, &fonts.serif, z);
                    let lines = style::wrap(&tile.name, w, m);
                    lines.len() <= 2
                        && lines.iter().all(|l| m(l) <= w)
                        && tile.name.split_whitespace().all(|word| m(word) <= w)
                })
                .unwrap_or(READABLE)
        })
        .min()
        .unwrap_or(14)
}

/// A cleared Domain's seal: a ring with a tick on the tile's corner (clear of its name),
/// drawn as it closes.
pub fn draw_seal(r: Rect, p: f32) {
    let c = vec2(r.right() - 2.0, r.y + 2.0);
    let col = colour::SEA_LIGHT;
    let radius = 7.0 + 10.0 * (1.0 - p);
    draw_circle(c.x, c.y, 7.5, fade(colour::TILE, p));
    draw_circle_lines(c.x, c.y, radius, 1.5, fade(col, p));
    if p > 0.5 {
        draw_line(c.x - 4.0, c.y, c.x - 1.0, c.y + 3.0, 2.0, col);
        draw_line(c.x - 1.0, c.y + 3.0, c.x + 4.0, c.y - 4.0, 2.0, col);
    }
}

/// The line under the map: how to read it, or how to choose the route.
pub fn draw_legend(cx: &Ctx, route: bool) {
    let (l, fonts) = (cx.l, cx.fonts);
    let forms: &[&str] = if route {
        &[
            "Click a glowing Domain to travel there.",
            "Click a glowing Domain.",
        ]
    } else {
        &[
            "Gold: here · bright edge: next · seal: cleared",
            "Gold: here · bright: next · seal: cleared",
        ]
    };
    let room = l.map.w - 28.0;
    let legend_size = style::fit_size(forms[0], &fonts.italic, text::LABEL, text::SMALL, room);
    let forms: Vec<String> = forms.iter().map(|f| f.to_string()).collect();
    let legend = shortest_fit(&forms, room, |x| {
        style::width(x, &fonts.italic, legend_size)
    });
    style::text(
        &legend,
        l.map.x + 14.0,
        l.map.bottom() - 12.0,
        &fonts.italic,
        legend_size,
        fade(colour::PARCHMENT, 0.8),
    );
}
