//! `forward play --headless`. (Being written.)
use std::path::Path;

/// Plays a run over stdin/stdout; returns the exit code.
pub fn run(_cards: &Path, _headless: bool, _seed: Option<u64>, _dice: Vec<u8>, _guide: bool) -> i32 {
    0
}
