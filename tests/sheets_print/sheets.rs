//! `forward cards export|import`: the shipped set survives a trip through a spreadsheet
//! unchanged, the designer's own layout imports with every readable row a card, and the
//! designer's sheet kept beside the cards comes back as it went (unchanged cells byte for
//! byte, renamed cards followed).

use crate::common::cli::{forward, tmp};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = ["map.json", "traveller.json", "guardian.json", "schema.json"]
        .iter()
        .map(PathBuf::from)
        .collect();
    for e in std::fs::read_dir(dir.join("domains")).unwrap() {
        let p = e.unwrap().path();
        v.push(Path::new("domains").join(p.file_name().unwrap()));
    }
    v.sort();
    v
}

fn read(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// The simulator's JSON without its timing.
fn simulate(cards: &Path) -> Value {
    let out = forward(&[
        "simulate",
        "--runs",
        "2000",
        "--seed",
        "7",
        "--jobs",
        "2",
        "--json",
        "--cards",
        cards.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let m = v.as_object_mut().unwrap();
    for k in [
        "elapsed_seconds",
        "runs_per_second",
        "runs_per_second_per_job",
    ] {
        assert!(m.remove(k).is_some(), "simulate --json has {k}");
    }
    v
}

#[test]
fn the_shipped_set_round_trips_through_a_spreadsheet() {
    let dir = tmp("sheets-round-trip");
    let csv = dir.join("cards.csv");
    let out = forward(&["cards", "export", csv.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&csv).unwrap();
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF", "UTF-8 with a byte-order mark");
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    assert!(text.starts_with("id,type,domain,name,art,text,flavor,guide_notes,tags,hp,def,atk,health,faces,rules,theme,row,column,links\n"));
    // One row per card: traveller, Guardian, 9 Domain title cards, 162 Station cards.
    let rows = csv::Reader::from_path(&csv).unwrap().records().count();
    assert_eq!(rows, 2 + 9 + 162);
    // A foe's faces are readable in their own cell.
    assert!(
        text.contains("1 Cowers\n2 Circles Warily (block)"),
        "faces column"
    );

    let cards = dir.join("cards");
    let out = forward(&[
        "cards",
        "import",
        csv.to_str().unwrap(),
        "--out",
        cards.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("read 173 rows (forward layout), made 173 cards"),
        "{stdout}"
    );
    assert!(
        stdout.contains("validate: 0 errors, 0 warnings"),
        "{stdout}"
    );

    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let files = json_files(&shipped);
    assert_eq!(files, json_files(&cards), "the same files");
    for f in &files {
        assert_eq!(
            read(&shipped.join(f)),
            read(&cards.join(f)),
            "{} differs",
            f.display()
        );
    }

    let out = forward(&["validate", cards.to_str().unwrap(), "--json"]);
    assert!(out.status.success());
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["domains"], 9);
    assert_eq!(report["stations"], 162);
    assert_eq!(report["errors"].as_array().map(Vec::len), Some(0));

    assert_eq!(simulate(&shipped), simulate(&cards));
}

#[test]
fn the_designers_sheet_imports_and_reports_what_it_cannot_read() {
    let dir = tmp("sheets-designer");
    let sheet = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/designer_sheet.csv");
    let cards = dir.join("cards");
    let out = forward(&[
        "cards",
        "import",
        sheet.to_str().unwrap(),
        "--out",
        cards.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = &v["summary"];
    assert_eq!(s["layout"], "designer");
    assert_eq!(s["rows_read"], 59);
    // Three rows are not cards (tracker, spare... and the unknown place); the combat
    // reference is the traveller's table (here the house die).
    assert_eq!(s["skipped"].as_array().unwrap().len(), 2);
    assert_eq!(v["errors"].as_array().unwrap().len(), 0, "{v}");
    let attention: Vec<(String, String, String)> = s["attention"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["card_number"].as_str().unwrap().to_string(),
                a["title"].as_str().unwrap().to_string(),
                a["unread"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        attention,
        vec![
            (
                "55".into(),
                "Crows Singing".into(),
                "Sing a song of the sea".into()
            ),
            (
                "56".into(),
                "Three-Legged Wolf".into(),
                "5 Lunge (2 DMG)".into()
            ),
            ("57".into(), "Frozen Tea".into(), "Heal 3 HP".into()),
            ("58".into(), "Voice Under the Ice".into(), "CHOOSE:".into()),
            (
                "59".into(),
                "Moon Palace Gate".into(),
                "The Moon Palace".into()
            ),
        ]
    );
    // 59 rows: the combat reference, 2 skipped, 1 with no Domain on the map; the rest are
    // cards.
    assert_eq!(s["cards_made"], 55);
    assert_eq!(s["by_type"]["domain"], 9);
    assert_eq!(s["by_type"]["foe"], 3);

    // Well-formed rows are working cards with their effects, faces and numbers.
    let termina = read(&cards.join("domains/termina.json"));
    let card = |d: &Value, id: &str| -> Value {
        d["stations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("{id}"))
    };
    assert_eq!(termina["on_enter"], serde_json::json!([{"resolve": 1}]));
    assert_eq!(
        card(&termina, "loaf_of_ash_bread")["use"],
        serde_json::json!({"per": "once", "effects": [{"heal": 4}]})
    );
    assert_eq!(card(&termina, "cinder_dog")["hp"], 4);
    assert_eq!(
        card(&termina, "cinder_dog")["faces"][4],
        serde_json::json!({"name": "Rear and Snap", "block": true, "deal": 1})
    );
    assert_eq!(
        card(&termina, "empty_cradle")["options"][1]["effects"],
        serde_json::json!([{"dread": 1}])
    );
    let shrine = read(&cards.join("domains/forgotten_shrine.json"));
    assert_eq!(
        card(&shrine, "falling_arches")["test"],
        serde_json::json!({"target": 4, "extended": true, "each_failure": [{"lose_health": 2}],
            "success": [], "failure": [{"dread": 1}]})
    );
    assert_eq!(
        card(&shrine, "cracked_bell_tower")["effects"],
        serde_json::json!([{"lose_health": 1}, {"peek": 1}])
    );
    let wastes = read(&cards.join("domains/sirocco_wastes.json"));
    assert_eq!(
        card(&wastes, "burning_sand_in_the_boots")["triggers"][0]["on"],
        "flip"
    );
    // "Cannot be beaten by force (he copies your roll and has your Health)": fought, never
    // beaten, as many HP as the traveller's Health; the Mirror Shard shown makes him join.
    let knight = card(&wastes, "mirror_knight");
    assert_eq!(knight["invulnerable"], true, "{knight}");
    assert_eq!(knight["hp"], "health", "{knight}");
    assert!(knight.get("unbeatable").is_none(), "{knight}");
    assert_eq!(knight["passage"][0]["show"], "mirror_shard", "{knight}");
    assert_eq!(knight["passage"][0]["joins"], true, "{knight}");
    let guardian = read(&cards.join("guardian.json"));
    assert_eq!(guardian["hp"], 20);
    assert_eq!(guardian["seals"].as_array().unwrap().len(), 3);
    // A malformed row is kept, with its text, as a quiet card that says what to fix.
    let gaol = read(&cards.join("domains/frozen_gaol.json"));
    let wolf = card(&gaol, "three_legged_wolf");
    assert_eq!(wolf["type"], "caesura");
    assert!(
        wolf["text"]
            .as_str()
            .unwrap()
            .starts_with("FIGHT: 5 HP\n1 Limp (Miss)")
    );

    // The text summary names each row to fix by number, title and line.
    let out = forward(&[
        "cards",
        "import",
        sheet.to_str().unwrap(),
        "--out",
        cards.to_str().unwrap(),
        "--force",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("card 56 \"Three-Legged Wolf\": could not read `5 Lunge (2 DMG)`: a foe needs six faces, found 5"), "{text}");
}

#[test]
fn import_refuses_an_unknown_layout_with_a_clear_message() {
    let dir = tmp("sheets-unknown");
    let csv = dir.join("other.csv");
    std::fs::write(&csv, "a,b\n1,2\n").unwrap();
    let out = forward(&[
        "cards",
        "import",
        csv.to_str().unwrap(),
        "--out",
        dir.join("o").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("the header is neither Forward's layout")
    );
}

#[test]
fn a_loaded_set_exports_the_same_cards_as_its_folder() {
    // The gallery's Export works from the loaded set rather than the folder.
    use forward::cards::load::load_dir;
    use forward::cards::sheet;
    let dir = tmp("sheets-loaded");
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let (set, _) = load_dir(&shipped).unwrap();
    let rows = sheet::rows_of(set.files()).unwrap();
    assert_eq!(rows.len(), 173);
    let csv = dir.join("loaded.csv");
    sheet::write_csv(&csv, &rows).unwrap();
    let out = dir.join("cards");
    sheet::import(&csv, &out).unwrap();
    let (again, _) = load_dir(&out).unwrap();
    assert_eq!(again.files().canonical_json(), set.files().canonical_json());
}

/// The made-up designer sheets of `tests/fixtures` (see `tests/sheets_print/sheets_designer.rs`).
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn forms() -> PathBuf {
    fixture("designer_forms.csv")
}

fn show(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Imports `sheet` into `out`, as JSON.
fn import(sheet: &Path, out: &Path) -> (std::process::Output, Value) {
    let o = forward(&[
        "cards",
        "import",
        sheet.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    let v = serde_json::from_slice(&o.stdout).unwrap_or(Value::Null);
    (o, v)
}

/// The export of `cards` in the designer's layout, read as records.
fn export_designer_records(cards: &Path, sheet: &Path) -> Vec<Vec<String>> {
    let o = forward(&[
        "--cards",
        cards.to_str().unwrap(),
        "cards",
        "export",
        sheet.to_str().unwrap(),
        "--layout",
        "designer",
    ]);
    assert!(o.status.success(), "{}", show(&o));
    records(sheet)
}

fn records(sheet: &Path) -> Vec<Vec<String>> {
    csv::Reader::from_path(sheet)
        .unwrap()
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

#[test]
fn the_designers_sheet_comes_back_as_it_went() {
    for (i, sheet) in [
        forms(),
        fixture("designer_lines.csv"),
        fixture("designer_clauses.csv"),
    ]
    .into_iter()
    .enumerate()
    {
        let dir = tmp(&format!("designer-back-{i}"));
        let cards = dir.join("cards");
        let (o, _) = import(&sheet, &cards);
        assert!(o.status.success(), "{}", show(&o));
        let back = dir.join("back.csv");
        export_designer_records(&cards, &back);
        assert!(
            std::fs::read(&back).unwrap() == std::fs::read(&sheet).unwrap(),
            "{} came back changed:\n{}",
            sheet.display(),
            std::fs::read_to_string(&back).unwrap()
        );
    }
}

/// The made-up sheet as another program writes it: every cell quoted, CR LF line ends, a
/// blank row, stray spaces after a cell and no line end after the last row.
fn written_otherwise(dir: &Path) -> PathBuf {
    let rows = records(&forms());
    let header = csv::Reader::from_path(forms())
        .unwrap()
        .headers()
        .unwrap()
        .clone();
    let mut w = csv::WriterBuilder::new()
        .quote_style(csv::QuoteStyle::Always)
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    w.write_record(&header).unwrap();
    for (i, r) in rows.iter().enumerate() {
        if i == 3 {
            w.write_record(vec![""; r.len()]).unwrap();
        }
        let mut r = r.clone();
        if i == 5 {
            r[0].push_str("  ");
        }
        w.write_record(&r).unwrap();
    }
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(w.into_inner().unwrap());
    while bytes.ends_with(b"\r\n") {
        bytes.truncate(bytes.len() - 2);
    }
    let sheet = dir.join("otherwise.csv");
    std::fs::write(&sheet, bytes).unwrap();
    sheet
}

#[test]
fn a_sheet_quoted_and_spaced_its_own_way_comes_back_byte_for_byte() {
    let dir = tmp("designer-otherwise");
    let sheet = written_otherwise(&dir);
    let cards = dir.join("cards");
    let (o, _) = import(&sheet, &cards);
    assert!(o.status.success(), "{}", show(&o));
    let back = dir.join("back.csv");
    let after = export_designer_records(&cards, &back);
    assert!(
        std::fs::read(&back).unwrap() == std::fs::read(&sheet).unwrap(),
        "came back changed:\n{}",
        std::fs::read_to_string(&back).unwrap()
    );
    // An edited card's row is written anew, the others keep their own bytes.
    let p = cards.join("domains/sirocco_wastes.json");
    let t = std::fs::read_to_string(&p).unwrap();
    let from = r#"{ "name": "Maul", "deal": 3 }"#;
    assert!(t.contains(from));
    std::fs::write(&p, t.replacen(from, r#"{ "name": "Maul", "deal": 4 }"#, 1)).unwrap();
    let edited = export_designer_records(&cards, &back);
    let changed: Vec<_> = after.iter().zip(&edited).filter(|(a, b)| a != b).collect();
    assert_eq!(changed.len(), 1, "{changed:#?}");
    let text = std::fs::read_to_string(&back).unwrap();
    assert!(
        text.contains("\"Copper Ring\""),
        "untouched rows keep their quotes"
    );
    assert!(text.contains("5 Maul (4 DMG)"));
}

#[test]
fn an_edit_rewrites_only_the_cells_it_changed() {
    let dir = tmp("designer-edit-back");
    let cards = dir.join("cards");
    let (o, _) = import(&forms(), &cards);
    assert!(o.status.success(), "{}", show(&o));
    let edit = |file: &str, from: &str, to: &str| {
        let p = cards.join(file);
        let t = std::fs::read_to_string(&p).unwrap();
        assert!(t.contains(from), "{from} in {file}");
        std::fs::write(&p, t.replacen(from, to, 1)).unwrap();
    };
    edit(
        "domains/sirocco_wastes.json",
        r#"{ "name": "Maul", "deal": 3 }"#,
        r#"{ "name": "Maul", "deal": 4 }"#,
    );
    edit(
        "domains/valthria.json",
        r#""flavor": "Green at the edges.""#,
        r#""flavor": "Greener every day.""#,
    );
    let before = records(&forms());
    let after = export_designer_records(&cards, &dir.join("back.csv"));
    assert_eq!(before.len(), after.len());
    let mut changed = Vec::new();
    for (a, b) in before.iter().zip(&after) {
        for (col, (x, y)) in a.iter().zip(b).enumerate() {
            if x != y {
                changed.push((b[0].clone(), col, y.clone()));
            }
        }
    }
    assert_eq!(changed.len(), 2, "{changed:#?}");
    assert_eq!((changed[0].0.as_str(), changed[0].1), ("Copper Ring", 3));
    assert_eq!(changed[0].2, "Greener every day.");
    assert_eq!((changed[1].0.as_str(), changed[1].1), ("Salt Wolf", 5));
    assert!(changed[1].2.contains("5 Maul (4 DMG)"), "{changed:#?}");
}

#[test]
fn the_merge_and_the_designer_export_follow_the_folders_renames() {
    let dir = tmp("designer-renamed-folder");
    let cards = dir.join("cards");
    assert!(import(&forms(), &cards).0.status.success());
    // The desk renamed Salt Wolf's id (the card and its map, as its save writes them).
    let wastes = cards.join("domains/sirocco_wastes.json");
    let t = std::fs::read_to_string(&wastes).unwrap();
    std::fs::write(&wastes, t.replace(r#""salt_wolf""#, r#""grey_wolf""#)).unwrap();
    std::fs::write(cards.join("renames.json"), r#"{"salt_wolf": "grey_wolf"}"#).unwrap();
    // The designer export still writes the row as it was.
    let back = dir.join("back.csv");
    export_designer_records(&cards, &back);
    assert!(std::fs::read(&back).unwrap() == std::fs::read(forms()).unwrap());
    // The merge of the same sheet keeps the new id: nothing changed, added or removed.
    let o = forward(&[
        "cards",
        "merge",
        forms().to_str().unwrap(),
        "--into",
        cards.to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["merge"]["changed"], serde_json::json!([]), "{v}");
    assert_eq!(v["merge"]["added"], serde_json::json!([]), "{v}");
    assert_eq!(v["merge"]["removed"], serde_json::json!([]), "{v}");
}
