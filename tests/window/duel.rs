//! A duel worth watching, in a real window (Xvfb): frames captured during and after a die
//! landing, a blow, a critical, a counter, a block, a miss and a kill; the odds of a
//! reroll; a quiet card going on by itself alone and waiting in a guided run; a quick duel
//! playing on by itself and stopping at the kill. Each scene is found by the greedy bot
//! and its roll tried on a copy of the state, so the test holds when the cards change.
//! The pictures are kept under target/duel/ to be looked at.
//!
//! Needs `Xvfb` and Mesa's software GL (`.ci/run` installs them).

use crate::common::game::{CARDS, decode, scene, spawn};
use crate::common::pixels::{Scratch, count, wait};
use crate::common::xvfb::Xvfb;
use forward::cards::model::StationType;
use forward::core::state::Phase;
use forward::core::{Action, Event, State, Strike, execute, legal_actions};
use forward::present::pace;
use macroquad::prelude::Image;
use std::path::{Path, PathBuf};

/// Where the pictures go (kept after the test, to be looked at).
fn out(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("duel");
    std::fs::create_dir_all(&dir).expect("create the pictures' directory");
    dir.join(name)
}

/// A picture and the strings drawn in it.
struct Shot {
    img: Image,
    words: Vec<String>,
}

impl Shot {
    fn says(&self, phrase: &str) -> bool {
        self.words.iter().any(|w| w.contains(phrase))
    }

    /// A string drawn on its own, exactly this (a stamped word, not a table row).
    fn stamped(&self, word: &str) -> bool {
        self.words.iter().any(|w| w == word)
    }
}

/// Opens the run of `seed` after `actions` (the last played on the stage with
/// `play_last`), and screenshots frame `frames` with its layout report. `extra`: more
/// arguments (`--guide`, `--config DIR`).
fn shot(seed: &str, actions: &str, frames: u32, name: &str, extra: &[&str]) -> Option<Shot> {
    let x = Xvfb::start(1280, 800)?;
    let png = out(name);
    let report = png.with_extension("json");
    let frames_arg = frames.to_string();
    let png_arg = png.to_string_lossy().to_string();
    let report_arg = report.to_string_lossy().to_string();
    let mut args = vec![
        "--seed",
        seed,
        "--actions",
        actions,
        "--size",
        "1280x800",
        "--screenshot",
        &png_arg,
        "--frames",
        &frames_arg,
        "--layout-report",
        &report_arg,
    ];
    args.extend_from_slice(extra);
    // These moments were drawn for a duel that waits for each roll: quick duels (on by
    // default) are turned off unless a test brings its own settings.
    let off = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("duel-quick-off");
    std::fs::create_dir_all(&off).expect("a settings folder");
    std::fs::write(
        off.join("settings.json"),
        r#"{"version": 1, "quick_duels": false}"#,
    )
    .expect("the settings");
    let off = off.to_string_lossy().to_string();
    if !extra.contains(&"--config") {
        args.extend_from_slice(&["--config", &off]);
    }
    let out = wait(spawn(&x.display, &args));
    let img = decode(&out, &png);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).expect("a layout report"))
            .expect("the report is JSON");
    let words = json["drawn"]
        .as_array()
        .expect("strings drawn")
        .iter()
        .filter_map(|d| d["text"].as_str().map(str::to_string))
        .collect();
    Some(Shot { img, words })
}

/// The shipped cards.
fn cards() -> std::sync::Arc<forward::cards::CardSet> {
    std::sync::Arc::new(
        forward::cards::load::load_dir(Path::new(CARDS))
            .expect("the shipped cards load")
            .0,
    )
}

/// Replays `actions` of a run of `seed`.
fn replay(seed: &str, actions: &str, guide: bool) -> State {
    let (mut s, _) = forward::core::new_run_with(cards(), seed.parse().unwrap(), Vec::new(), guide);
    for i in actions.split(',').filter(|x| !x.is_empty()) {
        let a = legal_actions(&s)[i.parse::<usize>().unwrap()].clone();
        execute(&mut s, &a).unwrap();
    }
    s
}

