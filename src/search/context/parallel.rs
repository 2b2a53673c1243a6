//! The context's side of a parallel search: the parts a helper thread makes its own
//! context from, the table the threads share, the flags that end one thread's part
//! (a split's cutoff, the end of the main search), the helper threads the splits post
//! their work to, ABDADA's busy marks, and the counters of the sharing.
//!
//! A flag a context watches stops it as the stop flag does (polled with it); when the
//! flag belongs to a split this thread owns, the split takes the stop back once its
//! helpers have joined ([`Ctx::unwatch`]), so a sibling's cutoff ends the other
//! siblings' work without ending the search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{Ctx, SearchControl, SearchTable, ShallowSearch, StopReason};
use crate::game::{Evaluator, Game};
use crate::search::Counters;
use crate::search::options::{SearchOptions, TableKind};
pub use crate::search::slots::{Deepening, Threads};
use crate::search::tt::SharedTable;

/// What a helper thread of a parallel search makes its context from
/// ([`Ctx::helper_parts`]): it can cross to another thread.
pub struct HelperParts<'a, G: Game, E: Evaluator<G>> {
    eval: &'a E,
    opts: &'a SearchOptions,
    stop: Arc<AtomicBool>,
    watched: Vec<Arc<AtomicBool>>,
    node_budget: Option<u64>,
    time_budget: Option<std::time::Duration>,
    shallow: ShallowSearch<'a, G, E>,
    table: Option<Arc<SharedTable>>,
    threads: Option<Arc<Threads>>,
    lent: Option<Arc<Threads>>,
}

impl<'a, G: Game, E: Evaluator<G>> HelperParts<'a, G, E> {
    /// A fresh context for a helper thread searching below `root`: its own killers,
    /// history and counters; the search's stop flag, budgets, watched flags and
    /// shared state; the shared table when the search shares one, else a table of its
    /// own; no progress reports and no trace.
    #[must_use]
    pub fn context(&self, root: &G) -> Ctx<'a, G, E> {
        let control = SearchControl {
            stop: Arc::clone(&self.stop),
            node_budget: self.node_budget,
            time_budget: self.time_budget,
            ..SearchControl::default()
        };
        let mut c = match &self.table {
            Some(t) => Ctx::with_table(
                root,
                self.eval,
                self.opts,
                control,
                self.shallow,
                Some(SearchTable::Shared(Arc::clone(t))),
            ),
            None => Ctx::new(root, self.eval, self.opts, control, self.shallow),
        };
        c.watched.clone_from(&self.watched);
        c.threads.clone_from(&self.threads);
        c.lent.clone_from(&self.lent);
        c
    }

    /// These parts with `flag` watched too: a helper's context stops when it is raised.
    #[must_use]
    pub fn watching(mut self, flag: &Arc<AtomicBool>) -> Self {
        self.watched.push(Arc::clone(flag));
        self
    }
}

