//! The HTML report's per-card tables: what each card did beyond killing.

use super::charts::esc;
use super::summary::Summary;
use std::fmt::Write as _;

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// A card no run flipped, flagged across the rest of its row.
fn untested_row(h: &mut String, name: &str, second: &str, span: usize) {
    let _ = write!(
        h,
        "<tr class=\"sig\"><td>{}</td><td>{}</td><td colspan=\"{span}\" style=\"text-align:left\">{}</td></tr>",
        esc(name),
        esc(second),
        super::report::UNTESTED
    );
}

/// The deadliest cards, then Terrors, Pits, foes, companions and finds.
pub(super) fn cards_html(h: &mut String, s: &Summary) {
    h.push_str("<table><tr><th>card</th><th>type</th><th>Domain</th><th>flipped</th><th>mean Health change</th><th>lost within 3 flips</th><th>share of losses</th></tr>");
    for c in s.per_card.iter().take(25) {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:+.2}</td><td>{}</td><td>{}</td></tr>",
            esc(&c.name),
            c.card_type,
            esc(&c.domain),
            c.flips,
            c.mean_health_change,
            pct(c.loss_share_after_flip),
            pct(c.share_of_losses)
        );
    }
    h.push_str("</table><h2>Terrors: the option chosen</h2><table><tr><th>card</th><th>Domain</th><th>first option</th><th>second option</th></tr>");
    for c in &s.per_card {
        if let Some(o) = &c.terror {
            if o.iter().all(|o| o.chosen == 0) {
                let _ = write!(
                    h,
                    "<tr class=\"sig\"><td>{}</td><td>{}</td><td colspan=\"2\" style=\"text-align:left\">never faced: untested</td></tr>",
                    esc(&c.name),
                    esc(&c.domain)
                );
                continue;
            }
            let cell = |i: usize| {
                o.get(i).map_or(String::new(), |o| {
                    let mut cell = format!("{} — {} ({})", esc(&o.label), o.chosen, pct(o.share));
                    if o.unaffordable > 0 {
                        let _ = write!(
                            cell,
                            "; unaffordable in {} of flips",
                            pct(o.unaffordable_share)
                        );
                    }
                    cell
                })
            };
            let _ = write!(
                h,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&c.name),
                esc(&c.domain),
                cell(0),
                cell(1)
            );
        }
    }
    h.push_str("</table><p>Chosen: times the bot took the option, and its share of the times the Terror was faced. Unaffordable: times its cost could not be paid, so the other option was forced.</p><h2>Pits</h2><table><tr><th>card</th><th>Domain</th><th>tests</th><th>passed</th><th>pass rate</th><th>mean Health cost</th></tr>");
    for c in &s.per_card {
        if let Some(p) = &c.pit {
            if c.flips == 0 {
                untested_row(h, &c.name, &c.domain, 4);
                continue;
            }
            let _ = write!(
                h,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.2}</td></tr>",
                esc(&c.name),
                esc(&c.domain),
                p.tests,
                p.passed,
                pct(p.pass_rate),
                p.mean_health_cost
            );
        }
    }
    h.push_str("</table><h2>Foes and companions</h2><table><tr><th>card</th><th>Domain</th><th>flipped</th><th>fought</th><th>toll paid</th><th>passed by a card</th><th>joined</th><th>join rate</th><th>share of losses</th></tr>");
    for c in &s.per_card {
        if c.foe.is_none() && c.companion.is_none() {
            continue;
        }
        if c.flips == 0 {
            untested_row(h, &c.name, &c.domain, 7);
            continue;
        }
        let (fought, tolls, passages) =
            c.foe
                .as_ref()
                .map_or((String::new(), String::new(), String::new()), |f| {
                    (
                        f.fought.to_string(),
                        f.tolls.to_string(),
                        f.passages.to_string(),
                    )
                });
        let (joined, rate) = c
            .companion
            .as_ref()
            .map_or((String::new(), String::new()), |j| {
                (j.joined.to_string(), pct(j.join_rate))
            });
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{fought}</td><td>{tolls}</td><td>{passages}</td><td>{joined}</td><td>{rate}</td><td>{}</td></tr>",
            esc(&c.name),
            esc(&c.domain),
            c.flips,
            pct(c.share_of_losses)
        );
    }
    h.push_str("</table><h2>Items and Equipment</h2><table><tr><th>card</th><th>type</th><th>Domain</th><th>flipped</th><th>taken</th><th>declined</th><th>used</th><th>swapped out</th></tr>");
    for c in &s.per_card {
        if let Some(f) = &c.find {
            if c.flips == 0 {
                untested_row(h, &c.name, c.card_type, 6);
                continue;
            }
            let _ = write!(
                h,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&c.name),
                c.card_type,
                esc(&c.domain),
                c.flips,
                f.taken,
                f.declined,
                f.used,
                f.swapped_out
            );
        }
    }
    h.push_str("</table><p>Used: times its ability was used. Swapped out: times it was discarded to make room for another find.</p>");
}
