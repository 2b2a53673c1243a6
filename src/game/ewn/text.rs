//! EWN's one-line text form, shared by the command line, suite files and the app:
//! the five rows top first joined by `/`, each cell `.` or a cube (`b3` Black's 3,
//! `w5` White's 5), then who moves and what happens next:
//!
//! ```text
//! b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 white roll    White rolls next
//! b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 white 3       the die shows 3, White moves
//! ...../...../...../...../..... place black                before the placement
//! ```
//!
//! `place white` follows Black's placement; `over` is a finished game (the board says
//! who won). Errors carry the column.

use super::{CELLS, Cube, Ewn, Phase, SIZE};
use crate::game::{FormatError, Side, split_tokens};

/// Reads the text form (see the module doc).
pub fn parse_ewn(text: &str) -> Result<Ewn, FormatError> {
    let tokens = split_tokens(text);
    let Some(&(column, board_text)) = tokens.first() else {
        return Err(FormatError::whole(
            "no position: write the five rows joined by /, then who moves, as b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 white roll",
        ));
    };
    let board = parse_board(board_text).map_err(|e| e.shifted(column - 1))?;
    let words: Vec<(usize, String)> = tokens[1..]
        .iter()
        .map(|&(c, w)| (c, w.to_ascii_lowercase()))
        .collect();
    let word = |i: usize| words.get(i).map(|(c, w)| (*c, w.as_str()));
    let end_column = text.chars().count() + 1;
    let (phase, side) = match (word(0), word(1)) {
        (Some((_, "place")), Some((_, "black"))) => (Phase::PlaceBlack, Side::First),
        (Some((_, "place")), Some((_, "white"))) => (Phase::PlaceWhite, Side::First),
        (Some((_, "over")), None) => (Phase::Over, Side::First),
        (Some((c, side)), next) if side == "white" || side == "black" => {
            let side = if side == "white" {
                Side::First
            } else {
                Side::Second
            };
            match next {
                Some((_, "roll")) => (Phase::Roll, side),
                Some((c2, die)) => match die.parse::<u8>() {
                    Ok(d @ 1..=6) => (Phase::Move(d), side),
                    _ => {
                        return Err(FormatError::at_column(
                            c2,
                            format!("'{die}' is not a die: write roll (before the roll) or 1 to 6"),
                        ));
                    }
                },
                None => {
                    return Err(FormatError::at_column(
                        c,
                        "after the side, write roll (before the roll) or the die, 1 to 6",
                    ));
                }
            }
        }
        (Some((c, w)), _) => {
            return Err(FormatError::at_column(
                c,
                format!(
                    "unexpected '{w}': expected white or black (then roll or the die), place black, place white or over"
                ),
            ));
        }
        (None, _) => {
            return Err(FormatError::at_column(
                end_column,
                "expected who moves after the board: white roll, black 3, …",
            ));
        }
    };
    let extra = match phase {
        Phase::Over => 1,
        _ => 2,
    };
    if let Some((c, w)) = word(extra) {
        return Err(FormatError::at_column(
            c,
            format!("unexpected '{w}' after the position"),
        ));
    }
    let mut pos = Ewn { board, phase, side };
    check(&mut pos)?;
    Ok(pos)
}

