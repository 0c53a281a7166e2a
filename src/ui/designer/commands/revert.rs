//! The saves of this sitting and the revert command (Ctrl-R): every file the desk wrote
//! is kept as it was before each save, so any earlier version can be put back. Putting
//! one back asks first, says what else goes with it, and is itself a step that can be
//! reverted.

use crate::cards::edit::Saved;
use crate::ui::input::Input;
use crate::ui::style::{self, Fonts, colour, fade};
use macroquad::prelude::*;
use std::path::Path;

/// One write of this sitting: a card saved, or a file put back.
#[derive(Debug, Clone)]
pub(in crate::ui::designer) struct Step {
    pub saved: Saved,
    /// The other files the same write changed (a rename's references): put back with it.
    pub more: Vec<Saved>,
    /// What the write was, to finish "as before ...": `saving cinder_hound`.
    pub what: String,
    /// When, as `HH:MM:SS` UTC.
    pub at: String,
    /// The card's id before and after, when the write renamed it (Ctrl-B weighs the card
    /// by its old id in the set before).
    pub renamed: Option<(String, String)>,
}

impl Step {
    pub fn new(saved: Saved, what: String) -> Step {
        Step {
            saved,
            more: Vec::new(),
            what,
            at: clock(),
            renamed: None,
        }
    }

    /// One write of several files (the first names it in the list); `None` if none.
    pub fn of_many(mut saved: Vec<Saved>, what: String) -> Option<Step> {
        if saved.is_empty() {
            return None;
        }
        let first = saved.remove(0);
        let mut step = Step::new(first, what);
        step.more = saved;
        Some(step)
    }

    /// Every file the step wrote.
    pub fn files(&self) -> impl Iterator<Item = &Saved> {
        std::iter::once(&self.saved).chain(&self.more)
    }
}

