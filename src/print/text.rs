//! The game's fonts for print: their bytes (embedded in the binary, as the window does),
//! advance widths for wrapping text to a width, and XML escaping.

/// The fonts bundled in `art/fonts/` (see `crate::fonts`).
pub use crate::fonts::{ITALIC, MONO, SERIF};

/// Which of the game's fonts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    Regular,
    Italic,
    Mono,
}

/// Parsed fonts, for measuring.
pub struct Metrics {
    regular: ttf_parser::Face<'static>,
    italic: ttf_parser::Face<'static>,
    mono: ttf_parser::Face<'static>,
}

impl Metrics {
    /// Parses the bundled fonts (they are part of the binary, so this cannot fail on a
    /// user's input; an error here means a broken build).
    pub fn new() -> Result<Self, ttf_parser::FaceParsingError> {
        Ok(Metrics {
            regular: ttf_parser::Face::parse(SERIF, 0)?,
            italic: ttf_parser::Face::parse(ITALIC, 0)?,
            mono: ttf_parser::Face::parse(MONO, 0)?,
        })
    }

    /// The width of `s` set at `size` (same unit as `size`).
    pub fn width(&self, font: Font, s: &str, size: f32) -> f32 {
        let face = match font {
            Font::Regular => &self.regular,
            Font::Italic => &self.italic,
            Font::Mono => &self.mono,
        };
        let upem = face.units_per_em() as f32;
        let units: f32 = s
            .chars()
            .map(|c| {
                face.glyph_index(c)
                    .and_then(|g| face.glyph_hor_advance(g))
                    .unwrap_or(upem as u16 / 2) as f32
            })
            .sum();
        units / upem * size
    }
}

/// Words of `s` in lines no wider than `width`; a word wider than a line stands alone.
pub fn wrap(m: &Metrics, font: Font, s: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    for word in s.split_whitespace() {
        let candidate = if cur.is_empty() {
            word.to_string()
        } else {
            format!("{cur} {word}")
        };
        if m.width(font, &candidate, size) <= width || cur.is_empty() {
            cur = candidate;
        } else {
            lines.push(std::mem::replace(&mut cur, word.to_string()));
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

/// Escapes text for XML.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_within_the_width() {
        let m = Metrics::new().unwrap();
        let s = "Look at the top 2 cards of the Domain deck, then put them back unchanged.";
        let lines = wrap(&m, Font::Regular, s, 3.0, 50.0);
        assert!(lines.len() >= 2);
        assert!(lines.iter().all(|l| m.width(Font::Regular, l, 3.0) <= 50.0));
        assert_eq!(lines.join(" "), s);
    }
}
