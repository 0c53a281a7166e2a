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
            exit.set(game(options, prefs).await);
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

/// The main loop.
async fn game(options: Options, prefs: Prefs) -> i32 {
    let opening = options.clone();
    set_designer(opening.desk || prefs.settings.designer_tools);
    let Options {
        cards,
        screenshot,
        frames,
        perf,
        saves,
        speed,
        layout_report,
        ..
    } = options;
    // `--speed` wins over the setting (tests and screenshots ask for a pace).
    let speed_flag = match speed.as_deref() {
        Some("slow") => Some(Speed::Slow),
        Some("normal") => Some(Speed::Normal),
        Some("fast") => Some(Speed::Fast),
        Some("instant") => Some(Speed::Instant),
        _ => None,
    };
    let speed = speed_flag.unwrap_or_default();
    let live_report = std::env::var_os(LIVE_REPORT_ENV).is_some();
    let idle_pace = std::env::var_os(IDLE_PACE_ENV).is_some();
    // Screenshots (tests) neither write nor read saves unless told where.
    let saves_dir = match (&screenshot, saves) {
        (Some(_), None) => None,
        (_, flag) => Some(SaveStore::dir_from(flag.as_deref())),
    };
    let store = || saves_dir.as_ref().and_then(|d| SaveStore::open(d).ok());
    let mut settings = prefs.settings.clone();
    let mut sound = audio::open(settings.levels());
    apply(&settings, None, &mut *sound);
    // The blocking loop's waker (src/ui/wake.rs): what happens off the loop's thread (the
    // Guide's page, a pad, a timed step) wakes it. Without one the loop keeps a pace.
    let waker = wake::BLOCKING.then(wake::Waker::start).flatten();
    if let Some(w) = &waker {
        wake::install(w.clone());
        crate::guide_screen::set_waker(wake::wake);
    }
    // Closing the window goes through the loop, so that the settings (the window's
    // size) are saved. A sleeping loop would see the close button's request only when
    // something else woke it: there the windowing layer closes the window at once, and
    // the window's size is saved each time the loop goes to sleep.
    if waker.is_none() {
        prevent_quit();
    }
    let fonts = Fonts::load();
    style::name_faces(&fonts);
    let sky = Sky::new();
    let screen = Screen::load(&cards, 0, store().as_ref());
    if let (Some(count), Some(report), Screen::Title(_, set)) =
        (opening.layout_sweep, &layout_report, &screen)
    {
        let code = sweep::run(set.clone(), &fonts, count, report).await;
        return match (&screenshot, code) {
            (Some(path), 0) => save_screenshot(path).map_or_else(
                |e| {
                    eprintln!("forward: {e}");
                    1
                },
                |()| 0,
            ),
            (_, code) => code,
        };
    }
    let mut screen = match flow::first_screen(
        screen,
        &opening,
        saves_dir.as_deref(),
        speed,
        settings.guardian_terms,
    ) {
        Ok(screen) => screen,
        Err(code) => return code,
    };
    // New run offers the house rules given with `--rule`, else those last chosen, else
    // the ones the set is designed for.
    if let Screen::Title(title, _) = &mut screen {
        let chosen = if opening.house_rules.is_off() {
            settings.house_rules
        } else {
            opening.house_rules
        };
        if !chosen.is_off() {
            title.with_rules(chosen);
        }
        if opening.open.as_deref() == Some("options") {
            title.open_options();
        }
    }
    // The first start offers the lesson over the title (docs/LESSON.md), once.
    if let Screen::Title(title, _) = &mut screen
        && prefs.first_start(&settings, saves_dir.as_deref())
    {
        title.offer_lesson();
        settings.lesson_offered = true;
        prefs.save(&settings);
    }
    // A short note over any screen (after F5 on the table), and when it was set.
    let mut banner: Option<String> = None;
    let mut banner_since = 0.0;
    let mut reloads = 0;
    let mut sitting = designer::Sitting::default();
    // A Guide's screen kept serving while its run waits at the title (Save & Quit).
    let mut parked: Option<table::Parked> = None;
    // The title's entry last chosen, for the title that Esc from another screen brings back.
    let mut title_cursor: Option<title::Item> = None;
    let mut timings = perf::Perf::new();
    let mut last_input = None;
    let mut pace = Pace::new();
    let mut still = still::Still::new();
    let mut pads = pad::Pad::new();
    let mut clock = still::Clock::new();
    let mut frame: u64 = 0;
    // The loop slept until something happened before this frame (the time asleep does
    // not count on the animation clock), and the last frame that took input.
    let mut rested = false;
    let mut last_busy: u64 = 0;
    let mut saved_size = settings.window;
    // When the loop last handed over to the window (to sleep, or to swap), and how the
    // last frame that took input answered it (the live layout report's `answer`).
    let mut handed = Instant::now();
    let mut answer: Option<Answer> = None;
    loop {
        let work = Instant::now();
        let work_cpu = wiring::cpu_ms();
        let slept = work.duration_since(handed);
        let mut input = Input::read(&mut last_input);
        // A pad's buttons are the keys they stand for; the hints name the device last used.
        let keys_used = input.keys_used();
        let from_pad = pads.frame();
        input.merge_pad(&from_pad);
        if from_pad.used {
            hints::set_device(hints::Device::Pad(from_pad.style));
        } else if keys_used {
            hints::set_device(hints::Device::Keys);
        }
        let before = settings.clone();
        // F11 and M work on every screen (M not while a text field takes letters).
        if input.fullscreen {
            settings.fullscreen = !settings.fullscreen;
        }
        if matches!(input.typed, Some('m' | 'M')) && !screen.text_focus() {
            settings.mute = !settings.mute;
            input.typed = None;
        }
        if !settings.fullscreen && !input.size.cmple(Vec2::ZERO).any() {
            // Remembered on exit; not saved on every step of a drag.
            settings.window = [input.size.x as u32, input.size.y as u32];
        }
        // The animation clock: real time in play, still at rest; a steady 60 per second
        // when taking a screenshot, so that frame N always looks the same.
        let t = match screenshot {
            Some(_) => frame as f32 / FPS as f32,
            None => clock.tick(if waker.is_some() {
                rested
            } else {
                still.holding()
            }),
        };
        if is_quit_requested() {
            prefs.save(&settings);
            return 0;
        }
        // A text field that had the keyboard all through the frame took every character
        // from `presses`: their echoes queued for `typed` are dropped, not read as keys.
        let texting = screen.text_focus();
        let next = screen.update(&input, &fonts, t, &mut settings);
        if texting && screen.text_focus() {
            input::drop_typed();
            screen.typed_dropped();
        } else if screen.deaf() {
            input::drop_typed();
        }
        table_sound(&mut screen, &settings, speed_flag, &mut *sound);
        if settings.designer_tools != before.designer_tools {
            set_designer(opening.desk || settings.designer_tools);
        }
        if settings != before {
            settings_changed(&settings, &before, &prefs, &mut *sound);
        }
        let moved_on = !matches!(next, Next::Stay);
        if moved_on {
            sound.play(Cue::UiClick);
        }
        match next {
            Next::Stay => {}
            Next::Quit => {
                prefs.save(&settings);
                if perf {
                    timings.print();
                }
                return 0;
            }
            Next::Reload => {
                reloads += 1;
                screen = screen.reloaded(&cards, reloads, &mut banner, store().as_ref());
                banner_since = t;
                if !matches!(screen, Screen::CardErrors(..)) {
                    reloads = 0;
                }
            }
            other => {
                // The house rules of a new run are the next one's too (the title remembers).
                if let Next::NewRun { rules, .. } = &other
                    && settings.house_rules != *rules
                {
                    settings.house_rules = *rules;
                    prefs.save(&settings);
                }
                // Esc from a screen opened from the title (Load, Statistics, Settings,
                // Rules, the gallery) comes back with the title's cursor where it was.
                if let Screen::Title(title, _) = &screen {
                    title_cursor = Some(title.cursor());
                }
                let aside = matches!(
                    screen,
                    Screen::Load(..)
                        | Screen::Stats(..)
                        | Screen::Rules(_)
                        | Screen::Gallery(_)
                        | Screen::Settings(..)
                );
                // The desk's writes of this sitting go with the designer across screens.
                if let Screen::Gallery(g) = &mut screen {
                    sitting = g.take_sitting();
                }
                screen = flow::follow(
                    other,
                    screen,
                    &cards,
                    saves_dir.as_deref(),
                    settings.guardian_terms,
                    &mut parked,
                );
                if let (true, Screen::Title(title, _), Some(item)) =
                    (aside, &mut screen, title_cursor)
                {
                    title.set_cursor(item);
                }
                if let Screen::Gallery(g) = screen {
                    screen =
                        Screen::Gallery(Box::new(g.with_sitting(std::mem::take(&mut sitting))));
                }
                if let Screen::Title(title, _) = &mut screen
                    && !settings.house_rules.is_off()
                {
                    title.with_rules(settings.house_rules);
                }
            }
        }
        let last = screenshot.is_some() && frame + 1 >= u64::from(frames.max(1));
        let report = layout_report.as_deref().filter(|_| last || live_report);
        // At rest with nothing new this frame, the last frame may be shown again.
        // The table knows what its frame shows: the pointer moving over nothing that
        // answers it changes nothing there. A window test's input is always drawn: its
        // report counts what was taken.
        let looks_new = match &screen {
            Screen::Table(t, _) => {
                !input.presses.is_empty()
                    || input.click
                    || input.wheel != 0.0
                    || t.looks_new()
                    || (input.active && live_report)
            }
            // The desk's balance panel moves on its own (a weighing's progress, its answer).
            Screen::Gallery(g) => input.active || g.desk.fresh(),
            _ => input.active,
        };
        let changed = looks_new || moved_on || screen.playing() || settings != before;
        let must_draw = (last && report.is_some()) || banner.is_some();
        if changed || must_draw {
            still.forget();
        }
        let busy = input.active || from_pad.used || moved_on || settings != before;
        if busy {
            last_busy = frame;
        }
        let due = sleep::due(
            &screen,
            &input,
            from_pad.busy,
            banner.as_ref().map(|_| 4.0 - (t - banner_since)),
            sleep::Mode {
                keep_drawing: screenshot.is_some() && live_report && !idle_pace,
                flat: screenshot.is_some() && !live_report && !idle_pace,
                frame_clock: screenshot.is_some(),
                since_busy: frame - last_busy,
            },
        );
        let rest = match waker {
            // Woken with nothing new to show: the picture kept when the loop went to
            // sleep is shown again.
            Some(_) => rested && !changed && !must_draw,
            None => pace.resting() && !changed && !must_draw,
        };
        let took = input.active || from_pad.used;
        if took {
            answer = Some(Answer {
                frame,
                rested_ms: slept.as_secs_f64() * 1000.0,
                ms: 0.0,
                cpu_ms: work_cpu,
            });
        }
        let live = Live { frame, answer };
        let (shown, drawn) = still.frame(rest, || {
            let answered = (took && report.is_some()).then_some(work);
            draw_frame(
                &screen, &fonts, &sky, &input, t, &settings, report, live, answered,
            )
        });
        if let Some(Ok(Some(a))) = drawn {
            answer = Some(a);
        }
        let drawn = drawn.map(|d| d.map(|_| ()));
        if let Some(Err(code)) = drawn {
            return code;
        }
        if let Some(b) = &banner {
            if t - banner_since < 4.0 && matches!(screen, Screen::Table(..)) {
                draw_banner(b, &fonts, input.size);
            } else {
                banner = None;
            }
        }
        frame += 1;
        if perf {
            timings.tick(work.elapsed(), shown);
        }
        if let Some(path) = &screenshot
            && frame >= u64::from(frames.max(1))
        {
            if perf {
                timings.print();
            }
            return match save_screenshot(path) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("forward: {e}");
                    1
                }
            };
        }
        // The table is laid out for at least this size; a smaller window is asked to grow
        // (a screenshot keeps the size it was given).
        let (min_w, min_h) = table::MIN_WINDOW;
        if screenshot.is_none() && (input.size.x < min_w || input.size.y < min_h) {
            request_new_screen_size(input.size.x.max(min_w), input.size.y.max(min_h));
        }
        match &waker {
            Some(w) => {
                rested = sleep::after(due, w, &mut pace, &mut pads);
                if rested && settings.window != saved_size && !settings.fullscreen {
                    // The window's size is kept as the loop goes to sleep (closing a
                    // sleeping window does not go through the loop).
                    prefs.save(&settings);
                    saved_size = settings.window;
                }
            }
            None => {
                // The frame's sleep comes before the window's events are read
                // (`next_frame`), not after: a key pressed while the loop sleeps is in the
                // very next frame's input, never one sleep later (see `pace::ANSWER`).
                let active =
                    input.active || screen.playing() || (screenshot.is_some() && !idle_pace);
                pace.wait(active, &mut pads);
                // A blocking loop with no waker (the X server refused its connection)
                // asks for every frame itself, at the pace's rate.
                if wake::BLOCKING {
                    macroquad::miniquad::window::schedule_update();
                }
            }
        }
        handed = Instant::now();
        next_frame().await;
    }
}

