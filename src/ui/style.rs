//! The look of the window: colours, the bundled fonts and small drawing helpers, and the
//! looks the player sets (text size, the colour-blind palette, high-contrast text; see
//! [`Look`]).

use crate::cards::model::StationType;
use macroquad::prelude::*;
use std::cell::Cell;

/// What the settings change in how things are drawn. Set once per frame from the
/// settings ([`set_look`]); every drawing helper here reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    /// Every font size is multiplied by this (1.0, 1.15, 1.3).
    pub text_scale: f32,
    /// The colour-blind-safe palette: dice and card types differ by shape and pattern too.
    pub colour_blind: bool,
    /// Dim labels drawn at a readable contrast.
    pub high_contrast: bool,
}

impl Default for Look {
    fn default() -> Look {
        Look {
            text_scale: 1.0,
            colour_blind: false,
            high_contrast: false,
        }
    }
}

thread_local! {
    static LOOK: Cell<Look> = Cell::new(Look::default());
}

/// Sets the look every screen draws with (the main loop does, from the settings).
pub fn set_look(look: Look) {
    LOOK.with(|l| l.set(look));
}

/// The look in force.
pub fn look() -> Look {
    LOOK.with(Cell::get)
}

/// `size` as drawn with the player's text size: what [`text`] and [`width`] use, for
/// code that needs a line height from a font size.
pub fn scaled(size: u16) -> u16 {
    (f32::from(size) * look().text_scale)
        .round()
        .clamp(1.0, 400.0) as u16
}

/// Text of things not available and quiet hints: [`colour::DIM`], or with high-contrast
/// text [`colour::DIM_HIGH`] (about 8:1 on the panels instead of about 4:1).
pub fn dim() -> Color {
    if look().high_contrast {
        colour::DIM_HIGH
    } else {
        colour::DIM
    }
}

/// How a die is drawn: by colour, and in the colour-blind palette by shape and pip
/// colour too (light die with dark pips against dark die with light pips).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DieLook {
    pub face: Color,
    pub pips: Color,
    pub edge: Color,
    pub shape: DieShape,
}

/// The outline of a die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DieShape {
    /// A rounded square.
    Rounded,
    /// A square with its corners cut off (an octagon).
    Cut,
}

/// Whose die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DieOwner {
    Traveller,
    Foe,
}

/// The look of `owner`'s die in the current palette.
pub fn die_look(owner: DieOwner) -> DieLook {
    match (owner, look().colour_blind) {
        // Dark dice told apart by the colour of their rim and pips.
        (DieOwner::Traveller, false) => DieLook {
            face: mix(colour::TILE, colour::PARCHMENT, 0.14),
            pips: colour::PARCHMENT,
            edge: colour::PARCHMENT,
            shape: DieShape::Rounded,
        },
        (DieOwner::Foe, false) => DieLook {
            face: mix(colour::TILE, colour::ERROR, 0.14),
            pips: colour::ERROR,
            edge: colour::ERROR,
            shape: DieShape::Rounded,
        },
        // Okabe-Ito sky blue, light with dark pips; vermilion-black, dark with light
        // pips and cut corners: told apart by lightness and shape, not hue alone.
        (DieOwner::Traveller, true) => DieLook {
            face: Color::from_rgba(0x9a, 0xd3, 0xf2, 255),
            pips: Color::from_rgba(0x10, 0x10, 0x10, 255),
            edge: WHITE,
            shape: DieShape::Rounded,
        },
        (DieOwner::Foe, true) => DieLook {
            face: Color::from_rgba(0x2a, 0x12, 0x08, 255),
            pips: Color::from_rgba(0xff, 0xb0, 0x60, 255),
            edge: Color::from_rgba(0xd5, 0x5e, 0x00, 255),
            shape: DieShape::Cut,
        },
    }
}

/// A shape or pattern that tells card types apart without colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    Ring,
    Dot,
    Square,
    Pair,
    Cross,
    Triangle,
    Stripes,
    Zigzag,
    Plus,
    Bars,
}

