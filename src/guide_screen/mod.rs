//! The Guide's screen: the Guide's view served as a small web page to a phone, tablet or
//! second computer, with the Guide's buttons (roll the foe's die, type a physical die, make
//! a Guide's choice, continue a card the table holds up to be read). Off by default;
//! `--guide-screen ADDR`, the title's switch or the Esc menu turns it on.
//!
//! The server runs on threads of its own (`http/`) and never touches the session: the host
//! (the headless loop, or the window each frame) [`GuideScreen::publish`]es a snapshot
//! after every change and [`GuideScreen::poll`]s the page's queued actions, applying them
//! itself with [`apply`]. Every request needs the random join code (403 otherwise, with an
//! empty body; 410 for a code the table retired) and, past the page itself, the Guide's
//! seat, held by one device (`seat.rs`): the window gives it only to a device the Guide
//! accepts in the Guide's view ([`Pairing::Accept`]), the headless game to the first to ask
//! ([`Pairing::First`]). Only the Guide's actions offered in the last snapshot are queued,
//! and the host checks them again when it applies them. `/state` carries its version as an
//! ETag and answers 304 when the page has it already; the journal comes as the entries the
//! page lacks. The page is compiled into the binary and nothing on disk is served.

mod http;
mod seat;
mod server;
mod snapshot;

use seat::{Asking, Seat};
pub use seat::{Device, LinkState, Pairing};
pub use snapshot::{FEED_LINES, FoeNow, Offered, Shown, Slot, Snapshot, Term, Traveller};
use snapshot::{cue, takes_dice};

use crate::core::state::{Role, State};
use crate::core::{Action, Event, dice_rolled};
use crate::present::journal::{NoteEntry, card_entry};
use crate::present::words::guide_label;
use crate::session::{LinkKeep, SeatKeep, Session};
use serde::{Deserialize, Serialize};
pub use server::SEAT_TAKEN;
use server::{Ctx, handler, join_code, listener};
use std::collections::BTreeSet;
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the page is told when its run ends.
pub const RUN_ENDED: &str =
    "The run has ended. This Guide's screen takes no more actions; a new run gets a new code.";
/// What a page whose table is gone for good is told: its code was retired (R at the table),
/// or the table moved on to another run.
pub const TABLE_CLOSED: &str = "The table closed: scan the new code.";
/// What the page is told while its run is saved and the table is at its title (Save &
/// Quit): the same address, code and seat serve it again when the run is continued.
pub const AWAY: &str = "The run is saved and the table is at its title. This page picks up by itself when the run is continued.";
/// What the page is told when it would roll the Guide's die on screen while the Guide's
/// table dice are on.
pub const TABLE_DICE: &str = "The Guide's dice are on the table: type the die you rolled (1 to 6).";
/// The largest request body read (an action and its dice fit in far less).
pub const MAX_BODY: usize = 2048;
/// The most actions queued before the host takes them; more are refused (429).
pub const MAX_QUEUED: usize = 16;
/// The most retired codes remembered (each told "the table closed").
const MAX_RETIRED: usize = 8;

/// Why the Guide's screen could not start.
#[derive(Debug, thiserror::Error)]
pub enum ScreenError {
    #[error("the Guide's screen cannot listen on {addr}: {reason}")]
    Listen { addr: String, reason: String },
}

/// An action sent from the page: a Guide's action as offered, and any physical dice.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct PageAction {
    pub action: Action,
    #[serde(default)]
    pub dice: Vec<u8>,
}

/// What the page asks of the host.
#[derive(Debug, Clone, PartialEq)]
pub enum PageMsg {
    /// A Guide's action as offered (the host checks it again).
    Act(PageAction),
    /// Let the card the table holds up to be read go on (only while one is held).
    Continue,
    /// Show the traveller this card (its id; one the page shows now).
    Show(String),
}

/// What the host's table says of the Guide's action, besides the run itself.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TableSays {
    /// The table waits for the Guide's dice for this very action (a foe's reroll the
    /// traveller chose), so it is the Guide's to roll whoever's turn it is.
    pub awaited: bool,
    /// The Guide's table dice are on: a die-rolling action needs the die rolled.
    pub physical: bool,
}

