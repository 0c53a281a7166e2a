//! Opening a table: a new run (its first actions played, a Guide or not) or a saved run
//! resumed where it stood.

use super::frame::{Frame, KeyMap};
use super::modal::Modal;
use super::{Pace, TableScreen};
use crate::cards::CardSet;
use crate::core::{Action, legal_actions};
use crate::present::scene::Scene;
use crate::present::stage::Stage;
use crate::session::Session;
use crate::store::Autosave;
use crate::ui::guide;
use crate::ui::map::MapModel;
use macroquad::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// How a table opens: a new run's seed, the actions to play first, and Guide mode.
#[derive(Debug, Clone, Default)]
pub struct Start {
    pub seed: u64,
    /// Indices into the legal actions, as the headless protocol takes them.
    pub actions: Vec<usize>,
    /// Two players: a traveller and a Guide.
    pub guide: bool,
    /// Open with the Guide's view showing (screenshots of it).
    pub guide_view: bool,
    /// Whose dice start physical: `traveller`, `guide` or `both`.
    pub table_dice: Option<String>,
    /// Play the last of `actions` on the stage (not at rest): screenshots of a moment.
    pub play_last: bool,
    /// Dice rolled or dealt from a deck.
    pub dice: crate::core::DiceMode,
    /// The house rules (none: the rules as ruled).
    pub rules: crate::core::HouseRules,
    /// How the Guardian's terms become known (Settings).
    pub terms: crate::core::TermsMode,
    /// Started as the journey of this date (the title's Today's journey).
    pub day: Option<crate::daily::Day>,
}

impl TableScreen {
    /// A new run with `seed`, after playing `actions` (indices into the legal actions, as
    /// the headless protocol takes them). With `saves`, saved there at once and after
    /// every action.
    #[cfg(test)]
    pub fn new(
        cards: Arc<CardSet>,
        seed: u64,
        actions: &[usize],
        saves: Option<&std::path::Path>,
    ) -> Result<TableScreen, StartError> {
        let start = Start {
            seed,
            actions: actions.to_vec(),
            ..Start::default()
        };
        TableScreen::start(cards, &start, saves)
    }

    /// A new run as `start` says (with a Guide or alone, its first actions played).
    pub fn start(
        cards: Arc<CardSet>,
        start: &Start,
        saves: Option<&std::path::Path>,
    ) -> Result<TableScreen, StartError> {
        let seed = start.seed;
        let (mut run, _) = Session::new_opts(
            cards,
            seed,
            Vec::new(),
            start.guide,
            start.dice,
            start.rules,
        );
        run.day = start.day;
        let (last, first) = match start.actions.split_last() {
            Some((last, first)) if start.play_last => (Some(*last), first),
            _ => (None, &start.actions[..]),
        };
        for (n, &i) in first.iter().enumerate() {
            let a = offered_at(&run, n, i)?;
            run.act(&a)?;
        }
        let mut t = TableScreen::blank(run, Autosave::off());
        let mut first_line = if let Some(day) = start.day {
            format!(
                "Today's journey, {}: seed {seed}, the same road for everyone.",
                day.short()
            )
        } else if start.guide {
            // The seed would let anyone replay the run and read its face-down cards: a
            // guided run keeps it in the Guide's view until the run ends.
            "A new run with a Guide. Hold Tab for the Guide's view (the seed and run code are there).".to_string()
        } else {
            format!("A new run, seed {seed}.")
        };
        if start.dice == crate::core::DiceMode::Deck {
            first_line.push_str(" Dice dealt from a deck.");
        }
        if !start.rules.is_off() {
            first_line.push_str(&format!(" {}.", start.rules.label()));
        }
        t.stage.scene_mut().note_first(first_line);
        if start.guide_view && start.guide {
            t.modal = Some(Modal::Guide(guide::Peek::Open { held: false }));
        }
        t.table_dice = match start.table_dice.as_deref() {
            Some("traveller") => [true, false],
            Some("guide") => [false, true],
            Some("both") => [true, true],
            _ => [false, false],
        };
        if let Some(i) = last {
            let a = offered_at(&t.run, first.len(), i)?;
            t.commit(&a, &[]);
        }
        t.bring_lore(start.terms, saves);
        if let Some(dir) = saves {
            // A run as it began replaces a saved one of the same seed still as it began.
            let untouched = (t.run.state.flips == 0)
                .then(|| crate::store::SaveStore::open(dir).ok())
                .flatten()
                .and_then(|store| store.untouched(seed, start.guide));
            t.autosave = Autosave::new(
                Some(untouched.unwrap_or_else(|| crate::store::fresh_path(dir, &t.run))),
                dir.to_path_buf(),
                &t.run,
            );
            t.autosave();
        }
        t.refresh(vec2(1280.0, 800.0), None);
        Ok(t)
    }

