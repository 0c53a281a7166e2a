//! Whose turn it is in a run with a Guide.

use super::*;

// ---- whose turn it is ----------------------------------------------------------------

/// A lab with something of everything, and Guide choices and losses in each Domain.
fn everything() -> std::sync::Arc<forward::cards::CardSet> {
    let a = arr(&[
        LAMP,
        ROPE,
        SWORD,
        &fork(),
        &thief("any"),
        &brawler(),
        TERROR,
        LEDGE,
        r#"{"id": "camp", "type": "rest"}"#,
        r#"{"id": "s1", "type": "snare"}"#,
        r#"{"id": "s2", "type": "snare"}"#,
        r#"{"id": "mercy", "type": "blessing", "effects": [{"cleanse": 1}, {"resolve": 2}]}"#,
        r#"{"id": "weave", "type": "caesura", "effects": [{"reorder": 2}]}"#,
        r#"{"id": "pilgrim", "type": "companion", "join": {"show": "lamp"}}"#,
        r#"{"id": "bandit", "type": "foe", "hp": 3, "toll": [{"lose": "item"}],
            "faces": [{"name": "Stab", "deal": 1}, {"name": "Miss"}, {"name": "Miss"},
                      {"name": "Miss"}, {"name": "Miss"}, {"name": "Stab", "deal": 1}]}"#,
        ROCK,
    ]);
    let b = arr(&[
        &fork().replace("\"fork\"", "\"fork_b\""),
        &thief("item").replace("\"thief\"", "\"thief_b\""),
        r#"{"id": "b_camp", "type": "rest"}"#,
    ]);
    Lab::new(&a)
        .b(&b)
        .c(&b.replace("_b\"", "_c\""))
        .z(&arr(&[
            &table_foe(),
            r#"{"id": "z_calm", "type": "caesura"}"#,
        ]))
        .build()
}

#[test]
fn the_guide_acts_exactly_for_the_foes_die_and_the_guides_choices() {
    let cards = everything();
    let mut seen = std::collections::BTreeMap::new();
    for guide in [false, true] {
        for seed in 0..200u64 {
            let (mut s, _) = forward::core::new_run_with(cards.clone(), seed, vec![], guide);
            let mut rng = BotRng::new(seed * 3 + 1);
            while !s.is_over() {
                let offered = legal(&s);
                let kind = phase_name(&s.phase);
                let role = s.role();
                let guides = offered
                    .iter()
                    .all(|a| matches!(a, Action::RollFoe | Action::Pick { .. } | Action::Abandon));
                assert_eq!(role == Role::Guide, guides, "{kind}: {offered:?}");
                assert_eq!(prompt(&s).role, guide.then(|| role.as_str()));
                if !guide {
                    assert_eq!(role, Role::Traveller);
                }
                seen.insert((guide, kind), role);
                let choices: Vec<&Action> =
                    offered.iter().filter(|a| **a != Action::Abandon).collect();
                let a = choices[rng.below(choices.len())].clone();
                act(&mut s, a);
            }
            seen.insert((guide, phase_name(&s.phase)), s.role());
        }
    }
    let guide_kinds = ["foe_roll", "guide_choice", "guide_lose"];
    let traveller_kinds = [
        "explore",
        "offer",
        "terror",
        "rest",
        "test",
        "test_reroll",
        "encounter",
        "companion",
        "duel",
        "duel_reroll",
        "reorder",
        "cleanse",
        "route",
        "crossing",
        "over",
    ];
    for kind in traveller_kinds {
        for guide in [false, true] {
            assert_eq!(seen.get(&(guide, kind)), Some(&Role::Traveller), "{kind}");
        }
    }
    for kind in guide_kinds {
        assert_eq!(seen.get(&(true, kind)), Some(&Role::Guide), "{kind}");
        assert_eq!(seen.get(&(false, kind)), None, "alone, no {kind}");
    }
    assert_eq!(seen.len(), 2 * traveller_kinds.len() + guide_kinds.len());
}
