//! Sound: effects cued by the game's events and a quiet ambient bed per Domain, played
//! through kira (feature `sound`, on by default). No macroquad here; see docs/UI.md, "Sound".
//!
//! # Wiring it in (for the table's stage)
//! ```text
//! // once, at start-up (prints "sound is off: <reason>" and returns a silent output
//! // when there is no device or the build has no `sound` feature):
//! let mut sound: Box<dyn SoundOut> = audio::open(settings.levels());
//! // when a moment starts on the stage, with the shown state *before* `apply(event)`:
//! sound.event(&event, &shown, pace);      // pace: the speed factor of the moment (1.0 normal)
//! // `event` plays the event's cues (see `cues_for`) and, on DomainEntered, cross-fades the
//! // Domain's ambience; to change the bed by hand (the title, a victory screen):
//! sound.set_ambience(Some(Ambience::of(domain.id)));   // or None for quiet
//! // after the Settings screen changes a level or mute:
//! sound.set_levels(settings.levels());
//! ```
//! Each cue sounds at [`Cue::offset`] (times `pace`) after its moment starts: the dice
//! land sound comes when the dice land, not when they start to roll.
//!
//! Tests use [`Recorder`], which logs what it is asked to play; `forward --render-sounds`
//! renders a scripted duel through the same kira mixer offline (see [`render`]).

pub mod cues;
#[cfg(feature = "sound")]
mod mixer;
#[cfg(feature = "sound")]
pub mod render;
pub mod synth;

use crate::core::{Event, State};
pub use cues::cues_for;
use std::time::Duration;

/// A sound effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cue {
    CardFlip,
    CardSlide,
    DiceRattle,
    DiceLand,
    Hit,
    Critical,
    Parry,
    Counter,
    /// The traveller's blow finds only air.
    Miss,
    /// The foe's guard takes the traveller's blow.
    Block,
    Heal,
    DreadStep,
    ResolveStep,
    SnareCaught,
    FoeDefeated,
    GuardianReveal,
    DomainCleared,
    Victory,
    Defeat,
    UiClick,
}

/// How long the dice tumble before they land, at normal speed: the dice-land cue sounds
/// this long after the rattle (the stage's dice moment should last about as long).
pub const DICE_TUMBLE: Duration = Duration::from_millis(550);

impl Cue {
    pub const ALL: [Cue; 20] = [
        Cue::CardFlip,
        Cue::CardSlide,
        Cue::DiceRattle,
        Cue::DiceLand,
        Cue::Hit,
        Cue::Critical,
        Cue::Parry,
        Cue::Counter,
        Cue::Miss,
        Cue::Block,
        Cue::Heal,
        Cue::DreadStep,
        Cue::ResolveStep,
        Cue::SnareCaught,
        Cue::FoeDefeated,
        Cue::GuardianReveal,
        Cue::DomainCleared,
        Cue::Victory,
        Cue::Defeat,
        Cue::UiClick,
    ];

    /// When the cue sounds after its moment starts, at normal speed.
    pub fn offset(self) -> Duration {
        match self {
            Cue::DiceLand => DICE_TUMBLE,
            _ => Duration::ZERO,
        }
    }

    /// A file-name-like name (`dice_land`), for listings and rendered files.
    pub fn name(self) -> &'static str {
        match self {
            Cue::CardFlip => "card_flip",
            Cue::CardSlide => "card_slide",
            Cue::DiceRattle => "dice_rattle",
            Cue::DiceLand => "dice_land",
            Cue::Hit => "hit",
            Cue::Critical => "critical",
            Cue::Parry => "parry",
            Cue::Counter => "counter",
            Cue::Miss => "miss",
            Cue::Block => "block",
            Cue::Heal => "heal",
            Cue::DreadStep => "dread_step",
            Cue::ResolveStep => "resolve_step",
            Cue::SnareCaught => "snare_caught",
            Cue::FoeDefeated => "foe_defeated",
            Cue::GuardianReveal => "guardian_reveal",
            Cue::DomainCleared => "domain_cleared",
            Cue::Victory => "victory",
            Cue::Defeat => "defeat",
            Cue::UiClick => "ui_click",
        }
    }
}

/// The ambient bed of a Domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ambience {
    /// Termina: embers.
    Termina,
    /// The Forgotten Shrine: a storm.
    Shrine,
    /// Valthria: a crowd.
    Valthria,
    /// The Spiremaze: wind.
    Spiremaze,
    /// The Sirocco Wastes: heat.
    Wastes,
    /// The Darkwood Brume: fog.
    Brume,
    /// The Amara Rot Glade: rot.
    Amara,
    /// The Frozen Gaol: ice.
    Gaol,
    /// The Nightsea Expanse: the swell.
    Nightsea,
}

impl Ambience {
    pub const ALL: [Ambience; 9] = [
        Ambience::Termina,
        Ambience::Shrine,
        Ambience::Valthria,
        Ambience::Spiremaze,
        Ambience::Wastes,
        Ambience::Brume,
        Ambience::Amara,
        Ambience::Gaol,
        Ambience::Nightsea,
    ];

