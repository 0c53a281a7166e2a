//! The guided first run ("Learn to play") in a live window, played to its end by a
//! new player: once by keyboard (from the first start's offer on the title), once by mouse
//! clicks (from `--lesson`). The game's lesson trace (`FORWARD_LESSON_TRACE`) prints each
//! hint as it appears, with the key it names and the middle of what it points at in window
//! pixels (the table's own frame and layout), so the test answers each hint in turn.
//!
//! Needs `Xvfb`, Mesa's software GL and `xdotool` (`.ci/run` installs them).

use crate::common::game::DEADLINE;
use crate::common::game::{LIVE_ENV, LIVE_FRAMES, Live, focus, forget, says};
use crate::common::pixels::Scratch;
use crate::common::xvfb::Xvfb;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;

/// One hint from the trace: `lesson: NAME [key K] [at X,Y]`.
#[derive(Debug, Clone, PartialEq)]
struct Hint {
    name: String,
    key: Option<String>,
    at: Option<(i32, i32)>,
}

fn parse(line: &str) -> Option<Hint> {
    let rest = line.strip_prefix("lesson: ")?;
    let mut words = rest.split_whitespace();
    let name = words.next()?.to_string();
    let (mut key, mut at) = (None, None);
    while let Some(w) = words.next() {
        match w {
            "key" => key = words.next().map(str::to_string),
            "at" => {
                at = words.next().and_then(|p| {
                    let (x, y) = p.split_once(',')?;
                    Some((x.parse().ok()?, y.parse().ok()?))
                })
            }
            _ => {}
        }
    }
    Some(Hint { name, key, at })
}

/// xdotool's name for a key the hint names.
fn xkey(k: &str) -> &str {
    match k {
        "Enter" => "Return",
        other => other,
    }
}

/// The step names the lesson goes through, in order (holds left out).
const STEPS: [&str; 22] = [
    "flip",
    "flip-item",
    "take",
    "flip-rest",
    "grace",
    "leave-rest",
    "route",
    "flip-foe",
    "roll",
    "reroll",
    "use",
    "flip-terror",
    "terror",
    "flip-pit",
    "pit",
    "route-bridge",
    "rumour",
    "flip-snare",
    "flip-companion",
    "flip-blessing",
    "crossing",
    "guardian",
];

/// Plays the lesson to its end, answering each hint by key or by a click on what it points
/// at; returns the names of the hints seen. `first`: what to do before the lesson (the
/// title's offer). The game must start with the trace on.
fn play(
    game: &mut Live,
    display: &str,
    lines: &mpsc::Receiver<String>,
    by_mouse: bool,
    first: impl FnOnce(&mut Live),
) -> Vec<String> {
    first(game);
    let mut seen = Vec::new();
    loop {
        let line = lines
            .recv_timeout(DEADLINE)
            .unwrap_or_else(|_| panic!("no new hint within {DEADLINE:?}; hints so far: {seen:?}"));
        let Some(hint) = parse(&line) else {
            continue;
        };
        seen.push(hint.name.clone());
        if by_mouse {
            let (x, y) = hint
                .at
                .unwrap_or_else(|| panic!("the hint {line:?} points at nothing to click"));
            // The pointer seen there in a frame of its own, then the click.
            game.point(display, x, y);
            game.click(display, x, y);
        } else {
            let k = hint
                .key
                .as_deref()
                .unwrap_or_else(|| panic!("the hint {line:?} names no key"));
            game.key(display, xkey(k));
        }
        if hint.name == "guardian" {
            // A real seal, met at the reveal: the log says so (never "0 of 0").
            game.until("the warden's seal met at the reveal", |w| {
                w.iter().any(|l| l.contains("1 of 1 seal"))
            });
        }
        if hint.name == "finished" {
            // The end panel is up; the answer just sent goes back to the title.
            return seen;
        }
        assert!(seen.len() < 80, "the lesson does not end: {seen:?}");
    }
}

/// Starts the game with the lesson trace on and its layout report written at every frame
/// (to `report`); its stdout lines come through the channel.
fn start(display: &str, args: &[&str], report: &Path) -> (Live, mpsc::Receiver<String>) {
    forget(report);
    let mut child = Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(args)
        .env_remove("WAYLAND_DISPLAY")
        .env("DISPLAY", display)
        .env("FORWARD_LESSON_TRACE", "1")
        .env(LIVE_ENV, "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start forward");
    let stdout = child.stdout.take().expect("stdout is piped");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (Live::new(child, report), rx)
}

/// A lesson opened at once (`--lesson`) with saves of its own, at instant speed, its
/// layout report written at every frame.
struct Opened {
    saves: PathBuf,
    game: Live,
    lines: mpsc::Receiver<String>,
}

