//! The prompt panel: what the game asks (from the shown state), whose turn it is with a
//! Guide, the choice buttons of the frame, the controls and a reminder of the keys. While
//! a moment plays the buttons wait, dimmed; while a card is held to be read, the prompt
//! says how to go on.

use super::Ctx;
use crate::core::Action;
use crate::core::state::{Phase, Role};
use crate::present::prompt;
use crate::ui::guide;
use crate::ui::style::{self, colour, fade, mix};
use crate::ui::table::frame::{Button, Control};
use crate::ui::table::layout::text;
use macroquad::prelude::*;

pub fn draw(cx: &Ctx) {
    let s = cx.s();
    let fonts = cx.fonts;
    let r = cx.l.prompt;
    let mut text_w = r.w - 28.0;
    let holding = cx.moment.is_some_and(|m| m.holding());
    if s.guide && s.phase != Phase::Over {
        // A card held up to be read is the Guide's to read aloud: the Guide's moment.
        let who = if holding { Role::Guide } else { s.role() };
        let label = format!("{}'s turn", guide::role_name(who));
        let w = style::width(&label, &fonts.serif, text::LABEL) + 24.0;
        let badge = Rect::new(r.right() - 12.0 - w, r.y + 10.0, w, 28.0);
        let col = guide::role_colour(who);
        style::card(badge, 13.0, 1.5, mix(colour::TILE, col, 0.25), col);
        style::text_centred(
            &label,
            badge.center().x,
            badge.y + 19.0,
            &fonts.serif,
            text::LABEL,
            col,
        );
        text_w -= w + 12.0;
    }
    let words = if holding && cx.reading_left.is_some() {
        "Read it; the run goes on by itself. Any key, Space or a click goes on at once.".to_string()
    } else if holding {
        "Take your time to read it. Any key, Space or a click goes on.".to_string()
    } else if let Some(detail) = cx.scene.loss_detail() {
        // The loss in the scene's words (a duel's names the foe, not its face).
        format!("The run is lost. {detail}")
    } else if reroll_window(s) && !cx.lesson {
        // Alone, a reroll's key rerolls and any other letter accepts (ui::table).
        format!(
            "{} A reroll's key rerolls; any other letter accepts.",
            prompt(s).text
        )
    } else {
        prompt(s).text
    };
    crate::ui::cardface::text_block(
        &words,
        Rect::new(r.x + 14.0, r.y + 8.0, text_w, 50.0),
        &fonts.serif,
        text::BODY + 1,
        text::LABEL,
        colour::PARCHMENT,
    );
    let mut right_of_controls = r.x;
    for (cr, c, label) in &cx.frame.geometry.controls {
        let on = match c {
            Control::Peek => false,
            // Lit while a page follows the run.
            Control::Link => label.ends_with("following"),
            Control::Dice(who) => cx.table_dice[*who as usize],
        };
        let col = match c {
            Control::Peek | Control::Link | Control::Dice(Role::Guide) => colour::GUIDE,
            Control::Dice(Role::Traveller) => colour::GOLD,
        };
        let hover = cr.contains(cx.mouse);
        let fill = mix(colour::TILE, col, if on || hover { 0.3 } else { 0.08 });
        style::card(*cr, 5.0, 1.0, fill, fade(col, if on { 0.9 } else { 0.45 }));
        style::text(
            label,
            cr.x + 10.0,
            cr.y + 18.0,
            &fonts.serif,
            text::SMALL,
            colour::PARCHMENT,
        );
        right_of_controls = cr.right();
    }
    let menu = crate::ui::hints::name(crate::ui::hints::Key::Menu);
    let hints = if crate::ui::hints::on_pad() {
        [
            format!("{menu}: menu · D-pad: move, and read what it is on"),
            format!("{menu}: menu · D-pad: move"),
            format!("{menu}: menu"),
        ]
    } else {
        [
            format!("{menu}: menu · hover anything to have it explained"),
            format!("{menu}: menu · hover to explain"),
            format!("{menu}: menu"),
        ]
    };
    for hint in &hints {
        let w = style::width(hint, &fonts.italic, text::SMALL);
        if r.right() - 14.0 - w > right_of_controls + 16.0 {
            style::text_right(
                hint,
                r.right() - 14.0,
                r.bottom() - 15.0,
                &fonts.italic,
                text::SMALL,
                fade(colour::PARCHMENT, 0.65),
            );
            break;
        }
    }
    let guides_turn = s.guide && s.role() == Role::Guide;
    for b in &cx.frame.geometry.buttons {
        draw_button(cx, b, guides_turn);
    }
}

