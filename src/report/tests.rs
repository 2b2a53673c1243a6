//! Tests of the report: disagreements, ratios, totals, partial marks, chart series.

use super::*;
use crate::engine::GameKind;
use crate::engine::SearchRecord;
use crate::search::{Algorithm, Counter, Counters};

fn entry(row: usize, pos: &str, depth: u32, score: i32, nodes: u64) -> ResultEntry {
    let mut record = SearchRecord {
        score: Some(score),
        ..SearchRecord::default()
    };
    record.counters = Counters::reported(&[(Counter::Nodes, nodes)], 0.0);
    ResultEntry {
        row,
        game: GameKind::TicTacToe,
        position_text: pos.into(),
        depth,
        record,
        ..ResultEntry::default()
    }
}

/// The set of tic-tac-toe positions `texts`, in that order.
fn set_of(texts: &[&str]) -> PositionSet {
    PositionSet {
        positions: texts
            .iter()
            .map(|t| crate::session::PositionInSet {
                game: GameKind::TicTacToe,
                text: (*t).to_string(),
                label: (*t).to_string(),
            })
            .collect(),
        description: "a test set".into(),
    }
}

#[test]
fn disagreement_ratio_totals_and_sort() {
    let rows = vec![
        ComparisonRow::new(Algorithm::NegaAlpha),
        ComparisonRow::new(Algorithm::Scout),
    ];
    let results = vec![
        entry(0, "a", 2, 5, 100),
        entry(1, "a", 2, 5, 50),
        entry(0, "b", 2, 3, 40),
        entry(1, "b", 2, 4, 80),
    ];
    let r = Report::new(&results, &rows, Some(0));
    assert_eq!(r.disagreements(), vec![false, false, true, true]);
    assert_eq!(r.ratio(&results[1]).map(|q| q.value), Some(0.5));
    assert_eq!(r.ratio(&results[3]).map(|q| q.value), Some(2.0));
    let totals = r.totals(&r.positions(), CountKind::Nodes);
    let complete = |value| {
        Some(Tally {
            value,
            partial: false,
        })
    };
    assert_eq!(totals.get(&(0, 2)).copied(), complete(140));
    assert_eq!(totals.get(&(1, 2)).copied(), complete(130));
    let only_b = Report::over(&results, &rows, Some(0), Some(&set_of(&["b"])));
    assert_eq!(only_b.lines(None), vec![2, 3]);
    assert_eq!(r.lines(Some((Column::NODES, true))), vec![2, 1, 3, 0]);
    assert_eq!(r.lines(Some((Column::NODES, false))), vec![0, 3, 1, 2]);
    let csv = r.csv(&[0]);
    assert_eq!(csv.lines().count(), 2);
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .starts_with("1,negaalpha,tictactoe a,2,5,")
    );
    assert!(csv.lines().nth(1).unwrap().ends_with(",tictactoe,a"));
    let md = r.markdown(&[0, 1], &Column::all());
    assert_eq!(md.lines().count(), 4);
    // A stopped result neither disagrees nor counts as complete.
    let mut stopped = results.clone();
    stopped[3].record.stopped = Some(crate::search::StopReason::Stopped);
    let r2 = Report::new(&stopped, &rows, Some(0));
    assert_eq!(r2.disagreements(), vec![false; 4]);
    assert!(r2.status(&stopped[3]).contains("stopped"));
    let mut failed = results.clone();
    failed[0].error = Some("boom".into());
    let r3 = Report::new(&failed, &rows, Some(0));
    assert_eq!(r3.cell(&failed[0], Column::Status), "failed: boom");
    assert_eq!(r3.cell(&failed[0], Column::NODES), "");
    let series = r.depth_series(&r.finished_by_depth(&r.positions()), CountKind::Nodes);
    assert_eq!(series.len(), 2);
    assert_eq!(series[0].points, vec![(2.0, 140.0)]);
    let ratios = r.ratio_series(&r.positions(), &[], 2, CountKind::Nodes);
    assert_eq!(ratios[1].points, vec![(1.0, 0.5), (2.0, 2.0)]);
}

