//! Grids (positions x rows x depths), as `treelab bench` runs them: a [`Grid`] holds
//! the library's [`BenchSpec`] (a suite cut by `range`, `limit` and `shard` as the
//! command line cuts it) and runs it on threads here ([`Grid::run`]), or hands its
//! cells out, the longest expected first, to run one by one anywhere
//! ([`bench_cell`]: in another process, on another machine) and joins them with the
//! library's merge ([`Grid::merge`]). A cell that ran elsewhere comes back as a
//! [`BenchSlice`], which pickles as the RON `treelab merge` reads.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use treelab::engine::rowspec::parse_row_spec;
use treelab::engine::{AnyPosition, GameKind, Suite, SuiteItem};
use treelab::experiment::bench::{
    BenchResult, BenchSpec, cells_in_start_order, merge_results, run_bench,
};
use treelab::search::SearchOptions;

use crate::args::{self, Whole};
use crate::convert::bench_rows;
use crate::value_error;
use crate::wait::{Report, in_background};

/// The positions of a grid: a suite's (by name or file) or `positions` of `game` in
/// their text form, each named by its text as given.
fn suite_of(
    suite: Option<&str>,
    positions: Option<Vec<String>>,
    game: Option<&str>,
) -> PyResult<Suite> {
    match (suite, positions) {
        (Some(name), None) => Suite::load_named(name).map_err(value_error),
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
            Ok(Suite {
                name: "positions".into(),
                kind,
                items,
            })
        }
        _ => Err(PyValueError::new_err(
            "give a suite's name or a list of positions",
        )),
    }
}

/// Keeps the positions `range` (inclusive, `treelab solve --range`'s numbers: FFO
/// numbers for `#N` names, else 1-based places in the file) and `limit` (the first so
/// many of those) select.
fn select(suite: &mut Suite, range: Option<(u64, u64)>, limit: Option<u64>) -> PyResult<()> {
    if let Some((a, b)) = range {
        if a > b {
            return Err(PyValueError::new_err(format!(
                "range=({a}, {b}): the range is empty; give (first, last) with first <= last"
            )));
        }
        let mut k = 0;
        suite.items.retain(|item| {
            k += 1;
            let n = treelab::solve::item_number(&item.name, k - 1) as u64;
            (a..=b).contains(&n)
        });
    }
    if let Some(n) = limit {
        suite
            .items
            .truncate(usize::try_from(n).unwrap_or(usize::MAX));
    }
    if suite.items.is_empty() {
        return Err(PyValueError::new_err(format!(
            "{}: no position selected (range={range:?}, limit={limit:?})",
            suite.name
        )));
    }
    Ok(())
}

/// A grid to run: what `treelab bench` runs for the same arguments.
#[pyclass(frozen, module = "treelab._treelab")]
pub struct Grid {
    spec: BenchSpec,
}

