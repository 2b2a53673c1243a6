//! The command-line front end: the same engine as the app, for scripts, batch runs and
//! tests. Every subcommand prints plain `name: value` lines or aligned tables. One file
//! per subcommand; this one holds the command line itself and the search options the
//! searching subcommands share.

mod bench;
mod common;
mod exercise;
mod experiment;
mod grid;
mod matches;
mod merge;
mod options;
mod perft;
mod progress;
mod search;
mod session;
mod soak;
mod trace;
mod train;
mod train_net;
mod tree;
mod verify;

use anyhow::Result;
use clap::{Parser, Subcommand};

pub use bench::{BenchArgs, parse_depths, parse_shard};
pub use exercise::ExerciseArgs;
pub use experiment::ExperimentArgs;
pub use matches::MatchArgs;
pub use merge::MergeArgs;
pub use options::OptionArgs;
pub use perft::PerftArgs;
pub use progress::progress_line;
pub use search::{SearchArgs, print_record};
pub use session::SessionCommand;
pub use soak::SoakArgs;
pub use train::TrainEvalArgs;
pub use train_net::TrainNetArgs;
pub use tree::TreeArgs;
pub use verify::VerifyArgs;

/// treelab: compare game-tree search algorithms. Without a subcommand, opens the app.
#[derive(Debug, Parser)]
#[command(
    name = "treelab",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// What to do; none opens the window.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A session file (.ron) for the window to open.
    #[arg(value_name = "SESSION")]
    pub open: Option<std::path::PathBuf>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaves of the move tree (move-generator ground truth and speed).
    Perft(PerftArgs),
    /// Search one position with one algorithm and print every counter.
    Search(SearchArgs),
    /// Every visit of one search, with its window, value and why (the tree view's
    /// figures too, without the window).
    Trace(trace::TraceArgs),
    /// Check that an algorithm picks an optimal move in every tic-tac-toe position.
    Verify(VerifyArgs),
    /// Run algorithms on a seeded random uniform tree beside the Knuth-Moore bound.
    Tree(TreeArgs),
    /// Run every position of a suite x algorithm rows x depths; print the articles' tables.
    Bench(BenchArgs),
    /// Sessions without the window: write a preset, run a session's rows, print results,
    /// turn a session into a link and back.
    #[command(subcommand)]
    Session(SessionCommand),
    /// Join the slices of a sharded bench or match (RON files or grid folders) into one
    /// result; with --missing, list what a grid folder still lacks.
    Merge(MergeArgs),
    /// Play whole games between two players (searchers or a random mover).
    Match(MatchArgs),
    /// Run one of the classic experiments (e1 ... e7), E8 (parallel search) or E9 (PUCT with a network beside alpha-beta) and write its files.
    Experiment(ExperimentArgs),
    /// Generate practice trees for an algorithm with a chosen difficulty, each with an
    /// id that regenerates it; a printable sheet and its answer key (HTML or LaTeX).
    Exercise(ExerciseArgs),
    /// Start and stop searches on worker threads for a while; report memory, threads
    /// and stop latency over time (docs/reliability.md).
    #[command(hide = true)]
    Soak(SoakArgs),
    /// Solve every position of a suite exactly (Othello endgames, Connect Four) and
    /// check the file's scores.
    Solve(crate::solve::cli::SolveArgs),
    /// Train the Othello solver's ordering evaluation (writes a weights file).
    #[command(hide = true)]
    TrainEval(TrainEvalArgs),
    /// Train a game's policy-value network on positions labelled by an exact solver
    /// (writes safetensors with a manifest).
    TrainNet(TrainNetArgs),
}

/// Runs a parsed command line.
pub fn run(command: Command) -> Result<()> {
    match command {
        Command::Perft(args) => perft::perft(&args),
        Command::Search(args) => search::search_cmd(&args),
        Command::Trace(args) => trace::trace_cmd(&args),
        Command::Verify(args) => verify::verify(&args),
        Command::Tree(args) => tree::tree(&args),
        Command::Bench(args) => bench::bench(&args),
        Command::Merge(args) => merge::merge(&args),
        Command::Match(args) => matches::cli_match(&args),
        Command::Experiment(args) => experiment::cli_experiment(&args),
        Command::Exercise(args) => exercise::exercise_cmd(&args),
        Command::Session(c) => session::session_cmd(c),
        Command::Soak(args) => soak::soak(&args),
        Command::Solve(args) => crate::solve::cli::run(&args),
        Command::TrainEval(args) => train::train_eval(&args),
        Command::TrainNet(args) => train_net::train_net(&args),
    }
}
