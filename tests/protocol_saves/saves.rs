//! Saves (docs/SAVES.md): round trips at every step, kill -9 during autosaves, every kind
//! of bad save with its own error, the format fixture, the run history.

use forward::cards::CardSet;
use forward::cards::load::load_dir;
use forward::cards::set::json_hash;
use forward::core::{Action, legal_actions};
use forward::protocol::view;
use forward::save::{self, LoadProblem, backup_path};
use forward::session::{ReplayError, Session as Run};
use forward::sim::BotRng;
use forward::store::SaveStore;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, OnceLock};

fn cards() -> Arc<CardSet> {
    static SET: OnceLock<Arc<CardSet>> = OnceLock::new();
    SET.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        Arc::new(load_dir(&dir).expect("the shipped cards load").0)
    })
    .clone()
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("saves-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn forward(saves: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_forward"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c.env("FORWARD_SAVES", saves);
    c
}

/// A random legal action other than abandoning (when there is one).
fn pick(actions: &[Action], rng: &mut BotRng) -> Action {
    let choices: Vec<&Action> = actions
        .iter()
        .filter(|a| !matches!(a, Action::Abandon))
        .collect();
    if choices.is_empty() {
        actions[0].clone()
    } else {
        choices[rng.below(choices.len())].clone()
    }
}

#[test]
fn a_save_loads_back_at_every_step_and_plays_on_the_same() {
    let dir = scratch("round-trip");
    let store = SaveStore::open(&dir).expect("store");
    for seed in 0..12u64 {
        let (mut run, _) = Run::new(
            cards(),
            seed,
            if seed == 3 { vec![6, 1, 2] } else { vec![] },
        );
        let mut rng = BotRng::new(seed * 7 + 1);
        let mut step = 0;
        while !run.state.is_over() && step < 2_000 {
            if seed % 2 == 1 && step % 3 == 0 {
                // Physical dice typed in during the run are logged and replayed too, even
                // when saved before the action that rolls them.
                run.force_die(rng.below(6) as u8 + 1);
            }
            let mut loaded = save::from_bytes(&save::to_bytes(&run))
                .unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}"));
            assert_eq!(
                save::snapshot(&loaded),
                save::snapshot(&run),
                "seed {seed} step {step}"
            );
            assert_eq!(view(&loaded.state), view(&run.state));
            assert_eq!(loaded.actions, run.actions);
            assert_eq!(loaded.forced, run.forced);
            if step % 25 == 0 {
                let path = store.save(&run).expect("save");
                let from_file = store.load(&path).expect("load");
                assert_eq!(save::snapshot(&from_file), save::snapshot(&run));
            }
            let action = pick(&legal_actions(&run.state), &mut rng);
            let a = run.act(&action).expect("legal");
            let b = loaded.act(&action).expect("legal after loading");
            assert_eq!(
                a, b,
                "seed {seed} step {step}: the next events differ after loading"
            );
            step += 1;
        }
        // The finished run loads too.
        let loaded = save::from_bytes(&save::to_bytes(&run)).expect("finished run loads");
        assert!(loaded.state.is_over());
    }
}

