//! The designer's commands in the gallery (the gallery as the designer's desk): E opens
//! the form on the selected card, Shift-N a new card in the current Domain, Ctrl-R puts a
//! file back as it was earlier in this sitting (asking first), a click on a card's id
//! copies it; a card file changed outside the game is noticed. The form itself is
//! [`super::form`].

mod balance;
mod revert;
mod watch;

use super::form::{Area, CardForm, Opened, Outcome};
use crate::cards::CardSource;
use crate::cards::edit;
use crate::cards::model::StationType;
use crate::sim::figures::{self, SetFigures};
use crate::ui::Next;
use crate::ui::gallery::{Entry, GalleryFrame, GalleryGeometry, GalleryScreen, GalleryTarget};
use crate::ui::input::Input;
use crate::ui::style::{self, Fonts, colour};
use macroquad::prelude::*;
use std::path::{Path, PathBuf};

/// The designer's side of the gallery: the open form, where cards are saved, this
/// sitting's writes, the figures and the balance panel.
#[derive(Default)]
pub(in crate::ui) struct Designer {
    /// The open form.
    form: Option<Box<CardForm>>,
    /// Where the cards come from (saving needs a folder).
    pub(in crate::ui) source: CardSource,
    /// Every write of this sitting (saves and reverts), oldest first, for Ctrl-R.
    sitting: Vec<revert::Step>,
    /// The revert list, while it is open.
    revert: Option<revert::Panel>,
    /// The set's files as loaded, to notice a change made outside the game.
    watch: watch::Watch,
    /// After a save or an undo: the card to show (and edit again, if the form was open).
    reopen: Option<(Opened, bool)>,
    /// The saves folder, where `forward simulate` keeps each set's per-card figures.
    saves: Option<PathBuf>,
    /// The figures of the last simulation of the set on show, if there was one.
    figures: Option<SetFigures>,
    /// Balance beside the card (Ctrl-B): a weighing under way or its figures.
    balance: Option<balance::Panel>,
}

/// This sitting's writes (the desk's saves and reverts, oldest first): the window keeps
/// them while the designer goes to the title and back, so Ctrl-R and Ctrl-B still know
/// them.
#[derive(Default)]
pub(in crate::ui) struct Sitting(Vec<revert::Step>);

impl GalleryScreen {
    /// The sitting's writes, taken as the desk is left.
    pub(in crate::ui) fn take_sitting(&mut self) -> Sitting {
        Sitting(std::mem::take(&mut self.desk.sitting))
    }

    /// The desk opened again in the same sitting: its writes so far.
    pub(in crate::ui) fn with_sitting(mut self, s: Sitting) -> GalleryScreen {
        self.desk.sitting = s.0;
        self
    }
}

impl Designer {
    /// The balance panel shows something new since the last frame (the weighing's
    /// progress or its answer): the frame is drawn again although no input came.
    pub(in crate::ui) fn fresh(&self) -> bool {
        self.balance.as_ref().is_some_and(balance::Panel::fresh)
    }

    /// What survives a reload: the source, the saves of the sitting, the card to reopen.
    pub(in crate::ui) fn carried(self) -> Designer {
        Designer {
            form: None,
            revert: None,
            balance: None,
            ..self
        }
    }
}

/// Ctrl and `key` were pressed together this frame.
fn chord(input: &Input, key: KeyCode) -> bool {
    input.chords.iter().any(|c| c.ctrl && c.key == key)
}

const EDIT: &str = "Edit (E)";
const NEW: &str = "New card (Shift-N)";

impl GalleryScreen {
    /// Where the cards come from (the window's `--cards`): a folder can be saved into.
    pub fn from(mut self, source: &CardSource) -> GalleryScreen {
        self.desk.source = source.clone();
        self.desk.watch = watch::Watch::of(&self.cards, source);
        self.recheck_texts();
        self
    }

    /// The saves folder: the figures of the last simulation of this set are read there.
    pub fn figures(mut self, saves: Option<&Path>) -> GalleryScreen {
        self.desk.saves = saves.map(Path::to_path_buf);
        self.refresh_figures();
        self
    }

    /// Reads the figures of the set on show (none once it was edited: its fingerprint
    /// changed).
    fn refresh_figures(&mut self) {
        let hash = self.cards.files().hash();
        self.desk.figures = self
            .desk
            .saves
            .as_deref()
            .and_then(|d| figures::read(d, &hash));
    }

