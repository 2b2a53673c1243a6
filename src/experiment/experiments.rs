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
        "e1" => e1(cfg, progress),
        "e2" => e2(cfg, progress),
        "e3" => e3(cfg, progress),
        "e4" => e4(cfg, progress),
        "e5" => e5(cfg, progress),
        other => Err(EngineError::Input(format!(
            "unknown experiment '{other}'; expected one of {}",
            EXPERIMENTS.join(", ")
        ))),
    }
}

// ---------------------------------------------------------------------------------------
// E1

/// Seed 000's totals of NegaAlpha over FFO #40-#59, depths 2..10 (leaves).
const E1_SEED_NEGAALPHA: [u64; 9] = [
    765, 5_537, 13_448, 106_429, 237_333, 2_208_187, 3_146_785, 82_055_381, 48_233_277,
];
/// Seed 000's Scout / NegaAlpha ratios, depths 2..10.
const E1_SEED_SCOUT: [f64; 9] = [1.40, 0.90, 1.13, 0.57, 0.89, 0.39, 0.97, 0.14, 0.96];
/// Seed 000's NegaScout / NegaAlpha ratios, depths 2..10.
const E1_SEED_NEGASCOUT: [f64; 9] = [1.00, 0.87, 0.95, 0.84, 0.79, 0.62, 0.77, 0.35, 0.75];

fn e1(
    cfg: ExperimentConfig,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let suite = Suite::load_named("fforum-40-59.obf")?;
    let last = if cfg.quick { 8 } else { 10 };
    let depths: Vec<u32> = (2..=last).collect();
    let base = SearchOptions::default();
    let rows = rows(
        &["negaalpha", "scout", "negascout+skip-shallow-research"],
        &base,
    )?;
    let result = bench_quiet(suite, rows, depths.clone(), "", cfg, progress)?;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "E1 (seed 000): NegaAlpha (fail-hard), Scout, NegaScout (seed version) on FFO #40-#59, depths 2-{last}, \
         default evaluator, generation order, no table. Counter: leaves (static evaluations), as the seed's tables."
    );
    text.push_str(&result.render(CountKind::Leaves, bench::Format::Text));
    let leaves = result.totals(CountKind::Leaves);
    let nodes = result.totals(CountKind::Nodes);
    let mut cmp = Table::new(
        "Beside seed 000 (totals over the 20 positions; ratios to NegaAlpha)",
        &[
            "depth",
            "NegaAlpha leaves",
            "seed NegaAlpha",
            "Scout/NA",
            "seed",
            "NegaScout/NA",
            "seed",
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
            thousands(E1_SEED_NEGAALPHA[s]),
            ratio(leaves[1][k] as f64, leaves[0][k] as f64),
            format!("{:.2}", E1_SEED_SCOUT[s]),
            ratio(leaves[2][k] as f64, leaves[0][k] as f64),
            format!("{:.2}", E1_SEED_NEGASCOUT[s]),
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
                .map(|c| c.record.stats.elapsed_secs)
                .sum()
        })
        .collect();
    let _ = writeln!(
        text,
        "\nseconds over the whole grid: NegaAlpha {:.1}, Scout {:.1}, NegaScout {:.1}",
        seconds[0], seconds[1], seconds[2]
    );
    let chart = LineChart {
        title: "E1: leaves over FFO #40-#59".into(),
        x_label: "depth".into(),
        y_label: "leaves (total of 20 positions)".into(),
        x_ticks: depths.iter().map(u32::to_string).collect(),
        series: vec![
            series("NegaAlpha", &leaves[0]),
            series("Scout", &leaves[1]),
            series("NegaScout (seed)", &leaves[2]),
            Series {
                name: "seed 000 NegaAlpha".into(),
                values: depths
                    .iter()
                    .map(|&d| Some(E1_SEED_NEGAALPHA[(d - 2) as usize] as f64))
                    .collect(),
            },
        ],
    };
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
        ],
    })
}

fn series(name: &str, values: &[u64]) -> Series {
    Series {
        name: name.into(),
        values: values.iter().map(|&v| Some(v as f64)).collect(),
    }
}

// ---------------------------------------------------------------------------------------
// E2