#[test]
fn stopped_and_failed_searches_mark_every_count_they_enter() {
    let rows = vec![
        ComparisonRow::new(Algorithm::NegaAlpha),
        ComparisonRow::new(Algorithm::Scout),
    ];
    let mut results = vec![
        entry(0, "a", 2, 5, 100),
        entry(1, "a", 2, 5, 50),
        entry(0, "b", 2, 3, 40),
        entry(1, "b", 2, 3, 80),
    ];
    results[3].record.stopped = Some(crate::search::StopReason::Stopped);
    let r = Report::new(&results, &rows, Some(0));
    // The stopped cell's own ratio, its row's total and the total's ratio are marked.
    let q = r.ratio(&results[3]).expect("a ratio");
    assert!(q.partial);
    assert_eq!(r.cell(&results[3], Column::Ratio), "2.000*");
    assert_eq!(r.cell(&results[1], Column::Ratio), "0.500");
    let totals = r.totals(&r.positions(), CountKind::Nodes);
    assert_eq!(totals[&(0, 2)].text(), "140");
    assert_eq!(totals[&(1, 2)].text(), "130*");
    let ratio = Ratio::of(totals[&(1, 2)], totals[&(0, 2)]).expect("a ratio");
    assert!(ratio.partial);
    assert_eq!(ratio.text(2), "0.93*");
    assert_eq!(
        r.count(1, results[3].key(), 2, CountKind::Nodes)
            .map(Tally::text)
            .as_deref(),
        Some("80*")
    );
    // Charts: the partial point is flagged and named in the legend (a depth over
    // every position, the stopped one too).
    let every = BTreeMap::from([(2, r.positions())]);
    let series = r.depth_series(&every, CountKind::Nodes);
    assert_eq!(series[0].partial, vec![false]);
    assert_eq!(series[1].partial, vec![true]);
    assert_eq!(series[1].legend(), "2: scout (* partial at depth 2)");
    let ratios = r.ratio_series(&r.positions(), &[], 2, CountKind::Nodes);
    assert_eq!(ratios[1].partial, vec![false, true]);
    let chart = to_line_chart("t", "depth", "nodes", &series);
    assert!(chart.series[1].name.contains("partial"));
    // Exports: the Markdown table ends with the note, and the baseline's own
    // partial cell marks every ratio against it.
    assert!(
        r.markdown(&r.lines(None), &Column::all())
            .contains(PARTIAL_NOTE)
    );
    assert!(!r.markdown(&[0, 1], &Column::all()).contains(PARTIAL_NOTE));
    let mut base_stopped = results.clone();
    base_stopped[2].record.stopped = Some(crate::search::StopReason::Stopped);
    base_stopped[3].record.stopped = None;
    let r2 = Report::new(&base_stopped, &rows, Some(0));
    assert!(r2.cell(&base_stopped[3], Column::Ratio).ends_with('*'));
    // A failed search counts as nothing, and its total says so.
    let mut failed = results.clone();
    failed[3].record.stopped = None;
    failed[3].error = Some("boom".into());
    let r3 = Report::new(&failed, &rows, Some(0));
    let totals = r3.totals(&r3.positions(), CountKind::Nodes);
    assert_eq!(totals[&(1, 2)].text(), "50*");
    assert_eq!(r3.cell(&failed[3], Column::Ratio), "");
}

#[test]
fn uniform_references_match_knuth_moore() {
    let refs = uniform_tree_references(8, 6, CountKind::Leaves);
    assert_eq!(refs[0].points[5], (6.0, 262_144.0));
    assert_eq!(refs[1].points[5].1, 1023.0);
    assert_eq!(
        refs[1].points[5].1,
        crate::game::random_tree::knuth_moore_minimal_leaves(8, 6).unwrap() as f64
    );
    let nodes = uniform_tree_references(3, 2, CountKind::Nodes);
    // 1 + 3 + 9 for the full tree, 1 + 3 + 5 for the minimal one.
    assert_eq!(nodes[0].points[1].1, 13.0);
    assert_eq!(nodes[1].points[1].1, 9.0);
    let chart = to_line_chart("t", "depth", "leaves", &refs);
    assert_eq!(chart.x_ticks.len(), 6);
    assert_eq!(chart.series[1].values[5], Some(1023.0));
    let svg = chart.to_svg();
    assert!(svg.starts_with("<svg"));
    assert_eq!(svg.matches("<path").count(), 2, "a line per series");
}

