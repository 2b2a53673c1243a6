//! Exact Othello endgame solver: null-window search (NWS) under a principal-variation
//! search (PVS) at the root, over bitboards relative to the side to move.
//!
//! The search has three phases by the number of empty squares:
//!
//! - **deep** (more than [`SHALLOW_EMPTIES`]): stability cutoffs and sorted moves — a
//!   shallow search on the trained pattern evaluation of [`super::pattern`] (plus the
//!   opponent's mobility) when many squares are empty
//!   ([`OthelloOptions::shallow_from`]), else fastest-first (fewest weighted opponent
//!   replies, corner stability, least potential mobility from [`TT_MIN_EMPTIES`] on,
//!   parity near the end); from [`TT_MIN_EMPTIES`] on also a transposition table of
//!   lower and upper bounds, and from [`ETC_MIN_EMPTIES`] enhanced transposition
//!   cutoffs (ETC);
//! - **shallow** (when the specialised code below covers fewer squares than
//!   [`SHALLOW_EMPTIES`]): no move list; squares tried in quadrant-parity order (odd
//!   quadrants first), corners first and X-squares last;
//! - **last** (at most [`OthelloOptions::last_n`] empties): specialised code over an
//!   array of the empty squares; the last square's value comes from one flip count.
//!
//! At the root ([`OthelloOptions::aspiration`]) null-window probes narrow the score down
//! to one value, and a PVS in the window around it finds a best move. Before them a
//! selective **presearch** ([`OthelloOptions::presearch`]) runs the same probes with a
//! probcut-style cut: a node that runs the shallow-search ordering returns at once when
//! the best shallow value is [`OthelloOptions::presearch_margin`] discs above the null
//! window (or every one that far below it). Its score is the guess the exact probes
//! start next to, and its best moves stay in the table (its bounds are marked, so the
//! exact search never takes them).
//!
//! Each null-window node also carries its expected type (Knuth and Moore's cut and
//! all-nodes, see `Searcher::nws`): at 5-7 empties an expected all-node searches its
//! moves unsorted, since it searches every one of them anyway.
//!
//! Every search function is fail-soft: `Searcher::nws` answers "is the score above
//! `alpha`?" and returns a value `v` with `v > alpha` meaning "score >= v" and
//! `v <= alpha` meaning "score <= v"; `Searcher::pvs` returns the exact score when it
//! lies within `(alpha, beta)`.
//!
//! Scores are the FFO/Edax convention: the final disc difference for the side to move,
//! empty squares going to the winner: 64 minus twice the loser's discs, or 0, so every
//! score is even (the root bisects over even values with odd null windows).
//!
//! **Node count**: one node per position a search function is called on (a pass is not
//! a separate node), including the positions with one empty square and the positions
//! of the move-ordering shallow searches. With `threads > 1` the count depends on the
//! timing of the threads.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::pattern::PatternEval;
use crate::game::othello::board::{flips, moves};
use crate::game::splitmix64;

/// Above this many empties a node is "deep": sorted move list, stability, and from
/// [`TT_MIN_EMPTIES`] on the table and ETC; at or below it squares are tried in
/// parity order without a move list (down to the specialised last-`n` code).
pub const SHALLOW_EMPTIES: u32 = 4;
/// Deep nodes use the transposition table from this many empties on (below, probing
/// costs more than the nodes it saves).
pub const TT_MIN_EMPTIES: u32 = 8;
/// ETC probes the children only at nodes with at least this many empties.
pub const ETC_MIN_EMPTIES: u32 = 11;
// ETC reads the children's hashes computed for the prefetch, from TT_MIN_EMPTIES + 1 on.
const _: () = assert!(ETC_MIN_EMPTIES > TT_MIN_EMPTIES);
/// Shallow-search move ordering at nodes with at least this many empties, with the
/// trained pattern evaluation (measured on FFO #40-#47: 3.9x fewer nodes on #46-#47 than
/// fastest-first alone).
pub const SHALLOW_ORDER_MIN_EMPTIES: u32 = 12;
/// The same with the hand-written mobility evaluation, which orders worse than
/// fastest-first below this.
pub const MOBILITY_ORDER_MIN_EMPTIES: u32 = 25;
/// Empties per extra ply of the ordering search.
const SHALLOW_ORDER_STEP: u32 = 3;
/// The deepest ordering search. FFO #40-#47: 0.92x the nodes of a limit of 3; 5 and 6
/// save nothing more there, and 6 blows up on #59 (34 empties): 358 M nodes against
/// 269 k with 4.
const SHALLOW_ORDER_MAX_DEPTH: u32 = 4;
/// Parity is a move-ordering term of deep nodes below this many empties.
const PARITY_ORDER_MAX_EMPTIES: u32 = 14;
/// The stability test runs only when alpha is at least this many times the empties,
/// less [`STABILITY_ALPHA_SLACK`]: with more empty squares fewer discs are stable, and
/// the test costs more than the cutoffs it finds at low alphas.
const STABILITY_ALPHA_PER_EMPTY: i32 = 2;
/// See [`STABILITY_ALPHA_PER_EMPTY`].
const STABILITY_ALPHA_SLACK: i32 = 2;
/// The largest `last_n` (specialised code for the last 1 to 4 empties).
pub const MAX_LAST_N: u32 = 4;
/// A score outside every real score (-64..=64).
const INF: i32 = 65;
/// The largest score.
const MAX_SCORE: i32 = 64;
/// Default margin of the presearch in discs ([`OthelloOptions::presearch_margin`]).
/// With the session-6 weights, nodes of FFO #40-#49 / #20-#39 with 14, 16 and 18:
/// 630/86, 587/88 and 652/94 M (the single positions move by up to 2x either way, the
/// totals less).
pub const DEFAULT_PRESEARCH_MARGIN: u32 = 16;
/// The presearch runs for roots with at least this many empties (FFO #21, 15
/// empties: 1.6x the nodes with it; #22, 17 empties: 0.81x).
pub const PRESEARCH_MIN_EMPTIES: u32 = 16;
/// ... and at least this many more than where the shallow-search ordering (whose
/// values decide the presearch's cuts) starts.
pub const PRESEARCH_MIN_EMPTIES_ABOVE_SHALLOW: u32 = 4;
/// Default transposition-table size in MiB.
pub const DEFAULT_TT_MIB: usize = 64;

/// The four corners.
pub(crate) const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Every square but column A.
const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
/// Every square but column H.
const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// Every square but columns A and B.
const NOT_AB: u64 = 0xFCFC_FCFC_FCFC_FCFC;
/// Every square but columns G and H.
const NOT_GH: u64 = 0x3F3F_3F3F_3F3F_3F3F;
/// Every square but columns A to D.
const NOT_ABCD: u64 = 0xF0F0_F0F0_F0F0_F0F0;
/// Every square but columns E to H.
const NOT_EFGH: u64 = 0x0F0F_0F0F_0F0F_0F0F;
/// Columns A and H.
const COLUMNS_AH: u64 = 0x8181_8181_8181_8181;
/// Rows 1 and 8.
const ROWS_18: u64 = 0xFF00_0000_0000_00FF;
/// The board's edge squares.
const EDGES: u64 = COLUMNS_AH | ROWS_18;
/// The X-squares (diagonal neighbours of the corners).
const X_SQUARES: u64 = 0x4200_0000_0000_0042;
/// The C-squares (edge neighbours of the corners).
const C_SQUARES: u64 = 0x4281_0000_0000_8142;
/// The squares of each quadrant (A1-D4, E1-H4, A5-D8, E5-H8).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];
/// Squares in the order the shallow search prefers them: corners, the edge squares
/// away from corners, the inner squares, C-squares, X-squares.
const SQUARE_CLASSES: [u64; 5] = [
    CORNERS,
    EDGES & !CORNERS & !C_SQUARES,
    !EDGES & !X_SQUARES,
    C_SQUARES,
    X_SQUARES,
];

