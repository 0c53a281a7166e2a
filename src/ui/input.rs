//! One frame's input, read once from macroquad so that screens can be driven (and tested)
//! from a plain value.

use macroquad::prelude::*;

/// What the player did this frame, and the window size it happened in.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Input {
    pub size: Vec2,
    pub up: bool,
    pub down: bool,
    pub left: bool,
    pub right: bool,
    /// Tab (also counted as `down`).
    pub tab: bool,
    /// Tab is held down this frame (the Guide's view stays open while it is).
    pub tab_held: bool,
    /// A character typed this frame (letters for the table's keys, and what is typed for
    /// a physical die, so that anything but 1-6 can be refused).
    pub typed: Option<char>,
    pub page_up: bool,
    pub page_down: bool,
    pub home: bool,
    pub end: bool,
    /// Enter or Space.
    pub activate: bool,
    /// Esc.
    pub back: bool,
    /// F5.
    pub reload: bool,
    /// F11: full screen on or off (the main loop handles it on every screen).
    pub fullscreen: bool,
    /// A digit key 0-9 (top row or keypad) pressed this frame.
    pub digit: Option<u8>,
    /// Backspace.
    pub backspace: bool,
    pub mouse: Vec2,
    /// The mouse moved since the last frame (hover follows it only then, so that the
    /// keyboard selection is not stolen by a resting pointer).
    pub mouse_moved: bool,
    /// Left button pressed this frame.
    pub click: bool,
    /// Wheel movement: positive is up (toward the start).
    pub wheel: f32,
    /// Anything at all happened: a key, the pointer, the wheel, a resize.
    pub active: bool,
    /// Every key press (repeats included) and typed character of this frame, in the
    /// order they came: nothing typed quickly is lost (the table reads these).
    pub presses: Vec<Press>,
    /// A key (other than a modifier) or a mouse button is held down.
    pub held: bool,
    /// Ctrl is held this frame.
    pub ctrl: bool,
    /// Shift is held this frame.
    pub shift: bool,
    /// Every key press of `presses` again, with the modifiers held when it came (the
    /// desk's Ctrl-S, Ctrl-Z, Shift-Tab: a quick chord may be over by the frame's end).
    pub chords: Vec<Chord>,
}

/// A key press and the modifiers held with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chord {
    pub key: KeyCode,
    pub ctrl: bool,
    pub shift: bool,
}

/// One key press or typed character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Press {
    Key(KeyCode),
    Char(char),
}

/// What a press means on a menu (the title's entries): the same from every device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    Up,
    Down,
    Left,
    Right,
    /// Enter or Space: choose.
    Activate,
    /// Esc.
    Back,
    /// A digit key, 0-9.
    Digit(u8),
    Backspace,
    /// A letter key with no menu meaning of its own (lower case).
    Letter(char),
}

impl Intent {
    /// What a key means on a menu, if anything.
    pub fn of_key(k: KeyCode) -> Option<Intent> {
        use KeyCode::*;
        Some(match k {
            Up | W | K => Intent::Up,
            Down | J | Tab => Intent::Down,
            Left => Intent::Left,
            Right => Intent::Right,
            Enter | KpEnter | Space => Intent::Activate,
            Escape => Intent::Back,
            Backspace => Intent::Backspace,
            _ => {
                if let Some(d) = DIGITS.iter().position(|(a, b)| *a == k || *b == k) {
                    return Some(Intent::Digit(d as u8));
                }
                let letter = format!("{k:?}");
                let mut chars = letter.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => {
                        Intent::Letter(c.to_ascii_lowercase())
                    }
                    _ => return None,
                }
            }
        })
    }
}

/// Collects miniquad's raw input events for [`Input::read`], counting them.
struct Collector(Vec<Press>, Vec<Chord>, Taken);

impl macroquad::miniquad::EventHandler for Collector {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn key_down_event(&mut self, key: KeyCode, mods: macroquad::miniquad::KeyMods, _repeat: bool) {
        self.2.keys += 1;
        self.0.push(Press::Key(key));
        self.1.push(Chord {
            key,
            ctrl: mods.ctrl,
            shift: mods.shift,
        });
    }
    fn char_event(&mut self, c: char, mods: macroquad::miniquad::KeyMods, _repeat: bool) {
        self.2.chars += 1;
        // A letter with Ctrl (not AltGr, which some systems report as Ctrl+Alt) is a
        // command such as Ctrl-S, never text.
        if !c.is_control() && (!mods.ctrl || mods.alt) {
            self.0.push(Press::Char(c));
        }
    }
    fn mouse_motion_event(&mut self, _: f32, _: f32) {
        self.2.moves += 1;
    }
    fn mouse_button_down_event(&mut self, _: MouseButton, _: f32, _: f32) {
        self.2.clicks += 1;
    }
}

