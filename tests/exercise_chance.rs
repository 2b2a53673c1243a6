//! Generated exercises with chance nodes (for expectimax, Star1 and Star2): for 100
//! seeds across the difficulties, every tree is read by a parser of this file and
//! checked against its request (the plies, the children per node, a chance node of two
//! equally likely outcomes after every move of the side at the root and nowhere else),
//! its expectiminimax value computed here equals the value the row's search returns,
//! and the cutoffs counted here from the row's traced search meet the request; an id
//! regenerates its tree; the sheet and key say what a chance node means.

use treelab::engine::rowspec::parse_row_spec;
use treelab::experiment::exercise::{self, Difficulty, parse_id};
use treelab::search::SearchOptions;

mod common;
use common::treelab;

/// A tree as this test reads the bracket notation.
#[derive(Debug)]
enum T {
    Leaf(i32),
    Node(Vec<T>),
    /// Outcomes with their probabilities as written.
    Chance(Vec<(String, T)>),
}

struct Reader {
    c: Vec<char>,
    at: usize,
}

impl Reader {
    fn skip(&mut self) {
        while self.c[self.at] == ' ' {
            self.at += 1;
        }
    }

    fn node(&mut self) -> T {
        self.skip();
        if self.c[self.at] == '?' {
            self.at += 2; // "?("
            let mut outs = Vec::new();
            loop {
                self.skip();
                if self.c[self.at] == ')' {
                    self.at += 1;
                    return T::Chance(outs);
                }
                let start = self.at;
                while self.c[self.at] != ':' {
                    self.at += 1;
                }
                let p: String = self.c[start..self.at].iter().collect();
                self.at += 1;
                outs.push((p, self.node()));
            }
        }
        if self.c[self.at] == '(' {
            self.at += 1;
            let mut kids = Vec::new();
            loop {
                self.skip();
                if self.c[self.at] == ')' {
                    self.at += 1;
                    return T::Node(kids);
                }
                kids.push(self.node());
            }
        }
        let start = self.at;
        while self.at < self.c.len() && (self.c[self.at] == '-' || self.c[self.at].is_ascii_digit())
        {
            self.at += 1;
        }
        T::Leaf(
            self.c[start..self.at]
                .iter()
                .collect::<String>()
                .parse()
                .unwrap(),
        )
    }
}

fn parse(text: &str) -> T {
    let mut r = Reader {
        c: text.trim().chars().collect(),
        at: 0,
    };
    let t = r.node();
    assert_eq!(r.at, r.c.len(), "the whole text is the tree: {text}");
    t
}

/// Expectiminimax, MAX to move when `max` (a chance node's outcomes are the other
/// side's, so they keep the `max` its parent gave its children).
fn expectimax(t: &T, max: bool) -> f64 {
    match t {
        T::Leaf(v) => f64::from(*v),
        T::Node(kids) => {
            let vs = kids.iter().map(|k| expectimax(k, !max));
            if max {
                vs.fold(f64::NEG_INFINITY, f64::max)
            } else {
                vs.fold(f64::INFINITY, f64::min)
            }
        }
        T::Chance(outs) => {
            assert!(
                outs.iter().all(|(p, _)| p == "1/2"),
                "equally likely outcomes"
            );
            outs.iter().map(|(_, k)| expectimax(k, max)).sum::<f64>() / outs.len() as f64
        }
    }
}

/// The lowest and highest leaf below `t`.
fn leaf_range(t: &T) -> (i32, i32) {
    let kids: Vec<&T> = match t {
        T::Leaf(v) => return (*v, *v),
        T::Node(kids) => kids.iter().collect(),
        T::Chance(outs) => outs.iter().map(|(_, k)| k).collect(),
    };
    kids.into_iter()
        .map(leaf_range)
        .fold((i32::MAX, i32::MIN), |a, b| (a.0.min(b.0), a.1.max(b.1)))
}

