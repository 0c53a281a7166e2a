//! The designer's desk in the window: a card of a copy of `cards/` edited through the
//! gallery's form by xdotool keys, saved (only that card's bytes change, the set still
//! validates), then the save reverted after a confirmation (the file back byte for byte),
//! even after leaving the desk for the title and coming back (the sitting goes along);
//! typing undone and redone in the form; a file changed outside the game announced and
//! never overwritten unasked; a new card made with
//! Shift-N and saved, and Esc's warning before unsaved changes are dropped; the mouse at the
//! form (a click puts the caret in a field, the Save and Undo buttons clicked); Ctrl-T on a
//! new card; a click on a card's id copies it to the clipboard (read back with `xclip`).
//! Also the screenshots
//! of the desk (the form with a live error) at three window sizes, kept in
//! `target/tmp/screenshots/` for a look.
//!
//! Each key is pressed once the game has taken the one before (its layout report, written
//! every frame, counts what it took), and each check waits for what it looks for: no fixed
//! sleeps. Needs `Xvfb`, Mesa's software GL, `xdotool` and `xclip` (`.ci/run` installs
//! them).

use crate::common;
use crate::common::desk::{assert_validates, has, start_live, wait_for};
use crate::common::game::{CARDS, DEADLINE, LIVE_FRAMES, Live, focus, spawn_live_with};
use crate::common::pixels::{Scratch, count};
use crate::common::xvfb::Xvfb;
use macroquad::prelude::Image;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The gallery on Termina's foes.
const GALLERY: [&str; 5] = [
    "--gallery",
    "--gallery-domain",
    "termina",
    "--gallery-type",
    "foe",
];

/// The game at 1280x800 with the cards in `dir`, on the gallery's Termina foes at the
/// designer's desk, its layout report written each frame (`scratch`'s `layout.json`).
fn start(xvfb: &Xvfb, dir: &Path, scratch: &Scratch) -> Live {
    let mut live = start_live(xvfb, dir, scratch, &GALLERY);
    live.until("the desk", |w| has(w, "Designer's desk"));
    live
}

/// The first Termina foe (the one N picks) whose text is plain ASCII and names its HP:
/// its place among Termina's foes, id, text and HP.
fn first_foe(dir: &Path) -> (usize, String, String, i32) {
    let (set, _) = forward::cards::load::load_dir(dir).expect("the copy loads");
    let termina = set.domain(set.domain_by_str("termina").expect("Termina"));
    let foes = termina
        .stations
        .iter()
        .map(|s| set.card(*s))
        .filter(|c| c.card_type == forward::cards::model::StationType::Foe);
    for (i, c) in foes.enumerate() {
        let Some(forward::cards::model::FoeHp::Fixed(hp)) = c.hp else {
            continue;
        };
        if c.text.is_ascii() && c.text.contains(&format!("HP {hp}")) {
            return (i, c.id.0.clone(), c.text.clone(), hp);
        }
    }
    panic!("no Termina foe with a plain text naming its HP");
}

/// Picks the `nth` Termina foe (N moves to the next) and opens the form on it (E).
fn open_form(live: &mut Live, display: &str, nth: usize) {
    for _ in 0..=nth {
        live.key(display, "n");
    }
    live.key(display, "e");
    live.until("the form", |w| has(w, "Editing "));
}

/// Opens the form on the `nth` Termina foe and moves to its Text field, emptied.
fn open_text_field(live: &mut Live, display: &str, nth: usize, old_text: &str) {
    open_form(live, display, nth);
    // Id, Name, then Text; End, then the old text erased.
    live.keys(display, &["Tab", "Tab", "End"]);
    live.key_times(display, "BackSpace", old_text.chars().count());
}

