//! Searches too big to end, as a user meets them on the command line: refused at once
//! with their size, run anyway with `--force`, and reachable ones left alone.

mod common;
use common::treelab;

const WIDE_TREE: [&str; 10] = [
    "search",
    "--game",
    "random-tree",
    "--position",
    "w=64 d=40 seed=1 independent=1000",
    "--algo",
    "minimax",
    "--depth",
    "40",
    "--format=text",
];

/// Minimax to depth 40 on a tree of width 64 is refused before it starts, with its
/// exact size; the output has no result.
#[test]
fn minimax_on_a_huge_tree_is_refused_with_its_size() {
    let (ok, out, err) = treelab(&WIDE_TREE);
    assert!(!ok, "{out}");
    assert!(out.is_empty(), "no result: {out}");
    assert!(
        err.contains("minimax to depth 40 on this tree visits 64^40 = 1.8e72 leaves"),
        "{err}"
    );
    assert!(err.contains("the limit is 1e11 leaves"), "{err}");
    assert!(err.contains("Pass --force to run it anyway."), "{err}");
}

/// Minimax over a whole Othello game is refused with an estimate, said to be one; so
/// is its iterative-deepening variant, and negamax.
#[test]
fn minimax_over_a_whole_othello_game_is_refused_with_an_estimate() {
    for algo in ["minimax", "minimax+id", "negamax"] {
        let (ok, out, err) = treelab(&[
            "search", "--game", "othello", "--algo", algo, "--depth", "60",
        ]);
        assert!(!ok, "{algo}: {out}");
        assert!(
            err.contains("on this position visits about ")
                && err.contains("leaves (estimated from 1000 random paths"),
            "{algo}: {err}"
        );
        assert!(err.contains("beyond reach"), "{algo}: {err}");
    }
}

/// `--force` lifts the refusal: the search runs until its node budget.
#[test]
fn force_runs_it_anyway() {
    let mut args = WIDE_TREE.to_vec();
    args.extend(["--force", "--nodes", "1000"]);
    let (ok, out, err) = treelab(&args);
    assert!(ok, "{err}");
    assert!(!err.contains("beyond reach"), "{err}");
    assert!(out.contains("complete: false"), "{out}");
    assert!(out.contains("stopped: node budget reached"), "{out}");
}

/// A search that prunes, or one that prunes nothing but ends, is not refused.
#[test]
fn reachable_or_pruning_searches_are_not_refused() {
    let (ok, out, err) = treelab(&["search", "--game", "tictactoe", "--algo", "minimax"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("score: 0") && out.contains("leaves: 255168"),
        "{out}"
    );
    let mut args = WIDE_TREE.to_vec();
    args[6] = "alphabeta";
    args.extend(["--nodes", "1000"]);
    let (ok, _, err) = treelab(&args);
    assert!(ok, "alpha-beta prunes: {err}");
}

/// `bench` refuses a grid with such a row, naming the row and the position, and runs
/// it with `--force`.
#[test]
fn bench_refuses_a_row_beyond_reach() {
    let bench = [
        "bench",
        "--suite",
        "fforum-40-59.obf",
        "--algos",
        "negaalpha,minimax",
        "--depths",
        "2,20",
        "--limit",
        "1",
    ];
    let (ok, out, err) = treelab(&bench);
    assert!(!ok, "{out}");
    assert!(out.is_empty(), "nothing ran: {out}");
    assert!(
        err.contains(
            "row 'minimax' on position 1 (#40): minimax to depth 20 on this position visits about"
        ),
        "{err}"
    );
    assert!(err.contains("Pass --force to run it anyway."), "{err}");
    let (ok, _, err) = treelab(&[
        "bench",
        "--suite",
        "fforum-40-59.obf",
        "--algos",
        "minimax",
        "--depths",
        "3",
        "--limit",
        "1",
    ]);
    assert!(ok, "a reachable minimax row runs: {err}");
}

/// `tree` refuses a minimax row beyond reach before it prints anything, and says on
/// standard error when it drops options an algorithm cannot take.
#[test]
fn tree_refuses_minimax_beyond_reach_and_names_dropped_options() {
    let (ok, out, err) = treelab(&["tree", "--width", "64", "--depth", "40"]);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(err.contains("64^40 = 1.8e72 leaves"), "{err}");
    let (ok, out, err) = treelab(&[
        "tree",
        "--width",
        "3",
        "--depth",
        "3",
        "--killers",
        "2",
        "--algos",
        "minimax,alphabeta",
    ]);
    assert!(ok, "{err}");
    assert!(
        err.contains("note: minimax runs without the options but the move ordering")
            && !err.contains("alphabeta"),
        "{err}"
    );
    assert!(out.contains("minimax_leaves: 27"), "{out}");
}
