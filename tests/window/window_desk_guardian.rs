//! The Guardian in the desk's window, edited through fields and pickers, not JSON: a
//! seal's penalty picked from the format's penalties, what breaks it picked from the
//! format's conditions with a card id typed in its own field; saved, the file then
//! differs from the shipped one in those two lines only, and the set validates.
//!
//! Each step waits on what the game draws (its layout report, written every frame), not
//! on fixed sleeps. Needs `Xvfb`, Mesa's software GL and `xdotool` (`.ci/run` installs
//! them).

use crate::common;
use crate::common::desk::{assert_validates, has, keys, start_live, tab_to, type_text, wait_for};
use crate::common::game::{CARDS, Live};
use crate::common::pixels::Scratch;
use crate::common::xvfb::Xvfb;
use std::path::Path;

/// The desk's gallery on the cards that are not Station cards (of the cards in `dir`),
/// its layout report written each frame.
fn start(xvfb: &Xvfb, dir: &Path, scratch: &Scratch) -> Live {
    start_live(
        xvfb,
        dir,
        scratch,
        &["--desk", "--gallery-domain", "others"],
    )
}

/// The second seal (the Seal of Acedia: broken when the Mirror Knight follows, else the
/// Guardian heals fully): Tab to its penalty, R picks "reflect"; Shift-Tab twice to what
/// breaks it, Left picks "holds" (the condition before "follows" in the format), and the
/// card's id is typed in the field that follows. Ctrl-S writes exactly those two changes.
#[test]
fn a_guardian_seal_is_edited_through_its_pickers() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let d = &xvfb.display;
    let scratch = Scratch::new("desk-guardian");
    let dir = scratch.path("cards");
    common::files::copy_dir(Path::new(CARDS), &dir);
    let guardian = dir.join("guardian.json");
    let before = std::fs::read_to_string(&guardian).expect("read the Guardian");
    let mut live = start(&xvfb, &dir, &scratch);
    live.until("the others", |w| {
        has(w, "cards: ") && has(w, "Guardian, the map")
    });
    // Nine title cards, the traveller, then the Guardian.
    for _ in 0..11 {
        keys(&mut live, d, &["n"]);
    }
    keys(&mut live, d, &["e"]);
    live.until("the form on the Guardian", |w| has(w, "Editing guardian"));
    tab_to(&mut live, d, "Seal 2 penalty");
    live.until("the choice's hint", |w| {
        has(w, "Left/Right, a first letter")
    });
    keys(&mut live, d, &["x", "r"]);
    keys(&mut live, d, &["shift+Tab", "shift+Tab"]);
    live.until("the condition's picker", |w| {
        w.iter().any(|s| s.starts_with("Seal 2 broken by: "))
    });
    keys(&mut live, d, &["Left", "Tab"]);
    live.until("the card id's field", |w| {
        w.iter().any(|s| s.starts_with("Seal 2 card id: "))
    });
    type_text(&mut live, d, "ferrymans_bell");
    keys(&mut live, d, &["ctrl+s"]);
    let after = wait_for(&guardian, "the seal saved", |t| t != before);
    let old = "{ \"follows\": \"mirror_knight\" },\n      \"penalty\": \"full_heal\"";
    let new = "{ \"holds\": \"ferrymans_bell\" },\n      \"penalty\": \"reflect\"";
    assert!(before.contains(old), "the shipped seal changed: {before}");
    assert_eq!(
        after,
        before.replacen(old, new, 1),
        "only the seal's two keys"
    );
    assert_validates(&dir, "after the Guardian's seal was edited");
}
