//! One file per algorithm. Each opens with the idea, the paper and its contract.
//!
//! Negamax-form functions return values from the side to move's view; the two-sided
//! ones ([`minimax`], [`alphabeta`]) from the root side's view.

pub mod abdada;
pub mod alphabeta;
pub mod bisect;
pub mod expectimax;
pub mod fsss;
pub mod lazy_smp;
pub mod mcts;
pub mod mcts_solver;
pub mod minimax;
pub mod mt_sss;
pub mod mtdf;
pub mod negaalpha;
pub mod negamax;
pub mod negascout;
pub mod puct;
pub mod pvs;
pub mod pvs_root;
pub mod scout;
pub mod serial_split;
pub mod split;
pub mod sss;
pub mod star;
pub mod ybwc;

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, INF};

/// The shallow search `shallow:K` ordering rates a child by (the context's
/// [`crate::search::context::ShallowSearch`]): fail-soft NegaAlpha with the infinite
/// window, or expectimax where the position has chance nodes.
pub fn shallow_value<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
) -> i32 {
    if pos.has_chance() {
        expectimax::search(ctx, pos, depth, ply, None)
    } else {
        negaalpha::search(ctx, pos, depth, ply, None, -INF, INF, true)
    }
}
