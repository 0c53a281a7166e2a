//! The simulator's reports for one batch: plain text for the terminal and a
//! self-contained HTML page with SVG charts.

use super::charts::{self, Chart, HBars, embed, esc};
use super::output::Output;
use super::summary::Summary;
use plotters::style::RGBColor;
use std::fmt::Write as _;
use std::path::Path;

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

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
    if let Some(why) = &s.stopped_by {
        let _ = writeln!(t, "\nWHAT STOPS THE RUNS: {why}\n");
    }
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
    if !o.rules.is_off() {
        let _ = writeln!(t, "{}", o.rules.label());
    }
    let _ = writeln!(t, "{}", streaks_line(s));
    let _ = writeln!(t, "{}", dead_line(s));
    if let Some(line) = peeks_line(s) {
        let _ = writeln!(t, "{line}");
    }
    endings_text(&mut t, s);
    domains_text(&mut t, s);
    untested_text(&mut t, s);
    cards_text(&mut t, s);
    let _ = writeln!(t, "\nmost travelled routes:");
    for p in s.per_path.iter().take(8) {
        let _ = writeln!(
            t,
            "  {:>6} runs {:>5.1}% won  {}",
            p.runs,
            p.win_rate * 100.0,
            p.short.join(" > ")
        );
    }
    let _ = writeln!(
        t,
        "\n{:.0} runs/s ({:.0} per job) in {:.2} s",
        o.timing.runs_per_second, o.timing.runs_per_second_per_job, o.timing.elapsed_seconds
    );
    t
}

/// What the per-type lists say of a card no run flipped (its zeros are no figures).
pub(super) const UNTESTED: &str = "untested: no run flipped it";

/// The cards no run flipped, by Domain (their figures are no figures: untested).
pub(super) fn untested(s: &Summary) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for d in &s.per_domain {
        let names: Vec<String> = s
            .per_card
            .iter()
            .filter(|c| c.flips == 0 && c.domain == d.id)
            .map(|c| c.name.clone())
            .collect();
        if !names.is_empty() {
            out.push((d.name.clone(), names));
        }
    }
    out
}

fn untested_text(t: &mut String, s: &Summary) {
    let untested = untested(s);
    if untested.is_empty() {
        return;
    }
    let n: usize = untested.iter().map(|(_, c)| c.len()).sum();
    let _ = writeln!(
        t,
        "
UNTESTED: {n} cards no run flipped:"
    );
    for (domain, cards) in untested {
        let _ = writeln!(t, "  {domain} ({}): {}", cards.len(), cards.join(", "));
    }
}

/// The dead runs in one sentence: how many runs went on after a requirement or seal was
/// lost, when, for how long, and through which cards.
pub(super) fn dead_line(s: &Summary) -> String {
    let d = &s.dead_runs;
    if d.runs == 0 {
        return "Dead runs (a requirement or seal lost before the Guardian): none.".into();
    }
    let cards: Vec<String> = d
        .top_cards
        .iter()
        .map(|c| format!("{} {}", c.name, c.entries_lost))
        .collect();
    format!(
        "Dead runs (a requirement or seal lost before the Guardian): {} ({}); lost at flip {} (median), then {} more flips (median); most often through: {}.",
        d.runs,
        pct(d.share),
        d.median_flip.unwrap_or(0),
        d.median_flips_after.unwrap_or(0),
        if cards.is_empty() {
            "routes only".to_string()
        } else {
            cards.join(", ")
        }
    )
}

/// The paid peeks in one sentence (`None`: no run bought one): per run, and the win rate
/// by how many a run bought.
pub(super) fn peeks_line(s: &Summary) -> Option<String> {
    let p = s.peeks.as_ref()?;
    let rows: Vec<String> = p
        .by_bought
        .iter()
        .map(|r| {
            format!(
                "{} bought: {} runs, won {} ({:.1}–{:.1}%)",
                r.bought,
                r.runs,
                pct(r.win_rate),
                r.win_rate_ci95[0] * 100.0,
                r.win_rate_ci95[1] * 100.0
            )
        })
        .collect();
    Some(format!(
        "Paid peeks: {} in all, {:.2} per run; win rate by peeks bought: {}.",
        p.total,
        p.per_run,
        rows.join("; ")
    ))
}

