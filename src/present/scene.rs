//! The shown side of a run: the state as the player has seen it so far, plus what the
//! table remembers of what happened (the log, the path, the last exchange and test, the
//! Guardian's checks). A [`Scene`] changes only through [`Scene::apply`], which calls
//! `core::apply` and then notes the event, so it can never drift from the rules.

use super::words;
use crate::cards::model::Occasion;
use crate::cards::{CardRef, DomainRef};
use crate::core::event::SealCheck;
use crate::core::{Event, Outcome, State, Strike, apply};

/// Lines of the event log kept.
pub const LOG_KEEP: usize = 200;

/// The last exchange of a duel, as shown beside it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Exchange {
    pub roll: Option<u8>,
    pub strike: Strike,
    pub foe_roll: u8,
    pub to_foe: i32,
    pub to_traveller: i32,
}

/// The last test roll judged.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Judged {
    pub total: i32,
    pub target: i32,
    pub success: bool,
}

/// The duel last fought, kept after it ends so that its last moment (the killing blow, the
/// foe's HP bar at 0) can still be drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct DuelMemory {
    /// The foe's card (`None`: the Guardian).
    pub card: Option<CardRef>,
    pub hp: i32,
    pub max_hp: i32,
    pub exchange: u32,
}

/// The state as shown, and what the table remembers.
#[derive(Debug, Clone)]
pub struct Scene {
    pub state: State,
    /// What happened, in words, oldest first (at most [`LOG_KEEP`] lines).
    pub log: Vec<String>,
    /// The same lines told by a narrator (the Guide's screen): the traveller in the third
    /// person, the Guide as "you".
    pub told: Vec<String>,
    /// For each line of the log, whether an event of the run made it (not a note of the
    /// table's own, such as the Guide's screen going quiet).
    pub from_events: Vec<bool>,
    /// Domains entered, in order.
    pub path: Vec<DomainRef>,
    pub last_exchange: Option<Exchange>,
    pub last_judged: Option<Judged>,
    pub last_duel: Option<DuelMemory>,
    /// The Guardian's requirements and seals, once revealed.
    pub seals: Vec<SealCheck>,
    /// The cards whose duel-start triggers are running, named on the changes they make.
    trigger_source: Option<String>,
}

impl Scene {
    /// A scene showing `state`, with nothing remembered yet.
    pub fn new(state: State) -> Scene {
        Scene {
            state,
            log: Vec::new(),
            told: Vec::new(),
            from_events: Vec::new(),
            path: Vec::new(),
            last_exchange: None,
            last_judged: None,
            last_duel: None,
            seals: Vec::new(),
            trigger_source: None,
        }
    }

    /// Adds a line to the log (keeping the newest [`LOG_KEEP`]).
    pub fn note(&mut self, line: String) {
        self.note_as(line.clone(), line, false);
    }

    /// Puts a note of the table's own before every other line of the log (a run's first
    /// line: how it began), keeping the log and which of its lines events made in step
    /// (else every later line would be read as its neighbour's: a table's note taken for
    /// what a card did). The narrator's telling, the Guide's page's feed, leaves it out.
    pub fn note_first(&mut self, line: String) {
        self.log.insert(0, line);
        self.from_events.insert(0, false);
    }

    /// Adds a line to the log, its narrator's telling to [`Scene::told`], and whether an
    /// event made it.
    fn note_as(&mut self, line: String, told: String, event: bool) {
        for (log, line) in [(&mut self.log, line), (&mut self.told, told)] {
            log.push(line);
            if log.len() > LOG_KEEP {
                let cut = log.len() - LOG_KEEP;
                log.drain(..cut);
            }
        }
        self.from_events.push(event);
        if self.from_events.len() > LOG_KEEP {
            let cut = self.from_events.len() - LOG_KEEP;
            self.from_events.drain(..cut);
        }
    }

    /// Applies one event to the shown state (through `core::apply`) and remembers it.
    pub fn apply(&mut self, e: &Event) {
        apply(&mut self.state, e);
        self.remember(e);
    }

