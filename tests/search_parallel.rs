//! The parallel algorithms (PVS split at the root, Lazy SMP, YBWC, ABDADA): on one thread the serial
//! search node for node; on 2, 3 and 8 threads NegaAlpha's exact value on every position of
//! the usual sets (FFO #40-#59, Connect Four's test set, tic-tac-toe, random trees),
//! with and without a table, deepening and aspiration windows; the counters of the
//! sharing; Stop ends a search on many threads; 32 threads on this machine's cores
//! neither deadlock nor lose the result; the option is refused where it does not
//! apply.

mod common;
use common::{FailsOffTheCallersThread, ffo40, row_request as row, suite_positions as positions};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use treelab::engine::rowspec::parse_row_spec;
use treelab::engine::{AnyPosition, GameKind, run_search};
use treelab::search::{Algorithm, SearchControl, SearchOptions, StopReason};

fn search(pos: &AnyPosition, spec: &str, depth: u32) -> treelab::engine::SearchRecord {
    run_search(pos, &row(spec, depth), SearchControl::default()).expect("search runs")
}

#[test]
fn one_thread_is_pvs_node_for_node() {
    for pos in positions("fforum-40-59.obf", 5) {
        let pairs = ["pvs-root", "lazy-smp", "ybwc", "abdada"].map(|row| {
            [
                ("pvs".to_string(), row.to_string()),
                ("pvs+tt=4+id".to_string(), format!("{row}+tt=4+id")),
                (
                    "pvs+order=static+killers=2".to_string(),
                    format!("{row}+order=static+killers=2"),
                ),
            ]
        });
        for (serial, parallel) in pairs.iter().flatten() {
            let a = search(&pos, serial, 5);
            let b = search(&pos, parallel, 5);
            let parallel = parallel.as_str();
            assert_eq!(a.score, b.score, "{parallel}");
            assert_eq!(a.pv, b.pv, "{parallel}");
            for c in ["nodes", "leaves", "beta_cutoffs", "researches", "tt_hits"] {
                let get = |r: &treelab::engine::SearchRecord| {
                    r.counters
                        .named_counters()
                        .into_iter()
                        .find(|(n, _)| *n == c)
                        .map(|(_, v)| v)
                };
                assert_eq!(get(&a), get(&b), "{parallel}: {c}");
            }
            assert_eq!(b.counters.threads(), 1);
            assert_eq!(
                (
                    b.counters.splits(),
                    b.counters.idle_micros(),
                    b.counters.aborted_nodes()
                ),
                (0, 0, 0)
            );
        }
    }
}

#[test]
fn more_threads_give_negaalphas_value_on_every_position() {
    let mut sets: Vec<(Vec<AnyPosition>, Vec<u32>)> = vec![
        (positions("fforum-40-59.obf", 20), vec![1, 3, 4, 5]),
        (positions("Test_L3_R1", 30), vec![4, 8]),
        (
            ["", "X........", "X...O....", "XO..X...."]
                .iter()
                .map(|t| AnyPosition::parse(GameKind::TicTacToe, t).expect("board"))
                .collect(),
            vec![2, 9],
        ),
        (
            (1..=6)
                .map(|seed| {
                    AnyPosition::parse(
                        GameKind::RandomTree,
                        &format!("w=5 d=6 seed={seed} independent=100"),
                    )
                    .expect("tree")
                })
                .collect(),
            vec![3, 6],
        ),
    ];
    let rows = [
        "pvs-root+threads=2",
        "pvs-root+threads=3+tt=4",
        "pvs-root+threads=8+tt=4+id",
        "pvs-root+threads=2+aspiration=3+id",
        "pvs-root+threads=3+order=static+killers=2+history",
        "lazy-smp+threads=2+tt=4",
        "lazy-smp+threads=4+tt=4+id",
        "lazy-smp+threads=3+tt=1+id+order=static+killers=2",
        "lazy-smp+threads=2",
        "ybwc+threads=2",
        "ybwc+threads=3+tt=4",
        "ybwc+threads=8+tt=4+id",
        "ybwc+threads=4+aspiration=3+id+order=static+killers=2+history",
        "abdada+threads=2+tt=4",
        "abdada+threads=4+tt=4+id",
        "abdada+threads=3+tt=1+id+order=static+killers=2",
        "abdada+threads=2",
    ];
    for (set, depths) in sets.drain(..) {
        for pos in &set {
            for &depth in &depths {
                let want = search(pos, "negaalpha", depth).score;
                for spec in rows {
                    let r = search(pos, spec, depth);
                    assert_eq!(
                        r.score,
                        want,
                        "{spec} at depth {depth} on {}",
                        pos.to_text()
                    );
                    assert!(r.stopped.is_none());
                    assert!(r.counters.threads() >= 1);
                }
            }
        }
    }
}