/// Draws the frame of `screen`; with `report`, writes the layout check of the strings
/// drawn there. `answered`: the frame took input, the loop having woken then; its
/// answer is measured (the frame rendered to the end first) and returned. `Err`: the exit
/// code (the report could not be written).
#[allow(clippy::too_many_arguments)]
fn draw_frame(
    screen: &Screen,
    fonts: &Fonts,
    sky: &Sky,
    input: &Input,
    t: f32,
    settings: &Settings,
    report: Option<&Path>,
    mut live: Live,
    answered: Option<Instant>,
) -> Result<Option<Answer>, i32> {
    clear_background(style::colour::SKY_TOP);
    if report.is_some() {
        style::record_drawn();
    }
    screen.draw(fonts, sky, input.size, t, settings);
    if let Some(path) = report {
        let overlays = match screen {
            Screen::Table(t, _) => t.overlays(input.size),
            _ => Vec::new(),
        };
        if let (Some(woke), Some(a)) = (answered, live.answer.as_mut()) {
            // The frame rendered to the end: what the renderer does after the loop's own
            // work counts too.
            // SAFETY: on the window's own thread, with its GL context current, between
            // macroquad's draw calls (its batches are flushed first, as a camera change does).
            unsafe {
                get_internal_gl().flush();
                macroquad::miniquad::gl::glFinish();
            }
            a.ms = woke.elapsed().as_secs_f64() * 1000.0;
            // Set to the CPU clock at waking when the frame began.
            a.cpu_ms = wiring::cpu_ms() - a.cpu_ms;
        }
        let json = layout_report_json(input.size, &style::take_drawn(), &overlays, live);
        // Whole or not at all: a test may read it while the next frame writes it.
        let tmp = path.with_extension("json.tmp");
        if let Err(e) = std::fs::write(&tmp, json).and_then(|()| std::fs::rename(&tmp, path)) {
            eprintln!("forward: cannot write `{}`: {e}", path.display());
            return Err(1);
        }
        return Ok(answered.and(live.answer));
    }
    Ok(None)
}

