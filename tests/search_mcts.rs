//! Monte Carlo tree search (UCT) through the facade and the CLI: with 20,000 iterations
//! it plays an optimal move in every tic-tac-toe position (checked by exact minimax); the
//! same seed gives the same tree; every iteration's positions are counted once; a
//! finished game and a move that wins at once are found; its value is an estimate and
//! never a score (the table's mark for it is tested with the report); options that are
//! not its own are refused, and its own are refused elsewhere.

mod common;

use treelab::engine::{AnyPosition, GameKind, SearchRequest, run_search};
use treelab::search::{Algorithm, SearchControl, SearchOptions, StopReason};

fn mcts(iterations: u64, seed: u64, depth: u32) -> SearchRequest {
    SearchRequest {
        algorithm: Algorithm::Mcts,
        options: SearchOptions {
            iterations,
            rollout_seed: seed,
            ..SearchOptions::default()
        },
        depth,
        evaluator: String::new(),
    }
}

use common::run_text as run;

#[test]
fn the_same_seed_gives_the_same_tree_and_another_seed_another() {
    for (kind, depth) in [
        (GameKind::TicTacToe, 9),
        (GameKind::Connect4, 42),
        (GameKind::Othello, 60),
    ] {
        let a = run(kind, "", &mcts(2_000, 7, depth));
        let b = run(kind, "", &mcts(2_000, 7, depth));
        assert_eq!(a.estimate, b.estimate, "{kind:?}");
        assert_eq!(a.pv, b.pv, "{kind:?}");
        assert_eq!(a.counters.nodes(), b.counters.nodes(), "{kind:?}");
        let c = run(kind, "", &mcts(2_000, 8, depth));
        assert_ne!(
            a.counters.nodes(),
            c.counters.nodes(),
            "{kind:?}: another seed, other playouts"
        );
    }
}

#[test]
fn its_value_is_an_estimate_never_a_score() {
    let r = run(GameKind::Connect4, "", &mcts(3_000, 1, 42));
    assert_eq!(
        r.score, None,
        "a sampling algorithm returns no minimax score"
    );
    let e = r.estimate.expect("an estimate");
    assert!((-1.0..=1.0).contains(&e.mean), "{e:?}");
    assert_eq!(e.iterations, 3_000);
    assert!(e.visits > 0 && e.visits <= 3_000, "{e:?}");
    assert_eq!(r.best_move.as_ref(), r.pv.first());
    assert!(r.stopped.is_none());
}

#[test]
fn each_iteration_scores_one_leaf_and_counts_every_position_it_visits() {
    // From tic-tac-toe's start to the end: every iteration enters the root, at least one
    // more position, and at most the nine plies of a game.
    let iterations = 1_000;
    let r = run(GameKind::TicTacToe, "", &mcts(iterations, 3, 9));
    assert_eq!(
        r.counters.leaves(),
        iterations,
        "one playout end scored per iteration"
    );
    assert!(
        r.counters.nodes() >= 2 * iterations,
        "{}",
        r.counters.nodes()
    );
    assert!(
        r.counters.nodes() <= 10 * iterations,
        "{}",
        r.counters.nodes()
    );
    assert!(r.counters.max_ply() <= 9);
    // A horizon of one ply: the root and one child per iteration, scored by the
    // evaluator.
    let r = run(GameKind::TicTacToe, "", &mcts(iterations, 3, 1));
    assert_eq!(r.counters.nodes(), 2 * iterations);
    assert_eq!(r.counters.max_ply(), 1);
}

#[test]
fn its_move_is_optimal_in_every_tic_tac_toe_position_by_exact_minimax() {
    // The check is independent of MCTS: each move's value is plain minimax over the
    // whole game tree (win, draw or loss), memoised, for all 4,520 positions not over.
    let mut req = mcts(20_000, 1, 9);
    req.options.scoring = treelab::game::Scoring::WinLoss;
    let v = treelab::experiment::verify::verify_tictactoe(&req).expect("every search runs");
    assert_eq!(v.total, 4_520);
    assert_eq!(
        v.optimal, v.total,
        "MCTS picked a losing or drawing move where a better one was"
    );
}

#[test]
fn it_takes_a_win_at_once() {
    // X to move with two in a row on the top line (x x . / o o . / . . .): c1 wins.
    let r = run(GameKind::TicTacToe, "xx.oo....", &mcts(2_000, 1, 9));
    assert_eq!(r.best_move.as_deref(), Some("c1"), "{r:?}");
    let e = r.estimate.expect("an estimate");
    assert!(
        e.mean > 0.99,
        "every playout through c1 is a win at once: {e:?}"
    );
}

