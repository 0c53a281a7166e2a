//! Forward: a roguelike card adventure. The library holds the rules core (`core`, no
//! macroquad), the rules' numbers (`numbers`, a leaf every layer reads), the card data (`cards`), the headless protocol (`protocol`), the CLI
//! (`cli`), sound (`audio`), the player's settings (`settings`) and the window (`ui`, the only
//! module that draws).

pub mod audio;
pub mod cards;
pub mod cli;
pub mod core;
pub mod daily;
pub mod fonts;
pub mod guide_screen;
pub mod history;
pub mod knowledge;
pub mod numbers;
pub mod present;
pub mod print;
pub mod protocol;
pub mod save;
#[cfg(test)]
mod scratch;
pub mod session;
pub mod settings;
pub mod sim;
pub mod store;
pub mod ui;
