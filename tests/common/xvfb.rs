//! A private X server for one test: `Xvfb -displayfd`, killed by PID when dropped (also
//! when the test fails).

use super::tools;
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
    ///
    /// `None` when Xvfb is not installed and the tests do not run under CI: the calling
    /// test is then skipped (it returns, after one line on stderr saying so). The other
    /// tests of the binary go on, including the part of this test before the display
    /// (a seed search, say). Under CI a missing Xvfb fails the test.
    pub fn start(width: u32, height: u32) -> Option<Xvfb> {
        if !installed() && !tools::under_ci() {
            tools::say_skipped(
                "needs Xvfb, which is not installed (under CI this is an error; \
                 `apt-get install -y xvfb xauth libxi6 libxkbcommon0 libgl1-mesa-dri`)",
            );
            return None;
        }
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
        Some(server)
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

/// Whether an `Xvfb` program is on `PATH`.
fn installed() -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join("Xvfb").is_file()))
}
