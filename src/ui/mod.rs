//! The game window. (Being written.)
use std::path::PathBuf;

/// Opens the window; returns the process exit code.
pub fn run(_cards: PathBuf, _screenshot: Option<PathBuf>, _frames: u32) -> i32 {
    0
}
