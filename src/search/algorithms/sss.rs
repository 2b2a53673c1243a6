//! SSS*: a best-first search that keeps an OPEN list of states `(node, LIVE|SOLVED,
//! merit)` and always works on the state of highest merit, an upper bound on the root
//! value. It never visits a leaf that alpha-beta (in the same order) would skip, but
//! keeps a whole solution tree in memory.
//!
//! Stockman, "A minimax algorithm better than alpha-beta?", Artificial Intelligence 12
//! (1979); the six cases of the Γ operator as stated by Plaat et al. (1996).
//! Contract: returns the exact value, side to move's view (the root is a MAX node).
//! Memory: states and nodes are counted against the `sss_memory_mib` budget; a search
//! that reaches it ends with [`StopReason::MemoryLimit`] instead of exhausting RAM.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::rc::Rc;

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, INF, StopReason};
use crate::search::deferred::defer_drop;

/// A node of the explicit tree SSS* builds.
struct SNode<G: Game> {
    pos: G,
    parent: u32,
    /// The move from the parent (None at the root).
    mv: Option<G::Move>,
    /// Which child of its parent it is (in search order).
    index: u32,
    /// The child indices from the root: the node's left-to-right place in the tree.
    path: Rc<[u32]>,
    depth: u32,
    ply: u32,
    /// The node's moves in search order, once expanded.
    moves: Vec<G::Move>,
    /// Children generated so far (for purging).
    children: Vec<u32>,
    /// Purged from OPEN: states naming it are skipped.
    dead: bool,
    /// The child through which the node got its value: for a MAX node the MIN child
    /// that solved it, for a MIN node the first MAX child whose solution reached the
    /// lowest merit.
    solved_by: Option<u32>,
    /// For a MIN node: the lowest merit a solved child has given it so far.
    best_h: i32,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Live,
    Solved,
}

/// An OPEN state: merit, the node's path of child indices from the root, node id,
/// status. The heap pops the highest merit and, among equal merits, the leftmost node
/// in the tree (Stockman's tie rule, on which SSS*'s dominance over alpha-beta rests).
type State = (i32, Reverse<Rc<[u32]>>, u32, Status);

const NO_PARENT: u32 = u32::MAX;

/// The exact value of the root `pos` at `depth`.
///
/// When the search is cut short (stop flag, memory cap), the explicit tree is not freed
/// here but handed to a per-thread deferred-drop list: freeing millions of small nodes
/// takes longer than the stop may (about 90 ms for the tree of half a second's work), so
/// the caller gets its result at once and the memory goes back at the next search on the
/// thread, at [`release_deferred`](crate::search::release_deferred) or when the thread
/// ends.
pub fn run<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G, depth: u32) -> i32 {
    let mut nodes: Vec<SNode<G>> = Vec::new();
    let mut open: BinaryHeap<State> = BinaryHeap::new();
    let value = solve(ctx, pos, depth, &mut nodes, &mut open);
    if ctx.aborted() {
        defer_drop((nodes, open));
    }
    value
}

fn solve<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    nodes: &mut Vec<SNode<G>>,
    open: &mut BinaryHeap<State>,
) -> i32 {
    let mut search = Search {
        budget: u64::from(ctx.opts().sss_memory_mib) << 20,
        node_bytes: (std::mem::size_of::<SNode<G>>() + 16 + 4 * depth as usize) as u64,
        nodes,
        open,
        used: 0,
    };
    search.nodes.push(SNode {
        pos: pos.clone(),
        parent: NO_PARENT,
        mv: None,
        index: 0,
        path: Rc::from(Vec::new()),
        depth,
        ply: 0,
        moves: Vec::new(),
        children: Vec::new(),
        dead: false,
        solved_by: None,
        best_h: INF,
    });
    search.push(INF, 0, Status::Live);
    let root_side = pos.side_to_move();
    while let Some((h, _, id, status)) = search.open.pop() {
        if ctx.aborted() {
            return 0;
        }
        if search.over_budget() {
            ctx.abort(StopReason::MemoryLimit);
            return 0;
        }
        let n = id as usize;
        if search.nodes[n].dead {
            continue;
        }
        let is_max = search.nodes[n].pos.side_to_move() == root_side;
        let end = match status {
            Status::Live => search.live(ctx, id, h, is_max),
            Status::Solved => search.solved(ctx, id, h, is_max),
        };
        if let Some(value) = end {
            return value;
        }
    }
    0
}

/// SSS*'s working state: the explicit tree, OPEN, and the memory they take.
struct Search<'a, G: Game> {
    /// The explicit tree (node 0 is the root).
    nodes: &'a mut Vec<SNode<G>>,
    /// The OPEN list.
    open: &'a mut BinaryHeap<State>,
    /// The bytes the nodes and their moves take so far (OPEN is counted as it stands).
    used: u64,
    /// The memory budget in bytes.
    budget: u64,
    /// The bytes one node takes.
    node_bytes: u64,
}

