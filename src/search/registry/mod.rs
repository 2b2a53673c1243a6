//! Every algorithm described once: [`ALGORITHMS`] holds one [`AlgorithmInfo`] per
//! [`Algorithm`] (name, label, paper, contract, form, exact or sampling, depth-first or
//! best-first, its bounds, its table, its budget, the options it owns, how the tree view
//! and the quiz treat it), and [`run_root`] is the one place a search reaches its code.
//!
//! Everything that lists algorithms or asks what one can do reads this module: the menus
//! and the CLI ([`Algorithm::ALL`], [`Algorithm::name`]), [`super::SearchOptions::validate`],
//! the tree view and the quiz. No capability has a default: each entry states each one.
//! A new algorithm is its file in `algorithms/`, its variant, its entry in
//! [`ALGORITHMS`] (in `table.rs`) and its arm in [`run_root`], all but the first in this
//! folder.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::algorithms::{
    alphabeta, bisect, expectimax, fsss, mcts, mcts_solver, minimax, mt_sss, mtdf, negaalpha,
    negamax, negascout, pvs, scout, sss, star,
};
use super::context::Ctx;
use super::options::OptionError;
use crate::game::{Evaluator, Game};

mod table;
pub use table::ALGORITHMS;

/// A search algorithm. Every exact algorithm returns the minimax value of the position
/// at the given depth under the same evaluator and scoring. The variants are in the
/// order of [`ALGORITHMS`], the order menus list them.
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
    /// Expectiminimax: negamax over players' nodes, the weighted mean over chance nodes.
    Expectimax,
    /// Ballard's Star1: alpha-beta that also cuts at chance nodes, from the game's
    /// bounds on values.
    Star1,
    /// Ballard's Star2: Star1 after probing each chance outcome's first move.
    Star2,
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
    /// An estimate from sampled play (a mean reward over visits, [`super::Estimate`]):
    /// it need not agree with minimax and is never shown as a minimax score.
    Sampling,
    /// An estimate until it proves the root's game-theoretic value
    /// ([`super::Estimate::proven`]); under win-loss scoring a proven value is the
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
    /// Fail-hard or fail-soft, as [`super::SearchOptions::fail_soft`] says.
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
    /// A depth in plies (the node and time limits of [`super::SearchControl`] stop it
    /// early, as they stop every search).
    Depth,
    /// A number of iterations ([`super::SearchOptions::iterations`]); the depth is the
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
    /// [`super::SearchOptions::soft_cutoffs`].
    SoftCutoffs,
    /// [`super::SearchOptions::tt_leaves`].
    TableLeaves,
    /// [`super::SearchOptions::skip_shallow_research`].
    SkipShallowResearch,
    /// [`super::SearchOptions::first_guess`].
    FirstGuess,
    /// [`super::SearchOptions::guess_before_last`].
    GuessBeforeLast,
    /// [`super::SearchOptions::mt_memory`].
    MtMemory,
    /// [`super::SearchOptions::sss_memory_mib`]: SSS*'s and FSSS-Minimax's memory.
    OpenListBudget,
    /// [`super::SearchOptions::iterations`], [`super::SearchOptions::uct_c`],
    /// [`super::SearchOptions::rollout_seed`] and [`super::SearchOptions::mr_depth`]:
    /// MCTS's.
    Iterations,
    /// [`super::SearchOptions::ms_depth`] and [`super::SearchOptions::mb_depth`]: the
    /// hybrids that need proofs.
    ProofHybrids,
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
    /// Nothing: the tree view does not draw it, so there is no quiz.
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

// The table is in the variants' order, so `info` is an index.
const _: () = {
    let mut i = 0;
    while i < ALGORITHMS.len() {
        assert!(ALGORITHMS[i].algorithm as usize == i);
        i += 1;
    }
};

const fn all() -> [Algorithm; ALGORITHMS.len()] {
    let mut out = [Algorithm::Minimax; ALGORITHMS.len()];
    let mut i = 0;
    while i < ALGORITHMS.len() {
        out[i] = ALGORITHMS[i].algorithm;
        i += 1;
    }
    out
}

impl Algorithm {
    /// Every algorithm, in the order menus list them: [`ALGORITHMS`]'s.
    pub const ALL: [Algorithm; ALGORITHMS.len()] = all();

    /// The algorithms that return the exact minimax value (those a test may compare with
    /// plain minimax), in [`Algorithm::ALL`]'s order.
    pub fn exact() -> impl Iterator<Item = Algorithm> {
        Self::ALL
            .into_iter()
            .filter(|a| a.info().result == ResultKind::Exact)
    }

