//! Othello perft speed: times the bitboard perft from the start position at depths 9 to
//! 11 and prints leaves per second (`cargo bench --bench perft`; pass a depth to time
//! just that one, e.g. `cargo bench --bench perft -- 12`).

use std::time::Instant;

use treelab::game::Game;
use treelab::game::othello::Othello;
use treelab::game::perft::PerftConvention;

/// The depths timed when none is given.
const DEFAULT_DEPTHS: [u32; 3] = [9, 10, 11];

/// Known counts from the start position (a pass is a ply, a finished game a leaf).
const KNOWN: [(u32, u64); 5] = [
    (9, 3_005_288),
    (10, 24_571_284),
    (11, 212_258_800),
    (12, 1_939_886_636),
    (13, 18_429_641_748),
];

fn main() {
    // `cargo bench` passes `--bench`; any number on the command line is a depth.
    let requested: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let depths = if requested.is_empty() {
        DEFAULT_DEPTHS.to_vec()
    } else {
        requested
    };
    let start = Othello::start();
    for depth in depths {
        let clock = Instant::now();
        let leaves = start.perft(depth, PerftConvention::FinishedIsLeaf);
        let seconds = clock.elapsed().as_secs_f64();
        let check = match KNOWN.iter().find(|&&(d, _)| d == depth) {
            Some(&(_, expected)) if expected == leaves => "ok",
            Some(_) => "WRONG",
            None => "unchecked",
        };
        println!(
            "perft({depth:2}) = {leaves:>15} in {seconds:8.3} s: {:7.1} M leaves/s [{check}]",
            leaves as f64 / seconds / 1e6
        );
    }
}
