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
    /// The echoes queued for `Input::typed` were dropped (after a frame in which the
    /// search line or the desk had the keyboard throughout): none is to come.
    pub fn typed_dropped(&mut self) {
        self.search_echoes = 0;
    }

    /// The search's part of a frame: `true` when it took the input.
    pub(super) fn search_update(&mut self, input: &Input) -> bool {
        let took = self.search_input(input);
        // A character is seen twice: in `presses`, where the box takes it, and as
        // `input.typed`, one a frame, oldest first (in the same frame or later). Those
        // echoes are not the gallery's keys.
        if input.typed.is_some() && self.search_echoes > 0 {
            self.search_echoes -= 1;
            return true;
        }
        took
    }

    fn search_input(&mut self, input: &Input) -> bool {
        let typing = self.search.as_ref().is_some_and(|s| s.typing);
        let opener = input.presses.iter().position(|p| match *p {
            Press::Key(KeyCode::F) => input.chords.iter().any(|c| c.ctrl && c.key == KeyCode::F),
            Press::Char('/') => !typing,
            _ => false,
        });
        if let Some(at) = opener {
            if input.presses[at] == Press::Char('/') {
                self.search_echoes += 1;
            }
            let text = self.search.take().map(|s| s.text).unwrap_or_default();
            self.search = Some(Search {
                text,
                typing: true,
                found: Vec::new(),
            });
            self.search_keys(&input.presses[at + 1..], input.ctrl);
            self.run_search();
            return true;
        }
        let Some(s) = self.search.as_ref() else {
            return false;
        };
        if input.back {
            self.search = None;
            return true;
        }
        if !s.typing {
            return false;
        }
        if self.search_keys(&input.presses, input.ctrl) {
            self.run_search();
        }
        true
    }

    /// Typing into the search line: returns whether its text changed. Enter ends the
    /// typing (what follows it in the same frame is the gallery's).
    fn search_keys(&mut self, presses: &[Press], ctrl: bool) -> bool {
        let Some(s) = self.search.as_mut() else {
            return false;
        };
        let mut changed = false;
        for p in presses {
            match *p {
                Press::Char(c) if !ctrl && !c.is_control() => {
                    s.text.push(c);
                    self.search_echoes += 1;
                    changed = true;
                }
                Press::Key(KeyCode::Backspace) => changed |= s.text.pop().is_some(),
                Press::Key(KeyCode::Enter | KeyCode::KpEnter) => {
                    s.typing = false;
                    break;
                }
                _ => {}
            }
        }
        changed
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
        // What the pointer rested on belongs to the grid before the search.
        self.hovered = None;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::input::Chord;
    use std::sync::Arc;

    /// Typed at a steady pace: each character's echo comes in its own frame.
    #[test]
    fn an_echo_in_the_same_frame_is_not_counted_twice() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let set = crate::cards::load::load_dir(&dir).unwrap().0;
        let mut g = GalleryScreen::new(Arc::new(set));
        let key = |p: Press, typed: Option<char>| Input {
            presses: vec![p],
            typed,
            ..Input::default()
        };
        assert!(g.search_update(&key(Press::Char('/'), Some('/'))));
        for c in "hound".chars() {
            assert!(g.search_update(&key(Press::Char(c), Some(c))));
        }
        assert!(g.search_update(&key(Press::Key(KeyCode::Enter), None)));
        assert_eq!(g.search.as_ref().map(|s| s.text.as_str()), Some("hound"));
        assert!(
            !g.search_update(&key(Press::Char('e'), Some('e'))),
            "E after Enter is the gallery's"
        );
    }

    #[test]
    fn typed_echoes_of_the_query_are_not_gallery_keys() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let set = crate::cards::load::load_dir(&dir).unwrap().0;
        let mut g = GalleryScreen::new(Arc::new(set));
        let ctrl_f = Input {
            presses: vec![Press::Key(KeyCode::F)],
            chords: vec![Chord {
                key: KeyCode::F,
                ctrl: true,
                shift: false,
            }],
            ..Input::default()
        };
        assert!(g.search_update(&ctrl_f));
        // The whole query, Enter and an E in one slow frame.
        let mut presses: Vec<Press> = "type:foe hound".chars().map(Press::Char).collect();
        presses.push(Press::Key(KeyCode::Enter));
        presses.push(Press::Char('e'));
        let frame = Input {
            presses,
            typed: Some('t'),
            ..Input::default()
        };
        assert!(g.search_update(&frame));
        let s = g.search.as_ref().unwrap();
        assert_eq!(s.text, "type:foe hound");
        assert!(!s.typing);
        assert!(!s.found.is_empty());
        // The query's characters come back one a frame as `typed`: all swallowed.
        for c in "type:foe hound".chars().skip(1) {
            let echo = Input {
                typed: Some(c),
                ..Input::default()
            };
            assert!(g.search_update(&echo), "the echo of {c:?} was let through");
        }
        // The E typed after Enter is the gallery's.
        let e = Input {
            typed: Some('e'),
            ..Input::default()
        };
        assert!(!g.search_update(&e));
    }

    /// A pointer resting on a card of the whole set's grid does not take over from the
    /// card a search found (E edits the card drawn large).
    #[test]
    fn a_search_puts_away_what_the_resting_pointer_was_on() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let set = crate::cards::load::load_dir(&dir).unwrap().0;
        let sword = set
            .cards
            .iter()
            .position(|c| c.id.0 == "ancient_sword")
            .expect("the sword");
        let mut g = GalleryScreen::new(Arc::new(set));
        g.hovered = Some(Entry::Station(0));
        let key = |p: Press| Input {
            presses: vec![p],
            ..Input::default()
        };
        g.search_update(&key(Press::Char('/')));
        for c in "ancient_sword".chars() {
            g.search_update(&key(Press::Char(c)));
        }
        g.search_update(&key(Press::Key(KeyCode::Enter)));
        assert_eq!(g.hovered, None);
        assert_eq!(g.on_show(), Some(Entry::Station(sword)));
    }
}
