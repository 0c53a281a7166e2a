use clap::Parser;
use forward::cli::{Cli, Command};

/// mimalloc: the simulator's runs allocate and free small lists at every step, and the
/// system allocator spent about a tenth of its time there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let cli = Cli::parse();
    let cards = forward::cards::CardSource::resolve(cli.cards.as_deref());
    let code = match cli.command {
        None if cli.render_sounds.is_some() => render_sounds(&cli, &cards),
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
            lesson: cli.lesson,
            gallery: cli.gallery || cli.desk,
            desk: cli.desk || cli.cards.is_some(),
            gallery_domain: cli.gallery_domain,
            gallery_type: cli.gallery_type,
            guide: cli.guide,
            guide_view: cli.guide_view,
            guide_screen: cli.guide_screen,
            table_dice: cli.table_dice,
            dice_deck: cli.dice_deck,
            house_rules: forward::cli::house_rules(&cli.house_rules),
            play_last: cli.play_last,
            speed: cli.speed,
            layout_report: cli.layout_report,
            layout_sweep: cli.layout_sweep,
            objective: cli.objective,
            config: cli.config,
        }),
        Some(Command::Validate { dir, json }) => {
            let source = dir.map_or(cards, forward::cards::CardSource::Dir);
            forward::cli::validate::run(&source, json)
        }
        Some(Command::Play(args)) => forward::cli::play::run(&cards, cli.saves.as_deref(), args),
        Some(Command::History { json }) => forward::cli::history::run(cli.saves.as_deref(), json),
        Some(Command::Simulate(args)) => {
            forward::cli::simulate::run(&cards, cli.saves.as_deref(), &args)
        }
        Some(Command::Cards(cmd)) => forward::cli::cards::run(&cards, &cmd),
        Some(Command::Print(args)) => forward::cli::print::run(&cards, &args),
        Some(Command::Desktop { into }) => forward::cli::desktop::run(into.as_deref()),
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

/// `--render-sounds OUT.wav`: the sounds of a scripted duel, rendered offline.
#[cfg(feature = "sound")]
fn render_sounds(cli: &Cli, cards: &forward::cards::CardSource) -> i32 {
    let out = cli
        .render_sounds
        .as_deref()
        .unwrap_or(std::path::Path::new("sounds.wav"));
    forward::audio::render::run(cards, out, cli.seed.unwrap_or(1), &cli.dice)
}

#[cfg(not(feature = "sound"))]
fn render_sounds(_: &Cli, _: &forward::cards::CardSource) -> i32 {
    eprintln!(
        "forward --render-sounds: this build has no sound (built without the `sound` feature)"
    );
    1
}
