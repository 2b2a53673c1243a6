//! Batch experiments: every position of a suite x every algorithm row x every depth,
//! run in parallel over positions with results identical to a serial run, and printed
//! in the seeds' layout (one table per position, a line per algorithm, a column per
//! depth), then totals and ratios. [`soak`] runs searches started and stopped for a
//! long while and watches memory and threads.

pub mod bench;
pub mod soak;

pub use bench::{
    BenchCell, BenchResult, BenchRow, BenchSpec, CountKind, parse_row_spec, run_bench,
    run_bench_with,
};
