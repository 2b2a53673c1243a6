//! Custom tree tests: the bracket notation (good trees, bad text with its column,
//! limits), moves and sub-positions, hashes, scores, the edits, the listing the app
//! draws, the refusal of searches that would stop at a node without a value, and the
//! shipped suite.

use super::*;
use crate::game::describe::{Describe, TreeEdit, check_description};

const AIMA: &str = "((3 12 8) (2 4 6) (14 5 2))";

fn tree(text: &str) -> CustomTree {
    parse_tree(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn column_of(text: &str) -> (usize, String) {
    match parse_tree(text) {
        Ok(t) => panic!("'{text}' was read as {t:?}"),
        Err(e) => (e.column, e.message),
    }
}

#[test]
fn the_description_keeps_its_promises() {
    assert_eq!(check_description::<CustomTree>(), Ok(()));
    assert_eq!(CustomTree::start().to_text(), AIMA);
}

#[test]
fn good_trees_read_and_write_back() {
    for (text, written) in [
        (AIMA, AIMA),
        ("  ( (3,12, 8) ,(2 4 6)(14 5 2) )  ", AIMA),
        ("(-3 +4 0)", "(-3 4 0)"),
        ("7", "7"),
        ("max: 7", "7"),
        ("MIN:(1 2)", "min:(1 2)"),
        ("((1 2):5 3):-4", "((1 2):5 3):-4"),
        ("((1 2) : 5 3)", "((1 2):5 3)"),
        ("(1 (2 (3 (4))))", "(1 (2 (3 (4))))"),
        ("(1000000 -1000000)", "(1000000 -1000000)"),
    ] {
        let t = tree(text);
        assert_eq!(t.to_text(), written, "{text}");
        assert_eq!(tree(written), t, "{text}");
    }
    let t = tree(AIMA);
    assert_eq!((t.node_count(), t.leaf_count(), t.height()), (13, 9, 2));
    assert_eq!(t.minimax_value(), 3);
    assert_eq!(t.side_to_move(), Side::First);
    assert_eq!(tree("min:(1 2)").side_to_move(), Side::Second);
    // Leaves at different depths.
    let uneven = tree("(1 (2 (3 (4))))");
    assert_eq!(uneven.height(), 4);
    assert_eq!(uneven.perft(4, PerftConvention::FinishedIsLeaf), 4);
}

#[test]
fn bad_text_is_refused_at_its_column() {
    for (text, column, words) in [
        ("((3 12 8) (2 4 6)", 18, "missing ')'"),
        ("(3 12))", 7, "extra ')'"),
        ("(3 () 8)", 4, "empty ()"),
        ("(3 x 8)", 4, "unexpected 'x'"),
        ("(3 1.5)", 5, "whole numbers"),
        ("(3, ,4)", 5, "expected a child after ','"),
        ("(,3)", 2, "no child before it"),
        ("(3,)", 4, "expected a child after ','"),
        ("(3 4) (5)", 7, "one pair of brackets"),
        ("(3 1000001)", 4, "out of range"),
        ("(3 -99999999999999999999)", 4, "out of range"),
        ("(3 -)", 5, "expected a number"),
        ("(3 4):", 7, "expected a number"),
        ("(3:4 5)", 3, "only a node in brackets"),
        ("mid:(1 2)", 1, "unexpected 'mid'"),
        ("min (1 2)", 5, "expected ':'"),
        (")", 1, "unexpected ')'"),
    ] {
        let (c, message) = column_of(text);
        assert_eq!(c, column, "'{text}': {message}");
        assert!(message.contains(words), "'{text}': {message}");
    }
    assert!(parse_tree("   ").is_err());
    // Columns count characters, not bytes.
    assert_eq!(column_of("(é 1)").0, 2);
}

#[test]
fn limits_are_refused_with_their_column() {
    let wide = format!("({})", vec!["1"; 27].join(" "));
    let (c, message) = column_of(&wide);
    assert_eq!(c, 2 + 26 * 2, "{message}");
    assert!(message.contains("at most 26"), "{message}");
    assert!(parse_tree(&format!("({})", vec!["1"; 26].join(" "))).is_ok());

    let deep = |plies: usize| format!("{}1{}", "(".repeat(plies), ")".repeat(plies));
    assert_eq!(tree(&deep(MAX_HEIGHT as usize)).height(), MAX_HEIGHT);
    let (c, message) = column_of(&deep(MAX_HEIGHT as usize + 1));
    assert_eq!(c, MAX_HEIGHT as usize + 2, "{message}");
    assert!(message.contains("too deep"), "{message}");

    // More than 20,000 nodes: a full tree of 26 children and 4 plies.
    fn full(plies: u32) -> String {
        if plies == 0 {
            return "0".into();
        }
        format!("({})", vec![full(plies - 1); 26].join(" "))
    }
    let (c, message) = column_of(&full(4));
    assert!(
        c > 1 && message.contains("too many nodes"),
        "{c}: {message}"
    );
    assert_eq!(tree(&full(3)).node_count(), 1 + 26 + 26 * 26 + 26 * 26 * 26);
}

#[test]
fn moves_are_letters_and_sub_positions_read_back() {
    let t = tree(AIMA);
    let mut moves = Vec::new();
    t.legal_moves(&mut moves);
    let names: Vec<String> = moves
        .iter()
        .map(|&m| CustomTree::move_to_string(m))
        .collect();
    assert_eq!(names, ["a", "b", "c"]);
    assert_eq!(t.parse_move(" B "), Ok(Branch(1)));
    assert!(t.parse_move("d").unwrap_err().message.contains("a to c"));
    assert!(t.parse_move("1").is_err());
    assert!(t.parse_move("ab").is_err());
    assert!(t.parse_move("").is_err());

    let b = Game::play(&t, Branch(1));
    assert_eq!(b.to_text(), "min:(2 4 6)");
    assert_eq!(b.side_to_move(), Side::Second);
    assert_eq!(b.plies_played(), 1);
    let back = tree(&b.to_text());
    assert_eq!(back, b);
    assert_eq!(back.hash(), b.hash());
    assert_eq!(back.minimax_value(), b.minimax_value());
    assert_eq!(b.minimax_value(), -2);

    let leaf = Game::play(&b, Branch(2));
    assert_eq!(leaf.to_text(), "6");
    assert!(leaf.parse_move("a").is_err());
    assert_eq!(tree("6"), leaf);
    assert_eq!(leaf.outcome(), Some(Outcome::Win));
    assert_eq!(leaf.terminal_score(Scoring::Native), 6);
    let at_min = Game::play(&Game::play(&tree("((6))"), Branch(0)), Branch(0));
    assert_eq!(at_min.side_to_move(), Side::First);
    let min_leaf = Game::play(&tree("(6)"), Branch(0));
    assert_eq!(min_leaf.to_text(), "min:6");
    assert_eq!(min_leaf.terminal_score(Scoring::Native), -6);
    assert_eq!(min_leaf.terminal_score(Scoring::WinLoss), -1);
    assert_eq!(min_leaf.outcome(), Some(Outcome::Loss));
}

#[test]
fn hashes_are_fingerprints_of_the_subtree_and_side() {
    let a = tree(AIMA);
    assert_eq!(a.hash(), tree(AIMA).hash());
    assert_ne!(a.hash(), tree("((3 12 8) (2 4 6) (14 5 3))").hash());
    assert_ne!(a.hash(), tree(&format!("min:{AIMA}")).hash());
    assert_ne!(tree("((1 2):5 3)").hash(), tree("((1 2) 3)").hash());
    assert_ne!(tree("((1 2) 3)").hash(), tree("(1 (2 3))").hash());
    assert_ne!(tree("(1 2)").hash(), tree("(2 1)").hash());
    // The same subtree in two places is the same position.
    let twice = tree("(((1 2) 3) ((1 2) 4))");
    let left = Game::play(&Game::play(&twice, Branch(0)), Branch(0));
    let right = Game::play(&Game::play(&twice, Branch(1)), Branch(0));
    assert_eq!(left, right);
    assert_eq!(left.hash(), right.hash());
    assert_ne!(
        Game::play(&twice, Branch(0)).hash(),
        Game::play(&twice, Branch(1)).hash()
    );
}

#[test]
fn score_ranges_cover_every_written_value() {
    let t = tree("((3 12):20 (-4 6))");
    assert_eq!(t.score_range(Scoring::Native), (-4, 20));
    assert_eq!(t.score_range(Scoring::WinLoss), (-1, 1));
    let min = Game::play(&t, Branch(1));
    assert_eq!(min.score_range(Scoring::Native), (-6, 4));
    // Never an empty window.
    assert_eq!(tree("(5 5)").score_range(Scoring::Native), (4, 6));
    assert_eq!(tree("5").score_range(Scoring::WinLoss), (0, 2));
}

#[test]
fn the_evaluator_reads_written_values_for_the_side_to_move() {
    use crate::game::Evaluator;
    let t = tree("((1 2):5 (3 4):-7)");
    let e = CustomTreeEval::NodeValue;
    assert_eq!(e.evaluate(&Game::play(&t, Branch(0))), -5);
    assert_eq!(e.evaluate(&Game::play(&t, Branch(1))), 7);
    assert_eq!(CustomTree::evaluators(), vec![CustomTreeEval::NodeValue]);
}

#[test]
fn edits_add_remove_and_set_values() {
    let t = tree("((3 12 8) 2)");
    // Preorder: 0 root, 1 a, 2 a a, 3 a b, 4 a c, 5 b.
    let nodes = t.tree_nodes();
    let labels: Vec<&str> = nodes.iter().map(|n| n.label.as_str()).collect();
    assert_eq!(labels, ["", "a", "a", "b", "c", "b"]);
    assert_eq!(nodes[3].parent, Some(1));
    assert_eq!(nodes[1].side, Side::Second);
    assert_eq!(nodes[2].side, Side::First);
    assert!(nodes[5].leaf && nodes[5].value == Some(2));

    let edit = |t: &CustomTree, e: TreeEdit| t.edited(e).unwrap_or_else(|x| panic!("{e:?}: {x}"));
    assert_eq!(edit(&t, TreeEdit::AddChild(0)).to_text(), "((3 12 8) 2 0)");
    assert_eq!(edit(&t, TreeEdit::AddChild(1)).to_text(), "((3 12 8 0) 2)");
    // A leaf's value moves to its new child: the tree keeps its value.
    let grown = edit(&t, TreeEdit::AddChild(5));
    assert_eq!(grown.to_text(), "((3 12 8) (2))");
    assert_eq!(grown.minimax_value(), t.minimax_value());
    assert_eq!(edit(&t, TreeEdit::Remove(3)).to_text(), "((3 8) 2)");
    assert_eq!(edit(&t, TreeEdit::Remove(1)).to_text(), "(2)");
    // A parent left without children becomes a leaf worth its written value.
    assert_eq!(
        edit(&tree("((1):4 2)"), TreeEdit::Remove(2)).to_text(),
        "(4 2)"
    );
    assert_eq!(
        edit(&tree("((1) 2)"), TreeEdit::Remove(2)).to_text(),
        "(0 2)"
    );
    assert!(t.edited(TreeEdit::Remove(0)).is_err());
    assert!(t.edited(TreeEdit::Remove(6)).is_err());
    assert_eq!(
        edit(&t, TreeEdit::SetValue(4, Some(-9))).to_text(),
        "((3 12 -9) 2)"
    );
    assert_eq!(
        edit(&t, TreeEdit::SetValue(1, Some(7))).to_text(),
        "((3 12 8):7 2)"
    );
    assert_eq!(
        edit(&tree("((1):7 2)"), TreeEdit::SetValue(1, None)).to_text(),
        "((1) 2)"
    );
    assert!(t.edited(TreeEdit::SetValue(5, None)).is_err());
    assert!(
        t.edited(TreeEdit::SetValue(5, Some(MAX_VALUE + 1)))
            .is_err()
    );
    // Limits hold for edits too.
    let full = tree(&format!("({})", vec!["1"; 26].join(" ")));
    assert!(full.edited(TreeEdit::AddChild(0)).is_err());
    // A sub-position is edited as what it is: its own subtree, its side to move.
    let b = Game::play(&t, Branch(0));
    assert_eq!(edit(&b, TreeEdit::AddChild(0)).to_text(), "min:(3 12 8 0)");
}

#[test]
fn searches_that_would_stop_at_a_node_without_a_value_are_refused() {
    let t = tree(AIMA);
    assert_eq!(t.full_depth(), Some(2));
    assert_eq!(tree("5").full_depth(), Some(1));
    assert_eq!(t.horizon_refusal(2..=2), None);
    assert_eq!(t.horizon_refusal(3..=3), None);
    let why = t.horizon_refusal(1..=1).expect("refused");
    assert!(why.contains("after a") && why.contains("depth 2"), "{why}");
    // Values where the search stops: accepted.
    let valued = tree("((3 12 8):3 (2 4 6):2 (14 5 2))");
    assert!(valued.horizon_refusal(1..=1).unwrap().contains("after c"));
    let all = tree("((3 12 8):3 (2 4 6):2 (14 5 2):2)");
    assert_eq!(all.horizon_refusal(1..=2), None);
    // The shallowest first, then the leftmost.
    let mixed = tree("((1 (2 3)) (4 5))");
    assert!(
        mixed
            .horizon_refusal(1..=2)
            .unwrap()
            .contains("after a (depth 1)")
    );
    assert!(
        mixed
            .horizon_refusal(2..=2)
            .unwrap()
            .contains("after a b (depth 2)")
    );
}

#[test]
fn the_shipped_suite_reads_and_its_values_are_the_minimax_values() {
    let (path, text) = CustomTree::SHIPPED_SUITES[0];
    assert!(path.ends_with(".tree"));
    let suite = CustomTree::parse_suite(path, text).expect("reads");
    assert_eq!(suite.len(), 9);
    for line in &suite {
        assert_eq!(
            line.expected_score,
            Some(line.position.minimax_value()),
            "{}",
            line.name
        );
    }
    assert_eq!(suite[0].name, "aima-5.2");
    assert_eq!(suite[0].position, tree(AIMA));
}

#[test]
fn bad_suite_lines_say_line_and_column() {
    let e = parse_suite_text("# c\n\nok 3 (3 4)\nbad 3 (3 x)\n").unwrap_err();
    assert_eq!((e.line, e.column), (4, 10), "{e}");
    let e = parse_suite_text("name").unwrap_err();
    assert_eq!((e.line, e.column), (1, 5), "{e}");
    let e = parse_suite_text("name three (1 2)").unwrap_err();
    assert_eq!((e.line, e.column), (1, 6), "{e}");
    let e = parse_suite_text("name 3   ").unwrap_err();
    assert!(e.message.contains("expected the tree"), "{e}");
    let unknown = parse_suite_text("name ? (1 2)").unwrap();
    assert_eq!(unknown[0].1, None);
}

#[test]
fn chance_nodes_are_built_by_edits_and_their_probabilities_always_sum_to_1() {
    use crate::game::chance::Prob;
    let edit = |t: &CustomTree, e: TreeEdit| t.edited(e).unwrap_or_else(|x| panic!("{e:?}: {x}"));
    let refused = |t: &CustomTree, e: TreeEdit| t.edited(e).expect_err("refused").message;
    let p = |s: &str| Prob::parse(s).unwrap();
    // Preorder: 0 root, 1 a, 2 a a, 3 a b, 4 a c, 5 b.
    let t = tree("((3 12 8) 2)");
    let c = edit(&t, TreeEdit::ToggleChance(1));
    assert_eq!(c.to_text(), "(?(1/3:3 1/3:12 1/3:8) 2)");
    assert_eq!(c.tree_nodes()[3].prob.as_deref(), Some("1/3"));
    // A new outcome takes 1/(k+1), the others keep their proportions.
    assert_eq!(
        edit(&c, TreeEdit::AddChild(1)).to_text(),
        "(?(1/4:3 1/4:12 1/4:8 1/4:0) 2)"
    );
    // b gets 1/2: the others share the other half as they shared the rest (1/4 each).
    let half = edit(&c, TreeEdit::SetProb(3, p("1/2")));
    assert_eq!(half.to_text(), "(?(1/4:3 1/2:12 1/4:8) 2)");
    let skew = edit(&half, TreeEdit::SetProb(2, p("0.1")));
    assert_eq!(skew.to_text(), "(?(0.1:3 3/5:12 3/10:8) 2)", "as typed");
    // Removing an outcome shares its probability out the same way.
    assert_eq!(
        edit(&half, TreeEdit::Remove(3)).to_text(),
        "(?(1/2:3 1/2:8) 2)"
    );
    // And back to a player's node.
    assert_eq!(
        edit(&half, TreeEdit::ToggleChance(1)).to_text(),
        "((3 12 8) 2)"
    );
    // What cannot be.
    assert!(refused(&t, TreeEdit::ToggleChance(5)).contains("a leaf cannot be a chance node"));
    assert!(refused(&c, TreeEdit::SetProb(5, p("1/2"))).contains("only an outcome"));
    assert!(refused(&c, TreeEdit::SetProb(0, p("1/2"))).contains("the root"));
    assert!(refused(&c, TreeEdit::SetProb(2, p("1"))).contains("nothing to the other"));
    let under = tree("(?(1/2:(1 2) 1/2:3))");
    assert!(
        refused(&under, TreeEdit::ToggleChance(2)).contains("chance"),
        "a chance node right under another"
    );
    // The values stay exact: the edited tree searches to its mean.
    let v = |t: &CustomTree| t.minimax_value();
    assert_eq!(v(&half), (3 + 2 * 12 + 8) * half.value_scale() as i32 / 4);
}

#[test]
fn the_minimal_tree_note_is_for_trees_without_chance_nodes() {
    let plain = tree("((3 12) (2 4))");
    assert!(
        plain
            .notes()
            .iter()
            .any(|n| n.contains("perfectly ordered alpha-beta sees 3")),
        "{:?}",
        plain.notes()
    );
    // Alpha-beta does not search a tree with chance nodes: no minimal tree is claimed.
    let chance = tree("(?(1/2:(3 12) 1/2:(2 4)) ?(1/2:(5 1) 1/2:(7 0)))");
    assert!(
        !chance.notes().iter().any(|n| n.contains("alpha-beta")),
        "{:?}",
        chance.notes()
    );
}
