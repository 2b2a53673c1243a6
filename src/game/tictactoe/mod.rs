//! Tic-tac-toe: two 9-bit masks and the side to move, its text format, its 8 symmetries
//! and two evaluators.
//!
//! Cells are numbered row by row from `a1`: cell = row * 3 + column, where row 0 is
//! rank `1` and column 0 is file `a` (`a1` = 0, `b1` = 1, `c1` = 2, `a2` = 3 … `c3` = 8).
//! X (`Side::First`) moves first. The ground truth the tests check: 5,478 reachable
//! positions, 765 up to symmetry (627 of them not over), a full game tree of 549,946
//! nodes and 255,168 complete games.
//!
//! Text format (see [`parse_ttt`]): the 9 cells `a1 b1 c1 a2 … c3` as `X`, `O` or `.`,
//! optionally followed by whitespace and the side to move, for example `X...O.... X`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::check_stone_counts;
use super::perft::PerftConvention;
use super::{Evaluator, FormatError, Game, Outcome, Scoring, Side, split_tokens, splitmix64};

mod describe;
mod eval;
mod formats;
#[cfg(test)]
mod tests;

pub use eval::*;
pub use formats::*;

/// Number of cells on the board.
const CELLS: usize = 9;
/// Width (and height) of the board.
const SIDE_LEN: usize = 3;
/// All 9 cell bits.
const FULL: u16 = (1 << CELLS) - 1;
/// The centre cell, `b2`.
const CENTRE: u16 = 1 << 4;
/// The four corner cells.
const CORNERS: u16 = (1 << 0) | (1 << 2) | (1 << 6) | (1 << 8);
/// Bits in a board key: X's mask in the low 9 bits, O's in the next 9.
const KEY_BITS: usize = 2 * CELLS;

/// The 8 lines of three: rows, columns, diagonals.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Move-order hints: centre first, then corners, edges last.
const HINT_CENTRE: i32 = 2;
/// See [`HINT_CENTRE`].
const HINT_CORNER: i32 = 1;
/// See [`HINT_CENTRE`].
const HINT_EDGE: i32 = 0;

/// Shortest-win scoring (article 002): an X win after `m` stones is worth
/// `(SHORTEST_WIN_X_BASE - m) / 2` to X, an O win `(m - SHORTEST_WIN_O_BASE) / 2`.
const SHORTEST_WIN_X_BASE: i32 = 11;
/// See [`SHORTEST_WIN_X_BASE`].
const SHORTEST_WIN_O_BASE: i32 = 10;
/// The largest shortest-win value either side can reach (X winning with its 3rd stone,
/// 5 stones in all). Negamax values at any node lie within plus or minus this.
const SHORTEST_WIN_MAX: i32 = 3;

/// Every static evaluation a search takes at its horizon lies in
/// `-HEURISTIC_LIMIT ..= HEURISTIC_LIMIT` (the lines evaluator stays within 24); native
/// scoring puts every proven result beyond it.
pub const HEURISTIC_LIMIT: i32 = 100;
/// Native scoring: a win is its shortest-win value (1 to 3, the sooner the more) this
/// much further from 0, so that a proven win outranks every evaluation.
const NATIVE_WIN_OFFSET: i32 = HEURISTIC_LIMIT;

/// The [`TicTacToeEval::Lines`] weight of a line open for one side, by how many of
/// that side's stones it already holds.
const LINE_WEIGHT_BY_STONES: [i32; 3] = [1, 2, 3];

/// Where each cell goes under each of the 8 symmetries of the square (identity, three
/// rotations, four reflections).
const SYMMETRY_MAPS: [[u8; CELLS]; 8] = build_symmetry_maps();

const fn build_symmetry_maps() -> [[u8; CELLS]; 8] {
    let mut maps = [[0u8; CELLS]; 8];
    let last = SIDE_LEN - 1;
    let mut row = 0;
    while row < SIDE_LEN {
        let mut col = 0;
        while col < SIDE_LEN {
            let cell = row * SIDE_LEN + col;
            let images = [
                (row, col),
                (col, last - row),
                (last - row, last - col),
                (last - col, row),
                (row, last - col),
                (last - row, col),
                (col, row),
                (last - col, last - row),
            ];
            let mut s = 0;
            while s < images.len() {
                let (r, c) = images[s];
                maps[s][cell] = (r * SIDE_LEN + c) as u8;
                s += 1;
            }
            col += 1;
        }
        row += 1;
    }
    maps
}

