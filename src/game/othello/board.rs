//! Bitboard kernels for Othello: move masks, flips, the eight board symmetries and the
//! bulk-counting perft walk.
//!
//! Everything here works on a pair of bitboards relative to the side to move (`p` the
//! player, `o` the opponent), square A1 = bit 0 … H8 = bit 63 (index = row * 8 + column).
//! Move generation is a parallel-prefix flood fill per direction (each direction
//! propagates runs of opponent discs from the player's discs in 4 shift steps instead
//! of 6); flips walk the eight rays of the played square with one bit-scan each, so
//! both are branch-free and need no lookup beyond a 4 KiB ray table. Where the target
//! has AVX2 (the build uses `target-cpu=native`), move generation runs the four
//! direction pairs side by side in one 256-bit vector, and flips run four rays per
//! vector as well (with AVX-512 VL and CD a vector leading-zero count finds the end of
//! the rays towards lower indices, with AVX2 alone a smear); the scalar kernels stay as
//! the reference the tests hold them to.

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

/// `RAYS.0[square][direction]`: the squares strictly beyond `square` in that direction,
/// up to the edge of the board. One square's eight rays fill one 64-byte cache line (and
/// two aligned vector loads).
static RAYS: Rays = Rays(build_rays());

/// The ray table, cache-line aligned.
#[repr(align(64))]
struct Rays([[u64; 8]; 64]);

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
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        simd::moves(p, o)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        moves_scalar(p, o)
    }
}

/// [`moves`] one direction pair after another in general-purpose registers (the kernel
/// on targets without AVX2, and the reference the vector kernel is tested against).
#[inline]
#[must_use]
pub fn moves_scalar(p: u64, o: u64) -> u64 {
    let inner = o & INNER_COLUMNS;
    (moves_along(p, inner, STEP_EAST)
        | moves_along(p, o, STEP_NORTH)
        | moves_along(p, inner, STEP_NORTH_WEST)
        | moves_along(p, inner, STEP_NORTH_EAST))
        & !(p | o)
}

/// The discs of `o` that flip when `p` plays on the empty `square` (0 when the move is
/// not legal).
#[inline(always)]
#[must_use]
pub fn flips(p: u64, o: u64, square: u32) -> u64 {
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "avx512vl",
        target_feature = "avx512cd"
    ))]
    {
        simd::flips(p, o, square)
    }
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "avx2",
        not(all(target_feature = "avx512vl", target_feature = "avx512cd"))
    ))]
    {
        simd::flips_avx2(p, o, square)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        flips_scalar(p, o, square)
    }
}

/// [`flips`] with the AVX2 kernel (the one [`flips`] runs on targets with AVX2 but not
/// AVX-512 VL and CD; here so the tests can hold it to the rules on any AVX2 machine).
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline]
#[must_use]
pub fn flips_avx2(p: u64, o: u64, square: u32) -> u64 {
    simd::flips_avx2(p, o, square)
}

