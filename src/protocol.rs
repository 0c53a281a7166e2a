//! The headless JSON-lines protocol (docs/PROTOCOL.md): what a player may see of a run,
//! the prompt, and the loop that reads actions and writes one line per step.
//!
//! The [`View`] is also what bots get: it shows only what the traveller knows, so a card
//! still face down and unseen appears as `"hidden"` and the deck only as a count. In a run
//! with a Guide it also carries a [`GuideView`] (what only the Guide may see), and each
//! prompt says whose turn it is.

use crate::cards::CardSet;
use crate::core::{Action, Event, Outcome, legal_actions};
use crate::present::catalog::{Catalog, catalog};
use crate::present::journal::{notes_journal, route_notes};
pub use crate::present::{
    AwaitingView, BonusView, FoeView, GUIDE_NEXT, GuideView, Prompt, RolledView, TestView, View,
    choice_card, guide_view, notes_now, notes_with_source, prompt, step_source, view,
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
    /// The card set in play, on the first line only, with `--describe`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Catalog>,
}

/// Whose stream this is (`--role`): without one, the stream is the shared one of
/// docs/PROTOCOL.md, unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StreamRole {
    /// Nothing of `state.guide`; a `--describe` catalogue without Guide notes.
    Traveller,
    /// `state.guide` with the notes' source, the notes journal and the Domains ahead.
    Guide,
}

/// How a stream is written: for whom, and whether the first line describes the cards.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StreamOptions {
    pub role: Option<StreamRole>,
    pub describe: bool,
}

/// The most dice one input line may carry (`"value": [..]`).
pub const MAX_TYPED_DICE: usize = 8;

/// Splits an input line into the action text and the physical dice it carries
/// (`"value": 6` or `"value": [3, 5]` on `roll`, `roll_foe` and `reroll`). A line with no
/// `value` comes back as it is. Values outside 1-6 are refused.
pub fn split_dice(line: &str) -> Result<(String, Vec<u8>), String> {
    let trimmed = line.trim();
    if !trimmed.starts_with('{') || !trimmed.contains("\"value\"") {
        return Ok((line.to_string(), Vec::new()));
    }
    let mut v: serde_json::Value =
        serde_json::from_str(trimmed).map_err(|e| format!("not an action: {e}"))?;
    let Some(obj) = v.as_object_mut() else {
        return Ok((line.to_string(), Vec::new()));
    };
    let Some(value) = obj.remove("value") else {
        return Ok((line.to_string(), Vec::new()));
    };
    let kind = obj.get("type").and_then(|t| t.as_str()).unwrap_or("");
    if !matches!(kind, "roll" | "roll_foe" | "reroll") {
        return Err(format!(
            "\"value\" (a physical die) goes only with roll, roll_foe or reroll, not {kind:?}"
        ));
    }
    let raw: Vec<serde_json::Value> = match value {
        serde_json::Value::Array(a) => a,
        one => vec![one],
    };
    if raw.is_empty() || raw.len() > MAX_TYPED_DICE {
        return Err(format!(
            "\"value\" must be a die (1 to 6) or a list of 1 to {MAX_TYPED_DICE} dice"
        ));
    }
    let dice = raw
        .iter()
        .map(|d| match d.as_u64() {
            Some(n @ 1..=6) => Ok(n as u8),
            _ => Err(format!(
                "a die value must be a whole number from 1 to 6; got {d}"
            )),
        })
        .collect::<Result<Vec<u8>, String>>()?;
    Ok((v.to_string(), dice))
}

/// Takes one input line on a run: parses it (an offered action or its index, with any
/// physical dice), forces the typed dice, then acts. Nothing changes on an error.
pub fn act_line(run: &mut Session, line: &str) -> Result<Vec<Event>, String> {
    if run.state.is_over() {
        return Err("the run is over; no more actions".to_string());
    }
    let (text, dice) = split_dice(line)?;
    let action = parse_input(&text, &legal_actions(&run.state))?;
    act_with_dice(run, &action, &dice)
}

