//! Semantic errors: what the validator finds in a set that parses.

use super::*;

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
