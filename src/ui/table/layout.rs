//! Where the table's areas go. The table is laid out in *layout units* on a virtual canvas
//! 800 units high (and at least 1280 wide), drawn at the window's scale: everything (text,
//! dice, cards, panels) grows with the window and keeps its proportions, and text is
//! rasterised at its size on screen so it stays sharp (see `style::use_scale`).

use macroquad::prelude::*;

/// The virtual canvas's height, and its narrowest width.
pub const VIRTUAL_H: f32 = 800.0;
pub const VIRTUAL_MIN_W: f32 = 1280.0;
/// The smallest window the game asks for (a smaller one is drawn smaller still, intact).
pub const MIN_WINDOW: (f32, f32) = (1024.0, 640.0);

/// The scale of a window: window pixels per layout unit.
pub fn scale_for(window: Vec2) -> f32 {
    (window.y / VIRTUAL_H)
        .min(window.x / VIRTUAL_MIN_W)
        .max(0.3)
}

/// The table's areas for a window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    /// Window pixels per layout unit.
    pub k: f32,
    /// The canvas in layout units.
    pub size: Vec2,
    pub map: Rect,
    pub log: Rect,
    pub top: Rect,
    pub stage: Rect,
    pub prompt: Rect,
    pub status: Rect,
}

impl Layout {
    /// The layout for a window of `window` pixels.
    pub fn new(window: Vec2) -> Layout {
        let k = scale_for(window);
        let size = window / k;
        let (w, h) = (size.x, size.y);
        let m = 12.0;
        let left_w = (w * 0.25).clamp(300.0, 420.0);
        let right_w = (w * 0.22).clamp(270.0, 360.0);
        let map_h = ((h - 2.0 * m) * 0.58).round();
        let map = Rect::new(m, m, left_w, map_h);
        let log = Rect::new(m, m + map_h + m, left_w, h - map_h - 3.0 * m);
        let status = Rect::new(w - m - right_w, m, right_w, h - 2.0 * m);
        let cx = map.right() + m;
        let cw = status.x - m - cx;
        let top_h = 176.0;
        let prompt_h = 196.0;
        let top = Rect::new(cx, m, cw, top_h);
        let prompt = Rect::new(cx, h - m - prompt_h, cw, prompt_h);
        let stage = Rect::new(cx, top.bottom() + m, cw, prompt.y - m - top.bottom() - m);
        Layout {
            k,
            size,
            map,
            log,
            top,
            stage,
            prompt,
            status,
        }
    }

    /// A window position (the pointer) in layout units.
    pub fn to_layout(self, p: Vec2) -> Vec2 {
        p / self.k
    }

    /// The three row slots in the stage.
    pub fn slots(&self) -> [Rect; 3] {
        let s = self.stage;
        let gap = 18.0;
        let cw = ((s.w - 2.0 * gap - 20.0) / 3.0)
            .min((s.h - 44.0) / 1.4)
            .max(40.0);
        let ch = cw * 1.4;
        let total = 3.0 * cw + 2.0 * gap;
        let x0 = s.x + (s.w - total) / 2.0;
        let y = s.y + (s.h - 30.0 - ch) / 2.0 + 4.0;
        [0, 1, 2].map(|i| Rect::new(x0 + i as f32 * (cw + gap), y, cw, ch))
    }

    /// The card being resolved (left of the stage) and the panel beside it.
    pub fn resolving(&self) -> (Rect, Rect) {
        let s = self.stage;
        let ch = s.h - 8.0;
        let cw = (ch / 1.4).min(s.w * 0.42);
        let card = Rect::new(s.x + 4.0, s.y + 4.0, cw, cw * 1.4);
        let panel = Rect::new(
            card.right() + 16.0,
            s.y + 4.0,
            s.right() - card.right() - 24.0,
            s.h - 8.0,
        );
        (card, panel)
    }

    /// The Domain band's pieces: the Domain's title card, its deck and its discard. The
    /// piles leave room for their labels underneath.
    pub fn band(&self) -> Band {
        let r = self.top;
        let pad = 10.0;
        let pile_w = ((r.h - 2.0 * pad - 22.0) / 1.4).min(r.w * 0.15);
        let pile_h = pile_w * 1.4;
        let deck = Rect::new(
            r.right() - pad - 2.0 * pile_w - pad,
            r.y + pad,
            pile_w,
            pile_h,
        );
        let discard = Rect::new(r.right() - pad - pile_w, r.y + pad, pile_w, pile_h);
        let title = Rect::new(
            r.x + pad,
            r.y + pad,
            deck.x - pad * 2.0 - r.x,
            r.h - 2.0 * pad,
        );
        Band {
            title,
            deck,
            discard,
        }
    }

    /// The Guardian's own stage: the Domain band and the stage as one (the crossing is
    /// no Domain's).
    pub fn guardian_stage(&self) -> Rect {
        Rect::new(
            self.stage.x,
            self.top.y,
            self.stage.w,
            self.stage.bottom() - self.top.y,
        )
    }

