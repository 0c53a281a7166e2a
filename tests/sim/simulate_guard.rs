//! `forward simulate` under stress: Ctrl-C on a huge batch, a closed pipe, a report file
//! that cannot be written, and an absurd `--jobs`.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn forward() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_forward"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn kill(pid: u32, signal: &str) {
    let ok = Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(ok.success());
}

/// How long a step of these tests may take on a slow, busy machine before it counts as
/// a hang: generous, since each wait ends as soon as its condition holds.
const DEADLINE: Duration = Duration::from_secs(60);

/// Waits until process `pid` catches SIGINT (the `SigCgt` mask of `/proc/PID/status`):
/// `forward simulate` installs its Ctrl-C handler before the batch starts, so a signal
/// sent earlier would kill it instead of stopping the batch.
fn wait_for_sigint_handler(pid: u32) {
    const SIGINT_BIT: u64 = 1 << (2 - 1);
    let started = Instant::now();
    loop {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let caught = status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
            .unwrap_or(0);
        if caught & SIGINT_BIT != 0 {
            return;
        }
        assert!(
            started.elapsed() < DEADLINE,
            "forward simulate installed no Ctrl-C handler within {DEADLINE:?}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Waits for the child to exit; kills it and fails after [`DEADLINE`].
fn exit_within_deadline(child: &mut Child, what: &str) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("poll forward") {
            return status;
        }
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("forward simulate did not exit within {DEADLINE:?} {what}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn ctrl_c_stops_a_billion_run_batch_and_reports_what_was_played() {
    let child = forward()
        .args(["simulate", "--runs", "1000000000", "--jobs", "2", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start");
    wait_for_sigint_handler(child.id());
    kill(child.id(), "-INT");
    let out = child.wait_with_output().expect("wait");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["interrupted"], true);
    assert!(v["runs"].as_u64().expect("runs") < 1_000_000_000);
}

#[test]
fn a_second_ctrl_c_exits_at_once() {
    // Standard output is a pipe this test fills before the game writes to it, and reads
    // only at the end: after the first Ctrl-C the batch stops and its report blocks on
    // the full pipe, so the stop cannot finish on its own before the second Ctrl-C (two
    // signals sent back to back would also merge into one).
    let (mut reader, mut writer) = std::io::pipe().expect("a pipe");
    let mut child = forward()
        .args(["simulate", "--runs", "1000000000", "--jobs", "1"])
        .stdout(writer.try_clone().expect("the pipe's writing end"))
        .stderr(Stdio::piped())
        .spawn()
        .expect("start");
    let stderr = child.stderr.take().expect("stderr is piped");
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    fill(&mut writer);
    drop(writer);
    wait_for_sigint_handler(child.id());
    kill(child.id(), "-INT");
    line_with(&lines, "stopping; the runs finished so far are reported");
    // The first stop is under way (and held up by the full pipe): the second exits.
    kill(child.id(), "-INT");
    let status = exit_within_deadline(&mut child, "after the second Ctrl-C");
    assert_eq!(status.code(), Some(130), "{status}");
    line_with(&lines, "forward simulate: interrupted again; exiting");
    // Nothing of the report got out past the filler.
    let mut out = Vec::new();
    reader.read_to_end(&mut out).expect("read the pipe");
    assert!(out.iter().all(|&b| b == FILLER), "a report was written");
}

/// The byte the pipe is filled with.
const FILLER: u8 = b'#';

/// Fills `pipe` until a write would block (Linux pipes hold 64 KiB by default).
fn fill(pipe: &mut std::io::PipeWriter) {
    use std::os::fd::AsRawFd;
    let fd = pipe.as_raw_fd();
    // Non-blocking for this loop only: the game's copy of the pipe shares the flag, so it
    // is put back before the game writes.
    set_nonblocking(fd, true);
    let chunk = [FILLER; 4096];
    loop {
        match pipe.write(&chunk) {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
            Err(e) => panic!("fill the pipe: {e}"),
        }
    }
    set_nonblocking(fd, false);
}

/// Waits (at most [`DEADLINE`]) for a stderr line of the game that contains `needle`.
fn line_with(lines: &mpsc::Receiver<String>, needle: &str) {
    let mut seen = Vec::new();
    while !seen.last().is_some_and(|l: &String| l.contains(needle)) {
        match lines.recv_timeout(DEADLINE) {
            Ok(line) => seen.push(line),
            Err(_) => panic!("no {needle:?} on stderr within {DEADLINE:?}; seen: {seen:?}"),
        }
    }
}

/// Sets or clears `O_NONBLOCK` on `fd`.
fn set_nonblocking(fd: std::os::fd::RawFd, on: bool) {
    // SAFETY: fcntl on a descriptor this test owns, with flags it read just before.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    assert!(flags >= 0, "fcntl F_GETFL");
    let flags = if on {
        flags | libc::O_NONBLOCK
    } else {
        flags & !libc::O_NONBLOCK
    };
    // SAFETY: as above.
    assert!(
        unsafe { libc::fcntl(fd, libc::F_SETFL, flags) } >= 0,
        "fcntl F_SETFL"
    );
}

#[test]
fn a_closed_pipe_is_not_a_panic() {
    let mut child = forward()
        .args(["simulate", "--runs", "50"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start");
    // `forward simulate | head -0`: the reader is gone before the report is printed.
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("read");
    let status = child.wait().expect("wait");
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn an_unwritable_report_is_refused_before_the_batch() {
    let out = forward()
        .args([
            "simulate",
            "--runs",
            "1000000000",
            "--report",
            "/nonexistent-dir/report.html",
        ])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot write the report /nonexistent-dir/report.html"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "no batch was played");
}

#[test]
fn absurd_jobs_are_capped_with_a_note() {
    let out = forward()
        .args(["simulate", "--runs", "20", "--jobs", "20000", "--json"])
        .output()
        .expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("--jobs 20000 is more than 256"), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["jobs"], 256);
    assert_eq!(v["runs"], 20);
}
