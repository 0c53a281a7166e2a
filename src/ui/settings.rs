//! The Settings screen: one row per setting, changed with the arrow keys, Enter or a
//! click and applied at once; the row under the pointer (or the selected one) is
//! explained at the foot; a preview shows the dice and card marks in the chosen palette.

use super::Next;
use super::input::Input;
use super::screen::{ScreenFrame, Tip};
use super::style::{self, DieOwner, Fonts, colour, fade};
use crate::cards::model::StationType;
use crate::core::TermsMode;
use crate::settings::{Settings, Speed, TextSize};
use macroquad::prelude::*;

/// A row of the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    Master,
    Effects,
    Ambience,
    Mute,
    Speed,
    QuietCards,
    QuickDuels,
    ReduceMotion,
    TextSize,
    Fullscreen,
    ColourBlind,
    HighContrast,
    GuardianTerms,
    /// The designer's tools: on, Enter on the row opens the designer's desk.
    Designer,
    Back,
}

impl Row {
    pub const ALL: [Row; 15] = [
        Row::Master,
        Row::Effects,
        Row::Ambience,
        Row::Mute,
        Row::Speed,
        Row::QuietCards,
        Row::QuickDuels,
        Row::ReduceMotion,
        Row::TextSize,
        Row::Fullscreen,
        Row::ColourBlind,
        Row::HighContrast,
        Row::GuardianTerms,
        Row::Designer,
        Row::Back,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Row::Master => "Master volume",
            Row::Effects => "Effects volume",
            Row::Ambience => "Ambience volume",
            Row::Mute => "Mute (M)",
            Row::Speed => "Animation speed",
            Row::QuietCards => "Cards with nothing to decide",
            Row::QuickDuels => "Quick duels",
            Row::ReduceMotion => "Reduce motion",
            Row::TextSize => "Text size",
            Row::Fullscreen => "Full screen (F11)",
            Row::ColourBlind => "Colour-blind palette",
            Row::HighContrast => "High-contrast text",
            Row::GuardianTerms => "Guardian's terms",
            Row::Designer => "Designer tools",
            Row::Back => "Back",
        }
    }

    /// What the row does, shown while it is selected or under the pointer.
    pub fn help(self) -> &'static str {
        match self {
            Row::Master => "The loudness of everything the game plays. Left and right change it.",
            Row::Effects => "Cards, dice, blows and chimes, under the master volume.",
            Row::Ambience => {
                "The quiet bed of sound of the Domain you are in, under the master volume."
            }
            Row::Mute => "Silences all sound at once. M mutes and unmutes on any screen.",
            Row::Speed => {
                "How fast cards flip, dice roll and numbers move on the table. Instant shows every result at once."
            }
            Row::QuietCards => {
                "Go on: a card that resolves by itself (a Caesura, a Blessing) stays up long enough to read, then the run goes on; any key goes on at once; a card with no effect at all is only a line in the log. Show blanks: those are held up too. Wait: every such card stays until you press a key. A run with a Guide always waits."
            }
            Row::QuickDuels => {
                "Exchanges with nothing to decide (no Grace, no card to use) play on by themselves, stopping at a kill, a loss of 3 Health or more, or a new status. Alone only."
            }
            Row::ReduceMotion => "No shaking, sliding or tumbling: moments fade in place instead.",
            Row::TextSize => "The size of all text, on every screen.",
            Row::Fullscreen => {
                "Fills the screen. F11 switches on any screen; the window's size is remembered."
            }
            Row::ColourBlind => {
                "Dice and card types told apart by shape and pattern as well as colour."
            }
            Row::HighContrast => {
                "Dim labels, hints and unreachable places drawn bright enough to read easily."
            }
            Row::GuardianTerms => {
                "How you learn what the Guardian asks: from rumours on the road and earlier runs, all of it from the start, or only when it appears, as on paper. Applies to the next run."
            }
            Row::Designer => {
                "For card designers: the desk shows every card with its id and notes, edits and weighs them. On, Enter here opens it (or start the game with --desk)."
            }
            Row::Back => "Back to where you were (Esc). Settings are saved as you change them.",
        }
    }

    /// The value shown at the right of the row.
    pub fn value(self, s: &Settings) -> String {
        let on = |b: bool| if b { "On" } else { "Off" }.to_string();
        let pct = |v: f32| format!("{:.0}%", v * 100.0);
        match self {
            Row::Master => pct(s.master),
            Row::Effects => pct(s.effects),
            Row::Ambience => pct(s.ambience),
            Row::Mute => on(s.mute),
            Row::Speed => s.speed.label().to_string(),
            Row::QuietCards => match (s.hold_quiet_cards, s.fold_quiet_cards) {
                (true, _) => "Wait",
                (false, true) => "Go on",
                (false, false) => "Go on, show blanks",
            }
            .to_string(),
            Row::QuickDuels => on(s.quick_duels),
            Row::ReduceMotion => on(s.reduce_motion),
            Row::TextSize => s.text_size.label().to_string(),
            Row::Fullscreen => on(s.fullscreen),
            Row::ColourBlind => on(s.colour_blind),
            Row::HighContrast => on(s.high_contrast),
            Row::GuardianTerms => s.guardian_terms.label().to_string(),
            Row::Designer if s.designer_tools => "On: Enter opens the desk".to_string(),
            Row::Designer => on(false),
            Row::Back => String::new(),
        }
    }

    /// Changes the setting one step: `dir` +1 (right, Enter, click) or -1 (left).
    /// Volumes move by a tenth and stop at the ends; choices wrap round.
    pub fn step(self, s: &mut Settings, dir: i32) {
        let volume = |v: &mut f32| *v = ((*v * 10.0).round() + dir as f32).clamp(0.0, 10.0) / 10.0;
        fn cycle<T: Copy + PartialEq>(all: &[T], v: &mut T, dir: i32) {
            let i = all.iter().position(|x| x == v).unwrap_or(0) as i32;
            *v = all[(i + dir).rem_euclid(all.len() as i32) as usize];
        }
        match self {
            Row::Master => volume(&mut s.master),
            Row::Effects => volume(&mut s.effects),
            Row::Ambience => volume(&mut s.ambience),
            Row::Mute => s.mute = !s.mute,
            Row::Speed => cycle(&Speed::ALL, &mut s.speed, dir),
            Row::QuietCards => {
                // Go on (blanks folded), Go on showing blanks, Wait.
                const STEPS: [(bool, bool); 3] = [(false, true), (false, false), (true, false)];
                let now = (
                    s.hold_quiet_cards,
                    s.fold_quiet_cards && !s.hold_quiet_cards,
                );
                let i = STEPS.iter().position(|x| *x == now).unwrap_or(0) as i32;
                (s.hold_quiet_cards, s.fold_quiet_cards) =
                    STEPS[(i + dir).rem_euclid(STEPS.len() as i32) as usize];
            }
            Row::QuickDuels => s.quick_duels = !s.quick_duels,
            Row::ReduceMotion => s.reduce_motion = !s.reduce_motion,
            Row::TextSize => cycle(&TextSize::ALL, &mut s.text_size, dir),
            Row::Fullscreen => s.fullscreen = !s.fullscreen,
            Row::ColourBlind => s.colour_blind = !s.colour_blind,
            Row::HighContrast => s.high_contrast = !s.high_contrast,
            Row::GuardianTerms => cycle(&TermsMode::ALL, &mut s.guardian_terms, dir),
            Row::Designer => s.designer_tools = !s.designer_tools,
            Row::Back => {}
        }
    }
}

