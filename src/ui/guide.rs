//! Guide mode at the table (two players, one screen): the Guide's view behind its "look
//! away" cover, and table dice (physical dice whose results are typed in).
//!
//! The view shows what the traveller must not see (the face-down row, the next cards of
//! the deck, the Guide notes to read aloud, the foe's faces), so it only opens in a run
//! with a Guide, and only after a cover has asked the traveller to look away.

use super::cardface;
use super::hints::{self, Key, Part};
use super::input::Input;
use super::style::{self, Fonts, colour, fade, mix};
use crate::core::state::{Phase, Role, Seen, State};
use crate::core::{Action, Die};
pub use crate::present::dice::{dice_needed, owner};
use crate::present::words;
use crate::present::{GUIDE_NEXT, guide_view};
use macroquad::prelude::*;

/// How long the cover stays up before a held Tab opens the view: time enough for the
/// traveller to turn away.
pub const COVER_TIME: f32 = 0.9;

/// The Guide's view: closed, covered (waiting), or open. `held`: opened by holding Tab
/// (it closes when Tab is let go), else by the button (it closes with Esc or a click).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Peek {
    Closed,
    Cover { since: f32, held: bool },
    Open { held: bool },
}

impl Peek {
    /// The next state for this frame's input at time `now`. Returns whether the input was
    /// taken (the table does nothing else with it).
    pub fn update(&mut self, input: &Input, now: f32) -> bool {
        let next = match *self {
            Peek::Closed if input.tab_held => Peek::Cover {
                since: now,
                held: true,
            },
            Peek::Closed => return false,
            Peek::Cover { held: true, .. } | Peek::Open { held: true } if !input.tab_held => {
                Peek::Closed
            }
            Peek::Cover { since, held: true } if now - since >= COVER_TIME => {
                Peek::Open { held: true }
            }
            Peek::Cover { held: false, .. } if input.back => Peek::Closed,
            Peek::Cover { held: false, .. } if input.activate || input.click => {
                Peek::Open { held: false }
            }
            Peek::Open { held: false } if input.back || input.activate || input.click => {
                Peek::Closed
            }
            other => other,
        };
        *self = next;
        true
    }
}

/// A roll waiting for physical dice: the action, whose dice they are, the values typed so
/// far, and the last refusal.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub action: Action,
    pub owner: Role,
    pub values: Vec<u8>,
    pub refused: Option<String>,
    /// The face the arrows (or a pad) picked out, 1 to 6, once one was pressed.
    pub cursor: Option<u8>,
}

/// What a key or click did to an entry.
#[derive(Debug, Clone, PartialEq)]
pub enum Typed {
    /// Nothing this frame.
    Nothing,
    /// A value was accepted; more are needed.
    More,
    /// All values are in: play the action with them.
    Done(Vec<u8>),
    /// The entry was cancelled (Esc): nothing happens.
    Cancelled,
}

impl Entry {
    pub fn new(action: Action, owner: Role) -> Entry {
        Entry {
            action,
            owner,
            values: Vec::new(),
            refused: None,
            cursor: None,
        }
    }

    /// Moves the picked face: Left/Up one down, Right/Down one up (the first press picks
    /// the face at that end of the row's middle). Returns whether it was an arrow.
    pub fn arrow(&mut self, key: KeyCode) -> bool {
        let by: i8 = match key {
            KeyCode::Left | KeyCode::Up => -1,
            KeyCode::Right | KeyCode::Down => 1,
            _ => return false,
        };
        self.cursor = Some(match self.cursor {
            None if by < 0 => 3,
            None => 4,
            Some(c) => (c as i8 + by).clamp(1, 6) as u8,
        });
        true
    }

    /// Takes one typed character or a click on a die face (`clicked`, 1 to 6); `back`
    /// (Esc) cancels. Only 1 to 6 are die faces: anything else is refused with a message,
    /// and nothing changes.
    pub fn update(
        &mut self,
        s: &State,
        key: Option<char>,
        back: bool,
        clicked: Option<u8>,
    ) -> Typed {
        if back {
            return Typed::Cancelled;
        }
        let value = match (clicked, key) {
            (Some(v), _) => v,
            (None, Some(c)) => match c.to_digit(10) {
                Some(d @ 1..=6) => d as u8,
                _ => {
                    self.refused = Some(format!(
                        "\u{201c}{c}\u{201d} is not a die face: type a number from 1 to 6."
                    ));
                    return Typed::Nothing;
                }
            },
            (None, None) => return Typed::Nothing,
        };
        self.refused = None;
        self.values.push(value);
        if dice_needed(s, &self.action, &self.values) == 0 {
            Typed::Done(std::mem::take(&mut self.values))
        } else {
            Typed::More
        }
    }

