//! A private X server for one test: `Xvfb -displayfd`, killed by PID when dropped (also
//! when the test fails).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A running Xvfb. Dropping it kills the server and reaps it.
pub struct Xvfb {
    child: Child,
    /// The display to put in `DISPLAY` (`":99"`).
    pub display: String,
}

impl Xvfb {
    /// Starts `Xvfb -displayfd 1 -screen 0 WxHx24 -nolisten tcp` and waits for the
    /// display number it picks (written to its stdout, which is our pipe).
    pub fn start(width: u32, height: u32) -> Xvfb {
        skip_without_xvfb();
        let mut child = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                &format!("{width}x{height}x24"),
                "-nolisten",
                "tcp",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start Xvfb ({e}); install it with \
                     `apt-get install -y xvfb xauth libxi6 libxkbcommon0 libgl1-mesa-dri`"
                )
            });
        let stdout = child.stdout.take().expect("Xvfb stdout is piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        // From here on the guard owns the child: a failed wait below still kills it.
        let mut server = Xvfb {
            child,
            display: String::new(),
        };
        let line = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("Xvfb did not report a display number within 20 s");
        let number: u32 = line
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("Xvfb reported no display number (got {line:?})"));
        server.display = format!(":{number}");
        server
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Without Xvfb installed, the window tests are skipped with one line, except under
/// `CI=true`, where they must run (and then fail below, saying how to install it). A test
/// cannot mark itself skipped, so the test binary ends here with success: every test of
/// a window test file needs a display.
fn skip_without_xvfb() {
    let installed = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join("Xvfb").is_file()));
    if !installed && std::env::var("CI").as_deref() != Ok("true") {
        eprintln!(
            "skipped: the window tests need Xvfb, which is not installed (CI=true makes this an error)"
        );
        std::process::exit(0);
    }
}
