//! `treelab match`: whole games between two players.

use clap::Args;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::OptionArgs;
use crate::engine::GameKind;
use crate::matches::play::{MatchSpec, Openings, parse_openings, parse_player, run_match};
use crate::stats::SprtSpec;

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
    /// Openings: a number of seeded random moves played before the players take over,
    /// or a suite file (or shipped suite) of the game whose positions are each played
    /// twice, colours swapped (OBF, Connect Four move strings, tic-tac-toe boards).
    #[arg(long, default_value = "0")]
    pub openings: String,
    /// Swap colours every other game (games 2j and 2j+1 share an opening); the
    /// statistics then count pairs (pentanomial).
    #[arg(long)]
    pub alternate: bool,
    /// A sequential probability ratio test that stops the match once it decides,
    /// e.g. `elo0=0,elo1=10,alpha=0.05,beta=0.05,model=normalized` (alpha and beta
    /// default to 0.05; elo0 and elo1 are normalized Elo unless `model=logistic`);
    /// --games is then the most games played.
    #[arg(long, allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// Only slice i of n (0-based; see --shard-from-one) of the openings (game pairs
    /// with --alternate), for spreading a match over machines; `treelab merge` joins the
    /// slices (write them with --format ron).
    #[arg(long)]
    pub shard: Option<String>,
    /// Count --shard's index from 1 (1/n .. n/n), as GNU parallel's {#} and Slurm
    /// arrays do.
    #[arg(long)]
    pub shard_from_one: bool,
    /// text, csv or ron.
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Write here instead of standard output.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Print the manifest (treelab's version and commit, the build, the CPU, the
    /// threads, the seed, the command, the date) with the output; a file written with
    /// --out always carries it.
    #[arg(long)]
    pub manifest: bool,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Options applied to both players (a player's own `+option`s come on top).
    #[command(flatten)]
    pub options: OptionArgs,
}

/// `treelab match`: parses the arguments, plays, prints or writes the result.
pub(super) fn cli_match(args: &MatchArgs) -> anyhow::Result<()> {
    use anyhow::Context as _;
    use std::io::IsTerminal;
    let game = GameKind::from_name(&args.game)?;
    let base = args.options.to_options()?;
    let Openings {
        random_moves: openings,
        book,
        book_name,
    } = parse_openings(game, &args.openings)
        .with_context(|| format!("--openings {}", args.openings.trim()))?;
    // Each opening of a book is played twice, colours swapped.
    let alternate = args.alternate || book_name.is_some();
    let spec = MatchSpec {
        game,
        a: parse_player(&args.black, &base)?,
        b: parse_player(&args.white, &base)?,
        games: args.games,
        seed: args.seed,
        openings,
        book,
        book_name,
        alternate,
        evaluator: args.options.eval.clone(),
        threads: args
            .threads
            .unwrap_or_else(crate::platform::threads::available),
        sprt: args
            .sprt
            .as_deref()
            .map(SprtSpec::parse)
            .transpose()
            .map_err(|e| anyhow::anyhow!("--sprt: {e}"))?,
        shard: args
            .shard
            .as_deref()
            .map(|s| super::parse_shard(s, args.shard_from_one))
            .transpose()?,
    };
    let format = args.format.trim().to_ascii_lowercase();
    if !matches!(format.as_str(), "text" | "csv" | "ron") {
        anyhow::bail!(
            "unknown format '{}'; expected text, csv or ron",
            args.format
        );
    }
    let stop = Arc::new(AtomicBool::new(false));
    let tty = std::io::stderr().is_terminal();
    let result = run_match(&spec, &stop, &|done, total| {
        if tty {
            eprint!("\r{done}/{total} games   ");
            if done == total {
                eprintln!();
            }
        }
    })?;
    let (text, ext) = match format.as_str() {
        "csv" => (result.render(true), "csv"),
        "ron" => (
            ron::ser::to_string_pretty(&result, ron::ser::PrettyConfig::default())?,
            "ron",
        ),
        _ => (result.render(false), "txt"),
    };
    let manifest = crate::output::manifest::Manifest::new(super::command_line(), spec.threads)
        .with_rows([result.a.clone(), result.b.clone()])
        .with_seeds([result.seed]);
    super::emit(&text, ext, args.out.as_deref(), &manifest, args.manifest)?;
    Ok(())
}
