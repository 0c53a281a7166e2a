//! The Guide's screen's requests: the join code, the Guide's seat, the state with its
//! ETag, and the page's actions (queued for the host, which checks them again).

use super::http::{Answer, Handler, Method, Request, Response};
use super::{MAX_BODY, PAGE, PageAction, PageMsg, Shared};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::{Arc, Mutex};

/// A listening socket, with no deadline of its own (deadlines belong to each connection:
/// on Linux a read deadline on the listener would also end `accept`).
pub(super) fn listener(addr: &str) -> Result<std::net::TcpListener, String> {
    use socket2::{Domain, Protocol, Socket, Type};
    use std::net::ToSocketAddrs;
    let sa = addr
        .to_socket_addrs()
        .map_err(|e| e.to_string())?
        .next()
        .ok_or_else(|| "no such address".to_string())?;
    let socket = Socket::new(Domain::for_address(sa), Type::STREAM, Some(Protocol::TCP))
        .map_err(|e| e.to_string())?;
    socket.set_reuse_address(true).map_err(|e| e.to_string())?;
    socket.bind(&sa.into()).map_err(|e| e.to_string())?;
    socket.listen(128).map_err(|e| e.to_string())?;
    Ok(socket.into())
}

/// A random token: 16 hex digits from two randomly keyed SipHash states (the standard
/// library seeds their keys from the operating system's randomness).
pub(super) fn join_code() -> String {
    use std::hash::{BuildHasher, Hasher};
    let part = || {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(crate::session::now_ms());
        h.finish()
    };
    format!("{:08x}{:08x}", part() as u32, part() as u32)
}

/// What every request handler shares.
pub(super) struct Ctx {
    pub(super) code: String,
    pub(super) shared: Arc<Mutex<Shared>>,
    pub(super) tx: SyncSender<PageMsg>,
}

/// The handler the HTTP server calls for each request.
pub(super) fn handler(ctx: Arc<Ctx>) -> Handler {
    Arc::new(Guard(ctx))
}

/// The Guide's screen's answers.
struct Guard(Arc<Ctx>);

impl Answer for Guard {
    /// The join code is checked before a body is read: a wrong one is refused at once.
    fn before_body(&self, head: &Request) -> Option<Response> {
        (head.param("code") != Some(self.0.code.as_str())).then(|| Response::text(403, ""))
    }

    fn answer(&self, req: &Request) -> Response {
        handle(req, &self.0)
    }
}

/// What a page on another device is told while the Guide's seat is taken.
pub const SEAT_TAKEN: &str =
    "This Guide's seat is taken by another device. The table can release it: Esc, then 6.";

/// Queues a message for the host.
fn queue(tx: &SyncSender<PageMsg>, msg: PageMsg) -> Response {
    match tx.try_send(msg) {
        Ok(()) => {
            super::wake_host();
            Response::text(202, "queued")
        }
        Err(TrySendError::Full(_)) => Response::text(429, "too many actions waiting"),
        Err(TrySendError::Disconnected(_)) => Response::text(503, "the game has closed"),
    }
}

