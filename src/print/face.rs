//! One card drawn as SVG in millimetres, the way the game's window draws it
//! (`ui::cardface`): a dark tile tinted with the type's colour, a rounded frame in that
//! colour, the type's icon and name, the card's name, a rule, the rules text, a foe's faces
//! as a table, and the flavour in italics at the foot. Also the common card back.

use super::text::{Font, Metrics, esc, wrap};
use crate::cards::model::StationType;
use std::fmt::Write;

/// Poker size, in millimetres.
pub const CARD_W: f32 = 63.0;
pub const CARD_H: f32 = 88.0;

/// The game's colours (the same values as `ui::style::colour` and `ui::cardface`).
pub const TILE: (u8, u8, u8) = (0x14, 0x17, 0x2a);
pub const PARCHMENT: (u8, u8, u8) = (0xf1, 0xe6, 0xc8);
pub const GOLD: (u8, u8, u8) = (0xd9, 0xb3, 0x6c);
pub const FOE_RED: (u8, u8, u8) = (0xe0, 0x5a, 0x4f);

/// How a card is coloured: the game's dark tile with light text, or an ink saver for home
/// printers (white ground, dark text, thin frames).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    /// The card's ground.
    pub ground: (u8, u8, u8),
    /// Text.
    pub ink: (u8, u8, u8),
    /// How much of the type's colour tints the ground.
    pub tint: f32,
    /// The frame's line width, in mm.
    pub stroke: f32,
}

impl Look {
    /// As the game draws cards.
    pub const GAME: Look = Look {
        ground: TILE,
        ink: PARCHMENT,
        tint: 0.10,
        stroke: 0.6,
    };
    /// White ground and thin frames: little ink.
    pub const INK_SAVER: Look = Look {
        ground: (0xff, 0xff, 0xff),
        ink: (0x22, 0x22, 0x22),
        tint: 0.0,
        stroke: 0.25,
    };
}

/// The frame colour of a Station type (the normal palette, as in the window).
pub fn type_colour(t: StationType) -> (u8, u8, u8) {
    t.rgb()
}

/// `#rrggbb`.
pub fn hex(c: (u8, u8, u8)) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// `a` moved toward `b` by `t`.
pub fn mix(a: (u8, u8, u8), b: (u8, u8, u8), t: f32) -> (u8, u8, u8) {
    let m = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    (m(a.0, b.0), m(a.1, b.1), m(a.2, b.2))
}

/// What kind of card a face is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    Station(StationType),
    Domain,
    Traveller,
    Guardian,
}

/// Everything a printed face shows.
#[derive(Debug, Clone)]
pub struct CardFace {
    pub id: String,
    pub kind: Kind,
    pub name: String,
    pub text: String,
    pub flavor: Option<String>,
    /// "HP 5 · DEF 1" for a foe or the Guardian; "Health 20" for the traveller.
    pub stats: Option<String>,
    /// A foe's faces: (name, what it does).
    pub faces: Vec<(String, String)>,
    /// The Domain a Station card belongs to, printed small at the foot.
    pub domain: Option<String>,
    /// The type printed instead of the Station type's name (a card's `label`).
    pub label: Option<String>,
    /// The Domain (id, name, emblem icon) whose back this card has; `None`: the common
    /// back.
    pub back: Option<(String, String, Option<String>)>,
    /// The picture: the card's icon (or its type's emblem), printed under the name.
    pub art: Option<String>,
}

/// A vendored icon as SVG, its `size` mm square centred on (`cx`, `cy`), in `colour`.
pub fn icon_svg(name: &str, cx: f32, cy: f32, size: f32, colour: &str) -> Option<String> {
    let svg = crate::cards::art::svg(name)?;
    let body = svg.split_once('>')?.1.rsplit_once("</svg>")?.0;
    Some(format!(
        r#"<g transform="translate({:.3} {:.3}) scale({:.5})">{}</g>"#,
        cx - size / 2.0,
        cy - size / 2.0,
        size / 512.0,
        body.replace("currentColor", colour)
    ))
}

