//! Othello position formats: OBF lines and suite files (Edax's `.obf`, as in the FFO
//! `fforum-*.obf` suites) and the FFO `.pos` file.
//!
//! All readers work on characters, not bytes, so columns in errors match what an editor
//! shows and no input can split a multi-byte character. Every error is a
//! [`FormatError`] with 1-based line (0 for a single line given on its own) and column.
//!
//! An OBF line: 64 board characters A1…H8 row by row (`X`/`*` black, `O` white, `-`/`.`
//! empty), whitespace, the side to move (`X` or `O`), then optionally `;` and
//! `MOVE:SCORE` pairs each ended by `;`, e.g.
//! `…-------- X; A2:+38; C7:+36;`.

use std::cmp::Reverse;
use std::fmt::Write as _;

use super::{Othello, OthelloMove, SQUARES, colour_name, square_name};
use crate::game::{FormatError, Game, Side, SuiteEntry};

/// The number of board characters in an OBF line or on line 1 of a `.pos` file.
const BOARD_CHARS: usize = SQUARES as usize;

/// Separates the side to move from the score list, and the pairs from each other.
const PAIR_END: char = ';';
/// Separates a move from its score in an OBF pair.
const MOVE_SCORE_SEPARATOR: char = ':';

/// A byte-order mark some editors put at the start of a text file.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// The prefix of FFO suite file names, followed by the number of the first position.
const FFO_PREFIX: &str = "fforum-";

/// Black's disc in written boards.
const BLACK_CHAR: char = 'X';
/// White's disc in written boards.
const WHITE_CHAR: char = 'O';
/// An empty square in written boards.
const EMPTY_CHAR: char = '-';

/// What one board character means.
enum Cell {
    /// A black disc (`X`, `x` or `*`).
    Black,
    /// A white disc (`O` or `o`).
    White,
    /// An empty square (`-` or `.`).
    Empty,
}

/// The meaning of a board character, or `None` when it is not one.
fn cell(c: char) -> Option<Cell> {
    match c {
        'X' | 'x' | '*' => Some(Cell::Black),
        'O' | 'o' => Some(Cell::White),
        '-' | '.' => Some(Cell::Empty),
        _ => None,
    }
}

/// Reads the 64 board characters starting at `chars[start]` into Black's and White's
/// discs. Fails on a short board, a bad character, or a 65th board character; does not
/// look further.
fn parse_board(chars: &[char], start: usize) -> Result<(u64, u64), FormatError> {
    let (mut black, mut white) = (0u64, 0u64);
    for square in 0..BOARD_CHARS {
        let index = start + square;
        let column = index + 1;
        let Some(&c) = chars.get(index) else {
            return Err(FormatError::at_column(
                column,
                format!("the board is too short: {square} squares, expected {BOARD_CHARS}"),
            ));
        };
        match cell(c) {
            Some(Cell::Black) => black |= 1u64 << square,
            Some(Cell::White) => white |= 1u64 << square,
            Some(Cell::Empty) => {}
            None if c.is_whitespace() => {
                return Err(FormatError::at_column(
                    column,
                    format!("the board is too short: {square} squares, expected {BOARD_CHARS}"),
                ));
            }
            None => {
                return Err(FormatError::at_column(
                    column,
                    format!(
                        "bad character '{}' on the board (square {}): expected X, O or -",
                        c.escape_debug(),
                        square_name(square as u8).to_ascii_uppercase()
                    ),
                ));
            }
        }
    }
    if chars
        .get(start + BOARD_CHARS)
        .is_some_and(|&c| cell(c).is_some())
    {
        return Err(FormatError::at_column(
            start + BOARD_CHARS + 1,
            format!("the board is too long: more than {BOARD_CHARS} squares"),
        ));
    }
    Ok((black, white))
}

