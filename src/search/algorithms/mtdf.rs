//! MTD(f): find the value by a sequence of null-window alpha-beta passes ("memory-
//! enhanced tests") that move a bound from a first guess until the lower and upper
//! bounds meet. Each pass re-visits the tree through the transposition table.
//!
//! Plaat, Schaeffer, Pijls & de Bruin, "Best-first fixed-depth minimax algorithms",
//! Artificial Intelligence 87 (1996). First guess: the previous iteration's value with
//! iterative deepening, else the option's value.
//! Contract: returns the exact value, side to move's view. Without a table it is still
//! exact, only slower (each pass searches from scratch).

use crate::game::{Evaluator, Game};
use crate::search::algorithms::negaalpha;
use crate::search::context::{Ctx, INF};

/// The exact value of the root `pos` at `depth`, starting from `guess`.
pub fn run<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    guess: i32,
) -> i32 {
    let mut g = guess.clamp(-INF + 1, INF - 1);
    let (mut lower, mut upper) = (-INF, INF);
    let mut line = Vec::new();
    while lower < upper {
        let beta = if g == lower { g + 1 } else { g };
        ctx.null_window_pass();
        ctx.mark_null_window();
        g = negaalpha::search(ctx, pos, depth, 0, None, beta - 1, beta, true);
        if ctx.aborted() {
            return g;
        }
        if g < beta {
            upper = g;
        } else {
            lower = g;
            // A pass that fails high names a move reaching the bound: the best move once
            // the bounds meet.
            line = ctx.root_pv();
        }
    }
    ctx.set_root_pv(line);
    g
}
