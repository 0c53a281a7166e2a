//! A real browser for the Guide's screen: plain HTTP requests, and a small W3C WebDriver
//! client driving Debian's Chromium through `chromedriver` (package `chromium-driver`).
//! WebDriver clicks are real pointer events (the driver moves the pointer to the element's
//! middle and presses there), so a click exercises the page as a player's tap does.

use super::tools;
use base64::Engine;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the browser is waited for (to start, to show a text, to offer a button): long,
/// since each wait ends as soon as it holds and a loaded machine is slow to draw a page.
pub const DEADLINE: Duration = Duration::from_secs(300);

/// An HTTP/1.1 request with a JSON body; returns the status and the body. The body is read
/// by its length: `chromedriver` answers HTTP/1.0 with nothing and keeps the connection
/// open after an answer (the game's Guide's screen closes it).
pub fn http(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    let mut r = BufReader::new(s);
    let mut status = String::new();
    r.read_line(&mut status).expect("status line");
    let status = status
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let mut length = 0;
    loop {
        let mut header = String::new();
        r.read_line(&mut header).expect("header");
        let header = header.trim();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().expect("a length");
        }
    }
    let mut body = vec![0; length];
    r.read_exact(&mut body).expect("body");
    (status, String::from_utf8_lossy(&body).into_owned())
}

/// A Chromium session under `chromedriver`; both end when dropped.
pub struct Browser {
    driver: Child,
    addr: String,
    session: String,
    profile: PathBuf,
}

/// The key WebDriver names an element by.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Browser {
    /// Starts `chromedriver` and a headless Chromium showing pages in a `width` x `height`
    /// viewport (see [`Browser::viewport`]), or `None` (the test skipped, see
    /// [`tools::find`]) when either is not installed.
    pub fn start(width: u32, height: u32, phone: bool) -> Option<Browser> {
        let chromium = tools::find(&["chromium", "chromium-browser"], "--version", "chromium")?;
        tools::find(&["chromedriver"], "--version", "chromium-driver")?;
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn chromedriver");
        let addr = format!("127.0.0.1:{port}");
        let ready = poll(DEADLINE, || {
            TcpStream::connect(&addr).is_ok() && {
                let (_, body) = http(&addr, "GET", "/status", "");
                serde_json::from_str::<Value>(&body)
                    .is_ok_and(|v| v["value"]["ready"] == Value::Bool(true))
            }
        });
        let profile =
            std::env::temp_dir().join(format!("forward-webdriver-{}-{port}", std::process::id()));
        let mut b = Browser {
            driver,
            addr,
            session: String::new(),
            profile,
        };
        assert!(ready, "chromedriver did not start");
        // The flags keep Chromium off the network it cannot reach here (no background
        // lookups) and in a fresh profile.
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ]
        .map(String::from)
        .into_iter()
        .chain([
            "--window-size=1920,1200".into(),
            format!("--user-data-dir={}", b.profile.display()),
        ])
        .collect::<Vec<_>>();
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": format!("/usr/bin/{chromium}"), "args": args },
        }}});
        let v = b.call("POST", "/session", caps);
        b.session = v["sessionId"].as_str().expect("a session id").to_string();
        b.viewport(width, height, phone);
        Some(b)
    }

    /// One WebDriver command; panics with the driver's message on an error.
    fn call(&self, method: &str, path: &str, body: Value) -> Value {
        let (status, v) = self.try_call(method, path, body);
        assert_eq!(status, 200, "{method} {path}: {v}");
        v
    }

    /// One WebDriver command: the status and its `value`.
    fn try_call(&self, method: &str, path: &str, body: Value) -> (u16, Value) {
        let body = if body.is_null() {
            String::new()
        } else {
            body.to_string()
        };
        let (status, text) = http(&self.addr, method, path, &body);
        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        (status, v["value"].clone())
    }

    fn at(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    /// Opens `url`.
    pub fn open(&self, url: &str) {
        self.call("POST", &self.at("/url"), json!({ "url": url }));
    }

    /// Shows the page in a `width` x `height` viewport (CSS pixels, one device pixel
    /// each), as a phone's (`phone`: a touch screen's viewport rules) or a laptop's.
    /// Chromium's own window cannot be made narrower than a phone's page needs.
    pub fn viewport(&self, width: u32, height: u32, phone: bool) {
        let params = json!({
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone,
        });
        let cmd = json!({ "cmd": "Emulation.setDeviceMetricsOverride", "params": params });
        self.call("POST", &self.at("/goog/cdp/execute"), cmd);
    }

    /// The visible text of the first element matching `css`, if there is one.
    pub fn text(&self, css: &str) -> Option<String> {
        let id = self.find(css)?;
        let (status, v) =
            self.try_call("GET", &self.at(&format!("/element/{id}/text")), Value::Null);
        (status == 200).then(|| v.as_str().unwrap_or_default().to_string())
    }

    /// Runs `script` (a function body; `return` gives the value) in the page.
    pub fn eval(&self, script: &str) -> Value {
        let body = json!({ "script": script, "args": [] });
        self.call("POST", &self.at("/execute/sync"), body)
    }

    /// The page's HTML as it stands.
    pub fn source(&self) -> String {
        let v = self.call("GET", &self.at("/source"), Value::Null);
        v.as_str().unwrap_or_default().to_string()
    }

    fn find(&self, css: &str) -> Option<String> {
        let by = json!({ "using": "css selector", "value": css });
        let (status, v) = self.try_call("POST", &self.at("/element"), by);
        (status == 200).then(|| v[ELEMENT].as_str().unwrap_or_default().to_string())
    }

    /// Waits for an element matching `css` and clicks it. The page redraws its buttons
    /// when the run changes, so a click on an element gone stale is tried again.
    pub fn click(&self, css: &str) {
        let clicked = poll(DEADLINE, || {
            self.find(css).is_some_and(|id| {
                let path = self.at(&format!("/element/{id}/click"));
                self.try_call("POST", &path, json!({})).0 == 200
            })
        });
        assert!(clicked, "nothing to click at `{css}`:\n{}", self.source());
    }

    /// Waits until the text of `css` satisfies `ok`; returns it.
    pub fn wait_text(&self, css: &str, ok: impl Fn(&str) -> bool) -> String {
        let mut last = String::new();
        let seen = poll(DEADLINE, || {
            last = self.text(css).unwrap_or_default();
            ok(&last)
        });
        assert!(
            seen,
            "`{css}` never read as expected; last: {last:?}\n{}",
            self.source()
        );
        last
    }

    /// A screenshot of the window, written to `file` as PNG.
    pub fn screenshot(&self, file: &Path) {
        let v = self.call("GET", &self.at("/screenshot"), Value::Null);
        let png = base64::engine::general_purpose::STANDARD
            .decode(v.as_str().expect("base64 PNG"))
            .expect("a base64 PNG");
        std::fs::write(file, png).expect("write the screenshot");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.try_call("DELETE", &self.at(""), Value::Null);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Tries `ok` every 100 ms until it holds or `limit` passes.
pub fn poll(limit: Duration, mut ok: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if ok() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    false
}
