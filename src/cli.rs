//! The command-line front end: the same engine as the app, for scripts, batch runs and
//! tests. Every subcommand prints plain `name: value` lines or aligned tables.

use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};

use crate::engine::{AnyPosition, GameKind, SearchRecord, SearchRequest, Suite, run_search};
use crate::experiment::bench::{self, BenchSpec, CountKind};
use crate::game::perft::PerftConvention;
use crate::game::random_tree::{self, RandomTree, TreeSpec};
use crate::game::tictactoe::TicTacToe;
use crate::game::{Game, Scoring};
use crate::search::{Algorithm, InitialWindow, MoveOrder, SearchControl, SearchOptions};

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
    /// Check that an algorithm picks an optimal move in every tic-tac-toe position.
    Verify(VerifyArgs),
    /// Run algorithms on a seeded random uniform tree beside the Knuth-Moore bound.
    Tree(TreeArgs),
    /// Run every position of a suite x algorithm rows x depths; print the seeds' tables.
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

/// `treelab train-eval`: regenerates `assets/othello/order-eval.bin` with the defaults.
#[derive(Debug, Args)]
pub struct TrainEvalArgs {
    /// Where to write the weights.
    #[arg(long, default_value = "assets/othello/order-eval.bin")]
    pub out: std::path::PathBuf,
    /// Seed of the games.
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
    /// Games to play.
    #[arg(long, default_value_t = 150_000)]
    pub games: usize,
    /// Solve only the positions of games from this one on (0-based), to split a long
    /// run into parts that save their samples (--save-samples) and train together
    /// (--from-samples, in order) to the weights of one run.
    #[arg(long, default_value_t = 0)]
    pub first_game: usize,
    /// Empties of the solved positions, comma-separated.
    #[arg(long, default_value = "11,12,13,14,15,16")]
    pub empties: String,
    /// Passes over the data (full-batch gradient steps).
    #[arg(long, default_value_t = 1000)]
    pub epochs: usize,
    /// Threads for the solving.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Where the stages after the first start, comma-separated empties (`14,17`: one
    /// set of weights for 0-13 empties, one for 14-16, one for 17 on); none: one set.
    #[arg(long, default_value = "")]
    pub stages: String,
    /// Each stage also trains on samples up to this many empties outside it.
    #[arg(long, default_value_t = 0)]
    pub stage_overlap: u32,
    /// Train on the samples in these files (written by --save-samples) instead of
    /// playing and solving games; repeat to combine files.
    #[arg(long = "from-samples")]
    pub from_samples: Vec<std::path::PathBuf>,
    /// Also write the solved samples to this file (one per line: player and opponent
    /// as hex bitboards, exact score).
    #[arg(long)]
    pub save_samples: Option<std::path::PathBuf>,
}

/// `treelab match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// othello, connect4 or tictactoe.
    #[arg(long)]
    pub game: String,
    /// Player A (plays first unless --alternate): `random` or `ROW@DEPTH`, ROW as in
    /// bench, e.g. `negaalpha+killers=32@6`.
    #[arg(long)]
    pub black: String,
    /// Player B, the same syntax.
    #[arg(long)]
    pub white: String,
    /// How many games.
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Seed of the openings and the random players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seeded random moves played before the players take over.
    #[arg(long, default_value_t = 0)]
    pub openings: usize,
    /// Swap colours every other game (games 2j and 2j+1 share an opening).
    #[arg(long)]
    pub alternate: bool,
    /// text, csv or ron.
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Write here instead of standard output.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Options applied to both players (a player's own `+option`s come on top).
    #[command(flatten)]
    pub options: OptionArgs,
}

/// `treelab experiment`.
#[derive(Debug, Args)]
pub struct ExperimentArgs {
    /// e1, e2, e3, e4 or e5 (docs/results/ describes each).
    pub name: String,
    /// The small version (about a minute on one core).
    #[arg(long)]
    pub quick: bool,
    /// The directory for the CSV, RON, SVG and text files (created if missing).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
}

/// `treelab soak`.
#[derive(Debug, Args)]
pub struct SoakArgs {
    /// How long to run, in minutes.
    #[arg(long, default_value_t = 1.0)]
    pub minutes: f64,
    /// Searches at once.
    #[arg(long, default_value_t = 2)]
    pub workers: usize,
    /// Seconds between samples.
    #[arg(long, default_value_t = 10.0)]
    pub sample_secs: f64,
}