#[test]
fn a_card_edited_in_the_form_is_saved_alone_and_the_save_reverted_after_asking() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("desk-edit");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let (nth, id, text, hp) = first_foe(&dir);
    let file = dir.join("domains/termina.json");
    let before = std::fs::read_to_string(&file).expect("read termina.json");
    let d = xvfb.display.as_str();
    let mut live = start(&xvfb, &dir, &scratch);
    open_text_field(&mut live, d, nth, &text);
    let new_hp = hp + 1;
    let new_text = format!(
        "{} Edited at the desk.",
        text.replace(&format!("HP {hp}"), &format!("HP {new_hp}"))
    );
    live.type_text(d, &new_text);
    // Flavour, Guide notes, Tags, then HP.
    live.keys(d, &["Tab", "Tab", "Tab", "Tab", "End"]);
    live.keys(d, &["BackSpace", "BackSpace", "BackSpace"]);
    live.type_text(d, &new_hp.to_string());
    live.key(d, "ctrl+s");
    let after = wait_for(&file, "the save", |t| t != before);

    // Only that card's object changed: the same bytes before and after it.
    let (head, tail) = common::files::same_ends(&before, &after);
    let at = before
        .find(&format!("\"id\": \"{id}\""))
        .expect("the card's id");
    let card_start = before[..at].rfind('{').expect("the card's {");
    let next_card = before[at..]
        .find("\n    {")
        .map_or(before.len(), |i| at + i);
    assert!(head >= card_start, "a byte before the card changed: {head}");
    assert!(
        before.len() - tail <= next_card,
        "a byte after the card changed: {}",
        before.len() - tail
    );
    let v: serde_json::Value = serde_json::from_str(&after).expect("still JSON");
    let card = v["stations"]
        .as_array()
        .and_then(|s| s.iter().find(|c| c["id"] == id.as_str()))
        .expect("the card is still there");
    assert_eq!(card["hp"], new_hp, "{card}");
    assert_eq!(card["text"], new_text.as_str(), "{card}");

    assert_validates(&dir, "after the save");

    // Ctrl-Z in the form (reopened on the saved card) undoes typing only: the file stays.
    // The save, the set's reload and the form reopened all come in the frame that took
    // Ctrl-S, and a key's effect is drawn in the frame that takes it.
    let editing = format!("Editing {id}");
    live.until("the form reopened on the saved card", |w| has(w, &editing));
    live.key(d, "ctrl+z");
    assert_eq!(std::fs::read_to_string(&file).expect("read"), after);
    // The sitting goes with the designer: out of the form, out of the desk to the title,
    // and into the desk again through Settings' designer tools (the title has no desk,
    // issue 52), Ctrl-R still lists the save.
    live.keys(d, &["Escape", "Escape"]);
    live.until("the title", |w| has(w, "New run") && has(w, "Settings"));
    let (l, r, y) = drawn_at(&scratch.path("layout.json"), "Settings", 1280.0);
    let (x, y) = ((l + r) as i32 / 2, y as i32 - 5);
    live.click(d, x, y);
    live.until("the Settings", |w| has(w, "Designer tools"));
    // Up twice from the first row wraps to Back, then the designer's row: Enter turns the
    // tools on, Enter again opens the desk.
    live.keys(d, &["Up", "Up", "Return"]);
    live.until("the tools on", |w| has(w, "On: Enter opens the desk"));
    live.key(d, "Return");
    live.until("the desk again", |w| has(w, "E edit") && !has(w, "New run"));
    live.key(d, "ctrl+r");
    live.until("this sitting's save listed", |w| {
        has(w, "Revert: put a file back") && has(w, &format!("saving {id}"))
    });
    // Enter asks, N keeps the file as it is.
    live.keys(d, &["Return", "n"]);
    assert_eq!(std::fs::read_to_string(&file).expect("read"), after);
    // Enter asks again (the list is still open), and Y puts the file back byte for byte.
    live.keys(d, &["Return", "y"]);
    wait_for(&file, "the revert", |t| t == before);
    assert_eq!(std::fs::read(&file).expect("read"), before.as_bytes());
}

/// The name of card `id` in the Domain file's text.
fn name_in(text: &str, id: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(text).expect("still JSON");
    v["stations"]
        .as_array()
        .and_then(|s| s.iter().find(|c| c["id"] == id))
        .and_then(|c| c["name"].as_str())
        .expect("the card and its name")
        .to_string()
}

