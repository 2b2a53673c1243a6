//! The search tree of one small search, rebuilt from its trace, for the tree view.
//!
//! [`trace_tree`] runs the search with a trace and turns the events into nodes: each
//! visit is a node with its window on entry, its value on leaving, how it was visited
//! (normal, null-window test, re-search), whether it was a leaf, a table cutoff or a
//! cut node, and the moves that were never searched below it (pruned). Several visits
//! of the root (iterative deepening, MTD(f) passes) become several trees side by side.
//! [`layout`] places the visits of one or two trees, [`draw`] turns them into shapes,
//! [`export`] and [`png`] write those as SVG, TikZ and PNG, [`diff`] finds the visits one
//! tree has and another has not, and [`quiz`] asks a learner what each visit does.
//! MCTS rows have a tree of their own, stepped by iteration: [`mcts`] (PUCT's rule and
//! words: [`mcts_puct`]).
//! This module does not import egui.

mod chance;
pub mod draw;
mod explain;
pub mod export;
#[cfg(test)]
mod figure_tests;
mod fonts;
mod labels;
pub mod layout;
pub mod listing;
pub mod mcts;
pub mod mcts_puct;
pub mod mcts_quiz;
mod node;
pub mod png;
pub mod quiz;

use std::collections::HashSet;

pub use explain::{Form, Outcome, Reason, Role};
pub use node::{Bound, EdgeProb, NodeType, SearchTree, TreeNode, replay};

use crate::engine::{AnyPosition, EngineError, SearchRecord, SearchRequest};
use crate::search::SearchControl;
use crate::search::registry::TreeView;
use crate::search::trace::{TraceEvent, VisitKind};

/// The most nodes the view draws.
pub const MAX_TREE_NODES: u64 = 20_000;

/// Runs `req` on `root` with a trace and builds its tree. Searches that visit more than
/// [`MAX_TREE_NODES`] nodes are refused with their size and a smaller depth to try;
/// SSS* is refused (best-first: its visits do not nest; MT-SSS* is its depth-first form).
pub fn trace_tree(root: &AnyPosition, req: &SearchRequest) -> Result<SearchTree, EngineError> {
    if let TreeView::Refuses(why) = req.algorithm.info().tree_view {
        return Err(EngineError::Input(why.into()));
    }
    let control = SearchControl {
        trace: true,
        node_budget: Some(MAX_TREE_NODES + 1),
        ..SearchControl::default()
    };
    let (record, events) = crate::engine::run_search_traced(root, req, control)?;
    if record.stopped == Some(crate::search::StopReason::NodeBudget) {
        let smaller = req.depth.saturating_sub(1).max(1);
        return Err(EngineError::Input(format!(
            "this search visits more than {MAX_TREE_NODES} nodes, too many to draw; try depth {smaller} or a smaller position"
        )));
    }
    Ok(build(root, req, record, &events))
}

/// Builds the tree from the events of a depth-first search: the visits nested, whose
/// move it is at each (and the chance nodes), the moves never searched, the principal
/// variation.
fn build(
    root: &AnyPosition,
    req: &SearchRequest,
    record: SearchRecord,
    events: &[TraceEvent<String>],
) -> SearchTree {
    let (mut nodes, roots) = nest_visits(events);
    mark_sides_and_chance(root, &mut nodes);
    mark_never_searched(root, &mut nodes);
    mark_pv(&mut nodes, &roots, &record.pv);
    SearchTree {
        root: root.clone(),
        request: req.clone(),
        record,
        nodes,
        roots,
    }
}

