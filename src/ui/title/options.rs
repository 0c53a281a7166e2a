//! New run's options step (H on New run): the house rules of the next run, each off unless
//! turned on (docs/RULES.md "House rules"). The last choice is remembered in the settings;
//! Today's journey keeps fixed options (none).

use crate::core::house::{HouseRules, Price, Rule};
use crate::ui::input::{Input, Intent, Press};
use crate::ui::style::{self, Fonts, colour, fade};
use macroquad::prelude::*;

/// Text sizes of the panel.
const TITLE_SIZE: u16 = 28;
const BODY_SIZE: u16 = 20;
const SMALL_SIZE: u16 = 16;

/// The prices a paid peek cycles through with ←/→ (the default first).
pub const PEEK_PRICES: [Price; 5] = [
    Price::Resolve(1),
    Price::Resolve(2),
    Price::Health(1),
    Price::Health(2),
    Price::Resolve(0),
];

/// The options step over the title.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionsStep {
    pub rules: HouseRules,
    pub selected: usize,
}

/// What the step asks for after a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Stay,
    /// Enter: start the run with these rules.
    Start,
    /// Esc: back to the title (the choice is kept).
    Back,
}

impl OptionsStep {
    pub fn new(rules: HouseRules) -> OptionsStep {
        OptionsStep { rules, selected: 0 }
    }

    /// Up/Down choose a rule, Space turns it on or off, ←/→ change the peek's price,
    /// Enter starts the run, Esc goes back.
    pub fn update(&mut self, input: &Input) -> Step {
        for p in &input.presses {
            let Press::Key(k) = p else { continue };
            match k {
                KeyCode::Enter | KeyCode::KpEnter => return Step::Start,
                KeyCode::Space => self.toggle(),
                k => match Intent::of_key(*k) {
                    Some(Intent::Back) => return Step::Back,
                    Some(Intent::Up) => self.selected = self.selected.saturating_sub(1),
                    Some(Intent::Down) => {
                        self.selected = (self.selected + 1).min(Rule::ALL.len() - 1)
                    }
                    Some(Intent::Left) => self.price(-1),
                    Some(Intent::Right) => self.price(1),
                    _ => {}
                },
            }
        }
        Step::Stay
    }

    fn toggle(&mut self) {
        if let Some(rule) = Rule::ALL.get(self.selected) {
            self.rules = self.rules.toggled(*rule);
        }
    }

    fn price(&mut self, by: isize) {
        if Rule::ALL.get(self.selected) != Some(&Rule::PaidPeek) {
            return;
        }
        let n = PEEK_PRICES.len() as isize;
        let at = self
            .rules
            .paid_peek
            .and_then(|p| PEEK_PRICES.iter().position(|q| *q == p))
            .map_or(0, |i| (i as isize + by).rem_euclid(n));
        self.rules.paid_peek = Some(PEEK_PRICES[at as usize]);
    }

    /// A panel in the middle of the title.
    pub fn draw(&self, fonts: &Fonts, size: Vec2) {
        draw_rectangle(0.0, 0.0, size.x, size.y, fade(BLACK, 0.55));
        let w = (size.x * 0.6).clamp(420.0, 760.0);
        let h = 320.0;
        let r = Rect::new((size.x - w) / 2.0, (size.y - h) / 2.0, w, h);
        style::card(r, 12.0, 2.0, colour::TILE, colour::GOLD);
        style::text(
            "New run: house rules",
            r.x + 24.0,
            r.y + 40.0,
            &fonts.serif,
            TITLE_SIZE,
            colour::GOLD,
        );
        let mut y = r.y + 80.0;
        for (i, rule) in Rule::ALL.iter().enumerate() {
            let on = self.rules.has(*rule);
            let state = match (rule, self.rules.paid_peek) {
                (Rule::PaidPeek, Some(p)) => format!("on, {} a peek  (←→ price)", p.words()),
                _ if on => "on".to_string(),
                _ => "off (the rules as ruled)".to_string(),
            };
            let colour = if i == self.selected {
                colour::GOLD
            } else {
                colour::PARCHMENT
            };
            if i == self.selected {
                style::diamond(vec2(r.x + 20.0, y - 6.0), 5.0, colour::GOLD);
            }
            let line = format!("{}: {state}", rule.name());
            style::text(&line, r.x + 32.0, y, &fonts.serif, BODY_SIZE, colour);
            let lines = style::wrap(rule.summary(), r.w - 76.0, |x| {
                style::width(x, &fonts.italic, SMALL_SIZE)
            });
            for (n, l) in lines.iter().take(2).enumerate() {
                style::text(
                    l,
                    r.x + 44.0,
                    y + 22.0 + n as f32 * 19.0,
                    &fonts.italic,
                    SMALL_SIZE,
                    fade(colour::PARCHMENT, 0.8),
                );
            }
            y += 78.0;
        }
        style::text_centred(
            "↑↓ choose  ·  Space on/off  ·  Enter start the run  ·  Esc back",
            r.center().x,
            r.bottom() - 24.0,
            &fonts.italic,
            SMALL_SIZE,
            fade(colour::PARCHMENT, 0.85),
        );
    }
}
