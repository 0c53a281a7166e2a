//! The screens of saved runs: **Load** (the saves of the saves directory, newest first,
//! with the reason for each one that cannot be read) and **Statistics** (the run
//! history's figures, the same as `forward history`). See docs/SAVES.md.

use super::Next;
use super::input::{Input, Press};
use super::screen::ScreenFrame;
use super::style::{self, Fonts, colour, fade, mix};
use crate::store::SaveStore;
use crate::store::{LoadError, SaveInfo};
use macroquad::prelude::*;
use std::path::{Path, PathBuf};

/// What C says on a run with a Guide in progress: its code stays hidden until it ends.
const HIDDEN_CODE: &str = "A run with a Guide keeps its seed and run code hidden until it ends (the Guide's view shows them).";

/// The panel both screens draw in.
fn panel(size: Vec2) -> Rect {
    let w = (size.x * 0.8).clamp(600.0, 1100.0).min(size.x - 40.0);
    let h = size.y - 80.0;
    Rect::new((size.x - w) / 2.0, 40.0, w, h)
}

fn heading(fonts: &Fonts, r: Rect, title: &str, sub: &str) {
    style::card(
        r,
        12.0,
        1.5,
        fade(colour::TILE, 0.93),
        fade(colour::GOLD, 0.5),
    );
    style::text(
        title,
        r.x + 32.0,
        r.y + 54.0,
        &fonts.serif,
        40,
        colour::GOLD,
    );
    let sub = style::ellipsize(sub, r.w - 64.0, |s| style::width(s, &fonts.italic, 17));
    style::text(
        &sub,
        r.x + 34.0,
        r.y + 82.0,
        &fonts.italic,
        17,
        fade(colour::PARCHMENT, 0.75),
    );
    draw_line(
        r.x + 32.0,
        r.y + 98.0,
        r.right() - 32.0,
        r.y + 98.0,
        1.0,
        fade(colour::GOLD, 0.35),
    );
}

fn footer(fonts: &Fonts, r: Rect, hint: &str) {
    style::text_centred(
        hint,
        r.center().x,
        r.bottom() - 16.0,
        &fonts.italic,
        17,
        style::dim(),
    );
}

/// The Load screen: every save of the directory, newest first.
pub struct LoadScreen {
    dir: PathBuf,
    /// The store the saves are deleted from (`None`: saves are off).
    store: Option<SaveStore>,
    /// Delete was pressed: Enter deletes the selected save, anything else keeps it.
    confirm_delete: bool,
    /// What the last copy or deletion did, shown in the footer.
    notice: Option<String>,
    entries: Vec<Result<SaveInfo, LoadError>>,
    selected: usize,
    /// The first row shown (the list scrolls to keep the selection in view).
    first: usize,
    /// This frame's model (the rows shown, where they are drawn and clicked).
    frame: LoadFrame,
}

const ROW_H: f32 = 34.0;
const DETAIL_H: f32 = 150.0;

/// Where the Load screen's pieces go for a window size.
#[derive(Debug, Clone, Default)]
struct LoadGeometry {
    /// The panel both screens draw in.
    panel: Rect,
    /// How many rows the list shows at once.
    rows: usize,
    /// The selected save's detail under the list.
    detail: Rect,
    /// The columns' left edges: saved, seed, Domain, Health, state.
    columns: [f32; 5],
}

impl LoadGeometry {
    fn new(size: Vec2) -> LoadGeometry {
        let r = panel(size);
        let list_h = r.h - 98.0 - 20.0 - DETAIL_H - 40.0;
        LoadGeometry {
            panel: r,
            rows: ((list_h / ROW_H).floor() as usize).max(3),
            detail: Rect::new(
                r.x + 24.0,
                r.bottom() - 40.0 - DETAIL_H,
                r.w - 48.0,
                DETAIL_H,
            ),
            columns: columns(r),
        }
    }
}

/// The Load screen's frame (see `ui::screen`): the rows shown as targets, by the index of
/// their save.
type LoadFrame = ScreenFrame<LoadGeometry, usize>;

