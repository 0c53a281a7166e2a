//! The title's one model per frame (see `ui::screen`): where its pieces go, the menu's
//! entries and the map's Domains as targets, and why an entry cannot be chosen as its tip.

use super::{Item, NO_RUN, NOT_YET, TitleScreen};
use crate::ui::map::{self, MapGeometry, MapModel};
use crate::ui::screen::{ScreenFrame, Tip};
use macroquad::prelude::*;

/// Where the title's pieces go for a window size.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TitleGeometry {
    pub left: f32,
    pub column_w: f32,
    pub title_y: f32,
    pub subtitle_y: f32,
    pub rule_y: f32,
    pub menu_y: f32,
    pub menu_step: f32,
    pub notes_y: f32,
    /// The map's area, and its tiles in it.
    pub map: Rect,
    pub tiles: MapGeometry,
    pub footer_y: f32,
}

impl TitleGeometry {
    /// The title's pieces in a window of `size`, the map's tiles laid out from `model`.
    pub fn new(size: Vec2, model: &MapModel) -> TitleGeometry {
        let (w, h) = (size.x, size.y);
        let left = (w * 0.07).clamp(24.0, 110.0);
        let column_w = (w * 0.40).max(240.0);
        let title_y = (h * 0.27).max(110.0);
        let menu_y = title_y + (h * 0.19).max(110.0);
        let entries = Item::ALL.len() as f32;
        let menu_step = (h * 0.068)
            .clamp(38.0, 56.0)
            .min((h - 24.0 - 40.0 - menu_y) / entries);
        let map = Rect::new(w * 0.47, h * 0.05, w * 0.50, h * 0.84);
        TitleGeometry {
            left,
            column_w,
            title_y,
            subtitle_y: title_y + 52.0,
            rule_y: title_y + 86.0,
            menu_y,
            menu_step,
            notes_y: menu_y + (entries - 0.4) * menu_step,
            map,
            tiles: map::layout(model, map),
            footer_y: h - 24.0,
        }
    }

    /// The clickable band of menu entry `i`.
    pub fn item_rect(&self, i: usize) -> Rect {
        let baseline = self.menu_y + i as f32 * self.menu_step;
        Rect::new(
            self.left - 34.0,
            baseline - self.menu_step * 0.72,
            320.0,
            self.menu_step,
        )
    }
}

/// What the pointer or the keys act on at the title.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TitleTarget {
    /// A menu entry, by its index in [`Item::ALL`].
    Item(usize),
    /// A Domain's tile on the map (hovered, to read its theme).
    Domain(usize),
}

/// The title's frame.
pub type TitleFrame = ScreenFrame<TitleGeometry, TitleTarget>;

impl TitleScreen {
    /// This frame's model for a window of `size`.
    pub(super) fn lay_out(&self, size: Vec2) -> TitleFrame {
        let mut f = ScreenFrame::new(size, TitleGeometry::new(size, &self.map));
        let g = &f.geometry;
        let items = (0..Item::ALL.len()).map(|i| (TitleTarget::Item(i), g.item_rect(i)));
        let tiles = g.tiles.tiles.iter().enumerate();
        let tiles = tiles.map(|(i, r)| (TitleTarget::Domain(i), *r));
        f.targets = items.chain(tiles).collect();
        // Why an entry cannot be chosen: drawn beside it while it is selected.
        for (i, item) in Item::ALL.iter().enumerate() {
            if !self.enabled(*item) {
                let why = if item.available() { NO_RUN } else { NOT_YET };
                f.tips.push(Tip::new(f.geometry.item_rect(i), why));
            }
        }
        f
    }

    /// The menu entry under `at`, if any.
    pub(super) fn item_at(&self, at: Vec2) -> Option<usize> {
        self.frame.find_at(at, |t| match t {
            TitleTarget::Item(i) => Some(*i),
            TitleTarget::Domain(_) => None,
        })
    }

    /// The map's Domain under `at`, if any.
    pub(super) fn domain_at(&self, at: Vec2) -> Option<usize> {
        self.frame.find_at(at, |t| match t {
            TitleTarget::Domain(i) => Some(*i),
            TitleTarget::Item(_) => None,
        })
    }
}
