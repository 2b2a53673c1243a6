//! Supervised training of a policy-value network on positions labelled with exact
//! values ([`super::data`]): the policy learns every best move (cross-entropy against
//! an even share over them), the value the exact result's sign (squared error); AdamW
//! over seeded mini-batches, so the same data, options and seed give the same weights.
//! Each epoch reports the held-out accuracy: the value's sign and the best move.

use candle_core::{D, Device, Tensor};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};

use super::data::{Sample, shuffle};
use super::model::{PolicyValueNet, text};

/// How a network is trained.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainOptions {
    /// Passes over the training set.
    pub epochs: usize,
    /// Positions a step.
    pub batch: usize,
    /// AdamW's learning rate.
    pub learning_rate: f64,
    /// AdamW's weight decay.
    pub weight_decay: f64,
    /// The seed of the batches' order.
    pub seed: u64,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            epochs: 30,
            batch: 128,
            learning_rate: 2e-3,
            weight_decay: 1e-4,
            seed: 1,
        }
    }
}

/// How a network does on a set of positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Accuracy {
    /// Positions.
    pub positions: usize,
    /// Positions whose value's sign the network gives (above 1/3 a win, below -1/3 a
    /// loss, else a draw).
    pub value_sign: usize,
    /// Positions where the network's most likely legal move is a best move.
    pub best_move: usize,
}

impl Accuracy {
    /// The share of right value signs, in percent.
    #[must_use]
    pub fn value_percent(&self) -> f64 {
        100.0 * self.value_sign as f64 / self.positions.max(1) as f64
    }

    /// The share of best moves, in percent.
    #[must_use]
    pub fn move_percent(&self) -> f64 {
        100.0 * self.best_move as f64 / self.positions.max(1) as f64
    }
}

/// One epoch's report.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    /// 1 on.
    pub epoch: usize,
    /// The mean loss (policy plus value) over the epoch's steps.
    pub loss: f64,
    /// On the held-out positions after the epoch.
    pub held_out: Accuracy,
}

/// The inputs, policy targets and value targets of `samples`, as tensors.
fn batch(samples: &[&Sample], moves: usize) -> candle_core::Result<(Tensor, Tensor, Tensor)> {
    let n = samples.len();
    let inputs: Vec<f32> = samples
        .iter()
        .flat_map(|s| s.input.iter().copied())
        .collect();
    let width = inputs.len() / n.max(1);
    let mut policy = vec![0f32; n * moves];
    for (i, s) in samples.iter().enumerate() {
        let share = 1.0 / s.best.len().max(1) as f32;
        for &m in &s.best {
            policy[i * moves + m] = share;
        }
    }
    let values: Vec<f32> = samples.iter().map(|s| s.value()).collect();
    Ok((
        Tensor::from_vec(inputs, (n, width), &Device::Cpu)?,
        Tensor::from_vec(policy, (n, moves), &Device::Cpu)?,
        Tensor::from_vec(values, n, &Device::Cpu)?,
    ))
}

/// Trains `net` on `train` for `opts.epochs` epochs, measuring it on `held_out` after
/// each (told to `on_epoch` as it ends).
///
/// # Errors
/// A sample that does not fit the network, or a tensor error.
pub fn train(
    net: &PolicyValueNet,
    train: &[Sample],
    held_out: &[Sample],
    opts: &TrainOptions,
    on_epoch: impl FnMut(&Epoch),
) -> Result<Vec<Epoch>, String> {
    let never = std::sync::atomic::AtomicBool::new(false);
    train_until(net, train, held_out, opts, &never, on_epoch)
}

/// [`train`] that ends with the error `stopped` before the next step once `stop` is
/// raised (Ctrl+C in Python).
///
/// # Errors
/// A sample that does not fit the network, a tensor error, or `stop`.
pub fn train_until(
    net: &PolicyValueNet,
    train: &[Sample],
    held_out: &[Sample],
    opts: &TrainOptions,
    stop: &std::sync::atomic::AtomicBool,
    mut on_epoch: impl FnMut(&Epoch),
) -> Result<Vec<Epoch>, String> {
    let moves = net.shape().moves;
    check_samples(net, train.iter().chain(held_out))?;
    let params = ParamsAdamW {
        lr: opts.learning_rate,
        weight_decay: opts.weight_decay,
        ..ParamsAdamW::default()
    };
    let mut adam = AdamW::new(net.vars(), params).map_err(|e| text(&e))?;
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut epochs = Vec::new();
    for epoch in 1..=opts.epochs {
        shuffle(&mut order, opts.seed.wrapping_add(epoch as u64));
        let (mut total, mut steps) = (0.0, 0usize);
        for chunk in order.chunks(opts.batch.max(1)) {
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                return Err("stopped".into());
            }
            let samples: Vec<&Sample> = chunk.iter().map(|&i| &train[i]).collect();
            let loss = step_loss(net, &samples, moves).map_err(|e| text(&e))?;
            adam.backward_step(&loss).map_err(|e| text(&e))?;
            total += f64::from(loss.to_scalar::<f32>().map_err(|e| text(&e))?);
            steps += 1;
        }
        let report = Epoch {
            epoch,
            loss: total / steps.max(1) as f64,
            held_out: accuracy(net, held_out)?,
        };
        on_epoch(&report);
        epochs.push(report);
    }
    Ok(epochs)
}

/// The loss of one batch: the policy's cross-entropy against the best moves plus the
/// value's squared error.
fn step_loss(
    net: &PolicyValueNet,
    samples: &[&Sample],
    moves: usize,
) -> candle_core::Result<Tensor> {
    let (x, target_policy, target_value) = batch(samples, moves)?;
    let (logits, value) = net.forward(&x)?;
    let log_p = candle_nn::ops::log_softmax(&logits, D::Minus1)?;
    let policy_loss = (target_policy * log_p)?.sum(1)?.mean(0)?.neg()?;
    let value_loss = (value - target_value)?.sqr()?.mean(0)?;
    policy_loss + value_loss
}

/// Whether every sample fits the network.
fn check_samples<'s>(
    net: &PolicyValueNet,
    samples: impl Iterator<Item = &'s Sample>,
) -> Result<(), String> {
    let shape = net.shape();
    for s in samples {
        if s.input.len() != shape.inputs || s.legal.iter().chain(&s.best).any(|&m| m >= shape.moves)
        {
            return Err(format!(
                "a position of {} inputs does not fit the network of shape {}",
                s.input.len(),
                shape.text()
            ));
        }
    }
    Ok(())
}

/// How `net` does on `samples` (its legal moves only for the best move).
///
/// # Errors
/// A sample that does not fit the network.
pub fn accuracy(net: &PolicyValueNet, samples: &[Sample]) -> Result<Accuracy, String> {
    let mut acc = Accuracy {
        positions: samples.len(),
        ..Accuracy::default()
    };
    for chunk in samples.chunks(1024) {
        let inputs: Vec<f32> = chunk.iter().flat_map(|s| s.input.iter().copied()).collect();
        let out = net.evaluate(&inputs, chunk.len())?;
        for (s, (logits, value)) in chunk.iter().zip(out) {
            let sign = if value > 1.0 / 3.0 {
                1.0
            } else if value < -1.0 / 3.0 {
                -1.0
            } else {
                0.0
            };
            acc.value_sign += usize::from(sign == s.value());
            let pick = crate::net::infer::policy_pick(&logits, &s.legal);
            acc.best_move += usize::from(pick.is_some_and(|m| s.best.contains(&m)));
        }
    }
    Ok(acc)
}
