//! `treelab tree`: algorithms on a seeded random uniform tree beside the Knuth-Moore
//! bound.

use anyhow::{Context, Result, bail};
use clap::Args;

use super::OptionArgs;
use crate::engine::{AnyPosition, SearchRequest, run_search};
use crate::game::random_tree::{self, RandomTree, TreeSpec};
use crate::search::registry::TableUse;
use crate::search::{Algorithm, SearchControl, SearchOptions};

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
    /// Run a row that prunes nothing (minimax) even when it visits more leaves than any
    /// run can (the engine's limit, 1e11): without it such a tree is refused at once.
    #[arg(long)]
    pub force: bool,
    /// The options (applied to every algorithm that accepts them; an algorithm that
    /// cannot take them runs without them, and standard error says so).
    #[command(flatten)]
    pub options: OptionArgs,
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

pub(super) fn tree(args: &TreeArgs) -> Result<()> {
    let spec = TreeSpec {
        width: args.width,
        depth: args.depth,
        seed: args.seed,
        model: parse_model(&args.model)?,
    };
    let root = RandomTree::new(spec).context("tree")?;
    let pos = AnyPosition::RandomTree(root);
    let requests = requests(args)?;
    for req in &requests {
        super::progress::refuse_beyond_reach(&pos, req, args.force)?;
    }
    let minimal = random_tree::knuth_moore_minimal_leaves(args.width, args.depth);
    let full = spec.leaf_count();
    let fmt = |v: Option<u64>| {
        v.map_or_else(
            || format!("more than 2^64 ({}^{})", args.width, args.depth),
            |n| n.to_string(),
        )
    };
    println!("tree: {spec}");
    println!("knuth_moore_minimal_leaves: {}", fmt(minimal));
    println!("minimax_leaves: {}", fmt(full));
    println!(
        "{:<12} {:>8} {:>14} {:>14} {:>10} {:>8}",
        "algorithm", "score", "leaves", "nodes", "vs-minimal", "passes"
    );
    for req in &requests {
        let r = run_search(&pos, req, SearchControl::default())?;
        // Leaves over the Knuth-Moore minimum; "-" where the minimum overflows.
        let ratio = minimal.map_or_else(
            || "-".to_string(),
            |m| format!("{:.3}", r.counters.leaves() as f64 / m as f64),
        );
        println!(
            "{:<12} {:>8} {:>14} {:>14} {:>10} {:>8}",
            req.algorithm.name(),
            r.score_text().unwrap_or_else(|| "-".into()),
            r.counters.leaves(),
            r.counters.nodes(),
            ratio,
            r.counters.null_window_passes()
        );
    }
    Ok(())
}

/// The search of each algorithm `--algos` names, with the options it can take: one it
/// cannot take is dropped for it, not refused for all, and standard error says which.
fn requests(args: &TreeArgs) -> Result<Vec<SearchRequest>> {
    let mut out = Vec::new();
    for name in args
        .algos
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let algo = Algorithm::from_name(name)?;
        let mut opts = args.options.to_options()?;
        // Memory-enhanced tests (MTD(f), MT-SSS*) are defined with a table: give them one
        // large enough for the tree (MT-SSS*'s is Plaat's memory, leaves kept).
        if algo.info().table == TableUse::MemoryEnhanced && opts.tt_mib == 0 {
            opts.tt_mib = DEFAULT_MT_TABLE_MIB;
        }
        if let Err(why) = opts.check(algo, args.depth) {
            opts = SearchOptions {
                ordering: opts.ordering,
                order_all: opts.order_all,
                ..SearchOptions::default()
            };
            eprintln!("note: {name} runs without the options but the move ordering: {why}");
        }
        out.push(SearchRequest {
            algorithm: algo,
            options: opts,
            depth: args.depth,
            evaluator: args.options.eval.clone(),
        });
    }
    Ok(out)
}
