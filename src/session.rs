//! The RON session file.
