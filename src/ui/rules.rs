//! The Rules screen: `docs/RULES.md`, embedded in the binary, laid out simply (headings,
//! paragraphs, lists and tables, `**bold**` in gold, `code` in mono) and scrollable.

use super::Next;
use super::input::Input;
use super::screen::ScreenFrame;
use super::style::{self, Fonts, colour, fade};
use macroquad::prelude::*;

/// The rules, as written in the repository.
pub const RULES_MD: &str = include_str!("../../docs/RULES.md");

/// A block of the Markdown text.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Heading(u8, String),
    Para(String),
    /// A list item: its marker ("•" or "3.") and text.
    Item(String, String),
    /// Rows of cells; the first row is the header.
    Table(Vec<Vec<String>>),
}

/// Splits the Markdown into blocks (the subset `docs/RULES.md` uses).
pub fn parse(md: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut para = String::new();
    let mut rows: Vec<Vec<String>> = Vec::new();
    let flush = |para: &mut String, rows: &mut Vec<Vec<String>>, blocks: &mut Vec<Block>| {
        if !para.trim().is_empty() {
            let text = para.trim().to_string();
            // A buffer that started as a list item stays one.
            blocks.push(match text.strip_prefix('\u{1}') {
                Some(item) => {
                    let (marker, rest) = item.split_once('\u{2}').unwrap_or(("•", item));
                    Block::Item(marker.to_string(), rest.trim().to_string())
                }
                None => Block::Para(text),
            });
        }
        para.clear();
        if !rows.is_empty() {
            blocks.push(Block::Table(std::mem::take(rows)));
        }
    };
    for line in md.lines() {
        let t = line.trim();
        if t.is_empty() {
            flush(&mut para, &mut rows, &mut blocks);
        } else if let Some(h) = t.strip_prefix('#') {
            flush(&mut para, &mut rows, &mut blocks);
            let level = 1 + h.chars().take_while(|&c| c == '#').count() as u8;
            blocks.push(Block::Heading(
                level,
                h.trim_start_matches('#').trim().to_string(),
            ));
        } else if t.starts_with('|') {
            if !para.is_empty() {
                flush(&mut para, &mut rows, &mut blocks);
            }
            let cells: Vec<String> = t
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect();
            if !cells.iter().all(|c| c.chars().all(|ch| "-: ".contains(ch))) {
                rows.push(cells);
            }
        } else if let Some(marker) = list_marker(t) {
            flush(&mut para, &mut rows, &mut blocks);
            para.push('\u{1}');
            para.push_str(if marker.starts_with('-') || marker.starts_with('*') {
                "•"
            } else {
                marker.trim()
            });
            para.push('\u{2}');
            para.push_str(&t[marker.len()..]);
        } else {
            if !rows.is_empty() {
                flush(&mut para, &mut rows, &mut blocks);
            }
            para.push(' ');
            para.push_str(t);
        }
    }
    flush(&mut para, &mut rows, &mut blocks);
    blocks
}

/// "- ", "* " or "12. " at the start of a line, with its trailing space.
fn list_marker(t: &str) -> Option<&str> {
    if t.starts_with("- ") || (t.starts_with("* ") && !t.starts_with("**")) {
        return Some(&t[..2]);
    }
    let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 && t[digits..].starts_with(". ") {
        return Some(&t[..digits + 2]);
    }
    None
}

/// How a word is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    Plain,
    Bold,
    Code,
    Head(u8),
    TableHead,
}

/// A word and whether a space comes before it.
#[derive(Debug, Clone, PartialEq)]
pub struct Word {
    pub text: String,
    pub look: Look,
    pub space: bool,
}

/// Splits inline Markdown into words: `**` toggles bold, backticks toggle code.
pub fn words(s: &str, base: Look) -> Vec<Word> {
    let mut out = Vec::new();
    let (mut cur, mut bold, mut code, mut space) = (String::new(), false, false, false);
    let mut chars = s.chars().peekable();
    let look = |bold: bool, code: bool| {
        if code {
            Look::Code
        } else if bold && base == Look::Plain {
            Look::Bold
        } else {
            base
        }
    };
    let flush = |cur: &mut String, space: &mut bool, out: &mut Vec<Word>, l: Look| {
        if !cur.is_empty() {
            out.push(Word {
                text: std::mem::take(cur),
                look: l,
                space: *space,
            });
            *space = false;
        }
    };
    while let Some(c) = chars.next() {
        if c == '*' && !code && chars.peek() == Some(&'*') {
            chars.next();
            flush(&mut cur, &mut space, &mut out, look(bold, code));
            bold = !bold;
        } else if c == '`' {
            flush(&mut cur, &mut space, &mut out, look(bold, code));
            code = !code;
        } else if c.is_whitespace() {
            flush(&mut cur, &mut space, &mut out, look(bold, code));
            space = true;
        } else {
            cur.push(c);
        }
    }
    flush(&mut cur, &mut space, &mut out, look(bold, code));
    out
}

