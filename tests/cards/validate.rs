//! The card loader and validator: a valid fixture set, then one broken copy per kind of
//! mistake, each checked for the exact problem reported.
//!
//! Broken sets are made in a temporary directory from `tests/fixtures/valid` plus a
//! textual replacement, so each test shows its mistake in one line.

use crate::common::files::copy_dir;
use forward::cards::load::load_dir;
use forward::cards::validate::{Problem, Report};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn valid_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid")
}

/// A copy of the valid set named `name`, with each `(file, from, to)` replacement made
/// (`from` must occur exactly once in the file).
fn broken(name: &str, edits: &[(&str, &str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("validate")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    copy_dir(&valid_dir(), &dir);
    for (file, from, to) in edits {
        let path = dir.join(file);
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(
            text.matches(from).count(),
            1,
            "`{from}` must occur once in {file}"
        );
        fs::write(&path, text.replacen(from, to, 1)).unwrap();
    }
    dir
}

/// How the validator's text check opens its warnings. The fixture's card texts are short,
/// not in the shipped set's house style, so they draw these warnings; the tests below that
/// count other warnings leave them aside (`tests/cards/validate_depth.rs` tests the text check).
const TEXT_MISMATCH: &str = "the text does not match the data";

/// The warnings that are not about card text.
fn design_warnings(report: &Report) -> Vec<&Problem> {
    report
        .warnings
        .iter()
        .filter(|w| !w.message.starts_with(TEXT_MISMATCH))
        .collect()
}

/// The report of a set that must fail.
fn errors_of(dir: &Path) -> Report {
    match load_dir(dir) {
        Ok((_, report)) => panic!("expected errors, got {report:#?}"),
        Err(report) => report,
    }
}

/// The single error of a set with one mistake.
fn the_error(dir: &Path) -> Problem {
    let report = errors_of(dir);
    assert_eq!(
        report.errors.len(),
        1,
        "expected one error: {:#?}",
        report.errors
    );
    report.errors[0].clone()
}

/// 1-based line and (character) column of the first `needle` in a file of `dir`.
fn at(dir: &Path, file: &str, needle: &str) -> (usize, usize) {
    let text = fs::read_to_string(dir.join(file)).unwrap();
    let offset = text
        .find(needle)
        .unwrap_or_else(|| panic!("`{needle}` not in {file}"));
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// Checks every part of a problem; `message` is a substring.
#[track_caller]
fn assert_problem(
    p: &Problem,
    file: &str,
    pos: Option<(usize, usize)>,
    card: Option<&str>,
    path: Option<&str>,
    message: &str,
) {
    assert_eq!(p.file, file, "file of {p:#?}");
    assert_eq!(p.line.zip(p.column), pos, "position of {p:#?}");
    assert_eq!(p.card.as_deref(), card, "card of {p:#?}");
    assert_eq!(p.path.as_deref(), path, "path of {p:#?}");
    assert!(
        p.message.contains(message),
        "message of {p:#?} should contain {message:?}"
    );
}

// --- the valid set ------------------------------------------------------------------

#[test]
fn valid_set_loads_with_only_deck_size_warnings() {
    let (set, report) = load_dir(&valid_dir()).unwrap_or_else(|r| panic!("{r:#?}"));
    assert!(report.errors.is_empty());
    assert_eq!((report.domains, report.stations), (4, 12));
    assert_eq!(report.by_type["foe"], 2);
    assert_eq!(report.by_type["item"], 2);
    assert_eq!(report.by_type["terror"], 1);
    assert_eq!(report.by_type.values().sum::<usize>(), 12);
    // 11 of them about the Guardian's short text (its HP, six faces, the cards its
    // requirement and seals name), which the text check reads too.
    assert_eq!(
        report.summary(),
        "4 domains, 12 station cards, 0 errors, 60 warnings"
    );

    // The deck-size warning, once per Domain, and the Mirror Shade (unbeatable, no toll);
    // the others are about the short card texts.
    let dir = valid_dir();
    let design = design_warnings(&report);
    assert_eq!(design.len(), 5);
    let shade = design
        .iter()
        .find(|w| w.path.as_deref() == Some("stations[2].unbeatable"))
        .expect("the unbeatable foe without a toll is flagged");
    assert_eq!(shade.file, "domains/peak.json");
    assert_eq!(shade.card.as_deref(), Some("mirror_shade"));
    assert!(shade.message.contains("an unbeatable foe without a `toll`"));
    let sizes = design
        .into_iter()
        .filter(|w| w.path.as_deref() == Some("stations"));
    for (i, w) in sizes.enumerate() {
        let id = ["hamlet", "marsh", "tower", "peak"][i];
        let file = format!("domains/{id}.json");
        let pos = at(&dir, &file, "\"stations\"");
        let message = format!("domain `{id}` has 3 station cards; the full set has 18");
        assert_problem(w, &file, Some(pos), Some(id), Some("stations"), &message);
    }

    // The built set.
    assert_eq!(set.domains.len(), 4);
    assert_eq!(set.cards.len(), 12);
    assert_eq!(set.domain(set.start).id.0, "hamlet");
    assert_eq!(set.domain(set.final_domain).id.0, "peak");
    let hamlet = set.domain(set.start);
    assert_eq!(hamlet.stations.len(), 3);
    let links: Vec<&str> = hamlet
        .links
        .iter()
        .map(|&d| set.domain(d).id.0.as_str())
        .collect();
    assert_eq!(links, ["marsh", "tower"]);
    let blade = set.card_by_str("iron_blade").expect("iron_blade");
    assert_eq!(set.card(blade).name, "Iron Blade");
    assert_eq!(set.traveller.health, 20);
    assert_eq!(set.guardian.seals.len(), 2);
}

#[test]
fn full_decks_give_no_warning() {
    let mut cards = String::new();
    for i in 0..15 {
        cards.push_str(&format!(
            "{{ \"id\": \"pause_{i}\", \"name\": \"Pause\", \"type\": \"caesura\", \"text\": \"Breathe.\" }},\n    "
        ));
    }
    let dir = broken(
        "full_deck",
        &[(
            "domains/hamlet.json",
            "{\n      \"id\": \"quiet_lane\"",
            &format!("{cards}{{\n      \"id\": \"quiet_lane\""),
        )],
    );
    let (_, report) = load_dir(&dir).unwrap_or_else(|r| panic!("{r:#?}"));
    assert_eq!(report.stations, 27);
    // Three deck sizes and the Mirror Shade without a toll.
    assert_eq!(design_warnings(&report).len(), 4);
    assert!(
        design_warnings(&report)
            .iter()
            .all(|w| w.file != "domains/hamlet.json")
    );
}

// --- parse errors ---------------------------------------------------------------------

#[test]
fn bad_json_syntax() {
    let dir = broken(
        "syntax",
        &[(
            "domains/marsh.json",
            "\"type\": \"pit\",",
            "\"type\": \"pit\"",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/marsh.json", "\"text\": \"Three good");
    let file = "domains/marsh.json";
    let message = "JSON syntax error: expected `,` or `}`: is a comma missing";
    assert_problem(
        &p,
        file,
        Some(pos),
        Some("sinking_path"),
        Some("stations[1]"),
        message,
    );
}

#[test]
fn trailing_comma_and_truncated_file() {
    let dir = broken(
        "trailing_comma",
        &[("traveller.json", "\"def\": 0", "\"def\": 0,")],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "traveller.json", "}");
    assert_problem(
        &p,
        "traveller.json",
        Some(pos),
        Some("wanderer"),
        None,
        "trailing comma",
    );

    let dir = broken(
        "truncated",
        &[(
            "guardian.json",
            "\"penalty\": \"barred\"\n    }\n  ]\n}",
            "\"penalty\": \"barred\"",
        )],
    );
    let p = the_error(&dir);
    assert_eq!(p.file, "guardian.json");
    assert_eq!(p.card.as_deref(), Some("warden"));
    assert_eq!(p.path.as_deref(), Some("seals[1]"));
    assert!(
        p.message.contains("the file ends inside an object"),
        "{p:#?}"
    );
}

#[test]
fn unknown_effect_with_did_you_mean() {
    let dir = broken(
        "unknown_effect",
        &[("domains/hamlet.json", "\"heal\": {", "\"heall\": {")],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/hamlet.json", "\"heall\"");
    let message = "unknown effect `heall`; did you mean `heal`?";
    let path = "stations[1].use.effects[0]";
    assert_problem(
        &p,
        "domains/hamlet.json",
        Some(pos),
        Some("herb_pouch"),
        Some(path),
        message,
    );
}

#[test]
fn unknown_names_say_what_kind_of_name() {
    let cases = [
        (
            "domains/tower.json",
            "\"type\": \"snare\"",
            "\"type\": \"snar\"",
            "\"snar\"",
            "stations[1].type",
            "unknown card type `snar`; did you mean `snare`?",
        ),
        (
            "domains/tower.json",
            "\"on\": \"flip\"",
            "\"on\": \"flips\"",
            "\"flips\"",
            "stations[1].triggers[0].on",
            "unknown occasion `flips`; did you mean `flip`?",
        ),
        (
            "guardian.json",
            "{ \"follows\"",
            "{ \"follow\"",
            "\"follow\"",
            "seals[0].broken_by",
            "unknown condition `follow`; did you mean `follows`?",
        ),
        (
            "guardian.json",
            "\"full_heal\"",
            "\"fullheal\"",
            "\"fullheal\"",
            "seals[0].penalty",
            "unknown penalty `fullheal`; did you mean `full_heal`?",
        ),
        (
            "domains/marsh.json",
            "\"spend_resolve\"",
            "\"spend_resolv\"",
            "\"spend_resolv\"",
            "stations[0].options[0].cost[0]",
            "unknown payment `spend_resolv`; did you mean `spend_resolve`?",
        ),
        (
            "domains/marsh.json",
            "{ \"atk\": 1 }",
            "{ \"attack\": 1 }",
            "\"attack\"",
            "stations[2].passive[0]",
            "unknown modifier `attack`",
        ),
        (
            "domains/tower.json",
            "\"per\": \"run\"",
            "\"per\": \"fight!\"",
            "\"fight!\"",
            "stations[2].use.per",
            "unknown frequency `fight!`; did you mean `fight`?",
        ),
    ];
    for (i, (file, from, to, needle, path, message)) in cases.into_iter().enumerate() {
        let dir = broken(&format!("unknown_name_{i}"), &[(file, from, to)]);
        let p = the_error(&dir);
        let pos = at(&dir, file, needle);
        assert_eq!(p.file, file);
        assert_eq!(p.line.zip(p.column), Some(pos), "{p:#?}");
        assert_eq!(p.path.as_deref(), Some(path), "{p:#?}");
        assert!(p.message.contains(message), "{p:#?} should say {message:?}");
    }
    // Nothing close: list what is allowed instead of guessing.
    let dir = broken(
        "unknown_name_far",
        &[(
            "domains/hamlet.json",
            "{ \"peek\": 1 }",
            "{ \"ponder\": 1 }",
        )],
    );
    let p = the_error(&dir);
    assert!(
        p.message
            .starts_with("unknown effect `ponder`; expected `heal`, `lose_health`"),
        "{p:#?}"
    );
}

#[test]
fn unknown_field() {
    let dir = broken(
        "unknown_field",
        &[(
            "domains/hamlet.json",
            "\"text\": \"Heal 1d6+1.\",",
            "\"text\": \"Heal 1d6+1.\",\n      \"flavour\": \"Dry leaves.\",",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/hamlet.json", "\"flavour\"");
    let message = "unknown field `flavour`; did you mean `flavor`?";
    let path = "stations[1].flavour";
    assert_problem(
        &p,
        "domains/hamlet.json",
        Some(pos),
        Some("herb_pouch"),
        Some(path),
        message,
    );
}

#[test]
fn field_written_twice_and_bad_dice_amount() {
    let dir = broken(
        "twice",
        &[("domains/hamlet.json", "\"hp\": 3,", "\"hp\": 3, \"hp\": 4,")],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/hamlet.json", "\"hp\": 4");
    let file = "domains/hamlet.json";
    let message = "field `hp` is written twice";
    assert_problem(
        &p,
        file,
        Some(pos),
        Some("stray_dog"),
        Some("stations[2].hp"),
        message,
    );

    let dir = broken(
        "dice",
        &[("domains/hamlet.json", "\"plus\": 1", "\"pls\": 1")],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/hamlet.json", "\"pls\"");
    let path = "stations[1].use.effects[0].heal";
    let message = "unknown field `pls` in a dice amount; expected `d6` or `plus`";
    assert_problem(&p, file, Some(pos), Some("herb_pouch"), Some(path), message);
}

#[test]
fn wrong_type_of_value() {
    let dir = broken(
        "wrong_type",
        &[("domains/hamlet.json", "\"hp\": 3,", "\"hp\": \"3\",")],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/hamlet.json", "\"3\"");
    let message = "wrong type of value: found the text \"3\", expected a whole number";
    assert_problem(
        &p,
        "domains/hamlet.json",
        Some(pos),
        Some("stray_dog"),
        Some("stations[2].hp"),
        message,
    );

    // An effect written as a bare word, and two effects run together in one object.
    let dir = broken(
        "wrong_shape",
        &[(
            "domains/tower.json",
            "\"refused\": [{ \"dread\": 1 }]",
            "\"refused\": [5]",
        )],
    );
    let p = the_error(&dir);
    assert_eq!(p.path.as_deref(), Some("stations[0].refused[0]"));
    assert!(
        p.message
            .contains("expected an effect, written like {\"heal\": 2}"),
        "{p:#?}"
    );
    let dir = broken(
        "two_keys",
        &[(
            "domains/hamlet.json",
            "{ \"peek\": 1 }",
            "{ \"peek\": 1, \"reveal\": 1 }",
        )],
    );
    let p = the_error(&dir);
    assert!(
        p.message
            .contains("an effect is an object with exactly one key"),
        "{p:#?}"
    );
}

#[test]
fn missing_required_field() {
    let dir = broken(
        "missing_field",
        &[("domains/marsh.json", "\"text\": \"+1 ATK.\",\n", "")],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/marsh.json", "\"id\": \"iron_blade\"");
    let path = "stations[2].text";
    let message = "missing required field `text`";
    assert_problem(
        &p,
        "domains/marsh.json",
        Some(pos),
        Some("iron_blade"),
        Some(path),
        message,
    );
}

#[test]
fn every_file_is_parsed_even_after_one_fails() {
    let dir = broken(
        "two_parse_errors",
        &[
            ("map.json", "\"row\": 3,", "\"row\": \"three\","),
            ("domains/peak.json", "\"cleanse\"", "\"cleans\""),
        ],
    );
    let report = errors_of(&dir);
    let files: Vec<&str> = report.errors.iter().map(|p| p.file.as_str()).collect();
    assert_eq!(
        files,
        ["map.json", "domains/peak.json"],
        "{:#?}",
        report.errors
    );
    assert!(report.errors[1].message.contains("did you mean `cleanse`?"));
}

mod command_line;
mod semantic;
