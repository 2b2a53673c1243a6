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

mod last;
mod moves;
mod ordering;
mod root;
mod search;
mod stability;
mod table;
#[cfg(test)]
mod tests;

use crate::platform::clock::Instant;
use crate::platform::crew::{Crew, CrewStats};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::pattern::PatternEval;
use crate::game::othello::board::moves;
use moves::parity_of;
use root::root;
pub use root::{RootObserver, RootSearch, RootStage};
use search::Searcher;
pub use stability::stable_discs;
use table::NO_MOVE;
pub use table::Table;

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

/// A solver that keeps its table between solves (cleared before each one), and its
/// helper threads with more than one thread (started by the first solve, kept until
/// the solver ends).
#[derive(Debug)]
pub struct OthelloSolver {
    opts: OthelloOptions,
    table: Option<Table>,
    /// Raised by the caller to end a solve early ([`OthelloSolver::set_stop`]).
    stop: Option<Arc<AtomicBool>>,
    /// The helper threads (`threads - 1`), once a solve has started them.
    crew: Option<Crew>,
}

impl OthelloSolver {
    /// A solver with `opts` (allocates the table when it is on).
    #[must_use]
    pub fn new(opts: OthelloOptions) -> OthelloSolver {
        let table = opts.tt.then(|| Table::new(opts.tt_mib));
        OthelloSolver {
            opts,
            table,
            stop: None,
            crew: None,
        }
    }

    /// What the helper threads counted so far (None with one thread, or before the
    /// first solve).
    #[must_use]
    pub fn crew_stats(&self) -> Option<CrewStats> {
        self.crew.as_ref().map(Crew::stats)
    }

    /// Ends the helper threads (the next solve starts them again) and returns what they
    /// counted, their context switches complete (and the calling thread's, when it is
    /// the one that started them).
    pub fn finish_threads(&mut self) -> Option<CrewStats> {
        self.crew.take().map(Crew::finish)
    }

    /// A flag that ends a solve early when raised (every deep node looks at it, as at
    /// a split's): the solve's result is then void and nothing void is stored. The same
    /// nodes as without while it stays down.
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }

    /// Whether the stop flag is raised (a solve that saw it is void).
    #[must_use]
    pub fn stop_raised(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
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
        self.solve_observed(p, o, &mut |_| {})
    }

    /// [`OthelloSolver::solve`], reporting each search of the root (the presearch's
    /// and the exact null-window probes, the final PVS) to `observe` as it ends, for
    /// the side to move in `(p, o)` (also when it must pass). The same searches and
    /// node counts as without.
    pub fn solve_observed(&mut self, p: u64, o: u64, observe: RootObserver<'_>) -> OthelloSolve {
        let clock = Instant::now();
        if let Some(table) = &self.table {
            table.clear();
        }
        let empties = 64 - (p | o).count_ones();
        let parity = parity_of(!(p | o));
        if self.opts.threads > 1 && self.crew.is_none() {
            self.crew = Some(Crew::new(self.opts.threads - 1));
        }
        let mut searcher = Searcher::new(&self.opts, self.table.as_ref());
        searcher.stops.extend(self.stop.clone());
        searcher.crew = self.crew.as_ref();
        if moves(p, o) == 0 {
            let pass = moves(o, p) != 0;
            let score = if pass {
                // The same root search for the opponent (who has a move), negated.
                let mut negated = |r: &RootSearch| {
                    observe(&RootSearch {
                        alpha: -r.beta,
                        beta: -r.alpha,
                        value: -r.value,
                        ..*r
                    });
                };
                -root(&mut searcher, o, p, empties, parity, &mut negated).0
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
        let (score, best) = root(&mut searcher, p, o, empties, parity, observe);
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
