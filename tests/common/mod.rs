//! What the integration tests share: here, the rules tests' small card sets built in code
//! and short ways to drive the core; in the modules below, scratch folders, the built game
//! in a window (Xvfb, xdotool, screenshots), the desk's keys, a browser, the command line.
//!
//! The lab map has four Domains: row 1 `a` (the start); row 2 `b` and `c`, linked sideways
//! both ways; row 3 `z`, the final Domain. Links: a→b, a→c, b→c, b→z, c→b, c→z.
//! Each test writes the Station cards of the Domains it needs as a JSON array; `name` and
//! `text` may be left out (they default to the id and to nothing).

#![allow(dead_code)]

use forward::cards::model::{DomainFile, GuardianFile, MapFile, StationCard, TravellerFile};
use forward::cards::{CardRef, CardSet, DomainRef};
use forward::core::state::State;
use forward::core::{Action, Die, Event, SpendFor, execute, legal_actions, new_run, new_run_with};
use serde_json::Value;
use std::sync::Arc;

pub mod files;
// Each test binary (`tests/AREA/main.rs`) takes all of these; what a binary leaves unused
// is allowed above.
pub mod cli;
pub mod desk;
pub mod game;
pub mod pixels;
pub mod tools;
pub mod webdriver;
pub mod xvfb;

/// The traveller of the lab: Health 20, ATK 0, DEF 0.
pub const TRAVELLER: &str = r#"{
    "id": "traveller", "name": "Traveller", "type": "traveller", "text": "",
    "health": 20, "atk": 0, "def": 0
}"#;

/// A Guardian with 2 HP, six faces that never hurt, and no requirement or seal.
pub const GUARDIAN: &str = r#"{
    "id": "guardian", "name": "The Guardian", "type": "guardian", "text": "",
    "hp": 2,
    "faces": [{"name": "Stare"}, {"name": "Stare"}, {"name": "Stare"},
              {"name": "Stare"}, {"name": "Stare"}, {"name": "Stare"}]
}"#;

/// A lab card set under construction: the Station cards of each Domain as JSON arrays.
#[derive(Clone)]
pub struct Lab {
    pub a: String,
    pub b: String,
    pub c: String,
    pub z: String,
    pub traveller: String,
    pub guardian: String,
    pub map: String,
    /// Scene effects of each Domain's title card (a JSON array), by Domain id.
    pub on_enter: Vec<(String, String)>,
    /// Guardian entries each Domain's scene reveals, by Domain id.
    pub scene_reveals: Vec<(String, Vec<String>)>,
}

/// The lab map (see the module comment).
pub const MAP: &str = r#"{
    "start": "a",
    "final": "z",
    "domains": [
        {"id": "a", "file": "domains/a.json", "row": 1, "column": 0, "links": ["b", "c"]},
        {"id": "b", "file": "domains/b.json", "row": 2, "column": 0, "links": ["c", "z"]},
        {"id": "c", "file": "domains/c.json", "row": 2, "column": 1, "links": ["b", "z"]},
        {"id": "z", "file": "domains/z.json", "row": 3, "column": 0, "links": []}
    ]
}"#;

impl Lab {
    /// Domain `a` holds these cards; `b`, `c` and `z` hold one quiet Caesura each.
    pub fn new(a: &str) -> Lab {
        Lab {
            a: a.to_string(),
            b: r#"[{"id": "b_calm", "type": "caesura"}]"#.to_string(),
            c: r#"[{"id": "c_calm", "type": "caesura"}]"#.to_string(),
            z: r#"[{"id": "z_calm", "type": "caesura"}]"#.to_string(),
            traveller: TRAVELLER.to_string(),
            guardian: GUARDIAN.to_string(),
            map: MAP.to_string(),
            on_enter: Vec::new(),
            scene_reveals: Vec::new(),
        }
    }

    /// Gives a Domain's scene a rumour revealing these Guardian entries.
    pub fn scene_reveals(mut self, domain: &str, entries: &[&str]) -> Lab {
        let ids = entries.iter().map(|e| e.to_string()).collect();
        self.scene_reveals.push((domain.to_string(), ids));
        self
    }

    pub fn b(mut self, json: &str) -> Lab {
        self.b = json.to_string();
        self
    }

    pub fn c(mut self, json: &str) -> Lab {
        self.c = json.to_string();
        self
    }

    pub fn z(mut self, json: &str) -> Lab {
        self.z = json.to_string();
        self
    }

    pub fn guardian(mut self, json: &str) -> Lab {
        self.guardian = json.to_string();
        self
    }

    pub fn traveller(mut self, json: &str) -> Lab {
        self.traveller = json.to_string();
        self
    }

    /// Gives a Domain's title card these scene effects (a JSON array of effects).
    pub fn on_enter(mut self, domain: &str, json: &str) -> Lab {
        self.on_enter.push((domain.to_string(), json.to_string()));
        self
    }