/// The position from a parsed board, with the centre check; errors point at the board
/// square that fails, the board starting at `chars[start]`.
fn position_from_board(
    black: u64,
    white: u64,
    side: Side,
    start: usize,
) -> Result<Othello, FormatError> {
    // The board parser gives each square one colour, so the two sets never overlap.
    let position = Othello::from_colours(black, white, side);
    position.check_centre().map_err(|e| {
        let empty = super::CENTRE & !position.occupied();
        FormatError {
            column: start + empty.trailing_zeros() as usize + 1,
            ..e
        }
    })?;
    Ok(position)
}

/// The index of the first non-whitespace character at or after `from`.
fn skip_whitespace(chars: &[char], from: usize) -> usize {
    let mut i = from;
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    i
}

/// The `[begin, end)` range of `chars` with surrounding whitespace removed.
fn trim_range(chars: &[char], mut begin: usize, mut end: usize) -> (usize, usize) {
    while begin < end && chars[begin].is_whitespace() {
        begin += 1;
    }
    while end > begin && chars[end - 1].is_whitespace() {
        end -= 1;
    }
    (begin, end)
}

/// Parses one OBF line into the position and its `MOVE:SCORE` pairs (in file order).
///
/// Errors carry line 0 and the 1-based column within `line`: a short or long board, a
/// bad board character, an empty centre square, a missing or bad side to move, a pair
/// without `:`, a move that is not a square or is not legal here (the pass is written
/// `PS` or `pass`), a move listed twice, a score that is not a number or not within
/// ±64.
pub fn parse_obf_line(line: &str) -> Result<(Othello, Vec<(OthelloMove, i32)>), FormatError> {
    let chars: Vec<char> = line.chars().collect();
    let mut start = 0;
    if chars.first() == Some(&BYTE_ORDER_MARK) {
        start = 1;
    }
    start = skip_whitespace(&chars, start);
    let (black, white) = parse_board(&chars, start)?;

    // The side to move, after at least one whitespace character.
    let after_board = start + BOARD_CHARS;
    let side_index = skip_whitespace(&chars, after_board);
    let side = match chars.get(side_index) {
        None | Some(&PAIR_END) => {
            return Err(FormatError::at_column(
                side_index + 1,
                "missing side to move: expected X or O after the board",
            ));
        }
        Some(_) if side_index == after_board => {
            return Err(FormatError::at_column(
                side_index + 1,
                "expected a space and the side to move (X or O) after the 64 board squares",
            ));
        }
        Some('X' | 'x' | '*') => Side::First,
        Some('O' | 'o') => Side::Second,
        Some(c) => {
            return Err(FormatError::at_column(
                side_index + 1,
                format!("bad side to move '{}': expected X or O", c.escape_debug()),
            ));
        }
    };
    let position = position_from_board(black, white, side, start)?;

    // The score list: nothing, or ';' and pairs.
    let mut index = side_index + 1;
    if chars
        .get(index)
        .is_some_and(|&c| !c.is_whitespace() && c != PAIR_END)
    {
        return Err(FormatError::at_column(
            index + 1,
            format!(
                "unexpected '{}' after the side to move: expected ';' and the move scores",
                chars[index].escape_debug()
            ),
        ));
    }
    index = skip_whitespace(&chars, index);
    let mut move_scores: Vec<(OthelloMove, i32)> = Vec::new();
    match chars.get(index) {
        None => return Ok((position, move_scores)),
        Some(&PAIR_END) => index += 1,
        Some(c) => {
            return Err(FormatError::at_column(
                index + 1,
                format!(
                    "unexpected '{}' after the side to move: expected ';' and the move scores",
                    c.escape_debug()
                ),
            ));
        }
    }
    while index < chars.len() {
        let end = chars[index..]
            .iter()
            .position(|&c| c == PAIR_END)
            .map_or(chars.len(), |p| index + p);
        let (begin, finish) = trim_range(&chars, index, end);
        index = end + 1;
        if begin == finish {
            continue;
        }
        let pair = parse_pair(&position, &chars, begin, finish)?;
        if move_scores.iter().any(|&(mv, _)| mv == pair.0) {
            return Err(FormatError::at_column(
                begin + 1,
                format!("move {} is listed twice", pair.0.to_upper_string()),
            ));
        }
        move_scores.push(pair);
    }
    Ok((position, move_scores))
}

