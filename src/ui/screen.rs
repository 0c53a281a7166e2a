//! One contract for every screen's pieces. Each screen works out its rectangles once per
//! frame into one [`ScreenFrame`]: its own geometry (a struct named for the screen:
//! `TitleGeometry`, `GalleryGeometry`, ...), what can be clicked or focused (`targets`) and
//! what hovering explains (`tips`). Drawing, the pointer's hit-testing, the tips and the
//! keyboard's or pad's focus all read that one model; none works out a rectangle of its
//! own. A screen builds its frame at the end of its update (the state the frame shows has
//! changed by then) and keeps it: the next frame's clicks land on what was drawn.
//!
//! The table's [`crate::ui::table`] `Frame` is the same contract with its buttons and
//! controls, and its tips are [`Tip`]s too, which may speak of the moment playing.

use crate::present::stage::MomentKind;
use crate::ui::style::{self, Fonts, colour};
use macroquad::prelude::*;
use std::borrow::Cow;

/// A hover region and what it explains.
#[derive(Debug, Clone)]
pub struct Tip {
    pub rect: Rect,
    pub text: String,
    /// What the region says while a moment plays on the table's stage (a blow over the
    /// Health track): `None` for a tip that waits for the stage to rest.
    pub during: Option<fn(&MomentKind) -> Option<String>>,
    /// Where regions overlap, the tip of the higher rank answers: a panel laid over
    /// another ranks above the regions under it (see [`tip_at`] for equals).
    pub rank: Rank,
}

/// A tip's rank where regions overlap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rank {
    /// A region of the screen as laid out.
    #[default]
    Base,
    /// Something small drawn over a region (the dice decks' stacks on the ATK/DEF line).
    Over,
    /// A panel opened over others (the Guardian's terms over the map).
    Panel,
}

impl Tip {
    /// A tip that is shown only while nothing plays.
    pub fn new(rect: Rect, text: impl Into<String>) -> Tip {
        Tip {
            rect,
            text: text.into(),
            during: None,
            rank: Rank::Base,
        }
    }

    /// The tip at `rank`.
    pub fn ranked(self, rank: Rank) -> Tip {
        Tip { rank, ..self }
    }

    /// The tip as read at a moment: `None` when nothing plays (the tip itself), else the
    /// moment's line above the tip, or nothing if it has nothing to say of that moment.
    pub fn at(&self, moment: Option<&MomentKind>) -> Option<String> {
        match moment {
            None => Some(self.text.clone()),
            Some(m) => {
                let line = (self.during?)(m)?;
                Some(format!("{line}\n{}", self.text))
            }
        }
    }
}

/// The tip of `tips` that answers at `at`, as read at `moment` (see [`Tip::at`]). The
/// rule where regions overlap, whatever order the tips were listed in: the highest
/// [`Rank`] answers; among equal ranks, the smallest region (the thing inside answers
/// over what it lies in: a pile over its band, a slot over its panel); among regions of
/// one rank and one size, the one whose top left corner comes first in reading order
/// (higher, then further left). A tip with nothing to say of the moment playing gives way
/// to the next.
pub fn tip_at(tips: &[Tip], at: Vec2, moment: Option<&MomentKind>) -> Option<String> {
    let mut under: Vec<&Tip> = tips.iter().filter(|t| t.rect.contains(at)).collect();
    under.sort_by(|a, b| {
        b.rank
            .cmp(&a.rank)
            .then(area(a.rect).total_cmp(&area(b.rect)))
            .then(a.rect.y.total_cmp(&b.rect.y))
            .then(a.rect.x.total_cmp(&b.rect.x))
    });
    under.into_iter().find_map(|t| t.at(moment))
}

/// A region's area, for [`tip_at`]'s rule.
fn area(r: Rect) -> f32 {
    r.w * r.h
}

/// A screen's tip (its lines one under another, each wrapped) in a box beside the pointer
/// at `at`, kept inside a window of `size`.
pub fn draw_tip(tip: &str, at: Vec2, fonts: &Fonts, size: Vec2) {
    let measure = |x: &str| style::width(x, &fonts.serif, 16);
    let most = 380.0f32.min(size.x - 20.0);
    let lines: Vec<String> = tip
        .lines()
        .flat_map(|r| style::wrap(r, most - 20.0, measure))
        .collect();
    // As wide as its longest line: a short tip is a small box.
    let widest = lines.iter().map(|l| measure(l)).fold(0.0, f32::max);
    let w = (widest + 20.0).min(most);
    let lh = 19.0;
    let h = lines.len() as f32 * lh + 14.0;
    // Left of the pointer, or right of it where the left has no room for the box.
    let x = if at.x - w - 16.0 >= 8.0 {
        at.x - w - 16.0
    } else {
        (at.x + 16.0).min(size.x - w - 8.0).max(8.0)
    };
    let y = (at.y + 16.0).min(size.y - h - 8.0).max(8.0);
    let r = Rect::new(x, y, w, h);
    style::card(r, 6.0, 1.0, Color::new(0.04, 0.05, 0.1, 0.97), colour::GOLD);
    for (i, line) in lines.iter().enumerate() {
        let ly = r.y + lh * (i as f32 + 1.0);
        style::text(line, r.x + 10.0, ly, &fonts.serif, 16, colour::PARCHMENT);
    }
}

