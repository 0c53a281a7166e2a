//! Balance beside the card (Ctrl-B in the gallery and in the form): the set as edited
//! (the form's unsaved card, or the last save) played against the set before it, 2,000
//! planner runs each on the same seeds ([`crate::sim::balance`]), on a thread of its own
//! so the window keeps answering; a small panel under the large card shows the progress,
//! then the figures.
//!
//! The window sleeps while the weighing runs: the weighing's own threads wake it, a few
//! times a second while the count of runs moves and once with the answer
//! ([`crate::ui::wake`]), and the frame they wake draws the panel again.

use super::revert;
use crate::cards::CardSet;
use crate::cards::model::StationCard;
use crate::sim::balance::{self, Balance};
use crate::sim::batch::Progress;
use crate::ui::gallery::{Entry, GalleryScreen};
use crate::ui::style::{self, Fonts, colour, fade};
use macroquad::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::{Arc, mpsc};

/// How often the weighing wakes the sleeping window to show its progress: often enough
/// for the count to be seen moving, seldom enough that redrawing the window (a full frame
/// in a software renderer) takes little from the runs.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// A weighing's result, or why there is none.
type Weighed = Result<Balance, String>;

/// A weighing under way or done.
pub(in crate::ui::designer) struct Panel {
    /// What is weighed against what, in words.
    what: String,
    progress: Arc<Progress>,
    /// The weighing's answer, sent once by its thread (`None` once taken).
    job: Option<Receiver<Weighed>>,
    result: Option<Weighed>,
    /// The runs done when the panel was last polled: what its progress line shows.
    shown: u64,
    /// The last poll changed what the panel shows.
    fresh: bool,
}

impl Drop for Panel {
    fn drop(&mut self) {
        // A weighing nobody will read stops at once (its thread ends on its own).
        self.progress.stop.store(true, Ordering::Relaxed);
    }
}

/// The two sets to weigh, the card's id in each, what they are in words, and each side's
/// short name for the panel's lines.
struct Sides {
    saved: Arc<CardSet>,
    edited: Arc<CardSet>,
    ids: (String, String),
    what: String,
    names: [String; 2],
}

impl Panel {
    fn start(s: Sides) -> Panel {
        let progress = Arc::new(Progress::default());
        let (tx, rx) = mpsc::channel();
        let over = Arc::new(AtomicBool::new(false));
        let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
        let (p, o) = (Arc::clone(&progress), Arc::clone(&over));
        let job = std::thread::Builder::new()
            .name("balance".into())
            .spawn(move || {
                // Dropped last, even if the weighing panics: the answer (or the closed
                // channel) is there when the frame it wakes looks.
                let _over = Over(o);
                let ids = (s.ids.0.as_str(), s.ids.1.as_str());
                let out = balance::weigh(&s.saved, &s.edited, ids, balance::RUNS, jobs, &p)
                    .map(|b| b.named(s.names));
                let _ = tx.send(out);
            });
        let (job, result) = match job {
            Ok(_) => {
                ticker(Arc::clone(&progress), over);
                (Some(rx), None)
            }
            Err(e) => (None, Some(Err(format!("cannot start the weighing: {e}")))),
        };
        Panel {
            what: s.what,
            progress,
            job,
            result,
            shown: 0,
            fresh: true,
        }
    }

    /// A panel that only says why there is nothing to weigh.
    fn refused(why: String) -> Panel {
        Panel {
            what: String::new(),
            progress: Arc::default(),
            job: None,
            result: Some(Err(why)),
            shown: 0,
            fresh: true,
        }
    }

    /// Takes the result once the weighing is done, and the progress so far (whether the
    /// panel now shows something new: [`Panel::fresh`]).
    pub(in crate::ui::designer) fn poll(&mut self) {
        self.fresh = false;
        if let Some(rx) = &self.job {
            let got = match rx.try_recv() {
                Ok(out) => Some(out),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => Some(Err("the weighing failed".into())),
            };
            if let Some(out) = got {
                self.result = Some(out);
                self.job = None;
                self.fresh = true;
            }
        }
        let done = self.progress.done.load(Ordering::Relaxed);
        if self.result.is_none() && done != self.shown {
            self.shown = done;
            self.fresh = true;
        }
    }

