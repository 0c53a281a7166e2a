//! Gamepads. gilrs's events become the key presses the keyboard already gives (the D-pad
//! and the left stick are the arrow keys, the bottom face button is Enter, the right one
//! Esc, Start the menu, the View/Select button held the Guide's view), so every screen that a
//! keyboard plays a pad plays too, through the same intents, and nothing below the input
//! layer knows which device a press came from. Only the hints do ([`super::hints`]).
//!
//! [`PadState`] is pure (events and a clock in, key presses out) so that it is tested with
//! synthetic events; [`Pad`] feeds it from gilrs and, for the window tests, from a script
//! file named by `FORWARD_PAD_SCRIPT` (this machine has no virtual input device).

use macroquad::prelude::KeyCode;
use std::time::Instant;

/// A button, by its place on the pad (the names printed on it differ by maker).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PadButton {
    /// The bottom face button: A on an Xbox pad, Cross on a PlayStation one.
    South,
    /// The right face button: B, Circle.
    East,
    North,
    West,
    Start,
    /// View, Back, Select, Share: the small button left of centre.
    Select,
    Up,
    Down,
    Left,
    Right,
    LeftBumper,
    RightBumper,
}

/// One of the left stick's two axes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StickAxis {
    X,
    /// Positive is up (as gilrs reports it).
    Y,
}

/// What a pad did, in the game's terms.
#[derive(Debug, Clone, PartialEq)]
pub enum PadEvent {
    Pressed(PadButton),
    Released(PadButton),
    Stick(StickAxis, f32),
    /// A pad was plugged in (or found at start), with its name.
    Connected(String),
    Disconnected,
}

/// Which names the pad's buttons carry, from its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PadStyle {
    /// A, B, Start, View: Xbox pads and most others.
    #[default]
    Xbox,
    /// Cross, Circle, Options, Share.
    PlayStation,
}

impl PadStyle {
    /// The style of a pad called `name` (gilrs gives the name the pad reports).
    pub fn of_name(name: &str) -> PadStyle {
        let n = name.to_ascii_lowercase();
        let sony = [
            "sony",
            "playstation",
            "dualshock",
            "dualsense",
            "ps3",
            "ps4",
            "ps5",
        ];
        if sony.iter().any(|s| n.contains(s)) {
            PadStyle::PlayStation
        } else {
            PadStyle::Xbox
        }
    }
}

/// How far the stick must lean to count as a direction, and how far back it must come
/// to let go of it (a gap, so that a stick resting near the edge does not chatter).
const STICK_ON: f32 = 0.6;
const STICK_OFF: f32 = 0.35;
/// A held direction repeats after this long, then this often (like a keyboard's repeat).
const REPEAT_AFTER: f64 = 0.4;
const REPEAT_EVERY: f64 = 0.12;

/// The key a button stands for.
pub fn key_of(b: PadButton) -> Option<KeyCode> {
    Some(match b {
        PadButton::South => KeyCode::Enter,
        PadButton::East | PadButton::Start => KeyCode::Escape,
        PadButton::Up => KeyCode::Up,
        PadButton::Down => KeyCode::Down,
        PadButton::Left => KeyCode::Left,
        PadButton::Right => KeyCode::Right,
        PadButton::LeftBumper => KeyCode::PageUp,
        PadButton::RightBumper => KeyCode::PageDown,
        // Select is held, not pressed: the Guide's view stays open while it is, as with
        // Tab (which as a press means Down on a menu).
        PadButton::North | PadButton::West | PadButton::Select => return None,
    })
}

fn is_direction(k: KeyCode) -> bool {
    matches!(
        k,
        KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right
    )
}

/// A direction held down (a D-pad button or the stick), and when it next repeats.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Held {
    key: KeyCode,
    next: f64,
}

/// The pads' state between frames: held buttons and the stick, for repeats and the
/// Guide's view (held like Tab).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PadState {
    /// Directions held on the D-pad.
    dpad: Vec<Held>,
    /// The direction the stick leans in, if it leans far enough.
    stick: Option<Held>,
    axes: [f32; 2],
    /// Select is held (the Guide's view stays open while it is).
    pub select_held: bool,
    /// Pads plugged in.
    pub connected: usize,
    /// The names on the last pad used or plugged in.
    pub style: PadStyle,
}

