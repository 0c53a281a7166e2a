//! Running the `forward` binary from a test, and a fresh scratch folder for its files.

use std::path::PathBuf;
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
