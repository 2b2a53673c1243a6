//! Random tree tests: the spec's text form and limits, determinism, the value
//! models and Knuth-Moore counts.

use super::*;

fn spec(text: &str) -> TreeSpec {
    parse_spec(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn root(text: &str) -> RandomTree {
    RandomTree::new(spec(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Every leaf value (MAX's view) in generation order.
fn leaves(node: &RandomTree, out: &mut Vec<i32>) {
    if node.is_leaf() {
        out.push(node.value());
        return;
    }
    let mut moves = Vec::new();
    node.legal_moves(&mut moves);
    for mv in moves {
        leaves(&node.play(mv), out);
    }
}

fn all_leaves(node: &RandomTree) -> Vec<i32> {
    let mut out = Vec::new();
    leaves(node, &mut out);
    out
}

/// Plain minimax from MAX's view, to cross-check the negamax helper.
fn minimax(node: &RandomTree) -> i32 {
    if node.is_leaf() {
        return node.value();
    }
    let children = (0..node.spec().width).map(|i| minimax(&node.play(TreeMove(i as u16))));
    if node.side_to_move() == Side::First {
        children.max().unwrap_or(0)
    } else {
        children.min().unwrap_or(0)
    }
}

#[test]
fn same_spec_same_tree() {
    for text in [
        "w=3 d=4 seed=7 independent=100",
        "w=4 d=5 seed=7 incremental=10",
    ] {
        let a = all_leaves(&root(text));
        let b = all_leaves(&root(text));
        assert_eq!(a, b);
        assert_eq!(a.len() as u64, spec(text).leaf_count().unwrap_or(0));
    }
}

#[test]
fn golden_values_pin_the_generator() {
    // These numbers are the tree: changing them changes every random-tree result.
    let r = root("w=3 d=4 seed=7 independent=100");
    assert_eq!(r.id(), splitmix64(7 ^ ROOT_SALT));
    assert_eq!(all_leaves(&r)[..6], GOLDEN_INDEPENDENT);
    let r = root("w=3 d=4 seed=7 incremental=10");
    assert_eq!(all_leaves(&r)[..6], GOLDEN_INCREMENTAL);
    assert_eq!(root("w=3 d=4 seed=7 independent=100").minimax_value(), -28);
    assert_eq!(r.minimax_value(), -1);
    assert_eq!(
        root("w=8 d=6 seed=1 independent=1000").minimax_value(),
        -625
    );
    assert_eq!(root("w=8 d=6 seed=1 incremental=100").minimax_value(), 34);
}

const GOLDEN_INDEPENDENT: [i32; 6] = [-64, 78, -65, -51, -87, 2];
const GOLDEN_INCREMENTAL: [i32; 6] = [-1, -17, -4, 12, 16, 12];

#[test]
fn different_seeds_differ() {
    let a = all_leaves(&root("w=4 d=4 seed=1 independent=1000"));
    let b = all_leaves(&root("w=4 d=4 seed=2 independent=1000"));
    assert_ne!(a, b);
    let same = a.iter().zip(&b).filter(|(x, y)| x == y).count();
    assert!(same < a.len() / 10, "{same} of {} leaves agree", a.len());
    let a = all_leaves(&root("w=4 d=4 seed=1 incremental=10"));
    let b = all_leaves(&root("w=4 d=4 seed=2 incremental=10"));
    assert_ne!(a, b);
}

#[test]
fn values_stay_in_range() {
    let r = root("w=6 d=5 seed=3 independent=2");
    let values = all_leaves(&r);
    for v in -2..=2 {
        let share = values.iter().filter(|&&x| x == v).count() as f64 / values.len() as f64;
        assert!((share - 0.2).abs() < 0.02, "value {v}: share {share}");
    }
    let r = root("w=3 d=6 seed=3 incremental=5");
    let (lo, hi) = r.score_range(Scoring::Native);
    assert_eq!((lo, hi), (-30, 30));
    fn walk(node: &RandomTree, step: i32) {
        if node.is_leaf() {
            return;
        }
        for i in 0..node.spec().width {
            let child = node.play(TreeMove(i as u16));
            assert!((child.value() - node.value()).abs() <= step);
            walk(&child, step);
        }
    }
    walk(&r, 5);
    assert_eq!(r.value(), 0);
    for v in all_leaves(&r) {
        assert!(lo <= v && v <= hi);
    }
}

#[test]
fn game_contract() {
    let r = root("w=3 d=3 seed=11 independent=50");
    assert_eq!(r.side_to_move(), Side::First);
    let mut moves = Vec::new();
    r.legal_moves(&mut moves);
    assert_eq!(moves, [TreeMove(0), TreeMove(1), TreeMove(2)]);
    assert_eq!(r.outcome(), None);
    let child = r.play(TreeMove(2));
    assert_eq!(child.side_to_move(), Side::Second);
    assert_eq!(child.plies_played(), 1);
    let leaf = child.play(TreeMove(0)).play(TreeMove(1));
    assert!(leaf.is_leaf());
    leaf.legal_moves(&mut moves);
    assert!(moves.is_empty());
    // Ply 3: the second player moves; scores are from its view.
    assert_eq!(leaf.side_to_move(), Side::Second);
    assert_eq!(leaf.terminal_score(Scoring::Native), -leaf.value());
    assert_eq!(leaf.terminal_score(Scoring::ShortestWin), -leaf.value());
    assert_eq!(
        leaf.terminal_score(Scoring::WinLoss),
        (-leaf.value()).signum()
    );
    let expected = match (-leaf.value()).signum() {
        1 => Outcome::Win,
        -1 => Outcome::Loss,
        _ => Outcome::Draw,
    };
    assert_eq!(leaf.outcome(), Some(expected));
    assert_eq!(r.score_range(Scoring::Native), (-50, 50));
    assert_eq!(r.score_range(Scoring::WinLoss), (-1, 1));
    assert_eq!(r.perft(3, RandomTree::PERFT_CONVENTION), 27);
    assert_eq!(r.perft(5, PerftConvention::FinishedIsLeaf), 27);
    assert_ne!(r.hash(), child.hash());
    assert_ne!(r.play(TreeMove(0)).hash(), r.play(TreeMove(1)).hash());
}

#[test]
fn minimax_value_matches_plain_minimax() {
    for seed in 0..20 {
        for model in ["independent=100", "incremental=7"] {
            let r = root(&format!("w=3 d={} seed={seed} {model}", 1 + seed % 5));
            assert_eq!(r.minimax_value(), minimax(&r), "seed {seed} {model}");
            let child = r.play(TreeMove(1));
            if !child.is_leaf() {
                assert_eq!(child.minimax_value(), -minimax(&child));
            }
        }
    }
}

#[test]
fn knuth_moore_formula() {
    assert_eq!(knuth_moore_minimal_leaves(3, 3), Some(11));
    assert_eq!(knuth_moore_minimal_leaves(8, 6), Some(1023));
    assert_eq!(knuth_moore_minimal_leaves(2, 1), Some(2));
    assert_eq!(knuth_moore_minimal_leaves(64, 40), None);
    assert_eq!(
        spec("w=8 d=6 seed=0 independent=1").minimal_leaves(),
        Some(1023)
    );
    assert_eq!(
        spec("w=8 d=6 seed=0 independent=1").leaf_count(),
        Some(262_144)
    );
    assert_eq!(spec("w=64 d=40 seed=0 independent=1").leaf_count(), None);
}

#[test]
fn spec_text_round_trip() {
    let s = spec("  seed=7 independent=100\tw=3 d=4 ");
    assert_eq!(
        s,
        TreeSpec {
            width: 3,
            depth: 4,
            seed: 7,
            model: ValueModel::Independent { range: 100 }
        }
    );
    assert_eq!(s.to_string(), "w=3 d=4 seed=7 independent=100");
    assert_eq!(parse_spec(&s.to_spec_string()), Ok(s));
    let t = spec("width=64 depth=40 seed=18446744073709551615 incremental=1000000");
    assert_eq!(t.to_string().parse::<TreeSpec>(), Ok(t));
    assert_eq!(
        parse_spec(&TreeSpec::default().to_string()),
        Ok(TreeSpec::default())
    );
    let ron_text = ron::to_string(&t).unwrap_or_default();
    assert_eq!(ron::from_str::<TreeSpec>(&ron_text).ok(), Some(t));
}

#[test]
fn bad_specs_name_the_column() {
    let cases: &[(&str, usize, &str)] = &[
        ("w=0 d=4 seed=1 independent=5", 1, "width 0 is out of range"),
        (
            "d=4 w=1000 seed=1 independent=5",
            5,
            "width 1000 is out of range",
        ),
        (
            "w=3 d=50 seed=1 independent=5",
            5,
            "depth 50 is out of range",
        ),
        (
            "w=3 d=4 seed=1 independent=5 color=red",
            30,
            "unknown key 'color'",
        ),
        (
            "w=3 d=4 seed=1 independent=0",
            16,
            "independent range 0 is out of range",
        ),
        (
            "w=3 d=4 seed=1 incremental=1000001",
            16,
            "incremental step 1000001",
        ),
        ("w=3 d=4 seed=1 independent=-5", 16, "out of range"),
        ("w=3 d=4 seed=-1 independent=5", 9, "is not a seed"),
        (
            "w=3 d=4 seed=1 independent=5 incremental=2",
            30,
            "given twice",
        ),
        ("w=3 w=4", 5, "w is given twice"),
        ("w=x", 1, "'x' is not a whole number"),
        ("w=99999999999999999999", 1, "not a whole number"),
        ("w=-1", 1, "width -1 is out of range"),
        ("w3", 1, "not key=value"),
        ("  w=3 é", 7, "not key=value"),
    ];
    for &(text, column, message) in cases {
        let e = parse_spec(text)
            .err()
            .unwrap_or_else(|| panic!("{text} accepted"));
        assert_eq!((e.line, e.column), (0, column), "{text}: {e}");
        assert!(e.message.contains(message), "{text}: {e}");
    }
    for (text, message) in [
        ("", "missing the width"),
        ("w=3", "missing the depth"),
        ("w=3 d=2", "missing the seed"),
        ("w=3 d=2 seed=1", "missing the value model"),
    ] {
        let e = parse_spec(text)
            .err()
            .unwrap_or_else(|| panic!("{text} accepted"));
        assert_eq!(e.column, 0);
        assert!(e.message.contains(message), "{text}: {e}");
    }
    let bad = TreeSpec {
        width: 65,
        ..TreeSpec::default()
    };
    assert!(bad.check().is_err());
    assert!(RandomTree::new(bad).is_err());
    let bad = TreeSpec {
        model: ValueModel::Incremental { step: 0 },
        ..TreeSpec::default()
    };
    assert!(RandomTree::new(bad).is_err());
}

#[test]
fn parse_moves() {
    let r = root("w=5 d=2 seed=1 independent=9");
    assert_eq!(r.parse_move(" 4 "), Ok(TreeMove(4)));
    assert_eq!(RandomTree::move_to_string(TreeMove(4)), "4");
    assert_eq!(r.parse_move("5").map_err(|e| e.column), Err(1));
    assert_eq!(r.parse_move("  x").map_err(|e| e.column), Err(3));
    assert!(r.parse_move("").is_err());
    let leaf = r.play(TreeMove(0)).play(TreeMove(0));
    assert!(
        leaf.parse_move("0")
            .is_err_and(|e| e.message.contains("leaf"))
    );
}

#[test]
fn evaluators() {
    let r = root("w=3 d=4 seed=5 incremental=10");
    let child = r.play(TreeMove(1));
    assert_eq!(RandomTreeEval::NodeValue.evaluate(&r), 0);
    assert_eq!(RandomTreeEval::NodeValue.evaluate(&child), -child.value());
    assert_eq!(RandomTreeEval::Zero.evaluate(&child), 0);
    assert_eq!(RandomTreeEval::default(), RandomTreeEval::NodeValue);
    for e in RandomTreeEval::ALL {
        assert_eq!(RandomTreeEval::from_name(e.name()), Some(e));
    }
    let text = ron::to_string(&RandomTreeEval::NodeValue).unwrap_or_default();
    assert_eq!(
        ron::from_str::<RandomTreeEval>(&text).ok(),
        Some(RandomTreeEval::NodeValue)
    );
}

#[test]
fn a_p_game_adds_on_max_moves_and_subtracts_on_min_moves_every_step_alike() {
    let tree = root("w=3 d=6 seed=4 pgame=2");
    assert_eq!(tree.spec().to_string(), "w=3 d=6 seed=4 pgame=2");
    assert_eq!(spec(&tree.spec().to_string()), *tree.spec());
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![tree];
    while let Some(node) = stack.pop() {
        let mut moves = Vec::new();
        node.legal_moves(&mut moves);
        for mv in moves {
            let child = node.play(mv);
            let step = child.value() - node.value();
            if node.ply() % 2 == 0 {
                assert!((0..=2).contains(&step), "MAX adds: {step}");
            } else {
                assert!((-2..=0).contains(&step), "MIN subtracts: {step}");
            }
            seen.insert(step);
            stack.push(child);
        }
    }
    assert_eq!(seen.len(), 5, "every step from -2 to 2 occurs: {seen:?}");
    // The leaf's sign is the game's result.
    let leaf = root("w=1 d=1 seed=1 pgame=5").play(TreeMove(0));
    let value = leaf.value();
    assert_eq!(
        leaf.terminal_score(Scoring::WinLoss),
        -value.signum(),
        "MIN to move at the leaf"
    );
}
