//! E5: Pons' Connect Four solver steps on his test sets, each step an option set of the
//! generic engine (the win-at-once check, the game's score bounds, non-losing moves,
//! threat ordering, the bisection driver and his one-bound tables).

use super::common::*;

/// One row of E5: Pons' step, the row spec that is that step in treelab, and his mean
/// nodes per position on Test_L3_R1 and Test_L2_R1 where he published one.
struct Step {
    step: &'static str,
    spec: &'static str,
    pons_l3: Option<f64>,
    pons_l2: Option<f64>,
}

/// Pons' final solver: the last of his steps.
const FINAL: usize = 7;

/// How many of [`STEPS`] are Pons' own (the first ones).
const PONS_STEPS: usize = FINAL + 1;

/// Pons' eight steps, each adding one idea to the one before, and two rows that are not
/// his (the same shortcuts with treelab's full table under MTD(f) and PVS). Every row
/// scores in Pons' own units (shortest-win scoring: a win 22 minus the winner's stones),
/// the test sets' scores and the scale his bisection halves.
const STEPS: [Step; 10] = [
    Step {
        step: "1 minimax",
        spec: "minimax+win+scoring=shortest-win",
        pons_l3: Some(11_024.0),
        pons_l2: None,
    },
    Step {
        step: "2 alpha-beta",
        spec: "negaalpha+win+soft-cutoffs+scoring=shortest-win",
        pons_l3: Some(283.6),
        pons_l2: None,
    },
    Step {
        step: "3 centre-first order",
        spec: "negaalpha+win+soft-cutoffs+order=static+scoring=shortest-win",
        pons_l3: Some(139.7),
        pons_l2: None,
    },
    Step {
        step: "4 transposition table",
        spec: "negaalpha+win+soft-cutoffs+order=static+tt=16+table=upper+scoring=shortest-win",
        pons_l3: Some(92.84),
        pons_l2: None,
    },
    Step {
        step: "5 null-window bisection",
        spec: "bisect+win+soft-cutoffs+order=static+tt=16+table=upper+scoring=shortest-win",
        pons_l3: Some(131.6),
        pons_l2: None,
    },
    Step {
        step: "6 drop moves that lose at once",
        spec: "bisect+win+soft-cutoffs+non-losing+order=static+tt=16+table=upper+scoring=shortest-win",
        pons_l3: Some(70.71),
        pons_l2: None,
    },
    Step {
        step: "7 threat ordering",
        spec: "bisect+win+soft-cutoffs+non-losing+order=threats+tt=16+table=upper+scoring=shortest-win",
        pons_l3: Some(54.93),
        pons_l2: None,
    },
    Step {
        step: "8 lower-bound table",
        spec: "bisect+win+soft-cutoffs+non-losing+order=threats+tt=16+table=last-bound+scoring=shortest-win",
        pons_l3: Some(51.28),
        pons_l2: Some(449.6),
    },
    Step {
        step: "- MTD(f) with the full table (not Pons')",
        spec: "mtdf+win+non-losing+order=threats+tt=16+scoring=shortest-win",
        pons_l3: None,
        pons_l2: None,
    },
    Step {
        step: "- PVS with the full table (not Pons')",
        spec: "pvs+win+non-losing+order=threats+tt=16+scoring=shortest-win",
        pons_l3: None,
        pons_l2: None,
    },
];

/// The steps run on Test_L2_R1 (the earlier ones take minutes to hours there).
const L2_FROM: usize = 5;

/// Pons' final solver (step 8) on Test_L1_R1: his mean nodes per position.
const PONS_FINAL_L1: f64 = 3_298.0;

/// E5 as the CLI runs it and the Presets menu sets it up.
pub(super) const E5: Experiment = Experiment {
    name: "e5",
    label: "E5: Pons' Connect Four solver steps on his test sets",
    description: "Each of Pons' steps added in turn as engine options, mean nodes per position beside his figures.",
    preset: Some(preset),
    run: e5,
};

/// The app's E5: Pons' eight steps (and the two other rows) on Test_L3_R1, every
/// position searched to the end.
fn preset() -> Session {
    let mut s = preset_with_suite(preset_base(GameKind::Connect4), "Test_L3_R1");
    let base = SearchOptions::default();
    let depth = crate::game::connect4::Connect4::MAX_PLIES as u32;
    s.rows = STEPS
        .iter()
        .filter_map(|step| preset_row(step.spec, &base, (depth, depth)))
        .collect();
    s.view.tab = ResultsTab::Table;
    s
}

