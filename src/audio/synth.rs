//! The game's sounds, synthesised in code: a few oscillators, a seeded noise source and a
//! state-variable filter. Every sound is deterministic (fixed seeds), so the same build
//! always makes the same samples; see `art/sounds/README.md` for their licence.
//!
//! Loudness: each effect is scaled so that its loudest 50 ms reach [`EFFECT_RMS`] (the UI
//! click [`CLICK_RMS`]), then capped at [`PEAK`]; each ambient bed is scaled to
//! [`AMBIENCE_RMS`] and capped at [`AMBIENCE_PEAK`].

use super::{Ambience, Cue};
use std::f32::consts::TAU;

/// The sample rate of every sound made here.
pub const RATE: u32 = 48_000;
const SR: f32 = RATE as f32;
/// Highest sample value of any sound: -1.5 dBFS (the issue asks for under -1 dBFS).
pub const PEAK: f32 = 0.841;
/// Loudest-50-ms RMS of an effect: -15 dBFS.
pub const EFFECT_RMS: f32 = 0.178;
/// The UI click sits lower: -24 dBFS.
pub const CLICK_RMS: f32 = 0.063;
/// RMS of an ambient bed: -33 dBFS (a quiet bed under the effects).
pub const AMBIENCE_RMS: f32 = 0.0224;
/// Highest sample of an ambient bed: -14 dBFS.
pub const AMBIENCE_PEAK: f32 = 0.2;
/// Length of one loop of an ambient bed, in seconds.
pub const BED_SECONDS: f32 = 8.0;
/// The cross-fade folded into a bed so that its end runs into its start.
const SEAM_SECONDS: f32 = 1.0;

/// A mono sound: samples at [`RATE`].
pub type Mono = Vec<f32>;

/// A deterministic noise source (xorshift64*), so that sounds do not depend on any
/// random-number crate's stream.
pub struct Noise(u64);

