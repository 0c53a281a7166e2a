//! The layout sweep (`--layout-sweep N` with `--layout-report FILE`): the table drawn at
//! rest in `N` moments of seeded runs, one after another in this one window, and every
//! string drawn in each written to the report. The layout test reads it to find text that
//! overflows, is cut or is too small to read at this window size, over far more moments than
//! one window per picture could afford.

use super::input::Input;
use super::style::{self, Fonts};
use super::table::{self, TableScreen};
use super::wiring::layout_report_json;
use crate::cards::CardSet;
use crate::core::{DiceMode, TermsMode};
use crate::sim::scene::samples;
use macroquad::prelude::*;
use std::path::Path;
use std::sync::Arc;

/// Steps between two moments of the same run.
const EVERY: usize = 4;
/// Frames drawn per moment before the one reported (the table settles its first frames).
const SETTLE: usize = 2;

/// Draws `count` moments and writes their reports, as one JSON array, to `path`.
/// Returns the process's exit code.
pub(super) async fn run(set: Arc<CardSet>, fonts: &Fonts, count: usize, path: &Path) -> i32 {
    let mut reports = Vec::with_capacity(count);
    let mut t = 0.0;
    for (n, sample) in samples(&set, count, EVERY).into_iter().enumerate() {
        let start = table::Start {
            seed: sample.scene.seed,
            actions: sample.scene.actions.clone(),
            guide: sample.guide,
            guide_view: false,
            table_dice: None,
            play_last: false,
            dice: DiceMode::Rolled,
            terms: TermsMode::default(),
            day: None,
            rules: Default::default(),
        };
        let mut screen = match TableScreen::start(Arc::clone(&set), &start, None) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("forward: the layout sweep could not replay a moment: {e}");
                return 1;
            }
        };
        // One moment in five with the Guardian's terms open over the map.
        if n % 5 == 4 {
            screen.open_objective();
        }
        let size = vec2(screen_width(), screen_height());
        for frame in 0..=SETTLE {
            let input = Input {
                size,
                ..Input::default()
            };
            let _ = screen.update(&input, fonts, t);
            clear_background(style::colour::SKY_TOP);
            let last = frame == SETTLE;
            if last {
                style::record_drawn();
            }
            screen.draw(fonts, size, t, None);
            if last {
                let json = layout_report_json(
                    size,
                    &style::take_drawn(),
                    &screen.overlays(size),
                    Default::default(),
                );
                let mut value: serde_json::Value = match serde_json::from_str(&json) {
                    Ok(v) => v,
                    Err(e) => {
                        eprintln!("forward: the layout report is not JSON: {e}");
                        return 1;
                    }
                };
                value["moment"] = serde_json::json!(format!(
                    "--seed {} --actions {}{}",
                    sample.scene.seed,
                    sample.scene.actions_arg(),
                    if sample.guide { " --guide" } else { "" }
                ));
                reports.push(value);
            }
            t += 1.0 / 60.0;
            // The sweep draws frame after frame: the blocking loop is asked for each.
            macroquad::miniquad::window::schedule_update();
            next_frame().await;
        }
    }
    let text = serde_json::Value::Array(reports).to_string();
    match std::fs::write(path, text) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("forward: cannot write `{}`: {e}", path.display());
            1
        }
    }
}