/// The mark of a card type (each type its own).
pub fn card_mark(t: StationType) -> Mark {
    match t {
        StationType::Caesura => Mark::Ring,
        StationType::Item => Mark::Dot,
        StationType::Equipment => Mark::Square,
        StationType::Companion => Mark::Pair,
        StationType::Foe => Mark::Cross,
        StationType::Terror => Mark::Triangle,
        StationType::Pit => Mark::Stripes,
        StationType::Snare => Mark::Zigzag,
        StationType::Blessing => Mark::Plus,
        StationType::Rest => Mark::Bars,
    }
}

/// The colour of a card type in the colour-blind palette (Okabe and Ito's eight colours
/// and two greys; the [`Mark`] carries the difference where two are close).
pub fn card_colour_safe(t: StationType) -> Color {
    let c = |r: u8, g: u8, b: u8| Color::from_rgba(r, g, b, 255);
    match t {
        StationType::Caesura => c(0xbb, 0xbb, 0xbb),
        StationType::Item => c(0xe6, 0x9f, 0x00),
        StationType::Equipment => c(0x56, 0xb4, 0xe9),
        StationType::Companion => c(0x00, 0x9e, 0x73),
        StationType::Foe => c(0xd5, 0x5e, 0x00),
        StationType::Terror => c(0xcc, 0x79, 0xa7),
        StationType::Pit => c(0xf0, 0xe4, 0x42),
        StationType::Snare => c(0x3a, 0x96, 0xdd),
        StationType::Blessing => c(0xff, 0xff, 0xff),
        StationType::Rest => c(0xa8, 0xa8, 0xa8),
    }
}

/// Draws `mark` filling the square `r`.
pub fn draw_mark(mark: Mark, r: Rect, color: Color) {
    let c = r.center();
    let h = r.w.min(r.h) / 2.0;
    let line = (h * 0.22).max(1.5);
    match mark {
        Mark::Ring => draw_circle_lines(c.x, c.y, h * 0.8, line, color),
        Mark::Dot => draw_circle(c.x, c.y, h * 0.55, color),
        Mark::Square => draw_rectangle(c.x - h * 0.6, c.y - h * 0.6, h * 1.2, h * 1.2, color),
        Mark::Pair => {
            draw_circle(c.x - h * 0.45, c.y, h * 0.35, color);
            draw_circle(c.x + h * 0.45, c.y, h * 0.35, color);
        }
        Mark::Cross => {
            let d = h * 0.7;
            draw_line(c.x - d, c.y - d, c.x + d, c.y + d, line, color);
            draw_line(c.x - d, c.y + d, c.x + d, c.y - d, line, color);
        }
        Mark::Triangle => draw_triangle(
            vec2(c.x, c.y - h * 0.8),
            vec2(c.x - h * 0.8, c.y + h * 0.65),
            vec2(c.x + h * 0.8, c.y + h * 0.65),
            color,
        ),
        Mark::Stripes => {
            for i in -1..=1 {
                let o = i as f32 * h * 0.6;
                draw_line(
                    c.x - h * 0.7 + o,
                    c.y + h * 0.7,
                    c.x + o,
                    c.y - h * 0.7,
                    line,
                    color,
                );
            }
        }
        Mark::Zigzag => {
            let xs = [-0.8, -0.4, 0.0, 0.4, 0.8];
            for w in xs.windows(2) {
                let y = |x: f32| {
                    if ((x + 0.8) / 0.4).round() as i32 % 2 == 0 {
                        0.4
                    } else {
                        -0.4
                    }
                };
                draw_line(
                    c.x + w[0] * h,
                    c.y + y(w[0]) * h,
                    c.x + w[1] * h,
                    c.y + y(w[1]) * h,
                    line,
                    color,
                );
            }
        }
        Mark::Plus => {
            draw_line(c.x - h * 0.75, c.y, c.x + h * 0.75, c.y, line * 1.3, color);
            draw_line(c.x, c.y - h * 0.75, c.x, c.y + h * 0.75, line * 1.3, color);
        }
        Mark::Bars => {
            for i in -1..=1 {
                let y = c.y + i as f32 * h * 0.5;
                draw_line(c.x - h * 0.7, y, c.x + h * 0.7, y, line, color);
            }
        }
    }
}

