//! `treelab bench`: suites x algorithm rows x depths.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};

use crate::engine::count::{PARTIAL_NOTE, Ratio, Tally};
use crate::engine::{AnyPosition, EngineError, SearchRecord, SearchRequest, Suite, run_search};
use crate::platform::pool::{longest_first, map_with_alone};
use crate::report::{Across, BOOTSTRAP_SEED, RESAMPLES, Report, p_text};
use crate::search::slots::{KeptCrew, Threads};
use crate::search::{Counter, SearchControl};
use crate::session::ResultEntry;

pub use crate::engine::count::CountKind;
pub use crate::engine::rowspec::{BenchRow, parse_row_spec, row_spec};

/// What to run.
#[derive(Clone, Debug)]
pub struct BenchSpec {
    /// The positions.
    pub suite: Suite,
    /// The algorithm rows.
    pub rows: Vec<BenchRow>,
    /// The depths, in order.
    pub depths: Vec<u32>,
    /// The evaluator's name (empty: the game's default).
    pub evaluator: String,
    /// Worker threads (cells run in parallel; results do not depend on it).
    pub threads: usize,
    /// Only positions `i` with `i % n == shard` (`(shard, n)`), for spreading a grid over
    /// machines; `treelab merge` joins the slices.
    pub shard: Option<(usize, usize)>,
}

/// One search of a bench.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchCell {
    /// Index of the position in the suite.
    pub position_index: usize,
    /// The position's name.
    pub position: String,
    /// Index of the row.
    pub row: usize,
    /// The depth.
    pub depth: u32,
    /// The result (empty when the search failed).
    pub record: SearchRecord,
    /// Why the search failed (it panicked: a bug), when it did; the other cells go on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
}

/// Everything a bench produced: the RON the app loads and `merge` joins.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BenchResult {
    /// The suite's name.
    pub suite: String,
    /// The game's name.
    pub game: String,
    /// The rows.
    pub rows: Vec<BenchRow>,
    /// The depths.
    pub depths: Vec<u32>,
    /// Every search, ordered by position, row, depth.
    pub cells: Vec<BenchCell>,
}

/// The most worker threads a bench starts (a sane bound: more threads than cores only
/// share the same cores, and each thread may hold a transposition table).
pub const MAX_THREADS: usize = 256;

/// Runs one cell: what [`run_bench_with`] calls for every (position, row, depth).
pub type CellRunner<'r> = dyn Fn(&AnyPosition, &SearchRequest, SearchControl<'_>) -> Result<SearchRecord, EngineError>
    + Sync
    + 'r;

/// Runs the grid. Its cells (position x row x depth) are shared out to `threads`
/// workers, the longest expected first; each cell's numbers depend only on its inputs,
/// and the cells are sorted at the end, so the result equals a serial run. `progress(done, total)` is called after each cell.
///
/// Raising `stop` ends the running searches within a few thousand nodes and starts no
/// new cell: the result holds the cells done so far (the running ones marked stopped).
/// A cell whose search panics is kept with its [`BenchCell::failure`] and the others go
/// on; a refused option fails the whole run before anything starts.
pub fn run_bench(
    spec: &BenchSpec,
    stop: &Arc<AtomicBool>,
    progress: &(dyn Fn(usize, usize, u64) + Sync),
) -> Result<BenchResult, EngineError> {
    run_bench_with(spec, stop, progress, &run_search)
}

/// [`run_bench`] with the search of one cell supplied by the caller (tests inject faults
/// here). Each call of `runner` runs under [`crate::engine::run_guarded`].
pub fn run_bench_with(
    spec: &BenchSpec,
    stop: &Arc<AtomicBool>,
    progress: &(dyn Fn(usize, usize, u64) + Sync),
    runner: &CellRunner<'_>,
) -> Result<BenchResult, EngineError> {
    run_grid(spec, stop, progress, runner, None)
}

/// The cells a grid folder already holds, and where each new one goes: what
/// [`run_bench_resumed`] leaves out and whom it tells.
pub struct Resume<'r> {
    /// The cells already done, by (position index, row, depth): not run again.
    pub done: BTreeMap<(usize, usize, u32), BenchCell>,
    /// Told each cell the moment it finishes whole (not stopped, not failed); an error
    /// (the folder cannot be written) ends the run with it.
    pub finished: &'r (dyn Fn(&BenchCell) -> Result<(), String> + Sync),
}

