//! `forward print --out FILE.pdf [--paper a4|letter] [--bleed MM] [--png DIR]`:
//! print-and-play sheets of the card set (see `crate::print`).

use crate::cards::sheet;
use crate::print::{self, Options, Paper, Playtest};
use std::collections::BTreeSet;
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
    /// White ground and thin frames, to save ink on a home printer.
    #[arg(long)]
    pub ink_saver: bool,
    /// Only this Domain's cards (its id or name).
    #[arg(long, value_name = "DOMAIN")]
    pub domain: Option<String>,
    /// Only these cards (ids, comma-separated). (The folder of cards is the global
    /// `--cards DIR`, so the subset is `--only`.)
    #[arg(long, value_name = "ID,...", value_delimiter = ',')]
    pub only: Vec<String>,
    /// Only the cards changed since an earlier `forward cards export` (Forward's layout).
    #[arg(long, value_name = "FILE.csv")]
    pub since: Option<PathBuf>,
    /// Stamp each card small with its id, the set's fingerprint and today's date.
    #[arg(long)]
    pub stamp: bool,
    /// Also write a Tabletop Simulator deck (sheets of up to 10 x 7 faces, backs and
    /// `forward_deck.json`) into this folder.
    #[arg(long, value_name = "DIR")]
    pub tts: Option<PathBuf>,
    /// With --tts: the address the deck's images will be served from (an image host,
    /// `https://...`), so the deck works for everyone it is shared with; without it the
    /// deck points at the files on this computer.
    #[arg(long, value_name = "URL", requires = "tts")]
    pub tts_url: Option<String>,
}

/// The cards a subset names, or why it names none.
fn subset(
    files: &crate::cards::CardFiles,
    args: &PrintArgs,
) -> Result<Option<BTreeSet<String>>, String> {
    let mut only: Option<BTreeSet<String>> = None;
    let mut narrow = |ids: BTreeSet<String>| {
        only = Some(match only.take() {
            Some(o) => o.intersection(&ids).cloned().collect(),
            None => ids,
        });
    };
    if let Some(want) = &args.domain {
        let d = files
            .domains
            .iter()
            .find(|d| d.id.0.eq_ignore_ascii_case(want) || d.name.eq_ignore_ascii_case(want))
            .ok_or_else(|| {
                let names: Vec<&str> = files.domains.iter().map(|d| d.id.0.as_str()).collect();
                format!("no Domain `{want}`; the set has {}", names.join(", "))
            })?;
        narrow(
            std::iter::once(d.id.0.clone())
                .chain(d.stations.iter().map(|s| s.id.0.clone()))
                .collect(),
        );
    }
    if !args.only.is_empty() {
        let all = crate::print::cards(files);
        for id in &args.only {
            if !all.iter().any(|c| &c.id == id) {
                return Err(format!("no card `{id}` in the set"));
            }
        }
        narrow(args.only.iter().cloned().collect());
    }
    if let Some(earlier) = &args.since {
        narrow(sheet::changed_since(files, earlier).map_err(|e| e.to_string())?);
    }
    Ok(only)
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
    let url = args.tts_url.as_deref().map(print::tts::check_url);
    if let Err(e) = url.unwrap_or(Ok(())).and_then(|()| print::check(&o)) {
        eprintln!("forward print: {e}");
        return 2;
    }
    let set = match super::load_cards("print", cards) {
        Ok(set) => set,
        Err(code) => return code,
    };
    let only = match subset(set.files(), args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("forward print: {e}");
            return 2;
        }
    };
    let playtest = Playtest {
        ink_saver: args.ink_saver,
        only,
        stamp: args.stamp.then(|| {
            let full = set.files().hash();
            // `fnv1a64:0123...`: the digits, shortened as a commit id is.
            let hash = full.rsplit(':').next().unwrap_or(&full).to_string();
            let date = super::cards::stamp_now();
            format!(
                "{} · {}-{}-{}",
                &hash[..hash.len().min(8)],
                &date[..4],
                &date[4..6],
                &date[6..8]
            )
        }),
        tts: args.tts.clone(),
        tts_url: args.tts_url.clone(),
    };
    match print::print_for(set.files(), &o, &playtest) {
        Ok(p) => {
            if let Some(dir) = &playtest.tts {
                println!(
                    "wrote a Tabletop Simulator deck ({} sheets, forward_deck.json) to {}",
                    p.tts_sheets,
                    dir.display()
                );
                match &playtest.tts_url {
                    Some(url) => println!(
                        "its images are addressed at {url}/: upload every PNG of {} there before sharing the deck",
                        dir.display()
                    ),
                    None => println!("note: {}", print::tts::LOCAL_NOTE),
                }
            }
            println!(
                "wrote {} cards on {} pages (faces, backs for long-edge duplex, the map) to {}",
                p.cards,
                p.pages,
                o.out.display()
            );
            if p.per_page < print::PER_PAGE {
                println!(
                    "{} cards to a page: with {} mm bleed nine do not fit on {:?} paper with their crop marks (nine fit up to {:.1} mm)",
                    p.per_page,
                    o.bleed,
                    o.paper,
                    print::max_bleed(o.paper)
                );
            }
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