impl PadState {
    /// Takes one event at time `t` (seconds); returns the key it presses, if any.
    pub fn feed(&mut self, ev: PadEvent, t: f64) -> Option<KeyCode> {
        match ev {
            PadEvent::Pressed(b) => {
                if b == PadButton::Select {
                    self.select_held = true;
                }
                let key = key_of(b)?;
                if is_direction(key) {
                    self.dpad.retain(|h| h.key != key);
                    self.dpad.push(Held {
                        key,
                        next: t + REPEAT_AFTER,
                    });
                }
                Some(key)
            }
            PadEvent::Released(b) => {
                if b == PadButton::Select {
                    self.select_held = false;
                }
                if let Some(key) = key_of(b) {
                    self.dpad.retain(|h| h.key != key);
                }
                None
            }
            PadEvent::Stick(axis, v) => {
                self.axes[axis as usize] = v;
                self.lean(t)
            }
            PadEvent::Connected(name) => {
                self.connected += 1;
                self.style = PadStyle::of_name(&name);
                None
            }
            PadEvent::Disconnected => {
                self.connected = self.connected.saturating_sub(1);
                // A pad pulled out mid-press must not leave a direction or the view held.
                self.dpad.clear();
                self.stick = None;
                self.axes = [0.0; 2];
                self.select_held = false;
                None
            }
        }
    }

    /// The stick's direction after an axis moved: a press when it first leans past
    /// [`STICK_ON`] (or swings to another direction), nothing while it stays.
    fn lean(&mut self, t: f64) -> Option<KeyCode> {
        let [x, y] = self.axes;
        let (along, key) = if x.abs() >= y.abs() {
            (
                x.abs(),
                if x > 0.0 {
                    KeyCode::Right
                } else {
                    KeyCode::Left
                },
            )
        } else {
            (y.abs(), if y > 0.0 { KeyCode::Up } else { KeyCode::Down })
        };
        match self.stick {
            Some(h) if h.key == key && along >= STICK_OFF => None,
            Some(_) if along < STICK_OFF => {
                self.stick = None;
                None
            }
            _ if along >= STICK_ON => {
                self.stick = Some(Held {
                    key,
                    next: t + REPEAT_AFTER,
                });
                Some(key)
            }
            _ => {
                self.stick = None;
                None
            }
        }
    }

    /// The repeats due by `t` of the directions held down.
    pub fn repeats(&mut self, t: f64) -> Vec<KeyCode> {
        let mut out = Vec::new();
        for h in self.dpad.iter_mut().chain(self.stick.as_mut()) {
            while h.next <= t {
                out.push(h.key);
                h.next += REPEAT_EVERY;
            }
        }
        out
    }

    /// Something is held: the loop keeps its full frame rate so repeats come on time.
    pub fn busy(&self) -> bool {
        !self.dpad.is_empty() || self.stick.is_some() || self.select_held
    }
}

/// What the pads did this frame.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PadFrame {
    /// Key presses, in order (repeats included).
    pub keys: Vec<KeyCode>,
    pub select_held: bool,
    /// A pad was used this frame (the hints follow it).
    pub used: bool,
    pub busy: bool,
    pub style: PadStyle,
}

/// The live pads: gilrs when it starts (no pad, or no gamepad support, is not an error:
/// the game plays on with the keyboard and mouse), plus the test script if one is named.
/// Both are read on a thread of their own, which hands their events over and wakes the
/// window's loop ([`super::wake`]): a sleeping window answers a pad as it answers a key.
pub struct Pad {
    events: Option<std::sync::mpsc::Receiver<PadEvent>>,
    state: PadState,
    /// Events handed over while the loop slept, not yet turned into presses.
    queue: Vec<PadEvent>,
    started: Instant,
}

/// How often the pads' thread reads the test script (gilrs's own events wake it at once).
const SCRIPT_POLL: std::time::Duration = std::time::Duration::from_millis(16);

