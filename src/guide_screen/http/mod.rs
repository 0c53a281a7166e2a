//! The Guide's screen's own small HTTP/1.1 server: one accept loop that never gives up,
//! one thread per connection whose deadlines belong to that connection alone, and
//! admission rules that keep room for the Guide.
//!
//! Why not an HTTP library's server: the one we used (tiny_http) left its accept loop for
//! good on the first accept error and could put read deadlines only on the listening
//! socket (where Linux also applies them to `accept`), and no server crate gives the
//! admission rules below. Requests are parsed by `httparse`; `conn.rs` reads and writes
//! one connection's bytes within its limits; this file admits connections.
//!
//! **Admission** (docs/PROTOCOL.md, "The Guide's screen over HTTP"): a new connection must
//! send its first byte within [`Limits::first_byte`]; each peer address holds at most
//! [`Limits::per_peer`] connections and the server [`Limits::max_connections`]. At either
//! cap the oldest connection that has not yet shown the join code is closed to make room,
//! rather than the new one refused: at a peer's cap, that peer's; at the server's, one of
//! the peers holding the most connections (so a flood from several addresses closes its
//! own sockets, not another device's). When every connection at the cap has shown the code,
//! the newcomer is heard on probation: if its first request is the seat holder's it is
//! served (the holder always gets in), otherwise it is answered 503 with a page that
//! retries by itself. A connection's slot is freed by a guard, whatever its handler does.

mod conn;
#[cfg(test)]
mod tests;

use std::io;
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The deadlines and sizes a connection is held to.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// A new connection's first byte must come within this, else it is closed quietly.
    pub first_byte: Duration,
    /// From a request's first byte, its head and body must arrive whole within this; a
    /// client that stalls is answered 408 and its connection closed.
    pub request: Duration,
    /// A kept-alive connection with no request begun is closed after this.
    pub idle: Duration,
    /// A whole answer must be taken by the client within this (one deadline for all its
    /// writes, not one per write).
    pub write: Duration,
    /// The largest request head (request line and headers).
    pub max_head: usize,
    /// The largest request body.
    pub max_body: usize,
    /// The most connections served at once.
    pub max_connections: usize,
    /// The most connections one peer address holds at once.
    pub per_peer: usize,
    /// The most newcomers heard on probation at once (the caps full of connections that
    /// showed the code).
    pub probation: usize,
}

/// A request's method, as far as the Guide's screen cares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Method {
    Get,
    /// Answered as GET, without the body.
    Head,
    Post,
    /// Any other method (answered 405 with `Allow`).
    Other(String),
}

/// One request, read whole.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: Method,
    /// The path without its query (`/state`).
    pub path: String,
    /// The query's pairs, as sent (no percent-decoding: the page sends plain tokens).
    pub query: Vec<(String, String)>,
    /// Header names in lower case, values trimmed.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    /// The value of a query parameter.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of a header (`name` in lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One response.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            headers: Vec::new(),
            body: body.into(),
        }
    }

    /// A plain-text answer.
    pub fn text(status: u16, body: impl Into<String>) -> Response {
        Response::new(status, "text/plain; charset=utf-8", body.into())
    }

    pub fn with_header(mut self, name: &'static str, value: String) -> Response {
        self.headers.push((name, value));
        self
    }
}

/// What a request's head shows of its sender, judged before any body is read.
#[derive(Debug, Clone)]
pub enum Admit {
    /// Refused on its head (a wrong or retired code): answered with this, the body never
    /// read, the connection closed.
    Refuse(Response),
    /// It carries the join code.
    Coded,
    /// It carries the join code and the seat holder's token.
    Seat,
}

/// What answers requests; called on each connection's own thread.
pub trait Answer: Send + Sync {
    /// Judges a request by its head alone, before any body is read: a request refused
    /// anyway costs no wait for its body, and the connection's standing (coded, the seat's)
    /// decides what admission may close to make room.
    fn admit(&self, head: &Request) -> Admit;

    /// Answers a request read whole.
    fn answer(&self, req: &Request) -> Response;

    /// The answer to a newcomer heard on probation whose request is not the seat
    /// holder's (the server is full of connections that showed the code).
    fn busy(&self, head: &Request) -> Response {
        let _ = head;
        Response::text(503, "too many connections at once; try again in a moment")
            .with_header("Retry-After", "1".into())
    }
}

/// What answers each request.
pub type Handler = Arc<dyn Answer>;

/// How the server is doing, for the table to tell in words.
#[derive(Debug, Default)]
pub struct Health {
    /// Accept errors since the server started (each logged; the loop goes on).
    pub accept_errors: u64,
    /// The last accept error, in words.
    pub last_error: Option<String>,
    /// Connections closed to make room for newer ones (they had not shown the code).
    pub evicted: u64,
    /// Newcomers answered 503: every slot held by connections that showed the code, and
    /// theirs not the seat holder's.
    pub turned_away: u64,
}

/// What a connection has shown so far (kept in an atomic the connection's thread writes).
const FRESH: u8 = 0;
const CODED: u8 = 1;
const SEAT: u8 = 2;

