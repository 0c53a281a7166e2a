//! One frame's model of the table's controls: every button with its rectangle, key, label,
//! whether it can be pressed and why not, and the small controls under the prompt. Built
//! once per frame from the shown state; drawing, clicks, keys and tooltips all read it.
//!
//! Keys are stable: the digits 1 to 3 are the row's; every other action has a letter that
//! stays the same from prompt to prompt, see [`KeyMap`].

use super::layout::{Layout, text};
use crate::core::state::{Phase, Role, State};
use crate::core::{Action, SpendFor, candidates};
use crate::present::stage::MomentKind;
use crate::present::words::{self, action_label};
use crate::ui::map::{self, MapGeometry, MapModel};
use crate::ui::screen::ScreenFrame;
use crate::ui::style::{self, Fonts};
use macroquad::prelude::*;
use std::borrow::Cow;

/// A choice button.
#[derive(Debug, Clone, PartialEq)]
pub struct Button {
    pub rect: Rect,
    pub label: String,
    /// Key shown on the button ("1", "Enter").
    pub key: Option<String>,
    pub action: Option<Action>,
    /// Why it cannot be chosen (drawn greyed with this reason).
    pub disabled: Option<String>,
    /// What it would cost beyond what it says, in full (its hover tip): the button itself
    /// carries the short mark ("— breaks Seal of Acedia").
    pub warning: Option<String>,
    pub primary: bool,
    /// The label's text size.
    pub size: u16,
    /// The label as drawn: one line, or two when it is too long for one (empty until laid
    /// out; the label is never cut).
    pub lines: Vec<String>,
}

/// How wide a string is set in the table's faces at a text size, in layout units: the
/// window's fonts, or (in headless tests) the same font files read by `ttf-parser`.
pub trait Measure {
    /// The width of `s` in the serif face.
    fn serif(&self, s: &str, size: u16) -> f32;
    /// The width of `s` in the monospaced face (the keys on the buttons).
    fn mono(&self, s: &str, size: u16) -> f32;
}

impl Measure for Fonts {
    fn serif(&self, s: &str, size: u16) -> f32 {
        style::width(s, &self.serif, size)
    }
    fn mono(&self, s: &str, size: u16) -> f32 {
        style::width(s, &self.mono, size)
    }
}

/// A small control under the choices: the Guide's view and the table-dice switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    Peek,
    Dice(Role),
    /// The Guide's screen's address and code.
    Link,
}

/// The keys of the offered actions. The digits 1 to 3 are the row's alone (a slot's flip
/// or look); every other action has a letter, the same for its kind on every prompt of the
/// run (see [`fixed_key`]), so that a number never lands on a button by accident and a key
/// learnt once keeps its meaning. The actions of a held card (use, give, show, discard,
/// cleanse) and a route, which have no letter of their own, take one from [`POOL`] when
/// first offered and keep it for the rest of the run while no other offered action needs
/// it. Abandon has no key (it is in the Esc menu).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KeyMap {
    keys: Vec<(Action, char)>,
    /// The routes offered, in the order their cards stand where the row stood.
    routes: Vec<Action>,
}

/// The letters of the actions with no letter of their own, in the order they are given.
/// Never O: on a key badge it reads like the digit 0 (which opens the Guardian's terms).
pub const POOL: [char; 8] = ['U', 'I', 'J', 'K', 'L', 'M', 'V', 'Y'];

/// The letters of the orders a reordered top of the deck can be put back in, by the
/// order's place among all orders of its length (first the order as it lies, then the
/// others in dictionary order): the same six letters on every reorder prompt. Only the
/// orders are offered on that prompt, so these never meet a held card's letter from
/// [`POOL`] on one prompt.
pub const ORDER_KEYS: [char; 6] = ['U', 'I', 'J', 'K', 'L', 'M'];

/// The place of `order` among all orders of its length in dictionary order (the identity
/// first): its Lehmer code read as a factorial-base number.
fn order_rank(order: &[u8]) -> usize {
    let n = order.len();
    let mut rank = 0;
    for (i, a) in order.iter().enumerate() {
        let smaller_after = order[i + 1..].iter().filter(|b| *b < a).count();
        let weight: usize = (1..n - i).product();
        rank += smaller_after * weight;
    }
    rank
}

