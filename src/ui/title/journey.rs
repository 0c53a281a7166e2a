//! Today's journey on the title, and the seed box that takes a seed or a run code.
//!
//! The entry starts the seed of the day (the date from the system clock, read by the
//! caller): the first one of a date that finishes or is abandoned is the day's recorded
//! attempt. Once that is in the history the entry says how it went and starts the same
//! road again as practice (an ordinary run); while the day's journey is still in progress
//! it continues that run instead of starting a second one.

use super::{Item, TitleScreen};
use crate::cards::CardSet;
use crate::core::DiceMode;
use crate::daily::{Day, RunCode};
use crate::store::SaveStore;
use crate::ui::Next;
use crate::ui::input::{Input, Intent, Press};
use std::path::PathBuf;

/// The longest seed typed as digits (a u64 has at most 20; 19 always fits).
pub const SEED_DIGITS: usize = 19;
/// The longest text the box takes while a run code is typed (`F-` + 20 digits + `-d-` +
/// 8 hex digits, and a little room for a mistake to be seen).
pub const CODE_CHARS: usize = 36;

/// Today's journey as the title offers it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Journey {
    /// Today's date (UTC).
    pub day: Option<Day>,
    /// How today's recorded attempt went, in words (`won`, `lost in the Darkwood Brume`).
    pub attempt: Option<String>,
    /// Today's journey still in progress: its save, which the entry continues.
    pub open: Option<PathBuf>,
}

impl Journey {
    /// The journey of `day`: its recorded attempt from the history of `store`, and its run
    /// still in progress among the saves (the Domain names from `set`).
    pub fn of(day: Day, store: Option<&SaveStore>, set: &CardSet) -> Journey {
        let Some(store) = store else {
            return Journey {
                day: Some(day),
                ..Journey::default()
            };
        };
        let history = crate::history::read(&store.history_path()).unwrap_or_default();
        let attempt = history.attempt(day).map(|r| {
            if r.won() {
                "won".to_string()
            } else {
                let id = r.last_domain();
                let name = set
                    .domains
                    .iter()
                    .find(|d| d.id.0 == id)
                    .map_or(id, |d| d.name.as_str());
                format!("lost in {name}")
            }
        });
        let open = store
            .list()
            .into_iter()
            .filter_map(Result::ok)
            .find(|i| !i.is_over() && i.summary.day == Some(day))
            .map(|i| i.path);
        Journey {
            day: Some(day),
            attempt,
            open: open.filter(|_| history.attempt(day).is_none()),
        }
    }

    /// What Enter on the entry does: continue today's run, start it, or (once recorded)
    /// start the same road as practice.
    pub fn next(&self) -> Next {
        let Some(day) = self.day else {
            return Next::Stay;
        };
        if let Some(path) = &self.open {
            return Next::Open(path.clone());
        }
        Next::Journey {
            seed: day.seed(),
            day: self.attempt.is_none().then_some(day),
        }
    }

    /// The note beside the entry.
    pub fn note(&self) -> String {
        let Some(day) = self.day else {
            return String::new();
        };
        let date = day.short();
        match (&self.attempt, &self.open) {
            (Some(how), _) => format!("{date} · {how} · again as practice"),
            (None, Some(_)) => format!("{date} · in progress: Enter goes on"),
            (None, None) => format!("{date} · the same road for everyone · one try counts"),
        }
    }
}

/// One thing typed on the title: a character for the seed box (or a letter command), or a
/// menu intent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Typed {
    Char(char),
    Intent(Intent),
}

/// The frame's typing, in order. Characters come from the typed text (so `-` and capitals
/// arrive as typed); the digit and letter keys that type them are not counted twice. An
/// input with no typed text (a test's flags, or Ctrl-V, whose letter types nothing) gives
/// its digit and letter keys as characters, letters only without Ctrl.
pub fn typed(input: &Input) -> Vec<Typed> {
    let chars = input.presses.iter().any(|p| matches!(p, Press::Char(_)));
    if !chars {
        let ctrl = input.ctrl || input.chords.iter().any(|c| c.ctrl);
        return input
            .intents()
            .into_iter()
            .filter_map(|i| match i {
                Intent::Digit(d) => Some(Typed::Char(char::from(b'0' + d))),
                Intent::Letter(_) if ctrl => None,
                Intent::Letter(c) => Some(Typed::Char(c)),
                other => Some(Typed::Intent(other)),
            })
            .collect();
    }
    input
        .presses
        .iter()
        .filter_map(|p| match p {
            Press::Char(c) if !c.is_whitespace() => Some(Typed::Char(*c)),
            Press::Char(_) => None,
            Press::Key(k) => match Intent::of_key(*k)? {
                Intent::Digit(_) | Intent::Letter(_) => None,
                other => Some(Typed::Intent(other)),
            },
        })
        .collect()
}

