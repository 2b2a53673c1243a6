//! E3: alpha-beta vs Scout on every tic-tac-toe position, options crossed (article 002).

use super::*;

/// E3 as the CLI runs it and the Presets menu sets it up.
pub(super) const E3: Experiment = Experiment {
    name: "e3",
    label: "E3: alpha-beta vs Scout with perfect ordering, 627 tic-tac-toe classes",
    description: "Article 002: every non-final position up to symmetry searched to the end; with a perfect oracle both search the same nodes, with a weak ordering they differ.",
    preset: Some(preset),
    run: e3,
};

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

/// E3's algorithms: article 002's alpha-beta (fail-soft), article 002's "scout" (null window
/// plus re-search: PVS), NegaScout, and Pearl's Scout.
const E3_ALGOS: [(&str, Algorithm, bool); 4] = [
    ("alphabeta", Algorithm::AlphaBeta, true),
    ("pvs", Algorithm::Pvs, false),
    ("negascout", Algorithm::NegaScout, false),
    ("scout", Algorithm::Scout, false),
];

/// Article 002's figures: `(scoring, window, tt, ordering, order_all, alpha-beta, scout)`.
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

pub(super) fn e3(
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
        "E3 (article 002): total nodes over the {} tic-tac-toe classes that are not over, each searched to the end.\n\
         alphabeta = article's ai_abs (fail-soft); pvs = article's ai_scout (null window, re-search on fail high); \
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
    // The article's claim, stated explicitly.
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
         alpha-beta == PVS (article's scout): {} ({pvs_eq}/{} option sets)\n  \
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
    // Article 002's strongly-solved check, on every reachable position.
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
    crate::experiment::verify::verify_tictactoe(req)
        .map_err(|e| EngineError::Input(format!("{e:#}")))
}

/// The app's E3: article 002's headline cells (win-loss scoring, no table, infinite
/// window) for alpha-beta and Scout, with the perfect oracle and with the static
/// ordering, searched to the end on the 627 classes; the same options as those cells
/// of the CLI's grid.
fn preset() -> Session {
    let mut s = preset_with_suite(preset_base(GameKind::TicTacToe), "classes-627.ttt");
    let depth = TicTacToe::MAX_PLIES as u32;
    for ordering in ["oracle", "static"] {
        for (name, algorithm, fail_soft) in E3_ALGOS {
            if name != "alphabeta" && name != "scout" {
                continue;
            }
            let Ok(mut options) = e3_options(
                Scoring::WinLoss,
                InitialWindow::Infinite,
                false,
                ordering,
                false,
            ) else {
                continue;
            };
            options.fail_soft = fail_soft;
            s.rows.push(ComparisonRow {
                algorithm,
                options,
                depth_min: depth,
                depth_max: depth,
                ..ComparisonRow::new(algorithm)
            });
        }
    }
    s
}
