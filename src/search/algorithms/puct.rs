//! PUCT, AlphaZero's tree search: each iteration selects a path down the tree by a
//! move's mean value plus c_puct times its prior over its visits, adds the first
//! position not in the tree, and asks a policy-value network for that position's value
//! (backed up in place of a playout's result) and its moves' priors (which guide the
//! next selections there).
//!
//! Silver et al., "Mastering the game of Go without human knowledge" (2017) and "A
//! general reinforcement learning algorithm that masters chess, shogi, and Go through
//! self-play" (2018); the rule is Rosin's PUCB (2011) as AlphaZero uses it:
//! `Q(s,a) + c * P(s,a) * sqrt(N(s)) / (1 + N(s,a))`, a move never tried valued 0 (a
//! draw's value: no first-play urgency). Contract: an estimate, not a minimax value, as
//! MCTS's: the most visited root move, its mean value (-1 to 1, the root side to move's
//! view) and visits. Without root noise (the default) the same network gives the same
//! tree and the same counts on every machine; with it, the same seed does.
//!
//! Nodes are counted as in MCTS (docs/node-definition.md): every position an iteration
//! enters, the root, the path and the position it adds. A finished game is scored by the
//! rules and at the depth (the horizon) a position gets the network's value but no
//! children; either, selected again, gives the value it gave before without asking the
//! network again.

use std::sync::Arc;

use crate::game::{Evaluator, Game, SeededRng};
use crate::net::Inference;
use crate::net::infer::priors;
use crate::search::Estimate;
use crate::search::context::{Ctx, INF};
use crate::search::trace::{MctsIteration, PlayoutEnd, TraceEvent};

/// The share of the root's priors that is noise when the noise is on (AlphaZero's 0.25).
const NOISE_SHARE: f64 = 0.25;

/// A move of a node of the tree: its prior and the node it leads to once added.
struct Edge<M> {
    mv: M,
    prior: f32,
    child: Option<usize>,
}

/// A position of the tree.
struct Node<M> {
    /// Its moves with their priors, once the network has evaluated it.
    edges: Vec<Edge<M>>,
    /// Iterations through it.
    visits: u64,
    /// The sum of their values from the view of the side that moved into it.
    value_sum: f64,
    /// A finished game's value, or the network's at the horizon, for its side to move:
    /// given again whenever selection ends here.
    fixed: Option<f64>,
}

/// The network for the search: [`crate::search::search`] checked it fits the game
/// before the search began, so this can fail only if its file changed in between.
fn network<G: Game, E: Evaluator<G>>(ctx: &Ctx<'_, G, E>) -> Option<Arc<Inference>> {
    crate::net::load::for_game::<G>(&ctx.opts().net).ok()
}

/// Runs [`crate::search::SearchOptions::iterations`] iterations of PUCT from `pos`, the
/// tree grown at most `horizon` plies deep, and returns the estimate of the most visited
/// move (its line of most visited moves is the root's principal variation).
pub fn run<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G, horizon: u32) -> Estimate {
    let Some(net) = network(ctx) else {
        return Estimate {
            mean: 0.0,
            visits: 0,
            iterations: 0,
            proven: None,
        };
    };
    let opts = ctx.opts();
    let mut search = Puct {
        net,
        c: f64::from(opts.puct_c) / 100.0,
        noise: (opts.dirichlet > 0).then(|| {
            (
                f64::from(opts.dirichlet) / 100.0,
                SeededRng::new(opts.rollout_seed),
            )
        }),
        horizon: horizon as usize,
        tree: vec![Node {
            edges: Vec::new(),
            visits: 0,
            value_sum: 0.0,
            fixed: None,
        }],
        input: vec![0.0; G::NET_INPUTS],
        moves: Vec::new(),
    };
    let mut done = 0;
    while done < opts.iterations {
        if !search.iterate(ctx, pos) {
            break;
        }
        done += 1;
        ctx.count_iteration();
    }
    ctx.count_tree_nodes(search.tree.len() as u64);
    search.estimate(ctx, done)
}

/// The search's state (see the module doc).
struct Puct<M> {
    net: Arc<Inference>,
    c: f64,
    /// The noise's alpha and its generator, when the noise is on.
    noise: Option<(f64, SeededRng)>,
    horizon: usize,
    tree: Vec<Node<M>>,
    /// The network's input, reused.
    input: Vec<f32>,
    moves: Vec<M>,
}

