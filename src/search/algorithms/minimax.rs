//! Minimax in its two-sided form: MAX nodes (the root side to move) take the largest
//! child value, MIN nodes the smallest. Every node of the tree to the depth is visited.
//!
//! Von Neumann (1928); Shannon, "Programming a computer for playing chess" (1950).
//! Contract: returns the exact minimax value, from the root side's view.

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, INF};

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
    let maximizing = pos.side_to_move() == ctx.root_side();
    let to_root_view = |v: i32| if maximizing { v } else { -v };
    if depth == 0 {
        return to_root_view(ctx.static_leaf(pos));
    }
    let moves = match ctx.expand(pos, depth, ply, None) {
        Ok(m) => m,
        Err(v) => return to_root_view(v),
    };
    let mut best = if maximizing { -INF } else { INF };
    for &mv in &moves {
        let v = search(ctx, &pos.play(mv), depth - 1, ply + 1, Some(mv));
        if ctx.aborted() {
            break;
        }
        if (maximizing && v > best) || (!maximizing && v < best) {
            best = v;
            ctx.update_pv(ply, mv);
        }
    }
    ctx.release(moves);
    best
}
