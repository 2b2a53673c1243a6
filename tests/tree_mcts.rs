//! The MCTS tree view's model and `treelab trace` for MCTS rows: the iterations it steps
//! through are the search's own. Every selection the search made is the child UCB1
//! picks in the tree replayed from the trace (so the rule the view teaches is the rule
//! the search followed); every node added hangs below the last one selected and its line
//! of moves is legal; the replayed visits and means end where the search's estimate
//! does, a proof where the search's proof does; a row of more iterations than the view
//! steps is shown for its first ones, which are the same.

mod common;

use treelab::engine::{AnyPosition, GameKind, SearchRequest, run_search};
use treelab::search::{Algorithm, SearchControl, SearchOptions};
use treelab::tree::mcts::{MAX_MCTS_STEPS, MctsTree, Phase, trace_mcts};
use treelab::tree::replay;

fn request(
    algorithm: Algorithm,
    iterations: u64,
    depth: u32,
    f: impl Fn(&mut SearchOptions),
) -> SearchRequest {
    let mut options = SearchOptions {
        iterations,
        rollout_seed: 3,
        ..SearchOptions::default()
    };
    f(&mut options);
    SearchRequest {
        algorithm,
        options,
        depth,
        evaluator: String::new(),
    }
}

/// Checks everything the view shows against the search.
fn check(tree: &MctsTree, what: &str) {
    let record = run_search(&tree.root, &tree.request, SearchControl::default()).expect("runs");
    let done = tree.iterations.len();
    assert_eq!(
        done as u64,
        record.estimate.as_ref().unwrap().iterations,
        "{what}"
    );
    // The counter of nodes created is the tree the trace rebuilds.
    assert_eq!(
        record.counters.tree_nodes(),
        tree.nodes.len() as u64,
        "{what}"
    );
    for (i, it) in tree.iterations.iter().enumerate() {
        let before = tree.state_after(i);
        assert_eq!(it.selected.first(), Some(&0), "{what} iteration {i}");
        for w in it.selected.windows(2) {
            assert_eq!(
                tree.ucb_choice(&before, w[0] as usize),
                Some(w[1] as usize),
                "{what} iteration {}: selection at node {} took node {}",
                i + 1,
                w[0],
                w[1]
            );
        }
        if let Some((n, mv)) = &it.added {
            let n = *n as usize;
            assert_eq!(tree.nodes[n].added_in, Some(i), "{what}");
            assert_eq!(
                tree.nodes[n].parent,
                it.selected.last().map(|&p| p as usize)
            );
            assert_eq!(tree.nodes[n].mv.as_ref(), Some(mv));
        }
        // The path and the playout are legal moves from the root.
        let last = *tree.path(it).last().unwrap();
        let mut line = tree.line(last);
        line.extend(it.playout.iter().cloned());
        replay(&tree.root, &line).unwrap_or_else(|e| panic!("{what} iteration {i}: {e}"));
        assert!((-1.0..=1.0).contains(&it.reward), "{what}");
        for phase in Phase::ALL {
            assert!(!tree.describe(i, phase).is_empty(), "{what}");
        }
    }
    let end = tree.state_after(done);
    assert_eq!(
        end.visits[0], done as u64,
        "{what}: the root is visited once an iteration"
    );
    for (n, node) in tree.nodes.iter().enumerate() {
        if !node.children.is_empty() {
            let below: u64 = node.children.iter().map(|&c| end.visits[c]).sum();
            // A node's visits are its children's and the one that added it (plus the
            // iterations that ended there: a finished game or a proof).
            assert!(
                below < end.visits[n] || n == 0 && below <= end.visits[n],
                "{what} node {n}"
            );
        }
    }
    let estimate = record.estimate.expect("an estimate");
    if let Some(best) = record.best_move.as_ref() {
        let child = tree.nodes[0]
            .children
            .iter()
            .copied()
            .find(|&c| tree.nodes[c].mv.as_ref() == Some(best))
            .expect("the move played is a child of the root");
        assert_eq!(end.visits[child], estimate.visits, "{what}");
        assert!((end.mean(child) - estimate.mean).abs() < 1e-12, "{what}");
    }
    if tree.proves {
        assert_eq!(end.proven(0).map(i32::from), estimate.proven, "{what}");
    }
}

