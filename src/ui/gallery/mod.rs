//! The card gallery: every Station card of the loaded set in a scrollable grid, with the
//! table's card look, filtered by Domain and by type; the card under the pointer (or the
//! one clicked) shown large beside the grid with its Guide notes.

use super::Next;
use super::cardface::{self, Face, type_colour, type_name};
use super::designer::Designer;
use super::input::Input;
use super::style::{self, Fonts, colour, fade};
use crate::cards::CardSet;
use crate::cards::model::StationType;
use macroquad::prelude::*;
use std::sync::Arc;

mod geometry;
mod preview;
mod search;

pub(in crate::ui) use geometry::{GalleryFrame, GalleryGeometry, GalleryTarget};

const GAP: f32 = 14.0;
/// A grid card's height to width.
const ASPECT: f32 = 1.4;

/// One card of the gallery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::ui) enum Entry {
    /// A Station card: its index in `CardSet::cards`.
    Station(usize),
    /// A Domain's title card.
    Title(usize),
    Traveller,
    Guardian,
    /// The map: which Domains there are, where, and their roads.
    Map,
}

/// The chip of the other cards: the Domains' title cards, the traveller and the Guardian.
const OTHERS: &str = "Title cards, traveller, Guardian";
/// The same chip at the desk, where the map is one of them.
const OTHERS_DESK: &str = "Title cards, traveller, Guardian, map";

/// A filter chip: which filter it sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::ui) enum Chip {
    Domain(Option<usize>),
    Type(Option<StationType>),
}

pub struct GalleryScreen {
    pub(in crate::ui) cards: Arc<CardSet>,
    /// Domain filter: an index into `cards.domains`, or all; one past the Domains: the
    /// other cards (title cards, traveller, Guardian).
    pub domain: Option<usize>,
    pub kind: Option<StationType>,
    /// The first row shown.
    scroll: usize,
    pub(in crate::ui) hovered: Option<Entry>,
    /// The pointer, for the keyword tip over the large card.
    mouse: Vec2,
    /// Clicked: stays in the preview while the pointer is elsewhere.
    pub(in crate::ui) pinned: Option<Entry>,
    /// A note under the title (after a reload).
    pub note: Option<String>,
    /// Index into [`ZOOM_HEIGHTS`]: how tall the grid's cards are.
    zoom: usize,
    /// For each Station card, what its text fails to say about its data (the
    /// validator's text check), marked on the card.
    mismatches: Vec<Vec<String>>,
    /// The designer's desk: the edit form, where cards are saved, the last save.
    pub(in crate::ui) desk: Designer,
    /// A search of the set, while one is on show.
    search: Option<search::Search>,
    /// This frame's model (see `ui::screen`): the pieces' places, targets and tips.
    pub(in crate::ui) frame: GalleryFrame,
    /// Characters the search took whose echo as `Input::typed` is still to come.
    search_echoes: usize,
    /// The designer's desk (ids, Guide notes, the editor, export, figures); without it
    /// the cards as a player sees them.
    designer: bool,
}

/// What each Station card's text fails to say about its data.
/// Each Station card's text problems, by the validator's own check (the designer's
/// notation read back with the folder's phrasebook), so the grid's red "!" and `forward
/// validate` agree.
fn mismatches_of(set: &CardSet, source: &crate::cards::CardSource) -> Vec<Vec<String>> {
    crate::cards::lint::text_problems(set, crate::cards::phrasebook::of_source(source))
}

/// The height of the line under the grid where the gallery's messages go ("saved ...",
/// "exported ..."), so that they never cover the title or the card count.
const NOTE_LINE: f32 = 26.0;

/// The grid's card heights, smallest first: more cards per screen, or larger cards.
const ZOOM_HEIGHTS: [f32; 4] = [110.0, 150.0, 180.0, 250.0];
/// The zoom a gallery opens at (the height it always had).
const DEFAULT_ZOOM: usize = 2;