/// Applies a page action on the host's session: only on the Guide's turn, only an offered
/// Guide's action (never abandon), dice 1 to 6.
pub fn apply(run: &mut Session, pa: &PageAction) -> Result<Vec<Event>, String> {
    check(run, pa, TableSays::default())?;
    run.act_typed(&pa.action, &pa.dice)
        .map_err(|e| e.to_string())
}

/// Whether the page may take `pa` now (the checks of [`apply`]), in words for the page.
/// A host that plays the action itself forces the typed dice before it copies the state
/// for its stage, so that the stage's copy replays them too.
pub fn check(run: &Session, pa: &PageAction, table: TableSays) -> Result<(), String> {
    if !run.state.guide || (run.state.role() != Role::Guide && !table.awaited) {
        return Err("it is not the Guide's turn".into());
    }
    if matches!(pa.action, Action::Abandon) {
        return Err("the Guide's screen cannot abandon the run".into());
    }
    if let Some(bad) = pa.dice.iter().find(|d| !(1..=6).contains(*d)) {
        return Err(format!("a die value must be 1 to 6; got {bad}"));
    }
    if !pa.dice.is_empty() && !takes_dice(&pa.action) {
        return Err("only the foe's dice can be typed here".into());
    }
    if table.physical && pa.dice.is_empty() && takes_dice(&pa.action) {
        return Err(TABLE_DICE.into());
    }
    if let Some(why) = crate::core::why_not(&run.state, &pa.action) {
        return Err(why.to_string());
    }
    if !pa.dice.is_empty() {
        let rolls = dice_rolled(&run.state, &pa.action, &pa.dice);
        if rolls != Some(pa.dice.len()) {
            let rolls = dice_rolled(&run.state, &pa.action, &[]).unwrap_or(0);
            return Err(crate::core::Refusal::Count {
                rolls,
                typed: pa.dice.len(),
            }
            .to_string());
        }
    }
    Ok(())
}

/// What wakes the host's window when the page needs it to look: an action queued, a page
/// new or back after a silence, a device asking for the seat or refused it (set by the
/// window, whose loop sleeps until something happens; a host that polls every frame need
/// not). Called from the server's threads.
static WAKER: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

/// Sets the function [`wake_host`] calls (once; later calls are ignored).
pub fn set_waker(wake: fn()) {
    let _ = WAKER.set(wake);
}

/// Wakes the host's window, if it asked to be woken.
fn wake_host() {
    if let Some(wake) = WAKER.get() {
        wake();
    }
}

/// State shared between the host and the server's threads.
struct Shared {
    /// The last snapshot published (its journal apart).
    snap: Option<Snapshot>,
    /// The notes journal, oldest first.
    journal: Vec<NoteEntry>,
    /// The Guide's actions the page may send now, each with the dice it rolls.
    offered: Vec<(Action, usize)>,
    /// The cards the page shows now, which it may show the traveller (their ids).
    showable: Vec<String>,
    /// A card is held up on the host's table (Continue is accepted).
    held: bool,
    /// The run has ended or its table was left for good: no more actions.
    closed: bool,
    /// The run is saved and its table at the title (Save & Quit): no actions until it is
    /// continued.
    away: bool,
    /// The Guide's table dice are on: a die-rolling action needs its dice.
    physical: bool,
    version: u64,
    /// The join code every request must carry.
    code: String,
    /// Codes this screen had before (a page with one is told the table closed it).
    retired: Vec<String>,
    pairing: Pairing,
    /// The device holding the Guide's seat.
    seat: Option<Seat>,
    /// Devices asking for the free seat, oldest first.
    asking: Vec<Asking>,
    /// When the seat's device last asked for the state.
    last_seen: Option<Instant>,
    /// The last device refused the seat, and when.
    refused: Option<(Device, Instant)>,
    /// What `/state` has cost so far.
    traffic: Traffic,
}

/// What the page's polls of `/state` have cost: how many, how many answered 304, and the
/// bytes of the bodies sent.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Traffic {
    pub polls: u64,
    pub unchanged: u64,
    pub bytes: u64,
}