impl CardFace {
    fn frame(&self) -> (u8, u8, u8) {
        match self.kind {
            Kind::Station(t) => type_colour(t),
            Kind::Guardian => FOE_RED,
            Kind::Domain | Kind::Traveller => GOLD,
        }
    }
    fn kind_text(&self) -> &str {
        if let Some(label) = &self.label {
            return label;
        }
        match self.kind {
            Kind::Station(t) => t.title(),
            Kind::Domain => "Domain",
            Kind::Traveller => "Traveller",
            Kind::Guardian => "Guardian",
        }
    }
}

/// Inset of the frame from the trim line, and of the content from the trim line.
const FRAME_INSET: f32 = 2.6;
const PAD: f32 = 5.0;
/// Body text starts at this size (mm) and shrinks to fit, down to the minimum.
const TEXT_SIZE: f32 = 3.0;
const TEXT_MIN: f32 = 1.9;
const LINE: f32 = 1.2;

/// The SVG elements of a face whose bleed box starts at (0, 0); the trim box starts at
/// (`bleed`, `bleed`).
pub fn face_svg(m: &Metrics, f: &CardFace, bleed: f32) -> String {
    face_svg_as(m, f, bleed, &Look::GAME, None)
}

/// A face in a [`Look`], stamped small at its foot with `stamp` (the card's id, the set's
/// fingerprint and date) if given.
pub fn face_svg_as(
    m: &Metrics,
    f: &CardFace,
    bleed: f32,
    look: &Look,
    stamp: Option<&str>,
) -> String {
    face_svg_fitted(m, f, bleed, look, stamp).0
}

/// [`face_svg_as`], and whether the rules text fitted its room whole (at the smallest
/// size a text shrinks to, a longer one loses its last lines).
pub fn face_svg_fitted(
    m: &Metrics,
    f: &CardFace,
    bleed: f32,
    look: &Look,
    stamp: Option<&str>,
) -> (String, bool) {
    let mut s = String::new();
    let frame = f.frame();
    let fill = mix(look.ground, frame, look.tint);
    tile_and_frame(&mut s, bleed, fill, frame, look.stroke);
    let (x0, y0) = (bleed, bleed);
    if let Some(st) = stamp {
        s.push_str(&text(
            m,
            Font::Regular,
            st,
            x0 + CARD_W / 2.0,
            y0 + CARD_H - 0.9,
            1.3,
            &hex(mix(fill, look.ink, 0.55)),
            "middle",
        ));
    }
    let pen = Pen {
        m,
        left: x0 + PAD,
        right: x0 + CARD_W - PAD,
        frame,
        fill,
        ink: look.ink,
    };
    let band_y = y0 + PAD + 2.6;
    pen.type_band(&mut s, f, band_y);
    let y = pen.name(&mut s, &f.name, band_y + 2.2) + 1.8;
    let _ = write!(
        s,
        r#"<line x1="{}" y1="{y}" x2="{}" y2="{y}" stroke="{}" stroke-width="0.25"/>"#,
        pen.left,
        pen.right,
        hex(mix(fill, frame, 0.6))
    );
    let mut top = y + 1.2;
    // The picture, in a band of its own under the name (smaller on a foe, whose faces
    // need the room).
    if let Some(a) = &f.art {
        let band = if f.faces.is_empty() { 17.0 } else { 12.0 };
        let ink = hex(mix(frame, look.ink, 0.35));
        if let Some(icon) = icon_svg(a, x0 + CARD_W / 2.0, top + band / 2.0, band - 1.5, &ink) {
            s.push_str(&icon);
            top += band + 0.8;
        }
    }
    // From the foot up: the Domain line, the flavour, the faces table.
    let mut bottom = pen.foot(&mut s, f, x0 + CARD_W / 2.0, y0 + CARD_H - PAD);
    if !f.faces.is_empty() {
        bottom = faces_table(
            &mut s, m, &f.faces, pen.left, pen.right, bottom, frame, fill, look.ink,
        );
    }
    let fitted = pen.rules_body(&mut s, &rules_text(f), top, bottom);
    (s, fitted)
}

