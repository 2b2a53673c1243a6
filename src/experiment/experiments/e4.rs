//! E4: alpha-beta, NegaScout, MTD(f), SSS* and MT-SSS* on random trees and Othello.

use super::common::*;

/// E4 as the CLI runs it and the Presets menu sets it up.
pub(super) const E4: Experiment = Experiment {
    name: "e4",
    label: "E4: alpha-beta vs NegaScout vs MTD(f) vs SSS* vs MT-SSS*, a random tree vs the minimal tree",
    description: "Width 8, depth 6, independent values (E4's rows): leaves against Knuth-Moore's minimal tree and full minimax.",
    preset: Some(preset),
    run: e4,
};

/// The value models of E4's trees.
const MODELS: [ValueModel; 2] = [
    ValueModel::Independent { range: 1000 },
    ValueModel::Incremental { step: 10 },
];

/// The tree shape (width, depth) the app's preset shows, one of the full run's.
const PRESET_SHAPE: (u32, u32) = (8, 6);

/// One algorithm row's means over the seeds of an E4 tree row. Written in RON as the
/// tuple `(label, leaves, nodes, passes)`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "AlgoMeansTuple", into = "AlgoMeansTuple")]
pub struct AlgoMeans {
    /// The algorithm row, as E4 names it (`alphabeta`, `mtdf+tt=4`, ...).
    pub label: String,
    /// Mean leaves.
    pub leaves: f64,
    /// Mean nodes.
    pub nodes: f64,
    /// Mean null-window passes.
    pub passes: f64,
}

/// [`AlgoMeans`] as it is written: `(label, leaves, nodes, passes)`.
type AlgoMeansTuple = (String, f64, f64, f64);

impl From<AlgoMeansTuple> for AlgoMeans {
    fn from((label, leaves, nodes, passes): AlgoMeansTuple) -> Self {
        AlgoMeans {
            label,
            leaves,
            nodes,
            passes,
        }
    }
}

impl From<AlgoMeans> for AlgoMeansTuple {
    fn from(m: AlgoMeans) -> Self {
        (m.label, m.leaves, m.nodes, m.passes)
    }
}

/// One random-tree row of E4: a shape and value model, averaged over seeds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct E4TreeRow {
    /// Width.
    pub width: u32,
    /// Depth.
    pub depth: u32,
    /// `independent:RANGE` or `incremental:STEP`.
    pub model: String,
    /// How many seeds (1..=seeds).
    pub seeds: u64,
    /// Knuth-Moore minimal leaves.
    pub minimal: u64,
    /// Minimax leaves `w^d`.
    pub full: u64,
    /// Each algorithm row's means, in E4's order of rows.
    pub algos: Vec<AlgoMeans>,
    /// On how many of the seeds MT-SSS* with leaves in the table evaluated exactly
    /// SSS*'s leaves.
    pub mt_sss_equal: u64,
    /// Each seed's leaves, per algorithm row in E4's order (not written to the RON).
    #[serde(skip)]
    pub each: Vec<Vec<u64>>,
}

impl E4TreeRow {
    /// The means of the algorithm row `label`, if the row has it.
    #[must_use]
    pub fn algo(&self, label: &str) -> Option<&AlgoMeans> {
        self.algos.iter().find(|a| a.label == label)
    }
}

/// E4's result.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct E4Result {
    /// The random-tree rows.
    pub trees: Vec<E4TreeRow>,
    /// The Othello bench (iterative deepening and a table).
    pub othello: BenchResult,
}

/// E4's algorithm rows on random trees: MT-SSS* with an ordinary table, and last
/// MT-SSS* by name, with Plaat's memory (leaves kept, a 16 MiB table, large enough),
/// which must evaluate exactly SSS*'s leaves.
const E4_TREE_ROWS: [&str; 6] = [
    "alphabeta",
    "negascout",
    TREE_MTDF,
    TREE_SSS,
    TREE_MT_SSS_ORDINARY,
    TREE_MT_SSS_MEMORY,
];

/// MTD(f) on random trees.
const TREE_MTDF: &str = "mtdf+tt=4";
/// SSS* on random trees.
const TREE_SSS: &str = "sss";
/// MT-SSS* with an ordinary table on random trees.
const TREE_MT_SSS_ORDINARY: &str = "mt-sss+tt=4+ordinary-table";
/// MT-SSS* with leaves in the table (Plaat's memory), which must evaluate exactly
/// SSS*'s leaves.
const TREE_MT_SSS_MEMORY: &str = "mt-sss";

