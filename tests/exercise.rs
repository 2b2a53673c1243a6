//! Generated exercises: for 100 seeds and each difficulty, every tree meets its request,
//! checked independently of the generator (the tree text parsed here and searched by a
//! textbook alpha-beta written here, which counts the pruning events itself; the other
//! algorithms' trees re-searched by the engine and their values checked against plain
//! minimax); an id regenerates its tree; the command line writes the sheet and the key
//! and refuses impossible requests with the reason.

use treelab::engine::rowspec::parse_row_spec;
use treelab::experiment::exercise::{self, Order, Request, Shape, parse_id};
use treelab::search::SearchOptions;

mod common;
use common::treelab;

/// A tree as the test reads the bracket notation itself.
#[derive(Debug)]
enum T {
    Leaf(i32),
    Node(Vec<T>),
}

fn parse(text: &str) -> (T, bool) {
    let (min_first, body) = match text.strip_prefix("min:") {
        Some(rest) => (true, rest.trim()),
        None => (false, text.trim()),
    };
    let chars: Vec<char> = body.chars().collect();
    let mut at = 0;
    fn node(c: &[char], at: &mut usize) -> T {
        while c[*at] == ' ' {
            *at += 1;
        }
        if c[*at] == '(' {
            *at += 1;
            let mut kids = Vec::new();
            loop {
                while c[*at] == ' ' {
                    *at += 1;
                }
                if c[*at] == ')' {
                    *at += 1;
                    return T::Node(kids);
                }
                kids.push(node(c, at));
            }
        }
        let start = *at;
        while *at < c.len() && (c[*at] == '-' || c[*at].is_ascii_digit()) {
            *at += 1;
        }
        T::Leaf(c[start..*at].iter().collect::<String>().parse().unwrap())
    }
    let t = node(&chars, &mut at);
    assert_eq!(at, chars.len(), "the whole text is the tree");
    (t, min_first)
}

fn minimax(t: &T, max: bool) -> i32 {
    match t {
        T::Leaf(v) => *v,
        T::Node(k) => {
            let vs = k.iter().map(|c| minimax(c, !max));
            if max {
                vs.max().unwrap()
            } else {
                vs.min().unwrap()
            }
        }
    }
}

/// Textbook alpha-beta: the value, and (pruning events, those above the leaves' parents).
fn alphabeta(t: &T, mut alpha: i32, mut beta: i32, max: bool, cuts: &mut (u32, u32)) -> i32 {
    let T::Node(kids) = t else {
        let T::Leaf(v) = t else { unreachable!() };
        return *v;
    };
    let mut best = if max { i32::MIN } else { i32::MAX };
    for (k, c) in kids.iter().enumerate() {
        let v = alphabeta(c, alpha, beta, !max, cuts);
        if max {
            best = best.max(v);
            alpha = alpha.max(best);
        } else {
            best = best.min(v);
            beta = beta.min(best);
        }
        if alpha >= beta {
            if k + 1 < kids.len() {
                cuts.0 += 1;
                if kids.iter().any(|c| matches!(c, T::Node(_))) {
                    cuts.1 += 1;
                }
            }
            break;
        }
    }
    best
}

/// Depth of every leaf, widths of every interior node, every leaf value.
fn shape_of(t: &T, ply: u32, depths: &mut Vec<u32>, widths: &mut Vec<u32>, values: &mut Vec<i32>) {
    match t {
        T::Leaf(v) => {
            depths.push(ply);
            values.push(*v);
        }
        T::Node(k) => {
            widths.push(k.len() as u32);
            for c in k {
                shape_of(c, ply + 1, depths, widths, values);
            }
        }
    }
}

/// Each node's first child is its best (good) or worst (bad) for the side to move.
fn ordered(t: &T, max: bool, best_first: bool) -> bool {
    let T::Node(kids) = t else { return true };
    let values: Vec<i32> = kids.iter().map(|c| minimax(c, !max)).collect();
    let first = values[0];
    let top = if max == best_first {
        *values.iter().max().unwrap()
    } else {
        *values.iter().min().unwrap()
    };
    first == top && kids.iter().all(|c| ordered(c, !max, best_first))
}