impl Pad {
    /// Starts gamepad support on its thread. A failure is said once on stderr and leaves
    /// the keyboard.
    pub fn new() -> Pad {
        let (tx, rx) = std::sync::mpsc::channel();
        let started = std::thread::Builder::new()
            .name("forward-pads".into())
            .spawn(move || read_pads(&tx))
            .is_ok();
        Pad {
            events: started.then_some(rx),
            state: PadState::default(),
            queue: Vec::new(),
            started: Instant::now(),
        }
    }

    /// No pads at all (unit tests: no gilrs, no script).
    #[cfg(test)]
    pub fn none() -> Pad {
        Pad {
            events: None,
            state: PadState::default(),
            queue: Vec::new(),
            started: Instant::now(),
        }
    }

    /// A pad is plugged in (or events wait).
    pub fn present(&self) -> bool {
        self.state.connected > 0 || !self.queue.is_empty()
    }

    /// Moves the events handed over into the queue; `true` if there were some.
    pub fn pump(&mut self) -> bool {
        let before = self.queue.len();
        if let Some(rx) = &self.events {
            self.queue.extend(rx.try_iter());
        }
        self.queue.len() > before
    }

    /// This frame's presses from the pads.
    pub fn frame(&mut self) -> PadFrame {
        self.pump();
        let t = self.started.elapsed().as_secs_f64();
        let events = std::mem::take(&mut self.queue);
        let used = events
            .iter()
            .any(|e| matches!(e, PadEvent::Pressed(_) | PadEvent::Stick(..)));
        let mut keys: Vec<KeyCode> = events
            .into_iter()
            .filter_map(|e| self.state.feed(e, t))
            .collect();
        keys.extend(self.state.repeats(t));
        PadFrame {
            used: used || !keys.is_empty(),
            keys,
            select_held: self.state.select_held,
            busy: self.state.busy(),
            style: self.state.style,
        }
    }
}

/// The pads' thread: gilrs's events (waited for, not polled) and the test script's lines,
/// handed to the loop, which is woken for them. Ends when the loop has gone, or when it
/// has nothing to read.
fn read_pads(tx: &std::sync::mpsc::Sender<PadEvent>) {
    let mut gilrs = match gilrs::Gilrs::new() {
        Ok(g) => Some(g),
        Err(e) => {
            eprintln!("forward: no gamepad support ({e}); the keyboard and mouse play");
            None
        }
    };
    let mut script = script::Script::from_env();
    if gilrs.is_none() && script.is_none() {
        return;
    }
    // With a script to read, gilrs is asked at the script's pace; without, it waits.
    let wait = script.as_ref().map(|_| SCRIPT_POLL);
    loop {
        let mut got = Vec::new();
        if let Some(g) = &mut gilrs {
            let mut next = g.next_event_blocking(wait);
            while let Some(gilrs::Event { id, event, .. }) = next {
                let name = matches!(event, gilrs::EventType::Connected)
                    .then(|| g.gamepad(id).name().to_string());
                got.extend(from_gilrs(event, name));
                next = g.next_event();
            }
        } else {
            std::thread::sleep(SCRIPT_POLL);
        }
        if let Some(s) = &mut script {
            got.extend(s.read());
        }
        if got.is_empty() {
            continue;
        }
        for e in got {
            if tx.send(e).is_err() {
                return;
            }
        }
        super::wake::wake();
    }
}

impl Default for Pad {
    fn default() -> Self {
        Pad::new()
    }
}

/// gilrs's event as ours (`name`: the pad's, for a connection).
fn from_gilrs(e: gilrs::EventType, name: Option<String>) -> Option<PadEvent> {
    use gilrs::{Axis, EventType};
    Some(match e {
        EventType::ButtonPressed(b, _) => PadEvent::Pressed(button(b)?),
        EventType::ButtonReleased(b, _) => PadEvent::Released(button(b)?),
        EventType::AxisChanged(Axis::LeftStickX, v, _) => PadEvent::Stick(StickAxis::X, v),
        EventType::AxisChanged(Axis::LeftStickY, v, _) => PadEvent::Stick(StickAxis::Y, v),
        EventType::Connected => PadEvent::Connected(name.unwrap_or_default()),
        EventType::Disconnected => PadEvent::Disconnected,
        _ => return None,
    })
}