/// [`flips`] one ray after another (the kernel on targets without AVX-512 VL and CD, and
/// the reference the vector kernel is tested against).
///
/// Per ray: the nearest square that is not an opponent disc ends the run; the run flips
/// when that square holds a player disc. Towards higher indices the nearest square is
/// the lowest set bit, towards lower indices the highest one (found with a leading-zero
/// count; the `| 1` keeps the count below 64, and `& ray` discards that guard bit).
#[inline(always)]
#[must_use]
pub fn flips_scalar(p: u64, o: u64, square: u32) -> u64 {
    let rays = &RAYS.0[square as usize];
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

/// The same kernels on 256-bit vectors: four directions side by side in the lanes.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod simd {
    use std::arch::x86_64::{
        __m256i, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_add_epi64,
        _mm256_and_si256, _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_or_si256,
        _mm256_set_epi64x, _mm256_set1_epi64x, _mm256_sllv_epi64, _mm256_srlv_epi64,
    };

    use super::{INNER_COLUMNS, STEP_EAST, STEP_NORTH, STEP_NORTH_EAST, STEP_NORTH_WEST};

    /// The OR of the four lanes.
    #[inline(always)]
    fn or_lanes(x: __m256i) -> u64 {
        // SAFETY: AVX2 intrinsics on a target with AVX2 (the module's cfg).
        unsafe {
            let half = _mm_or_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x));
            _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
        }
    }

    /// [`super::moves_scalar`] with the four direction pairs in the four lanes.
    #[inline(always)]
    pub(super) fn moves(p: u64, o: u64) -> u64 {
        // SAFETY: AVX2 intrinsics on a target with AVX2 (the module's cfg).
        unsafe {
            let inner = INNER_COLUMNS as i64;
            let shift = _mm256_set_epi64x(
                i64::from(STEP_NORTH_EAST),
                i64::from(STEP_NORTH_WEST),
                i64::from(STEP_NORTH),
                i64::from(STEP_EAST),
            );
            let double = _mm256_add_epi64(shift, shift);
            let pp = _mm256_set1_epi64x(p as i64);
            let mask = _mm256_and_si256(
                _mm256_set1_epi64x(o as i64),
                _mm256_set_epi64x(inner, inner, -1, inner),
            );
            let and = _mm256_and_si256;
            let or = _mm256_or_si256;
            let mut up = and(mask, _mm256_sllv_epi64(pp, shift));
            let mut down = and(mask, _mm256_srlv_epi64(pp, shift));
            up = or(up, and(mask, _mm256_sllv_epi64(up, shift)));
            down = or(down, and(mask, _mm256_srlv_epi64(down, shift)));
            let pairs_up = and(mask, _mm256_sllv_epi64(mask, shift));
            let pairs_down = _mm256_srlv_epi64(pairs_up, shift);
            up = or(up, and(pairs_up, _mm256_sllv_epi64(up, double)));
            down = or(down, and(pairs_down, _mm256_srlv_epi64(down, double)));
            up = or(up, and(pairs_up, _mm256_sllv_epi64(up, double)));
            down = or(down, and(pairs_down, _mm256_srlv_epi64(down, double)));
            let reach = or(_mm256_sllv_epi64(up, shift), _mm256_srlv_epi64(down, shift));
            or_lanes(reach) & !(p | o)
        }
    }

    /// The half both vector flip kernels share: the flips along `square`'s four rays
    /// towards higher indices (the nearest square that is not the opponent's is the
    /// lowest set bit); for the other half, the four rays towards lower indices without
    /// the opponent's discs (the candidate ends), those rays, and `p` in every lane.
    #[inline(always)]
    fn flips_up(p: u64, o: u64, square: u32) -> (__m256i, __m256i, __m256i, __m256i) {
        use std::arch::x86_64::{
            _mm256_andnot_si256, _mm256_cmpeq_epi64, _mm256_load_si256, _mm256_setzero_si256,
            _mm256_sub_epi64,
        };
        // SAFETY: AVX2 intrinsics on a target with AVX2 (the module's cfg), and loads
        // inside the ray table: a square's eight rays are 64 bytes at a 64-byte aligned
        // address (`Rays` is `repr(align(64))` and each row is 64 bytes), so both
        // 32-byte aligned loads stay inside the row.
        unsafe {
            let rays = &super::RAYS.0[square as usize];
            let at = rays.as_ptr().cast::<__m256i>();
            let (ups, downs) = (_mm256_load_si256(at), _mm256_load_si256(at.add(1)));
            let pp = _mm256_set1_epi64x(p as i64);
            let oo = _mm256_set1_epi64x(o as i64);
            let zero = _mm256_setzero_si256();
            let stop = _mm256_andnot_si256(oo, ups);
            let outflank =
                _mm256_and_si256(_mm256_and_si256(stop, _mm256_sub_epi64(zero, stop)), pp);
            let none = _mm256_cmpeq_epi64(outflank, zero);
            let up = _mm256_and_si256(
                _mm256_andnot_si256(none, _mm256_sub_epi64(outflank, _mm256_set1_epi64x(1))),
                ups,
            );
            (up, _mm256_andnot_si256(oo, downs), downs, pp)
        }
    }

    /// [`super::flips_scalar`] on AVX2 alone: [`flips_up`], then the four rays towards
    /// lower indices, where without a vector leading-zero count the nearest square that
    /// is not the opponent's is found by smearing the candidates down to bit 0: what
    /// the smear leaves unset on the ray lies between the played square and it.
    #[inline(always)]
    pub(super) fn flips_avx2(p: u64, o: u64, square: u32) -> u64 {
        use std::arch::x86_64::{
            _mm256_andnot_si256, _mm256_cmpeq_epi64, _mm256_setzero_si256, _mm256_srli_epi64,
        };
        let (up, stop, downs, pp) = flips_up(p, o, square);
        // SAFETY: AVX2 intrinsics on a target with AVX2 (the module's cfg).
        unsafe {
            let mut s = stop;
            s = _mm256_or_si256(s, _mm256_srli_epi64::<1>(s));
            s = _mm256_or_si256(s, _mm256_srli_epi64::<2>(s));
            s = _mm256_or_si256(s, _mm256_srli_epi64::<4>(s));
            s = _mm256_or_si256(s, _mm256_srli_epi64::<8>(s));
            s = _mm256_or_si256(s, _mm256_srli_epi64::<16>(s));
            s = _mm256_or_si256(s, _mm256_srli_epi64::<32>(s));
            let top = _mm256_andnot_si256(_mm256_srli_epi64::<1>(s), s);
            let none = _mm256_cmpeq_epi64(_mm256_and_si256(top, pp), _mm256_setzero_si256());
            let down = _mm256_andnot_si256(none, _mm256_andnot_si256(s, downs));
            or_lanes(_mm256_or_si256(up, down))
        }
    }

    /// [`super::flips_scalar`]: [`flips_up`], then the four rays towards lower indices,
    /// the nearest square that is not the opponent's found with a vector leading-zero
    /// count.
    #[cfg(all(target_feature = "avx512vl", target_feature = "avx512cd"))]
    #[inline(always)]
    pub(super) fn flips(p: u64, o: u64, square: u32) -> u64 {
        use std::arch::x86_64::{
            _mm256_lzcnt_epi64, _mm256_setzero_si256, _mm256_slli_epi64, _mm256_sub_epi64,
        };
        let (up, stop, downs, pp) = flips_up(p, o, square);
        // SAFETY: AVX2 and AVX-512 VL/CD intrinsics on a target with them (the cfgs).
        unsafe {
            // `| 1` keeps the count below 64.
            let stop = _mm256_or_si256(stop, _mm256_set1_epi64x(1));
            let top = _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(stop));
            let outflank = _mm256_and_si256(_mm256_and_si256(top, pp), downs);
            let down = _mm256_and_si256(
                _mm256_slli_epi64::<1>(_mm256_sub_epi64(_mm256_setzero_si256(), outflank)),
                downs,
            );
            or_lanes(_mm256_or_si256(up, down))
        }
    }
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
