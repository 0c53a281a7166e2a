//! The game table: the world map and the event log on the left, the exploration area in
//! the centre (the Domain's title card, the deck, the discard, the row or the card being
//! resolved with its duel or test), the traveller's status on the right, the prompt and
//! its choices at the bottom of the centre.
//!
//! The table only reads the state and sends offered actions through [`Run::act`] (which
//! executes them and logs them for the save); it never changes the state itself. After
//! every action it autosaves the run, and records it in the history once it is over
//! (docs/SAVES.md).

use super::Next;
use super::cardface::{self, Face};
use super::guide;
use super::input::Input;
use super::map::{self, MapModel};
use super::style::{self, Fonts, colour, fade, mix};
use super::words::{self, action_label};
use crate::cards::model::StationType;
use crate::cards::{CardRef, CardSet, DomainRef};
use crate::core::event::SealCheck;
use crate::core::state::{Phase, Role};
use crate::core::{Action, Event, Observation, Outcome, Slot, Strike, mods};
use crate::protocol::prompt;
use crate::save::{self, Run};
use macroquad::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// How long a card takes to turn over, and the dice to tumble (seconds).
const FLIP_TIME: f32 = 0.35;
const DICE_TIME: f32 = 0.45;
/// Lines of the event log kept.
const LOG_KEEP: usize = 200;

/// An animation; input waits while one plays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Anim {
    /// The card of this row slot turns over.
    Flip { slot: u8, card: CardRef },
    /// Dice tumble.
    Dice,
}

impl Anim {
    fn duration(self) -> f32 {
        match self {
            Anim::Flip { .. } => FLIP_TIME,
            Anim::Dice => DICE_TIME,
        }
    }
}

/// The one place that maps events to animations.
pub fn animations(events: &[Event]) -> Vec<Anim> {
    let mut out: Vec<Anim> = Vec::new();
    for e in events {
        let a = match e {
            Event::CardFlipped { slot, card } => Anim::Flip {
                slot: *slot,
                card: *card,
            },
            Event::ExchangeRolled { .. }
            | Event::TravellerRolled { .. }
            | Event::FoeRolled { .. }
            | Event::TestRolled { .. }
            | Event::Rerolled { .. } => Anim::Dice,
            _ => continue,
        };
        if out.last() != Some(&a) {
            out.push(a);
        }
    }
    out
}

/// The last exchange, as shown beside the duel.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Exchange {
    roll: Option<u8>,
    strike: Strike,
    foe_roll: u8,
    to_foe: i32,
    to_traveller: i32,
}

/// The last test roll judged.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Judged {
    total: i32,
    target: i32,
    success: bool,
}

/// A choice button.
#[derive(Debug, Clone, PartialEq)]
pub struct Button {
    pub rect: Rect,
    pub label: String,
    /// Key shown on the button ("1", "Enter").
    pub key: Option<String>,
    pub action: Option<Action>,
    /// Why it cannot be chosen (drawn greyed with this reason).
    pub disabled: Option<String>,
    pub primary: bool,
    /// The label's font size.
    pub size: u16,
}

/// Where the table's areas go for a window size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    pub map: Rect,
    pub log: Rect,
    pub top: Rect,
    pub stage: Rect,
    pub prompt: Rect,
    pub status: Rect,
}

impl Layout {
    pub fn new(size: Vec2) -> Layout {
        let (w, h) = (size.x.max(640.0), size.y.max(400.0));
        let m = 12.0;
        let left_w = (w * 0.25).clamp(240.0, 430.0);
        let right_w = (w * 0.23).clamp(240.0, 380.0);
        let map_h = ((h - 2.0 * m) * 0.60).round();
        let map = Rect::new(m, m, left_w, map_h);
        let log = Rect::new(m, m + map_h + m, left_w, h - map_h - 3.0 * m);
        let status = Rect::new(w - m - right_w, m, right_w, h - 2.0 * m);
        let cx = map.right() + m;
        let cw = status.x - m - cx;
        let top_h = (h * 0.22).clamp(130.0, 220.0);
        let prompt_h = (h * 0.24).clamp(150.0, 220.0);
        let top = Rect::new(cx, m, cw, top_h);
        let prompt = Rect::new(cx, h - m - prompt_h, cw, prompt_h);
        let stage = Rect::new(cx, top.bottom() + m, cw, prompt.y - m - top.bottom() - m);
        Layout {
            map,
            log,
            top,
            stage,
            prompt,
            status,
        }
    }

    /// The three row slots in the stage.
    pub fn slots(&self) -> [Rect; 3] {
        let s = self.stage;
        let gap = 16.0;
        let cw = ((s.w - 2.0 * gap - 20.0) / 3.0)
            .min((s.h - 20.0) / 1.45)
            .max(40.0);
        let ch = cw * 1.4;
        let total = 3.0 * cw + 2.0 * gap;
        let x0 = s.x + (s.w - total) / 2.0;
        let y = s.y + (s.h - ch) / 2.0;
        [0, 1, 2].map(|i| Rect::new(x0 + i as f32 * (cw + gap), y, cw, ch))
    }

    /// The card being resolved (left of the stage) and the panel beside it.
    pub fn resolving(&self) -> (Rect, Rect) {
        let s = self.stage;
        let ch = s.h - 8.0;
        let cw = (ch / 1.4).min(s.w * 0.46);
        let card = Rect::new(s.x + 4.0, s.y + 4.0, cw, cw * 1.4);
        let panel = Rect::new(
            card.right() + 14.0,
            s.y,
            s.right() - card.right() - 14.0,
            s.h,
        );
        (card, panel)
    }
}

/// How a table opens: a new run's seed, the actions to play first, and Guide mode.
#[derive(Debug, Clone, Default)]
pub struct Start {
    pub seed: u64,
    /// Indices into the legal actions, as the headless protocol takes them.
    pub actions: Vec<usize>,
    /// Two players: a traveller and a Guide.
    pub guide: bool,
    /// Open with the Guide's view showing (screenshots of it).
    pub guide_view: bool,
    /// Whose dice start physical: `traveller`, `guide` or `both`.
    pub table_dice: Option<String>,
}

/// A small control under the choices: the Guide's view and the table-dice switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Control {
    Peek,
    Dice(Role),
}

/// The Esc menu's entries.
const MENU: [&str; 4] = ["Resume", "Save & Quit", "Abandon the run", "Quit the game"];

pub struct TableScreen {
    run: Run,
    /// Where the run is autosaved (`None`: not saved, as in `--screenshot` runs without
    /// `--saves`).
    save_path: Option<PathBuf>,
    /// Why the last autosave failed (shown small on the table; the game goes on).
    save_warning: Option<String>,
    /// The run is in the history (or was over before this session).
    recorded: bool,
    map: MapModel,
    /// Domains entered, in order.
    path: Vec<DomainRef>,
    log: Vec<String>,
    /// Animations waiting; the first plays from `anim_start`.
    anims: Vec<Anim>,
    anim_start: f32,
    /// The animation clock (seconds), as of the last update.
    now: f32,
    menu: Option<usize>,
    last_exchange: Option<Exchange>,
    last_judged: Option<Judged>,
    seals: Vec<SealCheck>,
    mouse: Vec2,
    /// The pointer has moved or clicked since the table opened: only then does it hover.
    pointer_live: bool,
    /// The Guide's view (only in a run with a Guide).
    peek: guide::Peek,
    /// Physical dice, typed in: the traveller's (alone: every die) and the Guide's.
    table_dice: [bool; 2],
    /// A roll waiting for physical dice to be typed.
    entry: Option<guide::Entry>,
}

impl TableScreen {
    /// A new run with `seed`, after playing `actions` (indices into the legal actions, as
    /// the headless protocol takes them). Fails on an index out of range. With `saves`
    /// (a saves directory), the run is saved there at once and after every action.
    #[cfg(test)]
    pub fn new(
        cards: Arc<CardSet>,
        seed: u64,
        actions: &[usize],
        saves: Option<&std::path::Path>,
    ) -> Result<TableScreen, String> {
        let start = Start {
            seed,
            actions: actions.to_vec(),
            ..Start::default()
        };
        TableScreen::start(cards, &start, saves)
    }

    /// A new run as `start` says (with a Guide or alone, its first actions played).
    pub fn start(
        cards: Arc<CardSet>,
        start: &Start,
        saves: Option<&std::path::Path>,
    ) -> Result<TableScreen, String> {
        let seed = start.seed;
        let (run, events) = Run::new_with(cards, seed, Vec::new(), start.guide);
        let mut t = TableScreen::blank(run, None);
        t.log.push(if start.guide {
            format!("A new run with a Guide, seed {seed}. Hold Tab for the Guide's view.")
        } else {
            format!("A new run, seed {seed}.")
        });
        t.absorb(&events);
        if start.guide_view && start.guide {
            t.peek = guide::Peek::Open { held: false };
        }
        t.table_dice = match start.table_dice.as_deref() {
            Some("traveller") => [true, false],
            Some("guide") => [false, true],
            Some("both") => [true, true],
            _ => [false, false],
        };
        for (n, &i) in start.actions.iter().enumerate() {
            let offered = crate::core::legal_actions(&t.run.state);
            let a = offered.get(i).cloned().ok_or_else(|| {
                format!(
                    "action {n} (index {i}) is out of range: {} actions are offered",
                    offered.len()
                )
            })?;
            let events = t.run.act(&a).map_err(|e| format!("{e:?}"))?;
            t.absorb(&events);
        }
        t.anims.clear();
        if let Some(dir) = saves {
            t.save_path = Some(dir.join(t.run.file_name()));
            t.autosave();
        }
        Ok(t)
    }

    /// A saved run, resumed exactly where it stood: its log is replayed to rebuild what
    /// the table shows (the event log, the path, the last dice). Later autosaves go to
    /// `save_path`, the file it was loaded from.
    pub fn resume(run: Run, save_path: Option<PathBuf>) -> TableScreen {
        let (mut fresh, events) = Run::new_with(
            run.cards.clone(),
            run.seed,
            run.dice.clone(),
            run.state.guide,
        );
        fresh.started_at = run.started_at;
        let mut t = TableScreen::blank(fresh, save_path);
        t.log.push(format!("A new run, seed {}.", run.seed));
        t.absorb(&events);
        let mut forced = run.forced.iter().peekable();
        for (i, a) in run.actions.iter().enumerate() {
            while let Some(f) = forced.next_if(|f| f.after <= i) {
                t.run.force_die(f.value);
            }
            match t.run.act(a) {
                Ok(events) => t.absorb(&events),
                Err(_) => break,
            }
        }
        for f in forced {
            t.run.force_die(f.value);
        }
        // The replay is the loaded run (loading checked it); keep that one.
        t.run = run;
        t.anims.clear();
        t.recorded = t.run.state.outcome.is_some();
        t
    }

    fn blank(run: Run, save_path: Option<PathBuf>) -> TableScreen {
        let map = MapModel::from_set(&run.cards);
        TableScreen {
            run,
            save_path,
            save_warning: None,
            recorded: false,
            map,
            path: Vec::new(),
            log: Vec::new(),
            anims: Vec::new(),
            anim_start: 0.0,
            now: 0.0,
            menu: None,
            last_exchange: None,
            last_judged: None,
            seals: Vec::new(),
            mouse: vec2(-1.0, -1.0),
            pointer_live: false,
            peek: guide::Peek::Closed,
            table_dice: [false, false],
            entry: None,
        }
    }

    /// Saves the run (if it is saved at all), and records it in the history once it is
    /// over. A failure becomes the warning shown on the table; the game goes on.
    /// Returns whether the save is now on disk.
    fn autosave(&mut self) -> bool {
        let Some(path) = self.save_path.clone() else {
            return true;
        };
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .map(PathBuf::from);
        let written = match &dir {
            Some(d) => std::fs::create_dir_all(d)
                .map_err(|e| format!("cannot create the saves directory `{}`: {e}", d.display())),
            None => Ok(()),
        }
        .and_then(|()| save::save_to(&path, &self.run).map_err(|e| e.to_string()));
        let recorded = if written.is_ok() && !self.recorded && self.run.state.outcome.is_some() {
            let history = dir.unwrap_or_default().join(crate::history::FILE_NAME);
            match crate::history::Record::of(&self.run, Some(&path)) {
                Some(r) => crate::history::append(&history, &r).map_err(|e| {
                    format!(
                        "cannot add the run to the history `{}`: {e}",
                        history.display()
                    )
                }),
                None => Ok(()),
            }
        } else {
            Ok(())
        };
        if recorded.is_ok() && self.run.state.outcome.is_some() {
            self.recorded = true;
        }
        self.save_warning = written.as_ref().err().or(recorded.as_ref().err()).cloned();
        written.is_ok()
    }

