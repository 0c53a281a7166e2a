//! The table with a Guide's screen (the page's actions on the stage, the held card, the
//! Guide's choices and dice) and the Guide's own controls at the shared table.

use super::*;

/// Turns the Guide's screen on for `t`, puts its card away, and pairs the tests' page
/// (`guideseat1`) as a Guide would: the page asks, the Guide holds Tab and presses A.
/// Returns the page's address and join code.
fn linked(t: &mut TableScreen) -> (std::net::SocketAddr, String) {
    t.open_link(Some("127.0.0.1:0"));
    key(t, |i| i.typed = Some('x'), 0.0);
    let link = t.link().expect("the Guide's screen is on");
    let (addr, code) = (link.screen.addr, link.screen.code());
    pair(t, addr, &code, "guideseat1");
    (addr, code)
}

/// Pairs the page with seat token `seat`: it asks (202, nothing of the run), the Guide
/// opens the Guide's view behind its cover and presses the first device's key.
fn pair(t: &mut TableScreen, addr: std::net::SocketAddr, code: &str, seat: &str) {
    let asked = http(addr, "GET", &format!("/state?code={code}&seat={seat}"), "");
    assert_eq!(asked.0, 202, "a device asks for the free seat: {}", asked.1);
    let now = t.now + 0.1;
    key(t, |i| i.tab_held = true, now);
    key(t, |i| i.tab_held = true, now + guide::COVER_TIME + 0.1);
    assert!(
        matches!(peek(t), guide::Peek::Open { .. }),
        "the view opens"
    );
    key(
        t,
        |i| {
            i.tab_held = true;
            i.typed = Some('a');
        },
        now + guide::COVER_TIME + 0.2,
    );
    key(t, |_| {}, now + guide::COVER_TIME + 0.3);
    assert_eq!(
        peek(t),
        guide::Peek::Closed,
        "let go of Tab, the view closes"
    );
    let (status, body) = http(addr, "GET", &format!("/state?code={code}&seat={seat}"), "");
    assert_eq!(status, 200, "accepted, the page follows: {body}");
}

fn http(addr: std::net::SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.0\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(format!("{head}{body}").as_bytes()).unwrap();
    let mut resp = String::new();
    s.read_to_string(&mut resp).unwrap();
    let status = resp.split_whitespace().nth(1).and_then(|c| c.parse().ok());
    let body = resp.split_once("\r\n\r\n").map(|(_, b)| b.to_string());
    (status.unwrap_or(0), body.unwrap_or_default())
}

