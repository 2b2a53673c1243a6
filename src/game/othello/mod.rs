//! Othello (Reversi) on bitboards, its position formats (OBF lines and suites, FFO
//! `.pos`) and its static evaluators.
//!
//! A position keeps two bitboards relative to the side to move, as Edax does: `player`
//! holds the discs of the side to move and `opponent` the others, so move generation
//! and search never branch on colour. Squares are A1 = bit 0, B1 = bit 1, …, H1 = bit 7,
//! A2 = bit 8, …, H8 = bit 63 (index = row * 8 + column; columns A–H, rows 1–8), the
//! order of the 64 characters of an OBF or `.pos` board.
//!
//! Scores follow the FFO/Edax convention: the disc difference for the side to move at
//! the end of the game, empty squares going to the winner.

pub mod board;
mod describe;
mod eval;
mod formats;
#[cfg(test)]
pub(crate) mod tests;

use std::cmp::Ordering;
use std::fmt;

pub use board::SYMMETRIES;
pub use eval::OthelloEval;
pub use formats::{ffo_first_number, parse_obf_line, parse_obf_suite, parse_pos, to_obf, to_pos};

use super::perft::PerftConvention;
use super::{FormatError, Game, Outcome, Scoring, Side, splitmix64};

/// Number of squares on the board.
pub const SQUARES: u8 = 64;

/// Board side length (columns A–H, rows 1–8).
const BOARD_SIDE: u8 = 8;

/// The largest disc difference a finished game can have.
pub const MAX_SCORE: i32 = 64;

/// Black's discs in the start position: D5 and E4.
const START_BLACK: u64 = (1 << 28) | (1 << 35);
/// White's discs in the start position: D4 and E5.
const START_WHITE: u64 = (1 << 27) | (1 << 36);

/// The four centre squares D4, E4, D5 and E5, occupied in every legal position (they
/// start occupied and discs are never removed).
pub const CENTRE: u64 = START_BLACK | START_WHITE;

/// Salts mixed into the hash for each side to move, so the same board with the other
/// side to move hashes differently.
const SIDE_SALT: [u64; 2] = [0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210];

/// Move-ordering prior of a corner: tried first.
const HINT_CORNER: i32 = 30;
/// Move-ordering prior of an edge square (that is not a C-square next to an empty
/// corner).
const HINT_EDGE: i32 = 10;
/// Move-ordering prior of an interior square.
const HINT_INTERIOR: i32 = 0;
/// Move-ordering prior of a C-square (edge square next to a corner) when that corner is
/// empty: it often hands the corner to the opponent.
const HINT_C_SQUARE: i32 = -10;
/// Move-ordering prior of an X-square (diagonal neighbour of a corner) when that corner
/// is empty: the classic way to lose a corner.
const HINT_X_SQUARE: i32 = -20;
// The order the hint promises (corners, edges, interior, C-squares, X-squares), checked
// when compiling.
const _: () = assert!(
    HINT_CORNER > HINT_EDGE
        && HINT_EDGE > HINT_INTERIOR
        && HINT_INTERIOR > HINT_C_SQUARE
        && HINT_C_SQUARE > HINT_X_SQUARE
);
/// Move-ordering prior of the pass (it is always the only move, so any value works).
const HINT_PASS: i32 = 0;

/// An Othello move: a square 0..=63 (A1 = 0, H8 = 63) or [`OthelloMove::PASS`] (64).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OthelloMove(pub u8);

impl OthelloMove {
    /// The pass, the only legal move of a side that cannot place a disc while the other
    /// side can.
    pub const PASS: OthelloMove = OthelloMove(SQUARES);

    /// The move on `square` (0..=63), or `None` for any larger index.
    #[must_use]
    pub fn from_square(square: u8) -> Option<OthelloMove> {
        (square < SQUARES).then_some(OthelloMove(square))
    }

    /// The move on the square at `column` (0 = A) and `row` (0 = row 1), or `None` off
    /// the board.
    #[must_use]
    pub fn at(column: u8, row: u8) -> Option<OthelloMove> {
        (column < BOARD_SIDE && row < BOARD_SIDE).then(|| OthelloMove(row * BOARD_SIDE + column))
    }

    /// Whether this is the pass.
    #[must_use]
    pub fn is_pass(self) -> bool {
        self.0 >= SQUARES
    }