impl<'a, G: Game, E: Evaluator<G>> Ctx<'a, G, E> {
    /// What a helper thread of a parallel search needs to make its own context for the
    /// same search ([`HelperParts::context`]): the evaluator, the options, the stop flag,
    /// the flags this context watches, the budgets (each helper counts its own nodes
    /// against the node budget), the shared table and state when there are.
    #[must_use]
    pub fn helper_parts(&self) -> HelperParts<'a, G, E> {
        HelperParts {
            eval: self.eval,
            opts: self.opts,
            stop: Arc::clone(&self.control.stop),
            watched: self.watched.clone(),
            node_budget: self.control.node_budget,
            time_budget: self.control.time_budget,
            shallow: self.shallow,
            table: match &self.tt {
                Some(SearchTable::Shared(t)) => Some(Arc::clone(t)),
                _ => None,
            },
            threads: self.threads.clone(),
            lent: self.lent.clone(),
        }
    }

    /// The threads lent to this search, when it may share its moves out without
    /// changing a count (see [`SearchControl::lend`]), and is not searching only to
    /// order moves (those nodes are counted apart).
    #[must_use]
    pub fn lent(&self) -> Option<&Arc<Threads>> {
        self.lent.as_ref().filter(|_| self.ordering_level == 0)
    }

    /// A fresh context, as [`Ctx::new`], whose table is the one its threads will share
    /// ([`Ctx::share_table`]) from the start: a parallel row's table made once, not
    /// made as its own and then replaced.
    pub fn sharing(
        root: &G,
        eval: &'a E,
        opts: &'a SearchOptions,
        control: SearchControl<'a>,
        shallow: ShallowSearch<'a, G, E>,
    ) -> Self {
        if opts.tt_mib > 0 && opts.table == TableKind::Full && !opts.tt_leaves {
            // The table a grid's last search left, when the caller keeps one.
            let t = Arc::new(match &control.crew {
                Some(keeper) => keeper.take_table(opts.tt_mib),
                None => SharedTable::with_mib(opts.tt_mib),
            });
            Ctx::with_table(
                root,
                eval,
                opts,
                control,
                shallow,
                Some(SearchTable::Shared(t)),
            )
        } else {
            Ctx::new(root, eval, opts, control, shallow)
        }
    }

    /// The table this search's threads share: made from its own on the first call (an
    /// empty one of the same size; called before the first iteration searches), the
    /// same one after. None without a table, or with a kind of table other than the
    /// ordinary one (Pons' one-bound tables, MT memory stay the search's own).
    pub fn share_table(&mut self) -> Option<Arc<SharedTable>> {
        match &self.tt {
            Some(SearchTable::Shared(t)) => Some(Arc::clone(t)),
            Some(SearchTable::Own(_))
                if self.opts.table == TableKind::Full && !self.opts.tt_leaves =>
            {
                let t = Arc::new(SharedTable::with_mib(self.opts.tt_mib));
                self.tt = Some(SearchTable::Shared(Arc::clone(&t)));
                Some(t)
            }
            _ => None,
        }
    }

    /// What this search's threads share besides the table, when it is parallel.
    #[must_use]
    pub fn threads(&self) -> Option<&Arc<Threads>> {
        self.threads.as_ref()
    }

    /// The threads of this parallel search on `threads` threads: started by the first
    /// call (its helpers, `threads - 1`, with ABDADA's busy marks when `marks`; taken
    /// from the crew the caller keeps across searches when it keeps one,
    /// [`SearchControl::crew`]), the same ones after, to the end of the search
    /// ([`Ctx::end_threads`]).
    pub fn parallel(&mut self, threads: usize, marks: bool) -> Arc<Threads> {
        let keeper = self.control.crew.as_ref();
        Arc::clone(
            self.threads
                .get_or_insert_with(|| Arc::new(Threads::kept(threads, marks, keeper))),
        )
    }

    /// Ends the helper threads of a parallel search and counts what they did: threads
    /// started, wake-ups, context switches, idle time; its shared table goes to the
    /// caller's keeper for the next search when there is one. Called once the search is
    /// over (on the thread that started them).
    pub fn end_threads(&mut self) {
        // The shared table goes to the keeper for the next search, when there is one
        // (every helper has left it by now).
        if let Some(keeper) = &self.control.crew
            && matches!(self.tt, Some(SearchTable::Shared(_)))
            && let Some(SearchTable::Shared(t)) = self.tt.take()
        {
            match Arc::try_unwrap(t) {
                Ok(table) => keeper.keep_table(table),
                Err(t) => self.tt = Some(SearchTable::Shared(t)),
            }
        }
        let Some(threads) = self.threads.take() else {
            return;
        };
        let counts = match Arc::try_unwrap(threads) {
            Ok(t) => t.finish(),
            Err(shared) => shared.counts(),
        };
        let c = &mut self.counters;
        c.threads_started += counts.started;
        c.wakeups += counts.wakeups;
        c.context_switches += counts.switches;
        c.idle_micros += counts.idle_micros;
    }

    /// How many of this search's threads could take work now (0 in a serial search).
    #[inline]
    #[must_use]
    pub fn idle_helpers(&self) -> usize {
        self.threads.as_ref().map_or(0, |t| t.crew().idle())
    }

    /// The state a team of whole-tree searchers shares across iterations, while one
    /// runs (Lazy SMP, ABDADA): each iteration begun is told to it.
    pub fn set_deepening(&mut self, deepening: Option<Arc<Deepening>>) {
        self.deepening = deepening;
    }

    /// Whether a team of whole-tree searchers runs beside this search.
    #[must_use]
    pub fn has_team(&self) -> bool {
        self.deepening.is_some()
    }

    /// Adds what the team's helpers handed over since the last call to this search's
    /// counters (before an iteration's counters are read, and at the team's end).
    pub fn collect_helpers(&mut self) {
        let Some(d) = &self.deepening else { return };
        let got = d.collect();
        self.absorb(&got.counters);
        self.counters.aborted_nodes += got.aborted;
        self.counters.busiest_thread_nodes = self.counters.busiest_thread_nodes.max(got.busiest);
    }

    /// Whether another thread is searching the node of `key` (ABDADA's marks; false
    /// without them).
    #[inline]
    #[must_use]
    pub fn is_busy(&self, key: u64) -> bool {
        self.threads.as_ref().is_some_and(|t| t.is_busy(key))
    }

    /// Marks the node of `key` as being searched (where the search keeps marks).
    #[inline]
    pub fn mark_busy(&self, key: u64) {
        if let Some(t) = &self.threads {
            t.mark_busy(key);
        }
    }

    /// Takes the mark of `key` off.
    #[inline]
    pub fn unmark_busy(&self, key: u64) {
        if let Some(t) = &self.threads {
            t.unmark_busy(key);
        }
    }

    /// Watches `flag` from now on: raised, it stops this context as the stop flag does.
    /// Returns its place, for [`Ctx::unwatch`].
    pub fn watch(&mut self, flag: &Arc<AtomicBool>) -> usize {
        self.watched.push(Arc::clone(flag));
        self.watched.len() - 1
    }

    /// Stops watching the flag at `place` and the ones after it; when one of them
    /// stopped the search, the search goes on (the split they belong to is over).
    pub fn unwatch(&mut self, place: usize) {
        self.watched.truncate(place);
        if self.stopped_by.is_some_and(|i| i >= place) {
            self.stopped_by = None;
            self.stopped = None;
        }
    }

    /// Stops the search when a watched flag is raised (polled with the stop flag).
    pub(super) fn poll_watched(&mut self) {
        if self.stopped.is_some() {
            return;
        }
        if let Some(i) = self.watched.iter().position(|f| f.load(Ordering::Relaxed)) {
            self.stopped = Some(StopReason::Stopped);
            self.stopped_by = Some(i);
        }
    }

    /// Why this search stopped, and which watched flag stopped it (None: the stop
    /// flag or a budget), for the split it helps ([`Ctx::adopt_stop`]).
    #[must_use]
    pub fn stop_cause(&self) -> Option<(StopReason, Option<usize>)> {
        self.stopped.map(|reason| (reason, self.stopped_by))
    }

    /// Takes on a helper's stop `cause` (unless this search has stopped already): a
    /// helper stopped by a flag this search watches too counts as stopped by that flag,
    /// so the split that owns the flag takes the stop back ([`Ctx::unwatch`]); any other
    /// stop ends this search as it ended the helper's.
    pub fn adopt_stop(&mut self, (reason, by): (StopReason, Option<usize>)) {
        if self.stopped.is_none() {
            self.stopped = Some(reason);
            self.stopped_by = by.filter(|&i| i < self.watched.len());
        }
    }

    /// The line recorded at `ply` (a helper hands its line at a split to the owner).
    #[must_use]
    pub fn line_at(&self, ply: usize) -> Vec<G::Move> {
        self.pv.get(ply).cloned().unwrap_or_default()
    }

    /// Replaces the line at `ply` (the line a helper found at a split).
    pub fn set_line_at(&mut self, ply: usize, line: Vec<G::Move>) {
        if self.ordering_level > 0 {
            return;
        }
        self.ensure_pv_rows(ply);
        self.pv[ply] = line;
    }

    /// Makes the root's moves start `k` moves on, after ordering (a Lazy SMP helper's
    /// diversity: each starts with another move).
    pub fn rotate_root_moves(&mut self, k: usize) {
        self.root_rotation = k;
    }

    /// Adds a helper thread's counters to this search's (its time left out: the
    /// search's clock is this context's).
    pub fn absorb(&mut self, helper: &Counters) {
        let mut c = helper.clone();
        c.elapsed_secs = 0.0;
        self.absorbed_nodes += c.nodes;
        self.counters.add(&c);
    }

    /// Hands this context's counters over (a team's helper, its work since it last did)
    /// and starts them again from zero.
    pub fn take_counters(&mut self) -> Counters {
        self.absorbed_nodes = 0;
        std::mem::take(&mut self.counters)
    }

    /// The nodes this thread searched itself (its counter less what it absorbed).
    #[must_use]
    pub fn own_nodes(&self) -> u64 {
        self.counters.nodes - self.absorbed_nodes
    }

    /// Counts a split: a node's moves shared out to threads.
    pub fn count_split(&mut self) {
        self.counters.splits += 1;
    }

    /// Counts nodes whose work was thrown away (a sibling's cutoff made it needless).
    pub fn count_aborted(&mut self, nodes: u64) {
        self.counters.aborted_nodes += nodes;
    }

    /// Records how a parallel search shared its work: the threads, the busiest one's
    /// nodes (the most in any iteration) and the thread-microseconds spent idle.
    pub fn count_threads(&mut self, threads: u32, busiest: u64, idle_micros: u64) {
        let c = &mut self.counters;
        c.threads = c.threads.max(threads);
        c.busiest_thread_nodes = c.busiest_thread_nodes.max(busiest);
        c.idle_micros += idle_micros;
    }
}
