//! The classic experiments (docs `experiments.md`, E1-E7) and E8 (parallel search) as
//! presets: each runs its grid
//! through [`super::bench::run_bench`] or [`crate::matches::run_match`], prints its
//! tables beside the original figures, and yields the files `treelab experiment`
//! writes: CSV, the RON result, an SVG chart and the printed text.
//!
//! Every preset has a full size (what docs/results reports) and a `quick` size that
//! finishes in about a minute on one core.

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::bench::{self, BenchResult, BenchRow, BenchSpec, CountKind, parse_row_spec, run_bench};
use crate::engine::{AnyPosition, EngineError, GameKind, SearchRequest, Suite, run_search};
use crate::game::random_tree::{self, RandomTree, TreeSpec, ValueModel};
use crate::game::tictactoe::TicTacToe;
use crate::game::{Game, Scoring};
use crate::matches::play::{MatchResult, MatchSpec, parse_player, run_match};
use crate::output::chart::{LineChart, Series};
use crate::search::{Algorithm, InitialWindow, MoveOrder, SearchControl, SearchOptions};
use crate::session::{ComparisonRow, OpenSuite, ResultsTab, Session};

mod cells;
mod e1;
mod e2;
mod e3;
mod e4;
mod e4_real;
mod e5;
mod e6;
mod e7;
mod e8;

pub use cells::ExperimentCells;
pub use e2::E2Result;
pub use e3::{E3Cell, E3Result};
pub use e4::{AlgoMeans, E4Result, E4TreeRow, tree_grid, tree_seeds};
pub use e5::E5Result;
pub use e6::{E6Result, FailureLine, FsssLine, SolveLine};
pub use e7::{E7Cell, E7Part};

/// One classic experiment, defined once in its file: its rows, positions and depths,
/// the original figures it is compared with and how it is printed (`run`, what
/// `treelab experiment` does), and the comparison the app's Presets menu sets up from
/// the same definitions (`preset`).
#[derive(Clone, Copy)]
pub struct Experiment {
    /// Its name in the CLI (`e1`, ...).
    pub name: &'static str,
    /// The menu label.
    pub label: &'static str,
    /// One sentence on what it shows.
    pub description: &'static str,
    /// The app's one-click comparison (rows, positions, depths; no results), when the
    /// experiment is a comparison the app can run.
    pub preset: Option<fn() -> Session>,
    /// Runs it and prints it beside the original figures.
    pub run: RunExperiment,
}

/// How an experiment runs: its size, and a sink for progress lines.
pub type RunExperiment =
    fn(ExperimentConfig<'_>, &(dyn Fn(&str) + Sync)) -> Result<ExperimentOutput, EngineError>;

impl std::fmt::Debug for Experiment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Experiment")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Every classic experiment, in order.
pub const EXPERIMENTS: [Experiment; 8] = [
    e1::E1,
    e2::E2,
    e3::E3,
    e4::E4,
    e5::E5,
    e6::E6,
    e7::E7,
    e8::E8,
];

/// The experiment called `name` (any case).
#[must_use]
pub fn find_experiment(name: &str) -> Option<&'static Experiment> {
    EXPERIMENTS
        .iter()
        .find(|e| e.name.eq_ignore_ascii_case(name.trim()))
}

/// The experiments' names, for messages.
#[must_use]
pub fn experiment_names() -> Vec<&'static str> {
    EXPERIMENTS.iter().map(|e| e.name).collect()
}

/// How big and how parallel a run is, and where its cells go.
#[derive(Clone, Copy, Debug)]
pub struct ExperimentConfig<'a> {
    /// The small version (about a minute on one core).
    pub quick: bool,
    /// Worker threads (results do not depend on it).
    pub threads: usize,
    /// The grid folder its cells are written to as they finish and read back from
    /// (`treelab experiment --out DIR`), with the shard it runs; `None`: nothing kept.
    pub cells: Option<&'a ExperimentCells<'a>>,
}

impl ExperimentConfig<'_> {
    /// A run of the full or `quick` size on `threads` workers, keeping no cells.
    #[must_use]
    pub fn new(quick: bool, threads: usize) -> ExperimentConfig<'static> {
        ExperimentConfig {
            quick,
            threads,
            cells: None,
        }
    }
}

