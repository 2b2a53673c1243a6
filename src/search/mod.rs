//! The search engine: everything generic over [`crate::game::Game`]; it never knows
//! which game it searches and never imports egui.
//!
//! Entry point: [`search`] runs one algorithm with its options to a depth and returns a
//! [`SearchResult`]: score, best move, principal variation, [`Counters`], one row per
//! iteration with iterative deepening, and whether it finished.

pub mod algorithms;
pub mod chance;
pub mod context;
pub mod control;
pub mod deferred;
pub mod movepick;
pub mod node;
mod option_check;
pub mod option_decl;
pub mod options;
pub mod registry;
pub mod result;
pub mod slots;
pub mod trace;
pub mod tt;

pub use context::counters::{Combine, Counter, Counters, counters_markdown};
pub use control::{INF, Progress, SearchControl, StopReason};
pub use deferred::release_deferred;
pub use options::{InitialWindow, MoveOrder, MtMemory, OptionError, SearchOptions, TableKind};
pub use trace::{Trace, TraceEvent};

pub use registry::{ALGORITHMS, Algorithm, AlgorithmInfo};
pub use result::{Estimate, IterationResult, SearchResult};

use crate::game::{Evaluator, Game};
use context::Ctx;
use registry::Root;

/// Refuses an algorithm a network guides (PUCT) where its network cannot be had: a game
/// without a network face or a shipped network, a file that is not a network or one of
/// another game's shape.
///
/// # Errors
/// Says which, and how to get one.
pub fn check_network<G: Game>(
    algorithm: Algorithm,
    opts: &SearchOptions,
) -> Result<(), OptionError> {
    if algorithm.info().has(registry::OwnOption::Network) {
        crate::net::load::for_game::<G>(&opts.net)
            .map_err(|e| OptionError(format!("{}: {e}", algorithm.label())))?;
    }
    Ok(())
}

/// Searches `pos` with `algorithm` and `opts` to `depth` under `control`.
///
/// Tables, killers and history start empty (so a result depends only on its inputs);
/// with iterative deepening they carry over between the iterations of this search.
/// Returns an error for options that make no sense ([`SearchOptions::check`]), budgets
/// that are zero ([`SearchControl::check`]) and tables larger than the free memory
/// ([`SearchOptions::check_memory`]); a stopped search returns what it has, marked with
/// [`SearchResult::stopped`].
pub fn search<G: Game, E: Evaluator<G>>(
    pos: &G,
    eval: &E,
    algorithm: Algorithm,
    opts: &SearchOptions,
    depth: u32,
    control: SearchControl<'_>,
) -> Result<SearchResult<G::Move>, OptionError> {
    opts.check(algorithm, depth)?;
    check_chance(pos, algorithm, opts)?;
    check_network::<G>(algorithm, opts)?;
    control.check()?;
    release_deferred();
    // Each thread of a parallel search has a table of its own.
    opts.check_memory(algorithm, u64::from(opts.threads.max(1)))?;
    // MT-SSS*'s memory as a table size and leaf storage.
    let resolved = opts.resolved(algorithm);
    let opts = &resolved;
    let mut ctx = if algorithm.shares_table() && opts.threads > 1 {
        // Its threads' table is shared from the start: no table of its own made first.
        Ctx::sharing(pos, eval, opts, control, algorithms::shallow_value)
    } else {
        Ctx::new(pos, eval, opts, control, algorithms::shallow_value)
    };
    let first = if opts.iterative_deepening { 1 } else { depth };
    let (range_lo, range_hi) = pos.score_range(opts.scoring);
    let root_window = match opts.window {
        InitialWindow::Infinite => (-INF, INF),
        // Article 002's `init_ab`: the range itself. A value at either end is still exact
        // (no score lies beyond it), and a win at the top of the range cuts at once.
        InitialWindow::GameRange => (range_lo, range_hi),
    };
    let depths = (first, depth, root_window);
    let (iterations, estimate, sampled_pv) =
        registry::with_helpers(&mut ctx, pos, algorithm, depths, |ctx| {
            deepen(ctx, pos, algorithm, (first, depth), (root_window, range_lo))
        });
    // A parallel search's helper threads end with it.
    ctx.end_threads();
    let counters = ctx.counters_so_far();
    let last = iterations.last();
    let pv = match last {
        Some(it) => it.pv.clone(),
        None => sampled_pv,
    };
    // A proven value under win-loss scoring is the minimax score at the depth: every
    // line of the proof ends in a finished game within it.
    let proven_score = estimate
        .and_then(|e| e.proven)
        .filter(|_| opts.scoring == crate::game::Scoring::WinLoss);
    Ok(SearchResult {
        score: last.map(|it| it.score).or(proven_score),
        estimate,
        best_move: pv.first().copied(),
        pv,
        counters,
        depth_reached: last.map_or(if estimate.is_some() { depth } else { 0 }, |it| it.depth),
        stopped: ctx.stop_reason(),
        trace: ctx.take_trace(),
        iterations,
    })
}

