//! Running the built game in a window test: start it on a display, read its screenshot,
//! and find the seed and actions that bring a run to a scene.

use forward::cards::load::load_dir;
use forward::core::{DiceMode, State};
use macroquad::prelude::{Image, ImageFormat};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

/// The shipped cards.
pub const CARDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/cards");

/// Starts the game with the shipped cards on `display`.
pub fn spawn(display: &str, args: &[&str]) -> std::process::Child {
    spawn_with(display, Path::new(CARDS), args)
}

/// [`spawn`] with the cards in `cards`.
pub fn spawn_with(display: &str, cards: &Path, args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_forward"))
        .arg("--cards")
        .arg(cards)
        .args(args)
        .env_remove("WAYLAND_DISPLAY")
        .env("DISPLAY", display)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start forward")
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
