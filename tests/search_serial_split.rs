//! Threads lent to a search that keeps the serial counts (`serial_split`): with 1, 3
//! and 7 lent threads, NegaAlpha (fail-hard, fail-soft, Pons' soft cutoffs), NegaScout
//! and the null-window drivers on NegaAlpha without a table give the serial search's
//! result node for node (value, move, line, every counter, every iteration) on FFO
//! positions, Connect Four, tic-tac-toe and random trees; the lent threads were used;
//! searches that cannot keep their counts (a table, killers, history, a budget, a
//! trace) leave them be; Stop ends a lent search; a panic in a lent thread fails the
//! search; and a grid on more workers than cells gives the serial grid's counts.

mod common;
use common::{FailsOffTheCallersThread, row_request as row, suite_positions as positions};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use treelab::engine::rowspec::parse_row_spec;
use treelab::engine::{AnyPosition, GameKind, SearchRecord, run_search};
use treelab::search::slots::Threads;
use treelab::search::{SearchControl, SearchOptions, StopReason};

/// `free` lent threads, all free.
fn lent(free: usize) -> Arc<Threads> {
    let t = Arc::new(Threads::lent(free));
    // Every lent thread is ready for work before the search starts.
    while t.free_now() < free as i64 {
        std::thread::yield_now();
    }
    t
}

fn search(pos: &AnyPosition, spec: &str, depth: u32, lend: Option<Arc<Threads>>) -> SearchRecord {
    let control = SearchControl {
        lend,
        ..SearchControl::default()
    };
    run_search(pos, &row(spec, depth), control).expect("search runs")
}

/// A record with its times taken out: what must not change with the threads.
fn timeless(mut r: SearchRecord) -> SearchRecord {
    r.counters = r.counters.without_time();
    for it in &mut r.iterations {
        it.elapsed_secs = 0.0;
    }
    r
}

#[test]
fn lent_threads_keep_every_count_of_the_serial_search() {
    let sets: Vec<(Vec<AnyPosition>, Vec<u32>)> = vec![
        (positions("fforum-40-59.obf", 8), vec![5, 7]),
        (positions("Test_L3_R1", 8), vec![8]),
        (
            ["", "X...O....", "XO..X...."]
                .iter()
                .map(|t| AnyPosition::parse(GameKind::TicTacToe, t).expect("board"))
                .collect(),
            vec![9],
        ),
        (
            (1..=4)
                .map(|seed| {
                    AnyPosition::parse(
                        GameKind::RandomTree,
                        &format!("w=6 d=7 seed={seed} independent=100"),
                    )
                    .expect("tree")
                })
                .collect(),
            vec![7],
        ),
    ];
    let rows = [
        "negaalpha",
        "negaalpha+fail-soft",
        "negaalpha+soft-cutoffs",
        "negaalpha+order=static+id+aspiration=3",
        "negaalpha+order=shallow:1",
        "negascout",
        "negascout+order=eval+skip-shallow-research",
        "mtdf",
        "bisect",
    ];
    let mut claimed = 0;
    for (set, depths) in &sets {
        for pos in set {
            for &depth in depths {
                for spec in rows {
                    let want = timeless(search(pos, spec, depth, None));
                    for free in [1, 3, 7] {
                        let pool = lent(free);
                        let got = timeless(search(pos, spec, depth, Some(Arc::clone(&pool))));
                        assert_eq!(
                            got,
                            want,
                            "{spec} at depth {depth} with {free} lent on {}",
                            pos.to_text()
                        );
                        claimed += pool.claimed();
                        // Every lent thread is back.
                        assert_eq!(pool.free_now(), free as i64, "{spec}");
                    }
                }
            }
        }
    }
    assert!(
        claimed > 100,
        "the lent threads were hardly used: {claimed}"
    );
}

#[test]
fn searches_that_cannot_keep_their_counts_leave_lent_threads_be() {
    let pos = common::ffo40();
    for spec in [
        "negaalpha+tt=4",
        "negaalpha+killers=2",
        "negascout+history",
        "negaalpha+order=oracle",
    ] {
        let pool = lent(3);
        let r = search(&pos, spec, 6, Some(Arc::clone(&pool)));
        assert!(r.score.is_some());
        assert_eq!(pool.claimed(), 0, "{spec}");
    }
    // A budget or a trace: the same.
    let pool = lent(3);
    let control = SearchControl {
        lend: Some(Arc::clone(&pool)),
        node_budget: Some(1_000_000_000),
        ..SearchControl::default()
    };
    run_search(&pos, &row("negaalpha", 6), control).expect("runs");
    let control = SearchControl {
        lend: Some(Arc::clone(&pool)),
        trace: true,
        ..SearchControl::default()
    };
    run_search(&pos, &row("negaalpha", 4), control).expect("runs");
    assert_eq!(pool.claimed(), 0);
}