impl TitleScreen {
    /// Today's journey, as the entry offers it.
    pub fn journey(mut self, journey: Journey) -> TitleScreen {
        self.journey = journey;
        self
    }

    /// The box holds a run code being typed (it starts with `F`).
    pub(super) fn code_typed(&self) -> bool {
        self.seed.starts_with(['F', 'f'])
    }

    /// A character typed on the title: a digit, or a run code's letters and dashes, go to
    /// the seed box; S on the guided entry turns the Guide's screen on or off; H on a New
    /// run entry opens its house rules (never O: it reads like the digit 0 on a key).
    pub(super) fn type_char(&mut self, c: char) {
        let code = self.code_typed();
        let room = if code { CODE_CHARS } else { SEED_DIGITS };
        let takes = match c {
            '0'..='9' => true,
            'f' | 'F' => self.seed.is_empty() || code,
            '-' => code,
            c => code && c.is_ascii_alphanumeric(),
        };
        if takes {
            if self.seed.len() < room {
                let c = if self.seed.is_empty() {
                    c.to_ascii_uppercase()
                } else {
                    c
                };
                self.seed.push(c);
                self.refusal = None;
                self.from_code = false;
                self.read_code();
            }
            if !matches!(Item::ALL[self.selected], Item::NewRun | Item::GuideRun) {
                self.selected = Item::NewRun.index();
            }
        } else if matches!(c, 'h' | 'H')
            && matches!(Item::ALL[self.selected], Item::NewRun | Item::GuideRun)
        {
            self.options = Some(super::options::OptionsStep::new(self.rules));
        } else if matches!(c, 's' | 'S') && Item::ALL[self.selected] == Item::GuideRun {
            self.guide_screen = !self.guide_screen;
        }
    }

    /// Backspace in the seed box.
    pub(super) fn erase(&mut self) {
        self.seed.pop();
        self.refusal = None;
        self.from_code = false;
    }

    /// Text pasted into the seed box (Ctrl-V): a seed, or a run code.
    pub fn paste(&mut self, text: &str) {
        let text = text.trim();
        self.refusal = None;
        self.from_code = false;
        if !text.is_empty() && text.len() <= SEED_DIGITS && text.bytes().all(|b| b.is_ascii_digit())
        {
            self.seed = text.to_string();
        } else if text.starts_with(['F', 'f']) && text.len() <= CODE_CHARS {
            self.seed = text.to_string();
            self.read_code();
            if self.code_typed() && self.refusal.is_none() {
                self.refusal = Some(not_a_code(text));
            }
        } else {
            self.refusal = Some("neither a seed nor a run code was pasted".into());
            return;
        }
        if !matches!(Item::ALL[self.selected], Item::NewRun | Item::GuideRun) {
            self.selected = Item::NewRun.index();
        }
    }

    /// A complete run code in the box becomes its seed and dice mode, or is refused when
    /// it names another card set (the box keeps it, so it can be corrected).
    fn read_code(&mut self) {
        if !self.code_typed() {
            return;
        }
        let Ok(code) = RunCode::parse(&self.seed) else {
            return;
        };
        if !code.same_set(&self.fingerprint) {
            let ours = RunCode::new(0, DiceMode::Rolled, &self.fingerprint).set;
            self.refusal = Some(format!(
                "that run code is for another card set ({}); these cards are {ours}",
                code.set
            ));
            return;
        }
        self.seed = code.seed.to_string();
        self.dice_deck = code.dice == DiceMode::Deck;
        self.rules = code.rules;
        self.from_code = true;
    }

    /// The seed for a new run from the box: `Err` (and the refusal shown) while it holds
    /// a run code that is incomplete, malformed or for another set.
    pub(super) fn seed_for_run(&mut self) -> Result<Option<u64>, ()> {
        if self.code_typed() {
            if self.refusal.is_none() {
                self.refusal = Some(not_a_code(&self.seed));
            }
            return Err(());
        }
        Ok(self.seed.parse().ok())
    }
}

/// The refusal of text that is not a run code.
fn not_a_code(text: &str) -> String {
    let shown: String = text.chars().take(24).collect();
    format!("{shown} is not a run code (F-seed-r or d-set, as an end screen shows it)")
}
