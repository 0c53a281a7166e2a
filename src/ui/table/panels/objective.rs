//! The Guardian's terms as the run's objective: a panel that opens from the Guardian's
//! card on the map (a click on the card, or 0) over the map, listing each requirement and
//! seal: its terms once known, where its pieces are said to lie, and where it stands by
//! the core's own plan (met, open, or lost for good and why). Closed, the card's marks say
//! the same in brief. Its rectangle is computed once ([`rect`]) for drawing, clicks and
//! tips alike.

use super::Ctx;
use crate::core::plan::TermStatus;
use crate::core::state::State;
use crate::present::guardian::{guardian_view, where_said};
use crate::present::words;
use crate::ui::cardface::READABLE;
use crate::ui::map;
use crate::ui::style::{self, Fonts, colour, fade, mix};
use crate::ui::table::layout::{Layout, text};
use macroquad::prelude::*;

/// The key that opens and closes the panel: 0, the Guardian's number above the row's 1 to
/// 3 (every letter already belongs to a kind of choice).
pub const KEY: KeyCode = KeyCode::Key0;

/// The panel's place: from the Guardian's card down to the foot of the map panel.
pub fn rect(l: &Layout, ml: &map::MapGeometry) -> Rect {
    let badge = map::guardian_badge(ml);
    let top = badge.y;
    Rect::new(
        l.map.x + 8.0,
        top,
        l.map.w - 16.0,
        l.map.bottom() - 8.0 - top,
    )
}

/// One requirement or seal as the panel says it.
struct Entry {
    status: TermStatus,
    title: String,
    stands: String,
    terms: Option<String>,
    places: Vec<String>,
}

fn entries(s: &State) -> Vec<Entry> {
    guardian_view(s)
        .entries
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let stands = match (e.status, &e.why) {
                (TermStatus::Met, _) => "met".to_string(),
                (TermStatus::Open, _) => match &e.needs {
                    Some(n) => format!("open: it needs {n}"),
                    None => "open: still within reach".to_string(),
                },
                (TermStatus::Lost, Some(why)) => format!("lost for good: {why}"),
                (TermStatus::Lost, None) => "lost for good".to_string(),
                (TermStatus::Unknown, _) => "sealed: its terms are not yet known".to_string(),
            };
            Entry {
                status: e.status,
                title: words::entry_title(e.kind, &e.name),
                stands,
                terms: e.text,
                places: u8::try_from(i).map_or(Vec::new(), |ix| where_said(s, ix)),
            }
        })
        .collect()
}

/// The lines of an entry, each with its size, font (italic?) and ink, wrapped to `w`.
fn lines_of(e: &Entry, w: f32, show_terms: bool, fonts: &Fonts) -> Vec<(String, u16, bool, Color)> {
    let mut out = Vec::new();
    let wrap = |t: &str, size: u16, italic: bool| {
        let font = if italic { &fonts.italic } else { &fonts.serif };
        style::wrap(t, w, |x| style::width(x, font, size))
    };
    for l in wrap(&e.title, text::LABEL, false) {
        out.push((l, text::LABEL, false, colour::PARCHMENT));
    }
    let ink = ink(e.status);
    for l in wrap(&e.stands, READABLE, true) {
        out.push((l, READABLE, true, ink));
    }
    if let (true, Some(t)) = (show_terms, &e.terms) {
        for l in wrap(t, READABLE, false) {
            out.push((l, READABLE, false, fade(colour::PARCHMENT, 0.85)));
        }
    }
    // Where its pieces lie matters while it can still be met.
    if matches!(e.status, TermStatus::Open | TermStatus::Unknown) {
        for p in &e.places {
            for l in wrap(&format!("Said to be: {p}"), READABLE, true) {
                out.push((l, READABLE, true, colour::GOLD));
            }
        }
    }
    out
}

/// The colour of an entry's standing.
fn ink(status: TermStatus) -> Color {
    match status {
        TermStatus::Met => colour::SEA_LIGHT,
        TermStatus::Open => colour::GOLD,
        TermStatus::Lost => colour::ERROR,
        TermStatus::Unknown => fade(colour::PARCHMENT, 0.75),
    }
}

/// Height of a line of `size`.
fn line_h(size: u16) -> f32 {
    f32::from(style::scaled(size)) * 1.2
}

/// Draws the open panel over the map.
pub fn draw(cx: &Ctx, ml: &map::MapGeometry) {
    let (s, fonts) = (cx.s(), cx.fonts);
    let r = rect(cx.l, ml);
    style::card(
        r,
        8.0,
        2.0,
        mix(colour::TILE, colour::SEA_LIGHT, 0.06),
        colour::SEA_LIGHT,
    );
    let g = guardian_view(s);
    style::text(
        &format!("{}: the terms", g.name),
        r.x + 12.0,
        r.y + 24.0,
        &fonts.serif,
        text::LABEL + 1,
        colour::SEA_LIGHT,
    );
    let hint = "0 or a click closes";
    style::text(
        hint,
        r.x + 12.0,
        r.y + 42.0,
        &fonts.italic,
        READABLE,
        fade(colour::PARCHMENT, 0.7),
    );
    let list = entries(s);
    let w = r.w - 44.0;
    // No one road meets them all: said first, in the colour of a loss.
    let mut top = r.y + 52.0;
    if !g.together {
        let apart = style::wrap(crate::present::guardian::APART, r.w - 24.0, |x| {
            style::width(x, &fonts.italic, READABLE)
        });
        for l in apart {
            top += line_h(READABLE);
            style::text(
                &l,
                r.x + 12.0,
                top - 4.0,
                &fonts.italic,
                READABLE,
                colour::ERROR,
            );
        }
        top += 6.0;
    }
    let room = r.bottom() - top - 8.0;
    // Each entry's name, standing and places always; its terms where they fit, the open
    // entries' first (what is still to do), then the rest in order.
    let height = |show: &[bool]| -> f32 {
        list.iter()
            .zip(show)
            .map(|(e, t)| {
                lines_of(e, w, *t, fonts)
                    .iter()
                    .map(|l| line_h(l.1))
                    .sum::<f32>()
                    + 8.0
            })
            .sum()
    };
    let mut show = vec![false; list.len()];
    let open = (0..list.len()).filter(|&i| list[i].status == TermStatus::Open);
    let rest = (0..list.len()).filter(|&i| list[i].status != TermStatus::Open);
    for i in open.chain(rest).collect::<Vec<_>>() {
        show[i] = true;
        if height(&show) > room {
            show[i] = false;
        }
    }
    let mut y = top;
    for (e, terms) in list.iter().zip(&show) {
        let lines = lines_of(e, w, *terms, fonts);
        let Some(first) = lines.first() else {
            continue;
        };
        if y + line_h(first.1) > r.bottom() - 4.0 {
            break;
        }
        super::map_guardian::draw_mark(vec2(r.x + 18.0, y + 10.0), e.status);
        for (line, size, italic, col) in lines {
            let h = line_h(size);
            if y + h > r.bottom() - 4.0 {
                break;
            }
            let font = if italic { &fonts.italic } else { &fonts.serif };
            style::text(&line, r.x + 32.0, y + h * 0.8, font, size, col);
            y += h;
        }
        y += 8.0;
    }
}
