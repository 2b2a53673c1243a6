//! The figures' geometry: no edge crosses a label, in the textbook and the compact
//! drawing, one tree or two side by side, with bounds written `≤ v` / `≥ v` or not, on
//! the textbook trees, a random tree, tic-tac-toe and Othello; and two trees written
//! side by side in one figure; the TikZ is plain ASCII and compiles with pdflatex.

use std::collections::HashSet;

use super::SearchTree;
use super::draw::{Prim, Spacing, stub_slots, text_box, widest_label};
use super::export::{Figure, FigureOptions, figure_of_trees, figure_with, to_svg, to_tikz};
use super::layout::{Joint, place_with};
use super::tests::tree_of;
use crate::engine::{AnyPosition, GameKind};
use crate::search::{Algorithm, SearchOptions};

fn tree(
    kind: GameKind,
    pos: &str,
    algorithm: Algorithm,
    fail_soft: bool,
    depth: u32,
) -> SearchTree {
    let options = SearchOptions {
        fail_soft,
        ..SearchOptions::default()
    };
    tree_of(pos, kind, algorithm, options, depth)
}

/// The textbook trees shipped in `assets/custom_tree/textbook.tree`.
fn textbook() -> Vec<String> {
    let text = include_str!("../../assets/custom_tree/textbook.tree");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.splitn(3, ' ').nth(2).unwrap().to_string())
        // The tree view does not draw chance nodes yet (their searches refuse it).
        .filter(|t| !t.contains('?'))
        .collect()
}

