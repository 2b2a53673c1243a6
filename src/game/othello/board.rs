//! Bitboard kernels for Othello: move masks, flips, the eight board symmetries and the
//! bulk-counting perft walk.
//!
//! Everything here works on a pair of bitboards relative to the side to move (`p` the
//! player, `o` the opponent), square A1 = bit 0 … H8 = bit 63 (index = row * 8 + column).
//! Move generation is a parallel-prefix flood fill per direction (each direction
//! propagates runs of opponent discs from the player's discs in 4 shift steps instead
//! of 6); flips walk the eight rays of the played square with one bit-scan each, so
//! both are branch-free and need no lookup beyond a 4 KiB ray table.

/// Every square but those in columns A and H: a run of discs that a horizontal or
/// diagonal move flips never contains an edge column, so masking them stops a shift from
/// wrapping around to the next row.
const INNER_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// The bit shift of one step east (to the next column).
const STEP_EAST: u32 = 1;
/// The bit shift of one step north (to the next row).
const STEP_NORTH: u32 = 8;
/// The bit shift of one step north-west (next row, previous column).
const STEP_NORTH_WEST: u32 = 7;
/// The bit shift of one step north-east (next row, next column).
const STEP_NORTH_EAST: u32 = 9;

/// Board side length.
const SIDE: i32 = 8;

/// Ray directions as (row step, column step). The first four go towards higher bit
/// indices (nearest square = lowest bit), the last four towards lower ones (nearest
/// square = highest bit); [`flips`] relies on that split.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),   // east
    (1, 0),   // north
    (1, 1),   // north-east
    (1, -1),  // north-west
    (0, -1),  // west
    (-1, 0),  // south
    (-1, -1), // south-west
    (-1, 1),  // south-east
];

/// How many of [`DIRECTIONS`] point towards higher bit indices.
const POSITIVE_DIRECTIONS: usize = 4;

/// `RAYS[square][direction]`: the squares strictly beyond `square` in that direction, up
/// to the edge of the board.
static RAYS: [[u64; 8]; 64] = build_rays();

/// Builds [`RAYS`] when compiling.
const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let mut dir = 0;
        while dir < DIRECTIONS.len() {
            let (dr, dc) = DIRECTIONS[dir];
            let mut row = square as i32 / SIDE + dr;
            let mut col = square as i32 % SIDE + dc;
            let mut ray = 0u64;
            while row >= 0 && row < SIDE && col >= 0 && col < SIDE {
                ray |= 1u64 << (row * SIDE + col);
                row += dr;
                col += dc;
            }
            rays[square][dir] = ray;
            dir += 1;
        }
        square += 1;
    }
    rays
}

/// The squares where a disc of `p` would flip at least one disc of `o` along one
/// direction pair (`shift` and its opposite), `mask` being the opponent discs a run may
/// cross. Parallel prefix: two single steps cover runs of 1–2 discs, then two double
/// steps through pairs of maskable squares extend that to the longest possible run, 6.
#[inline(always)]
fn moves_along(p: u64, mask: u64, shift: u32) -> u64 {
    let mut up = mask & (p << shift);
    let mut down = mask & (p >> shift);
    up |= mask & (up << shift);
    down |= mask & (down >> shift);
    let pairs_up = mask & (mask << shift);
    let pairs_down = pairs_up >> shift;
    let double = shift * 2;
    up |= pairs_up & (up << double);
    down |= pairs_down & (down >> double);
    up |= pairs_up & (up << double);
    down |= pairs_down & (down >> double);
    (up << shift) | (down >> shift)
}

/// The legal moves of `p` against `o` as a bit mask (empty when `p` must pass or the
/// game is over).
#[inline]
#[must_use]
pub fn moves(p: u64, o: u64) -> u64 {
    let inner = o & INNER_COLUMNS;
    (moves_along(p, inner, STEP_EAST)
        | moves_along(p, o, STEP_NORTH)
        | moves_along(p, inner, STEP_NORTH_WEST)
        | moves_along(p, inner, STEP_NORTH_EAST))
        & !(p | o)
}

