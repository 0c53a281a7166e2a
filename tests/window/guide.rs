//! Guide mode in the window, end to end: each test starts its own Xvfb and runs the built
//! game (`--guide`, `--guide-view`, `--table-dice`), then checks the screenshot's pixels or
//! the run it saved. Live-window tests drive it with xdotool (a held Tab, typed dice).
//!
//! Needs `Xvfb`, Mesa's software GL and `xdotool` (`.ci/run` installs them).

use crate::common;
use crate::common::game::{
    DEADLINE, LIVE_FRAMES, decode, focus, near, says, scene, spawn, spawn_live, xdotool,
};
use crate::common::pixels::{Scratch, count, wait};
use crate::common::xvfb::Xvfb;
use macroquad::prelude::Image;

/// The Guide's colour (`style::colour::GUIDE`), and the traveller's gold.
const GUIDE: [u8; 3] = [0xc0, 0x9c, 0xff];
const GOLD: [u8; 3] = [0xd9, 0xb3, 0x6c];

/// A duel waiting for the Guide to roll the foe's die.
fn foe_roll() -> (String, String) {
    scene("the Guide's roll in a duel", true, |s| {
        s.duel().is_some_and(|d| d.awaiting_foe.is_some())
    })
}

/// A duel waiting for the traveller's roll (`guide`: in a run with a Guide).
fn duel_roll(guide: bool) -> (String, String) {
    scene("a duel's roll", guide, |s| {
        s.duel().is_some_and(|d| {
            d.rolled.is_none() && d.awaiting_foe.is_none() && !d.status.skip && d.card.is_some()
        })
    })
}

/// A screenshot of the window opened with `args` (plus a scene's seed and actions).
fn shot(name: &str, (seed, actions): &(String, String), args: &[&str]) -> Option<Image> {
    let xvfb = Xvfb::start(1280, 800)?;
    let scratch = Scratch::new(name);
    let png = scratch.path("shot.png");
    let mut all = vec![
        "--screenshot",
        png.to_str().unwrap(),
        "--frames",
        "5",
        "--seed",
        seed,
    ];
    if !actions.is_empty() {
        all.extend(["--actions", actions]);
    }
    all.extend(args);
    Some(decode(&wait(spawn(&xvfb.display, &all)), &png))
}

/// Violet, as the Guide's colour and its anti-aliased edges look (small text has few
/// pixels of the exact colour).
fn violet(p: [u8; 3]) -> bool {
    p[2] > 110 && p[2] as i32 - p[1] as i32 > 40 && p[0] as i32 - p[1] as i32 > 10
}

/// The "whose turn" badge, top right of the prompt panel (1280x800).
const BADGE: ((u32, u32), (u32, u32)) = ((780, 600), (960, 640));

#[test]
fn the_guides_view_shows_the_hidden_row_the_deck_and_the_notes_instead_of_the_table() {
    let at = foe_roll();
    let Some(table) = shot("guide-table", &at, &["--guide"]) else {
        return;
    };
    let Some(view) = shot("guide-view", &at, &["--guide", "--guide-view"]) else {
        return;
    };
    // Its heading, in the Guide's colour, top left; the table has none there.
    let heading = count(&view, (15, 15), (330, 60), near(GUIDE));
    assert!(heading > 120, "no Guide's-view heading: {heading}");
    assert!(count(&table, (15, 15), (330, 60), near(GUIDE)) < 20);
    // Under the row's three cards, each slot's tag in the Guide's colour ("2: face down").
    for (x0, x1) in [(30, 245), (255, 470), (480, 700)] {
        let tag = count(&view, (x0, 415), (x1, 440), violet);
        assert!(tag > 60, "no tag under the row slot at {x0}..{x1}: {tag}");
    }
    // The right panel's gold headings: the notes' source, "To read aloud", "For the Guide
    // only", and the foe's die.
    let gold = count(&view, (730, 85), (1250, 320), near(GOLD));
    assert!(gold > 80, "no gold headings in the notes panel: {gold}");
    // It hides the table: most of the picture differs from the table's.
    let mut differ = 0;
    for y in (0..800).step_by(4) {
        for x in (0..1280).step_by(4) {
            if common::pixels::rgb(&table, x, y) != common::pixels::rgb(&view, x, y) {
                differ += 1;
            }
        }
    }
    assert!(
        differ > 30_000,
        "the view looks like the table: {differ} of 64000 differ"
    );
}

