//! `treelab train-eval`: trains the Othello solver's ordering evaluation.

use anyhow::{Context, Result, bail};
use clap::Args;

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

pub(super) fn train_eval(args: &TrainEvalArgs) -> Result<()> {
    use crate::solve::pattern_train::{SampleFiles, TrainConfig, train_to_file};
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
