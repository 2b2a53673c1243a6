//! Every search option, declared once: its text form (the row spec's `+key[=value]`,
//! which is also its CLI flag `--key [value]`), its words (the app's label, the help of
//! the CLI and the app's hover, the row's summary), its limits, which algorithms take it
//! and which other options it needs. The row spec ([`crate::engine::rowspec`]), the CLI
//! flags, the app's options panel, the summary, [`SearchOptions::check`] and the
//! session's clean-up of options that no longer apply all read [`all`].
//!
//! A new option: its field in [`SearchOptions`] (with its default) and one declaration
//! in the file of its group.

// The shapes and helpers first: the groups' files use its `flag!` macro.
#[macro_use]
mod decl;
mod cutoffs;
mod driver;
mod mcts;
mod parallel;
mod tables;

pub use decl::{Choice, Form, MAX_ITERATIONS, Number, OptionDecl, Subject, SwitchState};
// The groups' files share the declarations' helpers and the words they are made of.
use decl::*;

/// The groups of declarations, in the row spec's order (each in its own file).
const GROUPS: &[&[OptionDecl]] = &[
    cutoffs::CUTOFF_OPTIONS,
    tables::TABLE_OPTIONS,
    driver::DRIVER_OPTIONS,
    mcts::MCTS_OPTIONS,
    mcts::PUCT_OPTIONS,
    parallel::PARALLEL_OPTIONS,
];

/// Every option, in the order the row spec writes them and the app lists them.
pub fn all() -> impl Iterator<Item = &'static OptionDecl> {
    GROUPS.iter().flat_map(|g| g.iter())
}

/// Finds the declaration that reads a row spec key (a value's key or a switch state's),
/// with the state for a switch.
#[must_use]
pub fn by_key(key: &str) -> Option<(&'static OptionDecl, Option<usize>)> {
    let key = match key {
        "skip" => "skip-shallow-research",
        k => k,
    };
    all().find_map(|d| match d.form {
        Form::Switch { states, .. } => states
            .iter()
            .position(|s| !s.key.is_empty() && s.key == key)
            .map(|k| (d, Some(k))),
        Form::Value { .. } => (d.key == key).then_some((d, None)),
    })
}
