//! The Rules screen: `docs/RULES.md`, embedded in the binary, laid out simply (headings,
//! paragraphs, lists and tables, `**bold**` in gold, `code` in mono) and scrollable.

use super::Next;
use super::input::Input;
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
}

impl Default for RulesScreen {
    fn default() -> RulesScreen {
        RulesScreen::new()
    }
}

/// Where the text column goes in a window of `size`: (left, width, top, bottom).
fn frame(size: Vec2) -> (f32, f32, f32, f32) {
    let w = (size.x - 80.0).clamp(200.0, 900.0);
    ((size.x - w) / 2.0, w, 20.0, size.y - 52.0)
}

impl RulesScreen {
    pub fn new() -> RulesScreen {
        RulesScreen {
            blocks: parse(RULES_MD),
            page: Page::default(),
            scroll: 0.0,
        }
    }

    fn max_scroll(&self, size: Vec2) -> f32 {
        let (_, _, top, bottom) = frame(size);
        (self.page.height - (bottom - top)).max(0.0)
    }

    pub fn update(&mut self, input: &Input, fonts: &Fonts) -> Next {
        if input.back {
            return Next::Title;
        }
        let (_, w, top, bottom) = frame(input.size);
        if (self.page.width - w).abs() > 0.5 {
            self.page = lay_out(&self.blocks, w, fonts);
        }
        let view = bottom - top;
        let mut s = self.scroll;
        if input.up {
            s -= 40.0;
        }
        if input.down {
            s += 40.0;
        }
        if input.page_up {
            s -= view - 60.0;
        }
        if input.page_down {
            s += view - 60.0;
        }
        s -= input.wheel.signum() * 80.0;
        if input.home {
            s = 0.0;
        }
        if input.end {
            s = f32::MAX;
        }
        self.scroll = s.clamp(0.0, self.max_scroll(input.size));
        Next::Stay
    }

    pub fn draw(&self, fonts: &Fonts, size: Vec2) {
        let (left, w, top, bottom) = frame(size);
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
        // The scroll bar.
        let max = self.max_scroll(size);
        if max > 0.0 {
            let track = bottom - top - 20.0;
            let view = bottom - top;
            let thumb = (track * view / self.page.height).max(30.0);
            let ty = top + 10.0 + (track - thumb) * (self.scroll / max);
            let x = left + w + 16.0;
            draw_line(
                x,
                top + 10.0,
                x,
                top + 10.0 + track,
                2.0,
                fade(style::dim(), 0.3),
            );
            draw_line(x, ty, x, ty + thumb, 4.0, fade(colour::GOLD, 0.8));
        }
        let hint = "Up/Down, wheel, Page Up/Down, Home/End scroll  ·  Esc back";
        style::text_centred(
            hint,
            size.x / 2.0,
            size.y - 18.0,
            &fonts.italic,
            18,
            style::dim(),
        );
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