impl LoadScreen {
    /// The saves of `store` (`None`: saves are off, the list is empty).
    pub fn new(store: Option<&SaveStore>) -> LoadScreen {
        LoadScreen {
            dir: store.map_or_else(PathBuf::new, |s| s.dir().to_path_buf()),
            store: store.cloned(),
            confirm_delete: false,
            notice: None,
            entries: store.map_or_else(Vec::new, SaveStore::list),
            selected: 0,
            first: 0,
            frame: LoadFrame::default(),
        }
    }

    /// A save that failed to load when picked: it is shown with its error from now on.
    pub fn failed(&mut self, error: LoadError) {
        let i = self
            .entries
            .iter()
            .position(|e| entry_path(e) == error.path.as_path());
        match i {
            Some(i) => {
                self.entries[i] = Err(error);
                self.selected = i;
            }
            None => {
                self.entries.insert(0, Err(error));
                self.selected = 0;
            }
        }
    }

    /// This frame's model: the rows shown, each where it is drawn and clicked.
    fn lay_out(&self, size: Vec2) -> LoadFrame {
        let mut f = ScreenFrame::new(size, LoadGeometry::new(size));
        let (r, n) = (f.geometry.panel, f.geometry.rows);
        f.targets = (self.first..self.entries.len().min(self.first + n))
            .enumerate()
            .map(|(k, i)| {
                let row = Rect::new(
                    r.x + 24.0,
                    r.y + 130.0 + k as f32 * ROW_H,
                    r.w - 48.0,
                    ROW_H - 4.0,
                );
                (i, row)
            })
            .collect();
        f
    }

    /// One frame: the input read against the rows drawn last, then this frame's rows
    /// laid out for the draw (the list may have scrolled).
    pub fn update(&mut self, input: &Input) -> Next {
        if self.frame.size != input.size {
            self.frame = self.lay_out(input.size);
        }
        let next = self.handle(input);
        self.frame = self.lay_out(input.size);
        next
    }

    fn handle(&mut self, input: &Input) -> Next {
        if self.confirm_delete {
            // Enter deletes; any other key or click keeps the save.
            if input.activate {
                self.delete_selected();
                self.confirm_delete = false;
            } else if input.any_press() {
                self.confirm_delete = false;
                self.notice = Some("Nothing was deleted.".into());
            }
            return Next::Stay;
        }
        if input.back {
            return Next::Title;
        }
        let pressed = |k: KeyCode| input.presses.contains(&Press::Key(k));
        if !self.entries.is_empty() && (pressed(KeyCode::Delete) || input.backspace) {
            self.confirm_delete = true;
            return Next::Stay;
        }
        if pressed(KeyCode::C)
            && let Some(Ok(info)) = self.entries.get(self.selected)
        {
            self.notice = Some(match info.code() {
                _ if info.seed_hidden() => HIDDEN_CODE.to_string(),
                Some(code) => super::clipboard::copy("run code", &code.to_string()),
                None => super::clipboard::copy("seed", &info.seed.to_string()),
            });
            return Next::Stay;
        }
        let n = self.entries.len();
        if n == 0 {
            return if input.activate {
                Next::Title
            } else {
                Next::Stay
            };
        }
        let page = self.frame.geometry.rows;
        if input.up {
            self.selected = (self.selected + n - 1) % n;
        }
        if input.down {
            self.selected = (self.selected + 1) % n;
        }
        if input.page_up {
            self.selected = self.selected.saturating_sub(page);
        }
        if input.page_down {
            self.selected = (self.selected + page).min(n - 1);
        }
        if input.home {
            self.selected = 0;
        }
        if input.end {
            self.selected = n - 1;
        }
        if input.wheel != 0.0 {
            self.selected = if input.wheel > 0.0 {
                self.selected.saturating_sub(1)
            } else {
                (self.selected + 1).min(n - 1)
            };
        }
        self.scroll(page);
        let under = self.frame.at(input.mouse).copied();
        if let Some(i) = under
            && (input.mouse_moved || input.click)
        {
            self.selected = i;
        }
        let picked = input.activate || (input.click && under.is_some());
        if picked && let Some(Ok(info)) = self.entries.get(self.selected) {
            return Next::Open(info.path.clone());
        }
        Next::Stay
    }

