//! The Statistics screen: the run history's figures (the same as `forward history`), the
//! best run, and the journeys of the day played, each with its date.

use super::{footer, heading, panel, short_path};
use crate::cards::CardSet;
use crate::history::{self, Record, Stats};
use crate::store::SaveStore;
use crate::ui::Next;
use crate::ui::input::Input;
use crate::ui::screen::{ScreenFrame, Tip};
use crate::ui::style::{self, Fonts, colour, fade};
use macroquad::prelude::*;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The Statistics screen: the figures of the run history.
pub struct StatsScreen {
    file: PathBuf,
    stats: Result<Stats, String>,
    /// Domain ids to names, from the card set in play.
    names: BTreeMap<String, String>,
    /// This frame's model: where each piece is drawn, and what hovering it explains.
    frame: StatsFrame,
    /// The pointer, for the tip under it (off the screen until the mouse moves).
    mouse: Option<Vec2>,
}

/// The Statistics screen's one target: anywhere on it, a click goes back to the title.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Back;

/// The Statistics screen's frame (see `ui::screen`).
type StatsFrame = ScreenFrame<StatsGeometry, Back>;

/// The four big figures: runs, won, lost and the share won.
const FIGURES: usize = 4;
/// Room under the panel's foot line.
const FOOT: f32 = 60.0;
/// The best run's card.
const BEST_H: f32 = 96.0;
/// The journeys' line, above the best run's card.
const JOURNEYS_H: f32 = 40.0;
/// One bar of a list.
const BAR_STEP: f32 = 30.0;

/// Where the Statistics screen's pieces go for a window size and a history.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StatsGeometry {
    /// The panel the screen is drawn in.
    pub panel: Rect,
    /// The big figures, each a column: runs, won, lost, won of all.
    pub figures: [Rect; FIGURES],
    /// The losses by cause, and the rows of its bars shown.
    pub causes: Rect,
    pub cause_rows: Vec<Rect>,
    /// The losses per Domain, and the rows of its bars shown.
    pub domains: Rect,
    pub domain_rows: Vec<Rect>,
    /// The journeys of the day's line, when there are any.
    pub journeys: Option<Rect>,
    /// The best run's card, when there is one.
    pub best: Option<Rect>,
}

impl StatsGeometry {
    /// The pieces for a window of `size` showing `s` (figures and lists only when there
    /// are runs: an empty history shows one line).
    pub fn new(size: Vec2, s: Option<&Stats>) -> StatsGeometry {
        let r = panel(size);
        let mut g = StatsGeometry {
            panel: r,
            ..StatsGeometry::default()
        };
        let Some(s) = s.filter(|s| s.runs > 0) else {
            return g;
        };
        let top = r.y + 150.0;
        let fw = (r.w - 64.0) / FIGURES as f32;
        for (k, f) in g.figures.iter_mut().enumerate() {
            *f = Rect::new(r.x + 32.0 + fw * k as f32, top - 36.0, fw, 80.0);
        }
        // Two columns of bars: causes, and Domains; the journeys of the day take a line
        // above the best run when there are any.
        let y0 = top + 84.0;
        let half = (r.w - 96.0) / 2.0;
        let journeys_h = if s.journeys.is_empty() {
            0.0
        } else {
            JOURNEYS_H
        };
        let h = r.bottom() - FOOT - y0 - BEST_H - 24.0 - journeys_h;
        g.causes = Rect::new(r.x + 32.0, y0, half, h);
        g.domains = Rect::new(g.causes.right() + 32.0, y0, half, h);
        g.cause_rows = bar_rows(g.causes, s.causes.len());
        g.domain_rows = bar_rows(g.domains, s.deaths_by_domain.len());
        let best_y = r.bottom() - FOOT - BEST_H - 8.0;
        if !s.journeys.is_empty() {
            g.journeys = Some(Rect::new(r.x + 32.0, best_y - 34.0, r.w - 64.0, 26.0));
        }
        if s.best.is_some() {
            g.best = Some(Rect::new(r.x + 32.0, best_y, r.w - 64.0, BEST_H));
        }
        g
    }
}

