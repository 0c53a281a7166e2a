//! The table as a stage: the session holds the true state; the stage holds a shown
//! [`Scene`] that trails it and plays the events of each action one at a time, each at the
//! pace of its [`Moment`]. Panels draw only the shown scene, so nothing appears before its
//! moment: during the dice tumble the log, Health and the foe's HP are still those of
//! before the roll. Plain data with a clock passed in, so it is tested without a window.
//!
//! Every event goes through `core::apply` in order; an event with no moment is applied at
//! once. A moment has a *lead* (played before its event is applied: the card turning, the
//! dice tumbling), then the event is applied, then a *tail* (the dice landed, a number
//! rising, a bar sliding). A moment that *holds* then waits for the player: a card that
//! resolved by itself stays up to be read, the Guardian's reveal waits to be taken in.

use super::scene::Scene;
use crate::cards::CardRef;
use crate::core::{Event, State};
use std::collections::VecDeque;

/// How fast moments play (a setting).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    /// Everything at once; only holds wait.
    Instant,
}

impl Speed {
    /// Moment durations are multiplied by this.
    pub fn factor(self) -> f32 {
        match self {
            Speed::Slow => 1.6,
            Speed::Normal => 1.0,
            Speed::Fast => 0.5,
            Speed::Instant => 0.0,
        }
    }
}

/// Holding a key or Space plays moments this many times faster.
pub const FAST_FORWARD: f32 = 4.0;

/// What a moment shows.
#[derive(Debug, Clone, PartialEq)]
pub enum MomentKind {
    /// A row card turns over.
    Flip { slot: u8, card: CardRef },
    /// Dice tumble and land (duel, test, reroll, effect dice).
    Dice,
    /// An exchange resolves: damage numbers rise, bars slide.
    Blow { to_foe: i32, to_traveller: i32 },
    /// Health changes outside an exchange.
    Health { by: i32 },
    /// A card strikes the foe.
    FoeHit { amount: i32 },
    /// The foe falls: final dice stay, its HP bar reaches 0, the card leaves.
    FoeDefeated,
    /// A foe let the traveller by, or a duel was broken off.
    FoeLeft,
    /// A test is judged: pass or fail stamped on the card.
    Judged { success: bool },
    /// A Snare catches the traveller: the card moves to the Snares area.
    SnareCaught { card: CardRef },
    /// A Snare leaves.
    SnareRemoved { card: CardRef },
    /// A find moves into its slot, or a companion joins.
    Taken { card: CardRef },
    /// The Resolve/Dread marker steps.
    Marker { by: i8 },
    /// Grace fills or empties.
    Grace { by: i8 },
    /// A Terror option or a Guide's option is chosen: it lights, the others dim.
    Chosen,
    /// A duel begins.
    DuelStarted,
    /// The Domain is cleared: its seal on the map.
    DomainCleared,
    /// The marker travels the route to the next Domain.
    DomainEntered,
    /// The Guardian's card lands, then each of its `checks` requirements and seals is
    /// checked one at a time (`super::reveal`); its event is applied once all are shown,
    /// and it holds.
    Guardian { checks: u8 },
    /// A card that resolved by itself stays up to be read (holds).
    Read { card: CardRef },
}

/// One moment of the stage: what it shows, the event it belongs to, its clock.
#[derive(Debug, Clone, PartialEq)]
pub struct Moment {
    pub kind: MomentKind,
    /// The event it plays (`None`: a pause of its own, such as a card held to be read).
    pub event: Option<Event>,
    /// Seconds before the event is applied, and after.
    pub lead: f32,
    pub tail: f32,
    /// Whether and when it waits for the player.
    pub hold: Hold,
    /// Seconds played so far.
    pub t: f32,
    /// The event has been applied to the shown state.
    pub applied: bool,
    /// Times on its clock where it waits for the player before playing on (a guided
    /// reveal, after each check); each is dropped once the player goes on.
    pub stops: Vec<f32>,
}

/// When a moment waits for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hold {
    /// It plays and is gone.
    No,
    /// Before its event is applied (a card that resolved by itself stays up, still
    /// resolving, until the player continues).
    Before,
    /// After its animation (the Guardian's reveal stays up).
    After,
}

impl Moment {
    /// It waits for the player now: its animation is done up to its hold.
    pub fn holding(&self) -> bool {
        match self.hold {
            Hold::No => false,
            Hold::Before => !self.applied && self.t >= self.lead,
            Hold::After => self.done() || self.at_stop(),
        }
    }

