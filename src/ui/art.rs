//! Card art on screen: a vendored icon (`crate::cards::art`) rasterised with resvg at the
//! pixel size it is drawn, in one colour, and cached as a texture, so icons stay crisp from
//! 1024x640 to 1920x1080 and cost one texture draw a frame once made.

use crate::cards::art;
use macroquad::prelude::*;
use resvg::{tiny_skia, usvg};
use std::cell::RefCell;
use std::collections::HashMap;

/// Textures made so far, by icon, pixel size and colour.
type Cache = HashMap<(&'static str, u32, [u8; 4]), Option<Texture2D>>;

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(HashMap::new());
}

/// Icon sizes are rounded up to a multiple of this many pixels, so that a card that
/// grows by a pixel does not make a new texture each frame of an animation.
const SIZE_STEP: u32 = 8;
/// The most textures kept; past it the cache starts again (a resize storm).
const MOST: usize = 600;

/// The icon's pixels: RGBA, straight alpha, `px` square, in `col`.
pub fn rasterise(name: &str, px: u32, col: [u8; 4]) -> Option<Vec<u8>> {
    let svg = art::svg(name)?;
    let hex = format!("#{:02x}{:02x}{:02x}", col[0], col[1], col[2]);
    let svg = svg.replace("currentColor", &hex);
    let tree = usvg::Tree::from_str(&svg, &usvg::Options::default()).ok()?;
    let mut pix = tiny_skia::Pixmap::new(px, px)?;
    let scale = px as f32 / tree.size().width().max(tree.size().height());
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pix.as_mut(),
    );
    // tiny-skia keeps premultiplied alpha; macroquad blends straight alpha.
    let mut data = pix.take();
    for p in data.chunks_exact_mut(4) {
        let a = p[3];
        if a > 0 && a < 255 {
            for c in &mut p[..3] {
                *c = ((*c as u32 * 255 + a as u32 / 2) / a as u32).min(255) as u8;
            }
        }
        p[3] = ((a as u32 * col[3] as u32) / 255) as u8;
    }
    Some(data)
}

/// Draws icon `name` filling the square of side `side` centred at `c`, in `col`.
/// Returns false when there is no such icon (the caller draws something else).
pub fn draw(name: &'static str, c: Vec2, side: f32, col: Color) -> bool {
    if side < 2.0 {
        return false;
    }
    // The pixel size on screen: the drawing is scaled by the window's scale factor.
    let scale = crate::ui::style::scale();
    let px = ((side * scale).ceil() as u32).div_ceil(SIZE_STEP) * SIZE_STEP;
    let key = (name, px, col.into());
    let tex = CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() > MOST {
            cache.clear();
        }
        cache
            .entry(key)
            .or_insert_with(|| {
                let data = rasterise(name, px, key.2)?;
                let t = Texture2D::from_rgba8(px as u16, px as u16, &data);
                t.set_filter(FilterMode::Linear);
                Some(t)
            })
            .clone()
    });
    let Some(tex) = tex else {
        return false;
    };
    draw_texture_ex(
        &tex,
        c.x - side / 2.0,
        c.y - side / 2.0,
        WHITE,
        DrawTextureParams {
            dest_size: Some(vec2(side, side)),
            ..Default::default()
        },
    );
    true
}
