//! The run in play: its state, the log of actions and forced dice that rebuild it, and the
//! events it has produced. The window, the headless protocol and loading a save all play
//! through a [`Session`]; saving it is [`crate::save`]'s business and keeping it on disk
//! [`crate::store`]'s.
//!
//! A session is replayable by construction: the card set, the seed, the dice forced at the
//! start, every action and every die forced during the run (physical dice typed in) are
//! all a replay needs, and [`Session::replay`] is the one replay loop (loading a save and
//! reopening a run on the table both use it).

use crate::cards::CardSet;
use crate::core::{
    Action, DiceMode, Event, HouseRules, Illegal, Outcome, Refusal, State, Why, dice_rolled,
    execute, new_run_opts, why_not,
};
use crate::daily::{Day, civil_from_days};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A UTC date and time, `2026-11-22 00:46:36`, from milliseconds since the epoch.
pub fn format_time(ms: u64) -> String {
    let secs = ms / 1000;
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// A die result forced during a run, after `after` actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedDie {
    pub after: usize,
    pub value: u8,
}

/// The run in play, with everything needed to replay it: the card set, the seed, the
/// forced dice it started with, every action taken and every die forced on the way, the
/// state they led to, and the events so far.
#[derive(Debug, Clone)]
pub struct Session {
    pub cards: Arc<CardSet>,
    pub seed: u64,
    /// The forced dice given at the start (`--dice`).
    pub dice: Vec<u8>,
    /// Every action taken, in order.
    pub actions: Vec<Action>,
    /// Die results forced during the run (physical dice typed in), each with the number
    /// of actions taken before it.
    pub forced: Vec<ForcedDie>,
    pub state: State,
    /// When the run started (milliseconds since the Unix epoch).
    pub started_at: u64,
    /// Every event of the run so far, the start's included (what the table's log, the
    /// Guide's journal and the end screen's recap are read from).
    pub journal: Vec<Event>,
    /// The date whose journey this run was started as (the title's Today's journey; `None`
    /// for any other run, practice included). Kept in the save's summary.
    pub day: Option<Day>,
    /// What the table keeps with the run beside its rules: its dice switches and its
    /// Guide's screen. Saved with the run, never part of a replay.
    pub table: TableKeep,
}

/// What a table keeps with its run so that Save & Quit, then Continue, brings the table
/// back as it was: whose dice are typed in, the Guide's screen (address, code, seat), and
/// the cards the Guide has shown the traveller. Saved as the save's `table` (absent when
/// there is nothing to keep); never read by the rules.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableKeep {
    /// Physical dice typed in: the traveller's (alone: every die) and the Guide's.
    #[serde(default, skip_serializing_if = "no_table_dice")]
    pub table_dice: [bool; 2],
    /// The Guide's screen, if it was on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guide_screen: Option<LinkKeep>,
    /// The ids of the cards the Guide has shown the traveller (they are known to them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<String>,
}

fn no_table_dice(d: &[bool; 2]) -> bool {
    *d == [false, false]
}

impl TableKeep {
    /// Nothing to keep.
    pub fn is_empty(&self) -> bool {
        *self == TableKeep::default()
    }
}

/// A Guide's screen as kept with its run: where it listened, its join code, the device
/// holding the Guide's seat, and the codes it retired (a page with one is told the table
/// closed that link).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkKeep {
    /// The address it listened on, port included (`192.168.1.20:41234`).
    pub addr: String,
    pub code: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<SeatKeep>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retired: Vec<String>,
}

/// The device holding the Guide's seat: its page's token and how the table names it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatKeep {
    pub token: String,
    /// The kind of device ("Android phone"), from its browser's User-Agent.
    pub kind: String,
    /// A short id to tell two devices apart ("K7FA").
    pub id: String,
}

/// Why a replay could not rebuild a run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(
        "action {number} of the log, {action}, is not legal at that point of the replay: {reason}"
    )]
    IllegalAction {
        number: usize,
        action: String,
        reason: String,
    },
    #[error("replaying the action log stopped the rules engine: {0}")]
    Panicked(String),
}

