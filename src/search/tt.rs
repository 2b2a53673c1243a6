//! The transposition table: a lower and an upper bound per position (Edax's layout, seed
//! 002's `(lower_bound, upper_bound)` pairs), with the best move found.
//!
//! A bound answers a node only when it was stored for the *same* remaining depth, so a
//! table never changes the value of a fixed-depth search: every exact algorithm with a
//! table still returns plain minimax's value. Entries of other depths still give their
//! move to the move ordering.

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

/// A fixed-size, always-replace hash table of [`TtEntry`]s, one entry per slot.
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    slots: Vec<Option<TtEntry<M>>>,
    mask: usize,
    /// Slots indexed by the key modulo a prime number of slots (Pons' tables) rather
    /// than by its low bits.
    prime: bool,
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
        }
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        if self.prime {
            (key % self.slots.len() as u64) as usize
        } else {
            (key as usize) & self.mask
        }
    }

    /// Stores `entry` over whatever its slot held (Pons' one-bound tables).
    pub fn put(&mut self, entry: TtEntry<M>) {
        let at = self.index(entry.key);
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
    }

    /// The entry stored under `key`, if any.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<TtEntry<M>> {
        self.slots[self.index(key)].filter(|e| e.key == key)
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
        let at = self.index(key);
        let slot = &mut self.slots[at];
        let (mut lower, mut upper) = (i32::MIN, i32::MAX);
        let mut keep_best = None;
        if let Some(old) = slot
            && old.key == key
            && old.depth == depth
        {
            lower = old.lower;
            upper = old.upper;
            keep_best = old.best;
        }
        if value <= alpha {
            upper = value;
        } else if value >= beta {
            lower = value;
        } else {
            lower = value;
            upper = value;
        }
        // A deeper re-search may contradict an older bound only through a bug; keep the
        // newest knowledge consistent rather than store an empty interval.
        if lower > upper {
            if value <= alpha {
                lower = i32::MIN;
            } else {
                upper = i32::MAX;
            }
        }
        *slot = Some(TtEntry {
            key,
            lower,
            upper,
            depth,
            best: best.or(keep_best),
        });
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
}