    /// Deletes the selected save (and its backup) and takes it off the list.
    fn delete_selected(&mut self) {
        let Some(entry) = self.entries.get(self.selected) else {
            return;
        };
        let path = entry_path(entry).to_path_buf();
        let name = file_name(&path);
        let done = match &self.store {
            Some(store) => store.delete(&path),
            None => Err(std::io::Error::other("saves are off")),
        };
        self.notice = Some(match done {
            Ok(()) => {
                let _gone = self.entries.remove(self.selected);
                self.selected = self.selected.min(self.entries.len().saturating_sub(1));
                self.first = self.first.min(self.selected);
                format!("Deleted {name}.")
            }
            Err(e) => format!("Could not delete {name}: {e}"),
        });
    }

    fn scroll(&mut self, page: usize) {
        if self.selected < self.first {
            self.first = self.selected;
        }
        if self.selected >= self.first + page {
            self.first = self.selected + 1 - page;
        }
    }

    pub fn draw(&self, fonts: &Fonts, size: Vec2) {
        let frame = self.frame.for_size(size, || self.lay_out(size));
        let g = &frame.geometry;
        let r = g.panel;
        heading(
            fonts,
            r,
            "Load a saved run",
            &if super::designer() {
                format!("Saves in {}, newest first", short_path(&self.dir))
            } else {
                "Your saved runs, newest first".to_string()
            },
        );
        if self.entries.is_empty() {
            style::text(
                "No saved runs yet. A run is saved after every action.",
                r.x + 34.0,
                r.y + 150.0,
                &fonts.serif,
                22,
                colour::PARCHMENT,
            );
            footer(fonts, r, "Esc or Enter: back to the title");
            return;
        }
        // Column heads.
        let cols = g.columns;
        let head_y = r.y + 120.0;
        for (x, name) in cols
            .iter()
            .zip(["Saved (UTC)", "Seed", "Domain", "Health", ""])
        {
            style::text(name, *x, head_y, &fonts.italic, 16, style::dim());
        }
        for &(i, rr) in &frame.targets {
            self.draw_row(fonts, i, rr, &cols);
        }
        let n = self.entries.len();
        let shown = g.rows;
        if n > shown {
            style::text_right(
                &format!("{}-{} of {n}", self.first + 1, (self.first + shown).min(n)),
                r.right() - 30.0,
                head_y,
                &fonts.italic,
                16,
                style::dim(),
            );
        }
        self.draw_detail(fonts, g.detail);
        let hint = match &self.notice {
            Some(notice) => notice.clone(),
            None => {
                use super::hints::{Key, Part, line};
                line(&[
                    Part::Key(Key::Move, "choose"),
                    Part::Key(Key::Confirm, "resume"),
                    Part::KeysOnly("C: copy the run code"),
                    Part::KeysOnly("Delete: delete"),
                    Part::Key(Key::Back, "back"),
                ])
            }
        };
        let hint = style::ellipsize(&hint, r.w - 40.0, |x| style::width(x, &fonts.italic, 17));
        footer(fonts, r, &hint);
        if self.confirm_delete
            && let Some(entry) = self.entries.get(self.selected)
        {
            confirm_delete(fonts, size, &file_name(entry_path(entry)));
        }
    }

