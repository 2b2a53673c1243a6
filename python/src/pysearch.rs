//! Searches and traces of games written in Python ([`super::pygame`]): the row spec
//! and depth as for a built-in game, the result with every counter, and a trace's
//! visits with their windows, values, types and reasons.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::pygame::{PyEval, PyState, with_game};
use treelab::game::Game;

/// The request of a search of a Python game: `row` a row spec, `depth` plies.
fn request(row: &str, depth: Option<u32>) -> PyResult<(treelab::engine::rowspec::BenchRow, u32)> {
    let depth = depth.ok_or_else(|| {
        PyValueError::new_err(
            "a depth is needed: a Python game has no depth that reaches every end of the game",
        )
    })?;
    let parsed =
        treelab::engine::rowspec::parse_row_spec(row, &treelab::search::SearchOptions::default())
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if parsed.options.threads > 1 {
        return Err(PyValueError::new_err(
            "a Python game is searched on one thread (its methods need the GIL): leave threads out",
        ));
    }
    Ok((parsed, depth))
}

/// Searches the Python game `state` with the row spec `row` to `depth`, with optional
/// node and time limits: the same result as a search of a built-in game.
#[pyfunction]
#[pyo3(signature = (state, row, depth=None, nodes=None, seconds=None))]
pub fn search_game(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    row: &str,
    depth: Option<u32>,
    nodes: Option<u64>,
    seconds: Option<f64>,
) -> PyResult<super::SearchResult> {
    let (row, depth) = request(row, depth)?;
    let time_budget = seconds
        .map(treelab::search::SearchControl::time_budget_from_secs)
        .transpose()
        .map_err(|e| PyValueError::new_err(format!("seconds: {e}")))?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let record = with_game(py, state, stop, move |root| {
        let control = treelab::search::SearchControl {
            stop: flag,
            node_budget: nodes,
            time_budget,
            ..treelab::search::SearchControl::default()
        };
        treelab::search::search(&root, &PyEval, row.algorithm, &row.options, depth, control).map(
            |r| {
                treelab::engine::SearchRecord::from_result(
                    &r,
                    PyState::move_to_string,
                    root.value_scale(),
                )
            },
        )
    })?
    .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(super::SearchResult::of(record))
}

/// One visit of a traced search of a Python game.
struct Visit {
    ply: u32,
    path: Vec<String>,
    kind: &'static str,
    alpha: i32,
    beta: i32,
    value: Option<i32>,
    how: &'static str,
    cut_after: Option<u32>,
}

/// A visit as it crosses to Python: index, ply, path, kind, alpha, beta, value (in the
/// game's units; None: none returned), type, reason.
type VisitRow = (
    usize,
    u32,
    String,
    String,
    f64,
    f64,
    Option<f64>,
    String,
    String,
);

/// Traces a search of the Python game `state`: every visit in the order it happened,
/// as `(index, ply, path, kind, alpha, beta, value, type, reason)` with values in the
/// game's units — the columns of `treelab trace --format csv` that a
/// game without a board can fill.
#[pyfunction]
#[pyo3(signature = (state, row, depth=None))]
pub fn trace_game(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    row: &str,
    depth: Option<u32>,
) -> PyResult<Vec<VisitRow>> {
    use treelab::search::TraceEvent;
    let (row, depth) = request(row, depth)?;
    if row.algorithm.info().name.starts_with("mcts") {
        return Err(PyValueError::new_err(
            "an MCTS row has iterations, not visits: search it instead",
        ));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (events, scale) = with_game(py, state, stop, move |root| {
        let control = treelab::search::SearchControl {
            stop: flag,
            trace: true,
            node_budget: Some(20_000),
            ..treelab::search::SearchControl::default()
        };
        let r =
            treelab::search::search(&root, &PyEval, row.algorithm, &row.options, depth, control)?;
        let events: Vec<TraceEvent<String>> = r
            .trace
            .map(|t| {
                t.events
                    .iter()
                    .map(|e| e.map_move(PyState::move_to_string))
                    .collect()
            })
            .unwrap_or_default();
        Ok::<_, treelab::search::OptionError>((events, root.value_scale()))
    })?
    .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut visits: Vec<Visit> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    for e in events {
        match e {
            TraceEvent::Enter {
                ply,
                mv,
                alpha,
                beta,
                kind,
            } => {
                let mut path = open
                    .last()
                    .map(|&p| visits[p].path.clone())
                    .unwrap_or_default();
                path.extend(mv);
                open.push(visits.len());
                visits.push(Visit {
                    ply,
                    path,
                    kind: treelab::tree::listing::kind_name(kind),
                    alpha,
                    beta,
                    value: None,
                    how: "",
                    cut_after: None,
                });
            }
            TraceEvent::Leaf { value } => {
                if let Some(&i) = open.last() {
                    visits[i].how = "leaf";
                    visits[i].value = Some(value);
                }
            }
            TraceEvent::TtCut { value } => {
                if let Some(&i) = open.last() {
                    visits[i].how = "table";
                    visits[i].value = Some(value);
                }
            }
            TraceEvent::Cutoff { index } => {
                if let Some(&i) = open.last() {
                    visits[i].cut_after = Some(index);
                }
            }
            TraceEvent::ChanceCutoff { .. } => {
                if let Some(&i) = open.last() {
                    visits[i].how = "chance-cut";
                }
            }
            TraceEvent::Leave { value } => {
                if let Some(i) = open.pop() {
                    visits[i].value = Some(value);
                }
            }
            _ => {}
        }
    }
    // Infinite bounds cross as infinities, as the built-in games' CSV writes them.
    let units = |v: i32| -> f64 {
        if v >= treelab::search::INF {
            f64::INFINITY
        } else if v <= -treelab::search::INF {
            f64::NEG_INFINITY
        } else {
            f64::from(v) / f64::from(scale)
        }
    };
    Ok(visits
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            let (kind_of, reason) = match (v.how, v.cut_after, v.value) {
                ("leaf", ..) => (
                    "leaf",
                    "scored: the game is over (score()) or the depth is reached (evaluate())"
                        .to_string(),
                ),
                ("table", ..) => ("table", "answered by the transposition table".to_string()),
                ("chance-cut", ..) => (
                    "cut",
                    "a chance node cut off: the outcomes searched bound its mean outside the window"
                        .to_string(),
                ),
                (_, Some(k), _) => (
                    "cut",
                    format!(
                        "cut off by its move {}: its value reached beta, the moves after it are not searched",
                        k + 1
                    ),
                ),
                (_, None, Some(x)) if x <= v.alpha => (
                    "all",
                    "failed low: every move searched, none above alpha".to_string(),
                ),
                (_, None, Some(x)) if x >= v.beta => (
                    "cut",
                    "failed high: its value reached beta".to_string(),
                ),
                _ => ("pv", "every move searched, its value inside the window".to_string()),
            };
            (
                i,
                v.ply,
                v.path.join(" "),
                v.kind.to_string(),
                units(v.alpha),
                units(v.beta),
                v.value.map(units),
                kind_of.to_string(),
                reason,
            )
        })
        .collect())
}
