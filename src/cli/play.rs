//! `forward play --headless`: a run over stdin and stdout (docs/PROTOCOL.md), autosaved
//! after every action and resumable (docs/SAVES.md).

use crate::core::DiceMode;
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
    /// Deal the duel, test and reroll dice from each side's deck of results instead of
    /// rolling them (docs/RULES.md, "Dice: rolled or dealt"); fixed for the run.
    #[arg(long)]
    pub dice_deck: bool,
    /// A house rule, `NAME` or `NAME=VALUE` (repeatable): `--rule paid-peek`,
    /// `--rule paid-peek=health:2`, `--rule hit-on-six` (docs/RULES.md, "House rules");
    /// fixed for the run.
    #[arg(long = "rule", value_name = "NAME[=VALUE]", value_parser = super::rule_arg)]
    pub rules: Vec<String>,
    /// Autosave to this file after every action. Without `--save`, `--load` or `--saves`
    /// a headless run is not saved; with `--saves DIR` alone it is saved as a new file in
    /// DIR; with `--load FILE` back to FILE.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Resume the run saved in this file (its own cards, seed and dice are used).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "dice", "guide", "dice_deck", "rules"])]
    pub load: Option<PathBuf>,
    /// Whose stream to write: `traveller` (nothing of `state.guide`) or `guide` (the Guide
    /// view with the notes' source, the notes journal and the Domains ahead). Without it,
    /// the shared stream.
    #[arg(long, value_enum)]
    pub role: Option<crate::protocol::StreamRole>,
    /// The first line also describes the card set in play (`cards`).
    #[arg(long)]
    pub describe: bool,
    /// Serve the Guide's screen (a web page with the Guide's view and buttons) on this
    /// address, e.g. `0.0.0.0:8080` or `127.0.0.1:0`; its URL is printed on stderr. Needs a
    /// run with a Guide (`--guide`, or `--load` of a guided save, whose code and seat it
    /// keeps).
    #[arg(long, value_name = "ADDR")]
    pub guide_screen: Option<String>,
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
            let mode = if args.dice_deck {
                DiceMode::Deck
            } else {
                DiceMode::Rolled
            };
            let rules = super::house_rules(&args.rules);
            let (run, events) = Session::new_opts(
                Arc::new(set),
                seed,
                args.dice.clone(),
                args.guide,
                mode,
                rules,
            );
            (run, events, None)
        }
    };
    if args.guide_screen.is_some() && !run.state.guide {
        eprintln!(
            "forward play: --guide-screen needs a run with a Guide (--guide, or --load of a guided save)"
        );
        return 2;
    }
    let store_dir = SaveStore::dir_from(saves);
    // The protocol saves only when asked to (`--save`, `--load` or `--saves`): bots and
    // test suites play thousands of runs through it and want neither files nor an fsync
    // per action.
    let asked = args.save.is_some() || args.load.is_some() || saves.is_some();
    let save_path = if args.no_save || !asked {
        None
    } else {
        args.save.clone().or(loaded).or_else(|| {
            let _ = std::fs::create_dir_all(&store_dir);
            Some(store::fresh_path(&store_dir, &run))
        })
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
    if let Some(dir) = save_path.as_deref().and_then(Path::parent) {
        crate::save::clean_stale_temps(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        });
    }
    // A run loaded already over was recorded by the session that finished it; a new or
    // resumed run is recorded in the history when it ends here.
    // The history goes to the saves directory the run was given (`--saves` or
    // `$FORWARD_SAVES`), else beside the save file: never into a `saves/` of whatever
    // directory the command happened to run in.
    let given =
        saves.is_some() || std::env::var_os(store::SAVES_ENV).is_some_and(|v| !v.is_empty());
    let mut autosave = match save_path {
        Some(path) => {
            let history_dir = match path.parent() {
                Some(dir) if !given => dir.to_path_buf(),
                _ => store_dir,
            };
            Autosave::new(Some(path), history_dir, &run)
        }
        None => Autosave::off(),
    };
    let mut warned = false;
    let mut after = |run: &Session| match autosave.after(run) {
        Ok(()) => {}
        Err(e @ (StoreError::History { .. } | StoreError::NotRecorded(_))) => {
            eprintln!("forward play: {e}")
        }
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
    let opts = crate::protocol::StreamOptions {
        role: args.role,
        describe: args.describe,
    };
    if let Some(addr) = &args.guide_screen {
        // A resumed run keeps its screen's code and seat, so that its page picks up when
        // it is served on the same address again.
        let kept = run.table.guide_screen.clone();
        let pairing = crate::guide_screen::Pairing::First;
        let screen =
            match crate::guide_screen::GuideScreen::start_with(addr, pairing, kept.as_ref()) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("forward play: {e}");
                    return 1;
                }
            };
        eprintln!("Guide's screen: {}", screen.url());
        eprintln!("{}", screen.qr_text());
        let stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
        return match play_with_screen(&mut run, &events, screen, stdout, &mut after, opts) {
            Ok(()) => 0,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
            Err(e) => {
                eprintln!("forward play: {e}");
                1
            }
        };
    }
    let stdin = io::stdin();
    // Each line leaves in one write (the protocol flushes after every line), so a client
    // never reads half a line unless the game is killed in the middle of a write.
    let stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match crate::protocol::play_run_opts(&mut run, &events, stdin.lock(), stdout, &mut after, opts)
    {
        Ok(()) => 0,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("forward play: {e}");
            1
        }
    }
}

/// How often the headless loop looks at the Guide's screen while stdin is quiet.
const SCREEN_POLL: std::time::Duration = std::time::Duration::from_millis(40);

/// The headless loop with a Guide's screen: stdin lines (read on a thread) and the page's
/// actions are both applied here, by the thread that owns the session, each writing one
/// step line. Returns at end of input.
fn play_with_screen<W: io::Write>(
    run: &mut Session,
    events: &[crate::core::Event],
    mut screen: crate::guide_screen::GuideScreen,
    mut out: W,
    after: &mut impl FnMut(&Session),
    opts: crate::protocol::StreamOptions,
) -> io::Result<()> {
    use crate::protocol::{act_line, write_error, write_step_opts};
    use std::io::BufRead;
    use std::sync::mpsc::RecvTimeoutError;
    let (tx, rx) = std::sync::mpsc::channel::<io::Result<String>>();
    std::thread::spawn(move || {
        for line in io::stdin().lock().lines() {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    write_step_opts(&mut out, run, events, opts, true)?;
    screen.publish(run);
    loop {
        for events in screen.apply_queued(run) {
            run.table.guide_screen = Some(screen.keep());
            after(run);
            write_step_opts(&mut out, run, &events, opts, false)?;
        }
        match rx.recv_timeout(SCREEN_POLL) {
            Ok(line) => {
                let line = line?;
                // The state before the step, typed dice forced, for the page's feed.
                let dice = crate::protocol::split_dice(&line)
                    .map(|(_, d)| d)
                    .unwrap_or_default();
                let before = crate::guide_screen::with_dice(&run.state, &dice);
                match act_line(run, &line) {
                    Ok(events) => {
                        screen.record(&before, &events);
                        run.table.guide_screen = Some(screen.keep());
                        after(run);
                        write_step_opts(&mut out, run, &events, opts, false)?
                    }
                    Err(e) => write_error(&mut out, &e)?,
                }
                screen.publish(run);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
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
