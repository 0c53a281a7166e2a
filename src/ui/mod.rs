//! The game window (the only module that draws): the title screen with the Domain map of
//! the loaded card set, the card-errors screen shown instead when the cards do not load,
//! the game table where a run is played, and the screens of saved runs (Load,
//! Statistics), and the Settings screen; see docs/UI.md and docs/SAVES.md. The main loop
//! also owns the player's settings (applied and saved as they change, F11 and M on every
//! screen) and the sound output.

mod art;

/// The window's icon: the game's own, at the three sizes the windowing layer takes.
fn window_icon() -> macroquad::miniquad::conf::Icon {
    let at = |px| crate::cards::art::app_icon(px);
    let mut icon = macroquad::miniquad::conf::Icon::miniquad_logo();
    for (dst, px) in [
        (&mut icon.small[..], 16),
        (&mut icon.medium[..], 32),
        (&mut icon.big[..], 64),
    ] {
        let src = at(px);
        if src.len() == dst.len() {
            dst.copy_from_slice(&src);
        }
    }
    icon
}
mod cardface;
mod clipboard;
mod designer;
mod errors;
mod flow;
mod gallery;
mod game_loop;
mod glyphs;
mod guide;
mod hints;
mod input;
mod map;
mod memo;
mod pace;
mod pad;
mod pairing;
mod perf;
mod rules;
mod saves;
mod screen;
mod settings;
mod sky;
mod sleep;
mod still;
mod style;
mod sweep;
mod table;
mod title;
mod wake;
mod wiring;

use crate::audio::{self, Cue};
use crate::cards::CardSet;
use crate::cards::CardSource;
use crate::cards::load::load_source;
use crate::present::stage::Speed;
use crate::settings::Settings;
use crate::store::SaveStore;
use errors::ErrorScreen;
use gallery::GalleryScreen;
use input::Input;
use macroquad::prelude::*;
use pace::{FPS, Pace};
use rules::RulesScreen;
use saves::{LoadScreen, StatsScreen};
use settings::SettingsScreen;
use sky::Sky;
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use style::Fonts;
use table::TableScreen;
use title::TitleScreen;
use wiring::{Answer, Live, Prefs, apply, layout_report_json, table_sound};

/// What a screen's update asks for next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    Stay,
    /// Load the cards directory again (F5).
    Reload,
    /// Start a run: with this seed, or a random one; with a Guide or alone.
    NewRun {
        seed: Option<u64>,
        guide: bool,
        dice: crate::core::DiceMode,
        /// The house rules (the title's options step).
        rules: crate::core::HouseRules,
        /// Serve the Guide's screen from the run's start (the title's switch).
        guide_screen: bool,
    },
    /// Today's journey: the seed of the day, alone, dice rolled; `day` is the date it
    /// counts for (`None`: practice, an ordinary run of that seed).
    Journey {
        seed: u64,
        day: Option<crate::daily::Day>,
    },
    /// Back to the title screen.
    Title,
    /// Load this save and play it on the table (Continue, or a pick on the Load screen).
    Open(PathBuf),
    /// The Load screen.
    LoadList,
    /// The Statistics screen.
    Statistics,
    /// The Rules screen.
    Rules,
    /// The card gallery.
    Gallery,
    /// The designer's desk: the gallery with the designer's tools.
    Desk,
    /// The Settings screen (back to this screen with Esc).
    Settings,
    /// The guided first run ("Learn to play").
    Lesson,
    /// Leave the card-errors or Settings screen for the screen it interrupted.
    Back,
    Quit,
}

/// The screen on show.
enum Screen {
    Title(Box<TitleScreen>, Arc<CardSet>),
    /// The errors, and the screen to go back to with Esc (after a failed F5 in the
    /// gallery or on the table).
    CardErrors(Box<ErrorScreen>, Option<Box<Screen>>),
    Table(Box<TableScreen>, Arc<CardSet>),
    Load(Box<LoadScreen>, Arc<CardSet>),
    Stats(Box<StatsScreen>, Arc<CardSet>),
    Rules(Box<RulesScreen>),
    Gallery(Box<GalleryScreen>),
    /// The Settings screen, and the screen it was opened from.
    Settings(Box<SettingsScreen>, Option<Box<Screen>>),
}

