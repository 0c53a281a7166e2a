//! The title screen: the game's name, the Domain map of the loaded card set, the menu and
//! a footer describing the cards in play.

use super::Next;
use super::input::{Input, Intent};
use super::map::{self, MapModel};
use super::style::{self, Fonts, colour, fade};
use crate::cards::CardSet;
use crate::cards::validate::Report;
use crate::core::DiceMode;
use crate::store::SaveInfo;
pub use geometry::{TitleFrame, TitleGeometry, TitleTarget};
pub use journey::Journey;
use journey::Typed;
use macroquad::prelude::*;

/// A menu entry; only the available ones do anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    Continue,
    NewRun,
    /// A new run for two: a traveller and a Guide at one screen.
    GuideRun,
    /// Today's journey: the seed of the day, the same for everyone on a date.
    Today,
    /// The guided first run ("Learn to play").
    Lesson,
    Load,
    Statistics,
    Gallery,
    Rules,
    Settings,
    Quit,
}

impl Item {
    /// The player's menu: the designer's desk is not on it (it opens with `--desk`, or
    /// from Settings once its "Designer tools" switch is on).
    pub const ALL: [Item; 11] = [
        Item::Continue,
        Item::NewRun,
        Item::GuideRun,
        Item::Today,
        Item::Lesson,
        Item::Load,
        Item::Statistics,
        Item::Gallery,
        Item::Rules,
        Item::Settings,
        Item::Quit,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Item::Continue => "Continue",
            Item::NewRun => "New run",
            Item::GuideRun => "New run with a Guide",
            Item::Today => "Today's journey",
            Item::Lesson => "Learn to play",
            Item::Load => "Load",
            Item::Statistics => "Statistics",
            Item::Gallery => "Card gallery",
            Item::Rules => "Rules",
            Item::Settings => "Settings",
            Item::Quit => "Quit",
        }
    }

    /// Whether this build has the screen behind the entry (Continue also needs a run
    /// in progress: see [`TitleScreen::enabled`]).
    pub fn available(self) -> bool {
        matches!(
            self,
            Item::Continue
                | Item::NewRun
                | Item::GuideRun
                | Item::Today
                | Item::Lesson
                | Item::Load
                | Item::Statistics
                | Item::Gallery
                | Item::Rules
                | Item::Settings
                | Item::Quit
        )
    }

    fn index(self) -> usize {
        Item::ALL.iter().position(|i| *i == self).unwrap_or(0)
    }
}

/// Said of every entry not built yet.
pub const NOT_YET: &str = "coming in a later build";
/// Said of Continue when there is nothing to continue.
pub const NO_RUN: &str = "no run in progress in the saves";

/// The smallest size of the notes beside the entries (the seed, the dice, the run to
/// continue), in window pixels at the title's scale.
const NOTE_MIN: u16 = 13;

/// Seconds the title does not take Enter after a run's end led back to it.
pub const AFTER_RUN_CALM: f32 = 0.8;

/// Whether a press is Enter (or the keypad's, or Space: the keys that choose).
fn is_enter(p: &crate::ui::input::Press) -> bool {
    matches!(
        p,
        crate::ui::input::Press::Key(KeyCode::Enter | KeyCode::KpEnter | KeyCode::Space)
    )
}

/// The tagline under the title, with the set's own count of Domains.
fn subtitle(domains: usize) -> String {
    const WORDS: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    let n = WORDS
        .get(domains)
        .map_or(domains.to_string(), |w| w.to_string());
    let noun = if domains == 1 { "Domain" } else { "Domains" };
    format!("A lone traveller crosses {n} {noun} toward the Guardian.")
}

