//! A policy-value network as the static evaluator of the alpha-beta family (`--eval
//! net`): its value for the side to move, from -1 to 1, scaled into the game's heuristic
//! band so that it never outranks a proven result. The search runs every row through
//! [`OwnOrNet`], the game's own evaluators or the network, so that the same network can
//! be compared inside both families (PUCT's leaves, alpha-beta's horizon).

use std::sync::Arc;

use super::infer::Inference;
use crate::game::{Evaluator, Game};

/// The evaluator's name: `net` for the network shipped for the game, `net:FILE` for a
/// network file.
pub const NET_EVAL: &str = "net";

/// The network file an evaluator's name asks for: `Some("")` for the shipped one
/// (`net`), `Some(path)` for `net:path`; `None` when the name is not the network's.
#[must_use]
pub fn net_choice(name: &str) -> Option<&str> {
    let name = name.trim();
    if name == NET_EVAL {
        return Some("");
    }
    name.strip_prefix("net:").map(str::trim)
}

/// The network's value as a static evaluation: `value * scale`, rounded.
#[derive(Clone, Debug)]
pub struct NetValue {
    net: Arc<Inference>,
    scale: f32,
}

impl NetValue {
    /// The network `net` with its values scaled to `-scale ..= scale`.
    #[must_use]
    pub fn new(net: Arc<Inference>, scale: i32) -> NetValue {
        NetValue {
            net,
            scale: scale as f32,
        }
    }

    fn value<G: Game>(&self, pos: &G) -> i32 {
        let mut input = vec![0.0; G::NET_INPUTS];
        pos.net_input(&mut input);
        (self.net.evaluate(&input).1 * self.scale).round() as i32
    }
}

/// A game's own evaluator or a network (see the module doc).
#[derive(Clone, Debug)]
pub enum OwnOrNet<E> {
    /// One of the game's evaluators.
    Own(E),
    /// A policy-value network's value.
    Net(NetValue),
}

impl<G: Game, E: Evaluator<G>> Evaluator<G> for OwnOrNet<E> {
    #[inline]
    fn evaluate(&self, pos: &G) -> i32 {
        match self {
            OwnOrNet::Own(e) => e.evaluate(pos),
            OwnOrNet::Net(n) => n.value(pos),
        }
    }

    #[inline]
    fn evaluate_unless_over(&self, pos: &G) -> Option<i32> {
        match self {
            OwnOrNet::Own(e) => e.evaluate_unless_over(pos),
            OwnOrNet::Net(n) => pos.outcome().is_none().then(|| n.value(pos)),
        }
    }
}