impl<M: Copy + PartialEq> Puct<M> {
    /// One iteration: select, add, evaluate, back up. False when the search was stopped
    /// in it (nothing of it is backed up).
    fn iterate<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        root: &G,
    ) -> bool {
        let mut entered = 0;
        let finished = self.descend(ctx, root, &mut entered);
        for _ in 0..entered {
            ctx.leave(0);
        }
        let Some((path, value, added, end, evaluated)) = finished else {
            return false;
        };
        // The last position is the leaf; at every other a move was chosen.
        ctx.count_interior(entered as u64 - 1);
        if ctx.tracing() {
            let last = path.len() - usize::from(added.is_some());
            let log = MctsIteration {
                selected: path[..last].iter().map(|&n| n as u32).collect(),
                added: added.map(|(n, mv)| (n as u32, mv)),
                playout: Vec::new(),
                end,
                reward: value,
                bounds: Vec::new(),
                priors: if evaluated {
                    let node = &self.tree[path[path.len() - 1]];
                    node.edges.iter().map(|e| (e.mv, e.prior)).collect()
                } else {
                    Vec::new()
                },
            };
            ctx.trace_event(TraceEvent::Mcts(Box::new(log)));
        }
        // `value` is for the side to move at the path's last node; each node keeps its
        // values from the view of the side that moved into it.
        let mut to_move = value;
        for &n in path.iter().rev() {
            let node = &mut self.tree[n];
            node.visits += 1;
            node.value_sum -= to_move;
            to_move = -to_move;
        }
        true
    }

    /// Selection down the tree to a position not evaluated yet (added to the tree), a
    /// finished game or the horizon; that position's value for its side to move. Returns
    /// the path (root first), the value, the node added with its move, how the iteration
    /// ended and whether the network gave the last node its moves' priors in it; `None`
    /// when stopped. `entered` counts the positions entered.
    #[allow(clippy::type_complexity)]
    fn descend<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        root: &G,
        entered: &mut usize,
    ) -> Option<(Vec<usize>, f64, Option<(usize, M)>, PlayoutEnd, bool)> {
        if !ctx.enter(0, None, -INF, INF) {
            return None;
        }
        *entered += 1;
        let mut pos = root.clone();
        let mut path = vec![0];
        let mut node = 0;
        let mut added = None;
        while !self.tree[node].edges.is_empty() {
            let e = self.select(node);
            let mv = self.tree[node].edges[e].mv;
            pos = pos.play(mv);
            if !ctx.enter(path.len(), Some(mv), -INF, INF) {
                return None;
            }
            *entered += 1;
            let child = match self.tree[node].edges[e].child {
                Some(child) => child,
                None => {
                    self.tree.push(Node {
                        edges: Vec::new(),
                        visits: 0,
                        value_sum: 0.0,
                        fixed: None,
                    });
                    let child = self.tree.len() - 1;
                    self.tree[node].edges[e].child = Some(child);
                    added = Some((child, mv));
                    child
                }
            };
            path.push(child);
            node = child;
            if added.is_some() {
                break;
            }
        }
        let depth = path.len() - 1;
        // Selection stops at a node without moves: evaluated now if it has them after.
        let (value, end) = self.evaluate(ctx, node, &pos, depth);
        ctx.count_leaf((value * 1000.0).round() as i32);
        let evaluated = !self.tree[node].edges.is_empty();
        Some((path, value, added, end, evaluated))
    }

    /// The value of `node` (`pos`, `depth` plies down) for its side to move: a finished
    /// game's by the rules, otherwise the network's; a position the network evaluates
    /// below the horizon gets its moves with their priors. A value fixed before is given
    /// again.
    fn evaluate<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        node: usize,
        pos: &G,
        depth: usize,
    ) -> (f64, PlayoutEnd) {
        let at_horizon = depth >= self.horizon;
        let end = if pos.outcome().is_some() {
            PlayoutEnd::GameOver
        } else if at_horizon {
            PlayoutEnd::Horizon
        } else {
            PlayoutEnd::Network
        };
        if let Some(value) = self.tree[node].fixed {
            return (value, end);
        }
        if pos.outcome().is_some() {
            let value = f64::from(pos.terminal_score(crate::game::Scoring::WinLoss).signum());
            self.tree[node].fixed = Some(value);
            return (value, end);
        }
        pos.net_input(&mut self.input);
        let (logits, value) = self.net.evaluate(&self.input);
        ctx.count_net_evaluation();
        let value = f64::from(value);
        if at_horizon {
            self.tree[node].fixed = Some(value);
            return (value, end);
        }
        pos.legal_moves(&mut self.moves);
        let slots: Vec<usize> = self.moves.iter().map(|&m| G::move_index(m)).collect();
        let mut p = priors(&logits, &slots);
        if node == 0
            && let Some((alpha, rng)) = &mut self.noise
        {
            let noise = dirichlet(rng, *alpha, p.len());
            for (prior, n) in p.iter_mut().zip(noise) {
                *prior = ((1.0 - NOISE_SHARE) * f64::from(*prior) + NOISE_SHARE * n) as f32;
            }
        }
        self.tree[node].edges = self
            .moves
            .iter()
            .zip(p)
            .map(|(&mv, prior)| Edge {
                mv,
                prior,
                child: None,
            })
            .collect();
        (value, end)
    }

    /// The move of `node` with the highest PUCT value (the first of equals).
    fn select(&self, node: usize) -> usize {
        let parent = &self.tree[node];
        let scale = self.c * (parent.visits as f64).sqrt();
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        for (i, edge) in parent.edges.iter().enumerate() {
            let (q, n) = match edge.child.map(|c| &self.tree[c]) {
                Some(child) if child.visits > 0 => {
                    (child.value_sum / child.visits as f64, child.visits)
                }
                _ => (0.0, 0),
            };
            let value = q + scale * f64::from(edge.prior) / (1.0 + n as f64);
            if value > best_value {
                best = i;
                best_value = value;
            }
        }
        best
    }

    /// The estimate of the most visited root move, and the line of most visited moves
    /// as the root's principal variation. With no move visited yet (one iteration) the
    /// move of the highest prior is played: the network's own choice.
    fn estimate<G: Game<Move = M>, E: Evaluator<G>>(
        &self,
        ctx: &mut Ctx<'_, G, E>,
        done: u64,
    ) -> Estimate {
        let mut line = Vec::new();
        let mut node = 0;
        while let Some(e) = self.most_visited(node) {
            line.push(e.mv);
            match e.child {
                Some(c) if self.tree[c].visits > 0 => node = c,
                _ => break,
            }
        }
        ctx.set_root_pv(line);
        let root = &self.tree[0];
        // The root's values are kept from the other side's view.
        let root_mean = if root.visits > 0 {
            -root.value_sum / root.visits as f64
        } else {
            0.0
        };
        let (mean, visits) = match self.most_visited(0).and_then(|e| e.child) {
            Some(c) if self.tree[c].visits > 0 => {
                let child = &self.tree[c];
                (child.value_sum / child.visits as f64, child.visits)
            }
            // No move, or none visited: the root's own value.
            _ => (root_mean, 0),
        };
        Estimate {
            mean,
            visits,
            iterations: done,
            proven: None,
        }
    }

    /// The move of `node` visited most, ties (and moves never visited) broken by the
    /// higher prior, then by the order of the moves; `None` when `node` has no moves.
    fn most_visited(&self, node: usize) -> Option<&Edge<M>> {
        let visits = |e: &Edge<M>| e.child.map_or(0, |c| self.tree[c].visits);
        let mut best: Option<&Edge<M>> = None;
        for e in &self.tree[node].edges {
            if best.is_none_or(|b| (visits(e), e.prior) > (visits(b), b.prior)) {
                best = Some(e);
            }
        }
        best
    }
}