/// How many key presses (modifiers and repeats included), typed characters, pointer
/// moves and mouse button presses the window has taken since it opened. The layout report
/// carries them, so that a window test waits until the game has taken one input (and drawn
/// its effect) before it sends the next, whatever the machine's load.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Taken {
    pub keys: u64,
    pub chars: u64,
    pub moves: u64,
    pub clicks: u64,
}

/// What the window has taken so far (see [`Taken`]).
pub fn taken() -> Taken {
    TAKEN.with(std::cell::Cell::get)
}

thread_local! {
    /// Our subscription to macroquad's input event queue (made on the first read).
    static SUBSCRIBER: std::cell::OnceCell<usize> = const { std::cell::OnceCell::new() };
    /// The inputs taken so far (see [`taken`]).
    static TAKEN: std::cell::Cell<Taken> = const {
        std::cell::Cell::new(Taken { keys: 0, chars: 0, moves: 0, clicks: 0 })
    };
}

/// Every press since the last call, in order, and the key presses with their modifiers.
fn presses() -> (Vec<Press>, Vec<Chord>) {
    let id =
        SUBSCRIBER.with(|c| *c.get_or_init(macroquad::input::utils::register_input_subscriber));
    let mut collector = Collector(Vec::new(), Vec::new(), Taken::default());
    macroquad::input::utils::repeat_all_miniquad_input(&mut collector, id);
    let new = collector.2;
    TAKEN.with(|t| {
        let was = t.get();
        t.set(Taken {
            keys: was.keys + new.keys,
            chars: was.chars + new.chars,
            moves: was.moves + new.moves,
            clicks: was.clicks + new.clicks,
        });
    });
    (collector.0, collector.1)
}

impl Input {
    /// This frame's menu intents in the order they came: from the event queue, so that
    /// two presses within one frame (a window woken from rest reads all that came) are two, and
    /// Down then Enter is not Enter then Down. An input built without presses (a test)
    /// gives its flags, in a fixed order.
    pub fn intents(&self) -> Vec<Intent> {
        let keys: Vec<Intent> = self
            .presses
            .iter()
            .filter_map(|p| match p {
                Press::Key(k) => Intent::of_key(*k),
                Press::Char(_) => None,
            })
            .collect();
        if self.presses.iter().any(|p| matches!(p, Press::Key(_))) {
            return keys;
        }
        let flags = [
            (self.backspace, Intent::Backspace),
            (self.left, Intent::Left),
            (self.right, Intent::Right),
            (self.up, Intent::Up),
            (self.down, Intent::Down),
            (self.activate, Intent::Activate),
            (self.back, Intent::Back),
        ];
        self.digit
            .map(Intent::Digit)
            .into_iter()
            .chain(
                self.typed
                    .filter(char::is_ascii_alphabetic)
                    .map(|c| Intent::Letter(c.to_ascii_lowercase())),
            )
            .chain(flags.iter().filter(|(on, _)| *on).map(|(_, i)| *i))
            .collect()
    }

    /// A key was pressed, a character typed or a button clicked this frame (what cancels a
    /// confirmation).
    pub fn any_press(&self) -> bool {
        !self.presses.is_empty() || self.click || self.activate || self.back || self.typed.is_some()
    }

