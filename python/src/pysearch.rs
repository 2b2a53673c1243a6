//! Searches and traces of games written in Python ([`super::pygame`]): the row spec
//! and depth as for a built-in game, the result with every counter and the game's own
//! move objects, and a trace's visits nested by the library's [`nest_visits`] with
//! their windows, values, types, the moves never searched and why each ended.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::pygame::{PyEval, PyState, fail, with_game};
use crate::args;
use crate::convert::{result_fields, visit_fields};
use treelab::engine::rowspec::{BenchRow, parse_row_spec};
use treelab::engine::{SearchRecord, SearchRequest};
use treelab::game::Game;
use treelab::search::{Progress, SearchControl, SearchOptions, TraceEvent};
use treelab::tree::{NodeType, TreeNode, mark_never_searched_with, nest_visits};

/// The request of a search of a Python game: `row` a row spec, `depth` plies.
fn request(row: &str, depth: Option<&Bound<'_, PyAny>>) -> PyResult<(BenchRow, u32)> {
    let depth = args::depth(depth)?.ok_or_else(|| {
        PyValueError::new_err(
            "a depth is needed: a Python game has no depth that reaches every end of the game",
        )
    })?;
    let parsed = parse_row_spec(row, &SearchOptions::default())
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if parsed.options.threads > 1 {
        return Err(PyValueError::new_err(
            "a Python game is searched on one thread (its methods need the GIL): leave threads out",
        ));
    }
    Ok((parsed, depth))
}

/// Searches the Python game `state` with the row spec `row` to `depth`, with optional
/// node and time limits: the fields of `treelab.SearchResult`, as for a built-in game,
/// but with the game's own move objects as `best` and `pv`. `progress(nodes, nodes
/// limit or None)` is told the nodes so far about ten times a second.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (state, row, depth=None, nodes=None, seconds=None, progress=None))]
pub fn search_game<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    row: &str,
    depth: Option<Bound<'py, PyAny>>,
    nodes: Option<Bound<'py, PyAny>>,
    seconds: Option<f64>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (row, depth) = request(row, depth.as_ref())?;
    let nodes = args::NODES.of_opt(nodes.as_ref())?;
    let time_budget = seconds
        .map(SearchControl::time_budget_from_secs)
        .transpose()
        .map_err(|e| PyValueError::new_err(format!("seconds={}: {e}", seconds.unwrap_or(0.0))))?;
    let progress = progress.filter(|p| !p.is_none()).map(Bound::unbind);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (record, best, pv) = with_game(py, state, stop, move |root| {
        let tell = progress.map(|callback| {
            // The search runs on this thread with the GIL held: the callback is called
            // from within it, and an exception it raises ends the search.
            Box::new(move |p: &Progress| {
                Python::attach(|py| {
                    if let Err(e) = callback.call1(py, (p.nodes, nodes)) {
                        fail(e);
                    }
                });
            }) as Box<dyn FnMut(&Progress) + Send>
        });
        let control = SearchControl {
            stop: flag,
            node_budget: nodes,
            time_budget,
            progress: tell,
            ..SearchControl::default()
        };
        let r =
            treelab::search::search(&root, &PyEval, row.algorithm, &row.options, depth, control)?;
        // The move objects, while the search that numbered them is still there.
        let (best, pv) = Python::attach(|py| {
            (
                r.best_move.and_then(|m| PyState::move_object(py, m)),
                r.pv.iter()
                    .filter_map(|&m| PyState::move_object(py, m))
                    .collect::<Vec<_>>(),
            )
        });
        let record = SearchRecord::from_result(&r, PyState::move_to_string, root.value_scale());
        Ok::<_, treelab::search::OptionError>((record, best, pv))
    })?
    .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let best = best.map(|b| b.into_bound(py));
    result_fields(py, &record, best, PyList::new(py, pv)?)
}

/// Why a visit of a Python game's trace ended as it did, by its type (a game written in
/// Python has no board for the tree view's longer sentences).
fn reason(node: &TreeNode) -> String {
    match node.node_type() {
        NodeType::Leaf => {
            "scored: the game is over (score()) or the depth is reached (evaluate())".into()
        }
        NodeType::TableCut => "answered by the transposition table".into(),
        NodeType::Cut => match node.cutoff_child {
            Some(k) => format!(
                "cut off by its move {}: its value reached beta, the moves after it are not searched",
                k + 1
            ),
            None if node.chance_cut.is_some() => {
                "a chance node cut off: the outcomes searched bound its mean outside the window"
                    .into()
            }
            None => "cut off: one move searched by design (a probe)".into(),
        },
        NodeType::All => "failed low: every move searched, none above alpha".into(),
        NodeType::Pv => "every move searched, its value inside the window".into(),
    }
}

/// Traces a search of the Python game `state`: every visit in the order it happened
/// (at most 20,000), each a dict with the keys of a built-in game's trace: `index`,
/// `ply`, `path`, `kind`, `alpha`, `beta`, `value` (in the game's units; None: none
/// returned), `type`, `pruned` (the moves never searched below it) and `reason`.
#[pyfunction]
#[pyo3(signature = (state, row, depth=None))]
pub fn trace_game<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    row: &str,
    depth: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let (row, depth) = request(row, depth.as_ref())?;
    let req = SearchRequest {
        algorithm: row.algorithm,
        options: row.options.clone(),
        depth,
        evaluator: String::new(),
    };
    if treelab::tree::mcts::is_mcts(&req) {
        return Err(PyValueError::new_err(
            "an MCTS row has iterations, not visits: search it instead",
        ));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (nodes, scale) = with_game(py, state, stop, move |root| {
        let control = SearchControl {
            stop: flag,
            trace: true,
            node_budget: Some(treelab::tree::MAX_TREE_NODES),
            ..SearchControl::default()
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
        let (mut nodes, _roots) = nest_visits(&events);
        mark_pruned(&root, &mut nodes);
        Ok::<_, treelab::search::OptionError>((nodes, root.value_scale()))
    })?
    .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let visits = PyList::empty(py);
    for (i, n) in nodes.iter().enumerate() {
        visits.append(visit_fields(py, i, n, scale, reason(n))?)?;
    }
    Ok(visits)
}

/// The moves never searched below each interior visit: the states are replayed from
/// `root` along the visits (each from its parent's, by the move that led to it).
fn mark_pruned(root: &PyState, nodes: &mut [TreeNode]) {
    // Each visit's state and legal moves, once asked.
    let mut seen: Vec<Option<(PyState, Vec<u32>)>> = vec![None; nodes.len()];
    mark_never_searched_with(nodes, |nodes, n| {
        let state = match nodes[n].parent {
            None => root.clone(),
            Some(p) => {
                let (parent, moves) = seen.get(p)?.as_ref()?;
                let mv = nodes[n].mv.as_deref()?;
                let number = moves
                    .iter()
                    .copied()
                    .find(|&m| PyState::move_to_string(m) == mv)?;
                parent.play(number)
            }
        };
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let names = moves.iter().map(|&m| PyState::move_to_string(m)).collect();
        seen[n] = Some((state, moves));
        Some(names)
    });
}