fn open_lesson(xvfb: &Xvfb, scratch: &Scratch) -> Opened {
    let saves = scratch.path("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let png = scratch.path("never.png");
    let report = scratch.path("layout.json");
    let (game, lines) = start(
        &xvfb.display,
        &[
            "--lesson",
            "--saves",
            saves.to_str().unwrap(),
            "--speed",
            "instant",
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            LIVE_FRAMES,
            "--layout-report",
            report.to_str().unwrap(),
        ],
        &report,
    );
    focus(&xvfb.display);
    Opened { saves, game, lines }
}

/// The hints seen, holds left out, must be every step in order and then the end.
fn assert_every_step(seen: &[String]) {
    let steps: Vec<&str> = seen
        .iter()
        .map(String::as_str)
        .filter(|n| *n != "hold")
        .collect();
    let mut want: Vec<&str> = STEPS.to_vec();
    want.push("finished");
    // A step's line may repeat when the log under it changed; the order is what counts.
    let mut dedup = steps.clone();
    dedup.dedup();
    assert_eq!(dedup, want, "hints seen: {seen:?}");
}

/// Nothing was saved and nothing recorded: the saves directory holds no file at all.
fn assert_nothing_recorded(saves: &std::path::Path) {
    let files: Vec<_> = std::fs::read_dir(saves)
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(
        files.is_empty(),
        "the lesson left files in the saves directory: {files:?}"
    );
}

#[test]
fn a_new_player_completes_the_lesson_by_keyboard_from_the_first_start() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("lesson-keys");
    let (saves, config) = (scratch.path("saves"), scratch.path("config"));
    std::fs::create_dir_all(&saves).unwrap();
    let png = scratch.path("never.png");
    let report = scratch.path("layout.json");
    let (mut game, lines) = start(
        &xvfb.display,
        &[
            "--saves",
            saves.to_str().unwrap(),
            "--config",
            config.to_str().unwrap(),
            "--speed",
            "instant",
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            LIVE_FRAMES,
            "--layout-report",
            report.to_str().unwrap(),
        ],
        &report,
    );
    focus(&xvfb.display);
    let display = xvfb.display.clone();
    // A fresh config and no saves: the title offers the lesson; Enter takes it.
    game.until("the title's offer of the lesson", |w| {
        w.iter().any(|w| w == "Learn to play")
    });
    let seen = play(&mut game, &xvfb.display, &lines, false, |game| {
        game.key(&display, "Return");
    });
    assert_every_step(&seen);
    // Back on the title, which offers a real run.
    let words = game.until("the title after the lesson", |w| {
        w.iter().any(|w| w == "New run")
    });
    assert!(words.iter().any(|w| w == "Learn to play"), "{words:?}");
    game.quit_from_the_title(&xvfb.display);
    assert_nothing_recorded(&saves);
    // The offer is made once: the settings remember it.
    let settings = std::fs::read_to_string(config.join("settings.json")).expect("settings");
    assert!(settings.contains("\"lesson_offered\": true"), "{settings}");
}

#[test]
fn a_new_player_completes_the_lesson_by_mouse() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("lesson-mouse");
    let Opened {
        saves,
        mut game,
        lines,
    } = open_lesson(&xvfb, &scratch);
    let seen = play(&mut game, &xvfb.display, &lines, true, |_| {});
    assert_every_step(&seen);
    game.until("the title after the lesson", |w| {
        w.iter().any(|w| w == "New run")
    });
    game.quit_from_the_title(&xvfb.display);
    assert_nothing_recorded(&saves);
}

#[test]
fn leaving_the_lesson_asks_first_and_records_nothing() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("lesson-leave");
    let Opened {
        saves,
        mut game,
        lines,
    } = open_lesson(&xvfb, &scratch);
    let first = lines.recv_timeout(DEADLINE).expect("the first hint");
    assert!(first.starts_with("lesson: flip "), "{first}");
    let question = "Leave the lesson? Nothing is saved or counted";
    // Esc opens the menu; its second entry is Leave the lesson...
    game.key(&xvfb.display, "Escape");
    let menu = game.until("the menu", |w| says(w, "Leave the lesson"));
    assert!(!says(&menu, question), "{menu:?}");
    // ...which asks first, and does not leave yet...
    game.key(&xvfb.display, "2");
    let asked = game.until("the question before leaving", |w| says(w, question));
    assert!(!asked.iter().any(|w| w == "New run"), "{asked:?}");
    // ...and Enter confirms: back on the title, which offers the lesson again.
    game.key(&xvfb.display, "Return");
    game.until("the title after leaving", |w| {
        w.iter().any(|w| w == "Learn to play")
    });
    game.quit_from_the_title(&xvfb.display);
    assert_nothing_recorded(&saves);
}
