//! Focus for the arrow keys and a pad: one of the table's click targets (a card of the
//! row, a route, a button, a control) is picked out with a ring; the arrows move it to
//! the nearest target that way, Enter (or A) clicks it. The targets are the frame's own
//! rectangles, and a press is a click at the target's middle, so the focus can do exactly
//! what the pointer can and nothing else.

use super::frame::{Button, Control, Frame};
use super::layout::Layout;
use super::panels;
use crate::core::state::{Phase, State};
use crate::core::{Action, legal_actions};
use crate::ui::hints;
use macroquad::prelude::*;

/// Something on the table that can be clicked, named so that it stays focused while the
/// frame is laid out anew.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    /// A card of the row (to flip or to look at).
    Slot(u8),
    /// A route card (its Domain's index).
    Route(usize),
    /// A button: its action, or its label for a button with none ("Go on").
    Button(Option<Action>, String),
    Control(Control),
}

/// A direction of the arrows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub fn of_key(k: KeyCode) -> Option<Dir> {
        Some(match k {
            KeyCode::Up => Dir::Up,
            KeyCode::Down => Dir::Down,
            KeyCode::Left => Dir::Left,
            KeyCode::Right => Dir::Right,
            _ => return None,
        })
    }

    fn vector(self) -> Vec2 {
        match self {
            Dir::Up => vec2(0.0, -1.0),
            Dir::Down => vec2(0.0, 1.0),
            Dir::Left => vec2(-1.0, 0.0),
            Dir::Right => vec2(1.0, 0.0),
        }
    }
}

/// The button's name as a target.
pub fn of_button(b: &Button) -> Target {
    Target::Button(b.action.clone(), b.label.clone())
}

/// Every target of the frame, in reading order: the row's cards or the routes, then the
/// buttons, then the controls. Only what a click would do something with: a slot that can
/// be flipped (or looked at), a reachable route.
pub fn targets(
    s: &State,
    l: &Layout,
    frame: &Frame,
    allowed: impl Fn(&Action) -> bool,
) -> Vec<(Target, Rect)> {
    let mut out = Vec::new();
    let legal = legal_actions(s);
    if s.phase == Phase::Explore || panels::row::looking(s) {
        for (i, r) in l.slots().iter().enumerate() {
            let slot = i as u8;
            let a = match s.phase {
                Phase::Explore => Action::Flip { slot },
                _ => Action::Look { slot },
            };
            if legal.contains(&a) && allowed(&a) {
                out.push((Target::Slot(slot), *r));
            }
        }
    } else if s.phase == Phase::Route {
        for (r, i) in panels::route::route_cards(s, l) {
            out.push((Target::Route(i), r));
        }
    }
    for b in &frame.geometry.buttons {
        out.push((of_button(b), b.rect));
    }
    for (r, c, _) in &frame.geometry.controls {
        out.push((Target::Control(*c), *r));
    }
    out
}

/// The target the arrow `dir` moves to from `from`: among those whose middle lies that way
/// and either share a line with `from` (their spans across the move overlap) or lie within
/// about 60 degrees of the arrow ([`CONE`]), the nearest, a sideways gap counting double. So Left from the
/// row's first card finds nothing rather than a small control far below, and Down from a
/// button finds the one under it. `None` when nothing lies that way.
pub fn step(targets: &[(Target, Rect)], from: Rect, dir: Dir) -> Option<Target> {
    let c = from.center();
    let v = dir.vector();
    // The span of a rectangle across the move (x for Up/Down, y for Left/Right).
    let span = |r: &Rect| match dir {
        Dir::Up | Dir::Down => (r.x, r.right()),
        Dir::Left | Dir::Right => (r.y, r.bottom()),
    };
    let (a0, a1) = span(&from);
    targets
        .iter()
        .filter_map(|(t, r)| {
            let d = r.center() - c;
            let along = d.dot(v);
            let across = (d - v * along).length();
            let (b0, b1) = span(r);
            let gap = (b0 - a1).max(a0 - b1).max(0.0);
            let ahead = along > 1.0 && (gap == 0.0 || across <= CONE * along);
            // Among targets as near, the one most in line with `from`.
            ahead.then_some((t, along + 2.0 * gap, across))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.2.total_cmp(&b.2)))
        .map(|(t, _, _)| t.clone())
}

/// How far to the side a target may lie for an arrow to reach it, per unit along: 2 is
/// about 63 degrees either side (a small control below and beside the last button is
/// Down from it; one far below the row's first card is not Left of it).
const CONE: f32 = 2.0;

/// The rectangle of `t` this frame.
pub fn rect_of(targets: &[(Target, Rect)], t: &Target) -> Option<Rect> {
    targets.iter().find(|(x, _)| x == t).map(|(_, r)| *r)
}

