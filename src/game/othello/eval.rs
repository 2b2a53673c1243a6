//! Static evaluators for Othello: the plain disc count and a cheap mobility-and-corners
//! evaluation, both deterministic and from the side to move's point of view.

use serde::{Deserialize, Serialize};

use super::{Othello, board};
use crate::game::{Evaluator, Game};

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

impl OthelloEval {
    /// The standard evaluation from both sides' move masks.
    #[inline]
    fn standard(p: u64, o: u64, moves_p: u64, moves_o: u64) -> i32 {
        let mobility = count_difference(moves_p, moves_o);
        let corners = count_difference(p & CORNERS, o & CORNERS);
        MOBILITY_WEIGHT * mobility + CORNER_WEIGHT * corners + DISC_WEIGHT * count_difference(p, o)
    }
}

impl Evaluator<Othello> for OthelloEval {
    fn evaluate(&self, pos: &Othello) -> i32 {
        let (p, o) = (pos.player(), pos.opponent());
        match self {
            OthelloEval::Discs => count_difference(p, o),
            OthelloEval::Standard => {
                OthelloEval::standard(p, o, board::moves(p, o), board::moves(o, p))
            }
        }
    }

    /// The game is over where neither side has a move ([`Othello`]'s outcome): the
    /// standard evaluation's two move masks tell that too, so a leaf generates each
    /// once.
    #[inline]
    fn evaluate_unless_over(&self, pos: &Othello) -> Option<i32> {
        let (p, o) = (pos.player(), pos.opponent());
        match self {
            // The disc count needs no moves: the game's own test stops at the first.
            OthelloEval::Discs => pos.outcome().is_none().then(|| count_difference(p, o)),
            OthelloEval::Standard => {
                let (moves_p, moves_o) = (board::moves(p, o), board::moves(o, p));
                (moves_p != 0 || moves_o != 0)
                    .then(|| OthelloEval::standard(p, o, moves_p, moves_o))
            }
        }
    }
}
