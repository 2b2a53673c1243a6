//! The transposition table: a lower and an upper bound per position (Edax's layout, article
//! 002's `(lower_bound, upper_bound)` pairs), with the best move found.
//!
//! A bound answers a node only when it was stored for the *same* remaining depth, so a
//! table never changes the value of a fixed-depth search: every exact algorithm with a
//! table still returns plain minimax's value. Entries of other depths still give their
//! move to the move ordering.
//!
//! The parallel rows' threads share a lock-free table of the same bounds
//! ([`SharedTable`]).
//!
//! MT-SSS* with leaves in the table turns a table into Plaat et al.'s MT memory
//! ([`TranspositionTable::use_as_mt_memory`]): bounds only, and no position lost to
//! another that hashes to the same slot while the table has room.

use std::sync::atomic::{AtomicU64, Ordering, fence};

/// A stored pair of bounds on a position's value at one remaining depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry<M> {
    /// The full key, to tell collisions apart.
    pub key: u64,
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// The remaining depth the bounds hold for.
    pub depth: u32,
    /// The move that produced the best value, when there was one.
    pub best: Option<M>,
}

/// How full MT memory gets, as a fraction `(numerator, denominator)` of its slots, before
/// a new position replaces an old one: three quarters keeps a lookup short (about eight
/// slots when the position is missing).
pub const MT_MEMORY_LOAD: (usize, usize) = (3, 4);

