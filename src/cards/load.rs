//! Reading `cards/` from disk. (Being written.)