#[test]
fn every_selection_is_the_ucb1_choice_and_the_replay_ends_at_the_estimate() {
    let positions = [
        (GameKind::TicTacToe, "", 9),
        (GameKind::TicTacToe, "x...o....", 7),
        (GameKind::Connect4, "", 42),
        (GameKind::Othello, "", 4),
        (GameKind::RandomTree, "w=3 d=6 seed=4 independent=100", 6),
        (GameKind::CustomTree, "((3 12 8) (2 4 6) (14 5 2))", 2),
    ];
    for (kind, text, depth) in positions {
        let pos = AnyPosition::parse(kind, text).expect("a position");
        for (algorithm, name) in [
            (Algorithm::Mcts, "mcts"),
            (Algorithm::MctsSolver, "mcts-solver"),
        ] {
            let req = request(algorithm, 300, depth, |_| {});
            check(
                &trace_mcts(&pos, &req).unwrap(),
                &format!("{name} {kind:?} {text}"),
            );
        }
    }
    // The hybrids and another constant.
    let pos = AnyPosition::parse(GameKind::Connect4, "").unwrap();
    for (name, f) in [
        (
            "ms",
            (|o: &mut SearchOptions| o.ms_depth = 2) as fn(&mut SearchOptions),
        ),
        ("mb", |o| o.mb_depth = 2),
        ("mr", |o| o.mr_depth = 1),
        ("c", |o| o.uct_c = 50),
    ] {
        let req = request(Algorithm::MctsSolver, 400, 42, f);
        check(&trace_mcts(&pos, &req).unwrap(), name);
    }
}

#[test]
fn a_proof_shows_in_the_backup_and_ends_the_steps() {
    // X wins at once with c1.
    let pos = AnyPosition::parse(GameKind::TicTacToe, "xx.oo....").unwrap();
    let tree = trace_mcts(&pos, &request(Algorithm::MctsSolver, 1_000, 9, |_| {})).unwrap();
    let last = tree.iterations.len() - 1;
    assert!(last < 100, "the proof ends the search early");
    let end = tree.state_after(last + 1);
    assert_eq!(end.proven(0), Some(1));
    let backup = tree.describe(last, Phase::Backup).join("\n");
    assert!(
        backup.contains("root is proven: a win for the side to move there"),
        "{backup}"
    );
}

#[test]
fn at_a_finished_root_each_iteration_says_there_is_nothing_to_select_or_add() {
    let pos = AnyPosition::parse(GameKind::TicTacToe, "xxxoo.... O").unwrap();
    let tree = trace_mcts(&pos, &request(Algorithm::Mcts, 3, 9, |_| {})).unwrap();
    assert_eq!(tree.nodes.len(), 1);
    let text = tree.text();
    assert_eq!(text.matches("the root has no moves").count(), 3, "{text}");
    assert!(!text.contains("still has moves"), "{text}");
    assert_eq!(
        text.matches("the game is over at root: reward -1").count(),
        3,
        "{text}"
    );
}

#[test]
fn a_long_row_is_stepped_for_its_first_iterations() {
    let pos = AnyPosition::parse(GameKind::TicTacToe, "").unwrap();
    let long = trace_mcts(&pos, &request(Algorithm::Mcts, 10_000, 9, |_| {})).unwrap();
    assert_eq!(long.iterations.len() as u64, MAX_MCTS_STEPS);
    assert_eq!(long.asked, 10_000);
    assert!(
        long.text()
            .starts_with("the first 2000 of 10000 iterations")
    );
    let short = trace_mcts(&pos, &request(Algorithm::Mcts, 500, 9, |_| {})).unwrap();
    assert_eq!(short.iterations[..], long.iterations[..500]);
}

