//! The headless protocol, driven from outside through the built binary, as external test
//! clients do (docs/PROTOCOL.md).

use forward::sim::BotRng;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn forward() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_forward"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    // Autosaves and the run history go to a scratch directory, never the project's `saves/`.
    c.env(
        "FORWARD_SAVES",
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("protocol-saves"),
    );
    c
}

/// A running `forward play --headless` with line-by-line access.
struct Session {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = forward()
            .args(["play", "--headless", "--cards", "cards"])
            // Thousands of steps here: autosaving (an fsync per step) is tested in saves.rs.
            .arg("--no-save")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start forward");
        let input = child.stdin.take();
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Session {
            child,
            input,
            output,
        }
    }

    fn line(&mut self) -> String {
        let mut s = String::new();
        self.output.read_line(&mut s).expect("read");
        assert!(s.ends_with('\n'), "line not terminated: {s:?}");
        s.trim_end().to_string()
    }

    fn send(&mut self, line: &str) -> String {
        let input = self.input.as_mut().expect("stdin open");
        writeln!(input, "{line}").expect("write");
        input.flush().expect("flush");
        self.line()
    }

    /// Closes stdin and returns the exit code.
    fn finish(mut self) -> i32 {
        drop(self.input.take());
        let mut rest = String::new();
        self.output.read_line(&mut rest).expect("read");
        assert!(rest.is_empty(), "output after end of input: {rest}");
        self.child.wait().expect("wait").code().unwrap_or(-1)
    }
}

/// Checks a step line against the protocol; returns it parsed.
fn step(line: &str) -> Value {
    let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
    let state = &v["state"];
    for key in [
        "health",
        "max_health",
        "resolve",
        "grace",
        "atk",
        "def",
        "domain",
        "cleared",
        "deck_left",
        "row",
        "items",
        "equipment",
        "companions",
        "snares",
    ] {
        assert!(state.get(key).is_some(), "state lacks {key}: {line}");
    }
    let row = state["row"].as_array().expect("row");
    assert_eq!(row.len(), 3);
    for r in row {
        assert!(r.is_null() || r.is_string(), "{line}");
    }
    let prompt = &v["prompt"];
    assert!(
        prompt["kind"].is_string() && prompt["text"].is_string(),
        "{line}"
    );
    for a in prompt["actions"].as_array().expect("actions") {
        assert!(a["type"].is_string(), "{line}");
    }
    assert!(v["events"].is_array(), "{line}");
    let outcome = &v["outcome"];
    assert!(
        outcome.is_null() || outcome["result"] == "won" || outcome["result"] == "lost",
        "{line}"
    );
    if outcome["result"] == "lost" {
        assert!(outcome["cause"].is_string(), "{line}");
    }
    if state.get("foe").is_some() {
        assert!(state["foe"]["id"].is_string() && state["foe"]["hp"].is_i64());
    }
    v
}

/// Plays one whole run choosing random legal actions by index; returns the transcript.
fn random_run(seed: u64, choice_seed: u64) -> Vec<String> {
    let mut s = Session::start(&["--seed", &seed.to_string()]);
    let mut pick = BotRng::new(choice_seed | 1);
    let mut lines = vec![s.line()];
    for _ in 0..20_000 {
        let v = step(lines.last().expect("line"));
        // Alone there is no Guide: no role, no Guide view.
        assert!(v["prompt"].get("role").is_none(), "{v}");
        assert!(v["state"].get("guide").is_none(), "{v}");
        if !v["outcome"].is_null() {
            assert_eq!(s.finish(), 0);
            return lines;
        }
        let actions = v["prompt"]["actions"].as_array().expect("actions");
        let i = random_action(actions, &mut pick);
        // Alternate between sending the index and the action object itself.
        let line = if lines.len() % 2 == 0 {
            i.to_string()
        } else {
            actions[i].to_string()
        };
        lines.push(s.send(&line));
    }
    panic!("seed {seed}: the run did not end");
}

#[test]
fn many_complete_runs_follow_the_protocol() {
    let mut ended = 0;
    for seed in 0..150 {
        let t = random_run(seed, seed * 31 + 7);
        let last = step(t.last().expect("line"));
        assert!(!last["outcome"].is_null());
        assert!(last["prompt"]["actions"].as_array().expect("a").is_empty());
        ended += 1;
    }
    assert_eq!(ended, 150);
}

#[test]
fn same_seed_and_choices_give_the_same_transcript() {
    let a = random_run(42, 9);
    let b = random_run(42, 9);
    assert_eq!(a, b);
    let c = random_run(43, 9);
    assert_ne!(a[0], c[0], "a different seed deals a different run");
}