    /// Replaces the map (same four Domains `a`, `b`, `c`, `z`, in that order).
    pub fn map(mut self, json: &str) -> Lab {
        self.map = json.to_string();
        self
    }

    pub fn build(&self) -> Arc<CardSet> {
        let map: MapFile = serde_json::from_str(&self.map).expect("lab map");
        let traveller: TravellerFile =
            serde_json::from_str(&self.traveller).expect("lab traveller");
        let guardian: GuardianFile = serde_json::from_str(&self.guardian).expect("lab guardian");
        let mut domains = vec![
            domain("a", &self.a),
            domain("b", &self.b),
            domain("c", &self.c),
            domain("z", &self.z),
        ];
        for (id, json) in &self.on_enter {
            let d = domains
                .iter_mut()
                .find(|d| d.id.0 == *id)
                .unwrap_or_else(|| panic!("no domain {id}"));
            d.on_enter = serde_json::from_str(json).expect("scene effects");
        }
        for (id, entries) in &self.scene_reveals {
            let d = domains
                .iter_mut()
                .find(|d| d.id.0 == *id)
                .unwrap_or_else(|| panic!("no domain {id}"));
            d.reveals = entries.iter().map(|e| e.as_str().into()).collect();
        }
        Arc::new(CardSet::build(&map, traveller, guardian, domains).expect("lab card set"))
    }
}

/// The lab with these Station cards in Domain `a` (others quiet).
pub fn lab(stations: &str) -> Arc<CardSet> {
    Lab::new(stations).build()
}

/// Parses a JSON array of Station cards, filling in `name` and `text` when left out.
pub fn stations(json: &str) -> Vec<StationCard> {
    let v: Value = serde_json::from_str(json).expect("stations JSON");
    let Value::Array(list) = v else {
        panic!("stations must be a JSON array");
    };
    list.into_iter()
        .map(|mut c| {
            let obj = c.as_object_mut().expect("a station card is an object");
            let id = obj["id"].as_str().expect("card id").to_string();
            obj.entry("name").or_insert(Value::String(id));
            obj.entry("text").or_insert(Value::String(String::new()));
            serde_json::from_value(c).expect("station card")
        })
        .collect()
}

fn domain(id: &str, json: &str) -> DomainFile {
    DomainFile {
        schema: None,
        id: id.into(),
        name: format!("Domain {id}"),
        card_type: forward::cards::model::FileCardType::Domain,
        text: String::new(),
        flavor: None,
        guide_notes: None,
        art: None,
        theme: String::new(),
        on_enter: Vec::new(),
        reveals: Vec::new(),
        stations: stations(json),
    }
}

/// Starts a run with seed 1 and these forced dice.
pub fn start(cards: &Arc<CardSet>, dice: &[u8]) -> State {
    new_run(Arc::clone(cards), 1, dice.to_vec()).0
}

/// Starts a run from a lab's Domain `a` cards, seed 1.
pub fn start_lab(stations: &str, dice: &[u8]) -> State {
    start(&lab(stations), dice)
}

/// Starts a run with seed 1 and these forced dice, with a Guide (`guide`) or alone.
pub fn start_with(cards: &Arc<CardSet>, dice: &[u8], guide: bool) -> State {
    new_run_with(Arc::clone(cards), 1, dice.to_vec(), guide).0
}

/// Starts a run with a Guide from a lab's Domain `a` cards, seed 1.
pub fn start_guided(stations: &str, dice: &[u8]) -> State {
    start_with(&lab(stations), dice, true)
}

/// Executes a legal action; panics with the legal list when it is not.
pub fn act(s: &mut State, a: Action) -> Vec<Event> {
    match execute(s, &a) {
        Ok(events) => events,
        Err(e) => panic!("{a:?} was refused: {e}\nlegal: {:?}", legal_actions(s)),
    }
}

/// The row slot holding this card.
pub fn slot_of(s: &State, id: &str) -> u8 {
    s.row
        .iter()
        .position(|rc| rc.is_some_and(|rc| rc.card.id() == id))
        .unwrap_or_else(|| panic!("{id} is not in the row: {:?}", s.row)) as u8
}

/// Flips the row card with this id.
pub fn flip_id(s: &mut State, id: &str) -> Vec<Event> {
    let slot = slot_of(s, id);
    act(s, Action::Flip { slot })
}

/// Flips the card, then takes it (an Item or Equipment into a free slot).
pub fn take_id(s: &mut State, id: &str) {
    flip_id(s, id);
    act(s, Action::Take);
}

/// Flips the card; an Item or Equipment is taken, a Companion who asks for nothing joins.
pub fn get(s: &mut State, id: &str) -> Vec<Event> {
    let mut events = flip_id(s, id);
    if matches!(s.phase, forward::core::Phase::Offer { .. }) {
        events.extend(act(s, Action::Take));
    }
    events
}

