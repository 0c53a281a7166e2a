//! The desk's pop-ups over the form: the rename's list of places (Y takes it), the type
//! picker of a new card (Ctrl-T), and the card's text written from its data (Ctrl-W),
//! shown before it is taken.

use super::model::Slot;
use super::{CardForm, Outcome};
use crate::cards::model::StationType;
use crate::ui::input::Input;
use crate::ui::style::{self, Fonts, colour, fade};
use macroquad::prelude::*;

/// What is open over the form.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Popup {
    #[default]
    None,
    /// Save was asked with a rename: the places that follow are listed, Y takes it.
    Rename,
    /// Ctrl-T on a new card: the ten types, the one under the keyboard highlighted.
    Types(usize),
    /// The card's text written from its data, waiting for Enter (or Esc).
    Text(String),
}

/// A type's row in the picker.
const TYPE_H: f32 = 30.0;
const PANEL_W: f32 = 420.0;
const TAKE: &str = "Take it (Enter)";
const CANCEL: &str = "Cancel (Esc)";
const TYPES_HEAD: &str = "The new card's type";
const TYPES_HINT: &str = "Up/Down or a first letter · Enter or a click takes · Esc";
/// Lines of the text as it is now, under the text written.
const NOW_LINES: usize = 2;
const TEXT_HEAD: &str = "The text, written from the card's data:";

/// Where the pop-up's parts go (part of the form's geometry while one is open).
#[derive(Debug, Clone)]
pub(super) struct Place {
    panel: Rect,
    /// The types' rows (the type picker) or the Take and Cancel buttons.
    rows: Vec<Rect>,
    /// The preview's lines (the text written), then the text as it is now.
    lines: Vec<String>,
    now: Vec<String>,
}

impl CardForm {
    /// Ctrl-T: the type picker, on a new card (a saved card keeps its type).
    pub(super) fn open_types(&mut self) {
        if !self.is_new() {
            self.note = Some("A saved card keeps its type: Shift-N makes a new card".into());
            return;
        }
        let at = StationType::ALL
            .iter()
            .position(|t| t.as_str() == self.form.card_type)
            .unwrap_or(0);
        self.popup = Popup::Types(at);
    }

    /// Ctrl-W: the card's text written from its data, shown before it is taken.
    pub(super) fn open_text(&mut self) {
        if self.target.part != super::Part::Station {
            self.note = Some("Only a Station card's text is written from its data".into());
            return;
        }
        match self.form.value() {
            Ok(card) => {
                let text = crate::cards::text_write::write_text(&card, &self.names);
                self.popup = Popup::Text(text);
            }
            Err(e) => self.note = Some(format!("the card does not read yet ({e}): fix it first")),
        }
    }

    /// Enter on the text's preview: the Text field takes it, as one step of the form's
    /// history (Ctrl-Z undoes it).
    pub(super) fn take_text(&mut self, text: &str) {
        self.popup = Popup::None;
        let slot = Slot::Key("text".into());
        let took = self.history.change(&mut self.form, |f| {
            let Some(i) = f.fields.iter().position(|x| x.slot == slot) else {
                return false;
            };
            if f.fields[i].edit.text() == text {
                return false;
            }
            f.fields[i].edit = super::field::TextField::new(text);
            f.focus = i;
            true
        });
        self.note = Some(if took {
            "Text written from the data (Ctrl-Z undoes it)".into()
        } else {
            "The text already says this".into()
        });
        if took {
            self.stale = true;
            self.leaving = false;
        }
    }

    /// A frame of input while a pop-up is open: it has every key.
    pub(super) fn popup_update(&mut self, input: &Input, fonts: &Fonts, view: Rect) -> Outcome {
        // Its parts where the frame drew them (laid out here when it opened this frame).
        let drawn = self.frame.geometry.popup.clone();
        let place = drawn.unwrap_or_else(|| self.place(fonts, view));
        let clicked = |r: &Rect| input.click && r.contains(input.mouse);
        match self.popup.clone() {
            Popup::None => {}
            Popup::Rename => {
                if matches!(input.typed, Some('y' | 'Y')) {
                    return self.confirm_rename();
                }
                if input.back || matches!(input.typed, Some('n' | 'N')) {
                    self.popup = Popup::None;
                    self.note = Some("Not saved: the rename waits (Ctrl-S asks again)".into());
                }
            }
            Popup::Types(at) => {
                let n = StationType::ALL.len();
                let picked = place.rows.iter().position(&clicked);
                if let Some(t) = picked.or(input.activate.then_some(at)) {
                    self.popup = Popup::None;
                    return Outcome::Retype(StationType::ALL[t]);
                }
                let letter = input.typed.and_then(|c| {
                    let c = c.to_ascii_lowercase();
                    StationType::ALL
                        .iter()
                        .position(|t| t.as_str().starts_with(c))
                });
                let to = match (input.up || input.left, input.down || input.right) {
                    _ if letter.is_some() => letter.unwrap_or(at),
                    (true, _) => (at + n - 1) % n,
                    (_, true) => (at + 1) % n,
                    _ => at,
                };
                self.popup = Popup::Types(to);
                if input.back || (input.click && !place.panel.contains(input.mouse)) {
                    self.popup = Popup::None;
                }
            }
            Popup::Text(text) => {
                let take = input.activate || place.rows.first().is_some_and(clicked);
                let cancel = input.back || place.rows.get(1).is_some_and(clicked);
                if take {
                    self.take_text(&text);
                } else if cancel {
                    self.popup = Popup::None;
                    self.note = Some("Text left as it was".into());
                }
            }
        }
        Outcome::Stay
    }

