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
    stall_from([127, 0, 0, 1], addr, path)
}

/// [`stall`] from another loopback address: another device, as the server sees it (one
/// address holds at most 8 connections).
fn stall_from(ip: [u8; 4], addr: &str, path: &str) -> TcpStream {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).expect("socket");
    socket
        .bind(&std::net::SocketAddr::from((ip, 0)).into())
        .expect("bind");
    let to: std::net::SocketAddr = addr.parse().expect("an address");
    socket.connect(&to.into()).expect("connect");
    let mut s: TcpStream = socket.into();
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
    let code = screen.code();
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
    let (addr, code) = (screen.addr.to_string(), screen.code());
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
    let (addr, code) = (screen.addr.to_string(), screen.code());
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
                && g["notes_card"] == card.id()
            {
                assert_eq!(
                    g["notes"].as_str(),
                    set.card(card).guide_notes.as_deref(),
                    "seed {seed}: {}",
                    card.id()
                );
                shown += 1;
            } else if run.state.resolving.is_none()
                && run.state.duel().is_none()
                && forward::present::choice_card(&run.state).is_none()
            {
                panic!("seed {seed}: {} left play but the notes are {g}", card.id());
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

/// The seat token the tests' page uses.
const SEAT: &str = "guideseat1";

/// One kept-alive connection, as a page's browser holds it.
struct Conn {
    r: BufReader<TcpStream>,
    w: TcpStream,
}

/// An answer: status, ETag and body.
struct Answer {
    status: u16,
    etag: Option<String>,
    body: String,
}

impl Conn {
    fn open(addr: &str) -> Conn {
        let s = TcpStream::connect(addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(15)))
            .expect("timeout");
        Conn {
            w: s.try_clone().expect("clone"),
            r: BufReader::new(s),
        }
    }

    /// Sends a request on this connection and reads its answer by its length.
    fn ask(&mut self, method: &str, path: &str, headers: &str, body: &str) -> Answer {
        write!(
            self.w,
            "{method} {path} HTTP/1.1\r\nHost: x\r\n{headers}Content-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .expect("send");
        let mut line = String::new();
        self.r.read_line(&mut line).expect("a status line");
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        let (mut length, mut etag) = (0, None);
        loop {
            let mut h = String::new();
            self.r.read_line(&mut h).expect("a header");
            let h = h.trim();
            if h.is_empty() {
                break;
            }
            let (name, value) = h.split_once(':').expect("a header line");
            match name.to_ascii_lowercase().as_str() {
                "content-length" => length = value.trim().parse().expect("a length"),
                "etag" => etag = Some(value.trim().to_string()),
                _ => {}
            }
        }
        let mut body = vec![0; length];
        self.r.read_exact(&mut body).expect("the body");
        Answer {
            status,
            etag,
            body: String::from_utf8_lossy(&body).into_owned(),
        }
    }

    fn state(&mut self, code: &str, journal: usize, etag: Option<&str>) -> Answer {
        let headers = etag.map_or(String::new(), |e| format!("If-None-Match: {e}\r\n"));
        let path = format!("/state?code={code}&seat={SEAT}&journal={journal}");
        self.ask("GET", &path, &headers, "")
    }
}

#[test]
fn an_unchanged_state_is_answered_304_and_the_journal_comes_in_increments() {
    let mut run = guided_until(5, |r| r.state.flips >= 2);
    let mut screen = GuideScreen::start("127.0.0.1:0").expect("listen");
    screen.publish(&run);
    let (addr, code) = (screen.addr.to_string(), screen.code());
    let mut conn = Conn::open(&addr);
    let first = conn.state(&code, 0, None);
    assert_eq!(first.status, 200, "{}", first.body);
    let etag = first.etag.clone().expect("an ETag");
    let snap: Value = serde_json::from_str(&first.body).expect("json");
    assert_eq!(etag, format!("\"{}\"", snap["version"]));
    let had = snap["journal"].as_array().expect("journal").len();
    assert!(had >= 3, "a Domain and two cards: {had}");
    assert_eq!(
        (
            snap["journal_from"].as_u64(),
            snap["journal_total"].as_u64()
        ),
        (Some(0), Some(had as u64))
    );
    // Oldest first: the Domain entered before the cards.
    assert_eq!(snap["journal"][0]["kind"], "domain");
    // The Guide sees where each of the Guardian's terms stands.
    let terms = snap["terms"].as_array().expect("the Guardian's terms");
    assert!(!terms.is_empty(), "{snap}");
    for t in terms {
        assert!(
            ["met", "open", "lost"].contains(&t["status"].as_str().unwrap_or("")),
            "{t}"
        );
        assert!(t["name"].is_string() && t["known"].is_boolean(), "{t}");
    }
    // Nothing changed: 304, no body, on the same kept-alive connection.
    let same = conn.state(&code, had, Some(&etag));
    assert_eq!((same.status, same.body.as_str()), (304, ""));
    assert_eq!(same.etag.as_deref(), Some(etag.as_str()));
    // A step: a new version, and only the entries after the page's last one.
    let before = run.state.flips;
    while run.state.flips == before && !run.is_over() {
        let a = first_offered(&run);
        run.act(&a).expect("offered");
    }
    screen.publish(&run);
    let next = conn.state(&code, had, Some(&etag));
    assert_eq!(next.status, 200);
    assert_ne!(next.etag.as_deref(), Some(etag.as_str()));
    let snap: Value = serde_json::from_str(&next.body).expect("json");
    assert_eq!(snap["journal_from"].as_u64(), Some(had as u64));
    let delta = snap["journal"].as_array().expect("journal");
    assert!(!delta.is_empty() && delta.len() < had, "{delta:?}");
    assert_eq!(
        snap["journal_total"].as_u64(),
        Some((had + delta.len()) as u64)
    );
    // A page that asks beyond the journal (a restarted table) gets it whole.
    let whole = conn.state(&code, 10_000, None);
    let snap: Value = serde_json::from_str(&whole.body).expect("json");
    assert_eq!(snap["journal_from"].as_u64(), Some(0));
}

#[test]
fn a_second_device_is_refused_until_the_guide_accepts_it_and_the_old_code_after_r() {
    use forward::guide_screen::{LinkState, Pairing};
    let run = at_foe_roll(8);
    let mut screen = GuideScreen::start_with("127.0.0.1:0", Pairing::Accept, None).expect("listen");
    screen.publish(&run);
    let (addr, code) = (screen.addr.to_string(), screen.code());
    assert!(!screen.seat_claimed());
    // The first device to ask is not seated: it asks, and is named.
    let mut guide = Conn::open(&addr);
    let asked = guide.state(&code, 0, None);
    assert_eq!(asked.status, 202, "{}", asked.body);
    assert!(
        !asked.body.contains("turn"),
        "nothing of the run: {}",
        asked.body
    );
    let named: Value = serde_json::from_str(&asked.body).expect("json");
    let id = named["asking"]["id"]
        .as_str()
        .expect("a short id")
        .to_string();
    assert!(!screen.seat_claimed(), "asking is not holding");
    let other = "otherdevice2";
    let mut phone = Conn::open(&addr);
    let path = |seat: &str| format!("/state?code={code}&seat={seat}");
    assert_eq!(phone.ask("GET", &path(other), "", "").status, 202);
    assert!(
        matches!(screen.state(), LinkState::Asking { ref devices } if devices.len() == 2),
        "{:?}",
        screen.state()
    );
    let roll = r#"{"action":{"type":"roll_foe"}}"#;
    let acted = phone.ask("POST", &format!("/act?code={code}&seat={other}"), "", roll);
    assert_eq!(acted.status, 423, "an asking device's action is refused");
    assert!(acted.body.contains("accepts it"), "{}", acted.body);
    assert!(screen.poll().is_empty(), "nothing was queued");
    // The Guide accepts the first device: it follows, the other is refused.
    assert_eq!(screen.accept(&id).map(|d| d.id), Some(id.clone()));
    assert_eq!(guide.state(&code, 0, None).status, 200);
    let seen = phone.ask("GET", &path(other), "", "");
    assert_eq!(seen.status, 423, "no state for a second device");
    assert!(seen.body.contains("seat is taken"), "{}", seen.body);
    assert!(!seen.body.contains("turn"), "nothing of the run leaks");
    let acted = phone.ask("POST", &format!("/act?code={code}&seat={other}"), "", roll);
    assert_eq!(acted.status, 423);
    let shown = phone.ask(
        "POST",
        &format!("/show?code={code}&seat={other}"),
        "",
        r#"{"card":"x"}"#,
    );
    assert_eq!(shown.status, 423);
    // Without a seat token at all: refused too.
    let bare = phone.ask("GET", &format!("/state?code={code}"), "", "");
    assert_eq!(bare.status, 400);
    // The Guide's page keeps its seat through a reload (the same token).
    assert_eq!(Conn::open(&addr).state(&code, 0, None).status, 200);
    // R: a new code at once; the old one is refused to every device, the seat's too.
    let new = screen.new_code();
    assert_ne!(new, code);
    assert_eq!(guide.state(&code, 0, None).status, 410);
    // (A refused code closes its connection: each ask on a new one.)
    let mut phone = Conn::open(&addr);
    assert_eq!(phone.ask("GET", &path(other), "", "").status, 410);
    let mut phone = Conn::open(&addr);
    let fresh = phone.ask("GET", &format!("/state?code={new}&seat={other}"), "", "");
    assert_eq!(fresh.status, 202, "with the new code a device asks again");
}

#[test]
fn the_next_cards_the_traveller_has_seen_are_not_marked_face_down() {
    // A run that reaches a card letting the traveller look at the deck.
    let run = (0..200u64)
        .map(|seed| guided_until(seed, |r| r.state.deck_seen > 0))
        .find(|r| r.state.deck_seen > 0)
        .expect("some seed looks at the top of the deck");
    let mut screen = GuideScreen::start("127.0.0.1:0").expect("listen");
    screen.publish(&run);
    let (addr, code) = (screen.addr.to_string(), screen.code());
    let snap: Value =
        serde_json::from_str(&Conn::open(&addr).state(&code, 0, None).body).expect("json");
    let next = snap["next"].as_array().expect("next cards");
    let seen = run.state.deck_seen.min(next.len());
    assert!(seen > 0);
    for (i, slot) in next.iter().enumerate() {
        assert_eq!(slot["hidden"], i >= seen, "next card {i} of {next:?}");
    }
}

#[test]
fn a_stopped_screen_serves_again_on_the_same_address_code_and_seat() {
    let run = at_foe_roll(8);
    let mut screen = GuideScreen::start("127.0.0.1:0").expect("listen");
    screen.publish(&run);
    let (addr, code) = (screen.addr.to_string(), screen.code());
    assert_eq!(screen.state(), forward::guide_screen::LinkState::Waiting);
    let mut conn = Conn::open(&addr);
    assert_eq!(conn.state(&code, 0, None).status, 200);
    assert!(matches!(
        screen.state(),
        forward::guide_screen::LinkState::Followed { .. }
    ));
    screen.stop("stopped by the test");
    assert!(
        matches!(screen.state(), forward::guide_screen::LinkState::Stopped { ref why } if why.contains("by the test"))
    );
    assert!(TcpStream::connect(&addr).is_err(), "the port is closed");
    screen.restart().expect("listens again");
    assert_eq!(screen.addr.to_string(), addr);
    let again = Conn::open(&addr).state(&code, 0, None);
    assert_eq!(again.status, 200, "the same code and seat: {}", again.body);
}

/// The link holds for a whole evening, compressed into a minute: a page polls every 0.7 s
/// on one kept-alive connection while the run is played, a fresh connection comes every
/// 15 s, and 40 clients that hold the code (from five other devices, eight each: one
/// address holds at most 8) promise bodies they never send at 20 s. Every request is
/// answered, none later than the body deadline plus a second.
#[test]
fn the_link_holds_for_a_minute_of_polls_fresh_connections_and_stalled_bodies() {
    use forward::guide_screen::REQUEST_DEADLINE;
    use std::sync::atomic::{AtomicBool, Ordering};
    let mut run = guided_until(8, |_| true);
    let mut screen = GuideScreen::start("127.0.0.1:0").expect("listen");
    screen.publish(&run);
    let (addr, code) = (screen.addr.to_string(), screen.code());
    let limit = REQUEST_DEADLINE + Duration::from_secs(1);
    let soak = Duration::from_secs(62);
    let done = Arc::new(AtomicBool::new(false));
    let spawn_poller = |done: Arc<AtomicBool>, addr: String, code: String| {
        std::thread::spawn(move || {
            let mut conn = Conn::open(&addr);
            let (mut etag, mut journal, mut answered, mut fresh) = (None, 0, Vec::new(), 0);
            let started = Instant::now();
            let mut last_fresh = Instant::now();
            while !done.load(Ordering::SeqCst) {
                let t = Instant::now();
                let a = conn.state(&code, journal, etag.as_deref());
                answered.push((a.status, t.elapsed()));
                if a.status == 200 {
                    let snap: Value = serde_json::from_str(&a.body).expect("json");
                    journal = snap["journal_total"].as_u64().expect("total") as usize;
                    etag = a.etag;
                }
                if last_fresh.elapsed() >= Duration::from_secs(15) {
                    last_fresh = Instant::now();
                    let t = Instant::now();
                    let a = Conn::open(&addr).state(&code, 0, None);
                    answered.push((a.status, t.elapsed()));
                    fresh += 1;
                }
                std::thread::sleep(Duration::from_millis(700));
            }
            (answered, fresh, started.elapsed())
        })
    };
    let poller = spawn_poller(done.clone(), addr.clone(), code.clone());
    let stallers = {
        let (addr, code) = (addr.clone(), code.clone());
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs(20));
            let path = format!("/act?code={code}&seat=stalledclient");
            let open: Vec<(TcpStream, Instant)> = (0..40u8)
                .map(|i| {
                    (
                        stall_from([127, 0, 0, 2 + i / 8], &addr, &path),
                        Instant::now(),
                    )
                })
                .collect();
            open.into_iter()
                .map(|(s, sent)| {
                    s.set_read_timeout(Some(Duration::from_secs(15)))
                        .expect("timeout");
                    let mut line = String::new();
                    let _ = BufReader::new(s).read_line(&mut line);
                    (line, sent.elapsed())
                })
                .collect::<Vec<_>>()
        })
    };
    // The host plays on: one step every 2 s, publishing as a table does.
    let started = Instant::now();
    let mut steps = 0;
    while started.elapsed() < soak {
        std::thread::sleep(Duration::from_millis(100));
        screen.apply_queued(&mut run);
        if started.elapsed().as_millis() / 2000 > steps && !run.is_over() {
            steps += 1;
            let a = first_offered(&run);
            run.act(&a).expect("offered");
            screen.publish(&run);
        }
    }
    done.store(true, Ordering::SeqCst);
    let (answered, fresh, lasted) = poller.join().expect("the poller");
    let stalled = stallers.join().expect("the stalled clients");
    assert!(lasted >= Duration::from_secs(60), "followed for {lasted:?}");
    assert!(fresh >= 3, "{fresh} fresh connections");
    assert!(answered.len() >= 70, "{} polls", answered.len());
    let changed = answered.iter().filter(|(s, _)| *s == 200).count();
    let unchanged = answered.iter().filter(|(s, _)| *s == 304).count();
    assert_eq!(
        changed + unchanged,
        answered.len(),
        "every poll answered 200 or 304: {answered:?}"
    );
    assert!(
        unchanged > changed,
        "most polls cost nothing: {changed} full, {unchanged} 304"
    );
    let slowest = answered.iter().map(|(_, t)| *t).max().unwrap_or_default();
    assert!(slowest <= limit, "the slowest poll took {slowest:?}");
    assert_eq!(stalled.len(), 40);
    for (line, took) in &stalled {
        assert!(
            line.contains(" 408 "),
            "a stalled body is answered 408: {line:?}"
        );
        assert!(*took <= limit, "a stalled body was answered after {took:?}");
    }
    assert!(matches!(
        screen.state(),
        forward::guide_screen::LinkState::Followed { .. }
    ));
}

