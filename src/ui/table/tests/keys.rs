//! The keys of the table's choices over many runs: the row's digits and the actions'
//! letters never meet, a kind of action keeps its letter, and a risky choice asks first.

use super::*;
use crate::core::exec::{execute, new_run};
use crate::core::{Action, CardOrder, legal_actions};
use frame::{KeyMap, fixed_key};
use std::collections::HashMap;

/// Plays `seed` with a simple seeded chooser (never Abandon), handing every prompt to `f`.
fn each_prompt(cards: &Arc<CardSet>, seed: u64, mut f: impl FnMut(&crate::core::State, &[Action])) {
    let (mut s, _) = new_run(cards.clone(), seed, Vec::new());
    for step in 0..3000u64 {
        if s.is_over() {
            break;
        }
        let legal: Vec<Action> = legal_actions(&s)
            .into_iter()
            .filter(|a| *a != Action::Abandon)
            .collect();
        if legal.is_empty() {
            break;
        }
        f(&s, &legal);
        let pick = crate::sim::policy::mix(seed * 7919 + step) as usize % legal.len();
        execute(&mut s, &legal[pick]).expect("an offered action is taken");
    }
}

#[test]
fn over_fifty_runs_the_row_and_the_actions_never_share_a_key_and_each_kind_keeps_its_own() {
    let cards = shipped();
    let mut fixed: HashMap<String, String> = HashMap::new();
    let mut prompts = 0;
    for seed in 1..=50u64 {
        let mut keys = KeyMap::default();
        // A card's pooled letter, kept while the action stays the same in this run.
        let mut pooled: HashMap<String, String> = HashMap::new();
        let mut changed = 0;
        each_prompt(&cards, seed, |_, legal| {
            prompts += 1;
            keys.update(legal);
            let mut row = Vec::new();
            let mut actions: Vec<String> = Vec::new();
            for a in legal {
                let Some(k) = keys.key(a) else { continue };
                if matches!(a, Action::Go { .. }) {
                    // The routes stand where the row stood, numbered in their order.
                    assert!(["1", "2", "3", "4"].contains(&k.as_str()), "{a:?} has {k}");
                    row.push(k);
                    continue;
                }
                if matches!(a, Action::Flip { .. } | Action::Look { .. }) {
                    assert!(["1", "2", "3"].contains(&k.as_str()), "{a:?} has {k}");
                    row.push(k);
                    continue;
                }
                assert!(
                    k.chars().all(|c| c.is_ascii_uppercase()),
                    "seed {seed}: {a:?} has {k}: an action's key is a letter"
                );
                assert!(
                    !actions.contains(&k),
                    "seed {seed}: two actions share {k}: {legal:?}"
                );
                // O is never a key: on a badge it reads like 0 (the Guardian's terms).
                assert_ne!(k, "O", "seed {seed}: {a:?} has the letter O");
                actions.push(k.clone());
                let name = format!("{a:?}");
                if fixed_key(a).is_some() {
                    let was = fixed.entry(name.clone()).or_insert_with(|| k.clone());
                    assert_eq!(*was, k, "{name} changed its key");
                } else if let Some(was) = pooled.insert(name.clone(), k.clone())
                    && was != k
                {
                    eprintln!("seed {seed}: {name} {was} -> {k} in {legal:?}");
                    changed += 1;
                }
            }
            assert!(row.iter().all(|r| !actions.contains(r)));
            // The guide's and table keys stay free: D and F switch dice.
            assert!(!actions.iter().any(|k| k == "D" || k == "F"), "{actions:?}");
        });
        assert_eq!(
            changed, 0,
            "seed {seed}: a held card's action changed its letter"
        );
    }
    assert!(prompts > 1000, "the runs were played ({prompts} prompts)");
    assert_eq!(fixed.get("Roll").map(String::as_str), Some("R"));
}

