//! The Settings screen in the window: it opens, keys change settings at once and they are
//! saved to the `--config` directory; without `--config` a screenshot run keeps nothing.
//! Each test starts its own Xvfb (no sound device here: the game says so and plays on).
//!
//! Needs `Xvfb`, Mesa's software GL and `xdotool` (`.ci/run` installs them).

use crate::common;
use crate::common::game::{DEADLINE, LIVE_FRAMES, focus, spawn, spawn_live};
use crate::common::pixels::{Scratch, wait};
use crate::common::xvfb::Xvfb;

fn settings(dir: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(dir.join("settings.json")).expect("settings written");
    serde_json::from_str(&text).expect("settings are JSON")
}

#[test]
fn keys_on_the_settings_screen_change_and_save_settings() {
    let Some(xvfb) = Xvfb::start(1024, 640) else {
        return;
    };
    let scratch = Scratch::new("settings-keys");
    let config = scratch.path("config");
    let png = scratch.path("never.png");
    let report = scratch.path("layout.json");
    let mut game = spawn_live(
        &xvfb.display,
        &[
            "--open",
            "settings",
            "--config",
            config.to_str().unwrap(),
            "--size",
            "1024x640",
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            LIVE_FRAMES,
            "--layout-report",
            report.to_str().unwrap(),
        ],
        &report,
    );
    game.until("the Settings screen", |w| {
        w.iter().any(|w| w == "Text size")
    });
    focus(&xvfb.display);
    // M mutes anywhere; on the Settings screen Down x8 reaches Text size, Right grows it.
    // Each key once the game has taken the last: two presses within one frame count once.
    // The pointer out of the way first: a row under it would take the selection.
    game.point(&xvfb.display, 1000, 600);
    game.key(&xvfb.display, "m");
    for _ in 0..8 {
        game.key(&xvfb.display, "Down");
    }
    game.key(&xvfb.display, "Right");
    // Saved at once, before the game ends.
    let started = std::time::Instant::now();
    while !std::fs::read_to_string(config.join("settings.json"))
        .is_ok_and(|t| t.contains("\"text_size\": \"large\""))
    {
        assert!(
            started.elapsed() < DEADLINE,
            "the larger text size was not saved within {DEADLINE:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    game.key(&xvfb.display, "Escape");
    let out = game.quit_from_the_title(&xvfb.display);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr
            .lines()
            .filter(|l| l.starts_with("sound is off"))
            .count()
            <= 1,
        "{stderr}"
    );
    let s = settings(&config);
    assert_eq!(s["version"], 1);
    assert_eq!(s["mute"], true, "{s}");
    assert_eq!(s["text_size"], "large", "{s}");
}

#[test]
fn a_screenshot_without_config_keeps_no_settings_and_a_broken_file_is_replaced() {
    let Some(xvfb) = Xvfb::start(1024, 640) else {
        return;
    };
    let scratch = Scratch::new("settings-none");
    let config = scratch.path("config");
    std::fs::create_dir_all(&config).unwrap();
    // Pointed at by the environment only: a screenshot run must not touch it.
    std::fs::write(config.join("settings.json"), "not json").unwrap();
    let png = scratch.path("title.png");
    let out = wait(
        std::process::Command::new(env!("CARGO_BIN_EXE_forward"))
            .args(["--cards", common::game::CARDS])
            .args(["--screenshot", png.to_str().unwrap(), "--frames", "3"])
            .env("DISPLAY", &xvfb.display)
            .env_remove("WAYLAND_DISPLAY")
            .env("FORWARD_CONFIG", &config)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap(),
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(config.join("settings.json")).unwrap(),
        "not json"
    );
    // With --config the broken file is reported once and replaced by the defaults.
    let out = wait(spawn(
        &xvfb.display,
        &[
            "--config",
            config.to_str().unwrap(),
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            "3",
        ],
    ));
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("forward: settings:").count(), 1, "{stderr}");
    assert!(stderr.contains("is broken"), "{stderr}");
    assert_eq!(settings(&config)["version"], 1);
    assert!(config.join("settings.json.broken").exists());
}
