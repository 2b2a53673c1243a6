//! E6: Monte Carlo tree search beside alpha-beta, in four parts.
//!
//! 1. P-game trees (Kocsis & Szepesvári 2006): how often UCT and MCTS-Solver choose a
//!    root move that is not optimal, against their iterations, and alpha-beta with
//!    iterative deepening against its nodes, on branching 2 depth 20 and branching 8
//!    depth 8.
//! 2. FSSS-Minimax (Weinstein, Littman & Goschin 2012) against alpha-beta and SSS* in
//!    leaves on E4's grid of random trees, their claim checked on every tree.
//! 3. Solving: MCTS-Solver against alpha-beta on Connect Four's Test_L3_R1 and every
//!    tic-tac-toe class: iterations and nodes to prove, every value checked.
//! 4. Playing: MCTS, with and without MCTS-MR's minimax in the playouts, against
//!    alpha-beta at equal nodes per move in Connect Four and Othello, Elo with its
//!    interval.

use super::common::*;
use super::e4::{self, tree_grid, tree_seeds};

/// E6 as the CLI runs it and the Presets menu sets it up.
pub(super) const E6: Experiment = Experiment {
    name: "e6",
    label: "E6: MCTS beside alpha-beta (P-games, FSSS-Minimax, solving, playing)",
    description: "UCT and MCTS-Solver against alpha-beta on P-game trees, FSSS-Minimax's leaves on E4's trees, proofs on Connect Four and tic-tac-toe, and matches at equal nodes.",
    preset: Some(preset),
    run: e6,
};

/// The P-games' step: Kocsis & Szepesvári drew move values from 0 to 127.
const P_STEP: i32 = 127;

/// MCTS's iterations per search in part 1, and alpha-beta's nodes.
const ITERATIONS: [u64; 6] = [100, 300, 1_000, 3_000, 10_000, 30_000];
const AB_NODES: [u64; 6] = [1_000, 3_000, 10_000, 30_000, 100_000, 300_000];

/// Part 4's nodes per move and games per match.
const PLAY_NODES: u64 = 20_000;

/// The seed of part 4's openings.
const PLAY_SEED: u64 = 6;

/// E6's result.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct E6Result {
    /// Part 1: one line per tree shape and searcher budget.
    pub pgame: Vec<FailureLine>,
    /// Part 2: mean leaves per E4 tree row, and on how many trees FSSS-Minimax evaluated
    /// no more leaves than alpha-beta.
    pub fsss: Vec<FsssLine>,
    /// Part 3: one line per set and searcher.
    pub solving: Vec<SolveLine>,
    /// Part 4: the matches.
    pub matches: Vec<MatchResult>,
}

/// Part 1: how often one searcher at one budget chose a move that is not optimal.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FailureLine {
    /// `w=2 d=20`.
    pub shape: String,
    /// `mcts`, `mcts-solver` or `alphabeta`.
    pub searcher: String,
    /// Iterations (MCTS) or nodes (alpha-beta) per search.
    pub budget: u64,
    /// Mean nodes per search.
    pub mean_nodes: f64,
    /// Trees where the move chosen was not optimal.
    pub failures: usize,
    /// Trees searched.
    pub trees: usize,
}

/// Part 2: one E4 tree row.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FsssLine {
    /// `independent:1000 w=8 d=4`.
    pub tree: String,
    /// Mean leaves of alpha-beta, SSS* and FSSS-Minimax.
    pub alphabeta: f64,
    /// SSS*'s.
    pub sss: f64,
    /// FSSS-Minimax's.
    pub fsss: f64,
    /// Trees where FSSS-Minimax evaluated no more leaves than alpha-beta.
    pub never_more: usize,
    /// Trees.
    pub trees: usize,
    /// Each tree's leaves of alpha-beta, SSS* and FSSS-Minimax (not written to the RON).
    #[serde(skip)]
    pub each: Vec<[u64; 3]>,
}

/// Part 3: one searcher on one set of positions.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SolveLine {
    /// The set.
    pub set: String,
    /// The row spec.
    pub searcher: String,
    /// Positions.
    pub positions: usize,
    /// Positions whose value it found (proved) and got right.
    pub right: usize,
    /// Mean iterations (MCTS-Solver; 0 for alpha-beta).
    pub mean_iterations: f64,
    /// Mean nodes.
    pub mean_nodes: f64,
}

