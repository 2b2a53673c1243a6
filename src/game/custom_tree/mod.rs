//! Hand-built trees ("custom tree", CLI name `custom`): the textbook trees typed in
//! bracket notation or built by clicking, searched like any other game.
//!
//! A tree is written `((3 12 8) (2 4 6) (14 5 2))` (AIMA, figure 5.2): a leaf is a whole
//! number, an interior node is its children in brackets, separated by whitespace or
//! commas. Every value is from MAX's point of view; MAX moves at the root and the sides
//! alternate. Leaves may lie at different depths. See [`parse_tree`] for the whole
//! notation:
//! - `(3 12 8):5`: an interior node may carry a value after its closing bracket, the
//!   heuristic value a depth-limited search uses when it stops there;
//! - `min:(3 12 8)`: MIN moves first (what a sub-position of a tree is written as, so
//!   the tree view's "show this node" reads back); `max:` may be written too;
//! - `?(1/2:3 1/2:(5 1))`: a chance node, its outcomes with their probabilities
//!   (fractions or decimals summing to exactly 1). As in AIMA's trees (MAX, chance,
//!   MIN, chance, ...) a chance node passes the turn: its outcomes are nodes of the side
//!   opposite its parent. Its value is its outcomes' weighted mean, kept exact by a
//!   scale ([`crate::game::chance`]): every value is multiplied by `D^K`, where `D` is
//!   the probabilities' common denominator and `K` the most chance nodes on a path.
//!   Chance nodes do not count as plies of depth: a search to depth 1 from MAX stops at
//!   the chance nodes below it, one to depth 2 at the MIN nodes' children.
//!
//! Moves are letters: a node's first child is `a`, its second `b`, so a node of the
//! tree view reads `a 3` rather than a number beside a number. A node has at most
//! [`MAX_CHILDREN`] children.
//!
//! The position is the subtree below the current node with the side to move there:
//! the tree is shared ([`Arc`]) and never copied by a move. Two positions are equal
//! when their subtrees are equal (values included) and the same side moves, wherever
//! they hang, and [`Game::hash`] is a fingerprint of exactly that, so a transposition
//! table finds a subtree written twice. Leaves are finished games whose score is the
//! leaf's value for the side to move.
//!
//! A search that stops at an interior node scores it by its written value; when such a
//! node has none, the engine refuses the search up front
//! ([`Describe::horizon_refusal`](crate::game::describe::Describe::horizon_refusal))
//! and says which node and which depth would reach every leaf, rather than invent a
//! value.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::chance::{MAX_SCALED, Prob, lcm, weights};
use super::perft::PerftConvention;
use super::{FormatError, Game, Outcome, Scoring, Side, splitmix64};

mod describe;
mod edit;
mod eval;
#[cfg(test)]
mod tests;
mod text;

pub use eval::CustomTreeEval;
pub use text::{SuiteTree, parse_suite_text, parse_tree, write_tree};

/// The most children a node may have (the moves `a` to `z`).
pub const MAX_CHILDREN: usize = 26;
/// The most nodes a tree may have.
pub const MAX_NODES: usize = 20_000;
/// The deepest a leaf may lie (plies below the root).
pub const MAX_HEIGHT: u32 = 40;
/// The largest value magnitude a node may carry.
pub const MAX_VALUE: i32 = 1_000_000;

/// Mixed into a leaf's value for its fingerprint.
const LEAF_SALT: u64 = 0x4C65_6166_5661_6C75; // "LeafValu"
/// Mixed into an interior node's fingerprint.
const INNER_SALT: u64 = 0x496E_6E65_724E_6F64; // "InnerNod"
/// Mixed into the fingerprint of an interior node that carries a value.
const VALUE_SALT: u64 = 0x9FB2_1C65_1E98_DF25;
/// Mixed into a position's hash, per side to move.
const SIDE_SALT: [u64; 2] = [0x4D41_5820_746F_206D, 0x4D49_4E20_746F_206D];
/// Mixed into a chance node's fingerprint.
const CHANCE_SALT: u64 = 0x4368_616E_6365_4E64; // "ChanceNd"

/// A tree written out: what the parser builds, the edits change and
/// [`CustomTree::new`] turns into a searchable position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subtree {
    /// A finished game worth this much to MAX.
    Leaf(i32),
    /// A node with moves.
    Inner {
        /// The children, the move `a` first.
        children: Vec<Subtree>,
        /// The value a search stopping here uses, MAX's view, if the tree gives one.
        value: Option<i32>,
        /// A chance node's probabilities, one per child; `None` for a player's node.
        probs: Option<Vec<Prob>>,
    },
}