#[test]
fn positions_are_told_apart_by_game_and_text_and_counted_once() {
    let rows = vec![
        ComparisonRow::new(Algorithm::NegaAlpha),
        ComparisonRow::new(Algorithm::Scout),
    ];
    // The same text in two games is two positions; a position searched twice (as
    // the current position and as a suite entry) is one.
    let mut other_game = entry(0, "a", 2, 7, 1000);
    other_game.game = GameKind::Connect4;
    let mut as_suite_entry = entry(1, "a", 2, 5, 60);
    as_suite_entry.position = "#1".into();
    as_suite_entry.suite = Some("some.ttt".into());
    as_suite_entry.suite_index = Some(0);
    let results = vec![
        entry(0, "a", 2, 5, 100),
        entry(1, "a", 2, 5, 50),
        entry(0, "b", 2, 3, 40),
        other_game,
        as_suite_entry,
    ];
    let all = Report::new(&results, &rows, Some(0));
    assert_eq!(all.positions().len(), 3);
    // No disagreement across games: Connect Four's 7 is of another position.
    assert_eq!(all.disagreements(), vec![false; 5]);
    let set = set_of(&["a", "b", "a"]);
    let r = Report::over(&results, &rows, Some(0), Some(&set));
    // Connect Four's result is not in the tic-tac-toe set.
    assert_eq!(r.lines(None), vec![0, 1, 2, 4]);
    let totals = r.totals(&set.keys(), CountKind::Nodes);
    // Row 0 has both positions, each once: 100 + 40 (the set lists "a" twice).
    assert_eq!(totals[&(0, 2)].value, 140);
    // Row 1 lacks "b": no total that would compare with row 0's.
    assert!(!totals.contains_key(&(1, 2)));
    // The ratio is against the baseline at the same position: the later result of
    // row 1 at "a" (60, the suite entry) replaced nothing and stands beside it.
    assert_eq!(r.ratio(&results[1]).map(|q| q.value), Some(0.5));
    assert_eq!(r.cell(&results[4], Column::Position), "#1");
    assert_eq!(r.cell(&results[0], Column::Position), "tictactoe a");
}

#[test]
fn an_estimate_is_marked_and_never_disagrees_with_a_score() {
    let rows = vec![
        ComparisonRow::new(Algorithm::NegaAlpha),
        ComparisonRow::new(Algorithm::Mcts),
    ];
    let mut sampled = entry(1, "a", 9, 0, 500);
    sampled.record.score = None;
    sampled.record.estimate = Some(crate::search::Estimate {
        mean: 0.25,
        visits: 120,
        iterations: 200,
        proven: None,
    });
    let results = vec![entry(0, "a", 9, 1, 100), sampled];
    let r = Report::new(&results, &rows, None);
    assert_eq!(r.disagreements(), vec![false, false]);
    assert_eq!(r.cell(&results[0], Column::Score), "1");
    assert_eq!(r.cell(&results[1], Column::Score), "≈+0.250 (120 visits)");
    let md = r.markdown(&r.lines(None), &[Column::Row, Column::Score]);
    assert!(md.contains("≈+0.250 (120 visits)"), "{md}");
}

#[test]
fn a_proven_outcome_reads_as_an_outcome_and_a_proven_score_as_a_score() {
    let rows = vec![
        ComparisonRow::new(Algorithm::NegaAlpha),
        ComparisonRow::new(Algorithm::MctsSolver),
    ];
    let proof = |proven| crate::search::Estimate {
        mean: 0.5,
        visits: 40,
        iterations: 90,
        proven: Some(proven),
    };
    // Native scoring: the score counts plies, the proof knows only the outcome.
    let mut outcome = entry(1, "a", 9, 0, 500);
    outcome.record.score = None;
    outcome.record.estimate = Some(proof(1));
    // Win-loss scoring at another position: the proof is the score, and is compared.
    let mut scored = entry(1, "b", 9, 0, 500);
    scored.record.score = Some(0);
    scored.record.estimate = Some(proof(0));
    let results = vec![
        entry(0, "a", 9, 7, 100),
        outcome,
        entry(0, "b", 9, 1, 100),
        scored,
    ];
    let r = Report::new(&results, &rows, None);
    assert_eq!(r.cell(&results[1], Column::Score), "win proven");
    assert_eq!(r.cell(&results[3], Column::Score), "0");
    assert_eq!(r.disagreements(), vec![false, false, true, true]);
    // Beside two scores that differ, the outcome is not marked: only scores disagree.
    let mut results = results;
    results.push(entry(0, "a", 9, 5, 100));
    let r = Report::new(&results, &rows, None);
    assert_eq!(r.disagreements(), vec![true, false, true, true, true]);
}

/// Durations are written in the unit they need, to three figures.
#[test]
fn durations_are_written_in_the_unit_they_need() {
    let cases = [
        (0.0, "0 µs"),
        (0.000_085, "85 µs"),
        (0.000_999_4, "999 µs"),
        (0.000_999_6, "1.00 ms"),
        (0.012_34, "12.3 ms"),
        (0.123_4, "123 ms"),
        (1.236, "1.24 s"),
        (12.34, "12.3 s"),
        (125.0, "125 s"),
    ];
    for (secs, text) in cases {
        assert_eq!(duration_text(secs), text, "{secs}");
    }
}

