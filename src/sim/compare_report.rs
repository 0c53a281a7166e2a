//! The reports of a comparison (`forward simulate --compare`): text that leads with what
//! changed significantly, and an HTML page with the two sides' charts side by side.

use super::charts::{ForestRow, embed, esc, forest};
use super::compare::Change;
use super::output::CompareOutput;
use super::report::{endings_chart, head, health_chart, routes_chart};
use super::summary::Summary;
use std::fmt::Write as _;
use std::path::Path;

/// Whether a figure is a mean (Health, the marker, peeks) rather than a share of runs.
fn is_mean(c: &Change) -> bool {
    matches!(
        c.figure,
        "health_after" | "crossing_health" | "crossing_marker" | "peeks"
    )
}

/// A figure's value: a share of runs in %, or a mean Health.
fn value(c: &Change, x: f64) -> String {
    if is_mean(c) {
        format!("{x:.2}")
    } else {
        format!("{:.2}%", x * 100.0)
    }
}

/// A difference: points of share, or Health.
fn diff(c: &Change, x: f64) -> String {
    if is_mean(c) {
        format!("{x:+.2}")
    } else {
        format!("{:+.2} pts", x * 100.0)
    }
}

fn change_line(c: &Change) -> String {
    format!(
        "{:<44} {:>8} → {:<8} {:>10}  (95% CI {} to {})",
        c.label,
        value(c, c.a),
        value(c, c.b),
        diff(c, c.difference),
        diff(c, c.ci95[0]),
        diff(c, c.ci95[1])
    )
}

/// With house rules on either side: which, what they change in the rules, and what
/// they change in the figures, in words; then each side's paid peeks.
fn rules_text(t: &mut String, o: &CompareOutput) {
    use crate::core::Rule;
    let s = o.summary;
    let (ra, rb) = (s.a.rules, s.b.rules);
    if ra.is_off() && rb.is_off() {
        return;
    }
    let _ = writeln!(t, "house rules: A {}, B {}", ra.words(), rb.words());
    for rule in Rule::ALL.into_iter().filter(|r| ra.has(*r) != rb.has(*r)) {
        let side = if rb.has(rule) { "B" } else { "A" };
        let _ = writeln!(t, "  {} (on in {side}): {}", rule.name(), rule.summary());
    }
    let find = |f: &str| s.changes.iter().find(|c| c.figure == f);
    let _ = writeln!(
        t,
        "
what the rule changes, B against A:"
    );
    for f in [
        "win_rate",
        "dead_runs",
        "crossing_health",
        "crossing_marker",
        "peeks",
    ] {
        if let Some(c) = find(f) {
            let _ = writeln!(t, "  {}", change_line(c));
        }
    }
    if let Some(w) = find("win_rate") {
        let pts = w.difference * 100.0;
        let words = if !w.significant {
            format!(
                "In words: no measurable change in the win rate ({pts:+.1} points; its 95% interval, {:+.1} to {:+.1}, includes 0).",
                w.ci95[0] * 100.0,
                w.ci95[1] * 100.0
            )
        } else {
            format!(
                "In words: B {} the win rate by {:.1} points (95% interval {:+.1} to {:+.1}).",
                if pts > 0.0 { "raises" } else { "lowers" },
                pts.abs(),
                w.ci95[0] * 100.0,
                w.ci95[1] * 100.0
            )
        };
        let _ = writeln!(t, "  {words}");
    }
    for (name, side) in [("A", &s.a.summary), ("B", &s.b.summary)] {
        if let Some(line) = super::report::peeks_line(side) {
            let _ = writeln!(t, "  {name}: {line}");
        }
    }
}

/// The name of the rule on in B only, as the player may decline it (for the measure at
/// the best buying policy).
fn declined_rule(o: &CompareOutput) -> String {
    use crate::core::Rule;
    let (ra, rb) = (o.summary.a.rules, o.summary.b.rules);
    Rule::ALL
        .into_iter()
        .find(|r| rb.has(*r) && !ra.has(*r))
        .map_or_else(|| "the rule".to_string(), |r| r.name().to_string())
}

/// Every place runs end on either side, matched by id: (label, A's share, B's share).
fn endings_rows(a: &Summary, b: &Summary) -> Vec<(String, f64, f64)> {
    let mut rows: Vec<(String, String, f64, f64)> = Vec::new();
    for (side, s) in [a, b].into_iter().enumerate() {
        for e in &s.endings {
            let key = format!("{}:{}", e.place, e.id);
            let i = match rows.iter().position(|r| r.0 == key) {
                Some(i) => i,
                None => {
                    let label = super::report::ending_label(e.place, &e.name);
                    rows.push((key, label, 0.0, 0.0));
                    rows.len() - 1
                }
            };
            if side == 0 {
                rows[i].2 = e.share_of_runs;
            } else {
                rows[i].3 = e.share_of_runs;
            }
        }
    }
    rows.into_iter().map(|r| (r.1, r.2, r.3)).collect()
}

