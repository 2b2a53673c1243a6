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
//! At the root ([`OthelloOptions::aspiration`]) null-window tests narrow the score down
//! to one value, and a PVS in the window around it finds a best move. Before them a
//! selective **presearch** ([`OthelloOptions::presearch`]) runs the same look-ups with a
//! probcut-style cut: a node that runs the shallow-search ordering returns at once when
//! the best shallow value is [`OthelloOptions::presearch_margin`] discs above the null
//! window (or every one that far below it). Its score is the guess the exact tests
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
mod params;
mod root;
mod search;
mod stability;
mod table;
#[cfg(test)]
mod tests;

use crate::platform::clock::Instant;
use crate::platform::crew::{Crew, CrewCounts};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::game::othello::board::moves;
use moves::parity_of;
pub(crate) use params::CORNERS;
use params::final_score;
pub use params::{
    DEFAULT_PRESEARCH_MARGIN, DEFAULT_TT_MIB, ETC_MIN_EMPTIES, MAX_LAST_N,
    MOBILITY_ORDER_MIN_EMPTIES, OthelloOptions, PRESEARCH_MIN_EMPTIES,
    PRESEARCH_MIN_EMPTIES_ABOVE_SHALLOW, SHALLOW_EMPTIES, SHALLOW_ORDER_MIN_EMPTIES,
    SPLIT_MIN_ELDEST_NODES, SPLIT_MIN_EMPTIES, TT_MIN_EMPTIES,
};
use root::root;
pub use root::{RootObserver, RootSearch, RootStage};
use search::Searcher;
pub use stability::stable_discs;
use table::NO_MOVE;
pub use table::SolverTable;

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

/// A solver that keeps its table between solves (cleared before each one), and its
/// helper threads with more than one thread (started by the first solve, kept until
/// the solver ends).
#[derive(Debug)]
pub struct OthelloSolver {
    opts: OthelloOptions,
    table: Option<SolverTable>,
    /// Raised by the caller to end a solve early ([`OthelloSolver::set_stop`]).
    stop: Option<Arc<AtomicBool>>,
    /// The helper threads (`threads - 1`), once a solve has started them.
    crew: Option<Crew>,
}

impl OthelloSolver {
    /// A solver with `opts` (allocates the table when it is on).
    #[must_use]
    pub fn new(opts: OthelloOptions) -> OthelloSolver {
        let table = opts.tt.then(|| SolverTable::new(opts.tt_mib));
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
    pub fn crew_stats(&self) -> Option<CrewCounts> {
        self.crew.as_ref().map(Crew::counts)
    }

    /// Ends the helper threads (the next solve starts them again) and returns what they
    /// counted, their context switches complete (and the calling thread's, when it is
    /// the one that started them).
    pub fn finish_threads(&mut self) -> Option<CrewCounts> {
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
    /// and the exact null-window tests, the final PVS) to `observe` as it ends, for
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
