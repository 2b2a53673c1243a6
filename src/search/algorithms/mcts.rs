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
//!
//! With `+win` a playout plays a move that wins at once wherever the game names one, and
//! with `+non-losing` it draws its moves among those that do not let the opponent win
//! at once (Teytaud & Teytaud's decisive and anti-decisive moves, 2010, on the game's
//! hooks; Connect Four and tic-tac-toe have them).
//!
//! Over chance nodes (dice), selection and playouts draw an outcome by its probability
//! instead of choosing one, an outcome drawn for the first time is the node added, and
//! a reward counts for or against a node's parent by whose move it is (a chance node
//! keeps the side to move). Chance moves use no depth, as in the exact searches.
//!
//! The variants of MCTS (MCTS-Solver in `mcts_solver.rs`) run this same loop with a
//! [`Policy`]: which children selection may enter, what a backup learns besides the
//! rewards, when the search is settled and which move is played. UCT's is [`Uct`].

use crate::game::{Evaluator, Game, SeededRng, Side};
use crate::search::Estimate;
use crate::search::context::{Ctx, INF};
use crate::search::trace::{MctsIteration, PlayoutEnd, TraceEvent};

/// A node of the MCTS tree.
pub(super) struct Node<M> {
    /// The move that leads here (none at the root).
    pub mv: Option<M>,
    /// Its children, in the order they were added.
    pub children: Vec<usize>,
    /// The moves not added as children yet.
    pub untried: Vec<M>,
    /// Iterations through this node.
    pub visits: u64,
    /// The sum of their rewards from the view of the side to move at its parent (the
    /// side that played `mv`, or the side a chance outcome fell for).
    pub reward: f64,
    /// A chance node (its outcomes are drawn, not chosen; the position gives them).
    pub chance: bool,
    /// The side to move here.
    pub side: Side,
}

/// What a variant adds to UCT's loop. The tree is a vector of nodes, the root at 0; a
/// policy may keep its own facts about each node in a vector beside it.
pub(super) trait Policy<M> {
    /// A node was added to the tree at index `tree.len() - 1`, for `pos`; `leaf` when it
    /// gets no children (the game is over there, or it is at the horizon).
    fn created<G: Game<Move = M>>(&mut self, pos: &G, leaf: bool);
    /// Whether selection at `parent` may enter its child `child`.
    fn enters(&self, tree: &[Node<M>], parent: usize, child: usize) -> bool;
    /// An iteration's rewards were backed up along `path` (root first); returns how many
    /// nodes it proved.
    fn backed_up(&mut self, tree: &[Node<M>], path: &[usize]) -> u64;
    /// Whether the root's value is known, so that more iterations change nothing.
    fn settled(&self) -> bool;
    /// The root's child whose move is played (`None` without children).
    fn played(&self, tree: &[Node<M>]) -> Option<usize>;
    /// The root's proven value for its side to move: 1 win, 0 draw, -1 loss.
    fn proven(&self) -> Option<i32>;
    /// Whether the policy proves values (so that the hybrids' minimax searches, which
    /// prove, apply).
    fn proves(&self) -> bool {
        false
    }
    /// Whether `node`'s value is proven.
    fn is_proven(&self, _node: usize) -> bool {
        false
    }
    /// A shallow minimax proved `node`'s value for its side to move (1 or -1).
    fn prove(&mut self, _node: usize, _value: i32) {}
    /// The bounds the policy keeps on `node`'s game value for its side to move (for the
    /// trace); `None` when it keeps none.
    fn bounds(&self, _node: usize) -> Option<(i8, i8)> {
        None
    }
}

/// UCT's policy: every child may be selected, nothing is proven, the most visited move is
/// played.
pub(super) struct Uct;

impl<M> Policy<M> for Uct {
    fn created<G: Game<Move = M>>(&mut self, _: &G, _: bool) {}
    fn enters(&self, _: &[Node<M>], _: usize, _: usize) -> bool {
        true
    }
    fn backed_up(&mut self, _: &[Node<M>], _: &[usize]) -> u64 {
        0
    }
    fn settled(&self) -> bool {
        false
    }
    fn played(&self, tree: &[Node<M>]) -> Option<usize> {
        most_visited(tree, 0, |_| true)
    }
    fn proven(&self) -> Option<i32> {
        None
    }
}

