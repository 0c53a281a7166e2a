//! One connection: requests read within their deadlines, answers written within one.

use super::{Admit, ConnCtx, Method, Request, Response};
use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::Instant;

/// How a connection ended, as the server counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ended {
    /// Closed by the client, idled out, cut or answered and closed.
    Closed,
    /// A newcomer on probation, answered busy.
    TurnedAway,
}

/// Why a connection stops reading requests.
enum Stop {
    /// The client closed it, went idle too long, or the server is stopping: close quietly.
    Quiet,
    /// Answer this status with this reason, then close.
    Answer(u16, &'static str),
    /// Answer this (a request refused on its head, or busy), then close.
    Early(Response, Ended),
}

/// Headers every answer carries: no sniffing, nothing loaded from elsewhere, never framed,
/// and no address sent on as a referrer (the page's address holds the join code).
const SAFETY: [(&str, &str); 3] = [
    ("X-Content-Type-Options", "nosniff"),
    (
        "Content-Security-Policy",
        "default-src 'self'; frame-ancestors 'none'",
    ),
    ("Referrer-Policy", "no-referrer"),
];

/// Serves requests on one connection until it closes, idles out or misbehaves.
pub(super) fn serve(mut stream: TcpStream, ctx: &ConnCtx) -> Ended {
    let _ = stream.set_nodelay(true);
    let limits = &ctx.limits;
    let mut buf: Vec<u8> = Vec::with_capacity(1024);
    let mut first = true;
    loop {
        let read = read_request(&mut stream, &mut buf, first, ctx);
        first = false;
        match read {
            Ok((req, keep_alive)) => {
                let head_only = req.method == Method::Head;
                let resp = ctx.handler.answer(&req);
                let deadline = Instant::now() + limits.write;
                if write_response(&mut stream, &resp, keep_alive, head_only, deadline).is_err()
                    || !keep_alive
                {
                    let _ = stream.shutdown(Shutdown::Both);
                    return Ended::Closed;
                }
            }
            Err(stop) => {
                let (resp, ended) = match stop {
                    Stop::Answer(status, why) => (Response::text(status, why), Ended::Closed),
                    Stop::Early(resp, ended) => (resp, ended),
                    Stop::Quiet => return Ended::Closed,
                };
                let deadline = Instant::now() + limits.write;
                let _ = write_response(&mut stream, &resp, false, false, deadline);
                let _ = stream.shutdown(Shutdown::Both);
                return ended;
            }
        }
    }
}

/// Reads more bytes into `buf`, waiting at most until `deadline`. `Ok(false)`: the client
/// closed the connection.
fn fill(
    stream: &mut TcpStream,
    buf: &mut Vec<u8>,
    deadline: Instant,
) -> Result<bool, io::ErrorKind> {
    let wait = deadline.saturating_duration_since(Instant::now());
    if wait.is_zero() {
        return Err(io::ErrorKind::TimedOut);
    }
    stream.set_read_timeout(Some(wait)).map_err(|e| e.kind())?;
    let mut chunk = [0u8; 2048];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => return Ok(false),
            Ok(n) => {
                buf.extend_from_slice(&chunk[..n]);
                return Ok(true);
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Err(io::ErrorKind::TimedOut),
            Err(e) => return Err(e.kind()),
        }
    }
}

/// Reads one request whole (head and body within [`super::Limits::request`] of its first byte),
/// leaving any bytes of the next request in `buf`. Also says whether the connection stays
/// open after the answer. `first`: the connection's first request, whose first byte must
/// come within [`super::Limits::first_byte`] (later ones within [`super::Limits::idle`]).
fn read_request(
    stream: &mut TcpStream,
    buf: &mut Vec<u8>,
    first: bool,
    ctx: &ConnCtx,
) -> Result<(Request, bool), Stop> {
    let limits = &ctx.limits;
    if buf.is_empty() {
        let wait = if first {
            limits.first_byte
        } else {
            limits.idle
        };
        match fill(stream, buf, Instant::now() + wait) {
            Ok(true) => {}
            Ok(false) | Err(_) => return Err(Stop::Quiet),
        }
    }
    let deadline = Instant::now() + limits.request;
    let too_slow = Stop::Answer(408, "the request came too slowly");
    let (mut req, head_len, length, keep_alive) = loop {
        let mut headers = [httparse::EMPTY_HEADER; 32];
        let mut parsed = httparse::Request::new(&mut headers);
        match parsed.parse(buf) {
            Ok(httparse::Status::Complete(n)) if n > limits.max_head => {
                return Err(Stop::Answer(431, "request head too large"));
            }
            Ok(httparse::Status::Complete(n)) => {
                let (req, length, keep_alive) = head_of(&parsed)?;
                break (req, n, length, keep_alive);
            }
            Ok(httparse::Status::Partial) => {
                if buf.len() >= limits.max_head {
                    return Err(Stop::Answer(431, "request head too large"));
                }
                match fill(stream, buf, deadline) {
                    Ok(true) => {}
                    Ok(false) => return Err(Stop::Quiet),
                    Err(_) => return Err(too_slow),
                }
            }
            Err(httparse::Error::TooManyHeaders) => {
                return Err(Stop::Answer(431, "too many request headers"));
            }
            Err(_) => return Err(Stop::Answer(400, "not an HTTP request")),
        }
    };
    let admit = ctx.handler.admit(&req);
    if !ctx.judged(&admit) {
        return Err(Stop::Early(ctx.handler.busy(&req), Ended::TurnedAway));
    }
    if let Admit::Refuse(resp) = admit {
        return Err(Stop::Early(resp, Ended::Closed));
    }
    if length > limits.max_body {
        return Err(Stop::Answer(413, "request body too large"));
    }
    if req
        .header("expect")
        .is_some_and(|v| v.eq_ignore_ascii_case("100-continue"))
        && buf.len() < head_len + length
    {
        let _ = stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
    }
    while buf.len() < head_len + length {
        match fill(stream, buf, deadline) {
            Ok(true) => {}
            Ok(false) => return Err(Stop::Quiet),
            Err(_) => return Err(too_slow),
        }
    }
    req.body = buf[head_len..head_len + length].to_vec();
    buf.drain(..head_len + length);
    Ok((req, keep_alive))
}

