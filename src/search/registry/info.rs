//! The words an algorithm is described in: the [`Algorithm`] variants and the
//! [`AlgorithmInfo`] of each (its form, result, visit order, bounds, table, budget,
//! deepening, own options, tree view, quiz and chance nodes). The table of entries is
//! in `table.rs`; what reads them is in `mod.rs`.

use serde::{Deserialize, Serialize};

/// A search algorithm. Every exact algorithm returns the minimax value of the position
/// at the given depth under the same evaluator and scoring. The variants are in the
/// order of [`super::ALGORITHMS`], the order menus list them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// Two-sided minimax: max and min nodes, every node visited.
    Minimax,
    /// Minimax in negamax form.
    Negamax,
    /// Two-sided alpha-beta (article 002's form); fail-hard or fail-soft.
    #[serde(rename = "alphabeta")]
    AlphaBeta,
    /// Alpha-beta in negamax form (article 003/004); fail-hard or fail-soft.
    #[serde(rename = "negaalpha")]
    NegaAlpha,
    /// Pearl's Scout with its boolean TEST.
    Scout,
    /// Reinefeld's NegaScout (fail-soft), optionally article 000's shallow re-search skip.
    #[serde(rename = "negascout")]
    NegaScout,
    /// Principal variation search: null-window tests, full re-search on fail high.
    Pvs,
    /// MTD(f): null-window alpha-beta passes converging on the value.
    #[serde(rename = "mtdf")]
    MtdF,
    /// Stockman's SSS*: best-first with an OPEN list.
    #[serde(rename = "sss")]
    SssStar,
    /// MT-SSS*: SSS* as a sequence of null-window passes from +infinity (Plaat et al.).
    #[serde(rename = "mt-sss")]
    MtSss,
    /// Null-window passes that bisect the game's score range (Pons' Connect Four solver,
    /// step 5), beside MTD(f)'s bound-to-bound steps.
    Bisect,
    /// FSSS-Minimax: rollouts from the root that narrow bounds on every node.
    Fsss,
    /// Monte Carlo tree search with UCT: an estimate from random playouts.
    Mcts,
    /// MCTS-Solver: UCT that proves wins, draws and losses; a proven root is exact.
    #[serde(rename = "mcts-solver")]
    MctsSolver,
    /// PUCT: AlphaZero's tree search, a policy-value network's priors and values in
    /// place of playouts.
    Puct,
    /// Expectiminimax: negamax over players' nodes, the weighted mean over chance nodes.
    Expectimax,
    /// Ballard's Star1: alpha-beta that also cuts at chance nodes, from the game's
    /// bounds on values.
    Star1,
    /// Ballard's Star2: Star1 after probing each chance outcome's first move.
    Star2,
    /// PVS split at the root: the first move searched alone, the others shared out to
    /// threads with the window it left (parallel).
    #[serde(rename = "pvs-root")]
    PvsRoot,
    /// Lazy SMP: every thread searches the whole tree, sharing one table (parallel).
    #[serde(rename = "lazy-smp")]
    LazySmp,
    /// YBWC: PVS that splits any deep enough node among free threads once its first
    /// move is searched (parallel).
    Ybwc,
    /// ABDADA: threads search the whole tree sharing the table, each putting off the
    /// moves another is searching (parallel).
    Abdada,
}

/// How a search's values and windows read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Values from the root side's view; MAX and MIN nodes (minimax, alpha-beta).
    TwoSided,
    /// Values from the side to move; a child's value is negated for its parent.
    Negamax,
}

impl Form {
    /// The form `algorithm` searches in.
    #[must_use]
    pub fn of(algorithm: Algorithm) -> Form {
        algorithm.info().form
    }
}

/// What the value an algorithm returns is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultKind {
    /// The minimax value at the depth, exactly: it agrees with minimax.
    Exact,
    /// An estimate from sampled play (a mean reward over visits, [`crate::search::Estimate`]):
    /// it need not agree with minimax and is never shown as a minimax score.
    Sampling,
    /// An estimate until it proves the root's game-theoretic value
    /// ([`crate::search::Estimate::proven`]); under win-loss scoring a proven value is the
    /// minimax score at the depth, and shown as one.
    Proving,
}

/// In which order an algorithm visits the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VisitOrder {
    /// Each visit nests in its parent's: the visits form a tree.
    DepthFirst,
    /// It works wherever the best bound is: its visits do not nest.
    BestFirst,
    /// Its threads visit nodes at the same time, each depth-first: no one order of
    /// visits (a parallel search).
    Parallel,
}

/// What a value at or beyond a bound of the window means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bounds {
    /// The algorithm keeps no window.
    NoWindow,
    /// Always fail-hard: a value at a bound means "this or worse".
    FailHard,
    /// Always fail-soft: a value beyond a bound is a bound itself.
    FailSoft,
    /// Fail-hard or fail-soft, as [`crate::search::SearchOptions::fail_soft`] says.
    Choice,
}

/// Whether and how a transposition table serves an algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableUse {
    /// It cannot use one; the reason in words.
    Refused(&'static str),
    /// It can use one and runs without.
    Optional,
    /// A memory-enhanced test: defined with a table, still exact (only slower) without.
    MemoryEnhanced,
}

/// What limits a search of the algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A depth in plies (the node and time limits of [`crate::search::SearchControl`] stop it
    /// early, as they stop every search).
    Depth,
    /// A number of iterations ([`crate::search::SearchOptions::iterations`]); the depth is the
    /// playouts' horizon, where the evaluator scores a game that has not ended.
    Iterations,
}

