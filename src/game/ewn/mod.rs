//! EinStein würfelt nicht! (Althöfer, 2004): a dice game on a 5x5 board, with the rules
//! of OpenSpiel's `einstein_wurfelt_nicht`, which `scripts/crosscheck_openspiel.py`
//! checks this file against.
//!
//! Each side has six cubes numbered 1 to 6. Black's start in the top-left corner (the
//! cells with row + column <= 2), White's in the bottom-right one (row + column >= 6).
//! A turn is a roll of the die, then a move: the die names the cube that moves; when
//! that cube is gone, the side moves the next lower or the next higher cube it still
//! has. Black's cubes move right, down or diagonally down-right; White's left, up or
//! diagonally up-left, one cell. A cube moved onto another cube, of either colour,
//! removes it. A side wins by reaching the far corner (Black the bottom-right cell,
//! White the top-left) or by removing every enemy cube. As in OpenSpiel, White moves
//! first.
//!
//! Chance nodes ([`Game::chance_outcomes`]): the roll before every move (six outcomes of
//! weight 1), and, from the empty board, the random placement of each side's cubes (720
//! orders each, OpenSpiel's initial chance nodes). A chance node's side to move is the
//! side that moves at its outcomes, so no sign changes there. Positions start after the
//! placement by default ([`Ewn::start`]: both sides in order 1 to 6), or from any
//! placement written out.
//!
//! Values: a win is worth 100 units, the evaluator stays within ±99, and every value is
//! counted in 1/6^7 of a unit ([`VALUE_SCALE`]), so the means of up to seven rolls on a
//! path stay exact; a deeper search is refused with the reason.

use serde::{Deserialize, Serialize};

use super::perft::PerftConvention;
use super::{FormatError, Game, Outcome, Scoring, Side, splitmix64};

mod describe;
mod eval;
#[cfg(test)]
mod tests;
mod text;

pub use eval::EwnEval;
pub use text::{parse_ewn, write_ewn};

/// Rows and columns of the board.
pub const SIZE: usize = 5;
/// Cells of the board.
pub const CELLS: usize = SIZE * SIZE;
/// The orders of six cubes: the outcomes of a placement chance node.
pub const PLACEMENTS: usize = 720;
/// The most rolls a search may average over and keep its values exact.
pub const MAX_ROLLS: u32 = 7;
/// The engine units of one unit of value: 6^7.
pub const VALUE_SCALE: u32 = 279_936;
/// A win, in units of value.
pub const WIN: i32 = 100;

/// The cells Black's cubes start on, in placement order (row by row).
pub const BLACK_HOME: [u8; 6] = [0, 1, 2, 5, 6, 10];
/// The cells White's cubes start on, in placement order (row by row).
pub const WHITE_HOME: [u8; 6] = [14, 18, 19, 22, 23, 24];

/// The row and column steps of the six directions, OpenSpiel's order: Black's
/// diagonal, down, right, then White's up, diagonal, left.
const STEPS: [(i8, i8); 6] = [(1, 1), (1, 0), (0, 1), (-1, 0), (-1, -1), (0, -1)];
/// The directions' names in move notation.
const STEP_NAMES: [&str; 6] = ["diag", "down", "right", "up", "diag", "left"];

/// A cube: its colour's side and its number (1 to 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cube {
    /// Black ([`Side::Second`]) or White ([`Side::First`]).
    pub side: Side,
    /// 1 to 6.
    pub number: u8,
}

/// What happens next in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Black's cubes are placed at random (a chance node of 720 orders).
    PlaceBlack,
    /// White's cubes are placed at random (a chance node of 720 orders).
    PlaceWhite,
    /// The side to move rolls the die (a chance node of six outcomes).
    Roll,
    /// The side to move moves; the die shows this number.
    Move(u8),
    /// The game is over; the side to move lost.
    Over,
}