    /// What the next die is for, in words.
    pub fn what(&self, s: &State) -> String {
        let n = self.values.len();
        match (&self.action, &s.phase) {
            (Action::Roll, Phase::Duel(d)) if !s.guide && !d.status.skip => {
                if n == 0 { "your die" } else { "the foe's die" }.into()
            }
            (Action::Roll, Phase::Duel(d)) if !s.guide && d.status.skip => "the foe's die".into(),
            (Action::Roll, Phase::Duel(_)) => "your die".into(),
            (Action::RollFoe, _) => "the foe's die".into(),
            (Action::Roll, Phase::Pit(t)) => {
                let dice = s.cards.card(t.card).test.as_ref().map_or(1, |t| t.dice);
                if dice > 1 {
                    format!("test die {} of {dice}", n + 1)
                } else {
                    "the test".into()
                }
            }
            (Action::Reroll { die, .. }, _) => match die {
                Die::Traveller => "the reroll of your die".into(),
                Die::Foe => "the reroll of the foe's die".into(),
                Die::Test => "the reroll of the test die".into(),
            },
            _ => "what the card asks (a die it rolls)".into(),
        }
    }
}

/// The six clickable die faces of the entry box, for a window of `size`.
pub fn entry_faces(size: Vec2) -> [Rect; 6] {
    let b = entry_box(size);
    let d = 58.0;
    let gap = 14.0;
    let x0 = b.center().x - (6.0 * d + 5.0 * gap) / 2.0;
    std::array::from_fn(|i| Rect::new(x0 + i as f32 * (d + gap), b.y + 118.0, d, d))
}

fn entry_box(size: Vec2) -> Rect {
    let w = 560.0_f32.min(size.x - 40.0);
    let h = 262.0;
    Rect::new((size.x - w) / 2.0, (size.y - h) / 2.0, w, h)
}

/// The colour of a player: gold for the traveller, violet for the Guide.
pub fn role_colour(r: Role) -> Color {
    match r {
        Role::Traveller => colour::GOLD,
        Role::Guide => colour::GUIDE,
    }
}

/// "Traveller" or "Guide".
pub fn role_name(r: Role) -> &'static str {
    match r {
        Role::Traveller => "Traveller",
        Role::Guide => "Guide",
    }
}

/// The box asking for a physical die.
pub fn draw_entry(e: &Entry, s: &State, fonts: &Fonts, size: Vec2, mouse: Vec2) {
    draw_rectangle(0.0, 0.0, size.x, size.y, fade(BLACK, 0.55));
    let b = entry_box(size);
    let col = role_colour(e.owner);
    style::card(b, 12.0, 2.0, colour::TILE, col);
    let who = if s.guide {
        format!("{}, roll a die", role_name(e.owner))
    } else {
        "Roll a die".to_string()
    };
    style::text_centred(&who, b.center().x, b.y + 40.0, &fonts.serif, 26, col);
    style::text_centred(
        &format!("for {}, and type what it shows (1 to 6).", e.what(s)),
        b.center().x,
        b.y + 72.0,
        &fonts.serif,
        18,
        colour::PARCHMENT,
    );
    if !e.values.is_empty() {
        let so_far: Vec<String> = e.values.iter().map(|v| v.to_string()).collect();
        style::text_centred(
            &format!("Typed so far: {}", so_far.join(", ")),
            b.center().x,
            b.y + 98.0,
            &fonts.italic,
            15,
            fade(colour::PARCHMENT, 0.7),
        );
    }
    for (i, r) in entry_faces(size).iter().enumerate() {
        let picked = e.cursor == Some(i as u8 + 1);
        let hover = r.contains(mouse) || picked;
        let fill = mix(colour::TILE, col, if hover { 0.35 } else { 0.12 });
        style::card(*r, 8.0, 1.5, fill, fade(col, 0.8));
        style::text_centred(
            &(i + 1).to_string(),
            r.center().x,
            r.center().y + 10.0,
            &fonts.serif,
            28,
            colour::PARCHMENT,
        );
        if picked {
            let ring = Rect::new(r.x - 4.0, r.y - 4.0, r.w + 8.0, r.h + 8.0);
            style::rounded_outline(ring, 10.0, 3.0, colour::PARCHMENT);
        }
    }
    let foot = b.bottom() - 22.0;
    match &e.refused {
        Some(why) => style::text_centred(why, b.center().x, foot, &fonts.serif, 17, colour::ERROR),
        None => style::text_centred(
            &if hints::on_pad() {
                hints::line(&[
                    Part::Key(Key::Change, "pick a face"),
                    Part::Key(Key::Confirm, "take it"),
                    Part::Key(Key::Back, "cancel (nothing is rolled)"),
                ])
            } else {
                "Type 1 to 6 or click a face  ·  Esc: cancel (nothing is rolled)".to_string()
            },
            b.center().x,
            foot,
            &fonts.italic,
            15,
            fade(colour::PARCHMENT, 0.6),
        ),
    }
}

