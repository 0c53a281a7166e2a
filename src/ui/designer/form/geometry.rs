//! Where the form's rows, boxes and buttons go: its frame (see `ui::screen`), laid out
//! once per frame, that drawing and clicks both read. Field text is set in the monospaced
//! font, so a box wraps after a fixed number of characters and a click lands on a
//! character by arithmetic.

use super::CardForm;
use super::model::Kind;
use crate::ui::screen::ScreenFrame;
use crate::ui::style::{self, Fonts};
use macroquad::prelude::*;
use std::borrow::Cow;

/// The part of the window the form takes.
#[derive(Debug, Clone, Copy)]
pub struct Area {
    pub rect: Rect,
}

/// A piece of the form a click lands on (the targets of its frame, see `ui::screen`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormTarget {
    /// A field's box (where it shows in the view).
    Field(usize),
    Save,
    Undo,
    Write,
    Revert,
    Close,
    /// An icon of the art picker.
    Art(&'static str),
    /// A word of a field's picker.
    Word(usize, &'static str),
    /// The open picker's panel around its words: a click there does nothing.
    List,
    /// The remove button of the effect (option, payment) a field heads.
    Remove(usize),
}

/// The form's frame: its geometry, the pieces a click lands on, no tips.
pub type FormFrame = ScreenFrame<FormGeometry, FormTarget>;

pub(super) const LABEL_W: f32 = 150.0;
pub(super) const TEXT_SIZE: u16 = 15;
pub(super) const LINE_H: f32 = 19.0;
pub(super) const NOTE_SIZE: u16 = 15;
pub(super) const NOTE_H: f32 = 17.0;
pub(super) const HEADER_H: f32 = 66.0;
pub(super) const BAR_H: f32 = 44.0;
/// An icon's tile in the art picker, and the room between tiles.
pub(super) const ART_TILE: Vec2 = vec2(84.0, 96.0);
pub(super) const ART_GAP: f32 = 8.0;
/// The line under the tiles that says how to pick.
pub(super) const ART_HINT_H: f32 = 22.0;
pub(super) const ART_HINT: &str = "Enter takes the first icon (gold); a click takes any";
/// The place of the focused field's messages in full: three lines.
pub(super) const MESSAGES_H: f32 = 3.0 * NOTE_H + 10.0;
/// The remove button right of a box that heads an effect, a payment or an option.
pub(super) const REMOVE_W: f32 = 24.0;
/// The line under a picker's list of words.
pub(super) const PICK_HINT_H: f32 = 20.0;
/// The lines an effects' list keeps for the glossary line of the effect picked.
pub(super) const HELP_LINES: usize = 2;
pub(super) const PICK_HINT: &str = "Left/Right, a first letter or a click picks";

/// One field's place: its box on screen (after scrolling) and its notes' lines.
#[derive(Debug, Clone, Default)]
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

/// Where the form's pieces go for one frame.
#[derive(Debug, Clone, Default)]
pub struct FormGeometry {
    /// The part of the window the form takes.
    pub area: Rect,
    pub rows: Vec<Row>,
    /// Where the fields show (between the header and the buttons).
    pub view: Rect,
    pub save: Rect,
    pub undo: Rect,
    pub write: Rect,
    pub revert: Rect,
    pub close: Rect,
    /// The buttons' labels (short ones where the form is narrow).
    pub(super) labels: [&'static str; 5],
    pub(super) char_w: f32,
    /// The art picker's icons, under the art field while it has the keyboard.
    pub art: Vec<(Rect, &'static str)>,
    /// The pickers' words: in the box when they fit, else in a list under the focused
    /// box (its panel in `list`).
    pub words: Vec<(Rect, usize, &'static str)>,
    pub list: Option<Rect>,
    /// The remove buttons right of the boxes of rows that head an effect or option.
    pub removes: Vec<(Rect, usize)>,
    /// The open pop-up's parts (the type picker, the text's preview).
    pub(super) popup: Option<super::popup::Place>,
}

impl FormGeometry {
    /// The pieces a click lands on, the first under the pointer winning: the art
    /// picker's icons and the pickers' words over everything, then the buttons, then the
    /// fields' boxes where they show.
    fn targets(&self) -> Vec<(FormTarget, Rect)> {
        let mut out: Vec<(FormTarget, Rect)> = Vec::new();
        out.extend(self.art.iter().map(|(r, n)| (FormTarget::Art(n), *r)));
        out.extend(
            self.words
                .iter()
                .map(|(r, i, w)| (FormTarget::Word(*i, w), *r)),
        );
        out.extend(self.list.map(|r| (FormTarget::List, r)));
        out.extend(
            self.removes
                .iter()
                .map(|(r, i)| (FormTarget::Remove(*i), *r)),
        );
        out.extend([
            (FormTarget::Save, self.save),
            (FormTarget::Undo, self.undo),
            (FormTarget::Write, self.write),
            (FormTarget::Revert, self.revert),
            (FormTarget::Close, self.close),
        ]);
        for (i, r) in self.rows.iter().enumerate() {
            if let Some(shown) = r.boxed.intersect(self.view) {
                out.push((FormTarget::Field(i), shown));
            }
        }
        out
    }

    /// The character of field `i`'s box a click at `p` puts the caret before.
    pub fn char_at(&self, i: usize, p: Vec2) -> usize {
        let Some(r) = self.rows.get(i) else {
            return 0;
        };
        let line = ((p.y - r.boxed.y - 4.0) / LINE_H).max(0.0) as usize;
        let line = line.min(r.starts.len() - 1);
        let col = ((p.x - r.boxed.x - 6.0) / self.char_w).round().max(0.0) as usize;
        // Past a wrapped line's end the caret stays on that line (before its break).
        let end = r.starts.get(line + 1).map_or(r.len, |&next| next - 1);
        (r.starts[line] + col).min(end)
    }
}

/// A field's notes as shown: where several share the validator's lead-in (`the text does
/// not match the data: `) or closing hint (`; change the text or ...`), only the first
/// keeps them, so that a card with ten mismatches takes ten short lines.
pub(super) fn short_notes(notes: &[super::model::Note]) -> Vec<(bool, String)> {
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
pub(super) fn line_of(starts: &[usize], at: usize) -> usize {
    starts.iter().rposition(|&s| s <= at).unwrap_or(0)
}

impl CardForm {
    /// This frame's model of the form in `area`.
    pub(super) fn lay_out(&self, fonts: &Fonts, area: Area) -> FormFrame {
        let geometry = self.geometry(fonts, area);
        let mut f = ScreenFrame::new(area.rect.size(), geometry);
        f.targets = f.geometry.targets();
        f
    }

    /// The form's frame for `area`: the one built by the last update, or a fresh one if
    /// it was built for another area (or none was: the form opened this frame).
    pub(super) fn frame_for(&self, fonts: &Fonts, area: Area) -> Cow<'_, FormFrame> {
        let current = self.frame.geometry.area == area.rect;
        self.frame.or_anew(current, || self.lay_out(fonts, area))
    }

    fn geometry(&self, fonts: &Fonts, area: Area) -> FormGeometry {
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
        let popup = (self.popup != super::Popup::None).then(|| self.place(fonts, view));
        FormGeometry {
            popup,
            area: a,
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
            // An effects' list keeps two lines for what the effect picked does.
            let help = if words == &crate::cards::vocab::EFFECT_NAMES[..] {
                HELP_LINES as f32 * PICK_HINT_H
            } else {
                0.0
            };
            let h = lines as f32 * (LINE_H + 4.0) + 12.0 + PICK_HINT_H + help;
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

    /// Scrolls so that the focused field is on show (in the frame drawn last).
    pub(super) fn follow_focus(&mut self) {
        let l = &self.frame.geometry;
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
}

/// The buttons: Save, Undo, Write text, Revert, Close, with their keys.
pub(super) const LABELS: [&str; 5] = [
    "Save (Ctrl-S)",
    "Undo (Ctrl-Z)",
    "Write text… (Ctrl-W)",
    "Revert… (Ctrl-R)",
    "Close (Esc)",
];
/// The same without their keys, where the form is narrow (the status line names them).
pub(super) const SHORT: [&str; 5] = ["Save", "Undo", "Write text…", "Revert…", "Close"];

/// The button bar's buttons (Save, Undo, Write text, Revert, Close) and their labels:
/// with their keys, or without where the form is too narrow for them.
pub(super) fn bar(a: Rect, fonts: &Fonts) -> ([Rect; 5], [&'static str; 5]) {
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
