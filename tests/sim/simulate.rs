//! The balance simulator: reproducible whatever the number of jobs, figures that add up,
//! and an estimate that matches odds worked out by hand.

use forward::cards::load::load_dir;
use forward::sim::batch::{PolicyKind, Progress, simulate};
use serde_json::Value;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

fn forward() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_forward"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn simulate_json(args: &[&str]) -> Value {
    let out = simulate_ok(forward(), args);
    serde_json::from_slice(&out.stdout).expect("json")
}

/// Runs `cmd simulate ARGS --json`, which must succeed.
fn simulate_ok(mut cmd: Command, args: &[&str]) -> std::process::Output {
    let out = cmd
        .arg("simulate")
        .args(args)
        .arg("--json")
        .output()
        .expect("run forward simulate");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The figures without the fields that measure time or say how many threads ran.
fn without_timing(mut v: Value) -> Value {
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
}

#[test]
fn results_do_not_depend_on_the_number_of_jobs() {
    for policy in ["greedy", "planner", "random"] {
        let args = ["--runs", "3000", "--seed", "7", "--policy", policy];
        let one = simulate_json(&[&args[..], &["--jobs", "1"]].concat());
        let two = simulate_json(&[&args[..], &["--jobs", "2"]].concat());
        assert_eq!(without_timing(one), without_timing(two), "{policy}");
    }
}

#[test]
fn the_figures_add_up() {
    let v = simulate_json(&["--runs", "4000", "--seed", "3", "--policy", "greedy"]);
    let runs = v["runs"].as_u64().expect("runs");
    let wins = v["wins"].as_u64().expect("wins");
    assert_eq!(runs, 4000);
    let losses: u64 = v["losses_by_cause"]
        .as_object()
        .expect("causes")
        .values()
        .map(|n| n.as_u64().expect("n"))
        .sum();
    assert_eq!(wins + losses, runs);
    let at_guardian: u64 = v["guardian_losses_by_cause"]
        .as_object()
        .expect("g")
        .values()
        .map(|n| n.as_u64().expect("n"))
        .sum();
    let in_domains: u64 = v["per_domain"]
        .as_array()
        .expect("domains")
        .iter()
        .map(|d| d["losses"].as_u64().expect("losses"))
        .sum();
    assert_eq!(in_domains + at_guardian, losses);
    let path_runs: u64 = v["per_path"]
        .as_array()
        .expect("paths")
        .iter()
        .map(|p| p["runs"].as_u64().expect("runs"))
        .sum();
    let path_wins: u64 = v["per_path"]
        .as_array()
        .expect("paths")
        .iter()
        .map(|p| p["wins"].as_u64().expect("wins"))
        .sum();
    assert_eq!((path_runs, path_wins), (runs, wins));
    let cards = v["per_card"].as_array().expect("cards");
    let killed: u64 = cards.iter().map(|c| c["killed"].as_u64().expect("k")).sum();
    assert!(killed <= losses);
    let flips: u64 = cards.iter().map(|c| c["flips"].as_u64().expect("f")).sum();
    let mean = v["mean_flips"].as_f64().expect("mean flips");
    assert!((flips as f64 / runs as f64 - mean).abs() < 0.001);
    // Every loss has one place: a Domain, the Guardian duel, a requirement or seal, or an
    // abandon.
    let endings: u64 = v["endings"]
        .as_array()
        .expect("endings")
        .iter()
        .map(|e| e["runs"].as_u64().expect("runs"))
        .sum();
    assert_eq!(endings, losses);
    let termina = &v["per_domain"][0];
    assert_eq!(termina["entered"].as_u64(), Some(runs));
    let rate = v["win_rate"].as_f64().expect("rate");
    let ci = v["win_rate_ci95"].as_array().expect("ci");
    assert!(ci[0].as_f64().expect("lo") <= rate && rate <= ci[1].as_f64().expect("hi"));
}

#[test]
fn the_estimate_matches_odds_worked_out_by_hand() {
    // One duel against a 1-HP Guardian whose every face deals 20, with ATK 0 and no
    // Grace: a Counter (6) wins, a Parry (2) rolls again, anything else loses (a Hit
    // fells the Guardian but the traveller falls in the same exchange). So the chance to
    // win is (1/6) / (1 - 1/6) = 1/5.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/duel_odds");
    let (set, _) = load_dir(&dir).expect("fixture loads");
    let set = Arc::new(set);
    for policy in [PolicyKind::Random, PolicyKind::Greedy] {
        let totals = simulate(&set, 20_000, 11, policy, 2, &Progress::default()).expect("pool");
        let s = totals.summary(&set);
        let [lo, hi] = s.win_rate_ci95;
        assert!(
            lo <= 0.2 && 0.2 <= hi,
            "{policy:?}: {} not around 0.2 ({lo}..{hi})",
            s.win_rate
        );
        assert!(
            (s.win_rate - 0.2).abs() < 0.015,
            "{policy:?}: {}",
            s.win_rate
        );
        assert_eq!(s.losses_by_cause["health"] + s.wins, 20_000);
    }
}

#[test]
fn the_html_report_has_its_charts() {
    let dir = std::env::temp_dir().join(format!("forward-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let file = dir.join("report.html");
    let out = forward()
        .args(["simulate", "--runs", "500", "--report"])
        .arg(&file)
        .output()
        .expect("run");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("runs with the Greedy bot"), "{text}");
    let html = std::fs::read_to_string(&file).expect("report written");
    assert_eq!(html.matches("<svg").count(), 4, "four charts");
    for title in [
        "Where runs end",
        "Win rate at the Guardian per completed route",
        "Health after clearing",
        "Deadliest cards",
    ] {
        assert!(html.contains(title), "missing {title}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_cards_are_reported_not_simulated() {
    let out = forward()
        .args(["simulate", "--runs", "10", "--cards", "no/such/dir"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("errors"));
}

/// Runs `forward --saves DIR simulate` with `args`; returns its stderr.
fn simulate_into(saves: &Path, args: &[&str]) -> String {
    let mut cmd = forward();
    cmd.arg("--saves").arg(saves);
    let out = simulate_ok(cmd, args);
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The runs of the per-card figures kept in `saves` for the shipped set.
fn kept_runs(saves: &Path) -> Option<u64> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let (set, _) = load_dir(&dir).expect("the shipped cards load");
    forward::sim::figures::read(saves, &set.files().hash()).map(|f| f.runs)
}

/// The per-card figures go to the `--saves` folder and say how many runs they come
/// from; a smaller batch leaves a larger one's figures alone unless told otherwise.
#[test]
fn per_card_figures_follow_saves_and_a_smaller_batch_keeps_the_larger() {
    let saves = Path::new(env!("CARGO_TARGET_TMPDIR")).join("simulate-figures");
    let _ = std::fs::remove_dir_all(&saves);
    let said = simulate_into(&saves, &["--runs", "300", "--seed", "3"]);
    assert_eq!(kept_runs(&saves), Some(300), "{said}");
    assert!(said.contains("per-card figures of 300 runs kept"), "{said}");
    let said = simulate_into(&saves, &["--runs", "20", "--seed", "3"]);
    assert_eq!(
        kept_runs(&saves),
        Some(300),
        "the larger batch's figures stay"
    );
    assert!(
        said.contains("kept the per-card figures of the earlier 300-run batch"),
        "{said}"
    );
    simulate_into(&saves, &["--runs", "20", "--replace-figures"]);
    assert_eq!(kept_runs(&saves), Some(20));
    simulate_into(&saves, &["--runs", "40"]);
    assert_eq!(kept_runs(&saves), Some(40), "a larger batch replaces");
    let _ = std::fs::remove_dir_all(&saves);
}

/// The Terror splits say how often each option was taken and how often it could not be
/// (its cost unpaid): an option out of reach at a flip is not the one taken there.
#[test]
fn terror_splits_count_the_options_out_of_reach() {
    let v = simulate_json(&["--runs", "2000", "--seed", "5", "--policy", "planner"]);
    let cards = v["summary"]["per_card"]
        .as_array()
        .or(v["per_card"].as_array())
        .expect("per-card figures");
    let mut out_of_reach = 0;
    for c in cards {
        let Some(opts) = c["terror"].as_array() else {
            continue;
        };
        let faced: u64 = opts.iter().map(|o| o["chosen"].as_u64().unwrap()).sum();
        for o in opts {
            let (chosen, out) = (
                o["chosen"].as_u64().unwrap(),
                o["unaffordable"].as_u64().unwrap(),
            );
            assert!(chosen + out <= faced, "{}: {o}", c["name"]);
            out_of_reach += out;
        }
    }
    assert!(out_of_reach > 0, "no option was ever out of reach");
}

/// What no run reached says so: the planner never enters Amara Rot Glade (off its
/// route), so that Domain reads "not entered by any run" instead of zeros, its 18 cards
/// are listed as untested, and each of them is flagged in the lists by type.
#[test]
fn what_no_run_reached_is_flagged_not_given_zeros() {
    let args = [
        "simulate", "--runs", "300", "--seed", "3", "--policy", "planner",
    ];
    let out = forward().args(args).output().expect("run");
    assert!(out.status.success());
    let t = String::from_utf8_lossy(&out.stdout);
    let amara: Vec<&str> = t
        .lines()
        .filter(|l| l.contains("Amara Rot Glade"))
        .collect();
    // Where runs end (a true 0), the Domain table, the movements, and the untested list.
    assert_eq!(amara.len(), 4, "{t}");
    assert!(amara[1].ends_with("not entered by any run"), "{}", amara[1]);
    assert!(amara[2].ends_with("not entered by any run"), "{}", amara[2]);
    assert!(!amara[1].contains("0.0±"), "{}", amara[1]);
    assert!(t.contains("UNTESTED: 18 cards no run flipped:"), "{t}");
    assert!(
        amara[3].starts_with("  Amara Rot Glade (18): "),
        "{}",
        amara[3]
    );
    for card in ["Rot-Gorged Boar", "Tarred Leather Coat", "The Tar Sink"] {
        assert!(
            t.lines()
                .any(|l| l.contains(card) && l.ends_with("untested: no run flipped it")),
            "{card} not flagged:\n{t}"
        );
    }
    let v = simulate_json(&args[1..]);
    assert_eq!(
        v["untested"]["domains"],
        serde_json::json!(["amara_rot_glade"])
    );
    let cards = v["untested"]["cards"].as_array().expect("untested cards");
    assert_eq!(cards.len(), 18);
    assert!(cards.contains(&"rot_gorged_boar".into()));
    // The HTML flags the Domain and lists the cards.
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("untested.html");
    let out = forward()
        .args(args)
        .arg("--report")
        .arg(&file)
        .output()
        .expect("run");
    assert!(out.status.success());
    let html = std::fs::read_to_string(&file).expect("report");
    assert!(html.contains("not entered by any run: untested"));
    assert!(html.contains("<b>Untested: 18 cards no run flipped</b>"));
    assert!(html.contains("Rot-Gorged Boar</td><td>amara_rot_glade</td><td colspan=\"7\""));
}

/// The informed bot knows of the Guardian only what the traveller is shown: with the terms
/// revealed at the end and nothing remembered it plays as greedy does; learned on the road
/// (the shipped rumours come before every route choice they bear on) it wins as often as the
/// planner, who knows every term from the start. The first 2,048 runs of the figures in
/// docs/BALANCE.md (seed 7; each chunk of 256 runs is one player).
#[test]
fn the_informed_bot_plays_on_what_it_has_learned() {
    use forward::core::TermsMode;
    use forward::sim::batch::Bot;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let set = Arc::new(load_dir(&dir).expect("cards").0);
    let wins = |bot: Bot| {
        let t = simulate(&set, 2048, 7, bot, 2, &Progress::default()).expect("pool");
        t.summary(&set).wins
    };
    let informed = |terms, first_ever| Bot {
        kind: PolicyKind::Informed,
        terms,
        first_ever,
    };
    let planner = wins(PolicyKind::Planner.into());
    let greedy = wins(PolicyKind::Greedy.into());
    assert!(
        planner > 4 * greedy.max(1),
        "planner {planner}, greedy {greedy}"
    );
    assert_eq!(wins(informed(TermsMode::Road, true)), planner);
    assert_eq!(wins(informed(TermsMode::Start, false)), planner);
    assert_eq!(wins(informed(TermsMode::End, true)), greedy);
    let end = wins(informed(TermsMode::End, false));
    assert!(
        greedy < end && end < planner,
        "end {end}: between {greedy} and {planner}"
    );
}

/// Dead runs (a requirement or seal lost before the Guardian): the figures are there and
/// consistent, in the JSON and the text report; random play loses terms.
#[test]
fn dead_runs_are_reported() {
    let v = simulate_json(&["--runs", "300", "--seed", "11", "--policy", "random"]);
    let runs = v["runs"].as_u64().expect("runs");
    let d = &v["dead_runs"];
    let dead = d["runs"].as_u64().expect("dead runs");
    let share = d["share"].as_f64().expect("share");
    assert!(dead > 0 && dead <= runs, "{d}");
    assert!((0.0..=1.0).contains(&share), "{d}");
    assert!((share - dead as f64 / runs as f64).abs() < 0.001, "{d}");
    let at = d["median_flip"].as_u64().expect("median flip");
    let after = d["median_flips_after"].as_u64().expect("median after");
    assert!(at + after <= 200, "{d}");
    let top = d["top_cards"].as_array().expect("top cards");
    assert!(!top.is_empty() && top.len() <= 5, "{d}");
    let counts: Vec<u64> = top
        .iter()
        .map(|c| {
            assert!(c["id"].is_string() && c["name"].is_string(), "{c}");
            c["entries_lost"].as_u64().expect("n")
        })
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    let out = forward()
        .args([
            "simulate", "--runs", "50", "--seed", "11", "--policy", "random",
        ])
        .output()
        .expect("run forward simulate");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Dead runs"), "{text}");
}

#[test]
fn a_house_rule_is_compared_swept_and_its_peeks_counted() {
    // Paired runs without and with a free peek: B buys peeks, A none; the figures the
    // designer reads are there.
    let v = simulate_json(&[
        "--runs",
        "12",
        "--jobs",
        "1",
        "--policy",
        "planner",
        "--compare-rule",
        "paid-peek=resolve:0",
    ]);
    assert!(v["a"].get("rules").is_none(), "{}", v["a"]);
    assert_eq!(v["b"]["rules"], serde_json::json!(["paid-peek=resolve:0"]));
    let figures: Vec<&str> = v["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .filter_map(|c| c["figure"].as_str())
        .collect();
    for f in [
        "win_rate",
        "dead_runs",
        "crossing_health",
        "crossing_marker",
        "peeks",
    ] {
        assert!(figures.contains(&f), "{f} in {figures:?}");
    }
    assert!(v["a"]["summary"].get("peeks").is_none());
    let peeks = &v["b"]["summary"]["peeks"];
    assert!(peeks["total"].as_u64().expect("total") > 0, "{peeks}");
    let by: u64 = peeks["by_bought"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["runs"].as_u64().expect("runs"))
        .sum();
    assert_eq!(by, 12, "every run is in one band");
    // A rule the player may decline is also measured at the best buying policy: "never"
    // declines even this free look, so it plays exactly the runs without the rule.
    let m = &v["at_best_buying"];
    let sweep = m["sweep"].as_array().expect("the sweep");
    assert_eq!(sweep.len(), 10, "{m}");
    assert_eq!(sweep[0]["buying"], "never");
    assert_eq!(sweep[0]["difference_ci95"], serde_json::json!([0.0, 0.0]));
    assert_eq!(sweep[0]["win_rate_with"], v["a"]["summary"]["win_rate"]);
    let top = sweep
        .iter()
        .filter_map(|p| p["win_rate_with"].as_f64())
        .fold(0.0, f64::max);
    let best = sweep
        .iter()
        .find(|p| p["buying"] == m["best"])
        .expect("best");
    assert_eq!(best["win_rate_with"].as_f64(), Some(top), "{m}");
    assert_eq!(m["at_best"]["buying"], m["best"]);
    assert_eq!(m["planner"]["buying"], serde_json::json!({"within": 0}));
    // The text says in words what the rule changes.
    let out = forward()
        .args([
            "simulate",
            "--runs",
            "6",
            "--jobs",
            "1",
            "--compare-rule",
            "hit-on-six",
        ])
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("a 6 on your duel die is a Hit instead of a Counter"),
        "{text}"
    );
    assert!(text.contains("In words:"), "{text}");
    assert!(!text.contains("at the best buying policy"), "{text}");
    // A sweep of the price plays each value on the same seeds.
    let v = simulate_json(&[
        "--runs",
        "6",
        "--jobs",
        "1",
        "--sweep",
        "paid-peek=resolve:0..1",
    ]);
    let values: Vec<i64> = v["points"]
        .as_array()
        .expect("points")
        .iter()
        .map(|p| p["value"].as_i64().expect("value"))
        .collect();
    assert_eq!(values, [0, 1]);
}
