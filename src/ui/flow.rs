//! Which screen comes next: the one the window opens on (from the command line), and the
//! one a screen's [`Next`] asks for.

use super::table::{self, TableScreen};
use super::{GalleryScreen, LoadScreen, Next, Options, Screen, StatsScreen};
use crate::cards::CardSource;
use crate::core::TermsMode;
use crate::present::stage::Speed;
use crate::store::{self, SaveStore};
use std::path::Path;

/// The screen the window opens on: the loaded `screen` (the title, or the card errors),
/// or what the command line asks for instead (a table at once, `--continue`, `--open`,
/// the Rules, the gallery). `Err`: the exit code, the reason already on stderr.
pub(super) fn first_screen(
    mut screen: Screen,
    o: &Options,
    saves_dir: Option<&Path>,
    speed: Speed,
    terms: TermsMode,
) -> Result<Screen, i32> {
    let store = || saves_dir.and_then(|d| SaveStore::open(d).ok());
    if (o.seed.is_some() || !o.actions.is_empty() || o.guide || o.dice_deck)
        && let Screen::Title(_, set) = &screen
    {
        let set = set.clone();
        let start = table::Start {
            seed: o.seed.unwrap_or(1),
            actions: o.actions.clone(),
            guide: o.guide,
            guide_view: o.guide_view,
            table_dice: o.table_dice.clone(),
            play_last: o.play_last,
            dice: if o.dice_deck {
                crate::core::DiceMode::Deck
            } else {
                crate::core::DiceMode::Rolled
            },
            rules: o.house_rules,
            terms,
            day: None,
        };
        match TableScreen::start(set.clone(), &start, saves_dir) {
            Ok(mut t) => {
                t.set_speed(speed);
                if o.objective {
                    t.open_objective();
                }
                if let Some(addr) = &o.guide_screen {
                    t.open_link(Some(addr));
                    if o.guide_view {
                        // `--guide-view`: the Guide's view over the screen's card.
                        t.open_guide_view();
                    }
                    match t.link() {
                        Some(link) => eprintln!("Guide's screen: {}", link.screen.url()),
                        None => {
                            eprintln!("forward: the Guide's screen cannot listen on {addr}");
                            return Err(1);
                        }
                    }
                }
                screen = Screen::Table(Box::new(t), set)
            }
            Err(e) => {
                eprintln!("forward: --actions: {e}");
                return Err(1);
            }
        }
    } else if o.resume
        && let Screen::Title(_, set) = &screen
    {
        let set = set.clone();
        let dir = saves_dir.map(Path::to_path_buf).unwrap_or_default();
        let Some(latest) = store().and_then(|s| s.latest()) else {
            eprintln!(
                "forward: --continue: no run in progress in `{}`",
                dir.display()
            );
            return Err(1);
        };
        match store::load(&latest.path) {
            Ok(run) => {
                let t = resumed(run, latest.path, terms, &mut None);
                screen = Screen::Table(Box::new(t), set)
            }
            Err(e) => {
                eprintln!("forward: --continue: {e}");
                return Err(1);
            }
        }
    } else if let Some(name) = &o.open
        && let Screen::Title(_, set) = &screen
    {
        let set = set.clone();
        screen = match name.as_str() {
            "load" => Screen::Load(Box::new(LoadScreen::new(store().as_ref())), set),
            // The title, with New run's options step open (see `ui::run`).
            "options" => std::mem::replace(&mut screen, Screen::Rules(Box::default())),
            "settings" => {
                let title = std::mem::replace(&mut screen, Screen::Rules(Box::default()));
                Screen::Settings(Box::default(), Some(Box::new(title)))
            }
            _ => Screen::Stats(Box::new(StatsScreen::new(store().as_ref(), &set)), set),
        };
    }
    if o.rules {
        screen = Screen::Rules(Box::default());
    }
    if let Some(done) = o.lesson {
        screen = match lesson_table(done) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("forward: --lesson: {e}");
                return Err(1);
            }
        };
        if let Screen::Table(t, _) = &mut screen {
            t.set_speed(speed);
        }
    }
    if o.gallery
        && let Screen::Title(_, set) = &screen
    {
        let mut g = GalleryScreen::new(set.clone())
            .from(&o.cards)
            .figures(saves_dir)
            .designer(o.desk);
        if let Err(e) = g.filter(o.gallery_domain.as_deref(), o.gallery_type.as_deref()) {
            eprintln!("forward: {e}");
            return Err(1);
        }
        screen = Screen::Gallery(Box::new(g));
    }
    Ok(screen)
}

/// A saved run resumed, with what the traveller knows of the Guardian (the knowledge file
/// beside its save) and its Guide's screen: the one `parked` at Save & Quit if it serves
/// this run (the page never lost it), else served again on the address, code and seat the
/// save kept. A screen parked for another run is told its table closed for good.
fn resumed(
    run: crate::session::Session,
    path: std::path::PathBuf,
    terms: TermsMode,
    parked: &mut Option<table::Parked>,
) -> TableScreen {
    let dir = path.parent().map(Path::to_path_buf);
    let kept = run
        .table
        .guide_screen
        .clone()
        .filter(|_| run.state.guide && !run.is_over());
    let mut t = TableScreen::resume(run, Some(path.clone()));
    t.bring_lore(terms, dir.as_deref());
    match parked.take() {
        Some(p) if p.serves(&path) && kept.is_some() => t.unpark(p),
        other => {
            if let Some(mut p) = other {
                p.close_for_good();
                // Its address may be the one this run kept: that run's page comes first.
                let clash = kept
                    .as_ref()
                    .is_some_and(|k| p.addr().to_string() == k.addr);
                if !clash {
                    *parked = Some(p);
                }
            }
            if let Some(k) = kept {
                t.restore_link(&k);
            }
        }
    }
    t
}

