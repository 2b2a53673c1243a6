//! Every label names what ran: after a run, each property of a row (its algorithm, an
//! option, its evaluator, its threads) is changed without running again, and every view
//! (the table, the Article layout, the charts, the tree view, the match, the CSV export
//! and a saved session) still names the results by what was searched, marks them stale,
//! and never shows them under the row's new name.

mod common;

use std::time::{Duration, Instant};

use common::{harness, settle, wait_for_run};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use treelab::app::{Command, TreelabApp};
use treelab::engine::rowspec::parse_row_spec;
use treelab::report::{Column, Report};
use treelab::search::{Algorithm, SearchOptions};
use treelab::session::{ComparisonRow, ResultsTab};

/// The app on `game` (a button's label) with one row, `spec` at depths 1 to `depth`,
/// and a second row of NegaScout as the baseline, both run on the current position.
fn run_two_rows(game: &str, spec: &str, depth: u32) -> Harness<'static, TreelabApp> {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label(game).click();
    settle(&mut h);
    let row = parse_row_spec(spec, &SearchOptions::default()).expect("a row spec");
    h.state_mut()
        .push(Command::SetRowAlgorithm(0, row.algorithm));
    h.state_mut().push(Command::SetRowOptions(0, row.options));
    h.state_mut()
        .push(Command::SetRowAlgorithm(1, Algorithm::NegaScout));
    for r in 0..2 {
        h.state_mut().push(Command::SetRowDepths(r, 1, depth));
    }
    settle(&mut h);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(120));
    h
}

/// Opens results tab `tab` by its label and lets it draw.
fn open_tab(h: &mut Harness<'_, TreelabApp>, tab: ResultsTab) {
    let label = match tab {
        ResultsTab::Table => "Table",
        ResultsTab::Articles => "Article layout",
        ResultsTab::Charts => "Charts",
        ResultsTab::Tree => "Tree",
        ResultsTab::Match => "Match",
    };
    h.get_by_label(label).click();
    settle(h);
}

/// Checks that the Table, the Article layout, the charts and the CSV name row 1's
/// results by `ran` (marked stale) and never by `now`, the row's label now.
fn check_result_views(h: &mut Harness<'_, TreelabApp>, ran: &str, now: &str) {
    let stale_name = format!("1: {ran} (stale)");
    let wrong_name = format!("1: {now}");
    // The session keeps what ran.
    let session = h.state().session().clone();
    let mine: Vec<_> = session.results.iter().filter(|r| r.row == 0).collect();
    assert!(!mine.is_empty());
    assert!(
        mine.iter().all(|r| r.label == ran),
        "the results keep what ran"
    );
    // The table: the setup column says what ran, the status says stale.
    let report = Report::new(&session.results, &session.rows, Some(1));
    for (i, e) in session.results.iter().enumerate() {
        if e.row == 0 {
            assert_eq!(report.cell(e, Column::Setup), ran);
            assert!(report.cell(e, Column::Status).contains("stale"));
            assert_eq!(report.row_name(report.id_of(i)), stale_name);
        }
    }
    // The CSV export: every row-1 line names what ran and says stale.
    let csv = report.csv(&report.lines(None));
    let lines: Vec<&str> = csv
        .lines()
        .skip(1)
        .filter(|l| l.starts_with("1,"))
        .collect();
    assert!(!lines.is_empty());
    for l in lines {
        assert!(l.contains(ran), "{l}");
        assert!(l.contains("stale"), "{l}");
        assert!(!l.contains(&format!(",{now},")), "{l}");
    }
    // The Article layout: the row's line is what ran, marked stale, with a note; no
    // line carries the row's new name.
    open_tab(h, ResultsTab::Articles);
    // (The row's number is held to its name by a space that does not break.)
    h.get_by_label(&stale_name.replacen(": ", ":\u{a0}", 1));
    h.get_by_label_contains(&format!("(stale: row 1 is now {now})"));
    assert!(
        h.query_by_label(&wrong_name.replacen(": ", ":\u{a0}", 1))
            .is_none(),
        "the Article layout shows results under {wrong_name}"
    );
    // The charts: the legend names what ran.
    open_tab(h, ResultsTab::Charts);
    h.get_by_label_contains(&format!("——— {stale_name}"));
    assert!(
        h.query_by_label(&format!("——— {wrong_name}")).is_none(),
        "a chart's legend shows results under {wrong_name}"
    );
}