/// Draws a die face showing `value` (none: blank) in `owner`'s look, turned by `turn`
/// radians about its centre (a die in mid-tumble).
pub fn draw_die_face(r: Rect, value: Option<u8>, owner: DieOwner, turn: f32) {
    let l = die_look(owner);
    let c = r.center();
    let half = r.w / 2.0;
    let rot = |p: Vec2| {
        let (s, co) = turn.sin_cos();
        c + vec2(p.x * co - p.y * s, p.x * s + p.y * co)
    };
    // The outline as points around the centre: a square, or one with its corners cut.
    let outline: Vec<Vec2> = match l.shape {
        DieShape::Rounded if turn == 0.0 => {
            card(r, r.w * 0.16, 2.0, l.face, l.edge);
            Vec::new()
        }
        DieShape::Rounded => [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .iter()
            .map(|&(x, y)| rot(vec2(x, y) * half))
            .collect(),
        DieShape::Cut => {
            let k = 1.0 - 0.44;
            [
                (-k, -1.0),
                (k, -1.0),
                (1.0, -k),
                (1.0, k),
                (k, 1.0),
                (-k, 1.0),
                (-1.0, k),
                (-1.0, -k),
            ]
            .iter()
            .map(|&(x, y)| rot(vec2(x, y) * half))
            .collect()
        }
    };
    let n = outline.len();
    for i in 0..n {
        draw_triangle(c, outline[i], outline[(i + 1) % n], l.face);
    }
    for i in 0..n {
        let (a, b) = (outline[i], outline[(i + 1) % n]);
        draw_line(a.x, a.y, b.x, b.y, 2.5, l.edge);
    }
    let Some(v) = value else { return };
    let q = r.w * 0.26;
    for &(x, y) in pips(v) {
        let p = rot(vec2(x, y) * q);
        draw_circle(p.x, p.y, r.w * 0.085, l.pips);
    }
}

/// Where a face's pips lie, in steps of one pip spacing from the centre.
pub fn pips(v: u8) -> &'static [(f32, f32)] {
    match v {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    }
}

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
    /// [`DIM`] with high-contrast text (see `style::dim`).
    pub const DIM_HIGH: Color = rgb(0xb8, 0xbe, 0xd8);
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
    /// EB Garamond 12 Regular, with lining figures: titles, menu, names.
    pub serif: Font,
    /// EB Garamond 12 Italic, with lining figures: subtitles and hints.
    pub italic: Font,
    /// DejaVu Sans Mono: file names and error listings.
    pub mono: Font,
}

