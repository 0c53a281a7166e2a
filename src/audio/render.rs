//! `forward --render-sounds OUT.wav`: the sounds of a scripted duel, mixed offline by kira
//! itself (a [`Backend`] that hands over kira's `Renderer`, driven here block by block)
//! and written as a 16-bit stereo WAV, so that sound can be checked like a screenshot.
//!
//! The script: a new run of the seed with the forced dice; the traveller flips the
//! lowest face-down card, fights every foe, rolls and accepts every roll, takes the first
//! option of anything else, until a duel has started and ended. The sounds of the action
//! that started the duel and of every action after it, to the duel's end, are rendered.
//!
//! The timeline: the first sounding event starts at [`LEAD_IN`]; each event's cues start
//! at their [`Cue::offset`] into its slot (the dice land 0.4 s after the rattle); the
//! next sounding event starts [`GAP`] after the longest sound of the slot ends. Events
//! with no sound take no time.

use super::mixer::Mixer;
use super::synth::{self, RATE};
use super::{Cue, Levels, SoundOut, cues_for};
use crate::cards::CardSet;
use crate::core::{Action, Event, State, apply, execute, legal_actions, new_run};
use kira::backend::{Backend, Renderer};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Silence before the first sound.
pub const LEAD_IN: Duration = Duration::from_millis(300);
/// Silence between the end of one event's sounds and the next event's.
pub const GAP: Duration = Duration::from_millis(400);
/// Silence after the last sound.
const TAIL: Duration = Duration::from_millis(300);
/// The most actions the script takes looking for a duel.
const MAX_ACTIONS: usize = 400;
/// Frames rendered per block (kira's default internal buffer).
const BLOCK: usize = 128;

/// The renderer kira hands to the backend, kept for the caller to drive.
type Slot = Arc<Mutex<Option<Renderer>>>;

/// A backend with no device: it keeps kira's renderer in a shared slot.
pub struct Offline {
    sample_rate: u32,
    slot: Slot,
}

impl Backend for Offline {
    type Settings = Slot;
    type Error = std::convert::Infallible;

    fn setup(slot: Slot, _buffer: usize) -> Result<(Offline, u32), Self::Error> {
        Ok((
            Offline {
                sample_rate: RATE,
                slot,
            },
            RATE,
        ))
    }

    fn start(&mut self, mut renderer: Renderer) -> Result<(), Self::Error> {
        renderer.on_change_sample_rate(self.sample_rate);
        if let Ok(mut s) = self.slot.lock() {
            *s = Some(renderer);
        }
        Ok(())
    }
}

/// Why the script could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("no duel started within {MAX_ACTIONS} actions of seed {0}")]
    NoDuel(u64),
    #[error("the audio renderer did not start")]
    NoRenderer,
    #[error("cannot write {path}: {error}")]
    Write { path: String, error: std::io::Error },
}

/// One event of the script and the state it was applied to.
pub type Step = (State, Event);

/// A cue placed on the timeline.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// Seconds from the start of the render.
    pub at: f64,
    /// Its length in seconds.
    pub length: f64,
    pub cue: Cue,
}

/// The action the script takes in `state`.
fn scripted(state: &State) -> Option<Action> {
    let legal = legal_actions(state);
    let prefer: &[fn(&Action) -> bool] = if state.duel().is_some() {
        &[
            |a| matches!(a, Action::Roll),
            |a| matches!(a, Action::RollFoe),
            |a| matches!(a, Action::Continue),
        ]
    } else {
        &[
            |a| matches!(a, Action::Fight),
            |a| matches!(a, Action::Flip { .. }),
            |a| matches!(a, Action::Roll),
            |a| matches!(a, Action::Continue),
        ]
    };
    prefer
        .iter()
        .find_map(|p| legal.iter().find(|a| p(a)))
        .or_else(|| legal.iter().find(|a| !matches!(a, Action::Abandon)))
        .cloned()
}

/// The events of the scripted duel (see the module), each with the state before it.
pub fn scripted_duel(
    cards: Arc<CardSet>,
    seed: u64,
    dice: Vec<u8>,
) -> Result<Vec<Step>, RenderError> {
    let (mut state, _) = new_run(cards, seed, dice);
    let mut steps = Vec::new();
    let mut started = false;
    for _ in 0..MAX_ACTIONS {
        let Some(action) = scripted(&state) else {
            break;
        };
        let mut shown = state.clone();
        let Ok(events) = execute(&mut state, &action) else {
            break;
        };
        started |= events
            .iter()
            .any(|e| matches!(e, Event::DuelStarted { .. }));
        if !started {
            continue;
        }
        for e in events {
            steps.push((shown.clone(), e.clone()));
            apply(&mut shown, &e);
        }
        let over = state.duel().is_none() || state.outcome.is_some();
        if over {
            return Ok(steps);
        }
    }
    Err(RenderError::NoDuel(seed))
}