/// One open connection, as admission sees it.
struct Entry {
    id: u64,
    peer: IpAddr,
    /// A handle to cut it (the connection's thread owns the stream itself).
    stream: TcpStream,
    standing: Arc<AtomicU8>,
    /// Heard on probation: admitted past a full cap until its first head is judged.
    probation: Arc<AtomicBool>,
}

impl Entry {
    fn shown_code(&self) -> bool {
        self.standing.load(Ordering::SeqCst) >= CODED
    }

    fn on_probation(&self) -> bool {
        self.probation.load(Ordering::SeqCst)
    }
}

/// The open connections, oldest first.
#[derive(Default)]
struct Registry {
    open: Vec<Entry>,
}

/// Where a newcomer goes.
enum Room {
    /// There is room.
    Free,
    /// There is room once this connection (which had not shown the code) is cut.
    Evict(TcpStream),
    /// Heard on probation.
    Probation,
}

impl Registry {
    /// Makes room for a newcomer from `peer` under `limits`: at a cap, the oldest
    /// connection that has not shown the code (of that peer, at the per-peer cap) is
    /// taken out and returned to be cut; if there is none, the newcomer is on probation,
    /// where the oldest silent probationer makes way in turn.
    fn room_for(&mut self, peer: IpAddr, limits: &Limits) -> Room {
        let admitted = |e: &Entry| !e.on_probation();
        let of_peer = self
            .open
            .iter()
            .filter(|e| e.peer == peer && admitted(e))
            .count();
        let total = self.open.iter().filter(|e| admitted(e)).count();
        let victim = if of_peer >= limits.per_peer {
            self.oldest(|e| e.peer == peer && admitted(e) && !e.shown_code())
        } else if total >= limits.max_connections {
            self.oldest_of_the_largest_peer()
        } else {
            return Room::Free;
        };
        if let Some(i) = victim {
            return Room::Evict(self.open.remove(i).stream);
        }
        let waiting = self.open.iter().filter(|e| e.on_probation()).count();
        if waiting >= limits.probation
            && let Some(i) = self.oldest(|e| e.on_probation() && !e.shown_code())
        {
            let _ = self.open.remove(i).stream.shutdown(Shutdown::Both);
        }
        Room::Probation
    }

    /// At the server's cap: the oldest connection that has not shown the code, of the peers
    /// holding the most connections. A flood spread over several peers thus closes its own
    /// connections first, never the one or two of another device.
    fn oldest_of_the_largest_peer(&self) -> Option<usize> {
        let held = |peer: IpAddr| {
            self.open
                .iter()
                .filter(|e| e.peer == peer && !e.on_probation())
                .count()
        };
        self.open
            .iter()
            .enumerate()
            .filter(|(_, e)| !e.on_probation() && !e.shown_code())
            .max_by_key(|(i, e)| (held(e.peer), std::cmp::Reverse(*i)))
            .map(|(i, _)| i)
    }

    /// The index of the oldest entry that `pick` accepts.
    fn oldest(&self, pick: impl Fn(&Entry) -> bool) -> Option<usize> {
        self.open.iter().position(pick)
    }

    fn remove(&mut self, id: u64) {
        self.open.retain(|e| e.id != id);
    }
}

/// Frees a connection's slot when its thread ends, however it ends (a panicking handler
/// included).
struct Slot {
    registry: Arc<Mutex<Registry>>,
    id: u64,
}

impl Drop for Slot {
    fn drop(&mut self) {
        // A poisoned lock still holds the list: the slot is freed either way.
        let mut reg = match self.registry.lock() {
            Ok(r) => r,
            Err(poisoned) => poisoned.into_inner(),
        };
        reg.remove(self.id);
    }
}

/// What a connection's thread is given: its limits and handler, and its standing to write.
pub(super) struct ConnCtx {
    pub limits: Limits,
    pub handler: Handler,
    pub standing: Arc<AtomicU8>,
    pub probation: Arc<AtomicBool>,
}

impl ConnCtx {
    /// Records what a head showed. Returns `false` when the connection was on probation
    /// and is not the seat holder's: it is then answered busy and closed.
    pub fn judged(&self, admit: &Admit) -> bool {
        let level = match admit {
            Admit::Refuse(_) => FRESH,
            Admit::Coded => CODED,
            Admit::Seat => SEAT,
        };
        self.standing.fetch_max(level, Ordering::SeqCst);
        if !self.probation.load(Ordering::SeqCst) {
            return true;
        }
        if level == SEAT {
            // The seat holder always gets in, past the cap.
            self.probation.store(false, Ordering::SeqCst);
            return true;
        }
        matches!(admit, Admit::Refuse(_))
    }
}

/// A running server. [`Server::stop`] (or dropping it) closes the port and every
/// connection.
pub struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    registry: Arc<Mutex<Registry>>,
    /// A handle on the listening socket, to wake the accept loop when stopping.
    listener: Option<TcpListener>,
    accept: Option<std::thread::JoinHandle<()>>,
    pub health: Arc<Mutex<Health>>,
}