#[test]
fn cutoffs_in_nested_splits_never_stop_the_search() {
    // A cutoff at a split ends its brothers' work, in their own splits below too; it
    // must never reach the search as a stop (it once did when a nested helper passed
    // its split's cutoff up as a stop). More threads than cores, to mix the timings.
    let positions = positions("fforum-40-59.obf", 20);
    for round in 0..3 {
        for pos in &positions {
            let r = search(pos, "ybwc+threads=4+tt=16+id", 8);
            assert!(
                r.stopped.is_none(),
                "round {round}: {} stopped: {:?}",
                pos.to_text(),
                r.stopped
            );
            assert_eq!(r.depth_reached, 8);
        }
    }
}

#[test]
fn the_counters_tell_how_the_work_was_shared() {
    let r = search(&ffo40(), "pvs-root+threads=4", 8);
    assert_eq!(r.counters.threads(), 4);
    assert_eq!(r.counters.splits(), 1, "one split: the root's");
    assert!(r.counters.busiest_thread_nodes() <= r.counters.nodes());
    assert!(r.counters.busiest_thread_nodes() * 4 >= r.counters.nodes());
    // YBWC splits below the root as well, where the eldest brother's search was big
    // enough (`ybwc::SPLIT_MIN_ELDEST_NODES`): a search of some 100,000 nodes.
    let y = search(&ffo40(), "ybwc+threads=4+tt=4", 10);
    assert_eq!(y.counters.threads(), 4);
    assert!(y.counters.splits() > 1, "{}", y.counters.splits());
    // (Whether a helper started in time to take a move is the machine's business.)
    assert!(y.counters.busiest_thread_nodes() <= y.counters.nodes());
    // With deepening, a split per iteration that has more than one move left.
    let id = search(&ffo40(), "pvs-root+threads=2+id", 6);
    assert!(
        id.counters.splits() >= 2 && id.counters.splits() <= 6,
        "{}",
        id.counters.splits()
    );
}

#[test]
fn each_search_starts_its_threads_once() {
    // A fixed set of helpers for the whole search: N - 1 threads started however many
    // splits and iterations it makes (a thread per helper per split before).
    let pos = ffo40();
    for n in [2u64, 5, 16] {
        for row in ["pvs-root", "lazy-smp", "ybwc", "abdada"] {
            let spec = format!("{row}+threads={n}+tt=4+id");
            let r = search(&pos, &spec, 7);
            assert_eq!(u64::from(r.counters.threads()), n, "{spec}");
            assert_eq!(r.counters.threads_started(), n - 1, "{spec}");
            if row == "pvs-root" {
                // A split per iteration, all served by the same threads.
                assert!(r.counters.splits() >= 2, "{spec}: {}", r.counters.splits());
            }
        }
    }
    // One thread: none started.
    let one = search(&pos, "ybwc+threads=1+tt=4+id", 6);
    assert_eq!(one.counters.threads_started(), 0);
}

