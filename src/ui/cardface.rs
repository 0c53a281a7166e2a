//! Cards drawn from their data: a frame in the colour of the card's type, a small icon
//! drawn from lines and shapes per type, the name, the rules text wrapped to fit and the
//! flavor in italics. Also the card back and a block-of-text helper.

use super::memo;
use super::style::{self, Fonts, colour, fade, mix};
use crate::cards::model::StationType;
use macroquad::prelude::*;

/// The frame colour of a type in the palette in force.
pub fn type_colour(t: StationType) -> Color {
    if style::look().colour_blind {
        return style::card_colour_safe(t);
    }
    let (r, g, b) = t.rgb();
    Color::from_rgba(r, g, b, 255)
}

/// The type's name as printed on the card.
pub fn type_name(t: StationType) -> &'static str {
    t.title()
}

/// A small icon for a type, drawn in a box of half-size `r` around `c`.
pub fn icon(t: StationType, c: Vec2, r: f32, col: Color) {
    let th = (r * 0.16).max(1.5);
    match t {
        StationType::Caesura => {
            // Two pause bars.
            draw_rectangle(c.x - r * 0.55, c.y - r * 0.7, r * 0.35, r * 1.4, col);
            draw_rectangle(c.x + r * 0.2, c.y - r * 0.7, r * 0.35, r * 1.4, col);
        }
        StationType::Item => {
            // A pouch: a circle with a knot.
            draw_circle(c.x, c.y + r * 0.2, r * 0.65, col);
            draw_triangle(
                vec2(c.x - r * 0.35, c.y - r * 0.85),
                vec2(c.x + r * 0.35, c.y - r * 0.85),
                vec2(c.x, c.y - r * 0.3),
                col,
            );
        }
        StationType::Equipment => {
            // A shield.
            draw_rectangle(c.x - r * 0.65, c.y - r * 0.75, r * 1.3, r * 0.8, col);
            draw_triangle(
                vec2(c.x - r * 0.65, c.y + r * 0.05),
                vec2(c.x + r * 0.65, c.y + r * 0.05),
                vec2(c.x, c.y + r * 0.9),
                col,
            );
        }
        StationType::Companion => {
            // Two heads.
            draw_circle(c.x - r * 0.38, c.y - r * 0.25, r * 0.3, col);
            draw_circle(c.x + r * 0.38, c.y - r * 0.25, r * 0.3, col);
            draw_rectangle(c.x - r * 0.75, c.y + r * 0.15, r * 1.5, r * 0.55, col);
        }
        StationType::Foe => {
            // Crossed blades.
            draw_line(
                c.x - r * 0.8,
                c.y - r * 0.8,
                c.x + r * 0.8,
                c.y + r * 0.8,
                th,
                col,
            );
            draw_line(
                c.x + r * 0.8,
                c.y - r * 0.8,
                c.x - r * 0.8,
                c.y + r * 0.8,
                th,
                col,
            );
            draw_line(
                c.x - r * 0.8,
                c.y + r * 0.3,
                c.x - r * 0.3,
                c.y + r * 0.8,
                th,
                col,
            );
            draw_line(
                c.x + r * 0.8,
                c.y + r * 0.3,
                c.x + r * 0.3,
                c.y + r * 0.8,
                th,
                col,
            );
        }
        StationType::Terror => {
            // An eye.
            draw_ellipse(c.x, c.y, r * 0.9, r * 0.5, 0.0, col);
            draw_circle(c.x, c.y, r * 0.3, colour::TILE);
            draw_circle(c.x, c.y, r * 0.14, col);
        }
        StationType::Pit => {
            // A drop into the dark.
            draw_triangle(
                vec2(c.x - r * 0.85, c.y - r * 0.6),
                vec2(c.x + r * 0.85, c.y - r * 0.6),
                vec2(c.x, c.y + r * 0.8),
                col,
            );
            draw_rectangle(c.x - r * 0.9, c.y - r * 0.85, r * 1.8, th, col);
        }
        StationType::Snare => {
            // A zigzag of teeth.
            let pts = [-0.8, -0.4, 0.0, 0.4, 0.8];
            for w in pts.windows(2) {
                let (a, b) = (w[0], w[1]);
                let ya = if ((a + 0.8) / 0.4) as i32 % 2 == 0 {
                    0.5
                } else {
                    -0.5
                };
                draw_line(
                    c.x + r * a,
                    c.y + r * ya,
                    c.x + r * b,
                    c.y - r * ya,
                    th,
                    col,
                );
            }
        }
        StationType::Blessing => {
            // A four-pointed star: a diamond and a long point each way.
            style::diamond(c, r * 0.35, col);
            for d in [
                vec2(0.0, -1.0),
                vec2(0.0, 1.0),
                vec2(-1.0, 0.0),
                vec2(1.0, 0.0),
            ] {
                let side = vec2(d.y, d.x) * r * 0.2;
                draw_triangle(c + d * r, c - side, c + side, col);
            }
        }
        StationType::Rest => {
            // A small fire.
            draw_triangle(
                vec2(c.x - r * 0.5, c.y + r * 0.5),
                vec2(c.x + r * 0.5, c.y + r * 0.5),
                vec2(c.x, c.y - r * 0.9),
                col,
            );
            draw_line(
                c.x - r * 0.8,
                c.y + r * 0.75,
                c.x + r * 0.8,
                c.y + r * 0.75,
                th,
                col,
            );
        }
    }
}

