//! The tree view's model at its root: a traced search as a tree of visits
//! ([`SearchTree`], [`TreeNode`], what each visit turned out to be), what a visit's
//! edge and bound are (a chance outcome's probability, the bound a value crossed), a
//! value in the game's units, and replaying a visit's moves. Building the tree
//! (`mod.rs`), explaining it (`explain.rs`) and its chance nodes (`chance.rs`) sit on
//! this file, which needs none of them.

use crate::engine::{AnyPosition, EngineError, SearchRecord, SearchRequest};
use crate::game::chance::gcd;
use crate::search::INF;
use crate::search::trace::VisitKind;

/// The probability of the edge into an outcome of a chance node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeProb {
    /// Written as a fraction in lowest terms (`1/6`), or `1`.
    pub text: String,
    /// The outcome's weight.
    pub weight: u32,
    /// The weights' sum at its chance node.
    pub total: u32,
}

impl EdgeProb {
    /// The probability `weight / total`.
    #[must_use]
    pub fn new(weight: u32, total: u32) -> EdgeProb {
        let g = gcd(u64::from(weight), u64::from(total)).max(1);
        let (n, d) = (u64::from(weight) / g, u64::from(total) / g);
        let text = if d == 1 {
            n.to_string()
        } else {
            format!("{n}/{d}")
        };
        EdgeProb {
            text,
            weight,
            total,
        }
    }
}

/// The bound of the window a value crossed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// α, the value the node's side is sure of already.
    Alpha,
    /// β, the value the other side is sure of already.
    Beta,
}

/// What a node turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeType {
    /// Its value fell inside its window: an exact value, on the principal variation
    /// of its window.
    Pv,
    /// A child's value cut it off (a beta cutoff), the outcomes searched bound a chance
    /// node's mean beyond its window, or a Star2 probe (one move searched by design).
    Cut,
    /// Every child was searched and none raised the value into the window.
    All,
    /// A leaf: scored by the evaluation or the rules.
    Leaf,
    /// Answered by the transposition table.
    TableCut,
}

impl NodeType {
    /// The short label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            NodeType::Pv => "PV",
            NodeType::Cut => "cut",
            NodeType::All => "all",
            NodeType::Leaf => "leaf",
            NodeType::TableCut => "TT",
        }
    }
}

/// One visit of a node.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeNode {
    /// The parent (None for the roots of the passes).
    pub parent: Option<usize>,
    /// Children in the order they were visited.
    pub children: Vec<usize>,
    /// Distance from the root position.
    pub ply: u32,
    /// The move that led here, in notation (None at the root).
    pub mv: Option<String>,
    /// The moves from the root position to here.
    pub path: Vec<String>,
    /// The window on entry.
    pub alpha: i32,
    /// The window on entry.
    pub beta: i32,
    /// How it was visited.
    pub kind: VisitKind,
    /// The value it returned (None if the search ended inside it).
    pub value: Option<i32>,
    /// A static value or a finished game.
    pub leaf: bool,
    /// Answered by the table.
    pub table_cut: bool,
    /// The child (index among the moves searched, 0-based) that cut it off.
    pub cutoff_child: Option<u32>,
    /// Legal moves never searched here (pruned by the cutoff, or not needed).
    pub pruned: Vec<String>,
    /// The order of the visit (0-based): the step at which it was entered.
    pub step: usize,
    /// On the principal variation of the last pass.
    pub on_pv: bool,
    /// Whether the side to move here is the root's (a MAX node of the two-sided form).
    pub max_node: bool,
    /// A chance node: its value is the mean of its outcomes, weighted by their
    /// probabilities.
    pub chance: bool,
    /// Below a chance node: the probability of the outcome this edge leads to.
    pub prob: Option<EdgeProb>,
    /// A chance node Star1 or Star2 ended with outcomes left unsearched: the outcomes
    /// searched (or probed) bound the mean at or below α ([`Bound::Alpha`]) or at or
    /// above β ([`Bound::Beta`]).
    pub chance_cut: Option<Bound>,
}

