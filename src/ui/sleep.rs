//! The blocking loop's decision after each frame: when the next one is due, and asking
//! for it (see [`super::wake`]).

use super::Screen;
use super::input::Input;
use super::pace::Pace;
use super::pad;
use super::wake::{Due, Waker};
use macroquad::prelude::get_keys_down;
use std::time::Instant;

/// Frames a window test's window (`--screenshot` with the live layout report) keeps
/// drawing after its last input before it sleeps: its clock is the frame count, and a
/// test that waits for a few frames after a key finds them.
pub const TAIL_FRAMES: u64 = 30;

/// How often a window test's window draws once past [`TAIL_FRAMES`] at rest, unless it
/// rests as a player's does (`FORWARD_IDLE_PACE`): a test may wait for a frame drawn some
/// time after something came into view.
pub const TEST_IDLE: std::time::Duration = std::time::Duration::from_millis(100);

/// How the loop runs.
pub struct Mode {
    /// A window test's window that never sleeps for long (see [`TEST_IDLE`]).
    pub keep_drawing: bool,
    /// A screenshot: every frame drawn, flat out, up to the picture.
    pub flat: bool,
    /// The animation clock counts frames, not seconds (a screenshot, a window test): a
    /// timed wait is frames to draw, never a sleep.
    pub frame_clock: bool,
    /// Frames since the last one that took input.
    pub since_busy: u64,
}

/// When the next frame is due: the screen's own wish (a moment, a timed step), at once
/// while a key is held (its release wakes nobody), a typed character waits in the queue
/// (one is read a frame) or a pad's direction is held (it repeats); the banner's end
/// (`banner`: seconds left).
pub fn due(screen: &Screen, input: &Input, pad_busy: bool, banner: Option<f32>, m: Mode) -> Due {
    if m.flat {
        return Due::Now;
    }
    let mut due = screen.due();
    if !get_keys_down().is_empty() || input.typed.is_some() || pad_busy {
        due = Due::Now;
    }
    if let Some(left) = banner {
        due = due.min(Due::in_secs(left));
    }
    if m.frame_clock && (due != Due::Never || m.since_busy < TAIL_FRAMES) {
        due = Due::Now;
    }
    if m.keep_drawing {
        due = due.min(Due::In(TEST_IDLE));
    }
    due
}

/// Asks for the next frame as `due` says: at once (at no more than the full frame rate),
/// from the waker at its time, or not at all. Returns whether the loop now sleeps until
/// something happens.
pub fn after(due: Due, waker: &Waker, pace: &mut Pace, pads: &mut pad::Pad) -> bool {
    match due {
        Due::Now => {
            macroquad::miniquad::window::schedule_update();
            pace.wait(true, pads);
            false
        }
        Due::In(d) => {
            waker.wake_at(Instant::now() + d);
            false
        }
        Due::Never => true,
    }
}
