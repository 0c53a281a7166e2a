//! The validator tells everything in one run: several mistakes in one Domain file, text
//! that does not match data on any card set, and the mistakes that used to pass silently
//! (a Domain file off the map, a seal no route can break, an empty Snare, a test no roll
//! can pass, a comment in JSON).

use crate::common::files::copy_dir;
use forward::cards::load::load_dir;
use forward::cards::validate::{Problem, Report};
use std::fs;
use std::path::{Path, PathBuf};

/// A copy of the card set `from` (under the crate) named `name`, with each
/// `(file, from, to)` replacement made (`from` must occur exactly once).
fn edited(from: &str, name: &str, edits: &[(&str, &str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("validate_depth")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join(from), &dir);
    for (file, old, new) in edits {
        let path = dir.join(file);
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(text.matches(old).count(), 1, "`{old}` once in {file}");
        fs::write(&path, text.replacen(old, new, 1)).unwrap();
    }
    dir
}

fn report_of(dir: &Path) -> Report {
    match load_dir(dir) {
        Ok((_, report)) | Err(report) => report,
    }
}

fn lines(problems: &[Problem]) -> Vec<String> {
    problems.iter().map(ToString::to_string).collect()
}

#[test]
fn three_mistakes_in_one_domain_file_are_reported_in_one_run() {
    let dir = edited(
        "tests/fixtures/valid",
        "three_in_one",
        &[
            // An unknown field in the first card,
            (
                "domains/hamlet.json",
                "\"text\": \"Look at 1 face-down card.\",",
                "\"text\": \"Look at 1 face-down card.\",\n      \"flavour\": \"Quiet.\",",
            ),
            // an unknown effect in the second,
            ("domains/hamlet.json", "\"heal\": {", "\"heall\": {"),
            // and hit points written as words in the third.
            ("domains/hamlet.json", "\"hp\": 3", "\"hp\": \"three\""),
        ],
    );
    let report = report_of(&dir);
    let got: Vec<(&str, Option<&str>, Option<&str>)> = report
        .errors
        .iter()
        .map(|p| (p.file.as_str(), p.card.as_deref(), p.path.as_deref()))
        .collect();
    assert_eq!(
        got,
        [
            (
                "domains/hamlet.json",
                Some("quiet_lane"),
                Some("stations[0].flavour")
            ),
            (
                "domains/hamlet.json",
                Some("herb_pouch"),
                Some("stations[1].use.effects[0]")
            ),
            (
                "domains/hamlet.json",
                Some("stray_dog"),
                Some("stations[2].hp")
            ),
        ],
        "{:#?}",
        report.errors
    );
    assert!(report.errors[1].message.contains("did you mean `heal`?"));
    // Each at its own line of the file.
    let text = fs::read_to_string(dir.join("domains/hamlet.json")).unwrap();
    let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).map(|i| i + 1);
    assert_eq!(report.errors[0].line, line_of("\"flavour\""));
    assert_eq!(report.errors[1].line, line_of("\"heall\""));
    assert_eq!(report.errors[2].line, line_of("\"hp\": \"three\""));
}

#[test]
fn a_mistake_in_the_domain_header_and_in_a_card_are_both_reported() {
    let dir = edited(
        "tests/fixtures/valid",
        "header_and_card",
        &[
            ("domains/marsh.json", "\"theme\"", "\"theem\""),
            ("domains/marsh.json", "\"target\": 4", "\"target\": \"4\""),
        ],
    );
    let report = report_of(&dir);
    let paths: Vec<Option<&str>> = report.errors.iter().map(|p| p.path.as_deref()).collect();
    assert_eq!(paths.len(), 2, "{:#?}", report.errors);
    assert!(paths.contains(&Some("theem")), "{paths:?}");
    assert!(
        paths
            .iter()
            .any(|p| p.is_some_and(|p| p.ends_with("test.target")))
    );
}

#[test]
fn the_shipped_set_has_no_errors_and_no_warnings() {
    let (_, report) = load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("cards"))
        .unwrap_or_else(|r| panic!("{:#?}", r.errors));
    assert_eq!(report.warnings, [], "{:#?}", lines(&report.warnings));
    assert_eq!(report.decks.len(), 9);
    let stations: usize = report.decks.iter().map(|d| d.stations).sum();
    assert_eq!(stations, 162);
}

