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

/// Shortest-win scoring (seed 002): an X win after `m` stones is worth
/// `(SHORTEST_WIN_X_BASE - m) / 2` to X, an O win `(m - SHORTEST_WIN_O_BASE) / 2`.
const SHORTEST_WIN_X_BASE: i32 = 11;
/// See [`SHORTEST_WIN_X_BASE`].
const SHORTEST_WIN_O_BASE: i32 = 10;
/// The largest shortest-win value either side can reach (X winning with its 3rd stone,
/// 5 stones in all). Negamax values at any node lie within plus or minus this.
const SHORTEST_WIN_MAX: i32 = 3;

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
        match scoring {
            Scoring::Native | Scoring::WinLoss => sign,
            Scoring::ShortestWin => {
                let stones = self.plies_played() as i32;
                let for_x = match winner {
                    Side::First => (SHORTEST_WIN_X_BASE - stones) / 2,
                    Side::Second => (stones - SHORTEST_WIN_O_BASE) / 2,
                };
                match self.side {
                    Side::First => for_x,
                    Side::Second => -for_x,
                }
            }
        }
    }

    fn score_range(&self, scoring: Scoring) -> (i32, i32) {
        match scoring {
            Scoring::Native | Scoring::WinLoss => (-1, 1),
            Scoring::ShortestWin => (-SHORTEST_WIN_MAX, SHORTEST_WIN_MAX),
        }
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

/// Static evaluations for tic-tac-toe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TicTacToeEval {
    /// Always 0: the search sees only finished games.
    Zero,
    /// Open lines: every line with none of the opponent's stones counts for the side to
    /// move, weighted 1, 2, 3 by how many of its own stones it holds, minus the same sum
    /// for the opponent. Values stay within plus or minus 24.
    #[default]
    Lines,
}

impl TicTacToeEval {
    /// Every evaluator, in the order the UI lists them.
    pub const ALL: [TicTacToeEval; 2] = [TicTacToeEval::Zero, TicTacToeEval::Lines];

    /// The name used in the CLI, the app and session files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TicTacToeEval::Zero => "zero",
            TicTacToeEval::Lines => "lines",
        }
    }

    /// The evaluator called `name` (as [`TicTacToeEval::name`] writes it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.name() == name)
    }
}

fn open_lines_score(own: u16, opponent: u16) -> i32 {
    LINES
        .iter()
        .filter(|&&line| line & opponent == 0)
        .map(|&line| {
            let stones = (line & own).count_ones() as usize;
            LINE_WEIGHT_BY_STONES[stones.min(LINE_WEIGHT_BY_STONES.len() - 1)]
        })
        .sum()
}