/// A move: the index of the child, 0 for `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Branch(pub u8);

/// One node of the shared tree, with what is known of its subtree.
#[derive(Clone, Debug)]
struct Node {
    /// Its children (indices into the arena), empty for a leaf.
    children: Vec<u32>,
    /// Its parent, `None` at the root of the arena.
    parent: Option<u32>,
    /// A leaf's value, or an interior node's written value (MAX's view), unscaled.
    value: Option<i32>,
    /// A chance node's probabilities (empty for a player's node or a leaf).
    probs: Vec<Prob>,
    /// A chance node's weights over their common denominator, one per child.
    weights: Vec<u32>,
    /// Plies below the root of the arena.
    ply: u32,
    /// Players' nodes above it, from the root of the arena: its depth as a search
    /// counts it, and (by parity) who moves here.
    turns: u32,
    /// The depth a search from here needs to reach every leaf below (players' nodes on
    /// the longest path; a chance node uses no depth but needs 1 left to be opened).
    reach: u32,
    /// The most chance nodes on a path from here to a leaf, itself included.
    chance_depth: u32,
    /// Plies from here to the deepest leaf below.
    height: u32,
    /// Nodes in the subtree, itself included.
    size: u32,
    /// Leaves in the subtree.
    leaves: u32,
    /// A hash of the subtree's shape and values.
    fingerprint: u64,
    /// The smallest and largest value written in the subtree.
    range: (i32, i32),
}

/// The arena of one tree, in preorder: a subtree's nodes are contiguous, its root
/// first.
#[derive(Debug)]
struct TreeData {
    nodes: Vec<Node>,
    /// The engine units of one unit of value (1 without chance nodes).
    scale: u32,
}

impl TreeData {
    /// The arena of `root`, after checking the limits (the parser checks them with
    /// columns first; edits meet them here).
    fn build(root: &Subtree) -> Result<TreeData, FormatError> {
        let mut data = TreeData {
            nodes: Vec::new(),
            scale: 1,
        };
        data.add(root, None, 0, 0)?;
        data.scale = data.chance_scale()?;
        Ok(data)
    }

    /// `D^K` (see the module's notes), refused with the figures when the values times
    /// it would leave the engine's safe range.
    fn chance_scale(&self) -> Result<u32, FormatError> {
        let k = self.nodes[0].chance_depth;
        if k == 0 {
            return Ok(1);
        }
        let mut d: u64 = 1;
        for n in self.nodes.iter().filter(|n| !n.probs.is_empty()) {
            for p in &n.probs {
                d = lcm(d, u64::from(p.den)).unwrap_or(u64::MAX);
            }
        }
        let magnitude = self
            .nodes
            .iter()
            .filter_map(|n| n.value)
            .map(|v| i64::from(v).abs())
            .max()
            .unwrap_or(0)
            .max(1);
        let scale = (0..k).try_fold(1u64, |acc, _| acc.checked_mul(d));
        match scale {
            Some(scale) if (scale as i64).saturating_mul(magnitude) <= MAX_SCALED => {
                Ok(scale as u32)
            }
            _ => Err(FormatError::whole(format!(
                "the chance nodes' values cannot be kept exact: the probabilities' common denominator is {d} and a path meets {k} chance node{}, so values are counted in units of 1/{d}^{k}, and the largest value, {magnitude}, would need more than {MAX_SCALED} units; use smaller values, simpler probabilities or fewer chance nodes on a path",
                if k == 1 { "" } else { "s" }
            ))),
        }
    }

    /// Adds `sub` below `parent` (its nodes checked and their summaries computed);
    /// returns its root's index.
    fn add(
        &mut self,
        sub: &Subtree,
        parent: Option<u32>,
        ply: u32,
        turns: u32,
    ) -> Result<u32, FormatError> {
        let index = self.push_node(sub, parent, ply, turns)?;
        let (children, value, probs) = match sub {
            Subtree::Leaf(v) => {
                self.nodes[index as usize].fingerprint = splitmix64(LEAF_SALT ^ *v as i64 as u64);
                return Ok(index);
            }
            Subtree::Inner {
                children,
                value,
                probs,
            } => (children, value, probs),
        };
        if children.is_empty() {
            return Err(FormatError::whole(
                "an interior node needs at least one child",
            ));
        }
        if children.len() > MAX_CHILDREN {
            return Err(FormatError::whole(format!(
                "a node would have more than {MAX_CHILDREN} children (moves a to z)"
            )));
        }
        let mut fingerprint = splitmix64(INNER_SALT ^ children.len() as u64);
        if let Some(v) = value {
            fingerprint = splitmix64(fingerprint ^ VALUE_SALT ^ *v as i64 as u64);
        }
        if let Some(probs) = probs {
            fingerprint = self.set_chance(index, parent, probs, children.len(), fingerprint)?;
        }
        self.add_children(index, children, probs.is_some(), ply, turns, fingerprint)?;
        Ok(index)
    }

