//! The Guide's seat and screen, without the game's window: the Guide's stream and notes,
//! the seat's dice and safety (issue 28), and the Guide's screen served over HTTP and
//! played by clicks in a headless Chromium.

#[path = "../common/mod.rs"]
mod common;

mod guide_http;
mod guide_screen;
mod guide_seat;
