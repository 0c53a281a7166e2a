//! The designer's notation as the designer writes it (`tests/fixtures/designer_forms.csv`
//! uses every form: empty Location and player cells, the Guardian's seals in prose, the
//! four puzzle pieces, the common short wordings), read with nothing lost; and an import
//! that is careful with what is already on disk (`--force`, backups, `--keep-going`,
//! `merge`).

use crate::common::cli::{forward, import, show, tmp};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn forms() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/designer_forms.csv")
}

/// The second made-up sheet: the forms read line by line (a Guardian face that does not
/// read, a companion who must use an item, an aside in brackets, a name given by its first
/// words, the faces and lines of issue #41), the combat reference, a tracker and a spare.
fn lines() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/designer_lines.csv")
}

fn read(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// Every card of a folder by name: Station cards, Domains, the traveller, the Guardian.
fn cards_by_name(dir: &Path) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    for f in ["traveller.json", "guardian.json"] {
        let v = read(&dir.join(f));
        out.insert(v["name"].as_str().unwrap().to_string(), v);
    }
    for e in std::fs::read_dir(dir.join("domains")).unwrap() {
        let mut d = read(&e.unwrap().path());
        for s in d["stations"].as_array().unwrap() {
            out.insert(s["name"].as_str().unwrap().to_string(), s.clone());
        }
        d.as_object_mut().unwrap().remove("stations");
        out.insert(d["name"].as_str().unwrap().to_string(), d);
    }
    out
}