/// The app's E6: UCT, MCTS-Solver and alpha-beta on one P-game tree.
fn preset() -> Session {
    let mut s = preset_base(GameKind::RandomTree);
    let spec = TreeSpec {
        width: 2,
        depth: 20,
        seed: 1,
        model: ValueModel::PGame { step: P_STEP },
    };
    if let Ok(tree) = RandomTree::new(spec) {
        s.position = AnyPosition::from(tree);
    }
    let base = SearchOptions {
        scoring: Scoring::WinLoss,
        ..SearchOptions::default()
    };
    s.rows = [
        "negaalpha+window=game",
        "mcts+iterations=3000",
        "mcts-solver+iterations=3000",
    ]
    .iter()
    .filter_map(|spec| preset_row(spec, &base, (20, 20)))
    .collect();
    s.view.tab = ResultsTab::Table;
    s
}

/// Runs E6.
fn e6(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let result = E6Result {
        pgame: pgame(cfg, progress)?,
        fsss: fsss(cfg, progress)?,
        solving: solving(cfg, progress)?,
        matches: playing(cfg, progress)?,
    };
    let tables = [
        pgame_table(&result.pgame),
        fsss_table(&result.fsss),
        solve_table(&result.solving),
        play_table(&result.matches),
    ];
    let mut text = String::from("E6: Monte Carlo tree search beside alpha-beta\n");
    for t in &tables {
        text.push_str(&t.text());
    }
    let per_tree = fsss_across(&result.fsss);
    text.push('\n');
    text.push_str(&per_tree.text());
    text.push_str(&across_note("alpha-beta", "leaves"));
    let names = [
        "e6-pgame.csv",
        "e6-fsss.csv",
        "e6-solving.csv",
        "e6-playing.csv",
    ];
    let mut files: Vec<(String, String)> = names
        .iter()
        .zip(&tables)
        .map(|(n, t)| ((*n).to_string(), t.csv()))
        .collect();
    files.push(("e6-fsss-across.csv".into(), per_tree.csv()));
    files.push(("e6.ron".into(), ron_text(&result)?));
    Ok(ExperimentOutput { text, files })
}

/// Part 1's tree shapes and how many trees of each.
fn pgame_shapes(quick: bool) -> (Vec<(u32, u32)>, u64) {
    if quick {
        (vec![(2, 12), (4, 6)], 20)
    } else {
        (vec![(2, 20), (8, 8)], 200)
    }
}

