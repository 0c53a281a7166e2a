//! The game played without a window: the headless protocol driven through the built
//! binary, saves (round trips, kill -9, every bad save), an installed `forward` run from
//! anywhere, dice dealt from a deck, the stage's pace (a fake clock) and the sounds.

#[path = "../common/mod.rs"]
mod common;

mod dice_deck;
mod install;
mod protocol;
mod saves;
mod sound;
mod stage;
