//! The transposition table: a shared, lock-free table of score bounds with the best
//! move, four slots to a bucket of one cache line, looked up and filled by the deep nodes
//! of the search (and by the root's PVS), asking Linux for huge pages; emptied between
//! solves by a generation number instead of a pass over its memory.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use super::params::INF;
use crate::game::splitmix64;

/// A shared, lock-free table of bounds. Each slot is two atomic words, `key ^ data`
/// and `data`, so a torn write from another thread fails the key check instead of
/// passing wrong bounds. Buckets of [`SLOTS`] slots in one cache line: a new position
/// takes a free slot, else the slot of the entry with the fewest empties (the
/// cheapest to search again). Against two slots in 32 bytes (the first kept the entry
/// with more empties, the second took the rest), same memory: FFO #40-#49 in 559.6
/// million nodes instead of 562.1, and 561.1 million with half the memory.
///
/// Every entry carries the table's generation when it was written; [`SolverTable::clear`]
/// moves to the next generation, and entries of older ones count as free slots. So a
/// clear costs nothing instead of a pass over the table (about 8 ms for 64 MiB: most of
/// the time of a small endgame), and the table behaves exactly as if emptied (same
/// look-ups, same replacements, same node counts). Every 255 clears the memory is really
/// wiped, so that no old generation number comes back.
pub struct SolverTable {
    slots: Vec<Bucket>,
    mask: usize,
    /// The current generation, 1 to [`MAX_GENERATION`] (0 marks no entry).
    generation: AtomicU8,
}

/// The last generation before the table is wiped and starts again at 1.
const MAX_GENERATION: u8 = u8::MAX;

/// One bucket: [`SLOTS`] slots of two words, aligned to its size so that a look-up reads
/// one cache line (a large allocation starts 16 bytes into a page).
#[repr(C, align(64))]
struct Bucket([AtomicU64; 2 * SLOTS]);

/// Slots per bucket.
const SLOTS: usize = 4;

impl Bucket {
    /// The slot holding the entry of hash `h` written in `generation`, and its data
    /// word.
    #[inline(always)]
    fn find(&self, h: u64, generation: u8) -> Option<(usize, u64)> {
        for slot in 0..SLOTS {
            let data = self[2 * slot + 1].load(Ordering::Relaxed);
            if Entry::generation(data) == generation
                && self[2 * slot].load(Ordering::Relaxed) ^ data == h
            {
                return Some((slot, data));
            }
        }
        None
    }

    /// Writes the data word `data` of hash `h` into `slot`.
    #[inline(always)]
    fn write(&self, slot: usize, h: u64, data: u64) {
        self[2 * slot].store(h ^ data, Ordering::Relaxed);
        self[2 * slot + 1].store(data, Ordering::Relaxed);
    }
}

impl std::ops::Deref for Bucket {
    type Target = [AtomicU64; 2 * SLOTS];

    #[inline]
    fn deref(&self) -> &[AtomicU64; 2 * SLOTS] {
        &self.0
    }
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) lower: i32,
    pub(super) upper: i32,
    pub(super) best: u8,
    pub(super) empties: u32,
    /// How sure the bounds are: [`EXACT`], or the margin in discs of the presearch
    /// that found them. A search takes the bounds of entries at least as sure as it is
    /// (the exact search only exact ones) and the move of any.
    pub(super) precision: u8,
}

/// The precision of an exact entry.
pub(super) const EXACT: u8 = u8::MAX;

/// The best-move byte of an entry without one.
pub(super) const NO_MOVE: u8 = 64;

impl Entry {
    /// The entry's slot word, stamped with `generation` (never 0).
    fn pack(self, generation: u8) -> u64 {
        ((self.lower + INF) as u64)
            | (((self.upper + INF) as u64) << 8)
            | (u64::from(self.best) << 16)
            | (u64::from(self.empties) << 24)
            | (u64::from(self.precision) << 32)
            | (u64::from(generation) << 40)
    }