    /// The square index, or `None` for the pass.
    #[must_use]
    pub fn square(self) -> Option<u8> {
        (self.0 < SQUARES).then_some(self.0)
    }

    /// The move in the upper-case spelling of OBF files: `A2`, `H8`, `PS` for the pass.
    #[must_use]
    pub fn to_upper_string(self) -> String {
        match self.square() {
            Some(sq) => square_name(sq).to_ascii_uppercase(),
            None => "PS".to_owned(),
        }
    }
}

impl fmt::Display for OthelloMove {
    /// The community notation: lower-case `d3`, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.square() {
            Some(sq) => f.write_str(&square_name(sq)),
            None => f.write_str("pass"),
        }
    }
}

/// The lower-case name of a square index 0..=63 (`a1` … `h8`).
fn square_name(square: u8) -> String {
    let column = char::from(b'a' + square % BOARD_SIDE);
    let row = char::from(b'1' + square / BOARD_SIDE);
    format!("{column}{row}")
}

/// The colour name of a side, for messages.
fn colour_name(side: Side) -> &'static str {
    match side {
        Side::First => "Black",
        Side::Second => "White",
    }
}

/// An Othello position: the discs of the side to move and of its opponent, and which
/// colour is to move (Black = [`Side::First`]).
///
/// The two bitboards never overlap (every constructor checks it, and [`Game::play`]
/// keeps it for legal moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Othello {
    /// The discs of the side to move.
    player: u64,
    /// The discs of the other side.
    opponent: u64,
    /// The colour of the side to move.
    side: Side,
}

impl Default for Othello {
    /// The start position.
    fn default() -> Self {
        Othello::start()
    }
}

impl Othello {
    /// The standard start position: D5 and E4 black, D4 and E5 white, Black to move.
    #[must_use]
    pub fn start() -> Othello {
        Othello {
            player: START_BLACK,
            opponent: START_WHITE,
            side: Side::First,
        }
    }

    /// A position from Black's and White's discs and the side to move.
    ///
    /// Rejects a square claimed by both colours. Does not insist on a reachable
    /// position (use [`Othello::check_centre`] for the one check every legal position
    /// passes), so an editor can build boards square by square.
    pub fn from_bitboards(black: u64, white: u64, side: Side) -> Result<Othello, FormatError> {
        let both = black & white;
        if both != 0 {
            let square = both.trailing_zeros() as u8;
            return Err(FormatError::whole(format!(
                "square {} holds both a black and a white disc",
                square_name(square)
            )));
        }
        Ok(Othello::from_colours(black, white, side))
    }

    /// The position without the overlap check (callers guarantee it).
    fn from_colours(black: u64, white: u64, side: Side) -> Othello {
        match side {
            Side::First => Othello {
                player: black,
                opponent: white,
                side,
            },
            Side::Second => Othello {
                player: white,
                opponent: black,
                side,
            },
        }
    }

    /// Checks that the four centre squares D4, E4, D5 and E5 are occupied, as they are
    /// in every position reachable from the start; the error names the first empty one.
    pub fn check_centre(&self) -> Result<(), FormatError> {
        let empty = CENTRE & !self.occupied();
        if empty == 0 {
            return Ok(());
        }
        let square = empty.trailing_zeros() as u8;
        Err(FormatError::whole(format!(
            "centre square {} is empty, but D4, E4, D5 and E5 are occupied in every Othello position",
            square_name(square).to_ascii_uppercase()
        )))
    }

    /// The discs of the side to move.
    #[must_use]
    pub fn player(&self) -> u64 {
        self.player
    }

    /// The discs of the side not to move.
    #[must_use]
    pub fn opponent(&self) -> u64 {
        self.opponent
    }

    /// The colour to move (Black = [`Side::First`]).
    #[must_use]
    pub fn side(&self) -> Side {
        self.side
    }

    /// Black's discs.
    #[must_use]
    pub fn black(&self) -> u64 {
        match self.side {
            Side::First => self.player,
            Side::Second => self.opponent,
        }
    }

    /// White's discs.
    #[must_use]
    pub fn white(&self) -> u64 {
        match self.side {
            Side::First => self.opponent,
            Side::Second => self.player,
        }
    }

    /// The number of black discs.
    #[must_use]
    pub fn black_discs(&self) -> u32 {
        self.black().count_ones()
    }