const BODY: u16 = 20;

fn font_of(look: Look, fonts: &Fonts) -> (&Font, u16, Color) {
    match look {
        Look::Plain => (&fonts.serif, BODY, colour::PARCHMENT),
        Look::Bold => (&fonts.serif, BODY, colour::GOLD),
        Look::Code => (&fonts.mono, BODY - 4, colour::SEA_LIGHT),
        Look::Head(1) => (&fonts.serif, 42, colour::GOLD),
        Look::Head(2) => (&fonts.serif, 30, colour::GOLD),
        Look::Head(_) => (&fonts.serif, 24, colour::GOLD),
        Look::TableHead => (&fonts.serif, BODY - 1, colour::GOLD),
    }
}

/// One word placed on the page (`y` is its baseline).
#[derive(Debug, Clone)]
struct Placed {
    x: f32,
    y: f32,
    text: String,
    look: Look,
}

/// The laid-out page: words, rules (horizontal lines) and the height.
#[derive(Default)]
struct Page {
    words: Vec<Placed>,
    /// The sections (level-2 headings) and the y of their top, for the contents list.
    sections: Vec<(String, f32)>,
    rules: Vec<(f32, f32, f32, Color)>,
    height: f32,
    width: f32,
}

/// Places `ws` in a column from `x` of width `w`, the first baseline at `y`; returns the
/// y below the last line.
fn flow(page: &mut Page, ws: &[Word], x: f32, w: f32, y: f32, fonts: &Fonts) -> f32 {
    let line_h = |l: Look| font_of(l, fonts).1 as f32 * 1.35;
    let mut cx = 0.0;
    let mut y = y;
    let mut lh = ws.first().map_or(BODY as f32 * 1.35, |w| line_h(w.look));
    let space_w = style::width(" ", &fonts.serif, BODY).max(4.0);
    for word in ws {
        let (font, size, _) = font_of(word.look, fonts);
        let ww = style::width(&word.text, font, size);
        let gap = if word.space && cx > 0.0 { space_w } else { 0.0 };
        if cx > 0.0 && cx + gap + ww > w {
            y += lh;
            cx = 0.0;
            lh = line_h(word.look);
        } else {
            cx += gap;
        }
        page.words.push(Placed {
            x: x + cx,
            y,
            text: word.text.clone(),
            look: word.look,
        });
        cx += ww;
    }
    y + lh
}

fn lay_out(blocks: &[Block], width: f32, fonts: &Fonts) -> Page {
    let mut page = Page {
        width,
        ..Page::default()
    };
    let mut y = 0.0;
    for b in blocks {
        match b {
            Block::Heading(level, text) => {
                let size = font_of(Look::Head(*level), fonts).1 as f32;
                if *level == 2 {
                    page.sections.push((text.clone(), y));
                }
                y += if *level == 1 { size } else { size * 1.2 };
                y = flow(
                    &mut page,
                    &words(text, Look::Head(*level)),
                    0.0,
                    width,
                    y,
                    fonts,
                );
                if *level <= 2 {
                    page.rules
                        .push((y - size * 0.85, 0.0, width, fade(colour::GOLD, 0.35)));
                }
                y -= size * 0.25;
            }
            Block::Para(text) => {
                y += BODY as f32 * 0.9;
                y = flow(&mut page, &words(text, Look::Plain), 0.0, width, y, fonts);
                y -= BODY as f32 * 0.5;
            }
            Block::Item(marker, text) => {
                y += BODY as f32 * 0.95;
                page.words.push(Placed {
                    x: 6.0,
                    y,
                    text: marker.clone(),
                    look: Look::Bold,
                });
                y = flow(
                    &mut page,
                    &words(text, Look::Plain),
                    32.0,
                    width - 32.0,
                    y,
                    fonts,
                );
                y -= BODY as f32 * 0.75;
            }
            Block::Table(rows) => y = table(&mut page, rows, width, y, fonts),
        }
    }
    page.height = y + BODY as f32;
    page
}

