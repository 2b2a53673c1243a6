//! Every algorithm described once: [`ALGORITHMS`] holds one [`AlgorithmInfo`] per
//! [`Algorithm`] (name, label, paper, contract, form, exact or sampling, depth-first or
//! best-first, its bounds, its table, its budget, the options it owns, how the tree view
//! and the quiz treat it), and [`run_root`] is the one place a search reaches its code.
//!
//! Everything that lists algorithms or asks what one can do reads this module: the menus
//! and the CLI ([`Algorithm::ALL`], [`Algorithm::name`]), [`super::SearchOptions::check`],
//! the tree view and the quiz. No capability has a default: each entry states each one.
//! A new algorithm is its file in `algorithms/`, its variant (in `info.rs`), its entry in
//! [`ALGORITHMS`] (in `table.rs`) and its arm in [`run_root`], all but the first in this
//! folder.

use std::fmt;

use super::algorithms::alphabeta::AlphaBeta;
use super::algorithms::{
    abdada, bisect, expectimax, fsss, lazy_smp, mcts, mcts_solver, minimax, mt_sss, mtdf,
    negaalpha, negamax, negascout, puct, pvs, pvs_root, scout, sss, star, ybwc,
};
use super::context::Ctx;
use super::node::Rule;
use super::options::OptionError;
use super::result::Estimate;
use crate::game::{Evaluator, Game};

mod entries;
mod info;
pub use entries::ALGORITHMS;
pub use info::{
    Algorithm, AlgorithmInfo, Bounds, Budget, ChanceNodes, Deepening, Form, OwnOption, QuizAsks,
    ResultKind, TableUse, TreeView, VisitOrder,
};

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

    /// Whether the algorithm's threads, when it has more than one, search with one
    /// table they all share (lock-free), made shared from the search's start.
    #[must_use]
    pub fn shares_table(self) -> bool {
        matches!(
            self,
            Algorithm::Ybwc | Algorithm::LazySmp | Algorithm::Abdada
        )
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
    Estimate(Estimate),
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
    let fail_soft = ctx.opts().fail_soft;
    let exact = match algorithm {
        Algorithm::Mcts => return RootValue::Estimate(mcts::run(ctx, pos, depth)),
        Algorithm::MctsSolver => return RootValue::Estimate(mcts_solver::run(ctx, pos, depth)),
        Algorithm::Puct => return RootValue::Estimate(puct::run(ctx, pos, depth)),
        Algorithm::Minimax => minimax::search(ctx, pos, depth, 0, None),
        Algorithm::Negamax => negamax::search(ctx, pos, depth, 0, None),
        Algorithm::AlphaBeta => aspirated(ctx, root, |ctx, (alpha, beta)| {
            AlphaBeta { fail_soft }.search(ctx, pos, depth, 0, None, alpha, beta)
        }),
        Algorithm::NegaAlpha => aspirated(ctx, root, |ctx, (alpha, beta)| {
            negaalpha::search(ctx, pos, depth, 0, None, alpha, beta, fail_soft)
        }),
        Algorithm::Scout => scout::eval(ctx, pos, depth, 0, None),
        Algorithm::NegaScout => aspirated(ctx, root, |ctx, (alpha, beta)| {
            negascout::search(ctx, pos, depth, 0, None, alpha, beta)
        }),
        Algorithm::Pvs => aspirated(ctx, root, |ctx, (alpha, beta)| {
            pvs::search(ctx, pos, depth, 0, None, alpha, beta)
        }),
        Algorithm::PvsRoot => aspirated(ctx, root, |ctx, (alpha, beta)| {
            pvs_root::search(ctx, pos, depth, alpha, beta)
        }),
        Algorithm::LazySmp => aspirated(ctx, root, |ctx, (alpha, beta)| {
            lazy_smp::search(ctx, pos, depth, alpha, beta)
        }),
        Algorithm::Ybwc => aspirated(ctx, root, |ctx, (alpha, beta)| {
            ybwc::search(ctx, pos, depth, alpha, beta)
        }),
        Algorithm::Abdada => aspirated(ctx, root, |ctx, (alpha, beta)| {
            abdada::search(ctx, pos, depth, alpha, beta)
        }),
        Algorithm::MtdF => mtdf::run(
            ctx,
            pos,
            depth,
            root.guess.unwrap_or(ctx.opts().first_guess),
        ),
        Algorithm::SssStar => sss::run(ctx, pos, depth),
        Algorithm::MtSss => mt_sss::run(ctx, pos, depth),
        Algorithm::Bisect => bisect::run(ctx, pos, depth),
        Algorithm::Fsss => fsss::run(ctx, pos, depth),
        Algorithm::Expectimax => expectimax::search(ctx, pos, depth, 0, None),
        Algorithm::Star1 | Algorithm::Star2 => {
            let probing = algorithm == Algorithm::Star2;
            aspirated(ctx, root, |ctx, (alpha, beta)| {
                star::search(ctx, pos, depth, 0, None, alpha, beta, probing)
            })
        }
    };
    RootValue::Exact(exact)
}

/// Runs `body` (a search's iterations, from depth `first` to `last`, with the root
/// `window`) as `algorithm` needs it: beside the helpers of Lazy SMP's and ABDADA's
/// teams, which search the whole tree with it for all its iterations; alone for the
/// others.
pub(super) fn with_helpers<'a, G: Game, E: Evaluator<G>, R>(
    ctx: &mut Ctx<'a, G, E>,
    pos: &G,
    algorithm: Algorithm,
    depths: (u32, u32, (i32, i32)),
    body: impl FnOnce(&mut Ctx<'a, G, E>) -> R,
) -> R {
    match algorithm {
        Algorithm::LazySmp => lazy_smp::with_team(ctx, pos, depths, &lazy_smp::team(), body),
        Algorithm::Abdada => lazy_smp::with_team(ctx, pos, depths, &abdada::team(), body),
        _ => body(ctx),
    }
}

/// A window-taking algorithm's root search, `windowed` with the root window, or with an
/// aspiration window around the previous iteration's value (searched again on the side
/// it failed to).
fn aspirated<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    root: Root,
    mut windowed: impl FnMut(&mut Ctx<'_, G, E>, (i32, i32)) -> i32,
) -> i32 {
    let root_window = root.window;
    let width = ctx.opts().aspiration;
    let Some(prev) = root.previous.filter(|_| width > 0) else {
        return windowed(ctx, root_window);
    };
    let alpha = (prev - width).max(root_window.0);
    let beta = (prev + width).min(root_window.1);
    if alpha >= beta {
        return windowed(ctx, root_window);
    }
    let v = windowed(ctx, (alpha, beta));
    if ctx.aborted() {
        v
    } else if v <= alpha {
        // Failed low: the value is at most alpha; search below it.
        ctx.research();
        windowed(ctx, (root_window.0, alpha + 1))
    } else if v >= beta {
        ctx.research();
        windowed(ctx, (beta - 1, root_window.1))
    } else {
        v
    }
}

#[cfg(test)]
mod tests;