    /// The number of white discs.
    #[must_use]
    pub fn white_discs(&self) -> u32 {
        self.white().count_ones()
    }

    /// The number of discs on the board.
    #[must_use]
    pub fn discs(&self) -> u32 {
        self.occupied().count_ones()
    }

    /// The number of empty squares.
    #[must_use]
    pub fn empties(&self) -> u32 {
        u32::from(SQUARES) - self.discs()
    }

    /// Every occupied square.
    #[must_use]
    pub fn occupied(&self) -> u64 {
        self.player | self.opponent
    }

    /// The colour of the disc on `square` (0..=63), or `None` when it is empty or off
    /// the board.
    #[must_use]
    pub fn disc_at(&self, square: u8) -> Option<Side> {
        let bit = 1u64.checked_shl(u32::from(square))?;
        if self.black() & bit != 0 {
            Some(Side::First)
        } else if self.white() & bit != 0 {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// The squares the side to move may play on, as a bit mask (0 when it must pass or
    /// the game is over).
    #[must_use]
    pub fn move_mask(&self) -> u64 {
        board::moves(self.player, self.opponent)
    }

    /// The squares the side not to move could play on if it were its turn.
    #[must_use]
    pub fn opponent_move_mask(&self) -> u64 {
        board::moves(self.opponent, self.player)
    }

    /// The discs that `mv` would flip (0 for the pass or an illegal move).
    #[must_use]
    pub fn flips(&self, mv: OthelloMove) -> u64 {
        match mv.square() {
            Some(sq) if self.occupied() & (1u64 << sq) == 0 => {
                board::flips(self.player, self.opponent, u32::from(sq))
            }
            _ => 0,
        }
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: OthelloMove) -> bool {
        let mask = self.move_mask();
        match mv.square() {
            Some(sq) => mask & (1u64 << sq) != 0,
            None => mv == OthelloMove::PASS && mask == 0 && self.opponent_move_mask() != 0,
        }
    }

    /// The image of the position under board symmetry `index` (0..[`SYMMETRIES`];
    /// 0 is the identity), with the same side to move.
    #[must_use]
    pub fn symmetric(&self, index: usize) -> Othello {
        Othello {
            player: board::symmetry(self.player, index),
            opponent: board::symmetry(self.opponent, index),
            side: self.side,
        }
    }

    /// The hash of a board given by Black's and White's discs and the side to move.
    fn hash_of(black: u64, white: u64, side: Side) -> u64 {
        splitmix64(splitmix64(splitmix64(black) ^ white) ^ SIDE_SALT[side.index()])
    }

    /// The disc difference for the side to move with empty squares going to the
    /// winner: the exact score of a finished game (FFO/Edax convention).
    #[must_use]
    pub fn final_disc_difference(&self) -> i32 {
        let mine = self.player.count_ones() as i32;
        let theirs = self.opponent.count_ones() as i32;
        let empties = MAX_SCORE - mine - theirs;
        match mine.cmp(&theirs) {
            Ordering::Greater => mine - theirs + empties,
            Ordering::Less => mine - theirs - empties,
            Ordering::Equal => 0,
        }
    }

    /// The legal moves as a comma-separated list, for error messages.
    fn legal_move_list(&self) -> String {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return "none, the game is over".to_owned();
        }
        moves
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for Othello {
    /// An 8x8 diagram, row 8 at the top as on a printed board, `X` black, `O` white,
    /// `-` empty, then the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  a b c d e f g h")?;
        for row in (0..BOARD_SIDE).rev() {
            write!(f, "{}", row + 1)?;
            for column in 0..BOARD_SIDE {
                let c = match self.disc_at(row * BOARD_SIDE + column) {
                    Some(Side::First) => 'X',
                    Some(Side::Second) => 'O',
                    None => '-',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "{} to move", colour_name(self.side))
    }
}

/// For each square, the corner it touches when it is an X- or C-square, and whether it
/// is the X-square (diagonal neighbour); `None` elsewhere.
static CORNER_NEIGHBOURS: [Option<(u8, bool)>; 64] = build_corner_neighbours();

/// Builds [`CORNER_NEIGHBOURS`] when compiling.
const fn build_corner_neighbours() -> [Option<(u8, bool)>; 64] {
    const CORNERS: [u8; 4] = [0, 7, 56, 63];
    let mut table = [None; 64];
    let mut square = 0u8;
    while square < SQUARES {
        let (row, column) = ((square / BOARD_SIDE) as i32, (square % BOARD_SIDE) as i32);
        let mut i = 0;
        while i < CORNERS.len() {
            let corner = CORNERS[i];
            let dr = row - (corner / BOARD_SIDE) as i32;
            let dc = column - (corner % BOARD_SIDE) as i32;
            let touches = dr.abs() <= 1 && dc.abs() <= 1 && (dr != 0 || dc != 0);
            if touches {
                table[square as usize] = Some((corner, dr != 0 && dc != 0));
            }
            i += 1;
        }
        square += 1;
    }
    table
}

/// Whether `square` lies on the edge of the board.
fn is_edge(square: u8) -> bool {
    let (row, column) = (square / BOARD_SIDE, square % BOARD_SIDE);
    row == 0 || row == BOARD_SIDE - 1 || column == 0 || column == BOARD_SIDE - 1
}

/// Whether `square` is a corner.
fn is_corner(square: u8) -> bool {
    let (row, column) = (square / BOARD_SIDE, square % BOARD_SIDE);
    (row == 0 || row == BOARD_SIDE - 1) && (column == 0 || column == BOARD_SIDE - 1)
}

impl Game for Othello {
    type Move = OthelloMove;

    const NAME: &'static str = "othello";

    /// 64 squares and the pass.
    const MOVE_SLOTS: usize = SQUARES as usize + 1;

    /// 60 placements, with room for the passes between them.
    const MAX_PLIES: usize = 128;

    const PERFT_CONVENTION: PerftConvention = PerftConvention::FinishedIsLeaf;

    fn side_to_move(&self) -> Side {
        self.side
    }

    /// Squares in ascending order (A1, B1, …, H8); a lone pass when only the opponent
    /// can move; nothing when the game is over.
    fn legal_moves(&self, out: &mut Vec<OthelloMove>) {
        out.clear();
        let mut mask = self.move_mask();
        if mask == 0 {
            if self.opponent_move_mask() != 0 {
                out.push(OthelloMove::PASS);
            }
            return;
        }
        while mask != 0 {
            out.push(OthelloMove(mask.trailing_zeros() as u8));
            mask &= mask - 1;
        }
    }

    fn play(&self, mv: OthelloMove) -> Othello {
        debug_assert!(self.is_legal(mv), "illegal move {mv} in\n{self}");
        let side = self.side.other();
        match mv.square() {
            None => Othello {
                player: self.opponent,
                opponent: self.player,
                side,
            },
            Some(sq) => {
                let flipped = board::flips(self.player, self.opponent, u32::from(sq));
                Othello {
                    player: self.opponent ^ flipped,
                    opponent: self.player ^ flipped ^ (1u64 << sq),
                    side,
                }
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.move_mask() != 0 || self.opponent_move_mask() != 0 {
            return None;
        }
        Some(
            match self.player.count_ones().cmp(&self.opponent.count_ones()) {
                Ordering::Greater => Outcome::Win,
                Ordering::Less => Outcome::Loss,
                Ordering::Equal => Outcome::Draw,
            },
        )
    }

    /// Native and shortest-win: [`Othello::final_disc_difference`] (the length of an
    /// Othello game carries no meaning); win-loss: its sign.
    fn terminal_score(&self, scoring: Scoring) -> i32 {
        let difference = self.final_disc_difference();
        match scoring {
            Scoring::Native | Scoring::ShortestWin => difference,
            Scoring::WinLoss => difference.signum(),
        }
    }

    fn score_range(&self, scoring: Scoring) -> (i32, i32) {
        match scoring {
            Scoring::Native | Scoring::ShortestWin => (-MAX_SCORE, MAX_SCORE),
            Scoring::WinLoss => (-1, 1),
        }
    }

    fn hash(&self) -> u64 {
        Othello::hash_of(self.black(), self.white(), self.side)
    }

    /// The smallest hash over the 8 rotations and reflections of the board.
    fn canonical_hash(&self) -> u64 {
        let (black, white) = (self.black(), self.white());
        (0..SYMMETRIES)
            .map(|i| {
                Othello::hash_of(
                    board::symmetry(black, i),
                    board::symmetry(white, i),
                    self.side,
                )
            })
            .min()
            .unwrap_or_else(|| self.hash())
    }

    const NET_INPUTS: usize = 2 * SQUARES as usize;

    /// Squares `a1` to `h8` as the moves number them.
    fn net_input(&self, out: &mut [f32]) {
        let (mine, theirs) = (self.player, self.opponent);
        super::write_planes(
            out,
            SQUARES as usize,
            |c| mine & (1 << c) != 0,
            |c| theirs & (1 << c) != 0,
        );
    }

    fn move_index(mv: OthelloMove) -> usize {
        usize::from(mv.0.min(SQUARES))
    }

    fn move_to_string(mv: OthelloMove) -> String {
        mv.to_string()
    }

    /// Accepts `d3`/`D3`, and `pass`/`PS` in any case, with surrounding spaces.
    /// Columns in errors are 1-based within `text`.
    fn parse_move(&self, text: &str) -> Result<OthelloMove, FormatError> {
        let leading = text.chars().take_while(|c| c.is_whitespace()).count();
        let trimmed = text.trim();
        let first_column = leading + 1;
        if trimmed.is_empty() {
            return Err(FormatError::at_column(
                first_column,
                "missing move: expected a square such as d3, or pass",
            ));
        }
        if trimmed.eq_ignore_ascii_case("pass") || trimmed.eq_ignore_ascii_case("ps") {
            if self.is_legal(OthelloMove::PASS) {
                return Ok(OthelloMove::PASS);
            }
            return Err(FormatError::at_column(
                first_column,
                format!(
                    "{} cannot pass here (legal moves: {})",
                    colour_name(self.side),
                    self.legal_move_list()
                ),
            ));
        }
        let mut chars = trimmed.chars();
        let column_char = chars.next().unwrap_or(' ').to_ascii_lowercase();
        if !('a'..='h').contains(&column_char) {
            return Err(FormatError::at_column(
                first_column,
                format!(
                    "bad move '{trimmed}': expected a column letter a-h followed by a row 1-8, or pass"
                ),
            ));
        }
        let row_char = chars.next();
        let Some(row_char) = row_char.filter(|c| ('1'..='8').contains(c)) else {
            return Err(FormatError::at_column(
                first_column + 1,
                format!("bad move '{trimmed}': expected a row 1-8 after the column letter"),
            ));
        };
        if chars.next().is_some() {
            return Err(FormatError::at_column(
                first_column + 2,
                format!("bad move '{trimmed}': unexpected text after the square"),
            ));
        }
        let column = column_char as u8 - b'a';
        let row = row_char as u8 - b'1';
        let mv = OthelloMove(row * BOARD_SIDE + column);
        if !self.is_legal(mv) {
            return Err(FormatError::at_column(
                first_column,
                format!(
                    "{mv} is not a legal move for {} here (legal moves: {})",
                    colour_name(self.side),
                    self.legal_move_list()
                ),
            ));
        }
        Ok(mv)
    }

    fn plies_played(&self) -> usize {
        self.discs().saturating_sub(CENTRE.count_ones()) as usize
    }

    /// Corners first, then edges, then the interior; an X- or C-square next to an empty
    /// corner last.
    fn move_order_hint(&self, mv: OthelloMove) -> i32 {
        let Some(square) = mv.square() else {
            return HINT_PASS;
        };
        if is_corner(square) {
            return HINT_CORNER;
        }
        if let Some((corner, diagonal)) = CORNER_NEIGHBOURS[usize::from(square)]
            && self.occupied() & (1u64 << corner) == 0
        {
            return if diagonal {
                HINT_X_SQUARE
            } else {
                HINT_C_SQUARE
            };
        }
        if is_edge(square) {
            HINT_EDGE
        } else {
            HINT_INTERIOR
        }
    }

    /// Bulk-counting bitboard perft: the same numbers as
    /// [`perft_generic`](super::perft_generic), an order of magnitude faster.
    fn perft(&self, depth: u32, convention: PerftConvention) -> u64 {
        let finished = match convention {
            PerftConvention::FinishedIsLeaf => 1,
            PerftConvention::FinishedIsDropped => 0,
        };
        board::perft(
            self.player,
            self.opponent,
            depth,
            board::FinishedValue(finished),
        )
    }
}
