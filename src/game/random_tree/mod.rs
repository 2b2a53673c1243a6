//! Random uniform trees: every interior node has `width` children, every leaf lies at
//! ply `depth`, and the leaf values come from a seed, so the same spec gives the same
//! tree on every machine (all randomness is [`splitmix64`] of node ids).
//!
//! Two value models (Knuth & Moore 1975; Plaat et al. 1996 for the incremental one):
//! - [`ValueModel::Independent`]: each leaf's value, from the root player's (MAX's)
//!   view, is uniform in `-range ..= range`, independent of every other node.
//! - [`ValueModel::Incremental`]: the root is worth 0 and each child is worth its
//!   parent's value plus a step uniform in `-step ..= step`; a leaf's value is the sum
//!   along its path, so interior values carry information about their subtrees.
//! - [`ValueModel::PGame`] (Kocsis & Szepesvári 2006): the same sums, but MAX's moves
//!   only add (`0 ..= step`) and MIN's only subtract; the leaf's sign says who won.
//!
//! Node ids: the root's id is `splitmix64(seed ^ ROOT_SALT)`, child `i`'s id is
//! `splitmix64(parent ^ (i + 1) * CHILD_SALT)`. A node is a few machine words, so
//! trees of any size are generated lazily as the search walks them.
//!
//! Text form (see [`parse_spec`]): `w=3 d=4 seed=7 independent=100` or
//! `w=8 d=6 seed=1 incremental=10`, `w=2 d=20 seed=3 pgame=127`, tokens in any order.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::perft::PerftConvention;
use super::{Evaluator, FormatError, Game, Outcome, Scoring, Side, split_tokens, splitmix64};

mod describe;
mod eval;
mod spec;
#[cfg(test)]
mod tests;

pub use eval::*;
pub use spec::*;

/// Mixed into the seed to get the root's id.
const ROOT_SALT: u64 = 0x7265_6554_6D6F_6452; // "RdomTree"
/// Multiplied by the child index (plus one) and mixed into the parent's id.
const CHILD_SALT: u64 = 0xD6E8_FEB8_6659_FD93;
/// Mixed into a node id to draw an independent value.
const VALUE_SALT: u64 = 0x9FB2_1C65_1E98_DF25;
/// Mixed into a node id to draw an incremental step.
const STEP_SALT: u64 = 0xC2B2_AE3D_27D4_EB4F;

/// A value uniform in `-magnitude ..= magnitude` drawn from `id` and `salt`.
fn uniform(id: u64, salt: u64, magnitude: i32) -> i32 {
    let magnitude = u64::from(magnitude.unsigned_abs());
    let span = 2 * magnitude + 1;
    let draw = ((u128::from(splitmix64(id ^ salt)) * u128::from(span)) >> 64) as u64;
    // draw <= 2 * magnitude, so the difference fits: -magnitude ..= magnitude.
    (draw as i64 - magnitude as i64) as i32
}

/// A draw uniform in `0 ..= magnitude` from `id` and `salt`.
fn uniform_up_to(id: u64, salt: u64, magnitude: i32) -> i32 {
    let span = u64::from(magnitude.unsigned_abs()) + 1;
    // The draw is at most `magnitude`, which fits.
    ((u128::from(splitmix64(id ^ salt)) * u128::from(span)) >> 64) as i32
}

/// A move in a random tree: the child index, `0 .. width`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TreeMove(pub u16);

/// One node of a random uniform tree: the spec (copied, it is small), the node's id, its
/// ply and its value from MAX's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomTree {
    spec: TreeSpec,
    id: u64,
    ply: u32,
    value: i32,
}

impl RandomTree {
    /// The root of the tree `spec` describes, after checking its limits.
    pub fn new(spec: TreeSpec) -> Result<RandomTree, FormatError> {
        spec.check()?;
        let id = splitmix64(spec.seed ^ ROOT_SALT);
        let value = match spec.model {
            ValueModel::Independent { range } => uniform(id, VALUE_SALT, range),
            ValueModel::Incremental { .. } | ValueModel::PGame { .. } => 0,
        };
        Ok(RandomTree {
            spec,
            id,
            ply: 0,
            value,
        })
    }

    /// The spec of the whole tree.
    #[must_use]
    pub fn spec(&self) -> &TreeSpec {
        &self.spec
    }