    /// The last simulation's figures of Station card `c`, as a line under the large card.
    pub(in crate::ui) fn sim_line(&self, c: usize) -> Option<String> {
        let f = self.desk.figures.as_ref()?;
        let card = f.cards.get(&self.cards.cards[c].id.0)?;
        // Short enough for the narrowest preview; the bot is in the file.
        let (verb, health) = if card.mean_health <= 0.0 {
            ("costs", -card.mean_health)
        } else {
            ("gives", card.mean_health)
        };
        Some(format!(
            "{} runs: kills {:.1}% of {} flips, {verb} {health:.2} Health",
            f.runs,
            card.kill_rate * 100.0,
            card.flips,
        ))
    }

    /// Whether the form or the revert list is open (they have every key).
    pub(in crate::ui) fn desk_busy(&self) -> bool {
        self.desk.form.is_some() || self.desk.revert.is_some()
    }

    /// After a reload: the saved card shown again, its form reopened if it was open.
    pub(in crate::ui) fn reopen_desk(&mut self) {
        self.refresh_figures();
        self.desk.watch = watch::Watch::of(&self.cards, &self.desk.source);
        let Some((card, form)) = self.desk.reopen.take() else {
            return;
        };
        let Some(entry) = self.entry_of(&card) else {
            return;
        };
        self.pinned = Some(entry);
        if form {
            self.desk.form = self.open_entry(entry).ok().map(Box::new);
        }
    }

    /// The gallery's entry for a card the desk names.
    pub(in crate::ui::designer) fn entry_of(&self, card: &Opened) -> Option<Entry> {
        Some(match card {
            Opened::Station(id) => Entry::Station(usize::from(self.cards.card_by_str(id)?.index)),
            Opened::Title(id) => {
                Entry::Title(self.cards.domains.iter().position(|d| d.id.0 == *id)?)
            }
            Opened::Traveller => Entry::Traveller,
            Opened::Guardian => Entry::Guardian,
            Opened::Map => Entry::Map,
        })
    }

    /// The form on an entry of the gallery.
    fn open_entry(&self, e: Entry) -> Result<CardForm, String> {
        let (set, source) = (&self.cards, &self.desk.source);
        match e {
            Entry::Station(c) => CardForm::open(set, source, c),
            Entry::Title(d) => {
                CardForm::open_other(set, source, &Opened::Title(set.domains[d].id.0.clone()))
            }
            Entry::Traveller => CardForm::open_other(set, source, &Opened::Traveller),
            Entry::Guardian => CardForm::open_other(set, source, &Opened::Guardian),
            Entry::Map => CardForm::open_other(set, source, &Opened::Map),
        }
    }

    /// The designer's pieces of the gallery's frame: the Edit and New card buttons right
    /// of the title, and the large card's id under it (a click copies it), while neither
    /// the form nor the revert list is open.
    pub(in crate::ui) fn desk_targets(
        &self,
        g: &GalleryGeometry,
        fonts: &Fonts,
    ) -> Vec<(GalleryTarget, Rect)> {
        if self.desk.revert.is_some() || self.desk.form.is_some() {
            return Vec::new();
        }
        let w = |s: &str| style::width(s, &fonts.serif, 17) + 22.0;
        let new = Rect::new(g.grid.right() - w(NEW), 26.0, w(NEW), 30.0);
        let edit = Rect::new(new.x - 8.0 - w(EDIT), 26.0, w(EDIT), 30.0);
        let mut out = vec![(GalleryTarget::Edit, edit), (GalleryTarget::New, new)];
        if let Some(id) = self.shown_id() {
            let w = style::width(&format!("id  {id}"), &fonts.serif, 15);
            let r = Rect::new(g.preview.x, g.large.bottom() + 40.0 - 15.0, w, 20.0);
            out.push((GalleryTarget::Id, r));
        }
        out
    }

    /// The id of the Station card drawn large, if it is one.
    fn shown_id(&self) -> Option<String> {
        match self.on_show()? {
            Entry::Station(c) => Some(self.cards.cards[c].id.0.clone()),
            _ => None,
        }
    }

    /// The form's area: the chips and the grid.
    fn desk_area(&self) -> Area {
        Area {
            rect: self.frame.geometry.form,
        }
    }

