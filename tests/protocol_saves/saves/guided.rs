//! Saves of runs played with a Guide.

use super::*;

// ---- runs with a Guide ------------------------------------------------------------------------

/// The shipped cards, with Guide choices added to Termina's Caesuras (the shipped set has
/// none yet): the first asks the Guide to choose, the next ones take a held card.
fn guide_cards() -> Arc<CardSet> {
    static SET: OnceLock<Arc<CardSet>> = OnceLock::new();
    SET.get_or_init(|| {
        let mut files = serde_json::to_value(cards().files().as_ref()).expect("files");
        let termina = files["domains"]
            .as_array_mut()
            .expect("domains")
            .iter_mut()
            .find(|d| d["id"] == "termina")
            .expect("termina");
        let extra = [
            serde_json::json!({"guide_chooses": [
                {"label": "Cold", "effects": [{"lose_health": 1}]},
                {"label": "Warm", "effects": [{"heal": 1}]}]}),
            serde_json::json!({"lose": "any"}),
            serde_json::json!({"lose": "item"}),
        ];
        let caesuras = termina["stations"]
            .as_array_mut()
            .expect("stations")
            .iter_mut()
            .filter(|c| c["type"] == "caesura");
        for (c, effect) in caesuras.zip(extra.iter().cycle()) {
            let effects = c
                .as_object_mut()
                .expect("card")
                .entry("effects")
                .or_insert(Value::Array(vec![]));
            effects
                .as_array_mut()
                .expect("effects")
                .insert(0, effect.clone());
        }
        let files = serde_json::from_value(files).expect("card files");
        match forward::cards::load::load_files(&files) {
            Ok((set, _)) => Arc::new(set),
            Err(report) => panic!("{:?}", report.errors),
        }
    })
    .clone()
}

#[test]
fn a_guided_run_round_trips_with_its_guides_actions() {
    let dir = scratch("guided");
    let store = SaveStore::open(&dir).expect("store");
    let mut logs_with_both = 0;
    for seed in 0..12u64 {
        let (mut run, _) = Run::new_with(guide_cards(), seed, vec![], true);
        let mut rng = BotRng::new(seed * 5 + 3);
        let mut step = 0;
        loop {
            let mut loaded = save::from_bytes(&save::to_bytes(&run))
                .unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}"));
            assert!(loaded.state.guide, "seed {seed} step {step}: loaded alone");
            assert_eq!(
                save::snapshot(&loaded),
                save::snapshot(&run),
                "seed {seed} step {step}"
            );
            assert_eq!(view(&loaded.state), view(&run.state));
            assert_eq!(loaded.state.role(), run.state.role());
            assert_eq!(loaded.actions, run.actions);
            assert_eq!(loaded.summary(), run.summary());
            let both = run.actions.contains(&Action::RollFoe)
                && run.actions.iter().any(|a| matches!(a, Action::Pick { .. }));
            if run.state.is_over() || step == 200 || (both && step % 10 == 0) {
                break;
            }
            let action = pick(&legal_actions(&run.state), &mut rng);
            let a = run.act(&action).expect("legal");
            let b = loaded.act(&action).expect("legal after loading");
            assert_eq!(a, b, "seed {seed} step {step}: the next events differ");
            step += 1;
        }
        let has = |f: fn(&Action) -> bool| run.actions.iter().any(f);
        if has(|a| matches!(a, Action::RollFoe)) && has(|a| matches!(a, Action::Pick { .. })) {
            logs_with_both += 1;
            // Through a file too; the save says it was played with a Guide.
            let path = store.save(&run).expect("save");
            let from_file = store.load(&path).expect("load");
            assert_eq!(save::snapshot(&from_file), save::snapshot(&run));
            assert!(from_file.state.guide);
            let v: Value =
                serde_json::from_slice(&std::fs::read(&path).expect("read")).expect("json");
            assert_eq!(v["guide"], true);
            assert_eq!(v["summary"]["guide"], true);
            assert_eq!(v["snapshot"]["guide"], true);
            let listed = store.list();
            assert!(
                listed
                    .iter()
                    .filter_map(|r| r.as_ref().ok())
                    .any(|i| i.path == path && i.summary.guide),
                "{listed:?}"
            );
        }
    }
    assert!(
        logs_with_both >= 8,
        "{logs_with_both} logs with a pick and a roll_foe"
    );
}