/// The grid of `suite` (a shipped suite's name or a file) or of `positions` of `game`
/// (text forms), `rows` (row specs), `depths`, the evaluator, and the positions
/// `range`, `limit` and `shard` (0-based `(k, n)`: positions whose index is k modulo
/// n) select, as `treelab bench` takes them.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (suite, positions, game, rows, depths, evaluator="", limit=None, range=None, shard=None))]
pub fn grid(
    suite: Option<&str>,
    positions: Option<Vec<String>>,
    game: Option<&str>,
    rows: Vec<String>,
    depths: &Bound<'_, PyAny>,
    evaluator: &str,
    limit: Option<Bound<'_, PyAny>>,
    range: Option<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
    shard: Option<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
) -> PyResult<Grid> {
    let depths = args::depths(depths)?;
    let limit = args::LIMIT.of_opt(limit.as_ref())?;
    let position_number = Whole {
        name: "range",
        min: 1,
        max: u64::MAX,
        what: "(first, last): the positions' numbers, as treelab solve --range takes them",
    };
    let range = range
        .map(|(a, b)| Ok::<_, PyErr>((position_number.of(&a)?, position_number.of(&b)?)))
        .transpose()?;
    let shard = shard.map(|(k, n)| shard_of(&k, &n)).transpose()?;
    let mut suite = suite_of(suite, positions, game)?;
    select(&mut suite, range, limit)?;
    let rows = rows
        .iter()
        .map(|r| parse_row_spec(r, &SearchOptions::default()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(value_error)?;
    if rows.is_empty() {
        return Err(PyValueError::new_err(
            "algos=[]: give at least one row spec",
        ));
    }
    Ok(Grid {
        spec: BenchSpec {
            suite,
            rows,
            depths,
            evaluator: evaluator.to_string(),
            threads: 1,
            shard,
        },
    })
}

/// Depths as the command line's `--depths` takes them (`2..10`, `2..=10`, `2,4,6`).
#[pyfunction]
pub fn parse_depths(text: &str) -> PyResult<Vec<u32>> {
    treelab::cli::parse_depths(text).map_err(|e| PyValueError::new_err(format!("{e:#}")))
}

/// `shard=(k, n)` checked: n slices, k counted from 0.
fn shard_of(k: &Bound<'_, PyAny>, n: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
    let count = Whole {
        name: "shard",
        min: 1,
        max: u64::MAX,
        what: "(k, n): slice k (from 0) of n",
    }
    .of(n)?;
    let index = Whole {
        name: "shard",
        min: 0,
        max: count - 1,
        what: "(k, n): slice k of n, k from 0 to n-1",
    }
    .of(k)?;
    Ok((index as usize, count as usize))
}

impl Grid {
    /// The indexes of the positions the shard keeps.
    fn indices(&self) -> Vec<usize> {
        (0..self.spec.suite.items.len())
            .filter(|i| self.spec.shard.is_none_or(|(k, n)| i % n == k))
            .collect()
    }
}

#[pymethods]
impl Grid {
    /// How many cells (searches) the grid has.
    fn __len__(&self) -> usize {
        self.indices().len() * self.spec.rows.len() * self.spec.depths.len()
    }

    /// Runs the grid on `threads` workers (the cells shared out, the longest expected
    /// first; the results do not depend on them) and gives its rows, in grid order
    /// (position, row, depth). `progress(done, total)` is told the cells done.
    #[pyo3(signature = (threads, progress=None))]
    fn run<'py>(
        &self,
        py: Python<'py>,
        threads: &Bound<'py, PyAny>,
        progress: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let mut spec = self.spec.clone();
        spec.threads = args::threads(threads)?;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let mut report = Report::to(progress);
        let meter = report.meter();
        let result = in_background(py, &stop, &mut report, move || {
            run_bench(&spec, &flag, &|done, total, _| {
                meter.set(done as u64, Some(total as u64));
            })
        })?
        .map_err(value_error)?;
        bench_rows(py, &result)
    }

    /// The cells as the tasks [`bench_cell`] runs, the longest expected first: each
    /// `(game, position text, position name, position index, row spec, row index,
    /// depth, evaluator)`, plain values that pickle.
    fn tasks<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let spec = &self.spec;
        let (cells, order) = cells_in_start_order(spec, &self.indices(), 2);
        order
            .into_iter()
            .map(|k| {
                let (i, r, depth) = cells[k];
                let item = &spec.suite.items[i];
                (
                    spec.suite.kind.name(),
                    item.position.to_text(),
                    &item.name,
                    i,
                    &spec.rows[r].label,
                    r,
                    depth,
                    &spec.evaluator,
                )
                    .into_pyobject(py)
            })
            .collect()
    }

    /// The grid's rows from its cells run one by one ([`bench_cell`]), joined by the
    /// library's merge (which refuses a cell given twice): the rows [`Grid::run`] gives.
    fn merge<'py>(
        &self,
        py: Python<'py>,
        cells: Vec<PyRef<'py, BenchSlice>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let wanted = self.__len__();
        if cells.len() != wanted {
            return Err(PyValueError::new_err(format!(
                "{} cells for a grid of {wanted}: a cell is missing",
                cells.len()
            )));
        }
        let parts: Vec<BenchResult> = cells
            .iter()
            .map(|c| BenchResult {
                suite: self.spec.suite.name.clone(),
                game: self.spec.suite.kind.name().to_string(),
                rows: self.spec.rows.clone(),
                depths: self.spec.depths.clone(),
                cells: c.result.cells.clone(),
            })
            .collect();
        let whole = merge_results(parts).map_err(value_error)?;
        bench_rows(py, &whole)
    }
}

/// One cell of a grid, run where it is called (a task of an executor): the search of
/// `row` at `depth` on the `game` position `text` (named `name`, the grid's position
/// `index`, its row `row_index`), as [`Grid::run`] runs it.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
pub fn bench_cell(
    py: Python<'_>,
    game: &str,
    text: &str,
    name: &str,
    index: usize,
    row: &str,
    row_index: usize,
    depth: u32,
    evaluator: &str,
) -> PyResult<BenchSlice> {
    let kind = GameKind::from_name(game).map_err(value_error)?;
    let position = AnyPosition::parse(kind, text)
        .map_err(|e| PyValueError::new_err(format!("position {name}: {e}")))?;
    let spec = BenchSpec {
        suite: Suite {
            name: String::new(),
            kind,
            items: vec![SuiteItem {
                name: name.to_string(),
                position,
                expected_score: None,
                move_scores: Vec::new(),
            }],
        },
        rows: vec![parse_row_spec(row, &SearchOptions::default()).map_err(value_error)?],
        depths: vec![depth],
        evaluator: evaluator.to_string(),
        threads: 1,
        shard: None,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let mut result = py
        .detach(|| run_bench(&spec, &stop, &|_, _, _| {}))
        .map_err(value_error)?;
    for cell in &mut result.cells {
        cell.position_index = index;
        cell.row = row_index;
    }
    Ok(BenchSlice { result })
}

/// Cells of a grid run elsewhere ([`bench_cell`]), on their way to [`Grid::merge`].
/// Pickles as the RON `treelab bench --format ron` writes (which only the library reads
/// back), so an executor can carry it between processes.
#[pyclass(frozen, module = "treelab._treelab")]
pub struct BenchSlice {
    result: BenchResult,
}

#[pymethods]
impl BenchSlice {
    /// Pickles it: [`bench_slice_from_ron`] of its RON.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let ron = ron::to_string(&self.result)
            .map_err(|e| PyValueError::new_err(format!("a grid's cell as RON: {e}")))?;
        let rebuild = py
            .import("treelab._treelab")?
            .getattr("bench_slice_from_ron")?;
        Ok((rebuild, (ron,)))
    }

    fn __repr__(&self) -> String {
        format!("BenchSlice({} cells)", self.result.cells.len())
    }
}

/// A [`BenchSlice`] from the RON it pickled as.
#[pyfunction]
pub fn bench_slice_from_ron(ron: &str) -> PyResult<BenchSlice> {
    let result =
        ron::from_str(ron).map_err(|e| PyValueError::new_err(format!("not a grid's cell: {e}")))?;
    Ok(BenchSlice { result })
}