/// The time of day, UTC, as `HH:MM:SS`.
fn clock() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
        % 86_400;
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// The file a step wrote, as the cards folder names it (`domains/termina.json`).
pub(in crate::ui::designer) fn rel_name(path: &Path, cards: Option<&Path>) -> String {
    cards
        .and_then(|d| path.strip_prefix(d).ok())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// The open list of versions: which is picked, and whether it asks for the yes.
#[derive(Debug, Default)]
pub(in crate::ui::designer) struct Panel {
    /// An index into the steps, newest first (0 is the last step).
    selected: usize,
    confirming: bool,
}

/// What the panel asks of the gallery after a frame.
#[derive(Debug, PartialEq, Eq)]
pub(in crate::ui::designer) enum Answer {
    Stay,
    Cancel,
    /// Put the file of step N (chronological) back as it was before that step.
    Restore(usize),
}

impl Panel {
    /// One frame of input: Up/Down pick, Enter asks, Y restores, N or Esc steps back.
    pub fn update(&mut self, input: &Input, steps: usize) -> Answer {
        if steps == 0 {
            return Answer::Cancel;
        }
        if self.confirming {
            return match input.typed {
                Some('y' | 'Y') => Answer::Restore(steps - 1 - self.selected.min(steps - 1)),
                Some('n' | 'N') => {
                    self.confirming = false;
                    Answer::Stay
                }
                _ if input.back => {
                    self.confirming = false;
                    Answer::Stay
                }
                _ => Answer::Stay,
            };
        }
        if input.back {
            return Answer::Cancel;
        }
        if input.up && !input.tab {
            self.selected = self.selected.saturating_sub(1);
        }
        if input.down {
            self.selected = (self.selected + 1).min(steps - 1);
        }
        if input.activate {
            self.confirming = true;
        }
        Answer::Stay
    }

    /// The question asked before step `k`'s file is put back: what goes with it.
    /// `outside`: the file was changed outside the game since the game last wrote it;
    /// `form`: the open form has unsaved edits.
    pub fn question(steps: &[Step], k: usize, rel: &str, outside: bool, form: bool) -> String {
        let step = &steps[k];
        let undone = steps[k..]
            .iter()
            .filter(|s| s.saved.path == step.saved.path)
            .count();
        let mut q = format!(
            "Put {rel} back as it was before {} ({})? That undoes {undone} write{} of it made since",
            step.what,
            step.at,
            if undone == 1 { "" } else { "s" }
        );
        if outside {
            q.push_str(", and the changes made to it outside the game");
        }
        if !step.more.is_empty() {
            let n = step.more.len();
            q.push_str(&format!(
                "; the {n} other file{} that write changed go back with it",
                if n == 1 { "" } else { "s" }
            ));
        }
        if form {
            q.push_str("; the form's unsaved edits are dropped");
        }
        q.push_str(". Y: put it back · N: keep it");
        q
    }

    /// Draws the list in `area`; `lines` are the versions (newest first) and `question`
    /// the confirmation asked, if it is asked.
    pub fn draw(&self, area: Rect, fonts: &Fonts, lines: &[String], question: Option<&str>) {
        let a = area;
        draw_rectangle(a.x, a.y, a.w, a.h, colour::SKY_TOP);
        style::card(a, 10.0, 1.5, colour::SKY_TOP, colour::GOLD);
        style::text(
            "Revert: put a file back as it was earlier in this sitting",
            a.x + 14.0,
            a.y + 30.0,
            &fonts.serif,
            22,
            colour::GOLD,
        );
        let hint = "Up/Down pick a version · Enter put it back (asks first) · Esc cancel";
        style::text(
            hint,
            a.x + 14.0,
            a.y + 54.0,
            &fonts.italic,
            17,
            colour::PARCHMENT,
        );
        let mut y = a.y + 90.0;
        for (i, line) in lines.iter().enumerate() {
            let r = Rect::new(a.x + 10.0, y - 20.0, a.w - 20.0, 28.0);
            if i == self.selected {
                style::card(r, 4.0, 1.5, fade(colour::GOLD, 0.18), colour::GOLD);
            }
            let line = style::ellipsize(line, a.w - 40.0, |x| style::width(x, &fonts.serif, 17));
            style::text(&line, a.x + 20.0, y, &fonts.serif, 17, colour::PARCHMENT);
            y += 32.0;
            if y > a.bottom() - 120.0 {
                break;
            }
        }
        if let (true, Some(q)) = (self.confirming, question) {
            let measure = |x: &str| style::width(x, &fonts.serif, 18);
            let lines = style::wrap(q, a.w - 28.0, measure);
            let mut y = a.bottom() - 16.0 - (lines.len() as f32 - 1.0) * 22.0;
            for l in lines {
                style::text(&l, a.x + 14.0, y, &fonts.serif, 18, colour::WARNING);
                y += 22.0;
            }
        }
    }

    /// The picked step (chronological index), given how many there are.
    pub fn picked(&self, steps: usize) -> Option<usize> {
        steps.checked_sub(1 + self.selected)
    }

    pub fn confirming(&self) -> bool {
        self.confirming
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn step(file: &str, what: &str) -> Step {
        Step {
            saved: Saved {
                path: PathBuf::from(file),
                before: String::new(),
                after: String::new(),
            },
            more: Vec::new(),
            what: what.into(),
            at: "00:00:00".into(),
            renamed: None,
        }
    }

    #[test]
    fn enter_asks_and_only_y_restores_the_picked_version() {
        let mut p = Panel::default();
        let key = |f: fn(&mut Input)| {
            let mut i = Input::default();
            f(&mut i);
            i
        };
        p.update(&key(|i| i.down = true), 3);
        assert_eq!(p.picked(3), Some(1), "one step back from the newest");
        assert_eq!(p.update(&key(|i| i.typed = Some('y')), 3), Answer::Stay);
        p.update(&key(|i| i.activate = true), 3);
        assert!(p.confirming());
        assert_eq!(p.update(&key(|i| i.typed = Some('n')), 3), Answer::Stay);
        assert!(!p.confirming());
        p.update(&key(|i| i.activate = true), 3);
        assert_eq!(
            p.update(&key(|i| i.typed = Some('y')), 3),
            Answer::Restore(1)
        );
        assert_eq!(p.update(&key(|i| i.back = true), 3), Answer::Stay);
        assert_eq!(p.update(&key(|i| i.back = true), 3), Answer::Cancel);
    }

    #[test]
    fn the_question_counts_the_writes_undone_and_names_what_else_goes() {
        let steps = [
            step("a", "saving x"),
            step("b", "saving y"),
            step("a", "saving z"),
        ];
        let q = Panel::question(&steps, 0, "a", true, true);
        assert!(q.contains("undoes 2 writes"), "{q}");
        assert!(q.contains("outside the game"), "{q}");
        assert!(q.contains("unsaved edits"), "{q}");
        let q = Panel::question(&steps, 1, "b", false, false);
        assert!(q.contains("undoes 1 write of"), "{q}");
        assert!(!q.contains("outside"), "{q}");
    }
}