/// The quadrant bit (1, 2, 4 or 8) of each square.
const QUADRANT_BIT: [u32; 64] = {
    let mut out = [0u32; 64];
    let mut sq = 0;
    while sq < 64 {
        let q = (sq / 32) * 2 + (sq % 8) / 4;
        out[sq] = 1 << q;
        sq += 1;
    }
    out
};

/// The (up to eight) squares around each square: a move there flips nothing unless
/// one of them holds an opponent disc.
static NEIGHBOURS: [u64; 64] = {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let x = 1u64 << sq;
        let row = x | ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
        out[sq] = (row | (row << 8) | (row >> 8)) & !x;
        sq += 1;
    }
    out
};

/// A small static value of each square for tie-breaks in move ordering.
const SQUARE_VALUE: [i32; 64] = {
    let mut out = [0i32; 64];
    let mut sq = 0;
    while sq < 64 {
        let bit = 1u64 << sq;
        out[sq] = if bit & CORNERS != 0 {
            18
        } else if bit & X_SQUARES != 0 {
            1
        } else if bit & C_SQUARES != 0 {
            4
        } else if bit & EDGES != 0 {
            12
        } else {
            8
        };
        sq += 1;
    }
    out
};

/// The techniques of the Othello solver; each can be switched off to measure it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OthelloOptions {
    /// Transposition table of lower and upper bounds at deep nodes.
    pub tt: bool,
    /// Its size in MiB (rounded down to a power of two buckets).
    pub tt_mib: usize,
    /// Enhanced transposition cutoffs: probe every child before searching any.
    pub etc: bool,
    /// Stability cutoffs: the opponent's stable discs bound the score from above.
    pub stability: bool,
    /// Quadrant parity in move ordering (shallow and last nodes, deep nodes near the
    /// end).
    pub parity: bool,
    /// Fastest-first ordering at deep nodes (else only the table's move first).
    pub fastest_first: bool,
    /// Shallow-search ordering at deep nodes with many empties.
    pub shallow: bool,
    /// The shallow-search ordering evaluates with the trained pattern evaluation
    /// ([`super::pattern`]); off, with a hand-written mobility evaluation.
    pub pattern: bool,
    /// The weights of the pattern evaluation (`None`: the shipped ones).
    pub eval: Option<&'static PatternEval>,
    /// The fewest empties at which the shallow-search ordering is used (`None`:
    /// [`SHALLOW_ORDER_MIN_EMPTIES`] with the pattern evaluation, else
    /// [`MOBILITY_ORDER_MIN_EMPTIES`]).
    pub shallow_from: Option<u32>,
    /// Specialised solvers for the last `last_n` empties (0 to [`MAX_LAST_N`]).
    pub last_n: u32,
    /// Aspiration at the root: null-window probes that bisect the (even) scores,
    /// reusing the table, then PVS in the one-score window to find the move.
    pub aspiration: bool,
    /// Selective presearch before the exact search: the root bisection with a
    /// probcut-style cut at nodes that run the shallow-search ordering (the shallow
    /// value beyond alpha by `presearch_margin` discs decides the node), giving an
    /// estimate of the score and the table's moves; the exact null-window probes then
    /// start at the estimate. Needs `aspiration` and `shallow`, and runs only for roots
    /// with [`PRESEARCH_MIN_EMPTIES`] empties or more.
    pub presearch: bool,
    /// The presearch's margin in discs.
    pub presearch_margin: u32,
    /// Threads (young-brothers-wait splits at deep nodes from [`SPLIT_MIN_EMPTIES`] empties,
    /// one shared table); 1 is deterministic.
    pub threads: usize,
}

impl OthelloOptions {
    /// The fewest empties at which the shallow-search ordering runs (see
    /// [`OthelloOptions::shallow_from`]).
    #[must_use]
    pub fn shallow_start(&self) -> u32 {
        self.shallow_from.unwrap_or(if self.pattern {
            SHALLOW_ORDER_MIN_EMPTIES
        } else {
            MOBILITY_ORDER_MIN_EMPTIES
        })
    }
}

impl Default for OthelloOptions {
    fn default() -> Self {
        OthelloOptions {
            tt: true,
            tt_mib: DEFAULT_TT_MIB,
            etc: true,
            stability: true,
            parity: true,
            fastest_first: true,
            shallow: true,
            pattern: true,
            eval: None,
            shallow_from: None,
            last_n: MAX_LAST_N,
            aspiration: true,
            presearch: true,
            presearch_margin: DEFAULT_PRESEARCH_MARGIN,
            threads: 1,
        }
    }
}

/// The result of one solve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OthelloSolve {
    /// The exact final disc difference for the side to move.
    pub score: i32,
    /// A best move's square (A1 = 0 … H8 = 63); `None` for a pass or a finished game.
    pub best_move: Option<u8>,
    /// Whether the side to move must pass (and the game is not over).
    pub pass: bool,
    /// Nodes searched (see the module header).
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

// ---------------------------------------------------------------------------------
// Board helpers.

/// The final score of a game that ended with `p` to move: disc difference, empties to
/// the winner.
#[inline]
fn final_score(p: u64, o: u64) -> i32 {
    let mine = p.count_ones() as i32;
    let theirs = o.count_ones() as i32;
    let empties = MAX_SCORE - mine - theirs;
    let diff = mine - theirs;
    if diff > 0 {
        diff + empties
    } else if diff < 0 {
        diff - empties
    } else {
        0
    }
}

/// The squares next to any disc of `x` (x itself included).
#[inline]
fn neighbours(x: u64) -> u64 {
    let row = x | ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
    row | (row << 8) | (row >> 8)
}

/// The moves of `mask`, corners counted twice.
#[inline]
fn weighted_count(mask: u64) -> i32 {
    (mask.count_ones() + (mask & CORNERS).count_ones()) as i32
}

/// Empty squares next to an opponent disc: where `p` may get moves later.
#[inline]
fn potential_mobility(p: u64, o: u64) -> i32 {
    (neighbours(o) & !(p | o) & !CORNERS).count_ones() as i32
}

/// Discs of `x` on a corner or on an edge square next to one it owns: cheap, certainly
/// stable discs.
#[inline]
fn corner_stability(x: u64) -> i32 {
    let c = x & CORNERS;
    let next = ((c << 1) & NOT_A) | ((c >> 1) & NOT_H) | (c << 8) | (c >> 8);
    (c | (next & x & C_SQUARES)).count_ones() as i32
}

/// For each direction, the squares whose whole line in that direction is occupied:
/// (horizontal, vertical, A1-H8 diagonals, H1-A8 diagonals).
#[inline]
fn full_lines(occ: u64) -> (u64, u64, u64, u64) {
    let mut h = occ;
    h &= h >> 4;
    h &= h >> 2;
    h &= h >> 1;
    let h = (h & 0x0101_0101_0101_0101) * 0xFF;
    let mut v = occ;
    v &= v.rotate_right(8);
    v &= v.rotate_right(16);
    v &= v.rotate_right(32);
    // Diagonals: spread the empty squares along the line both ways; what no empty
    // square reaches lies on a full line.
    let e = !occ;
    let mut up = e | ((e << 9) & NOT_A);
    up |= (up << 18) & NOT_AB;
    up |= (up << 36) & NOT_ABCD;
    let mut down = e | ((e >> 9) & NOT_H);
    down |= (down >> 18) & NOT_GH;
    down |= (down >> 36) & NOT_EFGH;
    let d9 = !(up | down);
    let mut up = e | ((e << 7) & NOT_H);
    up |= (up << 14) & NOT_GH;
    up |= (up << 28) & NOT_EFGH;
    let mut down = e | ((e >> 7) & NOT_A);
    down |= (down >> 14) & NOT_AB;
    down |= (down >> 28) & NOT_ABCD;
    let d7 = !(up | down);
    (h, v, d9, d7)
}

