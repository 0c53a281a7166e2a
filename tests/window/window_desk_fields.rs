//! The desk's typed fields in the window: an effect changed through its picker and its
//! number field, another added by its "+" row, and saved (the file checked); a Terror's
//! option edited the same way; the type picker of a new card (keys, then a click); the
//! text of a new foe written from its data (the preview shown, taken, and the validator
//! then has no warning about that text).
//!
//! Each test waits on what the game draws and on each key taken (its layout report,
//! written every frame), not on fixed sleeps. Needs `Xvfb`, Mesa's software GL and
//! `xdotool` (`.ci/run` installs them).

use crate::common;
use crate::common::desk::{has, keys, start_live, tab_to, type_text, wait_for};
use crate::common::game::{CARDS, Live};
use crate::common::pixels::Scratch;
use crate::common::xvfb::Xvfb;
use std::path::Path;
use std::process::Command;

/// The game on the gallery of the cards in `dir` (Termina's foes on show), its layout
/// report written each frame.
fn start(xvfb: &Xvfb, dir: &Path, scratch: &Scratch) -> Live {
    let args = [
        "--gallery",
        "--gallery-domain",
        "termina",
        "--gallery-type",
        "foe",
    ];
    let mut live = start_live(xvfb, dir, scratch, &args);
    live.until("the desk", |w| has(w, "Designer's desk"));
    live
}

/// Opens the form on card `id` (searched for, then E).
fn open(live: &mut Live, display: &str, id: &str) {
    keys(live, display, &["ctrl+f"]);
    type_text(live, display, id);
    keys(live, display, &["Return", "e"]);
    live.until("the form", |w| has(w, &format!("Editing {id}")));
}

/// Card `id` of a Domain file's text, as JSON.
fn card_in(text: &str, id: &str) -> serde_json::Value {
    let v: serde_json::Value = serde_json::from_str(text).expect("JSON");
    v["stations"]
        .as_array()
        .and_then(|s| s.iter().find(|c| c["id"] == id).cloned())
        .unwrap_or_default()
}

/// Where the game drew `text` (the middle of the string), from its layout report.
fn spot(report: &Path, text: &str) -> Option<(f64, f64)> {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report).ok()?).ok()?;
    // The last one drawn: the pop-up is drawn over the rest.
    let d = json["drawn"]
        .as_array()?
        .iter()
        .rev()
        .find(|d| d["text"] == text)?;
    let (x, w) = (d["x"].as_f64()?, d["width"].as_f64()?);
    let (base, size) = (d["baseline"].as_f64()?, d["size"].as_f64()?);
    Some((x + w / 2.0, base - size / 3.0))
}

/// `forward validate`'s output on the cards in `dir`.
fn validate(dir: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_forward"))
        .args(["validate", dir.to_str().unwrap()])
        .output()
        .expect("run forward validate");
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// A Caesura's "Gain 1 Resolve" turned into 2 Dread through fields: the effect's picker
/// takes D (dread), its number field 2; "+ effect" adds a heal; Ctrl-S writes both, in
/// the file's own form.
#[test]
fn an_effect_is_edited_through_its_fields_and_saved() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let d = &xvfb.display;
    let scratch = Scratch::new("desk-effect");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let file = dir.join("domains/darkwood_brume.json");
    let before = std::fs::read_to_string(&file).expect("read Darkwood");
    let id = "darkwood_weary_oak";
    assert_eq!(
        card_in(&before, id)["effects"],
        serde_json::json!([{"resolve": 1}])
    );
    let mut live = start(&xvfb, &dir, &scratch);
    open(&mut live, d, id);
    tab_to(&mut live, d, "Effect 1");
    keys(&mut live, d, &["d", "Tab", "End", "BackSpace"]);
    type_text(&mut live, d, "2");
    tab_to(&mut live, d, "+ effect");
    keys(&mut live, d, &["Return"]);
    live.until("the new effect", |w| has(w, "Effect 2"));
    keys(&mut live, d, &["ctrl+s"]);
    let after = wait_for(&file, "the effects saved", |t| t != before);
    assert_eq!(
        card_in(&after, id)["effects"],
        serde_json::json!([{"dread": 2}, {"heal": 1}])
    );
    // The card's object pretty-printed as the files write it: one key a line.
    assert!(after.contains("\"dread\": 2"), "{after}");
}

