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

/// The layout report of a screenshot run (`--screenshot`, 4 frames, `--layout-report`)
/// at `size` on `display`, after `args` (seed, actions, saves...); its files in `dir`.
pub fn screenshot_report(
    display: &str,
    dir: &Path,
    size: (u32, u32),
    args: &[&str],
) -> serde_json::Value {
    let name = format!("{}x{}", size.0, size.1);
    let (png, json) = (
        dir.join(format!("{name}.png")),
        dir.join(format!("{name}.json")),
    );
    let (png_s, json_s) = (png.to_string_lossy(), json.to_string_lossy());
    let mut all = args.to_vec();
    all.extend([
        "--size",
        &name,
        "--screenshot",
        &png_s,
        "--frames",
        "4",
        "--layout-report",
        &json_s,
    ]);
    let out = super::pixels::wait(spawn(display, &all));
    assert!(
        out.status.success(),
        "forward failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&json).expect("the report was written");
    serde_json::from_str(&text).expect("the report is JSON")
}

/// A live game ([`spawn_live_env`]) with `settings` kept in `scratch/config` (`--config`),
/// after `args`, its report in `scratch/layout.json` (returned beside it).
pub fn spawn_live_configured(
    display: &str,
    scratch: &super::pixels::Scratch,
    settings: &forward::settings::Settings,
    args: &[&str],
    env: &[(&str, &str)],
) -> (Live, PathBuf) {
    let config = scratch.path("config");
    std::fs::create_dir_all(&config).expect("make the config folder");
    forward::settings::save(&config, settings).expect("write the settings");
    let report = scratch.path("layout.json");
    let png = scratch.path("never.png");
    let (config_s, png_s, report_s) = (
        config.to_string_lossy(),
        png.to_string_lossy(),
        report.to_string_lossy(),
    );
    let mut all = args.to_vec();
    all.extend([
        "--config",
        &config_s,
        "--screenshot",
        &png_s,
        "--frames",
        LIVE_FRAMES,
        "--layout-report",
        &report_s,
    ]);
    let live = spawn_live_env(display, &all, &report, env);
    (live, report)
}

/// How long a window test waits for something to be drawn, a key to take effect: long,
/// since each wait ends as soon as its condition holds (Mesa's software GL on a busy
/// machine can take a second a frame, and a window several minutes to come up).
pub const DEADLINE: Duration = Duration::from_secs(300);

/// So many frames that a `--screenshot` run started by [`spawn_live`] never reaches its
/// picture on its own: the test ends the game when it has seen what it waits for.
pub const LIVE_FRAMES: &str = "1000000";

/// A game whose layout report (`--layout-report REPORT`, among `args`) is written at every
/// frame (`FORWARD_LAYOUT_LIVE`): see [`Live`].
pub fn spawn_live(display: &str, args: &[&str], report: &Path) -> Live {
    forget(report);
    let child = command(display, Path::new(CARDS), args)
        .env(LIVE_ENV, "1")
        .spawn()
        .expect("start forward");
    Live::new(child, report)
}

/// [`spawn_live`] with more variables set (`FORWARD_IDLE_PACE`).
pub fn spawn_live_env(display: &str, args: &[&str], report: &Path, env: &[(&str, &str)]) -> Live {
    forget(report);
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
    forget(report);
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
    forget(report);
    let child = command(display, cards, args)
        .env(LIVE_ENV, "1")
        .spawn()
        .expect("start forward");
    Live::new(child, report)
}

/// Removes an earlier game's report before a game is started to write it, so that a wait
/// on it reads only the new game's frames.
pub fn forget(report: &Path) {
    let _ = std::fs::remove_file(report);
}

/// The variable that has the game write its layout report at every frame.
pub const LIVE_ENV: &str = "FORWARD_LAYOUT_LIVE";

/// How many inputs of each kind a game has taken (its layout report's `taken`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Taken {
    pub keys: u64,
    pub chars: u64,
    pub moves: u64,
    pub clicks: u64,
}

