//! The window's sleep, and what wakes it.
//!
//! On Linux the window runs miniquad's blocking event loop: after a frame, the loop waits
//! in the X server's event queue and the game draws nothing until something happens. A
//! key, a click, the pointer, the wheel or a new window size wake it by themselves
//! (macroquad asks for a frame on each). Everything else that must be shown wakes it from
//! where it happens, through a [`Waker`]: the stage's next timed moment (a quick duel's
//! beat, a card's reading countdown), the Guide's page acting over HTTP, a gamepad's
//! event, a card file saved in the desk.
//!
//! How a thread wakes the loop. `miniquad::window::schedule_update` only sets a flag
//! through a channel: the loop, asleep in `XNextEvent`, does not see it until an X event
//! comes, and the flag's lock is taken with `try_lock().unwrap()` by the loop itself, so
//! calling it from another thread can panic the game. So no other thread calls it. The
//! waker thread sends the window an X event instead, from a connection of its own: a
//! sideways wheel tick (button 6), which nothing in the game reads and which macroquad
//! answers, on the loop's own thread, by asking for a frame. That frame runs the game's
//! loop, which looks at every source again.
//!
//! The same connection asks for the window's exposures: a window uncovered on a desktop
//! that keeps no copy of it (no compositor) wakes the loop, which shows the picture it
//! kept ([`super::still`]).
//!
//! Elsewhere (no X11: Windows, macOS, a Wayland-only desktop), or if the waker cannot
//! reach the X server, the loop keeps the fixed pace of [`super::pace`]: 60 frames a
//! second while anything moves, 16 at rest.

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// When the loop wants its next frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Due {
    /// At once (something moves: a moment plays, a key is held, a text queue drains).
    Now,
    /// After this long (a timed step: the next second of a countdown, a quick duel's
    /// beat); nothing moves in between.
    In(Duration),
    /// Only when something happens.
    Never,
}

impl Due {
    /// The sooner of two.
    pub fn min(self, other: Due) -> Due {
        match (self, other) {
            (Due::Now, _) | (_, Due::Now) => Due::Now,
            (Due::In(a), Due::In(b)) => Due::In(a.min(b)),
            (Due::In(a), Due::Never) | (Due::Never, Due::In(a)) => Due::In(a),
            (Due::Never, Due::Never) => Due::Never,
        }
    }

    /// `secs` from now (the stage's clock counts in seconds): at once if not positive.
    pub fn in_secs(secs: f32) -> Due {
        if secs > 0.0 {
            Due::In(Duration::from_secs_f32(secs))
        } else {
            Due::Now
        }
    }
}

/// Wakes the window's loop from any thread: at once, or at a time. Cheap to clone.
#[derive(Clone)]
pub struct Waker {
    shared: Arc<(Mutex<Pending>, Condvar)>,
}

/// The earliest wake asked for and not yet sent.
#[derive(Default)]
struct Pending {
    at: Option<Instant>,
}

impl Waker {
    /// Starts the waker's thread, which nudges the window through the X server of
    /// `DISPLAY`. `None` where that cannot be done (no X11): the loop then keeps a pace.
    pub fn start() -> Option<Waker> {
        let nudge = nudge::Nudge::connect()?;
        let waker = Waker {
            shared: Arc::new((Mutex::new(Pending::default()), Condvar::new())),
        };
        let shared = waker.shared.clone();
        let exposed = nudge.exposures();
        std::thread::Builder::new()
            .name("forward-waker".into())
            .spawn(move || serve(&shared, nudge))
            .ok()?;
        // A window uncovered on a desktop that keeps no copy of it (no compositor) must
        // be shown again: each exposure wakes the loop, which shows the picture it kept.
        if let Some(watch) = exposed {
            let w = waker.clone();
            let _ = std::thread::Builder::new()
                .name("forward-exposed".into())
                .spawn(move || watch(&|| w.wake()));
        }
        Some(waker)
    }

    /// Wakes the loop as soon as possible.
    pub fn wake(&self) {
        self.wake_at(Instant::now());
    }

    /// Wakes the loop at `at` (or sooner, if asked for sooner).
    pub fn wake_at(&self, at: Instant) {
        let (lock, cv) = &*self.shared;
        if let Ok(mut p) = lock.lock()
            && p.at.is_none_or(|was| at < was)
        {
            p.at = Some(at);
            cv.notify_one();
        }
    }
}

/// The waker's thread: waits for the earliest wake asked for, then nudges the window.
fn serve(shared: &(Mutex<Pending>, Condvar), mut nudge: nudge::Nudge) {
    let (lock, cv) = shared;
    let Ok(mut p) = lock.lock() else {
        return;
    };
    loop {
        match p.at {
            None => {
                p = match cv.wait(p) {
                    Ok(p) => p,
                    Err(_) => return,
                }
            }
            Some(at) => {
                let now = Instant::now();
                if at > now {
                    p = match cv.wait_timeout(p, at - now) {
                        Ok((p, _)) => p,
                        Err(_) => return,
                    };
                    continue;
                }
                p.at = None;
                drop(p);
                nudge.send();
                p = match lock.lock() {
                    Ok(p) => p,
                    Err(_) => return,
                };
            }
        }
    }
}

/// The waker every part of the game reaches (set once the window is up): the Guide's
/// page, the pads' thread, the desk's watcher.
static GLOBAL: std::sync::OnceLock<Waker> = std::sync::OnceLock::new();

/// Makes `w` the waker [`wake`] uses.
pub fn install(w: Waker) {
    let _ = GLOBAL.set(w);
}