#[test]
fn the_cli_prints_the_four_phases_of_each_iteration() {
    let (ok, out, err) = common::treelab(&[
        "trace",
        "--game",
        "tictactoe",
        "--algo",
        "mcts+iterations=12",
    ]);
    assert!(ok, "{err}");
    assert_eq!(out.matches("\niteration ").count() + 1, 12, "{out}");
    for phase in ["Selection", "Expansion", "Playout", "Backup"] {
        assert_eq!(
            out.matches(&format!("  {phase}")).count(),
            12,
            "{phase}: {out}"
        );
    }
    // Selection below the root once every root move is added.
    assert!(out.contains("Selection at root (N = 9)"), "{out}");
    let (ok, csv, err) = common::treelab(&[
        "trace",
        "--game",
        "tictactoe",
        "--algo",
        "mcts-solver+iterations=12",
        "--format",
        "csv",
    ]);
    assert!(ok, "{err}");
    assert_eq!(csv.lines().count(), 13);
    assert!(
        csv.starts_with("iteration,selected,added,added_move,playout,end,reward,proven,priors\n")
    );
    let (ok, _, err) = common::treelab(&[
        "trace",
        "--game",
        "tictactoe",
        "--algo",
        "mcts",
        "--svg",
        "x.svg",
    ]);
    assert!(!ok);
    assert!(
        err.contains("an MCTS tree is printed by iteration"),
        "{err}"
    );
}

#[test]
fn the_quiz_marks_the_search_s_choices_right_and_others_wrong() {
    use treelab::tree::mcts_quiz::{MctsAnswer, MctsQuestion, MctsQuiz, next_on_path};
    for (kind, text, depth) in [
        (GameKind::TicTacToe, "", 9),
        (GameKind::Connect4, "", 42),
        (GameKind::CustomTree, "((3 12 8) (2 4 6) (14 5 2))", 2),
    ] {
        let pos = AnyPosition::parse(kind, text).unwrap();
        for algorithm in [Algorithm::Mcts, Algorithm::MctsSolver] {
            let tree = trace_mcts(&pos, &request(algorithm, 60, depth, |_| {})).unwrap();
            // Right answers: full marks.
            let mut quiz = MctsQuiz::new(&tree);
            assert!(
                quiz.questions
                    .iter()
                    .any(|q| matches!(q, MctsQuestion::Select { .. }))
            );
            assert!(
                quiz.questions
                    .iter()
                    .any(|q| matches!(q, MctsQuestion::Backup { .. }))
            );
            while let Some(q) = quiz.question() {
                let answer = match q {
                    MctsQuestion::Select { iteration, parent } => {
                        MctsAnswer::Child(next_on_path(&tree, iteration, parent))
                    }
                    MctsQuestion::Backup { iteration, node } => {
                        let after = tree.state_after(iteration + 1);
                        MctsAnswer::VisitsAndMean(after.visits[node], after.mean(node))
                    }
                };
                assert!(
                    quiz.answer(&tree, answer),
                    "{kind:?} {q:?}: {:?}",
                    quiz.verdict
                );
                quiz.advance();
            }
            assert_eq!(quiz.right, quiz.asked);
            assert_eq!(quiz.asked as usize, quiz.questions.len());
            // Wrong answers: another child, one visit too few, a mean off by 0.01.
            let mut quiz = MctsQuiz::new(&tree);
            while let Some(q) = quiz.question() {
                let (answer, right_move) = match q {
                    MctsQuestion::Select { iteration, parent } => {
                        let taken = next_on_path(&tree, iteration, parent);
                        let other = quiz
                            .choices(&tree)
                            .into_iter()
                            .find(|(c, _)| *c != taken)
                            .expect("a choice")
                            .0;
                        (MctsAnswer::Child(other), tree.nodes[taken].mv.clone())
                    }
                    MctsQuestion::Backup { iteration, node } => {
                        let after = tree.state_after(iteration + 1);
                        let answer = if iteration % 2 == 0 {
                            MctsAnswer::VisitsAndMean(after.visits[node] - 1, after.mean(node))
                        } else {
                            MctsAnswer::VisitsAndMean(after.visits[node], after.mean(node) + 0.01)
                        };
                        (answer, None)
                    }
                };
                assert!(!quiz.answer(&tree, answer), "{kind:?} {q:?}");
                let why = &quiz.verdict.as_ref().unwrap().1;
                if let Some(mv) = right_move {
                    assert!(why.starts_with(&format!("UCB1 takes {mv}:")), "{why}");
                }
                quiz.advance();
            }
            assert_eq!(quiz.right, 0);
        }
    }
}