/// When each step's moment starts on the timeline (`None`: the step makes no sound).
fn starts(steps: &[Step]) -> Vec<Option<f64>> {
    let mut t = LEAD_IN.as_secs_f64();
    steps
        .iter()
        .map(|(before, event)| {
            let end = cues_for(event, before)
                .into_iter()
                .map(|c| c.offset().as_secs_f64() + length(c))
                .fold(None, |m: Option<f64>, e| Some(m.map_or(e, |m| m.max(e))))?;
            let start = t;
            t += end + GAP.as_secs_f64();
            Some(start)
        })
        .collect()
}

/// The length of a cue's sound in seconds.
fn length(cue: Cue) -> f64 {
    synth::cue(cue).len() as f64 / f64::from(RATE)
}

/// Where each cue of `steps` sounds (see the module for the timeline).
pub fn timeline(steps: &[Step]) -> Vec<Placed> {
    steps
        .iter()
        .zip(starts(steps))
        .filter_map(|((before, event), start)| Some((cues_for(event, before), start?)))
        .flat_map(|(cues, start)| {
            cues.into_iter().map(move |cue| Placed {
                at: start + cue.offset().as_secs_f64(),
                length: length(cue),
                cue,
            })
        })
        .collect()
}

/// Renders `steps` through kira: interleaved stereo samples at [`RATE`], and the
/// timeline they follow.
pub fn render(steps: &[Step]) -> Result<(Vec<f32>, Vec<Placed>), RenderError> {
    let levels = Levels {
        master: 1.0,
        effects: 1.0,
        ambience: 0.0,
        mute: false,
    };
    let (mut mixer, mut renderer) = offline(levels)?;
    let placed = timeline(steps);
    let end = placed.iter().map(|p| p.at + p.length).fold(0.0, f64::max) + TAIL.as_secs_f64();
    let mut out = Vec::with_capacity(frames_at(end) * 2);
    for ((before, event), start) in steps.iter().zip(starts(steps)) {
        if let Some(start) = start {
            run_to(&mut renderer, frames_at(start), &mut out);
            mixer.event(event, before, 1.0);
        }
    }
    run_to(&mut renderer, frames_at(end), &mut out);
    Ok((out, placed))
}

/// A mixer on the offline backend, and kira's renderer to drive it.
fn offline(levels: Levels) -> Result<(Mixer<Offline>, Renderer), RenderError> {
    let slot: Slot = Arc::new(Mutex::new(None));
    let mixer = Mixer::<Offline>::new(slot.clone(), levels).map_err(|_| RenderError::NoRenderer)?;
    let renderer = slot
        .lock()
        .ok()
        .and_then(|mut s| s.take())
        .ok_or(RenderError::NoRenderer)?;
    Ok((mixer, renderer))
}

/// The frame at `secs` seconds.
fn frames_at(secs: f64) -> usize {
    (secs * f64::from(RATE)).round() as usize
}

/// Renders into `out` (interleaved stereo) until it holds `frame` frames, a block at a
/// time; commands sent to the mixer since the last block take effect at the next.
fn run_to(renderer: &mut Renderer, frame: usize, out: &mut Vec<f32>) {
    while out.len() / 2 < frame {
        let n = (frame - out.len() / 2).min(BLOCK);
        let mut block = vec![0.0; n * 2];
        renderer.on_start_processing();
        renderer.process(&mut block, 2);
        out.extend_from_slice(&block);
    }
}

/// Writes interleaved stereo samples as a 16-bit PCM WAV file.
pub fn write_wav(path: &Path, samples: &[f32]) -> Result<(), RenderError> {
    let data_len = (samples.len() * 2) as u32;
    let mut bytes = Vec::with_capacity(44 + samples.len() * 2);
    bytes.extend_from_slice(b"RIFF");
    bytes.extend_from_slice(&(36 + data_len).to_le_bytes());
    bytes.extend_from_slice(b"WAVEfmt ");
    bytes.extend_from_slice(&16u32.to_le_bytes());
    bytes.extend_from_slice(&1u16.to_le_bytes()); // PCM
    bytes.extend_from_slice(&2u16.to_le_bytes()); // stereo
    bytes.extend_from_slice(&RATE.to_le_bytes());
    bytes.extend_from_slice(&(RATE * 4).to_le_bytes());
    bytes.extend_from_slice(&4u16.to_le_bytes());
    bytes.extend_from_slice(&16u16.to_le_bytes());
    bytes.extend_from_slice(b"data");
    bytes.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        let v = (s.clamp(-1.0, 1.0) * 32767.0).round() as i16;
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    std::fs::write(path, bytes).map_err(|error| RenderError::Write {
        path: path.display().to_string(),
        error,
    })
}