impl std::fmt::Debug for Resume<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Resume")
            .field("done", &self.done.len())
            .finish_non_exhaustive()
    }
}

/// [`run_bench`] that runs only the cells `resume` lacks, tells it each as it finishes,
/// and returns the whole grid (its cells and the new ones): what `--out DIR/` does.
pub fn run_bench_resumed(
    spec: &BenchSpec,
    stop: &Arc<AtomicBool>,
    progress: &(dyn Fn(usize, usize, u64) + Sync),
    resume: &Resume<'_>,
) -> Result<BenchResult, EngineError> {
    run_grid(spec, stop, progress, &run_search, Some(resume))
}

/// Checks the rows against the depths and the threads, before anything runs.
fn check_rows(spec: &BenchSpec, threads: usize) -> Result<(), EngineError> {
    for row in &spec.rows {
        for &d in &spec.depths {
            row.options
                .check(row.algorithm, d)
                .map_err(|e| EngineError::Input(format!("row '{}': {e}", row.label)))?;
        }
        row.options
            .check_memory(row.algorithm, threads as u64)
            .map_err(|e| EngineError::Input(format!("row '{}': {e}", row.label)))?;
    }
    Ok(())
}

/// The grid's cells (position index, row, depth) of the slice, in grid order.
#[must_use]
pub fn grid_cells(spec: &BenchSpec) -> Vec<(usize, usize, u32)> {
    (0..spec.suite.items.len())
        .filter(|i| spec.shard.is_none_or(|(k, n)| i % n == k))
        .flat_map(|i| {
            (0..spec.rows.len()).flat_map(move |r| spec.depths.iter().map(move |&d| (i, r, d)))
        })
        .collect()
}

fn run_grid(
    spec: &BenchSpec,
    stop: &Arc<AtomicBool>,
    progress: &(dyn Fn(usize, usize, u64) + Sync),
    runner: &CellRunner<'_>,
    resume: Option<&Resume<'_>>,
) -> Result<BenchResult, EngineError> {
    if spec.threads == 0 || spec.threads > MAX_THREADS {
        return Err(EngineError::Input(format!(
            "{} threads is out of range: use 1 to {MAX_THREADS}",
            spec.threads
        )));
    }
    let all = grid_cells(spec);
    let total = all.len();
    let is_done = |c: &(usize, usize, u32)| resume.is_some_and(|r| r.done.contains_key(c));
    let cells: Vec<(usize, usize, u32)> = all.iter().copied().filter(|c| !is_done(c)).collect();
    let threads = spec.threads.min(cells.len().max(1));
    check_rows(spec, threads)?;
    let done = AtomicUsize::new(total - cells.len());
    let nodes_done = std::sync::atomic::AtomicU64::new(0);
    let failure: Mutex<Option<EngineError>> = Mutex::new(None);
    let fail = |e: EngineError| {
        if let Ok(mut f) = failure.lock() {
            f.get_or_insert(e);
        }
        stop.store(true, Ordering::Relaxed);
    };
    let order = start_order(spec, &cells, threads);
    // A row that searches on threads of its own runs alone, cell after cell.
    let alone = |&(_, r, _): &(usize, usize, u32)| spec.rows[r].options.threads > 1;
    // Workers with no cell left are lent to the cells still running, which use them
    // only where that changes no count (`SearchControl::lend`): they serve the grid's
    // crew, which has threads of its own only for the workers that never had a cell.
    let workers = spec.threads.max(1);
    let lend = lent_threads(workers, cells.iter().filter(|c| !alone(c)).count());
    // The rows on threads of their own, cell after cell, keep one crew of helpers.
    let kept = Arc::new(KeptCrew::new());
    let ran = map_with_alone(
        &cells,
        &order,
        alone,
        workers,
        stop,
        Some(lend.crew()),
        |_, &(i, r, depth)| {
            let item = &spec.suite.items[i];
            let row = &spec.rows[r];
            let req = SearchRequest {
                algorithm: row.algorithm,
                options: row.options.clone(),
                depth,
                evaluator: spec.evaluator.clone(),
            };
            let own = row.options.threads > 1;
            let control = SearchControl {
                stop: Arc::clone(stop),
                lend: (workers > 1 && !own).then(|| Arc::clone(&lend)),
                crew: own.then(|| Arc::clone(&kept)),
                ..SearchControl::default()
            };
            let guarded = crate::engine::run_guarded(|| runner(&item.position, &req, control));
            let (record, failed) = match guarded {
                Ok(Ok(record)) => (record, None),
                Ok(Err(e)) => {
                    fail(e);
                    return None;
                }
                Err(panic) => (SearchRecord::default(), Some(panic.message)),
            };
            let cell = BenchCell {
                position_index: i,
                position: item.name.clone(),
                row: r,
                depth,
                record,
                failure: failed,
            };
            if let Some(resume) = resume
                && cell.failure.is_none()
                && cell.record.stopped.is_none()
                && let Err(e) = (resume.finished)(&cell)
            {
                fail(EngineError::Input(e));
                return None;
            }
            nodes_done.fetch_add(cell.record.counters.nodes(), Ordering::Relaxed);
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress(n, total, nodes_done.load(Ordering::Relaxed));
            Some(cell)
        },
    );
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let ran: Vec<BenchCell> = ran.into_iter().flatten().flatten().collect();
    Ok(grid_result(spec, &all, ran, resume))
}