/// Lays out a table: columns as wide as their longest cell, shrunk to fit, cells wrapped.
fn table(page: &mut Page, rows: &[Vec<String>], width: f32, y: f32, fonts: &Fonts) -> f32 {
    let n = rows.iter().map(Vec::len).max().unwrap_or(0);
    if n == 0 {
        return y;
    }
    let pad = 14.0;
    let natural: Vec<f32> = (0..n)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| style::width(&s.replace(['*', '`'], ""), &fonts.serif, BODY) + pad)
                .fold(40.0f32, f32::max)
        })
        .collect();
    let total: f32 = natural.iter().sum();
    let cols: Vec<f32> = if total <= width {
        natural
    } else {
        // Narrow columns keep their width; the wide ones share what is left.
        let fair = width / n as f32;
        let narrow: f32 = natural.iter().filter(|&&w| w <= fair).sum();
        let wide: f32 = natural.iter().filter(|&&w| w > fair).sum();
        let scale = ((width - narrow) / wide).min(1.0);
        natural
            .iter()
            .map(|&w| if w <= fair { w } else { w * scale })
            .collect()
    };
    let table_w: f32 = cols.iter().sum();
    let mut y = y + BODY as f32 * 0.2;
    page.rules.push((y, 0.0, table_w, fade(colour::GOLD, 0.5)));
    for (i, row) in rows.iter().enumerate() {
        let look = if i == 0 { Look::TableHead } else { Look::Plain };
        let top = y + BODY as f32 * 1.1;
        let mut bottom = top;
        let mut x = 0.0;
        for (c, cell) in row.iter().enumerate() {
            let w = cols.get(c).copied().unwrap_or(80.0);
            bottom = bottom.max(flow(page, &words(cell, look), x, w - pad, top, fonts));
            x += w;
        }
        y = bottom - BODY as f32 * 0.75;
        let col = if i == 0 {
            fade(colour::GOLD, 0.5)
        } else {
            fade(style::dim(), 0.35)
        };
        page.rules.push((y, 0.0, table_w, col));
    }
    y + 4.0
}

pub struct RulesScreen {
    blocks: Vec<Block>,
    page: Page,
    scroll: f32,
    /// The pointer is dragging the scroll bar's thumb.
    dragging: bool,
    /// This frame's model (the column, the contents' entries, the scroll bar).
    frame: RulesFrame,
}

thread_local! {
    /// Where the reader was when the screen was last left: it opens there again.
    static PLACE: std::cell::Cell<f32> = const { std::cell::Cell::new(0.0) };
}

impl Default for RulesScreen {
    fn default() -> RulesScreen {
        RulesScreen::new()
    }
}

/// Width of the contents list at the left, when the window is wide enough for it.
const CONTENTS_W: f32 = 210.0;
/// One line of the keyboard or the wheel.
const STEP: f32 = 40.0;
/// One notch of the wheel.
const WHEEL_STEP: f32 = 80.0;

/// Where the Rules screen's pieces go for a window size.
#[derive(Debug, Clone, Copy, Default)]
struct RulesGeometry {
    /// The text column: its left edge, width, top and bottom.
    left: f32,
    width: f32,
    top: f32,
    bottom: f32,
    /// The left edge of the contents list, if it fits beside the text.
    contents: Option<f32>,
    /// The scroll bar's track: its x, top and length.
    track: (f32, f32, f32),
}

impl RulesGeometry {
    fn new(size: Vec2) -> RulesGeometry {
        let contents = (size.x >= 1100.0).then_some(20.0);
        let aside = contents.map_or(0.0, |_| CONTENTS_W + 20.0);
        let w = (size.x - 110.0 - aside).clamp(200.0, 900.0);
        let (left, top, bottom) = (aside + (size.x - aside - w) / 2.0, 20.0, size.y - 52.0);
        RulesGeometry {
            left,
            width: w,
            top,
            bottom,
            contents,
            track: (left + w + 16.0, top + 10.0, bottom - top - 20.0),
        }
    }

    /// How much of the page shows at once.
    fn view(&self) -> f32 {
        self.bottom - self.top
    }
}

/// What a click on the Rules screen acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RulesTarget {
    /// A section of the contents list (its index).
    Section(usize),
    /// The scroll bar's track (a click jumps there, holding drags).
    Track,
}

/// The Rules screen's frame (see `ui::screen`).
type RulesFrame = ScreenFrame<RulesGeometry, RulesTarget>;

