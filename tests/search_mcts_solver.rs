//! MCTS-Solver through the facade and the CLI: the values it proves are right (every
//! tic-tac-toe position by exact minimax, all 1,000 of Connect Four's Test_L3_R1 by
//! their recorded scores, 100 random trees with draws by NegaAlpha); a proof ends the search; under win-loss scoring a
//! proven value is the score, under the other scorings only the outcome; a finished game
//! is proven without an iteration; the same seed gives the same counts.

mod common;

use treelab::engine::{GameKind, SearchRequest, Suite, run_search};
use treelab::game::Scoring;
use treelab::search::{Algorithm, SearchControl, SearchOptions};

fn solver(iterations: u64, depth: u32, scoring: Scoring) -> SearchRequest {
    SearchRequest {
        algorithm: Algorithm::MctsSolver,
        options: SearchOptions {
            iterations,
            scoring,
            ..SearchOptions::default()
        },
        depth,
        evaluator: String::new(),
    }
}

use common::run_text as run;

#[test]
fn it_proves_every_tic_tac_toe_position_right_and_plays_a_move_that_keeps_the_value() {
    let req = solver(100_000, 9, Scoring::Native);
    let v = treelab::experiment::verify::verify_tictactoe(&req).expect("every search runs");
    assert_eq!(v.total, 4_520);
    assert_eq!(v.proofs, Some((4_520, 0)), "proven, wrong");
    assert_eq!(v.optimal, v.total);
    assert!(v.by_outcome && v.passed());
}

#[test]
fn it_proves_the_start_a_draw_and_stops_there() {
    let r = run(
        GameKind::TicTacToe,
        "",
        &solver(1_000_000, 9, Scoring::WinLoss),
    );
    let e = r.estimate.expect("an estimate");
    assert_eq!(e.proven, Some(0));
    assert_eq!(
        r.score,
        Some(0),
        "under win-loss scoring the proof is the score"
    );
    assert!(
        e.iterations < 1_000_000,
        "a proof ends the search: {}",
        e.iterations
    );
    assert_eq!(r.counters.iterations(), e.iterations);
    assert!(r.counters.proven_nodes() > 0);
    assert!(r.stopped.is_none());
}

#[test]
fn under_native_scoring_the_proof_is_an_outcome_not_a_score() {
    // X to move, c1 wins at once: a win under every scoring, but native tic-tac-toe
    // scores count plies, which the solver does not know.
    let r = run(
        GameKind::TicTacToe,
        "xx.oo....",
        &solver(10_000, 9, Scoring::Native),
    );
    let e = r.estimate.expect("an estimate");
    assert_eq!(e.proven, Some(1));
    assert_eq!(e.proven_outcome(), Some("win"));
    assert_eq!(r.score, None);
    assert_eq!(r.best_move.as_deref(), Some("c1"));
}

#[test]
fn a_finished_game_is_proven_without_an_iteration() {
    // X has the top row.
    let r = run(
        GameKind::TicTacToe,
        "xxxoo....",
        &solver(1_000, 9, Scoring::WinLoss),
    );
    let e = r.estimate.expect("an estimate");
    assert_eq!(e.proven, Some(-1), "O to move has lost");
    assert_eq!(e.iterations, 0);
    assert_eq!(r.score, Some(-1));
    assert_eq!(r.best_move, None);
}

#[test]
fn it_proves_connect_four_test_l3_r1_as_recorded() {
    // Pons' end-game set: each line a position and its score (its sign: who wins).
    let suite = Suite::load_named("Test_L3_R1").expect("shipped suite");
    let req = solver(2_000_000, 42, Scoring::WinLoss);
    let mut checked = 0;
    for item in &suite.items {
        let expected = item.expected_score.expect("a recorded score").signum();
        let r = run_search(&item.position, &req, SearchControl::default()).expect("runs");
        let e = r.estimate.expect("an estimate");
        assert_eq!(e.proven, Some(expected), "{}", item.name);
        assert_eq!(r.score, Some(expected), "{}", item.name);
        checked += 1;
    }
    assert_eq!(checked, 1_000);
}

