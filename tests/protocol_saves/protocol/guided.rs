//! The protocol with a Guide (`--guide`).

use super::*;

// ---- with a Guide (`--guide`) -----------------------------------------------------------------

/// The Guide notes a line should carry: those of the card a Guide's choice comes from
/// (named in the `choice_offered` event of the line that opened it), else of the card in
/// play, else the Guardian's in a duel with it or at the crossing, else the Domain's (null
/// when the card has none).
fn expected_notes(cards: &forward::cards::CardSet, v: &Value) -> Value {
    let state = &v["state"];
    let chooser = v["events"]
        .as_array()
        .and_then(|events| {
            events
                .iter()
                .rev()
                .find(|e| e["type"] == "choice_offered" && e["kind"]["choice"] == "guide")
        })
        .and_then(|e| e["kind"]["card"].as_str())
        .filter(|_| v["prompt"]["kind"] == "guide_choice");
    let notes = if let Some(id) = chooser.or(state["card"].as_str()) {
        let c = cards.card_by_str(id).expect("a known card");
        cards.card(c).guide_notes.clone()
    } else if state.get("foe").is_some() || v["prompt"]["kind"] == "crossing" {
        cards.guardian.guide_notes.clone()
    } else if let Some(id) = v["events"].as_array().and_then(|events| {
        // A card this step flipped that has already left play keeps the notes.
        events
            .iter()
            .rev()
            .find(|e| e["type"] == "card_flipped")
            .and_then(|e| e["card"].as_str())
    }) {
        let c = cards.card_by_str(id).expect("a known card");
        cards.card(c).guide_notes.clone()
    } else {
        let d = state["domain"].as_str().expect("domain");
        let d = cards.domain_by_str(d).expect("a known Domain");
        cards.domain(d).guide_notes.clone()
    };
    notes.map_or(Value::Null, Value::String)
}

/// What the checks of guided runs met, to be sure they were not vacuous.
#[derive(Debug, Default)]
struct Met {
    lines: usize,
    flips: usize,
    refills: usize,
    reordered_refills: usize,
    foe_rolls: usize,
    skipped: usize,
    notes: usize,
}

