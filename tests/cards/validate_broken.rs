//! Every problem at once: a Domain file that is not valid JSON hides nothing else. Its
//! other cards are still read and checked, a card named in another file is still looked
//! up, and nothing is warned about falsely because of the broken file.

use crate::common::files::copy_dir;
use forward::cards::load::load_dir;
use std::fs;
use std::path::{Path, PathBuf};

/// A copy of the shipped cards named `name`.
fn shipped_copy(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("validate_broken")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("cards"), &dir);
    dir
}

/// Replaces the one `from` in the file by `to`.
fn replace_once(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert_eq!(text.matches(from).count(), 1, "`{from}` once in {path:?}");
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn a_syntax_error_in_one_file_and_an_unknown_card_in_another_are_both_reported() {
    let dir = shipped_copy("syntax_and_unknown");
    let (_, clean) = load_dir(&dir).expect("the shipped cards load");
    assert_eq!(clean.warnings, [], "the shipped set warns of nothing");
    let termina = dir.join("domains/termina.json");
    // A comma missing in Termina's first card.
    replace_once(
        &termina,
        "\"name\": \"The Bakehouse Oven, Still Warm\",",
        "\"name\": \"The Bakehouse Oven, Still Warm\"",
    );
    // HP 0 on a card after the syntax error, in the same file.
    let text = fs::read_to_string(&termina).unwrap();
    let hound = text.find("\"id\": \"cinder_hound\"").expect("the hound");
    let hp = hound + text[hound..].find("\"hp\": ").expect("its HP") + "\"hp\": ".len();
    let end = hp + text[hp..].find(',').expect("a comma after the HP");
    fs::write(&termina, format!("{}0{}", &text[..hp], &text[end..])).unwrap();
    // An unknown card in another Domain's `carries`.
    replace_once(
        &dir.join("domains/darkwood_brume.json"),
        "\"ferrymans_bell\"",
        "\"ferrymans_bel\"",
    );
    // The same mistakes without the syntax error: what they warn of on their own.
    let sound = shipped_copy("unknown_only");
    for f in ["domains/termina.json", "domains/darkwood_brume.json"] {
        fs::copy(dir.join(f), sound.join(f)).unwrap();
    }
    replace_once(
        &sound.join("domains/termina.json"),
        "\"name\": \"The Bakehouse Oven, Still Warm\"",
        "\"name\": \"The Bakehouse Oven, Still Warm\",",
    );
    let alone = match load_dir(&sound) {
        Ok(_) => panic!("the set with an unknown card loaded"),
        Err(r) => r,
    };
    assert_eq!(alone.errors.len(), 2, "{:#?}", alone.errors);
    let report = match load_dir(&dir) {
        Ok(_) => panic!("the broken set loaded"),
        Err(r) => r,
    };
    let found: Vec<(&str, Option<&str>, &str)> = report
        .errors
        .iter()
        .map(|p| (p.file.as_str(), p.card.as_deref(), p.message.as_str()))
        .collect();
    assert_eq!(report.errors.len(), 3, "{found:#?}");
    let syntax = &report.errors[0];
    assert_eq!(syntax.file, "domains/termina.json");
    assert_eq!(syntax.card.as_deref(), Some("termina_warm_oven"));
    assert!(syntax.message.contains("JSON syntax error"), "{syntax:#?}");
    let hp = &report.errors[1];
    assert_eq!(hp.file, "domains/termina.json");
    assert_eq!(hp.card.as_deref(), Some("cinder_hound"), "{hp:#?}");
    assert_eq!(hp.path.as_deref(), Some("stations[8].hp"), "{hp:#?}");
    assert!(hp.line.is_some(), "located in the file: {hp:#?}");
    let unknown = &report.errors[2];
    assert_eq!(unknown.file, "domains/darkwood_brume.json");
    assert!(
        unknown.message.contains("unknown card `ferrymans_bel`"),
        "{unknown:#?}"
    );
    assert!(
        unknown.message.contains("did you mean `ferrymans_bell`"),
        "{unknown:#?}"
    );
    // Nothing more warned about because one card could not be read.
    assert_eq!(report.warnings, alone.warnings, "false warnings");
    assert_eq!(report.errors[1..], alone.errors[..]);
}

#[test]
fn a_card_named_in_another_file_and_written_in_the_broken_one_is_not_called_unknown() {
    let dir = shipped_copy("unread_card");
    // The Sage's file is broken inside the Sage: the Bell's reference from elsewhere
    // stays quiet only if the Bell is there; the Sage itself is written in the file.
    let bell = dir.join("domains/nightsea_expanse.json");
    let text = fs::read_to_string(&bell).unwrap();
    let at = text.find("\"id\": \"ferrymans_bell\"").expect("the Bell");
    let name = at + text[at..].find("\"name\":").expect("its name");
    let comma = name + text[name..].find(",\n").expect("the name's comma");
    fs::write(&bell, format!("{}{}", &text[..comma], &text[comma + 1..])).unwrap();
    let report = match load_dir(&dir) {
        Ok(_) => panic!("the broken set loaded"),
        Err(r) => r,
    };
    assert_eq!(report.errors.len(), 1, "{:#?}", report.errors);
    assert!(report.errors[0].message.contains("JSON syntax error"));
    assert_eq!(report.warnings, [], "false warnings");
}