/// Adds a node for `pos`, `depth` plies below the root (chance moves not counted), to
/// the tree and tells the policy; at the horizon or at the end of the game it has no
/// moves to add (a leaf, scored by the playout's end). Returns its index.
fn add<G: Game, P: Policy<G::Move>>(
    tree: &mut Vec<Node<G::Move>>,
    policy: &mut P,
    mv: Option<G::Move>,
    pos: &G,
    depth: usize,
    horizon: u32,
) -> usize {
    let mut untried = Vec::new();
    let mut chance = false;
    if pos.outcome().is_none() && depth < horizon as usize {
        chance = pos.has_chance() && pos.chance_outcomes(&mut Vec::new());
        if !chance {
            pos.legal_moves(&mut untried);
        }
    }
    let leaf = untried.is_empty() && !chance;
    tree.push(Node {
        mv,
        children: Vec::new(),
        untried,
        visits: 0,
        reward: 0.0,
        chance,
        side: pos.side_to_move(),
    });
    policy.created(pos, leaf);
    tree.len() - 1
}

/// Runs [`crate::search::SearchOptions::iterations`] iterations of UCT from `pos`,
/// playouts cut at `horizon` plies from the root, and returns the estimate of the most
/// visited move (its line of most visited moves is the root's principal variation).
pub fn run<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G, horizon: u32) -> Estimate {
    search(ctx, pos, horizon, &mut Uct)
}

/// The loop every variant runs: iterations until the budget is spent, the search is
/// stopped or the policy is settled; the estimate of the move the policy plays.
pub(super) fn search<G: Game, E: Evaluator<G>, P: Policy<G::Move>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    horizon: u32,
    policy: &mut P,
) -> Estimate {
    let exploration = f64::from(ctx.opts().uct_c) / 100.0;
    let mut rng = SeededRng::new(ctx.opts().rollout_seed);
    let mut tree = Vec::new();
    let chancy = pos.has_chance();
    add(&mut tree, policy, None, pos, 0, horizon);
    ctx.count_proven(policy.backed_up(&tree, &[]));
    let mut done = 0;
    // The bounds last traced for each node (traced searches only).
    let mut traced_bounds = Vec::new();
    while done < ctx.opts().iterations && !policy.settled() {
        let mut run = Iteration {
            horizon,
            chancy,
            exploration,
            rng: &mut rng,
            tree: &mut tree,
            policy,
            entered: 0,
            log: ctx.tracing().then(|| MctsIteration {
                selected: Vec::new(),
                added: None,
                playout: Vec::new(),
                end: PlayoutEnd::GameOver,
                reward: 0.0,
                bounds: Vec::new(),
                priors: Vec::new(),
            }),
        };
        if !run.iterate(ctx, pos) {
            break;
        }
        if let Some(log) = run.log.take() {
            run.trace(ctx, log, &mut traced_bounds);
        }
        done += 1;
        ctx.count_iteration();
    }
    ctx.count_tree_nodes(tree.len() as u64);
    // No move is played at a chance node: nature's.
    let played = policy.played(&tree).filter(|_| !tree[0].chance);
    let mut line = Vec::new();
    if let Some(first) = played {
        line.extend(tree[first].mv);
        line.extend(most_visited_line(&tree, first));
    }
    ctx.set_root_pv(line);
    let proven = policy.proven();
    if tree[0].chance {
        // A chance node at the root: its own mean over the outcomes drawn (kept from the
        // other side's view, as every node's), not one outcome's.
        let root = &tree[0];
        return Estimate {
            mean: -root.reward / root.visits.max(1) as f64,
            visits: root.visits,
            iterations: done,
            proven,
        };
    }
    match played {
        Some(best) => {
            let node = &tree[best];
            Estimate {
                mean: node.reward / node.visits.max(1) as f64,
                visits: node.visits,
                iterations: done,
                proven,
            }
        }
        // No move (the game is over at the root): the root's rewards are kept from the
        // view of the side that moved into it, so the root side's mean is their negative.
        None => Estimate {
            mean: if done > 0 {
                -tree[0].reward / tree[0].visits as f64
            } else {
                proven.map_or(0.0, f64::from)
            },
            visits: 0,
            iterations: done,
            proven,
        },
    }
}

/// One iteration's state: the tree, the policy and the random numbers it shares with
/// the others, and how many positions it has entered.
struct Iteration<'a, M, P> {
    horizon: u32,
    /// The game has chance nodes here: outcomes are drawn, and whose move it is decides
    /// a reward's sign (without them the sides alternate, and every ply flips it).
    chancy: bool,
    exploration: f64,
    rng: &'a mut SeededRng,
    tree: &'a mut Vec<Node<M>>,
    policy: &'a mut P,
    entered: usize,
    /// What the iteration did, when the search is traced.
    log: Option<MctsIteration<M>>,
}

