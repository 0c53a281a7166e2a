//! A guided run in a live window, played from both seats to its end: the traveller by keys
//! on the window (xdotool), the Guide only by clicks on the Guide's screen the window serves,
//! in headless Chromium. The page's state (`/state`) says whose turn it is; at the end the
//! window's history holds the finished run, with the Guide's clicks among its actions.
//!
//! Needs `Xvfb`, Mesa's software GL, `xdotool` and Debian's `chromium` and
//! `chromium-driver` (`.ci/run` installs them).

use crate::common::game::{DEADLINE, LIVE_FRAMES, Live, Taken, focus, says, spawn_live};
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
    let url = guide_address(&mut game);
    let (addr, code) = url.split_once("/?code=").expect("a code");
    focus(&x.display);
    browser.open(&format!("http://{url}"));
    // The page asks for the Guide's seat; the Guide accepts it in the Guide's view.
    browser.wait_text("#turn", |t| t.starts_with("Asking"));
    accept_in_the_view(&mut game, &x.display);
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

/// The Guide accepts the device asking for the seat as a Guide does: holds Tab (the cover,
/// then the Guide's view, which names the device), presses A, lets go of Tab.
/// The Guide's screen's address (`host:port/?code=...`) as the window prints it on stderr.
fn guide_address(game: &mut Live) -> String {
    let err = game.take_stderr().expect("stderr");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            if let Some(url) = line.strip_prefix("Guide's screen: http://") {
                let _ = tx.send(url.to_string());
            }
        }
    });
    rx.recv_timeout(DEADLINE)
        .expect("the window printed the Guide's screen's address")
}

fn accept_in_the_view(game: &mut Live, display: &str) {
    game.send(display, &["keydown", "Tab"], Taken::keys(1));
    game.until("the Guide's view naming the asking device", |w| {
        says(w, "The Guide's view") && says(w, "A  accept")
    });
    game.key(display, "a");
    game.until("the device accepted", |w| says(w, "holds the seat"));
    game.send(display, &["keyup", "Tab"], Taken::default());
    game.until("the table again", |w| !says(w, "The Guide's view"));
}