/// The streaks of misses in one sentence.
pub(super) fn streaks_line(s: &Summary) -> String {
    let m = &s.miss_streaks;
    format!(
        "Runs with {} or more misses in a row: {} ({}); lost to such a streak: {} ({}).",
        m.length,
        m.runs_with,
        pct(m.share_with),
        m.lost_to,
        pct(m.share_lost_to)
    )
}

/// Where runs end, and the Guardian's checks.
pub fn endings_text(t: &mut String, s: &Summary) {
    let losses = s.runs - s.wins;
    let _ = writeln!(t, "\nwhere runs end ({losses} losses):");
    for e in &s.endings {
        let what = match e.place {
            "requirement" => " (requirement not met)",
            "seal" => " (seal unbroken)",
            _ => "",
        };
        let _ = writeln!(
            t,
            "  {:<48} {:>7}  {:>5.1}% of losses",
            format!("{}{what}", e.name),
            e.runs,
            e.share_of_losses * 100.0
        );
    }
    let g = &s.guardian;
    let _ = writeln!(
        t,
        "the Guardian: reached by {}, duel begun {}, won {}, lost in the duel {} ({} of losses)",
        g.reached,
        g.duels,
        g.won,
        g.duel_losses,
        pct(g.duel_share_of_losses)
    );
    for c in &g.checks {
        let (met, unmet) = if c.kind == "seal" {
            ("broken", "unbroken")
        } else {
            ("met", "not met")
        };
        let _ = writeln!(
            t,
            "  {} {}: {met} in {}, {unmet} in {} of the runs that reached it (needs {})",
            c.kind, c.name, c.met, c.reached_unmet, c.needs
        );
    }
}