/// Dice just rolled alone, a reroll offered: any letter but a reroll's accepts them.
pub fn reroll_window(s: &crate::core::State) -> bool {
    let legal = crate::core::legal_actions(s);
    matches!(s.phase, Phase::Duel(_) | Phase::Pit(_))
        && !s.guide
        && legal.contains(&Action::Continue)
        && legal.iter().any(|a| matches!(a, Action::Reroll { .. }))
}

fn draw_button(cx: &Ctx, b: &Button, guides_turn: bool) {
    let fonts = cx.fonts;
    let hover = b.rect.contains(cx.mouse) && !cx.busy;
    let guides = guides_turn && !matches!(b.action, Some(Action::Abandon) | None);
    // A Guide's choice on the shared table: the Guide's colour, but no press here (the
    // Guide picks in the Guide's view or on the page).
    let guide_only = matches!(
        b.disabled.as_deref(),
        Some(crate::ui::table::GUIDE_PICKS_IN_VIEW | crate::ui::table::GUIDE_PICKS_ON_PAGE)
    );
    let (fill, border, ink) = if guide_only {
        (
            mix(colour::TILE, colour::GUIDE, 0.22),
            colour::GUIDE,
            colour::PARCHMENT,
        )
    } else if b.disabled.is_some() {
        (
            fade(colour::TILE, 0.9),
            fade(style::dim(), 0.6),
            mix(style::dim(), colour::PARCHMENT, 0.3),
        )
    } else if guides {
        (
            mix(colour::TILE, colour::GUIDE, if hover { 0.45 } else { 0.28 }),
            colour::GUIDE,
            colour::PARCHMENT,
        )
    } else if b.primary {
        (
            mix(colour::TILE, colour::GOLD, if hover { 0.45 } else { 0.3 }),
            colour::GOLD,
            colour::PARCHMENT,
        )
    } else {
        (
            mix(
                colour::TILE,
                colour::SEA_LIGHT,
                if hover { 0.3 } else { 0.12 },
            ),
            fade(colour::SEA_LIGHT, 0.7),
            colour::PARCHMENT,
        )
    };
    // While the stage plays, the buttons wait: shown, dimmed.
    let a = if cx.busy { 0.45 } else { 1.0 };
    let fill = mix(colour::TILE, fill, a);
    style::card(
        b.rect,
        7.0,
        1.5,
        Color::new(fill.r, fill.g, fill.b, 1.0),
        fade(border, a),
    );
    let mut x = b.rect.x + 12.0;
    if let Some(k) = &b.key {
        let kw = style::width(k, &fonts.mono, text::SMALL) + 8.0;
        let kr = Rect::new(x, b.rect.center().y - 10.0, kw, 20.0);
        style::rounded_rect(kr, 3.0, fade(BLACK, 0.35));
        style::text(
            k,
            kr.x + 4.0,
            kr.y + 15.0,
            &fonts.mono,
            text::SMALL,
            fade(colour::PARCHMENT, 0.9 * a),
        );
        x += kw + 8.0;
    }
    // One line centred on the button, or its lines a step apart around its middle.
    let n = b.lines.len().max(1);
    let step = crate::ui::table::frame::line_step(n, b.size);
    let first = b.rect.center().y + b.size as f32 * 0.33 - (n - 1) as f32 * step / 2.0;
    if b.lines.is_empty() {
        style::text(&b.label, x, first, &fonts.serif, b.size, fade(ink, a));
    }
    for (i, line) in b.lines.iter().enumerate() {
        let base = first + i as f32 * step;
        style::text(line, x, base, &fonts.serif, b.size, fade(ink, a));
    }
}
