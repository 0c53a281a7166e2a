//! One text field of the desk's form: its text and a cursor, edited by key presses.

/// What a key does to a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    Insert(char),
    Backspace,
    Delete,
    Left,
    Right,
    Home,
    End,
}

/// A single-line text field. The cursor is a char index (0 = before the first char).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextField {
    text: String,
    cursor: usize,
}

impl TextField {
    /// A field holding `text`, the cursor at its end.
    pub fn new(text: &str) -> TextField {
        // The form's fields are one line each: a newline in a value is kept as `\n` would
        // be in JSON, so the line a syntax error names stays the field's line.
        let text = text.replace('\n', " ");
        TextField {
            cursor: text.chars().count(),
            text,
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cursor as a char index.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Moves the cursor to char index `at` (clamped to the text).
    pub fn set_cursor(&mut self, at: usize) {
        self.cursor = at.min(self.text.chars().count());
    }

    /// The byte offset of char index `i`.
    fn byte(&self, i: usize) -> usize {
        self.text
            .char_indices()
            .nth(i)
            .map_or(self.text.len(), |(b, _)| b)
    }

    /// Applies one edit; returns whether the text changed.
    pub fn apply(&mut self, edit: Edit) -> bool {
        let len = self.text.chars().count();
        match edit {
            Edit::Insert(c) if !c.is_control() => {
                let at = self.byte(self.cursor);
                self.text.insert(at, c);
                self.cursor += 1;
                true
            }
            Edit::Insert(_) => false,
            Edit::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                let at = self.byte(self.cursor);
                self.text.remove(at);
                true
            }
            Edit::Delete if self.cursor < len => {
                let at = self.byte(self.cursor);
                self.text.remove(at);
                true
            }
            Edit::Backspace | Edit::Delete => false,
            Edit::Left => {
                self.cursor = self.cursor.saturating_sub(1);
                false
            }
            Edit::Right => {
                self.cursor = (self.cursor + 1).min(len);
                false
            }
            Edit::Home => {
                self.cursor = 0;
                false
            }
            Edit::End => {
                self.cursor = len;
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_and_erasing_move_the_cursor() {
        let mut f = TextField::new("HP 6");
        assert_eq!(f.cursor(), 4);
        assert!(f.apply(Edit::Backspace));
        assert!(f.apply(Edit::Insert('9')));
        assert_eq!(f.text(), "HP 9");
        f.apply(Edit::Home);
        assert!(!f.apply(Edit::Backspace), "nothing before the start");
        assert!(f.apply(Edit::Delete));
        assert_eq!(f.text(), "P 9");
        f.apply(Edit::Right);
        assert!(f.apply(Edit::Insert('é')));
        assert_eq!(f.text(), "Pé 9");
        assert_eq!(f.cursor(), 2);
        f.apply(Edit::End);
        assert!(!f.apply(Edit::Delete), "nothing after the end");
        f.apply(Edit::Right);
        assert_eq!(f.cursor(), 4);
        assert!(
            !f.apply(Edit::Insert('\u{8}')),
            "control characters are not typed"
        );
    }

    #[test]
    fn a_value_on_several_lines_becomes_one() {
        let f = TextField::new("one\ntwo");
        assert_eq!(f.text(), "one two");
    }
}