    /// It waits at one of its stops.
    fn at_stop(&self) -> bool {
        self.stops.first().is_some_and(|&at| self.t >= at)
    }

    /// Where its clock goes next without the player: its next stop, else its end.
    fn next_stop(&self) -> f32 {
        self.stops.first().copied().unwrap_or(self.lead + self.tail)
    }

    /// How far along the whole animation is, 0 to 1.
    pub fn progress(&self) -> f32 {
        let total = self.lead + self.tail;
        if total <= 0.0 {
            1.0
        } else {
            (self.t / total).clamp(0.0, 1.0)
        }
    }

    /// How far along the lead is (0 to 1; 1 once the event is applied).
    pub fn lead_progress(&self) -> f32 {
        if self.applied || self.lead <= 0.0 {
            1.0
        } else {
            (self.t / self.lead).clamp(0.0, 1.0)
        }
    }

    /// How far along the tail is (0 until the event is applied).
    pub fn tail_progress(&self) -> f32 {
        if !self.applied {
            0.0
        } else if self.tail <= 0.0 {
            1.0
        } else {
            ((self.t - self.lead) / self.tail).clamp(0.0, 1.0)
        }
    }

    /// The animation is over (a holding moment then waits for the player).
    pub fn done(&self) -> bool {
        self.applied && self.t >= self.lead + self.tail
    }
}

/// Lead, tail (seconds at normal speed) and when it holds: the one table of moments.
fn timing(kind: &MomentKind) -> (f32, f32, Hold) {
    let (lead, tail, hold) = plain_timing(kind);
    let hold = match (hold, kind) {
        (false, _) => Hold::No,
        (true, MomentKind::Read { .. }) => Hold::Before,
        (true, _) => Hold::After,
    };
    (lead, tail, hold)
}

fn plain_timing(kind: &MomentKind) -> (f32, f32, bool) {
    match kind {
        MomentKind::Flip { .. } => (0.42, 0.18, false),
        // The lead matches the sound of the dice landing (audio::DICE_TUMBLE).
        MomentKind::Dice => (0.55, 0.4, false),
        MomentKind::Blow { .. } => (0.0, 0.8, false),
        MomentKind::Health { .. } | MomentKind::FoeHit { .. } => (0.0, 0.5, false),
        MomentKind::FoeDefeated => (0.0, 1.25, false),
        MomentKind::FoeLeft => (0.0, 0.8, false),
        MomentKind::Judged { .. } => (0.0, 0.9, false),
        MomentKind::SnareCaught { .. } => (0.0, 0.8, false),
        MomentKind::SnareRemoved { .. } | MomentKind::Taken { .. } => (0.0, 0.5, false),
        MomentKind::Marker { .. } | MomentKind::Grace { .. } => (0.0, 0.4, false),
        MomentKind::Chosen => (0.0, 0.7, false),
        MomentKind::DuelStarted => (0.0, 0.45, false),
        MomentKind::DomainCleared => (0.0, 1.1, false),
        MomentKind::DomainEntered => (0.0, 1.0, false),
        MomentKind::Guardian { checks } => (super::reveal::lead(usize::from(*checks)), 0.6, true),
        MomentKind::Read { .. } => (0.35, 0.0, true),
    }
}

/// The moment an event has on the table, if any.
pub fn moment_of(e: &Event) -> Option<MomentKind> {
    Some(match e {
        Event::CardFlipped { slot, card } => MomentKind::Flip {
            slot: *slot,
            card: *card,
        },
        Event::ExchangeRolled { .. }
        | Event::TravellerRolled { .. }
        | Event::FoeRolled { .. }
        | Event::TestRolled { .. }
        | Event::Rerolled { .. }
        | Event::EffectRolled { .. } => MomentKind::Dice,
        Event::ExchangeResolved {
            to_foe,
            to_traveller,
            ..
        } => MomentKind::Blow {
            to_foe: *to_foe,
            to_traveller: *to_traveller,
        },
        Event::HealthChanged { by, .. } if *by != 0 => MomentKind::Health { by: *by },
        Event::FoeHit { amount, .. } => MomentKind::FoeHit { amount: *amount },
        Event::FoeDefeated { .. } => MomentKind::FoeDefeated,
        Event::FoePassed { .. } | Event::DuelStalemate { .. } => MomentKind::FoeLeft,
        Event::TestJudged { success, .. } => MomentKind::Judged { success: *success },
        Event::SnareCaught { card } => MomentKind::SnareCaught { card: *card },
        Event::SnareRemoved { card } => MomentKind::SnareRemoved { card: *card },
        Event::CardTaken { card, .. } | Event::CompanionJoined { card, .. } => {
            MomentKind::Taken { card: *card }
        }
        Event::MarkerMoved { by, .. } if *by != 0 => MomentKind::Marker { by: *by },
        Event::GraceChanged { by, .. } if *by != 0 => MomentKind::Grace { by: *by },
        Event::TerrorChosen { .. } | Event::GuideChose { .. } => MomentKind::Chosen,
        Event::DuelStarted { .. } => MomentKind::DuelStarted,
        Event::DomainCleared { .. } => MomentKind::DomainCleared,
        Event::DomainEntered { .. } => MomentKind::DomainEntered,
        Event::GuardianRevealed { checks } => MomentKind::Guardian {
            checks: u8::try_from(checks.len()).unwrap_or(u8::MAX),
        },
        _ => return None,
    })
}

