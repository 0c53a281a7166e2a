//! `forward validate [DIR] [--json]`: check a cards directory and print every problem.

use crate::cards::CardSource;
use crate::cards::load::load_source;
use crate::cards::validate::Report;
use std::io::Write;

/// Runs the validator and prints its report; returns the exit code (1 when there are
/// errors, else 0).
pub fn run(source: &CardSource, json: bool) -> i32 {
    let report = match load_source(source) {
        Ok((_, report)) => report,
        Err(report) => report,
    };
    let text = if json {
        format!("{}\n", render_json(&report))
    } else {
        render_text(&report)
    };
    // A closed pipe (`forward validate | head`) is not worth a panic.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    i32::from(!report.errors.is_empty())
}

/// The text report: each error, then each warning, one per line, then the summary line.
pub fn render_text(report: &Report) -> String {
    let mut out = String::new();
    for p in &report.errors {
        out.push_str(&format!("error: {p}\n"));
    }
    for p in &report.warnings {
        out.push_str(&format!("warning: {p}\n"));
    }
    out.push_str(&report.summary());
    out.push('\n');
    out
}

/// The JSON report: `domains`, `stations`, `by_type`, `errors`, `warnings`.
pub fn render_json(report: &Report) -> String {
    serde_json::to_string_pretty(report).unwrap_or_else(|e| {
        // Serialising plain strings and numbers cannot fail; keep the output JSON anyway.
        serde_json::json!({ "errors": [{ "message": e.to_string() }] }).to_string()
    })
}