/// E4's Othello rows (part 2): iterative deepening, a 16 MiB table, static ordering.
const OTHELLO_ROWS: [&str; 6] = [
    "negaalpha+fail-soft+order=static+tt=16+id",
    OTHELLO_NEGASCOUT,
    "pvs+order=static+tt=16+id+aspiration=20",
    OTHELLO_MTDF,
    OTHELLO_MT_SSS,
    OTHELLO_MTDF_BEFORE_LAST,
];

/// NegaScout with aspiration on Othello: the row the others' leaves are compared with.
const OTHELLO_NEGASCOUT: &str = "negascout+order=static+tt=16+id+aspiration=20";
/// MTD(f) on Othello.
const OTHELLO_MTDF: &str = "mtdf+order=static+tt=16+id";
/// MT-SSS* with an ordinary table on Othello.
const OTHELLO_MT_SSS: &str = "mt-sss+order=static+tt=16+id+ordinary-table";
/// MTD(f) on Othello, its first guess from the iteration before last.
const OTHELLO_MTDF_BEFORE_LAST: &str = "mtdf+order=static+tt=16+id+guess-before-last";

/// The index of row `spec` in `list` (always one of the list's own rows).
fn row_index(list: &[&str], spec: &str) -> usize {
    list.iter()
        .position(|&row| row == spec)
        .unwrap_or_else(|| panic!("E4 has no row {spec}"))
}

pub(super) fn e4(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let seeds = tree_seeds(cfg.quick);
    let tree_rows = rows(&E4_TREE_ROWS, &SearchOptions::default())?;
    let grid = tree_grid(cfg.quick);
    let total = grid.len();
    let trees = parallel_map(
        &grid,
        cfg,
        |&(model, width, depth)| tree_row(model, width, depth, seeds, &tree_rows),
        &|done| progress(&format!("E4 trees: {done}/{total}")),
    )?;
    let mut text = String::new();
    let t = write_tree_tables(&mut text, &trees, seeds);
    let tree_across = trees_across(&trees);
    text.push('\n');
    text.push_str(&tree_across.text());
    text.push_str(&across_note("alpha-beta", "leaves"));

    // Part 2: Othello with iterative deepening and a table (Plaat et al. 1996).
    let suite = Suite::load_named("fforum-40-59.obf")?;
    let depth = if cfg.quick { 8 } else { 10 };
    let othello = bench_quiet(
        suite,
        rows(&OTHELLO_ROWS, &SearchOptions::default())?,
        vec![depth],
        "",
        cfg,
        progress,
    )?;
    let _ = writeln!(
        text,
        "\nE4 part 2: FFO #40-#59 at depth {depth} with iterative deepening, a 16 MiB table and static \
         (corners-first) ordering; default evaluator. Totals over the positions; ratios to NegaScout with aspiration."
    );
    let ot = othello_totals_table(&othello);
    text.push_str(&ot.text());
    text.push_str(&passes_per_depth_table(&othello, depth).text());
    let othello_across = othello_across(&othello, depth);
    text.push('\n');
    text.push_str(&othello_across.text());
    text.push_str(&across_note("NegaScout with aspiration", "leaves"));
    let real = super::e4_real::real_programs(cfg, progress)?;
    text.push_str(&real.text);
    let chart = tree_chart(&trees);
    let mut csv = t.csv();
    csv.push('\n');
    csv.push_str(&ot.csv());
    let result = E4Result { trees, othello };
    Ok(ExperimentOutput {
        text,
        files: vec![
            ("e4.csv".into(), csv),
            ("e4-trees-across.csv".into(), tree_across.csv()),
            ("e4-othello-across.csv".into(), othello_across.csv()),
            (
                "e4-othello.csv".into(),
                result.othello.render(CountKind::Nodes, bench::Format::Csv),
            ),
            ("e4.ron".into(), ron_text(&result)?),
            ("e4-othello.ron".into(), ron_text(&result.othello)?),
            ("e4.svg".into(), chart.to_svg()),
            ("e4-grain.csv".into(), real.grain_csv),
            ("e4-headline.csv".into(), real.headline_csv),
        ],
    })
}

/// How many seeded trees of each shape E4 searches (seeds 1..=this), in the quick run
/// or the full one.
#[must_use]
pub fn tree_seeds(quick: bool) -> u64 {
    if quick { 10 } else { 50 }
}

