//! What the browser build showed wrong that the native app shares (issue 63's items 8
//! and 9), checked natively: a coarse clock's times and rates, the position's text
//! form whole at the window's sizes, a handout of one exercise and its row that Run
//! takes, a new run's results in its plan's order. What only a page shows (a link's
//! question, the page following its address, the restored session's name, File
//! without Quit, the clock of a real browser) is checked in headless Chromium
//! (`tests/web/browser.mjs`).

use egui_kittest::kittest::Queryable;
use treelab::app::{Command, TreelabApp};
use treelab::report::{rate_known, time_text};

mod common;
use common::{harness_with_session, settle, treelab, wait_for_run};

/// A browser's clock moves in steps of 0.1 ms (Chromium) or 1 ms: a search shorter
/// than a step reads "< 0.1 ms", a time shows no digit finer than the step, and the
/// nodes per second are left out until a search lasts ten steps. The native clock's
/// steps are far below a microsecond: its times read as before.
#[test]
fn a_coarse_clock_says_what_it_cannot_measure() {
    let chromium = 1e-4;
    let whole_ms = 1e-3;
    let native = treelab::platform::clock::resolution().as_secs_f64();
    assert_eq!(time_text(0.0, chromium), "< 0.1 ms");
    assert_eq!(time_text(0.0, whole_ms), "< 1 ms");
    assert_eq!(time_text(0.001, whole_ms), "1 ms", "not 1.00 ms");
    assert_eq!(time_text(0.0012, chromium), "1.2 ms");
    assert_eq!(time_text(0.0123, chromium), "12.3 ms");
    assert_eq!(time_text(0.0003, chromium), "0.3 ms");
    assert_eq!(time_text(1.236, chromium), "1.24 s");
    assert_eq!(time_text(0.000_085, native), "85 µs");
    assert_eq!(time_text(0.001_236, native), "1.24 ms");
    // 2,692,000 n/s from one tick of a millisecond clock: left out.
    assert!(!rate_known(0.001, whole_ms));
    assert!(!rate_known(0.0, chromium));
    assert!(rate_known(0.001, chromium));
    assert!(rate_known(0.000_085, native));
}

/// A result keeps the step of the clock that timed it: one timed in a browser (0.1 ms)
/// reads "< 0.1 ms" with no rate wherever it is shown, a native one (a fine clock,
/// kept as 0) as before; the step goes through a session file and back.
#[test]
fn a_result_keeps_its_clocks_step() {
    use treelab::engine::{AnyPosition, GameKind, SearchRecord};
    use treelab::report::{Column, Report};
    use treelab::runner::{RunPosition, plan_jobs, result_entry};
    use treelab::search::Algorithm;
    use treelab::session::{ComparisonRow, Session};
    let rows = vec![ComparisonRow {
        depth_min: 1,
        depth_max: 2,
        ..ComparisonRow::new(Algorithm::AlphaBeta)
    }];
    let at = [RunPosition::plain(AnyPosition::start(GameKind::TicTacToe))];
    let jobs = plan_jobs(&rows, &at).unwrap();
    let native = common::run_text(GameKind::TicTacToe, "", &jobs[0].request);
    assert_eq!(native.clock_step_secs, 0.0, "the native clock is fine");
    let mut browser = SearchRecord {
        clock_step_secs: 1e-4,
        ..native.clone()
    };
    browser.counters = browser.counters.without_time();
    let mut fast = native;
    fast.counters = fast.counters.with_time(0.000_085);
    let mut session = Session {
        rows,
        results: vec![
            result_entry(&jobs[0], Ok(browser)),
            result_entry(&jobs[1], Ok(fast)),
        ],
        ..Session::default()
    };
    let text = session.to_ron().unwrap();
    session = Session::from_ron(&text).unwrap();
    assert_eq!(session.results[0].record.clock_step_secs, 1e-4);
    let report = Report::new(&session.results, &session.rows, None);
    assert_eq!(report.cell(&session.results[0], Column::Time), "< 0.1 ms");
    assert_eq!(report.cell(&session.results[0], Column::NodesPerSec), "");
    assert_eq!(report.cell(&session.results[1], Column::Time), "85 µs");
    assert!(
        !report
            .cell(&session.results[1], Column::NodesPerSec)
            .is_empty()
    );
}