/// One frame's model of a screen: its geometry `G`, laid out for `size`, the targets `T`
/// a click or the focus acts on, and its tips.
#[derive(Debug, Clone)]
pub struct ScreenFrame<G, T> {
    /// The window size it was laid out for.
    pub size: Vec2,
    pub geometry: G,
    /// What a click (or the focus and Enter) acts on, in reading order; the first under
    /// the pointer wins.
    pub targets: Vec<(T, Rect)>,
    /// Hover regions and their explanations, in any order: which answers where they
    /// overlap is [`tip_at`]'s rule.
    pub tips: Vec<Tip>,
}

impl<G: Default, T> Default for ScreenFrame<G, T> {
    /// No frame yet: laid out for no window at all, so any real size is new to it.
    fn default() -> Self {
        ScreenFrame {
            size: Vec2::ZERO,
            geometry: G::default(),
            targets: Vec::new(),
            tips: Vec::new(),
        }
    }
}

impl<G: Clone, T: Clone + PartialEq> ScreenFrame<G, T> {
    /// A frame of `geometry` with no target or tip yet.
    pub fn new(size: Vec2, geometry: G) -> Self {
        ScreenFrame {
            size,
            geometry,
            targets: Vec::new(),
            tips: Vec::new(),
        }
    }

    /// The target under `at`, if any.
    pub fn at(&self, at: Vec2) -> Option<&T> {
        self.targets
            .iter()
            .find(|(_, r)| r.contains(at))
            .map(|(t, _)| t)
    }

    /// The first target under `at` that `pick` takes (targets of one kind where kinds
    /// overlap: a menu entry reaching into the map).
    pub fn find_at<U>(&self, at: Vec2, pick: impl Fn(&T) -> Option<U>) -> Option<U> {
        self.targets
            .iter()
            .filter(|(_, r)| r.contains(at))
            .find_map(|(t, _)| pick(t))
    }

    /// Where target `t` is this frame.
    pub fn rect_of(&self, t: &T) -> Option<Rect> {
        self.targets.iter().find(|(x, _)| x == t).map(|(_, r)| *r)
    }

    /// What hovering at `at` explains (a screen has no stage: no moment plays).
    pub fn tip_at(&self, at: Vec2) -> Option<String> {
        tip_at(&self.tips, at, None)
    }

    /// What target `t`'s own region explains (its tip under its middle): the tip of the
    /// entry the keyboard selected, where no pointer rests.
    pub fn tip_of(&self, t: &T) -> Option<String> {
        self.rect_of(t).and_then(|r| self.tip_at(r.center()))
    }

