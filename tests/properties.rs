//! Property test: thousands of seeded runs with random legal actions on the shipped cards,
//! checking the run's invariants after every step.

use forward::cards::CardSet;
use forward::cards::load::load_dir;
use forward::core::state::{GRACE_MAX, MARKER_MAX, MARKER_MIN, SLOTS, State};
use forward::core::{Action, execute, legal_actions, new_run};
use forward::sim::BotRng;
use proptest::prelude::*;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// Steps after which a run counts as endless (a full run takes a few hundred).
const STEP_LIMIT: usize = 20_000;

fn shipped() -> Arc<CardSet> {
    static SET: OnceLock<Arc<CardSet>> = OnceLock::new();
    SET.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        match load_dir(&dir) {
            Ok((set, _)) => Arc::new(set),
            Err(report) => panic!("shipped cards do not load: {:?}", report.errors),
        }
    })
    .clone()
}

/// Checks every invariant of a run in progress; returns the first one broken.
fn invariants(s: &State) -> Result<(), String> {
    if s.health > s.max_health || s.health < 0 {
        return Err(format!("health {} outside 0..={}", s.health, s.max_health));
    }
    if s.health == 0 && s.outcome.is_none() {
        return Err("health 0 but the run goes on".into());
    }
    if !(MARKER_MIN..=MARKER_MAX).contains(&s.marker) {
        return Err(format!("marker {} outside -4..=4", s.marker));
    }
    if s.grace > GRACE_MAX {
        return Err(format!("grace {} above 3", s.grace));
    }
    if s.items.len() > SLOTS || s.equipment.len() > SLOTS {
        return Err(format!(
            "{} items, {} equipment",
            s.items.len(),
            s.equipment.len()
        ));
    }
    // Every card of an entered Domain is in exactly one zone; other cards in none.
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let zones = s
        .deck
        .iter()
        .chain(s.row.iter().flatten().map(|r| &r.card))
        .chain(s.resolving.iter())
        .chain(&s.discard)
        .chain(&s.gone)
        .chain(&s.items)
        .chain(&s.equipment)
        .chain(s.companions.iter().map(|f| &f.card))
        .chain(s.companions.iter().flat_map(|f| &f.carrying))
        .chain(&s.snares);
    for c in zones {
        *seen.entry(c.id).or_default() += 1;
    }
    for d in s.cards.domain_refs() {
        let entered = s.cleared.contains(d) || s.domain == *d;
        for c in &s.cards.domain(*d).stations {
            let n = seen.get(c.id).copied().unwrap_or(0);
            let want = usize::from(entered);
            if n != want {
                return Err(format!("card {} is in {n} zones, expected {want}", c.id));
            }
        }
    }
    Ok(())
}

/// Plays one run with random legal actions (abandoning only rarely); returns the steps.
fn random_run(set: Arc<CardSet>, seed: u64) -> Result<(State, usize), String> {
    let (mut s, _) = new_run(set, seed, Vec::new());
    let mut pick = BotRng::new(seed | 1);
    invariants(&s)?;
    for step in 0..STEP_LIMIT {
        if s.is_over() {
            if !legal_actions(&s).is_empty() {
                return Err("actions offered after the end".into());
            }
            return Ok((s, step));
        }
        let mut actions = legal_actions(&s);
        if actions.is_empty() {
            return Err(format!("no legal action in phase {:?}", s.phase));
        }
        if actions.len() > 1 && pick.below(500) != 0 {
            actions.retain(|a| *a != Action::Abandon);
        }
        let a = actions[pick.below(actions.len())].clone();
        execute(&mut s, &a).map_err(|e| format!("offered action refused: {e}"))?;
        invariants(&s).map_err(|e| format!("after {a:?} at step {step}: {e}"))?;
    }
    Err(format!("run did not end within {STEP_LIMIT} steps"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_runs_keep_every_invariant_and_end(seed in any::<u64>()) {
        let result = random_run(shipped(), seed);
        prop_assert!(result.is_ok(), "seed {}: {}", seed, result.err().unwrap_or_default());
    }
}

#[test]
fn random_runs_reach_every_kind_of_ending() {
    // Over many runs the random player meets each way a run can end except winning,
    // which needs the puzzle; at least some runs must reach the Guardian. With 18 cards a
    // Domain few random runs get that far (about 1 in 300), so play until one has.
    let set = shipped();
    let mut causes = std::collections::BTreeSet::new();
    let mut guardian_reached = 0;
    for seed in 0..20_000 {
        if guardian_reached > 0 && causes.contains("health") && causes.contains("guardian") {
            break;
        }
        let (s, _) = random_run(set.clone(), seed).expect("run");
        if s.cleared.contains(&set.final_domain) {
            guardian_reached += 1;
        }
        let key = match &s.outcome {
            Some(forward::core::Outcome::Won) => "won".to_string(),
            Some(forward::core::Outcome::Lost { cause, .. }) => cause.as_str().to_string(),
            None => "none".to_string(),
        };
        causes.insert(key);
    }
    assert!(causes.contains("health"), "{causes:?}");
    assert!(causes.contains("guardian"), "{causes:?}");
    assert!(!causes.contains("none"));
    assert!(guardian_reached > 0);
}