/// Where a card that resolves by itself is held up to be read: after all its effects, just
/// before it is put away (discarded from resolving, or resolved), in the same action as
/// its flip. Returns (index of that event, the card).
fn read_holds(events: &[Event]) -> Vec<(usize, CardRef)> {
    let mut out = Vec::new();
    for (i, e) in events.iter().enumerate() {
        let Event::CardFlipped { card, .. } = e else {
            continue;
        };
        // The hold comes once the card has done everything it does (its Health, marker,
        // Grace, finds, companions and Snares are on the table), just before it is put
        // away: so that what is held up shows what it did.
        let done = events[i + 1..].iter().position(|x| match x {
            Event::CardDiscarded {
                card: c,
                from: crate::core::event::Zone::Resolving,
            }
            | Event::CardResolved { card: c } => c == card,
            _ => false,
        });
        let resolved_here = events[i..]
            .iter()
            .any(|x| matches!(x, Event::CardResolved { card: c } if c == card));
        if let (Some(at), true) = (done, resolved_here) {
            out.push((i + 1 + at, *card));
        }
    }
    out
}

/// Whether the card held up at `done` did nothing between its flip and being put away:
/// no event but its being seen (a blank Caesura).
fn changed_nothing(events: &[Event], done: usize, card: CardRef) -> bool {
    let Some(flip) = events[..done]
        .iter()
        .rposition(|e| matches!(e, Event::CardFlipped { card: c, .. } if *c == card))
    else {
        return false;
    };
    events[flip + 1..done]
        .iter()
        .all(|e| matches!(e, Event::CardSeen { .. }))
}

/// An event waiting to be played, with the moment it gets.
#[derive(Debug, Clone)]
struct Queued {
    event: Option<Event>,
    kind: Option<MomentKind>,
}

/// The shown scene and the moments still to play.
#[derive(Debug, Clone)]
pub struct Stage {
    scene: Scene,
    queue: VecDeque<Queued>,
    moment: Option<Moment>,
    speed: Speed,
    /// A key or Space is held: moments play [`FAST_FORWARD`] times faster.
    fast: bool,
    /// Events whose moment has started (or that were applied without one) since
    /// [`Stage::take_started`] was last called, each with the shown state just before it
    /// was applied: what sound cues from.
    started: Vec<(Event, State)>,
    /// A card held up to be read goes on by itself after its reading time (a solo run's
    /// quiet cards, see [`super::pace`]); off: it waits for the player.
    auto_read: bool,
    /// A card that resolves by itself and changes nothing ("A quiet moment. No effect.")
    /// folds into its log line: no flip on the stage, no hold (Settings, a solo run).
    fold_quiet: bool,
    /// Seconds (of the real clock) the current hold has waited.
    held: f32,
    /// A guided run (a Guide reads aloud, or the lesson): the Guardian's reveal waits
    /// after each check.
    guided: bool,
    /// Events applied to the shown state so far: what is worked out from the shown state
    /// is worked out again only when this changes.
    version: u64,
}

impl Stage {
    /// A stage showing `scene`, nothing to play.
    pub fn new(scene: Scene) -> Stage {
        Stage {
            scene,
            queue: VecDeque::new(),
            moment: None,
            speed: Speed::Normal,
            fast: false,
            started: Vec::new(),
            auto_read: false,
            fold_quiet: false,
            held: 0.0,
            guided: false,
            version: 0,
        }
    }

    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The scene, to add a log line (a refusal, a switch) that is no event of the run.
    pub fn scene_mut(&mut self) -> &mut Scene {
        &mut self.scene
    }

    /// The state as shown now.
    pub fn shown(&self) -> &State {
        &self.scene.state
    }