#[test]
fn the_table_shows_whose_turn_it_is_in_that_players_colour() {
    let Some(guides) = shot("guide-turn", &foe_roll(), &["--guide"]) else {
        return;
    };
    let (a, b) = BADGE;
    let badge = count(&guides, a, b, near(GUIDE));
    assert!(badge > 200, "no Guide's-turn badge: {badge}");
    assert!(count(&guides, a, b, near(GOLD)) < 30);
    let Some(travellers) = shot("traveller-turn", &duel_roll(true), &["--guide"]) else {
        return;
    };
    let gold = count(&travellers, a, b, near(GOLD));
    assert!(gold > 200, "no traveller's-turn badge: {gold}");
    assert!(count(&travellers, a, b, near(GUIDE)) < 30);
    // Alone there is no badge and nothing of the Guide's colour in the prompt panel.
    let Some(alone) = shot("alone-turn", &duel_roll(false), &[]) else {
        return;
    };
    let none = count(&alone, (345, 597), (960, 787), violet);
    assert!(none < 20, "a solo table shows Guide controls: {none}");
}

/// Holding Tab in a live window covers the table, then opens the Guide's view; letting go
/// hides it again.
#[test]
fn holding_tab_in_a_live_window_opens_the_guides_view() {
    let (seed, actions) = foe_roll();
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("hold-tab");
    let png = scratch.path("never.png");
    let report = scratch.path("layout.json");
    let mut game = spawn_live(
        &xvfb.display,
        &[
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            LIVE_FRAMES,
            "--layout-report",
            report.to_str().unwrap(),
            "--guide",
            "--seed",
            &seed,
            "--actions",
            &actions,
        ],
        &report,
    );
    let view = |w: &[String]| says(w, "The Guide's view");
    let table = game.until("the table", |w| says(w, "Tab  Guide's view"));
    assert!(!view(&table), "{table:?}");
    focus(&xvfb.display);
    xdotool(&xvfb.display, &["keydown", "Tab"]);
    game.until("the cover", |w| says(w, "Traveller, look away"));
    game.until("the Guide's view, Tab held", view);
    xdotool(&xvfb.display, &["keyup", "Tab"]);
    game.until("the table again, Tab let go", |w| {
        !view(w) && says(w, "Tab  Guide's view")
    });
}