/// `treelab merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The slices (RON files written by `bench --format ron --shard i/n`).
    #[arg(required = true)]
    pub inputs: Vec<std::path::PathBuf>,
    /// text, markdown, csv or ron.
    #[arg(long, default_value = "ron")]
    pub format: String,
    /// The counter in text tables: nodes or leaves.
    #[arg(long, default_value = "nodes")]
    pub count: String,
    /// Write here instead of standard output.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

/// `treelab bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// A suite file (.obf, .pos, a Connect Four test set) or a shipped suite's name
    /// (fforum-40-59.obf, Test_L3_R1, ...).
    #[arg(long)]
    pub suite: String,
    /// Comma-separated rows `NAME[+OPTION[=VALUE]]...`, e.g.
    /// `negaalpha,scout,negascout+skip-shallow-research,mtdf+tt=64+id`.
    #[arg(long)]
    pub algos: String,
    /// Depths: `2..10`, `2..=10`, or `2,4,6`.
    #[arg(long)]
    pub depths: String,
    /// The counter in the tables: nodes or leaves.
    #[arg(long, default_value = "nodes")]
    pub count: String,
    /// text, markdown, csv or ron.
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Write the output here instead of standard output.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Run only slice i of n: positions whose index is i modulo n. i counts from 0
    /// (`0/4` ... `3/4`, as Slurm's `--array=0-3` hands out), or from 1 with
    /// --shard-from-one (`1/4` ... `4/4`, as GNU parallel's `{#}` counts).
    #[arg(long, value_name = "i/n")]
    pub shard: Option<String>,
    /// The shard index of --shard counts from 1 (1..n) instead of 0 (0..n-1).
    #[arg(long, requires = "shard")]
    pub shard_from_one: bool,
    /// Only the first N positions.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Options applied to every row (a row's own `+option`s come on top).
    #[command(flatten)]
    pub options: OptionArgs,
}

/// `treelab perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// othello, connect4, tictactoe or random-tree.
    #[arg(long)]
    pub game: String,
    /// The position in the game's one-line text form (default: the start). May start
    /// with `-` (an OBF line whose first square is empty): `--position '--XX...'`.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub position: String,
    /// The deepest depth; every depth from 1 is printed.
    #[arg(long)]
    pub depth: u32,
    /// finished-is-leaf or finished-is-dropped (default: the game's own).
    #[arg(long)]
    pub convention: Option<String>,
}

/// Search options shared by every subcommand that searches. The names match the app
/// and session files.
#[derive(Debug, Args, Clone)]
pub struct OptionArgs {
    /// Fail-soft instead of fail-hard (alphabeta, negaalpha).
    #[arg(long)]
    pub fail_soft: bool,
    /// Move ordering: none, static, eval, shallow:K, oracle.
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
    /// NegaScout: skip the re-search at depth <= 2 (seed 000).
    #[arg(long)]
    pub skip_shallow_research: bool,
    /// MTD(f): first guess.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    pub first_guess: i32,
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
        let scoring =
            crate::vocab::rowspec::parse_scoring(&self.scoring).map_err(anyhow::Error::msg)?;
        let window = InitialWindow::from_name(&self.window)?;
        Ok(SearchOptions {
            fail_soft: self.fail_soft,
            ordering: MoveOrder::from_name(&self.order)?,
            order_all: !self.order_first,
            oracle_win_loss: self.oracle_win_loss,
            killers: self.killers,
            history: self.history,
            tt_mib: self.tt,
            tt_symmetry: self.tt_symmetry,
            iterative_deepening: self.id,
            aspiration: self.aspiration,
            window,
            scoring,
            skip_shallow_research: self.skip_shallow_research,
            first_guess: self.first_guess,
            sss_memory_mib: self.sss_mib,
        })
    }
}

