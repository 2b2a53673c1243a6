//! Connect Four on a 7x6 board: Pascal Pons' bitboards, his test-set format, a board
//! text for the editor, and two evaluators.
//!
//! Bit layout (Pons' `Position.hpp`): column `c` owns bits `7c .. 7c + 6`, bottom cell
//! first; the 7th bit of each column stays empty as a sentinel so that shifts never
//! carry an alignment from one column into the next. `position` holds the stones of the
//! side to move, `mask` all stones; `position + mask` is a key unique to the position.
//!
//! Scores follow Pons: a win is worth 22 minus the winner's stone count, a loss the
//! negative, a draw 0 (so -18 ..= 18). Moves are columns, written `1` … `7`.
//!
//! Formats: a move string of column digits (`4453`, see [`Connect4::from_moves`]), a
//! test-set line `moves score` ([`parse_test_line`]) and a 6-line board text
//! ([`parse_board`]).

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::check_stone_counts;
use super::perft::PerftConvention;
use super::{
    Evaluator, FormatError, Game, Outcome, Scoring, Side, SuiteEntry, split_tokens, splitmix64,
};

/// Number of columns.
pub const WIDTH: usize = 7;
/// Number of rows.
pub const HEIGHT: usize = 6;
/// Bits per column: the rows plus one empty sentinel bit.
const COLUMN_BITS: usize = HEIGHT + 1;
/// Cells on the board, the longest possible game.
const CELLS: usize = WIDTH * HEIGHT;
/// The bottom cell of every column.
const BOTTOM_MASK: u64 = bottom_mask();
/// Every playable cell (no sentinels).
const BOARD_MASK: u64 = BOTTOM_MASK * ((1 << HEIGHT) - 1);
/// The centre column (0-based).
const CENTRE_COLUMN: usize = WIDTH / 2;
/// Pons' score of a win: this minus the winner's stone count.
const WIN_SCORE_BASE: i32 = 22;
/// The best possible score: a win with the 4th stone.
const MAX_SCORE: i32 = WIN_SCORE_BASE - 4;

/// [`Connect4Eval::Threats`] weight of one cell that would complete a four.
const THREAT_WEIGHT: i32 = 2;
/// [`Connect4Eval::Threats`] weight of one stone in the centre column.
const CENTRE_WEIGHT: i32 = 1;
/// [`Connect4Eval::Threats`] values are clamped to plus or minus this, below the best
/// proven score, so a heuristic value never poses as a quick win.
const THREATS_LIMIT: i32 = 16;

const fn bottom_mask() -> u64 {
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

fn top_cell(col: usize) -> u64 {
    1u64 << (HEIGHT - 1 + col * COLUMN_BITS)
}

fn cell_bit(col: usize, row: usize) -> u64 {
    1u64 << (col * COLUMN_BITS + row)
}

/// Whether `stones` hold four in a row in any direction.
fn has_four(stones: u64) -> bool {
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
fn mirror_bits(bits: u64) -> u64 {
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
    position: u64,
    /// All stones.
    mask: u64,
    /// Stones on the board.
    moves: u8,
}

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

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "X",
        Side::Second => "O",
    }
}

/// The smallest and largest exact score of an unfinished position after `moves` stones:
/// either side wins at the earliest with its next stone, and never before its 4th.
fn score_bounds(moves: usize) -> (i32, i32) {
    let own = moves / 2;
    let opponent = moves - own;
    let best_win = |stones: usize| WIN_SCORE_BASE - (stones + 1).clamp(4, CELLS) as i32;
    (-best_win(opponent), best_win(own))
}

/// The 0-based column a move character names (`1` … `7`), if any.
fn parse_column(ch: char) -> Option<usize> {
    match ch.to_digit(10) {
        Some(d @ 1..=7) => Some(d as usize - 1),
        _ => None,
    }
}

fn not_a_column(ch: char) -> String {
    format!("'{ch}' is not a column: use the digits 1 to 7")
}

