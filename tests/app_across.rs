//! UI tests: the statistics across positions. Over a suite, the Article layout shows
//! per row and depth the geometric mean of the per-position ratios to the baseline with
//! its bootstrap interval, and the fewer/more counts with the Wilcoxon p, each equal to
//! the statistics of the results' own counts; the Charts tab draws the means with their
//! intervals; over one position neither is shown.

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use treelab::app::{Command, TreelabApp};
use treelab::engine::count::CountKind;
use treelab::report::Across;

mod common;
use common::{harness, pick_positions, settle, wait_for_run};

const RUN: &str = "▶ Run (F5)";

/// Row `row` against row 0 at `depth` over the results' positions, from their counts.
fn by_hand(app: &TreelabApp, row: usize, depth: u32) -> Across {
    let results = &app.session().results;
    let set = app.position_set();
    let count = |r: usize, key| {
        results
            .iter()
            .find(|e| e.row == r && e.depth == depth && e.key() == key)
            .map(|e| CountKind::Nodes.pick(&e.record))
            .expect("a result at every position")
    };
    let pairs: Vec<(u64, u64)> = set
        .keys()
        .into_iter()
        .map(|k| (count(row, k), count(0, k)))
        .collect();
    assert_eq!(pairs.len(), 20);
    Across::of(&pairs).expect("counts above 0")
}

#[test]
fn the_article_layout_and_charts_show_statistics_across_the_suite() {
    let mut h = harness();
    settle(&mut h);
    h.state_mut().push(Command::SetRowDepths(0, 2, 3));
    h.state_mut().push(Command::SetRowDepths(1, 2, 3));
    h.get_by_label("fforum-40-59.obf (20 positions)").click();
    settle(&mut h);
    h.get_by_label(RUN).click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(120));
    assert_eq!(h.state().session().results.len(), 2 * 2 * 20);
    h.get_by_label("Article layout").click();
    settle(&mut h);
    // Nothing across positions without a baseline; pick row 1.
    assert!(h.query_by_label_contains("Across the positions").is_none());
    h.get_all_by_label("Baseline")
        .last()
        .expect("the baseline picker")
        .click();
    settle(&mut h);
    h.get_by_label_contains("row 1: negaalpha").click();
    settle(&mut h);
    assert_eq!(h.state().session().view.baseline_row, Some(0));
    h.get_by_label_contains("Across the positions, against row 1");
    h.get_by_label_contains("and the Wilcoxon signed-rank p");
    for depth in 2..=3 {
        let a = by_hand(h.state(), 1, depth);
        // The interval and the test are there: twenty positions, not all equal.
        assert!(a.interval.is_some() && a.wilcoxon.is_some(), "{a:?}");
        h.get_by_label(&a.mean_lines());
        h.get_by_label(&a.test_lines());
    }
    // The Charts tab draws the means beside the per-position ratios.
    h.get_by_label("Charts").click();
    settle(&mut h);
    h.get_by_label_contains("Geometric mean of the ratios, 95% bootstrap interval");
    // One position: a ratio, but nothing across positions.
    pick_positions(&mut h, "the current position, #40");
    assert!(
        h.query_by_label_contains("Geometric mean of the ratios")
            .is_none()
    );
    h.get_by_label("Article layout").click();
    settle(&mut h);
    assert!(h.query_by_label_contains("Across the positions").is_none());
}

#[test]
fn the_apps_exports_and_saves_carry_the_manifest() {
    let mut h = harness();
    settle(&mut h);
    h.state_mut().push(Command::SetRowDepths(0, 1, 2));
    h.state_mut().push(Command::SetRowDepths(1, 1, 2));
    settle(&mut h);
    h.get_by_label(RUN).click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(120));
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("table.csv");
    h.state_mut().push(Command::SaveTable(table.clone()));
    settle(&mut h);
    // The table as it was, its manifest beside it: the app, its threads, the rows.
    let csv = std::fs::read_to_string(&table).unwrap();
    assert!(csv.starts_with("Row,") && !csv.contains("manifest"));
    let side = std::fs::read_to_string(dir.path().join("table.csv.manifest")).unwrap();
    assert!(side.starts_with("manifest:\n  treelab: "), "{side}");
    assert!(side.contains("  command: treelab (the app)\n"));
    let rows: Vec<String> = h.state().session().rows.iter().map(|r| r.label()).collect();
    assert!(
        side.contains(&format!("  rows: {}\n", rows.join("; "))),
        "{side}"
    );
    // A saved session holds it as a field and opens again.
    let session = dir.path().join("s.ron");
    h.state_mut().save_session_to(&session).unwrap();
    let text = std::fs::read_to_string(&session).unwrap();
    assert!(
        text.contains("manifest: Some(Manifest(")
            && text.contains("command: \"treelab (the app)\"")
    );
    let back = treelab::session::Session::load(&session).unwrap();
    assert_eq!(&back.results, &h.state().session().results);
}
