//! Policy-value networks, AlphaZero's learned guide for a search: a small network per
//! game ([`model`]: a position's planes in, a logit per move and a value out, weights
//! as safetensors with their manifest), positions labelled by the exact solvers to
//! train it on ([`data`]), the supervised training with its held-out accuracy
//! ([`train`]), the forward pass a search calls ([`infer`]), which network it calls
//! ([`load`]: the one shipped for the game, or a file) and the network as the
//! alpha-beta family's evaluator ([`eval`]). Tensors, autograd and the
//! optimiser are candle's (docs/design.md says why); nothing here writes a gradient by
//! hand.

pub mod data;
pub mod eval;
pub mod infer;
pub mod load;
pub mod model;
pub mod train;

pub use data::{Draw, Sample};
pub use infer::Inference;
pub use model::{Manifest, NetShape, PolicyValueNet};
pub use train::{Accuracy, Epoch, TrainOptions};