/// Draws `s` wrapped into `r` (top-left), shrinking from `size` down to `min` until it
/// fits without breaking a word; returns the height used. Text that still does not fit at
/// `min` is shortened by design to its first sentences (see [`fit_block`]). A card's rules
/// never are: [`draw_face`] picks what of a card to show so that its text fits whole.
pub fn text_block(s: &str, r: Rect, font: &Font, size: u16, min: u16, col: Color) -> f32 {
    let block = laid_out(s, r, font, (size, min));
    // Lines are spaced by the size as drawn (the player's text size included).
    let drawn = style::scaled(block.size) as f32;
    let line_h = drawn * LINE;
    let mut y = r.y + drawn * 0.9;
    for line in &block.lines {
        style::text(line, r.x, y, font, block.size, col);
        y += line_h;
    }
    block.lines.len() as f32 * line_h
}

/// The height [`text_block`] would use, without drawing.
pub fn block_height(s: &str, r: Rect, font: &Font, size: u16, min: u16) -> f32 {
    let block = laid_out(s, r, font, (size, min));
    block.lines.len() as f32 * style::scaled(block.size) as f32 * LINE
}

/// [`fit_block`], remembered (the table draws the same blocks every frame).
fn laid_out(s: &str, r: Rect, font: &Font, (size, min): (u16, u16)) -> std::rc::Rc<memo::Block> {
    let font_id = font as *const Font as usize;
    let scale = style::scale().to_bits();
    let text = style::look().text_scale.to_bits();
    let key = memo::key((
        s,
        r.w.to_bits(),
        r.h.to_bits(),
        font_id,
        size,
        min,
        scale,
        text,
    ));
    memo::block(key, || fit_block(s, r, font, (size, min)))
}

/// The smallest text on a card: 11 pixels in the smallest window the table is laid out
/// for (1024x640, 0.8 of the layout's size).
pub const READABLE: u16 = 14;

/// Line height as a share of the text size.
const LINE: f32 = 1.18;

/// [`text_block`]'s layout: the largest size from `size` down to `min` at which the words
/// fit `r` whole, the lines at that size. Text that does not fit even at `min` is shortened
/// by design, never cut mid-word: the whole sentences that fit.
fn fit_block(s: &str, r: Rect, font: &Font, (size, min): (u16, u16)) -> memo::Block {
    if let Some(whole) = fit_whole(s, r, font, (size, min)) {
        return whole;
    }
    let measure = |x: &str| style::width(x, font, min);
    let line_h = style::scaled(min) as f32 * LINE;
    let room = ((r.h + 1.0) / line_h).floor().max(1.0) as usize;
    memo::Block {
        size: min,
        lines: brief(s, r.w, room, measure),
    }
}