#[test]
fn a_finished_game_has_no_move_and_no_visits() {
    // X has the top line.
    let r = run(GameKind::TicTacToe, "xxxoo....", &mcts(100, 1, 9));
    assert_eq!(r.best_move, None);
    let e = r.estimate.expect("an estimate");
    assert_eq!(e.visits, 0);
    assert_eq!(e.iterations, 100);
    assert_eq!(e.mean, -1.0, "O, to move, has lost: the game's own result");
    assert_eq!(
        r.counters.leaves(),
        100,
        "each iteration scores the finished root"
    );
}

#[test]
fn a_node_budget_stops_it_with_the_estimate_so_far() {
    let pos = AnyPosition::parse(GameKind::Connect4, "").expect("start");
    let control = SearchControl {
        node_budget: Some(50_000),
        ..SearchControl::default()
    };
    let r = run_search(&pos, &mcts(1_000_000, 1, 42), control).expect("it runs");
    assert_eq!(r.stopped, Some(StopReason::NodeBudget));
    let e = r
        .estimate
        .expect("the estimate of the iterations that ended");
    assert!(e.iterations > 0 && e.iterations < 1_000_000, "{e:?}");
    assert!(r.best_move.is_some());
}

#[test]
fn options_are_refused_where_they_do_not_belong() {
    let pos = AnyPosition::parse(GameKind::TicTacToe, "").expect("start");
    let refused = |req: &SearchRequest| {
        run_search(&pos, req, SearchControl::default())
            .expect_err("refused")
            .to_string()
    };
    let mut with_table = mcts(100, 1, 9);
    with_table.options.tt_mib = 16;
    assert!(
        refused(&with_table).contains("MCTS"),
        "{}",
        refused(&with_table)
    );
    let mut negaalpha_with_iterations = mcts(100, 1, 9);
    negaalpha_with_iterations.algorithm = Algorithm::NegaAlpha;
    let why = refused(&negaalpha_with_iterations);
    assert!(why.contains("MCTS (UCT), MCTS-Solver and PUCT's"), "{why}");
    let zero = mcts(0, 1, 9);
    assert!(refused(&zero).contains("iterations"), "{}", refused(&zero));
}

