//! The classic experiments (docs `experiments.md`, E1-E5) as presets: each runs its grid
//! through [`super::bench::run_bench`] or [`super::matchplay::run_match`], prints its
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
use super::chart::{LineChart, Series};
use super::matchplay::{MatchResult, MatchSpec, parse_player, run_match};
use crate::engine::{AnyPosition, EngineError, GameKind, SearchRequest, Suite, run_search};
use crate::game::random_tree::{self, RandomTree, TreeSpec, ValueModel};
use crate::game::tictactoe::TicTacToe;
use crate::game::{Game, Scoring};
use crate::search::{Algorithm, InitialWindow, MoveOrder, SearchControl, SearchOptions};

mod e1;
mod e2;
mod e3;
mod e4;
mod e5;

pub use e2::E2Result;
pub use e3::{E3Cell, E3Result};
pub use e4::{E4Result, E4TreeRow};
pub use e5::E5Result;

/// The experiments' names.
pub const EXPERIMENTS: [&str; 5] = ["e1", "e2", "e3", "e4", "e5"];

/// How big and how parallel a run is.
#[derive(Clone, Copy, Debug)]
pub struct ExperimentConfig {
    /// The small version (about a minute on one core).
    pub quick: bool,
    /// Worker threads (results do not depend on it).
    pub threads: usize,
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
        let field = |t: &String| {
            if t.contains([',', '"', '\n']) {
                format!("\"{}\"", t.replace('"', "\"\""))
            } else {
                t.clone()
            }
        };
        let mut out = String::new();
        for row in std::iter::once(&self.header).chain(&self.rows) {
            out.push_str(&row.iter().map(field).collect::<Vec<_>>().join(","));
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
    cfg: ExperimentConfig,
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
    let result = run_bench(&spec, &stop, &|done, total, _| {
        progress(&format!("{label}: {done}/{total} searches"));
    })?;
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

/// Runs experiment `name` (`e1` ... `e5`). `progress` gets a short status line now and
/// then (for a terminal's progress display).
pub fn run_experiment(
    name: &str,
    cfg: ExperimentConfig,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    match name.trim().to_ascii_lowercase().as_str() {
        "e1" => e1::e1(cfg, progress),
        "e2" => e2::e2(cfg, progress),
        "e3" => e3::e3(cfg, progress),
        "e4" => e4::e4(cfg, progress),
        "e5" => e5::e5(cfg, progress),
        other => Err(EngineError::Input(format!(
            "unknown experiment '{other}'; expected one of {}",
            EXPERIMENTS.join(", ")
        ))),
    }
}

fn series(name: &str, values: &[u64]) -> Series {
    Series {
        name: name.into(),
        values: values.iter().map(|&v| Some(v as f64)).collect(),
    }
}

/// Maps `f` over `items` on `threads` workers, keeping the order; the first error (in
/// item order) wins.
fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> Result<R, EngineError> + Sync,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<R>, EngineError> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let done = AtomicUsize::new(0);
    let never = AtomicBool::new(false);
    crate::vocab::parallel::map_in_order(items, threads, &never, |_, item| {
        let r = f(item);
        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
        r
    })
    .into_iter()
    .map(|r| r.unwrap_or_else(|| Err(EngineError::Input("a job did not run".into()))))
    .collect()
}
