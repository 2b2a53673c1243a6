//! E8: parallel search against threads. The four parallel rows of the generic engine
//! (PVS split at the root, Lazy SMP, YBWC, ABDADA) on FFO #40-#59 and on Connect Four
//! openings at a fixed depth, the Othello endgame solver on FFO #40-#49 and the Connect
//! Four solver on positions of twelve stones or so, each on
//! 1, 2, 4, 8 and 16 threads where the machine has them: speedup against the serial
//! search, search overhead (nodes against the serial search's), the share of thread
//! time left idle, beside the published figures.
//!
//! A parallel row's counts and times vary from run to run: each is run several times
//! and its median time reported with the spread of its nodes. Every cell runs alone,
//! one search at a time, so that its threads have the machine to themselves; the one-
//! thread point of every row is the serial search (on one thread each row is PVS node
//! for node).

use super::common::*;
use crate::experiment::repeat::min_median_max;
use crate::solve::{AnySolver, SolveOptions};

/// E8 as the CLI runs it and the Presets menu sets it up.
pub(super) const E8: Experiment = Experiment {
    name: "e8",
    label: "E8: parallel alpha-beta and the solver against threads",
    description: "Speedup, search overhead and idle time of PVS split at the root, Lazy SMP, YBWC and ABDADA (FFO #40-#59 and Connect Four at a fixed depth) and of the Othello solver (FFO #40-#49) on 1, 2, 4, 8 and 16 threads.",
    preset: Some(preset),
    run: e8,
};

/// The serial search every parallel row is measured against, and the options every
/// row shares.
const BASE: &str = "pvs";
const OPTIONS: &str = "+tt=16+id";
/// The parallel rows.
const ROWS: [(&str, &str); 4] = [
    ("pvs-root", "PVS split at the root"),
    ("lazy-smp", "Lazy SMP"),
    ("ybwc", "YBWC"),
    ("abdada", "ABDADA"),
];
/// The thread counts, where the machine has them.
const THREADS: [usize; 5] = [1, 2, 4, 8, 16];

/// One grid of the experiment: a suite's first `positions` items at `depth`.
#[derive(Clone, Copy)]
struct Part {
    /// Its name in the CSV.
    key: &'static str,
    title: &'static str,
    suite: &'static str,
    positions: usize,
    depth: u32,
}

/// The full and the quick size of each part.
const OTHELLO: (Part, Part) = (
    Part {
        key: "othello",
        title: "Othello, FFO #40-#59",
        suite: "fforum-40-59.obf",
        positions: 20,
        depth: 10,
    },
    Part {
        key: "othello",
        title: "Othello, FFO #40-#45",
        suite: "fforum-40-59.obf",
        positions: 6,
        depth: 9,
    },
);
const CONNECT4: (Part, Part) = (
    Part {
        key: "connect4",
        title: "Connect Four, Test_L1_R1 (first 20)",
        suite: "Test_L1_R1",
        positions: 20,
        depth: 17,
    },
    Part {
        key: "connect4",
        title: "Connect Four, Test_L1_R1 (first 10)",
        suite: "Test_L1_R1",
        positions: 10,
        depth: 14,
    },
);
/// The solver's positions (1-based items of FFO #40-#59) and the runs per point.
const SOLVER: (usize, usize) = (10, 1);
const RUNS: (usize, usize) = (2, 1);
/// The Connect Four solver's positions ([`connect4_openings`]).
const C4_SOLVER: usize = 12;

/// One point: a row on some threads, over its runs.
#[derive(Clone, Debug, Default)]
struct Point {
    /// The row's label.
    label: String,
    threads: usize,
    /// Wall seconds of each run (the grid's cells added up).
    seconds: Vec<f64>,
    /// Nodes of each run.
    nodes: Vec<u64>,
    /// Thread-microseconds idle, of each run.
    idle_micros: Vec<u64>,
    /// Aborted nodes, of each run.
    aborted: Vec<u64>,
}

impl Point {
    /// The run of median time: its seconds, nodes and idle share.
    fn median(&self) -> (f64, u64, f64, u64) {
        let mut order: Vec<usize> = (0..self.seconds.len()).collect();
        order.sort_by(|&a, &b| self.seconds[a].total_cmp(&self.seconds[b]));
        let Some(&k) = order.get((order.len().max(1) - 1) / 2) else {
            return (0.0, 0, 0.0, 0);
        };
        let wall = self.seconds[k] * self.threads as f64 * 1e6;
        let idle = if wall > 0.0 {
            self.idle_micros[k] as f64 / wall
        } else {
            0.0
        };
        (self.seconds[k], self.nodes[k], idle, self.aborted[k])
    }
}

