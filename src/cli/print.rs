//! `forward print --out FILE.pdf [--paper a4|letter] [--bleed MM] [--png DIR]`:
//! print-and-play sheets of the card set (see `crate::print`).

use crate::print::{self, Options, Paper};
use std::path::PathBuf;

/// Options of `forward print`.
#[derive(Debug, Clone, clap::Args)]
pub struct PrintArgs {
    /// The PDF file to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Paper size.
    #[arg(long, value_enum, default_value_t = Paper::A4)]
    pub paper: Paper,
    /// Bleed around each card, in mm (0 to 5).
    #[arg(long, value_name = "MM", default_value_t = 0.0)]
    pub bleed: f32,
    /// Also write one 300-dpi PNG per card (and the back) into this folder.
    #[arg(long, value_name = "DIR")]
    pub png: Option<PathBuf>,
}

/// Runs `forward print`; returns the exit code.
pub fn run(cards: &crate::cards::CardSource, args: &PrintArgs) -> i32 {
    let o = Options {
        out: args.out.clone(),
        paper: args.paper,
        bleed: args.bleed,
        png: args.png.clone(),
    };
    // Everything the user can get wrong is found before the cards are drawn.
    if let Err(e) = print::check(&o) {
        eprintln!("forward print: {e}");
        return 2;
    }
    let set = match super::load_cards("print", cards) {
        Ok(set) => set,
        Err(code) => return code,
    };
    match print::print(set.files(), &o) {
        Ok(p) => {
            println!(
                "wrote {} cards on {} pages (faces, backs for long-edge duplex, the map) to {}",
                p.cards,
                p.pages,
                o.out.display()
            );
            if let Some(dir) = &o.png {
                println!(
                    "wrote {} PNG images at 300 dpi to {}",
                    p.pngs,
                    dir.display()
                );
            }
            0
        }
        Err(e) => {
            eprintln!("forward print: {e}");
            1
        }
    }
}
