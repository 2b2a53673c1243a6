//! Connect Four on a 7x6 board: Pascal Pons' bitboards, his test-set format, a board
//! text for the editor, and two evaluators.
//!
//! Bit layout (Pons' `Position.hpp`): column `c` owns bits `7c .. 7c + 6`, bottom cell
//! first; the 7th bit of each column stays empty as a sentinel so that shifts never
//! carry an alignment from one column into the next. `position` holds the stones of the
//! side to move, `mask` all stones; `position + mask` is a key unique to the position.
//!
//! Pons' score of a finished game: a win is worth 22 minus the winner's stone count, a
//! loss the negative, a draw 0 (so -18 ..= 18); the test sets, the solver and
//! shortest-win scoring use it as it is. Native scoring adds 100 to a win (101 ..= 118)
//! and takes 100 from a loss, so that every proven result lies outside the evaluator's
//! range (-100 ..= 100) while a faster win still scores more. Moves are columns,
//! written `1` … `7`.
//!
//! Formats: a move string of column digits (`4453`, see [`Connect4::from_moves`]), a
//! test-set line `moves score` ([`parse_test_line`]) and a 6-line board text
//! ([`parse_board`]).

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::check_stone_counts;
use super::perft::PerftConvention;
use super::{
    Evaluator, FormatError, Game, Outcome, Ruled, Scoring, Side, SuiteEntry, split_tokens,
    splitmix64,
};

mod board;
mod describe;
mod eval;
mod formats;
#[cfg(test)]
mod tests;

pub use board::*;
pub use describe::Connect4Position;
pub use eval::*;
pub use formats::*;
use formats::{not_a_column, parse_column, side_name};

impl Connect4 {
    /// The empty board, the first player to move.
    #[must_use]
    pub fn new() -> Self {
        Connect4::default()
    }

    /// The position after the column digits `text` (`1` … `7`) from the empty board;
    /// see [`Connect4::play_sequence`].
    pub fn from_moves(text: &str) -> Result<Connect4, FormatError> {
        Connect4::new().play_sequence(text)
    }

    /// The position after playing the column digits `text` (`1` … `7`) from this one.
    /// Surrounding whitespace is ignored. Errors name the 1-based column of the first
    /// character that is not a digit 1–7, that plays into a full column, or that comes
    /// after the game is over.
    pub fn play_sequence(&self, text: &str) -> Result<Connect4, FormatError> {
        let lead = text.len() - text.trim_start().len();
        let offset = text[..lead].chars().count();
        let mut pos = *self;
        for (i, ch) in text.trim().chars().enumerate() {
            let column = offset + i + 1;
            let col =
                parse_column(ch).ok_or_else(|| FormatError::at_column(column, not_a_column(ch)))?;
            pos = pos
                .try_play(col)
                .map_err(|message| FormatError::at_column(column, message))?;
        }
        Ok(pos)
    }

    /// Plays column `col` (0-based) if that is legal, else says why not.
    fn try_play(&self, col: usize) -> Result<Connect4, String> {
        if self.last_mover_has_four() {
            return Err(format!(
                "cannot play {}: the game is already over ({} has four in a row)",
                col + 1,
                side_name(self.side_to_move().other())
            ));
        }
        if self.moves_played() == CELLS {
            return Err(format!("cannot play {}: the board is full", col + 1));
        }
        if !self.can_play(col) {
            return Err(format!("cannot play {}: the column is full", col + 1));
        }
        Ok(self.play_column(col))
    }

    /// Stones on the board (plies played from the empty board).
    #[must_use]
    pub fn moves_played(&self) -> usize {
        usize::from(self.moves)
    }

    /// Whether column `col` (0-based) has room; false off the board.
    #[must_use]
    pub fn can_play(&self, col: usize) -> bool {
        col < WIDTH && self.mask & top_cell(col) == 0
    }

    /// How many stones column `col` (0-based) holds; 0 off the board.
    #[must_use]
    pub fn column_height(&self, col: usize) -> usize {
        (self.mask & column_mask(col)).count_ones() as usize
    }

    /// Who holds the cell in column `col`, row `row` (0-based, row 0 at the bottom).
    #[must_use]
    pub fn cell(&self, col: usize, row: usize) -> Option<Side> {
        if col >= WIDTH || row >= HEIGHT {
            return None;
        }
        let bit = cell_bit(col, row);
        if self.mask & bit == 0 {
            None
        } else if self.position & bit != 0 {
            Some(self.side_to_move())
        } else {
            Some(self.side_to_move().other())
        }
    }

    /// The stones of `side`.
    #[must_use]
    pub fn stones(&self, side: Side) -> u64 {
        if side == self.side_to_move() {
            self.position
        } else {
            self.position ^ self.mask
        }
    }

    /// The stones of the side to move (Pons' `current_position`).
    #[must_use]
    pub fn current_stones(&self) -> u64 {
        self.position
    }

    /// Every stone on the board.
    #[must_use]
    pub fn all_stones(&self) -> u64 {
        self.mask
    }