/// The spread of outcomes on each side, Domains matched by id: (label, A, B, is a share).
/// The standard deviation of Health after each Domain is over the runs that cleared it
/// on that side (`None`: none did, or the Domain is not in that side's set).
fn spread_rows(a: &Summary, b: &Summary) -> Vec<(String, Option<f64>, Option<f64>, bool)> {
    let (ma, mb) = (&a.miss_streaks, &b.miss_streaks);
    let mut rows = vec![
        ("won".to_string(), Some(a.win_rate), Some(b.win_rate), true),
        (
            format!("runs with {}+ misses in a row", ma.length),
            Some(ma.share_with),
            Some(mb.share_with),
            true,
        ),
        (
            "runs lost to such a streak".to_string(),
            Some(ma.share_lost_to),
            Some(mb.share_lost_to),
            true,
        ),
    ];
    let sd = |s: &Summary, id: &str| {
        s.per_domain
            .iter()
            .find(|d| d.id == id && d.cleared > 0)
            .map(|d| d.sd_health_after)
    };
    let mut ids: Vec<(&str, &str)> = Vec::new();
    for d in a.per_domain.iter().chain(&b.per_domain) {
        if !ids.iter().any(|(i, _)| *i == d.id) {
            ids.push((&d.id, &d.name));
        }
    }
    for (id, name) in ids {
        let label = format!("sd of Health after {name}");
        rows.push((label, sd(a, id), sd(b, id), false));
    }
    rows
}

fn spread_value(x: Option<f64>, share: bool) -> String {
    match x {
        None => "—".to_string(),
        Some(x) if share => format!("{:.2}%", x * 100.0),
        Some(x) => format!("{x:.2}"),
    }
}

/// The text report.
pub fn text(o: &CompareOutput) -> String {
    let s = o.summary;
    let (a, b) = (&s.a.summary, &s.b.summary);
    let mut t = String::new();
    let _ = writeln!(
        t,
        "A = {}, B = {}: {} paired runs with the {:?} bot (seed {}, {} jobs){}",
        s.a.label,
        s.b.label,
        s.runs,
        o.policy,
        o.seed,
        o.jobs,
        if o.interrupted {
            " — interrupted"
        } else {
            ""
        }
    );
    let _ = writeln!(t, "dice: A {}, B {}", s.a.dice.words(), s.b.dice.words());
    rules_text(&mut t, o);
    if let Some(w) = s.changes.iter().find(|c| c.figure == "win_rate") {
        let _ = writeln!(
            t,
            "won: A {} ({}), B {} ({})",
            a.wins,
            value(w, w.a),
            b.wins,
            value(w, w.b)
        );
    }
    if let Some(m) = o.at_best_buying {
        t.push_str(&super::buying::text(m, &declined_rule(o)));
    }
    let sig: Vec<&Change> = s.changes.iter().filter(|c| c.significant).collect();
    if sig.is_empty() {
        let _ = writeln!(
            t,
            "\nno figure changed significantly (no 95% interval excludes 0)"
        );
    } else {
        let _ = writeln!(
            t,
            "\nsignificant changes, B against A (95% interval excludes 0), surest first:"
        );
        for c in &sig {
            let _ = writeln!(t, "  {}", change_line(c));
        }
        let _ = writeln!(
            t,
            "  ({} other figures did not change significantly; with many figures, about 1 in 20 \
unchanged ones may show here by chance)",
            s.changes.len() - sig.len()
        );
    }
    let _ = writeln!(
        t,
        "\nwhere runs end (share of all runs):  {:>8} {:>8}",
        "A", "B"
    );
    for (label, x, y) in endings_rows(a, b) {
        let _ = writeln!(t, "  {label:<36} {:>7.2}% {:>7.2}%", x * 100.0, y * 100.0);
    }
    let _ = writeln!(t, "\n{:<44} {:>8} {:>8}", "spread of outcomes:", "A", "B");
    for (label, x, y, share) in spread_rows(a, b) {
        let (x, y) = (spread_value(x, share), spread_value(y, share));
        let _ = writeln!(t, "  {label:<42} {x:>8} {y:>8}");
    }
    let _ = writeln!(t, "\nwhole runs, places, Health after each Domain:");
    for c in s
        .changes
        .iter()
        .filter(|c| c.figure != "kill_rate" && !c.significant)
    {
        let _ = writeln!(t, "  {}", change_line(c));
    }
    for (name, side) in [("A", a), ("B", b)] {
        if let Some(why) = &side.stopped_by {
            let _ = writeln!(t, "\nWHAT STOPS THE RUNS in {name}: {why}");
        }
    }
    let _ = writeln!(
        t,
        "\n{:.0} runs/s ({:.0} per job) in {:.2} s, {}",
        o.timing.runs_per_second,
        o.timing.runs_per_second_per_job,
        o.timing.elapsed_seconds,
        match o.at_best_buying {
            Some(_) => "both sides and every buying policy",
            None => "both sides",
        }
    );
    t
}