#[test]
fn a_grid_keeps_one_crew_from_cell_to_cell() {
    // The rows on threads of their own run cell after cell and keep their helpers: 15
    // threads started for the whole grid (16 threads), not 15 a cell; every cell on
    // 16 threads with NegaAlpha's value.
    let (ok, out, err) = common::treelab(&[
        "bench",
        "--suite",
        "fforum-40-59.obf",
        "--algos",
        "negaalpha,ybwc+threads=16+tt=4+id,abdada+threads=16+tt=4+id,pvs-root+threads=4",
        "--depths",
        "6,7",
        "--limit",
        "3",
        "--format",
        "csv",
    ]);
    assert!(ok, "{err}");
    let mut lines = out.lines();
    let head: Vec<&str> = lines.next().unwrap_or_default().split(',').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).expect(name);
    let (algo, score, threads, started) = (
        col("algorithm"),
        col("score"),
        col("threads"),
        col("threads_started"),
    );
    let cells: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(cells.len(), 3 * 4 * 2);
    // Threads started: 15 for the 16-thread rows together (ABDADA's cells take the
    // crew YBWC's left, or the other way round), 3 for the 4-thread row.
    let (mut sixteen, mut four) = (0u64, 0u64);
    for c in cells.iter().filter(|c| c[algo] != "negaalpha") {
        let n: u64 = c[started].parse().expect("a count");
        match c[threads] {
            "16" => sixteen += n,
            "4" => four += n,
            other => panic!("{other} threads: {c:?}"),
        }
    }
    assert_eq!((sixteen, four), (15, 3));
    // Every row's score is NegaAlpha's, cell for cell.
    let depth = col("depth");
    let negaalpha: std::collections::HashMap<(&str, &str), &str> = cells
        .iter()
        .filter(|c| c[algo] == "negaalpha")
        .map(|c| ((c[0], c[depth]), c[score]))
        .collect();
    for c in &cells {
        assert_eq!(Some(&c[score]), negaalpha.get(&(c[0], c[depth])), "{c:?}");
    }
}

#[test]
fn stop_ends_a_search_on_many_threads() {
    stop_ends("pvs-root+threads=8");
    stop_ends("lazy-smp+threads=8+tt=16");
    stop_ends("ybwc+threads=8+tt=16");
    stop_ends("abdada+threads=8+tt=16");
    stop_ends("ybwc+threads=32+tt=16");
}

fn stop_ends(spec: &'static str) {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let handle = std::thread::spawn(move || {
        let control = SearchControl {
            stop: flag,
            ..SearchControl::default()
        };
        // Othello's start at depth 30: far beyond the test's time.
        let start = AnyPosition::start(GameKind::Othello);
        run_search(&start, &row(spec, 30), control).expect("runs")
    });
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        !handle.is_finished(),
        "ended before the stop; make it bigger"
    );
    let raised = Instant::now();
    stop.store(true, Ordering::Relaxed);
    let r = handle.join().expect("no panic");
    let latency = raised.elapsed();
    println!("stop latency {spec}: {:.2} ms", latency.as_secs_f64() * 1e3);
    assert_eq!(r.stopped, Some(StopReason::Stopped));
    // Every thread looks at the flag between nodes, and a helper's split ends when
    // its owner sees it: well within 100 ms, even with 8 threads on 2 cores.
    assert!(latency < Duration::from_millis(100), "{spec}: {latency:?}");
}

#[test]
fn thirty_two_threads_on_few_cores_end_with_the_value() {
    for pos in positions("fforum-40-59.obf", 3) {
        let want = search(&pos, "negaalpha", 6).score;
        for spec in [
            "pvs-root+threads=32+tt=1",
            "lazy-smp+threads=32+tt=1+id",
            "ybwc+threads=32+tt=1+id",
            "abdada+threads=32+tt=1+id",
        ] {
            let r = search(&pos, spec, 6);
            assert_eq!(r.score, want, "{spec}");
            assert!(r.counters.threads() <= 32);
        }
    }
    // More threads than root moves: the extra ones have nothing to do, and say so.
    let few = AnyPosition::parse(GameKind::TicTacToe, "XOXOXO...").expect("board");
    for spec in ["pvs-root+threads=32", "ybwc+threads=32"] {
        let r = search(&few, spec, 3);
        assert_eq!(r.score, search(&few, "negaalpha", 3).score, "{spec}");
    }
}