#[test]
fn on_random_trees_it_proves_what_negaalpha_computes() {
    for seed in 1..=100 {
        let text = format!("w=3 d=6 seed={seed} independent=3");
        let proven = run(
            GameKind::RandomTree,
            &text,
            &solver(100_000, 6, Scoring::WinLoss),
        );
        let exact = run(
            GameKind::RandomTree,
            &text,
            &SearchRequest {
                algorithm: Algorithm::NegaAlpha,
                options: SearchOptions {
                    scoring: Scoring::WinLoss,
                    ..SearchOptions::default()
                },
                depth: 6,
                evaluator: String::new(),
            },
        );
        assert_eq!(
            proven.estimate.and_then(|e| e.proven),
            exact.score,
            "{text}"
        );
        assert_eq!(proven.score, exact.score, "{text}");
    }
}

#[test]
fn the_same_seed_gives_the_same_counts() {
    let req = solver(30_000, 42, Scoring::WinLoss);
    let a = run(GameKind::Connect4, "4453", &req);
    let b = run(GameKind::Connect4, "4453", &req);
    assert_eq!(a.counters.without_time(), b.counters.without_time());
    assert_eq!(a.estimate, b.estimate);
    assert_eq!(a.pv, b.pv);
}

#[test]
fn the_cli_prints_the_proven_value_as_the_score() {
    let (ok, out, err) = common::treelab(&[
        "search",
        "--game",
        "connect4",
        "--position",
        "2252576253462244111563365343671351441",
        "--algo",
        "mcts-solver",
        "--scoring",
        "win-loss",
    ]);
    assert!(ok, "{err}");
    assert!(out.starts_with("score: -1\n"), "{out}");
    assert!(out.contains("\nproven: yes\n"), "{out}");
    assert!(out.contains("\niterations: "), "{out}");
    assert!(out.contains("\nseconds: "), "{out}");
}

#[test]
fn with_minimax_in_selection_or_backup_it_proves_the_same_values() {
    // MCTS-MS and MCTS-MB (Baier & Winands): shallow win-loss searches that prove nodes
    // early. Every proof stays right, and every position they visit is a node.
    let suite = Suite::load_named("Test_L3_R1").expect("shipped suite");
    for (ms, mb) in [(2, 0), (0, 2), (3, 3)] {
        let mut req = solver(100_000, 9, Scoring::Native);
        req.options.ms_depth = ms;
        req.options.mb_depth = mb;
        let v = treelab::experiment::verify::verify_tictactoe(&req).expect("runs");
        assert_eq!(v.proofs, Some((4_520, 0)), "ms {ms} mb {mb}");
        assert_eq!(v.optimal, v.total, "ms {ms} mb {mb}");
        let mut req = solver(2_000_000, 42, Scoring::WinLoss);
        req.options.ms_depth = ms;
        req.options.mb_depth = mb;
        for item in suite.items.iter().take(300) {
            let r = run_search(&item.position, &req, SearchControl::default()).expect("runs");
            let expected = item.expected_score.expect("a recorded score").signum();
            assert_eq!(r.score, Some(expected), "{} ms {ms} mb {mb}", item.name);
            assert_eq!(
                r.counters.nodes(),
                r.counters.leaves() + r.counters.interior(),
                "{}",
                item.name
            );
        }
    }
    // A selection minimax proves the start a draw in fewer iterations.
    let plain = run(
        GameKind::TicTacToe,
        "",
        &solver(1_000_000, 9, Scoring::WinLoss),
    );
    let mut req = solver(1_000_000, 9, Scoring::WinLoss);
    req.options.ms_depth = 2;
    let ms = run(GameKind::TicTacToe, "", &req);
    assert_eq!(ms.score, Some(0));
    assert!(
        ms.counters.iterations() < plain.counters.iterations(),
        "{} {}",
        ms.counters.iterations(),
        plain.counters.iterations()
    );
}

#[test]
fn verify_lets_it_prove_every_position_unless_told_fewer_iterations() {
    let (ok, out, err) =
        common::treelab(&["verify", "--game", "tictactoe", "--algo", "mcts-solver"]);
    assert!(ok, "{err}");
    assert!(out.contains("proven: 4520/4520 (0 wrong)"), "{out}");
    // Told 10,000 iterations, it stops short of the start position's proof.
    let (ok, out, err) = common::treelab(&[
        "verify",
        "--game",
        "tictactoe",
        "--algo",
        "mcts-solver+iterations=10000",
    ]);
    assert!(!ok);
    assert!(out.contains("proven: 4519/4520 (0 wrong)"), "{out}");
    assert!(err.contains("1 position where"), "{err}");
}
