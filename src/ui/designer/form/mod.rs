//! The card form of the designer's desk: a card of the gallery edited in a form, checked as it is
//! typed by the loader itself (the card spliced into its file's text, the whole set
//! loaded with that text), saved back into its Domain file through [`crate::cards::edit`].
//!
//! Ctrl-Z and Ctrl-Shift-Z undo and redo what was typed in the form ([`history`]); a
//! saved card is put back only by the gallery's revert command, which asks first. The
//! form never writes over a file changed outside the game: Save waits until the change
//! is taken in (Ctrl-L), which keeps what was typed in the form.

mod draw;
pub mod field;
mod geometry;
pub mod history;
pub mod model;
mod objects;
mod popup;
pub mod rows;
mod whole;

use crate::cards::edit::{self, Saved};
use crate::cards::model::{StationCard, StationType};
use crate::cards::origin::Reader;
use crate::cards::{CardSet, CardSource};
use crate::ui::input::{Chord, Input, Press};
use field::Edit;
use history::History;
use macroquad::prelude::KeyCode;
use model::{Form, Note};
pub use popup::Popup;
use std::collections::HashMap;

/// What the desk asks of the gallery after a frame.
#[derive(Debug)]
pub enum Outcome {
    Stay,
    /// Leave the form (nothing saved since the last Save).
    Close,
    /// The card was written (with, for a rename, every file that followed it): reload
    /// the cards and keep it on show.
    Saved {
        saved: Vec<Saved>,
        card: Opened,
        /// What the write was, to finish "as before ...": `saving cinder_hound`.
        what: String,
        /// The card's id before and after, when the save renamed it.
        renamed: Option<(String, String)>,
    },
    /// Open the list of this sitting's saves, to put a file back as it was (asks first).
    Revert,
    /// A new card's type was picked: the gallery opens that type's template instead.
    Retype(StationType),
}

/// A card the desk can open, as the gallery names it (to show it again after a save).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opened {
    /// A Station card, by id.
    Station(String),
    /// A Domain's title card, by the Domain's id.
    Title(String),
    Traveller,
    Guardian,
    Map,
}

/// What part of its file the card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A Station card of a Domain file.
    Station,
    /// The whole file (the traveller, the Guardian, the map).
    File,
    /// A Domain file's own keys: its title card (the `stations` keep their bytes).
    Title,
}

/// Which card the form writes, and where.
#[derive(Debug, Clone)]
struct Target {
    /// The file, relative to the cards folder.
    rel: String,
    /// The Domain's name, or what the card is (shown in the header).
    domain: String,
    part: Part,
    /// The card's place in the file's `stations`; `None` for a new card (added last).
    index: Option<usize>,
    /// The place it has (or will have) there: `stations[N]` in the loader's paths.
    position: usize,
}

/// An id changed in the form, and the references that follow it on Save.
#[derive(Debug, Clone)]
pub struct Rename {
    pub old: String,
    pub new: String,
    pub refs: Vec<crate::cards::refs::Ref>,
}

/// An open form and what it edits.
pub struct CardForm {
    pub form: Form,
    target: Target,
    source: CardSource,
    /// The Domain file's text when the form opened (the card is spliced into it).
    base: String,
    /// The card's object text when the form opened (to tell unsaved changes).
    original: String,
    /// The form changed since the last check.
    stale: bool,
    /// Esc was pressed with unsaved changes: a second Esc leaves without saving.
    leaving: bool,
    /// A line under the header (why Save did not happen, ...).
    pub note: Option<String>,
    /// First pixel row of the fields on show (the form scrolls to the focused field).
    scroll: f32,
    /// This frame's model (see `ui::screen`): where the pieces go, what a click hits.
    frame: FormFrame,
    /// The form's undo and redo steps.
    history: History,
    /// The card's id in the file (to find it again after the file changed outside).
    opened_id: Option<String>,
    /// The file on disk differs from [`CardForm::base`]: it was changed outside the game.
    outside: bool,
    /// The id was changed and other places name the old one: they follow on Save.
    pub rename: Option<Rename>,
    /// What is open over the form (the rename's list, the type picker, the text preview).
    pub popup: Popup,
    /// The set's card names by id, as the last check loaded them (a text written from
    /// the data names the cards it refers to).
    names: HashMap<String, String>,
}