/// A move: a placement, a roll or a step of a cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EwnMove {
    /// The cubes of the side being placed go on their home cells in this order (an
    /// index 0..720 into the orders of 1..6 in lexicographic order, OpenSpiel's).
    Place(u16),
    /// The die shows this number (1 to 6).
    Roll(u8),
    /// A cube steps one cell.
    Step {
        /// The cell it leaves (row by row from the top left).
        from: u8,
        /// The direction, an index into OpenSpiel's six.
        dir: u8,
        /// The cube that moves.
        cube: Cube,
        /// Whether it lands on a cube.
        capture: bool,
    },
}

/// A position: the board, what happens next and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ewn {
    /// The cells, row by row from the top left.
    pub board: [Option<Cube>; CELLS],
    /// What happens next.
    pub phase: Phase,
    /// The side to move (at a chance node: the side that moves at its outcomes).
    pub side: Side,
}

/// The `index`-th order of 1..6 in lexicographic order (`index < 720`).
#[must_use]
pub fn placement(index: u16) -> [u8; 6] {
    let mut left: Vec<u8> = (1..=6).collect();
    let mut rest = usize::from(index) % PLACEMENTS;
    let mut out = [0u8; 6];
    let mut block = 120; // 5!
    for (i, slot) in out.iter_mut().enumerate() {
        let k = rest / block;
        rest %= block;
        *slot = left.remove(k);
        if i < 5 {
            block /= 5 - i;
        }
    }
    out
}

impl Ewn {
    /// The empty board before the placement (OpenSpiel's initial state): two placement
    /// chance nodes, then White rolls.
    #[must_use]
    pub fn before_placement() -> Ewn {
        Ewn {
            board: [None; CELLS],
            phase: Phase::PlaceBlack,
            side: Side::First,
        }
    }

    /// Both sides placed in order 1 to 6 on their home cells (Black's 1 in the corner,
    /// White's 1 in its corner too), White to roll.
    #[must_use]
    pub fn start() -> Ewn {
        Ewn::before_placement()
            .play(EwnMove::Place(0))
            .play(EwnMove::Place(719))
    }

    /// The cube on `cell`.
    #[must_use]
    pub fn cube(&self, cell: usize) -> Option<Cube> {
        self.board.get(cell).copied().flatten()
    }

    /// How many cubes `side` has.
    #[must_use]
    pub fn cubes(&self, side: Side) -> usize {
        self.board
            .iter()
            .filter(|c| c.is_some_and(|c| c.side == side))
            .count()
    }

    /// The cells of the cubes that may move when the die shows `die`: the cube of that
    /// number, or else the next lower and the next higher ones, in board order.
    #[must_use]
    pub fn movable(&self, die: u8) -> Vec<usize> {
        let mine = |c: &Option<Cube>| c.filter(|c| c.side == self.side);
        if let Some(cell) = self
            .board
            .iter()
            .position(|c| mine(c).is_some_and(|c| c.number == die))
        {
            return vec![cell];
        }
        let lower = (0..CELLS)
            .filter_map(|i| mine(&self.board[i]).map(|c| (c.number, i)))
            .filter(|&(n, _)| n < die)
            .max();
        let higher = (0..CELLS)
            .filter_map(|i| mine(&self.board[i]).map(|c| (c.number, i)))
            .filter(|&(n, _)| n > die)
            .min();
        let mut cells: Vec<usize> = lower.into_iter().chain(higher).map(|(_, i)| i).collect();
        cells.sort_unstable();
        cells
    }

    /// The winner when the board shows one: a cube on the far corner, or a side with
    /// no cubes left.
    fn winner(&self) -> Option<Side> {
        if self.cube(CELLS - 1).is_some_and(|c| c.side == Side::Second)
            || self.cubes(Side::First) == 0
        {
            return Some(Side::Second);
        }
        if self.cube(0).is_some_and(|c| c.side == Side::First) || self.cubes(Side::Second) == 0 {
            return Some(Side::First);
        }
        None
    }

    /// The position after placing `side`'s cubes in order `index`.
    fn placed(&self, index: u16) -> Ewn {
        let mut next = *self;
        let (side, home) = match self.phase {
            Phase::PlaceBlack => (Side::Second, BLACK_HOME),
            _ => (Side::First, WHITE_HOME),
        };
        for (&cell, number) in home.iter().zip(placement(index)) {
            next.board[usize::from(cell)] = Some(Cube { side, number });
        }
        next.phase = match self.phase {
            Phase::PlaceBlack => Phase::PlaceWhite,
            _ => Phase::Roll,
        };
        next
    }

