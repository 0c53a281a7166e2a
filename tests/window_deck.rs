//! Dice dealt from a deck on the table, in a real window (Xvfb): the two deck stacks at the
//! right of the ATK/DEF line, and a duel's dealt results shown as cards face up where a
//! rolled run shows dice. The pictures are kept under target/tmp/deck/ to be looked at.
//!
//! Needs `Xvfb` and Mesa's software GL (`.ci/run` installs them).

mod common {
    #[allow(dead_code)]
    pub mod game;
    #[allow(dead_code)]
    pub mod pixels;
    #[allow(dead_code)]
    pub mod xvfb;
}

use common::game::{decode, scene_with, spawn};
use common::pixels::{count, wait};
use common::xvfb::Xvfb;
use forward::core::{DiceMode, State};
use macroquad::prelude::Image;
use std::path::PathBuf;

/// Where the pictures go (kept after the test, to be looked at).
fn out(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("deck");
    std::fs::create_dir_all(&dir).expect("create the pictures' directory");
    dir.join(name)
}

/// The table at rest after `--seed S --actions A`, at `size`.
fn shot(seed: &str, actions: &str, size: (u32, u32), name: &str, extra: &[&str]) -> Image {
    let x = Xvfb::start(size.0, size.1);
    let png = out(name);
    let size_arg = format!("{}x{}", size.0, size.1);
    let png_arg = png.to_string_lossy().to_string();
    let mut args = vec![
        "--seed",
        seed,
        "--actions",
        actions,
        "--size",
        &size_arg,
        "--screenshot",
        &png_arg,
        "--frames",
        "20",
    ];
    args.extend_from_slice(extra);
    decode(&wait(spawn(&x.display, &args)), &png)
}

/// A foe's duel whose dice were just rolled, its reroll window open.
fn rolled_duel(s: &State) -> bool {
    s.duel()
        .is_some_and(|d| d.card.is_some() && d.rolled.is_some())
}

/// The ember of the foes' stack (`colour::EMBER`) and nearby shades.
fn ember(p: [u8; 3]) -> bool {
    p[0] > 170 && p[1] > 70 && p[1] < 150 && p[2] < 90
}

#[test]
fn a_deck_run_shows_its_stacks_and_its_dealt_duel_results() {
    let (seed, actions) = scene_with("a dealt duel result", false, DiceMode::Deck, rolled_duel);
    let (rseed, ractions) =
        scene_with("a rolled duel result", false, DiceMode::Rolled, rolled_duel);
    for (w, h) in [(1280, 800), (1024, 640)] {
        let dealt = shot(
            &seed,
            &actions,
            (w, h),
            &format!("dealt-duel-{w}x{h}.png"),
            &["--dice-deck"],
        );
        let rolled = shot(&rseed, &ractions, (w, h), &format!("rolled-duel-{w}x{h}.png"), &[]);
        // The stacks sit at the right end of the status line (the top of the window).
        let stacks = |img: &Image| count(img, (w - 150, 0), (w, h / 6), ember);
        assert!(
            stacks(&dealt) > 40,
            "{w}x{h}: the foes' stack is drawn in a deck run: {}",
            stacks(&dealt)
        );
        assert!(
            stacks(&rolled) < 5,
            "{w}x{h}: no stacks in a rolled run: {}",
            stacks(&rolled)
        );
    }
}
