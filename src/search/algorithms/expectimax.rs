//! Expectiminimax: negamax over players' nodes, the weighted mean over chance nodes.
//!
//! Michie, "Game-playing and game-learning automata" (1966); Russell & Norvig, AIMA,
//! section 5.5. A chance node's value is its outcomes' values weighted by their
//! probabilities (see [`crate::search::chance`]); chance nodes do not use up depth.
//! Contract: returns the exact expectiminimax value, from the side to move's view (the
//! minimax value in a game without chance nodes). Every node is visited.

use crate::game::{Evaluator, Game};
use crate::search::chance::floor_div;
use crate::search::context::{Ctx, INF};
use crate::search::node::{self, At};

/// The exact expectiminimax value of `pos` at `depth`, from the side to move's view.
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    mv: Option<G::Move>,
) -> i32 {
    ctx.visit(ply, mv, -INF, INF, |ctx| node(ctx, pos, depth, ply))
}

fn node<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G, depth: u32, ply: usize) -> i32 {
    if depth == 0 {
        return ctx.static_leaf(pos);
    }
    if let Some(outcomes) = ctx.chance_outcomes(pos) {
        let mut sum: i64 = 0;
        for &(mv, w) in &outcomes.list {
            // The outcome is a node of the chance node's side to move: no sign change,
            // and no depth used.
            let v = search(ctx, &pos.play(mv), depth, ply + 1, Some(mv));
            if ctx.aborted() {
                return 0;
            }
            sum += i64::from(w) * i64::from(v);
        }
        debug_assert_eq!(
            sum % outcomes.total,
            0,
            "the game's scale keeps means whole"
        );
        return floor_div(sum, outcomes.total) as i32;
    }
    node::every_move(ctx, &At { pos, depth, ply }, |ctx, mv, child| {
        -search(ctx, child, depth - 1, ply + 1, Some(mv))
    })
}
