//! MT-SSS*: SSS* recast as null-window passes with a transposition table: start with
//! an upper bound of +infinity and lower it, one memory-enhanced test at a time, until a
//! test fails high.
//!
//! By default (a row named `mt-sss`) the table is Plaat et al.'s MT memory
//! ([`TranspositionTable::use_as_mt_memory`], 16 MiB unless the row sets a size, leaves
//! kept: [`crate::search::SearchOptions::resolved`]): it keeps every node searched,
//! leaves included, while it has room, and holds bounds only, so children are searched
//! in their fixed order. Then MT-SSS* evaluates exactly Stockman's SSS*'s leaves, in the
//! same order, on a tree. Each of two habits of the ordinary table breaks that equality:
//! its move searched first (the child that did best in an earlier pass, where SSS* works
//! on the leftmost child whose upper bound still reaches the test value), and a position
//! replaced by another of the same slot (searched, its leaves evaluated, once more).
//! `+ordinary-table` asks for that table (its move goes first, leaves are evaluated again
//! on every pass), `+no-memory` for none (every pass searches from the root again).
//!
//! Plaat, Schaeffer, Pijls & de Bruin, "A new paradigm for minimax search" (1994) and
//! "Best-first fixed-depth minimax algorithms" (1996).
//! Contract: returns the exact value, side to move's view.

use crate::game::{Evaluator, Game};
use crate::search::algorithms::negaalpha;
use crate::search::context::{Ctx, INF};
#[cfg(doc)]
use crate::search::tt::TranspositionTable;

/// The exact value of the root `pos` at `depth`.
pub fn run<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G, depth: u32) -> i32 {
    ctx.use_table_as_mt_memory();
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
