//! Property test: thousands of seeded runs with random legal actions on the shipped cards,
//! checking the run's invariants after every step; alone and with a Guide.

use crate::common;
use forward::cards::CardSet;
use forward::cards::load::load_dir;
use forward::core::state::{GRACE_MAX, MARKER_MAX, MARKER_MIN, Role, SLOTS, State};
use forward::core::{
    Action, Phase, SpendFor, candidates, execute, legal_actions, new_run_with, why_not,
};
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
        *seen.entry(c.id()).or_default() += 1;
    }
    for d in s.cards.domain_refs() {
        let entered = s.cleared.contains(d) || s.domain == *d;
        for c in &s.cards.domain(*d).stations {
            let n = seen.get(c.id()).copied().unwrap_or(0);
            let want = usize::from(entered);
            if n != want {
                return Err(format!("card {} is in {n} zones, expected {want}", c.id()));
            }
        }
    }
    Ok(())
}

/// Checks whose turn it is against what is offered: the Guide acts exactly when the only
/// actions (abandoning aside) are rolling the foe's die or picking; alone, never.
fn roles(s: &State, actions: &[Action]) -> Result<(), String> {
    let guides = |a: &Action| matches!(a, Action::RollFoe | Action::Pick { .. });
    let for_guide = actions.iter().any(guides)
        && actions
            .iter()
            .all(|a| guides(a) || matches!(a, Action::Abandon));
    if actions.iter().any(guides) && !for_guide {
        return Err(format!(
            "Guide and traveller actions offered together: {actions:?}"
        ));
    }
    if (s.role() == Role::Guide) != for_guide {
        return Err(format!("role {:?} with actions {actions:?}", s.role()));
    }
    if !s.guide && for_guide {
        return Err(format!("a Guide's action offered alone: {actions:?}"));
    }
    if !actions.contains(&Action::Abandon) {
        return Err("abandoning is not offered".into());
    }
    Ok(())
}

/// Plays one run with random legal actions (abandoning only rarely); returns the steps.
fn random_run(set: Arc<CardSet>, seed: u64) -> Result<(State, usize), String> {
    random_run_with(set, seed, false)
}

/// [`random_run`], with a Guide (`guide`) or alone.
fn random_run_with(set: Arc<CardSet>, seed: u64, guide: bool) -> Result<(State, usize), String> {
    let (mut s, _) = new_run_with(set, seed, Vec::new(), guide);
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
        roles(&s, &actions).map_err(|e| format!("at step {step}: {e}"))?;
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_guided_runs_keep_every_invariant_and_end(seed in any::<u64>()) {
        let result = random_run_with(shipped(), seed, true);
        prop_assert!(result.is_ok(), "seed {}: {}", seed, result.err().unwrap_or_default());
    }

    /// The shipped cards have no "the Guide chooses" yet: a small set that has, so that
    /// random runs pick too (and, alone, roll the die that picks).
    #[test]
    fn random_runs_with_guide_choices_keep_every_invariant_and_end(
        seed in any::<u64>(),
        guide in any::<bool>(),
    ) {
        let result = random_run_with(guide_lab(), seed, guide);
        prop_assert!(result.is_ok(), "seed {} guide {}: {}", seed, guide, result.err().unwrap_or_default());
    }
}