#[test]
fn with_the_game_s_hooks_a_playout_takes_every_win_at_once_and_avoids_losing_at_once() {
    use treelab::game::Game;
    use treelab::game::connect4::Connect4;
    // Each playout move, checked on the typed game: (wins taken, wins passed up, moves
    // that let the opponent win at once where another did not).
    let audit = |spec: fn(&mut SearchOptions)| {
        let pos = AnyPosition::parse(GameKind::Connect4, "4453").unwrap();
        let tree = trace_mcts(&pos, &request(Algorithm::Mcts, 300, 38, spec)).unwrap();
        let (mut taken, mut passed, mut losing) = (0, 0, 0);
        for it in &tree.iterations {
            let mut line = tree.line(*tree.path(it).last().unwrap());
            let mut at = Connect4::from_moves(&format!("4453{}", line.concat())).unwrap();
            for mv in &it.playout {
                if let Some(win) = at.immediate_win() {
                    if Connect4::move_to_string(win) == *mv {
                        taken += 1;
                    } else {
                        passed += 1;
                    }
                } else {
                    let mut keep = Vec::new();
                    if at.non_losing_moves(&mut keep)
                        && !keep.is_empty()
                        && !keep.iter().any(|&m| Connect4::move_to_string(m) == *mv)
                    {
                        losing += 1;
                    }
                }
                line.push(mv.clone());
                at = Connect4::from_moves(&format!("4453{}", line.concat())).unwrap();
            }
        }
        (taken, passed, losing)
    };
    let (taken, passed, losing) = audit(|o| {
        o.win_at_once = true;
        o.non_losing = true;
    });
    assert!(taken > 100, "{taken}");
    assert_eq!((passed, losing), (0, 0));
    let (taken, passed, losing) = audit(|o| o.win_at_once = true);
    assert!(
        taken > 100 && passed == 0 && losing > 0,
        "{taken} {passed} {losing}"
    );
    // Plain random playouts pass up wins and walk into losses: the checks can fail.
    let (_, passed, losing) = audit(|_| {});
    assert!(passed > 0 && losing > 0, "{passed} {losing}");
}

#[test]
fn a_shown_answer_or_a_skipped_question_is_scored_neither_right_nor_wrong() {
    use treelab::tree::mcts_quiz::{MctsAnswer, MctsQuestion, MctsQuiz};
    let pos = AnyPosition::parse(GameKind::TicTacToe, "").unwrap();
    let tree = trace_mcts(&pos, &request(Algorithm::Mcts, 60, 9, |_| {})).unwrap();
    let mut quiz = MctsQuiz::new(&tree);
    // Shown: the verdict says the answer and why, unscored; a later answer counts nothing.
    quiz.reveal(&tree);
    assert!(quiz.shown);
    let why = quiz.verdict.clone().expect("the answer shown").1;
    let Some(MctsQuestion::Backup { iteration, node }) = quiz.question() else {
        panic!("the first question is a backup's");
    };
    let after = tree.state_after(iteration + 1);
    assert!(
        why.contains(&format!("has n {}", after.visits[node])),
        "{why}"
    );
    quiz.answer(
        &tree,
        MctsAnswer::VisitsAndMean(after.visits[node], after.mean(node)),
    );
    assert_eq!((quiz.asked, quiz.right, quiz.revealed), (0, 0, 1));
    assert!(quiz.advance() && !quiz.shown && quiz.verdict.is_none());
    // Skipped: on to the next question, unscored.
    assert!(quiz.skip());
    assert_eq!((quiz.at, quiz.asked, quiz.skipped), (2, 0, 1));
    // Answered, then skipped on: counted once, as answered.
    let q = quiz.question().unwrap();
    if let MctsQuestion::Select { iteration, parent } = q {
        let taken = treelab::tree::mcts_quiz::next_on_path(&tree, iteration, parent);
        assert!(quiz.answer(&tree, MctsAnswer::Child(taken)));
    } else if let MctsQuestion::Backup { iteration, node } = q {
        let after = tree.state_after(iteration + 1);
        assert!(quiz.answer(
            &tree,
            MctsAnswer::VisitsAndMean(after.visits[node], after.mean(node))
        ));
    }
    quiz.skip();
    assert_eq!(
        (quiz.at, quiz.asked, quiz.right, quiz.skipped),
        (3, 1, 1, 1)
    );
    assert_eq!(
        quiz.score_text(),
        "1 of 1 right (100%); 1 question shown, not answered; 1 skipped"
    );
}
