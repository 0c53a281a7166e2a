//! The player's settings: volumes, speed, motion, text size, window and palette. Kept in a
//! small versioned JSON file in the per-user config directory (`settings.json` in
//! `~/.config/forward` on Linux; `$XDG_CONFIG_HOME` wins), written atomically. A broken
//! file, or one of another version, is reported once, kept aside as
//! `settings.json.broken` and replaced by the defaults: it never stops the game.
//! No macroquad here.

use crate::audio::Levels;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The version of the settings file this build reads and writes.
pub const VERSION: u32 = 1;
/// The settings file's name in the config directory.
pub const FILE: &str = "settings.json";
/// Environment variable naming the config directory (tests; `--config DIR` wins).
pub const ENV: &str = "FORWARD_CONFIG";

/// How fast the table plays its moments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    /// Everything at once.
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// Multiplies every moment's duration (0: no moment waits).
    pub fn factor(self) -> f32 {
        match self {
            Speed::Slow => 1.6,
            Speed::Normal => 1.0,
            Speed::Fast => 0.5,
            Speed::Instant => 0.0,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Speed::Slow => "Slow",
            Speed::Normal => "Normal",
            Speed::Fast => "Fast",
            Speed::Instant => "Instant",
        }
    }
}

/// The size of all text in the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TextSize {
    #[default]
    Normal,
    Large,
    Largest,
}

impl TextSize {
    pub const ALL: [TextSize; 3] = [TextSize::Normal, TextSize::Large, TextSize::Largest];

    /// The factor every font size is multiplied by.
    pub fn scale(self) -> f32 {
        match self {
            TextSize::Normal => 1.0,
            TextSize::Large => 1.15,
            TextSize::Largest => 1.3,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            TextSize::Normal => "Normal",
            TextSize::Large => "Large",
            TextSize::Largest => "Largest",
        }
    }
}

/// Every setting. Unknown or missing fields take their defaults (a file written by an
/// older build of the same version still loads).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub version: u32,
    /// Volumes, 0..=1.
    pub master: f32,
    pub effects: f32,
    pub ambience: f32,
    pub mute: bool,
    pub speed: Speed,
    /// A card with nothing to decide waits for a key (`false`: alone, it goes on by itself
    /// after a reading time; a guided run always waits).
    pub hold_quiet_cards: bool,
    /// Alone, a card that changes nothing ("A quiet moment. No effect.") is a line in the
    /// log, not a card held up on the stage (unless quiet cards wait).
    pub fold_quiet_cards: bool,
    /// Alone, exchanges with nothing to decide play on by themselves, stopping at every
    /// moment that matters (`present::pace`).
    pub quick_duels: bool,
    /// No shakes, no travelling markers, no flips in 3D: moments fade instead.
    pub reduce_motion: bool,
    pub text_size: TextSize,
    pub fullscreen: bool,
    /// The window's last size (not full screen), `[width, height]`.
    pub window: [u32; 2],
    /// A palette safe for colour-blind players, with shapes and patterns besides hue.
    pub colour_blind: bool,
    /// Dim labels drawn bright enough to read (at least 4.5:1 on the panels).
    pub high_contrast: bool,
    /// The lesson ("Learn to play") has been offered once, on the first start; it is not
    /// offered again (it stays on the title).
    pub lesson_offered: bool,
    /// How the Guardian's terms become known: learned on the road (rumours, earlier runs),
    /// shown from the start, or revealed at the end.
    pub guardian_terms: crate::core::TermsMode,
    /// The house rules last chosen for a new run (New run's options step offers them).
    pub house_rules: crate::core::HouseRules,
    /// The designer's tools are on: Settings offers the designer's desk (a player's title
    /// never does; `--desk` opens it whatever this says).
    pub designer_tools: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        let levels = Levels::default();
        Settings {
            version: VERSION,
            master: levels.master,
            effects: levels.effects,
            ambience: levels.ambience,
            mute: false,
            speed: Speed::Normal,
            hold_quiet_cards: false,
            // The quick pace's default: a blank card costs no time (issue 52).
            fold_quiet_cards: true,
            // A duel's rolls with nothing to decide play on by themselves unless the
            // player turns it off (issue 40: the duel stops at every moment that matters).
            quick_duels: true,
            reduce_motion: false,
            text_size: TextSize::Normal,
            fullscreen: false,
            window: [1280, 800],
            colour_blind: false,
            high_contrast: false,
            lesson_offered: false,
            guardian_terms: crate::core::TermsMode::Road,
            house_rules: crate::core::HouseRules::OFF,
            designer_tools: false,
        }
    }
}

