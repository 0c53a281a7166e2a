//! The night behind every screen, drawn procedurally: a sky gradient, fixed stars and a
//! faint sea under the horizon.

use super::style::{colour, fade, mix, opaque};
use macroquad::models::{Mesh, Vertex, draw_mesh};
use macroquad::prelude::*;
use quad_rand::RandGenerator;

/// Fixed seed: the same stars in every run, so screenshots stay comparable.
const STAR_SEED: u64 = 0x0046_4f52_5741_5244; // "FORWARD" in ASCII

/// Where the horizon sits, as a fraction of the window height.
pub const HORIZON: f32 = 0.80;

struct Star {
    /// Position as fractions of the window (y is above the horizon).
    x: f32,
    y: f32,
    radius: f32,
    brightness: f32,
    phase: f32,
}

struct Ripple {
    x: f32,
    /// Depth under the horizon, 0..1.
    depth: f32,
    length: f32,
    alpha: f32,
}

/// The background: generated once, drawn every frame at any window size.
pub struct Sky {
    stars: Vec<Star>,
    ripples: Vec<Ripple>,
}

impl Sky {
    pub fn new() -> Sky {
        let rng = RandGenerator::new();
        rng.srand(STAR_SEED);
        let stars = (0..170)
            .map(|_| {
                // More stars high up, thinning toward the horizon glow.
                let y: f32 = rng.gen_range(0.0f32, 1.0).powf(1.6) * HORIZON * 0.97;
                let big = rng.gen_range(0, 100) < 6;
                Star {
                    x: rng.gen_range(0.0, 1.0),
                    y,
                    radius: if big {
                        rng.gen_range(1.6, 2.2)
                    } else {
                        rng.gen_range(0.5, 1.3)
                    },
                    brightness: rng.gen_range(0.3, 1.0),
                    phase: rng.gen_range(0.0, std::f32::consts::TAU),
                }
            })
            .collect();
        let ripples = (0..46)
            .map(|_| Ripple {
                x: rng.gen_range(0.0, 1.0),
                depth: rng.gen_range(0.0f32, 1.0).powf(1.8),
                length: rng.gen_range(0.02, 0.09),
                alpha: rng.gen_range(0.05, 0.16),
            })
            .collect();
        Sky { stars, ripples }
    }

    /// Draws the whole background, `quiet` (0..1) darkening it behind busy screens.
    /// `t` is the animation clock in seconds: it drives a slow twinkle.
    pub fn draw(&self, t: f32, quiet: f32) {
        let (w, h) = (screen_width(), screen_height());
        let horizon = (h * HORIZON).round();
        let dark = |c: Color| mix(c, colour::SKY_TOP, quiet);
        gradient(
            w,
            &[
                (0.0, dark(colour::SKY_TOP)),
                (horizon * 0.45, dark(colour::SKY_MID)),
                (horizon * 0.86, dark(colour::SKY_LOW)),
                (horizon, dark(colour::HORIZON)),
                (horizon, dark(colour::SEA_FAR)),
                (h, dark(colour::SEA_NEAR)),
            ],
        );
        let light = 1.0 - 0.6 * quiet;

        for star in &self.stars {
            let twinkle = 0.8 + 0.2 * (t * 2.7 + star.phase).sin();
            // Stars fade into the haze near the horizon.
            let haze = 1.0 - (star.y / HORIZON).powi(3) * 0.7;
            let a = star.brightness * twinkle * haze * light;
            let (x, y) = (star.x * w, star.y * h);
            let c = mix(colour::PARCHMENT, WHITE, 0.6);
            if star.radius > 1.5 {
                draw_circle(x, y, star.radius * 3.0, fade(c, 0.06 * a));
                draw_line(x - 5.0, y, x + 5.0, y, 1.0, fade(c, 0.35 * a));
                draw_line(x, y - 5.0, x, y + 5.0, 1.0, fade(c, 0.35 * a));
            }
            draw_circle(x, y, star.radius, fade(c, a));
        }

        // The sea line and a few glints on the water.
        draw_line(
            0.0,
            horizon,
            w,
            horizon,
            1.0,
            fade(colour::SEA_LIGHT, 0.28 * light),
        );
        draw_line(
            0.0,
            horizon + 2.0,
            w,
            horizon + 2.0,
            1.0,
            fade(colour::SEA_LIGHT, 0.08 * light),
        );
        let sea = h - horizon;
        for r in &self.ripples {
            let y = (horizon + 6.0 + r.depth * (sea - 10.0)).round();
            let len = r.length * w * (0.4 + r.depth);
            let x = r.x * w;
            let shimmer = (0.75 + 0.25 * (t * 1.8 + r.x * 40.0).sin()) * light;
            draw_line(
                x,
                y,
                x + len,
                y,
                1.0,
                fade(colour::SEA_LIGHT, r.alpha * shimmer),
            );
        }
    }
}

/// A full-width vertical gradient through `stops` (y, colour), as one opaque mesh.
fn gradient(w: f32, stops: &[(f32, Color)]) {
    let mut vertices = Vec::with_capacity(stops.len() * 2);
    let mut indices = Vec::with_capacity(stops.len() * 6);
    for (i, &(y, c)) in stops.iter().enumerate() {
        vertices.push(Vertex::new(0.0, y, 0.0, 0.0, 0.0, c));
        vertices.push(Vertex::new(w, y, 0.0, 0.0, 0.0, c));
        if i > 0 {
            let b = (i as u16 - 1) * 2;
            indices.extend_from_slice(&[b, b + 1, b + 2, b + 1, b + 3, b + 2]);
        }
    }
    opaque(|| {
        draw_mesh(&Mesh {
            vertices,
            indices,
            texture: None,
        })
    });
}
