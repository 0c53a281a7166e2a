//! The traveller's memory of the road on the table (issue 52): a run played beside a saves
//! folder keeps the cards it met in each Domain (`knowledge.json`), and the next run's route
//! card for that Domain names them ("Seen here before: ..."), whole, at the three window
//! sizes; a saves folder with no earlier run says nothing of it.
//!
//! Needs `Xvfb` and Mesa's software GL (`.ci/run` installs them).

use crate::common::game::{CARDS, scene, screenshot_report};
use crate::common::pixels::Scratch;
use crate::common::xvfb::Xvfb;
use forward::cards::CardSet;
use forward::cards::load::load_dir;
use forward::core::state::Phase;
use forward::core::{Action, legal_actions};
use forward::session::Session;
use std::path::Path;
use std::sync::Arc;

/// Runs the game's table at `seed` after `actions` beside `saves` and returns every string
/// it drew, joined by spaces in the order drawn (a wrapped line reads back whole).
fn table_words(saves: &Path, seed: &str, actions: &str, size: (u32, u32)) -> Option<String> {
    let x = Xvfb::start(size.0, size.1)?;
    let scratch = Scratch::new("route-lore");
    let saves_s = saves.to_string_lossy();
    let args = ["--saves", &saves_s, "--seed", seed, "--actions", actions];
    let report = screenshot_report(&x.display, &scratch.0, size, &args);
    let words: Vec<&str> = report["drawn"]
        .as_array()
        .expect("drawn")
        .iter()
        .filter_map(|d| d["text"].as_str())
        .collect();
    Some(words.join(" "))
}

/// The run of `seed` after `actions` (indexes into the offered actions), played in process.
fn replay(cards: &Arc<CardSet>, seed: &str, actions: &str) -> Session {
    let (mut run, _) = Session::new(cards.clone(), seed.parse().expect("a seed"), Vec::new());
    for i in actions.split(',').filter(|a| !a.is_empty()) {
        let a = legal_actions(&run.state)[i.parse::<usize>().expect("an index")].clone();
        run.act(&a).expect("legal");
    }
    run
}

#[test]
fn a_route_card_names_the_cards_met_there_on_an_earlier_run() {
    let cards = Arc::new(load_dir(Path::new(CARDS)).expect("the shipped cards").0);
    // The first run: in a Domain past the first, with cards flipped there.
    let first = scene("cards flipped in a second Domain", false, |s| {
        s.domain.index > 0 && s.discard.len() >= 2 && s.phase == Phase::Explore
    });
    let earlier = replay(&cards, &first.0, &first.1);
    let domain = earlier.state.domain;
    // The oracle: that Domain's cards no longer in its deck or its row (flipped there:
    // discarded, taken, following), read from the state, not from any memory.
    let s = &earlier.state;
    let met: Vec<String> = cards
        .domain(domain)
        .stations
        .iter()
        .filter(|c| !s.deck.contains(c) && !s.row.iter().flatten().any(|r| r.card == **c))
        .map(|&c| cards.card(c).name.clone())
        .collect();
    assert!(met.len() >= 2, "{met:?}");
    // The next run, of another seed: a route choice offering that Domain.
    let next = scene(
        "a route choice offering the first run's Domain",
        false,
        |s| {
            s.seed != earlier.seed
                && s.phase == Phase::Route
                && legal_actions(s)
                    .iter()
                    .any(|a| matches!(a, Action::Go { domain: d } if d == domain.id()))
        },
    );
    let scratch = Scratch::new("route-lore-saves");
    let (fresh, saves) = (scratch.path("fresh"), scratch.path("saves"));
    std::fs::create_dir_all(&fresh).expect("a folder");
    // Nothing met yet: the route card says nothing of earlier runs.
    let Some(words) = table_words(&fresh, &next.0, &next.1, (1280, 800)) else {
        return;
    };
    assert!(words.contains("Where next?"), "a route choice: {words}");
    assert!(!words.contains("Seen here before"), "a first run: {words}");
    // The first run, played in the window beside the saves, keeps what it met.
    let Some(_) = table_words(&saves, &first.0, &first.1, (1024, 640)) else {
        return;
    };
    assert!(saves.join("knowledge.json").is_file(), "the memory is kept");
    for size in [(1024, 640), (1280, 800), (1920, 1080)] {
        let Some(words) = table_words(&saves, &next.0, &next.1, size) else {
            return;
        };
        let Some((_, line)) = words.split_once("Seen here before: ") else {
            panic!("{size:?}: no route card names what was met: {words}");
        };
        let line = line.split_once('.').map_or(line, |(l, _)| l);
        assert!(
            met.iter().any(|m| line.contains(m.as_str())),
            "{size:?}: the line names a card met in {} ({met:?}): {line}",
            domain.id()
        );
        assert!(!words.contains("hover to read"), "{size:?}: {words}");
    }
}
