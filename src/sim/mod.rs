//! The balance simulator: many seeded runs played by bots, aggregated into figures a
//! designer can read (`forward simulate`), and two configurations compared run by run
//! (`forward simulate --compare`).

pub mod balance;
pub mod batch;
pub mod bots;
pub mod buying;
mod charts;
pub mod compare;
pub mod compare_report;
pub mod figures;
pub mod output;
pub mod pace;
pub mod policy;
pub mod report;
mod report_cards;
pub mod run;
pub mod scene;
pub mod stats;
pub mod summary;
pub mod sweep;
pub mod sweep_report;

pub use policy::{BotRng, Policy, RandomBot};