/// A tic-tac-toe move: the cell index 0..9 (`a1` = 0 … `c3` = 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TttMove(pub u8);

/// A tic-tac-toe position: X's stones, O's stones and the side to move.
///
/// Every value built by this module is reachable from the empty board by legal play
/// ([`parse_ttt`] and [`TicTacToe::from_masks`] reject the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    x: u16,
    o: u16,
    side: Side,
}

impl Default for TicTacToe {
    fn default() -> Self {
        TicTacToe::new()
    }
}

fn has_line(stones: u16) -> bool {
    LINES.iter().any(|&line| line & !stones == 0)
}

/// The empty cells of `empty` that would complete a line for `stones`.
fn winning_cells(stones: u16, empty: u16) -> u16 {
    LINES
        .iter()
        .filter(|&&line| (line & stones).count_ones() == 2)
        .fold(0, |cells, &line| cells | (line & empty))
}

fn cell_bit(cell: u8) -> u16 {
    1u16.checked_shl(u32::from(cell)).unwrap_or(0) & FULL
}

fn map_mask(mask: u16, map: &[u8; CELLS]) -> u16 {
    let mut out = 0;
    for (cell, &image) in map.iter().enumerate() {
        if mask & (1 << cell) != 0 {
            out |= 1 << image;
        }
    }
    out
}

/// Checks that X's and O's stones can arise in a game; returns the side to move the
/// counts imply.
fn check_stones(x: u16, o: u16) -> Result<Side, FormatError> {
    let xs = x.count_ones();
    let os = o.count_ones();
    if x & o != 0 {
        return Err(FormatError::whole("a cell holds both X and O"));
    }
    check_stone_counts(xs, os)?;
    let x_won = has_line(x);
    let o_won = has_line(o);
    if x_won && o_won {
        return Err(FormatError::whole(
            "both X and O have three in a row: the game ends at the first line",
        ));
    }
    if x_won && xs == os {
        return Err(FormatError::whole(
            "X has three in a row but O played after it: the game ends at the first line",
        ));
    }
    if o_won && xs > os {
        return Err(FormatError::whole(
            "O has three in a row but X played after it: the game ends at the first line",
        ));
    }
    Ok(if xs == os { Side::First } else { Side::Second })
}

impl TicTacToe {
    /// The empty board, X to move.
    #[must_use]
    pub fn new() -> Self {
        TicTacToe {
            x: 0,
            o: 0,
            side: Side::First,
        }
    }

    /// A position from X's and O's cell masks (bit `i` = cell `i`), checked to be
    /// reachable; the side to move follows from the counts.
    pub fn from_masks(x: u16, o: u16) -> Result<Self, FormatError> {
        if (x | o) & !FULL != 0 {
            return Err(FormatError::whole("a mask has bits beyond the 9 cells"));
        }
        let side = check_stones(x, o)?;
        Ok(TicTacToe { x, o, side })
    }

    /// X's stones, bit `i` = cell `i`.
    #[must_use]
    pub fn x_mask(&self) -> u16 {
        self.x
    }

    /// O's stones, bit `i` = cell `i`.
    #[must_use]
    pub fn o_mask(&self) -> u16 {
        self.o
    }

    /// Who holds `cell` (0..9), if anyone.
    #[must_use]
    pub fn cell(&self, cell: usize) -> Option<Side> {
        let bit = 1u16.checked_shl(u32::try_from(cell).ok()?)?;
        if self.x & bit != 0 {
            Some(Side::First)
        } else if self.o & bit != 0 {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// The side that has three in a row, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        if has_line(self.x) {
            Some(Side::First)
        } else if has_line(self.o) {
            Some(Side::Second)
        } else {
            None
        }
    }

    fn stones_of(&self, side: Side) -> u16 {
        match side {
            Side::First => self.x,
            Side::Second => self.o,
        }
    }

    /// The 8 images of this position under the symmetries of the square; index 0 is the
    /// position itself. The side to move is unchanged.
    #[must_use]
    pub fn symmetries(&self) -> [TicTacToe; 8] {
        SYMMETRY_MAPS.map(|map| TicTacToe {
            x: map_mask(self.x, &map),
            o: map_mask(self.o, &map),
            side: self.side,
        })
    }

    /// The representative of this position's symmetry class: the image with the
    /// smallest [`Game::hash`], so `p.canonical().hash() == p.canonical_hash()`.
    #[must_use]
    pub fn canonical(&self) -> TicTacToe {
        let images = self.symmetries();
        let mut best = images[0];
        for image in &images[1..] {
            if image.hash() < best.hash() {
                best = *image;
            }
        }
        best
    }

