//! The designer's desk over the whole set, in the window: a rename carried across files
//! (the places listed before it is taken, one Revert putting every file back), and the
//! cards that are not Station cards edited in the same form (a Domain's title card; the
//! Guardian's seals in `window_desk_guardian.rs`).
//!
//! Each key is pressed once the game has taken the one before. Needs `Xvfb`, Mesa's
//! software GL and `xdotool` (`.ci/run` installs them).

use crate::common;
use crate::common::desk::{assert_validates, has, keys, start_live, tab_to, type_text, wait_for};
use crate::common::game::{CARDS, LIVE_FRAMES, Live, focus, gone};
use crate::common::pixels::Scratch;
use crate::common::xvfb::Xvfb;
use std::path::Path;

/// The game on the gallery (of the cards in `dir`), its layout report written each frame.
fn start(xvfb: &Xvfb, dir: &Path, scratch: &Scratch, extra: &[&str]) -> Live {
    let mut args = vec!["--gallery"];
    args.extend_from_slice(extra);
    start_live(xvfb, dir, scratch, &args)
}

/// Renaming the Ancient Sword's id: Save lists every place that names it (the Guardian's
/// requirement among them) and writes nothing until Y; Y renames in both files and the set
/// validates; one Revert puts both files back byte for byte.
#[test]
fn a_rename_is_carried_across_files_and_reverted_as_one_step() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let d = &xvfb.display;
    let scratch = Scratch::new("desk-rename");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let (shrine, guardian) = (
        dir.join("domains/forgotten_shrine.json"),
        dir.join("guardian.json"),
    );
    let before = (
        std::fs::read_to_string(&shrine).expect("read the shrine"),
        std::fs::read_to_string(&guardian).expect("read the Guardian"),
    );
    let mut live = start(&xvfb, &dir, &scratch, &[]);
    live.until("the desk", |w| has(w, "Designer's desk"));
    keys(&mut live, d, &["ctrl+f"]);
    type_text(&mut live, d, "ancient_sword");
    keys(&mut live, d, &["Return", "e"]);
    live.until("the form on the sword", |w| has(w, "Editing ancient_sword"));
    keys(&mut live, d, &["End"]);
    live.key_times(d, "BackSpace", 20);
    type_text(&mut live, d, "old_blade");
    keys(&mut live, d, &["ctrl+s"]);
    let words = live.until("the rename's list", |w| {
        has(w, "Rename ancient_sword to old_blade")
    });
    assert!(
        has(
            &words,
            "guardian.json · card guardian · requirements[0].broken_by.holds"
        ),
        "{words:?}"
    );
    assert!(
        has(
            &words,
            "domains/forgotten_shrine.json · card old_blade · id"
        ) || has(&words, "forgotten_shrine.json"),
        "{words:?}"
    );
    // Nothing written before Y (a save comes in the frame that takes its key).
    assert_eq!(std::fs::read_to_string(&guardian).unwrap(), before.1);
    keys(&mut live, d, &["y"]);
    let g = wait_for(&guardian, "the Guardian follows", |t| {
        t.contains("old_blade")
    });
    assert_eq!(g.replace("old_blade", "ancient_sword"), before.1);
    let s = std::fs::read_to_string(&shrine).unwrap();
    assert!(s.contains("\"id\": \"old_blade\""), "the card renamed");
    assert!(!s.contains("\"ancient_sword\""), "no reference left behind");
    assert_validates(&dir, "after the rename");
    // The folder's rename map says it, for `--compare` and the sheet merge.
    let map = std::fs::read_to_string(dir.join("renames.json")).expect("the rename map");
    assert!(map.contains(r#""ancient_sword": "old_blade""#), "{map}");
    // One revert (the form reopened on the renamed card): both files as they were.
    live.until("the form reopened", |w| has(w, "Editing old_blade"));
    keys(&mut live, d, &["ctrl+r"]);
    live.until("the revert list", |w| {
        has(w, "renaming ancient_sword to old_blade")
    });
    keys(&mut live, d, &["Return", "y"]);
    wait_for(&guardian, "the Guardian put back", |t| t == before.1);
    wait_for(&shrine, "the shrine put back", |t| t == before.0);
    wait_for(&dir.join("renames.json"), "the rename map put back", |t| {
        !t.contains("old_blade")
    });
}

/// The others' chip: a Domain's title card renamed in the form and saved (its Station
/// cards keep their bytes).
#[test]
fn a_domain_title_is_edited_in_the_form() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let d = &xvfb.display;
    let scratch = Scratch::new("desk-others");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let termina = dir.join("domains/termina.json");
    let before = std::fs::read_to_string(&termina).expect("read Termina");
    let mut live = start(&xvfb, &dir, &scratch, &["--gallery-domain", "others"]);
    live.until("the others", |w| {
        has(w, "cards: ") && has(w, "Guardian, the map")
    });
    keys(&mut live, d, &["n", "e"]);
    live.until("the form on Termina's title card", |w| {
        has(w, "Editing termina")
    });
    keys(&mut live, d, &["Tab", "End"]);
    type_text(&mut live, d, " Burnt");
    keys(&mut live, d, &["ctrl+s"]);
    let after = wait_for(&termina, "the title card saved", |t| t != before);
    let v: serde_json::Value = serde_json::from_str(&after).expect("still JSON");
    assert_eq!(v["name"], "Home Village Termina Burnt");
    let list = |t: &str| t[t.find("\"stations\"").unwrap()..].to_string();
    assert_eq!(
        list(&after),
        list(&before),
        "the Station cards keep their bytes"
    );
    assert_validates(&dir, "after the title card's edit");
}