fn request(
    algo: &str,
    shape: Shape,
    cutoffs: (u32, Option<u32>),
    deep: (u32, Option<u32>),
    seed: u64,
) -> Request {
    Request {
        row: parse_row_spec(algo, &SearchOptions::default()).unwrap(),
        shape,
        cutoffs,
        deep_cutoffs: deep,
        seed,
        count: 2,
    }
}

fn shape(depth: u32, width: (u32, u32), order: Order, min_first: bool) -> Shape {
    Shape {
        depth,
        width,
        values: (0, 20),
        order,
        min_first,
        chance: false,
    }
}

#[test]
fn every_alpha_beta_exercise_meets_its_request_for_100_seeds() {
    let asks = [
        // easy, medium, hard as the CLI's presets; MIN first; a good and a bad order.
        (shape(2, (2, 3), Order::Random, false), (1, None), (0, None)),
        (shape(3, (2, 3), Order::Random, false), (2, None), (1, None)),
        (shape(4, (2, 3), Order::Random, false), (4, None), (2, None)),
        (
            shape(3, (2, 3), Order::Random, true),
            (2, Some(3)),
            (1, Some(1)),
        ),
        (shape(3, (3, 3), Order::Good, false), (3, None), (0, None)),
        (
            shape(3, (2, 2), Order::Bad, true),
            (0, Some(0)),
            (0, Some(0)),
        ),
    ];
    for seed in 0..100 {
        for (k, &(sh, cutoffs, deep)) in asks.iter().enumerate() {
            let req = request("alphabeta", sh, cutoffs, deep, seed);
            let found =
                exercise::generate(&req).unwrap_or_else(|e| panic!("ask {k} seed {seed}: {e}"));
            assert_eq!(found.len(), 2);
            for ex in &found {
                let (t, min_first) = parse(&ex.tree);
                assert_eq!(min_first, sh.min_first, "{}", ex.tree);
                let (mut depths, mut widths, mut values) = (Vec::new(), Vec::new(), Vec::new());
                shape_of(&t, 0, &mut depths, &mut widths, &mut values);
                assert!(depths.iter().all(|&d| d == sh.depth), "{}", ex.tree);
                assert!(
                    widths.iter().all(|&w| w >= sh.width.0 && w <= sh.width.1),
                    "{}",
                    ex.tree
                );
                assert!(values.iter().all(|&v| (0..=20).contains(&v)), "{}", ex.tree);
                match sh.order {
                    Order::Good => assert!(ordered(&t, !min_first, true), "{}", ex.tree),
                    Order::Bad => assert!(ordered(&t, !min_first, false), "{}", ex.tree),
                    Order::Random => {}
                }
                let mut cuts = (0, 0);
                let v = alphabeta(&t, i32::MIN, i32::MAX, !min_first, &mut cuts);
                assert_eq!(v, minimax(&t, !min_first));
                let within =
                    |n: u32, (lo, hi): (u32, Option<u32>)| n >= lo && hi.is_none_or(|h| n <= h);
                assert!(
                    within(cuts.0, cutoffs) && within(cuts.1, deep),
                    "ask {k} seed {seed}: {} has {cuts:?}",
                    ex.tree
                );
                // The generator's own count agrees, and the id regenerates the tree.
                assert_eq!(
                    (ex.measure.cutoffs, ex.measure.deep_cutoffs),
                    cuts,
                    "{}",
                    ex.tree
                );
                let (s, tree_seed) = parse_id(&ex.id).unwrap();
                assert_eq!(s, sh);
                assert_eq!(exercise::tree_text(&s, tree_seed), ex.tree);
            }
        }
    }
}