impl Server {
    /// Serves `listener` on a new thread, answering each request with `handler`.
    pub fn start(listener: TcpListener, limits: Limits, handler: Handler) -> io::Result<Server> {
        let addr = listener.local_addr()?;
        let stop = Arc::new(AtomicBool::new(false));
        let registry = Arc::new(Mutex::new(Registry::default()));
        let health = Arc::new(Mutex::new(Health::default()));
        let ctx = AcceptCtx {
            listener: listener.try_clone()?,
            stop: stop.clone(),
            registry: registry.clone(),
            health: health.clone(),
            limits,
            handler,
            next_id: AtomicU64::new(0),
        };
        let accept = std::thread::Builder::new()
            .name("guide-screen-accept".into())
            .spawn(move || ctx.run())?;
        Ok(Server {
            addr,
            stop,
            registry,
            listener: Some(listener),
            accept: Some(accept),
            health,
        })
    }

    /// The address served.
    #[cfg(test)]
    fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// How many connections are open now (probation included).
    #[cfg(test)]
    fn open(&self) -> usize {
        self.registry.lock().map_or(0, |r| r.open.len())
    }

    /// Whether the accept loop is still running (it ends only when stopped, or if its
    /// thread died).
    pub fn running(&self) -> bool {
        self.accept.as_ref().is_some_and(|t| !t.is_finished())
    }

    /// Stops serving: the accept loop ends, the port closes and every open connection is
    /// cut. Returns once the port is free to be listened on again.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Linux wakes a blocked accept on shutdown; elsewhere a connection to ourselves
        // does it.
        if let Some(l) = self.listener.take() {
            let _ = socket2::SockRef::from(&l).shutdown(Shutdown::Both);
        }
        let mut wake = self.addr;
        if wake.ip().is_unspecified() {
            wake.set_ip(match wake {
                SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
                SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
            });
        }
        let _ = TcpStream::connect_timeout(&wake, Duration::from_millis(200));
        if let Ok(reg) = self.registry.lock() {
            for e in &reg.open {
                let _ = e.stream.shutdown(Shutdown::Both);
            }
        }
        if let Some(t) = self.accept.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// What the accept loop owns.
struct AcceptCtx {
    listener: TcpListener,
    stop: Arc<AtomicBool>,
    registry: Arc<Mutex<Registry>>,
    health: Arc<Mutex<Health>>,
    limits: Limits,
    handler: Handler,
    next_id: AtomicU64,
}

impl AcceptCtx {
    /// Accepts until stopped. An accept error is logged and the loop goes on, pausing a
    /// little longer each time errors repeat (so that running out of file descriptors does
    /// not spin a core).
    fn run(self) {
        let ctx = Arc::new(self);
        let mut repeated = 0u32;
        loop {
            let accepted = ctx.listener.accept();
            if ctx.stop.load(Ordering::SeqCst) {
                return;
            }
            match accepted {
                Ok((stream, peer)) => {
                    repeated = 0;
                    ctx.admit(stream, peer.ip());
                }
                Err(e) => {
                    repeated += 1;
                    eprintln!("Guide's screen: accepting a connection failed: {e}");
                    if let Ok(mut h) = ctx.health.lock() {
                        h.accept_errors += 1;
                        h.last_error = Some(e.to_string());
                    }
                    if repeated > 1 {
                        std::thread::sleep(Duration::from_millis(20 * u64::from(repeated.min(50))));
                    }
                }
            }
        }
    }

    /// Registers a new connection (making room as the admission rules say) and serves it
    /// on a thread of its own.
    fn admit(self: &Arc<Self>, stream: TcpStream, peer: IpAddr) {
        let Ok(handle) = stream.try_clone() else {
            return;
        };
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        let standing = Arc::new(AtomicU8::new(FRESH));
        let probation = Arc::new(AtomicBool::new(false));
        let room = {
            let mut reg = match self.registry.lock() {
                Ok(r) => r,
                Err(poisoned) => poisoned.into_inner(),
            };
            let room = reg.room_for(peer, &self.limits);
            probation.store(matches!(room, Room::Probation), Ordering::SeqCst);
            reg.open.push(Entry {
                id,
                peer,
                stream: handle,
                standing: standing.clone(),
                probation: probation.clone(),
            });
            room
        };
        if let Room::Evict(victim) = room {
            let _ = victim.shutdown(Shutdown::Both);
            if let Ok(mut h) = self.health.lock() {
                h.evicted += 1;
            }
        }
        let slot = Slot {
            registry: self.registry.clone(),
            id,
        };
        let ctx = ConnCtx {
            limits: self.limits,
            handler: self.handler.clone(),
            standing,
            probation,
        };
        let health = self.health.clone();
        // The slot moves into the thread: dropped when it ends, or here if it never starts.
        let _ = std::thread::Builder::new()
            .name("guide-screen-connection".into())
            .spawn(move || {
                let _slot = slot;
                if conn::serve(stream, &ctx) == conn::Ended::TurnedAway
                    && let Ok(mut h) = health.lock()
                {
                    h.turned_away += 1;
                }
            });
    }
}