    /// The node of `sub` (without its children), checked against the limits; its index.
    fn push_node(
        &mut self,
        sub: &Subtree,
        parent: Option<u32>,
        ply: u32,
        turns: u32,
    ) -> Result<u32, FormatError> {
        if ply > MAX_HEIGHT {
            return Err(FormatError::whole(format!(
                "the tree would be deeper than {MAX_HEIGHT} plies"
            )));
        }
        if self.nodes.len() >= MAX_NODES {
            return Err(FormatError::whole(format!(
                "the tree would have more than {MAX_NODES} nodes"
            )));
        }
        let index = self.nodes.len() as u32;
        let value = match sub {
            Subtree::Leaf(v) => Some(*v),
            Subtree::Inner { value, .. } => *value,
        };
        if let Some(v) = value
            && !(-MAX_VALUE..=MAX_VALUE).contains(&v)
        {
            return Err(FormatError::whole(format!(
                "{v} is out of range: values are -{MAX_VALUE} to {MAX_VALUE}"
            )));
        }
        self.nodes.push(Node {
            children: Vec::new(),
            parent,
            value,
            probs: Vec::new(),
            weights: Vec::new(),
            ply,
            turns,
            reach: 0,
            chance_depth: 0,
            height: 0,
            size: 1,
            leaves: 1,
            fingerprint: 0,
            range: value.map_or((i32::MAX, i32::MIN), |v| (v, v)),
        });
        Ok(index)
    }

    /// Makes node `index` a chance node with `probs` (one per outcome, of `outcomes`);
    /// returns `fingerprint` with its probabilities mixed in.
    fn set_chance(
        &mut self,
        index: u32,
        parent: Option<u32>,
        probs: &[Prob],
        outcomes: usize,
        mut fingerprint: u64,
    ) -> Result<u64, FormatError> {
        if probs.len() != outcomes {
            return Err(FormatError::whole(
                "a chance node needs one probability per outcome",
            ));
        }
        if parent.is_some_and(|p| !self.nodes[p as usize].probs.is_empty()) {
            return Err(FormatError::whole(
                "a chance node's outcome is a chance node: merge the two into one, multiplying the probabilities",
            ));
        }
        let (w, total) = weights(probs)?;
        fingerprint = splitmix64(fingerprint ^ CHANCE_SALT ^ u64::from(total));
        for &x in &w {
            fingerprint = splitmix64(fingerprint.rotate_left(9) ^ u64::from(x));
        }
        let node = &mut self.nodes[index as usize];
        node.probs = probs.to_vec();
        node.weights = w;
        Ok(fingerprint)
    }

    /// Adds the children of node `index` and sets its summaries (reach, chance depth,
    /// height, size, leaves, range, fingerprint) from theirs.
    fn add_children(
        &mut self,
        index: u32,
        children: &[Subtree],
        chance: bool,
        ply: u32,
        turns: u32,
        mut fingerprint: u64,
    ) -> Result<(), FormatError> {
        let child_turns = if chance { turns } else { turns + 1 };
        let (mut height, mut size, mut leaves, mut reach, mut chance_depth) = (0, 1, 0, 0, 0);
        let mut range = self.nodes[index as usize].range;
        let mut kids = Vec::with_capacity(children.len());
        for child in children {
            let c = self.add(child, Some(index), ply + 1, child_turns)?;
            let n = &self.nodes[c as usize];
            reach = reach.max(n.reach + u32::from(!chance));
            chance_depth = chance_depth.max(n.chance_depth + u32::from(chance));
            height = height.max(n.height + 1);
            size += n.size;
            leaves += n.leaves;
            range = (range.0.min(n.range.0), range.1.max(n.range.1));
            fingerprint = splitmix64(fingerprint.rotate_left(17) ^ n.fingerprint);
            kids.push(c);
        }
        let node = &mut self.nodes[index as usize];
        node.children = kids;
        // A search opens a chance node only with depth left (at depth 0 it scores it
        // as it stands), though its outcomes use none.
        node.reach = if chance { reach.max(1) } else { reach };
        node.chance_depth = chance_depth;
        node.height = height;
        node.size = size;
        node.leaves = leaves;
        node.range = range;
        node.fingerprint = fingerprint;
        Ok(())
    }

