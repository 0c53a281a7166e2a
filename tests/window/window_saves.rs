//! The window with saves, end to end: each test starts its own Xvfb and runs the
//! `forward` binary with a saves directory in a scratch directory (`--saves`), then reads
//! the screenshot it writes and the files it left.
//!
//! Needs `Xvfb` and Mesa's software GL, as `tests/window/window.rs`.

use crate::common::pixels::{Scratch, bright, count, wait};
use crate::common::xvfb::Xvfb;
use macroquad::prelude::{Image, ImageFormat};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const CARDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/cards");
const WIDTH: u32 = 1280;
const HEIGHT: u32 = 800;

/// Runs `forward ARGS` on `display`, in `cwd`, and waits (at most 90 s) for it to exit.
fn run_forward(display: &str, cwd: &Path, args: &[&str]) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(args)
        .current_dir(cwd)
        .env("DISPLAY", display)
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("FORWARD_SAVES")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start forward");
    wait(child)
}

/// Runs a screenshot and decodes it (after checking the exit code).
fn shot(display: &str, cwd: &Path, png: &Path, args: &[&str]) -> Image {
    let mut all = vec![
        "--cards",
        CARDS,
        "--screenshot",
        png.to_str().unwrap(),
        "--frames",
        "5",
    ];
    all.extend_from_slice(args);
    let out = run_forward(display, cwd, &all);
    assert!(
        out.status.success(),
        "forward {all:?} exited with {:?}; stderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(png).expect("the screenshot file was written");
    Image::from_file_with_format(&bytes, Some(ImageFormat::Png)).expect("decode the PNG")
}

/// The warm red of errors (and of the lost count).
fn warm_red(p: [u8; 3]) -> bool {
    p[0] > 190 && p[1] < 150 && p[2] < 130 && p[0] as i32 - p[1] as i32 > 80
}

/// The `*.json` saves of a directory (not the game's own files beside them, such as
/// `knowledge.json`).
fn saves_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let own = |p: &Path| {
        p.file_name()
            .is_some_and(|n| forward::store::OWN_FILES.iter().any(|o| n == *o))
    };
    let mut v: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json") && !own(p))
        .collect();
    v.sort();
    v
}

#[test]
fn continue_resumes_the_run_exactly_where_it_stood() {
    let Some(xvfb) = Xvfb::start(WIDTH, HEIGHT) else {
        return;
    };
    let scratch = Scratch::new("continue");
    let saves = scratch.path("saves");
    let saves_arg = saves.to_str().unwrap();
    // Play three actions of seed 5 in the window, autosaving into the scratch directory.
    let before = shot(
        &xvfb.display,
        &scratch.0,
        &scratch.path("before.png"),
        &["--seed", "5", "--actions", "0,0,0", "--saves", saves_arg],
    );
    let files = saves_in(&saves);
    assert_eq!(files.len(), 1, "one save: {files:?}");
    let run = forward::save::load(&files[0]).expect("the window's save loads");
    assert_eq!(run.seed, 5);
    assert_eq!(run.actions.len(), 3);
    let summary = run.summary();
    assert!(summary.ending.is_none());
    let bytes = std::fs::read(&files[0]).unwrap();

    // Start again: --continue opens the newest run in progress, as the title's Continue.
    let after = shot(
        &xvfb.display,
        &scratch.0,
        &scratch.path("after.png"),
        &["--continue", "--saves", saves_arg],
    );
    let differing = before
        .bytes
        .chunks_exact(4)
        .zip(after.bytes.chunks_exact(4))
        .filter(|(p, q)| p != q)
        .count();
    assert!(
        differing < (WIDTH * HEIGHT / 1000) as usize,
        "the resumed table differs from the one saved: {differing} pixels"
    );
    // Resuming alone writes nothing: the same save, no other file.
    assert_eq!(saves_in(&saves), files);
    assert_eq!(std::fs::read(&files[0]).unwrap(), bytes);

    // The title offers Continue with that run's Domain and Health.
    let title = shot(
        &xvfb.display,
        &scratch.0,
        &scratch.path("title.png"),
        &["--saves", saves_arg],
    );
    // The note beside Continue (warm italic) is drawn right of the entry.
    let note = count(&title, (230, 330), (620, 380), |p| {
        p[0] > 100 && p[0] > p[2] + 30
    });
    // (Eleven menu entries: the rows, and the note, are smaller and dimmer than with
    // eight; the note is never under 13 px.)
    assert!(note > 40, "the Continue note is missing: {note} pixels");
}