impl Shared {
    /// The body of `/state`: the snapshot, and the journal from entry `from` on.
    fn reply(&self, from: usize) -> String {
        #[derive(Serialize)]
        struct Reply<'a> {
            #[serde(flatten)]
            snap: &'a Snapshot,
            journal_from: usize,
            journal_total: usize,
            journal: &'a [NoteEntry],
        }
        let Some(snap) = &self.snap else {
            return "{}".into();
        };
        let from = from.min(self.journal.len());
        serde_json::to_string(&Reply {
            snap,
            journal_from: from,
            journal_total: self.journal.len(),
            journal: &self.journal[from..],
        })
        .unwrap_or_else(|_| "{}".into())
    }

    /// A change the host made outside a publish (away, closed for good): a new version
    /// with what it changes, so that every page sees it.
    fn amend(&mut self, f: impl FnOnce(&mut Snapshot)) {
        self.version += 1;
        let v = self.version;
        if let Some(snap) = self.snap.as_mut() {
            snap.version = v;
            f(snap);
            snap.cue = cue(snap);
        }
    }
}

/// A page that has not asked for the state for this long has gone (closed, asleep, out of
/// range); the page asks every 0.7 s.
pub const GONE_AFTER: Duration = Duration::from_secs(4);
/// A device refused the seat counts as a page this long after it asked (a refused page
/// asks every 5 s).
pub const REFUSED_FOR: Duration = Duration::from_secs(12);
/// A new connection must send its first byte within this.
pub const FIRST_BYTE: Duration = Duration::from_secs(5);
/// From a request's first byte, its head and body must arrive whole within this (the
/// body deadline): a stalled client is answered 408 and cut off then.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(3);
/// A kept-alive connection with no request begun is closed after this.
pub const IDLE_DEADLINE: Duration = Duration::from_secs(30);
/// A whole answer must be taken within this.
pub const ANSWER_DEADLINE: Duration = Duration::from_secs(5);
/// The largest request head: request line and headers.
pub const MAX_HEAD: usize = 8 * 1024;
/// The most connections served at once.
pub const MAX_CONNECTIONS: usize = 64;
/// The most connections one peer address holds at once.
pub const PER_PEER: usize = 8;
/// The deadlines and sizes every connection is held to.
const LIMITS: http::Limits = http::Limits {
    first_byte: FIRST_BYTE,
    request: REQUEST_DEADLINE,
    idle: IDLE_DEADLINE,
    write: ANSWER_DEADLINE,
    max_head: MAX_HEAD,
    max_body: MAX_BODY,
    max_connections: MAX_CONNECTIONS,
    per_peer: PER_PEER,
    probation: PER_PEER,
};

/// A running Guide's screen. Dropping it stops the server: the port closes.
pub struct GuideScreen {
    /// The address the server listens on (the port is the real one with `:0`).
    pub addr: std::net::SocketAddr,
    shared: Arc<Mutex<Shared>>,
    ctx: Arc<Ctx>,
    server: Option<http::Server>,
    /// Why the server stopped, when the host stopped it or it could not start again.
    stopped: Option<String>,
    actions: Receiver<PageMsg>,
    refused: Option<String>,
    held: Option<NoteEntry>,
    awaiting: Option<Offered>,
    closed: Option<String>,
    /// The cards the Guide has shown the traveller (their ids): known to them now.
    shown: BTreeSet<String>,
    /// A stageless host's record of what happened (the page's feed).
    scene: Option<crate::present::scene::Scene>,
}

impl GuideScreen {
    /// Starts serving on `addr` (`127.0.0.1:0`, `0.0.0.0:8080`, ...) on a new thread, the
    /// seat going to the first device that asks (a host with no Guide's view).
    pub fn start(addr: &str) -> Result<GuideScreen, ScreenError> {
        GuideScreen::start_with(addr, Pairing::First, None)
    }