    /// This frame when it was laid out for `size`, else a fresh one (a screen drawn
    /// before its first update, or after the window changed size since).
    pub fn for_size(&self, size: Vec2, lay_out: impl FnOnce() -> Self) -> Cow<'_, Self> {
        self.or_anew(self.size == size, lay_out)
    }

    /// This frame if it is `current`, else a fresh one.
    pub fn or_anew(&self, current: bool, lay_out: impl FnOnce() -> Self) -> Cow<'_, Self> {
        if current {
            Cow::Borrowed(self)
        } else {
            Cow::Owned(lay_out())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_target_and_tip_under_the_pointer_win() {
        let mut f = ScreenFrame::new(vec2(100.0, 100.0), ());
        f.targets.push((1, Rect::new(0.0, 0.0, 50.0, 50.0)));
        f.targets.push((2, Rect::new(0.0, 0.0, 100.0, 100.0)));
        f.tips
            .push(Tip::new(Rect::new(0.0, 0.0, 50.0, 50.0), "one"));
        f.tips
            .push(Tip::new(Rect::new(0.0, 0.0, 100.0, 100.0), "two"));
        assert_eq!(f.tip_at(vec2(10.0, 10.0)).as_deref(), Some("one"));
        assert_eq!(f.at(vec2(10.0, 10.0)), Some(&1));
        assert_eq!(f.at(vec2(80.0, 80.0)), Some(&2));
        assert_eq!(f.at(vec2(180.0, 80.0)), None);
        assert_eq!(f.tip_at(vec2(80.0, 80.0)).as_deref(), Some("two"));
        assert_eq!(f.tip_of(&1).as_deref(), Some("one"));
        assert_eq!(f.rect_of(&3), None);
    }

    #[test]
    fn a_tip_of_higher_rank_answers_wherever_it_was_listed() {
        let wide = Rect::new(0.0, 0.0, 100.0, 100.0);
        let small = Rect::new(10.0, 10.0, 10.0, 10.0);
        let tips = [
            Tip::new(wide, "the line"),
            Tip::new(small, "the stack").ranked(Rank::Over),
            Tip::new(wide, "the panel").ranked(Rank::Panel),
        ];
        assert_eq!(
            tip_at(&tips, vec2(15.0, 15.0), None).as_deref(),
            Some("the panel")
        );
        assert_eq!(
            tip_at(&tips[..2], vec2(15.0, 15.0), None).as_deref(),
            Some("the stack")
        );
        assert_eq!(
            tip_at(&tips[..2], vec2(50.0, 50.0), None).as_deref(),
            Some("the line")
        );
    }

    /// The rule, worked out by hand for each point and checked in every order the tips
    /// can be listed in: rank first, then the smaller region, then the region higher up,
    /// then the one further left.
    #[test]
    fn which_tip_answers_does_not_depend_on_the_order_they_were_listed_in() {
        let band = Tip::new(Rect::new(0.0, 0.0, 200.0, 100.0), "band");
        let pile = Tip::new(Rect::new(150.0, 10.0, 40.0, 60.0), "pile");
        let left = Tip::new(Rect::new(20.0, 20.0, 30.0, 30.0), "left");
        let right = Tip::new(Rect::new(40.0, 20.0, 30.0, 30.0), "right");
        let lower = Tip::new(Rect::new(40.0, 30.0, 30.0, 30.0), "lower");
        let panel = Tip::new(Rect::new(140.0, 0.0, 60.0, 100.0), "panel").ranked(Rank::Panel);
        let all = [band, pile, left, right, lower, panel];
        // (point, the tip that answers there with the panel, without it)
        let cases = [
            (vec2(5.0, 5.0), "band", "band"),
            (vec2(160.0, 20.0), "panel", "pile"),
            (vec2(145.0, 80.0), "panel", "band"),
            (vec2(25.0, 25.0), "left", "left"),
            (vec2(45.0, 25.0), "left", "left"),
            (vec2(60.0, 25.0), "right", "right"),
            (vec2(60.0, 55.0), "lower", "lower"),
        ];
        // Every order of the six (720).
        let mut order: Vec<usize> = (0..all.len()).collect();
        let mut orders = 0;
        loop {
            let listed: Vec<Tip> = order.iter().map(|&i| all[i].clone()).collect();
            let without: Vec<Tip> = listed
                .iter()
                .filter(|t| t.rank != Rank::Panel)
                .cloned()
                .collect();
            for (at, with_panel, no_panel) in cases {
                assert_eq!(
                    tip_at(&listed, at, None).as_deref(),
                    Some(with_panel),
                    "{at}"
                );
                assert_eq!(
                    tip_at(&without, at, None).as_deref(),
                    Some(no_panel),
                    "{at}"
                );
            }
            orders += 1;
            // The next permutation in lexical order.
            let Some(i) = (0..order.len() - 1)
                .rev()
                .find(|&i| order[i] < order[i + 1])
            else {
                break;
            };
            let j = (i + 1..order.len())
                .rev()
                .find(|&j| order[j] > order[i])
                .unwrap();
            order.swap(i, j);
            order[i + 1..].reverse();
        }
        assert_eq!(orders, 720);
    }

    #[test]
    fn a_tip_speaks_of_a_moment_only_when_it_has_something_to_say() {
        let plain = Tip::new(Rect::new(0.0, 0.0, 10.0, 10.0), "Health");
        let blow = MomentKind::Blow {
            to_foe: 0,
            to_traveller: 2,
        };
        assert_eq!(plain.at(None).as_deref(), Some("Health"));
        assert_eq!(plain.at(Some(&blow)), None, "a plain tip waits for rest");
        let told = Tip {
            during: Some(|m| match m {
                MomentKind::Blow { to_traveller, .. } => Some(format!("-{to_traveller}")),
                _ => None,
            }),
            ..plain
        };
        assert_eq!(told.at(Some(&blow)).as_deref(), Some("-2\nHealth"));
        assert_eq!(told.at(Some(&MomentKind::Dice)), None);
    }
}
