//! Hand-built trees through the facade and the command line: the shipped textbook trees
//! show what each is claimed to show (AIMA's figure 5.2, Scout's and NegaScout's
//! re-searches, SSS* skipping leaves alpha-beta evaluates, Knuth and Moore's perfectly
//! ordered tree), every algorithm returns each tree's value, searches that would stop at
//! an interior node without a value are refused with the reason, and the issue's
//! command prints its numbers.
//!
//! Ground truth: each tree's own minimax value (every leaf visited), the values and
//! leaf counts the textbooks publish, and the Knuth-Moore formula.

use treelab::engine::{AnyPosition, GameKind, SearchRecord, Suite, run_search};
use treelab::game::Game;
use treelab::game::custom_tree::CustomTree;
use treelab::search::registry::{ChanceNodes, ResultKind};
use treelab::search::{Algorithm, MoveOrder, SearchControl, SearchOptions};

mod common;
use common::{AIMA, request, treelab};

fn search(
    pos: &AnyPosition,
    algorithm: Algorithm,
    options: SearchOptions,
    depth: u32,
) -> SearchRecord {
    run_search(
        pos,
        &request(algorithm, options, depth),
        SearchControl::default(),
    )
    .unwrap_or_else(|e| panic!("{algorithm} on {}: {e}", pos.to_text()))
}

fn tree_of(pos: &AnyPosition) -> &CustomTree {
    match pos {
        AnyPosition::CustomTree(t) => t,
        other => panic!("not a custom tree: {other:?}"),
    }
}

/// The shipped suite by name, each tree with its height.
fn textbook() -> Vec<(String, AnyPosition, Option<i32>, u32)> {
    let suite = Suite::load_named("textbook.tree").expect("the shipped suite");
    assert_eq!(suite.kind, GameKind::CustomTree);
    suite
        .items
        .into_iter()
        .map(|item| {
            let height = tree_of(&item.position).reach();
            (item.name, item.position, item.expected_score, height)
        })
        .collect()
}

fn item(name: &str) -> (AnyPosition, u32) {
    textbook()
        .into_iter()
        .find(|(n, ..)| n == name)
        .map(|(_, pos, _, height)| (pos, height))
        .unwrap_or_else(|| panic!("no tree {name} in the suite"))
}

#[test]
fn every_algorithm_finds_each_textbook_trees_value() {
    let trees = textbook();
    assert_eq!(trees.len(), 9);
    for (name, pos, expected, height) in trees {
        let tree = tree_of(&pos);
        assert_eq!(expected, Some(tree.minimax_value()), "{name}");
        let chance = tree.has_chance();
        for algorithm in Algorithm::ALL.into_iter().filter(|a| {
            a.info().result == ResultKind::Exact
                && (!chance || a.info().chance == ChanceNodes::Averages)
        }) {
            let r = search(&pos, algorithm, SearchOptions::default(), height);
            assert_eq!(r.score, expected, "{name}: {algorithm}");
            // Deeper than the tree changes nothing: leaves are finished games.
            let deeper = search(&pos, algorithm, SearchOptions::default(), height + 2);
            assert_eq!(deeper.score, expected, "{name}: {algorithm} deeper");
            assert_eq!(
                deeper.counters.leaves(),
                r.counters.leaves(),
                "{name}: {algorithm}"
            );
        }
    }
}

#[test]
fn aima_figure_5_2_is_worth_3_and_alpha_beta_sees_7_leaves() {
    let (pos, height) = item("aima-5.2");
    assert_eq!(pos.to_text(), AIMA);
    assert_eq!(pos, AnyPosition::start(GameKind::CustomTree));
    let r = search(&pos, Algorithm::AlphaBeta, SearchOptions::default(), height);
    assert_eq!((r.score, r.counters.leaves()), (Some(3), 7));
    assert_eq!(r.best_move.as_deref(), Some("a"));
    let minimax = search(&pos, Algorithm::Minimax, SearchOptions::default(), height);
    assert_eq!(minimax.counters.leaves(), 9);
}

#[test]
fn scouts_test_fails_high_and_scout_re_searches() {
    let (pos, height) = item("scout-research");
    let r = search(&pos, Algorithm::Scout, SearchOptions::default(), height);
    assert!(r.counters.researches() > 0, "{:?}", r.counters);
    // The re-search is at the root: the second move beats the first.
    assert_eq!(r.best_move.as_deref(), Some("b"));
}

#[test]
fn negascout_re_searches_even_with_the_shallow_skip() {
    let (pos, height) = item("negascout-research");
    assert!(height > 2, "the re-search happens above the skip's depth");
    for skip_shallow_research in [false, true] {
        let options = SearchOptions {
            skip_shallow_research,
            ..SearchOptions::default()
        };
        let r = search(&pos, Algorithm::NegaScout, options, height);
        assert!(
            r.counters.researches() > 0,
            "skip {skip_shallow_research}: {:?}",
            r.counters
        );
        assert_eq!(r.best_move.as_deref(), Some("b"));
    }
}

#[test]
fn sss_star_skips_leaves_that_alpha_beta_evaluates() {
    let (pos, height) = item("sss-skips");
    let ab = search(&pos, Algorithm::AlphaBeta, SearchOptions::default(), height);
    let sss = search(&pos, Algorithm::SssStar, SearchOptions::default(), height);
    assert_eq!(ab.score, sss.score);
    assert!(
        sss.counters.leaves() < ab.counters.leaves(),
        "SSS* {} against alpha-beta {}",
        sss.counters.leaves(),
        ab.counters.leaves()
    );
}