/// A setting changed this frame: applied at once, and saved (with a tick at the new
/// level, so that a volume change is heard) unless only the window's size moved.
fn settings_changed(
    settings: &Settings,
    before: &Settings,
    prefs: &Prefs,
    sound: &mut dyn audio::SoundOut,
) {
    apply(settings, Some(before), sound);
    if (Settings {
        window: before.window,
        ..settings.clone()
    }) != *before
    {
        prefs.save(settings);
        // A tick at the new level, so that a volume change is heard.
        sound.play(Cue::UiClick);
    }
}

/// A short note at the top middle of the window.
fn draw_banner(s: &str, fonts: &Fonts, size: Vec2) {
    let w = style::width(s, &fonts.italic, 20) + 36.0;
    let r = Rect::new((size.x - w) / 2.0, 8.0, w, 36.0);
    style::card(r, 8.0, 1.0, style::colour::TILE, style::colour::SEA_LIGHT);
    style::text_centred(
        s,
        size.x / 2.0,
        r.y + 24.0,
        &fonts.italic,
        20,
        style::colour::PARCHMENT,
    );
}

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

/// Writes what has been drawn this frame to `path` as a PNG.
fn save_screenshot(path: &Path) -> Result<(), String> {
    let fail =
        |e: &dyn std::fmt::Display| format!("cannot write screenshot {}: {e}", path.display());
    let mut image = get_screen_data();
    // The window is opaque, but blending leaves partial alpha in the framebuffer: the
    // picture would look washed out over a viewer's checkerboard.
    for pixel in image.bytes.chunks_exact_mut(4) {
        pixel[3] = 255;
    }
    // macroquad's exporter panics on failure and picks the format from the extension:
    // write to a `.png` file beside the target (which also finds unwritable places early),
    // then move it into place.
    let tmp = path.with_file_name(format!(
        ".{}.tmp.png",
        path.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "screenshot".into())
    ));
    std::fs::File::create(&tmp).map_err(|e| fail(&e))?;
    let tmp_str = tmp.to_str().ok_or_else(|| fail(&"the path is not UTF-8"))?;
    let written =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| image.export_png(tmp_str)));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(&"the PNG encoder failed"));
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        fail(&e)
    })
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