    /// The subtree below `index`, written out.
    fn subtree(&self, index: u32) -> Subtree {
        let node = &self.nodes[index as usize];
        if node.children.is_empty() {
            return Subtree::Leaf(node.value.unwrap_or(0));
        }
        Subtree::Inner {
            children: node.children.iter().map(|&c| self.subtree(c)).collect(),
            value: node.value,
            probs: (!node.probs.is_empty()).then(|| node.probs.clone()),
        }
    }

    /// Whether the subtrees below `i` here and `j` in `other` are the same.
    fn same_subtree(&self, i: u32, other: &TreeData, j: u32) -> bool {
        let (a, b) = (&self.nodes[i as usize], &other.nodes[j as usize]);
        a.fingerprint == b.fingerprint
            && a.size == b.size
            && a.value == b.value
            && a.weights == b.weights
            && a.children.len() == b.children.len()
            && a.children
                .iter()
                .zip(&b.children)
                .all(|(&x, &y)| self.same_subtree(x, other, y))
    }
}

/// A position in a hand-built tree: the shared tree, the current node and the side to
/// move there.
#[derive(Clone)]
pub struct CustomTree {
    tree: Arc<TreeData>,
    node: u32,
    side: Side,
}

impl CustomTree {
    /// The root of `root` with `side` to move, after checking the limits.
    pub fn new(root: &Subtree, side: Side) -> Result<CustomTree, FormatError> {
        Ok(CustomTree {
            tree: Arc::new(TreeData::build(root)?),
            node: 0,
            side,
        })
    }

    fn here(&self) -> &Node {
        &self.tree.nodes[self.node as usize]
    }

    /// The subtree below the current node, written out.
    #[must_use]
    pub fn subtree(&self) -> Subtree {
        self.tree.subtree(self.node)
    }

    /// Whether the current node is a leaf (the game is over).
    #[must_use]
    pub fn is_leaf(&self) -> bool {
        self.here().children.is_empty()
    }

    /// The current node's value from MAX's view: a leaf's value, or an interior node's
    /// written value if it has one.
    #[must_use]
    pub fn value(&self) -> Option<i32> {
        self.here().value
    }