impl Screen {
    /// Loads `dir` and picks the screen: the title for a usable set, else its errors.
    /// `reloads` counts the F5 presses so far (shown while the cards keep failing).
    /// `store`: the saves, where Continue finds the run in progress.
    fn load(dir: &CardSource, reloads: u32, store: Option<&SaveStore>) -> Screen {
        match load_source(dir) {
            Ok((set, report)) => {
                let resume = store.and_then(SaveStore::latest);
                // The date from the system clock (UTC): the same journey for everyone.
                let today = crate::daily::Day::of_ms(crate::session::now_ms());
                let journey = title::Journey::of(today, store, &set);
                Screen::Title(
                    Box::new(
                        TitleScreen::new(&set, &report, resume)
                            .from(dir)
                            .journey(journey),
                    ),
                    Arc::new(set),
                )
            }
            Err(report) => Screen::CardErrors(
                Box::new(ErrorScreen::new(&report, &errors_path(dir), reloads)),
                None,
            ),
        }
    }

    /// The screen after F5: the cards are loaded again. The gallery shows the new set; a
    /// run keeps its own; cards that fail show their errors, with Esc back to `self`.
    fn reloaded(
        self,
        dir: &CardSource,
        reloads: u32,
        banner: &mut Option<String>,
        store: Option<&SaveStore>,
    ) -> Screen {
        match self {
            Screen::CardErrors(_, Some(prev)) => prev.reloaded(dir, reloads, banner, store),
            Screen::Gallery(g) => match load_source(dir) {
                Ok((set, _)) => Screen::Gallery(Box::new(g.reloaded(Arc::new(set)))),
                Err(report) => Screen::CardErrors(
                    Box::new(ErrorScreen::new(&report, &errors_path(dir), reloads).returning()),
                    Some(Box::new(Screen::Gallery(g))),
                ),
            },
            Screen::Table(t, set) => match load_source(dir) {
                Ok(_) => {
                    *banner = Some("cards reloaded; this run keeps its cards".into());
                    Screen::Table(t, set)
                }
                Err(report) => Screen::CardErrors(
                    Box::new(ErrorScreen::new(&report, &errors_path(dir), reloads).returning()),
                    Some(Box::new(Screen::Table(t, set))),
                ),
            },
            _ => Screen::load(dir, reloads, store),
        }
    }

    fn update(&mut self, input: &Input, fonts: &Fonts, t: f32, settings: &mut Settings) -> Next {
        match self {
            Screen::Settings(s, _) => s.update(input, settings),
            Screen::Title(s, _) => s.update(input),
            Screen::CardErrors(_, Some(_)) if input.back => Next::Back,
            Screen::CardErrors(s, _) => s.update(input, fonts),
            Screen::Table(_, _) if input.reload => Next::Reload,
            Screen::Table(s, _) => s.update(input, fonts, t),
            Screen::Load(s, _) => s.update(input),
            Screen::Stats(s, _) => s.update(input),
            Screen::Gallery(s) => s.update(input, fonts),
            Screen::Rules(s) => s.update(input, fonts),
        }
    }

    fn draw(&self, fonts: &Fonts, sky: &Sky, size: Vec2, t: f32, settings: &Settings) {
        match self {
            Screen::Settings(s, _) => {
                sky.draw(t, 0.5);
                s.draw(fonts, size, settings);
            }
            Screen::Title(s, _) => {
                sky.draw(t, 0.0);
                s.draw(fonts, size, t);
            }
            // The table draws its sky itself, in its still layer.
            Screen::Table(s, _) => s.draw(fonts, size, t, Some(sky)),
            Screen::CardErrors(s, _) => {
                sky.draw(t, 0.55);
                s.draw(fonts, size);
            }
            Screen::Load(s, _) => {
                sky.draw(t, 0.4);
                s.draw(fonts, size);
            }
            Screen::Stats(s, _) => {
                sky.draw(t, 0.4);
                s.draw(fonts, size);
            }
            Screen::Gallery(s) => {
                sky.draw(t, 0.6);
                s.draw(fonts, size);
            }
            Screen::Rules(s) => {
                sky.draw(t, 0.5);
                s.draw(fonts, size);
            }
        }
    }

