//! Principal variation search: the first move is assumed best and searched with the
//! full window; every other move is tested with the null window `(alpha, alpha + 1)`
//! and re-searched with `(v, beta)` only when the test says it is better.
//!
//! Marsland & Campbell, "Parallel search of strongly ordered game trees" (1982); article
//! 001's pseudo-code (the Japanese Wikipedia's NegaScout), which is this algorithm.
//! Article 002's "Scout" (its スカウト法, with null-window tests) is PVS in two-sided form.
//! Contract: fail-soft (see [`super::negaalpha`]), side to move's view.

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, INF};

/// Searches `pos` at `depth` with the window `(alpha, beta)`, fail-soft.
#[allow(clippy::too_many_arguments)]
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    mv: Option<G::Move>,
    alpha: i32,
    beta: i32,
) -> i32 {
    debug_assert!(alpha < beta);
    ctx.visit(ply, mv, alpha, beta, |ctx| {
        node(ctx, pos, depth, ply, alpha, beta)
    })
}

fn node<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha0: i32,
    beta0: i32,
) -> i32 {
    if depth == 0 {
        return ctx.static_leaf(pos);
    }
    let (mut alpha, beta, tt_move) = match ctx.judge(pos, depth, ply, alpha0, beta0) {
        Ok(w) => w,
        Err(v) => return v,
    };
    let moves = match ctx.expand(pos, depth, ply, tt_move) {
        Ok(m) => m,
        Err(v) => return v,
    };
    let mut best = -INF;
    let mut best_move = None;
    for (i, &mv) in moves.iter().enumerate() {
        let child = pos.play(mv);
        let v = if i == 0 {
            -search(ctx, &child, depth - 1, ply + 1, Some(mv), -beta, -alpha)
        } else {
            ctx.mark_null_window();
            let t = -search(
                ctx,
                &child,
                depth - 1,
                ply + 1,
                Some(mv),
                -alpha - 1,
                -alpha,
            );
            if t > alpha && t < beta && !ctx.aborted() {
                ctx.research();
                -search(ctx, &child, depth - 1, ply + 1, Some(mv), -beta, -t)
            } else {
                t
            }
        };
        if ctx.aborted() {
            break;
        }
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
    }
    ctx.release(moves);
    ctx.tt_store(pos, depth, alpha0, beta0, best, best_move);
    best
}

/// The search a split runs below its node: a child's value at a depth, ply, move and
/// window, fail-soft and side to move's view (PVS below the root for PVS split at the
/// root, YBWC itself for YBWC).
pub type Child<'a, G, E> =
    fn(&mut Ctx<'a, G, E>, &G, u32, usize, Option<<G as Game>::Move>, i32, i32) -> i32;

/// The value of a node's move `mv` to `child` as PVS searches it, with `search` below
/// (the parallel searches' own, or this file's): the first move with the window
/// `(alpha, beta)`; any other with the null window at `alpha` first, and again with
/// `(t, beta)` when it fails high inside the window. Fail-soft, the node's view.
#[inline]
#[allow(clippy::too_many_arguments)]
pub fn move_value<'a, G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'a, G, E>,
    search: Child<'a, G, E>,
    child: &G,
    (depth, ply): (u32, usize),
    mv: G::Move,
    first: bool,
    alpha: i32,
    beta: i32,
) -> i32 {
    if first {
        return -search(ctx, child, depth - 1, ply + 1, Some(mv), -beta, -alpha);
    }
    ctx.mark_null_window();
    let t = -search(ctx, child, depth - 1, ply + 1, Some(mv), -alpha - 1, -alpha);
    if t > alpha && t < beta && !ctx.aborted() {
        ctx.research();
        -search(ctx, child, depth - 1, ply + 1, Some(mv), -beta, -t)
    } else {
        t
    }
}