/// Parses one line of Pons' test sets: a move string (columns `1` … `7`), whitespace,
/// and the exact score of the position for the side to move. Returns the position, the
/// move string and the score.
///
/// The score must be possible: within the bounds the remaining stones allow, or, when
/// the moves end the game, exactly the finished game's score. Errors carry the column.
pub fn parse_test_line(line: &str) -> Result<(Connect4, String, i32), FormatError> {
    let fields = split_tokens(line);
    let Some(&(moves_column, moves)) = fields.first() else {
        return Err(FormatError::whole(
            "empty line: expected a move string and a score",
        ));
    };
    let position = Connect4::from_moves(moves).map_err(|e| e.shifted(moves_column - 1))?;
    let Some(&(score_column, score_text)) = fields.get(1) else {
        let end = moves_column + moves.chars().count();
        return Err(FormatError::at_column(
            end,
            "missing the score after the moves",
        ));
    };
    if let Some(&(extra_column, _)) = fields.get(2) {
        return Err(FormatError::at_column(
            extra_column,
            "unexpected text after the score",
        ));
    }
    let score: i32 = score_text.parse().map_err(|_| {
        FormatError::at_column(
            score_column,
            format!("'{score_text}' is not a whole number"),
        )
    })?;
    if position.outcome().is_some() {
        let exact = position.terminal_score(Scoring::Native);
        if score != exact {
            return Err(FormatError::at_column(
                score_column,
                format!("the game is over and its score is {exact}, not {score}"),
            ));
        }
    } else {
        let (lo, hi) = score_bounds(position.moves_played());
        if !(lo..=hi).contains(&score) {
            return Err(FormatError::at_column(
                score_column,
                format!(
                    "score {score} is impossible after {} stones: it lies in {lo}..={hi}",
                    position.moves_played()
                ),
            ));
        }
    }
    Ok((position, moves.to_string(), score))
}

/// Parses a whole test-set file, one [`parse_test_line`] per line; blank lines and lines
/// starting with `#` are skipped. Entries are named `line N` after their 1-based line.
/// Errors carry the file line.
pub fn parse_test_set(text: &str) -> Result<Vec<SuiteEntry<Connect4>>, FormatError> {
    let mut entries = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (position, _, score) = parse_test_line(line).map_err(|e| e.on_line(number))?;
        entries.push(SuiteEntry {
            name: format!("line {number}"),
            position,
            expected_score: Some(score),
            move_scores: Vec::new(),
            line: number,
        });
    }
    if entries.is_empty() {
        return Err(FormatError::whole(
            "no positions: expected lines of `moves score`",
        ));
    }
    Ok(entries)
}

/// One test-set line as [`parse_test_line`] reads it: `moves score`.
#[must_use]
pub fn to_test_line(moves: &str, score: i32) -> String {
    format!("{moves} {score}")
}

/// Parses the editor's board text: 6 lines of 7 cells, top row first, `X` (or `x`)
/// for the first player, `O` (or `o`) for the second and `.` (or `-`, `_`) for empty.
/// Trailing whitespace on a line and blank lines at the end are ignored. The side to
/// move follows from the counts.
///
/// Rejected, with the line and column where that makes sense: a wrong shape or
/// character, a stone above an empty cell, more O than X or X more than one ahead, both
/// players with four in a row, a four followed by more play, and any other stones no
/// alternating sequence of moves can drop.
pub fn parse_board(text: &str) -> Result<Connect4, FormatError> {
    let mut rows: Vec<&str> = text.lines().map(str::trim_end).collect();
    while rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    if rows.len() > HEIGHT {
        return Err(FormatError::whole("too many rows: a board has 6").on_line(HEIGHT + 1));
    }
    let (mut first, mut second) = (0u64, 0u64);
    for (index, row_text) in rows.iter().enumerate() {
        let line = index + 1;
        let row = HEIGHT - 1 - index;
        let mut cells = 0;
        for (col, ch) in row_text.chars().enumerate() {
            let at = |message: String| FormatError::at_column(col + 1, message).on_line(line);
            if col == WIDTH {
                return Err(at("too many cells: a row has 7".to_string()));
            }
            match ch {
                'X' | 'x' => first |= cell_bit(col, row),
                'O' | 'o' => second |= cell_bit(col, row),
                '.' | '-' | '_' => {}
                other => {
                    return Err(at(format!(
                        "'{other}' is not a cell: use X, O, or . - _ for empty"
                    )));
                }
            }
            cells += 1;
        }
        if cells < WIDTH {
            return Err(FormatError::at_column(
                cells + 1,
                format!("only {cells} cells: a row has 7"),
            )
            .on_line(line));
        }
    }
    if rows.len() < HEIGHT {
        return Err(FormatError::whole(format!(
            "only {} rows: a board has 6, top row first",
            rows.len()
        ))
        .on_line(rows.len() + 1));
    }
    let mask = first | second;
    // A stone with an empty cell below floats: report the topmost, leftmost.
    let floating = mask & !(mask << 1) & !BOTTOM_MASK;
    for line in 1..=HEIGHT {
        let row = HEIGHT - line;
        if let Some(col) = (0..WIDTH).find(|&c| floating & cell_bit(c, row) != 0) {
            return Err(
                FormatError::at_column(col + 1, "this stone floats above an empty cell")
                    .on_line(line),
            );
        }
    }
    check_reachable(first, second)?;
    Ok(Connect4::from_stones(first, second))
}

