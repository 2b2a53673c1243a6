//! Connect Four's static evaluators.

use super::*;

/// Static evaluations for Connect Four. Every value lies in
/// `-HEURISTIC_LIMIT ..= HEURISTIC_LIMIT`, strictly between native scoring's proven
/// losses and wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Connect4Eval {
    /// Always 0: only proven results count.
    Zero,
    /// Threats, after Allis's zugzwang rule: the first player wants threats (empty
    /// cells that would complete its four) on odd rows, counted from 1 at the bottom,
    /// the second player on even rows. [`WIN_NEXT`] when the side to move wins with its
    /// next stone, its negative when the opponent wins whatever the side to move does
    /// (two playable winning cells, or one with another right above it). Otherwise, of
    /// the threats that are not above an opponent's threat in their column, only the
    /// lowest in each column can decide a filled-up board: 20 for the one side whose
    /// lowest threat in some column is on its own rows (0 when both have one), 4 per
    /// such threat, 1 per other threat, 6 per threat right above another of the same
    /// side's; 2 per window of four with two of the side's stones and none of the
    /// opponent's (these windows already favour the centre). Once 22 stones are down,
    /// Allis's claimeven fill-in adds 10 for one side: every empty cell on the first
    /// player's rows is given to it, every other to the second player, and the side
    /// whose four this completes earliest (its highest filled-in cell lowest) gets it.
    /// The difference between the two sides, within `-HEURISTIC_BAND ..= HEURISTIC_BAND`,
    /// for the side to move.
    #[default]
    Threats,
}

/// [`Connect4Eval::Threats`]' value of a position whose side to move wins with its next
/// stone (the negative: whose opponent wins whatever it plays).
pub const WIN_NEXT: i32 = 90;
/// [`Connect4Eval::Threats`]' other values lie within plus or minus this.
pub const HEURISTIC_BAND: i32 = 80;
/// For the one side with a threat on its own rows (Allis: odd for the first player).
const CONTROL: i32 = 20;
/// Per threat on the side's own rows that is the lowest in its column.
const GOOD_THREAT: i32 = 4;
/// Per other threat.
const OTHER_THREAT: i32 = 1;
/// Per threat right above another of the same side's.
const STACKED_THREAT: i32 = 6;
/// Per window of four with two own stones and no opponent's.
const OPEN_TWO: i32 = 2;
/// For the side that wins the claimeven fill-in (see [`fill_in_row`]).
const FILL_IN: i32 = 10;
/// The fill-in counts once this many stones are down: earlier, with most of the board
/// empty, whole empty rows make fours and say little.
const FILL_IN_FROM: u8 = 22;

/// The rows 1, 3 and 5 counted from 1 at the bottom (0, 2 and 4 from 0): the first
/// player's good threats.
const ODD_ROWS: u64 = BOTTOM_MASK * 0b01_0101;

/// Every window of four cells in a line: 69 masks.
const WINDOWS: [u64; 69] = windows();

const fn windows() -> [u64; 69] {
    let mut out = [0u64; 69];
    let mut n = 0;
    // (column step, row step) for horizontal, vertical and the two diagonals.
    let steps: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut s = 0;
    while s < 4 {
        let (dc, dr) = steps[s];
        let mut col = 0;
        while col < WIDTH as i32 {
            let mut row = 0;
            while row < HEIGHT as i32 {
                let (end_col, end_row) = (col + 3 * dc, row + 3 * dr);
                if end_col < WIDTH as i32 && end_row >= 0 && end_row < HEIGHT as i32 {
                    let mut mask = 0u64;
                    let mut k = 0;
                    while k < 4 {
                        let bit = (col + k * dc) as usize * COLUMN_BITS + (row + k * dr) as usize;
                        mask |= 1 << bit;
                        k += 1;
                    }
                    out[n] = mask;
                    n += 1;
                }
                row += 1;
            }
            col += 1;
        }
        s += 1;
    }
    out
}

/// The cells above any of `cells` in their columns.
fn above(cells: u64) -> u64 {
    let mut up = cells;
    let mut all = 0;
    for _ in 1..HEIGHT {
        up = (up << 1) & BOARD_MASK;
        all |= up;
    }
    all
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

    /// The largest magnitude this evaluator returns.
    #[must_use]
    pub fn bound(self) -> i32 {
        match self {
            Connect4Eval::Zero => 0,
            Connect4Eval::Threats => WIN_NEXT,
        }
    }
}

