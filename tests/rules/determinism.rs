//! Rules tests: determinism and illegal actions.

use super::*;

/// A Domain with a bit of everything that rolls dice or shuffles.
pub(crate) fn busy_lab() -> std::sync::Arc<forward::cards::CardSet> {
    let a = arr(&[
        ROCK,
        SWORD,
        LEDGE,
        CLIMB,
        &table_foe(),
        r#"{"id": "mend", "type": "caesura", "effects": [{"heal": {"d6": 1}}]}"#,
        r#"{"id": "rock2", "type": "caesura"}"#,
        r#"{"id": "rock3", "type": "caesura"}"#,
        r#"{"id": "rock4", "type": "caesura"}"#,
    ]);
    Lab::new(&a).build()
}

/// Plays the first legal action other than abandoning, until the run ends or `steps`.
pub(crate) fn autoplay(seed: u64, steps: usize) -> (Vec<Event>, String) {
    let (mut s, mut all) = forward::core::new_run(busy_lab(), seed, vec![]);
    for _ in 0..steps {
        let Some(a) = legal(&s).into_iter().find(|a| *a != Action::Abandon) else {
            break;
        };
        all.extend(act(&mut s, a));
    }
    (all, serde_json::to_string(&s).unwrap())
}

#[test]
fn the_same_seed_and_actions_give_identical_events() {
    let (e1, s1) = autoplay(42, 300);
    let (e2, s2) = autoplay(42, 300);
    assert!(e1.len() > 30, "the run went somewhere: {}", e1.len());
    assert!(e1.iter().any(|e| matches!(e, Event::ExchangeRolled { .. })));
    assert!(e1.iter().any(|e| matches!(e, Event::TestRolled { .. })));
    assert_eq!(e1, e2);
    assert_eq!(format!("{e1:?}"), format!("{e2:?}"));
    assert_eq!(s1, s2);
}

#[test]
fn different_seeds_give_different_shuffles() {
    let order = |seed| {
        let (_, events) = forward::core::new_run(busy_lab(), seed, vec![]);
        events
            .iter()
            .find_map(|e| match e {
                Event::DeckShuffled { order, .. } => Some(order.clone()),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(order(1), order(1));
    assert_ne!(order(1), order(2));
    assert_ne!(order(2), order(3));
}

/// Checks that `check` and `execute` refuse the action and change nothing.
pub(crate) fn refused_without_change(s: &mut State, a: Action) {
    let before = snapshot(s);
    let legal_before = legal(s);
    assert!(check(s, &a).is_err(), "{a:?} should be illegal");
    assert_eq!(snapshot(s), before);
    let err = execute(s, &a).unwrap_err();
    assert!(err.to_string().contains("not a legal action"), "{err}");
    assert_eq!(snapshot(s), before, "{a:?} changed the state");
    assert_eq!(legal(s), legal_before);
}

#[test]
fn illegal_actions_leave_the_state_unchanged() {
    let mut s = start_lab(&arr(&[SWORD, &table_foe(), ROCK]), &[3, 3]);
    // Exploring.
    refused_without_change(&mut s, Action::Flip { slot: 7 });
    refused_without_change(&mut s, Action::Take);
    refused_without_change(&mut s, Action::Roll);
    refused_without_change(&mut s, go("b"));
    refused_without_change(&mut s, use_card("sword"));
    refused_without_change(&mut s, reroll(Die::Traveller));
    // An offer.
    flip_id(&mut s, "sword");
    refused_without_change(&mut s, Action::Flip { slot: 0 });
    refused_without_change(&mut s, Action::Swap { slot: 0 });
    refused_without_change(&mut s, Action::Continue);
    act(&mut s, Action::Take);
    // A duel.
    flip_id(&mut s, "foe");
    refused_without_change(&mut s, Action::Continue);
    refused_without_change(&mut s, reroll(Die::Foe));
    refused_without_change(&mut s, Action::Fight);
    refused_without_change(
        &mut s,
        Action::Spend {
            purpose: SpendFor::Heal,
        },
    );
    // A finished run accepts nothing, not even abandoning.
    act(&mut s, Action::Abandon);
    assert!(matches!(
        s.outcome,
        Some(Outcome::Lost {
            cause: Cause::Abandoned,
            ..
        })
    ));
    refused_without_change(&mut s, Action::Abandon);
    refused_without_change(&mut s, Action::Roll);
}

#[test]
fn a_test_modifier_is_added_once_to_a_two_dice_roll() {
    // "+1 to tests" adds 1 to the test's roll, not 1 to each die: 3 + 4 + 1 = 8 < 9.
    let boots = r#"{"id": "boots", "type": "equipment", "passive": [{"test_rolls": 1}]}"#;
    let wall = r#"{"id": "wall", "type": "pit", "test": {"target": 9, "dice": 2,
        "success": [{"resolve": 1}], "failure": [{"dread": 1}]}}"#;
    let mut s = start_lab(&arr(&[boots, wall, ROCK]), &[3, 4]);
    get(&mut s, "boots");
    flip_id(&mut s, "wall");
    let events = act(&mut s, Action::Roll);
    assert!(
        matches!(
            events[1],
            Event::TestJudged {
                total: 8,
                success: false,
                ..
            }
        ),
        "{events:?}"
    );
}

/// The standing modifiers (and occasions triggers wait for) the state keeps (summed again by `apply` only when the cards in
/// force change) equal a fresh sum after every action, over runs of the shipped set that
/// take equipment, meet companions and are caught by Snares.
#[test]
fn the_kept_standing_modifiers_always_equal_a_fresh_sum() {
    use forward::cards::model::Occasion;
    use forward::core::Mods;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let cards = match forward::cards::load::load_dir(&dir) {
        Ok((set, _)) => std::sync::Arc::new(set),
        Err(report) => panic!("the shipped cards do not load: {}", report.summary()),
    };
    let (mut equipped, mut followed, mut snared) = (0, 0, 0);
    for seed in 0..60u64 {
        let (mut s, _) = forward::core::new_run(cards.clone(), seed, vec![]);
        let mut pick = seed;
        while !s.is_over() {
            let actions = legal(&s);
            // Anything but giving up, chosen by a small deterministic stream.
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let offered: Vec<_> = actions
                .into_iter()
                .filter(|a| *a != Action::Abandon)
                .collect();
            let Some(a) = offered.get((pick >> 33) as usize % offered.len().max(1)) else {
                break;
            };
            act(&mut s, a.clone());
            let fresh = Mods::sum(&s.cards, s.active_cards());
            assert_eq!(s.standing.mods, fresh, "seed {seed} after {a:?}");
            for on in [
                Occasion::Flip,
                Occasion::DuelStart,
                Occasion::DomainEnter,
                Occasion::FoeDefeated,
            ] {
                let waits = s
                    .active_cards()
                    .any(|c| s.cards.card(c).triggers.iter().any(|t| t.on == on));
                assert_eq!(s.standing.fires(on), waits, "seed {seed} after {a:?}");
            }
            equipped += usize::from(!s.equipment.is_empty());
            followed += usize::from(!s.companions.is_empty());
            snared += usize::from(!s.snares.is_empty());
        }
    }
    assert!(
        equipped > 0 && followed > 0 && snared > 0,
        "{equipped} {followed} {snared}"
    );
}