/// The lines `forward play --headless` writes for `input`, with `args`, as JSON.
fn stream(args: &[&str], input: &str) -> Vec<Value> {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(["play", "--headless", "--cards"])
        .arg(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn forward");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("send");
    let out = child.wait_with_output().expect("the run");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The traveller's stream of a guided run never carries the seed while the run goes on
/// (with it anyone could replay the run and read the face-down cards); the line that ends
/// the run does, as do the Guide's streams all along, and a solo traveller's stream.
#[test]
fn the_travellers_stream_of_a_guided_run_carries_no_seed_until_it_ends() {
    // Thirty steps of the first offered action (0), then abandoning: the last index.
    let mut input = "0\n".repeat(30);
    input.push_str(r#"{"type":"abandon"}"#);
    input.push('\n');
    let lines = stream(&["--guide", "--role", "traveller", "--seed", "5"], &input);
    assert!(lines.len() > 20, "{} lines", lines.len());
    let (over, playing): (Vec<&Value>, Vec<&Value>) = lines
        .iter()
        .filter(|l| l.get("state").is_some())
        .partition(|l| !l["outcome"].is_null());
    for l in &playing {
        assert!(l["state"].get("seed").is_none(), "a seed in {}", l["state"]);
        assert!(l["state"].get("guide").is_none());
        assert!(!l.to_string().contains("\"seed\""), "{l}");
    }
    assert_eq!(over.len(), 1, "the run was abandoned");
    assert_eq!(
        over[0]["state"]["seed"], 5,
        "the run over, its seed is told"
    );
    // The Guide's and the shared guided streams keep it, as does a traveller alone.
    for args in [
        &["--guide", "--role", "guide", "--seed", "5"][..],
        &["--guide", "--seed", "5"][..],
        &["--role", "traveller", "--seed", "5"][..],
    ] {
        let first = &stream(args, "0\n")[0];
        assert_eq!(first["state"]["seed"], 5, "{args:?}");
    }
}

/// The page marks a card "face down to the traveller" only while they have not seen it:
/// not the top cards a reorder shows them while it asks, and not a card the Guide has
/// shown them.
#[test]
fn cards_a_reorder_or_the_guide_showed_are_not_marked_face_down() {
    use forward::core::state::{ChoiceKind, Phase};
    let set = cards();
    let found = forward::sim::scene::find_in(&set, 3000, true, |s| {
        matches!(&s.phase, Phase::Choice(c) if matches!(c.kind, ChoiceKind::Reorder { .. }))
            && s.deck_seen == 0
    })
    .expect("a guided seed reorders the top of the deck");
    let (mut run, _) = Session::new_with(set, found.seed, Vec::new(), true);
    for &i in &found.actions {
        let a = forward::core::legal_actions(&run.state)[i].clone();
        run.act(&a).expect("replays");
    }
    let Phase::Choice(c) = &run.state.phase else {
        panic!("at the reorder");
    };
    let ChoiceKind::Reorder { cards: shown } = &c.kind else {
        panic!("a reorder");
    };
    let shown = shown.len();
    let mut screen = GuideScreen::start("127.0.0.1:0").expect("listen");
    screen.publish(&run);
    let (addr, code) = (screen.addr.to_string(), screen.code());
    let snap = |conn: &mut Conn| -> Value {
        serde_json::from_str(&conn.state(&code, 0, None).body).expect("json")
    };
    let mut conn = Conn::open(&addr);
    let now = snap(&mut conn);
    let next = now["next"].as_array().expect("next cards");
    for (i, slot) in next.iter().enumerate() {
        assert_eq!(
            slot["hidden"],
            i >= shown,
            "next card {i} during a reorder of {shown}"
        );
    }
    // A face-down card of the row the Guide shows the traveller is no longer face down.
    let (i, hidden) = now["row"]
        .as_array()
        .expect("row")
        .iter()
        .enumerate()
        .find(|(_, s)| s["hidden"] == true)
        .expect("a face-down card in the row");
    let id = hidden["entry"]["card"]
        .as_str()
        .expect("its id")
        .to_string();
    screen.mark_shown(&id);
    screen.publish(&run);
    let now = snap(&mut conn);
    assert_eq!(now["row"][i]["hidden"], false, "{}", now["row"][i]);
    assert_eq!(now["row"][i]["shown"], true);
}
