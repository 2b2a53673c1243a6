//! `treelab trace`: the tree view without the window. Every visit of one search in the
//! order it happened, with its window, value, type, the moves never searched below it
//! and why it ended as it did, as text or CSV; and the tree view's figure as SVG, TikZ
//! or PNG, optionally with a second row's tree beside it in the same figure. The same limits and refusals
//! as the Tree tab (at most 20,000 visits; SSS* is refused for MT-SSS*). An MCTS row
//! prints its iterations instead, each phase in words, as the Tree tab steps them.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;

use super::OptionArgs;
use super::common::{position_and_depth, request};
use crate::engine::rowspec::parse_row_spec;
use crate::search::registry::{TreeView, names};
use crate::tree::{SearchTree, listing, trace_tree};

/// `treelab trace`.
#[derive(Debug, Args)]
pub struct TraceArgs {
    /// othello, connect4, tictactoe, random-tree, custom or ewn.
    #[arg(long)]
    pub game: String,
    /// The position in the game's one-line text form (default: the start).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub position: String,
    /// The algorithm, by name (the help lists the ones the tree view draws), with the
    /// shared option flags.
    #[arg(long, help = format!(
        "The algorithm ({}), with the shared option flags",
        names(|a| !matches!(a.tree_view, TreeView::Refuses(_)))
    ))]
    pub algo: String,
    /// Depth. Trees default to their height (every leaf).
    #[arg(long)]
    pub depth: Option<u32>,
    /// text (a line per visit, indented by ply) or csv
    /// (index,ply,path,kind,alpha,beta,value,type,pruned,explanation). MCTS rows: a block
    /// per iteration with its four phases, or a CSV line per iteration
    /// (iteration,selected,added,added_move,playout,end,reward,proven,priors; priors:
    /// PUCT's, `move:prior` for each move of the position evaluated).
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Write the tree view's figure as SVG to this file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Write the figure as a TikZ picture (LaTeX) to this file.
    #[arg(long)]
    pub tikz: Option<PathBuf>,
    /// Write the figure as PNG to this file.
    #[arg(long)]
    pub png: Option<PathBuf>,
    /// A second row, as in `bench` (`negascout+order=static`, over the same option
    /// flags), searched to the same depth and drawn beside the first in the figure, on
    /// the same places, visits only one tree makes ringed (as the Tree tab draws two
    /// rows). The text and CSV stay the first row's.
    #[arg(long)]
    pub beside: Option<String>,
    /// Write values at a bound in the figure as `≤ v` (failed low) and `≥ v` (failed
    /// high), as textbooks write fail-hard bounds (the Tree tab's "≤ ≥ bounds").
    #[arg(long)]
    pub bound_marks: bool,
    /// The options.
    #[command(flatten)]
    pub options: OptionArgs,
}

pub(super) fn trace_cmd(args: &TraceArgs) -> Result<()> {
    let (pos, depth) = position_and_depth(&args.game, &args.position, args.depth)?;
    let req = request(&args.algo, &args.options, depth)?;
    if crate::tree::mcts::is_mcts(&req) {
        return trace_mcts_cmd(args, &pos, &req);
    }
    let tree = trace_tree(&pos, &req)?;
    let figures = [
        (&args.svg, crate::tree::export::TreeFormat::Svg),
        (&args.tikz, crate::tree::export::TreeFormat::Tikz),
        (&args.png, crate::tree::export::TreeFormat::Png),
    ];
    let beside = match &args.beside {
        Some(spec) => {
            if figures.iter().all(|(p, _)| p.is_none()) {
                bail!(
                    "--beside {spec} draws a second tree in the figure: give --svg, --tikz or --png too (the text and CSV are the first row's)"
                );
            }
            let row = parse_row_spec(spec, &req.options).map_err(|e| anyhow::anyhow!(e))?;
            let second = crate::engine::SearchRequest {
                algorithm: row.algorithm,
                options: row.options,
                depth,
                evaluator: req.evaluator.clone(),
            };
            Some(trace_tree(&pos, &second).with_context(|| format!("--beside {spec}"))?)
        }
        None => None,
    };
    match args.format.as_str() {
        "text" => print!("{}", listing::text(&tree)),
        "csv" => print!("{}", listing::csv(&tree)),
        other => bail!("unknown format '{other}'; expected text or csv"),
    }
    let trees: Vec<&SearchTree> = std::iter::once(&tree).chain(beside.as_ref()).collect();
    let o = crate::tree::export::FigureOptions {
        bounds: args.bound_marks,
    };
    for (path, format) in figures {
        if let Some(path) = path {
            let figure = crate::tree::export::figure_of_trees(&trees, o);
            let bytes =
                crate::tree::export::encode(&figure, format).map_err(|e| anyhow::anyhow!(e))?;
            crate::platform::files::write_atomic(path, &bytes)
                .with_context(|| format!("writing {}", path.display()))?;
        }
    }
    Ok(())
}

/// `treelab trace` of an MCTS row: its iterations phase by phase, as the Tree tab steps
/// them.
fn trace_mcts_cmd(
    args: &TraceArgs,
    pos: &crate::engine::AnyPosition,
    req: &crate::engine::SearchRequest,
) -> Result<()> {
    if args.svg.is_some() || args.tikz.is_some() || args.png.is_some() || args.beside.is_some() {
        bail!(
            "--svg, --tikz, --png and --beside draw trees of visits; an MCTS tree is printed by iteration (text or csv) and drawn in the app's Tree tab"
        );
    }
    let tree = crate::tree::mcts::trace_mcts(pos, req)?;
    match args.format.as_str() {
        "text" => print!("{}", tree.text()),
        "csv" => print!("{}", tree.csv()),
        other => bail!("unknown format '{other}'; expected text or csv"),
    }
    Ok(())
}
