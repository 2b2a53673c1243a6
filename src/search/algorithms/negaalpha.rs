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
use crate::search::context::{Ctx, INF};
use crate::search::node::{self, At, Best, Rule};

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
    node::search(
        ctx,
        NegaAlpha { fail_soft },
        pos,
        depth,
        ply,
        mv,
        alpha,
        beta,
    )
}

/// NegaAlpha's rule: every move searched with `(-beta, -alpha)`; fail-hard or
/// fail-soft, with Pons' soft cutoffs and one-bound tables, and leaves kept in the
/// table when the options ask (MT memory).
#[derive(Clone, Copy)]
struct NegaAlpha {
    fail_soft: bool,
}

impl<G: Game, E: Evaluator<G>> Rule<G, E> for NegaAlpha {
    const SHARES: bool = true;

    #[inline(always)]
    fn moves<const SHARE: bool>(
        self,
        ctx: &mut Ctx<'_, G, E>,
        at: &At<'_, G>,
        moves: &[G::Move],
        best: &mut Best<G::Move>,
    ) {
        let child = Child {
            depth: at.depth,
            ply: at.ply,
            beta: best.beta,
            fail_soft: self.fail_soft,
        };
        serial_split::each_move::<SHARE, _, _, _, _, _, _>(
            ctx,
            &serial_split::Moves { node: at, moves },
            best,
            |best| best.alpha,
            child,
            |ctx, best, i, mv, v| best.take(ctx, at, i, mv, v),
        );
    }

    #[inline(always)]
    fn leaf(self, ctx: &mut Ctx<'_, G, E>, pos: &G, alpha: i32, beta: i32) -> i32 {
        if ctx.opts().tt_leaves {
            kept_leaf(ctx, pos, alpha, beta, self.fail_soft)
        } else {
            ctx.static_leaf(pos)
        }
    }

    #[inline(always)]
    fn decided(self, ctx: &Ctx<'_, G, E>, v: i32, alpha: i32, beta: i32) -> i32 {
        if self.fail_soft || ctx.opts().soft_cutoffs {
            v
        } else {
            v.clamp(alpha, beta)
        }
    }

    #[inline(always)]
    fn finished(self, ctx: &mut Ctx<'_, G, E>, at: &At<'_, G>, v: i32) -> i32 {
        // A finished game above the horizon is a leaf too: with leaves kept in the
        // table (MT memory), a later pass reads it back instead of scoring it again,
        // as it does a leaf at the horizon.
        if ctx.opts().tt_leaves {
            ctx.tt_store(at.pos, at.depth, -INF, INF, v, None);
        }
        v
    }

    #[inline(always)]
    fn value(self, ctx: &Ctx<'_, G, E>, best: &Best<G::Move>) -> i32 {
        if self.fail_soft {
            best.value
        } else if ctx.opts().soft_cutoffs {
            best.value.max(best.alpha)
        } else {
            best.value.clamp(best.alpha, best.beta)
        }
    }

    #[inline(always)]
    fn stored_window(
        self,
        ctx: &Ctx<'_, G, E>,
        asked: (i32, i32),
        searched: (i32, i32),
    ) -> (i32, i32) {
        node::one_bound_window(ctx, asked, searched)
    }
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
    let v = match ctx.tt_look_up(pos, 0, alpha0, beta0) {
        Err(v) => v,
        Ok(_) => {
            let v = ctx.static_leaf(pos);
            ctx.tt_store(pos, 0, -INF, INF, v, None);
            v
        }
    };
    if fail_soft { v } else { v.clamp(alpha0, beta0) }
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
