//! E5: Pons' Connect Four solver steps on his test sets.

use super::*;

/// E5 as the CLI runs it (a solver experiment: no comparison preset).
pub(super) const E5: Experiment = Experiment {
    name: "e5",
    label: "E5: Pons' Connect Four solver steps on his test sets",
    description: "Each of Pons' steps added in turn, mean nodes per position beside his figures.",
    preset: None,
    run: e5,
};

/// E5's rows: `(Pons' step, row spec, Pons' mean nodes on L3_R1)`.
const E5_ROWS: [(&str, &str, Option<f64>); 6] = [
    ("1 minimax", "minimax", Some(11_024.0)),
    ("2 alpha-beta", "negaalpha+window=game", Some(283.6)),
    (
        "3 centre-first order",
        "negaalpha+window=game+order=static",
        Some(139.7),
    ),
    (
        "4 transposition table",
        "negaalpha+window=game+order=static+tt=16",
        Some(92.84),
    ),
    (
        "5 null-window search (MTD(f))",
        "mtdf+order=static+tt=16",
        Some(131.6),
    ),
    (
        "- PVS + table (not a Pons step)",
        "pvs+window=game+order=static+tt=16",
        None,
    ),
];

/// Pons' later steps, which the engine has no option for: `(step, mean nodes on L3_R1)`.
const E5_PONS_LATER: [(&str, f64); 3] = [
    ("6 avoid moves that lose at once", 70.71),
    ("7 better ordering", 54.93),
    ("8 lower-bound table", 51.28),
];

/// E5's result.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct E5Result {
    /// Every row on Test_L3_R1.
    pub l3: BenchResult,
    /// The table-driven rows on Test_L2_R1 (full run only).
    pub l2: Option<BenchResult>,
}

pub(super) fn e5(
    cfg: ExperimentConfig,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let base = SearchOptions::default();
    let depth = crate::game::connect4::Connect4::MAX_PLIES as u32;
    let mut l3_suite = Suite::load_named("Test_L3_R1")?;
    if cfg.quick {
        l3_suite.items.truncate(200);
    }
    let expected_l3: Vec<Option<i32>> = l3_suite.items.iter().map(|i| i.expected_score).collect();
    let specs: Vec<&str> = E5_ROWS.iter().map(|r| r.1).collect();
    let l3 = bench_quiet(
        l3_suite,
        rows(&specs, &base)?,
        vec![depth],
        "",
        cfg,
        progress,
    )?;
    let l2 = if cfg.quick {
        None
    } else {
        let suite = Suite::load_named("Test_L2_R1")?;
        let specs: Vec<&str> = E5_ROWS[3..].iter().map(|r| r.1).collect();
        let expected: Vec<Option<i32>> = suite.items.iter().map(|i| i.expected_score).collect();
        let r = bench_quiet(suite, rows(&specs, &base)?, vec![depth], "", cfg, progress)?;
        Some((r, expected))
    };
    let positions = l3.positions().len();
    let mut text = String::new();
    let _ = writeln!(
        text,
        "E5: Connect Four, Pascal Pons' steps as option sets, every position searched to the end \
         (depth {depth}), table cleared per position, Pons' score (window 'game' = the score range -18..18, as his solver's). \
         Mean nodes per position (treelab counts every visited position; Pons counts negamax calls)."
    );
    let mut t = Table::new(
        &format!("Test_L3_R1 ({positions} positions)"),
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
    let push_rows = |t: &mut Table,
                     r: &BenchResult,
                     steps: &[(&str, &str, Option<f64>)],
                     expected: &[Option<i32>],
                     pons: bool| {
        let nodes = r.totals(CountKind::Nodes);
        let leaves = r.totals(CountKind::Leaves);
        let n = r.positions().len().max(1) as f64;
        for (k, step) in steps.iter().enumerate() {
            let secs: f64 = r
                .cells
                .iter()
                .filter(|c| c.row == k)
                .map(|c| c.record.stats.elapsed_secs)
                .sum();
            let right = r
                .cells
                .iter()
                .filter(|c| {
                    c.row == k
                        && expected.get(c.position_index).copied().flatten() == c.record.score
                })
                .count();
            let mean = nodes[k][0] as f64 / n;
            t.push(vec![
                step.0.to_string(),
                step.1.to_string(),
                format!("{mean:.1}"),
                if pons {
                    step.2.map_or_else(|| "-".into(), |p| format!("{p}"))
                } else {
                    "-".into()
                },
                if pons {
                    step.2.map_or_else(|| "-".into(), |p| ratio(mean, p))
                } else {
                    "-".into()
                },
                format!("{:.1}", leaves[k][0] as f64 / n),
                format!("{secs:.2}"),
                format!("{right}/{}", r.positions().len()),
            ]);
        }
    };
    push_rows(&mut t, &l3, &E5_ROWS, &expected_l3, true);
    for (step, p) in E5_PONS_LATER {
        t.push(vec![
            step.into(),
            "(no engine option)".into(),
            "-".into(),
            format!("{p}"),
            "-".into(),
            "-".into(),
            "-".into(),
            "-".into(),
        ]);
    }
    text.push_str(&t.text());
    let mut csv = t.csv();
    if let Some((r, expected)) = &l2 {
        let mut t2 = Table::new(
            &format!(
                "Test_L2_R1 ({} positions; Pons' final solver: 449.6 nodes per position)",
                r.positions().len()
            ),
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
        push_rows(&mut t2, r, &E5_ROWS[3..], expected, false);
        text.push_str(&t2.text());
        csv.push('\n');
        csv.push_str(&t2.csv());
    }
    let n = positions.max(1) as f64;
    let nodes = l3.totals(CountKind::Nodes);
    let chart = LineChart {
        title: "E5: Connect Four Test_L3_R1, mean nodes per position".into(),
        x_label: "Pons' step".into(),
        y_label: "mean nodes per position".into(),
        x_ticks: (1..=8).map(|s| s.to_string()).collect(),
        series: vec![
            Series {
                name: "treelab".into(),
                values: (0..8)
                    .map(|k| (k < 5).then(|| nodes[k][0] as f64 / n))
                    .collect(),
            },
            Series {
                name: "Pons".into(),
                values: E5_ROWS[..5]
                    .iter()
                    .map(|r| r.2)
                    .chain(E5_PONS_LATER.iter().map(|p| Some(p.1)))
                    .collect(),
            },
        ],
    };
    let mut files = vec![
        ("e5.csv".into(), csv),
        (
            "e5-l3.csv".into(),
            l3.render(CountKind::Nodes, bench::Format::Csv),
        ),
        ("e5-l3.ron".into(), ron_text(&l3)?),
        ("e5.svg".into(), chart.to_svg()),
    ];
    if let Some((r, _)) = &l2 {
        files.push(("e5-l2.ron".into(), ron_text(r)?));
    }
    let result = E5Result {
        l3,
        l2: l2.map(|(r, _)| r),
    };
    files.push(("e5.ron".into(), ron_text(&result)?));
    Ok(ExperimentOutput { text, files })
}