    /// A dense key: X's mask in bits 0..9, O's in bits 9..18 (the side follows).
    fn key(&self) -> usize {
        usize::from(self.x) | (usize::from(self.o) << CELLS)
    }

    /// Every position reachable from the empty board (5,478, the empty board included),
    /// in breadth-first order: by number of stones, then in the order legal play first
    /// reaches them (parents in this order, moves in ascending cell order).
    #[must_use]
    pub fn all_reachable() -> Vec<TicTacToe> {
        let mut seen = vec![false; 1 << KEY_BITS];
        let start = TicTacToe::new();
        seen[start.key()] = true;
        let mut order = vec![start];
        let mut moves = Vec::with_capacity(CELLS);
        let mut next = 0;
        while next < order.len() {
            let pos = order[next];
            next += 1;
            pos.legal_moves(&mut moves);
            for &mv in &moves {
                let child = pos.play(mv);
                if !seen[child.key()] {
                    seen[child.key()] = true;
                    order.push(child);
                }
            }
        }
        order
    }

    /// One position per symmetry class (765): for each class, its member that
    /// [`TicTacToe::all_reachable`] lists first, in that order.
    #[must_use]
    pub fn canonical_classes() -> Vec<TicTacToe> {
        let mut seen = std::collections::HashSet::new();
        TicTacToe::all_reachable()
            .into_iter()
            .filter(|pos| seen.insert(pos.canonical_hash()))
            .collect()
    }

    /// The cell name of `cell` (0..9): `a1` … `c3`; `??` out of range.
    #[must_use]
    pub fn cell_name(cell: u8) -> String {
        let cell = usize::from(cell);
        if cell >= CELLS {
            return "??".to_string();
        }
        let file = char::from(b'a' + (cell % SIDE_LEN) as u8);
        let rank = char::from(b'1' + (cell / SIDE_LEN) as u8);
        format!("{file}{rank}")
    }
}

impl Game for TicTacToe {
    type Move = TttMove;

