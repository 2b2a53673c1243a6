//! What a search returns: its [`SearchResult`] (score or [`Estimate`], best move,
//! principal variation, counters, one [`IterationResult`] per finished iteration, why
//! it stopped early and its trace).

use serde::{Deserialize, Serialize};

use super::Counters;
use super::control::StopReason;
use super::trace::Trace;

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
    /// Counters so far (cumulative over the iterations; `stats` in files written
    /// before it was named so).
    #[serde(alias = "stats")]
    pub counters: Counters,
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
    /// Counters over the whole search (`stats` in files written before it was named so).
    #[serde(alias = "stats")]
    pub counters: Counters,
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
