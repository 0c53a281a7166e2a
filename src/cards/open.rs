//! A card set opened for a command that cannot go on without it (the command line's
//! commands, the sound render): loaded, or its errors written to stderr. Here, below both,
//! so that neither reaches into the other.

use super::CardSet;
use super::CardSource;
use super::load::load_source;

/// The set from `source`; on errors, each is written to stderr under `forward COMMAND:`
/// and `Err` carries the exit code.
pub fn open_or_say(command: &str, source: &CardSource) -> Result<CardSet, i32> {
    match load_source(source) {
        Ok((set, _warnings)) => Ok(set),
        Err(report) => {
            eprintln!("forward {command}: the {source} have errors:");
            for p in &report.errors {
                eprintln!("error: {p}");
            }
            eprintln!("{}", report.summary());
            Err(1)
        }
    }
}