/// Where the Settings screen's pieces go for a window size.
#[derive(Debug, Clone, Default)]
struct SettingsGeometry {
    left: f32,
    top: f32,
    step: f32,
    row_w: f32,
    preview: Rect,
    help_y: f32,
}

impl SettingsGeometry {
    fn new(size: Vec2) -> SettingsGeometry {
        let left = (size.x * 0.07).clamp(24.0, 110.0);
        let top = (size.y * 0.2).clamp(90.0, 200.0);
        let step = ((size.y - top - 110.0) / Row::ALL.len() as f32).clamp(30.0, 54.0);
        let row_w = (size.x * 0.5).clamp(380.0, 760.0);
        let px = left + row_w + 40.0;
        SettingsGeometry {
            left,
            top,
            step,
            row_w,
            preview: Rect::new(
                px,
                top - step * 0.7,
                (size.x - px - left).clamp(0.0, 640.0),
                step * 9.0,
            ),
            help_y: top + step * Row::ALL.len() as f32 + 24.0,
        }
    }

    fn row_rect(&self, i: usize) -> Rect {
        Rect::new(
            self.left - 16.0,
            self.top + self.step * (i as f32 - 0.7),
            self.row_w,
            self.step,
        )
    }
}

/// The Settings screen's frame (see `ui::screen`): its rows as targets, each explained by
/// its own tip (shown at the foot while the row is selected or under the pointer).
type SettingsFrame = ScreenFrame<SettingsGeometry, Row>;

