//! The Guide's screen's own small HTTP/1.1 server: one accept loop that never gives up,
//! and one thread per connection whose deadlines belong to that connection alone.
//!
//! Why not an HTTP library's server: the one we used (tiny_http) leaves its accept loop
//! for good on the first accept error, and it can put read deadlines only on the
//! listening socket, where Linux also applies them to `accept` itself, so the server died
//! ten seconds after the last new connection. Requests are parsed by `httparse`; this file
//! only reads and writes the bytes, with the limits below.

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The deadlines and sizes a connection is held to.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// From a request's first byte, its head and body must arrive whole within this; a
    /// client that stalls is answered 408 and its connection closed.
    pub request: Duration,
    /// An idle kept-alive connection (no request begun) is closed after this.
    pub idle: Duration,
    /// A response must be taken by the client within this.
    pub write: Duration,
    /// The largest request head (request line and headers).
    pub max_head: usize,
    /// The largest request body.
    pub max_body: usize,
    /// The most connections served at once; more are answered 503 and closed at once.
    pub max_connections: usize,
}

/// A request's method, as far as the Guide's screen cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Other,
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

/// What answers requests; called on each connection's own thread.
pub trait Answer: Send + Sync {
    /// Called with the head alone, before any body is read: `Some` answers at once and
    /// closes the connection (the body is never read), so that a request refused anyway
    /// (a wrong join code) costs no wait for its body.
    fn before_body(&self, _head: &Request) -> Option<Response> {
        None
    }

    /// Answers a request read whole.
    fn answer(&self, req: &Request) -> Response;
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
    /// Connections answered 503 because too many were open.
    pub turned_away: u64,
}

