//! E3: alpha-beta vs Scout on every tic-tac-toe position, options crossed (article 002).

use super::common::*;

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
    /// Each class's nodes, in the order of `totals` (`None` where refused); not written
    /// to the RON result (it would hold 627 numbers a cell and algorithm).
    #[serde(skip)]
    pub each: Vec<Option<Vec<u64>>>,
}

impl E3Cell {
    /// The total nodes of the algorithm named `algo` (one of E3's: `alphabeta`, `pvs`,
    /// `negascout`, `scout`); `None` where it refuses the options or is not in the cell.
    #[must_use]
    pub fn total(&self, algo: &str) -> Option<u64> {
        self.totals
            .iter()
            .find(|(name, _)| name == algo)
            .and_then(|(_, total)| *total)
    }
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

/// One of E3's algorithms: its name in the tables, the algorithm and whether it fails soft.
struct E3Algo {
    /// Its name in the tables and in [`E3Cell::totals`].
    name: &'static str,
    /// The algorithm.
    algorithm: Algorithm,
    /// Fail-soft (article 002's alpha-beta) rather than fail-hard.
    fail_soft: bool,
}

/// E3's algorithms: article 002's alpha-beta (fail-soft), article 002's "scout" (null window
/// plus re-search: PVS), NegaScout, and Pearl's Scout.
const E3_ALGOS: [E3Algo; 4] = [
    E3Algo {
        name: ALPHABETA,
        algorithm: Algorithm::AlphaBeta,
        fail_soft: true,
    },
    E3Algo {
        name: PVS,
        algorithm: Algorithm::Pvs,
        fail_soft: false,
    },
    E3Algo {
        name: NEGASCOUT,
        algorithm: Algorithm::NegaScout,
        fail_soft: false,
    },
    E3Algo {
        name: SCOUT,
        algorithm: Algorithm::Scout,
        fail_soft: false,
    },
];

/// The names of E3's algorithms, as the cells' totals name them.
const ALPHABETA: &str = "alphabeta";
const PVS: &str = "pvs";
const NEGASCOUT: &str = "negascout";
const SCOUT: &str = "scout";

/// One of article 002's figures: an option set and the total nodes of its alpha-beta and
/// its scout.
struct ArticleCell {
    /// Scoring name.
    scoring: &'static str,
    /// Initial window name.
    window: &'static str,
    /// Transposition table on.
    tt: bool,
    /// Ordering label.
    ordering: &'static str,
    /// Every move ordered.
    order_all: bool,
    /// Article 002's alpha-beta's total nodes.
    alphabeta: u64,
    /// Article 002's scout's total nodes.
    scout: u64,
}

impl ArticleCell {
    /// Whether this figure is for `cell`'s option set.
    fn is_for(&self, cell: &E3Cell) -> bool {
        self.scoring == cell.scoring
            && self.window == cell.window
            && self.tt == cell.tt
            && self.ordering == cell.ordering
            && self.order_all == cell.order_all
    }
}

/// A [`ArticleCell`], written short.
const fn article_cell(
    scoring: &'static str,
    window: &'static str,
    tt: bool,
    ordering: &'static str,
    order_all: bool,
    alphabeta: u64,
    scout: u64,
) -> ArticleCell {
    ArticleCell {
        scoring,
        window,
        tt,
        ordering,
        order_all,
        alphabeta,
        scout,
    }
}

/// Article 002's figures: `(scoring, window, tt, ordering, order_all, alpha-beta, scout)`.
#[rustfmt::skip]
const E3_ARTICLE: [ArticleCell; 25] = [
    article_cell("win-loss", "infinite", false, "static", false, 13_866, 14_726),
    article_cell("win-loss", "game", false, "static", false, 8_769, 9_400),
    article_cell("win-loss", "infinite", true, "static", false, 10_384, 10_392),
    article_cell("win-loss", "game", true, "static", false, 6_651, 6_837),
    article_cell("win-loss", "infinite", false, "shallow:3", false, 10_679, 10_839),
    article_cell("win-loss", "game", false, "shallow:3", false, 6_127, 6_194),
    article_cell("win-loss", "infinite", true, "shallow:3", false, 8_792, 8_761),
    article_cell("win-loss", "game", true, "shallow:3", false, 5_016, 5_028),
    article_cell("shortest-win", "infinite", false, "static", false, 15_135, 15_645),
    article_cell("shortest-win", "game", false, "static", false, 13_145, 14_052),
    article_cell("shortest-win", "infinite", true, "static", false, 11_091, 11_135),
    article_cell("shortest-win", "game", true, "static", false, 9_743, 9_918),
    article_cell("win-loss", "infinite", false, "oracle", false, 13_151, 13_151),
    article_cell("win-loss", "game", false, "oracle", false, 8_225, 8_225),
    article_cell("win-loss", "infinite", true, "oracle", false, 10_035, 10_035),
    article_cell("win-loss", "game", true, "oracle", false, 6_080, 6_080),
    article_cell("shortest-win", "infinite", false, "oracle-wl", false, 14_404, 14_389),
    article_cell("shortest-win", "game", false, "oracle-wl", false, 13_215, 13_345),
    article_cell("shortest-win", "infinite", true, "oracle-wl", false, 10_634, 10_590),
    article_cell("shortest-win", "game", true, "oracle-wl", false, 9_691, 9_670),
    article_cell("shortest-win", "infinite", false, "oracle", false, 11_106, 11_106),
    article_cell("shortest-win", "infinite", false, "shallow:3", false, 10_691, 10_869),
    article_cell("shortest-win", "game", false, "shallow:3", false, 9_263, 9_441),
    article_cell("shortest-win", "infinite", true, "shallow:3", false, 8_808, 8_850),
    article_cell("shortest-win", "game", true, "shallow:3", false, 7_561, 7_603),
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

/// One option set of E3's grid: scoring, initial window, table, ordering and whether
/// every move is ordered.
#[derive(Clone, Copy)]
struct OptionSet {
    scoring: Scoring,
    window: InitialWindow,
    tt: bool,
    ordering: &'static str,
    order_all: bool,
}

pub(super) fn e3(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let classes: Vec<TicTacToe> = TicTacToe::canonical_classes()
        .into_iter()
        .filter(|p| p.outcome().is_none())
        .collect();
    let grid = option_grid(cfg.quick);
    let total = grid.len();
    let cells: Vec<E3Cell> = parallel_map(&grid, cfg, |set| run_cell(*set, &classes), &|done| {
        progress(&format!("E3: {done}/{total} option sets"))
    })?;
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
    let t = totals_table(&cells);
    text.push_str(&t.text());
    let per_class = across(&cells);
    text.push('\n');
    text.push_str(&per_class.text());
    text.push_str(&across_note("alpha-beta", "nodes"));
    write_claims(&mut text, &cells);
    write_strongly_solved(&mut text)?;
    let chart = e3_chart(&cells);
    let result = E3Result {
        positions: classes.len(),
        cells,
    };
    Ok(ExperimentOutput {
        text,
        files: vec![
            ("e3.csv".into(), t.csv()),
            ("e3-across.csv".into(), per_class.csv()),
            ("e3.ron".into(), ron_text(&result)?),
            ("e3.svg".into(), chart.to_svg()),
        ],
    })
}

/// E3's option sets, the quick grid or the whole one: every scoring, table, window and
/// ordering (`oracle-wl` only under shortest-win scoring).
fn option_grid(quick: bool) -> Vec<OptionSet> {
    // (ordering, order_all) pairs.
    let orderings: Vec<(&str, bool)> = if quick {
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
                for &(ordering, order_all) in &orderings {
                    if ordering == "oracle-wl" && scoring != Scoring::ShortestWin {
                        continue;
                    }
                    grid.push(OptionSet {
                        scoring,
                        window,
                        tt,
                        ordering,
                        order_all,
                    });
                }
            }
        }
    }
    grid
}

