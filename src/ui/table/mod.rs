//! The game table, a stage: input becomes an intent, an intent an action sent through the
//! session, the action's events go to the [`Stage`], which plays them one at a time on
//! its own shown copy of the state (`core::apply`, at the pace of each moment), and every
//! panel draws that shown state. Nothing appears before its moment: during the dice
//! tumble the log, Health and the foe's HP are those of before the roll.
//!
//! ```text
//! Input ─► presses/clicks ─► (modal | skip a moment | intent) ─► Session::act ─► events
//!   ─► Stage::push ─► Stage::advance(dt) ─► Frame (buttons, keys, tips) ─► panels draw
//! ```
//!
//! Files: `open` (a new or resumed run's table), `intent` (input become intents and
//! actions), `show` (the frame built from the shown state, and drawn), `layout` (sizes
//! from the window), `frame` (the controls of one frame, stable keys), `look` (the frame's
//! fingerprint), `modal` (the Esc menu, dice entry and the Guide's view, their
//! precedence), `tips` (hover texts), `panels/` (one file per panel). The table never changes the
//! state itself; it autosaves after every action and records the run once it is over.

mod band;
mod focus;
mod frame;
mod intent;
mod layer;
mod layout;
mod link;
mod look;
mod modal;
mod open;
mod panels;
mod show;
mod tips;
mod tutor;

use super::Next;
use super::guide;
use super::input::{Input, Press};
use super::map::{self, MapModel};
use super::style::{self, Fonts, colour, fade};
use super::wake::Due;
use crate::core::state::{Phase, Role};
use crate::core::{Action, legal_actions};
use crate::present::stage::{Speed, Stage};
use crate::session::Session;
use crate::store::{Autosave, StoreError};
use frame::{Button, Control, Frame, KeyMap};
pub use layout::{Layout, MIN_WINDOW};
pub use link::Parked;
use macroquad::prelude::*;
use modal::Modal;
pub use open::Start;
use panels::Ctx;
use panels::end::Recap;

/// Where the Guide makes a Guide's choice while a Guide's screen follows the run.
pub const GUIDE_PICKS_ON_PAGE: &str = "The Guide chooses this on the Guide's screen.";
/// Where the Guide makes a Guide's choice at the shared table.
pub const GUIDE_PICKS_IN_VIEW: &str =
    "The Guide chooses this: hold Tab for the Guide's view, then press the option's number.";

pub struct TableScreen {
    /// The Guardian's terms are open over the map (`panels::objective`).
    objective: bool,
    run: Session,
    stage: Stage,
    /// Saves the run after every action and records it once it ends.
    autosave: Autosave,
    /// Why the last autosave failed (shown small on the table; the game goes on).
    save_warning: Option<String>,
    map: MapModel,
    keys: KeyMap,
    /// The frame built by the last update: what draw, clicks and tooltips read.
    frame: Frame,
    modal: Option<Modal>,
    /// Physical dice, typed in: the traveller's (alone: every die) and the Guide's.
    table_dice: [bool; 2],
    /// The pointer in layout units, once it has moved or clicked.
    mouse: Option<Vec2>,
    /// What the arrows (or a pad) picked out, once one was pressed; the pointer moving
    /// puts it away.
    focus: Option<focus::Target>,
    /// The Guide's choice picked out with the arrows in the Guide's view.
    guide_cursor: Option<usize>,
    /// The animation clock (seconds), as of the last update.
    now: f32,
    /// Log lines scrolled back (0: the newest at the bottom).
    log_scroll: usize,
    recap: Option<Recap>,
    /// The Guide's screen, once turned on.
    link: Option<link::Link>,
    /// The lesson, when this table is one ("Learn to play").
    tutor: Option<tutor::Tutor>,
    /// The pace the player picked: quick duels, and whether quiet cards wait.
    pace: Pace,
    /// The duel's odds lines and the foe's faces against the roll, for the shown state of
    /// this stage version (worked out once, not every frame).
    odds: (u64, Vec<String>, Vec<crate::present::odds::Ending>),
    /// The run's code to share (`F-<seed>-<r|d>-<set>`), worked out once.
    code: String,
    /// When the end panel appeared (the run over and its last moment played): it takes no
    /// input for [`END_CALM`] seconds, so that keys pressed through the last moments do
    /// not throw it away.
    over_since: Option<f32>,
    /// Terms the traveller knew that a step lost for good, told once the stage has
    /// played up to them.
    lost: std::collections::VecDeque<panels::lost::Lost>,
    /// What does not move this frame, kept in a texture (see [`layer`]).
    layer: layer::Layer,
    /// The look of the frame drawn last (`None` before the first).
    drawn_look: std::cell::Cell<Option<u64>>,
    /// Whether the run's dice are ones no reroll could better ([`crate::present::pace::accepts_itself`]),
    /// for the journal's length it was worked out at.
    settled: (usize, bool),
}