/// The letter an action kind always has: Roll R, the Guide's roll G, Continue C, Take T,
/// Decline N, Fight X, Toll P, Resolve for Health H and for Grace E, the first and second
/// option A and B, a swap for the first or second held card S and Z, a reroll of the
/// traveller's (or first test) die Q and of the foe's (or second test) die W, an order of
/// the deck's top one of [`ORDER_KEYS`]. `None` for
/// the row's actions, Abandon, and the actions that take a letter from [`POOL`].
pub fn fixed_key(a: &Action) -> Option<char> {
    use crate::core::action::Die;
    Some(match a {
        Action::Roll => 'R',
        Action::RollFoe => 'G',
        Action::Continue => 'C',
        Action::Take => 'T',
        Action::Decline => 'N',
        Action::Fight => 'X',
        Action::Toll => 'P',
        Action::Spend {
            purpose: SpendFor::Heal,
        } => 'H',
        Action::Spend {
            purpose: SpendFor::Grace,
        } => 'E',
        Action::Choose { option } | Action::Pick { option } => *['A', 'B'].get(*option as usize)?,
        Action::Swap { slot } => *['S', 'Z'].get(*slot as usize)?,
        Action::Reroll {
            die,
            index,
            card: None,
        } => match (die, index) {
            (Die::Traveller, _) | (Die::Test, 0) => 'Q',
            _ => 'W',
        },
        Action::Order { order } => *ORDER_KEYS.get(order_rank(order))?,
        _ => return None,
    })
}

/// The row's actions: a digit, the slot's number. A route's card stands where the row
/// stood, so a route is the row's too (its card's place, see `KeyMap::key`).
fn row_key(a: &Action) -> Option<u8> {
    match a {
        Action::Flip { slot } | Action::Look { slot } => Some(slot + 1),
        _ => None,
    }
}

impl KeyMap {
    /// Gives each newly offered action without a letter of its own one from [`POOL`]: the
    /// one it had before in this run if no other offered action holds it, else the first
    /// letter no offered action holds and no other action had, else the first no offered
    /// action holds.
    pub fn update(&mut self, offered: &[Action]) {
        self.routes = offered
            .iter()
            .filter(|a| matches!(a, Action::Go { .. }))
            .cloned()
            .collect();
        let pooled: Vec<&Action> = offered
            .iter()
            .filter(|a| {
                !matches!(a, Action::Abandon | Action::Go { .. })
                    && row_key(a).is_none()
                    && fixed_key(a).is_none()
            })
            .collect();
        // Letters an offered action has of its own (an order's) are not lent out.
        let fixed: Vec<char> = offered.iter().filter_map(fixed_key).collect();
        // The letters held now: those kept by offered actions, first come first kept.
        let mut held: Vec<(&Action, char)> = Vec::new();
        for a in &pooled {
            if let Some(k) = self.remembered(a)
                && !held.iter().any(|(_, h)| *h == k)
                && !fixed.contains(&k)
            {
                held.push((a, k));
            }
        }
        for a in &pooled {
            if held.iter().any(|(x, _)| x == a) {
                continue;
            }
            let free = |k: &char| !held.iter().any(|(_, h)| h == k) && !fixed.contains(k);
            let unclaimed = |k: &char| !self.keys.iter().any(|(_, h)| h == k);
            let key = POOL
                .iter()
                .find(|k| free(k) && unclaimed(k))
                .or_else(|| POOL.iter().find(|k| free(k)))
                .copied();
            if let Some(k) = key {
                held.push((a, k));
            }
        }
        for (a, k) in held {
            self.keys.retain(|(x, h)| x != a && *h != k);
            self.keys.push((a.clone(), k));
        }
    }

    fn remembered(&self, a: &Action) -> Option<char> {
        self.keys.iter().find(|(x, _)| x == a).map(|(_, k)| *k)
    }

    /// The key of an action, as shown on its button: the row's digit or a letter.
    pub fn key(&self, a: &Action) -> Option<String> {
        if let Some(d) = row_key(a) {
            return Some(d.to_string());
        }
        if let Some(i) = self.routes.iter().position(|r| r == a) {
            return Some((i + 1).to_string());
        }
        fixed_key(a)
            .or_else(|| self.remembered(a))
            .map(|k| k.to_string())
    }
}