/// The frame for a window of `size`.
fn lay_out(size: Vec2) -> SettingsFrame {
    let mut f = ScreenFrame::new(size, SettingsGeometry::new(size));
    for (i, row) in Row::ALL.iter().enumerate() {
        let r = f.geometry.row_rect(i);
        f.targets.push((*row, r));
        f.tips.push(Tip::new(r, row.help()));
    }
    f
}

/// The Settings screen.
#[derive(Debug, Default)]
pub struct SettingsScreen {
    selected: usize,
    /// The row under the pointer, if it has moved onto one.
    hovered: Option<usize>,
    /// This frame's model (the rows' places and tips).
    frame: SettingsFrame,
}

impl SettingsScreen {
    /// Reads the input and changes `settings` at once; the caller applies and saves them.
    pub fn update(&mut self, input: &Input, settings: &mut Settings) -> Next {
        if self.frame.size != input.size {
            self.frame = lay_out(input.size);
        }
        self.handle(input, settings)
    }

    /// [`SettingsScreen::update`] against the frame drawn (its rows never move).
    fn handle(&mut self, input: &Input, settings: &mut Settings) -> Next {
        let n = Row::ALL.len();
        if input.back {
            return Next::Back;
        }
        if input.up {
            self.selected = (self.selected + n - 1) % n;
        }
        if input.down {
            self.selected = (self.selected + 1) % n;
        }
        let under = self
            .frame
            .at(input.mouse)
            .and_then(|row| Row::ALL.iter().position(|r| r == row));
        if input.mouse_moved || input.click {
            self.hovered = under;
            if let Some(i) = under {
                self.selected = i;
            }
        }
        let row = Row::ALL[self.selected];
        if input.left {
            row.step(settings, -1);
        }
        if input.right {
            row.step(settings, 1);
        }
        if input.activate || (input.click && under.is_some()) {
            if row == Row::Back {
                return Next::Back;
            }
            if row == Row::Designer && settings.designer_tools {
                return Next::Desk;
            }
            row.step(settings, 1);
        }
        Next::Stay
    }