/// The grid's result: the cells that `ran` and those `resume` held of the slice `all`,
/// in grid order.
fn grid_result(
    spec: &BenchSpec,
    all: &[(usize, usize, u32)],
    mut cells: Vec<BenchCell>,
    resume: Option<&Resume<'_>>,
) -> BenchResult {
    if let Some(resume) = resume {
        let slice: std::collections::HashSet<&(usize, usize, u32)> = all.iter().collect();
        cells.extend(
            resume
                .done
                .iter()
                .filter(|(k, _)| slice.contains(k))
                .map(|(_, c)| c.clone()),
        );
    }
    cells.sort_by_key(|c| (c.position_index, c.row, c.depth));
    BenchResult {
        suite: spec.suite.name.clone(),
        game: spec.suite.kind.name().to_string(),
        rows: spec.rows.clone(),
        depths: spec.depths.clone(),
        cells,
    }
}

/// The threads a grid on `workers` workers lends its searches: its workers with no cell
/// left serve them, and threads of their own stand in for the workers that never have
/// one of the `cells` that share the workers.
fn lent_threads(workers: usize, cells: usize) -> Arc<Threads> {
    let never = if workers > 1 {
        workers.saturating_sub(cells)
    } else {
        0
    };
    Arc::new(Threads::lent(never))
}

/// The grid's cells (position index, row, depth) of the positions `indices` in grid
/// order, and the order to start them in (see [`start_order`]). Public for the Python
/// package, which shares a grid's cells over an executor in this order.
pub fn cells_in_start_order(
    spec: &BenchSpec,
    indices: &[usize],
    threads: usize,
) -> (Vec<(usize, usize, u32)>, Vec<usize>) {
    let cells: Vec<(usize, usize, u32)> = indices
        .iter()
        .flat_map(|&i| {
            (0..spec.rows.len()).flat_map(move |r| spec.depths.iter().map(move |&d| (i, r, d)))
        })
        .collect();
    let order = start_order(spec, &cells, threads);
    (cells, order)
}

/// The order to start `cells` in: with more than one worker the longest expected
/// first, so that no deep search starts last and holds the run; one worker keeps the
/// grid's order (a stopped serial run has whole positions first).
fn start_order(spec: &BenchSpec, cells: &[(usize, usize, u32)], threads: usize) -> Vec<usize> {
    if threads <= 1 {
        return (0..cells.len()).collect();
    }
    // The cost grows with the depth by the position's branching: found once a position.
    let mut per_ply: std::collections::HashMap<usize, f64> = std::collections::HashMap::new();
    let costs: Vec<f64> = cells
        .iter()
        .map(|&(i, _, d)| {
            let ply = *per_ply
                .entry(i)
                .or_insert_with(|| crate::engine::expected_cost(&spec.suite.items[i].position, 1));
            ply * f64::from(d)
        })
        .collect();
    longest_first(&costs)
}