    /// Plays column `col` (0-based); the column must have room.
    #[must_use]
    pub fn play_column(&self, col: usize) -> Connect4 {
        let column = column_mask(col);
        self.play_bits((self.mask + (BOTTOM_MASK & column)) & column)
    }

    /// Plays the stone `move_bit` (one bit of [`Connect4::possible`]), Pons' `play`:
    /// the solver's fast path from a bit mask to the child position.
    #[must_use]
    pub fn play_bits(&self, move_bit: u64) -> Connect4 {
        debug_assert!(move_bit.count_ones() == 1 && move_bit & self.possible() != 0);
        Connect4 {
            position: self.position ^ self.mask,
            mask: self.mask | move_bit,
            moves: self.moves + 1,
        }
    }

    /// The cells a stone can drop into now, one per column that has room. Ignores
    /// whether the game is over.
    #[must_use]
    pub fn possible(&self) -> u64 {
        (self.mask + BOTTOM_MASK) & BOARD_MASK
    }

    /// The empty cells (playable or not yet) that would complete a four for the side to
    /// move.
    #[must_use]
    pub fn winning_cells(&self) -> u64 {
        winning_cells(self.position, self.mask)
    }

    /// The empty cells (playable or not yet) that would complete a four for the
    /// opponent.
    #[must_use]
    pub fn opponent_winning_cells(&self) -> u64 {
        winning_cells(self.position ^ self.mask, self.mask)
    }

    /// The playable cells that win at once for the side to move.
    #[must_use]
    pub fn winning_moves_mask(&self) -> u64 {
        self.winning_cells() & self.possible()
    }

    /// Whether the side to move can win with its next stone (game not over).
    #[must_use]
    pub fn can_win_next(&self) -> bool {
        self.winning_moves_mask() != 0
    }

    /// Whether playing column `col` (0-based) wins at once (game not over).
    #[must_use]
    pub fn is_winning_move(&self, col: usize) -> bool {
        self.winning_moves_mask() & column_mask(col) != 0
    }

    /// The playable cells that do not hand the opponent an immediate win, Pons'
    /// `possibleNonLosingMoves`: when the opponent threatens to win at a playable cell
    /// the only candidate is blocking it (none if there are two such cells), and a cell
    /// right below an opponent's winning cell is never a candidate.
    ///
    /// Call it only when the side to move cannot win at once
    /// ([`Connect4::can_win_next`] is false) and the game is not over. An empty result
    /// means every move loses at the next ply.
    #[must_use]
    pub fn possible_non_losing_moves(&self) -> u64 {
        debug_assert!(!self.can_win_next());
        non_losing_cells(self.possible(), self.opponent_winning_cells())
    }

    /// How many winning cells the side to move would own after playing `move_bit`:
    /// Pons' move-ordering score (more threats first).
    #[must_use]
    pub fn threats_after(&self, move_bit: u64) -> u32 {
        winning_cells(self.position | move_bit, self.mask).count_ones()
    }

    /// Pons' key `position + mask`: unique to the position (board and side to move),
    /// below 2^49.
    #[must_use]
    pub fn key(&self) -> u64 {
        self.position + self.mask
    }

    /// The mirror image (column `c` becomes `6 - c`), same side to move.
    #[must_use]
    pub fn mirrored(&self) -> Connect4 {
        Connect4 {
            position: mirror_bits(self.position),
            mask: mirror_bits(self.mask),
            moves: self.moves,
        }
    }

    /// Whether the player who just moved has four in a row (then the game is over).
    #[must_use]
    pub fn last_mover_has_four(&self) -> bool {
        has_four(self.position ^ self.mask)
    }

    /// The position from the two players' stones, checked only for overlap and counts;
    /// callers check gravity and reachability.
    fn from_stones(first: u64, second: u64) -> Connect4 {
        let mask = first | second;
        let moves = mask.count_ones() as u8;
        let position = if moves.is_multiple_of(2) {
            first
        } else {
            second
        };
        Connect4 {
            position,
            mask,
            moves,
        }
    }
}

impl Game for Connect4 {
    type Move = C4Move;

    const NAME: &'static str = "connect4";
    const MOVE_SLOTS: usize = WIDTH;
    const MAX_PLIES: usize = CELLS;
    const PERFT_CONVENTION: PerftConvention = PerftConvention::FinishedIsDropped;