/// `treelab search`.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// othello, connect4, tictactoe or random-tree.
    #[arg(long)]
    pub game: String,
    /// The position in the game's one-line text form (default: the start). May start
    /// with `-` (an OBF line whose first square is empty): `--position '--XX...'`.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub position: String,
    /// The algorithm: minimax, negamax, alphabeta, negaalpha, scout, negascout, pvs,
    /// mtdf, sss, mt-sss.
    #[arg(long)]
    pub algo: String,
    /// Depth (the last depth with --id).
    #[arg(long)]
    pub depth: u32,
    /// Stop after this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long)]
    pub seconds: Option<f64>,
    /// text (name: value lines) or ron (the whole result).
    #[arg(long, default_value = "text")]
    pub format: String,
    /// The options.
    #[command(flatten)]
    pub options: OptionArgs,
}

/// `treelab verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Only tictactoe is solved small enough to check every position.
    #[arg(long, default_value = "tictactoe")]
    pub game: String,
    /// The algorithm.
    #[arg(long)]
    pub algo: String,
    /// The options.
    #[command(flatten)]
    pub options: OptionArgs,
}

/// `treelab tree`.
#[derive(Debug, Args)]
pub struct TreeArgs {
    /// Children per node.
    #[arg(long)]
    pub width: u32,
    /// Depth of the tree (and of the search).
    #[arg(long)]
    pub depth: u32,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Leaf values: independent:RANGE or incremental:STEP.
    #[arg(long, default_value = "independent:1000")]
    pub model: String,
    /// Comma-separated algorithms.
    #[arg(long, default_value = "minimax,alphabeta,negascout,mtdf,sss,mt-sss")]
    pub algos: String,
    /// The options (applied to every algorithm that accepts them).
    #[command(flatten)]
    pub options: OptionArgs,
}

/// Runs a parsed command line.
pub fn run(command: Command) -> Result<()> {
    match command {
        Command::Perft(args) => perft(&args),
        Command::Search(args) => search_cmd(&args),
        Command::Verify(args) => verify(&args),
        Command::Tree(args) => tree(&args),
        Command::Bench(args) => bench(&args),
        Command::Merge(args) => merge(&args),
        Command::Match(args) => crate::experiment::matchplay::cli_match(&args),
        Command::Experiment(args) => crate::experiment::experiments::cli_experiment(&args),
        Command::Session(c) => session_cmd(c),
        Command::Soak(args) => soak(&args),
        Command::Solve(args) => crate::solve::cli::run(&args),
        Command::TrainEval(args) => train_eval(&args),
    }
}

fn parse_convention(text: &str) -> Result<PerftConvention> {
    match text.trim().to_ascii_lowercase().as_str() {
        "finished-is-leaf" | "leaf" => Ok(PerftConvention::FinishedIsLeaf),
        "finished-is-dropped" | "dropped" => Ok(PerftConvention::FinishedIsDropped),
        other => bail!(
            "unknown perft convention '{other}'; expected finished-is-leaf or finished-is-dropped"
        ),
    }
}

/// The deepest perft the CLI runs (beyond it the counts overflow any patience).
const MAX_PERFT_DEPTH: u32 = 20;

fn perft(args: &PerftArgs) -> Result<()> {
    let kind = GameKind::from_name(&args.game)?;
    let pos = AnyPosition::parse(kind, &args.position).context("position")?;
    if args.depth == 0 || args.depth > MAX_PERFT_DEPTH {
        bail!(
            "depth {} is out of range: use 1 to {MAX_PERFT_DEPTH}",
            args.depth
        );
    }
    let convention = match &args.convention {
        Some(c) => parse_convention(c)?,
        None => kind.perft_convention(),
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "# perft {} convention {} (bulk counting at the last ply)",
        kind.name(),
        convention.name()
    )?;
    writeln!(out, "# depth leaves seconds leaves/s")?;
    for depth in 1..=args.depth {
        let start = Instant::now();
        let leaves = pos.perft(depth, convention);
        let secs = start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 {
            leaves as f64 / secs
        } else {
            0.0
        };
        writeln!(out, "{depth} {leaves} {secs:.3} {rate:.0}")?;
        out.flush()?;
    }
    Ok(())
}

fn request(algo: &str, options: &OptionArgs, depth: u32) -> Result<SearchRequest> {
    Ok(SearchRequest {
        algorithm: Algorithm::from_name(algo)?,
        options: options.to_options()?,
        depth,
        evaluator: options.eval.clone(),
    })
}

