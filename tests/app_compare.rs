//! UI tests of the comparison (app part 2): rows, a background run, Stop, the table.
//! They drive the app by its labels with egui_kittest, no display needed.

use std::time::{Duration, Instant};

use egui_kittest::kittest::{NodeT, Queryable};
use treelab::app::{Command, TreelabApp};
use treelab::engine::{AnyPosition, GameKind, SearchRequest, run_search};
use treelab::search::{Algorithm, Counter, Counters, SearchControl, StopReason};

mod common;
use common::{harness, settle, wait_for_run};

#[test]
fn two_rows_on_tic_tac_toe_match_the_engine() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    assert_eq!(h.state().position().kind(), GameKind::TicTacToe);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(60));
    let app = h.state();
    let rows = &app.session().rows;
    assert_eq!(rows.len(), 2);
    let results = &app.session().results;
    assert_eq!(results.len(), 12, "2 rows x depths 1-6");
    let position = AnyPosition::start(GameKind::TicTacToe);
    for depth in 1..=6 {
        let at: Vec<_> = results.iter().filter(|r| r.depth == depth).collect();
        assert_eq!(at.len(), 2);
        assert_eq!(at[0].record.score, at[1].record.score, "depth {depth}");
        for r in at {
            let direct = run_search(
                &position,
                &SearchRequest {
                    algorithm: rows[r.row].algorithm,
                    options: rows[r.row].options.clone(),
                    depth,
                    evaluator: rows[r.row].evaluator.clone(),
                },
                SearchControl::default(),
            )
            .unwrap();
            assert_eq!(r.record.counters.nodes(), direct.counters.nodes());
            assert_eq!(r.record.score, direct.score);
        }
    }
    // Both rows are in the table, with the engine's node counts as text.
    assert!(h.query_all_by_label("negaalpha").count() >= 6);
    assert!(h.query_all_by_label("negascout").count() >= 6);
    let deepest = results
        .iter()
        .find(|r| r.depth == 6 && r.row == 1)
        .unwrap()
        .record
        .counters
        .nodes();
    h.get_by_label(&deepest.to_string());
    assert!(h.query_by_label_contains("disagree").is_none());
}

#[test]
fn stop_ends_a_long_search_and_keeps_its_partial_result() {
    let mut h = harness();
    settle(&mut h);
    // One deep row on FFO #40: minutes of work.
    h.state_mut().push(Command::RemoveRow(1));
    settle(&mut h);
    h.state_mut().push(Command::AddRow);
    settle(&mut h);
    assert_eq!(h.state().session().rows.len(), 2);
    h.state_mut().push(Command::RemoveRow(1));
    settle(&mut h);
    // Depth 20 from the row editor's "to" field would need typing; the state is the
    // same thing the DragValue writes.
    h.state_mut().push(Command::SetRowDepths(0, 20, 20));
    settle(&mut h);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    assert!(h.state().is_running());
    // The UI answers during the run: switch tabs, see live progress.
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(400) {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    h.get_by_label("Article layout").click();
    settle(&mut h);
    assert_eq!(
        h.state().session().view.tab,
        treelab::session::ResultsTab::Articles
    );
    assert!(
        h.query_by_label_contains("Row 1: #40 depth 20 ·").is_some(),
        "live progress shows"
    );
    h.get_by_label("■ Stop (Esc)").click();
    wait_for_run(&mut h, Duration::from_secs(10));
    let app = h.state();
    let results = &app.session().results;
    assert_eq!(results.len(), 1);
    assert_eq!(results[0].record.stopped, Some(StopReason::Stopped));
    assert!(results[0].record.counters.nodes() > 0);
    assert!(
        app.status().text().starts_with("Stopped"),
        "{}",
        app.status().text()
    );
    h.get_by_label("Table").click();
    settle(&mut h);
    h.get_by_label("stopped");
}

#[test]
fn options_that_do_not_apply_are_greyed_with_the_reason() {
    let mut h = harness();
    settle(&mut h);
    // Row 1 (NegaAlpha): open its options.
    h.get_all_by_label("defaults").next().unwrap().click();
    settle(&mut h);
    h.get_by_label_contains("Options of row 1");
    h.get_by_label("Fail-soft").click();
    settle(&mut h);
    assert!(h.state().session().rows[0].options.fail_soft);
    // Switching the row to Scout drops fail-soft, which Scout has no choice of.
    h.state_mut()
        .push(Command::SetRowAlgorithm(0, Algorithm::Scout));
    settle(&mut h);
    assert!(!h.state().session().rows[0].options.fail_soft);
    let fail_soft = h.get_by_label("Fail-soft");
    assert!(
        fail_soft.accesskit_node().is_disabled(),
        "Scout has no fail-soft choice"
    );
}

#[test]
fn rows_are_added_duplicated_moved_and_removed_with_their_results() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(60));
    let nodes_of = |app: &TreelabApp, row: usize| -> Vec<u64> {
        app.session()
            .results
            .iter()
            .filter(|r| r.row == row)
            .map(|r| r.record.counters.nodes())
            .collect()
    };
    let second = nodes_of(h.state(), 1);
    // Move row 2 up: its results follow it.
    h.get_all_by_label("▲").nth(1).unwrap().click();
    settle(&mut h);
    assert_eq!(h.state().session().rows[0].algorithm, Algorithm::NegaScout);
    assert_eq!(nodes_of(h.state(), 0), second);
    // Duplicate row 1: the copy has no results yet.
    h.get_all_by_label("+").next().unwrap().click();
    settle(&mut h);
    assert_eq!(h.state().session().rows.len(), 3);
    assert!(nodes_of(h.state(), 1).is_empty());
    assert_eq!(nodes_of(h.state(), 0), second);
    // Remove row 1: the others move up, results with them.
    h.get_all_by_label("×").next().unwrap().click();
    settle(&mut h);
    assert_eq!(h.state().session().rows.len(), 2);
    assert_eq!(h.state().session().results.len(), 6);
    assert!(h.state().session().results.iter().all(|r| r.row == 1));
}