impl Settings {
    /// The sound levels to hand to the mixer.
    pub fn levels(&self) -> Levels {
        Levels {
            master: self.master.clamp(0.0, 1.0),
            effects: self.effects.clamp(0.0, 1.0),
            ambience: self.ambience.clamp(0.0, 1.0),
            mute: self.mute,
        }
    }

    /// Brings values read from a file into range (a hand-edited 7.0 volume is 1.0).
    fn clamped(mut self) -> Settings {
        for v in [&mut self.master, &mut self.effects, &mut self.ambience] {
            *v = if v.is_finite() {
                v.clamp(0.0, 1.0)
            } else {
                1.0
            };
        }
        self.window = [
            self.window[0].clamp(200, 8192),
            self.window[1].clamp(200, 8192),
        ];
        self
    }
}

/// Something wrong with the settings file: reported once, then the defaults are used.
#[derive(Debug, thiserror::Error)]
pub enum Problem {
    #[error("cannot read {path}: {error}")]
    Read { path: String, error: std::io::Error },
    #[error("{path} is broken ({error}); using the default settings")]
    Broken { path: String, error: String },
    #[error(
        "{path} is version {found}, this build reads version {VERSION}; using the default settings"
    )]
    Version { path: String, found: String },
    #[error("cannot save the settings to {path}: {error}")]
    Write { path: String, error: std::io::Error },
}

/// Where the settings live: `flag` (`--config DIR`), else `$FORWARD_CONFIG`, else the
/// per-user config directory. `None` when there is no home to find one in.
pub fn dir_from(flag: Option<&Path>) -> Option<PathBuf> {
    if let Some(d) = flag {
        return Some(d.to_path_buf());
    }
    if let Some(d) = std::env::var_os(ENV).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    directories::ProjectDirs::from("", "", "Forward").map(|p| p.config_dir().to_path_buf())
}

/// Loads the settings in `dir`. No file: the defaults, no problem. A broken file or one
/// of another version: the defaults and the problem; the file is moved aside (so it is
/// reported once) and the defaults written in its place.
pub fn load(dir: &Path) -> (Settings, Option<Problem>) {
    let path = dir.join(FILE);
    let shown = path.display().to_string();
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Settings::default(), None),
        Err(error) => {
            return (
                Settings::default(),
                Some(Problem::Read { path: shown, error }),
            );
        }
    };
    let problem = match serde_json::from_str::<serde_json::Value>(&text) {
        Err(e) => Problem::Broken {
            path: shown,
            error: e.to_string(),
        },
        Ok(v) => match v.get("version").and_then(serde_json::Value::as_u64) {
            Some(n) if n == u64::from(VERSION) => match serde_json::from_value::<Settings>(v) {
                Ok(s) => return (s.clamped(), None),
                Err(e) => Problem::Broken {
                    path: shown,
                    error: e.to_string(),
                },
            },
            other => Problem::Version {
                path: shown,
                found: other.map_or_else(|| "missing".to_string(), |n| n.to_string()),
            },
        },
    };
    let _ = std::fs::rename(&path, dir.join(format!("{FILE}.broken")));
    let defaults = Settings::default();
    let _ = save(dir, &defaults);
    (defaults, Some(problem))
}