    /// The last [`Panel::poll`] changed what the panel shows: the frame must be drawn
    /// again even if nothing else moved.
    pub(in crate::ui::designer) fn fresh(&self) -> bool {
        self.fresh
    }

    /// The panel's lines: a heading, then the progress or the figures.
    fn lines(&self) -> Vec<(String, Color)> {
        let head = format!(
            "Balance: {} planner runs each, same seeds",
            thousands(balance::RUNS)
        );
        let mut out = vec![(head, colour::GOLD)];
        if !self.what.is_empty() {
            out.push((self.what.clone(), style::dim()));
        }
        match &self.result {
            None => {
                out.push((
                    format!(
                        "Playing… {} of {} runs",
                        thousands(self.shown),
                        thousands(balance::RUNS)
                    ),
                    colour::PARCHMENT,
                ));
            }
            Some(Err(why)) => out.push((why.clone(), colour::ERROR)),
            Some(Ok(b)) => out.extend(b.lines().into_iter().map(|l| (l, colour::PARCHMENT))),
        }
        out
    }

    /// Draws the panel at the bottom of `area` (the large card's column).
    pub(in crate::ui::designer) fn draw(&self, area: Rect, fonts: &Fonts) {
        let size = 15;
        let lh = 18.0;
        let measure = |x: &str| style::width(x, &fonts.serif, size);
        let lines: Vec<(String, Color)> = self
            .lines()
            .into_iter()
            .flat_map(|(l, c)| {
                style::wrap(&l, area.w - 20.0, measure)
                    .into_iter()
                    .map(move |w| (w, c))
            })
            .collect();
        let bar = if self.result.is_none() { 14.0 } else { 0.0 };
        let h = (lines.len() as f32 * lh + 16.0 + bar).min(area.h);
        let r = Rect::new(area.x, area.bottom() - h, area.w, h);
        style::card(r, 6.0, 1.0, Color::new(0.04, 0.05, 0.1, 0.97), colour::GOLD);
        let mut y = r.y + lh;
        for (line, c) in &lines {
            if y > r.bottom() {
                break;
            }
            style::text(line, r.x + 10.0, y, &fonts.serif, size, *c);
            y += lh;
        }
        if self.result.is_none() {
            let share = (self.shown as f32 / balance::RUNS as f32).clamp(0.0, 1.0);
            let w = r.w - 20.0;
            draw_rectangle(r.x + 10.0, y - 8.0, w, 6.0, fade(colour::GOLD, 0.25));
            draw_rectangle(r.x + 10.0, y - 8.0, w * share, 6.0, colour::GOLD);
        }
    }
}

/// The end of a weighing's thread, however it ends: the progress ticker stops and the
/// window wakes to show the answer.
struct Over(Arc<AtomicBool>);

impl Drop for Over {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
        crate::ui::wake::wake();
    }
}

/// Wakes the window every [`PROGRESS_EVERY`] while the count of runs moves, until the
/// weighing is `over` (its own thread wakes the window with the answer).
fn ticker(progress: Arc<Progress>, over: Arc<AtomicBool>) {
    let spawned = std::thread::Builder::new()
        .name("balance-progress".into())
        .spawn(move || {
            let mut shown = 0;
            while !over.load(Ordering::Relaxed) && !progress.stopped() {
                std::thread::sleep(PROGRESS_EVERY);
                let done = progress.done.load(Ordering::Relaxed);
                if done != shown {
                    shown = done;
                    crate::ui::wake::wake();
                }
            }
        });
    // Without it the progress line moves only with the window's own frames.
    drop(spawned);
}

/// `2000` as `2,000`.
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

impl GalleryScreen {
    /// Ctrl-B: weighs the set as edited against the set before the edit, for the card on
    /// show (or in the form).
    pub(in crate::ui::designer) fn start_balance(&mut self) {
        let panel = match self.balance_sides() {
            Ok(s) => Panel::start(s),
            Err(why) => Panel::refused(why),
        };
        self.desk.balance = Some(panel);
    }

