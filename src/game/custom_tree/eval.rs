//! The one evaluator of hand-built trees: the value written on an interior node.

use serde::{Deserialize, Serialize};

use super::CustomTree;
use crate::game::Evaluator;

/// How a search scores an interior node where it stops.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CustomTreeEval {
    /// The value written after the node's bracket (`(3 12 8):5`), for the side to
    /// move. The engine refuses a search that would stop at a node without one, so the
    /// 0 such a node gets here is never part of a result it returns.
    #[default]
    NodeValue,
}

impl CustomTreeEval {
    /// Every evaluator, in the order the UI lists them.
    pub const ALL: [CustomTreeEval; 1] = [CustomTreeEval::NodeValue];

    /// The name used in the CLI, the app and session files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            CustomTreeEval::NodeValue => "node-value",
        }
    }
}

impl Evaluator<CustomTree> for CustomTreeEval {
    fn evaluate(&self, pos: &CustomTree) -> i32 {
        match self {
            CustomTreeEval::NodeValue => pos.for_side_to_move(pos.value().unwrap_or(0)),
        }
    }
}
