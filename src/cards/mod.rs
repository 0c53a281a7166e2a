//! Card data: the JSON format designers write, loading with precise errors, validation,
//! and the indexed [`CardSet`] the rules core plays with.

pub mod art;
pub mod edit;
pub mod house;
pub mod intern;
pub(crate) mod lint;
pub mod load;
pub(crate) mod locate;
pub(crate) mod messages;
pub mod model;
pub mod open;
pub mod origin;
pub mod phrase;
pub mod phrasebook;
pub mod puzzle;
pub mod refs;
pub mod renames;
pub mod report;
pub mod schema;
pub mod search;
pub mod set;
pub mod shape;
pub mod sheet;
mod source;
pub mod spec;
mod stats;
pub mod text_check;
pub mod text_write;
mod tolerant;
pub mod validate;
pub mod vocab;

pub use model::CardId;
pub use origin::CardSource;
pub use set::{CardFiles, CardRef, CardSet, Domain, DomainRef};
