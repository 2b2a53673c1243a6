//! The classic experiments (docs `experiments.md`, E1-E7), E8 (parallel search) and E9
//! (PUCT with a network beside alpha-beta) as
//! presets: each runs its grid
//! through [`super::bench::run_bench`] or [`crate::matches::run_match`], prints its
//! tables beside the original figures, and yields the files `treelab experiment`
//! writes: CSV, the RON result, an SVG chart and the printed text.
//!
//! Every preset has a full size (what docs/results reports) and a `quick` size that
//! finishes in about a minute on one core.

use crate::engine::EngineError;

mod cells;
mod common;
mod e1;
mod e2;
mod e3;
mod e4;
mod e4_real;
mod e5;
mod e6;
mod e7;
mod e8;
mod e9;
mod e9_judge;

pub use cells::ExperimentCells;
pub use common::{Experiment, ExperimentConfig, ExperimentOutput, RunExperiment, TextTable};
pub use e2::E2Result;
pub use e3::{E3Cell, E3Result};
pub use e4::{AlgoMeans, E4Result, E4TreeRow, tree_grid, tree_seeds};
pub use e5::E5Result;
pub use e6::{E6Result, FailureLine, FsssLine, SolveLine};
pub use e7::{E7Cell, E7Part};

/// Every classic experiment, in order.
pub const EXPERIMENTS: [Experiment; 9] = [
    e1::E1,
    e2::E2,
    e3::E3,
    e4::E4,
    e5::E5,
    e6::E6,
    e7::E7,
    e8::E8,
    e9::E9,
];

/// The experiment called `name` (any case).
#[must_use]
pub fn find_experiment(name: &str) -> Option<&'static Experiment> {
    EXPERIMENTS
        .iter()
        .find(|e| e.name.eq_ignore_ascii_case(name.trim()))
}

/// The experiments' names, for messages.
#[must_use]
pub fn experiment_names() -> Vec<&'static str> {
    EXPERIMENTS.iter().map(|e| e.name).collect()
}

/// Runs experiment `name` (`e1` ... `e7`). `progress` gets a short status line now and
/// then (for a terminal's progress display).
pub fn run_experiment(
    name: &str,
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    match find_experiment(name) {
        Some(e) => (e.run)(cfg, progress),
        None => Err(EngineError::Input(format!(
            "unknown experiment '{}'; expected one of {}",
            name.trim(),
            experiment_names().join(", ")
        ))),
    }
}
