//! Training a game's policy-value network on positions from seeded random play, each
//! labelled by the exact solver ([`super::label`]): the positions drawn and labelled,
//! split into a training and a held-out set by a seeded shuffle, trained with AdamW, the
//! held-out accuracy measured after every epoch, and the manifest filled in (game, shape,
//! data, seed, commit, accuracy). What `treelab train-net` and Python's
//! `treelab.train_net` both run: the same options give the same file.

use std::sync::atomic::AtomicBool;

use super::label;
use crate::engine::{EngineError, GameKind};
use crate::net::data::{self, Draw};
use crate::net::train::{Accuracy, Epoch, TrainOptions, accuracy, train_until};
use crate::net::{NetShape, PolicyValueNet};

/// What to train: the game, the data and the training's options.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainSpec {
    /// The game (Connect Four, Othello or tic-tac-toe: the games a solver labels).
    pub game: GameKind,
    /// Positions to draw and label (training and held-out together).
    pub positions: usize,
    /// Plies of random play, fewest and most (`None`: the game's default,
    /// [`TrainSpec::plies`]).
    pub plies: Option<(usize, usize)>,
    /// Widths of the hidden layers.
    pub hidden: Vec<usize>,
    /// Passes over the training set.
    pub epochs: usize,
    /// Positions a step.
    pub batch: usize,
    /// AdamW's learning rate.
    pub learning_rate: f64,
    /// The share of the positions held out to measure the network on.
    pub held_out: f64,
    /// The seed of the random play, the weights and the batches.
    pub seed: u64,
    /// Threads for the labelling (the labels are exact: the same on any number).
    pub threads: usize,
}

impl TrainSpec {
    /// The defaults of `treelab train-net` for `game`.
    #[must_use]
    pub fn new(game: GameKind) -> TrainSpec {
        TrainSpec {
            game,
            positions: 6000,
            plies: None,
            hidden: vec![128, 128],
            epochs: 30,
            batch: 128,
            learning_rate: 2e-3,
            held_out: 0.1,
            seed: 1,
            threads: 2,
        }
    }

    /// The plies of random play: the given ones, else Connect Four 12..36 (its
    /// positions' children before 13 stones take the solver a tenth of a second to
    /// seconds each, and from there milliseconds), Othello 46..50 (14 to 10 empty
    /// squares when nobody passed: the endgame solver's milliseconds; a position
    /// earlier takes it seconds to hours), tic-tac-toe 0..8.
    #[must_use]
    pub fn plies(&self) -> (usize, usize) {
        self.plies.unwrap_or(match self.game {
            GameKind::Connect4 => (12, 36),
            GameKind::Othello => (46, 50),
            _ => (0, 8),
        })
    }

    /// The network's shape: the game's inputs, the hidden widths, its move slots.
    pub fn shape(&self) -> Result<NetShape, EngineError> {
        let (inputs, moves) = label::net_shape_of(self.game)?;
        let hidden: Vec<String> = self.hidden.iter().map(ToString::to_string).collect();
        let mut text = inputs.to_string();
        for h in &hidden {
            text.push('-');
            text.push_str(h);
        }
        NetShape::parse(&format!("{text}-{moves}"))
            .map_err(|e| EngineError::Input(format!("hidden: {e}")))
    }

    /// Why these options cannot train, named as the fields are.
    pub fn check(&self) -> Result<(), EngineError> {
        let bad = |m: String| Err(EngineError::Input(m));
        label::net_shape_of(self.game)?;
        let (min, max) = self.plies();
        if min > max || max > 200 {
            return bad(format!(
                "plies {min}..{max}: give MIN..MAX with MIN <= MAX <= 200"
            ));
        }
        if !(1..=1_000_000).contains(&self.positions) {
            return bad(format!("positions {}: give 1 to 1000000", self.positions));
        }
        if !(1..=10_000).contains(&self.epochs) || !(1..=65_536).contains(&self.batch) {
            return bad("epochs 1 to 10000 and batch 1 to 65536".into());
        }
        if !(1..=256).contains(&self.threads) {
            return bad(format!("threads {}: give 1 to 256", self.threads));
        }
        if !(0.0..1.0).contains(&self.held_out) {
            return bad(format!(
                "held_out {}: give a share from 0 to below 1",
                self.held_out
            ));
        }
        if !(self.learning_rate > 0.0 && self.learning_rate < 10.0) {
            return bad(format!(
                "learning_rate {}: give a rate above 0 and below 10",
                self.learning_rate
            ));
        }
        if self.hidden.is_empty() || self.hidden.iter().any(|&h| h == 0 || h > 4096) {
            return bad("hidden: give one or more layer widths from 1 to 4096".into());
        }
        Ok(())
    }

