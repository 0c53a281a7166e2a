//! SVG charts for the HTML reports, drawn by plotters. Labels are never cut: the label
//! area grows to fit the longest one.

use plotters::prelude::*;

/// An SVG string, or why the chart could not be drawn.
pub type Chart = Result<String, String>;

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// Pixels a label of 13-point sans-serif takes, generously (no font metrics at hand).
fn label_width(labels: &[String]) -> u32 {
    let chars = labels.iter().map(|l| l.chars().count()).max().unwrap_or(4);
    (chars as u32 * 15 / 2 + 16).max(60)
}

/// Labels beside the bars may take at most this share (in percent) of a bar chart's width.
const LABELS_BESIDE_PERCENT: u32 = 40;

/// A horizontal bar chart: one labelled bar per row, the first on top.
pub struct HBars<'a> {
    pub title: &'a str,
    pub labels: Vec<String>,
    pub values: Vec<f64>,
    pub color: RGBColor,
    pub x_desc: &'a str,
    /// Width in pixels.
    pub width: u32,
    /// The largest value the axis shows (to give two charts the same scale).
    pub top: Option<f64>,
    /// Values are shares (shown as %) rather than plain numbers.
    pub percent: bool,
}

impl HBars<'_> {
    /// Draws the chart. Rows sit on a plain numeric axis (row `i` from `i` to `i + 1`)
    /// and their labels are placed by hand, so that one row, or a value of 0 or less,
    /// draws as well as many.
    pub fn draw(&self) -> Chart {
        let n = self.labels.len().max(1);
        // Labels longer than this share of the width (a route through nine Domains) go
        // above their bars, so the bars keep the chart's width.
        let above = label_width(&self.labels) * 100 > self.width * LABELS_BESIDE_PERCENT;
        let height = 90 + if above { 44 } else { 26 } * n as u32;
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (self.width, height)).into_drawing_area();
            root.fill(&WHITE).map_err(err)?;
            let top = self
                .top
                .unwrap_or_else(|| self.values.iter().copied().fold(0.0, f64::max) * 1.1);
            let top = if top > 0.0 { top } else { 0.05 };
            // Sizes given as fonts, not as (family, size) pairs: those are scaled with the
            // drawing's height, which made a one-row chart's labels 2.4 px.
            let mut chart = ChartBuilder::on(&root)
                .caption(self.title, ("sans-serif", 18).into_font())
                .margin(12)
                .x_label_area_size(40)
                .y_label_area_size(if above { 12 } else { label_width(&self.labels) })
                .build_cartesian_2d(0.0..top, 0.0..n as f64)
                .map_err(err)?;
            let percent = self.percent;
            chart
                .configure_mesh()
                .disable_y_mesh()
                .y_labels(0)
                .y_label_formatter(&|_| String::new())
                .x_desc(self.x_desc)
                .x_label_style(("sans-serif", 13).into_font())
                .axis_desc_style(("sans-serif", 14).into_font())
                .x_labels(6)
                .x_label_formatter(&|x| {
                    if percent {
                        format!("{:.0}%", x * 100.0)
                    } else {
                        format!("{x:.1}")
                    }
                })
                .draw()
                .map_err(err)?;
            // Rows are drawn bottom-up: the first label is the top row.
            let row = |i: usize| (n - 1 - i) as f64;
            // The bar's band in its row: all of it, or its lower half under the label.
            let (b0, b1) = if above { (0.08, 0.5) } else { (0.15, 0.85) };
            chart
                .draw_series(self.values.iter().enumerate().map(|(i, v)| {
                    let v = if v.is_finite() {
                        v.clamp(0.0, top)
                    } else {
                        0.0
                    };
                    Rectangle::new([(0.0, row(i) + b0), (v, row(i) + b1)], self.color.filled())
                }))
                .map_err(err)?;
            use plotters::style::text_anchor::{HPos, Pos, VPos};
            let h = if above { HPos::Left } else { HPos::Right };
            let style =
                TextStyle::from(("sans-serif", 13).into_font()).pos(Pos::new(h, VPos::Center));
            for (i, label) in self.labels.iter().enumerate() {
                let (at, dx) = if above { (0.75, 2) } else { (0.5, -6) };
                let (x, y) = chart.backend_coord(&(0.0, row(i) + at));
                root.draw(&Text::new(label.clone(), (x + dx, y), &style))
                    .map_err(err)?;
            }
            root.present().map_err(err)?;
        }
        Ok(svg)
    }
}