#[test]
fn stop_ends_a_search_with_lent_threads() {
    let pos = common::ffo40();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let pool = lent(7);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        flag.store(true, Ordering::Relaxed);
        std::time::Instant::now()
    });
    let control = SearchControl {
        stop,
        lend: Some(Arc::clone(&pool)),
        ..SearchControl::default()
    };
    // Minutes of work on one thread: it must end soon after the stop, not finish.
    let r = run_search(&pos, &row("negaalpha", 14), control).expect("runs");
    let stopped_at = stopper.join().expect("stopper");
    // The latency, for `-- --nocapture` (a figure, not a timed assertion).
    eprintln!(
        "stop to return with 7 lent threads: {:.2} ms",
        stopped_at.elapsed().as_secs_f64() * 1e3
    );
    assert_eq!(r.stopped, Some(StopReason::Stopped));
    assert!(pool.claimed() > 0);
    assert_eq!(pool.free_now(), 7, "every lent thread is back");
}

#[test]
fn a_panic_in_a_lent_thread_fails_the_search() {
    let AnyPosition::Othello(pos) = common::ffo40() else {
        panic!("FFO #40 is Othello");
    };
    let r = parse_row_spec("negaalpha", &SearchOptions::default()).expect("row");
    // Which moves a lent thread gets depends on timing: a search whose lent threads
    // searched nothing (the caller took every move first) has no panic to pass on, and
    // is tried again.
    let panicked = (0..5).any(|_| {
        let outcome = treelab::engine::run_guarded(|| {
            treelab::search::search(
                &pos,
                &FailsOffTheCallersThread,
                r.algorithm,
                &r.options,
                10,
                SearchControl {
                    lend: Some(lent(3)),
                    ..SearchControl::default()
                },
            )
        });
        match outcome {
            Err(failure) => {
                assert!(
                    failure.message.contains("a helper's evaluation failed"),
                    "{}",
                    failure.message
                );
                true
            }
            Ok(result) => {
                assert!(result.expect("runs").score.is_some());
                false
            }
        }
    });
    assert!(panicked, "no lent thread ever searched");
}

#[test]
fn a_grid_on_more_workers_than_cells_keeps_the_serial_counts() {
    // Four cells on six workers: two lent from the start, more as cells end.
    let grid = |threads: &str| {
        let (ok, out, err) = common::treelab(&[
            "bench",
            "--suite",
            "fforum-40-59.obf",
            "--limit",
            "2",
            "--algos",
            "negaalpha,negascout",
            "--depths",
            "7",
            "--format",
            "csv",
            "--threads",
            threads,
        ]);
        assert!(ok, "{err}");
        // Every column but the last (the seconds).
        out.lines()
            .map(|l| l.rsplit_once(',').map_or(l, |(head, _)| head).to_string())
            .collect::<Vec<_>>()
    };
    let serial = grid("1");
    assert_eq!(serial.len(), 5, "{serial:?}");
    assert_eq!(grid("6"), serial);
}

#[test]
fn a_session_run_on_more_workers_keeps_the_serial_table() {
    let dir = std::env::temp_dir().join(format!("treelab-lent-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let treelab = |args: &[&str]| {
        let (ok, out, err) = common::treelab(args);
        assert!(ok, "{err}");
        out
    };
    let session = dir.join("s.ron");
    let session = session.to_str().expect("path");
    treelab(&["session", "preset", "e4", "--out", session]);
    // The results table less its two columns of time.
    let table = |threads: &str| {
        let ran = dir.join(format!("ran-{threads}.ron"));
        let ran = ran.to_str().expect("path");
        treelab(&[
            "session",
            "run",
            session,
            "--current",
            "--threads",
            threads,
            "--out",
            ran,
        ]);
        let shown = treelab(&["session", "show", ran]);
        let header: Vec<&str> = shown.lines().next().unwrap_or("").split('|').collect();
        let time = header
            .iter()
            .position(|h| h.trim() == "Time")
            .expect("Time");
        let rate = header
            .iter()
            .position(|h| h.trim() == "Nodes/s")
            .expect("Nodes/s");
        shown
            .lines()
            .map(|l| {
                l.split('|')
                    .enumerate()
                    .filter(|&(i, _)| i != time && i != rate)
                    .map(|(_, c)| c)
                    .collect::<Vec<_>>()
                    .join("|")
            })
            .collect::<Vec<_>>()
    };
    let serial = table("1");
    assert!(serial.len() > 10, "{serial:?}");
    assert_eq!(table("8"), serial);
    let _ = std::fs::remove_dir_all(&dir);
}