/// A fixed-size, always-replace hash table of [`TtEntry`]s, one entry per slot (or, as
/// MT memory, a table that keeps every position while it has room).
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    slots: Vec<Option<TtEntry<M>>>,
    mask: usize,
    /// Slots indexed by the key modulo a prime number of slots (Pons' tables) rather
    /// than by its low bits.
    prime: bool,
    /// Working as MT memory (see [`TranspositionTable::use_as_mt_memory`]).
    mt_memory: bool,
    /// Occupied slots, counted as MT memory only.
    used: usize,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table of at most `mib` MiB (the number of slots is the largest power of two that
    /// fits, and at least one).
    #[must_use]
    pub fn with_mib(mib: u32) -> Self {
        let entry = std::mem::size_of::<Option<TtEntry<M>>>().max(1);
        let bytes = u64::from(mib) << 20;
        let fit = (bytes / entry as u64).max(1);
        let slots = 1usize << (63 - fit.leading_zeros());
        TranspositionTable {
            slots: vec![None; slots],
            mask: slots - 1,
            prime: false,
            mt_memory: false,
            used: 0,
        }
    }

    /// A table of at most `mib` MiB with a prime number of slots, the largest that fits,
    /// indexed by the key modulo that prime as Pons' Connect Four tables are (64 MiB of
    /// his 8-byte entries: 8,388,593 slots).
    #[must_use]
    pub fn with_mib_prime(mib: u32) -> Self {
        let entry = std::mem::size_of::<Option<TtEntry<M>>>().max(1);
        let fit = ((u64::from(mib) << 20) / entry as u64).max(2);
        let slots = (2..=fit).rev().find(|&n| is_prime(n)).unwrap_or(2) as usize;
        TranspositionTable {
            slots: vec![None; slots],
            mask: 0,
            prime: true,
            mt_memory: false,
            used: 0,
        }
    }

    /// The slot a key hashes to: its low bits, or its remainder by a prime size.
    #[inline]
    fn home(&self, key: u64) -> usize {
        if self.prime {
            (key % self.slots.len() as u64) as usize
        } else {
            (key as usize) & self.mask
        }
    }

    /// Stores `entry` over whatever its slot held (Pons' one-bound tables).
    pub fn put(&mut self, entry: TtEntry<M>) {
        let at = self.home(entry.key);
        self.slots[at] = Some(entry);
    }

    /// The number of slots.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never true: a table has at least one slot.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Empties every slot (before every measured search, so results do not depend on
    /// what ran before).
    pub fn clear(&mut self) {
        self.slots.fill(None);
        self.used = 0;
    }

    /// Makes the table Plaat et al.'s MT memory, as MT-SSS* with leaves in the table
    /// needs it to evaluate exactly SSS*'s leaves:
    /// - a new position whose slot holds another goes to the next free slot after it
    ///   (linear probing) instead of replacing it, so no position is lost while fewer
    ///   than [`MT_MEMORY_LOAD`] of the slots are taken. Once that many are, a new
    ///   position replaces the one in its own slot, as the ordinary table does, or is
    ///   not kept when that slot is free: the table never gets fuller, so a lookup
    ///   soon meets a free slot;
    /// - only bounds are kept, no move, so a node's children are searched in their fixed
    ///   order, as SSS* does, and not the table's move first.
    ///
    /// Lasts until the table is dropped; entries already stored stay and lose their move.
    pub fn use_as_mt_memory(&mut self) {
        if self.mt_memory {
            return;
        }
        let taken: Vec<TtEntry<M>> = self.slots.iter().flatten().copied().collect();
        self.clear();
        self.mt_memory = true;
        for e in taken {
            if let Some(i) = self.mt_slot(e.key) {
                self.slots[i] = Some(TtEntry { best: None, ..e });
            }
        }
    }

    /// The entry stored under `key`, if any.
    #[must_use]
    pub fn look_up(&self, key: u64) -> Option<TtEntry<M>> {
        if self.mt_memory {
            return self.find(key).ok().and_then(|i| self.slots[i]);
        }
        self.slots[self.home(key)].filter(|e| e.key == key)
    }

    /// As MT memory: `Ok(slot)` holding `key`, else `Err(Some(slot))` with the first
    /// free slot from `key`'s own, or `Err(None)` when every slot is taken.
    fn find(&self, key: u64) -> Result<usize, Option<usize>> {
        let mut i = self.home(key);
        for _ in 0..self.slots.len() {
            match &self.slots[i] {
                None => return Err(Some(i)),
                Some(e) if e.key == key => return Ok(i),
                Some(_) => i = (i + 1) % self.slots.len(),
            }
        }
        Err(None)
    }

    /// As MT memory: the slot where `key` is to be stored, or None when it is not kept
    /// (see [`TranspositionTable::use_as_mt_memory`]).
    fn mt_slot(&mut self, key: u64) -> Option<usize> {
        let (num, den) = MT_MEMORY_LOAD;
        let limit = (self.slots.len() / den * num).max(1);
        let home = self.home(key);
        match self.find(key) {
            Ok(i) => Some(i),
            Err(Some(i)) if self.used < limit => {
                self.used += 1;
                Some(i)
            }
            // Overwriting a taken slot leaves every other key's look-up sequence intact.
            _ => self.slots[home].is_some().then_some(home),
        }
    }

    /// Stores what a search of `depth` learned: `value` searched with the window
    /// `(alpha, beta)` is an upper bound when `value <= alpha`, a lower bound when
    /// `value >= beta`, exact in between. Bounds of an entry of the same key and depth
    /// are tightened, not forgotten.
    pub fn store(
        &mut self,
        key: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
        value: i32,
        best: Option<M>,
    ) {
        let index = if self.mt_memory {
            match self.mt_slot(key) {
                Some(i) => i,
                None => return,
            }
        } else {
            self.home(key)
        };
        let mt_memory = self.mt_memory;
        let slot = &mut self.slots[index];
        let old = slot.filter(|o| o.key == key && o.depth == depth);
        let keep_best = old.and_then(|o| o.best);
        let (lower, upper) = merged_bounds(old.map(|o| (o.lower, o.upper)), alpha, beta, value);
        *slot = Some(TtEntry {
            key,
            lower,
            upper,
            depth,
            best: if mt_memory { None } else { best.or(keep_best) },
        });
    }
}

/// The bounds a search that returned `value` in the window (`alpha`, `beta`) leaves,
/// tightening those of an older entry of the same key and depth (`old`: its lower and
/// upper bound). A deeper re-search may contradict an older bound only through a bug;
/// the newest knowledge is kept consistent rather than an empty interval stored.
fn merged_bounds(old: Option<(i32, i32)>, alpha: i32, beta: i32, value: i32) -> (i32, i32) {
    let (mut lower, mut upper) = old.unwrap_or((i32::MIN, i32::MAX));
    if value <= alpha {
        upper = value;
    } else if value >= beta {
        lower = value;
    } else {
        lower = value;
        upper = value;
    }
    if lower > upper {
        if value <= alpha {
            lower = i32::MIN;
        } else {
            upper = i32::MAX;
        }
    }
    (lower, upper)
}

