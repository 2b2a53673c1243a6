//! FSSS-Minimax: its value is alpha-beta's, and its pruning theorem holds on every tree
//! of E4's grid (both value models, every shape, seeds 1 to 50, two move orders): every
//! leaf it evaluates, alpha-beta evaluates too, with the same move order; so it never
//! evaluates more. Its tree is held to the memory budget.

use std::collections::HashSet;

use treelab::engine::{AnyPosition, SearchRequest, run_search};
use treelab::experiment::experiments::{tree_grid, tree_seeds};
use treelab::game::Game;
use treelab::game::random_tree::{RandomTree, RandomTreeEval, TreeSpec};
use treelab::search::{
    Algorithm, MoveOrder, SearchControl, SearchOptions, SearchResult, StopReason, TraceEvent,
    search,
};

type Move = <RandomTree as Game>::Move;

fn request(algorithm: Algorithm, depth: u32) -> SearchRequest {
    SearchRequest {
        algorithm,
        options: SearchOptions::default(),
        depth,
        evaluator: String::new(),
    }
}

fn traced(
    tree: &RandomTree,
    algorithm: Algorithm,
    order: MoveOrder,
    depth: u32,
) -> SearchResult<Move> {
    let control = SearchControl {
        trace: true,
        ..SearchControl::default()
    };
    let opts = SearchOptions {
        ordering: order,
        ..SearchOptions::default()
    };
    search(
        tree,
        &RandomTreeEval::default(),
        algorithm,
        &opts,
        depth,
        control,
    )
    .expect("it runs")
}

/// The leaves a traced search evaluated, each as its line of moves from the root.
fn leaves(result: &SearchResult<Move>) -> Vec<Vec<Move>> {
    let trace = result.trace.as_ref().expect("a trace");
    let mut path: Vec<Option<Move>> = Vec::new();
    let mut out = Vec::new();
    for event in &trace.events {
        match event {
            TraceEvent::Enter { mv, .. } => path.push(*mv),
            TraceEvent::Leaf { .. } => out.push(path.iter().flatten().copied().collect()),
            TraceEvent::Leave { .. } => {
                path.pop();
            }
            _ => {}
        }
    }
    out
}

#[test]
fn on_every_e4_tree_its_leaves_are_among_alpha_betas() {
    // In the generator's order, and ordered by the children's static values (which
    // the incremental model makes informative).
    for order in [MoveOrder::Generation, MoveOrder::Evaluation] {
        same_order_theorem(order);
    }
}

fn same_order_theorem(order: MoveOrder) {
    let mut trees = 0;
    for (model, width, depth) in tree_grid(false) {
        for seed in 1..=tree_seeds(false) {
            let spec = TreeSpec {
                width,
                depth,
                seed,
                model,
            };
            let tree = RandomTree::new(spec).expect("a tree");
            let ab = traced(&tree, Algorithm::AlphaBeta, order, depth);
            let fsss = traced(&tree, Algorithm::Fsss, order, depth);
            assert_eq!(fsss.score, ab.score, "{spec:?}");
            let ab_leaves: HashSet<Vec<Move>> = leaves(&ab).into_iter().collect();
            let fsss_leaves = leaves(&fsss);
            let distinct: HashSet<&Vec<Move>> = fsss_leaves.iter().collect();
            assert_eq!(
                distinct.len(),
                fsss_leaves.len(),
                "each leaf once: {spec:?}"
            );
            for leaf in &fsss_leaves {
                assert!(
                    ab_leaves.contains(leaf),
                    "{spec:?}: FSSS-Minimax evaluated {leaf:?}, which alpha-beta did not"
                );
            }
            assert_eq!(fsss.counters.leaves() as usize, fsss_leaves.len());
            assert_eq!(
                fsss.counters.nodes(),
                fsss.counters.leaves() + fsss.counters.interior(),
                "{spec:?}"
            );
            trees += 1;
        }
    }
    assert_eq!(trees, 16 * 50);
}

#[test]
fn its_tree_is_held_to_the_memory_budget() {
    let spec = TreeSpec {
        width: 16,
        depth: 8,
        seed: 3,
        ..TreeSpec::default()
    };
    let pos = AnyPosition::from(RandomTree::new(spec).expect("a tree"));
    let mut req = request(Algorithm::Fsss, 8);
    req.options.sss_memory_mib = 1;
    let r = run_search(&pos, &req, SearchControl::default()).expect("it runs");
    assert_eq!(r.stopped, Some(StopReason::MemoryLimit));
    assert_eq!(r.score, None);
}