    /// The map's drawing area inside its panel (room for the heading and the legend).
    pub fn map_area(&self) -> Rect {
        Rect::new(
            self.map.x + 8.0,
            self.map.y + 34.0,
            self.map.w - 16.0,
            self.map.h - 62.0,
        )
    }

    /// Every area, for checks that nothing is drawn outside them.
    /// The end-of-run panel, over the top of the stage and the Domain panel.
    pub fn end_panel(&self) -> Rect {
        let st = self.stage;
        let w = (st.w - 20.0).min(700.0);
        let h = (st.h + self.top.h - 10.0).min(460.0);
        Rect::new(st.center().x - w / 2.0, self.top.y + 8.0, w, h)
    }

    pub fn areas(&self) -> [Rect; 6] {
        [
            self.map,
            self.log,
            self.top,
            self.stage,
            self.prompt,
            self.status,
        ]
    }
}

/// Named text sizes (layout units), so that a draw call says what a text is, not a number.
pub mod text {
    /// A panel's heading ("The Domains", "Log").
    pub const HEADING: u16 = 21;
    /// Titles of a large card or a duel's foe.
    pub const TITLE: u16 = 24;
    /// Running text: the prompt, the log, card text.
    pub const BODY: u16 = 18;
    /// Labels and small lines.
    pub const LABEL: u16 = 16;
    /// The smallest text on the table.
    pub const SMALL: u16 = 14;
    /// A number that rises from a blow or a heal.
    pub const BIG: u16 = 34;
}

/// The Domain band's pieces (see [`Layout::band`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    /// The Domain's title card with its scene text (the lesson's hint covers it).
    pub title: Rect,
    /// The Domain's deck (a pile, its count under it).
    pub deck: Rect,
    /// The discard (its top card, its count under it).
    pub discard: Rect,
}

/// The status area's trackers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StatusLayout {
    pub atk_def: Rect,
    pub health: Rect,
    pub marker: Rect,
    pub grace: Rect,
    pub items: [Rect; 2],
    pub equipment: [Rect; 2],
    pub lists: Rect,
}

impl StatusLayout {
    pub fn new(r: Rect) -> StatusLayout {
        let x = r.x + 14.0;
        let w = r.w - 28.0;
        let atk_def = Rect::new(r.x, r.y + 38.0, r.w, 24.0);
        let health = Rect::new(x, r.y + 92.0, w, 16.0);
        let marker = Rect::new(x, health.bottom() + 38.0, w, 22.0);
        let grace = Rect::new(x, marker.bottom() + 28.0, w, 24.0);
        let slot_h = 32.0;
        let iy = grace.bottom() + 36.0;
        let items = [
            Rect::new(x, iy, w, slot_h),
            Rect::new(x, iy + slot_h + 6.0, w, slot_h),
        ];
        let ey = items[1].bottom() + 34.0;
        let equipment = [
            Rect::new(x, ey, w, slot_h),
            Rect::new(x, ey + slot_h + 6.0, w, slot_h),
        ];
        let ly = equipment[1].bottom() + 12.0;
        StatusLayout {
            atk_def,
            health,
            marker,
            grace,
            items,
            equipment,
            lists: Rect::new(x, ly, w, r.bottom() - ly),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_do_not_overlap_and_grow_with_the_window() {
        let mut last_k = 0.0;
        for size in [
            vec2(1024.0, 640.0),
            vec2(1280.0, 800.0),
            vec2(1920.0, 1080.0),
        ] {
            let l = Layout::new(size);
            assert!(l.k > last_k, "{size}: the scale grows with the window");
            last_k = l.k;
            assert!(l.size.x >= VIRTUAL_MIN_W - 0.5 && (l.size.y - VIRTUAL_H).abs() < 0.5);
            let areas = l.areas();
            for (i, a) in areas.iter().enumerate() {
                assert!(
                    a.w > 200.0 && a.h > 150.0,
                    "{size}: area {i} too small: {a:?}"
                );
                assert!(a.x >= 0.0 && a.y >= 0.0 && a.right() <= l.size.x + 0.5);
                assert!(a.bottom() <= l.size.y + 0.5);
                for b in &areas[i + 1..] {
                    assert!(a.intersect(*b).is_none(), "{size}: {a:?} overlaps {b:?}");
                }
            }
            for s in l.slots() {
                assert!(l.stage.contains(s.point()) && s.bottom() <= l.stage.bottom());
            }
            let sl = StatusLayout::new(l.status);
            assert!(sl.equipment[1].bottom() < l.status.bottom() - 60.0);
        }
        // Text at the smallest window is still at least 11 px on screen.
        let small = Layout::new(vec2(1024.0, 640.0));
        assert!(text::SMALL as f32 * small.k >= 11.0);
        let large = Layout::new(vec2(1920.0, 1080.0));
        assert!(
            text::BODY as f32 * large.k >= 24.0,
            "body text grows at 1080p"
        );
    }
}