/// Checks counts, fours and that some alternating order of moves drops these stones.
fn check_reachable(first: u64, second: u64) -> Result<(), FormatError> {
    let (xs, os) = (first.count_ones(), second.count_ones());
    check_stone_counts(xs, os)?;
    let (x_four, o_four) = (has_four(first), has_four(second));
    if x_four && o_four {
        return Err(FormatError::whole(
            "both X and O have four in a row: the game ends at the first four",
        ));
    }
    let last_mover_is_x = xs > os;
    if (x_four && !last_mover_is_x) || (o_four && last_mover_is_x) {
        let (winner, other) = if x_four { ("X", "O") } else { ("O", "X") };
        return Err(FormatError::whole(format!(
            "{winner} has four in a row but {other} played after it: the game ends at the \
             first four"
        )));
    }
    let pos = Connect4::from_stones(first, second);
    if (x_four || o_four)
        && !pos
            .top_stones_of_last_mover()
            .any(|bit| !pos.unplay(bit).has_any_four())
    {
        let winner = if x_four { "X" } else { "O" };
        return Err(FormatError::whole(format!(
            "the game went on after {winner}'s four in a row: no last stone completes it"
        )));
    }
    if !pos.reachable(&mut HashSet::new()) {
        return Err(FormatError::whole(
            "no alternating sequence of moves drops these stones (look at which colour lies \
             at the bottom of each column)",
        ));
    }
    Ok(())
}

impl Connect4 {
    fn has_any_four(&self) -> bool {
        has_four(self.position) || has_four(self.position ^ self.mask)
    }

    /// The top stone of each column that belongs to the player who moved last.
    fn top_stones_of_last_mover(&self) -> impl Iterator<Item = u64> + '_ {
        let last_mover = self.position ^ self.mask;
        (0..WIDTH).filter_map(move |col| {
            let stack = self.mask & column_mask(col);
            // The highest set bit of the stack (stacks are contiguous from the bottom).
            let top = ((stack + (1 << (col * COLUMN_BITS))) >> 1) & stack;
            (top & last_mover != 0).then_some(top)
        })
    }

    /// The position before the stone `bit` of the last mover was dropped.
    fn unplay(&self, bit: u64) -> Connect4 {
        let mask = self.mask & !bit;
        Connect4 {
            position: (self.position ^ self.mask) & !bit,
            mask,
            moves: self.moves - 1,
        }
    }

    /// Whether some game reaches this position with no four before its last move.
    /// `failed` memoises masks already known to be unreachable (the colours of the
    /// stones are fixed, so the mask identifies the position).
    fn reachable(&self, failed: &mut HashSet<u64>) -> bool {
        if self.moves == 0 {
            return true;
        }
        if failed.contains(&self.mask) {
            return false;
        }
        let found = self.top_stones_of_last_mover().any(|bit| {
            let before = self.unplay(bit);
            !before.has_any_four() && before.reachable(failed)
        });
        if !found {
            failed.insert(self.mask);
        }
        found
    }
}