/// The end panel's buttons: back to the title (Enter), the same run again from its start
/// (its seed and dice, A), a new run (N).
pub const END_TITLE: &str = "Title";
pub const END_AGAIN: &str = "Again (same run)";
pub const END_NEW: &str = "New run";

/// The key of an end panel's button.
pub fn end_key(label: &str) -> Option<char> {
    match label {
        END_AGAIN => Some('A'),
        END_NEW => Some('N'),
        END_TITLE => Some('T'),
        _ => None,
    }
}

/// The choices of a state, in button order, with their keys (no rectangles yet). The
/// core says what is shown and why a greyed choice cannot be taken
/// (`core::candidates`); the table does not re-derive the rules.
pub fn choices(s: &State, keys: &KeyMap) -> Vec<Button> {
    let mut specs: Vec<(String, Option<Action>, Option<String>)> = Vec::new();
    let mut warnings: Vec<Option<String>> = Vec::new();
    if s.phase == Phase::Over {
        for label in [END_TITLE, END_AGAIN, END_NEW] {
            specs.push((label.into(), None, None));
            warnings.push(None);
        }
    }
    for (a, why) in candidates(s) {
        if matches!(a, Action::Abandon | Action::Flip { .. }) {
            continue;
        }
        let label = match &a {
            Action::Choose { option } if matches!(s.phase, Phase::Terror { .. }) => {
                words::terror_option(s, *option).map_or_else(
                    || action_label(s, &a),
                    |(l, _)| words::text_for_seat(&l, s.guide).into_owned(),
                )
            }
            // The stage numbers the cards to put back (top first, left to right); three
            // card names a button would not hold.
            Action::Order { order } => {
                let places: Vec<String> = order.iter().map(|i| (i + 1).to_string()).collect();
                format!("Top first: {}", places.join(", "))
            }
            _ => action_label(s, &a),
        };
        match why {
            None => {
                // A fatal or wasted choice says so on its button (the core judges it).
                let warning = crate::core::consequence(s, &a);
                let label = match &warning {
                    Some(w) => format!("{label} — {}", w.short()),
                    None => label,
                };
                warnings.push(warning.map(|w| capitalised(&w.to_string())));
                specs.push((label, Some(a), None))
            }
            Some(why) => {
                // The reason is on the button itself, not only in its tip.
                let label = format!("{label} — {}", why.short());
                warnings.push(None);
                specs.push((label, None, Some(why.to_string())));
            }
        }
    }
    let primary = primary_index(s, &specs);
    specs
        .into_iter()
        .enumerate()
        .zip(warnings)
        .map(|((i, (label, action, disabled)), warning)| Button {
            rect: Rect::default(),
            key: if primary == Some(i) {
                Some("Enter".to_string())
            } else if s.phase == Phase::Over {
                end_key(&label).map(String::from)
            } else if action == Some(Action::RollFoe) {
                // The Guide's own key, never the traveller's Enter or a number.
                Some("G".to_string())
            } else {
                action.as_ref().and_then(|a| keys.key(a))
            },
            label,
            action,
            disabled,
            warning,
            primary: primary == Some(i),
            size: text::BODY,
            lines: Vec::new(),
        })
        .collect()
}

/// `s` with its first letter capitalised (a warning's words as a sentence).
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Which button Enter and Space press: roll, continue, take, fight, or the end screen's
/// only button.
fn primary_index(s: &State, specs: &[(String, Option<Action>, Option<String>)]) -> Option<usize> {
    if s.phase == Phase::Over {
        return Some(0);
    }
    [Action::Roll, Action::Continue, Action::Take, Action::Fight]
        .iter()
        .find_map(|want| specs.iter().position(|(_, a, _)| a.as_ref() == Some(want)))
}

/// The room a button's label has beside its key, in layout units.
pub fn label_room(b: &Button, m: &impl Measure) -> f32 {
    let key_w = b
        .key
        .as_ref()
        .map_or(0.0, |k| m.mono(k, text::SMALL) + 16.0);
    b.rect.w - 24.0 - key_w
}

