//! `forward history`: wins and losses, causes, the best run and deaths per Domain, from
//! the run history (`history.jsonl` in the saves directory).

use crate::history::{self, Record, Stats};
use crate::store::SaveStore;
use std::io::Write;
use std::path::Path;

/// Prints the history's figures (text, or one JSON object); returns the exit code.
pub fn run(saves: Option<&Path>, json: bool) -> i32 {
    let path = SaveStore::dir_from(saves).join(history::FILE_NAME);
    let h = match history::read(&path) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("forward history: cannot read `{}`: {e}", path.display());
            return 1;
        }
    };
    for (line, problem) in &h.skipped {
        eprintln!(
            "forward history: {}:{line}: skipped a line that is not a run record: {problem}",
            path.display()
        );
    }
    let stats = Stats::of(&h);
    let text = if json {
        serde_json::json!({ "file": path.display().to_string(), "stats": stats }).to_string()
    } else {
        render(&path, &stats)
    };
    // A closed pipe (`forward history | head`) is not an error.
    let _ = writeln!(std::io::stdout(), "{text}");
    0
}

fn describe(r: &Record) -> String {
    let how = match (&r.outcome.cause, r.won()) {
        (_, true) => "won".to_string(),
        (Some(c), false) => format!("lost ({c}) in {}", r.last_domain()),
        (None, false) => format!("lost in {}", r.last_domain()),
    };
    let detail = r
        .outcome
        .detail
        .as_deref()
        .map_or(String::new(), |d| format!(" {d}"));
    format!(
        "seed {}, {how}: {} Domains entered, {} flips, {}.{detail}\n  Route: {}",
        r.seed,
        r.path.len(),
        r.flips,
        duration(r.duration_secs),
        r.path.join(" > ")
    )
}

/// `1h 02m 03s`, `2m 03s` or `3s`.
fn duration(secs: u64) -> String {
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}h {m:02}m {s:02}s")
    } else if m > 0 {
        format!("{m}m {s:02}s")
    } else {
        format!("{s}s")
    }
}

/// The text report.
pub fn render(path: &Path, s: &Stats) -> String {
    if s.runs == 0 {
        return format!(
            "No finished runs yet in `{}`. Runs are recorded when they are won or lost.",
            path.display()
        );
    }
    let mut out = format!(
        "{} runs: {} won, {} lost ({:.0}% won)\n",
        s.runs,
        s.wins,
        s.losses,
        100.0 * s.wins as f64 / s.runs as f64
    );
    if !s.causes.is_empty() {
        out.push_str("Causes of loss:\n");
        let mut causes: Vec<_> = s.causes.iter().collect();
        causes.sort_by_key(|(c, n)| (std::cmp::Reverse(**n), (*c).clone()));
        for (cause, n) in causes {
            out.push_str(&format!("  {cause:<10} {n}\n"));
        }
    }
    if !s.deaths_by_domain.is_empty() {
        out.push_str("Losses per Domain:\n");
        let mut deaths: Vec<_> = s.deaths_by_domain.iter().collect();
        deaths.sort_by_key(|(d, n)| (std::cmp::Reverse(**n), (*d).clone()));
        for (domain, n) in deaths {
            out.push_str(&format!("  {domain:<20} {n}\n"));
        }
    }
    if let Some(best) = &s.best {
        out.push_str(&format!("Best run: {}\n", describe(best)));
    }
    if !s.journeys.is_empty() {
        out.push_str("Journeys of the day:\n");
        for r in &s.journeys {
            let day = r.day.map(|d| d.to_string()).unwrap_or_default();
            let how = if r.won() { "won" } else { "lost" };
            out.push_str(&format!(
                "  {day}  {how} in {}, {} flips\n",
                r.last_domain(),
                r.flips
            ));
        }
    }
    if s.skipped_lines > 0 {
        out.push_str(&format!(
            "({} unreadable lines of the history were skipped)\n",
            s.skipped_lines
        ));
    }
    out.trim_end().to_string()
}
