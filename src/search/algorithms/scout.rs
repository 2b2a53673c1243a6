//! Scout: evaluate the first move exactly, then only *test* whether each other move is
//! better (a boolean TEST that prunes like a one-sided window); evaluate a move exactly
//! only when its test succeeds.
//!
//! Pearl, "Asymptotic properties of minimax trees and game-searching procedures",
//! Artificial Intelligence 14 (1980); article 000's Scout.
//! Contract: [`eval`] returns the exact value from the side to move's view; [`test()`]
//! answers "is the value greater than `t`?" exactly.

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, INF};

/// The exact value of `pos` at `depth` (Pearl's EVAL), side to move's view.
pub fn eval<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    mv: Option<G::Move>,
) -> i32 {
    ctx.visit(ply, mv, -INF, INF, |ctx| eval_node(ctx, pos, depth, ply))
}

fn eval_node<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
) -> i32 {
    if depth == 0 {
        return ctx.static_leaf(pos);
    }
    let tt_move = match ctx.judge(pos, depth, ply, -INF, INF) {
        Ok((_, _, m)) => m,
        Err(v) => return v,
    };
    let moves = match ctx.expand(pos, depth, ply, tt_move) {
        Ok(m) => m,
        Err(v) => return v,
    };
    let mut best = -INF;
    for (i, &mv) in moves.iter().enumerate() {
        let child = pos.play(mv);
        if i == 0 {
            best = -eval(ctx, &child, depth - 1, ply + 1, Some(mv));
            ctx.update_pv(ply, mv);
        } else {
            // Is -value(child) > best, i.e. value(child) < -best, i.e. not (> -best - 1)?
            ctx.mark_null_window();
            let beats = !test(ctx, &child, depth - 1, ply + 1, Some(mv), -best - 1);
            if ctx.aborted() {
                break;
            }
            if beats {
                ctx.research();
                best = -eval(ctx, &child, depth - 1, ply + 1, Some(mv));
                ctx.update_pv(ply, mv);
            }
        }
        if ctx.aborted() {
            break;
        }
    }
    ctx.release(moves);
    ctx.tt_store(pos, depth, -INF, INF, best, None);
    best
}

/// Pearl's TEST: whether the value of `pos` at `depth` is greater than `t`.
pub fn test<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    mv: Option<G::Move>,
    t: i32,
) -> bool {
    if !ctx.enter(ply, mv, t, t + 1) {
        return false;
    }
    let answer = test_node(ctx, pos, depth, ply, t);
    // In the trace a test returns the bound it proved: t + 1 (at least) or t (at most).
    ctx.leave(if answer { t + 1 } else { t });
    answer
}

fn test_node<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    t: i32,
) -> bool {
    if depth == 0 {
        return ctx.static_leaf(pos) > t;
    }
    let tt_move = match ctx.judge(pos, depth, ply, t, t + 1) {
        Ok((_, _, m)) => m,
        Err(v) => return v > t,
    };
    let moves = match ctx.expand(pos, depth, ply, tt_move) {
        Ok(m) => m,
        Err(v) => return v > t,
    };
    // value > t  <=>  some child has -value(child) > t  <=>  not value(child) > -t - 1.
    let mut answer = false;
    for (i, &mv) in moves.iter().enumerate() {
        let child_greater = test(ctx, &pos.play(mv), depth - 1, ply + 1, Some(mv), -t - 1);
        if ctx.aborted() {
            break;
        }
        if !child_greater {
            answer = true;
            ctx.cutoff(pos, ply, i, mv, depth);
            break;
        }
    }
    ctx.release(moves);
    // A success proves value >= t + 1 (a lower bound), a failure value <= t.
    ctx.tt_store(pos, depth, t, t + 1, if answer { t + 1 } else { t }, None);
    answer
}
