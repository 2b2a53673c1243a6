//! Principal variation search: the first move is assumed best and searched with the
//! full window; every other move is tested with the null window `(alpha, alpha + 1)`
//! and re-searched with `(v, beta)` only when the test says it is better.
//!
//! Marsland & Campbell, "Parallel search of strongly ordered game trees" (1982); article
//! 001's pseudo-code (the Japanese Wikipedia's NegaScout), which is this algorithm.
//! Article 002's "Scout" (its スカウト法, with null-window tests) is PVS in two-sided form.
//! Contract: fail-soft (see [`super::negaalpha`]), side to move's view.

use crate::game::{Evaluator, Game};
use crate::search::context::Ctx;
use crate::search::node::{self, At, Best, Rule};

/// Searches `pos` at `depth` with the window `(alpha, beta)`, fail-soft.
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    mv: Option<G::Move>,
    alpha: i32,
    beta: i32,
) -> i32 {
    node::search(ctx, Pvs, pos, depth, ply, mv, alpha, beta)
}

/// PVS's rule: the first move with the window, the others tested with the null window
/// first ([`move_value`]).
#[derive(Clone, Copy)]
pub struct Pvs;

impl<G: Game, E: Evaluator<G>> Rule<G, E> for Pvs {
    #[inline(always)]
    fn moves<const SHARE: bool>(
        self,
        ctx: &mut Ctx<'_, G, E>,
        at: &At<'_, G>,
        moves: &[G::Move],
        best: &mut Best<G::Move>,
    ) {
        for (i, &mv) in moves.iter().enumerate() {
            if try_move(ctx, search::<G, E>, at, (i, mv), best) {
                break;
            }
        }
    }
}

/// Searches the node's `i`th move `mv` as PVS does with `search` below
/// ([`move_value`]), taking its value into `best`. True when the node is over: the
/// move reached beta, or the search was stopped.
#[inline(always)]
pub fn try_move<'a, G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'a, G, E>,
    search: Child<'a, G, E>,
    at: &At<'_, G>,
    (i, mv): (usize, G::Move),
    best: &mut Best<G::Move>,
) -> bool {
    let child = at.pos.play(mv);
    let (alpha, beta) = (best.alpha, best.beta);
    let v = move_value(
        ctx,
        search,
        &child,
        (at.depth, at.ply),
        mv,
        i == 0,
        alpha,
        beta,
    );
    ctx.aborted() || best.take(ctx, at, i, mv, v)
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
