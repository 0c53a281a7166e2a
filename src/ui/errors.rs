//! The card-errors screen: shown instead of the title when the cards directory does not
//! load, listing every problem so the designer can fix the files and reload with F5.

use super::Next;
use super::input::Input;
use super::screen::ScreenFrame;
use super::style::{self, Fonts, colour, fade};
use crate::cards::validate::Report;
use macroquad::prelude::*;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    fn tag(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "",
        }
    }

    fn color(self) -> Color {
        match self {
            Severity::Error => colour::ERROR,
            Severity::Warning => colour::WARNING,
            Severity::Note => style::dim(),
        }
    }
}

/// One wrapped display line.
#[derive(Debug, Clone, PartialEq)]
struct Line {
    severity: Severity,
    /// Index of the problem it belongs to.
    entry: usize,
    /// The problem's first line (which carries the tag).
    first: bool,
    text: String,
}

const TEXT_SIZE: u16 = 16;
const LINE_H: f32 = 23.0;
const PAD: f32 = 16.0;
/// Lines moved by one notch of the mouse wheel.
const WHEEL_LINES: i64 = 3;

/// Where the card-errors screen's pieces go for a window size. Nothing on it is clicked:
/// its frame (see `ui::screen`) has no targets and no tips.
#[derive(Debug, Clone, Default)]
struct ErrorsGeometry {
    left: f32,
    header_y: f32,
    dir_y: f32,
    panel: Rect,
    summary_y: f32,
    hint_y: f32,
}

impl ErrorsGeometry {
    fn new(size: Vec2) -> ErrorsGeometry {
        let (w, h) = (size.x, size.y);
        let left = (w * 0.06).clamp(24.0, 84.0);
        let header_y = (h * 0.1).clamp(50.0, 84.0);
        let dir_y = header_y + 34.0;
        let top = dir_y + 24.0;
        let panel = Rect::new(
            left - 16.0,
            top,
            w - 2.0 * (left - 16.0),
            (h - top - 92.0).max(LINE_H * 2.0 + 2.0 * PAD),
        );
        ErrorsGeometry {
            left,
            header_y,
            dir_y,
            panel,
            summary_y: h - 52.0,
            hint_y: h - 22.0,
        }
    }

    fn visible_lines(&self) -> usize {
        (((self.panel.h - 2.0 * PAD) / LINE_H).floor() as usize).max(1)
    }
}

pub struct ErrorScreen {
    dir: PathBuf,
    dir_missing: bool,
    summary: String,
    problems: Vec<(Severity, String)>,
    /// `problems` wrapped for `wrapped_for` pixels of text width.
    lines: Vec<Line>,
    wrapped_for: f32,
    /// First visible line.
    scroll: usize,
    /// How many times F5 has been pressed on this screen's predecessors.
    reloads: u32,
    /// Esc goes back to the screen F5 was pressed on (else it quits).
    returns: bool,
    /// This frame's model.
    frame: ScreenFrame<ErrorsGeometry, ()>,
}

impl ErrorScreen {
    pub fn new(report: &Report, dir: &Path, reloads: u32) -> ErrorScreen {
        let mut problems: Vec<(Severity, String)> = report
            .errors
            .iter()
            .map(|p| (Severity::Error, p.to_string()))
            .chain(
                report
                    .warnings
                    .iter()
                    .map(|p| (Severity::Warning, p.to_string())),
            )
            .collect();
        if report.errors.is_empty() {
            problems.insert(
                0,
                (
                    Severity::Note,
                    "The loader refused this directory but named no problem.".to_string(),
                ),
            );
        }
        ErrorScreen {
            dir: dir.to_path_buf(),
            dir_missing: !dir.is_dir(),
            summary: report.summary(),
            problems,
            lines: Vec::new(),
            wrapped_for: -1.0,
            scroll: 0,
            reloads,
            returns: false,
            frame: ScreenFrame::default(),
        }
    }

    /// The screen when Esc goes back to the one it interrupted: its footer says so.
    pub fn returning(mut self) -> ErrorScreen {
        self.returns = true;
        self
    }

