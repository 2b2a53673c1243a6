//! The threads of a parallel search: the crew of helper threads it starts once, when
//! its first parallel iteration begins, and keeps to its end (PVS split at the root,
//! YBWC, Lazy SMP's and ABDADA's teams all post their work to it), and ABDADA's marks of
//! the nodes being searched. A grid lends the search its idle workers the same way: a
//! crew they serve while they have no cell of their own
//! ([`crate::search::SearchControl::lend`]), which the splits that keep a serial
//! search's counts use. A grid's searches on threads of their own, which run one after
//! another, keep one crew from each to the next ([`KeptCrew`]): its helpers start once
//! for the grid, not once a cell.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, PoisonError};

use crate::platform::crew::{Crew, CrewCounts};
use crate::search::Counters;
use crate::search::tt::SharedTable;

/// What the threads of one parallel search share besides the table: its crew of helper
/// threads and the marks of the nodes being searched (ABDADA).
#[derive(Debug)]
pub struct Threads {
    crew: Crew,
    /// Where the crew goes back to at the search's end, when it is kept for the next.
    keeper: Option<Arc<KeptCrew>>,
    /// The threads the search runs on, its own included (0 for lent threads).
    threads: usize,
    busy: Vec<AtomicU64>,
}

/// How many busy marks ABDADA keeps (a power of two): a mark lost to another node of
/// the same slot only loses a deferral, never a value.
const BUSY_MARKS: usize = 1 << 15;

impl Threads {
    /// The threads of a search on `threads` threads: the calling one and `threads - 1`
    /// helpers, started now and kept until [`Threads::finish`]; with busy marks when
    /// `marks`.
    #[must_use]
    pub fn new(threads: usize, marks: bool) -> Self {
        Threads::kept(threads, marks, None)
    }

    /// [`Threads::new`] with the crew `keeper` holds when it has `threads - 1` helpers
    /// (a new one else), given back to it at [`Threads::finish`].
    #[must_use]
    pub fn kept(threads: usize, marks: bool, keeper: Option<&Arc<KeptCrew>>) -> Self {
        let threads = threads.max(1);
        let crew = match keeper {
            Some(k) => k.take(threads - 1),
            None => Crew::new(threads - 1),
        };
        Threads {
            crew,
            keeper: keeper.cloned(),
            threads,
            busy: if marks {
                (0..BUSY_MARKS).map(|_| AtomicU64::new(0)).collect()
            } else {
                Vec::new()
            },
        }
    }

    /// Threads to lend to searches: `helpers` threads of their own (none where the
    /// lenders are a grid's workers, which serve [`Threads::crew`] while they have no
    /// cell: [`crate::platform::pool::map_with_alone`]).
    #[must_use]
    pub fn lent(helpers: usize) -> Self {
        Threads {
            crew: Crew::new(helpers),
            keeper: None,
            threads: 0,
            busy: Vec::new(),
        }
    }

    /// The crew the splits post their work to.
    #[inline]
    #[must_use]
    pub fn crew(&self) -> &Crew {
        &self.crew
    }

    /// How many helpers a split or a team of this search takes of the `wanted`: no
    /// more than the machine has cores besides the calling thread's. A helper without
    /// a core of its own only takes one from another: on 2 cores, Lazy SMP's 16
    /// whole-tree searchers took 2.5-4 times the wall time of 2, and PVS split at the
    /// root searched 10-14% more nodes with 16 threads' tables than with 2. With a
    /// core per thread it never holds one back; the crew's threads are started all
    /// the same.
    #[must_use]
    pub fn room(&self, wanted: usize) -> usize {
        wanted.min(self.crew.cores().saturating_sub(1))
    }

    /// The threads the search runs on (its own included; 0 for lent threads).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The threads that could take work now (a hint: another split may take them
    /// first).
    #[inline]
    #[must_use]
    pub fn free_now(&self) -> i64 {
        self.crew.idle() as i64
    }

    /// How many times a thread joined a split so far (how much the splits used the
    /// threads).
    #[must_use]
    pub fn claimed(&self) -> u64 {
        self.crew.counts().joins
    }

