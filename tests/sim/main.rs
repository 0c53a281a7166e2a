//! The balance simulator: batches reproducible whatever the jobs, figures that add up,
//! `simulate` under stress (Ctrl-C, a closed pipe), sweeps of one card's number, and two
//! card sets compared on the same seeds.

#[path = "../common/mod.rs"]
mod common;

mod compare;
mod simulate;
mod simulate_guard;
mod simulate_sweep;