    /// The card set of the screen, if it has one.
    fn set(&self) -> Option<Arc<CardSet>> {
        match self {
            Screen::Title(_, set)
            | Screen::Table(_, set)
            | Screen::Load(_, set)
            | Screen::Stats(_, set) => Some(set.clone()),
            Screen::Settings(_, prev) => prev.as_ref().and_then(|p| p.set()),
            Screen::CardErrors(..) | Screen::Rules(_) | Screen::Gallery(_) => None,
        }
    }

    /// Whether a text field has focus (letter keys such as M then belong to it). The
    /// table's typed dice take digits only; a table with a text field should say so here.
    fn text_focus(&self) -> bool {
        match self {
            Screen::Title(s, _) => s.typing(),
            Screen::Gallery(g) => g.typing(),
            _ => false,
        }
    }

    /// Whether the screen takes no key now (the end panel's first second, the title's just
    /// after a run): characters typed meanwhile are dropped, never read later.
    fn deaf(&self) -> bool {
        match self {
            Screen::Table(t, _) => t.deaf(),
            Screen::Title(s, _) => s.deaf(),
            _ => false,
        }
    }

    /// The characters queued for `Input::typed` were dropped ([`input::drop_typed`]): a
    /// screen that counts their echoes to come stops waiting for them.
    fn typed_dropped(&mut self) {
        if let Screen::Gallery(g) = self {
            g.typed_dropped();
        }
    }

    /// When the screen wants its next frame with no input (see [`wake::Due`]). The desk
    /// wants none: its file watch and its weighing wake the window from their threads.
    fn due(&self) -> wake::Due {
        match self {
            Screen::Table(t, _) => t.due(),
            _ => wake::Due::Never,
        }
    }

    /// Whether something plays without input (the table's moments): the loop then keeps
    /// its full frame rate.
    fn playing(&self) -> bool {
        match self {
            Screen::Table(t, _) => t.playing(),
            _ => false,
        }
    }
}

/// The folder the card-errors screen names (the built-in set has none: it is checked
/// when the game is built, so its errors are not expected).
fn errors_path(source: &CardSource) -> PathBuf {
    source
        .dir()
        .map_or_else(|| PathBuf::from("(built-in cards)"), Path::to_path_buf)
}