#[test]
fn every_form_of_the_designers_notation_reads_into_working_cards() {
    let dir = tmp("designer-forms");
    let cards = dir.join("cards");
    let (o, v) = import(&forms(), &cards, &[]);
    assert!(o.status.success(), "{}", show(&o));
    let s = &v["summary"];
    assert_eq!(v["errors"].as_array().unwrap().len(), 0, "{v}");
    assert_eq!(s["errors"].as_array().unwrap().len(), 0, "{v}");
    assert_eq!(s["attention"].as_array().unwrap().len(), 0, "{v}");
    let c = cards_by_name(&cards);

    // Empty Location and player cells: the flavour, or a marked placeholder, and a note.
    assert_eq!(
        c["Home Village Termina"]["text"],
        "Smoke where the roofs were."
    );
    assert!(
        c["Forgotten Shrine"]["text"]
            .as_str()
            .unwrap()
            .starts_with("[No rules text yet")
    );
    assert_eq!(
        c["Forgotten Shrine"]["theme"],
        "Broken columns under lightning"
    );
    assert_eq!(
        c["Bannered City Valthria"]["theme"],
        "Flags for every street."
    );
    assert_eq!(
        c["Player"]["text"],
        "A walker with a borrowed coat and a stubborn heart."
    );
    let notes = s["warnings"].to_string();
    assert!(notes.contains("the rules cell is empty"), "{notes}");

    // The Guardian: HP, every face's damage, a requirement and three seals from prose.
    let g = &c["Guardian of the Drowned Gate"];
    assert_eq!(g["hp"], 18);
    let deal: Vec<i64> = g["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["deal"].as_i64().unwrap_or(0))
        .collect();
    assert_eq!(deal, [0, 1, 2, 3, 3, 3]);
    assert_eq!(
        g["faces"][1],
        serde_json::json!({"name": "Undertow", "block": true, "deal": 1, "skip_roll": true})
    );
    assert_eq!(
        g["faces"][2],
        serde_json::json!({"name": "Breaker", "deal": 2, "no_rerolls": true})
    );
    assert_eq!(
        g["faces"][4],
        serde_json::json!({"name": "Deep Bite", "deal": 3, "ignore_block": true})
    );
    assert_eq!(
        g["requirements"][0]["broken_by"],
        serde_json::json!({"holds": "old_blade"})
    );
    assert_eq!(g["requirements"][0]["penalty"], "invulnerable");
    let seals: Vec<(String, String)> = g["seals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["penalty"].as_str().unwrap().to_string(),
                x["broken_by"].to_string(),
            )
        })
        .collect();
    assert_eq!(
        seals,
        [
            (
                "full_heal".to_string(),
                r#"{"follows":"glass_warden"}"#.to_string()
            ),
            (
                "barred".to_string(),
                r#"{"carries":{"card":"tide_horn","companion":"hermit"}}"#.to_string()
            ),
            (
                "reflect".to_string(),
                r#"{"follows":"pale_lady"}"#.to_string()
            ),
        ]
    );
    // A misspelt name is matched, and said.
    assert!(
        notes.contains("Tide Horn") && notes.contains("Tide Horne"),
        "{notes}"
    );
    assert!(notes.contains("Coper Ring"), "{notes}");

    // The four puzzle pieces are working cards, none a quiet Caesura.
    assert_eq!(
        c["Old Blade"]["passive"],
        serde_json::json!([{"table_face": {"roll": 6, "result": "counter"}}])
    );
    let warden = &c["The Glass Warden"];
    assert_eq!(
        (
            warden["type"].as_str(),
            warden["invulnerable"].as_bool(),
            warden["hp"].as_str()
        ),
        (Some("foe"), Some(true), Some("health"))
    );
    assert!(
        warden["faces"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["copy"] == true)
    );
    assert_eq!(warden["passage"][0]["show"], "looking_glass_shard");
    assert_eq!(warden["passage"][0]["joins"], true);
    assert_eq!(c["The Hermit"]["carries"], serde_json::json!(["tide_horn"]));
    assert_eq!(
        c["The Pale Lady"]["join"],
        serde_json::json!({"give": "copper_ring"})
    );

    // The short wordings.
    assert_eq!(
        c["Thorny Path"]["effects"],
        serde_json::json!([{"lose_health": 1}])
    );
    assert_eq!(
        c["Leather Buckler"]["passive"],
        serde_json::json!([{"def": 1}])
    );
    assert_eq!(
        c["Throwing Knife"]["use"]["effects"],
        serde_json::json!([{"if": {"when": {"foe_tag": "human"}, "then": [{"hit_foe": 2}]}}])
    );
    assert_eq!(c["Throwing Knife"]["use"]["duel_only"], true);
    assert_eq!(
        c["Owl Lantern"]["use"],
        serde_json::json!({"per": "domain", "effects": [{"peek": 2}]})
    );
    assert_eq!(
        c["Shrine Rat"]["faces"][1],
        serde_json::json!({"name": "Dodge", "block": true})
    );
    assert_eq!(
        c["City Cutpurse"]["faces"][5],
        serde_json::json!({"name": "Trip", "block": true, "deal": 1, "skip_roll": true})
    );

    // The designer's notation is read as such: no remark that it is not the house's.
    let o = forward(&[
        "cards",
        "import",
        forms().to_str().unwrap(),
        "--out",
        dir.join("text").to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(!text.contains("the text does not match the data"), "{text}");
}

/// The numbers a rules cell states as rules (not its notation: die numbers of faces,
/// dice, the fixed shape of an extended test, what a Counter is, the Rest's draft).
fn cell_numbers(cell: &str, faced: bool, rest: bool) -> Vec<i64> {
    if rest {
        return Vec::new();
    }
    let mut out = Vec::new();
    for line in cell.lines() {
        let mut l = line.trim().to_lowercase();
        if l.contains("seal") || l.contains("combat table") {
            continue;
        }
        for d in ["1d6", "2d6"] {
            l = l.replace(d, "");
        }
        if let Some(i) = l.find("counter") {
            l.truncate(i);
        }
        l = l
            .replace("3 successes before 3 failures", "")
            .replace("on 3 failures", "");
        let words: Vec<&str> = l
            .split(|c: char| !c.is_ascii_digit())
            .filter(|w| !w.is_empty())
            .collect();
        let face = faced
            && l.chars().next().is_some_and(|c| c.is_ascii_digit())
            && l.chars().nth(1) == Some(' ');
        out.extend(
            words
                .iter()
                .skip(usize::from(face))
                .map(|w| w.parse::<i64>().unwrap()),
        );
    }
    out
}

fn data_numbers(v: &Value, out: &mut Vec<i64>) {
    match v {
        Value::Number(n) => out.push(n.as_i64().unwrap().abs()),
        Value::Array(a) => a.iter().for_each(|x| data_numbers(x, out)),
        Value::Object(m) => m
            .iter()
            .filter(|(k, _)| {
                !["text", "flavor", "name", "label", "guide_notes", "theme"].contains(&k.as_str())
            })
            .for_each(|(_, x)| data_numbers(x, out)),
        _ => {}
    }
}

#[test]
fn no_number_of_a_rules_cell_is_dropped() {
    for (i, sheet) in [forms(), lines()].into_iter().enumerate() {
        numbers_of_every_cell_land(&sheet, &format!("designer-numbers-{i}"));
    }
}

fn numbers_of_every_cell_land(sheet: &Path, name: &str) {
    let dir = tmp(name);
    let cards = dir.join("cards");
    let (o, _) = import(sheet, &cards, &[]);
    assert!(o.status.success(), "{}", show(&o));
    let c = cards_by_name(&cards);
    let mut rdr = csv::Reader::from_path(sheet).unwrap();
    let mut checked = 0;
    for rec in rdr.records() {
        let rec = rec.unwrap();
        let (title, rules) = (
            rec[0].trim_start_matches('\u{feff}').to_string(),
            rec[5].to_string(),
        );
        let Some(card) = c.get(&title) else { continue };
        let mut have = Vec::new();
        data_numbers(card, &mut have);
        let want = cell_numbers(&rules, card.get("faces").is_some(), card["type"] == "rest");
        for n in want {
            let i = have.iter().position(|h| *h == n);
            assert!(
                i.is_some(),
                "{title}: the {n} of `{rules}` is in none of its fields: {card}"
            );
            have.remove(i.unwrap());
            checked += 1;
        }
    }
    assert!(checked >= 12, "only {checked} numbers checked in {name}");
}

/// A small sheet: the fixture's rows with `edit` applied to its text.
fn edited(dir: &Path, name: &str, edit: &dyn Fn(String) -> String) -> PathBuf {
    let text = std::fs::read_to_string(forms()).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, edit(text)).unwrap();
    p
}