/// Ctrl-Z and Ctrl-Shift-Z undo and redo typing in the form a word at a time: " Grey Old"
/// typed after the name, two undos and one redo leave " Grey", which Ctrl-S saves.
#[test]
fn typing_is_undone_and_redone_in_the_form() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("desk-undo");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let (nth, id, _, _) = first_foe(&dir);
    let file = dir.join("domains/termina.json");
    let before = std::fs::read_to_string(&file).expect("read termina.json");
    let name = name_in(&before, &id);
    let d = xvfb.display.as_str();
    let mut live = start(&xvfb, &dir, &scratch);
    open_form(&mut live, d, nth);
    live.keys(d, &["Tab", "End"]);
    live.type_text(d, " Grey Old");
    live.keys(d, &["ctrl+z", "ctrl+z", "ctrl+shift+z", "ctrl+s"]);
    let saved = wait_for(&file, "the save", |t| t != before);
    assert_eq!(name_in(&saved, &id), format!("{name} Grey"));
}

/// Renames another card of the Domain file, as a text editor would.
fn edit_outside(file: &Path) -> String {
    let text = std::fs::read_to_string(file).expect("read the file");
    let at = text.find("\"name\": \"").expect("a name") + "\"name\": \"".len();
    let outside = format!("{}Outside {}", &text[..at], &text[at..]);
    std::fs::write(file, &outside).expect("write the file");
    outside
}

/// A file changed outside the game while the form is open: the form says so, Save is
/// refused (the file keeps the outside change), Ctrl-L takes the file in with the form's
/// edits kept, and Ctrl-S then saves both.
#[test]
fn a_file_changed_outside_is_announced_and_never_overwritten_unasked() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("desk-outside");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let (nth, id, _, _) = first_foe(&dir);
    let file = dir.join("domains/termina.json");
    let original = std::fs::read_to_string(&file).expect("read termina.json");
    let name = name_in(&original, &id);
    let d = xvfb.display.as_str();
    let mut live = start(&xvfb, &dir, &scratch);
    open_form(&mut live, d, nth);
    live.keys(d, &["Tab", "End"]);
    live.type_text(d, " Grey");
    // The prompt on screen once the game has seen the change (it looks about once a
    // second), and Save refused.
    let outside = edit_outside(&file);
    live.until("the prompt about the file changed outside", |w| {
        has(w, "changed outside the game: Ctrl-L takes it in")
    });
    live.key(d, "ctrl+s");
    assert_eq!(std::fs::read_to_string(&file).expect("read"), outside);
    // Ctrl-L, then Ctrl-S saves the form's edit into the new text.
    live.keys(d, &["ctrl+l", "ctrl+s"]);
    let saved = wait_for(&file, "the save after Ctrl-L", |t| t != outside);
    assert!(
        saved.contains("\"name\": \"Outside "),
        "the outside edit was lost"
    );
    assert_eq!(name_in(&saved, &id), format!("{name} Grey"));
}

/// Empties the focused field (End, then more backspaces than it has characters) and types
/// `text` into it.
fn retype_field(live: &mut Live, display: &str, text: &str) {
    live.key(display, "End");
    live.key_times(display, "BackSpace", 60);
    live.type_text(display, text);
}

/// Shift-N makes a new foe from the template in the gallery's Domain; once named and
/// described, Ctrl-S adds it to that Domain's file and the set still validates. Then, on
/// the form reopened on it: one Esc with unsaved changes only warns (the form stays, and
/// Ctrl-S still saves there); two Escs leave without saving.
#[test]
fn a_new_card_is_saved_and_esc_warns_before_dropping_changes() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("desk-new");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let file = dir.join("domains/termina.json");
    let before = std::fs::read_to_string(&file).expect("read termina.json");
    assert!(!before.contains("\"new_foe\""));
    let d = xvfb.display.as_str();
    let mut live = start(&xvfb, &dir, &scratch);
    // The form opens on the new card's id; its name and text come next.
    live.key(d, "shift+n");
    live.until("the new card's form", |w| has(w, "Save (Ctrl-S)"));
    live.key(d, "Tab");
    retype_field(&mut live, d, "Ash Moth");
    live.key(d, "Tab");
    retype_field(&mut live, d, "A moth of ash. HP 3.");
    live.key(d, "ctrl+s");
    let saved = wait_for(&file, "the new card's save", |t| t.contains("Ash Moth"));
    let v: serde_json::Value = serde_json::from_str(&saved).expect("still JSON");
    let stations = v["stations"].as_array().expect("stations");
    let last = stations.last().expect("a card");
    assert_eq!(last["id"], "new_foe", "added last: {last}");
    assert_eq!(last["name"], "Ash Moth");
    assert_eq!(last["type"], "foe");
    assert_validates(&dir, "with the new card");
    // The set reloads and the form reopens on the new card (focus on its id), in the
    // frame that took Ctrl-S.
    live.until("the form reopened on the new card", |w| {
        has(w, "Editing new_foe")
    });
    live.keys(d, &["Tab", "End", "s", "Escape"]);
    // One Esc only warned: the form is still open, so Ctrl-S saves the change.
    live.key(d, "ctrl+s");
    let renamed = wait_for(&file, "the save after one Esc", |t| t.contains("Ash Moths"));
    live.until("the form reopened after the save", |w| {
        has(w, "Editing new_foe")
    });
    live.keys(d, &["Tab", "End", "x", "Escape", "Escape"]);
    // Two Escs left the form: Ctrl-S in the gallery saves nothing (a save would be
    // written in the frame that took it).
    live.key(d, "ctrl+s");
    let after = std::fs::read_to_string(&file).expect("read termina.json");
    assert_eq!(
        after, renamed,
        "a change was saved after leaving with two Escs"
    );
    assert!(!after.contains("Ash Mothsx"));
}