/// One cell: every algorithm of [`E3_ALGOS`] with option set `set` on every class,
/// its nodes totalled.
fn run_cell(set: OptionSet, classes: &[TicTacToe]) -> Result<E3Cell, EngineError> {
    let mut totals = Vec::new();
    let mut each = Vec::new();
    for algo in &E3_ALGOS {
        let mut opts = e3_options(set.scoring, set.window, set.tt, set.ordering, set.order_all)?;
        opts.fail_soft = algo.fail_soft;
        if opts.check(algo.algorithm, 9).is_err() {
            totals.push((algo.name.to_string(), None));
            each.push(None);
            continue;
        }
        let req = SearchRequest {
            algorithm: algo.algorithm,
            options: opts,
            depth: TicTacToe::MAX_PLIES as u32,
            evaluator: "lines".into(),
        };
        let mut nodes = Vec::with_capacity(classes.len());
        for p in classes {
            nodes.push(
                run_search(&AnyPosition::TicTacToe(*p), &req, SearchControl::default())?
                    .counters
                    .nodes(),
            );
        }
        totals.push((algo.name.to_string(), Some(nodes.iter().sum())));
        each.push(Some(nodes));
    }
    Ok(E3Cell {
        scoring: set.scoring.name().into(),
        window: set.window.name().into(),
        tt: set.tt,
        ordering: set.ordering.into(),
        order_all: set.order_all,
        totals,
        each,
    })
}

/// PVS and Scout against alpha-beta class by class, per option set.
fn across(cells: &[E3Cell]) -> TextTable {
    let mut lines = Vec::new();
    for c in cells {
        let of = |name: &str| {
            c.totals
                .iter()
                .position(|(n, _)| n == name)
                .and_then(|i| c.each.get(i).cloned().flatten())
        };
        let Some(base) = of(ALPHABETA) else {
            continue;
        };
        for algo in [PVS, SCOUT] {
            let Some(mine) = of(algo) else {
                continue;
            };
            let keys = vec![
                c.scoring.clone(),
                if c.tt { "on" } else { "off" }.into(),
                c.window.clone(),
                c.ordering.clone(),
                if c.order_all { "all" } else { "first" }.into(),
                algo.to_string(),
            ];
            lines.push((keys, mine.into_iter().zip(base.iter().copied()).collect()));
        }
    }
    across_table(
        "PVS (the article's scout) and Pearl's Scout against alpha-beta, class by class",
        &["scoring", "tt", "window", "ordering", "sorted", "row"],
        "classes",
        lines,
    )
}