/// How many icons the art picker offers at once.
const ART_MATCHES: usize = 8;

/// Why a card cannot be opened or saved.
pub fn builtin_note() -> String {
    "These are the built-in cards (no cards folder on disk), so nothing can be saved: \
     run `forward --cards DIR --gallery` with a copy of cards/ to edit."
        .to_string()
}

/// A free id for a new card of type `t`: `new_foe`, `new_foe_2`, ...
fn free_id(set: &CardSet, t: StationType) -> String {
    let base = format!("new_{}", t.as_str());
    (1..)
        .map(|n| {
            if n == 1 {
                base.clone()
            } else {
                format!("{base}_{n}")
            }
        })
        .find(|id| set.card_by_str(id).is_none())
        .unwrap_or(base)
}

impl CardForm {
    /// The form for Station card `card` (an index into `set.cards`).
    pub fn open(set: &CardSet, source: &CardSource, card: usize) -> Result<CardForm, String> {
        let (d, position) = set
            .domains
            .iter()
            .enumerate()
            .find_map(|(d, dom)| {
                let at = dom
                    .stations
                    .iter()
                    .position(|s| usize::from(s.index) == card)?;
                Some((d, at))
            })
            .ok_or("this card is in no Domain")?;
        let value = serde_json::to_value(&set.cards[card]).map_err(|e| e.to_string())?;
        CardForm::with(set, source, d, Some(position), Form::of(&value))
    }

    /// The form for a card that is not a Station card: the traveller, the Guardian, the
    /// map, or a Domain's title card. Its fields come from the file's own text (keys in
    /// the file's order).
    pub fn open_other(
        set: &CardSet,
        source: &CardSource,
        card: &Opened,
    ) -> Result<CardForm, String> {
        let (rel, part, label) = match card {
            Opened::Traveller => ("traveller.json".to_string(), Part::File, "the traveller"),
            Opened::Guardian => ("guardian.json".to_string(), Part::File, "the Guardian"),
            Opened::Map => ("map.json".to_string(), Part::File, "the map"),
            Opened::Title(d) => {
                let rel = set
                    .files()
                    .map
                    .domains
                    .iter()
                    .find(|e| e.id.0 == *d)
                    .map(|e| e.file.clone())
                    .ok_or("the map does not list this Domain")?;
                (rel, Part::Title, "a Domain's title card")
            }
            Opened::Station(_) => return Err("a Station card opens with CardForm::open".into()),
        };
        let base = Reader::of(source)
            .read(&rel)
            .map_err(|e| format!("cannot read {rel}: {e}"))?;
        let mut value: serde_json::Value = serde_json::from_str(&base)
            .map_err(|e| format!("{rel} does not read as JSON ({e}): fix it in a text editor"))?;
        if part == Part::Title
            && let Some(obj) = value.as_object_mut()
        {
            obj.remove("stations");
        }
        let loc = crate::cards::locate::Locator::scan(&base);
        let mut order: Vec<(crate::cards::locate::Pos, String)> = value
            .as_object()
            .map(|o| {
                o.keys()
                    .filter_map(|k| Some((loc.key_or_value(k)?, k.clone())))
                    .collect()
            })
            .unwrap_or_default();
        order.sort();
        let verbatim = |path: &str| loc.span(path).map(|r| base[r].to_string());
        let form = Form::of_file(
            &value,
            order.into_iter().map(|(_, k)| k).collect(),
            &verbatim,
        );
        let original = form.object().0;
        let opened_id = value.get("id").and_then(|v| v.as_str()).map(str::to_string);
        let target = Target {
            rel,
            domain: label.to_string(),
            part,
            index: None,
            position: 0,
        };
        Ok(CardForm::fresh(
            form, target, source, base, original, opened_id,
        ))
    }

    /// What the gallery calls the card on show (to show it again after a save).
    pub fn opened(&self) -> Opened {
        let id = self.form_id().unwrap_or_default();
        match (self.target.part, self.target.rel.as_str()) {
            (Part::Station, _) => Opened::Station(id),
            (Part::Title, _) => Opened::Title(id),
            (Part::File, "traveller.json") => Opened::Traveller,
            (Part::File, "guardian.json") => Opened::Guardian,
            (Part::File, _) => Opened::Map,
        }
    }

