//! A private X server for one test: `Xvfb -displayfd`, killed by PID when dropped (also
//! when the test fails).

use super::tools;
use macroquad::prelude::Image;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// A running Xvfb. Dropping it kills the server and reaps it.
pub struct Xvfb {
    child: Child,
    /// The display to put in `DISPLAY` (`":99"`).
    pub display: String,
    /// With [`Xvfb::start_framed`]: the folder of the screen's file (removed when dropped).
    frames: Option<PathBuf>,
}

/// How long Xvfb may take to say which display it took: long, since the wait ends as soon
/// as it does (a loaded machine can be slow to start a program).
const START_DEADLINE: Duration = Duration::from_secs(120);

impl Xvfb {
    /// Starts `Xvfb -displayfd 1 -screen 0 WxHx24 -nolisten tcp` and waits for the
    /// display number it picks (written to its stdout, which is our pipe).
    ///
    /// `None` when Xvfb is not installed and the tests do not run under CI: the calling
    /// test is then skipped (it returns, after one line on stderr saying so). The other
    /// tests of the binary go on, including the part of this test before the display
    /// (a seed search, say). Under CI a missing Xvfb fails the test.
    pub fn start(width: u32, height: u32) -> Option<Xvfb> {
        Xvfb::start_with(width, height, None)
    }

    /// [`Xvfb::start`] with the screen kept in a file (`-fbdir`), so that a test can look at
    /// it whenever it likes ([`Xvfb::screen`]), not only when the game writes its picture.
    pub fn start_framed(width: u32, height: u32) -> Option<Xvfb> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!(
            "forward-xvfb-{}-{nanos}-{}",
            std::process::id(),
            FRAMED.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("a folder for the screen's file");
        Xvfb::start_with(width, height, Some(dir))
    }

    fn start_with(width: u32, height: u32, frames: Option<PathBuf>) -> Option<Xvfb> {
        if !installed() && !tools::under_ci() {
            tools::say_skipped(
                "needs Xvfb, which is not installed (under CI this is an error; \
                 `apt-get install -y xvfb xauth libxi6 libxkbcommon0 libgl1-mesa-dri`)",
            );
            return None;
        }
        let mut command = Command::new("Xvfb");
        command.args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            &format!("{width}x{height}x24"),
            "-nolisten",
            "tcp",
            // No reset when the last client leaves (a probe, a game ended): a client
            // connecting during one is turned away.
            "-noreset",
        ]);
        if let Some(dir) = &frames {
            command.arg("-fbdir").arg(dir);
        }
        let mut child = command
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
            frames,
        };
        let line = rx.recv_timeout(START_DEADLINE).unwrap_or_else(|_| {
            panic!("Xvfb did not report a display number within {START_DEADLINE:?}")
        });
        let number: u32 = line
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("Xvfb reported no display number (got {line:?})"));
        server.display = format!(":{number}");
        server.wait_until_open();
        Some(server)
    }

    /// Waits (at most [`START_DEADLINE`]) until a client can connect (an xdotool query):
    /// on a busy machine the display may be named a moment before it lets clients in.
    /// Without xdotool this is not looked at.
    fn wait_until_open(&self) {
        let started = std::time::Instant::now();
        loop {
            let probe = Command::new("xdotool")
                .arg("getmouselocation")
                .env("DISPLAY", &self.display)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
            match probe {
                Ok(s) if s.success() => return,
                Err(_) => return,
                Ok(_) => {}
            }
            assert!(
                started.elapsed() < START_DEADLINE,
                "Xvfb on {} let no client in within {START_DEADLINE:?}",
                self.display
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Xvfb {
    /// The screen as it is now (started with [`Xvfb::start_framed`]): read from Xvfb's
    /// screen file, an XWD image (a big-endian header, then the colour map, then rows of
    /// 32-bit pixels), as RGBA.
    pub fn screen(&self) -> Image {
        let dir = self
            .frames
            .as_ref()
            .expect("Xvfb started with start_framed");
        let file = std::fs::read(dir.join("Xvfb_screen0")).expect("read Xvfb's screen file");
        let word = |i: usize| {
            let b = &file[i * 4..i * 4 + 4];
            u32::from_be_bytes([b[0], b[1], b[2], b[3]])
        };
        let (header, width, height) = (word(0) as usize, word(4), word(5));
        let (lsb_first, bits, stride) = (word(7) == 0, word(11), word(12) as usize);
        let masks = [word(14), word(15), word(16)];
        let colours = word(19) as usize;
        assert_eq!(bits, 32, "Xvfb's screen has 32-bit pixels");
        let start = header + colours * 12;
        let mut bytes = Vec::with_capacity(width as usize * height as usize * 4);
        for y in 0..height as usize {
            for x in 0..width as usize {
                let at = start + y * stride + x * 4;
                let p = [file[at], file[at + 1], file[at + 2], file[at + 3]];
                let v = if lsb_first {
                    u32::from_le_bytes(p)
                } else {
                    u32::from_be_bytes(p)
                };
                for m in masks {
                    bytes.push(((v & m) >> m.trailing_zeros()) as u8);
                }
                bytes.push(255);
            }
        }
        Image {
            bytes,
            width: width as u16,
            height: height as u16,
        }
    }
}

/// Numbers the screen files' folders of one test binary.
static FRAMED: AtomicUsize = AtomicUsize::new(0);

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(dir) = &self.frames {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// Whether an `Xvfb` program is on `PATH`.
fn installed() -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join("Xvfb").is_file()))
}