impl<M: Copy + PartialEq, P: Policy<M>> Iteration<'_, M, P> {
    /// One iteration: select, expand, play out, back up. False when the search was
    /// stopped in it (nothing of it is backed up).
    fn iterate<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        root: &G,
    ) -> bool {
        let finished = self.descend(ctx, root);
        for _ in 0..self.entered {
            ctx.leave(0);
        }
        let Some((path, reward, positions)) = finished else {
            return false;
        };
        if let Some(log) = &mut self.log {
            log.reward = reward;
        }
        // The playout's last position is the leaf; at each other position of the
        // iteration a move was chosen, so it counts as interior (nodes = leaves +
        // interior).
        ctx.count_interior(self.entered as u64 - 1);
        // `reward` is from the view of the side to move at the last node of the path;
        // each node keeps its rewards from the view of the side that moved into it.
        if self.chancy {
            let last = self.tree[path[path.len() - 1]].side;
            for (i, &n) in path.iter().enumerate() {
                let parent = match i {
                    0 => self.tree[0].side.other(),
                    _ => self.tree[path[i - 1]].side,
                };
                let node = &mut self.tree[n];
                node.visits += 1;
                node.reward += if parent == last { reward } else { -reward };
            }
        } else {
            let mut to_move = reward;
            for &n in path.iter().rev() {
                let node = &mut self.tree[n];
                node.visits += 1;
                node.reward -= to_move;
                to_move = -to_move;
            }
        }
        let proved = self.policy.backed_up(self.tree, &path);
        ctx.count_proven(proved);
        if proved > 0 && ctx.opts().mb_depth > 0 && self.policy.proves() {
            return self.minimax_backup(ctx, &path, &positions);
        }
        true
    }

    /// Records the iteration `log` in the trace, with the bounds that changed along its
    /// path since they were last traced (`traced`, by node).
    fn trace<G: Game<Move = M>, E: Evaluator<G>>(
        &self,
        ctx: &mut Ctx<'_, G, E>,
        mut log: MctsIteration<M>,
        traced: &mut Vec<(i8, i8)>,
    ) {
        traced.resize(self.tree.len(), (-1, 1));
        let mut path: Vec<u32> = log.selected.clone();
        path.extend(log.added.iter().map(|(n, _)| *n));
        // Deepest first, the order the backup goes.
        for &n in path.iter().rev() {
            if let Some(b) = self.policy.bounds(n as usize)
                && traced[n as usize] != b
            {
                traced[n as usize] = b;
                log.bounds.push((n, b.0, b.1));
            }
        }
        ctx.trace_event(TraceEvent::Mcts(Box::new(log)));
    }

    /// MCTS-MB: a proof backed up stops below a node it could not prove; a minimax of
    /// `mb_depth` from that node may prove it, and the proof goes on up. False when the
    /// search was stopped.
    fn minimax_backup<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        path: &[usize],
        positions: &[G],
    ) -> bool {
        let Some(i) = (1..path.len())
            .rev()
            .find(|&i| self.policy.is_proven(path[i]) && !self.policy.is_proven(path[i - 1]))
        else {
            return true;
        };
        let depth = ctx
            .opts()
            .mb_depth
            .min(self.horizon.saturating_sub(i as u32 - 1));
        let Some(value) = children_win_loss(ctx, &positions[i - 1], i - 1, depth) else {
            return false;
        };
        if value != 0 {
            self.policy.prove(path[i - 1], value);
            ctx.count_proven(1);
            if i > 1 {
                ctx.count_proven(self.policy.backed_up(self.tree, &path[..i - 1]));
            }
        }
        true
    }

    /// Selection, expansion and playout: the path of tree nodes, the reward for the
    /// side to move at its last node and, for MCTS-MB, the path's positions; `None`
    /// when stopped.
    #[allow(clippy::type_complexity)]
    fn descend<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        root: &G,
    ) -> Option<(Vec<usize>, f64, Vec<G>)> {
        let mut pos = root.clone();
        let mut path = vec![0];
        let mut ply = 0;
        // Plies that use depth: every move but chance outcomes.
        let mut depth = 0;
        if !ctx.enter(ply, None, -INF, INF) {
            return None;
        }
        self.entered += 1;
        let keep = ctx.opts().mb_depth > 0 && self.policy.proves();
        let mut positions = Vec::new();
        if keep {
            positions.push(pos.clone());
        }
        let ms_depth = if self.policy.proves() {
            ctx.opts().ms_depth
        } else {
            0
        };
        // Selection: down through nodes whose moves are all added; at a chance node the
        // outcome drawn, until one is drawn that has no node yet.
        let mut node = 0;
        let mut drawn = None;
        loop {
            let next = if !self.tree[node].chance {
                if !self.tree[node].untried.is_empty() {
                    break;
                }
                self.select(node)
            } else {
                match self.draw_outcome(node, &pos) {
                    Ok(known) => Some(known),
                    Err(new) => {
                        drawn = Some(new);
                        None
                    }
                }
            };
            let Some(next) = next else {
                break;
            };
            let chance = self.tree[node].chance;
            node = next;
            let mv = self.tree[node].mv?;
            self.step(ctx, &mut pos, &mut ply, mv)?;
            depth += usize::from(!chance);
            path.push(node);
            if keep {
                positions.push(pos.clone());
            }
            // MCTS-MS: a node selected for the first time gets a shallow minimax; a
            // proof ends the iteration there, its value the reward.
            if ms_depth > 0 && self.tree[node].visits == 1 && !self.policy.is_proven(node) {
                let depth = ms_depth.min(self.horizon.saturating_sub(depth as u32));
                let value = children_win_loss(ctx, &pos, ply, depth)?;
                if value != 0 {
                    self.policy.prove(node, value);
                    ctx.count_proven(1);
                    ctx.count_leaf(value);
                    if let Some(log) = &mut self.log {
                        log.selected = path.iter().map(|&n| n as u32).collect();
                        log.end = PlayoutEnd::Proven;
                    }
                    return Some((path, f64::from(value), positions));
                }
            }
        }
        if let Some(log) = &mut self.log {
            log.selected = path.iter().map(|&n| n as u32).collect();
        }
        // Expansion: one random untried move becomes a node (or the outcome drawn).
        if let Some(mv) = drawn.or_else(|| self.untried_move(node)) {
            self.step(ctx, &mut pos, &mut ply, mv)?;
            depth += usize::from(drawn.is_none());
            let child = add(self.tree, self.policy, Some(mv), &pos, depth, self.horizon);
            self.tree[node].children.push(child);
            path.push(child);
            if let Some(log) = &mut self.log {
                log.added = Some((child as u32, mv));
            }
            if keep {
                positions.push(pos.clone());
            }
        }
        let reward = self.play_out(ctx, pos, ply, depth)?;
        Some((path, reward, positions))
    }

    /// The playout from `pos` (see [`Iteration::playout`]) by the copy of the hot loop
    /// the options need: plain random moves untraced, or the one that also knows the
    /// hybrids' minimax, the game's hooks and the trace.
    fn play_out<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        pos: G,
        ply: usize,
        depth: usize,
    ) -> Option<f64> {
        let plain = self.log.is_none()
            && ctx.opts().mr_depth == 0
            && !ctx.opts().win_at_once
            && !ctx.opts().non_losing;
        if plain {
            self.playout::<G, E, true>(ctx, pos, ply, depth)
        } else {
            self.playout::<G, E, false>(ctx, pos, ply, depth)
        }
    }

    /// One of `node`'s untried moves at random, taken out of its list.
    fn untried_move(&mut self, node: usize) -> Option<M> {
        let untried = &mut self.tree[node].untried;
        (!untried.is_empty())
            .then(|| untried.swap_remove(self.rng.below(untried.len() as u64) as usize))
    }

    /// At chance node `node` (position `pos`), an outcome drawn by its probability: its
    /// child, or `Err` with the outcome when it has no node yet (the one to add).
    fn draw_outcome<G: Game<Move = M>>(&mut self, node: usize, pos: &G) -> Result<usize, M> {
        let mut outcomes = Vec::new();
        pos.chance_outcomes(&mut outcomes);
        let mv = draw(self.rng, &outcomes);
        let tree = &*self.tree;
        tree[node]
            .children
            .iter()
            .copied()
            .find(|&c| tree[c].mv == Some(mv))
            .ok_or(mv)
    }

    /// Plays `mv` and enters the position it leads to (a node); `None` when the search
    /// must stop.
    fn step<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        pos: &mut G,
        ply: &mut usize,
        mv: M,
    ) -> Option<()> {
        *pos = pos.play(mv);
        *ply += 1;
        if !ctx.enter(*ply, Some(mv), -INF, INF) {
            return None;
        }
        self.entered += 1;
        Some(())
    }

    /// Random moves from `pos` (at `ply`, `depth` of it counted against the horizon) to
    /// the end of the game or the horizon, chance outcomes drawn by their probabilities;
    /// the reward for the side to move at `pos`. `PLAIN`: every move at random, nothing
    /// recorded (MCTS-MR's minimax, the game's hooks and the trace are off).
    fn playout<G: Game<Move = M>, E: Evaluator<G>, const PLAIN: bool>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        mut pos: G,
        mut ply: usize,
        mut depth: usize,
    ) -> Option<f64> {
        // The hot loop of MCTS: its state in locals, counted once at the end.
        let horizon = self.horizon as usize;
        let mr_depth = ctx.opts().mr_depth;
        let (decisive, anti_decisive) = (ctx.opts().win_at_once, ctx.opts().non_losing);
        let mut moves = Vec::new();
        let mut keep = Vec::new();
        let mut outcomes = Vec::new();
        let start = pos.side_to_move();
        let mut flips: u64 = 0;
        let reward = loop {
            moves.clear();
            let mut chance = false;
            if pos.outcome().is_none() && depth < horizon {
                chance = self.chancy && pos.chance_outcomes(&mut outcomes);
                if !chance {
                    pos.legal_moves(&mut moves);
                }
            }
            let mv = if chance {
                draw(self.rng, &outcomes)
            } else {
                if moves.is_empty() {
                    if !PLAIN
                        && let Some(log) = &mut self.log
                        && pos.outcome().is_none()
                    {
                        log.end = PlayoutEnd::Horizon;
                    }
                    break reward_of(ctx, &pos);
                }
                let win = if !PLAIN && decisive {
                    pos.immediate_win()
                } else {
                    None
                };
                if let Some(win) = win {
                    win
                } else if !PLAIN && mr_depth > 0 {
                    let depth = mr_depth.min((horizon - depth) as u32);
                    match self.minimax_move(ctx, &pos, &moves, ply, depth) {
                        Some(mv) => mv,
                        None => break f64::NAN,
                    }
                } else if !PLAIN && anti_decisive {
                    self.non_losing_move(&pos, &moves, &mut keep)
                } else {
                    moves[self.rng.below(moves.len() as u64) as usize]
                }
            };
            pos = pos.play(mv);
            ply += 1;
            // A chance outcome uses no depth.
            depth += usize::from(!chance);
            if !ctx.enter(ply, Some(mv), -INF, INF) {
                break f64::NAN;
            }
            if !PLAIN && let Some(log) = &mut self.log {
                log.playout.push(mv);
            }
            self.entered += 1;
            flips += 1;
        };
        ctx.count_playout_plies(flips);
        if reward.is_nan() {
            return None;
        }
        // The reward is the last position's side to move's: the start's, or negated.
        let same = if self.chancy {
            pos.side_to_move() == start
        } else {
            flips.is_multiple_of(2)
        };
        Some(if same { reward } else { -reward })
    }

    /// An anti-decisive playout move (Teytaud & Teytaud 2010), at a position whose side
    /// to move cannot win at once: one drawn among the moves that do not let the
    /// opponent win at once, by the game's hook; among `moves` where every move does or
    /// the game cannot tell.
    fn non_losing_move<G: Game<Move = M>>(&mut self, pos: &G, moves: &[M], keep: &mut Vec<M>) -> M {
        keep.clear();
        if pos.non_losing_moves(keep) && !keep.is_empty() {
            return keep[self.rng.below(keep.len() as u64) as usize];
        }
        moves[self.rng.below(moves.len() as u64) as usize]
    }

    /// MCTS-MR's playout move at `pos` (at `ply`): a move whose win-loss minimax value
    /// to `depth` plies is the best, drawn at random among equals. `None` when stopped.
    fn minimax_move<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        pos: &G,
        moves: &[M],
        ply: usize,
        depth: u32,
    ) -> Option<M> {
        let mut best = Vec::new();
        let mut best_value = -2;
        for &mv in moves {
            let value = -win_loss(ctx, &pos.play(mv), depth - 1, ply + 1, -1, 1)?;
            if value > best_value {
                best.clear();
                best_value = value;
            }
            if value == best_value {
                best.push(mv);
            }
        }
        Some(best[self.rng.below(best.len() as u64) as usize])
    }

    /// The child of `parent` the policy lets selection enter with the highest UCB1
    /// value (the first of equals); `None` when it has no such child.
    fn select(&self, parent: usize) -> Option<usize> {
        let tree = &*self.tree;
        let log_visits = (tree[parent].visits.max(1) as f64).ln();
        // Every UCB1 value is finite, so the first child entered beats the start.
        let mut best = usize::MAX;
        let mut best_value = f64::NEG_INFINITY;
        for &c in &tree[parent].children {
            if !self.policy.enters(tree, parent, c) {
                continue;
            }
            let child = &tree[c];
            let visits = child.visits.max(1) as f64;
            let value = child.reward / visits + self.exploration * (log_visits / visits).sqrt();
            if value > best_value {
                best = c;
                best_value = value;
            }
        }
        (best != usize::MAX).then_some(best)
    }
}