pub struct TitleScreen {
    map: MapModel,
    /// "9 domains, 162 station cards".
    summary: String,
    /// The tagline, with the set's count of Domains.
    subtitle: String,
    /// Warnings of the load, one display line each.
    warnings: Vec<String>,
    selected: usize,
    hovered_tile: Option<usize>,
    /// This frame's model: the pieces' places, the targets, the tips (see `ui::screen`).
    frame: TitleFrame,
    /// The pointer has moved (or clicked) since the screen opened: only then does it
    /// hover things (a resting pointer in the middle of the map would light a tile up).
    pointer_live: bool,
    /// Frames left of a small shake after choosing an entry that is not there yet.
    refused: u32,
    /// Digits typed for the next run's seed (empty: a random seed).
    seed: String,
    /// Dice dealt from a deck for the next new run (←/→ on a New run entry toggles it).
    dice_deck: bool,
    /// The next run with a Guide serves the Guide's screen from its start (S on that
    /// entry toggles it).
    guide_screen: bool,
    /// The newest save of a run in progress (what Continue resumes).
    resume: Option<SaveInfo>,
    /// Opened just after a run ended: until then Enter is not taken, so that a key
    /// pressed through the ending does not start a run ([`TitleScreen::after_run`]).
    calm_until: Option<std::time::Instant>,
    /// Which card set is in play (`built-in cards`, `cards from DIR`).
    source: String,
    /// Quit was chosen (or Esc pressed): Enter quits, anything else stays.
    confirm_quit: bool,
    /// The lesson is offered (the first start): Enter starts it, anything else declines.
    offer: bool,
    /// Today's journey (the entry's date, how today's attempt went, a run in progress).
    journey: Journey,
    /// The card set's fingerprint: a run code must name this set.
    fingerprint: String,
    /// Why the seed box's text cannot start a run (a bad or foreign run code), shown
    /// beside New run until the box is edited.
    refusal: Option<String>,
    /// The seed in the box came from a run code.
    from_code: bool,
    /// The house rules of the next new run (the last choice, from the settings).
    rules: crate::core::HouseRules,
    /// New run's options step, while open (H on New run).
    options: Option<options::OptionsStep>,
}

impl TitleScreen {
    /// The title screen; `resume` is the run Continue resumes, if any.
    pub fn new(set: &CardSet, report: &Report, resume: Option<SaveInfo>) -> TitleScreen {
        let domains = set.domains.len();
        let cards = set.cards.len();
        TitleScreen {
            map: MapModel::from_set(set),
            subtitle: subtitle(domains),
            summary: format!(
                "{domains} {}, {cards} station {}",
                if domains == 1 { "domain" } else { "domains" },
                if cards == 1 { "card" } else { "cards" },
            ),
            warnings: report.warnings.iter().map(|w| w.to_string()).collect(),
            selected: if resume.is_some() {
                Item::Continue.index()
            } else {
                Item::NewRun.index()
            },
            hovered_tile: None,
            frame: TitleFrame::default(),
            pointer_live: false,
            refused: 0,
            seed: String::new(),
            dice_deck: false,
            guide_screen: false,
            resume,
            calm_until: None,
            source: String::new(),
            confirm_quit: false,
            offer: false,
            journey: Journey::default(),
            fingerprint: set.files().hash(),
            refusal: None,
            from_code: false,
            // The rules the set is designed for (checked by the validator) are the default.
            rules: crate::core::HouseRules::parse_all(&set.traveller.house_rules)
                .unwrap_or_default(),
            options: None,
        }
    }

    /// The house rules the next new run gets (the last choice; `--rule`).
    pub fn with_rules(&mut self, rules: crate::core::HouseRules) {
        self.rules = rules;
    }

    /// Offers the lesson over the title (the first start, docs/UI.md "Learn to play").
    pub fn offer_lesson(&mut self) {
        self.offer = true;
    }

    /// Whether a seed is being typed (a text field has focus: letter keys such as M,
    /// mute, stay off while it does).
    pub fn typing(&self) -> bool {
        !self.seed.is_empty()
    }

    /// The title as a run's end leads back to it: Enter (or Space) is not taken for
    /// [`AFTER_RUN_CALM`] seconds, or until another key is pressed.
    pub fn after_run(mut self) -> TitleScreen {
        self.calm_until =
            Some(std::time::Instant::now() + std::time::Duration::from_secs_f32(AFTER_RUN_CALM));
        self
    }

    /// Whether Enter is not taken now (see [`TitleScreen::after_run`]).
    pub fn deaf(&self) -> bool {
        self.calm_until
            .is_some_and(|until| std::time::Instant::now() < until)
    }

    /// Names the card set in play in the footer.
    pub fn from(mut self, source: &crate::cards::CardSource) -> TitleScreen {
        self.source = source.to_string();
        self
    }

