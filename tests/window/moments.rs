//! Moments on the table, captured over time in a real window (Xvfb): the game plays the
//! last action of a scene on its stage (`--play-last`) and screenshots are taken at set
//! frames (60 a second, steady in screenshot mode), during the moment and after it.
//! The pictures are kept under target/moments/ to be looked at.
//!
//! Needs `Xvfb` and Mesa's software GL (`.ci/run` installs them).

use crate::common;
use crate::common::game::{decode, scene, spawn, spawn_env};
use crate::common::pixels::{count, rgb, wait};
use crate::common::xvfb::Xvfb;
use forward::cards::model::StationType;
use forward::core::state::Phase;
use forward::core::{Action, State, execute, legal_actions};
use macroquad::prelude::Image;
use std::path::PathBuf;

/// Where the pictures go (kept after the test, to be looked at).
fn out(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("moments");
    std::fs::create_dir_all(&dir).expect("create the pictures' directory");
    dir.join(name)
}

/// Plays `--seed S --actions A --play-last` and screenshots frame `frames`.
fn shot(
    seed: &str,
    actions: &str,
    frames: u32,
    size: (u32, u32),
    name: &str,
    extra: &[&str],
) -> Option<Image> {
    let x = Xvfb::start(size.0, size.1)?;
    let png = out(name);
    let size_arg = format!("{}x{}", size.0, size.1);
    let frames_arg = frames.to_string();
    let png_arg = png.to_string_lossy().to_string();
    let mut args = vec![
        "--seed",
        seed,
        "--actions",
        actions,
        "--play-last",
        "--size",
        &size_arg,
        "--screenshot",
        &png_arg,
        "--frames",
        &frames_arg,
    ];
    args.extend_from_slice(extra);
    let out = wait(spawn(&x.display, &args));
    Some(decode(&out, &png))
}

/// The action index of the first offered action that `pick` accepts.
fn index_of(s: &State, pick: impl Fn(&Action) -> bool) -> usize {
    legal_actions(s)
        .iter()
        .position(pick)
        .expect("the action is offered")
}

/// A scene one action before `done` holds after that action: the actions up to it and the
/// index of the action itself appended.
fn one_before(what: &str, wanted: impl Fn(&State) -> Option<usize>) -> (String, String) {
    let (seed, actions) = scene(what, false, |s| wanted(s).is_some());
    let cards = forward::cards::load::load_dir(std::path::Path::new(common::game::CARDS))
        .unwrap()
        .0;
    let (mut s, _) = forward::core::new_run(
        std::sync::Arc::new(cards),
        seed.parse().unwrap(),
        Vec::new(),
    );
    for i in actions.split(',').filter(|x| !x.is_empty()) {
        let a = legal_actions(&s)[i.parse::<usize>().unwrap()].clone();
        execute(&mut s, &a).unwrap();
    }
    let last = wanted(&s).expect("the scene holds");
    let actions = if actions.is_empty() {
        last.to_string()
    } else {
        format!("{actions},{last}")
    };
    // Printed so that a failing picture can be made again by hand.
    eprintln!("{what}, taken: --seed {seed} --actions {actions}");
    (seed, actions)
}

/// Red of the foe's HP bar (colour::ERROR).
fn hp_red(p: [u8; 3]) -> bool {
    p[0] > 200 && p[1] < 140 && p[2] < 120
}

#[test]
fn the_killing_exchange_shows_its_dice_and_the_foe_s_hp_reaching_0() {
    // A Roll that kills the foe: try the roll on a copy of the state.
    let (seed, actions) = one_before("a killing roll", |s| {
        let d = s.duel()?;
        d.card?;
        if d.rolled.is_some() || d.awaiting_foe.is_some() {
            return None;
        }
        let i = legal_actions(s).iter().position(|a| *a == Action::Roll)?;
        let mut t = s.clone();
        execute(&mut t, &Action::Roll).ok()?;
        (matches!(
            t.phase,
            Phase::Resolving { .. } | Phase::Explore | Phase::Offer { .. }
        ) && t.outcome.is_none()
            && s.health > 0)
            .then_some(i)
    });
    let size = (1280, 800);
    // Mid-tumble (0.3 s): the dice are rolling, the foe's bar is not empty yet.
    let Some(tumbling) = shot(&seed, &actions, 18, size, "kill-1-tumble.png", &[]) else {
        return;
    };
    // The blow (1.3 s): the bar slides down; then the defeat (2.2 s): final dice, bar at 0.
    let Some(blow) = shot(&seed, &actions, 78, size, "kill-2-blow.png", &[]) else {
        return;
    };
    let Some(defeated) = shot(&seed, &actions, 130, size, "kill-3-defeated.png", &[]) else {
        return;
    };
    // After every moment (5 s): back to the row, no duel panel.
    let Some(after) = shot(&seed, &actions, 300, size, "kill-4-after.png", &[]) else {
        return;
    };
    let bar = |img: &Image| count(img, (560, 250), (1260, 300), hp_red);
    assert!(
        bar(&tumbling) > 200,
        "during the tumble the foe still has HP: {}",
        bar(&tumbling)
    );
    // The blow lands while the bar slides: less red than before it, more than at the end
    // (at these frames about 2,080, 850 and 360 red pixels).
    assert!(
        bar(&blow) < bar(&tumbling) * 3 / 4 && bar(&blow) > bar(&defeated) + 100,
        "the HP bar slides down during the blow: {} before, {} during, {} after",
        bar(&tumbling),
        bar(&blow),
        bar(&defeated)
    );
    assert!(
        bar(&defeated) < bar(&tumbling) / 4,
        "the HP bar reached 0: {} vs {}",
        bar(&defeated),
        bar(&tumbling)
    );
    let gold = |p: [u8; 3]| p[0] > 190 && p[1] > 150 && p[2] < 140;
    let stamp = count(&defeated, (350, 300), (610, 480), gold);
    assert!(
        stamp > 150,
        "\"Defeated\" is stamped on the foe's card: {stamp}"
    );
    assert_ne!(
        defeated.bytes, after.bytes,
        "the table moves on after the moment"
    );
}