/// Where focus starts when an arrow is first pressed: the button Enter would press, else
/// the first target.
pub fn start(targets: &[(Target, Rect)], frame: &Frame) -> Option<Target> {
    frame
        .geometry
        .buttons
        .iter()
        .find(|b| b.primary)
        .map(of_button)
        .filter(|t| rect_of(targets, t).is_some())
        .or_else(|| targets.first().map(|(t, _)| t.clone()))
}

impl super::TableScreen {
    /// An arrow: the first shows the focus where Enter would act; the next move it.
    pub(super) fn move_focus(&mut self, dir: Dir, l: &Layout) {
        if self.focus.is_none() {
            // The frame keeps no targets while nothing is focused: work them out now.
            let targets = targets(self.stage.shown(), l, &self.frame, |a| self.allowed(a));
            self.frame.targets = targets;
        }
        let targets = &self.frame.targets;
        let next = match self.focus.as_ref().and_then(|t| rect_of(targets, t)) {
            Some(from) => step(targets, from, dir).or_else(|| self.focus.clone()),
            None => start(targets, &self.frame),
        };
        self.focus = next;
    }

    /// The focused target's rectangle this frame.
    pub(super) fn focus_rect(&self) -> Option<Rect> {
        rect_of(&self.frame.targets, self.focus.as_ref()?)
    }

    /// The middle of the focused target: where Enter clicks and the tip is read.
    pub(super) fn focus_point(&self) -> Option<Vec2> {
        self.focus_rect().map(|r| r.center())
    }

    /// After the frame changed: a focused target that is gone (its button pressed, the
    /// phase over) hands the focus to where Enter would act now.
    pub(super) fn settle_focus(&mut self) {
        if self.focus.is_some() && self.focus_rect().is_none() {
            self.focus = start(&self.frame.targets, &self.frame);
        }
    }
}

/// The keys shown on the buttons for the device last used: Enter's name moves to the
/// focused button (Enter clicks it); after a pad's button only that one is shown (a pad
/// has no number keys).
pub fn caps(mut buttons: Vec<Button>, focus: Option<&Target>) -> Vec<Button> {
    let confirm = hints::name(hints::Key::Confirm);
    let pad = hints::on_pad();
    for b in &mut buttons {
        let focused = focus.is_some_and(|t| *t == of_button(b));
        b.key = if focused {
            Some(confirm.to_string())
        } else {
            match b.key.take() {
                Some(k) if k == "Enter" && focus.is_none() => Some(confirm.to_string()),
                Some(k) if k == "Enter" || pad => None,
                k => k,
            }
        };
    }
    buttons
}

/// The focus ring: a light outline just outside the target, breathing slowly so that the
/// eye finds it.
pub fn draw_ring(r: Rect, t: f32) {
    let pulse = 0.75 + 0.25 * (t * 3.0).sin();
    let grow = 4.0;
    let ring = Rect::new(r.x - grow, r.y - grow, r.w + 2.0 * grow, r.h + 2.0 * grow);
    // Parchment, not gold: gold rings are the lesson's "do this".
    let ink = crate::ui::style::colour::PARCHMENT;
    crate::ui::style::rounded_outline(ring, 9.0, 3.0, Color::new(ink.r, ink.g, ink.b, pulse));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(i: u8) -> Target {
        Target::Slot(i)
    }

    #[test]
    fn arrows_move_to_the_nearest_target_that_way() {
        // Three cards in a row, two buttons under the middle one.
        let targets = vec![
            (t(0), Rect::new(0.0, 0.0, 100.0, 140.0)),
            (t(1), Rect::new(120.0, 0.0, 100.0, 140.0)),
            (t(2), Rect::new(240.0, 0.0, 100.0, 140.0)),
            (t(3), Rect::new(60.0, 200.0, 220.0, 40.0)),
            (t(4), Rect::new(60.0, 250.0, 220.0, 40.0)),
        ];
        let at = |i: usize| targets[i].1;
        assert_eq!(step(&targets, at(1), Dir::Right), Some(t(2)));
        assert_eq!(step(&targets, at(1), Dir::Left), Some(t(0)));
        assert_eq!(
            step(&targets, at(2), Dir::Right),
            None,
            "nothing beyond the edge"
        );
        assert_eq!(step(&targets, at(0), Dir::Down), Some(t(3)));
        assert_eq!(step(&targets, at(3), Dir::Down), Some(t(4)));
        assert_eq!(step(&targets, at(4), Dir::Up), Some(t(3)));
        // Up from the first button: the card above it, not one off to the side.
        assert_eq!(step(&targets, at(3), Dir::Up), Some(t(1)));
        // A small control far below and a little to the left is not "left" of a card.
        let mut with_control = targets.clone();
        with_control.push((t(5), Rect::new(-40.0, 420.0, 60.0, 20.0)));
        assert_eq!(step(&with_control, at(0), Dir::Left), None);
        assert_eq!(step(&with_control, at(4), Dir::Down), Some(t(5)));
    }
}
