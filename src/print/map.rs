//! The world map page for the printed rules: the Domains of `map.json` in their rows (row
//! 1 at the bottom), an arrow for each link, and the Guardian above the final Domain.

use super::face::{GOLD, PARCHMENT, TILE, hex, mix};
use super::text::{Font, Metrics, wrap};
use crate::cards::CardFiles;
use std::collections::HashMap;
use std::fmt::Write;

const BOX_W: f32 = 50.0;
const BOX_H: f32 = 17.0;

/// The map's inks, as `#rrggbb`.
struct Inks {
    ink: String,
    gold: String,
    paper: String,
}

/// Where the map's Domain boxes are centred, by Domain id.
type Centres = HashMap<String, (f32, f32)>;

/// The SVG elements of the map on a page of `w` x `h` mm (a light page, to spare ink).
pub fn map_svg(m: &Metrics, files: &CardFiles, w: f32, h: f32) -> String {
    let inks = Inks {
        ink: hex(TILE),
        gold: hex(mix(GOLD, TILE, 0.35)),
        paper: hex(mix(PARCHMENT, (255, 255, 255), 0.6)),
    };
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>"##
    );
    heading(&mut s, m, w, &inks.ink);
    let rows = files.map.domains.iter().map(|d| d.row).max().unwrap_or(1) as f32;
    // Rows from the bottom of the page up, with one more slot on top for the Guardian.
    let (top, bottom) = (52.0, h - 22.0);
    let step = (bottom - top) / rows;
    let row_y = |row: f32| bottom - (row - 0.5) * step;
    let centre = centres(files, w, row_y);
    let guardian_at = (w / 2.0, top - 4.0);
    links(&mut s, files, &centre, &inks.gold);
    if let Some(&f) = centre.get(&files.map.final_domain.0) {
        s.push_str(&arrow(
            f,
            guardian_at,
            false,
            &hex(mix((0xe0, 0x5a, 0x4f), TILE, 0.2)),
        ));
    }
    for (ri, _) in (1..=rows as u8).enumerate() {
        let y = row_y(ri as f32 + 1.0);
        s.push_str(&super::face::text(
            m,
            Font::Italic,
            &format!("row {}", ri + 1),
            6.0,
            y + 1.0,
            3.0,
            &inks.gold,
            "start",
        ));
    }
    domain_boxes(&mut s, m, files, &centre, &inks);
    guardian_box(&mut s, m, files, guardian_at, &inks.ink);
    s
}

/// The page's title and its one line of instructions, centred across width `w`.
fn heading(s: &mut String, m: &Metrics, w: f32, ink: &str) {
    s.push_str(&super::face::text(
        m,
        Font::Regular,
        "The World of Forward",
        w / 2.0,
        22.0,
        9.0,
        ink,
        "middle",
    ));
    s.push_str(&super::face::text(
        m,
        Font::Italic,
        "Begin at the bottom; after clearing a Domain, follow an arrow to one not yet cleared.",
        w / 2.0,
        30.0,
        3.6,
        ink,
        "middle",
    ));
}

/// Each Domain's centre: its row's height (`row_y`), and its column spread evenly across
/// the width `w` among the Domains of its row.
fn centres(files: &CardFiles, w: f32, row_y: impl Fn(f32) -> f32) -> Centres {
    let mut centre = HashMap::new();
    for d in &files.map.domains {
        let in_row = files.map.domains.iter().filter(|x| x.row == d.row).count() as f32;
        let gap = (w - 20.0) / in_row;
        let x = 10.0 + gap * (d.column as f32 + 0.5);
        centre.insert(d.id.0.clone(), (x, row_y(d.row as f32)));
    }
    centre
}

/// An arrow for each link (drawn before the boxes, so it runs under them); a two-way link
/// is one line with two heads.
fn links(s: &mut String, files: &CardFiles, centre: &Centres, gold: &str) {
    for d in &files.map.domains {
        let a = centre[&d.id.0];
        for l in &d.links {
            let Some(&b) = centre.get(&l.0) else { continue };
            let back = files
                .map
                .domains
                .iter()
                .any(|x| x.id == *l && x.links.contains(&d.id));
            // A two-way link is drawn once, from the first of the pair.
            if back && l.0 < d.id.0 {
                continue;
            }
            s.push_str(&arrow(a, b, back, gold));
        }
    }
}