fn button(b: gilrs::Button) -> Option<PadButton> {
    use gilrs::Button as B;
    Some(match b {
        B::South => PadButton::South,
        B::East => PadButton::East,
        B::North => PadButton::North,
        B::West => PadButton::West,
        B::Start => PadButton::Start,
        B::Select => PadButton::Select,
        B::DPadUp => PadButton::Up,
        B::DPadDown => PadButton::Down,
        B::DPadLeft => PadButton::Left,
        B::DPadRight => PadButton::Right,
        B::LeftTrigger => PadButton::LeftBumper,
        B::RightTrigger => PadButton::RightBumper,
        _ => return None,
    })
}

/// Pad events read from a file for the window tests: the test appends lines while the
/// game runs (`press south`, `release south`, `stick y 0.9`, `connect NAME`), the game reads
/// what is new each frame.
mod script {
    use super::{PadButton, PadEvent, StickAxis};
    use std::io::{Read, Seek, SeekFrom};
    use std::path::PathBuf;

    pub struct Script {
        path: PathBuf,
        read: u64,
        partial: String,
    }

    impl Script {
        pub fn from_env() -> Option<Script> {
            let path = std::env::var_os("FORWARD_PAD_SCRIPT")?;
            Some(Script {
                path: path.into(),
                read: 0,
                partial: String::new(),
            })
        }

        /// The events of the lines written since the last read (a line not yet ended
        /// waits for its end).
        pub fn read(&mut self) -> Vec<PadEvent> {
            let Ok(mut f) = std::fs::File::open(&self.path) else {
                return Vec::new();
            };
            let mut new = String::new();
            if f.seek(SeekFrom::Start(self.read)).is_err() || f.read_to_string(&mut new).is_err() {
                return Vec::new();
            }
            self.read += new.len() as u64;
            self.partial.push_str(&new);
            let Some(end) = self.partial.rfind('\n') else {
                return Vec::new();
            };
            let whole: String = self.partial.drain(..=end).collect();
            whole
                .lines()
                .filter_map(|l| {
                    let e = parse(l);
                    if e.is_none() && !l.trim().is_empty() {
                        eprintln!("forward: FORWARD_PAD_SCRIPT: not understood: {l}");
                    }
                    e
                })
                .collect()
        }
    }

