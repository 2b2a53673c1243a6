//! A node's move loop, shared out to lent threads without changing a count: the
//! speculative split that gives a grid's last, longest cells the cores their finished
//! neighbours left, while every number in the grid stays the serial search's.
//!
//! A search whose counts depend only on its inputs (no table, killers or history:
//! [`crate::search::SearchOptions::counts_are_pure`]) searches a subtree the same way
//! whoever searches it and whenever: the value, the line and every counter of a move's
//! search are a function of the position, the depth and the window alone. The serial
//! loop searches move `i` with the window the moves before it left (its *key*: alpha
//! for NegaAlpha, the best so far for NegaScout's null window). Here, once the eldest
//! move is searched, lent threads search the younger moves ahead of time with the key
//! as it stands, betting that it will not change (with good ordering it rarely does).
//! The owner still takes the moves in order: a move searched ahead with the key the
//! serial loop would have used is taken as it is, its counters added to the owner's
//! and its line put where the owner's own search would have left it; a move searched
//! with a key since changed is searched again (a helper searching one is told to start
//! again with the new key). A cutoff ends the loop, and the work ahead of it is thrown
//! away, as is all speculative work: it is counted nowhere, so the result, the line
//! and every counter are the serial search's, node for node, on any number of threads.
//! Only the time changes.
//!
//! This is the idea of the speculative, order-preserving parallel searches (Akl,
//! Barnard & Doran 1982's "mandatory work first"; the "deterministic" parallel
//! alpha-beta of the later literature) kept to its simplest: the nodes that split are
//! those YBWC would split (Feldmann 1993: the eldest brother first), and the lent
//! threads are the only threads used.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use crate::game::{Evaluator, Game};
use crate::search::Counters;
use crate::search::context::{Ctx, HelperParts, Threads};
use crate::search::node::At;

/// A node's moves, in the order the loop takes them.
pub struct Moves<'m, G: Game> {
    /// The node (a move's line is read at its ply + 1).
    pub node: &'m At<'m, G>,
    /// Its moves, ordered.
    pub moves: &'m [G::Move],
}

/// A move's search given its key: the part of an algorithm's move loop that a lent
/// thread can do ahead (see [`each_move`]). A trait rather than a closure so that the
/// serial loop's call is inlined (mark the method `#[inline(always)]`).
pub trait Step<'a, G: Game, E: Evaluator<G>>: Sync {
    /// The value of move `mv` (the `index`-th, leading to `child`) searched with `key`.
    fn value(&self, ctx: &mut Ctx<'a, G, E>, index: usize, child: &G, mv: G::Move, key: i32)
    -> i32;
}

/// Runs a node's move loop: for each move in order, `step.value(ctx, index, child,
/// move, key(state))` gives its value, then `fold(ctx, state, index, move, value)` takes it
/// in and says whether the loop ends there (a cutoff). The loop also ends when the
/// search is stopped. Serial unless the search has lent threads free at a node deep
/// enough, where the younger moves are searched ahead by them (see the module doc);
/// either way the state, the counters and the line come out the same.
///
/// `SHARE` false is the plain loop alone: [`crate::search::node::search`] runs it where
/// [`crate::search::node::may_share`] says no, and the other out of line where it says
/// yes.
#[inline]
pub fn each_move<'a, const SHARE: bool, G, E, S, K, F, B>(
    ctx: &mut Ctx<'a, G, E>,
    at: &Moves<'_, G>,
    state: &mut S,
    key: K,
    step: F,
    mut fold: B,
) where
    G: Game,
    E: Evaluator<G>,
    K: Fn(&S) -> i32,
    F: Step<'a, G, E>,
    B: FnMut(&mut Ctx<'a, G, E>, &mut S, usize, G::Move, i32) -> bool,
{
    if SHARE {
        // Through references: the sharing's code is compiled once for an algorithm's
        // game and state, not again for each of its closures.
        sharing_loop(ctx, at, state, &key, &step, &mut fold);
        return;
    }
    for i in 0..at.moves.len() {
        if serial_step(ctx, at, i, state, &key, &step, &mut fold) {
            break;
        }
    }
}

/// The serial loop's step at move `i`: its value searched with the key as it stands,
/// then taken in. True when the loop ends there (a cutoff, or the search stopped).
#[inline(always)]
fn serial_step<'a, G, E, S, K, F, B>(
    ctx: &mut Ctx<'a, G, E>,
    at: &Moves<'_, G>,
    i: usize,
    state: &mut S,
    key: &K,
    step: &F,
    fold: &mut B,
) -> bool
where
    G: Game,
    E: Evaluator<G>,
    K: Fn(&S) -> i32 + ?Sized,
    F: Step<'a, G, E> + ?Sized,
    B: FnMut(&mut Ctx<'a, G, E>, &mut S, usize, G::Move, i32) -> bool + ?Sized,
{
    let mv = at.moves[i];
    let v = step.value(ctx, i, &at.node.pos.play(mv), mv, key(state));
    ctx.aborted() || fold(ctx, state, i, mv, v)
}

/// [`each_move`]'s loop where lent threads may take part: from the second move on,
/// with two or more moves left and a lent thread free, the rest is shared out.
fn sharing_loop<'a, G: Game, E: Evaluator<G>, S>(
    ctx: &mut Ctx<'a, G, E>,
    at: &Moves<'_, G>,
    state: &mut S,
    key: &dyn Fn(&S) -> i32,
    step: &dyn Step<'a, G, E>,
    fold: &mut Fold<'_, 'a, G, E, S>,
) {
    for i in 0..at.moves.len() {
        if i > 0
            && at.moves.len() - i >= 2
            && let Some(lent) = ctx.lent()
            && lent.free_now() > 0
        {
            let lent = Arc::clone(lent);
            if shared(ctx, at, i, lent, state, key, step, fold) {
                return;
            }
        }
        if serial_step(ctx, at, i, state, key, step, fold) {
            break;
        }
    }
}

