//! The simulator's reports: plain text for the terminal and a self-contained HTML page with
//! SVG charts drawn by plotters.

use crate::cli::simulate::Output;
use plotters::prelude::*;
use std::fmt::Write as _;
use std::path::Path;

/// The text report.
pub fn text(o: &Output) -> String {
    let s = o.summary;
    let mut t = String::new();
    let _ = writeln!(
        t,
        "{} runs with the {:?} bot (seed {}, {} jobs, {}){}",
        s.runs,
        o.policy,
        o.seed,
        o.jobs,
        o.dice.label(),
        if o.interrupted {
            " — interrupted"
        } else {
            ""
        }
    );
    let _ = writeln!(
        t,
        "won {} ({:.1}%, 95% CI {:.1}–{:.1}%)",
        s.wins,
        s.win_rate * 100.0,
        s.win_rate_ci95[0] * 100.0,
        s.win_rate_ci95[1] * 100.0
    );
    let causes: Vec<String> = s
        .losses_by_cause
        .iter()
        .map(|(c, n)| format!("{c} {n}"))
        .collect();
    let _ = writeln!(t, "lost by: {}", causes.join(", "));
    let _ = writeln!(
        t,
        "mean flips {:.1}, mean duel exchanges {:.1}",
        s.mean_flips, s.mean_exchanges
    );
    let _ = writeln!(
        t,
        "\n{:<28} {:>8} {:>8} {:>7} {:>9} {:>7}",
        "domain", "entered", "cleared", "lost", "health", "resolve"
    );
    for d in &s.per_domain {
        let _ = writeln!(
            t,
            "{:<28} {:>8} {:>8} {:>7} {:>5.1}±{:<3.1} {:>7.2}",
            d.name,
            d.entered,
            d.cleared,
            d.losses,
            d.mean_health_after,
            d.sd_health_after,
            d.mean_resolve_after
        );
    }
    let _ = writeln!(t, "\ndeadliest cards (share of all losses):");
    for c in s.per_card.iter().filter(|c| c.killed > 0).take(10) {
        let _ = writeln!(
            t,
            "  {:<28} {:<10} {:>5.1}%  (flipped {}, mean health {:+.2})",
            c.name,
            c.card_type,
            c.share_of_losses * 100.0,
            c.flips,
            c.mean_health_change
        );
    }
    let _ = writeln!(t, "\nmost travelled routes:");
    for p in s.per_path.iter().take(8) {
        let _ = writeln!(
            t,
            "  {:>6} runs {:>5.1}% won  {}",
            p.runs,
            p.win_rate * 100.0,
            p.path.join(" > ")
        );
    }
    let _ = writeln!(
        t,
        "\n{:.0} runs/s ({:.0} per job) in {:.2} s",
        o.runs_per_second, o.runs_per_second_per_job, o.elapsed_seconds
    );
    t
}

type Chart = Result<String, String>;

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// A horizontal bar chart: one labelled bar per row, largest first as given.
fn hbar_chart(
    title: &str,
    labels: &[String],
    values: &[f64],
    color: RGBColor,
    x_desc: &str,
) -> Chart {
    let n = labels.len().max(1);
    let height = 90 + 28 * n as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let top = values.iter().copied().fold(0.05, f64::max) * 1.1;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(330)
            .build_cartesian_2d(0.0..top, (0..n as i32 - 1).into_segmented())
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(n)
            .y_label_formatter(&|y| match y {
                SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .y_label_style(("sans-serif", 13))
            .x_desc(x_desc)
            .x_label_formatter(&|x| format!("{:.0}%", x * 100.0))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(values.iter().enumerate().map(|(i, v)| {
                // Row 0 at the top: the first label is the largest.
                let row = (n - 1 - i) as i32;
                let mut bar = Rectangle::new(
                    [
                        (0.0, SegmentValue::Exact(row)),
                        (*v, SegmentValue::Exact(row + 1)),
                    ],
                    color.filled(),
                );
                bar.set_margin(4, 4, 0, 0);
                bar
            }))
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// Win rate of the most travelled routes.
fn paths_chart(o: &Output) -> Chart {
    let paths: Vec<_> = o.summary.per_path.iter().take(12).collect();
    let n = paths.len();
    // Rows are drawn bottom-up; reverse the labels so the most travelled route is on top.
    let labels: Vec<String> = (0..n)
        .rev()
        .map(|i| format!("R{} ({} runs)", i + 1, paths[i].runs))
        .collect();
    let values: Vec<f64> = paths.iter().map(|p| p.win_rate).collect();
    hbar_chart(
        "Win rate per route (most travelled first; routes listed below)",
        &labels,
        &values,
        RGBColor(60, 110, 170),
        "win rate",
    )
}

/// Mean Health after each Domain, with one standard deviation either side.
fn health_chart(o: &Output) -> Chart {
    let doms: Vec<_> = o
        .summary
        .per_domain
        .iter()
        .filter(|d| d.cleared > 0)
        .collect();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 420)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Health after clearing each Domain (mean ± 1 sd)",
                ("sans-serif", 20),
            )
            .margin(12)
            .x_label_area_size(70)
            .y_label_area_size(50)
            .build_cartesian_2d(-0.5f64..(doms.len().max(1) as f64 - 0.5), 0.0f64..21.0)
            .map_err(err)?;
        let names: Vec<String> = doms.iter().map(|d| d.name.clone()).collect();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(doms.len().max(1))
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 0.01 && i >= 0.0 {
                    names.get(i as usize).map_or(String::new(), |n| short(n))
                } else {
                    String::new()
                }
            })
            .y_desc("Health")
            .draw()
            .map_err(err)?;
        let color = RGBColor(170, 60, 60);
        chart
            .draw_series(doms.iter().enumerate().map(|(i, d)| {
                ErrorBar::new_vertical(
                    i as f64,
                    (d.mean_health_after - d.sd_health_after).max(0.0),
                    d.mean_health_after,
                    d.mean_health_after + d.sd_health_after,
                    color.stroke_width(2),
                    12,
                )
            }))
            .map_err(err)?;
        chart
            .draw_series(
                doms.iter()
                    .enumerate()
                    .map(|(i, d)| Circle::new((i as f64, d.mean_health_after), 4, color.filled())),
            )
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