impl Fonts {
    /// Loads the embedded fonts. Needs a window (the glyph atlas lives on the GPU).
    pub fn load() -> Fonts {
        let load = |bytes: &[u8]| load_ttf_font_from_bytes(bytes).unwrap_or_default();
        Fonts {
            serif: load(crate::fonts::SERIF),
            italic: load(crate::fonts::ITALIC),
            mono: load(crate::fonts::MONO),
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
    /// Whether [`use_scale`] has a scale on macroquad's matrix stack.
    static SCALED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
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

/// The smallest text a player must read, in window pixels (the layout test's limit).
pub const MIN_PX: f32 = 11.0;

/// `size`, or the smallest layout size that is drawn at [`MIN_PX`] or more at the current
/// scale (a small window's notes stay readable).
pub fn readable(size: u16) -> u16 {
    size.max((MIN_PX / scale()).ceil() as u16)
}

/// The current scale (1 outside a scaled screen).
pub fn scale() -> f32 {
    SCALE.with(|c| c.get())
}

/// Draws the rest of the frame in layout units of `k` window pixels each (`k` = 1: plain
/// window pixels).
///
/// Scaled by the model matrix rather than a camera: changing the camera makes macroquad
/// draw everything queued so far at once, which on a software renderer costs milliseconds
/// in the middle of the frame; a model matrix only tags the draw calls that follow.
pub fn use_scale(k: f32, _window: Vec2) {
    set_scale(k);
    // SAFETY: macroquad's drawing context is only used from this (the main) thread, and
    // the matrix stack is left as it was found once the scale returns to 1.
    let gl = unsafe { get_internal_gl() }.quad_gl;
    if SCALED.with(|s| s.replace(false)) {
        gl.pop_model_matrix();
    }
    if (k - 1.0).abs() >= 1e-4 {
        gl.push_model_matrix(Mat4::from_scale(vec3(k, k, 1.0)));
        SCALED.with(|s| s.set(true));
    }
}

thread_local! {
    /// The window's faces by address, to name the face of each string recorded.
    static FACES: std::cell::RefCell<Vec<(usize, &'static str)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Names the window's fonts for the layout report (`serif`, `italic`, `mono`): call once
/// the fonts are in their final place.
pub fn name_faces(fonts: &Fonts) {
    let at = |f: &Font| f as *const Font as usize;
    FACES.with(|v| {
        *v.borrow_mut() = vec![
            (at(&fonts.serif), "serif"),
            (at(&fonts.italic), "italic"),
            (at(&fonts.mono), "mono"),
        ]
    });
}

/// The name of `font` given by [`name_faces`] (empty for a font it was not given).
fn face_of(font: &Font) -> &'static str {
    let at = font as *const Font as usize;
    FACES.with(|v| {
        v.borrow()
            .iter()
            .find(|(a, _)| *a == at)
            .map_or("", |(_, n)| n)
    })
}

/// A string drawn, as a layout check records it.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn {
    /// The face it is set in (see [`name_faces`]): a key badge's letters are `mono`, whose
    /// zero is dotted and never reads as an O.
    pub face: &'static str,
    pub text: String,
    pub x: f32,
    pub baseline: f32,
    pub size: u16,
    /// The size on screen, in window pixels: `size` times the screen's scale (the table
    /// scales its layout units; the other screens draw in window pixels).
    pub px: f32,
    pub width: f32,
}

/// Starts recording every string drawn (for the layout check).
pub fn record_drawn() {
    DRAWN.with(|d| *d.borrow_mut() = Some(Vec::new()));
}

/// Whether the strings drawn are being recorded (a layout check this frame).
pub fn recording() -> bool {
    DRAWN.with(|d| d.borrow().is_some())
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
/// `size` is scaled by the player's text size (see [`scaled`]).
pub fn text(s: &str, x: f32, y: f32, font: &Font, size: u16, color: Color) -> f32 {
    text_zoomed(s, x, y, font, size, 1.0, color)
}

/// Draws `s` as [`text`] does, at `zoom` times `size` (a number popping in, a word
/// shrinking to its place): rasterised at `size` and scaled, so that a size changing every
/// frame brings no new glyphs to the font atlas (each would redraw the kept pictures: see
/// `glyphs`). A `zoom` of at most 1 keeps the glyphs crisp.
pub fn text_zoomed(
    s: &str,
    x: f32,
    y: f32,
    font: &Font,
    size: u16,
    zoom: f32,
    color: Color,
) -> f32 {
    let size = scaled(size);
    let (px, back) = raster(size);
    let k = scale();
    super::glyphs::note(s, font, px);
    let w = draw_text_ex(
        s,
        (x * k).round() / k,
        (y * k).round() / k,
        TextParams {
            font: Some(font),
            font_size: px,
            font_scale: back * zoom,
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
                face: face_of(font),
                text: s.to_string(),
                x,
                baseline: y,
                size: (f32::from(size) * zoom).round() as u16,
                px: f32::from(size) * k * zoom,
                width: w,
            });
        }
    });
    w
}

/// Width of `s` in `font` at `size` (layout units; scaled like [`text`]).
pub fn width(s: &str, font: &Font, size: u16) -> f32 {
    let (px, back) = raster(scaled(size));
    // The font's address names it: the fonts live as long as the window.
    let font_id = font as *const Font as usize;
    let key = super::memo::key((s, font_id, px, back.to_bits()));
    super::memo::width(key, || {
        // Measuring caches the glyphs as drawing does.
        super::glyphs::note(s, font, px);
        measure_text(s, Some(font), px, back).width
    })
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
    let fitted = (preferred as f32 * max_width / w).floor() as u16;
    fitted.clamp(min, preferred)
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