/// Checks one line of a run with a Guide: whose turn it is, and the Guide view (against
/// the previous line and the action sent in between, when there is one).
fn check_guided(v: &Value, before: Option<(&Value, &Value)>, met: &mut Met) {
    let cards = shipped();
    let state = &v["state"];
    let prompt = &v["prompt"];
    let kind = prompt["kind"].as_str().expect("kind");
    let role = prompt["role"]
        .as_str()
        .unwrap_or_else(|| panic!("no role: {v}"));
    let types: Vec<&str> = prompt["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .map(|a| a["type"].as_str().expect("type"))
        .collect();
    let guides = |t: &&str| matches!(*t, "roll_foe" | "pick");
    let for_guide = types.iter().any(guides) && types.iter().all(|t| guides(t) || *t == "abandon");
    assert!(role == "guide" || role == "traveller", "{v}");
    assert_eq!(role == "guide", for_guide, "role {role} for {types:?}");
    assert_eq!(
        role == "guide",
        matches!(kind, "foe_roll" | "guide_choice" | "guide_lose"),
        "{kind}"
    );
    if v["outcome"].is_null() {
        assert_eq!(
            types.last(),
            Some(&"abandon"),
            "either player may end the run"
        );
    }
    let awaiting = state["foe"].get("awaiting_foe");
    assert_eq!(awaiting.is_some(), kind == "foe_roll", "{v}");
    if kind == "foe_roll" {
        assert_eq!(types, ["roll_foe", "abandon"]);
    }
    // The Guide view.
    let g = &state["guide"];
    let row = g["row"].as_array().expect("guide.row");
    assert_eq!(row.len(), 3);
    for (i, r) in row.iter().enumerate() {
        let shown = &state["row"][i];
        assert_eq!(r.is_null(), shown.is_null(), "slot {i}: {v}");
        if shown.is_string() && shown != "hidden" {
            assert_eq!(r, shown, "a card the traveller sees is the Guide's too");
        }
        assert!(r.is_null() || r.is_string());
    }
    let next = g["next"].as_array().expect("guide.next");
    let left = state["deck_left"].as_u64().expect("deck_left") as usize;
    assert_eq!(next.len(), left.min(3), "{v}");
    assert!(next.iter().all(Value::is_string));
    let notes = expected_notes(&cards, v);
    assert_eq!(g.get("notes").unwrap_or(&Value::Null), &notes, "{v}");
    met.notes += usize::from(notes.is_string());
    met.lines += 1;
    let events = v["events"].as_array().expect("events");
    for e in events {
        match e["type"].as_str() {
            Some("foe_rolled") => met.foe_rolls += 1,
            Some("traveller_rolled") if e["traveller"].is_null() => met.skipped += 1,
            Some("exchange_rolled") => panic!("a run with a Guide rolls the dice apart: {v}"),
            _ => {}
        }
    }
    let Some((prev, action)) = before else {
        return;
    };
    let pg = &prev["state"]["guide"];
    // The card flipped from a slot is the one the Guide saw there.
    if action["type"] == "flip" {
        let slot = action["slot"].as_u64().expect("slot") as usize;
        let flipped = events
            .iter()
            .find(|e| e["type"] == "card_flipped")
            .unwrap_or_else(|| panic!("no card flipped: {v}"));
        assert_eq!(flipped["slot"], action["slot"]);
        assert_eq!(flipped["card"], pg["row"][slot], "flip of slot {slot}");
        met.flips += 1;
    }
    // A slot refilled in the same Domain gets the deck's next card as the Guide saw it
    // (or, after a reorder, as reordered).
    if events.iter().any(|e| e["type"] == "domain_entered") {
        return;
    }
    let reordered = events.iter().find(|e| e["type"] == "deck_reordered");
    let expected = reordered.map_or(&pg["next"], |e| &e["cards"]);
    let filled = events.iter().filter(|e| e["type"] == "slot_filled");
    for (i, e) in filled.enumerate() {
        let slot = e["slot"].as_u64().expect("slot") as usize;
        assert_eq!(g["row"][slot], expected[i], "refill of slot {slot}: {v}");
        met.refills += 1;
        met.reordered_refills += usize::from(reordered.is_some());
    }
}

/// Plays one whole run with a Guide, choosing random legal actions, checking every line.
fn guided_run(seed: u64, met: &mut Met) -> Vec<String> {
    let mut s = Session::start(&["--guide", "--seed", &seed.to_string()]);
    let mut pick = BotRng::new(seed * 31 + 7);
    let mut lines = vec![s.line()];
    let mut sent: Option<(Value, Value)> = None;
    for _ in 0..20_000 {
        let v = step(lines.last().expect("line"));
        check_guided(&v, sent.as_ref().map(|(p, a)| (p, a)), met);
        if !v["outcome"].is_null() {
            assert_eq!(s.finish(), 0);
            return lines;
        }
        let actions = v["prompt"]["actions"].as_array().expect("actions");
        let i = random_action(actions, &mut pick);
        let action = actions[i].clone();
        let line = if lines.len() % 2 == 0 {
            i.to_string()
        } else {
            action.to_string()
        };
        lines.push(s.send(&line));
        sent = Some((v, action));
    }
    panic!("seed {seed}: the guided run did not end");
}

#[test]
fn guided_runs_say_whose_turn_it_is_and_show_the_guide_what_is_face_down() {
    let mut met = Met::default();
    for seed in 0..300 {
        guided_run(seed, &mut met);
    }
    assert!(
        met.flips > 5_000
            && met.refills > 5_000
            && met.reordered_refills > 20
            && met.foe_rolls > 2_000
            && met.skipped > 20
            && met.notes > met.lines / 2,
        "{met:?}"
    );
}

#[test]
fn a_guided_run_takes_the_same_course_as_alone() {
    // Playing the same decisions (the Guide's roll of the foe's die aside) gives the same
    // states, line for line, apart from the role and the Guide view, until a card lets the
    // Guide choose (alone a die picks there, which the Guide does not draw).
    let mut alone = Session::start(&["--seed", "5"]);
    let mut guided = Session::start(&["--seed", "5", "--guide"]);
    let strip = |line: &str| {
        let mut v = step(line);
        v["state"].as_object_mut().expect("state").remove("guide");
        v["prompt"].as_object_mut().expect("prompt").remove("role");
        v["state"]["foe"]
            .as_object_mut()
            .map(|f| f.remove("awaiting_foe"));
        v.as_object_mut().expect("line").remove("events");
        v
    };
    let mut a = alone.line();
    let mut g = guided.line();
    let mut pick = BotRng::new(77);
    let mut rolls = 0;
    for _ in 0..400 {
        assert_eq!(strip(&a), strip(&g));
        let v = step(&a);
        if !v["outcome"].is_null() {
            break;
        }
        let actions = v["prompt"]["actions"].as_array().expect("actions");
        let i = pick.below(actions.len() - 1); // never abandon
        a = alone.send(&i.to_string());
        g = guided.send(&i.to_string());
        match step(&g)["prompt"]["kind"].as_str() {
            Some("foe_roll") => {
                g = guided.send(r#"{"type":"roll_foe"}"#);
                rolls += 1;
            }
            Some("guide_choice" | "guide_lose") => break,
            _ => {}
        }
    }
    assert!(rolls > 3, "the runs met a few duels: {rolls}");
    assert_eq!(alone.finish(), 0);
    assert_eq!(guided.finish(), 0);
}

#[test]
fn guide_and_load_together_are_refused() {
    let out = forward()
        .args(["play", "--headless", "--guide", "--load", "some-save.json"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2), "a usage error");
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("'--guide' cannot be used with '--load <FILE>'"),
        "{stderr}"
    );
}

/// Runs `forward play --headless` with these arguments and input lines; returns the lines
/// printed (the exit code must be 0).
fn play_lines(args: &[&str], input: &[&str]) -> Vec<String> {
    let mut child = forward()
        .args(["play", "--headless", "--cards", "cards"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start forward");
    let mut stdin = child.stdin.take().expect("stdin");
    for l in input {
        writeln!(stdin, "{l}").expect("send");
    }
    drop(stdin);
    let out = child.wait_with_output().expect("output");
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout)
        .expect("utf8")
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn a_guided_run_saved_with_save_loads_back_guided() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("protocol-guided-save");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let file = dir.join("guided.json");
    let file_arg = file.display().to_string();
    // Seed 5: a Caesura, then a foe; the traveller rolls, and the save stops there, with
    // the foe's die waiting for the Guide.
    let inputs = ["0", "0", "0", "0", "0", "0", "0", "0"];
    let whole = play_lines(&["--guide", "--seed", "5", "--no-save"], &inputs);
    let first = play_lines(
        &["--guide", "--seed", "5", "--save", &file_arg],
        &inputs[..3],
    );
    assert_eq!(first[..], whole[..4]);
    let waiting = step(&first[3]);
    assert_eq!(waiting["prompt"]["kind"], "foe_roll");
    assert_eq!(waiting["prompt"]["role"], "guide");
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("the save")).expect("json");
    assert_eq!(saved["guide"], true);
    assert_eq!(saved["summary"]["guide"], true);
    // `--load` needs no `--guide`: the save keeps its mode, roles and Guide view included.
    let resumed = play_lines(&["--load", &file_arg], &inputs[3..]);
    let head = step(&resumed[0]);
    let before = step(&whole[3]);
    assert_eq!(head["state"], before["state"]);
    assert_eq!(head["prompt"], before["prompt"]);
    assert_eq!(head["events"], serde_json::json!([]));
    assert_eq!(resumed[1..], whole[4..]);
    let rolled = step(&resumed[1]);
    assert_eq!(rolled["events"][0]["type"], "foe_rolled");
    for l in &resumed {
        let v = step(l);
        assert!(v["prompt"]["role"].is_string() && v["state"]["guide"].is_object());
    }
}

/// The `>` (sent) and `<` (printed) lines of each transcript block in docs/PROTOCOL.md.
fn doc_transcripts() -> Vec<Vec<(char, String)>> {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/PROTOCOL.md"),
    )
    .expect("docs/PROTOCOL.md");
    let mut blocks = Vec::new();
    let mut current: Option<Vec<(char, String)>> = None;
    for line in doc.lines() {
        if line.starts_with("```") {
            match current.take() {
                Some(b) if !b.is_empty() => blocks.push(b),
                Some(_) => {}
                None => current = Some(Vec::new()),
            }
        } else if let Some(b) = current.as_mut()
            && let Some((mark, rest)) = line.split_at_checked(2)
            && (mark == "> " || mark == "< ")
        {
            b.push((mark.chars().next().expect("mark"), rest.to_string()));
        }
    }
    blocks
}