/// A lab card set (see `tests/common`) where cards in every Domain ask the Guide to
/// choose or take a held card, beside foes, Items, Equipment, Rests and Snares.
fn guide_lab() -> Arc<CardSet> {
    static SET: OnceLock<Arc<CardSet>> = OnceLock::new();
    SET.get_or_init(|| {
        let a = r#"[
            {"id": "lamp", "type": "item", "use": {"per": "once", "effects": [{"heal": 3}]}},
            {"id": "charm", "type": "item", "use": {"per": "fight", "effects": [
                {"guide_chooses": [
                    {"label": "Spark", "effects": [{"hit_foe": 1}]},
                    {"label": "Fizzle"}]}]}},
            {"id": "rope", "type": "item"},
            {"id": "knife", "type": "equipment", "passive": [{"atk": 1}]},
            {"id": "coat", "type": "equipment", "passive": [{"def": 1}]},
            {"id": "fork", "type": "caesura", "effects": [
                {"guide_chooses": [
                    {"label": "Cold", "effects": [{"lose_health": 3}]},
                    {"label": "Dark", "effects": [{"dread": 1}]},
                    {"label": "Robbed", "effects": [{"lose": "any"}, {"resolve": 1}]}]},
                {"resolve": 1}]},
            {"id": "thief", "type": "caesura", "effects": [{"lose": "item"}]},
            {"id": "mugger", "type": "caesura", "effects": [{"lose": "equipment"}]},
            {"id": "camp", "type": "rest"},
            {"id": "snag", "type": "snare", "passive": [{"duel_rolls": -1}]},
            {"id": "mercy", "type": "blessing", "effects": [{"cleanse": 1}, {"heal": 2}]},
            {"id": "weave", "type": "caesura", "effects": [{"reorder": 3}]},
            {"id": "brawler", "type": "foe", "hp": 5,
             "on_defeat": [{"guide_chooses": [
                 {"label": "A purse", "effects": [{"resolve": 1}]},
                 {"label": "A curse", "effects": [{"dread": 1}]}]}],
             "faces": [{"name": "Hex", "skip_roll": true}, {"name": "Daze", "roll_penalty": 1},
                       {"name": "Jab", "deal": 2}, {"name": "Glare", "no_rerolls": true, "deal": 1},
                       {"name": "Rage", "enrage": 1}, {"name": "Bite", "deal": 3}]},
            {"id": "rock", "type": "caesura"}
        ]"#;
        let b = r#"[
            {"id": "b_fork", "type": "caesura", "effects": [{"guide_chooses": [
                {"label": "Left", "effects": [{"heal": 4}]},
                {"label": "Right", "effects": [{"lose_health": 4}]}]}]},
            {"id": "b_thief", "type": "caesura", "effects": [{"lose": "any"}]},
            {"id": "b_camp", "type": "rest"},
            {"id": "b_wolf", "type": "foe", "hp": 3,
             "faces": [{"name": "Bite", "deal": 2}, {"name": "Miss"}, {"name": "Miss"},
                       {"name": "Bite", "deal": 2}, {"name": "Howl", "skip_roll": true}, {"name": "Miss"}]}
        ]"#;
        common::Lab::new(a)
            .b(b)
            .c(&b.replace("\"b_", "\"c_"))
            .on_enter("z", r#"[{"guide_chooses": [
                {"label": "Calm", "effects": [{"resolve": 1}]},
                {"label": "Storm", "effects": [{"dread": 1}]}]}]"#)
            .build()
    })
    .clone()
}

#[test]
fn random_runs_on_the_guide_lab_meet_every_guide_action() {
    // What the property above is worth: its random runs really do pick (a card's options,
    // a card to lose, in and out of duels), roll the foe's die, and alone roll the die that
    // picks.
    use forward::core::Event;
    use forward::core::state::ChoiceKind;
    let mut met = std::collections::BTreeSet::new();
    for seed in 0..300u64 {
        let guide = seed % 2 == 0;
        let (mut s, _) = new_run_with(guide_lab(), seed, Vec::new(), guide);
        let mut pick = BotRng::new(seed | 1);
        while !s.is_over() {
            let actions: Vec<Action> = legal_actions(&s)
                .into_iter()
                .filter(|a| *a != Action::Abandon)
                .collect();
            let a = actions[pick.below(actions.len())].clone();
            match (&s.phase, &a) {
                (Phase::Choice(c), Action::Pick { .. }) => {
                    let in_duel = matches!(c.resume, Phase::Duel(_));
                    met.insert(match c.kind {
                        ChoiceKind::Guide { .. } if in_duel => "pick an option in a duel",
                        ChoiceKind::Guide { .. } => "pick an option",
                        _ => "pick a card to lose",
                    });
                }
                (_, Action::RollFoe) => {
                    met.insert("roll the foe's die");
                }
                _ => {}
            }
            for e in execute(&mut s, &a).expect("offered") {
                if let Event::GuideChose { die: Some(_), .. } = e {
                    met.insert("a die picks alone");
                }
            }
        }
    }
    assert_eq!(
        met.into_iter().collect::<Vec<_>>(),
        [
            "a die picks alone",
            "pick a card to lose",
            "pick an option",
            "pick an option in a duel",
            "roll the foe's die"
        ]
    );
}

