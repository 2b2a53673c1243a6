//! The results table as a person sees it in a small window: no number is ever cut (a
//! ten-digit count shows whole or not at all), the columns that say which result a line
//! is stay in place when the table scrolls sideways, and positions go by short names.

mod common;

use common::{
    harness, harness_with_session, press_run, run_default_rows_on, settle, wheel_sideways,
};
use egui_kittest::kittest::{By, NodeT, Queryable};
use treelab::app::TreelabApp;
use treelab::search::{Counter, Counters};

/// The default rows run on the first start's position (FFO #40), saved with every
/// count made ten digits long (each one different), in a session file.
fn session_with_ten_digit_counts(dir: &std::path::Path) -> (std::path::PathBuf, Vec<u64>) {
    let mut h = harness();
    settle(&mut h);
    press_run(&mut h);
    let mut session = h.state().session().clone();
    let mut nodes = Vec::new();
    for (k, r) in session.results.iter_mut().enumerate() {
        let s = &r.record.counters;
        let big_nodes = s.nodes() + 4_261_000_000 + 7_919 * k as u64;
        let big_leaves = s.leaves() + 3_000_000_000 + 104_729 * k as u64;
        // Every counter kept, the nodes, leaves and interior nodes made ten digits long.
        let mut counts: Vec<(Counter, u64)> = Counter::ALL.iter().map(|&c| (c, c.of(s))).collect();
        for (c, v) in &mut counts {
            match c {
                Counter::Nodes => *v = big_nodes,
                Counter::Leaves => *v = big_leaves,
                Counter::Interior => *v = big_nodes - big_leaves,
                _ => {}
            }
        }
        r.record.counters = Counters::reported(&counts, s.elapsed_secs());
        nodes.push(big_nodes);
    }
    let path = dir.join("big.ron");
    session.save(&path).expect("the session saves");
    (path, nodes)
}

/// Every label on screen made of digits alone, with where it is drawn.
fn digit_labels(h: &egui_kittest::Harness<'_, TreelabApp>) -> Vec<(String, egui::Rect)> {
    let text = |n: &egui_kittest::kittest::AccessKitNode<'_>| n.value().or_else(|| n.label());
    h.query_all(By::new().predicate(move |n| {
        text(n).is_some_and(|l| l.len() >= 4 && l.chars().all(|c| c.is_ascii_digit()))
    }))
    .map(|n| (text(&n.accesskit_node()).unwrap_or_default(), n.rect()))
    .collect()
}

#[test]
fn ten_digit_counts_show_whole_in_a_small_window() {
    let dir = tempfile::tempdir().unwrap();
    let (path, nodes) = session_with_ten_digit_counts(dir.path());
    let mut h = harness_with_session(&path, [1024.0, 700.0]);
    settle(&mut h);
    let results = h.state().session().results.clone();
    let counts: std::collections::HashSet<String> = results
        .iter()
        .flat_map(|r| {
            let s = &r.record.counters;
            [s.nodes(), s.leaves(), s.interior(), s.beta_cutoffs()].map(|v| v.to_string())
        })
        .collect();
    let shown = digit_labels(&h);
    // The Nodes column is in view at 1024 px, each line's count whole.
    let nodes_shown = nodes
        .iter()
        .filter(|n| shown.iter().any(|(t, _)| *t == n.to_string()))
        .count();
    assert!(
        nodes_shown >= 6,
        "only {nodes_shown} node counts shown: {shown:?}"
    );
    for (text, rect) in &shown {
        // Every digit string on screen is a whole count, drawn inside the window.
        assert!(counts.contains(text), "{text} is not a count: cut?");
        assert!(
            rect.left() >= 0.0 && rect.right() <= 1024.0,
            "{text} at {rect:?} runs past the window"
        );
    }
}

#[test]
fn the_naming_columns_stay_while_the_numbers_scroll_sideways() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = session_with_ten_digit_counts(dir.path());
    let mut h = harness_with_session(&path, [1024.0, 700.0]);
    settle(&mut h);
    let name_x = h
        .get_all_by_label("negaalpha")
        .next()
        .unwrap()
        .rect()
        .left();
    let position_x = h.get_all_by_label("#40").next().unwrap().rect().left();
    assert!(
        h.query_by_label("PV").is_none(),
        "the PV is off to the right at first"
    );
    // The mouse over the table, the wheel turned sideways as a trackpad does.
    let over = h
        .get_all_by_label("negaalpha")
        .next()
        .unwrap()
        .rect()
        .center();
    wheel_sideways(&mut h, over, -7.0, 200);

    assert!(
        h.query_by_label("PV").is_some(),
        "scrolling sideways brings the last columns into view"
    );
    let name = h.get_all_by_label("negaalpha").next().unwrap().rect();
    // In place to the pixel (the panel's own layout may move it by a fraction).
    assert!(
        (name.left() - name_x).abs() < 1.0,
        "the algorithm column stays in place"
    );
    let position = h.get_all_by_label("#40").next().unwrap().rect();
    assert!(
        (position.left() - position_x).abs() < 1.0,
        "the position column stays in place"
    );
    // Whatever has scrolled, no digit string is cut.
    for (text, rect) in digit_labels(&h) {
        assert!(rect.right() <= 1024.0, "{text} runs past the window");
    }
}

#[test]
fn a_position_outside_a_suite_goes_by_a_short_name() {
    let h = run_default_rows_on("Tic-tac-toe");
    assert!(h.query_all_by_label("start").count() >= 6);
}

#[test]
fn short_names_of_suite_lines_name_the_suite() {
    use treelab::engine::GameKind;
    use treelab::session::short_position_name;
    assert_eq!(
        short_position_name(GameKind::Connect4, "4453", "line 17", Some("Test_L2_R1")),
        "L2_R1 17"
    );
    assert_eq!(
        short_position_name(GameKind::Othello, "x", "#40", Some("fforum-40-59.obf")),
        "#40"
    );
    let start = treelab::engine::AnyPosition::start(GameKind::Connect4).to_text();
    assert_eq!(
        short_position_name(GameKind::Connect4, &start, "", None),
        "start"
    );
}
