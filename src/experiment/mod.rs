//! Batch experiments: every position of a suite x every algorithm row x every depth,
//! run in parallel over positions with results identical to a serial run, and printed
//! in the articles' layout (one table per position, a line per algorithm, a column per
//! depth), then totals and ratios; whole games between two players; the classic
//! experiments E1-E7 as presets; generated exercises with their answer keys
//! ([`exercise`]); a small SVG chart writer for their figures; and
//! [`soak`], which runs searches started and stopped for a long while and watches
//! memory and threads.

pub mod bench;
pub mod exercise;
pub mod experiments;
pub mod matchplay;
pub mod soak;
/// Match statistics (they live in the shared vocabulary, below the session).
pub use crate::vocab::stats;

pub mod verify;

/// The chart writer moved to [`crate::vocab::chart`]; kept here under its old path.
pub use crate::vocab::chart;

pub use bench::{
    BenchCell, BenchResult, BenchRow, BenchSpec, CountKind, parse_row_spec, run_bench,
    run_bench_with,
};
pub use chart::{LineChart, Series};
pub use experiments::{ExperimentConfig, ExperimentOutput, run_experiment};
pub use matchplay::{MatchResult, MatchSpec, Player, parse_player, run_match};
