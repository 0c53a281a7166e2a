//! An installed `forward` run from anywhere: from an empty directory, with a fresh home,
//! the built-in cards are played and the saves go to the per-user data directory.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// An empty scratch directory under the target directory, made fresh for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("install-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cwd")).expect("make the scratch directory");
    std::fs::create_dir_all(dir.join("home")).expect("make the home");
    dir
}

/// `forward ARGS` run in `dir/cwd` with `HOME=dir/home` and `XDG_DATA_HOME=dir/data`.
fn forward(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(args)
        .current_dir(dir.join("cwd"))
        .env("HOME", dir.join("home"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env_remove("FORWARD_SAVES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start forward");
    let mut input = child.stdin.take().expect("stdin is piped");
    input.write_all(stdin.as_bytes()).expect("send stdin");
    drop(input);
    child.wait_with_output().expect("forward runs")
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

#[test]
fn validate_from_an_empty_directory_checks_the_built_in_cards() {
    let dir = scratch("validate");
    let out = forward(&dir, &["validate"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).ends_with("9 domains, 162 station cards, 0 errors, 0 warnings\n"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn play_headless_and_simulate_work_from_an_empty_directory() {
    let dir = scratch("play");
    let out = forward(
        &dir,
        &["play", "--headless", "--seed", "7"],
        "{\"type\":\"abandon\"}\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\"lost\""), "{stdout}");
    let out = forward(&dir, &["simulate", "--runs", "20", "--json"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["runs"], 20);
    // Nothing was written where the game was run.
    let left: Vec<_> = std::fs::read_dir(dir.join("cwd")).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn saves_and_history_live_in_the_per_user_data_directory() {
    let dir = scratch("saves");
    let out = forward(&dir, &["history", "--json"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let want = dir.join("data/forward/saves/history.jsonl");
    assert_eq!(v["file"], want.display().to_string());
    // `--saves` and FORWARD_SAVES still win.
    let out = forward(&dir, &["history", "--json", "--saves", "mine"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["file"], "mine/history.jsonl");
}

#[test]
fn a_cards_folder_in_the_current_directory_overrides_the_built_in_set() {
    let dir = scratch("local");
    let local = dir.join("cwd/cards");
    std::fs::create_dir_all(&local).unwrap();
    // A folder with a map that does not parse: the folder is used, and its error shown.
    std::fs::write(local.join("map.json"), "{").unwrap();
    let out = forward(&dir, &["validate"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("map.json"),
        "{}",
        text(&out.stdout)
    );
    // `--cards` names another folder.
    let out = forward(&dir, &["validate", "--cards", "nowhere"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("nowhere"),
        "{}",
        text(&out.stdout)
    );
}
