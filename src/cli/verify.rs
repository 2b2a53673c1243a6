//! `treelab verify`: does an algorithm play optimally in every tic-tac-toe position?

use anyhow::{Result, bail};
use clap::Args;

use super::{OptionArgs, request};
use crate::engine::GameKind;
use crate::experiment::verify::verify_tictactoe;
use crate::game::Game;
use crate::game::tictactoe::TicTacToe;

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

pub(super) fn verify(args: &VerifyArgs) -> Result<()> {
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