/// Joins the slices of a sharded bench (`--shard i/n`) into one result. The slices must
/// come from the same grid (suite, rows, depths); a cell present in two slices is an
/// error, since it means the shards overlap.
pub fn merge_results(parts: Vec<BenchResult>) -> Result<BenchResult, EngineError> {
    let mut iter = parts.into_iter();
    let Some(mut whole) = iter.next() else {
        return Err(EngineError::Input("nothing to merge".into()));
    };
    for (k, part) in iter.enumerate() {
        if part.suite != whole.suite || part.rows != whole.rows || part.depths != whole.depths {
            return Err(EngineError::Input(format!(
                "slice {} is from another grid (suite, rows or depths differ from the first slice)",
                k + 2
            )));
        }
        whole.cells.extend(part.cells);
    }
    whole
        .cells
        .sort_by_key(|c| (c.position_index, c.row, c.depth));
    if let Some(w) = whole.cells.windows(2).find(|w| {
        (w[0].position_index, w[0].row, w[0].depth) == (w[1].position_index, w[1].row, w[1].depth)
    }) {
        return Err(EngineError::Input(format!(
            "the slices overlap: {} row {} depth {} appears twice",
            w[0].position, w[0].row, w[0].depth
        )));
    }
    Ok(whole)
}

/// Output formats of a bench.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Aligned text tables.
    Text,
    /// Markdown tables.
    Markdown,
    /// One CSV line per cell.
    Csv,
}

impl BenchResult {
    /// The value of one cell, if it ran.
    #[must_use]
    pub fn cell(&self, position_index: usize, row: usize, depth: u32) -> Option<&BenchCell> {
        // Cells are kept sorted by (position, row, depth): by run_bench and merge_results.
        self.cells
            .binary_search_by_key(&(position_index, row, depth), |c| {
                (c.position_index, c.row, c.depth)
            })
            .ok()
            .map(|at| &self.cells[at])
    }

    /// The positions that ran, in order: `(index, name)`.
    #[must_use]
    pub fn positions(&self) -> Vec<(usize, String)> {
        let mut seen: Vec<(usize, String)> = self
            .cells
            .iter()
            .map(|c| (c.position_index, c.position.clone()))
            .collect();
        seen.dedup_by_key(|(i, _)| *i);
        seen
    }

    /// The cells as a comparison's results, so that totals, ratios and disagreements
    /// are computed by the one result model ([`Report`]) the app and sessions use.
    #[must_use]
    pub fn entries(&self) -> Vec<ResultEntry> {
        self.cells
            .iter()
            .map(|c| ResultEntry {
                row: c.row,
                position: c.position.clone(),
                game: self.game_kind(),
                label: self
                    .rows
                    .get(c.row)
                    .map(|r| r.label.clone())
                    .unwrap_or_default(),
                depth: c.depth,
                record: c.record.clone(),
                error: c.failure.clone(),
                ..ResultEntry::default()
            })
            .collect()
    }

    /// The bench's game (the default game if its name is not one this treelab knows).
    fn game_kind(&self) -> crate::engine::GameKind {
        crate::engine::GameKind::from_name(&self.game).unwrap_or_default()
    }