/// Seed 004's mean nodes per game: `(k, nodes, seconds)` (k = 0 is plain alpha-beta).
const E2_SEED: [(u32, f64, f64); 9] = [
    (0, 182_336.39, 22_964.40),
    (1, 112_789.62, 16_365.91),
    (2, 108_800.69, 16_000.39),
    (4, 94_617.41, 14_969.75),
    (8, 98_554.55, 15_192.91),
    (16, 97_492.46, 15_086.16),
    (32, 93_997.23, 15_284.74),
    (64, 96_379.85, 15_488.62),
    (128, 98_864.71, 15_681.85),
];

/// E2's result: one self-play match per killer count.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct E2Result {
    /// The killer counts, in order.
    pub killers: Vec<u32>,
    /// One match per killer count.
    pub matches: Vec<MatchResult>,
}

fn e2(
    cfg: ExperimentConfig,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let (games, openings, depth) = if cfg.quick { (10, 4, 6) } else { (100, 4, 6) };
    let seed = 2011;
    let ks: Vec<u32> = E2_SEED.iter().map(|s| s.0).collect();
    let base = SearchOptions::default();
    let mut matches = Vec::new();
    for &k in &ks {
        let spec_text = format!("negaalpha+killers={k}@{depth}");
        let player = parse_player(&spec_text, &base)?;
        let spec = MatchSpec {
            game: GameKind::Othello,
            a: player.clone(),
            b: player,
            games,
            seed,
            openings,
            alternate: false,
            evaluator: String::new(),
            threads: cfg.threads,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let m = run_match(&spec, &stop, &|done, total| {
            progress(&format!("k={k}: {done}/{total} games"));
        })?;
        matches.push(m);
    }
    let mut text = String::new();
    let _ = writeln!(
        text,
        "E2 (seed 004): killer moves per ply, NegaAlpha (fail-hard, generation order) at depth {depth}, \
         Othello self-play (the same player on both sides), {games} games from {openings} seeded random \
         opening moves (seed {seed}); nodes and seconds per game are both sides' searches together."
    );
    let base_nodes = matches[0].total_nodes().mean;
    let base_secs = matches[0].total_seconds().mean;
    let mut t = Table::new(
        "Mean per game (± standard deviation over the games) beside seed 004",
        &[
            "k",
            "nodes/game",
            "± sd",
            "vs k=0",
            "seconds/game",
            "time vs k=0",
            "seed nodes/game",
            "seed vs k=0",
            "seed time vs k=0",
        ],
    );
    for (m, (k, seed_nodes, seed_ms)) in matches.iter().zip(E2_SEED) {
        let n = m.total_nodes();
        let s = m.total_seconds();
        t.push(vec![
            if k == 0 {
                "0 (alpha-beta)".into()
            } else {
                k.to_string()
            },
            format!("{:.0}", n.mean),
            format!("{:.0}", n.stddev),
            format!("{:+.1}%", (n.mean / base_nodes - 1.0) * 100.0),
            format!("{:.3}", s.mean),
            format!("{:+.1}%", (s.mean / base_secs - 1.0) * 100.0),
            format!("{seed_nodes:.0}"),
            format!("{:+.1}%", (seed_nodes / E2_SEED[0].1 - 1.0) * 100.0),
            format!("{:+.1}%", (seed_ms / E2_SEED[0].2 - 1.0) * 100.0),
        ]);
    }
    text.push_str(&t.text());
    let best = matches
        .iter()
        .zip(&ks)
        .skip(1)
        .min_by(|a, b| a.0.total_nodes().mean.total_cmp(&b.0.total_nodes().mean));
    if let Some((m, k)) = best {
        let _ = writeln!(
            text,
            "\nfewest nodes: k={k}, {:.1}% fewer than alpha-beta (seed: k=32, 48.4% fewer)",
            (1.0 - m.total_nodes().mean / base_nodes) * 100.0
        );
    }
    let same_games = matches
        .iter()
        .filter(|m| {
            m.games
                .iter()
                .zip(&matches[0].games)
                .all(|(a, b)| a.moves == b.moves)
        })
        .count();
    let _ = writeln!(
        text,
        "matches whose games are move for move those of alpha-beta: {same_games}/{} \
         (killers change the order, so a tie between equal moves can go another way)",
        matches.len()
    );
    let chart = LineChart {
        title: format!("E2: killer moves, NegaAlpha depth {depth}, Othello games"),
        x_label: "killer moves per ply (0 = plain alpha-beta)".into(),
        y_label: "mean nodes per game".into(),
        x_ticks: ks.iter().map(u32::to_string).collect(),
        series: vec![
            Series {
                name: "treelab".into(),
                values: matches.iter().map(|m| Some(m.total_nodes().mean)).collect(),
            },
            Series {
                name: "seed 004".into(),
                values: E2_SEED.iter().map(|s| Some(s.1)).collect(),
            },
        ],
    };
    let mut games_csv = String::new();
    for (m, k) in matches.iter().zip(&ks) {
        for (i, line) in m.render(true).lines().enumerate() {
            if i == 0 {
                if games_csv.is_empty() {
                    let _ = writeln!(games_csv, "killers,{line}");
                }
            } else {
                let _ = writeln!(games_csv, "{k},{line}");
            }
        }
    }
    let result = E2Result {
        killers: ks,
        matches,
    };
    Ok(ExperimentOutput {
        text,
        files: vec![
            ("e2.csv".into(), t.csv()),
            ("e2-games.csv".into(), games_csv),
            ("e2.ron".into(), ron_text(&result)?),
            ("e2.svg".into(), chart.to_svg()),
        ],
    })
}

// ---------------------------------------------------------------------------------------
// E3

/// One E3 cell: an option set and the total nodes of each algorithm over the 627 classes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct E3Cell {
    /// Scoring name.
    pub scoring: String,
    /// Initial window name.
    pub window: String,
    /// Transposition table (1 MiB, symmetric) on.
    pub tt: bool,
    /// Ordering label (`none`, `static`, `eval`, `shallow:3`, `oracle`, `oracle-wl`).
    pub ordering: String,
    /// Every move ordered (true) or only the first (false).
    pub order_all: bool,
    /// `(algorithm, total nodes)`; `None` where the algorithm refuses the options.
    pub totals: Vec<(String, Option<u64>)>,
}