/// Every chance node of `t` has two leaf values at least below it (so that the sheet's
/// L and U, the lowest and highest leaf below it, are Star1's bounds).
fn chance_nodes_have_two_values(t: &T) -> bool {
    match t {
        T::Leaf(_) => true,
        T::Node(kids) => kids.iter().all(chance_nodes_have_two_values),
        T::Chance(outs) => {
            let (lo, hi) = leaf_range(t);
            lo < hi && outs.iter().all(|(_, k)| chance_nodes_have_two_values(k))
        }
    }
}

/// Checks the shape: every leaf `depth` player plies down, `width` children per player
/// node, and a chance node of two outcomes exactly after the root side's moves.
fn check_shape(t: &T, root_side: bool, depth: u32, width: (u32, u32), text: &str) {
    match t {
        T::Leaf(v) => {
            assert_eq!(depth, 0, "a leaf too high: {text}");
            assert!((0..=20).contains(v), "{text}");
        }
        T::Node(kids) => {
            assert!(depth > 0, "a player's node at the leaves' depth: {text}");
            let n = kids.len() as u32;
            assert!(n >= width.0 && n <= width.1, "{n} children: {text}");
            for k in kids {
                match k {
                    T::Chance(outs) => {
                        assert!(
                            root_side,
                            "a chance node after the other side's move: {text}"
                        );
                        assert_eq!(outs.len(), 2, "{text}");
                        for (_, o) in outs {
                            assert!(!matches!(o, T::Chance(_)), "{text}");
                            check_shape(o, !root_side, depth - 1, width, text);
                        }
                    }
                    other => {
                        assert!(!root_side, "a root-side move without chance: {text}");
                        check_shape(other, !root_side, depth - 1, width, text);
                    }
                }
            }
        }
        T::Chance(_) => panic!("a chance node where a player moves: {text}"),
    }
}

#[test]
fn chance_exercises_meet_their_request_for_100_seeds() {
    for algo in ["star1", "star2", "expectimax"] {
        let row = parse_row_spec(algo, &SearchOptions::default()).unwrap();
        for seed in 0..100u64 {
            let difficulty = Difficulty::ALL[(seed % 3) as usize];
            // Expectimax's trees need no cutoffs: fewer seeds suffice.
            if algo == "expectimax" && seed >= 30 {
                continue;
            }
            let req = difficulty.request(row.clone(), seed, 1);
            assert!(req.shape.chance);
            let found = exercise::generate(&req)
                .unwrap_or_else(|e| panic!("{algo} {} {seed}: {e}", difficulty.name()));
            let ex = &found[0];
            let t = parse(&ex.tree);
            check_shape(&t, true, req.shape.depth, req.shape.width, &ex.tree);
            assert!(chance_nodes_have_two_values(&t), "{}", ex.tree);
            // The row's search, traced, against expectiminimax computed here.
            let traced = exercise::search(&ex.tree, &row).unwrap();
            let root = *traced.roots.last().unwrap();
            let got = f64::from(traced.nodes[root].value.unwrap()) / f64::from(traced.scale());
            assert_eq!(got, expectimax(&t, true), "{algo}: {}", ex.tree);
            // The cutoffs, counted here: a node cut off (by a child or by its chance
            // bounds) that leaves moves unsearched; deep when not all its children are
            // leaves.
            let cuts: Vec<_> = traced
                .nodes
                .iter()
                .filter(|n| {
                    (n.cutoff_child.is_some() || n.chance_cut.is_some()) && !n.pruned.is_empty()
                })
                .collect();
            let deep = cuts
                .iter()
                .filter(|n| n.children.iter().any(|&c| !traced.nodes[c].leaf))
                .count() as u32;
            let (lo, _) = req.cutoffs;
            let (dlo, _) = req.deep_cutoffs;
            assert!(
                cuts.len() as u32 >= lo && deep >= dlo,
                "{algo}: {}",
                ex.tree
            );
            if algo == "expectimax" {
                assert!(cuts.is_empty());
                assert_eq!(ex.measure.leaves_searched, ex.measure.leaves);
            }
            // The id rebuilds the tree, and says it has chance nodes.
            let (shape, s) = parse_id(&ex.id).unwrap();
            assert!(shape.chance && ex.id.ends_with("-1"));
            assert_eq!(exercise::tree_text(&shape, s), ex.tree);
        }
    }
}

