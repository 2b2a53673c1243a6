//! What the experiments share: an experiment's definition, its size and output, the
//! printed tables, and the helpers each experiment's file uses (rows, presets, quiet
//! grids and matches, numbers as printed). Each experiment's file takes them with
//! `use super::common::*`.

use super::cells::ExperimentCells;
pub(super) use std::fmt::Write as _;
pub(super) use std::sync::Arc;
pub(super) use std::sync::atomic::AtomicBool;

pub(super) use serde::{Deserialize, Serialize};

pub(super) use crate::engine::{
    AnyPosition, EngineError, GameKind, SearchRequest, Suite, run_search,
};
pub(super) use crate::experiment::bench::{
    self, BenchResult, BenchRow, BenchSpec, CountKind, parse_row_spec, run_bench,
};
pub(super) use crate::game::random_tree::{self, RandomTree, TreeSpec, ValueModel};
pub(super) use crate::game::tictactoe::TicTacToe;
pub(super) use crate::game::{Game, Scoring};
pub(super) use crate::matches::play::{MatchResult, MatchSpec, parse_player, run_match};
pub(super) use crate::output::chart::{LineChart, Series};
pub(super) use crate::search::{Algorithm, InitialWindow, MoveOrder, SearchControl, SearchOptions};
pub(super) use crate::session::{ComparisonRow, OpenSuite, ResultsTab, Session};

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
pub struct TextTable {
    /// The caption.
    pub title: String,
    /// Column headers.
    pub header: Vec<String>,
    /// The cells, row by row.
    pub rows: Vec<Vec<String>>,
}

impl TextTable {
    pub(super) fn new(title: &str, header: &[&str]) -> TextTable {
        TextTable {
            title: title.to_string(),
            header: header.iter().map(|s| (*s).to_string()).collect(),
            rows: Vec::new(),
        }
    }

    pub(super) fn push(&mut self, row: Vec<String>) {
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
pub(super) fn thousands(n: u64) -> String {
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

pub(super) fn ratio(a: f64, b: f64) -> String {
    if b == 0.0 {
        "-".into()
    } else {
        format!("{:.2}", a / b)
    }
}

/// What the columns of an [`across_table`] mean, printed under it.
pub(super) fn across_note(base: &str, count: &str) -> String {
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
pub(super) fn across_table(
    title: &str,
    key_heads: &[&str],
    unit: &str,
    lines: Vec<AcrossLine>,
) -> TextTable {
    use crate::stats::across::{Across, p_text};
    let mut head: Vec<&str> = key_heads.to_vec();
    head.push(unit);
    head.extend(Across::FIGURE_HEADS);
    head.push("Wilcoxon p");
    let mut t = TextTable::new(title, &head);
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

pub(super) fn ron_text<T: Serialize>(value: &T) -> Result<String, EngineError> {
    ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| EngineError::Input(format!("cannot write RON: {e}")))
}

pub(super) fn rows(specs: &[&str], base: &SearchOptions) -> Result<Vec<BenchRow>, EngineError> {
    specs.iter().map(|s| parse_row_spec(s, base)).collect()
}

pub(super) fn bench_quiet(
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

/// A preset's session on `game`'s start position: no rows or results yet, the first
/// row as the baseline, the article layout shown.
pub(super) fn preset_base(game: GameKind) -> Session {
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
pub(super) fn preset_with_suite(mut s: Session, suite: &str) -> Session {
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
pub(super) fn preset_row(
    spec: &str,
    base: &SearchOptions,
    depths: (u32, u32),
) -> Option<ComparisonRow> {
    let parsed = parse_row_spec(spec, base).ok()?;
    Some(ComparisonRow {
        algorithm: parsed.algorithm,
        options: parsed.options,
        depth_min: depths.0,
        depth_max: depths.1,
        ..ComparisonRow::new(parsed.algorithm)
    })
}

pub(super) fn series(name: &str, values: &[u64]) -> Series {
    Series {
        name: name.into(),
        intervals: Vec::new(),
        values: values.iter().map(|&v| Some(v as f64)).collect(),
    }
}

/// Plays the match `spec` (its `threads` are `cfg`'s), its games kept in `cfg`'s folder
/// when it has one.
pub(super) fn match_quiet(
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
pub(super) fn parallel_map<T: Sync, R: Send + Serialize + serde::de::DeserializeOwned>(
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
