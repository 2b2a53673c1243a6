//! What a count is: the counter a table, a total or a chart shows (every node, or the
//! leaves: static evaluations and finished games; docs/node-definition.md defines both),
//! and a count or ratio marked partial when a stopped or failed search is in it.

use serde::{Deserialize, Serialize};

use crate::engine::SearchRecord;

/// Which counter the tables show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CountKind {
    /// Every node visited.
    #[default]
    Nodes,
    /// Static evaluations and finished games (the article 000 tables).
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
            CountKind::Nodes => r.counters.nodes(),
            CountKind::Leaves => r.counters.leaves(),
        }
    }
}

/// The mark of a count, total or ratio that includes a stopped or failed search.
pub const PARTIAL_MARK: &str = "*";

/// What [`PARTIAL_MARK`] means, for a footnote or a legend.
pub const PARTIAL_NOTE: &str =
    "* includes a stopped or failed search: a partial count, not comparable with complete ones";

/// A count (of one search or a total over positions), marked `partial` when a search
/// in it was stopped or failed: it then undercounts and must not pass for a complete
/// one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The nodes or leaves counted.
    pub value: u64,
    /// Whether a stopped or failed search is in it.
    pub partial: bool,
}

impl Tally {
    /// The number, with [`PARTIAL_MARK`] when partial.
    #[must_use]
    pub fn text(self) -> String {
        mark(self.value.to_string(), self.partial)
    }
}

/// A ratio of counts, marked `partial` when either side includes a stopped or failed
/// search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio {
    /// The ratio.
    pub value: f64,
    /// Whether either count is partial.
    pub partial: bool,
}

impl Ratio {
    /// The ratio with `decimals` digits, with [`PARTIAL_MARK`] when partial.
    #[must_use]
    pub fn text(self, decimals: usize) -> String {
        mark(format!("{:.*}", decimals, self.value), self.partial)
    }

    /// The ratio of two tallies (None when the denominator is 0).
    #[must_use]
    pub fn of(num: Tally, den: Tally) -> Option<Ratio> {
        (den.value > 0).then(|| Ratio {
            value: num.value as f64 / den.value as f64,
            partial: num.partial || den.partial,
        })
    }
}

fn mark(text: String, partial: bool) -> String {
    if partial { text + PARTIAL_MARK } else { text }
}
