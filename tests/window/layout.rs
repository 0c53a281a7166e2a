//! The layout check: in a real window (Xvfb), the table is drawn at 1024x640, 1280x800 and
//! 1920x1080 in several scenes with `--layout-report`, which lists every string drawn with
//! its place and width as the game's own font metrics measured it. Every string must lie
//! inside the panel it is drawn in: nothing overflows its box.
//!
//! Needs `Xvfb` and Mesa's software GL (`.ci/run` installs them).

use crate::common::game::{scene, screenshot_report, spawn};
use crate::common::pixels::{Scratch, wait};
use crate::common::xvfb::Xvfb;
use forward::core::state::Phase;
use forward::core::{Cause, Outcome};
use serde_json::Value;

/// The report of one scene at one window size.
fn report(seed: &str, actions: &str, size: (u32, u32)) -> Option<Value> {
    let x = Xvfb::start(size.0, size.1)?;
    let scratch = Scratch::new("layout");
    let mut args = vec!["--seed", seed];
    if !actions.is_empty() {
        args.extend(["--actions", actions]);
    }
    Some(screenshot_report(&x.display, &scratch.0, size, &args))
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

/// The sweep's reports at one window size: the table at rest in `n` moments of seeded runs.
fn sweep(n: usize, size: (u32, u32)) -> Option<Vec<Value>> {
    let x = Xvfb::start(size.0, size.1)?;
    let scratch = Scratch::new("layout-sweep");
    let json = scratch.0.join(format!("sweep-{}x{}.json", size.0, size.1));
    let png = scratch.0.join(format!("sweep-{}x{}.png", size.0, size.1));
    let (size_arg, n_arg) = (format!("{}x{}", size.0, size.1), n.to_string());
    let (png_s, json_s) = (
        png.to_string_lossy().to_string(),
        json.to_string_lossy().to_string(),
    );
    let args = [
        "--size",
        &size_arg,
        "--screenshot",
        &png_s,
        "--layout-report",
        &json_s,
        "--layout-sweep",
        &n_arg,
    ];
    let out = wait(spawn(&x.display, &args));
    assert!(
        out.status.success(),
        "the sweep failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&json).expect("the sweep's report was written");
    let v: Value = serde_json::from_str(&text).expect("the sweep's report is JSON");
    Some(v.as_array().expect("one report per moment").clone())
}

/// The smallest text a player must read, in pixels on screen.
const MIN_PX: f64 = 11.0;

/// What a card once said when its text was cut short (issue 52: no card's text is cut;
/// a card shows its rules whole, or, where they cannot fit, none of them).
const CUT_SHORT: &str = "hover to read it all";

/// Strings that a player could not read whole: cut with an ellipsis or sent to a hover
/// ([`CUT_SHORT`]), or drawn under [`MIN_PX`] on screen.
fn unreadable(r: &Value) -> Vec<String> {
    let scale = r["scale"].as_f64().expect("scale");
    let mut bad = Vec::new();
    for d in r["drawn"].as_array().expect("drawn") {
        let text = d["text"].as_str().unwrap_or("");
        // The size on screen as the game drew it (the table scales its layout units, the
        // other screens draw in window pixels).
        let px = d["px"]
            .as_f64()
            .unwrap_or_else(|| d["size"].as_f64().unwrap_or(0.0) * scale);
        if text.trim_end().ends_with('…')
            || text.trim_end().ends_with("...")
            || text.contains(CUT_SHORT)
        {
            bad.push(format!("{text:?} is cut"));
        }
        if px < MIN_PX {
            bad.push(format!("{text:?} is {px:.1} px"));
        }
    }
    bad
}

/// Every word readable: over 150 moments of seeded runs (duels, Terrors, choices, the
/// route, ends, with and without a Guide) at each of the three sizes, no string overflows
/// its panel, none is cut with an ellipsis or to a hover, none is drawn under 11 px.
#[test]
fn every_word_is_readable_over_many_moments_at_three_sizes() {
    let mut problems = Vec::new();
    for size in [(1024, 640), (1280, 800), (1920, 1080)] {
        let Some(reports) = sweep(150, size) else {
            return;
        };
        assert_eq!(reports.len(), 150, "one report per moment");
        for r in &reports {
            let moment = r["moment"].as_str().unwrap_or("?");
            for p in overflows(r).into_iter().chain(unreadable(r)) {
                problems.push(format!("{}x{} at {moment}: {p}", size.0, size.1));
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} strings a player cannot read whole:\n{}",
        problems.len(),
        problems
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The single-character strings drawn in `face` (the key badges, the dice's pips in
/// figures).
fn glyphs(r: &Value, face: &str) -> Vec<String> {
    r["drawn"]
        .as_array()
        .expect("drawn")
        .iter()
        .filter(|d| d["face"].as_str() == Some(face))
        .filter_map(|d| d["text"].as_str())
        .filter(|t| t.chars().count() == 1)
        .map(str::to_string)
        .collect()
}

/// Key badges are set in the monospaced face, whose zero is dotted, and no key is the
/// letter O (issue 52: an O on a badge read as 0, which opens the Guardian's terms). A
/// reorder prompt names its orders with one fixed set of letters, U first.
#[test]
fn key_badges_are_monospaced_never_o_and_a_reorder_uses_fixed_letters() {
    let usable = scene("a held card to use", false, |s| {
        s.phase == Phase::Explore
            && forward::core::legal_actions(s)
                .iter()
                .any(|a| matches!(a, forward::core::Action::Use { .. }))
    });
    let reorder = scene("a reorder of the deck's top", false, |s| {
        matches!(
            &s.phase,
            Phase::Choice(c) if matches!(
                &c.kind,
                forward::core::state::ChoiceKind::Reorder { cards } if cards.len() >= 2
            )
        )
    });
    let Some(r) = report(&usable.0, &usable.1, (1280, 800)) else {
        return;
    };
    let keys = glyphs(&r, "mono");
    assert!(
        keys.iter()
            .any(|k| k.chars().all(|c| c.is_ascii_uppercase())),
        "a held card's letter is drawn in the monospaced face: {keys:?}"
    );
    let every: Vec<&str> = r["drawn"]
        .as_array()
        .expect("drawn")
        .iter()
        .filter_map(|d| d["text"].as_str())
        .collect();
    assert!(!every.contains(&"O"), "a key badge says O: {every:?}");
    let Some(r) = report(&reorder.0, &reorder.1, (1280, 800)) else {
        return;
    };
    let keys = glyphs(&r, "mono");
    assert!(
        keys.iter().any(|k| k == "U") && keys.iter().any(|k| k == "I"),
        "the orders' letters begin U, I: {keys:?}"
    );
    assert!(!keys.iter().any(|k| k == "O"), "{keys:?}");
}

/// The report of a screen opened with `args` at `size`, with the saves in `saves` (a run
/// in progress and a history, so that Continue, Load and Statistics have lines to show).
fn screen_report(args: &[&str], saves: &std::path::Path, size: (u32, u32)) -> Option<Value> {
    let x = Xvfb::start(size.0, size.1)?;
    let scratch = Scratch::new("layout-screens");
    let saves_s = saves.to_string_lossy();
    let mut all = args.to_vec();
    all.extend(["--saves", &saves_s]);
    Some(screenshot_report(&x.display, &scratch.0, size, &all))
}

/// Every screen off the table is readable at the three sizes: the title (with a run to
/// continue), Load, Statistics, Settings, New run's house rules, the Rules, the gallery
/// and the lesson's steps draw no string under 11 px and none cut with an ellipsis or to a
/// hover (the gallery's thumbnails included).
#[test]
fn every_screen_is_readable_at_three_sizes() {
    let scratch = Scratch::new("layout-saves");
    let saves = scratch.0.join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    // The history, its won run taken through all nine Domains: the longest route the
    // Statistics' best run can name.
    let history = std::fs::read_to_string(fixtures.join("history/history.jsonl"))
        .expect("the history fixture")
        .replace(
            r#""path":["termina","forgotten_shrine","sirocco_wastes","amara_rot_glade","nightsea_expanse"]"#,
            r#""path":["termina","forgotten_shrine","valthria","spiremaze","sirocco_wastes","darkwood_brume","amara_rot_glade","frozen_gaol","nightsea_expanse"]"#,
        );
    assert!(
        history.contains("frozen_gaol"),
        "the won run's route was lengthened"
    );
    std::fs::write(saves.join("history.jsonl"), history).expect("write the history");
    std::fs::copy(
        fixtures.join("saves/v1-seed42-4-actions.json"),
        saves.join("v1-seed42-4-actions.json"),
    )
    .expect("copy a save");
    let screens: [(&str, &[&str]); 13] = [
        ("the title", &[]),
        ("Load", &["--open", "load"]),
        ("Statistics", &["--open", "statistics"]),
        ("Settings", &["--open", "settings"]),
        ("the house rules", &["--open", "options"]),
        ("the Rules", &["--rules"]),
        ("the gallery", &["--gallery"]),
        ("the lesson's start", &["--lesson"]),
        ("the lesson's Rest", &["--lesson", "4"]),
        ("the lesson's reroll", &["--lesson", "9"]),
        ("the lesson's rumour", &["--lesson", "16"]),
        ("the lesson's Snare", &["--lesson", "18"]),
        ("the lesson's Guardian", &["--lesson", "21"]),
    ];
    let mut problems = Vec::new();
    for (what, args) in screens {
        for size in [(1024, 640), (1280, 800), (1920, 1080)] {
            let Some(r) = screen_report(args, &saves, size) else {
                return;
            };
            assert!(
                r["drawn"].as_array().is_some_and(|d| d.len() > 5),
                "{what} drew its words"
            );
            for p in unreadable(&r) {
                problems.push(format!("{what} at {}x{}: {p}", size.0, size.1));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} strings a player cannot read whole:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