#[test]
fn a_preset_sets_up_the_classic_experiment() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Presets").click();
    settle(&mut h);
    h.get_by_label_contains("E3: alpha-beta vs Scout").click();
    settle(&mut h);
    let app = h.state();
    assert_eq!(app.position().kind(), GameKind::TicTacToe);
    assert_eq!(app.session().rows.len(), 4);
    assert_eq!(app.session().rows[1].algorithm, Algorithm::Scout);
}

#[test]
fn results_export_as_csv_through_the_menu_code() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(60));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("results.csv");
    h.state_mut().push(Command::SaveTable(path.clone()));
    settle(&mut h);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 13, "header + 12 results");
    assert!(text.starts_with("Row,Algorithm and options,Position,Depth,Score"));
    let svg = dir.path().join("chart.svg");
    h.state_mut().push(Command::SaveChart(
        treelab::app::ChartFormat::Svg,
        svg.clone(),
    ));
    settle(&mut h);
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.starts_with("<svg"));
    assert_eq!(svg.matches("<path").count(), 2, "a line per row");
}

#[test]
fn every_counter_can_be_shown_in_the_table_and_is_in_its_csv() {
    use treelab::search::Counter;
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(60));
    let header = |h: &egui_kittest::Harness<'_, TreelabApp>, title: &str| {
        h.query_all_by_label_contains(title).count()
    };
    let hidden: Vec<Counter> = Counter::ALL
        .iter()
        .copied()
        .filter(|c| !c.shown_by_default())
        .collect();
    assert!(!hidden.is_empty());
    assert_eq!(header(&h, "TT probes"), 0, "hidden by default");
    assert!(header(&h, "β-cutoffs") > 0, "shown by default");
    h.get_by_label("Columns").click();
    settle(&mut h);
    h.get_by_label("TT probes").click();
    settle(&mut h);
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    assert_eq!(header(&h, "Default columns"), 0, "the menu is closed");
    // The new column is at the table's right: scrolled into view.
    let over = h
        .get_all_by_label("negaalpha")
        .next()
        .unwrap()
        .rect()
        .center();
    common::wheel_sideways(&mut h, over, -7.0, 200);
    assert!(header(&h, "TT probes") > 0, "shown after the Columns menu");
    // The CSV has every counter, shown or not, under its title.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("results.csv");
    h.state_mut().push(Command::SaveTable(path.clone()));
    settle(&mut h);
    let text = std::fs::read_to_string(&path).unwrap();
    let first = text.lines().next().unwrap();
    for c in Counter::ALL {
        assert!(
            first.split(',').any(|t| t == c.title()),
            "{} in {first}",
            c.title()
        );
    }
}

#[test]
fn a_search_that_panics_fails_its_row_and_the_app_goes_on() {
    use std::sync::Arc;
    use treelab::runner::{Job, SearchFn, engine_search};
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    // A deliberately failing search: row 2 panics at depth 4 (a bug in a game or an
    // algorithm would look the same).
    let failing: SearchFn = Arc::new(|job: &Job, control| {
        if job.row == 1 && job.request.depth == 4 {
            panic!("deliberate failure in a test game");
        }
        engine_search()(job, control)
    });
    h.state_mut().set_search_fn(failing);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(60));
    let app = h.state();
    let results = &app.session().results;
    assert_eq!(results.len(), 12, "every search has a result line");
    let failed: Vec<_> = results.iter().filter(|r| r.error.is_some()).collect();
    assert_eq!(failed.len(), 1);
    assert_eq!((failed[0].row, failed[0].depth), (1, 4));
    assert!(
        failed[0]
            .error
            .as_deref()
            .unwrap()
            .contains("deliberate failure")
    );
    assert!(
        app.status().text().contains("1 failed"),
        "{}",
        app.status().text()
    );
    h.get_by_label_contains("failed: the search panicked: deliberate failure");
    // Still usable: run again with the engine's own search, everything completes.
    h.state_mut().set_search_fn(engine_search());
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(60));
    assert!(
        h.state()
            .session()
            .results
            .iter()
            .all(|r| r.error.is_none())
    );
}