    /// The desk's part of a frame: `Some` when it took the input.
    pub(in crate::ui) fn desk_update(&mut self, input: &Input, fonts: &Fonts) -> Option<Next> {
        self.watch_files();
        if let Some(b) = self.desk.balance.as_mut() {
            b.poll();
        }
        if self.desk.revert.is_some() {
            return Some(self.revert_update(input));
        }
        if chord(input, KeyCode::B) {
            self.start_balance();
            return Some(Next::Stay);
        }
        if input.back && self.desk.form.is_none() && self.desk.balance.take().is_some() {
            return Some(Next::Stay);
        }
        let area = self.desk_area();
        if let Some(form) = self.desk.form.as_mut() {
            return Some(match form.update(input, fonts, area) {
                Outcome::Stay => Next::Stay,
                Outcome::Close => {
                    self.desk.form = None;
                    Next::Stay
                }
                Outcome::Saved {
                    saved,
                    card,
                    what,
                    renamed,
                } => {
                    let dir = self.desk.source.dir();
                    let rels: Vec<String> = saved
                        .iter()
                        .map(|s| revert::rel_name(&s.path, dir))
                        .collect();
                    let Some(mut step) = revert::Step::of_many(saved, what.clone()) else {
                        form.note = Some("Nothing to save: the file already says this".into());
                        return Some(Next::Stay);
                    };
                    for rel in &rels {
                        self.desk.watch.wrote(rel);
                    }
                    self.note = Some(format!("{what}: wrote {}", rels.join(", ")));
                    step.renamed = renamed;
                    self.desk.sitting.push(step);
                    self.desk.reopen = Some((card, true));
                    Next::Reload
                }
                Outcome::Revert => self.open_revert(),
                Outcome::Retype(t) => {
                    self.open_new(Some(t));
                    Next::Stay
                }
            });
        }
        let clicked = |t: GalleryTarget| input.click && self.frame.at(input.mouse) == Some(&t);
        if matches!(input.typed, Some('e' | 'E')) || clicked(GalleryTarget::Edit) {
            self.open_selected();
            return Some(Next::Stay);
        }
        if input.typed == Some('N') || clicked(GalleryTarget::New) {
            self.open_new(None);
            return Some(Next::Stay);
        }
        if chord(input, KeyCode::R) {
            return Some(self.open_revert());
        }
        if chord(input, KeyCode::Z) {
            self.note = Some(
                "Ctrl-Z undoes typing in the form; Ctrl-R puts a saved file back (it asks first)"
                    .into(),
            );
            return Some(Next::Stay);
        }
        if clicked(GalleryTarget::Id)
            && let Some(id) = self.shown_id()
        {
            self.note = Some(crate::ui::clipboard::copy("card id", &id));
            return Some(Next::Stay);
        }
        None
    }

    /// About once a second: a card file changed outside the game is announced (in the
    /// form when it is the card's own file; Save then waits until it is taken in).
    fn watch_files(&mut self) {
        let changed = self.desk.watch.poll();
        if let Some(form) = self.desk.form.as_mut()
            && !changed.is_empty()
        {
            form.watch();
        }
        if let Some(rel) = changed.first() {
            let more = match changed.len() {
                1 => String::new(),
                n => format!(" and {} more", n - 1),
            };
            self.note = Some(format!(
                "{rel}{more} changed outside the game: F5 reloads the cards"
            ));
        }
    }

    /// Ctrl-R: the list of this sitting's writes, to put a file back.
    fn open_revert(&mut self) -> Next {
        if self.desk.sitting.is_empty() {
            let why = "Nothing saved in this sitting, so nothing to revert".to_string();
            match self.desk.form.as_mut() {
                Some(f) => f.note = Some(why),
                None => self.note = Some(why),
            }
            return Next::Stay;
        }
        self.desk.revert = Some(revert::Panel::default());
        Next::Stay
    }

    /// The revert list has the keyboard: Y on its question puts the file back and reloads.
    fn revert_update(&mut self, input: &Input) -> Next {
        let n = self.desk.sitting.len();
        let Some(panel) = self.desk.revert.as_mut() else {
            return Next::Stay;
        };
        match panel.update(input, n) {
            revert::Answer::Stay => Next::Stay,
            revert::Answer::Cancel => {
                self.desk.revert = None;
                Next::Stay
            }
            revert::Answer::Restore(k) => {
                self.desk.revert = None;
                self.restore(k)
            }
        }
    }

    /// Puts the file of step `k` back as it was before it, as a step of its own.
    fn restore(&mut self, k: usize) -> Next {
        let step = self.desk.sitting[k].clone();
        let rel = revert::rel_name(&step.saved.path, self.desk.source.dir());
        let restored: Result<Vec<_>, _> = step
            .files()
            .map(|s| edit::restore(&s.path, &s.before))
            .collect();
        match restored {
            Ok(saved) => {
                for s in &saved {
                    let rel = revert::rel_name(&s.path, self.desk.source.dir());
                    self.desk.watch.wrote(&rel);
                }
                let what = format!("putting back {rel} as before {}", step.what);
                self.note = Some(format!("put back {rel} as before {}", step.what));
                self.desk.sitting.extend(revert::Step::of_many(saved, what));
                let card = self.pinned.map(|e| self.opened_of(e));
                self.desk.reopen = card.map(|c| (c, self.desk.form.is_some()));
                self.desk.form = None;
                Next::Reload
            }
            Err(e) => {
                self.note = Some(format!("could not put {rel} back: {e}"));
                Next::Stay
            }
        }
    }

