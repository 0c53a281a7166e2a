//! The names of the keys in the game's hints follow the device last used: "Enter" and
//! "Esc" after a key or a click, "A" and "B" (or "Cross" and "Circle") after a pad's
//! button. The main loop says which device each frame ([`set_device`]); hints ask
//! [`name`] or build their line with [`line`].

use super::pad::PadStyle;
use std::cell::Cell;

/// The device the player last used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Device {
    #[default]
    Keys,
    Pad(PadStyle),
}

/// What a hint asks the player to press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// Choose, go on: Enter / A.
    Confirm,
    /// Leave, cancel: Esc / B.
    Back,
    /// The table's menu: Esc / Start.
    Menu,
    /// The Guide's view: Tab / View.
    Peek,
    /// Move over the choices: Up/Down / D-pad.
    Move,
    /// Change a setting: Left/Right / D-pad left/right.
    Change,
    /// Scroll a page: Page Up/Down / LB/RB.
    Page,
    /// Anything at all: any key / any button.
    Any,
}

thread_local! {
    static DEVICE: Cell<Device> = const { Cell::new(Device::Keys) };
}

/// The device of this frame's input.
pub fn set_device(d: Device) {
    DEVICE.with(|c| c.set(d));
}

/// The device the hints are written for.
pub fn device() -> Device {
    DEVICE.with(Cell::get)
}

/// A pad was the last thing used.
pub fn on_pad() -> bool {
    matches!(device(), Device::Pad(_))
}

/// The name of `k` on the device last used.
pub fn name(k: Key) -> &'static str {
    name_on(device(), k)
}

/// The name of `k` on device `d`.
pub fn name_on(d: Device, k: Key) -> &'static str {
    use Key::*;
    match d {
        Device::Keys => match k {
            Confirm => "Enter",
            Back | Menu => "Esc",
            Peek => "Tab",
            Move => "Up/Down",
            Change => "Left/Right",
            Page => "Page Up/Down",
            Any => "any key",
        },
        Device::Pad(style) => match (k, style) {
            (Confirm, PadStyle::Xbox) => "A",
            (Confirm, PadStyle::PlayStation) => "Cross",
            (Back, PadStyle::Xbox) => "B",
            (Back, PadStyle::PlayStation) => "Circle",
            (Menu, PadStyle::Xbox) => "Start",
            (Menu, PadStyle::PlayStation) => "Options",
            (Peek, PadStyle::Xbox) => "View",
            (Peek, PadStyle::PlayStation) => "Share",
            (Move, _) => "D-pad",
            (Change, _) => "Left/Right",
            (Page, PadStyle::Xbox) => "LB/RB",
            (Page, PadStyle::PlayStation) => "L1/R1",
            (Any, _) => "any button",
        },
    }
}

/// "key" or "button": what the player presses on the device last used.
pub fn press_word() -> &'static str {
    if on_pad() { "button" } else { "key" }
}

/// One part of a hint line.
#[derive(Debug, Clone, Copy)]
pub enum Part<'a> {
    /// A key and what it does ("Enter select").
    Key(Key, &'a str),
    /// Something only a keyboard can do ("digits: seed"): left out after a pad's button.
    KeysOnly(&'a str),
}

/// A hint line for the device last used: its parts joined by " · ".
pub fn line(parts: &[Part]) -> String {
    line_on(device(), parts)
}

/// [`line`] for device `d`.
pub fn line_on(d: Device, parts: &[Part]) -> String {
    parts
        .iter()
        .filter_map(|p| match *p {
            Part::Key(k, what) => Some(format!("{} {what}", name_on(d, k))),
            Part::KeysOnly(s) => (d == Device::Keys).then(|| s.to_string()),
        })
        .collect::<Vec<_>>()
        .join("  ·  ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_names_the_keys_of_the_device_last_used() {
        let parts = [
            Part::Key(Key::Move, "choose"),
            Part::Key(Key::Confirm, "select"),
            Part::KeysOnly("digits: seed"),
            Part::Key(Key::Back, "quit"),
        ];
        assert_eq!(
            line_on(Device::Keys, &parts),
            "Up/Down choose  ·  Enter select  ·  digits: seed  ·  Esc quit"
        );
        assert_eq!(
            line_on(Device::Pad(PadStyle::Xbox), &parts),
            "D-pad choose  ·  A select  ·  B quit"
        );
        assert_eq!(
            line_on(Device::Pad(PadStyle::PlayStation), &parts),
            "D-pad choose  ·  Cross select  ·  Circle quit"
        );
    }

    #[test]
    fn the_device_is_the_one_set_last() {
        set_device(Device::Pad(PadStyle::Xbox));
        assert_eq!(name(Key::Menu), "Start");
        assert!(on_pad());
        set_device(Device::Keys);
        assert_eq!(name(Key::Menu), "Esc");
        assert!(!on_pad());
    }
}
