//! The game window, end to end: each test starts its own Xvfb, runs the `forward` binary
//! with `--screenshot FILE --frames 5` and reads the pixels of the PNG it writes.
//!
//! Needs `Xvfb` and Mesa's software GL (`apt-get install -y xvfb xauth libxi6
//! libxkbcommon0 libgl1-mesa-dri`; `.ci/run` installs them).

use crate::common::pixels::{Scratch, bright, count, rgb, wait};
use crate::common::xvfb::Xvfb;
use macroquad::prelude::{Image, ImageFormat};
use std::path::Path;
use std::process::{Command, Output, Stdio};

const WIDTH: u32 = 1280;
const HEIGHT: u32 = 800;

/// Runs `forward ARGS` on `display` and waits (at most 90 s) for it to exit.
fn run_forward(display: Option<&str>, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_forward"));
    cmd.args(args)
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match display {
        Some(d) => cmd.env("DISPLAY", d),
        None => cmd.env_remove("DISPLAY"),
    };
    wait(cmd.spawn().expect("start forward"))
}

/// Starts a private X server, renders five frames of the window with `cards` and
/// returns the decoded screenshot (after checking the exit code and the file).
fn screenshot(name: &str, cards: &Path) -> Option<Image> {
    let xvfb = Xvfb::start(WIDTH, HEIGHT)?;
    let scratch = Scratch::new(name);
    let png = scratch.path("shot.png");
    let out = run_forward(
        Some(&xvfb.display),
        &[
            "--cards",
            cards.to_str().unwrap(),
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            "5",
        ],
    );
    assert!(
        out.status.success(),
        "forward exited with {:?}; stderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).expect("the screenshot file was written");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG file");
    Some(Image::from_file_with_format(&bytes, Some(ImageFormat::Png)).expect("decode the PNG"))
}

/// The fill of the map's card tiles and of the error panel (`colour::TILE`, 0x14172a).
fn tile(p: [u8; 3]) -> bool {
    let want = [0x14, 0x17, 0x2a];
    p.iter().zip(want).all(|(&c, w)| (c as i32 - w).abs() <= 4)
}

/// The warm red of errors.
fn warm_red(p: [u8; 3]) -> bool {
    p[0] > 190 && p[1] < 150 && p[2] < 130 && p[0] as i32 - p[1] as i32 > 80
}

/// Checks shared by every screen: size, not blank, light text in the title region, tile
/// fill in the map region.
fn assert_looks_like_a_screen(img: &Image) {
    assert_eq!(
        (img.width as u32, img.height as u32),
        (WIDTH, HEIGHT),
        "image size"
    );
    let first = rgb(img, 0, 0);
    let differing = count(img, (0, 0), (WIDTH, HEIGHT), |p| p != first);
    assert!(
        differing > (WIDTH * HEIGHT / 4) as usize,
        "the image is (nearly) one colour: only {differing} pixels differ from the corner"
    );
    // The title region: "FORWARD" on the title screen, the heading on the error screen.
    let text = count(img, (40, 20), (720, 280), bright);
    assert!(
        text > 800,
        "too few bright text pixels in the title region: {text}"
    );
    // The map region: the Domain tiles, or the error panel in the same place.
    let tiles = count(img, (600, 60), (1240, 700), tile);
    assert!(
        tiles > 5_000,
        "too few tile pixels in the map region: {tiles}"
    );
}

/// Whether the image shows the title screen (its big "FORWARD" fills this band).
fn is_title(img: &Image) -> bool {
    count(img, (80, 140), (560, 230), bright) > 3_000
}

