//! MCTS speed: simulations (iterations, one random playout to the end each) per second
//! of UCT from Connect Four's and Othello's start positions, one thread
//! (`cargo bench --bench mcts`; pass a number to set Connect Four's iterations, Othello
//! running half as many). docs/results/mcts-speed.md holds the figures beside
//! OpenSpiel's MCTS bot.

use std::time::Instant;

use treelab::engine::{AnyPosition, GameKind, SearchRequest, run_search};
use treelab::search::{Algorithm, SearchControl, SearchOptions};

/// Connect Four's iterations when none is given.
const DEFAULT_ITERATIONS: u64 = 100_000;

/// Times `iterations` of UCT from `game`'s start, playouts to the end (`depth`), seeds 1
/// to 3; prints the best rate and the nodes (the same on every run: the check that a
/// change kept the search).
fn time(game: GameKind, iterations: u64, depth: u32) {
    let pos = AnyPosition::start(game);
    let mut best = f64::INFINITY;
    let mut nodes = Vec::new();
    for seed in 1..=3 {
        let req = SearchRequest {
            algorithm: Algorithm::Mcts,
            options: SearchOptions {
                iterations,
                rollout_seed: seed,
                ..SearchOptions::default()
            },
            depth,
            evaluator: String::new(),
        };
        let clock = Instant::now();
        let r = run_search(&pos, &req, SearchControl::default()).expect("MCTS runs");
        best = best.min(clock.elapsed().as_secs_f64());
        nodes.push(r.counters.nodes());
    }
    println!(
        "{:<12} {iterations:>9} iterations in {best:7.3} s (best of 3): {:>9.0} simulations/s; nodes by seed {nodes:?}",
        game.label(),
        iterations as f64 / best
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a number on the command line sets the iterations.
    let iterations = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(DEFAULT_ITERATIONS);
    time(GameKind::Connect4, iterations, 42);
    time(GameKind::Othello, iterations / 2, 60);
}
