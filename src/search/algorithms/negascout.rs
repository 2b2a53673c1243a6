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
use crate::search::context::Ctx;
use crate::search::node::{self, At, Best, Rule};

/// The depth at or below which article 000 skips the re-search.
const SHALLOW_SKIP_DEPTH: u32 = 2;

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
    node::search(ctx, NegaScout, pos, depth, ply, mv, alpha, beta)
}

/// NegaScout's rule: each move after the first tested with the null window at
/// `m = max(best, alpha)` (the window's lower end as [`Best`] raises it), and searched
/// again when the test fails high inside the window.
#[derive(Clone, Copy)]
struct NegaScout;

impl<G: Game, E: Evaluator<G>> Rule<G, E> for NegaScout {
    const SHARES: bool = true;

    #[inline(always)]
    fn moves<const SHARE: bool>(
        self,
        ctx: &mut Ctx<'_, G, E>,
        at: &At<'_, G>,
        moves: &[G::Move],
        best: &mut Best<G::Move>,
    ) {
        let skip_shallow = ctx.opts().skip_shallow_research && at.depth <= SHALLOW_SKIP_DEPTH;
        let child = Child {
            depth: at.depth,
            ply: at.ply,
            beta: best.beta,
            skip_shallow,
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
