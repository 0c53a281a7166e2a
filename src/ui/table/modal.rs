//! What takes the table's input over: the Esc menu, the entry of physical dice, and the
//! Guide's view behind its look-away cover. At most one is up; its precedence is here, in
//! [`TableScreen::update_modal`]: an open modal takes every input; with none open, a held
//! Tab (with a Guide) starts the Guide's view before anything else sees the frame.

use super::TableScreen;
use super::layout::Layout;
use super::panels::overlay::{menu, menu_rects};
use crate::core::state::Role;
use crate::core::{Action, legal_actions};
use crate::ui::Next;
use crate::ui::guide;
use crate::ui::hints;
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
    /// The Guide's screen: how it stands, and its address and QR code while no phone
    /// holds the Guide's seat.
    Link,
    /// A card the Guide shows the traveller from the page.
    Shown(crate::cards::CardRef),
    /// A term of the Guardian lost for good, and the ways on.
    Lost(super::panels::lost::Lost),
    /// A step that cannot be taken back, waiting for Enter (anything else cancels).
    Confirm(Confirm),
}

/// An entry of the Esc menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    Resume,
    SaveQuit,
    Abandon,
    /// Leave the lesson (never saved, never counted).
    Leave,
    Quit,
    Settings,
    Link,
}

impl Entry {
    /// The menu of a lesson (no saving, no Guide's screen), of a finished run (nothing
    /// left to save or abandon), of a run with a Guide, and of a run alone (no Guide's
    /// screen).
    pub fn menu(lesson: bool, over: bool, guided: bool) -> &'static [Entry] {
        use Entry::*;
        if lesson {
            &[Resume, Leave, Quit, Settings]
        } else if over {
            &[Resume, Quit, Settings]
        } else if guided {
            &[Resume, SaveQuit, Abandon, Quit, Settings, Link]
        } else {
            &[Resume, SaveQuit, Abandon, Quit, Settings]
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Entry::Resume => "Resume",
            Entry::SaveQuit => "Save & Quit",
            Entry::Abandon => "Abandon the run",
            Entry::Leave => "Leave the lesson",
            Entry::Quit => "Quit the game",
            Entry::Settings => "Settings",
            Entry::Link => "Guide's screen",
        }
    }
}

/// What a confirmation asks about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confirm {
    /// Abandon the run (it is recorded as a loss).
    Abandon,
    /// Quit the game (the run is saved as it is).
    Quit,
    /// Leave the lesson for the title (nothing is saved or counted).
    Leave,
    /// Quit the game during a lesson (nothing to save).
    QuitLesson,
    /// Switch these dice to physical ones typed in by hand.
    Dice(Role),
    /// A choice that kills the traveller or breaks a known term of the Guardian: its key
    /// pressed again (or Enter) takes it.
    Risk {
        action: Action,
        /// The choice's key ("S"), if it has one.
        key: Option<String>,
        /// The choice's button label, without its warning.
        label: String,
        /// What it does, in words ("Swapping for Ancient Sword kills you").
        question: String,
        /// The confirm button has the focus (moved there with an arrow key): Enter takes
        /// the choice. Otherwise Cancel has it, so that Enter pressed in haste cancels.
        yes: bool,
    },
}

impl Confirm {
    /// The confirmation `a` needs before it is taken, if any: when the core judges that it
    /// kills the traveller or breaks a known term (`core::consequence`). A choice whose
    /// result hangs on a die not yet rolled is not judged, so the question never tells the
    /// future: only a certain death is asked about, never a possible one.
    pub fn risk(s: &crate::core::State, a: &Action, key: Option<String>) -> Option<Confirm> {
        use crate::core::consequence::Warning;
        let w = crate::core::consequence(s, a)?;
        let label = crate::present::words::action_label(s, a);
        let question = match &w {
            Warning::Fatal => format!("{label}: this kills the traveller and ends the run."),
            Warning::BreaksPlan(b) => format!("{label}: {b}."),
            Warning::Wasted { .. } => return None,
        };
        Some(Confirm::Risk {
            action: a.clone(),
            key,
            label,
            question: capitalised(&question),
            yes: false,
        })
    }

