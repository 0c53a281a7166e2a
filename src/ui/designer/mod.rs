//! The designer's screens: the gallery as the designer's desk (`forward --desk`, the
//! title's "Designer's desk") and the card form it opens.
//!
//! - [`commands`]: the designer's commands in the gallery (E, Shift-N, Ctrl-R, Ctrl-B, a
//!   click on an id), with the revert list, the file watch and the balance panel.
//! - [`form`]: the card form itself (fields, typed rows, pickers, undo, drawing), checked
//!   by the loader as it is typed and saved through `cards::edit`.

mod commands;
pub mod form;

pub(super) use commands::{Designer, Sitting};
