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

// --- semantic errors ------------------------------------------------------------------

#[test]
fn duplicate_id() {
    let dir = broken(
        "duplicate_id",
        &[(
            "domains/peak.json",
            "\"id\": \"warm_hearth\"",
            "\"id\": \"quiet_lane\"",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/peak.json", "\"id\": \"quiet_lane\"");
    let first = at(&dir, "domains/hamlet.json", "\"id\": \"quiet_lane\"");
    let message = format!(
        "duplicate id `quiet_lane`: the caesura card at domains/hamlet.json:{}:{} already uses it",
        first.0, first.1
    );
    let path = "stations[1].id";
    assert_problem(
        &p,
        "domains/peak.json",
        Some(pos),
        Some("quiet_lane"),
        Some(path),
        &message,
    );

    // A requirement may not share an id with a card either.
    let dir = broken(
        "duplicate_seal_id",
        &[(
            "guardian.json",
            "\"id\": \"seal_of_mist\"",
            "\"id\": \"iron_blade\"",
        )],
    );
    let p = the_error(&dir);
    assert_eq!(
        (p.file.as_str(), p.path.as_deref()),
        ("domains/marsh.json", Some("stations[2].id"))
    );
    assert!(
        p.message.contains("a Guardian seal at guardian.json:"),
        "{p:#?}"
    );
}

#[test]
fn unresolved_references() {
    let dir = broken(
        "unresolved_show",
        &[(
            "domains/peak.json",
            "\"show\": \"iron_blade\"",
            "\"show\": \"iron_blde\"",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/peak.json", "\"show\"");
    let message = "`show` names unknown card `iron_blde`; did you mean `iron_blade`?";
    let path = "stations[2].passage[0].show";
    assert_problem(
        &p,
        "domains/peak.json",
        Some(pos),
        Some("mirror_shade"),
        Some(path),
        message,
    );

    let dir = broken(
        "unresolved_start",
        &[(
            "map.json",
            "\"start\": \"hamlet\"",
            "\"start\": \"hamlett\"",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "map.json", "\"start\"");
    let message = "unknown domain `hamlett`; did you mean `hamlet`?";
    assert_problem(&p, "map.json", Some(pos), None, Some("start"), message);

    // A reference to a card of the wrong kind.
    let dir = broken(
        "wrong_kind_ref",
        &[(
            "guardian.json",
            "{ \"holds\": \"iron_blade\" }",
            "{ \"holds\": \"stray_dog\" }",
        )],
    );
    let p = the_error(&dir);
    let path = "requirements[0].broken_by.holds";
    let message = "`holds` needs an item or equipment, but `stray_dog` is a foe";
    let pos = at(&dir, "guardian.json", "\"holds\"");
    assert_problem(
        &p,
        "guardian.json",
        Some(pos),
        Some("warden"),
        Some(path),
        message,
    );

    // `empower_face` must name a face of the same foe.
    let dir = broken(
        "empower_face",
        &[(
            "guardian.json",
            "\"empower_face\": \"Crush\"",
            "\"empower_face\": \"Crash\"",
        )],
    );
    let p = the_error(&dir);
    assert_eq!(p.path.as_deref(), Some("faces[2].empower_face"));
    assert!(
        p.message.contains(
            "names `Crash`, but the Guardian has no face called that; did you mean `Crush`?"
        ),
        "{p:#?}"
    );

    // The Domain file's id must be the one the map gives it.
    let dir = broken(
        "domain_id",
        &[(
            "domains/tower.json",
            "\"id\": \"tower\"",
            "\"id\": \"spire\"",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/tower.json", "\"id\": \"spire\"");
    let message = "this file's id is `spire`, but map.json lists it as domain `tower`";
    assert_problem(
        &p,
        "domains/tower.json",
        Some(pos),
        Some("spire"),
        Some("id"),
        message,
    );
}

#[test]
fn link_down() {
    let dir = broken(
        "link_down",
        &[(
            "map.json",
            "\"links\": [\"marsh\", \"peak\"]",
            "\"links\": [\"marsh\", \"hamlet\", \"peak\"]",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "map.json", "\"hamlet\", \"peak\"");
    let message = "link from `tower` (row 2) to `hamlet` (row 1) goes down";
    assert_problem(
        &p,
        "map.json",
        Some(pos),
        Some("tower"),
        Some("domains[2].links[1]"),
        message,
    );
}

#[test]
fn link_skipping_a_row_and_self_link() {
    let dir = broken(
        "link_skip",
        &[(
            "map.json",
            "\"links\": [\"marsh\", \"tower\"]",
            "\"links\": [\"marsh\", \"tower\", \"peak\", \"hamlet\"]",
        )],
    );
    let report = errors_of(&dir);
    let messages: Vec<&str> = report.errors.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(messages.len(), 2, "{messages:#?}");
    assert!(messages[0].contains("link from `hamlet` (row 1) to `peak` (row 3) skips a row"));
    assert!(messages[1].contains("domain `hamlet` links to itself"));
}

#[test]
fn dead_end_map() {
    let dir = broken(
        "dead_end",
        &[(
            "map.json",
            "\"links\": [\"marsh\", \"peak\"]",
            "\"links\": [\"marsh\"]",
        )],
    );
    let p = the_error(&dir);
    let text = fs::read_to_string(dir.join("map.json")).unwrap();
    let tower = text.find("\"id\": \"tower\"").unwrap();
    let links = tower + text[tower..].find("\"links\"").unwrap();
    let line = text[..links].matches('\n').count() + 1;
    let message = "dead end: the route `hamlet` → `marsh` → `tower` gets stuck at `tower`, whose links all lead to Domains already cleared on that route, and never reaches the final domain `peak`";
    assert_problem(
        &p,
        "map.json",
        Some((line, 7)),
        Some("tower"),
        Some("domains[2].links"),
        message,
    );

    // A Domain with no links at all, and the final Domain with a link.
    let dir = broken(
        "no_links",
        &[
            (
                "map.json",
                "\"links\": [\"marsh\", \"peak\"]",
                "\"links\": []",
            ),
            (
                "map.json",
                "\"column\": 0\n",
                "\"column\": 0,\n      \"links\": [\"hamlet\"]\n",
            ),
        ],
    );
    let report = errors_of(&dir);
    let messages: Vec<&str> = report.errors.iter().map(|p| p.message.as_str()).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("gets stuck at `tower`, which has no links")),
        "{messages:#?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("the final domain `peak` must have no links")),
        "{messages:#?}"
    );
}

#[test]
fn duplicate_map_position() {
    let dir = broken(
        "same_place",
        &[(
            "map.json",
            "\"row\": 2,\n      \"column\": 1,",
            "\"row\": 2,\n      \"column\": 0,",
        )],
    );
    let p = the_error(&dir);
    assert_eq!(p.path.as_deref(), Some("domains[2]"));
    assert!(
        p.message
            .contains("domain `tower` is at row 2, column 0, where `marsh` already is")
    );
}

#[test]
fn terror_without_free_option() {
    let dir = broken(
        "terror_costs",
        &[(
            "domains/marsh.json",
            "{ \"label\": \"Wade through\",",
            "{ \"label\": \"Wade through\", \"cost\": [{ \"spend_grace\": 1 }],",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/marsh.json", "\"options\"");
    let message = "every Terror needs an option without a cost";
    let path = "stations[0].options";
    assert_problem(
        &p,
        "domains/marsh.json",
        Some(pos),
        Some("drowned_voices"),
        Some(path),
        message,
    );

    // And exactly two options.
    let dir = broken(
        "terror_one_option",
        &[(
            "domains/marsh.json",
            "{ \"label\": \"Steel yourself\", \"cost\": [{ \"spend_resolve\": 1 }], \"effects\": [] },\n",
            "",
        )],
    );
    let p = the_error(&dir);
    assert!(
        p.message
            .contains("a Terror needs exactly 2 options; this one has 1"),
        "{p:#?}"
    );
}

/// The marsh's extended Pit with its `each_failure` replaced by `to`.
fn each_failure_as(name: &str, to: &str) -> PathBuf {
    broken(
        name,
        &[(
            "domains/marsh.json",
            "\"each_failure\": [{ \"lose_health\": 2 }]",
            &format!("\"each_failure\": [{to}]"),
        )],
    )
}

/// A `guide_chooses` effect with one option for each label.
fn guide_options(labels: &[&str]) -> String {
    let options: Vec<String> = labels
        .iter()
        .map(|l| format!("{{ \"label\": \"{l}\", \"effects\": [{{ \"lose_health\": 2 }}] }}"))
        .collect();
    format!("{{ \"guide_chooses\": [{}] }}", options.join(", "))
}

#[test]
fn guide_chooses_with_too_few_or_too_many_options() {
    let file = "domains/marsh.json";
    let path = "stations[1].test.each_failure[0].guide_chooses";
    for (name, labels) in [
        ("guide_one_option", vec!["Slip"]),
        (
            "guide_seven_options",
            vec!["One", "Two", "Three", "Four", "Five", "Six", "Seven"],
        ),
    ] {
        let dir = each_failure_as(name, &guide_options(&labels));
        let p = the_error(&dir);
        let pos = at(&dir, file, "\"guide_chooses\"");
        let message = format!(
            "`guide_chooses` needs 2 to 6 options (a die picks one when no Guide plays), not {}",
            labels.len()
        );
        assert_problem(
            &p,
            file,
            Some(pos),
            Some("sinking_path"),
            Some(path),
            &message,
        );
    }
    // Two and six are both fine.
    for (name, labels) in [
        ("guide_two_options", vec!["One", "Two"]),
        ("guide_six_options", vec!["1", "2", "3", "4", "5", "6"]),
    ] {
        let dir = each_failure_as(name, &guide_options(&labels));
        load_dir(&dir).unwrap_or_else(|r| panic!("{name}: {r:#?}"));
    }
}

#[test]
fn guide_chooses_with_a_blank_label() {
    let dir = each_failure_as("guide_blank_label", &guide_options(&["Slip", "  "]));
    let p = the_error(&dir);
    let pos = at(&dir, "domains/marsh.json", "\"label\": \"  \"");
    assert_problem(
        &p,
        "domains/marsh.json",
        Some(pos),
        Some("sinking_path"),
        Some("stations[1].test.each_failure[0].guide_chooses[1].label"),
        "`label` is empty",
    );
}

#[test]
fn guide_chooses_checks_the_effects_of_its_options() {
    let options = "{ \"guide_chooses\": [{ \"label\": \"Look\", \"effects\": [{ \"peek\": 4 }] }, \
                   { \"label\": \"Bleed\", \"effects\": [{ \"lose_health\": 2 }] }] }";
    let dir = each_failure_as("guide_nested_effect", options);
    let p = the_error(&dir);
    let pos = at(&dir, "domains/marsh.json", "\"peek\": 4");
    assert_problem(
        &p,
        "domains/marsh.json",
        Some(pos),
        Some("sinking_path"),
        Some("stations[1].test.each_failure[0].guide_chooses[0].effects[0].peek"),
        "`peek` is 4; it must be from 1 to 3",
    );
}

#[test]
fn unknown_kind_of_card_to_lose() {
    let dir = each_failure_as("lose_unknown_kind", "{ \"lose\": \"itme\" }");
    let p = the_error(&dir);
    let pos = at(&dir, "domains/marsh.json", "\"itme\"");
    assert_problem(
        &p,
        "domains/marsh.json",
        Some(pos),
        Some("sinking_path"),
        Some("stations[1].test.each_failure[0].lose"),
        "unknown kind of card to lose `itme`; did you mean `item`?",
    );
    // Nothing close: the three kinds are listed.
    let dir = each_failure_as("lose_far_kind", "{ \"lose\": \"weapon\" }");
    let p = the_error(&dir);
    assert!(
        p.message.contains(
            "unknown kind of card to lose `weapon`; expected `item`, `equipment` or `any`"
        ),
        "{p:#?}"
    );
    // The three kinds themselves load.
    for kind in ["item", "equipment", "any"] {
        let dir = each_failure_as(
            &format!("lose_{kind}"),
            &format!("{{ \"lose\": \"{kind}\" }}"),
        );
        load_dir(&dir).unwrap_or_else(|r| panic!("{kind}: {r:#?}"));
    }
}

#[test]
fn foe_with_five_faces() {
    let dir = broken(
        "five_faces",
        &[("domains/hamlet.json", "{ \"name\": \"Whine\" },\n", "")],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/hamlet.json", "\"faces\"");
    let message = "a foe needs exactly 6 faces, one for each die result; this one has 5";
    let path = "stations[2].faces";
    assert_problem(
        &p,
        "domains/hamlet.json",
        Some(pos),
        Some("stray_dog"),
        Some(path),
        message,
    );
}

#[test]
fn type_specific_required_fields() {
    let dir = broken(
        "foe_without_hp",
        &[("domains/hamlet.json", "\"hp\": 3,\n", "")],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/hamlet.json", "\"id\": \"stray_dog\"");
    let message = "a foe needs `hp` (unless it is `unbeatable`)";
    assert_problem(
        &p,
        "domains/hamlet.json",
        Some(pos),
        Some("stray_dog"),
        Some("stations[2].hp"),
        message,
    );

    let dir = broken(
        "unbeatable_no_way",
        &[(
            "domains/peak.json",
            ",\n      \"passage\": [{ \"label\": \"Show the Iron Blade\", \"show\": \"iron_blade\" }]",
            "",
        )],
    );
    let p = the_error(&dir);
    assert_eq!(p.path.as_deref(), Some("stations[2].unbeatable"));
    assert!(
        p.message
            .contains("an unbeatable foe needs a `passage` or a `toll`")
    );

    let dir = broken(
        "pit_without_test",
        &[(
            "domains/marsh.json",
            "\"type\": \"pit\"",
            "\"type\": \"caesura\"",
        )],
    );
    let p = the_error(&dir);
    assert_eq!(p.path.as_deref(), Some("stations[1].test"));
    assert!(
        p.message
            .contains("`test` is only for Pit cards (this card's type is `caesura`)")
    );

    let dir = broken(
        "pit_needs_test",
        &[(
            "domains/marsh.json",
            "\"type\": \"equipment\"",
            "\"type\": \"pit\"",
        )],
    );
    let report = errors_of(&dir);
    let messages: Vec<&str> = report.errors.iter().map(|p| p.message.as_str()).collect();
    assert!(messages.contains(&"a Pit needs a `test`"), "{messages:#?}");
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("`passive` is only for equipment, companions and snares")),
        "{messages:#?}"
    );
}

#[test]
fn number_out_of_range() {
    let dir = broken(
        "deal_25",
        &[(
            "domains/hamlet.json",
            "\"deal\": 2, \"ignore_block\"",
            "\"deal\": 25, \"ignore_block\"",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/hamlet.json", "\"deal\": 25");
    let message = "`deal` is 25; it must be from 0 to 20";
    let path = "stations[2].faces[5].deal";
    assert_problem(
        &p,
        "domains/hamlet.json",
        Some(pos),
        Some("stray_dog"),
        Some(path),
        message,
    );

    let cases = [
        (
            "traveller.json",
            "\"health\": 20",
            "\"health\": 0",
            "health",
            "`health` is 0; it must be from 1 to 99",
        ),
        (
            "guardian.json",
            "\"hp\": 20",
            "\"hp\": 1000",
            "hp",
            "`hp` is 1000; it must be from 1 to 999",
        ),
        (
            "domains/marsh.json",
            "\"target\": 4",
            "\"target\": 13",
            "stations[1].test.target",
            "`target` is 13; it must be from 2 to 12",
        ),
        (
            "domains/hamlet.json",
            "{ \"peek\": 1 }",
            "{ \"peek\": 4 }",
            "stations[0].effects[0].peek",
            "`peek` is 4; it must be from 1 to 3",
        ),
        (
            "domains/hamlet.json",
            "\"d6\": 1",
            "\"d6\": 4",
            "stations[1].use.effects[0].heal.d6",
            "`d6` is 4; it must be from 1 to 3",
        ),
        (
            "domains/tower.json",
            "{ \"resolve\": 1 }",
            "{ \"resolve\": 9 }",
            "stations[2].use.effects[0].resolve",
            "`resolve` is 9; it must be from 1 to 8",
        ),
        (
            "domains/peak.json",
            "{ \"cleanse\": 1 }",
            "{ \"cleanse\": 0 }",
            "stations[0].effects[0].cleanse",
            "`cleanse` is 0; it must be from 1 to 3",
        ),
        // Out of the range of the type itself: caught while parsing.
        (
            "domains/hamlet.json",
            "{ \"peek\": 1 }",
            "{ \"peek\": 300 }",
            "stations[0].effects[0].peek",
            "the number 300 is out of range: expected a whole number from 0 to 255",
        ),
    ];
    for (i, (file, from, to, path, message)) in cases.into_iter().enumerate() {
        let dir = broken(&format!("range_{i}"), &[(file, from, to)]);
        let p = the_error(&dir);
        assert_eq!(
            (p.file.as_str(), p.path.as_deref()),
            (file, Some(path)),
            "{p:#?}"
        );
        assert!(p.message.contains(message), "{p:#?} should say {message:?}");
    }
}

#[test]
fn empty_name_or_text() {
    let dir = broken(
        "empty_name",
        &[(
            "domains/peak.json",
            "\"name\": \"Warm Hearth\"",
            "\"name\": \"  \"",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/peak.json", "\"name\": \"  \"");
    assert_problem(
        &p,
        "domains/peak.json",
        Some(pos),
        Some("warm_hearth"),
        Some("stations[1].name"),
        "`name` is empty",
    );
}

#[test]
fn missing_files() {
    let dir = broken(
        "missing_domain",
        &[(
            "map.json",
            "\"file\": \"domains/peak.json\"",
            "\"file\": \"domains/summit.json\"",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "map.json", "\"file\": \"domains/summit.json\"");
    let message = "cannot read domain file `domains/summit.json` of domain `peak`: file not found";
    assert_problem(
        &p,
        "map.json",
        Some(pos),
        Some("peak"),
        Some("domains[3].file"),
        message,
    );

    let dir = broken("missing_traveller", &[]);
    fs::remove_file(dir.join("traveller.json")).unwrap();
    let p = the_error(&dir);
    assert_problem(&p, "traveller.json", None, None, None, "file not found");
    assert!(
        p.message.contains("traveller.json`"),
        "the message names the path: {p:#?}"
    );
}

#[test]
fn missing_directory() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no/such/cards");
    let report = errors_of(&dir);
    assert_eq!(report.errors.len(), 1);
    assert!(report.errors[0].message.contains("not found"));
    assert_eq!(
        report.summary(),
        "0 domains, 0 station cards, 1 errors, 0 warnings"
    );
}

#[test]
fn field_on_the_wrong_card_type() {
    let dir = broken(
        "hp_on_rest",
        &[(
            "domains/peak.json",
            "\"text\": \"Rest a while.\"",
            "\"text\": \"Rest a while.\",\n      \"hp\": 5",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/peak.json", "\"hp\"");
    let message = "`hp` is only for foes (this card's type is `rest`)";
    assert_problem(
        &p,
        "domains/peak.json",
        Some(pos),
        Some("warm_hearth"),
        Some("stations[1].hp"),
        message,
    );

    let dir = broken(
        "use_on_snare",
        &[(
            "domains/tower.json",
            "\"type\": \"snare\",",
            "\"type\": \"snare\",\n      \"use\": { \"effects\": [{ \"heal\": 1 }] },",
        )],
    );
    let p = the_error(&dir);
    assert_eq!(p.path.as_deref(), Some("stations[1].use"));
    assert!(
        p.message
            .contains("`use` is only for items, equipment and companions")
    );
}

#[test]
fn a_foe_that_joins_may_carry_companion_fields() {
    // The Shade joins when shown the blade: its standing DEF bonus is then a companion's.
    let dir = broken(
        "joining_foe_passive",
        &[(
            "domains/peak.json",
            "\"passage\": [{ \"label\": \"Show the Iron Blade\", \"show\": \"iron_blade\" }]",
            "\"passage\": [{ \"label\": \"Show the Iron Blade\", \"show\": \"iron_blade\", \"joins\": true }],\n      \"passive\": [{ \"def\": 1 }]",
        )],
    );
    assert!(load_dir(&dir).is_ok(), "{:?}", load_dir(&dir).err());
    // Without `joins` the same field is a mistake.
    let dir = broken(
        "plain_foe_passive",
        &[(
            "domains/peak.json",
            "\"passage\": [{ \"label\": \"Show the Iron Blade\", \"show\": \"iron_blade\" }]",
            "\"passage\": [{ \"label\": \"Show the Iron Blade\", \"show\": \"iron_blade\" }],\n      \"passive\": [{ \"def\": 1 }]",
        )],
    );
    let p = the_error(&dir);
    assert!(p.message.contains("`passive` is only for"), "{p}");
}

// --- many mistakes at once ------------------------------------------------------------

#[test]
fn several_mistakes_are_all_reported() {
    let dir = broken(
        "many",
        &[
            // A parse error in one Domain file...
            (
                "domains/marsh.json",
                "\"type\": \"pit\",",
                "\"type\": \"pit\"",
            ),
            // ...does not hide the others: three semantic mistakes in another file,
            ("domains/hamlet.json", "{ \"name\": \"Whine\" },\n", ""),
            ("domains/hamlet.json", "{ \"peek\": 1 }", "{ \"peek\": 5 }"),
            (
                "domains/hamlet.json",
                "\"name\": \"Herb Pouch\"",
                "\"name\": \"\"",
            ),
            // a parse error in a third,
            (
                "domains/tower.json",
                "\"carries\": [\"silver_bell\"]",
                "\"carries\": [\"silver_bell\"],\n      \"flavour\": \"x\"",
            ),
            // and the map and the traveller.
            (
                "map.json",
                "\"links\": [\"marsh\", \"peak\"]",
                "\"links\": [\"marsh\", \"hamlet\", \"peak\"]",
            ),
            ("traveller.json", "\"health\": 20", "\"health\": 120"),
        ],
    );
    let report = errors_of(&dir);
    let got: Vec<(&str, Option<&str>)> = report
        .errors
        .iter()
        .map(|p| (p.file.as_str(), p.path.as_deref()))
        .collect();
    assert_eq!(
        got,
        [
            ("map.json", Some("domains[2].links[1]")),
            ("traveller.json", Some("health")),
            ("domains/hamlet.json", Some("stations[0].effects[0].peek")),
            ("domains/hamlet.json", Some("stations[1].name")),
            ("domains/hamlet.json", Some("stations[2].faces")),
            ("domains/marsh.json", Some("stations[1]")),
            ("domains/tower.json", Some("stations[0].flavour")),
        ],
        "{:#?}",
        report.errors
    );
    // The Station cards that parsed are counted, in every Domain file: the one that is not
    // valid JSON is read card by card, so its two sound cards count (and are checked: the
    // eight more warnings are their text check's, as for every card of this fixture).
    assert_eq!(
        report.summary(),
        "4 domains, 10 station cards, 7 errors, 46 warnings"
    );
    let marsh_warnings = report
        .warnings
        .iter()
        .filter(|w| w.file == "domains/marsh.json")
        .count();
    assert_eq!(marsh_warnings, 8, "{:#?}", report.warnings);
}

// --- the command line -------------------------------------------------------------------

fn forward(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn cli_text_report() {
    let valid = valid_dir();
    let (code, out) = forward(&["validate", valid.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().filter(|l| !l.contains(TEXT_MISMATCH)).collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert!(
        lines[..5]
            .iter()
            .all(|l| l.starts_with("warning: domains/")),
        "{out}"
    );
    assert_eq!(
        lines[5],
        "4 domains, 12 station cards, 0 errors, 60 warnings"
    );

    let dir = broken(
        "cli_unknown_effect",
        &[("domains/hamlet.json", "\"heal\": {", "\"heall\": {")],
    );
    let (code, out) = forward(&["validate", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let (line, column) = at(&dir, "domains/hamlet.json", "\"heall\"");
    let expected = format!(
        "error: domains/hamlet.json:{line}:{column} [herb_pouch] stations[1].use.effects[0]: unknown effect `heall`; did you mean `heal`?"
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], expected);
    // Errors come before warnings; the summary closes the report.
    assert!(lines[1].starts_with("warning: "));
    assert_eq!(
        lines.last().copied(),
        Some("4 domains, 11 station cards, 1 errors, 59 warnings")
    );
    assert_eq!(out.lines().filter(|l| l.contains(" domains, ")).count(), 1);

    let (code, out) = forward(&["validate", dir.join("nowhere").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.starts_with("error: "), "{out}");
    assert!(
        out.ends_with("0 domains, 0 station cards, 1 errors, 0 warnings\n"),
        "{out}"
    );
}

#[test]
fn cli_json_report() {
    let valid = valid_dir();
    let (code, out) = forward(&["validate", valid.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["domains"], 4);
    assert_eq!(v["stations"], 12);
    assert_eq!(v["by_type"]["foe"], 2);
    assert_eq!(v["by_type"]["caesura"], 1);
    assert_eq!(v["errors"].as_array().map(Vec::len), Some(0));
    let design = v["warnings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|w| {
            !w["message"]
                .as_str()
                .unwrap_or("")
                .starts_with(TEXT_MISMATCH)
        })
        .count();
    // Four deck sizes and the unbeatable foe without a toll.
    assert_eq!(design, 5);

    let dir = broken(
        "cli_json",
        &[
            ("domains/marsh.json", "\"target\": 4", "\"target\": 1"),
            (
                "traveller.json",
                "\"$schema\": \"../../../cards/schema.json\",\n",
                "",
            ),
        ],
    );
    let missing = dir.join("traveller.json");
    fs::remove_file(&missing).unwrap();
    let (code, out) = forward(&["validate", dir.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    let errors = v["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 2, "{out}");
    let keys = ["file", "line", "column", "card", "path", "message"];
    for e in errors {
        let obj = e.as_object().expect("object");
        assert_eq!(obj.len(), keys.len());
        assert!(keys.iter().all(|k| obj.contains_key(*k)), "{e}");
    }
    // Not applicable: null.
    assert_eq!(errors[0]["file"], "traveller.json");
    assert!(
        errors[0]["line"].is_null() && errors[0]["card"].is_null() && errors[0]["path"].is_null()
    );
    assert_eq!(errors[1]["card"], "sinking_path");
    assert_eq!(errors[1]["path"], "stations[1].test.target");
    assert!(errors[1]["line"].is_u64() && errors[1]["column"].is_u64());
}

#[test]
fn a_sideways_link_must_join_neighbours_in_the_row() {
    let dir = broken(
        "sideways_skip",
        &[(
            "map.json",
            "\"column\": 1,\n      \"links\": [\"marsh\", \"peak\"]",
            "\"column\": 2,\n      \"links\": [\"marsh\", \"peak\"]",
        )],
    );
    let report = errors_of(&dir);
    let skips: Vec<&str> = report
        .errors
        .iter()
        .map(|p| p.message.as_str())
        .filter(|m| m.contains("skips a Domain"))
        .collect();
    assert_eq!(
        skips,
        vec![
            "sideways link from `marsh` (row 2, column 0) to `tower` (column 2) skips a Domain; a sideways link joins neighbours in the row",
            "sideways link from `tower` (row 2, column 2) to `marsh` (column 0) skips a Domain; a sideways link joins neighbours in the row",
        ],
        "{:#?}",
        report.errors
    );
}

/// A rumour's `reveals` must name one of the Guardian's requirements or seals: a slip is
/// an error at the entry, with the nearest id; a right one loads, in a Domain's scene too.
#[test]
fn rumours_name_guardian_entries() {
    let dir = broken(
        "reveals_typo",
        &[(
            "domains/hamlet.json",
            "\"theme\": \"A burned village and the first step.\",",
            "\"theme\": \"A burned village and the first step.\", \"reveals\": [\"seal_of_mst\"],",
        )],
    );
    let p = the_error(&dir);
    let pos = at(&dir, "domains/hamlet.json", "\"seal_of_mst\"");
    let message = "`reveals` names `seal_of_mst`, which is not one of the Guardian's requirements or seals; did you mean `seal_of_mist`?";
    assert_problem(
        &p,
        "domains/hamlet.json",
        Some(pos),
        Some("hamlet"),
        Some("reveals[0]"),
        message,
    );

    let dir = broken(
        "reveals_ok",
        &[(
            "domains/hamlet.json",
            "\"theme\": \"A burned village and the first step.\",",
            "\"theme\": \"A burned village and the first step.\", \"reveals\": [\"seal_of_mist\", \"need_blade\"],",
        )],
    );
    let (set, _) = load_dir(&dir).unwrap_or_else(|r| panic!("{r:#?}"));
    let hamlet = set.domain_by_str("hamlet").expect("hamlet");
    let ids: Vec<&str> = set
        .domain(hamlet)
        .reveals
        .iter()
        .map(|id| id.0.as_str())
        .collect();
    assert_eq!(ids, ["seal_of_mist", "need_blade"]);
}

#[test]
fn a_set_names_the_house_rules_it_is_designed_for_and_the_names_are_checked() {
    let dir = broken(
        "house_rules_ok",
        &[(
            "traveller.json",
            "\"def\": 0",
            "\"def\": 0, \"house_rules\": [\"paid-peek=health:2\", \"hit-on-six\"]",
        )],
    );
    let (set, _) = load_dir(&dir).expect("known rules load");
    assert_eq!(
        set.traveller.house_rules,
        ["paid-peek=health:2", "hit-on-six"]
    );
    let dir = broken(
        "house_rules_bad",
        &[(
            "traveller.json",
            "\"def\": 0",
            "\"def\": 0, \"house_rules\": [\"paid-peek\", \"free-lunch\"]",
        )],
    );
    let p = the_error(&dir);
    assert_eq!(p.file, "traveller.json");
    assert_eq!(p.path.as_deref(), Some("house_rules[1]"));
    assert!(
        p.message.contains(
            "`free-lunch` is not a house rule; the house rules are: paid-peek, hit-on-six"
        ),
        "{p:#?}"
    );
}
