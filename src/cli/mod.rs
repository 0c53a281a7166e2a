//! The command line: `forward [validate|play|simulate|history|schema|cards|print]`. With no subcommand the binary opens
//! the game window (see `main.rs`).

pub mod cards;
pub mod desktop;
pub mod history;
pub mod play;
pub mod print;
pub mod renames;
pub mod sim_guard;
pub mod simulate;
pub mod validate;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

pub use crate::cards::open::open_or_say as load_cards;

/// Checks one `--rule NAME[=VALUE]` as clap reads it: an unknown rule or a bad value is
/// a clear error naming the known rules.
pub fn rule_arg(spec: &str) -> Result<String, String> {
    let mut rules = crate::core::HouseRules::OFF;
    rules.turn_on(spec).map_err(|e| e.to_string())?;
    Ok(spec.to_string())
}

/// The house rules of `--rule` values already checked by [`rule_arg`].
pub fn house_rules(specs: &[String]) -> crate::core::HouseRules {
    crate::core::HouseRules::parse_all(specs).unwrap_or_default()
}

/// Forward: a roguelike card adventure across nine Domains.
#[derive(Debug, Parser)]
#[command(name = "forward", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A cards directory to play (default: `cards/` in the current directory if there is
    /// one, else the shipped set built into the game).
    #[arg(long, value_name = "DIR", global = true)]
    pub cards: Option<PathBuf>,
    /// The saves directory (autosaves and `history.jsonl`); default `$FORWARD_SAVES`, else
    /// `saves` in a checkout of the game, else the per-user data directory.
    #[arg(long, value_name = "DIR", global = true)]
    pub saves: Option<PathBuf>,
    /// Window only: render N frames, write a PNG screenshot to this file and exit.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Window only: frames to render before the screenshot.
    #[arg(long, default_value_t = 10)]
    pub frames: u32,
    /// Window only: open the table at once with a run of this seed (default with
    /// `--actions`: 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Window only: play these headless-protocol action indices (into the legal actions)
    /// before showing the table: `--actions 0,2,1`.
    #[arg(long, value_delimiter = ',')]
    pub actions: Vec<usize>,
    /// Window only: the window size, `WxH` (default 1280x800).
    #[arg(long, value_parser = parse_size)]
    pub size: Option<(u32, u32)>,
    /// Window only: print the median update+draw time per frame on exit (and every 5 s).
    #[arg(long)]
    pub perf: bool,
    /// Window only: open the table at once with the run the title's Continue would resume
    /// (the newest save of a run in progress).
    #[arg(long = "continue", conflicts_with_all = ["seed", "actions"])]
    pub resume: bool,
    /// Window only: open this screen at once instead of the title.
    #[arg(long, value_name = "SCREEN", value_parser = ["load", "statistics", "settings", "options"])]
    pub open: Option<String>,
    /// Window only: open on the Rules screen.
    #[arg(long)]
    pub rules: bool,
    /// Window only: open the table at once on the lesson ("Learn to play"); with a number,
    /// its first STEPS steps already done (a picture of a later step).
    #[arg(long, value_name = "STEPS", num_args = 0..=1, default_missing_value = "0")]
    pub lesson: Option<usize>,
    /// Window only: open on the card gallery.
    #[arg(long)]
    pub gallery: bool,
    /// Window only: open on the designer's desk (the gallery with ids, Guide notes, the
    /// editor, export and figures); the title then names the card files in play.
    #[arg(long)]
    pub desk: bool,
    /// Window only: the gallery's Domain filter (an id, or part of a name).
    #[arg(long, value_name = "DOMAIN")]
    pub gallery_domain: Option<String>,
    /// Window only: the gallery's type filter (`foe`, `item`...).
    #[arg(long, value_name = "TYPE")]
    pub gallery_type: Option<String>,
    /// Window only: open the table at once with a new run for a traveller and a Guide
    /// (with `--seed`/`--actions`: that run, played with a Guide).
    #[arg(long, conflicts_with = "resume")]
    pub guide: bool,
    /// Window only: open the table with the Guide's view showing (with `--guide`).
    #[arg(long, requires = "guide")]
    pub guide_view: bool,
    /// Window only: serve the Guide's screen on this address (`0.0.0.0:8080`,
    /// `127.0.0.1:0`...) from the start (with `--guide`); the Esc menu turns it on too.
    #[arg(long, value_name = "ADDR", requires = "guide")]
    pub guide_screen: Option<String>,
    /// Window only: the settings directory (default `$FORWARD_CONFIG`, else the per-user
    /// config directory). A `--screenshot` run keeps no settings unless this is given.
    #[arg(long, value_name = "DIR")]
    pub config: Option<PathBuf>,
    /// Render the sounds of a scripted duel (the run of `--seed`, default 1, with the
    /// forced `--dice`) to this WAV file and exit; no window.
    #[arg(long, value_name = "OUT.wav")]
    pub render_sounds: Option<PathBuf>,
    /// With `--render-sounds`: forced die results, used in order before the seeded dice.
    #[arg(long, value_delimiter = ',', requires = "render_sounds")]
    pub dice: Vec<u8>,
    /// Window only: start with physical dice for `traveller`, `guide` or `both` (each
    /// roll then asks its owner to type the result).
    #[arg(long, value_name = "WHO", value_parser = ["traveller", "guide", "both"])]
    pub table_dice: Option<String>,
    /// Window only: open the table at once with a new run whose duel, test and reroll dice
    /// are dealt from a deck (docs/RULES.md, "Dice: rolled or dealt").
    #[arg(long, conflicts_with = "resume")]
    pub dice_deck: bool,
    /// Window only: a house rule for a new run, `NAME` or `NAME=VALUE` (repeatable):
    /// `--rule paid-peek=health:2 --rule hit-on-six` (docs/RULES.md, "House rules"). With
    /// `--seed` or `--actions` the table opens with them; else the title's New run offers
    /// them.
    #[arg(long = "rule", value_name = "NAME[=VALUE]", value_parser = rule_arg, conflicts_with = "resume")]
    pub house_rules: Vec<String>,
    /// Window only: play the last of `--actions` on the table's stage instead of opening
    /// at rest (with `--screenshot --frames N`: a picture of its moment, N/60 s in).
    #[arg(long, requires = "actions")]
    pub play_last: bool,
    /// Window only: how fast the table's moments play.
    #[arg(long, value_name = "SPEED", value_parser = ["slow", "normal", "fast", "instant"])]
    pub speed: Option<String>,
    /// Window only, with `--screenshot`: also write every string drawn in the last frame
    /// with its place and width, and the table's areas, as JSON (the layout check).
    #[arg(long, value_name = "FILE", requires = "screenshot")]
    pub layout_report: Option<PathBuf>,
    /// Window only, with `--layout-report`: draw the table at rest in N moments of seeded
    /// runs, one after another, and write all their reports as one JSON array (the layout
    /// test's sweep); the screenshot is the last moment.
    #[arg(long, value_name = "N", requires = "layout_report")]
    pub layout_sweep: Option<usize>,
    /// Window only: open the table with the Guardian's terms shown over the map (as G
    /// does; for screenshots).
    #[arg(long)]
    pub objective: bool,
}