/// Part 1: every searcher at every budget on every P-game tree.
fn pgame(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Vec<FailureLine>, EngineError> {
    let (shapes, trees) = pgame_shapes(cfg.quick);
    let budgets = if cfg.quick { 4 } else { ITERATIONS.len() };
    let mut lines = Vec::new();
    for (width, depth) in shapes {
        let seeds: Vec<u64> = (1..=trees).collect();
        let per_tree = parallel_map(
            &seeds,
            cfg,
            |&seed| pgame_tree(width, depth, seed, budgets),
            &|done| progress(&format!("P-game w={width} d={depth}: {done}/{trees} trees")),
        )?;
        let searchers = [
            ("mcts", &ITERATIONS[..budgets]),
            ("mcts-solver", &ITERATIONS[..budgets]),
            ("alphabeta", &AB_NODES[..budgets]),
        ];
        for (k, (searcher, budgets)) in searchers.iter().enumerate() {
            for (b, &budget) in budgets.iter().enumerate() {
                let outcomes = per_tree.iter().map(|t| t[k][b]);
                let nodes: u64 = outcomes.clone().map(|(_, n)| n).sum();
                lines.push(FailureLine {
                    shape: format!("w={width} d={depth}"),
                    searcher: (*searcher).to_string(),
                    budget,
                    mean_nodes: nodes as f64 / trees as f64,
                    failures: outcomes.filter(|&(ok, _)| !ok).count(),
                    trees: trees as usize,
                });
            }
        }
    }
    Ok(lines)
}

/// One P-game tree: for each searcher and budget, whether its move was optimal and the
/// nodes it took.
fn pgame_tree(
    width: u32,
    depth: u32,
    seed: u64,
    budgets: usize,
) -> Result<Vec<Vec<(bool, u64)>>, EngineError> {
    let spec = TreeSpec {
        width,
        depth,
        seed,
        model: ValueModel::PGame { step: P_STEP },
    };
    let root = RandomTree::new(spec).map_err(|e| EngineError::Input(e.to_string()))?;
    let pos = AnyPosition::from(root);
    let optimal = optimal_root_moves(&root, depth)?;
    let win_loss = SearchOptions {
        scoring: Scoring::WinLoss,
        ..SearchOptions::default()
    };
    let run = |algorithm: Algorithm, options: SearchOptions, nodes: Option<u64>| {
        let req = SearchRequest {
            algorithm,
            options,
            depth,
            evaluator: String::new(),
        };
        let control = SearchControl {
            node_budget: nodes,
            ..SearchControl::default()
        };
        run_search(&pos, &req, control).map(|r| {
            let chosen = r.best_move.as_ref().and_then(|m| m.parse::<u16>().ok());
            (
                chosen.is_some_and(|m| optimal.contains(&m)),
                r.counters.nodes(),
            )
        })
    };
    let mut out = Vec::new();
    for algorithm in [Algorithm::Mcts, Algorithm::MctsSolver] {
        let mut line = Vec::new();
        for &iterations in &ITERATIONS[..budgets] {
            let options = SearchOptions {
                iterations,
                rollout_seed: seed,
                ..win_loss.clone()
            };
            line.push(run(algorithm, options, None)?);
        }
        out.push(line);
    }
    // Alpha-beta deepens on the sums (native scoring): an iteration that stops short of
    // the leaves scores a node by its sum so far, the P-game's natural evaluation; a
    // move that maximizes the sum also wins whenever a win exists.
    let mut line = Vec::new();
    for &nodes in &AB_NODES[..budgets] {
        let options = SearchOptions {
            iterative_deepening: true,
            ..SearchOptions::default()
        };
        line.push(run(Algorithm::AlphaBeta, options, Some(nodes))?);
    }
    out.push(line);
    Ok(out)
}

/// The root moves whose exact win-loss value is the root's.
fn optimal_root_moves(root: &RandomTree, depth: u32) -> Result<Vec<u16>, EngineError> {
    let req = SearchRequest {
        algorithm: Algorithm::NegaAlpha,
        options: SearchOptions {
            scoring: Scoring::WinLoss,
            window: InitialWindow::GameRange,
            ..SearchOptions::default()
        },
        depth: depth - 1,
        evaluator: String::new(),
    };
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    let mut values = Vec::new();
    for &mv in &moves {
        let child = AnyPosition::from(root.play(mv));
        let r = run_search(&child, &req, SearchControl::default())?;
        values.push(-r.score.unwrap_or(0));
    }
    let best = values.iter().copied().max().unwrap_or(0);
    Ok(moves
        .iter()
        .zip(&values)
        .filter(|&(_, &v)| v == best)
        .map(|(m, _)| m.0)
        .collect())
}

fn pgame_table(lines: &[FailureLine]) -> TextTable {
    let mut t = TextTable::new(
        &format!(
            "E6 part 1: P-game trees (move values 0..{P_STEP}; a win when the sum is above 0): how often the move chosen does not keep the root's win or loss. MCTS rewards 1 and -1; alpha-beta deepens iteratively on the sums"
        ),
        &[
            "tree",
            "searcher",
            "budget",
            "mean nodes",
            "failure rate",
            "failures",
        ],
    );
    for l in lines {
        let unit = if l.searcher == "alphabeta" {
            "nodes"
        } else {
            "iterations"
        };
        t.push(vec![
            l.shape.clone(),
            l.searcher.clone(),
            format!("{} {unit}", thousands(l.budget)),
            format!("{:.0}", l.mean_nodes),
            format!("{:.3}", l.failures as f64 / l.trees.max(1) as f64),
            format!("{}/{}", l.failures, l.trees),
        ]);
    }
    t
}

/// Part 2: alpha-beta, SSS* and FSSS-Minimax on every tree of E4's grid.
fn fsss(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Vec<FsssLine>, EngineError> {
    let seeds = tree_seeds(cfg.quick);
    let grid = tree_grid(cfg.quick);
    let algorithms = [Algorithm::AlphaBeta, Algorithm::SssStar, Algorithm::Fsss];
    parallel_map(
        &grid,
        cfg,
        |&(model, width, depth)| {
            let mut sums = [0u64; 3];
            let mut never_more = 0;
            let mut each = Vec::with_capacity(seeds as usize);
            for seed in 1..=seeds {
                let spec = TreeSpec {
                    width,
                    depth,
                    seed,
                    model,
                };
                let pos = AnyPosition::from(
                    RandomTree::new(spec).map_err(|e| EngineError::Input(e.to_string()))?,
                );
                let mut leaves = [0u64; 3];
                for (k, &algorithm) in algorithms.iter().enumerate() {
                    let req = SearchRequest {
                        algorithm,
                        options: SearchOptions::default(),
                        depth,
                        evaluator: String::new(),
                    };
                    leaves[k] = run_search(&pos, &req, SearchControl::default())?
                        .counters
                        .leaves();
                    sums[k] += leaves[k];
                }
                never_more += usize::from(leaves[2] <= leaves[0]);
                each.push(leaves);
            }
            let n = seeds as f64;
            Ok(FsssLine {
                tree: format!("{} w={width} d={depth}", e4::model_name(model)),
                alphabeta: sums[0] as f64 / n,
                sss: sums[1] as f64 / n,
                fsss: sums[2] as f64 / n,
                never_more,
                trees: seeds as usize,
                each,
            })
        },
        &|done| progress(&format!("FSSS-Minimax: {done}/{} tree rows", grid.len())),
    )
}

/// SSS* and FSSS-Minimax against alpha-beta tree by tree, in leaves.
fn fsss_across(lines: &[FsssLine]) -> TextTable {
    let rows = lines
        .iter()
        .flat_map(|l| {
            [(1, "SSS*"), (2, "FSSS-Minimax")].map(|(k, name)| {
                let pairs = l.each.iter().map(|t| (t[k], t[0])).collect();
                (vec![l.tree.clone(), name.to_string()], pairs)
            })
        })
        .collect();
    across_table(
        "E6 part 2: leaves against alpha-beta's, tree by tree",
        &["tree", "row"],
        "trees",
        rows,
    )
}

fn fsss_table(lines: &[FsssLine]) -> TextTable {
    let mut t = TextTable::new(
        "E6 part 2: mean leaves on E4's random trees (generation order), and on how many trees FSSS-Minimax evaluated no more leaves than alpha-beta",
        &[
            "tree",
            "alpha-beta",
            "SSS*",
            "FSSS-Minimax",
            "FSSS / alpha-beta",
            "never more",
        ],
    );
    for l in lines {
        t.push(vec![
            l.tree.clone(),
            format!("{:.1}", l.alphabeta),
            format!("{:.1}", l.sss),
            format!("{:.1}", l.fsss),
            ratio(l.fsss, l.alphabeta),
            format!("{}/{}", l.never_more, l.trees),
        ]);
    }
    t
}

/// Part 3's searchers: MCTS-Solver with room to prove, alone and as MCTS-MS and
/// MCTS-MB (depth-2 minimax in selection, in backup), and alpha-beta under the same
/// scoring.
const SOLVERS: [&str; 4] = [
    "mcts-solver+iterations=10000000+scoring=win-loss",
    "mcts-solver+iterations=10000000+scoring=win-loss+ms-depth=2",
    "mcts-solver+iterations=10000000+scoring=win-loss+mb-depth=2",
    "negaalpha+order=static+window=game+scoring=win-loss",
];

/// Part 3: both searchers on Test_L3_R1 and on the tic-tac-toe classes, to the end.
fn solving(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Vec<SolveLine>, EngineError> {
    let mut lines = Vec::new();
    for (set, depth) in [("Test_L3_R1", 42), ("tictactoe/classes-627.ttt", 9)] {
        let mut suite = Suite::load_named(set)?;
        if cfg.quick {
            suite.items.truncate(100);
        }
        for spec in SOLVERS {
            let row = parse_row_spec(spec, &SearchOptions::default())?;
            let req = SearchRequest {
                algorithm: row.algorithm,
                options: row.options,
                depth,
                evaluator: String::new(),
            };
            let records = parallel_map(
                &suite.items,
                cfg,
                |item| {
                    let r = run_search(&item.position, &req, SearchControl::default())?;
                    let truth = match item.expected_score {
                        Some(v) => v.signum(),
                        None => exact_win_loss(&item.position)?,
                    };
                    Ok((
                        r.score == Some(truth),
                        r.counters.iterations(),
                        r.counters.nodes(),
                    ))
                },
                &|done| progress(&format!("{set}, {spec}: {done}/{}", suite.items.len())),
            )?;
            let n = records.len().max(1) as f64;
            lines.push(SolveLine {
                set: set.rsplit('/').next().unwrap_or(set).to_string(),
                searcher: spec.to_string(),
                positions: records.len(),
                right: records.iter().filter(|r| r.0).count(),
                mean_iterations: records.iter().map(|r| r.1).sum::<u64>() as f64 / n,
                mean_nodes: records.iter().map(|r| r.2).sum::<u64>() as f64 / n,
            });
        }
    }
    Ok(lines)
}

/// A position's exact win-loss value by plain negamax to the end (tic-tac-toe's classes
/// carry no recorded value).
fn exact_win_loss(pos: &AnyPosition) -> Result<i32, EngineError> {
    let req = SearchRequest {
        algorithm: Algorithm::Negamax,
        options: SearchOptions {
            scoring: Scoring::WinLoss,
            ..SearchOptions::default()
        },
        depth: TicTacToe::MAX_PLIES as u32,
        evaluator: String::new(),
    };
    run_search(pos, &req, SearchControl::default())?
        .score
        .ok_or_else(|| EngineError::Input("negamax returned no value".into()))
}

fn solve_table(lines: &[SolveLine]) -> TextTable {
    let mut t = TextTable::new(
        "E6 part 3: proving the value (win-loss) to the end of the game",
        &[
            "set",
            "searcher",
            "values right",
            "mean iterations",
            "mean nodes",
        ],
    );
    for l in lines {
        t.push(vec![
            l.set.clone(),
            l.searcher.clone(),
            format!("{}/{}", l.right, l.positions),
            format!("{:.1}", l.mean_iterations),
            format!("{:.1}", l.mean_nodes),
        ]);
    }
    t
}

/// Part 4: MCTS against alpha-beta at equal nodes per move, colours alternating.
fn playing(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Vec<MatchResult>, EngineError> {
    let games = if cfg.quick { 10 } else { 100 };
    let mut out = Vec::new();
    for (game, mcts) in [
        (GameKind::Connect4, "mcts"),
        (GameKind::Connect4, "mcts+mr-depth=2"),
        (GameKind::Connect4, "mcts+win+non-losing"),
        (GameKind::Othello, "mcts"),
        (GameKind::Othello, "mcts+mr-depth=2"),
    ] {
        let base = SearchOptions::default();
        let spec = MatchSpec {
            game,
            a: parse_player(&format!("{mcts}+nodes={PLAY_NODES}"), &base)?,
            b: parse_player(&format!("negaalpha+order=static+nodes={PLAY_NODES}"), &base)?,
            games,
            seed: PLAY_SEED,
            openings: 4,
            book: Vec::new(),
            book_name: None,
            alternate: true,
            evaluator: String::new(),
            threads: cfg.threads,
            sprt: None,
            shard: None,
        };
        let stop = Arc::new(AtomicBool::new(false));
        out.push(match_quiet(&spec, cfg, &stop, &|done, total| {
            progress(&format!("{}: {done}/{total} games", game.label()));
        })?);
    }
    Ok(out)
}

fn play_table(matches: &[MatchResult]) -> TextTable {
    let mut t = TextTable::new(
        &format!(
            "E6 part 4: MCTS (A; mr-depth=2: MCTS-MR, a depth-2 win-loss minimax choosing each playout move; win+non-losing: playouts take a win at once and avoid a loss at once) against NegaAlpha with static ordering and iterative deepening (B), {PLAY_NODES} nodes per move each, 4 random opening moves, colours alternating"
        ),
        &[
            "game",
            "A",
            "games",
            "A wins",
            "draws",
            "A losses",
            "A's score",
            "Elo (95%)",
        ],
    );
    for m in matches {
        let (w, d, l) = m.wins_draws_losses();
        let elo = m.estimate().map_or_else(
            || "-".into(),
            |e| format!("{:+.0} ({:+.0} to {:+.0})", e.elo, e.low, e.high),
        );
        let score = m
            .estimate()
            .map_or_else(|| "-".into(), |e| format!("{:.1}%", 100.0 * e.score));
        t.push(vec![
            m.game.clone(),
            m.a.split("+nodes").next().unwrap_or_default().to_string(),
            m.games.len().to_string(),
            w.to_string(),
            d.to_string(),
            l.to_string(),
            score,
            elo,
        ]);
    }
    t
}