    /// The moment playing (or holding) now.
    pub fn moment(&self) -> Option<&Moment> {
        self.moment.as_ref()
    }

    pub fn speed(&self) -> Speed {
        self.speed
    }

    pub fn set_speed(&mut self, speed: Speed) {
        if self.speed != speed {
            self.speed = speed;
            self.restage();
        }
    }

    /// Quiet cards go on by themselves after their reading time (`true`), or wait for the
    /// player (`false`, the default: a guided run, the lesson).
    pub fn set_auto_read(&mut self, on: bool) {
        self.auto_read = on;
    }

    /// Cards that change nothing fold into their log line (`true`) instead of being flipped
    /// and held up on the stage.
    pub fn set_fold_quiet(&mut self, on: bool) {
        self.fold_quiet = on;
    }

    /// A guided run: the Guardian's reveal waits for the player after each check (unless
    /// moments play at once).
    pub fn set_guided(&mut self, on: bool) {
        if self.guided != on {
            self.guided = on;
            self.restage();
        }
    }

    /// The stops of the reveal playing now, after the pace changed (the table sets the
    /// pace each frame, so a reveal may have started before it): those still ahead when
    /// guided and not instant, else none.
    fn restage(&mut self) {
        let wanted = self.guided && self.speed != Speed::Instant;
        let Some(m) = self.moment.as_mut() else {
            return;
        };
        let MomentKind::Guardian { checks } = m.kind else {
            return;
        };
        if !wanted {
            m.stops.clear();
        } else if !m.applied {
            let t = m.t;
            m.stops = super::reveal::stops(usize::from(checks))
                .into_iter()
                .filter(|&at| at > t)
                .collect();
        }
    }

    /// How long the card held up now waits before it goes on by itself, if it does.
    pub fn reading_left(&self) -> Option<f32> {
        let m = self.moment.as_ref().filter(|m| m.holding())?;
        let wait = self.reading_time(&m.kind)?;
        Some((wait - self.held).max(0.0))
    }

    /// The reading time of a held moment that goes on by itself.
    fn reading_time(&self, kind: &MomentKind) -> Option<f32> {
        let MomentKind::Read { card } = kind else {
            return None;
        };
        if !self.auto_read {
            return None;
        }
        let sc = self.scene.state.cards.card(*card);
        let scale = super::pace::reading_scale(self.speed.factor());
        Some(super::pace::reading_time(&sc.name, &sc.text, scale))
    }

    /// Fast-forward while a key is held.
    pub fn set_fast(&mut self, fast: bool) {
        self.fast = fast;
    }

    /// Nothing left to play: input goes to the session again.
    pub fn idle(&self) -> bool {
        self.moment.is_none() && self.queue.is_empty()
    }

    /// The moment is done and waits for the player (a card to read, the Guardian).
    pub fn holding(&self) -> bool {
        self.moment.as_ref().is_some_and(Moment::holding)
    }

    /// The events of an action: `before` is the true state just before it was taken (the
    /// shown state is set to it, so dice forced since the stage went idle are in it), and
    /// the events are queued. A card that resolved by itself within these events (flipped
    /// and resolved by the same action) gets a reading hold before it leaves the stage.
    pub fn push(&mut self, before: &State, events: &[Event]) {
        self.finish_all();
        self.scene.state = before.clone();
        self.version += 1;
        let read = read_holds(events);
        let folded: Vec<CardRef> = if self.fold_quiet {
            read.iter()
                .filter(|(at, card)| changed_nothing(events, *at, *card))
                .map(|(_, card)| *card)
                .collect()
        } else {
            Vec::new()
        };
        for (i, e) in events.iter().enumerate() {
            if let Some(&(_, card)) = read.iter().find(|(at, _)| *at == i)
                && !folded.contains(&card)
            {
                self.queue.push_back(Queued {
                    event: None,
                    kind: Some(MomentKind::Read { card }),
                });
            }
            let of_folded = match e {
                Event::CardFlipped { card, .. }
                | Event::CardResolved { card }
                | Event::CardDiscarded { card, .. } => folded.contains(card),
                _ => false,
            };
            self.queue.push_back(Queued {
                event: Some(e.clone()),
                kind: if of_folded { None } else { moment_of(e) },
            });
        }
        self.advance(0.0);
    }