    /// Starts serving on `addr`, pairing as `pairing` says; with `kept`, the code, the seat
    /// and the retired codes a run kept (Continue after Save & Quit), so that a page that
    /// followed picks up where it was.
    pub fn start_with(
        addr: &str,
        pairing: Pairing,
        kept: Option<&LinkKeep>,
    ) -> Result<GuideScreen, ScreenError> {
        let fail = |reason: String| ScreenError::Listen {
            addr: addr.to_string(),
            reason,
        };
        let socket = listener(addr).map_err(fail)?;
        let bound = socket.local_addr().map_err(|e| fail(e.to_string()))?;
        let shared = Arc::new(Mutex::new(Shared {
            snap: None,
            journal: Vec::new(),
            offered: Vec::new(),
            showable: Vec::new(),
            held: false,
            closed: false,
            away: false,
            physical: false,
            version: 0,
            code: kept.map_or_else(join_code, |k| k.code.clone()),
            retired: kept.map(|k| k.retired.clone()).unwrap_or_default(),
            pairing,
            seat: kept.and_then(|k| k.seat.as_ref()).map(|s| Seat {
                token: s.token.clone(),
                device: Device {
                    kind: s.kind.clone(),
                    id: s.id.clone(),
                },
            }),
            asking: Vec::new(),
            last_seen: None,
            refused: None,
            traffic: Traffic::default(),
        }));
        let (tx, rx) = sync_channel(MAX_QUEUED);
        let ctx = Arc::new(Ctx {
            shared: shared.clone(),
            tx,
        });
        let server = http::Server::start(socket, LIMITS, handler(ctx.clone()))
            .map_err(|e| fail(e.to_string()))?;
        Ok(GuideScreen {
            addr: bound,
            shared,
            ctx,
            server: Some(server),
            stopped: None,
            actions: rx,
            refused: None,
            held: None,
            awaiting: None,
            closed: None,
            shown: BTreeSet::new(),
            scene: None,
        })
    }

    /// The join code every request must carry (`?code=`).
    pub fn code(&self) -> String {
        self.lock().map(|s| s.code.clone()).unwrap_or_default()
    }