    /// One save's row of the list, in its rectangle `rr` (lit when selected).
    fn draw_row(&self, fonts: &Fonts, i: usize, rr: Rect, cols: &[f32; 5]) {
        let on = i == self.selected;
        if on {
            style::card(
                rr,
                6.0,
                1.0,
                mix(colour::TILE, colour::GOLD, 0.22),
                colour::GOLD,
            );
        }
        let y = rr.y + 21.0;
        match &self.entries[i] {
            Ok(info) => {
                let s = &info.summary;
                let (state, col) = match &s.ending {
                    None => ("in progress".to_string(), colour::SEA_LIGHT),
                    Some(e) if e.won() => ("won".to_string(), colour::GOLD),
                    Some(e) => (
                        format!("lost ({})", e.cause.as_deref().unwrap_or("?")),
                        fade(colour::ERROR, 0.85),
                    ),
                };
                let text = if on { WHITE } else { colour::PARCHMENT };
                style::text(&info.date(), cols[0], y, &fonts.serif, 18, text);
                // A 19-digit seed shrinks (and at worst is cut) to stay in its column; a
                // guided run in progress keeps it hidden.
                let seed = if info.seed_hidden() {
                    "hidden".to_string()
                } else {
                    info.seed.to_string()
                };
                let room = cols[2] - cols[1] - 12.0;
                let size = style::fit_size(&seed, &fonts.mono, 15, 10, room);
                let seed = style::ellipsize(&seed, room, |x| style::width(x, &fonts.mono, size));
                style::text(&seed, cols[1], y, &fonts.mono, size, text);
                let name = style::ellipsize(&s.domain_name, cols[3] - cols[2] - 16.0, |x| {
                    style::width(x, &fonts.serif, 18)
                });
                style::text(&name, cols[2], y, &fonts.serif, 18, text);
                style::text(
                    &format!("{} / {}", s.health, s.max_health),
                    cols[3],
                    y,
                    &fonts.serif,
                    18,
                    text,
                );
                style::text(&state, cols[4], y, &fonts.italic, 18, col);
            }
            Err(e) => {
                let name = e.path.file_name().map_or_else(
                    || e.path.display().to_string(),
                    |n| n.to_string_lossy().into(),
                );
                let name = style::ellipsize(&name, cols[2] - cols[0] - 16.0, |x| {
                    style::width(x, &fonts.mono, 14)
                });
                style::text(&name, cols[0], y, &fonts.mono, 14, style::dim());
                let why = style::ellipsize(&e.problem.to_string(), cols[4] - cols[2] - 16.0, |x| {
                    style::width(x, &fonts.italic, 16)
                });
                style::text(&why, cols[2], y, &fonts.italic, 16, style::dim());
                style::text(
                    "cannot be loaded",
                    cols[4],
                    y,
                    &fonts.italic,
                    18,
                    colour::ERROR,
                );
            }
        }
    }

    /// What the selected save is (in `d`): its error in full, or what resuming does.
    fn draw_detail(&self, fonts: &Fonts, d: Rect) {
        let Some(entry) = self.entries.get(self.selected) else {
            return;
        };
        match entry {
            Err(e) => {
                style::card(
                    d,
                    8.0,
                    1.5,
                    mix(colour::TILE, colour::ERROR, 0.1),
                    colour::ERROR,
                );
                let head = if e.backup.is_some() {
                    "This save cannot be loaded; a backup of it exists (below)"
                } else {
                    "This save cannot be loaded; the file was left as it is"
                };
                style::text(
                    head,
                    d.x + 14.0,
                    d.y + 26.0,
                    &fonts.serif,
                    20,
                    colour::ERROR,
                );
                let mut y = d.y + 50.0;
                'all: for para in e.to_string().lines() {
                    for line in style::wrap(para, d.w - 28.0, |x| style::width(x, &fonts.serif, 16))
                    {
                        if y > d.bottom() - 6.0 {
                            break 'all;
                        }
                        style::text(&line, d.x + 14.0, y, &fonts.serif, 16, colour::PARCHMENT);
                        y += 19.0;
                    }
                    y += 4.0;
                }
            }
            Ok(info) => {
                style::card(
                    d,
                    8.0,
                    1.0,
                    fade(colour::TILE, 0.9),
                    fade(colour::GOLD, 0.35),
                );
                let s = &info.summary;
                let seed = if info.seed_hidden() {
                    "Seed hidden until the Guide's run ends".to_string()
                } else {
                    format!("Seed {}", info.seed)
                };
                let mut lines = vec![
                    format!(
                        "{seed} · started {} · {} · Health {} of {}",
                        crate::session::format_time(info.started_at),
                        s.domain_name,
                        s.health,
                        s.max_health
                    ),
                    format!(
                        "Domains cleared: {} · cards flipped: {}{}",
                        s.cleared,
                        s.flips,
                        if s.guide {
                            " · played with a Guide"
                        } else {
                            ""
                        }
                    ),
                ];
                lines.push(match &s.ending {
                    None => "Enter resumes the run exactly where it stood.".to_string(),
                    Some(e) if e.won() => "This run was won. Enter shows its end.".to_string(),
                    Some(e) => format!(
                        "This run was lost{}. Enter shows its end.",
                        e.detail
                            .as_deref()
                            .map_or(String::new(), |d| format!(": {d}"))
                    ),
                });
                let mut name = info.path.file_name().map_or_else(
                    || info.path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                // The file's name ends with its seed (`-s42.json`): masked like the seed.
                if info.seed_hidden() {
                    name = name.replace(&format!("-s{}.", info.seed), "-s(hidden).");
                }
                let mut y = d.y + 28.0;
                for line in &lines {
                    let line =
                        style::ellipsize(line, d.w - 28.0, |x| style::width(x, &fonts.serif, 18));
                    style::text(&line, d.x + 14.0, y, &fonts.serif, 18, colour::PARCHMENT);
                    y += 26.0;
                }
                let name =
                    style::ellipsize(&name, d.w - 28.0, |x| style::width(x, &fonts.mono, 13));
                style::text(&name, d.x + 14.0, y + 4.0, &fonts.mono, 13, style::dim());
            }
        }
    }
}