#[test]
fn deeper_entries_are_lazy_smps_option_and_stay_exact_past_the_end() {
    // Refused where a row does not take it, and without a table.
    for (spec, says) in [
        ("negaalpha+tt=1+tt-deeper", "deeper table entries are"),
        ("lazy-smp+tt-deeper", "need a transposition table"),
    ] {
        let checked = parse_row_spec(spec, &SearchOptions::default())
            .map(|r| r.options.check(r.algorithm, 4));
        let err = match checked {
            Ok(Err(e)) => e.to_string(),
            Err(e) => e.to_string(),
            Ok(Ok(())) => panic!("{spec} accepted"),
        };
        assert!(err.contains(says), "{spec}: {err}");
    }
    // Where every depth searched reaches the game's end, a deeper entry holds the same
    // exact bounds as one of the node's own depth: the value stays NegaAlpha's.
    for board in [".........", "X...O....", "XO..X..O."] {
        let pos = AnyPosition::parse(GameKind::TicTacToe, board).expect("board");
        let want = search(&pos, "negaalpha", 9).score;
        for spec in [
            "lazy-smp+threads=4+tt=1+id+tt-deeper",
            "abdada+threads=4+tt=1+id+tt-deeper",
        ] {
            assert_eq!(search(&pos, spec, 9).score, want, "{spec} on {board}");
        }
    }
}

#[test]
fn threads_are_the_parallel_algorithms_option() {
    let refused = parse_row_spec("negaalpha+threads=2", &SearchOptions::default())
        .map(|r| r.options.check(r.algorithm, 4));
    let err = match refused {
        Ok(Err(e)) => e.to_string(),
        Err(e) => e.to_string(),
        Ok(Ok(())) => panic!("negaalpha took threads"),
    };
    assert!(
        err.contains("threads are PVS split at the root, Lazy SMP, YBWC and ABDADA's"),
        "{err}"
    );
    let zero = parse_row_spec("pvs-root+threads=0", &SearchOptions::default())
        .map(|r| r.options.check(r.algorithm, 4));
    assert!(matches!(zero, Ok(Err(_)) | Err(_)));
    assert!(
        Algorithm::PvsRoot
            .info()
            .has(treelab::search::registry::OwnOption::Threads)
    );
}

#[test]
fn bench_repeat_reports_the_spread_of_parallel_counts() {
    let (ok, out, err) = common::treelab(&[
        "bench",
        "--suite",
        "fforum-40-59.obf",
        "--algos",
        "negaalpha,pvs-root+threads=3",
        "--depths",
        "6",
        "--limit",
        "4",
        "--repeat",
        "3",
        "--format",
        "csv",
    ]);
    assert!(ok, "{err}");
    let lines: Vec<Vec<&str>> = out
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(lines.len(), 2);
    // The serial row: the same count in every run.
    assert_eq!(lines[0][0], "negaalpha");
    assert_eq!(lines[0][3], lines[0][5]);
    assert_eq!(lines[0][9], "same in every run");
    // The parallel row: minimum <= median <= maximum.
    let n = |s: &str| s.parse::<u64>().expect("a count");
    assert!(n(lines[1][3]) <= n(lines[1][4]) && n(lines[1][4]) <= n(lines[1][5]));
    let (ok, _, err) = common::treelab(&[
        "bench",
        "--suite",
        "fforum-40-59.obf",
        "--algos",
        "negaalpha",
        "--depths",
        "2",
        "--repeat",
        "0",
    ]);
    assert!(
        !ok && err.contains("--repeat 0: use 1 to 1000 runs"),
        "{err}"
    );
}

#[test]
fn a_table_says_when_rows_ran_on_several_threads() {
    let note = treelab::report::PARALLEL_NOTE;
    let bench = |algos: &str| {
        let (ok, out, err) = common::treelab(&[
            "bench",
            "--suite",
            "fforum-40-59.obf",
            "--algos",
            algos,
            "--depths",
            "4",
            "--limit",
            "3",
        ]);
        assert!(ok, "{err}");
        out
    };
    assert!(bench("negaalpha,pvs-root+threads=2").contains(note));
    assert!(
        !bench("negaalpha,pvs-root").contains(note),
        "one thread: nothing varies"
    );
}