#[test]
fn a_guided_save_cannot_be_replayed_alone() {
    // The mode is part of the run: a guided log taken for a solo one does not replay.
    let (mut run, _) = Run::new_with(guide_cards(), 4, vec![], true);
    let mut rng = BotRng::new(9);
    while !run.actions.contains(&Action::RollFoe) {
        assert!(!run.state.is_over(), "the run ended before a duel");
        let a = pick(&legal_actions(&run.state), &mut rng);
        run.act(&a).expect("legal");
    }
    let alone = edit(&save::to_bytes(&run), |v| {
        let o = v.as_object_mut().expect("object");
        o.remove("guide");
    });
    match save::from_bytes(&alone) {
        Err(LoadProblem::Replay(ReplayError::IllegalAction { action, .. })) => {
            assert!(
                action.contains("roll_foe") || action.contains("pick"),
                "{action}"
            );
        }
        Err(e) => panic!("unexpected error: {e}"),
        Ok(_) => panic!("a guided log replayed alone"),
    }
}

#[test]
fn a_solo_save_has_no_guide_key() {
    let (mut run, _) = Run::new(guide_cards(), 2, vec![]);
    let mut rng = BotRng::new(2);
    for _ in 0..30 {
        if run.state.is_over() {
            break;
        }
        let a = pick(&legal_actions(&run.state), &mut rng);
        run.act(&a).expect("legal");
    }
    let v: Value = serde_json::from_slice(&save::to_bytes(&run)).expect("json");
    assert!(v.get("guide").is_none(), "top level");
    assert!(v["summary"].get("guide").is_none(), "summary");
    assert!(v["snapshot"].get("guide").is_none(), "snapshot");
    let loaded = save::from_bytes(&save::to_bytes(&run)).expect("loads");
    assert!(!loaded.state.guide);
    assert_eq!(save::snapshot(&loaded), save::snapshot(&run));
    // The shipped format fixture (from before Guide mode) loads alone as well.
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves/v1-seed42-4-actions.json");
    assert!(!save::load(&fixture).expect("fixture").state.guide);
}

#[test]
fn a_save_whose_cards_list_more_domain_files_than_the_map_is_refused_cleanly() {
    let dir = scratch("extra-domain");
    let (_, good) = sample(&dir);
    let bad = edit(&good, |v| {
        let first = v["cards"]["domains"][0].clone();
        v["cards"]["domains"]
            .as_array_mut()
            .expect("domains")
            .push(first);
        v["cards_hash"] = json_hash(&v["cards"]).into();
    });
    let e = broken(&dir, "extra-domain.json", &bad);
    assert!(matches!(e.problem, LoadProblem::InvalidCards(_)), "{e}");
    assert!(
        e.to_string()
            .contains("the card set inside the save has errors"),
        "{e}"
    );
}

#[test]
fn a_fifo_or_a_huge_file_is_refused_before_it_is_read() {
    let dir = scratch("fifo-huge");
    let fifo = dir.join("pipe.json");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // Opening a FIFO with no writer would block forever: the check comes first.
    let e = save::load(&fifo).expect_err("a FIFO is no save");
    assert!(matches!(e.problem, LoadProblem::NotAFile), "{e}");
    assert!(e.to_string().contains("not a regular file"), "{e}");
    let e = save::read_header(&fifo).expect_err("nor is it listed as one");
    assert!(matches!(e.problem, LoadProblem::NotAFile), "{e}");

    let huge = dir.join("huge.json");
    let f = std::fs::File::create(&huge).expect("create");
    f.set_len(save::MAX_SAVE_BYTES + 1).expect("sparse file");
    let e = save::load(&huge).expect_err("too large");
    assert!(
        matches!(e.problem, LoadProblem::TooLarge { bytes } if bytes == save::MAX_SAVE_BYTES + 1),
        "{e}"
    );
    assert!(e.to_string().contains("too large"), "{e}");
}