fn search_cmd(args: &SearchArgs) -> Result<()> {
    let kind = GameKind::from_name(&args.game)?;
    let pos = AnyPosition::parse(kind, &args.position).context("position")?;
    let req = request(&args.algo, &args.options, args.depth)?;
    let time_budget = args
        .seconds
        .map(SearchControl::time_budget_from_secs)
        .transpose()
        .context("--seconds")?;
    let control = SearchControl {
        node_budget: args.nodes,
        time_budget,
        ..SearchControl::default()
    };
    let record = run_search(&pos, &req, control)?;
    match args.format.as_str() {
        "ron" => println!(
            "{}",
            ron::ser::to_string_pretty(&record, ron::ser::PrettyConfig::default())?
        ),
        "text" => print_record(&record, args.depth),
        other => bail!("unknown format '{other}'; expected text or ron"),
    }
    Ok(())
}

/// Prints a result as `name: value` lines.
pub fn print_record(r: &SearchRecord, depth: u32) {
    let opt = |v: Option<String>| v.unwrap_or_else(|| "none".into());
    println!("score: {}", opt(r.score.map(|s| s.to_string())));
    println!("best: {}", opt(r.best_move.clone()));
    println!("pv: {}", r.pv.join(" "));
    println!("depth: {}", r.depth_reached);
    println!("complete: {}", r.stopped.is_none());
    if let Some(reason) = r.stopped {
        println!("stopped: {}", reason.describe());
    }
    for (name, value) in r.stats.named_counters() {
        println!("{name}: {value}");
    }
    println!(
        "first_move_cutoff_rate: {:.4}",
        r.stats.first_move_cutoff_rate()
    );
    println!(
        "effective_branching_factor: {:.3}",
        r.stats.effective_branching_factor(depth)
    );
    println!("seconds: {:.6}", r.stats.elapsed_secs);
    println!("nodes_per_second: {:.0}", r.stats.nodes_per_sec());
    for it in &r.iterations {
        println!(
            "iteration: depth {} score {} best {} nodes {} passes {} seconds {:.6}",
            it.depth,
            it.score,
            it.best_move.clone().unwrap_or_else(|| "none".into()),
            it.nodes,
            it.null_window_passes,
            it.elapsed_secs
        );
    }
}

/// How many tic-tac-toe positions an algorithm plays optimally in: `(optimal, total)`,
/// over every reachable position that is not over. A move is optimal when its exact
/// value (negamax to the end, same scoring) equals the position's.
pub fn verify_tictactoe(req: &SearchRequest) -> Result<(usize, usize)> {
    let scoring = req.options.scoring;
    let mut memo = std::collections::HashMap::new();
    let mut optimal = 0;
    let mut total = 0;
    for pos in TicTacToe::all_reachable() {
        if pos.outcome().is_some() {
            continue;
        }
        total += 1;
        let record = run_search(&AnyPosition::TicTacToe(pos), req, SearchControl::default())?;
        let Some(best) = record.best_move else {
            continue;
        };
        let mv = pos.parse_move(&best)?;
        let value = exact_ttt(&pos, scoring, &mut memo);
        if -exact_ttt(&pos.play(mv), scoring, &mut memo) == value {
            optimal += 1;
        }
    }
    Ok((optimal, total))
}

