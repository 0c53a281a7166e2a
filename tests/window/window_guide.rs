//! A guided run in a live window, played from both seats to its end: the traveller by keys
//! on the window (xdotool), the Guide only by clicks on the Guide's screen the window serves,
//! in headless Chromium. The page's state (`/state`) says whose turn it is; at the end the
//! window's history holds the finished run, with the Guide's clicks among its actions.
//!
//! Needs `Xvfb`, Mesa's software GL, `xdotool` and Debian's `chromium` and
//! `chromium-driver` (`.ci/run` installs them).

use crate::common::game::{DEADLINE, LIVE_FRAMES, focus, spawn_live};
use crate::common::pixels::Scratch;
use crate::common::webdriver::{Browser, http, poll};
use crate::common::xvfb::Xvfb;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::sync::mpsc;

/// How many frames after a key the window is given to move the run on before the key
/// counts as one that changes nothing (a greyed choice): frames, not seconds, so that a
/// busy machine gives the key as long.
const KEY_FRAMES: usize = 20;

/// The most steps (the traveller's key presses and the Guide's clicks) the run may take.
const MAX_STEPS: usize = 400;

#[test]
fn a_guided_run_in_the_window_with_the_guide_clicking_in_chromium() {
    let Some(browser) = Browser::start(390, 844, true) else {
        return;
    };
    let Some(x) = Xvfb::start(1280, 800) else {
        return;
    };
    let dirs = Scratch::new("window-guide");
    let saves = dirs.path("saves");
    let config = dirs.path("config");
    let (shot, report) = (dirs.path("never.png"), dirs.path("layout.json"));
    let mut game = spawn_live(
        &x.display,
        &[
            "--screenshot",
            &shot.display().to_string(),
            "--frames",
            LIVE_FRAMES,
            "--layout-report",
            &report.display().to_string(),
            "--guide",
            "--seed",
            "118",
            "--guide-screen",
            "127.0.0.1:0",
            "--speed",
            "instant",
            "--saves",
            &saves.display().to_string(),
            "--config",
            &config.display().to_string(),
        ],
        &report,
    );
    let err = game.take_stderr().expect("stderr");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            if let Some(url) = line.strip_prefix("Guide's screen: http://") {
                let _ = tx.send(url.to_string());
            }
        }
    });
    let url = rx
        .recv_timeout(DEADLINE)
        .expect("the window printed the Guide's screen's address");
    let (addr, code) = url.split_once("/?code=").expect("a code");
    focus(&x.display);
    browser.open(&format!("http://{url}"));
    browser.wait_text("#turn", |t| t.ends_with("turn") || t.ends_with("Guide"));
    // The page holds the Guide's seat: the test reads the state as that page, with its
    // token (any other device is refused).
    let seat = browser.eval("return localStorage.getItem('forward-guide-seat');");
    let seat = seat
        .as_str()
        .expect("the page keeps its seat token")
        .to_string();
    let state = || -> Value {
        let (status, body) = http(addr, "GET", &format!("/state?code={code}&seat={seat}"), "");
        assert_eq!(status, 200, "the page's state");
        serde_json::from_str(&body).expect("the page's state is JSON")
    };

    let (mut clicks, mut typed) = (0, false);
    let mut now = state();
    for _ in 0..MAX_STEPS {
        if now["over"] == true {
            break;
        }
        let version = now["version"].clone();
        let moved = if now["held"].is_object() {
            // A card held up to be read is the Guide's moment: the page's Continue.
            browser.click("#continue");
            clicks += 1;
            poll(DEADLINE, || state()["version"] != version)
        } else if now["turn"] == "guide" {
            let prompt = now["prompt"].as_str().expect("prompt").to_string();
            browser.wait_text("#prompt", |t| t == prompt);
            let die_offered = now["actions"][0]["die"] == true;
            let button = match (die_offered, typed) {
                (true, false) => r##"#die button[data-die="6"]"##,
                _ => "#actions button",
            };
            typed |= die_offered;
            browser.click(button);
            clicks += 1;
            poll(DEADLINE, || state()["version"] != version)
        } else {
            // Exploring, a number flips a card; else Enter presses the highlighted button
            // (roll, continue, take, fight). A key that changes nothing (a greyed choice)
            // gives way to the next one.
            let prompt = now["prompt"].as_str().unwrap_or_default();
            // The digits are the row's; every other choice has a letter (docs/UI.md).
            // A choice that kills or breaks a known term asks once more: the same key
            // again takes it.
            let keys: &[&str] = if prompt.contains("flip") || prompt.contains("face-down") {
                &["1", "2", "3", "Return", "Return", "a", "a"]
            } else {
                &["Return", "Return", "a", "a", "b", "b", "r", "1"]
            };
            keys.iter().any(|k| {
                game.key(&x.display, k);
                (0..KEY_FRAMES).any(|_| {
                    let moved = state()["version"] != version;
                    if !moved {
                        game.frames(1);
                    }
                    moved
                }) || state()["version"] != version
            })
        };
        assert!(moved, "the run did not move on from: {now}");
        now = state();
    }
    assert_eq!(now["over"], true, "the run ended within {MAX_STEPS} steps");
    assert!(typed && clicks >= 2, "the Guide clicked {clicks} times");
    // The page says its run has ended (or, once the window has left the table, that the
    // table has closed it).
    browser.wait_text("#turn", |t| {
        t.starts_with("The run has ended") || t.contains("closed") || t.contains("Reconnecting")
    });
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    browser.screenshot(&shots.join("window-guide-page-end.png"));

    // The window recorded the finished run, the page's moves among its actions.
    let history = std::fs::read_to_string(saves.join("history.jsonl")).expect("history");
    let runs: Vec<Value> = history
        .lines()
        .map(|l| serde_json::from_str(l).expect("a history line"))
        .collect();
    assert_eq!(runs.len(), 1, "{history}");
    assert_eq!(runs[0]["seed"], 118);
    assert_ne!(
        runs[0]["outcome"]["cause"], "abandoned",
        "played to its end"
    );
    let actions = runs[0]["actions"].as_u64().expect("actions");
    assert!(
        actions > clicks as u64,
        "{actions} actions, {clicks} of them the Guide's"
    );
    drop(game);
    eprintln!("{clicks} clicks by the Guide in {actions} actions");
}
