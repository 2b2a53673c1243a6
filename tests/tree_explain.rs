//! The tree view's explanations never teach a wrong thing: on random trees, for every
//! algorithm the view draws, both forms (two-sided minimax and negamax) and both fail
//! modes, every visit's reason is derived again here from the trace alone (the
//! children's values, the window, whose move it is) and compared with what the view
//! says: the child and the value that caused a cutoff and the bound it crossed (β at
//! MAX and negamax nodes, α at MIN nodes), the best child of a node searched through,
//! and where its value lies against the window.

use treelab::engine::{AnyPosition, GameKind, SearchRequest};
use treelab::search::registry::TreeView;
use treelab::search::{Algorithm, INF, SearchOptions};
use treelab::tree::{Form, Reason, SearchTree, trace_tree};

mod common;
use common::treelab;

fn b(v: i32) -> String {
    if v >= INF {
        "+∞".into()
    } else if v <= -INF {
        "-∞".into()
    } else {
        v.to_string()
    }
}

/// Checks every visit of `t`; returns how many cutoffs at MIN nodes it saw.
fn check_tree(t: &SearchTree, what: &str) -> usize {
    let two_sided = matches!(
        t.request.algorithm,
        Algorithm::Minimax | Algorithm::AlphaBeta
    );
    assert_eq!(t.form() == Form::TwoSided, two_sided, "{what}");
    let uses_table = t.request.options.tt_mib > 0;
    let mut min_cuts = 0;
    for (i, n) in t.nodes.iter().enumerate() {
        let text = t.explain(i);
        let here = format!("{what}, visit {i} ({}): {text}", t.node_name(i));
        let Some(v) = n.value else { continue };
        // Whose move it is, from the position itself.
        let pos = treelab::tree::replay(&t.root, &n.path).unwrap();
        let max_node = pos.side_to_move() == t.root.side_to_move();
        let worth = |c: usize| {
            let cv = t.nodes[c].value.unwrap();
            if two_sided { cv } else { -cv }
        };
        if n.leaf || n.table_cut {
            assert!(text.contains(&v.to_string()), "{here}");
            continue;
        }
        if let Some(k) = n.cutoff_child {
            // The index counts moves; a move tested and re-searched is two visits.
            let mut moves: Vec<&str> = Vec::new();
            for &c in &n.children {
                let mv = t.nodes[c].mv.as_deref().unwrap();
                if !moves.contains(&mv) {
                    moves.push(mv);
                }
            }
            assert_eq!(
                k as usize + 1,
                moves.len(),
                "the cut is by the last move: {here}"
            );
            let c = *n.children.last().unwrap();
            let cv = t.nodes[c].value.unwrap();
            let mv = t.nodes[c].mv.clone().unwrap();
            assert!(
                text.contains(&format!("child, {mv}, returns {cv}")),
                "{here}"
            );
            // The bound it crossed, from the raw numbers.
            let (crosses, words) = if two_sided && !max_node {
                min_cuts += 1;
                (cv <= n.alpha, format!("≤ α = {}", b(n.alpha)))
            } else {
                (worth(c) >= n.beta, format!("≥ β = {}", b(n.beta)))
            };
            if crosses {
                assert!(text.contains(&words), "says {words}: {here}");
            } else {
                assert!(
                    uses_table,
                    "a cut that crosses no bound of its window: {here}"
                );
                assert!(text.contains("narrowed"), "{here}");
            }
            assert!(
                !text.contains("reaches β") || max_node || !two_sided,
                "{here}"
            );
            match t.reason(i) {
                Reason::Cutoff {
                    child, child_value, ..
                } => assert_eq!((child, child_value), (c, cv), "{here}"),
                other => panic!("{here}: reason {other:?}"),
            }
            continue;
        }
        // Searched through: the best child for this side, and where the value lies.
        let searched: Vec<usize> = n
            .children
            .iter()
            .copied()
            .filter(|&c| t.nodes[c].value.is_some())
            .collect();
        if searched.is_empty() {
            continue;
        }
        let minimizing = two_sided && !max_node;
        let best = searched
            .iter()
            .copied()
            .reduce(|a, c| {
                let better = if minimizing {
                    worth(c) < worth(a)
                } else {
                    worth(c) > worth(a)
                };
                if better { c } else { a }
            })
            .unwrap();
        let best_mv = t.nodes[best].mv.clone().unwrap();
        assert!(text.contains(&worth(best).to_string()), "{here}");
        assert!(text.contains(&best_mv), "{here}");
        let expected = if v <= n.alpha {
            format!("at most {v}")
        } else if v >= n.beta {
            format!("at least {v}")
        } else {
            format!("the exact value {v}")
        };
        assert!(text.contains(&expected), "says {expected}: {here}");
        let word = if minimizing { "smallest" } else { "largest" };
        if two_sided {
            assert!(text.contains(word), "{here}");
        }
    }
    min_cuts
}

fn options_for(a: Algorithm) -> Vec<SearchOptions> {
    let mut out = vec![SearchOptions::default()];
    let soft = SearchOptions {
        fail_soft: true,
        ..SearchOptions::default()
    };
    if soft.check(a, 3).is_ok() {
        out.push(soft);
    }
    out.retain(|o| o.check(a, 3).is_ok());
    out
}

