//! The reports of a sweep (`forward simulate --sweep`): a text table and an HTML page
//! with the win rate charted against the swept value.

use super::charts::{self, embed, esc};
use super::output::SweepOutput;
use super::sweep::SweepPoint;
use std::fmt::Write as _;
use std::path::Path;

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The first line: what was swept, how.
fn heading(o: &SweepOutput) -> String {
    let s = o.summary;
    if s.card_name == super::sweep::RULE_SWEEP {
        let what = crate::core::Rule::named(&s.card).map_or("", |r| r.summary());
        return format!(
            "Sweep of the house rule {}, its price in {} ({what}): {} runs per value with the {:?} bot (seed {}, {}){}",
            s.card,
            s.field,
            s.runs,
            o.policy,
            o.seed,
            o.dice.label(),
            if o.interrupted {
                " — interrupted"
            } else {
                ""
            }
        );
    }
    let now = s
        .current
        .map_or("not set on the card".to_string(), |v| format!("now {v}"));
    format!(
        "Sweep of {}.{} ({}, {now}): {} runs per value with the {:?} bot (seed {}, {}){}",
        s.card,
        s.field,
        s.card_name,
        s.runs,
        o.policy,
        o.seed,
        o.dice.label(),
        if o.interrupted {
            " — interrupted"
        } else {
            ""
        }
    )
}

/// The card's own figures at one value, in words (empty for the Guardian or traveller).
fn card_cells(p: &SweepPoint) -> (String, String) {
    match &p.card {
        Some(c) if c.flips == 0 => ("never flipped".into(), String::new()),
        Some(c) => (
            format!("{} ({} of {} flips)", pct(c.kill_rate), c.killed, c.flips),
            format!("{:+.2}", c.mean_health_while_resolving),
        ),
        None => (String::new(), String::new()),
    }
}

/// The text report: one line per value.
pub fn text(o: &SweepOutput) -> String {
    let s = o.summary;
    let mut t = heading(o) + "\n\n";
    let station = s.points.iter().any(|p| p.card.is_some());
    let _ = write!(
        t,
        "{:>7}  {:>6}  {:>7}  {:<15}",
        "value", "won", "rate", "95% CI"
    );
    if station {
        let _ = write!(t, "  {:<26}  {:>8}", "kill rate of the card", "Health");
    }
    t.push('\n');
    for p in &s.points {
        let mark = if p.current { "*" } else { " " };
        let ci = format!("{}–{}", pct(p.win_rate_ci95[0]), pct(p.win_rate_ci95[1]));
        let _ = write!(
            t,
            "{:>6}{mark}  {:>6}  {:>7}  {:<15}",
            p.value,
            p.wins,
            pct(p.win_rate),
            ci
        );
        if station {
            let (kill, health) = card_cells(p);
            let _ = write!(t, "  {kill:<26}  {health:>8}");
        }
        t.push('\n');
    }
    if s.current.is_some() {
        t.push_str("* the card's value now\n");
    }
    if station {
        t.push_str("Health: the card's mean Health change from its flip until it was resolved.\n");
    }
    let _ = writeln!(
        t,
        "\n{:.0} runs/s ({:.0} per job) in {:.2} s",
        o.timing.runs_per_second, o.timing.runs_per_second_per_job, o.timing.elapsed_seconds
    );
    t
}

/// Writes the HTML page: the chart of the win rate per value, and the table.
pub fn write_html(path: &Path, o: &SweepOutput) -> std::io::Result<()> {
    let s = o.summary;
    let mut h = super::report::head("Forward sweep");
    let _ = write!(
        h,
        "<h1>Sweep of {}.{}</h1><p class=\"big\">{}</p>",
        esc(&s.card),
        esc(&s.field),
        esc(&heading(o))
    );
    let rows: Vec<charts::SweepRow> = s
        .points
        .iter()
        .map(|p| (p.value, p.win_rate, p.win_rate_ci95, p.current))
        .collect();
    let title = format!("Win rate per value of {} (95% CI)", s.field);
    let x_desc = format!("{}.{}", s.card, s.field);
    h.push_str(&embed(charts::sweep(&title, &x_desc, &rows, 900)));
    if s.current.is_some() {
        h.push_str("<p>In gold: the card's value now.</p>");
    }
    h.push_str("<table><tr><th>value</th><th>runs</th><th>won</th><th>win rate</th><th>95% CI</th><th>reached the Guardian</th>");
    let station = s.points.iter().any(|p| p.card.is_some());
    if station {
        h.push_str("<th>kill rate of the card</th><th>Health while resolving</th>");
    }
    h.push_str("</tr>");
    for p in &s.points {
        let class = if p.current { " class=\"sig\"" } else { "" };
        let _ = write!(
            h,
            "<tr{class}><td>{}{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}–{}</td><td>{}</td>",
            p.value,
            if p.current { " (now)" } else { "" },
            p.runs,
            p.wins,
            pct(p.win_rate),
            pct(p.win_rate_ci95[0]),
            pct(p.win_rate_ci95[1]),
            p.reached_guardian
        );
        if station {
            let (kill, health) = card_cells(p);
            let _ = write!(h, "<td>{}</td><td>{}</td>", esc(&kill), esc(&health));
        }
        h.push_str("</tr>");
    }
    let _ = writeln!(
        h,
        "</table><p>Every value played the same {} run seeds. {:.0} runs/s on {} jobs.</p></body></html>",
        s.runs, o.timing.runs_per_second, o.jobs
    );
    std::fs::write(path, h)
}
