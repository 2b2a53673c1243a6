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

use super::serial_split::{self, Step};
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
        if serial_split::may_share(ctx, depth) {
            serial_split::out_of_line(|| {
                node::<true, G, E>(ctx, pos, depth, ply, alpha, beta, fail_soft)
            })
        } else {
            node::<false, G, E>(ctx, pos, depth, ply, alpha, beta, fail_soft)
        }
    })
}

// Inlined into `search` (a call more a node costs a few percent).
#[inline(always)]
fn node<const SHARE: bool, G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha0: i32,
    beta0: i32,
    fail_soft: bool,
) -> i32 {
    if depth == 0 {
        return if ctx.opts().tt_leaves {
            kept_leaf(ctx, pos, alpha0, beta0, fail_soft)
        } else {
            ctx.static_leaf(pos)
        };
    }
    let soft_cutoffs = ctx.opts().soft_cutoffs;
    let (alpha, beta, tt_move) = match ctx.judge(pos, depth, ply, alpha0, beta0) {
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
    // The window's lower end, the best value and its move, as the moves are taken in.
    let mut st = Best {
        alpha,
        value: -INF,
        mv: None,
    };
    let at = serial_split::Moves {
        pos,
        depth,
        ply,
        moves: &moves,
    };
    serial_split::each_move::<SHARE, _, _, _, _, _, _>(
        ctx,
        &at,
        &mut st,
        |st| st.alpha,
        Child {
            depth,
            ply,
            beta,
            fail_soft,
        },
        move |ctx, st, i, mv, v| {
            if v > st.value {
                st.value = v;
                st.mv = Some(mv);
            }
            if v > st.alpha {
                ctx.update_pv(ply, mv);
                if v >= beta {
                    ctx.cutoff(pos, ply, i, mv, depth);
                    return true;
                }
                st.alpha = v;
            }
            false
        },
    );
    ctx.release(moves);
    let value = if fail_soft {
        st.value
    } else if soft_cutoffs {
        st.value.max(st.alpha)
    } else {
        st.value.clamp(st.alpha, beta)
    };
    let (lo, hi) = stored_window;
    ctx.tt_store(pos, depth, lo, hi, value, st.mv);
    value
}

/// A leaf at the horizon with leaves kept in the table (MT memory): one evaluated by
/// an earlier pass is read back, not evaluated again.
#[inline]
fn kept_leaf<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    alpha0: i32,
    beta0: i32,
    fail_soft: bool,
) -> i32 {
    let v = match ctx.tt_probe(pos, 0, alpha0, beta0) {
        Err(v) => v,
        Ok(_) => {
            let v = ctx.static_leaf(pos);
            ctx.tt_store(pos, 0, -INF, INF, v, None);
            v
        }
    };
    if fail_soft { v } else { v.clamp(alpha0, beta0) }
}

/// A node's window lower end, best value and best move as its moves are taken in.
struct Best<M> {
    alpha: i32,
    value: i32,
    mv: Option<M>,
}

/// A move's search below a node: the child searched with `(-beta, -alpha)`.
#[derive(Clone, Copy)]
struct Child {
    depth: u32,
    ply: usize,
    beta: i32,
    fail_soft: bool,
}

impl<'a, G: Game, E: Evaluator<G>> Step<'a, G, E> for Child {
    #[inline(always)]
    fn value(&self, ctx: &mut Ctx<'a, G, E>, _: usize, child: &G, mv: G::Move, alpha: i32) -> i32 {
        let Child {
            depth,
            ply,
            beta,
            fail_soft,
        } = *self;
        -search(
            ctx,
            child,
            depth - 1,
            ply + 1,
            Some(mv),
            -beta,
            -alpha,
            fail_soft,
        )
    }
}