    /// The command line that trains the same network into `out`.
    #[must_use]
    pub fn command_line(&self, out: &str) -> String {
        let (min, max) = self.plies();
        let hidden: Vec<String> = self.hidden.iter().map(ToString::to_string).collect();
        format!(
            "treelab train-net --game {} --positions {} --plies {min}..{max} --hidden {} --epochs {} --batch {} --learning-rate {} --held-out {} --seed {} --out {out}",
            self.game.name(),
            self.positions,
            hidden.join(","),
            self.epochs,
            self.batch,
            self.learning_rate,
            self.held_out,
            self.seed,
        )
    }
}

/// A trained network and how it was made.
#[derive(Debug)]
pub struct Trained {
    /// The network, its manifest filled in (all but the command, which names the file).
    pub net: PolicyValueNet,
    /// Positions drawn and labelled (fewer than asked when random play cannot give that
    /// many different ones).
    pub drawn: usize,
    /// Positions trained on.
    pub trained_on: usize,
    /// Positions held out.
    pub held_out: usize,
    /// Seconds the labelling took.
    pub label_seconds: f64,
    /// The untrained network's held-out accuracy.
    pub before: Accuracy,
    /// Every epoch's report.
    pub epochs: Vec<Epoch>,
}

/// Draws, labels and trains by `spec`: `labelled(n, all)` is told as positions are
/// labelled, `ready` once they all are (with the untrained network's held-out
/// accuracy), and `on_epoch` after each epoch. Raising `stop` ends it with the error
/// `stopped` within a position's labelling or a training step.
pub fn train_network(
    spec: &TrainSpec,
    stop: &AtomicBool,
    labelled: &(dyn Fn(usize, usize) + Sync),
    ready: &mut dyn FnMut(&Trained),
    on_epoch: &mut dyn FnMut(&Epoch),
) -> Result<Trained, EngineError> {
    spec.check()?;
    let shape = spec.shape()?;
    let (min_plies, max_plies) = spec.plies();
    let draw = Draw {
        count: spec.positions,
        seed: spec.seed,
        min_plies,
        max_plies,
    };
    let start = crate::platform::clock::Instant::now();
    let samples = label::draw_labelled(spec.game, &draw, spec.threads, stop, labelled)?;
    let label_seconds = start.elapsed().as_secs_f64();
    let drawn = samples.len();
    let (train_set, held) = data::split(samples, spec.held_out, spec.seed);
    let net = PolicyValueNet::new(&shape, spec.seed).map_err(EngineError::Input)?;
    let opts = TrainOptions {
        epochs: spec.epochs,
        batch: spec.batch,
        learning_rate: spec.learning_rate,
        seed: spec.seed,
        ..TrainOptions::default()
    };
    let before = accuracy(&net, &held).map_err(EngineError::Input)?;
    let mut out = Trained {
        net,
        drawn,
        trained_on: train_set.len(),
        held_out: held.len(),
        label_seconds,
        before,
        epochs: Vec::new(),
    };
    ready(&out);
    out.epochs = train_until(&out.net, &train_set, &held, &opts, stop, |e| on_epoch(e))
        .map_err(EngineError::Input)?;
    let last = out.epochs.last().map_or(before, |e| e.held_out);
    let m = &mut out.net.manifest;
    m.set("game", spec.game.name());
    m.set(
        "data",
        format!(
            "{drawn} positions, {min_plies}..{max_plies} plies of seeded random play, labelled exactly; {} held out",
            held.len()
        ),
    );
    m.set("seed", spec.seed.to_string());
    m.set("commit", env!("TREELAB_COMMIT"));
    m.set(
        "held_out_value_sign",
        format!("{}/{}", last.value_sign, last.positions),
    );
    m.set(
        "held_out_best_move",
        format!("{}/{}", last.best_move, last.positions),
    );
    Ok(out)
}