/// The window's Guide's screen through Save & Quit and Continue, as people use it: a real
/// page in Chromium pairs (its code shown only in the Guide's view, never on the shared
/// table), follows the run, is told the run waits while the window is at its title, and
/// follows on after Continue on the same address, code and seat, with the Guide's table
/// dice still on.
#[test]
fn save_and_quit_then_continue_and_the_same_page_follows_on() {
    let Some(browser) = Browser::start(390, 844, true) else {
        return;
    };
    let Some(x) = Xvfb::start(1280, 800) else {
        return;
    };
    let dirs = Scratch::new("window-guide-continue");
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
            "8",
            "--guide-screen",
            "127.0.0.1:0",
            "--table-dice",
            "guide",
            "--speed",
            "instant",
            "--saves",
            &saves.display().to_string(),
            "--config",
            &config.display().to_string(),
        ],
        &report,
    );
    let url = guide_address(&mut game);
    let (addr, code) = url.split_once("/?code=").expect("a code");
    focus(&x.display);
    // The screen's card is up on the shared table: how it stands, never its code.
    let shared = game.until("the Guide's screen's card", |w| says(w, "Guide, hold Tab"));
    assert!(!shared.iter().any(|w| w.contains(code)), "{shared:?}");
    game.key(&x.display, "x");
    let table = game.until("the table", |w| says(w, "Guide's screen: waiting"));
    assert!(!table.iter().any(|w| w.contains(code)), "{table:?}");
    // The seed stays off the shared table in a guided run (the log, the Esc menu).
    assert!(!table.iter().any(|w| w.contains("seed 8")), "{table:?}");
    game.key(&x.display, "Escape");
    let menu = game.until("the menu", |w| says(w, "Save & Quit"));
    assert!(
        says(&menu, "in the Guide's view until the run ends"),
        "{menu:?}"
    );
    assert!(
        !menu.iter().any(|w| w.contains("F-8-")),
        "no run code: {menu:?}"
    );
    game.key(&x.display, "Escape");
    browser.open(&format!("http://{url}"));
    browser.wait_text("#turn", |t| t.starts_with("Asking"));
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    browser.screenshot(&shots.join("continue-page-asking.png"));
    accept_in_the_view(&mut game, &x.display);
    let turn = browser.wait_text("#turn", |t| t.ends_with("turn") || t.ends_with("Guide"));
    assert!(!turn.is_empty());
    let table = game.until("the holder named", |w| says(w, "follows"));
    assert!(says(&table, "Guide's dice: table dice"), "{table:?}");
    browser.screenshot(&shots.join("continue-page-before.png"));
    // Save & Quit: the window at its title, the page told the run waits (not gone).
    game.key(&x.display, "Escape");
    game.until("the menu", |w| says(w, "Save & Quit"));
    game.key(&x.display, "2");
    game.until("the title", |w| says(w, "Continue"));
    browser.wait_text("#turn", |t| t == "The table is away");
    let cue = browser.text("#cue").unwrap_or_default();
    assert!(cue.contains("picks up by itself"), "{cue}");
    assert_eq!(browser.text("#conn").as_deref(), Some("Connected"));
    browser.screenshot(&shots.join("continue-page-away.png"));
    // Continue: the same page follows on, on the same address with the same code.
    game.key(&x.display, "Return");
    let table = game.until("the table again", |w| says(w, "follows"));
    assert!(
        says(&table, "Guide's dice: table dice"),
        "the switch kept: {table:?}"
    );
    browser.wait_text("#turn", |t| t.ends_with("turn") || t.ends_with("Guide"));
    assert_eq!(browser.text("#conn").as_deref(), Some("Connected"));
    let seat = browser.eval("return localStorage.getItem('forward-guide-seat');");
    let seat = seat.as_str().expect("the page's token").to_string();
    let (status, body) = http(addr, "GET", &format!("/state?code={code}&seat={seat}"), "");
    assert_eq!(status, 200, "{body}");
    let snap: Value = serde_json::from_str(&body).expect("json");
    assert_eq!(snap["table_dice"], true, "{snap}");
    assert!(snap.get("away").is_none(), "{snap}");
    browser.screenshot(&shots.join("continue-page-after.png"));
    // R gives a new code: the page, its table gone for good, says so and stops asking.
    game.key(&x.display, "Escape");
    game.until("the menu", |w| says(w, "Save & Quit"));
    game.key(&x.display, "6");
    game.until("the screen's card", |w| says(w, "New code"));
    game.key(&x.display, "r");
    game.until("a new code", |w| says(w, "has a new code"));
    browser.wait_text("#turn", |t| t == "The table closed");
    let said = browser.text("#link").unwrap_or_default();
    assert!(said.contains("scan the new code"), "{said}");
    assert!(
        !browser
            .text("#conn")
            .unwrap_or_default()
            .contains("Reconnecting")
    );
    browser.screenshot(&shots.join("continue-page-closed.png"));
    drop(game);
}

/// One step of a guided run in the window: the Guide's part clicked on the page (Continue
/// on a held card, else the first of the Guide's buttons), the traveller's by keys (a digit
/// while exploring, else Enter, then letters). Returns whether the run moved on.
fn one_step(game: &mut Live, display: &str, browser: &Browser, state: &dyn Fn() -> Value) -> bool {
    let now = state();
    let version = now["version"].clone();
    if now["held"].is_object() {
        browser.click("#continue");
        return poll(DEADLINE, || state()["version"] != version);
    }
    if now["turn"] == "guide" && now["actions"].as_array().is_some_and(|a| !a.is_empty()) {
        let prompt = now["prompt"].as_str().unwrap_or_default().to_string();
        browser.wait_text("#prompt", |t| t == prompt);
        browser.click("#actions button");
        return poll(DEADLINE, || state()["version"] != version);
    }
    let prompt = now["prompt"].as_str().unwrap_or_default();
    let keys: &[&str] = if prompt.contains("flip") || prompt.contains("face-down") {
        &["1", "2", "3", "Return", "Return", "a", "a"]
    } else {
        &["Return", "Return", "a", "a", "b", "b", "r", "1"]
    };
    keys.iter().any(|k| {
        game.key(display, k);
        (0..KEY_FRAMES).any(|_| {
            let moved = state()["version"] != version;
            if !moved {
                game.frames(1);
            }
            moved
        }) || state()["version"] != version
    })
}