/// The cover that asks the traveller to look away.
pub fn draw_cover(peek: Peek, fonts: &Fonts, size: Vec2, now: f32) {
    draw_rectangle(0.0, 0.0, size.x, size.y, colour::SKY_TOP);
    let c = size / 2.0;
    style::diamond(vec2(c.x, c.y - 110.0), 16.0, colour::GUIDE);
    style::text_centred(
        "Traveller, look away",
        c.x,
        c.y - 40.0,
        &fonts.serif,
        44,
        colour::PARCHMENT,
    );
    let (line, progress) = match peek {
        Peek::Cover { since, held: true } => (
            format!(
                "The Guide's view opens in a moment. Keep holding {}.",
                hints::name(Key::Peek)
            ),
            Some(((now - since) / COVER_TIME).clamp(0.0, 1.0)),
        ),
        _ => (
            format!(
                "Guide: press {} or click to open your view  ·  {}: back to the table",
                hints::name(Key::Confirm),
                hints::name(Key::Back)
            ),
            None,
        ),
    };
    style::text_centred(&line, c.x, c.y + 10.0, &fonts.serif, 20, colour::GUIDE);
    if let Some(p) = progress {
        let bar = Rect::new(c.x - 150.0, c.y + 36.0, 300.0, 6.0);
        style::rounded_rect(bar, 3.0, fade(style::dim(), 0.3));
        style::rounded_rect(
            Rect::new(bar.x, bar.y, bar.w * p, bar.h),
            3.0,
            colour::GUIDE,
        );
    }
}

/// The Guide's view itself.
/// What the Guide's view needs besides the state the table shows: the card held up to be
/// read (its notes are the ones read now) and the Guide's choice's options, if the run
/// waits for one (the Guide's number keys pick them here).
#[derive(Debug, Clone, Default)]
pub struct ViewExtras {
    pub held: Option<crate::cards::CardRef>,
    pub picks: Vec<String>,
    /// The option picked out with the arrows, if any.
    pub cursor: Option<usize>,
    /// The Guide's screen, if it is on: its code and the devices asking while the seat is
    /// free, who holds it once taken (here, behind the cover, never on the shared table).
    pub link: Option<super::pairing::LinkView>,
    /// The run's seed and run code (a guided run keeps them off the shared table).
    pub seed_line: String,
    /// The cards the Guide has shown the traveller (they are known to them).
    pub shown: Vec<crate::cards::CardRef>,
}

/// The Guide's choice's options offered now, labelled for the view.
pub fn pick_labels(s: &State) -> Vec<String> {
    crate::core::legal_actions(s)
        .iter()
        .filter_map(|a| match a {
            Action::Pick { option } => {
                Some(format!("{}: {}", option + 1, words::action_label(s, a)))
            }
            _ => None,
        })
        .collect()
}