/// Where a string is drawn in the last frame of a `--layout-report` run, in window pixels
/// (at 1280x800 the layout's scale is 1): its left, right and baseline. `left_of`: only
/// strings starting left of this x (the form, not the card's preview).
fn drawn_at(report: &Path, text: &str, left_of: f32) -> (f32, f32, f32) {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report).expect("the layout report"))
            .expect("JSON");
    assert_eq!(json["scale"], 1.0, "window pixels are layout units");
    let d = json["drawn"]
        .as_array()
        .expect("strings drawn")
        .iter()
        .find(|d| d["text"] == text && d["x"].as_f64().is_some_and(|x| x < left_of as f64))
        .unwrap_or_else(|| panic!("{text:?} is not drawn on the form"));
    let f = |k: &str| d[k].as_f64().expect("a number") as f32;
    (f("x"), f("x") + f("width"), f("baseline"))
}

/// Window pixel (x, y) of a point of the layout (at 1280x800 the layout's scale is 1).
fn at(x: f32, y: f32) -> (i32, i32) {
    (x as i32, y as i32)
}

/// The mouse at the desk: a click at the end of the Flavour field puts the caret there
/// (what is typed goes in that field), a click on Save saves, a click on Revert lists the
/// save (Enter and Y put it back). The
/// places come from the layout report of the same form in a first run.
#[test]
fn a_click_focuses_a_field_and_the_buttons_save_and_revert() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("desk-mouse");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let (nth, id, _, _) = first_foe(&dir);
    let (set, _) = forward::cards::load::load_dir(&dir).expect("the copy loads");
    let card = set.card(set.card_by_str(&id).expect("the foe"));
    let flavour = card.flavor.clone().expect("the foe has a flavour line");
    let file = dir.join("domains/termina.json");
    let before = std::fs::read_to_string(&file).expect("read termina.json");
    let d = xvfb.display.as_str();
    let mut live = start(&xvfb, &dir, &scratch);
    open_form(&mut live, d, nth);
    // The form's layout, from the report of the frame on show.
    live.until("the form's buttons and flavour line", |w| {
        has(w, "Revert… (Ctrl-R)") && w.contains(&flavour)
    });
    let report = scratch.path("layout.json");
    let form_right = 840.0;
    let (_, end, baseline) = drawn_at(&report, &flavour, form_right);
    let (save_l, save_r, save_y) = drawn_at(&report, "Save (Ctrl-S)", form_right);
    let (undo_l, undo_r, undo_y) = drawn_at(&report, "Revert… (Ctrl-R)", form_right);

    // The clicks.
    let (x, y) = at(end + 6.0, baseline - 5.0);
    live.click(d, x, y);
    live.type_text(d, " Clicked.");
    let (x, y) = at((save_l + save_r) / 2.0, save_y - 5.0);
    live.click(d, x, y);
    let after = wait_for(&file, "the save by a click", |t| t != before);
    let v: serde_json::Value = serde_json::from_str(&after).expect("still JSON");
    let saved = v["stations"]
        .as_array()
        .and_then(|s| s.iter().find(|c| c["id"] == id.as_str()))
        .expect("the card is still there");
    assert_eq!(saved["flavor"], format!("{flavour} Clicked."), "{saved}");
    assert_validates(&dir, "after the save by a click");
    // The set reloads and the form reopens (in the frame that took the click); Revert
    // lists the save, Enter and Y put it back.
    live.until("the form reopened", |w| has(w, &format!("Editing {id}")));
    let (x, y) = at((undo_l + undo_r) / 2.0, undo_y - 5.0);
    live.click(d, x, y);
    live.keys(d, &["Return", "y"]);
    wait_for(&file, "the revert by a click", |t| t == before);
}

