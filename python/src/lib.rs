//! treelab from Python: the extension module `treelab._treelab` that the package
//! `treelab` (`python/treelab/`) wraps. Searches named as the command line names them
//! (the game, the position's text form, a row spec such as `negascout+tt=16+id`, the
//! depth), grids, matches, traces, solves and exercises over the same library calls,
//! and games written in Python searched by the generic engine.
//!
//! Results cross as Python objects built from the library's typed values
//! ([`convert`]), never as JSON or CSV text. Long calls run on a background thread of
//! the library with the GIL released ([`wait`]): Ctrl+C (KeyboardInterrupt) stops them
//! within a few thousand nodes, and a `progress(done, total)` callable is told how far
//! they are. Errors are `ValueError`s with the command line's messages, and arguments
//! are checked by name ([`args`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

mod args;
mod convert;
mod grid;
mod pygame;
mod pysearch;
mod registry;
mod tools;
mod train;
mod wait;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use treelab::engine::{EngineError, named_search, run_search_guarded};
use treelab::search::{Progress, SearchControl};

use wait::{Report, in_background};

/// A `ValueError` with the engine's message (the command line's).
fn value_error(e: EngineError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// One search: `game` by name, `position` in its one-line text form (empty: the
/// start), `row` a row spec (`negascout+tt=16+id`), `depth` (None: a tree's height),
/// `evaluator` by name (empty: the game's own), with optional node and time limits.
/// The fields of `treelab.SearchResult`; `progress(nodes, nodes limit or None)` is
/// told the nodes so far about ten times a second.
// Each argument is a keyword argument of the Python function.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (game, position, row, depth=None, evaluator="", nodes=None, seconds=None, progress=None))]
fn search_row<'py>(
    py: Python<'py>,
    game: &str,
    position: &str,
    row: &str,
    depth: Option<Bound<'py, PyAny>>,
    evaluator: &str,
    nodes: Option<Bound<'py, PyAny>>,
    seconds: Option<f64>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let depth = args::depth(depth.as_ref())?;
    let nodes = args::NODES.of_opt(nodes.as_ref())?;
    let (pos, req) = named_search(game, position, row, depth, evaluator).map_err(value_error)?;
    let time_budget = seconds
        .map(SearchControl::time_budget_from_secs)
        .transpose()
        .map_err(|e| PyValueError::new_err(format!("seconds={}: {e}", seconds.unwrap_or(0.0))))?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let mut report = Report::to(progress);
    let meter = report.meter();
    let record = in_background(py, &stop, &mut report, move || {
        let live = Arc::clone(&meter);
        let control = SearchControl {
            stop: flag,
            node_budget: nodes,
            time_budget,
            progress: Some(Box::new(move |p: &Progress| live.set(p.nodes, nodes))),
            ..SearchControl::default()
        };
        // A panic (a bug) comes back as an error, not through Python.
        let record = run_search_guarded(&pos, &req, control);
        if let Ok(r) = &record {
            meter.set(r.counters.nodes(), nodes);
        }
        record
    })?
    .map_err(value_error)?;
    convert::record_fields(py, &record)
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
    m.add_function(wrap_pyfunction!(search_row, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(convert::counter_names, m)?)?;
    m.add_function(wrap_pyfunction!(registry::algorithms, m)?)?;
    m.add_class::<grid::Grid>()?;
    m.add_class::<grid::BenchSlice>()?;
    m.add_function(wrap_pyfunction!(grid::grid, m)?)?;
    m.add_function(wrap_pyfunction!(grid::parse_depths, m)?)?;
    m.add_function(wrap_pyfunction!(grid::bench_cell, m)?)?;
    m.add_function(wrap_pyfunction!(grid::bench_slice_from_ron, m)?)?;
    m.add_function(wrap_pyfunction!(pysearch::search_game, m)?)?;
    m.add_function(wrap_pyfunction!(pysearch::trace_game, m)?)?;
    m.add_class::<tools::TraceData>()?;
    m.add_class::<tools::MatchSlice>()?;
    m.add_function(wrap_pyfunction!(tools::solve, m)?)?;
    m.add_function(wrap_pyfunction!(tools::play_match, m)?)?;
    m.add_function(wrap_pyfunction!(tools::match_slices, m)?)?;
    m.add_function(wrap_pyfunction!(tools::match_slice, m)?)?;
    m.add_function(wrap_pyfunction!(tools::merge_match, m)?)?;
    m.add_function(wrap_pyfunction!(tools::match_slice_from_ron, m)?)?;
    m.add_function(wrap_pyfunction!(tools::trace_row, m)?)?;
    m.add_function(wrap_pyfunction!(tools::exercises, m)?)?;
    m.add_function(wrap_pyfunction!(tools::across_cells, m)?)?;
    m.add_function(wrap_pyfunction!(train::train_net, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