/// What an experiment produced: the text it prints and the files to write.
#[derive(Clone, Debug, Default)]
pub struct ExperimentOutput {
    /// The tables, as printed.
    pub text: String,
    /// `(file name, contents)`: CSV, RON, SVG.
    pub files: Vec<(String, String)>,
}

/// A plain table: rendered as aligned text or CSV.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// The caption.
    pub title: String,
    /// Column headers.
    pub header: Vec<String>,
    /// The cells, row by row.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    fn new(title: &str, header: &[&str]) -> Table {
        Table {
            title: title.to_string(),
            header: header.iter().map(|s| (*s).to_string()).collect(),
            rows: Vec::new(),
        }
    }

    fn push(&mut self, row: Vec<String>) {
        self.rows.push(row);
    }

    /// Aligned text: the first column left-aligned, the others right-aligned.
    #[must_use]
    pub fn text(&self) -> String {
        let cols = self.header.len();
        let mut width = vec![0; cols];
        for row in std::iter::once(&self.header).chain(&self.rows) {
            for (i, cell) in row.iter().enumerate().take(cols) {
                width[i] = width[i].max(cell.chars().count());
            }
        }
        let mut out = format!("\n{}\n", self.title);
        for row in std::iter::once(&self.header).chain(&self.rows) {
            let mut line = String::new();
            for (i, cell) in row.iter().enumerate().take(cols) {
                if i == 0 {
                    let _ = write!(line, "{cell:<w$}", w = width[0]);
                } else {
                    let _ = write!(line, "  {cell:>w$}", w = width[i]);
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// CSV with a header line.
    #[must_use]
    pub fn csv(&self) -> String {
        let mut out = String::new();
        for row in std::iter::once(&self.header).chain(&self.rows) {
            let fields: Vec<String> = row.iter().map(|t| crate::output::csv::field(t)).collect();
            out.push_str(&fields.join(","));
            out.push('\n');
        }
        out
    }
}

/// Thousands separators: 1234567 -> "1,234,567".
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn ratio(a: f64, b: f64) -> String {
    if b == 0.0 {
        "-".into()
    } else {
        format!("{:.2}", a / b)
    }
}

/// What the columns of an [`across_table`] mean, printed under it.
fn across_note(base: &str, count: &str) -> String {
    use crate::stats::across::{BOOTSTRAP_SEED, RESAMPLES};
    format!(
        "Across positions, against {base} ({count}): geo. mean is the geometric mean of the per-position \
         ratios, with its 95% bootstrap percentile interval ({RESAMPLES} resamples, seed {BOOTSTRAP_SEED}); \
         total ratio the ratio of the totals; fewer, equal, more count the positions where the row needs \
         fewer, as many, more {count}; Wilcoxon p is the two-sided signed-rank test of the log ratios.\n"
    )
}

/// A line of an [`across_table`]: its keys, and the per-position `(row, baseline)`
/// counts.
type AcrossLine = (Vec<String>, Vec<(u64, u64)>);

/// Rows against a baseline across positions: per line its `keys` (under `key_heads`),
/// how many positions (`unit`: positions, classes, trees, games) and the figures of its
/// per-position `(row, baseline)` counts ([`crate::stats::across::Across`]); `-`
/// where they cannot be computed.
fn across_table(title: &str, key_heads: &[&str], unit: &str, lines: Vec<AcrossLine>) -> Table {
    use crate::stats::across::{Across, p_text};
    let mut head: Vec<&str> = key_heads.to_vec();
    head.push(unit);
    head.extend(Across::FIGURE_HEADS);
    head.push("Wilcoxon p");
    let mut t = Table::new(title, &head);
    for (mut keys, pairs) in lines {
        match Across::of(&pairs) {
            Some(a) => {
                keys.extend(a.cells());
                keys.push(
                    a.wilcoxon
                        .map_or_else(|| "all equal".into(), |w| p_text(w.p)),
                );
            }
            None => keys.extend(std::iter::repeat_n("-".to_string(), 8)),
        }
        t.push(keys);
    }
    t
}

fn ron_text<T: Serialize>(value: &T) -> Result<String, EngineError> {
    ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| EngineError::Input(format!("cannot write RON: {e}")))
}

fn rows(specs: &[&str], base: &SearchOptions) -> Result<Vec<BenchRow>, EngineError> {
    specs.iter().map(|s| parse_row_spec(s, base)).collect()
}

fn bench_quiet(
    suite: Suite,
    rows: Vec<BenchRow>,
    depths: Vec<u32>,
    evaluator: &str,
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<BenchResult, EngineError> {
    let spec = BenchSpec {
        suite,
        rows,
        depths,
        evaluator: evaluator.to_string(),
        threads: cfg.threads,
        shard: None,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let label = spec.suite.name.clone();
    let each = |done, total, _| progress(&format!("{label}: {done}/{total} searches"));
    let result = match cfg.cells {
        Some(cells) => cells.bench(&spec, &stop, &each)?,
        None => run_bench(&spec, &stop, &each)?,
    };
    let bad = result.disagreements();
    if !bad.is_empty() {
        return Err(EngineError::Input(format!(
            "{}: {} cells disagree on the score with the first row (a bug)",
            result.suite,
            bad.len()
        )));
    }
    Ok(result)
}

/// Runs experiment `name` (`e1` ... `e7`). `progress` gets a short status line now and
/// then (for a terminal's progress display).
pub fn run_experiment(
    name: &str,
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    match find_experiment(name) {
        Some(e) => (e.run)(cfg, progress),
        None => Err(EngineError::Input(format!(
            "unknown experiment '{}'; expected one of {}",
            name.trim(),
            experiment_names().join(", ")
        ))),
    }
}

/// A preset's session on `game`'s start position: no rows or results yet, the first
/// row as the baseline, the article layout shown.
fn preset_base(game: GameKind) -> Session {
    let mut s = Session {
        position: AnyPosition::start(game),
        suite: None,
        rows: Vec::new(),
        results: Vec::new(),
        ..Session::default()
    };
    s.view.baseline_row = Some(0);
    s.view.tab = ResultsTab::Articles;
    s
}

/// `s` with the shipped suite `suite` open (its first position current) and runs on
/// the whole suite.
fn preset_with_suite(mut s: Session, suite: &str) -> Session {
    if let Ok(mut open) = OpenSuite::open(suite)
        && let Some(first) = open.suite.items.first().map(|it| it.position.clone())
    {
        s.position = first;
        open.selected = Some(0);
        s.suite = Some(open);
        s.view.run_suite = true;
    }
    s
}

/// A comparison row from a row spec (`negascout+skip-shallow-research`) over `depths`;
/// the specs are the experiments' own constants, so a bad one is a bug the preset
/// tests catch.
fn preset_row(spec: &str, base: &SearchOptions, depths: (u32, u32)) -> Option<ComparisonRow> {
    let parsed = parse_row_spec(spec, base).ok()?;
    Some(ComparisonRow {
        algorithm: parsed.algorithm,
        options: parsed.options,
        depth_min: depths.0,
        depth_max: depths.1,
        ..ComparisonRow::new(parsed.algorithm)
    })
}

fn series(name: &str, values: &[u64]) -> Series {
    Series {
        name: name.into(),
        intervals: Vec::new(),
        values: values.iter().map(|&v| Some(v as f64)).collect(),
    }
}

/// Plays the match `spec` (its `threads` are `cfg`'s), its games kept in `cfg`'s folder
/// when it has one.
fn match_quiet(
    spec: &MatchSpec,
    cfg: ExperimentConfig<'_>,
    stop: &Arc<AtomicBool>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<MatchResult, EngineError> {
    match cfg.cells {
        Some(cells) => cells.play(spec, stop, progress),
        None => run_match(spec, stop, progress),
    }
}

/// Maps `f` over `items` on `cfg`'s threads, keeping the order; the first error (in
/// item order) wins. With `cfg`'s folder, each result is kept there as it finishes and
/// taken from there when it is.
fn parallel_map<T: Sync, R: Send + Serialize + serde::de::DeserializeOwned>(
    items: &[T],
    cfg: ExperimentConfig<'_>,
    f: impl Fn(&T) -> Result<R, EngineError> + Sync,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<R>, EngineError> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    if let Some(cells) = cfg.cells {
        return cells.map(items, cfg.threads, f, progress);
    }
    let done = AtomicUsize::new(0);
    let never = AtomicBool::new(false);
    crate::platform::pool::map_in_order(items, cfg.threads, &never, |_, item| {
        let r = f(item);
        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
        r
    })
    .into_iter()
    .map(|r| r.unwrap_or_else(|| Err(EngineError::Input("a job did not run".into()))))
    .collect()
}
