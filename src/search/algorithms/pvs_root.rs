//! PVS split at the root: the root's first move is searched alone with the full window
//! (young brothers wait: its value is the bound the others are tested against); the
//! other moves are then shared out to `threads` threads, each taking the next move not
//! yet taken, testing it with the null window at the best value found so far by any
//! thread and re-searching it with the full window when it fails high. Below the root
//! every thread runs [`super::pvs`] with a context of its own (its own table, killers
//! and history); only the root's bound, best move and line are shared.
//!
//! Marsland & Campbell, "Parallel search of strongly ordered game trees" (1982), and
//! Marsland & Popowich, "Parallel game-tree search" (1985): the principal variation
//! split, here at the root only (the simplest of the parallel alpha-beta searches, the
//! baseline the others improve on).
//!
//! Contract: fail-soft as [`super::pvs`], side to move's view: the same exact value as
//! PVS and NegaAlpha within the window whatever the threads. With one thread it is PVS
//! at the root, node for node. With more, which moves fail high depends on which
//! thread raised the bound first, so the node counts (and the best move among equals)
//! vary from run to run. The counters add every thread's; `threads`,
//! `busiest_thread_nodes`, `splits`, `aborted_nodes` and `idle_micros` tell how the
//! work was shared. The threads are the search's crew, started when its first
//! iteration splits and kept to its end.

use crate::game::{Evaluator, Game};
use crate::search::context::Ctx;

use super::pvs;
use super::split::{At, Node, split};

/// Searches the root `pos` at `depth` with the window `(alpha, beta)`.
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    debug_assert!(alpha < beta);
    ctx.visit(0, None, alpha, beta, |ctx| {
        root(ctx, pos, depth, alpha, beta)
    })
}

fn root<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    alpha0: i32,
    beta0: i32,
) -> i32 {
    let threads = ctx.opts().threads.max(1) as usize;
    if depth == 0 {
        return ctx.static_leaf(pos);
    }
    let (alpha, beta, tt_move) = match ctx.judge(pos, depth, 0, alpha0, beta0) {
        Ok(w) => w,
        Err(v) => return v,
    };
    let moves = match ctx.expand(pos, depth, 0, tt_move) {
        Ok(m) => m,
        Err(v) => return v,
    };
    let root_nodes = ctx.own_nodes();
    // The first move alone, with the full window.
    let first = moves[0];
    let v = -pvs::search(
        ctx,
        &pos.play(first),
        depth - 1,
        1,
        Some(first),
        -beta,
        -alpha,
    );
    let mut node = Node {
        best: v,
        best_move: Some(first),
        line: Vec::new(),
        alpha,
        cut: false,
    };
    if v > alpha && !ctx.aborted() {
        ctx.update_pv(0, first);
        node.alpha = v;
        if v >= beta {
            ctx.cutoff(pos, 0, 0, first, depth);
            node.cut = true;
        }
    }
    if !node.cut && !ctx.aborted() && moves.len() > 1 {
        let at = At {
            pos,
            depth,
            ply: 0,
            beta,
            moves: &moves,
            first: 1,
            child: pvs::search::<G, E>,
        };
        if threads > 1 {
            let _ = ctx.parallel(threads, false);
        }
        node = split(ctx, &at, node);
        if !node.line.is_empty() {
            ctx.set_line_at(0, std::mem::take(&mut node.line));
        }
    }
    ctx.count_threads(threads as u32, ctx.own_nodes() - root_nodes, 0);
    ctx.release(moves);
    if !ctx.aborted() {
        ctx.tt_store(pos, depth, alpha0, beta0, node.best, node.best_move);
    }
    node.best
}
