//! `forward simulate` under stress: Ctrl-C on a huge batch, a closed pipe, a report file
//! that cannot be written, and an absurd `--jobs`.

use std::io::Read;
use std::process::{Command, Stdio};

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

#[test]
fn ctrl_c_stops_a_billion_run_batch_and_reports_what_was_played() {
    let child = forward()
        .args(["simulate", "--runs", "1000000000", "--jobs", "2", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start");
    // Let it load the cards and start playing, then interrupt it.
    std::thread::sleep(std::time::Duration::from_secs(3));
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
    let mut child = forward()
        .args(["simulate", "--runs", "1000000000", "--jobs", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start");
    std::thread::sleep(std::time::Duration::from_secs(3));
    kill(child.id(), "-INT");
    kill(child.id(), "-INT");
    let status = child.wait().expect("wait");
    // Either the first stop finished before the second arrived (0) or the second
    // exited at once (130); it never runs on.
    assert!(matches!(status.code(), Some(0 | 130)), "{status}");
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
