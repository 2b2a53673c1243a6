//! Negamax: minimax with the sign flipped at every ply, so that every node maximises
//! the value for its own side to move.
//!
//! Knuth & Moore, "An analysis of alpha-beta pruning" (1975), section 2.
//! Contract: returns the exact minimax value, from the side to move's view.

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, INF};
use crate::search::node::{self, At};

/// The exact value of `pos` at `depth`, from the side to move's view.
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    mv: Option<G::Move>,
) -> i32 {
    ctx.visit(ply, mv, -INF, INF, |ctx| {
        node::every_move(ctx, &At { pos, depth, ply }, |ctx, mv, child| {
            -search(ctx, child, depth - 1, ply + 1, Some(mv))
        })
    })
}
