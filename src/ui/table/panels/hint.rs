//! The lesson's hint on the table: a panel over the Domain band saying what to do now, a
//! glowing ring around the slot, button or Domain to use, and, once the lesson's run is
//! won, its end panel. The words come from `present::lesson`; what the ring surrounds is
//! [`target`], also the point the lesson's trace names for tests.

use super::{Ctx, route};
use crate::present::lesson::{self, Lesson, Want};
use crate::ui::hints;
use crate::ui::style::{self, Fonts, colour, fade, mix};
use crate::ui::table::frame::{Button, Frame};
use crate::ui::table::layout::{Layout, text};
use macroquad::prelude::*;

/// What the hint is about now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Now {
    /// A step to do (its index).
    Step(usize),
    /// A card held up to be read: any key or click goes on.
    Hold,
    /// The lesson's run is over (won, or, off the script, lost).
    End,
}

impl Now {
    /// The trace's word for it (`FORWARD_LESSON_TRACE`).
    pub fn name(self) -> String {
        match self {
            Now::Step(i) => lesson::STEPS
                .get(i)
                .map_or_else(|| "done".into(), |s| s.id.to_string()),
            Now::Hold => "hold".into(),
            Now::End => "finished".into(),
        }
    }
}

/// The rectangles the hint points at now, in layout units (the first is the one to use).
pub fn target(
    now: Now,
    s: &crate::core::State,
    lesson: &Lesson,
    frame: &Frame,
    l: &Layout,
) -> Vec<Rect> {
    let buttons = |keep: &dyn Fn(&Button) -> bool| -> Vec<Rect> {
        frame
            .geometry
            .buttons
            .iter()
            .filter(|b| keep(b))
            .map(|b| b.rect)
            .collect()
    };
    match now {
        Now::Hold | Now::End => buttons(&|b| b.primary),
        Now::Step(_) => match lesson.step().map(|st| st.want) {
            Some(Want::Flip(id)) => lesson::slot_of(s, id)
                .and_then(|i| l.slots().get(i as usize).copied())
                .into_iter()
                .collect(),
            Some(Want::Go(id)) => route::route_cards(s, l)
                .into_iter()
                .filter(|(_, i)| s.cards.domains[*i].id.0 == id)
                .map(|(r, _)| r)
                .collect(),
            Some(_) => buttons(&|b| {
                b.disabled.is_none() && b.action.as_ref().is_some_and(|a| lesson.allows(s, a))
            }),
            None => Vec::new(),
        },
    }
}

/// The hint's panel: over the Domain's title card, left of the deck and the discard; in a
/// Guardian's duel, where its name and Health stand there, over the log instead, so that the
/// hint never covers what it teaches.
pub fn panel_rect(l: &Layout, s: &crate::core::State) -> Rect {
    if s.duel().is_some_and(|d| d.card.is_none()) {
        l.log
    } else {
        l.band().title
    }
}

/// The hint and its ring (the stage is idle or holding; nothing while a moment plays).
pub fn draw(cx: &Ctx, lesson: &Lesson, now: Now, rings: &[Rect]) {
    let fonts = cx.fonts;
    let r = panel_rect(cx.l, cx.s());
    let pulse = 0.5 + 0.5 * (cx.t * 3.0).sin();
    let (heading, words) = match now {
        Now::Step(i) => match lesson.step() {
            Some(st) => (
                format!("Lesson {} of {} · {}", i + 1, lesson::STEPS.len(), st.title),
                st.words.to_string(),
            ),
            None => return,
        },
        Now::Hold => (
            "Lesson · read the card".to_string(),
            lesson::HOLD.to_string(),
        ),
        Now::End => return,
    };
    style::card(
        r,
        9.0,
        2.5,
        mix(colour::TILE, colour::SEA_LIGHT, 0.18),
        colour::GOLD,
    );
    let inner = r.w - 24.0;
    let size = style::fit_size(&heading, &fonts.serif, text::TITLE, text::LABEL, inner);
    style::text(
        &heading,
        r.x + 12.0,
        r.y + 28.0,
        &fonts.serif,
        size,
        colour::GOLD,
    );
    let how = how_to(now, cx.frame, lesson, cx.s());
    let body = text::BODY;
    let lh = style::scaled(body) as f32 * 1.2;
    let lines = style::wrap(&words, inner, |x| style::width(x, &fonts.serif, body));
    // The key line keeps its place at the bottom; the words take what is left.
    let room = ((r.h - 40.0 - 26.0) / lh).floor().max(1.0) as usize;
    for (k, line) in lines.iter().take(room).enumerate() {
        style::text(
            line,
            r.x + 12.0,
            r.y + 52.0 + k as f32 * lh,
            &fonts.serif,
            body,
            colour::PARCHMENT,
        );
    }
    let how = style::ellipsize(&how, inner, |x| style::width(x, &fonts.italic, text::LABEL));
    style::text(
        &how,
        r.x + 12.0,
        r.bottom() - 10.0,
        &fonts.italic,
        text::LABEL,
        mix(colour::GOLD, colour::PARCHMENT, 0.5),
    );
    for ring in rings {
        ring_around(*ring, pulse);
    }
}

