//! Card data: the JSON format designers write, loading with precise errors, validation,
//! and the indexed [`CardSet`] the rules core plays with.

pub mod load;
mod locate;
mod messages;
pub mod model;
pub mod schema;
pub mod set;
pub mod source;
pub mod validate;

pub use model::CardId;
pub use set::{CardFiles, CardRef, CardSet, Domain, DomainRef};
pub use source::CardSource;

/// The shipped card files, built into the binary by `build.rs`.
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_cards.rs"));
}
