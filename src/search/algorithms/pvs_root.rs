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
//! work was shared.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::game::{Evaluator, Game};
use crate::platform::clock::Instant;
use crate::search::context::Ctx;

use super::pvs;

/// What the threads share at the root: the best value and move so far, its line, and
/// whether a move reached beta (the others are then needless).
struct Shared<M> {
    best: i32,
    best_move: Option<M>,
    line: Vec<M>,
    alpha: i32,
    cut: bool,
}

/// What one thread did, for the counters.
struct Work {
    nodes: u64,
    aborted: u64,
    finished: Instant,
}

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
    let started = Instant::now();
    let root_nodes = ctx.counters().nodes;
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
    let mut shared = Shared {
        best: v,
        best_move: Some(first),
        line: Vec::new(),
        alpha,
        cut: false,
    };
    if v > alpha && !ctx.aborted() {
        ctx.update_pv(0, first);
        shared.line = ctx.root_pv();
        shared.alpha = v;
        if v >= beta {
            ctx.cutoff(pos, 0, 0, first, depth);
            shared.cut = true;
        }
    }
    // The helpers wait while the first move is searched.
    let waited = started.elapsed().as_micros() as u64 * (threads as u64 - 1);
    let rest = &moves[1..];
    let mut busiest = ctx.counters().nodes - root_nodes;
    let mut idle = 0;
    if !shared.cut && !ctx.aborted() && !rest.is_empty() {
        let before = ctx.counters().nodes;
        let (after, mine_nodes, others_busiest, split_idle) =
            split(ctx, pos, depth, beta, rest, shared, threads);
        shared = after;
        // This thread's nodes in this iteration: the root, the first move, its share.
        busiest = (before - root_nodes + mine_nodes).max(others_busiest);
        idle = split_idle;
        if let Some(m) = shared.best_move
            && shared.best > alpha
        {
            ctx.set_root_pv(shared.line.clone());
            if shared.best >= beta {
                let index = moves.iter().position(|&x| x == m).unwrap_or(0);
                ctx.cutoff(pos, 0, index, m, depth);
            }
        }
    }
    // One thread waits for nobody.
    let idle = if threads > 1 { waited + idle } else { 0 };
    ctx.count_threads(threads as u32, busiest, idle);
    ctx.release(moves);
    if !ctx.aborted() {
        ctx.tt_store(pos, depth, alpha0, beta0, shared.best, shared.best_move);
    }
    shared.best
}

/// Shares the root's other moves `rest` out to `threads` threads (this one and
/// helpers, each with a context of its own) and waits for them: the shared state
/// after, this thread's nodes, the busiest helper's, and the thread-microseconds spent
/// waiting at the end. The helpers' counters are added to `ctx`'s.
#[allow(clippy::too_many_arguments)]
fn split<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    beta: i32,
    rest: &[G::Move],
    shared: Shared<G::Move>,
    threads: usize,
) -> (Shared<G::Move>, u64, u64, u64) {
    let next = AtomicUsize::new(0);
    let shared_lock = Mutex::new(shared);
    let helpers = threads.min(rest.len()) - 1;
    let parts = ctx.helper_parts();
    let (mine, others) = crate::platform::threads::scope(|scope| {
        let handles: Vec<_> = (0..helpers)
            .map(|_| {
                let parts = &parts;
                let (next, shared_lock) = (&next, &shared_lock);
                scope.spawn(move || {
                    let mut h = parts.context(pos);
                    let work = share(&mut h, pos, depth, beta, rest, next, shared_lock);
                    (work, h.counters_so_far(), h.stop_reason())
                })
            })
            .collect();
        if helpers > 0 {
            ctx.count_split();
        }
        let mine = share(ctx, pos, depth, beta, rest, &next, &shared_lock);
        // A helper that panicked fails the whole search, as a panic in a serial search
        // does.
        let others = crate::platform::threads::join_all(handles);
        (mine, others)
    });
    let end = Instant::now();
    let mut aborted = mine.aborted;
    let mut idle = end.duration_since(mine.finished).as_micros() as u64;
    let mut busiest = 0;
    for (work, counters, stopped) in &others {
        ctx.absorb(counters);
        aborted += work.aborted;
        busiest = busiest.max(work.nodes);
        idle += end.duration_since(work.finished).as_micros() as u64;
        if let Some(reason) = stopped {
            ctx.abort(*reason);
        }
    }
    ctx.count_aborted(aborted);
    let shared = shared_lock.into_inner().unwrap_or_else(|e| e.into_inner());
    (shared, mine.nodes, busiest, idle)
}

/// One thread's share of the root's other moves: the next move not yet taken, tested
/// with the null window at the best value so far and re-searched when it fails high,
/// until none is left, a move reaches beta, or the search is stopped.
fn share<G: Game, E: Evaluator<G>>(
    c: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    beta: i32,
    moves: &[G::Move],
    next: &AtomicUsize,
    shared: &Mutex<Shared<G::Move>>,
) -> Work {
    let start_nodes = c.counters().nodes;
    let mut aborted = 0;
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(&mv) = moves.get(i) else { break };
        let alpha = match shared.lock() {
            Ok(s) if s.cut => break,
            Ok(s) => s.alpha,
            Err(_) => break,
        };
        if c.aborted() {
            break;
        }
        let before = c.counters().nodes;
        let child = pos.play(mv);
        c.mark_null_window();
        let t = -pvs::search(c, &child, depth - 1, 1, Some(mv), -alpha - 1, -alpha);
        let v = if t > alpha && t < beta && !c.aborted() {
            c.research();
            -pvs::search(c, &child, depth - 1, 1, Some(mv), -beta, -t)
        } else {
            t
        };
        if c.aborted() {
            break;
        }
        let Ok(mut s) = shared.lock() else { break };
        if s.cut {
            // Another thread's move reached beta meanwhile: this one was needless.
            aborted += c.counters().nodes - before;
            break;
        }
        if v > s.best {
            s.best = v;
            s.best_move = Some(mv);
        }
        if v > s.alpha {
            c.update_pv(0, mv);
            s.line = c.root_pv();
            s.alpha = v;
            s.cut = v >= beta;
        }
    }
    Work {
        nodes: c.counters().nodes - start_nodes,
        aborted,
        finished: Instant::now(),
    }
}