/// The key that does the step now: a slot's number, or the key on the step's button
/// (Enter to go on from a held card or from the end).
pub fn key_for(now: Now, frame: &Frame, lesson: &Lesson, s: &crate::core::State) -> Option<String> {
    match now {
        Now::Hold | Now::End => Some(confirm().into()),
        Now::Step(_) => match lesson.step()?.want {
            Want::Flip(id) => lesson::slot_of(s, id).map(|i| (i + 1).to_string()),
            _ => frame
                .geometry
                .buttons
                .iter()
                .find(|b| b.action.as_ref().is_some_and(|a| lesson.allows(s, a)))
                .and_then(|b| b.key.clone()),
        },
    }
}

/// How to do the step: its key, or a click.
fn how_to(now: Now, frame: &Frame, lesson: &Lesson, s: &crate::core::State) -> String {
    if now == Now::Hold {
        return format!("→ Press {}, or click anywhere on the table.", confirm());
    }
    let what = match lesson.step().map(|st| st.want) {
        Some(Want::Flip(_)) => "the glowing card",
        Some(Want::Go(_)) => "the glowing Domain",
        Some(Want::Choose) => "an option",
        _ => "the glowing button",
    };
    if hints::on_pad() {
        return format!("→ Move to {what} with the D-pad, then press {}.", confirm());
    }
    match key_for(now, frame, lesson, s) {
        Some(k) => format!("→ Press {k}, or click {what}."),
        None => format!("→ Click {what}."),
    }
}

/// The name of the key that confirms on the device last used.
fn confirm() -> &'static str {
    hints::name(hints::Key::Confirm)
}

/// A pulsing gold ring just outside `r`.
fn ring_around(r: Rect, pulse: f32) {
    let grow = 5.0 + 3.0 * pulse;
    let outer = Rect::new(r.x - grow, r.y - grow, r.w + 2.0 * grow, r.h + 2.0 * grow);
    style::rounded_outline(outer, 10.0, 3.0, fade(colour::GOLD, 0.65 + 0.35 * pulse));
}

/// The end of the lesson, kindly, over the stage (instead of a run's recap).
pub fn draw_end(cx: &Ctx) {
    let fonts = cx.fonts;
    let r = cx.l.end_panel();
    let won = matches!(cx.s().outcome, Some(crate::core::Outcome::Won));
    style::card(
        r,
        12.0,
        3.0,
        mix(colour::TILE, colour::GOLD, 0.1),
        colour::GOLD,
    );
    let title = if won {
        lesson::END_TITLE
    } else {
        "The lesson is over"
    };
    let size = style::fit_size(title, &fonts.serif, 40, text::TITLE, r.w - 40.0);
    style::text_centred(
        title,
        r.center().x,
        r.y + 56.0,
        &fonts.serif,
        size,
        colour::GOLD,
    );
    let words = if won {
        lesson::END_WORDS
    } else {
        lesson::END_LOST
    };
    let below = para(words, r, r.y + 104.0, fonts);
    if won {
        // What was learned, three to a row, each with a gold diamond.
        let col_w = (r.w - 64.0) / 3.0;
        for (i, what) in lesson::LEARNED.iter().enumerate() {
            let x = r.x + 32.0 + (i % 3) as f32 * col_w;
            let y = below + 20.0 + (i / 3) as f32 * 30.0;
            style::diamond(vec2(x + 6.0, y - 6.0), 5.0, colour::GOLD);
            let size = style::fit_size(what, &fonts.serif, text::LABEL, text::SMALL, col_w - 26.0);
            style::text(what, x + 20.0, y, &fonts.serif, size, colour::PARCHMENT);
        }
    }
    let back = format!("{}, or the button below: back to the title.", confirm());
    style::text_centred(
        &back,
        r.center().x,
        r.bottom() - 24.0,
        &fonts.italic,
        text::LABEL,
        colour::PARCHMENT,
    );
}

/// Centred running text from `top`; returns the baseline after its last line.
fn para(words: &str, r: Rect, top: f32, fonts: &Fonts) -> f32 {
    let lh = style::scaled(text::BODY) as f32 * 1.3;
    let lines = style::wrap(words, r.w - 64.0, |x| {
        style::width(x, &fonts.serif, text::BODY)
    });
    for (i, line) in lines.iter().enumerate() {
        style::text_centred(
            line,
            r.center().x,
            top + i as f32 * lh,
            &fonts.serif,
            text::BODY,
            colour::PARCHMENT,
        );
    }
    top + lines.len() as f32 * lh
}