/// Each Domain's box with its name, and `start` / `final Domain` where they apply.
fn domain_boxes(s: &mut String, m: &Metrics, files: &CardFiles, centre: &Centres, inks: &Inks) {
    for d in &files.map.domains {
        let (x, y) = centre[&d.id.0];
        let name = files
            .domains
            .iter()
            .find(|f| f.id == d.id)
            .map_or(d.id.0.as_str(), |f| f.name.as_str());
        let mut label = Vec::new();
        if d.id == files.map.start {
            label.push("start");
        }
        if d.id == files.map.final_domain {
            label.push("final Domain");
        }
        s.push_str(&domain_box(
            m,
            x,
            y,
            name,
            &label.join(" · "),
            &inks.paper,
            &inks.ink,
            &inks.gold,
        ));
    }
}

/// The Guardian's dark box at `at`: its name, and the requirements and seals it asks for.
fn guardian_box(s: &mut String, m: &Metrics, files: &CardFiles, at: (f32, f32), ink: &str) {
    let g = &files.guardian;
    let (gx, gy) = at;
    let red = hex((0xe0, 0x5a, 0x4f));
    let _ = write!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{ink}" stroke="{red}" stroke-width="0.8"/>"#,
        gx - 40.0,
        gy - 11.0,
        80.0,
        13.0
    );
    s.push_str(&super::face::text(
        m,
        Font::Regular,
        &g.name,
        gx,
        gy - 4.0,
        5.0,
        &hex(PARCHMENT),
        "middle",
    ));
    let seals: Vec<&str> = g
        .requirements
        .iter()
        .chain(&g.seals)
        .map(|x| x.name.as_str())
        .collect();
    s.push_str(&super::face::text(
        m,
        Font::Italic,
        &seals.join(" · "),
        gx,
        gy + 0.2,
        2.6,
        &hex(mix(PARCHMENT, TILE, 0.2)),
        "middle",
    ));
}

#[allow(clippy::too_many_arguments)]
fn domain_box(
    m: &Metrics,
    x: f32,
    y: f32,
    name: &str,
    label: &str,
    paper: &str,
    ink: &str,
    gold: &str,
) -> String {
    let mut s = format!(
        r#"<rect x="{}" y="{}" width="{BOX_W}" height="{BOX_H}" rx="3" fill="{paper}" stroke="{gold}" stroke-width="0.7"/>"#,
        x - BOX_W / 2.0,
        y - BOX_H / 2.0
    );
    let lines = wrap(m, Font::Regular, name, 4.4, BOX_W - 6.0);
    let n = lines.len().min(2) as f32;
    let mut ly = y - (n - 1.0) * 2.5 + 1.2 - if label.is_empty() { 0.0 } else { 1.8 };
    for l in lines.iter().take(2) {
        s.push_str(&super::face::text(
            m,
            Font::Regular,
            l,
            x,
            ly,
            4.4,
            ink,
            "middle",
        ));
        ly += 5.0;
    }
    if !label.is_empty() {
        s.push_str(&super::face::text(
            m,
            Font::Italic,
            label,
            x,
            y + BOX_H / 2.0 - 2.0,
            2.8,
            gold,
            "middle",
        ));
    }
    s
}

/// The point where the segment from the centre of a box toward `d` leaves the box.
fn edge(c: (f32, f32), d: (f32, f32), hw: f32, hh: f32) -> (f32, f32) {
    let (dx, dy) = (d.0 - c.0, d.1 - c.1);
    let t = (hw / dx.abs().max(1e-3))
        .min(hh / dy.abs().max(1e-3))
        .min(1.0);
    (c.0 + dx * t, c.1 + dy * t)
}

/// A line between two boxes with an arrowhead at `b` (and at `a` for a two-way link).
fn arrow(a: (f32, f32), b: (f32, f32), both: bool, col: &str) -> String {
    let (hw, hh) = (BOX_W / 2.0 + 1.0, BOX_H / 2.0 + 1.0);
    let p = edge(a, b, hw, hh);
    let q = edge(b, a, hw, hh);
    let mut s = format!(
        r#"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="{col}" stroke-width="0.7"/>"#,
        p.0, p.1, q.0, q.1
    );
    s.push_str(&head(p, q, col));
    if both {
        s.push_str(&head(q, p, col));
    }
    s
}

/// An arrowhead at `to`, pointing away from `from`.
fn head(from: (f32, f32), to: (f32, f32), col: &str) -> String {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / len, dy / len);
    let (l, hw) = (3.2, 1.5);
    let base = (to.0 - ux * l, to.1 - uy * l);
    format!(
        r#"<polygon points="{:.2},{:.2} {:.2},{:.2} {:.2},{:.2}" fill="{col}"/>"#,
        to.0,
        to.1,
        base.0 - uy * hw,
        base.1 + ux * hw,
        base.0 + uy * hw,
        base.1 - ux * hw
    )
}