    /// What the crew counted so far.
    #[must_use]
    pub fn counts(&self) -> CrewCounts {
        self.crew.counts()
    }

    /// Ends the helper threads, or gives them back to the keeper they came from, and
    /// returns what the crew counted for this search (on the thread that ran it, that
    /// thread's context switches included).
    #[must_use]
    pub fn finish(self) -> CrewCounts {
        let Threads { crew, keeper, .. } = self;
        match keeper {
            Some(k) => k.give_back(crew),
            None => crew.finish(),
        }
    }

    /// Whether another thread is searching the node of `key` (ABDADA's test).
    #[must_use]
    pub fn is_busy(&self, key: u64) -> bool {
        let key = key.max(1);
        self.busy
            .get(key as usize & (BUSY_MARKS - 1))
            .is_some_and(|m| m.load(Ordering::Relaxed) == key)
    }

    /// Marks the node of `key` as being searched.
    pub fn mark_busy(&self, key: u64) {
        let key = key.max(1);
        if let Some(m) = self.busy.get(key as usize & (BUSY_MARKS - 1)) {
            m.store(key, Ordering::Relaxed);
        }
    }

    /// Takes the mark of `key` off, unless another node's mark replaced it.
    pub fn unmark_busy(&self, key: u64) {
        let key = key.max(1);
        if let Some(m) = self.busy.get(key as usize & (BUSY_MARKS - 1)) {
            let _ = m.compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
        }
    }
}

/// What a team of whole-tree searchers (Lazy SMP, ABDADA) shares across the iterations
/// of a search: the depth the main thread searches, a flag per depth raised once the
/// main thread has finished it (a helper still searching that depth stops: its work is
/// no longer wanted), the end of the search, and the helpers' counters not yet added to
/// the main thread's.
#[derive(Debug)]
pub struct Deepening {
    depth: std::sync::atomic::AtomicU32,
    finished: Vec<Arc<AtomicBool>>,
    done: Arc<AtomicBool>,
    inbox: std::sync::Mutex<Delivered>,
}

/// Helpers' work handed to the main thread: their counters, the nodes of their
/// searches that were stopped, and the most nodes one helper searched.
#[derive(Clone, Debug, Default)]
pub struct Delivered {
    /// The counters added up.
    pub counters: Counters,
    /// Nodes of searches stopped before they ended.
    pub aborted: u64,
    /// The most nodes one helper searched, all told.
    pub busiest: u64,
}

impl Deepening {
    /// The state of a search whose iterations go from `first` to `last`.
    #[must_use]
    pub fn new(first: u32, last: u32) -> Self {
        Deepening {
            depth: std::sync::atomic::AtomicU32::new(first),
            finished: (0..last as usize + 3)
                .map(|_| Arc::new(AtomicBool::new(false)))
                .collect(),
            done: Arc::new(AtomicBool::new(false)),
            inbox: std::sync::Mutex::new(Delivered::default()),
        }
    }

    /// The main thread begins the iteration of `depth`: the shallower ones are over.
    pub fn begin(&self, depth: u32) {
        self.depth.store(depth, Ordering::SeqCst);
        for f in self.finished.iter().take(depth as usize) {
            f.store(true, Ordering::SeqCst);
        }
    }

    /// The depth the main thread searches now.
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.depth.load(Ordering::SeqCst)
    }

    /// The flag raised once the main thread has finished `depth` (None beyond the
    /// search's depths: never raised).
    #[must_use]
    pub fn finished(&self, depth: u32) -> Option<&Arc<AtomicBool>> {
        self.finished.get(depth as usize)
    }

    /// The flag raised when the search ends.
    #[must_use]
    pub fn done(&self) -> &Arc<AtomicBool> {
        &self.done
    }

    /// A helper hands over its work since it last did.
    pub fn deliver(&self, counters: &Counters, aborted: u64, helper_total: u64) {
        let mut d = self.inbox.lock().unwrap_or_else(PoisonError::into_inner);
        d.counters.add(counters);
        d.aborted += aborted;
        d.busiest = d.busiest.max(helper_total);
    }

    /// The helpers' work handed over since the last call.
    #[must_use]
    pub fn collect(&self) -> Delivered {
        let mut d = self.inbox.lock().unwrap_or_else(PoisonError::into_inner);
        let busiest = d.busiest;
        let out = std::mem::take(&mut *d);
        d.busiest = busiest;
        out
    }
}