/// A foe's face edited through its fields, not JSON: Tab to the fourth face's "blocks",
/// Y picks "yes" (a letter picks, nothing is typed in), Shift-Tab to its damage, 2 typed;
/// Ctrl-S writes the face with both, and the set validates.
#[test]
fn a_face_is_edited_through_its_fields() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let d = &xvfb.display;
    let scratch = Scratch::new("desk-face");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let termina = dir.join("domains/termina.json");
    let before = std::fs::read_to_string(&termina).expect("read Termina");
    let hound = |t: &str| -> serde_json::Value {
        let v: serde_json::Value = serde_json::from_str(t).expect("JSON");
        v["stations"]
            .as_array()
            .and_then(|s| s.iter().find(|c| c["id"] == "cinder_hound").cloned())
            .expect("the hound")
    };
    assert_ne!(hound(&before)["faces"][3]["block"], true);
    let mut live = start(&xvfb, &dir, &scratch, &[]);
    live.until("the desk", |w| has(w, "Designer's desk"));
    keys(&mut live, d, &["ctrl+f"]);
    type_text(&mut live, d, "cinder_hound");
    keys(&mut live, d, &["Return", "e"]);
    live.until("the form on the hound", |w| has(w, "Editing cinder_hound"));
    // Tab until the fourth face's "blocks" has the keyboard (the focused field is named
    // in the messages' place under the fields).
    tab_to(&mut live, d, "Face 4 blocks");
    live.until("the choice's hint", |w| {
        has(w, "Left/Right, a first letter or a click picks")
    });
    keys(
        &mut live,
        d,
        &["y", "shift+Tab", "End", "BackSpace", "BackSpace"],
    );
    type_text(&mut live, d, "2");
    keys(&mut live, d, &["ctrl+s"]);
    let after = wait_for(&termina, "the face saved", |t| t != before);
    let face = &hound(&after)["faces"][3];
    assert_eq!(face["block"], true, "{face}");
    assert_eq!(face["deal"], 2, "{face}");
    assert_eq!(face["name"], hound(&before)["faces"][3]["name"]);
    assert_validates(&dir, "after the face's edit");
}