/// A label's size and lines in `room` wide and a button `h` high: one line if it fits at
/// a readable size, else two lines (broken between words) at the largest size that fits,
/// else three if the button is tall enough, so that a place's or a companion's long name
/// is never cut. Only a label too long for every line the button holds is cut, on its
/// last line.
pub fn fit_label(label: &str, room: f32, h: f32, m: &impl Measure) -> (u16, Vec<String>) {
    // A card named in brackets may be named by its last words ("(Knucklebone)"), and a
    // seal by its own name ("breaks Aporia"): the button's tip names them in full.
    for short in shorter_forms(label) {
        let (z, lines) = fit_whole(&short, room, h, m);
        if !lines.last().is_some_and(|l| l.ends_with('…')) {
            return (z, lines);
        }
    }
    fit_whole(label, room, h, m)
}

/// `label` and its shorter forms, longest first: the seal it breaks by its own name, then
/// its last bracket dropping its first words one by one ("Reroll (A Dead Gambler's
/// Knucklebone)", "Reroll (Dead Gambler's Knucklebone)", ..., "Reroll (Knucklebone)").
pub fn shorter_forms(label: &str) -> Vec<String> {
    let mut out = vec![label.to_string()];
    if label.contains(" — breaks Seal of ") {
        out.push(label.replace(" — breaks Seal of ", " — breaks "));
    }
    // A route's button by its Domain's name alone (its card on the stage says "go").
    if let Some(place) = out.last().and_then(|l| l.strip_prefix("Go to ")) {
        out.push(place.to_string());
    }
    let (Some(open), Some(close)) = (label.rfind(" ("), label.rfind(')')) else {
        return out;
    };
    if close < open {
        return out;
    }
    let words: Vec<&str> = label[open + 2..close].split_whitespace().collect();
    for k in 1..words.len() {
        out.push(format!(
            "{} ({}){}",
            &label[..open],
            words[k..].join(" "),
            &label[close + 1..]
        ));
    }
    out
}

/// [`fit_label`] for one form of the label.
fn fit_whole(label: &str, room: f32, h: f32, m: &impl Measure) -> (u16, Vec<String>) {
    let size = (text::SMALL..=text::BODY)
        .rev()
        .find(|&z| m.serif(label, z) <= room);
    // One line at the body size or a step under it; a smaller single line reads worse
    // than two lines.
    if let Some(z) = size.filter(|&z| z + 2 >= text::BODY) {
        return (z, vec![label.to_string()]);
    }
    let words = label.split_whitespace().collect::<Vec<_>>().join(" ");
    for n in [2, 3] {
        // Room above and below the lines: a label never touches its border.
        let holds = |z: u16| n as f32 * line_step(n, z) + 8.0 <= h;
        for z in (text::SMALL..=text::BODY).rev().filter(|&z| holds(z)) {
            let lines = style::wrap(label, room, |x| m.serif(x, z));
            if lines.len() <= n && lines.join(" ") == words {
                return (z, lines);
            }
        }
    }
    if let Some(z) = size {
        return (z, vec![label.to_string()]);
    }
    let z = text::SMALL;
    let most = ((h - 2.0) / z as f32).floor().max(1.0) as usize;
    let mut lines = style::wrap(label, room, |x| m.serif(x, z));
    if lines.len() > most {
        let rest = lines[most - 1..].join(" ");
        lines.truncate(most - 1);
        lines.push(style::ellipsize(&rest, room, |x| m.serif(x, z)));
    }
    (z, lines)
}

/// The distance between the baselines of a label's `lines` lines at text size `size`: a
/// text size, a little less for three lines (the serif's ascenders and descenders still
/// clear each other).
pub fn line_step(lines: usize, size: u16) -> f32 {
    size as f32 * if lines >= 3 { 0.9 } else { 1.0 }
}

