//! Copying a run's seed or run code to the system clipboard, and reading a pasted one (`arboard`; on X11 through x11rb, so no
//! system package is needed).
//!
//! On X11 the copied text lives in the process that copied it: the clipboard is kept open
//! for the whole session, so a seed copied on the Load screen can still be pasted after
//! leaving it (a clipboard manager keeps it after the game closes).

use std::sync::Mutex;

static CLIPBOARD: Mutex<Option<arboard::Clipboard>> = Mutex::new(None);

/// Copies `text`; returns the words to show: what was copied, or why it could not be
/// (with the text itself, so it can still be written down).
pub fn copy(what: &str, text: &str) -> String {
    let mut guard = match CLIPBOARD.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    if guard.is_none() {
        match arboard::Clipboard::new() {
            Ok(c) => *guard = Some(c),
            Err(e) => return format!("Cannot reach the clipboard ({e}): the {what} is {text}"),
        }
    }
    match guard.as_mut().map(|c| c.set_text(text.to_string())) {
        Some(Ok(())) => format!("Copied the {what} {text}"),
        Some(Err(e)) => format!("Could not copy ({e}): the {what} is {text}"),
        None => format!("The {what} is {text}"),
    }
}

/// The clipboard's text (a run code pasted on the title); `Err`: why it could not be read,
/// in a player's words.
pub fn paste() -> Result<String, String> {
    let mut guard = match CLIPBOARD.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    if guard.is_none() {
        *guard = Some(
            arboard::Clipboard::new().map_err(|e| format!("cannot reach the clipboard ({e})"))?,
        );
    }
    match guard.as_mut().map(|c| c.get_text()) {
        Some(Ok(text)) => Ok(text),
        Some(Err(e)) => Err(format!("nothing to paste ({e})")),
        None => Err("cannot reach the clipboard".into()),
    }
}
