//! `--perf`: each frame's update+draw time, and how frames at rest were shown.

use super::still;
use std::time::{Duration, Instant};

/// What `--perf` counts: each frame's update+draw time, and how frames at rest were
/// shown (see [`still`]). Printed every five seconds and at the end.
pub struct Perf {
    timings: Vec<Duration>,
    /// Frames at rest drawn into the still frame, and shown again from it.
    kept: usize,
    again: usize,
    since: Instant,
}

impl Perf {
    pub fn new() -> Perf {
        Perf {
            timings: Vec::new(),
            kept: 0,
            again: 0,
            since: Instant::now(),
        }
    }

    pub fn tick(&mut self, took: Duration, shown: still::Shown) {
        self.timings.push(took);
        match shown {
            still::Shown::Drawn => {}
            still::Shown::Kept => self.kept += 1,
            still::Shown::Again => self.again += 1,
        }
        if self.since.elapsed() >= Duration::from_secs(5) {
            self.print();
            *self = Perf::new();
        }
    }

    /// Prints the median update+draw time and the frames at rest.
    pub fn print(&self) {
        if let Some(m) = median(&self.timings) {
            println!(
                "perf: median update+draw {:.2} ms over {} frames; at rest {} drawn, {} shown again",
                m.as_secs_f64() * 1000.0,
                self.timings.len(),
                self.kept,
                self.again
            );
        }
    }
}

/// The median of some durations (the lower middle of an even count).
fn median(timings: &[Duration]) -> Option<Duration> {
    let mut v = timings.to_vec();
    v.sort_unstable();
    v.get(v.len().saturating_sub(1) / 2).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_frame_times() {
        let ms = Duration::from_millis;
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[ms(5), ms(1), ms(3)]), Some(ms(3)));
        assert_eq!(median(&[ms(4), ms(1), ms(3), ms(2)]), Some(ms(2)));
    }
}
