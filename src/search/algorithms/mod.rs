//! One file per algorithm. Each opens with the idea, the paper and its contract.
//!
//! Negamax-form functions return values from the side to move's view; the two-sided
//! ones ([`minimax`], [`alphabeta`]) from the root side's view.

pub mod alphabeta;
pub mod bisect;
pub mod expectimax;
pub mod fsss;
pub mod mcts;
pub mod mcts_solver;
pub mod minimax;
pub mod mt_sss;
pub mod mtdf;
pub mod negaalpha;
pub mod negamax;
pub mod negascout;
pub mod pvs;
pub mod scout;
pub mod sss;
pub mod star;
