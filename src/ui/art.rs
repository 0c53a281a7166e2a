//! Card art on screen: a vendored icon (`crate::cards::art`) rasterised with resvg at the
//! pixel size it is drawn, in white, and cached as a texture that each draw tints with its
//! colour, so icons stay crisp from 1024x640 to 1920x1080 and cost one texture draw a frame
//! once made. The colour is not part of the cache's key: an icon whose colour or alpha
//! changes every frame (a fade, a pulse, a flash) reuses its texture instead of
//! rasterising and uploading a new one each frame.

use crate::cards::art;
use macroquad::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;

/// Textures made so far (white), by icon and pixel size.
type Cache = HashMap<(&'static str, u32), Option<Texture2D>>;

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(HashMap::new());
}

/// Icon sizes are rounded up to a multiple of this many pixels, so that a card that
/// grows by a pixel does not make a new texture each frame of an animation.
const SIZE_STEP: u32 = 8;
/// The most textures kept; past it the cache starts again (a resize storm).
const MOST: usize = 600;

/// Draws icon `name` filling the square of side `side` centred at `c`, in `col`.
/// Returns false when there is no such icon (the caller draws something else).
pub fn draw(name: &'static str, c: Vec2, side: f32, col: Color) -> bool {
    if side < 2.0 {
        return false;
    }
    // The pixel size on screen: the drawing is scaled by the window's scale factor.
    let scale = crate::ui::style::scale();
    let px = ((side * scale).ceil() as u32).div_ceil(SIZE_STEP) * SIZE_STEP;
    let key = (name, px);
    let tex = CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() > MOST {
            cache.clear();
        }
        cache
            .entry(key)
            .or_insert_with(|| {
                let data = art::rasterise(name, px, [255; 4])?;
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
        col,
        DrawTextureParams {
            dest_size: Some(vec2(side, side)),
            ..Default::default()
        },
    );
    true
}