impl Session {
    /// A new run alone, started now; also returns the events of the start.
    pub fn new(cards: Arc<CardSet>, seed: u64, dice: Vec<u8>) -> (Session, Vec<Event>) {
        Session::new_with(cards, seed, dice, false)
    }

    /// A new run, with a Guide or alone.
    pub fn new_with(
        cards: Arc<CardSet>,
        seed: u64,
        dice: Vec<u8>,
        guide: bool,
    ) -> (Session, Vec<Event>) {
        Session::new_in(cards, seed, dice, guide, DiceMode::Rolled)
    }

    /// A new run, with a Guide or alone, its dice rolled or dealt from a deck (`mode`).
    pub fn new_in(
        cards: Arc<CardSet>,
        seed: u64,
        dice: Vec<u8>,
        guide: bool,
        mode: DiceMode,
    ) -> (Session, Vec<Event>) {
        Session::new_opts(cards, seed, dice, guide, mode, HouseRules::OFF)
    }

    /// [`Session::new_in`] under house rules (`rules`, fixed for the run).
    pub fn new_opts(
        cards: Arc<CardSet>,
        seed: u64,
        dice: Vec<u8>,
        guide: bool,
        mode: DiceMode,
        rules: HouseRules,
    ) -> (Session, Vec<Event>) {
        let (state, events) = new_run_opts(cards.clone(), seed, dice.clone(), guide, mode, rules);
        let session = Session {
            cards,
            seed,
            dice,
            actions: Vec::new(),
            forced: Vec::new(),
            state,
            started_at: now_ms(),
            journal: events.clone(),
            day: None,
            table: TableKeep::default(),
        };
        (session, events)
    }

    /// Takes an action: executes it, adds it to the log and its events to the journal.
    /// An illegal action changes nothing.
    pub fn act(&mut self, action: &Action) -> Result<Vec<Event>, Illegal> {
        let events = execute(&mut self.state, action)?;
        self.actions.push(action.clone());
        self.journal.extend(events.iter().cloned());
        Ok(events)
    }

    /// Takes an action with the physical dice typed for it: forcing the dice and acting
    /// are one step. The action must be offered now and the values must be exactly the
    /// dice it rolls (none: the seeded dice roll); otherwise nothing changes, no die stays
    /// forced, and the refusal says why in a player's words.
    pub fn act_typed(&mut self, action: &Action, dice: &[u8]) -> Result<Vec<Event>, Refusal> {
        if let Some(why) = why_not(&self.state, action) {
            return Err(Refusal::NotNow(why));
        }
        if dice.is_empty() {
            return self
                .act(action)
                .map_err(|_| Refusal::NotNow(Why::NotOffered));
        }
        if let Some(&bad) = dice.iter().find(|d| !(1..=6).contains(*d)) {
            return Err(Refusal::NotADie(bad));
        }
        let rolls =
            dice_rolled(&self.state, action, dice).ok_or(Refusal::NotNow(Why::NotOffered))?;
        if rolls != dice.len() {
            return Err(match dice_rolled(&self.state, action, &[]) {
                Some(0) => Refusal::RollsNone,
                Some(rolls) => Refusal::Count {
                    rolls,
                    typed: dice.len(),
                },
                None => Refusal::NotNow(Why::NotOffered),
            });
        }
        let (state, forced) = (self.state.clone(), self.forced.len());
        for &d in dice {
            self.force_die(d);
        }
        self.act(action).map_err(|_| {
            // Checked above, so not expected; undone all the same.
            self.state = state;
            self.forced.truncate(forced);
            Refusal::NotNow(Why::NotOffered)
        })
    }

    /// Forces the next die result not yet forced (a physical die typed in, 1 to 6), and
    /// logs it so that the replay forces it at the same point.
    pub fn force_die(&mut self, value: u8) {
        let value = value.clamp(1, 6);
        self.state.force_die(value);
        self.forced.push(ForcedDie {
            after: self.actions.len(),
            value,
        });
    }