fn short(name: &str) -> String {
    let n: String = name.chars().take(14).collect();
    if name.chars().count() > 14 {
        format!("{n}…")
    } else {
        n
    }
}

/// The cards most often being resolved when a run was lost.
fn deadly_chart(o: &Output) -> Chart {
    let cards: Vec<_> = o
        .summary
        .per_card
        .iter()
        .filter(|c| c.killed > 0)
        .take(12)
        .collect();
    let n = cards.len();
    let labels: Vec<String> = (0..n)
        .rev()
        .map(|i| format!("{} ({})", cards[i].name, cards[i].card_type))
        .collect();
    let values: Vec<f64> = cards.iter().map(|c| c.share_of_losses).collect();
    hbar_chart(
        "Deadliest cards: share of all losses",
        &labels,
        &values,
        RGBColor(120, 40, 40),
        "share of losses",
    )
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Writes the HTML report.
pub fn write_html(path: &Path, o: &Output) -> std::io::Result<()> {
    let s = o.summary;
    let chart = |c: Chart| c.unwrap_or_else(|e| format!("<p>chart failed: {}</p>", esc(&e)));
    let mut h = String::new();
    let _ = write!(
        h,
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Forward balance report</title>\
<style>body{{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222}}\
table{{border-collapse:collapse;margin:1em 0}}td,th{{border-bottom:1px solid #ddd;padding:3px 8px;text-align:right}}\
td:first-child,th:first-child{{text-align:left}}h2{{margin-top:1.6em}}.big{{font-size:1.4em}}</style></head><body>\
<h1>Forward balance report</h1><p class=\"big\">{} runs, {:?} bot, seed {}, {}: <b>{:.1}%</b> won \
(95% CI {:.1}–{:.1}%)</p><p>Lost by: {}. Mean flips {:.1}, mean duel exchanges {:.1}. \
{:.0} runs/s on {} jobs.</p>",
        s.runs,
        o.policy,
        o.seed,
        o.dice.label(),
        s.win_rate * 100.0,
        s.win_rate_ci95[0] * 100.0,
        s.win_rate_ci95[1] * 100.0,
        s.losses_by_cause
            .iter()
            .map(|(c, n)| format!("{c} {n}"))
            .collect::<Vec<_>>()
            .join(", "),
        s.mean_flips,
        s.mean_exchanges,
        o.runs_per_second,
        o.jobs
    );
    h.push_str("<h2>Routes</h2>");
    h.push_str(&chart(paths_chart(o)));
    h.push_str("<table><tr><th>route</th><th>runs</th><th>won</th><th>win rate</th></tr>");
    for (i, p) in s.per_path.iter().take(12).enumerate() {
        let _ = write!(
            h,
            "<tr><td>R{} {}</td><td>{}</td><td>{}</td><td>{:.1}%</td></tr>",
            i + 1,
            esc(&p.path.join(" › ")),
            p.runs,
            p.wins,
            p.win_rate * 100.0
        );
    }
    h.push_str("</table><h2>Health across the Domains</h2>");
    h.push_str(&chart(health_chart(o)));
    h.push_str("<table><tr><th>Domain</th><th>entered</th><th>cleared</th><th>lost here</th><th>Health after</th><th>Resolve after</th><th>Grace after</th></tr>");
    for d in &s.per_domain {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1} ± {:.1}</td><td>{:.2}</td><td>{:.2}</td></tr>",
            esc(&d.name),
            d.entered,
            d.cleared,
            d.losses,
            d.mean_health_after,
            d.sd_health_after,
            d.mean_resolve_after,
            d.mean_grace_after
        );
    }
    h.push_str("</table><h2>Deadliest cards</h2>");
    h.push_str(&chart(deadly_chart(o)));
    h.push_str("<table><tr><th>card</th><th>type</th><th>Domain</th><th>flipped</th><th>mean Health change</th><th>lost within 3 flips</th><th>share of losses</th></tr>");
    for c in s.per_card.iter().take(25) {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:+.2}</td><td>{:.1}%</td><td>{:.1}%</td></tr>",
            esc(&c.name),
            c.card_type,
            esc(&c.domain),
            c.flips,
            c.mean_health_change,
            c.loss_share_after_flip * 100.0,
            c.share_of_losses * 100.0
        );
    }
    h.push_str("</table></body></html>\n");
    std::fs::write(path, h)
}