/// Discs of `p` that can never be flipped, found as a fixed point: a disc is stable
/// when, along each of the four lines through it, the line is full, or it touches the
/// board's edge, or its neighbour on that line is a stable disc of `p`. (A lower bound
/// of the true set.)
#[must_use]
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let (fh, fv, f9, f7) = full_lines(p | o);
    let mut stable = 0u64;
    let candidates = p & (fh | COLUMNS_AH | neighbours_h(p)) & (fv | ROWS_18 | p << 8 | p >> 8);
    if candidates & EDGES & p == 0 && candidates & fh & fv & f9 & f7 == 0 {
        // No disc on an edge nor any on four full lines: nothing can be stable.
        return 0;
    }
    loop {
        let h = fh | COLUMNS_AH | ((stable << 1) & NOT_A) | ((stable >> 1) & NOT_H);
        let v = fv | ROWS_18 | (stable << 8) | (stable >> 8);
        let d9 = f9 | EDGES | ((stable << 9) & NOT_A) | ((stable >> 9) & NOT_H);
        let d7 = f7 | EDGES | ((stable << 7) & NOT_H) | ((stable >> 7) & NOT_A);
        let next = p & h & v & d9 & d7;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// Squares with a disc of `p` beside them on their row.
#[inline]
fn neighbours_h(p: u64) -> u64 {
    ((p << 1) & NOT_A) | ((p >> 1) & NOT_H)
}

/// The ordering key of a deep node's move with the pattern evaluation: the shallow
/// search's value (1/32 disc) plus `PATTERN_MOBILITY_WEIGHT[d]` per weighted reply the
/// opponent lacks, `d` the depth of the shallow search (index 0 unused), plus a disc
/// per corner-stable disc of the mover. The less the search sees, the more the replies
/// count: 6.25 discs per reply after one ply, 3.75 after two, 1.9 after three or four.
/// Millions of nodes of FFO #40-#49 / #20-#39 / #50-#52 against 2.5 discs at every
/// depth and no stability term (session 6): 562.1 / 88.1 / 872.0 against 597.2 / 91.3
/// / 978.4 (without the stability term: 570.0 / 89.2 / 907.8).
const PATTERN_MOBILITY_WEIGHT: [i32; SHALLOW_ORDER_MAX_DEPTH as usize + 1] = [0, 200, 120, 60, 60];

/// The unit of the ordering evaluations: 1/32 of a disc.
const ORDER_UNIT: i32 = 32;

/// A cheap midgame evaluation for move ordering only, from `p`'s side: mobility
/// (corners weigh double), potential mobility, corners and corner-stable discs.
#[inline]
fn order_eval(p: u64, o: u64) -> i32 {
    let mp = moves(p, o);
    let mo = moves(o, p);
    let mobility = weighted_count(mp) - weighted_count(mo);
    let potential = potential_mobility(p, o) - potential_mobility(o, p);
    let stable = corner_stability(p) - corner_stability(o);
    8 * mobility + 2 * potential + 24 * stable
}

/// The quadrant-parity word (bit q set when quadrant q holds an odd number of empties).
#[inline]
fn parity_of(empty: u64) -> u32 {
    let mut parity = 0;
    for (q, &mask) in QUADRANTS.iter().enumerate() {
        parity |= ((empty & mask).count_ones() & 1) << q;
    }
    parity
}

// ---------------------------------------------------------------------------------
// Transposition table.

/// A shared, lock-free table of bounds. Each slot is two atomic words, `key ^ data`
/// and `data`, so a torn write from another thread fails the key check instead of
/// passing wrong bounds. Buckets of two slots: the first keeps the entry with more
/// empties, the second takes whatever the first refused.
pub struct Table {
    slots: Vec<[AtomicU64; 4]>,
    mask: usize,
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug)]
struct Entry {
    lower: i32,
    upper: i32,
    best: u8,
    empties: u32,
    /// How sure the bounds are: [`EXACT`], or the margin in discs of the presearch
    /// that found them. A search takes the bounds of entries at least as sure as it is
    /// (the exact search only exact ones) and the move of any.
    precision: u8,
}

/// The precision of an exact entry.
const EXACT: u8 = u8::MAX;

/// The best-move byte of an entry without one.
const NO_MOVE: u8 = 64;

impl Entry {
    fn pack(self) -> u64 {
        ((self.lower + INF) as u64)
            | (((self.upper + INF) as u64) << 8)
            | (u64::from(self.best) << 16)
            | (u64::from(self.empties) << 24)
            | (u64::from(self.precision) << 32)
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

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("buckets", &self.slots.len())
            .finish()
    }
}

/// The table hash of a position.
#[inline]
fn hash(p: u64, o: u64) -> u64 {
    splitmix64(p ^ splitmix64(o))
}