    /// One line of a script, if it is understood.
    pub fn parse(line: &str) -> Option<PadEvent> {
        let mut words = line.split_whitespace();
        let verb = words.next()?;
        let arg = words.next().unwrap_or_default();
        let event = match verb {
            "press" | "release" => {
                let b = match arg {
                    "south" => PadButton::South,
                    "east" => PadButton::East,
                    "north" => PadButton::North,
                    "west" => PadButton::West,
                    "start" => PadButton::Start,
                    "select" => PadButton::Select,
                    "up" => PadButton::Up,
                    "down" => PadButton::Down,
                    "left" => PadButton::Left,
                    "right" => PadButton::Right,
                    "lb" => PadButton::LeftBumper,
                    "rb" => PadButton::RightBumper,
                    _ => None?,
                };
                if verb == "press" {
                    PadEvent::Pressed(b)
                } else {
                    PadEvent::Released(b)
                }
            }
            "stick" => {
                let axis = if arg == "x" {
                    StickAxis::X
                } else {
                    StickAxis::Y
                };
                PadEvent::Stick(axis, words.next()?.parse().ok()?)
            }
            "connect" => {
                PadEvent::Connected(line.trim().trim_start_matches("connect").trim().into())
            }
            "disconnect" => PadEvent::Disconnected,
            _ => None?,
        };
        Some(event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(s: &mut PadState, b: PadButton, t: f64) -> Option<KeyCode> {
        s.feed(PadEvent::Pressed(b), t)
    }

    #[test]
    fn buttons_are_the_keys_every_screen_knows() {
        let mut s = PadState::default();
        let keys: Vec<_> = [
            PadButton::South,
            PadButton::East,
            PadButton::Start,
            PadButton::Up,
            PadButton::Right,
            PadButton::LeftBumper,
            PadButton::North,
        ]
        .into_iter()
        .map(|b| press(&mut s, b, 0.0))
        .collect();
        assert_eq!(
            keys,
            [
                Some(KeyCode::Enter),
                Some(KeyCode::Escape),
                Some(KeyCode::Escape),
                Some(KeyCode::Up),
                Some(KeyCode::Right),
                Some(KeyCode::PageUp),
                None
            ]
        );
    }

    #[test]
    fn a_held_direction_repeats_and_a_released_one_stops() {
        let mut s = PadState::default();
        assert_eq!(press(&mut s, PadButton::Down, 1.0), Some(KeyCode::Down));
        assert!(s.repeats(1.3).is_empty(), "no repeat before the delay");
        // 1.4, 1.52, 1.64: three repeats by 1.65.
        assert_eq!(s.repeats(1.65), vec![KeyCode::Down; 3]);
        assert!(s.busy());
        s.feed(PadEvent::Released(PadButton::Down), 1.7);
        assert!(s.repeats(3.0).is_empty());
        assert!(!s.busy());
        // Enter never repeats: a held A is one choice, not many.
        press(&mut s, PadButton::South, 4.0);
        assert!(s.repeats(9.0).is_empty());
    }

    #[test]
    fn the_stick_presses_once_past_the_edge_and_lets_go_below_it() {
        let mut s = PadState::default();
        assert_eq!(s.feed(PadEvent::Stick(StickAxis::Y, 0.3), 0.0), None);
        assert_eq!(
            s.feed(PadEvent::Stick(StickAxis::Y, 0.8), 0.1),
            Some(KeyCode::Up)
        );
        // Trembling between the two thresholds is still the same lean: no new press.
        assert_eq!(s.feed(PadEvent::Stick(StickAxis::Y, 0.5), 0.2), None);
        assert_eq!(s.feed(PadEvent::Stick(StickAxis::Y, 0.9), 0.25), None);
        assert_eq!(s.repeats(0.55), vec![KeyCode::Up]);
        // Back to the middle, then down: a new press.
        assert_eq!(s.feed(PadEvent::Stick(StickAxis::Y, 0.1), 0.6), None);
        assert!(s.stick.is_none());
        assert_eq!(
            s.feed(PadEvent::Stick(StickAxis::Y, -0.7), 0.7),
            Some(KeyCode::Down)
        );
        // Swung to the side: the larger axis wins.
        s.feed(PadEvent::Stick(StickAxis::Y, -0.1), 0.8);
        assert_eq!(
            s.feed(PadEvent::Stick(StickAxis::X, -0.95), 0.8),
            Some(KeyCode::Left)
        );
    }

    #[test]
    fn select_is_held_like_tab_and_a_pulled_pad_lets_go() {
        let mut s = PadState::default();
        s.feed(PadEvent::Connected("Xbox Wireless Controller".into()), 0.0);
        assert_eq!(press(&mut s, PadButton::Select, 0.1), None);
        assert!(s.select_held);
        press(&mut s, PadButton::Left, 0.2);
        s.feed(PadEvent::Disconnected, 0.3);
        assert!(!s.select_held && !s.busy());
        assert_eq!(s.connected, 0);
        assert!(s.repeats(5.0).is_empty());
    }

    #[test]
    fn the_names_follow_the_maker() {
        assert_eq!(
            PadStyle::of_name("Sony Interactive Entertainment DualSense Wireless Controller"),
            PadStyle::PlayStation
        );
        assert_eq!(PadStyle::of_name("PS4 Controller"), PadStyle::PlayStation);
        assert_eq!(
            PadStyle::of_name("Xbox Wireless Controller"),
            PadStyle::Xbox
        );
        assert_eq!(PadStyle::of_name("8BitDo Pro 2"), PadStyle::Xbox);
    }

    #[test]
    fn a_script_line_is_an_event() {
        use script::parse;
        assert_eq!(
            parse("press south"),
            Some(PadEvent::Pressed(PadButton::South))
        );
        assert_eq!(
            parse("stick x -0.9"),
            Some(PadEvent::Stick(StickAxis::X, -0.9))
        );
        assert_eq!(
            parse("connect DualSense Wireless Controller"),
            Some(PadEvent::Connected("DualSense Wireless Controller".into()))
        );
        assert_eq!(parse("press nothing"), None);
        assert_eq!(parse(""), None);
    }
}