/// E3's result.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct E3Result {
    /// How many positions every cell sums over (627).
    pub positions: usize,
    /// The cells.
    pub cells: Vec<E3Cell>,
}

/// E3's algorithms: seed 002's alpha-beta (fail-soft), seed 002's "scout" (null window
/// plus re-search: PVS), NegaScout, and Pearl's Scout.
const E3_ALGOS: [(&str, Algorithm, bool); 4] = [
    ("alphabeta", Algorithm::AlphaBeta, true),
    ("pvs", Algorithm::Pvs, false),
    ("negascout", Algorithm::NegaScout, false),
    ("scout", Algorithm::Scout, false),
];

/// Seed 002's figures: `(scoring, window, tt, ordering, order_all, alpha-beta, scout)`.
const E3_SEED: [(&str, &str, bool, &str, bool, u64, u64); 25] = [
    (
        "win-loss", "infinite", false, "static", false, 13_866, 14_726,
    ),
    ("win-loss", "game", false, "static", false, 8_769, 9_400),
    (
        "win-loss", "infinite", true, "static", false, 10_384, 10_392,
    ),
    ("win-loss", "game", true, "static", false, 6_651, 6_837),
    (
        "win-loss",
        "infinite",
        false,
        "shallow:3",
        false,
        10_679,
        10_839,
    ),
    ("win-loss", "game", false, "shallow:3", false, 6_127, 6_194),
    (
        "win-loss",
        "infinite",
        true,
        "shallow:3",
        false,
        8_792,
        8_761,
    ),
    ("win-loss", "game", true, "shallow:3", false, 5_016, 5_028),
    (
        "shortest-win",
        "infinite",
        false,
        "static",
        false,
        15_135,
        15_645,
    ),
    (
        "shortest-win",
        "game",
        false,
        "static",
        false,
        13_145,
        14_052,
    ),
    (
        "shortest-win",
        "infinite",
        true,
        "static",
        false,
        11_091,
        11_135,
    ),
    ("shortest-win", "game", true, "static", false, 9_743, 9_918),
    (
        "win-loss", "infinite", false, "oracle", false, 13_151, 13_151,
    ),
    ("win-loss", "game", false, "oracle", false, 8_225, 8_225),
    (
        "win-loss", "infinite", true, "oracle", false, 10_035, 10_035,
    ),
    ("win-loss", "game", true, "oracle", false, 6_080, 6_080),
    (
        "shortest-win",
        "infinite",
        false,
        "oracle-wl",
        false,
        14_404,
        14_389,
    ),
    (
        "shortest-win",
        "game",
        false,
        "oracle-wl",
        false,
        13_215,
        13_345,
    ),
    (
        "shortest-win",
        "infinite",
        true,
        "oracle-wl",
        false,
        10_634,
        10_590,
    ),
    (
        "shortest-win",
        "game",
        true,
        "oracle-wl",
        false,
        9_691,
        9_670,
    ),
    (
        "shortest-win",
        "infinite",
        false,
        "oracle",
        false,
        11_106,
        11_106,
    ),
    (
        "shortest-win",
        "infinite",
        false,
        "shallow:3",
        false,
        10_691,
        10_869,
    ),
    (
        "shortest-win",
        "game",
        false,
        "shallow:3",
        false,
        9_263,
        9_441,
    ),
    (
        "shortest-win",
        "infinite",
        true,
        "shallow:3",
        false,
        8_808,
        8_850,
    ),
    (
        "shortest-win",
        "game",
        true,
        "shallow:3",
        false,
        7_561,
        7_603,
    ),
];