#[test]
fn chance_sheets_and_keys_say_what_a_chance_node_is() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("sheet.html");
    let key = dir.path().join("key.tex");
    let (ok, out, err) = treelab(&[
        "exercise",
        "--algo",
        "star1",
        "--difficulty",
        "medium",
        "--count",
        "2",
        "--format",
        "tree",
        "--sheet",
        sheet.to_str().unwrap(),
        "--key",
        key.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert_eq!(out.lines().count(), 2);
    let html = std::fs::read_to_string(&sheet).unwrap();
    assert!(html.contains("A circle is a chance node"));
    assert!(html.contains("between L and U"));
    // Two trees of three chance nodes each, drawn as circles, their edges marked ½.
    assert_eq!(html.matches("<circle").count(), 6, "{html}");
    assert!(html.contains(" ½</text>"));
    let tex = std::fs::read_to_string(&key).unwrap();
    // The key's values are exact means: halves are written as such.
    let (id, tree) = out.lines().next().unwrap().split_once(' ').unwrap();
    let t = parse(tree);
    let v = expectimax(&t, true);
    let shown = if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    };
    assert!(tex.contains(id), "{id}");
    assert!(tex.contains(&shown), "the root's value {shown}");
    // The LaTeX sheet draws the chance nodes as TikZ circles.
    let sheet_tex = dir.path().join("sheet.tex");
    let (ok, _, err) = treelab(&[
        "exercise",
        "--algo",
        "star1",
        "--difficulty",
        "medium",
        "--count",
        "2",
        "--sheet",
        sheet_tex.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let sheet_text = std::fs::read_to_string(&sheet_tex).unwrap();
    assert_eq!(sheet_text.matches(") circle (").count(), 6);
    // Expectimax asks for no windows.
    let (ok, _, err) = treelab(&[
        "exercise",
        "--algo",
        "expectimax",
        "--sheet",
        sheet.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let html = std::fs::read_to_string(&sheet).unwrap();
    assert!(html.contains("A circle is a chance node") && !html.contains("window"));
    // Alpha-beta cannot search a chance tree: its exercises have none.
    let (ok, out, _) = treelab(&["exercise", "--algo", "alphabeta", "--format", "tree"]);
    assert!(ok && !out.contains('?'));
}

#[test]
fn new_exercise_for_a_star1_row_in_the_app_puts_a_chance_tree_on_the_board() {
    use egui_kittest::kittest::Queryable;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("star1.ron");
    std::fs::write(
        &path,
        r#"Session(
    version: 2,
    game: custom,
    position: "((3 12 8) (2 4 6) (14 5 2))",
    rows: [ComparisonRow(algorithm: star1, depth_min: 1, depth_max: 2)],
)"#,
    )
    .unwrap();
    let mut h = common::harness_with_session(&path, [1280.0, 800.0]);
    common::settle(&mut h);
    h.get_by_label("medium").click();
    common::settle(&mut h);
    let row = parse_row_spec("star1", &SearchOptions::default()).unwrap();
    let want = exercise::generate(&Difficulty::Medium.request(row, 1, 1)).unwrap();
    assert!(want[0].tree.contains("?(1/2:"));
    let app = h.state();
    assert_eq!(
        app.session().position.to_text(),
        treelab::engine::AnyPosition::parse(treelab::engine::GameKind::CustomTree, &want[0].tree)
            .unwrap()
            .to_text()
    );
    assert!(app.tree_quiz().is_some(), "the quiz is open on it");
    h.get_by_label_contains("Quiz — visit 1 of");
    h.get_by_label(&format!("Exercise {} (medium)", want[0].id));
}