/// The question over the darkened list: Enter deletes, anything else keeps the save.
fn confirm_delete(fonts: &Fonts, size: Vec2, name: &str) {
    draw_rectangle(0.0, 0.0, size.x, size.y, fade(BLACK, 0.6));
    let w = (size.x - 40.0).min(620.0);
    let r = Rect::new(size.x / 2.0 - w / 2.0, size.y / 2.0 - 80.0, w, 160.0);
    style::card(r, 12.0, 2.0, colour::TILE, colour::ERROR);
    let c = r.center().x;
    style::text_centred(
        "Delete this save?",
        c,
        r.y + 44.0,
        &fonts.serif,
        30,
        colour::ERROR,
    );
    let name = style::ellipsize(name, w - 40.0, |x| style::width(x, &fonts.mono, 15));
    style::text_centred(&name, c, r.y + 80.0, &fonts.mono, 15, colour::PARCHMENT);
    let hint = "Enter: delete it for good  ·  any other key or a click: keep it";
    let hs = style::fit_size(hint, &fonts.italic, 18, 12, w - 30.0);
    style::text_centred(hint, c, r.y + 126.0, &fonts.italic, hs, style::dim());
}

/// A save's file name, as a player reads it.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

fn entry_path(e: &Result<SaveInfo, LoadError>) -> &Path {
    match e {
        Ok(i) => &i.path,
        Err(e) => &e.path,
    }
}

/// The x of each column of the list.
/// A path as a player reads it: the home directory written `~`.
fn short_path(p: &std::path::Path) -> String {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    match home.as_deref().and_then(|h| p.strip_prefix(h).ok()) {
        Some(rest) => format!("~/{}", rest.display()),
        None => p.display().to_string(),
    }
}

fn columns(r: Rect) -> [f32; 5] {
    let x = r.x + 38.0;
    let w = r.w - 76.0;
    [x, x + w * 0.21, x + w * 0.42, x + w * 0.70, x + w * 0.81]
}