/// Mean Health after each Domain with one standard deviation either side; one series per
/// side (A in blue, B in red, B drawn a little to the right).
pub fn health(title: &str, names: &[String], series: &[Vec<(f64, f64)>], width: u32) -> Chart {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, 440)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let n = names.len().max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0.0f64..21.0)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(TRANSPARENT)
            .x_labels(n)
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 0.01 && i >= 0.0 {
                    names.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .x_label_style(("sans-serif", 13))
            .y_desc("Health")
            .draw()
            .map_err(err)?;
        let colors = [RGBColor(50, 100, 170), RGBColor(180, 60, 50)];
        let shift = if series.len() > 1 { 0.12 } else { 0.0 };
        for (s, points) in series.iter().enumerate() {
            let color = colors[s % 2];
            let dx = if s == 0 { -shift } else { shift };
            let pts: Vec<(f64, f64, f64)> = points
                .iter()
                .enumerate()
                .filter(|(_, (m, _))| m.is_finite())
                .map(|(i, (m, sd))| (i as f64 + dx, *m, *sd))
                .collect();
            chart
                .draw_series(pts.iter().map(|(x, m, sd)| {
                    ErrorBar::new_vertical(
                        *x,
                        (m - sd).max(0.0),
                        *m,
                        m + sd,
                        color.stroke_width(2),
                        10,
                    )
                }))
                .map_err(err)?;
            chart
                .draw_series(
                    pts.iter()
                        .map(|(x, m, _)| Circle::new((*x, *m), 4, color.filled())),
                )
                .map_err(err)?;
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// One value of a sweep: the value, the win rate, its 95% interval, and whether it is
/// the card's value now (drawn in gold).
pub type SweepRow = (i64, f64, [f64; 2], bool);

/// The win rate at each value of a swept number, with its interval: one point and bar per
/// value on a plain numeric axis (one value draws as well as many).
pub fn sweep(title: &str, x_desc: &str, rows: &[SweepRow], width: u32) -> Chart {
    let lo = rows.iter().map(|r| r.0).min().unwrap_or(0) as f64 - 0.6;
    let hi = rows.iter().map(|r| r.0).max().unwrap_or(0) as f64 + 0.6;
    let top = rows.iter().map(|r| r.2[1]).fold(0.0, f64::max);
    let top = (top * 1.15).clamp(0.05, 1.0);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, 420)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18).into_font())
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d(lo..hi, 0.0..top)
            .map_err(err)?;
        let values: Vec<i64> = rows.iter().map(|r| r.0).collect();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(TRANSPARENT)
            .x_labels((values.len() + 2).min(24))
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 0.01 && values.contains(&(i as i64)) {
                    format!("{i:.0}")
                } else {
                    String::new()
                }
            })
            .x_desc(x_desc)
            .y_desc("win rate")
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .x_label_style(("sans-serif", 13).into_font())
            .y_label_style(("sans-serif", 13).into_font())
            .axis_desc_style(("sans-serif", 14).into_font())
            .draw()
            .map_err(err)?;
        let colour = |now: bool| {
            if now {
                RGBColor(190, 140, 20)
            } else {
                RGBColor(60, 110, 170)
            }
        };
        chart
            .draw_series(rows.iter().map(|(v, rate, ci, now)| {
                ErrorBar::new_vertical(
                    *v as f64,
                    ci[0],
                    *rate,
                    ci[1],
                    colour(*now).stroke_width(2),
                    10,
                )
            }))
            .map_err(err)?;
        chart
            .draw_series(
                rows.iter().map(|(v, rate, _, now)| {
                    Circle::new((*v as f64, *rate), 5, colour(*now).filled())
                }),
            )
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// One row of a forest chart: label, difference, its 95% interval, and whether the
/// change is good for the traveller (drawn green; otherwise red).
pub type ForestRow = (String, f64, [f64; 2], bool);