    /// The question and what Enter does.
    pub fn words(&self, guided: bool) -> (String, String) {
        let (q, a): (&str, &str) = match self {
            Confirm::Abandon => (
                "Abandon this run? It counts as a loss.",
                "Enter  Abandon the run",
            ),
            Confirm::Quit => (
                "Quit the game? The run is saved and can be continued.",
                "Enter  Quit",
            ),
            Confirm::Leave => (
                "Leave the lesson? Nothing is saved or counted; you can start it again from the title.",
                "Enter  Leave the lesson",
            ),
            Confirm::QuitLesson => ("Quit the game? The lesson is not saved.", "Enter  Quit"),
            Confirm::Dice(Role::Guide) => (
                "Use real dice for the Guide? Each foe roll will ask for the number rolled.",
                "Enter  Use real dice",
            ),
            Confirm::Dice(Role::Traveller) if guided => (
                "Use real dice for the traveller? Each roll will ask for the number rolled.",
                "Enter  Use real dice",
            ),
            Confirm::Dice(Role::Traveller) => (
                "Use real dice? Each roll will ask for the number rolled.",
                "Enter  Use real dice",
            ),
            Confirm::Risk {
                key,
                label,
                question,
                yes,
                ..
            } => {
                // Only the choice's own key takes it (Enter, when its button has the focus).
                let how = match (key, yes) {
                    (_, true) => "Enter".to_string(),
                    (Some(k), false) => k.clone(),
                    (None, false) => "\u{2192}".to_string(),
                };
                return (question.clone(), format!("{how}  {label}"));
            }
        };
        (q.to_string(), a.to_string())
    }

    /// What cancels, in words for the cancel button ("Enter  Cancel" where Enter
    /// cancels: a risky choice's question, its Cancel focused).
    pub fn cancel_words(&self) -> String {
        match self {
            Confirm::Risk { yes: false, .. } => "Enter  Cancel".to_string(),
            _ => format!("Any other {}  Cancel", hints::press_word()),
        }
    }
}