/// Every reorder prompt names its orders with the same letters, whatever letters the held
/// cards took before: the order as it lies is U, then the others in dictionary order.
#[test]
fn a_reorder_prompt_always_uses_the_same_letters() {
    let order = |o: &[u8]| Action::Order {
        order: CardOrder::new(o).expect("a short order"),
    };
    let mut keys = KeyMap::default();
    // A held card took a letter of the pool on an earlier prompt.
    let vial = Action::Use {
        card: "stormglass-vial".into(),
    };
    keys.update(std::slice::from_ref(&vial));
    assert_eq!(keys.key(&vial).as_deref(), Some("U"));
    let three: Vec<Action> = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ]
    .iter()
    .map(|o| order(o))
    .collect();
    keys.update(&three);
    let letters: Vec<String> = three.iter().filter_map(|a| keys.key(a)).collect();
    assert_eq!(letters, ["U", "I", "J", "K", "L", "M"]);
    // Two cards to put back: the same first letters.
    let two = [order(&[0, 1]), order(&[1, 0])];
    keys.update(&two);
    let letters: Vec<String> = two.iter().filter_map(|a| keys.key(a)).collect();
    assert_eq!(letters, ["U", "I"]);
    // Offered together (never on one prompt in the rules), a held card's letter steps aside.
    let both = [vial.clone(), order(&[0, 1]), order(&[1, 0])];
    keys.update(&both);
    let vial_key = keys.key(&vial).expect("the vial keeps a letter");
    assert!(!["U", "I", "O"].contains(&vial_key.as_str()), "{vial_key}");
}

/// A table whose offered choices include one the core says breaks a known term, with the
/// action.
fn at_a_breaking_choice() -> (TableScreen, Action) {
    let cards = shipped();
    let breaking = |s: &crate::core::State| {
        legal_actions(s)
            .into_iter()
            .find(|a| crate::core::consequence::breaks(s, a).is_some())
    };
    let found = crate::sim::scene::find_in(&cards, 3000, false, |s| {
        s.phase != Phase::Explore && breaking(s).is_some()
    })
    .expect("a seed reaches a choice that breaks a term");
    let start = Start {
        seed: found.seed,
        actions: found.actions,
        ..Start::default()
    };
    let t = TableScreen::start(cards, &start, None).unwrap();
    let a = breaking(&t.run.state).unwrap();
    (t, a)
}

fn press_key(t: &mut TableScreen, k: KeyCode, now: f32) -> Next {
    t.step(&input_of(|i| i.presses.push(Press::Key(k))), None, now)
}

fn keycode(c: char) -> KeyCode {
    use KeyCode::*;
    [
        A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z,
    ][(c as u8 - b'A') as usize]
}

#[test]
fn a_choice_that_breaks_a_term_asks_once_more_and_enter_or_esc_cancels_it() {
    let (mut t, a) = at_a_breaking_choice();
    key(&mut t, |_| {}, 0.0);
    let k = t.keys.key(&a).expect("the choice has a key");
    let code = keycode(k.chars().next().unwrap());
    let before = t.run.journal.len();
    press_key(&mut t, code, 0.1);
    let Some(Modal::Confirm(c @ modal::Confirm::Risk { .. })) = t.modal.clone() else {
        panic!("the choice asks first: {:?}", t.modal);
    };
    let (question, yes) = c.words(false);
    assert!(question.contains("needs it"), "{question}");
    assert!(yes.starts_with(&format!("{k}  ")), "{yes}");
    assert_eq!(c.cancel_words(), "Enter  Cancel");
    assert_eq!(t.run.journal.len(), before, "nothing was taken yet");
    // Enter, pressed in haste, cancels: nothing taken.
    press_key(&mut t, KeyCode::Enter, 0.15);
    assert_eq!(t.modal, None);
    assert_eq!(t.run.journal.len(), before);
    // Esc cancels too: nothing taken, no menu opened either.
    press_key(&mut t, code, 0.18);
    key(&mut t, |i| i.back = true, 0.2);
    assert_eq!(t.modal, None);
    assert_eq!(t.run.journal.len(), before);
    // An arrow moves the focus to the choice's button: then Enter takes it.
    press_key(&mut t, code, 0.22);
    press_key(&mut t, KeyCode::Right, 0.24);
    let Some(Modal::Confirm(c)) = t.modal.clone() else {
        panic!("the question stays up: {:?}", t.modal);
    };
    assert!(
        c.words(false).1.starts_with("Enter  "),
        "{:?}",
        c.words(false)
    );
    press_key(&mut t, KeyCode::Left, 0.25);
    press_key(&mut t, KeyCode::Enter, 0.26);
    assert_eq!(t.modal, None, "focus back on Cancel: Enter cancels");
    assert_eq!(t.run.journal.len(), before);
    // Asked again, the same key takes it.
    press_key(&mut t, code, 0.3);
    assert!(matches!(t.modal, Some(Modal::Confirm(_))));
    press_key(&mut t, code, 0.4);
    assert_eq!(t.modal, None);
    assert!(t.run.journal.len() > before, "the second press took it");
}