    /// Remembers an event without applying it (an event already in the state: the
    /// events of the start, or of a run reopened from its journal).
    pub fn remember(&mut self, e: &Event) {
        if !is_change(e) {
            self.trigger_source = None;
        }
        let lines = match e {
            Event::RunEnded { .. } => self.ending().map(|l| {
                let told = l.replace("You and ", "The traveller and ");
                (l, told)
            }),
            _ => words::describe(&self.state.cards, e).map(|l| {
                let told = words::describe_as(&self.state.cards, e, words::Voice::Narrator);
                // A card's words quoted in the log say "a die chooses" in a run alone.
                let guided = self.state.guide;
                let told = told.unwrap_or_else(|| l.clone());
                (
                    words::text_for_seat(&l, guided).into_owned(),
                    words::text_for_seat(&told, guided).into_owned(),
                )
            }),
        };
        if let Some((line, told)) = lines {
            match &self.trigger_source {
                Some(source) => self.note_as(
                    format!("{source}: {line}"),
                    format!("{source}: {told}"),
                    true,
                ),
                None => self.note_as(line, told, true),
            }
        }
        match e {
            Event::DomainEntered { domain } => self.path.push(*domain),
            Event::DuelStarted { card, hp, .. } => {
                self.trigger_source = self.duel_start_cards();
                self.last_exchange = None;
                self.last_duel = Some(DuelMemory {
                    card: *card,
                    hp: *hp,
                    max_hp: *hp,
                    exchange: 0,
                });
            }
            Event::ExchangeResolved {
                exchange,
                roll,
                strike,
                foe_roll,
                to_foe,
                to_traveller,
                foe_hp,
                ..
            } => {
                self.last_exchange = Some(Exchange {
                    roll: *roll,
                    strike: *strike,
                    foe_roll: *foe_roll,
                    to_foe: *to_foe,
                    to_traveller: *to_traveller,
                });
                if let Some(d) = &mut self.last_duel {
                    d.hp = *foe_hp;
                    d.exchange = *exchange;
                }
            }
            Event::FoeHit { foe_hp: hp, .. } | Event::FoeRestored { hp } => {
                if let Some(d) = &mut self.last_duel {
                    d.hp = *hp;
                }
            }
            Event::TestJudged {
                total,
                target,
                success,
                ..
            } => {
                self.last_judged = Some(Judged {
                    total: *total,
                    target: *target,
                    success: *success,
                })
            }
            Event::CardFlipped { .. } => self.last_judged = None,
            Event::GuardianRevealed { checks } => {
                for c in checks {
                    let how = if c.met { "met" } else { "unmet" };
                    let line = format!("  {}: {how}.", c.name);
                    self.note_as(line.clone(), line, true);
                }
                self.seals = checks.clone()
            }
            _ => {}
        }
    }

    /// How the run ended, for the log.
    pub fn ending(&self) -> Option<String> {
        Some(match self.state.outcome.as_ref()? {
            Outcome::Won => "The run is won.".into(),
            Outcome::Lost { .. } => format!("The run is lost: {}", self.loss_detail()?),
        })
    }

    /// What ended a lost run, in a player's words, as the rules core tells it (a duel's
    /// loss names the foe: [`crate::core::combat::duel_loss`]).
    pub fn loss_detail(&self) -> Option<String> {
        match &self.state.outcome {
            Some(Outcome::Lost { detail, .. }) => Some(detail.clone()),
            _ => None,
        }
    }

    /// The active cards with a duel-start trigger (a Snare that bites as a duel begins),
    /// named, or `None` when there are none.
    fn duel_start_cards(&self) -> Option<String> {
        let cards = &self.state.cards;
        let names: Vec<String> = self
            .state
            .active_cards()
            .filter(|c| {
                cards
                    .card(*c)
                    .triggers
                    .iter()
                    .any(|t| t.on == Occasion::DuelStart)
            })
            .map(|c| cards.card(c).name.clone())
            .collect();
        (!names.is_empty()).then(|| names.join(", "))
    }
}

/// The events a trigger's effects make (the changes it is named on in the log).
fn is_change(e: &Event) -> bool {
    matches!(
        e,
        Event::HealthChanged { .. }
            | Event::MaxHealthChanged { .. }
            | Event::MarkerMoved { .. }
            | Event::GraceChanged { .. }
            | Event::BonusGained { .. }
            | Event::EffectRolled { .. }
    )
}