/// The visits of the events, each under the visit it was made from, and the roots (one
/// per pass over the root). Public for the Python package, whose games written in Python
/// are traced without an [`AnyPosition`].
pub fn nest_visits(events: &[TraceEvent<String>]) -> (Vec<TreeNode>, Vec<usize>) {
    let mut nodes: Vec<TreeNode> = Vec::new();
    let mut roots = Vec::new();
    // The open nodes, innermost last.
    let mut stack: Vec<usize> = Vec::new();
    for e in events {
        let open = stack.last().copied();
        match e {
            TraceEvent::Enter {
                ply,
                mv,
                alpha,
                beta,
                kind,
            } => {
                while stack.len() > *ply as usize {
                    stack.pop();
                }
                let parent = stack.last().copied();
                let mut path = parent.map(|p| nodes[p].path.clone()).unwrap_or_default();
                if let Some(m) = mv {
                    path.push(m.clone());
                }
                let id = nodes.len();
                nodes.push(TreeNode {
                    parent,
                    children: Vec::new(),
                    ply: *ply,
                    mv: mv.clone(),
                    path,
                    alpha: *alpha,
                    beta: *beta,
                    kind: *kind,
                    value: None,
                    leaf: false,
                    table_cut: false,
                    cutoff_child: None,
                    pruned: Vec::new(),
                    step: id,
                    on_pv: false,
                    max_node: true,
                    chance: false,
                    prob: None,
                    chance_cut: None,
                });
                match parent {
                    Some(p) => nodes[p].children.push(id),
                    None => roots.push(id),
                }
                stack.push(id);
            }
            TraceEvent::Leave { value } => {
                if let Some(n) = stack.pop() {
                    nodes[n].value = Some(*value);
                }
            }
            _ => {
                if let Some(n) = open {
                    note_event(&mut nodes[n], e);
                }
            }
        }
    }
    (nodes, roots)
}

/// What an event inside a visit (neither its entry nor its exit) says of it.
fn note_event(node: &mut TreeNode, e: &TraceEvent<String>) {
    match e {
        TraceEvent::Leaf { value } => {
            node.leaf = true;
            node.value = Some(*value);
        }
        TraceEvent::TtCut { value } => {
            node.table_cut = true;
            node.value = Some(*value);
        }
        TraceEvent::Cutoff { index } => node.cutoff_child = Some(*index),
        TraceEvent::ChanceCutoff { above_beta } => {
            node.chance_cut = Some(if *above_beta {
                Bound::Beta
            } else {
                Bound::Alpha
            });
        }
        // MCTS's iterations are drawn by its own view.
        TraceEvent::Mcts(_) | TraceEvent::Enter { .. } | TraceEvent::Leave { .. } => {}
    }
}

/// Whose move it is at each node; chance nodes and their edges' probabilities.
fn mark_sides_and_chance(root: &AnyPosition, nodes: &mut [TreeNode]) {
    let root_side = root.side_to_move();
    for n in 0..nodes.len() {
        if let Ok(pos) = replay(root, &nodes[n].path) {
            nodes[n].max_node = pos.side_to_move() == root_side;
            if let Some(outcomes) = pos.as_dyn().chance_outcomes() {
                chance::mark(nodes, n, &outcomes);
            }
        }
    }
}

/// Moves never searched below each interior node.
fn mark_never_searched(root: &AnyPosition, nodes: &mut [TreeNode]) {
    mark_never_searched_with(nodes, |nodes, n| {
        replay(root, &nodes[n].path).ok().map(|p| p.legal_moves())
    });
}

/// Moves never searched below each interior node of `nodes` (as [`nest_visits`] made
/// them): of the legal moves `moves_at(nodes, n)` gives for node `n` (None: not known,
/// nothing marked), those no child was entered by. Public for the Python package,
/// whose games written in Python give their moves themselves.
pub fn mark_never_searched_with(
    nodes: &mut [TreeNode],
    mut moves_at: impl FnMut(&[TreeNode], usize) -> Option<Vec<String>>,
) {
    for n in 0..nodes.len() {
        if nodes[n].leaf || nodes[n].table_cut || nodes[n].children.is_empty() {
            continue;
        }
        let Some(legal) = moves_at(nodes, n) else {
            continue;
        };
        let searched: HashSet<&str> = nodes[n]
            .children
            .iter()
            .filter_map(|&c| nodes[c].mv.as_deref())
            .collect();
        let pruned: Vec<String> = legal
            .into_iter()
            .filter(|m| !searched.contains(m.as_str()))
            .collect();
        nodes[n].pruned = pruned;
    }
}

/// The principal variation of the last pass.
fn mark_pv(nodes: &mut [TreeNode], roots: &[usize], pv: &[String]) {
    let Some(&last) = roots.last() else {
        return;
    };
    nodes[last].on_pv = true;
    let mut at = last;
    for mv in pv {
        let next = nodes[at]
            .children
            .iter()
            .rev()
            .copied()
            .find(|&c| nodes[c].mv.as_deref() == Some(mv.as_str()));
        match next {
            Some(c) => {
                nodes[c].on_pv = true;
                at = c;
            }
            None => break,
        }
    }
}

