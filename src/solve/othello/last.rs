//! The last empties (at most [`MAX_LAST_N`]): specialised null-window search over an
//! array of the empty squares, two squares unrolled, and the last square's exact score
//! from one flip count (table look-ups per line, no move generation).

use super::params::{INF, MAX_LAST_N, NEIGHBOURS, final_score};
use super::search::Searcher;
use crate::game::othello::board::flips;

impl Searcher<'_> {
    /// The last `empties` (1 to [`MAX_LAST_N`]) squares: collects them in parity order
    /// and hands over to [`Searcher::last`].
    pub(super) fn nws_last(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
        parity: u32,
    ) -> i32 {
        let empty = !(p | o);
        let mut squares = 0u32;
        let mut n = 0;
        let (first, second) = self.parity_split(parity);
        for quadrants in [first, second] {
            let mut rest = empty & quadrants;
            while rest != 0 && n < MAX_LAST_N as usize {
                squares |= rest.trailing_zeros() << (8 * n);
                rest &= rest - 1;
                n += 1;
            }
        }
        debug_assert_eq!(n as u32, empties);
        if n == 0 {
            self.nodes += 1;
            return final_score(p, o);
        }
        self.last(p, o, alpha, squares, n)
    }

    /// Null-window search of the last `n` empty squares, packed one per byte in
    /// `squares` (byte 0 first: the order to try them). Fail-soft.
    #[inline]
    fn last(&mut self, p: u64, o: u64, alpha: i32, squares: u32, n: usize) -> i32 {
        match n {
            1 => {
                self.nodes += 1;
                last_square(p, o, squares & 0xFF)
            }
            2 => self.last_two(p, o, alpha, squares & 0xFF, (squares >> 8) & 0xFF),
            3 => self.last_three(p, o, alpha, squares),
            _ => self.last_four(p, o, alpha, squares),
        }
    }
}

/// The body of [`Searcher::last`] for `$n` (3 or 4) squares, each move handing the
/// rest to `$next`: unrolled by the constant count.
macro_rules! last_n {
    ($name:ident, $n:expr, $next:ident) => {
        impl Searcher<'_> {
            /// [`Searcher::last`] for this many squares.
            fn $name(&mut self, p: u64, o: u64, alpha: i32, squares: u32) -> i32 {
                self.nodes += 1;
                let mut best = -INF;
                for i in 0..$n {
                    let square = (squares >> (8 * i)) & 0xFF;
                    if NEIGHBOURS[square as usize] & o == 0 {
                        continue;
                    }
                    let f = flips(p, o, square);
                    if f == 0 {
                        continue;
                    }
                    let rest = without(squares, i);
                    let v = -self.$next(o ^ f, p ^ f ^ (1u64 << square), -alpha - 1, rest);
                    if v > best {
                        best = v;
                        if v > alpha {
                            return v;
                        }
                    }
                }
                if best > -INF {
                    return best;
                }
                // Pass: the opponent moves, we answer; it takes the minimum.
                let mut worst = INF;
                for i in 0..$n {
                    let square = (squares >> (8 * i)) & 0xFF;
                    if NEIGHBOURS[square as usize] & p == 0 {
                        continue;
                    }
                    let f = flips(o, p, square);
                    if f == 0 {
                        continue;
                    }
                    let rest = without(squares, i);
                    let v = self.$next(p ^ f, o ^ f ^ (1u64 << square), alpha, rest);
                    if v < worst {
                        worst = v;
                        if v <= alpha {
                            return v;
                        }
                    }
                }
                if worst < INF {
                    worst
                } else {
                    final_score(p, o)
                }
            }
        }
    };
}

last_n!(last_four, 4, last_three);
last_n!(last_three, 3, last_two_packed);

impl Searcher<'_> {
    /// [`Searcher::last`] for two empty squares, unrolled: same nodes, same values.
    #[inline]
    fn last_two(&mut self, p: u64, o: u64, alpha: i32, x1: u32, x2: u32) -> i32 {
        self.nodes += 1;
        let (b1, b2) = (1u64 << x1, 1u64 << x2);
        let mut best = -INF;
        if NEIGHBOURS[x1 as usize] & o != 0 {
            let f = flips(p, o, x1);
            if f != 0 {
                self.nodes += 1;
                best = -last_square(o ^ f, p ^ f ^ b1, x2);
                if best > alpha {
                    return best;
                }
            }
        }
        if NEIGHBOURS[x2 as usize] & o != 0 {
            let f = flips(p, o, x2);
            if f != 0 {
                self.nodes += 1;
                return best.max(-last_square(o ^ f, p ^ f ^ b2, x1));
            }
        }
        if best > -INF {
            return best;
        }
        // Pass: the opponent moves, taking the minimum.
        let mut worst = INF;
        if NEIGHBOURS[x1 as usize] & p != 0 {
            let f = flips(o, p, x1);
            if f != 0 {
                self.nodes += 1;
                worst = last_square(p ^ f, o ^ f ^ b1, x2);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        if NEIGHBOURS[x2 as usize] & p != 0 {
            let f = flips(o, p, x2);
            if f != 0 {
                self.nodes += 1;
                return worst.min(last_square(p ^ f, o ^ f ^ b2, x1));
            }
        }
        if worst < INF {
            worst
        } else {
            final_score(p, o)
        }
    }
}

impl Searcher<'_> {
    /// [`Searcher::last_two`] on packed squares.
    #[inline(always)]
    fn last_two_packed(&mut self, p: u64, o: u64, alpha: i32, squares: u32) -> i32 {
        self.last_two(p, o, alpha, squares & 0xFF, (squares >> 8) & 0xFF)
    }
}

