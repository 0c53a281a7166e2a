use clap::Parser;
use forward::cli::{Cli, Command};

fn main() {
    let cli = Cli::parse();
    let cards = forward::cards::CardSource::resolve(cli.cards.as_deref());
    let code = match cli.command {
        None => forward::ui::run(forward::ui::Options {
            cards: cards.clone(),
            screenshot: cli.screenshot,
            frames: cli.frames,
            seed: cli.seed,
            actions: cli.actions,
            size: cli.size,
            perf: cli.perf,
            saves: cli.saves,
            resume: cli.resume,
            open: cli.open,
            rules: cli.rules,
            gallery: cli.gallery,
            gallery_domain: cli.gallery_domain,
            gallery_type: cli.gallery_type,
            guide: cli.guide,
            guide_view: cli.guide_view,
            table_dice: cli.table_dice,
            play_last: cli.play_last,
            speed: cli.speed,
            layout_report: cli.layout_report,
        }),
        Some(Command::Validate { dir, json }) => {
            let source = dir.map_or(cards, forward::cards::CardSource::Dir);
            forward::cli::validate::run(&source, json)
        }
        Some(Command::Play(args)) => forward::cli::play::run(&cards, cli.saves.as_deref(), args),
        Some(Command::History { json }) => forward::cli::history::run(cli.saves.as_deref(), json),
        Some(Command::Simulate(args)) => forward::cli::simulate::run(&cards, &args),
        Some(Command::Schema) => {
            use std::io::Write;
            // A closed pipe (`forward schema | head`) is not an error worth a panic.
            let _ = writeln!(
                std::io::stdout(),
                "{}",
                forward::cards::schema::schema_json()
            );
            0
        }
    };
    std::process::exit(code);
}