#[test]
fn the_transcripts_in_protocol_md_are_real() {
    let blocks = doc_transcripts();
    assert_eq!(blocks.len(), 2, "the solo transcript and the Guide excerpt");
    // Solo, from the start: `forward play --headless --seed 5`.
    let solo = &blocks[0];
    let sent: Vec<&str> = solo
        .iter()
        .filter(|(m, _)| *m == '>')
        .map(|(_, l)| l.as_str())
        .collect();
    let printed: Vec<&str> = solo
        .iter()
        .filter(|(m, _)| *m == '<')
        .map(|(_, l)| l.as_str())
        .collect();
    assert_eq!(play_lines(&["--seed", "5", "--no-save"], &sent), printed);
    // The Guide excerpt picks up `--guide --seed 5` after two flips.
    let guided = &blocks[1];
    let mut sent = vec!["0", "0"];
    sent.extend(
        guided
            .iter()
            .filter(|(m, _)| *m == '>')
            .map(|(_, l)| l.as_str()),
    );
    let printed: Vec<&str> = guided
        .iter()
        .filter(|(m, _)| *m == '<')
        .map(|(_, l)| l.as_str())
        .collect();
    let lines = play_lines(&["--guide", "--seed", "5", "--no-save"], &sent);
    assert_eq!(lines[3..], printed);
}

