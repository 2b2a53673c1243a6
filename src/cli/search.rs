//! `treelab search`: one position, one algorithm, every counter.

use anyhow::{Context, Result, bail};
use clap::Args;

use super::OptionArgs;
use super::common::{position_and_depth, request};
use super::progress::{LiveProgress, refuse_beyond_reach};
use crate::engine::{SearchRecord, run_search};
use crate::search::SearchControl;
use crate::search::registry::names;

/// `treelab search`.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// othello, connect4, tictactoe, random-tree, custom or ewn.
    #[arg(long)]
    pub game: String,
    /// The position in the game's one-line text form (default: the start). May start
    /// with `-` (an OBF line whose first square is empty): `--position '--XX...'`.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub position: String,
    /// The algorithm, by name (the help lists every one).
    #[arg(long, help = format!("The algorithm: {}", names(|_| true)))]
    pub algo: String,
    /// Depth (the last depth with --id). Trees default to their height (every leaf).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Stop after this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long, conflicts_with = "time_ms")]
    pub seconds: Option<f64>,
    /// Stop after this many milliseconds (as a match's `+time=MS`).
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// MCTS: the seed of its playouts (the same as --rollout-seed).
    #[arg(long, conflicts_with = "rollout-seed")]
    pub seed: Option<u64>,
    /// text (name: value lines) or ron (the whole result).
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Run a search that prunes nothing (minimax, negamax, expectimax) even when it
    /// visits more leaves than any run can (the engine's limit, 1e11): without it such
    /// a search is refused at once with its size.
    #[arg(long)]
    pub force: bool,
    /// The options.
    #[command(flatten)]
    pub options: OptionArgs,
}

pub(super) fn search_cmd(args: &SearchArgs) -> Result<()> {
    let (pos, depth) = position_and_depth(&args.game, &args.position, args.depth)?;
    let mut options = args.options.clone();
    if let Some(seed) = args.seed {
        options.set("rollout-seed", &seed.to_string());
    }
    let req = request(&args.algo, &options, depth)?;
    let seconds = args.seconds.or(args.time_ms.map(|ms| ms as f64 / 1000.0));
    let time_budget = seconds
        .map(SearchControl::time_budget_from_secs)
        .transpose()
        .context(if args.time_ms.is_some() {
            "--time-ms"
        } else {
            "--seconds"
        })?;
    refuse_beyond_reach(&pos, &req, args.force)?;
    let live = LiveProgress::on_terminal(pos.as_dyn().value_scale());
    let control = SearchControl {
        node_budget: args.nodes,
        time_budget,
        progress: live.as_ref().map(LiveProgress::sink),
        progress_interval: super::progress::INTERVAL,
        ..SearchControl::default()
    };
    let record = run_search(&pos, &req, control);
    if let Some(live) = &live {
        live.finish();
    }
    let record = record?;
    match args.format.as_str() {
        "ron" => println!(
            "{}",
            ron::ser::to_string_pretty(&record, ron::ser::PrettyConfig::default())?
        ),
        "text" => print_record(&record, depth),
        other => bail!("unknown format '{other}'; expected text or ron"),
    }
    Ok(())
}

/// Prints a result as `name: value` lines.
pub fn print_record(r: &SearchRecord, depth: u32) {
    let opt = |v: Option<String>| v.unwrap_or_else(|| "none".into());
    println!("score: {}", opt(r.score_text()));
    if let Some(fraction) = r
        .score
        .and_then(|v| crate::game::chance::exact_fraction(i64::from(v), r.scale()))
    {
        println!("score_exact: {fraction}");
    }
    if let Some(e) = r.estimate {
        let of = if r.best_move.is_some() {
            "the move played"
        } else {
            "the root"
        };
        println!(
            "estimate: {:+.4} (mean reward of {of}, -1 to 1, over its {} visits; not a minimax score)",
            e.mean, e.visits
        );
        // The iterations are a counter, printed below with the others.
        println!("proven: {}", if e.proven.is_some() { "yes" } else { "no" });
        if let Some(outcome) = e.proven_outcome() {
            println!("outcome: {outcome} (proven, for the side to move)");
        }
    }
    println!("best: {}", opt(r.best_move.clone()));
    println!("pv: {}", r.pv.join(" "));
    println!("depth: {}", r.depth_reached);
    println!("complete: {}", r.stopped.is_none());
    if let Some(reason) = r.stopped {
        println!("stopped: {}", reason.describe());
    }
    for (name, value) in r.counters.named_counters() {
        println!("{name}: {value}");
    }
    println!(
        "first_move_cutoff_rate: {:.4}",
        r.counters.first_move_cutoff_rate()
    );
    println!(
        "effective_branching_factor: {:.3}",
        r.counters.effective_branching_factor(depth)
    );
    println!("seconds: {:.6}", r.counters.elapsed_secs());
    println!("nodes_per_second: {:.0}", r.counters.nodes_per_sec());
    for it in &r.iterations {
        println!(
            "iteration: depth {} score {} best {} nodes {} passes {} seconds {:.6}",
            it.depth,
            r.value_text(it.score),
            it.best_move.clone().unwrap_or_else(|| "none".into()),
            it.nodes,
            it.null_window_passes,
            it.elapsed_secs
        );
    }
}