    /// The id as typed in the form, if the card has one.
    pub(super) fn form_id(&self) -> Option<String> {
        self.form
            .fields
            .iter()
            .find(|f| f.slot == model::Slot::Key("id".into()))
            .map(|f| f.edit.text().trim().to_string())
    }

    /// The form for a new card of type `t` in Domain `d`, from the type's template.
    pub fn new_card(
        set: &CardSet,
        source: &CardSource,
        d: usize,
        t: StationType,
    ) -> Result<CardForm, String> {
        let card = edit::template(t, &free_id(set, t));
        let value = serde_json::to_value(&card).map_err(|e| e.to_string())?;
        CardForm::with(set, source, d, None, Form::of(&value))
    }

    fn with(
        set: &CardSet,
        source: &CardSource,
        d: usize,
        index: Option<usize>,
        form: Form,
    ) -> Result<CardForm, String> {
        let dom = set.domains.get(d).ok_or("no such Domain")?;
        let rel = set
            .files()
            .map
            .domains
            .iter()
            .find(|e| e.id == dom.id)
            .map(|e| e.file.clone())
            .ok_or("the map does not list this Domain")?;
        let base = Reader::of(source)
            .read(&rel)
            .map_err(|e| format!("cannot read {rel}: {e}"))?;
        let original = form.object().0;
        let opened_id = index.and_then(|_| form.fields.first().map(|f| f.edit.text().to_string()));
        let target = Target {
            rel,
            domain: dom.name.clone(),
            part: Part::Station,
            position: index.unwrap_or(dom.stations.len()),
            index,
        };
        Ok(CardForm::fresh(
            form, target, source, base, original, opened_id,
        ))
    }

    /// A desk on a card just opened: `original` is the form's object as read from `base`,
    /// the file's text; checked at once.
    fn fresh(
        form: Form,
        target: Target,
        source: &CardSource,
        base: String,
        original: String,
        opened_id: Option<String>,
    ) -> CardForm {
        let mut desk = CardForm {
            form,
            target,
            source: source.clone(),
            base,
            original,
            stale: true,
            leaving: false,
            note: source.dir().is_none().then(builtin_note),
            scroll: 0.0,
            frame: FormFrame::default(),
            history: History::default(),
            opened_id,
            outside: false,
            rename: None,
            popup: Popup::None,
            names: HashMap::new(),
        };
        desk.check();
        desk
    }

    /// Whether the form differs from the card as it was opened (or last saved).
    pub fn dirty(&self) -> bool {
        self.form.object().0 != self.original
    }

    /// Whether this is a new card (not yet in its file).
    pub fn is_new(&self) -> bool {
        self.target.part == Part::Station && self.target.index.is_none()
    }

    /// The card's file with the form's object in the card's place, and the byte where
    /// the object starts.
    fn spliced(&self, object: &str) -> Result<(String, usize), String> {
        let t = &self.target;
        match t.part {
            Part::Station => {
                edit::splice_text(&t.rel, &self.base, t.index, object).map_err(|e| e.to_string())
            }
            Part::File => Ok((format!("{object}\n"), 0)),
            Part::Title => {
                let loc = crate::cards::locate::Locator::scan(&self.base);
                let stations = loc
                    .span("stations")
                    .ok_or_else(|| format!("{} has no readable `stations` list", t.rel))?;
                let head = object.strip_suffix("\n}").unwrap_or(object);
                let list = &self.base[stations];
                Ok((format!("{head},\n  \"stations\": {list}\n}}\n"), 0))
            }
        }
    }