#[test]
fn a_changed_algorithm_leaves_its_results_under_what_ran() {
    let mut h = run_two_rows("Tic-tac-toe", "negaalpha", 3);
    // A tree of row 1 and a match between rows 1 and 2, built before the change.
    open_tab(&mut h, ResultsTab::Tree);
    h.state_mut().push(Command::SetTreeDepth(2));
    h.state_mut().push(Command::BuildTrees);
    settle(&mut h);
    h.get_by_label_contains("negaalpha at depth 2:");
    open_tab(&mut h, ResultsTab::Match);
    let mut setup = h.state().session().match_setup.clone();
    (setup.a, setup.b, setup.games) = (Some(0), Some(1), 2);
    h.state_mut().push(Command::SetMatchSetup(Box::new(setup)));
    settle(&mut h);
    h.get_by_label("▶ Play match").click();
    let start = Instant::now();
    while h.state().session().match_result.is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the match did not end"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    settle(&mut h);
    assert!(h.query_by_label_contains("Stale:").is_none());
    // Row 1 becomes Minimax; nothing runs again.
    h.state_mut()
        .push(Command::SetRowAlgorithm(0, Algorithm::Minimax));
    settle(&mut h);
    check_result_views(&mut h, "negaalpha", "minimax");
    open_tab(&mut h, ResultsTab::Match);
    h.get_by_label_contains("Stale: this match was played by A = negaalpha@3");
    open_tab(&mut h, ResultsTab::Tree);
    h.get_by_label_contains(
        "Stale: these trees were built with row 1: negaalpha at depth 2; chosen now: row 1: minimax at depth 2",
    );
    // The pane still names what ran.
    h.get_by_label_contains("negaalpha at depth 2:");
    assert!(h.query_by_label_contains("minimax at depth 2:").is_none());
    // A saved session opened again says the same.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("changed.ron");
    h.state().session().save(&path).unwrap();
    let mut again = common::harness_with_session(&path, [1280.0, 800.0]);
    settle(&mut again);
    check_result_views(&mut again, "negaalpha", "minimax");
}

#[test]
fn a_changed_option_evaluator_or_thread_count_marks_its_results_stale() {
    // An option.
    let mut h = run_two_rows("Tic-tac-toe", "negaalpha", 3);
    let mut options = h.state().session().rows[0].options.clone();
    options.ordering = parse_row_spec("negaalpha+order=static", &SearchOptions::default())
        .unwrap()
        .options
        .ordering;
    h.state_mut().push(Command::SetRowOptions(0, options));
    settle(&mut h);
    check_result_views(&mut h, "negaalpha", "negaalpha+order=static");
    // The evaluator.
    let mut h = run_two_rows("Othello", "negaalpha", 2);
    h.state_mut()
        .push(Command::SetRowEvaluator(0, "discs".into()));
    settle(&mut h);
    check_result_views(&mut h, "negaalpha", "negaalpha [eval discs]");
    // The threads of a parallel row.
    let mut h = run_two_rows("Tic-tac-toe", "pvs-root+threads=2", 3);
    let mut options = h.state().session().rows[0].options.clone();
    options.threads = 3;
    h.state_mut().push(Command::SetRowOptions(0, options));
    settle(&mut h);
    check_result_views(&mut h, "pvs-root+threads=2", "pvs-root+threads=3");
}

#[test]
fn a_row_changed_and_run_again_shows_only_what_it_is_now() {
    let mut h = run_two_rows("Tic-tac-toe", "negaalpha", 3);
    h.state_mut()
        .push(Command::SetRowAlgorithm(0, Algorithm::Minimax));
    settle(&mut h);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(120));
    // Every depth was searched again: the old results were replaced, none is stale.
    let s = h.state().session().clone();
    assert!(s.results.iter().all(|r| r.label == s.rows[r.row].label()));
    open_tab(&mut h, ResultsTab::Articles);
    h.get_by_label("1:\u{a0}minimax");
    assert!(h.query_by_label_contains("(stale)").is_none());
    // A row whose label is back to what ran is not stale.
    let rows: Vec<ComparisonRow> = s.rows.clone();
    let report = Report::new(&s.results, &rows, None);
    assert!(!report.has_stale());
}
