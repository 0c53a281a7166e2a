//! Card art: single-colour icons of the game-icons.net set (CC BY 3.0), vendored under
//! `art/icons/` (only those the shipped cards use, with their credits) and built into the
//! binary. A card names its icon in its `art` field; a card without one is drawn with its
//! type's emblem (`art/icons/types.json`).

use super::model::StationType;
use include_dir::{Dir, include_dir};
use resvg::{tiny_skia, usvg};
use std::collections::HashMap;
use std::sync::OnceLock;

static ICONS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/art/icons");

/// The SVG of a vendored icon (512x512, painted with `currentColor`).
pub fn svg(name: &str) -> Option<&'static str> {
    by_name().get(name).copied()
}

/// Every vendored icon's SVG by name. Looked up once per card whenever a set is checked:
/// `Dir::get_file` compares the path with each of the ~200 files in turn, which cost a
/// set's load about 9 M instructions (a fifth of it).
fn by_name() -> &'static HashMap<&'static str, &'static str> {
    static BY_NAME: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    BY_NAME.get_or_init(|| {
        ICONS
            .files()
            .filter_map(|f| {
                let name = f.path().to_str()?.strip_suffix(".svg")?;
                Some((name, f.contents_utf8()?))
            })
            .collect()
    })
}

/// Whether an icon of that name is vendored.
pub fn exists(name: &str) -> bool {
    svg(name).is_some()
}

/// Every vendored icon's name, sorted.
pub fn names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut v: Vec<String> = ICONS
            .files()
            .filter_map(|f| f.path().to_str()?.strip_suffix(".svg").map(str::to_string))
            .collect();
        v.sort();
        v
    })
}

/// The vendored icons whose names hold every word of `query` (words split on spaces and
/// hyphens, any case): names that start with the query first, then the others, each
/// group in name order; at most `limit`. An empty query finds nothing.
pub fn search(query: &str, limit: usize) -> Vec<&'static str> {
    let q = query.trim().to_lowercase();
    let words: Vec<&str> = q.split([' ', '-']).filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
        return Vec::new();
    }
    let hits = names()
        .iter()
        .map(String::as_str)
        .filter(|n| words.iter().all(|w| n.contains(w)));
    let (mut first, rest): (Vec<&'static str>, Vec<&'static str>) =
        hits.partition(|n| n.starts_with(q.as_str()));
    first.extend(rest);
    first.truncate(limit);
    first
}

/// The emblem icon of a Station card type, if one is vendored (`types.json`).
pub fn type_emblem(t: StationType) -> Option<&'static str> {
    static TYPES: OnceLock<HashMap<String, String>> = OnceLock::new();
    let map = TYPES.get_or_init(|| {
        ICONS
            .get_file("types.json")
            .and_then(|f| f.contents_utf8())
            .and_then(|s| serde_json::from_str(s).ok())
            .unwrap_or_default()
    });
    map.get(t.as_str())
        .map(String::as_str)
        .filter(|n| exists(n))
}

/// The vendored icon a card's `art` names, as a name that lives as long as the game.
pub fn named(art: Option<&super::model::ArtName>) -> Option<&'static str> {
    let a = art?;
    names().iter().find(|n| **n == a.0).map(String::as_str)
}

/// The icon a Station card is drawn with: its own art, else its type's emblem.
pub fn for_card(art: Option<&super::model::ArtName>, t: StationType) -> Option<&'static str> {
    named(art).or_else(|| type_emblem(t))
}

/// The icon's pixels: RGBA, straight alpha, `px` square, in `col`.
pub fn rasterise(name: &str, px: u32, col: [u8; 4]) -> Option<Vec<u8>> {
    let svg = svg(name)?;
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

/// The game's own icon, `px` square, RGBA: the traveller's figure in gold on the table's
/// dark ground, with rounded corners (the window's icon and the desktop entry's).
pub fn app_icon(px: u32) -> Vec<u8> {
    const GROUND: [u8; 3] = [0x1b, 0x17, 0x26];
    const GOLD: [u8; 4] = [0xe8, 0xc1, 0x6b, 255];
    let inner = (px as f32 * 0.78).round() as u32;
    let figure = rasterise(APP_ICON, inner, GOLD).unwrap_or_default();
    let off = (px - inner) / 2;
    let r = px as f32 * 0.18;
    let mut out = vec![0u8; (px * px * 4) as usize];
    for y in 0..px {
        for x in 0..px {
            // Rounded square: outside the corner circles is clear.
            let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
            let cx = fx.clamp(r, px as f32 - r);
            let cy = fy.clamp(r, px as f32 - r);
            let inside = (fx - cx).hypot(fy - cy) <= r;
            let i = ((y * px + x) * 4) as usize;
            if !inside {
                continue;
            }
            out[i..i + 3].copy_from_slice(&GROUND);
            out[i + 3] = 255;
            if (off..off + inner).contains(&x) && (off..off + inner).contains(&y) {
                let j = (((y - off) * inner + (x - off)) * 4) as usize;
                if let Some(p) = figure.get(j..j + 4) {
                    let a = p[3] as u32;
                    for k in 0..3 {
                        out[i + k] =
                            ((p[k] as u32 * a + out[i + k] as u32 * (255 - a)) / 255) as u8;
                    }
                }
            }
        }
    }
    out
}

/// The icon the game's own icon is drawn from (the traveller on the road).
pub const APP_ICON: &str = "hiking";

/// The game's icon as a PNG file's bytes, `px` square.
pub fn app_icon_png(px: u32) -> Option<Vec<u8>> {
    let rgba = app_icon(px);
    let mut pix = tiny_skia::Pixmap::new(px, px)?;
    // tiny-skia holds premultiplied pixels.
    for (d, s) in pix.data_mut().chunks_exact_mut(4).zip(rgba.chunks_exact(4)) {
        let a = s[3] as u32;
        for k in 0..3 {
            d[k] = (s[k] as u32 * a / 255) as u8;
        }
        d[3] = s[3];
    }
    pix.encode_png().ok()
}

#[cfg(test)]
mod search_tests {
    use super::*;

    #[test]
    fn an_icon_is_found_by_name_as_the_folder_finds_its_file() {
        let mut asked: Vec<String> = names().to_vec();
        asked.extend(
            [
                "",
                "CREDITS",
                "CREDITS.md",
                "arson.svg",
                "Arson",
                "../arson",
            ]
            .map(String::from),
        );
        for name in &asked {
            let file = ICONS
                .get_file(format!("{name}.svg"))
                .and_then(|f| f.contents_utf8());
            assert_eq!(svg(name), file, "{name:?}");
        }
        assert!(exists("arson") && !exists("CREDITS"));
    }

    #[test]
    fn a_search_finds_names_by_their_words_those_starting_with_it_first() {
        assert!(search("", 8).is_empty());
        assert!(search("  ", 8).is_empty());
        let dragon = search("DRAGON", 8);
        assert!(dragon.contains(&"sea-dragon"), "{dragon:?}");
        assert!(dragon.iter().all(|n| n.contains("dragon")));
        // Words in any order; a name starting with the query comes first.
        assert_eq!(search("dragon sea", 8), ["sea-dragon"]);
        let sea = search("sea", 50);
        let starts = sea.iter().take_while(|n| n.starts_with("sea")).count();
        assert!(
            starts > 0 && sea[starts..].iter().all(|n| !n.starts_with("sea")),
            "{sea:?}"
        );
        assert_eq!(search("e", 3).len(), 3);
        assert!(search("no-such-icon-anywhere", 8).is_empty());
    }
}