/// Wakes the window's loop, if it sleeps on the blocking loop (else it wakes by its pace).
pub fn wake() {
    if let Some(w) = GLOBAL.get() {
        w.wake();
    }
}

/// Whether this platform has the blocking loop the waker is made for.
pub const BLOCKING: bool = cfg!(all(target_os = "linux", not(target_os = "android")));

/// The `WM_CLASS` the window is given, by which the waker finds it.
pub const WM_CLASS: &str = "forward";

#[cfg(all(target_os = "linux", not(target_os = "android")))]
mod nudge {
    use super::WM_CLASS;
    use std::sync::Arc;
    use x11rb::connection::Connection;
    use x11rb::protocol::Event;
    use x11rb::protocol::xproto::ChangeWindowAttributesAux;
    use x11rb::protocol::xproto::{
        AtomEnum, BUTTON_PRESS_EVENT, ButtonPressEvent, ConnectionExt, EventMask, KeyButMask,
        Window,
    };
    use x11rb::rust_connection::RustConnection;

    /// The button of the nudge: 6, a wheel's sideways tick (miniquad reads it as a
    /// horizontal wheel, which the game never looks at).
    const SIDEWAYS: u8 = 6;

    /// A connection of the waker's own to the X server, and the game's windows on it.
    pub struct Nudge {
        conn: Arc<RustConnection>,
        root: Window,
        windows: Vec<Window>,
    }

    /// What watches the window's exposures: runs until the connection ends, calling its
    /// argument for each.
    pub type Watch = Box<dyn FnOnce(&dyn Fn()) + Send>;

    impl Nudge {
        pub fn connect() -> Option<Nudge> {
            let (conn, screen) = x11rb::connect(None).ok()?;
            let root = conn.setup().roots.get(screen)?.root;
            let mut nudge = Nudge {
                conn: Arc::new(conn),
                root,
                windows: Vec::new(),
            };
            nudge.windows = nudge.find(root, 0);
            Some(nudge)
        }

        /// Asks the X server for the game's windows' exposures on this connection (each
        /// client has its own mask: the game's own is untouched), and what reads them.
        pub fn exposures(&self) -> Option<Watch> {
            let mask = ChangeWindowAttributesAux::new().event_mask(EventMask::EXPOSURE);
            for &w in &self.windows {
                self.conn.change_window_attributes(w, &mask).ok()?;
            }
            self.conn.flush().ok()?;
            let conn = Arc::clone(&self.conn);
            Some(Box::new(move |wake: &dyn Fn()| {
                while let Ok(e) = conn.wait_for_event() {
                    if let Event::Expose(x) = e
                        && x.count == 0
                    {
                        wake();
                    }
                }
            }))
        }

        /// Sends each game window the nudge (found on first use, and again when none
        /// is found or a send fails). More than one Forward on a display each gets it:
        /// a frame for nothing, nothing more.
        pub fn send(&mut self) {
            if self.windows.is_empty() {
                self.windows = self.find(self.root, 0);
            }
            let mut failed = false;
            for &w in &self.windows {
                let event = ButtonPressEvent {
                    response_type: BUTTON_PRESS_EVENT,
                    detail: SIDEWAYS,
                    sequence: 0,
                    time: 0,
                    root: self.root,
                    event: w,
                    child: 0,
                    root_x: 0,
                    root_y: 0,
                    event_x: 0,
                    event_y: 0,
                    state: KeyButMask::default(),
                    same_screen: true,
                };
                let sent = self
                    .conn
                    .send_event(false, w, EventMask::NO_EVENT, event)
                    .ok()
                    .and_then(|c| c.check().ok());
                failed |= sent.is_none();
            }
            let _ = self.conn.flush();
            if failed {
                self.windows.clear();
            }
        }

        /// The windows under `w` whose class is the game's (a window manager may have
        /// put ours inside a frame of its own).
        fn find(&self, w: Window, depth: u32) -> Vec<Window> {
            let mut found = Vec::new();
            let class = self
                .conn
                .get_property(false, w, AtomEnum::WM_CLASS, AtomEnum::STRING, 0, 64)
                .ok()
                .and_then(|c| c.reply().ok());
            if class.is_some_and(|c| c.value.split(|b| *b == 0).any(|n| n == WM_CLASS.as_bytes())) {
                found.push(w);
                return found;
            }
            if depth >= 4 {
                return found;
            }
            let children = self
                .conn
                .query_tree(w)
                .ok()
                .and_then(|c| c.reply().ok())
                .map(|t| t.children)
                .unwrap_or_default();
            for c in children {
                found.extend(self.find(c, depth + 1));
            }
            found
        }
    }
}

#[cfg(not(all(target_os = "linux", not(target_os = "android"))))]
mod nudge {
    /// No blocking loop here: nothing to nudge.
    pub struct Nudge;

    pub type Watch = Box<dyn FnOnce(&dyn Fn()) + Send>;

    impl Nudge {
        pub fn connect() -> Option<Nudge> {
            None
        }
        pub fn exposures(&self) -> Option<Watch> {
            None
        }
        pub fn send(&mut self) {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sooner_due_wins() {
        let ms = |n| Due::In(Duration::from_millis(n));
        assert_eq!(Due::Never.min(Due::Never), Due::Never);
        assert_eq!(Due::Never.min(ms(5)), ms(5));
        assert_eq!(ms(9).min(ms(5)), ms(5));
        assert_eq!(ms(9).min(Due::Now), Due::Now);
        assert_eq!(Due::in_secs(0.0), Due::Now);
        assert_eq!(Due::in_secs(0.5), ms(500));
    }
}