/// The packed squares (one per byte) without byte `i` (0 to 3), order kept.
#[inline]
fn without(squares: u32, i: usize) -> u32 {
    let below = (1u32 << (8 * i)) - 1;
    (squares & below) | ((squares >> 8) & !below)
}

/// `LAST_FLIPS[pos][pattern]`: the discs a disc played at `pos` flips on a line of
/// eight when the mover owns the squares of `pattern` and the opponent every other one
/// (as on a board with one empty square).
static LAST_FLIPS: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut pattern = 0;
        while pattern < 256 {
            let mut count = 0;
            // Towards higher indices, then towards lower ones.
            let mut j = pos + 1;
            let mut run = 0;
            while j < 8 && pattern & (1 << j) == 0 {
                run += 1;
                j += 1;
            }
            if j < 8 {
                count += run;
            }
            let mut j = pos as i32 - 1;
            let mut run = 0;
            while j >= 0 && pattern & (1 << j) == 0 {
                run += 1;
                j -= 1;
            }
            if j >= 0 {
                count += run;
            }
            table[pos][pattern] = count as u8;
            pattern += 1;
        }
        pos += 1;
    }
    table
};

/// The A1-H8 diagonal (`[0]`) and the H1-A8 diagonal (`[1]`) through each square,
/// without the square.
static DIAGONALS: [[u64; 2]; 64] = {
    let mut out = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (r2, c2) = ((other / 8) as i32, (other % 8) as i32);
            if other != sq && r2 - r == c2 - c {
                out[sq][0] |= 1u64 << other;
            }
            if other != sq && r2 - r == c - c2 {
                out[sq][1] |= 1u64 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    out
};

/// Gathers bit `8 * r` of `x` (column A) into bit `r` of the top byte.
const COLUMN_GATHER: u64 = 0x0102_0408_1020_4080;
/// Gathers a diagonal's bits (one per column) into the top byte, bit = column.
const DIAGONAL_GATHER: u64 = 0x0101_0101_0101_0101;
/// Column A.
const COLUMN_A: u64 = 0x0101_0101_0101_0101;

/// How many discs `p` flips by playing `square` on a board whose only empty square it
/// is (every other square not in `p` is the opponent's): four table look-ups, one per
/// line through the square.
#[inline(always)]
pub(super) fn last_flip_count(p: u64, square: u32) -> i32 {
    let row = (square >> 3) as usize;
    let col = (square & 7) as usize;
    let in_row = ((p >> (8 * row)) & 0xFF) as usize;
    let in_col = (((p >> col) & COLUMN_A).wrapping_mul(COLUMN_GATHER) >> 56) as usize;
    let diagonals = &DIAGONALS[square as usize];
    let in_d9 = ((p & diagonals[0]).wrapping_mul(DIAGONAL_GATHER) >> 56) as usize;
    let in_d7 = ((p & diagonals[1]).wrapping_mul(DIAGONAL_GATHER) >> 56) as usize;
    i32::from(LAST_FLIPS[col][in_row])
        + i32::from(LAST_FLIPS[row][in_col])
        + i32::from(LAST_FLIPS[col][in_d9])
        + i32::from(LAST_FLIPS[col][in_d7])
}

/// The exact score with one empty square: whoever can play it does (the side to move
/// first), else the game ends with it empty.
#[inline]
pub(super) fn last_square(p: u64, o: u64, square: u32) -> i32 {
    debug_assert_eq!(p | o | (1u64 << square), u64::MAX);
    let _ = o;
    let mine = p.count_ones() as i32;
    let f = last_flip_count(p, square);
    if f != 0 {
        // (mine + 1 + f) - (63 - mine - f)
        return 2 * (mine + f) - 62;
    }
    let g = last_flip_count(!(p | (1u64 << square)), square);
    if g != 0 {
        // (mine - g) - (63 - mine + 1 + g)
        return 2 * (mine - g) - 64;
    }
    let diff = 2 * mine - 63;
    if diff > 0 { diff + 1 } else { diff - 1 }
}
