//! The designer's desk in the window: a card of a copy of `cards/` edited through the
//! gallery's form by xdotool keys, saved (only that card's bytes change, the set still
//! validates), then the save reverted after a confirmation (the file back byte for byte);
//! typing undone and redone in the form; a file changed outside the game announced and
//! never overwritten unasked; a new card made with
//! Shift-N and saved, and Esc's warning before unsaved changes are dropped; the mouse at the
//! form (a click puts the caret in a field, the Save and Undo buttons clicked); Ctrl-T on a
//! new card; a click on a card's id copies it to the clipboard (read back with `xclip`).
//! Also the screenshots
//! of the desk (the form with a live error) at three window sizes, kept in
//! `target/tmp/screenshots/` for a look.
//!
//! Needs `Xvfb`, Mesa's software GL, `xdotool` and `xclip` (`.ci/run` installs them).

use crate::common;
use crate::common::desk::assert_validates;
use crate::common::game::{CARDS, decode, focus, spawn_with, xdotool};
use crate::common::pixels::{Scratch, count, wait};
use crate::common::xvfb::Xvfb;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// Starts the game on `display` with the cards in `dir`, on the gallery's Termina foes.
fn start(display: &str, dir: &Path, scratch: &Scratch, extra: &[&str]) -> Child {
    let (config, saves) = (scratch.path("config"), scratch.path("saves"));
    let mut args = vec![
        "--gallery",
        "--gallery-domain",
        "termina",
        "--gallery-type",
        "foe",
        "--config",
        config.to_str().unwrap(),
        "--saves",
        saves.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    spawn_with(display, dir, &args)
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

/// Waits until `done` holds for the file's text (at most 60 s).
fn wait_for(file: &Path, what: &str, done: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        if done(&text) {
            return text;
        }
        assert!(Instant::now() < deadline, "{what}: not within 60 s");
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Presses keys one at a time, with a pause so that each lands in its own frame.
fn keys(display: &str, keys: &[&str]) {
    for k in keys {
        xdotool(display, &["key", k]);
        std::thread::sleep(Duration::from_millis(150));
    }
}

/// Types `text` into the focused field.
fn type_text(display: &str, text: &str) {
    xdotool(display, &["type", "--delay", "25", text]);
    std::thread::sleep(Duration::from_millis(300));
}

/// Opens the form on the `nth` Termina foe and moves to its Text field, emptied.
fn open_text_field(display: &str, nth: usize, old_text: &str) {
    focus(display);
    // The pointer off the grid: a card under it would be the one hovered.
    xdotool(display, &["mousemove", "5", "795"]);
    for _ in 0..=nth {
        keys(display, &["n"]);
    }
    // Id, Name, then Text; End, then the old text erased.
    keys(display, &["e", "Tab", "Tab", "End"]);
    let n = old_text.chars().count().to_string();
    xdotool(
        display,
        &["key", "--repeat", &n, "--delay", "8", "BackSpace"],
    );
    std::thread::sleep(Duration::from_millis(300));
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
    let mut child = start(&xvfb.display, &dir, &scratch, &["--size", "1280x800"]);
    open_text_field(&xvfb.display, nth, &text);
    let new_hp = hp + 1;
    let new_text = format!(
        "{} Edited at the desk.",
        text.replace(&format!("HP {hp}"), &format!("HP {new_hp}"))
    );
    type_text(&xvfb.display, &new_text);
    // Flavour, Guide notes, Tags, then HP.
    keys(&xvfb.display, &["Tab", "Tab", "Tab", "Tab", "End"]);
    keys(&xvfb.display, &["BackSpace", "BackSpace", "BackSpace"]);
    type_text(&xvfb.display, &new_hp.to_string());
    keys(&xvfb.display, &["ctrl+s"]);
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
    std::thread::sleep(Duration::from_millis(1500));
    keys(&xvfb.display, &["ctrl+z"]);
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(std::fs::read_to_string(&file).expect("read"), after);
    // Ctrl-R lists the saves; Enter asks, N keeps the file as it is.
    keys(&xvfb.display, &["ctrl+r", "Return", "n"]);
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(std::fs::read_to_string(&file).expect("read"), after);
    // Enter asks again (the list is still open), and Y puts the file back byte for byte.
    keys(&xvfb.display, &["Return", "y"]);
    wait_for(&file, "the revert", |t| t == before);
    assert_eq!(std::fs::read(&file).expect("read"), before.as_bytes());
    let _ = child.kill();
    let _ = child.wait();
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
    let mut child = start(&xvfb.display, &dir, &scratch, &["--size", "1280x800"]);
    focus(&xvfb.display);
    xdotool(&xvfb.display, &["mousemove", "5", "795"]);
    for _ in 0..=nth {
        keys(&xvfb.display, &["n"]);
    }
    keys(&xvfb.display, &["e", "Tab", "End"]);
    type_text(&xvfb.display, " Grey Old");
    keys(
        &xvfb.display,
        &["ctrl+z", "ctrl+z", "ctrl+shift+z", "ctrl+s"],
    );
    let saved = wait_for(&file, "the save", |t| t != before);
    assert_eq!(name_in(&saved, &id), format!("{name} Grey"));
    let _ = child.kill();
    let _ = child.wait();
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
    let open_form = || {
        focus(&xvfb.display);
        xdotool(&xvfb.display, &["mousemove", "5", "795"]);
        for _ in 0..=nth {
            keys(&xvfb.display, &["n"]);
        }
        keys(&xvfb.display, &["e", "Tab", "End"]);
        type_text(&xvfb.display, " Grey");
    };
    // The first run: the prompt on screen after the change, and Save refused.
    let report = layout_report(&xvfb, &dir, &scratch, "900", || {
        open_form();
        let outside = edit_outside(&file);
        std::thread::sleep(Duration::from_millis(2500));
        keys(&xvfb.display, &["ctrl+s"]);
        std::thread::sleep(Duration::from_millis(1500));
        assert_eq!(std::fs::read_to_string(&file).expect("read"), outside);
    });
    let json = std::fs::read_to_string(&report).expect("the layout report");
    assert!(
        json.contains("changed outside the game: Ctrl-L takes it in"),
        "no prompt drawn"
    );
    // The second run, live: Ctrl-L, then Ctrl-S saves the form's edit into the new text.
    std::fs::write(&file, &original).expect("put the file back");
    let mut child = start(&xvfb.display, &dir, &scratch, &["--size", "1280x800"]);
    open_form();
    let outside = edit_outside(&file);
    std::thread::sleep(Duration::from_millis(2500));
    keys(&xvfb.display, &["ctrl+s"]);
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(std::fs::read_to_string(&file).expect("read"), outside);
    keys(&xvfb.display, &["ctrl+l", "ctrl+s"]);
    let saved = wait_for(&file, "the save after Ctrl-L", |t| t != outside);
    assert!(
        saved.contains("\"name\": \"Outside "),
        "the outside edit was lost"
    );
    assert_eq!(name_in(&saved, &id), format!("{name} Grey"));
    let _ = child.kill();
    let _ = child.wait();
}

/// Empties the focused field (End, then more backspaces than it has characters) and types
/// `text` into it.
fn retype_field(display: &str, text: &str) {
    keys(display, &["End"]);
    xdotool(
        display,
        &["key", "--repeat", "60", "--delay", "8", "BackSpace"],
    );
    type_text(display, text);
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
    let mut child = start(&xvfb.display, &dir, &scratch, &["--size", "1280x800"]);
    focus(&xvfb.display);
    xdotool(&xvfb.display, &["mousemove", "5", "795"]);
    // The form opens on the new card's id; its name and text come next.
    keys(&xvfb.display, &["shift+n", "Tab"]);
    retype_field(&xvfb.display, "Ash Moth");
    keys(&xvfb.display, &["Tab"]);
    retype_field(&xvfb.display, "A moth of ash. HP 3.");
    keys(&xvfb.display, &["ctrl+s"]);
    let saved = wait_for(&file, "the new card's save", |t| t.contains("Ash Moth"));
    let v: serde_json::Value = serde_json::from_str(&saved).expect("still JSON");
    let stations = v["stations"].as_array().expect("stations");
    let last = stations.last().expect("a card");
    assert_eq!(last["id"], "new_foe", "added last: {last}");
    assert_eq!(last["name"], "Ash Moth");
    assert_eq!(last["type"], "foe");
    assert_validates(&dir, "with the new card");
    // The set reloads and the form reopens on the new card (focus on its id).
    std::thread::sleep(Duration::from_millis(1500));
    keys(&xvfb.display, &["Tab", "End", "s", "Escape"]);
    // One Esc only warned: the form is still open, so Ctrl-S saves the change.
    keys(&xvfb.display, &["ctrl+s"]);
    let renamed = wait_for(&file, "the save after one Esc", |t| t.contains("Ash Moths"));
    std::thread::sleep(Duration::from_millis(1500));
    keys(&xvfb.display, &["Tab", "End", "x", "Escape", "Escape"]);
    // Two Escs left the form: Ctrl-S in the gallery saves nothing.
    keys(&xvfb.display, &["ctrl+s"]);
    std::thread::sleep(Duration::from_millis(2000));
    let after = std::fs::read_to_string(&file).expect("read termina.json");
    assert_eq!(
        after, renamed,
        "a change was saved after leaving with two Escs"
    );
    assert!(!after.contains("Ash Mothsx"));
    let _ = child.kill();
    let _ = child.wait();
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

/// A first run that only takes the layout: the game on the cards in `dir` at 1280x800,
/// brought to a screen by `reach`, writes a screenshot (checked) and its layout report after
/// `frames` frames; returns the report's path.
fn layout_report(
    xvfb: &Xvfb,
    dir: &Path,
    scratch: &Scratch,
    frames: &str,
    reach: impl Fn(),
) -> PathBuf {
    let (report, shot) = (scratch.path("layout.json"), scratch.path("layout.png"));
    let child = start(
        &xvfb.display,
        dir,
        scratch,
        &[
            "--size",
            "1280x800",
            "--screenshot",
            shot.to_str().unwrap(),
            "--frames",
            frames,
            "--layout-report",
            report.to_str().unwrap(),
        ],
    );
    reach();
    decode(&wait(child), &shot);
    report
}

/// Clicks at window pixel (x, y).
fn click(display: &str, x: f32, y: f32) {
    let (x, y) = ((x as i32).to_string(), (y as i32).to_string());
    xdotool(display, &["mousemove", &x, &y, "click", "1"]);
    std::thread::sleep(Duration::from_millis(300));
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
    let open_form = || {
        focus(&xvfb.display);
        xdotool(&xvfb.display, &["mousemove", "5", "795"]);
        for _ in 0..=nth {
            keys(&xvfb.display, &["n"]);
        }
        keys(&xvfb.display, &["e"]);
    };
    // The first run: the form's layout.
    let report = layout_report(&xvfb, &dir, &scratch, "400", open_form);
    let form_right = 840.0;
    let (_, end, baseline) = drawn_at(&report, &flavour, form_right);
    let (save_l, save_r, save_y) = drawn_at(&report, "Save (Ctrl-S)", form_right);
    let (undo_l, undo_r, undo_y) = drawn_at(&report, "Revert… (Ctrl-R)", form_right);

    // The second run, live: the clicks.
    let mut child = start(&xvfb.display, &dir, &scratch, &["--size", "1280x800"]);
    open_form();
    click(&xvfb.display, end + 6.0, baseline - 5.0);
    type_text(&xvfb.display, " Clicked.");
    click(&xvfb.display, (save_l + save_r) / 2.0, save_y - 5.0);
    let after = wait_for(&file, "the save by a click", |t| t != before);
    let v: serde_json::Value = serde_json::from_str(&after).expect("still JSON");
    let saved = v["stations"]
        .as_array()
        .and_then(|s| s.iter().find(|c| c["id"] == id.as_str()))
        .expect("the card is still there");
    assert_eq!(saved["flavor"], format!("{flavour} Clicked."), "{saved}");
    assert_validates(&dir, "after the save by a click");
    // The set reloads and the form reopens; Revert lists the save, Enter and Y put it back.
    std::thread::sleep(Duration::from_millis(1500));
    click(&xvfb.display, (undo_l + undo_r) / 2.0, undo_y - 5.0);
    keys(&xvfb.display, &["Return", "y"]);
    wait_for(&file, "the revert by a click", |t| t == before);
    let _ = child.kill();
    let _ = child.wait();
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
    let pick = || {
        focus(&xvfb.display);
        xdotool(&xvfb.display, &["mousemove", "5", "795"]);
        for _ in 0..=nth {
            keys(&xvfb.display, &["n"]);
        }
    };
    let report = layout_report(&xvfb, &dir, &scratch, "300", pick);
    let shown = format!("id  {id}   (click: copy)");
    let (left, _, baseline) = drawn_at(&report, &shown, 1280.0);
    // The id itself is the first words: click in their middle.
    let right = left + 6.0 * id.len() as f32;
    let mut child = start(&xvfb.display, &dir, &scratch, &["--size", "1280x800"]);
    pick();
    click(&xvfb.display, (left + right) / 2.0, baseline - 5.0);
    let mut pasted = String::new();
    for _ in 0..50 {
        let out = Command::new("xclip")
            .args(["-o", "-selection", "clipboard"])
            .env("DISPLAY", &xvfb.display)
            .output()
            .expect("run xclip");
        pasted = String::from_utf8_lossy(&out.stdout).into_owned();
        if pasted == id {
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(pasted, id, "the clipboard holds the card's id");
    let _ = child.kill();
    let _ = child.wait();
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
    let mut child = start(&xvfb.display, &dir, &scratch, &["--size", "1280x800"]);
    focus(&xvfb.display);
    xdotool(&xvfb.display, &["mousemove", "5", "795"]);
    // A new foe (the gallery shows Termina's foes), then Ctrl-T's picker: Down, Enter
    // takes the next type.
    keys(
        &xvfb.display,
        &["shift+n", "ctrl+t", "Down", "Return", "Tab"],
    );
    retype_field(&xvfb.display, "Ash Whisper");
    keys(&xvfb.display, &["ctrl+s"]);
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
    let _ = child.kill();
    let _ = child.wait();
}

/// The form on the first Termina foe with a live error (HP 0), as a screenshot.
fn form_with_error(width: u32, height: u32) -> Option<PathBuf> {
    let xvfb = Xvfb::start(width, height)?;
    let scratch = Scratch::new("desk-shot");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let (nth, _, text, _) = first_foe(&dir);
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&shots).expect("screenshot dir");
    let png = shots.join(format!("desk-form-{width}x{height}.png"));
    let _ = std::fs::remove_file(&png);
    let size = format!("{width}x{height}");
    let child = start(
        &xvfb.display,
        &dir,
        &scratch,
        &[
            "--size",
            &size,
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            "900",
        ],
    );
    open_text_field(&xvfb.display, nth, &text);
    type_text(&xvfb.display, "A hound of ash. HP 0.");
    keys(&xvfb.display, &["Tab", "Tab", "Tab", "Tab", "End"]);
    keys(&xvfb.display, &["BackSpace", "BackSpace", "BackSpace", "0"]);
    // Back on the text field, so the caret and the error both show.
    let out = wait(child);
    let img = decode(&out, &png);
    assert_eq!((img.width as u32, img.height as u32), (width, height));
    // The live error is drawn in the error red somewhere on the form.
    let red = count(&img, (0, 0), (width, height), |p| {
        p[0] > 230 && (90..130).contains(&p[1]) && (70..110).contains(&p[2])
    });
    assert!(red > 40, "no error red on the form ({red} pixels)");
    Some(png)
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
        .position(|d| d.stations.iter().any(|s| s.id == id.as_str()))
        .expect("its Domain");
    let file = dir.join(&set.files().map.domains[home].file);
    assert!(!file.ends_with("termina.json"), "a card outside the filter");
    let before = std::fs::read_to_string(&file).expect("read its file");
    // Each step waits for what the last one drew: on a busy machine a frame may take a
    // second, and a key pressed before the search box or the form is up is lost.
    use common::desk::{has, keys as press, start_live, type_text as type_in};
    let d = xvfb.display.as_str();
    let args = [
        "--gallery",
        "--gallery-domain",
        "termina",
        "--gallery-type",
        "foe",
    ];
    let mut live = start_live(&xvfb, &dir, &scratch, &args);
    live.until("the gallery", |w| has(w, "Termina"));
    press(&mut live, d, &["ctrl+f"]);
    type_in(&mut live, d, query);
    live.until("the query typed", |w| has(w, query));
    press(&mut live, d, &["Return"]);
    live.until("the search's answer", |w| has(w, "E edit"));
    // E opens the form. Under load X may hand the game a key a frame late, together with
    // the one before it, so E is pressed again (a few times at most) until the form is up.
    let editing = format!("Editing {id}");
    for _ in 0..5 {
        press(&mut live, d, &["e"]);
        live.frames(6);
        if live.drawn().is_some_and(|w| has(&w, &editing)) {
            break;
        }
    }
    live.until("the form on the card found", |w| has(w, &editing));
    press(&mut live, d, &["Tab", "End"]);
    type_in(&mut live, d, " Found");
    live.until("the name typed", |w| has(w, &format!("{name} Found")));
    press(&mut live, d, &["ctrl+s"]);
    let saved = wait_for(&file, "the save of the card found", |t| t != before);
    assert_eq!(name_in(&saved, &id), format!("{name} Found"));
}