    /// Whether choosing the entry does something now.
    pub fn enabled(&self, item: Item) -> bool {
        item.available() && (item != Item::Continue || self.resume.is_some())
    }

    /// One frame: the input read against the frame drawn last, then this frame's model
    /// laid out for the draw.
    pub fn update(&mut self, input: &Input) -> Next {
        if self.frame.size != input.size {
            self.frame = self.lay_out(input.size);
        }
        let next = self.handle(input);
        self.frame = self.lay_out(input.size);
        next
    }

    fn handle(&mut self, input: &Input) -> Next {
        self.refused = self.refused.saturating_sub(1);
        if self.deaf() {
            if input.activate || input.presses.iter().any(is_enter) {
                return Next::Stay;
            }
            // A key other than Enter (an arrow, Esc for the quit question) is the player
            // acting on the title on purpose: from then on Enter means what it says.
            if input.any_press() {
                self.calm_until = None;
            }
        }
        if self.offer {
            if input.activate {
                self.offer = false;
                return Next::Lesson;
            }
            // Anything else declines; the entry stays on the title.
            self.offer = !input.any_press();
            return Next::Stay;
        }
        if self.confirm_quit {
            if input.activate {
                return Next::Quit;
            }
            // Anything else keeps the game open.
            self.confirm_quit = !input.any_press();
            return Next::Stay;
        }
        if let Some(step) = self.options.as_mut() {
            match step.update(input) {
                options::Step::Stay => return Next::Stay,
                options::Step::Back => {
                    self.rules = step.rules;
                    self.options = None;
                    return Next::Stay;
                }
                options::Step::Start => {
                    self.rules = step.rules;
                    self.options = None;
                    return self.choose();
                }
            }
        }
        if input.reload {
            return Next::Reload;
        }
        let n = Item::ALL.len();
        if input
            .chords
            .iter()
            .any(|c| c.ctrl && c.key == macroquad::prelude::KeyCode::V)
        {
            match super::clipboard::paste() {
                Ok(text) => self.paste(&text),
                Err(e) => self.refusal = Some(e),
            }
        }
        // Every press of the frame, in order (see `journey::typed`).
        for typed in journey::typed(input) {
            let on_new_run = matches!(Item::ALL[self.selected], Item::NewRun | Item::GuideRun);
            let intent = match typed {
                Typed::Char(c) => {
                    self.type_char(c);
                    continue;
                }
                Typed::Intent(i) => i,
            };
            match intent {
                Intent::Back => {
                    self.confirm_quit = true;
                    return Next::Stay;
                }
                Intent::Backspace => self.erase(),
                Intent::Left | Intent::Right if on_new_run => self.dice_deck = !self.dice_deck,
                // No wrapping: Up from Continue must not land on Quit.
                Intent::Up => self.selected = self.selected.saturating_sub(1),
                Intent::Down => self.selected = (self.selected + 1).min(n - 1),
                Intent::Activate => return self.choose(),
                _ => {}
            }
        }
        let under_pointer = self.item_at(input.mouse);
        if let Some(i) = under_pointer
            && (input.mouse_moved || input.click)
        {
            self.selected = i;
        }
        self.pointer_live |= input.mouse_moved || input.click;
        self.hovered_tile = if self.pointer_live {
            self.domain_at(input.mouse)
        } else {
            None
        };

        if input.click && under_pointer.is_some() {
            return self.choose();
        }
        Next::Stay
    }

    /// Chooses the selected entry (Enter, or a click on it).
    fn choose(&mut self) -> Next {
        let item = Item::ALL[self.selected];
        if self.enabled(item) {
            return match item {
                Item::Quit => {
                    self.confirm_quit = true;
                    Next::Stay
                }
                Item::NewRun | Item::GuideRun => match self.seed_for_run() {
                    Ok(seed) => Next::NewRun {
                        seed,
                        guide: item == Item::GuideRun,
                        dice: self.dice_mode(),
                        rules: self.rules,
                        guide_screen: item == Item::GuideRun && self.guide_screen,
                    },
                    Err(()) => {
                        self.refused = 18;
                        Next::Stay
                    }
                },
                Item::Today => self.journey.next(),
                Item::Lesson => Next::Lesson,
                Item::Continue => self
                    .resume
                    .as_ref()
                    .map_or(Next::Stay, |r| Next::Open(r.path.clone())),
                Item::Load => Next::LoadList,
                Item::Statistics => Next::Statistics,
                Item::Rules => Next::Rules,
                Item::Gallery => Next::Gallery,
                Item::Settings => Next::Settings,
            };
        }
        self.refused = 18;
        Next::Stay
    }