/// The bleed box filled with the tinted tile, and the rounded frame inside the trim line.
fn tile_and_frame(
    s: &mut String,
    bleed: f32,
    fill: (u8, u8, u8),
    frame: (u8, u8, u8),
    stroke: f32,
) {
    let (w, h) = (CARD_W + 2.0 * bleed, CARD_H + 2.0 * bleed);
    let _ = write!(
        s,
        r#"<rect x="0" y="0" width="{w}" height="{h}" fill="{}"/>"#,
        hex(fill)
    );
    let _ = write!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="2.4" fill="none" stroke="{}" stroke-width="{stroke}"/>"#,
        bleed + FRAME_INSET,
        bleed + FRAME_INSET,
        CARD_W - 2.0 * FRAME_INSET,
        CARD_H - 2.0 * FRAME_INSET,
        hex(frame)
    );
}

/// What the parts of a face share: the font metrics, the content's left and right edges,
/// and the frame and tile colours.
struct Pen<'a> {
    m: &'a Metrics,
    left: f32,
    right: f32,
    frame: (u8, u8, u8),
    fill: (u8, u8, u8),
    /// Text colour.
    ink: (u8, u8, u8),
}

impl Pen<'_> {
    /// The type band on baseline `band_y`: a Station's icon, the type name, the stats.
    fn type_band(&self, s: &mut String, f: &CardFace, band_y: f32) {
        let icon_r = 1.5;
        let type_x = if let Kind::Station(t) = f.kind {
            s.push_str(&icon(
                t,
                self.left + icon_r,
                band_y - 1.0,
                icon_r,
                &hex(self.frame),
                &hex(self.fill),
            ));
            self.left + 2.0 * icon_r + 1.4
        } else {
            self.left
        };
        s.push_str(&text(
            self.m,
            Font::Italic,
            f.kind_text(),
            type_x,
            band_y,
            3.2,
            &hex(self.frame),
            "start",
        ));
        if let Some(st) = &f.stats {
            s.push_str(&text(
                self.m,
                Font::Regular,
                st,
                self.right,
                band_y,
                3.0,
                &hex(self.ink),
                "start-right",
            ));
        }
    }

    /// The card's name below `y`: up to two lines, shrinking to fit. Returns the last
    /// line's baseline.
    fn name(&self, s: &mut String, name: &str, mut y: f32) -> f32 {
        let width = self.right - self.left;
        let mut name_size = 4.6;
        let mut name_lines = wrap(self.m, Font::Regular, name, name_size, width);
        while name_lines.len() > 2 && name_size > 3.2 {
            name_size -= 0.2;
            name_lines = wrap(self.m, Font::Regular, name, name_size, width);
        }
        for l in name_lines.iter().take(2) {
            y += name_size * 1.05;
            s.push_str(&text(
                self.m,
                Font::Regular,
                l,
                self.left,
                y,
                name_size,
                &hex(self.ink),
                "start",
            ));
        }
        y
    }

    /// The foot, up from `bottom`: the Domain line centred on `centre_x`, then up to three
    /// lines of flavour. Returns the new bottom of the space left for the body.
    fn foot(&self, s: &mut String, f: &CardFace, centre_x: f32, mut bottom: f32) -> f32 {
        if let Some(d) = &f.domain {
            s.push_str(&text(
                self.m,
                Font::Italic,
                d,
                centre_x,
                bottom,
                2.2,
                &hex(mix(self.fill, self.frame, 0.7)),
                "middle",
            ));
            bottom -= 3.0;
        }
        if let Some(fl) = f.flavor.as_deref().filter(|x| !x.is_empty()) {
            let size = 2.5;
            let lines = wrap(self.m, Font::Italic, fl, size, self.right - self.left);
            let lines = &lines[..lines.len().min(3)];
            let mut fy = bottom - (lines.len() as f32 - 1.0) * size * LINE;
            let col = hex(mix(self.fill, self.ink, 0.7));
            for l in lines {
                s.push_str(&text(
                    self.m,
                    Font::Italic,
                    l,
                    self.left,
                    fy,
                    size,
                    &col,
                    "start",
                ));
                fy += size * LINE;
            }
            bottom -= lines.len() as f32 * size * LINE + 1.5;
        }
        bottom
    }

    /// The rules text between `top` and `bottom`, shrinking to fit down to `TEXT_MIN`
    /// (lines that still do not fit are left out); `false` when some were.
    fn rules_body(&self, s: &mut String, body: &str, top: f32, bottom: f32) -> bool {
        let width = self.right - self.left;
        let mut size = TEXT_SIZE;
        let lines = loop {
            let lines: Vec<String> = body
                .split('\n')
                .flat_map(|p| wrap(self.m, Font::Regular, p, size, width))
                .collect();
            if lines.len() as f32 * size * LINE <= bottom - top || size <= TEXT_MIN {
                break lines;
            }
            size -= 0.1;
        };
        let mut ty = top + size;
        for l in &lines {
            if ty > bottom + 0.5 {
                return false;
            }
            s.push_str(&text(
                self.m,
                Font::Regular,
                l,
                self.left,
                ty,
                size,
                &hex(self.ink),
                "start",
            ));
            ty += size * LINE;
        }
        true
    }
}

