//! The game table, end to end: each test starts its own Xvfb, runs `forward --seed S
//! --actions ... --screenshot FILE` and checks regions of the PNG it writes. The seeds and
//! action indices were found by driving `forward play --headless` with a script (see
//! docs/UI.md); they play the shipped cards, so a change to the cards may move them.
//!
//! Needs `Xvfb`, Mesa's software GL and `xdotool` (`.ci/run` installs them).

use crate::common;
use crate::common::game::{LIVE_FRAMES, decode, focus, near, says, scene, spawn, spawn_live};
use crate::common::pixels::{Scratch, count, rgb, wait};
use crate::common::xvfb::Xvfb;
use forward::core::state::Phase;
use forward::core::{Action, Cause, Outcome, legal_actions};
use macroquad::prelude::Image;

/// A duel with both dice rolled and waiting for rerolls.
fn duel() -> (String, String) {
    scene("a duel's reroll window", false, |s| {
        s.duel()
            .is_some_and(|d| d.rolled.is_some() && d.card.is_some())
    })
}

/// A Terror with an option the traveller cannot pay.
fn terror() -> (String, String) {
    scene("a Terror with an unpayable option", false, |s| {
        match s.phase {
            Phase::Terror { card } => {
                let offered = legal_actions(s)
                    .iter()
                    .filter(|a| matches!(a, Action::Choose { .. }))
                    .count();
                offered < s.cards.card(card).options.len()
            }
            _ => false,
        }
    })
}

/// The choice of the next Domain.
fn route() -> (String, String) {
    scene("the route choice", false, |s| s.phase == Phase::Route)
}

/// A run lost on Health.
fn lost() -> (String, String) {
    scene("a run lost on Health", false, |s| {
        matches!(
            s.outcome,
            Some(Outcome::Lost {
                cause: Cause::Health,
                ..
            })
        )
    })
}

/// The crossing before the Guardian.
fn crossing() -> (String, String) {
    scene("the crossing", false, |s| s.phase == Phase::Crossing)
}

/// An extended test with two successes on its tally, waiting for the next roll.
fn extended() -> (String, String) {
    scene("an extended test under way", false, |s| match &s.phase {
        Phase::Pit(t) => {
            t.dice.is_empty()
                && t.successes == 2
                && s.cards
                    .card(t.card)
                    .test
                    .as_ref()
                    .is_some_and(|x| x.extended)
        }
        _ => false,
    })
}

/// Renders the table of `seed` after `actions` at `w`x`h` and returns the screenshot.
fn table(name: &str, scene: (String, String), size: (u32, u32)) -> Option<Image> {
    render(name, scene, size, false).map(|(img, _)| img)
}

/// [`table`] with the strings drawn in its frame (`--layout-report`).
fn table_and_words(
    name: &str,
    scene: (String, String),
    size: (u32, u32),
) -> Option<(Image, Vec<Drawn>)> {
    render(name, scene, size, true).map(|(img, drawn)| (img, drawn.unwrap_or_default()))
}

/// A string drawn, from the layout report: its text and its box in window pixels.
#[derive(Debug)]
struct Drawn {
    text: String,
    x: f64,
    baseline: f64,
    size: f64,
    width: f64,
}

impl Drawn {
    /// The box its glyphs stand in: from a size above the baseline to a quarter below.
    fn area(&self) -> ((u32, u32), (u32, u32)) {
        let top = (self.baseline - self.size).max(0.0) as u32;
        let bottom = (self.baseline + self.size / 4.0) as u32;
        (
            (self.x as u32, top),
            ((self.x + self.width) as u32 + 1, bottom),
        )
    }
}

fn render(
    name: &str,
    (seed, actions): (String, String),
    (w, h): (u32, u32),
    words: bool,
) -> Option<(Image, Option<Vec<Drawn>>)> {
    let xvfb = Xvfb::start(w.max(1280), h.max(800))?;
    let scratch = Scratch::new(name);
    let png = scratch.path("shot.png");
    let report = scratch.path("layout.json");
    let size = format!("{w}x{h}");
    let mut args = vec![
        "--screenshot",
        png.to_str().unwrap(),
        "--frames",
        "5",
        "--seed",
        &seed,
        "--size",
        &size,
    ];
    if !actions.is_empty() {
        args.extend(["--actions", &actions]);
    }
    if words {
        args.extend(["--layout-report", report.to_str().unwrap()]);
    }
    let out = wait(spawn(&xvfb.display, &args));
    let img = decode(&out, &png);
    assert_eq!((img.width as u32, img.height as u32), (w, h), "image size");
    let drawn = words.then(|| {
        let text = std::fs::read_to_string(&report).expect("the layout report");
        let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        json["drawn"]
            .as_array()
            .expect("strings drawn")
            .iter()
            .map(|d| Drawn {
                text: d["text"].as_str().unwrap_or_default().to_string(),
                x: d["x"].as_f64().unwrap_or_default(),
                baseline: d["baseline"].as_f64().unwrap_or_default(),
                size: d["size"].as_f64().unwrap_or_default(),
                width: d["width"].as_f64().unwrap_or_default(),
            })
            .collect()
    });
    Some((img, drawn))
}

