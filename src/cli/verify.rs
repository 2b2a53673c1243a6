//! `treelab verify`: does an algorithm play optimally in every tic-tac-toe position?

use anyhow::{Result, bail};
use clap::Args;

use super::OptionArgs;
use super::common::request;
use crate::engine::GameKind;
use crate::experiment::verify::verify_tictactoe;
use crate::game::Game;
use crate::game::tictactoe::TicTacToe;
use crate::search::option_decl::MAX_ITERATIONS;
use crate::search::registry::ResultKind;

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
    let mut req = request(&args.algo, &args.options, TicTacToe::MAX_PLIES as u32)?;
    let iterations_given = args.options.gives("iterations")
        || args
            .algo
            .split('+')
            .any(|part| part.trim().starts_with("iterations"));
    if req.algorithm.info().result == ResultKind::Proving && !iterations_given {
        // A proving search stops once it has proved; left to its default count it would
        // stop short of the start position's proof (18,338 iterations).
        req.options.iterations = MAX_ITERATIONS;
        println!(
            "{} runs until it proves each value (at most {MAX_ITERATIONS} iterations; +iterations=N sets fewer)",
            req.algorithm.name()
        );
    }
    let v = verify_tictactoe(&req)?;
    let criterion = if v.by_outcome {
        " (a move is optimal when it keeps the position's win, draw or loss: a sampling algorithm's rewards do not count plies)"
    } else {
        ""
    };
    println!("optimal: {}/{}{criterion}", v.optimal, v.total);
    if let Some((proven, wrong)) = v.proofs {
        println!("proven: {proven}/{} ({wrong} wrong)", v.total);
    }
    if v.optimal != v.total {
        bail!(
            "{} where {} picked a move that is not optimal",
            positions(v.total - v.optimal),
            args.algo
        );
    }
    if let Some((proven, wrong)) = v.proofs {
        if wrong > 0 {
            bail!(
                "{} where {} proved a wrong value",
                positions(wrong),
                args.algo
            );
        }
        if proven != v.total {
            bail!(
                "{} where {} proved nothing within its iterations (give it more: +iterations=N)",
                positions(v.total - proven),
                args.algo
            );
        }
    }
    Ok(())
}

/// "1 position", "3 positions".
fn positions(n: usize) -> String {
    if n == 1 {
        "1 position".into()
    } else {
        format!("{n} positions")
    }
}
