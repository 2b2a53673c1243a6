//! The MCTS tree view of a PUCT row: the priors its trace carries are the network's over
//! the legal moves of the position each iteration evaluated (the root first); every
//! selection the search made (below the root, and the move it added, which selection
//! chose among the moves not tried yet) is the move the view's own `Q + c·P·√N / (1 +
//! n)` picks in the tree replayed from the trace; each node's prior is its parent's; the
//! replay ends at the search's estimate; the words say what PUCT does (no playout,
//! no random move), as do `treelab trace`'s text and CSV.

mod common;

use treelab::engine::{AnyPosition, GameKind, SearchRequest, run_search};
use treelab::search::trace::PlayoutEnd;
use treelab::search::{Algorithm, SearchControl, SearchOptions};
use treelab::tree::mcts::{MctsTree, Phase, trace_mcts};
use treelab::tree::replay;

fn request(iterations: u64, depth: u32, f: impl Fn(&mut SearchOptions)) -> SearchRequest {
    let mut options = SearchOptions {
        iterations,
        rollout_seed: 3,
        ..SearchOptions::default()
    };
    f(&mut options);
    SearchRequest {
        algorithm: Algorithm::Puct,
        options,
        depth,
        evaluator: String::new(),
    }
}

/// Checks the priors and every selection of `tree` against the search.
fn check(tree: &MctsTree, what: &str) {
    assert_eq!(
        tree.puct,
        Some(f64::from(tree.request.options.puct_c) / 100.0)
    );
    let record = run_search(&tree.root, &tree.request, SearchControl::default()).expect("runs");
    assert_eq!(
        record.counters.tree_nodes(),
        tree.nodes.len() as u64,
        "{what}"
    );
    let mut evaluated = 0;
    for (i, it) in tree.iterations.iter().enumerate() {
        let before = tree.state_after(i);
        let path = tree.path(it);
        // Each step down the path is the move the view's rule takes, the added node's
        // move (not in the tree yet) included.
        for w in path.windows(2) {
            let edges = tree.puct_edges(&before, w[0]);
            let k = tree
                .puct_choice(&before, w[0])
                .unwrap_or_else(|| panic!("{what} iteration {}: no moves at {}", i + 1, w[0]));
            assert_eq!(
                Some(&edges[k].mv),
                tree.nodes[w[1]].mv.as_ref(),
                "{what} iteration {}: selection at node {} took node {}",
                i + 1,
                w[0],
                w[1]
            );
            // A node in the tree is chosen as itself; the added one was not there.
            let added = it.added.as_ref().map(|(n, _)| *n as usize) == Some(w[1]);
            assert_eq!(edges[k].child, (!added).then_some(w[1]), "{what}");
        }
        // The priors are the network's over the legal moves of the position evaluated.
        let last = *path.last().unwrap();
        let pos = replay(&tree.root, &tree.line(last)).expect("a legal line");
        if !it.priors.is_empty() {
            evaluated += 1;
            assert_eq!(it.end, PlayoutEnd::Network, "{what}");
            let moves: Vec<String> = it.priors.iter().map(|(m, _)| m.clone()).collect();
            assert_eq!(moves, pos.legal_moves(), "{what} iteration {}", i + 1);
            let sum: f32 = it.priors.iter().map(|&(_, p)| p).sum();
            assert!((sum - 1.0).abs() < 1e-3, "{what}: priors sum to {sum}");
            assert!(it.priors.iter().all(|&(_, p)| p >= 0.0), "{what}");
            assert_eq!(tree.edges[last], it.priors, "{what}");
        } else {
            // Nothing to evaluate: a finished game, the depth, or a value given before.
            assert!(
                pos.is_over() || tree.nodes[last].ply >= tree.request.depth,
                "{what} iteration {}: {:?}",
                i + 1,
                it.end
            );
        }
        assert!(it.playout.is_empty(), "{what}");
        for phase in Phase::ALL {
            let words = tree.describe(i, phase).join("\n");
            assert!(!words.is_empty(), "{what}");
            assert!(!words.contains("random"), "{what}: {words}");
            assert!(!words.contains("UCB1"), "{what}: {words}");
        }
    }
    assert!(evaluated > 0, "{what}");
    // Each node's prior is the one its parent's evaluation gave its move.
    for node in &tree.nodes[1..] {
        let parent = node.parent.unwrap();
        let edge = tree.edges[parent]
            .iter()
            .find(|(m, _)| Some(m) == node.mv.as_ref())
            .expect("the node's move is a move of its parent");
        assert_eq!(node.prior, Some(edge.1), "{what}");
    }
    // The replay ends where the search's estimate does.
    let end = tree.state_after(tree.iterations.len());
    let estimate = record.estimate.expect("an estimate");
    if let Some(best) = record.best_move.as_ref()
        && let Some(child) = tree.nodes[0]
            .children
            .iter()
            .copied()
            .find(|&c| tree.nodes[c].mv.as_ref() == Some(best))
        && estimate.visits > 0
    {
        assert_eq!(end.visits[child], estimate.visits, "{what}");
        assert!((end.mean(child) - estimate.mean).abs() < 1e-12, "{what}");
    }
}

