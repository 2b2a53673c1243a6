//! The registry's own checks: every algorithm described once, its name round-trips,
//! and the capabilities agree with each other.

use super::*;

#[test]
fn every_algorithm_is_described_once_and_its_name_round_trips() {
    assert_eq!(Algorithm::ALL.len(), ALGORITHMS.len());
    for (i, info) in ALGORITHMS.iter().enumerate() {
        let a = info.algorithm;
        assert_eq!(Algorithm::ALL[i], a);
        // `info()` finds this very entry (ALGORITHMS is a const: compare what it holds).
        assert_eq!((a.info().algorithm, a.info().name), (a, info.name), "{a:?}");
        assert_eq!(Algorithm::from_name(info.name), Ok(a));
        assert_eq!(Algorithm::from_name(&info.name.to_uppercase()), Ok(a));
        // The serialized name is the name.
        let written = ron::to_string(&a).unwrap();
        assert_eq!(written.trim_start_matches("r#"), info.name);
        assert!(!info.paper.is_empty() && !info.contract.is_empty(), "{a:?}");
    }
    let mut names: Vec<&str> = ALGORITHMS.iter().map(|a| a.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), ALGORITHMS.len(), "names are unique");
}

#[test]
fn the_capabilities_agree_with_each_other() {
    for info in ALGORITHMS {
        let a = info.algorithm;
        // A window taken from the caller is a window kept.
        assert!(
            !info.takes_window || info.bounds != Bounds::NoWindow,
            "{a:?}"
        );
        // A memory-enhanced test is a null-window driver.
        assert!(
            info.table != TableUse::MemoryEnhanced || info.null_window_tests,
            "{a:?}"
        );
        // The tree view draws depth-first searches as visits (chance nodes too),
        // sampling ones as their tree by iteration.
        assert_eq!(
            info.order == VisitOrder::DepthFirst,
            info.tree_view == TreeView::Draws,
            "{a:?}"
        );
        // Iterations are drawn exactly where the algorithm has them.
        assert_eq!(
            info.tree_view == TreeView::Iterations,
            info.has(OwnOption::Iterations),
            "{a:?}"
        );
        // A quiz where the tree view draws; about selection where it draws iterations.
        assert_eq!(
            info.quiz == QuizAsks::Nothing,
            matches!(info.tree_view, TreeView::Refuses(_)),
            "{a:?}"
        );
        assert_eq!(
            info.quiz == QuizAsks::Selection,
            info.tree_view == TreeView::Iterations,
            "{a:?}"
        );
        // The quiz asks about windows where there are windows (and values only where
        // the tree view draws a search without them).
        assert_eq!(
            info.quiz == QuizAsks::Values,
            info.bounds == Bounds::NoWindow && info.tree_view == TreeView::Draws,
            "{a:?}"
        );
        // Leaves are kept in a table only by algorithms that can have one.
        assert!(!info.has(OwnOption::TableLeaves) || a.can_use_tt(), "{a:?}");
    }
}

/// The algorithms that prune nothing are the ones that visit every node: minimax,
/// negamax and expectimax.
#[test]
fn only_the_full_width_searches_prune_nothing() {
    let full: Vec<&str> = ALGORITHMS
        .iter()
        .filter(|a| a.prunes_nothing())
        .map(|a| a.name)
        .collect();
    assert_eq!(full, ["minimax", "negamax", "expectimax"]);
}
