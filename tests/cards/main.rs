//! The card set and its format, without a window: the loader and validator (a valid
//! fixture set and one broken copy per mistake), the schema, the card art, the shipped
//! cards' text against their data, and thousands of seeded runs on the shipped cards
//! keeping the run's invariants (properties).

#[path = "../common/mod.rs"]
mod common;

mod art;
mod card_text;
mod properties;
mod schema;
mod validate;
mod validate_broken;
mod validate_depth;
mod validate_format;