const GOLD: [u8; 3] = [0xd9, 0xb3, 0x6c];
const ERROR: [u8; 3] = [0xff, 0x6f, 0x5b];
const TERROR_FRAME: [u8; 3] = [0xb0, 0x7c, 0xe8];
const HEALTH: [u8; 3] = [0xd0, 0x5a, 0x5a];

/// Not blank: many pixels differ from the corner.
fn assert_not_blank(img: &Image) {
    let first = rgb(img, 0, 0);
    let (w, h) = (img.width as u32, img.height as u32);
    let differing = count(img, (0, 0), (w, h), |p| p != first);
    assert!(
        differing > (w * h / 4) as usize,
        "nearly blank: {differing}"
    );
}

#[test]
fn table_opens_with_the_map_the_row_and_the_status() {
    let Some(img) = table("start", ("5".into(), String::new()), (1280, 800)) else {
        return;
    };
    assert_not_blank(&img);
    // The map (left): the current Domain's gold frame.
    let gold = count(&img, (12, 40), (330, 470), near(GOLD));
    assert!(gold > 300, "no gold frame of the current Domain: {gold}");
    // The status (right): a full Health track.
    let health = count(&img, (975, 90), (1270, 115), near(HEALTH));
    assert!(health > 2_000, "no Health track: {health}");
    // The row (centre): three face-down cards, each with its gold diamond.
    let warm = |p: [u8; 3]| p[0] > 90 && p[0] as i32 > p[2] as i32 + 30;
    for (x0, x1) in [(345, 545), (550, 755), (760, 960)] {
        let backs = count(&img, (x0, 260), (x1, 540), warm);
        assert!(backs > 400, "no card back in {x0}..{x1}: {backs}");
    }
}

#[test]
fn table_shows_a_duel_with_dice_and_the_foes_hp() {
    let Some(img) = table("duel", duel(), (1280, 800)) else {
        return;
    };
    assert_not_blank(&img);
    // The foe's HP bar and red die, right of the foe card.
    let red = count(&img, (635, 200), (960, 310), near(ERROR));
    assert!(red > 2_500, "no HP bar: {red} red pixels");
    // The foe card's red frame on the left of the stage.
    let frame = count(&img, (345, 200), (640, 600), |p| {
        p[0] > 190 && p[1] < 110 && p[2] < 110
    });
    assert!(frame > 1_000, "no foe card frame: {frame}");
    // The combat table's lit row (gold band).
    let lit = count(&img, (635, 320), (960, 600), |p| {
        p[0] > 90 && p[0] > p[2] + 30
    });
    assert!(lit > 500, "no lit row in the combat table: {lit}");
}

#[test]
fn table_shows_a_terror_with_a_greyed_option() {
    let scene = terror();
    let Some((img, drawn)) = table_and_words("terror", scene.clone(), (1280, 800)) else {
        return;
    };
    assert_not_blank(&img);
    let purple = count(&img, (345, 200), (640, 600), near(TERROR_FRAME));
    assert!(purple > 1_000, "no Terror frame: {purple}");
    // Two option buttons under the prompt: the first lit in blue, the second greyed.
    let lit = count(&img, (345, 660), (960, 712), |p| p[2] > 180 && p[1] > 160);
    assert!(lit > 200, "no lit first option: {lit}");
    // The buttons' words, found by the options' labels (a long one is cut short with an
    // ellipsis): the option the traveller cannot pay in the greyed ink (dim mixed with a
    // little parchment), with none of a live button's parchment; the one they can pay in
    // parchment. Shown to fail with disabled buttons drawn in parchment.
    let (payable, unpayable) = terror_options(&scene);
    let button = |label: &str| {
        drawn
            .iter()
            .filter(|d| d.baseline > 600.0)
            .find(|d| {
                let shown = d.text.trim_end_matches('…');
                shown.len() > 3 && label.starts_with(shown)
            })
            .unwrap_or_else(|| panic!("no button for {label:?}: {drawn:?}"))
    };
    // Ink brighter than a button's fill: greyish blue (the greyed words, at size 14 mostly
    // edges) or warm parchment (a live button's words; their edges on the blue fill are
    // bluish too, so only the warm count tells).
    let greyish =
        |p: [u8; 3]| p.iter().map(|&c| c as u32).sum::<u32>() > 300 && p[2] > p[0] && p[0] < 190;
    let warm = |p: [u8; 3]| p[0] > 200 && p[0] as i32 > p[2] as i32 + 20;
    let greyed = button(&unpayable);
    let (from, to) = greyed.area();
    let (grey, parchment) = (count(&img, from, to, greyish), count(&img, from, to, warm));
    assert!(
        grey > 100 && parchment == 0,
        "{greyed:?} is not greyed: {grey} grey, {parchment} parchment pixels"
    );
    let live = button(&payable);
    let (from, to) = live.area();
    let parchment = count(&img, from, to, warm);
    assert!(
        parchment > 30,
        "{live:?} is not lit: {parchment} parchment pixels"
    );
}