impl Noise {
    pub fn new(seed: u64) -> Noise {
        Noise(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next value, uniform in -1..1.
    pub fn sample(&mut self) -> f32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let v = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        ((v >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }

    /// Uniform in `lo..hi`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (self.sample() * 0.5 + 0.5) * (hi - lo)
    }
}

/// A state-variable filter (topology-preserving form): low, band and high outputs.
struct Svf {
    ic1: f32,
    ic2: f32,
}

impl Svf {
    fn new() -> Svf {
        Svf { ic1: 0.0, ic2: 0.0 }
    }

    /// Filters one sample at `cutoff` Hz with resonance `q`; returns (low, band, high).
    fn run(&mut self, x: f32, cutoff: f32, q: f32) -> (f32, f32, f32) {
        let g = (std::f32::consts::PI * cutoff.clamp(10.0, SR * 0.45) / SR).tan();
        let k = 1.0 / q.max(0.05);
        let a1 = 1.0 / (1.0 + g * (g + k));
        let a2 = g * a1;
        let a3 = g * a2;
        let v3 = x - self.ic2;
        let v1 = a1 * self.ic1 + a2 * v3;
        let v2 = self.ic2 + a2 * self.ic1 + a3 * v3;
        self.ic1 = 2.0 * v1 - self.ic1;
        self.ic2 = 2.0 * v2 - self.ic2;
        (v2, v1, x - k * v1 - v2)
    }
}

fn samples(seconds: f32) -> usize {
    (seconds * SR) as usize
}

/// An envelope: linear attack over `attack` s, then exponential decay with time constant
/// `decay` s.
fn env(t: f32, attack: f32, decay: f32) -> f32 {
    if t < 0.0 {
        0.0
    } else if t < attack {
        t / attack
    } else {
        (-(t - attack) / decay).exp()
    }
}

/// Adds `src` into `dst` from sample `at`, times `gain`.
fn mix_in(dst: &mut Mono, src: &[f32], at: usize, gain: f32) {
    if dst.len() < at + src.len() {
        dst.resize(at + src.len(), 0.0);
    }
    for (d, s) in dst[at..].iter_mut().zip(src) {
        *d += s * gain;
    }
}

/// A short click: a burst of noise through a resonant band-pass at `pitch` Hz.
fn click(noise: &mut Noise, pitch: f32, decay: f32) -> Mono {
    let n = samples(decay * 6.0);
    let mut f = Svf::new();
    (0..n)
        .map(|i| {
            let t = i as f32 / SR;
            let burst = if t < 0.003 { noise.sample() } else { 0.0 };
            let (_, band, _) = f.run(burst, pitch, 6.0);
            band * 4.0 * env(t, 0.0005, decay)
        })
        .collect()
}

/// A decaying sine whose pitch glides from `from` to `to` Hz (a thump, a drip).
fn sweep(from: f32, to: f32, seconds: f32, decay: f32) -> Mono {
    let mut phase = 0.0f32;
    (0..samples(seconds))
        .map(|i| {
            let t = i as f32 / SR;
            let f = to + (from - to) * (-t / (seconds * 0.25)).exp();
            phase += TAU * f / SR;
            phase.sin() * env(t, 0.002, decay)
        })
        .collect()
}

/// A bell or gong: inharmonic partials `(ratio, level)` over `base` Hz, each decaying a
/// little faster the higher it is.
fn bell(base: f32, partials: &[(f32, f32)], seconds: f32, attack: f32, decay: f32) -> Mono {
    (0..samples(seconds))
        .map(|i| {
            let t = i as f32 / SR;
            partials
                .iter()
                .map(|&(r, a)| (TAU * base * r * t).sin() * a * env(t, attack, decay / r.sqrt()))
                .sum()
        })
        .collect()
}

/// Noise through a band-pass whose centre moves from `from` to `to` Hz, shaped by a
/// rise-and-fall envelope (a swish, a slide, a whoosh).
fn swish(noise: &mut Noise, from: f32, to: f32, seconds: f32, q: f32) -> Mono {
    let n = samples(seconds);
    let mut f = Svf::new();
    (0..n)
        .map(|i| {
            let x = i as f32 / n as f32;
            let (_, band, _) = f.run(noise.sample(), from + (to - from) * x, q);
            // Quick rise, longer fall.
            let shape = (x * std::f32::consts::PI).sin().powf(1.5) * (1.0 - x).sqrt();
            band * shape
        })
        .collect()
}

/// A soft sine note with a few harmonics (chimes and fanfares).
fn note(freq: f32, seconds: f32, attack: f32, decay: f32) -> Mono {
    (0..samples(seconds))
        .map(|i| {
            let t = i as f32 / SR;
            let w = TAU * freq * t;
            (w.sin() + 0.3 * (2.0 * w).sin() + 0.1 * (3.0 * w).sin())
                * env(t, attack, decay)
                * fade_out(t, seconds)
        })
        .collect()
}

/// 1 until the last 30 ms of a sound, then down to 0 (no click at the end).
fn fade_out(t: f32, seconds: f32) -> f32 {
    ((seconds - t) / 0.03).clamp(0.0, 1.0)
}

/// Notes (Hz) played one after another every `step` s.
fn arpeggio(notes: &[f32], step: f32, each: f32, decay: f32) -> Mono {
    let mut out = Mono::new();
    for (i, &f) in notes.iter().enumerate() {
        mix_in(
            &mut out,
            &note(f, each, 0.01, decay),
            samples(step * i as f32),
            0.6,
        );
    }
    out
}

/// The samples of an effect, at its balanced loudness.
pub fn cue(cue: Cue) -> Mono {
    let raw = raw_cue(cue);
    let rms = if cue == Cue::UiClick {
        CLICK_RMS
    } else {
        EFFECT_RMS
    };
    balance(raw, rms, PEAK)
}

/// The unscaled samples of an effect.
fn raw_cue(cue: Cue) -> Mono {
    let mut noise = Noise::new(cue as u64 + 101);
    match cue {
        // Paper brushing paper: a short high swish that brightens.
        Cue::CardFlip => swish(&mut noise, 1800.0, 5500.0, 0.13, 0.8),
        // A card pushed across cloth: longer, lower and softer.
        Cue::CardSlide => swish(&mut noise, 1200.0, 2200.0, 0.24, 0.6),
        // Bone dice knocking together in a cup: clicks closer and closer.
        Cue::DiceRattle => {
            let mut out = vec![0.0; samples(0.4)];
            let mut at = 0.0;
            for k in 0..7 {
                let pitch = noise.range(2400.0, 4200.0);
                let c = click(&mut noise, pitch, 0.008);
                mix_in(&mut out, &c, samples(at), noise.range(0.5, 1.0));
                at += 0.075 - k as f32 * 0.007;
            }
            out
        }
        // Two knocks on the table, then the die settles.
        Cue::DiceLand => {
            let mut out = sweep(240.0, 140.0, 0.12, 0.025);
            for v in out.iter_mut() {
                *v *= 0.7;
            }
            for (at, pitch, gain) in [(0.0, 2900.0, 1.0), (0.07, 3300.0, 0.6), (0.13, 3700.0, 0.3)]
            {
                let c = click(&mut noise, pitch, 0.01);
                mix_in(&mut out, &c, samples(at), gain);
            }
            out.resize(samples(0.25), 0.0);
            out
        }
        Cue::Hit => thump(&mut noise, 1.0),
        // A heavy thump with a ringing edge.
        Cue::Critical => {
            let mut out = thump(&mut noise, 1.2);
            let ring = bell(
                620.0,
                &[(1.0, 0.5), (1.52, 0.35), (2.37, 0.25)],
                0.6,
                0.002,
                0.18,
            );
            mix_in(&mut out, &ring, 0, 0.5);
            out
        }
        // Steel meeting steel: a bright clang, no thump.
        Cue::Parry => clang(&mut noise),
        // The clang, then a quick blow back.
        Cue::Counter => {
            let mut out = clang(&mut noise);
            let back = thump(&mut noise, 0.8);
            mix_in(&mut out, &back, samples(0.14), 0.8);
            out
        }
        // A blade through empty air: a quick falling whoosh, nothing struck.
        Cue::Miss => swish(&mut noise, 2600.0, 900.0, 0.24, 0.5),
        // A blow taken on wood: a dull knock and a short low thud, no ring.
        Cue::Block => {
            let mut out = sweep(190.0, 120.0, 0.16, 0.05);
            let knock = click(&mut noise, 700.0, 0.03);
            mix_in(&mut out, &knock, 0, 0.9);
            out
        }
        // A soft rising chime.
        Cue::Heal => arpeggio(&[523.25, 659.25, 783.99], 0.09, 0.6, 0.25),
        // A low tone sinking, with a slow shudder.
        Cue::DreadStep => (0..samples(0.7))
            .map(|i| {
                let t = i as f32 / SR;
                let f = 110.0 - 28.0 * (t / 0.7);
                let shudder = 1.0 - 0.35 * (TAU * 7.0 * t).sin().abs();
                let w = TAU * f * t;
                (w.sin() + 0.4 * (w * 1.5).sin()) * env(t, 0.04, 0.25) * shudder * fade_out(t, 0.7)
            })
            .collect(),
        // Two warm notes rising a fifth.
        Cue::ResolveStep => arpeggio(&[440.0, 659.25], 0.12, 0.5, 0.2),
        // A snap, then a short chain rattle.
        Cue::SnareCaught => {
            let mut out = click(&mut noise, 1500.0, 0.02);
            for k in 0..5 {
                let pitch = noise.range(4200.0, 6000.0);
                let c = click(&mut noise, pitch, 0.012);
                mix_in(&mut out, &c, samples(0.06 + 0.045 * k as f32), 0.45);
            }
            out
        }
        // A last low thud under a falling whoosh.
        Cue::FoeDefeated => {
            let mut out = swish(&mut noise, 2500.0, 300.0, 0.6, 0.7);
            let thud = sweep(110.0, 40.0, 0.5, 0.15);
            mix_in(&mut out, &thud, 0, 0.9);
            out
        }
        // A deep gong, slow to bloom.
        Cue::GuardianReveal => bell(
            65.0,
            &[
                (1.0, 0.6),
                (1.5, 0.4),
                (2.02, 0.3),
                (2.66, 0.2),
                (3.9, 0.08),
            ],
            2.2,
            0.05,
            0.8,
        ),
        // Four notes rising.
        Cue::DomainCleared => arpeggio(&[392.0, 493.88, 587.33, 783.99], 0.11, 0.9, 0.35),
        // A rising arpeggio that holds as a major chord.
        Cue::Victory => {
            let mut out = arpeggio(&[261.63, 329.63, 392.0, 523.25], 0.12, 1.8, 0.7);
            for f in [261.63, 329.63, 392.0] {
                mix_in(&mut out, &note(f, 1.4, 0.2, 0.6), samples(0.5), 0.35);
            }
            out
        }
        // Three low notes falling in a minor key.
        Cue::Defeat => arpeggio(&[220.0, 174.61, 146.83], 0.35, 1.2, 0.5),
        // A tiny wooden tick.
        Cue::UiClick => click(&mut noise, 2200.0, 0.004),
    }
}

/// A body blow: a low sine dropping in pitch under a short dull burst of noise.
fn thump(noise: &mut Noise, weight: f32) -> Mono {
    let mut out = sweep(150.0 * weight, 48.0, 0.22, 0.07);
    let mut f = Svf::new();
    for (i, v) in out.iter_mut().enumerate() {
        let t = i as f32 / SR;
        let (low, _, _) = f.run(noise.sample(), 900.0, 0.7);
        *v += low * 1.5 * env(t, 0.001, 0.018);
    }
    out
}

/// A metallic clang: a click and a bright inharmonic ring.
fn clang(noise: &mut Noise) -> Mono {
    let mut out = bell(
        880.0,
        &[(1.0, 0.5), (1.47, 0.4), (2.09, 0.3), (2.76, 0.2)],
        0.4,
        0.001,
        0.09,
    );
    let c = click(noise, 4000.0, 0.006);
    mix_in(&mut out, &c, 0, 0.8);
    out
}

/// Scales `s` so that its loudest 50 ms have RMS `rms`, then caps its peak at `peak`.
pub fn balance(mut s: Mono, rms: f32, peak: f32) -> Mono {
    let window = samples(0.05).max(1);
    let loudest = s
        .chunks(window)
        .map(|c| (c.iter().map(|v| v * v).sum::<f32>() / c.len() as f32).sqrt())
        .fold(0.0f32, f32::max);
    if loudest <= 0.0 {
        return s;
    }
    let mut gain = rms / loudest;
    let top = s.iter().fold(0.0f32, |m, v| m.max(v.abs())) * gain;
    if top > peak {
        gain *= peak / top;
    }
    for v in &mut s {
        *v *= gain;
    }
    s
}

/// One stereo loop of an ambient bed (left, right), [`BED_SECONDS`] long; its last
/// sample runs smoothly into its first.
pub fn bed(which: Ambience) -> (Mono, Mono) {
    let n = samples(BED_SECONDS);
    let seam = samples(SEAM_SECONDS);
    let seed = which as u64 * 2 + 1001;
    let left = looped(raw_bed(which, seed, n + seam), n, seam);
    let right = looped(raw_bed(which, seed + 1, n + seam), n, seam);
    // One gain for both sides keeps the stereo picture.
    let rms = |s: &Mono| (s.iter().map(|v| v * v).sum::<f32>() / s.len() as f32).sqrt();
    let level = ((rms(&left) + rms(&right)) / 2.0).max(1e-9);
    let mut gain = AMBIENCE_RMS / level;
    let top = left
        .iter()
        .chain(&right)
        .fold(0.0f32, |m, v| m.max(v.abs()))
        * gain;
    if top > AMBIENCE_PEAK {
        gain *= AMBIENCE_PEAK / top;
    }
    let scale = |s: Mono| s.into_iter().map(|v| v * gain).collect();
    (scale(left), scale(right))
}

/// Folds the last `seam` samples of `s` over its first with an equal-power cross-fade:
/// `n` samples that loop without a join.
fn looped(s: Mono, n: usize, seam: usize) -> Mono {
    let mut out: Mono = s[..n].to_vec();
    for i in 0..seam {
        let x = i as f32 / seam as f32;
        let (fade_in, fade_out) = (
            (x * std::f32::consts::FRAC_PI_2).sin(),
            (x * std::f32::consts::FRAC_PI_2).cos(),
        );
        out[i] = s[i] * fade_in + s[n + i] * fade_out;
    }
    out
}

/// A slow wave with a whole number of cycles per loop (so that it loops too).
fn lfo(t: f32, cycles: f32) -> f32 {
    (TAU * cycles * t / BED_SECONDS).sin()
}

/// `len` samples of one channel of a bed, before the seam is folded.
fn raw_bed(which: Ambience, seed: u64, len: usize) -> Mono {
    let mut noise = Noise::new(seed);
    let mut low = Svf::new();
    let mut band = Svf::new();
    let mut out = Mono::with_capacity(len);
    // Sparse events (crackles, drips, tinkles) are mixed in afterwards.
    let mut sparks: Vec<(usize, Mono, f32)> = Vec::new();
    for i in 0..len {
        let t = i as f32 / SR;
        let w = noise.sample();
        let v = match which {
            // Embers: a low rumble of a fire.
            Ambience::Termina => low.run(w, 180.0, 0.7).0 * (0.8 + 0.2 * lfo(t, 3.0)),
            // Storm: wind surging under a hiss of rain.
            Ambience::Shrine => {
                let wind = low.run(w, 350.0 + 150.0 * lfo(t, 2.0), 0.9).0;
                let rain = band.run(w, 5000.0, 0.5).1;
                wind * (0.7 + 0.3 * lfo(t, 1.0)) + rain * 0.25
            }
            // A crowd: bands of murmur in the range of voices, pulsing like speech.
            Ambience::Valthria => {
                let voice = band.run(w, 500.0 + 200.0 * lfo(t, 5.0), 2.0).1;
                let syllables = 0.6 + 0.4 * lfo(t, 34.0) * lfo(t, 21.0);
                voice * syllables + low.run(w, 250.0, 0.7).0 * 0.3
            }
            // Wind in towers: a resonant whistle that wanders.
            Ambience::Spiremaze => {
                let whistle = band
                    .run(w, 700.0 + 300.0 * lfo(t, 1.0) + 80.0 * lfo(t, 5.0), 5.0)
                    .1;
                whistle * (0.6 + 0.4 * lfo(t, 2.0)) + low.run(w, 200.0, 0.7).0 * 0.4
            }
            // Heat: a faint high shimmer over a low beating drone.
            Ambience::Wastes => {
                let shimmer = band.run(w, 6500.0, 0.8).1 * (0.5 + 0.5 * lfo(t, 12.0));
                let drone = (TAU * 55.0 * t).sin() + (TAU * 55.5 * t).sin();
                shimmer * 0.5 + drone * 0.05
            }
            // Fog: muffled air and a soft, close-pitched pad.
            Ambience::Brume => {
                let air = low.run(w, 400.0, 0.6).0;
                let pad = (TAU * 196.0 * t).sin() + (TAU * 207.65 * t).sin();
                air + pad * 0.02 * (0.7 + 0.3 * lfo(t, 1.0))
            }
            // Rot: a slow, wet bubbling low down.
            Ambience::Amara => low.run(w, 120.0 + 60.0 * lfo(t, 4.0), 3.0).0,
            // Ice: thin cold wind.
            Ambience::Gaol => band.run(w, 2500.0 + 500.0 * lfo(t, 1.0), 3.0).1 * 0.6,
            // The sea: waves swelling and drawing back, two to a loop.
            Ambience::Nightsea => {
                let swell = (0.5 + 0.5 * lfo(t, 2.0)).powf(2.0);
                let wash = low.run(w, 300.0 + 900.0 * swell, 0.7).0;
                wash * (0.15 + 0.85 * swell)
            }
        };
        out.push(v);
        // Sparse events, drawn at a fixed chance per sample from the same stream.
        let chance = match which {
            Ambience::Termina => 3.0,
            Ambience::Amara => 0.8,
            Ambience::Gaol => 0.6,
            _ => 0.0,
        } / SR;
        if chance > 0.0 && (noise.sample() * 0.5 + 0.5) < chance {
            let spark = match which {
                // A crackle of an ember.
                Ambience::Termina => {
                    let pitch = noise.range(1500.0, 4000.0);
                    (click(&mut noise, pitch, 0.003), noise.range(0.2, 0.6))
                }
                // A drip.
                Ambience::Amara => (sweep(noise.range(600.0, 900.0), 1400.0, 0.08, 0.02), 0.5),
                // A tinkle of ice.
                _ => (
                    bell(
                        noise.range(2000.0, 3500.0),
                        &[(1.0, 1.0), (2.7, 0.3)],
                        0.5,
                        0.001,
                        0.12,
                    ),
                    0.3,
                ),
            };
            sparks.push((i, spark.0, spark.1));
        }
    }
    // Sparks sit a little above the bed's own level.
    let base = (out.iter().map(|v| v * v).sum::<f32>() / len.max(1) as f32).sqrt();
    for (at, s, gain) in sparks {
        let end = (at + s.len()).min(len);
        let part = s[..end - at].to_vec();
        let top = s.iter().fold(1e-9f32, |m, v| m.max(v.abs()));
        mix_in(&mut out, &part, at, gain * base * 8.0 / top);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peak(s: &[f32]) -> f32 {
        s.iter().fold(0.0f32, |m, v| m.max(v.abs()))
    }

    #[test]
    fn every_effect_is_balanced_and_never_clips() {
        for c in Cue::ALL {
            let s = cue(c);
            let p = peak(&s);
            assert!(p <= PEAK + 1e-4, "{c:?} peaks at {p}");
            assert!(p > 0.05, "{c:?} is nearly silent ({p})");
            let secs = s.len() as f32 / SR;
            assert!((0.01..=2.5).contains(&secs), "{c:?} lasts {secs} s");
            // Each reaches its loudness unless the peak cap held it down (transients).
            let loudest = s
                .chunks(samples(0.05))
                .map(|c| (c.iter().map(|v| v * v).sum::<f32>() / c.len() as f32).sqrt())
                .fold(0.0f32, f32::max);
            let target = if c == Cue::UiClick {
                CLICK_RMS
            } else {
                EFFECT_RMS
            };
            assert!(loudest <= target * 1.001, "{c:?} {loudest}");
            assert!(
                loudest >= target * 0.999 || (p - PEAK).abs() < 1e-3,
                "{c:?}: {loudest} below {target} without reaching the peak cap"
            );
        }
    }

    #[test]
    fn sounds_are_the_same_every_time() {
        assert_eq!(cue(Cue::DiceRattle), cue(Cue::DiceRattle));
        assert_ne!(cue(Cue::DiceRattle), cue(Cue::DiceLand));
    }

    #[test]
    fn beds_are_quiet_and_loop_without_a_jump() {
        for a in Ambience::ALL {
            let (l, r) = bed(a);
            assert_eq!(l.len(), samples(BED_SECONDS));
            assert!(peak(&l).max(peak(&r)) <= AMBIENCE_PEAK + 1e-4, "{a:?}");
            let rms = (l.iter().map(|v| v * v).sum::<f32>() / l.len() as f32).sqrt();
            eprintln!("{a:?}: rms {rms:.4} peak {:.3}", peak(&l));
            assert!(
                rms > AMBIENCE_RMS * 0.5 && rms < AMBIENCE_RMS * 1.5,
                "{a:?} {rms}"
            );
            // The step from the last sample to the first is no bigger than the
            // largest step inside the loop.
            let steps = l
                .windows(2)
                .map(|w| (w[1] - w[0]).abs())
                .fold(0.0f32, f32::max);
            let seam = (l[0] - l[l.len() - 1]).abs();
            assert!(seam <= steps, "{a:?}: seam {seam} > largest step {steps}");
            assert_ne!(l, r, "{a:?}: both sides the same (no width)");
        }
    }
}