#[test]
fn a_run_saved_with_save_file_records_its_history_beside_the_save() {
    let dir = scratch("save-file-history");
    let cwd = dir.join("cwd");
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&cwd).expect("cwd");
    std::fs::create_dir_all(&elsewhere).expect("elsewhere");
    let file = elsewhere.join("mine.json");
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let mut child = Command::new(env!("CARGO_BIN_EXE_forward"))
        .current_dir(&cwd)
        .env_remove("FORWARD_SAVES")
        .args(["play", "--headless", "--seed", "3", "--cards"])
        .arg(&cards)
        .arg("--save")
        .arg(&file)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"{\"type\":\"abandon\"}\n")
        .expect("send");
    assert_eq!(child.wait().expect("wait").code(), Some(0));
    assert!(file.is_file());
    assert!(
        !cwd.join("saves").exists(),
        "nothing is written into the current directory's saves/"
    );
    let h = forward::history::read(&elsewhere.join("history.jsonl")).expect("history");
    assert_eq!(h.records.len(), 1);
    assert_eq!(h.records[0].seed, 3);
}

#[test]
fn a_run_with_house_rules_replays_exactly_from_its_save_and_its_code() {
    use forward::core::{DiceMode, HouseRules};
    use forward::daily::RunCode;
    let rules = HouseRules::parse_all(&["paid-peek=resolve:0", "hit-on-six"]).expect("known");
    let (mut run, _) = Run::new_opts(cards(), 77, vec![], false, DiceMode::Rolled, rules);
    let mut rng = BotRng::new(77);
    let mut peeks = 0;
    for _ in 0..60 {
        let offered = legal_actions(&run.state);
        if offered.is_empty() {
            break;
        }
        // Peek whenever offered (free), else a random choice.
        let a = match offered.iter().find(|a| matches!(a, Action::Peek { .. })) {
            Some(p) => p.clone(),
            None => pick(&offered, &mut rng),
        };
        peeks += usize::from(matches!(a, Action::Peek { .. }));
        run.act(&a).expect("offered");
    }
    assert!(peeks > 0, "the run peeked");
    let dir = scratch("house-rules");
    let path = dir.join("ruled.json");
    std::fs::write(&path, save::to_bytes(&run)).expect("write");
    let text = std::fs::read_to_string(&path).expect("read");
    let v: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(
        v["house_rules"],
        serde_json::json!(["paid-peek=resolve:0", "hit-on-six"])
    );
    let loaded = save::load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.house_rules(), rules);
    assert_eq!(view(&loaded.state), view(&run.state));
    // The run code carries the rules: the same seed, dice and rules replay the same log.
    let info = SaveStore::open(&dir)
        .expect("store")
        .list()
        .into_iter()
        .flatten()
        .find(|i| i.path == path)
        .expect("listed");
    let code = info.code().expect("a code");
    let read = RunCode::parse(&code.to_string()).expect("reads back");
    assert_eq!(read.rules, rules);
    let (mut again, _) = Run::new_opts(cards(), read.seed, vec![], false, read.dice, read.rules);
    for a in &run.actions {
        again.act(a).expect("the same log plays");
    }
    assert_eq!(view(&again.state), view(&run.state));
    // Without the rules the same log does not play: the peeks are refused.
    let (mut plain, _) = Run::new(cards(), 77, vec![]);
    let refused = run.actions.iter().any(|a| plain.act(a).is_err());
    assert!(refused);
}