/// A foe's text without the faces it lists, since the table shows them.
fn rules_text(f: &CardFace) -> String {
    if f.faces.is_empty() {
        return f.text.clone();
    }
    match f.text.find("Faces:") {
        Some(i) => {
            let (head, tail) = f.text.split_at(i);
            // Keep what follows the list of faces (after its last face's full stop).
            let rest = tail
                .match_indices(". ")
                .nth(f.faces.len().saturating_sub(1))
                .map_or("", |(j, _)| &tail[j + 2..]);
            format!(
                "{}{}",
                head.trim_end(),
                if rest.is_empty() {
                    String::new()
                } else {
                    format!(" {rest}")
                }
            )
        }
        None => f.text.clone(),
    }
}

/// Draws the six faces as a table above `bottom`; returns the table's top.
#[allow(clippy::too_many_arguments)]
fn faces_table(
    s: &mut String,
    m: &Metrics,
    faces: &[(String, String)],
    left: f32,
    right: f32,
    bottom: f32,
    frame: (u8, u8, u8),
    fill: (u8, u8, u8),
    ink: (u8, u8, u8),
) -> f32 {
    let row_h = 3.4;
    let top = bottom - faces.len() as f32 * row_h;
    let band = hex(mix(fill, frame, 0.18));
    for (i, (name, what)) in faces.iter().enumerate() {
        let ry = top + i as f32 * row_h;
        if i % 2 == 0 {
            let _ = write!(
                s,
                r#"<rect x="{}" y="{ry}" width="{}" height="{row_h}" fill="{band}"/>"#,
                left - 0.8,
                right - left + 1.6
            );
        }
        let base = ry + row_h * 0.72;
        s.push_str(&text(
            m,
            Font::Regular,
            &(i + 1).to_string(),
            left,
            base,
            2.5,
            &hex(frame),
            "start",
        ));
        // The result takes what it needs; the name is shrunk into the rest.
        let what_w = m.width(Font::Italic, what, 2.3);
        s.push_str(&text(
            m,
            Font::Italic,
            what,
            right,
            base,
            2.3,
            &hex(frame),
            "start-right",
        ));
        let room = right - what_w - 1.5 - (left + 3.0);
        let mut size = 2.5;
        while m.width(Font::Regular, name, size) > room && size > 1.6 {
            size -= 0.1;
        }
        s.push_str(&text(
            m,
            Font::Regular,
            name,
            left + 3.0,
            base,
            size,
            &hex(ink),
            "start",
        ));
    }
    top - 1.2
}

