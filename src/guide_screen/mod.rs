//! The Guide's screen: the Guide's view served as a small web page to a phone, tablet or
//! second computer, with the Guide's buttons (roll the foe's die, type a physical die, make
//! a Guide's choice, continue a card the table holds up to be read). Off by default;
//! `--guide-screen ADDR`, the title's switch or the Esc menu turns it on.
//!
//! The server runs on its own thread (tiny_http) and never touches the session: the host
//! (the headless loop, or the window each frame) [`GuideScreen::publish`]es a snapshot
//! after every change and [`GuideScreen::poll`]s the page's queued actions, applying them
//! itself with [`apply`]. Every request needs the random join code (403 otherwise, with an
//! empty body); only the Guide's actions offered in the last snapshot are queued, and the
//! host checks them again when it applies them. Bodies are bounded; the page is compiled
//! into the binary and nothing on disk is served.

use crate::core::state::Role;
use crate::core::{Action, Event, legal_actions};
use crate::present::journal::{NoteEntry, card_entry, notes_journal, route_notes};
use crate::present::words::{action_label, face_summary};
use crate::present::{notes_with_source, prompt};
use crate::session::Session;
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};

/// The page, served from the binary.
const PAGE: &str = include_str!("page.html");
/// The largest request body read (an action and its dice fit in far less).
pub const MAX_BODY: usize = 2048;
/// The most actions queued before the host takes them; more are refused (429).
pub const MAX_QUEUED: usize = 16;

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
}

/// One of the Guide's actions as the page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct Offered {
    pub action: Action,
    pub label: String,
    /// The action takes a physical die (`roll_foe`).
    pub die: bool,
}

/// A card of the row or the deck, for the page.
#[derive(Debug, Clone, Serialize)]
pub struct Slot {
    /// Face down to the traveller.
    pub hidden: bool,
    pub entry: NoteEntry,
}

