//! The thread slots of a parallel search: how many threads are free for a split to
//! claim (PVS split at the root, YBWC, Lazy SMP's and ABDADA's teams, the splits that
//! keep a serial search's counts), the thread-time they stayed free, and ABDADA's marks
//! of the nodes being searched. Shared by the search context and by whoever lends a search its spare threads (a
//! grid whose other cells are done, [`crate::search::SearchControl::lend`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::platform::clock::Instant;

/// What the threads of one parallel search share besides the table: the thread slots
/// free for a split to claim (YBWC), with the thread-time they stayed free, and the
/// marks of the nodes being searched (ABDADA).
#[derive(Debug)]
pub struct Threads {
    slots: Mutex<Slots>,
    /// The free slots as last counted, read without the lock (most nodes that could
    /// split find none free and must not take a lock, or write to a line the other
    /// threads read, to learn it).
    free: std::sync::atomic::AtomicI64,
    busy: Vec<AtomicU64>,
    /// Every slot ever claimed (how much the splits used the threads).
    claimed: AtomicU64,
}

/// The free thread slots and how long they were free.
#[derive(Debug)]
struct Slots {
    /// Below zero for a moment when a split's owner takes its own slot back.
    free: i64,
    since: Instant,
    idle_micros: u64,
}

/// How many busy marks ABDADA keeps (a power of two): a mark lost to another node of
/// the same slot only loses a deferral, never a value.
const BUSY_MARKS: usize = 1 << 15;

impl Threads {
    /// The state of a search on `threads` threads, the calling one busy; with busy
    /// marks when `marks`.
    #[must_use]
    pub fn new(threads: usize, marks: bool) -> Self {
        Threads {
            slots: Mutex::new(Slots {
                free: threads as i64 - 1,
                since: Instant::now(),
                idle_micros: 0,
            }),
            free: std::sync::atomic::AtomicI64::new(threads as i64 - 1),
            busy: if marks {
                (0..BUSY_MARKS).map(|_| AtomicU64::new(0)).collect()
            } else {
                Vec::new()
            },
            claimed: AtomicU64::new(0),
        }
    }

    /// Adds `change` free slots, counting the thread-time the old number stayed free.
    fn change(&self, change: impl FnOnce(i64) -> i64) -> i64 {
        let mut s = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        let free = s.free.max(0) as u64;
        s.idle_micros += free * now.duration_since(s.since).as_micros() as u64;
        s.since = now;
        let taken = change(s.free);
        s.free -= taken;
        self.free.store(s.free, Ordering::Relaxed);
        taken
    }

    /// Claims up to `at_most` free slots for helper threads; the number claimed.
    pub fn claim(&self, at_most: usize) -> usize {
        if at_most == 0 || self.free.load(Ordering::Relaxed) <= 0 {
            return 0;
        }
        let n = self.change(|free| free.clamp(0, at_most as i64)) as usize;
        self.claimed.fetch_add(n as u64, Ordering::Relaxed);
        n
    }

    /// How many slots have been claimed so far, all told.
    #[must_use]
    pub fn claimed(&self) -> u64 {
        self.claimed.load(Ordering::Relaxed)
    }

    /// The slots free now (a hint: another thread may claim or give back meanwhile).
    #[must_use]
    pub fn free_now(&self) -> i64 {
        self.free.load(Ordering::Relaxed)
    }

    /// Gives `n` slots back (a helper's when it ends, or a split's owner's while it
    /// waits for its helpers, so that another split can use its core).
    pub fn give_back(&self, n: usize) {
        self.change(|_| -(n as i64));
    }

    /// Takes `n` slots back whatever is free (a split's owner after its helpers end).
    pub fn take_back(&self, n: usize) {
        self.change(|_| n as i64);
    }

    /// The thread-microseconds slots have stayed free so far.
    #[must_use]
    pub fn idle_micros(&self) -> u64 {
        self.change(|_| 0);
        self.slots
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .idle_micros
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
