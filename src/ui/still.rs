//! The still frame: a window at rest shows its last frame again from a texture instead
//! of drawing the whole screen anew.
//!
//! Why: a software renderer (Mesa's llvmpipe under Xvfb, remote desktops, old laptops)
//! takes 15-30 ms to draw the table with its card art, and a resting window still draws a
//! few frames a second so that the first key is answered quickly. Showing one texture
//! costs about a third of that. The frame is drawn anew as soon as anything happens
//! (input, a moment playing, a setting, a new screen) and at least every [`REFRESH`] at
//! rest, so that what changes outside the window (a card file edited in another program)
//! shows within two seconds.
//!
//! At rest the animation clock ([`Clock`]) stands still: the sky's twinkle and the pulses
//! hold their last look rather than jump every two seconds, so a redrawn still frame looks
//! like the one before it, and nothing timed by the clock skips ahead when the player
//! comes back.

use macroquad::prelude::*;
use std::time::{Duration, Instant};

/// How long a resting window shows one frame before it draws the screen anew.
pub const REFRESH: Duration = Duration::from_secs(2);

/// The animation clock of a window, in seconds: real time while anything happens, still
/// while the window rests.
pub struct Clock {
    last: Instant,
    t: f32,
}

impl Clock {
    pub fn new() -> Clock {
        Clock {
            last: Instant::now(),
            t: 0.0,
        }
    }

    /// The clock's time for this frame; `resting`: the last frame was at rest, so the time
    /// since then does not count.
    pub fn tick(&mut self, resting: bool) -> f32 {
        let now = Instant::now();
        if !resting {
            self.t += now.duration_since(self.last).as_secs_f32();
        }
        self.last = now;
        self.t
    }
}

/// The last frame drawn at rest, kept in a texture the size of the window.
#[derive(Default)]
pub struct Still {
    target: Option<RenderTarget>,
    /// When the texture was drawn, at which window size in pixels; `None`: it holds no
    /// frame that may be shown again.
    drawn: Option<(Instant, (u32, u32))>,
    /// Copies the texture to the window.
    copy: Blit,
}

/// What [`Still::frame`] did this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// Drawn to the window directly (not at rest).
    Drawn,
    /// Drawn into the still frame, which was then shown.
    Kept,
    /// The still frame shown again; nothing drawn.
    Again,
}

impl Still {
    pub fn new() -> Still {
        Still::default()
    }

    /// The last frame was at rest, shown from the still frame (the animation clock then
    /// stands still).
    pub fn holding(&self) -> bool {
        self.drawn.is_some()
    }

    /// The kept frame is no longer the picture (something changed): the next frame at
    /// rest draws anew.
    pub fn forget(&mut self) {
        self.drawn = None;
    }

    /// Shows this frame: `draw` draws it (to the window, or into the texture); `rest`: the
    /// window is at rest and nothing changed this frame, so the last still frame may be
    /// shown again if it is recent and the window's size has not changed. `draw`'s result
    /// comes back when it ran.
    pub fn frame<T>(&mut self, rest: bool, draw: impl FnOnce() -> T) -> (Shown, Option<T>) {
        let size = (
            screen_width().max(1.0) as u32,
            screen_height().max(1.0) as u32,
        );
        if !rest {
            self.drawn = None;
            return (Shown::Drawn, Some(draw()));
        }
        let fresh = self
            .drawn
            .is_some_and(|(at, s)| s == size && at.elapsed() < REFRESH);
        if fresh && self.show() {
            return (Shown::Again, None);
        }
        let target = match &self.target {
            Some(t) if (t.texture.width() as u32, t.texture.height() as u32) == size => t.clone(),
            _ => {
                let t = render_target(size.0, size.1);
                t.texture.set_filter(FilterMode::Nearest);
                self.target = Some(t.clone());
                t
            }
        };
        let mut camera =
            Camera2D::from_display_rect(Rect::new(0.0, 0.0, size.0 as f32, size.1 as f32));
        camera.render_target = Some(target);
        set_camera(&camera);
        let out = draw();
        set_default_camera();
        self.drawn = Some((Instant::now(), size));
        if !self.show() {
            // No texture copy (the shader did not compile): draw this frame directly.
            self.drawn = None;
            return (Shown::Drawn, Some(out));
        }
        (Shown::Kept, Some(out))
    }

    /// Copies the still frame to the window; false when it cannot.
    fn show(&mut self) -> bool {
        match &self.target {
            Some(target) => self.copy.show(&target.texture),
            None => false,
        }
    }
}

/// Copies a texture the size of the window onto it as it is: no tint, no blending (its
/// alpha, made by blending into the texture, is not the window's to blend with).
#[derive(Default)]
pub struct Blit {
    /// The copying material, made on first use (`None` inside: its shader did not compile).
    material: Option<Option<Material>>,
}

impl Blit {
    /// Copies `texture` (a render target's) over the whole window; false when it cannot
    /// (no material), and then nothing is drawn.
    pub fn show(&mut self, texture: &Texture2D) -> bool {
        let material = self.material.get_or_insert_with(|| {
            load_material(
                ShaderSource::Glsl {
                    vertex: COPY_VERTEX,
                    fragment: COPY_FRAGMENT,
                },
                MaterialParams::default(),
            )
            .ok()
        });
        let Some(material) = material else {
            return false;
        };
        let (w, h) = (screen_width(), screen_height());
        gl_use_material(material);
        draw_texture_ex(
            texture,
            0.0,
            0.0,
            WHITE,
            DrawTextureParams {
                dest_size: Some(vec2(w, h)),
                // A render target's rows run bottom to top.
                flip_y: true,
                ..Default::default()
            },
        );
        gl_use_default_material();
        true
    }
}

/// The texture's colour as it is: no tint, no blending (the frame's alpha, made by
/// blending into the texture, is not the window's to blend with).
const COPY_VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec2 texcoord;
varying vec2 uv;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    uv = texcoord;
}"#;

const COPY_FRAGMENT: &str = r#"#version 100
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = vec4(texture2D(Texture, uv).rgb, 1.0);
}"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_stands_still_at_rest_and_goes_on_from_there() {
        let pause = Duration::from_millis(20);
        let mut clock = Clock::new();
        std::thread::sleep(pause);
        let a = clock.tick(false);
        assert!(a >= 0.019, "{a}");
        std::thread::sleep(pause);
        // The time spent at rest does not count, however long.
        assert_eq!(clock.tick(true), a);
        std::thread::sleep(pause);
        assert_eq!(clock.tick(true), a);
        // Back in play: on from where it stood, not from where real time has got to.
        let b = clock.tick(false);
        assert!(b - a < 0.015, "{a} {b}");
        std::thread::sleep(pause);
        let c = clock.tick(false);
        assert!(c - b >= 0.019, "{b} {c}");
    }
}
