//! A split point, shared by the parallel searches that split a node's moves (PVS split
//! at the root, YBWC): once the eldest brother is searched, the node's other moves go
//! to this thread and to helper threads, each taking the next move not yet taken,
//! testing it with the null window at the best value found so far by any of them and
//! searching it again with the full window when it fails high, as PVS does. A move
//! that reaches beta raises the split's flag, which ends the other threads' work at
//! this node within a poll of the stop flag (1024 nodes); that work is counted as
//! aborted. The split is a job of the search's crew ([`crate::platform::crew`]): its
//! helper threads, started once for the whole search, join it while it has moves left
//! (a thread that becomes idle joins a split already under way), and its owner, once
//! its own moves are done, works on the splits its helpers made below it while it
//! waits for them.
//!
//! Helpers search with contexts of their own (killers, history, counters), sharing the
//! table when the search shares one; their counters are added to the owner's.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::game::{Evaluator, Game};
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
    crate::search::Counters,
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
    /// What the helpers handed back, as each left.
    helped: Mutex<Vec<Helped>>,
}

impl<G: Game, E: Evaluator<G>> Team<'_, '_, G, E> {
    /// A helper's part: the moves it takes, in a context of its own (none made when
    /// every move is taken already).
    fn help(&self) {
        if self.next.load(Ordering::Relaxed) >= self.at.moves.len()
            || self.flag.load(Ordering::Relaxed)
        {
            return;
        }
        let mut h = self.parts.context(self.at.pos);
        let work = share(&mut h, self);
        let r = (work, h.counters_so_far(), h.own_nodes(), h.stop_cause());
        lock(&self.helped).push(r);
    }
}

/// `m` locked, poisoned or not (what it guards is whole after every write).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Shares the moves of `at` out to this thread and the search's idle helper threads,
/// starting from `node`, and returns the node's state after. Helpers join while moves
/// are left; a cutoff at this node stops the others' work here and nothing above it;
/// when this thread's search was stopped meanwhile it stays stopped. A helper's panic
/// fails the search, as a panic in a serial search does.
pub fn split<'a, G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'a, G, E>,
    at: &At<'_, 'a, G, E>,
    node: Node<G::Move>,
) -> Node<G::Move> {
    let Some(threads) = ctx.threads().cloned() else {
        return serial(ctx, at, node);
    };
    let flag = Arc::new(AtomicBool::new(false));
    let place = ctx.watch(&flag);
    let team = Team {
        at,
        next: AtomicUsize::new(at.first),
        state: Mutex::new(node),
        flag,
        parts: ctx.helper_parts(),
        helped: Mutex::new(Vec::new()),
    };
    ctx.count_split();
    let room = threads.room(at.moves.len().saturating_sub(at.first + 1));
    let helper = |_: usize| team.help();
    let mine = threads.crew().split(room, at.depth, &helper, || {
        let mine = share(ctx, &team);
        // Stopped from above, or cut here: the helpers stop too.
        if ctx.aborted() {
            team.flag.store(true, Ordering::Relaxed);
        }
        mine
    });
    // Every helper has left.
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
    team.state.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// The split's moves on this thread alone (a search without helper threads).
fn serial<'a, G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'a, G, E>,
    at: &At<'_, 'a, G, E>,
    node: Node<G::Move>,
) -> Node<G::Move> {
    let team = Team {
        at,
        next: AtomicUsize::new(at.first),
        state: Mutex::new(node),
        flag: Arc::new(AtomicBool::new(false)),
        parts: ctx.helper_parts(),
        helped: Mutex::new(Vec::new()),
    };
    let work = share(ctx, &team);
    ctx.count_aborted(work.aborted);
    team.state.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// One thread's share of a split: the next move not yet taken, tested with the null
/// window at the best value so far and searched again when it fails high, until none
/// is left, a move reaches beta, or the search is stopped.
fn share<'a, G: Game, E: Evaluator<G>>(c: &mut Ctx<'a, G, E>, team: &Team<'_, 'a, G, E>) -> Work {
    let mut aborted = 0;
    let (at, state) = (team.at, &team.state);
    let (depth, ply, beta) = (at.depth, at.ply, at.beta);
    loop {
        let i = team.next.fetch_add(1, Ordering::Relaxed);
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
