//! E4: alpha-beta, NegaScout, MTD(f), SSS* and MT-SSS* on random trees and Othello.

use super::*;

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
    /// `(algorithm row, mean leaves, mean nodes, mean null-window passes)`.
    pub algos: Vec<(String, f64, f64, f64)>,
    /// On how many of the seeds MT-SSS* with leaves in the table evaluated exactly
    /// SSS*'s leaves.
    pub mt_sss_equal: u64,
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
    "mtdf+tt=4",
    "sss",
    "mt-sss+tt=4+ordinary-table",
    "mt-sss",
];

/// The rows of SSS* and of MT-SSS* with leaves in the table.
const SSS_ROW: usize = 3;
const MT_MEMORY_ROW: usize = 5;

pub(super) fn e4(
    cfg: ExperimentConfig,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let shapes: Vec<(u32, u32)> = if cfg.quick {
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
    let seeds: u64 = if cfg.quick { 10 } else { 50 };
    let models = MODELS;
    let base = SearchOptions::default();
    let tree_rows = rows(&E4_TREE_ROWS, &base)?;
    let mut grid = Vec::new();
    for model in models {
        for &(w, d) in &shapes {
            grid.push((model, w, d));
        }
    }
    let total = grid.len();
    let trees = parallel_map(
        &grid,
        cfg.threads,
        |&(model, width, depth)| {
            let mut sums = vec![(0u64, 0u64, 0u64); tree_rows.len()];
            let mut mt_sss_equal = 0;
            for seed in 1..=seeds {
                let mut leaves = vec![0u64; tree_rows.len()];
                let spec = TreeSpec {
                    width,
                    depth,
                    seed,
                    model,
                };
                let root = RandomTree::new(spec).map_err(|e| EngineError::Format {
                    context: "tree".into(),
                    error: e,
                })?;
                let pos = AnyPosition::RandomTree(root);
                let mut value = None;
                for (k, row) in tree_rows.iter().enumerate() {
                    let req = SearchRequest {
                        algorithm: row.algorithm,
                        options: row.options.clone(),
                        depth,
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
                    leaves[k] = r.stats.leaves;
                    sums[k].0 += r.stats.leaves;
                    sums[k].1 += r.stats.nodes;
                    sums[k].2 += r.stats.null_window_passes;
                }
                if leaves[SSS_ROW] == leaves[MT_MEMORY_ROW] {
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
                    .map(|(r, s)| {
                        (
                            r.label.clone(),
                            s.0 as f64 / n,
                            s.1 as f64 / n,
                            s.2 as f64 / n,
                        )
                    })
                    .collect(),
                mt_sss_equal,
            })
        },
        &|done| progress(&format!("E4 trees: {done}/{total}")),
    )?;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "E4 part 1: random uniform trees, generation order, mean over seeds 1-{seeds}; leaves against the \
         Knuth-Moore minimal tree (w^ceil(d/2) + w^floor(d/2) - 1) and minimax (w^d). MTD(f) and MT-SSS* get \
         a 4 MiB table (they need one); first guess 0."
    );
    let mut header = vec!["model", "w", "d", "w^d", "minimal"];
    header.extend(E4_TREE_ROWS.iter().copied());
    let mut t = Table::new("Mean leaves", &header);
    let mut tr = Table::new("Mean leaves / minimal tree", &header);
    for row in &trees {
        let mut cells = vec![
            row.model.clone(),
            row.width.to_string(),
            row.depth.to_string(),
            thousands(row.full),
            thousands(row.minimal),
        ];
        let mut rcells = cells.clone();
        for a in &row.algos {
            cells.push(format!("{:.0}", a.1));
            rcells.push(ratio(a.1, row.minimal as f64));
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
    let mut passes = Table::new(
        "MTD(f) and MT-SSS*: mean null-window passes per search",
        &["model", "w", "d", "mtdf", "mt-sss"],
    );
    for row in &trees {
        passes.push(vec![
            row.model.clone(),
            row.width.to_string(),
            row.depth.to_string(),
            format!("{:.1}", row.algos[2].3),
            format!("{:.1}", row.algos[4].3),
        ]);
    }
    text.push_str(&passes.text());

    // Part 2: Othello with iterative deepening and a table (Plaat et al. 1996).
    let suite = Suite::load_named("fforum-40-59.obf")?;
    let depth = if cfg.quick { 8 } else { 10 };
    let othello_rows = [
        "negaalpha+fail-soft+order=static+tt=16+id",
        "negascout+order=static+tt=16+id+aspiration=20",
        "pvs+order=static+tt=16+id+aspiration=20",
        "mtdf+order=static+tt=16+id",
        "mt-sss+order=static+tt=16+id+ordinary-table",
        "mtdf+order=static+tt=16+id+guess-before-last",
    ];
    let othello = bench_quiet(
        suite,
        rows(&othello_rows, &base)?,
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
    let mut ot = Table::new(
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
    for (r, row) in othello.rows.iter().enumerate() {
        let secs: f64 = othello
            .cells
            .iter()
            .filter(|c| c.row == r)
            .map(|c| c.record.stats.elapsed_secs)
            .sum();
        let passes: u64 = othello
            .cells
            .iter()
            .filter(|c| c.row == r)
            .map(|c| c.record.stats.null_window_passes)
            .sum();
        let iterations: usize = othello
            .cells
            .iter()
            .filter(|c| c.row == r)
            .map(|c| c.record.iterations.len())
            .sum();
        ot.push(vec![
            row.label.clone(),
            thousands(leaves[r][0]),
            thousands(nodes[r][0]),
            format!("{secs:.2}"),
            ratio(leaves[r][0] as f64, leaves[1][0] as f64),
            if passes > 0 {
                format!("{:.2}", passes as f64 / iterations.max(1) as f64)
            } else {
                "-".into()
            },
        ]);
    }
    text.push_str(&ot.text());
    // MTD(f)'s passes per iteration depth.
    let mtdf_row = 3;
    let mut per_depth = Table::new(
        "MTD(f) null-window passes per iteration (mean over positions)",
        &["iteration depth", "mtdf", "mt-sss", "mtdf, guess from d-2"],
    );
    for d in 1..=depth {
        let mean_passes = |row: usize| {
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
            mean_passes(mtdf_row),
            mean_passes(4),
            mean_passes(5),
        ]);
    }
    text.push_str(&per_depth.text());
    let real = super::e4_real::real_programs(cfg, progress)?;
    text.push_str(&real.text);
    let chart = LineChart {
        title: "E4: random trees (independent values), mean leaves".into(),
        x_label: "width x depth".into(),
        y_label: "mean leaves".into(),
        x_ticks: trees
            .iter()
            .filter(|t| t.model.starts_with("independent"))
            .map(|t| format!("{}x{}", t.width, t.depth))
            .collect(),
        series: {
            let ind: Vec<&E4TreeRow> = trees
                .iter()
                .filter(|t| t.model.starts_with("independent"))
                .collect();
            let mut s = vec![Series {
                name: "minimax w^d".into(),
                values: ind.iter().map(|t| Some(t.full as f64)).collect(),
            }];
            for (i, name) in E4_TREE_ROWS.iter().enumerate() {
                s.push(Series {
                    name: (*name).into(),
                    values: ind.iter().map(|t| Some(t.algos[i].1)).collect(),
                });
            }
            s.push(Series {
                name: "Knuth-Moore minimal".into(),
                values: ind.iter().map(|t| Some(t.minimal as f64)).collect(),
            });
            s
        },
    };
    let mut csv = t.csv();
    csv.push('\n');
    csv.push_str(&ot.csv());
    let result = E4Result { trees, othello };
    Ok(ExperimentOutput {
        text,
        files: vec![
            ("e4.csv".into(), csv),
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

fn model_name(m: ValueModel) -> String {
    match m {
        ValueModel::Independent { range } => format!("independent:{range}"),
        ValueModel::Incremental { step } => format!("incremental:{step}"),
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
