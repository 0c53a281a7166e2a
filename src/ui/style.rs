//! The look of the window: colours, the bundled fonts and small drawing helpers.

use macroquad::prelude::*;

/// Colours used across the screens.
pub mod colour {
    use macroquad::prelude::Color;

    const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color::new(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, 1.0)
    }

    /// Main text: warm parchment.
    pub const PARCHMENT: Color = rgb(0xf1, 0xe6, 0xc8);
    /// Headings, ornaments and the selection marker.
    pub const GOLD: Color = rgb(0xd9, 0xb3, 0x6c);
    /// Text of things not available yet, and quiet hints.
    pub const DIM: Color = rgb(0x7d, 0x84, 0xa3);
    /// Errors.
    pub const ERROR: Color = rgb(0xff, 0x6f, 0x5b);
    /// Warnings.
    pub const WARNING: Color = rgb(0xf2, 0xb8, 0x5a);
    /// The start Domain's ember.
    pub const EMBER: Color = rgb(0xf0, 0x8a, 0x4b);
    /// The final Domain's sea light.
    pub const SEA_LIGHT: Color = rgb(0x8f, 0xd6, 0xea);
    /// The Guide: their turn, their view and their dice.
    pub const GUIDE: Color = rgb(0xc0, 0x9c, 0xff);
    /// Card tiles and panels (opaque: they hide the links and glows behind them).
    pub const TILE: Color = rgb(0x14, 0x17, 0x2a);
    /// Night sky, from the zenith down to the horizon.
    pub const SKY_TOP: Color = rgb(0x05, 0x07, 0x16);
    pub const SKY_MID: Color = rgb(0x10, 0x16, 0x36);
    pub const SKY_LOW: Color = rgb(0x2b, 0x26, 0x4c);
    pub const HORIZON: Color = rgb(0x4a, 0x34, 0x52);
    /// The sea under the horizon.
    pub const SEA_NEAR: Color = rgb(0x03, 0x05, 0x0e);
    pub const SEA_FAR: Color = rgb(0x0b, 0x10, 0x26);
}

/// The fonts bundled in `art/fonts/` (see `art/README.md` for their licences).
pub struct Fonts {
    /// EB Garamond 12 Regular: titles, menu, names.
    pub serif: Font,
    /// EB Garamond 12 Italic: subtitles and hints.
    pub italic: Font,
    /// DejaVu Sans Mono: file names and error listings.
    pub mono: Font,
}

impl Fonts {
    /// Loads the embedded fonts. Needs a window (the glyph atlas lives on the GPU).
    pub fn load() -> Fonts {
        let load = |bytes: &[u8]| load_ttf_font_from_bytes(bytes).unwrap_or_default();
        Fonts {
            serif: load(include_bytes!("../../art/fonts/EBGaramond12-Regular.ttf")),
            italic: load(include_bytes!("../../art/fonts/EBGaramond12-Italic.ttf")),
            mono: load(include_bytes!("../../art/fonts/DejaVuSansMono.ttf")),
        }
    }
}

/// Vertex colour only: no texture lookup, no blending.
const OPAQUE_VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec4 color0;
varying lowp vec4 color;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
}"#;

const OPAQUE_FRAGMENT: &str = r#"#version 100
varying lowp vec4 color;
void main() {
    gl_FragColor = color;
}"#;

thread_local! {
    /// The material of [`opaque`], made on first use (it needs the window).
    static OPAQUE: std::cell::OnceCell<Option<Material>> = const { std::cell::OnceCell::new() };
}

/// Runs `draw` with a plain material: vertex colours only, no texture, no blending.
/// For large opaque areas (the sky, panels), which a software renderer (Xvfb) fills
/// several times faster this way. Falls back to the default material if the shader does
/// not compile.
pub fn opaque<T>(draw: impl FnOnce() -> T) -> T {
    OPAQUE.with(|cell| {
        let material = cell.get_or_init(|| {
            load_material(
                ShaderSource::Glsl {
                    vertex: OPAQUE_VERTEX,
                    fragment: OPAQUE_FRAGMENT,
                },
                MaterialParams::default(),
            )
            .ok()
        });
        if let Some(m) = material {
            gl_use_material(m);
        }
        let out = draw();
        gl_use_default_material();
        out
    })
}

thread_local! {
    /// How many window pixels one layout unit is (see [`set_scale`]).
    static SCALE: std::cell::Cell<f32> = const { std::cell::Cell::new(1.0) };
    /// Every string drawn while a layout check runs: text, left, baseline, size, width.
    static DRAWN: std::cell::RefCell<Option<Vec<Drawn>>> = const { std::cell::RefCell::new(None) };
}