/// What the iterations of a search left: one row per finished iteration, a sampling
/// algorithm's estimate and the line it samples.
type Deepened<M> = (Vec<IterationResult<M>>, Option<Estimate>, Vec<M>);

/// The iterations of a search from depth `first` to `last` (one without iterative
/// deepening) with the root `window`; `range_lo` is the bottom of the game's range.
fn deepen<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    algorithm: Algorithm,
    (first, last): (u32, u32),
    (window, range_lo): ((i32, i32), i32),
) -> Deepened<G::Move> {
    let opts = ctx.opts();
    let mut iterations: Vec<IterationResult<G::Move>> = Vec::new();
    for d in first..=last {
        ctx.begin_iteration(d);
        let previous = iterations.last().map(|it| it.score);
        // MTD(f)'s first guess: the last iteration's value, or the one before it (same
        // parity of depth) when asked.
        let guess = if opts.guess_before_last && iterations.len() >= 2 {
            iterations.get(iterations.len() - 2).map(|it| it.score)
        } else {
            previous
        };
        let root = Root {
            window,
            previous,
            guess,
        };
        let score = match registry::run_root(ctx, pos, algorithm, d, root) {
            registry::RootValue::Exact(score) => score,
            // An estimate holds whenever the search ends (fewer iterations when
            // stopped); it has no iterations of depth and no score.
            registry::RootValue::Estimate(e) => return (iterations, Some(e), ctx.root_pv()),
        };
        if ctx.aborted() {
            break;
        }
        // A team's helpers' work so far counts in the iteration's counters.
        ctx.collect_helpers();
        let pv = root_line(ctx, pos, score <= range_lo);
        let it = IterationResult {
            depth: d,
            score,
            best_move: pv.first().copied(),
            pv,
            counters: ctx.counters_so_far(),
        };
        ctx.finish_iteration(
            score,
            it.best_move.map(G::move_to_string),
            it.pv.iter().map(|&m| G::move_to_string(m)).collect(),
        );
        iterations.push(it);
    }
    (iterations, None, Vec::new())
}

/// The principal variation of an iteration. When every move failed low at the bottom
/// of the game's range (`at_bottom` with that window), every move scores exactly the
/// minimum: any one is a best move, and the line is the first (a chance node has no
/// best move).
fn root_line<G: Game, E: Evaluator<G>>(
    ctx: &Ctx<'_, G, E>,
    pos: &G,
    at_bottom: bool,
) -> Vec<G::Move> {
    let mut pv = ctx.root_pv();
    if pv.is_empty()
        && ctx.opts().window == InitialWindow::GameRange
        && at_bottom
        && !pos.chance_outcomes(&mut Vec::new())
    {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        pv.extend(moves.first().copied());
    }
    pv
}

/// Refuses a position with chance nodes to an algorithm that cannot average over them,
/// and options that would make a chance node's mean inexact.
///
/// # Errors
/// Says why.
pub fn check_chance<G: Game>(
    pos: &G,
    algorithm: Algorithm,
    opts: &SearchOptions,
) -> Result<(), OptionError> {
    if !pos.has_chance() {
        return Ok(());
    }
    if let registry::ChanceNodes::Refuses(why) = algorithm.info().chance {
        return Err(OptionError(format!(
            "this position has chance nodes, and {} cannot search them: {why}",
            algorithm.label()
        )));
    }
    if opts.ordering == MoveOrder::Oracle {
        return Err(OptionError(
            "the oracle ordering knows the minimax value, not the expectiminimax value: order by shallow search (shallow:N) on a position with chance nodes".into(),
        ));
    }
    if opts.grain > 1 {
        return Err(OptionError(
            "--grain rounds values, and a chance node's mean must stay exact: leave the grain at 1 on a position with chance nodes".into(),
        ));
    }
    if algorithm.info().chance == registry::ChanceNodes::Samples
        && (opts.mr_depth > 0 || opts.ms_depth > 0 || opts.mb_depth > 0)
    {
        return Err(OptionError(
            "the MCTS hybrids' shallow minimax takes the best child at every node, and a chance node's value is a mean: leave mr, ms and mb at 0 on a position with chance nodes".into(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