/// A transposition table several threads share (the parallel rows), lock-free: each
/// entry is three atomic words (its key, its bounds, and its depth and move with a
/// sequence number) written under the sequence number as a sequence lock is: a writer
/// makes the number odd (claiming the entry; a writer that finds it odd drops its
/// store, as a table may), writes, and makes it even again; a reader reads the words
/// between two readings of the number and takes them only when it was the same even
/// number both times, so no thread ever reads half of another's entry, and no thread
/// ever waits for another. A bound answers a node only at the depth it was stored for,
/// as in [`TranspositionTable`], so sharing never changes a value. The move is kept as
/// its [`crate::game::Game::move_index`]: the search finds it among the node's moves.
#[derive(Debug)]
pub struct SharedTable {
    slots: Box<[SharedSlot]>,
    mask: usize,
}

/// One entry of a [`SharedTable`]: two to a cache line.
#[derive(Debug, Default)]
#[repr(align(32))]
struct SharedSlot {
    key: AtomicU64,
    /// `lower` in the high half, `upper` in the low half.
    bounds: AtomicU64,
    /// The sequence number in the high half (odd while written), the depth in the next
    /// 16 bits, the move's index plus one in the low 16 (0: none).
    meta: AtomicU64,
}

/// An entry of a [`SharedTable`] as read: its bounds and depth, and its move's index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedEntry {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// The remaining depth the bounds hold for.
    pub depth: u32,
    /// The best move's index ([`crate::game::Game::move_index`]), when there was one.
    pub best: Option<usize>,
}

/// The sequence number's step: it lives in the high half of `meta`.
const SEQ_ONE: u64 = 1 << 32;

impl SharedTable {
    /// A table of at most `mib` MiB (a power of two of entries, at least one).
    #[must_use]
    pub fn with_mib(mib: u32) -> Self {
        let slots = SharedTable::entries_in(mib);
        SharedTable {
            slots: (0..slots).map(|_| SharedSlot::default()).collect(),
            mask: slots - 1,
        }
    }

    /// How many entries a table of `mib` MiB has (a power of two).
    #[must_use]
    pub fn entries_in(mib: u32) -> usize {
        let entry = std::mem::size_of::<SharedSlot>() as u64;
        let fit = ((u64::from(mib) << 20) / entry).max(1);
        1usize << (63 - fit.leading_zeros())
    }

