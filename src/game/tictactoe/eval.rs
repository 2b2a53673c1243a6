//! Tic-tac-toe's static evaluators.

use super::*;

/// Static evaluations for tic-tac-toe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TicTacToeEval {
    /// Always 0: the search sees only finished games.
    Zero,
    /// Open lines: every line with none of the opponent's stones counts for the side to
    /// move, weighted 1, 2, 3 by how many of its own stones it holds, minus the same sum
    /// for the opponent. Values stay within plus or minus 24.
    #[default]
    Lines,
}

impl TicTacToeEval {
    /// Every evaluator, in the order the UI lists them.
    pub const ALL: [TicTacToeEval; 2] = [TicTacToeEval::Zero, TicTacToeEval::Lines];

    /// The name used in the CLI, the app and session files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TicTacToeEval::Zero => "zero",
            TicTacToeEval::Lines => "lines",
        }
    }

    /// The evaluator called `name` (as [`TicTacToeEval::name`] writes it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.name() == name)
    }
}

fn open_lines_score(own: u16, opponent: u16) -> i32 {
    LINES
        .iter()
        .filter(|&&line| line & opponent == 0)
        .map(|&line| {
            let stones = (line & own).count_ones() as usize;
            LINE_WEIGHT_BY_STONES[stones.min(LINE_WEIGHT_BY_STONES.len() - 1)]
        })
        .sum()
}

impl Evaluator<TicTacToe> for TicTacToeEval {
    fn evaluate(&self, pos: &TicTacToe) -> i32 {
        match self {
            TicTacToeEval::Zero => 0,
            TicTacToeEval::Lines => {
                let own = pos.stones_of(pos.side);
                let opponent = pos.stones_of(pos.side.other());
                open_lines_score(own, opponent) - open_lines_score(opponent, own)
            }
        }
    }
}