fn e3_options(
    scoring: Scoring,
    window: InitialWindow,
    tt: bool,
    ordering: &str,
    order_all: bool,
) -> Result<SearchOptions, EngineError> {
    let (order, win_loss) = match ordering {
        "oracle-wl" => (MoveOrder::Oracle, true),
        other => (MoveOrder::from_name(other)?, false),
    };
    Ok(SearchOptions {
        ordering: order,
        order_all,
        oracle_win_loss: win_loss,
        tt_mib: u32::from(tt),
        tt_symmetry: tt,
        window,
        scoring,
        ..SearchOptions::default()
    })
}

fn e3(
    cfg: ExperimentConfig,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let classes: Vec<TicTacToe> = TicTacToe::canonical_classes()
        .into_iter()
        .filter(|p| p.outcome().is_none())
        .collect();
    // (ordering, order_all) pairs; "oracle-wl" only under shortest-win scoring.
    let orderings: Vec<(&str, bool)> = if cfg.quick {
        vec![
            ("none", true),
            ("static", false),
            ("oracle", false),
            ("oracle-wl", false),
        ]
    } else {
        vec![
            ("none", true),
            ("static", false),
            ("static", true),
            ("eval", false),
            ("eval", true),
            ("shallow:3", false),
            ("shallow:3", true),
            ("oracle", false),
            ("oracle", true),
            ("oracle-wl", false),
        ]
    };
    let mut grid = Vec::new();
    for scoring in [Scoring::WinLoss, Scoring::ShortestWin] {
        for tt in [false, true] {
            for window in [InitialWindow::Infinite, InitialWindow::GameRange] {
                for &(ordering, all) in &orderings {
                    if ordering == "oracle-wl" && scoring != Scoring::ShortestWin {
                        continue;
                    }
                    grid.push((scoring, window, tt, ordering, all));
                }
            }
        }
    }
    let total = grid.len();
    let cells: Vec<E3Cell> = parallel_map(
        &grid,
        cfg.threads,
        |&(scoring, window, tt, ordering, all)| {
            let mut totals = Vec::new();
            for (name, algo, fail_soft) in E3_ALGOS {
                let mut opts = e3_options(scoring, window, tt, ordering, all)?;
                opts.fail_soft = fail_soft;
                if opts.validate(algo, 9).is_err() {
                    totals.push((name.to_string(), None));
                    continue;
                }
                let req = SearchRequest {
                    algorithm: algo,
                    options: opts,
                    depth: TicTacToe::MAX_PLIES as u32,
                    evaluator: "lines".into(),
                };
                let mut sum = 0;
                for p in &classes {
                    sum += run_search(&AnyPosition::TicTacToe(*p), &req, SearchControl::default())?
                        .stats
                        .nodes;
                }
                totals.push((name.to_string(), Some(sum)));
            }
            Ok(E3Cell {
                scoring: scoring.name().into(),
                window: window.name().into(),
                tt,
                ordering: ordering.into(),
                order_all: all,
                totals,
            })
        },
        &|done| progress(&format!("E3: {done}/{total} option sets")),
    )?;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "E3 (seed 002): total nodes over the {} tic-tac-toe classes that are not over, each searched to the end.\n\
         alphabeta = seed's ai_abs (fail-soft); pvs = seed's ai_scout (null window, re-search on fail high); \
         negascout = Reinefeld; scout = Pearl's TEST/EVAL Scout (takes no window, so no 'game' window cells).\n\
         Orderings: none = generation order; static = centre, corners, edges (weak); eval = one ply of the 'lines' \
         evaluator; shallow:3 = a 3-ply search with it (strong); oracle = exact values (perfect); oracle-wl = exact \
         win/draw/loss without the distance (not perfect under shortest-win). first = only the best-rated move first, \
         all = every move sorted. tt = 1 MiB table shared between the 8 symmetric boards.",
        classes.len()
    );
    let mut t = Table::new(
        "Total nodes per option set",
        &[
            "scoring",
            "tt",
            "window",
            "ordering",
            "sorted",
            "alphabeta",
            "pvs",
            "negascout",
            "scout",
            "ab=pvs",
            "ab=scout",
            "seed ab",
            "seed scout",
        ],
    );
    let get = |c: &E3Cell, i: usize| c.totals.get(i).and_then(|x| x.1);
    let show = |v: Option<u64>| v.map_or_else(|| "-".to_string(), |n| n.to_string());
    let eq = |a: Option<u64>, b: Option<u64>| match (a, b) {
        (Some(a), Some(b)) if a == b => "yes".to_string(),
        (Some(_), Some(_)) => "no".to_string(),
        _ => "-".to_string(),
    };
    for c in &cells {
        let seed = E3_SEED.iter().find(|s| {
            s.0 == c.scoring
                && s.1 == c.window
                && s.2 == c.tt
                && s.3 == c.ordering
                && s.4 == c.order_all
        });
        t.push(vec![
            c.scoring.clone(),
            if c.tt { "on" } else { "off" }.into(),
            c.window.clone(),
            c.ordering.clone(),
            if c.order_all { "all" } else { "first" }.into(),
            show(get(c, 0)),
            show(get(c, 1)),
            show(get(c, 2)),
            show(get(c, 3)),
            eq(get(c, 0), get(c, 1)),
            eq(get(c, 0), get(c, 3)),
            seed.map_or_else(String::new, |s| s.5.to_string()),
            seed.map_or_else(String::new, |s| s.6.to_string()),
        ]);
    }
    text.push_str(&t.text());
    // The seed's claim, stated explicitly.
    let perfect: Vec<&E3Cell> = cells
        .iter()
        .filter(|c| c.ordering == "oracle" && !c.order_all)
        .collect();
    let count_eq = |i: usize| {
        perfect
            .iter()
            .filter(|c| get(c, i).is_some() && get(c, 0) == get(c, i))
            .count()
    };
    let with_scout = perfect.iter().filter(|c| get(c, 3).is_some()).count();
    let pvs_eq = count_eq(1);
    let ns_eq = count_eq(2);
    let scout_eq = count_eq(3);
    let _ = writeln!(
        text,
        "\nperfect oracle (first move ordered), every scoring, window and table:\n  \
         alpha-beta == PVS (seed's scout): {} ({pvs_eq}/{} option sets)\n  \
         alpha-beta == NegaScout: {} ({ns_eq}/{})\n  \
         alpha-beta == Pearl's Scout: {} ({scout_eq}/{with_scout})",
        yes_no(pvs_eq == perfect.len()),
        perfect.len(),
        yes_no(ns_eq == perfect.len()),
        perfect.len(),
        yes_no(scout_eq == with_scout),
    );
    let blind: Vec<&E3Cell> = cells.iter().filter(|c| c.ordering == "oracle-wl").collect();
    let blind_eq = blind.iter().filter(|c| get(c, 0) == get(c, 1)).count();
    let _ = writeln!(
        text,
        "  shortest-win with an oracle blind to win distance: alpha-beta == PVS in {blind_eq}/{} option sets \
         (seed: differ, 14,404 vs 14,389)",
        blind.len()
    );
    // Seed 002's strongly-solved check, on every reachable position.
    for (algo, order) in [
        ("alphabeta", "static"),
        ("scout", "static"),
        ("pvs", "oracle"),
    ] {
        let req = SearchRequest {
            algorithm: Algorithm::from_name(algo)?,
            options: SearchOptions {
                ordering: MoveOrder::from_name(order)?,
                ..SearchOptions::default()
            },
            depth: TicTacToe::MAX_PLIES as u32,
            evaluator: "lines".into(),
        };
        let (optimal, all) = strongly_solved(&req)?;
        let _ = writeln!(
            text,
            "strongly solved: {algo} with {order} ordering picks an optimal move in {optimal}/{all} positions"
        );
    }
    let chart_cells: Vec<&E3Cell> = cells
        .iter()
        .filter(|c| c.scoring == "win-loss" && !c.tt && c.window == "infinite")
        .collect();
    let chart = LineChart {
        title: "E3: tic-tac-toe, 627 classes (win-loss, no table, window infinite)".into(),
        x_label: "move ordering".into(),
        y_label: "total nodes".into(),
        x_ticks: chart_cells
            .iter()
            .map(|c| {
                if c.ordering == "none" {
                    "none".into()
                } else {
                    format!(
                        "{} {}",
                        c.ordering,
                        if c.order_all { "all" } else { "first" }
                    )
                }
            })
            .collect(),
        series: E3_ALGOS
            .iter()
            .enumerate()
            .map(|(i, (name, _, _))| Series {
                name: (*name).into(),
                values: chart_cells
                    .iter()
                    .map(|c| get(c, i).map(|v| v as f64))
                    .collect(),
            })
            .collect(),
    };
    let result = E3Result {
        positions: classes.len(),
        cells,
    };
    Ok(ExperimentOutput {
        text,
        files: vec![
            ("e3.csv".into(), t.csv()),
            ("e3.ron".into(), ron_text(&result)?),
            ("e3.svg".into(), chart.to_svg()),
        ],
    })
}