#[test]
fn other_algorithms_exercises_are_searched_as_requested() {
    for algo in ["negascout", "scout", "mtdf", "alphabeta+fail-soft"] {
        for seed in 0..20 {
            let req = request(
                algo,
                shape(3, (2, 3), Order::Random, seed % 2 == 1),
                (2, None),
                (0, None),
                seed,
            );
            for ex in exercise::generate(&req).unwrap_or_else(|e| panic!("{algo} {seed}: {e}")) {
                // Re-searched here: the counts the generator reported, and plain minimax's value.
                let t = exercise::search(&ex.tree, &req.row).unwrap();
                let m = exercise::measure(&t, ex.measure.leaves);
                assert_eq!(m, ex.measure);
                assert!(m.cutoffs >= 2);
                let (tree, min_first) = parse(&ex.tree);
                let root = *t.roots.last().unwrap();
                let value = t.nodes[root].value.unwrap();
                // The trace's root is in the root side's view in minimax form, or in
                // the side to move's in negamax form.
                let want = minimax(&tree, !min_first);
                assert!(
                    value == want || value == -want,
                    "{algo}: {} gave {value}, minimax {want}",
                    ex.tree
                );
                assert_eq!(
                    treelab::engine::AnyPosition::parse(
                        treelab::engine::GameKind::CustomTree,
                        &ex.tree
                    )
                    .map(|_| ()),
                    Ok(())
                );
            }
        }
    }
}

