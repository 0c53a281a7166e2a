//! Semantic checks over a parsed card set. (Being written.)