impl GalleryScreen {
    pub fn new(cards: Arc<CardSet>) -> GalleryScreen {
        GalleryScreen {
            mismatches: mismatches_of(&cards, &crate::cards::CardSource::Builtin),
            cards,
            domain: None,
            kind: None,
            scroll: 0,
            hovered: None,
            mouse: vec2(-1e4, -1e4),
            pinned: None,
            note: None,
            zoom: DEFAULT_ZOOM,
            desk: Designer::default(),
            search: None,
            search_echoes: 0,
            designer: false,
            frame: GalleryFrame::default(),
        }
    }

    /// Checks every card's text again as the validator does, with the phrasebook of the
    /// folder the cards come from.
    pub(in crate::ui) fn recheck_texts(&mut self) {
        self.mismatches = mismatches_of(&self.cards, &self.desk.source);
    }

    /// The gallery as the designer's desk (`true`) or as a player's gallery.
    pub fn designer(mut self, on: bool) -> GalleryScreen {
        self.designer = on;
        self
    }

    /// The same view of a new card set (after F5).
    pub fn reloaded(self, cards: Arc<CardSet>) -> GalleryScreen {
        let domain = self.domain.filter(|&d| d <= cards.domains.len());
        let mut g = GalleryScreen {
            mismatches: mismatches_of(&cards, &self.desk.source),
            cards,
            domain,
            kind: self.kind,
            scroll: 0,
            hovered: None,
            mouse: vec2(-1e4, -1e4),
            pinned: None,
            note: self
                .note
                .filter(|_| self.desk.reopen_pending())
                .or(Some("cards reloaded from disk".into())),
            zoom: self.zoom,
            desk: self.desk.carried(),
            search: None,
            search_echoes: self.search_echoes,
            designer: self.designer,
            frame: GalleryFrame::default(),
        };
        g.reopen_desk();
        g
    }

    /// Sets the filters from the command line: a Domain id or name (or part of it) and
    /// a type name.
    pub fn filter(&mut self, domain: Option<&str>, kind: Option<&str>) -> Result<(), String> {
        if let Some(d) = domain {
            let d = d.to_lowercase();
            self.domain = Some(if d == "others" {
                self.cards.domains.len()
            } else {
                self.cards
                    .domains
                    .iter()
                    .position(|x| x.id.0.to_lowercase() == d)
                    .or_else(|| {
                        self.cards
                            .domains
                            .iter()
                            .position(|x| x.name.to_lowercase().contains(&d))
                    })
                    .ok_or_else(|| format!("no Domain `{d}` in the cards"))?
            });
        }
        if let Some(k) = kind {
            self.kind = Some(
                StationType::ALL
                    .into_iter()
                    .find(|t| type_name(*t).eq_ignore_ascii_case(k))
                    .ok_or_else(|| format!("no card type `{k}`"))?,
            );
        }
        Ok(())
    }

    /// Whether the form or the search has the keyboard (letters then belong to it, not
    /// to M).
    pub fn typing(&self) -> bool {
        self.desk_busy() || self.search.as_ref().is_some_and(|s| s.typing)
    }

