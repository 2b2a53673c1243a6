//! A policy-value network as the static evaluator of the alpha-beta family (`--eval
//! net`): its value for the side to move, from -1 to 1, scaled into the game's heuristic
//! band so that it never outranks a proven result. The search runs every row through
//! [`OwnOrNet`], the game's own evaluators or the network, so that the same network can
//! be compared inside both families (PUCT's leaves, alpha-beta's horizon); a network's
//! policy rides along when the row orders its moves by prior (`order=prior`).

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

/// What values a position: one of the game's evaluators or a network's value.
#[derive(Clone, Debug)]
pub enum Valuer<E> {
    /// One of the game's evaluators.
    Own(E),
    /// A policy-value network's value.
    Net(NetValue),
}

/// A game's own evaluator or a network (see the module doc), and the network whose
/// policy orders moves by prior (`order=prior`) when there is one.
#[derive(Clone, Debug)]
pub struct OwnOrNet<E> {
    valuer: Valuer<E>,
    policy: Option<Arc<Inference>>,
}

impl<E> OwnOrNet<E> {
    /// The game's evaluator `e`.
    #[must_use]
    pub fn own(e: E) -> OwnOrNet<E> {
        OwnOrNet {
            valuer: Valuer::Own(e),
            policy: None,
        }
    }

    /// The network's value `v`.
    #[must_use]
    pub fn net(v: NetValue) -> OwnOrNet<E> {
        OwnOrNet {
            valuer: Valuer::Net(v),
            policy: None,
        }
    }

    /// This evaluator with `net`'s policy to order moves by prior.
    #[must_use]
    pub fn with_policy(mut self, net: Arc<Inference>) -> OwnOrNet<E> {
        self.policy = Some(net);
        self
    }
}

impl<G: Game, E: Evaluator<G>> Evaluator<G> for OwnOrNet<E> {
    #[inline]
    fn evaluate(&self, pos: &G) -> i32 {
        match &self.valuer {
            Valuer::Own(e) => e.evaluate(pos),
            Valuer::Net(n) => n.value(pos),
        }
    }

    #[inline]
    fn evaluate_unless_over(&self, pos: &G) -> Option<i32> {
        match &self.valuer {
            Valuer::Own(e) => e.evaluate_unless_over(pos),
            Valuer::Net(n) => pos.outcome().is_none().then(|| n.value(pos)),
        }
    }

    fn policy(&self, pos: &G) -> Option<Vec<f32>> {
        let net = self.policy.as_ref()?;
        let mut input = vec![0.0; G::NET_INPUTS];
        pos.net_input(&mut input);
        Some(net.evaluate(&input).0)
    }
}
