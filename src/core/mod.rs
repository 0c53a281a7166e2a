//! The rules core.
