//! `treelab train-net`: trains a game's policy-value network on positions from seeded
//! random play labelled by an exact solver (Connect Four: Pons' solver; tic-tac-toe:
//! plain negamax), prints the held-out accuracy per epoch and writes the weights with
//! their manifest (game, shape, data, seed, commit, the command, the accuracy).

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use anyhow::{Result, anyhow, bail};
use clap::Args;

use crate::engine::GameKind;
use crate::game::Game;
use crate::game::connect4::Connect4;
use crate::game::tictactoe::TicTacToe;
use crate::net::data::{self, Draw, Sample};
use crate::net::train::{TrainOptions, accuracy, train};
use crate::net::{NetShape, PolicyValueNet};
use crate::platform::pool::map_in_order;
use crate::solve::connect4::{C4Options, C4Solver};

/// `treelab train-net`.
#[derive(Debug, Args)]
pub struct TrainNetArgs {
    /// The game: connect4 or tictactoe.
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
    /// seconds each, and from there milliseconds; tic-tac-toe 0..8).
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

/// The plies' default range for `game`, and the parsed `--plies`.
fn plies(game: GameKind, text: Option<&str>) -> Result<(usize, usize)> {
    let Some(text) = text else {
        return Ok(match game {
            GameKind::Connect4 => (12, 36),
            _ => (0, 8),
        });
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
    Ok((a, b))
}

/// Connect Four solvers for the labelling threads (each solver's table is large: made
/// once a thread, kept between positions).
static C4_SOLVERS: Mutex<Vec<C4Solver>> = Mutex::new(Vec::new());

/// The exact score of a Connect Four position (Pons' units) by a solver of the pool.
fn c4_exact(p: &Connect4) -> i32 {
    let lock = || C4_SOLVERS.lock().unwrap_or_else(PoisonError::into_inner);
    let taken = lock().pop();
    let mut solver = taken.unwrap_or_else(|| C4Solver::new(C4Options::default()));
    let score = solver.solve(p).score;
    lock().push(solver);
    score
}

/// Labels `positions` by `exact` on `threads` threads (each label is exact: the same on
/// any number of threads), showing a progress bar on a terminal.
fn label_all<G: Game + Sync>(positions: &[G], threads: usize, exact: fn(&G) -> i32) -> Vec<Sample> {
    let show = std::io::stderr().is_terminal();
    let all = positions.len();
    let done = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let labelled = map_in_order(positions, threads, &stop, |_, p| {
        let s = data::label(p, &mut |q: &G| exact(q));
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if show && (n.is_multiple_of(50) || n == all) {
            let width = 30 * n / all.max(1);
            eprint!(
                "\rlabelling [{}{}] {n}/{all}",
                "#".repeat(width),
                " ".repeat(30 - width)
            );
            let _ = std::io::stderr().flush();
        }
        s
    });
    if show {
        eprintln!();
    }
    labelled.into_iter().flatten().collect()
}

/// Draws and labels the positions of `game`: the samples, the network's inputs and
/// move slots.
fn labelled(game: GameKind, draw: &Draw, threads: usize) -> Result<(Vec<Sample>, usize, usize)> {
    Ok(match game {
        GameKind::Connect4 => {
            let positions = data::draw_positions(&Connect4::new(), draw);
            let samples = label_all(&positions, threads, c4_exact);
            (samples, Connect4::NET_INPUTS, Connect4::MOVE_SLOTS)
        }
        GameKind::TicTacToe => {
            let positions = data::draw_positions(&TicTacToe::new(), draw);
            let samples = label_all(&positions, threads, data::negamax_exact);
            (samples, TicTacToe::NET_INPUTS, TicTacToe::MOVE_SLOTS)
        }
        other => bail!(
            "--game {}: no solver labels its positions yet (connect4, tictactoe)",
            other.name()
        ),
    })
}

/// Runs `treelab train-net`.
pub fn train_net(args: &TrainNetArgs) -> Result<()> {
    let game = GameKind::from_name(&args.game).map_err(|e| anyhow!("--game: {e}"))?;
    let (min_plies, max_plies) = plies(game, args.plies.as_deref())?;
    if !(1..=1_000_000).contains(&args.positions) {
        bail!("--positions {}: give 1 to 1000000", args.positions);
    }
    if !(1..=10_000).contains(&args.epochs) || !(1..=65_536).contains(&args.batch) {
        bail!("--epochs 1 to 10000 and --batch 1 to 65536");
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
    let draw = Draw {
        count: args.positions,
        seed: args.seed,
        min_plies,
        max_plies,
    };
    let start = crate::platform::clock::Instant::now();
    let (samples, inputs, moves) = labelled(game, &draw, args.threads)?;
    let drawn = samples.len();
    let (train_set, held) = data::split(samples, args.held_out, args.seed);
    println!(
        "{drawn} positions ({min_plies} to {max_plies} plies of random play, seed {}) labelled in {:.1} s: {} to train on, {} held out",
        args.seed,
        start.elapsed().as_secs_f64(),
        train_set.len(),
        held.len()
    );
    let hidden = args.hidden.replace(',', "-");
    let shape = NetShape::parse(&format!("{inputs}-{hidden}-{moves}"))
        .map_err(|e| anyhow!("--hidden: {e}"))?;
    let mut net = PolicyValueNet::new(&shape, args.seed).map_err(|e| anyhow!(e))?;
    let opts = TrainOptions {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.learning_rate,
        seed: args.seed,
        ..TrainOptions::default()
    };
    let before = accuracy(&net, &held).map_err(|e| anyhow!(e))?;
    println!(
        "epoch 0 (untrained): held-out value sign {:.1}%, best move {:.1}%",
        before.value_percent(),
        before.move_percent()
    );
    let epochs = train(&net, &train_set, &held, &opts, |e| {
        println!(
            "epoch {}/{}: loss {:.4}; held-out value sign {:.1}%, best move {:.1}% ({} positions)",
            e.epoch,
            opts.epochs,
            e.loss,
            e.held_out.value_percent(),
            e.held_out.move_percent(),
            e.held_out.positions
        );
    })
    .map_err(|e| anyhow!(e))?;
    let last = epochs.last().map(|e| e.held_out).unwrap_or(before);
    let m = &mut net.manifest;
    m.set("game", game.name());
    m.set("data", format!("{drawn} positions, {min_plies}..{max_plies} plies of seeded random play, labelled exactly; {} held out", held.len()));
    m.set("seed", args.seed.to_string());
    m.set("commit", env!("TREELAB_COMMIT"));
    m.set("command", command_line(args, game, min_plies, max_plies));
    m.set(
        "held_out_value_sign",
        format!("{}/{}", last.value_sign, last.positions),
    );
    m.set(
        "held_out_best_move",
        format!("{}/{}", last.best_move, last.positions),
    );
    net.save(&args.out).map_err(|e| anyhow!(e))?;
    println!("wrote {} (shape {})", args.out.display(), shape.text());
    Ok(())
}

/// The command that makes the same network.
fn command_line(args: &TrainNetArgs, game: GameKind, min: usize, max: usize) -> String {
    format!(
        "treelab train-net --game {} --positions {} --plies {min}..{max} --hidden {} --epochs {} --batch {} --learning-rate {} --held-out {} --seed {} --out {}",
        game.name(),
        args.positions,
        args.hidden,
        args.epochs,
        args.batch,
        args.learning_rate,
        args.held_out,
        args.seed,
        args.out.display()
    )
}