/// What the page shows: the Guide's view of the run now.
#[derive(Debug, Clone, Serialize)]
pub struct Snapshot {
    /// Grows with every publish; the page redraws when it changes.
    pub version: u64,
    /// `traveller` or `guide`: whose turn it is.
    pub turn: &'static str,
    pub prompt: String,
    pub health: i32,
    pub max_health: i32,
    pub domain: String,
    /// The Guide's offered actions (empty on the traveller's turn).
    pub actions: Vec<Offered>,
    /// Whose notes are read now, and their source id.
    pub notes_name: String,
    pub notes_card: String,
    pub notes_entry: Option<NoteEntry>,
    pub row: Vec<Option<Slot>>,
    pub next: Vec<NoteEntry>,
    pub ahead: Vec<NoteEntry>,
    /// The foe's faces (die face ranges and what they do), in a duel.
    pub faces: Vec<String>,
    pub journal: Vec<NoteEntry>,
    /// The card the host's table holds up to be read now (the page offers Continue).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub held: Option<NoteEntry>,
    pub over: bool,
    /// The last page action the host refused, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

impl Snapshot {
    /// The Guide's view of a run now.
    pub fn of(run: &Session, version: u64) -> Snapshot {
        let s = &run.state;
        let cards = &run.cards;
        let (notes_name, notes_card, _) = notes_with_source(s);
        let journal = notes_journal(cards, &run.journal);
        let notes_entry = journal.iter().find(|e| e.card == notes_card).cloned();
        let turn = s.role();
        let actions = if s.guide && turn == Role::Guide {
            legal_actions(s)
                .into_iter()
                .filter(|a| !matches!(a, Action::Abandon))
                .map(|a| Offered {
                    label: action_label(s, &a),
                    die: matches!(a, Action::RollFoe),
                    action: a,
                })
                .collect()
        } else {
            Vec::new()
        };
        let faces = s
            .duel()
            .map(|d| match d.card {
                Some(c) => &cards.card(c).faces,
                None => &cards.guardian.faces,
            })
            .map(|f| f.iter().map(face_summary).collect())
            .unwrap_or_default();
        Snapshot {
            version,
            turn: turn.as_str(),
            prompt: prompt(s).text,
            health: s.health,
            max_health: s.max_health,
            domain: cards.domain(s.domain).name.clone(),
            actions,
            notes_name: notes_name.to_string(),
            notes_card: notes_card.to_string(),
            notes_entry,
            row: s
                .row
                .iter()
                .map(|slot| {
                    slot.map(|rc| Slot {
                        hidden: rc.seen == crate::core::state::Seen::Hidden,
                        entry: card_entry(cards, rc.card, s.flips),
                    })
                })
                .collect(),
            next: s
                .deck
                .iter()
                .rev()
                .take(crate::present::GUIDE_NEXT)
                .map(|&c| card_entry(cards, c, s.flips))
                .collect(),
            ahead: route_notes(s),
            faces,
            journal,
            held: None,
            over: s.is_over(),
            refused: None,
        }
    }
}

/// Applies a page action on the host's session: only on the Guide's turn, only an offered
/// Guide's action (never abandon), dice 1 to 6.
pub fn apply(run: &mut Session, pa: &PageAction) -> Result<Vec<Event>, String> {
    check(run, pa)?;
    // `check` found the action offered: force the typed dice and play it.
    for &d in &pa.dice {
        run.force_die(d);
    }
    run.act(&pa.action).map_err(|e| e.to_string())
}

/// Whether the page may take `pa` now (the checks of [`apply`]), in words for the page.
/// A host that plays the action itself forces the typed dice before it copies the state
/// for its stage, so that the stage's copy replays them too.
pub fn check(run: &Session, pa: &PageAction) -> Result<(), String> {
    if !run.state.guide || run.state.role() != Role::Guide {
        return Err("it is not the Guide's turn".into());
    }
    if matches!(pa.action, Action::Abandon) {
        return Err("the Guide's screen cannot abandon the run".into());
    }
    if let Some(bad) = pa.dice.iter().find(|d| !(1..=6).contains(*d)) {
        return Err(format!("a die value must be 1 to 6; got {bad}"));
    }
    if !pa.dice.is_empty() && !matches!(pa.action, Action::RollFoe) {
        return Err("only the foe's roll takes a typed die".into());
    }
    if !legal_actions(&run.state).contains(&pa.action) {
        return Err("that action is not offered now".into());
    }
    Ok(())
}

/// State shared between the host and the server thread.
struct Shared {
    snapshot: String,
    offered: Vec<Action>,
    /// A card is held up on the host's table (Continue is accepted).
    held: bool,
    version: u64,
    /// When the page last asked for the state (it asks several times a second).
    last_seen: Option<std::time::Instant>,
}

/// A page that has not asked for the state for this long has gone (closed, asleep, out of
/// range); the page asks every 0.7 s.
pub const GONE_AFTER: std::time::Duration = std::time::Duration::from_secs(4);

/// A running Guide's screen.
pub struct GuideScreen {
    /// The address the server listens on (the port is the real one with `:0`).
    pub addr: std::net::SocketAddr,
    /// The join code every request must carry (`?code=`).
    pub code: String,
    shared: Arc<Mutex<Shared>>,
    actions: Receiver<PageMsg>,
    refused: Option<String>,
    held: Option<NoteEntry>,
}

impl GuideScreen {
    /// Starts serving on `addr` (`127.0.0.1:0`, `0.0.0.0:8080`, ...) on a new thread.
    pub fn start(addr: &str) -> Result<GuideScreen, ScreenError> {
        let server = tiny_http::Server::http(addr).map_err(|e| ScreenError::Listen {
            addr: addr.to_string(),
            reason: e.to_string(),
        })?;
        let bound = server
            .server_addr()
            .to_ip()
            .ok_or_else(|| ScreenError::Listen {
                addr: addr.to_string(),
                reason: "not an IP address".into(),
            })?;
        let code = join_code();
        let shared = Arc::new(Mutex::new(Shared {
            snapshot: "{}".into(),
            offered: Vec::new(),
            held: false,
            version: 0,
            last_seen: None,
        }));
        let (tx, rx) = sync_channel(MAX_QUEUED);
        let (thread_shared, thread_code) = (shared.clone(), code.clone());
        std::thread::Builder::new()
            .name("guide-screen".into())
            .spawn(move || serve(server, thread_code, thread_shared, tx))
            .map_err(|e| ScreenError::Listen {
                addr: addr.to_string(),
                reason: e.to_string(),
            })?;
        Ok(GuideScreen {
            addr: bound,
            code,
            shared,
            actions: rx,
            refused: None,
            held: None,
        })
    }