    /// Plies from the current node to the deepest leaf below it (chance nodes
    /// included): the levels the tree view draws.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.here().height
    }

    /// The depth a search needs to reach every leaf: [`CustomTree::height`] without the
    /// chance nodes, which do not count as plies of depth.
    #[must_use]
    pub fn reach(&self) -> u32 {
        self.here().reach
    }

    /// Chance nodes below the current node, itself included.
    #[must_use]
    pub fn chance_count(&self) -> usize {
        self.subtree_indices()
            .filter(|&i| !self.tree.nodes[i as usize].weights.is_empty())
            .count()
    }

    /// Whether the current node is a chance node.
    #[must_use]
    pub fn is_chance(&self) -> bool {
        !self.here().weights.is_empty()
    }

    /// The side to move at arena node `index` (inside the current subtree).
    fn side_at(&self, index: u32) -> Side {
        let turns = self.tree.nodes[index as usize].turns - self.here().turns;
        if turns.is_multiple_of(2) {
            self.side
        } else {
            self.side.other()
        }
    }

    /// The depth at which a search from here reaches arena node `index`, when it
    /// reaches it at depth 0 there (a player's node, or a chance node below a player's
    /// node): `None` for an outcome of a chance node, which a search stopping there
    /// never reaches.
    fn stop_depth(&self, index: u32) -> Option<u32> {
        let node = &self.tree.nodes[index as usize];
        let depth = node.turns - self.here().turns;
        let below_chance = index != self.node
            && node
                .parent
                .is_some_and(|p| !self.tree.nodes[p as usize].weights.is_empty());
        (!below_chance).then_some(depth)
    }

    /// Nodes below the current node, itself included.
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.here().size as usize
    }

    /// Leaves below the current node.
    #[must_use]
    pub fn leaf_count(&self) -> usize {
        self.here().leaves as usize
    }

    /// Plies from the root of the tree the position was reached in.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.here().ply
    }

    /// Interior nodes below the current node (itself included) that carry a value.
    #[must_use]
    pub fn valued_interior_count(&self) -> usize {
        self.subtree_indices()
            .filter(|&i| {
                let n = &self.tree.nodes[i as usize];
                !n.children.is_empty() && n.value.is_some()
            })
            .count()
    }

    /// The arena indices of the current subtree, in preorder.
    fn subtree_indices(&self) -> std::ops::Range<u32> {
        self.node..self.node + self.here().size
    }

    /// `(children per node, plies)` when every interior node has the same number of
    /// children and every leaf lies at the same depth.
    #[must_use]
    pub fn uniform_shape(&self) -> Option<(u32, u32)> {
        let width = self.here().children.len();
        let height = self.height();
        let base = self.ply();
        self.subtree_indices()
            .all(|i| {
                let n = &self.tree.nodes[i as usize];
                if n.children.is_empty() {
                    n.ply - base == height
                } else {
                    n.children.len() == width
                }
            })
            .then_some((width as u32, height))
    }

    /// The value of a leaf or written value of a node from the side to move's view, in
    /// the engine's units (times the scale).
    fn for_side_to_move(&self, value: i32) -> i32 {
        let v = value * self.tree.scale as i32;
        match self.side {
            Side::First => v,
            Side::Second => -v,
        }
    }

    /// The exact negamax value for the side to move, every leaf visited and written
    /// values of interior nodes ignored: the tree's minimax value (expectiminimax with
    /// chance nodes, in the engine's units: see [`Game::value_scale`]), for tests and
    /// notes.
    #[must_use]
    pub fn minimax_value(&self) -> i32 {
        if self.is_leaf() {
            return self.for_side_to_move(self.value().unwrap_or(0));
        }
        let node = self.here();
        if !node.weights.is_empty() {
            let total: i64 = node.weights.iter().map(|&w| i64::from(w)).sum();
            let sum: i64 = node
                .weights
                .iter()
                .enumerate()
                .map(|(i, &w)| i64::from(w) * i64::from(self.play(Branch(i as u8)).minimax_value()))
                .sum();
            return (sum / total) as i32;
        }
        (0..node.children.len())
            .map(|i| -self.play(Branch(i as u8)).minimax_value())
            .max()
            .unwrap_or(0)
    }

    /// The moves from the current node to arena node `index` (inside its subtree).
    fn path_to(&self, index: u32) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = index;
        while at != self.node {
            let Some(parent) = self.tree.nodes[at as usize].parent else {
                break;
            };
            let slot = self.tree.nodes[parent as usize]
                .children
                .iter()
                .position(|&c| c == at)
                .unwrap_or(0);
            path.push(slot);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The moves to `path` in notation, separated by spaces.
    fn path_text(path: &[usize]) -> String {
        path.iter()
            .map(|&i| Self::move_to_string(Branch(i as u8)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The shallowest (then leftmost) interior node without a value where a search to
    /// a depth in `depths` would stop, with that depth.
    fn first_unvalued(&self, depths: std::ops::RangeInclusive<u32>) -> Option<(u32, u32)> {
        self.subtree_indices()
            .filter_map(|i| {
                let n = &self.tree.nodes[i as usize];
                let depth = self.stop_depth(i)?;
                (!n.children.is_empty() && n.value.is_none() && depths.contains(&depth))
                    .then_some((depth, i))
            })
            .min()
            .map(|(depth, i)| (i, depth))
    }
}

impl PartialEq for CustomTree {
    /// The same subtree (shape and values) with the same side to move.
    fn eq(&self, other: &Self) -> bool {
        if self.side != other.side || self.tree.scale != other.tree.scale {
            return false;
        }
        if Arc::ptr_eq(&self.tree, &other.tree) && self.node == other.node {
            return true;
        }
        self.tree.same_subtree(self.node, &other.tree, other.node)
    }
}

impl Game for CustomTree {
    type Move = Branch;

    const NAME: &'static str = "custom";
    const MOVE_SLOTS: usize = MAX_CHILDREN;
    const MAX_PLIES: usize = MAX_HEIGHT as usize + 1;
    /// A leaf above the requested depth counts once at every greater depth, so perft at
    /// the tree's height counts its leaves.
    const PERFT_CONVENTION: PerftConvention = PerftConvention::FinishedIsLeaf;

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<Branch>) {
        out.clear();
        out.extend((0..self.here().children.len()).map(|i| Branch(i as u8)));
    }

    fn play(&self, mv: Branch) -> Self {
        let children = &self.here().children;
        debug_assert!(usize::from(mv.0) < children.len(), "illegal {mv:?}");
        let node = children
            .get(usize::from(mv.0))
            .copied()
            .unwrap_or(self.node);
        // A chance node's outcomes are nodes of its own side to move (the side opposite
        // its parent): only a player's move passes the turn.
        let side = if self.is_chance() {
            self.side
        } else {
            self.side.other()
        };
        CustomTree {
            tree: Arc::clone(&self.tree),
            node,
            side,
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Branch, u32)>) -> bool {
        let weights = &self.here().weights;
        if weights.is_empty() {
            return false;
        }
        out.clear();
        out.extend(
            weights
                .iter()
                .enumerate()
                .map(|(i, &w)| (Branch(i as u8), w)),
        );
        true
    }

    fn has_chance(&self) -> bool {
        self.here().chance_depth > 0
    }

    fn value_scale(&self) -> u32 {
        self.tree.scale
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_leaf() {
            return None;
        }
        Some(match self.terminal_score(Scoring::WinLoss).signum() {
            1 => Outcome::Win,
            -1 => Outcome::Loss,
            _ => Outcome::Draw,
        })
    }

    /// The leaf's value for the side to move (its sign under win-loss scoring; a tree
    /// has no length to shorten, so shortest-win scoring is the value too).
    fn terminal_score(&self, scoring: Scoring) -> i32 {
        let v = self.for_side_to_move(self.value().unwrap_or(0));
        match scoring {
            Scoring::Native | Scoring::ShortestWin => v,
            Scoring::WinLoss => v.signum() * self.tree.scale as i32,
        }
    }

    /// The smallest and largest value written in the subtree (leaves and valued
    /// interior nodes), for the side to move; one wider on each side when they are
    /// equal, so the game's window is never empty.
    fn score_range(&self, scoring: Scoring) -> (i32, i32) {
        let (lo, hi) = self.here().range;
        let scale = self.tree.scale as i32;
        let (lo, hi) = (lo * scale, hi * scale);
        let (lo, hi) = match self.side {
            Side::First => (lo, hi),
            Side::Second => (-hi, -lo),
        };
        let (lo, hi) = match scoring {
            Scoring::WinLoss => (lo.signum() * scale, hi.signum() * scale),
            Scoring::Native | Scoring::ShortestWin => (lo, hi),
        };
        if lo < hi { (lo, hi) } else { (lo - 1, hi + 1) }
    }

    /// The subtree's fingerprint mixed with the side to move (and the scale, where
    /// chance nodes make one).
    fn hash(&self) -> u64 {
        let h = splitmix64(self.here().fingerprint ^ SIDE_SALT[self.side.index()]);
        if self.tree.scale > 1 {
            splitmix64(h ^ u64::from(self.tree.scale))
        } else {
            h
        }
    }

    fn move_index(mv: Branch) -> usize {
        usize::from(mv.0)
    }

    /// `a` for the first child, `b` for the second...
    fn move_to_string(mv: Branch) -> String {
        char::from(b'a' + mv.0.min(MAX_CHILDREN as u8 - 1)).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Branch, FormatError> {
        let offset = text[..text.len() - text.trim_start().len()].chars().count();
        let trimmed = text.trim();
        let err = |message: String| FormatError::at_column(offset + 1, message);
        if trimmed.is_empty() {
            return Err(FormatError::whole("no move: expected a child's letter"));
        }
        let count = self.here().children.len();
        if count == 0 {
            return Err(err("this node is a leaf: it has no children".to_string()));
        }
        let last = Self::move_to_string(Branch(count as u8 - 1));
        let mut chars = trimmed.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(err(format!(
                "'{trimmed}' is not a child: use a letter, a to {last}"
            )));
        };
        let c = c.to_ascii_lowercase();
        let index = (c as u32).wrapping_sub('a' as u32) as usize;
        if !c.is_ascii_lowercase() || index >= count {
            return Err(err(format!("no child '{c}' here: use a to {last}")));
        }
        Ok(Branch(index as u8))
    }

    fn plies_played(&self) -> usize {
        self.ply() as usize
    }
}