    /// The dice mode the next new run gets.
    pub fn dice_mode(&self) -> DiceMode {
        if self.dice_deck {
            DiceMode::Deck
        } else {
            DiceMode::Rolled
        }
    }

    pub fn draw(&self, fonts: &Fonts, size: Vec2, t: f32) {
        let frame = self.frame.for_size(size, || self.lay_out(size));
        let l = &frame.geometry;
        self.draw_title(fonts, l);
        map::draw(&self.map, &l.tiles, fonts, self.hovered_tile, t);
        self.draw_menu(fonts, &frame);
        if let Some(why) = &self.refusal {
            // Over the entries under New run, until the box is edited.
            let baseline = l.menu_y + Item::NewRun.index() as f32 * l.menu_step;
            refusal(why, l.left, baseline + l.menu_step * 0.3, fonts);
        }
        self.draw_warnings(fonts, l);
        self.draw_footer(fonts, l, size);
        if self.confirm_quit {
            draw_quit_question(fonts, size);
        }
        if self.offer {
            draw_offer(fonts, size);
        }
        if let Some(step) = &self.options {
            step.draw(fonts, size);
        }
    }

    /// The next run's house rules in a word or two: `none`, `peek 1R`, `peek 2H, six`.
    fn rules_short(&self) -> String {
        let mut out = Vec::new();
        match self.rules.paid_peek {
            Some(crate::core::Price::Resolve(n)) => out.push(format!("peek {n}R")),
            Some(crate::core::Price::Health(n)) => out.push(format!("peek {n}H")),
            None => {}
        }
        if self.rules.hit_on_six {
            out.push("six".to_string());
        }
        if out.is_empty() {
            "none".to_string()
        } else {
            out.join(", ")
        }
    }

    /// The entry the cursor is on (kept while another screen is open: Esc from it comes
    /// back to the same entry).
    pub fn cursor(&self) -> Item {
        Item::ALL[self.selected]
    }

    /// Puts the cursor on `item`, if choosing it does something now (a Continue whose run
    /// was deleted on the Load screen leaves the cursor where the title put it).
    pub fn set_cursor(&mut self, item: Item) {
        if self.enabled(item) {
            self.selected = item.index();
        }
    }

    /// Opens New run's options step (H on New run; `--open options`).
    pub fn open_options(&mut self) {
        self.selected = Item::NewRun.index();
        self.options = Some(options::OptionsStep::new(self.rules));
    }

    fn draw_title(&self, fonts: &Fonts, l: &TitleGeometry) {
        let name = "FORWARD";
        let size = style::fit_size(name, &fonts.serif, 124, 48, l.column_w * 0.8);
        let spacing = size as f32 * 0.09;
        // A warm haze behind the letters, then the letters themselves.
        for (dx, dy, a) in [(0.0, 3.0, 0.35), (-1.5, 0.0, 0.08), (1.5, 0.0, 0.08)] {
            spaced(
                name,
                l.left + dx,
                l.title_y + dy,
                spacing,
                &fonts.serif,
                size,
                fade(if dy > 0.0 { BLACK } else { colour::GOLD }, a),
            );
        }
        let title_w = spaced(
            name,
            l.left,
            l.title_y,
            spacing,
            &fonts.serif,
            size,
            colour::PARCHMENT,
        );

        let sub = style::fit_size(&self.subtitle, &fonts.italic, 28, 14, l.column_w);
        style::text(
            &self.subtitle,
            l.left + 2.0,
            l.subtitle_y,
            &fonts.italic,
            sub,
            fade(colour::GOLD, 0.95),
        );

        // A rule with a small diamond, the map's shape in miniature.
        let rule_w = title_w.max(120.0);
        let y = l.rule_y;
        let mid = l.left + rule_w / 2.0;
        draw_line(l.left, y, mid - 16.0, y, 1.0, fade(colour::GOLD, 0.55));
        draw_line(
            mid + 16.0,
            y,
            l.left + rule_w,
            y,
            1.0,
            fade(colour::GOLD, 0.55),
        );
        style::diamond(vec2(mid, y), 5.0, fade(colour::GOLD, 0.8));
    }

