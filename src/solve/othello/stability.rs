//! Stability: discs that can never be flipped bound the score from above. The full
//! fixed point ([`stable_discs`]) for the null-window cutoff, and the cheap corner
//! stability the move ordering uses.

use super::params::{
    C_SQUARES, COLUMNS_AH, CORNERS, EDGES, NOT_A, NOT_AB, NOT_ABCD, NOT_EFGH, NOT_GH, NOT_H,
    ROWS_18,
};

/// Discs of `x` on a corner or on an edge square next to one it owns: cheap, certainly
/// stable discs.
#[inline]
pub(super) fn corner_stability(x: u64) -> i32 {
    let c = x & CORNERS;
    let next = ((c << 1) & NOT_A) | ((c >> 1) & NOT_H) | (c << 8) | (c >> 8);
    (c | (next & x & C_SQUARES)).count_ones() as i32
}

/// For each direction, the squares whose whole line in that direction is occupied:
/// (horizontal, vertical, A1-H8 diagonals, H1-A8 diagonals).
#[inline]
pub(super) fn full_lines(occ: u64) -> (u64, u64, u64, u64) {
    let mut h = occ;
    h &= h >> 4;
    h &= h >> 2;
    h &= h >> 1;
    let h = (h & 0x0101_0101_0101_0101) * 0xFF;
    let mut v = occ;
    v &= v.rotate_right(8);
    v &= v.rotate_right(16);
    v &= v.rotate_right(32);
    // Diagonals: spread the empty squares along the line both ways; what no empty
    // square reaches lies on a full line.
    let e = !occ;
    let mut up = e | ((e << 9) & NOT_A);
    up |= (up << 18) & NOT_AB;
    up |= (up << 36) & NOT_ABCD;
    let mut down = e | ((e >> 9) & NOT_H);
    down |= (down >> 18) & NOT_GH;
    down |= (down >> 36) & NOT_EFGH;
    let d9 = !(up | down);
    let mut up = e | ((e << 7) & NOT_H);
    up |= (up << 14) & NOT_GH;
    up |= (up << 28) & NOT_EFGH;
    let mut down = e | ((e >> 7) & NOT_A);
    down |= (down >> 14) & NOT_AB;
    down |= (down >> 28) & NOT_ABCD;
    let d7 = !(up | down);
    (h, v, d9, d7)
}

/// Discs of `p` that can never be flipped, found as a fixed point: a disc is stable
/// when, along each of the four lines through it, the line is full, or it touches the
/// board's edge, or its neighbour on that line is a stable disc of `p`. (A lower bound
/// of the true set.)
#[must_use]
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let (fh, fv, f9, f7) = full_lines(p | o);
    let mut stable = 0u64;
    let candidates = p & (fh | COLUMNS_AH | neighbours_h(p)) & (fv | ROWS_18 | p << 8 | p >> 8);
    if candidates & EDGES & p == 0 && candidates & fh & fv & f9 & f7 == 0 {
        // No disc on an edge nor any on four full lines: nothing can be stable.
        return 0;
    }
    loop {
        let h = fh | COLUMNS_AH | ((stable << 1) & NOT_A) | ((stable >> 1) & NOT_H);
        let v = fv | ROWS_18 | (stable << 8) | (stable >> 8);
        let d9 = f9 | EDGES | ((stable << 9) & NOT_A) | ((stable >> 9) & NOT_H);
        let d7 = f7 | EDGES | ((stable << 7) & NOT_H) | ((stable >> 7) & NOT_A);
        let next = p & h & v & d9 & d7;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// Squares with a disc of `p` beside them on their row.
#[inline]
fn neighbours_h(p: u64) -> u64 {
    ((p << 1) & NOT_A) | ((p >> 1) & NOT_H)
}
