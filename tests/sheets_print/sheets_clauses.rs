//! The designer's notation as the designer writes it, clause by clause
//! (`tests/fixtures/designer_clauses.csv`, made-up cards): several clauses on one line, the
//! known forms of issue #51 (a Pit's whole test on one line, "every time", `Block` as Parry
//! on the combat reference, `EFFECT: -N HP` on a Beast and a Terror), stray spaces, case,
//! `7hp`, arrows; the designer's phrasebook; the read-back that catches a misreading; and
//! the oracle that adds a clause no rule knows to every rules line of our sheets, at the
//! end and in the middle, and finds each one reported.

use crate::common::cli::{forward, import, show, tmp};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Every Station card of a folder by name, and the traveller and Guardian.
fn cards(dir: &Path) -> BTreeMap<String, Value> {
    let read = |p: PathBuf| -> Value {
        serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
    };
    let mut out = BTreeMap::new();
    for f in ["traveller.json", "guardian.json"] {
        let v = read(dir.join(f));
        out.insert(f.trim_end_matches(".json").to_string(), v);
    }
    for e in std::fs::read_dir(dir.join("domains")).unwrap() {
        let d = read(e.unwrap().path());
        for s in d["stations"].as_array().unwrap() {
            out.insert(s["name"].as_str().unwrap().to_string(), s.clone());
        }
    }
    out
}

/// The text check's warnings of a folder, as `forward validate` gives them.
fn text_warnings(dir: &Path) -> Vec<String> {
    let o = forward(&["validate", dir.to_str().unwrap(), "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| {
            w["message"]
                .as_str()
                .unwrap()
                .contains("the text does not match the data")
        })
        .map(|w| format!("[{}] {}", w["card"].as_str().unwrap_or(""), w["message"]))
        .collect()
}

