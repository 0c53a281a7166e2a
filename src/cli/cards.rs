//! `forward cards export FILE.csv` and `forward cards import FILE.csv --out DIR`: the card
//! set as a spreadsheet and back (see `crate::cards::sheet`).

use crate::cards::CardSource;
use crate::cards::load::{load_dir, load_source};
use crate::cards::sheet::{self, ImportSummary};
use std::io::Write;
use std::path::{Path, PathBuf};

/// `forward cards ...`.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum CardsCommand {
    /// Write every card (Domains, Station cards, traveller, Guardian) to a CSV file, one row
    /// per card (the set in play: `--cards`, else `cards/` here, else the built-in set).
    Export {
        /// The CSV file to write.
        file: PathBuf,
    },
    /// Read a CSV file (Forward's layout or the designer's prototype layout) into a cards
    /// folder, then check it as `forward validate` would.
    Import {
        /// The CSV file to read.
        file: PathBuf,
        /// The folder to write the card files into (created if missing).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a `forward cards` subcommand; returns the exit code.
pub fn run(cards: &CardSource, cmd: &CardsCommand) -> i32 {
    match cmd {
        CardsCommand::Export { file } => match export(cards, file) {
            Ok(rows) => {
                println!("wrote {rows} {cards} to {}", file.display());
                0
            }
            Err(e) => {
                eprintln!("forward cards export: {e}");
                1
            }
        },
        CardsCommand::Import { file, out, json } => import(file, out, *json),
    }
}

/// Exports a folder as it is on disk; the built-in set from its loaded files.
fn export(cards: &CardSource, file: &Path) -> Result<usize, String> {
    match cards {
        CardSource::Dir(dir) => sheet::export(dir, file).map_err(|e| e.to_string()),
        CardSource::Builtin => {
            let (set, _) = load_source(cards).map_err(|r| {
                let first = r.errors.first().map(ToString::to_string);
                format!("the {cards} have errors: {}", first.unwrap_or_default())
            })?;
            let rows = sheet::rows_of(set.files()).map_err(|e| e.to_string())?;
            sheet::write_csv(file, &rows).map_err(|e| e.to_string())?;
            Ok(rows.len())
        }
    }
}

fn import(file: &Path, out: &Path, json: bool) -> i32 {
    // Check the destination before reading anything, so a typo costs nothing.
    if out.exists() && !out.is_dir() {
        eprintln!(
            "forward cards import: {} exists and is not a folder",
            out.display()
        );
        return 2;
    }
    let summary = match sheet::import(file, out) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("forward cards import: {e}");
            return 1;
        }
    };
    let (errors, warnings) = match load_dir(out) {
        Ok((_, report)) => (Vec::new(), report.warnings),
        Err(report) => (report.errors, report.warnings),
    };
    let text = if json {
        let v = serde_json::json!({
            "summary": summary,
            "out": out.display().to_string(),
            "errors": errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "warnings": warnings.iter().map(ToString::to_string).collect::<Vec<_>>(),
        });
        format!("{v}\n")
    } else {
        render_text(&summary, out, errors.len(), warnings.len())
            + &errors
                .iter()
                .map(|e| format!("error: {e}\n"))
                .collect::<String>()
    };
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    i32::from(!errors.is_empty())
}

/// The text summary of an import.
pub fn render_text(s: &ImportSummary, out: &Path, errors: usize, warnings: usize) -> String {
    let mut t = format!(
        "read {} rows ({} layout), made {} cards in {}\n",
        s.rows_read,
        s.layout,
        s.cards_made,
        out.display()
    );
    let kinds: Vec<String> = s.by_type.iter().map(|(k, n)| format!("{k} {n}")).collect();
    t.push_str(&format!("by type: {}\n", kinds.join(", ")));
    for sk in &s.skipped {
        t.push_str(&format!("skipped (not a card the game plays): {sk}\n"));
    }
    if !s.attention.is_empty() {
        t.push_str(&format!(
            "{} rows need attention (a card that could not be read is kept with its text as a quiet Caesura):\n",
            s.attention.len()
        ));
        for a in &s.attention {
            let num = if a.card_number.is_empty() {
                String::new()
            } else {
                format!("card {} ", a.card_number)
            };
            t.push_str(&format!(
                "  line {}: {num}\"{}\": could not read `{}`: {}\n",
                a.line, a.title, a.unread, a.reason
            ));
        }
    }
    t.push_str(&format!(
        "validate: {errors} errors, {warnings} warnings{}\n",
        if warnings > 0 {
            " (run `forward validate` on the folder for details)"
        } else {
            ""
        }
    ));
    t
}
