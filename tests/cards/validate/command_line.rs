//! Many mistakes at once, and `forward validate` on the command line.

use super::*;

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