/// Plays a random run alone and the same decisions with a Guide (the Guide rolling the
/// foe's die after each of the traveller's rolls): both must stay identical, step by step,
/// until a card asks the Guide to choose (alone a die then picks, which the Guide does not
/// draw). Returns the steps compared.
fn alone_and_guided(set: Arc<CardSet>, seed: u64) -> Result<usize, String> {
    let (mut alone, _) = new_run_with(set.clone(), seed, Vec::new(), false);
    let (mut guided, _) = new_run_with(set, seed, Vec::new(), true);
    let mut pick = BotRng::new(seed.wrapping_mul(7) | 1);
    let plain = |s: &State| {
        let mut v = serde_json::to_value(s).expect("state");
        v.as_object_mut().expect("object").remove("guide");
        v
    };
    for step in 0..STEP_LIMIT {
        if plain(&alone) != plain(&guided) {
            return Err(format!("step {step}: the runs differ"));
        }
        if alone.is_over() {
            return Ok(step);
        }
        let actions = legal_actions(&alone);
        if legal_actions(&guided) != actions {
            return Err(format!("step {step}: different actions offered"));
        }
        let choices: Vec<&Action> = actions.iter().filter(|a| **a != Action::Abandon).collect();
        let a = choices[pick.below(choices.len())].clone();
        let in_duel = matches!(alone.phase, Phase::Duel(_));
        let solo = execute(&mut alone, &a).map_err(|e| e.to_string())?;
        let mut both = execute(&mut guided, &a).map_err(|e| e.to_string())?;
        if in_duel && a == Action::Roll {
            if guided.role() != Role::Guide {
                return Err(format!("step {step}: no foe's die to roll after {both:?}"));
            }
            both.extend(execute(&mut guided, &Action::RollFoe).map_err(|e| e.to_string())?);
        }
        if guided.role() == Role::Guide {
            // A Guide's choice: from here the runs part (alone, a die picked).
            return Ok(step);
        }
        let rolled = |events: &[forward::core::Event]| {
            events
                .iter()
                .filter(|e| {
                    !matches!(
                        e,
                        forward::core::Event::ExchangeRolled { .. }
                            | forward::core::Event::TravellerRolled { .. }
                            | forward::core::Event::FoeRolled { .. }
                    )
                })
                .cloned()
                .collect::<Vec<_>>()
        };
        if rolled(&solo) != rolled(&both) {
            return Err(format!("step {step}: {solo:?} alone, {both:?} guided"));
        }
    }
    Err(format!("run did not end within {STEP_LIMIT} steps"))
}

