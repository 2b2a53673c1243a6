//! The Othello solver's parameters, read by every part of the search: the phase
//! thresholds and tuned limits, the board's square masks, the options
//! ([`OthelloOptions`]) and the score of a finished game. It takes nothing from the
//! solver's other files, so each of them imports it directly.

use crate::solve::pattern::PatternEval;

/// Above this many empties a node is "deep": sorted move list, stability, and from
/// [`TT_MIN_EMPTIES`] on the table and ETC; at or below it squares are tried in
/// parity order without a move list (down to the specialised last-`n` code).
pub const SHALLOW_EMPTIES: u32 = 4;
/// Deep nodes use the transposition table from this many empties on (below, probing
/// costs more than the nodes it saves).
pub const TT_MIN_EMPTIES: u32 = 8;
/// ETC looks the children up only at nodes with at least this many empties.
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
pub(super) const SHALLOW_ORDER_STEP: u32 = 3;
/// The deepest ordering search. FFO #40-#47: 0.92x the nodes of a limit of 3; 5 and 6
/// save nothing more there, and 6 blows up on #59 (34 empties): 358 M nodes against
/// 269 k with 4.
pub(super) const SHALLOW_ORDER_MAX_DEPTH: u32 = 4;
/// Parity is a move-ordering term of deep nodes below this many empties.
pub(super) const PARITY_ORDER_MAX_EMPTIES: u32 = 14;
/// The stability test runs only when alpha is at least this many times the empties,
/// less [`STABILITY_ALPHA_SLACK`]: with more empty squares fewer discs are stable, and
/// the test costs more than the cutoffs it finds at low alphas.
pub(super) const STABILITY_ALPHA_PER_EMPTY: i32 = 2;
/// See [`STABILITY_ALPHA_PER_EMPTY`].
pub(super) const STABILITY_ALPHA_SLACK: i32 = 2;
/// The largest `last_n` (specialised code for the last 1 to 4 empties).
pub const MAX_LAST_N: u32 = 4;
/// A score outside every real score (-64..=64).
pub(super) const INF: i32 = 65;
/// The largest score.
pub(super) const MAX_SCORE: i32 = 64;
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

// nws_small has no splits.
const _: () = assert!(TT_MIN_EMPTIES <= SPLIT_MIN_EMPTIES);

/// A deep node splits its moves over the idle threads (young brothers wait: only after
/// its first move failed to cut off) from this many empties on...
pub const SPLIT_MIN_EMPTIES: u32 = 14;
/// ... when its first move's search took this many nodes or more (a fraction of a
/// millisecond): the eldest brother's subtree foretells its brothers', and a small one
/// is searched faster than it is handed to another thread. FFO #40-#44 on 16 threads (2
/// cores): 24,000 splits offered without the condition, 2,900 with it, and 8 and 5
/// voluntary context switches per million nodes; 20,000 nodes offers 800 and gives 4.
pub const SPLIT_MIN_ELDEST_NODES: u64 = 5_000;

/// The four corners.
pub(crate) const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Every square but column A.
pub(super) const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
/// Every square but column H.
pub(super) const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// Every square but columns A and B.
pub(super) const NOT_AB: u64 = 0xFCFC_FCFC_FCFC_FCFC;
/// Every square but columns G and H.
pub(super) const NOT_GH: u64 = 0x3F3F_3F3F_3F3F_3F3F;
/// Every square but columns A to D.
pub(super) const NOT_ABCD: u64 = 0xF0F0_F0F0_F0F0_F0F0;
/// Every square but columns E to H.
pub(super) const NOT_EFGH: u64 = 0x0F0F_0F0F_0F0F_0F0F;
/// Columns A and H.
pub(super) const COLUMNS_AH: u64 = 0x8181_8181_8181_8181;
/// Rows 1 and 8.
pub(super) const ROWS_18: u64 = 0xFF00_0000_0000_00FF;
/// The board's edge squares.
pub(super) const EDGES: u64 = COLUMNS_AH | ROWS_18;
/// The X-squares (diagonal neighbours of the corners).
pub(super) const X_SQUARES: u64 = 0x4200_0000_0000_0042;
/// The C-squares (edge neighbours of the corners).
pub(super) const C_SQUARES: u64 = 0x4281_0000_0000_8142;
/// The squares of each quadrant (A1-D4, E1-H4, A5-D8, E5-H8).
pub(super) const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];
/// Squares in the order the shallow search prefers them: corners, the edge squares
/// away from corners, the inner squares, C-squares, X-squares.
pub(super) const SQUARE_CLASSES: [u64; 5] = [
    CORNERS,
    EDGES & !CORNERS & !C_SQUARES,
    !EDGES & !X_SQUARES,
    C_SQUARES,
    X_SQUARES,
];

/// The quadrant bit (1, 2, 4 or 8) of each square.
pub(super) const QUADRANT_BIT: [u32; 64] = {
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
pub(super) static NEIGHBOURS: [u64; 64] = {
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

/// The techniques of the Othello solver; each can be switched off to measure it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OthelloOptions {
    /// Transposition table of lower and upper bounds at deep nodes.
    pub tt: bool,
    /// Its size in MiB (rounded down to a power of two buckets).
    pub tt_mib: usize,
    /// Enhanced transposition cutoffs: look every child up before searching any.
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
    /// ([`crate::solve::pattern`]); off, with a hand-written mobility evaluation.
    pub pattern: bool,
    /// The weights of the pattern evaluation (`None`: the shipped ones).
    pub eval: Option<&'static PatternEval>,
    /// The fewest empties at which the shallow-search ordering is used (`None`:
    /// [`SHALLOW_ORDER_MIN_EMPTIES`] with the pattern evaluation, else
    /// [`MOBILITY_ORDER_MIN_EMPTIES`]).
    pub shallow_from: Option<u32>,
    /// Specialised solvers for the last `last_n` empties (0 to [`MAX_LAST_N`]).
    pub last_n: u32,
    /// Aspiration at the root: null-window tests that bisect the (even) scores,
    /// reusing the table, then PVS in the one-score window to find the move.
    pub aspiration: bool,
    /// Selective presearch before the exact search: the root bisection with a
    /// probcut-style cut at nodes that run the shallow-search ordering (the shallow
    /// value beyond alpha by `presearch_margin` discs decides the node), giving an
    /// estimate of the score and the table's moves; the exact null-window tests then
    /// start at the estimate. Needs `aspiration` and `shallow`, and runs only for roots
    /// with [`PRESEARCH_MIN_EMPTIES`] empties or more.
    pub presearch: bool,
    /// The presearch's margin in discs.
    pub presearch_margin: u32,
    /// Threads (young-brothers-wait splits at deep nodes from [`SPLIT_MIN_EMPTIES`] empties,
    /// one shared table; the helpers started once for the solver); 1 is deterministic.
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

/// The final score of a game that ended with `p` to move: disc difference, empties to
/// the winner.
#[inline]
pub(super) fn final_score(p: u64, o: u64) -> i32 {
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
