//! connect4: to be written.