/// Writes the board as [`parse_board`] reads it: 6 lines of 7 cells, top row first,
/// `X` first player, `O` second, `.` empty, separated by `\n` with no final newline.
#[must_use]
pub fn to_board(pos: &Connect4) -> String {
    let rows: Vec<String> = (0..HEIGHT)
        .rev()
        .map(|row| {
            (0..WIDTH)
                .map(|col| match pos.cell(col, row) {
                    Some(Side::First) => 'X',
                    Some(Side::Second) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect();
    rows.join("\n")
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
        match scoring {
            Scoring::Native | Scoring::ShortestWin => -(WIN_SCORE_BASE - winner_stones),
            Scoring::WinLoss => -1,
        }
    }

    fn score_range(&self, scoring: Scoring) -> (i32, i32) {
        match scoring {
            Scoring::Native | Scoring::ShortestWin => (-MAX_SCORE, MAX_SCORE),
            Scoring::WinLoss => (-1, 1),
        }
    }

    fn hash(&self) -> u64 {
        splitmix64(self.key())
    }

    fn canonical_hash(&self) -> u64 {
        self.hash().min(self.mirrored().hash())
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
}

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

#[cfg(test)]
mod tests {
    use super::*;

    const TEST_SETS: [(&str, &str); 3] = [
        (
            "Test_L1_R1",
            include_str!("../../assets/connect4/Test_L1_R1"),
        ),
        (
            "Test_L2_R1",
            include_str!("../../assets/connect4/Test_L2_R1"),
        ),
        (
            "Test_L3_R1",
            include_str!("../../assets/connect4/Test_L3_R1"),
        ),
    ];

    fn moves(text: &str) -> Connect4 {
        Connect4::from_moves(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn board(text: &str) -> Connect4 {
        parse_board(text).unwrap_or_else(|e| panic!("{text}\n{e}"))
    }

    fn board_err(text: &str) -> FormatError {
        match parse_board(text) {
            Ok(p) => panic!("accepted:\n{}", to_board(&p)),
            Err(e) => e,
        }
    }

    /// Plain perft by play + outcome, to cross-check the bulk counting.
    fn slow_perft(pos: &Connect4, depth: u32, convention: PerftConvention) -> u64 {
        if depth == 0 {
            return 1;
        }
        if pos.outcome().is_some() {
            return u64::from(convention == PerftConvention::FinishedIsLeaf);
        }
        (0..WIDTH)
            .filter(|&c| pos.can_play(c))
            .map(|c| slow_perft(&pos.play_column(c), depth - 1, convention))
            .sum()
    }

    #[test]
    fn perft_finished_is_dropped() {
        let start = Connect4::new();
        let expected = [7, 49, 343, 2401, 16807, 117_649, 823_536, 5_673_234];
        for (i, &count) in expected.iter().enumerate() {
            assert_eq!(start.perft(i as u32 + 1, Connect4::PERFT_CONVENTION), count);
        }
    }

    #[test]
    fn perft_finished_is_leaf() {
        let start = Connect4::new();
        assert_eq!(start.perft(7, PerftConvention::FinishedIsLeaf), 823_536);
        assert_eq!(start.perft(8, PerftConvention::FinishedIsLeaf), 5_686_266);
        for convention in [
            PerftConvention::FinishedIsLeaf,
            PerftConvention::FinishedIsDropped,
        ] {
            assert_eq!(
                slow_perft(&start, 6, convention),
                start.perft(6, convention)
            );
        }
    }

    #[test]
    fn test_sets_parse_and_are_not_over() {
        for (name, text) in TEST_SETS {
            let entries = parse_test_set(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(entries.len(), 1000, "{name}");
            for (i, (entry, line)) in entries.iter().zip(text.lines()).enumerate() {
                assert_eq!(entry.line, i + 1);
                assert_eq!(entry.name, format!("line {}", i + 1));
                assert!(entry.position.outcome().is_none(), "{name} line {}", i + 1);
                let (pos, moves, score) = parse_test_line(line).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(pos, entry.position);
                assert_eq!(Some(score), entry.expected_score);
                assert_eq!(to_test_line(&moves, score), line.trim_end());
                assert_eq!(pos.moves_played(), moves.len());
                // The board text of every test position reads back to the same position.
                assert_eq!(
                    parse_board(&to_board(&pos)),
                    Ok(pos),
                    "{name} line {}",
                    i + 1
                );
            }
        }
    }

    #[test]
    fn test_sets_match_the_shared_data() {
        for (name, text) in TEST_SETS {
            let shared = format!(
                "{}/../shared/data/connect4/{name}",
                env!("CARGO_MANIFEST_DIR")
            );
            if let Ok(original) = std::fs::read_to_string(&shared) {
                assert_eq!(original, text, "assets/connect4/{name} is a plain copy");
            }
        }
    }

    #[test]
    fn scores_and_outcomes() {
        // The first player stacks column 4 and wins with the 4th stone (7 moves).
        let won = moves("4545454");
        assert_eq!(won.outcome(), Some(Outcome::Loss));
        assert_eq!(won.side_to_move(), Side::Second);
        assert_eq!(won.terminal_score(Scoring::Native), -18);
        assert_eq!(won.terminal_score(Scoring::ShortestWin), -18);
        assert_eq!(won.terminal_score(Scoring::WinLoss), -1);
        let mut out = vec![C4Move(0)];
        won.legal_moves(&mut out);
        assert!(out.is_empty());
        // The second player stacks column 4 and wins with its 4th stone on move 8.
        let second = moves("14241464");
        assert_eq!(second.side_to_move(), Side::First);
        assert_eq!(second.outcome(), Some(Outcome::Loss));
        assert_eq!(second.terminal_score(Scoring::Native), -18);
        // The first player completes the bottom row 1-4 with its 5th stone, on move 9.
        let fifth = moves("112277364");
        assert_eq!(fifth.moves_played(), 9);
        assert_eq!(fifth.outcome(), Some(Outcome::Loss));
        assert_eq!(fifth.terminal_score(Scoring::Native), -(22 - 5));
        assert_eq!(Connect4::new().score_range(Scoring::Native), (-18, 18));
        assert_eq!(Connect4::new().score_range(Scoring::WinLoss), (-1, 1));

        // A drawn full board: columns filled in pairs so no four appears.
        let draw = moves("121212343434565656212121434343656565777777");
        assert_eq!(draw.moves_played(), 42);
        assert_eq!(draw.outcome(), Some(Outcome::Draw));
        for scoring in Scoring::ALL {
            assert_eq!(draw.terminal_score(scoring), 0);
        }
        draw.legal_moves(&mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn play_after_a_win_is_rejected() {
        let e = Connect4::from_moves("45454545")
            .err()
            .unwrap_or_else(|| panic!("accepted"));
        assert_eq!(e.column, 8);
        assert!(e.message.contains("already over"), "{e}");
        let e = moves("4545454")
            .play_sequence(" 1")
            .err()
            .unwrap_or_else(|| panic!());
        assert_eq!(e.column, 2);
        assert!(moves("4545454").parse_move("1").is_err());
    }

    #[test]
    fn bad_move_strings_name_the_column() {
        let cases: &[(&str, usize, &str)] = &[
            ("4408", 3, "'0' is not a column"),
            ("44x", 3, "'x' is not a column"),
            ("12 3", 3, "' ' is not a column"),
            ("  128", 5, "'8' is not a column"),
            ("1111111", 7, "column is full"),
            ("4٣", 2, "is not a column"),
        ];
        for &(text, column, message) in cases {
            let e = Connect4::from_moves(text)
                .err()
                .unwrap_or_else(|| panic!("{text}"));
            assert_eq!((e.line, e.column), (0, column), "{text}: {e}");
            assert!(e.message.contains(message), "{text}: {e}");
        }
        assert_eq!(Connect4::from_moves(""), Ok(Connect4::new()));
    }

    #[test]
    fn bad_test_lines_name_the_column() {
        let cases: &[(&str, usize, &str)] = &[
            ("", 0, "empty line"),
            ("4491 3", 3, "'9' is not a column"),
            ("  4491 3", 5, "'9' is not a column"),
            ("4455", 5, "missing the score"),
            ("4455 x1", 6, "'x1' is not a whole number"),
            ("4455 1 2", 8, "unexpected text"),
            ("4455 19", 6, "impossible"),
            ("4455 -19", 6, "impossible"),
            ("4 19", 3, "impossible"),
            ("4545454 3", 9, "the game is over and its score is -18"),
        ];
        for &(text, column, message) in cases {
            let e = parse_test_line(text)
                .err()
                .unwrap_or_else(|| panic!("{text}"));
            assert_eq!(e.column, column, "{text}: {e}");
            assert!(e.message.contains(message), "{text}: {e}");
        }
        assert!(parse_test_line("4545454 -18").is_ok());
        assert!(parse_test_line("4455 18").is_ok());
        assert!(parse_test_line("4455 -18").is_ok());
        assert!(parse_test_line("4 18").is_ok(), "O's 4th stone: 22 - 4");
        assert!(parse_test_line("4 -18").is_ok(), "X's 4th stone");
        assert!(parse_test_line("4 -19").is_err());
        // After 41 stones O can only win with its 21st stone, X has none left to play.
        assert_eq!(score_bounds(41), (0, 1));
        assert_eq!(score_bounds(40), (-1, 1));
        assert_eq!(score_bounds(0), (-18, 18));
        let e = parse_test_set("44 0\n\n# comment\n4x 1\n")
            .err()
            .unwrap_or_else(|| panic!());
        assert_eq!((e.line, e.column), (4, 2));
        assert!(parse_test_set("\n# nothing\n").is_err());
        let set = parse_test_set("44 0\r\n\r\n  1 0 \r\n").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(set.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 3]);
    }

    #[test]
    fn move_strings_round_trip_through_parse_move() {
        let pos = moves("4453");
        for col in 0..WIDTH as u8 {
            let text = Connect4::move_to_string(C4Move(col));
            assert_eq!(pos.parse_move(&text), Ok(C4Move(col)));
        }
        assert!(pos.parse_move("8").is_err());
        assert!(pos.parse_move("").is_err());
        assert_eq!(pos.parse_move("12").map_err(|e| e.column), Err(2));
        assert!(
            moves("111111")
                .parse_move("1")
                .is_err_and(|e| e.message.contains("full"))
        );
    }

    #[test]
    fn board_text_round_trip() {
        let pos = moves("4453");
        let text = to_board(&pos);
        assert_eq!(
            text, ".......\n.......\n.......\n.......\n...O...\n..OXX..",
            "top row first"
        );
        assert_eq!(board(&text), pos);
        assert_eq!(board(&format!("{text}\n\n")), pos);
        assert_eq!(board(&text.replace('.', "-").to_lowercase()), pos);
        assert_eq!(board(&to_board(&Connect4::new())), Connect4::new());
        let won = moves("4545454");
        assert_eq!(board(&to_board(&won)), won);
        let draw = moves("121212343434565656212121434343656565777777");
        assert_eq!(board(&to_board(&draw)), draw);
    }

    #[test]
    fn bad_boards_are_rejected() {
        let empty = ".......\n".repeat(HEIGHT);
        let with_rows = |bottom: &[&str]| {
            let mut rows = vec!["......."; HEIGHT - bottom.len()];
            rows.extend_from_slice(bottom);
            rows.join("\n")
        };
        // (text, line, column, message)
        let cases: Vec<(String, usize, usize, &str)> = vec![
            (with_rows(&["..X#..."]), 6, 4, "'#' is not a cell"),
            (
                with_rows(&["..X...."]).replacen(".......", "......", 1),
                1,
                7,
                "only 6 cells",
            ),
            (with_rows(&["........"]), 6, 8, "too many cells"),
            (format!("{empty}......."), 7, 0, "too many rows"),
            (".......\n.......".to_string(), 3, 0, "only 2 rows"),
            (with_rows(&["...X...", "......."]), 5, 4, "floats"),
            (with_rows(&["O......"]), 0, 0, "1 more O than X"),
            (with_rows(&["XX....."]), 0, 0, "2 more X than O"),
            (
                with_rows(&["O......", "XXXXOOO"]),
                0,
                0,
                "X has four in a row but O played after",
            ),
            (
                with_rows(&["OX.....", "OX.....", "OX.....", "OXX...."]),
                0,
                0,
                "both X and O have four",
            ),
            // X cannot move first: its only stone lies on O's.
            (
                with_rows(&["X......", "O......"]),
                0,
                0,
                "no alternating sequence",
            ),
            // X's four in column 1 is covered by an O: play went on after it.
            (
                with_rows(&["O......", "X......", "X......", "X......", "XOO...."]),
                0,
                0,
                "went on after X's four",
            ),
        ];
        for (text, line, column, message) in cases {
            let e = board_err(&text);
            assert_eq!((e.line, e.column), (line, column), "{text}\n{e}");
            assert!(e.message.contains(message), "{text}\n{e}");
        }
        // Legal wins: some last stone completes the four.
        assert_eq!(
            board(&with_rows(&["XXXXOOO"])).outcome(),
            Some(Outcome::Loss)
        );
        assert_eq!(
            board(&with_rows(&["OOO....", "XXXX..."])).outcome(),
            Some(Outcome::Loss)
        );
        assert_eq!(board(&with_rows(&["O......", "X......"])), moves("11"));
    }

    #[test]
    fn bit_helpers() {
        // X has three in column 4 and can win there; O cannot.
        let pos = moves("41414");
        assert_eq!(pos.side_to_move(), Side::Second);
        assert!(!pos.can_win_next());
        assert_eq!(pos.opponent_winning_cells(), cell_bit(3, 3));
        assert_eq!(
            pos.possible_non_losing_moves(),
            cell_bit(3, 3),
            "must block"
        );
        let pos = moves("414141");
        assert!(pos.can_win_next());
        assert!(pos.is_winning_move(3));
        assert!(!pos.is_winning_move(0));
        assert_eq!(pos.winning_moves_mask(), cell_bit(3, 3));
        // Two open ends on the bottom row: no move saves O.
        let pos = moves("3344"); // X c3 c4, O above
        let pos = pos.play_column(4); // X c3 c4 c5: threats at c2 and c6
        assert_eq!(pos.opponent_winning_cells().count_ones(), 2);
        assert_eq!(pos.possible_non_losing_moves(), 0);
        // O threatens row 2 of columns 1 and 5 above empty cells: X must not fill them.
        let pos = moves("22337474");
        assert_eq!(pos.side_to_move(), Side::First);
        assert!(!pos.can_win_next());
        let threats = pos.opponent_winning_cells();
        assert_eq!(
            threats & (cell_bit(0, 1) | cell_bit(4, 1)),
            cell_bit(0, 1) | cell_bit(4, 1)
        );
        let safe = pos.possible_non_losing_moves();
        assert_eq!(safe & (column_mask(0) | column_mask(4)), 0);
        assert_ne!(safe & column_mask(5), 0);

        let start = Connect4::new();
        assert_eq!(start.possible(), BOTTOM_MASK);
        assert_eq!(start.key(), 0);
        assert_eq!(start.threats_after(cell_bit(3, 0)), 0);
        assert_eq!(moves("44").column_height(3), 2);
        assert_eq!(moves("4").cell(3, 0), Some(Side::First));
        assert_eq!(moves("4").cell(3, 1), None);
        assert_eq!(moves("45").stones(Side::Second), cell_bit(4, 0));
    }

    #[test]
    fn hashes_keys_and_mirrors() {
        let mut keys = HashSet::new();
        let mut hashes = HashSet::new();
        let mut frontier = vec![Connect4::new()];
        for _ in 0..6 {
            let mut next = Vec::new();
            for pos in &frontier {
                if keys.insert(pos.key()) {
                    hashes.insert(pos.hash());
                    let mut out = Vec::new();
                    pos.legal_moves(&mut out);
                    next.extend(out.iter().map(|&m| pos.play(m)));
                }
            }
            frontier = next;
        }
        assert_eq!(keys.len(), hashes.len());
        let pos = moves("1123");
        let mirror = moves("7765");
        assert_eq!(pos.mirrored(), mirror);
        assert_eq!(mirror.mirrored(), pos);
        assert_ne!(pos.hash(), mirror.hash());
        assert_eq!(pos.canonical_hash(), mirror.canonical_hash());
        assert_eq!(moves("4").canonical_hash(), moves("4").hash());
    }

    #[test]
    fn hints_and_evaluators() {
        let start = Connect4::new();
        let hints: Vec<i32> = (0..7).map(|c| start.move_order_hint(C4Move(c))).collect();
        assert_eq!(hints, [0, 1, 2, 3, 2, 1, 0]);
        assert_eq!(Connect4Eval::Threats.evaluate(&start), 0);
        // O to move, X has one centre stone.
        assert_eq!(Connect4Eval::Threats.evaluate(&moves("4")), -1);
        // X to move with a winning cell at column 4 row 4 and two centre stones more.
        let pos = moves("414142");
        assert!(Connect4Eval::Threats.evaluate(&pos) > 0);
        for (_, text) in TEST_SETS {
            for entry in parse_test_set(text).unwrap_or_default() {
                let v = Connect4Eval::Threats.evaluate(&entry.position);
                assert!(v.abs() <= THREATS_LIMIT);
                assert_eq!(Connect4Eval::Zero.evaluate(&entry.position), 0);
                let m = entry.position.mirrored();
                assert_eq!(Connect4Eval::Threats.evaluate(&m), v);
            }
        }
        assert_eq!(Connect4Eval::default(), Connect4Eval::Threats);
        for e in Connect4Eval::ALL {
            assert_eq!(Connect4Eval::from_name(e.name()), Some(e));
        }
        assert_eq!(
            ron::to_string(&Connect4Eval::Threats).ok().as_deref(),
            Some("threats")
        );
    }
}