/// The table is left: for the title (Save & Quit), its Guide's screen is parked and keeps
/// serving; for anything else, a screen parked earlier is told its table closed for good
/// (it keeps saying so until the next one is parked, or the game ends).
fn leave(next: &Next, screen: &mut Screen, parked: &mut Option<table::Parked>) {
    let to_title = *next == Next::Title;
    if let Screen::Table(t, _) = screen
        && to_title
        && let Some(path) = t.save_path()
        && let Some(p) = t.park_link(path)
    {
        if let Some(mut old) = parked.replace(p) {
            old.close_for_good();
        }
        return;
    }
    let starts_a_run = matches!(
        next,
        Next::NewRun { .. } | Next::Journey { .. } | Next::Lesson
    );
    if starts_a_run && let Some(p) = parked.as_mut() {
        p.close_for_good();
    }
}

/// The screen that `next` asks for from `screen` (every [`Next`] but staying, quitting
/// and reloading, which the main loop handles).
pub(super) fn follow(
    next: Next,
    mut screen: Screen,
    cards: &CardSource,
    saves_dir: Option<&Path>,
    terms: TermsMode,
    parked: &mut Option<table::Parked>,
) -> Screen {
    let store = || saves_dir.and_then(|d| SaveStore::open(d).ok());
    leave(&next, &mut screen, parked);
    match next {
        Next::Settings => {
            let prev = std::mem::replace(&mut screen, Screen::Rules(Box::default()));
            screen = Screen::Settings(Box::default(), Some(Box::new(prev)));
        }
        Next::NewRun {
            seed,
            guide,
            dice,
            rules,
            guide_screen,
        } => {
            if let Some(set) = screen.set() {
                let seed = seed.unwrap_or_else(::rand::random);
                let start = table::Start {
                    seed,
                    guide,
                    dice,
                    rules,
                    terms,
                    ..Default::default()
                };
                if let Ok(mut t) = TableScreen::start(set.clone(), &start, saves_dir) {
                    if guide_screen {
                        t.open_link(None);
                    }
                    screen = Screen::Table(Box::new(t), set);
                }
            }
        }
        Next::Journey { seed, day } => {
            if let Some(set) = screen.set() {
                let start = table::Start {
                    seed,
                    day,
                    terms,
                    ..Default::default()
                };
                if let Ok(t) = TableScreen::start(set.clone(), &start, saves_dir) {
                    screen = Screen::Table(Box::new(t), set);
                }
            }
        }
        Next::Open(path) => {
            if let Some(set) = screen.set() {
                match store::load(&path) {
                    Ok(run) => {
                        // The run plays with the cards kept in its save.
                        let cards = run.cards.clone();
                        let t = resumed(run, path, terms, parked);
                        screen = Screen::Table(Box::new(t), cards);
                    }
                    Err(e) => {
                        // Shown on the Load screen; the file is left as it is.
                        if let Screen::Load(s, _) = &mut screen {
                            s.failed(e);
                        } else {
                            let mut s = LoadScreen::new(store().as_ref());
                            s.failed(e);
                            screen = Screen::Load(Box::new(s), set);
                        }
                    }
                }
            }
        }
        Next::LoadList => {
            if let Some(set) = screen.set() {
                screen = Screen::Load(Box::new(LoadScreen::new(store().as_ref())), set);
            }
        }
        Next::Statistics => {
            if let Some(set) = screen.set() {
                let s = StatsScreen::new(store().as_ref(), &set);
                screen = Screen::Stats(Box::new(s), set);
            }
        }
        Next::Title => {
            // Back from a run's end: the title takes no Enter for a moment.
            let ended = matches!(&screen, Screen::Table(t, _) if t.run_over());
            screen = Screen::load(cards, 0, store().as_ref());
            if ended && let Screen::Title(s, set) = screen {
                screen = Screen::Title(Box::new(s.after_run()), set);
            }
        }
        Next::Lesson => {
            if let Ok(s) = lesson_table(0) {
                screen = s;
            }
        }
        Next::Rules => screen = Screen::Rules(Box::default()),
        Next::Gallery | Next::Desk => {
            // The gallery opens from the title, the desk from Settings (designer tools on).
            if let Some(set) = screen.set() {
                if next == Next::Desk {
                    super::set_designer(true);
                }
                screen = Screen::Gallery(Box::new(
                    GalleryScreen::new(set)
                        .from(cards)
                        .figures(saves_dir)
                        .designer(next == Next::Desk),
                ));
            }
        }
        Next::Back => {
            screen = match screen {
                Screen::CardErrors(_, Some(prev)) | Screen::Settings(_, Some(prev)) => *prev,
                _ => Screen::load(cards, 0, store().as_ref()),
            };
        }
        Next::Stay | Next::Quit | Next::Reload => {}
    }
    screen
}

/// The lesson on the table, its first `done` steps played by its own script (screenshots of
/// a step). `Err`: the lesson's cards do not load (they are checked when the game is built).
fn lesson_table(done: usize) -> Result<Screen, String> {
    let set = crate::present::lesson::cards().map_err(|r| r.summary())?;
    let t = TableScreen::lesson_at(set.clone(), done);
    Ok(Screen::Table(Box::new(t), set))
}