/// A copy of the shipped cards named `name`, with `change` made to the Station card `id`
/// of the Domain file `file` (the file is written back as pretty JSON).
fn shipped_with(
    name: &str,
    file: &str,
    id: &str,
    change: impl Fn(&mut serde_json::Value),
) -> PathBuf {
    let dir = edited("cards", name, &[]);
    let path = dir.join(file);
    let mut v: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    let card = v["stations"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no card {id}"));
    change(card);
    fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    dir
}

#[test]
fn the_text_check_warns_on_a_set_that_is_not_the_shipped_one() {
    // The text says 1 Resolve; the data now gives 2.
    let dir = shipped_with(
        "text_check",
        "domains/termina.json",
        "termina_orchard_stumps",
        |c| c["effects"][0]["resolve"] = 2.into(),
    );
    let report = report_of(&dir);
    assert_eq!(report.errors, []);
    let w = lines(&report.warnings);
    assert!(!w.is_empty());
    assert!(
        w.iter()
            .all(|l| l.contains("[termina_orchard_stumps] stations[")
                && l.contains(".text: the text does not match the data")
                && l.ends_with("change the text or the data so a player reads what the card does")),
        "{w:#?}"
    );
    assert!(
        w.iter()
            .any(|l| l.contains("the text says none of [\"2 Resolve\"] (effects: resolve)")),
        "{w:#?}"
    );
}

#[test]
fn the_silent_cases_now_warn() {
    // An empty Snare,
    let dir = shipped_with(
        "silent",
        "domains/termina.json",
        "termina_splinter_of_beam",
        |c| {
            c.as_object_mut().unwrap().remove("effects");
        },
    );
    // a test that needs 10 on one die,
    let path = dir.join("domains/spiremaze.json");
    let mut v: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    v["stations"][14]["test"]["target"] = 10.into();
    fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    // and a Domain file the map does not list.
    fs::copy(
        dir.join("domains/termina.json"),
        dir.join("domains/termina_old.json"),
    )
    .unwrap();
    let report = report_of(&dir);
    assert_eq!(report.errors, []);
    let w = lines(&report.warnings);
    let has = |needle: &str| w.iter().any(|l| l.contains(needle));
    assert!(
        has("[termina_splinter_of_beam] stations[16]: this Snare does nothing"),
        "{w:#?}"
    );
    assert!(
        has(
            "[spiremaze_riddle_stair] stations[14].test.target: this test needs 10 but 1 die roll at most 6: only a bonus can pass it"
        ),
        "{w:#?}"
    );
    assert!(
        has("domains/termina_old.json: `domains/termina_old.json` is not on the map"),
        "{w:#?}"
    );
}

#[test]
fn a_seal_no_route_can_break_warns_with_the_routes() {
    // Two of the fixture's Domains side by side on row 2: only one can be cleared on the
    // way up once they no longer link to each other, and the seal needs a card from each.
    let dir = edited(
        "tests/fixtures/valid",
        "unbreakable",
        &[
            (
                "map.json",
                "\"links\": [\"tower\", \"peak\"]",
                "\"links\": [\"peak\"]",
            ),
            (
                "map.json",
                "\"links\": [\"marsh\", \"peak\"]",
                "\"links\": [\"peak\"]",
            ),
            (
                "guardian.json",
                "\"broken_by\": { \"holds\": \"iron_blade\" }",
                "\"broken_by\": { \"all\": [{ \"holds\": \"iron_blade\" }, { \"holds\": \"silver_bell\" }] }",
            ),
        ],
    );
    let report = report_of(&dir);
    let w = lines(&report.warnings);
    let seal: Vec<&String> = w
        .iter()
        .filter(|l| l.contains("can never be broken"))
        .collect();
    assert_eq!(seal.len(), 1, "{w:#?}");
    assert!(
        seal[0].contains("from `marsh`, `tower`, but none of the 2 routes from `hamlet` to `peak`"),
        "{}",
        seal[0]
    );
}

#[test]
fn a_comment_is_called_a_comment() {
    let dir = edited(
        "tests/fixtures/valid",
        "comment",
        &[(
            "traveller.json",
            "\"health\": 20",
            "// the rules say 20\n  \"health\": 20",
        )],
    );
    let report = report_of(&dir);
    assert_eq!(report.errors.len(), 1, "{:#?}", report.errors);
    let p = &report.errors[0];
    assert!(
        p.message
            .starts_with("JSON syntax error: a `//` comment; JSON files cannot hold comments"),
        "{p}"
    );
    let dir = edited(
        "tests/fixtures/valid",
        "block_comment",
        &[(
            "traveller.json",
            "\"health\": 20",
            "\"health\": 20 /* max */",
        )],
    );
    let p = &report_of(&dir).errors[0];
    assert!(p.message.contains("a `/*` comment"), "{p}");
}

#[test]
fn json_report_has_per_domain_deck_figures() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(["validate", "--json"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid"))
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let hamlet = &v["decks"][0];
    assert_eq!(hamlet["domain"], "hamlet");
    assert_eq!(hamlet["stations"], 3);
    assert_eq!(hamlet["by_type"]["foe"], 1);
    assert_eq!(hamlet["foe_hp"], 3);
    // Nip 1, Bite 2, Lunge 2.
    assert_eq!(hamlet["foe_face_damage"], 5);
    // 1d6+1 counts as 4.
    assert_eq!(hamlet["healing"], 4);
}

/// A Guardian whose terms name more cards than the planner judges: validate says so, with
/// what it means at the table, and the set still loads.
#[test]
fn terms_too_large_to_judge_are_a_warning() {
    let dir = edited("cards", "too_large", &[]);
    // Seventeen items of the shipped set, any of which would do.
    let mut items = Vec::new();
    for entry in fs::read_dir(dir.join("domains")).unwrap() {
        let v: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(entry.unwrap().path()).unwrap()).unwrap();
        for c in v["stations"].as_array().unwrap() {
            if c["type"] == "item" || c["type"] == "equipment" {
                items.push(serde_json::json!({ "holds": c["id"] }));
            }
        }
    }
    assert!(items.len() >= 17, "{}", items.len());
    items.truncate(17);
    let path = dir.join("guardian.json");
    let mut g: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    g["requirements"][0]["broken_by"] = serde_json::json!({ "any": items });
    fs::write(&path, serde_json::to_string_pretty(&g).unwrap()).unwrap();
    let (set, report) = load_dir(&dir).unwrap_or_else(|r| panic!("{:#?}", r.errors));
    assert!(!set.puzzle().plannable);
    let w = lines(&report.warnings);
    let big: Vec<&String> = w
        .iter()
        .filter(|l| l.contains("at most 16 can be judged"))
        .collect();
    assert_eq!(big.len(), 1, "{w:#?}");
    assert!(big[0].starts_with("guardian.json"), "{}", big[0]);
}