    /// The chip of the cards that are not Station cards.
    fn others_label(&self) -> &'static str {
        if self.designer { OTHERS_DESK } else { OTHERS }
    }

    /// Whether the other cards are on show (title cards, traveller, Guardian).
    fn others(&self) -> bool {
        self.domain == Some(self.cards.domains.len())
    }

    /// The cards shown, in Domain order.
    pub(in crate::ui) fn shown(&self) -> Vec<Entry> {
        if let Some(found) = self.searched() {
            return found;
        }
        if self.others() {
            let mut v: Vec<Entry> = (0..self.cards.domains.len()).map(Entry::Title).collect();
            v.push(Entry::Traveller);
            v.push(Entry::Guardian);
            if self.designer {
                // The map is a card to edit, not one to read.
                v.push(Entry::Map);
            }
            return v;
        }
        self.cards
            .domains
            .iter()
            .enumerate()
            .filter(|(i, _)| self.domain.is_none_or(|d| d == *i))
            .flat_map(|(_, d)| d.stations.iter().map(|r| usize::from(r.index)))
            .filter(|&c| self.kind.is_none_or(|k| self.cards.cards[c].card_type == k))
            .map(Entry::Station)
            .collect()
    }

    /// Pins the next (or previous) shown card and scrolls to it.
    fn select_next(&mut self, l: &GalleryGeometry, shown: &[Entry], forward: bool) {
        if shown.is_empty() {
            return;
        }
        let at = self.pinned.and_then(|p| shown.iter().position(|&e| e == p));
        let i = match (at, forward) {
            (None, true) => 0,
            (None, false) => shown.len() - 1,
            (Some(i), true) => (i + 1) % shown.len(),
            (Some(i), false) => (i + shown.len() - 1) % shown.len(),
        };
        self.pinned = Some(shown[i]);
        // The card picked by keys is the one drawn large, whatever the pointer rests on.
        self.hovered = None;
        let row = i / l.columns.max(1);
        if row < self.scroll {
            self.scroll = row;
        } else if row >= self.scroll + l.rows {
            self.scroll = row + 1 - l.rows;
        }
    }

    /// One frame: the input read against the frame drawn last, then this frame's model
    /// laid out for the draw.
    pub fn update(&mut self, input: &Input, fonts: &Fonts) -> Next {
        if self.frame.size != input.size {
            self.frame = self.lay_out(input.size, fonts);
        }
        let next = self.handle(input, fonts);
        self.frame = self.lay_out(input.size, fonts);
        next
    }

    fn handle(&mut self, input: &Input, fonts: &Fonts) -> Next {
        if !self.desk_busy() && self.search_update(input) {
            return Next::Stay;
        }
        if self.designer
            && let Some(next) = self.desk_update(input, fonts)
        {
            return next;
        }
        if input.back {
            return Next::Title;
        }
        if input.reload {
            return Next::Reload;
        }
        if self.designer && matches!(input.typed, Some('x' | 'X')) {
            self.note = Some(export(&self.cards));
        }
        let l = self.frame.geometry.clone();
        let nd = self.cards.domains.len() + 2;
        let di = self.domain.map_or(0, |d| d + 1);
        let mut changed = false;
        let step = |k: usize| if k == 0 { None } else { Some(k - 1) };
        if input.tab || input.right {
            self.domain = step((di + 1) % nd);
            changed = true;
        }
        if input.left {
            self.domain = step((di + nd - 1) % nd);
            changed = true;
        }
        if let Some(d) = input.digit {
            // 1-9 then 0: the ten types; the active type's key again shows all.
            let t = StationType::ALL[(usize::from(d) + 9) % 10];
            self.kind = if self.kind == Some(t) { None } else { Some(t) };
            changed = true;
        }
        if input.backspace {
            self.kind = None;
            changed = true;
        }
        let chip = |t: &GalleryTarget| match t {
            GalleryTarget::Chip(c) => Some(*c),
            _ => None,
        };
        if input.click
            && let Some(chip) = self.frame.find_at(input.mouse, chip)
        {
            match chip {
                Chip::Domain(d) => self.domain = d,
                Chip::Type(k) => self.kind = k,
            }
            changed = true;
        }
        match input.typed {
            Some('+' | '=') => self.zoom = (self.zoom + 1).min(ZOOM_HEIGHTS.len() - 1),
            Some('-') => self.zoom = self.zoom.saturating_sub(1),
            _ => {}
        }
        if changed {
            self.scroll = 0;
            self.pinned = None;
        }
        let shown = self.shown();
        if let Some(step @ ('n' | 'p')) = input.typed {
            self.select_next(&l, &shown, step == 'n');
        }
        let mut s = self.scroll as i64;
        let page = l.rows.max(1) as i64;
        if (input.up && !input.tab) || input.wheel > 0.0 {
            s -= 1;
        }
        if (input.down && !input.tab) || input.wheel < 0.0 {
            s += 1;
        }
        if input.page_up {
            s -= page;
        }
        if input.page_down {
            s += page;
        }
        if input.home {
            s = 0;
        }
        if input.end {
            s = i64::MAX / 2;
        }
        self.scroll = s.clamp(0, geometry::max_scroll(&l, shown.len()) as i64) as usize;
        self.mouse = input.mouse;
        // The card under the pointer, when the pointer moved or the grid did: a resting
        // pointer never takes over from the card picked by keys or a search (E edits
        // the card drawn large). The grid is laid out as it is now (filtered, scrolled).
        if input.mouse_moved || input.click || input.wheel != 0.0 {
            self.frame = self.lay_out(input.size, fonts);
            self.hovered = self.card_at(input.mouse);
        }
        self.hovered = self.hovered.filter(|h| shown.contains(h));
        if input.click && self.hovered.is_some() {
            self.pinned = self.hovered;
        }
        Next::Stay
    }

    pub fn draw(&self, fonts: &Fonts, size: Vec2) {
        let frame = self.frame.for_size(size, || self.lay_out(size, fonts));
        let l = &frame.geometry;
        let shown = self.shown();
        self.draw_heading(&frame, shown.len(), fonts);
        self.draw_chips(l, fonts);
        self.draw_grid(&frame, &shown, fonts);
        let selected = self.hovered.or(self.pinned);
        let preview = selected.or(shown.first().copied());
        if let Some(c) = preview {
            self.draw_preview(l, c, fonts);
        }
        let hint = if self.designer {
            "Tab/Left/Right Domain  ·  1-9, 0 type (again: all)  ·  wheel, Up/Down, Page keys scroll  ·  click or N/P picks a card  ·  E edit  ·  Shift-N new card  ·  Ctrl-F or / search  ·  Ctrl-R revert a save  ·  Ctrl-B balance  ·  +/- zoom  ·  F5 reload  ·  X export  ·  Esc back"
        } else {
            "Tab/Left/Right Domain  ·  1-9, 0 type (again: all)  ·  wheel, Up/Down, Page keys scroll  ·  click or N/P picks a card  ·  Ctrl-F or / search  ·  +/- zoom  ·  Esc back"
        };
        draw_keys_line(hint, fonts, size);
        if let Some(tip) = frame.tip_at(self.mouse) {
            crate::ui::screen::draw_tip(&tip, self.mouse, fonts, size);
        }
        if self.designer {
            self.desk_draw(&frame, fonts);
        }
    }

    /// The title, the count of cards shown (ending before the designer's buttons) and the
    /// note under the grid.
    fn draw_heading(&self, frame: &GalleryFrame, n: usize, fonts: &Fonts) {
        let l = &frame.geometry;
        let title = if self.designer {
            "Designer's desk"
        } else {
            "Card gallery"
        };
        let w = style::text(title, 24.0, 50.0, &fonts.serif, 36, colour::GOLD);
        // The count ends before the desk's buttons (or the large card): worded shorter
        // when the window is narrow.
        let x = 24.0 + w + 18.0;
        let right = frame
            .rect_of(&GalleryTarget::Edit)
            .map_or(l.preview.x, |r| r.x)
            - 12.0;
        let counts = if self.others() {
            let map = if self.designer { ", the map" } else { "" };
            vec![
                format!("{n} cards: the Domains' title cards, the traveller, the Guardian{map}"),
                format!("{n} cards: titles, traveller, Guardian{map}"),
                format!("{n} other cards"),
            ]
        } else {
            let all = self.cards.cards.len();
            vec![
                format!("{n} of {all} station cards"),
                format!("{n} of {all}"),
            ]
        };
        let fits = |c: &String| x + style::width(c, &fonts.italic, 19) <= right;
        let count = counts
            .iter()
            .find(|c| fits(c))
            .unwrap_or(&counts[counts.len() - 1]);
        style::text(count, x, 50.0, &fonts.italic, 19, colour::PARCHMENT);
        if let Some(note) = self.search_line().as_ref().or(self.note.as_ref()) {
            let fit = style::ellipsize(note, l.grid.w, |x| style::width(x, &fonts.italic, 18));
            style::text(
                &fit,
                l.grid.x,
                l.grid.bottom() + NOTE_LINE - 4.0,
                &fonts.italic,
                18,
                colour::SEA_LIGHT,
            );
        }
    }

    /// The filter chips, the active ones lit.
    fn draw_chips(&self, l: &GalleryGeometry, fonts: &Fonts) {
        for (i, (chip, r)) in l.chips.iter().enumerate() {
            let (label, on, tint) = match *chip {
                Chip::Domain(d) => (
                    d.map_or("All Domains".to_string(), |d| {
                        self.cards
                            .domains
                            .get(d)
                            .map_or(self.others_label().to_string(), |x| x.name.clone())
                    }),
                    self.domain == d,
                    colour::GOLD,
                ),
                Chip::Type(k) => (
                    k.map_or("All types".to_string(), |k| {
                        type_label(i - self.cards.domains.len() - 3, k)
                    }),
                    self.kind == k && !self.others(),
                    k.map_or(colour::GOLD, type_colour),
                ),
            };
            let fill = if on { fade(tint, 0.28) } else { colour::TILE };
            let border = if on { tint } else { fade(tint, 0.4) };
            style::card(*r, 8.0, if on { 2.0 } else { 1.0 }, fill, border);
            let col = if on {
                WHITE
            } else {
                fade(colour::PARCHMENT, 0.8)
            };
            style::text(&label, r.x + 11.0, r.y + 20.0, &fonts.serif, 17, col);
        }
    }

    /// The grid's cards on show (each where the frame put it), or why there is none, and
    /// the scroll bar.
    fn draw_grid(&self, frame: &GalleryFrame, shown: &[Entry], fonts: &Fonts) {
        let l = &frame.geometry;
        // The grid, clipped to its viewport by skipping cards that do not fit.
        let selected = self.hovered.or(self.pinned);
        for &(t, r) in &frame.targets {
            let GalleryTarget::Card(c) = t else {
                continue;
            };
            let mut f = self.face(c);
            if r.w < 170.0 {
                // No room beside the type: the large card shows the foe's HP and DEF.
                f.stats = None;
            }
            cardface::draw_face(r, &f, fonts, selected == Some(c));
            if let Entry::Station(i) = c
                && self.designer
                && !self.mismatches[i].is_empty()
            {
                // The text does not say what the data does: a mark at the top right.
                let centre = vec2(r.right() - 12.0, r.y + 12.0);
                draw_circle(centre.x, centre.y, 9.0, colour::ERROR);
                style::text_centred(
                    "!",
                    centre.x,
                    centre.y + 6.0,
                    &fonts.serif,
                    17,
                    colour::TILE,
                );
            }
        }
        if shown.is_empty() {
            style::text(
                "No card of this type in this Domain.",
                l.grid.x + 10.0,
                l.grid.y + 30.0,
                &fonts.italic,
                20,
                style::dim(),
            );
        }
        let max = geometry::max_scroll(l, shown.len());
        if max > 0 {
            let x = l.grid.right() + 10.0;
            let all = (max + l.rows) as f32;
            let thumb = (l.grid.h * l.rows as f32 / all).max(30.0);
            let ty = l.grid.y + (l.grid.h - thumb) * self.scroll as f32 / max as f32;
            draw_line(
                x,
                l.grid.y,
                x,
                l.grid.bottom(),
                2.0,
                fade(style::dim(), 0.3),
            );
            draw_line(x, ty, x, ty + thumb, 4.0, fade(colour::GOLD, 0.8));
        }
    }

    /// An entry's card face.
    fn face(&self, e: Entry) -> Face<'_> {
        let set = &*self.cards;
        match e {
            Entry::Station(c) => cardface::station_face(&set.cards[c]),
            Entry::Title(d) => {
                let d = &set.domains[d];
                Face {
                    name: &d.name,
                    kind: None,
                    kind_text: "Domain",
                    text: &d.text,
                    flavor: d.flavor.as_deref(),
                    stats: None,
                    art: crate::cards::art::named(d.art.as_ref()),
                }
            }
            Entry::Traveller => {
                let t = &set.traveller;
                Face {
                    name: &t.name,
                    kind: None,
                    kind_text: "Traveller",
                    text: &t.text,
                    flavor: t.flavor.as_deref(),
                    stats: Some(format!("ATK {} · DEF {}", t.atk, t.def)),
                    art: crate::cards::art::named(t.art.as_ref()),
                }
            }
            Entry::Map => Face {
                name: "The map",
                kind: None,
                kind_text: "Map",
                text: "The Domains, where each lies, and the roads between them.",
                flavor: None,
                stats: Some(format!("{} Domains", set.domains.len())),
                art: None,
            },
            Entry::Guardian => {
                let g = &set.guardian;
                Face {
                    name: &g.name,
                    kind: None,
                    kind_text: "Guardian",
                    text: &g.text,
                    flavor: g.flavor.as_deref(),
                    stats: Some(format!("HP {} · DEF {}", g.hp, g.def)),
                    art: crate::cards::art::named(g.art.as_ref()),
                }
            }
        }
    }
}

