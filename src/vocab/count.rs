//! What a count is: the counter a table, a total or a chart shows (every node, or the
//! leaves: static evaluations and finished games). docs/node-definition.md defines both.

use serde::{Deserialize, Serialize};

use crate::engine::SearchRecord;

/// Which counter the tables show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CountKind {
    /// Every node visited.
    #[default]
    Nodes,
    /// Static evaluations and finished games (the seed 000 tables).
    Leaves,
}

impl CountKind {
    /// The counter's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            CountKind::Nodes => "nodes",
            CountKind::Leaves => "leaves",
        }
    }

    /// The counter of `r`.
    #[must_use]
    pub fn pick(self, r: &SearchRecord) -> u64 {
        match self {
            CountKind::Nodes => r.stats.nodes,
            CountKind::Leaves => r.stats.leaves,
        }
    }
}