/// Whether a seat token is one a page makes (letters, digits, `-` and `_`, 8 to 64).
fn token_ok(t: &str) -> bool {
    (8..=64).contains(&t.len())
        && t.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The Guide's seat: the first page to ask with a token claims it; another token is
/// refused (423) until the table releases the seat.
fn take_seat(req: &Request, ctx: &Ctx) -> Result<(), Response> {
    let Some(token) = req.param("seat").filter(|t| token_ok(t)) else {
        return Err(Response::text(400, "the page must name its seat (?seat=)"));
    };
    let Ok(mut sh) = ctx.shared.lock() else {
        return Err(Response::text(503, "the game has closed"));
    };
    match &sh.seat {
        Some(held) if held != token => Err(Response::text(423, SEAT_TAKEN)),
        Some(_) => Ok(()),
        None => {
            sh.seat = Some(token.to_string());
            Ok(())
        }
    }
}

/// Answers one request. The join code is checked before anything else, and a body is
/// read whole (by the connection, within its deadline) before this is called.
fn handle(req: &Request, ctx: &Ctx) -> Response {
    if req.param("code") != Some(ctx.code.as_str()) {
        return Response::text(403, "");
    }
    let path = req.path.as_str();
    if req.method == Method::Get && path == "/" {
        return Response::new(200, "text/html; charset=utf-8", PAGE);
    }
    if req.method == Method::Get
        && let Some(name) = path.strip_prefix("/icon/")
    {
        // A card's picture, tinted for the page's dark ground.
        return match crate::cards::art::svg(name) {
            Some(svg) => {
                Response::new(200, "image/svg+xml", svg.replace("currentColor", "#e8c16b"))
            }
            None => Response::text(404, ""),
        };
    }
    let known = matches!(
        (req.method, path),
        (Method::Get, "/state") | (Method::Post, "/act" | "/continue" | "/show")
    );
    if !known {
        return Response::text(404, "");
    }
    if let Err(refused) = take_seat(req, ctx) {
        return refused;
    }
    if req.method == Method::Get {
        return state(req, ctx);
    }
    if req.body.len() > MAX_BODY {
        return Response::text(413, "request body too large");
    }
    let (closed, held) = status(ctx);
    if closed {
        return Response::text(410, CLOSED);
    }
    match path {
        "/act" => act(req, ctx),
        "/continue" if !held => Response::text(409, "no card is held up now"),
        "/continue" => queue(&ctx.tx, PageMsg::Continue),
        _ => show(req, ctx),
    }
}

/// `GET /state`: the snapshot with its version as the ETag; `304` when the page already
/// has that version; the journal from the page's `journal=N` on.
fn state(req: &Request, ctx: &Ctx) -> Response {
    let Ok(mut sh) = ctx.shared.lock() else {
        return Response::text(503, "the game has closed");
    };
    // A page new or back after a silence changes what the table says of the link.
    if sh
        .last_seen
        .is_none_or(|t| t.elapsed() >= super::GONE_AFTER)
    {
        super::wake_host();
    }
    sh.last_seen = Some(std::time::Instant::now());
    sh.traffic.polls += 1;
    let etag = format!("\"{}\"", sh.version);
    if req
        .header("if-none-match")
        .is_some_and(|tags| tags.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
    {
        sh.traffic.unchanged += 1;
        return Response::new(304, "application/json", Vec::new()).with_header("ETag", etag);
    }
    let from = req
        .param("journal")
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n <= sh.journal.len())
        .unwrap_or(0);
    let body = sh.reply(from);
    sh.traffic.bytes += body.len() as u64;
    Response::new(200, "application/json", body).with_header("ETag", etag)
}

/// `POST /act`: a Guide's action as offered, with any physical dice.
fn act(req: &Request, ctx: &Ctx) -> Response {
    let pa: PageAction = match serde_json::from_slice(&req.body) {
        Ok(pa) => pa,
        Err(e) => return Response::text(400, format!("not an action: {e}")),
    };
    let offered = ctx.shared.lock().ok().and_then(|s| {
        s.offered
            .iter()
            .find(|(a, _)| *a == pa.action)
            .map(|(_, n)| *n)
    });
    match offered {
        None => Response::text(409, "that is not one of the Guide's actions now"),
        Some(_) if pa.dice.iter().any(|d| !(1..=6).contains(d)) => {
            Response::text(400, "a die value must be 1 to 6")
        }
        Some(n) if !pa.dice.is_empty() && pa.dice.len() != n => Response::text(
            400,
            crate::core::Refusal::Count {
                rolls: n,
                typed: pa.dice.len(),
            }
            .to_string(),
        ),
        Some(_) => queue(&ctx.tx, PageMsg::Act(pa)),
    }
}

/// `POST /show`: one of the cards the page shows, for the table to show the traveller.
fn show(req: &Request, ctx: &Ctx) -> Response {
    #[derive(serde::Deserialize)]
    struct Show {
        card: String,
    }
    let Ok(Show { card }) = serde_json::from_slice::<Show>(&req.body) else {
        return Response::text(400, "name the card to show: {\"card\": \"<id>\"}");
    };
    let shown = ctx.shared.lock().is_ok_and(|s| s.showable.contains(&card));
    if !shown {
        return Response::text(409, "that card is not on the Guide's screen now");
    }
    queue(&ctx.tx, PageMsg::Show(card))
}

/// What a closed page's actions are told.
const CLOSED: &str = "this run's Guide's screen has closed";

/// Whether the page's run is closed, and whether a card is held up.
fn status(ctx: &Ctx) -> (bool, bool) {
    ctx.shared
        .lock()
        .map(|s| (s.closed, s.held))
        .unwrap_or((true, false))
}
