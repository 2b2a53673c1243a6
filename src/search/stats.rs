//! Search statistics and the one definition of a node.
//!
//! **Definition.** A *node* is a position the search visits: every call of the shared
//! [`super::context::Ctx::enter`], root included, whatever the algorithm (a re-search
//! or a later null-window pass that visits a position again counts it again). A node is
//! a *leaf* when its value comes from the static evaluator (depth exhausted) or from the
//! rules (game over), an *interior* node when its moves are generated, and neither when a
//! transposition-table cutoff answers it first. So `nodes = leaves + interior +
//! tt_cutoffs + (nodes cut short by a stop)`. Work done only to order moves (shallow
//! searches, the perfect oracle) is counted apart in `ordering_nodes`, never in `nodes`.

use serde::{Deserialize, Serialize};

/// Counters of one search. Every algorithm counts through the same
/// [`super::context::Ctx`] methods, so the numbers mean the same in every row.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchStats {
    /// Positions visited, root included (see the module doc).
    pub nodes: u64,
    /// Static evaluations and finished games scored.
    pub leaves: u64,
    /// Nodes whose moves were generated.
    pub interior: u64,
    /// Cutoffs: a move whose value reached beta ended the node (or a Scout TEST that
    /// decided early, or an SSS* pruning).
    pub beta_cutoffs: u64,
    /// Cutoffs caused by the first move tried: the move-ordering quality figure.
    pub first_move_cutoffs: u64,
    /// Re-searches: NegaScout/PVS re-searches after a null-window test failed high,
    /// Scout EVALs after a successful TEST, aspiration-window re-searches.
    pub researches: u64,
    /// Null-window passes at the root (MTD(f), MT-SSS*).
    pub null_window_passes: u64,
    /// Transposition-table look-ups.
    pub tt_probes: u64,
    /// Look-ups that found the position.
    pub tt_hits: u64,
    /// Look-ups whose stored bounds answered the node without a search.
    pub tt_cutoffs: u64,
    /// The deepest ply reached (root = 0).
    pub max_ply: u32,
    /// Nodes visited only to order moves (shallow searches, the oracle); not in `nodes`.
    pub ordering_nodes: u64,
    /// Wall-clock seconds; the only field that varies from run to run.
    pub elapsed_secs: f64,
}

impl SearchStats {
    /// Nodes per second (0 when no time was measured).
    #[must_use]
    pub fn nodes_per_sec(&self) -> f64 {
        if self.elapsed_secs > 0.0 {
            self.nodes as f64 / self.elapsed_secs
        } else {
            0.0
        }
    }

    /// The effective branching factor `nodes^(1/depth)`: the width of a uniform tree of
    /// the same depth with as many nodes.
    #[must_use]
    pub fn effective_branching_factor(&self, depth: u32) -> f64 {
        if depth == 0 || self.nodes == 0 {
            return 0.0;
        }
        (self.nodes as f64).powf(1.0 / f64::from(depth))
    }

    /// The share of cutoffs made by the first move tried (1.0 = perfect ordering).
    #[must_use]
    pub fn first_move_cutoff_rate(&self) -> f64 {
        if self.beta_cutoffs == 0 {
            0.0
        } else {
            self.first_move_cutoffs as f64 / self.beta_cutoffs as f64
        }
    }

    /// Adds another search's counters (for totals over a suite or a game).
    pub fn add(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        self.interior += other.interior;
        self.beta_cutoffs += other.beta_cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.researches += other.researches;
        self.null_window_passes += other.null_window_passes;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.tt_cutoffs += other.tt_cutoffs;
        self.max_ply = self.max_ply.max(other.max_ply);
        self.ordering_nodes += other.ordering_nodes;
        self.elapsed_secs += other.elapsed_secs;
    }

    /// The same counters with the time zeroed: what determinism tests compare.
    #[must_use]
    pub fn without_time(&self) -> SearchStats {
        SearchStats {
            elapsed_secs: 0.0,
            ..self.clone()
        }
    }

    /// Every counter as `(name, value)` in a fixed order: the CLI's `name: value` lines
    /// and the table columns use these names.
    #[must_use]
    pub fn named_counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("nodes", self.nodes),
            ("leaves", self.leaves),
            ("interior", self.interior),
            ("beta_cutoffs", self.beta_cutoffs),
            ("first_move_cutoffs", self.first_move_cutoffs),
            ("researches", self.researches),
            ("null_window_passes", self.null_window_passes),
            ("tt_probes", self.tt_probes),
            ("tt_hits", self.tt_hits),
            ("tt_cutoffs", self.tt_cutoffs),
            ("max_ply", u64::from(self.max_ply)),
            ("ordering_nodes", self.ordering_nodes),
        ]
    }
}