    fn draw_menu(&self, fonts: &Fonts, frame: &TitleFrame) {
        let l = &frame.geometry;
        let size = (l.menu_step * 0.64).round() as u16;
        // The notes beside Continue and New run: a little over half the entry's size (ten
        // entries since Learn to play joined make the rows smaller).
        // Never under 13: the italic's small x-height reads poorly at the 11 px floor.
        let note_size = style::readable(((size as f32 * 0.66) as u16 + 1).max(NOTE_MIN));
        for (i, item) in Item::ALL.iter().enumerate() {
            let baseline = l.menu_y + i as f32 * l.menu_step;
            let selected = i == self.selected;
            let shake = if selected && self.refused > 0 {
                ((self.refused as f32) * 1.9).sin() * 4.0
            } else {
                0.0
            };
            let x = l.left + shake;
            let enabled = self.enabled(*item);
            let color = match (enabled, selected) {
                (true, true) => WHITE,
                (true, false) => fade(colour::PARCHMENT, 0.85),
                (false, true) => style::mix(style::dim(), colour::PARCHMENT, 0.25),
                (false, false) => style::dim(),
            };
            if selected {
                let marker = if enabled { colour::GOLD } else { style::dim() };
                style::diamond(
                    vec2(l.left - 20.0, baseline - size as f32 * 0.3),
                    5.0,
                    marker,
                );
            }
            let w = style::text(item.label(), x, baseline, &fonts.serif, size, color);
            if matches!(*item, Item::NewRun | Item::GuideRun) {
                // Short enough to end before the map at 1024 px (digits for a seed are in
                // the footer's hints).
                let what = match (self.code_typed(), self.from_code) {
                    (true, _) => "code",
                    (false, true) => "seed from a code:",
                    (false, false) => "seed",
                };
                let seed = match (*item, self.seed.is_empty()) {
                    (Item::GuideRun, true) => "two players".to_string(),
                    (Item::GuideRun, false) => format!("two players · {what} {}_", self.seed),
                    (_, true) => "random seed".to_string(),
                    (_, false) => format!("{what} {}_", self.seed),
                };
                let dice = if self.dice_deck {
                    "dice from a deck (←→)"
                } else {
                    "dice rolled (←→)"
                };
                let full = match *item {
                    Item::GuideRun if self.guide_screen => {
                        format!("{seed} · {dice} · phone: on (S)")
                    }
                    Item::GuideRun => format!("{seed} · {dice} · phone: off (S)"),
                    _ => format!("{seed} · {dice} · rules: {} (H)", self.rules_short()),
                };
                // The note ends before the map: a long seed leaves the dice's words out
                // (←→ still switches them), then the note steps down a size or two.
                let at = x + w + 18.0;
                let room = l.map.x - 16.0 - at;
                let width = |t: &str, z: u16| style::width(t, &fonts.italic, z);
                let note = if width(&full, note_size) <= room {
                    full
                } else {
                    seed
                };
                let z = style::fit_size(
                    &note,
                    &fonts.italic,
                    note_size,
                    style::readable(note_size.saturating_sub(3).max(12)),
                    room,
                );
                style::text(
                    &note,
                    at,
                    baseline,
                    &fonts.italic,
                    z,
                    fade(colour::GOLD, 0.8),
                );
            }
            let room = l.map.x - 16.0 - (x + w + 18.0);
            if *item == Item::Today {
                style::text(
                    &fitted(&self.journey.note(), room, |t| {
                        style::width(t, &fonts.italic, note_size)
                    }),
                    x + w + 18.0,
                    baseline,
                    &fonts.italic,
                    note_size,
                    fade(colour::GOLD, 0.8),
                );
            }
            if *item == Item::Continue
                && let Some(r) = &self.resume
            {
                let s = &r.summary;
                // A run with a Guide in progress keeps its seed out of sight (docs/UI.md).
                let seed = if r.seed_hidden() {
                    "with a Guide".to_string()
                } else {
                    format!("seed {}", r.seed)
                };
                let note = format!(
                    "{} · Health {} of {} · {seed}",
                    s.domain_name, s.health, s.max_health
                );
                style::text(
                    &fitted(&note, room, |t| style::width(t, &fonts.italic, note_size)),
                    x + w + 18.0,
                    baseline,
                    &fonts.italic,
                    note_size,
                    fade(colour::GOLD, 0.8),
                );
            }
            if selected && let Some(why) = frame.tip_of(&TitleTarget::Item(i)) {
                tooltip(&why, x + w + 18.0, baseline, fonts);
            }
        }
    }