/// E4's random trees: `(value model, width, depth)` of every shape, the quick ones or
/// the full run's, under each value model.
#[must_use]
pub fn tree_grid(quick: bool) -> Vec<(ValueModel, u32, u32)> {
    let shapes: Vec<(u32, u32)> = if quick {
        vec![(2, 10), (4, 6), (8, 4), (8, 5), (16, 4)]
    } else {
        vec![
            (2, 12),
            (4, 6),
            (4, 7),
            (8, 4),
            (8, 5),
            (8, 6),
            (16, 4),
            (16, 5),
        ]
    };
    let mut grid = Vec::new();
    for model in MODELS {
        for &(w, d) in &shapes {
            grid.push((model, w, d));
        }
    }
    grid
}

/// One tree row: every row of `tree_rows` on the trees of seeds 1..=`seeds` of one
/// shape and value model, averaged.
fn tree_row(
    model: ValueModel,
    width: u32,
    depth: u32,
    seeds: u64,
    tree_rows: &[BenchRow],
) -> Result<E4TreeRow, EngineError> {
    let mut sums = vec![(0u64, 0u64, 0u64); tree_rows.len()];
    let mut each = vec![Vec::with_capacity(seeds as usize); tree_rows.len()];
    let mut mt_sss_equal = 0;
    let sss = row_index(&E4_TREE_ROWS, TREE_SSS);
    let mt_memory = row_index(&E4_TREE_ROWS, TREE_MT_SSS_MEMORY);
    for seed in 1..=seeds {
        let spec = TreeSpec {
            width,
            depth,
            seed,
            model,
        };
        let counts = search_tree(spec, tree_rows)?;
        for ((sum, s), mine) in sums.iter_mut().zip(&counts).zip(&mut each) {
            mine.push(s.leaves());
            sum.0 += s.leaves();
            sum.1 += s.nodes();
            sum.2 += s.null_window_passes();
        }
        if counts[sss].leaves() == counts[mt_memory].leaves() {
            mt_sss_equal += 1;
        }
    }
    let n = seeds as f64;
    Ok(E4TreeRow {
        width,
        depth,
        model: model_name(model),
        seeds,
        minimal: random_tree::knuth_moore_minimal_leaves(width, depth).unwrap_or(0),
        full: u64::from(width).saturating_pow(depth),
        algos: tree_rows
            .iter()
            .zip(&sums)
            .map(|(r, s)| AlgoMeans {
                label: r.label.clone(),
                leaves: s.0 as f64 / n,
                nodes: s.1 as f64 / n,
                passes: s.2 as f64 / n,
            })
            .collect(),
        mt_sss_equal,
        each,
    })
}

/// Each algorithm row against alpha-beta, tree by tree (seed by seed), in leaves.
fn trees_across(trees: &[E4TreeRow]) -> TextTable {
    let mut lines = Vec::new();
    for t in trees {
        let Some(base) = t.each.first() else {
            continue;
        };
        for (k, label) in E4_TREE_ROWS.iter().enumerate().skip(1) {
            let Some(mine) = t.each.get(k) else {
                continue;
            };
            let keys = vec![
                t.model.clone(),
                t.width.to_string(),
                t.depth.to_string(),
                (*label).to_string(),
            ];
            lines.push((
                keys,
                mine.iter().copied().zip(base.iter().copied()).collect(),
            ));
        }
    }
    across_table(
        "Random trees: leaves against alpha-beta's, tree by tree",
        &["model", "w", "d", "row"],
        "trees",
        lines,
    )
}

/// Each Othello row against NegaScout with aspiration, position by position, in leaves.
fn othello_across(othello: &BenchResult, depth: u32) -> TextTable {
    let base = row_index(&OTHELLO_ROWS, OTHELLO_NEGASCOUT);
    let leaves = |pi: usize, row: usize| {
        othello
            .cell(pi, row, depth)
            .filter(|c| c.failure.is_none() && c.record.stopped.is_none())
            .map(|c| c.record.counters.leaves())
    };
    let lines = othello
        .rows
        .iter()
        .enumerate()
        .filter(|&(r, _)| r != base)
        .map(|(r, row)| {
            let pairs = othello
                .positions()
                .iter()
                .filter_map(|&(pi, _)| Some((leaves(pi, r)?, leaves(pi, base)?)))
                .collect();
            (vec![row.label.clone()], pairs)
        })
        .collect();
    across_table(
        "Othello: leaves against NegaScout with aspiration's, position by position",
        &["row"],
        "positions",
        lines,
    )
}

