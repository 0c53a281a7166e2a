//! `forward play --headless`: a run over stdin and stdout (docs/PROTOCOL.md).

use std::io;
use std::path::Path;
use std::sync::Arc;

/// Plays a run over stdin/stdout; returns the exit code.
pub fn run(cards: &Path, headless: bool, seed: Option<u64>, dice: Vec<u8>, guide: bool) -> i32 {
    if !headless {
        eprintln!(
            "forward play: only --headless is available here; run `forward` with no subcommand to open the game window"
        );
        return 2;
    }
    if guide {
        eprintln!("forward play: --guide (two players) is not available in this build yet");
        return 2;
    }
    if let Some(bad) = dice.iter().find(|d| !(1..=6).contains(*d)) {
        eprintln!("forward play: --dice values must be 1 to 6; got {bad}");
        return 2;
    }
    let set = match super::load_cards("play", cards) {
        Ok(set) => set,
        Err(code) => return code,
    };
    let seed = seed.unwrap_or_else(random_seed);
    let stdin = io::stdin();
    let stdout = io::stdout();
    match crate::protocol::play(Arc::new(set), seed, dice, stdin.lock(), stdout.lock()) {
        Ok(()) => 0,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("forward play: {e}");
            1
        }
    }
}

/// A seed from the clock, for runs started without `--seed` (it is printed in every state
/// line, so the run can be replayed).
fn random_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ ((nanos >> 64) as u64) ^ (std::process::id() as u64).rotate_left(32)
}
