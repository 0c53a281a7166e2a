//! The balance lab: two card sets played on the same seeds and compared, and a report
//! that says where runs end and what stops them.

use forward::cards::CardSet;
use forward::cards::load::load_dir;
use forward::core::DiceMode;
use forward::sim::batch::{PolicyKind, Progress, simulate};
use forward::sim::compare::{Change, Config, compare};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards")
}

/// A copy of the shipped cards in a fresh temporary directory.
fn copy_of_cards(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("forward-lab-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&shipped(), &dir);
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read cards") {
        let e = e.expect("entry");
        let target = to.join(e.file_name());
        if e.file_type().expect("type").is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).expect("copy");
        }
    }
}

/// Edits one JSON file of a card set in place.
fn edit(file: &Path, change: impl FnOnce(&mut Value)) {
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(file).expect("read")).expect("json");
    change(&mut v);
    std::fs::write(file, serde_json::to_string_pretty(&v).expect("json")).expect("write");
}

fn load(dir: &Path) -> Arc<CardSet> {
    match load_dir(dir) {
        Ok((set, _)) => Arc::new(set),
        Err(r) => panic!("{} does not load: {}", dir.display(), r.summary()),
    }
}

fn config(dir: &Path) -> Config {
    Config {
        label: dir.display().to_string(),
        cards: load(dir),
        policy: PolicyKind::Planner,
        dice: DiceMode::Rolled,
        rules: Default::default(),
        renames: Default::default(),
    }
}

fn change<'a>(changes: &'a [Change], figure: &str, id: &str) -> &'a Change {
    changes
        .iter()
        .find(|c| c.figure == figure && c.id == id)
        .unwrap_or_else(|| panic!("no {figure} {id}"))
}

#[test]
fn a_tougher_foe_lowers_the_win_rate_beyond_doubt() {
    // The Rimebound Convict of the Frozen Gaol, the planner's deadliest card, from HP 6 to
    // 10: more runs end in the Gaol and fewer are won.
    let dir_b = copy_of_cards("convict");
    edit(&dir_b.join("domains/frozen_gaol.json"), |v| {
        let stations = v["stations"].as_array_mut().expect("stations");
        let convict = stations
            .iter_mut()
            .find(|c| c["id"] == "rimebound_convict")
            .expect("the convict");
        assert_eq!(convict["hp"], 6, "the shipped convict changed: pick again");
        convict["hp"] = 10.into();
    });
    let (a, b) = (config(&shipped()), config(&dir_b));
    let c = compare(&a, &b, 20_000, 7, 2, &Progress::default()).expect("pool");
    let s = c.summary(&a, &b);
    assert_eq!(s.runs, 20_000);
    let win = change(&s.changes, "win_rate", "");
    assert!(win.difference < 0.0, "{win:?}");
    assert!(win.ci95[1] < 0.0 && win.significant, "{win:?}");
    assert_eq!(win.a, s.a.summary.win_rate);
    assert_eq!(win.b, s.b.summary.win_rate);
    let gaol = change(&s.changes, "ended_in", "frozen_gaol");
    assert!(gaol.ci95[0] > 0.0, "{gaol:?}");
    let convict = change(&s.changes, "kill_rate", "rimebound_convict");
    assert!(convict.ci95[0] > 0.0, "{convict:?}");
    // The report leads with the significant changes.
    let first_plain = s.changes.iter().position(|c| !c.significant).expect("some");
    assert!(s.changes[..first_plain].iter().all(|c| c.significant));
    assert!(s.changes[first_plain..].iter().all(|c| !c.significant));
    // Domains before the Gaol play exactly alike: the same seeds, the same cards.
    let shrine = change(&s.changes, "ended_in", "forgotten_shrine");
    assert_eq!((shrine.difference, shrine.ci95), (0.0, [0.0, 0.0]));
    let _ = std::fs::remove_dir_all(&dir_b);
}

#[test]
fn identical_sets_differ_by_exactly_nothing() {
    let dir_b = copy_of_cards("same");
    let (a, b) = (config(&shipped()), config(&dir_b));
    let c = compare(&a, &b, 1_500, 3, 2, &Progress::default()).expect("pool");
    assert_eq!(c.a, c.b, "both sides play the very same runs");
    let s = c.summary(&a, &b);
    for ch in &s.changes {
        assert_eq!((ch.difference, ch.ci95), (0.0, [0.0, 0.0]), "{ch:?}");
        assert!(!ch.significant);
        assert_eq!(ch.a, ch.b);
    }
    // Each side is what a plain batch of the same seeds gives.
    let alone = simulate(
        &a.cards,
        1_500,
        3,
        PolicyKind::Planner,
        1,
        &Progress::default(),
    )
    .expect("pool");
    assert_eq!(alone, c.a);
    let _ = std::fs::remove_dir_all(&dir_b);
}