/// The table and the Markdown write a fast search's time in µs or ms, not `0.000`;
/// the CSV keeps seconds to the millisecond under `Time (s)`, as programs read it.
#[test]
fn time_is_readable_on_screen_and_seconds_in_the_csv() {
    let rows = vec![ComparisonRow::new(Algorithm::NegaAlpha)];
    let mut results = vec![entry(0, "a", 2, 5, 100), entry(0, "b", 2, 5, 100)];
    results[0].record.counters = results[0].record.counters.with_time(0.000_085);
    results[1].record.counters = results[1].record.counters.with_time(1.236);
    let r = Report::new(&results, &rows, None);
    assert_eq!(r.cell(&results[0], Column::Time), "85 µs");
    assert_eq!(r.cell(&results[1], Column::Time), "1.24 s");
    let md = r.markdown(&[0, 1], &[Column::Position, Column::Time]);
    assert!(md.starts_with("| Position | Time |"), "{md}");
    assert!(
        md.contains("| 85 µs |") && md.contains("| 1.24 s |"),
        "{md}"
    );
    let csv = r.csv(&[0, 1]);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = header.iter().position(|t| *t == "Time (s)").expect("{csv}");
    let times: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(at).unwrap())
        .collect();
    assert_eq!(times, ["0.000", "1.236"]);
}

#[test]
fn speedup_lines_group_parallel_rows_by_what_they_are_but_their_threads() {
    let row = |a: Algorithm, threads: u32| {
        let mut r = ComparisonRow::new(a);
        r.options.threads = threads;
        r
    };
    let rows = vec![
        row(Algorithm::Pvs, 1),
        row(Algorithm::Ybwc, 4),
        row(Algorithm::Ybwc, 2),
        row(Algorithm::LazySmp, 2),
    ];
    // Seconds per row and position: the baseline 8 + 4, YBWC on 4 threads 2 + 1, on 2
    // threads 4 + 2, Lazy SMP 8 + 8 (slower than one thread).
    let secs = [[8.0, 4.0], [2.0, 1.0], [4.0, 2.0], [8.0, 8.0]];
    let mut results = Vec::new();
    for (r, s) in secs.iter().enumerate() {
        for (p, pos) in ["a", "b"].iter().enumerate() {
            let mut e = entry(r, pos, 6, 0, 10);
            e.record.counters = e.record.counters.with_time(s[p]);
            results.push(e);
        }
    }
    let report = Report::new(&results, &rows, Some(0));
    let (lines, depth) = report.speedup_series(&report.finished_by_depth(&report.positions()));
    assert_eq!(depth, 6);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].name, "2: YBWC");
    assert_eq!(lines[0].points, vec![(1.0, 1.0), (2.0, 2.0), (4.0, 4.0)]);
    assert_eq!(lines[1].name, "4: Lazy SMP");
    assert_eq!(lines[1].points, vec![(1.0, 1.0), (2.0, 0.75)]);
    // Without a baseline, or without a row on several threads: no lines.
    assert!(
        Report::new(&results, &rows, None)
            .speedup_series(&report.finished_by_depth(&report.positions()))
            .0
            .is_empty()
    );
    let serial = vec![row(Algorithm::Pvs, 1), row(Algorithm::NegaAlpha, 1)];
    let r = Report::new(&results[..4], &serial, Some(0));
    assert!(
        r.speedup_series(&r.finished_by_depth(&r.positions()))
            .0
            .is_empty()
    );
}

#[test]
fn rows_of_another_evaluator_or_scoring_may_score_otherwise() {
    let labelled = |row: usize, label: &str, score: i32| ResultEntry {
        label: label.into(),
        ..entry(row, "a", 8, score, 10)
    };
    let results = vec![
        labelled(0, "pvs+tt=16+id [eval net]", 68),
        labelled(1, "pvs+tt=16+id", 18),
        labelled(2, "negaalpha+scoring=win-loss", 1),
        labelled(3, "negaalpha", 18),
        labelled(4, "alphabeta [eval net]", 70),
    ];
    let r = Report::new(&results, &[], None);
    // The two network rows disagree with each other, and with no one else.
    assert_eq!(r.disagreements(), vec![true, false, false, false, true]);
    assert_eq!(r.scores_at(&results[0]), vec![(0, 68), (4, 70)]);
    assert_eq!(r.scores_at(&results[1]), vec![(1, 18), (3, 18)]);
}