    /// The footer: what the keys do here.
    fn hint(&self) -> &'static str {
        if self.returns {
            "Fix the files and press F5 to reload  ·  Up/Down, Page keys or the wheel scroll  ·  Esc back"
        } else {
            "Fix the files and press F5 to reload  ·  Up/Down, Page keys or the wheel scroll  ·  Esc quits"
        }
    }

    pub fn update(&mut self, input: &Input, fonts: &Fonts) -> Next {
        if input.back {
            return Next::Quit;
        }
        if input.reload {
            return Next::Reload;
        }
        if self.frame.size != input.size {
            self.frame = ScreenFrame::new(input.size, ErrorsGeometry::new(input.size));
        }
        let l = &self.frame.geometry;
        let text_w = text_width(l, fonts);
        if (text_w - self.wrapped_for).abs() > 0.5 {
            self.lines = wrap_problems(&self.problems, text_w, |s| {
                style::width(s, &fonts.mono, TEXT_SIZE)
            });
            self.wrapped_for = text_w;
        }
        let visible = l.visible_lines();
        let mut delta: i64 = 0;
        if input.up {
            delta -= 1;
        }
        if input.down {
            delta += 1;
        }
        if input.page_up {
            delta -= visible as i64;
        }
        if input.page_down {
            delta += visible as i64;
        }
        if input.wheel != 0.0 {
            delta -= input.wheel.signum() as i64 * WHEEL_LINES;
        }
        if input.home {
            delta = i64::MIN / 2;
        }
        if input.end {
            delta = i64::MAX / 2;
        }
        self.scroll = scrolled(self.scroll, delta, self.lines.len(), visible);
        Next::Stay
    }

    pub fn draw(&self, fonts: &Fonts, size: Vec2) {
        let frame = self
            .frame
            .for_size(size, || ScreenFrame::new(size, ErrorsGeometry::new(size)));
        let l = &frame.geometry;
        let head_size = style::fit_size(
            "The cards could not be loaded",
            &fonts.serif,
            44,
            20,
            size.x - 2.0 * l.left,
        );
        style::text(
            "The cards could not be loaded",
            l.left,
            l.header_y,
            &fonts.serif,
            head_size,
            colour::PARCHMENT,
        );
        let from = format!("from {}", self.dir.display());
        let w = style::text(&from, l.left, l.dir_y, &fonts.mono, 15, style::dim());
        if self.dir_missing {
            style::text(
                "  (no such directory)",
                l.left + w,
                l.dir_y,
                &fonts.mono,
                15,
                colour::ERROR,
            );
        }
        self.draw_list(l, fonts);
        self.draw_footer(l, fonts, size);
    }

    /// The problems' panel: the lines on show, and a scroll bar when there are more.
    fn draw_list(&self, l: &ErrorsGeometry, fonts: &Fonts) {
        let p = l.panel;
        style::card(p, 8.0, 1.0, colour::TILE, fade(colour::ERROR, 0.45));
        let visible = l.visible_lines();
        let tag_w = tag_width(fonts);
        let text_x = p.x + PAD + tag_w;
        let band_w = p.w - 2.0 * PAD - scrollbar_room();
        for (k, line) in self
            .lines
            .iter()
            .skip(self.scroll)
            .take(visible)
            .enumerate()
        {
            let top = p.y + PAD + k as f32 * LINE_H;
            let baseline = top + LINE_H * 0.72;
            if line.entry % 2 == 1 {
                draw_rectangle(
                    p.x + PAD - 6.0,
                    top,
                    band_w + 12.0,
                    LINE_H,
                    fade(WHITE, 0.035),
                );
            }
            let c = line.severity.color();
            if line.first {
                style::text(
                    line.severity.tag(),
                    p.x + PAD,
                    baseline,
                    &fonts.mono,
                    TEXT_SIZE,
                    c,
                );
            }
            style::text(&line.text, text_x, baseline, &fonts.mono, TEXT_SIZE, c);
        }
        // Scrollbar, when the list is longer than the panel.
        let total = self.lines.len();
        if total > visible {
            let track = Rect::new(p.right() - 14.0, p.y + PAD, 5.0, p.h - 2.0 * PAD);
            draw_rectangle(track.x, track.y, track.w, track.h, fade(style::dim(), 0.25));
            let thumb_h = (track.h * visible as f32 / total as f32).max(18.0);
            let max_scroll = (total - visible) as f32;
            let thumb_y = track.y + (track.h - thumb_h) * self.scroll as f32 / max_scroll;
            draw_rectangle(
                track.x,
                thumb_y,
                track.w,
                thumb_h,
                fade(colour::PARCHMENT, 0.7),
            );
        }
    }

    /// The summary line (with the lines on show), the reloads so far and the keys.
    fn draw_footer(&self, l: &ErrorsGeometry, fonts: &Fonts, size: Vec2) {
        let (total, visible) = (self.lines.len(), l.visible_lines());
        // In the monospace face: the serif's old-style 0 reads as a letter o.
        let summary_size = 16;
        let sw = style::text(
            &self.summary,
            l.left,
            l.summary_y,
            &fonts.mono,
            summary_size,
            colour::PARCHMENT,
        );
        if total > visible {
            let shown = format!(
                "  ·  lines {}-{} of {}",
                self.scroll + 1,
                (self.scroll + visible).min(total),
                total
            );
            style::text(
                &shown,
                l.left + sw,
                l.summary_y,
                &fonts.mono,
                summary_size,
                style::dim(),
            );
        }
        if self.reloads > 0 {
            let again = format!(
                "reloaded {} {}, still not loading",
                self.reloads,
                if self.reloads == 1 { "time" } else { "times" }
            );
            style::text_right(
                &again,
                size.x - l.left,
                l.summary_y,
                &fonts.italic,
                18,
                style::dim(),
            );
        }
        let hint = self.hint();
        let hint_size = style::fit_size(hint, &fonts.italic, 19, 12, size.x - 2.0 * l.left);
        style::text(
            hint,
            l.left,
            l.hint_y,
            &fonts.italic,
            hint_size,
            colour::GOLD,
        );
    }
}

