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
//!
//! [`team`] runs such a team of threads for [`super::abdada`] as well, with its own
//! search in every thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, Threads};

use super::pvs;
use super::split::Child;

/// Searches the root `pos` at `depth` with the window `(alpha, beta)` on the options'
/// threads, the calling one the main thread.
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    let team_of = Team {
        search: pvs::search::<G, E>,
        diverse: true,
        marks: false,
    };
    team(ctx, pos, depth, (alpha, beta), &team_of)
}

/// What the threads of a shared-table search run.
pub struct Team<'a, G: Game, E: Evaluator<G>> {
    /// Every thread's search.
    pub search: Child<'a, G, E>,
    /// Every other helper a ply deeper, each starting the root at another move
    /// (Lazy SMP's diversity); otherwise all alike.
    pub diverse: bool,
    /// The threads share busy marks ([`Threads::is_busy`]: ABDADA's).
    pub marks: bool,
}

/// Runs `team` from the root `pos` at `depth` with `window` on the options' threads,
/// the calling one the main thread, whose value is the result; on one thread, PVS
/// node for node.
pub fn team<'a, G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'a, G, E>,
    pos: &G,
    depth: u32,
    (alpha, beta): (i32, i32),
    team: &Team<'a, G, E>,
) -> i32 {
    let threads = ctx.opts().threads.max(1) as usize;
    if threads == 1 {
        // PVS, node for node, with the search's own table.
        let before = ctx.own_nodes();
        let v = pvs::search(ctx, pos, depth, 0, None, alpha, beta);
        ctx.count_threads(1, ctx.own_nodes() - before, 0);
        return v;
    }
    let _ = ctx.share_table();
    ctx.set_threads(Some(Arc::new(Threads::new(threads, team.marks))));
    // The helpers' own stop: raised when the main search ends; the caller's stop
    // reaches them directly.
    let done = Arc::new(AtomicBool::new(false));
    let parts = ctx.helper_parts().watching(&done);
    let before = ctx.own_nodes();
    let (value, helpers) = crate::platform::threads::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|k| {
                let parts = &parts;
                scope.spawn(move || {
                    let mut h = parts.context(pos);
                    let mut d = depth;
                    if team.diverse {
                        d += k as u32 % 2;
                        h.rotate_root_moves(k);
                    }
                    let _ = (team.search)(&mut h, pos, d, 0, None, alpha, beta);
                    let finished = h.stop_reason().is_none();
                    (h.counters_so_far(), finished)
                })
            })
            .collect();
        let value = (team.search)(ctx, pos, depth, 0, None, alpha, beta);
        done.store(true, Ordering::Relaxed);
        // A helper that panicked fails the whole search, as a panic in a serial search
        // does.
        let helpers = crate::platform::threads::join_all(handles);
        (value, helpers)
    });
    ctx.set_threads(None);
    let mut busiest = ctx.own_nodes() - before;
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