#[test]
fn the_cli_prints_the_estimate_and_not_a_score() {
    let (ok, out, err) = common::treelab(&[
        "search",
        "--game",
        "connect4",
        "--algo",
        "mcts",
        "--iterations",
        "2000",
        "--rollout-seed",
        "5",
        "--depth",
        "42",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("score: none"), "{out}");
    assert!(out.contains("estimate: "), "{out}");
    assert!(out.contains("iterations: 2000"), "{out}");
    assert!(out.contains("not a minimax score"), "{out}");
    // Its options are row spec parts too, and a row that sets them runs.
    let (ok, out, err) = common::treelab(&[
        "search",
        "--game",
        "tictactoe",
        "--algo",
        "mcts",
        "--iterations",
        "300",
        "--uct-c",
        "141",
        "--depth",
        "9",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("iterations: 300"), "{out}");
}

#[test]
fn the_cli_sets_its_budget_by_iterations_nodes_or_time() {
    let search = |extra: &[&str]| {
        let mut args = vec!["search", "--game", "connect4"];
        if !extra.contains(&"--algo") {
            args.extend(["--algo", "mcts"]);
        }
        args.extend_from_slice(extra);
        let (ok, out, err) = common::treelab(&args);
        assert!(ok, "{err}");
        out
    };
    let line = |out: &str, name: &str| {
        out.lines()
            .find_map(|l| l.strip_prefix(&format!("{name}: ")))
            .unwrap_or_else(|| panic!("no {name}: in {out}"))
            .to_string()
    };
    // `--seed` is `--rollout-seed`; the whole game is the horizon without `--depth`.
    let a = search(&["--iterations", "3000", "--seed", "4"]);
    let b = search(&["--algo", "mcts+iterations=3000+rollout-seed=4"]);
    assert_eq!(line(&a, "iterations"), "3000");
    assert_eq!(line(&a, "depth"), "42");
    assert!(line(&a, "seconds").parse::<f64>().is_ok(), "{a}");
    for name in ["nodes", "estimate", "best", "pv"] {
        assert_eq!(line(&a, name), line(&b, name), "{name}");
    }
    // A node limit stops it with the estimate so far.
    let limited = search(&["--iterations", "1000000", "--nodes", "5000"]);
    assert_eq!(line(&limited, "complete"), "false");
    assert_eq!(line(&limited, "stopped"), "node budget reached");
    assert!(
        line(&limited, "estimate").starts_with(['+', '-']),
        "{limited}"
    );
    // So does a time limit in milliseconds.
    let timed = search(&["--iterations", "10000000", "--time-ms", "40"]);
    assert_eq!(line(&timed, "stopped"), "time budget reached");
    assert!(line(&timed, "iterations").parse::<u64>().unwrap() < 10_000_000);
}

#[test]
fn a_match_player_needs_no_depth_and_a_node_limit_stops_it() {
    use treelab::matches::play::{PlayerKind, parse_player};
    let base = SearchOptions::default();
    let p = parse_player("mcts+iterations=300", &base).expect("a player");
    let PlayerKind::Search {
        row, depth, nodes, ..
    } = p.kind
    else {
        panic!("a searcher")
    };
    assert_eq!((row.options.iterations, nodes), (300, None));
    assert!(!row.options.iterative_deepening);
    assert!(
        depth >= 42,
        "its playouts reach the end of the game: {depth}"
    );
    let p = parse_player("mcts+nodes=3000", &base).expect("a player");
    let PlayerKind::Search { row, nodes, .. } = p.kind else {
        panic!("a searcher")
    };
    assert_eq!(nodes, Some(3000));
    assert!(
        row.options.iterations > 1_000_000,
        "the limit decides, not the default iterations"
    );
    // At equal node limits against NegaAlpha: every search stops near its limit (the
    // budget is looked at every 1,024 nodes).
    let (ok, out, err) = common::treelab(&[
        "match",
        "--game",
        "tictactoe",
        "--black",
        "mcts+nodes=3000",
        "--white",
        "negaalpha+nodes=3000",
        "--alternate",
        "--games",
        "4",
        "--openings",
        "1",
        "--format",
        "ron",
    ]);
    assert!(ok, "{err}");
    let result: treelab::matches::MatchResult = ron::from_str(&out).expect("a match");
    for g in &result.games {
        assert!(g.searches[0] > 0);
        assert!(
            g.nodes[0] <= g.searches[0] * (3000 + 1024),
            "{} nodes in {} searches",
            g.nodes[0],
            g.searches[0]
        );
    }
}

#[test]
fn mcts_mr_counts_its_playout_minimax_and_plays_every_tic_tac_toe_position_right() {
    // MCTS-MR: each playout move chosen by a win-loss minimax of depth 2. Its positions
    // are nodes like any other (nodes = leaves + interior), so it costs more nodes.
    let mut req = mcts(3_000, 1, 42);
    let plain = run(GameKind::Connect4, "4453", &req);
    req.options.mr_depth = 2;
    let mr = run(GameKind::Connect4, "4453", &req);
    assert_eq!(
        mr.counters.nodes(),
        mr.counters.leaves() + mr.counters.interior()
    );
    assert!(
        mr.counters.nodes() > 2 * plain.counters.nodes(),
        "{} {}",
        mr.counters.nodes(),
        plain.counters.nodes()
    );
    assert_eq!(mr.counters.iterations(), 3_000);
    let again = run(GameKind::Connect4, "4453", &req);
    assert_eq!(again.counters.without_time(), mr.counters.without_time());
    // With 3,000 iterations it keeps every tic-tac-toe position's win, draw or loss.
    let mut req = mcts(3_000, 1, 9);
    req.options.mr_depth = 2;
    let v = treelab::experiment::verify::verify_tictactoe(&req).expect("every search runs");
    assert_eq!((v.optimal, v.total), (4_520, 4_520));
    // It is MCTS's option, refused elsewhere.
    let mut negaalpha = mcts(100, 1, 9);
    negaalpha.algorithm = Algorithm::NegaAlpha;
    negaalpha.options.iterations = SearchOptions::default().iterations;
    negaalpha.options.mr_depth = 1;
    let pos = AnyPosition::parse(GameKind::TicTacToe, "").expect("start");
    let why = run_search(&pos, &negaalpha, SearchControl::default())
        .expect_err("refused")
        .to_string();
    assert!(why.contains("MCTS-MR"), "{why}");
}
