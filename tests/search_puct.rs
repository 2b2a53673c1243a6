//! PUCT (AlphaZero's search) with the shipped networks: on tic-tac-toe positions drawn by
//! seeded random play it finds more exact best moves (by full negamax) than UCT at the
//! same iterations; its counters follow docs/node-definition.md (every iteration's
//! positions once, one network call per position added that is not a finished game);
//! the same network gives the same tree, root noise follows its seed; a game without a
//! network, a network of another game, a missing file and options of another family are
//! refused with the reason; the command line runs it and names the network.

mod common;

use treelab::engine::{AnyPosition, GameKind};
use treelab::game::connect4::{Connect4, Connect4Eval};
use treelab::game::tictactoe::{TicTacToe, TicTacToeEval, TttMove};
use treelab::game::{Game, SeededRng};
use treelab::net::data::negamax_exact;
use treelab::search::{Algorithm, SearchControl, SearchOptions, SearchResult};

fn options(iterations: u64) -> SearchOptions {
    SearchOptions {
        iterations,
        ..SearchOptions::default()
    }
}

fn ttt(algorithm: Algorithm, pos: &TicTacToe, opts: &SearchOptions) -> SearchResult<TttMove> {
    treelab::search::search(
        pos,
        &TicTacToeEval::default(),
        algorithm,
        opts,
        9,
        SearchControl::default(),
    )
    .expect("it runs")
}