impl Table {
    /// A table of about `mib` MiB (at least one bucket).
    #[must_use]
    pub fn new(mib: usize) -> Table {
        let bucket_bytes = std::mem::size_of::<[AtomicU64; 4]>();
        let wanted = (mib.max(1) << 20) / bucket_bytes;
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            (wanted.next_power_of_two() / 2).max(1)
        };
        let mut slots: Vec<[AtomicU64; 4]> = Vec::with_capacity(buckets);
        advise_huge_pages(slots.as_ptr().cast::<u8>(), buckets * bucket_bytes);
        slots.extend((0..buckets).map(|_| std::array::from_fn(|_| AtomicU64::new(0))));
        Table {
            slots,
            mask: buckets - 1,
        }
    }

    /// Empties every slot.
    pub fn clear(&self) {
        for bucket in &self.slots {
            for word in bucket {
                word.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Asks the processor to start loading the bucket of `h` (a hint: nothing changes
    /// but the time a later probe waits).
    #[inline]
    fn prefetch(&self, h: u64) {
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

    #[inline]
    fn probe(&self, h: u64) -> Option<Entry> {
        let bucket = &self.slots[(h >> 32) as usize & self.mask];
        for slot in 0..2 {
            let data = bucket[2 * slot + 1].load(Ordering::Relaxed);
            if data != 0 && bucket[2 * slot].load(Ordering::Relaxed) ^ data == h {
                return Some(Entry::unpack(data));
            }
        }
        None
    }

    #[inline]
    fn store(&self, h: u64, mut entry: Entry) {
        let bucket = &self.slots[(h >> 32) as usize & self.mask];
        for slot in 0..2 {
            let data = bucket[2 * slot + 1].load(Ordering::Relaxed);
            if data != 0 && bucket[2 * slot].load(Ordering::Relaxed) ^ data == h {
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
                let data = entry.pack();
                bucket[2 * slot].store(h ^ data, Ordering::Relaxed);
                bucket[2 * slot + 1].store(data, Ordering::Relaxed);
                return;
            }
        }
        let first = bucket[1].load(Ordering::Relaxed);
        let slot = if first == 0 || Entry::unpack(first).empties <= entry.empties {
            0
        } else {
            1
        };
        let data = entry.pack();
        bucket[2 * slot].store(h ^ data, Ordering::Relaxed);
        bucket[2 * slot + 1].store(data, Ordering::Relaxed);
    }
}

/// Asks Linux to back the 2 MiB-aligned part of `len` bytes at `start` (allocated, not
/// yet touched) with huge pages: one TLB entry per 2 MiB instead of per 4 KiB, so the
/// table's random probes miss the TLB far less. A hint; without it nothing changes but
/// the speed.
fn advise_huge_pages(start: *const u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let begin = (start as usize).next_multiple_of(HUGE);
        let end = (start as usize + len) / HUGE * HUGE;
        if end > begin {
            // SAFETY: the range lies within one live allocation of ours; MADV_HUGEPAGE
            // changes how the kernel backs it, never its contents or its validity.
            unsafe {
                libc::madvise(begin as *mut libc::c_void, end - begin, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}

// ---------------------------------------------------------------------------------
// Move lists.

/// A legal move with its flips and its ordering key.
#[derive(Clone, Copy, Debug, Default)]
struct Move {
    flips: u64,
    square: u8,
    key: i32,
}

impl Move {
    /// `p`'s move on the empty `square` (its flips; no key yet).
    #[inline]
    fn on(p: u64, o: u64, square: u32) -> Move {
        Move {
            flips: flips(p, o, square),
            square: square as u8,
            key: 0,
        }
    }
}

/// The most legal moves an Othello position can have is 33; room for more.
const MAX_MOVES: usize = 40;

/// A list of moves in a buffer borrowed from the searcher's pool (so that a node
/// neither allocates nor clears a fixed array).
struct MoveList {
    moves: Vec<Move>,
    len: usize,
}

impl MoveList {
    /// Fills `buffer` with the moves of `mask` and their flips.
    #[inline]
    fn fill(mut buffer: Vec<Move>, p: u64, o: u64, mut mask: u64) -> MoveList {
        buffer.clear();
        while mask != 0 {
            let square = mask.trailing_zeros();
            mask &= mask - 1;
            buffer.push(Move::on(p, o, square));
        }
        let len = buffer.len();
        MoveList { moves: buffer, len }
    }

    /// Brings the best-keyed move among `i..` to position `i` (see [`select`]).
    #[inline]
    fn select(&mut self, i: usize) -> Move {
        select(&mut self.moves[..self.len], i)
    }
}

/// Brings the best-keyed move among `moves[i..]` to position `i` and returns it
/// (selection sort, one step: most nodes cut off after the first move or two; the first
/// of equal keys wins).
#[inline]
fn select(moves: &mut [Move], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..moves.len() {
        if moves[j].key > moves[best].key {
            best = j;
        }
    }
    moves.swap(i, best);
    moves[i]
}

/// The position after `p` plays `m`, seen from the new side to move.
#[inline]
fn child(p: u64, o: u64, m: &Move) -> (u64, u64) {
    (o ^ m.flips, p ^ m.flips ^ (1u64 << m.square))
}

// ---------------------------------------------------------------------------------
// The search.

/// One thread's search state: options, node counter, the shared table.
struct Searcher<'t> {
    opts: &'t OthelloOptions,
    table: Option<&'t Table>,
    nodes: u64,
    /// Move buffers for reuse, one per level in use.
    pool: Vec<Vec<Move>>,
    /// The ordering evaluation (None: the hand-written one).
    eval: Option<&'static PatternEval>,
    /// Idle helper threads to split work with (None: one thread, no splits).
    helpers: Option<&'t AtomicUsize>,
    /// The stop flags of the splits this searcher works under: when one is set, a
    /// sibling refuted the node and the work is thrown away.
    stops: Vec<Arc<AtomicBool>>,
    /// [`EXACT`] for the exact search, else the presearch's margin in discs (see
    /// [`OthelloOptions::presearch`]); also the precision of this search's table
    /// entries (see [`Entry::precision`]).
    precision: u8,
}

// nws_small has no splits.
const _: () = assert!(TT_MIN_EMPTIES <= SPLIT_MIN_EMPTIES);

/// A deep node splits its moves over an idle thread (young brothers wait: only after
/// its first move failed to cut off) from this many empties on.
pub const SPLIT_MIN_EMPTIES: u32 = 14;

impl<'t> Searcher<'t> {
    /// A searcher with an empty node count.
    fn new(opts: &'t OthelloOptions, table: Option<&'t Table>) -> Searcher<'t> {
        Searcher {
            opts,
            table,
            nodes: 0,
            pool: Vec::new(),
            eval: opts
                .pattern
                .then(|| opts.eval.unwrap_or_else(PatternEval::shipped)),
            helpers: None,
            stops: Vec::new(),
            precision: EXACT,
        }
    }

    /// The null-window value of move `m` of the deep node `(p, o)` at `alpha`, from the
    /// node's side; `cut`: whether the child is expected to be a cut node (see
    /// [`Searcher::nws`]).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn nws_move(
        &mut self,
        p: u64,
        o: u64,
        m: &Move,
        alpha: i32,
        empties: u32,
        parity: u32,
        cut: bool,
    ) -> i32 {
        let (np, no) = child(p, o, m);
        -self.nws(
            np,
            no,
            -alpha - 1,
            empties - 1,
            parity ^ QUADRANT_BIT[m.square as usize],
            cut,
        )
    }

    /// The presearch's margin in 1/32 discs (`None` in the exact search).
    #[inline]
    fn presearch_margin(&self) -> Option<i32> {
        (self.precision != EXACT).then(|| i32::from(self.precision) * ORDER_UNIT)
    }

    /// The presearch's cut at a null-window node searched at `alpha` whose moves so far
    /// reached `best`, given the node's shallow-search value `shallow` (from
    /// [`Searcher::order`]): the bound to return when that value is clearly above alpha,
    /// or clearly at most alpha; `None` in the exact search or when it is not clear.
    #[inline]
    fn presearch_cut(&self, shallow: Option<i32>, alpha: i32, best: i32) -> Option<i32> {
        let (margin, v) = (self.presearch_margin()?, shallow?);
        if v >= (alpha + 1) * ORDER_UNIT + margin {
            Some(alpha + 1)
        } else if v < alpha * ORDER_UNIT - margin {
            Some(best.max(alpha))
        } else {
            None
        }
    }

    /// Whether a split this searcher works under was cut off (its work is void).
    #[inline]
    fn aborted(&self) -> bool {
        !self.stops.is_empty() && self.stops.iter().any(|f| f.load(Ordering::Relaxed))
    }

    /// Claims an idle helper thread, if any.
    #[inline]
    fn claim_helper(&self) -> bool {
        self.helpers.is_some_and(|idle| {
            idle.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1))
                .is_ok()
        })
    }

    /// Searches `moves` (sorted) of a deep node with a null window at `alpha`, this
    /// thread and one helper taking them in turn. Returns the best value and move found
    /// (fail-soft as [`Searcher::nws`]); a value above `alpha` stops both.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
        parity: u32,
        moves: &[Move],
    ) -> (i32, u8) {
        let next = AtomicUsize::new(0);
        let flag = Arc::new(AtomicBool::new(false));
        let best = Mutex::new((-INF, NO_MOVE));
        let work = |s: &mut Searcher<'_>| {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= moves.len() || s.aborted() {
                    break;
                }
                let m = moves[i];
                // The first move failed low: the node is an all-node, so each of the
                // others is expected to be refuted (a cut node).
                let v = s.nws_move(p, o, &m, alpha, empties, parity, true);
                if s.aborted() {
                    break;
                }
                if let Ok(mut b) = best.lock()
                    && v > b.0
                {
                    *b = (v, m.square);
                }
                if v > alpha {
                    flag.store(true, Ordering::Relaxed);
                    break;
                }
            }
        };
        let (opts, table, helpers, precision) =
            (self.opts, self.table, self.helpers, self.precision);
        let mut helper_stops = self.stops.clone();
        helper_stops.push(Arc::clone(&flag));
        let helper_nodes = std::thread::scope(|scope| {
            let handle = scope.spawn(|| {
                let mut h = Searcher::new(opts, table);
                h.helpers = helpers;
                h.stops = helper_stops;
                h.precision = precision;
                work(&mut h);
                h.nodes
            });
            self.stops.push(Arc::clone(&flag));
            work(self);
            self.stops.pop();
            handle.join().unwrap_or(0)
        });
        if let Some(idle) = self.helpers {
            idle.fetch_add(1, Ordering::AcqRel);
        }
        self.nodes += helper_nodes;
        best.into_inner().unwrap_or((-INF, NO_MOVE))
    }

    /// The moves of `mask` in a pooled buffer; hand it back with [`Searcher::release`].
    #[inline]
    fn moves_of(&mut self, p: u64, o: u64, mask: u64) -> MoveList {
        let buffer = self
            .pool
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(MAX_MOVES));
        MoveList::fill(buffer, p, o, mask)
    }

    /// Returns a list's buffer to the pool.
    #[inline]
    fn release(&mut self, list: MoveList) {
        self.pool.push(list.moves);
    }
    /// Null-window search at a deep node: is the score above `alpha`? Fail-soft (see
    /// the module header).
    ///
    /// `cut` is the node's expected type (Knuth and Moore): a cut node is expected to
    /// fail high (one move refutes), an all-node to fail low (every move is searched).
    /// A cut node's first child is an all-node; every other child, and every child of
    /// an all-node, a cut node; a pass swaps the type. Only a hint: an expected
    /// all-node below the table's range searches its moves unsorted (see
    /// [`Searcher::nws_small`]).
    fn nws(&mut self, p: u64, o: u64, alpha: i32, empties: u32, parity: u32, cut: bool) -> i32 {
        debug_assert!((-INF..INF).contains(&alpha));
        if empties <= SHALLOW_EMPTIES {
            return self.nws_shallow(p, o, alpha, empties, parity);
        }
        if empties < TT_MIN_EMPTIES {
            return self.nws_small(p, o, alpha, empties, parity, cut);
        }
        self.nodes += 1;
        if empties >= SPLIT_MIN_EMPTIES && self.aborted() {
            return 0;
        }
        if let Some(bound) = self.stability_cutoff(p, o, alpha, empties) {
            return bound;
        }
        let table = if empties >= TT_MIN_EMPTIES {
            self.table
        } else {
            None
        };
        let h = if table.is_some() { hash(p, o) } else { 0 };
        let mut tt_move = NO_MOVE;
        if let Some(table) = table
            && let Some(e) = table.probe(h)
        {
            if e.precision >= self.precision {
                if e.lower > alpha {
                    return e.lower;
                }
                if e.upper <= alpha {
                    return e.upper;
                }
            }
            tt_move = e.best;
        }
        let mask = moves(p, o);
        if mask == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.nws(o, p, -alpha - 1, empties, parity, !cut);
        }
        let mut list = self.moves_of(p, o, mask);
        let mut child_hashes = [0u64; MAX_MOVES];
        if empties > TT_MIN_EMPTIES
            && let Some(table) = table
        {
            // The children will probe the table (and ETC right away): start loading
            // their buckets together now instead of one miss after another later.
            for (m, ch) in list.moves[..list.len].iter().zip(&mut child_hashes) {
                let (np, no) = child(p, o, m);
                *ch = hash(np, no);
                table.prefetch(*ch);
            }
        }
        if self.opts.etc
            && empties >= ETC_MIN_EMPTIES
            && let Some(table) = table
        {
            let mut cutoff = None;
            for &ch in &child_hashes[..list.len] {
                if let Some(e) = table.probe(ch)
                    && -e.upper > alpha
                    && e.precision >= self.precision
                {
                    cutoff = Some(-e.upper);
                    break;
                }
            }
            if let Some(bound) = cutoff {
                self.release(list);
                return bound;
            }
        }
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        // The table's move first, before paying for the ordering of the others: it
        // often cuts off alone.
        let mut first = 0;
        if let Some(k) = list.moves[..list.len]
            .iter()
            .position(|m| m.square == tt_move)
        {
            list.moves.swap(0, k);
            let m = list.moves[0];
            best = self.nws_move(p, o, &m, alpha, empties, parity, !cut);
            best_move = m.square;
            first = 1;
            if self.aborted() {
                self.release(list);
                return best;
            }
        }
        if best <= alpha {
            if first < list.len {
                let shallow =
                    self.order(p, o, &mut list.moves[..list.len], empties, parity, tt_move);
                if let Some(bound) = self.presearch_cut(shallow, alpha, best) {
                    self.release(list);
                    self.store(table, h, alpha, bound, NO_MOVE, empties);
                    return bound;
                }
            }
            let mut i = first;
            while i < list.len {
                if i > 0 && i + 1 < list.len && empties >= SPLIT_MIN_EMPTIES && self.claim_helper()
                {
                    // Young brothers wait: the first move did not cut off, so the
                    // others are searched in parallel.
                    for k in i..list.len {
                        list.select(k);
                    }
                    let (v, square) =
                        self.split(p, o, alpha, empties, parity, &list.moves[i..list.len]);
                    if v > best {
                        best = v;
                        best_move = square;
                    }
                    break;
                }
                let m = list.select(i);
                let v = self.nws_move(p, o, &m, alpha, empties, parity, !(cut && i == 0));
                if v > best {
                    best = v;
                    best_move = m.square;
                    if v > alpha {
                        break;
                    }
                }
                i += 1;
            }
            if self.aborted() {
                self.release(list);
                return best;
            }
        }
        self.release(list);
        self.store(table, h, alpha, best, best_move, empties);
        best
    }

    /// [`Searcher::nws`] at a deep node below [`TT_MIN_EMPTIES`]: no table, no
    /// splits, so the few moves (at most one per empty square) live in an array on the
    /// stack. An expected all-node (`cut` false) leaves them in square order: all of
    /// them are searched anyway, and at 98% of the cut nodes here the first sorted move
    /// refutes, so the prediction rarely fails (FFO #40-#49: 1.6% more nodes, the
    /// ordering's cost saved at a quarter of these nodes).
    fn nws_small(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
        parity: u32,
        cut: bool,
    ) -> i32 {
        debug_assert!(empties < TT_MIN_EMPTIES);
        self.nodes += 1;
        if let Some(bound) = self.stability_cutoff(p, o, alpha, empties) {
            return bound;
        }
        let mut mask = moves(p, o);
        if mask == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.nws(o, p, -alpha - 1, empties, parity, !cut);
        }
        let mut list = [Move::default(); TT_MIN_EMPTIES as usize];
        let mut n = 0;
        while mask != 0 {
            let square = mask.trailing_zeros();
            mask &= mask - 1;
            list[n] = Move::on(p, o, square);
            n += 1;
        }
        let list = &mut list[..n];
        let mut best = -INF;
        // (The shallow-search ordering, when it runs this low, also feeds the
        // presearch's cut: not skipped.)
        if cut || (self.opts.shallow && shallow_order_depth(empties, self.opts.shallow_start()) > 0)
        {
            let shallow = self.order(p, o, list, empties, parity, NO_MOVE);
            if let Some(bound) = self.presearch_cut(shallow, alpha, best) {
                return bound;
            }
        }
        for i in 0..n {
            let m = select(list, i);
            let v = self.nws_move(p, o, &m, alpha, empties, parity, !(cut && i == 0));
            if v > best {
                best = v;
                if v > alpha {
                    break;
                }
            }
        }
        best
    }

    /// Stores a null-window result `v` at `alpha` of the position with hash `h` (if
    /// there is a table).
    #[inline]
    fn store(&self, table: Option<&Table>, h: u64, alpha: i32, v: i32, best: u8, empties: u32) {
        if let Some(table) = table {
            let (lower, upper) = if v > alpha {
                (v, MAX_SCORE)
            } else {
                (-MAX_SCORE, v)
            };
            table.store(
                h,
                Entry {
                    lower,
                    upper,
                    best,
                    empties,
                    precision: self.precision,
                },
            );
        }
    }

    /// Principal-variation search: the exact score when it lies in `(alpha, beta)`,
    /// else a bound on the failing side (fail-soft). Returns the best move too.
    fn pvs(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empties: u32,
        parity: u32,
    ) -> (i32, u8) {
        debug_assert!(alpha < beta);
        self.nodes += 1;
        let mask = moves(p, o);
        if mask == 0 {
            if moves(o, p) == 0 {
                return (final_score(p, o), NO_MOVE);
            }
            let (v, _) = self.pvs(o, p, -beta, -alpha, empties, parity);
            return (-v, NO_MOVE);
        }
        let h = if self.table.is_some() { hash(p, o) } else { 0 };
        let mut tt_move = NO_MOVE;
        if let Some(table) = self.table
            && let Some(e) = table.probe(h)
        {
            tt_move = e.best;
        }
        let mut list = self.moves_of(p, o, mask);
        self.order(p, o, &mut list.moves[..list.len], empties, parity, tt_move);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for i in 0..list.len {
            let m = list.select(i);
            let (np, no) = child(p, o, &m);
            let child_parity = parity ^ QUADRANT_BIT[m.square as usize];
            let v = if i == 0 {
                -self.pvs(np, no, -beta, -alpha, empties - 1, child_parity).0
            } else {
                let mut v = -self.nws(np, no, -alpha - 1, empties - 1, child_parity, true);
                if v > alpha && v < beta {
                    v = -self.pvs(np, no, -beta, -v, empties - 1, child_parity).0;
                }
                v
            };
            if v > best {
                best = v;
                best_move = m.square;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.release(list);
        if let Some(table) = self.table
            && empties >= TT_MIN_EMPTIES
        {
            let lower = if best > original_alpha {
                best
            } else {
                -MAX_SCORE
            };
            let upper = if best < beta { best } else { MAX_SCORE };
            table.store(
                h,
                Entry {
                    lower,
                    upper,
                    best: best_move,
                    empties,
                    precision: self.precision,
                },
            );
        }
        (best, best_move)
    }

    /// The stability bound when it proves the score is at most `alpha`.
    #[inline]
    fn stability_cutoff(&self, p: u64, o: u64, alpha: i32, empties: u32) -> Option<i32> {
        // The opponent's stable discs are at most its discs: skip the work when even
        // all of them could not bring the bound down to alpha. And with many empty
        // squares few discs are stable: test only high alphas there.
        if !self.opts.stability
            || 2 * (o.count_ones() as i32) < MAX_SCORE - alpha
            || alpha < STABILITY_ALPHA_PER_EMPTY * empties as i32 - STABILITY_ALPHA_SLACK
        {
            return None;
        }
        let upper = MAX_SCORE - 2 * stable_discs(o, p).count_ones() as i32;
        (upper <= alpha).then_some(upper)
    }

    /// Sets the ordering keys of `list` (higher first). Returns the node's value by
    /// the shallow search (1/32 discs) when it ran, over the moves other than the
    /// table's and wipe-outs.
    fn order(
        &mut self,
        p: u64,
        o: u64,
        list: &mut [Move],
        empties: u32,
        parity: u32,
        tt_move: u8,
    ) -> Option<i32> {
        let mut shallow_best = None;
        let shallow_depth = if self.opts.shallow {
            shallow_order_depth(empties, self.opts.shallow_start())
        } else {
            0
        };
        for m in list {
            let (np, no) = child(p, o, m);
            m.key = if m.square == tt_move {
                1 << 30
            } else if np == 0 {
                // A wipe-out: the best possible result.
                1 << 29
            } else if shallow_depth > 0 {
                let replies = moves(np, no);
                let v = match self.eval {
                    // The ordering search to depth 0 is the child's evaluation: it gets
                    // the replies computed here (same value, same node).
                    Some(eval) if shallow_depth == 1 => {
                        self.nodes += 1;
                        -eval.eval_with_moves(np, no, replies)
                    }
                    _ => -self.order_search(
                        np,
                        no,
                        -INF * ORDER_UNIT,
                        INF * ORDER_UNIT,
                        shallow_depth - 1,
                    ),
                };
                shallow_best = shallow_best.max(Some(v));
                if self.eval.is_some() {
                    v + (36 - weighted_count(replies))
                        * PATTERN_MOBILITY_WEIGHT[shallow_depth as usize]
                        + corner_stability(no) * ORDER_UNIT
                } else {
                    (v << 12)
                        + ((36 - weighted_count(replies)) << 6)
                        + SQUARE_VALUE[m.square as usize]
                }
            } else if self.opts.fastest_first {
                let replies = moves(np, no);
                let mut key = ((36 - weighted_count(replies)) << 15)
                    + (corner_stability(no) << 11)
                    + SQUARE_VALUE[m.square as usize];
                if empties >= TT_MIN_EMPTIES {
                    // Below that it changes the order of almost nothing (FFO #40-#49:
                    // 0.04% more nodes without it there) and costs about 1% of the time.
                    key += (36 - potential_mobility(np, no)) << 5;
                }
                if self.opts.parity
                    && empties < PARITY_ORDER_MAX_EMPTIES
                    && parity & QUADRANT_BIT[m.square as usize] != 0
                {
                    key += 1 << 10;
                }
                key
            } else {
                0
            };
        }
        shallow_best
    }

    /// A fail-soft alpha-beta search to `depth` for move ordering, on the pattern
    /// evaluation or [`order_eval`], in 1/32 discs (finished games score 32 per disc so
    /// they dominate the evaluation).
    fn order_search(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, depth: u32) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return match self.eval {
                Some(eval) => eval.eval(p, o),
                None => 2 * order_eval(p, o),
            };
        }
        let mut mask = moves(p, o);
        if mask == 0 {
            if moves(o, p) == 0 {
                return ORDER_UNIT * final_score(p, o);
            }
            return -self.order_search(o, p, -beta, -alpha, depth);
        }
        let mut best = -INF * ORDER_UNIT;
        while mask != 0 {
            let square = mask.trailing_zeros();
            mask &= mask - 1;
            let f = flips(p, o, square);
            let v = -self.order_search(o ^ f, p ^ f ^ (1u64 << square), -beta, -alpha, depth - 1);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Null-window search without the table: squares tried in parity order (odd
    /// quadrants first), then by square class.
    fn nws_shallow(&mut self, p: u64, o: u64, alpha: i32, empties: u32, parity: u32) -> i32 {
        if empties <= self.opts.last_n {
            return self.nws_last(p, o, alpha, empties, parity);
        }
        self.nodes += 1;
        if empties == 0 {
            return final_score(p, o);
        }
        if empties >= 5
            && let Some(bound) = self.stability_cutoff(p, o, alpha, empties)
        {
            return bound;
        }
        let empty = !(p | o);
        let mut best = -INF;
        let (first, second) = self.parity_split(parity);
        for quadrants in [first, second] {
            if quadrants == 0 {
                continue;
            }
            for class in SQUARE_CLASSES {
                let mut squares = empty & class & quadrants;
                while squares != 0 {
                    let square = squares.trailing_zeros();
                    squares &= squares - 1;
                    if NEIGHBOURS[square as usize] & o == 0 {
                        continue;
                    }
                    let f = flips(p, o, square);
                    if f == 0 {
                        continue;
                    }
                    let v = -self.nws_shallow(
                        o ^ f,
                        p ^ f ^ (1u64 << square),
                        -alpha - 1,
                        empties - 1,
                        parity ^ QUADRANT_BIT[square as usize],
                    );
                    if v > best {
                        best = v;
                        if v > alpha {
                            return v;
                        }
                    }
                }
            }
        }
        if best == -INF {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            self.nodes -= 1; // the pass is the same node
            return -self.nws_shallow(o, p, -alpha - 1, empties, parity);
        }
        best
    }

    /// The squares of the odd quadrants and of the even ones (or all, then none, with
    /// parity off).
    #[inline]
    fn parity_split(&self, parity: u32) -> (u64, u64) {
        if !self.opts.parity {
            return (u64::MAX, 0);
        }
        let mut odd = 0;
        for (q, &mask) in QUADRANTS.iter().enumerate() {
            if parity & (1 << q) != 0 {
                odd |= mask;
            }
        }
        (odd, !odd)
    }

    /// The last `empties` (1 to [`MAX_LAST_N`]) squares: collects them in parity order
    /// and hands over to [`Searcher::last`].
    fn nws_last(&mut self, p: u64, o: u64, alpha: i32, empties: u32, parity: u32) -> i32 {
        let empty = !(p | o);
        let mut squares = 0u32;
        let mut n = 0;
        let (first, second) = self.parity_split(parity);
        for quadrants in [first, second] {
            let mut rest = empty & quadrants;
            while rest != 0 && n < MAX_LAST_N as usize {
                squares |= rest.trailing_zeros() << (8 * n);
                rest &= rest - 1;
                n += 1;
            }
        }
        debug_assert_eq!(n as u32, empties);
        if n == 0 {
            self.nodes += 1;
            return final_score(p, o);
        }
        self.last(p, o, alpha, squares, n)
    }

    /// Null-window search of the last `n` empty squares, packed one per byte in
    /// `squares` (byte 0 first: the order to try them). Fail-soft.
    fn last(&mut self, p: u64, o: u64, alpha: i32, squares: u32, n: usize) -> i32 {
        if n == 1 {
            self.nodes += 1;
            return last_square(p, o, squares & 0xFF);
        }
        if n == 2 {
            return self.last_two(p, o, alpha, squares & 0xFF, (squares >> 8) & 0xFF);
        }
        self.nodes += 1;
        let mut best = -INF;
        for i in 0..n {
            let square = (squares >> (8 * i)) & 0xFF;
            if NEIGHBOURS[square as usize] & o == 0 {
                continue;
            }
            let f = flips(p, o, square);
            if f == 0 {
                continue;
            }
            let rest = without(squares, i);
            let v = -self.last(o ^ f, p ^ f ^ (1u64 << square), -alpha - 1, rest, n - 1);
            if v > best {
                best = v;
                if v > alpha {
                    return v;
                }
            }
        }
        if best > -INF {
            return best;
        }
        // Pass: the opponent moves, we answer; it takes the minimum.
        let mut worst = INF;
        for i in 0..n {
            let square = (squares >> (8 * i)) & 0xFF;
            if NEIGHBOURS[square as usize] & p == 0 {
                continue;
            }
            let f = flips(o, p, square);
            if f == 0 {
                continue;
            }
            let rest = without(squares, i);
            let v = self.last(p ^ f, o ^ f ^ (1u64 << square), alpha, rest, n - 1);
            if v < worst {
                worst = v;
                if v <= alpha {
                    return v;
                }
            }
        }
        if worst < INF {
            worst
        } else {
            final_score(p, o)
        }
    }
}

impl Searcher<'_> {
    /// [`Searcher::last`] for two empty squares, unrolled: same nodes, same values.
    #[inline]
    fn last_two(&mut self, p: u64, o: u64, alpha: i32, x1: u32, x2: u32) -> i32 {
        self.nodes += 1;
        let (b1, b2) = (1u64 << x1, 1u64 << x2);
        let mut best = -INF;
        if NEIGHBOURS[x1 as usize] & o != 0 {
            let f = flips(p, o, x1);
            if f != 0 {
                self.nodes += 1;
                best = -last_square(o ^ f, p ^ f ^ b1, x2);
                if best > alpha {
                    return best;
                }
            }
        }
        if NEIGHBOURS[x2 as usize] & o != 0 {
            let f = flips(p, o, x2);
            if f != 0 {
                self.nodes += 1;
                return best.max(-last_square(o ^ f, p ^ f ^ b2, x1));
            }
        }
        if best > -INF {
            return best;
        }
        // Pass: the opponent moves, taking the minimum.
        let mut worst = INF;
        if NEIGHBOURS[x1 as usize] & p != 0 {
            let f = flips(o, p, x1);
            if f != 0 {
                self.nodes += 1;
                worst = last_square(p ^ f, o ^ f ^ b1, x2);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        if NEIGHBOURS[x2 as usize] & p != 0 {
            let f = flips(o, p, x2);
            if f != 0 {
                self.nodes += 1;
                return worst.min(last_square(p ^ f, o ^ f ^ b2, x1));
            }
        }
        if worst < INF {
            worst
        } else {
            final_score(p, o)
        }
    }
}

/// The packed squares (one per byte) without byte `i` (0 to 3), order kept.
#[inline]
fn without(squares: u32, i: usize) -> u32 {
    let below = (1u32 << (8 * i)) - 1;
    (squares & below) | ((squares >> 8) & !below)
}

/// `LAST_FLIPS[pos][pattern]`: the discs a disc played at `pos` flips on a line of
/// eight when the mover owns the squares of `pattern` and the opponent every other one
/// (as on a board with one empty square).
static LAST_FLIPS: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut pattern = 0;
        while pattern < 256 {
            let mut count = 0;
            // Towards higher indices, then towards lower ones.
            let mut j = pos + 1;
            let mut run = 0;
            while j < 8 && pattern & (1 << j) == 0 {
                run += 1;
                j += 1;
            }
            if j < 8 {
                count += run;
            }
            let mut j = pos as i32 - 1;
            let mut run = 0;
            while j >= 0 && pattern & (1 << j) == 0 {
                run += 1;
                j -= 1;
            }
            if j >= 0 {
                count += run;
            }
            table[pos][pattern] = count as u8;
            pattern += 1;
        }
        pos += 1;
    }
    table
};

/// The A1-H8 diagonal (`[0]`) and the H1-A8 diagonal (`[1]`) through each square,
/// without the square.
static DIAGONALS: [[u64; 2]; 64] = {
    let mut out = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (r2, c2) = ((other / 8) as i32, (other % 8) as i32);
            if other != sq && r2 - r == c2 - c {
                out[sq][0] |= 1u64 << other;
            }
            if other != sq && r2 - r == c - c2 {
                out[sq][1] |= 1u64 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    out
};

/// Gathers bit `8 * r` of `x` (column A) into bit `r` of the top byte.
const COLUMN_GATHER: u64 = 0x0102_0408_1020_4080;
/// Gathers a diagonal's bits (one per column) into the top byte, bit = column.
const DIAGONAL_GATHER: u64 = 0x0101_0101_0101_0101;
/// Column A.
const COLUMN_A: u64 = 0x0101_0101_0101_0101;

/// How many discs `p` flips by playing `square` on a board whose only empty square it
/// is (every other square not in `p` is the opponent's): four table look-ups, one per
/// line through the square.
#[inline(always)]
fn last_flip_count(p: u64, square: u32) -> i32 {
    let row = (square >> 3) as usize;
    let col = (square & 7) as usize;
    let in_row = ((p >> (8 * row)) & 0xFF) as usize;
    let in_col = (((p >> col) & COLUMN_A).wrapping_mul(COLUMN_GATHER) >> 56) as usize;
    let diagonals = &DIAGONALS[square as usize];
    let in_d9 = ((p & diagonals[0]).wrapping_mul(DIAGONAL_GATHER) >> 56) as usize;
    let in_d7 = ((p & diagonals[1]).wrapping_mul(DIAGONAL_GATHER) >> 56) as usize;
    i32::from(LAST_FLIPS[col][in_row])
        + i32::from(LAST_FLIPS[row][in_col])
        + i32::from(LAST_FLIPS[col][in_d9])
        + i32::from(LAST_FLIPS[col][in_d7])
}

/// The exact score with one empty square: whoever can play it does (the side to move
/// first), else the game ends with it empty.
#[inline]
fn last_square(p: u64, o: u64, square: u32) -> i32 {
    debug_assert_eq!(p | o | (1u64 << square), u64::MAX);
    let _ = o;
    let mine = p.count_ones() as i32;
    let f = last_flip_count(p, square);
    if f != 0 {
        // (mine + 1 + f) - (63 - mine - f)
        return 2 * (mine + f) - 62;
    }
    let g = last_flip_count(!(p | (1u64 << square)), square);
    if g != 0 {
        // (mine - g) - (63 - mine + 1 + g)
        return 2 * (mine - g) - 64;
    }
    let diff = 2 * mine - 63;
    if diff > 0 { diff + 1 } else { diff - 1 }
}

/// The depth of the ordering search at a deep node with `empties` empties when the
/// shallow ordering starts at `from` empties (0 = none): 1 ply more for every
/// [`SHALLOW_ORDER_STEP`] empties above `from`, at most [`SHALLOW_ORDER_MAX_DEPTH`].
#[inline]
fn shallow_order_depth(empties: u32, from: u32) -> u32 {
    if empties < from {
        0
    } else {
        (1 + (empties - from) / SHALLOW_ORDER_STEP).min(SHALLOW_ORDER_MAX_DEPTH)
    }
}

/// A solver that keeps its table between solves (cleared before each one).
#[derive(Debug)]
pub struct OthelloSolver {
    opts: OthelloOptions,
    table: Option<Table>,
}

impl OthelloSolver {
    /// A solver with `opts` (allocates the table when it is on).
    #[must_use]
    pub fn new(opts: OthelloOptions) -> OthelloSolver {
        let table = opts.tt.then(|| Table::new(opts.tt_mib));
        OthelloSolver { opts, table }
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &OthelloOptions {
        &self.opts
    }

    /// Solves the position with `p` (side to move) and `o` exactly, to the end of the
    /// game. The table is cleared first, so with one thread the result and the node
    /// count depend only on the position and the options.
    pub fn solve(&mut self, p: u64, o: u64) -> OthelloSolve {
        let clock = Instant::now();
        if let Some(table) = &self.table {
            table.clear();
        }
        let empties = 64 - (p | o).count_ones();
        let parity = parity_of(!(p | o));
        let idle = AtomicUsize::new(self.opts.threads.saturating_sub(1));
        let mut searcher = Searcher::new(&self.opts, self.table.as_ref());
        if self.opts.threads > 1 {
            searcher.helpers = Some(&idle);
        }
        if moves(p, o) == 0 {
            let pass = moves(o, p) != 0;
            let score = if pass {
                // The same root search for the opponent (who has a move), negated.
                -root(&mut searcher, o, p, empties, parity).0
            } else {
                searcher.nodes += 1;
                final_score(p, o)
            };
            return OthelloSolve {
                score,
                best_move: None,
                pass,
                nodes: searcher.nodes,
                seconds: clock.elapsed().as_secs_f64(),
            };
        }
        let (score, best) = root(&mut searcher, p, o, empties, parity);
        let nodes = searcher.nodes;
        OthelloSolve {
            score,
            best_move: (best != NO_MOVE).then_some(best),
            pass: false,
            nodes,
            seconds: clock.elapsed().as_secs_f64(),
        }
    }
}

/// The root (side to move has a move): with aspiration, null-window bisection down to
/// one candidate score, then PVS in the window around it; else PVS with the full
/// window. Returns the score and a best move.
fn root(s: &mut Searcher<'_>, p: u64, o: u64, empties: u32, parity: u32) -> (i32, u8) {
    if !s.opts.aspiration {
        return s.pvs(p, o, -INF, INF, empties, parity);
    }
    // Every final score is even (64 minus twice the loser's discs, or 0). Bisect the
    // even candidates with null windows at odd alphas, reusing the table across the
    // probes, until one is left; then PVS in the window around it finds a best move.
    let mut guess = None;
    if s.opts.presearch
        && s.opts.shallow
        && empties
            >= PRESEARCH_MIN_EMPTIES
                .max(s.opts.shallow_start() + PRESEARCH_MIN_EMPTIES_ABOVE_SHALLOW)
    {
        // The selective presearch: its score is the first guess, its moves fill the
        // table.
        let margin = s.opts.presearch_margin.min(u32::from(EXACT) - 1);
        s.precision = margin as u8;
        guess = Some(bisect(s, p, o, empties, parity, None).0 + 1);
        s.precision = EXACT;
    }
    let (lo, hi) = bisect(s, p, o, empties, parity, guess);
    s.pvs(p, o, lo, hi, empties, parity)
}

/// Null-window probes at the root until one even score is left: bisection, or with a
/// `guess` probes next to the guess first (moving it to each probe's fail-soft value).
/// Returns the window `(score - 1, score + 1)`.
fn bisect(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    empties: u32,
    parity: u32,
    mut guess: Option<i32>,
) -> (i32, i32) {
    let mut lo = -INF; // the score is above lo
    let mut hi = INF; // and below hi
    loop {
        let lowest = if lo % 2 == 0 { lo + 2 } else { lo + 1 };
        let highest = if hi % 2 == 0 { hi - 2 } else { hi - 1 };
        if lowest >= highest {
            return (lowest - 1, lowest + 1);
        }
        let alpha = match guess {
            Some(g) => {
                // The even candidate nearest the guess: test "score >= t" unless
                // that is known, then "score <= t".
                let t = (g + g.rem_euclid(2)).clamp(lowest, highest);
                if lo < t - 1 { t - 1 } else { t + 1 }
            }
            None => {
                let mid = (lowest + highest) / 2;
                if mid % 2 == 0 { mid - 1 } else { mid }
            }
        };
        // Expected to fail high (a cut node) below the guess, low above it.
        let cut = guess.is_none_or(|g| alpha < g);
        let v = s.nws(p, o, alpha, empties, parity, cut);
        if v > alpha {
            lo = lo.max(v - 1);
        } else {
            hi = hi.min(v + 1);
        }
        if guess.is_some() {
            guess = Some(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute-force minimax to the end (tiny positions only).
    fn brute(p: u64, o: u64) -> i32 {
        let mut mask = moves(p, o);
        if mask == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -brute(o, p);
        }
        let mut best = -INF;
        while mask != 0 {
            let sq = mask.trailing_zeros();
            mask &= mask - 1;
            let f = flips(p, o, sq);
            best = best.max(-brute(o ^ f, p ^ f ^ (1u64 << sq)));
        }
        best
    }

    fn entry(lower: i32, upper: i32, best: u8, precision: u8) -> Entry {
        Entry {
            lower,
            upper,
            best,
            empties: 20,
            precision,
        }
    }

    #[test]
    fn table_keeps_exact_bounds_apart_from_the_presearch() {
        let table = Table::new(1);
        let h = hash(0x1234, 0x5678_0000);
        // Presearch bounds never overwrite exact ones (the entry stays as it was)...
        table.store(h, entry(-4, 10, 3, EXACT));
        table.store(h, entry(12, 64, 5, 14));
        let e = table.probe(h).expect("stored");
        assert_eq!((e.lower, e.upper, e.best, e.precision), (-4, 10, 3, EXACT));
        // ...exact bounds replace presearch ones instead of meeting them...
        let h = hash(0x99, 0x4242_0000);
        table.store(h, entry(12, 64, 5, 14));
        table.store(h, entry(-64, 8, NO_MOVE, EXACT));
        let e = table.probe(h).expect("stored");
        assert_eq!((e.lower, e.upper, e.best, e.precision), (-64, 8, 5, EXACT));
        // ...and bounds of the same precision meet.
        table.store(h, entry(2, 64, 7, EXACT));
        let e = table.probe(h).expect("stored");
        assert_eq!((e.lower, e.upper, e.best), (2, 8, 7));
    }

    #[test]
    fn stable_discs_of_a_full_board_are_all_discs() {
        let p = 0x0F0F_0F0F_0F0F_0F0F;
        let o = !p;
        assert_eq!(stable_discs(p, o), p);
    }

    #[test]
    fn corner_is_stable_and_lone_centre_is_not() {
        let p = 1u64 | (1 << 27);
        let o = 1u64 << 28;
        assert_eq!(stable_discs(p, o), 1);
    }

    #[test]
    fn full_lines_of_a_full_row() {
        let occ = 0xFF;
        let (h, v, _, _) = full_lines(occ);
        assert_eq!(h, 0xFF);
        assert_eq!(v, 0);
    }

    #[test]
    fn last_square_matches_brute_force_on_every_square() {
        for seed in 0..2000u64 {
            let square = (seed % 64) as u32;
            let bit = 1u64 << square;
            let p = splitmix64(seed) & !bit;
            let o = !p & !bit;
            assert_eq!(
                last_flip_count(p, square),
                flips(p, o, square).count_ones() as i32,
                "seed {seed}"
            );
            assert_eq!(last_square(p, o, square), brute(p, o), "seed {seed}");
        }
    }
}