/// Parses `WxH`.
fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("`{s}` is not WxH (e.g. 1280x800)"))?;
    let n = |v: &str| {
        v.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (200..=8192).contains(n))
            .ok_or_else(|| format!("`{v}` is not a size between 200 and 8192"))
    };
    Ok((n(w)?, n(h)?))
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check a cards directory and report every problem found.
    Validate {
        /// The cards directory (default: as `--cards`).
        dir: Option<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play a run. Only `--headless` (JSON lines on stdin/stdout) exists so far.
    Play(play::PlayArgs),
    /// Play many runs with a bot and report win rates, causes of loss and per-card figures.
    Simulate(simulate::SimulateArgs),
    /// Print the run history: wins and losses, causes, best run, losses per Domain.
    History {
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print the JSON Schema of the card files (what `cards/schema.json` holds).
    Schema,
    /// The cards as a spreadsheet: `export FILE.csv`, `import FILE.csv --out DIR`.
    #[command(subcommand)]
    Cards(cards::CardsCommand),
    /// Print-and-play sheets: every card at poker size, nine to a page, as a PDF.
    Print(print::PrintArgs),
    /// Install a desktop entry (`forward.desktop`) and the game's icon at the usual sizes,
    /// so that desktops list Forward among their applications.
    Desktop {
        /// Where to install (default: the per-user data directory, `~/.local/share`).
        #[arg(long)]
        into: Option<PathBuf>,
    },
}