/// The rows of a list of `n` bars in `r` under its title: as many as fit.
fn bar_rows(r: Rect, n: usize) -> Vec<Rect> {
    let fit = (((r.h - 20.0) / BAR_STEP).floor() as usize).max(1);
    (0..n.min(fit))
        .map(|k| Rect::new(r.x, r.y + 16.0 + k as f32 * BAR_STEP, r.w, BAR_STEP - 4.0))
        .collect()
}

impl StatsScreen {
    /// The history of `store` (`None`: saves are off, the history is empty).
    pub fn new(store: Option<&SaveStore>, set: &CardSet) -> StatsScreen {
        let file = store.map_or_else(PathBuf::new, SaveStore::history_path);
        let stats = match store {
            Some(_) => history::read(&file)
                .map(|h| Stats::of(&h))
                .map_err(|e| format!("cannot read `{}`: {e}", file.display())),
            None => Ok(Stats::of(&history::History::default())),
        };
        let names = set
            .domains
            .iter()
            .map(|d| (d.id.0.to_string(), d.name.clone()))
            .collect();
        StatsScreen {
            file,
            stats,
            names,
            frame: StatsFrame::default(),
            mouse: None,
        }
    }

    fn name<'a>(&'a self, id: &'a str) -> &'a str {
        self.names.get(id).map_or(id, String::as_str)
    }

    /// This frame's model: the pieces, the whole window as the way back, and the tips
    /// that say in full what the pieces show cut to their room.
    fn lay_out(&self, size: Vec2) -> StatsFrame {
        let stats = self.stats.as_ref().ok();
        let mut f = ScreenFrame::new(size, StatsGeometry::new(size, stats));
        f.targets.push((Back, Rect::new(0.0, 0.0, size.x, size.y)));
        if let Some(s) = stats.filter(|s| s.runs > 0) {
            f.tips = self.tips(s, &f.geometry);
        }
        f
    }

    /// What each piece explains: the figures as counts, each bar with its share of the
    /// losses, the journeys one a line, the best run in full.
    fn tips(&self, s: &Stats, g: &StatsGeometry) -> Vec<Tip> {
        let share = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
        let mut out = vec![
            Tip::new(
                g.figures[0],
                format!("{} runs finished, won or lost.", s.runs),
            ),
            Tip::new(g.figures[1], format!("{} of {} runs won.", s.wins, s.runs)),
            Tip::new(
                g.figures[2],
                format!("{} of {} runs lost.", s.losses, s.runs),
            ),
            Tip::new(
                g.figures[3],
                format!(
                    "{} won of {} runs: {:.1}%.",
                    s.wins,
                    s.runs,
                    share(s.wins, s.runs)
                ),
            ),
        ];
        for ((c, n), r) in sorted(&s.causes).into_iter().zip(&g.cause_rows) {
            let what = cause_words(c);
            let pct = share(n, s.losses);
            out.push(Tip::new(
                *r,
                format!("{what}: {n} of {} losses ({pct:.0}%).", s.losses),
            ));
        }
        for ((d, n), r) in sorted(&s.deaths_by_domain).into_iter().zip(&g.domain_rows) {
            let pct = share(n, s.losses);
            out.push(Tip::new(
                *r,
                format!(
                    "{}: {n} of {} losses ended here ({pct:.0}%).",
                    self.name(d),
                    s.losses
                ),
            ));
        }
        if let Some(r) = g.journeys {
            let lines: Vec<String> = s.journeys.iter().map(|j| self.journey_words(j)).collect();
            out.push(Tip::new(
                r,
                format!("Journeys of the day:\n{}", lines.join("\n")),
            ));
        }
        if let (Some(r), Some(b)) = (g.best, &s.best) {
            let route: Vec<&str> = b.path.iter().map(|d| self.name(d)).collect();
            out.push(Tip::new(
                r,
                format!("{}\n{}", self.best_line(b), route.join(" → ")),
            ));
        }
        out
    }

    pub fn update(&mut self, input: &Input) -> Next {
        if self.frame.size != input.size {
            self.frame = self.lay_out(input.size);
        }
        if input.mouse_moved {
            self.mouse = Some(input.mouse);
        }
        let on_screen = input.click && self.frame.at(input.mouse).is_some();
        if input.back || input.activate || on_screen {
            return Next::Title;
        }
        Next::Stay
    }