/// The longest time one frame moves the table on (seconds).
const MAX_STEP: f32 = 1.25;

/// Seconds the end panel ignores every key and click after it appears.
pub const END_CALM: f32 = 1.0;

/// The pace settings and a quick duel's clock.
#[derive(Debug, Clone, Copy, Default)]
struct Pace {
    quick_duels: bool,
    hold_quiet_cards: bool,
    /// Seconds the stage has been idle on a step a quick duel takes by itself.
    waited: f32,
    /// The last step held a moment that matters: the next waits for the player.
    stopped: Option<crate::present::pace::Stop>,
}

impl TableScreen {
    /// Panels drawn over the table's areas now (the end of a run), for the layout check.
    pub fn overlays(&self, window: Vec2) -> Vec<Rect> {
        let over = self.stage.shown().phase == Phase::Over && self.stage.idle();
        if over {
            vec![Layout::new(window).end_panel()]
        } else if panels::reveal::on_stage(self.stage.scene(), self.stage.moment()) {
            vec![Layout::new(window).guardian_stage()]
        } else {
            Vec::new()
        }
    }

    /// Whether the table is moving by itself: a moment playing, a quiet card counting
    /// down its reading time, a quick duel's beat (a card held for the player is not).
    pub fn playing(&self) -> bool {
        let moving = !self.stage.idle() && !self.stage.holding();
        let reading = self.stage.reading_left().is_some();
        let quick = self.modal.is_none()
            && self.stage.idle()
            && ((self.pace.quick_duels
                && self.pace.stopped.is_none()
                && crate::present::pace::quick_step(&self.run.state).is_some())
                || self.settled.1 && self.settled.0 == self.run.journal.len());
        moving || reading || quick
    }

    /// When the table wants its next frame: at once while something moves on its own (a
    /// moment, the Guide's cover filling); at the next step of a timed wait (a card's
    /// reading countdown, by the second; a quick duel's beat; the end panel's calm; the
    /// Guide's screen's "no page for N s"); else only when something happens.
    pub fn due(&self) -> Due {
        let moving = !self.stage.idle() && !self.stage.holding();
        let covering = matches!(
            self.modal,
            Some(Modal::Guide(guide::Peek::Cover { held: true, .. }))
        );
        if moving || covering {
            return Due::Now;
        }
        let mut due = Due::Never;
        if let Some(left) = self.stage.reading_left() {
            // The countdown says whole seconds: the next frame when it says one less.
            let step = left - (left.ceil() - 1.0).max(0.0);
            due = due.min(Due::in_secs(step));
        }
        if self.playing() && self.stage.idle() {
            // A quick duel's beat, or dice no reroll could better (taken after a beat).
            let beat = crate::present::pace::QUICK_BEAT * self.stage.speed().factor().max(0.3);
            due = due.min(Due::in_secs(beat - self.pace.waited));
        }
        if let Some(since) = self.over_since
            && self.calming()
        {
            due = due.min(Due::in_secs(END_CALM - (self.now - since)));
        }
        // How the link stands changes with time alone: a page going quiet, a device asking
        // (or refused) going out of the list.
        if matches!(
            self.link_state(),
            Some(
                crate::guide_screen::LinkState::Quiet { .. }
                    | crate::guide_screen::LinkState::Followed { .. }
                    | crate::guide_screen::LinkState::Asking { .. }
            )
        ) {
            due = due.min(Due::In(std::time::Duration::from_secs(1)));
        }
        due
    }