/// A draw from the symmetric Dirichlet distribution of concentration `alpha` over `n`
/// parts: Gamma(alpha) draws normalised.
fn dirichlet(rng: &mut SeededRng, alpha: f64, n: usize) -> Vec<f64> {
    let draws: Vec<f64> = (0..n).map(|_| gamma(rng, alpha)).collect();
    let sum: f64 = draws.iter().sum();
    if sum > 0.0 {
        draws.iter().map(|d| d / sum).collect()
    } else {
        vec![1.0 / n as f64; n]
    }
}

/// A number in (0, 1) from 53 random bits.
fn unit(rng: &mut SeededRng) -> f64 {
    ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
}

/// A Gamma(alpha, 1) draw by Marsaglia and Tsang's method (2000); below alpha 1 by
/// `Gamma(alpha + 1) * U^(1/alpha)`.
fn gamma(rng: &mut SeededRng, alpha: f64) -> f64 {
    if alpha < 1.0 {
        return gamma(rng, alpha + 1.0) * unit(rng).powf(1.0 / alpha);
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        // A standard normal by Box and Muller.
        let x = (-2.0 * unit(rng).ln()).sqrt() * (std::f64::consts::TAU * unit(rng)).cos();
        let v = (1.0 + c * x).powi(3);
        if v > 0.0 && unit(rng).ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dirichlet_draws_sum_to_one_and_follow_their_seed() {
        for alpha in [0.03, 0.3, 1.0, 2.5] {
            let a = dirichlet(&mut SeededRng::new(7), alpha, 7);
            let b = dirichlet(&mut SeededRng::new(7), alpha, 7);
            assert_eq!(a, b);
            assert!((a.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!(a.iter().all(|&x| x >= 0.0));
        }
        // The mean of Gamma(alpha) is alpha.
        let mut rng = SeededRng::new(3);
        for alpha in [0.3, 2.0] {
            let mean = (0..20_000).map(|_| gamma(&mut rng, alpha)).sum::<f64>() / 20_000.0;
            assert!(
                (mean - alpha).abs() < 0.05 * alpha.max(1.0),
                "{alpha}: {mean}"
            );
        }
    }
}