    /// The key the bench's entries give the position called `name` (a bench keeps its
    /// positions by name within its one suite).
    fn key<'n>(&self, name: &'n str) -> crate::session::PositionKey<'n> {
        crate::session::PositionKey {
            game: self.game_kind(),
            text: name,
        }
    }

    /// Totals per row and depth over every position that ran, with the partial mark
    /// of [`Report::totals`]; `None` where a row lacks a cell at some position.
    #[must_use]
    pub fn tallies(&self, count: CountKind) -> Vec<Vec<Option<Tally>>> {
        let entries = self.entries();
        self.tallies_in(&Report::new(&entries, &[], None), count)
    }

    /// [`BenchResult::tallies`] from the report over this bench's entries.
    fn tallies_in(&self, report: &Report<'_>, count: CountKind) -> Vec<Vec<Option<Tally>>> {
        let names: Vec<String> = self.positions().into_iter().map(|(_, n)| n).collect();
        let positions: Vec<crate::session::PositionKey<'_>> =
            names.iter().map(|n| self.key(n)).collect();
        let totals = report.totals(&positions, count);
        (0..self.rows.len())
            .map(|r| {
                self.depths
                    .iter()
                    .map(|&d| totals.get(&(r, d)).copied())
                    .collect()
            })
            .collect()
    }

    /// Totals per row and depth over every position (0 where a row lacks a cell).
    #[must_use]
    pub fn totals(&self, count: CountKind) -> Vec<Vec<u64>> {
        self.tallies(count)
            .into_iter()
            .map(|row| row.into_iter().map(|t| t.map_or(0, |t| t.value)).collect())
            .collect()
    }

    /// Per row other than the first and per depth: the row against the first over the
    /// bench's positions ([`Report::across`]).
    #[must_use]
    pub fn across(&self, count: CountKind) -> BTreeMap<(usize, u32), Across> {
        self.across_in(&self.entries(), count)
    }

    /// [`BenchResult::across`] over this bench's `entries`.
    fn across_in(
        &self,
        entries: &[ResultEntry],
        count: CountKind,
    ) -> BTreeMap<(usize, u32), Across> {
        let report = Report::new(entries, &[], Some(0));
        let names: Vec<String> = self.positions().into_iter().map(|(_, n)| n).collect();
        let positions: Vec<crate::session::PositionKey<'_>> =
            names.iter().map(|n| self.key(n)).collect();
        report.across(&positions, count)
    }

    /// Cells whose score differs from another complete cell's at the same position and
    /// depth ([`Report::disagreements`]): a bug or an inexact option, which a user must
    /// see.
    #[must_use]
    pub fn disagreements(&self) -> Vec<&BenchCell> {
        let entries = self.entries();
        self.disagreements_in(&Report::new(&entries, &[], None))
    }

    /// [`BenchResult::disagreements`] from the report over this bench's entries.
    fn disagreements_in(&self, report: &Report<'_>) -> Vec<&BenchCell> {
        let flags = report.disagreements();
        self.cells
            .iter()
            .zip(flags)
            .filter_map(|(c, bad)| bad.then_some(c))
            .collect()
    }

    /// The cells whose search failed (panicked), in cell order.
    #[must_use]
    pub fn failures(&self) -> Vec<&BenchCell> {
        self.cells.iter().filter(|c| c.failure.is_some()).collect()
    }

    /// Renders the per-position tables, the totals and the ratios to the first row.
    #[must_use]
    pub fn render(&self, count: CountKind, format: Format) -> String {
        if format == Format::Csv {
            return self.render_csv();
        }
        let mut out = String::new();
        let table = |out: &mut String, title: &str, cells: &dyn Fn(usize, u32) -> String| {
            self.write_table(out, title, count, format, cells);
        };
        // The article layout: a table per position, read from the same model as the
        // totals (a stopped search's count carries the partial mark).
        let entries = self.entries();
        let report = Report::new(&entries, &[], None);
        for (i, name) in self.positions() {
            let cells = |r: usize, d: u32| match report.count(r, self.key(&name), d, count) {
                Some(t) => t.text(),
                None if self.cell(i, r, d).is_some() => "FAILED".into(),
                None => "-".into(),
            };
            table(&mut out, &format!("test = {name}"), &cells);
        }
        let totals = self.tallies_in(&report, count);
        let di = |d: u32| self.depths.iter().position(|&x| x == d).unwrap_or(0);
        let total = |r: usize, d: u32| totals.get(r).and_then(|t| t[di(d)]);
        table(&mut out, "total", &|r, d| {
            total(r, d).map_or_else(|| "-".into(), Tally::text)
        });
        table(
            &mut out,
            &format!(
                "ratio to {}",
                self.rows.first().map_or("", |r| r.label.as_str())
            ),
            &|r, d| match (total(r, d), total(0, d)) {
                (Some(t), Some(b)) => Ratio::of(t, b).map_or_else(|| "-".into(), |x| x.text(2)),
                _ => "-".into(),
            },
        );
        if report.has_partial() {
            let _ = writeln!(out, "\n{PARTIAL_NOTE}");
        }
        if self.cells.iter().any(|c| c.record.counters.threads() > 1) {
            let _ = writeln!(out, "\nrows {}", crate::report::PARALLEL_NOTE);
            self.write_threads(&mut out);
        }
        self.write_across(&mut out, &entries, count, format);
        self.write_problems(&mut out, &report);
        out
    }

    /// Per row against the first and per depth, over the positions where both have a
    /// complete result: the geometric mean of the per-position ratios with its
    /// bootstrap interval, the ratio of the totals beside it, how many positions the row
    /// needs fewer, as many, more on, and the Wilcoxon signed-rank test
    /// ([`Report::across`]). Nothing with fewer than two positions or one row.
    fn write_across(
        &self,
        out: &mut String,
        entries: &[ResultEntry],
        count: CountKind,
        format: Format,
    ) {
        let across = self.across_in(entries, count);
        if across.is_empty() {
            return;
        }
        let base = self.rows.first().map_or("", |r| r.label.as_str());
        let c = count.name();
        let _ = writeln!(
            out,
            "\nacross positions, against {base} ({c}), over the positions where both rows have a complete result:\n  \
             geo. mean: the geometric mean of the per-position ratios; 95% interval: its bootstrap percentile interval \
             ({RESAMPLES} resamples, seed {BOOTSTRAP_SEED});\n  \
             total ratio: the ratio of the totals over the same positions; fewer, equal, more: how many positions \
             the row needs fewer, as many, more {c} on;\n  \
             Wilcoxon p: the two-sided signed-rank test of the log ratios (exact; by sign flips with ties or zeros \
             among at most 13 positions; else the normal approximation)"
        );
        let mut head = vec!["depth", "positions"];
        head.extend(Across::FIGURE_HEADS);
        head.extend(["Wilcoxon p", "test"]);
        let lines: Vec<(String, Vec<String>)> = across
            .iter()
            .map(|(&(row, depth), a)| {
                let (p, method) = a.wilcoxon.map_or(("-".into(), "all equal"), |w| {
                    (p_text(w.p), w.method.name())
                });
                let mut cells = vec![depth.to_string()];
                cells.extend(a.cells());
                cells.extend([p, method.to_string()]);
                (self.rows[row].label.clone(), cells)
            })
            .collect();
        if format == Format::Markdown {
            let _ = writeln!(out, "\n| algorithm | {} |", head.join(" | "));
            let _ = writeln!(out, "|---|{}", "---:|".repeat(head.len()));
            for (label, cells) in &lines {
                let _ = writeln!(out, "| {label} | {} |", cells.join(" | "));
            }
            return;
        }
        let label_width = lines.iter().map(|(l, _)| l.len()).max().unwrap_or(9).max(9);
        let widths: Vec<usize> = (0..head.len())
            .map(|k| {
                lines
                    .iter()
                    .map(|(_, c)| c[k].len())
                    .chain([head[k].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let _ = write!(out, "{:<label_width$}", "algorithm");
        for (k, (h, w)) in head.iter().zip(&widths).enumerate() {
            if k + 1 == head.len() {
                let _ = write!(out, "  {h}");
            } else {
                let _ = write!(out, "  {h:>w$}");
            }
        }
        out.push('\n');
        for (label, cells) in &lines {
            let _ = write!(out, "{label:<label_width$}");
            for (k, (cell, w)) in cells.iter().zip(&widths).enumerate() {
                if k + 1 == cells.len() {
                    let _ = write!(out, "  {cell}");
                } else {
                    let _ = write!(out, "  {cell:>w$}");
                }
            }
            out.push('\n');
        }
    }

    /// A line per row that searched on threads of its own: the threads it started
    /// (once for the grid: its cells keep one crew, [`KeptCrew`]; a shard or a resumed
    /// grid starts its own), its wake-ups and voluntary context switches per million
    /// nodes, and its threads' idle time (each cell's own counters, summed over the row).
    fn write_threads(&self, out: &mut String) {
        for (r, row) in self.rows.iter().enumerate() {
            let mut sum = crate::search::Counters::default();
            let mut searches = 0u64;
            for c in self.cells.iter().filter(|c| c.row == r) {
                sum.add(&c.record.counters);
                searches += 1;
            }
            if sum.threads() <= 1 || searches == 0 {
                continue;
            }
            let per_million = |n: u64| n as f64 * 1e6 / sum.nodes().max(1) as f64;
            let _ = writeln!(
                out,
                "{}: {} threads started for {searches} searches, {:.1} wake-ups and {:.1} voluntary context switches per million nodes, {:.3} s idle",
                row.label,
                sum.threads_started(),
                per_million(sum.wakeups()),
                per_million(sum.context_switches()),
                sum.idle_micros() as f64 / 1e6,
            );
        }
    }

    /// The CSV form: a line per cell with its position, row, depth, score, best move,
    /// every counter and the seconds it took.
    fn render_csv(&self) -> String {
        let mut out = String::new();
        out.push_str("position,algorithm,depth,score,best");
        for c in Counter::ALL {
            let _ = write!(out, ",{}", c.name());
        }
        out.push_str(",seconds\n");
        for c in &self.cells {
            let r = &c.record;
            let _ = write!(
                out,
                "{},{},{},{},{}",
                crate::output::csv::field(&c.position),
                crate::output::csv::field(&self.rows[c.row].label),
                c.depth,
                r.score_text().unwrap_or_default(),
                crate::output::csv::field(r.best_move.as_deref().unwrap_or_default()),
            );
            for counter in Counter::ALL {
                let _ = write!(out, ",{}", counter.of(&r.counters));
            }
            let _ = writeln!(out, ",{:.6}", r.counters.elapsed_secs());
        }
        out
    }

    /// Writes one table titled `title` (with the `count`'s name) to `out`: a line per
    /// row, a column per depth, each cell's text from `cells` (row, depth); in Markdown,
    /// else as aligned plain text.
    fn write_table(
        &self,
        out: &mut String,
        title: &str,
        count: CountKind,
        format: Format,
        cells: &dyn Fn(usize, u32) -> String,
    ) {
        match format {
            Format::Markdown => {
                let _ = writeln!(out, "\n**{title}** ({})\n", count.name());
                let _ = write!(out, "| algorithm |");
                for d in &self.depths {
                    let _ = write!(out, " {d} |");
                }
                let _ = write!(out, "\n|---|");
                for _ in &self.depths {
                    let _ = write!(out, "---:|");
                }
                out.push('\n');
                for (r, row) in self.rows.iter().enumerate() {
                    let _ = write!(out, "| {} |", row.label);
                    for &d in &self.depths {
                        let _ = write!(out, " {} |", cells(r, d));
                    }
                    out.push('\n');
                }
            }
            _ => {
                let label_width = self
                    .rows
                    .iter()
                    .map(|r| r.label.len())
                    .max()
                    .unwrap_or(4)
                    .max(5);
                let _ = writeln!(out, "\n{title} ({})", count.name());
                let _ = write!(out, "{:<label_width$}", "depth");
                for d in &self.depths {
                    let _ = write!(out, " {d:>11}");
                }
                out.push('\n');
                for (r, row) in self.rows.iter().enumerate() {
                    let _ = write!(out, "{:<label_width$}", row.label);
                    for &d in &self.depths {
                        let _ = write!(out, " {:>11}", cells(r, d));
                    }
                    out.push('\n');
                }
            }
        }
    }

    /// Writes the cells whose search failed and those whose score disagrees with
    /// another row's (`report`: over this bench's entries), the first 20 of each.
    fn write_problems(&self, out: &mut String, report: &Report<'_>) {
        let failed = self.failures();
        if !failed.is_empty() {
            let _ = writeln!(out, "\nFAILED in {} cells (a bug):", failed.len());
            for c in failed.iter().take(20) {
                let _ = writeln!(
                    out,
                    "  {} {} depth {}: {}",
                    c.position,
                    self.rows[c.row].label,
                    c.depth,
                    c.failure.as_deref().unwrap_or_default()
                );
            }
        }
        let bad = self.disagreements_in(report);
        if !bad.is_empty() {
            let _ = writeln!(
                out,
                "\nSCORE MISMATCH in {} cells (a bug or an inexact option):",
                bad.len()
            );
            for c in bad.iter().take(20) {
                let _ = writeln!(
                    out,
                    "  {} {} depth {}: {:?}",
                    c.position, self.rows[c.row].label, c.depth, c.record.score
                );
            }
        }
    }
}