    /// Empties every entry: the table as [`SharedTable::with_mib`] made it, in
    /// memory already mapped (a grid's next search takes it instead of a new one).
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot = SharedSlot::default();
        }
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never true: a table has at least one entry.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    fn slot(&self, key: u64) -> &SharedSlot {
        &self.slots[(key as usize) & self.mask]
    }

    /// The entry stored under `key`, if any (None too while another thread writes
    /// it).
    #[must_use]
    pub fn look_up(&self, key: u64) -> Option<SharedEntry> {
        let slot = self.slot(key);
        let before = slot.meta.load(Ordering::Acquire);
        if (before / SEQ_ONE) % 2 == 1 {
            return None;
        }
        let stored = slot.key.load(Ordering::Relaxed);
        let bounds = slot.bounds.load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        if slot.meta.load(Ordering::Relaxed) != before || stored != key || before == 0 {
            return None;
        }
        Some(unpack(bounds, before))
    }

    /// Stores what a search of `depth` learned, as [`TranspositionTable::store`] does
    /// (bounds of an entry of the same key and depth tightened), with the best move's
    /// index; dropped when another thread is writing the entry.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
        value: i32,
        best: Option<usize>,
    ) {
        self.write(key, |old| {
            let old = old.filter(|o| o.depth == depth);
            let keep_best = old.and_then(|o| o.best);
            let (lower, upper) = merged_bounds(old.map(|o| (o.lower, o.upper)), alpha, beta, value);
            SharedEntry {
                lower,
                upper,
                depth,
                best: best.or(keep_best),
            }
        });
    }

    /// Stores `entry` over whatever its slot held (Pons' one-bound tables).
    pub fn put(&self, key: u64, entry: SharedEntry) {
        self.write(key, |_| entry);
    }

    /// Writes the entry `make` gives (from what `key` held, when it did) under the
    /// sequence lock; drops it when another thread holds the lock.
    fn write(&self, key: u64, make: impl FnOnce(Option<SharedEntry>) -> SharedEntry) {
        let slot = self.slot(key);
        let before = slot.meta.load(Ordering::Relaxed);
        if (before / SEQ_ONE) % 2 == 1
            || slot
                .meta
                .compare_exchange(
                    before,
                    before.wrapping_add(SEQ_ONE),
                    Ordering::Acquire,
                    Ordering::Relaxed,
                )
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        let old = (before != 0 && slot.key.load(Ordering::Relaxed) == key)
            .then(|| unpack(slot.bounds.load(Ordering::Relaxed), before));
        let e = make(old);
        slot.key.store(key, Ordering::Relaxed);
        slot.bounds.store(
            (u64::from(e.lower as u32) << 32) | u64::from(e.upper as u32),
            Ordering::Relaxed,
        );
        let depth = u64::from(e.depth.min(u32::from(u16::MAX)));
        let best = e
            .best
            .and_then(|i| u16::try_from(i + 1).ok())
            .map_or(0, u64::from);
        let seq = (before / SEQ_ONE).wrapping_add(2) * SEQ_ONE;
        slot.meta
            .store(seq | (depth << 16) | best, Ordering::Release);
    }
}

/// An entry from its bounds and meta words.
fn unpack(bounds: u64, meta: u64) -> SharedEntry {
    SharedEntry {
        lower: (bounds >> 32) as u32 as i32,
        upper: bounds as u32 as i32,
        depth: ((meta >> 16) & 0xFFFF) as u32,
        best: match meta & 0xFFFF {
            0 => None,
            i => Some(i as usize - 1),
        },
    }
}

