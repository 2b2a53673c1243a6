//! Minimax in its two-sided form: MAX nodes (the root side to move) take the largest
//! child value, MIN nodes the smallest. Every node of the tree to the depth is visited.
//!
//! Von Neumann (1928); Shannon, "Programming a computer for playing chess" (1950).
//! Contract: returns the exact minimax value, from the root side's view.

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, INF};
use crate::search::node::{self, At};

/// The exact value of `pos` at `depth`, from the root side's view.
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    mv: Option<G::Move>,
) -> i32 {
    ctx.visit(ply, mv, -INF, INF, |ctx| node(ctx, pos, depth, ply))
}

fn node<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G, depth: u32, ply: usize) -> i32 {
    // MAX nodes take the largest of the root side's values, MIN nodes the smallest: the
    // largest from their own side's view.
    let sign = if pos.side_to_move() == ctx.root_side() {
        1
    } else {
        -1
    };
    let own = node::every_move(ctx, &At { pos, depth, ply }, |ctx, mv, child| {
        sign * search(ctx, child, depth - 1, ply + 1, Some(mv))
    });
    sign * own
}
