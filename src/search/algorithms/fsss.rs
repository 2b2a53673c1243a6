//! FSSS-Minimax: a rollout-based search that keeps a lower and an upper bound on every
//! node's value and sends each rollout from the root down to one leaf, until the root's
//! bounds meet.
//!
//! Weinstein, Littman & Goschin, "Rollout-based game-tree search outprunes traditional
//! alpha-beta" (2012), adapting Walsh, Goschin & Littman's forward-search sparse sampling
//! (FSSS, 2010) to game trees. Each rollout carries a window `(alpha, beta)`, the root's
//! infinite. At a MAX node it follows the child with the highest upper bound clipped to
//! beta (the first of equals), and the child's alpha becomes the highest clipped upper
//! bound among its siblings: what the child must beat to stay the best. At a MIN node it
//! follows the lowest clipped lower bound, and the child's beta becomes the lowest among
//! its siblings. Where the followed child's bound equals that sibling bound, the window
//! is widened by less than a unit (values are kept in 1/1024 units) so that it stays
//! open. A leaf reached is evaluated once, and the bounds are backed up along the path:
//! a MAX node's bounds are the largest of its children's, a MIN node's the smallest.
//! The paper shows that it "outprunes alpha-beta both empirically and formally" (its
//! abstract; the rollout's rules here follow descriptions of the paper, whose text was not
//! at hand): `tests/search_fsss.rs` checks, on every tree of E4's grid, that each leaf it
//! evaluates is one alpha-beta evaluates with the same move order.
//!
//! Contract: the exact minimax value at the depth, from the root side's view (the root
//! is a MAX node); two-sided. Its tree of bounds is kept in memory: one node per position
//! reached, every child of an interior node generated when it is first reached.

use crate::game::{Evaluator, Game};
use crate::search::StopReason;
use crate::search::context::{Ctx, INF};

/// Values inside a rollout's window are kept in these units, so that a window can be
/// widened by one unit (less than any difference of two values) where it would close.
const UNIT: i64 = 1024;

/// A node of FSSS's tree.
struct Node<M> {
    /// The move that leads here.
    mv: Option<M>,
    /// Its children, in move order; empty until it is first reached (and for a leaf).
    children: Vec<usize>,
    /// Whether it was reached (its children generated, or its value evaluated).
    reached: bool,
    /// Bounds on its value, from the root side's view.
    lo: i32,
    hi: i32,
}

impl<M> Node<M> {
    fn new(mv: Option<M>) -> Self {
        Node {
            mv,
            children: Vec::new(),
            reached: false,
            lo: -INF,
            hi: INF,
        }
    }
}

/// Searches `pos` at `depth` by rollouts until the root's bounds meet; its value.
/// The tree is kept within [`crate::search::SearchOptions::sss_memory_mib`]; a search
/// that needs more ends with [`StopReason::MemoryLimit`].
pub fn run<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G, depth: u32) -> i32 {
    let mut tree = vec![Node::new(None)];
    let per_node = (std::mem::size_of::<Node<G::Move>>() + std::mem::size_of::<usize>()) as u64;
    let most_nodes = (u64::from(ctx.opts().sss_memory_mib) << 20) / per_node;
    while tree[0].lo < tree[0].hi {
        let window = (-i64::from(INF) * UNIT, i64::from(INF) * UNIT);
        let leaves = ctx.counters().leaves();
        if !rollout(ctx, &mut tree, 0, pos, depth, 0, window) {
            break;
        }
        // Each rollout ends at a leaf not reached before (a reached one is closed, and
        // a window never leads to a closed node): this holds the loop to the leaves.
        debug_assert!(
            ctx.counters().leaves() > leaves,
            "a rollout reached no new leaf"
        );
        if ctx.counters().leaves() == leaves {
            break;
        }
        if tree.len() as u64 > most_nodes {
            ctx.abort(StopReason::MemoryLimit);
            break;
        }
    }
    ctx.set_root_pv(line(&tree));
    tree[0].lo
}

