//! The stop flag ends every kind of search quickly: SSS* on a big tree, shallow-search
//! ordering, the oracle, MT-SSS* and MTD(f) with tables, a parallel bench.
//!
//! Stop latencies are printed (run with `--nocapture` to see them) and only checked
//! against a generous sanity bound; docs/reliability.md records measured figures.

mod common;
use common::{ffo40, small_bench};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use treelab::engine::{AnyPosition, GameKind, SearchRecord, SearchRequest, run_search_guarded};
use treelab::experiment::bench::{self};
use treelab::search::{Algorithm, MoveOrder, SearchControl, SearchOptions, StopReason};

// ---------------------------------------------------------------------------------
// Stop latency.

/// Runs `f` on a thread, lets it work for `run_for`, raises the stop flag and measures
/// how long the thread takes to return.
fn stop_after<R: Send + 'static>(
    what: &str,
    run_for: Duration,
    f: impl FnOnce(Arc<AtomicBool>) -> R + Send + 'static,
) -> R {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let handle = std::thread::spawn(move || f(flag));
    std::thread::sleep(run_for);
    assert!(
        !handle.is_finished(),
        "{what}: ended before the stop; make it bigger"
    );
    let raised = Instant::now();
    stop.store(true, Ordering::Relaxed);
    let out = handle.join().expect("no panic");
    let latency = raised.elapsed();
    println!("stop latency {what}: {:.2} ms", latency.as_secs_f64() * 1e3);
    // A sanity bound only (CI machines are noisy); the measured figures are printed.
    assert!(latency < Duration::from_secs(1), "{what}: {latency:?}");
    out
}

fn stoppable(
    pos: AnyPosition,
    algorithm: Algorithm,
    options: SearchOptions,
    depth: u32,
) -> impl FnOnce(Arc<AtomicBool>) -> SearchRecord + Send + 'static {
    move |stop| {
        let req = SearchRequest {
            algorithm,
            options,
            depth,
            evaluator: String::new(),
        };
        let control = SearchControl {
            stop,
            ..SearchControl::default()
        };
        run_search_guarded(&pos, &req, control).expect("search runs")
    }
}

#[test]
fn stop_ends_sss_star_on_a_big_tree() {
    let tree =
        AnyPosition::parse(GameKind::RandomTree, "w=8 d=30 seed=9 independent=1000").expect("tree");
    let opts = SearchOptions {
        sss_memory_mib: 2048,
        ..SearchOptions::default()
    };
    let r = stop_after(
        "sss* w=8 d=30",
        Duration::from_millis(200),
        stoppable(tree, Algorithm::SssStar, opts, 30),
    );
    assert_eq!(r.stopped, Some(StopReason::Stopped));
}

#[test]
fn stop_reaches_into_shallow_search_ordering() {
    let opts = SearchOptions {
        ordering: MoveOrder::Shallow(10),
        ..SearchOptions::default()
    };
    let r = stop_after(
        "negaalpha order=shallow:10 depth 20",
        Duration::from_millis(200),
        stoppable(ffo40(), Algorithm::NegaAlpha, opts, 20),
    );
    assert_eq!(r.stopped, Some(StopReason::Stopped));
    assert!(r.counters.ordering_nodes() > 0);
}

#[test]
fn stop_reaches_into_the_oracle() {
    let opts = SearchOptions {
        ordering: MoveOrder::Oracle,
        ..SearchOptions::default()
    };
    let r = stop_after(
        "pvs order=oracle depth 18",
        Duration::from_millis(200),
        stoppable(ffo40(), Algorithm::Pvs, opts, 18),
    );
    assert_eq!(r.stopped, Some(StopReason::Stopped));
    // The oracle at the root never finished: all the work was ordering work.
    assert!(r.counters.ordering_nodes() > r.counters.nodes());
}

#[test]
fn stop_ends_mt_sss_and_mtdf_with_tables() {
    let tree =
        AnyPosition::parse(GameKind::RandomTree, "w=8 d=30 seed=9 independent=1000").expect("tree");
    let opts = SearchOptions {
        tt_mib: 16,
        ..SearchOptions::default()
    };
    let r = stop_after(
        "mt-sss* w=8 d=30",
        Duration::from_millis(150),
        stoppable(tree, Algorithm::MtSss, opts.clone(), 30),
    );
    assert_eq!(r.stopped, Some(StopReason::Stopped));
    let r = stop_after(
        "mtdf+id othello depth 20",
        Duration::from_millis(150),
        stoppable(
            ffo40(),
            Algorithm::MtdF,
            SearchOptions {
                iterative_deepening: true,
                ..opts
            },
            20,
        ),
    );
    assert_eq!(r.stopped, Some(StopReason::Stopped));
}

#[test]
fn stop_ends_a_parallel_bench() {
    let spec = small_bench(2, vec![14], &["negaalpha", "negascout"], 4);
    let total = 4 * 2;
    let result = stop_after("bench threads=2", Duration::from_millis(300), move |stop| {
        bench::run_bench(&spec, &stop, &|_, _, _| {}).expect("bench runs")
    });
    assert!(result.cells.len() < total, "stopped early");
    assert!(
        result
            .cells
            .iter()
            .all(|c| c.record.stopped == Some(StopReason::Stopped) || c.record.stopped.is_none())
    );
    assert!(
        result
            .cells
            .iter()
            .any(|c| c.record.stopped == Some(StopReason::Stopped)),
        "the running cells were cut short"
    );
}

