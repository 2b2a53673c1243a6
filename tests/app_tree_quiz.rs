//! UI tests of quiz mode's drawing: before Check nothing about the visit asked or a
//! later one is drawn (its colour, value, window, moves never searched, the visits to
//! come, the second tree); Check or Show the answer reveals the visit asked, and Show
//! the answer counts as not answered; the second tree and the rings come once the quiz
//! is over. A teacher's quiz on AIMA's figure 5.2 accepts right answers, corrects wrong
//! ones and refuses a bad number.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use treelab::app::TreelabApp;
use treelab::tree::NodeType;
use treelab::tree::draw::{UNKNOWN, type_color};

mod common;
use common::{harness_with_session, settle};

/// AIMA's figure 5.2 as a quiz: alpha-beta (fail-hard), NegaScout beside it.
fn quiz() -> Harness<'static, TreelabApp> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("quiz.ron");
    std::fs::write(
        &path,
        r#"Session(
    version: 1,
    game: custom,
    position: "((3 12 8) (2 4 6) (14 5 2))",
    rows: [
        ComparisonRow(algorithm: alphabeta, depth_min: 2, depth_max: 2),
        ComparisonRow(algorithm: negascout, depth_min: 2, depth_max: 2),
    ],
    view: ViewChoices(tab: Tree, tree_row: 0, tree_row_beside: Some(1), tree_depth: 2, tree_quiz: true),
)"#,
    )
    .unwrap();
    let mut h = harness_with_session(&path, [1280.0, 800.0]);
    settle(&mut h);
    h
}

fn rgb(c: treelab::tree::draw::Rgb) -> egui::Color32 {
    egui::Color32::from_rgb(c.0, c.1, c.2)
}

/// The drawn labels of the left pane, by visit.
fn drawn(h: &Harness<'_, TreelabApp>) -> Vec<(usize, [String; 2], egui::Color32)> {
    let (labels, _) = h.state().tree_labels();
    assert!(
        labels.iter().all(|l| l.pane == 0),
        "the second tree is drawn during the quiz"
    );
    let mut out: Vec<_> = labels
        .into_iter()
        .map(|l| (l.node, l.texts, l.color))
        .collect();
    out.sort_by_key(|x| x.0);
    out
}

/// Asserts that visit `asked` is the last one drawn and shows nothing of itself.
fn nothing_of(h: &Harness<'_, TreelabApp>, asked: usize, mv: &str) {
    let d = drawn(h);
    assert_eq!(
        d.iter().map(|x| x.0).collect::<Vec<_>>(),
        (0..=asked).collect::<Vec<_>>(),
        "only the visits so far are drawn"
    );
    let (_, texts, color) = &d[asked];
    assert_eq!(texts[0], format!("{mv} ?"), "its value is not shown");
    assert_eq!(texts[1], "?", "its window is not shown");
    assert_eq!(*color, rgb(UNKNOWN), "its colour is not shown");
    assert!(
        h.state().tree_notes().is_empty() || asked == 0,
        "no moves never searched are named at the visit asked: {:?}",
        h.state().tree_notes()
    );
}

#[test]
fn a_quiz_draws_nothing_of_the_visit_asked_until_it_is_answered() {
    let mut h = quiz();
    h.get_by_label_contains("Quiz — visit 1 of 11");
    nothing_of(&h, 0, "root");
    // Show the answer: the root is revealed, and counts as not answered.
    h.get_by_label("Show the answer").click();
    settle(&mut h);
    let d = drawn(&h);
    assert_eq!(d[0].1, ["root 3".to_string(), "(-∞, +∞)".to_string()]);
    assert_eq!(d[0].2, rgb(type_color(NodeType::Pv)));
    let q = h.state().tree_quiz().unwrap();
    assert_eq!((q.right, q.asked), (0, 0), "not answered is not wrong");
    h.get_by_label_contains("answer: the value is 3");
    h.get_by_label_contains("1 visit shown, not answered");
    // On to visit 6, the second MIN node b, showing each answer.
    for _ in 0..5 {
        h.get_by_label("Next visit").click();
        settle(&mut h);
        if h.query_by_label_contains("Quiz — visit 6 of 11").is_some() {
            break;
        }
        h.get_by_label("Show the answer").click();
        settle(&mut h);
    }
    h.get_by_label_contains("Quiz — visit 6 of 11: b");
    nothing_of(&h, 5, "b");
    assert!(
        h.state().tree_notes().is_empty(),
        "b's moves never searched are not named before Check"
    );
    // The right answer: window (3, +inf), fail-hard value 3, a cutoff with b c unsearched.
    type_into(&mut h, "window: α", "3");
    type_into(&mut h, "β", "inf");
    type_into(&mut h, "value returned", "3");
    h.get_by_label("yes").click();
    h.get_by_label("b").click();
    h.get_by_label("c").click();
    settle(&mut h);
    h.get_by_label("Check").click();
    settle(&mut h);
    let d = drawn(&h);
    assert_eq!(d[5].1, ["b 3".to_string(), "(3, +∞)".to_string()]);
    assert_eq!(d[5].2, rgb(type_color(NodeType::Cut)));
    assert!(
        h.state().tree_notes().iter().any(|(_, t)| t == "× b c"),
        "{:?}",
        h.state().tree_notes()
    );
    let q = h.state().tree_quiz().unwrap();
    assert_eq!(q.right, q.asked, "{q:?}");
    // To the end: then the second tree is drawn, with its marks.
    while h.query_by_label("Next visit").is_some() {
        h.get_by_label("Next visit").click();
        settle(&mut h);
        h.get_by_label("Show the answer").click();
        settle(&mut h);
    }
    h.get_by_label_contains("The search is over");
    let (labels, _) = h.state().tree_labels();
    let trees = h.state().trees();
    assert_eq!(
        labels.len(),
        trees[0].nodes.len() + trees[1].nodes.len(),
        "both trees whole"
    );
    assert!(
        labels
            .iter()
            .any(|l| l.pane == 1 && l.mark == treelab::tree::VisitDiff::Otherwise)
    );
}

