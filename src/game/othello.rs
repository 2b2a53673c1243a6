//! othello: to be written.