    const NAME: &'static str = "tictactoe";
    const MOVE_SLOTS: usize = CELLS;
    const MAX_PLIES: usize = CELLS;
    const PERFT_CONVENTION: PerftConvention = PerftConvention::FinishedIsDropped;

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<TttMove>) {
        out.clear();
        if self.winner().is_some() {
            return;
        }
        let empty = !(self.x | self.o) & FULL;
        out.extend(
            (0..CELLS as u8)
                .filter(|&c| empty & (1 << c) != 0)
                .map(TttMove),
        );
    }

    fn play(&self, mv: TttMove) -> Self {
        let bit = cell_bit(mv.0);
        debug_assert!(
            bit != 0 && (self.x | self.o) & bit == 0 && self.outcome().is_none(),
            "illegal tic-tac-toe move {mv:?} in {self}"
        );
        let mut next = *self;
        match self.side {
            Side::First => next.x |= bit,
            Side::Second => next.o |= bit,
        }
        next.side = self.side.other();
        next
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            Some(side) if side == self.side => Some(Outcome::Win),
            Some(_) => Some(Outcome::Loss),
            None if self.x | self.o == FULL => Some(Outcome::Draw),
            None => None,
        }
    }

    fn terminal_score(&self, scoring: Scoring) -> i32 {
        let Some(winner) = self.winner() else {
            return 0;
        };
        let sign = if winner == self.side { 1 } else { -1 };
        let shortest = || {
            let stones = self.plies_played() as i32;
            let for_x = match winner {
                Side::First => (SHORTEST_WIN_X_BASE - stones) / 2,
                Side::Second => (stones - SHORTEST_WIN_O_BASE) / 2,
            };
            match self.side {
                Side::First => for_x,
                Side::Second => -for_x,
            }
        };
        match scoring {
            Scoring::WinLoss => sign,
            Scoring::ShortestWin => shortest(),
            Scoring::Native => shortest() + sign * NATIVE_WIN_OFFSET,
        }
    }

    fn score_range(&self, scoring: Scoring) -> (i32, i32) {
        match scoring {
            Scoring::WinLoss => (-1, 1),
            Scoring::ShortestWin => (-SHORTEST_WIN_MAX, SHORTEST_WIN_MAX),
            Scoring::Native => {
                let m = NATIVE_WIN_OFFSET + SHORTEST_WIN_MAX;
                (-m, m)
            }
        }
    }

    /// Native scoring leaves the evaluator its whole range below every proven result;
    /// win-loss and shortest-win leave no value between a draw and the smallest win, so
    /// there an unfinished position at the horizon scores as a draw.
    fn heuristic_limit(&self, scoring: Scoring) -> Option<i32> {
        Some(match scoring {
            Scoring::Native => HEURISTIC_LIMIT,
            Scoring::WinLoss | Scoring::ShortestWin => 0,
        })
    }

    fn hash(&self) -> u64 {
        let side_bit = (self.side.index() as u64) << KEY_BITS;
        splitmix64(self.key() as u64 | side_bit)
    }

    fn canonical_hash(&self) -> u64 {
        self.symmetries()
            .iter()
            .map(Game::hash)
            .min()
            .unwrap_or_else(|| self.hash())
    }

    const NET_INPUTS: usize = 2 * CELLS;

    /// Cells `a1`, `b1`, `c1`, `a2`, ... as the moves number them.
    fn net_input(&self, out: &mut [f32]) {
        let (mine, theirs) = match self.side {
            Side::First => (self.x, self.o),
            Side::Second => (self.o, self.x),
        };
        super::write_planes(
            out,
            CELLS,
            |c| mine & (1 << c) != 0,
            |c| theirs & (1 << c) != 0,
        );
    }

    fn move_index(mv: TttMove) -> usize {
        usize::from(mv.0)
    }

    fn move_to_string(mv: TttMove) -> String {
        TicTacToe::cell_name(mv.0)
    }

    fn parse_move(&self, text: &str) -> Result<TttMove, FormatError> {
        let lead = text.len() - text.trim_start().len();
        let offset = text[..lead].chars().count();
        let chars: Vec<char> = text.trim().chars().collect();
        let err = |col: usize, msg: String| Err(FormatError::at_column(col + offset, msg));
        let Some(&file) = chars.first() else {
            return Err(FormatError::whole("no move: expected a cell a1 … c3"));
        };
        let col = match file.to_ascii_lowercase() {
            'a' => 0,
            'b' => 1,
            'c' => 2,
            other => return err(1, format!("'{other}' is not a column: use a, b or c")),
        };
        let row = match chars.get(1) {
            Some('1') => 0,
            Some('2') => 1,
            Some('3') => 2,
            Some(other) => return err(2, format!("'{other}' is not a row: use 1, 2 or 3")),
            None => return err(2, "missing the row: use 1, 2 or 3".to_string()),
        };
        if chars.len() > 2 {
            return err(3, "unexpected text after the cell".to_string());
        }
        let cell = (row * SIDE_LEN + col) as u8;
        let name = TicTacToe::cell_name(cell);
        if self.outcome().is_some() {
            return err(1, format!("cannot play {name}: the game is over"));
        }
        if (self.x | self.o) & cell_bit(cell) != 0 {
            return err(1, format!("cannot play {name}: the cell is taken"));
        }
        Ok(TttMove(cell))
    }

    fn plies_played(&self) -> usize {
        (self.x | self.o).count_ones() as usize
    }

    fn threat_score(&self, mv: TttMove) -> i32 {
        let bit = cell_bit(mv.0);
        let empty = !(self.x | self.o) & FULL & !bit;
        winning_cells(self.stones_of(self.side) | bit, empty).count_ones() as i32
    }

    fn plies_left_at_most(&self) -> Option<u32> {
        Some((CELLS - self.plies_played()) as u32)
    }

    fn immediate_win(&self) -> Option<TttMove> {
        if self.outcome().is_some() {
            return None;
        }
        let empty = !(self.x | self.o) & FULL;
        let wins = winning_cells(self.stones_of(self.side), empty);
        (wins != 0).then(|| TttMove(wins.trailing_zeros() as u8))
    }

    fn non_losing_moves(&self, out: &mut Vec<TttMove>) -> bool {
        self.legal_moves(out);
        let empty = !(self.x | self.o) & FULL;
        let threats = winning_cells(self.stones_of(self.side.other()), empty);
        match threats.count_ones() {
            0 => {}
            // The one block, or nothing when two cells threaten (one stone blocks one).
            1 => out.retain(|&mv| cell_bit(mv.0) == threats),
            _ => out.clear(),
        }
        true
    }

    fn move_order_hint(&self, mv: TttMove) -> i32 {
        let bit = cell_bit(mv.0);
        if bit & CENTRE != 0 {
            HINT_CENTRE
        } else if bit & CORNERS != 0 {
            HINT_CORNER
        } else {
            HINT_EDGE
        }
    }
}
