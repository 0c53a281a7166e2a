//! `forward play --headless`: a run over stdin and stdout (docs/PROTOCOL.md), autosaved
//! after every action and resumable (docs/SAVES.md).

use crate::session::Session;
use crate::store::{self, Autosave, SaveStore, StoreError};
use clap::Args;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The options of `forward play`.
#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    /// Play through the JSON-lines protocol of docs/PROTOCOL.md.
    #[arg(long)]
    pub headless: bool,
    /// Seed of the run's dice and shuffles (default: random).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Forced die results, used in order before the seeded dice: `--dice 3,5,1`.
    #[arg(long, value_delimiter = ',')]
    pub dice: Vec<u8>,
    /// Two players: a traveller and a Guide. Every prompt then says whose turn it is
    /// (`"role"`), and the state carries a `guide` object with what only the Guide sees.
    #[arg(long)]
    pub guide: bool,
    /// Autosave to this file after every action. Without `--save`, `--load` or `--saves`
    /// a headless run is not saved; with `--saves DIR` alone it is saved as a new file in
    /// DIR; with `--load FILE` back to FILE.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Resume the run saved in this file (its own cards, seed and dice are used).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "dice", "guide"])]
    pub load: Option<PathBuf>,
    /// Do not autosave, even when resuming with `--load` (nor add the run to the history).
    #[arg(long, conflicts_with = "save")]
    pub no_save: bool,
}

/// Plays a run over stdin/stdout; returns the exit code.
pub fn run(cards: &crate::cards::CardSource, saves: Option<&Path>, args: PlayArgs) -> i32 {
    if !args.headless {
        eprintln!(
            "forward play: only --headless is available here; run `forward` with no subcommand to open the game window"
        );
        return 2;
    }
    if let Some(bad) = args.dice.iter().find(|d| !(1..=6).contains(*d)) {
        eprintln!("forward play: --dice values must be 1 to 6; got {bad}");
        return 2;
    }
    let (mut run, events, loaded) = match &args.load {
        Some(path) => match store::load(path) {
            Ok(run) => (run, Vec::new(), Some(path.clone())),
            Err(e) => {
                eprintln!("forward play: {e}");
                return 1;
            }
        },
        None => {
            let set = match super::load_cards("play", cards) {
                Ok(set) => set,
                Err(code) => return code,
            };
            let seed = args.seed.unwrap_or_else(random_seed);
            let (run, events) =
                Session::new_with(Arc::new(set), seed, args.dice.clone(), args.guide);
            (run, events, None)
        }
    };
    let store_dir = SaveStore::dir_from(saves);
    // The protocol saves only when asked to (`--save`, `--load` or `--saves`): bots and
    // test suites play thousands of runs through it and want neither files nor an fsync
    // per action.
    let asked = args.save.is_some() || args.load.is_some() || saves.is_some();
    let save_path = if args.no_save || !asked {
        None
    } else {
        args.save
            .clone()
            .or(loaded)
            .or_else(|| Some(store_dir.join(run.file_name())))
    };
    if let Some(path) = &save_path
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!(
            "forward play: cannot create the saves directory `{}`: {e}",
            dir.display()
        );
        return 1;
    }
    // A run loaded already over was recorded by the session that finished it; a new or
    // resumed run is recorded in the history when it ends here.
    let mut autosave = match save_path {
        Some(path) => Autosave::new(Some(path), store_dir, &run),
        None => Autosave::off(),
    };
    let mut warned = false;
    let mut after = |run: &Session| match autosave.after(run) {
        Ok(()) => {}
        Err(e @ StoreError::History { .. }) => eprintln!("forward play: {e}"),
        Err(e) if !warned => {
            eprintln!("forward play: {e} (the run goes on; each action tries to save again)");
            warned = true;
        }
        Err(_) => {}
    };
    if args.load.is_none() {
        // A new run is saved before its first line, so it is listed at once.
        after(&run);
    }
    let stdin = io::stdin();
    // Each line leaves in one write (the protocol flushes after every line), so a client
    // never reads half a line unless the game is killed in the middle of a write.
    let stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match crate::protocol::play_run(&mut run, &events, stdin.lock(), stdout, &mut after) {
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