    /// The revert list's lines (newest first) and its question, when it asks one.
    fn revert_lines(&self) -> (Vec<String>, Option<String>) {
        let steps = &self.desk.sitting;
        let dir = self.desk.source.dir();
        let lines = steps
            .iter()
            .rev()
            .map(|s| {
                let rel = revert::rel_name(&s.saved.path, dir);
                format!("{rel} as it was before {} ({} UTC)", s.what, s.at)
            })
            .collect();
        let asking = self.desk.revert.as_ref().filter(|p| p.confirming());
        let question = asking.and_then(|p| {
            let k = p.picked(steps.len())?;
            let path = &steps[k].saved.path;
            let rel = revert::rel_name(path, dir);
            // Changed outside the game: the disk differs from the game's last write.
            let last = steps.iter().rev().find(|s| &s.saved.path == path)?;
            let outside = std::fs::read_to_string(path).ok().as_ref() != Some(&last.saved.after);
            let form = self.desk.form.as_ref().is_some_and(|f| f.dirty());
            Some(revert::Panel::question(steps, k, &rel, outside, form))
        });
        (lines, question)
    }

    /// The card drawn large: the one under the pointer, else the one picked, else the
    /// first shown.
    pub(in crate::ui) fn on_show(&self) -> Option<Entry> {
        self.hovered
            .or(self.pinned)
            .or_else(|| self.shown().first().copied())
    }

    /// How the desk names an entry.
    fn opened_of(&self, e: Entry) -> Opened {
        match e {
            Entry::Station(c) => Opened::Station(self.cards.cards[c].id.0.clone()),
            Entry::Title(d) => Opened::Title(self.cards.domains[d].id.0.clone()),
            Entry::Traveller => Opened::Traveller,
            Entry::Guardian => Opened::Guardian,
            Entry::Map => Opened::Map,
        }
    }

    /// Opens the form on the card drawn large (any card: a Station card, a Domain's
    /// title card, the traveller, the Guardian, the map).
    fn open_selected(&mut self) {
        let Some(e) = self.on_show() else {
            self.note = Some("pick a card first (click it, or N/P), then E".into());
            return;
        };
        self.pinned = Some(e);
        match self.open_entry(e) {
            Ok(d) => self.desk.form = Some(Box::new(d)),
            Err(e) => self.note = Some(e),
        }
    }

    /// The Domain a new card goes into: the Domain filter, else the selected card's.
    fn new_card_domain(&self) -> Option<usize> {
        if let Some(d) = self.domain.filter(|&d| d < self.cards.domains.len()) {
            return Some(d);
        }
        let Some(Entry::Station(c)) = self.pinned else {
            return None;
        };
        self.cards
            .domains
            .iter()
            .position(|d| d.stations.iter().any(|s| usize::from(s.index) == c))
    }

    /// Opens the form on a new card of type `t` (else the type filter's, the selected
    /// card's, or a foe).
    fn open_new(&mut self, t: Option<StationType>) {
        let Some(d) = self.new_card_domain() else {
            self.note = Some("pick a Domain (or a card of it) first, then Shift-N".into());
            return;
        };
        let selected = match self.pinned {
            Some(Entry::Station(c)) => Some(self.cards.cards[c].card_type),
            _ => None,
        };
        let t = t.or(self.kind).or(selected).unwrap_or(StationType::Foe);
        match CardForm::new_card(&self.cards, &self.desk.source, d, t) {
            Ok(desk) => self.desk.form = Some(Box::new(desk)),
            Err(e) => self.note = Some(e),
        }
    }

    /// Draws the desk, and the balance panel over the large card's column.
    pub(in crate::ui) fn desk_draw(&self, frame: &GalleryFrame, fonts: &Fonts) {
        self.desk_draw_form(frame, fonts);
        if let Some(b) = &self.desk.balance {
            b.draw(frame.geometry.balance, fonts);
        }
    }