mod stats;
pub use stats::StatsScreen;

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> Input {
        Input {
            size: vec2(1280.0, 800.0),
            mouse: vec2(-100.0, -100.0),
            ..Default::default()
        }
    }

    #[test]
    fn a_broken_save_is_listed_and_never_opened() {
        let (_tmp, dir) = crate::scratch::scratch("broken");
        let store = SaveStore::open(&dir).unwrap();
        std::fs::write(
            dir.join("run-broken.json"),
            b"{\"format\": \"forward-save\", ",
        )
        .unwrap();
        let mut s = LoadScreen::new(Some(&store));
        assert_eq!(s.entries.len(), 1);
        assert!(s.entries[0].is_err());
        let enter = Input {
            activate: true,
            ..input()
        };
        assert_eq!(s.update(&enter), Next::Stay);
        assert_eq!(
            s.update(&Input {
                back: true,
                ..input()
            }),
            Next::Title
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn delete_asks_first_and_only_enter_deletes() {
        let (_tmp, dir) = crate::scratch::scratch("delete");
        let store = SaveStore::open(&dir).unwrap();
        let cards_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let cards = std::sync::Arc::new(crate::cards::load::load_dir(&cards_dir).unwrap().0);
        let (run, _) = crate::session::Session::new(cards, 9, Vec::new());
        let path = store.save(&run).unwrap();
        let mut s = LoadScreen::new(Some(&store));
        let delete = Input {
            presses: vec![Press::Key(KeyCode::Delete)],
            ..input()
        };
        // Delete, then a stray key: nothing is deleted.
        assert_eq!(s.update(&delete), Next::Stay);
        assert!(s.confirm_delete);
        s.update(&Input {
            presses: vec![Press::Key(KeyCode::Down)],
            down: true,
            ..input()
        });
        assert!(!s.confirm_delete);
        assert!(path.is_file());
        assert_eq!(s.entries.len(), 1);
        // Delete, then Enter: the file and the entry are gone, and Enter did not open it.
        s.update(&delete);
        let enter = Input {
            activate: true,
            ..input()
        };
        assert_eq!(s.update(&enter), Next::Stay);
        assert!(!path.exists());
        assert!(s.entries.is_empty());
        assert!(s.notice.as_deref().unwrap().starts_with("Deleted run-"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// C copies the run code of the save: the code that starts the same run on the same
    /// cards (the title's seed box takes it).
    #[test]
    fn a_save_lists_its_run_code() {
        let (_tmp, dir) = crate::scratch::scratch("code");
        let store = SaveStore::open(&dir).unwrap();
        let cards_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let cards = std::sync::Arc::new(crate::cards::load::load_dir(&cards_dir).unwrap().0);
        let hash = cards.files().hash();
        let (run, _) = crate::session::Session::new(cards, 4242, Vec::new());
        store.save(&run).unwrap();
        let s = LoadScreen::new(Some(&store));
        let Some(Ok(info)) = s.entries.first() else {
            panic!("no save listed: {:?}", s.entries);
        };
        let code = info.code().expect("the save names its cards");
        assert_eq!(
            code,
            crate::daily::RunCode::new(4242, run.dice_mode(), &hash)
        );
        let read = crate::daily::RunCode::parse(&code.to_string()).unwrap();
        assert_eq!((read.seed, read.dice), (4242, run.dice_mode()));
        assert!(hash.contains(&read.set), "{hash} {}", read.set);
    }

    /// A run with a Guide in progress keeps its seed and code hidden on the Load screen (a
    /// shared screen): C copies nothing and says why; once over, both are there again.
    #[test]
    fn a_guided_run_in_progress_keeps_its_seed_and_code_hidden() {
        let (_tmp, dir) = crate::scratch::scratch("hidden");
        let store = SaveStore::open(&dir).unwrap();
        let cards_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let cards = std::sync::Arc::new(crate::cards::load::load_dir(&cards_dir).unwrap().0);
        let (mut run, _) = crate::session::Session::new_with(cards, 4242, Vec::new(), true);
        store.save(&run).unwrap();
        let mut s = LoadScreen::new(Some(&store));
        let Some(Ok(info)) = s.entries.first() else {
            panic!("no save listed");
        };
        assert!(info.seed_hidden());
        let c = Input {
            presses: vec![Press::Key(KeyCode::C)],
            ..input()
        };
        s.update(&c);
        assert_eq!(s.notice.as_deref(), Some(HIDDEN_CODE));
        run.act(&crate::core::Action::Abandon).unwrap();
        store.save(&run).unwrap();
        let s = LoadScreen::new(Some(&store));
        let Some(Ok(info)) = s.entries.first() else {
            panic!("no save listed");
        };
        assert!(!info.seed_hidden(), "the run over, its seed is told");
    }

    #[test]
    fn a_good_save_opens_and_the_selection_wraps() {
        let (_tmp, dir) = crate::scratch::scratch("good");
        let store = SaveStore::open(&dir).unwrap();
        let cards_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let cards = std::sync::Arc::new(crate::cards::load::load_dir(&cards_dir).unwrap().0);
        let (run, _) = crate::session::Session::new(cards, 9, Vec::new());
        let path = store.save(&run).unwrap();
        std::fs::write(dir.join("zz-broken.json"), b"").unwrap();
        let mut s = LoadScreen::new(Some(&store));
        assert_eq!(s.entries.len(), 2);
        let good = s.entries.iter().position(Result::is_ok).unwrap();
        s.selected = good;
        let enter = Input {
            activate: true,
            ..input()
        };
        assert_eq!(s.update(&enter), Next::Open(path.clone()));
        s.update(&Input {
            down: true,
            ..input()
        });
        assert_ne!(s.selected, good);
        // A load that failed later marks the entry.
        let err = crate::store::load(&dir.join("zz-broken.json")).unwrap_err();
        s.failed(err);
        assert!(s.entries[s.selected].is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
