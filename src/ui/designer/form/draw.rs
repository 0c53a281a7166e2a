//! Where the form's rows, boxes and buttons go, and drawing them. Field text is set in
//! the monospaced font, so a box wraps after a fixed number of characters and a click
//! lands on a character by arithmetic.

use super::CardForm;
use super::model::Kind;
use crate::ui::style::{self, Fonts, colour, fade};
use macroquad::prelude::*;

/// The part of the window the form takes.
#[derive(Debug, Clone, Copy)]
pub struct Area {
    pub rect: Rect,
}

/// What a click landed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hit {
    /// A field's box, at this character.
    Field(usize, usize),
    Save,
    Undo,
    Write,
    Revert,
    Close,
    /// An icon of the art picker.
    Art(&'static str),
    /// A word of a field's picker.
    Word(usize, &'static str),
    /// The remove button of the effect (option, payment) a field heads.
    Remove(usize),
}

const LABEL_W: f32 = 150.0;
const TEXT_SIZE: u16 = 15;
const LINE_H: f32 = 19.0;
const NOTE_SIZE: u16 = 15;
const NOTE_H: f32 = 17.0;
const HEADER_H: f32 = 66.0;
const BAR_H: f32 = 44.0;
/// An icon's tile in the art picker, and the room between tiles.
const ART_TILE: Vec2 = vec2(84.0, 96.0);
const ART_GAP: f32 = 8.0;
/// The line under the tiles that says how to pick.
const ART_HINT_H: f32 = 22.0;
const ART_HINT: &str = "Enter takes the first icon (gold); a click takes any";
/// The place of the focused field's messages in full: three lines.
const MESSAGES_H: f32 = 3.0 * NOTE_H + 10.0;
/// The remove button right of a box that heads an effect, a payment or an option.
const REMOVE_W: f32 = 24.0;
/// The line under a picker's list of words.
const PICK_HINT_H: f32 = 20.0;
const PICK_HINT: &str = "Left/Right, a first letter or a click picks";

/// One field's place: its box on screen (after scrolling) and its notes' lines.
pub struct Row {
    pub boxed: Rect,
    /// Where each line of the box starts (character indices, see [`line_starts`]) and the
    /// text's length in characters.
    pub starts: Vec<usize>,
    pub len: usize,
    pub notes: Vec<(bool, String)>,
    /// The row's top and height in the scrolled content.
    top: f32,
    height: f32,
}

/// The form's layout for one frame.
pub struct Layout {
    pub rows: Vec<Row>,
    /// Where the fields show (between the header and the buttons).
    pub view: Rect,
    pub save: Rect,
    pub undo: Rect,
    pub write: Rect,
    pub revert: Rect,
    pub close: Rect,
    /// The buttons' labels (short ones where the form is narrow).
    labels: [&'static str; 5],
    char_w: f32,
    /// The art picker's icons, under the art field while it has the keyboard.
    pub art: Vec<(Rect, &'static str)>,
    /// The pickers' words: in the box when they fit, else in a list under the focused
    /// box (its panel in `list`).
    pub words: Vec<(Rect, usize, &'static str)>,
    pub list: Option<Rect>,
    /// The remove buttons right of the boxes of rows that head an effect or option.
    pub removes: Vec<(Rect, usize)>,
}

impl Layout {
    pub fn hit(&self, p: Vec2) -> Option<Hit> {
        if let Some((_, name)) = self.art.iter().find(|(r, _)| r.contains(p)) {
            return Some(Hit::Art(name));
        }
        if let Some((_, i, w)) = self.words.iter().find(|(r, ..)| r.contains(p)) {
            return Some(Hit::Word(*i, w));
        }
        if self.list.is_some_and(|l| l.contains(p)) {
            return None;
        }
        if let Some((_, i)) = self.removes.iter().find(|(r, _)| r.contains(p)) {
            return Some(Hit::Remove(*i));
        }
        if self.save.contains(p) {
            return Some(Hit::Save);
        }
        if self.undo.contains(p) {
            return Some(Hit::Undo);
        }
        if self.write.contains(p) {
            return Some(Hit::Write);
        }
        if self.revert.contains(p) {
            return Some(Hit::Revert);
        }
        if self.close.contains(p) {
            return Some(Hit::Close);
        }
        if !self.view.contains(p) {
            return None;
        }
        self.rows.iter().enumerate().find_map(|(i, r)| {
            if !r.boxed.contains(p) {
                return None;
            }
            let line = ((p.y - r.boxed.y - 4.0) / LINE_H).max(0.0) as usize;
            let line = line.min(r.starts.len() - 1);
            let col = ((p.x - r.boxed.x - 6.0) / self.char_w).round().max(0.0) as usize;
            // Past a wrapped line's end the caret stays on that line (before its break).
            let end = r.starts.get(line + 1).map_or(r.len, |&next| next - 1);
            Some(Hit::Field(i, (r.starts[line] + col).min(end)))
        })
    }
}

/// A field's notes as shown: where several share the validator's lead-in (`the text does
/// not match the data: `) or closing hint (`; change the text or ...`), only the first
/// keeps them, so that a card with ten mismatches takes ten short lines.
fn short_notes(notes: &[super::model::Note]) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let (mut head, mut hint) = ("", "");
    for n in notes {
        let mut m = n.message.as_str();
        let this_head = m.split_once(": ").map_or("", |(h, _)| h);
        let this_hint = m.rsplit_once("; ").map_or("", |(_, h)| h);
        if !out.is_empty() && !this_head.is_empty() && this_head == head {
            m = &m[this_head.len() + 2..];
        }
        if !out.is_empty()
            && !this_hint.is_empty()
            && this_hint == hint
            && m.len() > this_hint.len() + 2
        {
            m = &m[..m.len() - this_hint.len() - 2];
        }
        (head, hint) = (this_head, this_hint);
        out.push((n.error, m.to_string()));
    }
    out
}

/// Where each line of a box starts (character indices): lines of at most `per` characters,
/// broken after the last space that falls in the line (a word is cut only when it is longer
/// than a line). The caret may sit after the last character, so a full last line is
/// followed by an empty one.
pub(super) fn line_starts(text: &str, per: usize) -> Vec<usize> {
    let chars: Vec<char> = text.chars().collect();
    let per = per.max(1);
    let mut starts = vec![0];
    let mut at = 0;
    while chars.len() - at >= per {
        let hard = at + per;
        let soft = (at + 2..=hard).rev().find(|&i| chars[i - 1] == ' ');
        at = soft.unwrap_or(hard);
        starts.push(at);
    }
    starts
}

/// The line of a box a caret at `at` (a character index) is on.
fn line_of(starts: &[usize], at: usize) -> usize {
    starts.iter().rposition(|&s| s <= at).unwrap_or(0)
}

impl CardForm {
    pub(super) fn layout(&self, fonts: &Fonts, area: Area) -> Layout {
        let a = area.rect;
        let char_w = style::width("MMMMMMMMMM", &fonts.mono, TEXT_SIZE) / 10.0;
        let box_x = a.x + LABEL_W + 16.0;
        // Room right of the boxes for the remove buttons.
        let box_w = (a.right() - 14.0 - REMOVE_W - 6.0 - box_x).max(60.0);
        let per_line = (((box_w - 12.0) / char_w.max(1.0)) as usize).max(8);
        // Under the fields, above the buttons: the focused field's messages in full.
        let view = Rect::new(
            a.x,
            a.y + HEADER_H,
            a.w,
            a.h - HEADER_H - BAR_H - MESSAGES_H,
        );
        let mut y = 0.0;
        let mut rows = Vec::new();
        for f in &self.form.fields {
            let starts = line_starts(f.edit.text(), per_line);
            let len = f.edit.text().chars().count();
            let lines = starts.len();
            let box_h = lines as f32 * LINE_H + 8.0;
            let measure = |x: &str| style::width(x, &fonts.serif, NOTE_SIZE);
            // One line under every box, whether it has a message or not, so that a
            // message coming or going never moves the fields below.
            let short = short_notes(&f.notes);
            let notes: Vec<(bool, String)> = short
                .first()
                .map(|(error, message)| {
                    let head = if *error { "error: " } else { "warning: " };
                    let more = match short.len() {
                        1 => String::new(),
                        n => format!(" (+{} more)", n - 1),
                    };
                    let line = style::ellipsize(
                        &format!("{head}{message}"),
                        box_w - measure(&more),
                        measure,
                    );
                    (*error, format!("{line}{more}"))
                })
                .into_iter()
                .collect();
            let height = box_h + NOTE_H + 10.0;
            rows.push(Row {
                boxed: Rect::new(box_x, view.y + y - self.scroll, box_w, box_h),
                starts,
                len,
                notes,
                top: y,
                height,
            });
            y += height;
        }
        let ([save, undo, write, revert, close], labels) = bar(a, fonts);
        // The picker: a row of tiles under the art field's box, over the rows below it
        // (it never moves them), or above the box when there is no room below.
        let art = match (self.art_matches(), rows.get(self.form.focus)) {
            (names, Some(r)) if !names.is_empty() => {
                let per = ((r.boxed.w + ART_GAP) / (ART_TILE.x + ART_GAP)).max(1.0) as usize;
                let below = r.boxed.bottom() + 6.0;
                let y = if below + ART_TILE.y + ART_HINT_H <= view.bottom() {
                    below
                } else {
                    r.boxed.y - 6.0 - ART_TILE.y - ART_HINT_H
                };
                names
                    .into_iter()
                    .take(per)
                    .enumerate()
                    .map(|(i, n)| {
                        let x = r.boxed.x + i as f32 * (ART_TILE.x + ART_GAP);
                        (Rect::new(x, y, ART_TILE.x, ART_TILE.y), n)
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        let (words, list) = self.picker_words(fonts, &rows, view);
        let removes = rows
            .iter()
            .enumerate()
            .filter(|(i, r)| {
                r.boxed.y >= view.y
                    && r.boxed.bottom() <= view.bottom()
                    && super::rows::removable(&self.form.fields[*i].slot)
            })
            .map(|(i, r)| {
                let b = r.boxed;
                (Rect::new(b.right() + 6.0, b.y, REMOVE_W, LINE_H + 8.0), i)
            })
            .collect();
        Layout {
            rows,
            view,
            save,
            undo,
            write,
            revert,
            close,
            labels,
            char_w,
            art,
            words,
            list,
            removes,
        }
    }

    /// Where each picker's words go: in its box when they all fit on its line, else (for
    /// the focused field) in columns on a panel under the box, or above it when there is
    /// no room below.
    fn picker_words(
        &self,
        fonts: &Fonts,
        rows: &[Row],
        view: Rect,
    ) -> (Vec<(Rect, usize, &'static str)>, Option<Rect>) {
        let width = |w: &str| style::width(w, &fonts.mono, TEXT_SIZE) + 6.0;
        let mut out = Vec::new();
        let mut list = None;
        for (i, (f, r)) in self.form.fields.iter().zip(rows).enumerate() {
            let Kind::Choice(words) = f.kind else {
                continue;
            };
            let b = r.boxed;
            if !(b.y >= view.y && b.bottom() <= view.bottom()) {
                continue;
            }
            let inline: f32 = words.iter().map(|w| width(w) + 12.0).sum();
            if inline <= b.w - 6.0 {
                let mut x = b.x + 3.0;
                for w in words.iter() {
                    out.push((Rect::new(x, b.y + 3.0, width(w), LINE_H), i, *w));
                    x += width(w) + 12.0;
                }
                continue;
            }
            if i != self.form.focus {
                continue;
            }
            let cell = words.iter().map(|w| width(w)).fold(0.0, f32::max) + 14.0;
            let per = ((b.w - 12.0) / cell).max(1.0) as usize;
            let lines = words.len().div_ceil(per);
            let h = lines as f32 * (LINE_H + 4.0) + 12.0 + PICK_HINT_H;
            let below = b.bottom() + 4.0;
            let y = if below + h <= view.bottom() || b.y - 4.0 - h < view.y {
                below
            } else {
                b.y - 4.0 - h
            };
            let panel_w = (per.min(words.len()) as f32 * cell + 12.0)
                .max(style::width(PICK_HINT, &fonts.italic, 15) + 16.0);
            list = Some(Rect::new(b.x, y, panel_w, h));
            for (n, w) in words.iter().enumerate() {
                let x = b.x + 6.0 + (n % per) as f32 * cell;
                let wy = y + 6.0 + (n / per) as f32 * (LINE_H + 4.0);
                out.push((Rect::new(x, wy, cell - 8.0, LINE_H), i, *w));
            }
        }
        (out, list)
    }

    /// Scrolls so that the focused field is on show.
    pub(super) fn follow_focus(&mut self, l: &Layout) {
        let Some(r) = l.rows.get(self.form.focus) else {
            return;
        };
        let bottom = l.rows.last().map_or(0.0, |r| r.top + r.height);
        if r.top < self.scroll {
            self.scroll = r.top;
        } else if r.top + r.height > self.scroll + l.view.h {
            self.scroll = r.top + r.height - l.view.h;
        }
        self.scroll = self.scroll.min((bottom - l.view.h).max(0.0)).max(0.0);
    }

    /// Draws the form in `area`.
    pub fn draw(&self, fonts: &Fonts, area: Area) {
        let a = area.rect;
        let l = self.layout(fonts, area);
        // Opaque: the grid under the form would show through a translucent panel.
        draw_rectangle(a.x, a.y, a.w, a.h, colour::SKY_TOP);
        style::card(a, 10.0, 1.5, colour::SKY_TOP, colour::GOLD);
        let t = &self.target;
        let id = self.form_id().unwrap_or_else(|| t.domain.clone());
        let head = if self.is_new() {
            format!("New {} for {} · {}", self.form.card_type, t.domain, t.rel)
        } else {
            format!("Editing {id} · {} · {}", self.form.card_type, t.rel)
        };
        let head = style::ellipsize(&head, a.w - 28.0, |x| style::width(x, &fonts.serif, 24));
        style::text(
            &head,
            a.x + 14.0,
            a.y + 30.0,
            &fonts.serif,
            24,
            colour::GOLD,
        );
        let errors = self.form.errors();
        let warnings = self
            .form
            .fields
            .iter()
            .flat_map(|f| &f.notes)
            .chain(&self.form.general)
            .filter(|n| !n.error)
            .count();
        let (status, col) = match (&self.note, errors) {
            (Some(n), _) => (n.clone(), colour::SEA_LIGHT),
            (None, 0) => (
                format!(
                    "Checked: no errors, {warnings} warning{} · Tab next field · Ctrl-S save · Ctrl-Z/Ctrl-Shift-Z undo/redo typing · Esc leave",
                    if warnings == 1 { "" } else { "s" }
                ),
                colour::PARCHMENT,
            ),
            (None, n) => (
                format!(
                    "{n} error{} (Save waits until there are none), {warnings} warning{}",
                    if n == 1 { "" } else { "s" },
                    if warnings == 1 { "" } else { "s" }
                ),
                colour::ERROR,
            ),
        };
        let status = style::ellipsize(&status, a.w - 28.0, |x| style::width(x, &fonts.italic, 17));
        style::text(&status, a.x + 14.0, a.y + 54.0, &fonts.italic, 17, col);
        if self.popup == super::Popup::Rename {
            self.draw_rename(&l, fonts);
        } else {
            self.draw_rows(&l, fonts);
            draw_removes(&l, fonts);
            self.draw_messages(&l, fonts);
            self.draw_list(&l, fonts);
            draw_art_picker(&l, fonts);
            self.draw_popup(fonts, l.view);
        }
        self.draw_bar(&l, fonts, a);
    }

    /// The focused field's messages in full, in their own place under the fields.
    fn draw_messages(&self, l: &Layout, fonts: &Fonts) {
        let Some(f) = self.form.fields.get(self.form.focus) else {
            return;
        };
        let top = l.view.bottom() + 4.0;
        draw_line(
            l.view.x + 14.0,
            top,
            l.view.right() - 14.0,
            top,
            1.0,
            fade(colour::PARCHMENT, 0.2),
        );
        let measure = |x: &str| style::width(x, &fonts.serif, NOTE_SIZE);
        let name = self.full_label(self.form.focus);
        let lines: Vec<(bool, String)> = short_notes(&f.notes)
            .into_iter()
            .flat_map(|(error, m)| {
                let head = if error { "error: " } else { "warning: " };
                style::wrap(&format!("{name}: {head}{m}"), l.view.w - 28.0, measure)
                    .into_iter()
                    .map(move |line| (error, line))
            })
            .collect();
        let shown = lines.len().min(3);
        for (n, (error, line)) in lines.iter().take(shown).enumerate() {
            let col = if *error {
                colour::ERROR
            } else {
                colour::WARNING
            };
            let y = top + 16.0 + n as f32 * NOTE_H;
            style::text(line, l.view.x + 14.0, y, &fonts.serif, NOTE_SIZE, col);
        }
        if lines.is_empty() {
            let hint = format!("{name}: no problem found");
            style::text(
                &hint,
                l.view.x + 14.0,
                top + 16.0,
                &fonts.italic,
                NOTE_SIZE,
                style::dim(),
            );
        }
    }

    /// Field `i`'s label in full: an indented one (`   penalty`, `   amount`) after the
    /// label of the row it is under (`Seal 2 penalty`).
    fn full_label(&self, i: usize) -> String {
        let fields = &self.form.fields;
        let Some(f) = fields.get(i) else {
            return String::new();
        };
        if !f.label.starts_with(' ') {
            return f.label.clone();
        }
        let head = fields[..i].iter().rev().find(|h| !h.label.starts_with(' '));
        match head {
            Some(h) => format!("{} {}", h.label, f.label.trim()),
            None => f.label.trim().to_string(),
        }
    }

    /// The rename's question: every place that names the old id, then Y / N.
    fn draw_rename(&self, l: &Layout, fonts: &Fonts) {
        let Some(r) = &self.rename else {
            return;
        };
        let v = l.view;
        let x = v.x + 14.0;
        let files = {
            let mut f: Vec<&str> = r.refs.iter().map(|r| r.file.as_str()).collect();
            f.dedup();
            f.len()
        };
        let head = format!(
            "Rename {} to {}: {} place{} in {} file{} name it, and change with it:",
            r.old,
            r.new,
            r.refs.len(),
            if r.refs.len() == 1 { "" } else { "s" },
            files,
            if files == 1 { "" } else { "s" },
        );
        let measure = |s: &str| style::width(s, &fonts.serif, 17);
        let mut y = v.y + 20.0;
        for line in style::wrap(&head, v.w - 28.0, measure) {
            style::text(&line, x, y, &fonts.serif, 17, colour::GOLD);
            y += 21.0;
        }
        let foot = "Y: rename everywhere, as one step (Revert puts it all back) · N or Esc: back to the form";
        let rows = ((v.bottom() - 34.0 - y) / 19.0).max(1.0) as usize;
        for (n, place) in r.refs.iter().enumerate() {
            let line = if n + 1 == rows && r.refs.len() > rows {
                format!("... and {} more", r.refs.len() - n)
            } else {
                format!("{} · card {} · {}", place.file, place.card, place.field)
            };
            let line = style::ellipsize(&line, v.w - 40.0, |s| {
                style::width(s, &fonts.mono, TEXT_SIZE)
            });
            style::text(
                &line,
                x + 12.0,
                y,
                &fonts.mono,
                TEXT_SIZE,
                colour::PARCHMENT,
            );
            y += 19.0;
            if n + 1 == rows {
                break;
            }
        }
        let foot = style::ellipsize(foot, v.w - 28.0, |s| style::width(s, &fonts.italic, 17));
        style::text(
            &foot,
            x,
            v.bottom() - 10.0,
            &fonts.italic,
            17,
            colour::SEA_LIGHT,
        );
    }

    fn draw_rows(&self, l: &Layout, fonts: &Fonts) {
        let mut general_y = None;
        for (i, (f, r)) in self.form.fields.iter().zip(&l.rows).enumerate() {
            let b = r.boxed;
            let bottom = b.bottom() + r.notes.len() as f32 * NOTE_H;
            // Each part drawn when it is wholly on show (a long row may be cut by the view).
            let on_show = |top: f32, bottom: f32| top >= l.view.y && bottom <= l.view.bottom();
            for (n, (error, line)) in r.notes.iter().enumerate() {
                let col = if *error {
                    colour::ERROR
                } else {
                    colour::WARNING
                };
                let y = b.bottom() + 14.0 + n as f32 * NOTE_H;
                if on_show(y - 13.0, y + 3.0) {
                    style::text(line, b.x, y, &fonts.serif, NOTE_SIZE, col);
                }
            }
            if !on_show(b.y, b.bottom()) {
                continue;
            }
            let focus = i == self.form.focus;
            let has_error = f.notes.iter().any(|n| n.error);
            let label_col = if focus {
                colour::GOLD
            } else {
                colour::PARCHMENT
            };
            let label = style::ellipsize(&f.label, LABEL_W, |x| style::width(x, &fonts.serif, 17));
            style::text(
                &label,
                l.view.x + 14.0,
                b.y + 19.0,
                &fonts.serif,
                17,
                label_col,
            );
            let border = match (has_error, focus) {
                (true, _) => colour::ERROR,
                (false, true) => colour::GOLD,
                (false, false) => fade(colour::PARCHMENT, 0.35),
            };
            style::card(b, 4.0, if focus { 2.0 } else { 1.0 }, colour::TILE, border);
            let text = f.edit.text();
            if text.is_empty() && !focus && f.kind != Kind::Add {
                let hint = match f.kind {
                    Kind::Words { optional: true } | Kind::Json | Kind::Number | Kind::Amount => {
                        "(empty: left out)"
                    }
                    _ => "(empty)",
                };
                style::text(hint, b.x + 6.0, b.y + 18.0, &fonts.italic, 15, style::dim());
            }
            if matches!(f.kind, Kind::Choice(_) | Kind::Add) {
                self.draw_picked(l, i, b, fonts);
                general_y = Some(bottom + 10.0);
                continue;
            }
            let chars: Vec<char> = text.chars().collect();
            for (n, &start) in r.starts.iter().enumerate() {
                let end = r.starts.get(n + 1).copied().unwrap_or(chars.len());
                let line: String = chars[start..end].iter().collect();
                let line = &line;
                let y = b.y + 18.0 + n as f32 * LINE_H;
                style::text(
                    line,
                    b.x + 6.0,
                    y,
                    &fonts.mono,
                    TEXT_SIZE,
                    colour::PARCHMENT,
                );
            }
            if focus {
                let at = f.edit.cursor();
                let line = line_of(&r.starts, at);
                let col = at - r.starts[line];
                let x = b.x + 6.0 + col as f32 * l.char_w;
                let y = b.y + 4.0 + line as f32 * LINE_H;
                draw_line(x, y, x, y + LINE_H - 2.0, 2.0, colour::GOLD);
            }
            general_y = Some(bottom + 10.0);
        }
        // Problems of the card as a whole, after the last row on show: warnings grouped by
        // kind, and cut to the lines that fit above the view's bottom (never over the bar).
        let top = general_y.unwrap_or(l.view.y) + 8.0;
        let measure = |x: &str| style::width(x, &fonts.serif, NOTE_SIZE);
        let lines: Vec<(bool, String)> = super::model::general_lines(&self.form.general)
            .into_iter()
            .flat_map(|(error, m)| {
                style::wrap(&format!("card: {m}"), l.view.w - 28.0, measure)
                    .into_iter()
                    .map(move |line| (error, line))
            })
            .collect();
        // A line's baseline sits NOTE_H below the one before; its descenders, 4 below that.
        let room = ((l.view.bottom() - top - 4.0) / NOTE_H).max(0.0) as usize;
        for (n, (error, line)) in super::model::fit_lines(lines, room).iter().enumerate() {
            let col = if *error {
                colour::ERROR
            } else {
                colour::WARNING
            };
            let y = top + (n + 1) as f32 * NOTE_H;
            style::text(line, l.view.x + 14.0, y, &fonts.serif, NOTE_SIZE, col);
        }
    }

    /// A choice's box (its words, the one picked in gold; or, when they do not fit, the
    /// one picked, the list drawn apart while it is focused), or a + row's hint.
    fn draw_picked(&self, l: &Layout, i: usize, b: Rect, fonts: &Fonts) {
        let f = &self.form.fields[i];
        let focus = i == self.form.focus;
        let text = f.edit.text();
        if f.kind == Kind::Add {
            let hint = if focus {
                "Enter (or a click) adds one · Ctrl-Delete removes the one in focus"
            } else {
                "click to add"
            };
            let hint = style::ellipsize(hint, b.w - 12.0, |s| style::width(s, &fonts.italic, 15));
            style::text(
                &hint,
                b.x + 6.0,
                b.y + 18.0,
                &fonts.italic,
                15,
                style::dim(),
            );
            return;
        }
        let mut inline = l.words.iter().filter(|(_, n, _)| *n == i).peekable();
        let listed = l.list.is_some() && focus;
        if inline.peek().is_none() || listed {
            let w = l.char_w * text.chars().count() as f32 + 6.0;
            let r = Rect::new(b.x + 3.0, b.y + 3.0, w, LINE_H);
            style::card(r, 3.0, 1.0, fade(colour::GOLD, 0.2), colour::GOLD);
            let (x, y) = (b.x + 6.0, b.y + 18.0);
            style::text(text, x, y, &fonts.mono, TEXT_SIZE, colour::GOLD);
        } else {
            for (r, _, w) in inline {
                draw_word(r, w, *w == text, fonts);
            }
        }
        if focus && !listed {
            let last = l.words.iter().rfind(|(_, n, _)| *n == i);
            let end = b.x + 6.0 + l.char_w * text.chars().count() as f32;
            let x = last.map_or(end, |(r, ..)| r.right()) + 14.0;
            let hint = style::ellipsize(PICK_HINT, b.right() - x - 6.0, |s| {
                style::width(s, &fonts.italic, 15)
            });
            style::text(&hint, x, b.y + 18.0, &fonts.italic, 15, style::dim());
        }
    }

    fn draw_bar(&self, l: &Layout, fonts: &Fonts, a: Rect) {
        let can_save = self.source.dir().is_some();
        let [save, undo, write, revert, close] = l.labels;
        for (r, label, on) in [
            (l.save, save, can_save && self.form.errors() == 0),
            (l.undo, undo, self.history.depth().0 > 0),
            (l.write, write, self.target.part == super::Part::Station),
            (l.revert, revert, true),
            (l.close, close, true),
        ] {
            let border = if on {
                colour::GOLD
            } else {
                fade(colour::PARCHMENT, 0.3)
            };
            style::card(r, 6.0, 1.0, colour::TILE, border);
            let col = if on { colour::PARCHMENT } else { style::dim() };
            style::text(label, r.x + 12.0, r.y + 21.0, &fonts.serif, 17, col);
        }
        let dirty = if self.dirty() {
            "unsaved changes"
        } else {
            "as saved"
        };
        // Where the window is narrow the buttons have the room: the form's header says
        // what the bar would.
        if style::width(dirty, &fonts.italic, 16) > a.right() - 14.0 - (l.close.right() + 12.0) {
            return;
        }
        style::text_right(
            dirty,
            a.right() - 14.0,
            l.save.y + 21.0,
            &fonts.italic,
            16,
            style::dim(),
        );
    }
}

/// The buttons: Save, Undo, Write text, Revert, Close, with their keys.
const LABELS: [&str; 5] = [
    "Save (Ctrl-S)",
    "Undo (Ctrl-Z)",
    "Write text… (Ctrl-W)",
    "Revert… (Ctrl-R)",
    "Close (Esc)",
];
/// The same without their keys, where the form is narrow (the status line names them).
const SHORT: [&str; 5] = ["Save", "Undo", "Write text…", "Revert…", "Close"];

/// The art picker's tiles: each icon drawn, its name under it; Enter takes the first.
fn draw_art_picker(l: &Layout, fonts: &Fonts) {
    if let (Some((first, _)), Some((last, _))) = (l.art.first(), l.art.last()) {
        // Opaque: the rows under the picker would show through.
        let panel = Rect::new(
            first.x - 6.0,
            first.y - 6.0,
            (last.right() - first.x).max(style::width(ART_HINT, &fonts.italic, 15)) + 12.0,
            ART_TILE.y + ART_HINT_H + 10.0,
        );
        style::card(panel, 8.0, 1.0, colour::SKY_MID, fade(colour::GOLD, 0.6));
    }
    for (i, (r, name)) in l.art.iter().enumerate() {
        let border = if i == 0 {
            colour::GOLD
        } else {
            fade(colour::PARCHMENT, 0.5)
        };
        style::card(
            *r,
            6.0,
            if i == 0 { 2.0 } else { 1.0 },
            colour::SKY_TOP,
            border,
        );
        let side = r.w - 30.0;
        crate::ui::art::draw(
            name,
            vec2(r.center().x, r.y + 8.0 + side / 2.0),
            side,
            colour::PARCHMENT,
        );
        let label = style::ellipsize(name, r.w - 6.0, |x| style::width(x, &fonts.serif, 13));
        style::text_centred(
            &label,
            r.center().x,
            r.bottom() - 8.0,
            &fonts.serif,
            13,
            colour::PARCHMENT,
        );
    }
    if let Some((first, _)) = l.art.first() {
        style::text(
            ART_HINT,
            first.x,
            first.bottom() + 16.0,
            &fonts.italic,
            15,
            colour::SEA_LIGHT,
        );
    }
}

/// The button bar's buttons (Save, Undo, Write text, Revert, Close) and their labels:
/// with their keys, or without where the form is too narrow for them.
fn bar(a: Rect, fonts: &Fonts) -> ([Rect; 5], [&'static str; 5]) {
    let width = |label: &str| style::width(label, &fonts.serif, 17) + 24.0;
    let all = |labels: &[&str; 5]| labels.iter().map(|l| width(l) + 10.0).sum::<f32>();
    let labels = if a.x + 14.0 + all(&LABELS) <= a.right() - 14.0 {
        LABELS
    } else {
        SHORT
    };
    let y = a.bottom() - BAR_H + 8.0;
    let mut x = a.x + 14.0;
    let rects = labels.map(|label| {
        let r = Rect::new(x, y, width(label), 30.0);
        x = r.right() + 10.0;
        r
    });
    (rects, labels)
}

/// One word of a picker, the chosen one in gold on a tint.
fn draw_word(r: &Rect, w: &str, on: bool, fonts: &Fonts) {
    let col = if on { colour::GOLD } else { style::dim() };
    if on {
        style::card(*r, 3.0, 1.0, fade(colour::GOLD, 0.2), colour::GOLD);
    }
    style::text(w, r.x + 3.0, r.y + 15.0, &fonts.mono, TEXT_SIZE, col);
}

/// The remove buttons of the rows that head an effect, a payment or an option.
fn draw_removes(l: &Layout, fonts: &Fonts) {
    for (r, _) in &l.removes {
        style::card(*r, 4.0, 1.0, colour::TILE, fade(colour::ERROR, 0.6));
        style::text_centred(
            "×",
            r.center().x,
            r.y + 19.0,
            &fonts.serif,
            19,
            colour::ERROR,
        );
    }
}

impl CardForm {
    /// The focused picker's words in a list over the rows below its box.
    fn draw_list(&self, l: &Layout, fonts: &Fonts) {
        let Some(panel) = l.list else {
            return;
        };
        let text = self
            .form
            .fields
            .get(self.form.focus)
            .map_or("", |f| f.edit.text());
        style::card(panel, 6.0, 1.0, colour::SKY_MID, fade(colour::GOLD, 0.6));
        for (r, _, w) in &l.words {
            if panel.contains(r.center()) {
                draw_word(r, w, *w == text, fonts);
            }
        }
        style::text(
            PICK_HINT,
            panel.x + 8.0,
            panel.bottom() - 7.0,
            &fonts.italic,
            15,
            colour::SEA_LIGHT,
        );
    }
}