    fn lock(&self) -> Option<std::sync::MutexGuard<'_, Shared>> {
        self.shared.lock().ok()
    }

    /// What a run keeps of this screen, to serve again the same way (see
    /// [`GuideScreen::start_with`]).
    pub fn keep(&self) -> LinkKeep {
        let Some(sh) = self.lock() else {
            return LinkKeep::default();
        };
        LinkKeep {
            addr: self.addr.to_string(),
            code: sh.code.clone(),
            seat: sh.seat.as_ref().map(|s| SeatKeep {
                token: s.token.clone(),
                kind: s.device.kind.clone(),
                id: s.device.id.clone(),
            }),
            retired: sh.retired.clone(),
        }
    }

    /// Stops serving (the port closes and open connections are cut); the page says it is
    /// reconnecting until [`GuideScreen::restart`].
    pub fn stop(&mut self, why: &str) {
        if let Some(mut server) = self.server.take() {
            server.stop();
        }
        self.stopped = Some(why.to_string());
    }

    /// Serves again on the same address, with the same code and seat, if stopped (or if
    /// the server's thread died). A page that was following picks up where it was.
    pub fn restart(&mut self) -> Result<(), ScreenError> {
        if self.server.as_ref().is_some_and(http::Server::running) {
            return Ok(());
        }
        let addr = self.addr.to_string();
        let fail = |reason: String| ScreenError::Listen {
            addr: addr.clone(),
            reason,
        };
        self.server = None;
        let started = listener(&addr).and_then(|socket| {
            http::Server::start(socket, LIMITS, handler(self.ctx.clone()))
                .map_err(|e| e.to_string())
        });
        match started {
            Ok(server) => {
                self.server = Some(server);
                self.stopped = None;
                Ok(())
            }
            Err(reason) => {
                self.stopped = Some(format!("cannot listen on {addr}: {reason}"));
                Err(fail(reason))
            }
        }
    }

    /// How the link stands now.
    pub fn state(&self) -> LinkState {
        let running = self.server.as_ref().is_some_and(http::Server::running);
        if !running {
            let why = self.stopped.clone().unwrap_or_else(|| {
                let last = self
                    .server
                    .as_ref()
                    .and_then(|s| s.health.lock().ok()?.last_error.clone());
                match last {
                    Some(e) => format!("the server's listener failed ({e})"),
                    None => "the server's listener ended".into(),
                }
            });
            return LinkState::Stopped { why };
        }
        let Some(mut sh) = self.lock() else {
            return LinkState::Waiting;
        };
        let now = Instant::now();
        let recent = |t: Instant| now.duration_since(t) < GONE_AFTER;
        let refused = sh
            .refused
            .as_ref()
            .filter(|(_, t)| now.duration_since(*t) < REFUSED_FOR)
            .map(|(d, _)| d.clone());
        if let Some(seat) = &sh.seat {
            let device = seat.device.clone();
            return match sh.last_seen {
                Some(t) if recent(t) => LinkState::Followed { device, refused },
                Some(t) => LinkState::Quiet {
                    device,
                    secs: now.duration_since(t).as_secs(),
                    refused,
                },
                // Kept from a saved run and not back yet: quiet since the table came back.
                None => LinkState::Quiet {
                    device,
                    secs: 0,
                    refused,
                },
            };
        }
        sh.asking.retain(|a| recent(a.last));
        if sh.asking.is_empty() {
            LinkState::Waiting
        } else {
            LinkState::Asking {
                devices: sh.asking.iter().map(|a| a.device.clone()).collect(),
            }
        }
    }

    /// What the page's polls have cost so far.
    pub fn traffic(&self) -> Traffic {
        self.lock().map(|s| s.traffic).unwrap_or_default()
    }

    /// Whether a device holds the Guide's seat.
    pub fn seat_claimed(&self) -> bool {
        self.lock().is_some_and(|s| s.seat.is_some())
    }

    /// The device holding the Guide's seat, if any.
    pub fn seat_device(&self) -> Option<Device> {
        self.lock()?.seat.as_ref().map(|s| s.device.clone())
    }

    /// The devices asking for the free seat now, oldest first.
    pub fn asking(&self) -> Vec<Device> {
        let Some(sh) = self.lock() else {
            return Vec::new();
        };
        let now = Instant::now();
        sh.asking
            .iter()
            .filter(|a| now.duration_since(a.last) < GONE_AFTER)
            .map(|a| a.device.clone())
            .collect()
    }

    /// Gives the free seat to the asking device with this short id. Returns the device,
    /// or `None` if no such device asks (or the seat is held).
    pub fn accept(&mut self, id: &str) -> Option<Device> {
        let mut sh = self.lock()?;
        if sh.seat.is_some() {
            return None;
        }
        let i = sh.asking.iter().position(|a| a.device.id == id)?;
        let a = sh.asking.remove(i);
        sh.asking.clear();
        sh.seat = Some(Seat {
            token: a.token,
            device: a.device.clone(),
        });
        sh.last_seen = Some(Instant::now());
        Some(a.device)
    }

    /// Frees the Guide's seat and gives the screen a new code at once: the old code is
    /// refused from its next request (410: "the table closed"), and a device joins only
    /// with the new code. Returns the new code.
    pub fn new_code(&mut self) -> String {
        let Some(mut sh) = self.lock() else {
            return String::new();
        };
        let old = std::mem::replace(&mut sh.code, join_code());
        sh.retired.push(old);
        if sh.retired.len() > MAX_RETIRED {
            sh.retired.remove(0);
        }
        sh.seat = None;
        sh.asking.clear();
        sh.last_seen = None;
        sh.refused = None;
        sh.code.clone()
    }

    /// The join URL (with the machine's address as bound; a phone needs the local network
    /// address, so listen on `0.0.0.0` or the LAN address for that).
    pub fn url(&self) -> String {
        format!("http://{}/?code={}", self.addr, self.code())
    }

    /// The join URL as a QR code in text (two rows of modules per line).
    pub fn qr_text(&self) -> String {
        qrcode::QrCode::new(self.url().as_bytes())
            .map(|q| {
                q.render::<qrcode::render::unicode::Dense1x2>()
                    .quiet_zone(true)
                    .build()
            })
            .unwrap_or_default()
    }

    /// The join URL as a QR code: a square of dark (true) and light modules, for drawing.
    pub fn qr_modules(&self) -> Vec<Vec<bool>> {
        qrcode::QrCode::new(self.url().as_bytes())
            .map(|q| {
                let w = q.width();
                let colors = q.to_colors();
                colors
                    .chunks(w)
                    .map(|r| r.iter().map(|c| *c == qrcode::Color::Dark).collect())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Shows the run now on the page (call after every change); a host with no stage,
    /// whose feed is what it [`GuideScreen::record`]ed.
    pub fn publish(&mut self, run: &Session) {
        let mut shown = Shown::now(run);
        shown.feed = self
            .scene
            .as_ref()
            .map(|s| s.told.clone())
            .unwrap_or_default();
        self.publish_shown(run, &shown);
    }

    /// Shows the run on the page as the host's table shows it.
    pub fn publish_shown(&mut self, run: &Session, shown: &Shown) {
        // The run's end closes the page once the table has shown it.
        if run.state.is_over() && shown.idle && self.closed.is_none() {
            self.closed = Some(RUN_ENDED.to_string());
        }
        let Ok(mut sh) = self.shared.lock() else {
            return;
        };
        sh.version += 1;
        let mut snap = Snapshot::of(run, shown, sh.version, &self.shown);
        snap.refused = self.refused.clone();
        // With nothing held up, the notes stay on the last card met since the Domain
        // began once it has left play (a Caesura, a Snare, a companion joining at once).
        let source = self.held.clone().or_else(|| {
            let c = crate::present::view::card_just_met(shown.state, &run.journal)?;
            Some(card_entry(&run.cards, c, shown.state.flips))
        });
        if let Some(entry) = source {
            snap.notes_from(entry);
        }
        snap.held = self.held.clone();
        snap.awaiting_dice = self.awaiting.clone();
        snap.closed = self.closed.clone();
        snap.table_dice = sh.physical;
        snap.seat = sh.seat.as_ref().map(|s| s.device.clone());
        snap.away = sh.away.then(|| AWAY.to_string());
        if self.closed.is_some() {
            snap.actions.clear();
            snap.awaiting_dice = None;
            snap.prompt.clear();
        }
        // A card held up to be read and dice awaited are the Guide's moments.
        if snap.closed.is_none() && (snap.held.is_some() || snap.awaiting_dice.is_some()) {
            snap.turn = Role::Guide.as_str();
        }
        snap.cue = cue(&snap);
        sh.held = self.held.is_some() && self.closed.is_none();
        sh.closed = self.closed.is_some();
        sh.offered = snap
            .actions
            .iter()
            .chain(snap.awaiting_dice.iter())
            .map(|o| (o.action.clone(), o.dice))
            .collect();
        sh.showable = snap.showable();
        sh.journal = std::mem::take(&mut snap.journal);
        sh.snap = Some(snap);
    }

    /// The Guide's table dice are on (`true`) or off: while on, the page offers no roll on
    /// screen for the Guide's dice, only the faces to type, and the server refuses one.
    /// Shown from the next publish.
    pub fn set_physical(&mut self, on: bool) {
        if let Some(mut sh) = self.lock() {
            sh.physical = on;
        }
    }

    /// The run is saved and its table left for the title (`true`: the page says so and
    /// takes no action; the screen keeps serving), or its table is back (`false`). Shown at
    /// once: no host publishes while away.
    pub fn set_away(&mut self, away: bool) {
        if let Some(mut sh) = self.lock() {
            sh.away = away;
            sh.amend(|snap| {
                snap.away = away.then(|| AWAY.to_string());
                if away {
                    snap.actions.clear();
                    snap.awaiting_dice = None;
                    snap.held = None;
                }
            });
            if away {
                sh.offered.clear();
                sh.held = false;
            }
        }
    }

    /// The table has gone for good (another run started in its place): the page says "the
    /// table closed: scan the new code" and takes no more actions. Shown at once.
    pub fn close_for_good(&mut self) {
        self.closed = Some(TABLE_CLOSED.to_string());
        if let Some(mut sh) = self.lock() {
            sh.closed = true;
            sh.away = false;
            sh.offered.clear();
            sh.amend(|snap| {
                snap.closed = Some(TABLE_CLOSED.to_string());
                snap.away = None;
                snap.actions.clear();
                snap.awaiting_dice = None;
                snap.prompt.clear();
            });
        }
    }

    /// Tells the page the table waits for the Guide's physical dice for `a` (`None`: it
    /// no longer does); shown from the next publish. Returns whether it changed.
    pub fn set_awaiting(&mut self, run: &Session, a: Option<&Action>) -> bool {
        let next = a.map(|a| Offered {
            label: guide_label(&run.state, a),
            die: true,
            dice: dice_rolled(&run.state, a, &[]).unwrap_or(0),
            action: a.clone(),
        });
        let changed = self.awaiting.as_ref().map(|o| &o.action) != next.as_ref().map(|o| &o.action);
        self.awaiting = next;
        changed
    }

    /// Closes the page's run (it ended, or the table was left): the page shows why and
    /// takes no more actions, from the next publish.
    pub fn close(&mut self, why: &str) {
        self.closed = Some(why.to_string());
    }

    /// Whether the seat's device is following the run now (it asked for the state within
    /// [`GONE_AFTER`]).
    pub fn connected(&self) -> bool {
        self.lock().is_some_and(|s| {
            s.seat.is_some() && s.last_seen.is_some_and(|t| t.elapsed() < GONE_AFTER)
        })
    }

    /// Tells the page why its last action was refused (`None`: clears it); shown from the
    /// next [`GuideScreen::publish`].
    pub fn set_refused(&mut self, why: Option<String>) {
        self.refused = why;
    }

    /// Tells the page which card the host's table holds up to be read (`None`: none);
    /// shown, with a Continue button, from the next [`GuideScreen::publish`]. Returns
    /// whether it changed (the host then publishes).
    pub fn set_held(&mut self, held: Option<NoteEntry>) -> bool {
        let changed = self.held.as_ref().map(|e| &e.card) != held.as_ref().map(|e| &e.card);
        self.held = held;
        changed
    }

    /// The traveller has been shown this card (its id): the page no longer marks it face
    /// down to them, from the next publish.
    pub fn mark_shown(&mut self, id: &str) {
        self.shown.insert(id.to_string());
    }

    /// What the page asked since the last poll.
    pub fn poll(&mut self) -> Vec<PageMsg> {
        self.actions.try_iter().collect()
    }

    /// Applies every queued page action to the run; returns the events of each accepted
    /// one (the host writes or shows them) and republishes when anything changed.
    pub fn apply_queued(&mut self, run: &mut Session) -> Vec<Vec<Event>> {
        let mut done = Vec::new();
        let queued = self.poll();
        if queued.is_empty() {
            return done;
        }
        for msg in &queued {
            let pa = match msg {
                PageMsg::Act(pa) => pa,
                // A headless host holds nothing up: the server refuses Continue then.
                PageMsg::Continue => continue,
                // A headless host has no table to show it on: its feed says so.
                PageMsg::Show(id) => {
                    if let Some(c) = run.cards.card_by_str(id) {
                        let line = shown_line(&run.cards.card(c).name);
                        if let Some(scene) = &mut self.scene {
                            scene.note(line);
                        }
                        self.mark_shown(id);
                    }
                    continue;
                }
            };
            let before = with_dice(&run.state, &pa.dice);
            match apply(run, pa) {
                Ok(events) => {
                    self.refused = None;
                    self.record(&before, &events);
                    done.push(events);
                }
                Err(e) => self.refused = Some(e),
            }
        }
        self.publish(run);
        done
    }

    /// A host with no stage of its own (the headless loop) records each step here, from
    /// the state `before` it (typed dice forced), so that the page's feed tells what
    /// happened in the table's words.
    pub fn record(&mut self, before: &State, events: &[Event]) {
        let scene = self
            .scene
            .get_or_insert_with(|| crate::present::scene::Scene::new(before.clone()));
        scene.state = before.clone();
        for e in events {
            scene.apply(e);
        }
    }
}

/// The log's line when the Guide shows the traveller a card.
pub fn shown_line(name: &str) -> String {
    format!("The Guide shows the traveller {name}.")
}

/// A copy of `s` with `dice` forced: the state an action with typed dice starts from.
pub fn with_dice(s: &State, dice: &[u8]) -> State {
    let mut before = s.clone();
    for &d in dice {
        before.force_die(d);
    }
    before
}