/// Table dice in a live window: Enter asks for the dice, 9 and x are refused, 3 and 5 are
/// the traveller's and the foe's dice, and the saved run forces exactly those.
#[test]
fn typed_table_dice_are_checked_and_saved_with_the_run() {
    let (seed, actions) = duel_roll(false);
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("table-dice");
    let saves = scratch.path("saves");
    let png = scratch.path("never.png");
    let report = scratch.path("layout.json");
    let mut game = spawn_live(
        &xvfb.display,
        &[
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            LIVE_FRAMES,
            "--layout-report",
            report.to_str().unwrap(),
            "--seed",
            &seed,
            "--actions",
            &actions,
            "--table-dice",
            "traveller",
            "--saves",
            saves.to_str().unwrap(),
        ],
        &report,
    );
    let taken = actions.split(',').filter(|a| !a.is_empty()).count();
    game.until("the table", |w| w.len() > 30);
    focus(&xvfb.display);
    // Each key once what it answers is on screen.
    let steps: [(&str, &str, &str); 5] = [
        ("Return", "the question for your die", "your die"),
        ("9", "9 refused", "\u{201c}9\u{201d} is not a die face"),
        ("x", "x refused", "\u{201c}x\u{201d} is not a die face"),
        ("3", "the question for the foe's die", "the foe's die"),
        ("5", "the roll played", ""),
    ];
    for (key, what, phrase) in steps {
        game.key(&xvfb.display, key);
        if !phrase.is_empty() {
            game.until(what, |w| says(w, phrase));
        }
    }
    // The roll is saved with the run (the autosave after each action).
    let save = wait_for_save(&saves, taken + 1);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).expect("a JSON save");
    let forced: Vec<(u64, u64)> = json["forced"]
        .as_array()
        .expect("typed dice are saved")
        .iter()
        .map(|f| (f["after"].as_u64().unwrap(), f["value"].as_u64().unwrap()))
        .collect();
    let taken = actions.split(',').filter(|a| !a.is_empty()).count();
    assert_eq!(
        forced,
        vec![(taken as u64, 3), (taken as u64, 5)],
        "9 and x were refused; 3 and 5 were typed before the roll"
    );
    let log = json["actions"].as_array().unwrap();
    assert_eq!(log.len(), taken + 1, "one roll was played");
    assert_eq!(log[taken]["type"], "roll");
    // The roll used them: the run before it, with the typed dice, rolls 3 against 5.
    let cards = std::sync::Arc::new(
        forward::cards::load::load_dir(std::path::Path::new(common::game::CARDS))
            .expect("the shipped cards")
            .0,
    );
    let saved = forward::save::load(&save).unwrap_or_else(|e| panic!("{e}"));
    let setup = forward::session::Setup {
        seed: seed.parse().expect("a seed"),
        guide: false,
        mode: forward::core::DiceMode::Rolled,
        rules: Default::default(),
        dice: Vec::new(),
    };
    let mut run = forward::session::Session::replay(cards, setup, &saved.actions[..taken], &[], 0)
        .expect("the run before the roll replays");
    run.force_die(3);
    run.force_die(5);
    let events = run.act(&saved.actions[taken]).expect("the roll");
    assert!(
        events.iter().any(|e| matches!(
            e,
            forward::core::Event::ExchangeRolled {
                traveller: Some(3),
                foe: 5,
                ..
            }
        )),
        "{events:?}"
    );
    // And the save, loaded, stands where that roll left the run.
    assert_eq!(
        serde_json::to_value(forward::protocol::view(&saved.state)).expect("json"),
        serde_json::to_value(forward::protocol::view(&run.state)).expect("json")
    );
}

/// Waits (at most [`DEADLINE`]) for the run's save in `saves` to hold `actions` actions;
/// its path.
fn wait_for_save(saves: &std::path::Path, actions: usize) -> std::path::PathBuf {
    let started = std::time::Instant::now();
    loop {
        let saved = std::fs::read_dir(saves)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .find(|p| {
                p.extension().is_some_and(|x| x == "json")
                    && p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with("run-"))
                    && std::fs::read_to_string(p)
                        .ok()
                        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
                        .is_some_and(|j| {
                            j["actions"].as_array().is_some_and(|a| a.len() == actions)
                        })
            });
        if let Some(path) = saved {
            return path;
        }
        assert!(
            started.elapsed() < DEADLINE,
            "no save of {actions} actions in {} within {DEADLINE:?}",
            saves.display()
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// A card's choice for the Guide: the options are listed on the stage under a heading in
/// the Guide's colour, and the buttons are the Guide's.
#[test]
fn a_guides_choice_shows_its_options_in_the_guides_colour() {
    use forward::core::state::{ChoiceKind, Phase};
    let at = scene(
        "a choice for the Guide",
        true,
        |s| matches!(&s.phase, Phase::Choice(c) if matches!(c.kind, ChoiceKind::Guide { .. })),
    );
    let Some(img) = shot("guide-choice", &at, &["--guide"]) else {
        return;
    };
    // The heading right of the card, and the violet buttons under the prompt.
    let heading = count(&img, (620, 200), (960, 240), violet);
    assert!(heading > 150, "no Guide's heading on the stage: {heading}");
    let buttons = count(&img, (350, 650), (960, 740), near(GUIDE));
    assert!(buttons > 300, "no buttons in the Guide's colour: {buttons}");
    let (a, b) = BADGE;
    assert!(count(&img, a, b, near(GUIDE)) > 200, "not the Guide's turn");
}