    pub fn draw(&self, fonts: &Fonts, size: Vec2) {
        let frame = self.frame.for_size(size, || self.lay_out(size));
        let g = &frame.geometry;
        let r = g.panel;
        heading(
            fonts,
            r,
            "Statistics",
            &if crate::ui::designer() {
                format!("From the run history, {}", short_path(&self.file))
            } else {
                "From every run you have finished".to_string()
            },
        );
        footer(fonts, r, "Esc, Enter or click: back to the title");
        let s = match &self.stats {
            Ok(s) => s,
            Err(e) => {
                style::text(e, r.x + 34.0, r.y + 150.0, &fonts.serif, 20, colour::ERROR);
                return;
            }
        };
        if s.runs == 0 {
            style::text(
                "No finished runs yet. A run is recorded here when it is won or lost.",
                r.x + 34.0,
                r.y + 150.0,
                &fonts.serif,
                22,
                colour::PARCHMENT,
            );
            return;
        }
        let figures = [
            (s.runs.to_string(), "runs"),
            (s.wins.to_string(), "won"),
            (s.losses.to_string(), "lost"),
            (
                format!("{:.0}%", 100.0 * s.wins as f64 / s.runs as f64),
                "won of all",
            ),
        ];
        for (k, ((n, what), fr)) in figures.iter().zip(g.figures).enumerate() {
            let (cx, y) = (fr.center().x, fr.y + 46.0);
            let col = match k {
                1 => colour::GOLD,
                2 => colour::ERROR,
                _ => colour::PARCHMENT,
            };
            style::text_centred(n, cx, y, &fonts.serif, 48, col);
            style::text_centred(what, cx, y + 26.0, &fonts.italic, 18, style::dim());
        }
        let causes: Vec<(String, usize)> = sorted(&s.causes)
            .into_iter()
            .map(|(c, n)| (cause_words(c).to_string(), n))
            .collect();
        let cause_bars = Bars {
            r: g.causes,
            rows: &g.cause_rows,
        };
        cause_bars.draw(fonts, "Losses by cause", &causes, colour::ERROR);
        let domains: Vec<(String, usize)> = sorted(&s.deaths_by_domain)
            .into_iter()
            .map(|(d, n)| (self.name(d).to_string(), n))
            .collect();
        let domain_bars = Bars {
            r: g.domains,
            rows: &g.domain_rows,
        };
        domain_bars.draw(fonts, "Losses per Domain", &domains, colour::WARNING);
        if let Some(jr) = g.journeys {
            self.draw_journeys(fonts, &s.journeys, jr);
        }
        if let (Some(br), Some(b)) = (g.best, &s.best) {
            self.draw_best(fonts, b, br, s.skipped_lines);
        }
        if let Some(tip) = self.mouse.and_then(|m| frame.tip_at(m).map(|t| (t, m))) {
            crate::ui::screen::draw_tip(&tip.0, tip.1, fonts, size);
        }
    }

    /// The best run's line: its seed, how it ended, how far and how long.
    fn best_line(&self, b: &Record) -> String {
        let how = if b.won() {
            "won".to_string()
        } else {
            format!(
                "lost ({}) in {}",
                cause_words(b.outcome.cause.as_deref().unwrap_or("?")),
                self.name(b.last_domain())
            )
        };
        format!(
            "Seed {}, {how}: {} Domains entered, {} flips, Health {} at the end, {}",
            b.seed,
            b.path.len(),
            b.flips,
            b.health,
            duration(b.duration_secs)
        )
    }

