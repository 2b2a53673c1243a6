//! NegaAlpha: alpha-beta pruning in negamax form. A child whose value reaches beta ends
//! the node (a beta cutoff): the opponent will not allow this line.
//!
//! Knuth & Moore, "An analysis of alpha-beta pruning" (1975); articles 003/004 (fail-hard)
//! and 001 (fail-soft).
//! Contract, for a window `(alpha, beta)` and true value `v`:
//! - fail-hard: returns `u` in `[alpha, beta]`; `alpha < u < beta` means `u = v`;
//!   `u = alpha` means `v <= alpha`; `u = beta` means `v >= beta`. A node decided before
//!   any move is searched (the horizon, a finished game, a result the game's rules
//!   force) returns that exact value whatever the window, as the textbook's leaves do,
//!   so a value outside the window is `v` itself.
//! - fail-soft: returns `u` with the same meaning inside the window; `u <= alpha` means
//!   `v <= u`; `u >= beta` means `v >= u` (tighter bounds, which tables and MTD(f) use).
//! - fail-hard with soft cutoffs (Pons' negamax): a node that fails low returns `alpha`,
//!   one that fails high returns the value that cut, and a bound known before the search
//!   (the table, the game's bounds) is returned as it is.

use crate::game::{Evaluator, Game};
use crate::search::TableKind;
use crate::search::context::{Ctx, INF};

/// Searches `pos` at `depth` with the window `(alpha, beta)`; see the module contract.
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
    if depth == 0 {
        if !ctx.opts().tt_leaves {
            return ctx.static_leaf(pos);
        }
        // A leaf evaluated by an earlier pass is read back, not evaluated again.
        if let Err(v) = ctx.tt_probe(pos, 0, alpha0, beta0) {
            return if fail_soft { v } else { v.clamp(alpha0, beta0) };
        }
        let v = ctx.static_leaf(pos);
        ctx.tt_store(pos, 0, -INF, INF, v, None);
        return if fail_soft { v } else { v.clamp(alpha0, beta0) };
    }
    let soft_cutoffs = ctx.opts().soft_cutoffs;
    let (mut alpha, beta, tt_move) = match ctx.judge(pos, depth, ply, alpha0, beta0) {
        Ok(w) => w,
        Err(v) if fail_soft || soft_cutoffs => return v,
        Err(v) => return v.clamp(alpha0, beta0),
    };
    // Pons' one-bound tables tell a cutoff by the window the loop searched with.
    let stored_window = if ctx.opts().table == TableKind::Full {
        (alpha0, beta0)
    } else {
        (alpha, beta)
    };
    let moves = match ctx.expand(pos, depth, ply, tt_move) {
        Ok(m) => m,
        Err(v) => {
            // A finished game above the horizon is a leaf too: with leaves kept in
            // the table (MT memory), a later pass reads it back instead of scoring it
            // again, as it does a leaf at the horizon.
            if ctx.opts().tt_leaves {
                ctx.tt_store(pos, depth, -INF, INF, v, None);
            }
            return v;
        }
    };
    let mut best = -INF;
    let mut best_move = None;
    for (i, &mv) in moves.iter().enumerate() {
        let v = -search(
            ctx,
            &pos.play(mv),
            depth - 1,
            ply + 1,
            Some(mv),
            -beta,
            -alpha,
            fail_soft,
        );
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
    let value = if fail_soft {
        best
    } else if soft_cutoffs {
        best.max(alpha)
    } else {
        best.clamp(alpha, beta)
    };
    ctx.tt_store(
        pos,
        depth,
        stored_window.0,
        stored_window.1,
        value,
        best_move,
    );
    value
}
