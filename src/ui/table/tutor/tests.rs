use super::*;
use crate::present::lesson::STEPS;
use crate::ui::Next;
use crate::ui::input::{Input, Press};
use crate::ui::table::modal::{Confirm, Modal};

fn lesson_at(done: usize) -> TableScreen {
    TableScreen::lesson_at(lesson::cards().expect("the lesson's cards"), done)
}

/// One frame with these key presses (no fonts: the buttons have no rectangles).
fn keys(t: &mut TableScreen, presses: &[KeyCode], now: f32) -> Next {
    let input = Input {
        size: vec2(1280.0, 800.0),
        presses: presses.iter().map(|k| Press::Key(*k)).collect(),
        activate: presses.contains(&KeyCode::Enter),
        back: presses.contains(&KeyCode::Escape),
        digit: presses.iter().find_map(|k| super::super::modal::digit(*k)),
        ..Input::default()
    };
    t.step(&input, None, now)
}

fn step_index(id: &str) -> usize {
    STEPS
        .iter()
        .position(|s| s.id == id)
        .expect("a step of the lesson")
}

fn holds_cake(t: &TableScreen) -> bool {
    t.run
        .state
        .items
        .iter()
        .any(|c| t.run.cards.card(*c).id.0 == "lesson_honey_cake")
}

#[test]
fn only_the_step_asked_for_can_be_pressed() {
    let t = lesson_at(step_index("terror"));
    let buttons = t.current_buttons();
    let open: Vec<_> = buttons.iter().filter(|b| b.action.is_some()).collect();
    assert_eq!(open.len(), 2, "both Terror options are open: {buttons:?}");
    // At the Rest only Grace can be bought: the heal and leaving are greyed, with the reason.
    let t = lesson_at(step_index("grace"));
    let buttons = t.current_buttons();
    let closed: Vec<_> = buttons.iter().filter(|b| b.action.is_none()).collect();
    let open: Vec<_> = buttons.iter().filter(|b| b.action.is_some()).collect();
    assert_eq!(open.len(), 1, "{buttons:?}");
    assert_eq!(
        open[0].action,
        Some(Action::Spend {
            purpose: crate::core::SpendFor::Grace
        })
    );
    assert_eq!(closed.len(), 2, "{buttons:?}");
    // Leaving the Rest is closed by the lesson (a choice the rules themselves refuse keeps
    // the rules' reason).
    assert!(
        closed
            .iter()
            .any(|b| b.disabled.as_deref() == Some(lesson::CLOSED) && b.label.contains("Leave")),
        "{closed:?}"
    );
    assert!(closed.iter().all(|b| b.key.is_none() && !b.primary));
}

#[test]
fn the_use_key_uses_the_item_though_slot_one_is_empty() {
    let mut t = lesson_at(step_index("use"));
    assert!(holds_cake(&t));
    let key = t
        .current_buttons()
        .into_iter()
        .find(|b| b.action.is_some())
        .and_then(|b| b.key)
        .expect("the Use button has a key");
    // A held card's use has a letter, never the row's digits.
    assert_eq!(key, "U");
    keys(&mut t, &[KeyCode::U], 0.1);
    assert!(!holds_cake(&t), "the Honey Cake was used");
}

#[test]
fn another_row_card_does_not_flip() {
    let mut t = lesson_at(0);
    let note = lesson::slot_of(&t.run.state, "lesson_gate_note").expect("in the row");
    let other = (0..3u8).find(|i| *i != note).expect("another slot");
    let code = [KeyCode::Key1, KeyCode::Key2, KeyCode::Key3][other as usize];
    keys(&mut t, &[code], 0.1);
    assert_eq!(t.run.state.flips, 0, "only the highlighted card flips");
    let code = [KeyCode::Key1, KeyCode::Key2, KeyCode::Key3][note as usize];
    keys(&mut t, &[code], 0.2);
    assert_eq!(t.run.state.flips, 1);
}

#[test]
fn leaving_asks_first_then_goes_to_the_title() {
    let mut t = lesson_at(3);
    keys(&mut t, &[KeyCode::Escape], 0.1);
    assert_eq!(t.modal, Some(Modal::Menu { sel: 0 }));
    keys(&mut t, &[KeyCode::Key2], 0.2);
    assert_eq!(t.modal, Some(Modal::Confirm(Confirm::Leave)));
    // Anything but Enter stays.
    keys(&mut t, &[KeyCode::Space], 0.3);
    assert_eq!(t.modal, None);
    keys(&mut t, &[KeyCode::Escape], 0.4);
    keys(&mut t, &[KeyCode::Key2], 0.5);
    assert_eq!(keys(&mut t, &[KeyCode::Enter], 0.6), Next::Title);
    assert!(t.autosave.path().is_none(), "a lesson is never saved");
    assert!(!t.run.is_over(), "leaving is not a loss");
}

#[test]
fn the_end_goes_back_to_the_title() {
    let mut t = lesson_at(STEPS.len());
    assert!(t.run.is_over());
    assert_eq!(t.run.outcome(), Some(&crate::core::Outcome::Won));
    assert_eq!(t.hint_now(), Some(Now::End));
    // The lesson's end has nothing to lose: no calm second, Enter goes back at once.
    assert_eq!(keys(&mut t, &[KeyCode::Enter], 0.1), Next::Title);
}

#[test]
fn the_lesson_reaches_the_guardians_step_and_rings_its_card_on_the_map() {
    let i = step_index(lesson::SHOWS_GUARDIAN);
    // Played by keys from the step before: the road to the Bridge.
    let mut t = lesson_at(step_index("route-bridge"));
    let go = t
        .current_buttons()
        .into_iter()
        .find(|b| b.action.is_some())
        .expect("the road to the Bridge is open");
    t.press(&go);
    for k in 0..200 {
        t.step(
            &Input {
                size: vec2(1280.0, 800.0),
                ..Input::default()
            },
            None,
            0.2 * k as f32,
        );
        if t.stage.idle() {
            break;
        }
    }
    assert_eq!(
        t.hint_now(),
        Some(Now::Step(i)),
        "the Guardian's step is shown"
    );
    let step = t
        .tutor
        .as_ref()
        .and_then(|t| t.lesson.step())
        .expect("a step");
    assert!(step.words.contains("seal"), "{}", step.words);
    let l = Layout::new(vec2(1280.0, 800.0));
    let rings = t.lesson_rings(Now::Step(i), t.stage.shown(), &l);
    let badge = crate::ui::map::guardian_badge(&crate::ui::map::layout(&t.map, l.map_area()));
    assert_eq!(
        rings.len(),
        2,
        "the card to flip and the Guardian's card: {rings:?}"
    );
    assert_eq!(rings[1], badge);
    // The next step no longer rings the Guardian.
    let t = lesson_at(i + 1);
    let rings = t.lesson_rings(Now::Step(i + 1), t.stage.shown(), &l);
    assert!(!rings.contains(&badge), "{rings:?}");
}