/// A type chip's label with its key: "1 Caesura" ... "0 Rest".
fn type_label(i: usize, t: StationType) -> String {
    format!("{} {}", (i + 1) % 10, type_name(t))
}

/// The gallery's Export (X): the set as a spreadsheet and as print-and-play sheets, in
/// `exports/` under the working folder (`forward cards export` and `forward print` make
/// the same files). Returns the note to show.
fn export(cards: &CardSet) -> String {
    let dir = std::path::Path::new("exports");
    let (csv, pdf) = (dir.join("forward-cards.csv"), dir.join("forward-cards.pdf"));
    let opts = crate::print::Options {
        out: pdf.clone(),
        paper: crate::print::Paper::A4,
        bleed: 0.0,
        png: None,
    };
    let done = std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot make {}: {e}", dir.display()))
        .and_then(|()| {
            let rows = crate::cards::sheet::rows_of(cards.files()).map_err(|e| e.to_string())?;
            crate::cards::sheet::write_csv(&csv, &rows).map_err(|e| e.to_string())
        })
        .and_then(|()| crate::print::check(&opts).map_err(|e| e.to_string()))
        .and_then(|()| crate::print::print(cards.files(), &opts).map_err(|e| e.to_string()));
    match done {
        Ok(_) => format!("exported {} and {}", csv.display(), pdf.display()),
        Err(e) => format!("export failed: {e}"),
    }
}

