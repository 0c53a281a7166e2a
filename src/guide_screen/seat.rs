//! The Guide's seat: the device that holds it (named by its kind and a short id), the
//! devices asking for it, how a host pairs one, and how the link stands in words.

use serde::{Deserialize, Serialize};
use std::time::Instant;

/// A device as the table names it: its kind ("Android phone", from its browser's
/// User-Agent) and a short id from its page's token ("K7FA"), to tell two apart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Device {
    pub kind: String,
    pub id: String,
}

impl std::fmt::Display for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.kind, self.id)
    }
}

/// The letters of a device's short id: no 0/O, 1/I/L, 2/Z, 5/S or 8/B to confuse.
const ID_LETTERS: &[u8] = b"ACDEFGHJKMNPQRTUVWXY34679";

impl Device {
    /// The device a request comes from: its kind from `user_agent`, its id from `token`.
    pub fn of(user_agent: &str, token: &str) -> Device {
        Device {
            kind: kind_of(user_agent).to_string(),
            id: short_id(token),
        }
    }
}

/// Four letters from a token (FNV-1a): the same token always gives the same id.
fn short_id(token: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in token.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (0..4)
        .map(|i| {
            let n = (h >> (i * 12)) as usize % ID_LETTERS.len();
            ID_LETTERS[n] as char
        })
        .collect()
}

/// The kind of device a User-Agent names, in a player's words.
fn kind_of(ua: &str) -> &'static str {
    let has = |s: &str| ua.contains(s);
    if has("iPhone") {
        "iPhone"
    } else if has("iPad") {
        "iPad"
    } else if has("Android") && has("Mobile") {
        "Android phone"
    } else if has("Android") {
        "Android tablet"
    } else if has("CrOS") {
        "Chromebook"
    } else if has("Windows") {
        "Windows computer"
    } else if has("Macintosh") || has("Mac OS X") {
        "Mac"
    } else if has("Linux") || has("X11") {
        "Linux computer"
    } else if ua.is_empty() {
        "Unnamed device"
    } else {
        "Device"
    }
}

/// How a host gives the free seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairing {
    /// The first device to ask takes it: a host with no Guide's view to accept it in (the
    /// headless game, whose code only its operator sees on stderr).
    First,
    /// A device asks, is named in the Guide's view, and the Guide accepts it with a key.
    Accept,
}

/// The device holding the seat: its page's token and its name.
#[derive(Debug, Clone)]
pub(super) struct Seat {
    pub token: String,
    pub device: Device,
}

/// A device asking for the free seat, and when it last asked.
#[derive(Debug, Clone)]
pub(super) struct Asking {
    pub token: String,
    pub device: Device,
    pub last: Instant,
}

/// How the link to the Guide's page stands, for the table to tell in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkState {
    /// Serving; no device holds the seat and none asks.
    Waiting,
    /// Serving; these devices ask for the free seat (the Guide accepts one in the Guide's
    /// view).
    Asking { devices: Vec<Device> },
    /// The seat's device follows the run (it asked within [`super::GONE_AFTER`]).
    Followed {
        device: Device,
        /// Another device was refused the seat lately (within [`super::REFUSED_FOR`]).
        refused: Option<Device>,
    },
    /// The seat's device has not asked for this many seconds.
    Quiet {
        device: Device,
        secs: u64,
        refused: Option<Device>,
    },
    /// Not serving, and why.
    Stopped { why: String },
}

impl LinkState {
    /// The device holding the seat, if one does.
    pub fn holder(&self) -> Option<&Device> {
        match self {
            LinkState::Followed { device, .. } | LinkState::Quiet { device, .. } => Some(device),
            _ => None,
        }
    }

    /// The same kind of state (a quiet device's seconds and who was refused aside).
    pub fn same_kind(&self, other: &LinkState) -> bool {
        use LinkState::*;
        match (self, other) {
            (Asking { devices: a }, Asking { devices: b }) => a == b,
            (Followed { device: a, .. }, Followed { device: b, .. })
            | (Quiet { device: a, .. }, Quiet { device: b, .. }) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    /// The link in a few words, for the control under the table's choices.
    pub fn short(&self) -> String {
        match self {
            LinkState::Waiting => "waiting for the Guide's device".into(),
            LinkState::Asking { devices } => match devices.as_slice() {
                [one] => format!("{one} asks to join"),
                more => format!("{} devices ask to join", more.len()),
            },
            LinkState::Followed { device, .. } => format!("{device} follows"),
            // A refused device is a page too: "no page" would not be true.
            LinkState::Quiet {
                device,
                secs,
                refused: Some(other),
            } => format!("{device} quiet {secs} s; {other} refused"),
            LinkState::Quiet { device, secs, .. } => {
                format!("no page from {device} for {secs} s")
            }
            LinkState::Stopped { .. } => "stopped".into(),
        }
    }
}

impl std::fmt::Display for LinkState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let refused = |r: &Option<Device>| {
            r.as_ref().map_or(String::new(), |d| {
                format!("; {d} asked too and was refused the seat")
            })
        };
        match self {
            LinkState::Waiting => write!(
                f,
                "waiting for the Guide's device (its code is in the Guide's view)"
            ),
            LinkState::Asking { devices } => {
                let names: Vec<String> = devices.iter().map(Device::to_string).collect();
                write!(
                    f,
                    "{} asks for the Guide's seat: the Guide accepts it in the Guide's view",
                    names.join(" and ")
                )
            }
            LinkState::Followed { device, refused: r } => {
                write!(
                    f,
                    "{device} holds the Guide's seat and follows the run{}",
                    refused(r)
                )
            }
            LinkState::Quiet {
                device,
                secs,
                refused: r,
            } => write!(
                f,
                "{device} holds the Guide's seat; no page from it for {secs} s{}",
                refused(r)
            ),
            LinkState::Stopped { why } => write!(f, "stopped: {why}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_are_named_by_kind_and_a_steady_short_id() {
        let phone = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
        let a = Device::of(phone, "0123456789abcdef0123456789abcdef");
        assert_eq!(a.kind, "Android phone");
        assert_eq!(a.id.len(), 4);
        assert_eq!(a, Device::of(phone, "0123456789abcdef0123456789abcdef"));
        assert_ne!(
            a.id,
            Device::of(phone, "0123456789abcdef0123456789abcdee").id
        );
        let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15";
        assert_eq!(Device::of(iphone, "x0000000").kind, "iPhone");
        assert_eq!(Device::of("", "x0000000").kind, "Unnamed device");
    }
}