/// The largest size from `size` down to `min` at which all of `s` fits `r`, words whole,
/// with its lines; `None` when it fits at none.
fn fit_whole(s: &str, r: Rect, font: &Font, (size, min): (u16, u16)) -> Option<memo::Block> {
    let mut size = size.max(min);
    loop {
        let measure = |x: &str| style::width(x, font, size);
        let lines = style::wrap(s, r.w, measure);
        let line_h = style::scaled(size) as f32 * LINE;
        let words_fit = s.split_whitespace().all(|w| measure(w) <= r.w);
        if lines.len() as f32 * line_h <= r.h + 1.0 && words_fit {
            return Some(memo::Block { size, lines });
        }
        if size <= min {
            return None;
        }
        size -= 1;
    }
}

/// Whether all of `s` fits `r` at some size from `size` down to `min`: what
/// [`text_block`] then draws whole, never shortened.
pub fn fits(s: &str, r: Rect, font: &Font, size: u16, min: u16) -> bool {
    fit_whole(s, r, font, (size, min)).is_some()
}

/// `s` in at most `room` lines of `width`: its first whole sentences that fit (a card's
/// list of faces, said in its duel and its tip, is passed over first), else the head of
/// the first before its colon. Only text with no such break is cut, at a word.
fn brief(s: &str, width: f32, room: usize, measure: impl Fn(&str) -> f32) -> Vec<String> {
    let lines_of = |t: &str| style::wrap(t, width, &measure);
    let whole = |t: &str| t.split_whitespace().all(|w| measure(w) <= width);
    let all = sentences(s);
    let plain: Vec<&str> = all.iter().copied().filter(|x| !face_list(x)).collect();
    let units = if plain.is_empty() { all } else { plain };
    let mut kept: Vec<String> = Vec::new();
    let mut said = String::new();
    for sentence in &units {
        let next = if said.is_empty() {
            sentence.to_string()
        } else {
            format!("{said} {sentence}")
        };
        let lines = lines_of(&next);
        if lines.len() > room || !whole(&next) {
            break;
        }
        said = next;
        kept = lines;
    }
    if kept.is_empty()
        && let Some(first) = units.first()
    {
        let head = first.split_once(": ").map_or(*first, |(h, _)| h);
        let head = format!("{}:", head.trim_end_matches(':'));
        let lines = lines_of(&head);
        kept = if lines.len() <= room && head.len() < first.len() {
            lines
        } else {
            let mut lines = lines_of(s);
            lines.truncate(room.max(1));
            lines
        };
    }
    kept
}

/// A card's rules without its list of faces (a foe's faces are shown in its duel and in
/// its tip); `None` when it has none.
fn without_faces(s: &str) -> Option<String> {
    let all = sentences(s);
    let rest: Vec<&str> = all.iter().copied().filter(|x| !face_list(x)).collect();
    (rest.len() < all.len() && !rest.is_empty()).then(|| rest.join(" "))
}

/// A sentence of a foe's list of faces ("Faces: 1 Bite (deals 2)." or "3 Claw (deals 1).").
fn face_list(sentence: &str) -> bool {
    sentence.starts_with("Faces:")
        || sentence
            .split_once(' ')
            .is_some_and(|(n, _)| matches!(n, "1" | "2" | "3" | "4" | "5" | "6"))
}

