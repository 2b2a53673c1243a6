//! MCTS-Solver: UCT that proves. A finished game's value is known, and once a node's
//! children are known well enough, so is the node's; a proven root ends the search, and
//! its value is exact.
//!
//! Winands, Björnsson & Saito, "Monte-Carlo tree search solver" (2008), backed up proven
//! wins and losses. Draws need more: each node keeps bounds on its game-theoretic value,
//! a pessimistic and an optimistic one (Cazenave & Saffidine, "Score bounded Monte-Carlo
//! tree search", 2010), so that a draw is proven when one move secures it and no move can
//! do better. Selection never enters a child that cannot raise its parent's pessimistic
//! bound; a proven child is such a child.
//!
//! With `ms-depth` and `mb-depth` it is Baier & Winands' MCTS-MS and MCTS-MB (2015): a
//! shallow win-loss minimax from a node selected for the first time, or from the node
//! where a proof backed up stops, proves more nodes early.
//!
//! Contract: as [`super::mcts`], plus [`crate::search::Estimate::proven`]: the root's
//! game-theoretic value (1 win, 0 draw, -1 loss, for its side to move) once proven. Only
//! finished games prove anything: a node at the horizon is scored by the evaluator and
//! stays unknown, so a proof holds within the horizon, whatever the evaluator says.
//! Under win-loss scoring that value is also the minimax score at the depth.

use super::mcts::{self, Node, Policy};
use crate::game::{Evaluator, Game, Scoring};
use crate::search::Estimate;
use crate::search::context::Ctx;

/// Bounds on a node's game-theoretic value, for its side to move: `lo <= value <= hi`,
/// each -1, 0 or 1. Proven when they meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bounds {
    lo: i8,
    hi: i8,
}

impl Bounds {
    /// Nothing known yet.
    const UNKNOWN: Bounds = Bounds { lo: -1, hi: 1 };

    fn proven(self) -> bool {
        self.lo == self.hi
    }
}

/// The solver's policy: the bounds of every node of the tree, by index.
#[derive(Default)]
struct Solver {
    bounds: Vec<Bounds>,
}

/// Runs MCTS-Solver from `pos`, playouts cut at `horizon` plies: iterations until the
/// budget is spent or the root is proven.
pub fn run<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G, horizon: u32) -> Estimate {
    mcts::search(ctx, pos, horizon, &mut Solver::default())
}

impl Solver {
    /// The bounds of `node` from its children, for its side to move: the best a move is
    /// sure to give, and the best any move may give (1 while a move is not added yet).
    fn bounds_by_children<M>(&self, tree: &[Node<M>], node: usize) -> Bounds {
        let mut lo = -1;
        let mut hi = if tree[node].untried.is_empty() { -1 } else { 1 };
        for &c in &tree[node].children {
            let child = self.bounds[c];
            lo = lo.max(-child.hi);
            hi = hi.max(-child.lo);
        }
        Bounds { lo, hi }
    }
}

impl<M> Policy<M> for Solver {
    fn created<G: Game<Move = M>>(&mut self, pos: &G, _leaf: bool) {
        let bounds = if pos.outcome().is_some() {
            let v = pos.terminal_score(Scoring::WinLoss).signum() as i8;
            Bounds { lo: v, hi: v }
        } else {
            Bounds::UNKNOWN
        };
        self.bounds.push(bounds);
    }

    /// A child may still matter when its best for the parent's side beats what the
    /// parent is already sure of.
    fn enters(&self, _: &[Node<M>], parent: usize, child: usize) -> bool {
        -self.bounds[child].lo > self.bounds[parent].lo
    }

    fn backed_up(&mut self, tree: &[Node<M>], path: &[usize]) -> u64 {
        // The root of a finished game is proven when it is created.
        if path.is_empty() {
            return u64::from(self.bounds[0].proven());
        }
        let mut proved = 0;
        let last = path.len() - 1;
        if self.bounds[path[last]].proven() && tree[path[last]].visits == 1 {
            // A finished game added by this iteration.
            proved += 1;
        }
        for &n in path.iter().rev() {
            let node = &tree[n];
            if self.bounds[n].proven() || (node.children.is_empty() && node.untried.is_empty()) {
                continue;
            }
            let bounds = self.bounds_by_children(tree, n);
            if bounds == self.bounds[n] {
                // Nothing above changes either.
                break;
            }
            self.bounds[n] = bounds;
            proved += u64::from(bounds.proven());
        }
        proved
    }

    fn settled(&self) -> bool {
        self.bounds[0].proven()
    }

    /// Proven: the most visited move that secures the value. Otherwise the most visited
    /// move that is not known to be worse than a move already secured.
    fn played(&self, tree: &[Node<M>]) -> Option<usize> {
        let root = self.bounds[0];
        if root.proven() {
            mcts::most_visited(tree, 0, |c| -self.bounds[c].hi == root.lo)
        } else {
            mcts::most_visited(tree, 0, |c| -self.bounds[c].lo >= root.lo)
        }
    }

    fn proven(&self) -> Option<i32> {
        let root = self.bounds[0];
        root.proven().then_some(i32::from(root.lo))
    }

    fn proves(&self) -> bool {
        true
    }

    fn is_proven(&self, node: usize) -> bool {
        self.bounds[node].proven()
    }

    fn prove(&mut self, node: usize, value: i32) {
        let v = value.signum() as i8;
        self.bounds[node] = Bounds { lo: v, hi: v };
    }

    fn bounds(&self, node: usize) -> Option<(i8, i8)> {
        let b = self.bounds[node];
        Some((b.lo, b.hi))
    }
}