/// The frame for a window of `size` and the page laid out for it.
fn model(page: &Page, size: Vec2) -> RulesFrame {
    let mut f = ScreenFrame::new(size, RulesGeometry::new(size));
    if let Some(x) = f.geometry.contents {
        let step = 30.0f32.min((size.y - 120.0) / page.sections.len().max(1) as f32);
        for i in 0..page.sections.len() {
            let r = Rect::new(x, 62.0 + i as f32 * step, CONTENTS_W, step);
            f.targets.push((RulesTarget::Section(i), r));
        }
    }
    let (x, y0, len) = f.geometry.track;
    let track = Rect::new(x - 14.0, y0 - 6.0, 28.0, len + 12.0);
    f.targets.push((RulesTarget::Track, track));
    f
}

impl RulesScreen {
    pub fn new() -> RulesScreen {
        RulesScreen {
            blocks: parse(RULES_MD),
            page: Page::default(),
            scroll: PLACE.with(std::cell::Cell::get),
            dragging: false,
            frame: RulesFrame::default(),
        }
    }

    fn max_scroll(&self, g: &RulesGeometry) -> f32 {
        (self.page.height - g.view()).max(0.0)
    }

    /// One frame: the page laid out again if the column's width changed, the input read
    /// against the frame drawn, then this frame's model laid out for the draw.
    pub fn update(&mut self, input: &Input, fonts: &Fonts) -> Next {
        if input.back {
            return Next::Title;
        }
        let w = RulesGeometry::new(input.size).width;
        if (self.page.width - w).abs() > 0.5 {
            self.page = lay_out(&self.blocks, w, fonts);
            self.frame = model(&self.page, input.size);
        }
        if self.frame.size != input.size {
            self.frame = model(&self.page, input.size);
        }
        self.handle(input);
        self.frame = model(&self.page, input.size);
        Next::Stay
    }

    fn handle(&mut self, input: &Input) {
        let g = self.frame.geometry;
        let view = g.view();
        let mut s = self.scroll;
        if input.up {
            s -= STEP;
        }
        if input.down {
            s += STEP;
        }
        if input.page_up {
            s -= view - 60.0;
        }
        if input.page_down {
            s += view - 60.0;
        }
        // (`signum` of 0.0 is 1.0: without the test every frame scrolled back up.)
        if input.wheel != 0.0 {
            s -= input.wheel.signum() * WHEEL_STEP;
        }
        if input.home {
            s = 0.0;
        }
        if input.end {
            s = f32::MAX;
        }
        // A digit jumps to that section of the contents.
        if let Some(d) = input.digit.filter(|d| *d > 0)
            && let Some((_, y)) = self.page.sections.get(d as usize - 1)
        {
            s = *y;
        }
        let section = |t: &RulesTarget| match t {
            RulesTarget::Section(i) => Some(*i),
            RulesTarget::Track => None,
        };
        if input.click
            && let Some(i) = self.frame.find_at(input.mouse, section)
        {
            s = self.page.sections[i].1;
        }
        s = self.drag(input, s);
        self.scroll = s.clamp(0.0, self.max_scroll(&g));
        PLACE.with(|p| p.set(self.scroll));
    }

    /// A click on the scroll bar's track jumps there; holding the button drags.
    fn drag(&mut self, input: &Input, s: f32) -> f32 {
        let g = self.frame.geometry;
        let (_, y0, len) = g.track;
        let on_track = self
            .frame
            .rect_of(&RulesTarget::Track)
            .is_some_and(|r| r.contains(input.mouse));
        if input.click && on_track {
            self.dragging = true;
        }
        if !input.held {
            self.dragging = false;
        }
        if !self.dragging {
            return s;
        }
        let f = ((input.mouse.y - y0) / len).clamp(0.0, 1.0);
        f * self.max_scroll(&g)
    }

    pub fn draw(&self, fonts: &Fonts, size: Vec2) {
        let frame = self.frame.for_size(size, || model(&self.page, size));
        let g = &frame.geometry;
        let (left, w, top, bottom) = (g.left, g.width, g.top, g.bottom);
        style::card(
            Rect::new(left - 28.0, top - 10.0, w + 56.0, bottom - top + 16.0),
            10.0,
            1.0,
            fade(colour::TILE, 0.92),
            fade(colour::GOLD, 0.3),
        );
        let y0 = top + 10.0 - self.scroll;
        for p in &self.page.words {
            let (font, s, col) = font_of(p.look, fonts);
            let y = y0 + p.y;
            if y - s as f32 * 0.8 < top || y + s as f32 * 0.3 > bottom {
                continue;
            }
            style::text(&p.text, left + p.x, y, font, s, col);
        }
        for &(y, x0, x1, col) in &self.page.rules {
            let y = y0 + y;
            if y > top && y < bottom {
                draw_line(left + x0, y, left + x1, y, 1.0, col);
            }
        }
        self.draw_bar(g);
        self.draw_contents(fonts, &frame);
        let hint = if super::hints::on_pad() {
            use super::hints::{Key, Part, line};
            line(&[
                Part::Key(Key::Move, "scroll"),
                Part::Key(Key::Page, "a page"),
                Part::Key(Key::Back, "back"),
            ])
        } else {
            "Up/Down, wheel, Page Up/Down, Home/End scroll  ·  1-9 or click: a section  ·  Esc back"
                .to_string()
        };
        let hint = hint.as_str();
        let hs = style::fit_size(hint, &fonts.italic, 18, 12, size.x - 40.0);
        style::text_centred(
            hint,
            size.x / 2.0,
            size.y - 18.0,
            &fonts.italic,
            hs,
            style::dim(),
        );
    }

