//! The kira side: the sounds loaded as static sound data, an effects track and an ambience
//! track under the main track (master volume and mute), and the cross-fading bed.

use super::synth::{self, RATE};
use super::{Ambience, Cue, Levels, SoundOut, decibels};
use kira::backend::Backend;
use kira::sound::static_sound::{StaticSoundData, StaticSoundHandle, StaticSoundSettings};
use kira::track::{MainTrackBuilder, TrackBuilder, TrackHandle};
use kira::{AudioManager, AudioManagerSettings, Decibels, Easing, Frame, StartTime, Tween};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// How long one bed takes to fade into the next.
pub const CROSS_FADE: Duration = Duration::from_millis(2500);
/// How long a level change takes (short: no zipper noise, still "at once").
const LEVEL_TWEEN: Duration = Duration::from_millis(30);

/// Sound through a kira [`AudioManager`] on backend `B` (the device, or the offline
/// renderer of `--render-sounds`).
pub struct Mixer<B: Backend> {
    manager: AudioManager<B>,
    effects: TrackHandle,
    ambience: TrackHandle,
    sounds: HashMap<Cue, StaticSoundData>,
    beds: HashMap<Ambience, StaticSoundData>,
    bed: Option<(Ambience, StaticSoundHandle)>,
}

/// Static sound data of stereo samples.
fn data(left: &[f32], right: &[f32]) -> StaticSoundData {
    let frames: Arc<[Frame]> = left
        .iter()
        .zip(right)
        .map(|(&left, &right)| Frame { left, right })
        .collect();
    StaticSoundData {
        sample_rate: RATE,
        frames,
        settings: StaticSoundSettings::default(),
        slice: None,
    }
}

fn tween(duration: Duration) -> Tween {
    Tween {
        duration,
        ..Default::default()
    }
}

/// Tweens move volumes in decibels: a straight line from 0 dB to silence would drop the
/// old bed to a whisper long before the new one is heard (a hole of about -30 dB in the
/// middle). The old bed holds and then falls (`InPowi`), the new one rises fast and then
/// settles (`OutPowi`): they cross at about -7.5 dB each.
fn fade(duration: Duration, out: bool) -> Tween {
    Tween {
        duration,
        easing: if out {
            Easing::InPowi(3)
        } else {
            Easing::OutPowi(3)
        },
        ..Default::default()
    }
}

/// The three track volumes of `levels`, in decibels: main (master and mute), effects,
/// ambience.
fn volumes(levels: Levels) -> [Decibels; 3] {
    let master = if levels.mute { 0.0 } else { levels.master };
    [master, levels.effects, levels.ambience].map(|v| Decibels(decibels(v)))
}

impl<B: Backend> Mixer<B>
where
    B::Error: std::fmt::Display,
{
    /// Starts the manager on `backend` and makes every effect (beds are made when first
    /// played).
    pub fn new(backend: B::Settings, levels: Levels) -> Result<Mixer<B>, String> {
        // The tracks start at their levels (a tween from 0 dB would let the first sounds
        // through too loud).
        let [main, effects, ambience] = volumes(levels);
        let mut manager = AudioManager::<B>::new(AudioManagerSettings {
            capacities: Default::default(),
            main_track_builder: MainTrackBuilder::new().volume(main),
            internal_buffer_size: 128,
            backend_settings: backend,
        })
        .map_err(|e| e.to_string())?;
        let mut track = |volume: Decibels| {
            manager
                .add_sub_track(TrackBuilder::new().volume(volume))
                .map_err(|e| e.to_string())
        };
        let effects = track(effects)?;
        let ambience = track(ambience)?;
        let sounds = Cue::ALL
            .into_iter()
            .map(|c| {
                let s = synth::cue(c);
                (c, data(&s, &s))
            })
            .collect();
        Ok(Mixer {
            manager,
            effects,
            ambience,
            sounds,
            beds: HashMap::new(),
            bed: None,
        })
    }
}

impl<B: Backend> SoundOut for Mixer<B> {
    fn play_in(&mut self, cue: Cue, delay: Duration) {
        if let Some(d) = self.sounds.get(&cue) {
            let d = d.start_time(StartTime::Delayed(delay));
            // A full track (hundreds of sounds at once) drops the new sound: not worth
            // more than silence.
            let _ = self.effects.play(d);
        }
    }

    fn set_ambience(&mut self, ambience: Option<Ambience>) {
        if self.bed.as_ref().map(|(a, _)| *a) == ambience {
            return;
        }
        if let Some((_, mut old)) = self.bed.take() {
            old.stop(fade(CROSS_FADE, true));
        }
        let Some(a) = ambience else { return };
        let d = self
            .beds
            .entry(a)
            .or_insert_with(|| {
                let (l, r) = synth::bed(a);
                data(&l, &r)
            })
            .loop_region(..)
            .fade_in_tween(fade(CROSS_FADE, false));
        if let Ok(handle) = self.ambience.play(d) {
            self.bed = Some((a, handle));
        }
    }

    fn set_levels(&mut self, levels: Levels) {
        let [main, effects, ambience] = volumes(levels);
        let t = tween(LEVEL_TWEEN);
        self.manager.main_track().set_volume(main, t);
        self.effects.set_volume(effects, t);
        self.ambience.set_volume(ambience, t);
    }
}

/// Opens the default device. alsa-lib's own messages ("cannot find card '0'"...) are
/// caught by a local error handler for the call, so that the game prints one line.
pub fn open_device(levels: Levels) -> Result<Mixer<kira::DefaultBackend>, String> {
    #[cfg(target_os = "linux")]
    let _quiet = alsa::Output::local_error_handler().ok();
    Mixer::new(Default::default(), levels)
}