fn changes_html(h: &mut String, changes: &[&Change]) {
    h.push_str("<table><tr><th>figure</th><th>A</th><th>B</th><th>B − A</th><th>95% CI</th><th>pairs</th></tr>");
    for c in changes {
        let _ = write!(
            h,
            "<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} to {}</td><td>{}</td></tr>",
            if c.significant { " class=\"sig\"" } else { "" },
            esc(&c.label),
            value(c, c.a),
            value(c, c.b),
            diff(c, c.difference),
            diff(c, c.ci95[0]),
            diff(c, c.ci95[1]),
            c.pairs
        );
    }
    h.push_str("</table>");
}

fn side_by_side(h: &mut String, left: String, right: String) {
    let _ = write!(
        h,
        "<div class=\"sides\"><div>{left}</div><div>{right}</div></div>"
    );
}

/// Writes the HTML report of a comparison.
pub fn write_html(path: &Path, o: &CompareOutput) -> std::io::Result<()> {
    let s = o.summary;
    let (a, b) = (&s.a.summary, &s.b.summary);
    let mut h = head("Forward balance comparison");
    let _ = write!(
        h,
        "<h1>Forward balance comparison</h1><p class=\"big\">A = <b>{}</b>: {:.1}% won; B = <b>{}</b>: \
{:.1}% won</p><p>{} paired runs with the {:?} bot, seed {}: run <i>i</i> of both sides has the same \
seed, and each difference's 95% interval comes from the per-run differences.</p>",
        esc(&s.a.label),
        a.win_rate * 100.0,
        esc(&s.b.label),
        b.win_rate * 100.0,
        s.runs,
        o.policy,
        o.seed
    );
    let _ = write!(
        h,
        "<p>Dice: A {}, B {}.</p>",
        s.a.dice.words(),
        s.b.dice.words()
    );
    if let Some(m) = o.at_best_buying {
        h.push_str(&super::buying::html(m, &declined_rule(o)));
    }
    for (name, side) in [("A", a), ("B", b)] {
        if let Some(why) = &side.stopped_by {
            let _ = write!(
                h,
                "<p class=\"stop\"><b>What stops the runs in {name}:</b> {}</p>",
                esc(why)
            );
        }
    }
    let sig: Vec<&Change> = s.changes.iter().filter(|c| c.significant).collect();
    h.push_str("<h2>What changed significantly</h2>");
    if sig.is_empty() {
        h.push_str("<p>No figure changed significantly: every 95% interval includes 0.</p>");
    } else {
        let rows: Vec<ForestRow> = sig
            .iter()
            // Means (Health, the marker, peeks a run) are in the table below: on this
            // chart's scale of shares they would squash every share to a point.
            .filter(|c| !is_mean(c))
            .take(20)
            .map(|c| {
                // More wins or more runs reaching the Guardian is good; more runs ending
                // anywhere is bad.
                let up_is_good = matches!(c.figure, "win_rate" | "reached_guardian");
                let good = (c.difference > 0.0) == up_is_good;
                (c.label.clone(), c.difference, c.ci95, good)
            })
            .collect();
        if !rows.is_empty() {
            let title = "Significant changes in shares of runs (B − A, 95% CI; green: better for the traveller)";
            h.push_str(&embed(forest(title, &rows, 980)));
        }
        changes_html(&mut h, &sig);
    }
    h.push_str("<h2>Where runs end</h2>");
    let top = endings_rows(a, b)
        .iter()
        .map(|r| r.1.max(r.2))
        .fold(0.0, f64::max)
        * 1.1;
    side_by_side(
        &mut h,
        embed(endings_chart(a, "A: where runs end", 480, Some(top))),
        embed(endings_chart(b, "B: where runs end", 480, Some(top))),
    );
    h.push_str("<h2>Health across the Domains</h2>");
    h.push_str(&embed(health_chart(
        &[a, b],
        "Health after each Domain (mean ± 1 sd): A blue, B red",
        980,
    )));
    h.push_str(
        "<h2>Spread of outcomes</h2><p>How far luck spreads the runs: the share of \
runs with a streak of misses and lost to one (a miss is a duel exchange struck as a Miss or a \
failed test roll), and the standard deviation of Health after each Domain among the runs that \
cleared it.</p><table><tr><th>figure</th><th>A</th><th>B</th></tr>",
    );
    for (label, x, y, share) in spread_rows(a, b) {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&label),
            spread_value(x, share),
            spread_value(y, share)
        );
    }
    h.push_str("</table>");
    h.push_str("<h2>Completed routes</h2>");
    // Routes need the full width for their labels: one above the other.
    h.push_str(&embed(routes_chart(
        a,
        "A: win rate per completed route",
        980,
    )));
    h.push_str(&embed(routes_chart(
        b,
        "B: win rate per completed route",
        980,
    )));
    h.push_str("<h2>Every compared figure</h2>");
    let rest: Vec<&Change> = s
        .changes
        .iter()
        .filter(|c| !c.significant && (c.figure != "kill_rate" || c.a + c.b > 0.0))
        .collect();
    changes_html(&mut h, &rest);
    h.push_str("</body></html>\n");
    std::fs::write(path, h)
}