fn exact_ttt(
    pos: &TicTacToe,
    scoring: Scoring,
    memo: &mut std::collections::HashMap<u64, i32>,
) -> i32 {
    if pos.outcome().is_some() {
        return pos.terminal_score(scoring);
    }
    if let Some(&v) = memo.get(&pos.hash()) {
        return v;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let v = moves
        .iter()
        .map(|&m| -exact_ttt(&pos.play(m), scoring, memo))
        .max()
        .unwrap_or(0);
    memo.insert(pos.hash(), v);
    v
}

fn verify(args: &VerifyArgs) -> Result<()> {
    if GameKind::from_name(&args.game)? != GameKind::TicTacToe {
        bail!("verify checks every position of a game, which only tic-tac-toe is small enough for");
    }
    let req = request(&args.algo, &args.options, TicTacToe::MAX_PLIES as u32)?;
    let (optimal, total) = verify_tictactoe(&req)?;
    println!("optimal: {optimal}/{total}");
    if optimal != total {
        bail!(
            "{} positions where {} picked a move that is not optimal",
            total - optimal,
            args.algo
        );
    }
    Ok(())
}

fn parse_model(text: &str) -> Result<random_tree::ValueModel> {
    let (kind, value) = text.split_once(':').with_context(|| {
        format!("model '{text}': expected independent:RANGE or incremental:STEP")
    })?;
    let value: i32 = value
        .trim()
        .parse()
        .with_context(|| format!("model '{text}': '{value}' is not a whole number"))?;
    match kind.trim() {
        "independent" => Ok(random_tree::ValueModel::Independent { range: value }),
        "incremental" => Ok(random_tree::ValueModel::Incremental { step: value }),
        other => bail!("unknown value model '{other}'; expected independent or incremental"),
    }
}

/// The table MTD(f) and MT-SSS* get in `treelab tree` when none is asked for.
const DEFAULT_MT_TABLE_MIB: u32 = 64;

fn tree(args: &TreeArgs) -> Result<()> {
    let spec = TreeSpec {
        width: args.width,
        depth: args.depth,
        seed: args.seed,
        model: parse_model(&args.model)?,
    };
    let root = RandomTree::new(spec).context("tree")?;
    let pos = AnyPosition::RandomTree(root);
    let minimal = random_tree::knuth_moore_minimal_leaves(args.width, args.depth);
    let full = spec.leaf_count();
    let fmt = |v: Option<u64>| v.map_or_else(|| "overflow".to_string(), |n| n.to_string());
    println!("tree: {spec}");
    println!("knuth_moore_minimal_leaves: {}", fmt(minimal));
    println!("minimax_leaves: {}", fmt(full));
    println!(
        "{:<12} {:>8} {:>14} {:>14} {:>10} {:>8}",
        "algorithm", "score", "leaves", "nodes", "vs-minimal", "passes"
    );
    for name in args
        .algos
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let algo = Algorithm::from_name(name)?;
        let mut opts = args.options.to_options()?;
        // MTD(f) and MT-SSS* are memory-enhanced tests by definition: give them a table.
        if matches!(algo, Algorithm::MtdF | Algorithm::MtSss) && opts.tt_mib == 0 {
            opts.tt_mib = DEFAULT_MT_TABLE_MIB;
        }
        // Options an algorithm cannot take are dropped for it, not refused for all.
        if opts.validate(algo, args.depth).is_err() {
            opts = SearchOptions {
                ordering: opts.ordering,
                order_all: opts.order_all,
                ..SearchOptions::default()
            };
        }
        let req = SearchRequest {
            algorithm: algo,
            options: opts,
            depth: args.depth,
            evaluator: args.options.eval.clone(),
        };
        let r = run_search(&pos, &req, SearchControl::default())?;
        let ratio = minimal.map_or(0.0, |m| r.stats.leaves as f64 / m as f64);
        println!(
            "{:<12} {:>8} {:>14} {:>14} {:>10.3} {:>8}",
            algo.name(),
            r.score.map_or_else(|| "-".into(), |s| s.to_string()),
            r.stats.leaves,
            r.stats.nodes,
            ratio,
            r.stats.null_window_passes
        );
    }
    Ok(())
}

/// Parses `2..10` (inclusive, as the seeds' tables), `2..=10` or `2,4,6`. Every depth
/// must lie in 1 ..= [`MAX_DEPTH`](crate::search::options::MAX_DEPTH), so an absurd range
/// is refused before anything is allocated for it.
pub fn parse_depths(text: &str) -> Result<Vec<u32>> {
    use crate::search::options::MAX_DEPTH;
    let text = text.trim();
    let number = |d: &str| -> Result<u32> {
        let d = d.trim();
        let n: u32 = d
            .parse()
            .with_context(|| format!("depths '{text}': '{d}' is not a whole number"))?;
        if n == 0 || n > MAX_DEPTH {
            bail!("depths '{text}': depth {n} is out of range: use 1 to {MAX_DEPTH}");
        }
        Ok(n)
    };
    let depths: Vec<u32> = if let Some((a, b)) = text.split_once("..") {
        let lo = number(a)?;
        let hi = number(b.strip_prefix('=').unwrap_or(b))?;
        if lo > hi {
            bail!("depths '{text}': the range is empty");
        }
        (lo..=hi).collect()
    } else {
        text.split(',').map(number).collect::<Result<_>>()?
    };
    if depths.is_empty() {
        bail!("no depths given");
    }
    Ok(depths)
}