/// A Terror's second option: its effect picked as lose_health (L), the amount typed as
/// 4, saved; the first option keeps its bytes' meaning.
#[test]
fn a_terror_option_is_edited_through_its_fields() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let d = &xvfb.display;
    let scratch = Scratch::new("desk-option");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let file = dir.join("domains/darkwood_brume.json");
    let before = std::fs::read_to_string(&file).expect("read Darkwood");
    let id = "darkwood_nobody_calls";
    let mut live = start(&xvfb, &dir, &scratch);
    open(&mut live, d, id);
    tab_to(&mut live, d, "Option 2 effect 1");
    keys(&mut live, d, &["l", "Tab", "End", "BackSpace"]);
    type_text(&mut live, d, "4");
    keys(&mut live, d, &["ctrl+s"]);
    let after = wait_for(&file, "the option saved", |t| t != before);
    let options = &card_in(&after, id)["options"];
    assert_eq!(
        options[1]["effects"],
        serde_json::json!([{"lose_health": 4}])
    );
    assert_eq!(options[0], card_in(&before, id)["options"][0]);
}

/// Ctrl-T on a new foe opens the type picker at Foe; Down moves to the next type, Esc
/// closes it; opened again, a click on "Pit" takes that type's template, which saves.
#[test]
fn the_type_picker_takes_a_type_by_key_and_by_click() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let d = &xvfb.display;
    let scratch = Scratch::new("desk-types");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let file = dir.join("domains/termina.json");
    let before = std::fs::read_to_string(&file).expect("read Termina");
    let mut live = start(&xvfb, &dir, &scratch);
    let report = scratch.path("layout.json");
    keys(&mut live, d, &["shift+n"]);
    live.until("a new foe", |w| has(w, "New foe for"));
    keys(&mut live, d, &["ctrl+t"]);
    live.until("the picker", |w| has(w, "The new card's type"));
    keys(&mut live, d, &["Down", "Return"]);
    live.until("a new Terror", |w| has(w, "New terror for"));
    keys(&mut live, d, &["ctrl+t"]);
    live.until("the picker again", |w| has(w, "The new card's type"));
    let (x, y) = spot(&report, "Pit").expect("Pit drawn in the picker");
    live.click(d, x.round() as i32, y.round() as i32);
    live.until("a new Pit", |w| has(w, "New pit for"));
    keys(&mut live, d, &["ctrl+s"]);
    let after = wait_for(&file, "the new Pit saved", |t| t != before);
    let card = card_in(&after, "new_pit");
    assert_eq!(card["type"], "pit", "{card}");
    assert!(card["test"]["target"].is_number(), "{card}");
}

/// A new foe's text written from its data: Ctrl-W shows the text first (the form's Text
/// unchanged), Enter takes it, Ctrl-S saves, and the validator has no warning about that
/// card's text (it had before).
#[test]
fn a_new_foes_text_is_written_from_its_data() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let d = &xvfb.display;
    let scratch = Scratch::new("desk-write");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let file = dir.join("domains/termina.json");
    let before = std::fs::read_to_string(&file).expect("read Termina");
    let mut live = start(&xvfb, &dir, &scratch);
    keys(&mut live, d, &["shift+n"]);
    live.until("a new foe", |w| has(w, "New foe for"));
    // Saved as the template has it: the validator warns about its text.
    keys(&mut live, d, &["ctrl+s"]);
    let first = wait_for(&file, "the template saved", |t| t != before);
    let text_warnings = |out: &str| {
        out.lines()
            .filter(|l| l.contains("[new_foe]") && l.contains(".text:"))
            .count()
    };
    assert!(text_warnings(&validate(&dir)) > 0, "{}", validate(&dir));
    live.until("the form reopened", |w| has(w, "Editing new_foe"));
    keys(&mut live, d, &["ctrl+w"]);
    let words = live.until("the preview", |w| {
        has(w, "The text, written from the card's data:")
    });
    assert!(has(&words, "HP 3."), "{words:?}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        first,
        "nothing taken yet"
    );
    keys(&mut live, d, &["Return"]);
    live.until("the text taken", |w| has(w, "Text written from the data"));
    keys(&mut live, d, &["ctrl+s"]);
    let after = wait_for(&file, "the text saved", |t| t != first);
    assert!(
        card_in(&after, "new_foe")["text"]
            .as_str()
            .is_some_and(|t| t.contains("HP 3."))
    );
    let out = validate(&dir);
    assert_eq!(text_warnings(&out), 0, "{out}");
}