    /// The join URL (with the machine's address as bound; a phone needs the local network
    /// address, so listen on `0.0.0.0` or the LAN address for that).
    pub fn url(&self) -> String {
        format!("http://{}/?code={}", self.addr, self.code)
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

    /// Shows the run now on the page (call after every change).
    pub fn publish(&mut self, run: &Session) {
        let Ok(mut sh) = self.shared.lock() else {
            return;
        };
        sh.version += 1;
        let mut snap = Snapshot::of(run, sh.version);
        snap.refused = self.refused.clone();
        snap.held = self.held.clone();
        sh.held = self.held.is_some();
        sh.offered = snap.actions.iter().map(|o| o.action.clone()).collect();
        sh.snapshot = serde_json::to_string(&snap).unwrap_or_else(|_| "{}".into());
    }

    /// Whether a page is following the run now (it asked for the state within
    /// [`GONE_AFTER`]).
    pub fn connected(&self) -> bool {
        self.shared
            .lock()
            .ok()
            .and_then(|s| s.last_seen)
            .is_some_and(|t| t.elapsed() < GONE_AFTER)
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
            // A headless host holds nothing up: the server refuses Continue then.
            let PageMsg::Act(pa) = msg else {
                continue;
            };
            match apply(run, pa) {
                Ok(events) => {
                    self.refused = None;
                    done.push(events);
                }
                Err(e) => self.refused = Some(e),
            }
        }
        self.publish(run);
        done
    }
}

/// A random join code: 16 hex digits from two randomly keyed SipHash states (the standard
/// library seeds their keys from the operating system's randomness).
fn join_code() -> String {
    use std::hash::{BuildHasher, Hasher};
    let part = || {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(crate::session::now_ms());
        h.finish()
    };
    format!("{:08x}{:08x}", part() as u32, part() as u32)
}

fn reply(req: tiny_http::Request, status: u16, kind: &str, body: String) {
    let mut resp = tiny_http::Response::from_string(body).with_status_code(status);
    for (name, value) in [("Content-Type", kind), ("Cache-Control", "no-store")] {
        if let Ok(h) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            resp.add_header(h);
        }
    }
    let _ = req.respond(resp);
}

/// The value of `code` in a URL's query.
fn query_code(url: &str) -> Option<&str> {
    let query = url.split_once('?')?.1;
    query.split('&').find_map(|kv| kv.strip_prefix("code="))
}

/// Queues a message for the host and answers the request; false when the host has gone.
fn queue(req: tiny_http::Request, tx: &SyncSender<PageMsg>, msg: PageMsg) -> bool {
    match tx.try_send(msg) {
        Ok(()) => reply(req, 202, "text/plain", "queued".into()),
        Err(TrySendError::Full(_)) => {
            reply(req, 429, "text/plain", "too many actions waiting".into())
        }
        Err(TrySendError::Disconnected(_)) => {
            reply(req, 503, "text/plain", "the game has closed".into());
            return false;
        }
    }
    true
}

fn serve(
    server: tiny_http::Server,
    code: String,
    shared: Arc<Mutex<Shared>>,
    tx: SyncSender<PageMsg>,
) {
    for mut req in server.incoming_requests() {
        let url = req.url().to_string();
        if query_code(&url) != Some(code.as_str()) {
            reply(req, 403, "text/plain", String::new());
            continue;
        }
        let path = url.split('?').next().unwrap_or("");
        match (req.method(), path) {
            (tiny_http::Method::Get, "/") => {
                reply(req, 200, "text/html; charset=utf-8", PAGE.into())
            }
            (tiny_http::Method::Get, "/state") => {
                let body = shared
                    .lock()
                    .map(|mut s| {
                        s.last_seen = Some(std::time::Instant::now());
                        s.snapshot.clone()
                    })
                    .unwrap_or_default();
                reply(req, 200, "application/json", body)
            }
            (tiny_http::Method::Post, "/act") => {
                let mut body = Vec::new();
                let read = req
                    .as_reader()
                    .take(MAX_BODY as u64 + 1)
                    .read_to_end(&mut body);
                if read.is_err() || body.len() > MAX_BODY {
                    reply(req, 413, "text/plain", "request body too large".into());
                    continue;
                }
                let pa: PageAction = match serde_json::from_slice(&body) {
                    Ok(pa) => pa,
                    Err(e) => {
                        reply(req, 400, "text/plain", format!("not an action: {e}"));
                        continue;
                    }
                };
                let offered = shared
                    .lock()
                    .map(|s| s.offered.contains(&pa.action))
                    .unwrap_or(false);
                if !offered {
                    reply(
                        req,
                        409,
                        "text/plain",
                        "that is not one of the Guide's actions now".into(),
                    );
                } else if pa.dice.iter().any(|d| !(1..=6).contains(d)) {
                    reply(req, 400, "text/plain", "a die value must be 1 to 6".into());
                } else {
                    if !queue(req, &tx, PageMsg::Act(pa)) {
                        return;
                    }
                }
            }
            (tiny_http::Method::Post, "/continue") => {
                let held = shared.lock().map(|s| s.held).unwrap_or(false);
                if !held {
                    reply(req, 409, "text/plain", "no card is held up now".into());
                } else if !queue(req, &tx, PageMsg::Continue) {
                    return;
                }
            }
            _ => reply(req, 404, "text/plain", String::new()),
        }
    }
}
