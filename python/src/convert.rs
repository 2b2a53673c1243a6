//! The library's typed results as Python objects, built here field by field (no JSON
//! or CSV text crosses for a result): a search's record as the fields of
//! `treelab.SearchResult`, a grid's cells as the rows of `treelab bench --format csv`,
//! a traced visit as the columns of `treelab trace --format csv`, with numbers as
//! numbers.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use treelab::engine::SearchRecord;
use treelab::experiment::bench::BenchResult;
use treelab::search::{Counter, INF};
use treelab::tree::TreeNode;
use treelab::tree::listing::{kind_name, type_name};

/// A dict built a field at a time, in order.
pub struct Fields<'py>(Bound<'py, PyDict>);

impl<'py> Fields<'py> {
    /// An empty dict.
    #[must_use]
    pub fn new(py: Python<'py>) -> Fields<'py> {
        Fields(PyDict::new(py))
    }

    /// Adds `key: value`.
    pub fn with(self, key: &str, value: impl IntoPyObject<'py>) -> PyResult<Fields<'py>> {
        self.0.set_item(key, value)?;
        Ok(self)
    }

    /// The dict.
    #[must_use]
    pub fn done(self) -> Bound<'py, PyDict> {
        self.0
    }
}

/// Every counter's name, in the order the command line lists them.
#[pyfunction]
pub fn counter_names() -> Vec<&'static str> {
    Counter::ALL.iter().map(|c| c.name()).collect()
}

/// An engine value in the game's units: an int, or for a game with chance nodes
/// (`scale` above 1) a float; None without one.
pub fn value_object<'py>(
    py: Python<'py>,
    value: Option<i32>,
    scale: u32,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    Ok(match value {
        None => None,
        Some(v) if scale <= 1 => Some(v.into_pyobject(py)?.into_any()),
        Some(v) => Some(
            (f64::from(v) / f64::from(scale))
                .into_pyobject(py)?
                .into_any(),
        ),
    })
}

/// The fields of `treelab.SearchResult` for `r`, its best move and principal
/// variation given as Python objects (the notation's strings for a built-in game, the
/// game's own move objects for a game written in Python).
pub fn result_fields<'py>(
    py: Python<'py>,
    r: &SearchRecord,
    best: Option<Bound<'py, PyAny>>,
    pv: Bound<'py, PyList>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut fields = Fields::new(py)
        .with("score", value_object(py, r.score, r.scale())?)?
        .with(
            "score_exact",
            r.score
                .and_then(|v| treelab::game::chance::exact_fraction(i64::from(v), r.scale())),
        )?
        .with("best", best)?
        .with("pv", pv)?
        .with("depth", r.depth_reached)?
        .with("complete", r.stopped.is_none())?
        .with("stopped", r.stopped.map(|s| s.describe()))?
        .with("seconds", r.counters.elapsed_secs())?
        .with("estimate", r.estimate.map(|e| e.mean))?
        .with("proven", r.estimate.map(|e| e.proven.is_some()))?;
    for (name, value) in r.counters.named_counters() {
        fields = fields.with(name, value)?;
    }
    Ok(fields.done())
}

/// [`result_fields`] of a built-in game's search: moves in notation.
pub fn record_fields<'py>(py: Python<'py>, r: &SearchRecord) -> PyResult<Bound<'py, PyDict>> {
    let best = r
        .best_move
        .as_deref()
        .map(|b| b.into_pyobject(py).map(Bound::into_any))
        .transpose()?;
    result_fields(py, r, best, PyList::new(py, &r.pv)?)
}

/// A grid's cells as rows with the columns of `treelab bench --format csv`: position,
/// algorithm, depth, score (in the game's units; None when the search gave none), best
/// (empty when none), every counter, seconds.
pub fn bench_rows<'py>(py: Python<'py>, result: &BenchResult) -> PyResult<Bound<'py, PyList>> {
    let rows = PyList::empty(py);
    for c in &result.cells {
        let r = &c.record;
        let label = result.rows.get(c.row).map_or("", |row| row.label.as_str());
        let mut row = Fields::new(py)
            .with("position", &c.position)?
            .with("algorithm", label)?
            .with("depth", c.depth)?
            .with("score", value_object(py, r.score, r.scale())?)?
            .with("best", r.best_move.as_deref().unwrap_or_default())?;
        for counter in Counter::ALL {
            row = row.with(counter.name(), counter.of(&r.counters))?;
        }
        rows.append(row.with("seconds", r.counters.elapsed_secs())?.done())?;
    }
    Ok(rows)
}

/// An engine value or window bound in the game's units at `scale` engine units a unit;
/// infinite bounds as infinities, as `treelab trace --format csv` writes them.
fn units(v: i32, scale: u32) -> f64 {
    if v >= INF {
        f64::INFINITY
    } else if v <= -INF {
        f64::NEG_INFINITY
    } else {
        f64::from(v) / f64::from(scale.max(1))
    }
}

/// Visit `index` of a traced search (`node`, as [`treelab::tree::nest_visits`] made
/// it) with the columns of `treelab trace --format csv`: `index`, `ply`, `path`,
/// `kind`, `alpha`, `beta`, `value` (None: none returned), `type`, `pruned` and, for
/// its explanation, `reason`.
pub fn visit_fields<'py>(
    py: Python<'py>,
    index: usize,
    node: &TreeNode,
    scale: u32,
    reason: String,
) -> PyResult<Bound<'py, PyDict>> {
    Ok(Fields::new(py)
        .with("index", index)?
        .with("ply", node.ply)?
        .with("path", node.path.join(" "))?
        .with("kind", kind_name(node.kind))?
        .with("alpha", units(node.alpha, scale))?
        .with("beta", units(node.beta, scale))?
        .with("value", node.value.map(|v| units(v, scale)))?
        .with("type", type_name(node.node_type()))?
        .with("pruned", node.pruned.join(" "))?
        .with("reason", reason)?
        .done())
}