/// Every row of `tree_rows` on the tree `spec`, to its full depth: their counters,
/// after checking that every row finished and found the same value.
fn search_tree(
    spec: TreeSpec,
    tree_rows: &[BenchRow],
) -> Result<Vec<crate::search::Counters>, EngineError> {
    let root = RandomTree::new(spec).map_err(|e| EngineError::Format {
        context: "tree".into(),
        error: e,
    })?;
    let pos = AnyPosition::RandomTree(root);
    let mut value = None;
    let mut counts = Vec::with_capacity(tree_rows.len());
    for row in tree_rows {
        let req = SearchRequest {
            algorithm: row.algorithm,
            options: row.options.clone(),
            depth: spec.depth,
            evaluator: String::new(),
        };
        let r = run_search(&pos, &req, SearchControl::default())?;
        if r.stopped.is_some() {
            return Err(EngineError::Input(format!(
                "{} stopped on {spec}: {:?}",
                row.label, r.stopped
            )));
        }
        if value.is_some() && value != r.score {
            return Err(EngineError::Input(format!(
                "{} disagrees on the value of {spec}",
                row.label
            )));
        }
        value = r.score;
        counts.push(r.counters);
    }
    Ok(counts)
}

/// Writes part 1's tables (mean leaves, their ratio to the minimal tree, MT-SSS*'s
/// agreement with SSS*, the null-window passes) to `text`; returns the mean-leaves
/// table, for the CSV.
fn write_tree_tables(text: &mut String, trees: &[E4TreeRow], seeds: u64) -> TextTable {
    let _ = writeln!(
        text,
        "E4 part 1: random uniform trees, generation order, mean over seeds 1-{seeds}; leaves against the \
         Knuth-Moore minimal tree (w^ceil(d/2) + w^floor(d/2) - 1) and minimax (w^d). MTD(f) and MT-SSS* get \
         a 4 MiB table (they need one); first guess 0."
    );
    let mut header = vec!["model", "w", "d", "w^d", "minimal"];
    header.extend(E4_TREE_ROWS.iter().copied());
    let mut t = TextTable::new("Mean leaves", &header);
    let mut tr = TextTable::new("Mean leaves / minimal tree", &header);
    for row in trees {
        let mut cells = vec![
            row.model.clone(),
            row.width.to_string(),
            row.depth.to_string(),
            thousands(row.full),
            thousands(row.minimal),
        ];
        let mut rcells = cells.clone();
        for a in &row.algos {
            cells.push(format!("{:.0}", a.leaves));
            rcells.push(ratio(a.leaves, row.minimal as f64));
        }
        t.push(cells);
        tr.push(rcells);
    }
    text.push_str(&t.text());
    text.push_str(&tr.text());
    let equal: u64 = trees.iter().map(|t| t.mt_sss_equal).sum();
    let _ = writeln!(
        text,
        "MT-SSS* (`mt-sss`: Plaat's MT memory, leaves kept in a 16 MiB table) evaluated exactly SSS*'s leaves on {equal} of {} trees.",
        trees.len() as u64 * seeds
    );
    let mut passes = TextTable::new(
        "MTD(f) and MT-SSS*: mean null-window passes per search",
        &["model", "w", "d", "mtdf", "mt-sss"],
    );
    let mean_passes = |row: &E4TreeRow, label: &str| {
        format!("{:.1}", row.algo(label).map_or(f64::NAN, |a| a.passes))
    };
    for row in trees {
        passes.push(vec![
            row.model.clone(),
            row.width.to_string(),
            row.depth.to_string(),
            mean_passes(row, TREE_MTDF),
            mean_passes(row, TREE_MT_SSS_ORDINARY),
        ]);
    }
    text.push_str(&passes.text());
    t
}

/// Part 2's totals: each Othello row's leaves, nodes, seconds, leaves against NegaScout
/// with aspiration, and null-window passes per iteration.
fn othello_totals_table(othello: &BenchResult) -> TextTable {
    let mut ot = TextTable::new(
        "Othello totals",
        &[
            "row",
            "leaves",
            "nodes",
            "seconds",
            "leaves / negascout",
            "passes/iteration",
        ],
    );
    let leaves = othello.totals(CountKind::Leaves);
    let nodes = othello.totals(CountKind::Nodes);
    let negascout = row_index(&OTHELLO_ROWS, OTHELLO_NEGASCOUT);
    for (r, row) in othello.rows.iter().enumerate() {
        let cells = || othello.cells.iter().filter(move |c| c.row == r);
        let secs: f64 = cells().map(|c| c.record.counters.elapsed_secs()).sum();
        let passes: u64 = cells()
            .map(|c| c.record.counters.null_window_passes())
            .sum();
        let iterations: usize = cells().map(|c| c.record.iterations.len()).sum();
        ot.push(vec![
            row.label.clone(),
            thousands(leaves[r][0]),
            thousands(nodes[r][0]),
            format!("{secs:.2}"),
            ratio(leaves[r][0] as f64, leaves[negascout][0] as f64),
            if passes > 0 {
                format!("{:.2}", passes as f64 / iterations.max(1) as f64)
            } else {
                "-".into()
            },
        ]);
    }
    ot
}