#[test]
fn a_guides_screen_rolls_the_foes_die_on_the_table_and_tab_still_opens_the_guides_view() {
    let mut t = at_a_duel(true, None);
    t.open_link(Some("127.0.0.1:0"));
    assert_eq!(t.modal, Some(Modal::Link), "how the link stands is shown");
    // Any key puts the card away.
    key(&mut t, |i| i.typed = Some('x'), 0.0);
    assert_eq!(t.modal, None);
    let (addr, code) = {
        let link = t.link().expect("the Guide's screen is on");
        (link.screen.addr, link.screen.code())
    };
    pair(&mut t, addr, &code, "guideseat1");
    // A page follows the run: the table names it, and Tab still opens the Guide's view.
    let (status, state) = http(
        addr,
        "GET",
        &format!("/state?code={code}&seat=guideseat1"),
        "",
    );
    assert_eq!(status, 200);
    assert!(state.contains("\"turn\":\"traveller\""), "{state}");
    key(&mut t, |_| {}, 0.1);
    assert!(t.link_connected());
    let holder = t
        .link()
        .and_then(|l| l.screen.seat_device())
        .expect("a holder");
    assert!(
        t.stage
            .scene()
            .log
            .iter()
            .any(|l| l.contains(&holder.to_string()) && l.contains("holds the Guide's seat")),
        "{:?}",
        t.stage.scene().log
    );
    key(&mut t, |i| i.tab_held = true, 1.0);
    key(&mut t, |i| i.tab_held = true, 1.0 + guide::COVER_TIME + 0.1);
    assert!(matches!(peek(&t), guide::Peek::Open { .. }));
    key(&mut t, |_| {}, 1.0 + guide::COVER_TIME + 0.2);
    assert_eq!(peek(&t), guide::Peek::Closed);
    // The traveller rolls; the page rolls the foe's die with a typed 6.
    let mut now = 2.0;
    key(&mut t, |i| i.activate = true, now);
    assert_eq!(t.run.state.role(), Role::Guide);
    settle(&mut t, &mut now);
    now += 0.1;
    key(&mut t, |_| {}, now);
    let act = r#"{"action":{"type":"roll_foe"},"dice":[6]}"#;
    let (status, _) = http(
        addr,
        "POST",
        &format!("/act?code={code}&seat=guideseat1"),
        act,
    );
    assert_eq!(status, 202);
    // Without the code the page learns nothing and does nothing.
    assert_eq!(http(addr, "POST", "/act", act).0, 403);
    for _ in 0..100 {
        now += 0.05;
        key(&mut t, |_| {}, now);
        if foe_die(&t).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(foe_die(&t), Some(6), "the page's die was used");
    assert!(!t.stage.idle(), "the roll plays on the table's stage");
    let (_, state) = http(
        addr,
        "GET",
        &format!("/state?code={code}&seat=guideseat1"),
        "",
    );
    assert!(state.contains("\"turn\":\"traveller\""), "{state}");
    // Played out, the stage shows the run as it is: the typed die reached the shown
    // state's dice too (else its replay would draw the seed's die instead).
    settle(&mut t, &mut now);
    assert!(t.stage.idle());
    assert_eq!(t.stage.shown().dice, t.run.state.dice);
    let json = |s: &crate::core::State| serde_json::to_value(s).unwrap();
    assert_eq!(json(t.stage.shown()), json(&t.run.state));
}

#[test]
fn the_guides_screen_shows_a_held_card_and_its_continue_lets_it_go_on() {
    let cards = shipped();
    let is_caesura = |s: &crate::core::State, i: usize| {
        s.row[i].is_some_and(|rc| {
            s.cards.card(rc.card).card_type == crate::cards::model::StationType::Caesura
        })
    };
    let found = crate::sim::scene::find_in(&cards, 3000, true, |s| {
        s.phase == Phase::Explore && (0..3).any(|i| is_caesura(s, i))
    })
    .expect("a guided seed reaches a Caesura in the row");
    let start = Start {
        seed: found.seed,
        actions: found.actions,
        guide: true,
        ..Start::default()
    };
    let mut t = TableScreen::start(cards, &start, None).unwrap();
    let (addr, code) = linked(&mut t);
    // Nothing is held yet: Continue is refused and the page offers none.
    assert_eq!(
        http(
            addr,
            "POST",
            &format!("/continue?code={code}&seat=guideseat1"),
            ""
        )
        .0,
        409
    );
    let (_, state) = http(
        addr,
        "GET",
        &format!("/state?code={code}&seat=guideseat1"),
        "",
    );
    assert!(!state.contains("\"held\""), "{state}");
    let slot = (0..3).find(|&i| is_caesura(&t.run.state, i)).unwrap() as u8;
    let card = t.run.state.row[slot as usize].unwrap().card;
    let id = t.run.cards.card(card).id.0.clone();
    let mut now = 0.1;
    key(&mut t, |i| i.digit = Some(slot + 1), now);
    settle(&mut t, &mut now);
    assert!(t.stage.holding());
    // The next frame tells the page which card is held, with its notes.
    now += 0.1;
    key(&mut t, |_| {}, now);
    let (_, state) = http(
        addr,
        "GET",
        &format!("/state?code={code}&seat=guideseat1"),
        "",
    );
    assert!(
        state.contains(&format!("\"held\":{{\"card\":\"{id}\"")),
        "{state}"
    );
    // Without the code nothing happens; with it the held card goes on.
    assert_eq!(http(addr, "POST", "/continue", "").0, 403);
    assert_eq!(
        http(
            addr,
            "POST",
            &format!("/continue?code={code}&seat=guideseat1"),
            ""
        )
        .0,
        202
    );
    for _ in 0..100 {
        now += 0.05;
        key(&mut t, |_| {}, now);
        if !t.stage.holding() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(!t.stage.holding(), "the page's Continue released the card");
    settle(&mut t, &mut now);
    now += 0.1;
    key(&mut t, |_| {}, now);
    let (_, state) = http(
        addr,
        "GET",
        &format!("/state?code={code}&seat=guideseat1"),
        "",
    );
    assert!(
        !state.contains("\"held\""),
        "the page no longer offers Continue: {state}"
    );
}

#[test]
fn alone_there_is_no_guides_screen() {
    let mut t = at_a_duel(false, None);
    t.open_link(Some("127.0.0.1:0"));
    assert!(t.link().is_none());
    assert_eq!(t.modal, None);
    assert!(
        t.stage
            .scene()
            .log
            .iter()
            .any(|l| l.contains("with a Guide"))
    );
}

/// A guided table at a Guide's choice (a card that says the Guide picks).
fn at_a_guides_pick() -> TableScreen {
    let cards = shipped();
    let found = crate::sim::scene::find_in(&cards, 3000, true, |s| {
        legal_actions(s)
            .iter()
            .any(|a| matches!(a, Action::Pick { .. }))
    })
    .expect("a guided seed reaches a Guide's choice");
    let start = Start {
        seed: found.seed,
        actions: found.actions,
        guide: true,
        ..Start::default()
    };
    TableScreen::start(cards, &start, None).unwrap()
}

#[test]
fn the_travellers_number_keys_never_make_a_guides_choice() {
    let mut t = at_a_guides_pick();
    let taken = t.run.actions.len();
    let picks: Vec<Button> = t
        .current_buttons()
        .into_iter()
        .filter(|b| b.disabled.as_deref() == Some(GUIDE_PICKS_IN_VIEW))
        .collect();
    assert!(
        !picks.is_empty(),
        "the options are shown, greyed, saying where the Guide picks"
    );
    assert!(picks.iter().all(|b| b.key.is_none() && b.action.is_none()));
    for d in 1..=3 {
        key(&mut t, |i| i.digit = Some(d), 0.1 * f32::from(d));
        key(&mut t, |i| i.activate = true, 0.1 * f32::from(d) + 0.05);
    }
    assert_eq!(
        t.run.actions.len(),
        taken,
        "no key of the traveller's picked"
    );
    // The Guide's view: behind its cover, the Guide's number picks.
    let mut now = 1.0;
    key(&mut t, |i| i.tab_held = true, now);
    now += guide::COVER_TIME + 0.1;
    key(&mut t, |i| i.tab_held = true, now);
    assert!(matches!(peek(&t), guide::Peek::Open { .. }));
    assert!(
        !guide::pick_labels(&t.run.state).is_empty(),
        "the view lists the options"
    );
    key(
        &mut t,
        |i| {
            i.tab_held = true;
            i.digit = Some(1);
        },
        now + 0.1,
    );
    assert_eq!(
        t.run.actions.len(),
        taken + 1,
        "the Guide picked in the view"
    );
    assert_eq!(t.run.actions[taken], Action::Pick { option: 0 });
}

#[test]
fn a_dice_box_closes_when_its_turn_passes_and_leaves_no_die_forced() {
    let mut t = at_a_duel(true, Some("guide"));
    let (addr, code) = linked(&mut t);
    let mut now = 0.5;
    key(&mut t, |i| i.activate = true, now);
    settle(&mut t, &mut now);
    now += 0.1;
    key(&mut t, |i| i.typed = Some('g'), now);
    assert_eq!(
        entry(&t).map(|e| e.owner),
        Some(Role::Guide),
        "G opened the dice box"
    );
    // The page rolls the foe's die meanwhile: with the Guide's dice on the table, only
    // with the die rolled (a roll on screen is refused).
    let path = format!("/act?code={code}&seat=guideseat1");
    let (status, why) = http(addr, "POST", &path, r#"{"action":{"type":"roll_foe"}}"#);
    assert_eq!(status, 409, "{why}");
    assert!(why.contains("type the die you rolled"), "{why}");
    let act = r#"{"action":{"type":"roll_foe"},"dice":[4]}"#;
    assert_eq!(http(addr, "POST", &path, act).0, 202);
    for _ in 0..200 {
        now += 0.05;
        key(&mut t, |_| {}, now);
        if foe_die(&t).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(foe_die(&t).is_some(), "the page rolled");
    assert!(
        entry(&t).is_none(),
        "the dice box closed when its turn passed"
    );
    let forced = t.run.forced.len();
    key(&mut t, |i| i.typed = Some('5'), now + 0.1);
    assert_eq!(
        t.run.forced.len(),
        forced,
        "a 5 typed afterwards forces nothing"
    );
    assert_eq!(t.run.state.dice.forced_left(), 0);
}

#[test]
fn a_foes_reroll_chosen_on_the_table_takes_the_guides_die_from_the_page() {
    let cards = shipped();
    // A guided duel whose dice are rolled and may be rerolled (Grace in hand).
    let found = crate::sim::scene::find_in(&cards, 3000, true, |s| {
        legal_actions(s).iter().any(|a| {
            matches!(
                a,
                Action::Reroll {
                    die: crate::core::Die::Foe,
                    ..
                }
            )
        })
    })
    .expect("a guided seed offers a foe's reroll");
    let start = Start {
        seed: found.seed,
        actions: found.actions,
        guide: true,
        table_dice: Some("guide".into()),
        ..Start::default()
    };
    let mut t = TableScreen::start(cards, &start, None).unwrap();
    let (addr, code) = linked(&mut t);
    let reroll = legal_actions(&t.run.state)
        .into_iter()
        .find(|a| {
            matches!(
                a,
                Action::Reroll {
                    die: crate::core::Die::Foe,
                    ..
                }
            )
        })
        .expect("the reroll");
    t.act(&reroll);
    assert_eq!(
        entry(&t).map(|e| e.owner),
        Some(Role::Guide),
        "the Guide's die is asked for"
    );
    let mut now = 0.2;
    key(&mut t, |_| {}, now);
    let (_, state) = http(
        addr,
        "GET",
        &format!("/state?code={code}&seat=guideseat1"),
        "",
    );
    let snap: serde_json::Value = serde_json::from_str(&state).unwrap();
    assert!(
        snap["awaiting_dice"].is_object(),
        "the page is asked for the die: {snap}"
    );
    let body = serde_json::json!({ "action": snap["awaiting_dice"]["action"], "dice": [3] });
    assert_eq!(
        http(
            addr,
            "POST",
            &format!("/act?code={code}&seat=guideseat1"),
            &body.to_string()
        )
        .0,
        202
    );
    for _ in 0..200 {
        now += 0.05;
        key(&mut t, |_| {}, now);
        if entry(&t).is_none() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(entry(&t).is_none(), "the page's die closed the box");
    assert!(
        t.run
            .journal
            .iter()
            .any(|e| matches!(e, crate::core::Event::Rerolled { .. })),
        "the reroll was made"
    );
    assert_eq!(t.run.forced.last().map(|f| f.value), Some(3));
}

#[test]
fn a_pad_holding_view_picks_the_guides_choice_with_the_d_pad_and_a() {
    use crate::ui::pad::{PadButton, PadEvent, PadState};
    let mut t = at_a_guides_pick();
    let taken = t.run.actions.len();
    let options = guide::pick_labels(&t.run.state).len();
    assert!(options >= 2, "a choice of two or more");
    let mut pad = PadState::default();
    let mut now = 1.0;
    // View held: the cover, then the Guide's view.
    super::pad_frame(
        &mut t,
        &mut pad,
        &[PadEvent::Pressed(PadButton::Select)],
        now,
    );
    now += guide::COVER_TIME + 0.1;
    super::pad_frame(&mut t, &mut pad, &[], now);
    assert!(matches!(peek(&t), guide::Peek::Open { held: true }));
    // Down, Down, Up: the second option (Down past the last stays on it).
    let tap = |b| [PadEvent::Pressed(b), PadEvent::Released(b)];
    for b in [PadButton::Down, PadButton::Down, PadButton::Up] {
        now += 0.1;
        super::pad_frame(&mut t, &mut pad, &tap(b), now);
    }
    let want = if options == 2 { 0 } else { 1 };
    assert_eq!(t.guide_cursor, Some(want));
    assert_eq!(t.run.actions.len(), taken, "moving picks nothing");
    now += 0.1;
    super::pad_frame(&mut t, &mut pad, &tap(PadButton::South), now);
    assert_eq!(t.run.actions.len(), taken + 1, "A took the picked option");
    assert_eq!(t.run.actions[taken], Action::Pick { option: want as u8 });
    assert!(
        matches!(peek(&t), guide::Peek::Open { held: true }),
        "the view stays while View is held"
    );
}

#[test]
fn esc_6_starts_a_stopped_screen_again_and_the_table_tells_how_the_link_stands() {
    use crate::guide_screen::LinkState;
    let mut t = at_a_duel(true, None);
    t.open_link(Some("127.0.0.1:0"));
    assert_eq!(t.link_state(), Some(LinkState::Waiting));
    let (addr, code) = linked(&mut t);
    let state = format!("/state?code={code}&seat=guideseat1");
    assert_eq!(http(addr, "GET", &state, "").0, 200);
    key(&mut t, |_| {}, 0.1);
    assert!(matches!(t.link_state(), Some(LinkState::Followed { .. })));
    // The code card: S stops the server; the table says so, in words, with the way back.
    t.open_link(None);
    assert_eq!(t.modal, Some(Modal::Link));
    key(&mut t, |i| i.typed = Some('s'), 0.2);
    assert!(matches!(t.link_state(), Some(LinkState::Stopped { .. })));
    key(&mut t, |i| i.typed = Some('x'), 0.3);
    key(&mut t, |_| {}, 0.4);
    let log = &t.stage.scene().log;
    assert!(
        log.iter()
            .any(|l| l.contains("has stopped") && l.contains("Esc, 6")),
        "{log:?}"
    );
    assert!(
        std::net::TcpStream::connect(addr).is_err(),
        "the port is closed"
    );
    // Esc, 6 starts it again: the same address, code and seat.
    t.open_link(None);
    assert_eq!(t.link().map(|k| k.screen.addr), Some(addr));
    assert_eq!(http(addr, "GET", &state, "").0, 200);
    key(&mut t, |i| i.typed = Some('x'), 0.5);
    key(&mut t, |_| {}, 0.6);
    assert!(matches!(t.link_state(), Some(LinkState::Followed { .. })));
    // The seat is held: another device is refused, and the table names both.
    let other = format!("/state?code={code}&seat=otherdevice");
    assert_eq!(http(addr, "GET", &other, "").0, 423);
    let Some(LinkState::Followed { refused, .. }) = t.link_state() else {
        panic!("still followed");
    };
    assert!(refused.is_some(), "the refused device is a page too");
    key(&mut t, |_| {}, 0.7);
    let log = t.stage.scene().log.join("\n");
    assert!(log.contains("was refused"), "the table names it: {log}");
}

#[test]
fn r_gives_a_new_code_at_once_and_the_old_one_is_refused() {
    let mut t = at_a_duel(true, None);
    let (addr, old) = linked(&mut t);
    let follow = format!("/state?code={old}&seat=guideseat1");
    assert_eq!(http(addr, "GET", &follow, "").0, 200);
    // R on the Guide's screen card (Esc, 6): the seat is freed and the code renewed.
    t.open_link(None);
    key(&mut t, |i| i.typed = Some('r'), 0.7);
    let new = t.link().map(|l| l.screen.code()).expect("on");
    assert_ne!(new, old, "a new code");
    assert!(
        !t.link().is_some_and(|l| l.screen.seat_claimed()),
        "the seat is free"
    );
    key(&mut t, |i| i.typed = Some('x'), 0.8);
    // The old code is refused from its very next request, the seat's page included; the
    // page is told the table closed that link.
    let (status, body) = http(addr, "GET", &follow, "");
    assert_eq!(status, 410, "{body}");
    assert!(body.contains("scan the new code"), "{body}");
    let (status, _) = http(
        addr,
        "GET",
        &format!("/state?code={old}&seat=otherdevice"),
        "",
    );
    assert_eq!(status, 410);
    // With the new code a device asks again, and only the Guide's key seats it.
    pair(&mut t, addr, &new, "otherdevice");
    assert_eq!(
        http(
            addr,
            "GET",
            &format!("/state?code={new}&seat=guideseat1"),
            ""
        )
        .0,
        423,
        "the device of before is now refused"
    );
    // The log names the change and never the code.
    let log = t.stage.scene().log.join("\n");
    assert!(log.contains("new code"), "{log}");
    assert!(!log.contains(&new) && !log.contains(&old), "{log}");
}

#[test]
fn a_second_device_is_refused_until_the_guide_accepts_it_in_the_guides_view() {
    use crate::guide_screen::LinkState;
    let mut t = at_a_duel(true, None);
    t.open_link(Some("127.0.0.1:0"));
    key(&mut t, |i| i.typed = Some('x'), 0.0);
    let (addr, code) = {
        let link = t.link().expect("on");
        (link.screen.addr, link.screen.code())
    };
    // Two devices ask; neither is given anything of the run.
    let ask = |seat: &str| http(addr, "GET", &format!("/state?code={code}&seat={seat}"), "");
    for seat in ["firstphone", "secondphone"] {
        let (status, body) = ask(seat);
        assert_eq!(status, 202, "{body}");
        assert!(!body.contains("turn") && !body.contains("row"), "{body}");
        let device: serde_json::Value = serde_json::from_str(&body).expect("json");
        assert!(device["asking"]["id"].is_string(), "{body}");
    }
    let act = r#"{"action":{"type":"roll_foe"}}"#;
    let acted = http(
        addr,
        "POST",
        &format!("/act?code={code}&seat=secondphone"),
        act,
    );
    assert_eq!(acted.0, 423, "an asking device's action is refused");
    key(&mut t, |_| {}, 0.1);
    let Some(LinkState::Asking { devices }) = t.link_state() else {
        panic!("the table says devices ask: {:?}", t.link_state());
    };
    assert_eq!(devices.len(), 2);
    // The Guide's view names them; B accepts the second.
    let view = t.link_view().expect("the view's link");
    assert!(view.pairing() && view.asking.len() == 2, "{view:?}");
    let mut now = 0.5;
    key(&mut t, |i| i.tab_held = true, now);
    now += guide::COVER_TIME + 0.1;
    key(&mut t, |i| i.tab_held = true, now);
    key(
        &mut t,
        |i| {
            i.tab_held = true;
            i.typed = Some('b');
        },
        now + 0.1,
    );
    assert_eq!(ask("secondphone").0, 200, "accepted");
    assert_eq!(ask("firstphone").0, 423, "the other is refused");
    key(&mut t, |_| {}, now + 0.3);
    let Some(LinkState::Followed { device, .. }) = t.link_state() else {
        panic!("followed");
    };
    assert_eq!(device, devices[1]);
    // The table names the device in its control, on the shared screen.
    assert!(
        t.link_state()
            .is_some_and(|s| s.short().contains(&device.to_string())),
        "{:?}",
        t.link_state()
    );
}

#[test]
fn the_guide_shows_the_traveller_a_card_from_the_page() {
    let mut t = at_a_duel(true, None);
    let (addr, code) = linked(&mut t);
    let (_, state) = http(
        addr,
        "GET",
        &format!("/state?code={code}&seat=guideseat1"),
        "",
    );
    let snap: serde_json::Value = serde_json::from_str(&state).expect("json");
    let foe = snap["notes_card"]
        .as_str()
        .expect("the foe's card")
        .to_string();
    let show = format!("/show?code={code}&seat=guideseat1");
    assert_eq!(
        http(addr, "POST", &show, r#"{"card":"no_such_card"}"#).0,
        409
    );
    let body = format!(r#"{{"card":"{foe}"}}"#);
    assert_eq!(http(addr, "POST", &show, &body).0, 202);
    key(&mut t, |_| {}, 0.1);
    let c = t.run.cards.card_by_str(&foe).expect("a card");
    assert_eq!(t.modal, Some(Modal::Shown(c)));
    let name = &t.run.cards.card(c).name;
    assert!(
        t.stage
            .scene()
            .log
            .iter()
            .any(|l| l.contains("shows the traveller") && l.contains(name.as_str()))
    );
    // Any key puts it away.
    key(&mut t, |i| i.typed = Some('x'), 0.2);
    assert_eq!(t.modal, None);
}

/// Save & Quit parks the Guide's screen: it keeps serving, its page is told the run is
/// saved and waits (no action taken meanwhile); Continue takes it back on the same
/// address, code and seat, with both table-dice switches, and the same page follows on.
/// After the game itself has quit, Continue serves it again from what the save kept.
#[test]
fn save_and_quit_then_continue_keeps_the_guides_screen_its_page_and_the_dice_switches() {
    use crate::ui::{Next, Screen, flow};
    let (_tmp, dir) = crate::scratch::scratch("saves");
    let cards = shipped();
    let found = crate::sim::scene::find_in(&cards, 3000, true, |s| {
        s.duel()
            .is_some_and(|d| d.rolled.is_none() && d.awaiting_foe.is_none())
    })
    .expect("a guided seed reaches a duel");
    let (seed, actions) = (found.seed, found.actions);
    let start = Start {
        seed,
        actions,
        guide: true,
        table_dice: Some("guide".into()),
        ..Start::default()
    };
    let mut t = TableScreen::start(cards.clone(), &start, Some(&dir)).unwrap();
    let (addr, code) = linked(&mut t);
    let follow = format!("/state?code={code}&seat=guideseat1");
    let device = t
        .link()
        .and_then(|l| l.screen.seat_device())
        .expect("seated");
    // The traveller's dice too: D, then Enter confirms.
    key(&mut t, |i| i.typed = Some('d'), 1.0);
    key(&mut t, |i| i.activate = true, 1.1);
    assert_eq!(t.table_dice, [true, true]);
    // Save & Quit: Esc, 2.
    key(&mut t, |i| i.back = true, 1.2);
    let next = key(&mut t, |i| i.digit = Some(2), 1.3);
    assert_eq!(next, Next::Title);
    let source = crate::cards::CardSource::Builtin;
    let terms = crate::core::TermsMode::default();
    let mut parked = None;
    let screen = Screen::Table(Box::new(t), cards.clone());
    let screen = flow::follow(next, screen, &source, Some(&dir), terms, &mut parked);
    assert!(matches!(screen, Screen::Title(..)));
    assert!(parked.is_some(), "the screen is parked, not dropped");
    // The page is still answered: the run waits, nothing can be done meanwhile.
    let (status, body) = http(addr, "GET", &follow, "");
    assert_eq!(status, 200, "{body}");
    let snap: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(
        snap["away"].as_str().is_some_and(|a| a.contains("saved")),
        "{snap}"
    );
    assert_eq!(snap["actions"], serde_json::json!([]));
    let act = format!("/act?code={code}&seat=guideseat1");
    assert_eq!(
        http(addr, "POST", &act, r#"{"action":{"type":"roll"}}"#).0,
        409
    );
    // Continue: the same address, code and seat; the page follows on, the switches are on.
    let save = crate::store::SaveStore::open(&dir)
        .unwrap()
        .latest()
        .expect("the run is saved")
        .path;
    let screen = flow::follow(
        Next::Open(save.clone()),
        screen,
        &source,
        Some(&dir),
        terms,
        &mut parked,
    );
    let Screen::Table(t, _) = screen else {
        panic!("Continue opens the table");
    };
    assert!(parked.is_none(), "taken back");
    let link = t.link().expect("the Guide's screen is back");
    assert_eq!((link.screen.addr, link.screen.code()), (addr, code.clone()));
    assert_eq!(link.screen.seat_device(), Some(device.clone()));
    assert_eq!(t.table_dice, [true, true], "both switches as they were");
    let (status, body) = http(addr, "GET", &follow, "");
    assert_eq!(status, 200, "{body}");
    let snap: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(snap.get("away").is_none(), "{snap}");
    assert_eq!(snap["table_dice"], true);
    // The game quits (the screen stops with it) and starts again: Continue serves the
    // screen again from the save, on the same address, code and seat.
    drop(t);
    let title = Screen::load(&source, 0, None);
    let screen = flow::follow(
        Next::Open(save),
        title,
        &source,
        Some(&dir),
        terms,
        &mut None,
    );
    let Screen::Table(t, _) = screen else {
        panic!("Continue opens the table");
    };
    let link = t.link().expect("served again from the save");
    assert_eq!((link.screen.addr, link.screen.code()), (addr, code.clone()));
    assert_eq!(link.screen.seat_device(), Some(device));
    assert_eq!(t.table_dice, [true, true]);
    assert_eq!(
        http(addr, "GET", &follow, "").0,
        200,
        "the same page follows"
    );
}

/// A screen parked for one run is told its table closed for good when another run takes
/// the table: its page says so (never "Reconnecting…" for ever).
#[test]
fn another_run_after_save_and_quit_tells_the_parked_page_the_table_closed() {
    use crate::ui::{Next, Screen, flow};
    let (_tmp, dir) = crate::scratch::scratch("saves");
    let cards = shipped();
    let found = crate::sim::scene::find_in(&cards, 3000, true, |s| {
        s.duel()
            .is_some_and(|d| d.rolled.is_none() && d.awaiting_foe.is_none())
    })
    .expect("a guided seed reaches a duel");
    let (seed, actions) = (found.seed, found.actions);
    let start = Start {
        seed,
        actions,
        guide: true,
        ..Start::default()
    };
    let mut t = TableScreen::start(cards.clone(), &start, Some(&dir)).unwrap();
    let (addr, code) = linked(&mut t);
    key(&mut t, |i| i.back = true, 1.2);
    let next = key(&mut t, |i| i.digit = Some(2), 1.3);
    let source = crate::cards::CardSource::Builtin;
    let terms = crate::core::TermsMode::default();
    let mut parked = None;
    let screen = flow::follow(
        next,
        Screen::Table(Box::new(t), cards),
        &source,
        Some(&dir),
        terms,
        &mut parked,
    );
    let new_run = Next::NewRun {
        seed: Some(3),
        guide: true,
        dice: crate::core::DiceMode::Rolled,
        rules: crate::core::HouseRules::OFF,
        guide_screen: false,
    };
    let _screen = flow::follow(new_run, screen, &source, Some(&dir), terms, &mut parked);
    let (status, body) = http(
        addr,
        "GET",
        &format!("/state?code={code}&seat=guideseat1"),
        "",
    );
    assert_eq!(status, 200);
    let snap: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(snap["closed"], crate::guide_screen::TABLE_CLOSED, "{snap}");
}

/// A card held up to be read keeps its own words: a line the Guide's screen adds to the
/// log meanwhile (a device asking to join) is never taken for what the card did.
#[test]
fn a_link_notice_during_a_hold_never_becomes_what_the_card_did() {
    let cards = shipped();
    let is_caesura = |s: &crate::core::State, i: usize| {
        s.row[i].is_some_and(|rc| {
            s.cards.card(rc.card).card_type == crate::cards::model::StationType::Caesura
        })
    };
    let found = crate::sim::scene::find_in(&cards, 3000, true, |s| {
        s.phase == Phase::Explore && (0..3).any(|i| is_caesura(s, i))
    })
    .expect("a guided seed reaches a Caesura in the row");
    let start = Start {
        seed: found.seed,
        actions: found.actions,
        guide: true,
        ..Start::default()
    };
    let mut t = TableScreen::start(cards, &start, None).unwrap();
    t.open_link(Some("127.0.0.1:0"));
    key(&mut t, |i| i.typed = Some('x'), 0.0);
    let slot = (0..3).find(|&i| is_caesura(&t.run.state, i)).unwrap() as u8;
    let card = t.run.state.row[slot as usize].unwrap().card;
    let mut now = 0.1;
    key(&mut t, |i| i.digit = Some(slot + 1), now);
    settle(&mut t, &mut now);
    assert!(t.stage.holding());
    let before = crate::present::view::what_it_did(t.stage.scene(), card);
    // A device asks to join while the card is held: the table notes it.
    let (addr, code) = {
        let link = t.link().expect("on");
        (link.screen.addr, link.screen.code())
    };
    assert_eq!(
        http(
            addr,
            "GET",
            &format!("/state?code={code}&seat=askingphone"),
            ""
        )
        .0,
        202
    );
    now += 0.1;
    key(&mut t, |_| {}, now);
    let log = &t.stage.scene().log;
    assert!(
        log.last().is_some_and(|l| l.contains("asks to join")),
        "{log:?}"
    );
    let after = crate::present::view::what_it_did(t.stage.scene(), card);
    assert_eq!(after, before, "the card's words are its own");
    assert!(
        after
            .iter()
            .all(|l| !l.contains("asks to join") && !l.contains("Guide's screen"))
    );
}
