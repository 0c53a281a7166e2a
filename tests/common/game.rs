//! Running the built game in a window test: start it on a display, read its screenshot,
//! and find the seed and actions that bring a run to a scene.

use forward::cards::load::load_dir;
use forward::core::{DiceMode, State};
use macroquad::prelude::{Image, ImageFormat};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The shipped cards.
pub const CARDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/cards");

/// Starts the game with the shipped cards on `display`.
pub fn spawn(display: &str, args: &[&str]) -> std::process::Child {
    spawn_with(display, Path::new(CARDS), args)
}

/// [`spawn`] with the cards in `cards`.
pub fn spawn_with(display: &str, cards: &Path, args: &[&str]) -> std::process::Child {
    command(display, cards, args)
        .spawn()
        .expect("start forward")
}

/// [`spawn`] with more variables set (`FORWARD_IDLE_PACE`).
pub fn spawn_env(display: &str, args: &[&str], env: &[(&str, &str)]) -> std::process::Child {
    let mut c = command(display, Path::new(CARDS), args);
    for (k, v) in env {
        c.env(k, v);
    }
    c.spawn().expect("start forward")
}

/// The game on `display` with the cards in `cards`, ready to start.
fn command(display: &str, cards: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_forward"));
    c.arg("--cards")
        .arg(cards)
        .args(args)
        .env_remove("WAYLAND_DISPLAY")
        .env("DISPLAY", display)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// How long a window test waits for something to be drawn, a key to take effect: long,
/// since each wait ends as soon as its condition holds (Mesa's software GL on a busy
/// machine can take a second a frame).
pub const DEADLINE: Duration = Duration::from_secs(90);

/// So many frames that a `--screenshot` run started by [`spawn_live`] never reaches its
/// picture on its own: the test ends the game when it has seen what it waits for.
pub const LIVE_FRAMES: &str = "1000000";

/// A game whose layout report (`--layout-report REPORT`, among `args`) is written at every
/// frame (`FORWARD_LAYOUT_LIVE`): see [`Live`].
pub fn spawn_live(display: &str, args: &[&str], report: &Path) -> Live {
    let child = command(display, Path::new(CARDS), args)
        .env(LIVE_ENV, "1")
        .spawn()
        .expect("start forward");
    Live::new(child, report)
}

/// [`spawn_live`] with more variables set (`FORWARD_IDLE_PACE`).
pub fn spawn_live_env(display: &str, args: &[&str], report: &Path, env: &[(&str, &str)]) -> Live {
    let mut c = command(display, Path::new(CARDS), args);
    c.env(LIVE_ENV, "1");
    for (k, v) in env {
        c.env(k, v);
    }
    Live::new(c.spawn().expect("start forward"), report)
}

/// [`spawn_live`] as a player starts the game: no `--cards` (the set found as the game
/// finds it), so the designer's desk is not in use unless `args` ask for it (`--desk`).
pub fn spawn_live_player(display: &str, args: &[&str], report: &Path) -> Live {
    let child = Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(args)
        .env_remove("WAYLAND_DISPLAY")
        .env("DISPLAY", display)
        .env(LIVE_ENV, "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start forward");
    Live::new(child, report)
}

/// [`spawn_live`] with the cards in `cards`.
pub fn spawn_live_with(display: &str, cards: &Path, args: &[&str], report: &Path) -> Live {
    let child = command(display, cards, args)
        .env(LIVE_ENV, "1")
        .spawn()
        .expect("start forward");
    Live::new(child, report)
}

/// The variable that has the game write its layout report at every frame.
pub const LIVE_ENV: &str = "FORWARD_LAYOUT_LIVE";

/// A running game whose layout report follows every frame, so that a test waits on what
/// the window draws instead of counting frames or sleeping. Killed when dropped.
pub struct Live {
    child: Option<Child>,
    report: PathBuf,
}

impl Live {
    /// A game started with [`LIVE_ENV`] set, writing its report to `report`.
    pub fn new(child: Child, report: &Path) -> Live {
        Live {
            child: Some(child),
            report: report.to_path_buf(),
        }
    }

    /// The strings drawn in the latest frame (`None` before the first report).
    pub fn drawn(&self) -> Option<Vec<String>> {
        let text = std::fs::read_to_string(&self.report).ok()?;
        let json: serde_json::Value = serde_json::from_str(&text).ok()?;
        Some(
            json["drawn"]
                .as_array()?
                .iter()
                .filter_map(|d| d["text"].as_str().map(str::to_string))
                .collect(),
        )
    }

    /// Waits (at most [`DEADLINE`]) until the strings drawn satisfy `ok`; returns them.
    /// `what` says what is waited for, in a failure.
    pub fn until(&mut self, what: &str, ok: impl Fn(&[String]) -> bool) -> Vec<String> {
        let started = Instant::now();
        loop {
            if let Some(words) = self.drawn()
                && ok(&words)
            {
                return words;
            }
            if let Some(status) = self.child.as_mut().and_then(|c| c.try_wait().ok()?) {
                panic!("forward exited ({status}) while waiting for {what}");
            }
            if started.elapsed() > DEADLINE {
                panic!(
                    "{what}: not drawn within {DEADLINE:?}; last frame drew {:?}",
                    self.drawn()
                );
            }
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Waits (at most [`DEADLINE`]) until the game has drawn `n` more frames: after a key,
    /// so that the next key falls in a later frame (two in one frame count once).
    pub fn frames(&mut self, n: usize) {
        let written = || {
            std::fs::metadata(&self.report)
                .and_then(|m| m.modified())
                .ok()
        };
        let started = Instant::now();
        let mut last = written();
        let mut seen = 0;
        while seen < n {
            assert!(
                started.elapsed() < DEADLINE,
                "the game drew {seen} of {n} frames within {DEADLINE:?}"
            );
            std::thread::sleep(Duration::from_millis(5));
            let now = written();
            if now != last {
                seen += 1;
                last = now;
            }
        }
    }

    /// Waits for the game to exit by itself (at most 90 s); its output.
    pub fn exit(mut self) -> Output {
        super::pixels::wait(self.child.take().expect("the game is running"))
    }

    /// Quits from the title as a player would (Esc, then Enter on "Quit Forward?") and
    /// waits for the game to exit; its output. `display`: where it runs.
    pub fn quit_from_the_title(mut self, display: &str) -> Output {
        self.until("the title", |w| w.iter().any(|w| w == "New run"));
        xdotool(display, &["key", "Escape"]);
        self.until("the title's question", |w| says(w, "Quit Forward?"));
        xdotool(display, &["key", "Return"]);
        let out = self.exit();
        assert!(
            out.status.success(),
            "forward exited with {:?}; stderr:\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Whether `words` holds `phrase`'s words one after another (a sentence is drawn word by
/// word, or in wrapped lines).
pub fn says(words: &[String], phrase: &str) -> bool {
    let joined = words.join(" ");
    joined.contains(phrase)
}

/// The screenshot a successful run of the game wrote to `png`.
pub fn decode(out: &Output, png: &Path) -> Image {
    assert!(
        out.status.success(),
        "forward exited with {:?}; stderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(png).expect("the screenshot file was written");
    Image::from_file_with_format(&bytes, Some(ImageFormat::Png)).expect("decode the PNG")
}

/// Within 12 of `want` in every channel.
pub fn near(want: [u8; 3]) -> impl Fn([u8; 3]) -> bool {
    move |p| {
        p.iter()
            .zip(want)
            .all(|(&c, w)| (c as i32 - w as i32).abs() <= 12)
    }
}

/// How many seeds [`scene`] tries.
const SCENE_SEEDS: u64 = 5000;

/// Finds a seed and the `--actions` that bring a run (with a Guide, or alone) to a scene,
/// by playing the shipped cards in process with the greedy bot (a little randomness so
/// runs differ). Searching at test time keeps the tests true when the cards change.
pub fn scene(what: &str, guide: bool, wanted: impl Fn(&State) -> bool) -> (String, String) {
    scene_with(what, guide, DiceMode::Rolled, wanted)
}

/// [`scene`] in a run whose dice are rolled or dealt from a deck (`dice`).
pub fn scene_with(
    what: &str,
    guide: bool,
    dice: DiceMode,
    wanted: impl Fn(&State) -> bool,
) -> (String, String) {
    let cards = match load_dir(Path::new(CARDS)) {
        Ok((set, _)) => Arc::new(set),
        Err(report) => panic!("the shipped cards do not load: {}", report.summary()),
    };
    // A won run is rare for the greedy bot with random steps (seed 3453 is the first since
    // the rules let the player pick discards and peeks), hence the wide search.
    let Some(scene) = forward::sim::scene::find_with(&cards, SCENE_SEEDS, guide, dice, wanted)
    else {
        panic!("no seed in 0..{SCENE_SEEDS} reaches {what} with the shipped cards");
    };
    // Printed so that a failing picture can be reproduced by hand.
    eprintln!(
        "{what}: --seed {} --actions {}{}{}",
        scene.seed,
        scene.actions_arg(),
        if guide { " --guide" } else { "" },
        if dice == DiceMode::Deck {
            " --dice-deck"
        } else {
            ""
        }
    );
    (scene.seed.to_string(), scene.actions_arg())
}

/// Runs xdotool on `display`.
pub fn xdotool(display: &str, args: &[&str]) -> Output {
    Command::new("xdotool")
        .args(args)
        .env("DISPLAY", display)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run xdotool ({e}); install it with `apt-get install -y xdotool`")
        })
}

/// Waits for the game's window on `display` and gives it the keyboard.
pub fn focus(display: &str) {
    let found = xdotool(display, &["search", "--sync", "--name", "^Forward$"]);
    let id = String::from_utf8_lossy(&found.stdout)
        .lines()
        .next()
        .expect("xdotool found the window")
        .trim()
        .to_string();
    std::thread::sleep(std::time::Duration::from_millis(300));
    xdotool(display, &["windowfocus", "--sync", &id]);
}
