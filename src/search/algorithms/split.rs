//! A split point, shared by the parallel searches that split a node's moves (PVS split
//! at the root, YBWC): once the eldest brother is searched, the node's other moves go
//! to this thread and to helper threads, each taking the next move not yet taken,
//! testing it with the null window at the best value found so far by any of them and
//! searching it again with the full window when it fails high, as PVS does. A move
//! that reaches beta raises the split's flag, which ends the other threads' work at
//! this node within a poll of the stop flag (1024 nodes); that work is counted as
//! aborted. A thread that takes a move with two or more left after it recruits the
//! threads that have become idle since (a helper joins a split already under way). The
//! owner gives its thread slot back while it waits for its helpers, so another split
//! can use the core.
//!
//! Helpers search with contexts of their own (killers, history, counters), sharing the
//! table when the search shares one; their counters are added to the owner's.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::game::{Evaluator, Game};
use crate::platform::clock::Instant;
use crate::search::context::Ctx;

pub use super::pvs::Child;

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

/// What a helper hands back: its work, its counters, the nodes it searched itself and
/// why it stopped (see [`Ctx::stop_cause`]).
type Helped = (
    Work,
    crate::search::counters::Counters,
    u64,
    Option<(crate::search::context::StopReason, Option<usize>)>,
);

/// What the threads of one split share.
struct Team<'t, 'a, G: Game, E: Evaluator<G>> {
    at: &'t At<'t, 'a, G, E>,
    next: AtomicUsize,
    state: Mutex<Node<G::Move>>,
    flag: Arc<AtomicBool>,
    parts: crate::search::context::HelperParts<'a, G, E>,
    threads: Option<Arc<crate::search::context::Threads>>,
    /// What the helpers handed back, as each ended.
    helped: Mutex<Vec<Helped>>,
    /// The first helper's panic, passed on to the owner once all have ended.
    panic: Mutex<Option<Box<dyn std::any::Any + Send>>>,
}

/// Starts a helper on `team`'s split (its thread slot already claimed).
fn recruit<'scope, 'env, 'a, G: Game, E: Evaluator<G>>(
    scope: &'scope crate::platform::threads::Scope<'scope, 'env>,
    team: &'env Team<'env, 'a, G, E>,
) {
    let _ = scope.spawn(move || {
        let run = std::panic::AssertUnwindSafe(|| {
            let mut h = team.parts.context(team.at.pos);
            let more = |n: usize| (0..n).for_each(|_| recruit(scope, team));
            let work = share(&mut h, team, &more);
            (work, h.counters_so_far(), h.own_nodes(), h.stop_cause())
        });
        let result = std::panic::catch_unwind(run);
        if let Some(t) = &team.threads {
            t.give_back(1);
        }
        match result {
            Ok(r) => lock(&team.helped).push(r),
            Err(p) => {
                team.flag.store(true, Ordering::Relaxed);
                lock(&team.panic).get_or_insert(p);
            }
        }
    });
}

/// `m` locked, poisoned or not (what it guards is whole after every write).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Shares the moves of `at` out to this thread and `helpers` helper threads (their
/// slots already claimed), starting from `node`, and returns the node's state after.
/// A thread that takes a move with two or more left after it recruits the threads
/// that have become idle since (a helper joins a split already under way). When this
/// thread's search was stopped meanwhile it stays stopped; a cutoff at this node stops
/// nothing above it. Returns the thread-microseconds this thread waited for its
/// helpers as well.
pub fn split<'a, G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'a, G, E>,
    at: &At<'_, 'a, G, E>,
    node: Node<G::Move>,
    helpers: usize,
) -> (Node<G::Move>, u64) {
    let flag = Arc::new(AtomicBool::new(false));
    let place = ctx.watch(&flag);
    let team = Team {
        at,
        next: AtomicUsize::new(at.first),
        state: Mutex::new(node),
        flag,
        parts: ctx.helper_parts(),
        threads: ctx.threads().cloned(),
        helped: Mutex::new(Vec::new()),
        panic: Mutex::new(None),
    };
    if helpers > 0 {
        ctx.count_split();
    }
    let waiting = crate::platform::threads::scope(|scope| {
        (0..helpers).for_each(|_| recruit(scope, &team));
        let more = |n: usize| (0..n).for_each(|_| recruit(scope, &team));
        let mine = share(ctx, &team, &more);
        // Stopped from above, or cut here: the helpers stop too.
        if ctx.aborted() {
            team.flag.store(true, Ordering::Relaxed);
        }
        if let Some(t) = &team.threads {
            t.give_back(1);
        }
        (mine, Instant::now())
    });
    // The scope has joined every helper.
    if let Some(t) = &team.threads {
        t.take_back(1);
    }
    if let Some(p) = lock(&team.panic).take() {
        // A helper that panicked fails the whole search, as a panic in a serial search
        // does.
        std::panic::resume_unwind(p);
    }
    let (mine, since) = waiting;
    let mut aborted = mine.aborted;
    let mut busiest = 0;
    for (work, counters, own, cause) in lock(&team.helped).iter() {
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
    let node = team.state.into_inner().unwrap_or_else(|e| e.into_inner());
    (node, since.elapsed().as_micros() as u64)
}

/// One thread's share of a split: the next move not yet taken, tested with the null
/// window at the best value so far and searched again when it fails high, until none
/// is left, a move reaches beta, or the search is stopped.
fn share<'a, G: Game, E: Evaluator<G>>(
    c: &mut Ctx<'a, G, E>,
    team: &Team<'_, 'a, G, E>,
    more: &dyn Fn(usize),
) -> Work {
    let mut aborted = 0;
    let (at, state) = (team.at, &team.state);
    let (depth, ply, beta) = (at.depth, at.ply, at.beta);
    loop {
        let i = team.next.fetch_add(1, Ordering::Relaxed);
        let Some(&mv) = at.moves.get(i) else { break };
        let left = at.moves.len() - i - 1;
        if left >= 2 {
            more(c.claim_helpers(left - 1));
        }
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
        let v = super::pvs::move_value(c, at.child, &child, (depth, ply), mv, false, alpha, beta);
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
                team.flag.store(true, Ordering::Relaxed);
                c.cutoff(at.pos, ply, i, mv, depth);
                break;
            }
        }
    }
    Work { aborted }
}