/// Draws the Guide's view of `s`, the state the table shows now (behind the run while a
/// moment plays, so the view never runs ahead of the table).
pub fn draw_view(s: &State, extras: &ViewExtras, peek: Peek, fonts: &Fonts, size: Vec2) {
    let Some(g) = guide_view(s) else { return };
    draw_rectangle(0.0, 0.0, size.x, size.y, colour::SKY_TOP);
    let m = 20.0;
    let (w, h) = (size.x, size.y);
    // Header: whose view, whose turn, how to close.
    style::text(
        "The Guide's view",
        m,
        m + 28.0,
        &fonts.serif,
        30,
        colour::GUIDE,
    );
    let close = match peek {
        Peek::Open { held: true } => format!(
            "Traveller, look away  ·  let go of {} to hide",
            hints::name(Key::Peek)
        ),
        _ => format!(
            "Traveller, look away  ·  {} or click to hide",
            hints::name(Key::Back)
        ),
    };
    style::text_right(
        &close,
        w - m,
        m + 24.0,
        &fonts.italic,
        17,
        fade(colour::PARCHMENT, 0.75),
    );
    if let Some(link) = extras.link.as_ref().filter(|l| !l.pairing()) {
        let line = super::pairing::seated_line(link);
        let line = style::ellipsize(&line, w * 0.6, |x| style::width(x, &fonts.serif, 16));
        style::text(
            &line,
            m,
            m + 50.0,
            &fonts.serif,
            16,
            fade(colour::SEA_LIGHT, 0.9),
        );
    }
    let (turn_words, turn_colour) = turn_words(s, extras);
    style::text_right(&turn_words, w - m, m + 46.0, &fonts.serif, 17, turn_colour);
    let top = m + 62.0;
    let left = Rect::new(m, top, (w - 3.0 * m) * 0.56, h - top - m);
    let right = Rect::new(
        left.right() + m,
        top,
        w - left.right() - 2.0 * m,
        h - top - m,
    );
    for r in [left, right] {
        style::card(
            r,
            10.0,
            1.0,
            fade(colour::TILE, 0.9),
            fade(colour::GUIDE, 0.35),
        );
    }
    draw_row_and_deck(s, &g, extras, left, fonts);
    // While the seat is free the Guide's screen's code heads the right panel.
    let right = match extras.link.as_ref().filter(|l| l.pairing()) {
        Some(link) => {
            let bh = super::pairing::block_height(right.h);
            super::pairing::draw_block(link, Rect::new(right.x, right.y, right.w, bh), fonts);
            Rect::new(right.x, right.y + bh + 8.0, right.w, right.h - bh - 8.0)
        }
        None => right,
    };
    draw_notes_and_foe(s, extras, right, fonts);
}

/// Whose turn the view's header names: a card held up to be read is the Guide's moment
/// (to read it aloud), whoever the rules wait for.
fn turn_words(s: &State, extras: &ViewExtras) -> (String, Color) {
    if extras.held.is_some() {
        return (
            "Guide's turn: read the card aloud".into(),
            role_colour(Role::Guide),
        );
    }
    let turn = s.role();
    (format!("{}'s turn", role_name(turn)), role_colour(turn))
}

