//! The table with a Guide's screen (the page's actions on the stage, the held card, the
//! Guide's choices and dice) and the Guide's own controls at the shared table.

use super::*;

/// Turns the Guide's screen on for `t`, puts its card away, and pairs the tests' page
/// (`guideseat1`) as a Guide would: the page asks, the Guide holds Tab and presses A.
/// Returns the page's address and join code.
pub(super) fn linked(t: &mut TableScreen) -> (std::net::SocketAddr, String) {
    t.open_link(Some("127.0.0.1:0"));
    key(t, |i| i.typed = Some('x'), 0.0);
    let link = t.link().expect("the Guide's screen is on");
    let (addr, code) = (link.screen.addr, link.screen.code());
    pair(t, addr, &code, "guideseat1");
    (addr, code)
}

/// Pairs the page with seat token `seat`: it asks (202, nothing of the run), the Guide
/// opens the Guide's view behind its cover and presses the first device's key.
pub(super) fn pair(t: &mut TableScreen, addr: std::net::SocketAddr, code: &str, seat: &str) {
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

pub(super) fn http(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String) {
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
