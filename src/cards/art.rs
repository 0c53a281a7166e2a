//! Card art: single-colour icons of the game-icons.net set (CC BY 3.0), vendored under
//! `art/icons/` (only those the shipped cards use, with their credits) and built into the
//! binary. A card names its icon in its `art` field; a card without one is drawn with its
//! type's emblem (`art/icons/types.json`).

use super::model::StationType;
use include_dir::{Dir, include_dir};
use std::collections::HashMap;
use std::sync::OnceLock;

static ICONS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/art/icons");

/// The SVG of a vendored icon (512x512, painted with `currentColor`).
pub fn svg(name: &str) -> Option<&'static str> {
    ICONS.get_file(format!("{name}.svg"))?.contents_utf8()
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

/// The icon a Station card is drawn with: its own art, else its type's emblem.
pub fn for_card(art: Option<&super::model::ArtName>, t: StationType) -> Option<&'static str> {
    art.and_then(|a| names().iter().find(|n| **n == a.0).map(String::as_str))
        .or_else(|| type_emblem(t))
}