/// A Station foe's duel waiting for its roll, whose roll (tried on a copy) emits events
/// that `ok` accepts and leaves the traveller standing: the scene's seed and actions with
/// the roll's index appended (so that `--play-last` plays the roll).
fn rolling(what: &str, ok: impl Fn(&State, &[Event]) -> bool) -> (String, String) {
    let roll = |s: &State| -> Option<Vec<Event>> {
        let d = s.duel()?;
        d.card?;
        if d.rolled.is_some() || d.awaiting_foe.is_some() || s.health < 6 {
            return None;
        }
        legal_actions(s).contains(&Action::Roll).then_some(())?;
        let mut t = s.clone();
        let events = execute(&mut t, &Action::Roll).ok()?;
        (t.outcome.is_none()).then_some(events)
    };
    let (seed, actions) = scene(what, false, |s| roll(s).is_some_and(|e| ok(s, &e)));
    let s = replay(&seed, &actions, false);
    let i = legal_actions(&s)
        .iter()
        .position(|a| *a == Action::Roll)
        .expect("Roll is offered");
    let actions = if actions.is_empty() {
        i.to_string()
    } else {
        format!("{actions},{i}")
    };
    eprintln!("{what}: --seed {seed} --actions {actions} --play-last");
    (seed, actions)
}

/// The exchange the events resolve: (strike, dealt, taken), and whether the foe fell.
fn exchange(events: &[Event]) -> Option<(Strike, i32, i32, bool)> {
    let fell = events
        .iter()
        .any(|e| matches!(e, Event::FoeDefeated { .. }));
    events.iter().find_map(|e| match e {
        Event::ExchangeResolved {
            strike,
            to_foe,
            to_traveller,
            ..
        } => Some((*strike, *to_foe, *to_traveller, fell)),
        _ => None,
    })
}

/// The lit row of the combat table (gold over the panel) and the foe's lit face (red on
/// its card).
fn lit_rows(img: &Image) -> (usize, usize) {
    let gold = |p: [u8; 3]| (92..128).contains(&p[0]) && (78..108).contains(&p[1]) && p[2] < 90;
    let red = |p: [u8; 3]| (112..150).contains(&p[0]) && p[1] < 82 && p[2] < 82;
    (
        count(img, (625, 380), (975, 585), gold),
        count(img, (350, 390), (615, 575), red),
    )
}

/// Near-white: the flash of a struck card.
fn flash(img: &Image) -> usize {
    count(img, (350, 205), (615, 575), |p| {
        p[0] > 175 && p[1] > 165 && p[2] > 155
    })
}

/// Seconds (at 60 frames a second) into a roll's moments: the dice land at 0.55 s, the
/// blow starts at 0.95 s.
const LANDED: u32 = 40;
const IN_FLIGHT: u32 = 22;
const STRUCK: u32 = 60;
const WORD: u32 = 66;
const SETTLED: u32 = 112;

#[test]
fn a_die_lands_and_lights_its_rows_and_a_blow_flashes_the_foe_s_card() {
    let (seed, actions) = rolling("a blow that hurts the foe", |_, e| {
        exchange(e).is_some_and(|(s, dealt, _, fell)| s == Strike::Hit && dealt > 0 && !fell)
    });
    let frames = [IN_FLIGHT, LANDED, STRUCK, SETTLED];
    let mut shots = Vec::new();
    for f in frames {
        let name = format!("hit-{f}.png");
        let Some(s) = shot(&seed, &actions, f, &name, &["--play-last"]) else {
            return;
        };
        shots.push(s);
    }
    let (flying, landed) = (lit_rows(&shots[0].img), lit_rows(&shots[1].img));
    assert!(
        flying.0 < 200 && flying.1 < 200,
        "nothing lit while the dice fly: {flying:?}"
    );
    assert!(
        landed.0 > 1500 && landed.1 > 1500,
        "the rolled row and the foe's face light as the dice land: {landed:?}"
    );
    let (struck, settled) = (flash(&shots[2].img), flash(&shots[3].img));
    assert!(
        struck > 4 * settled.max(500),
        "the struck card flashes, then settles: {struck} then {settled}"
    );
}

