//! The guided first run ("Learn to play") in a live window, played to its end by a
//! new player: once by keyboard (from the first start's offer on the title), once by mouse
//! clicks (from `--lesson`). The game's lesson trace (`FORWARD_LESSON_TRACE`) prints each
//! hint as it appears, with the key it names and the middle of what it points at in window
//! pixels (the table's own frame and layout), so the test answers each hint in turn.
//!
//! Needs `Xvfb`, Mesa's software GL and `xdotool` (`.ci/run` installs them).

mod common {
    #[allow(dead_code)]
    pub mod game;
    #[allow(dead_code)]
    pub mod pixels;
    #[allow(dead_code)]
    pub mod xvfb;
}

use common::game::{decode, focus, xdotool};
use common::pixels::{Scratch, wait};
use common::xvfb::Xvfb;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

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

/// The words drawn in the last frame, from the layout report.
fn drawn(report: &std::path::Path) -> Vec<String> {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report).expect("the layout report"))
            .expect("JSON");
    json["drawn"]
        .as_array()
        .expect("a list of strings drawn")
        .iter()
        .filter_map(|d| d["text"].as_str().map(str::to_string))
        .collect()
}

/// xdotool's name for a key the hint names.
fn xkey(k: &str) -> &str {
    match k {
        "Enter" => "Return",
        other => other,
    }
}

/// The step names the lesson goes through, in order (holds left out).
const STEPS: [&str; 19] = [
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
    "flip-last",
    "crossing",
    "guardian",
];

/// Plays the lesson to its end, answering each hint by key or by a click on what it points
/// at; returns the names of the hints seen. `first`: what to do before the lesson (the
/// title's offer). The game must start with the trace on.
fn play(
    display: &str,
    lines: &mpsc::Receiver<String>,
    by_mouse: bool,
    first: impl FnOnce(),
) -> Vec<String> {
    first();
    let mut seen = Vec::new();
    loop {
        let line = lines
            .recv_timeout(Duration::from_secs(40))
            .unwrap_or_else(|_| panic!("no new hint within 40 s; hints so far: {seen:?}"));
        let Some(hint) = parse(&line) else {
            continue;
        };
        seen.push(hint.name.clone());
        if by_mouse {
            let (x, y) = hint
                .at
                .unwrap_or_else(|| panic!("the hint {line:?} points at nothing to click"));
            xdotool(display, &["mousemove", &x.to_string(), &y.to_string()]);
            std::thread::sleep(Duration::from_millis(60));
            xdotool(display, &["click", "1"]);
        } else {
            let k = hint
                .key
                .as_deref()
                .unwrap_or_else(|| panic!("the hint {line:?} names no key"));
            xdotool(display, &["key", xkey(k)]);
        }
        if hint.name == "finished" {
            // The end panel is up; the answer just sent goes back to the title.
            return seen;
        }
        assert!(seen.len() < 80, "the lesson does not end: {seen:?}");
    }
}

/// Starts the game with the lesson trace on; its stdout lines come through the channel.
fn start(display: &str, args: &[&str]) -> (std::process::Child, mpsc::Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(args)
        .env_remove("WAYLAND_DISPLAY")
        .env("DISPLAY", display)
        .env("FORWARD_LESSON_TRACE", "1")
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
    (child, rx)
}

/// The hints seen, holds left out, must be every step in order and then the end.
/// A lesson opened at once (`--lesson`) with saves of its own, at instant speed, that
/// writes `png` and a layout report after `frames` frames.
struct Opened {
    saves: std::path::PathBuf,
    png: std::path::PathBuf,
    report: std::path::PathBuf,
    child: std::process::Child,
    lines: mpsc::Receiver<String>,
}

fn open_lesson(xvfb: &Xvfb, scratch: &Scratch, png: &str, frames: u32) -> Opened {
    let saves = scratch.path("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let png = scratch.path(png);
    let report = scratch.path("layout.json");
    let frames = frames.to_string();
    let (child, lines) = start(
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
            &frames,
            "--layout-report",
            report.to_str().unwrap(),
        ],
    );
    focus(&xvfb.display);
    Opened {
        saves,
        png,
        report,
        child,
        lines,
    }
}

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
    let xvfb = Xvfb::start(1280, 800);
    let scratch = Scratch::new("lesson-keys");
    let (saves, config) = (scratch.path("saves"), scratch.path("config"));
    std::fs::create_dir_all(&saves).unwrap();
    let png = scratch.path("end.png");
    let report = scratch.path("layout.json");
    let (child, lines) = start(
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
            "1500",
            "--layout-report",
            report.to_str().unwrap(),
        ],
    );
    focus(&xvfb.display);
    let display = xvfb.display.clone();
    // A fresh config and no saves: the title offers the lesson; Enter takes it.
    let seen = play(&xvfb.display, &lines, false, || {
        xdotool(&display, &["key", "Return"]);
    });
    let out = wait(child);
    decode(&out, &png);
    assert_every_step(&seen);
    // Back on the title, which offers a real run.
    let words = drawn(&report);
    assert!(words.iter().any(|w| w == "New run"), "{words:?}");
    assert!(words.iter().any(|w| w == "Learn to play"), "{words:?}");
    assert_nothing_recorded(&saves);
    // The offer is made once: the settings remember it.
    let settings = std::fs::read_to_string(config.join("settings.json")).expect("settings");
    assert!(settings.contains("\"lesson_offered\": true"), "{settings}");
}

#[test]
fn a_new_player_completes_the_lesson_by_mouse() {
    let xvfb = Xvfb::start(1280, 800);
    let scratch = Scratch::new("lesson-mouse");
    let Opened {
        saves,
        png,
        report,
        child,
        lines,
    } = open_lesson(&xvfb, &scratch, "end.png", 1500);
    let seen = play(&xvfb.display, &lines, true, || {});
    let out = wait(child);
    decode(&out, &png);
    assert_every_step(&seen);
    let words = drawn(&report);
    assert!(words.iter().any(|w| w == "New run"), "{words:?}");
    assert_nothing_recorded(&saves);
}

#[test]
fn leaving_the_lesson_asks_first_and_records_nothing() {
    let xvfb = Xvfb::start(1280, 800);
    let scratch = Scratch::new("lesson-leave");
    let Opened {
        saves,
        png,
        report,
        child,
        lines,
    } = open_lesson(&xvfb, &scratch, "title.png", 420);
    let first = lines
        .recv_timeout(Duration::from_secs(40))
        .expect("the first hint");
    assert!(first.starts_with("lesson: flip "), "{first}");
    let key = |k: &str| {
        xdotool(&xvfb.display, &["key", k]);
        std::thread::sleep(Duration::from_millis(250));
    };
    // Esc, then the menu's second entry: Leave the lesson, which asks; Enter confirms.
    key("Escape");
    key("2");
    key("Return");
    let out = wait(child);
    decode(&out, &png);
    let words = drawn(&report);
    assert!(words.iter().any(|w| w == "Learn to play"), "{words:?}");
    assert_nothing_recorded(&saves);
}
