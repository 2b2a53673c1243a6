//! Lazy SMP: every thread searches the whole tree at once, sharing one transposition
//! table; nothing else is shared and nothing is split. The main thread's search is the
//! result; the helpers' only effect is the bounds and moves they leave in the table,
//! which let the main thread skip or order what they searched first. Diversity keeps
//! the threads apart: every other helper searches a ply deeper, and each helper tries
//! the root's moves from a different one.
//!
//! D. Homan's description (2013, the name), after the shared-table searches of the
//! 1980s; the parallel search of Stockfish and most chess engines since. Contract:
//! fail-soft as [`super::pvs`], which each thread runs, side to move's view. A bound
//! in the table answers a node only at the depth it was stored for, so the main
//! thread's value is PVS's exact value whatever the helpers did; its counts, and the
//! best move among equals, vary from run to run. Without a table the helpers share
//! nothing and only cost nodes. The counters add every thread's; the helpers' searches,
//! stopped when the main one ends, are `aborted_nodes`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::{Evaluator, Game};
use crate::search::context::Ctx;

use super::pvs;

/// Searches the root `pos` at `depth` with the window `(alpha, beta)` on the options'
/// threads, the calling one the main thread.
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    let threads = ctx.opts().threads.max(1) as usize;
    if threads == 1 {
        // PVS, node for node, with the search's own table.
        let v = pvs::search(ctx, pos, depth, 0, None, alpha, beta);
        ctx.count_threads(1, ctx.counters().nodes, 0);
        return v;
    }
    let table = ctx.share_table();
    let parts = ctx.helper_parts();
    // The helpers' own stop: raised when the main search ends, or when the caller's
    // stop reaches the main thread.
    let done = Arc::new(AtomicBool::new(false));
    let before = ctx.counters().nodes;
    let (value, helpers) = crate::platform::threads::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|k| {
                let (parts, table, done) = (&parts, table.clone(), Arc::clone(&done));
                scope.spawn(move || {
                    let mut h = parts.context_sharing(pos, table, done);
                    // Every other helper a ply deeper; each starts the root at another move.
                    let d = depth + (k as u32 % 2);
                    h.rotate_root_moves(k);
                    let _ = pvs::search(&mut h, pos, d, 0, None, alpha, beta);
                    let finished = h.stop_reason().is_none();
                    (h.counters_so_far(), finished)
                })
            })
            .collect();
        let value = pvs::search(ctx, pos, depth, 0, None, alpha, beta);
        done.store(true, Ordering::Relaxed);
        // A helper that panicked fails the whole search, as a panic in a serial search
        // does.
        let helpers = crate::platform::threads::join_all(handles);
        (value, helpers)
    });
    let mine = ctx.counters().nodes - before;
    let mut busiest = mine;
    let mut aborted = 0;
    for (counters, finished) in &helpers {
        ctx.absorb(counters);
        busiest = busiest.max(counters.nodes);
        if !finished {
            aborted += counters.nodes;
        }
    }
    ctx.count_aborted(aborted);
    ctx.count_threads(threads as u32, busiest, 0);
    value
}