#[test]
fn a_designers_lines_read_clause_by_clause_and_say_back_what_they_say() {
    let dir = tmp("clauses-read");
    let out = dir.join("cards");
    let (o, v) = import(&fixture("designer_clauses.csv"), &out, &[]);
    assert!(o.status.success(), "{}", show(&o));
    let s = &v["summary"];
    assert_eq!(s["attention"], json!([]), "{v}");
    assert_eq!(s["errors"], json!([]), "{v}");
    let c = cards(&out);
    // A Pit's whole test on one line, its effects under two labels on another.
    assert_eq!(
        c["Sinkhole Steps"]["test"],
        json!({"target": 3, "extended": true, "each_failure": [{"lose_health": 1}],
               "failure": [{"dread": 1}], "success": []})
    );
    // Every time a card is turned face up: on each flip.
    assert_eq!(
        c["Glare of Noon"]["triggers"],
        json!([{"on": "flip", "effects": [{"lose_health": 1}]}])
    );
    // The combat reference's Block is a Parry, its 6 a Hit; the hook's 6 → Counter.
    assert_eq!(
        c["traveller"]["table"],
        json!(["miss", "parry", "hit", "hit", "critical", "hit"])
    );
    assert_eq!(c["traveller"]["health"], 19);
    assert_eq!(
        c["Bone Hook"]["passive"],
        json!([{"table_face": {"roll": 6, "result": "counter"}}])
    );
    // EFFECT: -N HP on a Beast and on a Terror: the card does that, printed as the type.
    for (name, label, n) in [
        ("Hooded Jackal", "Beast", 2),
        ("Whisper in the Dunes", "Terror", 3),
    ] {
        let card = &c[name];
        assert_eq!(
            (card["type"].as_str(), card["label"].as_str()),
            (Some("caesura"), Some(label)),
            "{card}"
        );
        assert_eq!(card["effects"], json!([{"lose_health": n}]), "{card}");
    }
    // Several clauses on one line, joined by a comma and "then", `&`, or an arrow.
    assert_eq!(
        c["Travel Flask"]["use"],
        json!({"per": "once", "effects": [{"heal": 3}, {"lose_health": {"d6": 1, "plus": 0}}]})
    );
    assert_eq!(
        c["Candle Stub"]["effects"],
        json!([{"resolve": 1}, {"peek": 1}])
    );
    assert_eq!(
        c["Reed Pipe"]["use"],
        json!({"per": "domain", "effects": [{"peek": 2}, {"bonus": {"to": "next_test", "amount": 1}}]})
    );
    assert_eq!(
        c["Salt Spray"]["effects"],
        json!([{"heal": 2}, {"cleanse": 1}])
    );
    assert_eq!(
        c["Gate Toll"]["options"][0]["effects"],
        json!([{"lose_health": 7}])
    );
    assert_eq!(
        c["Gate Toll"]["options"][1]["cost"],
        json!([{"spend_resolve": 1}])
    );
    assert_eq!(
        c["Dune Wolf"]["faces"][5],
        json!({"name": "Circle", "block": true, "deal": 1})
    );
    assert_eq!(
        c["guardian"]["faces"][4],
        json!({"name": "Crush", "deal": 3})
    );
    // Every card says back what its cell says, and the glosses are said.
    let rb = s["readback"].as_array().unwrap();
    let differ: Vec<&Value> = rb
        .iter()
        .filter(|r| r["differences"] != json!([]))
        .collect();
    assert!(differ.is_empty(), "{differ:#?}");
    assert_eq!(rb.len(), 25);
    assert!(
        s["warnings"].to_string().contains("Block all incoming"),
        "{s}"
    );
    let o = forward(&[
        "cards",
        "import",
        fixture("designer_clauses.csv").to_str().unwrap(),
        "--out",
        dir.join("text").to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("read back: 25 of 25 cards say back what their cells say"),
        "{text}"
    );
    // The validator and its text check agree: nothing to say of the text.
    assert_eq!(text_warnings(&out), Vec::<String>::new());
}

#[test]
fn a_clause_no_rule_knows_is_reported_at_the_end_of_a_line_and_in_its_middle() {
    let dir = tmp("clauses-unknown");
    let sheet = dir.join("sheet.csv");
    let text = std::fs::read_to_string(fixture("designer_clauses.csv")).unwrap();
    std::fs::write(
        &sheet,
        text.replace(
            "Heal 3 HP, then lose 1d6 HP (one-time use)",
            "Heal 3 HP, the lamps hum softly, then lose 1d6 HP (one-time use)",
        )
        .replace(
            "Lose 1 HP every time a card is turned face up",
            "Lose 1 HP every time a card is turned face up, and the sand sings",
        ),
    )
    .unwrap();
    let (o, v) = import(&sheet, &dir.join("cards"), &[]);
    assert!(o.status.success(), "{}", show(&o));
    let att = v["summary"]["attention"].as_array().unwrap();
    let said: Vec<(String, String)> = att
        .iter()
        .map(|a| {
            (
                a["title"].as_str().unwrap().into(),
                a["reason"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(
        said[0].0 == "Travel Flask" && said[0].1.contains("`the lamps hum softly`"),
        "{said:?}"
    );
    assert!(
        said[1].0 == "Glare of Noon" && said[1].1.contains("`the sand sings`"),
        "{said:?}"
    );
    // What the line says besides is still read: an unread clause costs only itself.
    let c = cards(&dir.join("cards"));
    assert_eq!(
        c["Travel Flask"]["use"]["effects"],
        json!([{"heal": 3}, {"lose_health": {"d6": 1, "plus": 0}}])
    );
    assert_eq!(c["Glare of Noon"]["triggers"][0]["on"], "flip");
}

#[test]
fn the_designers_phrasebook_is_read_on_import_and_written_on_export() {
    let dir = tmp("clauses-phrasebook");
    let sheet = dir.join("sheet.csv");
    let text = std::fs::read_to_string(fixture("designer_clauses.csv")).unwrap();
    let theirs = text
        .replace(
            "Heal 2 HP, then Cleanse 1 Snare",
            "Mend 2 HP, then Cleanse 1 Snare",
        )
        .replace("Lose 7hp\nor", "The toll takes 7\nor");
    std::fs::write(&sheet, &theirs).unwrap();
    // Without the phrasebook the designer's own words are not the notation's.
    let (_, v) = import(&sheet, &dir.join("without"), &[]);
    let unread = v["summary"]["attention"].to_string();
    assert!(
        unread.contains("Mend 2 HP") && unread.contains("The toll takes 7"),
        "{v}"
    );
    // Beside the sheet, it is read, kept in the folder, and followed by the export.
    std::fs::write(
        dir.join("phrasebook.json"),
        r#"{"synonyms": {"Mend": "Heal"}, "phrases": {"lose_health": ["The toll takes {n}"]}}"#,
    )
    .unwrap();
    let out = dir.join("cards");
    let (o, v) = import(&sheet, &out, &[]);
    assert!(o.status.success(), "{}", show(&o));
    assert_eq!(v["summary"]["attention"], json!([]), "{v}");
    let c = cards(&out);
    assert_eq!(
        c["Salt Spray"]["effects"],
        json!([{"heal": 2}, {"cleanse": 1}])
    );
    assert_eq!(
        c["Gate Toll"]["options"][0]["effects"],
        json!([{"lose_health": 7}])
    );
    assert!(out.join("phrasebook.json").is_file());
    assert_eq!(text_warnings(&out), Vec::<String>::new());
    // An edit makes the export write the card anew, in the designer's words.
    let p = out.join("domains/nightsea_expanse.json");
    let t = std::fs::read_to_string(&p).unwrap();
    std::fs::write(&p, t.replacen(r#"{ "heal": 2 }"#, r#"{ "heal": 4 }"#, 1)).unwrap();
    let back = dir.join("back.csv");
    let o = forward(&[
        "--cards",
        out.to_str().unwrap(),
        "cards",
        "export",
        back.to_str().unwrap(),
        "--layout",
        "designer",
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let exported = std::fs::read_to_string(&back).unwrap();
    assert!(exported.contains("Mend 4 HP"), "{exported}");
    assert!(
        exported.contains("The toll takes 7"),
        "untouched rows as they were"
    );
}

#[test]
fn the_read_back_differs_where_a_cell_was_misread() {
    let dir = tmp("clauses-misread");
    let out = dir.join("cards");
    let (o, _) = import(&fixture("designer_clauses.csv"), &out, &[]);
    assert!(o.status.success(), "{}", show(&o));
    // The cards as the old reader made them (issue #51): each a misreading of its cell.
    let edit = |file: &str, id: &str, change: &dyn Fn(&mut Value)| {
        let p = out.join(file);
        let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
        let card = if id.is_empty() {
            &mut v
        } else {
            v["stations"]
                .as_array_mut()
                .unwrap()
                .iter_mut()
                .find(|c| c["id"] == id)
                .unwrap()
        };
        change(card);
        std::fs::write(&p, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    };
    // The extended test read as one roll whose failure costs Health and Dread at once.
    edit("domains/forgotten_shrine.json", "sinkhole_steps", &|c| {
        c["test"] = json!({"target": 3, "success": [],
            "failure": [{"lose_health": 1}, {"dread": 1}]});
    });
    // "every time a card is turned face up" read as one loss.
    edit("domains/sirocco_wastes.json", "glare_of_noon", &|c| {
        let m = c.as_object_mut().unwrap();
        m.remove("triggers");
        m.insert("effects".into(), json!([{"lose_health": 1}]));
    });
    // "EFFECT: -2 HP" on a Beast read as a quiet card.
    edit("domains/sirocco_wastes.json", "hooded_jackal", &|c| {
        c.as_object_mut().unwrap().remove("effects");
    });
    // The combat reference not read: the traveller keeps the house die.
    edit("traveller.json", "", &|c| {
        c.as_object_mut().unwrap().remove("table");
    });
    let w = text_warnings(&out);
    let has = |card: &str, words: &str| {
        w.iter()
            .any(|x| x.starts_with(&format!("[{card}]")) && x.contains(words))
    };
    assert!(
        has("sinkhole_steps", "3 successes before 3 failures"),
        "{w:#?}"
    );
    assert!(
        has("glare_of_noon", "each time a card is flipped"),
        "{w:#?}"
    );
    assert!(has("hooded_jackal", "does nothing"), "{w:#?}");
    let mut who: Vec<&str> = w.iter().filter_map(|x| x.split(']').next()).collect();
    who.dedup();
    assert_eq!(
        who,
        ["[sinkhole_steps", "[glare_of_noon", "[hooded_jackal"],
        "{w:#?}"
    );
    // The traveller's table is set beside the combat reference by the import's report.
    let sheet = fixture("designer_clauses.csv");
    let (files, summary) = forward::cards::sheet::read_sheet(&sheet).unwrap();
    assert!(files.contains_key("traveller.json"));
    let table = summary
        .readback
        .iter()
        .find(|r| r.card == "table")
        .expect("the combat reference's read-back");
    assert!(table.differences.is_empty(), "{table:?}");
    let misread = forward::cards::sheet::designer::readback::differences(
        &table.cell,
        "SPECIAL:\n1 Miss\n2 Parry\n3 Hit\n4 Hit\n5 Critical\n6 Counter",
        None,
        forward::cards::sheet::designer::readback::Shape::Table,
    );
    assert_eq!(misread.len(), 1, "{misread:?}");
    assert!(misread[0].starts_with("face 6:"), "{misread:?}");
}

/// One rules line of a sheet with words no rule knows added: at its end, or in its middle
/// (after the middle word; after the only word of a one-word line).
fn mutated(line: &str, middle: bool) -> String {
    const CLAUSE: &str = "and 3 lanterns hum softly";
    if !middle {
        return format!("{line}, {CLAUSE}");
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = (words.len() / 2).max(1).min(words.len());
    format!(
        "{} {CLAUSE} {}",
        words[..at].join(" "),
        words[at..].join(" ")
    )
    .trim_end()
    .to_string()
}

/// Whether the import's summary reports the row of this card number and title, naming the
/// words added (`Some(true)`) or as a row it could not read (`Some(false)`).
fn reported(
    summary: &forward::cards::sheet::ImportSummary,
    row: &(String, String),
) -> Option<bool> {
    let rows = summary.attention.iter().chain(&summary.errors);
    let mine: Vec<_> = rows
        .filter(|a| a.card_number == row.0 && a.title == row.1)
        .collect();
    if mine.is_empty() {
        return None;
    }
    Some(
        mine.iter()
            .any(|a| a.unread.contains("lanterns") || a.reason.contains("lanterns")),
    )
}

#[test]
fn every_clause_no_rule_knows_added_to_a_rules_line_is_reported() {
    // The oracle: each rules line of each of our sheets, in turn, with a clause no rule
    // knows at its end and in its middle. Each mutated sheet is read as `cards import`
    // reads it; the row must be reported (naming the words, or as a row it could not
    // read). Rows the import skips on purpose (a tracker, a spare) and rows already
    // reported before any change are left out.
    let dir = tmp("clauses-oracle");
    let mut total = 0;
    let mut by_words = 0;
    let mut missed: Vec<String> = Vec::new();
    for name in [
        "designer_forms.csv",
        "designer_lines.csv",
        "designer_sheet.csv",
        "designer_clauses.csv",
    ] {
        let src = fixture(name);
        let (_, before) = forward::cards::sheet::read_sheet(&src).unwrap();
        let mut rdr = csv::Reader::from_path(&src).unwrap();
        let header = rdr.headers().unwrap().clone();
        let rules = header.iter().position(|h| h == "Rules_Text").unwrap();
        let kind = header.iter().position(|h| h == "Type").unwrap();
        let number = header.iter().position(|h| h == "Card Number").unwrap();
        // Each row by its card number and title (trimmed, as the import reports them).
        let records: Vec<((String, String), csv::StringRecord)> = rdr
            .records()
            .map(|r| {
                let r = r.unwrap();
                let key = (
                    r[number].trim().to_string(),
                    r[0].trim_start_matches('\u{feff}').trim().to_string(),
                );
                (key, r)
            })
            .collect();
        let most = records
            .iter()
            .map(|(_, r)| r[rules].lines().count())
            .max()
            .unwrap_or(0);
        // Round k changes the k-th line of every row at once (each row is reported alone).
        for k in 0..most {
            for middle in [false, true] {
                let mut w = csv::Writer::from_writer(Vec::new());
                w.write_record(&header).unwrap();
                let mut changed: Vec<((String, String), String)> = Vec::new();
                for (row, r) in &records {
                    let mut cells: Vec<String> = r.iter().map(str::to_string).collect();
                    let skipped = r[kind].starts_with("Special - ") || &r[kind] == "Spare";
                    let lines: Vec<&str> = r[rules].lines().collect();
                    let known = reported(&before, row).is_some();
                    if let Some(l) = lines.get(k).filter(|l| !l.trim().is_empty())
                        && !skipped
                        && !known
                    {
                        let mut new = lines.clone();
                        let m = mutated(l, middle);
                        new[k] = &m;
                        cells[rules] = new.join("\n");
                        changed.push((row.clone(), l.to_string()));
                    }
                    w.write_record(&cells).unwrap();
                }
                let path = dir.join(format!("{name}-{k}-{middle}.csv"));
                std::fs::write(&path, w.into_inner().unwrap()).unwrap();
                let (_, summary) = forward::cards::sheet::read_sheet(&path).unwrap();
                for (row, l) in changed {
                    total += 1;
                    match reported(&summary, &row) {
                        Some(words) => by_words += usize::from(words),
                        None => missed.push(format!(
                            "{name} card {} \"{}\": `{}`",
                            row.0,
                            row.1,
                            mutated(&l, middle)
                        )),
                    }
                }
            }
        }
    }
    eprintln!(
        "oracle: {} of {total} mutated rules lines reported ({by_words} naming the words added)",
        total - missed.len()
    );
    assert!(total > 300, "{total}");
    assert!(
        missed.is_empty(),
        "{} of {total} not reported:\n{}",
        missed.len(),
        missed.join("\n")
    );
}