/// One headless session: sends up to `steps` random legal actions one at a time (each
/// added to `sent`), reading each line; with `kill`, sends one more and kills the game
/// with SIGKILL a random moment later. Returns the whole lines printed.
fn session(
    dir: &Path,
    args: &[String],
    rng: &mut BotRng,
    sent: &mut Vec<Action>,
    steps: usize,
    kill: bool,
) -> Vec<Value> {
    let mut child = forward(dir)
        .args(["play", "--headless"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start forward");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let read = |output: &mut BufReader<_>| {
        let mut l = String::new();
        output.read_line(&mut l).expect("line");
        serde_json::from_str::<Value>(&l).expect("a state line")
    };
    let mut lines = vec![read(&mut output)];
    for i in 0..=steps {
        let last = lines.last().expect("line");
        if !last["outcome"].is_null() || (i == steps && !kill) {
            break;
        }
        let offered: Vec<Action> =
            serde_json::from_value(last["prompt"]["actions"].clone()).expect("actions");
        let action = pick(&offered, rng);
        writeln!(input, "{}", serde_json::to_string(&action).expect("json")).expect("send");
        input.flush().expect("flush");
        sent.push(action);
        if i == steps {
            // Kill it somewhere in the middle of handling this action (a save takes a few
            // milliseconds, most of it the fsync).
            std::thread::sleep(std::time::Duration::from_micros(rng.below(9_000) as u64));
            child.kill().expect("kill -9");
        } else {
            lines.push(read(&mut output));
        }
    }
    drop(input);
    let _ = child.wait();
    // Lines written before the end are still in the pipe.
    let mut rest = String::new();
    let _ = output.read_to_string(&mut rest);
    // Only whole lines count: the kill may cut the last one short.
    for l in rest.split_inclusive('\n').filter(|l| l.ends_with('\n')) {
        lines.push(serde_json::from_str(l).expect("a whole line"));
    }
    lines
}

/// An autosaving headless run killed with SIGKILL at a random moment (on odd rounds, a run
/// resumed with `--load` after a first session): the save must load and be the last
/// state printed, or the state after the action sent last.
fn kill_once(dir: &Path, round: u64) {
    let file = dir.join(format!("kill-{round}.json"));
    let file_arg = file.display().to_string();
    let mut rng = BotRng::new(round * 2_654_435_761 + 11);
    let mut sent: Vec<Action> = Vec::new();
    let start = vec![
        "--seed".to_string(),
        round.to_string(),
        "--save".to_string(),
        file_arg.clone(),
    ];
    let (base, lines) = if round % 2 == 1 {
        let steps = rng.below(8);
        session(dir, &start, &mut rng, &mut sent, steps, false);
        let base = sent.len();
        let steps = rng.below(8);
        let resume = ["--load".to_string(), file_arg];
        (
            base,
            session(dir, &resume, &mut rng, &mut sent, steps, true),
        )
    } else {
        let steps = rng.below(12);
        (0, session(dir, &start, &mut rng, &mut sent, steps, true))
    };
    let loaded = save::load(&file).unwrap_or_else(|e| panic!("round {round}: {e}"));
    // Actions whose line was seen: those of the first session, then this one's lines.
    let shown = base + lines.len() - 1;
    let m = loaded.actions.len();
    assert_eq!(
        loaded.actions[..],
        sent[..m],
        "round {round}: the saved log is what was sent"
    );
    let state = serde_json::to_value(view(&loaded.state)).expect("view");
    if m == shown {
        assert_eq!(
            state,
            lines[lines.len() - 1]["state"],
            "round {round}: the last state shown"
        );
    } else {
        assert_eq!(
            m,
            shown + 1,
            "round {round}: {m} actions saved, {shown} shown"
        );
        assert_eq!(m, sent.len(), "round {round}");
    }
    if backup_path(&file).exists() {
        // The backup is the save before the last one, or the same save when the kill came
        // between linking the backup and renaming the new save into place.
        let bak = save::load(&backup_path(&file)).expect("the backup loads too");
        let b = bak.actions.len();
        assert!(
            b + 1 == m || b == m,
            "round {round}: the backup has {b} actions, the save {m}"
        );
        assert_eq!(bak.actions[..], loaded.actions[..b]);
    }
}

#[test]
fn killing_an_autosaving_run_never_leaves_a_broken_save() {
    let dir = scratch("kill");
    for round in 0..50 {
        kill_once(&dir, round);
    }
}

/// A saved run with a few actions, and its bytes.
fn sample(dir: &Path) -> (PathBuf, Vec<u8>) {
    let (mut run, _) = Run::new(cards(), 42, vec![]);
    let mut rng = BotRng::new(5);
    for _ in 0..6 {
        let a = pick(&legal_actions(&run.state), &mut rng);
        run.act(&a).expect("legal");
    }
    let path = dir.join("sample.json");
    save::save_to(&path, &run).expect("save");
    let bytes = std::fs::read(&path).expect("read");
    (path, bytes)
}

/// Writes `bytes` as a save, loads it, checks the file is unchanged, returns the error.
fn broken(dir: &Path, name: &str, bytes: &[u8]) -> save::LoadError {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write");
    let err = match save::load(&path) {
        Ok(_) => panic!("{name} loaded"),
        Err(e) => e,
    };
    assert_eq!(
        std::fs::read(&path).expect("read"),
        bytes,
        "{name} was changed"
    );
    let text = err.to_string();
    assert!(text.contains(&path.display().to_string()), "{text}");
    err
}

fn edit(bytes: &[u8], f: impl FnOnce(&mut Value)) -> Vec<u8> {
    let mut v: Value = serde_json::from_slice(bytes).expect("json");
    f(&mut v);
    serde_json::to_vec_pretty(&v).expect("json")
}

#[test]
fn each_kind_of_bad_save_gets_its_own_clear_error() {
    let dir = scratch("bad");
    let (_, good) = sample(&dir);

    let e = broken(&dir, "empty.json", b"");
    assert!(matches!(e.problem, LoadProblem::Empty), "{e}");
    assert!(e.to_string().contains("empty"), "{e}");

    let e = broken(&dir, "garbage.json", b"\x00\x01 this is not json {{{");
    assert!(matches!(e.problem, LoadProblem::NotJson { .. }), "{e}");
    assert!(e.to_string().contains("not valid JSON"), "{e}");

    let e = broken(&dir, "truncated.json", &good[..good.len() / 2]);
    assert!(matches!(e.problem, LoadProblem::Truncated { .. }), "{e}");
    assert!(e.to_string().contains("cut short"), "{e}");

    let e = broken(&dir, "other.json", br#"{"hello": "world"}"#);
    assert!(matches!(e.problem, LoadProblem::NotASave), "{e}");

    let future = edit(&good, |v| v["version"] = 99.into());
    let e = broken(&dir, "future.json", &future);
    assert!(
        matches!(&e.problem, LoadProblem::UnsupportedVersion { found, .. } if found == "99"),
        "{e}"
    );
    assert!(e.to_string().contains("version 99"), "{e}");

    // Cards edited by hand: the recorded fingerprint no longer matches.
    let tampered = edit(&good, |v| v["cards"]["traveller"]["health"] = 19.into());
    let e = broken(&dir, "edited-cards.json", &tampered);
    assert!(matches!(e.problem, LoadProblem::CardsEdited { .. }), "{e}");
    assert!(
        e.to_string()
            .contains("card set inside the save was edited"),
        "{e}"
    );

    // Cards edited and the fingerprint forged: the replay no longer gives the snapshot.
    let forged = edit(&good, |v| {
        v["cards"]["traveller"]["health"] = 19.into();
        v["cards_hash"] = json_hash(&v["cards"]).into();
    });
    let e = broken(&dir, "forged-cards.json", &forged);
    assert!(
        matches!(&e.problem, LoadProblem::SnapshotMismatch { at, .. } if at.contains("health")),
        "{e}"
    );
    assert!(
        e.to_string().contains("does not give the saved snapshot"),
        "{e}"
    );

    // The summary (what listings show) edited.
    let healthier = edit(&good, |v| v["summary"]["health"] = 99.into());
    let e = broken(&dir, "summary.json", &healthier);
    assert!(
        matches!(&e.problem, LoadProblem::SnapshotMismatch { at, .. } if at == "summary.health"),
        "{e}"
    );

    // The snapshot edited.
    let richer = edit(&good, |v| v["snapshot"]["grace"] = 3.into());
    let e = broken(&dir, "snapshot.json", &richer);
    assert!(
        matches!(&e.problem, LoadProblem::SnapshotMismatch { at, .. } if at == "grace"),
        "{e}"
    );

    // Cards edited into a set that does not validate.
    let invalid = edit(&good, |v| {
        v["cards"]["map"]["start"] = "nowhere".into();
        v["cards_hash"] = json_hash(&v["cards"]).into();
    });
    let e = broken(&dir, "invalid-cards.json", &invalid);
    assert!(matches!(e.problem, LoadProblem::InvalidCards(_)), "{e}");
    assert!(e.to_string().contains("nowhere"), "{e}");

    // A log with an action the rules refuse.
    let illegal = edit(&good, |v| {
        v["actions"][0] = serde_json::json!({"type": "go", "domain": "nightsea_expanse"});
    });
    let e = broken(&dir, "illegal.json", &illegal);
    assert!(
        matches!(
            e.problem,
            LoadProblem::Replay(ReplayError::IllegalAction { number: 1, .. })
        ),
        "{e}"
    );

    // A field of the wrong type.
    let wrong = edit(&good, |v| v["seed"] = "forty-two".into());
    let e = broken(&dir, "wrong-field.json", &wrong);
    assert!(matches!(e.problem, LoadProblem::BadField(_)), "{e}");

    let e = match save::load(&dir.join("missing.json")) {
        Err(e) => e,
        Ok(_) => panic!("a missing file loaded"),
    };
    assert!(matches!(e.problem, LoadProblem::Read(_)), "{e}");
}

#[test]
fn a_broken_save_names_its_backup_and_is_left_alone() {
    let dir = scratch("backup");
    let (path, good) = sample(&dir);
    // A second save keeps the first as the backup.
    let mut run = save::load(&path).expect("loads");
    let a = legal_actions(&run.state)[0].clone();
    run.act(&a).expect("legal");
    save::save_to(&path, &run).expect("save");
    assert_eq!(std::fs::read(backup_path(&path)).expect("bak"), good);
    // Now the save breaks.
    std::fs::write(&path, b"{\"format\": \"forward-save\", \"vers").expect("write");
    let e = save::load(&path).expect_err("fails");
    let text = e.to_string();
    assert!(text.contains("sample.json.bak"), "{text}");
    assert!(text.contains("--load"), "{text}");
    assert_eq!(e.backup, Some(backup_path(&path)));
    save::load(&backup_path(&path)).expect("the backup loads");

    // The binary says the same on stderr, exits 1, and changes nothing.
    let before = std::fs::read(&path).expect("read");
    let out = forward(&dir)
        .args(["play", "--headless", "--load"])
        .arg(&path)
        .stdin(Stdio::null())
        .output()
        .expect("run forward");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(stderr.contains(&path.display().to_string()), "{stderr}");
    assert!(stderr.contains("cut short"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(std::fs::read(&path).expect("read"), before);
}

#[test]
fn headless_load_resumes_exactly_where_the_run_stopped() {
    let dir = scratch("resume");
    let file = dir.join("run.json");
    let inputs: Vec<String> = [
        "0",
        "0",
        "{\"type\":\"roll\"}",
        "0",
        "1",
        "0",
        "0",
        "0",
        "0",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let play = |args: &[&str], lines: &[String]| -> Vec<String> {
        let mut child = forward(&dir)
            .args(["play", "--headless"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start");
        let mut input = child.stdin.take().expect("stdin");
        for l in lines {
            writeln!(input, "{l}").expect("send");
        }
        drop(input);
        let out = child.wait_with_output().expect("output");
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout)
            .expect("utf8")
            .lines()
            .map(str::to_string)
            .collect()
    };
    let whole = play(&["--seed", "42", "--no-save"], &inputs);
    let file_arg = file.display().to_string();
    let first = play(&["--seed", "42", "--save", &file_arg], &inputs[..4]);
    assert_eq!(first[..], whole[..5]);
    let resumed = play(&["--load", &file_arg], &inputs[4..]);
    // The first line is the state after the last saved action, without events.
    let head: Value = serde_json::from_str(&resumed[0]).expect("json");
    let before: Value = serde_json::from_str(&whole[4]).expect("json");
    assert_eq!(head["state"], before["state"]);
    assert_eq!(head["prompt"], before["prompt"]);
    assert_eq!(head["events"], serde_json::json!([]));
    // Then the same lines as the run that never stopped.
    assert_eq!(resumed[1..], whole[5..]);
    // And the save followed the resumed run.
    assert_eq!(
        save::load(&file).expect("loads").actions.len(),
        inputs.len()
    );
}

#[test]
fn the_version_1_fixture_still_loads() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves");
    let path = fixtures.join("v1-seed42-4-actions.json");
    let run = save::load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(run.seed, 42);
    assert_eq!(run.actions.len(), 4);
    let line: Value = serde_json::from_str(
        &std::fs::read_to_string(fixtures.join("v1-seed42-4-actions.last-line.json"))
            .expect("line"),
    )
    .expect("json");
    let mut now = serde_json::to_value(view(&run.state)).expect("view");
    // The line was recorded before the view showed the Guardian's card (issue 30): that
    // part is new, and with nothing learned every entry is sealed.
    let guardian = now
        .as_object_mut()
        .and_then(|o| o.remove("guardian"))
        .expect("the Guardian's card");
    let entries = guardian["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 4);
    assert!(
        entries
            .iter()
            .all(|e| e["known"] == false && e.get("text").is_none())
    );
    assert_eq!(now, line["state"]);
    // The save carries its own cards, those its hash recorded, not the shipped ones...
    let recorded: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
    let recorded = recorded["cards_hash"].as_str().expect("a recorded hash");
    assert_eq!(run.cards.files().hash(), recorded);
    assert_ne!(
        cards().files().hash(),
        recorded,
        "the shipped cards moved on"
    );
    // ...so it loads alike from a folder with no `cards/` at all.
    let alone = scratch("v1-alone");
    let copy = alone.join("v1.json");
    std::fs::copy(&path, &copy).expect("copy the fixture");
    assert!(!alone.join("cards").exists());
    let again = save::load(&copy).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.cards.files().hash(), recorded);
    assert_eq!(again.actions.len(), 4);
}

#[test]
fn the_store_lists_saves_newest_first_and_finds_the_run_to_continue() {
    let dir = scratch("store");
    let store = SaveStore::open(&dir).expect("store");
    assert!(store.list().is_empty());
    assert!(store.latest().is_none());
    let (mut going, _) = Run::new(cards(), 1, vec![]);
    going.started_at -= 10_000;
    let a = legal_actions(&going.state)[0].clone();
    going.act(&a).expect("legal");
    let going_path = store.save(&going).expect("save");
    std::thread::sleep(std::time::Duration::from_millis(5));
    let (mut over, _) = Run::new(cards(), 2, vec![]);
    over.act(&Action::Abandon).expect("abandon");
    store.save(&over).expect("save");
    std::fs::write(dir.join("junk.json"), b"nope").expect("write");
    let list = store.list();
    assert_eq!(list.len(), 3, "{list:?}");
    let ok: Vec<_> = list.iter().filter_map(|r| r.as_ref().ok()).collect();
    assert_eq!(ok.len(), 2);
    assert_eq!(ok[0].seed, 2, "newest first");
    assert!(ok[0].is_over());
    assert_eq!(ok[1].summary.domain, "termina");
    assert_eq!(ok[1].summary.health, 20);
    assert!(ok[1].date().starts_with("20"));
    let latest = store.latest().expect("a run to continue");
    assert_eq!(latest.path, going_path);
    let back = store.load(&latest.path).expect("loads");
    assert_eq!(back.actions.len(), 1);
}

#[test]
fn finished_runs_go_to_the_history_once() {
    let dir = scratch("history");
    let run = |args: &[&str], input: &str| {
        let mut child = forward(&dir)
            .args(["play", "--headless"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input.as_bytes())
            .expect("send");
        let out = child.wait_with_output().expect("wait");
        assert_eq!(out.status.code(), Some(0));
    };
    // The protocol saves nothing unless asked: no file, no history line.
    run(&["--seed", "4"], "0\n{\"type\":\"abandon\"}\n");
    assert_eq!(
        std::fs::read_dir(&dir).expect("dir").count(),
        0,
        "a headless run without --save/--load/--saves leaves no file"
    );
    // `--saves DIR` autosaves a new run there; one abandoned run, one played to its end.
    let saves = dir.display().to_string();
    run(
        &["--seed", "5", "--saves", &saves],
        "0\n{\"type\":\"abandon\"}\n",
    );
    let saved: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with("run-") && n.ends_with("-s5.json"))
        .collect();
    assert_eq!(saved.len(), 1, "the run was autosaved in --saves");
    // Loading the finished run and sending more input does not record it again.
    run(
        &["--load", &dir.join(&saved[0]).display().to_string()],
        "0\n",
    );
    let mut bot = String::new();
    for _ in 0..3000 {
        bot.push_str("0\n");
    }
    run(&["--seed", "9", "--saves", &saves], &bot);
    let history = std::fs::read_to_string(dir.join("history.jsonl")).expect("history");
    let records: Vec<Value> = history
        .lines()
        .map(|l| serde_json::from_str(l).expect("a record"))
        .collect();
    assert_eq!(records.len(), 2, "{history}");
    assert_eq!(records[0]["seed"], 5);
    assert_eq!(records[0]["outcome"]["result"], "lost");
    assert_eq!(records[0]["outcome"]["cause"], "abandoned");
    assert_eq!(records[0]["path"], serde_json::json!(["termina"]));
    assert!(
        records[0]["cards_hash"]
            .as_str()
            .expect("hash")
            .starts_with("fnv1a64:")
    );
    assert_eq!(records[0]["cards_hash"], cards().files().hash());
    assert!(records[1]["flips"].as_u64().expect("flips") > 0);
    assert!(records[1]["save"].is_string());

    // A damaged line is skipped with a note, not fatal.
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(dir.join("history.jsonl"))
        .expect("open");
    f.write_all(b"{\"seed\": tru\n").expect("append");
    drop(f);

    let out = forward(&dir).arg("history").output().expect("history");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("history.jsonl:3"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(text.contains("2 runs"), "{text}");
    assert!(text.contains("abandoned"), "{text}");
    assert!(text.contains("Best run"), "{text}");
    assert!(text.contains("Losses per Domain"), "{text}");

    let out = forward(&dir)
        .args(["history", "--json"])
        .output()
        .expect("history");
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["stats"]["runs"], 2);
    assert_eq!(v["stats"]["causes"]["abandoned"], 1);

    // --saves wins over FORWARD_SAVES.
    let empty = scratch("history-empty");
    let out = forward(&dir)
        .args(["history", "--saves"])
        .arg(&empty)
        .output()
        .expect("history");
    assert!(String::from_utf8_lossy(&out.stdout).contains("No finished runs"));
}

/// JSON pointers of every leaf of a value, and every string in it.
fn leaves(v: &Value, at: String, out: &mut Vec<String>, strings: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                leaves(
                    x,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                    strings,
                );
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                leaves(x, format!("{at}/{i}"), out, strings);
            }
        }
        Value::String(t) => {
            strings.push(t.clone());
            out.push(at);
        }
        _ => out.push(at),
    }
}

#[test]
fn damaged_saves_are_refused_without_a_panic() {
    let dir = scratch("damaged");
    let (_, good) = sample(&dir);
    let value: Value = serde_json::from_slice(&good).expect("json");
    let (mut paths, mut strings) = (Vec::new(), Vec::new());
    leaves(&value, String::new(), &mut paths, &mut strings);
    let mut rng = BotRng::new(77);
    let (mut loaded, mut refused) = (0, 0);
    for i in 0..600 {
        let bytes = if i % 3 == 0 {
            // Damaged bytes.
            let mut bytes = good.clone();
            for _ in 0..=rng.below(3) {
                let at = rng.below(bytes.len());
                bytes[at] = b"0123456789{}[]\",:-x tfn"[rng.below(23)];
            }
            bytes
        } else {
            // A value changed to another of any type; the fingerprint forged so the
            // change reaches the card checks, the replay and the snapshot comparison.
            let mut v = value.clone();
            for _ in 0..=rng.below(2) {
                let path = &paths[rng.below(paths.len())];
                let new = match rng.below(6) {
                    0 => Value::from(rng.below(40) as i64 - 5),
                    1 => Value::from(strings[rng.below(strings.len())].clone()),
                    2 => Value::Bool(rng.below(2) == 0),
                    3 => Value::Null,
                    4 => serde_json::json!([]),
                    _ => serde_json::json!({}),
                };
                if let Some(slot) = v.pointer_mut(path) {
                    *slot = new;
                }
            }
            if i % 2 == 0 {
                v["cards_hash"] = json_hash(&v["cards"]).into();
            }
            serde_json::to_vec(&v).expect("json")
        };
        match save::from_bytes(&bytes) {
            Ok(run) => {
                loaded += 1;
                assert!(run.actions.len() <= 6);
            }
            Err(e) => {
                refused += 1;
                assert!(
                    !matches!(e, LoadProblem::Replay(ReplayError::Panicked(_))),
                    "damage {i} stopped the rules engine: {e}"
                );
                assert!(!e.to_string().is_empty());
            }
        }
    }
    assert!(refused > 300, "{loaded} loaded, {refused} refused");
}

mod guided;