    /// The best run's card: its line and its route, each cut to the card.
    fn draw_best(&self, fonts: &Fonts, b: &Record, br: Rect, skipped_lines: usize) {
        style::card(
            br,
            8.0,
            1.0,
            fade(colour::TILE, 0.9),
            fade(colour::GOLD, 0.45),
        );
        style::text(
            "Best run",
            br.x + 16.0,
            br.y + 28.0,
            &fonts.serif,
            22,
            colour::GOLD,
        );
        let line = self.best_line(b);
        // Smaller before cut: the line is whole at every window size the game opens at.
        let z = style::fit_size(&line, &fonts.serif, 18, 14, br.w - 140.0);
        let line = style::ellipsize(&line, br.w - 140.0, |x| style::width(x, &fonts.serif, z));
        style::text(
            &line,
            br.x + 120.0,
            br.y + 28.0,
            &fonts.serif,
            z,
            colour::PARCHMENT,
        );
        // The route whole: on one line, else on two at the largest size that holds it.
        let route: Vec<&str> = b.path.iter().map(|d| self.name(d)).collect();
        let route = route.join(" → ");
        let w = br.w - 32.0;
        let (z, lines) = [17u16, 15, 14]
            .iter()
            .find_map(|&z| {
                let lines = style::wrap(&route, w, |x| style::width(x, &fonts.italic, z));
                (lines.len() <= 2).then_some((z, lines))
            })
            .unwrap_or_else(|| {
                let one = style::ellipsize(&route, w, |x| style::width(x, &fonts.italic, 14));
                (14, vec![one])
            });
        let step = f32::from(z) + 3.0;
        let top = if lines.len() > 1 { 54.0 } else { 62.0 };
        for (k, l) in lines.iter().enumerate() {
            style::text(
                l,
                br.x + 16.0,
                br.y + top + k as f32 * step,
                &fonts.italic,
                z,
                fade(colour::PARCHMENT, 0.8),
            );
        }
        if skipped_lines > 0 {
            style::text(
                &format!("{skipped_lines} unreadable lines of the history were skipped"),
                br.x + 16.0,
                br.y + 86.0,
                &fonts.italic,
                14,
                colour::WARNING,
            );
        }
    }
}

impl StatsScreen {
    /// The journeys of the day on one line, the latest first: `26 Nov won · 25 Nov lost in
    /// the Darkwood Brume`, cut to the width.
    fn draw_journeys(&self, fonts: &Fonts, journeys: &[Record], r: Rect) {
        let head = "Journeys of the day";
        let hw = style::width(head, &fonts.serif, 22) + 18.0;
        style::text(head, r.x, r.y + 20.0, &fonts.serif, 22, colour::GOLD);
        let line = journeys
            .iter()
            .map(|j| self.journey_words(j))
            .collect::<Vec<_>>()
            .join("  ·  ");
        let line = style::ellipsize(&line, r.w - hw, |x| style::width(x, &fonts.serif, 18));
        style::text(
            &line,
            r.x + hw,
            r.y + 20.0,
            &fonts.serif,
            18,
            colour::PARCHMENT,
        );
    }

    /// One journey of the day: its date and how it went.
    fn journey_words(&self, j: &Record) -> String {
        let date = j.day.map(|d| d.short()).unwrap_or_default();
        if j.won() {
            format!("{date} won")
        } else {
            format!("{date} lost in {}", self.name(j.last_domain()))
        }
    }
}

/// Counts, largest first (then by name).
fn sorted(m: &BTreeMap<String, usize>) -> Vec<(&str, usize)> {
    let mut v: Vec<(&str, usize)> = m.iter().map(|(k, n)| (k.as_str(), *n)).collect();
    v.sort_by_key(|(k, n)| (std::cmp::Reverse(*n), *k));
    v
}

/// A cause of loss in words.
fn cause_words(cause: &str) -> &str {
    match cause {
        "health" => "Health ran out",
        "dread" => "Dread passed 4",
        "guardian" => "The Guardian",
        "abandoned" => "Abandoned",
        "stranded" => "Stranded",
        other => other,
    }
}

/// `1h 02m`, `2m 03s` or `3s`.
fn duration(secs: u64) -> String {
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}h {m:02}m")
    } else if m > 0 {
        format!("{m}m {s:02}s")
    } else {
        format!("{s}s")
    }
}

/// A titled list of labelled bars, in its rectangle and rows (from [`StatsGeometry`]).
struct Bars<'a> {
    r: Rect,
    rows: &'a [Rect],
}