    /// The position after `step` (a legal step).
    fn stepped(&self, from: u8, dir: u8) -> Ewn {
        let mut next = *self;
        let (r, c) = (
            i8::try_from(from).unwrap_or(0) / 5,
            i8::try_from(from).unwrap_or(0) % 5,
        );
        let (dr, dc) = STEPS[usize::from(dir) % 6];
        let to = usize::try_from((r + dr) * 5 + (c + dc)).unwrap_or(0);
        next.board[to] = next.board[usize::from(from)].take();
        next.side = self.side.other();
        next.phase = if next.winner().is_some() {
            Phase::Over
        } else {
            Phase::Roll
        };
        next
    }

    /// The steps of the cube on `cell`, in OpenSpiel's direction order.
    fn steps_from(&self, cell: usize, out: &mut Vec<EwnMove>) {
        let Some(cube) = self.cube(cell) else {
            return;
        };
        let first_dir = if cube.side == Side::Second { 0 } else { 3 };
        let (r, c) = ((cell / SIZE) as i8, (cell % SIZE) as i8);
        for (dir, &(dr, dc)) in STEPS.iter().enumerate().skip(first_dir).take(3) {
            let (r2, c2) = (r + dr, c + dc);
            if !(0..SIZE as i8).contains(&r2) || !(0..SIZE as i8).contains(&c2) {
                continue;
            }
            let to = (r2 as usize) * SIZE + c2 as usize;
            out.push(EwnMove::Step {
                from: cell as u8,
                dir: dir as u8,
                cube,
                capture: self.board[to].is_some(),
            });
        }
    }
}

impl Game for Ewn {
    type Move = EwnMove;

