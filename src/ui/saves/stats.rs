//! The Statistics screen: the run history's figures (the same as `forward history`), the
//! best run, and the journeys of the day played, each with its date.

use super::{footer, heading, panel, short_path};
use crate::cards::CardSet;
use crate::history::{self, Record, Stats};
use crate::store::SaveStore;
use crate::ui::Next;
use crate::ui::input::Input;
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
        StatsScreen { file, stats, names }
    }

    fn name<'a>(&'a self, id: &'a str) -> &'a str {
        self.names.get(id).map_or(id, String::as_str)
    }

    pub fn update(&mut self, input: &Input) -> Next {
        if input.back || input.activate || input.click {
            return Next::Title;
        }
        Next::Stay
    }

    pub fn draw(&self, fonts: &Fonts, size: Vec2) {
        let r = panel(size);
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
        // The big figures.
        let top = r.y + 150.0;
        let figures = [
            (s.runs.to_string(), "runs"),
            (s.wins.to_string(), "won"),
            (s.losses.to_string(), "lost"),
            (
                format!("{:.0}%", 100.0 * s.wins as f64 / s.runs as f64),
                "won of all",
            ),
        ];
        let fw = (r.w - 64.0) / figures.len() as f32;
        for (k, (n, what)) in figures.iter().enumerate() {
            let cx = r.x + 32.0 + fw * (k as f32 + 0.5);
            let col = match k {
                1 => colour::GOLD,
                2 => colour::ERROR,
                _ => colour::PARCHMENT,
            };
            style::text_centred(n, cx, top + 10.0, &fonts.serif, 48, col);
            style::text_centred(what, cx, top + 36.0, &fonts.italic, 18, style::dim());
        }
        // Two columns of bars: causes, and Domains.
        let y0 = top + 84.0;
        let half = (r.w - 96.0) / 2.0;
        // The journeys of the day take a line above the best run when there are any.
        let journeys_h = if s.journeys.is_empty() { 0.0 } else { 40.0 };
        let left = Rect::new(
            r.x + 32.0,
            y0,
            half,
            r.bottom() - 60.0 - y0 - 120.0 - journeys_h,
        );
        let right = Rect::new(left.right() + 32.0, y0, half, left.h);
        let causes: Vec<(String, usize)> = sorted(&s.causes)
            .into_iter()
            .map(|(c, n)| (cause_words(c).to_string(), n))
            .collect();
        bars(fonts, left, "Losses by cause", &causes, colour::ERROR);
        let domains: Vec<(String, usize)> = sorted(&s.deaths_by_domain)
            .into_iter()
            .map(|(d, n)| (self.name(d).to_string(), n))
            .collect();
        bars(fonts, right, "Losses per Domain", &domains, colour::WARNING);
        if !s.journeys.is_empty() {
            let y = r.bottom() - 60.0 - 104.0 - 14.0;
            self.draw_journeys(
                fonts,
                &s.journeys,
                Rect::new(r.x + 32.0, y - 20.0, r.w - 64.0, 26.0),
            );
        }
        // The best run.
        if let Some(b) = &s.best {
            let br = Rect::new(r.x + 32.0, r.bottom() - 60.0 - 104.0, r.w - 64.0, 96.0);
            style::card(
                br,
                8.0,
                1.0,
                fade(colour::TILE, 0.9),
                fade(colour::GOLD, 0.45),
            );
            let how = if b.won() {
                "won".to_string()
            } else {
                format!(
                    "lost ({}) in {}",
                    cause_words(b.outcome.cause.as_deref().unwrap_or("?")),
                    self.name(b.last_domain())
                )
            };
            style::text(
                "Best run",
                br.x + 16.0,
                br.y + 28.0,
                &fonts.serif,
                22,
                colour::GOLD,
            );
            let line = format!(
                "Seed {}, {how}: {} Domains entered, {} flips, Health {} at the end, {}",
                b.seed,
                b.path.len(),
                b.flips,
                b.health,
                duration(b.duration_secs)
            );
            let line = style::ellipsize(&line, br.w - 140.0, |x| style::width(x, &fonts.serif, 18));
            style::text(
                &line,
                br.x + 120.0,
                br.y + 28.0,
                &fonts.serif,
                18,
                colour::PARCHMENT,
            );
            let route: Vec<&str> = b.path.iter().map(|d| self.name(d)).collect();
            let route = style::ellipsize(&route.join(" → "), br.w - 32.0, |x| {
                style::width(x, &fonts.italic, 17)
            });
            style::text(
                &route,
                br.x + 16.0,
                br.y + 62.0,
                &fonts.italic,
                17,
                fade(colour::PARCHMENT, 0.8),
            );
            if s.skipped_lines > 0 {
                style::text(
                    &format!(
                        "{} unreadable lines of the history were skipped",
                        s.skipped_lines
                    ),
                    br.x + 16.0,
                    br.y + 86.0,
                    &fonts.italic,
                    14,
                    colour::WARNING,
                );
            }
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

/// A titled list of labelled bars.
fn bars(fonts: &Fonts, r: Rect, title: &str, rows: &[(String, usize)], col: Color) {
    style::text(title, r.x, r.y, &fonts.serif, 22, colour::GOLD);
    if rows.is_empty() {
        style::text("none", r.x, r.y + 34.0, &fonts.italic, 18, style::dim());
        return;
    }
    let max = rows.iter().map(|(_, n)| *n).max().unwrap_or(1).max(1);
    let label_w = r.w * 0.5;
    let step = 30.0;
    let fit = (((r.h - 20.0) / step).floor() as usize).max(1);
    for (k, (label, n)) in rows.iter().take(fit).enumerate() {
        let y = r.y + 36.0 + k as f32 * step;
        let label = style::ellipsize(label, label_w - 10.0, |x| style::width(x, &fonts.serif, 18));
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
