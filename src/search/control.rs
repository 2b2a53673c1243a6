//! What a search is told and what it tells: the stop flag, the node and time budgets
//! and the progress sink a caller hands it ([`SearchControl`]), the live report it sends
//! ([`Progress`]), why it ended early ([`StopReason`]), and the window's infinity
//! ([`INF`]) and value rounding every search shares.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::Duration;

use super::options::OptionError;

/// A value beyond every score: the "infinity" of the windows. Negation-safe.
pub const INF: i32 = 1_000_000_000;

/// `value` rounded to the nearest multiple of `grain` (halves away from zero, so the
/// rounding commutes with negation, as negamax needs); `grain` 0 or 1 keeps it.
#[must_use]
pub fn round_to_grain(value: i32, grain: u32) -> i32 {
    if grain <= 1 {
        return value;
    }
    let g = i64::from(grain);
    let v = i64::from(value);
    let rounded = v.signum() * ((v.abs() + g / 2) / g) * g;
    rounded.clamp(-i64::from(INF - 1), i64::from(INF - 1)) as i32
}

/// Why a search ended before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// The stop flag was raised (the Stop button, Ctrl-C).
    Stopped,
    /// The node budget ran out.
    NodeBudget,
    /// The time budget ran out.
    TimeBudget,
    /// SSS*'s OPEN list (or another store) reached its memory cap.
    MemoryLimit,
}

impl StopReason {
    /// Words for a status line.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            StopReason::Stopped => "stopped",
            StopReason::NodeBudget => "node budget reached",
            StopReason::TimeBudget => "time budget reached",
            StopReason::MemoryLimit => "memory limit reached",
        }
    }
}

/// A live report from a running search, throttled by time.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    /// The iteration's depth (the fixed depth without iterative deepening).
    pub depth: u32,
    /// Nodes so far.
    pub nodes: u64,
    /// Seconds so far.
    pub elapsed_secs: f64,
    /// The best root move of the last finished iteration, in notation.
    pub best_move: Option<String>,
    /// Its principal variation, in notation.
    pub pv: Vec<String>,
    /// Its score.
    pub score: Option<i32>,
}

/// Where progress reports go.
pub type ProgressSink<'a> = Box<dyn FnMut(&Progress) + Send + 'a>;

/// What a search may do and whom it tells: the stop flag, budgets and a progress sink.
pub struct SearchControl<'a> {
    /// Raised by anyone to stop the search; polled every 1024 nodes.
    pub stop: Arc<AtomicBool>,
    /// End the search after this many nodes.
    pub node_budget: Option<u64>,
    /// End the search after this long.
    pub time_budget: Option<Duration>,
    /// Called with live progress at most every `progress_interval`.
    pub progress: Option<ProgressSink<'a>>,
    /// The least time between two progress reports.
    pub progress_interval: Duration,
    /// Record a trace of the search (for the tree view); off costs nothing.
    pub trace: bool,
    /// Threads a caller lends the search while they have nothing else to do (a grid
    /// whose other cells are done): a search whose every count depends only on its
    /// inputs (no table, killers or history, no budget, no trace) shares its moves out
    /// to them without changing a count ([`crate::search::algorithms::serial_split`]);
    /// any other search leaves them be.
    pub lend: Option<Arc<crate::search::slots::Threads>>,
    /// A crew of helper threads kept from one search to the next (a grid's cells on
    /// threads of their own, run one after another): a parallel search takes its
    /// helpers from it instead of starting them, and gives them back at its end.
    pub crew: Option<Arc<crate::search::slots::KeptCrew>>,
}

impl Default for SearchControl<'_> {
    fn default() -> Self {
        SearchControl {
            stop: Arc::new(AtomicBool::new(false)),
            node_budget: None,
            time_budget: None,
            progress: None,
            progress_interval: Duration::from_millis(100),
            trace: false,
            lend: None,
            crew: None,
        }
    }
}

/// The longest time budget a search accepts (a week): longer is a typo, and
/// `Duration` arithmetic on absurd values would overflow.
pub const MAX_TIME_BUDGET: Duration = Duration::from_secs(7 * 24 * 3600);

impl SearchControl<'_> {
    /// Refuses budgets that cannot mean what they say: a node budget of 0, a time budget
    /// of zero or longer than [`MAX_TIME_BUDGET`].
    pub fn check(&self) -> Result<(), OptionError> {
        if self.node_budget == Some(0) {
            return Err(OptionError(
                "a node budget of 0 would stop before the root: use at least 1 node".into(),
            ));
        }
        if let Some(t) = self.time_budget
            && (t.is_zero() || t > MAX_TIME_BUDGET)
        {
            return Err(OptionError(format!(
                "a time budget of {:.3} s is out of range: use more than 0 and at most {} s",
                t.as_secs_f64(),
                MAX_TIME_BUDGET.as_secs()
            )));
        }
        Ok(())
    }

    /// A time budget of `seconds` (as a user types it), or why not: not a number, not
    /// positive, or longer than [`MAX_TIME_BUDGET`].
    pub fn time_budget_from_secs(seconds: f64) -> Result<Duration, OptionError> {
        if !(seconds.is_finite() && seconds > 0.0) {
            return Err(OptionError(format!(
                "a time budget of {seconds} s is not a positive number of seconds"
            )));
        }
        match Duration::try_from_secs_f64(seconds) {
            Ok(t) if t <= MAX_TIME_BUDGET && !t.is_zero() => Ok(t),
            _ => Err(OptionError(format!(
                "a time budget of {seconds} s is out of range: use at most {} s",
                MAX_TIME_BUDGET.as_secs()
            ))),
        }
    }
}

impl std::fmt::Debug for SearchControl<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchControl")
            .field("stop", &self.stop.load(AtomicOrdering::Relaxed))
            .field("node_budget", &self.node_budget)
            .field("time_budget", &self.time_budget)
            .field("trace", &self.trace)
            .field("lend", &self.lend.is_some())
            .finish_non_exhaustive()
    }
}
