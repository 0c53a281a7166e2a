//! Sound: a scripted duel with forced dice cues exactly the expected sounds (through the
//! recording fake), and `forward --render-sounds` writes a WAV that is loud at each dice
//! landing and blow and silent between. Each effect is also checked with `sox stat`
//! (skipped with a message when sox is not installed, an error under CI).
#![cfg(feature = "sound")]

use crate::common;
use forward::audio::render::{Placed, scripted_duel, timeline, write_wav};
use forward::audio::synth::{self, RATE};
use forward::audio::{Cue, Played, Recorder, SoundOut};
use forward::cards::load::load_dir;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

const SEED: u64 = 1;
/// Forced dice: the first four are used before the duel begins (seed 1 flips a foe
/// first); then traveller and foe, exchange by exchange: a Parry; a Miss that lets the
/// foe's blow land; a Counter; a Critical that defeats the foe.
const DICE: [u8; 12] = [5, 4, 2, 6, 2, 4, 1, 3, 6, 3, 5, 2];

fn cards() -> Arc<forward::cards::CardSet> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    Arc::new(load_dir(&dir).expect("the shipped cards load").0)
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("forward-sound-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn a_scripted_duel_cues_exactly_these_sounds() {
    let steps = scripted_duel(cards(), SEED, DICE.to_vec()).unwrap();
    let mut out = Recorder::default();
    for (before, event) in &steps {
        out.event(event, before, 1.0);
    }
    use Cue::*;
    assert_eq!(
        out.cues(),
        [
            CardFlip, // the foe turned over
            DiceRattle,
            DiceLand,
            Parry, // 2 against 4
            DiceRattle,
            DiceLand,
            Miss, // 1 against 3: the traveller's blow finds only air...
            Hit,  // ...and the foe's blow lands
            DiceRattle,
            DiceLand,
            Counter, // 6 against 3
            DiceRattle,
            DiceLand,
            Critical, // 5 against 2
            FoeDefeated,
            ResolveStep, // its on-defeat reward
            CardSlide,
            CardSlide // the foe's card leaves, the row moves up
        ],
        "{:#?}",
        steps.iter().map(|(_, e)| e).collect::<Vec<_>>()
    );
    // The dice land after the tumble; everything else at its moment's start.
    let lands: Vec<_> = out
        .log
        .iter()
        .filter_map(|p| match p {
            Played::Cue(DiceLand, d) => Some(*d),
            _ => None,
        })
        .collect();
    assert_eq!(lands, [forward::audio::DICE_TUMBLE; 4]);
    // Played at instant speed, nothing waits.
    let mut fast = Recorder::default();
    for (before, event) in &steps {
        fast.event(event, before, 0.0);
    }
    assert!(
        fast.log
            .iter()
            .all(|p| matches!(p, Played::Cue(_, d) if d.is_zero()))
    );
}

/// Interleaved stereo samples of a 16-bit PCM WAV written by `write_wav`.
fn read_wav(path: &Path) -> Vec<f32> {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[..4], b"RIFF");
    assert_eq!(u32::from_le_bytes(bytes[24..28].try_into().unwrap()), RATE);
    bytes[44..]
        .chunks_exact(2)
        .map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
        .collect()
}

/// RMS of the stereo samples between `from` and `to` seconds.
fn rms(samples: &[f32], from: f64, to: f64) -> f32 {
    let at = |s: f64| ((s * f64::from(RATE)) as usize * 2).min(samples.len());
    let w = &samples[at(from)..at(to)];
    (w.iter().map(|v| v * v).sum::<f32>() / w.len().max(1) as f32).sqrt()
}

#[test]
fn the_rendered_duel_sounds_at_each_landing_and_blow_and_is_silent_between() {
    let dir = scratch("render");
    let wav = dir.join("duel.wav");
    let dice = DICE.map(|d| d.to_string()).join(",");
    let out = Command::new(env!("CARGO_BIN_EXE_forward"))
        .args([
            "--render-sounds",
            wav.to_str().unwrap(),
            "--seed",
            "1",
            "--dice",
            &dice,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let samples = read_wav(&wav);
    let placed: Vec<Placed> = timeline(&scripted_duel(cards(), SEED, DICE.to_vec()).unwrap());
    // The binary printed the same timeline.
    for p in &placed {
        let line = format!("{:7.3} s  {}", p.at, p.cue.name());
        assert!(stdout.contains(&line), "{line} missing from:\n{stdout}");
    }
    let blows = [
        Cue::Hit,
        Cue::Critical,
        Cue::Parry,
        Cue::Counter,
        Cue::FoeDefeated,
    ];
    let due: Vec<&Placed> = placed
        .iter()
        .filter(|p| p.cue == Cue::DiceLand || blows.contains(&p.cue))
        .collect();
    assert_eq!(due.len(), 9, "four landings, four blows, the defeat");
    for p in due {
        let loud = rms(&samples, p.at, p.at + 0.08);
        assert!(loud > 0.02, "{:?} at {:.3} s: RMS {loud}", p.cue, p.at);
    }
    // Between one event's sounds and the next: silence.
    let mut gaps = 0;
    for w in placed.windows(2) {
        let end = placed
            .iter()
            .filter(|p| p.at <= w[0].at)
            .map(|p| p.at + p.length)
            .fold(0.0, f64::max);
        if w[1].at - end >= 0.3 {
            let quiet = rms(&samples, end + 0.05, w[1].at - 0.05);
            assert!(
                quiet < 1e-3,
                "between {:.3} and {:.3} s: RMS {quiet}",
                end,
                w[1].at
            );
            gaps += 1;
        }
    }
    assert!(gaps >= 8, "only {gaps} gaps checked");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_effect_peaks_below_minus_one_dbfs_by_sox() {
    // Without sox the peak check in the unit tests still runs.
    let Some(sox) = common::tools::find(&["sox"], "--version", "sox") else {
        return;
    };
    let dir = scratch("sox");
    for cue in Cue::ALL {
        let mono = synth::cue(cue);
        let stereo: Vec<f32> = mono.iter().flat_map(|&v| [v, v]).collect();
        let path = dir.join(format!("{}.wav", cue.name()));
        write_wav(&path, &stereo).unwrap();
        let out = Command::new(sox)
            .arg(&path)
            .args(["-n", "stat"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stderr);
        let amplitude = |label: &str| -> f32 {
            text.lines()
                .find(|l| l.starts_with(label))
                .and_then(|l| l.split(':').nth(1))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or_else(|| panic!("no {label} in sox output:\n{text}"))
        };
        let peak = amplitude("Maximum amplitude").max(-amplitude("Minimum amplitude"));
        // -1 dBFS is 0.891.
        assert!(peak < 0.891, "{}: peak {peak}", cue.name());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
