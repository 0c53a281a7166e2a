//! The validator on the card format's newer pieces (issue 18, "Card format"): each misuse
//! is reported as an error at its own place. Broken sets are copies of
//! `tests/fixtures/valid` with one textual replacement each.

use crate::common::files::copy_dir;
use forward::cards::load::load_dir;
use forward::cards::validate::Problem;
use std::fs;
use std::path::{Path, PathBuf};

/// A copy of the valid set with each `(file, from, to)` replacement made once.
fn broken(name: &str, edits: &[(&str, &str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("validate_format")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid"),
        &dir,
    );
    for (file, from, to) in edits {
        let path = dir.join(file);
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(text.matches(from).count(), 1, "`{from}` once in {file}");
        fs::write(&path, text.replacen(from, to, 1)).unwrap();
    }
    dir
}

/// The errors of a set that must fail.
fn errors(dir: &Path) -> Vec<Problem> {
    match load_dir(dir) {
        Ok((_, report)) => panic!("expected errors, got {report:#?}"),
        Err(report) => report.errors,
    }
}

/// The single error of a set with one mistake: its field path and message.
#[track_caller]
fn the_error(dir: &Path, path: &str, message: &str) {
    let errs = errors(dir);
    assert_eq!(errs.len(), 1, "one error expected: {errs:#?}");
    assert_eq!(errs[0].path.as_deref(), Some(path), "{errs:#?}");
    assert!(
        errs[0].message.contains(message),
        "{:?} should contain {message:?}",
        errs[0].message
    );
}

/// The set loads (warnings allowed).
#[track_caller]
fn loads(dir: &Path) {
    if let Err(r) = load_dir(dir) {
        panic!("{}", r.summary());
    }
}

const IRON_BLADE_PASSIVE: &str = r#""passive": [{ "atk": 1 }]"#;

#[test]
fn combat_table_needs_six_results_and_table_face_a_die_face() {
    let ok = broken(
        "table_ok",
        &[(
            "traveller.json",
            r#""def": 0"#,
            r#""def": 0, "table": ["miss", "parry", "hit", "hit", "critical", "counter"]"#,
        )],
    );
    loads(&ok);
    let dir = broken(
        "table_short",
        &[(
            "traveller.json",
            r#""def": 0"#,
            r#""def": 0, "table": ["miss", "parry"]"#,
        )],
    );
    the_error(&dir, "table", "needs exactly 6 results");
    let dir = broken(
        "table_face_seven",
        &[(
            "domains/marsh.json",
            IRON_BLADE_PASSIVE,
            r#""passive": [{ "table_face": { "roll": 7, "result": "counter" } }]"#,
        )],
    );
    the_error(
        &dir,
        "stations[2].passive[0].table_face.roll",
        "`roll` is 7; it must be from 1 to 6",
    );
}

#[test]
fn face_effects_are_checked_and_cannot_hit_the_foe() {
    let ok = broken(
        "face_effects_ok",
        &[(
            "domains/hamlet.json",
            r#"{ "name": "Whine" }"#,
            r#"{ "name": "Whine", "effects": [{ "dread": 1 }, { "lose": "item" }] }"#,
        )],
    );
    loads(&ok);
    let dir = broken(
        "face_hits_foe",
        &[(
            "domains/hamlet.json",
            r#"{ "name": "Whine" }"#,
            r#"{ "name": "Whine", "effects": [{ "hit_foe": 1 }] }"#,
        )],
    );
    the_error(&dir, "stations[2].faces[0].effects", "`hit_foe` has no foe");
    let dir = broken(
        "face_effect_range",
        &[(
            "domains/hamlet.json",
            r#"{ "name": "Whine" }"#,
            r#"{ "name": "Whine", "effects": [{ "dread": 9 }] }"#,
        )],
    );
    the_error(
        &dir,
        "stations[2].faces[0].effects[0].dread",
        "`dread` is 9",
    );
}

#[test]
fn hp_health_and_invulnerable_foes() {
    const DOG_HP: &str = r#""hp": 3"#;
    let ok = broken(
        "hp_health",
        &[("domains/hamlet.json", DOG_HP, r#""hp": "health""#)],
    );
    loads(&ok);
    let dir = broken(
        "hp_typo",
        &[("domains/hamlet.json", DOG_HP, r#""hp": "heath""#)],
    );
    let errs = errors(&dir);
    assert!(
        errs.iter().any(|e| e
            .message
            .contains("\"heath\" is not a number or \"health\"")),
        "{errs:#?}"
    );
    // The stray dog has on-defeat effects: an invulnerable dog never gives them.
    let dir = broken(
        "invulnerable_on_defeat",
        &[(
            "domains/hamlet.json",
            DOG_HP,
            r#""hp": 3, "invulnerable": true"#,
        )],
    );
    the_error(&dir, "stations[2].on_defeat", "never defeated");
    let dir = broken(
        "invulnerable_unbeatable",
        &[(
            "domains/peak.json",
            r#""unbeatable": true,"#,
            r#""unbeatable": true, "invulnerable": true,"#,
        )],
    );
    the_error(&dir, "stations[2].invulnerable", "never fought");
}

#[test]
fn guardian_setup_takes_no_choice_and_catch_names_a_snare() {
    const SETUP_AT: &str = r#""hp": "#;
    let guardian = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/guardian.json"),
    )
    .unwrap();
    assert_eq!(guardian.matches(SETUP_AT).count(), 1);
    let ok = broken(
        "setup_ok",
        &[(
            "guardian.json",
            SETUP_AT,
            r#""setup": [{ "dread": 1 }, { "bonus": { "to": "next_duel", "amount": -1 } }], "hp": "#,
        )],
    );
    loads(&ok);
    let dir = broken(
        "setup_choice",
        &[(
            "guardian.json",
            SETUP_AT,
            r#""setup": [{ "resolve": 1 }, { "cleanse": 1 }], "hp": "#,
        )],
    );
    the_error(&dir, "setup[1]", "`cleanse` cannot be used there");
    // `catch` and `release` need a Snare card; `end_run` needs its words.
    let dir = broken(
        "catch_not_snare",
        &[(
            "domains/hamlet.json",
            r#""effects": [{ "peek": 1 }]"#,
            r#""effects": [{ "catch": "iron_blade" }]"#,
        )],
    );
    the_error(
        &dir,
        "stations[0].effects[0].catch",
        "`catch` needs a Snare card, but `iron_blade` is a equipment",
    );
    let dir = broken(
        "release_unknown",
        &[(
            "domains/hamlet.json",
            r#""effects": [{ "peek": 1 }]"#,
            r#""effects": [{ "release": "no_such_snare" }]"#,
        )],
    );
    the_error(
        &dir,
        "stations[0].effects[0].release",
        "unknown card `no_such_snare`",
    );
    let dir = broken(
        "end_run_blank",
        &[(
            "domains/hamlet.json",
            r#""effects": [{ "peek": 1 }]"#,
            r#""effects": [{ "end_run": " " }]"#,
        )],
    );
    the_error(&dir, "stations[0].effects[0].end_run", "`end_run` is empty");
}

#[test]
fn shield_only_in_a_duel_use_and_uses_in_range() {
    const POUCH_USE: &str = r#""use": { "effects": [{ "heal": { "d6": 1, "plus": 1 } }] }"#;
    let ok = broken(
        "shield_ok",
        &[(
            "domains/hamlet.json",
            POUCH_USE,
            r#""use": { "duel_only": true, "uses": 3, "effects": [{ "shield": 1 }] }"#,
        )],
    );
    loads(&ok);
    let dir = broken(
        "shield_outside_duel",
        &[(
            "domains/hamlet.json",
            POUCH_USE,
            r#""use": { "uses": 3, "effects": [{ "shield": 1 }] }"#,
        )],
    );
    the_error(
        &dir,
        "stations[1].use.effects[0].shield",
        "works only in a duel",
    );
    let dir = broken(
        "shield_on_caesura",
        &[(
            "domains/hamlet.json",
            r#""effects": [{ "peek": 1 }]"#,
            r#""effects": [{ "shield": 1 }]"#,
        )],
    );
    the_error(
        &dir,
        "stations[0].effects[0].shield",
        "works only in a duel",
    );
    let dir = broken(
        "uses_one",
        &[(
            "domains/hamlet.json",
            POUCH_USE,
            r#""use": { "uses": 1, "effects": [{ "heal": 1 }] }"#,
        )],
    );
    the_error(
        &dir,
        "stations[1].use.uses",
        "`uses` is 1; it must be from 2 to 9",
    );
    let dir = broken(
        "uses_per_run",
        &[(
            "domains/hamlet.json",
            POUCH_USE,
            r#""use": { "per": "run", "uses": 2, "effects": [{ "heal": 1 }] }"#,
        )],
    );
    the_error(&dir, "stations[1].use.uses", "once per run has one use");
}

#[test]
fn a_label_must_say_something() {
    let ok = broken(
        "label_ok",
        &[(
            "domains/hamlet.json",
            r#""type": "caesura","#,
            r#""type": "caesura", "label": "Beast","#,
        )],
    );
    loads(&ok);
    let dir = broken(
        "label_blank",
        &[(
            "domains/hamlet.json",
            r#""type": "caesura","#,
            r#""type": "caesura", "label": "","#,
        )],
    );
    the_error(&dir, "stations[0].label", "`label` is empty");
}
