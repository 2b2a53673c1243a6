//! Random trees' static evaluators.

use super::*;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RandomTreeEval {
    /// The node's own value from the side to move's view. Incremental model: the path
    /// sum so far, an informative estimate of the subtree. Independent model: a value
    /// hashed from the node id, uniform in the leaf range and unrelated to the subtree,
    /// so it is pure noise (by design: such trees carry no heuristic signal).
    #[default]
    NodeValue,
    /// Always 0.
    Zero,
}

impl RandomTreeEval {
    /// Every evaluator, in the order the UI lists them.
    pub const ALL: [RandomTreeEval; 2] = [RandomTreeEval::NodeValue, RandomTreeEval::Zero];

    /// The name used in the CLI, the app and session files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            RandomTreeEval::NodeValue => "node-value",
            RandomTreeEval::Zero => "zero",
        }
    }

    /// The evaluator called `name` (as [`RandomTreeEval::name`] writes it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.name() == name)
    }
}

impl Evaluator<RandomTree> for RandomTreeEval {
    fn evaluate(&self, pos: &RandomTree) -> i32 {
        match self {
            RandomTreeEval::NodeValue => pos.value_for_side_to_move(),
            RandomTreeEval::Zero => 0,
        }
    }
}