/// A click on the large card's id copies the id to the system clipboard: read back with
/// `xclip` from the same X server while the game runs (on X11 the game serves it).
#[test]
fn a_click_on_the_id_copies_it_to_the_clipboard() {
    if common::tools::find(&["xclip"], "-version", "xclip").is_none() {
        return;
    }
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("desk-clipboard");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let (nth, id, _, _) = first_foe(&dir);
    let d = xvfb.display.as_str();
    let mut live = start(&xvfb, &dir, &scratch);
    for _ in 0..=nth {
        live.key(d, "n");
    }
    let shown = format!("id  {id}   (click: copy)");
    live.until("the card's id", |w| w.contains(&shown));
    let (left, _, baseline) = drawn_at(&scratch.path("layout.json"), &shown, 1280.0);
    // The id itself is the first words: click in their middle.
    let right = left + 6.0 * id.len() as f32;
    let (x, y) = at((left + right) / 2.0, baseline - 5.0);
    live.click(d, x, y);
    // The game serves the clipboard from its own loop: asked until it answers.
    let started = Instant::now();
    let mut pasted = String::new();
    while started.elapsed() < DEADLINE {
        let out = Command::new("xclip")
            .args(["-o", "-selection", "clipboard"])
            .env("DISPLAY", d)
            .output()
            .expect("run xclip");
        pasted = String::from_utf8_lossy(&out.stdout).into_owned();
        if pasted == id {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(pasted, id, "the clipboard holds the card's id");
}

/// Ctrl-T's picker on a new card, Down and Enter: the next type's template (after a foe, a Terror):
/// named and saved, the file gains a card of that type, and the set still validates.
#[test]
fn ctrl_t_turns_a_new_card_into_the_next_type() {
    use forward::cards::model::StationType;
    let all = StationType::ALL;
    let foe = all
        .iter()
        .position(|t| *t == StationType::Foe)
        .expect("foe");
    let next = all[(foe + 1) % all.len()].as_str();
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("desk-retype");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let file = dir.join("domains/termina.json");
    let before = std::fs::read_to_string(&file).expect("read termina.json");
    let d = xvfb.display.as_str();
    let mut live = start(&xvfb, &dir, &scratch);
    // A new foe (the gallery shows Termina's foes), then Ctrl-T's picker: Down, Enter
    // takes the next type.
    live.keys(d, &["shift+n", "ctrl+t", "Down", "Return", "Tab"]);
    retype_field(&mut live, d, "Ash Whisper");
    live.key(d, "ctrl+s");
    let saved = wait_for(&file, "the retyped card's save", |t| t != before);
    let v: serde_json::Value = serde_json::from_str(&saved).expect("still JSON");
    let last = v["stations"]
        .as_array()
        .and_then(|s| s.last())
        .expect("a card");
    assert_eq!(last["type"], next, "{last}");
    assert_eq!(last["name"], "Ash Whisper", "{last}");
    assert_eq!(last["id"], format!("new_{next}"), "{last}");
    assert_validates(&dir, "with the retyped card");
}

/// The form on the first Termina foe with a live error (HP 0), as a screenshot: the
/// screen as Xvfb holds it, looked at once the game has taken the last key (the game's own
/// picture comes after a fixed count of frames, which the keys could outlast).
fn form_with_error(width: u32, height: u32) -> Option<PathBuf> {
    let xvfb = Xvfb::start_framed(width, height)?;
    let scratch = Scratch::new("desk-shot");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let (nth, _, text, _) = first_foe(&dir);
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&shots).expect("screenshot dir");
    let png = shots.join(format!("desk-form-{width}x{height}.png"));
    let _ = std::fs::remove_file(&png);
    let size = format!("{width}x{height}");
    let (config, saves) = (scratch.path("config"), scratch.path("saves"));
    let (shot, report) = (scratch.path("never.png"), scratch.path("layout.json"));
    let mut args = GALLERY.to_vec();
    args.extend([
        "--size",
        &size,
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
    ]);
    let mut live = spawn_live_with(&xvfb.display, &dir, &args, &report);
    let d = xvfb.display.as_str();
    live.until("the desk", |w| has(w, "Designer's desk"));
    focus(d);
    // The pointer off the grid: a card under it would be the one hovered.
    live.point(d, 5, height as i32 - 5);
    open_text_field(&mut live, d, nth, &text);
    live.type_text(d, "A hound of ash. HP 0.");
    live.keys(d, &["Tab", "Tab", "Tab", "Tab", "End"]);
    live.keys(d, &["BackSpace", "BackSpace", "BackSpace", "0"]);
    // Back on the text field, so the caret and the error both show. The live error is
    // drawn in the error red somewhere on the form: the screen is looked at until it is
    // (the frame that took the last key reaches the screen a moment after its report).
    let red_on = |img: &Image| {
        count(img, (0, 0), (width, height), |p| {
            p[0] > 230 && (90..130).contains(&p[1]) && (70..110).contains(&p[2])
        })
    };
    let started = Instant::now();
    let mut img = xvfb.screen();
    while red_on(&img) <= 40 && started.elapsed() < DEADLINE {
        std::thread::sleep(Duration::from_millis(50));
        img = xvfb.screen();
    }
    assert_eq!((img.width as u32, img.height as u32), (width, height));
    let red = red_on(&img);
    assert!(red > 40, "no error red on the form ({red} pixels)");
    drop(live);
    keep(&img, &png);
    Some(png)
}

/// Writes `img` (rows top first) as a PNG, to look at.
fn keep(img: &Image, png: &Path) {
    // `export_png` writes the rows bottom first (a GL picture's order): flipped here.
    let row = img.width as usize * 4;
    let bytes = img.bytes.chunks(row).rev().flatten().copied().collect();
    let flipped = Image {
        bytes,
        width: img.width,
        height: img.height,
    };
    flipped.export_png(png.to_str().expect("a UTF-8 path"));
}

#[test]
fn the_form_shows_a_live_error_at_three_sizes() {
    for (w, h) in [(1280, 800), (1024, 640), (1920, 1080)] {
        let Some(png) = form_with_error(w, h) else {
            return;
        };
        eprintln!("{}", png.display());
    }
}

/// Ctrl-F searches the whole set (the gallery is on Termina's foes): the first card found
/// is picked, Enter keeps the results, and E opens the form on that card, whose save lands
/// in its own Domain's file.
#[test]
fn a_search_jumps_to_the_card_found() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("desk-search");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let query = "refs:ferrymans_bell type:companion";
    let (set, _) = forward::cards::load::load_dir(&dir).expect("the copy loads");
    let found = forward::cards::search::Query::parse(query).run(&set);
    let first = &set.cards[*found.first().expect("the query finds a card")];
    let (id, name) = (first.id.0.clone(), first.name.clone());
    let home = set
        .domains
        .iter()
        .position(|d| d.stations.iter().any(|s| s.id() == id.as_str()))
        .expect("its Domain");
    let file = dir.join(&set.files().map.domains[home].file);
    assert!(!file.ends_with("termina.json"), "a card outside the filter");
    let before = std::fs::read_to_string(&file).expect("read its file");
    // Each step waits for what the last one drew: on a busy machine a frame may take a
    // second, and a key pressed before the search box or the form is up is lost.
    let d = xvfb.display.as_str();
    let mut live = start_live(&xvfb, &dir, &scratch, &GALLERY);
    live.until("the gallery", |w| has(w, "Termina"));
    live.key(d, "ctrl+f");
    live.type_text(d, query);
    live.until("the query typed", |w| has(w, query));
    live.key(d, "Return");
    live.until("the search's answer", |w| has(w, "E edit"));
    live.key(d, "e");
    live.until("the form on the card found", |w| {
        has(w, &format!("Editing {id}"))
    });
    live.keys(d, &["Tab", "End"]);
    live.type_text(d, " Found");
    live.until("the name typed", |w| has(w, &format!("{name} Found")));
    live.key(d, "ctrl+s");
    let saved = wait_for(&file, "the save of the card found", |t| t != before);
    assert_eq!(name_in(&saved, &id), format!("{name} Found"));
}