/// Part 2's null-window passes of MTD(f), MT-SSS* and MTD(f) guessing from the
/// iteration before last, per iteration depth up to `depth` (mean over positions).
fn passes_per_depth_table(othello: &BenchResult, depth: u32) -> TextTable {
    let mut per_depth = TextTable::new(
        "MTD(f) null-window passes per iteration (mean over positions)",
        &["iteration depth", "mtdf", "mt-sss", "mtdf, guess from d-2"],
    );
    for d in 1..=depth {
        let mean_passes = |spec: &str| {
            let row = row_index(&OTHELLO_ROWS, spec);
            let v: Vec<f64> = othello
                .cells
                .iter()
                .filter(|c| c.row == row)
                .filter_map(|c| {
                    let its = &c.record.iterations;
                    let at = its.iter().position(|it| it.depth == d)?;
                    let before = if at == 0 {
                        0
                    } else {
                        its[at - 1].null_window_passes
                    };
                    Some((its[at].null_window_passes - before) as f64)
                })
                .collect();
            if v.is_empty() {
                "-".to_string()
            } else {
                format!("{:.2}", v.iter().sum::<f64>() / v.len() as f64)
            }
        };
        per_depth.push(vec![
            d.to_string(),
            mean_passes(OTHELLO_MTDF),
            mean_passes(OTHELLO_MT_SSS),
            mean_passes(OTHELLO_MTDF_BEFORE_LAST),
        ]);
    }
    per_depth
}

/// E4's chart: mean leaves of every tree row on the trees with independent values,
/// beside minimax and the minimal tree.
fn tree_chart(trees: &[E4TreeRow]) -> LineChart {
    let ind: Vec<&E4TreeRow> = trees
        .iter()
        .filter(|t| t.model.starts_with("independent"))
        .collect();
    let mut series = vec![Series {
        name: "minimax w^d".into(),
        intervals: Vec::new(),
        values: ind.iter().map(|t| Some(t.full as f64)).collect(),
    }];
    for name in E4_TREE_ROWS {
        series.push(Series {
            name: name.into(),
            intervals: Vec::new(),
            values: ind.iter().map(|t| t.algo(name).map(|a| a.leaves)).collect(),
        });
    }
    series.push(Series {
        name: "Knuth-Moore minimal".into(),
        intervals: Vec::new(),
        values: ind.iter().map(|t| Some(t.minimal as f64)).collect(),
    });
    LineChart {
        title: "E4: random trees (independent values), mean leaves".into(),
        x_label: "width x depth".into(),
        y_label: "mean leaves".into(),
        x_ticks: ind
            .iter()
            .map(|t| format!("{}x{}", t.width, t.depth))
            .collect(),
        series,
    }
}

/// A value model as E4's tables name it (`independent:1000`).
pub(super) fn model_name(m: ValueModel) -> String {
    match m {
        ValueModel::Independent { range } => format!("independent:{range}"),
        ValueModel::Incremental { step } => format!("incremental:{step}"),
        ValueModel::PGame { step } => format!("pgame:{step}"),
    }
}

/// The app's E4: E4's rows at every depth of one of its trees (seed 1, independent
/// values), charted against the minimal tree and full minimax.
fn preset() -> Session {
    let (width, depth) = PRESET_SHAPE;
    let spec = TreeSpec {
        width,
        depth,
        seed: 1,
        model: MODELS[0],
    };
    let mut s = preset_base(GameKind::RandomTree);
    if let Ok(tree) = RandomTree::new(spec) {
        s.position = AnyPosition::from(tree);
    }
    let base = SearchOptions::default();
    s.rows = E4_TREE_ROWS
        .iter()
        .filter_map(|spec| preset_row(spec, &base, (1, depth)))
        .collect();
    s.view.tab = ResultsTab::Charts;
    s
}
