//! Programs some tests drive (a browser, the clipboard's reader, sox): found, or the test is
//! skipped with a line saying so, except under CI (see [`under_ci`]), where `.ci/run`
//! installs them and a missing one is an error.

use std::process::Command;

/// Whether the tests run under continuous integration: `CI` set to anything but empty,
/// `false` or `0` (CI services set `true`, some `1`; `.ci/run` exports `CI=true`). There a
/// missing tool is an error, never a skip.
pub fn under_ci() -> bool {
    ci_says(std::env::var("CI").ok().as_deref())
}

/// [`under_ci`] for a value of `CI` (`None`: unset).
pub fn ci_says(value: Option<&str>) -> bool {
    value.is_some_and(|v| !matches!(v.trim(), "" | "false" | "0"))
}

/// Says on stderr that the running test is skipped, and why.
pub fn say_skipped(why: &str) {
    let name = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    eprintln!("skipped: {name}: {why}");
}

/// The first of `names` that runs (with `version_arg`), or `None` after saying the test is
/// skipped (failing under CI); `package` is the Debian package that has it.
pub fn find(names: &[&'static str], version_arg: &str, package: &str) -> Option<&'static str> {
    let found = names
        .iter()
        .copied()
        .find(|c| Command::new(c).arg(version_arg).output().is_ok());
    if found.is_none() {
        let what = names.join(" or ");
        assert!(
            !under_ci(),
            "{what} is missing (Debian package `{package}`); under CI every tool must be installed"
        );
        say_skipped(&format!(
            "{what} is not installed (Debian package `{package}`)"
        ));
    }
    found
}
