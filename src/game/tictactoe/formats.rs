//! Tic-tac-toe's text form: nine cells and an optional side to move.

use super::*;

/// Parses a position: 9 cells row by row `a1 b1 c1 a2 … c3` (`X`/`x`, `O`/`o`, and
/// `.`, `-` or `_` for empty), optionally followed by whitespace and the side to move
/// (`X` or `O`). Without the side it follows from the counts. Leading and trailing
/// whitespace is ignored.
///
/// Errors carry the 1-based column for a bad character, a wrong length, a bad or
/// inconsistent side; positions no game reaches (too many of one side's stones, both
/// sides with three in a row, play after a win) are whole-input errors.
pub fn parse_ttt(text: &str) -> Result<TicTacToe, FormatError> {
    let fields = split_tokens(text);
    let Some(&(board_column, board)) = fields.first() else {
        return Err(FormatError::at_column(
            text.chars().count() + 1,
            "no board: expected 9 cells (a1 b1 c1 a2 … c3)",
        ));
    };
    let (mut x, mut o, mut cells) = (0u16, 0u16, 0usize);
    for ch in board.chars() {
        let column = board_column + cells;
        if cells == CELLS {
            return Err(FormatError::at_column(
                column,
                "too many cells: a board has 9 (a1 b1 c1 a2 … c3)",
            ));
        }
        match ch {
            'X' | 'x' => x |= 1 << cells,
            'O' | 'o' => o |= 1 << cells,
            '.' | '-' | '_' => {}
            c => {
                return Err(FormatError::at_column(
                    column,
                    format!("'{c}' is not a cell: use X, O, or . - _ for empty"),
                ));
            }
        }
        cells += 1;
    }
    if cells < CELLS {
        return Err(FormatError::at_column(
            board_column + cells,
            format!("only {cells} cells: a board has 9 (a1 b1 c1 a2 … c3)"),
        ));
    }
    let stated_side = match fields.get(1) {
        None => None,
        Some(&(column, "X" | "x")) => Some((Side::First, column)),
        Some(&(column, "O" | "o")) => Some((Side::Second, column)),
        Some(&(column, token)) => {
            return Err(FormatError::at_column(
                column,
                format!("'{token}' is not a side to move: use X or O"),
            ));
        }
    };
    if let Some(&(column, _)) = fields.get(2) {
        return Err(FormatError::at_column(
            column,
            "unexpected text after the side to move",
        ));
    }
    let side = check_stones(x, o)?;
    if let Some((stated, column)) = stated_side
        && stated != side
    {
        let message = match side {
            Side::First => "O to move, but both sides have as many stones, so X moves",
            Side::Second => "X to move, but X has one more stone than O, so O moves",
        };
        return Err(FormatError::at_column(column, message));
    }
    Ok(TicTacToe { x, o, side })
}

/// Writes a position as [`parse_ttt`] reads it: 9 cells (`X`, `O`, `.`), a space and
/// the side to move, for example `X...O.... X`.
#[must_use]
pub fn to_ttt(pos: &TicTacToe) -> String {
    let mut out = String::with_capacity(CELLS + 2);
    for cell in 0..CELLS {
        out.push(match pos.cell(cell) {
            Some(Side::First) => 'X',
            Some(Side::Second) => 'O',
            None => '.',
        });
    }
    out.push(' ');
    out.push(match pos.side {
        Side::First => 'X',
        Side::Second => 'O',
    });
    out
}

impl fmt::Display for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_ttt(self))
    }
}

impl FromStr for TicTacToe {
    type Err = FormatError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_ttt(s)
    }
}