/// Whether the first child of every interior node is a best one for the side to move
/// there (by the children's own minimax values).
fn best_first(tree: &CustomTree) -> bool {
    let mut moves = Vec::new();
    tree.legal_moves(&mut moves);
    let Some(&first) = moves.first() else {
        return true;
    };
    let value = |m| -tree.play(m).minimax_value();
    let top = moves.iter().map(|&m| value(m)).max();
    top == Some(value(first)) && moves.iter().all(|&m| best_first(&tree.play(m)))
}

#[test]
fn knuth_and_moores_tree_is_perfectly_ordered_and_alpha_beta_sees_the_minimal_tree() {
    let (pos, height) = item("knuth-moore-3x3");
    let tree = tree_of(&pos);
    let (w, d) = tree.uniform_shape().expect("uniform");
    assert!(best_first(tree));
    let minimal = w.pow(d.div_ceil(2)) + w.pow(d / 2) - 1;
    for algorithm in [Algorithm::AlphaBeta, Algorithm::NegaAlpha] {
        let r = search(&pos, algorithm, SearchOptions::default(), height);
        assert_eq!(r.counters.leaves(), u64::from(minimal), "{algorithm}");
    }
    // The other trees are not perfectly ordered.
    assert!(!best_first(tree_of(&item("scout-research").0)));
}

#[test]
fn searches_that_would_stop_at_a_node_without_a_value_are_refused_with_the_reason() {
    let pos = AnyPosition::parse(GameKind::CustomTree, AIMA).expect("reads");
    let refused = |options: SearchOptions, depth: u32| {
        run_search(
            &pos,
            &request(Algorithm::NegaAlpha, options, depth),
            SearchControl::default(),
        )
        .expect_err("refused")
        .to_string()
    };
    let e = refused(SearchOptions::default(), 1);
    assert!(e.contains("depth 2") && e.contains("after a"), "{e}");
    let id = SearchOptions {
        iterative_deepening: true,
        tt_mib: 1,
        ..SearchOptions::default()
    };
    let e = refused(id.clone(), 2);
    assert!(e.contains("iterative deepening"), "{e}");
    let e = refused(
        SearchOptions {
            ordering: MoveOrder::Evaluation,
            ..SearchOptions::default()
        },
        2,
    );
    assert!(e.contains("eval ordering"), "{e}");
    // Options that never stop short run: the oracle, a table, static ordering.
    for options in [
        SearchOptions {
            ordering: MoveOrder::Oracle,
            ..SearchOptions::default()
        },
        SearchOptions {
            tt_mib: 1,
            tt_leaves: true,
            ..SearchOptions::default()
        },
        SearchOptions {
            ordering: MoveOrder::Static,
            killers: 2,
            history: true,
            ..SearchOptions::default()
        },
    ] {
        assert_eq!(
            search(&pos, Algorithm::NegaAlpha, options, 2).score,
            Some(3)
        );
    }
    // With a value on every interior node, shallow searches and iterative deepening
    // run, and stop where the values say.
    let valued = AnyPosition::parse(GameKind::CustomTree, "((3 12 8):4 (2 4 6):9 (14 5 2):1)")
        .expect("reads");
    assert_eq!(
        search(&valued, Algorithm::NegaAlpha, SearchOptions::default(), 1).score,
        Some(9)
    );
    let r = search(&valued, Algorithm::MtdF, id, 2);
    assert_eq!(r.score, Some(3));
    assert_eq!(r.iterations.len(), 2);
    assert_eq!(r.iterations[0].score, 9);
}

#[test]
fn the_issues_command_prints_score_3_and_7_leaves() {
    let (ok, out, err) = treelab(&[
        "search",
        "--game",
        "custom",
        "--position",
        AIMA,
        "--algo",
        "alphabeta",
    ]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"score: 3"), "{out}");
    assert!(lines.contains(&"leaves: 7"), "{out}");
    assert!(lines.contains(&"depth: 2"), "{out}");
    // Bad text: the column where it went wrong.
    let (ok, _, err) = treelab(&[
        "search",
        "--game",
        "custom",
        "--position",
        "((3 12 8) (2 x))",
        "--algo",
        "alphabeta",
    ]);
    assert!(!ok);
    assert!(err.contains("column 14"), "{err}");
    // Too shallow: refused, with the depth that reaches every leaf.
    let (ok, _, err) = treelab(&[
        "search",
        "--game",
        "custom-tree",
        "--position",
        AIMA,
        "--algo",
        "sss",
        "--depth",
        "1",
    ]);
    assert!(!ok);
    assert!(err.contains("depth 2"), "{err}");
    // A game without a known full depth asks for one.
    let (ok, _, err) = treelab(&["search", "--game", "othello", "--algo", "minimax"]);
    assert!(!ok);
    assert!(err.contains("--depth"), "{err}");
    // A board that fills up ends by then: tic-tac-toe's whole tree from the start
    // (549,946 positions, root included: the well-known count), a draw.
    let (ok, out, err) = treelab(&["search", "--game", "tictactoe", "--algo", "minimax"]);
    assert!(ok, "{err}");
    assert!(out.starts_with("score: 0\n"), "{out}");
    assert!(out.contains("\nnodes: 549946\n"), "{out}");
}
