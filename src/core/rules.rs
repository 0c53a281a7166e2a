//! The rules' numbers, as the core names them: they live in the leaf module
//! [`crate::numbers`], which the card data and its validator read too (`cards` does not
//! import `core`).

pub use crate::numbers::*;
