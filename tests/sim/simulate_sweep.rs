//! `forward simulate --sweep CARD.FIELD=A..B`: one number of one card played at each value
//! of a range on the same seeds, the win rate per value in text, JSON and HTML, and
//! mistakes told in a designer's words.

use serde_json::Value;
use std::process::{Command, Output};

fn simulate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_forward"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("simulate")
        .args(args)
        .output()
        .expect("run forward simulate")
}

fn ok(args: &[&str]) -> String {
    let out = simulate(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const SWEEP: [&str; 8] = [
    "--runs",
    "400",
    "--seed",
    "3",
    "--policy",
    "planner",
    "--sweep",
    "guardian.hp=16..24",
];

/// The JSON: one point per value on the same seeds; the card's value now gives exactly
/// the figures of a plain batch; a Guardian with 24 HP is beaten less often than one
/// with 16.
#[test]
fn the_json_gives_each_value_its_win_rate() {
    let v: Value = serde_json::from_str(&ok(&[&SWEEP[..], &["--json"]].concat())).expect("json");
    assert_eq!(v["card"], "guardian");
    assert_eq!(v["field"], "hp");
    assert_eq!(v["current"], 20);
    assert_eq!(v["runs"], 400);
    let points = v["points"].as_array().expect("points");
    let values: Vec<i64> = points
        .iter()
        .map(|p| p["value"].as_i64().unwrap())
        .collect();
    assert_eq!(values, (16..=24).collect::<Vec<_>>());
    for p in points {
        assert_eq!(p["runs"], 400);
        assert_eq!(p["current"], p["value"] == 20);
        let (rate, ci) = (p["win_rate"].as_f64().unwrap(), &p["win_rate_ci95"]);
        assert!(
            ci[0].as_f64().unwrap() <= rate && rate <= ci[1].as_f64().unwrap(),
            "{p}"
        );
        assert!(
            p.get("card").is_none(),
            "the Guardian is no Station card: {p}"
        );
    }
    let plain: Value = serde_json::from_str(&ok(&[
        "--runs", "400", "--seed", "3", "--policy", "planner", "--json",
    ]))
    .expect("json");
    assert_eq!(points[4]["wins"], plain["wins"]);
    let rate = |i: usize| points[i]["win_rate"].as_f64().unwrap();
    assert!(
        rate(8) < rate(0),
        "24 HP: {} against 16 HP: {}",
        rate(8),
        rate(0)
    );
}

/// The text: a heading naming the card, one line per value, the value now starred; a
/// Station card's own kill rate beside it.
#[test]
fn the_text_has_a_line_per_value() {
    let t = ok(&SWEEP);
    assert!(
        t.starts_with("Sweep of guardian.hp (The Guardian, now 20): 400 runs per value with the Planner bot (seed 3"),
        "{t}"
    );
    for v in 16..=24 {
        let star = if v == 20 { "*" } else { " " };
        assert!(
            t.lines().any(|l| l.starts_with(&format!("{v:>6}{star}  "))),
            "no line for {v}:\n{t}"
        );
    }
    assert!(t.contains("* the card's value now"), "{t}");
    let t = ok(&["--runs", "200", "--sweep", "cinder_hound.faces.5.deal=1..3"]);
    assert!(t.contains("kill rate of the card"), "{t}");
    assert_eq!(
        t.lines().filter(|l| l.contains(" flips)")).count(),
        3,
        "{t}"
    );
    assert!(t.lines().any(|l| l.starts_with("     2*  ")), "{t}");
}

/// The HTML page: the chart of the win rate per value and the table.
#[test]
fn the_html_charts_the_win_rate() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("sweep-report");
    std::fs::create_dir_all(&dir).expect("tmp");
    let file = dir.join("sweep.html");
    ok(&[
        "--runs",
        "100",
        "--sweep",
        "cinder_hound.hp=2..4",
        "--report",
        file.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(&file).expect("report written");
    assert_eq!(html.matches("<svg").count(), 1);
    assert!(html.contains("Win rate per value of hp (95% CI)"), "{html}");
    assert_eq!(html.matches("<tr").count(), 4, "a header and three values");
    assert!(html.contains("<td>3 (now)</td>"), "{html}");
}

/// Mistakes are told before any run, in a designer's words, with exit code 2.
#[test]
fn mistakes_are_told_in_a_designers_words() {
    for (sweep, said) in [
        ("hound.hp=2..6", "no card `hound` in the set"),
        ("cinder_hond.hp=2..6", "did you mean `cinder_hound`?"),
        (
            "cinder_hound.name=2..6",
            "`name` of cinder_hound is text, not a number",
        ),
        (
            "cinder_hound.bite=2..6",
            "`bite` is not a field of cinder_hound",
        ),
        ("cinder_hound.hp=6..2", "it runs downwards"),
        ("cinder_hound.hp=two..6", "`two` is not a whole number"),
        ("cinder_hound.hp", "is not a sweep: write CARD.FIELD=A..B"),
    ] {
        let out = simulate(&["--runs", "10", "--sweep", sweep]);
        assert_eq!(out.status.code(), Some(2), "{sweep}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("forward simulate --sweep: "),
            "{sweep}: {err}"
        );
        assert!(err.contains(said), "{sweep}: {err}");
        assert!(out.stdout.is_empty(), "{sweep}: nothing printed");
    }
}
