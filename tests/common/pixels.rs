//! What the window tests share: scratch directories and counting pixels in screenshots.

use macroquad::prelude::Image;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A scratch directory removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A new empty directory under the system's temporary directory, never another
    /// test's: the tests of a binary run at once, in threads of one process.
    pub fn new(name: &str) -> Scratch {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let dir = std::env::temp_dir().join(format!(
            "forward-test-{name}-{}-{nanos}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("create scratch dir");
        Scratch(dir)
    }

    /// A path inside the directory.
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The colour of one pixel.
pub fn rgb(img: &Image, x: u32, y: u32) -> [u8; 3] {
    let i = (y as usize * img.width as usize + x as usize) * 4;
    [img.bytes[i], img.bytes[i + 1], img.bytes[i + 2]]
}

/// How many pixels of the rectangle `(x0, y0)..(x1, y1)` satisfy `test`.
pub fn count(
    img: &Image,
    (x0, y0): (u32, u32),
    (x1, y1): (u32, u32),
    test: impl Fn([u8; 3]) -> bool,
) -> usize {
    let mut n = 0;
    for y in y0..y1.min(img.height as u32) {
        for x in x0..x1.min(img.width as u32) {
            if test(rgb(img, x, y)) {
                n += 1;
            }
        }
    }
    n
}

/// Light text on the night sky: parchment and white glyphs.
pub fn bright(p: [u8; 3]) -> bool {
    p.iter().map(|&c| c as u32).sum::<u32>() > 3 * 185
}

/// How long a picture run may take: long, since the wait ends as soon as the game exits
/// and a run of 1100 frames in Mesa's software GL on two busy cores took over 90 s.
const EXIT_DEADLINE_S: u64 = 300;

/// Waits (at most [`EXIT_DEADLINE_S`]) for a started `forward` to exit and returns its
/// output.
pub fn wait(mut child: std::process::Child) -> std::process::Output {
    use std::time::{Duration, Instant};
    let deadline = Instant::now() + Duration::from_secs(EXIT_DEADLINE_S);
    loop {
        if child.try_wait().expect("poll forward").is_some() {
            return child.wait_with_output().expect("collect forward's output");
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let out = child.wait_with_output().expect("collect forward's output");
            panic!(
                "forward did not exit within {EXIT_DEADLINE_S} s; stderr:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
