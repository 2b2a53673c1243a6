//! The pattern shapes and their placements on the board (the training layout of the
//! weights: one table per shape, then the scalars), and a position's feature indices
//! in that layout.

use crate::game::othello::board::moves;

/// A pattern shape: its squares in the A1 corner's placement (A1 = 0 … H8 = 63), in the
/// order of the base-3 digits (the first square is the lowest digit).
pub(in crate::solve) struct Shape {
    pub(in crate::solve) name: &'static str,
    pub(super) squares: &'static [u8],
}

/// The shapes (Edax's set, with a 2x4 corner block in place of 2x5 to keep the tables
/// small enough for the training data there is).
pub(in crate::solve) const SHAPES: [Shape; 11] = [
    Shape {
        name: "corner 3x3",
        squares: &[0, 1, 2, 8, 9, 10, 16, 17, 18],
    },
    Shape {
        name: "corner 2x4",
        squares: &[0, 1, 2, 3, 8, 9, 10, 11],
    },
    Shape {
        name: "edge + 2X",
        squares: &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14],
    },
    Shape {
        name: "line 2",
        squares: &[8, 9, 10, 11, 12, 13, 14, 15],
    },
    Shape {
        name: "line 3",
        squares: &[16, 17, 18, 19, 20, 21, 22, 23],
    },
    Shape {
        name: "line 4",
        squares: &[24, 25, 26, 27, 28, 29, 30, 31],
    },
    Shape {
        name: "diagonal 8",
        squares: &[0, 9, 18, 27, 36, 45, 54, 63],
    },
    Shape {
        name: "diagonal 7",
        squares: &[1, 10, 19, 28, 37, 46, 55],
    },
    Shape {
        name: "diagonal 6",
        squares: &[2, 11, 20, 29, 38, 47],
    },
    Shape {
        name: "diagonal 5",
        squares: &[3, 12, 21, 30, 39],
    },
    Shape {
        name: "diagonal 4",
        squares: &[4, 13, 22, 31],
    },
];

/// The most squares in one shape.
pub(super) const MAX_SHAPE: usize = 10;

/// Scalar features after the pattern weights: mobility of the side to move, of the
/// opponent, and a constant.
pub(in crate::solve) const SCALARS: usize = 3;

/// `3^n`.
pub(super) const fn pow3(n: usize) -> usize {
    let mut x = 1;
    let mut i = 0;
    while i < n {
        x *= 3;
        i += 1;
    }
    x
}

/// The square a symmetry `t` (0–7) sends `square` to.
fn transform(square: u8, t: usize) -> u8 {
    let (r, c) = (square / 8, square % 8);
    let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
    let r = if t & 2 != 0 { 7 - r } else { r };
    let c = if t & 1 != 0 { 7 - c } else { c };
    r * 8 + c
}

/// One placement of a shape on the board.
#[derive(Clone, Debug)]
pub(in crate::solve) struct Instance {
    /// Index of the shape in [`SHAPES`].
    pub(super) shape: usize,
    /// The placement's squares, in the shape's digit order.
    pub(super) squares: Vec<u8>,
    /// The same squares as a bit mask.
    pub(super) mask: u64,
    /// `digit_of_bit[k]`: the digit position of the k-th lowest set bit of `mask`.
    pub(super) digit_of_bit: Vec<usize>,
}

/// Every distinct placement of every shape (46 of them).
pub(in crate::solve) fn instances() -> Vec<Instance> {
    let mut out: Vec<Instance> = Vec::new();
    for (shape, s) in SHAPES.iter().enumerate() {
        for t in 0..8 {
            let squares: Vec<u8> = s.squares.iter().map(|&q| transform(q, t)).collect();
            let mask = squares.iter().fold(0u64, |m, &q| m | 1u64 << q);
            if out.iter().any(|i| i.shape == shape && i.mask == mask) {
                continue;
            }
            let mut sorted = squares.clone();
            sorted.sort_unstable();
            let digit_of_bit = sorted
                .iter()
                .map(|q| squares.iter().position(|x| x == q).unwrap_or(0))
                .collect();
            out.push(Instance {
                shape,
                squares,
                mask,
                digit_of_bit,
            });
        }
    }
    out
}

/// Offsets of each shape's table in the weight vector, and its total length.
pub(in crate::solve) fn layout() -> (Vec<usize>, usize) {
    let mut offsets = Vec::with_capacity(SHAPES.len());
    let mut total = 0;
    for s in &SHAPES {
        offsets.push(total);
        total += pow3(s.squares.len());
    }
    (offsets, total + SCALARS)
}

/// The feature indices of a position (`p` to move): one weight index per placement,
/// then the scalar values.
pub(in crate::solve) fn features(
    p: u64,
    o: u64,
    insts: &[Instance],
    offsets: &[usize],
    out: &mut Vec<usize>,
) {
    out.clear();
    for inst in insts {
        let mut idx = 0;
        for &q in inst.squares.iter().rev() {
            let digit = ((p >> q) & 1) + 2 * ((o >> q) & 1);
            idx = idx * 3 + digit as usize;
        }
        out.push(offsets[inst.shape] + idx);
    }
}

/// The scalar features of a position.
pub(in crate::solve) fn scalars(p: u64, o: u64) -> [f32; SCALARS] {
    [
        moves(p, o).count_ones() as f32,
        moves(o, p).count_ones() as f32,
        1.0,
    ]
}