#[test]
fn each_kind_of_blow_is_stamped_with_its_word() {
    type Want = fn(&State, &[Event]) -> bool;
    let cases: [(&str, &str, Want); 4] = [
        ("a critical", "Critical!", |_, e| {
            exchange(e).is_some_and(|(s, d, _, f)| s == Strike::Critical && d > 0 && !f)
        }),
        ("a counter", "Counter", |_, e| {
            exchange(e).is_some_and(|(s, d, _, f)| s == Strike::Counter && d > 0 && !f)
        }),
        ("a miss", "Miss", |_, e| {
            exchange(e).is_some_and(|(s, _, _, _)| s == Strike::Miss)
        }),
        ("a blow the foe blocks", "Blocked", |st, e| {
            let blocked = |r: u8| {
                let d = st.duel().and_then(|d| d.card);
                d.is_some_and(|c| st.cards.card(c).faces[(r as usize).saturating_sub(1)].block)
            };
            exchange(e).is_some_and(|(s, d, _, _)| s == Strike::Hit && d == 0)
                && e.iter().any(
                    |x| matches!(x, Event::ExchangeResolved { foe_roll, .. } if blocked(*foe_roll)),
                )
        }),
    ];
    for (what, word, want) in cases {
        let (seed, actions) = rolling(what, want);
        let name = format!("word-{}.png", word.trim_end_matches('!').to_lowercase());
        let Some(during) = shot(&seed, &actions, WORD, &name, &["--play-last"]) else {
            return;
        };
        assert!(
            during.stamped(word),
            "{what}: \"{word}\" is stamped during the blow; drawn: {:?}",
            during.words
        );
        let rest = format!("rest-{name}");
        let Some(after) = shot(&seed, &actions, SETTLED + 20, &rest, &["--play-last"]) else {
            return;
        };
        assert!(
            !after.stamped(word),
            "{what}: the word fades once the blow is over"
        );
    }
}

#[test]
fn a_kill_breaks_the_card_and_no_foe_bars_the_way_after_it() {
    let (seed, actions) = rolling("a killing blow", |_, e| {
        exchange(e).is_some_and(|(_, _, _, fell)| fell)
    });
    // The defeat plays from about 1.75 s for 1.25 s; then the card's last events play.
    let Some(breaking) = shot(&seed, &actions, 125, "kill-breaking.png", &["--play-last"]) else {
        return;
    };
    assert!(breaking.says("Defeated"), "{:?}", breaking.words);
    for f in [170, 190, 215, 300] {
        let Some(after) = shot(
            &seed,
            &actions,
            f,
            &format!("kill-{f}.png"),
            &["--play-last"],
        ) else {
            return;
        };
        assert!(
            !after.says("bars the way"),
            "frame {f}: the stage says a foe bars the way after the kill: {:?}",
            after.words
        );
    }
}

#[test]
fn the_odds_of_a_reroll_are_said_before_it_is_taken() {
    let (seed, actions) = scene("dice waiting for a Grace reroll", false, |s| {
        let Some(r) = s.duel().and_then(|d| d.rolled) else {
            return false;
        };
        s.grace > 0 && r.traveller.is_some_and(|v| v < 5)
    });
    let s = replay(&seed, &actions, false);
    let lines = forward::present::odds::lines(&s);
    let Some(odds) = lines
        .iter()
        .find(|l| l.starts_with("Grace can reroll your"))
    else {
        panic!("no reroll odds for this scene: {lines:?}");
    };
    let Some(at_rest) = shot(&seed, &actions, 20, "odds.png", &[]) else {
        return;
    };
    assert!(
        at_rest.says("As they lie:") && at_rest.says(odds),
        "the odds line \"{odds}\" is on the table: {:?}",
        at_rest.words
    );
    assert!(
        at_rest.says("against your"),
        "the foe's faces say what each does"
    );
}