/// Whether the designer's desk is in use in this process (see [`Options::desk`]): set
/// once at start; the screens a player sees leave the designer's words out without it.
static DESIGNER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn set_designer(on: bool) {
    DESIGNER.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// Whether the designer's desk is in use (`--desk`, `--cards DIR`, or Settings' designer
/// tools switched on).
pub fn designer() -> bool {
    DESIGNER.load(std::sync::atomic::Ordering::Relaxed)
}

/// What the window is asked to do (from the command line).
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Where the cards come from.
    pub cards: CardSource,
    /// Render `frames` frames, write the last one as a PNG here and exit.
    pub screenshot: Option<PathBuf>,
    pub frames: u32,
    /// Open the table at once with a run of this seed.
    pub seed: Option<u64>,
    /// Action indices (into the legal actions) to play before showing the table.
    pub actions: Vec<usize>,
    /// The window size (default 1280x800).
    pub size: Option<(u32, u32)>,
    /// Print the median update+draw time per frame.
    pub perf: bool,
    /// The saves directory given with `--saves` (else `FORWARD_SAVES`, else `saves`).
    /// A `--screenshot` run saves nothing and reads no saves unless this is given.
    pub saves: Option<PathBuf>,
    /// Open the table at once with the run Continue would resume (`--continue`).
    pub resume: bool,
    /// Open this screen at once: `load`, `statistics` or `settings` (`--open`).
    pub open: Option<String>,
    /// Open on the Rules screen.
    pub rules: bool,
    /// Open the table at once on the lesson ("Learn to play"), its first `n` steps done.
    pub lesson: Option<usize>,
    /// Open on the card gallery, with these filters.
    pub gallery: bool,
    /// The designer's desk is in use (`--desk`, or `--cards DIR`): the gallery opens with
    /// the designer's tools, and the title, Load and Statistics name the files in play.
    pub desk: bool,
    pub gallery_domain: Option<String>,
    pub gallery_type: Option<String>,
    /// Open the table at once with a new run with a Guide (`--guide`).
    pub guide: bool,
    /// Open the table with the Guide's view showing (`--guide-view`, for screenshots).
    pub guide_view: bool,
    /// Serve the Guide's screen on this address from the start (`--guide-screen`).
    pub guide_screen: Option<String>,
    /// Whose dice start as physical dice typed in: `traveller`, `guide` or `both`.
    pub table_dice: Option<String>,
    /// Open the table at once with a new run whose dice are dealt from a deck.
    pub dice_deck: bool,
    /// House rules (`--rule`): of the run the table opens with, else the title's choice.
    pub house_rules: crate::core::HouseRules,
    /// Play the last of `actions` on the stage (`--play-last`).
    pub play_last: bool,
    /// How fast the table's moments play (`--speed`).
    pub speed: Option<String>,
    /// Write the strings drawn in the screenshot's frame here (`--layout-report`).
    pub layout_report: Option<PathBuf>,
    /// Draw this many moments of seeded runs into the layout report (`--layout-sweep`).
    pub layout_sweep: Option<usize>,
    /// Open the table with the Guardian's terms shown (`--objective`).
    pub objective: bool,
    /// The settings directory given with `--config` (else `FORWARD_CONFIG`, else the
    /// per-user config directory). A `--screenshot` run reads and writes no settings
    /// unless this is given.
    pub config: Option<PathBuf>,
}

/// Opens the window; returns the process exit code.
///
/// With `screenshot`, renders `frames` frames, writes the last one as a PNG and exits.
pub fn run(options: Options) -> i32 {
    if let Some(problem) = no_display() {
        eprintln!("forward: {problem}");
        return 1;
    }
    let code = Rc::new(Cell::new(0));
    let exit = code.clone();
    let prefs = Prefs::load(&options);
    let [sw, sh] = prefs.settings.window;
    let (w, h) = options.size.unwrap_or((sw, sh));
    let conf = Conf {
        window_title: "Forward".to_string(),
        window_width: w as i32,
        window_height: h as i32,
        window_resizable: true,
        fullscreen: prefs.settings.fullscreen && options.screenshot.is_none(),
        sample_count: 1,
        icon: Some(window_icon()),
        platform: macroquad::miniquad::conf::Platform {
            // The loop sleeps until something happens (src/ui/wake.rs).
            blocking_event_loop: wake::BLOCKING,
            linux_wm_class: wake::WM_CLASS,
            ..Default::default()
        },
        ..Default::default()
    };
    // What wakes the sleeping loop by itself: every input but a key's release (held keys
    // keep the frames coming instead, see `wants`).
    let conf = macroquad::conf::Conf {
        miniquad_conf: conf,
        update_on: Some(macroquad::conf::UpdateTrigger {
            key_down: true,
            mouse_down: true,
            mouse_up: true,
            mouse_motion: true,
            mouse_wheel: true,
            touch: true,
            specific_key: None,
        }),
        ..Default::default()
    };
    // The windowing layer panics when the X display cannot be opened (a wrong DISPLAY):
    // report that in one line instead of a backtrace. A panic once the game is running is
    // a bug, not a display problem: say where it happened, and no word about DISPLAY.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown error".into());
        if GAME_STARTED.load(Ordering::SeqCst) {
            let at = info
                .location()
                .map(|l| format!(" (at {}:{})", l.file(), l.line()))
                .unwrap_or_default();
            eprintln!("forward: the game stopped on an internal error{at}: {what}");
        } else {
            eprintln!("forward: the window failed: {what}");
        }
    }));
    let opened = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        macroquad::Window::from_config(conf, async move {
            GAME_STARTED.store(true, Ordering::SeqCst);
            exit.set(game_loop::game(options, prefs).await);
        });
    }));
    std::panic::set_hook(default_hook);
    match opened {
        Ok(()) => code.get(),
        Err(_) if GAME_STARTED.load(Ordering::SeqCst) => {
            eprintln!("forward: this is a bug; a run in progress was saved after its last action");
            1
        }
        Err(_) => {
            eprintln!("forward: check that DISPLAY names a running X server");
            1
        }
    }
}