fn yes_no(b: bool) -> &'static str {
    if b { "equal: yes" } else { "equal: NO" }
}

/// How many reachable tic-tac-toe positions (not over) `req` plays optimally in (the
/// same check as `treelab verify`).
fn strongly_solved(req: &SearchRequest) -> Result<(usize, usize), EngineError> {
    super::verify::verify_tictactoe(req).map_err(|e| EngineError::Input(format!("{e:#}")))
}

/// Maps `f` over `items` on `threads` workers, keeping the order; the first error wins.
fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> Result<R, EngineError> + Sync,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<R>, EngineError> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let out: Mutex<Vec<(usize, Result<R, EngineError>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(item);
                    if let Ok(mut o) = out.lock() {
                        o.push((i, r));
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    let mut out = out.into_inner().unwrap_or_default();
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, r)| r).collect()
}

// ---------------------------------------------------------------------------------------
// E4

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

/// E4's algorithm rows on random trees.
const E4_TREE_ROWS: [&str; 5] = ["alphabeta", "negascout", "mtdf+tt=4", "sss", "mt-sss+tt=4"];

fn e4(
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
    let models = [
        ValueModel::Independent { range: 1000 },
        ValueModel::Incremental { step: 10 },
    ];
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
            for seed in 1..=seeds {
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
                    sums[k].0 += r.stats.leaves;
                    sums[k].1 += r.stats.nodes;
                    sums[k].2 += r.stats.null_window_passes;
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
        "mt-sss+order=static+tt=16+id",
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
        &["iteration depth", "mtdf", "mt-sss"],
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
        per_depth.push(vec![d.to_string(), mean_passes(mtdf_row), mean_passes(4)]);
    }
    text.push_str(&per_depth.text());
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
        ],
    })
}

fn model_name(m: ValueModel) -> String {
    match m {
        ValueModel::Independent { range } => format!("independent:{range}"),
        ValueModel::Incremental { step } => format!("incremental:{step}"),
    }
}

// ---------------------------------------------------------------------------------------
// E5

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

fn e5(
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