/// Alone, the log quoting a Terror option that says "the Guide chooses" says a die
/// chooses: no word of a Guide in a solo run's log.
#[test]
fn a_solo_log_names_no_guide() {
    let cards = shipped();
    let guide_option = |s: &crate::core::State| match s.phase {
        Phase::Terror { card } => s
            .cards
            .card(card)
            .options
            .iter()
            .position(|o| o.label.contains("Guide"))
            .filter(|&i| legal_actions(s).contains(&Action::Choose { option: i as u8 })),
        _ => None,
    };
    let found = crate::sim::scene::find_in(&cards, 3000, false, |s| guide_option(s).is_some())
        .expect("a seed reaches a Terror whose option names the Guide");
    let start = Start {
        seed: found.seed,
        actions: found.actions,
        ..Start::default()
    };
    let mut t = TableScreen::start(cards, &start, None).unwrap();
    let option = guide_option(&t.run.state).unwrap() as u8;
    key(&mut t, |_| {}, 0.0);
    let letter = t.keys.key(&Action::Choose { option }).unwrap();
    key(&mut t, |i| i.typed = letter.chars().next(), 0.1);
    // A fatal option asks first: Enter takes it.
    if matches!(t.modal, Some(Modal::Confirm(_))) {
        key(&mut t, |i| i.activate = true, 0.2);
    }
    let mut now = 0.3;
    settle(&mut t, &mut now);
    let log = &t.stage.scene().log;
    assert!(log.iter().any(|l| l.contains("a die chooses")), "{log:#?}");
    assert!(!log.iter().any(|l| l.contains("Guide")), "{log:#?}");
}

/// Alone, dice a reroll could better wait for one key: the reroll's own letter rerolls, any
/// other letter accepts them (D keeps switching the dice), so no press is needed just to go
/// on; the prompt says so.
#[test]
fn in_a_reroll_window_any_letter_but_a_rerolls_accepts_the_dice() {
    let cards = shipped();
    let found = crate::sim::scene::find_in(&cards, 3000, false, |s| {
        s.duel().is_some()
            && panels::prompt::reroll_window(s)
            && !crate::present::pace::accepts_itself(s)
    })
    .expect("a seed reaches dice a reroll could better");
    let start = Start {
        seed: found.seed,
        actions: found.actions,
        ..Start::default()
    };
    let mut t = TableScreen::start(cards, &start, None).unwrap();
    key(&mut t, |_| {}, 0.0);
    let taken = |t: &TableScreen| t.run.actions.len();
    let before = taken(&t);
    // D switches the dice, never accepts.
    press_key(&mut t, KeyCode::D, 0.1);
    assert_eq!(taken(&t), before, "D took an action");
    press_key(&mut t, KeyCode::D, 0.12);
    // A letter with no button of its own: the dice are accepted.
    let free = ('A'..='Z')
        .filter(|c| !['D', 'M'].contains(c))
        .find(|c| {
            !legal_actions(&t.run.state)
                .iter()
                .any(|a| t.keys.key(a).as_deref() == Some(c.to_string().as_str()))
        })
        .expect("a free letter");
    press_key(&mut t, keycode(free), 0.2);
    assert_eq!(taken(&t), before + 1, "{free} accepted the dice");
    assert_eq!(t.run.actions.last(), Some(&Action::Continue));
}