/// The label of a node's pruned moves: the moves when few, else how many.
#[must_use]
pub fn pruned_label(pruned: &[String]) -> String {
    if pruned.len() <= 3 {
        pruned.join(" ")
    } else {
        format!("{} pruned", pruned.len())
    }
}

/// How a visit of one tree stands beside the visits of another tree of the same
/// position (the rings of the side-by-side view).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum VisitDiff {
    /// The other tree visits this node the same way.
    #[default]
    Same,
    /// The other tree never visits this node (no visit along the same moves).
    OnlyHere,
    /// Both trees visit the node, but one of them (at least once) as a null-window test
    /// or a re-search and the other not in the same ways.
    Otherwise,
}

/// How each visit of `a` stands beside `b`: [`VisitDiff::OnlyHere`] when no visit of `b`
/// follows the same moves, [`VisitDiff::Otherwise`] when both visit the node but not in
/// the same ways (normal visit, null-window test, re-search), else [`VisitDiff::Same`].
#[must_use]
pub fn diff(a: &SearchTree, b: &SearchTree) -> Vec<VisitDiff> {
    fn kinds(t: &SearchTree) -> std::collections::HashMap<&[String], Vec<VisitKind>> {
        let mut m: std::collections::HashMap<&[String], Vec<VisitKind>> =
            std::collections::HashMap::new();
        for n in &t.nodes {
            let k = m.entry(n.path.as_slice()).or_default();
            if !k.contains(&n.kind) {
                k.push(n.kind);
            }
        }
        for k in m.values_mut() {
            k.sort_by_key(|&x| x as u8);
        }
        m
    }
    let (in_a, in_b) = (kinds(a), kinds(b));
    a.nodes
        .iter()
        .map(|n| match in_b.get(n.path.as_slice()) {
            None => VisitDiff::OnlyHere,
            Some(kb) if in_a.get(n.path.as_slice()) == Some(kb) => VisitDiff::Same,
            Some(_) => VisitDiff::Otherwise,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameKind;
    use crate::search::{Algorithm, MoveOrder, SearchOptions};

    /// The tree of `algorithm` with `o` to depth `d` on `pos` (a position of `kind`),
    /// with the game's own evaluator; the figures' and the quiz's tests build theirs here.
    pub(super) fn tree_of(
        pos: &str,
        kind: GameKind,
        algorithm: Algorithm,
        o: SearchOptions,
        d: u32,
    ) -> SearchTree {
        let p = AnyPosition::parse(kind, pos).unwrap();
        trace_tree(
            &p,
            &SearchRequest {
                algorithm,
                options: o,
                depth: d,
                evaluator: String::new(),
            },
        )
        .unwrap()
    }

    #[test]
    fn tree_counts_equal_the_statistics_for_every_algorithm() {
        for a in Algorithm::ALL {
            if a.info().tree_view != TreeView::Draws {
                continue;
            }
            let t = tree_of(
                "w=3 d=4 seed=5 independent=50",
                GameKind::RandomTree,
                a,
                SearchOptions::default(),
                4,
            );
            let s = &t.record.counters;
            assert_eq!(
                t.counts(),
                (s.nodes(), s.leaves(), s.beta_cutoffs(), s.researches()),
                "{a:?}"
            );
            // Each node's pruned moves and searched children make up its legal moves.
            for n in &t.nodes {
                if !n.leaf && !n.table_cut && !n.children.is_empty() {
                    let pos = replay(&t.root, &n.path).unwrap();
                    // A move may be visited twice (a test, then the real search).
                    let searched: HashSet<&str> = n
                        .children
                        .iter()
                        .filter_map(|&c| t.nodes[c].mv.as_deref())
                        .collect();
                    assert_eq!(
                        searched.len() + n.pruned.len(),
                        pos.legal_moves().len(),
                        "{a:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn knuth_moore_example_draws_exactly_the_minimal_tree() {
        let o = SearchOptions {
            ordering: MoveOrder::Oracle,
            ..SearchOptions::default()
        };
        let t = tree_of(
            "w=3 d=3 seed=1 independent=100",
            GameKind::RandomTree,
            Algorithm::NegaAlpha,
            o,
            3,
        );
        let leaves = t.nodes.iter().filter(|n| n.leaf).count();
        assert_eq!(leaves, 11, "w^ceil(d/2) + w^floor(d/2) - 1 = 9 + 3 - 1");
        // The minimal tree: the PV node has every child; each of its non-first
        // children is a cut node with one child searched, whose child is an all node
        // with every child.
        let root = t.roots[0];
        assert_eq!(t.nodes[root].children.len(), 3);
        let j = layout::Joint::of(&[&t]);
        let l = layout::place(&j, &HashSet::new(), false);
        assert!(l.at.iter().all(|p| p.visible));
        assert!(l.slots >= 11.0);
        let svg = export::to_svg(&export::figure_of(&t));
        assert_eq!(svg.matches("<rect x=").count(), 11, "a square per leaf");
        assert!(
            svg.contains("stroke-dasharray=\"1.5 3\""),
            "pruned moves drawn dotted"
        );
    }

    #[test]
    fn negascout_differs_from_alpha_beta_by_its_tests_and_re_searches() {
        let ab = tree_of(
            "x........ O",
            GameKind::TicTacToe,
            Algorithm::NegaAlpha,
            SearchOptions::default(),
            3,
        );
        let ns = tree_of(
            "x........ O",
            GameKind::TicTacToe,
            Algorithm::NegaScout,
            SearchOptions::default(),
            3,
        );
        let marks = diff(&ns, &ab);
        assert!(marks.contains(&VisitDiff::Otherwise));
        for (i, &d) in marks.iter().enumerate() {
            let n = &ns.nodes[i];
            let in_ab = ab.nodes.iter().any(|m| m.path == n.path);
            // Ringed only where alpha-beta never goes; a test or a re-search of a node
            // alpha-beta visits is marked apart.
            assert_eq!(d == VisitDiff::OnlyHere, !in_ab, "{:?}", n.path);
            if in_ab && n.kind != VisitKind::Normal {
                assert_eq!(d, VisitDiff::Otherwise, "{:?}", n.path);
            }
        }
        assert!(diff(&ab, &ab).iter().all(|&d| d == VisitDiff::Same));
        assert!(!ns.explain(ns.roots[0]).is_empty());
    }

    #[test]
    fn on_aima_5_2_alpha_beta_and_negascout_ring_nothing_and_mark_the_tests() {
        let aima = "((3 12 8) (2 4 6) (14 5 2))";
        let ab = tree_of(
            aima,
            GameKind::CustomTree,
            Algorithm::AlphaBeta,
            SearchOptions::default(),
            2,
        );
        let ns = tree_of(
            aima,
            GameKind::CustomTree,
            Algorithm::NegaScout,
            SearchOptions::default(),
            2,
        );
        let (da, db) = (diff(&ab, &ns), diff(&ns, &ab));
        let paths = |t: &SearchTree| -> HashSet<Vec<String>> {
            t.nodes.iter().map(|n| n.path.clone()).collect()
        };
        if paths(&ab) == paths(&ns) {
            // The same nodes: nothing is "only in this tree".
            assert!(!da.contains(&VisitDiff::OnlyHere) && !db.contains(&VisitDiff::OnlyHere));
        }
        // NegaScout tests b and c with a null window where alpha-beta searches them.
        for (t, d) in [(&ab, &da), (&ns, &db)] {
            for (i, n) in t.nodes.iter().enumerate() {
                if n.ply == 1 && n.path != ["a"] {
                    assert_eq!(d[i], VisitDiff::Otherwise, "{:?}", n.path);
                }
            }
        }
        assert!(ab.conventions()[0].starts_with("minimax"));
        assert!(ab.conventions()[1].starts_with("fail-hard"));
        assert!(ns.conventions()[0].starts_with("negamax"));
        assert!(
            ns.conventions()
                .iter()
                .any(|l| l.starts_with("null-window"))
        );
    }

    #[test]
    fn big_searches_and_sss_are_refused_with_the_reason() {
        let p = AnyPosition::start(GameKind::Othello);
        let req = SearchRequest {
            algorithm: Algorithm::Minimax,
            options: SearchOptions::default(),
            depth: 8,
            evaluator: String::new(),
        };
        let e = trace_tree(&p, &req).unwrap_err().to_string();
        assert!(
            e.contains("more than 20000 nodes") && e.contains("try depth 7"),
            "{e}"
        );
        let sss = SearchRequest {
            algorithm: Algorithm::SssStar,
            depth: 2,
            ..req
        };
        assert!(
            trace_tree(&p, &sss)
                .unwrap_err()
                .to_string()
                .contains("MT-SSS*")
        );
    }
}