/// The buttons laid out in the prompt area, in rows, their labels fitted (see
/// [`fit_label`]).
pub fn lay_out(mut buttons: Vec<Button>, l: &Layout, m: &impl Measure) -> Vec<Button> {
    let r = l.prompt;
    let top = r.y + 62.0;
    let room = Rect::new(r.x + 12.0, top, r.w - 24.0, r.bottom() - 44.0 - top);
    let gap = 10.0;
    let n = buttons.len().max(1);
    // Rows: as few as fit; a button is at least a third of the row.
    let rows = if n <= 3 { 1 } else { n.div_ceil(3) };
    let h = ((room.h - gap * (rows as f32 - 1.0)) / rows as f32).clamp(30.0, 46.0);
    let per_row = n.div_ceil(rows);
    let w = (room.w - gap * (per_row as f32 - 1.0)) / per_row as f32;
    for (i, b) in buttons.iter_mut().enumerate() {
        let (row, col) = (i / per_row, i % per_row);
        b.rect = Rect::new(
            room.x + col as f32 * (w + gap),
            room.y + row as f32 * (h + gap),
            w,
            h,
        );
        (b.size, b.lines) = fit_label(&b.label, label_room(b, m), h, m);
    }
    buttons
}

/// The controls under the choices, left to right: the Guide's view (with a Guide) and
/// each player's dice switch; none at the end, or when `any` is false (a lesson).
/// `link`: the Guide's screen, if it is on; its button says how it stands and names the
/// device holding the Guide's seat.
pub fn controls(
    s: &State,
    any: bool,
    table_dice: [bool; 2],
    link: Option<&crate::guide_screen::LinkState>,
    l: &Layout,
    fonts: &Fonts,
) -> Vec<(Rect, Control, String)> {
    if s.phase == Phase::Over || !any {
        return Vec::new();
    }
    let dice = |on: bool| if on { "table dice" } else { "on screen" };
    let peek = format!(
        "{}  Guide's view",
        crate::ui::hints::name(crate::ui::hints::Key::Peek)
    );
    // The dice controls' keyboard letters; a pad reaches them with the focus and A.
    let key = |k: &str| {
        if crate::ui::hints::on_pad() {
            String::new()
        } else {
            format!("{k}  ")
        }
    };
    let mut specs: Vec<(Control, String)> = Vec::new();
    if s.guide {
        // Tab opens the Guide's view in every guided run; the Guide's screen's control
        // names the device that holds the seat.
        specs.push((Control::Peek, peek.clone()));
        if let Some(state) = link {
            specs.push((Control::Link, format!("Guide's screen: {}", state.short())));
        }
        specs.push((
            Control::Dice(Role::Traveller),
            format!("{}Traveller's dice: {}", key("D"), dice(table_dice[0])),
        ));
        specs.push((
            Control::Dice(Role::Guide),
            format!("{}Guide's dice: {}", key("F"), dice(table_dice[1])),
        ));
    } else {
        specs.push((
            Control::Dice(Role::Traveller),
            format!("{}Dice: {}", key("D"), dice(table_dice[0])),
        ));
    }
    let r = l.prompt;
    let mut x = r.x + 12.0;
    let y = r.bottom() - 34.0;
    specs
        .into_iter()
        .map(|(c, label)| {
            let w = style::width(&label, &fonts.serif, text::SMALL) + 20.0;
            let rect = Rect::new(x, y, w, 26.0);
            x += w + 8.0;
            (rect, c, label)
        })
        .collect()
}

/// What hovering a control explains.
pub fn control_tip(c: Control, guided: bool) -> &'static str {
    match c {
        Control::Peek => {
            "For the Guide's eyes: the face-down row, the next cards of the deck, the notes to read aloud and the foe's die. Hold Tab, or click and then press Enter; the traveller looks away first."
        }
        Control::Dice(Role::Traveller) if guided => {
            "Real dice for the traveller (D): each of the traveller's rolls then asks for the number rolled, 1 to 6."
        }
        Control::Dice(Role::Traveller) => {
            "Real dice (D): each roll then asks for the number rolled, 1 to 6."
        }
        Control::Dice(Role::Guide) => {
            "Real dice for the Guide (F): each roll of the foe's die then asks the Guide for the number rolled, 1 to 6."
        }
        Control::Link => {
            "The Guide's view on a phone or a second computer: click to show its address and QR code. While it follows the run, the Guide reads and decides there and this table never asks the traveller to look away."
        }
    }
}