    pub fn set_speed(&mut self, speed: Speed) {
        self.stage.set_speed(speed);
    }

    /// The pace the player picked (Settings): quick duels; quiet cards that wait.
    pub fn set_pace(&mut self, quick_duels: bool, hold_quiet_cards: bool) {
        self.pace.quick_duels = quick_duels;
        self.pace.hold_quiet_cards = hold_quiet_cards;
        // Alone, outside the lesson, a quiet card goes on by itself unless asked to wait.
        let solo = !self.run.state.guide && self.tutor.is_none();
        self.stage.set_auto_read(solo && !hold_quiet_cards);
        // A guided run's Guardian reveal waits after each check (the Guide reads it).
        self.stage.set_guided(!solo);
    }

    /// Alone, outside the lesson, cards that change nothing fold into their log line
    /// (Settings: "Cards with nothing to decide").
    pub fn set_fold_quiet(&mut self, on: bool) {
        let solo = !self.run.state.guide && self.tutor.is_none();
        self.stage.set_fold_quiet(solo && on);
    }

    /// What a quick duel is doing, in words, while the run is in a duel that plays quick.
    fn pace_note(&self) -> Option<String> {
        use crate::present::pace::Stop;
        let s = &self.run.state;
        if !self.pace.quick_duels || s.guide || self.tutor.is_some() || s.duel().is_none() {
            return None;
        }
        Some(match self.pace.stopped {
            Some(Stop::BigLoss(n)) => {
                format!(
                    "Quick duel waits: you lost {n} Health. {} goes on.",
                    confirm()
                )
            }
            Some(Stop::NewStatus) => {
                format!("Quick duel waits: a new status. {} goes on.", confirm())
            }
            Some(Stop::DuelOver) | None if crate::present::pace::quick_step(s).is_none() => {
                "Quick duel waits for your choice.".into()
            }
            _ => "Quick duel: it plays on by itself.".into(),
        })
    }

    /// A quick duel: once the stage has been idle for a beat on a step with nothing to
    /// decide, the table takes it, unless the last step held a moment that matters.
    fn quick_duel(&mut self, dt: f32) {
        use crate::present::pace;
        let ready = self.pace.quick_duels
            && self.modal.is_none()
            && self.tutor.is_none()
            && self.stage.idle()
            && self.pace.stopped.is_none()
            && !self.physical(Role::Traveller);
        // Dice no reroll could better are accepted by the table, quick duels or not. The
        // check tries every reroll on copies of the state: once per step taken, not per frame.
        if self.settled.0 != self.run.journal.len() {
            self.settled = (
                self.run.journal.len(),
                pace::accepts_itself(&self.run.state),
            );
        }
        let settled = self.modal.is_none()
            && self.tutor.is_none()
            && self.stage.idle()
            && !self.physical(Role::Traveller)
            && self.settled.1;
        let step = ready
            .then(|| pace::quick_step(&self.run.state))
            .flatten()
            .or_else(|| settled.then_some(Action::Continue));
        let Some(a) = step else {
            self.pace.waited = 0.0;
            return;
        };
        self.pace.waited += dt;
        let beat = pace::QUICK_BEAT * self.stage.speed().factor().max(0.3);
        if self.pace.waited >= beat {
            self.pace.waited = 0.0;
            self.commit(&a, &[]);
        }
    }

    /// The events whose moments started since the last call, each with the shown state
    /// before it (the main loop cues sound from them).
    pub fn take_cues(&mut self) -> Vec<(crate::core::Event, crate::core::State)> {
        self.stage.take_started()
    }