/// The table of every cell's totals, whether alpha-beta and the scouts agree, and
/// article 002's figures where it has them.
fn totals_table(cells: &[E3Cell]) -> TextTable {
    let mut t = TextTable::new(
        "Total nodes per option set",
        &[
            "scoring",
            "tt",
            "window",
            "ordering",
            "sorted",
            ALPHABETA,
            PVS,
            NEGASCOUT,
            SCOUT,
            "ab=pvs",
            "ab=scout",
            "article ab",
            "article scout",
        ],
    );
    let show = |v: Option<u64>| v.map_or_else(|| "-".to_string(), |n| n.to_string());
    let eq = |a: Option<u64>, b: Option<u64>| match (a, b) {
        (Some(a), Some(b)) if a == b => "yes".to_string(),
        (Some(_), Some(_)) => "no".to_string(),
        _ => "-".to_string(),
    };
    for c in cells {
        let article = E3_ARTICLE.iter().find(|s| s.is_for(c));
        t.push(vec![
            c.scoring.clone(),
            if c.tt { "on" } else { "off" }.into(),
            c.window.clone(),
            c.ordering.clone(),
            if c.order_all { "all" } else { "first" }.into(),
            show(c.total(ALPHABETA)),
            show(c.total(PVS)),
            show(c.total(NEGASCOUT)),
            show(c.total(SCOUT)),
            eq(c.total(ALPHABETA), c.total(PVS)),
            eq(c.total(ALPHABETA), c.total(SCOUT)),
            article.map_or_else(String::new, |s| s.alphabeta.to_string()),
            article.map_or_else(String::new, |s| s.scout.to_string()),
        ]);
    }
    t
}

/// Writes the article's claim, stated explicitly: with a perfect oracle alpha-beta and
/// the scouts search the same nodes; with one blind to win distance, not.
fn write_claims(text: &mut String, cells: &[E3Cell]) {
    let perfect: Vec<&E3Cell> = cells
        .iter()
        .filter(|c| c.ordering == "oracle" && !c.order_all)
        .collect();
    let count_eq = |algo: &str| {
        perfect
            .iter()
            .filter(|c| c.total(algo).is_some() && c.total(ALPHABETA) == c.total(algo))
            .count()
    };
    let with_scout = perfect.iter().filter(|c| c.total(SCOUT).is_some()).count();
    let pvs_eq = count_eq(PVS);
    let ns_eq = count_eq(NEGASCOUT);
    let scout_eq = count_eq(SCOUT);
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
    let blind_eq = blind
        .iter()
        .filter(|c| c.total(ALPHABETA) == c.total(PVS))
        .count();
    let _ = writeln!(
        text,
        "  shortest-win with an oracle blind to win distance: alpha-beta == PVS in {blind_eq}/{} option sets \
         (article 002: differ, 14,404 vs 14,389)",
        blind.len()
    );
}

/// Writes article 002's strongly-solved check, on every reachable position.
fn write_strongly_solved(text: &mut String) -> Result<(), EngineError> {
    for (algo, order) in [(ALPHABETA, "static"), (SCOUT, "static"), (PVS, "oracle")] {
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
    Ok(())
}

/// E3's chart: each algorithm's total nodes for every ordering (win-loss scoring, no
/// table, infinite window).
fn e3_chart(cells: &[E3Cell]) -> LineChart {
    let chart_cells: Vec<&E3Cell> = cells
        .iter()
        .filter(|c| c.scoring == "win-loss" && !c.tt && c.window == "infinite")
        .collect();
    LineChart {
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
            .map(|algo| Series {
                name: algo.name.into(),
                intervals: Vec::new(),
                values: chart_cells
                    .iter()
                    .map(|c| c.total(algo.name).map(|v| v as f64))
                    .collect(),
            })
            .collect(),
    }
}

fn yes_no(b: bool) -> &'static str {
    if b { "equal: yes" } else { "equal: NO" }
}

/// How many reachable tic-tac-toe positions (not over) `req` plays optimally in (the
/// same check as `treelab verify`).
fn strongly_solved(req: &SearchRequest) -> Result<(usize, usize), EngineError> {
    crate::experiment::verify::verify_tictactoe(req)
        .map(|v| (v.optimal, v.total))
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
        for algo in &E3_ALGOS {
            if algo.name != ALPHABETA && algo.name != SCOUT {
                continue;
            }
            let (algorithm, fail_soft) = (algo.algorithm, algo.fail_soft);
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