fn bench(args: &BenchArgs) -> Result<()> {
    use std::io::IsTerminal;
    let mut suite = Suite::load_named(&args.suite)?;
    if let Some(n) = args.limit {
        suite.items.truncate(n);
    }
    let base = args.options.to_options()?;
    let rows = args
        .algos
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| bench::parse_row_spec(s, &base))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    if rows.is_empty() {
        bail!("--algos names no algorithm");
    }
    let shard = args
        .shard
        .as_deref()
        .map(|s| parse_shard(s, args.shard_from_one))
        .transpose()?;
    let count = parse_count(&args.count)?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let spec = BenchSpec {
        suite,
        rows,
        depths: parse_depths(&args.depths)?,
        evaluator: args.options.eval.clone(),
        threads,
        shard,
    };
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let tty = std::io::stderr().is_terminal();
    let start = Instant::now();
    let progress = move |done: usize, total: usize, nodes: u64| {
        if tty {
            let secs = start.elapsed().as_secs_f64();
            let left = if done > 0 {
                secs / done as f64 * (total - done) as f64
            } else {
                0.0
            };
            let rate = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
            eprint!(
                "\r{done}/{total} searches, {:.1} M nodes/s, about {left:.0} s left   ",
                rate / 1e6
            );
            if done == total {
                eprintln!();
            }
        }
    };
    let result = bench::run_bench(&spec, &stop, &progress)?;
    write_bench(&result, count, &args.format, args.out.as_deref())?;
    let failed = result.failures().len();
    if failed > 0 {
        bail!("{failed} cells failed (see FAILED above)");
    }
    let mismatches = result.disagreements().len();
    if mismatches > 0 {
        bail!("{mismatches} cells disagree on the score with the first row");
    }
    Ok(())
}

/// Parses `--shard i/n` into a 0-based slice index and the slice count; `from_one` says
/// that i counts 1..n (GNU parallel's `{#}`, a Slurm array `--array=1-n`).
pub fn parse_shard(text: &str, from_one: bool) -> Result<(usize, usize)> {
    let (first, last) = if from_one { ("1", "n") } else { ("0", "n-1") };
    let (i, n) = text.split_once('/').with_context(|| {
        format!("--shard '{text}': expected i/n with i from {first} to {last}, e.g. {first}/4")
    })?;
    let i: usize = i
        .trim()
        .parse()
        .with_context(|| format!("--shard '{text}': the index '{i}' is not a whole number"))?;
    let n: usize = n
        .trim()
        .parse()
        .with_context(|| format!("--shard '{text}': the count '{n}' is not a whole number"))?;
    if n == 0 {
        bail!("--shard '{text}': the count of slices must be at least 1");
    }
    if from_one {
        if i == 0 || i > n {
            bail!(
                "--shard '{text}' with --shard-from-one: the index counts from 1 to {n}; \
                 drop --shard-from-one for 0-based indices"
            );
        }
        Ok((i - 1, n))
    } else if i >= n {
        bail!(
            "--shard '{text}': the index counts from 0 to {}; for indices 1..{n} (GNU \
             parallel's {{#}}, a Slurm array 1-{n}) add --shard-from-one",
            n - 1
        );
    } else {
        Ok((i, n))
    }
}

fn parse_count(text: &str) -> Result<CountKind> {
    match text {
        "nodes" => Ok(CountKind::Nodes),
        "leaves" => Ok(CountKind::Leaves),
        other => bail!("unknown count '{other}'; expected nodes or leaves"),
    }
}

fn write_bench(
    result: &bench::BenchResult,
    count: CountKind,
    format: &str,
    out: Option<&std::path::Path>,
) -> Result<()> {
    let text = match format {
        "text" => result.render(count, bench::Format::Text),
        "markdown" | "md" => result.render(count, bench::Format::Markdown),
        "csv" => result.render(count, bench::Format::Csv),
        "ron" => ron::ser::to_string_pretty(result, ron::ser::PrettyConfig::default())?,
        other => bail!("unknown format '{other}'; expected text, markdown, csv or ron"),
    };
    match out {
        Some(path) => {
            crate::vocab::atomic::write_atomic(path, text.as_bytes())
                .with_context(|| format!("writing {}", path.display()))?;
        }
        None => print!("{text}"),
    }
    Ok(())
}