/// The board part: five rows of five cells.
fn parse_board(text: &str) -> Result<[Option<Cube>; CELLS], FormatError> {
    let mut board = [None; CELLS];
    let mut seen = [[false; 7]; 2];
    let (mut row, mut col) = (0usize, 0usize);
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let column = i + 1;
        match chars[i] {
            '/' => {
                if col != SIZE {
                    return Err(FormatError::at_column(
                        column,
                        format!("row {} has {col} cells: a row has 5", row + 1),
                    ));
                }
                row += 1;
                col = 0;
                i += 1;
                continue;
            }
            _ if row >= SIZE => {
                return Err(FormatError::at_column(column, "more than 5 rows"));
            }
            _ if col >= SIZE => {
                return Err(FormatError::at_column(
                    column,
                    format!("row {} has more than 5 cells", row + 1),
                ));
            }
            '.' => {}
            c @ ('b' | 'w' | 'B' | 'W') => {
                let side = if c.eq_ignore_ascii_case(&'b') {
                    Side::Second
                } else {
                    Side::First
                };
                let number = chars.get(i + 1).and_then(|d| d.to_digit(10)).unwrap_or(0) as u8;
                if !(1..=6).contains(&number) {
                    return Err(FormatError::at_column(
                        column + 1,
                        format!("'{c}' is followed by a cube's number, 1 to 6"),
                    ));
                }
                if std::mem::replace(&mut seen[side.index()][usize::from(number)], true) {
                    return Err(FormatError::at_column(
                        column,
                        format!("a second {c}{number}: each side has one cube of each number"),
                    ));
                }
                board[row * SIZE + col] = Some(Cube { side, number });
                i += 1;
            }
            c => {
                return Err(FormatError::at_column(
                    column,
                    format!("unexpected '{c}': a cell is . or a cube such as b3 or w5"),
                ));
            }
        }
        col += 1;
        i += 1;
    }
    if row != SIZE - 1 || col != SIZE {
        return Err(FormatError::at_column(
            chars.len() + 1,
            format!(
                "the board ends at row {}: it has 5 rows of 5 cells",
                row + 1
            ),
        ));
    }
    Ok(board)
}

/// Checks that the phase fits the board and sets a finished game's side to move.
fn check(pos: &mut Ewn) -> Result<(), FormatError> {
    let (white, black) = (pos.cubes(Side::First), pos.cubes(Side::Second));
    match pos.phase {
        Phase::PlaceBlack if white + black > 0 => Err(FormatError::whole(
            "place black is the empty board's: the cubes are not placed yet",
        )),
        Phase::PlaceWhite if white > 0 || !is_home(pos, Side::Second) => Err(FormatError::whole(
            "place white follows Black's placement: Black's six cubes on their home cells, no White cube yet",
        )),
        Phase::Over => match pos.winner() {
            Some(w) => {
                pos.side = w.other();
                Ok(())
            }
            None => Err(FormatError::whole(
                "over, but no side has won: no cube on the far corner and both sides have cubes",
            )),
        },
        Phase::Roll | Phase::Move(_) if pos.winner().is_some() => Err(FormatError::whole(
            "the game is over on this board (a cube on the far corner, or a side without cubes): write over",
        )),
        _ => Ok(()),
    }
}

fn is_home(pos: &Ewn, side: Side) -> bool {
    let home = match side {
        Side::Second => super::BLACK_HOME,
        Side::First => super::WHITE_HOME,
    };
    home.iter()
        .all(|&c| pos.cube(usize::from(c)).is_some_and(|c| c.side == side))
        && pos.cubes(side) == 6
}

/// The text form [`parse_ewn`] reads back.
#[must_use]
pub fn write_ewn(pos: &Ewn) -> String {
    let mut out = String::new();
    for (i, cell) in pos.board.iter().enumerate() {
        if i > 0 && i % SIZE == 0 {
            out.push('/');
        }
        match cell {
            None => out.push('.'),
            Some(c) => {
                out.push(if c.side == Side::Second { 'b' } else { 'w' });
                out.push(char::from(b'0' + c.number));
            }
        }
    }
    let side = if pos.side == Side::First {
        "white"
    } else {
        "black"
    };
    match pos.phase {
        Phase::PlaceBlack => out.push_str(" place black"),
        Phase::PlaceWhite => out.push_str(" place white"),
        Phase::Roll => out.push_str(&format!(" {side} roll")),
        Phase::Move(d) => out.push_str(&format!(" {side} {d}")),
        Phase::Over => out.push_str(" over"),
    }
    out
}
