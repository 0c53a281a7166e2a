//! The Guide's screen's requests: the join code, the Guide's seat and its pairing, the
//! state with its ETag, and the page's actions (queued for the host, which checks them
//! again).

use super::http::{Admit, Answer, Handler, Method, Request, Response};
use super::{
    AWAY, Asking, Device, MAX_BODY, PageAction, PageMsg, Pairing, Seat, Shared, TABLE_CLOSED,
    takes_dice,
};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The page, its style and its script, served from the binary. The page names the other
/// two with the join code (every request needs it), put in where `__CODE__` stands.
const PAGE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

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
    /// The join code is checked on the head, before a body is read: a wrong one is refused
    /// at once (403, nothing said), a retired one is told the table closed it (410).
    fn admit(&self, head: &Request) -> Admit {
        let Ok(sh) = self.0.shared.lock() else {
            return Admit::Refuse(Response::text(503, "the game has closed"));
        };
        let code = head.param("code").unwrap_or_default();
        if code != sh.code || code.is_empty() {
            if sh.retired.iter().any(|c| c == code) {
                return Admit::Refuse(closed_link(head));
            }
            return Admit::Refuse(Response::text(403, ""));
        }
        let holder = sh
            .seat
            .as_ref()
            .is_some_and(|s| Some(s.token.as_str()) == head.param("seat"));
        if holder { Admit::Seat } else { Admit::Coded }
    }

    fn answer(&self, req: &Request) -> Response {
        handle(req, &self.0)
    }

    /// The page itself retries by itself; its requests get a short line and Retry-After.
    fn busy(&self, head: &Request) -> Response {
        let retry = |r: Response| r.with_header("Retry-After", "1".into());
        if head.path == "/" {
            return retry(Response::new(503, "text/html; charset=utf-8", BUSY_PAGE));
        }
        retry(Response::text(
            503,
            "the table is busy with too many connections; trying again",
        ))
    }
}

/// A page that tries again by itself (a refresh, which the page's security policy
/// allows), for a phone waking while the table is full of connections.
const BUSY_PAGE: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<meta http-equiv=\"refresh\" content=\"2\"><meta name=\"color-scheme\" content=\"dark\"><title>Forward: the Guide's screen</title></head>\
<body>\
<p>The table is busy with many connections just now. This page tries again by itself in a \
moment.</p></body></html>";

/// What a retired code's request is told: the page's own words for a closed link.
fn closed_link(head: &Request) -> Response {
    if head.path == "/" {
        let page = format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<meta name=\"color-scheme\" content=\"dark\"><title>Forward: the Guide's screen</title></head>\
<body>\
<p>{TABLE_CLOSED}</p></body></html>"
        );
        return Response::new(410, "text/html; charset=utf-8", page);
    }
    Response::text(410, TABLE_CLOSED)
}

/// What a page on another device is told while the Guide's seat is taken.
pub const SEAT_TAKEN: &str = "This Guide's seat is taken by another device. The Guide can give it a new code at the table: Esc, then Guide's screen, then R.";

/// What a device asking for the seat is told when it sends an action.
const NOT_YET: &str = "This device asks to join: the Guide accepts it at the table first.";

/// Queues a message for the host, and wakes it.
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

/// How long a device that asked for the free seat stays on the Guide's list without
/// asking again.
const ASK_FORGET: std::time::Duration = std::time::Duration::from_secs(10);
/// The most devices listed as asking for the seat at once (the newest kept).
const MAX_ASKING: usize = 3;

/// The Guide's seat. The holder is let through. Another device is refused (423) while the
/// seat is held; while it is free, the first to ask takes it (a host without a Guide's view
/// to accept it in), or it asks the Guide (202 with its name, until accepted at the table).
fn take_seat(req: &Request, ctx: &Ctx) -> Result<(), Response> {
    let Some(token) = req.param("seat").filter(|t| token_ok(t)) else {
        return Err(Response::text(400, "the page must name its seat (?seat=)"));
    };
    let Ok(mut sh) = ctx.shared.lock() else {
        return Err(Response::text(503, "the game has closed"));
    };
    let device = || Device::of(req.header("user-agent").unwrap_or_default(), token);
    match &sh.seat {
        Some(held) if held.token == token => return Ok(()),
        Some(_) => {
            let first = sh
                .refused
                .as_ref()
                .is_none_or(|(_, t)| t.elapsed() >= super::REFUSED_FOR);
            sh.refused = Some((device(), Instant::now()));
            if first {
                // The table names a refused device at once.
                super::wake_host();
            }
            return Err(Response::text(423, SEAT_TAKEN));
        }
        None => {}
    }
    if sh.pairing == Pairing::First {
        sh.seat = Some(Seat {
            token: token.to_string(),
            device: device(),
        });
        return Ok(());
    }
    let now = Instant::now();
    sh.asking
        .retain(|a| now.duration_since(a.last) < ASK_FORGET);
    let fresh = !sh.asking.iter().any(|a| a.token == token);
    let device = match sh.asking.iter_mut().find(|a| a.token == token) {
        Some(a) => {
            a.last = now;
            a.device.clone()
        }
        None => {
            let d = device();
            sh.asking.push(Asking {
                token: token.to_string(),
                device: d.clone(),
                last: now,
            });
            if sh.asking.len() > MAX_ASKING {
                sh.asking.remove(0);
            }
            d
        }
    };
    drop(sh);
    if fresh {
        // The table names a new device at once.
        super::wake_host();
    }
    if req.method == Method::Post {
        // Not queued: an action is the seat's alone.
        return Err(Response::text(423, NOT_YET));
    }
    let body = serde_json::json!({ "asking": device });
    Err(Response::new(202, "application/json", body.to_string()))
}