/// Differences with their 95% intervals around a zero line, one row each (first on top).
pub fn forest(title: &str, rows: &[ForestRow], width: u32) -> Chart {
    let n = rows.len().max(1);
    let height = 90 + 26 * n as u32;
    let labels: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    let reach = rows
        .iter()
        .flat_map(|r| [r.2[0].abs(), r.2[1].abs()])
        .fold(0.01, f64::max)
        * 1.15;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(label_width(&labels))
            .build_cartesian_2d(-reach..reach, (0..n as i32 - 1).into_segmented())
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(n)
            .y_label_formatter(&|y| match y {
                SegmentValue::CenterOf(i) => {
                    labels.get(n - 1 - *i as usize).cloned().unwrap_or_default()
                }
                _ => String::new(),
            })
            .y_label_style(("sans-serif", 13))
            .x_desc("B minus A (points of share of runs)")
            .x_labels(7)
            .x_label_formatter(&|x| format!("{:+.1}", x * 100.0))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![
                    (0.0, SegmentValue::Exact(0)),
                    (0.0, SegmentValue::Exact(n as i32)),
                ],
                BLACK.stroke_width(1),
            )))
            .map_err(err)?;
        let color = |good: bool| {
            if good {
                RGBColor(40, 130, 70)
            } else {
                RGBColor(180, 50, 40)
            }
        };
        chart
            .draw_series(rows.iter().enumerate().map(|(i, (_, _, ci, good))| {
                let y = SegmentValue::CenterOf((n - 1 - i) as i32);
                PathElement::new(
                    vec![(ci[0], y.clone()), (ci[1], y)],
                    color(*good).stroke_width(3),
                )
            }))
            .map_err(err)?;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, (_, d, _, good))| {
                let y = SegmentValue::CenterOf((n - 1 - i) as i32);
                Circle::new((*d, y), 5, color(*good).filled())
            }))
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// Escapes text for HTML.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A chart's SVG, or a short note where it failed.
pub fn embed(c: Chart) -> String {
    c.unwrap_or_else(|e| format!("<p>chart failed: {}</p>", esc(&e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bars(labels: &[&str], values: &[f64]) -> String {
        HBars {
            title: "Win rate per route",
            labels: labels.iter().map(|l| l.to_string()).collect(),
            values: values.to_vec(),
            color: RGBColor(60, 110, 170),
            x_desc: "won",
            width: 600,
            top: Some(1.0),
            percent: true,
        }
        .draw()
        .expect("drawn")
    }

    /// The numbers of an SVG attribute wherever it is written (`height="12"`).
    fn attr(svg: &str, name: &str) -> Vec<f64> {
        svg.split(&format!(" {name}=\""))
            .skip(1)
            .filter_map(|s| s.split('"').next()?.parse().ok())
            .collect()
    }

    /// A route through nine Domains as the label: it goes above its bar, whole and inside
    /// the drawing, and the bar keeps the chart's width (it had a sixth of it).
    #[test]
    fn a_long_label_goes_above_its_bar() {
        let label = "Termina › Valthria › Forgotten › Spiremaze › Sirocco › Darkwood › Frozen › Nightsea (1043)";
        let svg = HBars {
            title: "Win rate at the Guardian per completed route",
            labels: vec![label.to_string()],
            values: vec![0.5],
            color: RGBColor(60, 110, 170),
            x_desc: "won",
            width: 980,
            top: Some(1.0),
            percent: true,
        }
        .draw()
        .expect("drawn");
        let at = svg.find(label).unwrap_or_else(|| panic!("{svg}"));
        let tag = &svg[svg[..at].rfind("<text").expect("its text tag")..at];
        assert!(tag.contains("text-anchor=\"start\""), "{tag}");
        assert!(attr(tag, "x").iter().all(|x| *x >= 0.0), "{tag}");
        let bar: Vec<f64> = svg
            .split("<rect")
            .skip(1)
            .filter(|r| r.contains("fill=\"#3C6EAA\""))
            .flat_map(|r| attr(r, "width"))
            .collect();
        // Half of a plot area that takes most of the 980 px.
        assert!(bar.len() == 1 && bar[0] > 400.0, "{bar:?}");
    }

    #[test]
    fn one_row_or_a_value_below_zero_draws_as_well_as_many() {
        for (labels, values) in [
            (&["Termina › Brume (12)"][..], &[0.5][..]),
            (&["Termina › Brume (12)"][..], &[-0.2][..]),
            (&["a (3)", "b (2)", "c (1)"][..], &[0.1, 0.9, 0.0][..]),
        ] {
            let svg = bars(labels, values);
            for label in labels {
                let at = svg.find(*label).unwrap_or_else(|| panic!("{svg}"));
                let tag = &svg[svg[..at].rfind("<text").expect("its text tag")..at];
                assert!(tag.contains("text-anchor=\"end\""), "{tag}");
            }
            // Every text is readable: none smaller than 10 px (plotters writes a 13-point
            // font as 10.5 px; the broken one-row chart had 2.4 px axis labels).
            let sizes = attr(&svg, "font-size");
            assert!(sizes.iter().all(|s| *s >= 10.0), "{sizes:?}");
            let heights = attr(&svg, "height");
            assert!(heights.iter().all(|h| *h >= 0.0), "{heights:?}");
            let widths = attr(&svg, "width");
            assert!(widths.iter().all(|w| *w >= 0.0), "{widths:?}");
            // Each bar is at least a few pixels tall: one row fills its band.
            let bars: Vec<f64> = svg
                .split("<rect")
                .skip(1)
                .filter(|r| r.contains("fill=\"#3C6EAA\""))
                .flat_map(|r| attr(r, "height"))
                .collect();
            assert_eq!(bars.len(), labels.len(), "{svg}");
            assert!(bars.iter().all(|h| *h > 10.0), "{bars:?}");
        }
    }
}
