//! The notice that a term of the Guardian is lost for good: said at once, in words, with
//! what lost it, and the three ways on (play on for the road, the same run again from its
//! start, a new run). Its rectangles are computed once ([`rects`]) and read by the drawing
//! and the clicks alike.

use crate::ui::style::{self, Fonts, colour, fade, mix};
use crate::ui::table::layout::{Layout, text};
use macroquad::prelude::*;

/// A term lost for good, as the notice tells it.
#[derive(Debug, Clone, PartialEq)]
pub struct Lost {
    /// The requirement's or seal's name.
    pub name: String,
    /// Why it is out of reach, in a player's words.
    pub why: String,
    /// The card that lost it, if a card did (a route has none).
    pub by: Option<String>,
    /// Not one term but the terms together: each can still be met, not all on one road.
    pub apart: bool,
}

impl Lost {
    /// The notice that the known terms still open can no longer be met on one road.
    pub fn apart(s: &crate::core::State) -> Lost {
        use crate::core::plan::{TermStatus, known_status};
        let names: Vec<String> = s
            .cards
            .entries()
            .enumerate()
            .filter(|(i, _)| {
                u8::try_from(*i).is_ok_and(|ix| {
                    matches!(known_status(s, ix).0, TermStatus::Open | TermStatus::Met)
                })
            })
            .map(|(_, e)| e.name.clone())
            .collect();
        Lost {
            name: names.join(" and "),
            why: format!(
                "no one road from here meets {} together: each can still be met, but not all",
                names.join(" and ")
            ),
            by: None,
            apart: true,
        }
    }

    /// The notice's title.
    pub fn title(&self) -> String {
        if self.apart {
            "No road meets every term now".to_string()
        } else {
            format!("{} is lost for good", self.name)
        }
    }
}

/// The three ways on, in order, with their keys.
pub const CHOICES: [(&str, &str); 3] = [
    ("Enter", "Play on for the road"),
    ("A", "Again (same run)"),
    ("N", "New run"),
];

/// The notice's panel and its three buttons.
pub fn rects(l: &Layout) -> (Rect, [Rect; 3]) {
    let w = 640.0f32.min(l.size.x - 40.0);
    let h = 210.0;
    let panel = Rect::new(l.size.x / 2.0 - w / 2.0, l.size.y / 2.0 - h / 2.0, w, h);
    let bw = (w - 80.0) / 3.0;
    let y = panel.bottom() - 64.0;
    let b = |i: f32| Rect::new(panel.x + 20.0 + i * (bw + 20.0), y, bw, 44.0);
    (panel, [b(0.0), b(1.0), b(2.0)])
}

/// Draws the notice over the darkened table.
pub fn draw(lost: &Lost, fonts: &Fonts, l: &Layout, mouse: Vec2) {
    draw_rectangle(0.0, 0.0, l.size.x, l.size.y, fade(BLACK, 0.6));
    let (panel, buttons) = rects(l);
    style::card(panel, 12.0, 2.0, colour::TILE, colour::ERROR);
    style::text_centred(
        &lost.title(),
        panel.center().x,
        panel.y + 40.0,
        &fonts.serif,
        text::TITLE,
        colour::ERROR,
    );
    let cause = match &lost.by {
        Some(card) => format!("After {card}: {}.", lost.why),
        None => format!("{}.", capital(&lost.why)),
    };
    let body = format!(
        "{cause} The Guardian can no longer be beaten on this run: the road goes on, but the crossing cannot be won."
    );
    crate::ui::cardface::text_block(
        &body,
        Rect::new(panel.x + 28.0, panel.y + 60.0, panel.w - 56.0, 110.0),
        &fonts.serif,
        text::BODY,
        text::SMALL,
        colour::PARCHMENT,
    );
    for (r, (key, label)) in buttons.iter().zip(CHOICES) {
        let on = r.contains(mouse);
        let fill = if on {
            mix(colour::TILE, colour::GOLD, 0.3)
        } else {
            colour::TILE
        };
        style::card(*r, 7.0, 1.5, fill, colour::GOLD);
        let words = format!("{key}  {label}");
        let size = style::fit_size(
            &words,
            &fonts.serif,
            text::LABEL,
            crate::ui::cardface::READABLE,
            r.w - 16.0,
        );
        style::text_centred(
            &words,
            r.center().x,
            r.y + 28.0,
            &fonts.serif,
            size,
            colour::PARCHMENT,
        );
    }
}

/// `s` with its first letter in capitals.
fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
