//! A pattern evaluation of Othello positions, trained by treelab itself on positions it
//! solved exactly, for move ordering in the endgame solver.
//!
//! The evaluation is the classic sum of pattern weights (Buro's Logistello, Edax): every
//! board line or corner region of a given shape, in each of its symmetric placements,
//! reads as a base-3 number (empty 0, side to move 1, opponent 2), and each shape has a
//! table of weights indexed by that number; the symmetric placements of a shape share its
//! table. Two scalar features (the mobility of each side) complete it. A weights file may
//! hold one set of weights per game stage (a range of empty-square counts); the shipped
//! one has a single stage (two stages, 11-13 and 14 on, ordered no better).
//!
//! The weights are fitted by least squares to exact final scores: `treelab train-eval`
//! ([`super::pattern_train`], beside this module since it runs the solver that uses
//! this evaluation) plays seeded, partly random games, solves positions with 11 to 16
//! empty squares with [`super::othello::OthelloSolver`] (ordered by the shipped
//! weights, which only makes the labels cheaper), and fits the weights by full-batch
//! gradient descent (Adam steps, a small ridge prior). The shipped weights
//! (`assets/othello/order-eval.bin`) come from that command with its default arguments;
//! [`PatternEval::shipped`] loads them, and `treelab solve --eval FILE` orders with other
//! weights.
//!
//! Only the order of the moves depends on this evaluation, never a score: the solver is
//! exact whatever the weights.
//!
//! The files: `shapes.rs` the shapes, their placements and the training layout;
//! `eval.rs` the evaluation in its fast layout and the weights file; `features.rs` the
//! incremental indices of the solver's ordering searches.

mod eval;
mod features;
mod shapes;
#[cfg(test)]
mod tests;

pub use eval::PatternEval;
/// The training layout and the weights file's writer, for the training.
pub(super) use eval::write_weights;
pub use features::{Features, LANES};
pub(super) use shapes::{Instance, SCALARS, SHAPES, features, instances, layout, scalars};