/// Whether segment `a`-`b` passes through the inside of box `r` (Liang-Barsky).
fn crosses(a: [f32; 2], b: [f32; 2], r: [f32; 4]) -> bool {
    let d = [b[0] - a[0], b[1] - a[1]];
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (p, q) in [
        (-d[0], a[0] - r[0]),
        (d[0], r[2] - a[0]),
        (-d[1], a[1] - r[1]),
        (d[1], r[3] - a[1]),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    t0 < t1
}

/// Every edge segment of `f` against every label's box (shrunk by half a point, so that
/// a line touching a box's edge is not a crossing).
fn no_edge_crosses_a_label(f: &Figure, what: &str) {
    let boxes: Vec<([f32; 4], &str)> = f
        .drawing
        .prims
        .iter()
        .filter_map(|p| {
            let Prim::Text { text, .. } = p else {
                return None;
            };
            let b = text_box(p)?;
            Some((
                [b[0] + 0.5, b[1] + 0.5, b[2] - 0.5, b[3] - 0.5],
                text.as_str(),
            ))
        })
        .collect();
    assert!(!boxes.is_empty(), "{what}: no labels");
    let mut lines = 0;
    for p in &f.drawing.prims {
        if let Prim::Line { a, b, .. } = p {
            lines += 1;
            for (r, text) in &boxes {
                assert!(
                    !crosses(*a, *b, *r),
                    "{what}: the edge {a:?}-{b:?} crosses the label {text:?} at {r:?}"
                );
            }
        }
    }
    assert!(lines > 0, "{what}: no edges");
}

/// The figure of `trees` in the textbook or the compact drawing.
fn drawn(trees: &[&SearchTree], compact: bool, bounds: bool) -> Figure {
    let j = Joint::of(trees);
    let s = Spacing::readable(widest_label(trees, bounds), compact);
    let stub = if compact {
        0.0
    } else {
        stub_slots(trees, s.slot)
    };
    let l = place_with(&j, &HashSet::new(), compact, stub);
    figure_with(trees, &j, &l, &s, FigureOptions { bounds })
}

fn check_all(trees: &[&SearchTree], what: &str) {
    for compact in [false, true] {
        for bounds in [false, true] {
            let f = drawn(trees, compact, bounds);
            no_edge_crosses_a_label(&f, &format!("{what} compact={compact} bounds={bounds}"));
        }
    }
}

#[test]
fn no_edge_crosses_a_label_on_the_textbook_trees() {
    for pos in textbook() {
        let depth = 4;
        let ab = tree(
            GameKind::CustomTree,
            &pos,
            Algorithm::AlphaBeta,
            false,
            depth,
        );
        let na = tree(
            GameKind::CustomTree,
            &pos,
            Algorithm::NegaAlpha,
            true,
            depth,
        );
        let ns = tree(
            GameKind::CustomTree,
            &pos,
            Algorithm::NegaScout,
            false,
            depth,
        );
        let sc = tree(GameKind::CustomTree, &pos, Algorithm::Scout, false, depth);
        for t in [&ab, &na, &ns, &sc] {
            check_all(&[t], &pos);
        }
        check_all(&[&ab, &ns], &format!("{pos} beside"));
        // A quiz's tree so far, each visit answered (stubs of nodes without children).
        for asked in 0..ab.nodes.len() {
            let so_far = ab.so_far(asked, true);
            if so_far.nodes.len() > 1 {
                check_all(&[&so_far], &format!("{pos} quiz at visit {asked}"));
            }
        }
        check_all(&[&sc, &na], &format!("{pos} beside"));
    }
}

#[test]
fn no_edge_crosses_a_label_on_random_tictactoe_and_othello_trees() {
    let random = tree(
        GameKind::RandomTree,
        "w=3 d=4 seed=5 independent=50",
        Algorithm::NegaAlpha,
        false,
        4,
    );
    let random_ns = tree(
        GameKind::RandomTree,
        "w=3 d=4 seed=5 independent=50",
        Algorithm::Pvs,
        false,
        4,
    );
    check_all(&[&random], "random");
    check_all(&[&random, &random_ns], "random beside");
    let ttt = tree(
        GameKind::TicTacToe,
        "x........ O",
        Algorithm::NegaAlpha,
        false,
        2,
    );
    check_all(&[&ttt], "tic-tac-toe");
    let othello = AnyPosition::start(GameKind::Othello).to_text();
    let o = tree(GameKind::Othello, &othello, Algorithm::NegaScout, false, 3);
    check_all(&[&o], "othello");
    // What Save tree as… writes on its own picks a drawing: the same holds there.
    for t in [&random, &ttt, &o] {
        no_edge_crosses_a_label(&figure_of_trees(&[t], FigureOptions::default()), "figure");
    }
}

#[test]
fn two_trees_are_written_side_by_side_in_one_figure() {
    let aima = "((3 12 8) (2 4 6) (14 5 2))";
    let ab = tree(GameKind::CustomTree, aima, Algorithm::AlphaBeta, false, 2);
    let ns = tree(GameKind::CustomTree, aima, Algorithm::NegaScout, false, 2);
    let one = figure_of_trees(&[&ab], FigureOptions::default());
    let two = figure_of_trees(&[&ab, &ns], FigureOptions { bounds: true });
    let svg = to_svg(&two);
    // A marker per visit of each tree, and each tree's title.
    let markers = svg.matches("<circle cx").count() - svg.matches("fill=\"none\"").count()
        + svg.matches("<rect x=").count();
    assert_eq!(markers, ab.nodes.len() + ns.nodes.len(), "{svg}");
    assert!(svg.contains("alphabeta depth 2") && svg.contains("negascout depth 2"));
    // The second tree is right of the first, wider than one tree alone.
    let w = |f: &Figure| f.bounds[2] - f.bounds[0];
    assert!(w(&two) > w(&one), "{} vs {}", w(&two), w(&one));
    let first_right = two.drawing.nodes[..ab.nodes.len()]
        .iter()
        .map(|n| n.at[0])
        .fold(f32::MIN, f32::max);
    let right_half = two
        .drawing
        .nodes
        .iter()
        .filter(|n| n.at[0] > first_right + 20.0)
        .count();
    assert_eq!(right_half, ns.nodes.len());
    // Fail-hard b is written as the bound it is, and the conventions are under it.
    assert!(svg.contains("b ≤ 3"), "{svg}");
    assert!(svg.contains("fail-hard: a value at a bound means"));
    // NegaScout's tests of b and c are marked, not ringed as "only in this tree".
    assert!(svg.contains("stroke-dasharray=\"3 2\""));
    let tikz = to_tikz(&two);
    assert_eq!(
        tikz.matches("\\fill[").count(),
        ab.nodes.len() + ns.nodes.len()
    );
    assert!(tikz.contains("negascout depth 2"));
}

#[test]
fn a_quiz_draws_the_visit_asked_plainly_and_the_pv_at_the_end() {
    use super::draw::{DrawOptions, QuizShow, UNKNOWN, done_at, draw};
    use crate::search::trace::VisitKind;
    let aima = "((3 12 8) (2 4 6) (14 5 2))";
    let ns = tree(GameKind::CustomTree, aima, Algorithm::NegaScout, false, 2);
    // b: NegaScout's null-window test of the second move.
    let b = ns
        .nodes
        .iter()
        .position(|n| n.path == ["b"] && n.kind == VisitKind::NullWindow)
        .unwrap();
    let done = done_at(&ns);
    let folded = HashSet::new();
    let picture = |answered: bool, over: bool| {
        let t = if over {
            ns.clone()
        } else {
            ns.so_far(b, answered)
        };
        let j = Joint::of(&[&t]);
        let l = place_with(&j, &folded, false, 1.0);
        let s = Spacing::readable(60.0, false);
        let o = DrawOptions {
            step: if over { usize::MAX } else { b },
            marks: None,
            current: None,
            folded: &folded,
            clip: None,
            done_at: &done,
            labels: true,
            bounds: false,
            quiz: Some(QuizShow {
                asked: if over { ns.nodes.len() - 1 } else { b },
                answered: answered || over,
                over,
            }),
        };
        (draw(&t, &j, 0, &l, &s, &o), t.nodes.len())
    };
    let edges = |d: &super::draw::Drawing| -> Vec<(f32, super::draw::Dash)> {
        d.prims
            .iter()
            .filter_map(|p| match p {
                // Edges, not the dotted stubs of moves never searched.
                Prim::Line { width, dash, .. } if *dash != super::draw::Dash::Dotted => {
                    Some((*width, *dash))
                }
                _ => None,
            })
            .collect()
    };
    let (asked, drawn) = picture(false, false);
    assert_eq!(drawn, b + 1, "the visits to come are not laid out");
    assert_eq!(asked.nodes.len(), b + 1);
    let node = asked.nodes.iter().find(|n| n.node == b).unwrap();
    assert!(node.hidden && node.color == UNKNOWN);
    // Its edge is plain (not the test's dashes), and no edge is thick before the end.
    let e = edges(&asked);
    assert!(e.iter().all(|&(w, _)| w < 2.0), "no thick edge: {e:?}");
    assert_eq!(
        e.last(),
        Some(&(1.2, super::draw::Dash::Solid)),
        "b's edge is plain"
    );
    let (answered, _) = picture(true, false);
    assert_eq!(
        edges(&answered).last(),
        Some(&(1.2, super::draw::Dash::Dashed)),
        "once answered, the test's edge is dashed"
    );
    let (over, _) = picture(true, true);
    assert!(
        edges(&over).iter().any(|&(w, _)| w > 2.0),
        "the PV is thick at the end"
    );
}

/// The figures of the textbook trees, with bounds and without, drawn with α, β, ≤, ≥
/// and ∞ on screen, are plain ASCII in TikZ: pdflatex reads them with `tikz` alone.
#[test]
fn tikz_figures_are_plain_ascii() {
    let mut symbols = 0;
    for pos in textbook() {
        for algorithm in [Algorithm::AlphaBeta, Algorithm::NegaScout] {
            let t = tree(GameKind::CustomTree, &pos, algorithm, false, 4);
            for bounds in [false, true] {
                let f = figure_of_trees(&[&t], FigureOptions { bounds });
                symbols += to_svg(&f).chars().filter(|c| !c.is_ascii()).count();
                let tikz = to_tikz(&f);
                let odd: String = tikz.chars().filter(|c| !c.is_ascii()).collect();
                assert!(odd.is_empty(), "{pos} {algorithm} bounds={bounds}: {odd}");
                assert!(!tikz.contains("$$"), "one formula per run of symbols");
            }
        }
    }
    assert!(symbols > 0, "the screen's labels have symbols to write");
}

/// One exported figure compiles with plain pdflatex and the `tikz` package, when
/// pdflatex is installed (the test says it skipped otherwise).
#[test]
fn a_tikz_figure_compiles_with_pdflatex() {
    let found = std::process::Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        println!("skipped: pdflatex is not installed");
        return;
    }
    let aima = "((3 12 8) (2 4 6) (14 5 2))";
    let ab = tree(GameKind::CustomTree, aima, Algorithm::AlphaBeta, false, 2);
    let ns = tree(GameKind::CustomTree, aima, Algorithm::NegaScout, false, 2);
    let tikz = to_tikz(&figure_of_trees(
        &[&ab, &ns],
        FigureOptions { bounds: true },
    ));
    let dir = std::env::temp_dir().join(format!("treelab-tikz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let doc = format!(
        "\\documentclass{{article}}\n\\usepackage{{tikz}}\n\\begin{{document}}\n{tikz}\\end{{document}}\n"
    );
    std::fs::write(dir.join("figure.tex"), doc).unwrap();
    let out = std::process::Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "figure.tex"])
        .current_dir(&dir)
        .output()
        .expect("pdflatex runs");
    let log = String::from_utf8_lossy(&out.stdout).into_owned();
    let pdf = dir.join("figure.pdf").exists();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success() && pdf, "{log}");
}
