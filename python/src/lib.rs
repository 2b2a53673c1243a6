//! treelab from Python: the extension module `treelab._treelab` that the package
//! `treelab` (`python/treelab/`) wraps. One search at a time, named as the command
//! line names it (the game, the position's text form, a row spec such as
//! `negascout+tt=16+id`, the depth), with every counter under the command line's
//! names. The search runs on a thread of its own with the GIL released; the calling
//! thread looks at Python's signals every 20 ms, so Ctrl+C (KeyboardInterrupt) stops
//! the search within a few thousand nodes. Errors are `ValueError`s with the command
//! line's messages.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod pygame;
mod pysearch;
mod tools;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use treelab::engine::count::CountKind;
use treelab::engine::rowspec::parse_row_spec;
use treelab::engine::{
    AnyPosition, EngineError, GameKind, SearchRecord, Suite, SuiteItem, named_search,
    run_search_guarded,
};
use treelab::experiment::bench::{BenchSpec, Format, run_bench};
use treelab::search::{SearchControl, SearchOptions};

/// How often a waiting call looks at Python's signals (Ctrl+C).
const SIGNAL_EVERY: Duration = Duration::from_millis(20);

/// The result of one search, as `treelab search` prints it.
#[pyclass(frozen, module = "treelab._treelab")]
struct SearchResult {
    /// The value for the side to move at the root in the engine's units (None: stopped
    /// before depth 1 ended); `score` gives it in the game's units.
    value: Option<i32>,
    /// The engine's units per unit of the game's values (above 1 for chance games).
    scale: u32,
    /// A chance game's score as an exact fraction (`-23/36`), as `treelab search`
    /// prints `score_exact`; None when the score is whole or there is none.
    #[pyo3(get)]
    score_exact: Option<String>,
    /// The best move in the game's notation (None: no move, or none found).
    #[pyo3(get)]
    best: Option<String>,
    /// The principal variation, move by move.
    #[pyo3(get)]
    pv: Vec<String>,
    /// The depth of the last finished iteration.
    #[pyo3(get)]
    depth: u32,
    /// Whether the search ran to its end (not stopped by a limit or Ctrl+C).
    #[pyo3(get)]
    complete: bool,
    /// Why it stopped early, if it did.
    #[pyo3(get)]
    stopped: Option<String>,
    /// The seconds the search took.
    #[pyo3(get)]
    seconds: f64,
    /// MCTS: the mean reward (-1 to 1) of the move played or the root.
    #[pyo3(get)]
    estimate: Option<f64>,
    /// MCTS: whether the root's value is proven (MCTS-Solver); None for other
    /// algorithms.
    #[pyo3(get)]
    proven: Option<bool>,
    /// Every counter, under the command line's names.
    named: Vec<(&'static str, u64)>,
}

#[pymethods]
impl SearchResult {
    /// The value for the side to move at the root in the game's own units: an int, or
    /// for a game with chance nodes a float (`score_exact` has the fraction); None when
    /// stopped before depth 1 ended.
    #[getter]
    fn score<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        Ok(match self.value {
            None => None,
            Some(v) if self.scale <= 1 => Some(v.into_pyobject(py)?.into_any()),
            Some(v) => Some(
                (f64::from(v) / f64::from(self.scale))
                    .into_pyobject(py)?
                    .into_any(),
            ),
        })
    }

    /// Every counter as a dict keyed by the command line's names (`nodes`, `leaves`,
    /// `beta_cutoffs`, ...).
    #[getter]
    fn counters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (name, value) in &self.named {
            d.set_item(*name, *value)?;
        }
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let nodes = self
            .named
            .iter()
            .find(|(n, _)| *n == "nodes")
            .map_or(0, |(_, v)| *v);
        format!(
            "SearchResult(score={}, best={}, depth={}, nodes={nodes}, complete={})",
            self.value.map_or_else(
                || "None".into(),
                |v| treelab::game::chance::scaled_text(i64::from(v), self.scale)
            ),
            self.best
                .as_deref()
                .map_or_else(|| "None".into(), |b| format!("'{b}'")),
            self.depth,
            if self.complete { "True" } else { "False" },
        )
    }
}

impl SearchResult {
    fn of(r: SearchRecord) -> SearchResult {
        SearchResult {
            value: r.score,
            scale: r.scale(),
            score_exact: r
                .score
                .and_then(|v| treelab::game::chance::exact_fraction(i64::from(v), r.scale())),
            best: r.best_move.clone(),
            pv: r.pv.clone(),
            depth: r.depth_reached,
            complete: r.stopped.is_none(),
            stopped: r.stopped.map(|s| s.describe().to_string()),
            seconds: r.counters.elapsed_secs,
            estimate: r.estimate.map(|e| e.mean),
            proven: r.estimate.map(|e| e.proven.is_some()),
            named: r.counters.named_counters(),
        }
    }
}

/// Runs `work` on a thread of its own with the GIL released, looking at Python's
/// signals while it runs: on Ctrl+C it raises `stop`, waits for `work` to end (a
/// search polls the flag every 1024 nodes) and raises KeyboardInterrupt.
fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        scope.spawn(move || {
            let _ = tx.send(work());
        });
        // Behind a lock only so that the wait can leave the GIL (a receiver is Send,
        // not Sync); nothing else takes it.
        let rx = Mutex::new(rx);
        let wait = |timeout: Option<Duration>| {
            let rx = rx
                .lock()
                .map_err(|_| mpsc::RecvTimeoutError::Disconnected)?;
            match timeout {
                Some(t) => rx.recv_timeout(t),
                None => rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
            }
        };
        loop {
            match py.detach(|| wait(Some(SIGNAL_EVERY))) {
                Ok(value) => return Ok(value),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err("the search's thread failed"));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if let Err(interrupt) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                // The search ends within a few thousand nodes; its result is dropped.
                let _ = py.detach(|| wait(None));
                return Err(interrupt);
            }
        }
    })
}

