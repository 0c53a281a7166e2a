//! Programs some tests drive (a browser, the clipboard's reader): found, or the test is
//! skipped with a line saying so, except under `CI=true`, where `.ci/run` installs them and
//! a missing one is an error.

use std::process::Command;

/// The first of `names` that runs (with `version_arg`), or `None` after saying the test is
/// skipped (failing under `CI=true`); `package` is the Debian package that has it.
pub fn find(names: &[&'static str], version_arg: &str, package: &str) -> Option<&'static str> {
    let found = names
        .iter()
        .copied()
        .find(|c| Command::new(c).arg(version_arg).output().is_ok());
    if found.is_none() {
        let what = names.join(" or ");
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{what} is missing (Debian package `{package}`)"
        );
        eprintln!("skipped: {what} is not installed (Debian package `{package}`)");
    }
    found
}