/// Tic-tac-toe positions 1 to 6 plies from the start by seeded random play, unfinished,
/// each once, with the moves whose exact value is the best.
fn positions() -> Vec<(TicTacToe, Vec<TttMove>)> {
    let mut rng = SeededRng::new(11);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for i in 0..120 {
        let pos = common::random_playout(&TicTacToe::new(), 1 + i % 6, &mut rng);
        if pos.outcome().is_some() || !seen.insert(pos.hash()) {
            continue;
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let values: Vec<i32> = moves
            .iter()
            .map(|&m| -negamax_exact(&pos.play(m)))
            .collect();
        let top = *values.iter().max().expect("a move");
        let best = moves
            .iter()
            .zip(&values)
            .filter(|(_, v)| **v == top)
            .map(|(m, _)| *m)
            .collect();
        out.push((pos, best));
    }
    out
}

#[test]
fn with_the_shipped_network_it_finds_more_best_moves_than_uct_at_equal_iterations() {
    let positions = positions();
    assert!(positions.len() > 40, "{}", positions.len());
    let share = |algorithm: Algorithm, iterations: u64| {
        let found = positions
            .iter()
            .filter(|(pos, best)| {
                let r = ttt(algorithm, pos, &options(iterations));
                r.best_move.is_some_and(|m| best.contains(&m))
            })
            .count();
        found as f64 / positions.len() as f64
    };
    for iterations in [16, 64] {
        let puct = share(Algorithm::Puct, iterations);
        let uct = share(Algorithm::Mcts, iterations);
        assert!(
            puct > uct,
            "{iterations} iterations: PUCT {puct:.3}, UCT {uct:.3}"
        );
    }
    assert!(share(Algorithm::Puct, 400) >= 0.95);
}

#[test]
fn its_counters_follow_the_node_definition_and_the_same_network_gives_the_same_tree() {
    let mut rng = SeededRng::new(5);
    let mut searched = 0;
    for plies in [0, 4, 10, 20] {
        let pos = common::random_playout(&Connect4::new(), plies, &mut rng);
        if pos.outcome().is_some() {
            continue;
        }
        searched += 1;
        let run = |opts: &SearchOptions| {
            treelab::search::search(
                &pos,
                &Connect4Eval::default(),
                Algorithm::Puct,
                opts,
                42,
                SearchControl::default(),
            )
            .expect("it runs")
        };
        let a = run(&options(500));
        let b = run(&options(500));
        assert_eq!(a.counters.without_time(), b.counters.without_time());
        assert_eq!(a.pv, b.pv);
        let c = &a.counters;
        assert_eq!(c.iterations(), 500, "{plies}");
        assert_eq!(c.nodes(), c.leaves() + c.interior(), "{plies}: {c:?}");
        assert_eq!(c.leaves(), 500, "one leaf an iteration");
        // The root and each position an iteration added; the network called on each
        // but the finished games.
        assert!(c.tree_nodes() <= 501 && c.tree_nodes() > 1, "{c:?}");
        assert!(c.net_evaluations() <= c.tree_nodes(), "{c:?}");
        assert!(c.net_evaluations() > c.tree_nodes() / 2, "{c:?}");
        assert_eq!(c.playout_plies(), 0, "no playouts");
        let e = a.estimate.expect("an estimate");
        assert!((-1.0..=1.0).contains(&e.mean));
        assert!(e.visits > 0 && e.visits < 500);
        assert_eq!(a.best_move, a.pv.first().copied());
        // Root noise follows its seed, and changes the tree.
        let noisy = |seed: u64| {
            run(&SearchOptions {
                dirichlet: 100,
                rollout_seed: seed,
                ..options(500)
            })
        };
        let (n1, n2, n3) = (noisy(1), noisy(1), noisy(2));
        assert_eq!(n1.counters.without_time(), n2.counters.without_time());
        assert_ne!(
            (n1.counters.nodes(), n1.estimate.map(|e| e.visits)),
            (n3.counters.nodes(), n3.estimate.map(|e| e.visits)),
            "{plies}: another seed, other noise"
        );
    }
    assert!(searched >= 3, "{searched}");
}

#[test]
fn a_finished_game_at_the_root_is_its_own_value() {
    // x wins on the top row.
    let pos = AnyPosition::parse(GameKind::TicTacToe, "XXXOO.... O").expect("a position");
    let r = treelab::engine::run_search(
        &pos,
        &common::request(Algorithm::Puct, options(10), 9),
        SearchControl::default(),
    )
    .expect("it runs");
    assert_eq!(r.best_move, None);
    let e = r.estimate.expect("an estimate");
    assert_eq!(e.mean, -1.0, "o to move has lost");
    assert_eq!(r.counters.net_evaluations(), 0);
}

#[test]
fn what_it_cannot_search_is_refused_with_the_reason() {
    let refused = |kind: GameKind, text: &str, spec: &str| {
        let pos = AnyPosition::parse(kind, text).expect("a position");
        let row = treelab::engine::rowspec::parse_row_spec(spec, &SearchOptions::default());
        let row = match row {
            Ok(row) => row,
            Err(e) => return e.to_string(),
        };
        treelab::engine::run_search(
            &pos,
            &common::request(row.algorithm, row.options, 4),
            SearchControl::default(),
        )
        .expect_err(spec)
        .to_string()
    };
    let tree = AnyPosition::start(GameKind::RandomTree).to_text();
    let e = refused(GameKind::RandomTree, &tree, "puct");
    assert!(e.contains("has no network face"), "{e}");
    assert!(e.contains("connect4, othello, tictactoe"), "{e}");
    let ewn = AnyPosition::start(GameKind::Ewn).to_text();
    let e = refused(GameKind::Ewn, &ewn, "puct");
    assert!(e.contains("chance") || e.contains("network"), "{e}");
    let c4 = AnyPosition::start(GameKind::Connect4).to_text();
    let e = refused(
        GameKind::Connect4,
        &c4,
        "puct+net=assets/nets/tictactoe.safetensors",
    );
    assert!(e.contains("does not fit connect4"), "{e}");
    assert!(e.contains("trained for tictactoe"), "{e}");
    let e = refused(GameKind::Connect4, &c4, "puct+net=no/such/file.safetensors");
    assert!(e.contains("no/such/file.safetensors"), "{e}");
    let e = refused(GameKind::Connect4, &c4, "puct+uct-c=100");
    assert!(e.contains("UCT's constant is MCTS"), "{e}");
    let e = refused(GameKind::Connect4, &c4, "mcts+puct-c=100");
    assert!(e.contains("PUCT's constant is PUCT's"), "{e}");
    let e = refused(GameKind::Connect4, &c4, "puct+tt=4");
    assert!(e.contains("PUCT keeps its own tree"), "{e}");
}

#[test]
fn the_command_line_runs_it_with_the_shipped_network_or_a_file() {
    let run = |algos: &str| {
        let mut args = vec!["search", "--game", "connect4", "--depth", "42", "--algo"];
        args.extend(algos.split(' '));
        let (ok, out, err) = common::treelab(&args);
        assert!(ok, "{err}");
        out
    };
    let shipped = run("puct --iterations 300");
    let file = run("puct --iterations 300 --net assets/nets/connect4.safetensors");
    let counts = |out: &str| {
        out.lines()
            .filter(|l| l.starts_with("nodes:") || l.starts_with("net_evaluations:"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(counts(&shipped), counts(&file), "{shipped}\n{file}");
    assert!(
        counts(&shipped)
            .iter()
            .any(|l| l.starts_with("net_evaluations")),
        "{shipped}"
    );
}

#[test]
fn the_network_is_the_alpha_beta_familys_evaluator_too() {
    use treelab::engine::{SearchRequest, run_search};
    let req = |algorithm: Algorithm, evaluator: &str| SearchRequest {
        algorithm,
        options: SearchOptions::default(),
        depth: 4,
        evaluator: evaluator.into(),
    };
    let mut rng = SeededRng::new(9);
    for plies in [2, 6, 12] {
        let mut pos = AnyPosition::start(GameKind::Connect4);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            let mv = &moves[rng.below(moves.len() as u64) as usize];
            pos = pos.play(mv).expect("a legal move");
        }
        let run = |r: &SearchRequest| run_search(&pos, r, SearchControl::default()).expect("runs");
        // Alpha-beta with the network's values returns minimax's value with them.
        let minimax = run(&req(Algorithm::Negamax, "net"));
        let negaalpha = run(&req(Algorithm::NegaAlpha, "net"));
        assert_eq!(minimax.score, negaalpha.score, "{plies}");
        assert!(negaalpha.counters.nodes() < minimax.counters.nodes());
        // The shipped network and its file are the same evaluator; the game's own is
        // another.
        let file = run(&req(
            Algorithm::NegaAlpha,
            "net:assets/nets/connect4.safetensors",
        ));
        assert_eq!(
            file.counters.without_time(),
            negaalpha.counters.without_time()
        );
        let own = run(&req(Algorithm::NegaAlpha, ""));
        assert_ne!(own.counters.nodes(), negaalpha.counters.nodes(), "{plies}");
    }
    for game in [GameKind::Connect4, GameKind::TicTacToe, GameKind::Othello] {
        assert!(game.evaluator_names().contains(&"net"), "{game:?}");
    }
    assert!(!GameKind::RandomTree.evaluator_names().contains(&"net"));
    let start = AnyPosition::start(GameKind::RandomTree);
    let e = run_search(
        &start,
        &req(Algorithm::NegaAlpha, "net"),
        SearchControl::default(),
    )
    .expect_err("no network for a random tree")
    .to_string();
    assert!(e.contains("net"), "{e}");
}

#[test]
fn a_puct_row_takes_no_evaluator_and_choosing_puct_clears_one() {
    let pos = AnyPosition::start(GameKind::Connect4);
    let mut req = common::request(Algorithm::Puct, options(10), 42);
    req.evaluator = "threats".into();
    let e = treelab::engine::run_search(&pos, &req, SearchControl::default())
        .expect_err("refused")
        .to_string();
    assert!(e.contains("values each position by its network"), "{e}");
    let mut s = treelab::session::Session::default();
    s.rows[0].evaluator = "discs".into();
    let reset = s.set_row_algorithm(0, Algorithm::Puct);
    assert_eq!(s.rows[0].evaluator, "");
    assert!(reset.contains(&"Evaluator"), "{reset:?}");
}

/// A node budget stops every family on the node it runs out at, exactly: PUCT, UCT,
/// MCTS-Solver and the alpha-beta family with the network or the hand-written evaluator
/// (what E9's equal-node comparison rests on).
#[test]
fn a_node_budget_stops_every_family_exactly() {
    use treelab::engine::{SearchRequest, run_search};
    use treelab::search::StopReason;
    let pos = AnyPosition::parse(GameKind::Connect4, "4453").expect("a position");
    for (row, evaluator) in [
        ("puct", ""),
        ("mcts", ""),
        ("mcts-solver", ""),
        ("pvs+tt=16+id", "net"),
        ("negaalpha+id", ""),
    ] {
        let parsed = treelab::engine::rowspec::parse_row_spec(row, &SearchOptions::default())
            .expect("a row");
        let mut options = parsed.options.clone();
        if !row.contains("id") {
            options.iterations = 10_000_000;
        }
        let req = SearchRequest {
            algorithm: parsed.algorithm,
            options,
            depth: 38,
            evaluator: evaluator.into(),
        };
        for budget in [1, 10, 37, 1500, 5000] {
            let control = SearchControl {
                node_budget: Some(budget),
                ..SearchControl::default()
            };
            let r = run_search(&pos, &req, control).expect("it runs");
            assert_eq!(r.counters.nodes(), budget, "{row} at {budget}");
            assert_eq!(r.stopped, Some(StopReason::NodeBudget), "{row} at {budget}");
        }
    }
}

/// `order=prior` orders an alpha-beta row's moves by the network's policy: the value is
/// the unordered search's (ordering never changes it), the tree far smaller, one network
/// call per node ordered; a game without a network is refused with the reason.
#[test]
fn ordering_by_prior_keeps_the_value_and_shrinks_the_tree() {
    use treelab::engine::{SearchRequest, run_search};
    let run = |pos: &AnyPosition, row: &str, evaluator: &str| {
        let parsed = treelab::engine::rowspec::parse_row_spec(row, &SearchOptions::default())
            .expect("a row");
        let req = SearchRequest {
            algorithm: parsed.algorithm,
            options: parsed.options,
            depth: 7,
            evaluator: evaluator.into(),
        };
        run_search(pos, &req, SearchControl::default())
    };
    let (mut plain, mut prior) = (0, 0);
    for text in ["4453", "3344", "2252576", "44444", "1234"] {
        let pos = AnyPosition::parse(GameKind::Connect4, text).expect("a position");
        for evaluator in ["", "net"] {
            let a = run(&pos, "pvs", evaluator).expect("runs");
            let b = run(&pos, "pvs+order=prior", evaluator).expect("runs");
            assert_eq!(a.score, b.score, "{text} {evaluator}");
            assert_eq!(a.counters.net_evaluations(), 0);
            assert!(b.counters.net_evaluations() > 0);
            assert!(b.counters.net_evaluations() <= b.counters.interior());
            plain += a.counters.nodes();
            prior += b.counters.nodes();
        }
    }
    assert!(prior * 3 < plain, "prior {prior} against unordered {plain}");
    let tree = AnyPosition::start(GameKind::RandomTree);
    let e = run(&tree, "pvs+order=prior", "")
        .expect_err("no network")
        .to_string();
    assert!(
        e.contains("order=prior") && e.contains("has no network face"),
        "{e}"
    );
}