/// The labels of a payable and an unpayable option of the Terror `scene` stands at.
fn terror_options((seed, actions): &(String, String)) -> (String, String) {
    let cards = forward::cards::load::load_dir(std::path::Path::new(common::game::CARDS))
        .expect("the shipped cards")
        .0;
    let (mut s, _) = forward::core::new_run(
        std::sync::Arc::new(cards),
        seed.parse().expect("a seed"),
        Vec::new(),
    );
    for i in actions.split(',').filter(|a| !a.is_empty()) {
        let a = legal_actions(&s)[i.parse::<usize>().expect("an index")].clone();
        forward::core::execute(&mut s, &a).expect("a legal action");
    }
    let Phase::Terror { card } = s.phase else {
        panic!("not a Terror: {:?}", s.phase)
    };
    let offered = legal_actions(&s);
    let label = |i: usize| {
        forward::present::words::terror_option(&s, i as u8)
            .expect("a Terror option")
            .0
    };
    let options = 0..s.cards.card(card).options.len();
    let is_offered = |i: &usize| offered.contains(&Action::Choose { option: *i as u8 });
    let payable = options.clone().find(is_offered).expect("a payable option");
    let unpayable = options
        .clone()
        .find(|i| !is_offered(i))
        .expect("an unpayable option");
    (label(payable), label(unpayable))
}

#[test]
fn table_offers_the_route_on_the_map() {
    let Some(img) = table("route", route(), (1280, 800)) else {
        return;
    };
    assert_not_blank(&img);
    // Reachable Domains glow blue on the map.
    let blue = count(&img, (12, 40), (330, 470), |p| {
        p[2] > 170 && p[1] > 150 && p[0] < 180
    });
    assert!(blue > 300, "no reachable Domain lit on the map: {blue}");
}

#[test]
fn table_shows_the_end_screen_at_the_smallest_size() {
    let Some(img) = table("lost", lost(), (1024, 640)) else {
        return;
    };
    assert_not_blank(&img);
    // "The run is lost" in red over the stage.
    let red = count(&img, (280, 160), (760, 480), near(ERROR));
    assert!(red > 1_500, "no end screen: {red} red pixels");
}

#[test]
fn table_shows_the_crossing_and_the_guardians_seals_at_1920() {
    let Some(img) = table("crossing", crossing(), (1920, 1080)) else {
        return;
    };
    assert_not_blank(&img);
    // The Guardian's gold-framed card on the left of the stage and its seals in light
    // text beside it.
    let l_stage_y = (12.0f32 + (1080.0f32 * 0.22).clamp(130.0, 220.0) + 12.0) as u32;
    let gold = count(&img, (500, l_stage_y), (900, l_stage_y + 500), near(GOLD));
    assert!(gold > 1_500, "no Guardian card: {gold}");
    let text = count(&img, (900, l_stage_y), (1450, l_stage_y + 300), |p| {
        p.iter().map(|&c| c as u32).sum::<u32>() > 3 * 170
    });
    assert!(text > 1_000, "no seals listed: {text}");
}

#[test]
fn table_shows_an_extended_test_with_its_tally() {
    let Some(img) = table("extended", extended(), (1280, 800)) else {
        return;
    };
    assert_not_blank(&img);
    // The Pit card's orange frame, and the tally's two filled blue success marks.
    let frame = count(&img, (345, 200), (640, 600), near([0xe0, 0x93, 0x4a]));
    assert!(frame > 1_000, "no Pit frame: {frame}");
    let tally = count(&img, (700, 355), (800, 400), near([0x8f, 0xd6, 0xea]));
    assert!(tally > 300, "no filled success marks: {tally}");
}

