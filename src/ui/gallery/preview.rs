//! The gallery's large card: the card drawn large beside the grid, its notes (a foe's faces
//! as the engine reads them, the text check's marks, the Guide notes) and keyword tips.

use super::{Entry, GalleryGeometry, GalleryScreen};
use crate::ui::cardface;
use crate::ui::style::{self, Fonts, colour, fade};
use macroquad::prelude::*;

impl GalleryScreen {
    /// Draws the large card (the one on show, `e`) and its notes.
    pub(super) fn draw_preview(&self, l: &GalleryGeometry, e: Entry, fonts: &Fonts) {
        let p = l.preview;
        let r = l.large;
        let face = self.face(e);
        cardface::draw_face(r, &face, fonts, true);
        let y = r.bottom() + 18.0;
        let set = &*self.cards;
        match e {
            Entry::Station(c) => self.draw_station_notes(p, y, c, fonts),
            Entry::Title(d) => {
                let d = &set.domains[d];
                let about = style::ellipsize(&format!("Domain · {}", d.theme), p.w, |x| {
                    style::width(x, &fonts.italic, 18)
                });
                style::text(&about, p.x, y + 4.0, &fonts.italic, 18, colour::GOLD);
                if self.designer {
                    guide(d.guide_notes.as_deref(), p, y + 16.0, fonts);
                }
            }
            Entry::Map => {
                let names =
                    |r: &crate::cards::DomainRef| set.domains[usize::from(r.index)].name.clone();
                let mut y = y;
                for d in &set.domains {
                    let links: Vec<String> = d.links.iter().map(names).collect();
                    let line = format!(
                        "{}: on to {}",
                        d.name,
                        if links.is_empty() {
                            "the Guardian".into()
                        } else {
                            links.join(", ")
                        }
                    );
                    let line = style::ellipsize(&line, p.w, |x| style::width(x, &fonts.serif, 15));
                    style::text(&line, p.x, y + 4.0, &fonts.serif, 15, colour::PARCHMENT);
                    y += 18.0;
                }
            }
            Entry::Traveller => {
                let t = &set.traveller;
                let about = format!("Health {} · ATK {} · DEF {}", t.health, t.atk, t.def);
                style::text(&about, p.x, y + 4.0, &fonts.italic, 18, colour::GOLD);
                if self.designer {
                    guide(t.guide_notes.as_deref(), p, y + 16.0, fonts);
                }
            }
            Entry::Guardian => {
                let g = &set.guardian;
                let mut y = y;
                let section = |head: &str, lines: Vec<String>, y: &mut f32| {
                    style::text(head, p.x, *y + 4.0, &fonts.serif, 18, colour::GOLD);
                    *y += 10.0;
                    for line in lines {
                        for w in style::wrap(&line, p.w, |x| style::width(x, &fonts.serif, 15)) {
                            *y += 17.0;
                            if *y < p.bottom() {
                                style::text(&w, p.x, *y, &fonts.serif, 15, colour::PARCHMENT);
                            }
                        }
                    }
                    *y += 16.0;
                };
                let faces = g
                    .faces
                    .iter()
                    .enumerate()
                    .map(|(i, f)| {
                        format!(
                            "{} {}: {}",
                            i + 1,
                            f.name,
                            crate::present::words::face_summary(f)
                        )
                    })
                    .collect();
                section("Faces", faces, &mut y);
                let seal = |s: &crate::cards::model::Seal| format!("{}: {}", s.name, s.text);
                section(
                    "Requirements",
                    g.requirements.iter().map(seal).collect(),
                    &mut y,
                );
                section("Seals", g.seals.iter().map(seal).collect(), &mut y);
            }
        }
    }

    /// The large card's rectangle.
    pub(super) fn preview_card(l: &GalleryGeometry, e: Entry) -> Rect {
        let p = l.preview;
        // The Guardian's faces, requirements and seals need the room below the card.
        let share = if e == Entry::Guardian { 0.42 } else { 0.62 };
        let card_h = (p.h * share).min(p.w * 1.4);
        let card_w = (card_h / 1.4).min(p.w);
        Rect::new(p.x + (p.w - card_w) / 2.0, p.y, card_w, card_h)
    }

    fn draw_station_notes(&self, p: Rect, y: f32, c: usize, fonts: &Fonts) {
        let sc = &self.cards.cards[c];
        let mut y = y;
        let domain = self
            .cards
            .domains
            .iter()
            .find(|d| d.stations.iter().any(|s| usize::from(s.index) == c))
            .map_or("", |d| d.name.as_str());
        let mut about = domain.to_string();
        if !sc.tags.is_empty() {
            about.push_str("  ·  ");
            about.push_str(&sc.tags.join(", "));
        }
        style::text(&about, p.x, y + 4.0, &fonts.italic, 18, colour::GOLD);
        if !self.designer {
            // A player's gallery: the card as the table shows it, nothing of the desk's.
            return;
        }
        y += 22.0;
        // The id, for designers: what other cards and `validate` call this card.
        let id = style::ellipsize(&format!("id  {}   (click: copy)", sc.id), p.w, |x| {
            style::width(x, &fonts.serif, 15)
        });
        style::text(&id, p.x, y, &fonts.serif, 15, colour::PARCHMENT);
        // How it played in the last simulation of this exact set, if one was run.
        if let Some(line) = self.sim_line(c) {
            y += 17.0;
            let line = style::ellipsize(&line, p.w, |x| style::width(x, &fonts.serif, 15));
            style::text(&line, p.x, y, &fonts.serif, 15, colour::SEA_LIGHT);
        }
        // A foe's faces as the engine reads them, beside the designer's text on the card.
        for (i, f) in sc.faces.iter().enumerate() {
            y += 17.0;
            let line = style::ellipsize(&engine_face(i, f), p.w, |x| {
                style::width(x, &fonts.serif, 15)
            });
            style::text(&line, p.x, y, &fonts.serif, 15, colour::PARCHMENT);
        }
        // Where the text does not say what the data does (as `forward validate` warns).
        for m in &self.mismatches[c] {
            y += 17.0;
            let line = style::ellipsize(&format!("! {m}"), p.w, |x| {
                style::width(x, &fonts.serif, 15)
            });
            style::text(&line, p.x, y, &fonts.serif, 15, colour::ERROR);
        }
        guide(sc.guide_notes.as_deref(), p, y, fonts);
    }
}

/// One foe face as the engine reads it: `5 Tail Lash: deal 2 · +1 when Bite comes up`.
pub(super) fn engine_face(i: usize, f: &crate::cards::model::Face) -> String {
    let mut words = crate::present::words::face_summary(f);
    if let Some(target) = &f.empower_face {
        // The summary says "next hit"; the bonus really waits for the named face.
        words = words.replace(
            &format!("+{} next hit", f.empower),
            &format!("+{} when {target} comes up", f.empower),
        );
    }
    format!("{} {}: {words}", i + 1, f.name)
}

/// The Guide notes under the large card, from `y` to the bottom of `p`.
fn guide(notes: Option<&str>, p: Rect, y: f32, fonts: &Fonts) {
    if let Some(notes) = notes {
        style::text(
            "Guide notes",
            p.x,
            y + 22.0,
            &fonts.serif,
            18,
            fade(colour::GOLD, 0.8),
        );
        let area = Rect::new(p.x, y + 30.0, p.w, p.bottom() - y - 30.0);
        cardface::text_block(notes, area, &fonts.italic, 18, 12, colour::PARCHMENT);
    }
}
