//! NegaScout: the first move is searched with the full window, the others with a null
//! window `(m, m + 1)` that only tests whether they beat the best so far; a test that
//! fails high inside the window is re-searched with `(v, beta)`, starting from the value
//! the test returned.
//!
//! Reinefeld, "An improvement of the Scout tree-search algorithm", ICCA Journal 6(4)
//! (1983); article 000's form, with its option to skip the re-search when `depth <= 2`:
//! there the child's children are leaves, so a fail-soft null-window value that fails
//! high for this node is already exact.
//! Contract: fail-soft (see [`super::negaalpha`]), side to move's view.

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, INF};

/// The depth at or below which article 000 skips the re-search.
const SHALLOW_SKIP_DEPTH: u32 = 2;

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
    let (alpha, beta, tt_move) = match ctx.judge(pos, depth, ply, alpha0, beta0) {
        Ok(w) => w,
        Err(v) => return v,
    };
    let moves = match ctx.expand(pos, depth, ply, tt_move) {
        Ok(m) => m,
        Err(v) => return v,
    };
    let skip_shallow = ctx.opts().skip_shallow_research && depth <= SHALLOW_SKIP_DEPTH;
    let mut best = -INF;
    let mut best_move = None;
    // The upper end of the current test window: beta for the first move, m + 1 after.
    let mut b = beta;
    for (i, &mv) in moves.iter().enumerate() {
        let child = pos.play(mv);
        let m = best.max(alpha);
        if i > 0 {
            ctx.mark_null_window();
        }
        let mut v = -search(ctx, &child, depth - 1, ply + 1, Some(mv), -b, -m);
        if ctx.aborted() {
            break;
        }
        if v > m && v < beta && i > 0 && !skip_shallow {
            ctx.research();
            v = -search(ctx, &child, depth - 1, ply + 1, Some(mv), -beta, -v);
            if ctx.aborted() {
                break;
            }
        }
        if v > best {
            best = v;
            best_move = Some(mv);
            if v > alpha {
                ctx.update_pv(ply, mv);
            }
        }
        if best >= beta {
            ctx.cutoff(pos, ply, i, mv, depth);
            break;
        }
        b = best.max(alpha) + 1;
    }
    ctx.release(moves);
    ctx.tt_store(pos, depth, alpha0, beta0, best, best_move);
    best
}