#[test]
fn a_caesura_is_read_on_the_stage_until_the_player_goes_on() {
    let (seed, actions) = one_before("a Caesura to flip", |s| {
        if s.phase != Phase::Explore {
            return None;
        }
        let slot = (0..3).find(|&i| {
            s.row[i].is_some_and(|rc| s.cards.card(rc.card).card_type == StationType::Caesura)
        })?;
        Some(index_of(s, |a| *a == Action::Flip { slot: slot as u8 }))
    });
    // The setting that keeps the hold (alone a quiet card otherwise goes on by itself:
    // tests/window/duel.rs).
    let scratch = common::pixels::Scratch::new("caesura-hold");
    let config = scratch.path("config");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("settings.json"),
        r#"{"version": 1, "hold_quiet_cards": true}"#,
    )
    .unwrap();
    let config = config.to_string_lossy().to_string();
    for size in [(1280, 800), (1024, 640), (1920, 1080)] {
        let name = format!("caesura-{}x{}.png", size.0, size.1);
        // 10 s later it is still up, waiting.
        let Some(img) = shot(&seed, &actions, 600, size, &name, &["--config", &config]) else {
            return;
        };
        let gold = |p: [u8; 3]| p[0] > 190 && p[1] > 150 && p[2] < 140;
        let (w, h) = (size.0, size.1);
        // The card and its words fill the stage: much gold text and frame in the centre.
        let n = count(&img, (w * 2 / 5, h / 4), (w * 3 / 4, h * 3 / 5), gold);
        // Beside the card (its name and text are on its face, said once): what it did, in
        // gold.
        assert!(n > 60, "{name}: what it did is up in gold beside it: {n}");
    }
}

#[test]
fn the_guardian_has_a_stage_of_its_own() {
    let (seed, actions) = one_before("the crossing to the Guardian", |s| {
        (s.phase == Phase::Crossing).then(|| index_of(s, |a| *a == Action::Continue))
    });
    let Some(img) = shot(&seed, &actions, 240, (1280, 800), "guardian.png", &[]) else {
        return;
    };
    let met_or_unmet = |p: [u8; 3]| (p[0] < 170 && p[1] > 190 && p[2] > 210) || hp_red(p);
    assert!(
        count(&img, (560, 220), (1260, 600), met_or_unmet) > 80,
        "the checks are marked met or unmet"
    );
}

/// The still layer (what does not move, kept in a texture while the table plays) shows
/// what drawing every part every frame shows (`FORWARD_STILL_LAYER=off`, the oracle): a
/// quick duel of seed 1 while its dice tumble (the status in the layer), and after its
/// first exchange (the layer drawn again for the state the exchange left); and a new run's
/// table, whose first frames bring most of its glyphs to the font atlas (which makes its
/// texture anew when it fills: a layer drawn just before kept black blocks for every name
/// of the map, the log and the band until the next event).
#[test]
fn the_still_layer_shows_what_drawing_everything_shows() {
    let duel = ["0"; 16].join(",");
    let cases = [
        (duel.as_str(), true, "12"),
        (duel.as_str(), true, "90"),
        ("1,0", false, "30"),
        ("1,0", false, "120"),
    ];
    for (n, (actions, play_last, frames)) in cases.into_iter().enumerate() {
        let mut pictures = Vec::new();
        for layer in ["on", "off"] {
            let Some(x) = Xvfb::start(1280, 800) else {
                return;
            };
            let png = out(&format!("still-layer-{n}-{frames}-{layer}.png"));
            let png_arg = png.to_string_lossy().to_string();
            let mut args = vec![
                "--seed",
                "1",
                "--actions",
                actions,
                "--screenshot",
                &png_arg,
                "--frames",
                frames,
            ];
            if play_last {
                args.push("--play-last");
            }
            let child = spawn_env(&x.display, &args, &[("FORWARD_STILL_LAYER", layer)]);
            pictures.push(decode(&wait(child), &png));
        }
        let (a, b) = (&pictures[0], &pictures[1]);
        let mut differ = 0;
        for y in 0..a.height as u32 {
            for x in 0..a.width as u32 {
                let (p, q) = (rgb(a, x, y), rgb(b, x, y));
                if p.iter()
                    .zip(q)
                    .any(|(&c, d)| (c as i32 - d as i32).abs() > 16)
                {
                    differ += 1;
                }
            }
        }
        // A pixel or two of a glyph's edge may round otherwise; a panel drawn stale (a log
        // line, the Health track, a die) is thousands.
        assert!(
            differ <= 20,
            "case {n}, frame {frames}: {differ} pixels differ with the still layer (pictures in {})",
            out("").display()
        );
    }
}
