//! The Guide's seat, whole and safe (issue 28): an action takes exactly the dice it rolls,
//! a refused action leaves no die forced, no client can stall the Guide's screen, the
//! screen closes with its run, and the notes of a card that has already left play reach
//! both guided streams with their source.

use forward::core::{Action, Event, Refusal};
use forward::guide_screen::{GuideScreen, RUN_ENDED};
use forward::protocol::{StreamOptions, act_line, write_step_opts};
use forward::session::Session;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn cards() -> Arc<forward::cards::CardSet> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    Arc::new(forward::cards::load::load_dir(&dir).expect("cards").0)
}

/// A guided run of `seed` played by the first offered action (never abandon, and never a
/// roll with dice) until `stop` holds.
fn guided_until(seed: u64, stop: impl Fn(&Session) -> bool) -> Session {
    let (mut run, _) = Session::new_with(cards(), seed, Vec::new(), true);
    for _ in 0..5000 {
        if stop(&run) || run.is_over() {
            break;
        }
        let a = first_offered(&run);
        run.act(&a).expect("offered");
    }
    run
}

/// The first offered action that is not abandoning the run.
fn first_offered(run: &Session) -> Action {
    forward::core::legal_actions(&run.state)
        .into_iter()
        .find(|a| !matches!(a, Action::Abandon))
        .expect("an action")
}

fn at_foe_roll(seed: u64) -> Session {
    let run = guided_until(seed, |r| {
        forward::core::legal_actions(&r.state).contains(&Action::RollFoe)
    });
    assert!(
        forward::core::legal_actions(&run.state).contains(&Action::RollFoe),
        "seed {seed} reaches a foe's roll"
    );
    run
}

fn state_json(run: &Session) -> Value {
    serde_json::to_value(&run.state).expect("state json")
}

#[test]
fn a_foes_roll_takes_exactly_one_die_and_extra_values_are_refused() {
    let mut run = at_foe_roll(8);
    let before = (state_json(&run), run.forced.clone(), run.actions.len());
    let err = act_line(&mut run, r#"{"type":"roll_foe","value":[6,2,2,2,2,2,2]}"#).unwrap_err();
    assert!(
        err.contains("rolls 1 die") && err.contains("7 were typed"),
        "{err}"
    );
    assert_eq!(
        (state_json(&run), run.forced.clone(), run.actions.len()),
        before,
        "a refused count changes nothing"
    );
    assert_eq!(run.state.dice.forced_left(), 0, "no die is left forced");
    let events = act_line(&mut run, r#"{"type":"roll_foe","value":[6]}"#).expect("one die");
    assert!(events.contains(&Event::FoeRolled { foe: 6 }), "{events:?}");
    assert_eq!(
        run.state.dice.forced_left(),
        0,
        "nothing queued for the traveller"
    );
    assert_eq!(run.forced.len(), 1);
}

#[test]
fn a_refused_action_leaves_no_die_forced() {
    let mut run = at_foe_roll(8);
    // The foe's die rolled, the same action again is refused with its dice.
    run.act(&Action::RollFoe).expect("roll_foe");
    let before = (state_json(&run), run.forced.clone());
    let err = run.act_typed(&Action::RollFoe, &[5]).unwrap_err();
    assert!(matches!(err, Refusal::NotNow(_)), "{err:?}");
    let words = err.to_string();
    assert!(
        !words.contains('{') && !words.contains("roll_foe"),
        "a player's words: {words}"
    );
    assert_eq!((state_json(&run), run.forced.clone()), before);
    assert_eq!(run.state.dice.forced_left(), 0);
    // A die typed for an action that rolls none is refused too.
    let guided = guided_until(8, |r| {
        forward::core::legal_actions(&r.state).contains(&Action::Flip { slot: 0 })
    });
    let mut g = guided;
    let err = g.act_typed(&Action::Flip { slot: 0 }, &[3]).unwrap_err();
    assert_eq!(err, Refusal::RollsNone);
    assert_eq!(g.state.dice.forced_left(), 0);
    assert!(g.forced.is_empty());
}

fn get(addr: &str, path: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("send");
    let mut all = String::new();
    s.read_to_string(&mut all).expect("an answer within 10 s");
    let status = all
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = all
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

fn post(addr: &str, path: &str, body: &str) -> u16 {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    let mut line = String::new();
    BufReader::new(s).read_line(&mut line).expect("status");
    line.split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// Sends a request that promises a 2,000-byte body and sends 10 bytes, and keeps the
/// connection open.
fn stall(addr: &str, path: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).expect("connect");
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 2000\r\n\r\n0123456789"
    )
    .expect("send");
    s.flush().expect("flush");
    s
}

#[test]
fn a_stalled_client_holds_up_no_other_request() {
    let run = at_foe_roll(8);
    let mut screen = GuideScreen::start("127.0.0.1:0").expect("listen");
    screen.publish(&run);
    let addr = screen.addr.to_string();
    let code = screen.code.clone();
    // One stalled connection without the code, one with it.
    let _a = stall(&addr, "/act?code=wrong");
    let _b = stall(&addr, &format!("/act?code={code}&seat=guideseat1"));
    std::thread::sleep(Duration::from_millis(100));
    let started = Instant::now();
    let (status, body) = get(&addr, &format!("/state?code={code}&seat=guideseat1"));
    let took = started.elapsed();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"turn\":\"guide\""), "{body}");
    assert!(
        took < Duration::from_millis(900),
        "/state answered in {took:?} beside two stalled connections"
    );
    // A wrong code is refused before its body is read: the answer comes at once.
    let s = stall(&addr, "/act?code=wrong");
    s.set_read_timeout(Some(Duration::from_secs(2)))
        .expect("timeout");
    let mut line = String::new();
    BufReader::new(s)
        .read_line(&mut line)
        .expect("answered before the body");
    assert!(line.contains(" 403 "), "{line}");
}

