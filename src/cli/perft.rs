//! `treelab perft`: move-generator ground truth and speed.

use crate::platform::clock::Instant;
use anyhow::{Context, Result, bail};
use clap::Args;
use std::io::Write;

use crate::engine::{AnyPosition, GameKind};
use crate::game::perft::PerftConvention;

/// `treelab perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// othello, connect4, tictactoe, random-tree, custom or ewn.
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

pub(super) fn perft(args: &PerftArgs) -> Result<()> {
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
