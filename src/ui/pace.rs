//! The frame loop's pace: at most [`FPS`] frames a second. Where the window has no
//! blocking loop (not Linux, or the waker could not reach the X server: see
//! [`super::wake`]), this is the whole of its rest: [`IDLE_FPS`] frames a second once
//! nothing has happened for a while, and a plugged-in pad looked at while the loop sleeps.

use super::pad;
use std::time::{Duration, Instant};

/// Frame rate cap: nothing else caps it under Xvfb, so the loop sleeps out each frame.
pub const FPS: u32 = 60;
/// Frame rate while nobody touches anything. A window only learns of a key when it asks
/// for the next frame, so the frame time at rest is how long the first key after an idle
/// spell can wait: at 16 a second, 63 ms, and the answer is drawn within [`ANSWER`]. The
/// frames at rest show the still frame again ([`super::still`]) rather than draw the
/// table, which a software renderer (Xvfb, remote desktops) takes 15-30 ms to do; showing
/// it costs a few. (At 3 a second, a key waited up to two frames of a third of a second:
/// the title answered 0.5-0.9 s late.) Moments that play without input (a Guide's
/// screen's action) keep the full rate.
pub const IDLE_FPS: u32 = 16;
/// The longest a key pressed at rest may wait for its answer on screen: one resting frame
/// and one drawn anew (a software renderer's slowest, [`SLOW_DRAW`]).
#[allow(dead_code)] // The bound the pace is held to (its test); nothing reads it at run time.
pub const ANSWER: Duration = Duration::from_millis(100);
/// The slowest a frame of the table is drawn (llvmpipe under Xvfb, art and all).
#[allow(dead_code)] // As ANSWER.
pub const SLOW_DRAW: Duration = Duration::from_millis(30);
/// How long after the last input the window counts as idle.
pub const IDLE_AFTER: Duration = Duration::from_secs(2);
/// How often a resting window looks at a plugged-in pad (a press shows within a frame).
pub const PAD_POLL: Duration = Duration::from_millis(16);

/// Keeps the loop at no more than [`FPS`] frames a second by sleeping out each frame,
/// and at [`IDLE_FPS`] once nothing has happened for [`IDLE_AFTER`].
pub struct Pace {
    last_frame: Instant,
    last_active: Instant,
}

impl Pace {
    pub fn new() -> Pace {
        let now = Instant::now();
        Pace {
            last_frame: now,
            last_active: now,
        }
    }

    /// The time one frame should take, `now`.
    fn frame_time(&self, now: Instant) -> Duration {
        let fps = if self.resting_at(now) { IDLE_FPS } else { FPS };
        Duration::from_secs(1) / fps
    }

    /// Whether the window is at rest: nothing has happened for [`IDLE_AFTER`].
    pub fn resting(&self) -> bool {
        self.resting_at(Instant::now())
    }

    fn resting_at(&self, now: Instant) -> bool {
        now.duration_since(self.last_active) >= IDLE_AFTER
    }

    /// Sleeps out the rest of the frame. `active`: there was input this frame. With a pad
    /// plugged in, the sleep is cut short when it is used (a keyboard's press wakes the
    /// window; a pad's does not), so a pad is not slow at rest; with none, one sleep.
    pub fn wait(&mut self, active: bool, pads: &mut pad::Pad) {
        let now = Instant::now();
        if active {
            self.last_active = now;
        }
        let due = self.last_frame + self.frame_time(now);
        if now < due {
            while let Some(left) = due.checked_duration_since(Instant::now()) {
                if !pads.present() {
                    std::thread::sleep(left);
                    break;
                }
                std::thread::sleep(left.min(PAD_POLL));
                if pads.pump() {
                    self.last_active = Instant::now();
                    break;
                }
            }
            self.last_frame = Instant::now().min(due);
        } else {
            // A slow frame: start counting again rather than catch up with a burst.
            self.last_frame = now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pace_holds_the_frame_rate_down() {
        let mut pace = Pace::new();
        let start = Instant::now();
        let mut pads = pad::Pad::none();
        for _ in 0..12 {
            pace.wait(true, &mut pads);
        }
        // Twelve frames at 60 per second take about 0.2 s, never much less.
        assert!(
            start.elapsed() >= Duration::from_millis(190),
            "{:?}",
            start.elapsed()
        );
    }

    /// A key pressed at rest is read at the next frame (the loop sleeps before it asks
    /// for the window's events), so it waits at most one resting frame, then one frame is
    /// drawn: within [`ANSWER`].
    #[test]
    fn a_key_at_rest_is_answered_within_a_tenth_of_a_second() {
        let rest = Duration::from_secs(1) / IDLE_FPS;
        assert!(rest + SLOW_DRAW <= ANSWER, "{rest:?} + {SLOW_DRAW:?}");
        // The first frame after the key is at the full rate.
        let mut pace = Pace::new();
        pace.last_active = Instant::now() - IDLE_AFTER * 5;
        assert!(pace.resting());
        pace.wait(true, &mut pad::Pad::none());
        assert!(!pace.resting());
        assert_eq!(
            pace.frame_time(Instant::now()),
            Duration::from_secs(1) / FPS
        );
    }

    #[test]
    fn pace_slows_down_when_idle() {
        let mut pace = Pace::new();
        let now = Instant::now();
        assert_eq!(pace.frame_time(now), Duration::from_secs(1) / FPS);
        pace.last_active = now - IDLE_AFTER - Duration::from_millis(1);
        assert_eq!(pace.frame_time(now), Duration::from_secs(1) / IDLE_FPS);
        pace.wait(true, &mut pad::Pad::none());
        assert_eq!(
            pace.frame_time(Instant::now()),
            Duration::from_secs(1) / FPS
        );
    }
}