/// E5's result.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct E5Result {
    /// Every row on Test_L3_R1.
    pub l3: BenchResult,
    /// Steps 6-8 and the two other rows on Test_L2_R1.
    pub l2: Option<BenchResult>,
    /// Pons' final solver (step 8) on Test_L1_R1.
    pub l1: Option<BenchResult>,
}

/// One printed and CSV row: the set, the step, its spec and its counts.
struct Line {
    set: &'static str,
    step: &'static str,
    spec: &'static str,
    mean_nodes: f64,
    pons: Option<f64>,
    mean_leaves: f64,
    seconds: f64,
    right: usize,
    positions: usize,
}

fn lines(
    set: &'static str,
    r: &BenchResult,
    steps: &[Step],
    pons: impl Fn(&Step) -> Option<f64>,
    expected: &[Option<i32>],
) -> Vec<Line> {
    let nodes = r.totals(CountKind::Nodes);
    let leaves = r.totals(CountKind::Leaves);
    let n = r.positions().len().max(1) as f64;
    steps
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let cells = || r.cells.iter().filter(move |c| c.row == k);
            Line {
                set,
                step: s.step,
                spec: s.spec,
                mean_nodes: nodes[k][0] as f64 / n,
                pons: pons(s),
                mean_leaves: leaves[k][0] as f64 / n,
                seconds: cells().map(|c| c.record.counters.elapsed_secs()).sum(),
                right: cells()
                    .filter(|c| expected.get(c.position_index).copied().flatten() == c.record.score)
                    .count(),
                positions: r.positions().len(),
            }
        })
        .collect()
}

fn table(title: &str, lines: &[Line]) -> TextTable {
    let mut t = TextTable::new(
        title,
        &[
            "Pons' step",
            "row",
            "mean nodes",
            "Pons",
            "treelab / Pons",
            "mean leaves",
            "seconds",
            "scores right",
        ],
    );
    for l in lines {
        t.push(vec![
            l.step.into(),
            l.spec.into(),
            format!("{:.2}", l.mean_nodes),
            l.pons.map_or_else(|| "-".into(), |p| format!("{p}")),
            l.pons
                .map_or_else(|| "-".into(), |p| format!("{:.4}", l.mean_nodes / p)),
            format!("{:.2}", l.mean_leaves),
            format!("{:.2}", l.seconds),
            format!("{}/{}", l.right, l.positions),
        ]);
    }
    t
}

/// `e5.csv`: one line per set and step, with the columns the docs name.
fn csv(lines: &[Line]) -> String {
    let mut out = String::from(
        "set,step,row,mean_nodes,pons_mean_nodes,ratio,mean_leaves,seconds,scores_right,positions\n",
    );
    for l in lines {
        let _ = writeln!(
            out,
            "{},{},{},{:.3},{},{},{:.3},{:.3},{},{}",
            crate::output::csv::field(l.set),
            crate::output::csv::field(l.step),
            crate::output::csv::field(l.spec),
            l.mean_nodes,
            l.pons.map_or_else(String::new, |p| p.to_string()),
            l.pons
                .map_or_else(String::new, |p| format!("{:.5}", l.mean_nodes / p)),
            l.mean_leaves,
            l.seconds,
            l.right,
            l.positions
        );
    }
    out
}

pub(super) fn e5(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let depth = crate::game::connect4::Connect4::MAX_PLIES as u32;
    let keep = |quick: usize| if cfg.quick { quick } else { usize::MAX };
    let (l3, l3_lines) = run_set(
        "Test_L3_R1",
        keep(200),
        &STEPS,
        |s| s.pons_l3,
        cfg,
        progress,
    )?;
    let (l2, l2_lines) = run_set(
        "Test_L2_R1",
        keep(50),
        &STEPS[L2_FROM..],
        |s| s.pons_l2,
        cfg,
        progress,
    )?;
    let (l1, l1_lines) = run_set(
        "Test_L1_R1",
        keep(20),
        &STEPS[FINAL..=FINAL],
        |_| Some(PONS_FINAL_L1),
        cfg,
        progress,
    )?;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "E5: Connect Four, Pascal Pons' steps as option sets of the generic engine, every position \
         searched to the end (depth {depth}), table cleared per position, Pons' score. Mean nodes \
         per position (a node is a visited position, as Pons' count of negamax calls)."
    );
    let title = |set: &str, r: &BenchResult| format!("{set} ({} positions)", r.positions().len());
    text.push_str(&table(&title("Test_L3_R1", &l3), &l3_lines).text());
    text.push_str(&table(&title("Test_L2_R1", &l2), &l2_lines).text());
    text.push_str(&table(&title("Test_L1_R1", &l1), &l1_lines).text());
    let l3_across = step_across("Test_L3_R1", &l3, &STEPS);
    let l2_across = step_across("Test_L2_R1", &l2, &STEPS[L2_FROM..]);
    text.push('\n');
    text.push_str(&l3_across.text());
    text.push('\n');
    text.push_str(&l2_across.text());
    text.push_str(&across_note(
        "the step before (the MTD(f) and PVS rows: step 8)",
        "nodes",
    ));
    let all: Vec<Line> = l3_lines
        .into_iter()
        .chain(l2_lines)
        .chain(l1_lines)
        .collect();
    let chart = l3_chart(&l3);
    let result = E5Result {
        l3,
        l2: Some(l2),
        l1: Some(l1),
    };
    let files = vec![
        ("e5.csv".into(), csv(&all)),
        ("e5-across.csv".into(), {
            let mut both = l3_across;
            both.rows.extend(l2_across.rows);
            both.csv()
        }),
        (
            "e5-l3.csv".into(),
            result.l3.render(CountKind::Nodes, bench::Format::Csv),
        ),
        ("e5.svg".into(), chart.to_svg()),
        ("e5.ron".into(), ron_text(&result)?),
    ];
    Ok(ExperimentOutput { text, files })
}