#[test]
fn the_same_decisions_alone_and_with_a_guide_give_the_same_run() {
    let mut steps = 0;
    for seed in 0..300 {
        steps += alone_and_guided(shipped(), seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    assert!(steps > 300 * 20, "{steps} steps compared");
}

#[test]
fn random_runs_reach_every_kind_of_ending() {
    // The random player meets each way a run can be lost: on Health, at the Guardian and
    // by giving up with the shipped cards; on Dread and stranded (a ghost that bars the
    // way) in a small set made for it, since random runs of the shipped cards never lose
    // those two (none in 20,000). Winning needs the puzzle, so it is not asked for. At
    // least some runs must reach the Guardian: with 18 cards a Domain few random runs get
    // that far (about 1 in 300), so play until one has.
    use forward::core::Cause;
    let shipped_causes = [Cause::Health, Cause::Guardian, Cause::Abandoned];
    let (causes, guardian_reached) = endings(shipped(), &shipped_causes);
    let (lab_causes, _) = endings(perils_lab(), &[Cause::Dread, Cause::Stranded]);
    for cause in shipped_causes {
        assert!(
            causes.contains_key(cause.as_str()),
            "no run lost on {cause:?}: {causes:?}"
        );
    }
    for cause in [Cause::Dread, Cause::Stranded] {
        assert!(
            lab_causes.contains_key(cause.as_str()),
            "no run lost on {cause:?}: {lab_causes:?}"
        );
    }
    assert!(guardian_reached > 0);
}

/// How many seeds [`endings`] may play.
const SEEDS_FOR_EVERY_ENDING: u64 = 20_000;

/// Random runs of `set` until each of `wanted` has ended one and one reached the Guardian
/// (or the seeds run out): how many ended each way, and how many reached the Guardian.
fn endings(
    set: Arc<CardSet>,
    wanted: &[forward::core::Cause],
) -> (std::collections::BTreeMap<&'static str, u32>, u32) {
    use forward::core::Outcome;
    let mut causes = std::collections::BTreeMap::new();
    let mut guardian_reached = 0;
    for seed in 0..SEEDS_FOR_EVERY_ENDING {
        if guardian_reached > 0 && wanted.iter().all(|c| causes.contains_key(c.as_str())) {
            break;
        }
        let (s, _) = random_run(set.clone(), seed).expect("run");
        if s.cleared.contains(&set.final_domain) {
            guardian_reached += 1;
        }
        let key = match &s.outcome {
            Some(Outcome::Won) => "won",
            Some(Outcome::Lost { cause, .. }) => cause.as_str(),
            None => panic!("seed {seed}: the run did not end"),
        };
        *causes.entry(key).or_insert(0) += 1;
    }
    (causes, guardian_reached)
}

/// A lab set (see `tests/common`) whose first Domain holds three Caesuras of 2 Dread each
/// and a ghost that lets the traveller past only if they show it the mirror they may not
/// have found yet.
fn perils_lab() -> Arc<CardSet> {
    let a = r#"[
        {"id": "gloom1", "type": "caesura", "effects": [{"dread": 2}]},
        {"id": "gloom2", "type": "caesura", "effects": [{"dread": 2}]},
        {"id": "gloom3", "type": "caesura", "effects": [{"dread": 2}]},
        {"id": "mirror", "type": "item"},
        {"id": "ghost", "name": "Ghost", "type": "foe", "unbeatable": true,
         "passage": [{"label": "Show the mirror", "show": "mirror"}]},
        {"id": "camp", "type": "rest"},
        {"id": "rock", "type": "caesura"}
    ]"#;
    common::Lab::new(a).build()
}

/// Actions probed at every step beside the candidates: one of each kind a table might
/// ask about, legal or not.
fn probes() -> Vec<Action> {
    let mut out = vec![
        Action::Roll,
        Action::RollFoe,
        Action::Continue,
        Action::Take,
        Action::Decline,
        Action::Fight,
        Action::Toll,
    ];
    for i in 0..4 {
        out.push(Action::Flip { slot: i });
        out.push(Action::Swap { slot: i });
        out.push(Action::Choose { option: i });
        out.push(Action::Pick { option: i });
    }
    for purpose in [SpendFor::Grace, SpendFor::Heal] {
        out.push(Action::Spend { purpose });
    }
    out
}

/// Plays a random run, checking at every step that `why_not` gives no reason exactly for
/// the legal actions, over every candidate and probe, and that every legal action is a
/// candidate.
fn why_not_agrees(set: Arc<CardSet>, seed: u64, guide: bool) -> Result<(), String> {
    let (mut s, _) = new_run_with(set, seed, Vec::new(), guide);
    let mut pick = BotRng::new(seed | 1);
    let probes = probes();
    for step in 0..STEP_LIMIT {
        let legal = legal_actions(&s);
        let shown = candidates(&s);
        for a in &legal {
            if !shown.iter().any(|(b, _)| b == a) {
                return Err(format!("step {step}: legal {a:?} is not a candidate"));
            }
        }
        let asked = shown.iter().map(|(a, _)| a).chain(&probes);
        for a in asked {
            let why = why_not(&s, a);
            if why.is_none() != legal.contains(a) {
                return Err(format!(
                    "step {step}: {a:?} legal {} but why_not {why:?}",
                    legal.contains(a)
                ));
            }
        }
        for (a, why) in &shown {
            if *why != why_not(&s, a) {
                return Err(format!("step {step}: candidate {a:?} says {why:?}"));
            }
        }
        if s.is_over() {
            return Ok(());
        }
        let mut actions = legal;
        if actions.len() > 1 && pick.below(500) != 0 {
            actions.retain(|a| *a != Action::Abandon);
        }
        let a = actions[pick.below(actions.len())].clone();
        execute(&mut s, &a).map_err(|e| format!("offered action refused: {e}"))?;
    }
    Err(format!("run did not end within {STEP_LIMIT} steps"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `why_not(s, a).is_none()` exactly when `a` is in `legal_actions(s)`, on the
    /// shipped cards and on the Guide lab, alone and with a Guide.
    #[test]
    fn why_not_gives_a_reason_exactly_for_actions_not_offered(
        seed in any::<u64>(),
        guide in any::<bool>(),
        lab in any::<bool>(),
    ) {
        let set = if lab { guide_lab() } else { shipped() };
        let result = why_not_agrees(set, seed, guide);
        prop_assert!(result.is_ok(), "seed {} guide {} lab {}: {}", seed, guide, lab, result.err().unwrap_or_default());
    }
}

// --- the effects' spec (`cards::spec`): every effect defined once ---------------------

use forward::cards::spec::{EFFECT_SPECS, EffectSpec, fill};

/// Every number an effect's spec allows (zero left out where it is refused).
fn values(s: &EffectSpec) -> Vec<i64> {
    let Some((lo, hi)) = s.range else {
        return Vec::new();
    };
    (lo..=hi).filter(|n| !(s.nonzero && *n == 0)).collect()
}

#[test]
fn the_schemas_ranges_are_the_specs() {
    let schema: serde_json::Value =
        serde_json::from_str(&forward::cards::schema::schema_json()).unwrap();
    let defs = &schema["$defs"];
    let variants = defs["Effect"]["oneOf"].as_array().unwrap();
    let mut keys: Vec<String> = Vec::new();
    for v in variants {
        if let Some(k) = v["const"].as_str().or(v["enum"][0].as_str()) {
            keys.push(k.to_string());
            continue;
        }
        let (key, prop) = v["properties"].as_object().unwrap().iter().next().unwrap();
        keys.push(key.clone());
        let spec = EFFECT_SPECS.iter().find(|s| s.key == key);
        let spec = spec.unwrap_or_else(|| panic!("the effect `{key}` has no spec row"));
        let prop = match prop["$ref"].as_str() {
            // An amount: its fixed number's range.
            Some("#/$defs/Amount") => defs["Amount"]["anyOf"][0].clone(),
            _ => prop.clone(),
        };
        let range = prop["minimum"].as_i64().zip(prop["maximum"].as_i64());
        assert_eq!(range, spec.range, "range of `{key}`: {prop}");
    }
    let specs: Vec<&str> = EFFECT_SPECS.iter().map(|s| s.key).collect();
    assert_eq!(
        keys, specs,
        "every effect of the model has a spec row, in order"
    );
}

#[test]
fn written_in_the_designers_notation_every_effect_reads_back_equal() {
    let mut checked = 0;
    for s in &EFFECT_SPECS {
        let Some(form) = s.designer else { continue };
        for n in values(s) {
            let line = fill(form, n);
            let read = forward::cards::sheet::designer_effect(&line);
            assert_eq!(read, Ok(serde_json::json!({ s.key: n })), "`{line}`");
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked}");
}

#[test]
fn written_in_the_house_style_every_effect_passes_the_text_check() {
    use forward::cards::text_check::check_card;
    use forward::cards::text_write::write_text;
    let names = HashMap::new();
    for s in EFFECT_SPECS.iter().filter(|s| s.range.is_some()) {
        for n in values(s) {
            let mut card = serde_json::json!({
                "id": "probe", "name": "Probe", "type": "item", "text": "",
                "use": {"per": "once", "duel_only": true, "effects": [{ s.key: n }]}
            });
            card["text"] = write_text(&card, &names).into();
            let found = check_card(&card, &names);
            assert!(found.is_empty(), "{}: {} -> {found:?}", s.key, card["text"]);
        }
    }
}

/// The valid fixture with one Item's use holding `effect`: whether it loads.
fn loads_with(effect: serde_json::Value) -> bool {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("spec-range");
    let _ = std::fs::remove_dir_all(&dir);
    common::files::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid"),
        &dir,
    );
    let p = dir.join("domains/tower.json");
    let t = std::fs::read_to_string(&p).unwrap();
    let from = r#""use": { "per": "run", "effects": [{ "resolve": 1 }] }"#;
    assert!(t.contains(from));
    let to = format!(r#""use": {{ "per": "run", "duel_only": true, "effects": [{effect}] }}"#);
    std::fs::write(&p, t.replacen(from, &to, 1)).unwrap();
    load_dir(&dir).is_ok()
}

#[test]
fn the_validator_accepts_exactly_the_specs_range() {
    for s in EFFECT_SPECS.iter().filter(|s| s.range.is_some()) {
        let Some((lo, hi)) = s.range else { continue };
        for n in [lo, hi] {
            assert!(loads_with(serde_json::json!({ s.key: n })), "{} {n}", s.key);
        }
        for n in [lo - 1, hi + 1] {
            assert!(
                !loads_with(serde_json::json!({ s.key: n })),
                "{} {n}",
                s.key
            );
        }
        if s.nonzero {
            assert!(!loads_with(serde_json::json!({ s.key: 0 })), "{} 0", s.key);
        }
    }
}

/// The valid fixture with one Equipment's passive modifier replaced by `modifier`:
/// whether it loads.
fn loads_with_passive(modifier: serde_json::Value) -> bool {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("spec-modifier-range");
    let _ = std::fs::remove_dir_all(&dir);
    common::files::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid"),
        &dir,
    );
    let p = dir.join("domains/marsh.json");
    let t = std::fs::read_to_string(&p).unwrap();
    let from = r#""passive": [{ "atk": 1 }]"#;
    assert!(t.contains(from));
    let to = format!(r#""passive": [{modifier}]"#);
    std::fs::write(&p, t.replacen(from, &to, 1)).unwrap();
    load_dir(&dir).is_ok()
}

#[test]
fn the_validator_accepts_exactly_each_modifiers_spec_range() {
    use forward::cards::spec::MODIFIER_SPECS;
    for s in &MODIFIER_SPECS {
        let (lo, hi) = s.range;
        for n in [lo, hi] {
            assert!(
                loads_with_passive(serde_json::json!({ s.key: n })),
                "{} {n}",
                s.key
            );
        }
        for n in [lo - 1, hi + 1, 0] {
            assert!(
                !loads_with_passive(serde_json::json!({ s.key: n })),
                "{} {n}",
                s.key
            );
        }
    }
}

#[test]
fn the_schemas_modifier_ranges_are_the_specs() {
    use forward::cards::spec::MODIFIER_SPECS;
    let schema: serde_json::Value =
        serde_json::from_str(&forward::cards::schema::schema_json()).unwrap();
    let mut keys = Vec::new();
    for v in schema["$defs"]["Modifier"]["oneOf"].as_array().unwrap() {
        let Some((key, prop)) = v["properties"].as_object().and_then(|o| o.iter().next()) else {
            continue;
        };
        if prop["type"] != "integer" {
            continue;
        }
        keys.push(key.as_str());
        let spec = MODIFIER_SPECS.iter().find(|s| s.key == key);
        let spec = spec.unwrap_or_else(|| panic!("the modifier `{key}` has no spec row"));
        let range = prop["minimum"].as_i64().zip(prop["maximum"].as_i64());
        assert_eq!(range, Some(spec.range), "range of `{key}`: {prop}");
    }
    let specs: Vec<&str> = MODIFIER_SPECS.iter().map(|s| s.key).collect();
    assert_eq!(
        keys, specs,
        "every numbered modifier has a spec row, in order"
    );
}

#[test]
fn every_face_field_written_in_the_designers_notation_reads_back_equal() {
    use forward::cards::spec::FACE_SPECS;
    let schema: serde_json::Value =
        serde_json::from_str(&forward::cards::schema::schema_json()).unwrap();
    let props = &schema["$defs"]["Face"]["properties"];
    for s in &FACE_SPECS {
        let values: Vec<serde_json::Value> = match s.range {
            None => vec![true.into()],
            Some((lo, hi)) => {
                assert_eq!(props[s.key]["maximum"].as_i64(), Some(hi), "{}", s.key);
                (lo..=hi).map(Into::into).collect()
            }
        };
        for v in values {
            let words = match v.as_i64() {
                Some(n) => fill(s.designer, n),
                None => s.designer.to_string(),
            };
            let line = format!("3 Tide Claw ({words})");
            let read = forward::cards::sheet::designer_face(&line);
            assert_eq!(
                read,
                Ok(serde_json::json!({"name": "Tide Claw", s.key: v})),
                "`{line}`"
            );
        }
    }
}

#[test]
fn the_schemas_condition_ranges_are_the_specs() {
    use forward::cards::spec::CONDITION_SPECS;
    let schema: serde_json::Value =
        serde_json::from_str(&forward::cards::schema::schema_json()).unwrap();
    let mut keys = Vec::new();
    for v in schema["$defs"]["Condition"]["oneOf"].as_array().unwrap() {
        let (key, prop) = v["properties"].as_object().unwrap().iter().next().unwrap();
        let spec = CONDITION_SPECS.iter().find(|s| s.key == key);
        let spec = spec.unwrap_or_else(|| panic!("the condition `{key}` has no spec row"));
        let range = prop["minimum"].as_i64().zip(prop["maximum"].as_i64());
        assert_eq!(range, spec.range, "range of `{key}`: {prop}");
        keys.push(key.clone());
    }
    let specs: Vec<&str> = CONDITION_SPECS.iter().map(|s| s.key).collect();
    assert_eq!(
        keys, specs,
        "every condition of the model has a spec row, in order"
    );
}