/// Types `text` into the text field labelled `label`.
fn type_into(h: &mut Harness<'_, TreelabApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.step();
    h.get_by_label(label).type_text(text);
    h.step();
}

#[test]
fn a_quiz_on_aima_5_2_with_alpha_beta_accepts_right_answers_and_corrects_wrong_ones() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("quiz.ron");
    // A teacher's quiz: AIMA's figure 5.2, two-sided alpha-beta, quiz mode, Tree tab.
    std::fs::write(
        &path,
        r#"Session(
    version: 1,
    game: custom,
    position: "((3 12 8) (2 4 6) (14 5 2))",
    rows: [ComparisonRow(algorithm: alphabeta, depth_min: 2, depth_max: 2)],
    view: ViewChoices(tab: Tree, tree_row: 0, tree_depth: 2, tree_quiz: true),
)"#,
    )
    .unwrap();
    let mut h = harness_with_session(&path, [1280.0, 800.0]);
    settle(&mut h);
    assert_eq!(
        h.state().trees().len(),
        1,
        "the quiz opens with its tree built"
    );
    assert!(h.state().tree_quiz().is_some());
    // Visit 1, the root: full window, value 3, no cutoff.
    h.get_by_label_contains("Quiz — visit 1 of 11");
    type_into(&mut h, "window: α", "-inf");
    type_into(&mut h, "β", "inf");
    type_into(&mut h, "value returned", "3");
    h.get_by_label("no").click();
    settle(&mut h);
    h.get_by_label("Check").click();
    settle(&mut h);
    let q = h.state().tree_quiz().unwrap();
    assert_eq!((q.right, q.asked), (3, 3), "the right answers are accepted");
    h.get_by_label_contains("right: value 3");
    h.get_by_label("Next visit").click();
    settle(&mut h);
    // Visit 2, the first MIN node (a): the window is still (-inf, +inf); a wrong value
    // (12, the largest leaf) is rejected and the right one, 3, is shown with min(...).
    h.get_by_label_contains("Quiz — visit 2 of 11: a");
    type_into(&mut h, "window: α", "-inf");
    type_into(&mut h, "β", "inf");
    type_into(&mut h, "value returned", "12");
    h.get_by_label("no").click();
    settle(&mut h);
    h.get_by_label("Check").click();
    settle(&mut h);
    let q = h.state().tree_quiz().unwrap();
    assert_eq!((q.right, q.asked), (5, 6), "the wrong value costs one part");
    h.get_by_label_contains("wrong: the value is 3");
    h.get_by_label_contains("min(3, 12, 8) = 3");
    // On to the second MIN node (b), entered after the leaves of a: its window has α
    // raised to 3, and after its first leaf (2) it cuts off, leaving 4 and 6 (moves b
    // and c) unsearched.
    for _ in 0..4 {
        h.get_by_label("Next visit").click();
        settle(&mut h);
        if h.query_by_label_contains("Quiz — visit 6 of 11").is_none() {
            h.get_by_label("Show the answer").click();
            settle(&mut h);
        }
    }
    h.get_by_label_contains("Quiz — visit 6 of 11: b");
    type_into(&mut h, "window: α", "3");
    type_into(&mut h, "β", "inf");
    type_into(&mut h, "value returned", "3");
    h.get_by_label("yes").click();
    h.get_by_label("b").click();
    h.get_by_label("c").click();
    settle(&mut h);
    let before = h.state().tree_quiz().unwrap().right;
    h.get_by_label("Check").click();
    settle(&mut h);
    let q = h.state().tree_quiz().unwrap();
    assert_eq!(
        q.right,
        before + 3,
        "window (3, +inf), fail-hard value 3, cut with b c unsearched"
    );
    h.get_by_label_contains("right: cutoff yes; never searched: b c");
    // A bad number is refused with what is wrong, and nothing is marked.
    h.get_by_label("Next visit").click();
    settle(&mut h);
    type_into(&mut h, "window: α", "three");
    h.get_by_label("Check").click();
    settle(&mut h);
    h.get_by_label_contains("α: 'three' is not a number");
    assert!(h.state().tree_quiz().unwrap().marks.is_none());
}