/// Each step of `r` (a row per step of `steps`) against the step before it, position by
/// position (the rows that are not Pons' against his last step, 8): what each idea
/// gains on how many positions, and how sure.
fn step_across(set: &str, r: &BenchResult, steps: &[Step]) -> TextTable {
    let depth = crate::game::connect4::Connect4::MAX_PLIES as u32;
    let nodes = |pi: usize, row: usize| {
        r.cell(pi, row, depth)
            .filter(|c| c.failure.is_none())
            .map(|c| c.record.counters.nodes())
    };
    let last_pons = steps
        .len()
        .min(PONS_STEPS.saturating_sub(STEPS.len() - steps.len()));
    let mut lines = Vec::new();
    for (k, step) in steps.iter().enumerate().skip(1) {
        let base = if k < last_pons { k - 1 } else { last_pons - 1 };
        let pairs: Vec<(u64, u64)> = r
            .positions()
            .iter()
            .filter_map(|&(pi, _)| Some((nodes(pi, k)?, nodes(pi, base)?)))
            .collect();
        lines.push((
            vec![
                set.to_string(),
                step.step.to_string(),
                steps[base].step.to_string(),
            ],
            pairs,
        ));
    }
    across_table(
        &format!("{set}: each step's nodes against the step before, position by position"),
        &["set", "step", "against"],
        "positions",
        lines,
    )
}

/// Runs `steps` on the first `keep` positions of the shipped test set `set`, each
/// searched to the end, and its printed lines, Pons' figure of each step by `pons`.
fn run_set(
    set: &'static str,
    keep: usize,
    steps: &[Step],
    pons: impl Fn(&Step) -> Option<f64>,
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<(BenchResult, Vec<Line>), EngineError> {
    let mut suite = Suite::load_named(set)?;
    suite.items.truncate(keep);
    let expected: Vec<Option<i32>> = suite.items.iter().map(|i| i.expected_score).collect();
    let specs: Vec<&str> = steps.iter().map(|s| s.spec).collect();
    let depth = crate::game::connect4::Connect4::MAX_PLIES as u32;
    let result = bench_quiet(
        suite,
        rows(&specs, &SearchOptions::default())?,
        vec![depth],
        "",
        cfg,
        progress,
    )?;
    let lines = lines(set, &result, steps, pons, &expected);
    Ok((result, lines))
}

/// E5's chart: treelab's and Pons' mean nodes per position of his own steps on
/// Test_L3_R1 (`l3`, a row per step of [`STEPS`]).
fn l3_chart(l3: &BenchResult) -> LineChart {
    let n = l3.positions().len().max(1) as f64;
    let nodes = l3.totals(CountKind::Nodes);
    LineChart {
        title: "E5: Connect Four Test_L3_R1, mean nodes per position".into(),
        x_label: "Pons' step".into(),
        y_label: "mean nodes per position".into(),
        x_ticks: (1..=PONS_STEPS).map(|s| s.to_string()).collect(),
        series: vec![
            Series {
                name: "treelab".into(),
                intervals: Vec::new(),
                values: (0..PONS_STEPS)
                    .map(|k| Some(nodes[k][0] as f64 / n))
                    .collect(),
            },
            Series {
                name: "Pons".into(),
                intervals: Vec::new(),
                values: STEPS[..PONS_STEPS].iter().map(|s| s.pons_l3).collect(),
            },
        ],
    }
}
