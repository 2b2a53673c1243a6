//! The command-line front end: the same engine as the app, for scripts, batch runs and
//! tests. Every subcommand prints plain `name: value` lines or aligned tables. One file
//! per subcommand; this one holds the command line itself and the search options the
//! searching subcommands share.

mod bench;
mod experiment;
mod matches;
mod perft;
mod search;
mod session;
mod soak;
mod trace;
mod train;
mod tree;
mod verify;

use anyhow::Result;
use clap::{Args, Parser, Subcommand};

use crate::engine::SearchRequest;
use crate::search::{Algorithm, InitialWindow, MoveOrder, MtMemory, SearchOptions, TableKind};

pub use bench::{BenchArgs, MergeArgs, parse_depths, parse_shard};
pub use experiment::ExperimentArgs;
pub use matches::MatchArgs;
pub use perft::PerftArgs;
pub use search::{SearchArgs, print_record};
pub use session::SessionCommand;
pub use soak::SoakArgs;
pub use train::TrainEvalArgs;
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
    /// Sessions without the window: write a preset, run a session's rows, print results.
    #[command(subcommand)]
    Session(SessionCommand),
    /// Join the RON slices of a sharded bench into one result.
    Merge(MergeArgs),
    /// Play whole games between two players (searchers or a random mover).
    Match(MatchArgs),
    /// Run one of the classic experiments (e1 ... e5) and write its files.
    Experiment(ExperimentArgs),
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
}

/// Search options shared by every subcommand that searches. The names match the app
/// and session files.
#[derive(Debug, Args, Clone)]
pub struct OptionArgs {
    /// Fail-soft instead of fail-hard (alphabeta, negaalpha).
    #[arg(long)]
    pub fail_soft: bool,
    /// Fail-hard, but a cutoff returns the value that caused it (Pons' negamax;
    /// negaalpha, bisect).
    #[arg(long)]
    pub soft_cutoffs: bool,
    /// Move ordering: none, static, eval, shallow:K, oracle, threats.
    #[arg(long, default_value = "none")]
    pub order: String,
    /// Order only the first move (bring the best-rated move to the front).
    #[arg(long)]
    pub order_first: bool,
    /// With --order oracle: the oracle rates wins without their distance.
    #[arg(long)]
    pub oracle_win_loss: bool,
    /// Killer moves per ply (0 = off).
    #[arg(long, default_value_t = 0)]
    pub killers: u32,
    /// History heuristic.
    #[arg(long)]
    pub history: bool,
    /// Transposition table size in MiB (0 = none).
    #[arg(long, default_value_t = 0)]
    pub tt: u32,
    /// Share table entries between symmetric positions.
    #[arg(long)]
    pub tt_symmetry: bool,
    /// Keep leaf values in the table too (NegaAlpha, MTD(f); MT-SSS*'s memory always
    /// does).
    #[arg(long)]
    pub tt_leaves: bool,
    /// MT-SSS* without memory: no table, every pass searches from the root again (by
    /// default MT-SSS* has Plaat's memory, a 16 MiB table unless --tt sets its size).
    #[arg(long, conflicts_with = "ordinary_table")]
    pub no_memory: bool,
    /// MT-SSS* with an ordinary table (its best move first, leaves evaluated on every
    /// pass) instead of Plaat's memory.
    #[arg(long)]
    pub ordinary_table: bool,
    /// What the table keeps: full (both bounds and the move), upper (Pons' step 4) or
    /// last-bound (Pons' step 8).
    #[arg(long, default_value = "full")]
    pub table: String,
    /// Score a node whose side to move wins at once without expanding it, and narrow the
    /// window to the game's bounds (searches to the end of the game).
    #[arg(long)]
    pub win: bool,
    /// Search only moves that do not let the opponent win at once (needs --win).
    #[arg(long)]
    pub non_losing: bool,
    /// Iterative deepening.
    #[arg(long)]
    pub id: bool,
    /// Aspiration window half-width (needs --id; 0 = off).
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    pub aspiration: i32,
    /// Root window: infinite or game (the game's score range).
    #[arg(long, default_value = "infinite")]
    pub window: String,
    /// Scoring of finished games: native, win-loss, shortest-win.
    #[arg(long, default_value = "native")]
    pub scoring: String,
    /// NegaScout: skip the re-search at depth <= 2 (article 000).
    #[arg(long)]
    pub skip_shallow_research: bool,
    /// MTD(f): first guess.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    pub first_guess: i32,
    /// MTD(f) with --id: first guess from the iteration before last (same parity).
    #[arg(long)]
    pub guess_before_last: bool,
    /// Round static evaluations to multiples of this many units (0 = off).
    #[arg(long, default_value_t = 0)]
    pub grain: u32,
    /// SSS*: memory budget in MiB.
    #[arg(long, default_value_t = 256)]
    pub sss_mib: u32,
    /// The evaluator (default: the game's own).
    #[arg(long, default_value = "")]
    pub eval: String,
}