    /// Its description.
    #[must_use]
    pub fn info(self) -> &'static AlgorithmInfo {
        &ALGORITHMS[self as usize]
    }

    /// The name everywhere: CLI, app, session files.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The display name (papers' spelling).
    #[must_use]
    pub fn label(self) -> &'static str {
        self.info().label
    }

    /// Parses a name as [`Algorithm::name`] prints it (case-insensitive).
    pub fn from_name(name: &str) -> Result<Algorithm, OptionError> {
        let lower = name.trim().to_ascii_lowercase();
        ALGORITHMS
            .iter()
            .find(|a| a.name == lower)
            .map(|a| a.algorithm)
            .ok_or_else(|| {
                OptionError(format!(
                    "unknown algorithm '{name}'; expected one of {}",
                    names(|_| true)
                ))
            })
    }

    /// Whether the algorithm takes an alpha-beta window ([`AlgorithmInfo::takes_window`]).
    #[must_use]
    pub fn takes_window(self) -> bool {
        self.info().takes_window
    }

    /// Whether fail-hard versus fail-soft is a choice for this algorithm.
    #[must_use]
    pub fn has_fail_soft_choice(self) -> bool {
        self.info().bounds == Bounds::Choice
    }

    /// Whether the algorithm has cutoffs from which killers and history can learn.
    #[must_use]
    pub fn learns_from_cutoffs(self) -> bool {
        self.info().learns_from_cutoffs
    }

    /// Whether a transposition table can serve the algorithm.
    #[must_use]
    pub fn can_use_tt(self) -> bool {
        !matches!(self.info().table, TableUse::Refused(_))
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The names of the algorithms `keep` keeps, comma-separated (for help texts and
/// errors).
#[must_use]
pub fn names(keep: impl Fn(&AlgorithmInfo) -> bool) -> String {
    ALGORITHMS
        .iter()
        .filter(|a| keep(a))
        .map(|a| a.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The labels of the algorithms `keep` keeps, in words: "NegaAlpha and Bisection".
#[must_use]
pub fn labels(keep: impl Fn(&AlgorithmInfo) -> bool) -> String {
    let labels: Vec<&str> = ALGORITHMS
        .iter()
        .filter(|a| keep(a))
        .map(|a| a.label)
        .collect();
    match labels.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The labels of the algorithms that own `o`, in words.
#[must_use]
pub fn owners(o: OwnOption) -> String {
    labels(|a| a.has(o))
}

/// Where an iteration starts at the root: the window, the last iteration's value (for an
/// aspiration window) and MTD(f)'s first guess.
#[derive(Clone, Copy, Debug)]
pub(super) struct Root {
    /// The root window.
    pub window: (i32, i32),
    /// The previous iteration's value.
    pub previous: Option<i32>,
    /// The first guess from an earlier iteration.
    pub guess: Option<i32>,
}

/// What one iteration at the root returns: an exact algorithm's value, or a sampling
/// algorithm's estimate.
pub(super) enum RootValue {
    /// The minimax value at the depth (within the window's contract).
    Exact(i32),
    /// A sampling algorithm's estimate.
    Estimate(super::Estimate),
}

/// One iteration at the root: `algorithm`'s value of `pos` at `depth`. The window-taking
/// algorithms go through `aspirated` (aspiration windows).
pub(super) fn run_root<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    algorithm: Algorithm,
    depth: u32,
    root: Root,
) -> RootValue {
    let fail_soft = ctx.opts.fail_soft;
    let exact = match algorithm {
        Algorithm::Mcts => return RootValue::Estimate(mcts::run(ctx, pos, depth)),
        Algorithm::MctsSolver => return RootValue::Estimate(mcts_solver::run(ctx, pos, depth)),
        Algorithm::Minimax => minimax::search(ctx, pos, depth, 0, None),
        Algorithm::Negamax => negamax::search(ctx, pos, depth, 0, None),
        Algorithm::AlphaBeta => super::aspirated(ctx, root, |ctx, (alpha, beta)| {
            alphabeta::search(ctx, pos, depth, 0, None, alpha, beta, fail_soft)
        }),
        Algorithm::NegaAlpha => super::aspirated(ctx, root, |ctx, (alpha, beta)| {
            negaalpha::search(ctx, pos, depth, 0, None, alpha, beta, fail_soft)
        }),
        Algorithm::Scout => scout::eval(ctx, pos, depth, 0, None),
        Algorithm::NegaScout => super::aspirated(ctx, root, |ctx, (alpha, beta)| {
            negascout::search(ctx, pos, depth, 0, None, alpha, beta)
        }),
        Algorithm::Pvs => super::aspirated(ctx, root, |ctx, (alpha, beta)| {
            pvs::search(ctx, pos, depth, 0, None, alpha, beta)
        }),
        Algorithm::MtdF => mtdf::run(ctx, pos, depth, root.guess.unwrap_or(ctx.opts.first_guess)),
        Algorithm::SssStar => sss::run(ctx, pos, depth),
        Algorithm::MtSss => mt_sss::run(ctx, pos, depth),
        Algorithm::Bisect => bisect::run(ctx, pos, depth),
        Algorithm::Fsss => fsss::run(ctx, pos, depth),
        Algorithm::Expectimax => expectimax::search(ctx, pos, depth, 0, None),
        Algorithm::Star1 | Algorithm::Star2 => {
            let probing = algorithm == Algorithm::Star2;
            super::aspirated(ctx, root, |ctx, (alpha, beta)| {
                star::search(ctx, pos, depth, 0, None, alpha, beta, probing)
            })
        }
    };
    RootValue::Exact(exact)
}

#[cfg(test)]
mod tests;