/// The long soak, for anyone to run (ignored in the suite: it lasts ten minutes):
/// `FORWARD_SOAK_SECS=600 cargo test --test window -- --ignored --nocapture soak_the_window`.
/// A real page in headless Chromium follows a guided run in the real window (Xvfb, keys by
/// xdotool), a step every 3 s; two fifths in, Save & Quit, a minute at the title, then
/// Continue; at the end the page must still follow (or say its run ended). Prints what the
/// page counted: polls, 304s, bytes of the bodies, failures, reconnects, the slowest answer.
/// Photographs the page at 390x844 and 1280x800 now and then (`target/tmp/soak-window/`).
#[test]
#[ignore]
fn soak_the_windows_guides_screen_through_save_and_quit() {
    use std::time::{Duration, Instant};
    let secs: u64 = std::env::var("FORWARD_SOAK_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(600);
    let Some(browser) = Browser::start(390, 844, true) else {
        return;
    };
    let Some(x) = Xvfb::start(1280, 800) else {
        return;
    };
    let dirs = Scratch::new("window-guide-soak");
    let (saves, config) = (dirs.path("saves"), dirs.path("config"));
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
            "21",
            "--guide-screen",
            "127.0.0.1:0",
            "--speed",
            "fast",
            "--saves",
            &saves.display().to_string(),
            "--config",
            &config.display().to_string(),
        ],
        &report,
    );
    let url = guide_address(&mut game);
    let (addr, code) = url.split_once("/?code=").expect("a code");
    focus(&x.display);
    game.key(&x.display, "x");
    browser.open(&format!("http://{url}"));
    browser.wait_text("#turn", |t| t.starts_with("Asking"));
    accept_in_the_view(&mut game, &x.display);
    browser.wait_text("#conn", |t| t == "Connected");
    let seat = browser.eval("return localStorage.getItem('forward-guide-seat');");
    let seat = seat.as_str().expect("the token").to_string();
    let state = || -> Value {
        let (_, body) = http(addr, "GET", &format!("/state?code={code}&seat={seat}"), "");
        serde_json::from_str(&body).unwrap_or(Value::Null)
    };
    let photos = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("soak-window");
    std::fs::create_dir_all(&photos).expect("a folder for the photographs");
    let photo = |name: &str| {
        browser.screenshot(&photos.join(format!("phone-{name}.png")));
        browser.viewport(1280, 800, false);
        std::thread::sleep(Duration::from_millis(300));
        browser.screenshot(&photos.join(format!("laptop-{name}.png")));
        browser.viewport(390, 844, true);
    };
    let started = Instant::now();
    let (mut steps, mut parked) = (0, false);
    while started.elapsed() < Duration::from_secs(secs) {
        std::thread::sleep(Duration::from_secs(3));
        if !parked && started.elapsed() >= Duration::from_secs(secs * 2 / 5) {
            parked = true;
            game.key(&x.display, "Escape");
            game.until("the menu", |w| says(w, "Save & Quit"));
            game.key(&x.display, "2");
            game.until("the title", |w| says(w, "Continue"));
            browser.wait_text("#turn", |t| t == "The table is away");
            photo("away");
            std::thread::sleep(Duration::from_secs(60));
            game.key(&x.display, "Return");
            game.until("the table again", |w| says(w, "follows"));
            browser.wait_text("#conn", |t| t == "Connected");
            photo("continued");
            continue;
        }
        if state()["over"] == true {
            continue;
        }
        assert!(
            one_step(&mut game, &x.display, &browser, &state),
            "the run did not move on from {}",
            state()
        );
        steps += 1;
        if steps % 25 == 0 {
            photo(&format!("{steps:03}"));
        }
    }
    let stats = browser.eval("return window.forwardStats;");
    let conn = browser.text("#conn").unwrap_or_default();
    let turn = browser.text("#turn").unwrap_or_default();
    println!(
        "soak {secs} s in the window: {steps} steps, Save & Quit and Continue: {parked}; page: {stats}; conn {conn:?}, turn {turn:?}"
    );
    assert!(parked, "the soak went through Save & Quit and Continue");
    assert!(
        conn == "Connected" || turn.contains("ended"),
        "the page still follows: {conn:?} {turn:?}"
    );
    let polls = stats["polls"].as_f64().unwrap_or(0.0);
    assert!(polls > secs as f64 / 6.0, "the page kept asking: {stats}");
}