/// The `--render-sounds` command: renders the scripted duel of `seed` and `dice` to
/// `out`, prints the timeline; returns the exit code.
pub fn run(cards: &crate::cards::CardSource, out: &Path, seed: u64, dice: &[u8]) -> i32 {
    if let Some(bad) = dice.iter().find(|d| !(1..=6).contains(*d)) {
        eprintln!("forward --render-sounds: --dice values must be 1 to 6; got {bad}");
        return 2;
    }
    let set = match crate::cards::open::open_or_say("--render-sounds", cards) {
        Ok(set) => set,
        Err(code) => return code,
    };
    let rendered = scripted_duel(Arc::new(set), seed, dice.to_vec())
        .and_then(|steps| render(&steps))
        .and_then(|(samples, placed)| write_wav(out, &samples).map(|()| (samples, placed)));
    match rendered {
        Ok((samples, placed)) => {
            for p in &placed {
                println!("{:7.3} s  {}", p.at, p.cue.name());
            }
            println!(
                "wrote {} ({:.2} s, {} cues)",
                out.display(),
                samples.len() as f64 / 2.0 / f64::from(RATE),
                placed.len()
            );
            0
        }
        Err(e) => {
            eprintln!("forward --render-sounds: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audio::Ambience;

    fn rms(s: &[f32]) -> f32 {
        (s.iter().map(|v| v * v).sum::<f32>() / s.len().max(1) as f32).sqrt()
    }

    /// The RMS of the last `secs` seconds of `out`.
    fn tail(out: &[f32], secs: f64) -> f32 {
        rms(&out[out.len() - frames_at(secs) * 2..])
    }

    #[test]
    fn beds_play_cross_fade_and_follow_the_levels() {
        let mut levels = Levels {
            master: 1.0,
            effects: 1.0,
            ambience: 1.0,
            mute: false,
        };
        let (mut mixer, mut r) = offline(levels).unwrap();
        let mut out = Vec::new();
        let mut at = 0.0;
        let mut run = |secs: f64, out: &mut Vec<f32>| {
            at += secs;
            run_to(&mut r, frames_at(at), out);
        };
        run(0.5, &mut out);
        assert_eq!(tail(&out, 0.5), 0.0, "quiet before any bed");
        mixer.set_ambience(Some(Ambience::Termina));
        run(4.0, &mut out);
        let full = tail(&out, 1.0);
        assert!(full > 0.01, "the bed plays: {full}");
        // Mute silences the main track at once.
        levels.mute = true;
        mixer.set_levels(levels);
        run(0.3, &mut out);
        assert!(tail(&out, 0.2) < 1e-4);
        levels.mute = false;
        mixer.set_levels(levels);
        // Another Domain: the new bed fades in as the old fades out, never a gap.
        // (A straight fade in decibels dips to about a tenth of the level midway.)
        mixer.set_ambience(Some(Ambience::Gaol));
        for _ in 0..6 {
            run(0.5, &mut out);
            let level = tail(&out, 0.5);
            assert!(
                level > full * 0.4,
                "a dip in the cross-fade at {at} s: {level}"
            );
        }
        // None fades the bed out to silence.
        mixer.set_ambience(None);
        run(4.0, &mut out);
        assert!(tail(&out, 0.5) < 1e-4);
    }

    #[test]
    fn the_volumes_scale_the_tracks() {
        // The same bed and cue through two mixers, one at half the volume.
        let play = |levels: Levels| {
            let (mut mixer, mut r) = offline(levels).unwrap();
            mixer.set_ambience(Some(Ambience::Gaol));
            mixer.play(Cue::Hit);
            let mut out = Vec::new();
            run_to(&mut r, frames_at(3.0), &mut out);
            out
        };
        let full = Levels {
            master: 1.0,
            effects: 1.0,
            ambience: 1.0,
            mute: false,
        };
        let base = play(full);
        let ratio = |a: &[f32], b: &[f32]| rms(a) / rms(b);
        // The hit (first 0.2 s, under a bed still fading in) and the bed alone (last second).
        let hit = |o: &Vec<f32>| o[..frames_at(0.2) * 2].to_vec();
        let bed = |o: &Vec<f32>| o[o.len() - frames_at(1.0) * 2..].to_vec();
        for (levels, want_hit, want_bed) in [
            (
                Levels {
                    master: 0.5,
                    ..full
                },
                0.5,
                0.5,
            ),
            (
                Levels {
                    ambience: 0.5,
                    ..full
                },
                1.0,
                0.5,
            ),
            (
                Levels {
                    effects: 0.0,
                    ..full
                },
                0.0,
                1.0,
            ),
        ] {
            let out = play(levels);
            let (h, b) = (
                ratio(&hit(&out), &hit(&base)),
                ratio(&bed(&out), &bed(&base)),
            );
            assert!((b - want_bed).abs() < 0.02, "{levels:?}: bed at {b}");
            // The hit's window holds a little of the fading-in bed too.
            assert!((h - want_hit).abs() < 0.05, "{levels:?}: hit at {h}");
        }
    }
}