#[test]
fn every_puct_selection_is_the_view_s_choice_by_prior_and_the_replay_ends_at_the_estimate() {
    for (kind, text, depth, iterations) in [
        (GameKind::TicTacToe, "", 9, 400),
        (GameKind::TicTacToe, "x...o....", 7, 300),
        // Finished games inside the tree.
        (GameKind::TicTacToe, "xx.oo....", 9, 200),
        // The depth cuts the tree: the network's value, no moves.
        (GameKind::TicTacToe, "", 2, 150),
        (GameKind::Connect4, "", 42, 300),
    ] {
        let pos = AnyPosition::parse(kind, text).expect("a position");
        let tree = trace_mcts(&pos, &request(iterations, depth, |_| {})).unwrap();
        check(&tree, &format!("{kind:?} '{text}' depth {depth}"));
    }
    // Another constant, and the root's noise (its noisy priors are the ones traced).
    let pos = AnyPosition::parse(GameKind::TicTacToe, "").unwrap();
    let plain = trace_mcts(&pos, &request(200, 9, |_| {})).unwrap();
    let c = trace_mcts(&pos, &request(200, 9, |o| o.puct_c = 300)).unwrap();
    check(&c, "c_puct 3");
    let noisy = trace_mcts(&pos, &request(200, 9, |o| o.dirichlet = 30)).unwrap();
    check(&noisy, "noise");
    assert_ne!(plain.iterations[0].priors, noisy.iterations[0].priors);
    // Only the root's priors take the noise: the same moves, the same network.
    let moves = |t: &MctsTree| {
        t.iterations[0]
            .priors
            .iter()
            .map(|(m, _)| m.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(&plain), moves(&noisy));
}

#[test]
fn the_horizon_and_finished_games_are_said_as_puct_does_them() {
    let pos = AnyPosition::parse(GameKind::TicTacToe, "").unwrap();
    let tree = trace_mcts(&pos, &request(150, 2, |_| {})).unwrap();
    let text = tree.text();
    assert!(
        text.contains("is at the depth: the network values it at"),
        "{text}"
    );
    assert!(
        text.contains("has no moves (the game is over there or it is at the depth)"),
        "{text}"
    );
    let pos = AnyPosition::parse(GameKind::TicTacToe, "xx.oo....").unwrap();
    let text = trace_mcts(&pos, &request(60, 9, |_| {})).unwrap().text();
    // X's c1 wins: a finished game valued by the rules, for O to move there.
    assert!(
        text.contains("Playout: none; the game is over at c1: value -1 (a loss)"),
        "{text}"
    );
}

#[test]
fn the_cli_prints_puct_s_phases_with_the_priors() {
    let (ok, out, err) = common::treelab(&[
        "trace",
        "--game",
        "tictactoe",
        "--algo",
        "puct+iterations=20",
    ]);
    assert!(ok, "{err}");
    assert_eq!(out.matches("\niteration ").count() + 1, 20, "{out}");
    for phase in ["Selection", "Expansion", "Playout", "Backup"] {
        assert!(
            out.matches(&format!("  {phase}")).count() >= 20,
            "{phase}: {out}"
        );
    }
    assert!(
        out.contains("Selection: the network has not evaluated the root yet"),
        "{out}"
    );
    assert!(
        out.contains("Expansion: none; the network evaluates root: its moves get priors a1 "),
        "{out}"
    );
    assert!(out.contains("Selection at root (N = 1): "), "{out}");
    assert!(
        out.contains("has Q + c·P·√N / (1 + n) = +0.000 + 1.25·"),
        "{out}"
    );
    assert!(
        out.contains("Playout: none; the network values root at "),
        "{out}"
    );
    assert!(!out.contains("random"), "{out}");
    let (ok, csv, err) = common::treelab(&[
        "trace",
        "--game",
        "tictactoe",
        "--algo",
        "puct+iterations=20",
        "--format",
        "csv",
    ]);
    assert!(ok, "{err}");
    assert_eq!(csv.lines().count(), 21);
    assert!(
        csv.starts_with("iteration,selected,added,added_move,playout,end,reward,proven,priors\n")
    );
    // The first iteration evaluates the root: its nine moves with their priors.
    let first = csv.lines().nth(1).unwrap();
    let priors = first.rsplit(',').next().unwrap();
    assert_eq!(priors.split(' ').count(), 9, "{first}");
    assert!(priors.starts_with("a1:0."), "{first}");
    assert!(first.contains(",network,"), "{first}");
}

#[test]
fn a_trace_saved_before_the_priors_reads_with_none() {
    use treelab::search::trace::{MctsIteration, TraceEvent};
    let it = MctsIteration {
        selected: vec![0],
        added: Some((1, "a1".to_string())),
        playout: vec!["b1".to_string()],
        end: PlayoutEnd::GameOver,
        reward: 1.0,
        bounds: Vec::new(),
        priors: vec![("c1".to_string(), 0.5)],
    };
    let text = ron::to_string(&TraceEvent::Mcts(Box::new(it.clone()))).unwrap();
    let old = text.replace(",priors:[(\"c1\",0.5)]", "");
    assert_ne!(old, text, "{text}");
    let read: TraceEvent<String> = ron::from_str(&old).unwrap();
    let TraceEvent::Mcts(read) = read else {
        panic!("{old}")
    };
    assert!(read.priors.is_empty());
    assert_eq!(read.selected, it.selected);
    // And with them, as written.
    let back: TraceEvent<String> = ron::from_str(&text).unwrap();
    assert_eq!(back, TraceEvent::Mcts(Box::new(it)));
}

#[test]
fn the_quiz_asks_which_move_puct_takes_and_marks_the_search_s_move_right() {
    use treelab::tree::mcts_quiz::{MctsAnswer, MctsQuestion, MctsQuiz, right_choice};
    for (kind, text, depth) in [(GameKind::TicTacToe, "", 9), (GameKind::Connect4, "", 42)] {
        let pos = AnyPosition::parse(kind, text).unwrap();
        let tree = trace_mcts(&pos, &request(60, depth, |_| {})).unwrap();
        let mut quiz = MctsQuiz::new(&tree);
        // The move selection adds is asked too (at the path's last selected node).
        assert!(quiz.questions.iter().any(|q| match *q {
            MctsQuestion::Select { iteration, parent } => {
                tree.iterations[iteration].selected.last() == Some(&(parent as u32))
            }
            MctsQuestion::Backup { .. } => false,
        }));
        let mut asked = 0;
        while let Some(q) = quiz.question() {
            if let MctsQuestion::Select { iteration, parent } = q {
                asked += 1;
                let choices = quiz.choices(&tree);
                let moves: Vec<&String> = tree.edges[parent].iter().map(|(m, _)| m).collect();
                assert_eq!(choices.iter().map(|(_, m)| m).collect::<Vec<_>>(), moves);
                // The right answer is the view's own choice by PUCT's rule.
                let right = right_choice(&tree, iteration, parent);
                let state = tree.state_after(iteration);
                assert_eq!(
                    Some(right),
                    tree.puct_choice(&state, parent),
                    "{kind:?} {q:?}"
                );
                let wrong = (right + 1) % choices.len();
                assert!(
                    !quiz.answer(&tree, MctsAnswer::Child(wrong)),
                    "{kind:?} {q:?}"
                );
                let why = &quiz.verdict.as_ref().unwrap().1;
                assert!(
                    why.starts_with(&format!("PUCT takes {}:", choices[right].1)),
                    "{why}"
                );
                quiz.advance();
                // Asked again, the right answer is marked right.
                quiz.at -= 1;
                assert!(
                    quiz.answer(&tree, MctsAnswer::Child(right)),
                    "{kind:?} {q:?}"
                );
                assert!(
                    quiz.text(&tree).contains("Which move does PUCT take"),
                    "{}",
                    quiz.text(&tree)
                );
            }
            quiz.advance();
        }
        assert!(asked > 10, "{kind:?}: {asked}");
    }
}