/// Parses one `MOVE:SCORE` pair occupying `chars[begin..end]` (already trimmed).
fn parse_pair(
    position: &Othello,
    chars: &[char],
    begin: usize,
    end: usize,
) -> Result<(OthelloMove, i32), FormatError> {
    let Some(colon) = chars[begin..end]
        .iter()
        .position(|&c| c == MOVE_SCORE_SEPARATOR)
    else {
        return Err(FormatError::at_column(
            begin + 1,
            format!(
                "expected MOVE:SCORE such as A2:+38, found '{}'",
                chars[begin..end].iter().collect::<String>()
            ),
        ));
    };
    let colon = begin + colon;
    let (move_begin, move_end) = trim_range(chars, begin, colon);
    let move_text: String = chars[move_begin..move_end].iter().collect();
    if move_text.is_empty() {
        return Err(FormatError::at_column(begin + 1, "missing move before ':'"));
    }
    // parse_move's columns count from the start of the move text.
    let mv = position
        .parse_move(&move_text)
        .map_err(|e| e.shifted(move_begin))?;
    let (score_begin, score_end) = trim_range(chars, colon + 1, end);
    if score_begin == score_end {
        return Err(FormatError::at_column(
            colon + 2,
            format!("missing score after '{}:'", mv.to_upper_string()),
        ));
    }
    let score_text: String = chars[score_begin..score_end].iter().collect();
    let score: i32 = score_text.parse().map_err(|_| {
        FormatError::at_column(
            score_begin + 1,
            format!("score '{score_text}' is not a number (expected e.g. +38, -6 or +0)"),
        )
    })?;
    if !(-super::MAX_SCORE..=super::MAX_SCORE).contains(&score) {
        return Err(FormatError::at_column(
            score_begin + 1,
            format!("score {score} is out of range: an Othello score lies within ±64"),
        ));
    }
    Ok((mv, score))
}

/// The board as 64 characters A1…H8, `X` black, `O` white, `-` empty.
fn board_string(pos: &Othello) -> String {
    (0..SQUARES)
        .map(|sq| match pos.disc_at(sq) {
            Some(Side::First) => BLACK_CHAR,
            Some(Side::Second) => WHITE_CHAR,
            None => EMPTY_CHAR,
        })
        .collect()
}

/// Writes a position and its move scores as one OBF line (no line break), as the FFO
/// suites spell it: `<64 squares> X; A2:+38; H4:+0; B2:-6;` (just `<64 squares> X;`
/// without scores). The pass is written `PS`.
#[must_use]
pub fn to_obf(pos: &Othello, move_scores: &[(OthelloMove, i32)]) -> String {
    let mut out = board_string(pos);
    out.push(' ');
    out.push(match pos.side() {
        Side::First => BLACK_CHAR,
        Side::Second => WHITE_CHAR,
    });
    out.push(PAIR_END);
    for &(mv, score) in move_scores {
        // Writing to a String cannot fail.
        let _ = write!(
            out,
            " {}{MOVE_SCORE_SEPARATOR}{score:+}{PAIR_END}",
            mv.to_upper_string()
        );
    }
    out
}

