//! A split point, shared by the parallel searches that split a node's moves (PVS split
//! at the root, YBWC): once the eldest brother is searched, the node's other moves go
//! to this thread and to helper threads, each taking the next move not yet taken,
//! testing it with the null window at the best value found so far by any of them and
//! searching it again with the full window when it fails high, as PVS does. A move
//! that reaches beta raises the split's flag, which ends the other threads' work at
//! this node within a poll of the stop flag (1024 nodes); that work is counted as
//! aborted. The owner gives its thread slot back while it waits for its helpers, so
//! another split can use the core.
//!
//! Helpers search with contexts of their own (killers, history, counters), sharing the
//! table when the search shares one; their counters are added to the owner's.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::game::{Evaluator, Game};
use crate::platform::clock::Instant;
use crate::search::context::Ctx;

/// The search a split runs below its node: a child's value at a depth, ply, move and
/// window, fail-soft and side to move's view (PVS below the root for PVS split at the
/// root, YBWC itself for YBWC).
pub type Child<'a, G, E> =
    fn(&mut Ctx<'a, G, E>, &G, u32, usize, Option<<G as Game>::Move>, i32, i32) -> i32;

/// A node's state when its moves are split, and after: the best value and move so
/// far, the line the split's moves found (empty when none raised alpha), the window's
/// lower end, and whether a move reached beta.
#[derive(Clone, Debug)]
pub struct Node<M> {
    /// The best value so far (fail-soft).
    pub best: i32,
    /// Its move.
    pub best_move: Option<M>,
    /// The line from this node when a split move raised alpha.
    pub line: Vec<M>,
    /// The window's lower end, raised as moves are found better.
    pub alpha: i32,
    /// A move reached beta: the others are needless.
    pub cut: bool,
}

/// Where in the tree a split is, and the search below it.
pub struct At<'m, 'a, G: Game, E: Evaluator<G>> {
    /// The node.
    pub pos: &'m G,
    /// Its remaining depth.
    pub depth: u32,
    /// Its ply.
    pub ply: usize,
    /// The window's upper end.
    pub beta: i32,
    /// The node's moves; the split takes those from `first` on.
    pub moves: &'m [G::Move],
    /// The first move to share out.
    pub first: usize,
    /// The search below.
    pub child: Child<'a, G, E>,
}

/// What one thread did at a split, for the counters.
struct Work {
    aborted: u64,
}

/// Shares the moves of `at` out to this thread and `helpers` helper threads (their
/// slots already claimed), starting from `node`, and returns the node's state after.
/// When this thread's search was stopped meanwhile it stays stopped; a cutoff at this
/// node stops nothing above it. Returns the thread-microseconds this thread waited
/// for its helpers as well.
pub fn split<'a, G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'a, G, E>,
    at: &At<'_, 'a, G, E>,
    node: Node<G::Move>,
    helpers: usize,
) -> (Node<G::Move>, u64) {
    let next = AtomicUsize::new(at.first);
    let flag = Arc::new(AtomicBool::new(false));
    let place = ctx.watch(&flag);
    let state = Mutex::new(node);
    let parts = ctx.helper_parts();
    let threads = ctx.threads().cloned();
    if helpers > 0 {
        ctx.count_split();
    }
    let (mine, others, waited) = crate::platform::threads::scope(|scope| {
        let handles: Vec<_> = (0..helpers)
            .map(|_| {
                let (parts, next, state, flag) = (&parts, &next, &state, &flag);
                let threads = threads.clone();
                scope.spawn(move || {
                    let mut h = parts.context(at.pos);
                    let work = share(&mut h, at, next, state, flag);
                    if let Some(t) = &threads {
                        t.give_back(1);
                    }
                    (work, h.counters_so_far(), h.own_nodes(), h.stop_cause())
                })
            })
            .collect();
        let mine = share(ctx, at, &next, &state, &flag);
        // Stopped from above, or cut here: the helpers stop too.
        if ctx.aborted() {
            flag.store(true, Ordering::Relaxed);
        }
        let waiting = Instant::now();
        if let Some(t) = &threads {
            t.give_back(1);
        }
        // A helper that panicked fails the whole search, as a panic in a serial search
        // does.
        let others = crate::platform::threads::join_all(handles);
        if let Some(t) = &threads {
            t.take_back(1);
        }
        (mine, others, waiting.elapsed().as_micros() as u64)
    });
    let mut aborted = mine.aborted;
    let mut busiest = 0;
    for (work, counters, own, cause) in &others {
        ctx.absorb(counters);
        aborted += work.aborted;
        busiest = busiest.max(*own);
        // A helper stopped by this split's cutoff has nothing to pass on (the stop is
        // taken back just below); one stopped by the stop flag, a budget or a split
        // above left its move unfinished, so this node is too.
        if let Some(cause) = cause {
            ctx.adopt_stop(*cause);
        }
    }
    ctx.unwatch(place);
    ctx.count_aborted(aborted);
    ctx.count_threads(0, busiest, 0);
    let node = state.into_inner().unwrap_or_else(|e| e.into_inner());
    (node, waited)
}

/// One thread's share of a split: the next move not yet taken, tested with the null
/// window at the best value so far and searched again when it fails high, until none
/// is left, a move reaches beta, or the search is stopped.
fn share<'a, G: Game, E: Evaluator<G>>(
    c: &mut Ctx<'a, G, E>,
    at: &At<'_, 'a, G, E>,
    next: &AtomicUsize,
    state: &Mutex<Node<G::Move>>,
    flag: &AtomicBool,
) -> Work {
    let mut aborted = 0;
    let (depth, ply, beta) = (at.depth, at.ply, at.beta);
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(&mv) = at.moves.get(i) else { break };
        let alpha = match state.lock() {
            Ok(s) if s.cut => break,
            Ok(s) => s.alpha,
            Err(_) => break,
        };
        if c.aborted() {
            break;
        }
        let before = c.own_nodes();
        let child = at.pos.play(mv);
        c.mark_null_window();
        let t = -(at.child)(c, &child, depth - 1, ply + 1, Some(mv), -alpha - 1, -alpha);
        let v = if t > alpha && t < beta && !c.aborted() {
            c.research();
            -(at.child)(c, &child, depth - 1, ply + 1, Some(mv), -beta, -t)
        } else {
            t
        };
        if c.aborted() {
            aborted += c.own_nodes() - before;
            break;
        }
        let Ok(mut s) = state.lock() else { break };
        if s.cut {
            // Another thread's move reached beta meanwhile: this one was needless.
            aborted += c.own_nodes() - before;
            break;
        }
        if v > s.best {
            s.best = v;
            s.best_move = Some(mv);
        }
        if v > s.alpha {
            c.update_pv(ply, mv);
            s.line = c.line_at(ply);
            s.alpha = v;
            if v >= beta {
                s.cut = true;
                flag.store(true, Ordering::Relaxed);
                c.cutoff(at.pos, ply, i, mv, depth);
                break;
            }
        }
    }
    Work { aborted }
}
