//! Static evaluators for Othello: the plain disc count and a cheap mobility-and-corners
//! evaluation, both deterministic and from the side to move's point of view.

use serde::{Deserialize, Serialize};

use super::{Othello, board};
use crate::game::Evaluator;

/// The four corners A1, H1, A8, H8.
const CORNERS: u64 = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63);

/// Weight of one move of mobility difference in [`OthelloEval::Standard`].
const MOBILITY_WEIGHT: i32 = 4;
/// Weight of one corner of corner-ownership difference in [`OthelloEval::Standard`].
const CORNER_WEIGHT: i32 = 25;
/// Weight of one disc of disc difference in [`OthelloEval::Standard`]: small, because
/// in the midgame more discs is not better.
const DISC_WEIGHT: i32 = 1;

/// The Othello evaluators.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OthelloEval {
    /// The disc difference: the side to move's discs minus the opponent's.
    Discs,
    /// Mobility, corners and a little material:
    ///
    /// `4 * (my moves - their moves) + 25 * (my corners - their corners)
    ///  + (my discs - their discs)`
    ///
    /// where "their moves" are the moves the opponent would have if it were to move.
    /// Typical values stay within about ±200 (mobility differences rarely exceed 20,
    /// corners give at most ±100, discs at most ±64).
    #[default]
    Standard,
}

impl OthelloEval {
    /// Every evaluator, in the order the UI lists them.
    pub const ALL: [OthelloEval; 2] = [OthelloEval::Discs, OthelloEval::Standard];

    /// The name used in the CLI, the app and session files (the serde name too).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OthelloEval::Discs => "discs",
            OthelloEval::Standard => "standard",
        }
    }

    /// The evaluator called `name` (as returned by [`OthelloEval::name`]).
    #[must_use]
    pub fn from_name(name: &str) -> Option<OthelloEval> {
        OthelloEval::ALL.into_iter().find(|e| e.name() == name)
    }
}

/// `a.count_ones() - b.count_ones()` as a signed value.
fn count_difference(a: u64, b: u64) -> i32 {
    a.count_ones() as i32 - b.count_ones() as i32
}

impl Evaluator<Othello> for OthelloEval {
    fn evaluate(&self, pos: &Othello) -> i32 {
        let (p, o) = (pos.player(), pos.opponent());
        let discs = count_difference(p, o);
        match self {
            OthelloEval::Discs => discs,
            OthelloEval::Standard => {
                let mobility = count_difference(board::moves(p, o), board::moves(o, p));
                let corners = count_difference(p & CORNERS, o & CORNERS);
                MOBILITY_WEIGHT * mobility + CORNER_WEIGHT * corners + DISC_WEIGHT * discs
            }
        }
    }
}