#[test]
fn screenshots_write_no_saves_unless_told_where() {
    let Some(xvfb) = Xvfb::start(WIDTH, HEIGHT) else {
        return;
    };
    let scratch = Scratch::new("nosaves");
    shot(
        &xvfb.display,
        &scratch.0,
        &scratch.path("shot.png"),
        &["--seed", "3", "--actions", "0"],
    );
    assert!(
        !scratch.path("saves").exists(),
        "a screenshot run created saves/"
    );
    // --continue with no saves directory given has nothing to continue.
    let out = run_forward(
        &xvfb.display,
        &scratch.0,
        &[
            "--cards",
            CARDS,
            "--screenshot",
            scratch.path("c.png").to_str().unwrap(),
            "--continue",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no run in progress"));
}

#[test]
fn a_corrupt_save_shows_its_error_on_the_load_screen_and_is_left_alone() {
    let Some(xvfb) = Xvfb::start(WIDTH, HEIGHT) else {
        return;
    };
    let scratch = Scratch::new("corrupt");
    let saves = scratch.path("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let bad = saves.join("run-20261122-010203-004-s7.json");
    let bytes = b"{\n  \"format\": \"forward-save\",\n  \"version\": 1,\n  \"seed\"".to_vec();
    std::fs::write(&bad, &bytes).unwrap();
    let img = shot(
        &xvfb.display,
        &scratch.0,
        &scratch.path("load.png"),
        &["--saves", saves.to_str().unwrap(), "--open", "load"],
    );
    // The panel of the selected (only) save: framed in red, its message in light text.
    let red = count(&img, (130, 540), (1150, 730), warm_red);
    assert!(red > 1_500, "no red error panel: {red} pixels");
    let text = count(&img, (150, 560), (1130, 720), bright);
    assert!(text > 300, "no error message in the panel: {text} pixels");
    // The row says it cannot be loaded.
    let row = count(&img, (130, 170), (1150, 200), warm_red);
    assert!(row > 100, "the row does not say it cannot be loaded: {row}");
    // The file is untouched, and nothing was written beside it.
    assert_eq!(std::fs::read(&bad).unwrap(), bytes);
    assert_eq!(saves_in(&saves), vec![bad.clone()]);
    assert!(!forward::save::backup_path(&bad).exists());
    // The message the panel shows names the file and the problem.
    let err = forward::save::load(&bad).unwrap_err().to_string();
    assert!(err.contains("run-20261122-010203-004-s7.json") && err.contains("cut short"));
}

#[test]
fn the_statistics_screen_shows_the_history() {
    let Some(xvfb) = Xvfb::start(WIDTH, HEIGHT) else {
        return;
    };
    let scratch = Scratch::new("stats");
    let saves = scratch.path("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/history/history.jsonl");
    std::fs::copy(&fixture, saves.join("history.jsonl")).unwrap();
    let img = shot(
        &xvfb.display,
        &scratch.0,
        &scratch.path("stats.png"),
        &["--saves", saves.to_str().unwrap(), "--open", "statistics"],
    );
    // The big figures, the red "lost" count among them.
    let figures = count(&img, (160, 160), (1120, 235), bright);
    assert!(figures > 250, "the figures are missing: {figures}");
    let lost = count(&img, (700, 160), (820, 235), warm_red);
    assert!(lost > 100, "the lost count is not red: {lost}");
    // The bars of both lists (causes: three, Domains: four).
    let cause_bars = count(&img, (390, 290), (600, 380), warm_red);
    assert!(
        cause_bars > 2_000,
        "the cause bars are missing: {cause_bars}"
    );
    // The best run's box near the bottom, with light text.
    let best = count(&img, (160, 590), (1120, 690), bright);
    assert!(best > 120, "the best run is missing: {best}");
    // Reading the history never changes it.
    assert_eq!(
        std::fs::read(saves.join("history.jsonl")).unwrap(),
        std::fs::read(&fixture).unwrap()
    );
}