    /// The id of the Domain shown on the table (its ambience plays).
    pub fn shown_domain(&self) -> &'static str {
        self.stage.shown().domain.id()
    }

    /// Saves the run (if it is saved at all), and records it in the history once it is
    /// over. A failure becomes the warning shown on the table; the game goes on.
    /// Returns whether the save is now on disk.
    fn autosave(&mut self) -> bool {
        // The table's own keep (dice switches, the Guide's screen) goes with every save.
        self.keep_table();
        let result = self.autosave.after(&self.run);
        let written = !result.as_ref().is_err_and(StoreError::unsaved);
        if let Err(e @ StoreError::NotRecorded(_)) = &result {
            // Said once (the store gives it once), here and in the window's warning.
            eprintln!("forward: {e}");
        }
        self.save_warning = result.err().map(|e| e.to_string());
        written
    }

    /// Sends an offered action; with physical dice for whoever rolls for it, first asks
    /// for the dice it needs.
    fn act(&mut self, a: &Action) {
        let owner = guide::owner(&self.run.state, a);
        if self.physical(owner) && guide::dice_needed(&self.run.state, a, &[]) > 0 {
            self.modal = Some(Modal::Dice(guide::Entry::new(a.clone(), owner)));
            return;
        }
        self.commit(a, &[]);
    }

    /// A choice of the player's: one that would kill the traveller or break a known term
    /// of the Guardian asks once more first ([`modal::Confirm::Risk`]); any other is acted.
    fn choose(&mut self, a: &Action) {
        match modal::Confirm::risk(&self.run.state, a, self.keys.key(a)) {
            Some(c) => self.modal = Some(Modal::Confirm(c)),
            None => self.act(a),
        }
    }

    /// Whether `who` rolls physical dice now (alone, one switch for all).
    fn physical(&self, who: Role) -> bool {
        if self.run.state.guide {
            self.table_dice[who as usize]
        } else {
            self.table_dice[0]
        }
    }

    /// Plays an action, the typed dice `values` forced first (and saved with the run); its
    /// events go to the stage.
    /// Forcing the dice and acting are one step: a refused action leaves no die forced.
    fn commit(&mut self, a: &Action, values: &[u8]) {
        // The stage's copy holds the typed dice too, so that its replay uses them.
        let before = crate::guide_screen::with_dice(&self.run.state, values);
        match self.run.act_typed(a, values) {
            Ok(events) => self.played(&before, &events),
            Err(e) => self.stage.scene_mut().note(format!("Not taken: {e}")),
        }
    }

    /// An action taken (here or on the Guide's screen) from the state `before`: its
    /// events go to the stage, the run is saved.
    fn played(&mut self, before: &crate::core::State, events: &[crate::core::Event]) {
        self.stage.push(before, events);
        let apart_before = !crate::core::plan::together(before, true);
        for e in events {
            if let crate::core::Event::TermLost(t) = e
                && t.known
            {
                self.lost.push_back(panels::lost::Lost {
                    name: t.name.clone(),
                    why: t.why.clone(),
                    by: t.by.map(|c| self.run.cards.card(c).name.clone()),
                    apart: false,
                });
            }
        }
        if !apart_before && !crate::core::plan::together(&self.run.state, true) {
            self.lost
                .push_back(panels::lost::Lost::apart(&self.run.state));
        }
        self.pace.stopped = crate::present::pace::stop_after(before, events);
        self.log_scroll = 0;
        self.autosave();
        if self.run.is_over() {
            self.recap = Some(Recap::of(&self.run.cards, &self.run.journal));
        }
    }

    /// One frame: the clock, the modal layers, every key press in order, the pointer.
    pub fn update(&mut self, input: &Input, fonts: &Fonts, t: f32) -> Next {
        self.step(input, Some(fonts), t)
    }

    /// [`TableScreen::update`]; without fonts (unit tests) the buttons get no rectangles.
    fn step(&mut self, input: &Input, fonts: Option<&Fonts>, t: f32) -> Next {
        // Up to a timed wait's length (a sleeping window wakes for the next step of a
        // countdown, a second away); a longer gap is a hiccup, not time to play through.
        let dt = (t - self.now).clamp(0.0, MAX_STEP);
        self.now = t;
        let l = Layout::new(input.size);
        if input.mouse_moved || input.click {
            self.mouse = Some(l.to_layout(input.mouse));
            self.focus = None;
        }
        self.stage.set_fast(input.held && !self.stage.idle());
        self.stage.advance(dt);
        self.poll_link();
        // A term lost for good is told as soon as the stage has played the step.
        if self.modal.is_none()
            && self.stage.idle()
            && let Some(lost) = self.lost.pop_front()
        {
            self.modal = Some(Modal::Lost(lost));
        }
        let ended = self.stage.shown().phase == Phase::Over && self.stage.idle();
        if ended && self.over_since.is_none() {
            self.over_since = Some(t);
        }
        if self.calming() {
            self.refresh(input.size, fonts);
            return Next::Stay;
        }
        let next = self.handle(input, &l);
        self.quick_duel(dt);
        self.refresh(input.size, fonts);
        // The panel shows from this frame on when its last moment ended in this one.
        if self.stage.shown().phase == Phase::Over && self.stage.idle() && self.over_since.is_none()
        {
            self.over_since = Some(t);
        }
        next
    }

    /// Whether the table takes no key now: the end panel's calm second.
    pub fn deaf(&self) -> bool {
        self.calming()
    }

    /// Whether the run is over (its end panel is up, or about to be).
    pub fn run_over(&self) -> bool {
        self.run.is_over()
    }

    /// Whether the end panel is new enough to ignore input (see [`END_CALM`]).
    /// The lesson's end has nothing to lose (it offers only the title), so it is not calmed.
    fn calming(&self) -> bool {
        !self.is_lesson()
            && self
                .over_since
                .is_some_and(|since| self.now - since < END_CALM)
    }

    /// The notice of a lost term: Enter, Esc or its first button play on; A (or its
    /// second button) starts the same run again, N (or its third) a new run.
    fn update_lost(&mut self, input: &Input, l: &Layout, lost: panels::lost::Lost) -> Next {
        let (_, buttons) = panels::lost::rects(l);
        let mouse = l.to_layout(input.mouse);
        let clicked = buttons
            .iter()
            .position(|r| input.click && r.contains(mouse));
        let key = input.typed.map(|c| c.to_ascii_lowercase());
        match (clicked, key) {
            (Some(1), _) | (_, Some('a')) => self.end_choice(frame::END_AGAIN),
            (Some(2), _) | (_, Some('n')) => self.end_choice(frame::END_NEW),
            (Some(0), _) => Next::Stay,
            _ if input.activate || input.back => Next::Stay,
            _ => {
                self.modal = Some(Modal::Lost(lost));
                Next::Stay
            }
        }
    }

    /// Where an end panel's button leads: the title, the same run from its start (a
    /// journey of the day again as practice: the day counts once), or a new run alone
    /// or with a Guide as this one was.
    fn end_choice(&self, label: &str) -> Next {
        let s = &self.run.state;
        match label {
            frame::END_AGAIN if self.run.day.is_some() => Next::Journey {
                seed: self.run.seed,
                day: None,
            },
            frame::END_AGAIN => Next::NewRun {
                seed: Some(self.run.seed),
                guide: s.guide,
                dice: self.run.dice_mode(),
                rules: self.run.house_rules(),
                guide_screen: false,
            },
            frame::END_NEW => Next::NewRun {
                seed: None,
                guide: s.guide,
                dice: self.run.dice_mode(),
                rules: self.run.house_rules(),
                guide_screen: false,
            },
            _ => Next::Title,
        }
    }
}

/// The name of the key that confirms, on the device last used ("Enter", "A").
fn confirm() -> &'static str {
    super::hints::name(super::hints::Key::Confirm)
}

#[cfg(test)]
mod tests;