/// Gets each of these cards, in whatever order they come into the row.
pub fn get_all(s: &mut State, ids: &[&str]) {
    let mut left: Vec<&str> = ids.to_vec();
    while !left.is_empty() {
        let i = left
            .iter()
            .position(|id| {
                s.row
                    .iter()
                    .any(|rc| rc.is_some_and(|rc| rc.card.id() == *id))
            })
            .unwrap_or_else(|| panic!("none of {left:?} is in the row: {:?}", s.row));
        get(s, left.remove(i));
    }
}

/// Flips quiet cards (ids starting with `rock`) until this card is in the row.
pub fn bring_up(s: &mut State, id: &str) {
    while !s
        .row
        .iter()
        .any(|rc| rc.is_some_and(|rc| rc.card.id() == id))
    {
        let slot = s
            .row
            .iter()
            .position(|rc| rc.is_some_and(|rc| rc.card.id().starts_with("rock")))
            .unwrap_or_else(|| panic!("no rock left to flip before {id}"));
        act(s, Action::Flip { slot: slot as u8 });
    }
}

/// Flips every card of the Domain, leftmost first, taking what is offered; returns the
/// events of the last action.
pub fn clear_domain(s: &mut State) -> Vec<Event> {
    let mut last = Vec::new();
    while s.phase == forward::core::Phase::Explore {
        let Some(slot) = s.row.iter().position(Option::is_some) else {
            break;
        };
        last = act(s, Action::Flip { slot: slot as u8 });
        if matches!(s.phase, forward::core::Phase::Offer { .. }) {
            last = act(s, Action::Take);
        }
    }
    last
}

/// The reference of a Station card.
pub fn card(s: &State, id: &str) -> CardRef {
    s.cards
        .card_by_str(id)
        .unwrap_or_else(|| panic!("no card {id}"))
}

/// The reference of a Domain.
pub fn dom(s: &State, id: &str) -> DomainRef {
    s.cards
        .domain_ref(&id.into())
        .unwrap_or_else(|| panic!("no domain {id}"))
}

pub fn legal(s: &State) -> Vec<Action> {
    legal_actions(s)
}

pub fn is_legal(s: &State, a: &Action) -> bool {
    legal_actions(s).contains(a)
}

/// Sets Health (through an event, like every change).
pub fn set_health(s: &mut State, health: i32) {
    let by = health - s.health;
    forward::core::apply(s, &Event::HealthChanged { by, health });
}

/// Sets the Resolve/Dread marker.
pub fn set_marker(s: &mut State, marker: i8) {
    let by = marker - s.marker;
    forward::core::apply(s, &Event::MarkerMoved { by, marker });
}

/// Sets Grace.
pub fn set_grace(s: &mut State, grace: u8) {
    let by = grace as i8 - s.grace as i8;
    forward::core::apply(s, &Event::GraceChanged { by, grace });
}

/// Queues forced dice.
pub fn dice(s: &mut State, values: &[u8]) {
    for &v in values {
        s.force_die(v);
    }
}

pub fn reroll(die: Die) -> Action {
    Action::Reroll {
        die,
        index: 0,
        card: None,
    }
}

pub fn reroll_with(die: Die, card: &str) -> Action {
    Action::Reroll {
        die,
        index: 0,
        card: Some(card.to_string().into()),
    }
}

pub fn use_card(id: &str) -> Action {
    Action::Use {
        card: id.to_string().into(),
    }
}

pub fn give(card: &str, to: &str) -> Action {
    Action::Give {
        card: card.to_string().into(),
        to: to.to_string().into(),
    }
}

pub fn show(card: &str, to: &str) -> Action {
    Action::Show {
        card: card.to_string().into(),
        to: to.to_string().into(),
    }
}

pub fn go(domain: &str) -> Action {
    Action::Go {
        domain: domain.to_string().into(),
    }
}

pub fn spend(purpose: SpendFor) -> Action {
    Action::Spend { purpose }
}

/// The exchanges resolved in these events: (roll, damage to the foe, damage to the
/// traveller, foe HP after, Health after).
pub fn exchanges(events: &[Event]) -> Vec<(Option<u8>, i32, i32, i32, i32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ExchangeResolved {
                roll,
                to_foe,
                to_traveller,
                foe_hp,
                health,
                ..
            } => Some((*roll, *to_foe, *to_traveller, *foe_hp, *health)),
            _ => None,
        })
        .collect()
}

/// The one exchange resolved in these events: (damage to the foe, damage to the traveller).
pub fn damage(events: &[Event]) -> (i32, i32) {
    let x = exchanges(events);
    assert_eq!(x.len(), 1, "expected one exchange in {events:#?}");
    (x[0].1, x[0].2)
}

/// The serialised state and the player's view, for "nothing changed" checks.
pub fn snapshot(s: &State) -> (String, String, Vec<u8>) {
    (
        serde_json::to_string(s).expect("state serialises"),
        serde_json::to_string(&forward::protocol::view(s)).expect("view serialises"),
        s.dice.preview(8),
    )
}