/// One rollout from node `n` (position `pos`, `depth` left, at `ply`) with the window
/// `(alpha, beta)` in [`UNIT`]s. False when the search was stopped.
fn rollout<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    tree: &mut Vec<Node<G::Move>>,
    n: usize,
    pos: &G,
    depth: u32,
    ply: usize,
    (alpha, beta): (i64, i64),
) -> bool {
    let window = (clamp_to_i32(alpha), clamp_to_i32(beta));
    if !ctx.enter(ply, tree[n].mv, window.0, window.1) {
        return false;
    }
    let maximizing = pos.side_to_move() == ctx.root_side();
    let to_root_view = |v: i32| if maximizing { v } else { -v };
    if !tree[n].reached {
        tree[n].reached = true;
        let value = if depth == 0 {
            Some(ctx.static_leaf(pos))
        } else {
            match ctx.expand(pos, depth, ply, None) {
                Ok(moves) => {
                    for &mv in moves.iter() {
                        tree.push(Node::new(Some(mv)));
                        let child = tree.len() - 1;
                        tree[n].children.push(child);
                    }
                    ctx.release(moves);
                    None
                }
                Err(v) => Some(v),
            }
        };
        if let Some(v) = value {
            let v = to_root_view(v);
            tree[n].lo = v;
            tree[n].hi = v;
            ctx.leave(v);
            return true;
        }
    } else if tree[n].children.is_empty() {
        // A leaf reached again: never by a window (see `run`); nothing new to learn.
        let v = tree[n].lo;
        ctx.leave(v);
        return true;
    } else {
        // Reached before: its moves are known; choosing one makes it interior again.
        ctx.count_interior(1);
    }
    let (child, child_window) = choose(tree, n, maximizing, (alpha, beta));
    let mv = tree[child].mv.expect("a child has a move");
    let ok = rollout(
        ctx,
        tree,
        child,
        &pos.play(mv),
        depth - 1,
        ply + 1,
        child_window,
    );
    back_up(tree, n, maximizing);
    ctx.leave(if maximizing { tree[n].lo } else { tree[n].hi });
    ok
}

/// The child of `n` a rollout follows, and its window.
fn choose<M>(
    tree: &[Node<M>],
    n: usize,
    maximizing: bool,
    (alpha, beta): (i64, i64),
) -> (usize, (i64, i64)) {
    let children = &tree[n].children;
    if maximizing {
        // The highest upper bound, clipped to beta.
        let clipped = |c: usize| (i64::from(tree[c].hi) * UNIT).min(beta);
        let best = first_best(children, clipped, |a, b| a > b);
        let mut child_alpha = children
            .iter()
            .filter(|&&c| c != best)
            .map(|&c| clipped(c))
            .fold(alpha, i64::max);
        if child_alpha >= clipped(best) {
            child_alpha = clipped(best) - 1;
        }
        (best, (child_alpha, beta))
    } else {
        let clipped = |c: usize| (i64::from(tree[c].lo) * UNIT).max(alpha);
        let best = first_best(children, clipped, |a, b| a < b);
        let mut child_beta = children
            .iter()
            .filter(|&&c| c != best)
            .map(|&c| clipped(c))
            .fold(beta, i64::min);
        if child_beta <= clipped(best) {
            child_beta = clipped(best) + 1;
        }
        (best, (alpha, child_beta))
    }
}

/// The first child whose key `better` than every other's.
fn first_best(
    children: &[usize],
    key: impl Fn(usize) -> i64,
    better: impl Fn(i64, i64) -> bool,
) -> usize {
    let mut best = children[0];
    for &c in &children[1..] {
        if better(key(c), key(best)) {
            best = c;
        }
    }
    best
}

/// A node's bounds from its children's: the largest at a MAX node, the smallest at a MIN
/// node.
fn back_up<M>(tree: &mut [Node<M>], n: usize, maximizing: bool) {
    let children = &tree[n].children;
    let (lo, hi) = if maximizing {
        children.iter().fold((-INF, -INF), |(lo, hi), &c| {
            (lo.max(tree[c].lo), hi.max(tree[c].hi))
        })
    } else {
        children.iter().fold((INF, INF), |(lo, hi), &c| {
            (lo.min(tree[c].lo), hi.min(tree[c].hi))
        })
    };
    tree[n].lo = lo;
    tree[n].hi = hi;
}

/// The principal variation: from the root, a child whose value is its parent's.
fn line<M: Copy>(tree: &[Node<M>]) -> Vec<M> {
    let mut out = Vec::new();
    let mut n = 0;
    while tree[n].lo == tree[n].hi {
        let v = tree[n].lo;
        let Some(&c) = tree[n]
            .children
            .iter()
            .find(|&&c| tree[c].lo == v && tree[c].hi == v)
        else {
            break;
        };
        out.extend(tree[c].mv);
        n = c;
    }
    out
}

/// A window bound in [`UNIT`]s as a value for the trace (rounded toward the outside).
fn clamp_to_i32(v: i64) -> i32 {
    let units = if v >= 0 {
        (v + UNIT - 1) / UNIT
    } else {
        v / UNIT
    };
    units.clamp(-i64::from(INF), i64::from(INF)) as i32
}
