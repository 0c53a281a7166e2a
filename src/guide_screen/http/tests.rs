//! The server's HTTP and admission rules, each against a raw socket.

use super::*;
use std::io::{BufRead, BufReader, Read, Write};
use std::time::Instant;

fn limits() -> Limits {
    Limits {
        first_byte: Duration::from_millis(600),
        request: Duration::from_millis(400),
        idle: Duration::from_secs(5),
        write: Duration::from_millis(800),
        max_head: 4096,
        max_body: 64,
        max_connections: 4,
        per_peer: 3,
        probation: 2,
    }
}

/// Answers with the path and body; `/refused` is refused on its head, `seat=s` is the
/// seat holder's, `/304` is unchanged, `/big` is 20 MB, `/panic` panics.
struct Echo;
impl Answer for Echo {
    fn admit(&self, head: &Request) -> Admit {
        if head.path == "/refused" {
            Admit::Refuse(Response::text(403, ""))
        } else if head.param("seat") == Some("s") {
            Admit::Seat
        } else {
            Admit::Coded
        }
    }
    fn answer(&self, r: &Request) -> Response {
        match r.path.as_str() {
            "/304" => Response::new(304, "application/json", Vec::new())
                .with_header("ETag", "\"1\"".into()),
            "/big" => Response::new(200, "text/plain", vec![b'x'; 20 << 20]),
            "/panic" => panic!("a handler that panics (on purpose, in a test)"),
            _ => Response::text(
                200,
                format!("{} {}", r.path, String::from_utf8_lossy(&r.body)),
            ),
        }
    }
}

fn start_with(l: Limits) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    Server::start(listener, l, Arc::new(Echo)).expect("start")
}

fn start() -> Server {
    start_with(limits())
}

