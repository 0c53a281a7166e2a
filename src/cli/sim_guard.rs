//! The guards around `forward simulate` that keep a batch from being lost or hanging:
//! a cap on `--jobs`, the `--report` file checked before the batch, Ctrl-C (the first
//! stops the batch and reports, a second exits at once), and output to a closed pipe.

use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The most worker threads a batch starts, whatever `--jobs` says: more only adds
/// scheduling overhead on any machine this game targets, and thousands never finish.
pub const MAX_JOBS: usize = 256;

/// The exit code after a second Ctrl-C (128 + SIGINT, as shells report it).
pub const INTERRUPTED: i32 = 130;

/// `--jobs` (default: the cores), at least 1 and at most [`MAX_JOBS`]; the note to print
/// when it was capped.
pub fn jobs(asked: Option<usize>) -> (usize, Option<String>) {
    let n = asked
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    if n > MAX_JOBS {
        let note = format!(
            "forward simulate: --jobs {n} is more than {MAX_JOBS} worker threads; using {MAX_JOBS}"
        );
        (MAX_JOBS, Some(note))
    } else {
        (n, None)
    }
}

/// Checks before the batch that the report file can be written (opened for writing,
/// created if missing, its content left as it is). A new empty file made here is removed
/// again so a failed batch leaves nothing behind.
pub fn check_report(path: &Path) -> io::Result<()> {
    let existed = path.exists();
    if path.is_dir() {
        return Err(io::Error::other("it is a directory"));
    }
    fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    if !existed {
        let _ = fs::remove_file(path);
    }
    Ok(())
}

/// Ctrl-C sets the flag `stop` picks out of `shared` (the batch ends after the runs in
/// hand and reports); a second Ctrl-C exits at once.
pub fn on_ctrl_c<T: Send + Sync + 'static>(shared: Arc<T>, stop: fn(&T) -> &AtomicBool) {
    let _ = ctrlc::set_handler(move || {
        if stop(&shared).swap(true, Ordering::Relaxed) {
            let _ = writeln!(io::stderr(), "forward simulate: interrupted again; exiting");
            std::process::exit(INTERRUPTED);
        }
        let _ = writeln!(
            io::stderr(),
            "forward simulate: stopping; the runs finished so far are reported (Ctrl-C again to exit at once)"
        );
    });
}

/// Writes `text` to stdout. A closed pipe (`forward simulate | head`) is not an error;
/// any other failure is returned.
pub fn print(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_are_capped_with_a_note() {
        let (n, note) = jobs(Some(20_000));
        assert_eq!(n, MAX_JOBS);
        assert!(note.expect("a note").contains("--jobs 20000"));
        assert_eq!(jobs(Some(3)), (3, None));
        assert_eq!(jobs(Some(0)), (1, None));
    }

    #[test]
    fn an_unwritable_report_is_found_before_the_batch() {
        let (_tmp, dir) = crate::scratch::scratch("guard");
        fs::create_dir_all(&dir).expect("dir");
        assert!(check_report(&dir).is_err(), "a directory");
        assert!(check_report(&dir.join("missing/dir/report.html")).is_err());
        let fine = dir.join("report.html");
        check_report(&fine).expect("writable");
        assert!(!fine.exists(), "the check leaves no empty file behind");
        let _ = fs::remove_dir_all(&dir);
    }
}