    /// What the traveller brings to the run: how the Guardian's terms become known and,
    /// beside saves, what earlier runs of this card set learned and met. A knowledge file
    /// that cannot be read is told once in the log; play goes on as if nothing were known.
    pub fn bring_lore(&mut self, mode: crate::core::TermsMode, saves: Option<&std::path::Path>) {
        let (recalled, problem) = match saves {
            Some(dir) => crate::knowledge::recall(&crate::knowledge::path_in(dir), &self.run.cards),
            None => Default::default(),
        };
        let lore = crate::core::Lore {
            mode,
            prior: recalled.entries,
            seen: recalled.seen,
        };
        self.run.state.set_lore(lore.clone());
        let scene = self.stage.scene_mut();
        scene.state.set_lore(lore);
        if let Some(p) = problem {
            scene.note(p.to_string());
        }
    }

    /// A saved run, resumed exactly where it stood: the table's log, path and last dice
    /// are rebuilt from the run's journal (no second replay). Later autosaves go to
    /// `save_path`, the file it was loaded from, and the history beside it.
    pub fn resume(run: Session, save_path: Option<PathBuf>) -> TableScreen {
        let autosave = match save_path {
            Some(p) => {
                let dir = p.parent().map(PathBuf::from).unwrap_or_default();
                Autosave::new(Some(p), dir, &run)
            }
            None => Autosave::off(),
        };
        let mut t = TableScreen::blank(run, autosave);
        let seed = t.run.seed;
        let first = if t.seed_hidden() {
            "A run with a Guide, continued. Hold Tab for the Guide's view.".to_string()
        } else {
            format!("A new run, seed {seed}.")
        };
        t.stage.scene_mut().note_first(first);
        // The table comes back as it was left: its dice switches (its Guide's screen is
        // the caller's to bring back, see `ui::flow`).
        t.table_dice = t.run.table.table_dice;
        t.refresh(vec2(1280.0, 800.0), None);
        t
    }

    /// A table showing the run at rest, its journal remembered.
    pub(super) fn blank(run: Session, autosave: Autosave) -> TableScreen {
        let map = MapModel::from_set(&run.cards);
        let code = crate::daily::RunCode::new(run.seed, run.dice_mode(), &run.cards.files().hash())
            .with_rules(run.house_rules())
            .to_string();
        let mut scene = Scene::new(run.state.clone());
        for e in &run.journal {
            scene.remember(e);
        }
        TableScreen {
            stage: Stage::new(scene),
            run,
            autosave,
            save_warning: None,
            map,
            keys: KeyMap::default(),
            over_since: None,
            lost: Default::default(),
            settled: (usize::MAX, false),
            frame: Frame::default(),
            layer: super::layer::Layer::default(),
            drawn_look: std::cell::Cell::new(None),
            modal: None,
            table_dice: [false, false],
            mouse: None,
            focus: None,
            guide_cursor: None,
            now: 0.0,
            log_scroll: 0,
            recap: None,
            link: None,
            tutor: None,
            pace: Pace::default(),
            odds: (u64::MAX, Vec::new(), Vec::new()),
            code,
            objective: false,
        }
    }
}

/// Why a table could not open on a run (`--actions` that do not play).
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("action {n} (index {i}) is out of range: {offered} actions are offered")]
    OutOfRange { n: usize, i: usize, offered: usize },
    #[error(transparent)]
    Illegal(#[from] crate::core::Illegal),
}

/// The action at index `i` of the legal actions, for the `n`th starting action.
fn offered_at(run: &Session, n: usize, i: usize) -> Result<Action, StartError> {
    let offered = legal_actions(&run.state);
    offered.get(i).cloned().ok_or(StartError::OutOfRange {
        n,
        i,
        offered: offered.len(),
    })
}