    /// The run is over (won or lost).
    pub fn is_over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// How the run ended, once it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.state.outcome.as_ref()
    }

    /// The run's summary, as saves and lists show it.
    pub fn summary(&self) -> Summary {
        let s = &self.state;
        Summary {
            domain: s.domain.id().to_string(),
            domain_name: self.cards.domain(s.domain).name.clone(),
            health: s.health,
            max_health: s.max_health,
            cleared: s.cleared.len(),
            flips: s.flips,
            guide: s.guide,
            ending: s.outcome.as_ref().map(Ending::of),
            day: self.day,
        }
    }

    /// The file name a save of this run gets, from its start time (UTC, to the
    /// millisecond) and seed: `run-20261122-004636-123-s42.json`.
    pub fn file_name(&self) -> String {
        let t = format_time(self.started_at)
            .replace(['-', ':'], "")
            .replace(' ', "-");
        format!("run-{t}-{:03}-s{}.json", self.started_at % 1000, self.seed)
    }

    /// Rolled or dealt dice: the run's mode, fixed at its start.
    pub fn dice_mode(&self) -> DiceMode {
        self.state.dice.mode()
    }

    /// The run's house rules, fixed at its start.
    pub fn house_rules(&self) -> HouseRules {
        self.state.rules
    }

    /// Rebuilds a run from its log: a new run from the seed, the dice mode and the starting
    /// dice, then
    /// every action, each forced die at its place. The one replay loop: loading a save and
    /// reopening a run use it. A rules-engine panic is caught and reported, so a crafted
    /// log cannot take the game down.
    pub fn replay(
        cards: Arc<CardSet>,
        start: Setup,
        actions: &[Action],
        forced: &[ForcedDie],
        started_at: u64,
    ) -> Result<Session, ReplayError> {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let Setup {
                seed,
                guide,
                mode,
                rules,
                dice,
            } = start;
            let (mut run, _) = Session::new_opts(cards, seed, dice, guide, mode, rules);
            run.started_at = started_at;
            let mut later = forced.iter().peekable();
            for (i, a) in actions.iter().enumerate() {
                while let Some(f) = later.next_if(|f| f.after <= i) {
                    run.force_die(f.value);
                }
                if let Err(e) = run.act(a) {
                    return Err(ReplayError::IllegalAction {
                        number: i + 1,
                        action: serde_json::to_string(a).unwrap_or_default(),
                        reason: e.to_string(),
                    });
                }
            }
            for f in later {
                run.force_die(f.value);
            }
            Ok(run)
        }));
        result.unwrap_or_else(|panic| {
            let msg = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "an internal error".into());
            Err(ReplayError::Panicked(msg))
        })
    }
}

/// What a run was started with, all a replay needs before the first action.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Setup {
    pub seed: u64,
    /// Played with a Guide.
    pub guide: bool,
    /// Dice rolled or dealt from a deck.
    pub mode: DiceMode,
    /// The house rules (none: the rules as ruled).
    pub rules: HouseRules,
    /// The dice forced at the start (`--dice`).
    pub dice: Vec<u8>,
}

/// How a run ended, as saves and the history record it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// `won` or `lost`.
    pub result: String,
    /// Why it was lost (`health`, `dread`, `guardian`, `abandoned`, `stranded`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl Ending {
    pub fn of(outcome: &Outcome) -> Ending {
        match outcome {
            Outcome::Won => Ending {
                result: "won".into(),
                cause: None,
                detail: None,
            },
            Outcome::Lost { cause, detail } => Ending {
                result: "lost".into(),
                cause: Some(cause.as_str().into()),
                detail: Some(detail.clone()),
            },
        }
    }

    pub fn won(&self) -> bool {
        self.result == "won"
    }
}

/// Where a run stands, readable without replaying it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The current Domain's id and name.
    pub domain: String,
    pub domain_name: String,
    pub health: i32,
    pub max_health: i32,
    /// Domains cleared.
    pub cleared: usize,
    pub flips: u32,
    /// Played with a Guide.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub guide: bool,
    /// `None` while the run goes on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
    /// Started as the journey of this date (absent for any other run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub day: Option<Day>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(format_time(0), "1970-01-01 00:00:00");
        assert_eq!(format_time(1_795_307_196_000), "2026-11-22 00:26:36");
        assert_eq!(format_time(951_782_400_000), "2000-02-29 00:00:00");
    }
}