    /// The generation a slot word was written in (0: an empty slot).
    #[inline]
    fn generation(data: u64) -> u8 {
        (data >> 40) as u8
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            lower: (data & 0xFF) as i32 - INF,
            upper: ((data >> 8) & 0xFF) as i32 - INF,
            best: ((data >> 16) & 0xFF) as u8,
            empties: ((data >> 24) & 0xFF) as u32,
            precision: ((data >> 32) & 0xFF) as u8,
        }
    }
}

impl std::fmt::Debug for SolverTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolverTable")
            .field("buckets", &self.slots.len())
            .finish()
    }
}

/// The table hash of a position.
#[inline]
pub(super) fn hash(p: u64, o: u64) -> u64 {
    splitmix64(p ^ splitmix64(o))
}

impl SolverTable {
    /// A table of about `mib` MiB (at least one bucket).
    #[must_use]
    pub fn new(mib: usize) -> SolverTable {
        let bucket_bytes = std::mem::size_of::<Bucket>();
        let wanted = (mib.max(1) << 20) / bucket_bytes;
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            (wanted.next_power_of_two() / 2).max(1)
        };
        let mut slots: Vec<Bucket> = Vec::with_capacity(buckets);
        crate::platform::machine::advise_huge_pages(
            slots.as_ptr().cast::<u8>(),
            buckets * bucket_bytes,
        );
        slots.extend((0..buckets).map(|_| Bucket(std::array::from_fn(|_| AtomicU64::new(0)))));
        SolverTable {
            slots,
            mask: buckets - 1,
            generation: AtomicU8::new(1),
        }
    }

    /// Empties the table: the next generation, whose searches see none of the entries
    /// written before (the memory is wiped only once every [`MAX_GENERATION`] clears).
    /// Not to be called while a search uses the table.
    pub fn clear(&self) {
        let generation = self.generation.load(Ordering::Relaxed);
        if generation < MAX_GENERATION {
            self.generation.store(generation + 1, Ordering::Relaxed);
            return;
        }
        for bucket in &self.slots {
            for word in bucket.iter() {
                word.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(1, Ordering::Relaxed);
    }

    /// The current generation.
    #[inline]
    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed)
    }

    /// Asks the processor to start loading the bucket of `h` (a hint: nothing changes
    /// but the time a later look-up waits).
    #[inline]
    pub(super) fn prefetch(&self, h: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket = &self.slots[(h >> 32) as usize & self.mask];
            // SAFETY: SSE is part of every x86_64 processor, and a prefetch reads
            // nothing: any address is allowed (this one is in the table).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.as_ptr().cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = h;
    }

    /// The entry of the position with hash `h`, if the current generation has one.
    #[inline]
    pub(super) fn look_up(&self, h: u64) -> Option<Entry> {
        let bucket = &self.slots[(h >> 32) as usize & self.mask];
        bucket
            .find(h, self.generation())
            .map(|(_, data)| Entry::unpack(data))
    }

    /// Stores `entry` for the position with hash `h`: merged with the current
    /// generation's entry of the same position, else in a free slot (empty or of an
    /// older generation), else over the entry with the fewest empties.
    #[inline]
    pub(super) fn store(&self, h: u64, mut entry: Entry) {
        let bucket = &self.slots[(h >> 32) as usize & self.mask];
        let generation = self.generation();
        if let Some((slot, data)) = bucket.find(h, generation) {
            let old = Entry::unpack(data);
            if entry.precision < old.precision {
                // Surer bounds are worth more.
                return;
            }
            if entry.precision == old.precision {
                // Both the old and the new bounds hold: keep their intersection.
                entry.lower = entry.lower.max(old.lower);
                entry.upper = entry.upper.min(old.upper);
            }
            if entry.best == NO_MOVE {
                entry.best = old.best;
            }
            bucket.write(slot, h, entry.pack(generation));
            return;
        }
        let mut slot = 0;
        let mut fewest = u32::MAX;
        for k in 0..SLOTS {
            let data = bucket[2 * k + 1].load(Ordering::Relaxed);
            if Entry::generation(data) != generation {
                slot = k;
                break;
            }
            let e = Entry::unpack(data).empties;
            if e < fewest {
                fewest = e;
                slot = k;
            }
        }
        bucket.write(slot, h, entry.pack(generation));
    }
}