#[test]
fn every_visit_is_explained_as_the_trace_shows_it() {
    let mut min_cuts = 0;
    let mut trees = 0;
    for seed in 0..24 {
        for (w, d) in [(2, 3), (3, 3), (2, 4), (3, 2)] {
            let text = format!("w={w} d={d} seed={seed} independent=20");
            let pos = AnyPosition::parse(GameKind::RandomTree, &text).unwrap();
            for a in Algorithm::ALL {
                if a.info().tree_view != TreeView::Draws {
                    continue;
                }
                for o in options_for(a) {
                    let req = SearchRequest {
                        algorithm: a,
                        options: o.clone(),
                        depth: d,
                        evaluator: String::new(),
                    };
                    let t = trace_tree(&pos, &req).unwrap();
                    let what = format!("{} fail-soft={} on {text}", a.name(), o.fail_soft);
                    min_cuts += check_tree(&t, &what);
                    trees += 1;
                }
            }
        }
    }
    assert!(trees > 800, "{trees}");
    assert!(min_cuts > 100, "MIN nodes cut off: {min_cuts}");
}

#[test]
fn hand_built_trees_with_min_first_and_uneven_leaves() {
    for tree in [
        "((3 12 8) (2 4 6) (14 5 2))",
        "min:((3 12 8) (2 4 6) (14 5 2))",
        "((5 (6 7) 2) (1 (8 9)) 4)",
        "min:(((1 9) 4) (7 (3 2 8)) (6 5))",
    ] {
        let pos = AnyPosition::parse(GameKind::CustomTree, tree).unwrap();
        let depth = pos.as_dyn().full_depth().unwrap();
        for a in Algorithm::ALL {
            if a.info().tree_view != TreeView::Draws {
                continue;
            }
            for o in options_for(a) {
                let req = SearchRequest {
                    algorithm: a,
                    options: o.clone(),
                    depth,
                    evaluator: String::new(),
                };
                let t = trace_tree(&pos, &req).unwrap();
                check_tree(
                    &t,
                    &format!("{} fail-soft={} on {tree}", a.name(), o.fail_soft),
                );
            }
        }
    }
}

#[test]
fn the_command_line_prints_b_cut_by_two_below_alpha_three() {
    let (ok, out, err) = treelab(&[
        "trace",
        "--game",
        "custom",
        "--position",
        "((3 12 8) (2 4 6) (14 5 2))",
        "--algo",
        "alphabeta",
        "--format",
        "csv",
    ]);
    assert!(ok, "{err}");
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some("index,ply,path,kind,alpha,beta,value,type,pruned,explanation")
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 11, "AIMA's tree: 11 visits");
    let b = rows
        .iter()
        .find(|r| r.starts_with("5,1,b,"))
        .expect("b is the sixth visit");
    assert!(b.starts_with("5,1,b,normal,3,inf,3,cut,b c,"), "{b}");
    assert!(b.contains("returns 2 ≤ α = 3"), "{b}");
    // The same tree as the Tree tab draws it: the trace's nodes and the search's
    // counters agree.
    let (ok, svg_out, err) = treelab(&[
        "trace",
        "--game",
        "custom",
        "--position",
        "min:(3 (1 2))",
        "--algo",
        "mtdf",
        "--format",
        "text",
    ]);
    assert!(ok, "{err}");
    assert!(svg_out.contains("pass 1 of"), "{svg_out}");
    // A second row beside the first: in the figure only, so without one it is refused
    // with the reason; with one, the figure is the Tree tab's Save tree as… of both.
    let aima = "((3 12 8) (2 4 6) (14 5 2))";
    let base = [
        "trace",
        "--game",
        "custom",
        "--position",
        aima,
        "--algo",
        "alphabeta",
    ];
    let (ok, _, err) = treelab(&[&base[..], &["--beside", "negascout"]].concat());
    assert!(!ok);
    assert!(
        err.contains("--beside negascout") && err.contains("--svg"),
        "{err}"
    );
    let dir = std::env::temp_dir().join(format!("treelab-beside-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("two.svg");
    let svg_arg = svg.to_str().unwrap();
    let (ok, _, err) = treelab(&[&base[..], &["--beside", "negascout", "--svg", svg_arg]].concat());
    assert!(ok, "{err}");
    let written = std::fs::read_to_string(&svg).unwrap();
    let pos = AnyPosition::parse(GameKind::CustomTree, aima).unwrap();
    let traced = |algorithm| {
        trace_tree(
            &pos,
            &SearchRequest {
                algorithm,
                options: SearchOptions::default(),
                depth: 2,
                evaluator: String::new(),
            },
        )
        .unwrap()
    };
    let (ab, ns) = (traced(Algorithm::AlphaBeta), traced(Algorithm::NegaScout));
    let figure = treelab::tree::export::figure_of_trees(&[&ab, &ns], Default::default());
    assert_eq!(written, treelab::tree::export::to_svg(&figure));
    assert!(written.contains("negascout") && written.contains("ring:"));
    let (ok, _, err) = treelab(
        &[
            &base[..],
            &["--beside", "negascout+bogus", "--svg", svg_arg],
        ]
        .concat(),
    );
    assert!(!ok && err.contains("bogus"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
    // Refusals as in the Tree tab.
    let (ok, _, err) = treelab(&[
        "trace",
        "--game",
        "tictactoe",
        "--algo",
        "sss",
        "--depth",
        "2",
    ]);
    assert!(!ok);
    assert!(err.contains("MT-SSS*"), "{err}");
}