/// Crews kept from one search to the next, for searches that run one after another (a
/// grid's rows on threads of their own run alone, cell after cell; a match's moves): a
/// search takes a kept crew with the helpers it wants, and gives it back at its end, so
/// the helpers are started once and sleep between the searches. A search that finds
/// none of its size starts its own, kept after it beside the others (at most
/// [`KeptCrew::MOST`] crews; the longest unused ends first).
#[derive(Debug, Default)]
pub struct KeptCrew {
    crews: std::sync::Mutex<Vec<Crew>>,
    /// The shared table of the last search, kept for the next of its size: a fresh
    /// table's memory costs a page fault a page (at 16 MiB a cell, most of a short
    /// parallel search's system time), an emptied one a write.
    table: std::sync::Mutex<Option<SharedTable>>,
}

impl KeptCrew {
    /// The most crews kept at once (a match's two players, a grid's rows of several
    /// sizes one after another).
    pub const MOST: usize = 4;

    /// A keeper holding no crew yet.
    #[must_use]
    pub fn new() -> Self {
        KeptCrew::default()
    }

    /// A kept crew with `helpers` helpers, its counts from now on this thread's; else a
    /// new crew.
    fn take(&self, helpers: usize) -> Crew {
        let kept = {
            let mut crews = self.crews.lock().unwrap_or_else(PoisonError::into_inner);
            let at = crews.iter().rposition(|c| c.helpers() == helpers);
            at.map(|i| crews.remove(i))
        };
        match kept {
            Some(mut c) => {
                let _ = c.lap();
                c
            }
            None => Crew::new(helpers),
        }
    }

    /// An empty shared table of `mib` MiB: the one kept when it has that size, else a
    /// new one.
    #[must_use]
    pub fn take_table(&self, mib: u32) -> SharedTable {
        let kept = self
            .table
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        match kept {
            Some(mut t) if t.len() == SharedTable::entries_in(mib) => {
                t.clear();
                t
            }
            _ => SharedTable::with_mib(mib),
        }
    }

    /// Keeps `table` for the next search.
    pub fn keep_table(&self, table: SharedTable) {
        *self.table.lock().unwrap_or_else(PoisonError::into_inner) = Some(table);
    }

    /// Keeps `crew` for a next search and returns what it counted for this one.
    fn give_back(&self, mut crew: Crew) -> CrewCounts {
        let counts = crew.lap();
        let old = {
            let mut crews = self.crews.lock().unwrap_or_else(PoisonError::into_inner);
            crews.push(crew);
            (crews.len() > Self::MOST).then(|| crews.remove(0))
        };
        if let Some(old) = old {
            let _ = old.finish();
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::{KeptCrew, Threads};
    use crate::search::tt::SharedEntry;

    #[test]
    fn a_search_takes_no_more_helpers_than_the_cores_beside_its_own() {
        let cores = crate::platform::threads::available();
        let threads = Threads::new(16, false);
        assert_eq!(threads.room(15), 15.min(cores - 1), "{cores} cores");
        assert_eq!(threads.room(0), 0);
        assert_eq!(threads.room(1), 1.min(cores - 1));
    }

    #[test]
    fn a_kept_table_comes_back_empty_and_only_at_its_size() {
        let keeper = KeptCrew::new();
        let t = keeper.take_table(1);
        let entry = SharedEntry {
            lower: 3,
            upper: 3,
            depth: 5,
            best: Some(2),
        };
        t.put(12_345, entry);
        assert_eq!(t.look_up(12_345), Some(entry));
        let entries = t.len();
        keeper.keep_table(t);
        let again = keeper.take_table(1);
        assert_eq!(again.len(), entries);
        assert_eq!(again.look_up(12_345), None, "the kept table is emptied");
        keeper.keep_table(again);
        assert_eq!(
            keeper.take_table(2).len(),
            2 * entries,
            "another size: a new table"
        );
    }
}
