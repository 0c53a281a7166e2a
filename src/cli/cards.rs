//! `forward cards export FILE.csv`, `forward cards import FILE.csv --out DIR` and `forward
//! cards merge FILE.csv --into DIR`: the card set as a spreadsheet and back (see
//! `crate::cards::sheet`).
//!
//! Import is careful with what is already there: it writes into a fresh folder beside the
//! target, checks the result there, and only then puts it in place; an existing folder is
//! kept as a backup (and only replaced with `--force`); a sheet with errors writes nothing
//! unless `--keep-going`.

use crate::cards::CardSource;
use crate::cards::load::{load_dir, load_source};
use crate::cards::report::{Problem, example_of, group_warnings};
use crate::cards::sheet::{self, Attention, ImportSummary};
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
        /// `forward` (every field, read back exactly) or `designer` (the designer's own
        /// columns and rules notation).
        #[arg(long, default_value = "forward", value_parser = ["forward", "designer"])]
        layout: String,
    },
    /// Read a CSV file (Forward's layout or the designer's prototype layout) into a new
    /// cards folder, then check it as `forward validate` would.
    Import {
        /// The CSV file to read.
        file: PathBuf,
        /// The folder to write the card files into (created if missing).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Replace an existing folder (the old one is kept beside it as
        /// `<DIR>.backup-<date>`).
        #[arg(long)]
        force: bool,
        /// Write the cards even when the sheet or the result has errors.
        #[arg(long)]
        keep_going: bool,
        /// The designer's phrasebook (their synonyms and phrases; default:
        /// `phrasebook.json` beside the sheet, if there is one). It is kept in the folder.
        #[arg(long, value_name = "FILE")]
        phrasebook: Option<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Read a CSV file into an existing cards folder, rewriting only the cards whose rows
    /// changed (every other card's JSON stays byte for byte).
    Merge {
        /// The CSV file to read.
        file: PathBuf,
        /// The cards folder to update.
        #[arg(long, value_name = "DIR")]
        into: PathBuf,
        /// Merge even when the sheet has errors.
        #[arg(long)]
        keep_going: bool,
        /// The designer's phrasebook (default: `phrasebook.json` beside the sheet, if
        /// there is one).
        #[arg(long, value_name = "FILE")]
        phrasebook: Option<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a `forward cards` subcommand; returns the exit code.
pub fn run(cards: &CardSource, cmd: &CardsCommand) -> i32 {
    match cmd {
        CardsCommand::Export { file, layout } if layout == "designer" => {
            export_designer(cards, file)
        }
        CardsCommand::Export { file, .. } => match export(cards, file) {
            Ok(rows) => {
                println!("wrote {rows} {cards} to {}", file.display());
                0
            }
            Err(e) => {
                eprintln!("forward cards export: {e}");
                1
            }
        },
        CardsCommand::Import {
            file,
            out,
            force,
            keep_going,
            phrasebook,
            json,
        } => import(
            file,
            out,
            Safety {
                force: *force,
                keep_going: *keep_going,
                phrasebook: phrasebook.clone(),
            },
            *json,
        ),
        CardsCommand::Merge {
            file,
            into,
            keep_going,
            phrasebook,
            json,
        } => merge(file, into, *keep_going, phrasebook.as_deref(), *json),
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

/// `export --layout designer`: the rows, and each field the notation has no words for.
fn export_designer(cards: &CardSource, file: &Path) -> i32 {
    let done = match cards {
        CardSource::Dir(dir) => sheet::export_designer(dir, file).map_err(|e| e.to_string()),
        CardSource::Builtin => load_source(cards)
            .map_err(|_| format!("the {cards} have errors"))
            .and_then(|(set, _)| {
                sheet::export_designer_of(set.files(), file).map_err(|e| e.to_string())
            }),
    };
    match done {
        Ok((rows, unsaid)) => {
            println!(
                "wrote {rows} {cards} to {} (designer layout)",
                file.display()
            );
            if !unsaid.is_empty() {
                println!(
                    "{} fields have no words in the designer's notation and are not in the sheet:",
                    unsaid.len()
                );
                for (id, what) in &unsaid {
                    println!("  {id}: {what}");
                }
            }
            0
        }
        Err(e) => {
            eprintln!("forward cards export: {e}");
            1
        }
    }
}

/// How careful an import is with what is already on disk, and the phrasebook it reads
/// the sheet with.
#[derive(Debug, Clone)]
struct Safety {
    force: bool,
    keep_going: bool,
    /// The phrasebook named on the command line.
    phrasebook: Option<PathBuf>,
}

/// A sibling of `dir` named `<dir-name><suffix>`.
fn beside(dir: &Path, suffix: &str) -> PathBuf {
    let name = dir
        .file_name()
        .map_or("cards".into(), |n| n.to_string_lossy().into_owned());
    dir.with_file_name(format!("{name}{suffix}"))
}

/// Today's date and time in UTC as `YYYYMMDD-HHMMSS` (days to civil date: H. Hinnant).
pub fn stamp_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// A backup name for `dir` that is not taken yet.
fn backup_path(dir: &Path) -> PathBuf {
    let base = beside(dir, &format!(".backup-{}", stamp_now()));
    let mut p = base.clone();
    let mut n = 2;
    while p.exists() {
        p = PathBuf::from(format!("{}-{n}", base.display()));
        n += 1;
    }
    p
}

fn is_nonempty_dir(p: &Path) -> bool {
    std::fs::read_dir(p).is_ok_and(|mut d| d.next().is_some())
}

/// What an import or merge found wrong, besides the rows it could not read.
struct Checked {
    errors: Vec<String>,
    warnings: Vec<Problem>,
}

/// Validates a written folder.
fn validate(dir: &Path) -> Checked {
    match load_dir(dir) {
        Ok((_, report)) => Checked {
            errors: Vec::new(),
            warnings: report.warnings,
        },
        Err(report) => Checked {
            errors: report.errors.iter().map(ToString::to_string).collect(),
            warnings: report.warnings,
        },
    }
}

fn import(file: &Path, out: &Path, safety: Safety, json: bool) -> i32 {
    // Check the destination before reading anything, so a typo costs nothing.
    if out.exists() && !out.is_dir() {
        eprintln!(
            "forward cards import: {} exists and is not a folder",
            out.display()
        );
        return 2;
    }
    if is_nonempty_dir(out) && !safety.force {
        eprintln!(
            "forward cards import: {} already exists; nothing was written. Use --force to replace it (the old folder is kept as a backup), or `forward cards merge {} --into {}` to update only the cards that changed",
            out.display(),
            file.display(),
            out.display()
        );
        return 2;
    }
    let (files, summary) = match sheet::read_sheet_with(file, safety.phrasebook.as_deref()) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("forward cards import: {e}");
            return 1;
        }
    };
    // Written beside the target first, checked there, and moved in place only when fit.
    let staging = beside(out, ".importing");
    let _ = std::fs::remove_dir_all(&staging);
    if let Err(e) = sheet::write_files(&staging, &files) {
        eprintln!("forward cards import: {e}");
        let _ = std::fs::remove_dir_all(&staging);
        return 1;
    }
    let checked = validate(&staging);
    let failed = !summary.errors.is_empty() || !checked.errors.is_empty();
    let mut note = String::new();
    if failed && !safety.keep_going {
        let _ = std::fs::remove_dir_all(&staging);
        note = format!(
            "nothing written to {}: the sheet has errors (fix them, or --keep-going to write anyway)\n",
            out.display()
        );
    } else {
        if out.exists() {
            let backup = backup_path(out);
            if let Err(e) = std::fs::rename(out, &backup) {
                eprintln!(
                    "forward cards import: cannot move {} aside to {}: {e}",
                    out.display(),
                    backup.display()
                );
                let _ = std::fs::remove_dir_all(&staging);
                return 1;
            }
            note = format!("the old folder is kept as {}\n", backup.display());
        }
        if let Err(e) = std::fs::rename(&staging, out) {
            eprintln!(
                "forward cards import: cannot move {} to {}: {e}",
                staging.display(),
                out.display()
            );
            return 1;
        }
    }
    print_report(&summary, out, &checked, &note, None, json);
    i32::from(failed)
}

fn merge(file: &Path, into: &Path, keep_going: bool, phrasebook: Option<&Path>, json: bool) -> i32 {
    if !into.join("map.json").is_file() {
        eprintln!(
            "forward cards merge: {} is not a cards folder (no map.json); use `forward cards import` for a new one",
            into.display()
        );
        return 2;
    }
    let (mut files, summary) = match sheet::read_sheet_with(file, phrasebook) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("forward cards merge: {e}");
            return 1;
        }
    };
    // A card renamed in the folder (the desk records it) keeps its new id, though the
    // sheet still has the title the old id was made from.
    let renames = crate::cards::renames::read(into);
    for v in files.values_mut() {
        crate::cards::renames::apply(v, &renames);
    }
    // Check the whole result in a scratch folder before touching the target.
    let staging = beside(into, ".merging");
    let _ = std::fs::remove_dir_all(&staging);
    let checked = match sheet::write_files(&staging, &files) {
        Ok(()) => validate(&staging),
        Err(e) => {
            eprintln!("forward cards merge: {e}");
            return 1;
        }
    };
    let _ = std::fs::remove_dir_all(&staging);
    let failed = !summary.errors.is_empty() || !checked.errors.is_empty();
    if failed && !keep_going {
        let note = format!(
            "nothing merged into {}: the sheet has errors (fix them, or --keep-going)\n",
            into.display()
        );
        print_report(&summary, into, &checked, &note, None, json);
        return 1;
    }
    match sheet::merge::merge(into, &files) {
        Ok(rep) => {
            print_report(&summary, into, &checked, "", Some(&rep), json);
            i32::from(failed)
        }
        Err(e) => {
            eprintln!("forward cards merge: {e}");
            1
        }
    }
}

