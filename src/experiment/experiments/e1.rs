//! E1: NegaAlpha vs Scout vs NegaScout on FFO #40-#59 at depths 2-10 (article 000).

use super::common::*;

/// E1 as the CLI runs it and the Presets menu sets it up.
pub(super) const E1: Experiment = Experiment {
    name: "e1",
    label: "E1: NegaAlpha vs Scout vs NegaScout, FFO #40-#59, depths 2-10",
    description: "Article 000: fixed-depth searches in generation order, no table; run it on the whole suite.",
    preset: Some(preset),
    run: e1,
};

/// The suite, the rows and the depths (the quick run stops at depth 8).
const SUITE: &str = "fforum-40-59.obf";
const ROWS: [&str; 3] = ["negaalpha", "scout", "negascout+skip-shallow-research"];
const DEPTHS: (u32, u32) = (2, 10);
const QUICK_LAST_DEPTH: u32 = 8;

/// Article 000's totals of NegaAlpha over FFO #40-#59, depths 2..10 (leaves).
const E1_ARTICLE_NEGAALPHA: [u64; 9] = [
    765, 5_537, 13_448, 106_429, 237_333, 2_208_187, 3_146_785, 82_055_381, 48_233_277,
];
/// Article 000's Scout / NegaAlpha ratios, depths 2..10.
const E1_ARTICLE_SCOUT: [f64; 9] = [1.40, 0.90, 1.13, 0.57, 0.89, 0.39, 0.97, 0.14, 0.96];
/// Article 000's NegaScout / NegaAlpha ratios, depths 2..10.
const E1_ARTICLE_NEGASCOUT: [f64; 9] = [1.00, 0.87, 0.95, 0.84, 0.79, 0.62, 0.77, 0.35, 0.75];

pub(super) fn e1(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let suite = Suite::load_named(SUITE)?;
    let last = if cfg.quick {
        QUICK_LAST_DEPTH
    } else {
        DEPTHS.1
    };
    let depths: Vec<u32> = (DEPTHS.0..=last).collect();
    let base = SearchOptions::default();
    let rows = rows(&ROWS, &base)?;
    let result = bench_quiet(suite, rows, depths.clone(), "", cfg, progress)?;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "E1 (article 000): NegaAlpha (fail-hard), Scout, NegaScout (article's version) on FFO #40-#59, depths 2-{last}, \
         default evaluator, generation order, no table. Counter: leaves (static evaluations), as the article's tables."
    );
    text.push_str(&result.render(CountKind::Leaves, bench::Format::Text));
    let leaves = result.totals(CountKind::Leaves);
    let nodes = result.totals(CountKind::Nodes);
    let mut cmp = TextTable::new(
        "Beside article 000 (totals over the 20 positions; ratios to NegaAlpha)",
        &[
            "depth",
            "NegaAlpha leaves",
            "article NegaAlpha",
            "Scout/NA",
            "article",
            "NegaScout/NA",
            "article",
            "NegaAlpha nodes",
            "Scout/NA nodes",
            "NegaScout/NA nodes",
        ],
    );
    for (k, &d) in depths.iter().enumerate() {
        let s = (d - 2) as usize;
        cmp.push(vec![
            d.to_string(),
            thousands(leaves[0][k]),
            thousands(E1_ARTICLE_NEGAALPHA[s]),
            ratio(leaves[1][k] as f64, leaves[0][k] as f64),
            format!("{:.2}", E1_ARTICLE_SCOUT[s]),
            ratio(leaves[2][k] as f64, leaves[0][k] as f64),
            format!("{:.2}", E1_ARTICLE_NEGASCOUT[s]),
            thousands(nodes[0][k]),
            ratio(nodes[1][k] as f64, nodes[0][k] as f64),
            ratio(nodes[2][k] as f64, nodes[0][k] as f64),
        ]);
    }
    text.push_str(&cmp.text());
    let seconds: Vec<f64> = (0..3)
        .map(|r| {
            result
                .cells
                .iter()
                .filter(|c| c.row == r)
                .map(|c| c.record.counters.elapsed_secs())
                .sum()
        })
        .collect();
    let _ = writeln!(
        text,
        "\nseconds over the whole grid: NegaAlpha {:.1}, Scout {:.1}, NegaScout {:.1}",
        seconds[0], seconds[1], seconds[2]
    );
    let (chart, ratio_chart) = charts(&result, &depths, &leaves);
    Ok(ExperimentOutput {
        text,
        files: vec![
            (
                "e1.csv".into(),
                result.render(CountKind::Leaves, bench::Format::Csv),
            ),
            ("e1-summary.csv".into(), cmp.csv()),
            ("e1.ron".into(), ron_text(&result)?),
            ("e1.svg".into(), chart.to_svg()),
            ("e1-ratios.svg".into(), ratio_chart.to_svg()),
        ],
    })
}

/// E1's two charts: the leaves against depth beside the article's NegaAlpha, and each
/// row's leaves relative to NegaAlpha's (the geometric mean of the per-position ratios
/// with its bootstrap interval, and the ratio of the totals, which the deepest positions
/// decide).
fn charts(
    result: &bench::BenchResult,
    depths: &[u32],
    leaves: &[Vec<u64>],
) -> (LineChart, LineChart) {
    let chart = LineChart {
        title: "E1: leaves over FFO #40-#59".into(),
        x_label: "depth".into(),
        y_label: "leaves (total of 20 positions)".into(),
        x_ticks: depths.iter().map(u32::to_string).collect(),
        series: vec![
            series("NegaAlpha", &leaves[0]),
            series("Scout", &leaves[1]),
            series("NegaScout", &leaves[2]),
            Series {
                name: "article 000 NegaAlpha".into(),
                intervals: Vec::new(),
                values: depths
                    .iter()
                    .map(|&d| Some(E1_ARTICLE_NEGAALPHA[(d - 2) as usize] as f64))
                    .collect(),
            },
        ],
    };
    let across = result.across(CountKind::Leaves);
    let mut ratios = Vec::new();
    for (r, name) in [(1, "Scout"), (2, "NegaScout")] {
        let at = |d: u32| across.get(&(r, d));
        ratios.push(Series {
            name: format!("{name}, geo. mean"),
            values: depths.iter().map(|&d| at(d).map(|a| a.geomean)).collect(),
            intervals: depths
                .iter()
                .map(|&d| at(d).and_then(|a| a.interval))
                .collect(),
        });
    }
    for (r, name) in [(1, "Scout"), (2, "NegaScout")] {
        ratios.push(Series {
            name: format!("{name}, total ratio"),
            intervals: Vec::new(),
            values: (0..depths.len())
                .map(|k| Some(leaves[r][k] as f64 / leaves[0][k] as f64))
                .collect(),
        });
    }
    let ratio_chart = LineChart {
        title: "E1: leaves / NegaAlpha's over FFO #40-#59 (bars: 95% intervals)".into(),
        x_label: "depth".into(),
        y_label: "× NegaAlpha's leaves".into(),
        x_ticks: depths.iter().map(u32::to_string).collect(),
        series: ratios,
    };
    (chart, ratio_chart)
}

/// The app's E1: the same rows and depths on the whole suite.
fn preset() -> Session {
    let mut s = preset_with_suite(preset_base(GameKind::Othello), SUITE);
    let base = SearchOptions::default();
    s.rows = ROWS
        .iter()
        .filter_map(|spec| preset_row(spec, &base, DEPTHS))
        .collect();
    s
}
