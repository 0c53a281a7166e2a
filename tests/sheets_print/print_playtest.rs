//! `forward print` for a playtest: a subset (`--domain`, `--only`, `--since`), each
//! Domain's own back, the ink saver, the stamp, and the Tabletop Simulator deck (sheet
//! sizes and the description Tabletop Simulator reads).

use crate::common::cli::{forward, show, tmp};
use forward::cards::load::load_dir;
use forward::print::face::{self, Look};
use forward::print::text::Metrics;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Pages of a PDF by pdfinfo, or `None` when poppler is missing (an error under CI).
fn pages(pdf: &Path) -> Option<usize> {
    match Command::new("pdfinfo").arg(pdf).output() {
        Ok(o) => String::from_utf8_lossy(&o.stdout)
            .lines()
            .find_map(|l| l.strip_prefix("Pages:").map(|n| n.trim().parse().unwrap())),
        Err(e) => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "pdfinfo is needed under CI: {e}"
            );
            None
        }
    }
}

/// A PNG's width and height from its header.
fn png_size(p: &Path) -> (u32, u32) {
    let b = std::fs::read(p).unwrap();
    assert_eq!(&b[1..4], b"PNG", "{}", p.display());
    let n = |i: usize| u32::from_be_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    (n(16), n(20))
}