/// A settings directory with these settings.
fn config(scratch: &Scratch, json: &str) -> String {
    let dir = scratch.path("config");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("settings.json"), json).unwrap();
    dir.to_string_lossy().to_string()
}

/// A Caesura about to be flipped, in a run alone or with a Guide: seed and actions, the
/// flip appended.
fn caesura(guide: bool) -> (String, String) {
    let is_caesura = |s: &State, i: usize| {
        s.row[i].is_some_and(|rc| s.cards.card(rc.card).card_type == StationType::Caesura)
    };
    let (seed, actions) = scene("a Caesura to flip", guide, |s| {
        s.phase == Phase::Explore && (0..3).any(|i| is_caesura(s, i))
    });
    let s = replay(&seed, &actions, guide);
    let slot = (0..3).find(|&i| is_caesura(&s, i)).unwrap();
    let i = legal_actions(&s)
        .iter()
        .position(|a| *a == Action::Flip { slot: slot as u8 })
        .unwrap();
    let actions = if actions.is_empty() {
        i.to_string()
    } else {
        format!("{actions},{i}")
    };
    (seed, actions)
}

#[test]
fn alone_a_quiet_card_goes_on_by_itself_and_with_a_guide_it_waits() {
    let (seed, actions) = caesura(false);
    let Some(reading) = shot(&seed, &actions, 90, "quiet-reading.png", &["--play-last"]) else {
        return;
    };
    assert!(
        reading.says("What it did") && reading.says("Goes on by itself"),
        "the card is up to be read, saying it goes on by itself: {:?}",
        reading.words
    );
    let Some(later) = shot(&seed, &actions, 600, "quiet-later.png", &["--play-last"]) else {
        return;
    };
    assert!(
        !later.says("What it did"),
        "10 s later it has gone on by itself: {:?}",
        later.words
    );
    // The setting keeps today's hold.
    let scratch = Scratch::new("quiet-hold");
    let dir = config(&scratch, r#"{"version": 1, "hold_quiet_cards": true}"#);
    let extra = ["--play-last", "--config", &dir];
    let Some(held) = shot(&seed, &actions, 600, "quiet-held.png", &extra) else {
        return;
    };
    assert!(held.says("What it did"), "the setting keeps the hold");
    // With a Guide it waits for the Guide.
    let (seed, actions) = caesura(true);
    let extra = ["--play-last", "--guide"];
    let Some(guided) = shot(&seed, &actions, 600, "quiet-guided.png", &extra) else {
        return;
    };
    assert!(
        guided.says("read it aloud") && guided.says("What it did"),
        "with a Guide the card waits: {:?}",
        guided.words
    );
}

#[test]
fn a_quick_duel_plays_on_by_itself_and_stops_at_the_kill() {
    // A duel's first roll from which the quick duel, played on a copy with the run's own
    // dice, takes at least two exchanges by itself and stops only at the foe's defeat.
    let plays_out = |s: &State| -> bool {
        if s.duel().is_none_or(|d| d.exchange > 0 || d.card.is_none()) || s.health < 8 {
            return false;
        }
        let mut t = s.clone();
        let mut exchanges = 0;
        while let Some(a) = pace::quick_step(&t) {
            let before = t.clone();
            let Ok(events) = execute(&mut t, &a) else {
                return false;
            };
            exchanges += events
                .iter()
                .filter(|e| matches!(e, Event::ExchangeResolved { .. }))
                .count();
            match pace::stop_after(&before, &events) {
                Some(pace::Stop::DuelOver) => {
                    return (2..=4).contains(&exchanges)
                        && events
                            .iter()
                            .any(|e| matches!(e, Event::FoeDefeated { .. }));
                }
                Some(_) => return false,
                None => {}
            }
        }
        false
    };
    let (seed, actions) = scene("a duel that plays out by itself", false, plays_out);
    let scratch = Scratch::new("quick-duel");
    let dir = config(&scratch, r#"{"version": 1, "quick_duels": true}"#);
    let Some(mid) = shot(&seed, &actions, 100, "quick-mid.png", &["--config", &dir]) else {
        return;
    };
    assert!(
        mid.says("Quick duel: it plays on by itself."),
        "the duel plays on without a key: {:?}",
        mid.words
    );
    let Some(end) = shot(&seed, &actions, 1100, "quick-end.png", &["--config", &dir]) else {
        return;
    };
    let s = replay(&seed, &actions, false);
    let foe = s
        .duel()
        .and_then(|d| d.card)
        .map(|c| s.cards.card(c).name.clone());
    let foe = foe.expect("a Station foe");
    assert!(
        end.says(&format!("{foe} is defeated"))
            || end.words.iter().any(|w| w.contains("Exchange 2")),
        "the duel played out: {:?}",
        end.words
    );
    assert!(
        end.words
            .iter()
            .any(|w| w.contains("choose a face-down card")),
        "it stopped after the kill, at the next choice: {:?}",
        end.words
    );
    // With the setting off the duel waits for the first roll.
    let Some(plain) = shot(&seed, &actions, 300, "quick-off.png", &[]) else {
        return;
    };
    assert!(
        plain.says("HP · exchange 1"),
        "without quick duels nothing is rolled by itself: {:?}",
        plain.words
    );
}

/// With Grace banked and quick duels off, an exchange whose dice no reroll could better
/// takes one press: R rolls, and the table accepts the dice by itself (issue 52: every
/// exchange asked for Roll, then Accept). The window is driven live; the exchange has
/// landed when the prompt asks for the next roll (or the duel is over).
#[test]
fn one_press_per_exchange_when_no_reroll_helps() {
    use crate::common::game::spawn_live_configured;
    let settled_after_roll = |s: &State| {
        let mut c = s.clone();
        s.duel().is_some_and(|d| d.rolled.is_none())
            && s.grace > 0
            && !s.guide
            && legal_actions(s).contains(&Action::Roll)
            && execute(&mut c, &Action::Roll).is_ok()
            && c.duel().is_some_and(|d| d.rolled.is_some())
            && legal_actions(&c)
                .iter()
                .any(|a| matches!(a, Action::Reroll { .. }))
            && pace::accepts_itself(&c)
    };
    let (seed, actions) = scene(
        "an exchange with Grace banked whose dice no reroll betters",
        false,
        settled_after_roll,
    );
    let Some(x) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("one-press");
    let settings = forward::settings::Settings {
        lesson_offered: true,
        quick_duels: false,
        ..Default::default()
    };
    let (mut game, _) = spawn_live_configured(
        &x.display,
        &scratch,
        &settings,
        &["--seed", &seed, "--actions", &actions, "--speed", "fast"],
        &[],
    );
    // The log's last exchange, by its number ("Exchange 3: ...").
    let last_exchange = |w: &[String]| {
        w.iter()
            .filter_map(|l| {
                l.strip_prefix("Exchange ")?
                    .split(':')
                    .next()?
                    .parse::<u32>()
                    .ok()
            })
            .max()
            .unwrap_or(0)
    };
    let words = game.until("the duel's roll", |w| {
        w.iter()
            .any(|w| w.contains("Duel with") && w.contains("HP)"))
    });
    let before = last_exchange(&words);
    game.focus(&x.display);
    game.key(&x.display, "r");
    // The dice land and are accepted with no other press: the exchange is in the log.
    game.until("the exchange accepted by itself", |w| {
        last_exchange(w) > before
    });
    let taken = game.taken();
    assert_eq!(taken.keys, 1, "one press for the whole exchange: {taken:?}");
}