    /// With the form open: the set with the form's card, against the set as saved.
    /// Otherwise: the set as saved, against the set before the last save of this sitting.
    fn balance_sides(&self) -> Result<Sides, String> {
        let card = match self.on_show() {
            Some(Entry::Station(c)) => Some(self.cards.cards[c].id.0.clone()),
            _ => None,
        };
        if let Some(form) = &self.desk.form {
            if form.is_new() {
                return Err(
                    "Save the new card first (Ctrl-S): Ctrl-B weighs an edit of a card in the set"
                        .into(),
                );
            }
            let id = card.ok_or("pick the card to weigh")?;
            let value = form.form.value()?;
            let edited: StationCard = serde_json::from_value(value)
                .map_err(|e| format!("the form does not read as a card yet: {e}"))?;
            let mut files = (**self.cards.files()).clone();
            let slot = files
                .domains
                .iter_mut()
                .flat_map(|d| d.stations.iter_mut())
                .find(|c| c.id.0 == id)
                .ok_or("the card is not in the set")?;
            let new_id = edited.id.0.clone();
            *slot = edited;
            let set = crate::cards::load::load_files(&files).map_err(|r| {
                let first = r
                    .errors
                    .first()
                    .map_or(String::new(), |p| p.message.clone());
                format!("the edited card does not load yet: {first}")
            })?;
            return Ok(Sides {
                saved: Arc::clone(&self.cards),
                edited: Arc::new(set.0),
                ids: (id, new_id),
                what: "the form's card (unsaved) against the set as saved".into(),
                names: ["as saved".into(), "with the form's card".into()],
            });
        }
        let id = card.unwrap_or_default();
        let Some(last) = self.desk.sitting.last() else {
            return Ok(Sides {
                saved: Arc::clone(&self.cards),
                edited: Arc::clone(&self.cards),
                ids: (id.clone(), id),
                what: "nothing edited in this sitting: the set as saved, both sides".into(),
                names: ["as saved".into(), "as saved".into()],
            });
        };
        // Every file the write changed is put back (a rename's references and the rename
        // map too), and a renamed card is weighed by its old id on the side before.
        let dir = self.desk.source.dir();
        let patches: Vec<(String, String)> = last
            .files()
            .map(|f| (revert::rel_name(&f.path, dir), f.before.clone()))
            .collect();
        let before =
            crate::cards::load::load_patches(&self.desk.source, &patches).map_err(|r| {
                let first = r.errors.first().map_or(String::new(), |p| p.to_string());
                format!("the set before {} does not load: {first}", last.what)
            })?;
        let old_id = match &last.renamed {
            Some((old, new)) if *new == id => old.clone(),
            _ => id.clone(),
        };
        Ok(Sides {
            saved: Arc::new(before.0),
            edited: Arc::clone(&self.cards),
            ids: (old_id, id),
            what: format!("the set as saved against the set before {}", last.what),
            names: [format!("before {}", short(&last.what)), "as saved".into()],
        })
    }
}