/// The discs of `o` that flip when `p` plays on the empty `square` (0 when the move is
/// not legal).
///
/// Per ray: the nearest square that is not an opponent disc ends the run; the run flips
/// when that square holds a player disc. Towards higher indices the nearest square is
/// the lowest set bit, towards lower indices the highest one (found with a leading-zero
/// count; the `| 1` keeps the count below 64, and `& ray` discards that guard bit).
#[inline(always)]
#[must_use]
pub fn flips(p: u64, o: u64, square: u32) -> u64 {
    let rays = &RAYS[square as usize];
    let mut flipped = 0u64;
    for &ray in &rays[..POSITIVE_DIRECTIONS] {
        let stop = ray & !o;
        let outflank = stop & stop.wrapping_neg() & p;
        flipped |= outflank.wrapping_sub(u64::from(outflank != 0)) & ray;
    }
    for &ray in &rays[POSITIVE_DIRECTIONS..] {
        let stop = (ray & !o) | 1;
        let outflank = ((1u64 << 63) >> stop.leading_zeros()) & p & ray;
        flipped |= (outflank.wrapping_neg() << 1) & ray;
    }
    flipped
}

/// Rows reversed (row 1 ↔ row 8).
#[inline]
#[must_use]
pub fn flip_vertical(x: u64) -> u64 {
    x.swap_bytes()
}

/// Columns reversed (column A ↔ column H).
#[inline]
#[must_use]
pub fn mirror_horizontal(x: u64) -> u64 {
    // Reversing all 64 bits reverses both the rows and the columns; swapping the bytes
    // back restores the row order.
    x.reverse_bits().swap_bytes()
}

/// Reflection in the A1–H8 diagonal: square (row, column) goes to (column, row). Three
/// delta swaps (blocks of 4x4, then 2x2, then single squares).
#[inline]
#[must_use]
pub fn flip_diagonal(mut x: u64) -> u64 {
    const BLOCKS_4: u64 = 0x0F0F_0F0F_0000_0000;
    const BLOCKS_2: u64 = 0x3333_0000_3333_0000;
    const BLOCKS_1: u64 = 0x5500_5500_5500_5500;
    let t = BLOCKS_4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = BLOCKS_2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = BLOCKS_1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The number of symmetries of the square board (4 rotations, each with or without a
/// reflection).
pub const SYMMETRIES: usize = 8;

/// The image of `x` under symmetry `index` (0 = identity, 0..[`SYMMETRIES`]): bit 0
/// reflects rows, bit 1 reflects columns, bit 2 transposes. Together these generate the
/// whole dihedral group of the square.
#[inline]
#[must_use]
pub fn symmetry(x: u64, index: usize) -> u64 {
    let mut y = x;
    if index & 1 != 0 {
        y = flip_vertical(y);
    }
    if index & 2 != 0 {
        y = mirror_horizontal(y);
    }
    if index & 4 != 0 {
        y = flip_diagonal(y);
    }
    y
}

/// What a finished game is worth to a perft count at the depth where it ends early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FinishedValue(pub u64);

/// Perft with bulk counting at the last ply, from `p` to move against `o`.
///
/// A pass is one ply; a finished game counts `finished` at every greater depth (1 for
/// Othello's standard counts, 0 to drop it). Depth 0 is one leaf.
#[must_use]
pub(super) fn perft(p: u64, o: u64, depth: u32, finished: FinishedValue) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_with_moves(p, o, moves(p, o), depth, finished.0)
}

/// The perft walk for `depth >= 1`, given the move mask `mask` of `p` (computed by the
/// caller, which often needed it anyway).
fn perft_with_moves(p: u64, o: u64, mask: u64, depth: u32, finished: u64) -> u64 {
    if mask == 0 {
        let replies = moves(o, p);
        if replies == 0 {
            return finished;
        }
        // The only move is the pass.
        if depth == 1 {
            return 1;
        }
        return perft_with_moves(o, p, replies, depth - 1, finished);
    }
    if depth == 1 {
        return u64::from(mask.count_ones());
    }
    let mut total = 0u64;
    let mut rest = mask;
    if depth == 2 {
        // The hot loop: one flip and one move mask per leaf parent, no recursion.
        while rest != 0 {
            let square = rest.trailing_zeros();
            rest &= rest - 1;
            let flipped = flips(p, o, square);
            let next_p = o ^ flipped;
            let next_o = p ^ flipped ^ (1u64 << square);
            let next_moves = moves(next_p, next_o);
            total += if next_moves != 0 {
                u64::from(next_moves.count_ones())
            } else if moves(next_o, next_p) != 0 {
                1
            } else {
                finished
            };
        }
        return total;
    }
    while rest != 0 {
        let square = rest.trailing_zeros();
        rest &= rest - 1;
        let flipped = flips(p, o, square);
        let next_p = o ^ flipped;
        let next_o = p ^ flipped ^ (1u64 << square);
        total += perft_with_moves(next_p, next_o, moves(next_p, next_o), depth - 1, finished);
    }
    total
}
