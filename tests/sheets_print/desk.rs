//! The designer's desk, without the window: a card saved back into its Domain file changes
//! only that card's bytes, the set still validates, and undo puts the file back exactly.
//! Every test works on a copy of the shipped cards in a temporary directory.

use crate::common::files::copy_dir;
use forward::cards::edit::{self, template};
use forward::cards::load::load_dir;
use forward::cards::model::{DomainFile, StationType};
use std::fs;
use std::path::{Path, PathBuf};

fn shipped_copy(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("desk")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("cards"), &dir);
    dir
}

#[test]
fn saving_a_card_changes_only_that_card_and_undo_restores_the_file() {
    let dir = shipped_copy("save_undo");
    let rel = "domains/termina.json";
    let before = fs::read_to_string(dir.join(rel)).unwrap();
    let file: DomainFile = serde_json::from_str(&before).unwrap();
    let mut card = file.stations[8].clone();
    assert_eq!(card.id.0, "cinder_hound");
    // A tougher hound, and the text says so.
    card.hp = Some(forward::cards::model::FoeHp::Fixed(4));
    card.text = card.text.replace("HP 3.", "HP 4.");
    let saved = edit::save_card(&dir, rel, 8, &card).unwrap();
    assert_eq!(saved.before, before);

    let after = fs::read_to_string(dir.join(rel)).unwrap();
    // The bytes before the hound's object and after it are the same.
    let start = before.find("\"id\": \"cinder_hound\"").unwrap();
    let start = before[..start].rfind('{').unwrap();
    let next = before.find("\"id\": \"ash_blind_ram\"").unwrap();
    let end = before[..next].rfind('}').unwrap() + 1;
    assert_eq!(&after[..start], &before[..start]);
    let tail = before.len() - end;
    assert_eq!(&after[after.len() - tail..], &before[end..]);
    let reread: DomainFile = serde_json::from_str(&after).unwrap();
    assert_eq!(reread.stations[8], card);
    for (i, (a, b)) in reread.stations.iter().zip(&file.stations).enumerate() {
        if i != 8 {
            assert_eq!(a, b, "card {i} changed");
        }
    }
    // The set still validates, without a warning.
    let (set, report) = load_dir(&dir).unwrap_or_else(|r| panic!("{:#?}", r.errors));
    assert_eq!(report.warnings, []);
    let hound = set.card_by_str("cinder_hound").unwrap();
    assert_eq!(
        set.card(hound).hp,
        Some(forward::cards::model::FoeHp::Fixed(4))
    );
    // Undo puts every byte back; no temporary file is left behind.
    edit::undo(&saved).unwrap();
    assert_eq!(fs::read_to_string(dir.join(rel)).unwrap(), before);
    let leftovers: Vec<_> = fs::read_dir(dir.join("domains"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn a_card_from_each_template_loads() {
    let dir = shipped_copy("templates");
    let rel = "domains/termina.json";
    let mut text = fs::read_to_string(dir.join(rel)).unwrap();
    for t in StationType::ALL {
        let card = template(t, &format!("new_{t}"));
        text = edit::append_card(rel, &text, &card).unwrap();
    }
    fs::write(dir.join(rel), &text).unwrap();
    let (set, report) = load_dir(&dir).unwrap_or_else(|r| panic!("{:#?}", r.errors));
    assert!(set.card_by_str("new_foe").is_some());
    assert_eq!(report.stations, 172);
    // The templates' placeholder text draws the text check's warnings, nothing else.
    assert!(
        report
            .warnings
            .iter()
            .all(|w| w.card.as_deref().is_some_and(|c| c.starts_with("new_"))
                || w.message.contains("station cards; the full set has 18")),
        "{:#?}",
        report.warnings
    );
}
