//! Running the `forward` binary from a test, and a fresh scratch folder for its files.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `forward` with `args` from the repository's root and waits for it.
pub fn forward(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the forward binary runs")
}

/// An empty folder of this name under the tests' scratch directory.
pub fn tmp(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// What a run printed, both streams, for an assertion's message.
pub fn show(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// `forward cards import SHEET --out OUT --json` (and `extra`): the run and its JSON
/// report (`null` when it printed none).
pub fn import(sheet: &Path, out: &Path, extra: &[&str]) -> (Output, serde_json::Value) {
    let mut args = vec![
        "cards",
        "import",
        sheet.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--json",
    ];
    args.extend_from_slice(extra);
    let o = forward(&args);
    let v = serde_json::from_slice(&o.stdout).unwrap_or(serde_json::Value::Null);
    (o, v)
}