    /// Draws the desk's buttons, or the open form with the edited card large beside it.
    fn desk_draw_form(&self, frame: &GalleryFrame, fonts: &Fonts) {
        let l = &frame.geometry;
        let area = Area { rect: l.form };
        if let Some(panel) = &self.desk.revert {
            let (lines, question) = self.revert_lines();
            panel.draw(area.rect, fonts, &lines, question.as_deref());
            return;
        }
        let Some(form) = &self.desk.form else {
            let buttons = [(GalleryTarget::Edit, EDIT), (GalleryTarget::New, NEW)];
            for (t, label) in buttons {
                let Some(r) = frame.rect_of(&t) else {
                    continue;
                };
                style::card(r, 6.0, 1.0, colour::TILE, colour::GOLD);
                style::text(
                    label,
                    r.x + 11.0,
                    r.y + 21.0,
                    &fonts.serif,
                    17,
                    colour::PARCHMENT,
                );
            }
            return;
        };
        form.draw(fonts, area);
        // The card as it would look with the form's values (when they read as a card).
        let value = form.form.value().ok();
        let card = value
            .clone()
            .and_then(|v| serde_json::from_value::<crate::cards::model::StationCard>(v).ok());
        let face = match (&card, &value) {
            (Some(card), _) => Some(crate::ui::cardface::station_face(card)),
            (None, Some(v)) => other_face(v),
            (None, None) => None,
        };
        if let Some(face) = face {
            let p = l.preview;
            draw_rectangle(p.x - 4.0, p.y - 4.0, p.w + 8.0, p.h + 8.0, colour::SKY_MID);
            let r = l.station_large;
            crate::ui::cardface::draw_face(r, &face, fonts, true);
            let hint = "as it will look once saved";
            style::text(
                hint,
                p.x,
                r.bottom() + 24.0,
                &fonts.italic,
                17,
                style::dim(),
            );
        }
    }
}

/// The face of a card that is not a Station card, from the form's values: a Domain's
/// title card, the traveller, the Guardian (the map has no face).
fn other_face(v: &serde_json::Value) -> Option<crate::ui::cardface::Face<'_>> {
    let s = |k: &str| v.get(k).and_then(serde_json::Value::as_str);
    let n = |k: &str| v.get(k).and_then(serde_json::Value::as_i64).unwrap_or(0);
    let (kind_text, stats) = match s("type")? {
        "domain" => ("Domain", None),
        "traveller" => (
            "Traveller",
            Some(format!("ATK {} · DEF {}", n("atk"), n("def"))),
        ),
        "guardian" => (
            "Guardian",
            Some(format!("HP {} · DEF {}", n("hp"), n("def"))),
        ),
        _ => return None,
    };
    let art = s("art").and_then(|a| {
        crate::cards::art::names()
            .iter()
            .find(|n| n.as_str() == a)
            .map(String::as_str)
    });
    Some(crate::ui::cardface::Face {
        name: s("name")?,
        kind: None,
        kind_text,
        text: s("text").unwrap_or_default(),
        flavor: s("flavor"),
        stats,
        art,
    })
}

impl Designer {
    /// Whether a save or undo waits for the reload (its note is kept over "reloaded").
    pub(in crate::ui) fn reopen_pending(&self) -> bool {
        self.reopen.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn the_last_simulation_of_this_set_is_shown_and_not_after_an_edit() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let set = crate::cards::load::load_dir(&dir).unwrap().0;
        let (_tmp, saves) = crate::scratch::scratch("gallery-sim");
        let mut cards = std::collections::BTreeMap::new();
        let hound = figures::CardFigures {
            flips: 400,
            killed: 6,
            kill_rate: 0.015,
            mean_health: -1.25,
        };
        cards.insert("cinder_hound".to_string(), hound);
        let f = SetFigures {
            cards_hash: set.files().hash(),
            runs: 1000,
            policy: "greedy".into(),
            cards,
        };
        figures::write(&saves, &f).unwrap();
        let c = usize::from(set.card_by_str("cinder_hound").unwrap().index);
        let g = GalleryScreen::new(Arc::new(set.clone())).figures(Some(&saves));
        assert_eq!(
            g.sim_line(c).as_deref(),
            Some("1000 runs: kills 1.5% of 400 flips, costs 1.25 Health")
        );
        // Another set (here: no figures file for it) shows none.
        let mut files = (**set.files()).clone();
        files.domains[0].stations[0].name.push('!');
        let other = crate::cards::load::load_files(&files).unwrap().0;
        let g = GalleryScreen::new(Arc::new(other)).figures(Some(&saves));
        assert_eq!(g.sim_line(c), None);
        let _ = std::fs::remove_dir_all(&saves);
    }
}