/// `s` with its first letter capitalised.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The confirmation's box and its two buttons (confirm, cancel), in layout units.
pub fn confirm_rects(l: &Layout) -> (Rect, Rect, Rect) {
    let w = 560.0f32.min(l.size.x - 40.0);
    let panel = Rect::new(l.size.x / 2.0 - w / 2.0, l.size.y / 2.0 - 90.0, w, 180.0);
    let bw = (w - 60.0) / 2.0;
    let yes = Rect::new(panel.x + 20.0, panel.bottom() - 64.0, bw, 44.0);
    let no = Rect::new(yes.right() + 20.0, yes.y, bw, 44.0);
    (panel, yes, no)
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

/// The letter of a letter key, upper case.
pub fn letter(key: KeyCode) -> Option<char> {
    use KeyCode::*;
    const KEYS: [KeyCode; 26] = [
        A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z,
    ];
    KEYS.iter()
        .position(|k| *k == key)
        .map(|i| (b'A' + i as u8) as char)
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
    /// A Guide's number key in the Guide's view picks that option of a Guide's choice;
    /// the arrows (a pad's D-pad) pick one out and Enter takes it. Returns whether the
    /// input was the Guide's choice's.
    pub(super) fn guide_pick(&mut self, input: &Input) -> bool {
        let options = guide::pick_labels(&self.run.state).len();
        let last = options.saturating_sub(1);
        let mut moved = false;
        let mut chosen = None;
        for p in &input.presses {
            let Press::Key(k) = *p else { continue };
            if let Some(d) = digit(k).filter(|d| *d >= 1) {
                chosen = Some(d - 1);
                break;
            }
            let c = self.guide_cursor;
            match k {
                KeyCode::Up | KeyCode::Left if options > 0 => {
                    self.guide_cursor = Some(c.map_or(0, |c| c.saturating_sub(1)));
                    moved = true;
                }
                KeyCode::Down | KeyCode::Right if options > 0 => {
                    self.guide_cursor = Some(c.map_or(0, |c| (c + 1).min(last)));
                    moved = true;
                }
                KeyCode::Enter | KeyCode::KpEnter if c.is_some() => {
                    chosen = c.map(|c| c as u8);
                    break;
                }
                _ => {}
            }
        }
        let Some(option) = chosen else {
            return moved;
        };
        let a = Action::Pick { option };
        if !self.stage.idle() || !legal_actions(&self.run.state).contains(&a) {
            return moved;
        }
        self.guide_cursor = None;
        self.act(&a);
        true
    }

    /// Gives the input to the modal layer up (or to a held Tab that opens the Guide's
    /// view). `None`: no modal took it.
    pub(super) fn update_modal(&mut self, input: &Input, l: &Layout) -> Option<Next> {
        match self.modal.take() {
            None => {
                let mut peek = guide::Peek::Closed;
                // Tab opens the Guide's view in every guided run, a page following or not:
                // the Guide accepts a device there, and reads there if the page goes quiet.
                if self.run.state.guide && peek.update(input, self.now) {
                    self.modal = Some(Modal::Guide(peek));
                    return Some(Next::Stay);
                }
                None
            }
            Some(Modal::Guide(mut peek)) => {
                // The Guide's own keys: an open view's numbers make the Guide's choice, its
                // letters accept a device into the Guide's seat (R: a new code).
                let open = matches!(peek, guide::Peek::Open { .. });
                if open && (self.guide_pick(input) || self.accept_keys(input)) {
                    self.modal = Some(Modal::Guide(peek));
                    return Some(Next::Stay);
                }
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
                self.link_keys(input);
                Some(Next::Stay)
            }
            Some(Modal::Shown(c)) => {
                // Any key or click puts the card away.
                if input.presses.is_empty() && !input.click {
                    self.modal = Some(Modal::Shown(c));
                }
                Some(Next::Stay)
            }
            Some(Modal::Confirm(c)) => Some(self.update_confirm(input, l, c)),
            Some(Modal::Lost(lost)) => Some(self.update_lost(input, l, lost)),
        }
    }

    /// Asks before switching `who`'s dice to physical ones; `false` when no question is
    /// needed (switching back to the screen's dice).
    pub(super) fn ask_dice(&mut self, who: Role) -> bool {
        if self.table_dice[who as usize] {
            return false;
        }
        self.modal = Some(Modal::Confirm(Confirm::Dice(who)));
        true
    }

    /// Enter (or a click on the confirm button) does it; any other key or click (Esc)
    /// cancels. A risky choice (one that kills or breaks a known term) is taken only by
    /// its own key again, a click on its button, or Enter once an arrow key has moved the
    /// focus to that button: Enter pressed in haste cancels it.
    fn update_confirm(&mut self, input: &Input, l: &Layout, mut c: Confirm) -> Next {
        let at = l.to_layout(input.mouse);
        let (_, yes, _) = confirm_rects(l);
        if let Confirm::Risk { yes: focus, .. } = &mut c {
            let arrows = input.presses.iter().all(|p| {
                matches!(
                    p,
                    Press::Key(KeyCode::Left | KeyCode::Right | KeyCode::Up | KeyCode::Down)
                )
            });
            if !input.presses.is_empty() && arrows {
                *focus = !*focus;
                self.modal = Some(Modal::Confirm(c));
                return Next::Stay;
            }
        }
        let risky_enter = matches!(c, Confirm::Risk { yes: false, .. });
        let again = |k: KeyCode| match &c {
            Confirm::Risk { key: Some(key), .. } => {
                letter(k).is_some_and(|x| key.as_str() == x.to_string())
                    || digit(k).is_some_and(|d| key.as_str() == d.to_string())
            }
            _ => false,
        };
        let enter = input.presses.iter().any(|p| {
            matches!(p, Press::Key(KeyCode::Enter | KeyCode::KpEnter)) && !risky_enter
                || matches!(p, Press::Key(k) if again(*k))
        });
        if !(enter || input.click && yes.contains(at)) {
            if !input.any_press() {
                self.modal = Some(Modal::Confirm(c));
            }
            return Next::Stay;
        }
        match c {
            Confirm::Abandon => {
                if legal_actions(&self.run.state).contains(&Action::Abandon) {
                    self.act(&Action::Abandon);
                }
                Next::Stay
            }
            Confirm::Risk { action, .. } => {
                if legal_actions(&self.run.state).contains(&action) {
                    self.act(&action);
                }
                Next::Stay
            }
            Confirm::Quit | Confirm::QuitLesson => Next::Quit,
            Confirm::Leave => Next::Title,
            Confirm::Dice(who) => {
                // With a modal up, `control` switches at once instead of asking again.
                self.modal = Some(Modal::Confirm(c));
                self.control(super::frame::Control::Dice(who));
                self.modal = None;
                Next::Stay
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
        // A face picked with the arrows (a pad has no digits) is taken with Enter.
        let mut steps: Vec<(Option<char>, bool, Option<u8>)> = Vec::new();
        for p in &input.presses {
            match p {
                Press::Char(c) => steps.push((Some(*c), false, None)),
                Press::Key(KeyCode::Escape) => steps.push((None, true, None)),
                Press::Key(KeyCode::Enter | KeyCode::KpEnter) if entry.cursor.is_some() => {
                    steps.push((None, false, entry.cursor))
                }
                Press::Key(k) => {
                    entry.arrow(*k);
                }
            }
        }
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

    /// The Esc menu's entries for this run (see [`Entry::menu`]).
    pub(super) fn menu_entries(&self) -> &'static [Entry] {
        let s = &self.run.state;
        Entry::menu(self.is_lesson(), s.is_over(), s.guide)
    }

    fn update_menu(&mut self, input: &Input, l: &Layout, sel: usize) -> Next {
        let entries = self.menu_entries();
        let n = entries.len();
        let mut sel = sel;
        if input.up {
            sel = (sel + n - 1) % n;
        }
        if input.down {
            sel = (sel + 1) % n;
        }
        let at = l.to_layout(input.mouse);
        let rects = menu_rects(l, n);
        if let Some(i) = rects.iter().position(|r| r.contains(at))
            && (input.mouse_moved || input.click)
        {
            sel = i;
        }
        if input.back {
            return Next::Stay;
        }
        if input.presses.contains(&Press::Key(KeyCode::C)) && !self.seed_hidden() {
            self.copy_code();
            self.modal = Some(Modal::Menu { sel });
            return Next::Stay;
        }
        let picked = input.activate
            || input.click && rects.iter().any(|r| r.contains(at))
            || input.digit.is_some_and(|d| (1..=n as u8).contains(&d));
        if !picked {
            self.modal = Some(Modal::Menu { sel });
            return Next::Stay;
        }
        let picked = input.digit.map_or(sel, |d| d as usize - 1);
        match entries.get(picked).copied().unwrap_or(Entry::Resume) {
            Entry::SaveQuit => {
                // Whatever is still playing is shown as done; the save is of the true state.
                self.stage.finish_all();
                if self.autosave() {
                    Next::Title
                } else {
                    // The warning says why; the run stays open rather than be lost.
                    Next::Stay
                }
            }
            Entry::Abandon => {
                if legal_actions(&self.run.state).contains(&Action::Abandon) {
                    self.modal = Some(Modal::Confirm(Confirm::Abandon));
                }
                Next::Stay
            }
            Entry::Leave => {
                self.modal = Some(Modal::Confirm(Confirm::Leave));
                Next::Stay
            }
            Entry::Quit if self.is_lesson() => {
                self.modal = Some(Modal::Confirm(Confirm::QuitLesson));
                Next::Stay
            }
            Entry::Quit => {
                self.modal = Some(Modal::Confirm(Confirm::Quit));
                Next::Stay
            }
            Entry::Settings => Next::Settings,
            Entry::Link => {
                self.open_link(None);
                Next::Stay
            }
            Entry::Resume => Next::Stay,
        }
    }
}

impl Modal {
    /// Draws the modal over the table (in layout units).
    pub fn draw(&self, t: &TableScreen, fonts: &Fonts, l: &Layout) {
        let mouse = t.mouse.unwrap_or(vec2(-1e4, -1e4));
        match self {
            Modal::Menu { sel } => {
                let labels: Vec<&str> = t.menu_entries().iter().map(|e| e.label()).collect();
                menu(fonts, l, *sel, &labels);
                seed_line(t, fonts, l);
            }
            Modal::Dice(e) => guide::draw_entry(e, &t.run.state, fonts, l.size, mouse),
            Modal::Guide(peek @ guide::Peek::Cover { .. }) => {
                guide::draw_cover(*peek, fonts, l.size, t.now)
            }
            Modal::Guide(peek) => {
                let extras = guide::ViewExtras {
                    held: t.held_card(),
                    picks: if t.stage.idle() {
                        guide::pick_labels(&t.run.state)
                    } else {
                        Vec::new()
                    },
                    cursor: t.guide_cursor,
                    link: t.link_view(),
                    seed_line: format!("Seed {}  ·  run code {}", t.run.state.seed, t.code),
                    shown: t.shown_cards(),
                };
                guide::draw_view(t.stage.shown(), &extras, *peek, fonts, l.size)
            }
            Modal::Link => {
                if let Some(link) = t.link() {
                    super::panels::link::draw(link, fonts, l);
                }
            }
            Modal::Shown(c) => super::panels::link::draw_shown(&t.run.cards, *c, fonts, l),
            Modal::Lost(lost) => super::panels::lost::draw(lost, fonts, l, mouse),
            Modal::Confirm(c) => draw_confirm(c, t.run.state.guide, fonts, l, mouse),
        }
    }
}

/// The run's seed and run code under the menu, and how to copy the code.
fn seed_line(t: &TableScreen, fonts: &Fonts, l: &Layout) {
    use crate::ui::style::{self, colour};
    let rects = menu_rects(l, t.menu_entries().len());
    let Some(last) = rects.last() else {
        return;
    };
    let line = if t.seed_hidden() {
        "Seed and run code: in the Guide's view until the run ends".to_string()
    } else if hints::on_pad() {
        format!("Seed {}  ·  run code {}", t.run.state.seed, t.code)
    } else {
        format!(
            "Seed {}  ·  run code {}  ·  C: copy the code",
            t.run.state.seed, t.code
        )
    };
    let y = last.bottom() + 40.0;
    let w = style::width(&line, &fonts.italic, 18) + 28.0;
    let back = Rect::new(last.center().x - w / 2.0, y, w, 30.0);
    style::card(back, 6.0, 1.0, colour::TILE, style::fade(colour::GOLD, 0.4));
    style::text_centred(
        &line,
        last.center().x,
        y + 21.0,
        &fonts.italic,
        18,
        colour::PARCHMENT,
    );
}

/// The question over a darkened table, with its two buttons.
fn draw_confirm(c: &Confirm, guided: bool, fonts: &Fonts, l: &Layout, mouse: Vec2) {
    use crate::ui::style::{self, colour, fade, mix};
    use crate::ui::table::layout::text;
    draw_rectangle(0.0, 0.0, l.size.x, l.size.y, fade(BLACK, 0.6));
    let (panel, yes, no) = confirm_rects(l);
    style::card(panel, 12.0, 2.0, colour::TILE, colour::GOLD);
    let (question, confirm) = c.words(guided);
    // The words name Enter; after a pad's button they name its confirm button.
    let confirm = confirm.replacen("Enter", hints::name(hints::Key::Confirm), 1);
    let cancel = c
        .cancel_words()
        .replacen("Enter", hints::name(hints::Key::Confirm), 1);
    // The question whole: two lines at the title's size, else smaller, else three.
    let wrap_at = |z: u16| {
        style::wrap(&question, panel.w - 40.0, |x| {
            style::width(x, &fonts.serif, z)
        })
    };
    let (size, lines) = (text::BODY..=text::TITLE)
        .rev()
        .map(|z| (z, wrap_at(z)))
        .find(|(_, lines)| lines.len() <= 2)
        .unwrap_or_else(|| (text::BODY, wrap_at(text::BODY)));
    let step = f32::from(size) * 1.25;
    for (i, line) in lines.iter().enumerate() {
        style::text_centred(
            line,
            panel.center().x,
            panel.y + 38.0 + i as f32 * step,
            &fonts.serif,
            size,
            colour::PARCHMENT,
        );
    }
    for (r, label, warn) in [(yes, confirm.as_str(), true), (no, cancel.as_str(), false)] {
        // A risky choice's question lights the button that has the keyboard's focus.
        let focused = matches!(c, Confirm::Risk { yes, .. } if *yes == warn);
        let on = r.contains(mouse) || focused;
        let edge = if warn { colour::EMBER } else { colour::GOLD };
        let fill = if on {
            mix(colour::TILE, edge, 0.3)
        } else {
            colour::TILE
        };
        style::card(r, 7.0, 1.5, fill, edge);
        // The question says what is confirmed: a label too long for its button keeps its
        // keys and says "Confirm".
        let readable = crate::ui::cardface::READABLE;
        let short = label
            .split_once("  ")
            .map_or(label.to_string(), |(keys, _)| format!("{keys}  Confirm"));
        let label = if style::width(label, &fonts.serif, readable) <= r.w - 16.0 {
            label.to_string()
        } else {
            short
        };
        let size = style::fit_size(&label, &fonts.serif, text::LABEL, readable, r.w - 16.0);
        style::text_centred(
            &label,
            r.center().x,
            r.y + 28.0,
            &fonts.serif,
            size,
            colour::PARCHMENT,
        );
    }
}