/// What a write was, short enough for a line of the panel (`saving cinder_hound`).
fn short(what: &str) -> String {
    match what.split_once(" (") {
        Some((head, _)) => head.to_string(),
        None => what.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardSource;

    /// A copy of a folder, files and subfolders.
    fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let e = e.unwrap();
            let target = to.join(e.file_name());
            if e.path().is_dir() {
                copy_dir(&e.path(), &target);
            } else {
                std::fs::copy(e.path(), target).unwrap();
            }
        }
    }

    /// Renames `old` to `new` in the folder as the desk's Save does: the card, every file
    /// that names it, and the rename map, in one write; the step it records.
    fn rename(dir: &std::path::Path, old: &str, new: &str) -> revert::Step {
        let mut texts = Vec::new();
        for rel in ["map.json", "traveller.json", "guardian.json"] {
            texts.push((
                rel.to_string(),
                std::fs::read_to_string(dir.join(rel)).unwrap(),
            ));
        }
        for e in std::fs::read_dir(dir.join("domains")).unwrap() {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            let rel = format!("domains/{name}");
            texts.push((
                rel.clone(),
                std::fs::read_to_string(dir.join(&rel)).unwrap(),
            ));
        }
        let own = format!("\"id\": \"{old}\"");
        let (_, mut changed) = crate::cards::refs::follow(&texts, old, new);
        for (rel, text) in &texts {
            if text.contains(&own) && !changed.iter().any(|(f, _)| f == rel) {
                changed.push((rel.clone(), text.clone()));
            }
        }
        for (_, text) in changed.iter_mut() {
            *text = text.replace(&own, &format!("\"id\": \"{new}\""));
        }
        let map = crate::cards::renames::renamed_text(dir, old, new).unwrap();
        changed.push((crate::cards::renames::RENAMES.to_string(), map));
        let saved = crate::cards::edit::write_files(dir, &changed).unwrap();
        let mut step = revert::Step::of_many(saved, format!("renaming {old} to {new} (2 places)"))
            .expect("a step");
        step.renamed = Some((old.into(), new.into()));
        step
    }

    #[test]
    fn after_a_rename_the_set_before_is_every_file_put_back_and_the_card_its_old_id() {
        let (_tmp, dir) = crate::scratch::scratch("balance-rename");
        let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        copy_dir(&shipped, &dir);
        let source = CardSource::Dir(dir.clone());
        let step = rename(&dir, "ancient_sword", "old_blade");
        assert!(
            step.more.len() >= 2,
            "the card's file, the Guardian's, the map: {step:?}"
        );
        let (after, _) = crate::cards::load::load_dir(&dir).expect("the renamed set loads");
        let mut g = GalleryScreen::new(Arc::new(after)).from(&source);
        g.desk.sitting.push(step);
        g.pinned = g.entry_of(&crate::ui::designer::form::Opened::Station(
            "old_blade".into(),
        ));
        let sides = match g.balance_sides() {
            Ok(s) => s,
            Err(why) => panic!("{why}"),
        };
        assert_eq!(sides.ids, ("ancient_sword".into(), "old_blade".into()));
        assert!(sides.saved.card_by_str("ancient_sword").is_some());
        assert!(sides.saved.card_by_str("old_blade").is_none());
        assert!(sides.edited.card_by_str("old_blade").is_some());
        assert_eq!(
            sides.names,
            [
                "before renaming ancient_sword to old_blade".to_string(),
                "as saved".into()
            ]
        );
        // The weighing's lines say which set is which.
        let b = balance::weigh(
            &sides.saved,
            &sides.edited,
            ("ancient_sword", "old_blade"),
            20,
            1,
            &Default::default(),
        )
        .expect("weighed")
        .named(sides.names);
        let lines = b.lines();
        assert!(
            lines[0].starts_with("Win rate, before renaming ancient_sword to old_blade: "),
            "{lines:?}"
        );
        assert!(lines[1].starts_with("Win rate, as saved: "), "{lines:?}");
        assert!(
            lines[2].starts_with("Change +0.0 points"),
            "the same cards: {lines:?}"
        );
    }

    /// A panel waiting on `rx`, as [`Panel::start`] makes it.
    fn waiting(rx: Receiver<Weighed>) -> Panel {
        Panel {
            what: "test".into(),
            progress: Arc::default(),
            job: Some(rx),
            result: None,
            shown: 0,
            fresh: true,
        }
    }

    #[test]
    fn the_panel_is_fresh_when_its_count_moves_or_its_answer_comes_and_only_then() {
        let (tx, rx) = mpsc::channel();
        let mut p = waiting(rx);
        p.poll();
        assert!(!p.fresh(), "nothing played yet, nothing new");
        p.progress.done.store(120, Ordering::Relaxed);
        p.poll();
        assert!(p.fresh());
        assert!(says(&p, "Playing… 120 of 2,000 runs"));
        p.poll();
        assert!(!p.fresh(), "the same count again");
        tx.send(Err("no cards".into())).unwrap();
        p.poll();
        assert!(p.fresh(), "the answer is new");
        assert!(says(&p, "no cards") && !says(&p, "Playing"));
        p.progress.done.store(130, Ordering::Relaxed);
        p.poll();
        assert!(!p.fresh(), "after the answer the count is not shown");
    }

    #[test]
    fn a_weighing_whose_thread_died_says_so() {
        let (tx, rx) = mpsc::channel::<Weighed>();
        let mut p = waiting(rx);
        drop(tx);
        p.poll();
        assert!(p.fresh() && says(&p, "the weighing failed"));
    }

    fn says(p: &Panel, text: &str) -> bool {
        p.lines().iter().any(|(l, _)| l.contains(text))
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(super::thousands(2000), "2,000");
        assert_eq!(super::thousands(812), "812");
        assert_eq!(super::thousands(1_234_567), "1,234,567");
    }
}
