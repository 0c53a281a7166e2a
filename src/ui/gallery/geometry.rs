//! The gallery's one model per frame (see `ui::screen`): where its pieces go, the chips,
//! the cards of the grid on show and the designer's buttons as targets, and the rules of
//! the large card's keywords as its tip.

use super::{ASPECT, Chip, Entry, GAP, GalleryScreen, NOTE_LINE, ZOOM_HEIGHTS, type_label};
use crate::cards::model::StationType;
use crate::ui::screen::{ScreenFrame, Tip};
use crate::ui::style::{self, Fonts};
use macroquad::prelude::*;

/// Where the gallery's pieces go for a window size.
#[derive(Debug, Clone, Default)]
pub(in crate::ui) struct GalleryGeometry {
    /// The chips and their rectangles.
    pub(super) chips: Vec<(Chip, Rect)>,
    /// The grid's viewport.
    pub(in crate::ui) grid: Rect,
    pub(super) columns: usize,
    /// Whole rows that fit in the viewport (the grid scrolls by rows).
    pub(super) rows: usize,
    pub(super) card: Vec2,
    /// The large card's column: the card and its notes.
    pub(in crate::ui) preview: Rect,
    /// The large card drawn there: the one on show's.
    pub(in crate::ui) large: Rect,
    /// A Station card drawn large there (the form's card as it will look once saved).
    pub(in crate::ui) station_large: Rect,
    /// The designer's form, over the chips and the grid.
    pub(in crate::ui) form: Rect,
    /// The designer's balance panel, under the large card.
    pub(in crate::ui) balance: Rect,
}

/// What a click acts on in the gallery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::ui) enum GalleryTarget {
    /// A filter chip.
    Chip(Chip),
    /// A card of the grid, on show.
    Card(Entry),
    /// The designer's Edit and New card buttons (while neither the form nor the revert
    /// list is open).
    Edit,
    New,
    /// The large card's id under it (a click copies it).
    Id,
}

/// The gallery's frame.
pub(in crate::ui) type GalleryFrame = ScreenFrame<GalleryGeometry, GalleryTarget>;

impl GalleryScreen {
    /// Where the pieces go for a window of `size` (the large card's places come with
    /// the frame, see [`GalleryScreen::lay_out`]).
    fn geometry(&self, size: Vec2, fonts: &Fonts) -> GalleryGeometry {
        let margin = 24.0;
        let preview_w = (size.x * 0.32).clamp(280.0, 440.0);
        let left_w = size.x - preview_w - 3.0 * margin;
        let mut chips = Vec::new();
        let mut x = margin;
        let mut y = 70.0;
        let mut place = |chip: Chip, label: &str, new_row: bool| {
            let w = style::width(label, &fonts.serif, 17) + 22.0;
            if new_row || x + w > margin + left_w {
                x = margin;
                y += 34.0;
            }
            chips.push((chip, Rect::new(x, y, w, 28.0)));
            x += w + 8.0;
        };
        place(Chip::Domain(None), "All Domains", false);
        for (i, d) in self.cards.domains.iter().enumerate() {
            place(Chip::Domain(Some(i)), &d.name, false);
        }
        place(
            Chip::Domain(Some(self.cards.domains.len())),
            self.others_label(),
            false,
        );
        place(Chip::Type(None), "All types", true);
        for (i, t) in StationType::ALL.iter().enumerate() {
            place(Chip::Type(Some(*t)), &type_label(i, *t), false);
        }
        let top = y + 44.0;
        // Under the grid: a line of its own for the gallery's messages, then the keys.
        let grid = Rect::new(margin, top, left_w, size.y - top - 40.0 - NOTE_LINE);
        // As many rows of cards of about the zoom's height as fit, stretched to fill.
        let height = ZOOM_HEIGHTS[self.zoom.min(ZOOM_HEIGHTS.len() - 1)];
        let rows = ((grid.h + GAP) / (height + GAP)).round().max(1.0) as usize;
        let card_h = ((grid.h + GAP) / rows as f32 - GAP).min(300.0);
        let card = vec2(card_h / ASPECT, card_h);
        let columns = (((left_w + GAP) / (card.x + GAP)) as usize).max(1);
        GalleryGeometry {
            chips,
            grid,
            columns,
            rows,
            card,
            preview: Rect::new(size.x - preview_w - margin, 24.0, preview_w, size.y - 64.0),
            // The designer's form: over the chips and the grid.
            form: Rect::new(grid.x, 64.0, grid.w, grid.bottom() - 64.0),
            ..GalleryGeometry::default()
        }
    }

    /// This frame's model for a window of `size`.
    pub(in crate::ui) fn lay_out(&self, size: Vec2, fonts: &Fonts) -> GalleryFrame {
        let mut g = self.geometry(size, fonts);
        let shown = self.shown();
        let on_show = self.on_show();
        g.large = Self::preview_card(&g, on_show.unwrap_or(Entry::Station(0)));
        g.station_large = Self::preview_card(&g, Entry::Station(0));
        let top = g.station_large.bottom() + 34.0;
        g.balance = Rect::new(
            g.preview.x,
            top,
            g.preview.w,
            (g.preview.bottom() - top).max(0.0),
        );
        let mut f = ScreenFrame::new(size, g);
        let g = &f.geometry;
        let chips = g.chips.iter().map(|(c, r)| (GalleryTarget::Chip(*c), *r));
        let cards = shown
            .iter()
            .enumerate()
            .filter_map(|(i, e)| cell(g, i, self.scroll).map(|r| (GalleryTarget::Card(*e), r)));
        f.targets = chips.chain(cards).collect();
        if self.designer {
            let desk = self.desk_targets(&f.geometry, fonts);
            f.targets.extend(desk);
        }
        // Over the large card: the rules of the keywords in its text (the table's glossary).
        if let Some(e) = on_show {
            let rules: Vec<String> = crate::present::glossary::keywords_in(self.face(e).text)
                .iter()
                .map(|k| format!("{}: {}", k.word, k.rule))
                .collect();
            if !rules.is_empty() {
                f.tips.push(Tip::new(f.geometry.large, rules.join("\n")));
            }
        }
        f
    }

    /// The card of the grid under `at`, if any.
    pub(super) fn card_at(&self, at: Vec2) -> Option<Entry> {
        if !self.frame.geometry.grid.contains(at) {
            return None;
        }
        self.frame.find_at(at, |t| match t {
            GalleryTarget::Card(e) => Some(*e),
            _ => None,
        })
    }
}

/// The rectangle of the `i`th shown card, if its row is on show.
pub(super) fn cell(l: &GalleryGeometry, i: usize, scroll: usize) -> Option<Rect> {
    let used = l.columns as f32 * (l.card.x + GAP) - GAP;
    let x0 = l.grid.x + (l.grid.w - used).max(0.0) / 2.0;
    let (row, col) = (i / l.columns, i % l.columns);
    let row = row.checked_sub(scroll).filter(|&r| r < l.rows)?;
    Some(Rect::new(
        x0 + col as f32 * (l.card.x + GAP),
        l.grid.y + row as f32 * (l.card.y + GAP),
        l.card.x,
        l.card.y,
    ))
}

/// The last first row: the final rows fill the viewport.
pub(super) fn max_scroll(l: &GalleryGeometry, n: usize) -> usize {
    n.div_ceil(l.columns).saturating_sub(l.rows)
}
