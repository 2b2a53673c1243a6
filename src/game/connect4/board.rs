//! Connect Four's board in Pons' bitboard layout: the sizes and masks, the bit
//! helpers (four in a row, the winning cells), the move and the position type. The
//! rules (`mod.rs`), the text forms (`formats.rs`) and the evaluators (`eval.rs`) are
//! built on it; it needs none of them.

use serde::{Deserialize, Serialize};

/// Number of columns.
pub const WIDTH: usize = 7;
/// Number of rows.
pub const HEIGHT: usize = 6;
/// Bits per column: the rows plus one empty sentinel bit.
pub(super) const COLUMN_BITS: usize = HEIGHT + 1;
/// Cells on the board, the longest possible game.
pub(super) const CELLS: usize = WIDTH * HEIGHT;
/// The bottom cell of every column.
pub(super) const BOTTOM_MASK: u64 = bottom_mask();
/// Every playable cell (no sentinels).
pub(super) const BOARD_MASK: u64 = BOTTOM_MASK * ((1 << HEIGHT) - 1);
/// The centre column (0-based).
pub(super) const CENTRE_COLUMN: usize = WIDTH / 2;
/// Pons' score of a win: this minus the winner's stone count.
pub(super) const WIN_SCORE_BASE: i32 = 22;
/// The best possible score: a win with the 4th stone.
pub(super) const MAX_SCORE: i32 = WIN_SCORE_BASE - 4;

/// Every static evaluation lies in `-HEURISTIC_LIMIT ..= HEURISTIC_LIMIT`; native
/// scoring puts every proven win above it and every proven loss below it.
pub const HEURISTIC_LIMIT: i32 = 100;
/// Native scoring: a win scores this plus Pons' score (a loss the negative).
pub(super) const NATIVE_WIN_OFFSET: i32 = HEURISTIC_LIMIT;

pub(super) const fn bottom_mask() -> u64 {
    let mut mask = 0;
    let mut col = 0;
    while col < WIDTH {
        mask |= 1 << (col * COLUMN_BITS);
        col += 1;
    }
    mask
}

/// The cells of column `col` (0..7); 0 for a column off the board.
#[must_use]
pub fn column_mask(col: usize) -> u64 {
    if col >= WIDTH {
        return 0;
    }
    ((1u64 << HEIGHT) - 1) << (col * COLUMN_BITS)
}

pub(super) fn top_cell(col: usize) -> u64 {
    1u64 << (HEIGHT - 1 + col * COLUMN_BITS)
}

pub(super) fn cell_bit(col: usize, row: usize) -> u64 {
    1u64 << (col * COLUMN_BITS + row)
}

/// Whether `stones` hold four in a row in any direction.
pub(super) fn has_four(stones: u64) -> bool {
    // Shifts: vertical 1, horizontal 7, the two diagonals 6 and 8.
    [1, COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1]
        .into_iter()
        .any(|shift| {
            let pairs = stones & (stones >> shift);
            pairs & (pairs >> (2 * shift)) != 0
        })
}

/// Of the `playable` cells, those that do not hand the opponent (whose winning cells
/// are `threats`) an immediate win: the one block when it threatens one playable cell,
/// none when it threatens two, and never a cell right below one of its winning cells.
/// Shared with the exact solver.
#[inline]
pub(crate) fn non_losing_cells(playable: u64, threats: u64) -> u64 {
    let mut candidates = playable;
    let forced = candidates & threats;
    if forced != 0 {
        if forced & (forced - 1) != 0 {
            return 0;
        }
        candidates = forced;
    }
    candidates & !(threats >> 1)
}

/// The empty cells that would give `stones` four in a row (whether or not they can be
/// played yet), after Pons' `compute_winning_position`. Shared with the exact solver.
#[inline]
pub(crate) fn winning_cells(stones: u64, mask: u64) -> u64 {
    // Vertical: only the cell right above three stacked stones.
    let mut cells = (stones << 1) & (stones << 2) & (stones << 3);
    for shift in [COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1] {
        // Two neighbours on one side, then the third on either side of the gap.
        let pair = (stones << shift) & (stones << (2 * shift));
        cells |= pair & (stones << (3 * shift));
        cells |= pair & (stones >> shift);
        let pair = (stones >> shift) & (stones >> (2 * shift));
        cells |= pair & (stones << shift);
        cells |= pair & (stones >> (3 * shift));
    }
    cells & (BOARD_MASK ^ mask)
}

/// The same board seen in a mirror (column `c` becomes `6 - c`).
pub(super) fn mirror_bits(bits: u64) -> u64 {
    let column = (1u64 << COLUMN_BITS) - 1;
    (0..WIDTH).fold(0, |out, col| {
        let stack = (bits >> (col * COLUMN_BITS)) & column;
        out | (stack << ((WIDTH - 1 - col) * COLUMN_BITS))
    })
}

/// A Connect Four move: the column, 0..7 (written `1` … `7`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct C4Move(pub u8);

/// A Connect Four position in Pons' bitboard layout.
///
/// Every value built by this module is reachable by legal play from the empty board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Connect4 {
    /// Stones of the side to move.
    pub(super) position: u64,
    /// All stones.
    pub(super) mask: u64,
    /// Stones on the board.
    pub(super) moves: u8,
}
