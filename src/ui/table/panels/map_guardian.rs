//! The Guardian on the map from the first flip: its card above the top row, one mark per
//! requirement and seal (a ring while sealed; once its terms are learned, where it stands
//! by the core's own plan: a green tick met, a gold dot open, a red cross lost for good),
//! and a rumour mark on each Domain a learned entry points to. What is shown comes from
//! `present::guardian`, which never gives an unlearned entry's terms.

use super::Ctx;
use crate::core::plan::TermStatus;
use crate::present::guardian::{guardian_view, rumours};
use crate::ui::map;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

/// The Guardian's card on the map: its name, then one mark per entry.
pub fn draw_badge(cx: &Ctx, ml: &map::MapGeometry) {
    let s = cx.s();
    let fonts = cx.fonts;
    let r = map::guardian_badge(ml);
    let hovered = r.contains(cx.mouse);
    let border = if hovered {
        colour::GOLD
    } else {
        fade(colour::SEA_LIGHT, 0.8)
    };
    style::card(
        r,
        6.0,
        1.5,
        mix(colour::TILE, colour::SEA_LIGHT, 0.08),
        border,
    );
    let g = guardian_view(s);
    style::text_centred(
        &g.name,
        r.center().x,
        r.y + 17.0,
        &fonts.serif,
        text::LABEL,
        colour::SEA_LIGHT,
    );
    let n = g.entries.len();
    let known = g.entries.iter().filter(|e| e.known).count();
    let lost = g
        .entries
        .iter()
        .filter(|e| e.status == TermStatus::Lost)
        .count();
    let met = g
        .entries
        .iter()
        .filter(|e| e.status == TermStatus::Met)
        .count();
    let caption = match (n, known) {
        _ if lost > 0 => format!("{lost} lost for good"),
        (0, _) => "no seals".to_string(),
        (n, 0) => format!("{n} sealed"),
        _ if met > 0 => format!("{met} met, {known} of {n} known"),
        (n, k) if k == n => "all terms known".to_string(),
        (n, k) => format!("{k} of {n} known"),
    };
    let pip = 6.0;
    let gap = 18.0;
    let cap_w = style::width(&caption, &fonts.italic, text::SMALL);
    let total = n as f32 * gap + 8.0 + cap_w;
    let mut x = r.center().x - total / 2.0 + pip;
    let y = r.bottom() - 11.0;
    for e in &g.entries {
        draw_mark(vec2(x, y), e.status);
        x += gap;
    }
    style::text(
        &caption,
        x - pip + 4.0,
        y + 5.0,
        &fonts.italic,
        text::SMALL,
        fade(colour::PARCHMENT, 0.9),
    );
}

/// An entry's mark: a tick met, a gold dot open, a red cross lost for good, a ring while
/// sealed.
pub fn draw_mark(c: Vec2, status: TermStatus) {
    let (x, y, pip) = (c.x, c.y, 6.0);
    match status {
        TermStatus::Met => {
            draw_circle(x, y, pip, colour::SEA_LIGHT);
            draw_line(x - 3.0, y, x - 0.5, y + 3.0, 1.8, colour::TILE);
            draw_line(x - 0.5, y + 3.0, x + 3.5, y - 3.0, 1.8, colour::TILE);
        }
        TermStatus::Lost => {
            draw_circle(x, y, pip, colour::ERROR);
            draw_line(x - 3.0, y - 3.0, x + 3.0, y + 3.0, 1.8, colour::TILE);
            draw_line(x - 3.0, y + 3.0, x + 3.0, y - 3.0, 1.8, colour::TILE);
        }
        TermStatus::Open => draw_circle(x, y, pip, colour::GOLD),
        TermStatus::Unknown => {
            draw_circle(x, y, pip, colour::TILE);
            draw_circle_lines(x, y, pip, 1.5, fade(colour::SEA_LIGHT, 0.9));
        }
    }
}

/// A small gold mark on each Domain a learned entry points to (the pieces it names lie
/// there): on the map at every moment, and so on the route choice.
pub fn draw_rumour_marks(cx: &Ctx, ml: &map::MapGeometry) {
    let mut marked: Vec<usize> = rumours(cx.s()).into_iter().map(|(i, _)| i).collect();
    marked.dedup();
    for i in marked {
        let Some(r) = ml.tiles.get(i) else {
            continue;
        };
        let c = vec2(r.x + 3.0, r.y + 3.0);
        style::diamond(c, 7.0, colour::TILE);
        style::diamond(c, 5.5, colour::GOLD);
    }
}

/// The tips of the Guardian's card and of each marked Domain.
pub fn tips(s: &crate::core::State, ml: &map::MapGeometry) -> Vec<(Rect, String)> {
    let g = guardian_view(s);
    let mut lines = vec![format!("{}: {}", g.name, s.cards.guardian.text)];
    for e in &g.entries {
        let title = crate::present::words::entry_title(e.kind, &e.name);
        let stands = match (e.status, &e.why) {
            (TermStatus::Met, _) => " Met now.".to_string(),
            (TermStatus::Open, _) => match &e.needs {
                Some(n) => format!(" Open: it needs {n}."),
                None => " Open: still within reach.".to_string(),
            },
            (TermStatus::Lost, Some(why)) => format!(" Lost for good: {why}."),
            (TermStatus::Lost, None) => " Lost for good.".to_string(),
            (TermStatus::Unknown, _) => String::new(),
        };
        lines.push(match &e.text {
            Some(t) => format!("{title}: {t}{stands}"),
            None => format!(
                "{title}: sealed. Its terms are not yet known; rumours on the road tell them."
            ),
        });
    }
    if !g.together {
        lines.push(crate::present::guardian::APART.to_string());
    }
    lines.push("Click it, or press 0, for the terms in full.".to_string());
    let mut out = vec![(map::guardian_badge(ml), lines.join("\n"))];
    let said = rumours(s);
    for (i, r) in ml.tiles.iter().enumerate() {
        let here: Vec<&str> = said
            .iter()
            .filter(|(d, _)| *d == i)
            .map(|(_, l)| l.as_str())
            .collect();
        if !here.is_empty() {
            out.push((*r, here.join("\n")));
        }
    }
    out
}