#[test]
fn perf_prints_the_median_frame_time() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("perf");
    let png = scratch.path("shot.png");
    let out = wait(spawn(
        &xvfb.display,
        &[
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            "20",
            "--seed",
            "3",
            "--perf",
        ],
    ));
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("perf: median update+draw") && stdout.contains("over 20 frames"),
        "{stdout}"
    );
}

/// A table at rest draws nothing: once it has come to rest (its layout report no longer
/// written), its frame count stands still while nothing happens, however long; the
/// pointer moved then is answered (a frame drawn for it) without the test waiting for a
/// pace.
#[test]
fn a_table_at_rest_draws_nothing() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("rest");
    let report = scratch.path("layout.json");
    let png = scratch.path("never.png");
    let mut game = crate::common::game::spawn_live_env(
        &xvfb.display,
        &[
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            crate::common::game::LIVE_FRAMES,
            "--layout-report",
            report.to_str().unwrap(),
            "--seed",
            "1",
            "--actions",
            "0,0,0",
        ],
        &report,
        &[(forward::ui::IDLE_PACE_ENV, "1")],
    );
    game.until("the table", |w| w.len() > 30);
    let frame = || -> u64 {
        let text = std::fs::read_to_string(&report).expect("the report");
        let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        json["frame"].as_u64().expect("the report's frame")
    };
    // At rest once two reads a second apart find the same frame; then it stays.
    let started = std::time::Instant::now();
    let mut last = frame();
    loop {
        std::thread::sleep(std::time::Duration::from_secs(1));
        let now = frame();
        if now == last {
            break;
        }
        last = now;
        assert!(
            started.elapsed() < crate::common::game::DEADLINE,
            "the table never came to rest"
        );
    }
    std::thread::sleep(std::time::Duration::from_secs(2));
    assert_eq!(frame(), last, "the table drew while at rest");
    game.point(&xvfb.display, 700, 300);
    assert!(frame() > last, "the pointer's move is drawn");
}

#[test]
fn table_refuses_an_action_index_out_of_range() {
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("range");
    let png = scratch.path("shot.png");
    let out = wait(spawn(
        &xvfb.display,
        &[
            "--screenshot",
            png.to_str().unwrap(),
            "--seed",
            "1",
            "--actions",
            "0,77",
        ],
    ));
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("out of range"), "{err}");
}

/// Presses keys in a live window with xdotool: `1` flips the first card of the row, and
/// the table then shows that card's name (it was face down before).
#[test]
fn xdotool_key_presses_move_the_run_on() {
    // The first card of seed 5's row, as the core deals it.
    let cards = forward::cards::load::load_dir(std::path::Path::new(common::game::CARDS))
        .expect("the shipped cards")
        .0;
    let (s, _) = forward::core::new_run(std::sync::Arc::new(cards), 5, Vec::new());
    let first = s.row[0].expect("a first card").card;
    let name = s.cards.card(first).name.clone();
    let Some(xvfb) = Xvfb::start(1280, 800) else {
        return;
    };
    let scratch = Scratch::new("xdotool");
    let png = scratch.path("never.png");
    let report = scratch.path("layout.json");
    let mut game = spawn_live(
        &xvfb.display,
        &[
            "--screenshot",
            png.to_str().unwrap(),
            "--frames",
            LIVE_FRAMES,
            "--layout-report",
            report.to_str().unwrap(),
            "--seed",
            "5",
        ],
        &report,
    );
    let before = game.until("the table", |w| w.len() > 30);
    assert!(
        !says(&before, &name),
        "{name} is face up already: {before:?}"
    );
    focus(&xvfb.display);
    game.key(&xvfb.display, "1");
    game.until(&format!("{name}, flipped by the key 1"), |w| says(w, &name));
}

/// A run won: the Guardian has fallen.
fn won() -> (String, String) {
    scene("a won run", false, |s| s.outcome == Some(Outcome::Won))
}

#[test]
fn table_shows_the_victory_screen() {
    let Some(img) = table("won", won(), (1280, 800)) else {
        return;
    };
    assert_not_blank(&img);
    // The end screen's heading is gold for a win (red for a loss), over the top of the
    // centre.
    let goldish = |p: [u8; 3]| p[0] > 180 && p[1] > 140 && p[2] < 150 && p[0] > p[2] + 60;
    let gold = count(&img, (400, 30), (900, 90), goldish);
    let red = count(&img, (400, 30), (900, 90), near(ERROR));
    assert!(gold > 800, "no gold victory heading: {gold}");
    assert!(
        red < gold,
        "a win is not drawn as a loss: {red} red, {gold} gold"
    );
}