    /// The node's id (also its [`Game::hash`]).
    #[must_use]
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Distance from the root.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The node's value from MAX's (the root player's) view. At a leaf this is the leaf
    /// value. Above the leaves: the path sum so far (incremental model) or a draw
    /// independent of the subtree (independent model).
    #[must_use]
    pub fn value(&self) -> i32 {
        self.value
    }

    /// [`RandomTree::value`] from the side to move's view (negated at odd plies).
    #[must_use]
    pub fn value_for_side_to_move(&self) -> i32 {
        if self.ply.is_multiple_of(2) {
            self.value
        } else {
            -self.value
        }
    }

    /// Whether this node is a leaf.
    #[must_use]
    pub fn is_leaf(&self) -> bool {
        self.ply >= self.spec.depth
    }

    /// The exact negamax value of this node for the side to move, by visiting every
    /// leaf below it: for tests and small trees only (`width^(depth - ply)` leaves).
    #[must_use]
    pub fn minimax_value(&self) -> i32 {
        if self.is_leaf() {
            return self.value_for_side_to_move();
        }
        (0..self.spec.width)
            .map(|i| -self.play(TreeMove(i as u16)).minimax_value())
            .max()
            .unwrap_or_else(|| self.value_for_side_to_move())
    }
}

impl Game for RandomTree {
    type Move = TreeMove;

    const NAME: &'static str = "random-tree";
    const MOVE_SLOTS: usize = MAX_WIDTH as usize;
    const MAX_PLIES: usize = 64;
    /// Irrelevant: every leaf lies at the same depth.
    const PERFT_CONVENTION: PerftConvention = PerftConvention::FinishedIsLeaf;

    fn side_to_move(&self) -> Side {
        if self.ply.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    fn legal_moves(&self, out: &mut Vec<TreeMove>) {
        out.clear();
        if !self.is_leaf() {
            out.extend((0..self.spec.width).map(|i| TreeMove(i as u16)));
        }
    }

    fn play(&self, mv: TreeMove) -> Self {
        debug_assert!(
            !self.is_leaf() && u32::from(mv.0) < self.spec.width,
            "illegal {mv:?}"
        );
        let id = splitmix64(self.id ^ (u64::from(mv.0) + 1).wrapping_mul(CHILD_SALT));
        let value = match self.spec.model {
            ValueModel::Independent { range } => uniform(id, VALUE_SALT, range),
            ValueModel::Incremental { step } => self.value + uniform(id, STEP_SALT, step),
            ValueModel::PGame { step } => {
                // MAX (the root's side, moving at even plies) adds, MIN subtracts.
                let size = uniform_up_to(id, STEP_SALT, step);
                if self.ply.is_multiple_of(2) {
                    self.value + size
                } else {
                    self.value - size
                }
            }
        };
        RandomTree {
            spec: self.spec,
            id,
            ply: self.ply + 1,
            value,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_leaf() {
            return None;
        }
        Some(match self.value_for_side_to_move().signum() {
            1 => Outcome::Win,
            -1 => Outcome::Loss,
            _ => Outcome::Draw,
        })
    }

    fn terminal_score(&self, scoring: Scoring) -> i32 {
        match scoring {
            Scoring::Native | Scoring::ShortestWin => self.value_for_side_to_move(),
            Scoring::WinLoss => self.value_for_side_to_move().signum(),
        }
    }

    fn score_range(&self, scoring: Scoring) -> (i32, i32) {
        let bound = match (scoring, self.spec.model) {
            (Scoring::WinLoss, _) => 1,
            (_, ValueModel::Independent { range }) => {
                i32::try_from(range.unsigned_abs()).unwrap_or(i32::MAX)
            }
            (_, ValueModel::Incremental { step } | ValueModel::PGame { step }) => {
                let total = i64::from(step.unsigned_abs()) * i64::from(self.spec.depth);
                i32::try_from(total).unwrap_or(i32::MAX)
            }
        };
        (-bound, bound)
    }

    /// Under win-loss scoring a value above 0 is a win, which no estimate may claim (as
    /// in Connect Four and tic-tac-toe); the other scorings share the leaves' scale.
    fn heuristic_limit(&self, scoring: Scoring) -> Option<i32> {
        (scoring == Scoring::WinLoss).then_some(0)
    }

    fn hash(&self) -> u64 {
        self.id
    }

    fn move_index(mv: TreeMove) -> usize {
        usize::from(mv.0)
    }

    fn move_to_string(mv: TreeMove) -> String {
        mv.0.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<TreeMove, FormatError> {
        let offset = text[..text.len() - text.trim_start().len()].chars().count();
        let trimmed = text.trim();
        let err = |message: String| FormatError::at_column(offset + 1, message);
        if trimmed.is_empty() {
            return Err(FormatError::whole("no move: expected a child number"));
        }
        if self.is_leaf() {
            return Err(err("this node is a leaf: it has no children".to_string()));
        }
        let last = self.spec.width - 1;
        let index = trimmed.parse::<u32>().map_err(|_| {
            err(format!(
                "'{trimmed}' is not a child number: use 0 to {last}"
            ))
        })?;
        if index > last {
            return Err(err(format!("no child {index}: use 0 to {last}")));
        }
        Ok(TreeMove(index as u16))
    }

    fn plies_played(&self) -> usize {
        self.ply as usize
    }
}