/// The table's own pieces of its frame: the buttons and small controls as laid out, the
/// map's tiles, and a fingerprint of everything the frame shows.
#[derive(Debug, Clone, Default)]
pub struct TableGeometry {
    pub buttons: Vec<Button>,
    pub controls: Vec<(Rect, Control, String)>,
    /// Where the map's tiles and the Guardian's card are.
    pub map: MapGeometry,
    /// The Domain band: its title card, piles and labels (`None` while the Guardian's
    /// stage covers it).
    pub band: Option<super::band::BandModel>,
    /// What the frame shows, in one number (see [`super::look`]): two frames with the
    /// same look draw the same picture, so a window woken with nothing new need not draw.
    pub look: u64,
}

/// The table's frame on the screens' one contract: its geometry, what a click or the
/// focus acts on (worked out only while the focus is in use), and its tips.
pub type Frame = ScreenFrame<TableGeometry, super::focus::Target>;

impl ScreenFrame<TableGeometry, super::focus::Target> {
    /// The map's geometry as laid out this frame for `l`, else anew (a table drawn before
    /// its first update, or after the window changed size since).
    pub fn map_for(&self, model: &MapModel, l: &Layout) -> Cow<'_, MapGeometry> {
        let area = l.map_area();
        // A frame never laid out has an empty area, never the map's.
        if self.geometry.map.area == area {
            Cow::Borrowed(&self.geometry.map)
        } else {
            Cow::Owned(map::layout(model, area))
        }
    }

    /// The button under the pointer (`at` in layout units).
    pub fn button_at(&self, at: Vec2) -> Option<&Button> {
        self.geometry.buttons.iter().find(|b| b.rect.contains(at))
    }

    /// The control under the pointer.
    pub fn control_at(&self, at: Vec2) -> Option<Control> {
        self.geometry
            .controls
            .iter()
            .find(|(r, _, _)| r.contains(at))
            .map(|(_, c, _)| *c)
    }

    /// What hovering at `at` explains, if anything, while `moment` plays on the stage
    /// (`None`: the stage rests). During a moment only the tips that speak of it answer
    /// (the buttons wait, and so do their tips).
    pub fn tip_for(&self, at: Vec2, guided: bool, moment: Option<&MomentKind>) -> Option<String> {
        if moment.is_none() {
            if let Some(b) = self.button_at(at) {
                return b.disabled.clone().or_else(|| b.warning.clone());
            }
            if let Some(c) = self.control_at(at) {
                return Some(control_tip(c, guided).to_string());
            }
        }
        crate::ui::screen::tip_at(&self.tips, at, moment)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(i: u16) -> crate::core::action::Id {
        format!("card{i}").into()
    }

    /// The table's fonts measured headless: the same font files, read by `ttf-parser`.
    struct Headless(crate::print::text::Metrics);

    impl Measure for Headless {
        fn serif(&self, s: &str, size: u16) -> f32 {
            self.0
                .width(crate::print::text::Font::Regular, s, size as f32)
        }
        fn mono(&self, s: &str, size: u16) -> f32 {
            self.0.width(crate::print::text::Font::Mono, s, size as f32)
        }
    }

    /// What is wrong with a laid-out button's label, if anything: cut, broken inside a
    /// word, over two lines, wider than its room or taller than its button.
    fn label_problem(b: &Button, m: &Headless) -> Option<String> {
        let room = label_room(b, m);
        let words = b.label.split_whitespace().collect::<Vec<_>>().join(" ");
        let whole = |l: &String| l.split_whitespace().collect::<Vec<_>>().join(" ");
        let problem = if b.lines.iter().any(|l| l.ends_with('…')) {
            "cut"
        } else if b.lines.join(" ") != words
            && !shorter_forms(&b.label)
                .iter()
                .any(|f| whole(f) == b.lines.join(" "))
        {
            "not its words, whole"
        } else if b.lines.len() > 3 {
            "more than three lines"
        } else if b.lines.iter().any(|l| m.serif(l, b.size) > room + 0.01) {
            "wider than its room"
        } else if b.lines.len() as f32 * line_step(b.lines.len(), b.size) > b.rect.h {
            "taller than its button"
        } else {
            return None;
        };
        Some(format!(
            "{problem}: {:?} as {:?} at {}",
            b.label, b.lines, b.size
        ))
    }

    #[test]
    fn a_long_label_wraps_onto_two_lines_instead_of_being_cut() {
        let m = Headless(crate::print::text::Metrics::new().unwrap());
        let label = "Go to Bannered City Valtheim";
        let room = m.serif(label, text::BODY) * 0.6;
        let (size, lines) = fit_label(label, room, 46.0, &m);
        assert_eq!(lines, ["Go to Bannered", "City Valtheim"], "at {size}");
        let (_, short) = fit_label("Roll", room, 46.0, &m);
        assert_eq!(short, ["Roll"]);
    }

    /// Every action offered over whole seeded runs (alone and with a Guide, played by the
    /// bot the scene finder uses) is laid out as the table lays it out at 1280x800 and
    /// 1920x1080, and every label is shown whole.
    #[test]
    fn no_offered_action_is_cut_over_seeded_runs() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let cards = std::sync::Arc::new(crate::cards::load::load_dir(&dir).unwrap().0);
        let m = Headless(crate::print::text::Metrics::new().unwrap());
        let layouts = [vec2(1280.0, 800.0), vec2(1920.0, 1080.0)].map(Layout::new);
        let problems = std::cell::RefCell::new(std::collections::BTreeSet::new());
        let checked = std::cell::Cell::new(0usize);
        for guide in [false, true] {
            let mut keys = KeyMap::default();
            let keys = std::cell::RefCell::new(&mut keys);
            // Never "found": every seed's run is played to its end.
            let found = crate::sim::scene::find_in(&cards, 60, guide, |s| {
                keys.borrow_mut().update(&crate::core::legal_actions(s));
                for l in &layouts {
                    for b in lay_out(choices(s, &keys.borrow()), l, &m) {
                        checked.set(checked.get() + 1);
                        if let Some(p) = label_problem(&b, &m) {
                            problems.borrow_mut().insert(p);
                        }
                        // Alone, a die stands in for the Guide, and the buttons say so.
                        if !s.guide && b.label.contains("Guide") {
                            problems
                                .borrow_mut()
                                .insert(format!("alone: {:?}", b.label));
                        }
                    }
                }
                false
            });
            assert!(found.is_none());
        }
        assert!(checked.get() > 5000, "labels checked: {}", checked.get());
        let problems = problems.into_inner();
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn looking_at_a_row_card_keys_each_slot_by_its_position() {
        let mut keys = KeyMap::default();
        // The first card is face up: only the second and third can be looked at.
        keys.update(&[Action::Look { slot: 1 }, Action::Look { slot: 2 }]);
        assert_eq!(keys.key(&Action::Look { slot: 1 }).as_deref(), Some("2"));
        assert_eq!(keys.key(&Action::Look { slot: 2 }).as_deref(), Some("3"));
    }

    #[test]
    fn a_held_card_keeps_its_letter_from_prompt_to_prompt_and_never_takes_a_digit() {
        let mut keys = KeyMap::default();
        let use_it = Action::Use { card: card(7) };
        let other = Action::Use { card: card(8) };
        keys.update(&[
            Action::Flip { slot: 0 },
            Action::Flip { slot: 2 },
            use_it.clone(),
            Action::Abandon,
        ]);
        assert_eq!(keys.key(&Action::Flip { slot: 0 }).as_deref(), Some("1"));
        assert_eq!(keys.key(&Action::Flip { slot: 2 }).as_deref(), Some("3"));
        assert_eq!(keys.key(&use_it).as_deref(), Some("U"));
        assert_eq!(keys.key(&Action::Abandon), None);
        // A duel: Roll has its own letter; the item keeps its own.
        keys.update(&[Action::Roll, use_it.clone(), Action::Abandon]);
        assert_eq!(keys.key(&use_it).as_deref(), Some("U"));
        assert_eq!(keys.key(&Action::Roll).as_deref(), Some("R"));
        // Another prompt without it, where a second card is offered first: the second
        // takes the next letter, and the first keeps U when it comes back.
        keys.update(&[other.clone(), Action::Continue]);
        assert_eq!(keys.key(&other).as_deref(), Some("I"));
        keys.update(&[other.clone(), use_it.clone()]);
        assert_eq!(keys.key(&use_it).as_deref(), Some("U"));
        assert_eq!(keys.key(&other).as_deref(), Some("I"));
    }
}
