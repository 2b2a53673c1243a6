//! Batch experiments: every position of a suite x every algorithm row x every depth,
//! run in parallel over positions with results identical to a serial run, and printed
//! in the articles' layout (one table per position, a line per algorithm, a column per
//! depth), then totals and ratios; the classic
//! experiments E1-E7, E8 (parallel search) and E9 (PUCT beside alpha-beta) as presets; generated exercises with their answer keys
//! ([`exercise`]); and
//! [`soak`], which runs searches started and stopped for a long while and watches
//! memory and threads.

pub mod bench;
pub mod exercise;
pub mod experiments;
pub mod repeat;
pub mod soak;
pub mod verify;

pub use bench::{
    BenchCell, BenchResult, BenchRow, BenchSpec, CountKind, parse_row_spec, run_bench,
    run_bench_with,
};
pub use experiments::{ExperimentConfig, ExperimentOutput, run_experiment};
