//! A network's forward pass for a search: the weights of a [`PolicyValueNet`] copied out
//! of their tensors once, and one position at a time pushed through the layers in plain
//! loops. A search asks for one leaf at a time (its counts must not depend on how leaves
//! are grouped), and for a network this small a matrix-vector product by hand is several
//! times faster than a tensor library's batch of one; training stays candle's, and a
//! test holds the two forward passes equal.

use super::model::{NetShape, PolicyValueNet};

/// One dense layer: `outputs` rows of `inputs` weights (PyTorch's `[out, in]`), a bias
/// each.
#[derive(Clone, Debug)]
struct Dense {
    inputs: usize,
    weight: Vec<f32>,
    bias: Vec<f32>,
}

impl Dense {
    /// The layer `prefix` of `net`.
    fn of(net: &PolicyValueNet, prefix: &str) -> Result<Dense, String> {
        let weight = net.values(&format!("{prefix}.weight"))?;
        let bias = net.values(&format!("{prefix}.bias"))?;
        if bias.is_empty() || weight.len() % bias.len() != 0 {
            return Err(format!(
                "network layer {prefix}: weights do not fit its biases"
            ));
        }
        Ok(Dense {
            inputs: weight.len() / bias.len(),
            weight,
            bias,
        })
    }

    /// `out = W x + b`, then the ReLU when `relu`.
    fn apply(&self, x: &[f32], out: &mut Vec<f32>, relu: bool) {
        out.clear();
        for (row, b) in self.weight.chunks_exact(self.inputs).zip(&self.bias) {
            let sum = dot(row, x) + b;
            out.push(if relu { sum.max(0.0) } else { sum });
        }
    }
}

/// The dot product of `a` and `b` in eight running sums (a fixed order, so the same on
/// every machine and in the browser, and one the compiler can keep in vector registers;
/// a single running sum cannot be, as it fixes the order of every addition).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (a8, a_rest) = a.split_at(a.len() - a.len() % 8);
    let (b8, b_rest) = b.split_at(a8.len());
    for (ca, cb) in a8.chunks_exact(8).zip(b8.chunks_exact(8)) {
        for k in 0..8 {
            lanes[k] += ca[k] * cb[k];
        }
    }
    let mut sum = lanes.iter().sum::<f32>();
    for (x, y) in a_rest.iter().zip(b_rest) {
        sum += x * y;
    }
    sum
}

/// A network ready to evaluate positions (see the module doc).
#[derive(Clone, Debug)]
pub struct Inference {
    shape: NetShape,
    hidden: Vec<Dense>,
    policy: Dense,
    value: Dense,
}

impl Inference {
    /// The weights of `net`, copied out.
    ///
    /// # Errors
    /// A tensor that cannot be read (never, for a network made or loaded here).
    pub fn new(net: &PolicyValueNet) -> Result<Inference, String> {
        let shape = net.shape().clone();
        let hidden = (0..shape.hidden.len())
            .map(|i| Dense::of(net, &format!("hidden.{i}")))
            .collect::<Result<_, _>>()?;
        Ok(Inference {
            hidden,
            policy: Dense::of(net, "policy")?,
            value: Dense::of(net, "value")?,
            shape,
        })
    }

    /// The network's shape.
    #[must_use]
    pub fn shape(&self) -> &NetShape {
        &self.shape
    }

    /// The policy's logits (one per move slot) and the value in [-1, 1] for the side to
    /// move of the position whose inputs are `input` (the network's `inputs` of them).
    #[must_use]
    pub fn evaluate(&self, input: &[f32]) -> (Vec<f32>, f32) {
        debug_assert_eq!(input.len(), self.shape.inputs);
        let mut x = input.to_vec();
        let mut y = Vec::new();
        for layer in &self.hidden {
            layer.apply(&x, &mut y, true);
            std::mem::swap(&mut x, &mut y);
        }
        let mut logits = Vec::new();
        self.policy.apply(&x, &mut logits, false);
        self.value.apply(&x, &mut y, false);
        (logits, y[0].tanh())
    }
}

/// The probabilities the policy gives `slots` (the legal moves' slots): a softmax over
/// their logits alone, so that an illegal move takes no share.
#[must_use]
pub fn priors(logits: &[f32], slots: &[usize]) -> Vec<f32> {
    let top = slots
        .iter()
        .map(|&s| logits[s])
        .fold(f32::NEG_INFINITY, f32::max);
    let exps: Vec<f32> = slots.iter().map(|&s| (logits[s] - top).exp()).collect();
    let sum: f32 = exps.iter().sum();
    exps.iter().map(|e| e / sum).collect()
}

/// The network's own choice among `slots` (the legal moves' slots): the slot of the
/// highest logit, the lower slot on a tie; `None` without a legal move.
#[must_use]
pub fn policy_pick(logits: &[f32], slots: &[usize]) -> Option<usize> {
    slots
        .iter()
        .copied()
        .max_by(|&a, &b| logits[a].total_cmp(&logits[b]).then(b.cmp(&a)))
}