#[test]
fn a_panic_in_one_thread_fails_only_its_own_search() {
    let AnyPosition::Othello(pos) = ffo40() else {
        panic!("FFO #40 is Othello");
    };
    for spec in [
        "pvs-root+threads=3",
        "lazy-smp+threads=3+tt=4",
        "ybwc+threads=3+tt=4",
        "abdada+threads=3+tt=4",
    ] {
        let r = parse_row_spec(spec, &SearchOptions::default()).expect("row");
        // A helper that evaluated anything panicked, and then the search must fail. Which
        // moves a helper of pvs-root gets depends on timing: a search whose helpers
        // searched nothing (its caller took every move) has no panic to pass on, and is
        // tried again.
        let mut panicked = false;
        for _ in 0..5 {
            let outcome = treelab::engine::run_guarded(|| {
                treelab::search::search(
                    &pos,
                    &FailsOffTheCallersThread,
                    r.algorithm,
                    &r.options,
                    10,
                    SearchControl::default(),
                )
            });
            match outcome {
                Err(failure) => {
                    assert!(
                        failure.message.contains("a helper's evaluation failed"),
                        "{}",
                        failure.message
                    );
                    panicked = true;
                    break;
                }
                Ok(result) => {
                    let c = result.expect("runs").counters;
                    assert!(
                        c.busiest_thread_nodes() + 1 >= c.nodes(),
                        "{spec}: helpers searched {} nodes and their panics were lost",
                        c.nodes() - c.busiest_thread_nodes()
                    );
                }
            }
        }
        // Lazy SMP's and ABDADA's helpers always search (from the root, until the caller
        // is done) when the machine has a core for one.
        let one_core = treelab::platform::threads::available() == 1;
        assert!(
            panicked || spec.starts_with("pvs-root") || spec.starts_with("ybwc") || one_core,
            "{spec}"
        );
        // The next search, on one thread, runs as usual.
        let serial = treelab::search::search(
            &pos,
            &FailsOffTheCallersThread,
            r.algorithm,
            &SearchOptions {
                threads: 1,
                ..r.options.clone()
            },
            5,
            SearchControl::default(),
        )
        .expect("runs");
        assert!(serial.score.is_some(), "{spec}");
    }
}

#[test]
fn experiment_e8_quick_measures_every_parallel_row_and_the_solver() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("utf-8 path");
    // The run itself fails if a parallel row or the solver on two threads ever gives
    // another score than the serial search.
    let (ok, stdout, stderr) = common::treelab(&["experiment", "e8", "--quick", "--out", out]);
    assert!(ok, "{stderr}");
    for part in [
        "Othello, FFO",
        "Connect Four",
        "Othello solver",
        "Connect Four solver",
        "Published figures",
    ] {
        assert!(stdout.contains(part), "{part}: {stdout}");
    }
    assert!(stdout.contains("threads 1, 2)"), "{stdout}");
    for file in ["e8.csv", "e8.svg", "e8.txt"] {
        assert!(dir.path().join(file).exists(), "{file}");
    }
    let csv = std::fs::read_to_string(dir.path().join("e8.csv")).expect("read");
    let lines: Vec<Vec<String>> = csv
        .lines()
        .skip(1)
        .map(|l| {
            l.split(',')
                .map(|f| f.trim_matches('"').to_string())
                .collect()
        })
        .collect();
    // Per grid the serial search and the four rows on two threads; each solver on one
    // and two.
    assert_eq!(lines.len(), 5 + 5 + 2 + 2, "{csv}");
    for row in ["pvs-root", "lazy-smp", "ybwc", "abdada"] {
        let on_two = lines.iter().filter(|l| l[1] == row && l[2] == "2").count();
        assert_eq!(on_two, 2, "{row}: {csv}");
    }
    for l in &lines {
        let n: u64 = l[8].parse().expect("nodes");
        let s: f64 = l[5].parse().expect("seconds");
        assert!(n > 0 && s > 0.0, "{l:?}");
        let (lo, hi): (u64, u64) = (l[7].parse().expect("min"), l[9].parse().expect("max"));
        assert!(lo <= n && n <= hi, "{l:?}");
    }
    // Nothing is idle on one thread.
    for l in lines.iter().filter(|l| l[2] == "1") {
        assert_eq!(l[10].parse::<f64>().expect("idle"), 0.0, "{l:?}");
    }
}