#[test]
fn window_shows_card_errors_for_a_missing_directory() {
    let scratch = Scratch::new("missing");
    let missing = scratch.path("no-such-cards");
    let Some(img) = screenshot("missing-shot", &missing) else {
        return;
    };
    assert_looks_like_a_screen(&img);
    assert!(
        !is_title(&img),
        "a directory that does not exist cannot give a title screen"
    );
    // "(no such directory)" in warm red under the heading.
    let red = count(&img, (40, 90), (900, 125), warm_red);
    assert!(
        red > 60,
        "no warm red note under the heading: {red} red pixels"
    );
    // The hint along the bottom, in gold.
    let hint = count(&img, (40, 750), (1240, 790), |p| {
        p[0] > 150 && p[1] > 120 && p[2] < 140
    });
    assert!(
        hint > 200,
        "no reload hint at the bottom: {hint} gold pixels"
    );
}

#[test]
fn window_opens_on_the_project_cards() {
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let Some(img) = screenshot("cards-shot", &cards) else {
        return;
    };
    assert_looks_like_a_screen(&img);
    assert!(
        is_title(&img),
        "the shipped cards must open on the title screen"
    );
    // Domain tiles are framed in gold, ember (Termina) and sea light (the Nightsea).
    let frames = count(&img, (600, 40), (1240, 720), |p| {
        p[0] > 150 && p[1] > 110 && p[2] < 130
    });
    assert!(frames > 1_000, "the map has too few framed tiles: {frames}");
    let footer = count(&img, (40, 750), (700, 790), bright);
    assert!(footer > 50, "no card set summary in the footer: {footer}");
}

#[test]
fn window_screenshot_exits_zero_and_writes_the_file() {
    let Some(xvfb) = Xvfb::start(WIDTH, HEIGHT) else {
        return;
    };
    let scratch = Scratch::new("exit");
    // Any name will do: the file is a PNG whatever its extension says.
    let file = scratch.path("frame.out");
    let out = run_forward(
        Some(&xvfb.display),
        &[
            "--cards",
            "no-such-dir",
            "--screenshot",
            file.to_str().unwrap(),
            "--frames",
            "1",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&file).expect("screenshot written");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    let leftovers: Vec<_> = std::fs::read_dir(&scratch.0)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n != "frame.out")
        .collect();
    assert!(
        leftovers.is_empty(),
        "temporary files left behind: {leftovers:?}"
    );
}

#[test]
fn window_screenshot_to_an_unwritable_place_exits_1() {
    let Some(xvfb) = Xvfb::start(WIDTH, HEIGHT) else {
        return;
    };
    let scratch = Scratch::new("unwritable");
    let file = scratch.path("no-such-dir").join("shot.png");
    let out = run_forward(
        Some(&xvfb.display),
        &[
            "--cards",
            "no-such-dir",
            "--screenshot",
            file.to_str().unwrap(),
            "--frames",
            "2",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr:\n{stderr}");
    assert!(
        stderr.contains("cannot write screenshot"),
        "stderr:\n{stderr}"
    );
    assert!(!file.exists());
}

#[test]
fn window_screenshots_are_stable() {
    let scratch = Scratch::new("stable");
    let missing = scratch.path("no-such-cards");
    let Some(a) = screenshot("stable-a", &missing) else {
        return;
    };
    let Some(b) = screenshot("stable-b", &missing) else {
        return;
    };
    let differing = a
        .bytes
        .chunks_exact(4)
        .zip(b.bytes.chunks_exact(4))
        .filter(|(p, q)| p != q)
        .count();
    assert!(
        differing < (WIDTH * HEIGHT / 1000) as usize,
        "two runs drew different frames: {differing} pixels differ"
    );
}

#[test]
fn window_without_a_display_exits_1() {
    let out = run_forward(None, &["--cards", "no-such-dir", "--frames", "1"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr:\n{stderr}");
    assert!(stderr.contains("DISPLAY"), "stderr:\n{stderr}");
}

#[test]
fn xvfb_guard_kills_the_server() {
    let Some(xvfb) = Xvfb::start(320, 200) else {
        return;
    };
    let pid = xvfb.pid();
    assert!(Path::new(&format!("/proc/{pid}")).exists());
    drop(xvfb);
    assert!(
        !Path::new(&format!("/proc/{pid}")).exists(),
        "Xvfb {pid} still running"
    );
}
