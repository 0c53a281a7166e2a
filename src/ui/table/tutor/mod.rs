//! The table in a lesson ("Learn to play"): the lesson's run is started here, every choice
//! but the one the current step asks for is greyed (with the reason on hover), and the
//! hint follows the shown state. A lesson is never saved and never recorded
//! (`Autosave::off`); leaving it goes back to the title.
//!
//! With `FORWARD_LESSON_TRACE` set, every change of the hint is printed on stdout as
//! `lesson: <step> at X,Y` (X, Y: the middle of what the hint points at, in window
//! pixels), so that a window test can follow the lesson by keys or clicks.

use super::frame::Button;
use super::panels::hint::{self, Now};
use super::{Layout, TableScreen};
use crate::cards::CardSet;
use crate::core::Action;
use crate::core::state::{Phase, State};
use crate::present::lesson::{self, Lesson};
use crate::store::Autosave;
use macroquad::prelude::*;
use std::sync::Arc;

/// The environment variable that turns the lesson's trace on.
pub const TRACE_ENV: &str = "FORWARD_LESSON_TRACE";

/// A lesson in progress on the table.
#[derive(Debug, Clone)]
pub struct Tutor {
    pub lesson: Lesson,
    /// The trace's last line and the length of the shown log then (`None`: no trace): a
    /// second hold in a row prints its line again.
    trace: Option<(String, usize)>,
}

impl TableScreen {
    /// The lesson's run on its own card set, never saved, with its first `done` steps
    /// played by its own script (0 for a new lesson; more for screenshots of a step), shown
    /// at rest.
    pub fn lesson_at(cards: Arc<CardSet>, done: usize) -> TableScreen {
        // The lesson's seed and forced dice (present::lesson), so each step happens as taught.
        let mut run = crate::session::Session::new(cards, lesson::SEED, lesson::DICE.to_vec()).0;
        let mut script = Lesson::new();
        while script.index() < done {
            let Some(a) = script.wanted(&run.state) else {
                break;
            };
            if run.act(&a).is_err() {
                break;
            }
            script.observe(&run.state);
        }
        let mut t = TableScreen::blank(run, Autosave::off());
        t.stage
            .scene_mut()
            .note_first("The lesson: a short guided run. Nothing is saved or counted.".into());
        t.tutor = Some(Tutor {
            lesson: script,
            trace: std::env::var_os(TRACE_ENV).map(|_| (String::new(), 0)),
        });
        t.refresh(vec2(1280.0, 800.0), None);
        t
    }

    /// Whether this table is a lesson.
    pub fn is_lesson(&self) -> bool {
        self.tutor.is_some()
    }

    /// Whether the player may take `a` now (always, outside a lesson).
    pub(super) fn allowed(&self, a: &Action) -> bool {
        self.tutor
            .as_ref()
            .is_none_or(|t| t.lesson.allows(&self.run.state, a))
    }

    /// In a lesson, greys every button but the step's own, saying why on hover.
    pub(super) fn lesson_buttons(&self, s: &State, mut buttons: Vec<Button>) -> Vec<Button> {
        let Some(t) = &self.tutor else {
            return buttons;
        };
        if s.phase == Phase::Over {
            // A lesson's end leads back to the title only (never again, never counted).
            buttons.retain(|b| b.label == super::frame::END_TITLE);
        }
        for b in &mut buttons {
            if let Some(a) = &b.action
                && !t.lesson.allows(s, a)
            {
                b.action = None;
                b.disabled = Some(lesson::CLOSED.to_string());
                b.primary = false;
                b.key = None;
            }
        }
        buttons
    }

    /// What the hint is about now: `None` while a moment plays.
    pub(super) fn hint_now(&self) -> Option<Now> {
        let t = self.tutor.as_ref()?;
        if self.stage.holding() {
            return Some(Now::Hold);
        }
        if !self.stage.idle() {
            return None;
        }
        if self.stage.shown().phase == Phase::Over {
            return Some(Now::End);
        }
        Some(Now::Step(t.lesson.index()))
    }

    /// What the hint rings now: what the step asks for, and, on the step that teaches
    /// the Guardian, its card on the map (where its requirements and seals show).
    pub(super) fn lesson_rings(&self, now: Now, s: &State, l: &Layout) -> Vec<Rect> {
        let Some(t) = &self.tutor else {
            return Vec::new();
        };
        let mut rings = hint::target(now, s, &t.lesson, &self.frame, l);
        let on_guardian = matches!(now, Now::Step(_))
            && t.lesson
                .step()
                .is_some_and(|st| st.id == lesson::SHOWS_GUARDIAN);
        if on_guardian {
            let ml = self.frame.map_for(&self.map, l);
            rings.push(crate::ui::map::guardian_badge(&ml));
        }
        rings
    }

    /// Moves the lesson on from the shown state (before the frame's buttons are built).
    pub(super) fn lesson_observe(&mut self) {
        if let Some(t) = &mut self.tutor {
            t.lesson.observe(self.stage.shown());
        }
    }

    /// Prints the trace line when what the hint is about (or where it points) changed.
    pub(super) fn lesson_trace(&mut self, l: &Layout) {
        let Some(now) = self.hint_now() else {
            return;
        };
        let Some(t) = self.tutor.as_ref().filter(|t| t.trace.is_some()) else {
            return;
        };
        let shown = self.stage.shown();
        let at = hint::target(now, shown, &t.lesson, &self.frame, l)
            .first()
            .map(|r| r.center() * l.k);
        let key = hint::key_for(now, &self.frame, &t.lesson, shown);
        let mut line = format!("lesson: {}", now.name());
        if let Some(k) = key {
            line.push_str(&format!(" key {k}"));
        }
        if let Some(p) = at {
            line.push_str(&format!(" at {},{}", p.x.round(), p.y.round()));
        }
        let mark = (line, self.stage.scene().log.len());
        if let Some(t) = &mut self.tutor
            && t.trace.as_ref() != Some(&mark)
        {
            use std::io::Write;
            println!("{}", mark.0);
            let _ = std::io::stdout().flush();
            t.trace = Some(mark);
        }
    }
}

#[cfg(test)]
mod tests;
