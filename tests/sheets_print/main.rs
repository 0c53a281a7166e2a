//! The designer's files, without a window: the spreadsheets both ways (`forward cards
//! export|import`, the designer's notation), the printed cards (`forward print`), and the
//! desk's save of one card back into its Domain file.

#[path = "../common/mod.rs"]
mod common;

mod desk;
mod print;
mod print_playtest;
mod sheets;
mod sheets_clauses;
mod sheets_designer;
