//! The form's editing, checking and saving, without a window.

use super::field::Edit;
use super::history::History;
use super::model::{self, Form, Slot};
use super::*;
use crate::cards::load::load_dir;
use crate::cards::model::{FoeHp, StationType};
use std::path::{Path, PathBuf};

/// The integration tests' file helpers (a card set copied, the unchanged ends of a file).
#[path = "../../../../tests/common/files.rs"]
mod files;

/// A fresh copy of the shipped cards in a temporary folder (removed with the guard).
fn copy_of_cards(name: &str) -> (tempfile::TempDir, PathBuf) {
    let (tmp, dir) = crate::scratch::scratch(name);
    files::copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("cards"), &dir);
    (tmp, dir)
}

fn open(dir: &Path, id: &str) -> (CardSet, CardForm) {
    let (set, _) = load_dir(dir).unwrap();
    let c = usize::from(set.card_by_str(id).unwrap().index);
    let desk = CardForm::open(&set, &CardSource::Dir(dir.to_path_buf()), c).unwrap();
    (set, desk)
}

/// Focuses the field at `slot` and replaces its text by typing.
fn retype(form: &mut Form, slot: &Slot, text: &str) {
    form.focus = form.fields.iter().position(|f| &f.slot == slot).unwrap();
    form.edit(Edit::End);
    while form.edit(Edit::Backspace) {}
    for c in text.chars() {
        form.edit(Edit::Insert(c));
    }
}

fn key(k: &str) -> Slot {
    Slot::Key(k.into())
}

fn notes(form: &Form, slot: &Slot) -> Vec<(bool, String)> {
    let f = form.fields.iter().find(|f| &f.slot == slot).unwrap();
    f.notes
        .iter()
        .map(|n| (n.error, n.message.clone()))
        .collect()
}

#[test]
fn every_shipped_card_reads_back_from_its_form_unchanged() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let (set, _) = load_dir(&dir).unwrap();
    for card in &set.cards {
        let value = serde_json::to_value(card).unwrap();
        let form = Form::of(&value);
        assert_eq!(form.value().as_ref(), Ok(&value), "{}", card.id);
    }
}