/// One answer: status, headers (names in lower case) and body, read by its length.
struct Got {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Got {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads one answer; `head`: it answers a HEAD (no body follows, whatever its length).
fn read_answer(r: &mut BufReader<TcpStream>, head: bool) -> Got {
    let mut line = String::new();
    r.read_line(&mut line).expect("status line");
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        r.read_line(&mut h).expect("header");
        if h.trim().is_empty() {
            break;
        }
        let (k, v) = h.split_once(':').expect("a header line");
        headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
    }
    let length = headers
        .iter()
        .find(|(k, _)| k == "content-length")
        .map_or(0, |(_, v)| v.parse().expect("length"));
    let mut body = vec![0; if head { 0 } else { length }];
    r.read_exact(&mut body).expect("body");
    Got {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    }
}

fn answer(r: &mut BufReader<TcpStream>) -> (u16, String) {
    let g = read_answer(r, false);
    (g.status, g.body)
}

/// A connection with a reader on it.
fn open(server: &Server) -> (TcpStream, BufReader<TcpStream>) {
    let s = TcpStream::connect(server.addr()).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    (s.try_clone().expect("clone"), BufReader::new(s))
}

/// Whether the server closed `s` (a read ends, with no bytes, within 5 s).
fn closed(s: &TcpStream) -> bool {
    s.set_read_timeout(Some(Duration::from_secs(5)))
        .expect("timeout");
    let mut byte = [0u8; 1];
    matches!((&*s).read(&mut byte), Ok(0) | Err(_))
}

/// Waits (up to 5 s) until `f` holds.
fn eventually(f: impl Fn() -> bool) -> bool {
    let until = Instant::now() + Duration::from_secs(5);
    while Instant::now() < until {
        if f() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    f()
}

#[test]
fn a_kept_alive_connection_serves_request_after_request_and_pipelined_ones() {
    let server = start();
    let (mut w, mut r) = open(&server);
    for i in 0..3 {
        write!(w, "GET /n{i} HTTP/1.1\r\nHost: x\r\n\r\n").expect("send");
        assert_eq!(answer(&mut r), (200, format!("/n{i} ")));
    }
    // Two requests in one write: both answered, in order.
    w.write_all(b"POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhiGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("send");
    assert_eq!(answer(&mut r), (200, "/a hi".into()));
    assert_eq!(answer(&mut r), (200, "/b ".into()));
}

#[test]
fn head_is_answered_without_a_body_and_the_next_answer_is_whole() {
    let server = start();
    let (mut w, mut r) = open(&server);
    w.write_all(b"HEAD /page HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("send");
    let head = read_answer(&mut r, true);
    assert_eq!(head.status, 200);
    assert_eq!(head.header("content-length"), Some("6"), "the GET's length");
    // The next answer on the connection starts right after the HEAD's headers: had the
    // HEAD carried its body, this status line would read "/page HTTP/1.1 ...".
    w.write_all(b"GET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("send");
    assert_eq!(answer(&mut r), (200, "/next ".into()));
}

#[test]
fn a_head_http_1_1_forbids_is_refused_with_400() {
    let server = start();
    for (head, why) in [
        (
            "POST /act HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 30\r\n\r\nhi",
            "two differing lengths",
        ),
        (
            "POST /act HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nhi",
            "a length twice",
        ),
        (
            "POST /act HTTP/1.1\r\nHost: x\r\nContent-Length: +2\r\n\r\nhi",
            "a sign",
        ),
        (
            "POST /act HTTP/1.1\r\nHost: x\r\nContent-Length: 2, 2\r\n\r\nhi",
            "a list",
        ),
        (
            "POST /act HTTP/1.1\r\nHost: x\r\nContent-Length: two\r\n\r\nhi",
            "a word",
        ),
        ("GET /state HTTP/1.1\r\n\r\n", "no Host"),
        (
            "GET /state HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
            "two Hosts",
        ),
    ] {
        let (mut w, mut r) = open(&server);
        w.write_all(head.as_bytes()).expect("send");
        let (status, body) = answer(&mut r);
        assert_eq!(status, 400, "{why}: {body}");
        assert!(closed(&w), "{why}: the connection is closed after it");
    }
    // HTTP/1.0 has no Host to require.
    let (mut w, mut r) = open(&server);
    w.write_all(b"GET /old HTTP/1.0\r\n\r\n").expect("send");
    assert_eq!(answer(&mut r).0, 200);
}

#[test]
fn every_answer_carries_the_safety_headers_and_a_304_no_length() {
    let server = start();
    let (mut w, mut r) = open(&server);
    w.write_all(b"GET /304 HTTP/1.1\r\nHost: x\r\n\r\nGET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("send");
    let unchanged = read_answer(&mut r, false);
    assert_eq!(unchanged.status, 304);
    assert_eq!(
        unchanged.header("content-length"),
        None,
        "no length on a 304"
    );
    assert_eq!(unchanged.header("etag"), Some("\"1\""));
    let full = read_answer(&mut r, false);
    assert_eq!(full.body, "/x ");
    for got in [&unchanged, &full] {
        assert_eq!(got.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(
            got.header("content-security-policy"),
            Some("default-src 'self'; frame-ancestors 'none'")
        );
        assert_eq!(got.header("referrer-policy"), Some("no-referrer"));
    }
}

#[test]
fn the_head_limit_is_the_documented_one() {
    let server = start();
    // A head of exactly the limit is read; one byte more is refused.
    let head = |len: usize| {
        let start = "GET /h HTTP/1.1\r\nHost: x\r\nX-Pad: ";
        let pad = len - start.len() - 4;
        format!("{start}{}\r\n\r\n", "p".repeat(pad))
    };
    for (len, want) in [(4096, 200), (4097, 431), (9000, 431)] {
        let (mut w, mut r) = open(&server);
        w.write_all(head(len).as_bytes()).expect("send");
        assert_eq!(answer(&mut r).0, want, "a head of {len} bytes");
    }
}

#[test]
fn a_stalled_body_is_answered_408_at_the_deadline_and_others_are_served_meanwhile() {
    let server = start();
    let (mut stalled, _) = open(&server);
    stalled
        .write_all(b"POST /act HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\nabc")
        .expect("send");
    let started = Instant::now();
    let (mut w, mut r) = open(&server);
    w.write_all(b"GET /state HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("send");
    assert_eq!(answer(&mut r).0, 200);
    assert_eq!(answer(&mut BufReader::new(stalled)).0, 408);
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(350),
        "cut at the deadline, not before: {took:?}"
    );
    // A request the handler refuses on its head is answered before its body comes.
    let (mut early, mut r) = open(&server);
    early
        .write_all(b"POST /refused HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n")
        .expect("send");
    let started = Instant::now();
    assert_eq!(answer(&mut r).0, 403);
    assert!(started.elapsed() < Duration::from_millis(350));
}

#[test]
fn a_slow_reader_gets_one_deadline_for_the_whole_answer() {
    let server = start();
    let (mut w, r) = open(&server);
    w.write_all(b"GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("send");
    // The reader takes a little every 20 ms: every write of the server makes progress, so
    // only a deadline for the whole answer ends it (0.8 s here).
    let reading = std::thread::spawn(move || {
        let mut r = r;
        let mut chunk = [0u8; 4096];
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(6) {
            if matches!(r.read(&mut chunk), Ok(0) | Err(_)) {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    });
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(server.open(), 1, "the answer is being written");
    let started = Instant::now();
    assert!(
        eventually(|| server.open() == 0),
        "the slot is freed at the answer's deadline"
    );
    assert!(started.elapsed() < Duration::from_secs(3));
    drop(reading);
}

#[test]
fn too_large_a_body_is_refused() {
    let server = start();
    let (mut w, mut r) = open(&server);
    w.write_all(b"POST /act HTTP/1.1\r\nHost: x\r\nContent-Length: 65\r\n\r\n")
        .expect("send");
    assert_eq!(answer(&mut r).0, 413);
}

#[test]
fn a_silent_connection_is_closed_after_the_first_byte_deadline() {
    let server = start();
    let (s, _) = open(&server);
    let started = Instant::now();
    assert!(closed(&s));
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(550) && took < Duration::from_secs(3),
        "{took:?}"
    );
}

/// A connection from another loopback address (another device, as the server sees it).
fn open_from(server: &Server, ip: [u8; 4]) -> TcpStream {
    use socket2::{Domain, Socket, Type};
    let s = Socket::new(Domain::IPV4, Type::STREAM, None).expect("socket");
    let from = std::net::SocketAddr::from((ip, 0));
    s.bind(&from.into()).expect("bind a loopback address");
    s.connect(&server.addr().into()).expect("connect");
    s.into()
}

#[test]
fn at_a_peers_cap_its_oldest_connection_without_the_code_makes_way() {
    let server = start_with(Limits {
        first_byte: Duration::from_secs(5),
        ..limits()
    });
    // The peer's cap is 3: three silent connections, then a fourth.
    let silent: Vec<TcpStream> = (0..3).map(|_| open(&server).0).collect();
    assert!(eventually(|| server.open() == 3));
    let (mut w, mut r) = open(&server);
    w.write_all(b"GET /new HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("send");
    assert_eq!(answer(&mut r).0, 200, "the newcomer is served");
    assert!(closed(&silent[0]), "the oldest silent one was closed");
    // Another peer is never closed for this one's newcomers.
    let other = open_from(&server, [127, 0, 0, 2]);
    for _ in 0..4 {
        let _more = open(&server).0;
    }
    other
        .set_read_timeout(Some(Duration::from_millis(200)))
        .expect("timeout");
    let mut byte = [0u8; 1];
    assert!(
        matches!((&other).read(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock || e.kind() == std::io::ErrorKind::TimedOut),
        "the other peer's connection stays open"
    );
}

#[test]
fn at_the_servers_cap_the_oldest_connection_without_the_code_makes_way() {
    let server = start();
    // Four peers fill the server's cap of four with silent connections.
    let silent: Vec<TcpStream> = (2..6).map(|i| open_from(&server, [127, 0, 0, i])).collect();
    assert!(eventually(|| server.open() == 4));
    let (mut w, mut r) = open(&server);
    w.write_all(b"GET /new HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("send");
    assert_eq!(answer(&mut r).0, 200, "the newcomer is served");
    assert!(closed(&silent[0]), "the oldest silent one was closed");
}

#[test]
fn at_the_servers_cap_the_peer_holding_the_most_makes_way_first() {
    // Silent connections that outlive the test's own steps, however slow the machine.
    let server = start_with(Limits {
        first_byte: Duration::from_secs(5),
        ..limits()
    });
    // One device's silent connection first, then a flood of three from another address.
    let lone = open_from(&server, [127, 0, 0, 3]);
    std::thread::sleep(Duration::from_millis(30));
    let flood: Vec<TcpStream> = (0..3).map(|_| open_from(&server, [127, 0, 0, 2])).collect();
    assert!(eventually(|| server.open() == 4));
    let (mut w, mut r) = open(&server);
    w.write_all(b"GET /new HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("send");
    assert_eq!(answer(&mut r).0, 200);
    assert!(closed(&flood[0]), "the flood's oldest made way");
    lone.set_read_timeout(Some(Duration::from_millis(200)))
        .expect("timeout");
    let mut byte = [0u8; 1];
    assert!(
        matches!((&lone).read(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock || e.kind() == std::io::ErrorKind::TimedOut),
        "the lone device's older connection stays"
    );
}

#[test]
fn connections_that_showed_the_code_stay_and_the_seat_holder_always_gets_in() {
    let server = start();
    // Three connections that showed the code fill the peer's cap: a newcomer is heard on
    // probation, answered busy unless it is the seat holder's.
    let coded: Vec<(TcpStream, BufReader<TcpStream>)> = (0..3)
        .map(|i| {
            let (mut w, mut r) = open(&server);
            write!(w, "GET /c{i} HTTP/1.1\r\nHost: x\r\n\r\n").expect("send");
            assert_eq!(answer(&mut r).0, 200);
            (w, r)
        })
        .collect();
    let (mut w, mut r) = open(&server);
    w.write_all(b"GET /other HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("send");
    let busy = read_answer(&mut r, false);
    assert_eq!(busy.status, 503);
    assert_eq!(busy.header("retry-after"), Some("1"));
    let (mut w, mut r) = open(&server);
    w.write_all(b"GET /mine?seat=s HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("send");
    assert_eq!(answer(&mut r), (200, "/mine ".into()), "the holder gets in");
    // And the coded ones are still served.
    for (mut w, mut r) in coded {
        w.write_all(b"GET /still HTTP/1.1\r\nHost: x\r\n\r\n")
            .expect("send");
        assert_eq!(answer(&mut r).0, 200);
    }
}

#[test]
fn a_handler_that_panics_frees_its_slot() {
    let server = start();
    for _ in 0..8 {
        let (mut w, _) = open(&server);
        let _ = w.write_all(b"GET /panic HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(closed(&w));
    }
    assert!(
        eventually(|| server.open() == 0),
        "every slot freed: {} still held",
        server.open()
    );
    let (mut w, mut r) = open(&server);
    w.write_all(b"GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("send");
    assert_eq!(answer(&mut r).0, 200);
}

#[test]
fn stopping_closes_the_port_and_cuts_open_connections() {
    let mut server = start();
    let addr = server.addr();
    let open = TcpStream::connect(addr).expect("connect");
    std::thread::sleep(Duration::from_millis(50));
    server.stop();
    assert!(!server.running());
    assert!(closed(&open), "the connection is cut");
    assert!(TcpStream::connect(addr).is_err(), "the port is closed");
    // And it can be listened on again at once.
    let again = TcpListener::bind(addr).expect("the port is free again");
    drop(again);
}