/// The art picker: in a card's Art field, typing part of a name offers the vendored icons
/// that hold it (drawn, with their names); Enter takes the first, and Ctrl-S saves it.
#[test]
fn the_art_picker_offers_icons_and_enter_takes_the_first() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let d = &xvfb.display;
    let scratch = Scratch::new("desk-art");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let shrine = dir.join("domains/forgotten_shrine.json");
    let before = std::fs::read_to_string(&shrine).expect("read the shrine");
    let mut live = start(&xvfb, &dir, &scratch, &[]);
    live.until("the desk", |w| has(w, "Designer's desk"));
    keys(&mut live, d, &["ctrl+f"]);
    type_text(&mut live, d, "ancient_sword");
    keys(&mut live, d, &["Return", "e"]);
    live.until("the form on the sword", |w| has(w, "Editing ancient_sword"));
    tab_to(&mut live, d, "Art");
    keys(&mut live, d, &["End"]);
    live.key_times(d, "BackSpace", 20);
    type_text(&mut live, d, "wolf");
    let words = live.until("the picker", |w| has(w, "Enter takes the first icon"));
    let offered: Vec<&String> = words.iter().filter(|w| w.starts_with("wolf-")).collect();
    assert!(offered.len() >= 2, "{words:?}");
    assert!(
        has(&words, "wolf-head") && has(&words, "wolf-trap"),
        "{words:?}"
    );
    keys(&mut live, d, &["Return"]);
    live.until("the picker closed", |w| {
        !has(w, "Enter takes the first icon")
    });
    keys(&mut live, d, &["ctrl+s"]);
    let after = wait_for(&shrine, "the art saved", |t| t != before);
    let v: serde_json::Value = serde_json::from_str(&after).expect("JSON");
    let sword = v["stations"]
        .as_array()
        .and_then(|s| s.iter().find(|c| c["id"] == "ancient_sword"))
        .expect("the sword");
    assert_eq!(sword["art"], "wolf-head");
}

/// The game as a player starts it (no `--desk`, no `--cards`): the gallery shows cards as
/// the table does, without ids, Guide notes, the editor, export or the desk's hints, and
/// E opens nothing; the title's footer names no files and offers no F5. `--desk` opens the
/// designer's desk, with all of them.
#[test]
fn the_gallery_has_no_designer_tools_and_the_desk_has_them() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let d = &xvfb.display;
    let scratch = Scratch::new("desk-player");
    let run = |extra: &[&str]| {
        let (config, saves) = (scratch.path("config"), scratch.path("saves"));
        let (shot, report) = (scratch.path("shot.png"), scratch.path("layout.json"));
        let mut args = vec![
            "--size",
            "1280x800",
            "--config",
            config.to_str().unwrap(),
            "--saves",
            saves.to_str().unwrap(),
            "--screenshot",
            shot.to_str().unwrap(),
            "--frames",
            LIVE_FRAMES,
            "--layout-report",
            report.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let mut live = common::game::spawn_live_player(d, &args, &report);
        focus(d);
        live.point(d, 5, 795);
        live
    };
    let mut live = run(&["--gallery"]);
    let words = live.until("the player's gallery", |w| has(w, "Card gallery"));
    for tool in [
        "E edit",
        "X export",
        "Ctrl-R",
        "F5 reload",
        "Edit (E)",
        "id  ",
        "Guide notes",
    ] {
        assert!(
            !has(&words, tool),
            "{tool} in the player's gallery: {words:?}"
        );
    }
    keys(&mut live, d, &["n", "e", "x"]);
    let words = live.drawn().unwrap_or_default();
    assert!(
        !has(&words, "Editing") && !has(&words, "exported"),
        "{words:?}"
    );
    keys(&mut live, d, &["Escape"]);
    let words = live.until("the title", |w| has(w, "Statistics"));
    // A player's title names no files, offers no F5 and has no desk (issue 52: the desk
    // opens with --desk, or from Settings' designer tools).
    assert!(
        !has(&words, "F5 reload") && !has(&words, "cards from") && !has(&words, "Designer's desk"),
        "{words:?}"
    );
    drop(live);
    // The first window gone before the second is looked for.
    gone(d);

    let mut live = run(&["--desk"]);
    let words = live.until("the desk", |w| has(w, "Designer's desk"));
    for tool in ["E edit", "X export", "F5 reload", "Edit (E)", "id  "] {
        assert!(has(&words, tool), "no {tool} at the desk: {words:?}");
    }
    keys(&mut live, d, &["n", "e"]);
    live.until("the form", |w| has(w, "Editing"));
}