/// The keys' line at the foot of the gallery and the desk: one line when it fits at a
/// readable size, else two, broken at the separator nearest the middle (the desk's list
/// of keys is longer than a 1024-pixel window).
fn draw_keys_line(hint: &str, fonts: &Fonts, size: Vec2) {
    const SMALLEST: u16 = 14;
    let room = size.x - 48.0;
    let one = style::fit_size(hint, &fonts.italic, 18, SMALLEST, room);
    let draw = |line: &str, y: f32, px: u16| {
        style::text_centred(line, size.x / 2.0, y, &fonts.italic, px, style::dim());
    };
    if style::width(hint, &fonts.italic, one) <= room {
        draw(hint, size.y - 14.0, one);
        return;
    }
    let parts: Vec<&str> = hint.split("  ·  ").collect();
    let total = hint.chars().count();
    let mut taken = 0;
    let mut cut = parts.len() / 2;
    for (i, p) in parts.iter().enumerate() {
        taken += p.chars().count() + 5;
        if taken * 2 >= total {
            cut = i + 1;
            break;
        }
    }
    let (a, b) = (parts[..cut].join("  ·  "), parts[cut..].join("  ·  "));
    let wider = if style::width(&a, &fonts.italic, 18) > style::width(&b, &fonts.italic, 18) {
        &a
    } else {
        &b
    };
    let px = style::fit_size(wider, &fonts.italic, 18, 12, room);
    draw(&a, size.y - 28.0, px);
    draw(&b, size.y - 10.0, px);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gallery() -> GalleryScreen {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        GalleryScreen::new(Arc::new(crate::cards::load::load_dir(&dir).unwrap().0))
    }

    #[test]
    fn a_face_that_waits_for_a_named_face_says_so() {
        let f = crate::cards::model::Face {
            name: "Tail Lash".into(),
            deal: 2,
            empower: 1,
            empower_face: Some("Bite".into()),
            ..Default::default()
        };
        assert_eq!(
            preview::engine_face(4, &f),
            "5 Tail Lash: deal 2, +1 when Bite comes up"
        );
        let plain = crate::cards::model::Face {
            name: "Snarl".into(),
            empower: 2,
            ..Default::default()
        };
        assert_eq!(preview::engine_face(0, &plain), "1 Snarl: +2 next hit");
    }

    #[test]
    fn n_and_p_pick_single_cards() {
        let mut g = gallery();
        g.filter(Some("termina"), None).unwrap();
        let shown = g.shown();
        let l = GalleryGeometry {
            chips: Vec::new(),
            grid: Rect::new(0.0, 0.0, 600.0, 400.0),
            columns: 6,
            rows: 2,
            card: vec2(100.0, 140.0),
            preview: Rect::new(0.0, 0.0, 1.0, 1.0),
            ..GalleryGeometry::default()
        };
        g.select_next(&l, &shown, true);
        assert_eq!(g.pinned, Some(shown[0]));
        g.select_next(&l, &shown, false);
        assert_eq!(g.pinned, shown.last().copied());
        // The last card's row (18 cards, 6 a row: the third) is scrolled into view.
        assert_eq!(g.scroll, 1);
        // Past the last card: the first again, its row scrolled back into view.
        g.select_next(&l, &shown, true);
        assert_eq!(g.pinned, Some(shown[0]));
        assert_eq!(g.scroll, 0);
        for _ in 0..12 {
            g.select_next(&l, &shown, true);
        }
        assert_eq!(g.pinned, Some(shown[12]));
        assert_eq!(g.scroll, 1);
    }

    #[test]
    fn a_card_whose_text_and_data_disagree_is_marked() {
        let g = gallery();
        assert!(
            g.mismatches.iter().all(Vec::is_empty),
            "the shipped set agrees"
        );
        let mut set = (*g.cards).clone();
        let hound = set.card_by_str("cinder_hound").unwrap();
        set.cards[usize::from(hound.index)].hp = Some(crate::cards::model::FoeHp::Fixed(9));
        let g = g.reloaded(Arc::new(set));
        let marked: Vec<usize> = (0..g.mismatches.len())
            .filter(|&i| !g.mismatches[i].is_empty())
            .collect();
        assert_eq!(marked, [usize::from(hound.index)]);
        assert_eq!(g.mismatches[marked[0]], ["the text does not say HP 9"]);
    }

    #[test]
    fn on_an_imported_sheet_the_gallery_marks_exactly_the_cards_validate_warns_of() {
        use std::collections::BTreeSet;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let out = std::env::temp_dir().join(format!("forward-marks-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let sheet = root.join("tests/fixtures/designer_sheet.csv");
        crate::cards::sheet::import(&sheet, &out).expect("the sheet imports");
        let (set, report) = crate::cards::load::load_dir(&out).expect("the import loads");
        let source = crate::cards::CardSource::Dir(out.clone());
        let marked: BTreeSet<String> = mismatches_of(&set, &source)
            .iter()
            .zip(&set.cards)
            .filter(|(m, _)| !m.is_empty())
            .map(|(_, c)| c.id.0.clone())
            .collect();
        // Validate's own report, as `forward validate` prints it.
        let warned: BTreeSet<String> = report
            .warnings
            .iter()
            .filter(|p| p.message.starts_with("the text does not match the data"))
            .filter_map(|p| p.card.clone())
            .collect();
        let _ = std::fs::remove_dir_all(&out);
        // The sheet's four rows that cannot be read are the ones both name.
        assert_eq!(marked.len(), 4, "{marked:?}");
        assert_eq!(marked, warned);
    }

    #[test]
    fn filters_narrow_the_cards() {
        let mut g = gallery().designer(true);
        let all = g.shown().len();
        assert_eq!(all, g.cards.cards.len());
        g.filter(Some("termina"), Some("foe")).unwrap();
        let some = g.shown();
        assert!(!some.is_empty() && some.len() < all);
        assert!(some.iter().all(
            |e| matches!(e, Entry::Station(c) if g.cards.cards[*c].card_type == StationType::Foe)
        ));
        g.domain = Some(g.cards.domains.len());
        let others = g.shown();
        assert_eq!(others.len(), g.cards.domains.len() + 3);
        assert_eq!(others.last(), Some(&Entry::Map));
        assert!(g.filter(Some("nowhere"), None).is_err());
        assert!(g.filter(None, Some("dragon")).is_err());
    }
}