/// Writes `settings` to `dir` atomically: a temporary file beside it, then a rename.
pub fn save(dir: &Path, settings: &Settings) -> Result<(), Problem> {
    let path = dir.join(FILE);
    let fail = |error| Problem::Write {
        path: path.display().to_string(),
        error,
    };
    std::fs::create_dir_all(dir).map_err(fail)?;
    let text = serde_json::to_string_pretty(&Settings {
        version: VERSION,
        ..settings.clone()
    })
    .map_err(|e| fail(std::io::Error::other(e)))?;
    let tmp = dir.join(format!(".{FILE}.tmp"));
    std::fs::write(&tmp, text + "\n").map_err(fail)?;
    std::fs::rename(&tmp, &path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        fail(e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_file_gives_the_defaults_quietly() {
        let (_tmp, d) = crate::scratch::scratch("none");
        let (s, problem) = load(&d);
        assert_eq!(s, Settings::default());
        assert!(problem.is_none());
        assert!(
            !d.join(FILE).exists(),
            "nothing written until something is saved"
        );
    }

    #[test]
    fn saved_settings_load_back() {
        let (_tmp, d) = crate::scratch::scratch("roundtrip");
        let s = Settings {
            master: 0.3,
            mute: true,
            speed: Speed::Instant,
            text_size: TextSize::Largest,
            window: [1024, 640],
            colour_blind: true,
            high_contrast: true,
            lesson_offered: true,
            ..Settings::default()
        };
        save(&d, &s).unwrap();
        let (got, problem) = load(&d);
        assert_eq!(got, s);
        assert!(problem.is_none());
        assert!(
            !d.join(format!(".{FILE}.tmp")).exists(),
            "no temporary left"
        );
        let text = std::fs::read_to_string(d.join(FILE)).unwrap();
        assert!(text.contains("\"version\": 1"), "{text}");
        assert!(text.contains("\"speed\": \"instant\""), "{text}");
    }

    #[test]
    fn a_broken_file_is_reported_once_and_replaced() {
        let (_tmp, d) = crate::scratch::scratch("broken");
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join(FILE), "{\"version\": 1, \"master\": ").unwrap();
        let (s, problem) = load(&d);
        assert_eq!(s, Settings::default());
        let message = problem.expect("reported").to_string();
        assert!(message.contains("is broken"), "{message}");
        assert_eq!(
            std::fs::read_to_string(d.join(format!("{FILE}.broken"))).unwrap(),
            "{\"version\": 1, \"master\": ",
            "the broken file is kept aside"
        );
        // The second start finds the defaults written in its place: nothing to report.
        let (again, problem) = load(&d);
        assert_eq!(again, Settings::default());
        assert!(problem.is_none());
    }

    #[test]
    fn an_unknown_version_is_reported_and_replaced() {
        let (_tmp, d) = crate::scratch::scratch("version");
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join(FILE), r#"{"version": 9, "master": 0.1}"#).unwrap();
        let (s, problem) = load(&d);
        assert_eq!(s, Settings::default());
        let message = problem.unwrap().to_string();
        assert!(message.contains("version 9"), "{message}");
        assert!(load(&d).1.is_none());
        // A wrong type in a known version is broken, not a crash.
        std::fs::write(d.join(FILE), r#"{"version": 1, "speed": "warp"}"#).unwrap();
        assert!(matches!(load(&d).1, Some(Problem::Broken { .. })));
    }

    #[test]
    fn values_out_of_range_are_brought_in() {
        let (_tmp, d) = crate::scratch::scratch("range");
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(
            d.join(FILE),
            r#"{"version": 1, "master": 7.0, "window": [5, 99999]}"#,
        )
        .unwrap();
        let (s, problem) = load(&d);
        assert!(problem.is_none());
        assert_eq!(s.master, 1.0);
        assert_eq!(s.window, [200, 8192]);
        assert_eq!(
            s.effects,
            Settings::default().effects,
            "missing fields default"
        );
    }

    #[test]
    fn the_flag_wins_over_the_environment() {
        let d = PathBuf::from("/somewhere");
        assert_eq!(dir_from(Some(&d)), Some(d));
    }
}
