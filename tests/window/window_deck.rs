//! Dice dealt from a deck on the table, in a real window (Xvfb): the two deck stacks at the
//! right of the ATK/DEF line, and a duel's dealt results shown as cards face up where a
//! rolled run shows dice. The pictures (a dealt and a rolled duel at 1280x800 and 1024x640)
//! are kept under target/tmp/deck/ to be looked at; the test checks the stacks.
//!
//! Needs `Xvfb` and Mesa's software GL (`.ci/run` installs them).

use crate::common::game::{decode, near, scene_with, spawn};
use crate::common::pixels::{count, wait};
use crate::common::xvfb::Xvfb;
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
fn shot(seed: &str, actions: &str, size: (u32, u32), name: &str, extra: &[&str]) -> Option<Image> {
    let x = Xvfb::start(size.0, size.1)?;
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
    Some(decode(&wait(spawn(&x.display, &args)), &png))
}

/// A foe's duel whose dice were just rolled, its reroll window open.
fn rolled_duel(s: &State) -> bool {
    s.duel()
        .is_some_and(|d| d.card.is_some() && d.rolled.is_some())
}

#[test]
fn a_deck_run_shows_its_stacks_and_a_rolled_run_does_not() {
    let (seed, actions) = scene_with("a dealt duel result", false, DiceMode::Deck, rolled_duel);
    let (rseed, ractions) =
        scene_with("a rolled duel result", false, DiceMode::Rolled, rolled_duel);
    for (w, h) in [(1280, 800), (1024, 640)] {
        let Some(dealt) = shot(
            &seed,
            &actions,
            (w, h),
            &format!("dealt-duel-{w}x{h}.png"),
            &["--dice-deck"],
        ) else {
            return;
        };
        let Some(rolled) = shot(
            &rseed,
            &ractions,
            (w, h),
            &format!("rolled-duel-{w}x{h}.png"),
            &[],
        ) else {
            return;
        };
        // The stacks sit at the right end of the ATK/DEF line, above the Health bar; the
        // foes' is edged in ember (`colour::EMBER`), a colour nothing else there has.
        let ember = near([0xf0, 0x8a, 0x4b]);
        let stacks = |img: &Image| count(img, (w - 160, 0), (w, h / 9), &ember);
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