#[test]
fn words_the_notation_does_not_read_are_reported_with_their_row() {
    let dir = tmp("designer-lost-number");
    let sheet = edited(&dir, "lost.csv", &|t| {
        t.replace("Heal 4HP \n", "Heal 4 HP plus 2 more\n")
    });
    let (o, v) = import(&sheet, &dir.join("cards"), &[]);
    assert!(o.status.success(), "{}", show(&o));
    let att = v["summary"]["attention"].as_array().unwrap();
    assert_eq!(att.len(), 1, "{v}");
    assert_eq!(att[0]["title"], "Smoked Ham");
    assert_eq!(att[0]["card_number"], "16");
    assert_eq!(att[0]["unread"], "Heal 4 HP plus 2 more");
    assert!(
        att[0]["reason"]
            .as_str()
            .unwrap()
            .contains("`Heal 4 HP plus 2 more` is not in the notation"),
        "{v}"
    );
    // A prefix that reads is not taken for the whole: the card does not heal 4.
    let ham = cards_by_name(&dir.join("cards"))["Smoked Ham"].clone();
    assert!(ham.get("use").is_none(), "{ham}");
}

#[test]
fn a_card_others_name_cannot_be_a_quiet_card_and_errors_write_nothing() {
    let dir = tmp("designer-referred");
    // A cell with no keyword cannot be read at all: the row is a quiet stand-in.
    let sheet = edited(&dir, "broken.csv", &|t| {
        t.replace(
        "Copper Ring,Bannered City Valthria,20,Green at the edges.,A thin ring,EQUIP: None,Equipment",
        "Copper Ring,Bannered City Valthria,20,Green at the edges.,A thin ring,Glitters 3 times,Equipment")
    });
    let out = dir.join("cards");
    let (o, v) = import(&sheet, &out, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    let errors = v["summary"]["errors"].to_string();
    assert!(
        errors.contains("Copper Ring") && errors.contains("The Pale Lady"),
        "{v}"
    );
    assert!(!out.exists(), "a sheet with errors writes nothing");
    let (o, _) = import(&sheet, &out, &["--keep-going"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(out.join("map.json").is_file(), "--keep-going writes anyway");
}

#[test]
fn import_keeps_an_existing_folder_unless_forced_and_then_backs_it_up() {
    let dir = tmp("designer-force");
    let out = dir.join("cards");
    let (o, _) = import(&forms(), &out, &[]);
    assert!(o.status.success(), "{}", show(&o));
    std::fs::write(out.join("mine.txt"), "keep me").unwrap();
    let o = forward(&[
        "cards",
        "import",
        forms().to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("--force"),
        "{}",
        show(&o)
    );
    assert!(out.join("mine.txt").is_file());
    let (o, v) = import(&forms(), &out, &["--force"]);
    assert!(o.status.success(), "{}", show(&o));
    assert!(!out.join("mine.txt").exists());
    let backups: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("cards.backup-")
        })
        .collect();
    assert_eq!(backups.len(), 1, "{v}");
    assert_eq!(
        std::fs::read_to_string(backups[0].join("mine.txt")).unwrap(),
        "keep me"
    );
    assert!(v["note"].as_str().unwrap().contains("cards.backup-"), "{v}");
}

#[test]
fn merge_rewrites_only_the_cards_whose_rows_changed() {
    let dir = tmp("designer-merge");
    let out = dir.join("cards");
    let (o, _) = import(&forms(), &out, &[]);
    assert!(o.status.success(), "{}", show(&o));
    // A card formatted by hand must come through byte for byte.
    let termina = out.join("domains/termina.json");
    let t = std::fs::read_to_string(&termina).unwrap();
    let hand = t.replacen(
        "\"id\": \"leather_buckler\",",
        "\"id\":   \"leather_buckler\" ,",
        1,
    );
    assert_ne!(hand, t);
    std::fs::write(&termina, &hand).unwrap();
    let before: BTreeMap<PathBuf, Vec<u8>> = walk(&out);
    let sheet = edited(&dir, "changed.csv", &|t| {
        t.replace(
            "FIGHT: 5 HP\n----------\n1 Circle",
            "FIGHT: 6 HP\n----------\n1 Circle",
        )
        .replace("EFFECT:\n-1 HP", "EFFECT:\n-2 HP")
    });
    let o = forward(&[
        "cards",
        "merge",
        sheet.to_str().unwrap(),
        "--into",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["merge"]["changed"],
        serde_json::json!(["salt_wolf", "thorny_path"]),
        "{v}"
    );
    assert_eq!(v["merge"]["added"], serde_json::json!([]));
    let after = walk(&out);
    for (p, bytes) in &before {
        // The kept sheet follows the sheet merged (see `the_designers_sheet_comes_back_as_it_went`).
        let changed = p.ends_with("termina.json")
            || p.ends_with("sirocco_wastes.json")
            || p.ends_with("designer-sheet.json");
        assert_eq!(changed, after[p] != *bytes, "{}", p.display());
    }
    let t2 = std::fs::read_to_string(&termina).unwrap();
    assert!(t2.contains("\"id\":   \"leather_buckler\" ,"), "{t2}");
    let c = cards_by_name(&out);
    assert_eq!(c["Salt Wolf"]["hp"], 6);
    assert_eq!(
        c["Thorny Path"]["effects"],
        serde_json::json!([{"lose_health": 2}])
    );
    // Every other card of the changed files keeps its text exactly.
    let old_t = String::from_utf8(before[&termina].clone()).unwrap();
    let keep = old_t.find("\"id\": \"empty_well\"").unwrap();
    let span = &old_t[keep..keep + 200];
    assert!(t2.contains(span));
}

fn walk(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.insert(p.clone(), std::fs::read(&p).unwrap());
        }
    }
    out
}

/// Every card of a folder by id, without its prose (what a row means, not how it reads).
fn meaning_by_id(dir: &Path) -> BTreeMap<String, Value> {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                m.remove("text");
                m.remove("guide_notes");
                m.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    cards_by_name(dir)
        .into_values()
        .map(|mut c| {
            strip(&mut c);
            (c["id"].as_str().unwrap().to_string(), c)
        })
        .collect()
}

#[test]
fn the_designers_layout_round_trips_with_every_rows_meaning() {
    let dir = tmp("designer-round-trip");
    let (a, b) = (dir.join("a"), dir.join("b"));
    let (o, _) = import(&forms(), &a, &[]);
    assert!(o.status.success(), "{}", show(&o));
    // Without the sheet kept beside the cards, every row is written in the notation.
    std::fs::remove_file(a.join("designer-sheet.json")).unwrap();
    let sheet = dir.join("back.csv");
    let o = forward(&[
        "--cards",
        a.to_str().unwrap(),
        "cards",
        "export",
        sheet.to_str().unwrap(),
        "--layout",
        "designer",
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        !said.contains("no words in the designer's notation"),
        "{said}"
    );
    let (o, v) = import(&sheet, &b, &[]);
    assert!(o.status.success(), "{}", show(&o));
    assert_eq!(
        v["summary"]["attention"].as_array().unwrap().len(),
        0,
        "{v}"
    );
    let (ma, mb) = (meaning_by_id(&a), meaning_by_id(&b));
    assert_eq!(ma.len(), 37);
    for (id, card) in &ma {
        assert_eq!(Some(card), mb.get(id), "{id}");
    }
    // Exported again, the sheet is the same file: a diff shows only real changes.
    let again = dir.join("again.csv");
    let o = forward(&[
        "--cards",
        b.to_str().unwrap(),
        "cards",
        "export",
        again.to_str().unwrap(),
        "--layout",
        "designer",
    ]);
    assert!(o.status.success());
    assert_eq!(
        std::fs::read(&sheet).unwrap(),
        std::fs::read(&again).unwrap()
    );
    let text = std::fs::read_to_string(&sheet).unwrap();
    assert!(text.starts_with("\u{feff}Title,Associated_Location,Card Number,Flavor_Text,Image_Source_Idea,Rules_Text,Type"));
    assert!(text.contains("SEAL OF SILENCE: You cannot reach the Guardian.\n- Break: The Hermit carries the Tide Horn."), "{text}");
}

/// `simulate --compare` as JSON: the ids of the cards its figures are about.
fn compared_ids(a: &Path, b: &Path, extra: &[&str]) -> Vec<String> {
    let mut args = vec![
        "--cards",
        a.to_str().unwrap(),
        "simulate",
        "--compare",
        b.to_str().unwrap(),
        "--runs",
        "60",
        "--json",
    ];
    args.extend_from_slice(extra);
    let o = forward(&args);
    assert!(o.status.success(), "{}", show(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    v["changes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["figure"] == "kill_rate")
        .map(|c| c["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn compare_follows_a_renamed_card_by_its_number_or_a_rename_map() {
    let dir = tmp("designer-rename");
    let (a, b) = (dir.join("a"), dir.join("b"));
    assert!(import(&forms(), &a, &[]).0.status.success());
    let renamed = edited(&dir, "renamed.csv", &|t| {
        t.replace("\nSalt Wolf,", "\nSalt-Crusted Wolf,")
    });
    assert!(import(&renamed, &b, &[]).0.status.success());
    let ids = compared_ids(&a, &b, &[]);
    assert!(ids.contains(&"salt_wolf".to_string()), "{ids:?}");
    assert!(!ids.contains(&"salt_crusted_wolf".to_string()), "{ids:?}");
    // Without the card numbers, a rename map says the same.
    std::fs::remove_file(b.join("sheet-numbers.json")).unwrap();
    let ids = compared_ids(&a, &b, &[]);
    assert!(ids.contains(&"salt_crusted_wolf".to_string()), "{ids:?}");
    let map = dir.join("renames.json");
    std::fs::write(&map, r#"{"salt_wolf": "salt_crusted_wolf"}"#).unwrap();
    let ids = compared_ids(&a, &b, &["--renames", map.to_str().unwrap()]);
    assert!(!ids.contains(&"salt_crusted_wolf".to_string()), "{ids:?}");
    assert!(ids.contains(&"salt_wolf".to_string()), "{ids:?}");
    // The map the desk keeps in the folder (renames.json) is followed by default.
    std::fs::copy(&map, b.join("renames.json")).unwrap();
    let ids = compared_ids(&a, &b, &[]);
    assert!(!ids.contains(&"salt_crusted_wolf".to_string()), "{ids:?}");
    assert!(ids.contains(&"salt_wolf".to_string()), "{ids:?}");
}

/// The station card called `name` in an imported folder.
fn station<'a>(c: &'a BTreeMap<String, Value>, name: &str) -> &'a Value {
    c.get(name).unwrap_or_else(|| panic!("no card {name}"))
}

#[test]
fn an_unread_line_costs_only_that_line_and_every_form_of_the_issue_reads() {
    let dir = tmp("designer-lines");
    let cards = dir.join("cards");
    let (o, v) = import(&lines(), &cards, &[]);
    assert!(o.status.success(), "{}", show(&o));
    let s = &v["summary"];
    assert_eq!(s["errors"].as_array().unwrap().len(), 0, "{v}");
    // The Guardian's one unread face is reported by itself; the other five stand.
    let att = s["attention"].as_array().unwrap();
    assert_eq!(att.len(), 1, "{v}");
    assert_eq!(att[0]["unread"], "4 Dirge (sings until the lamps go out)");
    assert!(att[0]["reason"].as_str().unwrap().contains("blank"), "{v}");
    let c = cards_by_name(&cards);
    let g = station(&c, "Guardian of the Ash Stair");
    assert_eq!(
        g["faces"],
        serde_json::json!([
            {"name": "Hush", "roll_penalty": 1},
            {"name": "Lash", "deal": 2},
            {"name": "Gather", "empower": 1},
            {"name": "Dirge"},
            {"name": "Crush", "deal": 3},
            {"name": "Coil", "deal": 1, "empower": 1, "empower_face": "Crush"}
        ])
    );
    // The aside in brackets stays text: one requirement, not two.
    assert_eq!(g["requirements"].as_array().unwrap().len(), 1, "{g}");
    assert_eq!(
        g["requirements"][0]["broken_by"],
        serde_json::json!({"holds": "rusted_key"})
    );
    // A companion who must use an item: both stay in the puzzle.
    assert_eq!(
        g["seals"][0]["broken_by"],
        serde_json::json!({"all": [{"follows": "lamplighter"}, {"holds": "tin_lantern"}]})
    );
    assert_eq!(
        g["seals"][2]["broken_by"],
        serde_json::json!({"carries": {"companion": "lamplighter", "card": "rusted_key"}})
    );
    // The forms listed in issue #41.
    let hound = station(&c, "Ember Hound");
    assert_eq!(hound["hp"], 4, "an empty EFFECT: over FIGHT: is a heading");
    assert_eq!(
        hound["faces"][0],
        serde_json::json!({"name": "Sniff", "roll_penalty": 1})
    );
    assert_eq!(
        hound["faces"][1],
        serde_json::json!({"name": "Circle", "empower": 1})
    );
    assert_eq!(
        hound["faces"][2],
        serde_json::json!({"name": "Snap", "deal": 1, "empower": 1, "empower_face": "Savage Bite"})
    );
    assert_eq!(
        station(&c, "Bell Storm")["options"][0]["effects"],
        serde_json::json!([{"lose_health": 4}])
    );
    assert_eq!(
        station(&c, "Tin Lantern")["passive"],
        serde_json::json!([{"rest_heal": 2}])
    );
    let flint = station(&c, "Flint Stone");
    assert_eq!(
        flint["use"],
        serde_json::json!({"per": "once", "duel_only": true, "effects": [{"hit_foe": 3}]})
    );
    // A name given by the first words of a title is matched, and said.
    assert_eq!(
        station(&c, "The Pale Watcher")["passage"][0]["show"],
        "glass_prism_on_a_stand"
    );
    let notes = s["warnings"].to_string();
    assert!(notes.contains("Glass prism on a stand"), "{notes}");
}

#[test]
fn a_seal_naming_a_card_no_condition_can_hold_is_an_error_naming_it() {
    let dir = tmp("designer-seal-other");
    let text = std::fs::read_to_string(lines()).unwrap();
    let sheet = dir.join("seal.csv");
    std::fs::write(
        &sheet,
        text.replace(
            "- Break: The Pale Watcher follows you.",
            "- Break: The Pale Watcher drinks from the Dry Well.",
        ),
    )
    .unwrap();
    let out = dir.join("cards");
    let (o, v) = import(&sheet, &out, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    let errors = v["summary"]["errors"].to_string();
    assert!(
        errors.contains("Dry Well") && errors.contains("Seal of Salt"),
        "{v}"
    );
    assert!(!out.exists(), "a sheet with errors writes nothing");
}

/// The validator's text warnings of an import's JSON answer.
fn text_warnings(v: &Value) -> Vec<String> {
    v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .filter(|w| w.contains("the text does not match the data"))
        .map(str::to_string)
        .collect()
}

#[test]
fn one_text_check_reads_both_notations() {
    // Imported in the designer's notation: no warning that it is not the house phrasing.
    let dir = tmp("designer-both-notations");
    let (o, v) = import(&forms(), &dir.join("forms"), &[]);
    assert!(o.status.success(), "{}", show(&o));
    assert_eq!(text_warnings(&v), Vec::<String>::new());
    // The one line the import could not read is the one the text check names.
    let (_, v) = import(&lines(), &dir.join("lines"), &[]);
    let w = text_warnings(&v);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].contains("[guardian]") && w[0].contains("4 Dirge"),
        "{w:?}"
    );
    // A sheet whose Guardian names no seal gets the prototype's puzzle wired in (and the
    // Mirror Knight its way past): the text check follows the import's rule and warns only
    // of the rows the import could not read, which `--keep-going` made quiet.
    let sheet = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/designer_sheet.csv");
    let (o, v) = import(&sheet, &dir.join("sheet"), &["--keep-going"]);
    assert!(o.status.success(), "{}", show(&o));
    let guardian = read(&dir.join("sheet/guardian.json"));
    assert_eq!(guardian["seals"].as_array().map(Vec::len), Some(3));
    let mut who: Vec<String> = text_warnings(&v)
        .iter()
        .filter_map(|w| Some(w.split_once('[')?.1.split_once(']')?.0.to_string()))
        .collect();
    who.sort();
    assert_eq!(
        who,
        [
            "crows_singing",
            "frozen_tea",
            "three_legged_wolf",
            "voice_under_the_ice"
        ],
        "{:?}",
        text_warnings(&v)
    );
    // Data changed under a text in the designer's notation is caught, in the Guardian too.
    let cards = dir.join("forms");
    let wastes = cards.join("domains/sirocco_wastes.json");
    let t = std::fs::read_to_string(&wastes).unwrap();
    let edited = t.replacen(
        r#"{ "name": "Maul", "deal": 3 }"#,
        r#"{ "name": "Maul", "deal": 4 }"#,
        1,
    );
    assert_ne!(edited, t);
    std::fs::write(&wastes, edited).unwrap();
    let g = cards.join("guardian.json");
    let t = std::fs::read_to_string(&g).unwrap();
    let edited = t.replacen(
        r#"{ "name": "Crush", "deal": 3 }"#,
        r#"{ "name": "Crush" }"#,
        1,
    );
    assert_ne!(edited, t);
    std::fs::write(&g, edited).unwrap();
    let o = forward(&["validate", cards.to_str().unwrap()]);
    let out = show(&o);
    assert!(
        out.contains("[salt_wolf]") && out.contains("face 5"),
        "{out}"
    );
    assert!(
        out.contains("[guardian]") && out.contains("face 4"),
        "{out}"
    );
}

#[test]
fn the_combat_reference_is_the_travellers_table() {
    let dir = tmp("designer-combat-reference");
    let cards = dir.join("cards");
    let (o, v) = import(&lines(), &cards, &[]);
    assert!(o.status.success(), "{}", show(&o));
    let t = read(&cards.join("traveller.json"));
    assert_eq!(
        t["table"],
        serde_json::json!(["miss", "parry", "hit", "hit", "critical", "hit"])
    );
    let skipped = v["summary"]["skipped"].to_string();
    assert!(!skipped.contains("Combat Reference"), "{skipped}");
    assert!(
        skipped.contains("Marker Tracker") && skipped.contains("Spare Card"),
        "{skipped}"
    );
    assert!(
        v["summary"]["warnings"].to_string().contains("6 is hit"),
        "{v}"
    );
    // The house die on the sheet leaves the traveller's table as the rules have it.
    let (_, _) = import(&forms(), &dir.join("forms"), &[]);
    assert!(
        read(&dir.join("forms/traveller.json"))
            .get("table")
            .is_none()
    );
}