impl Bars<'_> {
    fn draw(&self, fonts: &Fonts, title: &str, rows: &[(String, usize)], col: Color) {
        let r = self.r;
        style::text(title, r.x, r.y, &fonts.serif, 22, colour::GOLD);
        if rows.is_empty() {
            style::text("none", r.x, r.y + 34.0, &fonts.italic, 18, style::dim());
            return;
        }
        let max = rows.iter().map(|(_, n)| *n).max().unwrap_or(1).max(1);
        let label_w = r.w * 0.5;
        for ((label, n), row) in rows.iter().zip(self.rows) {
            let y = row.y + 20.0;
            let label =
                style::ellipsize(label, label_w - 10.0, |x| style::width(x, &fonts.serif, 18));
            style::text(&label, r.x, y, &fonts.serif, 18, colour::PARCHMENT);
            let bw = (r.w - label_w - 40.0) * *n as f32 / max as f32;
            style::rounded_rect(
                Rect::new(r.x + label_w, y - 14.0, bw.max(4.0), 16.0),
                3.0,
                fade(col, 0.75),
            );
            style::text(
                &n.to_string(),
                r.x + label_w + bw.max(4.0) + 8.0,
                y,
                &fonts.serif,
                18,
                colour::PARCHMENT,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::History;

    fn record(seed: u64, cause: Option<&str>, path: &[&str]) -> Record {
        let mut r = Record::sample(seed);
        r.outcome.result = if cause.is_none() { "won" } else { "lost" }.into();
        r.outcome.cause = cause.map(str::to_string);
        r.path = path.iter().map(|d| d.to_string()).collect();
        r
    }

    fn screen(records: Vec<Record>) -> StatsScreen {
        let h = History {
            records,
            ..History::default()
        };
        StatsScreen {
            file: PathBuf::new(),
            stats: Ok(Stats::of(&h)),
            names: BTreeMap::new(),
            frame: StatsFrame::default(),
            mouse: None,
        }
    }

    #[test]
    fn each_piece_has_its_place_inside_the_panel_and_says_in_full_what_it_shows() {
        let mut records: Vec<Record> = (0..9)
            .map(|k| {
                let cause = ["health", "dread", "guardian"][k % 3];
                record(k as u64, Some(cause), &["a", "b"][..1 + k % 2])
            })
            .collect();
        records.push(record(99, None, &["a", "b", "c"]));
        let st = screen(records);
        for size in [
            vec2(1024.0, 640.0),
            vec2(1280.0, 800.0),
            vec2(1920.0, 1080.0),
        ] {
            let f = st.lay_out(size);
            let g = &f.geometry;
            let inside = |r: Rect| {
                r.x >= g.panel.x
                    && r.right() <= g.panel.right()
                    && r.y >= g.panel.y
                    && r.bottom() <= g.panel.bottom()
            };
            let best = g.best.expect("a best run");
            let mut pieces = vec![g.causes, g.domains, best];
            pieces.extend(g.figures);
            assert!(pieces.iter().all(|r| inside(*r)), "{size}: {g:?}");
            assert!(!g.causes.overlaps(&g.domains), "{size}");
            assert!(
                g.causes.bottom() <= best.y,
                "{size}: the lists end above the best run"
            );
            assert_eq!(g.cause_rows.len(), 3, "{size}: every cause fits");
            assert!(g.cause_rows.iter().all(|r| g.causes.contains(r.point())));
            // Hovering a bar (the first: equal counts go by cause) says its count and share;
            // the best run's card says it whole.
            let tip = f.tip_at(g.cause_rows[0].center()).expect("a bar's tip");
            assert_eq!(tip, "Dread passed 4: 3 of 9 losses (33%).");
            let tip = f.tip_at(best.center()).expect("the best run's tip");
            assert!(tip.starts_with("Seed 99, won: 3 Domains entered"), "{tip}");
            assert!(tip.ends_with("a → b → c"), "{tip}");
            // Anywhere is the way back.
            assert_eq!(f.at(vec2(1.0, 1.0)), Some(&Back));
        }
    }

    #[test]
    fn an_empty_history_has_no_figures_and_no_tips() {
        let f = screen(Vec::new()).lay_out(vec2(1280.0, 800.0));
        assert_eq!(f.geometry.best, None);
        assert!(f.geometry.cause_rows.is_empty());
        assert!(f.tips.is_empty());
    }
}
