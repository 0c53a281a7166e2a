//! Drawing the form from its geometry (`geometry.rs`): the header, the rows and their
//! pickers, the focused field's messages, the buttons, the pop-ups.

use super::CardForm;
use super::geometry::*;
use super::model::Kind;
use crate::ui::style::{self, Fonts, colour, fade};
use macroquad::prelude::*;

impl CardForm {
    /// Draws the form in `area`.
    pub fn draw(&self, fonts: &Fonts, area: Area) {
        let a = area.rect;
        let frame = self.frame_for(fonts, area);
        let l = &frame.geometry;
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
            self.draw_rename(l, fonts);
        } else {
            self.draw_rows(l, fonts);
            draw_removes(l, fonts);
            self.draw_messages(l, fonts);
            self.draw_list(l, fonts);
            draw_art_picker(l, fonts);
            self.draw_popup(fonts, l.view, l.popup.as_ref());
        }
        self.draw_bar(l, fonts, a);
    }

    /// The focused field's messages in full, in their own place under the fields.
    fn draw_messages(&self, l: &FormGeometry, fonts: &Fonts) {
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
    fn draw_rename(&self, l: &FormGeometry, fonts: &Fonts) {
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

    fn draw_rows(&self, l: &FormGeometry, fonts: &Fonts) {
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
                if super::rows::ID_LABELS.contains(&f.label.as_str())
                    && let Some(hint) = super::model::id_suggestion_line(text, &self.names)
                {
                    // Beside the id: the card it names, or what Tab would complete.
                    let x = b.x + 6.0 + l.char_w * chars.len() as f32 + 14.0;
                    let room = b.right() - x - 6.0;
                    let fits = |s: &str| style::width(s, &fonts.italic, 15) <= room;
                    // The other ids go first when there is no room for them.
                    let hint = match hint.split_once(" · also") {
                        Some((first, _)) if !fits(&hint) => first.to_string(),
                        _ => hint,
                    };
                    let hint =
                        style::ellipsize(&hint, room, |s| style::width(s, &fonts.italic, 15));
                    style::text(&hint, x, b.y + 18.0, &fonts.italic, 15, style::dim());
                }
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
    fn draw_picked(&self, l: &FormGeometry, i: usize, b: Rect, fonts: &Fonts) {
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
            // An effect's picker says what the effect picked does.
            let help = match f.kind {
                Kind::Choice(words) => super::model::pick_help(words, text),
                _ => None,
            };
            let hint = style::ellipsize(help.unwrap_or(PICK_HINT), b.right() - x - 6.0, |s| {
                style::width(s, &fonts.italic, 15)
            });
            style::text(&hint, x, b.y + 18.0, &fonts.italic, 15, style::dim());
        }
    }

    fn draw_bar(&self, l: &FormGeometry, fonts: &Fonts, a: Rect) {
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

/// One word of a picker, the chosen one in gold on a tint.
fn draw_word(r: &Rect, w: &str, on: bool, fonts: &Fonts) {
    let col = if on { colour::GOLD } else { style::dim() };
    if on {
        style::card(*r, 3.0, 1.0, fade(colour::GOLD, 0.2), colour::GOLD);
    }
    style::text(w, r.x + 3.0, r.y + 15.0, &fonts.mono, TEXT_SIZE, col);
}

/// The remove buttons of the rows that head an effect, a payment or an option.
fn draw_removes(l: &FormGeometry, fonts: &Fonts) {
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
    fn draw_list(&self, l: &FormGeometry, fonts: &Fonts) {
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
        let words = match self.form.fields.get(self.form.focus).map(|f| f.kind) {
            Some(Kind::Choice(words)) => words,
            _ => &[],
        };
        if let Some(help) = super::model::pick_help(words, text) {
            // What the effect picked does, above the keys' hint.
            let lines = style::wrap(help, panel.w - 16.0, |s| style::width(s, &fonts.italic, 15));
            for (n, line) in lines.iter().take(HELP_LINES).enumerate() {
                let y = panel.bottom() - 7.0 - (HELP_LINES - n) as f32 * PICK_HINT_H;
                style::text(line, panel.x + 8.0, y, &fonts.italic, 15, colour::PARCHMENT);
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

/// The art picker's tiles: each icon drawn, its name under it; Enter takes the first.
fn draw_art_picker(l: &FormGeometry, fonts: &Fonts) {
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