/// The thread counts this machine has (always 1 and 2; the quick run stops at 2).
fn thread_counts(quick: bool) -> Vec<usize> {
    let cores = crate::platform::threads::available().max(2);
    THREADS
        .iter()
        .copied()
        .filter(|&t| t <= cores && (!quick || t <= 2))
        .collect()
}

pub(super) fn e8(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let pick = |p: (Part, Part)| if cfg.quick { p.1 } else { p.0 };
    let runs = if cfg.quick { RUNS.1 } else { RUNS.0 };
    let threads = thread_counts(cfg.quick);
    let mut text = String::new();
    let _ = writeln!(
        text,
        "E8: parallel search against threads ({} cores here; threads {}). Rows {BASE}{OPTIONS} on one \
         thread and each parallel row{OPTIONS}+threads=N; every cell alone on the machine; {} \
         of {runs} run(s) (the solvers: one run). Speedup: the serial search's seconds over the row's; overhead: the row's nodes over the \
         serial search's, less one; idle: thread time with nothing to do.",
        crate::platform::threads::available(),
        threads
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        if runs == 2 {
            "the faster"
        } else {
            "the median"
        },
    );
    let mut files = Vec::new();
    let mut csv = TextTable::new("", &CSV_HEAD);
    let mut chart_series = Vec::new();
    for part in [pick(OTHELLO), pick(CONNECT4)] {
        let points = measure_rows(part, &threads, runs, cfg, progress)?;
        text.push_str(&points_table(part.title, &points).text());
        add_csv(&mut csv, part.key, &points);
        if part.key == "othello" {
            chart_series = speedup_series(&points, &threads);
        }
    }
    let solver_items = if cfg.quick { 2 } else { SOLVER.0 };
    let solver_runs = if cfg.quick { 1 } else { SOLVER.1 };
    let ffo = Suite::load_named(OTHELLO.0.suite)?;
    let solver = measure_solver(&ffo, solver_items, &threads, solver_runs, progress)?;
    let title = format!("Othello solver, FFO #40-#{}", 39 + solver_items);
    text.push_str(&points_table(&title, &solver).text());
    add_csv(&mut csv, "solver", &solver);
    chart_series.extend(speedup_series(&solver, &threads));
    let openings = connect4_openings(if cfg.quick { 2 } else { C4_SOLVER })?;
    let c4 = measure_solver(
        &openings,
        openings.items.len(),
        &threads,
        solver_runs,
        progress,
    )?;
    let title = format!(
        "Connect Four solver, {} Test_L1_R1 lines less their last four moves",
        openings.items.len()
    );
    text.push_str(&points_table(&title, &c4).text());
    add_csv(&mut csv, "connect4-solver", &c4);
    chart_series.push(Series {
        name: "ideal (x threads)".into(),
        intervals: Vec::new(),
        values: threads.iter().map(|&t| Some(t as f64)).collect(),
    });
    text.push_str(PUBLISHED);
    let chart = LineChart {
        title: "E8: speedup against threads (FFO #40-#59; solver #40-#49)".into(),
        x_label: "threads".into(),
        y_label: "× the serial search's speed".into(),
        x_ticks: threads.iter().map(usize::to_string).collect(),
        series: chart_series,
    };
    files.push(("e8.csv".into(), csv.csv()));
    files.push(("e8.svg".into(), chart.to_svg()));
    Ok(ExperimentOutput { text, files })
}

/// The columns of `e8.csv`.
const CSV_HEAD: [&str; 12] = [
    "part",
    "row",
    "threads",
    "runs",
    "seconds_min",
    "seconds_median",
    "seconds_max",
    "nodes_min",
    "nodes_median",
    "nodes_max",
    "idle_share",
    "aborted_nodes",
];

