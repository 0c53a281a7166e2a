//! The game's fonts (`art/fonts/`), embedded in the binary: one set of bytes for the window
//! (`ui::style::Fonts`) and for print (`print::text`).
//!
//! The serif faces are EB Garamond 12 with lining figures baked into their character map
//! (`art/fonts/lining.py`): EB Garamond's own digits are old-style ("11" reads as "ıı"),
//! and neither macroquad nor print applies the font's `lnum` feature, so every number the
//! game draws comes out lining only if the digits themselves map to the lining glyphs.

/// EB Garamond 12 Lining Regular: titles, menu, names, running text.
pub const SERIF: &[u8] = include_bytes!("../art/fonts/EBGaramond12Lining-Regular.ttf");
/// EB Garamond 12 Lining Italic: subtitles, hints, flavour.
pub const ITALIC: &[u8] = include_bytes!("../art/fonts/EBGaramond12Lining-Italic.ttf");
/// DejaVu Sans Mono: file names and error listings (its digits are lining already).
pub const MONO: &[u8] = include_bytes!("../art/fonts/DejaVuSansMono.ttf");
/// The serif faces' family name, as print's SVG asks for it.
pub const SERIF_FAMILY: &str = "EB Garamond Lining";

#[cfg(test)]
mod tests {
    use super::*;

    /// The top and bottom of `c`'s outline, in font units.
    fn extent(face: &ttf_parser::Face, c: char) -> (i16, i16) {
        let glyph = face.glyph_index(c).expect("glyph in the font");
        let bbox = face
            .glyph_bounding_box(glyph)
            .expect("glyph has an outline");
        (bbox.y_min, bbox.y_max)
    }

    /// Every digit of each serif face stands on the baseline (a Garamond "3" dips a little)
    /// and reaches about the height of a capital, as lining figures do; old-style figures
    /// have "1" and "0" at x-height and "3", "4", "5", "7", "9" hanging below the line.
    #[test]
    fn serif_digits_are_lining() {
        for (name, bytes) in [("regular", SERIF), ("italic", ITALIC)] {
            let face = ttf_parser::Face::parse(bytes, 0).expect("the font parses");
            let (_, cap) = extent(&face, 'H');
            let (_, x_height) = extent(&face, 'x');
            for digit in '0'..='9' {
                let (bottom, top) = extent(&face, digit);
                assert!(
                    top as f32 >= cap as f32 * 0.9,
                    "{name} {digit}: top {top} is under a capital's {cap} (x-height {x_height})"
                );
                assert!(
                    bottom as f32 >= -(cap as f32) * 0.1,
                    "{name} {digit}: hangs to {bottom} under the baseline"
                );
            }
        }
    }

    /// The family print asks for is the one the serif faces carry.
    #[test]
    fn serif_family_is_named_in_the_font() {
        for bytes in [SERIF, ITALIC] {
            let face = ttf_parser::Face::parse(bytes, 0).expect("the font parses");
            let named = face.names().into_iter().any(|n| {
                n.name_id == ttf_parser::name_id::TYPOGRAPHIC_FAMILY
                    && n.to_string().as_deref() == Some(SERIF_FAMILY)
            });
            assert!(named, "no family {SERIF_FAMILY:?} in the font");
        }
    }
}
