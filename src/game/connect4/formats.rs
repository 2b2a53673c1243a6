//! Connect Four's text forms: Pons' test-set lines, the 6-line board text, and
//! the check that a board is reachable by play.

use super::*;

pub(super) fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "X",
        Side::Second => "O",
    }
}

/// The smallest and largest exact score of an unfinished position after `moves` stones:
/// either side wins at the earliest with its next stone, and never before its 4th.
pub(super) fn score_bounds(moves: usize) -> (i32, i32) {
    let own = moves / 2;
    let opponent = moves - own;
    let best_win = |stones: usize| WIN_SCORE_BASE - (stones + 1).clamp(4, CELLS) as i32;
    (-best_win(opponent), best_win(own))
}

/// The 0-based column a move character names (`1` … `7`), if any.
pub(super) fn parse_column(ch: char) -> Option<usize> {
    match ch.to_digit(10) {
        Some(d @ 1..=7) => Some(d as usize - 1),
        _ => None,
    }
}

pub(super) fn not_a_column(ch: char) -> String {
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
        // The test sets hold Pons' score: shortest-win scoring.
        let exact = position.terminal_score(Scoring::ShortestWin);
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