impl Taken {
    /// `n` key presses.
    pub fn keys(n: u64) -> Taken {
        Taken {
            keys: n,
            ..Taken::default()
        }
    }
}

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
            self.still_running(what);
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

    /// What the game has taken so far, from the latest report's `taken`: key presses
    /// (modifiers and repeats included), typed characters, pointer moves and clicks.
    /// Waits (at most [`DEADLINE`]) for the first report: the window is up and reading input.
    pub fn taken(&mut self) -> Taken {
        let read = |r: &Path| -> Option<Taken> {
            let json: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(r).ok()?).ok()?;
            let n = |k: &str| json["taken"][k].as_u64();
            Some(Taken {
                keys: n("keys")?,
                chars: n("chars")?,
                moves: n("moves")?,
                clicks: n("clicks")?,
            })
        };
        let started = Instant::now();
        loop {
            if let Some(taken) = read(&self.report) {
                return taken;
            }
            self.still_running("the window's first frame");
            assert!(
                started.elapsed() < DEADLINE,
                "the window drew no frame within {DEADLINE:?}"
            );
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// The game's standard error, to read while it runs (taken once).
    pub fn take_stderr(&mut self) -> Option<std::process::ChildStderr> {
        self.child.as_mut()?.stderr.take()
    }

    /// Panics if the game has exited (while waiting for `what`).
    fn still_running(&mut self, what: &str) {
        if let Some(status) = self.child.as_mut().and_then(|c| c.try_wait().ok()?) {
            let mut said = String::new();
            if let Some(mut err) = self.take_stderr() {
                let _ = std::io::Read::read_to_string(&mut err, &mut said);
            }
            panic!("forward exited ({status}) while waiting for {what}; stderr:\n{said}");
        }
    }

    /// [`focus`], failing at once if the game exits meanwhile.
    pub fn focus(&mut self, display: &str) {
        focus_while(display, || self.still_running("its window to be shown"));
    }

    /// Runs xdotool on `display` with `args`, then waits (at most [`DEADLINE`]) until the
    /// game has taken `more` inputs than before and drawn the frame that took them: so the
    /// next input falls in a later frame, after this one's effect, however late X hands
    /// it over on a busy machine.
    pub fn send(&mut self, display: &str, args: &[&str], more: Taken) {
        let before = self.taken();
        let out = xdotool(display, args);
        assert!(out.status.success(), "xdotool {args:?} failed: {out:?}");
        let want = Taken {
            keys: before.keys + more.keys,
            chars: before.chars + more.chars,
            moves: before.moves + more.moves,
            clicks: before.clicks + more.clicks,
        };
        let started = Instant::now();
        loop {
            let now = self.taken();
            if now.keys >= want.keys
                && now.chars >= want.chars
                && now.moves >= want.moves
                && now.clicks >= want.clicks
            {
                return;
            }
            self.still_running(&format!("xdotool {args:?} to be taken"));
            assert!(
                started.elapsed() < DEADLINE,
                "xdotool {args:?}: not taken within {DEADLINE:?} (took {now:?} of {want:?})"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Presses one key or chord (`"Tab"`, `"ctrl+s"`) and waits until the game has taken
    /// it (every key of the chord).
    pub fn key(&mut self, display: &str, key: &str) {
        let keys = key.split('+').count() as u64;
        self.send(display, &["key", key], Taken::keys(keys));
    }

    /// [`Live::key`] for each of `keys` in turn.
    pub fn keys(&mut self, display: &str, keys: &[&str]) {
        for k in keys {
            self.key(display, k);
        }
    }

    /// Presses `key` `n` times in a row (one xdotool call) and waits until all are taken.
    pub fn key_times(&mut self, display: &str, key: &str, n: usize) {
        let times = n.to_string();
        let args = ["key", "--repeat", &times, "--delay", "8", key];
        self.send(display, &args, Taken::keys(n as u64));
    }

    /// Types `text` and waits until the game has taken every character.
    pub fn type_text(&mut self, display: &str, text: &str) {
        let chars = Taken {
            chars: text.chars().count() as u64,
            ..Taken::default()
        };
        self.send(display, &["type", "--delay", "25", text], chars);
    }

    /// Moves the pointer to window pixel (x, y) (on the screen) and waits until the game
    /// has seen it move. A pointer already there is moved off by a pixel first, so that it
    /// moves (a game started after another finds the pointer where that one left it).
    pub fn point(&mut self, display: &str, x: i32, y: i32) {
        let moved = Taken {
            moves: 1,
            ..Taken::default()
        };
        let to = |x: i32, y: i32| [x.to_string(), y.to_string()];
        if pointer(display) == Some((x, y)) {
            let [ox, oy] = to(if x > 0 { x - 1 } else { x + 1 }, y);
            self.send(display, &["mousemove", &ox, &oy], moved);
        }
        let [x, y] = to(x, y);
        self.send(display, &["mousemove", &x, &y], moved);
    }

    /// Clicks the left button at window pixel (x, y) and waits until the game has taken
    /// the click (which carries its place, wherever the pointer was seen before).
    pub fn click(&mut self, display: &str, x: i32, y: i32) {
        let (x, y) = (x.to_string(), y.to_string());
        let clicked = Taken {
            clicks: 1,
            ..Taken::default()
        };
        self.send(display, &["mousemove", &x, &y, "click", "1"], clicked);
    }

    /// Waits for the game to exit by itself (at most 90 s); its output.
    pub fn exit(mut self) -> Output {
        super::pixels::wait(self.child.take().expect("the game is running"))
    }

    /// Quits from the title as a player would (Esc, then Enter on "Quit Forward?") and
    /// waits for the game to exit; its output. `display`: where it runs.
    pub fn quit_from_the_title(mut self, display: &str) -> Output {
        self.until("the title", |w| w.iter().any(|w| w == "New run"));
        self.key(display, "Escape");
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

/// Where the pointer is on `display` (`xdotool getmouselocation`: `x:5 y:795 ...`).
fn pointer(display: &str) -> Option<(i32, i32)> {
    let out = xdotool(display, &["getmouselocation"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |name: &str| {
        text.split_whitespace()
            .find_map(|w| w.strip_prefix(name))
            .and_then(|v| v.parse().ok())
    };
    Some((field("x:")?, field("y:")?))
}

/// Waits (at most [`DEADLINE`]) until no window of the game is left on `display`: a game
/// just ended, before another is started there and looked for by name.
pub fn gone(display: &str) {
    let started = Instant::now();
    while xdotool(display, &["search", "--name", "^Forward$"])
        .status
        .success()
    {
        assert!(
            started.elapsed() < DEADLINE,
            "the game's window was still there {DEADLINE:?} after it ended"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Waits (at most [`DEADLINE`]) for the game's window on `display` to be shown, and gives
/// it the keyboard: asked again until X says the window has it (a window just mapped may
/// refuse it).
pub fn focus(display: &str) {
    focus_while(display, || ());
}

/// [`focus`], calling `alive` (which panics if the game is gone) between tries.
fn focus_while(display: &str, mut alive: impl FnMut()) {
    let first_line = |out: Output| {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
    };
    let started = Instant::now();
    loop {
        let shown = ["search", "--onlyvisible", "--name", "^Forward$"];
        if let Some(id) = first_line(xdotool(display, &shown)) {
            xdotool(display, &["windowfocus", &id]);
            if first_line(xdotool(display, &["getwindowfocus"])).as_deref() == Some(&id) {
                return;
            }
        }
        alive();
        assert!(
            started.elapsed() < DEADLINE,
            "the game's window was not shown and focused within {DEADLINE:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