/// Prints an import's or merge's summary as text or JSON.
fn print_report(
    s: &ImportSummary,
    out: &Path,
    checked: &Checked,
    note: &str,
    merged: Option<&sheet::merge::MergeReport>,
    json: bool,
) {
    let text = if json {
        let v = serde_json::json!({
            "summary": s,
            "out": out.display().to_string(),
            "errors": checked.errors,
            "warnings": checked.warnings.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "warning_kinds": group_warnings(&checked.warnings),
            "merge": merged,
            "note": note.trim(),
        });
        format!("{v}\n")
    } else {
        let mut t = render_text(s, out, checked.errors.len(), &checked.warnings);
        if let Some(m) = merged {
            t.push_str(&render_merge(m));
        }
        t.push_str(note);
        t + &checked
            .errors
            .iter()
            .map(|e| format!("error: {e}\n"))
            .collect::<String>()
    };
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// What a merge changed, as text.
fn render_merge(m: &sheet::merge::MergeReport) -> String {
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    format!(
        "merged: {} changed ({}), {} added ({}), {} removed ({}), {} unchanged\n",
        m.changed.len(),
        list(&m.changed),
        m.added.len(),
        list(&m.added),
        m.removed.len(),
        list(&m.removed),
        m.unchanged
    )
}

fn row_line(a: &Attention) -> String {
    let num = if a.card_number.is_empty() {
        String::new()
    } else {
        format!("card {} ", a.card_number)
    };
    if a.unread.is_empty() {
        format!("  line {}: {num}\"{}\": {}\n", a.line, a.title, a.reason)
    } else {
        format!(
            "  line {}: {num}\"{}\": could not read `{}`: {}\n",
            a.line, a.title, a.unread, a.reason
        )
    }
}

/// The text summary of an import: what was made, the rows to fix, the sheet's errors and
/// notes, and the validator's warnings one line per kind.
pub fn render_text(s: &ImportSummary, out: &Path, errors: usize, warnings: &[Problem]) -> String {
    let mut t = format!(
        "read {} rows ({} layout), made {} cards for {}\n",
        s.rows_read,
        s.layout,
        s.cards_made,
        out.display()
    );
    let kinds: Vec<String> = s.by_type.iter().map(|(k, n)| format!("{k} {n}")).collect();
    t.push_str(&format!("by type: {}\n", kinds.join(", ")));
    for sk in &s.skipped {
        t.push_str(&format!(
            "skipped (not a card the game plays; kept for the designer's export): {sk}\n"
        ));
    }
    if !s.errors.is_empty() {
        t.push_str(&format!("{} sheet errors:\n", s.errors.len()));
        for a in &s.errors {
            t.push_str(&row_line(a));
        }
    }
    if !s.attention.is_empty() {
        t.push_str(&format!(
            "{} rows need attention (a card that could not be read is kept with its text as a quiet Caesura; a number not read is named):\n",
            s.attention.len()
        ));
        for a in &s.attention {
            t.push_str(&row_line(a));
        }
    }
    if !s.warnings.is_empty() {
        t.push_str(&format!("{} notes:\n", s.warnings.len()));
        for a in &s.warnings {
            t.push_str(&row_line(a));
        }
    }
    t.push_str(&read_back_text(s));
    t.push_str(&format!(
        "validate: {errors} errors, {} warnings\n",
        warnings.len()
    ));
    // One short line per kind: the full list is `forward validate`'s.
    for (kind, n, example) in group_warnings(warnings) {
        t.push_str(&format!("  {n} x {kind} (e.g. {})\n", example_of(&example)));
    }
    t
}

/// The read-back of an import of the designer's sheet: how many cards say back what their
/// cells say, and each one that does not, its cell beside the read-back and where they
/// differ (`--json` has every row's).
fn read_back_text(s: &ImportSummary) -> String {
    if s.readback.is_empty() {
        return String::new();
    }
    let differ: Vec<_> = s
        .readback
        .iter()
        .filter(|r| !r.differences.is_empty())
        .collect();
    let mut t = format!(
        "read back: {} of {} cards say back what their cells say",
        s.readback.len() - differ.len(),
        s.readback.len()
    );
    if differ.is_empty() {
        t.push('\n');
        return t;
    }
    t.push_str(&format!("; {} differ:\n", differ.len()));
    let one_line = |c: &str| {
        let lines: Vec<&str> = c.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if lines.is_empty() {
            "(empty)".to_string()
        } else {
            lines.join(" / ")
        }
    };
    for r in differ {
        let num = if r.card_number.is_empty() {
            String::new()
        } else {
            format!("card {} ", r.card_number)
        };
        t.push_str(&format!("  line {}: {num}\"{}\"\n", r.line, r.title));
        t.push_str(&format!("    sheet:     {}\n", one_line(&r.cell)));
        t.push_str(&format!("    read back: {}\n", one_line(&r.read_back)));
        for d in &r.differences {
            t.push_str(&format!("    - {d}\n"));
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stamp_is_date_and_time() {
        assert_eq!(stamp_now().len(), 15);
    }
}