fn merge(args: &MergeArgs) -> Result<()> {
    let mut parts = Vec::new();
    for path in &args.inputs {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let part: bench::BenchResult = ron::from_str(&text)
            .map_err(|e| anyhow::anyhow!("{}: not a bench result: {e}", path.display()))?;
        parts.push(part);
    }
    let whole = bench::merge_results(parts)?;
    write_bench(
        &whole,
        parse_count(&args.count)?,
        &args.format,
        args.out.as_deref(),
    )
}

/// `treelab session ...`.
#[derive(Debug, Subcommand)]
pub enum SessionCommand {
    /// Write a preset (e1 .. e4) as a session file, without results.
    Preset {
        /// The preset's name: e1, e2, e3 or e4.
        name: String,
        /// The session file to write.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Run every enabled row of a session, as the app's Run button does, and save it
    /// with the results.
    Run {
        /// The session file.
        file: std::path::PathBuf,
        /// Where to save (default: the same file).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Run on every position of the session's suite (default: as the session says).
        #[arg(long, conflicts_with = "current")]
        suite: bool,
        /// Run on the current position only.
        #[arg(long)]
        current: bool,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Print a session's results table (as the app shows it).
    Show {
        /// The session file.
        file: std::path::PathBuf,
        /// text (Markdown table) or csv.
        #[arg(long, default_value = "text")]
        format: String,
    },
}

fn session_cmd(c: SessionCommand) -> Result<()> {
    use crate::runner::{Job, RunEvent, Target, run_session_blocking};
    use crate::session::Session;
    match c {
        SessionCommand::Preset { name, out } => {
            let p = crate::presets::find(&name).with_context(|| {
                let names: Vec<&str> = crate::presets::PRESETS.iter().map(|p| p.name).collect();
                format!("no preset '{name}'; expected one of {}", names.join(", "))
            })?;
            (p.build)()
                .save(&out)
                .with_context(|| format!("writing {}", out.display()))?;
            println!("wrote {} ({})", out.display(), p.label);
            Ok(())
        }
        SessionCommand::Run {
            file,
            out,
            suite,
            current,
            threads,
        } => {
            let mut session =
                Session::load(&file).with_context(|| format!("opening {}", file.display()))?;
            let target = if current {
                Target::Current
            } else if suite || session.view.run_suite {
                Target::Suite
            } else {
                Target::Current
            };
            let threads = threads.unwrap_or_else(crate::runner::default_threads);
            if threads == 0 || threads > 1024 {
                bail!("--threads {threads} is out of range: use 1 to 1024");
            }
            let start = Instant::now();
            let mut done = 0usize;
            let mut nodes = 0u64;
            run_session_blocking(&mut session, target, threads, |job: &Job, e: &RunEvent| {
                if let RunEvent::Finished { result, .. } = e {
                    done += 1;
                    match result {
                        Ok(r) => nodes += r.stats.nodes,
                        Err(err) => eprintln!(
                            "row {} {} depth {}: failed: {err}",
                            job.row + 1,
                            job.position_name,
                            job.request.depth
                        ),
                    }
                }
            })
            .map_err(|e| anyhow::anyhow!(e))?;
            let out = out.unwrap_or(file);
            session
                .save(&out)
                .with_context(|| format!("saving {}", out.display()))?;
            println!(
                "ran {done} searches, {nodes} nodes in {:.1} s on {threads} threads; saved {}",
                start.elapsed().as_secs_f64(),
                out.display()
            );
            Ok(())
        }
        SessionCommand::Show { file, format } => {
            let session =
                Session::load(&file).with_context(|| format!("opening {}", file.display()))?;
            let report = crate::report::Report::new(
                &session.results,
                &session.rows,
                session.view.baseline_row,
            );
            let view = report.view(None, None);
            match format.as_str() {
                "text" | "markdown" => print!("{}", report.markdown(&view)),
                "csv" => print!("{}", report.csv(&view)),
                other => bail!("unknown format '{other}'; expected text or csv"),
            }
            Ok(())
        }
    }
}

/// Parses the comma-separated whole numbers of option `flag` (blank parts skipped).
fn parse_counts(flag: &str, text: &str) -> Result<Vec<u32>> {
    text.split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| {
            part.parse()
                .with_context(|| format!("{flag} '{text}': '{part}' is not a number"))
        })
        .collect()
}

fn train_eval(args: &TrainEvalArgs) -> Result<()> {
    use crate::solve::pattern::{SampleFiles, TrainConfig, train_to_file};
    let empties = parse_counts("--empties", &args.empties)?;
    if empties.is_empty() {
        bail!("--empties names no empty-square count");
    }
    if let Some(e) = empties.iter().find(|e| !(1..=40).contains(*e)) {
        bail!("--empties: {e} is out of range (1 to 40)");
    }
    if args.games == 0 || args.epochs == 0 || !(1..=256).contains(&args.threads) {
        bail!("--games and --epochs must be at least 1, --threads 1 to 256");
    }
    if args.from_samples.is_empty() && args.first_game >= args.games {
        bail!(
            "--first-game {} leaves nothing to solve of --games {}",
            args.first_game,
            args.games
        );
    }
    let stages = parse_counts("--stages", &args.stages)?;
    if args.stage_overlap > 64 {
        bail!(
            "--stage-overlap {} is out of range: 0 to 64",
            args.stage_overlap
        );
    }
    let config = TrainConfig {
        stages,
        stage_overlap: args.stage_overlap,
        seed: args.seed,
        games: args.games,
        first_game: args.first_game,
        empties,
        threads: args.threads,
        epochs: args.epochs,
        ..TrainConfig::default()
    };
    let files = SampleFiles {
        from: args.from_samples.clone(),
        save: args.save_samples.clone(),
    };
    let report = train_to_file(&config, &files, &args.out)?;
    print!("{report}");
    println!("wrote {}", args.out.display());
    Ok(())
}

fn soak(args: &SoakArgs) -> Result<()> {
    use crate::experiment::soak::{SoakConfig, run_soak};
    let secs = |what: &str, v: f64, max: f64| -> Result<std::time::Duration> {
        if !(v.is_finite() && v > 0.0 && v <= max) {
            bail!("{what} {v} is out of range: use more than 0 and at most {max}");
        }
        Ok(std::time::Duration::from_secs_f64(v))
    };
    if args.workers == 0 || args.workers > bench::MAX_THREADS {
        bail!(
            "{} workers is out of range: use 1 to {}",
            args.workers,
            bench::MAX_THREADS
        );
    }
    let duration = secs("--minutes", args.minutes, 7.0 * 24.0 * 60.0)? * 60;
    let config = SoakConfig {
        duration,
        warmup: duration / 4,
        workers: args.workers,
        sample_every: secs("--sample-secs", args.sample_secs, 3600.0)?,
        ..SoakConfig::default()
    };
    println!("# seconds searches nodes rss_kib threads");
    let report = run_soak(&config, &mut |s| {
        let opt = |v: Option<u64>| v.map_or_else(|| "-".into(), |n| n.to_string());
        println!(
            "{:.1} {} {} {} {}",
            s.elapsed_secs,
            s.searches,
            s.nodes,
            opt(s.rss_kib),
            opt(s.threads)
        );
    });
    println!(
        "searches: {} completed: {} stopped: {} failed: {}",
        report.searches,
        report.completed,
        report.stopped,
        report.failures.len()
    );
    let q = |p: f64| {
        report
            .stop_latency_quantile(p)
            .map_or_else(|| "-".into(), |v| format!("{v:.1}"))
    };
    println!(
        "stop_latency_ms: median {} p99 {} max {}",
        q(0.5),
        q(0.99),
        q(1.0)
    );
    if let Some((warm, last)) = report.rss_warm_and_final() {
        println!(
            "rss_kib: after warm-up ({:.0} s) {warm} final {last}",
            report.warmup_secs
        );
    }
    let problems = report.problems(1.5);
    for p in &problems {
        eprintln!("problem: {p}");
    }
    if !problems.is_empty() {
        bail!("the soak found {} problems", problems.len());
    }
    Ok(())
}