/// The loop from move `first` on shared out when lent threads are idle; false
/// (nothing done) when none is.
#[allow(clippy::too_many_arguments)]
fn shared<'a, G: Game, E: Evaluator<G>, S>(
    ctx: &mut Ctx<'a, G, E>,
    at: &Moves<'_, G>,
    first: usize,
    lent: Arc<Threads>,
    state: &mut S,
    key: &dyn Fn(&S) -> i32,
    step: &dyn Step<'a, G, E>,
    fold: &mut Fold<'_, 'a, G, E, S>,
) -> bool {
    if lent.free_now() <= 0 {
        return false;
    }
    let loop_ = Loop { at, step, lent };
    loop_.share(ctx, first, state, key, fold);
    true
}

/// A move's value taken in, as the shared loop calls it (see [`each_move`]).
type Fold<'s, 'a, G, E, S> =
    dyn FnMut(&mut Ctx<'a, G, E>, &mut S, usize, <G as Game>::Move, i32) -> bool + 's;

/// A move searched ahead: the key it was searched with, its value, its counters and
/// the line it found.
struct Done<M> {
    key: i32,
    value: i32,
    counters: Counters,
    line: Vec<M>,
}

/// Where a move stands.
enum Slot<M> {
    /// Not taken (or given up).
    Free,
    /// A helper searches it with `key`; `restart` tells it the key has changed.
    Busy { key: i32, restart: Arc<AtomicBool> },
    /// Searched ahead.
    Done(Box<Done<M>>),
}

/// What the owner and the helpers share: the move the owner is at and its key, the
/// moves' slots, and whether the loop is over.
struct Board<M> {
    at: usize,
    key: i32,
    slots: Vec<Slot<M>>,
    over: bool,
}

/// The shared loop's fixed parts.
struct Loop<'t, 'm, 'a, G: Game, E: Evaluator<G>> {
    at: &'t Moves<'m, G>,
    step: &'t dyn Step<'a, G, E>,
    lent: Arc<Threads>,
}

/// The shared loop while it runs.
struct Team<'t, 'm, 'a, G: Game, E: Evaluator<G>> {
    fixed: &'t Loop<'t, 'm, 'a, G, E>,
    board: Mutex<Board<G::Move>>,
    ready: Condvar,
    end: Arc<AtomicBool>,
    parts: HelperParts<'a, G, E>,
    panic: Mutex<Option<Box<dyn std::any::Any + Send>>>,
}

/// `m` locked, poisoned or not (what it guards is whole after every write).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<'m, 'a, G: Game, E: Evaluator<G>> Loop<'_, 'm, 'a, G, E> {
    /// The loop from move `first` on, the lent threads joining while moves are open.
    fn share<S>(
        &self,
        ctx: &mut Ctx<'a, G, E>,
        first: usize,
        state: &mut S,
        key: &dyn Fn(&S) -> i32,
        fold: &mut Fold<'_, 'a, G, E, S>,
    ) {
        let end = Arc::new(AtomicBool::new(false));
        let team = Team {
            fixed: self,
            board: Mutex::new(Board {
                at: first,
                key: key(state),
                slots: self.at.moves.iter().map(|_| Slot::Free).collect(),
                over: false,
            }),
            ready: Condvar::new(),
            parts: ctx.helper_parts().watching(&end),
            end,
            panic: Mutex::new(None),
        };
        let room = self.at.moves.len() - first - 1;
        let helper = |_: usize| team.help();
        self.lent
            .crew()
            .split(room, self.at.node.depth, &helper, || {
                for i in first..self.at.moves.len() {
                    let mv = self.at.moves[i];
                    let k = key(state);
                    let v = match team.accept(i, k) {
                        Some(done) => {
                            ctx.absorb(&done.counters);
                            ctx.set_line_at(self.at.node.ply + 1, done.line);
                            done.value
                        }
                        None => self.step.value(ctx, i, &self.at.node.pos.play(mv), mv, k),
                    };
                    if ctx.aborted() || fold(ctx, state, i, mv, v) {
                        break;
                    }
                }
                team.end.store(true, Ordering::Relaxed);
                lock(&team.board).over = true;
                team.ready.notify_all();
            });
        if let Some(p) = lock(&team.panic).take() {
            // A helper that panicked fails the whole search, as a panic in a serial
            // search does.
            std::panic::resume_unwind(p);
        }
    }
}