#[test]
fn bad_input_gets_an_error_and_changes_nothing() {
    let mut s = Session::start(&["--seed", "5"]);
    let first = s.line();
    let v = step(&first);
    let n = v["prompt"]["actions"].as_array().expect("a").len();
    for bad in [
        "garbage",
        "{\"type\":\"heal\"}",
        "{\"type\":\"flip\",\"slot\":7}",
        "{\"type\":\"go\",\"domain\":\"nightsea_expanse\"}",
        &n.to_string(),
        "-1",
        "",
    ] {
        let reply = s.send(bad);
        let e: Value = serde_json::from_str(&reply).expect("json");
        assert!(e["error"].is_string(), "{bad:?} -> {reply}");
        assert_eq!(e.as_object().expect("obj").len(), 1, "{reply}");
    }
    // The first offered action still works, and gives what it would have given at once.
    let after = s.send("0");
    let mut fresh = Session::start(&["--seed", "5"]);
    fresh.line();
    assert_eq!(after, fresh.send("0"));
    assert_eq!(s.finish(), 0);
    assert_eq!(fresh.finish(), 0);
}

#[test]
fn forced_dice_come_first() {
    for forced in 1..=6u64 {
        let mut s = Session::start(&["--seed", "11", "--dice", &format!("{forced},{forced}")]);
        let mut line = s.line();
        let mut pick = BotRng::new(3);
        let first_die = loop {
            let v = step(&line);
            let die = v["events"]
                .as_array()
                .expect("events")
                .iter()
                .find_map(|e| match e["type"].as_str() {
                    Some("effect_rolled") | Some("test_rolled") => e["dice"][0].as_u64(),
                    Some("exchange_rolled") => e["traveller"].as_u64().or(e["foe"].as_u64()),
                    _ => None,
                });
            if let Some(d) = die {
                break d;
            }
            assert!(v["outcome"].is_null(), "run ended before any roll");
            let actions = v["prompt"]["actions"].as_array().expect("a");
            let choices: Vec<usize> = (0..actions.len())
                .filter(|&i| actions[i]["type"] != "abandon")
                .collect();
            line = s.send(&choices[pick.below(choices.len())].to_string());
        };
        assert_eq!(first_die, forced);
        assert_eq!(s.finish(), 0);
    }
}

#[test]
fn no_hidden_card_is_shown_at_the_start() {
    let mut s = Session::start(&["--seed", "3"]);
    let line = s.line();
    let v = step(&line);
    assert_eq!(
        v["state"]["row"],
        serde_json::json!(["hidden", "hidden", "hidden"])
    );
    for e in v["events"].as_array().expect("events") {
        assert!(e.get("card").is_none() && e.get("order").is_none(), "{e}");
    }
    assert_eq!(s.finish(), 0);
}