impl OptionArgs {
    /// The options these flags describe.
    pub fn to_options(&self) -> Result<SearchOptions> {
        let scoring = crate::game::Scoring::from_name(&self.scoring).map_err(anyhow::Error::msg)?;
        let window = InitialWindow::from_name(&self.window)?;
        Ok(SearchOptions {
            fail_soft: self.fail_soft,
            soft_cutoffs: self.soft_cutoffs,
            ordering: MoveOrder::from_name(&self.order)?,
            order_all: !self.order_first,
            oracle_win_loss: self.oracle_win_loss,
            killers: self.killers,
            history: self.history,
            tt_mib: self.tt,
            tt_symmetry: self.tt_symmetry,
            tt_leaves: self.tt_leaves,
            table: TableKind::from_name(&self.table)?,
            mt_memory: if self.no_memory {
                MtMemory::None
            } else if self.ordinary_table {
                MtMemory::Ordinary
            } else {
                MtMemory::Plaat
            },
            win_at_once: self.win,
            non_losing: self.non_losing,
            iterative_deepening: self.id,
            aspiration: self.aspiration,
            window,
            scoring,
            skip_shallow_research: self.skip_shallow_research,
            first_guess: self.first_guess,
            guess_before_last: self.guess_before_last,
            grain: self.grain,
            sss_memory_mib: self.sss_mib,
        })
    }
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
        Command::Merge(args) => bench::merge(&args),
        Command::Match(args) => matches::cli_match(&args),
        Command::Experiment(args) => experiment::cli_experiment(&args),
        Command::Session(c) => session::session_cmd(c),
        Command::Soak(args) => soak::soak(&args),
        Command::Solve(args) => crate::solve::cli::run(&args),
        Command::TrainEval(args) => train::train_eval(&args),
    }
}

/// The position `text` of `game` and the depth to search it to: `depth`, or where the
/// game has one, the depth that reaches every end of the game (a tree's height).
pub(crate) fn position_and_depth(
    game: &str,
    text: &str,
    depth: Option<u32>,
) -> Result<(crate::engine::AnyPosition, u32)> {
    use anyhow::Context;
    let kind = crate::engine::GameKind::from_name(game)?;
    let pos = crate::engine::AnyPosition::parse(kind, text).context("position")?;
    let depth = match depth {
        Some(depth) => depth,
        None => pos.as_dyn().full_depth().with_context(|| {
            format!(
                "--depth is needed: {} has no depth that reaches every end of the game",
                kind.label()
            )
        })?,
    };
    Ok((pos, depth))
}

pub(crate) fn request(algo: &str, options: &OptionArgs, depth: u32) -> Result<SearchRequest> {
    Ok(SearchRequest {
        algorithm: Algorithm::from_name(algo)?,
        options: options.to_options()?,
        depth,
        evaluator: options.eval.clone(),
    })
}