    /// Every file of the set as `(path, text)`, the card's own file as `own`.
    fn set_texts(&self, own: &str) -> Vec<(String, String)> {
        let reader = Reader::of(&self.source);
        let mut names = vec![
            "map.json".to_string(),
            "traveller.json".to_string(),
            "guardian.json".to_string(),
        ];
        let map = reader
            .read("map.json")
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok());
        let domains = map
            .as_ref()
            .and_then(|m| m.get("domains"))
            .and_then(|d| d.as_array())
            .cloned()
            .unwrap_or_default();
        names.extend(
            domains
                .iter()
                .filter_map(|d| d.get("file")?.as_str().map(str::to_string)),
        );
        names
            .into_iter()
            .filter_map(|rel| {
                let text = if rel == self.target.rel {
                    own.to_string()
                } else {
                    reader.read(&rel).ok()?
                };
                Some((rel, text))
            })
            .collect()
    }

    /// The files a save writes: the card's file with `own` as its text, and, when the id
    /// changed, every file that names the old id, made to name the new one.
    fn patches(&self, own: String) -> (Vec<(String, String)>, Option<Rename>) {
        let rel = self.target.rel.clone();
        let new = self.form_id().unwrap_or_default();
        let old = self
            .opened_id
            .clone()
            .filter(|o| !new.is_empty() && *o != new);
        let Some(old) = old else {
            return (vec![(rel, own)], None);
        };
        let (refs, mut changed) = crate::cards::refs::follow(&self.set_texts(&own), &old, &new);
        if !changed.iter().any(|(f, _)| *f == rel) {
            changed.insert(0, (rel, own));
        }
        let rename = (!refs.is_empty()).then_some(Rename { old, new, refs });
        (changed, rename)
    }

    /// Checks the card as the loader would: spliced into its file's text, the whole set
    /// loaded with that text (and, for a new id, with every reference following it); the
    /// problems go under the fields they concern.
    pub fn check(&mut self) {
        self.stale = false;
        let (object, _) = self.form.object();
        let (text, start) = match self.spliced(&object) {
            Ok(s) => s,
            Err(e) => {
                self.form.general = vec![Note {
                    error: true,
                    message: e,
                }];
                return;
            }
        };
        let first_line = text[..start].matches('\n').count() + 1;
        let (patches, rename) = self.patches(text);
        self.rename = rename;
        let report = match crate::cards::load::load_patches(&self.source, &patches) {
            Ok((set, report)) => {
                self.names = set
                    .cards
                    .iter()
                    .map(|c| (c.id.0.clone(), c.name.clone()))
                    .collect();
                report
            }
            Err(report) => report,
        };
        let problems: Vec<_> = report
            .errors
            .into_iter()
            .map(|p| (true, p))
            .chain(report.warnings.into_iter().map(|p| (false, p)))
            .collect();
        let t = &self.target;
        let path = match t.part {
            Part::Station => format!("stations[{}]", t.position),
            Part::File | Part::Title => String::new(),
        };
        self.form.place(&problems, &t.rel, &path, first_line);
    }

    /// Save: refused for the built-in set, while the check finds errors, or while the
    /// file was changed outside; with a rename, the places that follow are listed first
    /// and the save waits for Y ([`CardForm::confirm_rename`]).
    fn save(&mut self) -> Result<Outcome, String> {
        if self.source.dir().is_none() {
            return Err(builtin_note());
        }
        if self.stale {
            self.check();
        }
        let n = self.form.errors();
        if n > 0 {
            return Err(format!(
                "not saved: {n} error{} to fix first (shown in red)",
                if n == 1 { "" } else { "s" }
            ));
        }
        if self.changed_outside() {
            return Err(self.outside_note());
        }
        if self.rename.is_some() {
            self.popup = Popup::Rename;
            return Ok(Outcome::Stay);
        }
        self.write()
    }

    /// Y on the rename's list: the card and every reference written, in one step.
    fn confirm_rename(&mut self) -> Outcome {
        self.popup = Popup::None;
        match self.write() {
            Ok(o) => o,
            Err(why) => {
                self.note = Some(why);
                Outcome::Stay
            }
        }
    }

    /// Writes the card's file (and the files a rename changes), each atomically; if one
    /// cannot be written, those already written are put back.
    fn write(&mut self) -> Result<Outcome, String> {
        let Some(dir) = self.source.dir().map(std::path::Path::to_path_buf) else {
            return Err(builtin_note());
        };
        let own = match self.target.part {
            Part::Station => {
                let value = self.form.value()?;
                let card: StationCard = serde_json::from_value(value).map_err(|e| e.to_string())?;
                match self.target.index {
                    Some(i) => edit::splice_card(&self.target.rel, &self.base, i, &card),
                    None => edit::append_card(&self.target.rel, &self.base, &card),
                }
                .map_err(|e| e.to_string())?
            }
            Part::File | Part::Title => self.spliced(&self.form.object().0)?.0,
        };
        let (mut patches, rename) = self.patches(own);
        let id = self.form_id().unwrap_or_else(|| self.target.domain.clone());
        // A new id goes in the folder's rename map (which `--compare`, the sheet merge and
        // the designer export follow), written with the card so a revert puts it back.
        let renamed = self
            .opened_id
            .clone()
            .filter(|o| !o.is_empty() && *o != id)
            .map(|old| (old, id.clone()));
        if let Some((old, _)) = &renamed {
            let text = crate::cards::renames::renamed_text(&dir, old, &id)
                .map_err(|e| format!("the rename map cannot be written: {e}"))?;
            patches.push((crate::cards::renames::RENAMES.to_string(), text));
        }
        let saved = edit::write_files(&dir, &patches).map_err(|e| e.to_string())?;
        self.original = self.form.object().0;
        self.history.settle();
        let what = match (&rename, &renamed) {
            (Some(r), _) => format!("renaming {} to {} ({} places)", r.old, r.new, r.refs.len()),
            (None, Some((old, new))) => format!("renaming {old} to {new}"),
            (None, None) => format!("saving {id}"),
        };
        if renamed.is_some() {
            // The id the card is opened by is its new one from now on.
            self.opened_id = Some(id.clone());
        }
        Ok(Outcome::Saved {
            saved,
            card: self.opened(),
            what,
            renamed,
        })
    }

    /// Whether the card's file on disk differs from the text the form was opened on
    /// (a file that cannot be read counts as changed); remembered for the prompt.
    pub fn changed_outside(&mut self) -> bool {
        let Some(dir) = self.source.dir() else {
            return false;
        };
        let now = std::fs::read_to_string(dir.join(&self.target.rel));
        self.outside = now.map_or(true, |t| t != self.base);
        self.outside
    }

    /// The prompt after the card's file was changed outside the game.
    fn outside_note(&self) -> String {
        format!(
            "{} changed outside the game: Ctrl-L takes it in, keeping your edits; Save waits till then",
            self.target.rel
        )
    }

    /// Looks at the card's file on disk (the gallery asks about once a second): a change
    /// made outside the game is announced in the form, once.
    pub fn watch(&mut self) {
        let was = self.outside;
        if self.changed_outside() && !was {
            self.note = Some(self.outside_note());
        }
    }

    /// Ctrl-L: takes in the card's file as it is on disk now. What was typed in the form
    /// is kept and goes in the card's place in the new text (found again by its id).
    pub fn take_in(&mut self) {
        let Some(dir) = self.source.dir() else {
            return;
        };
        let rel = self.target.rel.clone();
        let text = match std::fs::read_to_string(dir.join(&rel)) {
            Ok(t) => t,
            Err(e) => {
                self.note = Some(format!("cannot read {rel}: {e}"));
                return;
            }
        };
        if self.target.part != Part::Station {
            // The whole file, or its title card: the form's keys go over the new text.
            self.base = text;
            self.outside = false;
            self.note = Some(format!("took in {rel} as it is now; your edits are kept"));
            self.check();
            return;
        }
        let loc = crate::cards::locate::Locator::scan(&text);
        let count = (0..)
            .take_while(|i| loc.span(&format!("stations[{i}]")).is_some())
            .count();
        let t = &mut self.target;
        let mut note = format!("took in {rel} as it is now; your edits are kept");
        if let Some(id) = &self.opened_id {
            t.index = (0..count).find(|i| loc.string(&format!("stations[{i}].id")) == Some(id));
            if t.index.is_none() {
                note = format!("{note}; `{id}` is no longer in it, so Save adds the card");
            }
        }
        t.position = t.index.unwrap_or(count);
        self.base = text;
        self.outside = false;
        self.note = Some(note);
        self.check();
    }

    /// The icons offered for the focused field, when it is the card's `art`: the vendored
    /// icons whose names hold what is typed (none once it names one exactly).
    pub fn art_matches(&self) -> Vec<&'static str> {
        let Some(f) = self.form.fields.get(self.form.focus) else {
            return Vec::new();
        };
        if f.slot != model::Slot::Key("art".into()) || crate::cards::art::exists(f.edit.text()) {
            return Vec::new();
        }
        crate::cards::art::search(f.edit.text(), ART_MATCHES)
    }

    /// Sets the card's art to icon `name` (a step of its own, undone with Ctrl-Z).
    fn pick_art(&mut self, name: &str) -> bool {
        let picked = self.history.replace(&mut self.form, name);
        if picked {
            self.note = Some(format!("art: {name}"));
        }
        picked
    }

    /// In a field that holds another card's id, the rest of the set's id that the text
    /// begins (see [`model::complete_id`]).
    fn id_completion(&self) -> Option<String> {
        let f = self.form.fields.get(self.form.focus)?;
        if !rows::ID_LABELS.contains(&f.label.as_str()) {
            return None;
        }
        model::complete_id(f.edit.text(), self.names.keys().map(String::as_str))
    }

    /// Whether the keyboard is on a "+" row (Enter adds an effect, a cost, an option).
    fn on_add_row(&self) -> bool {
        self.form
            .fields
            .get(self.form.focus)
            .is_some_and(|f| f.kind == model::Kind::Add)
    }

    /// Undoes (or redoes) the form's last step of typing.
    fn undo(&mut self, back: bool) -> bool {
        let done = if back {
            self.history.undo(&mut self.form)
        } else {
            self.history.redo(&mut self.form)
        };
        if !done {
            self.note = Some(if back {
                "Nothing to undo in the form (a saved card is put back with Revert, Ctrl-R)".into()
            } else {
                "Nothing to redo".into()
            });
        }
        done
    }

    /// One frame of input: typing into the focused field, Tab between fields, Ctrl-S,
    /// Ctrl-Z, Esc, and clicks on fields and buttons.
    pub fn update(
        &mut self,
        input: &Input,
        fonts: &crate::ui::style::Fonts,
        area: geometry::Area,
    ) -> Outcome {
        // The input is read against the frame drawn last; this frame's is laid out after.
        if self.frame.geometry.area != area.rect {
            self.frame = self.lay_out(fonts, area);
        }
        let outcome = self.handle(input, fonts);
        self.frame = self.lay_out(fonts, area);
        outcome
    }

    fn handle(&mut self, input: &Input, fonts: &crate::ui::style::Fonts) -> Outcome {
        if self.popup != Popup::None {
            // The pop-up has the keyboard (Y takes a rename, Enter a type or a text).
            return self.popup_update(input, fonts, self.frame.geometry.view);
        }
        if input.back {
            if self.dirty() && !self.leaving {
                self.leaving = true;
                self.note =
                    Some("Unsaved changes: Esc again leaves without saving, Ctrl-S saves".into());
                return Outcome::Stay;
            }
            return Outcome::Close;
        }
        let mut outcome = Outcome::Stay;
        let mut changed = false;
        let mut chords = input.chords.iter();
        for press in &input.presses {
            if self.popup != Popup::None {
                // A pop-up opened: the rest of the frame's keys are not the form's.
                break;
            }
            let c = match *press {
                Press::Key(key) => chords.next().copied().unwrap_or(Chord {
                    key,
                    ctrl: input.ctrl,
                    shift: input.shift,
                }),
                Press::Char(c) => {
                    // A letter typed with Ctrl is a command, not text.
                    if !input.ctrl {
                        changed |= self.history.edit(&mut self.form, Edit::Insert(c));
                    }
                    continue;
                }
            };
            if matches!(c.key, KeyCode::Tab | KeyCode::Up | KeyCode::Down) || c.ctrl {
                // Another field, or a command: the next typing is a step of its own.
                self.history.settle();
            }
            match c.key {
                KeyCode::S if c.ctrl => outcome = self.try_save(),
                KeyCode::Z if c.ctrl => changed |= self.undo(!c.shift),
                KeyCode::Y if c.ctrl => changed |= self.undo(false),
                KeyCode::R if c.ctrl => outcome = Outcome::Revert,
                KeyCode::T if c.ctrl => self.open_types(),
                KeyCode::W if c.ctrl => self.open_text(),
                KeyCode::L if c.ctrl => self.take_in(),
                KeyCode::Tab
                    if !c.shift
                        && let Some(rest) = self.id_completion() =>
                {
                    // The rest of a set's card id, typed for the user; Tab again moves on.
                    changed |= self.history.edit(&mut self.form, Edit::End);
                    for ch in rest.chars() {
                        changed |= self.history.edit(&mut self.form, Edit::Insert(ch));
                    }
                }
                KeyCode::Tab => self.form.step(!c.shift),
                KeyCode::Up => self.form.step(false),
                KeyCode::Delete | KeyCode::Backspace if c.ctrl => {
                    changed |= self.history.change(&mut self.form, Form::remove_item);
                }
                KeyCode::Enter | KeyCode::KpEnter if self.on_add_row() => {
                    changed |= self.history.change(&mut self.form, Form::add_item);
                }
                KeyCode::Enter | KeyCode::KpEnter
                    if let Some(first) = self.art_matches().first().copied() =>
                {
                    // Enter in the art field takes the first icon offered.
                    changed |= self.pick_art(first);
                }
                KeyCode::Down | KeyCode::Enter | KeyCode::KpEnter => self.form.step(true),
                k => {
                    let e = match k {
                        KeyCode::Backspace => Edit::Backspace,
                        KeyCode::Delete => Edit::Delete,
                        KeyCode::Left => Edit::Left,
                        KeyCode::Right => Edit::Right,
                        KeyCode::Home => Edit::Home,
                        KeyCode::End => Edit::End,
                        _ => continue,
                    };
                    changed |= self.history.edit(&mut self.form, e);
                }
            }
        }
        if input.click
            && let Some(&hit) = self.frame.at(input.mouse)
        {
            let (o, c) = self.click(hit, input.mouse);
            changed |= c;
            if let Some(o) = o {
                outcome = o;
            }
        }
        if input.wheel != 0.0 && self.frame.geometry.area.contains(input.mouse) {
            self.scroll = (self.scroll - input.wheel * 40.0).max(0.0);
        }
        if changed {
            self.stale = true;
            self.leaving = false;
        }
        // Checked once the typing pauses for a frame (a check loads the whole set).
        if self.stale && input.presses.is_empty() {
            self.check();
        }
        self.follow_focus();
        outcome
    }

    /// A click at `p` on the form: a field (its caret, or a + row's new item), a picker's
    /// word, a remove button, an icon, a button. Returns the outcome (if any) and whether
    /// the form changed.
    fn click(&mut self, hit: FormTarget, p: macroquad::prelude::Vec2) -> (Option<Outcome>, bool) {
        let mut outcome = None;
        let mut changed = false;
        match hit {
            FormTarget::List => {}
            FormTarget::Field(i) => {
                let at = self.frame.geometry.char_at(i, p);
                self.history.settle();
                self.form.focus = i;
                self.form.fields[i].edit.set_cursor(at);
                if self.on_add_row() {
                    changed = self.history.change(&mut self.form, Form::add_item);
                }
            }
            FormTarget::Art(name) => changed = self.pick_art(name),
            FormTarget::Word(i, word) => {
                self.form.focus = i;
                changed = self.history.change(&mut self.form, |f| f.pick(word));
            }
            FormTarget::Remove(i) => {
                self.form.focus = i;
                changed = self.history.change(&mut self.form, Form::remove_item);
            }
            FormTarget::Save => outcome = Some(self.try_save()),
            FormTarget::Undo => changed = self.undo(true),
            FormTarget::Revert => outcome = Some(Outcome::Revert),
            FormTarget::Write => self.open_text(),
            FormTarget::Close => {
                outcome = Some(if self.dirty() && !self.leaving {
                    self.leaving = true;
                    self.note =
                        Some("Unsaved changes: click Close again to leave without saving".into());
                    Outcome::Stay
                } else {
                    Outcome::Close
                });
            }
        }
        (outcome, changed)
    }

    fn try_save(&mut self) -> Outcome {
        match self.save() {
            Ok(outcome) => outcome,
            Err(why) => {
                self.note = Some(why);
                Outcome::Stay
            }
        }
    }
}

pub use geometry::Area;
use geometry::{FormFrame, FormTarget};

#[cfg(test)]
mod tests;