#[test]
fn bad_flags_are_refused_with_a_message() {
    let out = forward()
        .args(["play", "--headless", "--dice", "7"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 to 6"));
    let out = forward()
        .args(["play", "--headless", "--cards", "no/such/dir"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    assert!(!out.stderr.is_empty());
}

/// Every string in a JSON value.
fn strings<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::String(s) => out.push(s),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// Every object key in a JSON value.
fn keys<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::Array(a) => a.iter().for_each(|x| keys(x, out)),
        Value::Object(o) => {
            for (k, x) in o {
                out.push(k);
                keys(x, out);
            }
        }
        _ => {}
    }
}

#[test]
fn no_face_down_card_leaks_into_any_line() {
    use forward::cards::load::load_dir;
    use forward::core::{execute, legal_actions, new_run};
    use forward::protocol::{Step, prompt, view};
    use std::collections::HashSet;
    use std::sync::Arc;

    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let (cards, _) = load_dir(&dir).expect("cards");
    let cards = Arc::new(cards);
    let station_ids: HashSet<&str> = cards.card_refs().map(|c| c.id()).collect();
    for seed in 0..300u64 {
        let (mut state, mut events) = new_run(Arc::clone(&cards), seed, Vec::new());
        let mut pick = BotRng::new(seed + 1);
        // Cards the traveller has been shown: flipped, peeked, revealed, seen on the deck.
        let mut known: HashSet<String> = HashSet::new();
        loop {
            for e in &events {
                let e = serde_json::to_value(e).expect("event");
                let kind = e["type"].as_str().unwrap_or("");
                if matches!(
                    kind,
                    "card_flipped"
                        | "card_seen"
                        | "deck_seen"
                        | "deck_reordered"
                        | "choice_offered"
                ) {
                    let mut seen = Vec::new();
                    strings(&e, &mut seen);
                    known.extend(seen.into_iter().map(str::to_string));
                }
            }
            // A learned requirement or seal names its pieces: the traveller knows of them.
            for ix in forward::core::lore::known_entries(&state) {
                let pieces = forward::core::lore::entry_cards(&state, ix);
                known.extend(pieces.iter().map(|c| c.id().to_string()));
            }
            let step = Step {
                state: view(&state),
                prompt: prompt(&state),
                events: &events,
                outcome: state.outcome.as_ref(),
                cards: None,
            };
            let line = serde_json::to_value(&step).expect("line");
            // Alone, nothing of Guide mode shows: no role and no Guide view, anywhere.
            let mut names = Vec::new();
            keys(&line, &mut names);
            assert!(
                !names.contains(&"role") && !names.contains(&"guide"),
                "seed {seed}: a Guide's key in a run alone: {line}"
            );
            let mut all = Vec::new();
            strings(&line, &mut all);
            for s in all {
                assert!(
                    !station_ids.contains(s) || known.contains(s),
                    "seed {seed}: `{s}` shown before the traveller could know it: {line}"
                );
            }
            if state.is_over() {
                break;
            }
            let actions = legal_actions(&state);
            let n = actions.len() - 1; // never abandon
            let a = actions[pick.below(n.max(1))].clone();
            events = execute(&mut state, &a).expect("offered");
        }
    }
}

/// No unlearned requirement's or seal's terms reach the traveller: not the protocol's line
/// (state, prompt, events), the log's words, nor the Guide's page, in runs alone and with a
/// Guide, until the entry is learned (a rumour) or the Guardian appears. Learned terms do
/// show (the scan can fail both ways).
#[test]
fn no_unlearned_guardian_term_leaks() {
    use forward::core::legal_actions;
    use forward::core::lore;
    use forward::guide_screen::{Shown, Snapshot};
    use forward::present::words::describe;
    use forward::protocol::{Step, prompt, view};
    use forward::session::Session;

    let cards = shipped();
    let terms: Vec<String> = cards.entries().map(|e| e.text.clone()).collect();
    let mut learned_seen = 0;
    for seed in 0..120u64 {
        let guide = seed % 3 == 0;
        let (mut run, mut events) = Session::new_with(cards.clone(), seed, Vec::new(), guide);
        let mut pick = BotRng::new(seed + 7);
        let mut log: Vec<String> = Vec::new();
        loop {
            log.extend(events.iter().filter_map(|e| describe(&cards, e)));
            let step = Step {
                state: view(&run.state),
                prompt: prompt(&run.state),
                events: &events,
                outcome: run.state.outcome.as_ref(),
                cards: None,
            };
            let line = serde_json::to_string(&step).expect("line");
            let page = serde_json::to_string(&Snapshot::of(
                &run,
                &Shown::now(&run),
                0,
                &Default::default(),
            ))
            .expect("page");
            let words = log.join("\n");
            for (ix, text) in terms.iter().enumerate() {
                let known = lore::known(&run.state, ix as u8);
                for (what, shown) in [("line", &line), ("page", &page), ("log", &words)] {
                    if !known {
                        assert!(
                            !shown.contains(text.as_str()),
                            "seed {seed}: the terms of entry {ix} are in the {what} before they are learned"
                        );
                    }
                }
                if known && !run.state.revealed {
                    learned_seen += 1;
                    assert!(
                        line.contains(text.as_str()),
                        "seed {seed}: entry {ix} is learned but its terms are not in the line"
                    );
                }
            }
            if run.state.is_over() {
                break;
            }
            let actions = legal_actions(&run.state);
            let n = actions.len() - 1; // never abandon
            let a = actions[pick.below(n.max(1))].clone();
            events = run.act(&a).expect("offered");
        }
    }
    assert!(
        learned_seen > 0,
        "no run learned a rumour: the scan checked nothing learned"
    );
}

/// The shipped cards, loaded in the test to check the Guide notes.
fn shipped() -> std::sync::Arc<forward::cards::CardSet> {
    use std::sync::{Arc, OnceLock};
    static SET: OnceLock<Arc<forward::cards::CardSet>> = OnceLock::new();
    SET.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        Arc::new(forward::cards::load::load_dir(&dir).expect("cards").0)
    })
    .clone()
}

/// A random offered action's index, never `abandon` unless it is all there is.
fn random_action(actions: &[Value], pick: &mut BotRng) -> usize {
    let choices: Vec<usize> = (0..actions.len())
        .filter(|&i| actions[i]["type"] != "abandon")
        .collect();
    if choices.is_empty() {
        0
    } else {
        choices[pick.below(choices.len())]
    }
}

mod guided;