#[test]
fn a_shipped_card_checks_clean_and_a_bad_hp_is_refused_under_its_field() {
    let (_tmp, dir) = copy_of_cards("hp");
    let (_, mut desk) = open(&dir, "cinder_hound");
    assert_eq!(desk.form.errors(), 0, "{:?}", desk.form.general);
    assert!(!desk.dirty());
    retype(&mut desk.form, &key("hp"), "0");
    desk.check();
    let hp = notes(&desk.form, &key("hp"));
    assert!(hp.iter().any(|(e, m)| *e && m.contains("1")), "{hp:?}");
    assert!(desk.dirty());
    // Not a number: the loader's own words about the type, under the field.
    retype(&mut desk.form, &key("hp"), "six");
    desk.check();
    let hp = notes(&desk.form, &key("hp"));
    assert_eq!(hp.len(), 1, "{hp:?}");
    assert!(hp[0].0, "{hp:?}");
    // Save is refused while there are errors, and the file is untouched.
    let file = dir.join(&desk.target.rel);
    let before = std::fs::read(&file).unwrap();
    assert!(matches!(desk.try_save(), Outcome::Stay));
    assert!(desk.note.as_deref().unwrap_or("").contains("error"));
    assert_eq!(std::fs::read(&file).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn broken_json_is_placed_under_its_field_and_text_that_disagrees_warns() {
    let (_tmp, dir) = copy_of_cards("json");
    let (_, mut desk) = open(&dir, "cinder_hound");
    // Broken JSON in a face's "other" field: the error under that face's fields.
    retype(&mut desk.form, &Slot::Face(2), "{\"heal\": ");
    desk.check();
    let face = notes(&desk.form, &Slot::Face(2));
    assert!(
        face.iter().any(|(e, _)| *e),
        "{face:?} {:?}",
        desk.form.general
    );
    retype(&mut desk.form, &Slot::Face(2), "");
    // HP 7 where the text says another number: the text check's warning.
    retype(&mut desk.form, &key("hp"), "7");
    desk.check();
    assert_eq!(desk.form.errors(), 0, "{:?}", desk.form.general);
    let warned: Vec<String> = desk
        .form
        .fields
        .iter()
        .flat_map(|f| &f.notes)
        .chain(&desk.form.general)
        .filter(|n| !n.error)
        .map(|n| n.message.clone())
        .collect();
    assert!(warned.iter().any(|m| m.contains("HP 7")), "{warned:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_changes_only_the_card_and_undo_puts_the_file_back() {
    let (_tmp, dir) = copy_of_cards("save");
    let (_, mut desk) = open(&dir, "cinder_hound");
    let file = dir.join(&desk.target.rel);
    let before = std::fs::read_to_string(&file).unwrap();
    let text = desk.form.text(&key("text")).unwrap().to_string();
    let hp = desk.form.text(&key("hp")).unwrap().to_string();
    let new_hp = (hp.parse::<i32>().unwrap() + 1).to_string();
    retype(
        &mut desk.form,
        &key("text"),
        &text.replace(&format!("HP {hp}"), &format!("HP {new_hp}")),
    );
    retype(&mut desk.form, &key("hp"), &new_hp);
    desk.check();
    assert_eq!(desk.form.errors(), 0, "{:?}", desk.form.general);
    let Outcome::Saved { saved, card, .. } = desk.try_save() else {
        panic!("not saved: {:?}", desk.note);
    };
    assert_eq!(card, Opened::Station("cinder_hound".into()));
    let [saved] = &saved[..] else {
        panic!("one file written: {saved:?}");
    };
    assert!(!desk.dirty());
    let after = std::fs::read_to_string(&file).unwrap();
    let (set, _) = load_dir(&dir).expect("the saved set still loads");
    let hound = set.card(set.card_by_str("cinder_hound").unwrap());
    assert_eq!(hound.hp, Some(FoeHp::Fixed(new_hp.parse().unwrap())));
    // Only the card's object changed: the bytes before and after it are the same.
    let (head, tail) = files::same_ends(&before, &after);
    let start = before.find("\"cinder_hound\"").unwrap();
    let card_start = before[..start].rfind('{').unwrap();
    assert!(head >= card_start, "changed before the card: byte {head}");
    let old_end = before.len() - tail;
    let next = before[start..]
        .find("\n    {")
        .map_or(before.len(), |i| start + i);
    assert!(old_end <= next, "changed after the card: byte {old_end}");
    edit::undo(saved).unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_card_from_a_template_is_added_last_and_loads() {
    let (_tmp, dir) = copy_of_cards("new");
    let (set, _) = load_dir(&dir).unwrap();
    let source = CardSource::Dir(dir.clone());
    let mut desk = CardForm::new_card(&set, &source, 0, StationType::Foe).unwrap();
    assert!(desk.is_new());
    assert_eq!(desk.form.text(&key("id")), Some("new_foe"));
    retype(&mut desk.form, &key("name"), "Ash Moth");
    retype(&mut desk.form, &key("text"), "A moth of ash. HP 3.");
    desk.check();
    assert_eq!(desk.form.errors(), 0, "{:?}", desk.form.general);
    let Outcome::Saved { saved, .. } = desk.try_save() else {
        panic!("not saved: {:?}", desk.note);
    };
    let (after, _) = load_dir(&dir).expect("loads with the new card");
    let moth = after.card(after.card_by_str("new_foe").unwrap());
    assert_eq!(moth.name, "Ash Moth");
    let d = &after.domains[0];
    assert_eq!(d.stations.last().map(|s| s.id()), Some("new_foe"));
    edit::undo(&saved[0]).unwrap();
    assert!(load_dir(&dir).unwrap().0.card_by_str("new_foe").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_builtin_set_is_checked_but_not_saved() {
    let (set, _) = crate::cards::load::load_source(&CardSource::Builtin).unwrap();
    let c = usize::from(set.card_by_str("cinder_hound").unwrap().index);
    let mut desk = CardForm::open(&set, &CardSource::Builtin, c).unwrap();
    assert_eq!(desk.form.errors(), 0, "{:?}", desk.form.general);
    assert_eq!(desk.note.as_deref(), Some(builtin_note().as_str()));
    desk.note = None;
    assert!(matches!(desk.try_save(), Outcome::Stay));
    assert_eq!(desk.note.as_deref(), Some(builtin_note().as_str()));
}

#[test]
fn a_box_wraps_after_a_space_and_cuts_only_words_longer_than_a_line() {
    use super::geometry::line_starts;
    // "Play the hound" in lines of 10: after "Play the " (9), then "hound".
    assert_eq!(line_starts("Play the hound", 10), vec![0, 9]);
    // A word longer than a line is cut.
    assert_eq!(line_starts("abcdefghijkl", 5), vec![0, 5, 10]);
    // Short text: one line; a full line gets one more for the caret after it.
    assert_eq!(line_starts("abc", 5), vec![0]);
    assert_eq!(line_starts("abcde", 5), vec![0, 5]);
    assert_eq!(line_starts("", 5), vec![0]);
}

#[test]
fn a_file_changed_outside_is_not_overwritten_until_taken_in() {
    let (_tmp, dir) = copy_of_cards("outside");
    let (_, mut desk) = open(&dir, "cinder_hound");
    let file = dir.join(&desk.target.rel);
    let name = desk.form.text(&key("name")).unwrap().to_string();
    retype(&mut desk.form, &key("name"), &format!("{name} Grey"));
    // Another card of the same file renamed in a text editor meanwhile.
    let before = std::fs::read_to_string(&file).unwrap();
    let outside = before.replacen("\"name\": \"", "\"name\": \"Outside ", 1);
    assert_ne!(outside, before);
    std::fs::write(&file, &outside).unwrap();
    desk.watch();
    assert!(
        desk.note
            .as_deref()
            .unwrap_or("")
            .contains("changed outside the game"),
        "{:?}",
        desk.note
    );
    assert!(matches!(desk.try_save(), Outcome::Stay));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        outside,
        "not written"
    );
    // Ctrl-L: the file as it is now, the form's edit kept; then Save keeps both.
    desk.take_in();
    assert_eq!(
        desk.form.text(&key("name")),
        Some(format!("{name} Grey").as_str())
    );
    let Outcome::Saved { .. } = desk.try_save() else {
        panic!("not saved: {:?}", desk.note);
    };
    let after = std::fs::read_to_string(&file).unwrap();
    assert!(
        after.contains("\"name\": \"Outside "),
        "the outside edit kept"
    );
    assert!(after.contains(&format!("\"name\": \"{name} Grey\"")));
    let _ = std::fs::remove_dir_all(&dir);
}

fn open_other(dir: &Path, card: Opened) -> (CardSet, CardForm) {
    let (set, _) = load_dir(dir).unwrap();
    let desk = CardForm::open_other(&set, &CardSource::Dir(dir.to_path_buf()), &card).unwrap();
    (set, desk)
}

#[test]
fn the_traveller_guardian_map_and_title_cards_read_back_from_their_forms_unchanged() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let cards = [
        Opened::Traveller,
        Opened::Guardian,
        Opened::Map,
        Opened::Title("termina".into()),
        Opened::Title("nightsea_expanse".into()),
    ];
    for card in cards {
        let (_, desk) = open_other(&dir, card.clone());
        assert_eq!(desk.form.errors(), 0, "{card:?}: {:?}", desk.form.general);
        let file = std::fs::read_to_string(dir.join(&desk.target.rel)).unwrap();
        let (spliced, _) = desk.spliced(&desk.form.object().0).unwrap();
        let a: serde_json::Value = serde_json::from_str(&file).unwrap();
        let b: serde_json::Value = serde_json::from_str(&spliced).unwrap();
        assert_eq!(a, b, "{card:?}");
        // Unchanged, the card is written back byte for byte.
        assert!(spliced == file, "{card:?}:\n{spliced}");
        // The file's order of keys is kept.
        let keys = |t: &str| -> Vec<usize> {
            a.as_object()
                .unwrap()
                .keys()
                .map(|k| t.find(&format!("\"{k}\":")).unwrap())
                .collect()
        };
        let (mut was, mut now) = (keys(&file), keys(&spliced));
        let order = |v: &mut Vec<usize>| {
            let mut idx: Vec<usize> = (0..v.len()).collect();
            idx.sort_by_key(|&i| v[i]);
            idx
        };
        assert_eq!(order(&mut was), order(&mut now), "{card:?}");
    }
}

/// Focuses the field at `slot`.
fn focus(form: &mut Form, slot: &Slot) {
    form.focus = form.fields.iter().position(|f| &f.slot == slot).unwrap();
}

#[test]
fn a_guardian_seal_and_a_domain_title_are_edited_saved_and_checked() {
    use rows::{Role, Vocab};
    let (_tmp, dir) = copy_of_cards("others");
    let (_, mut desk) = open_other(&dir, Opened::Guardian);
    let before = std::fs::read_to_string(dir.join("guardian.json")).unwrap();
    let penalty = part("seals[1].penalty", Role::Value);
    let broken = part("seals[1].broken_by", Role::Key(Vocab::Conditions));
    let who = part("seals[1].broken_by", Role::Arg(""));
    assert_eq!(desk.form.text(&penalty), Some("full_heal"));
    assert_eq!(desk.form.text(&broken), Some("follows"));
    assert_eq!(desk.form.text(&who), Some("mirror_knight"));
    // The penalty is picked from the format's penalties, never typed.
    focus(&mut desk.form, &penalty);
    assert!(
        !desk.form.edit(Edit::Insert('x')),
        "no penalty starts with x"
    );
    assert!(desk.form.pick("reflect"));
    assert!(
        !desk.form.pick("full_health"),
        "not a penalty of the format"
    );
    // What breaks it: `holds` picked, its value a card id.
    focus(&mut desk.form, &broken);
    assert!(desk.form.pick("holds"));
    let card = desk.form.fields.iter().find(|f| f.slot == who).unwrap();
    assert_eq!(card.label.trim(), "card id");
    assert_eq!(card.edit.text(), "");
    retype(&mut desk.form, &who, "ferrymans_bell");
    desk.check();
    assert_eq!(desk.form.errors(), 0, "{:?}", desk.form.general);
    let Outcome::Saved { saved, card, .. } = desk.try_save() else {
        panic!("not saved: {:?}", desk.note);
    };
    assert_eq!(card, Opened::Guardian);
    let (set, _) = load_dir(&dir).expect("the saved set loads");
    let seal = &set.files().guardian.seals[1];
    assert_eq!(seal.penalty, crate::cards::model::SealPenalty::Reflect);
    assert_eq!(
        serde_json::to_value(&seal.broken_by).unwrap(),
        serde_json::json!({"holds": "ferrymans_bell"})
    );
    // Only that seal's lines changed, written as the file writes a seal.
    let after = std::fs::read_to_string(dir.join("guardian.json")).unwrap();
    let (head, tail) = files::same_ends(&before, &after);
    assert!(head > before.find("\"seal_of_acedia\"").unwrap(), "{after}");
    assert!(before.len() - tail < before.find("\"seal_of_agnosia\"").unwrap());
    assert!(
        after.contains(
            "      \"broken_by\": { \"holds\": \"ferrymans_bell\" },\n      \"penalty\": \"reflect\"\n    },"
        ),
        "{after}"
    );
    edit::undo(&saved[0]).unwrap();

    let (_, mut desk) = open_other(&dir, Opened::Title("termina".into()));
    let file = dir.join(&desk.target.rel);
    let before = std::fs::read_to_string(&file).unwrap();
    retype(&mut desk.form, &key("name"), "Termina the Burnt");
    desk.check();
    assert_eq!(desk.form.errors(), 0, "{:?}", desk.form.general);
    let Outcome::Saved { .. } = desk.try_save() else {
        panic!("not saved: {:?}", desk.note);
    };
    let (set, _) = load_dir(&dir).expect("the saved set loads");
    assert_eq!(set.domains[0].name, "Termina the Burnt");
    // The Station cards keep their bytes.
    let after = std::fs::read_to_string(&file).unwrap();
    let list = |t: &str| t[t.find("\"stations\"").unwrap()..].to_string();
    assert_eq!(list(&after), list(&before));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_rename_lists_its_references_and_carries_them_across_files_in_one_step() {
    let (_tmp, dir) = copy_of_cards("rename");
    let (_, mut desk) = open(&dir, "ancient_sword");
    retype(&mut desk.form, &key("id"), "old_blade");
    desk.check();
    assert_eq!(desk.form.errors(), 0, "{:?}", desk.form.general);
    let rename = desk.rename.clone().expect("the old id is named elsewhere");
    let files: Vec<&str> = rename.refs.iter().map(|r| r.file.as_str()).collect();
    assert!(files.contains(&"guardian.json"), "{files:?}");
    let before = std::fs::read_to_string(dir.join("guardian.json")).unwrap();
    // Save asks first, and N writes nothing.
    assert!(matches!(desk.try_save(), Outcome::Stay));
    assert_eq!(desk.popup, Popup::Rename);
    assert_eq!(
        std::fs::read_to_string(dir.join("guardian.json")).unwrap(),
        before
    );
    let Outcome::Saved {
        saved, card, what, ..
    } = desk.confirm_rename()
    else {
        panic!("not saved: {:?}", desk.note);
    };
    assert_eq!(card, Opened::Station("old_blade".into()));
    assert!(
        what.starts_with("renaming ancient_sword to old_blade"),
        "{what}"
    );
    assert!(saved.len() >= 2, "{saved:?}");
    let (set, _) = load_dir(&dir).expect("the renamed set loads");
    assert!(set.card_by_str("old_blade").is_some());
    assert!(set.card_by_str("ancient_sword").is_none());
    let after = std::fs::read_to_string(dir.join("guardian.json")).unwrap();
    assert!(after.contains("\"holds\": \"old_blade\""));
    assert_eq!(
        after.replace("old_blade", "ancient_sword"),
        before,
        "only the id changed"
    );
    for s in saved.iter().rev() {
        edit::undo(s).unwrap();
    }
    assert!(
        load_dir(&dir)
            .unwrap()
            .0
            .card_by_str("ancient_sword")
            .is_some()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_face_is_edited_through_its_fields_and_a_choice_is_picked_not_typed() {
    let (_tmp, dir) = copy_of_cards("face");
    let (_, mut desk) = open(&dir, "cinder_hound");
    let deal = Slot::FaceKey(3, "deal".into());
    let block = Slot::FaceKey(3, "block".into());
    assert_eq!(desk.form.text(&block), Some("no"));
    // A deal the format refuses: the loader's words under the deal's own field.
    retype(&mut desk.form, &deal, "99");
    desk.check();
    assert!(
        notes(&desk.form, &deal).iter().any(|(e, _)| *e),
        "{:?}",
        desk.form.general
    );
    retype(&mut desk.form, &deal, "2");
    // Letters pick a word of the choice; other keys are not typed into it.
    desk.form.focus = desk
        .form
        .fields
        .iter()
        .position(|f| f.slot == block)
        .unwrap();
    assert!(!desk.form.edit(Edit::Insert('x')));
    assert!(desk.form.edit(Edit::Insert('y')));
    assert_eq!(desk.form.text(&block), Some("yes"));
    assert!(desk.form.edit(Edit::Right));
    assert_eq!(desk.form.text(&block), Some("no"));
    assert!(desk.form.edit(Edit::Left));
    retype(
        &mut desk.form,
        &Slot::FaceKey(3, "name".into()),
        "Ash Guard",
    );
    let face = &desk.form.value().unwrap()["faces"][3];
    assert_eq!(face["name"], "Ash Guard");
    assert_eq!(face["deal"], 2);
    assert_eq!(face["block"], true);
    // "no" leaves the key out, as the files do.
    assert!(
        desk.form.value().unwrap()["faces"][0]
            .get("block")
            .is_none()
    );
    // Each face on a line of its own in the object.
    let (object, _) = desk.form.object();
    assert!(
        object.contains("\n    {\"name\": \"Ash Guard\", \"deal\": 2, \"block\": true},\n"),
        "{object}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn part(path: &str, role: rows::Role) -> Slot {
    Slot::Part(path.into(), role)
}

/// Types `text` in the field at `slot`; the check then names it in an error under that
/// field.
fn refused_under(desk: &mut CardForm, slot: &Slot, text: &str) {
    retype(&mut desk.form, slot, text);
    desk.check();
    let under = notes(&desk.form, slot);
    assert!(
        under.iter().any(|(e, m)| *e && m.contains(text)),
        "{under:?} {:?}",
        desk.form.general
    );
}

#[test]
fn a_terror_option_is_edited_through_typed_fields_and_saved() {
    use rows::{Role, Vocab};
    let (_tmp, dir) = copy_of_cards("typed");
    let (_, mut desk) = open(&dir, "darkwood_nobody_calls");
    let kind = part("options[1].effects[0]", Role::Key(Vocab::Effects));
    let arg = part("options[1].effects[0]", Role::Arg(""));
    assert_eq!(desk.form.text(&kind), Some("dread"));
    assert_eq!(desk.form.text(&arg), Some("1"));
    // The picker offers the format's effects: `lose_health` is picked, not typed, and
    // its value's field follows (an amount, starting at 1).
    desk.form.focus = desk
        .form
        .fields
        .iter()
        .position(|f| f.slot == kind)
        .unwrap();
    let mut h = History::default();
    assert!(
        !h.edit(&mut desk.form, Edit::Insert('q')),
        "no effect starts with q"
    );
    assert!(h.edit(&mut desk.form, Edit::Insert('l')));
    assert_eq!(desk.form.text(&kind), Some("lose_health"));
    let amount = desk.form.fields.iter().find(|f| f.slot == arg).unwrap();
    assert_eq!(amount.kind, model::Kind::Amount);
    retype(&mut desk.form, &arg, "1d6+1");
    assert_eq!(
        desk.form.value().unwrap()["options"][1]["effects"][0],
        serde_json::json!({"lose_health": {"d6": 1, "plus": 1}})
    );
    // A number the format refuses: the loader's words under the value's own field.
    retype(&mut desk.form, &arg, "99");
    desk.check();
    assert!(
        notes(&desk.form, &arg).iter().any(|(e, _)| *e),
        "{:?}",
        desk.form.general
    );
    retype(&mut desk.form, &arg, "4");
    // "+ effect" adds one at the end of the option's effects; Ctrl-Delete removes one.
    let add = part("options[1].effects", Role::Add(Vocab::Effects));
    desk.form.focus = desk.form.fields.iter().position(|f| f.slot == add).unwrap();
    assert!(h.change(&mut desk.form, Form::add_item));
    let second = part("options[1].effects[1]", Role::Key(Vocab::Effects));
    assert_eq!(desk.form.text(&second), Some("heal"));
    assert_eq!(
        desk.form.value().unwrap()["options"][1]["effects"][1],
        serde_json::json!({"heal": 1})
    );
    desk.form.focus = desk
        .form
        .fields
        .iter()
        .position(|f| f.slot == kind)
        .unwrap();
    assert!(h.change(&mut desk.form, Form::remove_item));
    assert_eq!(
        desk.form.text(&kind),
        Some("heal"),
        "the next effect moved up"
    );
    assert!(h.undo(&mut desk.form));
    assert_eq!(desk.form.text(&kind), Some("lose_health"));
    assert!(h.undo(&mut desk.form));
    assert_eq!(desk.form.text(&second), None, "the added effect is undone");
    assert!(h.redo(&mut desk.form));
    assert_eq!(desk.form.text(&second), Some("heal"));
    desk.form.focus = desk
        .form
        .fields
        .iter()
        .position(|f| f.slot == second)
        .unwrap();
    assert!(h.change(&mut desk.form, Form::remove_item));
    let label = part("options[1].label", Role::Value);
    retype(&mut desk.form, &label, "Give up a while (lose 4 Health)");
    desk.check();
    assert_eq!(desk.form.errors(), 0, "{:?}", desk.form.general);
    let Ok(Outcome::Saved { .. }) = desk.save() else {
        panic!("not saved: {:?}", desk.note);
    };
    let text = std::fs::read_to_string(dir.join("domains/darkwood_brume.json")).unwrap();
    let (set, _) = load_dir(&dir).unwrap();
    let card = &set.cards[usize::from(set.card_by_str("darkwood_nobody_calls").unwrap().index)];
    assert_eq!(card.options[1].label, "Give up a while (lose 4 Health)");
    assert_eq!(
        serde_json::to_value(&card.options[1].effects).unwrap(),
        serde_json::json!([{"lose_health": 4}])
    );
    // The file keeps the model's order of keys: label, then effects.
    let at = text.find("Give up a while").unwrap();
    assert!(text[at..].find("\"effects\"").is_some(), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_test_and_its_outcomes_have_fields_of_their_own() {
    use rows::{Role, Vocab};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let (_, mut desk) = open(&dir, "darkwood_brambles_in_fog");
    assert_eq!(desk.form.text(&part("test.target", Role::Value)), Some("4"));
    assert_eq!(
        desk.form.text(&part("test.extended", Role::Value)),
        Some("yes")
    );
    let fail = part("test.each_failure[0]", Role::Key(Vocab::Effects));
    assert_eq!(desk.form.text(&fail), Some("lose_health"));
    retype(&mut desk.form, &part("test.target", Role::Value), "13");
    desk.check();
    assert!(
        notes(&desk.form, &part("test.target", Role::Value))
            .iter()
            .any(|(e, _)| *e)
    );
    // A bonus has a picker for what it is to and a number; a cost a payment's picker.
    let (_, desk) = open(&dir, "amara_untouched_spring");
    assert_eq!(
        desk.form.text(&part("effects[1]", Role::Arg("to"))),
        Some("next_heal")
    );
    assert_eq!(
        desk.form.text(&part("effects[1]", Role::Arg("amount"))),
        Some("2")
    );
    assert!(
        desk.form.fields.iter().all(|f| f.kind != model::Kind::Json),
        "no JSON left"
    );
    let (_, desk) = open(&dir, "gaol_cell_of_cold");
    let cost = part("options[1].cost[0]", Role::Key(Vocab::Payments));
    assert_eq!(desk.form.text(&cost), Some("spend_resolve"));
}

#[test]
fn a_new_foes_text_is_written_from_its_data_shown_first_and_undone() {
    let (_tmp, dir) = copy_of_cards("write");
    let (set, _) = load_dir(&dir).unwrap();
    let source = CardSource::Dir(dir.clone());
    let mut desk = CardForm::new_card(&set, &source, 0, StationType::Foe).unwrap();
    let warned = |d: &CardForm| -> usize {
        d.form
            .fields
            .iter()
            .flat_map(|f| &f.notes)
            .chain(&d.form.general)
            .filter(|n| !n.error && n.message.contains("text"))
            .count()
    };
    assert!(
        warned(&desk) > 0,
        "a template's text does not say its faces"
    );
    let before = desk.form.text(&key("text")).unwrap().to_string();
    desk.open_text();
    let Popup::Text(text) = desk.popup.clone() else {
        panic!("no preview: {:?}", desk.note);
    };
    assert!(text.contains("HP 3."), "{text}");
    assert_eq!(
        desk.form.text(&key("text")),
        Some(before.as_str()),
        "not taken yet"
    );
    desk.take_text(&text);
    assert_eq!(desk.popup, Popup::None);
    assert_eq!(desk.form.text(&key("text")), Some(text.as_str()));
    desk.check();
    assert_eq!(warned(&desk), 0, "{:?}", desk.form.general);
    assert!(desk.undo(true));
    assert_eq!(desk.form.text(&key("text")), Some(before.as_str()));
    // The type picker opens on a new card, at its own type; a saved card keeps its type.
    desk.open_types();
    let foe = StationType::ALL
        .iter()
        .position(|t| *t == StationType::Foe)
        .unwrap();
    assert_eq!(desk.popup, Popup::Types(foe));
    let (_, mut saved) = open(&dir, "cinder_hound");
    saved.open_types();
    assert_eq!(saved.popup, Popup::None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_syntax_error_in_an_effects_json_lands_under_that_row() {
    use rows::Role;
    let (_tmp, dir) = copy_of_cards("if-json");
    let (_, mut desk) = open(&dir, "gaol_names_in_the_ice");
    let body = part("effects[0]", Role::Arg(""));
    let text = desk.form.text(&body).unwrap().to_string();
    retype(&mut desk.form, &body, &text.replacen(": ", " ", 1));
    desk.check();
    assert!(
        notes(&desk.form, &body).iter().any(|(e, _)| *e),
        "{:?}",
        desk.form.general
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_seal_is_added_and_removed_and_an_unknown_card_is_named_under_its_field() {
    use rows::{Role, Vocab};
    let (_tmp, dir) = copy_of_cards("seal-add");
    let (_, mut desk) = open_other(&dir, Opened::Guardian);
    let file = std::fs::read_to_string(dir.join("guardian.json")).unwrap();
    let mut h = History::default();
    // "+ seal" adds one after the last, with a field for each of its keys.
    let add = part("seals", Role::Add(Vocab::Seals));
    focus(&mut desk.form, &add);
    assert!(h.change(&mut desk.form, Form::add_item));
    let id = part("seals[3].id", Role::Value);
    assert_eq!(desk.form.text(&id), Some(""));
    assert_eq!(
        desk.form.text(&part("seals[3].penalty", Role::Value)),
        Some("barred")
    );
    retype(&mut desk.form, &id, "seal_of_rust");
    retype(
        &mut desk.form,
        &part("seals[3].name", Role::Value),
        "Seal of Rust",
    );
    let words = "Unless you hold the Ancient Sword, the run ends at the water.";
    retype(&mut desk.form, &part("seals[3].text", Role::Value), words);
    // A card the set does not have: named under the card id's own field.
    let card = part("seals[3].broken_by", Role::Arg(""));
    refused_under(&mut desk, &card, "no_such_blade");
    // A carry has a row for the companion's id and one for the card's: a problem with
    // one lands under its own row.
    let carried = part("seals[0].broken_by", Role::Arg("card"));
    assert_eq!(desk.form.text(&carried), Some("ferrymans_bell"));
    refused_under(&mut desk, &carried, "no_such_bell");
    let companion = part("seals[0].broken_by", Role::Arg("companion"));
    let errors = notes(&desk.form, &companion);
    assert!(errors.iter().all(|(e, _)| !e), "{errors:?}");
    retype(&mut desk.form, &carried, "ferrymans_bell");
    retype(&mut desk.form, &card, "ancient_sword");
    desk.check();
    assert_eq!(desk.form.errors(), 0, "{:?}", desk.form.general);
    let seals = desk.form.value().unwrap()["seals"].clone();
    assert_eq!(seals.as_array().map(Vec::len), Some(4));
    assert_eq!(
        seals[3],
        serde_json::json!({"id": "seal_of_rust", "name": "Seal of Rust", "text": words,
            "broken_by": {"holds": "ancient_sword"}, "penalty": "barred"})
    );
    // Ctrl-Delete on any field of a seal removes that seal; the next ones move up.
    focus(&mut desk.form, &part("seals[0].name", Role::Value));
    assert!(h.change(&mut desk.form, Form::remove_item));
    assert_eq!(
        desk.form.text(&part("seals[0].id", Role::Value)),
        Some("seal_of_acedia")
    );
    assert_eq!(
        desk.form.text(&part("seals[2].id", Role::Value)),
        Some("seal_of_rust")
    );
    assert!(h.undo(&mut desk.form));
    focus(&mut desk.form, &id);
    assert!(h.change(&mut desk.form, Form::remove_item));
    // Back as it was: the file's own text, byte for byte.
    assert!(!desk.dirty());
    let (spliced, _) = desk.spliced(&desk.form.object().0).unwrap();
    assert!(spliced == file, "{spliced}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn triggers_abilities_tolls_passages_and_passives_have_fields_of_their_own() {
    use rows::{Role, Vocab};
    let (_tmp, dir) = copy_of_cards("objects");
    // A trigger: its occasion picked from the format's, its effects typed.
    let (_, mut desk) = open(&dir, "gaol_wardens_gaze");
    let on = part("triggers[0].on", Role::Value);
    assert_eq!(desk.form.text(&on), Some("flip"));
    let hit = part("triggers[0].effects[0]", Role::Key(Vocab::Effects));
    assert_eq!(desk.form.text(&hit), Some("lose_health"));
    focus(&mut desk.form, &on);
    assert!(desk.form.pick("duel_start"));
    assert!(!desk.form.pick("dusk"), "not an occasion of the format");
    assert!(
        desk.form.fields.iter().all(|f| f.kind != model::Kind::Json),
        "no JSON left"
    );
    assert_eq!(
        desk.form.value().unwrap()["triggers"],
        serde_json::json!([{"on": "duel_start", "effects": [{"lose_health": 1}]}])
    );
    // An ability: how often, yes/no choices, its effects; its uses a number.
    let (_, mut desk) = open(&dir, "thornwine_flask");
    let per = part("use.per", Role::Value);
    assert_eq!(desk.form.text(&per), Some("once"));
    assert_eq!(
        desk.form.text(&part("use.effects[1]", Role::Arg(""))),
        Some("1d6+0")
    );
    focus(&mut desk.form, &per);
    assert!(desk.form.pick("domain"));
    retype(&mut desk.form, &part("use.uses", Role::Value), "1");
    desk.check();
    let uses = notes(&desk.form, &part("use.uses", Role::Value));
    assert!(
        uses.iter().any(|(e, _)| *e),
        "{uses:?} {:?}",
        desk.form.general
    );
    retype(&mut desk.form, &part("use.uses", Role::Value), "");
    let ability = &desk.form.value().unwrap()["use"];
    assert_eq!(ability["per"], "domain");
    assert!(ability.get("uses").is_none(), "empty leaves it out");
    // A toll: a list of effects with its "+" row.
    let (_, desk) = open(&dir, "mirror_knight");
    let first = part("toll[0]", Role::Key(Vocab::Effects));
    assert_eq!(desk.form.text(&first), Some("dread"));
    let add = part("toll", Role::Add(Vocab::Effects));
    assert!(desk.form.fields.iter().any(|f| f.slot == add));
    // A way past: its label, the card shown (a card id), the card given (empty: none),
    // whether the foe joins; effects only when it has some.
    let (_, mut desk) = open(&dir, "mirror_knight");
    let show = part("passage[0].show", Role::Value);
    assert_eq!(desk.form.text(&show), Some("mirror_shard"));
    assert_eq!(
        desk.form.text(&part("passage[0].give", Role::Value)),
        Some("")
    );
    assert_eq!(
        desk.form.text(&part("passage[0].joins", Role::Value)),
        Some("yes")
    );
    let before = desk.form.value().unwrap()["passage"].clone();
    assert_eq!(
        before,
        serde_json::json!([{"label": "Show the Mirror Shard", "show": "mirror_shard", "joins": true}])
    );
    focus(
        &mut desk.form,
        &part("passage[0].effects", Role::Add(Vocab::Effects)),
    );
    assert!(desk.form.add_item());
    assert_eq!(
        desk.form.value().unwrap()["passage"][0]["effects"],
        serde_json::json!([{"heal": 1}])
    );
    assert!(desk.form.remove_item());
    assert_eq!(desk.form.value().unwrap()["passage"], before);
    // A passive: a picker of the format's modifiers; a bare word (`no_rest`) has no
    // value row, and is written as the word alone.
    let (_, desk) = open(&dir, "valthria_moneylenders_mark");
    let kind = part("passive[0]", Role::Key(Vocab::Modifiers));
    assert_eq!(desk.form.text(&kind), Some("no_spend_resolve"));
    let (_, mut desk) = open(&dir, "ancient_sword");
    assert_eq!(desk.form.text(&kind), Some("atk"));
    let arg = part("passive[0]", Role::Arg(""));
    assert_eq!(desk.form.text(&arg), Some("1"));
    focus(&mut desk.form, &kind);
    assert!(desk.form.pick("no_rest"));
    assert_eq!(desk.form.text(&arg), None, "a bare word has no value");
    assert_eq!(
        desk.form.value().unwrap()["passive"],
        serde_json::json!(["no_rest"])
    );
    assert!(desk.form.pick("def"));
    assert_eq!(
        desk.form.value().unwrap()["passive"],
        serde_json::json!([{"def": 1}])
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_card_id_field_completes_from_the_sets_ids() {
    let ids = ["the_sage", "the_smith"];
    assert_eq!(model::complete_id("the_s", ids).as_deref(), Some("age"));
    assert_eq!(model::complete_id("the_sage", ids), None);
    // In the desk: an effect's card id completes, the card's own id does not.
    let (_tmp, dir) = copy_of_cards("desk_complete_id");
    let file = dir.join("domains/valthria.json");
    let text = std::fs::read_to_string(&file).unwrap();
    let release = r#""release": "valthria_moneylenders_mark""#;
    std::fs::write(&file, text.replacen(r#""hit_foe": 2"#, release, 1)).unwrap();
    let (_, mut desk) = open(&dir, "weighted_cosh");
    for (label, completes) in [(super::rows::ID_LABELS[0], Some("rk")), ("Id", None)] {
        let at = desk.form.fields.iter().position(|f| f.label == label);
        desk.form.focus = at.unwrap();
        desk.form.edit(Edit::End);
        desk.form.edit(Edit::Backspace);
        desk.form.edit(Edit::Backspace);
        assert_eq!(desk.id_completion().as_deref(), completes, "{label}");
    }
}