impl<'m, 'a, G: Game, E: Evaluator<G>> Team<'_, 'm, 'a, G, E> {
    /// A lent thread's work: the first move after the owner's that is free or was
    /// searched with a key since changed, searched with the owner's key, until none is
    /// left or the loop is over.
    fn help(&self) {
        while let Some(task) = self.take() {
            if !self.search_ahead(task) {
                break;
            }
        }
    }

    /// Searches move `i` ahead with `key` in a context of its own, and leaves it done
    /// (or free again when told to start again, or stopped). False when this thread
    /// should take no more: the loop is over, the search stopped, or it panicked.
    fn search_ahead(&self, (i, key, restart): (usize, i32, Arc<AtomicBool>)) -> bool {
        let (pos, ply) = (self.fixed.at.node.pos, self.fixed.at.node.ply);
        let mv = self.fixed.at.moves[i];
        let run = std::panic::AssertUnwindSafe(|| {
            let mut h = self.parts.context(pos);
            let place = h.watch(&restart);
            let value = self.fixed.step.value(&mut h, i, &pos.play(mv), mv, key);
            (
                h.stop_cause(),
                place,
                value,
                h.counters_so_far(),
                h.line_at(ply + 1),
            )
        });
        let result = std::panic::catch_unwind(run);
        let mut b = lock(&self.board);
        let go_on = match result {
            Ok((None, _, value, counters, line)) => {
                if !b.over {
                    b.slots[i] = Slot::Done(Box::new(Done {
                        key,
                        value,
                        counters,
                        line,
                    }));
                }
                true
            }
            // Told to start again: the key changed.
            Ok((Some((_, Some(by))), place, ..)) if by == place => {
                b.slots[i] = Slot::Free;
                true
            }
            // The loop is over, or the search stopped.
            Ok(_) => {
                b.slots[i] = Slot::Free;
                false
            }
            Err(p) => {
                b.slots[i] = Slot::Free;
                self.end.store(true, Ordering::Relaxed);
                lock(&self.panic).get_or_insert(p);
                false
            }
        };
        drop(b);
        self.ready.notify_all();
        go_on
    }

    /// Takes the first move after the owner's that is free or stale, marking it busy
    /// with the owner's key; None when there is none or the loop is over.
    fn take(&self) -> Option<(usize, i32, Arc<AtomicBool>)> {
        let mut b = lock(&self.board);
        if b.over {
            return None;
        }
        let key = b.key;
        let i = (b.at + 1..b.slots.len()).find(|&j| is_open(&b.slots[j], key))?;
        let restart = Arc::new(AtomicBool::new(false));
        b.slots[i] = Slot::Busy {
            key,
            restart: Arc::clone(&restart),
        };
        Some((i, key, restart))
    }

    /// The owner is at move `i` with `key`: tells the helpers searching a later move
    /// with another key to start again, and returns move `i` when a helper searched it
    /// with this key, waiting for it when one is searching it now (searching a later
    /// move ahead meanwhile when one is open). None: the owner searches it itself.
    fn accept(&self, i: usize, key: i32) -> Option<Done<G::Move>> {
        let mut b = lock(&self.board);
        b.at = i;
        b.key = key;
        for slot in &b.slots[i..] {
            if let Slot::Busy { key: k, restart } = slot
                && *k != key
            {
                restart.store(true, Ordering::Relaxed);
            }
        }
        let taken = loop {
            match &b.slots[i] {
                Slot::Done(d) if d.key == key => {
                    break match std::mem::replace(&mut b.slots[i], Slot::Free) {
                        Slot::Done(d) => Some(*d),
                        _ => None,
                    };
                }
                Slot::Busy { key: k, .. } if *k == key => {
                    // A helper has it: search a later move ahead meanwhile, or wait
                    // when none is open.
                    let open = (i + 1..b.slots.len()).find(|&j| is_open(&b.slots[j], key));
                    if let Some(j) = open.filter(|_| !b.over) {
                        let restart = Arc::new(AtomicBool::new(false));
                        b.slots[j] = Slot::Busy {
                            key,
                            restart: Arc::clone(&restart),
                        };
                        drop(b);
                        self.search_ahead((j, key, restart));
                        b = lock(&self.board);
                        continue;
                    }
                    b = self.ready.wait(b).unwrap_or_else(PoisonError::into_inner);
                }
                _ => break None,
            }
        };
        drop(b);
        taken
    }
}

/// Whether a helper may take a move in this slot: free, or searched with a key other
/// than the owner's.
fn is_open<M>(slot: &Slot<M>, key: i32) -> bool {
    match slot {
        Slot::Free => true,
        Slot::Done(d) => d.key != key,
        Slot::Busy { .. } => false,
    }
}