impl<G: Game> Search<'_, G> {
    /// Puts node `id` on OPEN with merit `h` and `status`.
    fn push(&mut self, h: i32, id: u32, status: Status) {
        let path = Rc::clone(&self.nodes[id as usize].path);
        self.open.push((h, Reverse(path), id, status));
    }

    /// Whether the tree and OPEN have outgrown the budget.
    fn over_budget(&self) -> bool {
        let state_bytes = std::mem::size_of::<State>() as u64;
        self.used + (self.open.len() as u64) * state_bytes > self.budget
    }

    /// Generates child `i` of node `parent` and puts it on OPEN, live, with merit `h`.
    fn push_child(&mut self, parent: usize, i: usize, h: i32) {
        let child = make_child(self.nodes, parent, i);
        self.used += self.node_bytes;
        self.push(h, child, Status::Live);
    }

    /// A live node `id` of merit `h` (a MAX node when `is_max`) is visited: a leaf is
    /// solved (case 1), an inner node's children go live (cases 2 and 3). Returns the
    /// search's value when it must end here.
    fn live<E: Evaluator<G>>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        id: u32,
        h: i32,
        is_max: bool,
    ) -> Option<i32> {
        let n = id as usize;
        let (ply, mv) = (self.nodes[n].ply as usize, self.nodes[n].mv);
        // In the trace an SSS* node carries its merit as the upper end.
        if !ctx.enter(ply, mv, -INF, h) {
            return Some(0);
        }
        let leaf_value = if self.nodes[n].depth == 0 {
            Some(ctx.static_leaf(&self.nodes[n].pos))
        } else {
            let (p, d) = (self.nodes[n].pos.clone(), self.nodes[n].depth);
            match ctx.expand(&p, d, ply, None) {
                Ok(moves) => {
                    self.used += moves.len() as u64 * std::mem::size_of::<G::Move>() as u64;
                    self.nodes[n].moves = moves;
                    None
                }
                Err(v) => Some(v),
            }
        };
        if let Some(v) = leaf_value {
            // Case 1: a leaf is solved at the smaller of its merit and its value.
            let root_view = if is_max { v } else { -v };
            ctx.leave(root_view);
            self.push(h.min(root_view), id, Status::Solved);
            return None;
        }
        ctx.leave(h);
        let count = if is_max { self.nodes[n].moves.len() } else { 1 };
        // Case 2 (MAX: every child) and case 3 (MIN: the first child).
        for i in 0..count {
            self.push_child(n, i, h);
        }
        None
    }

    /// Node `id` (a MAX node when `is_max`) is solved at merit `h`: the root ends the
    /// search with its value (case 4), otherwise its parent moves on (cases 5 and 6).
    fn solved<E: Evaluator<G>>(
        &mut self,
        ctx: &mut Ctx<'_, G, E>,
        id: u32,
        h: i32,
        is_max: bool,
    ) -> Option<i32> {
        let n = id as usize;
        let parent = self.nodes[n].parent;
        if parent == NO_PARENT {
            // Case 4: the root is solved.
            ctx.set_root_pv(principal_line(self.nodes));
            return Some(h);
        }
        let p = parent as usize;
        if !is_max {
            // Case 5: a MIN node solved at the highest merit solves its MAX parent;
            // its siblings can no longer matter.
            self.nodes[p].solved_by = Some(id);
            let purged = purge_children(self.nodes, p);
            if purged > 0 {
                ctx.count_cutoff(self.nodes[n].index == 0);
            }
            self.push(h, parent, Status::Solved);
        } else {
            // Case 6: a MAX node solved; its MIN parent moves to the next child, or
            // is solved when there is none.
            if h < self.nodes[p].best_h {
                self.nodes[p].best_h = h;
                self.nodes[p].solved_by = Some(id);
            }
            let next = self.nodes[n].index as usize + 1;
            if next < self.nodes[p].moves.len() {
                self.push_child(p, next, h);
            } else {
                self.push(h, parent, Status::Solved);
            }
        }
        None
    }
}

fn make_child<G: Game>(nodes: &mut Vec<SNode<G>>, parent: usize, i: usize) -> u32 {
    let mv = nodes[parent].moves[i];
    let mut path = nodes[parent].path.to_vec();
    path.push(i as u32);
    let child = SNode {
        pos: nodes[parent].pos.play(mv),
        parent: parent as u32,
        mv: Some(mv),
        index: i as u32,
        path: Rc::from(path),
        depth: nodes[parent].depth - 1,
        ply: nodes[parent].ply + 1,
        moves: Vec::new(),
        children: Vec::new(),
        dead: false,
        solved_by: None,
        best_h: INF,
    };
    let id = nodes.len() as u32;
    nodes.push(child);
    nodes[parent].children.push(id);
    id
}

/// Marks every generated descendant of `p` dead, so their OPEN states are skipped.
/// Returns how many children were purged.
fn purge_children<G: Game>(nodes: &mut [SNode<G>], p: usize) -> usize {
    let mut stack: Vec<u32> = nodes[p].children.clone();
    let direct = stack.len();
    while let Some(c) = stack.pop() {
        let c = c as usize;
        if nodes[c].dead {
            continue;
        }
        nodes[c].dead = true;
        stack.extend_from_slice(&nodes[c].children);
    }
    direct.saturating_sub(1)
}

/// The line of moves through which each solved MAX node was solved.
fn principal_line<G: Game>(nodes: &[SNode<G>]) -> Vec<G::Move> {
    let mut line = Vec::new();
    let mut at = 0usize;
    while let Some(child) = nodes[at].solved_by {
        let c = child as usize;
        if let Some(mv) = nodes[c].mv {
            line.push(mv);
        }
        at = c;
    }
    line
}