    pub fn draw(&self, fonts: &Fonts, size: Vec2, settings: &Settings) {
        let frame = self.frame.for_size(size, || lay_out(size));
        let l = &frame.geometry;
        style::text(
            "Settings",
            l.left,
            l.top - l.step * 1.4,
            &fonts.serif,
            44,
            colour::PARCHMENT,
        );
        let text_size = (l.step * 0.5).round() as u16;
        for (i, (row, r)) in frame.targets.iter().enumerate() {
            let r = *r;
            let selected = i == self.selected;
            if selected {
                style::card(
                    r,
                    6.0,
                    1.0,
                    fade(colour::TILE, 0.9),
                    fade(colour::GOLD, 0.7),
                );
                style::diamond(vec2(r.x + 8.0, r.center().y), 4.0, colour::GOLD);
            }
            let baseline = r.y + r.h * 0.68;
            let color = if selected { WHITE } else { colour::PARCHMENT };
            style::text(
                row.label(),
                l.left + 6.0,
                baseline,
                &fonts.serif,
                text_size,
                color,
            );
            let value = row.value(settings);
            // Placed from the widest value, so that the bar stays put as it changes.
            let value_w = style::width("‹ 100% ›", &fonts.serif, text_size);
            if let Some(v) = volume(*row, settings) {
                let bar_w = l.step * 2.6;
                let x = r.right() - 10.0 - value_w - 14.0 - bar_w;
                draw_bar(Rect::new(x, r.center().y - 4.0, bar_w, 8.0), v);
            }
            let shown = match row {
                Row::Back => value,
                _ => format!("‹ {value} ›"),
            };
            style::text_right(
                &shown,
                r.right() - 10.0,
                baseline,
                &fonts.serif,
                text_size,
                colour::GOLD,
            );
        }
        let shown = Row::ALL[self.hovered.unwrap_or(self.selected)];
        let help = frame.tip_of(&shown).unwrap_or_default();
        let width = size.x - 2.0 * l.left;
        let help_size = (l.step * 0.45).round().max(20.0) as u16;
        let lines = style::wrap(&help, width, |s| style::width(s, &fonts.italic, help_size));
        let line_h = f32::from(style::scaled(help_size)) * 1.3;
        for (k, line) in lines.iter().enumerate() {
            let y = l.help_y + k as f32 * line_h;
            style::text(
                line,
                l.left,
                y,
                &fonts.italic,
                help_size,
                fade(colour::PARCHMENT, 0.9),
            );
        }
        use super::hints::{Key, Part, line};
        let keys = line(&[
            Part::Key(Key::Move, "choose"),
            Part::Key(Key::Change, "change"),
            Part::Key(Key::Back, "back"),
        ]);
        style::text(
            &keys,
            l.left,
            size.y - 18.0,
            &fonts.italic,
            16,
            style::dim(),
        );
        if l.preview.w >= 180.0 {
            draw_preview(l.preview, fonts, (l.step * 0.4).round() as u16);
        }
    }
}

/// The level of a volume row.
fn volume(row: Row, s: &Settings) -> Option<f32> {
    match row {
        Row::Master => Some(s.master),
        Row::Effects => Some(s.effects),
        Row::Ambience => Some(s.ambience),
        _ => None,
    }
}

fn draw_bar(r: Rect, v: f32) {
    draw_rectangle(r.x, r.y, r.w, r.h, fade(colour::DIM, 0.35));
    draw_rectangle(r.x, r.y, r.w * v.clamp(0.0, 1.0), r.h, colour::GOLD);
}