    fn draw_bar(&self, g: &RulesGeometry) {
        let max = self.max_scroll(g);
        if max <= 0.0 {
            return;
        }
        let (x, y0, len) = g.track;
        let thumb = (len * g.view() / self.page.height).max(30.0);
        let ty = y0 + (len - thumb) * (self.scroll / max);
        draw_line(x, y0, x, y0 + len, 2.0, fade(style::dim(), 0.3));
        draw_line(x, ty, x, ty + thumb, 6.0, fade(colour::GOLD, 0.8));
    }

    /// The sections at the left; the one being read is lit.
    fn draw_contents(&self, fonts: &Fonts, frame: &RulesFrame) {
        let rects: Vec<(Rect, usize)> = frame
            .targets
            .iter()
            .filter_map(|(t, r)| match t {
                RulesTarget::Section(i) => Some((*r, *i)),
                RulesTarget::Track => None,
            })
            .collect();
        if rects.is_empty() {
            return;
        }
        style::text("Contents", 20.0, 44.0, &fonts.serif, 20, colour::GOLD);
        let current = self
            .page
            .sections
            .iter()
            .rposition(|(_, y)| *y <= self.scroll + 1.0);
        for (r, i) in rects {
            let label = format!("{}  {}", i + 1, self.page.sections[i].0);
            let col = if Some(i) == current {
                colour::PARCHMENT
            } else {
                style::dim()
            };
            let fs = style::fit_size(&label, &fonts.serif, 17, 12, r.w);
            style::text(&label, r.x, r.y + r.h * 0.7, &fonts.serif, fs, col);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_parse_into_headings_lists_and_tables() {
        let blocks = parse(RULES_MD);
        assert!(matches!(&blocks[0], Block::Heading(1, t) if t.contains("rules")));
        assert!(
            blocks
                .iter()
                .any(|b| matches!(b, Block::Heading(2, t) if t == "Duels"))
        );
        assert!(
            blocks
                .iter()
                .any(|b| matches!(b, Block::Item(m, _) if m == "1."))
        );
        let table = blocks
            .iter()
            .find_map(|b| match b {
                Block::Table(rows) => Some(rows),
                _ => None,
            })
            .expect("a table");
        assert_eq!(table[0], ["Track", "Range", "Start", "Notes"]);
        assert!(table.len() > 3);
        // No Markdown table separator row survives, and no paragraph swallows a heading.
        for b in &blocks {
            if let Block::Para(p) = b {
                assert!(!p.contains("|---") && !p.contains("\n#"), "{p}");
            }
        }
    }

    #[test]
    fn the_rules_screen_explains_dealt_dice() {
        let blocks = parse(RULES_MD);
        let at = blocks
            .iter()
            .position(|b| matches!(b, Block::Heading(2, t) if t == "Dice: rolled or dealt"))
            .expect("the section");
        // Its table of which deck each die comes from, with a reason on every row.
        let table = blocks[at..]
            .iter()
            .find_map(|b| match b {
                Block::Table(rows) => Some(rows),
                _ => None,
            })
            .expect("a table");
        assert_eq!(table[0], ["Die", "Dealt from", "Why"]);
        assert_eq!(table.len(), 7);
        assert!(table.iter().all(|r| r.len() == 3 && !r[2].is_empty()));
    }

    #[test]
    fn inline_markers_become_looks() {
        let w = words("**The marker.** Gaining `Resolve`, up", Look::Plain);
        let looks: Vec<_> = w
            .iter()
            .map(|w| (w.text.as_str(), w.look, w.space))
            .collect();
        assert_eq!(
            looks,
            [
                ("The", Look::Bold, false),
                ("marker.", Look::Bold, true),
                ("Gaining", Look::Plain, true),
                ("Resolve", Look::Code, true),
                (",", Look::Plain, false),
                ("up", Look::Plain, true),
            ]
        );
    }
}
