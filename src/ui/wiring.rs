//! What the main loop applies around the screens: the player's settings (loaded, saved,
//! made to take effect), the table's pace and sound, and the layout check's report.

use super::{Options, Screen, style, table};
use crate::audio::{self, SoundOut};
use crate::present::stage::Speed;
use crate::settings::{self as prefs, Settings};
use macroquad::prelude::*;
use std::path::PathBuf;

/// The settings the window starts with and where they are kept (`None`: not kept).
pub(super) struct Prefs {
    pub(super) settings: Settings,
    dir: Option<PathBuf>,
}

impl Prefs {
    /// Loads the settings; a problem with the file is reported here, once.
    pub(super) fn load(options: &Options) -> Prefs {
        let dir = match (&options.screenshot, &options.config) {
            (Some(_), None) => None,
            (_, flag) => prefs::dir_from(flag.as_deref()),
        };
        let settings = match &dir {
            Some(d) => {
                let (settings, problem) = prefs::load(d);
                if let Some(p) = problem {
                    eprintln!("forward: settings: {p}");
                }
                settings
            }
            None => Settings::default(),
        };
        Prefs { settings, dir }
    }

    /// Whether this is a first start, when the lesson is offered over the title: the
    /// settings are kept (not a screenshot without `--config`), they have not offered it
    /// before, and the saves directory holds neither a save nor a history.
    pub(super) fn first_start(&self, settings: &Settings, saves: Option<&std::path::Path>) -> bool {
        let played = saves.is_some_and(|d| {
            crate::store::SaveStore::open(d)
                .is_ok_and(|s| !s.list().is_empty() || s.history_path().exists())
        });
        self.dir.is_some() && !settings.lesson_offered && !played
    }

    /// Saves `settings` if they are kept; a failure is reported on stderr (the game goes on).
    pub(super) fn save(&self, settings: &Settings) {
        if let Some(d) = &self.dir
            && let Err(e) = prefs::save(d, settings)
        {
            eprintln!("forward: settings: {e}");
        }
    }
}

/// Makes `now` take effect: the look of every screen, the sound levels and, when it
/// changed from `before`, full screen.
pub(super) fn apply(now: &Settings, before: Option<&Settings>, sound: &mut dyn SoundOut) {
    style::set_look(style::Look {
        text_scale: now.text_size.scale(),
        colour_blind: now.colour_blind,
        high_contrast: now.high_contrast,
    });
    sound.set_levels(now.levels());
    if before.is_some_and(|b| b.fullscreen != now.fullscreen) {
        set_fullscreen(now.fullscreen);
        if !now.fullscreen {
            request_new_screen_size(now.window[0] as f32, now.window[1] as f32);
        }
    }
}

/// The table's pace and sound: the moments' speed from the settings (reduce motion plays
/// them at once, a held card still waits), each started moment's cues, and the ambience of
/// the Domain shown (a table opened on a saved run has no event that enters it).
pub(super) fn table_sound(
    screen: &mut Screen,
    settings: &Settings,
    flag: Option<Speed>,
    sound: &mut dyn SoundOut,
) {
    let Screen::Table(t, _) = screen else {
        // Quiet away from the table (the Settings screen over a table keeps its bed).
        if !matches!(screen, Screen::Settings(..)) {
            sound.set_ambience(None);
        }
        return;
    };
    let speed = flag.unwrap_or(if settings.reduce_motion {
        Speed::Instant
    } else {
        match settings.speed {
            prefs::Speed::Slow => Speed::Slow,
            prefs::Speed::Normal => Speed::Normal,
            prefs::Speed::Fast => Speed::Fast,
            prefs::Speed::Instant => Speed::Instant,
        }
    });
    t.set_speed(speed);
    t.set_pace(settings.quick_duels, settings.hold_quiet_cards);
    t.set_fold_quiet(settings.fold_quiet_cards && !settings.hold_quiet_cards);
    for (event, before) in t.take_cues() {
        sound.event(&event, &before, speed.factor().max(0.05));
    }
    sound.set_ambience(audio::Ambience::of(t.shown_domain()));
}

/// The layout check's report: the table's areas at this window size and every string
/// drawn, all in layout units; and the inputs the window has taken so far (`taken`, what
/// a window test waits on after each key).
/// `overlays`: panels drawn over the areas (the end of a run), which hold strings too.
/// How the window answered the last frame that took input, for a live layout report:
/// the game's own measure of a key's way to the screen, which no polling by a test can
/// make slower or faster.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Answer {
    /// The frame's number.
    pub frame: u64,
    /// How long the loop had slept before that frame (waiting for the input).
    pub rested_ms: f64,
    /// From the loop waking to the frame's picture rendered (the GPU's, or Mesa's
    /// software renderer's, work finished; the swap to the window after it not counted).
    pub ms: f64,
    /// The CPU time the whole process (the renderer's threads too) spent on it: what a
    /// loaded machine does not stretch, as it stretches `ms`.
    pub cpu_ms: f64,
}

/// The CPU time the process has used so far, in milliseconds (0 where it is not known).
pub(super) fn cpu_ms() -> f64 {
    #[cfg(target_os = "linux")]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid timespec to write; the clock id is a constant.
        if unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as f64 * 1000.0 + t.tv_nsec as f64 / 1e6;
        }
    }
    0.0
}

/// The frame a live report describes and the last input's answer.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Live {
    pub frame: u64,
    pub answer: Option<Answer>,
}

pub(super) fn layout_report_json(
    size: Vec2,
    drawn: &[style::Drawn],
    overlays: &[Rect],
    live: Live,
) -> String {
    let l = table::Layout::new(size);
    let taken = super::input::taken();
    let rect = |r: Rect| [r.x, r.y, r.w, r.h];
    let strings: Vec<serde_json::Value> = drawn
        .iter()
        .map(|d| {
            serde_json::json!({
                "text": d.text, "face": d.face, "x": d.x, "baseline": d.baseline, "size": d.size, "px": d.px, "width": d.width
            })
        })
        .collect();
    serde_json::json!({
        "window": [size.x, size.y],
        "scale": l.k,
        "canvas": [l.size.x, l.size.y],
        "areas": l.areas().iter().chain(overlays).map(|r| rect(*r)).collect::<Vec<_>>(),
        "drawn": strings,
        "taken": {
            "keys": taken.keys, "chars": taken.chars, "moves": taken.moves, "clicks": taken.clicks
        },
        "frame": live.frame,
        "answer": live.answer.map(|a| serde_json::json!({
            "frame": a.frame, "rested_ms": a.rested_ms, "ms": a.ms, "cpu_ms": a.cpu_ms
        })),
    })
    .to_string()
}
