//! The search trace: what a search did, in order, recorded only when asked.
//!
//! Each visited node is an [`TraceEvent::Enter`] followed by what happened there (a leaf
//! value, a table cutoff, children, cutoffs) and a [`TraceEvent::Leave`] with its value.
//! Counting the events gives the same nodes, leaves, cutoffs and re-searches as the
//! [`super::Counters`] of the same search.

use serde::{Deserialize, Serialize};

/// Why a node was entered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VisitKind {
    /// An ordinary visit.
    #[default]
    Normal,
    /// A null-window test (PVS, NegaScout, Scout's TEST, MTD(f) passes).
    NullWindow,
    /// A re-search after a test failed high.
    Research,
    /// Star2's probe of a chance node's outcome: only its first move is searched, for a
    /// lower bound on its value.
    Probe,
}

/// One step of a search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TraceEvent<M> {
    /// A node is visited at `ply`, reached by `mv`, with the window `(alpha, beta)`.
    Enter {
        /// Distance from the root.
        ply: u32,
        /// The move that led here (None at the root).
        mv: Option<M>,
        /// The window's lower end on entry.
        alpha: i32,
        /// The window's upper end on entry.
        beta: i32,
        /// Normal, null-window test or re-search.
        kind: VisitKind,
    },
    /// The node was scored statically or by the rules.
    Leaf {
        /// Its value.
        value: i32,
    },
    /// The table's bounds answered the node.
    TtCut {
        /// The value taken from the table.
        value: i32,
    },
    /// The node's `index`-th child (0-based) ended it with a cutoff.
    Cutoff {
        /// Which child caused it.
        index: u32,
    },
    /// A chance node (Star1, Star2) ended with outcomes left unsearched: the outcomes
    /// searched (or probed) already bound the weighted mean at or above β
    /// (`above_beta`) or at or below α.
    ChanceCutoff {
        /// The bound crossed: β when true, α when false.
        above_beta: bool,
    },
    /// The node returns `value`.
    Leave {
        /// The returned value (its meaning relative to the window depends on the
        /// algorithm's contract).
        value: i32,
    },
    /// An MCTS iteration ended (after the visits it made): what its four phases did,
    /// for the tree view to step through.
    Mcts(Box<MctsIteration<M>>),
}

/// How an MCTS iteration's playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayoutEnd {
    /// The game is over: the reward is its result.
    GameOver,
    /// At the depth (the horizon): the evaluator scored the position.
    Horizon,
    /// No playout: a shallow minimax (MCTS-MS) proved the node selection reached; the
    /// reward is its value.
    Proven,
    /// No playout: the policy-value network valued the position added (PUCT).
    Network,
}

/// One MCTS iteration in the tree's terms. Tree nodes are numbered in the order they
/// were added, the root 0.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MctsIteration<M> {
    /// The nodes selection went through, the root first.
    pub selected: Vec<u32>,
    /// The node expansion added below the last selected one (its number and move); none
    /// when selection ended at a leaf of the game or the horizon.
    pub added: Option<(u32, M)>,
    /// The playout's moves, from the added node (or the last selected one).
    pub playout: Vec<M>,
    /// How the playout ended.
    pub end: PlayoutEnd,
    /// The reward backed up, from -1 to 1, for the side to move at the last node of the
    /// path (the added node, or the last selected one).
    pub reward: f64,
    /// MCTS-Solver: the nodes whose bounds on the game value changed, with the new
    /// bounds for their side to move (`lo == hi`: proven).
    pub bounds: Vec<(u32, i8, i8)>,
    /// PUCT: the priors the network gave the moves of the position this iteration
    /// evaluated (the path's last node; the root in the first iteration), each move with
    /// its prior, in the order of the moves; empty where nothing was evaluated (a
    /// finished game, the depth, a value given before) and for the other algorithms.
    #[serde(default = "Vec::new")]
    pub priors: Vec<(M, f32)>,
}

impl<M> TraceEvent<M> {
    /// The same event with its move mapped (for example to notation).
    pub fn map_move<N>(&self, f: impl Fn(M) -> N) -> TraceEvent<N>
    where
        M: Copy,
    {
        match *self {
            TraceEvent::Enter {
                ply,
                mv,
                alpha,
                beta,
                kind,
            } => TraceEvent::Enter {
                ply,
                mv: mv.map(f),
                alpha,
                beta,
                kind,
            },
            TraceEvent::Leaf { value } => TraceEvent::Leaf { value },
            TraceEvent::TtCut { value } => TraceEvent::TtCut { value },
            TraceEvent::Cutoff { index } => TraceEvent::Cutoff { index },
            TraceEvent::ChanceCutoff { above_beta } => TraceEvent::ChanceCutoff { above_beta },
            TraceEvent::Leave { value } => TraceEvent::Leave { value },
            TraceEvent::Mcts(ref it) => TraceEvent::Mcts(Box::new(MctsIteration {
                selected: it.selected.clone(),
                added: it.added.map(|(n, m)| (n, f(m))),
                playout: it.playout.iter().map(|&m| f(m)).collect(),
                end: it.end,
                reward: it.reward,
                bounds: it.bounds.clone(),
                priors: it.priors.iter().map(|&(m, p)| (f(m), p)).collect(),
            })),
        }
    }
}

/// A recorded search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trace<M> {
    /// The events in the order they happened.
    pub events: Vec<TraceEvent<M>>,
}

impl<M> Default for Trace<M> {
    fn default() -> Self {
        Trace { events: Vec::new() }
    }
}

/// Counts derived from a trace, to compare with the search's statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TraceCounts {
    /// Enter events.
    pub nodes: u64,
    /// Leaf events.
    pub leaves: u64,
    /// Cutoff events.
    pub cutoffs: u64,
    /// Enter events marked as re-searches.
    pub researches: u64,
    /// Table cutoffs.
    pub tt_cutoffs: u64,
}

impl<M> Trace<M> {
    /// Counts the events.
    #[must_use]
    pub fn counts(&self) -> TraceCounts {
        let mut c = TraceCounts::default();
        for e in &self.events {
            match e {
                TraceEvent::Enter { kind, .. } => {
                    c.nodes += 1;
                    if *kind == VisitKind::Research {
                        c.researches += 1;
                    }
                }
                TraceEvent::Leaf { .. } => c.leaves += 1,
                TraceEvent::Cutoff { .. } => c.cutoffs += 1,
                TraceEvent::TtCut { .. } => c.tt_cutoffs += 1,
                TraceEvent::Leave { .. }
                | TraceEvent::Mcts(_)
                | TraceEvent::ChanceCutoff { .. } => {}
            }
        }
        c
    }
}