/// A hook for window tests: with this variable set and `--layout-report`, the report is
/// written at every frame, not only the screenshot's, so that a test can wait until a
/// string is drawn instead of guessing how many frames its keys take.
pub const LIVE_REPORT_ENV: &str = "FORWARD_LAYOUT_LIVE";

/// A hook for window tests: with this variable set, a `--screenshot` run rests as a
/// player's window does (it sleeps until something happens, see [`wake`]) instead of
/// drawing flat out, so a test can look at a window at rest.
pub const IDLE_PACE_ENV: &str = "FORWARD_IDLE_PACE";

/// Whether the window opened and the game began: a panic after that is the game's own.
static GAME_STARTED: AtomicBool = AtomicBool::new(false);

/// Why no window can open here, if that is known in advance.
fn no_display() -> Option<String> {
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty())
        && std::env::var_os("WAYLAND_DISPLAY").is_none_or(|d| d.is_empty())
    {
        return Some(
            "no display to open the window on (DISPLAY is not set); \
             `forward play --headless` plays without one"
                .to_string(),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> (PathBuf, Arc<CardSet>) {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let set = Arc::new(crate::cards::load::load_dir(&dir).unwrap().0);
        (dir, set)
    }

    #[test]
    fn f5_in_the_gallery_shows_the_errors_then_esc_goes_back() {
        let (dir, set) = shipped();
        let gallery = Screen::Gallery(Box::new(GalleryScreen::new(set)));
        let missing = dir.join("no-such-subdirectory");
        let mut banner = None;
        let screen = gallery.reloaded(&CardSource::Dir(missing.clone()), 1, &mut banner, None);
        let Screen::CardErrors(_, Some(prev)) = screen else {
            panic!("a failed reload shows the errors, keeping the gallery to go back to");
        };
        assert!(matches!(*prev, Screen::Gallery(_)));
        // F5 again, with the files fixed: the gallery with the new set.
        let screen = Screen::CardErrors(
            Box::new(ErrorScreen::new(
                &crate::cards::load::load_dir(&missing).unwrap_err(),
                &missing,
                1,
            )),
            Some(prev),
        );
        assert!(matches!(
            screen.reloaded(&CardSource::Dir(dir.clone()), 2, &mut banner, None),
            Screen::Gallery(_)
        ));
    }

    #[test]
    fn f5_on_the_table_keeps_the_run_and_its_cards() {
        let (dir, set) = shipped();
        let table = TableScreen::new(set.clone(), 1, &[], None).unwrap();
        let mut banner = None;
        let screen = Screen::Table(Box::new(table), set.clone()).reloaded(
            &CardSource::Dir(dir.clone()),
            1,
            &mut banner,
            None,
        );
        let Screen::Table(_, kept) = screen else {
            panic!("the run goes on");
        };
        assert!(Arc::ptr_eq(&kept, &set), "the run keeps its own card set");
        assert!(banner.unwrap().contains("this run keeps its cards"));
        let screen = Screen::Table(
            Box::new(TableScreen::new(set.clone(), 1, &[], None).unwrap()),
            set,
        )
        .reloaded(&CardSource::Dir(dir.join("nope")), 1, &mut None, None);
        assert!(matches!(screen, Screen::CardErrors(_, Some(_))));
    }
}