/// One side's threats value: `live` its winning cells that are not above an opponent's,
/// `good` those that count on its own rows (the lowest in their column), `stones` and
/// `other` both sides' stones.
fn side_value(live: u64, good: u64, stones: u64, other: u64) -> i32 {
    let count = |bits: u64| bits.count_ones() as i32;
    let mut value = GOOD_THREAT * count(good)
        + OTHER_THREAT * count(live & !good)
        + STACKED_THREAT * count(live & (live << 1));
    for w in WINDOWS {
        if w & other == 0 && count(w & stones) == 2 {
            value += OPEN_TWO;
        }
    }
    value
}

/// Allis's claimeven fill-in for one side: `filled` its stones together with the empty
/// cells of its rows, `empty` the empty cells. Each four that lies in `filled` and needs
/// at least one empty cell is completed when its highest empty cell is filled; the
/// lowest such row (from 0) over those fours, the four completed first as the columns
/// fill up. `None` when the fill-in gives the side no four.
fn fill_in_row(filled: u64, empty: u64) -> Option<u32> {
    WINDOWS
        .iter()
        .filter(|&&w| w & !filled == 0 && w & empty != 0)
        .map(|&w| {
            // The highest row of the window's empty cells.
            let mut cells = w & empty;
            let mut row = 0;
            while cells != 0 {
                row = row.max(cells.trailing_zeros() % COLUMN_BITS as u32);
                cells &= cells - 1;
            }
            row
        })
        .min()
}

/// The threats value of `pos` (not finished) for the side to move.
fn threats(pos: &Connect4) -> i32 {
    let own = pos.position;
    let opponent = pos.position ^ pos.mask;
    let own_cells = winning_cells(own, pos.mask);
    let opponent_cells = winning_cells(opponent, pos.mask);
    let playable = pos.possible();
    if own_cells & playable != 0 {
        return WIN_NEXT;
    }
    let forced = opponent_cells & playable;
    if forced & forced.wrapping_sub(1) != 0 || (forced << 1) & opponent_cells != 0 {
        return -WIN_NEXT;
    }
    // The first player moves when an even number of stones is down.
    let (own_rows, opponent_rows) = if pos.moves.is_multiple_of(2) {
        (ODD_ROWS, BOARD_MASK ^ ODD_ROWS)
    } else {
        (BOARD_MASK ^ ODD_ROWS, ODD_ROWS)
    };
    let own_live = own_cells & !above(opponent_cells);
    let opponent_live = opponent_cells & !above(own_cells);
    // The lowest live threat of each column, whichever side's: the others in the column
    // are above it and come into play only after it.
    let all_live = own_live | opponent_live;
    let lowest = all_live & !above(all_live);
    let own_good = own_live & lowest & own_rows;
    let opponent_good = opponent_live & lowest & opponent_rows;
    let control = match (own_good != 0, opponent_good != 0) {
        (true, false) => CONTROL,
        (false, true) => -CONTROL,
        _ => 0,
    };
    let fill_in = if pos.moves >= FILL_IN_FROM {
        let empty = BOARD_MASK ^ pos.mask;
        let own_row = fill_in_row(own | (empty & own_rows), empty);
        let opponent_row = fill_in_row(opponent | (empty & opponent_rows), empty);
        // The two sides' rows differ in parity: never equal.
        match (own_row, opponent_row) {
            (Some(a), Some(b)) if a < b => FILL_IN,
            (Some(_), None) => FILL_IN,
            (_, Some(_)) => -FILL_IN,
            (None, None) => 0,
        }
    } else {
        0
    };
    let value = control + fill_in + side_value(own_live, own_good, own, opponent)
        - side_value(opponent_live, opponent_good, opponent, own);
    value.clamp(-HEURISTIC_BAND, HEURISTIC_BAND)
}

impl Evaluator<Connect4> for Connect4Eval {
    fn evaluate(&self, pos: &Connect4) -> i32 {
        match self {
            Connect4Eval::Zero => 0,
            Connect4Eval::Threats => threats(pos),
        }
    }
}