    const NAME: &'static str = "ewn";
    /// Steps (25 cells x 6 directions), rolls and placements.
    const MOVE_SLOTS: usize = CELLS * 6 + 6 + PLACEMENTS;
    /// Two placements, then at most 2 x 6 x 8 steps (a cube moves at most 8 times
    /// towards its corner) with a roll before each.
    const MAX_PLIES: usize = 2 + 2 * 2 * 6 * 8;
    /// A finished game counts once at every greater depth.
    const PERFT_CONVENTION: PerftConvention = PerftConvention::FinishedIsLeaf;

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<EwnMove>) {
        out.clear();
        match self.phase {
            Phase::PlaceBlack | Phase::PlaceWhite => {
                out.extend((0..PLACEMENTS as u16).map(EwnMove::Place));
            }
            Phase::Roll => out.extend((1..=6).map(EwnMove::Roll)),
            Phase::Move(die) => {
                for cell in self.movable(die) {
                    self.steps_from(cell, out);
                }
            }
            Phase::Over => {}
        }
    }

    fn play(&self, mv: EwnMove) -> Ewn {
        match (self.phase, mv) {
            (Phase::PlaceBlack | Phase::PlaceWhite, EwnMove::Place(index)) => self.placed(index),
            (Phase::Roll, EwnMove::Roll(die)) => Ewn {
                phase: Phase::Move(die),
                ..*self
            },
            (Phase::Move(_), EwnMove::Step { from, dir, .. }) => self.stepped(from, dir),
            _ => {
                debug_assert!(false, "illegal {mv:?} in {self:?}");
                *self
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| match self.winner() {
            Some(w) if w == self.side => Outcome::Win,
            Some(_) => Outcome::Loss,
            None => Outcome::Draw,
        })
    }

    /// A win is worth 100 (1 under win-loss scoring), in units of [`VALUE_SCALE`].
    fn terminal_score(&self, scoring: Scoring) -> i32 {
        let unit = match scoring {
            Scoring::WinLoss => 1,
            Scoring::Native | Scoring::ShortestWin => WIN,
        };
        let v = match self.outcome() {
            Some(Outcome::Win) => unit,
            Some(Outcome::Loss) => -unit,
            _ => 0,
        };
        v * VALUE_SCALE as i32
    }

    fn score_range(&self, scoring: Scoring) -> (i32, i32) {
        let unit = match scoring {
            Scoring::WinLoss => 1,
            Scoring::Native | Scoring::ShortestWin => WIN,
        };
        let v = unit * VALUE_SCALE as i32;
        (-v, v)
    }

    /// Under win-loss scoring an evaluation can say nothing short of a win that stays a
    /// whole number of units, so it counts as 0; otherwise it stays within ±99.
    fn heuristic_limit(&self, scoring: Scoring) -> Option<i32> {
        Some(match scoring {
            Scoring::WinLoss => 0,
            Scoring::Native | Scoring::ShortestWin => (WIN - 1) * VALUE_SCALE as i32,
        })
    }

    fn chance_outcomes(&self, out: &mut Vec<(EwnMove, u32)>) -> bool {
        out.clear();
        match self.phase {
            Phase::PlaceBlack | Phase::PlaceWhite => {
                out.extend((0..PLACEMENTS as u16).map(|i| (EwnMove::Place(i), 1)));
                true
            }
            Phase::Roll => {
                out.extend((1..=6).map(|d| (EwnMove::Roll(d), 1)));
                true
            }
            _ => false,
        }
    }

    fn has_chance(&self) -> bool {
        true
    }

    fn value_scale(&self) -> u32 {
        VALUE_SCALE
    }

    fn hash(&self) -> u64 {
        let mut h = splitmix64(0x4577_6E20_4E69_6368 ^ self.side.index() as u64);
        let phase = match self.phase {
            Phase::PlaceBlack => 7,
            Phase::PlaceWhite => 8,
            Phase::Roll => 0,
            Phase::Move(d) => u64::from(d),
            Phase::Over => 9,
        };
        h = splitmix64(h ^ phase);
        for (i, c) in self.board.iter().enumerate() {
            if let Some(c) = c {
                let code = u64::from(c.number) + 6 * c.side.index() as u64;
                h = splitmix64(h ^ ((i as u64) << 8 | code));
            }
        }
        h
    }

    fn move_index(mv: EwnMove) -> usize {
        match mv {
            EwnMove::Step { from, dir, .. } => usize::from(from) * 6 + usize::from(dir),
            EwnMove::Roll(d) => CELLS * 6 + usize::from(d.clamp(1, 6) - 1),
            EwnMove::Place(i) => CELLS * 6 + 6 + usize::from(i) % PLACEMENTS,
        }
    }

    /// OpenSpiel's notation: `W3-up`, `B5-diag*` (a capture), `roll3`, `place0`.
    fn move_to_string(mv: EwnMove) -> String {
        match mv {
            EwnMove::Place(i) => format!("place{i}"),
            EwnMove::Roll(d) => format!("roll{d}"),
            EwnMove::Step {
                dir, cube, capture, ..
            } => format!(
                "{}{}-{}{}",
                if cube.side == Side::Second { 'B' } else { 'W' },
                cube.number,
                STEP_NAMES[usize::from(dir) % 6],
                if capture { "*" } else { "" }
            ),
        }
    }

    fn parse_move(&self, text: &str) -> Result<EwnMove, FormatError> {
        let wanted = text.trim().trim_end_matches('*').to_ascii_lowercase();
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| {
                Self::move_to_string(m)
                    .trim_end_matches('*')
                    .to_ascii_lowercase()
                    == wanted
            })
            .ok_or_else(|| {
                let names: Vec<String> = moves
                    .iter()
                    .take(8)
                    .map(|&m| Self::move_to_string(m))
                    .collect();
                FormatError::whole(if moves.is_empty() {
                    format!("no move '{}': the game is over", text.trim())
                } else {
                    format!(
                        "'{}' is not legal here; legal: {}{}",
                        text.trim(),
                        names.join(" "),
                        if moves.len() > 8 { " …" } else { "" }
                    )
                })
            })
    }

    /// The board does not tell how many turns were played, so none are counted.
    fn plies_played(&self) -> usize {
        0
    }
}
