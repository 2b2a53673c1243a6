//! Lazy SMP: every thread searches the whole tree at once, sharing one transposition
//! table; nothing else is shared and nothing is split. The main thread's search is the
//! result; the helpers' only effect is the bounds and moves they leave in the table,
//! which let the main thread skip or order what they searched first. Diversity keeps
//! the threads apart: every other helper searches a ply deeper, and each helper tries
//! the root's moves from a different one.
//!
//! The helpers persist across the iterations of the deepening, as Stockfish's do: they
//! are started once for the search, each keeps its own killers and history, and each
//! runs a deepening of its own a ply ahead of the main thread or level with it: a
//! helper searching a depth the main thread has finished stops and goes on at the next,
//! and one ahead of it goes on undisturbed. The table is lock-free
//! ([`crate::search::tt::SharedTable`]).
//!
//! D. Homan's description (2013, the name), after the shared-table searches of the
//! 1980s; the parallel search of Stockfish and most chess engines since. Contract:
//! fail-soft as [`super::pvs`], which each thread runs, side to move's view. A bound
//! in the table answers a node only at the depth it was stored for, so the main
//! thread's value is PVS's exact value whatever the helpers did; its counts, and the
//! best move among equals, vary from run to run. Without a table the helpers share
//! nothing and only cost nodes. With `+tt-deeper` a bound stored for a deeper search
//! answers a shallower one too, as chess engines' tables do: what the helpers a ply
//! ahead store then cuts the main thread's search, but the value is no longer exactly
//! the one of the depth searched (a deeper search's bound may stand for it), so the row
//! is no longer exact; off by default. The counters add every thread's; the helpers'
//! searches stopped before they ended are `aborted_nodes`.
//!
//! As many helpers search as the machine has cores besides the main thread's
//! ([`crate::search::slots::Threads::room`]): on 2 cores `threads=16` searches as
//! `threads=2` does, with 15 threads started; on 16 cores every helper searches.
//!
//! [`with_team`] runs such a team of threads for [`super::abdada`] as well, with its own
//! search in every thread.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, Deepening, HelperParts};

use super::pvs;
use super::split::Child;

/// Searches the root `pos` at `depth` with the window `(alpha, beta)`: the main
/// thread's search, the helpers (started by [`with_team`] for the whole search)
/// searching beside it; on one thread, PVS node for node.
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    main_search(ctx, pos, depth, (alpha, beta), pvs::search::<G, E>)
}

/// The main thread's search of one iteration with `search` (each thread's), counted.
pub fn main_search<'a, G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'a, G, E>,
    pos: &G,
    depth: u32,
    (alpha, beta): (i32, i32),
    search: Child<'a, G, E>,
) -> i32 {
    let threads = ctx.opts().threads.max(1) as usize;
    let before = ctx.own_nodes();
    let v = if ctx.has_team() {
        search(ctx, pos, depth, 0, None, alpha, beta)
    } else {
        // PVS, node for node, with the search's own table.
        pvs::search(ctx, pos, depth, 0, None, alpha, beta)
    };
    let threads = if ctx.has_team() { threads } else { 1 };
    ctx.count_threads(threads as u32, ctx.own_nodes() - before, 0);
    v
}

/// Lazy SMP's team: PVS in every thread, diverse.
#[must_use]
pub fn team<'a, G: Game, E: Evaluator<G>>() -> Team<'a, G, E> {
    Team {
        search: pvs::search::<G, E>,
        diverse: true,
        marks: false,
    }
}

/// What the threads of a shared-table search run.
pub struct Team<'a, G: Game, E: Evaluator<G>> {
    /// Every thread's search.
    pub search: Child<'a, G, E>,
    /// Every other helper a ply deeper, each starting the root at another move
    /// (Lazy SMP's diversity); otherwise all alike.
    pub diverse: bool,
    /// The threads share busy marks ([`crate::search::context::Threads::is_busy`]:
    /// ABDADA's).
    pub marks: bool,
}

/// Runs `body` (the search's iterations, from depth `first` to `last`) on the calling
/// thread with `team`'s helpers beside it on the options' threads: started once, each
/// with a deepening of its own from the root `pos` with the root `window`, until `body`
/// ends. On one thread `body` alone.
pub fn with_team<'a, G: Game, E: Evaluator<G>, R>(
    ctx: &mut Ctx<'a, G, E>,
    pos: &G,
    (first, last, window): (u32, u32, (i32, i32)),
    team: &Team<'a, G, E>,
    body: impl FnOnce(&mut Ctx<'a, G, E>) -> R,
) -> R {
    let threads = ctx.opts().threads.max(1) as usize;
    if threads == 1 {
        return body(ctx);
    }
    let _ = ctx.share_table();
    let crew = ctx.parallel(threads, team.marks);
    let deepening = Arc::new(Deepening::new(first, last));
    ctx.set_deepening(Some(Arc::clone(&deepening)));
    let parts = ctx.helper_parts().watching(deepening.done());
    let helper = |k: usize| {
        let run = Helper {
            k,
            parts: &parts,
            pos,
            team,
            last,
            window,
            deepening: &deepening,
        };
        run.deepen();
    };
    let r = crew.crew().gather(crew.room(threads - 1), &helper, || {
        let r = body(ctx);
        deepening.done().store(true, Ordering::SeqCst);
        r
    });
    ctx.collect_helpers();
    ctx.set_deepening(None);
    ctx.count_threads(threads as u32, 0, 0);
    r
}

/// One helper of a team.
struct Helper<'h, 'a, G: Game, E: Evaluator<G>> {
    /// Its number (1 on).
    k: usize,
    parts: &'h HelperParts<'a, G, E>,
    pos: &'h G,
    team: &'h Team<'a, G, E>,
    last: u32,
    window: (i32, i32),
    deepening: &'h Deepening,
}

impl<G: Game, E: Evaluator<G>> Helper<'_, '_, G, E> {
    /// The helper's deepening: each search one ply past its last (at least the main
    /// thread's depth, plus one for every other helper of a diverse team), stopped when
    /// the main thread finishes its depth, until the search ends or no depth is left;
    /// its work handed to the main thread after each.
    fn deepen(&self) {
        let mut h = self.parts.context(self.pos);
        let ahead = if self.team.diverse {
            h.rotate_root_moves(self.k);
            (self.k % 2) as u32
        } else {
            0
        };
        let (mut done, mut total) = (0, 0);
        loop {
            let d = (self.deepening.depth() + ahead).max(done + 1).max(1);
            if d > self.last + ahead || h.aborted() {
                break;
            }
            let place = self.deepening.finished(d).map(|f| h.watch(f));
            let (alpha, beta) = self.window;
            let _ = (self.team.search)(&mut h, self.pos, d, 0, None, alpha, beta);
            let stopped = h.aborted();
            if let Some(place) = place {
                h.unwatch(place);
            }
            let delta = h.take_counters();
            total += delta.nodes();
            let aborted = if stopped { delta.nodes() } else { 0 };
            self.deepening.deliver(&delta, aborted, total);
            if !stopped {
                done = d;
            }
        }
    }
}
