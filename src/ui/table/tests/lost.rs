//! A term of the Guardian lost for good, told on the table.

use super::*;

/// The offered action that loses a term the traveller knows, from `s`, if any.
fn losing_action(s: &crate::core::State) -> Option<Action> {
    crate::core::legal_actions(s).into_iter().find(|a| {
        let mut t = s.clone();
        crate::core::execute(&mut t, a).is_ok_and(|events| {
            events
                .iter()
                .any(|e| matches!(e, crate::core::Event::TermLost(t) if t.known))
        })
    })
}

#[test]
fn a_lost_term_is_told_at_once_with_what_lost_it_and_the_three_ways_on() {
    let cards = shipped();
    let (seed, actions) = scene(&cards, |s| {
        s.phase != Phase::Over && losing_action(s).is_some()
    });
    let start = Start {
        seed,
        actions,
        ..Start::default()
    };
    let mut t = TableScreen::start(cards, &start, None).unwrap();
    let a = losing_action(&t.run.state).expect("the losing choice is offered");

    let mut now = 0.0;
    key(&mut t, |_| {}, now);
    // The choice's own key, as a player presses it.
    let k = t.keys.key(&a).expect("the choice has a key");
    let c = k.chars().next().expect("a letter") as u8;
    let code = [
        KeyCode::A,
        KeyCode::B,
        KeyCode::C,
        KeyCode::D,
        KeyCode::E,
        KeyCode::F,
        KeyCode::G,
        KeyCode::H,
        KeyCode::I,
        KeyCode::J,
        KeyCode::K,
        KeyCode::L,
        KeyCode::M,
        KeyCode::N,
        KeyCode::O,
        KeyCode::P,
        KeyCode::Q,
        KeyCode::R,
        KeyCode::S,
        KeyCode::T,
        KeyCode::U,
        KeyCode::V,
        KeyCode::W,
        KeyCode::X,
        KeyCode::Y,
        KeyCode::Z,
    ][usize::from(c - b'A')];
    now += 0.1;
    t.step(&input_of(|i| i.presses.push(Press::Key(code))), None, now);
    // The choice breaks a known term: the table asks once more first.
    assert!(
        matches!(t.modal, Some(Modal::Confirm(_))),
        "{a:?} at {:?}: {:?}",
        t.run.state.phase,
        t.modal
    );
    // Enter in haste cancels a risky choice; its own key again takes it.
    now += 0.1;
    key(&mut t, |i| i.activate = true, now);
    assert!(t.modal.is_none(), "Enter cancels: {:?}", t.modal);
    now += 0.1;
    t.step(&input_of(|i| i.presses.push(Press::Key(code))), None, now);
    now += 0.1;
    t.step(&input_of(|i| i.presses.push(Press::Key(code))), None, now);
    settle(&mut t, &mut now);
    for _ in 0..200 {
        if matches!(t.modal, Some(Modal::Lost(_))) || !t.stage.idle() && !t.stage.holding() {
            break;
        }
        if t.stage.holding() {
            t.stage.skip();
        }
        now += 1.0 / 30.0;
        key(&mut t, |_| {}, now);
        settle(&mut t, &mut now);
    }
    let Some(Modal::Lost(lost)) = t.modal.clone() else {
        panic!("the loss is told: {:?}", t.modal);
    };
    assert!(!lost.name.is_empty() && !lost.why.is_empty(), "{lost:?}");
    let (_, entries) = (
        0,
        crate::present::guardian::guardian_view(&t.run.state).entries,
    );
    assert!(
        entries
            .iter()
            .any(|e| e.name == lost.name && e.status == crate::core::plan::TermStatus::Lost),
        "the Guardian's card shows it lost: {entries:?}"
    );
    // A key that is none of the three leaves the notice up; A starts the same run again.
    now += 0.1;
    key(&mut t, |i| i.typed = Some('x'), now);
    assert!(matches!(t.modal, Some(Modal::Lost(_))));
    now += 0.1;
    let next = key(&mut t, |i| i.typed = Some('a'), now);
    assert!(
        matches!(next, Next::NewRun { seed: Some(s), .. } if s == seed),
        "{next:?}"
    );
    // Played on instead: Enter puts the notice away and the run goes on.
    t.modal = Some(Modal::Lost(lost));
    key(&mut t, |i| i.activate = true, now + 0.1);
    assert!(t.modal.is_none());
    assert!(!t.run.is_over() || t.run.state.phase == Phase::Over);
}
