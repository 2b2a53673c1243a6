//! The search engine: everything generic over [`crate::game::Game`]; it never knows
//! which game it searches and never imports egui.
//!
//! Entry point: [`search`] runs one algorithm with its options to a depth and returns a
//! [`SearchResult`]: score, best move, principal variation, [`SearchStats`], one row per
//! iteration with iterative deepening, and whether it finished.

pub mod algorithms;
pub mod chance;
pub mod context;
pub mod deferred;
pub mod option_decl;
pub mod options;
pub mod ordering;
pub mod registry;
mod shortcuts;
pub mod stats;
pub mod trace;
pub mod tt;

use serde::{Deserialize, Serialize};

pub use context::{INF, Progress, SearchControl, StopReason};
pub use deferred::release_deferred;
pub use options::{
    Algorithm, InitialWindow, MoveOrder, MtMemory, OptionError, SearchOptions, TableKind,
};
pub use stats::{Combine, Counter, SearchStats, counters_markdown};
pub use trace::{Trace, TraceEvent};

pub use registry::{ALGORITHMS, AlgorithmInfo};

use crate::game::{Evaluator, Game};
use context::Ctx;
use registry::Root;

/// One finished iteration of an iterative-deepening search (or the single iteration of a
/// fixed-depth one).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IterationResult<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// Its value, from the root side to move's view.
    pub score: i32,
    /// Its best move.
    pub best_move: Option<M>,
    /// Its principal variation.
    pub pv: Vec<M>,
    /// Counters so far (cumulative over the iterations).
    pub stats: SearchStats,
}

/// A sampling algorithm's value (MCTS): the mean reward of the move it plays, from the
/// root side to move's view, over that move's visits. Rewards are 1 for a win, 0 for a
/// draw and -1 for a loss at the end of a playout (an evaluation scaled to -1..=1 where a
/// playout stops at the horizon). It estimates how the game goes; it is not a minimax
/// score and is never compared with one.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The mean reward, -1 to 1.
    pub mean: f64,
    /// The visits of the move played.
    pub visits: u64,
    /// The iterations run.
    pub iterations: u64,
    /// The root's game-theoretic value for its side to move (1 win, 0 draw, -1 loss)
    /// when MCTS-Solver proved it; `None` otherwise.
    #[serde(default)]
    pub proven: Option<i32>,
}

impl Estimate {
    /// The proven value in a word ("win", "draw" or "loss" for the root side to move);
    /// `None` when not proven.
    #[must_use]
    pub fn proven_outcome(&self) -> Option<&'static str> {
        self.proven.map(|v| match v.signum() {
            1 => "win",
            0 => "draw",
            _ => "loss",
        })
    }
}

/// What a search returns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchResult<M> {
    /// The value from the root side to move's view; `None` when the search was stopped
    /// before its first iteration finished, and for a sampling algorithm (its value is
    /// [`SearchResult::estimate`]).
    pub score: Option<i32>,
    /// A sampling algorithm's estimate (`None` for an exact algorithm).
    pub estimate: Option<Estimate>,
    /// The best move (`None` at a finished position, or when stopped very early).
    pub best_move: Option<M>,
    /// The principal variation, as far as the algorithm knows it.
    pub pv: Vec<M>,
    /// Counters over the whole search.
    pub stats: SearchStats,
    /// The depth of the last finished iteration (0 when none finished).
    pub depth_reached: u32,
    /// One row per finished iteration.
    pub iterations: Vec<IterationResult<M>>,
    /// Why the search ended early, if it did: the result is then incomplete.
    pub stopped: Option<StopReason>,
    /// The trace, when one was asked for.
    pub trace: Option<Trace<M>>,
}

impl<M> SearchResult<M> {
    /// Whether the search ran to the requested depth.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }
}

/// Searches `pos` with `algorithm` and `opts` to `depth` under `control`.
///
/// Tables, killers and history start empty (so a result depends only on its inputs);
/// with iterative deepening they carry over between the iterations of this search.
/// Returns an error for options that make no sense ([`SearchOptions::validate`]), budgets
/// that are zero ([`SearchControl::validate`]) and tables larger than the free memory
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
    opts.validate(algorithm, depth)?;
    check_chance(pos, algorithm, opts)?;
    control.validate()?;
    release_deferred();
    opts.check_memory(algorithm, 1)?;
    // MT-SSS*'s memory as a table size and leaf storage.
    let resolved = opts.resolved(algorithm);
    let opts = &resolved;
    let mut ctx = Ctx::new(pos, eval, opts, control);
    let first = if opts.iterative_deepening { 1 } else { depth };
    let (range_lo, range_hi) = pos.score_range(opts.scoring);
    let root_window = match opts.window {
        InitialWindow::Infinite => (-INF, INF),
        // Article 002's `init_ab`: the range itself. A value at either end is still exact
        // (no score lies beyond it), and a win at the top of the range cuts at once.
        InitialWindow::GameRange => (range_lo, range_hi),
    };
    let mut iterations: Vec<IterationResult<G::Move>> = Vec::new();
    let mut estimate = None;
    let mut sampled_pv = Vec::new();
    for d in first..=depth {
        ctx.progress_state.depth = d;
        let previous = iterations.last().map(|it| it.score);
        // MTD(f)'s first guess: the last iteration's value, or the one before it (same
        // parity of depth) when asked.
        let guess = if opts.guess_before_last && iterations.len() >= 2 {
            iterations.get(iterations.len() - 2).map(|it| it.score)
        } else {
            previous
        };
        let root = Root {
            window: root_window,
            previous,
            guess,
        };
        let score = match registry::run_root(&mut ctx, pos, algorithm, d, root) {
            registry::RootValue::Exact(score) => score,
            // An estimate holds whenever the search ends (fewer iterations when
            // stopped); it has no iterations of depth and no score.
            registry::RootValue::Estimate(e) => {
                estimate = Some(e);
                sampled_pv = ctx.root_pv();
                break;
            }
        };
        if ctx.aborted() {
            break;
        }
        let pv = root_line(&ctx, pos, score <= range_lo);
        let it = IterationResult {
            depth: d,
            score,
            best_move: pv.first().copied(),
            pv,
            stats: SearchStats {
                elapsed_secs: ctx.elapsed(),
                ..ctx.stats.clone()
            },
        };
        ctx.progress_state.score = Some(score);
        ctx.progress_state.best_move = it.best_move.map(G::move_to_string);
        ctx.progress_state.pv = it.pv.iter().map(|&m| G::move_to_string(m)).collect();
        iterations.push(it);
        ctx.report_progress();
    }
    let mut stats = ctx.stats.clone();
    stats.elapsed_secs = ctx.elapsed();
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
        stats,
        depth_reached: last.map_or(if estimate.is_some() { depth } else { 0 }, |it| it.depth),
        stopped: ctx.stopped,
        trace: ctx.take_trace(),
        iterations,
    })
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
        && ctx.opts.window == InitialWindow::GameRange
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
fn check_chance<G: Game>(
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

/// A window-taking algorithm's root search, `windowed` with the root window, or with an
/// aspiration window around the previous iteration's value (searched again on the side
/// it failed to).
fn aspirated<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    root: Root,
    mut windowed: impl FnMut(&mut Ctx<'_, G, E>, (i32, i32)) -> i32,
) -> i32 {
    let root_window = root.window;
    let width = ctx.opts.aspiration;
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
