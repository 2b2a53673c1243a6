//! The set-up room: the game and the position (board, hand-built trees, suites) and
//! the comparison's rows with their options and the run bar.

pub(super) mod board;
pub(super) mod comparison;
pub(super) mod position;
pub(super) mod position_state;
pub(super) mod row_options;
pub(super) mod rows;
pub(super) mod suite;
pub(super) mod tree_editor;
