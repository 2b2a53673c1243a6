//! Speed of the exact solvers' parts, each timed for a second or so
//! (`cargo bench --bench solve`): Othello move generation and flips, stability, the
//! evaluation, a fixed-depth generic search, short exact Othello solves (FFO #1-#10)
//! and a Connect Four test set. Node counts are printed too: with one thread they are
//! the same on every run, so a change in them means a change in the search.

use std::hint::black_box;
use std::time::Instant;

use treelab::engine::{AnyPosition, Suite};
use treelab::game::Evaluator;
use treelab::game::othello::board::{flips, moves};
use treelab::game::othello::{Othello, OthelloEval};
use treelab::search::{self, Algorithm, SearchControl, SearchOptions};
use treelab::solve::connect4::{C4Options, C4Solver};
use treelab::solve::othello::{OthelloOptions, OthelloSolver, stable_discs};
use treelab::solve::pattern::PatternEval;

/// Repetitions of the kernel benches over the FFO positions.
const KERNEL_ROUNDS: usize = 200_000;

fn othello_positions(name: &str) -> Vec<Othello> {
    let suite = Suite::load_named(name).expect("shipped suite");
    suite
        .items
        .into_iter()
        .filter_map(|item| match item.position {
            AnyPosition::Othello(pos) => Some(pos),
            _ => None,
        })
        .collect()
}

fn report(name: &str, count: u64, unit: &str, seconds: f64) {
    println!(
        "{name:<44} {count:>12} {unit:<6} {seconds:8.3} s {:10.1} M {unit}/s",
        count as f64 / seconds / 1e6
    );
}

fn main() {
    let positions = othello_positions("fforum-40-59.obf");

    // Move generation: one move mask per position per round.
    let clock = Instant::now();
    let mut acc = 0u64;
    for _ in 0..KERNEL_ROUNDS {
        for pos in &positions {
            acc ^= moves(black_box(pos.player()), black_box(pos.opponent()));
        }
    }
    black_box(acc);
    let calls = (KERNEL_ROUNDS * positions.len()) as u64;
    report(
        "othello move mask",
        calls,
        "calls",
        clock.elapsed().as_secs_f64(),
    );

    // Flips: every legal move of every position.
    let legal: Vec<(u64, u64, u32)> = positions
        .iter()
        .flat_map(|pos| {
            let mut mask = pos.move_mask();
            let mut out = Vec::new();
            while mask != 0 {
                out.push((pos.player(), pos.opponent(), mask.trailing_zeros()));
                mask &= mask - 1;
            }
            out
        })
        .collect();
    let rounds = KERNEL_ROUNDS / 10;
    let clock = Instant::now();
    for _ in 0..rounds {
        for &(p, o, sq) in &legal {
            acc ^= flips(black_box(p), black_box(o), black_box(sq));
        }
    }
    black_box(acc);
    let calls = (rounds * legal.len()) as u64;
    report(
        "othello flips",
        calls,
        "calls",
        clock.elapsed().as_secs_f64(),
    );

    // Stability and evaluation.
    let clock = Instant::now();
    for _ in 0..KERNEL_ROUNDS {
        for pos in &positions {
            acc ^= stable_discs(black_box(pos.player()), black_box(pos.opponent()));
        }
    }
    black_box(acc);
    let calls = (KERNEL_ROUNDS * positions.len()) as u64;
    report(
        "othello stable discs",
        calls,
        "calls",
        clock.elapsed().as_secs_f64(),
    );
    let clock = Instant::now();
    let mut sum = 0i64;
    for _ in 0..KERNEL_ROUNDS {
        for pos in &positions {
            sum += i64::from(OthelloEval::Standard.evaluate(black_box(pos)));
        }
    }
    black_box(sum);
    report(
        "othello standard evaluation",
        calls,
        "calls",
        clock.elapsed().as_secs_f64(),
    );
    let pattern = PatternEval::shipped();
    let clock = Instant::now();
    let mut sum = 0i64;
    for _ in 0..KERNEL_ROUNDS {
        for pos in &positions {
            sum += i64::from(pattern.eval(black_box(pos.player()), black_box(pos.opponent())));
        }
    }
    black_box(sum);
    report(
        "othello pattern evaluation (solver ordering)",
        calls,
        "calls",
        clock.elapsed().as_secs_f64(),
    );

    // A fixed-depth generic search.
    let opts = SearchOptions::default();
    let clock = Instant::now();
    let mut nodes = 0u64;
    for pos in positions.iter().take(5) {
        let r = search::search(
            pos,
            &OthelloEval::Standard,
            Algorithm::NegaScout,
            &opts,
            7,
            SearchControl::default(),
        )
        .expect("valid options");
        nodes += r.counters.nodes();
    }
    report(
        "negascout depth 7, FFO #40-#44",
        nodes,
        "nodes",
        clock.elapsed().as_secs_f64(),
    );

    // Short exact solves.
    let easy = othello_positions("fforum-1-19.obf");
    // A small table: clearing it before each short solve is not what is being timed.
    let small_table = OthelloOptions {
        tt_mib: 8,
        ..OthelloOptions::default()
    };
    for (label, opts) in [
        ("solve FFO #1-#10, all techniques", small_table.clone()),
        (
            "solve FFO #1-#10, no ETC",
            OthelloOptions {
                etc: false,
                ..small_table.clone()
            },
        ),
        (
            "solve FFO #1-#10, no stability cutoffs",
            OthelloOptions {
                stability: false,
                ..small_table.clone()
            },
        ),
    ] {
        let mut solver = OthelloSolver::new(opts);
        let clock = Instant::now();
        let mut nodes = 0u64;
        for pos in easy.iter().take(10) {
            nodes += solver.solve(pos.player(), pos.opponent()).nodes;
        }
        report(label, nodes, "nodes", clock.elapsed().as_secs_f64());
    }

    // Connect Four.
    let suite = Suite::load_named("Test_L2_R1").expect("shipped suite");
    let mut solver = C4Solver::new(C4Options::default());
    let clock = Instant::now();
    let mut nodes = 0u64;
    for item in &suite.items {
        if let AnyPosition::Connect4(pos) = &item.position {
            nodes += solver.solve(&pos.board).nodes;
        }
    }
    report(
        "connect4 Test_L2_R1 (1000 positions)",
        nodes,
        "nodes",
        clock.elapsed().as_secs_f64(),
    );
}