    /// Plays `dt` seconds: moments run on, events without a moment are applied at once.
    /// A holding moment stops the clock until [`Stage::skip`].
    pub fn advance(&mut self, dt: f32) {
        // A quiet card read long enough goes on by itself.
        if let Some(m) = self.moment.as_ref().filter(|m| m.holding()) {
            if let Some(wait) = self.reading_time(&m.kind) {
                self.held += dt;
                if self.held >= wait {
                    self.skip();
                }
            }
            return;
        }
        let factor = self.speed.factor() / if self.fast { FAST_FORWARD } else { 1.0 };
        // Seconds of normal-speed moment time this call may play.
        let mut budget = if factor <= 0.0 {
            f32::INFINITY
        } else {
            dt / factor
        };
        loop {
            if self.moment.is_none() && !self.start_next() {
                return;
            }
            let Some(m) = self.moment.as_mut() else {
                return;
            };
            if !m.applied {
                // A guided reveal stops on its way through the lead.
                let to = m.next_stop().min(m.lead);
                let need = (to - m.t).max(0.0);
                if budget < need {
                    m.t += budget;
                    return;
                }
                budget -= need;
                m.t = to;
                if m.hold == Hold::Before || to < m.lead {
                    return;
                }
                m.applied = true;
                if let Some(e) = m.event.clone() {
                    self.apply(&e);
                }
                continue;
            }
            let Some(m) = self.moment.as_mut() else {
                return;
            };
            let need = (m.lead + m.tail - m.t).max(0.0);
            if budget < need {
                m.t += budget;
                return;
            }
            budget -= need;
            m.t = m.lead + m.tail;
            if m.hold == Hold::After {
                return;
            }
            self.moment = None;
        }
    }

    /// The player acts during a moment: a holding moment is released; a playing one is
    /// finished at once (its event applied). Returns whether anything was skipped.
    pub fn skip(&mut self) -> bool {
        if self
            .moment
            .as_ref()
            .is_some_and(|m| m.hold == Hold::After && !m.done())
        {
            self.skip_staged();
            return true;
        }
        let Some(m) = self.moment.take() else {
            return false;
        };
        if !m.applied
            && let Some(e) = &m.event
        {
            self.apply(e);
        }
        self.advance(0.0);
        true
    }

    /// A staged moment that holds after (the Guardian's reveal) is never skipped past its
    /// hold: a key shows it at once up to its next stop or its end; at a stop, it goes on.
    fn skip_staged(&mut self) {
        let Some(m) = self.moment.as_mut() else {
            return;
        };
        if m.at_stop() {
            m.stops.remove(0);
            return;
        }
        m.t = m.next_stop();
        if m.t >= m.lead && !m.applied {
            m.applied = true;
            if let Some(e) = m.event.clone() {
                self.apply(&e);
            }
        }
    }

    /// Plays everything up to the next hold (or to the end) at once.
    pub fn skip_to_hold(&mut self) {
        while let Some(m) = &self.moment {
            if m.holding() {
                return;
            }
            self.skip();
        }
    }

    /// Plays everything at once, holds included.
    pub fn finish_all(&mut self) {
        while !self.idle() {
            if self.moment.is_none() && !self.start_next() {
                break;
            }
            self.skip();
        }
    }

    /// The events started since the last call, in order, each with the shown state
    /// before it.
    pub fn take_started(&mut self) -> Vec<(Event, State)> {
        std::mem::take(&mut self.started)
    }

    fn apply(&mut self, e: &Event) {
        self.scene.apply(e);
        self.version += 1;
    }

    /// Changes whenever the shown state does (an event applied, a new action pushed).
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Starts the next queued event's moment, applying events without one on the way.
    /// Returns whether a moment started.
    fn start_next(&mut self) -> bool {
        while let Some(q) = self.queue.pop_front() {
            if let Some(e) = &q.event {
                self.started.push((e.clone(), self.scene.state.clone()));
            }
            match q.kind {
                Some(kind) => {
                    let (lead, tail, hold) = timing(&kind);
                    let stops = match kind {
                        MomentKind::Guardian { checks }
                            if self.guided && self.speed != Speed::Instant =>
                        {
                            super::reveal::stops(usize::from(checks))
                        }
                        _ => Vec::new(),
                    };
                    // With no lead the event is shown at once and the tail animates it.
                    let applied = lead <= 0.0;
                    if applied && let Some(e) = &q.event {
                        self.apply(e);
                    }
                    self.held = 0.0;
                    self.moment = Some(Moment {
                        kind,
                        event: q.event,
                        lead,
                        tail,
                        hold,
                        t: 0.0,
                        applied,
                        stops,
                    });
                    return true;
                }
                None => {
                    if let Some(e) = &q.event {
                        self.apply(e);
                    }
                }
            }
        }
        false
    }
}
