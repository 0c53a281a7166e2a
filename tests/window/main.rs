//! Every test that starts the game's window: each starts its own Xvfb (`-displayfd`, a
//! display of its own) and the built `forward` on it, then reads screenshots and the layout
//! report (`--layout-report`) and presses keys with xdotool, waiting for the window and
//! for the effect of each input before the next (see `common/game.rs`). The harness runs
//! them in parallel threads, so nothing here may lean on process-wide state: every test
//! has its own scratch folder, settings and saves.
//!
//! Needs `Xvfb`, Mesa's software GL, `xdotool` and `xclip` (`.ci/run` installs them;
//! without them a test is skipped, except under `CI=true`).

#[path = "../common/mod.rs"]
mod common;

mod duel;
mod gallery;
mod guide;
mod layout;
mod moments;
mod pad;
mod route_lore;
mod table;
mod window;
mod window_balance;
mod window_deck;
mod window_desk;
mod window_desk_fields;
mod window_desk_guardian;
mod window_desk_set;
mod window_guardian;
mod window_guide;
mod window_lesson;
mod window_reveal;
mod window_rules;
mod window_saves;
mod window_settings;
mod window_title;