    /// The Domain id in `cards/map.json` this bed belongs to.
    pub fn domain_id(self) -> &'static str {
        match self {
            Ambience::Termina => "termina",
            Ambience::Shrine => "forgotten_shrine",
            Ambience::Valthria => "valthria",
            Ambience::Spiremaze => "spiremaze",
            Ambience::Wastes => "sirocco_wastes",
            Ambience::Brume => "darkwood_brume",
            Ambience::Amara => "amara_rot_glade",
            Ambience::Gaol => "frozen_gaol",
            Ambience::Nightsea => "nightsea_expanse",
        }
    }

    /// The bed of the Domain with this id; `None` for a Domain of another card set.
    pub fn of(domain_id: &str) -> Option<Ambience> {
        Ambience::ALL
            .into_iter()
            .find(|a| a.domain_id() == domain_id)
    }
}

/// How loud each part plays: linear gains 0..=1 (the Settings screen's sliders).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Levels {
    pub master: f32,
    pub effects: f32,
    pub ambience: f32,
    pub mute: bool,
}

impl Default for Levels {
    fn default() -> Levels {
        Levels {
            master: 0.8,
            effects: 1.0,
            ambience: 0.6,
            mute: false,
        }
    }
}

/// A linear gain as kira's decibels: 0 and below is silence (kira treats -60 dB as off).
pub fn decibels(gain: f32) -> f32 {
    if gain <= 0.001 {
        -60.0
    } else {
        (20.0 * gain.min(1.0).log10()).max(-60.0)
    }
}

/// Where sounds go: kira's mixer, a silent sink, or a recorder in tests.
pub trait SoundOut {
    /// Plays `cue` after `delay`.
    fn play_in(&mut self, cue: Cue, delay: Duration);
    /// Cross-fades to this bed (`None`: fades the bed out).
    fn set_ambience(&mut self, ambience: Option<Ambience>);
    /// Applies volumes and mute at once.
    fn set_levels(&mut self, levels: Levels);

    /// Plays `cue` now.
    fn play(&mut self, cue: Cue) {
        self.play_in(cue, Duration::ZERO);
    }

    /// Everything `event` sounds like as its moment starts: its cues, each at its offset
    /// times `pace` (1.0 at normal speed, smaller when faster, 0 when instant); on
    /// entering a Domain, that Domain's bed. `before`: the shown state before the event.
    fn event(&mut self, event: &Event, before: &State, pace: f32) {
        for cue in cues_for(event, before) {
            self.play_in(cue, cue.offset().mul_f64(f64::from(pace.max(0.0))));
        }
        if let Event::DomainEntered { domain } = event {
            self.set_ambience(Ambience::of(domain.id()));
        }
    }
}

/// Plays nothing: the game without a sound device.
#[derive(Debug, Default)]
pub struct Silent;

impl SoundOut for Silent {
    fn play_in(&mut self, _: Cue, _: Duration) {}
    fn set_ambience(&mut self, _: Option<Ambience>) {}
    fn set_levels(&mut self, _: Levels) {}
}

/// One request made of a [`Recorder`].
#[derive(Debug, Clone, PartialEq)]
pub enum Played {
    Cue(Cue, Duration),
    Ambience(Option<Ambience>),
    Levels(Levels),
}

/// A fake output for tests: logs every request in order.
#[derive(Debug, Default)]
pub struct Recorder {
    pub log: Vec<Played>,
}

impl Recorder {
    /// The cues played, in order.
    pub fn cues(&self) -> Vec<Cue> {
        self.log
            .iter()
            .filter_map(|p| match p {
                Played::Cue(c, _) => Some(*c),
                _ => None,
            })
            .collect()
    }
}

impl SoundOut for Recorder {
    fn play_in(&mut self, cue: Cue, delay: Duration) {
        self.log.push(Played::Cue(cue, delay));
    }
    fn set_ambience(&mut self, ambience: Option<Ambience>) {
        self.log.push(Played::Ambience(ambience));
    }
    fn set_levels(&mut self, levels: Levels) {
        self.log.push(Played::Levels(levels));
    }
}

/// Opens the sound device. With none (or a build without the `sound` feature), says so
/// once on stderr ("sound is off: <reason>") and returns a silent output.
pub fn open(levels: Levels) -> Box<dyn SoundOut> {
    match open_device(levels) {
        Ok(out) => out,
        Err(reason) => {
            eprintln!("sound is off: {reason}");
            Box::new(Silent)
        }
    }
}

#[cfg(feature = "sound")]
fn open_device(levels: Levels) -> Result<Box<dyn SoundOut>, String> {
    mixer::open_device(levels).map(|m| Box::new(m) as Box<dyn SoundOut>)
}

#[cfg(not(feature = "sound"))]
fn open_device(_: Levels) -> Result<Box<dyn SoundOut>, String> {
    Err("this build has no sound (built without the `sound` feature)".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_domain_of_the_map_has_a_bed() {
        let map = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/map.json"),
        )
        .unwrap();
        let map: serde_json::Value = serde_json::from_str(&map).unwrap();
        let ids: Vec<&str> = map["domains"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids.len(), 9);
        for id in &ids {
            assert!(Ambience::of(id).is_some(), "{id} has no bed");
        }
        assert_eq!(Ambience::of("elsewhere"), None);
    }

    #[test]
    fn levels_become_decibels() {
        assert_eq!(decibels(1.0), 0.0);
        assert_eq!(decibels(0.0), -60.0);
        assert!((decibels(0.5) + 6.02).abs() < 0.01);
    }
}