fn domains_text(t: &mut String, s: &Summary) {
    let _ = writeln!(
        t,
        "\n{:<28} {:>8} {:>8} {:>7} {:>9} {:>7}",
        "domain", "entered", "cleared", "lost", "health", "resolve"
    );
    for d in &s.per_domain {
        if d.cleared == 0 {
            // No Health after a Domain no run cleared: saying 0.0 would be a figure.
            let why = if d.entered == 0 {
                "not entered by any run"
            } else {
                "never cleared"
            };
            let _ = writeln!(
                t,
                "{:<28} {:>8} {:>8} {:>7}  {why}",
                d.name, d.entered, d.cleared, d.losses
            );
            continue;
        }
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
    let _ = writeln!(
        t,
        "\nper run in each Domain: {:<14} {:>7} {:>7} {:>8} {:>7} {:>6}",
        "", "damage", "healed", "resolve+", "dread+", "grace-"
    );
    let g = &s.guardian;
    let rows = s
        .per_domain
        .iter()
        .map(|d| (d.name.as_str(), d.entered, &d.moved))
        .chain(std::iter::once(("The Guardian", g.reached, &g.moved)));
    for (name, entered, m) in rows {
        if entered == 0 {
            // Means over no run: no figures.
            let _ = writeln!(t, "  {name:<36}  not entered by any run");
            continue;
        }
        let _ = writeln!(
            t,
            "  {:<36} {:>7.2} {:>7.2} {:>8.2} {:>7.2} {:>6.2}",
            name, m.damage_taken, m.healing, m.to_resolve, m.to_dread, m.grace_spent
        );
    }
}

fn cards_text(t: &mut String, s: &Summary) {
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
    let _ = writeln!(t, "\nterrors (option chosen):");
    for c in &s.per_card {
        if let Some(opts) = &c.terror {
            if opts.iter().all(|o| o.chosen == 0) {
                let _ = writeln!(t, "  {:<32} never faced: untested", c.name);
                continue;
            }
            let split: Vec<String> = opts
                .iter()
                .map(|o| match o.unaffordable {
                    0 => format!("{} {}", pct(o.share), o.label),
                    _ => format!(
                        "{} {} (unaffordable in {})",
                        pct(o.share),
                        o.label,
                        pct(o.unaffordable_share)
                    ),
                })
                .collect();
            let _ = writeln!(t, "  {:<32} {}", c.name, split.join(" / "));
        }
    }
    let _ = writeln!(t, "\npits (pass rate, mean Health cost):");
    for c in &s.per_card {
        if let Some(p) = &c.pit {
            if c.flips == 0 {
                let _ = writeln!(t, "  {:<32} {UNTESTED}", c.name);
                continue;
            }
            let _ = writeln!(
                t,
                "  {:<32} {:>6} passed of {:>6} ({:>5})  cost {:.2}",
                c.name,
                p.passed,
                p.tests,
                pct(p.pass_rate),
                p.mean_health_cost
            );
        }
    }
    let _ = writeln!(
        t,
        "\nfoes (fought / toll / passage) and companions (joined):"
    );
    for c in &s.per_card {
        if let Some(f) = &c.foe {
            if c.flips == 0 {
                let _ = writeln!(t, "  {:<32} {UNTESTED}", c.name);
                continue;
            }
            let _ = writeln!(
                t,
                "  {:<32} {:>6} / {:>6} / {:>6}",
                c.name, f.fought, f.tolls, f.passages
            );
        }
    }
    for c in &s.per_card {
        if let Some(j) = &c.companion {
            if c.flips == 0 {
                let _ = writeln!(t, "  {:<32} {UNTESTED}", c.name);
                continue;
            }
            let _ = writeln!(
                t,
                "  {:<32} joined {} of {} flips ({}), ability used {}",
                c.name,
                j.joined,
                c.flips,
                pct(j.join_rate),
                j.ability_used
            );
        }
    }
    let _ = writeln!(t, "\nfinds (taken / declined / used / swapped out):");
    for c in &s.per_card {
        if let Some(f) = &c.find {
            if c.flips == 0 {
                let _ = writeln!(t, "  {:<32} {UNTESTED}", c.name);
                continue;
            }
            let _ = writeln!(
                t,
                "  {:<32} {:>6} / {:>6} / {:>6} / {:>6}",
                c.name, f.taken, f.declined, f.used, f.swapped_out
            );
        }
    }
}

/// Colours of the charts.
pub(super) const BLUE: RGBColor = RGBColor(60, 110, 170);
pub(super) const RED: RGBColor = RGBColor(150, 50, 45);

/// The label of an ending row in charts.
pub(super) fn ending_label(place: &str, name: &str) -> String {
    match place {
        "requirement" => format!("{name} (not met)"),
        "seal" => format!("{name} (unbroken)"),
        _ => name.to_string(),
    }
}

/// Every place runs end, as shares of all runs (so two sides compare).
pub(super) fn endings_chart(s: &Summary, title: &str, width: u32, top: Option<f64>) -> Chart {
    HBars {
        title,
        labels: s
            .endings
            .iter()
            .map(|e| ending_label(e.place, &e.name))
            .collect(),
        values: s.endings.iter().map(|e| e.share_of_runs).collect(),
        color: RED,
        x_desc: "share of all runs",
        width,
        top,
        percent: true,
    }
    .draw()
}

/// The win rate at the Guardian of each completed route (most travelled first).
pub(super) fn routes_chart(s: &Summary, title: &str, width: u32) -> Chart {
    let mut done: Vec<_> = s
        .per_path
        .iter()
        .filter(|p| p.reached_guardian > 0)
        .collect();
    done.sort_by_key(|p| std::cmp::Reverse(p.reached_guardian));
    done.truncate(10);
    HBars {
        title,
        labels: done
            .iter()
            .map(|p| format!("{} ({})", p.short.join(" › "), p.reached_guardian))
            .collect(),
        values: done
            .iter()
            .map(|p| p.wins as f64 / p.reached_guardian.max(1) as f64)
            .collect(),
        color: BLUE,
        x_desc: "won, of the runs that completed the route",
        width,
        top: Some(1.0),
        percent: true,
    }
    .draw()
}

/// Health after each Domain cleared, per side.
pub(super) fn health_chart(sides: &[&Summary], title: &str, width: u32) -> Chart {
    let names: Vec<String> = sides[0]
        .per_domain
        .iter()
        .map(|d| d.short_name.clone())
        .collect();
    let series: Vec<Vec<(f64, f64)>> = sides
        .iter()
        .map(|s| {
            sides[0]
                .per_domain
                .iter()
                .map(
                    |d0| match s.per_domain.iter().find(|d| d.id == d0.id && d.cleared > 0) {
                        Some(d) => (d.mean_health_after, d.sd_health_after),
                        None => (f64::NAN, 0.0),
                    },
                )
                .collect()
        })
        .collect();
    charts::health(title, &names, &series, width)
}

fn deadly_chart(s: &Summary) -> Chart {
    let cards: Vec<_> = s
        .per_card
        .iter()
        .filter(|c| c.killed > 0)
        .take(12)
        .collect();
    HBars {
        title: "Deadliest cards: share of all losses",
        labels: cards
            .iter()
            .map(|c| format!("{} ({})", c.name, c.card_type))
            .collect(),
        values: cards.iter().map(|c| c.share_of_losses).collect(),
        color: RGBColor(120, 40, 40),
        x_desc: "share of losses",
        width: 900,
        top: None,
        percent: true,
    }
    .draw()
}

/// The page's head and style.
pub(super) fn head(title: &str) -> String {
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>{}</title>\
<style>body{{font-family:sans-serif;max-width:980px;margin:2em auto;color:#222}}\
table{{border-collapse:collapse;margin:1em 0}}td,th{{border-bottom:1px solid #ddd;padding:3px 8px;text-align:right}}\
td:first-child,th:first-child{{text-align:left}}h2{{margin-top:1.6em}}.big{{font-size:1.4em}}\
.stop{{background:#fde8e4;border-left:5px solid #b33;padding:.6em 1em}}\
.sides{{display:grid;grid-template-columns:1fr 1fr;gap:12px}}.sides svg{{max-width:100%;height:auto}}\
.sig{{background:#fff6d5}}</style></head><body>",
        esc(title)
    )
}

/// The "where runs end" table and the Guardian's checks.
pub(super) fn endings_html(h: &mut String, s: &Summary) {
    h.push_str(
        "<table><tr><th>where</th><th>runs</th><th>share of losses</th><th>share of runs</th></tr>",
    );
    for e in &s.endings {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&ending_label(e.place, &e.name)),
            e.runs,
            pct(e.share_of_losses),
            pct(e.share_of_runs)
        );
    }
    let g = &s.guardian;
    let _ = write!(
        h,
        "</table><p>The Guardian was reached in {} runs; the duel began in {}, was won in {} and \
lost in {} ({} of all losses, {} of the duels begun).</p>",
        g.reached,
        g.duels,
        g.won,
        g.duel_losses,
        pct(g.duel_share_of_losses),
        pct(g.duel_loss_rate)
    );
    h.push_str("<table><tr><th>requirement or seal</th><th>needs</th><th>met / broken</th><th>not met / unbroken</th><th>runs it ended</th></tr>");
    for c in &g.checks {
        let _ = write!(
            h,
            "<tr><td>{} ({})</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&c.name),
            c.kind,
            esc(&c.needs),
            c.met,
            c.reached_unmet,
            c.ended
        );
    }
    h.push_str("</table>");
}

/// Writes the HTML report.
pub fn write_html(path: &Path, o: &Output) -> std::io::Result<()> {
    let s = o.summary;
    let mut h = head("Forward balance report");
    let _ = write!(
        h,
        "<h1>Forward balance report</h1><p class=\"big\">{} runs, {:?} bot, seed {}, {}: <b>{:.1}%</b> won \
(95% CI {:.1}–{:.1}%)</p>",
        s.runs,
        o.policy,
        o.seed,
        o.dice.label(),
        s.win_rate * 100.0,
        s.win_rate_ci95[0] * 100.0,
        s.win_rate_ci95[1] * 100.0,
    );
    if let Some(why) = &s.stopped_by {
        let _ = write!(
            h,
            "<p class=\"stop\"><b>What stops the runs:</b> {}</p>",
            esc(why)
        );
    }
    let _ = write!(
        h,
        "<p>Lost by: {}. Mean flips {:.1}, mean duel exchanges {:.1}. {} {:.0} runs/s on {} jobs.</p>",
        s.losses_by_cause
            .iter()
            .map(|(c, n)| format!("{c} {n}"))
            .collect::<Vec<_>>()
            .join(", "),
        s.mean_flips,
        s.mean_exchanges,
        esc(&format!("{} {}", streaks_line(s), dead_line(s))),
        o.timing.runs_per_second,
        o.jobs
    );
    h.push_str("<h2>Where runs end</h2>");
    h.push_str(&embed(endings_chart(
        s,
        "Where runs end (share of all runs)",
        900,
        None,
    )));
    endings_html(&mut h, s);
    h.push_str("<h2>Routes</h2>");
    h.push_str(&embed(routes_chart(
        s,
        "Win rate at the Guardian per completed route",
        980,
    )));
    routes_html(&mut h, s);
    h.push_str("<h2>Health across the Domains</h2>");
    h.push_str(&embed(health_chart(
        &[s],
        "Health after clearing each Domain (mean ± 1 sd)",
        900,
    )));
    domains_html(&mut h, s);
    untested_html(&mut h, s);
    h.push_str("<h2>Deadliest cards</h2>");
    h.push_str(&embed(deadly_chart(s)));
    super::report_cards::cards_html(&mut h, s);
    h.push_str("</body></html>\n");
    std::fs::write(path, h)
}

/// The cards no run flipped, flagged.
fn untested_html(h: &mut String, s: &Summary) {
    let untested = untested(s);
    if untested.is_empty() {
        return;
    }
    let n: usize = untested.iter().map(|(_, c)| c.len()).sum();
    let _ = write!(
        h,
        "<div class=\"stop\"><b>Untested: {n} cards no run flipped</b> (their figures below are no figures)<ul>"
    );
    for (domain, cards) in untested {
        let names: Vec<String> = cards.iter().map(|c| esc(c)).collect();
        let _ = write!(
            h,
            "<li>{} ({}): {}</li>",
            esc(&domain),
            cards.len(),
            names.join(", ")
        );
    }
    h.push_str("</ul></div>");
}

fn routes_html(h: &mut String, s: &Summary) {
    h.push_str("<table><tr><th>route (most travelled first)</th><th>runs</th><th>completed</th><th>won</th><th>win rate</th></tr>");
    for p in s.per_path.iter().take(12) {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&p.short.join(" › ")),
            p.runs,
            p.reached_guardian,
            p.wins,
            pct(p.win_rate)
        );
    }
    h.push_str("</table>");
}

fn domains_html(h: &mut String, s: &Summary) {
    h.push_str("<table><tr><th>Domain</th><th>entered</th><th>cleared</th><th>lost here</th><th>Health after</th><th>Resolve after</th><th>Grace after</th>\
<th>damage taken</th><th>healed</th><th>to Resolve</th><th>to Dread</th><th>Grace spent</th></tr>");
    let g = &s.guardian;
    for d in &s.per_domain {
        let m = &d.moved;
        if d.cleared == 0 {
            let why = if d.entered == 0 {
                "not entered by any run: untested"
            } else {
                "never cleared"
            };
            let _ = write!(
                h,
                "<tr class=\"sig\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td colspan=\"8\" style=\"text-align:left\">{why}</td></tr>",
                esc(&d.name),
                d.entered,
                d.cleared,
                d.losses
            );
            continue;
        }
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1} ± {:.1}</td><td>{:.2}</td><td>{:.2}</td>\
<td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td></tr>",
            esc(&d.name),
            d.entered,
            d.cleared,
            d.losses,
            d.mean_health_after,
            d.sd_health_after,
            d.mean_resolve_after,
            d.mean_grace_after,
            m.damage_taken,
            m.healing,
            m.to_resolve,
            m.to_dread,
            m.grace_spent
        );
    }
    let m = &g.moved;
    let _ = write!(
        h,
        "<tr><td>The Guardian</td><td>{}</td><td>{} won</td><td>{}</td><td></td><td></td><td></td>\
<td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td></tr></table>\
<p>Damage, healing, marker steps and Grace are means per run that entered (or reached the Guardian).</p>",
        g.reached,
        g.won,
        g.reached - g.won,
        m.damage_taken,
        m.healing,
        m.to_resolve,
        m.to_dread,
        m.grace_spent
    );
}
