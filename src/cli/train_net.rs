//! `treelab train-net`: trains a game's policy-value network on positions from seeded
//! random play labelled by an exact solver (Connect Four: Pons' solver; Othello's
//! endgames: the endgame solver; tic-tac-toe: plain negamax), prints the held-out accuracy per epoch and writes the weights with
//! their manifest (game, shape, data, seed, commit, the command, the accuracy).

use std::io::{IsTerminal, Write};

use anyhow::{Result, anyhow, bail};
use clap::Args;

use crate::engine::GameKind;
use crate::net::NetShape;
use crate::net::train::Epoch;
use crate::solve::label;
use crate::solve::net_train::{TrainSpec, Trained, train_network};

/// `treelab train-net`.
#[derive(Debug, Args)]
pub struct TrainNetArgs {
    /// The game: connect4, othello or tictactoe.
    #[arg(long)]
    pub game: String,
    /// Where to write the network (safetensors).
    #[arg(long)]
    pub out: std::path::PathBuf,
    /// Positions to draw and label (training and held-out together).
    #[arg(long, default_value_t = 6000)]
    pub positions: usize,
    /// Plies of random play, `MIN..MAX` (defaults: Connect Four 12..36, since its
    /// positions' children before 13 stones take the solver a tenth of a second to
    /// seconds each, and from there milliseconds; Othello 46..50, 14 to 10 empty
    /// squares, where the endgame solver takes milliseconds; tic-tac-toe 0..8).
    #[arg(long)]
    pub plies: Option<String>,
    /// Widths of the hidden layers, comma-separated.
    #[arg(long, default_value = "128,128")]
    pub hidden: String,
    /// Passes over the training set.
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    /// Positions a step.
    #[arg(long, default_value_t = 128)]
    pub batch: usize,
    /// AdamW's learning rate.
    #[arg(long, default_value_t = 2e-3)]
    pub learning_rate: f64,
    /// The share of the positions held out to measure the network on.
    #[arg(long, default_value_t = 0.1)]
    pub held_out: f64,
    /// The seed of the random play, the weights and the batches.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads for the labelling (the labels are exact: the same on any number).
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// The parsed `--plies` (None: the game's default).
fn plies(text: Option<&str>) -> Result<Option<(usize, usize)>> {
    let Some(text) = text else {
        return Ok(None);
    };
    let (a, b) = text
        .split_once("..")
        .ok_or_else(|| anyhow!("--plies '{text}': give MIN..MAX (e.g. 10..30)"))?;
    let n = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| anyhow!("--plies '{text}': '{s}' is not a whole number"))
    };
    let (a, b) = (n(a)?, n(b)?);
    if a > b || b > 200 {
        bail!("--plies '{text}': give MIN..MAX with MIN <= MAX <= 200");
    }
    Ok(Some((a, b)))
}

/// The spec `args` name, each flag checked with its name.
fn spec_of(args: &TrainNetArgs) -> Result<TrainSpec> {
    let game = GameKind::from_name(&args.game).map_err(|e| anyhow!("--game: {e}"))?;
    let (inputs, moves) = label::net_shape_of(game).map_err(|_| {
        anyhow!(
            "--game {}: no solver labels its positions yet (connect4, othello, tictactoe)",
            game.name()
        )
    })?;
    let hidden: Option<Vec<usize>> = args
        .hidden
        .split(',')
        .map(|w| w.trim().parse::<usize>().ok())
        .collect();
    let Some(hidden) = hidden else {
        let text = format!("{inputs}-{}-{moves}", args.hidden.replace(',', "-"));
        let why = NetShape::parse(&text).err().unwrap_or_default();
        bail!("--hidden: {why}");
    };
    if !(1..=1_000_000).contains(&args.positions) {
        bail!("--positions {}: give 1 to 1000000", args.positions);
    }
    if !(1..=256).contains(&args.threads) {
        bail!("--threads {}: give 1 to 256", args.threads);
    }
    if !(0.0..1.0).contains(&args.held_out) {
        bail!(
            "--held-out {}: give a share from 0 to below 1",
            args.held_out
        );
    }
    let spec = TrainSpec {
        game,
        positions: args.positions,
        plies: plies(args.plies.as_deref())?,
        hidden,
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.learning_rate,
        held_out: args.held_out,
        seed: args.seed,
        threads: args.threads,
    };
    spec.check().map_err(|e| anyhow!("{e}"))?;
    Ok(spec)
}

/// Runs `treelab train-net`.
pub fn train_net(args: &TrainNetArgs) -> Result<()> {
    let spec = spec_of(args)?;
    let (min_plies, max_plies) = spec.plies();
    let show = std::io::stderr().is_terminal();
    let bar = |n: usize, all: usize| {
        if show && (n.is_multiple_of(50) || n == all) {
            let width = 30 * n / all.max(1);
            eprint!(
                "\rlabelling [{}{}] {n}/{all}",
                "#".repeat(width),
                " ".repeat(30 - width)
            );
            let _ = std::io::stderr().flush();
        }
    };
    let mut ready = |t: &Trained| {
        if show {
            eprintln!();
        }
        println!(
            "{} positions ({min_plies} to {max_plies} plies of random play, seed {}) labelled in {:.1} s: {} to train on, {} held out",
            t.drawn, spec.seed, t.label_seconds, t.trained_on, t.held_out
        );
        println!(
            "epoch 0 (untrained): held-out value sign {:.1}%, best move {:.1}%",
            t.before.value_percent(),
            t.before.move_percent()
        );
    };
    let mut epoch = |e: &Epoch| {
        println!(
            "epoch {}/{}: loss {:.4}; held-out value sign {:.1}%, best move {:.1}% ({} positions)",
            e.epoch,
            spec.epochs,
            e.loss,
            e.held_out.value_percent(),
            e.held_out.move_percent(),
            e.held_out.positions
        );
    };
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut trained = train_network(&spec, &never, &bar, &mut ready, &mut epoch)?;
    let out = args.out.display().to_string();
    trained.net.manifest.set("command", spec.command_line(&out));
    trained.net.save(&args.out).map_err(|e| anyhow!(e))?;
    println!("wrote {out} (shape {})", trained.net.shape().text());
    Ok(())
}