#[test]
fn bad_bytes_stray_fields_and_huge_lines_get_short_errors_and_the_run_goes_on() {
    let mut s = Session::start(&["--seed", "5"]);
    s.line();
    // Not UTF-8: an error line, and the session goes on.
    {
        let input = s.input.as_mut().expect("stdin open");
        input
            .write_all(b"{\"type\":\"abandon\"\xff}\n")
            .expect("write");
        input.flush().expect("flush");
    }
    let e: Value = serde_json::from_str(&s.line()).expect("json");
    assert!(
        e["error"].as_str().expect("error").contains("not UTF-8"),
        "{e}"
    );
    // A field on an action that takes none is refused, and the run is not abandoned.
    let e: Value = serde_json::from_str(&s.send(r#"{"type":"abandon","x":1}"#)).expect("json");
    let msg = e["error"].as_str().expect("error");
    assert!(msg.contains("`abandon` takes no fields"), "{msg}");
    // A huge line that is not offered is not echoed whole.
    let huge = format!(r#"{{"type":"go","domain":"{}"}}"#, "x".repeat(100_000));
    let reply = s.send(&huge);
    assert!(reply.len() < 1_000, "{} bytes echoed", reply.len());
    let e: Value = serde_json::from_str(&reply).expect("json");
    assert!(
        e["error"]
            .as_str()
            .expect("error")
            .contains("is not one of the offered actions"),
        "{e}"
    );
    // The run still plays: abandoning now ends it.
    let v = step(&s.send(r#"{"type":"abandon"}"#));
    assert!(v["outcome"].is_object(), "{v}");
    assert_eq!(s.finish(), 0);
}

/// The stream tells where each of the Guardian's entries stands (`status`, with `why` once
/// lost; `unknown` exactly while the terms are not known) and which offered actions would
/// put a known entry out of reach (`breaks`); taking such an action brings a `term_lost`
/// event for each entry it names, and the entry reads `lost` from then on. A `term_lost`
/// in the stream is always of a known entry. Random runs of the shipped cards.
#[test]
fn the_stream_tells_term_status_and_what_an_action_breaks() {
    let mut broke = 0;
    let mut lost_seen = 0;
    for seed in 0..40u64 {
        let mut s = Session::start(&["--seed", &seed.to_string()]);
        let mut pick = BotRng::new(seed * 13 + 5);
        let mut line = s.line();
        let mut promised: Vec<String> = Vec::new();
        for _ in 0..20_000 {
            let v = step(&line);
            let entries = v["state"]["guardian"]["entries"]
                .as_array()
                .expect("entries");
            let mut lost_now = Vec::new();
            for e in entries {
                let status = e["status"].as_str().expect("status");
                assert!(
                    ["met", "open", "lost", "unknown"].contains(&status),
                    "{status}"
                );
                assert_eq!(e["known"] == false, status == "unknown", "{e}");
                assert_eq!(e.get("why").is_some(), status == "lost", "{e}");
                if status == "lost" {
                    lost_now.push(e["id"].as_str().expect("id").to_string());
                }
            }
            let told: Vec<String> = v["events"]
                .as_array()
                .expect("events")
                .iter()
                .filter(|e| e["type"] == "term_lost")
                .map(|e| {
                    assert_eq!(e["known"], true, "an unknown entry's loss is told: {e}");
                    assert!(e["why"].is_string() && e["name"].is_string(), "{e}");
                    e["id"].as_str().expect("id").to_string()
                })
                .collect();
            lost_seen += told.len();
            for id in &told {
                assert!(
                    lost_now.contains(id),
                    "seed {seed}: {id} told lost, not lost"
                );
            }
            if v["outcome"].is_null() {
                for id in &promised {
                    assert!(
                        told.contains(id),
                        "seed {seed}: the action was to break {id}: {line}"
                    );
                }
            }
            if !v["outcome"].is_null() {
                assert_eq!(s.finish(), 0);
                break;
            }
            let actions = v["prompt"]["actions"].as_array().expect("actions");
            for a in actions {
                if let Some(b) = a.get("breaks") {
                    let ids = b.as_array().expect("breaks is a list");
                    assert!(!ids.is_empty(), "{a}");
                    for id in ids {
                        let e = entries.iter().find(|e| e["id"] == *id).expect("an entry");
                        assert!(e["known"] == true && e["status"] != "lost", "{e} {a}");
                    }
                }
            }
            let i = random_action(actions, &mut pick);
            promised = actions[i]
                .get("breaks")
                .and_then(|b| b.as_array())
                .map(|b| {
                    b.iter()
                        .filter_map(|x| x.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default();
            broke += usize::from(!promised.is_empty());
            // Sent back as offered, `breaks` and all: it is accepted.
            line = s.send(&actions[i].to_string());
            assert!(!line.starts_with("{\"error\""), "{line}");
        }
    }
    assert!(
        broke > 0,
        "no random run took an action that breaks a known entry"
    );
    assert!(lost_seen > 0, "no run told a lost entry");
}

#[test]
fn a_paid_peek_is_offered_with_its_price_played_and_refused_when_unaffordable() {
    // Health as the price: offered at once (the marker starts at 0).
    let lines = play_lines(
        &["--seed", "5", "--rule", "paid-peek=health:2"],
        &[r#"{"type":"peek","slot":1,"price":{"health":2}}"#, "0"],
    );
    let first = step(&lines[0]);
    assert_eq!(
        first["state"]["house_rules"],
        serde_json::json!(["paid-peek=health:2"])
    );
    let actions = first["prompt"]["actions"].as_array().expect("actions");
    assert!(
        actions.contains(&serde_json::json!({"type": "peek", "slot": 1, "price": {"health": 2}}))
    );
    let after = step(&lines[1]);
    assert_eq!(after["state"]["health"], 18);
    assert_ne!(after["state"]["row"][1], "hidden");
    assert_eq!(after["state"]["row"][0], "hidden");
    let peeks = |v: &Value| {
        v["prompt"]["actions"]
            .as_array()
            .expect("actions")
            .iter()
            .filter(|a| a["type"] == "peek")
            .count()
    };
    assert_eq!(peeks(&after), 2, "the known card is not offered again");
    // 2 Resolve as the price: Termina leaves the marker at Resolve 1, so no peek is
    // offered and one sent is refused with an error line.
    let lines = play_lines(
        &["--seed", "5", "--rule", "paid-peek=resolve:2"],
        &[r#"{"type":"peek","slot":0,"price":{"resolve":2}}"#],
    );
    assert_eq!(peeks(&step(&lines[0])), 0);
    assert!(lines[1].contains("\"error\""), "{}", lines[1]);
}

#[test]
fn an_unknown_house_rule_is_refused_naming_the_known_ones() {
    for args in [
        &["play", "--headless", "--rule", "free-lunch"][..],
        &["simulate", "--runs", "1", "--rule", "free-lunch"][..],
        &["--rule", "free-lunch", "--seed", "1"][..],
    ] {
        let out = forward().args(args).output().expect("run");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(
                "`free-lunch` is not a house rule; the house rules are: paid-peek, hit-on-six"
            ),
            "{args:?}: {err}"
        );
    }
    let out = forward()
        .args(["play", "--headless", "--rule", "paid-peek=gold:1"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("resolve:N or health:N"));
}
