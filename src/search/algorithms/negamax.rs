//! Negamax: minimax with the sign flipped at every ply, so that every node maximises
//! the value for its own side to move.
//!
//! Knuth & Moore, "An analysis of alpha-beta pruning" (1975), section 2.
//! Contract: returns the exact minimax value, from the side to move's view.

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, INF};

/// The exact value of `pos` at `depth`, from the side to move's view.
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
    if depth == 0 {
        return ctx.static_leaf(pos);
    }
    let moves = match ctx.expand(pos, depth, ply, None) {
        Ok(m) => m,
        Err(v) => return v,
    };
    let mut best = -INF;
    for &mv in &moves {
        let v = -search(ctx, &pos.play(mv), depth - 1, ply + 1, Some(mv));
        if ctx.aborted() {
            break;
        }
        if v > best {
            best = v;
            ctx.update_pv(ply, mv);
        }
    }
    ctx.release(moves);
    best
}