/// One search: `game` by name, `position` in its one-line text form (empty: the
/// start), `row` a row spec (`negascout+tt=16+id`), `depth` (None: a tree's height),
/// `evaluator` by name (empty: the game's own), with optional node and time limits.
// Each argument is a keyword argument of the Python function.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (game, position, row, depth=None, evaluator="", nodes=None, seconds=None))]
fn search_row(
    py: Python<'_>,
    game: &str,
    position: &str,
    row: &str,
    depth: Option<u32>,
    evaluator: &str,
    nodes: Option<u64>,
    seconds: Option<f64>,
) -> PyResult<SearchResult> {
    let (pos, req) = named_search(game, position, row, depth, evaluator).map_err(value_error)?;
    let time_budget = seconds
        .map(SearchControl::time_budget_from_secs)
        .transpose()
        .map_err(|e| PyValueError::new_err(format!("seconds: {e}")))?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let record = interruptible(py, &stop, move || {
        let control = SearchControl {
            stop: flag,
            node_budget: nodes,
            time_budget,
            ..SearchControl::default()
        };
        // A panic (a bug) comes back as an error, not through Python.
        run_search_guarded(&pos, &req, control)
    })?;
    record.map(SearchResult::of).map_err(value_error)
}

/// A `ValueError` with the engine's message (the command line's).
fn value_error(e: EngineError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A grid (positions x rows x depths), as `treelab bench` runs it: the positions of a
/// suite (a shipped suite's name or a file), or `positions` of `game` in their text
/// form (each named by its text as given); `rows` row specs; `threads` workers
/// (results do not depend on them). Answers the CSV `treelab bench --format csv`
/// writes.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (suite, positions, game, rows, depths, threads=1, evaluator=""))]
fn bench_csv(
    py: Python<'_>,
    suite: Option<&str>,
    positions: Option<Vec<String>>,
    game: Option<&str>,
    rows: Vec<String>,
    depths: Vec<u32>,
    threads: usize,
    evaluator: &str,
) -> PyResult<String> {
    let suite = match (suite, positions) {
        (Some(name), None) => Suite::load_named(name).map_err(value_error)?,
        (None, Some(texts)) => {
            let game = game.ok_or_else(|| {
                PyValueError::new_err("positions given as text need their game: game=...")
            })?;
            let kind = GameKind::from_name(game).map_err(value_error)?;
            let items = texts
                .iter()
                .enumerate()
                .map(|(i, text)| {
                    let position = AnyPosition::parse(kind, text)
                        .map_err(|e| PyValueError::new_err(format!("position {}: {e}", i + 1)))?;
                    Ok(SuiteItem {
                        name: text.clone(),
                        position,
                        expected_score: None,
                        move_scores: Vec::new(),
                    })
                })
                .collect::<PyResult<Vec<_>>>()?;
            Suite {
                name: "positions".into(),
                kind,
                items,
            }
        }
        _ => {
            return Err(PyValueError::new_err(
                "give a suite's name or a list of positions",
            ));
        }
    };
    if suite.items.is_empty() {
        return Err(PyValueError::new_err("no positions to search"));
    }
    let rows = rows
        .iter()
        .map(|r| parse_row_spec(r, &SearchOptions::default()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(value_error)?;
    if rows.is_empty() {
        return Err(PyValueError::new_err("no algorithm to run: algos is empty"));
    }
    let max = treelab::search::options::MAX_DEPTH;
    if depths.is_empty() || depths.iter().any(|&d| d == 0 || d > max) {
        return Err(PyValueError::new_err(format!(
            "depths {depths:?}: give depths from 1 to {max}"
        )));
    }
    let spec = BenchSpec {
        suite,
        rows,
        depths,
        evaluator: evaluator.to_string(),
        threads,
        shard: None,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let result = interruptible(py, &stop, move || run_bench(&spec, &flag, &|_, _, _| {}))?;
    Ok(result
        .map_err(value_error)?
        .render(CountKind::Nodes, Format::Csv))
}

/// The games' names, as `game` takes them.
#[pyfunction]
fn games() -> Vec<&'static str> {
    treelab::engine::GameKind::ALL
        .into_iter()
        .map(treelab::engine::GameKind::name)
        .collect()
}

/// The extension module.
#[pymodule]
fn _treelab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SearchResult>()?;
    m.add_function(wrap_pyfunction!(search_row, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(bench_csv, m)?)?;
    m.add_class::<tools::TraceData>()?;
    m.add_function(wrap_pyfunction!(pysearch::search_game, m)?)?;
    m.add_function(wrap_pyfunction!(pysearch::trace_game, m)?)?;
    m.add_function(wrap_pyfunction!(tools::solve_json, m)?)?;
    m.add_function(wrap_pyfunction!(tools::match_json, m)?)?;
    m.add_function(wrap_pyfunction!(tools::trace_row, m)?)?;
    m.add_function(wrap_pyfunction!(tools::exercise_json, m)?)?;
    m.add_function(wrap_pyfunction!(tools::across_json, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
