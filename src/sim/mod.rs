//! The balance simulator: many seeded runs played by bots, aggregated into figures a
//! designer can read (`forward simulate`).

pub mod batch;
pub mod bots;
pub mod policy;
pub mod report;
pub mod run;
pub mod scene;
pub mod stats;

pub use policy::{BotRng, Policy, RandomBot};
