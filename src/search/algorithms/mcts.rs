//! Monte Carlo tree search with UCT: each iteration selects a path down the tree by
//! UCB1, adds one node, plays random moves from it to the end of the game (or to the
//! horizon, where the evaluator scores it), and backs the reward up the path.
//!
//! Kocsis & Szepesvári, "Bandit based Monte-Carlo planning" (2006).
//! Contract: an estimate, not a minimax value. The move played is the most visited root
//! move; its mean reward (-1 to 1, the root side to move's view) and visits are the
//! [`Estimate`]. The same seed gives the same tree and the same counts.
//!
//! Every position an iteration visits is a node ([`Ctx::enter`]): the root, the path
//! selected, the node added and each position of the playout. Nothing is visited below
//! the depth (the horizon): a node there is a leaf the evaluator scores, and so is the
//! position a playout reaches there.

use crate::game::{Evaluator, Game, SeededRng};
use crate::search::Estimate;
use crate::search::context::{Ctx, INF};

/// A node of the MCTS tree.
struct Node<M> {
    /// The move that leads here (none at the root).
    mv: Option<M>,
    /// Its children, in the order they were added.
    children: Vec<usize>,
    /// The moves not added as children yet.
    untried: Vec<M>,
    /// Iterations through this node.
    visits: u64,
    /// The sum of their rewards from the view of the side that played `mv`.
    reward: f64,
}

impl<M: Copy> Node<M> {
    /// A node for `pos`, `ply` plies below the root; at the horizon or at the end of the
    /// game it has no moves to add (a leaf, scored by the playout's end).
    fn new<G: Game<Move = M>>(mv: Option<M>, pos: &G, ply: usize, horizon: u32) -> Node<M> {
        let mut untried = Vec::new();
        if pos.outcome().is_none() && ply < horizon as usize {
            pos.legal_moves(&mut untried);
        }
        Node {
            mv,
            children: Vec::new(),
            untried,
            visits: 0,
            reward: 0.0,
        }
    }
}

/// Runs [`crate::search::SearchOptions::iterations`] iterations from `pos`, playouts
/// cut at `horizon` plies from the root, and returns the estimate of the most visited
/// move (its line of most visited moves is the root's principal variation).
pub fn run<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G, horizon: u32) -> Estimate {
    let exploration = f64::from(ctx.opts.uct_c) / 100.0;
    let mut rng = SeededRng::new(ctx.opts.rollout_seed);
    let mut tree = vec![Node::new(None, pos, 0, horizon)];
    let mut done = 0;
    while done < ctx.opts.iterations {
        if !iterate(ctx, pos, horizon, exploration, &mut rng, &mut tree) {
            break;
        }
        done += 1;
    }
    ctx.set_root_pv(most_visited_line(&tree));
    match most_visited(&tree, 0) {
        Some(best) => {
            let node = &tree[best];
            Estimate {
                mean: node.reward / node.visits as f64,
                visits: node.visits,
                iterations: done,
            }
        }
        // No move (the game is over at the root): the root's rewards are kept from the
        // view of the side that moved into it, so the root side's mean is their negative.
        None => Estimate {
            mean: if done > 0 {
                -tree[0].reward / tree[0].visits as f64
            } else {
                0.0
            },
            visits: 0,
            iterations: done,
        },
    }
}

/// One iteration: select, expand, play out, back up. False when the search was stopped
/// in it (nothing of it is backed up).
fn iterate<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    root: &G,
    horizon: u32,
    exploration: f64,
    rng: &mut SeededRng,
    tree: &mut Vec<Node<G::Move>>,
) -> bool {
    let mut entered = 0;
    let finished = descend(ctx, root, horizon, exploration, rng, tree, &mut entered);
    for _ in 0..entered {
        ctx.leave(0);
    }
    let Some((path, reward)) = finished else {
        return false;
    };
    // The playout's last position is the leaf; at each other position of the iteration
    // a move was chosen, so it counts as interior (nodes = leaves + interior).
    ctx.stats.interior += entered as u64 - 1;
    // `reward` is from the view of the side to move at the last node of the path; each
    // node keeps its rewards from the view of the side that moved into it.
    let mut to_move = reward;
    for &n in path.iter().rev() {
        let node = &mut tree[n];
        node.visits += 1;
        node.reward -= to_move;
        to_move = -to_move;
    }
    true
}