/// Whether iterative deepening makes sense for an algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deepening {
    /// It does (tables, killers and guesses carry over between iterations).
    Useful,
    /// It only repeats work; the reason in words.
    Refused(&'static str),
}

/// An option that belongs to some algorithms only; an algorithm owns it by listing it
/// in [`AlgorithmInfo::own_options`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnOption {
    /// [`crate::search::SearchOptions::soft_cutoffs`].
    SoftCutoffs,
    /// [`crate::search::SearchOptions::tt_leaves`].
    TableLeaves,
    /// [`crate::search::SearchOptions::skip_shallow_research`].
    SkipShallowResearch,
    /// [`crate::search::SearchOptions::first_guess`].
    FirstGuess,
    /// [`crate::search::SearchOptions::guess_before_last`].
    GuessBeforeLast,
    /// [`crate::search::SearchOptions::mt_memory`].
    MtMemory,
    /// [`crate::search::SearchOptions::sss_memory_mib`]: SSS*'s and FSSS-Minimax's memory.
    OpenListBudget,
    /// [`crate::search::SearchOptions::iterations`] and
    /// [`crate::search::SearchOptions::rollout_seed`]: the Monte Carlo searches' (MCTS's
    /// and PUCT's).
    Iterations,
    /// [`crate::search::SearchOptions::uct_c`] and [`crate::search::SearchOptions::mr_depth`]:
    /// the searches that play out (MCTS's).
    Playouts,
    /// [`crate::search::SearchOptions::net`], [`crate::search::SearchOptions::puct_c`] and
    /// [`crate::search::SearchOptions::dirichlet`]: the searches a network guides (PUCT).
    Network,
    /// [`crate::search::SearchOptions::ms_depth`] and [`crate::search::SearchOptions::mb_depth`]: the
    /// hybrids that need proofs.
    ProofHybrids,
    /// [`crate::search::SearchOptions::threads`]: the parallel algorithms'.
    Threads,
    /// [`crate::search::SearchOptions::tt_deeper`]: Lazy SMP's and ABDADA's.
    DeeperEntries,
}

/// Whether the tree view draws an algorithm's traced search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeView {
    /// It draws it (and the quiz asks about it).
    Draws,
    /// It draws the MCTS tree, stepped by iteration through selection, expansion,
    /// playout and backup (and the quiz asks about selection and backup).
    Iterations,
    /// It refuses it; the reason in words.
    Refuses(&'static str),
}

/// Whether an algorithm searches positions with chance nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceNodes {
    /// It does: a chance node's value is the weighted mean of its outcomes' values.
    Averages,
    /// It samples a chance node's outcomes by their probabilities (in its tree and its
    /// playouts): an estimate, as on any game.
    Samples,
    /// It refuses a position where chance nodes can occur; the reason in words.
    Refuses(&'static str),
}

/// What the quiz asks about an algorithm's visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuizAsks {
    /// Nothing: the tree view does not draw it.
    Nothing,
    /// Values only: the algorithm has no window to ask about.
    Values,
    /// Windows, values and cutoffs; the root's window is given (full, the game's range
    /// or an aspiration window).
    Windows,
    /// Windows, values and cutoffs; the root is searched in null-window passes.
    Passes,
    /// The child UCB1 selects and the values a backup leaves (MCTS).
    Selection,
}

/// One algorithm, described once. Every field is stated for every algorithm.
#[derive(Clone, Copy, Debug)]
pub struct AlgorithmInfo {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The name everywhere: CLI, app, session files, row specs.
    pub name: &'static str,
    /// The display name (papers' spelling).
    pub label: &'static str,
    /// The paper it comes from.
    pub paper: &'static str,
    /// What it returns, in a line.
    pub contract: &'static str,
    /// The form it searches in.
    pub form: Form,
    /// Exact or sampling.
    pub result: ResultKind,
    /// Depth-first or best-first.
    pub order: VisitOrder,
    /// What a value at or beyond a bound means.
    pub bounds: Bounds,
    /// Whether it takes an alpha-beta window from the caller (and so an initial window
    /// and an aspiration window).
    pub takes_window: bool,
    /// Whether it searches with null-window tests (drawn dashed, re-searched in orange).
    pub null_window_tests: bool,
    /// Whether it makes cutoffs from which killers and history learn.
    pub learns_from_cutoffs: bool,
    /// Whether and how a transposition table serves it.
    pub table: TableUse,
    /// What limits it.
    pub budget: Budget,
    /// Whether iterative deepening makes sense for it.
    pub deepening: Deepening,
    /// The options only some algorithms take that it takes.
    pub own_options: &'static [OwnOption],
    /// Whether the tree view draws it.
    pub tree_view: TreeView,
    /// What the quiz asks about its visits.
    pub quiz: QuizAsks,
    /// Whether it searches positions with chance nodes.
    pub chance: ChanceNodes,
}

impl AlgorithmInfo {
    /// Whether it takes the option `o`.
    #[must_use]
    pub fn has(&self, o: OwnOption) -> bool {
        self.own_options.contains(&o)
    }

    /// Whether it prunes nothing: an exact, depth-first search to a depth that keeps no
    /// window has nothing to cut on, so it visits every node down to its depth (minimax,
    /// negamax, expectimax over chance nodes). Its size is known before it starts
    /// (the engine facade's `beyond_reach`).
    #[must_use]
    pub fn prunes_nothing(&self) -> bool {
        self.result == ResultKind::Exact
            && self.order == VisitOrder::DepthFirst
            && self.bounds == Bounds::NoWindow
            && self.budget == Budget::Depth
    }
}