/// Whether `n` is prime (trial division: table sizes only).
fn is_prime(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prime_table_of_64_mib_of_8_byte_entries_has_pons_size() {
        // Pons' 64 MB table: the largest prime below 2^23.
        assert!(is_prime(8_388_593));
        assert!((8_388_594u64..(1 << 23)).all(|n| !is_prime(n)));
        let t = TranspositionTable::<u8>::with_mib_prime(1);
        assert!(is_prime(t.len() as u64));
        let entry = std::mem::size_of::<Option<TtEntry<u8>>>() as u64;
        assert!(t.len() as u64 <= (1 << 20) / entry);
        assert!(((t.len() as u64 + 1)..=(1 << 20) / entry).all(|n| !is_prime(n)));
    }

    /// A table of `u8` moves and its number of slots.
    fn table() -> (TranspositionTable<u8>, u64) {
        let t = TranspositionTable::with_mib(1);
        let n = t.len() as u64;
        (t, n)
    }

    #[test]
    fn the_ordinary_table_replaces_a_position_of_the_same_slot() {
        let (mut t, n) = table();
        t.store(7, 2, 0, 1, 5, Some(1));
        t.store(7 + n, 2, 0, 1, 6, Some(2));
        assert_eq!(t.look_up(7), None);
        assert_eq!(
            t.look_up(7 + n).map(|e| (e.lower, e.best)),
            Some((6, Some(2)))
        );
    }

    #[test]
    fn mt_memory_keeps_positions_of_the_same_slot_and_bounds_only() {
        let (mut t, n) = table();
        t.store(7, 2, 0, 1, 5, Some(1));
        t.use_as_mt_memory();
        assert_eq!(t.look_up(7).map(|e| (e.lower, e.best)), Some((5, None)));
        for k in 1..100 {
            t.store(7 + k * n, 2, 0, 1, k as i32 - 100, Some(3));
        }
        // Tightened in place, not stored twice.
        t.store(7, 2, 0, 10, 8, None);
        assert_eq!(t.look_up(7).map(|e| (e.lower, e.upper)), Some((8, 8)));
        assert_eq!(t.slots.iter().flatten().count(), 100);
        for k in 1..100 {
            let e = t.look_up(7 + k * n).expect("kept");
            assert_eq!((e.upper, e.best), (k as i32 - 100, None), "{k}");
        }
        assert_eq!(t.look_up(7 + 100 * n), None);
    }

    #[test]
    fn the_shared_table_keeps_what_the_ordinary_one_keeps() {
        // The same stores, look-ups and tightening, one thread: the same answers (moves
        // as their indices).
        let own = &mut TranspositionTable::<u8>::with_mib(1);
        let shared = SharedTable::with_mib(1);
        // Both sizes are powers of two: keys this far apart share a slot in both.
        let n = own.len().max(shared.len()) as u64;
        let (mut x, mut hits) = (12345u64, 0);
        for step in 0..20_000u32 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Few keys, some sharing a slot in either table.
            let key = (x >> 33) % 16 + ((x >> 40) % 3) * n;
            let depth = (x >> 20) as u32 % 3;
            let (alpha, beta) = ((x >> 10) as i32 % 50 - 25, (x >> 14) as i32 % 50 + 26);
            let value = (x >> 50) as i32 % 120 - 60;
            let best = (step % 5 != 0).then_some((x >> 5) as u8 % 9);
            if x % 3 == 0 {
                let a = own.look_up(key);
                let b = shared.look_up(key);
                hits += usize::from(a.is_some());
                assert_eq!(
                    a.map(|e| (e.lower, e.upper, e.depth, e.best.map(usize::from))),
                    b.map(|e| (e.lower, e.upper, e.depth, e.best)),
                    "step {step}"
                );
            } else {
                own.store(key, depth, alpha, beta, value, best);
                shared.store(key, depth, alpha, beta, value, best.map(usize::from));
            }
        }
        assert!(hits > 1000, "{hits}");
    }

    #[test]
    fn no_thread_reads_half_of_anothers_entry() {
        // Eight threads write and read 64 keys over 16 entries: every entry read must be
        // one that was written whole for its key.
        let table = SharedTable::with_mib(0);
        assert_eq!(table.len(), 1);
        let table = SharedTable {
            slots: (0..16).map(|_| SharedSlot::default()).collect(),
            mask: 15,
        };
        let want = |key: u64, depth: u32| (key as i32) * 10 + depth as i32;
        std::thread::scope(|scope| {
            for t in 0..8u64 {
                let table = &table;
                scope.spawn(move || {
                    let mut x = t + 1;
                    for _ in 0..100_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let key = x % 64;
                        let depth = (x >> 8) as u32 % 4;
                        if x % 2 == 0 {
                            let v = want(key, depth);
                            table.store(key, depth, v - 1, v + 1, v, Some(key as usize % 7));
                        } else if let Some(e) = table.look_up(key) {
                            assert_eq!(e.lower, want(key, e.depth), "{e:?}");
                            assert_eq!(e.upper, e.lower, "{e:?}");
                            assert_eq!(e.best, Some(key as usize % 7), "{e:?}");
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn full_mt_memory_replaces_or_drops_and_still_answers() {
        let (mut t, n) = table();
        t.use_as_mt_memory();
        let (num, den) = MT_MEMORY_LOAD;
        let limit = n / den as u64 * num as u64;
        // Slots 0 .. limit - 1 taken, then one more position of slot 0 goes to the end.
        for k in 0..limit - 1 {
            t.store(k, 1, 0, 1, 1, None);
        }
        t.store(n, 1, 0, 1, 1, None);
        assert!((0..limit - 1).all(|k| t.look_up(k).is_some()) && t.look_up(n).is_some());
        // Full: a new position replaces the one in its own slot, or is not kept.
        t.store(5 + n, 1, 0, 1, 2, None);
        assert_eq!(t.look_up(5 + n).map(|e| e.lower), Some(2));
        assert_eq!(t.look_up(5), None);
        t.store(limit + 10, 1, 0, 1, 2, None);
        assert_eq!(t.look_up(limit + 10), None);
        assert_eq!(t.slots.iter().flatten().count() as u64, limit);
    }
}
