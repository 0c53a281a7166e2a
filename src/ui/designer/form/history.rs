//! Undo and redo of the form's edits: snapshots of the fields taken before each group of
//! edits. Typing is grouped a word at a time (a space typed after a word starts the next
//! step), erasing a run at a time; moving the caret or changing field ends a group.
//!
//! This undoes what was typed in the form only: a card saved to its file is put back by
//! the desk's revert command, with a confirmation (see `crate::ui::designer::commands`).

use super::field::Edit;
use super::model::{Field, Form};

/// How many steps are kept (older ones are dropped).
pub const LEVELS: usize = 500;

/// The fields (rows come and go with an effect added or removed), and the field with
/// the keyboard.
#[derive(Debug, Clone)]
struct Snapshot {
    fields: Vec<Field>,
    focus: usize,
}

impl Snapshot {
    fn of(form: &Form) -> Snapshot {
        Snapshot {
            fields: form.fields.clone(),
            focus: form.focus,
        }
    }

    /// Puts the snapshot back into `form`.
    fn restore(self, form: &mut Form) {
        form.fields = self.fields;
        form.focus = self.focus.min(form.fields.len().saturating_sub(1));
    }
}

/// What kind of edit a group is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Typing,
    Erasing,
}

/// The group of edits under way: further edits of the same kind in the same field, at
/// the caret where the last one left it, join it.
#[derive(Debug, Clone, Copy)]
struct Group {
    field: usize,
    kind: Kind,
    caret: usize,
    /// The last character typed was a space (the next word starts a new step).
    after_space: bool,
}

/// The undo and redo stacks of one form.
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    group: Option<Group>,
}

impl History {
    /// Applies `e` to the form's focused field, recording a step when it starts a new
    /// group; returns whether the text changed.
    pub fn edit(&mut self, form: &mut Form, e: Edit) -> bool {
        let choice = form
            .fields
            .get(form.focus)
            .is_some_and(|f| matches!(f.kind, super::model::Kind::Choice(_)));
        if choice {
            // A word picked is a step of its own, whatever key picked it.
            let before = Snapshot::of(form);
            self.group = None;
            let changed = form.edit(e);
            if changed {
                self.push(before);
            }
            return changed;
        }
        let kind = match e {
            Edit::Insert(_) => Kind::Typing,
            Edit::Backspace | Edit::Delete => Kind::Erasing,
            Edit::Left | Edit::Right | Edit::Home | Edit::End => {
                self.group = None;
                return form.edit(e);
            }
        };
        let before = Snapshot::of(form);
        let caret = form.fields.get(form.focus).map(|f| f.edit.cursor());
        if !form.edit(e) {
            return false;
        }
        let space = matches!(e, Edit::Insert(c) if c.is_whitespace());
        let joins = self.group.is_some_and(|g| {
            g.field == form.focus
                && g.kind == kind
                && Some(g.caret) == caret
                // A space after a word starts the next word's step.
                && !(kind == Kind::Typing && space && !g.after_space)
        });
        if !joins {
            self.push(before);
        }
        self.group = Some(Group {
            field: form.focus,
            kind,
            caret: form.fields[form.focus].edit.cursor(),
            after_space: space,
        });
        true
    }

    /// Puts `text` in the focused field as one step (a word picked from a list).
    pub fn replace(&mut self, form: &mut Form, text: &str) -> bool {
        let Some(f) = form.fields.get(form.focus) else {
            return false;
        };
        if f.edit.text() == text {
            return false;
        }
        let before = Snapshot::of(form);
        form.fields[form.focus].edit = super::field::TextField::new(text);
        self.group = None;
        self.push(before);
        true
    }

    /// A change to the form's rows (an effect added or removed) as one step.
    pub fn change(&mut self, form: &mut Form, f: impl FnOnce(&mut Form) -> bool) -> bool {
        let before = Snapshot::of(form);
        self.group = None;
        let changed = f(form);
        if changed {
            self.push(before);
        }
        changed
    }

    fn push(&mut self, s: Snapshot) {
        self.undo.push(s);
        if self.undo.len() > LEVELS {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Ends the group under way (the caret moved, the field changed, the card was saved).
    pub fn settle(&mut self) {
        self.group = None;
    }

    /// Undoes the last step; `false` when there is none.
    pub fn undo(&mut self, form: &mut Form) -> bool {
        self.step(form, true)
    }

    /// Redoes the last step undone; `false` when there is none.
    pub fn redo(&mut self, form: &mut Form) -> bool {
        self.step(form, false)
    }

    fn step(&mut self, form: &mut Form, back: bool) -> bool {
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some(s) = from.pop() else {
            return false;
        };
        to.push(Snapshot::of(form));
        s.restore(form);
        self.group = None;
        true
    }

    /// Steps that can be undone and redone.
    pub fn depth(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::designer::form::model::Slot;
    use serde_json::json;

    fn form() -> Form {
        let mut f = Form::of(&json!({"id": "a", "type": "rest", "name": "Camp", "text": "Rest."}));
        f.focus = f
            .fields
            .iter()
            .position(|x| x.slot == Slot::Key("name".into()))
            .unwrap();
        f
    }

    fn name(f: &Form) -> &str {
        f.text(&Slot::Key("name".into())).unwrap()
    }

    fn type_in(h: &mut History, f: &mut Form, s: &str) {
        for c in s.chars() {
            h.edit(f, Edit::Insert(c));
        }
    }

    #[test]
    fn typing_is_undone_a_word_at_a_time_and_redone() {
        let (mut h, mut f) = (History::default(), form());
        type_in(&mut h, &mut f, " of Ash");
        assert_eq!(name(&f), "Camp of Ash");
        assert!(h.undo(&mut f));
        assert_eq!(name(&f), "Camp of");
        assert!(h.undo(&mut f));
        assert_eq!(name(&f), "Camp");
        assert!(!h.undo(&mut f), "nothing before the form opened");
        assert!(h.redo(&mut f));
        assert!(h.redo(&mut f));
        assert_eq!(name(&f), "Camp of Ash");
        assert!(!h.redo(&mut f));
    }

    #[test]
    fn erasing_moving_and_other_fields_make_steps_of_their_own() {
        let (mut h, mut f) = (History::default(), form());
        type_in(&mut h, &mut f, "s");
        h.edit(&mut f, Edit::Backspace);
        h.edit(&mut f, Edit::Backspace);
        assert_eq!(name(&f), "Cam");
        h.edit(&mut f, Edit::Home);
        type_in(&mut h, &mut f, "X");
        f.step(true);
        h.settle();
        type_in(&mut h, &mut f, "!");
        assert_eq!(name(&f), "XCam");
        assert!(h.undo(&mut f));
        assert_eq!(f.text(&Slot::Key("text".into())), Some("Rest."));
        assert_eq!(name(&f), "XCam", "one field's step at a time");
        assert!(h.undo(&mut f));
        assert_eq!(name(&f), "Cam");
        assert!(h.undo(&mut f));
        assert_eq!(name(&f), "Camps", "the two backspaces are one step");
        assert!(h.undo(&mut f));
        assert_eq!(name(&f), "Camp");
        // A new edit after an undo drops what could be redone.
        type_in(&mut h, &mut f, "y");
        assert!(!h.redo(&mut f));
        assert_eq!(h.depth(), (1, 0));
    }
}
