//! Connect Four's static evaluators.

use super::*;

/// Static evaluations for Connect Four.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Connect4Eval {
    /// Always 0: only proven results count.
    Zero,
    /// Threats: 2 per empty cell that would complete a four for the side to move (three
    /// stones in a window of four, the fourth cell empty) minus the same for the
    /// opponent, plus 1 per own stone in the centre column minus the opponent's. Clamped
    /// to -16 ..= 16, below the best proven score (18), so it never poses as a quick win.
    #[default]
    Threats,
}

impl Connect4Eval {
    /// Every evaluator, in the order the UI lists them.
    pub const ALL: [Connect4Eval; 2] = [Connect4Eval::Zero, Connect4Eval::Threats];

    /// The name used in the CLI, the app and session files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Connect4Eval::Zero => "zero",
            Connect4Eval::Threats => "threats",
        }
    }

    /// The evaluator called `name` (as [`Connect4Eval::name`] writes it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.name() == name)
    }
}

impl Evaluator<Connect4> for Connect4Eval {
    fn evaluate(&self, pos: &Connect4) -> i32 {
        match self {
            Connect4Eval::Zero => 0,
            Connect4Eval::Threats => {
                let count = |bits: u64| bits.count_ones() as i32;
                let own = pos.position;
                let opponent = pos.position ^ pos.mask;
                let centre = column_mask(CENTRE_COLUMN);
                let threats = count(pos.winning_cells()) - count(pos.opponent_winning_cells());
                let centre_stones = count(own & centre) - count(opponent & centre);
                (THREAT_WEIGHT * threats + CENTRE_WEIGHT * centre_stones)
                    .clamp(-THREATS_LIMIT, THREATS_LIMIT)
            }
        }
    }
}
