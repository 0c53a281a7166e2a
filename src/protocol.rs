//! The headless JSON-lines protocol. (Being written.)
