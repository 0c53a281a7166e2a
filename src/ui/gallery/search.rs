//! Searching the set from the gallery: Ctrl-F (or /) opens a line under the grid; what is
//! typed is a [`Query`] over the whole set (the Domain and type filters are set aside), the
//! grid shows the cards found and the first is picked; Enter keeps the results (N/P step
//! through them, E edits the picked one), Esc drops the search.

use super::{Entry, GalleryScreen};
use crate::cards::search::Query;
use crate::ui::input::{Input, Press};
use macroquad::prelude::KeyCode;

/// The search under way.
#[derive(Debug, Default)]
pub(super) struct Search {
    pub text: String,
    /// The box has the keyboard (after Enter the results stay, the keys are the gallery's).
    pub typing: bool,
    /// The cards found, as indices into the set's Station cards.
    pub found: Vec<usize>,
}

impl GalleryScreen {
    /// The search's part of a frame: `true` when it took the input.
    pub(super) fn search_update(&mut self, input: &Input) -> bool {
        let opens = input.chords.iter().any(|c| c.ctrl && c.key == KeyCode::F)
            || (input.typed == Some('/') && self.search.as_ref().is_none_or(|s| !s.typing));
        if opens {
            let text = self.search.take().map(|s| s.text).unwrap_or_default();
            self.search = Some(Search {
                text,
                typing: true,
                found: Vec::new(),
            });
            self.run_search();
            return true;
        }
        let Some(s) = self.search.as_mut() else {
            return false;
        };
        if !s.typing {
            if input.back {
                self.search = None;
                return true;
            }
            return false;
        }
        if input.back {
            self.search = None;
            return true;
        }
        let mut changed = false;
        for p in &input.presses {
            match *p {
                Press::Char(c) if !input.ctrl && !c.is_control() => {
                    s.text.push(c);
                    changed = true;
                }
                Press::Key(KeyCode::Backspace) => changed |= s.text.pop().is_some(),
                Press::Key(KeyCode::Enter | KeyCode::KpEnter) => s.typing = false,
                _ => {}
            }
        }
        if changed {
            self.run_search();
        }
        true
    }

    /// Runs the query over the whole set and picks the first card found.
    fn run_search(&mut self) {
        let Some(s) = self.search.as_mut() else {
            return;
        };
        let q = Query::parse(&s.text);
        s.found = if q.is_empty() {
            Vec::new()
        } else {
            q.run(&self.cards)
        };
        self.scroll = 0;
        self.pinned = s.found.first().map(|&c| Entry::Station(c));
    }

    /// The cards on show while a search is under way (`None`: no search).
    pub(super) fn searched(&self) -> Option<Vec<Entry>> {
        let s = self.search.as_ref().filter(|s| !s.text.trim().is_empty())?;
        Some(s.found.iter().map(|&c| Entry::Station(c)).collect())
    }

    /// The line under the grid while searching.
    pub(super) fn search_line(&self) -> Option<String> {
        let s = self.search.as_ref()?;
        let caret = if s.typing { "_" } else { "" };
        let found = match s.found.len() {
            _ if s.text.trim().is_empty() => {
                "words, type:foe, tag:beast, hp>6, deal>=3, refs:CARD_ID".to_string()
            }
            0 => "nothing found".to_string(),
            1 => "1 card".to_string(),
            n => format!("{n} cards"),
        };
        let keys = if s.typing {
            "Enter keeps, Esc drops"
        } else {
            "N/P step, E edit, / search again, Esc drops"
        };
        Some(format!("Search: {}{caret}   ({found}; {keys})", s.text))
    }
}