/// One line of text. `anchor` is `start`, `middle` or `start-right` (right-aligned,
/// placed by measuring rather than by SVG's `end`, so that PDF and PNG agree).
#[allow(clippy::too_many_arguments)]
pub fn text(
    m: &Metrics,
    font: Font,
    t: &str,
    x: f32,
    y: f32,
    size: f32,
    fill: &str,
    anchor: &str,
) -> String {
    let x = match anchor {
        "start-right" => x - m.width(font, t, size),
        "middle" => x - m.width(font, t, size) / 2.0,
        _ => x,
    };
    let style = if font == Font::Italic {
        r#" font-style="italic""#
    } else {
        ""
    };
    let family = if font == Font::Mono {
        "DejaVu Sans Mono"
    } else {
        crate::fonts::SERIF_FAMILY
    };
    format!(
        r#"<text x="{x:.3}" y="{y:.3}" font-family="{family}"{style} font-size="{size:.2}" fill="{fill}">{}</text>"#,
        esc(t)
    )
}

/// The type's icon (as `ui::cardface::icon`), centred on (cx, cy) in a box of half-size r.
fn icon(t: StationType, cx: f32, cy: f32, r: f32, col: &str, hole: &str) -> String {
    let p = |pts: &[(f32, f32)]| {
        let d: Vec<String> = pts
            .iter()
            .map(|(x, y)| format!("{:.3},{:.3}", cx + x * r, cy + y * r))
            .collect();
        format!(r#"<polygon points="{}" fill="{col}"/>"#, d.join(" "))
    };
    let rect = |x: f32, y: f32, w: f32, h: f32| {
        format!(
            r#"<rect x="{:.3}" y="{:.3}" width="{:.3}" height="{:.3}" fill="{col}"/>"#,
            cx + x * r,
            cy + y * r,
            w * r,
            h * r
        )
    };
    let circle = |x: f32, y: f32, rr: f32, c: &str| {
        format!(
            r#"<circle cx="{:.3}" cy="{:.3}" r="{:.3}" fill="{c}"/>"#,
            cx + x * r,
            cy + y * r,
            rr * r
        )
    };
    let th = r * 0.18;
    let line = |a: (f32, f32), b: (f32, f32)| {
        format!(
            r#"<line x1="{:.3}" y1="{:.3}" x2="{:.3}" y2="{:.3}" stroke="{col}" stroke-width="{th:.3}" stroke-linecap="round"/>"#,
            cx + a.0 * r,
            cy + a.1 * r,
            cx + b.0 * r,
            cy + b.1 * r
        )
    };
    match t {
        StationType::Caesura => rect(-0.55, -0.7, 0.35, 1.4) + &rect(0.2, -0.7, 0.35, 1.4),
        StationType::Item => {
            circle(0.0, 0.2, 0.65, col) + &p(&[(-0.35, -0.85), (0.35, -0.85), (0.0, -0.3)])
        }
        StationType::Equipment => {
            rect(-0.65, -0.75, 1.3, 0.8) + &p(&[(-0.65, 0.05), (0.65, 0.05), (0.0, 0.9)])
        }
        StationType::Companion => {
            circle(-0.38, -0.25, 0.3, col)
                + &circle(0.38, -0.25, 0.3, col)
                + &rect(-0.75, 0.15, 1.5, 0.55)
        }
        StationType::Foe => {
            line((-0.8, -0.8), (0.8, 0.8))
                + &line((0.8, -0.8), (-0.8, 0.8))
                + &line((-0.8, 0.3), (-0.3, 0.8))
                + &line((0.8, 0.3), (0.3, 0.8))
        }
        StationType::Terror => {
            format!(
                r#"<ellipse cx="{cx:.3}" cy="{cy:.3}" rx="{:.3}" ry="{:.3}" fill="{col}"/>"#,
                r * 0.9,
                r * 0.5
            ) + &circle(0.0, 0.0, 0.3, hole)
                + &circle(0.0, 0.0, 0.14, col)
        }
        StationType::Pit => {
            p(&[(-0.85, -0.6), (0.85, -0.6), (0.0, 0.8)]) + &rect(-0.9, -0.85, 1.8, 0.16)
        }
        StationType::Snare => {
            line((-0.8, 0.5), (-0.4, -0.5))
                + &line((-0.4, -0.5), (0.0, 0.5))
                + &line((0.0, 0.5), (0.4, -0.5))
                + &line((0.4, -0.5), (0.8, 0.5))
        }
        StationType::Blessing => p(&[
            (0.0, -1.0),
            (0.2, -0.2),
            (1.0, 0.0),
            (0.2, 0.2),
            (0.0, 1.0),
            (-0.2, 0.2),
            (-1.0, 0.0),
            (-0.2, -0.2),
        ]),
        StationType::Rest => {
            p(&[(-0.5, 0.5), (0.5, 0.5), (0.0, -0.9)]) + &line((-0.8, 0.75), (0.8, 0.75))
        }
    }
}

/// The common card back (as `ui::cardface::draw_back`): a dark tile, a gold frame, a
/// diamond and the game's name.
pub fn back_svg(m: &Metrics, bleed: f32) -> String {
    back_svg_as(m, bleed, &Look::GAME, None)
}

/// The Domain emblem drawn on a back, centred on (`cx`, `cy`) within `half` mm, in
/// `colour` on `ground`: the hook for each Domain's own picture (`domain`: its id; `None`
/// for the traveller's and the Guardian's common back). Until the Domains have emblem art
/// it draws the game's diamond for every one.
pub fn domain_emblem(
    emblem: Option<&str>,
    cx: f32,
    cy: f32,
    half: f32,
    colour: &str,
    ground: &str,
) -> String {
    let d = |half: f32, fill: &str| {
        format!(
            r#"<polygon points="{cx},{} {},{cy} {cx},{} {},{cy}" fill="{fill}"/>"#,
            cy - half,
            cx + half,
            cy + half,
            cx - half
        )
    };
    // The Domain's own emblem inside a diamond's frame; the game's diamond without one.
    match emblem.and_then(|e| icon_svg(e, cx, cy, half * 1.15, colour)) {
        Some(icon) => d(half * 1.22, colour) + &d(half * 1.12, ground) + &icon,
        None => d(half, colour) + &d(half / 2.0, ground),
    }
}

/// A back in a [`Look`]; with a Domain (id, name), that Domain's back: its emblem and its
/// name, so that mixed decks can be sorted.
pub fn back_svg_as(
    m: &Metrics,
    bleed: f32,
    look: &Look,
    domain: Option<(&str, &str, Option<&str>)>,
) -> String {
    let mut s = String::new();
    let (w, h) = (CARD_W + 2.0 * bleed, CARD_H + 2.0 * bleed);
    let ground = look.ground;
    let _ = write!(
        s,
        r#"<rect x="0" y="0" width="{w}" height="{h}" fill="{}"/>"#,
        hex(ground)
    );
    let gold = hex(mix(ground, GOLD, 0.55));
    let faint = hex(mix(ground, GOLD, 0.3));
    let (x0, y0) = (bleed, bleed);
    let _ = write!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="2.4" fill="none" stroke="{gold}" stroke-width="{}"/>"#,
        x0 + FRAME_INSET,
        y0 + FRAME_INSET,
        CARD_W - 2.0 * FRAME_INSET,
        CARD_H - 2.0 * FRAME_INSET,
        look.stroke
    );
    let _ = write!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="1.6" fill="none" stroke="{faint}" stroke-width="{}"/>"#,
        x0 + 5.0,
        y0 + 5.0,
        CARD_W - 10.0,
        CARD_H - 10.0,
        look.stroke / 2.0
    );
    let (cx, cy) = (x0 + CARD_W / 2.0, y0 + CARD_H / 2.0 - 4.0);
    s.push_str(&domain_emblem(
        domain.and_then(|d| d.2),
        cx,
        cy,
        11.0,
        &gold,
        &hex(ground),
    ));
    let words = hex(mix(ground, look.ink, 0.8));
    s.push_str(&text(
        m,
        Font::Regular,
        "FORWARD",
        cx,
        y0 + CARD_H - 14.0,
        5.0,
        &words,
        "middle",
    ));
    if let Some((_, name, _)) = domain {
        let width = CARD_W - 14.0;
        let mut size = 3.6;
        while size > 2.2 && m.width(Font::Italic, name, size) > width {
            size -= 0.1;
        }
        s.push_str(&text(
            m,
            Font::Italic,
            name,
            cx,
            cy + 18.0,
            size,
            &words,
            "middle",
        ));
    }
    s
}