impl Evaluator<TicTacToe> for TicTacToeEval {
    fn evaluate(&self, pos: &TicTacToe) -> i32 {
        match self {
            TicTacToeEval::Zero => 0,
            TicTacToeEval::Lines => {
                let own = pos.stones_of(pos.side);
                let opponent = pos.stones_of(pos.side.other());
                open_lines_score(own, opponent) - open_lines_score(opponent, own)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn pos(text: &str) -> TicTacToe {
        parse_ttt(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn shipped_class_suite_is_the_627_open_classes() {
        let text = include_str!("../../assets/tictactoe/classes-627.ttt");
        let shipped: Vec<TicTacToe> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(pos)
            .collect();
        let expected: Vec<TicTacToe> = TicTacToe::canonical_classes()
            .into_iter()
            .filter(|p| p.outcome().is_none())
            .collect();
        assert_eq!(shipped.len(), 627);
        assert_eq!(shipped, expected);
    }

    fn parse_err(text: &str) -> FormatError {
        match parse_ttt(text) {
            Ok(p) => panic!("{text:?} parsed as {p}"),
            Err(e) => e,
        }
    }

    /// Every node of the game tree below `p`, `p` included, and the complete games.
    fn tree_size(p: &TicTacToe) -> (u64, u64) {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            return (1, 1);
        }
        let mut nodes = 1;
        let mut games = 0;
        for &mv in &moves {
            let (n, g) = tree_size(&p.play(mv));
            nodes += n;
            games += g;
        }
        (nodes, games)
    }

    #[test]
    fn reachable_positions_and_classes() {
        let all = TicTacToe::all_reachable();
        assert_eq!(all.len(), 5478);
        assert_eq!(all[0], TicTacToe::new());
        let distinct: HashSet<_> = all.iter().map(|p| (p.x, p.o, p.side)).collect();
        assert_eq!(distinct.len(), 5478);
        assert!(
            all.windows(2)
                .all(|w| w[0].plies_played() <= w[1].plies_played())
        );

        let classes = TicTacToe::canonical_classes();
        assert_eq!(classes.len(), 765);
        assert_eq!(
            classes.iter().filter(|p| p.outcome().is_none()).count(),
            627
        );
        let hashes: HashSet<_> = classes.iter().map(Game::canonical_hash).collect();
        assert_eq!(hashes.len(), 765);
        assert_eq!(
            TicTacToe::canonical_classes(),
            classes,
            "deterministic order"
        );
    }

    #[test]
    fn legality_rules_match_reachability() {
        // Every board of 3^9 whose masks pass the checks is reachable, and no other.
        let reachable: HashSet<_> = TicTacToe::all_reachable()
            .iter()
            .map(|p| (p.x, p.o))
            .collect();
        let mut legal = 0;
        for code in 0..3u32.pow(9) {
            let (mut x, mut o, mut rest) = (0u16, 0u16, code);
            for cell in 0..CELLS {
                match rest % 3 {
                    1 => x |= 1 << cell,
                    2 => o |= 1 << cell,
                    _ => {}
                }
                rest /= 3;
            }
            let ok = TicTacToe::from_masks(x, o).is_ok();
            assert_eq!(ok, reachable.contains(&(x, o)), "x={x:09b} o={o:09b}");
            legal += usize::from(ok);
        }
        assert_eq!(legal, 5478);
    }

    #[test]
    fn full_game_tree() {
        assert_eq!(tree_size(&TicTacToe::new()), (549_946, 255_168));
    }

    #[test]
    fn perft_both_conventions() {
        let start = TicTacToe::new();
        let dropped = [1, 9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872];
        for (depth, &expected) in dropped.iter().enumerate() {
            assert_eq!(
                start.perft(depth as u32, TicTacToe::PERFT_CONVENTION),
                expected
            );
        }
        assert_eq!(start.perft(9, PerftConvention::FinishedIsLeaf), 255_168);
        assert_eq!(start.perft(12, PerftConvention::FinishedIsLeaf), 255_168);
        assert_eq!(start.perft(10, PerftConvention::FinishedIsDropped), 0);
        // Sum over depths of the dropped counts is the full tree.
        assert_eq!(dropped.iter().sum::<u64>(), 549_946);
    }

    #[test]
    fn moves_outcomes_and_scores() {
        let start = TicTacToe::new();
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        assert_eq!(moves, (0..9).map(TttMove).collect::<Vec<_>>());
        assert_eq!(start.side_to_move(), Side::First);
        assert_eq!(start.outcome(), None);

        // X wins on the 5th stone: O to move has lost.
        let x_won = pos("XXXOO....");
        assert_eq!(x_won.side_to_move(), Side::Second);
        x_won.legal_moves(&mut moves);
        assert!(moves.is_empty());
        assert_eq!(x_won.outcome(), Some(Outcome::Loss));
        assert_eq!(x_won.terminal_score(Scoring::Native), -1);
        assert_eq!(x_won.terminal_score(Scoring::WinLoss), -1);
        assert_eq!(x_won.terminal_score(Scoring::ShortestWin), -3);

        // X wins on 7 and 9 stones, O on 6 and 8.
        assert_eq!(pos("XXXOO.OX.").terminal_score(Scoring::ShortestWin), -2);
        assert_eq!(pos("XXXOOXOOX").terminal_score(Scoring::ShortestWin), -1);
        let o_won6 = pos("OOOXX.X..");
        assert_eq!(o_won6.side_to_move(), Side::First);
        assert_eq!(o_won6.outcome(), Some(Outcome::Loss));
        assert_eq!(o_won6.terminal_score(Scoring::ShortestWin), -2);
        assert_eq!(pos("OOOXXOX.X").terminal_score(Scoring::ShortestWin), -1);

        let draw = pos("XOXXOOOXX");
        assert_eq!(draw.outcome(), Some(Outcome::Draw));
        for scoring in Scoring::ALL {
            assert_eq!(draw.terminal_score(scoring), 0);
        }
        assert_eq!(start.score_range(Scoring::WinLoss), (-1, 1));
        assert_eq!(start.score_range(Scoring::ShortestWin), (-3, 3));
    }

    #[test]
    fn terminal_scores_stay_in_range() {
        for p in TicTacToe::all_reachable()
            .iter()
            .filter(|p| p.outcome().is_some())
        {
            for scoring in Scoring::ALL {
                let (lo, hi) = p.score_range(scoring);
                let score = p.terminal_score(scoring);
                assert!(lo <= score && score <= 0 && score <= hi, "{p} {scoring:?}");
            }
        }
    }

    #[test]
    fn format_round_trip() {
        for p in TicTacToe::all_reachable() {
            let text = to_ttt(&p);
            assert_eq!(parse_ttt(&text), Ok(p));
            assert_eq!(parse_ttt(&text[..CELLS]), Ok(p), "side derived from counts");
        }
        assert_eq!(to_ttt(&TicTacToe::new()), "......... X");
        assert_eq!(pos("  x-o_..... "), pos("X.O...... X"));
        assert_eq!(pos("X...O....\tx").side_to_move(), Side::First);
        assert_eq!(
            "X........".parse::<TicTacToe>().map(|p| p.to_string()),
            Ok("X........ O".into())
        );
    }

    #[test]
    fn bad_inputs_name_the_column() {
        let cases: &[(&str, usize, &str)] = &[
            ("", 1, "no board"),
            ("   ", 4, "no board"),
            ("XO.", 4, "only 3 cells"),
            ("XO.X", 5, "only 4 cells"),
            ("..........", 10, "too many cells"),
            ("....#....", 5, "'#' is not a cell"),
            ("0........", 1, "'0' is not a cell"),
            (" ....é....", 6, "'é' is not a cell"),
            (".........  Y", 12, "'Y' is not a side"),
            (".........  XO", 12, "'XO' is not a side"),
            ("......... X extra", 13, "unexpected text"),
            (
                "......... O",
                11,
                "O to move, but both sides have as many stones",
            ),
            ("X........ X", 11, "X to move, but X has one more stone"),
        ];
        for &(text, column, message) in cases {
            let e = parse_err(text);
            assert_eq!((e.line, e.column), (0, column), "{text:?}: {e}");
            assert!(e.message.contains(message), "{text:?}: {e}");
        }
    }

    #[test]
    fn impossible_positions_are_rejected() {
        let cases: &[(&str, &str)] = &[
            ("O........", "1 more O than X"),
            ("OO.X.....", "1 more O than X"),
            ("XXX......", "3 more X than O"),
            ("XX.......", "2 more X than O"),
            ("XXXOOO.X.", "both X and O have three in a row"),
            ("XXXOO.O..", "X has three in a row but O played after it"),
            ("OOOXX.XX.", "O has three in a row but X played after it"),
        ];
        for &(text, message) in cases {
            let e = parse_err(text);
            assert_eq!(e.column, 0, "{text}");
            assert!(e.message.contains(message), "{text:?}: {e}");
        }
        // Two X lines through the last stone are a legal ending.
        let double = pos("XXXXOOXOO");
        assert_eq!(double.outcome(), Some(Outcome::Loss));
        assert!(TicTacToe::from_masks(1 << 9, 0).is_err());
    }

    #[test]
    fn parse_move_and_notation() {
        let start = TicTacToe::new();
        for cell in 0..9u8 {
            let name = TicTacToe::move_to_string(TttMove(cell));
            assert_eq!(start.parse_move(&name), Ok(TttMove(cell)));
            assert_eq!(start.parse_move(&name.to_uppercase()), Ok(TttMove(cell)));
        }
        assert_eq!(TicTacToe::move_to_string(TttMove(0)), "a1");
        assert_eq!(TicTacToe::move_to_string(TttMove(5)), "c2");
        assert_eq!(TicTacToe::move_to_string(TttMove(8)), "c3");
        let cases: &[(&str, usize, &str)] = &[
            ("d1", 1, "not a column"),
            (" b4", 3, "not a row"),
            ("b", 2, "missing the row"),
            ("b22", 3, "unexpected text"),
        ];
        for &(text, column, message) in cases {
            let e = start
                .parse_move(text)
                .err()
                .unwrap_or_else(|| panic!("{text}"));
            assert_eq!(e.column, column, "{text}: {e}");
            assert!(e.message.contains(message), "{text}: {e}");
        }
        assert!(start.parse_move("").is_err());
        assert!(
            pos("X........")
                .parse_move("a1")
                .is_err_and(|e| e.message.contains("taken"))
        );
        assert!(
            pos("XXXOO....")
                .parse_move("c3")
                .is_err_and(|e| e.message.contains("over"))
        );
    }

    #[test]
    fn symmetries_preserve_the_game() {
        let p = pos("XO..X...."); // X a1 b2, O b1: no symmetry maps it to itself
        let images = p.symmetries();
        assert_eq!(images[0], p);
        assert_eq!(images.iter().collect::<HashSet<_>>().len(), 8);
        // X a1, O b2: the main diagonal mirror fixes it, so the images pair up.
        let diagonal = pos("X...O....").symmetries();
        assert_eq!(diagonal.iter().collect::<HashSet<_>>().len(), 4);
        // A rotation by 90 degrees moves a1 to c1 (row 0 stays, column 0 -> 2).
        assert_eq!(images[1].cell(2), Some(Side::First));
        assert_eq!(TicTacToe::new().symmetries(), [TicTacToe::new(); 8]);
        for q in TicTacToe::all_reachable() {
            let c = q.canonical();
            assert_eq!(c.hash(), q.canonical_hash());
            for image in q.symmetries() {
                assert_eq!(image.canonical_hash(), q.canonical_hash());
                assert_eq!(image.canonical(), c);
                assert_eq!(image.outcome(), q.outcome());
                assert_eq!(image.plies_played(), q.plies_played());
                assert!(TicTacToe::from_masks(image.x, image.o).is_ok());
                assert_eq!(
                    TicTacToeEval::Lines.evaluate(&image),
                    TicTacToeEval::Lines.evaluate(&q)
                );
            }
        }
        // Each image group is closed: the symmetries of an image are the same set.
        let set: HashSet<_> = images.iter().copied().collect();
        for image in images {
            assert_eq!(
                image.symmetries().iter().copied().collect::<HashSet<_>>(),
                set
            );
        }
    }

    #[test]
    fn hashes_are_distinct() {
        let all = TicTacToe::all_reachable();
        let hashes: HashSet<_> = all.iter().map(Game::hash).collect();
        assert_eq!(hashes.len(), all.len());
    }

    #[test]
    fn hints_and_evaluators() {
        let start = TicTacToe::new();
        let hints: Vec<i32> = (0..9).map(|c| start.move_order_hint(TttMove(c))).collect();
        assert_eq!(hints, [1, 0, 1, 0, 2, 0, 1, 0, 1]);
        assert_eq!(TicTacToeEval::Lines.evaluate(&start), 0);
        assert_eq!(TicTacToeEval::Zero.evaluate(&pos("X........")), 0);
        // O to move after X took the centre: O keeps the 4 lines avoiding the centre
        // (weight 1 each); X has the 4 lines through it (weight 2) and the other 4.
        let centre = pos("....X....");
        assert_eq!(TicTacToeEval::Lines.evaluate(&centre), 4 - (4 * 2 + 4));
        for p in TicTacToe::all_reachable() {
            let v = TicTacToeEval::Lines.evaluate(&p);
            assert!(v.abs() <= 24, "{p}: {v}");
        }
        assert_eq!(TicTacToeEval::default(), TicTacToeEval::Lines);
        for e in TicTacToeEval::ALL {
            assert_eq!(TicTacToeEval::from_name(e.name()), Some(e));
        }
        assert_eq!(TicTacToeEval::from_name("nope"), None);
        assert_eq!(
            ron::to_string(&TicTacToeEval::Lines).ok().as_deref(),
            Some("lines")
        );
    }
}
