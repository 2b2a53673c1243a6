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

use super::serial_split::{self, Step};
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
        if serial_split::may_share(ctx, depth) {
            serial_split::out_of_line(|| node::<true, G, E>(ctx, pos, depth, ply, alpha, beta))
        } else {
            node::<false, G, E>(ctx, pos, depth, ply, alpha, beta)
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
    // The best value and its move as the moves are taken in; a move's test window is
    // `(m, m + 1)` at `m = max(best, alpha)` (the first move's is the node's window).
    let mut st = (-INF, None);
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
        move |&(best, _)| best.max(alpha),
        Child {
            depth,
            ply,
            beta,
            skip_shallow,
        },
        move |ctx, (best, best_move), i, mv, v| {
            if v > *best {
                *best = v;
                *best_move = Some(mv);
                if v > alpha {
                    ctx.update_pv(ply, mv);
                }
            }
            if *best >= beta {
                ctx.cutoff(pos, ply, i, mv, depth);
                return true;
            }
            false
        },
    );
    let (best, best_move) = st;
    ctx.release(moves);
    ctx.tt_store(pos, depth, alpha0, beta0, best, best_move);
    best
}

/// A move's search below a node: the first with the node's window, the others tested
/// with the null window at `m` and searched again when the test fails high.
#[derive(Clone, Copy)]
struct Child {
    depth: u32,
    ply: usize,
    beta: i32,
    skip_shallow: bool,
}

impl<'a, G: Game, E: Evaluator<G>> Step<'a, G, E> for Child {
    #[inline(always)]
    fn value(&self, ctx: &mut Ctx<'a, G, E>, i: usize, child: &G, mv: G::Move, m: i32) -> i32 {
        let Child {
            depth,
            ply,
            beta,
            skip_shallow,
        } = *self;
        let b = if i == 0 { beta } else { m + 1 };
        if i > 0 {
            ctx.mark_null_window();
        }
        let v = -search(ctx, child, depth - 1, ply + 1, Some(mv), -b, -m);
        if ctx.aborted() || !(v > m && v < beta && i > 0 && !skip_shallow) {
            return v;
        }
        ctx.research();
        -search(ctx, child, depth - 1, ply + 1, Some(mv), -beta, -v)
    }
}