/// The figures for docs/reliability.md: each kind of search stopped `REPEATS` times after
/// `RUN_FOR`, one at a time; prints median and max latency. Run with
/// `cargo test --release --test reliability_stop_latency stop_latency_report -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check: run by hand for docs/reliability.md"]
fn stop_latency_report() {
    const REPEATS: usize = 10;
    let run_for: Duration = std::env::var("TREELAB_STOP_AFTER_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(Duration::from_millis(500), Duration::from_millis);
    let tree = || {
        AnyPosition::parse(GameKind::RandomTree, "w=8 d=30 seed=9 independent=1000").expect("tree")
    };
    type Job = Box<dyn Fn() -> Box<dyn FnOnce(Arc<AtomicBool>) -> SearchRecord + Send>>;
    let jobs: Vec<(&str, Job)> = vec![
        (
            "negaalpha othello depth 20",
            Box::new(|| {
                Box::new(stoppable(
                    ffo40(),
                    Algorithm::NegaAlpha,
                    SearchOptions::default(),
                    20,
                ))
            }),
        ),
        (
            "negascout+tt=64+id othello depth 24",
            Box::new(|| {
                Box::new(stoppable(
                    ffo40(),
                    Algorithm::NegaScout,
                    SearchOptions {
                        tt_mib: 64,
                        iterative_deepening: true,
                        ..SearchOptions::default()
                    },
                    24,
                ))
            }),
        ),
        (
            "sss* w=8 d=30 (2 GiB cap)",
            Box::new(move || {
                Box::new(stoppable(
                    tree(),
                    Algorithm::SssStar,
                    SearchOptions {
                        sss_memory_mib: 2048,
                        ..SearchOptions::default()
                    },
                    30,
                ))
            }),
        ),
        (
            "mt-sss*+tt=16 w=8 d=30",
            Box::new(move || {
                Box::new(stoppable(
                    tree(),
                    Algorithm::MtSss,
                    SearchOptions {
                        tt_mib: 16,
                        ..SearchOptions::default()
                    },
                    30,
                ))
            }),
        ),
        (
            "negaalpha order=shallow:10 othello depth 20",
            Box::new(|| {
                Box::new(stoppable(
                    ffo40(),
                    Algorithm::NegaAlpha,
                    SearchOptions {
                        ordering: MoveOrder::Shallow(10),
                        ..SearchOptions::default()
                    },
                    20,
                ))
            }),
        ),
        (
            "pvs order=oracle othello depth 18",
            Box::new(|| {
                Box::new(stoppable(
                    ffo40(),
                    Algorithm::Pvs,
                    SearchOptions {
                        ordering: MoveOrder::Oracle,
                        ..SearchOptions::default()
                    },
                    18,
                ))
            }),
        ),
    ];
    println!("| search | run before stop | median ms | max ms | thread teardown max ms |");
    println!("|---|---:|---:|---:|---:|");
    for (name, make) in &jobs {
        let mut teardown: Vec<f64> = Vec::new();
        let mut ms: Vec<f64> = (0..REPEATS)
            .map(|_| {
                let stop = Arc::new(AtomicBool::new(false));
                let flag = Arc::clone(&stop);
                let job = make();
                let (tx, rx) = std::sync::mpsc::channel();
                let handle = std::thread::spawn(move || {
                    let _ = tx.send(job(flag));
                });
                std::thread::sleep(run_for);
                let raised = Instant::now();
                stop.store(true, Ordering::Relaxed);
                let r = rx.recv().expect("a result");
                let ms = raised.elapsed().as_secs_f64() * 1e3;
                let joined = Instant::now();
                handle.join().expect("no panic");
                teardown.push(joined.elapsed().as_secs_f64() * 1e3);
                assert!(r.stopped.is_some(), "{name} finished before the stop");
                ms
            })
            .collect();
        ms.sort_by(f64::total_cmp);
        println!(
            "| {name} | {} ms | {:.2} | {:.2} | {:.2} |",
            run_for.as_millis(),
            ms[REPEATS / 2],
            ms[REPEATS - 1],
            teardown.iter().copied().fold(0.0, f64::max)
        );
    }
    let mut ms = Vec::new();
    for _ in 0..REPEATS {
        let spec = small_bench(2, vec![14], &["negaalpha", "negascout"], 4);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            bench::run_bench(&spec, &flag, &|_, _, _| {}).expect("bench runs")
        });
        std::thread::sleep(run_for);
        let raised = Instant::now();
        stop.store(true, Ordering::Relaxed);
        handle.join().expect("no panic");
        ms.push(raised.elapsed().as_secs_f64() * 1e3);
    }
    ms.sort_by(f64::total_cmp);
    println!(
        "| bench, 2 threads, negaalpha+negascout depth 14 | {} ms | {:.2} | {:.2} | - |",
        run_for.as_millis(),
        ms[REPEATS / 2],
        ms[REPEATS - 1]
    );
}