fn forward() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_forward"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn run_ok(c: &mut Command) -> String {
    let out = c.output().expect("run forward");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn a_seal_that_cannot_be_broken_is_named() {
    // The Seal of Acedia made impossible: the Mirror Knight must follow and not follow.
    let dir = copy_of_cards("acedia");
    edit(&dir.join("guardian.json"), |v| {
        let seals = v["seals"].as_array_mut().expect("seals");
        let acedia = seals
            .iter_mut()
            .find(|s| s["id"] == "seal_of_acedia")
            .expect("acedia");
        acedia["broken_by"] = serde_json::json!({"all": [
            {"follows": "mirror_knight"}, {"not": {"follows": "mirror_knight"}}
        ]});
    });
    let file = dir.join("report.html");
    let text = run_ok(
        forward()
            .args([
                "simulate", "--runs", "1000", "--seed", "7", "--policy", "planner",
            ])
            .arg("--cards")
            .arg(&dir)
            .arg("--report")
            .arg(&file),
    );
    assert!(text.contains("won 0 (0.0%"), "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("WHAT STOPS THE RUNS"))
        .unwrap_or_else(|| panic!("no statement: {text}"));
    assert!(
        line.contains("0 of 1000 runs broke Seal of Acedia"),
        "{line}"
    );
    let html = std::fs::read_to_string(&file).expect("report");
    assert!(html.contains("What stops the runs:"));
    assert!(html.contains("0 of 1000 runs broke Seal of Acedia"));
    // Every run that reached the Guardian was stopped by the seal, by name.
    let json: Value = serde_json::from_str(&run_ok(
        forward()
            .args([
                "simulate", "--runs", "1000", "--seed", "7", "--policy", "planner", "--json",
            ])
            .arg("--cards")
            .arg(&dir),
    ))
    .expect("json");
    let acedia = json["endings"]
        .as_array()
        .expect("endings")
        .iter()
        .find(|e| e["id"] == "seal_of_acedia")
        .expect("acedia row");
    let reached = json["guardian"]["reached"].as_u64().expect("reached");
    assert!(reached > 0);
    assert_eq!(acedia["runs"].as_u64(), Some(reached));
    assert_eq!(json["guardian"]["duel_losses"].as_u64(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shipped_reports_show_the_guardian_duels_share_of_losses() {
    let dir = std::env::temp_dir().join(format!("forward-lab-duel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let file = dir.join("report.html");
    let args = [
        "simulate", "--runs", "2000", "--seed", "7", "--policy", "planner",
    ];
    let json: Value =
        serde_json::from_str(&run_ok(forward().args(args).arg("--json"))).expect("json");
    let duel = json["guardian"]["duel_losses"]
        .as_u64()
        .expect("duel losses");
    let share = json["guardian"]["duel_share_of_losses"]
        .as_f64()
        .expect("share");
    assert!(duel > 0 && share > 0.05, "{duel} {share}");
    let text = run_ok(forward().args(args).arg("--report").arg(&file));
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("The Guardian duel"))
        .unwrap_or_else(|| panic!("no duel row: {text}"));
    assert!(row.contains(&duel.to_string()), "{row}");
    assert!(
        row.contains(&format!("{:.1}% of losses", share * 100.0)),
        "{row}"
    );
    let html = std::fs::read_to_string(&file).expect("report");
    assert!(
        html.contains("<tr><td>The Guardian duel</td>"),
        "duel row in the table"
    );
    assert!(html.contains(&format!("{:.1}%", share * 100.0)));
    assert!(
        html.contains("Where runs end (share of all runs)"),
        "endings chart"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_comparison_does_not_depend_on_the_number_of_jobs_and_reports() {
    let dir = std::env::temp_dir().join(format!("forward-lab-jobs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let file = dir.join("compare.html");
    let base = [
        "simulate",
        "--runs",
        "600",
        "--seed",
        "5",
        "--compare",
        "cards",
    ];
    let json = |jobs: &str| -> Value {
        let mut v: Value = serde_json::from_str(&run_ok(
            forward().args(base).args(["--json", "--jobs", jobs]),
        ))
        .expect("json");
        let o = v.as_object_mut().expect("object");
        for k in [
            "elapsed_seconds",
            "runs_per_second",
            "runs_per_second_per_job",
            "jobs",
        ] {
            assert!(o.remove(k).is_some(), "missing {k}");
        }
        v
    };
    assert_eq!(json("1"), json("2"));
    let text = run_ok(forward().args(base).arg("--report").arg(&file));
    assert!(text.contains("no figure changed significantly"), "{text}");
    assert!(text.contains("where runs end"), "{text}");
    let html = std::fs::read_to_string(&file).expect("report");
    assert!(html.contains("A: where runs end") && html.contains("B: where runs end"));
    assert!(html.contains("class=\"sides\""), "side by side");
    let _ = std::fs::remove_dir_all(&dir);
}