/// The scale a screen is drawn at: layout units are multiplied by it on screen (through a
/// camera), and text is rasterised at its on-screen size so it stays sharp.
pub fn set_scale(k: f32) {
    SCALE.with(|c| c.set(k.max(0.1)));
}

/// The current scale (1 outside a scaled screen).
pub fn scale() -> f32 {
    SCALE.with(|c| c.get())
}

/// Draws the rest of the frame in layout units of `k` window pixels each (`k` = 1: plain
/// window pixels).
pub fn use_scale(k: f32, window: Vec2) {
    set_scale(k);
    if (k - 1.0).abs() < 1e-4 {
        set_default_camera();
        return;
    }
    let v = window / k;
    set_camera(&Camera2D {
        target: v / 2.0,
        zoom: vec2(2.0 / v.x, 2.0 / v.y),
        ..Default::default()
    });
}

/// A string drawn, as a layout check records it.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn {
    pub text: String,
    pub x: f32,
    pub baseline: f32,
    pub size: u16,
    pub width: f32,
}

/// Starts recording every string drawn (for the layout check).
pub fn record_drawn() {
    DRAWN.with(|d| *d.borrow_mut() = Some(Vec::new()));
}

/// The strings drawn since [`record_drawn`]; recording stops.
pub fn take_drawn() -> Vec<Drawn> {
    DRAWN.with(|d| d.borrow_mut().take().unwrap_or_default())
}

/// The font size at which a glyph of `size` layout units is rasterised, and the factor
/// that brings it back to layout units.
fn raster(size: u16) -> (u16, f32) {
    let k = scale();
    let px = (size as f32 * k).round().max(1.0) as u16;
    (px, size as f32 / px as f32)
}

/// Draws `s` with its baseline at `y`, starting at `x`; returns its width.
pub fn text(s: &str, x: f32, y: f32, font: &Font, size: u16, color: Color) -> f32 {
    let (px, back) = raster(size);
    let k = scale();
    let w = draw_text_ex(
        s,
        (x * k).round() / k,
        (y * k).round() / k,
        TextParams {
            font: Some(font),
            font_size: px,
            font_scale: back,
            color,
            ..Default::default()
        },
    )
    .width;
    DRAWN.with(|d| {
        if let Some(v) = d.borrow_mut().as_mut()
            && !s.trim().is_empty()
        {
            v.push(Drawn {
                text: s.to_string(),
                x,
                baseline: y,
                size,
                width: w,
            });
        }
    });
    w
}

/// Width of `s` in `font` at `size` (layout units).
pub fn width(s: &str, font: &Font, size: u16) -> f32 {
    let (px, back) = raster(size);
    measure_text(s, Some(font), px, back).width
}

/// Draws `s` centred on `cx`, baseline at `y`.
pub fn text_centred(s: &str, cx: f32, y: f32, font: &Font, size: u16, color: Color) {
    let w = width(s, font, size);
    text(s, cx - w / 2.0, y, font, size, color);
}

/// Draws `s` ending at `right`, baseline at `y`.
pub fn text_right(s: &str, right: f32, y: f32, font: &Font, size: u16, color: Color) {
    let w = width(s, font, size);
    text(s, right - w, y, font, size, color);
}

/// The largest size not above `preferred` (and not below `min`) at which `s` fits `max_width`.
pub fn fit_size(s: &str, font: &Font, preferred: u16, min: u16, max_width: f32) -> u16 {
    let w = width(s, font, preferred);
    if w <= max_width || w <= 0.0 {
        return preferred;
    }
    let scaled = (preferred as f32 * max_width / w).floor() as u16;
    scaled.clamp(min, preferred)
}

/// `s`, cut with an ellipsis so that it fits `max_width`.
pub fn ellipsize(s: &str, max_width: f32, measure: impl Fn(&str) -> f32) -> String {
    if measure(s) <= max_width {
        return s.to_string();
    }
    let chars: Vec<char> = s.chars().collect();
    let mut n = chars.len();
    while n > 0 {
        let cut: String = chars[..n].iter().collect::<String>().trim_end().to_string() + "…";
        if measure(&cut) <= max_width {
            return cut;
        }
        n -= 1;
    }
    "…".to_string()
}