    /// Reads this frame's input. `last` carries the pointer and window size between
    /// frames.
    pub fn read(last: &mut Option<(Vec2, Vec2)>) -> Input {
        let mouse = Vec2::from(mouse_position());
        let size = vec2(screen_width(), screen_height());
        let (mouse_moved, resized) = match *last {
            Some((m, s)) => (m != mouse, s != size),
            None => (false, true),
        };
        *last = Some((mouse, size));
        let any = |keys: &[KeyCode]| keys.iter().any(|k| is_key_pressed(*k));
        let wheel = mouse_wheel().1;
        let click = is_mouse_button_pressed(MouseButton::Left);
        let keys = !get_keys_down().is_empty() || !get_keys_pressed().is_empty();
        let modifiers = [
            KeyCode::LeftShift,
            KeyCode::RightShift,
            KeyCode::LeftControl,
            KeyCode::RightControl,
            KeyCode::LeftAlt,
            KeyCode::RightAlt,
            KeyCode::Tab,
        ];
        let held_key = get_keys_down().iter().any(|k| !modifiers.contains(k));
        let buttons = [MouseButton::Left, MouseButton::Right, MouseButton::Middle]
            .iter()
            .any(|b| is_mouse_button_down(*b));
        let (presses, chords) = presses();
        Input {
            size,
            up: any(&[KeyCode::Up, KeyCode::W, KeyCode::K]),
            down: any(&[KeyCode::Down, KeyCode::S, KeyCode::J, KeyCode::Tab]),
            left: any(&[KeyCode::Left]),
            right: any(&[KeyCode::Right]),
            tab: any(&[KeyCode::Tab]),
            tab_held: is_key_down(KeyCode::Tab),
            typed: typed(),
            page_up: any(&[KeyCode::PageUp]),
            page_down: any(&[KeyCode::PageDown]),
            home: any(&[KeyCode::Home]),
            end: any(&[KeyCode::End]),
            activate: any(&[KeyCode::Enter, KeyCode::KpEnter, KeyCode::Space]),
            back: any(&[KeyCode::Escape]),
            reload: any(&[KeyCode::F5]),
            fullscreen: any(&[KeyCode::F11]),
            digit: DIGITS
                .iter()
                .position(|(a, b)| is_key_pressed(*a) || is_key_pressed(*b))
                .map(|d| d as u8),
            backspace: any(&[KeyCode::Backspace]),
            mouse,
            mouse_moved,
            click,
            wheel,
            active: mouse_moved || resized || click || wheel != 0.0 || keys || buttons,
            presses,
            held: held_key || is_mouse_button_down(MouseButton::Left),
            ctrl: is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl),
            shift: is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift),
            chords,
        }
    }
}

impl Input {
    /// Adds a pad's presses as the keys they stand for, after the keyboard's (a pad and a
    /// keyboard used in the same frame is rare; their order within it matters little).
    pub fn merge_pad(&mut self, pad: &super::pad::PadFrame) {
        for &key in &pad.keys {
            self.presses.push(Press::Key(key));
            self.chords.push(Chord {
                key,
                ctrl: false,
                shift: false,
            });
            let flag = match key {
                KeyCode::Up => &mut self.up,
                KeyCode::Down => &mut self.down,
                KeyCode::Left => &mut self.left,
                KeyCode::Right => &mut self.right,
                KeyCode::Enter => &mut self.activate,
                KeyCode::Escape => &mut self.back,
                KeyCode::PageUp => &mut self.page_up,
                KeyCode::PageDown => &mut self.page_down,
                _ => continue,
            };
            *flag = true;
        }
        self.tab_held |= pad.select_held;
        self.active |= pad.used || pad.busy;
    }

    /// This frame's input came from the keyboard or the pointer (the hints then name
    /// keys). Call before [`Input::merge_pad`].
    pub fn keys_used(&self) -> bool {
        !self.presses.is_empty() || self.click || self.mouse_moved || self.wheel != 0.0
    }
}

/// The next printable character typed, one a frame: macroquad keeps the rest queued for
/// the frames after, so that two keys typed within one frame (a fast typist, an idle
/// window drawing 4 frames a second) are both seen. A text field takes them all from
/// `presses` at once instead, and the loop then drops the queue ([`drop_typed`]).
fn typed() -> Option<char> {
    while let Some(c) = get_char_pressed() {
        if !c.is_control() {
            return Some(c);
        }
    }
    None
}

/// Drops the characters still queued for [`typed`]: after a frame in which a text field
/// had the keyboard throughout and took every character from `presses`, so that they do
/// not come back as keys, one a frame, in the frames after (a name typed quickly into the
/// desk's form, then the revert list's `n` and `y` read as the name's last letters).
pub fn drop_typed() {
    while get_char_pressed().is_some() {}
}

/// The digit keys, 0 to 9: top row and keypad.
const DIGITS: [(KeyCode, KeyCode); 10] = [
    (KeyCode::Key0, KeyCode::Kp0),
    (KeyCode::Key1, KeyCode::Kp1),
    (KeyCode::Key2, KeyCode::Kp2),
    (KeyCode::Key3, KeyCode::Kp3),
    (KeyCode::Key4, KeyCode::Kp4),
    (KeyCode::Key5, KeyCode::Kp5),
    (KeyCode::Key6, KeyCode::Kp6),
    (KeyCode::Key7, KeyCode::Kp7),
    (KeyCode::Key8, KeyCode::Kp8),
    (KeyCode::Key9, KeyCode::Kp9),
];
