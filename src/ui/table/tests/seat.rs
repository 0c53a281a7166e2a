//! The Guide's seat at the table (issue 50): pairing a device in the Guide's view, R's new
//! code, Save & Quit and Continue with the Guide's screen kept, and the table's own notes
//! kept apart from what a card did.

use super::link::{http, linked, pair};
use super::*;

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