#[test]
fn the_command_line_writes_sheets_and_keys_and_refuses_impossible_requests() {
    let dir = tempfile::tempdir().unwrap();
    let p = |f: &str| dir.path().join(f).to_str().unwrap().to_string();
    let (ok, out, err) = treelab(&[
        "exercise",
        "--difficulty",
        "medium",
        "--count",
        "3",
        "--seed",
        "7",
        "--format",
        "tree",
        "--sheet",
        &p("s.html"),
        "--key",
        &p("k.html"),
        "--suite",
        &p("x.tree"),
    ]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    for l in &lines {
        let (id, tree) = l.split_once(' ').unwrap();
        // --id regenerates it.
        let (ok, again, _) = treelab(&["exercise", "--id", id, "--format", "tree"]);
        assert!(ok);
        assert_eq!(again.trim(), format!("{id} {tree}"));
    }
    // The suite file the app opens: the same trees under their ids, values unknown.
    let suite = treelab::engine::Suite::load_named(&p("x.tree")).expect("the suite opens");
    assert_eq!(suite.items.len(), 3);
    for (item, l) in suite.items.iter().zip(&lines) {
        let (id, tree) = l.split_once(' ').unwrap();
        assert_eq!(item.name, id);
        assert_eq!(
            item.position.to_text(),
            treelab::engine::AnyPosition::parse(treelab::engine::GameKind::CustomTree, tree)
                .unwrap()
                .to_text()
        );
    }
    let sheet = std::fs::read_to_string(p("s.html")).unwrap();
    assert_eq!(sheet.matches("<section>").count(), 3);
    assert_eq!(sheet.matches("<svg").count(), 3);
    assert!(sheet.contains("manifest:") && sheet.contains("command: treelab exercise"));
    let key = std::fs::read_to_string(p("k.html")).unwrap();
    for l in &lines {
        let (_, tree) = l.split_once(' ').unwrap();
        let (t, min_first) = parse(tree);
        assert!(
            key.contains(&format!(
                "Value of the root: <b>{}</b>",
                minimax(&t, !min_first)
            )),
            "{tree}"
        );
    }
    let (ok, _, err) = treelab(&[
        "exercise",
        "--difficulty",
        "hard",
        "--count",
        "2",
        "--sheet",
        &p("s.tex"),
        "--key",
        &p("k.tex"),
    ]);
    assert!(ok, "{err}");
    // MTD(f)'s key names each pass over the root.
    let (ok, out, err) = treelab(&[
        "exercise",
        "--algo",
        "mtdf",
        "--format",
        "tree",
        "--key",
        &p("m.html"),
    ]);
    assert!(ok, "{err}");
    let (_, tree) = out.trim().split_once(' ').unwrap();
    let passes = exercise::search(
        tree,
        &parse_row_spec("mtdf", &SearchOptions::default()).unwrap(),
    )
    .unwrap()
    .roots
    .len();
    assert!(passes > 1, "MTD(f) makes several passes");
    let key = std::fs::read_to_string(p("m.html")).unwrap();
    for k in 1..=passes {
        assert!(
            key.contains(&format!("<td>the root, pass {k} of {passes}</td>")),
            "pass {k}"
        );
    }
    let tex = std::fs::read_to_string(p("s.tex")).unwrap();
    assert!(tex.is_ascii(), "pdflatex reads the sheet without Unicode");
    assert_eq!(tex.matches("\\begin{tikzpicture}").count(), 2);
    assert!(tex.starts_with("% manifest:") && tex.trim_end().ends_with("\\end{document}"));
    let key = std::fs::read_to_string(p("k.tex")).unwrap();
    assert!(key.is_ascii(), "pdflatex reads it without Unicode");
    for (args, why) in [
        (vec!["--depth", "9"], "1 to 5 plies"),
        (vec!["--width", "3..2"], "range is empty"),
        (vec!["--width", "5", "--depth", "4"], "a handout holds"),
        (vec!["--values", "5..1"], "range is empty"),
        (vec!["--cutoffs", "40.."], "only 0 of the 1"),
        (vec!["--order", "sideways"], "good, bad or random"),
        (vec!["--id", "ABC"], "12 letters"),
        (vec!["--difficulty", "extreme"], "easy, medium or hard"),
        (vec!["--sheet", "x.pdf"], ".html or .tex"),
    ] {
        let mut a = vec!["exercise"];
        a.extend(args.iter().copied());
        let (ok, _, err) = treelab(&a);
        assert!(!ok && err.contains(why), "{args:?}: {err}");
    }
}

#[test]
fn new_exercise_in_the_app_opens_the_quiz_on_the_next_tree() {
    use egui_kittest::kittest::Queryable;
    let mut h = common::harness();
    common::settle(&mut h);
    h.get_by_label("Custom tree").click();
    common::settle(&mut h);
    let row = parse_row_spec("negaalpha", &SearchOptions::default()).unwrap();
    for seed in 1..=2 {
        h.get_by_label("medium").click();
        common::settle(&mut h);
        // The tree of the fixed sequence: seed 1, then 2, for row 1's algorithm.
        let want = exercise::generate(&exercise::Difficulty::Medium.request(row.clone(), seed, 1))
            .unwrap();
        let app = h.state();
        let pos = treelab::engine::AnyPosition::parse(
            treelab::engine::GameKind::CustomTree,
            &want[0].tree,
        )
        .unwrap();
        assert_eq!(app.session().position, pos);
        assert_eq!(app.session().view.tab, treelab::session::ResultsTab::Tree);
        assert!(app.session().view.tree_quiz);
        assert_eq!(
            app.current_exercise().map(|e| e.id.clone()),
            Some(want[0].id.clone())
        );
        h.get_by_label(&format!("Exercise {} (medium)", want[0].id));
    }
    // The quiz is open on the exercise: its first question is there to answer.
    h.get_by_label_contains("Check");
    // Both are kept in the session with the answers given, so the score is kept too.
    let kept = h.state().session().practice.clone().expect("kept");
    assert!(!kept.handout);
    assert_eq!(kept.exercises.len(), 2);
    assert_eq!(kept.current, 1);
    h.get_by_label_contains("Your exercises: 2 exercises");
    h.get_by_label("Show the answer").click();
    common::settle(&mut h);
    let kept = h.state().session().practice.clone().expect("kept");
    assert_eq!(kept.exercises[1].answers.len(), 1);
    assert!(kept.exercises[1].answers[0].shown);
    assert!(kept.exercises[0].answers.is_empty());
}