    fn side_to_move(&self) -> Side {
        if self.moves.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    fn legal_moves(&self, out: &mut Vec<C4Move>) {
        out.clear();
        if self.last_mover_has_four() {
            return;
        }
        out.extend(
            (0..WIDTH)
                .filter(|&c| self.can_play(c))
                .map(|c| C4Move(c as u8)),
        );
    }

    fn play(&self, mv: C4Move) -> Self {
        let col = usize::from(mv.0);
        debug_assert!(
            self.can_play(col) && self.outcome().is_none(),
            "illegal move {mv:?}"
        );
        self.play_column(col)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.last_mover_has_four() {
            Some(Outcome::Loss)
        } else if self.moves_played() == CELLS {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn terminal_score(&self, scoring: Scoring) -> i32 {
        if !self.last_mover_has_four() {
            return 0;
        }
        // The winner made the last move: moves 1, 3, 5... or 2, 4, 6...
        let winner_stones = (i32::from(self.moves) + 1) / 2;
        from_pons(scoring, -(WIN_SCORE_BASE - winner_stones))
    }

    fn score_range(&self, scoring: Scoring) -> (i32, i32) {
        (
            from_pons(scoring, -MAX_SCORE),
            from_pons(scoring, MAX_SCORE),
        )
    }

    /// Native scoring leaves -100 ..= 100 between the proven losses and wins; win-loss
    /// and shortest-win (Pons' score) leave no value between a draw and the smallest
    /// win, so there an unfinished position at the horizon scores as a draw.
    fn heuristic_limit(&self, scoring: Scoring) -> Option<i32> {
        Some(match scoring {
            Scoring::Native => HEURISTIC_LIMIT,
            Scoring::WinLoss | Scoring::ShortestWin => 0,
        })
    }

    fn hash(&self) -> u64 {
        splitmix64(self.key())
    }

    fn canonical_hash(&self) -> u64 {
        self.hash().min(self.mirrored().hash())
    }

    const NET_INPUTS: usize = 2 * CELLS;

    /// Cells column by column from the bottom (`column * 6 + row`).
    fn net_input(&self, out: &mut [f32]) {
        let (mine, all) = (self.position, self.mask);
        let bit = |cell: usize| 1u64 << ((cell / HEIGHT) * board::COLUMN_BITS + cell % HEIGHT);
        super::write_planes(
            out,
            CELLS,
            |c| mine & bit(c) != 0,
            |c| (all ^ mine) & bit(c) != 0,
        );
    }

    fn move_index(mv: C4Move) -> usize {
        usize::from(mv.0)
    }

    fn move_to_string(mv: C4Move) -> String {
        (u32::from(mv.0) + 1).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<C4Move, FormatError> {
        let offset = text[..text.len() - text.trim_start().len()].chars().count();
        let mut chars = text.trim().chars();
        let Some(ch) = chars.next() else {
            return Err(FormatError::whole("no move: expected a column 1 to 7"));
        };
        if chars.next().is_some() {
            return Err(FormatError::at_column(
                offset + 2,
                "one column only: a move is a digit 1 to 7",
            ));
        }
        let col =
            parse_column(ch).ok_or_else(|| FormatError::at_column(offset + 1, not_a_column(ch)))?;
        self.try_play(col)
            .map_err(|message| FormatError::at_column(offset + 1, message))?;
        Ok(C4Move(col as u8))
    }

    fn plies_played(&self) -> usize {
        self.moves_played()
    }

    fn move_order_hint(&self, mv: C4Move) -> i32 {
        let col = usize::from(mv.0);
        (CENTRE_COLUMN as i32) - (col as i32 - CENTRE_COLUMN as i32).abs()
    }

    fn threat_score(&self, mv: C4Move) -> i32 {
        let bit = self.possible() & column_mask(usize::from(mv.0));
        self.threats_after(bit) as i32
    }

    fn plies_left_at_most(&self) -> Option<u32> {
        Some((CELLS - self.moves_played()) as u32)
    }

    fn immediate_win(&self) -> Option<C4Move> {
        if self.outcome().is_some() {
            return None;
        }
        let wins = self.winning_moves_mask();
        (wins != 0).then(|| C4Move((wins.trailing_zeros() as usize / COLUMN_BITS) as u8))
    }

    fn non_losing_moves(&self, out: &mut Vec<C4Move>) -> bool {
        out.clear();
        let keep = self.possible_non_losing_moves();
        out.extend(
            (0..WIDTH)
                .filter(|&c| keep & column_mask(c) != 0)
                .map(|c| C4Move(c as u8)),
        );
        true
    }

    /// Pons' bounds: with `m` stones down, a win with the mover's next stone scores
    /// `(43 - m) / 2` and a loss to the opponent's next stone `-(42 - m) / 2`; each rule
    /// the search has ruled out moves its end of the range in by one stone.
    fn value_bounds(&self, scoring: Scoring, ruled: Ruled) -> (i32, i32) {
        if scoring == Scoring::WinLoss {
            return self.score_range(scoring);
        }
        let m = self.moves_played() as i32;
        let cells = CELLS as i32;
        let low = if ruled.loss_at_once {
            -(cells - 2 - m) / 2
        } else {
            -(cells - m) / 2
        };
        let high = if ruled.win_at_once {
            (cells - 1 - m) / 2
        } else {
            (cells + 1 - m) / 2
        };
        (from_pons(scoring, low), from_pons(scoring, high))
    }
}

/// Pons' score `pons` (a win 1 ..= 18, a loss the negative, a draw 0) under `scoring`:
/// as it is for shortest-win, 100 further from 0 for native, its sign for win-loss.
fn from_pons(scoring: Scoring, pons: i32) -> i32 {
    match scoring {
        Scoring::ShortestWin => pons,
        Scoring::Native => pons + NATIVE_WIN_OFFSET * pons.signum(),
        Scoring::WinLoss => pons.signum(),
    }
}