#[test]
fn the_page_refuses_dice_beyond_what_the_action_rolls() {
    let mut run = at_foe_roll(8);
    let mut screen = GuideScreen::start("127.0.0.1:0").expect("listen");
    screen.publish(&run);
    let (addr, code) = (screen.addr.to_string(), screen.code.clone());
    let act = format!("/act?code={code}&seat=guideseat1");
    let rigged = r#"{"action":{"type":"roll_foe"},"dice":[6,1,1,1,1,1]}"#;
    assert_eq!(post(&addr, &act, rigged), 400);
    assert!(
        screen.apply_queued(&mut run).is_empty(),
        "nothing was queued"
    );
    assert_eq!(run.state.dice.forced_left(), 0);
    let (_, snap) = get(&addr, &format!("/state?code={code}&seat=guideseat1"));
    let snap: Value = serde_json::from_str(&snap).expect("snapshot");
    assert_eq!(
        snap["actions"][0]["dice"], 1,
        "the page is told how many dice: {snap}"
    );
    assert_eq!(
        post(&addr, &act, r#"{"action":{"type":"roll_foe"},"dice":[4]}"#),
        202
    );
    let mut done = Vec::new();
    for _ in 0..200 {
        done = screen.apply_queued(&mut run);
        if !done.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(done[0].contains(&Event::FoeRolled { foe: 4 }), "{done:?}");
    assert_eq!(run.state.dice.forced_left(), 0);
}

#[test]
fn the_screen_closes_when_its_run_ends_and_stops_when_dropped() {
    let mut run = at_foe_roll(8);
    let mut screen = GuideScreen::start("127.0.0.1:0").expect("listen");
    screen.publish(&run);
    let (addr, code) = (screen.addr.to_string(), screen.code.clone());
    run.act(&Action::Abandon).expect("abandon");
    screen.publish(&run);
    let (_, snap) = get(&addr, &format!("/state?code={code}&seat=guideseat1"));
    let snap: Value = serde_json::from_str(&snap).expect("snapshot");
    assert_eq!(snap["closed"], RUN_ENDED, "{snap}");
    assert_eq!(snap["actions"], serde_json::json!([]));
    let status = post(
        &addr,
        &format!("/act?code={code}&seat=guideseat1"),
        r#"{"action":{"type":"roll_foe"}}"#,
    );
    assert_eq!(status, 410, "a closed page takes no action");
    drop(screen);
    let mut refused = false;
    for _ in 0..100 {
        if TcpStream::connect(&addr).is_err() {
            refused = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(refused, "the port closed with the screen");
}

/// The notes' source of a guided stream's line: `notes_card` in the plain `--guide`
/// stream too.
fn notes_card(run: &Session, events: &[Event]) -> Value {
    let mut out = Vec::new();
    let opts = StreamOptions {
        role: None,
        describe: false,
    };
    write_step_opts(&mut out, run, events, opts, false).expect("write");
    let line: Value = serde_json::from_slice(&out).expect("json");
    line["state"]["guide"].clone()
}

#[test]
fn a_card_that_left_play_keeps_the_notes_of_its_step_in_the_guided_stream() {
    let set = cards();
    let (mut flips, mut shown) = (0, 0);
    for seed in 1..=8 {
        let (mut run, _) = Session::new_with(set.clone(), seed, Vec::new(), true);
        for _ in 0..3000 {
            if run.is_over() {
                break;
            }
            let a = first_offered(&run);
            let events = run.act(&a).expect("offered");
            let Some(card) = events.iter().find_map(|e| match e {
                Event::CardFlipped { card, .. } => Some(*card),
                _ => None,
            }) else {
                continue;
            };
            flips += 1;
            let g = notes_card(&run, &events);
            // Whatever holds the notes now (a foe, a choice), a flipped card that left
            // play in this step is the notes' source with its own notes.
            if run.state.resolving.is_none()
                && run.state.duel().is_none()
                && g["notes_card"] == card.id
            {
                assert_eq!(
                    g["notes"].as_str(),
                    set.card(card).guide_notes.as_deref(),
                    "seed {seed}: {}",
                    card.id
                );
                shown += 1;
            } else if run.state.resolving.is_none()
                && run.state.duel().is_none()
                && forward::present::choice_card(&run.state).is_none()
            {
                panic!("seed {seed}: {} left play but the notes are {g}", card.id);
            }
        }
    }
    assert!(
        flips > 100 && shown > 50,
        "{flips} flips, {shown} shown after leaving play"
    );
}

#[test]
fn the_guides_stream_sends_each_journal_entry_once_and_foe_faces_as_data() {
    use forward::protocol::StreamRole;
    let set = cards();
    let (mut run, events) = Session::new_with(set.clone(), 8, Vec::new(), true);
    let opts = StreamOptions {
        role: Some(StreamRole::Guide),
        describe: true,
    };
    let line = |run: &Session, events: &[Event], first: bool| -> Value {
        let mut out = Vec::new();
        write_step_opts(&mut out, run, events, opts, first).expect("write");
        serde_json::from_slice(&out).expect("json")
    };
    let first = line(&run, &events, true);
    let foe = first["cards"]["cards"]
        .as_array()
        .expect("the catalogue")
        .iter()
        .find(|c| c["type"] == "foe")
        .expect("a foe");
    let faces = foe["faces"].as_array().expect("a foe's faces as data");
    assert_eq!(faces.len(), 6);
    assert!(
        faces
            .iter()
            .all(|f| f["name"].is_string() && f["effects"].is_string()),
        "{foe}"
    );
    let mut got: Vec<Value> = first["state"]["guide"]["journal"]
        .as_array()
        .unwrap()
        .clone();
    got.reverse();
    let mut longest = 0;
    for _ in 0..400 {
        if run.is_over() {
            break;
        }
        let a = first_offered(&run);
        let events = run.act(&a).expect("offered");
        let l = line(&run, &events, false);
        longest = longest.max(l.to_string().len());
        let mut delta = l["state"]["guide"]["journal"].as_array().unwrap().clone();
        delta.reverse();
        got.extend(delta);
    }
    let full = forward::present::journal::notes_journal(&set, &run.journal);
    let mut full = serde_json::to_value(full)
        .unwrap()
        .as_array()
        .unwrap()
        .clone();
    full.reverse();
    assert_eq!(got, full, "the deltas, in order, are the whole journal");
    assert!(full.len() > 20, "{} entries", full.len());
    assert!(
        full.iter().any(|e| e["card_type"].is_string()),
        "entries carry the card's type"
    );
    assert!(longest < 9000, "a line after many flips is {longest} bytes");
}

#[test]
fn the_end_of_run_recap_covers_the_whole_run() {
    let set = cards();
    // A run that crosses more than one Domain before it ends.
    let run = (1..=40)
        .map(|seed| guided_until(seed, |_| false))
        .find(|r| {
            r.journal
                .iter()
                .filter(|e| matches!(e, Event::DomainEntered { .. }))
                .count()
                >= 2
        })
        .expect("a seed crosses two Domains");
    assert!(run.is_over());
    let journal = forward::present::journal::notes_journal(&set, &run.journal);
    let recap = &journal[0];
    assert_eq!(recap.name, "The run: recap");
    let words = recap.direction.as_deref().expect("recap words");
    for e in &run.journal {
        if let Event::DomainEntered { domain } = e {
            assert!(words.contains(&set.domain(*domain).name), "{words}");
        }
    }
    let flips = run
        .journal
        .iter()
        .filter(|e| matches!(e, Event::CardFlipped { .. }))
        .count();
    assert!(words.contains(&format!("Cards met: {flips}.")), "{words}");
}
