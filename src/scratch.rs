//! Unit tests' scratch paths: a path that does not exist yet, inside a temporary folder
//! that is removed when the test drops the guard, so that no test leaves files behind.

use std::path::PathBuf;

/// A guard for a temporary folder, and the path `name` inside it (not created).
pub fn scratch(name: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = match tempfile::Builder::new().prefix("forward-test-").tempdir() {
        Ok(t) => t,
        Err(e) => panic!("a temporary folder for a test: {e}"),
    };
    let path = tmp.path().join(name);
    (tmp, path)
}