    fn draw_warnings(&self, fonts: &Fonts, l: &TitleGeometry) {
        if self.warnings.is_empty() {
            return;
        }
        let n = self.warnings.len();
        let y = l.notes_y;
        // Lines of 18 px between the heading and the footer's rule (24 px over its text):
        // as many warnings as fit, then a line saying how many are left.
        let span = l.footer_y - 24.0 - 6.0 - (y + 22.0);
        let room = if span < 0.0 {
            0
        } else {
            (span / 18.0) as usize + 1
        };
        let shown = if n <= room.min(2) {
            n
        } else {
            room.min(3).saturating_sub(1)
        };
        let more = n - shown;
        let head = match (n, more > 0 && room == 0) {
            (1, false) => "1 warning in the card files".to_string(),
            (_, false) => format!("{n} warnings in the card files"),
            (_, true) => format!("{n} warnings in the card files: run `forward validate`"),
        };
        style::diamond(vec2(l.left - 20.0, y - 5.0), 4.0, colour::WARNING);
        style::text(&head, l.left, y, &fonts.serif, 19, colour::WARNING);
        let max_w = l.column_w - 10.0;
        for (k, w) in self.warnings.iter().take(shown).enumerate() {
            let line = style::ellipsize(w, max_w, |s| style::width(s, &fonts.mono, 13));
            let yk = y + 22.0 + k as f32 * 18.0;
            style::text(
                &line,
                l.left,
                yk,
                &fonts.mono,
                13,
                fade(colour::WARNING, 0.8),
            );
        }
        if more > 0 && room > 0 {
            let yk = y + 22.0 + shown as f32 * 18.0;
            let more = if shown == 0 {
                "run `forward validate` to see them".to_string()
            } else {
                format!("and {more} more: run `forward validate` for all")
            };
            style::text(
                &more,
                l.left,
                yk,
                &fonts.italic,
                16,
                fade(colour::WARNING, 0.7),
            );
        }
    }

    fn draw_footer(&self, fonts: &Fonts, l: &TitleGeometry, size: Vec2) {
        let y = l.footer_y;
        draw_line(
            l.left,
            y - 24.0,
            size.x - l.left,
            y - 24.0,
            1.0,
            fade(colour::GOLD, 0.18),
        );
        // The files in play and F5 are the designer's words (docs/UI.md, the desk).
        let designer = super::designer();
        let summary = if self.source.is_empty() || !designer {
            self.summary.clone()
        } else {
            format!("{}  ·  {}", self.summary, self.source)
        };
        style::text(&summary, l.left, y, &fonts.serif, 19, colour::PARCHMENT);
        use super::hints::{Key, Part, line};
        let mut parts = vec![
            Part::Key(Key::Move, "choose"),
            Part::Key(Key::Confirm, "select"),
            Part::KeysOnly("digits or Ctrl-V: seed or run code"),
        ];
        if designer {
            parts.push(Part::KeysOnly("F5 reload"));
        }
        parts.push(Part::Key(Key::Back, "quit"));
        let hint = line(&parts);
        style::text_right(&hint, size.x - l.left, y, &fonts.italic, 18, style::dim());
    }
}