/// Selection, expansion and playout: the path of tree nodes and the reward for the side
/// to move at its last node; `None` when stopped. `entered` counts the positions entered.
fn descend<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    root: &G,
    horizon: u32,
    exploration: f64,
    rng: &mut SeededRng,
    tree: &mut Vec<Node<G::Move>>,
    entered: &mut usize,
) -> Option<(Vec<usize>, f64)> {
    let mut pos = root.clone();
    let mut path = vec![0];
    let mut ply = 0;
    if !ctx.enter(ply, None, -INF, INF) {
        return None;
    }
    *entered += 1;
    // Selection: down through nodes whose moves are all added.
    let mut node = 0;
    while tree[node].untried.is_empty() && !tree[node].children.is_empty() {
        node = select(tree, node, exploration);
        let mv = tree[node].mv?;
        step(ctx, &mut pos, &mut ply, mv, entered)?;
        path.push(node);
    }
    // Expansion: one random untried move becomes a node.
    if !tree[node].untried.is_empty() {
        let untried = &mut tree[node].untried;
        let mv = untried.swap_remove(rng.below(untried.len() as u64) as usize);
        step(ctx, &mut pos, &mut ply, mv, entered)?;
        let child = tree.len();
        tree.push(Node::new(Some(mv), &pos, ply, horizon));
        tree[node].children.push(child);
        path.push(child);
    }
    let reward = playout(ctx, pos, ply, horizon, rng, entered)?;
    Some((path, reward))
}

/// Plays `mv` and enters the position it leads to (a node); `None` when the search
/// must stop.
fn step<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &mut G,
    ply: &mut usize,
    mv: G::Move,
    entered: &mut usize,
) -> Option<()> {
    *pos = pos.play(mv);
    *ply += 1;
    if !ctx.enter(*ply, Some(mv), -INF, INF) {
        return None;
    }
    *entered += 1;
    Some(())
}

/// Random moves from `pos` (at `ply`) to the end of the game or the horizon; the reward
/// for the side to move at `pos`.
fn playout<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    mut pos: G,
    mut ply: usize,
    horizon: u32,
    rng: &mut SeededRng,
    entered: &mut usize,
) -> Option<f64> {
    let mut moves = Vec::new();
    let mut flips = 0;
    loop {
        moves.clear();
        if pos.outcome().is_none() && ply < horizon as usize {
            pos.legal_moves(&mut moves);
        }
        if moves.is_empty() {
            let reward = reward_of(ctx, &pos);
            return Some(if flips % 2 == 0 { reward } else { -reward });
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        step(ctx, &mut pos, &mut ply, mv, entered)?;
        flips += 1;
    }
}

/// The reward of the position a playout ends at, for its side to move: 1, 0 or -1 for a
/// finished game; at the horizon the evaluation over the largest it can be, within -1..=1.
fn reward_of<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G) -> f64 {
    let value = ctx.static_leaf(pos);
    if pos.outcome().is_some() {
        return f64::from(value.signum());
    }
    let scoring = ctx.opts.scoring;
    let largest = pos
        .heuristic_limit(scoring)
        .unwrap_or_else(|| pos.score_range(scoring).1)
        .max(1);
    (f64::from(value) / f64::from(largest)).clamp(-1.0, 1.0)
}

/// The child of `parent` with the highest UCB1 value (the first of equals).
fn select<M>(tree: &[Node<M>], parent: usize, exploration: f64) -> usize {
    let log_visits = (tree[parent].visits.max(1) as f64).ln();
    let mut best = tree[parent].children[0];
    let mut best_value = f64::NEG_INFINITY;
    for &c in &tree[parent].children {
        let child = &tree[c];
        let visits = child.visits.max(1) as f64;
        let value = child.reward / visits + exploration * (log_visits / visits).sqrt();
        if value > best_value {
            best = c;
            best_value = value;
        }
    }
    best
}

/// The most visited child of `node` (the first of equals); `None` without children.
fn most_visited<M>(tree: &[Node<M>], node: usize) -> Option<usize> {
    let mut best: Option<usize> = None;
    for &c in &tree[node].children {
        if best.is_none_or(|b| tree[c].visits > tree[b].visits) {
            best = Some(c);
        }
    }
    best
}

/// The line of most visited moves from the root.
fn most_visited_line<M: Copy>(tree: &[Node<M>]) -> Vec<M> {
    let mut line = Vec::new();
    let mut node = 0;
    while let Some(c) = most_visited(tree, node) {
        if tree[c].visits == 0 {
            break;
        }
        line.extend(tree[c].mv);
        node = c;
    }
    line
}