/// The dice and the card types as the table draws them with these settings, and a dim
/// label, so that a change can be judged at once.
fn draw_preview(r: Rect, fonts: &Fonts, size: u16) {
    style::card(r, 8.0, 1.0, colour::TILE, fade(colour::GOLD, 0.4));
    let pad = 16.0;
    let line = f32::from(style::scaled(size));
    let mut y = r.y + pad + line;
    style::text("Preview", r.x + pad, y, &fonts.italic, size, colour::GOLD);
    let die = (r.w * 0.16).min(line * 2.6);
    y += 14.0;
    style::draw_die_face(
        Rect::new(r.x + pad, y, die, die),
        Some(5),
        DieOwner::Traveller,
        0.0,
    );
    style::draw_die_face(
        Rect::new(r.x + pad * 2.0 + die, y, die, die),
        Some(2),
        DieOwner::Foe,
        0.0,
    );
    let lx = r.x + pad * 3.0 + die * 2.0;
    style::text(
        "your die",
        lx,
        y + die * 0.4,
        &fonts.serif,
        size,
        colour::PARCHMENT,
    );
    style::text(
        "the foe's die",
        lx,
        y + die * 0.9,
        &fonts.serif,
        size,
        colour::PARCHMENT,
    );
    y += die + 14.0;
    let cols = 2;
    let cell_w = (r.w - pad * 2.0) / cols as f32;
    let cell_h = ((r.bottom() - y - pad - line * 1.6) / 5.0).max(16.0);
    let cb = style::look().colour_blind;
    for (k, t) in StationType::ALL.iter().enumerate() {
        let x = r.x + pad + (k % cols) as f32 * cell_w;
        let cy = y + (k / cols) as f32 * cell_h;
        let c = super::cardface::type_colour(*t);
        let m = (cell_h * 0.8).min(line * 1.2);
        if cb {
            style::draw_mark(style::card_mark(*t), Rect::new(x, cy, m, m), c);
        } else {
            draw_rectangle(x, cy + m * 0.2, m * 0.6, m * 0.6, c);
        }
        let name = super::cardface::type_name(*t);
        style::text(name, x + m + 10.0, cy + m * 0.8, &fonts.serif, size, c);
    }
    style::text(
        "an unreachable place",
        r.x + pad,
        r.bottom() - pad,
        &fonts.italic,
        size,
        style::dim(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volumes_step_by_tenths_and_stop_at_the_ends() {
        let mut s = Settings {
            master: 0.95,
            ..Settings::default()
        };
        Row::Master.step(&mut s, 1);
        assert_eq!(s.master, 1.0);
        Row::Master.step(&mut s, 1);
        assert_eq!(s.master, 1.0);
        for _ in 0..12 {
            Row::Master.step(&mut s, -1);
        }
        assert_eq!(s.master, 0.0);
    }

    #[test]
    fn choices_wrap_and_toggles_flip() {
        let mut s = Settings::default();
        Row::Speed.step(&mut s, -1);
        assert_eq!(s.speed, Speed::Slow);
        Row::Speed.step(&mut s, -1);
        assert_eq!(s.speed, Speed::Instant);
        Row::TextSize.step(&mut s, 1);
        assert_eq!(s.text_size, TextSize::Large);
        Row::Mute.step(&mut s, 1);
        assert!(s.mute);
        assert_eq!(Row::Mute.value(&s), "On");
    }

    #[test]
    fn every_setting_is_reachable_by_keyboard() {
        let mut screen = SettingsScreen::default();
        let mut s = Settings::default();
        let size = vec2(1024.0, 640.0);
        let key = |f: fn(&mut Input)| {
            let mut i = Input {
                size,
                ..Input::default()
            };
            f(&mut i);
            i
        };
        // Down through every row, pressing Left on each: every setting changes.
        for _ in 0..Row::ALL.len() - 1 {
            assert_eq!(screen.update(&key(|i| i.left = true), &mut s), Next::Stay);
            screen.update(&key(|i| i.down = true), &mut s);
        }
        let d = Settings::default();
        assert_ne!(s.master, d.master);
        assert_ne!(s.effects, d.effects);
        assert_ne!(s.ambience, d.ambience);
        assert_ne!(s.mute, d.mute);
        assert_ne!(s.speed, d.speed);
        assert_ne!(s.hold_quiet_cards, d.hold_quiet_cards);
        assert_ne!(s.quick_duels, d.quick_duels);
        assert_ne!(s.reduce_motion, d.reduce_motion);
        assert_ne!(s.text_size, d.text_size);
        assert_ne!(s.fullscreen, d.fullscreen);
        assert_ne!(s.colour_blind, d.colour_blind);
        assert_ne!(s.high_contrast, d.high_contrast);
        assert_ne!(s.designer_tools, d.designer_tools);
        // The designer's row, on, opens the desk with Enter.
        screen.update(&key(|i| i.up = true), &mut s);
        assert_eq!(
            screen.update(&key(|i| i.activate = true), &mut s),
            Next::Desk
        );
        screen.update(&key(|i| i.down = true), &mut s);
        // The last row is Back; Esc also goes back.
        assert_eq!(
            screen.update(&key(|i| i.activate = true), &mut s),
            Next::Back
        );
        assert_eq!(screen.update(&key(|i| i.back = true), &mut s), Next::Back);
    }
}
