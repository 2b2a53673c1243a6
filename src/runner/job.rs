//! What a run is made of: its jobs (a position, a request, the row that asked), the order
//! a host starts them in, the events it reports and the search it calls.

use std::sync::Arc;

use crate::engine::{AnyPosition, SearchRecord, SearchRequest, run_search};
use crate::search::{Progress, SearchControl};
use crate::session::short_text;

/// A position a run searches, with what names it: the suite entry it is (source,
/// index and name), if it is one.
#[derive(Clone, Debug, PartialEq)]
pub struct RunPosition {
    /// The position.
    pub position: AnyPosition,
    /// The suite entry's name (`#40`), or empty for a position of no suite.
    pub name: String,
    /// The suite's source and the position's index in it, when it is a suite entry.
    pub suite: Option<(String, usize)>,
}

impl RunPosition {
    /// A position of no suite.
    #[must_use]
    pub fn plain(position: AnyPosition) -> RunPosition {
        RunPosition {
            position,
            name: String::new(),
            suite: None,
        }
    }

    /// How the views name it: the suite entry's name, or the game and its text.
    #[must_use]
    pub fn label(&self) -> String {
        if self.name.is_empty() {
            short_text(self.position.kind(), &self.position.to_text())
        } else {
            self.name.clone()
        }
    }
}

/// One search of a run.
#[derive(Clone, Debug)]
pub struct Job {
    /// The comparison row it belongs to.
    pub row: usize,
    /// The row's label when the run started (see [`ComparisonRow::label`]).
    pub label: String,
    /// The position, with its name.
    pub at: RunPosition,
    /// What to run (its depth is this job's depth).
    pub request: SearchRequest,
}

/// The order a run takes its jobs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobOrder {
    /// As a person reads the results, for a run someone watches (the app): the
    /// shallowest depth first over every position and row, then the next depth, each
    /// depth in the plan's order (position, then row). A Stop at any moment leaves
    /// whole shallow depths to read, every row finished on every position there.
    Reading,
    /// The longest expected first on several workers, so that no deep search starts
    /// last and holds the run while the others idle (batch runs: `bench`,
    /// `experiment`, `session run`); the plan's order on one worker.
    LongestFirst,
}

/// The order a host starts `jobs` in on `workers` workers, as `order` says: in
/// reading order, by depth and then as planned; longest first with more than one
/// worker ([`crate::engine::expected_cost`]); else the plan's order (positions outer: a
/// stopped run has whole positions).
#[must_use]
pub fn start_order(jobs: &[Job], workers: usize, order: JobOrder) -> Vec<usize> {
    if order == JobOrder::Reading {
        let mut idx: Vec<usize> = (0..jobs.len()).collect();
        idx.sort_by_key(|&i| (jobs[i].request.depth, i));
        return idx;
    }
    if workers <= 1 {
        return (0..jobs.len()).collect();
    }
    let costs: Vec<f64> = jobs
        .iter()
        .map(|j| crate::engine::expected_cost(&j.at.position, j.request.depth))
        .collect();
    crate::platform::pool::longest_first(&costs)
}

/// What a worker reports.
#[derive(Clone, Debug)]
pub enum RunEvent {
    /// A job started.
    Started {
        /// Its index in [`Run::jobs`].
        job: usize,
    },
    /// Live progress of a running job.
    Progress {
        /// Its index in [`Run::jobs`].
        job: usize,
        /// The search's report.
        progress: Progress,
    },
    /// A job ended: its record (perhaps stopped early) or why it failed.
    Finished {
        /// Its index in [`Run::jobs`].
        job: usize,
        /// The record (boxed: the other events stay small), or the error or panic
        /// message.
        result: Result<Box<SearchRecord>, String>,
    },
}

/// Something to call when there is news (the app asks for a repaint).
pub type Notify = Arc<dyn Fn() + Send + Sync>;

/// A job that runs a search: the default is [`run_search`]; tests put in failing ones.
pub type SearchFn =
    Arc<dyn Fn(&Job, SearchControl<'_>) -> Result<SearchRecord, String> + Send + Sync>;

/// The default [`SearchFn`]: the engine's search of the job's position.
#[must_use]
pub fn engine_search() -> SearchFn {
    Arc::new(|job: &Job, control: SearchControl<'_>| {
        run_search(&job.at.position, &job.request, control).map_err(|e| e.to_string())
    })
}