    /// The pop-up's panel in the middle of the fields' view, and its parts.
    pub(super) fn place(&self, fonts: &Fonts, view: Rect) -> Place {
        let w = PANEL_W.max(view.w * 0.7).min(view.w - 20.0);
        let x = view.x + (view.w - w) / 2.0;
        match &self.popup {
            Popup::Types(_) => {
                let h = 52.0 + StationType::ALL.len() as f32 * TYPE_H + 30.0;
                let y = view.y + ((view.h - h) / 2.0).max(4.0);
                let rows = (0..StationType::ALL.len())
                    .map(|i| {
                        Rect::new(
                            x + 12.0,
                            y + 44.0 + i as f32 * TYPE_H,
                            w - 24.0,
                            TYPE_H - 4.0,
                        )
                    })
                    .collect();
                Place {
                    panel: Rect::new(x, y, w, h),
                    rows,
                    lines: Vec::new(),
                    now: Vec::new(),
                }
            }
            Popup::Text(text) => {
                let measure = |s: &str| style::width(s, &fonts.serif, 18);
                let lines = style::wrap(text, w - 32.0, measure);
                let room = ((view.h - 150.0) / 23.0).max(1.0) as usize;
                let shown = lines.len().min(room);
                // The text as it is, for comparison: at most two lines, in the small italic.
                let current = self
                    .form
                    .fields
                    .iter()
                    .find(|f| f.slot == Slot::Key("text".into()));
                let now_text = format!("Now: {}", current.map_or("", |f| f.edit.text()));
                let small = |s: &str| style::width(s, &fonts.italic, 15);
                let mut now = style::wrap(&now_text, w - 32.0, small);
                if now.len() > NOW_LINES {
                    now.truncate(NOW_LINES);
                    if let Some(last) = now.last_mut() {
                        *last = style::ellipsize(&format!("{last} …"), w - 32.0, small);
                    }
                }
                let h = 44.0 + shown as f32 * 23.0 + 8.0 + now.len() as f32 * 18.0 + 62.0;
                let y = view.y + ((view.h - h) / 2.0).max(4.0);
                let button = |bx: f32, label: &str| {
                    Rect::new(
                        bx,
                        y + h - 44.0,
                        style::width(label, &fonts.serif, 17) + 24.0,
                        30.0,
                    )
                };
                let take = button(x + 16.0, TAKE);
                let cancel = button(take.right() + 10.0, CANCEL);
                Place {
                    panel: Rect::new(x, y, w, h),
                    rows: vec![take, cancel],
                    lines: lines.into_iter().take(shown).collect(),
                    now,
                }
            }
            Popup::None | Popup::Rename => Place {
                panel: Rect::new(x, view.y, w, 0.0),
                rows: Vec::new(),
                lines: Vec::new(),
                now: Vec::new(),
            },
        }
    }

    /// Draws the type picker or the text's preview (placed at `p`) over the form.
    pub(super) fn draw_popup(&self, fonts: &Fonts, view: Rect, p: Option<&Place>) {
        let Some(p) = p.filter(|_| !matches!(self.popup, Popup::None | Popup::Rename)) else {
            return;
        };
        let shade = Rect::new(view.x, view.y, view.w, view.h);
        draw_rectangle(
            shade.x,
            shade.y,
            shade.w,
            shade.h,
            fade(colour::SKY_TOP, 0.7),
        );
        style::card(p.panel, 10.0, 1.5, colour::SKY_MID, colour::GOLD);
        let (x, y) = (p.panel.x + 16.0, p.panel.y);
        match &self.popup {
            Popup::Types(at) => {
                style::text(TYPES_HEAD, x, y + 30.0, &fonts.serif, 20, colour::GOLD);
                for (i, (r, t)) in p.rows.iter().zip(StationType::ALL).enumerate() {
                    let on = i == *at;
                    let (rr, g, b) = t.rgb();
                    let tint = Color::from_rgba(rr, g, b, 255);
                    if on {
                        style::card(*r, 4.0, 1.5, fade(colour::GOLD, 0.2), colour::GOLD);
                    }
                    draw_rectangle(r.x + 8.0, r.y + 6.0, 14.0, 14.0, tint);
                    let col = if on { colour::GOLD } else { colour::PARCHMENT };
                    style::text(t.title(), r.x + 32.0, r.y + 19.0, &fonts.serif, 18, col);
                }
                let hint = style::ellipsize(TYPES_HINT, p.panel.w - 32.0, |s| {
                    style::width(s, &fonts.italic, 15)
                });
                let hy = p.panel.bottom() - 12.0;
                style::text(&hint, x, hy, &fonts.italic, 15, colour::SEA_LIGHT);
            }
            Popup::Text(_) => {
                style::text(TEXT_HEAD, x, y + 30.0, &fonts.serif, 20, colour::GOLD);
                for (n, line) in p.lines.iter().enumerate() {
                    let ly = y + 62.0 + n as f32 * 23.0;
                    style::text(line, x, ly, &fonts.serif, 18, colour::PARCHMENT);
                }
                let top = y + 62.0 + p.lines.len() as f32 * 23.0 + 4.0;
                for (n, line) in p.now.iter().enumerate() {
                    let ly = top + n as f32 * 18.0;
                    style::text(line, x, ly, &fonts.italic, 15, style::dim());
                }
                for (r, label) in p.rows.iter().zip([TAKE, CANCEL]) {
                    style::card(*r, 6.0, 1.0, colour::TILE, colour::GOLD);
                    style::text(
                        label,
                        r.x + 12.0,
                        r.y + 21.0,
                        &fonts.serif,
                        17,
                        colour::PARCHMENT,
                    );
                }
            }
            Popup::None | Popup::Rename => {}
        }
    }
}