fn draw_row_and_deck(
    s: &State,
    g: &crate::present::GuideView,
    extras: &ViewExtras,
    r: Rect,
    fonts: &Fonts,
) {
    let shown = |c: crate::cards::CardRef| extras.shown.contains(&c);
    let pad = 14.0;
    let label = |text: &str, y: f32| {
        style::text(
            text,
            r.x + pad,
            y,
            &fonts.italic,
            17,
            fade(colour::PARCHMENT, 0.8),
        );
    };
    label(
        "The row as it lies (what the traveller sees: a card back, unless seen)",
        r.y + 26.0,
    );
    let gap = 14.0;
    let avail_w = r.w - 2.0 * pad;
    let big_h = (r.h - 120.0) * 0.58;
    let cw = ((avail_w - 2.0 * gap) / 3.0).min(big_h / 1.4);
    let ch = cw * 1.4;
    let x0 = r.x + pad + (avail_w - (3.0 * cw + 2.0 * gap)) / 2.0;
    let y = r.y + 38.0;
    for (i, slot) in s.row.iter().enumerate() {
        let cr = Rect::new(x0 + i as f32 * (cw + gap), y, cw, ch);
        let tag = match slot {
            None => {
                style::rounded_outline(cr, 9.0, 1.0, fade(style::dim(), 0.5));
                format!("{}: empty", i + 1)
            }
            Some(rc) => {
                cardface::draw_face(
                    cr,
                    &cardface::station_face(s.cards.card(rc.card)),
                    fonts,
                    false,
                );
                match rc.seen {
                    Seen::Hidden if shown(rc.card) => format!("{}: face down, shown", i + 1),
                    Seen::Hidden => format!("{}: face down", i + 1),
                    Seen::Peeked => format!("{}: face down, seen", i + 1),
                    Seen::FaceUp => format!("{}: face up", i + 1),
                }
            }
        };
        style::text_centred(
            &tag,
            cr.center().x,
            cr.bottom() + 20.0,
            &fonts.serif,
            16,
            colour::GUIDE,
        );
    }
    // The next cards of the deck, smaller.
    let y2 = y + ch + 50.0;
    let more = s.deck.len().saturating_sub(GUIDE_NEXT);
    let line = match (g.next.len(), more) {
        (0, _) => "Next from the deck: it is empty".to_string(),
        (_, 0) => "Next from the deck, top first (no more after these)".to_string(),
        (_, n) => format!("Next from the deck, top first ({n} more after these)"),
    };
    label(&line, y2);
    let sh = (r.bottom() - y2 - 62.0).max(40.0);
    let sw = ((avail_w - 2.0 * gap) / 3.0).min(sh / 1.4);
    let sh = sw * 1.4;
    let x1 = r.x + pad + (avail_w - (3.0 * sw + 2.0 * gap)) / 2.0;
    // The traveller knows the top cards a card showed them (a look, a reorder while it
    // asks) and those the Guide showed them.
    let known = crate::present::deck_known(s);
    for (i, id) in g.next.iter().enumerate() {
        let Some(c) = s.cards.card_by_str(id) else {
            continue;
        };
        let cr = Rect::new(x1 + i as f32 * (sw + gap), y2 + 12.0, sw, sh);
        cardface::draw_face(cr, &cardface::station_face(s.cards.card(c)), fonts, false);
        let tag = if i < known {
            "seen by the traveller"
        } else if shown(c) {
            "shown to the traveller"
        } else {
            "face down"
        };
        let tag = style::ellipsize(tag, sw + gap, |x| style::width(x, &fonts.serif, 14));
        style::text_centred(
            &tag,
            cr.center().x,
            cr.bottom() + 17.0,
            &fonts.serif,
            14,
            colour::GUIDE,
        );
    }
    if !extras.seed_line.is_empty() {
        style::text(
            &extras.seed_line,
            r.x + pad,
            r.bottom() - 10.0,
            &fonts.mono,
            13,
            fade(colour::PARCHMENT, 0.6),
        );
    }
}

