//! The Guide's screen's HTTP side: the listener with its read deadlines, the join code,
//! and one thread per request (the code checked before anything else).

use super::{BODY_DEADLINE, MAX_HANDLERS, READ_DEADLINE};
use super::{MAX_BODY, PAGE, PageAction, PageMsg, Shared};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::{Arc, Mutex};

/// A listening socket whose accepted connections time out their reads (Linux and the
/// BSDs give accepted sockets the listener's timeouts), so that no client can keep a
/// request half-sent for long.
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
    socket
        .set_read_timeout(Some(READ_DEADLINE))
        .map_err(|e| e.to_string())?;
    socket
        .set_write_timeout(Some(READ_DEADLINE))
        .map_err(|e| e.to_string())?;
    socket.bind(&sa.into()).map_err(|e| e.to_string())?;
    socket.listen(64).map_err(|e| e.to_string())?;
    Ok(socket.into())
}

/// A random join code: 16 hex digits from two randomly keyed SipHash states (the standard
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

/// What every request handler shares.
pub(super) struct Ctx {
    pub(super) code: String,
    pub(super) shared: Arc<Mutex<Shared>>,
    pub(super) tx: SyncSender<PageMsg>,
    /// Requests being handled now.
    pub(super) handlers: std::sync::atomic::AtomicUsize,
}

/// Queues a message for the host and answers the request.
fn queue(req: tiny_http::Request, tx: &SyncSender<PageMsg>, msg: PageMsg) {
    match tx.try_send(msg) {
        Ok(()) => reply(req, 202, "text/plain", "queued".into()),
        Err(TrySendError::Full(_)) => {
            reply(req, 429, "text/plain", "too many actions waiting".into())
        }
        Err(TrySendError::Disconnected(_)) => {
            reply(req, 503, "text/plain", "the game has closed".into())
        }
    }
}

/// Takes each request as it comes and hands it to a thread of its own, so that a slow or
/// stalled client (a body promised and never sent) holds up nobody else; a request whose
/// body is not read is drained by the HTTP library when it is dropped, which the
/// connection's read deadline bounds. Returns when the host stops the server.
pub(super) fn serve(server: &tiny_http::Server, ctx: Arc<Ctx>) {
    use std::sync::atomic::Ordering;
    for req in server.incoming_requests() {
        let busy = ctx.handlers.fetch_add(1, Ordering::SeqCst) >= MAX_HANDLERS;
        let c = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("guide-screen-request".into())
            .spawn(move || {
                if busy {
                    reply(req, 503, "text/plain", "too many requests at once".into());
                } else {
                    handle(req, &c);
                }
                c.handlers.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            ctx.handlers.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Reads a request body of at most [`MAX_BODY`] bytes within [`BODY_DEADLINE`].
fn read_body(req: &mut tiny_http::Request) -> Result<Vec<u8>, (u16, &'static str)> {
    if req.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err((413, "request body too large"));
    }
    let start = std::time::Instant::now();
    let mut body = Vec::new();
    let mut buf = [0u8; 512];
    let reader = req.as_reader();
    loop {
        if start.elapsed() > BODY_DEADLINE {
            return Err((408, "the request body came too slowly"));
        }
        match reader.read(&mut buf) {
            Ok(0) => return Ok(body),
            Ok(n) => {
                body.extend_from_slice(&buf[..n]);
                if body.len() > MAX_BODY {
                    return Err((413, "request body too large"));
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Err((408, "the request body came too slowly")),
        }
    }
}

/// Answers one request. The join code is checked before anything else, and before any
/// body is read.
fn handle(mut req: tiny_http::Request, ctx: &Ctx) {
    let url = req.url().to_string();
    if query_code(&url) != Some(ctx.code.as_str()) {
        reply(req, 403, "text/plain", String::new());
        return;
    }
    let path = url.split('?').next().unwrap_or("");
    match (req.method(), path) {
        (tiny_http::Method::Get, "/") => reply(req, 200, "text/html; charset=utf-8", PAGE.into()),
        (tiny_http::Method::Get, icon) if icon.starts_with("/icon/") => {
            // A card's picture, tinted for the page's dark ground.
            match crate::cards::art::svg(&icon["/icon/".len()..]) {
                Some(svg) => reply(
                    req,
                    200,
                    "image/svg+xml",
                    svg.replace("currentColor", "#e8c16b"),
                ),
                None => reply(req, 404, "text/plain", String::new()),
            }
        }
        (tiny_http::Method::Get, "/state") => {
            let body = ctx
                .shared
                .lock()
                .map(|mut s| {
                    s.last_seen = Some(std::time::Instant::now());
                    s.snapshot.clone()
                })
                .unwrap_or_default();
            reply(req, 200, "application/json", body)
        }
        (tiny_http::Method::Post, "/act") => {
            let (closed, _) = status(ctx);
            if closed {
                reply(req, 410, "text/plain", CLOSED.into());
                return;
            }
            let body = match read_body(&mut req) {
                Ok(b) => b,
                Err((status, why)) => {
                    reply(req, status, "text/plain", why.into());
                    return;
                }
            };
            let pa: PageAction = match serde_json::from_slice(&body) {
                Ok(pa) => pa,
                Err(e) => {
                    reply(req, 400, "text/plain", format!("not an action: {e}"));
                    return;
                }
            };
            let offered = ctx.shared.lock().ok().and_then(|s| {
                s.offered
                    .iter()
                    .find(|(a, _)| *a == pa.action)
                    .map(|(_, n)| *n)
            });
            match offered {
                None => reply(
                    req,
                    409,
                    "text/plain",
                    "that is not one of the Guide's actions now".into(),
                ),
                Some(_) if pa.dice.iter().any(|d| !(1..=6).contains(d)) => {
                    reply(req, 400, "text/plain", "a die value must be 1 to 6".into())
                }
                Some(n) if !pa.dice.is_empty() && pa.dice.len() != n => reply(
                    req,
                    400,
                    "text/plain",
                    crate::core::Refusal::Count {
                        rolls: n,
                        typed: pa.dice.len(),
                    }
                    .to_string(),
                ),
                Some(_) => queue(req, &ctx.tx, PageMsg::Act(pa)),
            }
        }
        (tiny_http::Method::Post, "/continue") => {
            let (closed, held) = status(ctx);
            if closed {
                reply(req, 410, "text/plain", CLOSED.into());
            } else if !held {
                reply(req, 409, "text/plain", "no card is held up now".into());
            } else {
                queue(req, &ctx.tx, PageMsg::Continue);
            }
        }
        _ => reply(req, 404, "text/plain", String::new()),
    }
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