impl TreeNode {
    /// What the node turned out to be.
    #[must_use]
    pub fn node_type(&self) -> NodeType {
        if self.table_cut {
            NodeType::TableCut
        } else if self.leaf {
            NodeType::Leaf
        } else if self.cutoff_child.is_some()
            || self.chance_cut.is_some()
            || self.kind == VisitKind::Probe
        {
            // A probe searches one move by design: a cut node's shape.
            NodeType::Cut
        } else if self.value.is_some_and(|v| v > self.alpha && v < self.beta) {
            NodeType::Pv
        } else {
            NodeType::All
        }
    }

    /// The window as text in the game's units at `scale` engine units a unit, with
    /// infinities written out.
    #[must_use]
    pub fn window_text(&self, scale: u32) -> String {
        format!(
            "({}, {})",
            bound(self.alpha, scale),
            bound(self.beta, scale)
        )
    }
}

/// A value or window bound as text in the game's units at `scale` engine units a unit
/// (a chance tree's values may be fractions), infinities written out.
pub(crate) fn bound(v: i32, scale: u32) -> String {
    if v >= INF {
        "+∞".into()
    } else if v <= -INF {
        "-∞".into()
    } else {
        crate::game::chance::scaled_text(i64::from(v), scale)
    }
}

/// A traced search as a tree.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchTree {
    /// The position searched.
    pub root: AnyPosition,
    /// What was searched (algorithm, options, depth).
    pub request: SearchRequest,
    /// The search's own record (counters, score, PV).
    pub record: SearchRecord,
    /// Every visit, in visit order (`nodes[i].step == i`).
    pub nodes: Vec<TreeNode>,
    /// The roots: one per pass over the root (iterations, MTD(f) passes).
    pub roots: Vec<usize>,
}

/// The position after `path` from `root`.
pub fn replay(root: &AnyPosition, path: &[String]) -> Result<AnyPosition, EngineError> {
    let mut p = root.clone();
    for m in path {
        p = p.play(m).map_err(|e| EngineError::Format {
            context: format!("move {m}"),
            error: e,
        })?;
    }
    Ok(p)
}

impl SearchTree {
    /// The engine units of one unit of value: 1 but for trees with chance nodes, whose
    /// values are kept exact in finer units.
    #[must_use]
    pub fn scale(&self) -> u32 {
        self.record.scale.max(1)
    }

    /// A value or bound in the game's units, infinities written out.
    #[must_use]
    pub fn vtext(&self, v: i32) -> String {
        bound(v, self.scale())
    }

    /// Node `i`'s window in the game's units.
    #[must_use]
    pub fn window_of(&self, i: usize) -> String {
        self.nodes[i].window_text(self.scale())
    }

    /// Counts like the search's statistics: (nodes, leaves, cutoffs, re-searches).
    #[must_use]
    pub fn counts(&self) -> (u64, u64, u64, u64) {
        let n = self.nodes.len() as u64;
        let leaves = self.nodes.iter().filter(|x| x.leaf).count() as u64;
        let cuts = self
            .nodes
            .iter()
            .filter(|x| x.cutoff_child.is_some())
            .count() as u64;
        let re = self
            .nodes
            .iter()
            .filter(|x| x.kind == VisitKind::Research)
            .count() as u64;
        (n, leaves, cuts, re)
    }
}

impl SearchTree {
    /// The tree as a quiz shows it while visit `asked` is asked: the visits up to it,
    /// and nothing learnt later: no child after it, no moves never searched at it until
    /// it is `answered`, and no principal variation until the last visit is answered.
    /// Its layout then says nothing of the visits to come.
    #[must_use]
    pub fn so_far(&self, asked: usize, answered: bool) -> SearchTree {
        let Some(last) = self.nodes.len().checked_sub(1) else {
            return self.clone();
        };
        let last = asked.min(last);
        let over = answered && last + 1 == self.nodes.len();
        let mut nodes = self.nodes[..=last].to_vec();
        for (i, n) in nodes.iter_mut().enumerate() {
            n.children.retain(|&c| c <= last);
            if i == last && !answered {
                n.pruned.clear();
            }
            n.on_pv &= over;
        }
        SearchTree {
            root: self.root.clone(),
            request: self.request.clone(),
            record: self.record.clone(),
            nodes,
            roots: self.roots.iter().copied().filter(|&r| r <= last).collect(),
        }
    }
}
