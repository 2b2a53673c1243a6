//! After a Stop part way through a suite, the totals are over the positions every row
//! finished and say which; the figures across positions say over how many; a partial
//! point on a chart says whether it is a depth or a position.

mod common;

use std::time::Duration;

use common::{harness, harness_with_session, settle, wait_for_run};
use egui_kittest::kittest::Queryable;
use treelab::app::Command;
use treelab::session::ResultsTab;

/// Two rows at depths 1-2 over the whole of FFO #40-#59, with the baseline on row 1,
/// saved with the results of #50-#59 taken out and #50's first search marked stopped,
/// as a Stop after #49 leaves them.
fn stopped_session(dir: &std::path::Path) -> (std::path::PathBuf, u64) {
    let mut h = harness();
    settle(&mut h);
    for row in 0..2 {
        h.state_mut().push(Command::SetRowDepths(row, 1, 2));
    }
    h.state_mut().push(Command::SetRunOnSuite(true));
    settle(&mut h);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(120));
    let mut session = h.state().session().clone();
    assert_eq!(session.results.len(), 20 * 2 * 2);
    let late = |name: &str| name[1..].parse::<u32>().unwrap() >= 50;
    let mut kept_one = false;
    session.results.retain_mut(|r| {
        if !late(&r.position) {
            return true;
        }
        // #50 at depth 1 by row 1: a stopped search, partial.
        if r.position == "#50" && r.row == 0 && r.depth == 1 && !kept_one {
            kept_one = true;
            r.record.stopped = Some(treelab::search::StopReason::Stopped);
            return true;
        }
        false
    });
    session.view.baseline_row = Some(0);
    session.view.tab = ResultsTab::Articles;
    let expected: u64 = session
        .results
        .iter()
        .filter(|r| r.row == 1 && r.depth == 2)
        .map(|r| r.record.counters.nodes())
        .sum();
    let path = dir.join("stopped.ron");
    session.save(&path).unwrap();
    (path, expected)
}

#[test]
fn totals_after_a_stop_are_over_the_positions_every_row_finished() {
    let dir = tempfile::tempdir().unwrap();
    let (path, row2_depth2) = stopped_session(dir.path());
    let mut h = harness_with_session(&path, [1280.0, 800.0]);
    settle(&mut h);
    h.get_by_label_contains(
        "Totals over depths 1-2: 10 of 20 positions (#40-#49); at each depth the positions every row finished there",
    );
    // Row 2's total at depth 2 is the sum over #40-#49, shown whole.
    h.get_by_label(&row2_depth2.to_string());
    h.get_by_label_contains("Ratio to row 1 (the totals above, over 10 positions)");
    h.get_by_label_contains(
        "against row 1: geometric mean of the ratios (95% interval), over 10 positions",
    );
    h.get_by_label_contains("Wilcoxon signed-rank p, over 10 positions");
    // The charts say the same.
    h.get_by_label("Charts").click();
    settle(&mut h);
    h.get_by_label_contains("depths 1-2: 10 of 20 positions (#40-#49)");
}

#[test]
fn a_partial_point_names_its_depth_or_its_position() {
    use treelab::engine::GameKind;
    use treelab::report::Report;
    use treelab::session::PositionKey;
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = stopped_session(dir.path());
    let session = treelab::session::Session::load(&path).unwrap();
    let report = Report::over(&session.results, &session.rows, Some(0), None);
    let texts: Vec<String> = session
        .suite
        .as_ref()
        .unwrap()
        .suite
        .items
        .iter()
        .map(|i| i.position.to_text())
        .collect();
    let keys: Vec<PositionKey<'_>> = texts
        .iter()
        .map(|t| PositionKey {
            game: GameKind::Othello,
            text: t,
        })
        .collect();
    let names: Vec<String> = (40..60).map(|k| format!("#{k}")).collect();
    // Over #40-#50: #50 has row 1 at depth 1 only, stopped.
    let with_50 = &keys[..11];
    let by_depth = std::collections::BTreeMap::from([(1, with_50.to_vec()), (2, with_50.to_vec())]);
    let depth = report.depth_series(&by_depth, treelab::engine::count::CountKind::Nodes);
    assert!(depth.is_empty() || depth.iter().all(|s| !s.legend().contains("partial at 1)")));
    let ratio = report.ratio_series(with_50, &names, 1, treelab::engine::count::CountKind::Nodes);
    assert!(
        ratio
            .iter()
            .any(|s| s.legend().ends_with("(* partial at #50)")),
        "{:?}",
        ratio.iter().map(|s| s.legend()).collect::<Vec<_>>()
    );
}

