//! The layout check: in a real window (Xvfb), the table is drawn at 1024x640, 1280x800 and
//! 1920x1080 in several scenes with `--layout-report`, which lists every string drawn with
//! its place and width as the game's own font metrics measured it. Every string must lie
//! inside the panel it is drawn in: nothing overflows its box.
//!
//! Needs `Xvfb` and Mesa's software GL (`.ci/run` installs them).

mod common {
    #[allow(dead_code)]
    pub mod game;
    #[allow(dead_code)]
    pub mod pixels;
    #[allow(dead_code)]
    pub mod tools;
    #[allow(dead_code)]
    pub mod xvfb;
}

use common::game::{scene, spawn};
use common::pixels::{Scratch, wait};
use common::xvfb::Xvfb;
use forward::core::state::Phase;
use forward::core::{Cause, Outcome};
use serde_json::Value;

/// The report of one scene at one window size.
fn report(seed: &str, actions: &str, size: (u32, u32)) -> Option<Value> {
    let x = Xvfb::start(size.0, size.1)?;
    let scratch = Scratch::new("layout");
    let dir = &scratch.0;
    let png = dir.join(format!("{seed}-{}x{}.png", size.0, size.1));
    let json = dir.join(format!("{seed}-{}x{}.json", size.0, size.1));
    let size_arg = format!("{}x{}", size.0, size.1);
    let mut args = vec!["--seed", seed];
    if !actions.is_empty() {
        args.extend(["--actions", actions]);
    }
    let (png_s, json_s) = (
        png.to_string_lossy().to_string(),
        json.to_string_lossy().to_string(),
    );
    args.extend([
        "--size",
        &size_arg,
        "--screenshot",
        &png_s,
        "--frames",
        "4",
        "--layout-report",
        &json_s,
    ]);
    let out = wait(spawn(&x.display, &args));
    assert!(
        out.status.success(),
        "forward failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&json).expect("the report was written");
    Some(serde_json::from_str(&text).expect("the report is JSON"))
}

/// Every string that does not fit in the area it starts in, in words.
fn overflows(r: &Value) -> Vec<String> {
    let areas: Vec<[f64; 4]> = r["areas"]
        .as_array()
        .expect("areas")
        .iter()
        .map(|a| {
            let v: Vec<f64> = a
                .as_array()
                .expect("a rect")
                .iter()
                .map(|x| x.as_f64().unwrap_or(0.0))
                .collect();
            [v[0], v[1], v[2], v[3]]
        })
        .collect();
    let mut bad = Vec::new();
    let drawn = r["drawn"].as_array().expect("drawn");
    assert!(drawn.len() > 30, "the table drew text: {}", drawn.len());
    for d in drawn {
        let (x, y, w) = (
            d["x"].as_f64().unwrap_or(0.0),
            d["baseline"].as_f64().unwrap_or(0.0),
            d["width"].as_f64().unwrap_or(0.0),
        );
        let text = d["text"].as_str().unwrap_or("");
        let home = areas
            .iter()
            .find(|a| x >= a[0] - 1.0 && x <= a[0] + a[2] && y >= a[1] && y <= a[1] + a[3] + 2.0);
        match home {
            None => bad.push(format!(
                "{text:?} at ({x:.0}, {y:.0}) is outside every panel"
            )),
            Some(a) if x + w > a[0] + a[2] + 1.0 => bad.push(format!(
                "{text:?} at ({x:.0}, {y:.0}) is {w:.0} wide: past the panel's right edge by {:.0}",
                x + w - (a[0] + a[2])
            )),
            Some(_) => {}
        }
    }
    bad
}

#[test]
fn no_text_overflows_its_panel_at_three_sizes() {
    let scenes = [
        ("the start of a run", (String::from("3"), String::new())),
        (
            "a duel's reroll window",
            scene("a duel's reroll window", false, |s| {
                s.duel().is_some_and(|d| d.rolled.is_some())
            }),
        ),
        (
            "a Terror",
            scene("a Terror", false, |s| {
                matches!(s.phase, Phase::Terror { .. })
            }),
        ),
        (
            "an extended test",
            scene("an extended test", false, |s| match &s.phase {
                Phase::Pit(t) => {
                    s.cards
                        .card(t.card)
                        .test
                        .as_ref()
                        .is_some_and(|x| x.extended)
                        && t.successes + t.failures > 0
                }
                _ => false,
            }),
        ),
        (
            "the route choice",
            scene("the route choice", false, |s| s.phase == Phase::Route),
        ),
        (
            "the crossing",
            scene("the crossing", false, |s| s.phase == Phase::Crossing),
        ),
        (
            "a lost run",
            scene("a lost run", false, |s| {
                matches!(
                    s.outcome,
                    Some(Outcome::Lost {
                        cause: Cause::Health,
                        ..
                    })
                )
            }),
        ),
    ];
    let mut problems = Vec::new();
    for (what, (seed, actions)) in &scenes {
        for size in [(1024, 640), (1280, 800), (1920, 1080)] {
            let Some(r) = report(seed, actions, size) else {
                return;
            };
            for p in overflows(&r) {
                problems.push(format!("{what} at {}x{}: {p}", size.0, size.1));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} strings overflow:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