/// Greedy word wrap of `s` into lines no wider than `max_width` (as `measure` says).
/// Words longer than a line are broken between characters. Never returns no lines.
pub fn wrap(s: &str, max_width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in s.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if measure(&candidate) <= max_width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if measure(word) <= max_width {
            line = word.to_string();
            continue;
        }
        // A word too long for any line (a long path): break it where it overflows.
        for ch in word.chars() {
            let mut next = line.clone();
            next.push(ch);
            if !line.is_empty() && measure(&next) > max_width {
                lines.push(std::mem::take(&mut line));
                line.push(ch);
            } else {
                line = next;
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// `c` with its alpha multiplied by `a`.
pub fn fade(c: Color, a: f32) -> Color {
    Color::new(c.r, c.g, c.b, c.a * a)
}

/// Linear blend from `a` to `b`.
pub fn mix(a: Color, b: Color, t: f32) -> Color {
    Color::new(
        a.r + (b.r - a.r) * t,
        a.g + (b.g - a.g) * t,
        a.b + (b.b - a.b) * t,
        a.a + (b.a - a.a) * t,
    )
}

/// A filled rectangle with rounded corners.
pub fn rounded_rect(r: Rect, radius: f32, color: Color) {
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    if rad < 0.5 {
        draw_rectangle(r.x, r.y, r.w, r.h, color);
        return;
    }
    // Three rectangles and four quarter discs, without overlaps (alpha stays even).
    draw_rectangle(r.x + rad, r.y, r.w - 2.0 * rad, r.h, color);
    draw_rectangle(r.x, r.y + rad, rad, r.h - 2.0 * rad, color);
    draw_rectangle(r.x + r.w - rad, r.y + rad, rad, r.h - 2.0 * rad, color);
    let corners = [
        (r.x + rad, r.y + rad, std::f32::consts::PI),
        (r.x + r.w - rad, r.y + rad, 1.5 * std::f32::consts::PI),
        (r.x + r.w - rad, r.y + r.h - rad, 0.0),
        (r.x + rad, r.y + r.h - rad, 0.5 * std::f32::consts::PI),
    ];
    const STEPS: usize = 6;
    for (cx, cy, start) in corners {
        let centre = vec2(cx, cy);
        for i in 0..STEPS {
            let a0 = start + std::f32::consts::FRAC_PI_2 * i as f32 / STEPS as f32;
            let a1 = start + std::f32::consts::FRAC_PI_2 * (i + 1) as f32 / STEPS as f32;
            draw_triangle(
                centre,
                centre + vec2(a0.cos(), a0.sin()) * rad,
                centre + vec2(a1.cos(), a1.sin()) * rad,
                color,
            );
        }
    }
}

/// A card-like panel: a `fill` (opaque fills take the fast path) with a rounded
/// `border` line just inside its edge.
pub fn card(r: Rect, radius: f32, border_width: f32, fill: Color, border: Color) {
    if fill.a >= 1.0 {
        opaque(|| rounded_rect(r, radius, fill));
    } else {
        rounded_rect(r, radius, fill);
    }
    rounded_outline(r, radius, border_width, border);
}

/// The outline of a rounded rectangle, `width` thick, drawn inside `r`.
pub fn rounded_outline(r: Rect, radius: f32, width: f32, color: Color) {
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(width);
    // Straight edges.
    draw_rectangle(r.x + rad, r.y, r.w - 2.0 * rad, width, color);
    draw_rectangle(r.x + rad, r.bottom() - width, r.w - 2.0 * rad, width, color);
    draw_rectangle(r.x, r.y + rad, width, r.h - 2.0 * rad, color);
    draw_rectangle(r.right() - width, r.y + rad, width, r.h - 2.0 * rad, color);
    // Corners: quarter rings of quads, with no overlaps (translucent borders stay even).
    let corners = [
        (r.x + rad, r.y + rad, std::f32::consts::PI),
        (r.right() - rad, r.y + rad, 1.5 * std::f32::consts::PI),
        (r.right() - rad, r.bottom() - rad, 0.0),
        (r.x + rad, r.bottom() - rad, 0.5 * std::f32::consts::PI),
    ];
    const STEPS: usize = 6;
    let (outer, inner) = (rad, rad - width);
    for (cx, cy, start) in corners {
        let centre = vec2(cx, cy);
        for i in 0..STEPS {
            let a0 = start + std::f32::consts::FRAC_PI_2 * i as f32 / STEPS as f32;
            let a1 = start + std::f32::consts::FRAC_PI_2 * (i + 1) as f32 / STEPS as f32;
            let (d0, d1) = (vec2(a0.cos(), a0.sin()), vec2(a1.cos(), a1.sin()));
            let (o0, o1) = (centre + d0 * outer, centre + d1 * outer);
            let (i0, i1) = (centre + d0 * inner, centre + d1 * inner);
            draw_triangle(o0, o1, i1, color);
            draw_triangle(o0, i1, i0, color);
        }
    }
}

/// A soft round glow: a radial gradient from `color` at the centre to nothing at `radius`.
pub fn glow(centre: Vec2, radius: f32, color: Color) {
    use macroquad::models::{Mesh, Vertex, draw_mesh};
    const SEGMENTS: u16 = 48;
    // Rings (fraction of the radius, fraction of the alpha): a smooth, bright-cored falloff.
    const RINGS: [(f32, f32); 4] = [(0.0, 0.55), (0.3, 0.32), (0.65, 0.1), (1.0, 0.0)];
    let mut vertices = Vec::with_capacity(1 + (RINGS.len() - 1) * SEGMENTS as usize);
    vertices.push(Vertex::new(
        centre.x,
        centre.y,
        0.0,
        0.0,
        0.0,
        fade(color, RINGS[0].1),
    ));
    for &(r, a) in &RINGS[1..] {
        for s in 0..SEGMENTS {
            let angle = std::f32::consts::TAU * s as f32 / SEGMENTS as f32;
            let p = centre + vec2(angle.cos(), angle.sin()) * radius * r;
            vertices.push(Vertex::new(p.x, p.y, 0.0, 0.0, 0.0, fade(color, a)));
        }
    }
    let mut indices = Vec::new();
    for s in 0..SEGMENTS {
        let next = (s + 1) % SEGMENTS;
        indices.extend_from_slice(&[0, 1 + s, 1 + next]);
    }
    for ring in 0..(RINGS.len() as u16 - 2) {
        let inner = 1 + ring * SEGMENTS;
        let outer = inner + SEGMENTS;
        for s in 0..SEGMENTS {
            let next = (s + 1) % SEGMENTS;
            indices.extend_from_slice(&[inner + s, outer + s, outer + next]);
            indices.extend_from_slice(&[inner + s, outer + next, inner + next]);
        }
    }
    draw_mesh(&Mesh {
        vertices,
        indices,
        texture: None,
    });
}

/// A small diamond (the game's ornament, an echo of the map).
pub fn diamond(centre: Vec2, half: f32, color: Color) {
    let top = centre - vec2(0.0, half * 1.3);
    let bottom = centre + vec2(0.0, half * 1.3);
    let left = centre - vec2(half, 0.0);
    let right = centre + vec2(half, 0.0);
    draw_triangle(top, left, right, color);
    draw_triangle(bottom, left, right, color);
}

/// A dashed line from `a` to `b`.
pub fn dashed_line(a: Vec2, b: Vec2, thickness: f32, dash: f32, gap: f32, color: Color) {
    let length = a.distance(b);
    if length <= 0.0 {
        return;
    }
    let dir = (b - a) / length;
    let mut t = 0.0;
    while t < length {
        let end = (t + dash).min(length);
        let p = a + dir * t;
        let q = a + dir * end;
        draw_line(p.x, p.y, q.x, q.y, thickness, color);
        t += dash + gap;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One unit per character, like a monospace font.
    fn chars(s: &str) -> f32 {
        s.chars().count() as f32
    }

    #[test]
    fn wrap_fills_lines_greedily() {
        let lines = wrap("the quick brown fox jumps over the lazy dog", 15.0, chars);
        assert_eq!(lines, ["the quick brown", "fox jumps over", "the lazy dog"]);
    }

    #[test]
    fn wrap_breaks_words_longer_than_a_line() {
        let lines = wrap("see domains/very_long_file_name.json now", 10.0, chars);
        assert!(lines.iter().all(|l| chars(l) <= 10.0), "{lines:?}");
        assert_eq!(
            lines.concat().replace(' ', ""),
            "seedomains/very_long_file_name.jsonnow"
        );
    }

    #[test]
    fn wrap_of_nothing_is_one_empty_line() {
        assert_eq!(wrap("", 10.0, chars), [""]);
        assert_eq!(wrap("   ", 10.0, chars), [""]);
    }

    #[test]
    fn ellipsize_keeps_short_text_and_cuts_long_text() {
        assert_eq!(ellipsize("short", 10.0, chars), "short");
        let cut = ellipsize("a rather long warning text", 10.0, chars);
        assert!(chars(&cut) <= 10.0);
        assert!(cut.ends_with('…'));
    }
}
