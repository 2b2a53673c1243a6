//! Alpha-beta in its two-sided form (article 002): MAX nodes raise alpha, MIN nodes lower
//! beta, and a node stops as soon as its window is empty.
//!
//! Knuth & Moore, "An analysis of alpha-beta pruning" (1975).
//! Contract (values from the root side's view, window `(alpha, beta)`): fail-hard
//! returns a value clamped to `[alpha, beta]`, but for a node decided before any move is
//! searched (the horizon, a finished game, a result the game's rules force), which
//! returns that exact value whatever the window; fail-soft returns the best value found,
//! a bound when it lies outside the window (see [`super::negaalpha`]).

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, INF};

/// Searches `pos` at `depth` with the root-view window `(alpha, beta)`.
#[allow(clippy::too_many_arguments)]
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    mv: Option<G::Move>,
    alpha: i32,
    beta: i32,
    fail_soft: bool,
) -> i32 {
    debug_assert!(alpha < beta);
    ctx.visit(ply, mv, alpha, beta, |ctx| {
        node(ctx, pos, depth, ply, alpha, beta, fail_soft)
    })
}

fn node<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha0: i32,
    beta0: i32,
    fail_soft: bool,
) -> i32 {
    let maximizing = pos.side_to_move() == ctx.root_side();
    let to_root_view = |v: i32| if maximizing { v } else { -v };
    if depth == 0 {
        return to_root_view(ctx.static_leaf(pos));
    }
    // The table holds root-view values here: every position of one search is scored
    // from the same side.
    let (mut alpha, mut beta, tt_move) = match ctx.tt_probe(pos, depth, alpha0, beta0) {
        Ok(w) => w,
        Err(v) => return if fail_soft { v } else { v.clamp(alpha0, beta0) },
    };
    let moves = match ctx.expand(pos, depth, ply, tt_move) {
        Ok(m) => m,
        Err(v) => return to_root_view(v),
    };
    let mut best = if maximizing { -INF } else { INF };
    let mut best_move = None;
    for (i, &mv) in moves.iter().enumerate() {
        let v = search(
            ctx,
            &pos.play(mv),
            depth - 1,
            ply + 1,
            Some(mv),
            alpha,
            beta,
            fail_soft,
        );
        if ctx.aborted() {
            break;
        }
        if maximizing {
            if v > best {
                best = v;
                best_move = Some(mv);
            }
            if v > alpha {
                ctx.update_pv(ply, mv);
                if v >= beta {
                    ctx.cutoff(pos, ply, i, mv, depth);
                    break;
                }
                alpha = v;
            }
        } else {
            if v < best {
                best = v;
                best_move = Some(mv);
            }
            if v < beta {
                ctx.update_pv(ply, mv);
                if v <= alpha {
                    ctx.cutoff(pos, ply, i, mv, depth);
                    break;
                }
                beta = v;
            }
        }
    }
    ctx.release(moves);
    let value = if fail_soft {
        best
    } else {
        best.clamp(alpha, beta)
    };
    ctx.tt_store(pos, depth, alpha0, beta0, value, best_move);
    value
}
