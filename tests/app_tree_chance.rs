//! UI tests of the tree view and the quiz on a chance tree: the textbook suite's
//! `star1-cuts` searched by Star1. The chance nodes are drawn with the probabilities on
//! their edges, values in the tree's own units (halves); the quiz asks the chance node's
//! value and window and whether it cuts off, accepts fractions typed as decimals, and
//! explains the Star1 cutoff; an outcome's window is Star1's bound.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use treelab::app::TreelabApp;

mod common;
use common::{harness_with_session, settle};

/// Star1 on `star1-cuts`, a quiz in the Tree tab.
fn quiz() -> Harness<'static, TreelabApp> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chance.ron");
    std::fs::write(
        &path,
        r#"Session(
    version: 2,
    game: custom,
    position: "(?(1/2:(5 6) 1/2:(4 7)) ?(1/2:(1 2) 1/2:(3 8)))",
    rows: [ComparisonRow(algorithm: star1, depth_min: 3, depth_max: 3)],
    view: ViewChoices(tab: Tree, tree_row: 0, tree_depth: 3, tree_quiz: true),
)"#,
    )
    .unwrap();
    let mut h = harness_with_session(&path, [1280.0, 800.0]);
    settle(&mut h);
    h
}

fn type_into(h: &mut Harness<'_, TreelabApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.step();
    h.get_by_label(label).type_text(text);
    h.step();
}

/// Shows the answers up to visit `k` (1-based) of `total`.
fn show_up_to(h: &mut Harness<'_, TreelabApp>, k: usize, total: usize) {
    let header = format!("Quiz — visit {k} of {total}");
    while h.query_by_label_contains(&header).is_none() {
        h.get_by_label("Show the answer").click();
        settle(h);
        h.get_by_label("Next visit").click();
        settle(h);
    }
}

/// The drawn texts of visit `i`: (move and value, window).
fn labels_of(h: &Harness<'_, TreelabApp>, i: usize) -> [String; 2] {
    let (labels, _) = h.state().tree_labels();
    labels
        .into_iter()
        .find(|l| l.node == i)
        .map(|l| l.texts)
        .expect("visit drawn")
}

#[test]
fn a_star1_quiz_asks_the_chance_node_and_explains_its_cutoff() {
    let mut h = quiz();
    h.get_by_label_contains("Quiz — visit 1 of 10");
    // Visit 8: the chance node b, window (-inf, -4.5) after a's 4.5 for the root.
    show_up_to(&mut h, 8, 10);
    h.get_by_label_contains("a chance node: its value is the mean of its outcomes");
    h.get_by_label_contains("fractions as 2.5 or 7/3");
    type_into(&mut h, "window: α", "-inf");
    type_into(&mut h, "β", "-4.5");
    type_into(&mut h, "value returned", "-9/2");
    h.get_by_label("yes").click();
    h.get_by_label("b").click();
    settle(&mut h);
    h.get_by_label("Check").click();
    settle(&mut h);
    let q = h.state().tree_quiz().unwrap();
    assert_eq!((q.right, q.asked), (3, 3), "{q:?}");
    for words in [
        "The first outcomes already bound the average above β",
        "1/2·(-1) + 1/2·(-8) = at least -4.5 ≥ β = -4.5",
    ] {
        assert!(h.query_all_by_label_contains(words).count() > 0, "{words}");
    }
    assert_eq!(
        labels_of(&h, 7),
        ["b -4.5".to_string(), "(-∞, -4.5)".into()]
    );
    // The probabilities are on the edges below the chance nodes, known before the
    // outcome's visit is answered.
    let probs = |h: &Harness<'_, TreelabApp>| {
        let notes = h.state().tree_notes();
        notes.iter().filter(|(_, t)| t == "1/2").count()
    };
    assert_eq!(
        probs(&h),
        2,
        "a's two outcomes: {:?}",
        h.state().tree_notes()
    );
    // Visit 9: b's first outcome gets Star1's window; a wrong β is corrected with it.
    h.get_by_label("Next visit").click();
    settle(&mut h);
    assert_eq!(probs(&h), 3, "and b's first: {:?}", h.state().tree_notes());
    type_into(&mut h, "window: α", "-8");
    type_into(&mut h, "β", "-4.5");
    type_into(&mut h, "value returned", "-1");
    h.get_by_label("yes").click();
    h.get_by_label("b").click();
    settle(&mut h);
    h.get_by_label("Check").click();
    settle(&mut h);
    let q = h.state().tree_quiz().unwrap();
    assert_eq!((q.right, q.asked), (5, 6), "the window is wrong: {q:?}");
    h.get_by_label_contains("wrong: the window is (-8, -1)");
    h.get_by_label_contains("Star1's window for outcome a, (-8, -1)");
}
