//! A gamepad in a live window. This machine has no virtual input device (`/dev/uinput`),
//! so the pad is synthetic: the game reads `FORWARD_PAD_SCRIPT`, a file this test appends
//! pad events to (`press south`...), through the same input layer as gilrs's events. The
//! hints follow the pad, the arrows' focus flips a card, Start opens the menu and B closes it.
//!
//! Needs `Xvfb` and Mesa's software GL (`.ci/run` installs them).

use crate::common;
use crate::common::game::{LIVE_FRAMES, says, spawn_live_env};
use crate::common::pixels::Scratch;
use crate::common::xvfb::Xvfb;
use std::io::Write;
use std::path::Path;

/// Appends pad events (one a line) to the script the game reads.
fn pad(script: &Path, lines: &[&str]) {
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(script)
        .expect("open the pad script");
    for l in lines {
        writeln!(f, "{l}").expect("write the pad script");
    }
}

/// A press and its release.
fn tap(script: &Path, button: &str) {
    pad(
        script,
        &[&format!("press {button}"), &format!("release {button}")],
    );
}

#[test]
fn a_pad_moves_the_focus_flips_a_card_and_opens_the_menu_with_its_own_hints() {
    // The first card of seed 5's row, as the core deals it.
    let cards = forward::cards::load::load_dir(Path::new(common::game::CARDS))
        .expect("the shipped cards")
        .0;
    let (s, _) = forward::core::new_run(std::sync::Arc::new(cards), 5, Vec::new());
    let first = s.row[0].expect("a first card").card;
    let name = s.cards.card(first).name.clone();
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("pad");
    let png = scratch.path("never.png");
    let report = scratch.path("layout.json");
    let script = scratch.path("pad.txt");
    std::fs::write(&script, "").unwrap();
    let mut game = spawn_live_env(
        &xvfb.display,
        &[
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            LIVE_FRAMES,
            "--layout-report",
            report.to_str().unwrap(),
            "--seed",
            "5",
        ],
        &report,
        &[("FORWARD_PAD_SCRIPT", script.to_str().unwrap())],
    );
    let before = game.until("the table", |w| w.len() > 30);
    assert!(
        says(&before, "Esc: menu"),
        "the keyboard's hints first: {before:?}"
    );
    assert!(!says(&before, &name), "{name} is face up already");
    assert!(says(&before, "D  Dice: on screen"), "{before:?}");
    // The first arrow shows the focus; Up, Left, Left bring it to the row's first card
    // from wherever it starts.
    pad(&script, &["connect Xbox Wireless Controller"]);
    for b in ["right", "up", "up", "left", "left", "left"] {
        tap(&script, b);
        game.frames(2);
    }
    let words = game.until("the pad's hints", |w| says(w, "Start: menu"));
    assert!(!says(&words, "Esc: menu"), "{words:?}");
    // The dice control without its keyboard letter: a pad reaches it with the focus.
    assert!(
        says(&words, "Dice: on screen") && !says(&words, "D  Dice:"),
        "{words:?}"
    );
    tap(&script, "south");
    game.until(&format!("{name}, flipped by A on the focused card"), |w| {
        says(w, &name)
    });
    tap(&script, "start");
    game.until("the menu, opened by Start", |w| says(w, "Save & Quit"));
    tap(&script, "east");
    game.until("the menu closed by B", |w| !says(w, "Save & Quit"));
}