/// Runs NegaAlpha and NegaScout at depths 1-7 over FFO #40-#59 and presses Stop once
/// `after` searches have finished: the app has taken them shallowest depth first, so
/// whatever was finished is there to read, each depth's totals over the positions every
/// row finished at that depth (and equal to the sum of those positions' counts), and no
/// depth column is missing between two that are shown.
fn stop_after(after: usize) {
    use treelab::engine::count::CountKind;
    use treelab::report::Report;
    let mut h = harness();
    // Each search takes a few milliseconds more than it needs, so that the Stop comes
    // while the run is where the test asks (the counts are the engine's).
    let engine = treelab::runner::engine_search();
    h.state_mut().set_search_fn(std::sync::Arc::new(
        move |job: &treelab::runner::Job, control| {
            std::thread::sleep(Duration::from_millis(3));
            engine(job, control)
        },
    ));
    settle(&mut h);
    for row in 0..2 {
        h.state_mut().push(Command::SetRowDepths(row, 1, 7));
    }
    h.state_mut().push(Command::SetRunOnSuite(true));
    settle(&mut h);
    h.get_by_label("▶ Run (F5)").click();
    h.step();
    assert!(h.state().is_running());
    let start = std::time::Instant::now();
    while h.state().session().results.len() < after && h.state().is_running() {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no results came"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    h.state_mut().push(Command::StopRun);
    wait_for_run(&mut h, Duration::from_secs(60));
    let session = h.state().session().clone();
    assert!(
        session.results.iter().filter(|r| r.is_complete()).count() < 20 * 2 * 7,
        "the run ended before the Stop"
    );
    // Shallowest first: no search of a depth finished while one of a shallower depth
    // had not started (the two workers may each hold one search of the depth before).
    let done = |d: u32| {
        session
            .results
            .iter()
            .filter(|r| r.depth == d && r.is_complete())
            .count()
    };
    let deepest = session.results.iter().map(|r| r.depth).max().unwrap_or(0);
    for d in 1..deepest {
        assert!(
            done(d) + 2 >= 40,
            "after {after} results, depth {d} has {} of 40 finished while depth {deepest} was searched",
            done(d)
        );
    }
    h.get_by_label("Article layout").click();
    settle(&mut h);
    assert!(
        h.query_by_label_contains("Totals over none").is_none(),
        "a Stop after {after} searches left nothing to read"
    );
    h.get_by_label_contains("Totals over depth");
    // Each depth's totals are over its own finished positions, and are their sums.
    let report = Report::new(&session.results, &session.rows, None);
    let positions = report.positions();
    let by_depth = report.finished_by_depth(&positions);
    let totals = report.totals_by_depth(&by_depth, CountKind::Nodes);
    assert!(
        !totals.is_empty(),
        "after {after} searches there are totals"
    );
    for ((row, depth), t) in &totals {
        let sum: u64 = session
            .results
            .iter()
            .filter(|r| r.row == *row && r.depth == *depth)
            .filter(|r| by_depth[depth].contains(&r.key()))
            .map(|r| r.record.counters.nodes())
            .sum();
        assert_eq!(t.value, sum);
        assert!(!t.partial);
    }
    // The depth columns run without a gap from the shallowest shown to the deepest.
    let depths = report.depths();
    assert!(depths.windows(2).all(|w| w[1] == w[0] + 1), "{depths:?}");
    for d in &depths {
        assert!(
            h.query_all_by_label(&format!("d{d}")).next().is_some(),
            "no column d{d}"
        );
    }
}

#[test]
fn a_stop_at_any_point_leaves_figures_to_read() {
    for after in [3, 41, 100] {
        stop_after(after);
    }
}
