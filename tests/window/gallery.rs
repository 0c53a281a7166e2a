//! The card gallery and the Rules screen, end to end: each test starts its own Xvfb, runs
//! `forward --gallery ...` or `forward --rules` with `--screenshot` and reads the pixels.
//! The screenshots are kept in `target/tmp/screenshots/` for a look.
//!
//! Needs `Xvfb` and Mesa's software GL, as `tests/window/window.rs` does.

use crate::common::pixels::{bright, count, rgb, wait};
use crate::common::xvfb::Xvfb;
use macroquad::prelude::{Image, ImageFormat};
use std::path::PathBuf;
use std::process::{Command, Stdio};

const WIDTH: u32 = 1280;
const HEIGHT: u32 = 800;

/// Renders `forward ARGS --screenshot` on a private X server; returns the image.
fn shot(name: &str, args: &[&str]) -> Option<Image> {
    let xvfb = Xvfb::start(WIDTH, HEIGHT)?;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot dir");
    let png = dir.join(format!("{name}.png"));
    let _ = std::fs::remove_file(&png);
    let cards = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cards");
    let child = Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(["--cards", cards.to_str().unwrap()])
        .args(args)
        .args(["--screenshot", png.to_str().unwrap(), "--frames", "5"])
        .env("DISPLAY", &xvfb.display)
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start forward");
    let out = wait(child);
    assert!(
        out.status.success(),
        "forward exited with {:?}; stderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).expect("the screenshot was written");
    let img = Image::from_file_with_format(&bytes, Some(ImageFormat::Png)).expect("decode");
    assert_eq!((img.width as u32, img.height as u32), (WIDTH, HEIGHT));
    Some(img)
}

/// Near `want` in every channel.
fn near(want: [u8; 3], tol: i32) -> impl Fn([u8; 3]) -> bool {
    move |p| {
        p.iter()
            .zip(want)
            .all(|(&c, w)| (c as i32 - w as i32).abs() <= tol)
    }
}

/// The gold of headings.
fn gold(p: [u8; 3]) -> bool {
    p[0] > 170 && p[1] > 130 && p[2] < 130 && p[0] > p[2] + 60
}

fn not_blank(img: &Image) {
    let first = rgb(img, 0, 0);
    let differing = count(img, (0, 0), (WIDTH, HEIGHT), |p| p != first);
    assert!(
        differing > (WIDTH * HEIGHT / 4) as usize,
        "the image is (nearly) one colour: {differing}"
    );
}

/// Frame colours (`ui::cardface::type_colour`).
const CAESURA: [u8; 3] = [0x9a, 0xa7, 0xc7];
const FOE: [u8; 3] = [0xe0, 0x5a, 0x4f];
const COMPANION: [u8; 3] = [0x7f, 0xd1, 0x9b];
/// Where the grid is at 1280x800 (below the filter chips, left of the large card).
const GRID: ((u32, u32), (u32, u32)) = ((60, 210), (830, 770));

#[test]
fn gallery_shows_every_kind_of_card() {
    let Some(img) = shot("gallery-all", &["--gallery"]) else {
        return;
    };
    not_blank(&img);
    let title = count(&img, (20, 15), (200, 60), gold);
    assert!(title > 300, "no gold \"Card gallery\" title: {title}");
    let (a, b) = GRID;
    for (what, c) in [("caesura", CAESURA), ("foe", FOE), ("companion", COMPANION)] {
        let n = count(&img, a, b, near(c, 12));
        assert!(n > 300, "too few {what} frame pixels in the grid: {n}");
    }
    let text = count(&img, a, b, bright);
    assert!(text > 3_000, "too little card text in the grid: {text}");
    // The large card and its Guide notes on the right.
    let big = count(&img, (860, 20), (1260, 700), bright);
    assert!(big > 600, "no large card with text on the right: {big}");
}

#[test]
fn gallery_filters_to_one_domain_and_one_type() {
    let Some(img) = shot(
        "gallery-termina-foe",
        &[
            "--gallery",
            "--gallery-domain",
            "termina",
            "--gallery-type",
            "foe",
        ],
    ) else {
        return;
    };
    not_blank(&img);
    let (a, b) = GRID;
    let foe = count(&img, a, b, near(FOE, 12));
    assert!(foe > 500, "no foe frames in the grid: {foe}");
    for (what, c) in [("caesura", CAESURA), ("companion", COMPANION)] {
        let n = count(&img, a, b, near(c, 12));
        assert!(n < 50, "{what} frames in a grid filtered to foes: {n}");
    }
    // Termina has a couple of foes: one row, the rest of the grid is sky.
    let lower = count(&img, (60, 480), (830, 770), near(FOE, 12));
    assert!(lower < 50, "more than one row of Termina foes? {lower}");
}

#[test]
fn gallery_rejects_an_unknown_filter() {
    let Some(xvfb) = Xvfb::start(320, 200) else {
        return;
    };
    let out = Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(["--gallery", "--gallery-type", "dragon", "--frames", "1"])
        .args(["--screenshot", "/nonexistent/never.png"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("DISPLAY", &xvfb.display)
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run forward");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr:\n{stderr}");
    assert!(stderr.contains("dragon"), "stderr:\n{stderr}");
}

#[test]
fn rules_screen_shows_the_rules() {
    let Some(img) = shot("rules", &["--rules"]) else {
        return;
    };
    not_blank(&img);
    // The heading "Forward — the rules" in gold at the top of the text column.
    let heading = count(&img, (180, 30), (700, 80), gold);
    assert!(heading > 800, "no gold heading: {heading}");
    let text = count(&img, (180, 100), (1100, 740), bright);
    assert!(text > 5_000, "too little body text: {text}");
    // The panel behind the text (`colour::TILE`, nearly opaque).
    let panel = count(&img, (170, 20), (1110, 740), near([0x14, 0x17, 0x2a], 8));
    assert!(panel > 200_000, "no panel behind the text: {panel}");
}

#[test]
fn gallery_shows_the_title_cards_the_traveller_and_the_guardian() {
    let Some(img) = shot(
        "gallery-others",
        &["--gallery", "--gallery-domain", "others"],
    ) else {
        return;
    };
    not_blank(&img);
    let (a, b) = GRID;
    // Their frames are gold; no Station type's frame colour is in the grid.
    let frames = count(&img, a, b, near([0xd9, 0xb3, 0x6c], 12));
    assert!(frames > 2_000, "too few gold frames: {frames}");
    let foe = count(&img, a, b, near(FOE, 12));
    assert!(foe < 50, "foe frames among the title cards: {foe}");
}