/// Parses an OBF suite file: one position per line.
///
/// Blank lines and lines starting with `%` or `#` are skipped. Entries are named `#N`
/// counting from `first_number` (use [`ffo_first_number`] on the file name: 40 for
/// `fforum-40-59.obf`), or `line N` (the file line) when it is `None`. An entry's
/// `expected_score` is the best listed score, and its `move_scores` are sorted best
/// first (stable, so the file's order breaks ties). Errors carry the file line.
pub fn parse_obf_suite(
    text: &str,
    first_number: Option<usize>,
) -> Result<Vec<SuiteEntry<Othello>>, FormatError> {
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    let mut entries: Vec<SuiteEntry<Othello>> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.trim_start();
        if content.trim_end().is_empty() || content.starts_with('%') || content.starts_with('#') {
            continue;
        }
        let (position, mut move_scores) = parse_obf_line(raw).map_err(|e| e.on_line(line))?;
        let expected_score = move_scores.iter().map(|&(_, score)| score).max();
        move_scores.sort_by_key(|&(_, score)| Reverse(score));
        let name = match first_number {
            Some(first) => format!("#{}", first.saturating_add(entries.len())),
            None => format!("line {line}"),
        };
        entries.push(SuiteEntry {
            name,
            position,
            expected_score,
            move_scores,
            line,
        });
    }
    Ok(entries)
}

/// The number of the first position of an FFO suite from its file name: 40 for
/// `fforum-40-59.obf` (any directory, any case); `None` for other names.
#[must_use]
pub fn ffo_first_number(file_name: &str) -> Option<usize> {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let lower = base.to_ascii_lowercase();
    let rest = lower.strip_prefix(FFO_PREFIX)?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Parses an FFO `.pos` file: line 1 the 64 board characters, line 2 `Black` or `White`
/// (any case) for the side to move, line 3 (and anything after it) a free description,
/// returned with `\r` at line ends and trailing whitespace removed.
pub fn parse_pos(text: &str) -> Result<(Othello, String), FormatError> {
    const BOARD_LINE: usize = 1;
    const SIDE_LINE: usize = 2;
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    let mut lines = text.lines();
    let board_line = lines.next().unwrap_or("");
    let chars: Vec<char> = board_line.trim_end().chars().collect();
    if chars.is_empty() {
        return Err(FormatError::at_column(
            1,
            "missing board: expected the 64 squares A1..H8 on line 1",
        )
        .on_line(BOARD_LINE));
    }
    let (black, white) = parse_board(&chars, 0).map_err(|e| e.on_line(BOARD_LINE))?;
    if chars.len() > BOARD_CHARS {
        return Err(FormatError::at_column(
            BOARD_CHARS + 1,
            format!("unexpected text after the {BOARD_CHARS} board squares"),
        )
        .on_line(BOARD_LINE));
    }

    let side_line = lines.next().unwrap_or("");
    let side_text = side_line.trim();
    let side_column = side_line.chars().take_while(|c| c.is_whitespace()).count() + 1;
    let side = if side_text.eq_ignore_ascii_case(colour_name(Side::First)) {
        Side::First
    } else if side_text.eq_ignore_ascii_case(colour_name(Side::Second)) {
        Side::Second
    } else if side_text.is_empty() {
        return Err(FormatError::at_column(
            side_column,
            "missing side to move: expected Black or White on line 2",
        )
        .on_line(SIDE_LINE));
    } else {
        return Err(FormatError::at_column(
            side_column,
            format!("bad side to move '{side_text}': expected Black or White"),
        )
        .on_line(SIDE_LINE));
    };
    let position = position_from_board(black, white, side, 0).map_err(|e| e.on_line(BOARD_LINE))?;
    // Line ends are normalised: a stray `\r` before a line break (`\r\r\n`, old Mac
    // files) would otherwise turn into a `\r\n` inside the description and not survive
    // being written and read back.
    let description = lines
        .map(|l| l.trim_end_matches('\r'))
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_owned();
    Ok((position, description))
}

/// Writes a position as an FFO `.pos` file: the board, `Black` or `White`, the
/// description, each on its own line.
#[must_use]
pub fn to_pos(pos: &Othello, description: &str) -> String {
    format!(
        "{}\n{}\n{}\n",
        board_string(pos),
        colour_name(pos.side()),
        description
    )
}