/// The text form of FFO #40 (67 characters of OBF) under the board: shown whole,
/// wrapped inside the left panel (never cut in the middle of a character at the
/// panel's edge) at 1024x700 and 1280x800.
#[test]
fn the_text_form_is_shown_whole_inside_the_panel() {
    let app = TreelabApp::new_for_tests();
    let text = app.position_text();
    assert!(text.len() > 60, "an OBF line: {text}");
    for size in [[1024.0, 700.0], [1280.0, 800.0]] {
        let mut h = egui_kittest::Harness::builder()
            .with_size(size)
            .build_ui_state(
                |ui, app: &mut TreelabApp| app.frame_ui(ui),
                TreelabApp::new_for_tests(),
            );
        settle(&mut h);
        let shown = h.get_by_label(&text).rect();
        // The paste box under it: one line of text.
        let line = h.get_by_label("Paste:").rect().height();
        // The comparison's panel begins right of the board's.
        let central = h
            .query_all_by_label("Comparison")
            .map(|n| n.rect().left())
            .fold(f32::INFINITY, f32::min);
        assert!(
            shown.right() < central,
            "at {size:?} the text form ({shown:?}) runs past the board's panel (the comparison at {central})",
        );
        assert!(
            shown.height() > 1.2 * line,
            "at {size:?} the text form wraps onto a second line ({shown:?}; a line {line})"
        );
    }
}

/// Writes the session `treelab exercise` makes of one exercise (`--session`, and the
/// one its `--link` holds) into `dir`.
fn one_exercise(dir: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let file = dir.join("one.ron");
    let f = file.to_str().unwrap();
    let (ok, _, err) = treelab(&["exercise", "--count", "1", "--seed", "3", "--session", f]);
    assert!(ok, "{err}");
    let (ok, out, err) = treelab(&["exercise", "--count", "1", "--seed", "3", "--link"]);
    assert!(ok, "{err}");
    let linked = dir.join("linked.ron");
    let (ok, _, err) = treelab(&[
        "session",
        "from-link",
        out.trim(),
        "-o",
        linked.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    (file, linked)
}

/// A handout of one exercise says "1 exercise", and its row searches the tree at the
/// depth that reaches its leaves only: Run takes the whole row (no "(!)" on it, as
/// when its depths began at 1 on a tree whose inner nodes carry no value).
#[test]
fn an_exercise_session_runs_whole_and_counts_in_the_singular() {
    let dir = tempfile::tempdir().unwrap();
    let (file, linked) = one_exercise(dir.path());
    for path in [file, linked] {
        let mut h = harness_with_session(&path, [1280.0, 800.0]);
        settle(&mut h);
        assert!(
            h.query_by_label("Handout: 1 exercise").is_some(),
            "{}: the handout's title",
            path.display()
        );
        let marked: Vec<_> = h.query_all_by_label_contains("(!)").collect();
        assert!(
            marked.is_empty(),
            "{}: a row marked refused",
            path.display()
        );
        let row = &h.state().session().rows[0];
        assert_eq!(row.depth_min, row.depth_max, "{}", path.display());
        h.state_mut().push(Command::RunComparison);
        h.step();
        wait_for_run(&mut h, std::time::Duration::from_secs(60));
        let results = &h.state().session().results;
        assert_eq!(results.len(), 1, "{}", path.display());
        assert!(results[0].is_complete(), "{}", path.display());
    }
}

/// A run at depths 1-2 after a run at depths 3-4: the new results sit first, in the
/// plan's order (row 1's depths 1 and 2, then row 2's), and the older depths 3 and 4
/// after them, not above depth 1.
#[test]
fn a_new_runs_results_sit_first_in_plan_order() {
    let mut h = egui_kittest::Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(
            |ui, app: &mut TreelabApp| app.frame_ui(ui),
            TreelabApp::new_for_tests(),
        );
    settle(&mut h);
    let limit = std::time::Duration::from_secs(60);
    for (lo, hi) in [(3, 4), (1, 2)] {
        for row in 0..2 {
            h.state_mut().push(Command::SetRowDepths(row, lo, hi));
        }
        h.state_mut().push(Command::RunComparison);
        h.step();
        wait_for_run(&mut h, limit);
    }
    let order: Vec<(usize, u32)> = h
        .state()
        .session()
        .results
        .iter()
        .map(|r| (r.row, r.depth))
        .collect();
    assert_eq!(
        order,
        vec![
            (0, 1),
            (0, 2),
            (1, 1),
            (1, 2),
            (0, 3),
            (0, 4),
            (1, 3),
            (1, 4)
        ]
    );
}