fn tag_width(fonts: &Fonts) -> f32 {
    style::width("warning  ", &fonts.mono, TEXT_SIZE)
}

fn scrollbar_room() -> f32 {
    20.0
}

fn text_width(l: &ErrorsGeometry, fonts: &Fonts) -> f32 {
    (l.panel.w - 2.0 * PAD - tag_width(fonts) - scrollbar_room()).max(40.0)
}

/// Wraps every problem to `width`; continuation lines carry no tag.
fn wrap_problems(
    problems: &[(Severity, String)],
    width: f32,
    measure: impl Fn(&str) -> f32,
) -> Vec<Line> {
    let mut lines = Vec::new();
    for (entry, (severity, text)) in problems.iter().enumerate() {
        for (k, part) in style::wrap(text, width, &measure).into_iter().enumerate() {
            lines.push(Line {
                severity: *severity,
                entry,
                first: k == 0,
                text: part,
            });
        }
    }
    lines
}

/// The first visible line after moving `delta` lines, kept inside the list.
fn scrolled(current: usize, delta: i64, total: usize, visible: usize) -> usize {
    let max = total.saturating_sub(visible) as i64;
    (current as i64).saturating_add(delta).clamp(0, max) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::validate::Problem;

    fn problem(file: &str, message: &str) -> Problem {
        Problem {
            file: file.into(),
            line: Some(3),
            column: Some(7),
            card: Some("shrine-01".into()),
            path: Some("stations[0].name".into()),
            message: message.into(),
        }
    }

    #[test]
    fn scrolling_stays_inside_the_list() {
        assert_eq!(scrolled(0, -1, 50, 20), 0);
        assert_eq!(scrolled(0, 1, 50, 20), 1);
        assert_eq!(scrolled(25, 10, 50, 20), 30);
        assert_eq!(scrolled(5, i64::MAX / 2, 50, 20), 30);
        assert_eq!(scrolled(5, i64::MIN / 2, 50, 20), 0);
        assert_eq!(scrolled(0, 5, 10, 20), 0, "a short list does not scroll");
    }

    #[test]
    fn every_problem_is_listed_errors_first() {
        let report = Report {
            errors: vec![problem("a.json", "first"), problem("b.json", "second")],
            warnings: vec![problem("c.json", "third")],
            ..Default::default()
        };
        let s = ErrorScreen::new(&report, Path::new("/no/such/dir"), 0);
        assert!(s.dir_missing);
        let kinds: Vec<_> = s.problems.iter().map(|(k, _)| *k).collect();
        assert_eq!(kinds, [Severity::Error, Severity::Error, Severity::Warning]);
        assert_eq!(s.problems[0].1, report.errors[0].to_string());
        assert!(s.problems[2].1.contains("c.json:3:7 [shrine-01]"));
    }

    #[test]
    fn the_footer_says_what_esc_does() {
        let s = ErrorScreen::new(&Report::default(), Path::new("."), 0);
        assert!(s.hint().ends_with("Esc quits"));
        assert!(s.returning().hint().ends_with("Esc back"));
    }

    #[test]
    fn an_empty_report_still_says_something() {
        let s = ErrorScreen::new(&Report::default(), Path::new("."), 0);
        assert_eq!(s.problems.len(), 1);
        assert_eq!(s.problems[0].0, Severity::Note);
        assert!(!s.dir_missing);
    }

    #[test]
    fn long_problems_wrap_and_only_the_first_line_is_tagged() {
        let problems = vec![
            (Severity::Error, "x ".repeat(30)),
            (Severity::Warning, "short".to_string()),
        ];
        let lines = wrap_problems(&problems, 20.0, |s| s.chars().count() as f32);
        assert_eq!(lines.len(), 4);
        assert!(lines[0].first && !lines[1].first && !lines[2].first && lines[3].first);
        assert_eq!(lines[3].entry, 1);
        assert!(lines.iter().all(|l| l.text.chars().count() <= 20));
    }
}
