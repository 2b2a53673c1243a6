//! Move lists and the ordering keys' parts: the moves of a deep node with their flips,
//! selection of the best-keyed one, and the keys' terms (fastest-first with corner
//! stability, potential mobility and quadrant parity, the square values, the mobility
//! evaluation of the shallow search). The searcher's ordering that combines them is in
//! `ordering.rs`.

use super::params::{
    C_SQUARES, CORNERS, EDGES, NOT_A, NOT_H, PARITY_ORDER_MAX_EMPTIES, QUADRANT_BIT, QUADRANTS,
    SHALLOW_ORDER_MAX_DEPTH, SHALLOW_ORDER_STEP, TT_MIN_EMPTIES, X_SQUARES,
};
use super::stability::corner_stability;
use crate::game::othello::board::{flips, moves};

/// A legal move with its flips and its ordering key.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Move {
    pub(super) flips: u64,
    pub(super) square: u8,
    pub(super) key: i32,
}

impl Move {
    /// `p`'s move on the empty `square` (its flips; no key yet).
    #[inline]
    pub(super) fn on(p: u64, o: u64, square: u32) -> Move {
        Move {
            flips: flips(p, o, square),
            square: square as u8,
            key: 0,
        }
    }
}

/// The most legal moves an Othello position can have is 33; room for more.
pub(super) const MAX_MOVES: usize = 40;

/// A list of moves in a buffer borrowed from the searcher's pool (so that a node
/// neither allocates nor clears a fixed array).
pub(super) struct MoveList {
    pub(super) moves: Vec<Move>,
    pub(super) len: usize,
}

impl MoveList {
    /// Fills `buffer` with the moves of `mask` and their flips.
    #[inline]
    pub(super) fn fill(mut buffer: Vec<Move>, p: u64, o: u64, mut mask: u64) -> MoveList {
        buffer.clear();
        while mask != 0 {
            let square = mask.trailing_zeros();
            mask &= mask - 1;
            buffer.push(Move::on(p, o, square));
        }
        let len = buffer.len();
        MoveList { moves: buffer, len }
    }

    /// Brings the best-keyed move among `i..` to position `i` (see [`select`]).
    #[inline]
    pub(super) fn select(&mut self, i: usize) -> Move {
        select(&mut self.moves[..self.len], i)
    }
}

/// Brings the best-keyed move among `moves[i..]` to position `i` and returns it
/// (selection sort, one step: most nodes cut off after the first move or two; the first
/// of equal keys wins).
#[inline]
pub(super) fn select(moves: &mut [Move], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..moves.len() {
        if moves[j].key > moves[best].key {
            best = j;
        }
    }
    moves.swap(i, best);
    moves[i]
}

/// The position after `p` plays `m`, seen from the new side to move.
#[inline]
pub(super) fn child(p: u64, o: u64, m: &Move) -> (u64, u64) {
    (o ^ m.flips, p ^ m.flips ^ (1u64 << m.square))
}

/// A small static value of each square for tie-breaks in move ordering.
pub(super) const SQUARE_VALUE: [i32; 64] = {
    let mut out = [0i32; 64];
    let mut sq = 0;
    while sq < 64 {
        let bit = 1u64 << sq;
        out[sq] = if bit & CORNERS != 0 {
            18
        } else if bit & X_SQUARES != 0 {
            1
        } else if bit & C_SQUARES != 0 {
            4
        } else if bit & EDGES != 0 {
            12
        } else {
            8
        };
        sq += 1;
    }
    out
};

/// The squares next to any disc of `x` (x itself included).
#[inline]
fn neighbours(x: u64) -> u64 {
    let row = x | ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
    row | (row << 8) | (row >> 8)
}

/// The moves of `mask`, corners counted twice.
#[inline]
pub(super) fn weighted_count(mask: u64) -> i32 {
    (mask.count_ones() + (mask & CORNERS).count_ones()) as i32
}

/// Empty squares next to an opponent disc: where `p` may get moves later.
#[inline]
pub(super) fn potential_mobility(p: u64, o: u64) -> i32 {
    (neighbours(o) & !(p | o) & !CORNERS).count_ones() as i32
}

/// The ordering key of a deep node's move with the pattern evaluation: the shallow
/// search's value (1/32 disc) plus `PATTERN_MOBILITY_WEIGHT[d]` per weighted reply the
/// opponent lacks, `d` the depth of the shallow search (index 0 unused), plus a disc
/// per corner-stable disc of the mover. The less the search sees, the more the replies
/// count: 6.25 discs per reply after one ply, 3.75 after two, 1.9 after three or four.
/// Millions of nodes of FFO #40-#49 / #20-#39 / #50-#52 against 2.5 discs at every
/// depth and no stability term (session 6): 562.1 / 88.1 / 872.0 against 597.2 / 91.3
/// / 978.4 (without the stability term: 570.0 / 89.2 / 907.8).
pub(super) const PATTERN_MOBILITY_WEIGHT: [i32; SHALLOW_ORDER_MAX_DEPTH as usize + 1] =
    [0, 200, 120, 60, 60];

/// The unit of the ordering evaluations: 1/32 of a disc.
pub(super) const ORDER_UNIT: i32 = 32;

/// A cheap midgame evaluation for move ordering only, from `p`'s side: mobility
/// (corners weigh double), potential mobility, corners and corner-stable discs.
#[inline]
pub(super) fn order_eval(p: u64, o: u64) -> i32 {
    let mp = moves(p, o);
    let mo = moves(o, p);
    let mobility = weighted_count(mp) - weighted_count(mo);
    let potential = potential_mobility(p, o) - potential_mobility(o, p);
    let stable = corner_stability(p) - corner_stability(o);
    8 * mobility + 2 * potential + 24 * stable
}

// order_small serves the nodes below TT_MIN_EMPTIES: parity always counts there.
const _: () = assert!(PARITY_ORDER_MAX_EMPTIES > TT_MIN_EMPTIES);

/// The fastest-first key of the move to `square` leading to `(np, no)` (the opponent
/// to move): fewest weighted replies first, then the mover's corner-stable discs, the
/// parity bonus (a move into an odd quadrant, when `use_parity`), the square's value.
#[inline(always)]
pub(super) fn fastest_first_key(
    np: u64,
    no: u64,
    square: u8,
    parity: u32,
    use_parity: bool,
) -> i32 {
    let mut key = ((36 - weighted_count(moves(np, no))) << 15)
        + (corner_stability(no) << 11)
        + SQUARE_VALUE[square as usize];
    if use_parity && parity & QUADRANT_BIT[square as usize] != 0 {
        key += 1 << 10;
    }
    key
}

/// The quadrant-parity word (bit q set when quadrant q holds an odd number of empties).
#[inline]
pub(super) fn parity_of(empty: u64) -> u32 {
    let mut parity = 0;
    for (q, &mask) in QUADRANTS.iter().enumerate() {
        parity |= ((empty & mask).count_ones() & 1) << q;
    }
    parity
}

/// The depth of the ordering search at a deep node with `empties` empties when the
/// shallow ordering starts at `from` empties (0 = none): 1 ply more for every
/// [`SHALLOW_ORDER_STEP`] empties above `from`, at most [`SHALLOW_ORDER_MAX_DEPTH`].
#[inline]
pub(super) fn shallow_order_depth(empties: u32, from: u32) -> u32 {
    if empties < from {
        0
    } else {
        (1 + (empties - from) / SHALLOW_ORDER_STEP).min(SHALLOW_ORDER_MAX_DEPTH)
    }
}