/// Takes an offered action with the physical dice typed for it (exactly the dice it
/// rolls, or none). Nothing changes on an error: no typed die stays forced.
pub fn act_with_dice(
    run: &mut Session,
    action: &Action,
    dice: &[u8],
) -> Result<Vec<Event>, String> {
    if !legal_actions(&run.state).contains(action) {
        return Err("that action is not offered now".to_string());
    }
    run.act_typed(action, dice).map_err(|e| e.to_string())
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
    let stripped = without_breaks(line);
    let line = stripped.as_deref().unwrap_or(line);
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

/// An action object sent back as offered carries the `breaks` the stream added to it: it
/// tells, it does not choose, so it is dropped before the action is read. `None`: nothing
/// to drop.
fn without_breaks(line: &str) -> Option<String> {
    if !line.starts_with('{') || !line.contains("\"breaks\"") {
        return None;
    }
    let mut v: serde_json::Value = serde_json::from_str(line).ok()?;
    v.as_object_mut()?.remove("breaks")?;
    Some(v.to_string())
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

/// Writes one error line.
pub fn write_error<W: Write>(out: &mut W, e: &str) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &serde_json::json!({ "error": e }))?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Plays on from a run (new or loaded): writes its state with `events` as the first line,
/// then one line per input line. `after` is called after each accepted action, before its
/// line is written (the autosave: whatever a client has seen is saved).
pub fn play_run<R: BufRead, W: Write>(
    run: &mut Session,
    events: &[Event],
    input: R,
    out: W,
    after: impl FnMut(&Session),
) -> io::Result<()> {
    play_run_opts(run, events, input, out, after, StreamOptions::default())
}

/// [`play_run`] with stream options (`--role`, `--describe`).
pub fn play_run_opts<R: BufRead, W: Write>(
    run: &mut Session,
    events: &[Event],
    input: R,
    mut out: W,
    mut after: impl FnMut(&Session),
    opts: StreamOptions,
) -> io::Result<()> {
    write_step_opts(&mut out, run, events, opts, true)?;
    let mut input = input;
    let mut raw = Vec::new();
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        // A line that is not UTF-8 text is answered like any other bad line.
        let result = match std::str::from_utf8(&raw) {
            Err(e) => Err(format!(
                "the line is not UTF-8 text ({e}); send an action object or its index"
            )),
            Ok(line) => act_line(run, line.trim_end_matches(['\n', '\r'])),
        };
        match result {
            Ok(events) => {
                after(run);
                write_step_opts(&mut out, run, &events, opts, false)?
            }
            Err(e) => write_error(&mut out, &e)?,
        }
        out.flush()?;
    }
    Ok(())
}

/// Writes one step line of a run for a stream: the shared view, or the traveller's (no
/// `state.guide`) or the Guide's (with the notes' source, the journal and the Domains
/// ahead); `first` adds the card set with `--describe`.
pub fn write_step_opts<W: Write>(
    out: &mut W,
    run: &Session,
    events: &[Event],
    opts: StreamOptions,
    first: bool,
) -> io::Result<()> {
    let mut state = view(&run.state);
    if let Some(g) = state.guide.as_mut() {
        // The notes of the card this step met, with their source, even when it has
        // already left play (a Caesura, a Snare, a companion who joined at once).
        let (_, source, notes) = step_source(&run.state, events);
        g.notes = notes;
        g.notes_card = Some(source.to_string());
    }
    match opts.role {
        None => {}
        Some(StreamRole::Traveller) => {
            state.guide = None;
            // The seed replays the run, face-down cards and all: the traveller's stream of
            // a guided run carries it only once the run is over.
            if run.state.guide && !run.is_over() {
                state.seed = None;
            }
        }
        Some(StreamRole::Guide) => {
            if let Some(g) = state.guide.as_mut() {
                extend_guide(g, run, (!first).then_some(events));
            }
        }
    }
    let cards = (first && opts.describe)
        .then(|| catalog(&run.cards, opts.role != Some(StreamRole::Traveller)));
    // The loss of an entry whose terms the traveller did not know stays out of the stream.
    let public: Vec<Event>;
    let events = if events.iter().all(Event::is_public_to_traveller) {
        events
    } else {
        public = events
            .iter()
            .filter(|e| e.is_public_to_traveller())
            .cloned()
            .collect();
        &public
    };
    let step = Step {
        state,
        prompt: prompt(&run.state).with_breaks(&run.state),
        events,
        outcome: run.state.outcome.as_ref(),
        cards,
    };
    serde_json::to_writer(&mut *out, &step)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Adds to a Guide view what only a Guide's stream carries: the source of the notes, the
/// notes journal and, at a route choice, the Domains ahead. With `step` (the events of the
/// line's step) the journal holds only the entries that step added, newest first; without,
/// every entry of the run (a stream's first line).
pub fn extend_guide(g: &mut GuideView, run: &Session, step: Option<&[Event]>) {
    if g.notes_card.is_none() {
        let (_, source, _) = notes_with_source(&run.state);
        g.notes_card = Some(source.to_string());
    }
    let full = notes_journal(&run.cards, &run.journal);
    g.journal = Some(match step {
        Some(events) if events.len() <= run.journal.len() => {
            let before = &run.journal[..run.journal.len() - events.len()];
            let known = notes_journal(&run.cards, before).len();
            let new = full.len().saturating_sub(known);
            full.into_iter().take(new).collect()
        }
        _ => full,
    });
    g.ahead = Some(route_notes(&run.state));
}