#[test]
fn a_domain_subset_prints_only_its_cards_without_the_map() {
    let dir = tmp("print-domain");
    let pdf = dir.join("gaol.pdf");
    let o = forward(&[
        "print",
        "--out",
        pdf.to_str().unwrap(),
        "--domain",
        "Frozen Gaol",
        "--stamp",
        "--ink-saver",
    ]);
    assert!(o.status.success(), "{}", show(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("wrote 19 cards on 6 pages"),
        "{}",
        show(&o)
    );
    if let Some(n) = pages(&pdf) {
        // 19 cards: three pages of faces, three of backs, no map.
        assert_eq!(n, 6);
    }
    let o = forward(&[
        "print",
        "--out",
        pdf.to_str().unwrap(),
        "--only",
        "traveller,guardian",
    ]);
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("wrote 2 cards on 2 pages"),
        "{}",
        show(&o)
    );
    let o = forward(&[
        "print",
        "--out",
        pdf.to_str().unwrap(),
        "--domain",
        "Atlantis",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no Domain `Atlantis`"));
}

#[test]
fn since_an_earlier_export_prints_only_the_changed_cards() {
    let dir = tmp("print-since");
    let csv = dir.join("before.csv");
    let o = forward(&["cards", "export", csv.to_str().unwrap()]);
    assert!(o.status.success(), "{}", show(&o));
    let o = forward(&[
        "cards",
        "import",
        csv.to_str().unwrap(),
        "--out",
        dir.join("cards").to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let gaol = dir.join("cards/domains/frozen_gaol.json");
    let text = std::fs::read_to_string(&gaol).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    v["stations"][0]["flavor"] = Value::from("Changed for the playtest.");
    std::fs::write(&gaol, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let pdf = dir.join("changed.pdf");
    let o = forward(&[
        "--cards",
        dir.join("cards").to_str().unwrap(),
        "print",
        "--out",
        pdf.to_str().unwrap(),
        "--since",
        csv.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", show(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("wrote 1 cards on 2 pages"),
        "{}",
        show(&o)
    );
}

#[test]
fn backs_name_their_domain_and_the_ink_saver_prints_on_white_with_a_stamp() {
    let m = Metrics::new().unwrap();
    let back = face::back_svg_as(
        &m,
        0.0,
        &Look::INK_SAVER,
        Some(("frozen_gaol", "Frozen Gaol", Some("imprisoned"))),
    );
    assert!(back.contains("Frozen Gaol"), "{back}");
    // The Domain's emblem (an icon's path) is drawn inside the diamond; without one, the
    // plain diamond only.
    assert!(back.contains("<path"), "the emblem is on the back");
    let plain = face::back_svg_as(&m, 0.0, &Look::INK_SAVER, Some(("x", "X", None)));
    assert!(!plain.contains("<path"));
    assert!(back.contains(r##"fill="#ffffff""##));
    let common = face::back_svg_as(&m, 0.0, &Look::GAME, None);
    assert!(!common.contains("Frozen Gaol"));
    let (set, _) = load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("cards")).unwrap();
    let cards = forward::print::cards(set.files());
    let c = &cards[5];
    let ink = face::face_svg_as(&m, c, 0.0, &Look::INK_SAVER, Some("abc · 2026-01-02"));
    let game = face::face_svg_as(&m, c, 0.0, &Look::GAME, None);
    assert!(ink.contains(r##"fill="#ffffff""##) && !game.contains(r##"fill="#ffffff""##));
    assert!(ink.contains("abc · 2026-01-02"));
    assert!(ink.contains(r#"stroke-width="0.25""#) && game.contains(r#"stroke-width="0.6""#));
    assert_eq!(c.back.as_ref().map(|b| b.0.as_str()), Some("termina"));
    // Every printed card has its picture, and its face draws it.
    assert!(cards.iter().all(|c| c.art.is_some()));
    assert!(game.contains("<path"), "the card's picture is on its face");
}

#[test]
fn the_tabletop_simulator_deck_has_sheets_of_at_most_ten_by_seven_and_a_description() {
    let dir = tmp("print-tts");
    let tts = dir.join("tts");
    let o = forward(&[
        "print",
        "--out",
        dir.join("all.pdf").to_str().unwrap(),
        "--tts",
        tts.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(tts.join("forward_deck.json")).unwrap())
            .unwrap();
    let decks = v["ObjectStates"].as_array().unwrap();
    // The traveller and Guardian with the common back, then one deck per Domain.
    assert_eq!(decks.len(), 10);
    let mut cards = 0;
    for d in decks {
        assert_eq!(d["Name"], "Deck");
        let ids: Vec<u64> = d["DeckIDs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        let contained = d["ContainedObjects"].as_array().unwrap();
        assert_eq!(ids.len(), contained.len());
        for (id, c) in ids.iter().zip(contained) {
            assert_eq!(c["CardID"].as_u64(), Some(*id));
            assert_eq!(c["Name"], "Card");
        }
        for (key, sheet) in d["CustomDeck"].as_object().unwrap() {
            let (w, h) = (
                sheet["NumWidth"].as_u64().unwrap(),
                sheet["NumHeight"].as_u64().unwrap(),
            );
            assert!(w == 10 && (1..=7).contains(&h), "{sheet}");
            let on: Vec<&u64> = ids
                .iter()
                .filter(|i| **i / 100 == key.parse::<u64>().unwrap())
                .collect();
            assert!(on.len() as u64 <= w * h && on.iter().all(|i| *i % 100 < w * h));
            let face = sheet["FaceURL"]
                .as_str()
                .unwrap()
                .trim_start_matches("file://");
            let path = Path::new(face);
            let path = if path.exists() {
                path.to_path_buf()
            } else {
                PathBuf::from(format!("/{}", face.trim_start_matches('/')))
            };
            assert_eq!(png_size(&path), (10 * 300, h as u32 * 419));
            let back = sheet["BackURL"]
                .as_str()
                .unwrap()
                .trim_start_matches("file://");
            assert_eq!(
                png_size(Path::new(&format!("/{}", back.trim_start_matches('/')))),
                (300, 419)
            );
        }
        cards += ids.len();
    }
    assert_eq!(cards, 173);
}

#[test]
fn the_tabletop_simulator_deck_points_at_an_image_host_when_given_one() {
    let dir = tmp("print-tts-url");
    let (local, hosted) = (dir.join("local"), dir.join("hosted"));
    let print = |tts: &Path, url: Option<&str>| {
        let mut args = vec![
            "print",
            "--out",
            dir.join("t.pdf").to_str().unwrap().to_string().leak() as &str,
            "--domain",
            "termina",
            "--tts",
            tts.to_str().unwrap().to_string().leak(),
        ];
        if let Some(u) = url {
            args.extend(["--tts-url", u]);
        }
        let o = forward(&args);
        assert!(o.status.success(), "{}", show(&o));
        let v: Value =
            serde_json::from_str(&std::fs::read_to_string(tts.join("forward_deck.json")).unwrap())
                .unwrap();
        let urls: Vec<String> = v["ObjectStates"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|d| d["CustomDeck"].as_object().unwrap().values().cloned())
            .flat_map(|s| [s["FaceURL"].clone(), s["BackURL"].clone()])
            .map(|u| u.as_str().unwrap().to_string())
            .collect();
        (String::from_utf8_lossy(&o.stdout).into_owned(), urls)
    };
    // Files on this computer: said plainly, and written beside the deck.
    let (said, urls) = print(&local, None);
    assert!(urls.iter().all(|u| u.starts_with("file:///")), "{urls:?}");
    assert!(
        said.contains("note: The deck's images are files on this computer"),
        "{said}"
    );
    let note = std::fs::read_to_string(local.join("README.txt")).unwrap();
    assert!(note.contains("--tts-url"), "{note}");
    // On an image host: every image at the host's address, by its file's name.
    let (said, urls) = print(&hosted, Some("https://example.org/forward/"));
    assert!(said.contains("upload every PNG"), "{said}");
    for u in &urls {
        let name = u
            .strip_prefix("https://example.org/forward/")
            .unwrap_or_else(|| panic!("{u}"));
        assert!(hosted.join(name).is_file(), "{name} is a file of the deck");
    }
    assert!(!hosted.join("README.txt").exists());
}

/// Every card of a folder imported from `sheet`, as printed.
fn printed(sheet: &str, name: &str) -> Vec<face::CardFace> {
    let dir = tmp(name);
    let sheet = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(sheet);
    let o = forward(&[
        "cards",
        "import",
        sheet.to_str().unwrap(),
        "--out",
        dir.join("cards").to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let (set, _) = load_dir(&dir.join("cards")).unwrap();
    forward::print::cards(set.files())
}

#[test]
fn an_imported_set_prints_each_face_once_and_every_text_fits_its_card() {
    let m = Metrics::new().unwrap();
    for (i, sheet) in [
        "designer_forms.csv",
        "designer_lines.csv",
        "designer_clauses.csv",
    ]
    .iter()
    .enumerate()
    {
        let cards = printed(sheet, &format!("print-imported-{i}"));
        for c in &cards {
            // A face is in the table, not in the text as well.
            for (n, (name, _)) in c.faces.iter().enumerate() {
                let line = format!("{} {name}", n + 1);
                assert!(
                    !c.text.contains(&line),
                    "{}: {line} printed twice:\n{}",
                    c.id,
                    c.text
                );
            }
            for bleed in [0.0, 3.0] {
                let (_, fitted) = face::face_svg_fitted(&m, c, bleed, &Look::GAME, None);
                assert!(fitted, "{}'s text does not fit its card:\n{}", c.id, c.text);
            }
        }
        // The Guardian says each of its seals once, in the designer's words.
        let g = cards.iter().find(|c| c.id == "guardian").unwrap();
        let seals = g.text.matches("SEAL OF ").count();
        assert!(seals >= 2, "{}", g.text);
        assert!(!g.text.contains("COMBAT TABLE"), "{}", g.text);
        assert!(
            !g.text
                .contains(": The Guardian heals fully after every exchange"),
            "not appended again: {}",
            g.text
        );
    }
}