/// "Quit the game?" over a darkened title.
fn draw_quit_question(fonts: &Fonts, size: Vec2) {
    draw_rectangle(0.0, 0.0, size.x, size.y, fade(BLACK, 0.6));
    let w = 520.0f32.min(size.x - 40.0);
    let r = Rect::new(size.x / 2.0 - w / 2.0, size.y / 2.0 - 70.0, w, 140.0);
    style::card(r, 12.0, 2.0, colour::TILE, colour::GOLD);
    style::text_centred(
        "Quit Forward?",
        r.center().x,
        r.y + 52.0,
        &fonts.serif,
        28,
        colour::PARCHMENT,
    );
    style::text_centred(
        &format!(
            "{} quits  ·  any other {} stays",
            super::hints::name(super::hints::Key::Confirm),
            super::hints::press_word()
        ),
        r.center().x,
        r.y + 100.0,
        &fonts.italic,
        20,
        style::dim(),
    );
}

/// The first start's offer of the lesson, over the title.
fn draw_offer(fonts: &Fonts, size: Vec2) {
    draw_rectangle(0.0, 0.0, size.x, size.y, fade(BLACK, 0.6));
    let w = 600.0f32.min(size.x - 40.0);
    let r = Rect::new(size.x / 2.0 - w / 2.0, size.y / 2.0 - 100.0, w, 200.0);
    style::card(r, 12.0, 2.0, colour::TILE, colour::GOLD);
    let head = "New to Forward?";
    style::text_centred(
        head,
        r.center().x,
        r.y + 50.0,
        &fonts.serif,
        30,
        colour::GOLD,
    );
    let body = "Learn to play in a short guided run: three small Domains, one step at a time.";
    let lines = style::wrap(body, w - 48.0, |x| style::width(x, &fonts.serif, 20));
    for (i, line) in lines.iter().enumerate() {
        style::text_centred(
            line,
            r.center().x,
            r.y + 92.0 + i as f32 * 26.0,
            &fonts.serif,
            20,
            colour::PARCHMENT,
        );
    }
    let hint = format!(
        "{}: Learn to play  ·  any other {}: not now (it stays on the title)",
        super::hints::name(super::hints::Key::Confirm),
        super::hints::press_word()
    );
    style::text_centred(
        &hint,
        r.center().x,
        r.bottom() - 24.0,
        &fonts.italic,
        style::fit_size(&hint, &fonts.italic, 18, 12, w - 32.0),
        style::dim(),
    );
}

/// `note` whole if it fits `room`, else its first parts (split at " · ") that do: a note
/// is shortened by whole parts, never cut mid-word.
fn fitted(note: &str, room: f32, width: impl Fn(&str) -> f32) -> String {
    let parts: Vec<&str> = note.split(" · ").collect();
    (1..=parts.len())
        .rev()
        .map(|n| parts[..n].join(" · "))
        .find(|t| width(t) <= room)
        .unwrap_or_else(|| parts[0].to_string())
}

/// Draws `s` letter by letter with extra `spacing`; returns the width drawn.
fn spaced(s: &str, x: f32, y: f32, spacing: f32, font: &Font, size: u16, color: Color) -> f32 {
    let mut cx = x;
    let mut buf = [0u8; 4];
    for ch in s.chars() {
        let glyph = ch.encode_utf8(&mut buf);
        cx += style::text(glyph, cx, y, font, size, color) + spacing;
    }
    cx - spacing - x
}

/// Why the seed box's text cannot start a run: a framed warning just under New run (over
/// the entries below it until the box is edited).
fn refusal(why: &str, x: f32, top: f32, fonts: &Fonts) {
    let size = 17;
    let mut chars = why.chars();
    let line: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    let w = style::width(&line, &fonts.italic, size);
    let r = Rect::new(x - 12.0, top, w + 24.0, 30.0);
    style::card(r, 6.0, 1.5, colour::TILE, colour::WARNING);
    style::text(&line, x, top + 21.0, &fonts.italic, size, colour::WARNING);
}

/// A small framed note to the right of a menu entry.
fn tooltip(s: &str, x: f32, baseline: f32, fonts: &Fonts) {
    let size = 18;
    let w = style::width(s, &fonts.italic, size);
    let r = Rect::new(x, baseline - 24.0, w + 24.0, 32.0);
    style::card(r, 6.0, 1.0, colour::TILE, fade(style::dim(), 0.7));
    style::text(
        s,
        x + 12.0,
        baseline - 3.0,
        &fonts.italic,
        size,
        colour::PARCHMENT,
    );
}

mod geometry;
mod journey;
pub mod options;
#[cfg(test)]
mod tests;