#[test]
fn a_stopped_rerun_keeps_complete_results_and_marks_partial_counts() {
    use std::sync::Arc;
    use treelab::runner::{Job, SearchFn, engine_search};
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(60));
    let complete = h.state().session().results.clone();
    assert!(complete.iter().all(|r| r.is_complete()));

    // Run again where row 2 at depth 6 is stopped half way and row 1 at depth 5 fails:
    // neither may replace the complete result it would overwrite.
    let partial: SearchFn = Arc::new(|job: &Job, control| {
        if job.row == 0 && job.request.depth == 5 {
            panic!("deliberate failure");
        }
        let mut record = engine_search()(job, control)?;
        if job.row == 1 && job.request.depth == 6 {
            record.stopped = Some(StopReason::Stopped);
            let half = record.counters.nodes() / 2;
            record.counters = Counters::reported(&[(Counter::Nodes, half)], 0.0);
        }
        Ok(record)
    });
    h.state_mut().set_search_fn(Arc::clone(&partial));
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(60));
    let app = h.state();
    let after = &app.session().results;
    assert_eq!(after.len(), complete.len());
    for (new, old) in after.iter().zip(&complete) {
        assert!(new.is_complete(), "row {} depth {}", new.row + 1, new.depth);
        assert_eq!(new.record.counters.nodes(), old.record.counters.nodes());
        if (new.row, new.depth) == (1, 6) || (new.row, new.depth) == (0, 5) {
            assert_eq!(new, old, "the complete result stays, timing and all");
        }
    }
    assert!(
        app.status()
            .text()
            .contains("2 stopped or failed searches left the earlier complete result in place"),
        "{}",
        app.status().text()
    );

    // Without a complete result to keep, the partial one is shown, marked, with the
    // note that says what the mark means.
    h.state_mut().push(Command::ClearResults);
    settle(&mut h);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(60));
    let stopped = h
        .state()
        .session()
        .results
        .iter()
        .find(|r| r.row == 1 && r.depth == 6)
        .expect("the stopped search is kept")
        .clone();
    assert!(!stopped.is_complete());
    h.get_by_label_contains("* includes a stopped or failed search");
    h.get_by_label("Article layout").click();
    settle(&mut h);
    h.get_by_label(&format!("{}*", stopped.record.counters.nodes()));
    h.get_by_label_contains("* includes a stopped or failed search");
}

/// Row edits in the panel go through the session's row methods: the enable box, the
/// options panel's checkboxes, and the options that mean nothing alone are dropped.
#[test]
fn row_edits_reach_the_session_through_its_methods() {
    let mut h = harness();
    settle(&mut h);
    assert!(h.state().session().rows[0].enabled);
    h.get_by_label("1").click();
    settle(&mut h);
    assert!(!h.state().session().rows[0].enabled, "row 1 taken out");
    h.get_all_by_label("defaults")
        .next()
        .expect("row 1's options summary")
        .click();
    settle(&mut h);
    h.get_by_label("Iterative deepening").click();
    settle(&mut h);
    let o = &h.state().session().rows[0].options;
    assert!(o.iterative_deepening, "{o:?}");
    // The summary now says so, and turning it off again drops nothing else.
    assert!(h.query_by_label("ID").is_some());
    h.get_by_label("Iterative deepening").click();
    settle(&mut h);
    assert_eq!(
        h.state().session().rows[0].options,
        treelab::search::SearchOptions::default()
    );
}

#[test]
fn an_mcts_row_shows_its_estimate_beside_the_scores() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    h.state_mut()
        .push(Command::SetRowAlgorithm(1, Algorithm::Mcts));
    h.state_mut().push(Command::SetRowDepths(0, 9, 9));
    h.state_mut().push(Command::SetRowDepths(1, 9, 9));
    settle(&mut h);
    // Its options are in its panel.
    h.get_all_by_label("defaults").nth(1).unwrap().click();
    settle(&mut h);
    assert!(
        h.query_by_label("Iterations").is_some(),
        "MCTS's options are shown"
    );
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(60));
    let results = &h.state().session().results;
    assert_eq!(results.len(), 2);
    let mcts = results
        .iter()
        .find(|r| r.row == 1)
        .expect("the MCTS row ran");
    assert_eq!(mcts.record.score, None);
    let e = mcts.record.estimate.expect("an estimate");
    assert_eq!(e.iterations, 10_000);
    let cell = format!("≈{:+.3} ({} visits)", e.mean, e.visits);
    h.get_by_label(&cell);
    assert!(
        h.query_by_label_contains("disagree").is_none(),
        "an estimate is never a disagreement with alpha-beta's 0"
    );
    assert!(mcts.is_complete(), "a finished MCTS search is complete");
    assert!(
        h.query_by_label_contains("partial count").is_none(),
        "nothing is marked partial"
    );
}
