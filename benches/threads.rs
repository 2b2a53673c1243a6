//! What threads cost, measurable on a machine of any number of cores
//! (`cargo bench --bench threads`): the Othello solver on FFO #40-#42 and the parallel
//! rows (YBWC, ABDADA, PVS at the root, Lazy SMP) at depth 9 on FFO #40-#59 (as `treelab bench --suite fforum-40-59.obf --depths 9`), each on 2
//! and on 16 threads, whatever cores there are. It prints the threads started per
//! search (a fixed set of helpers: the threads less one), the wake-ups and voluntary
//! context switches per million nodes, the thread-time idle, and the CPU time beside
//! the wall time. Speedups need many cores; these figures do not.

use std::time::Instant;

use treelab::engine::rowspec::parse_row_spec;
use treelab::engine::{AnyPosition, SearchRequest, Suite, run_search};
use treelab::platform::machine::process_cpu_seconds;
use treelab::search::{Counter, Counters, SearchControl, SearchOptions};
use treelab::solve::othello::{OthelloOptions, OthelloSolver};

/// The positions of FFO #40 onwards, `take` of them.
fn ffo(take: usize) -> Vec<AnyPosition> {
    Suite::load_named("fforum-40-59.obf")
        .expect("shipped suite")
        .items
        .into_iter()
        .take(take)
        .map(|i| i.position)
        .collect()
}

/// One line of figures.
fn report(name: &str, searches: u64, c: &Counters, wall: f64, cpu: f64) {
    let per_million = |n: u64| n as f64 * 1e6 / c.nodes().max(1) as f64;
    println!(
        "{name:<34} {:>11} nodes {wall:6.2} s wall {cpu:6.2} s CPU  {:5.1} started/search  {:6.1} wake-ups/M nodes  {:6.1} switches/M nodes  {:7.2} s idle",
        c.nodes(),
        c.threads_started() as f64 / searches.max(1) as f64,
        per_million(c.wakeups()),
        per_million(c.context_switches()),
        c.idle_micros() as f64 / 1e6,
    );
}

fn solver(threads: usize) {
    let positions = ffo(3);
    let mut solver = OthelloSolver::new(OthelloOptions {
        threads,
        ..OthelloOptions::default()
    });
    let (clock, cpu) = (Instant::now(), process_cpu_seconds());
    let mut nodes = 0;
    for pos in &positions {
        let AnyPosition::Othello(pos) = pos else {
            unreachable!("an Othello suite")
        };
        nodes += solver.solve(pos.player(), pos.opponent()).nodes;
    }
    let wall = clock.elapsed().as_secs_f64();
    let cpu = process_cpu_seconds().zip(cpu).map_or(0.0, |(b, a)| b - a);
    let counts = solver.finish_threads().unwrap_or_default();
    let c = Counters::reported(
        &[
            (Counter::Nodes, nodes),
            (Counter::ThreadsStarted, counts.started),
            (Counter::Wakeups, counts.wakeups),
            (Counter::ContextSwitches, counts.switches),
            (Counter::IdleMicros, counts.idle_micros),
        ],
        0.0,
    );
    // The solver's crew lives for all its solves: started once, not per position.
    report(
        &format!("solve #40-#42, {threads} threads"),
        1,
        &c,
        wall,
        cpu,
    );
}

fn row(spec: &str) {
    let r = parse_row_spec(spec, &SearchOptions::default()).expect("row");
    let request = SearchRequest {
        algorithm: r.algorithm,
        options: r.options,
        depth: 9,
        evaluator: String::new(),
    };
    let positions = ffo(20);
    let (clock, cpu) = (Instant::now(), process_cpu_seconds());
    let mut sum = Counters::default();
    for pos in &positions {
        let done = run_search(pos, &request, SearchControl::default()).expect("search runs");
        sum.add(&done.counters);
    }
    let wall = clock.elapsed().as_secs_f64();
    let cpu = process_cpu_seconds().zip(cpu).map_or(0.0, |(b, a)| b - a);
    report(spec, positions.len() as u64, &sum, wall, cpu);
}

fn main() {
    println!(
        "{} cores; the same work on 2 and on 16 threads",
        treelab::platform::threads::available()
    );
    for threads in [2, 16] {
        solver(threads);
    }
    for algo in ["ybwc", "abdada", "pvs-root", "lazy-smp"] {
        for threads in [2, 16] {
            row(&format!("{algo}+tt=16+id+threads={threads}"));
        }
    }
}