/// A running server. [`Server::stop`] (or dropping it) closes the port and every
/// connection.
pub struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    open: Arc<Mutex<Vec<(u64, TcpStream)>>>,
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
        let open = Arc::new(Mutex::new(Vec::new()));
        let health = Arc::new(Mutex::new(Health::default()));
        let ctx = AcceptCtx {
            listener: listener.try_clone()?,
            stop: stop.clone(),
            open: open.clone(),
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
            open,
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
        if let Ok(open) = self.open.lock() {
            for (_, s) in open.iter() {
                let _ = s.shutdown(Shutdown::Both);
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
    open: Arc<Mutex<Vec<(u64, TcpStream)>>>,
    health: Arc<Mutex<Health>>,
    limits: Limits,
    handler: Handler,
    next_id: AtomicU64,
}

impl AcceptCtx {
    /// Accepts until stopped. An accept error is logged and the loop goes on, pausing a
    /// little longer each time errors repeat (so that running out of file descriptors
    /// does not spin a core).
    fn run(self) {
        let ctx = Arc::new(self);
        let mut repeated = 0u32;
        loop {
            let accepted = ctx.listener.accept();
            if ctx.stop.load(Ordering::SeqCst) {
                return;
            }
            match accepted {
                Ok((stream, _)) => {
                    repeated = 0;
                    ctx.admit(stream);
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

    /// Serves a new connection on a thread of its own, or turns it away at once when too
    /// many are open.
    fn admit(self: &Arc<Self>, stream: TcpStream) {
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        let registered = stream.try_clone().ok().and_then(|clone| {
            let mut open = self.open.lock().ok()?;
            (open.len() < self.limits.max_connections).then(|| open.push((id, clone)))
        });
        if registered.is_none() {
            if let Ok(mut h) = self.health.lock() {
                h.turned_away += 1;
            }
            let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
            let mut stream = stream;
            let busy = Response::text(503, "too many connections at once");
            let _ = write_response(&mut stream, &busy, false);
            return;
        }
        let ctx = self.clone();
        let spawned = std::thread::Builder::new()
            .name("guide-screen-connection".into())
            .spawn(move || {
                serve_connection(stream, &ctx.limits, &ctx.handler);
                if let Ok(mut open) = ctx.open.lock() {
                    open.retain(|(i, _)| *i != id);
                }
            });
        if spawned.is_err()
            && let Ok(mut open) = self.open.lock()
        {
            open.retain(|(i, _)| *i != id);
        }
    }
}

/// Why a connection stops reading requests.
enum Stop {
    /// The client closed it, went idle too long, or the server is stopping: close quietly.
    Quiet,
    /// Answer this status with this reason, then close.
    Answer(u16, &'static str),
    /// The handler answered the head before its body: send this, then close.
    Early(Response),
}

/// Serves requests on one connection until it closes, idles out or misbehaves.
fn serve_connection(mut stream: TcpStream, limits: &Limits, handler: &Handler) {
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(limits.write));
    let mut buf: Vec<u8> = Vec::with_capacity(1024);
    loop {
        match read_request(&mut stream, &mut buf, limits, handler.as_ref()) {
            Ok((req, keep_alive)) => {
                let resp = handler.answer(&req);
                if write_response(&mut stream, &resp, keep_alive).is_err() || !keep_alive {
                    return;
                }
            }
            Err(stop) => {
                let resp = match stop {
                    Stop::Answer(status, why) => Response::text(status, why),
                    Stop::Early(resp) => resp,
                    Stop::Quiet => return,
                };
                let _ = write_response(&mut stream, &resp, false);
                let _ = stream.shutdown(Shutdown::Both);
                return;
            }
        }
    }
}

/// Reads more bytes into `buf`, waiting at most until `deadline` (`None`: the idle
/// deadline from now). `Ok(false)`: the client closed the connection.
fn fill(
    stream: &mut TcpStream,
    buf: &mut Vec<u8>,
    deadline: Option<Instant>,
    limits: &Limits,
) -> Result<bool, io::ErrorKind> {
    let wait = match deadline {
        Some(d) => d.saturating_duration_since(Instant::now()),
        None => limits.idle,
    };
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

/// Reads one request whole (head and body within [`Limits::request`] of its first byte),
/// leaving any bytes of the next request in `buf`. Also says whether the connection stays
/// open after the answer.
fn read_request(
    stream: &mut TcpStream,
    buf: &mut Vec<u8>,
    limits: &Limits,
    handler: &dyn Answer,
) -> Result<(Request, bool), Stop> {
    // Between requests: wait for a first byte as long as an idle connection may.
    if buf.is_empty() {
        match fill(stream, buf, None, limits) {
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
            Ok(httparse::Status::Complete(n)) => {
                let head = head_of(&parsed)?;
                break (head.0, n, head.1, head.2);
            }
            Ok(httparse::Status::Partial) => {
                if buf.len() > limits.max_head {
                    return Err(Stop::Answer(431, "request head too large"));
                }
                match fill(stream, buf, Some(deadline), limits) {
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
    if let Some(resp) = handler.before_body(&req) {
        return Err(Stop::Early(resp));
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
        match fill(stream, buf, Some(deadline), limits) {
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
/// head.
fn head_of(parsed: &httparse::Request) -> Result<(Request, usize, bool), Stop> {
    let method = match parsed.method {
        Some("GET") | Some("HEAD") => Method::Get,
        Some("POST") => Method::Post,
        _ => Method::Other,
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
    let length = match req.header("content-length") {
        Some(v) => v
            .parse::<usize>()
            .map_err(|_| Stop::Answer(400, "a bad Content-Length"))?,
        None => 0,
    };
    let connection = req.header("connection").map(str::to_ascii_lowercase);
    let keep_alive = match parsed.version {
        Some(0) => connection.as_deref() == Some("keep-alive"),
        _ => connection.as_deref() != Some("close"),
    };
    Ok((req, length, keep_alive))
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

/// Writes a response in one write (a 304 carries no body).
fn write_response(stream: &mut TcpStream, resp: &Response, keep_alive: bool) -> io::Result<()> {
    let body: &[u8] = if resp.status == 304 { &[] } else { &resp.body };
    let mut out = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nCache-Control: no-store\r\nContent-Length: {}\r\nConnection: {}\r\n",
        resp.status,
        reason(resp.status),
        resp.content_type,
        body.len(),
        if keep_alive { "keep-alive" } else { "close" },
    );
    for (name, value) in &resp.headers {
        out.push_str(&format!("{name}: {value}\r\n"));
    }
    out.push_str("\r\n");
    let mut bytes = out.into_bytes();
    bytes.extend_from_slice(body);
    stream.write_all(&bytes)?;
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, BufReader};

    fn limits() -> Limits {
        Limits {
            request: Duration::from_millis(400),
            idle: Duration::from_secs(5),
            write: Duration::from_secs(1),
            max_head: 4096,
            max_body: 64,
            max_connections: 4,
        }
    }

    struct Echo;
    impl Answer for Echo {
        fn before_body(&self, head: &Request) -> Option<Response> {
            (head.path == "/refused").then(|| Response::text(403, ""))
        }
        fn answer(&self, r: &Request) -> Response {
            Response::text(
                200,
                format!("{} {}", r.path, String::from_utf8_lossy(&r.body)),
            )
        }
    }

    fn echo() -> Handler {
        Arc::new(Echo)
    }

    fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        Server::start(listener, limits(), echo()).expect("start")
    }

    /// Reads one response: its status and body.
    fn answer(r: &mut BufReader<TcpStream>) -> (u16, String) {
        let mut line = String::new();
        r.read_line(&mut line).expect("status line");
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let mut length = 0;
        loop {
            let mut h = String::new();
            r.read_line(&mut h).expect("header");
            if h.trim().is_empty() {
                break;
            }
            if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
                length = v.trim().parse().expect("length");
            }
        }
        let mut body = vec![0; length];
        r.read_exact(&mut body).expect("body");
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    #[test]
    fn a_kept_alive_connection_serves_request_after_request_and_pipelined_ones() {
        let server = start();
        let s = TcpStream::connect(server.addr()).expect("connect");
        let mut w = s.try_clone().expect("clone");
        let mut r = BufReader::new(s);
        for i in 0..3 {
            write!(w, "GET /n{i} HTTP/1.1\r\nHost: x\r\n\r\n").expect("send");
            assert_eq!(answer(&mut r), (200, format!("/n{i} ")));
        }
        // Two requests in one write: both answered, in order.
        w.write_all(b"POST /a HTTP/1.1\r\nContent-Length: 2\r\n\r\nhiGET /b HTTP/1.1\r\n\r\n")
            .expect("send");
        assert_eq!(answer(&mut r), (200, "/a hi".into()));
        assert_eq!(answer(&mut r), (200, "/b ".into()));
    }

    #[test]
    fn a_stalled_body_is_answered_408_at_the_deadline_and_others_are_served_meanwhile() {
        let server = start();
        let mut stalled = TcpStream::connect(server.addr()).expect("connect");
        stalled
            .write_all(b"POST /act HTTP/1.1\r\nContent-Length: 50\r\n\r\nabc")
            .expect("send");
        let started = Instant::now();
        // Another client is answered at once meanwhile.
        let s = TcpStream::connect(server.addr()).expect("connect");
        let mut w = s.try_clone().expect("clone");
        let mut r = BufReader::new(s);
        w.write_all(b"GET /state HTTP/1.1\r\n\r\n").expect("send");
        assert_eq!(answer(&mut r).0, 200);
        let mut r = BufReader::new(stalled);
        assert_eq!(answer(&mut r).0, 408);
        let took = started.elapsed();
        assert!(
            took >= Duration::from_millis(350),
            "cut at the deadline, not before: {took:?}"
        );
        // A request the handler refuses on its head is answered before its body comes.
        let mut early = TcpStream::connect(server.addr()).expect("connect");
        early
            .write_all(b"POST /refused HTTP/1.1\r\nContent-Length: 50\r\n\r\n")
            .expect("send");
        let started = Instant::now();
        assert_eq!(answer(&mut BufReader::new(early)).0, 403);
        assert!(started.elapsed() < Duration::from_millis(350));
    }

    #[test]
    fn too_large_a_body_and_too_many_connections_are_refused() {
        let server = start();
        let s = TcpStream::connect(server.addr()).expect("connect");
        let mut w = s.try_clone().expect("clone");
        let mut r = BufReader::new(s);
        w.write_all(b"POST /act HTTP/1.1\r\nContent-Length: 65\r\n\r\n")
            .expect("send");
        assert_eq!(answer(&mut r).0, 413);
        // Four idle connections fill the server; the fifth is turned away at once.
        let idle: Vec<TcpStream> = (0..4)
            .map(|_| TcpStream::connect(server.addr()).expect("connect"))
            .collect();
        std::thread::sleep(Duration::from_millis(100));
        let mut r = BufReader::new(TcpStream::connect(server.addr()).expect("connect"));
        assert_eq!(answer(&mut r).0, 503);
        drop(idle);
    }

    #[test]
    fn stopping_closes_the_port_and_cuts_open_connections() {
        let mut server = start();
        let addr = server.addr();
        let open = TcpStream::connect(addr).expect("connect");
        std::thread::sleep(Duration::from_millis(50));
        server.stop();
        assert!(!server.running());
        let mut byte = [0u8; 1];
        open.set_read_timeout(Some(Duration::from_secs(2)))
            .expect("timeout");
        assert!(
            matches!((&open).read(&mut byte), Ok(0) | Err(_)),
            "the connection is cut"
        );
        assert!(TcpStream::connect(addr).is_err(), "the port is closed");
        // And it can be listened on again at once.
        let again = TcpListener::bind(addr).expect("the port is free again");
        drop(again);
    }
}
