//! What takes the table's input over: the Esc menu, the entry of physical dice, and the
//! Guide's view behind its look-away cover. At most one is up; its precedence is here, in
//! [`TableScreen::update_modal`]: an open modal takes every input; with none open, a held
//! Tab (with a Guide) starts the Guide's view before anything else sees the frame.

use super::TableScreen;
use super::layout::Layout;
use super::panels::overlay::{MENU, menu, menu_rects};
use crate::core::{Action, legal_actions};
use crate::ui::Next;
use crate::ui::guide;
use crate::ui::input::{Input, Press};
use crate::ui::style::Fonts;
use macroquad::prelude::*;

/// The modal layer up, if any.
#[derive(Debug, Clone, PartialEq)]
pub enum Modal {
    /// The Esc menu, with the entry selected.
    Menu { sel: usize },
    /// A roll waiting for physical dice to be typed.
    Dice(guide::Entry),
    /// The Guide's view (its cover, or open).
    Guide(guide::Peek),
    /// The Guide's screen's address and QR code, to scan with a phone.
    Link,
}

/// Keys that never skip a moment or press anything on their own.
pub fn is_modifier(key: KeyCode) -> bool {
    matches!(
        key,
        KeyCode::LeftShift
            | KeyCode::RightShift
            | KeyCode::LeftControl
            | KeyCode::RightControl
            | KeyCode::LeftAlt
            | KeyCode::RightAlt
            | KeyCode::LeftSuper
            | KeyCode::RightSuper
            | KeyCode::Tab
            | KeyCode::CapsLock
    )
}

/// The digit of a number key (top row or keypad).
pub fn digit(key: KeyCode) -> Option<u8> {
    use KeyCode::*;
    let d = match key {
        Key0 | Kp0 => 0,
        Key1 | Kp1 => 1,
        Key2 | Kp2 => 2,
        Key3 | Kp3 => 3,
        Key4 | Kp4 => 4,
        Key5 | Kp5 => 5,
        Key6 | Kp6 => 6,
        Key7 | Kp7 => 7,
        Key8 | Kp8 => 8,
        Key9 | Kp9 => 9,
        _ => return None,
    };
    Some(d)
}

impl TableScreen {
    /// Gives the input to the modal layer up (or to a held Tab that opens the Guide's
    /// view). `None`: no modal took it.
    pub(super) fn update_modal(&mut self, input: &Input, l: &Layout) -> Option<Next> {
        match self.modal.take() {
            None => {
                let mut peek = guide::Peek::Closed;
                // With a Guide's screen following, the Guide's view is there: the
                // shared table never asks the traveller to look away.
                if self.run.state.guide && !self.link_connected() && peek.update(input, self.now) {
                    self.modal = Some(Modal::Guide(peek));
                    return Some(Next::Stay);
                }
                None
            }
            Some(Modal::Guide(mut peek)) => {
                peek.update(input, self.now);
                if peek != guide::Peek::Closed {
                    self.modal = Some(Modal::Guide(peek));
                }
                Some(Next::Stay)
            }
            Some(Modal::Dice(entry)) => {
                self.update_dice(entry, input, l);
                Some(Next::Stay)
            }
            Some(Modal::Menu { sel }) => Some(self.update_menu(input, l, sel)),
            Some(Modal::Link) => {
                // Any key or click puts the code away.
                if input.presses.is_empty() && !input.click {
                    self.modal = Some(Modal::Link);
                }
                Some(Next::Stay)
            }
        }
    }

    /// Typed dice: every character of the frame in order, or a click on a die face.
    fn update_dice(&mut self, mut entry: guide::Entry, input: &Input, l: &Layout) {
        let at = l.to_layout(input.mouse);
        let clicked = input
            .click
            .then(|| {
                guide::entry_faces(l.size)
                    .iter()
                    .position(|r| r.contains(at))
            })
            .flatten()
            .map(|i| i as u8 + 1);
        let mut steps: Vec<(Option<char>, bool, Option<u8>)> = input
            .presses
            .iter()
            .filter_map(|p| match p {
                Press::Char(c) => Some((Some(*c), false, None)),
                Press::Key(KeyCode::Escape) => Some((None, true, None)),
                _ => None,
            })
            .collect();
        if clicked.is_some() {
            steps.push((None, false, clicked));
        }
        for (key, back, click) in steps {
            match entry.update(&self.run.state, key, back, click) {
                guide::Typed::Done(values) => {
                    let a = entry.action.clone();
                    self.commit(&a, &values);
                    return;
                }
                guide::Typed::Cancelled => {
                    self.stage
                        .scene_mut()
                        .note("No die typed: nothing was rolled.".into());
                    return;
                }
                guide::Typed::Nothing | guide::Typed::More => {}
            }
        }
        self.modal = Some(Modal::Dice(entry));
    }

    fn update_menu(&mut self, input: &Input, l: &Layout, sel: usize) -> Next {
        let n = MENU.len();
        let mut sel = sel;
        if input.up {
            sel = (sel + n - 1) % n;
        }
        if input.down {
            sel = (sel + 1) % n;
        }
        let at = l.to_layout(input.mouse);
        let rects = menu_rects(l);
        if let Some(i) = rects.iter().position(|r| r.contains(at))
            && (input.mouse_moved || input.click)
        {
            sel = i;
        }
        if input.back {
            return Next::Stay;
        }
        let picked = input.activate
            || input.click && rects.iter().any(|r| r.contains(at))
            || input.digit.is_some_and(|d| (1..=n as u8).contains(&d));
        if !picked {
            self.modal = Some(Modal::Menu { sel });
            return Next::Stay;
        }
        match input.digit.map_or(sel, |d| d as usize - 1) {
            1 => {
                // Whatever is still playing is shown as done; the save is of the true state.
                self.stage.finish_all();
                if self.autosave() {
                    Next::Title
                } else {
                    // The warning says why; the run stays open rather than be lost.
                    Next::Stay
                }
            }
            2 => {
                if legal_actions(&self.run.state).contains(&Action::Abandon) {
                    self.act(&Action::Abandon);
                }
                Next::Stay
            }
            3 => Next::Quit,
            4 => Next::Settings,
            5 => {
                self.open_link(None);
                Next::Stay
            }
            _ => Next::Stay,
        }
    }
}

impl Modal {
    /// Draws the modal over the table (in layout units).
    pub fn draw(&self, t: &TableScreen, fonts: &Fonts, l: &Layout) {
        let mouse = t.mouse.unwrap_or(vec2(-1e4, -1e4));
        match self {
            Modal::Menu { sel } => menu(fonts, l, *sel),
            Modal::Dice(e) => guide::draw_entry(e, &t.run.state, fonts, l.size, mouse),
            Modal::Guide(peek @ guide::Peek::Cover { .. }) => {
                guide::draw_cover(*peek, fonts, l.size, t.now)
            }
            Modal::Guide(peek) => guide::draw_view(&t.run.state, *peek, fonts, l.size),
            Modal::Link => {
                if let Some(link) = t.link() {
                    let url = link.screen.url();
                    super::panels::link::draw(&url, &link.qr, link.screen.connected(), fonts, l);
                }
            }
        }
    }
}