/// The serial search once and every parallel row on every thread count above one, each
/// `runs` times over `part`'s positions; every cell alone. Scores must equal the serial
/// search's (else a bug, reported as an error).
fn measure_rows(
    part: Part,
    threads: &[usize],
    runs: usize,
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Vec<Point>, EngineError> {
    let mut suite = Suite::load_named(part.suite)?;
    suite.items.truncate(part.positions);
    let base = SearchOptions::default();
    let mut specs = vec![(format!("{BASE}{OPTIONS}"), BASE.to_string(), 1)];
    for &(row, _) in &ROWS {
        for &t in threads.iter().filter(|&&t| t > 1) {
            specs.push((format!("{row}{OPTIONS}+threads={t}"), row.to_string(), t));
        }
    }
    let mut want: Option<Vec<Option<i32>>> = None;
    let mut points = Vec::new();
    for (spec, label, t) in specs {
        let mut point = Point {
            label,
            threads: t,
            ..Point::default()
        };
        for run in 0..runs {
            progress(&format!("{}: {spec}, run {}", part.title, run + 1));
            let rows = vec![parse_row_spec(&spec, &base)?];
            let one = ExperimentConfig { threads: 1, ..cfg };
            let result = bench_quiet(suite.clone(), rows, vec![part.depth], "", one, &|_| {})?;
            if let Some(c) = result.cells.iter().find(|c| c.record.stopped.is_some()) {
                return Err(EngineError::Input(format!(
                    "{}: {spec} stopped on {} with nobody asking (a bug)",
                    part.title, c.position
                )));
            }
            let scores: Vec<Option<i32>> = result.cells.iter().map(|c| c.record.score).collect();
            match &want {
                None => want = Some(scores),
                Some(w) if *w != scores => {
                    return Err(EngineError::Input(format!(
                        "{}: {spec} disagrees with {BASE} on a score (a bug)",
                        part.title
                    )));
                }
                Some(_) => {}
            }
            let sum = |f: &dyn Fn(&crate::search::Counters) -> u64| {
                result
                    .cells
                    .iter()
                    .map(|c| f(&c.record.counters))
                    .sum::<u64>()
            };
            point.nodes.push(sum(&|c| c.nodes()));
            point.idle_micros.push(sum(&|c| c.idle_micros()));
            point.aborted.push(sum(&|c| c.aborted_nodes()));
            point.seconds.push(
                result
                    .cells
                    .iter()
                    .map(|c| c.record.counters.elapsed_secs())
                    .sum(),
            );
        }
        points.push(point);
    }
    Ok(points)
}

/// The solver on the first `items` positions of `suite` on every thread count, `runs`
/// times each. Idle: thread time less the process's CPU time, where the system tells
/// it.
fn measure_solver(
    suite: &Suite,
    items: usize,
    threads: &[usize],
    runs: usize,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Vec<Point>, EngineError> {
    let mut points = Vec::new();
    let mut want: Option<Vec<i32>> = None;
    for &t in threads {
        let mut point = Point {
            label: "solver".into(),
            threads: t,
            ..Point::default()
        };
        for run in 0..runs {
            progress(&format!(
                "{} solver: {t} threads, run {}",
                suite.name,
                run + 1
            ));
            let mut opts = SolveOptions::default();
            opts.othello.threads = t;
            opts.connect4.threads = t;
            let mut solver = AnySolver::new(suite.kind, &opts).map_err(EngineError::Input)?;
            let (mut seconds, mut nodes) = (0.0, 0);
            let mut scores = Vec::new();
            let cpu_before = crate::solve::cpu_seconds(2);
            for i in 0..items.min(suite.items.len()) {
                let row = solver.solve_item(suite, i).map_err(EngineError::Input)?;
                seconds += row.seconds;
                nodes += row.nodes;
                scores.push(row.score);
            }
            let cpu = crate::solve::cpu_seconds(2)
                .zip(cpu_before)
                .map(|(a, b)| a - b);
            if want.get_or_insert_with(|| scores.clone()) != &scores {
                return Err(EngineError::Input(format!(
                    "{}: the solver on {t} threads disagrees on a score (a bug)",
                    suite.name
                )));
            }
            // One thread waits for nobody (its wall time less its CPU time is the system's).
            let idle = match cpu {
                Some(c) if t > 1 => (seconds * t as f64 - c).max(0.0),
                _ => 0.0,
            };
            point.seconds.push(seconds);
            point.nodes.push(nodes);
            point.idle_micros.push((idle * 1e6) as u64);
            point.aborted.push(0);
        }
        points.push(point);
    }
    Ok(points)
}

/// Connect Four positions big enough to split: the lines of Pons' Test_L1_R1 with
/// their last four moves taken back (at least seven left), the first `count` of them.
fn connect4_openings(count: usize) -> Result<Suite, EngineError> {
    let (_, text) = crate::engine::shipped_suites()
        .into_iter()
        .find(|(file, _)| file.ends_with("Test_L1_R1"))
        .ok_or_else(|| EngineError::Input("Test_L1_R1 is not shipped".into()))?;
    let items = text
        .lines()
        .filter_map(|line| {
            let moves = line.split_whitespace().next()?;
            let fewer = &moves[..moves.len().checked_sub(4)?];
            (fewer.len() >= 7).then_some(fewer)
        })
        .take(count)
        .map(|moves| {
            Ok(crate::engine::SuiteItem {
                name: moves.to_string(),
                position: AnyPosition::parse(GameKind::Connect4, moves)
                    .map_err(|e| EngineError::Input(e.to_string()))?,
                expected_score: None,
                move_scores: Vec::new(),
            })
        })
        .collect::<Result<Vec<_>, EngineError>>()?;
    Ok(Suite {
        name: "Test_L1_R1 less four moves".into(),
        kind: GameKind::Connect4,
        items,
    })
}

/// A part's table: per row and threads, the median run's seconds, speedup, nodes,
/// overhead and idle share, and the spread of the nodes.
fn points_table(title: &str, points: &[Point]) -> TextTable {
    let mut t = TextTable::new(
        title,
        &[
            "row",
            "threads",
            "seconds",
            "speedup",
            "nodes",
            "overhead",
            "idle",
            "nodes min-max",
        ],
    );
    let Some(base) = points.first() else {
        return t;
    };
    let (base_s, base_n, _, _) = base.median();
    for p in points {
        let (s, n, idle, _) = p.median();
        let (lo, _, hi) = min_median_max(&p.nodes).unwrap_or((0, 0, 0));
        t.push(vec![
            p.label.clone(),
            p.threads.to_string(),
            format!("{s:.3}"),
            if s > 0.0 {
                format!("{:.2}x", base_s / s)
            } else {
                "-".into()
            },
            thousands(n),
            if base_n > 0 {
                format!("{:+.0}%", (n as f64 / base_n as f64 - 1.0) * 100.0)
            } else {
                "-".into()
            },
            format!("{:.0}%", idle * 100.0),
            format!("{}-{}", thousands(lo), thousands(hi)),
        ]);
    }
    t
}

fn add_csv(csv: &mut TextTable, part: &str, points: &[Point]) {
    for p in points {
        let (s_lo, s_med, s_hi) = min_median_max(&p.seconds).unwrap_or((0.0, 0.0, 0.0));
        let (n_lo, n_med, n_hi) = min_median_max(&p.nodes).unwrap_or((0, 0, 0));
        let (_, _, idle, aborted) = p.median();
        csv.push(vec![
            part.to_string(),
            p.label.clone(),
            p.threads.to_string(),
            p.seconds.len().to_string(),
            format!("{s_lo:.4}"),
            format!("{s_med:.4}"),
            format!("{s_hi:.4}"),
            n_lo.to_string(),
            n_med.to_string(),
            n_hi.to_string(),
            format!("{idle:.4}"),
            aborted.to_string(),
        ]);
    }
}

/// A line per row: its speedup at each thread count (the serial search's point at one
/// thread for the parallel rows).
fn speedup_series(points: &[Point], threads: &[usize]) -> Vec<Series> {
    let Some(base) = points.first() else {
        return Vec::new();
    };
    let base_s = base.median().0;
    let mut labels: Vec<&str> = Vec::new();
    for p in points
        .iter()
        .filter(|p| p.threads > 1 || p.label == "solver")
    {
        if !labels.contains(&p.label.as_str()) {
            labels.push(&p.label);
        }
    }
    labels
        .into_iter()
        .map(|label| Series {
            name: ROWS
                .iter()
                .find(|(r, _)| *r == label)
                .map_or("Othello solver", |(_, name)| name)
                .to_string(),
            intervals: Vec::new(),
            values: threads
                .iter()
                .map(|&t| {
                    let p = points
                        .iter()
                        .find(|p| p.threads == t && (p.label == label || t == 1))?;
                    let s = p.median().0;
                    (s > 0.0).then(|| base_s / s)
                })
                .collect(),
        })
        .collect()
}

/// The published figures printed under the tables.
const PUBLISHED: &str = "
Published figures, for comparison (other programs, games and machines):
  R. Hyatt, DTS (Cray Blitz, chess): 11.1x at 16 processors.
  Edax 4.x, Othello endgames FFO #60-#79: 8.2x-8.8x at 12-16 threads; FFO #40-#49 measured beside
    treelab's solver on a 16-core Xeon: 6.5x at 16 threads (docs/results/cores.md).
  Egaroucid (Othello, YBWC): nodes 1.59x from 1 to 32 threads.
What differs here: the generic engine's table answers a node only at the depth it was stored for
(so that every row keeps plain minimax's exact value at a fixed depth), which takes most of Lazy
SMP's gain (a deeper helper's bounds never answer the main thread); its helpers are threads started
at each split, not a standing pool; and the depths are fixed, not a time control.
";

/// The app's E8: the serial search (the baseline) and the four parallel rows on each
/// of this machine's thread counts above one (up to 16), at depth 10 on the whole of
/// FFO #40-#59; the charts tab draws their speedup against threads. (The app runs a
/// row on threads of its own alone, after the others.)
fn preset() -> Session {
    let mut s = preset_with_suite(preset_base(GameKind::Othello), OTHELLO.0.suite);
    let base = SearchOptions::default();
    let depth = (OTHELLO.0.depth, OTHELLO.0.depth);
    let threads: Vec<usize> = thread_counts(false)
        .into_iter()
        .filter(|&t| t > 1)
        .collect();
    s.rows = std::iter::once(format!("{BASE}{OPTIONS}"))
        .chain(ROWS.iter().flat_map(|(row, _)| {
            threads
                .iter()
                .map(move |t| format!("{row}{OPTIONS}+threads={t}"))
        }))
        .filter_map(|spec| preset_row(&spec, &base, depth))
        .collect();
    s
}
