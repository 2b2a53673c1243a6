//! MT-SSS*: SSS* recast as null-window passes with a transposition table: start with
//! an upper bound of +infinity and lower it, one memory-enhanced test at a time, until a
//! test fails high. Visits the same leaves as Stockman's SSS* (with a large enough
//! table) in depth-first order.
//!
//! Plaat, Schaeffer, Pijls & de Bruin, "A new paradigm for minimax search" (1994) and
//! "Best-first fixed-depth minimax algorithms" (1996).
//! Contract: returns the exact value, side to move's view.

use crate::game::{Evaluator, Game};
use crate::search::algorithms::negaalpha;
use crate::search::context::{Ctx, INF};

/// The exact value of the root `pos` at `depth`.
pub fn run<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G, depth: u32) -> i32 {
    let mut g = INF;
    loop {
        let gamma = g;
        ctx.null_window_pass();
        ctx.mark_null_window();
        g = negaalpha::search(ctx, pos, depth, 0, None, gamma - 1, gamma, true);
        if ctx.aborted() || g >= gamma {
            // A fail-high pass: value >= gamma, and the previous pass said <= gamma.
            return g;
        }
    }
}