fn draw_notes_and_foe(s: &State, extras: &ViewExtras, r: Rect, fonts: &Fonts) {
    let pad = 14.0;
    let entry = match extras.held {
        Some(c) => crate::present::journal::card_entry(&s.cards, c, s.flips),
        None => crate::present::journal::entry_now(s),
    };
    style::text(
        &entry.name,
        r.x + pad,
        r.y + 28.0,
        &fonts.serif,
        20,
        colour::GOLD,
    );
    let faces = foe_faces(s);
    // The notes take what they need (up to half the panel when a foe's faces follow).
    let notes_h = if faces.is_some() {
        r.h * 0.45
    } else {
        r.h - 150.0
    };
    // Prose to read out and direction for the Guide alone, under headings of their own.
    let mut used = 0.0;
    let sections = [
        ("To read aloud", entry.read_aloud.as_deref(), &fonts.italic),
        (
            "For the Guide only",
            entry.direction.as_deref(),
            &fonts.serif,
        ),
    ];
    for (heading, text, font) in sections {
        let Some(text) = text else {
            continue;
        };
        let top = r.y + 40.0 + used;
        style::text(
            heading,
            r.x + pad,
            top + 16.0,
            &fonts.italic,
            16,
            colour::GOLD,
        );
        let room = (notes_h - used - 24.0).max(40.0);
        let h = cardface::text_block(
            text,
            Rect::new(r.x + pad, top + 24.0, r.w - 2.0 * pad, room),
            font,
            20,
            14,
            colour::PARCHMENT,
        );
        used += h + 34.0;
    }
    if entry.read_aloud.is_none() && entry.direction.is_none() {
        let none = "(No notes on this card: describe it in your own words.)";
        used = cardface::text_block(
            none,
            Rect::new(r.x + pad, r.y + 40.0, r.w - 2.0 * pad, notes_h),
            &fonts.serif,
            20,
            14,
            colour::PARCHMENT,
        );
    }
    // What the table waits for, at the foot of the panel; the Guide's choice's options
    // when the Guide has one to make.
    let now = if extras.picks.is_empty() {
        crate::present::prompt(s).text
    } else {
        let picks: Vec<String> = extras
            .picks
            .iter()
            .enumerate()
            .map(|(i, p)| match extras.cursor == Some(i) {
                true => format!("\u{bb} {p} \u{ab}"),
                false => p.clone(),
            })
            .collect();
        let how = if hints::on_pad() {
            format!(
                "{} picks, {} chooses.",
                hints::name(Key::Move),
                hints::name(Key::Confirm)
            )
        } else {
            "Press a number to choose.".to_string()
        };
        format!("{how}  {}", picks.join("   "))
    };
    let turn = s.role();
    let foot = Rect::new(r.x + pad, r.bottom() - 74.0, r.w - 2.0 * pad, 64.0);
    style::text(
        match turn {
            _ if extras.held.is_some() => "At the table now: the Guide reads the card aloud",
            Role::Traveller => "At the table now: the traveller's turn",
            Role::Guide => "At the table now: the Guide's turn",
        },
        foot.x,
        foot.y - 6.0,
        &fonts.italic,
        16,
        if extras.held.is_some() {
            role_colour(Role::Guide)
        } else {
            role_colour(turn)
        },
    );
    cardface::text_block(
        &now,
        foot,
        &fonts.serif,
        17,
        13,
        fade(colour::PARCHMENT, 0.85),
    );
    if let Some((name, faces)) = faces {
        let y = r.y + 40.0 + used + 40.0;
        style::text(
            &format!("{name}'s die"),
            r.x + pad,
            y,
            &fonts.serif,
            20,
            colour::GOLD,
        );
        let lit = s
            .duel()
            .and_then(|d| d.rolled)
            .map(|rl| rl.foe as usize - 1);
        let lh = ((foot.y - 30.0 - y) / faces.len().max(1) as f32).min(30.0);
        let size = if lh >= 26.0 { 18 } else { 15 };
        let w = r.w - 2.0 * pad;
        for (i, f) in faces.iter().enumerate() {
            let row = Rect::new(r.x + pad, y + 10.0 + i as f32 * lh, w, lh);
            if lit == Some(i) {
                style::rounded_rect(row, 4.0, fade(colour::ERROR, 0.35));
            }
            let line = format!("{}   {}: {}", i + 1, f.name, words::face_summary(f));
            let line = style::ellipsize(&line, w - 10.0, |x| style::width(x, &fonts.serif, size));
            let base = row.y + lh * 0.7;
            style::text(
                &line,
                row.x + 6.0,
                base,
                &fonts.serif,
                size,
                colour::PARCHMENT,
            );
        }
    }
}

/// The foe in play and its faces: the duel's foe, the foe barring the way, or the
/// Guardian at the crossing.
fn foe_faces(s: &State) -> Option<(String, &[crate::cards::model::Face])> {
    let cards = &s.cards;
    let card = match &s.phase {
        Phase::Duel(d) => d.card,
        Phase::Encounter { card } => Some(*card),
        Phase::Crossing => None,
        _ => return None,
    };
    Some(match card {
        Some(c) => (cards.card(c).name.clone(), &cards.card(c).faces[..]),
        None => (cards.guardian.name.clone(), &cards.guardian.faces[..]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// While a card is held up to be read the view's header names the Guide's turn (the
    /// Guide reads it aloud), whoever the rules wait for.
    #[test]
    fn a_held_card_is_the_guides_turn_in_the_views_header() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let set = std::sync::Arc::new(crate::cards::load::load_dir(&dir).expect("cards").0);
        let (s, _) = crate::core::new_run_with(set.clone(), 8, Vec::new(), true);
        assert_eq!(s.role(), Role::Traveller);
        let plain = ViewExtras::default();
        assert_eq!(turn_words(&s, &plain).0, "Traveller's turn");
        let card = set.card_refs().next().expect("a card");
        let held = ViewExtras {
            held: Some(card),
            ..ViewExtras::default()
        };
        assert!(turn_words(&s, &held).0.starts_with("Guide's turn"));
    }
}