/// The win-loss minimax value of `pos` (at `ply`) to `depth` plies from its children:
/// 1 or -1 when finished games within the depth prove it, 0 otherwise (`pos` itself was
/// entered by the iteration; its children are nodes of the search). `None` when stopped.
/// An outcome drawn with probability its weight over the weights' sum.
fn draw<M: Copy>(rng: &mut SeededRng, outcomes: &[(M, u32)]) -> M {
    let total: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
    let mut r = rng.below(total.max(1));
    for &(mv, w) in outcomes {
        if r < u64::from(w) {
            return mv;
        }
        r -= u64::from(w);
    }
    outcomes[outcomes.len() - 1].0
}

fn children_win_loss<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    ply: usize,
    depth: u32,
) -> Option<i32> {
    let mut moves = Vec::new();
    if depth == 0 || pos.outcome().is_some() {
        return Some(0);
    }
    pos.legal_moves(&mut moves);
    let mut best = -1;
    for mv in moves {
        let value = -win_loss(ctx, &pos.play(mv), depth - 1, ply + 1, -1, -best)?;
        best = best.max(value);
        if best == 1 {
            break;
        }
    }
    Some(best)
}

/// MCTS-MR's minimax: `pos`'s value for its side to move from finished games alone (1,
/// 0 or -1; a position `depth` plies down that is not finished is 0), alpha-beta in the
/// window `(alpha, beta)`. Every position it visits is a node (a leaf or an interior
/// node). `None` when stopped.
fn win_loss<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    mut alpha: i32,
    beta: i32,
) -> Option<i32> {
    if !ctx.enter(ply, None, alpha, beta) {
        return None;
    }
    let mut moves = Vec::new();
    if pos.outcome().is_none() && depth > 0 {
        pos.legal_moves(&mut moves);
    }
    if moves.is_empty() {
        let value = if pos.outcome().is_some() {
            pos.terminal_score(crate::game::Scoring::WinLoss).signum()
        } else {
            0
        };
        ctx.count_leaf(value);
        ctx.leave(value);
        return Some(value);
    }
    ctx.count_interior(1);
    let mut best = -1;
    for mv in moves {
        let value = -win_loss(ctx, &pos.play(mv), depth - 1, ply + 1, -beta, -alpha)?;
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    ctx.leave(best);
    Some(best)
}

/// The reward of the position a playout ends at, for its side to move: 1, 0 or -1 for a
/// finished game; at the horizon the evaluation over the largest it can be, within -1..=1.
fn reward_of<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G) -> f64 {
    let value = ctx.static_leaf(pos);
    if pos.outcome().is_some() {
        return f64::from(value.signum());
    }
    let scoring = ctx.opts().scoring;
    let largest = pos
        .heuristic_limit(scoring)
        .unwrap_or_else(|| pos.score_range(scoring).1)
        .max(1);
    (f64::from(value) / f64::from(largest)).clamp(-1.0, 1.0)
}

/// The most visited child of `node` that `keep` keeps (the first of equals); `None`
/// without one.
pub(super) fn most_visited<M>(
    tree: &[Node<M>],
    node: usize,
    keep: impl Fn(usize) -> bool,
) -> Option<usize> {
    let mut best: Option<usize> = None;
    for &c in &tree[node].children {
        if keep(c) && best.is_none_or(|b| tree[c].visits > tree[b].visits) {
            best = Some(c);
        }
    }
    best
}

/// The line of most visited moves below `from`.
fn most_visited_line<M: Copy>(tree: &[Node<M>], from: usize) -> Vec<M> {
    let mut line = Vec::new();
    let mut node = from;
    while let Some(c) = most_visited(tree, node, |_| true) {
        if tree[c].visits == 0 {
            break;
        }
        line.extend(tree[c].mv);
        node = c;
    }
    line
}