/// `s` split after each full stop that ends a sentence (one followed by a space), the stops
/// kept; a stop inside brackets does not end one.
fn sentences(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let bytes = s.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b'.' | b'!' | b'?' if depth <= 0 && bytes.get(i + 1).is_none_or(|n| *n == b' ') => {
                out.push(s[start..=i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < s.len() && !s[start..].trim().is_empty() {
        out.push(s[start..].trim());
    }
    out
}

/// What a card face shows.
pub struct Face<'a> {
    pub name: &'a str,
    pub kind: Option<StationType>,
    /// Printed under the name instead of the type ("Domain", "Guardian").
    pub kind_text: &'a str,
    pub text: &'a str,
    pub flavor: Option<&'a str>,
    /// An extra line under the type (a foe's HP and DEF).
    pub stats: Option<String>,
    /// The picture: a vendored icon's name (`None`: the type's drawn emblem only).
    pub art: Option<&'static str>,
}

/// A Station card's face: its name, type, rules text and flavor, and a foe's HP and DEF.
pub fn station_face(sc: &crate::cards::model::StationCard) -> Face<'_> {
    let stats = match (sc.card_type, sc.hp) {
        (StationType::Foe, Some(hp)) => Some(format!("HP {hp} · DEF {}", sc.def.unwrap_or(0))),
        _ => None,
    };
    Face {
        name: &sc.name,
        kind: Some(sc.card_type),
        kind_text: crate::present::words::type_label(sc),
        text: &sc.text,
        flavor: sc.flavor.as_deref(),
        stats,
        art: crate::cards::art::for_card(sc.art.as_ref(), sc.card_type),
    }
}

/// Draws a card face in `r`. Small cards show only the name, type and picture; larger
/// ones their rules text too, always whole (see [`plan_face`]).
pub fn draw_face(r: Rect, f: &Face, fonts: &Fonts, glow: bool) {
    let text = seat_text(f.text);
    let plan = plan_face(r, f, fonts, &text);
    let face = Face {
        art: f.art.filter(|_| plan.art),
        stats: f.stats.clone(),
        ..*f
    };
    let Some(body) = draw_face_head(r, &face, fonts, glow) else {
        return;
    };
    draw_face_text(r, body, &face, fonts, &plan);
}

/// Where a large card's text goes: below its name and picture, and whether the card is of
/// the medium size (smaller text, no flavor).
#[derive(Debug, Clone, Copy)]
pub struct Body {
    pub rect: Rect,
    pub medium: bool,
}

/// A card's head laid out: its frame's colour, padding, type band, name box and picture
/// band, and where its text goes (`body`; `None` on a small card, which shows no text).
struct Head {
    frame: Color,
    pad: f32,
    small: bool,
    band_h: f32,
    name_area: Rect,
    name_size: u16,
    name_used: f32,
    art_band: Option<Rect>,
    rule_y: f32,
    body: Option<Body>,
}

/// [`Head`] of `f` in `r`, measured, not drawn (the picture's band only with `f.art`).
fn head(r: Rect, f: &Face, fonts: &Fonts) -> Head {
    let frame = f.kind.map_or(colour::GOLD, type_colour);
    let pad = (r.w * 0.06).clamp(6.0, 16.0);
    let small = r.h < 150.0;
    let band_h = if small { 18.0 } else { 24.0 };
    let medium = !small && r.h < 300.0;
    let name_y = r.y + pad + band_h + 4.0;
    let name_area = Rect::new(
        r.x + pad,
        name_y,
        r.w - 2.0 * pad,
        if small {
            r.h - band_h - 2.0 * pad
        } else if medium {
            // Three lines at the smallest size: a long name wraps whole, never cut
            // ("A Neighbour's Boots by the Door"); two lines at a larger size fit as before.
            (style::scaled(READABLE) as f32 * LINE * 3.0).max(42.0)
        } else {
            60.0
        },
    );
    let name_size = if small {
        16
    } else if medium {
        18
    } else {
        24
    };
    let name_used = block_height(f.name, name_area, &fonts.serif, name_size, READABLE);
    let mut rule_y = name_y + name_used + 6.0;
    let art_band = f.art.filter(|_| !small).map(|_| {
        let band = (r.h * if medium { 0.24 } else { 0.30 }).clamp(40.0, 230.0);
        Rect::new(r.x + pad, rule_y + 2.0, r.w - 2.0 * pad, band)
    });
    if let Some(band) = art_band {
        rule_y = band.bottom() + 4.0;
    }
    let body = (!small).then(|| Body {
        rect: Rect::new(
            r.x + pad,
            rule_y + 8.0,
            r.w - 2.0 * pad,
            (r.bottom() - pad - rule_y - 8.0).max(10.0),
        ),
        medium,
    });
    Head {
        frame,
        pad,
        small,
        band_h,
        name_area,
        name_size,
        name_used,
        art_band,
        rule_y,
        body,
    }
}

/// A card's frame, type band, name and picture; returns where its text goes (`None`: a
/// small card, which shows no text).
pub fn draw_face_head(r: Rect, f: &Face, fonts: &Fonts, glow: bool) -> Option<Body> {
    let h = head(r, f, fonts);
    let (frame, pad, small, band_h) = (h.frame, h.pad, h.small, h.band_h);
    if glow {
        style::rounded_rect(
            Rect::new(r.x - 4.0, r.y - 4.0, r.w + 8.0, r.h + 8.0),
            12.0,
            fade(frame, 0.35),
        );
    }
    let fill = mix(colour::TILE, frame, 0.10);
    style::card(r, 9.0, 3.0, Color::new(fill.r, fill.g, fill.b, 1.0), frame);
    // The type band: icon and type name.
    let icon_r = band_h * 0.38;
    if let Some(k) = f.kind {
        icon(
            k,
            vec2(r.x + pad + icon_r, r.y + pad + icon_r),
            icon_r,
            frame,
        );
    }
    let type_x = r.x
        + pad
        + if f.kind.is_some() {
            icon_r * 2.0 + 6.0
        } else {
            0.0
        };
    let type_size = if small { READABLE } else { 16 };
    let kind: &str = match f.kind {
        Some(k) if f.kind_text.is_empty() => type_name(k),
        _ => f.kind_text,
    };
    let room = r.right() - pad - type_x;
    let type_size = style::fit_size(kind, &fonts.italic, type_size, READABLE, room);
    // On a card too narrow for its type's word, the icon and the frame's colour say it.
    if style::width(kind, &fonts.italic, type_size) <= room {
        style::text(
            kind,
            type_x,
            r.y + pad + band_h * 0.72,
            &fonts.italic,
            type_size,
            frame,
        );
    }
    if let Some(stats) = &f.stats
        && !small
    {
        style::text_right(
            stats,
            r.right() - pad,
            r.y + pad + band_h * 0.72,
            &fonts.serif,
            16,
            colour::PARCHMENT,
        );
    }
    text_block(
        f.name,
        h.name_area,
        &fonts.serif,
        h.name_size,
        READABLE,
        colour::PARCHMENT,
    );
    if small {
        // A small card: its picture in the room under the name.
        let top = h.name_area.y + h.name_used + 4.0;
        let side = (r.bottom() - pad - top).min(r.w - 2.0 * pad);
        if let Some(a) = f.art
            && side >= 22.0
        {
            let c = vec2(r.center().x, top + side / 2.0);
            crate::ui::art::draw(a, c, side, art_ink(frame));
        }
        return None;
    }
    // The picture: a band of its own under the name, always in the same place.
    if let (Some(a), Some(ground)) = (f.art, h.art_band) {
        style::rounded_rect(ground, 6.0, fade(mix(colour::TILE, frame, 0.22), 0.9));
        let side = ground.h * 0.86;
        crate::ui::art::draw(a, ground.center(), side, art_ink(frame));
    }
    draw_line(
        r.x + pad,
        h.rule_y,
        r.right() - pad,
        h.rule_y,
        1.0,
        fade(frame, 0.6),
    );
    h.body
}

/// What a large card shows below its name: its picture or not, its rules (all of them,
/// all but a foe's list of faces, or none) and its flavor or not.
struct Plan {
    art: bool,
    text: Option<String>,
    flavor: bool,
}

/// The most of a card that fits `r` whole, never a cut sentence: the picture, the rules and
/// the flavor; else without the flavor; else without the picture; else a foe's rules
/// without its list of faces (shown in its duel and its tip); else no rules at all (the
/// name, type and picture, the whole card in its tip). Text shrinks to [`READABLE`] first.
fn plan_face(r: Rect, f: &Face, fonts: &Fonts, text: &str) -> Plan {
    let with_art = head(r, f, fonts).body;
    let bare = Face {
        art: None,
        stats: None,
        ..*f
    };
    let without_art = head(r, &bare, fonts).body.filter(|_| f.art.is_some());
    let Some(body) = with_art else {
        return Plan {
            art: true,
            text: None,
            flavor: false,
        };
    };
    let fits_in = |body: Body, t: &str, flavor: bool| {
        let (area, size) = text_area(r, body, f, fonts, flavor);
        fits(t, area, &fonts.serif, size, READABLE)
    };
    let bodies = [(true, Some(body)), (false, without_art)];
    for (art, b) in bodies {
        let Some(b) = b else { continue };
        for flavor in [true, false] {
            if fits_in(b, text, flavor) {
                return Plan {
                    art,
                    text: Some(text.to_string()),
                    flavor,
                };
            }
        }
    }
    if let Some(short) = without_faces(text) {
        for (art, b) in bodies {
            if let Some(b) = b
                && fits_in(b, &short, false)
            {
                return Plan {
                    art,
                    text: Some(short),
                    flavor: false,
                };
            }
        }
    }
    Plan {
        art: true,
        text: None,
        flavor: false,
    }
}

/// Where a large card's rules go in `body` and at what size, leaving the flavor its
/// lines at the foot (`flavor`, when the card has one short enough and is not medium).
fn text_area(r: Rect, body: Body, f: &Face, fonts: &Fonts, flavor: bool) -> (Rect, u16) {
    let h = if flavor {
        flavor_height(r, body, f, fonts)
    } else {
        0.0
    };
    let area = Rect::new(
        body.rect.x,
        body.rect.y,
        body.rect.w,
        (body.rect.h - h).max(10.0),
    );
    (area, if body.medium { 15 } else { 19 })
}

/// The height of a card's flavor at its foot: none on a medium card, nor for flavor that
/// would need more than four lines (left to the card's tip).
fn flavor_height(r: Rect, body: Body, f: &Face, fonts: &Fonts) -> f32 {
    let pad = body.rect.x - r.x;
    match f.flavor {
        Some(fl) if !fl.is_empty() && !body.medium => {
            let lines = style::wrap(fl, r.w - 2.0 * pad, |x| style::width(x, &fonts.italic, 15));
            if lines.len() <= 4 {
                lines.len() as f32 * 15.0 * 1.18 + 8.0
            } else {
                0.0
            }
        }
        _ => 0.0,
    }
}

/// A large card's rules text and flavor in its `body`, as planned.
fn draw_face_text(r: Rect, body: Body, f: &Face, fonts: &Fonts, plan: &Plan) {
    let pad = body.rect.x - r.x;
    if let Some(text) = &plan.text {
        let (area, size) = text_area(r, body, f, fonts, plan.flavor);
        text_block(text, area, &fonts.serif, size, READABLE, colour::PARCHMENT);
    }
    let flavor_h = flavor_height(r, body, f, fonts);
    if let Some(fl) = f.flavor
        && plan.flavor
        && flavor_h > 0.0
    {
        let fr = Rect::new(
            r.x + pad,
            r.bottom() - pad - flavor_h + 4.0,
            r.w - 2.0 * pad,
            flavor_h,
        );
        text_block(
            fl,
            fr,
            &fonts.italic,
            15,
            READABLE,
            fade(colour::PARCHMENT, 0.7),
        );
    }
}

/// The ink a card's picture is drawn in: its frame colour, lifted towards parchment so it
/// reads on the dark ground (the type's colour carries on; the shape carries the meaning).
pub fn art_ink(frame: Color) -> Color {
    mix(frame, colour::PARCHMENT, 0.35)
}

/// The look of a Domain's card backs: its palette and emblem, so that the nine decks can
/// be told apart once mixed (and by shape, not by colour alone).
#[derive(Debug, Clone, Copy)]
pub struct Back {
    pub tint: Color,
    pub emblem: Option<&'static str>,
}

impl Default for Back {
    fn default() -> Back {
        Back {
            tint: colour::GOLD,
            emblem: None,
        }
    }
}

/// The nine Domains' palettes, in map order (a tenth Domain and on start again).
const DOMAIN_TINTS: [(u8, u8, u8); 9] = [
    (214, 170, 96),  // ember gold
    (196, 132, 92),  // old brick
    (150, 170, 214), // banner blue
    (172, 150, 214), // spire violet
    (220, 190, 120), // sand
    (120, 178, 132), // moss
    (160, 190, 110), // rot green
    (150, 200, 220), // ice
    (110, 160, 200), // night sea
];

/// The back of a Domain's Station cards.
pub fn domain_back(cards: &crate::cards::CardSet, d: crate::cards::DomainRef) -> Back {
    Back {
        tint: domain_tint(d.index as usize),
        emblem: crate::cards::art::named(cards.domain(d).art.as_ref()),
    }
}

/// The palette of the Domain at `index` in map order.
pub fn domain_tint(index: usize) -> Color {
    let (r, g, b) = DOMAIN_TINTS[index % DOMAIN_TINTS.len()];
    Color::from_rgba(r, g, b, 255)
}

/// The back of a Station card, in its Domain's look.
pub fn draw_back(r: Rect, fonts: &Fonts, label: &str, highlight: bool, back: Back) {
    let gold = back.tint;
    let border = if highlight { gold } else { fade(gold, 0.55) };
    style::card(
        r,
        9.0,
        if highlight { 3.0 } else { 2.0 },
        colour::TILE,
        border,
    );
    let inner = Rect::new(r.x + 10.0, r.y + 10.0, r.w - 20.0, r.h - 20.0);
    style::rounded_outline(inner, 6.0, 1.0, fade(gold, 0.3));
    let c = r.center();
    let half = (r.w.min(r.h) * 0.18).max(6.0);
    // The Domain's emblem inside the diamond's frame; the plain diamond without one.
    match back.emblem {
        Some(e) => {
            style::diamond(c, half * 1.55, fade(gold, 0.22));
            style::diamond(c, half * 1.35, colour::TILE);
            crate::ui::art::draw(e, c, half * 1.5, fade(gold, 0.75));
        }
        None => {
            style::diamond(c, half, fade(gold, 0.5));
            style::diamond(c, half * 0.5, colour::TILE);
        }
    }
    if !label.is_empty() {
        style::text_centred(
            label,
            c.x,
            r.bottom() - 16.0,
            &fonts.serif,
            18,
            fade(colour::PARCHMENT, 0.8),
        );
    }
}

thread_local! {
    /// Whether the faces drawn now are for a run without a Guide (the table sets it while
    /// it draws a solo run): their text then says "a die chooses" where the printed card
    /// says the Guide chooses (`present::words::text_for_seat`).
    static SOLO: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Draws what `draw` draws worded for a run alone (`solo`) or as printed.
pub fn for_seat<T>(solo: bool, draw: impl FnOnce() -> T) -> T {
    let before = SOLO.with(|c| c.replace(solo));
    let out = draw();
    SOLO.with(|c| c.set(before));
    out
}

/// A card's text as the faces drawn now word it (see [`for_seat`]).
pub fn seat_text(text: &str) -> std::borrow::Cow<'_, str> {
    crate::present::words::text_for_seat(text, !SOLO.with(std::cell::Cell::get))
}