/// Answers one request. The join code was checked on the head; a body is read whole (by
/// the connection, within its deadline) before this is called.
fn handle(req: &Request, ctx: &Ctx) -> Response {
    let path = req.path.as_str();
    let read = matches!(req.method, Method::Get | Method::Head);
    let wrong = |allow: &str| {
        Response::text(405, format!("use {allow} here")).with_header("Allow", allow.into())
    };
    let asset = matches!(path, "/" | "/page.css" | "/page.js") || path.starts_with("/icon/");
    if asset {
        return if read {
            asset_for(path, ctx)
        } else {
            wrong("GET, HEAD")
        };
    }
    match path {
        "/state" if !read => return wrong("GET, HEAD"),
        "/act" | "/continue" | "/show" if req.method != Method::Post => return wrong("POST"),
        "/state" | "/act" | "/continue" | "/show" => {}
        _ => return Response::text(404, ""),
    }
    if let Err(refused) = take_seat(req, ctx) {
        return refused;
    }
    if read {
        return state(req, ctx);
    }
    if req.body.len() > MAX_BODY {
        return Response::text(413, "request body too large");
    }
    let (closed, away, held) = status(ctx);
    if closed {
        return Response::text(410, CLOSED);
    }
    if away {
        return Response::text(409, AWAY);
    }
    match path {
        "/act" => act(req, ctx),
        "/continue" if !held => Response::text(409, "no card is held up now"),
        "/continue" => queue(&ctx.tx, PageMsg::Continue),
        _ => show(req, ctx),
    }
}

/// The page, its style and script, and the cards' pictures.
fn asset_for(path: &str, ctx: &Ctx) -> Response {
    let code = ctx
        .shared
        .lock()
        .map(|s| s.code.clone())
        .unwrap_or_default();
    match path {
        "/" => Response::new(
            200,
            "text/html; charset=utf-8",
            PAGE.replace("__CODE__", &code),
        ),
        "/page.css" => Response::new(200, "text/css; charset=utf-8", STYLE),
        "/page.js" => Response::new(200, "text/javascript; charset=utf-8", SCRIPT),
        _ => {
            let name = path.strip_prefix("/icon/").unwrap_or_default();
            // A card's picture, tinted for the page's dark ground.
            match crate::cards::art::svg(name) {
                Some(svg) => {
                    Response::new(200, "image/svg+xml", svg.replace("currentColor", "#e8c16b"))
                }
                None => Response::text(404, ""),
            }
        }
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
    sh.last_seen = Some(Instant::now());
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

/// `POST /act`: a Guide's action as offered, with any physical dice (and with them only,
/// while the Guide's table dice are on).
fn act(req: &Request, ctx: &Ctx) -> Response {
    let pa: PageAction = match serde_json::from_slice(&req.body) {
        Ok(pa) => pa,
        Err(e) => return Response::text(400, format!("not an action: {e}")),
    };
    let (offered, physical) = match ctx.shared.lock() {
        Ok(s) => (
            s.offered
                .iter()
                .find(|(a, _)| *a == pa.action)
                .map(|(_, n)| *n),
            s.physical,
        ),
        Err(_) => return Response::text(503, "the game has closed"),
    };
    match offered {
        None => Response::text(409, "that is not one of the Guide's actions now"),
        Some(_) if pa.dice.iter().any(|d| !(1..=6).contains(d)) => {
            Response::text(400, "a die value must be 1 to 6")
        }
        Some(_) if physical && pa.dice.is_empty() && takes_dice(&pa.action) => {
            Response::text(409, super::TABLE_DICE)
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

/// Whether the page's run is closed, whether the table is away, and whether a card is
/// held up.
fn status(ctx: &Ctx) -> (bool, bool, bool) {
    ctx.shared
        .lock()
        .map(|s| (s.closed, s.away, s.held))
        .unwrap_or((true, false, false))
}