    /// Takes in what happened: the log, the path, the last dice, the animations.
    fn absorb(&mut self, events: &[Event]) {
        for e in events {
            if let Some(line) = words::describe(&self.run.state.cards, e) {
                self.log.push(line);
            }
            match e {
                Event::DomainEntered { domain } => self.path.push(*domain),
                Event::DuelStarted { .. } => self.last_exchange = None,
                Event::ExchangeResolved {
                    roll,
                    strike,
                    foe_roll,
                    to_foe,
                    to_traveller,
                    ..
                } => {
                    self.last_exchange = Some(Exchange {
                        roll: *roll,
                        strike: *strike,
                        foe_roll: *foe_roll,
                        to_foe: *to_foe,
                        to_traveller: *to_traveller,
                    })
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
                        self.log.push(format!("  {}: {how}.", c.name));
                    }
                    self.seals = checks.clone()
                }
                _ => {}
            }
        }
        if self.log.len() > LOG_KEEP {
            let cut = self.log.len() - LOG_KEEP;
            self.log.drain(..cut);
        }
        if self.anims.is_empty() {
            self.anim_start = self.now;
        }
        self.anims.extend(animations(events));
    }

    /// The animation playing and how far along it is (0..1).
    fn playing(&self) -> Option<(Anim, f32)> {
        let a = *self.anims.first()?;
        Some((
            a,
            ((self.now - self.anim_start) / a.duration()).clamp(0.0, 1.0),
        ))
    }

    /// Sends an offered action; with physical dice for whoever rolls for it, first asks
    /// for the dice it needs.
    fn act(&mut self, a: &Action) {
        let owner = guide::owner(&self.run.state, a);
        if self.physical(owner) && guide::dice_needed(&self.run.state, a, &[]) > 0 {
            self.entry = Some(guide::Entry::new(a.clone(), owner));
            return;
        }
        self.commit(a, &[]);
    }

    /// Whether `who` rolls physical dice now (alone, one switch for all).
    fn physical(&self, who: Role) -> bool {
        if self.run.state.guide {
            self.table_dice[who as usize]
        } else {
            self.table_dice[0]
        }
    }

    /// Plays an action, the typed dice `values` forced first (and saved with the run).
    fn commit(&mut self, a: &Action, values: &[u8]) {
        for &v in values {
            self.run.force_die(v);
        }
        match self.run.act(a) {
            Ok(events) => {
                self.absorb(&events);
                self.autosave();
            }
            Err(e) => self.log.push(format!("Refused: {e}")),
        }
    }

    /// The choices of this state, in button order, with their keys (no layout).
    pub fn choices(&self) -> Vec<Button> {
        let s = &self.run.state;
        let mut specs: Vec<(String, Option<Action>, Option<String>)> = Vec::new();
        if s.phase == Phase::Over {
            specs.push(("Back to the title".into(), None, None));
        } else if let Phase::Terror { card } = &s.phase {
            let offered = crate::core::legal_actions(s);
            for (i, _) in s.cards.card(*card).options.iter().enumerate() {
                let a = Action::Choose { option: i as u8 };
                let (label, cost) = words::terror_option(s, i as u8).unwrap_or_default();
                if offered.contains(&a) {
                    specs.push((label, Some(a), None));
                } else {
                    let why = cost.unwrap_or_else(|| "not possible now".into());
                    let label = format!("{label} — cannot pay");
                    specs.push((
                        label,
                        None,
                        Some(format!("Cannot be chosen: it {why}, which you cannot pay.")),
                    ));
                }
            }
            for a in offered {
                if !matches!(a, Action::Choose { .. } | Action::Abandon) {
                    specs.push((action_label(s, &a), Some(a), None));
                }
            }
        } else {
            let offered = prompt(s).actions;
            if matches!(s.phase, Phase::Rest { .. }) {
                // Both ways of spending, the one not offered greyed with its reason.
                for purpose in [crate::core::SpendFor::Grace, crate::core::SpendFor::Heal] {
                    let a = Action::Spend { purpose };
                    if offered.contains(&a) {
                        specs.push((action_label(s, &a), Some(a), None));
                        continue;
                    }
                    let why = if s.marker < 1 {
                        "You need Resolve 1 or more to spend."
                    } else if purpose == crate::core::SpendFor::Heal && s.health >= s.max_health {
                        "Your Health is full."
                    } else if purpose == crate::core::SpendFor::Grace && s.grace >= 3 {
                        "Grace is at most 3."
                    } else {
                        "Not possible now (a Snare or card forbids it)."
                    };
                    specs.push((action_label(s, &a), None, Some(why.to_string())));
                }
            }
            let rest = matches!(s.phase, Phase::Rest { .. });
            for a in offered {
                let spend_shown = rest && matches!(a, Action::Spend { .. });
                if matches!(a, Action::Abandon | Action::Flip { .. }) || spend_shown {
                    continue;
                }
                specs.push((action_label(s, &a), Some(a), None));
            }
        }
        let primary = self.primary_index(&specs);
        let first_key = if s.phase == Phase::Explore { 4 } else { 1 };
        specs
            .into_iter()
            .enumerate()
            .map(|(i, (label, action, disabled))| Button {
                rect: Rect::default(),
                label,
                key: if action == Some(Action::RollFoe) {
                    Some("G".to_string())
                } else if Some(i) == primary {
                    Some("Enter".to_string())
                } else if first_key + i <= 9 {
                    Some((first_key + i).to_string())
                } else {
                    None
                },
                action,
                disabled,
                primary: Some(i) == primary,
                size: 18,
            })
            .collect()
    }

    /// The choice buttons laid out under the prompt text, left to right in rows; smaller
    /// when they would not fit.
    pub fn buttons(&self, l: &Layout, fonts: &Fonts) -> Vec<Button> {
        let r = l.prompt;
        let choices = self.choices();
        let mut out = Vec::new();
        for (size, h, gap) in [(18u16, 36.0, 10.0), (16, 31.0, 7.0), (14, 27.0, 5.0)] {
            out.clear();
            let mut x = r.x + 12.0;
            let mut y = r.y + 58.0;
            for c in &choices {
                let key_w = c
                    .key
                    .as_ref()
                    .map_or(0.0, |k| style::width(k, &fonts.mono, 13) + 14.0);
                let max_w = r.w - 24.0;
                let label = style::ellipsize(&c.label, max_w - key_w - 28.0, |t| {
                    style::width(t, &fonts.serif, size)
                });
                let w = (style::width(&label, &fonts.serif, size) + key_w + 28.0).min(max_w);
                if x + w > r.right() - 12.0 && x > r.x + 12.0 {
                    x = r.x + 12.0;
                    y += h + gap;
                }
                out.push(Button {
                    rect: Rect::new(x, y, w, h),
                    label,
                    size,
                    ..c.clone()
                });
                x += w + gap;
            }
            // Room is kept at the bottom for the controls.
            if y + h <= r.bottom() - 38.0 {
                break;
            }
        }
        out
    }

    /// Which button Enter and Space press: roll, continue, take, fight, or the end
    /// screen's only button.
    fn primary_index(&self, specs: &[(String, Option<Action>, Option<String>)]) -> Option<usize> {
        if self.run.state.phase == Phase::Over {
            return Some(0);
        }
        for want in [Action::Roll, Action::Continue, Action::Take, Action::Fight] {
            if let Some(i) = specs.iter().position(|(_, a, _)| a.as_ref() == Some(&want)) {
                return Some(i);
            }
        }
        None
    }

    /// The Domains the traveller may go to now (the route choice).
    fn reachable(&self) -> Vec<usize> {
        prompt(&self.run.state)
            .actions
            .iter()
            .filter_map(|a| match a {
                Action::Go { domain } => self
                    .run
                    .state
                    .cards
                    .domain_by_str(domain)
                    .map(|d| d.index as usize),
                _ => None,
            })
            .collect()
    }

    /// The Domains reachable from the current one once it is cleared (for the map's
    /// colours while exploring).
    fn neighbours(&self) -> Vec<usize> {
        let s = &self.run.state;
        s.cards
            .domain(s.domain)
            .links
            .iter()
            .filter(|d| !s.cleared.contains(d))
            .map(|d| d.index as usize)
            .collect()
    }

    pub fn update(&mut self, input: &Input, fonts: &Fonts, t: f32) -> Next {
        if let Some(next) = self.step(input, t) {
            return next;
        }
        if !input.click {
            return Next::Stay;
        }
        let l = Layout::new(input.size);
        if let Some((_, c, _)) = self
            .controls(&l, fonts)
            .into_iter()
            .find(|(r, _, _)| r.contains(input.mouse))
        {
            self.control(c);
            return Next::Stay;
        }
        if let Some(b) = self
            .buttons(&l, fonts)
            .into_iter()
            .find(|b| b.rect.contains(input.mouse))
        {
            return self.press(&b);
        }
        if self.run.state.phase == Phase::Explore {
            for (i, r) in l.slots().iter().enumerate() {
                let a = Action::Flip { slot: i as u8 };
                if r.contains(input.mouse) && prompt(&self.run.state).actions.contains(&a) {
                    self.act(&a);
                    return Next::Stay;
                }
            }
        } else if self.run.state.phase == Phase::Route {
            let ml = map::layout(&self.map, map_area(&l));
            let on_stage = self
                .route_cards(&l)
                .into_iter()
                .find(|(r, _)| r.contains(input.mouse))
                .map(|(_, i)| i);
            if let Some(i) = map::hit(&ml, input.mouse).or(on_stage)
                && self.reachable().contains(&i)
            {
                let id = self.run.state.cards.domains[i].id.0.clone();
                self.act(&Action::Go { domain: id.into() });
            }
        }
        Next::Stay
    }

    /// Everything but the pointer on the table: the animation clock, the Esc menu and the
    /// keys. `None`: nothing was decided, clicks may still be looked at.
    fn step(&mut self, input: &Input, t: f32) -> Option<Next> {
        self.now = t;
        self.pointer_live |= input.mouse_moved || input.click;
        if self.pointer_live {
            self.mouse = input.mouse;
        }
        // Animations: finish the current one, start the next.
        while let Some(a) = self.anims.first().copied() {
            if self.now - self.anim_start >= a.duration() {
                self.anims.remove(0);
                self.anim_start += a.duration();
                if self.anims.is_empty() || self.now - self.anim_start > 1.0 {
                    self.anim_start = self.now;
                }
            } else {
                break;
            }
        }
        // The Guide's view takes every input while it is up (or Tab is held to open it).
        if self.run.state.guide
            && self.menu.is_none()
            && self.entry.is_none()
            && self.peek.update(input, t)
        {
            return Some(Next::Stay);
        }
        if !self.anims.is_empty() {
            return Some(Next::Stay);
        }
        if let Some(mut e) = self.entry.take() {
            let clicked = input
                .click
                .then(|| {
                    guide::entry_faces(input.size)
                        .iter()
                        .position(|r| r.contains(input.mouse))
                })
                .flatten()
                .map(|i| i as u8 + 1);
            match e.update(&self.run.state, input, clicked) {
                guide::Typed::Done(values) => {
                    let a = e.action.clone();
                    self.commit(&a, &values);
                }
                guide::Typed::Cancelled => {
                    self.log.push("No die typed: nothing was rolled.".into());
                }
                guide::Typed::Nothing | guide::Typed::More => self.entry = Some(e),
            }
            return Some(Next::Stay);
        }
        if let Some(sel) = self.menu {
            return Some(self.update_menu(input, sel));
        }
        if input.back {
            self.menu = Some(0);
            return Some(Next::Stay);
        }
        // Letter keys: D and F switch table dice, G rolls for the foe (the Guide's key).
        match input.typed.map(|c| c.to_ascii_lowercase()) {
            Some('d') => {
                self.control(Control::Dice(Role::Traveller));
                return Some(Next::Stay);
            }
            Some('f') if self.run.state.guide => {
                self.control(Control::Dice(Role::Guide));
                return Some(Next::Stay);
            }
            Some('g') => {
                if let Some(b) = self
                    .choices()
                    .into_iter()
                    .find(|b| b.action == Some(Action::RollFoe))
                {
                    return Some(self.press(&b));
                }
            }
            _ => {}
        }
        // Keys: 1/2/3 flip, other digits press numbered buttons, Enter the primary.
        if let Some(d) = input.digit {
            if self.run.state.phase == Phase::Explore && (1..=3).contains(&d) {
                let a = Action::Flip { slot: d - 1 };
                if prompt(&self.run.state).actions.contains(&a) {
                    self.act(&a);
                }
                return Some(Next::Stay);
            }
            let key = d.to_string();
            if let Some(b) = self
                .choices()
                .into_iter()
                .find(|b| b.key.as_deref() == Some(key.as_str()))
            {
                return Some(self.press(&b));
            }
        }
        if input.activate
            && let Some(b) = self.choices().into_iter().find(|b| b.primary)
        {
            return Some(self.press(&b));
        }
        None
    }

    /// Opens the Guide's view (behind its cover), or switches a player's table dice.
    fn control(&mut self, c: Control) {
        match c {
            Control::Peek => {
                if self.run.state.guide {
                    self.peek = guide::Peek::Cover {
                        since: self.now,
                        held: false,
                    };
                }
            }
            Control::Dice(who) => {
                let i = who as usize;
                self.table_dice[i] = !self.table_dice[i];
                let whose = match (self.run.state.guide, who) {
                    (false, _) => "Dice",
                    (true, Role::Traveller) => "The traveller's dice",
                    (true, Role::Guide) => "The Guide's dice",
                };
                self.log.push(if self.table_dice[i] {
                    format!("{whose}: table dice now; each roll asks for the number rolled.")
                } else {
                    format!("{whose}: rolled on screen again.")
                });
            }
        }
    }

    /// The controls under the choices, left to right: the Guide's view (with a Guide)
    /// and each player's dice switch.
    fn controls(&self, l: &Layout, fonts: &Fonts) -> Vec<(Rect, Control, String)> {
        let s = &self.run.state;
        if s.phase == Phase::Over {
            return Vec::new();
        }
        let dice = |on: bool| if on { "table dice" } else { "on screen" };
        let mut specs: Vec<(Control, String)> = Vec::new();
        if s.guide {
            specs.push((Control::Peek, "Tab  Guide's view".into()));
            specs.push((
                Control::Dice(Role::Traveller),
                format!("D  Traveller's dice: {}", dice(self.table_dice[0])),
            ));
            specs.push((
                Control::Dice(Role::Guide),
                format!("F  Guide's dice: {}", dice(self.table_dice[1])),
            ));
        } else {
            specs.push((
                Control::Dice(Role::Traveller),
                format!("D  Dice: {}", dice(self.table_dice[0])),
            ));
        }
        let r = l.prompt;
        let mut x = r.x + 12.0;
        let y = r.bottom() - 32.0;
        specs
            .into_iter()
            .map(|(c, label)| {
                let w = style::width(&label, &fonts.serif, 14) + 20.0;
                let rect = Rect::new(x, y, w, 24.0);
                x += w + 8.0;
                (rect, c, label)
            })
            .collect()
    }

    /// Presses a button.
    fn press(&mut self, b: &Button) -> Next {
        if b.disabled.is_some() {
            return Next::Stay;
        }
        match &b.action {
            Some(a) => self.act(a),
            None if self.run.state.phase == Phase::Over => return Next::Title,
            None => {}
        }
        Next::Stay
    }

    fn update_menu(&mut self, input: &Input, sel: usize) -> Next {
        let n = MENU.len();
        let mut sel = sel;
        if input.up {
            sel = (sel + n - 1) % n;
        }
        if input.down {
            sel = (sel + 1) % n;
        }
        let rects = menu_rects(input.size);
        if let Some(i) = rects.iter().position(|r| r.contains(input.mouse))
            && (input.mouse_moved || input.click)
        {
            sel = i;
        }
        self.menu = Some(sel);
        if input.back {
            self.menu = None;
            return Next::Stay;
        }
        let picked = input.activate
            || input.click && rects.iter().any(|r| r.contains(input.mouse))
            || input.digit.is_some_and(|d| (1..=n as u8).contains(&d));
        if !picked {
            return Next::Stay;
        }
        let sel = input.digit.map_or(sel, |d| d as usize - 1);
        self.menu = None;
        match sel {
            1 => {
                if self.autosave() {
                    Next::Title
                } else {
                    // The warning says why; the run stays open rather than be lost.
                    Next::Stay
                }
            }
            2 => {
                if crate::core::legal_actions(&self.run.state).contains(&Action::Abandon) {
                    self.act(&Action::Abandon);
                }
                Next::Stay
            }
            3 => Next::Quit,
            _ => Next::Stay,
        }
    }

    pub fn draw(&self, fonts: &Fonts, size: Vec2, t: f32) {
        let l = Layout::new(size);
        for r in [l.map, l.log, l.top, l.stage, l.prompt, l.status] {
            style::card(
                r,
                10.0,
                1.0,
                fade(colour::TILE, 0.82),
                fade(colour::GOLD, 0.25),
            );
        }
        self.draw_map(&l, fonts, t);
        self.draw_log(&l, fonts);
        self.draw_top(&l, fonts);
        self.draw_stage(&l, fonts, t);
        self.draw_prompt(&l, fonts);
        self.draw_status(&l, fonts);
        if self.run.state.phase == Phase::Over {
            self.draw_end(&l, fonts, size);
        }
        if let Some(warning) = &self.save_warning {
            draw_save_warning(warning, &l, fonts);
        }
        if let Some(sel) = self.menu {
            draw_menu(fonts, size, sel);
        } else if let Some(e) = &self.entry {
            guide::draw_entry(e, &self.run.state, fonts, size, self.mouse);
        } else if self.anims.is_empty() {
            self.draw_tooltip(&l, fonts, size);
        }
        // Last, over everything: the cover and the Guide's view hide the whole table.
        match self.peek {
            guide::Peek::Closed => {}
            guide::Peek::Cover { .. } => guide::draw_cover(self.peek, fonts, size, self.now),
            guide::Peek::Open { .. } => guide::draw_view(&self.run.state, self.peek, fonts, size),
        }
    }

    fn draw_map(&self, l: &Layout, fonts: &Fonts, t: f32) {
        let s = &self.run.state;
        style::text(
            "The Domains",
            l.map.x + 14.0,
            l.map.y + 26.0,
            &fonts.serif,
            20,
            colour::GOLD,
        );
        let ml = map::layout(&self.map, map_area(l));
        let centre = |i: usize| ml.tiles[i].center();
        for &(a, b) in &self.map.links {
            style::dashed_line(centre(a), centre(b), 1.5, 6.0, 6.0, fade(colour::DIM, 0.5));
        }
        // The path taken.
        for w in self.path.windows(2) {
            let (a, b) = (centre(w[0].index as usize), centre(w[1].index as usize));
            draw_line(a.x, a.y, b.x, b.y, 4.0, fade(colour::GOLD, 0.85));
        }
        let route = s.phase == Phase::Route;
        let reachable = if route {
            self.reachable()
        } else {
            self.neighbours()
        };
        let hovered = map::hit(&ml, self.mouse);
        // One size for every name: the largest at which each fits in two lines.
        let size = self
            .map
            .tiles
            .iter()
            .enumerate()
            .map(|(i, tile)| {
                let w = ml.tiles[i].w - 10.0;
                (10..=15u16)
                    .rev()
                    .find(|&z| {
                        let lines =
                            style::wrap(&tile.name, w, |x| style::width(x, &fonts.serif, z));
                        lines.len() <= 2
                            && lines.iter().all(|l| style::width(l, &fonts.serif, z) <= w)
                    })
                    .unwrap_or(10)
            })
            .min()
            .unwrap_or(14);
        for (i, tile) in self.map.tiles.iter().enumerate() {
            let r = ml.tiles[i];
            let d = s.cards.domain_refs()[i];
            let cleared = s.cleared.contains(&d);
            let current = d == s.domain && !cleared;
            let reach = reachable.contains(&i);
            let (fill, border, text, width) = if current {
                (
                    mix(colour::TILE, colour::GOLD, 0.25),
                    colour::GOLD,
                    colour::PARCHMENT,
                    3.0,
                )
            } else if cleared {
                (
                    mix(colour::TILE, colour::SEA_LIGHT, 0.10),
                    fade(colour::SEA_LIGHT, 0.5),
                    fade(colour::PARCHMENT, 0.65),
                    1.5,
                )
            } else if reach {
                let pulse = if route {
                    0.6 + 0.4 * (t * 3.0).sin().abs()
                } else {
                    0.7
                };
                (
                    colour::TILE,
                    fade(colour::SEA_LIGHT, pulse),
                    colour::PARCHMENT,
                    if route { 2.5 } else { 1.5 },
                )
            } else {
                (
                    mix(colour::TILE, BLACK, 0.3),
                    fade(colour::DIM, 0.35),
                    fade(colour::DIM, 0.7),
                    1.0,
                )
            };
            if current {
                style::glow(r.center(), r.w * 0.7, fade(colour::GOLD, 0.25));
            }
            let fill = if route && reach && hovered == Some(i) {
                mix(fill, colour::SEA_LIGHT, 0.25)
            } else {
                fill
            };
            style::card(
                r,
                6.0,
                width,
                Color::new(fill.r, fill.g, fill.b, 1.0),
                border,
            );
            let lines = style::wrap(&tile.name, r.w - 10.0, |x| {
                style::width(x, &fonts.serif, size)
            });
            let lh = size as f32 * 1.05;
            let shown = lines.len().min(2);
            let mut y = r.center().y - lh * shown as f32 / 2.0 + size as f32 * 0.8;
            for line in lines.iter().take(shown) {
                style::text_centred(line, r.center().x, y, &fonts.serif, size, text);
                y += lh;
            }
            if cleared {
                // A tick in the corner.
                let c = vec2(r.right() - 9.0, r.y + 9.0);
                draw_line(c.x - 5.0, c.y, c.x - 2.0, c.y + 3.0, 2.0, colour::SEA_LIGHT);
                draw_line(
                    c.x - 2.0,
                    c.y + 3.0,
                    c.x + 4.0,
                    c.y - 4.0,
                    2.0,
                    colour::SEA_LIGHT,
                );
            }
        }
        let g = ml.guardian;
        style::diamond(g, 7.0, fade(colour::SEA_LIGHT, 0.9));
        style::text_centred(
            &s.cards.guardian.name,
            g.x,
            g.y - 12.0,
            &fonts.italic,
            16,
            fade(colour::SEA_LIGHT, 0.9),
        );
        let legend = if route {
            "Click a glowing Domain to travel there."
        } else {
            "Gold: you are here · bright edge: next · tick: cleared"
        };
        let legend_size = style::fit_size(legend, &fonts.italic, 15, 10, l.map.w - 28.0);
        style::text(
            legend,
            l.map.x + 14.0,
            l.map.bottom() - 12.0,
            &fonts.italic,
            legend_size,
            fade(colour::PARCHMENT, 0.7),
        );
    }

    fn draw_log(&self, l: &Layout, fonts: &Fonts) {
        let r = l.log;
        style::text(
            "Log",
            r.x + 14.0,
            r.y + 24.0,
            &fonts.serif,
            19,
            colour::GOLD,
        );
        let size = 15;
        let lh = 18.0;
        let w = r.w - 28.0;
        let mut lines: Vec<(String, bool)> = Vec::new();
        let n = self.log.len();
        let fit = ((r.h - 40.0) / lh).floor().max(0.0) as usize;
        // The newest entries at the bottom; only whole entries.
        for (i, entry) in self.log.iter().enumerate().rev() {
            let wrapped = style::wrap(entry, w, |x| style::width(x, &fonts.serif, size));
            if lines.len() + wrapped.len() > fit {
                break;
            }
            for line in wrapped.into_iter().rev() {
                lines.push((line, i + 4 >= n));
            }
        }
        let mut y = r.bottom() - 12.0;
        for (line, recent) in &lines {
            let c = if *recent {
                colour::PARCHMENT
            } else {
                fade(colour::PARCHMENT, 0.6)
            };
            style::text(line, r.x + 14.0, y, &fonts.serif, size, c);
            y -= lh;
        }
    }

    fn draw_top(&self, l: &Layout, fonts: &Fonts) {
        let s = &self.run.state;
        let r = l.top;
        let pad = 10.0;
        // The piles leave room for their labels underneath.
        let pile_w = ((r.h - 2.0 * pad - 20.0) / 1.4).min(r.w * 0.16);
        let pile_h = pile_w * 1.4;
        let deck = Rect::new(
            r.right() - pad - 2.0 * pile_w - pad,
            r.y + pad,
            pile_w,
            pile_h,
        );
        let discard = Rect::new(r.right() - pad - pile_w, r.y + pad, pile_w, pile_h);
        // The Domain's title card.
        let d = s.cards.domain(s.domain);
        let title = Rect::new(
            r.x + pad,
            r.y + pad,
            deck.x - pad * 2.0 - r.x,
            r.h - 2.0 * pad,
        );
        style::card(
            title,
            9.0,
            2.0,
            mix(colour::TILE, colour::GOLD, 0.08),
            colour::GOLD,
        );
        let name_size = style::fit_size(&d.name, &fonts.serif, 26, 16, title.w - 24.0);
        style::text(
            &d.name,
            title.x + 12.0,
            title.y + 30.0,
            &fonts.serif,
            name_size,
            colour::GOLD,
        );
        let cleared = s.cleared.len();
        let sub = format!("Domain · {} cleared so far · {} flips", cleared, s.flips);
        style::text(
            sub.as_str(),
            title.x + 12.0,
            title.y + 50.0,
            &fonts.italic,
            15,
            fade(colour::PARCHMENT, 0.7),
        );
        cardface::text_block(
            &d.text,
            Rect::new(
                title.x + 12.0,
                title.y + 58.0,
                title.w - 24.0,
                title.h - 64.0,
            ),
            &fonts.serif,
            17,
            12,
            colour::PARCHMENT,
        );
        // The deck with its count, the discard with its top card.
        let left = s.deck.len();
        if left > 0 {
            for k in (1..left.min(4)).rev() {
                let o = k as f32 * 2.0;
                style::card(
                    Rect::new(deck.x + o, deck.y - o, deck.w, deck.h),
                    8.0,
                    1.0,
                    colour::TILE,
                    fade(colour::GOLD, 0.3),
                );
            }
            cardface::draw_back(deck, fonts, "", false);
        } else {
            style::rounded_outline(deck, 8.0, 1.0, fade(colour::DIM, 0.5));
        }
        style::text_centred(
            &format!("Deck {left}"),
            deck.center().x,
            deck.bottom() + 17.0,
            &fonts.serif,
            17,
            colour::PARCHMENT,
        );
        match s.discard.last() {
            Some(c) => {
                let sc = s.cards.card(*c);
                cardface::draw_face(discard, &cardface::station_face(sc), fonts, false);
            }
            None => style::rounded_outline(discard, 8.0, 1.0, fade(colour::DIM, 0.5)),
        }
        style::text_centred(
            &format!("Discard {}", s.discard.len()),
            discard.center().x,
            discard.bottom() + 17.0,
            &fonts.serif,
            17,
            colour::PARCHMENT,
        );
    }

    fn draw_stage(&self, l: &Layout, fonts: &Fonts, t: f32) {
        let s = &self.run.state;
        let obs = Observation::of(s);
        let playing = self.playing();
        let flipping = match playing {
            Some((Anim::Flip { slot, card }, p)) => Some((slot, card, p)),
            _ => None,
        };
        if s.phase == Phase::Route && flipping.is_none() {
            self.draw_route(l, fonts);
            return;
        }
        let show_row = matches!(s.phase, Phase::Explore)
            || flipping.is_some()
            || (s.phase == Phase::Over && obs.resolving().is_none());
        if show_row {
            let offered = prompt(s).actions;
            for (i, r) in l.slots().iter().enumerate() {
                let can_flip = offered.contains(&Action::Flip { slot: i as u8 });
                let hover = can_flip && r.contains(self.mouse);
                let mut r = *r;
                if hover {
                    r.y -= 6.0;
                }
                match flipping {
                    Some((slot, card, p)) if slot as usize == i => {
                        // Shrink to an edge, then open on the face.
                        let sx = (1.0 - 2.0 * p).abs().max(0.04);
                        let fr = Rect::new(r.center().x - r.w * sx / 2.0, r.y, r.w * sx, r.h);
                        if p < 0.5 {
                            cardface::draw_back(fr, fonts, "", true);
                        } else {
                            cardface::draw_face(
                                fr,
                                &cardface::station_face(s.cards.card(card)),
                                fonts,
                                true,
                            );
                        }
                        continue;
                    }
                    _ => {}
                }
                match obs.slot(i) {
                    Slot::Empty => style::rounded_outline(r, 9.0, 1.0, fade(colour::DIM, 0.5)),
                    Slot::Hidden => cardface::draw_back(r, fonts, &format!("{}", i + 1), hover),
                    Slot::Known(c) => cardface::draw_face(
                        r,
                        &cardface::station_face(s.cards.card(c)),
                        fonts,
                        hover,
                    ),
                }
            }
            if s.phase == Phase::Explore {
                style::text_centred(
                    "Click a card or press 1, 2 or 3 to flip it.",
                    l.stage.center().x,
                    l.stage.bottom() - 10.0,
                    &fonts.italic,
                    16,
                    fade(colour::PARCHMENT, 0.7),
                );
            }
            return;
        }
        let (card_r, panel) = l.resolving();
        match &s.phase {
            Phase::Duel(d) => {
                match d.card {
                    Some(c) => {
                        let sc = s.cards.card(c);
                        cardface::draw_face(card_r, &cardface::station_face(sc), fonts, true);
                    }
                    None => self.draw_guardian_card(card_r, fonts),
                }
                self.draw_duel(panel, fonts, t);
            }
            Phase::Crossing => {
                self.draw_guardian_card(card_r, fonts);
                self.draw_seals(panel, fonts);
            }
            Phase::Over => {
                if let Some(c) = obs.resolving() {
                    cardface::draw_face(
                        card_r,
                        &cardface::station_face(s.cards.card(c)),
                        fonts,
                        false,
                    );
                }
            }
            Phase::Choice(choice) => {
                // The resolving card (or the one the Guide's choice comes from), and what
                // the choice is about.
                let area = match crate::protocol::choice_card(s).or(obs.resolving()) {
                    Some(c) => {
                        cardface::draw_face(
                            card_r,
                            &cardface::station_face(s.cards.card(c)),
                            fonts,
                            true,
                        );
                        panel
                    }
                    None => l.stage,
                };
                use crate::core::state::ChoiceKind;
                let cards: Vec<CardRef> = match &choice.kind {
                    ChoiceKind::Reorder { cards } | ChoiceKind::Lose { cards } => cards.clone(),
                    ChoiceKind::Cleanse { .. } => s.snares.clone(),
                    ChoiceKind::Guide { .. } => Vec::new(),
                };
                let (head, colour) = match &choice.kind {
                    ChoiceKind::Reorder { .. } => (
                        "The top of the deck, top first: choose the order to put them back.",
                        colour::GOLD,
                    ),
                    ChoiceKind::Cleanse { .. } => {
                        ("Your Snares: choose one to remove.", colour::GOLD)
                    }
                    ChoiceKind::Lose { .. } => (
                        "The Guide chooses which of these cards you lose.",
                        colour::GUIDE,
                    ),
                    ChoiceKind::Guide { .. } => {
                        ("The Guide chooses what befalls you:", colour::GUIDE)
                    }
                };
                cardface::text_block(
                    head,
                    Rect::new(area.x + 8.0, area.y + 8.0, area.w - 16.0, 48.0),
                    &fonts.serif,
                    20,
                    14,
                    colour,
                );
                // The Guide's options, one to a numbered paragraph.
                if let ChoiceKind::Guide { options, .. } = &choice.kind {
                    let mut y = area.y + 48.0;
                    let room = (area.bottom() - y - 8.0) / options.len().max(1) as f32;
                    for (i, o) in options.iter().enumerate() {
                        style::text(
                            &format!("{}", i + 1),
                            area.x + 10.0,
                            y + 20.0,
                            &fonts.serif,
                            20,
                            colour::GUIDE,
                        );
                        let used = cardface::text_block(
                            &o.label,
                            Rect::new(area.x + 34.0, y, area.w - 44.0, room - 10.0),
                            &fonts.serif,
                            19,
                            13,
                            colour::PARCHMENT,
                        );
                        y += used.max(24.0) + 14.0;
                    }
                }
                let n = cards.len().max(1) as f32;
                let gap = 10.0;
                let w = ((area.w - 16.0 - gap * (n - 1.0)) / n).min(180.0);
                let h = (w * 1.4).min(area.h - 70.0);
                for (i, c) in cards.iter().enumerate() {
                    let r = Rect::new(area.x + 8.0 + i as f32 * (w + gap), area.y + 60.0, w, h);
                    cardface::draw_face(r, &cardface::station_face(s.cards.card(*c)), fonts, false);
                }
            }
            _ => {
                if let Some(c) = obs.resolving() {
                    let sc = s.cards.card(c);
                    cardface::draw_face(card_r, &cardface::station_face(sc), fonts, true);
                    if let Phase::Pit(_) = &s.phase {
                        self.draw_test(panel, fonts, t);
                    } else {
                        self.draw_card_notes(panel, fonts, sc);
                    }
                }
            }
        }
    }

    /// The Domains to choose from, as cards in the stage (also clickable).
    fn route_cards(&self, l: &Layout) -> Vec<(Rect, usize)> {
        let reach = self.reachable();
        let n = reach.len().clamp(1, 3) as f32;
        let st = l.stage;
        let gap = 16.0;
        let w = ((st.w - 40.0 - gap * (n - 1.0)) / n).min(260.0);
        let h = (st.h - 70.0).min(w * 0.7);
        let x0 = st.center().x - (n * w + (n - 1.0) * gap) / 2.0;
        reach
            .into_iter()
            .take(3)
            .enumerate()
            .map(|(k, i)| (Rect::new(x0 + k as f32 * (w + gap), st.y + 50.0, w, h), i))
            .collect()
    }

    fn draw_route(&self, l: &Layout, fonts: &Fonts) {
        let s = &self.run.state;
        style::text_centred(
            "Where next? Click a Domain here or on the map.",
            l.stage.center().x,
            l.stage.y + 32.0,
            &fonts.serif,
            22,
            colour::GOLD,
        );
        for (r, i) in self.route_cards(l) {
            let d = &s.cards.domains[i];
            let hover = r.contains(self.mouse);
            let fill = mix(
                colour::TILE,
                colour::SEA_LIGHT,
                if hover { 0.2 } else { 0.08 },
            );
            style::card(
                r,
                9.0,
                2.0,
                Color::new(fill.r, fill.g, fill.b, 1.0),
                colour::SEA_LIGHT,
            );
            let inner = Rect::new(r.x + 12.0, r.y + 10.0, r.w - 24.0, 56.0);
            let used =
                cardface::text_block(&d.name, inner, &fonts.serif, 22, 14, colour::PARCHMENT);
            cardface::text_block(
                &d.theme,
                Rect::new(r.x + 12.0, r.y + 18.0 + used, r.w - 24.0, r.h - used - 28.0),
                &fonts.italic,
                17,
                12,
                fade(colour::PARCHMENT, 0.8),
            );
        }
    }

    fn draw_guardian_card(&self, r: Rect, fonts: &Fonts) {
        let g = &self.run.state.cards.guardian;
        let f = Face {
            name: &g.name,
            kind: None,
            kind_text: "Guardian",
            text: &g.text,
            flavor: g.flavor.as_deref(),
            stats: Some(format!("HP {} · DEF {}", g.hp, g.def)),
        };
        cardface::draw_face(r, &f, fonts, true);
    }

    /// Beside a card with no dice: its kind of choice in a few words.
    fn draw_card_notes(&self, r: Rect, fonts: &Fonts, sc: &crate::cards::model::StationCard) {
        let mut y = r.y + 26.0;
        let head = match sc.card_type {
            StationType::Terror => "Terror: choose one option.",
            StationType::Rest => "A Rest: spend Resolve for Grace or Health.",
            StationType::Foe => "A foe bars the way.",
            StationType::Item | StationType::Equipment => {
                "Take it into a free slot, swap, or leave it."
            }
            StationType::Companion => "Someone would follow you.",
            _ => "",
        };
        if !head.is_empty() {
            y += cardface::text_block(
                head,
                Rect::new(r.x, y - 18.0, r.w - 8.0, 50.0),
                &fonts.serif,
                19,
                14,
                colour::GOLD,
            ) + 6.0;
        }
        if sc.card_type == StationType::Terror {
            for (i, o) in sc.options.iter().enumerate() {
                let ok = crate::core::legal_actions(&self.run.state)
                    .contains(&Action::Choose { option: i as u8 });
                let cost = if o.cost.is_empty() {
                    String::new()
                } else {
                    format!(
                        " — {}",
                        o.cost
                            .iter()
                            .map(words::payment)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                };
                let line = format!(
                    "{}. {}{}{}",
                    i + 1,
                    o.label,
                    cost,
                    if ok { "" } else { " (cannot pay)" }
                );
                let c = if ok {
                    colour::PARCHMENT
                } else {
                    fade(colour::DIM, 0.9)
                };
                y += cardface::text_block(
                    &line,
                    Rect::new(r.x, y - 16.0, r.w - 8.0, 60.0),
                    &fonts.serif,
                    17,
                    13,
                    c,
                ) + 8.0;
            }
        }
        if matches!(self.run.state.phase, Phase::Offer { .. }) {
            // The swap dialog: what is held of this kind, each to swap out.
            let (kind, held) = if sc.card_type == StationType::Equipment {
                ("Equipment", &self.run.state.equipment)
            } else {
                ("Items", &self.run.state.items)
            };
            if held.len() >= 2 {
                let head =
                    format!("Your {kind} slots are full. Swap one for this card, or leave it:");
                y += cardface::text_block(
                    &head,
                    Rect::new(r.x, y - 14.0, r.w - 8.0, 50.0),
                    &fonts.serif,
                    17,
                    13,
                    colour::WARNING,
                ) + 10.0;
                for (i, c) in held.iter().enumerate() {
                    let h = (r.bottom() - y - 10.0).clamp(40.0, 150.0);
                    let cr = Rect::new(
                        r.x + i as f32 * ((r.w - 8.0) / 2.0),
                        y - 10.0,
                        (r.w - 8.0) / 2.0 - 8.0,
                        h,
                    );
                    cardface::draw_face(
                        cr,
                        &cardface::station_face(self.run.state.cards.card(*c)),
                        fonts,
                        false,
                    );
                }
            }
        }
        if sc.card_type == StationType::Foe {
            draw_faces(
                Rect::new(r.x, y, r.w - 8.0, r.bottom() - y),
                fonts,
                &sc.faces,
                None,
            );
        }
    }

    fn draw_duel(&self, r: Rect, fonts: &Fonts, t: f32) {
        let s = &self.run.state;
        let Some(d) = s.duel() else { return };
        let name = d.card.map_or(s.cards.guardian.name.clone(), |c| {
            s.cards.card(c).name.clone()
        });
        // The foe's HP bar.
        style::text(&name, r.x, r.y + 20.0, &fonts.serif, 20, colour::PARCHMENT);
        let bar = Rect::new(r.x, r.y + 28.0, r.w - 8.0, 14.0);
        style::rounded_rect(bar, 4.0, fade(colour::DIM, 0.3));
        let frac = (d.hp as f32 / d.max_hp.max(1) as f32).clamp(0.0, 1.0);
        style::rounded_rect(
            Rect::new(bar.x, bar.y, bar.w * frac, bar.h),
            4.0,
            colour::ERROR,
        );
        style::text_right(
            &format!("{} / {} HP · exchange {}", d.hp, d.max_hp, d.exchange + 1),
            bar.right(),
            r.y + 20.0,
            &fonts.serif,
            15,
            fade(colour::PARCHMENT, 0.8),
        );
        // The dice: this exchange's while rerolls are open, else the last exchange's.
        let tumbling = matches!(self.playing(), Some((Anim::Dice, _)));
        let (mine, theirs, modifier) = match (&d.rolled, d.awaiting_foe, &self.last_exchange) {
            (Some(rl), _, _) => (rl.traveller, Some(rl.foe), rl.modifier),
            (None, Some(half), _) => (half.traveller, None, half.modifier),
            (None, None, Some(x)) => (x.roll, Some(x.foe_roll), 0),
            (None, None, None) => (None, None, 0),
        };
        let die = 46.0;
        let dy = bar.bottom() + 12.0;
        draw_die(
            Rect::new(r.x, dy, die, die),
            mine,
            tumbling,
            t,
            colour::PARCHMENT,
            fonts,
        );
        style::text(
            "You",
            r.x + die + 8.0,
            dy + 20.0,
            &fonts.serif,
            16,
            colour::PARCHMENT,
        );
        if modifier != 0 {
            style::text(
                &format!("{modifier:+}"),
                r.x + die + 8.0,
                dy + 40.0,
                &fonts.serif,
                16,
                colour::WARNING,
            );
        }
        let fx = r.x + (r.w * 0.5).max(120.0);
        draw_die(
            Rect::new(fx, dy, die, die),
            theirs,
            tumbling,
            t + 0.3,
            colour::ERROR,
            fonts,
        );
        style::text(
            "Foe",
            fx + die + 8.0,
            dy + 20.0,
            &fonts.serif,
            16,
            colour::PARCHMENT,
        );
        if s.guide {
            let room = r.right() - (fx + die + 8.0);
            let note = ["the Guide rolls", "Guide"]
                .into_iter()
                .find(|n| style::width(n, &fonts.italic, 14) <= room)
                .unwrap_or("");
            style::text(
                note,
                fx + die + 8.0,
                dy + 40.0,
                &fonts.italic,
                14,
                colour::GUIDE,
            );
        }
        // Damage numbers of the last exchange.
        let mut y = dy + die + 22.0;
        if let Some(x) = &self.last_exchange
            && d.rolled.is_none()
            && !tumbling
        {
            let line = format!("Last: you dealt {}, took {}", x.to_foe, x.to_traveller);
            style::text(&line, r.x, y, &fonts.serif, 17, colour::GOLD);
            y += 8.0;
            // Big numbers beside each die: the damage each side took.
            for (n, at) in [
                (x.to_traveller, r.x + die + 8.0),
                (x.to_foe, fx + die + 8.0),
            ] {
                let (text, col) = if n > 0 {
                    (format!("-{n}"), colour::ERROR)
                } else {
                    ("0".to_string(), fade(colour::PARCHMENT, 0.5))
                };
                style::text(&text, at, dy + 44.0, &fonts.serif, 24, col);
            }
        }
        // The combat table and the foe's faces side by side (stacked if narrow).
        let row_of = |v: Option<u8>, modifier: i32| {
            v.map(|v| words::roll_row((v as i32 + modifier).clamp(1, 6) as u8))
        };
        let lit = match (&d.rolled, d.awaiting_foe, &self.last_exchange) {
            (Some(rl), _, _) => row_of(rl.traveller, rl.modifier),
            (None, Some(half), _) => row_of(half.traveller, half.modifier),
            (None, None, Some(x)) => words::strike_row(x.strike),
            _ => None,
        };
        let foe_face = theirs.filter(|_| !tumbling).map(|v| v as usize - 1);
        let lit = lit.filter(|_| !tumbling);
        let area = Rect::new(r.x, y + 6.0, r.w - 8.0, r.bottom() - y - 10.0);
        let half = (area.w - 10.0) / 2.0;
        let faces = match d.card {
            Some(c) => &s.cards.card(c).faces[..],
            None => &s.cards.guardian.faces[..],
        };
        if half > 190.0 {
            draw_combat_table(Rect::new(area.x, area.y, half, area.h), lit, fonts);
            draw_faces(
                Rect::new(area.x + half + 10.0, area.y, half, area.h),
                fonts,
                faces,
                foe_face,
            );
        } else if area.h >= 240.0 {
            let h = area.h / 2.0;
            draw_combat_table(Rect::new(area.x, area.y, area.w, h), lit, fonts);
            draw_faces(
                Rect::new(area.x, area.y + h, area.w, h),
                fonts,
                faces,
                foe_face,
            );
        } else {
            // Short of room: the combat table, and only the foe's face rolled (its six
            // faces are printed on its card).
            draw_combat_table(Rect::new(area.x, area.y, area.w, area.h - 26.0), lit, fonts);
            if let Some(i) = foe_face
                && let Some(f) = faces.get(i)
            {
                let line = format!("Foe: {} {}: {}", i + 1, f.name, words::face_summary(f));
                let line = style::ellipsize(&line, area.w, |x| style::width(x, &fonts.serif, 15));
                style::text(
                    &line,
                    area.x,
                    area.bottom() - 6.0,
                    &fonts.serif,
                    15,
                    colour::ERROR,
                );
            }
        }
    }

    fn draw_test(&self, r: Rect, fonts: &Fonts, t: f32) {
        let s = &self.run.state;
        let Some(test) = Observation::of(s).test() else {
            return;
        };
        let Some(spec) = s.cards.card(test.card).test.as_ref() else {
            return;
        };
        style::text(
            &format!("Test: {}+ on {}d6", spec.target, spec.dice),
            r.x,
            r.y + 24.0,
            &fonts.serif,
            22,
            colour::GOLD,
        );
        let bonus = crate::core::test_modifier(s);
        let mut y = r.y + 48.0;
        if bonus != 0 {
            style::text(
                &format!("Your modifier: {bonus:+}"),
                r.x,
                y,
                &fonts.serif,
                16,
                colour::WARNING,
            );
            y += 20.0;
        }
        let tumbling = matches!(self.playing(), Some((Anim::Dice, _)));
        let die = 52.0;
        for i in 0..spec.dice as usize {
            let v = test.dice.get(i).copied();
            draw_die(
                Rect::new(r.x + i as f32 * (die + 12.0), y, die, die),
                v,
                tumbling,
                t + i as f32 * 0.2,
                colour::PARCHMENT,
                fonts,
            );
        }
        y += die + 26.0;
        if !test.dice.is_empty() && !tumbling {
            let total: i32 = test.dice.iter().map(|&d| d as i32).sum::<i32>() + bonus;
            let ok = total >= spec.target;
            style::text(
                &format!(
                    "Total {total}: {}",
                    if ok {
                        "a success if kept"
                    } else {
                        "a failure if kept"
                    }
                ),
                r.x,
                y,
                &fonts.serif,
                18,
                if ok { colour::SEA_LIGHT } else { colour::ERROR },
            );
            y += 26.0;
        } else if let Some(j) = &self.last_judged {
            style::text(
                &format!(
                    "Last roll {} against {}+: {}",
                    j.total,
                    j.target,
                    if j.success { "success" } else { "failure" }
                ),
                r.x,
                y,
                &fonts.serif,
                17,
                if j.success {
                    colour::SEA_LIGHT
                } else {
                    colour::ERROR
                },
            );
            y += 26.0;
        }
        if spec.extended {
            style::text(
                "Extended test: 3 successes or 3 failures",
                r.x,
                y,
                &fonts.italic,
                16,
                fade(colour::PARCHMENT, 0.8),
            );
            y += 24.0;
            for (label, n, c) in [
                ("Successes", test.successes, colour::SEA_LIGHT),
                ("Failures", test.failures, colour::ERROR),
            ] {
                style::text(label, r.x, y + 5.0, &fonts.serif, 17, colour::PARCHMENT);
                for k in 0..3u8 {
                    let cc = vec2(r.x + 100.0 + k as f32 * 26.0, y);
                    if k < n {
                        draw_circle(cc.x, cc.y, 9.0, c);
                    } else {
                        draw_circle_lines(cc.x, cc.y, 9.0, 1.5, fade(c, 0.7));
                    }
                }
                y += 28.0;
            }
        }
    }

    fn draw_seals(&self, r: Rect, fonts: &Fonts) {
        let g = &self.run.state.cards.guardian;
        let mut y = r.y + 24.0;
        style::text(
            "Before the Guardian",
            r.x,
            y,
            &fonts.serif,
            21,
            colour::GOLD,
        );
        y += 12.0;
        let all = g.requirements.iter().chain(g.seals.iter());
        for seal in all {
            let met = self.seals.iter().find(|c| c.id == seal.id.0).map(|c| c.met);
            let (mark, c) = match met {
                Some(true) => ("met", colour::SEA_LIGHT),
                Some(false) => ("unmet", colour::ERROR),
                None => ("", colour::PARCHMENT),
            };
            let line = if mark.is_empty() {
                format!("{}: {}", seal.name, seal.text)
            } else {
                format!("{} ({mark}): {}", seal.name, seal.text)
            };
            y += cardface::text_block(
                &line,
                Rect::new(r.x, y, r.w - 8.0, 70.0),
                &fonts.serif,
                16,
                12,
                c,
            ) + 8.0;
        }
    }

    fn draw_prompt(&self, l: &Layout, fonts: &Fonts) {
        let s = &self.run.state;
        let p = prompt(s);
        let r = l.prompt;
        // With a Guide, whose turn it is, in that player's colour, top right.
        let mut text_w = r.w - 28.0;
        if s.guide && s.phase != Phase::Over {
            let who = s.role();
            let label = format!("{}'s turn", guide::role_name(who));
            let w = style::width(&label, &fonts.serif, 16) + 24.0;
            let badge = Rect::new(r.right() - 12.0 - w, r.y + 10.0, w, 26.0);
            let col = guide::role_colour(who);
            style::card(badge, 13.0, 1.5, mix(colour::TILE, col, 0.25), col);
            style::text_centred(
                &label,
                badge.center().x,
                badge.y + 18.0,
                &fonts.serif,
                16,
                col,
            );
            text_w -= w + 12.0;
        }
        cardface::text_block(
            &p.text,
            Rect::new(r.x + 14.0, r.y + 8.0, text_w, 44.0),
            &fonts.serif,
            19,
            14,
            colour::PARCHMENT,
        );
        let busy = !self.anims.is_empty();
        let buttons = self.buttons(l, fonts);
        // The controls bottom left, and a reminder of the keys where they leave room.
        let controls = self.controls(l, fonts);
        let mut right_of_controls = r.x;
        for (cr, c, label) in &controls {
            let on = match c {
                Control::Peek => false,
                Control::Dice(who) => self.table_dice[*who as usize],
            };
            let col = match c {
                Control::Peek | Control::Dice(Role::Guide) => colour::GUIDE,
                Control::Dice(Role::Traveller) => colour::GOLD,
            };
            let hover = cr.contains(self.mouse) && self.pointer_live;
            let fill = mix(colour::TILE, col, if on || hover { 0.3 } else { 0.08 });
            style::card(*cr, 5.0, 1.0, fill, fade(col, if on { 0.9 } else { 0.45 }));
            style::text(
                label,
                cr.x + 10.0,
                cr.y + 17.0,
                &fonts.serif,
                14,
                colour::PARCHMENT,
            );
            right_of_controls = cr.right();
        }
        for hint in [
            "Esc: menu (save & quit, abandon)  ·  hover anything to have it explained",
            "Esc: menu  ·  hover to explain",
            "Esc: menu",
        ] {
            let w = style::width(hint, &fonts.italic, 14);
            if r.right() - 14.0 - w > right_of_controls + 16.0 {
                style::text_right(
                    hint,
                    r.right() - 14.0,
                    r.bottom() - 14.0,
                    &fonts.italic,
                    14,
                    fade(colour::PARCHMENT, 0.5),
                );
                break;
            }
        }
        // The Guide's own choices wear the Guide's colour.
        let guides_turn = s.guide && s.role() == Role::Guide;
        for b in buttons {
            let hover = b.rect.contains(self.mouse) && !busy;
            let guides = guides_turn && !matches!(b.action, Some(Action::Abandon) | None);
            let (fill, border, text) = if b.disabled.is_some() {
                (
                    fade(colour::TILE, 0.9),
                    fade(colour::DIM, 0.5),
                    fade(colour::DIM, 0.9),
                )
            } else if guides {
                (
                    mix(colour::TILE, colour::GUIDE, if hover { 0.45 } else { 0.28 }),
                    colour::GUIDE,
                    colour::PARCHMENT,
                )
            } else if b.primary {
                (
                    mix(colour::TILE, colour::GOLD, if hover { 0.45 } else { 0.3 }),
                    colour::GOLD,
                    colour::PARCHMENT,
                )
            } else {
                (
                    mix(
                        colour::TILE,
                        colour::SEA_LIGHT,
                        if hover { 0.3 } else { 0.12 },
                    ),
                    fade(colour::SEA_LIGHT, 0.7),
                    colour::PARCHMENT,
                )
            };
            style::card(
                b.rect,
                7.0,
                1.5,
                Color::new(fill.r, fill.g, fill.b, 1.0),
                border,
            );
            let mut x = b.rect.x + 12.0;
            if let Some(k) = &b.key {
                let kw = style::width(k, &fonts.mono, 13) + 8.0;
                let kr = Rect::new(x, b.rect.center().y - 9.0, kw, 18.0);
                style::rounded_rect(kr, 3.0, fade(BLACK, 0.35));
                style::text(
                    k,
                    kr.x + 4.0,
                    kr.y + 13.5,
                    &fonts.mono,
                    13,
                    fade(colour::PARCHMENT, 0.85),
                );
                x += kw + 8.0;
            }
            let base = b.rect.y + b.rect.h / 2.0 + b.size as f32 * 0.33;
            style::text(&b.label, x, base, &fonts.serif, b.size, text);
        }
    }

    fn draw_status(&self, l: &Layout, fonts: &Fonts) {
        let s = &self.run.state;
        let r = l.status;
        let sl = StatusLayout::new(r);
        let m = mods(s);
        let x = r.x + 14.0;
        let w = r.w - 28.0;
        style::text(
            &s.cards.traveller.name,
            x,
            r.y + 28.0,
            &fonts.serif,
            22,
            colour::GOLD,
        );
        style::text(
            &format!("ATK {}   DEF {}", m.atk, m.def),
            x,
            r.y + 50.0,
            &fonts.serif,
            18,
            colour::PARCHMENT,
        );
        // Health track.
        style::text(
            &format!("Health {} / {}", s.health, s.max_health),
            x,
            sl.health.y - 6.0,
            &fonts.serif,
            17,
            colour::PARCHMENT,
        );
        let n = s.max_health.max(1);
        let cell = sl.health.w / n as f32;
        for i in 0..n {
            let c = Rect::new(
                sl.health.x + i as f32 * cell,
                sl.health.y,
                (cell - 1.5).max(1.0),
                sl.health.h,
            );
            let on = i < s.health;
            let col = if on {
                if s.health <= 5 {
                    colour::ERROR
                } else {
                    Color::from_rgba(0xd0, 0x5a, 0x5a, 255)
                }
            } else {
                fade(colour::DIM, 0.3)
            };
            draw_rectangle(c.x, c.y, c.w, c.h, col);
        }
        // Resolve/Dread slider: Dread 4..1, the neutral gap, Resolve 1..4.
        style::text(
            &format!("Resolve / Dread: {}", words::marker_words(s.marker)),
            x,
            sl.marker.y - 6.0,
            &fonts.serif,
            17,
            colour::PARCHMENT,
        );
        let mr = sl.marker;
        let step = mr.w / 9.0;
        for k in -4i8..=4 {
            let cx = mr.x + (k + 4) as f32 * step + step / 2.0;
            let cell = Rect::new(cx - step / 2.0 + 1.0, mr.y, step - 2.0, mr.h);
            let base = if k < 0 {
                Color::from_rgba(0x8a, 0x4a, 0xb8, 255)
            } else if k > 0 {
                colour::SEA_LIGHT
            } else {
                colour::DIM
            };
            style::rounded_rect(cell, 3.0, fade(base, if k == 0 { 0.15 } else { 0.25 }));
            if k == s.marker {
                style::rounded_rect(cell, 3.0, base);
            }
            let label = if k == 0 {
                "·".to_string()
            } else {
                k.abs().to_string()
            };
            style::text_centred(
                &label,
                cx,
                mr.y + mr.h * 0.72,
                &fonts.mono,
                12,
                if k == s.marker {
                    colour::TILE
                } else {
                    fade(colour::PARCHMENT, 0.7)
                },
            );
        }
        style::text(
            "Dread",
            mr.x,
            mr.bottom() + 14.0,
            &fonts.italic,
            13,
            fade(colour::PARCHMENT, 0.6),
        );
        style::text_right(
            "Resolve",
            mr.right(),
            mr.bottom() + 14.0,
            &fonts.italic,
            13,
            fade(colour::PARCHMENT, 0.6),
        );
        // Grace pips.
        style::text(
            "Grace",
            x,
            sl.grace.y + 15.0,
            &fonts.serif,
            17,
            colour::PARCHMENT,
        );
        for k in 0..3u8 {
            let c = vec2(x + 70.0 + k as f32 * 26.0, sl.grace.y + 10.0);
            if k < s.grace {
                style::diamond(c, 9.0, colour::GOLD);
            } else {
                style::diamond(c, 9.0, fade(colour::DIM, 0.4));
            }
        }
        // Items and Equipment.
        for (label, held, rects) in [
            ("Items", &s.items, sl.items),
            ("Equipment", &s.equipment, sl.equipment),
        ] {
            style::text(
                label,
                x,
                rects[0].y - 6.0,
                &fonts.serif,
                17,
                colour::PARCHMENT,
            );
            for (i, rr) in rects.iter().enumerate() {
                match held.get(i) {
                    Some(c) => {
                        let sc = s.cards.card(*c);
                        let spent = s.is_spent(*c);
                        let col = cardface::type_colour(sc.card_type);
                        style::card(
                            *rr,
                            6.0,
                            1.5,
                            mix(colour::TILE, col, 0.15),
                            if spent { fade(col, 0.4) } else { col },
                        );
                        cardface::icon(sc.card_type, vec2(rr.x + 14.0, rr.center().y), 7.0, col);
                        let name = style::ellipsize(&sc.name, rr.w - 32.0, |t| {
                            style::width(t, &fonts.serif, 15)
                        });
                        style::text(
                            &name,
                            rr.x + 26.0,
                            rr.center().y + 5.0,
                            &fonts.serif,
                            15,
                            if spent {
                                fade(colour::PARCHMENT, 0.5)
                            } else {
                                colour::PARCHMENT
                            },
                        );
                    }
                    None => {
                        style::rounded_outline(*rr, 6.0, 1.0, fade(colour::DIM, 0.5));
                        style::text(
                            "empty",
                            rr.x + 10.0,
                            rr.center().y + 5.0,
                            &fonts.italic,
                            14,
                            fade(colour::DIM, 0.8),
                        );
                    }
                }
            }
        }
        // Companions, Snares and waiting bonuses: lists.
        for row in self.status_lists(l.status) {
            match row {
                ListRow::Heading(label, r) => {
                    style::text(&label, r.x, r.y + 14.0, &fonts.serif, 17, colour::PARCHMENT);
                }
                ListRow::Empty(r) => {
                    style::text(
                        "none",
                        r.x + 8.0,
                        r.y + 12.0,
                        &fonts.italic,
                        14,
                        fade(colour::DIM, 0.8),
                    );
                }
                ListRow::Entry(n, _, r) => {
                    let line =
                        style::ellipsize(&n, w - 16.0, |t| style::width(t, &fonts.serif, 15));
                    style::text(
                        &format!("· {line}"),
                        r.x + 4.0,
                        r.y + 12.0,
                        &fonts.serif,
                        15,
                        colour::PARCHMENT,
                    );
                }
            }
        }
    }

    /// The rows of the status area's lists (Companions, Snares, bonuses), each with its
    /// place and, for entries, the text its hover shows.
    fn status_lists(&self, r: Rect) -> Vec<ListRow> {
        let s = &self.run.state;
        let sl = StatusLayout::new(r);
        let x = sl.lists.x;
        let w = sl.lists.w;
        let card_tip = |c: &crate::cards::CardRef| {
            let sc = s.cards.card(*c);
            format!(
                "{} ({}): {}",
                sc.name,
                cardface::type_name(sc.card_type),
                sc.text
            )
        };
        let companions: Vec<(String, String)> = s
            .companions
            .iter()
            .map(|f| {
                let mut n = s.cards.card(f.card).name.clone();
                if !f.carrying.is_empty() {
                    n += &format!(
                        " (carries {})",
                        f.carrying
                            .iter()
                            .map(|c| s.cards.card(*c).name.clone())
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                }
                (n, card_tip(&f.card))
            })
            .collect();
        let snares: Vec<(String, String)> = s
            .snares
            .iter()
            .map(|c| (s.cards.card(*c).name.clone(), card_tip(c)))
            .collect();
        let b = s.bonus;
        let bonuses: Vec<(String, String)> = [
            (b.next_duel, "to rolls in the next duel"),
            (b.next_test, "to the next test"),
            (b.next_heal, "to the next heal"),
        ]
        .into_iter()
        .filter(|(n, _)| *n != 0)
        .map(|(n, what)| {
            (
                format!("{n:+} {what}"),
                "A one-off bonus from a card, used up when its occasion comes.".to_string(),
            )
        })
        .collect();
        let mut out = Vec::new();
        let mut y = sl.lists.y;
        for (label, names, always) in [
            ("Companions", companions, true),
            ("Snares", snares, true),
            ("Waiting bonuses", bonuses, false),
        ] {
            if names.is_empty() && !always {
                continue;
            }
            if y > r.bottom() - 30.0 {
                break;
            }
            out.push(ListRow::Heading(
                label.to_string(),
                Rect::new(x, y, w, 20.0),
            ));
            y += 22.0;
            if names.is_empty() {
                out.push(ListRow::Empty(Rect::new(x, y, w, 18.0)));
                y += 22.0;
            }
            for (n, tip) in names {
                if y > r.bottom() - 20.0 {
                    break;
                }
                out.push(ListRow::Entry(n, tip, Rect::new(x, y - 2.0, w, 19.0)));
                y += 19.0;
            }
            y += 8.0;
        }
        out
    }

    fn draw_end(&self, l: &Layout, fonts: &Fonts, size: Vec2) {
        let s = &self.run.state;
        let w = (size.x * 0.46).clamp(420.0, 640.0);
        let h = 300.0;
        let r = Rect::new(
            l.stage.center().x - w / 2.0,
            (l.stage.center().y - h / 2.0).max(20.0),
            w,
            h,
        );
        let won = matches!(s.outcome, Some(Outcome::Won));
        let accent = if won { colour::GOLD } else { colour::ERROR };
        style::card(r, 12.0, 3.0, mix(colour::TILE, accent, 0.08), accent);
        let title = if won {
            "The Guardian has fallen"
        } else {
            "The run is lost"
        };
        style::text_centred(title, r.center().x, r.y + 48.0, &fonts.serif, 36, accent);
        let detail = match &s.outcome {
            Some(Outcome::Lost { detail, cause }) => {
                let why = match cause {
                    crate::core::Cause::Health => "Health ran out",
                    crate::core::Cause::Dread => "Dread passed 4",
                    crate::core::Cause::Guardian => "a requirement or seal of the Guardian",
                    crate::core::Cause::Abandoned => "abandoned",
                    crate::core::Cause::Stranded => "no way on from here",
                };
                format!("{detail} (cause: {why})")
            }
            Some(Outcome::Won) => {
                "You crossed every Domain you chose and stood before the Guardian.".into()
            }
            None => String::new(),
        };
        let mut y = r.y + 70.0;
        y += cardface::text_block(
            &detail,
            Rect::new(r.x + 24.0, y, r.w - 48.0, 60.0),
            &fonts.serif,
            19,
            14,
            colour::PARCHMENT,
        ) + 10.0;
        let names: Vec<String> = s
            .cleared
            .iter()
            .map(|d| s.cards.domain(*d).name.clone())
            .collect();
        let lines = [
            format!("Domains cleared: {}", s.cleared.len()),
            if names.is_empty() {
                String::new()
            } else {
                names.join(" → ")
            },
            format!(
                "Cards flipped: {} · Duel exchanges: {} · Health at the end: {}",
                s.flips, s.exchanges, s.health
            ),
            if self.seals.is_empty() {
                String::new()
            } else {
                let seals: Vec<String> = self
                    .seals
                    .iter()
                    .map(|c| format!("{} {}", c.name, if c.met { "met" } else { "unmet" }))
                    .collect();
                format!("At the Guardian: {}", seals.join(" · "))
            },
        ];
        for line in lines.iter().filter(|l| !l.is_empty()) {
            y += cardface::text_block(
                line,
                Rect::new(r.x + 24.0, y, r.w - 48.0, 44.0),
                &fonts.serif,
                17,
                12,
                colour::PARCHMENT,
            ) + 4.0;
        }
        style::text_centred(
            "Press Enter to return to the title.",
            r.center().x,
            r.bottom() - 16.0,
            &fonts.italic,
            16,
            fade(colour::PARCHMENT, 0.7),
        );
    }

    /// What each hoverable region explains.
    fn tips(&self, l: &Layout) -> Vec<(Rect, String)> {
        let s = &self.run.state;
        let sl = StatusLayout::new(l.status);
        let mut out = vec![
            (sl.health, format!("Health {} of {}. At 0 the run is lost.", s.health, s.max_health)),
            (sl.marker, "The Resolve/Dread marker: gaining Resolve moves it right (at most Resolve 4), Dread moves it left; Dread past 4 loses the run. Spending Resolve needs Resolve 1 or more.".to_string()),
            (sl.grace, "Grace (0 to 3): spend 1 to reroll any die just rolled, yours or the foe's. Gained at a Rest.".to_string()),
        ];
        for (held, rects) in [(&s.items, sl.items), (&s.equipment, sl.equipment)] {
            for (i, rr) in rects.iter().enumerate() {
                let text = match held.get(i) {
                    Some(c) => {
                        let sc = s.cards.card(*c);
                        format!("{}: {}", sc.name, sc.text)
                    }
                    None => "An empty slot. You hold at most two Items and two Equipment.".into(),
                };
                out.push((*rr, text));
            }
        }
        if matches!(s.phase, Phase::Explore | Phase::Route) {
            for (i, r) in l.slots().iter().enumerate() {
                let text = match Observation::of(s).slot(i) {
                    Slot::Empty => "An empty slot: the deck is spent.".to_string(),
                    Slot::Hidden => format!("Face down. Click or press {} to flip it.", i + 1),
                    Slot::Known(c) => {
                        let sc = s.cards.card(c);
                        format!("{} (known): {}", sc.name, sc.text)
                    }
                };
                out.push((*r, text));
            }
        }
        for row in self.status_lists(l.status) {
            if let ListRow::Entry(_, tip, r) = row {
                out.push((r, tip));
            }
        }
        let (atk_def, _) = (
            Rect::new(l.status.x, l.status.y + 34.0, l.status.w, 22.0),
            (),
        );
        let m = mods(s);
        out.push((
            atk_def,
            format!(
                "ATK {} is added to your Hits and Criticals; DEF {} is taken from the damage you receive.",
                m.atk, m.def
            ),
        ));
        let ml = map::layout(&self.map, map_area(l));
        for (i, r) in ml.tiles.iter().enumerate() {
            let d = &s.cards.domains[i];
            out.push((*r, format!("{}: {}", d.name, d.theme)));
        }
        out
    }

    fn draw_tooltip(&self, l: &Layout, fonts: &Fonts, size: Vec2) {
        for b in self.buttons(l, fonts) {
            if let Some(why) = &b.disabled
                && b.rect.contains(self.mouse)
            {
                tooltip(why, self.mouse, fonts, size);
                return;
            }
        }
        if let Some((_, c, _)) = self
            .controls(l, fonts)
            .into_iter()
            .find(|(r, _, _)| r.contains(self.mouse))
        {
            let text = match c {
                Control::Peek => {
                    "For the Guide's eyes: the face-down row, the next cards of the deck, the notes to read aloud and the foe's die. Hold Tab, or click and then press Enter; the traveller looks away first."
                }
                Control::Dice(Role::Traveller) if self.run.state.guide => {
                    "Real dice for the traveller (D): each of the traveller's rolls then asks for the number rolled, 1 to 6."
                }
                Control::Dice(Role::Traveller) => {
                    "Real dice (D): each roll then asks for the number rolled, 1 to 6."
                }
                Control::Dice(Role::Guide) => {
                    "Real dice for the Guide (F): each roll of the foe's die then asks the Guide for the number rolled, 1 to 6."
                }
            };
            tooltip(text, self.mouse, fonts, size);
            return;
        }
        if let Some((_, text)) = self
            .tips(l)
            .into_iter()
            .find(|(r, _)| r.contains(self.mouse))
        {
            tooltip(&text, self.mouse, fonts, size);
        }
    }
}

/// A row of the status area's lists.
enum ListRow {
    Heading(String, Rect),
    Empty(Rect),
    /// A name, the text its hover shows, its place.
    Entry(String, String, Rect),
}

/// The status area's trackers.
struct StatusLayout {
    health: Rect,
    marker: Rect,
    grace: Rect,
    items: [Rect; 2],
    equipment: [Rect; 2],
    lists: Rect,
}

impl StatusLayout {
    fn new(r: Rect) -> StatusLayout {
        let x = r.x + 14.0;
        let w = r.w - 28.0;
        let health = Rect::new(x, r.y + 84.0, w, 14.0);
        let marker = Rect::new(x, health.bottom() + 36.0, w, 20.0);
        let grace = Rect::new(x, marker.bottom() + 26.0, w, 22.0);
        let slot_h = 30.0;
        let iy = grace.bottom() + 34.0;
        let items = [
            Rect::new(x, iy, w, slot_h),
            Rect::new(x, iy + slot_h + 6.0, w, slot_h),
        ];
        let ey = items[1].bottom() + 32.0;
        let equipment = [
            Rect::new(x, ey, w, slot_h),
            Rect::new(x, ey + slot_h + 6.0, w, slot_h),
        ];
        let ly = equipment[1].bottom() + 12.0;
        StatusLayout {
            health,
            marker,
            grace,
            items,
            equipment,
            lists: Rect::new(x, ly, w, r.bottom() - ly),
        }
    }
}

/// The map's drawing area inside its panel (room for the heading and the legend).
fn map_area(l: &Layout) -> Rect {
    Rect::new(
        l.map.x + 8.0,
        l.map.y + 30.0,
        l.map.w - 16.0,
        l.map.h - 56.0,
    )
}

/// A die face: pips for `value`, blank if none, random faces while tumbling.
fn draw_die(r: Rect, value: Option<u8>, tumbling: bool, t: f32, col: Color, fonts: &Fonts) {
    let shown = if tumbling {
        Some(((t * 23.0) as u32 % 6) as u8 + 1)
    } else {
        value
    };
    let wobble = if tumbling {
        (t * 40.0).sin() * 4.0
    } else {
        0.0
    };
    let r = Rect::new(r.x, r.y + wobble, r.w, r.h);
    style::card(r, 8.0, 2.0, mix(colour::TILE, col, 0.12), col);
    let Some(v) = shown else {
        style::text_centred(
            "?",
            r.center().x,
            r.center().y + 8.0,
            &fonts.serif,
            24,
            fade(col, 0.6),
        );
        return;
    };
    let c = r.center();
    let o = r.w * 0.26;
    let pips: &[(f32, f32)] = match v {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    for (dx, dy) in pips {
        draw_circle(c.x + dx * o, c.y + dy * o, r.w * 0.08, col);
    }
}

/// The traveller's combat table with row `lit` highlighted.
fn draw_combat_table(r: Rect, lit: Option<usize>, fonts: &Fonts) {
    style::text(
        "Your die",
        r.x,
        r.y + 14.0,
        &fonts.italic,
        15,
        fade(colour::PARCHMENT, 0.7),
    );
    let lh = ((r.h - 22.0) / 5.0).min(26.0);
    let size = if lh >= 20.0 {
        15
    } else if lh >= 15.0 {
        13
    } else {
        12
    };
    for (i, (faces, name, what)) in words::COMBAT_TABLE.iter().enumerate() {
        let y = r.y + 20.0 + i as f32 * lh;
        if lit == Some(i) {
            style::rounded_rect(
                Rect::new(r.x - 2.0, y, r.w, lh - 1.0),
                3.0,
                fade(colour::GOLD, 0.4),
            );
        }
        table_line(&format!("{faces}  {name}: {what}"), r, y, lh, size, fonts);
    }
}

/// A box of explanation near the pointer.
fn tooltip(text: &str, at: Vec2, fonts: &Fonts, size: Vec2) {
    let w = 320.0f32.min(size.x - 20.0);
    let lines = style::wrap(text, w - 20.0, |x| style::width(x, &fonts.serif, 16));
    let h = lines.len() as f32 * 19.0 + 14.0;
    let x = (at.x + 16.0).min(size.x - w - 8.0).max(8.0);
    let y = if at.y + 20.0 + h > size.y {
        at.y - h - 8.0
    } else {
        at.y + 20.0
    };
    let r = Rect::new(x, y, w, h);
    style::card(r, 6.0, 1.0, Color::new(0.04, 0.05, 0.1, 1.0), colour::GOLD);
    let mut ly = r.y + 22.0;
    for line in lines {
        style::text(&line, r.x + 10.0, ly, &fonts.serif, 16, colour::PARCHMENT);
        ly += 19.0;
    }
}

/// A failed autosave: a small warning over the top of the log panel.
fn draw_save_warning(warning: &str, l: &Layout, fonts: &Fonts) {
    let text = format!("Not saved: {warning}");
    let w = l.log.w - 16.0;
    let lines = style::wrap(&text, w - 16.0, |x| style::width(x, &fonts.serif, 14));
    let lines = &lines[..lines.len().min(3)];
    let h = lines.len() as f32 * 17.0 + 10.0;
    let r = Rect::new(l.log.x + 8.0, l.log.y + 8.0, w, h);
    style::card(
        r,
        5.0,
        1.0,
        Color::new(0.16, 0.06, 0.04, 0.95),
        colour::WARNING,
    );
    for (i, line) in lines.iter().enumerate() {
        style::text(
            line,
            r.x + 8.0,
            r.y + 18.0 + i as f32 * 17.0,
            &fonts.serif,
            14,
            colour::WARNING,
        );
    }
}

fn menu_rects(size: Vec2) -> Vec<Rect> {
    let w = 320.0;
    let x = size.x / 2.0 - w / 2.0;
    let y0 = size.y / 2.0 - 60.0;
    (0..MENU.len())
        .map(|i| Rect::new(x, y0 + i as f32 * 50.0, w, 42.0))
        .collect()
}

fn draw_menu(fonts: &Fonts, size: Vec2, sel: usize) {
    draw_rectangle(0.0, 0.0, size.x, size.y, fade(BLACK, 0.6));
    let rects = menu_rects(size);
    let panel = Rect::new(
        rects[0].x - 30.0,
        rects[0].y - 70.0,
        rects[0].w + 60.0,
        70.0 + 50.0 * MENU.len() as f32 + 20.0,
    );
    style::card(panel, 12.0, 2.0, colour::TILE, colour::GOLD);
    style::text_centred(
        "Paused",
        panel.center().x,
        panel.y + 44.0,
        &fonts.serif,
        30,
        colour::GOLD,
    );
    for (i, (r, label)) in rects.iter().zip(MENU).enumerate() {
        let on = i == sel;
        style::card(
            *r,
            7.0,
            1.5,
            if on {
                mix(colour::TILE, colour::GOLD, 0.3)
            } else {
                colour::TILE
            },
            if on {
                colour::GOLD
            } else {
                fade(colour::GOLD, 0.4)
            },
        );
        style::text_centred(
            &format!("{}  {label}", i + 1),
            r.center().x,
            r.y + 28.0,
            &fonts.serif,
            20,
            colour::PARCHMENT,
        );
    }
}

/// One row of a face or combat table: cut to the row's width, in parchment.
/// A foe's six faces, with `lit` (0-based) highlighted.
fn draw_faces(r: Rect, fonts: &Fonts, faces: &[crate::cards::model::Face], lit: Option<usize>) {
    if faces.is_empty() {
        return;
    }
    style::text(
        "Foe's die",
        r.x,
        r.y + 14.0,
        &fonts.italic,
        15,
        fade(colour::PARCHMENT, 0.7),
    );
    let rows = faces.len() as f32;
    let lh = ((r.h - 22.0) / rows).min(24.0);
    let size = if lh >= 20.0 {
        15
    } else if lh >= 15.0 {
        13
    } else {
        12
    };
    for (i, f) in faces.iter().enumerate() {
        let y = r.y + 20.0 + i as f32 * lh;
        if lit == Some(i) {
            style::rounded_rect(
                Rect::new(r.x - 2.0, y, r.w, lh - 1.0),
                3.0,
                fade(colour::ERROR, 0.35),
            );
        }
        let line = format!("{}  {}: {}", i + 1, f.name, words::face_summary(f));
        table_line(&line, r, y, lh, size, fonts);
    }
}

fn table_line(line: &str, r: Rect, y: f32, lh: f32, size: u16, fonts: &Fonts) {
    let line = style::ellipsize(line, r.w - 6.0, |x| style::width(x, &fonts.serif, size));
    style::text(
        &line,
        r.x + 2.0,
        y + lh * 0.72,
        &fonts.serif,
        size,
        colour::PARCHMENT,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_do_not_overlap_from_small_to_large() {
        for size in [
            vec2(1024.0, 640.0),
            vec2(1280.0, 800.0),
            vec2(1920.0, 1080.0),
        ] {
            let l = Layout::new(size);
            let areas = [l.map, l.log, l.top, l.stage, l.prompt, l.status];
            for (i, a) in areas.iter().enumerate() {
                assert!(
                    a.w > 100.0 && a.h > 100.0,
                    "{size}: area {i} too small: {a:?}"
                );
                assert!(a.x >= 0.0 && a.y >= 0.0 && a.right() <= size.x && a.bottom() <= size.y);
                for b in &areas[i + 1..] {
                    assert!(a.intersect(*b).is_none(), "{size}: {a:?} overlaps {b:?}");
                }
            }
            for s in l.slots() {
                assert!(l.stage.contains(s.point()) && s.bottom() <= l.stage.bottom());
            }
            let sl = StatusLayout::new(l.status);
            assert!(sl.equipment[1].bottom() < l.status.bottom());
        }
    }

    #[test]
    fn flips_and_rolls_animate() {
        use crate::core::{execute, new_run};
        let cards = shipped();
        let (mut s, _) = new_run(cards, 3, Vec::new());
        let ev = execute(&mut s, &Action::Flip { slot: 1 }).unwrap();
        assert!(matches!(
            animations(&ev).first(),
            Some(&Anim::Flip { slot: 1, .. })
        ));
    }

    fn key(t: &mut TableScreen, f: impl FnOnce(&mut Input), now: f32) -> Option<Next> {
        let mut input = Input {
            size: vec2(1280.0, 800.0),
            ..Default::default()
        };
        f(&mut input);
        t.step(&input, now)
    }

    /// A seed and actions that bring a run to `wanted` (see `sim::scene`).
    fn scene(
        cards: &Arc<CardSet>,
        wanted: impl Fn(&crate::core::state::State) -> bool,
    ) -> (u64, Vec<usize>) {
        let found = crate::sim::scene::find(cards, 3000, wanted).expect("a seed reaches the scene");
        (found.seed, found.actions)
    }

    #[test]
    fn keys_play_the_run_and_wait_for_animations() {
        let cards = shipped();
        // A seed whose first card is a foe, so that flipping it starts a duel.
        let seed = (0..500u64)
            .find(|&seed| {
                let (mut s, _) = crate::core::new_run(cards.clone(), seed, Vec::new());
                crate::core::execute(&mut s, &Action::Flip { slot: 0 }).is_ok()
                    && matches!(s.phase, Phase::Duel(_))
            })
            .expect("a seed whose first card is a foe");
        let mut t = TableScreen::new(cards, seed, &[], None).unwrap();
        assert_eq!(t.run.state.phase, Phase::Explore);
        // 1 flips the first slot (a foe, so a duel begins).
        key(&mut t, |i| i.digit = Some(1), 0.0);
        assert_eq!(t.run.state.flips, 1);
        assert!(!t.anims.is_empty(), "the flip animates");
        // While the card turns over, Enter does nothing.
        let before = t.run.state.exchanges;
        key(&mut t, |i| i.activate = true, 0.1);
        assert_eq!(t.run.state.exchanges, before);
        assert!(matches!(t.run.state.phase, Phase::Duel(_)));
        // After it, Enter rolls.
        key(&mut t, |_| {}, 1.0);
        assert!(t.anims.is_empty());
        key(&mut t, |i| i.activate = true, 1.1);
        assert!(
            matches!(&t.run.state.phase, Phase::Duel(d) if d.rolled.is_some())
                || t.run.state.exchanges > before,
            "Enter rolled the dice"
        );
        // Esc opens the menu; 3 abandons the run; Enter on the end screen goes back.
        key(&mut t, |_| {}, 5.0);
        key(&mut t, |i| i.back = true, 5.1);
        assert_eq!(t.menu, Some(0));
        key(&mut t, |i| i.digit = Some(3), 5.2);
        assert_eq!(t.run.state.phase, Phase::Over);
        assert_eq!(key(&mut t, |i| i.activate = true, 5.3), Some(Next::Title));
    }

    fn shipped() -> Arc<CardSet> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        Arc::new(crate::cards::load::load_dir(&dir).unwrap().0)
    }

    /// A table at the first duel's roll prompt, with a Guide or alone, and `dice` switched
    /// to table dice ("traveller", "guide", "both").
    fn at_a_duel(guide: bool, dice: Option<&str>) -> TableScreen {
        let cards = shipped();
        let found = crate::sim::scene::find_in(&cards, 3000, guide, |s| {
            s.duel()
                .is_some_and(|d| d.rolled.is_none() && d.awaiting_foe.is_none() && !d.status.skip)
        })
        .expect("a seed reaches a duel");
        let (seed, actions) = (found.seed, found.actions);
        let start = Start {
            seed,
            actions,
            guide,
            table_dice: dice.map(str::to_string),
            ..Start::default()
        };
        let t = TableScreen::start(cards, &start, None).unwrap();
        assert!(matches!(&t.run.state.phase, Phase::Duel(d) if d.rolled.is_none()));
        t
    }

    /// The foe's die of the exchange just rolled: waiting for rerolls, or already resolved
    /// (with no reroll to offer, an exchange resolves at once).
    fn foe_die(t: &TableScreen) -> Option<u8> {
        match &t.run.state.phase {
            Phase::Duel(d) if d.rolled.is_some() => d.rolled.map(|r| r.foe),
            _ => t.last_exchange.map(|x| x.foe_roll),
        }
    }

    #[test]
    fn with_a_guide_enter_rolls_the_travellers_die_and_only_g_rolls_the_foes() {
        let mut t = at_a_duel(true, None);
        assert_eq!(t.run.state.role(), Role::Traveller);
        key(&mut t, |i| i.activate = true, 0.0);
        let Phase::Duel(d) = &t.run.state.phase else {
            panic!("still a duel")
        };
        assert!(d.awaiting_foe.is_some() && d.rolled.is_none());
        assert_eq!(t.run.state.role(), Role::Guide);
        let roll_foe = t
            .choices()
            .into_iter()
            .find(|b| b.action == Some(Action::RollFoe));
        assert_eq!(roll_foe.and_then(|b| b.key), Some("G".to_string()));
        // Enter is the traveller's key: it does not roll for the foe.
        key(&mut t, |_| {}, 5.0);
        key(&mut t, |i| i.activate = true, 5.1);
        assert!(matches!(&t.run.state.phase, Phase::Duel(d) if d.awaiting_foe.is_some()));
        key(&mut t, |i| i.typed = Some('g'), 5.2);
        assert!(foe_die(&t).is_some(), "G rolled the foe's die");
        assert_eq!(t.run.state.role(), Role::Traveller);
    }

    #[test]
    fn tab_held_opens_the_guides_view_behind_a_cover_and_blocks_the_table() {
        let mut t = at_a_duel(true, None);
        let held = |i: &mut Input| i.tab_held = true;
        key(&mut t, held, 10.0);
        assert!(matches!(t.peek, guide::Peek::Cover { held: true, .. }));
        // Still covered a moment later; Enter meanwhile does nothing to the run.
        key(
            &mut t,
            |i| {
                i.tab_held = true;
                i.activate = true
            },
            10.2,
        );
        assert!(matches!(t.peek, guide::Peek::Cover { .. }));
        assert!(matches!(&t.run.state.phase, Phase::Duel(d) if d.awaiting_foe.is_none()));
        key(&mut t, held, 10.0 + guide::COVER_TIME + 0.05);
        assert_eq!(t.peek, guide::Peek::Open { held: true });
        // Letting go hides it at once.
        key(&mut t, |_| {}, 12.0);
        assert_eq!(t.peek, guide::Peek::Closed);
        // Let go during the cover: it never opens.
        key(&mut t, held, 13.0);
        key(&mut t, |_| {}, 13.1);
        key(&mut t, |_| {}, 15.0);
        assert_eq!(t.peek, guide::Peek::Closed);
        // The button: cover, Enter opens, Esc closes (and does not open the menu).
        t.control(Control::Peek);
        key(&mut t, |i| i.activate = true, 16.0);
        assert_eq!(t.peek, guide::Peek::Open { held: false });
        key(&mut t, |i| i.back = true, 16.1);
        assert_eq!(t.peek, guide::Peek::Closed);
        assert_eq!(t.menu, None);
    }

    #[test]
    fn alone_there_is_no_guides_view() {
        let mut t = at_a_duel(false, None);
        key(&mut t, |i| i.tab_held = true, 0.0);
        key(&mut t, |i| i.tab_held = true, 5.0);
        assert_eq!(t.peek, guide::Peek::Closed);
        t.control(Control::Peek);
        assert_eq!(t.peek, guide::Peek::Closed);
        // Enter rolls both dice at once; nothing waits for a Guide.
        key(&mut t, |i| i.activate = true, 6.0);
        assert!(foe_die(&t).is_some());
        assert_eq!(t.run.state.role(), Role::Traveller);
    }

    #[test]
    fn table_dice_refuse_anything_but_1_to_6_and_force_what_is_typed() {
        let mut t = at_a_duel(false, None);
        // D switches the dice to table dice.
        key(&mut t, |i| i.typed = Some('d'), 0.0);
        assert!(t.table_dice[0]);
        let taken = t.run.actions.len();
        key(&mut t, |i| i.activate = true, 0.1);
        assert!(t.entry.is_some(), "rolling asks for the dice");
        assert_eq!(t.run.actions.len(), taken, "nothing is rolled yet");
        // 9, 0 and a letter are refused with a message; nothing changes.
        for c in ['9', '0', 'x'] {
            key(&mut t, |i| i.typed = Some(c), 0.2);
            let e = t.entry.as_ref().expect("still asking");
            assert!(e.values.is_empty());
            assert!(
                e.refused.as_deref().is_some_and(|m| m.contains("1 to 6")),
                "{c}"
            );
            assert_eq!(t.run.actions.len(), taken);
        }
        // Alone, an exchange needs two dice: the traveller's, then the foe's.
        key(&mut t, |i| i.typed = Some('3'), 0.3);
        assert_eq!(t.entry.as_ref().map(|e| e.values.clone()), Some(vec![3]));
        assert_eq!(t.run.actions.len(), taken);
        key(&mut t, |i| i.typed = Some('5'), 0.4);
        assert!(t.entry.is_none());
        assert_eq!(t.run.actions.len(), taken + 1);
        assert_eq!(foe_die(&t), Some(5));
        let forced: Vec<u8> = t.run.forced.iter().map(|f| f.value).collect();
        assert_eq!(forced, vec![3, 5], "typed dice are saved with the run");
    }

    #[test]
    fn esc_cancels_a_dice_entry_and_nothing_happens() {
        let mut t = at_a_duel(false, Some("traveller"));
        let taken = t.run.actions.len();
        key(&mut t, |i| i.activate = true, 0.0);
        key(&mut t, |i| i.typed = Some('4'), 0.1);
        key(&mut t, |i| i.back = true, 0.2);
        assert!(t.entry.is_none());
        assert_eq!(t.menu, None);
        assert_eq!(t.run.actions.len(), taken);
        assert!(t.run.forced.is_empty());
        assert!(matches!(&t.run.state.phase, Phase::Duel(d) if d.rolled.is_none()));
    }

    #[test]
    fn with_a_guide_each_player_types_only_their_own_dice() {
        // The Guide's dice are physical, the traveller's on screen.
        let mut t = at_a_duel(true, Some("guide"));
        key(&mut t, |i| i.activate = true, 0.0);
        assert!(t.entry.is_none(), "the traveller's die is rolled on screen");
        assert!(matches!(&t.run.state.phase, Phase::Duel(d) if d.awaiting_foe.is_some()));
        key(&mut t, |_| {}, 5.0);
        key(&mut t, |i| i.typed = Some('g'), 5.1);
        let e = t
            .entry
            .as_ref()
            .expect("the Guide is asked for the foe's die");
        assert_eq!(e.owner, Role::Guide);
        key(&mut t, |i| i.typed = Some('7'), 5.2);
        assert!(t.entry.as_ref().is_some_and(|e| e.refused.is_some()));
        key(&mut t, |i| i.digit = Some(2), 5.3);
        assert!(t.entry.is_none());
        assert_eq!(foe_die(&t), Some(2));
        // F switches the Guide's dice back to the screen.
        key(&mut t, |i| i.typed = Some('f'), 6.0);
        assert!(!t.table_dice[1]);
    }

    #[test]
    fn a_terror_option_that_cannot_be_paid_is_shown_disabled() {
        let cards = shipped();
        let (seed, actions) = scene(&cards, |s| match s.phase {
            Phase::Terror { card } => {
                let offered = crate::core::legal_actions(s)
                    .iter()
                    .filter(|a| matches!(a, Action::Choose { .. }))
                    .count();
                offered > 0 && offered < s.cards.card(card).options.len()
            }
            _ => false,
        });
        let mut t = TableScreen::new(cards, seed, &actions, None).unwrap();
        assert!(matches!(t.run.state.phase, Phase::Terror { .. }));
        let c = t.choices();
        let bad = c.iter().find(|b| b.disabled.is_some()).unwrap().clone();
        let good = c
            .iter()
            .find(|b| matches!(b.action, Some(Action::Choose { .. })))
            .unwrap()
            .clone();
        assert!(bad.action.is_none());
        assert!(!bad.disabled.as_ref().unwrap().is_empty());
        // Its key does nothing; an offered option's key chooses it.
        let digit = |b: &Button| b.key.as_deref().and_then(|k| k.parse::<u8>().ok());
        key(&mut t, |i| i.digit = digit(&bad), 0.0);
        assert!(matches!(t.run.state.phase, Phase::Terror { .. }));
        key(&mut t, |i| i.digit = digit(&good), 0.1);
        assert!(!matches!(t.run.state.phase, Phase::Terror { .. }));
    }
    #[test]
    fn random_keys_never_break_the_table() {
        let cards = shipped();
        // Alone and with a Guide; with a Guide, also G, D and F, typed dice and the
        // Guide's view (Tab held for a while, and let go).
        let (mut opened, mut asked) = (0, 0);
        for seed in 0..12u64 {
            let guide = seed >= 8;
            // A small xorshift: the keys only need to be varied, not good.
            let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            let start = Start {
                seed,
                guide,
                ..Start::default()
            };
            let mut t = TableScreen::start(cards.clone(), &start, None).unwrap();
            let mut now = 0.0;
            let mut tab = 0u32;
            for _ in 0..3000 {
                now += 1.0 / 60.0;
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let roll = (x % if guide { 20 } else { 12 }) as u8;
                if guide && (x >> 24) % 300 == 0 {
                    tab = 90;
                }
                tab = tab.saturating_sub(1);
                let next = key(
                    &mut t,
                    |i| {
                        i.tab_held = tab > 0;
                        match roll {
                            0..=8 => i.digit = Some(roll + 1),
                            9 | 10 => i.activate = true,
                            12..=14 => i.typed = Some('g'),
                            15 => i.typed = Some('d'),
                            16 => i.typed = Some('f'),
                            17 => i.typed = Some('x'),
                            _ => {}
                        }
                    },
                    now,
                );
                assert_ne!(next, Some(Next::Quit), "no key but Esc then 4 quits");
                opened += usize::from(matches!(t.peek, guide::Peek::Open { .. }));
                asked += usize::from(t.entry.is_some());
                let _ = t.choices();
                let _ = t.tips(&Layout::new(vec2(1280.0, 800.0)));
                if t.run.state.phase == Phase::Over {
                    break;
                }
            }
            assert!(
                t.run.state.flips >= 3,
                "seed {seed}: the keys played on ({:?}, {:?}, {:?}, {:?})",
                t.run.state.phase,
                t.peek,
                t.entry,
                t.menu
            );
        }
        assert!(opened > 0, "the Guide's view never opened");
        assert!(asked > 0, "no table dice were ever asked for");
    }

    #[test]
    fn the_table_autosaves_records_once_and_saves_and_quits() {
        let cards = shipped();
        let saves =
            std::env::temp_dir().join(format!("forward-table-saves-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&saves);
        let mut t = TableScreen::new(cards.clone(), 4, &[], Some(&saves)).unwrap();
        let path = t.save_path.clone().unwrap();
        assert!(path.is_file(), "a new run is saved at once");
        key(&mut t, |i| i.digit = Some(1), 0.0);
        assert_eq!(crate::save::load(&path).unwrap().actions.len(), 1);
        // Save & Quit: back to the title, the save up to date.
        key(&mut t, |i| i.back = true, 5.0);
        assert_eq!(key(&mut t, |i| i.digit = Some(2), 5.1), Some(Next::Title));
        // Resumed, abandoned: recorded once in the history.
        let mut t = TableScreen::resume(crate::save::load(&path).unwrap(), Some(path.clone()));
        assert_eq!(t.run.actions.len(), 1);
        key(&mut t, |i| i.back = true, 10.0);
        key(&mut t, |i| i.digit = Some(3), 10.1);
        assert_eq!(t.run.state.phase, Phase::Over);
        t.autosave();
        let h = crate::history::read(&saves.join(crate::history::FILE_NAME)).unwrap();
        assert_eq!(h.records.len(), 1);
        assert!(crate::save::load(&path).unwrap().state.outcome.is_some());
        let _ = std::fs::remove_dir_all(&saves);
    }

    #[test]
    fn a_failed_autosave_warns_and_the_game_goes_on() {
        let cards = shipped();
        // A file where the saves directory should be: nothing can be written.
        let blocker =
            std::env::temp_dir().join(format!("forward-table-blocker-{}", std::process::id()));
        std::fs::write(&blocker, b"not a directory").unwrap();
        let mut t = TableScreen::new(cards, 4, &[], Some(&blocker.join("saves"))).unwrap();
        assert!(t.save_warning.is_some());
        key(&mut t, |i| i.digit = Some(1), 0.0);
        assert_eq!(t.run.state.flips, 1, "the game went on");
        assert!(t.save_warning.is_some());
        // Save & Quit does not leave (the run would be lost): the warning stays.
        key(&mut t, |i| i.back = true, 5.0);
        assert_eq!(key(&mut t, |i| i.digit = Some(2), 5.1), Some(Next::Stay));
        let _ = std::fs::remove_file(&blocker);
    }

    #[test]
    fn out_of_range_actions_are_refused() {
        let cards = shipped();
        assert!(TableScreen::new(cards.clone(), 1, &[99], None).is_err());
        assert!(TableScreen::new(cards, 1, &[0], None).is_ok());
    }
}
