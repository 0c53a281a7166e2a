//! The headless JSON-lines protocol (docs/PROTOCOL.md): what a player may see of a run,
//! the prompt, and the loop that reads actions and writes one line per step.
//!
//! The [`View`] is also what bots get: it shows only what the traveller knows, so a card
//! still face down and unseen appears as `"hidden"` and the deck only as a count. In a run
//! with a Guide it also carries a [`GuideView`] (what only the Guide may see), and each
//! prompt says whose turn it is.

use crate::cards::CardSet;
use crate::core::state::State;
use crate::core::{Action, Event, Outcome, legal_actions};
pub use crate::present::{
    AwaitingView, BonusView, FoeView, GUIDE_NEXT, GuideView, Prompt, RolledView, TestView, View,
    choice_card, guide_view, notes_now, prompt, view,
};
use crate::session::Session;
use serde::Serialize;
use std::io::{self, BufRead, Write};
use std::sync::Arc;

/// One protocol line.
#[derive(Debug, Clone, Serialize)]
pub struct Step<'a> {
    pub state: View,
    pub prompt: Prompt,
    pub events: &'a [Event],
    pub outcome: Option<&'a Outcome>,
}

/// Parses one input line: an action object exactly as offered, or its index.
pub fn parse_input(line: &str, offered: &[Action]) -> Result<Action, String> {
    let line = line.trim();
    if line.is_empty() {
        return Err("empty line: send an action object or its index".into());
    }
    if let Ok(i) = line.parse::<i64>() {
        return usize::try_from(i)
            .ok()
            .and_then(|i| offered.get(i).cloned())
            .ok_or_else(|| {
                format!(
                    "index {i} is out of range: {} actions are offered (0..={})",
                    offered.len(),
                    offered.len().saturating_sub(1)
                )
            });
    }
    let action: Action = serde_json::from_str(line).map_err(|e| format!("not an action: {e}"))?;
    no_stray_fields(line, &action)?;
    if offered.contains(&action) {
        Ok(action)
    } else {
        Err(format!(
            "{} is not one of the offered actions; send one of prompt.actions or its index",
            echo(line)
        ))
    }
}

/// How much of a bad input line an error message repeats.
pub const ECHO_LIMIT: usize = 200;

/// `line`, or its first [`ECHO_LIMIT`] characters and how long it was.
fn echo(line: &str) -> String {
    match line.char_indices().nth(ECHO_LIMIT) {
        None => line.to_string(),
        Some((end, _)) => format!("{}... ({} bytes)", &line[..end], line.len()),
    }
}

/// Serde lets an internally tagged unit variant (`abandon`, `roll`...) through with any
/// extra fields, `deny_unknown_fields` notwithstanding: refuse them here.
fn no_stray_fields(line: &str, action: &Action) -> Result<(), String> {
    let Ok(serde_json::Value::Object(sent)) = serde_json::from_str::<serde_json::Value>(line)
    else {
        return Ok(());
    };
    let Ok(serde_json::Value::Object(own)) = serde_json::to_value(action) else {
        return Ok(());
    };
    if own.len() > 1 {
        // A variant with fields: serde already refused unknown ones.
        return Ok(());
    }
    match sent.keys().find(|k| !own.contains_key(*k)) {
        Some(extra) => Err(format!(
            "not an action: `{}` takes no fields, but `{}` was sent",
            own.get("type").and_then(|t| t.as_str()).unwrap_or("?"),
            echo(extra)
        )),
        None => Ok(()),
    }
}

/// Plays one run: writes the first line, then one line per accepted input line, or an
/// `{"error": ...}` line for a bad one. Returns at end of input.
pub fn play<R: BufRead, W: Write>(
    cards: Arc<CardSet>,
    seed: u64,
    dice: Vec<u8>,
    input: R,
    out: W,
) -> io::Result<()> {
    play_with(cards, seed, dice, false, input, out)
}

/// [`play`], with a Guide (`guide`) or alone.
pub fn play_with<R: BufRead, W: Write>(
    cards: Arc<CardSet>,
    seed: u64,
    dice: Vec<u8>,
    guide: bool,
    input: R,
    out: W,
) -> io::Result<()> {
    let (mut run, events) = Session::new_with(cards, seed, dice, guide);
    play_run(&mut run, &events, input, out, |_| {})
}

/// Plays on from a run (new or loaded): writes its state with `events` as the first line,
/// then one line per input line. `after` is called after each accepted action, before its
/// line is written (the autosave: whatever a client has seen is saved).
pub fn play_run<R: BufRead, W: Write>(
    run: &mut Session,
    events: &[Event],
    input: R,
    mut out: W,
    mut after: impl FnMut(&Session),
) -> io::Result<()> {
    write_step(&mut out, &run.state, events)?;
    let mut input = input;
    let mut raw = Vec::new();
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        let offered = legal_actions(&run.state);
        // A line that is not UTF-8 text is answered like any other bad line.
        let result = match std::str::from_utf8(&raw) {
            Err(e) => Err(format!(
                "the line is not UTF-8 text ({e}); send an action object or its index"
            )),
            Ok(_) if run.state.is_over() => Err("the run is over; no more actions".to_string()),
            Ok(line) => parse_input(line, &offered),
        };
        match result.and_then(|a| run.act(&a).map_err(|e| e.to_string())) {
            Ok(events) => {
                after(run);
                write_step(&mut out, &run.state, &events)?
            }
            Err(e) => {
                serde_json::to_writer(&mut out, &serde_json::json!({ "error": e }))?;
                out.write_all(b"\n")?;
            }
        }
        out.flush()?;
    }
    Ok(())
}

fn write_step<W: Write>(out: &mut W, state: &State, events: &[Event]) -> io::Result<()> {
    let step = Step {
        state: view(state),
        prompt: prompt(state),
        events,
        outcome: state.outcome.as_ref(),
    };
    serde_json::to_writer(&mut *out, &step)?;
    out.write_all(b"\n")?;
    out.flush()
}