/// The request, its body's length and whether the connection stays open, from a parsed
/// head; a head HTTP/1.1 forbids (no Host, two lengths, a length that is not a number) is
/// refused with 400.
fn head_of(parsed: &httparse::Request) -> Result<(Request, usize, bool), Stop> {
    let method = match parsed.method {
        Some("GET") => Method::Get,
        Some("HEAD") => Method::Head,
        Some("POST") => Method::Post,
        other => Method::Other(other.unwrap_or_default().to_string()),
    };
    let target = parsed.path.unwrap_or("/");
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let query = query
        .split('&')
        .filter(|kv| !kv.is_empty())
        .map(|kv| match kv.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (kv.to_string(), String::new()),
        })
        .collect();
    let headers: Vec<(String, String)> = parsed
        .headers
        .iter()
        .map(|h| {
            (
                h.name.to_ascii_lowercase(),
                String::from_utf8_lossy(h.value).trim().to_string(),
            )
        })
        .collect();
    let count = |name: &str| headers.iter().filter(|(k, _)| k == name).count();
    let (hosts, lengths) = (count("host"), count("content-length"));
    let http11 = parsed.version == Some(1);
    if http11 && hosts != 1 {
        return Err(Stop::Answer(
            400,
            "an HTTP/1.1 request must carry exactly one Host header",
        ));
    }
    let req = Request {
        method,
        path: path.to_string(),
        query,
        headers,
        body: Vec::new(),
    };
    if req.header("transfer-encoding").is_some() {
        return Err(Stop::Answer(411, "send the body with a Content-Length"));
    }
    if lengths > 1 {
        return Err(Stop::Answer(400, "more than one Content-Length"));
    }
    let length = match req.header("content-length") {
        Some(v) => content_length(v).ok_or(Stop::Answer(400, "a bad Content-Length"))?,
        None => 0,
    };
    let connection = req.header("connection").map(str::to_ascii_lowercase);
    let keep_alive = if http11 {
        connection.as_deref() != Some("close")
    } else {
        connection.as_deref() == Some("keep-alive")
    };
    Ok((req, length, keep_alive))
}

/// A Content-Length value: digits only (no sign, no spaces inside, no list), at most what
/// fits.
fn content_length(v: &str) -> Option<usize> {
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    v.parse().ok()
}

/// The reason phrase of the statuses the Guide's screen answers.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        202 => "Accepted",
        304 => "Not Modified",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        410 => "Gone",
        411 => "Length Required",
        413 => "Content Too Large",
        423 => "Locked",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "",
    }
}

/// A response's bytes: a 304 carries neither body nor length; a HEAD's answer carries
/// the length its GET would have, and no body.
pub(super) fn response_bytes(resp: &Response, keep_alive: bool, head_only: bool) -> Vec<u8> {
    let mut out = format!("HTTP/1.1 {} {}\r\n", resp.status, reason(resp.status));
    if resp.status != 304 {
        out.push_str(&format!(
            "Content-Type: {}\r\nContent-Length: {}\r\n",
            resp.content_type,
            resp.body.len()
        ));
    }
    out.push_str("Cache-Control: no-store\r\n");
    for (name, value) in SAFETY {
        out.push_str(&format!("{name}: {value}\r\n"));
    }
    out.push_str(&format!(
        "Connection: {}\r\n",
        if keep_alive { "keep-alive" } else { "close" }
    ));
    for (name, value) in &resp.headers {
        out.push_str(&format!("{name}: {value}\r\n"));
    }
    out.push_str("\r\n");
    let mut bytes = out.into_bytes();
    if resp.status != 304 && !head_only {
        bytes.extend_from_slice(&resp.body);
    }
    bytes
}

/// Writes a response whole by `deadline`: each write waits only for what is left of it,
/// so a client that takes a few bytes at a time cannot stretch it.
fn write_response(
    stream: &mut TcpStream,
    resp: &Response,
    keep_alive: bool,
    head_only: bool,
    deadline: Instant,
) -> io::Result<()> {
    let bytes = response_bytes(resp, keep_alive, head_only);
    let mut sent = 0;
    while sent < bytes.len() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        stream.set_write_timeout(Some(left))?;
        match stream.write(&bytes[sent..]) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => sent += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    stream.flush()
}
