//! EWN's evaluator: the race to the far corner, in units of value (a win is 100).

use serde::{Deserialize, Serialize};

use super::{CELLS, Ewn, SIZE, VALUE_SCALE};
use crate::game::{Evaluator, Side};

/// How a search scores a position where it stops.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EwnEval {
    /// 10 points a step for the opponent's nearest cube's distance to its corner minus
    /// the mover's own, plus 3 a cube ahead; within ±99 (a win is 100).
    #[default]
    Race,
}

impl EwnEval {
    /// Every evaluator, in the order the UI lists them.
    pub const ALL: [EwnEval; 1] = [EwnEval::Race];

    /// The name used in the CLI, the app and session files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EwnEval::Race => "race",
        }
    }
}

/// The steps `side`'s nearest cube needs to reach its corner (king moves: a diagonal
/// step counts one), 8 without cubes.
fn distance(pos: &Ewn, side: Side) -> i32 {
    (0..CELLS)
        .filter(|&i| pos.cube(i).is_some_and(|c| c.side == side))
        .map(|i| {
            let (r, c) = ((i / SIZE) as i32, (i % SIZE) as i32);
            match side {
                Side::Second => (4 - r).max(4 - c),
                Side::First => r.max(c),
            }
        })
        .min()
        .unwrap_or(8)
}

impl Evaluator<Ewn> for EwnEval {
    fn evaluate(&self, pos: &Ewn) -> i32 {
        let me = pos.side;
        let them = me.other();
        let race = 10 * (distance(pos, them) - distance(pos, me));
        let material = 3 * (pos.cubes(me) as i32 - pos.cubes(them) as i32);
        (race + material).clamp(-99, 99) * VALUE_SCALE as i32
    }
}
