//! Incremental pattern indices for the solver's ordering searches: the base-3 index
//! of every placement kept as two vectors of 16-bit lanes (the side to move's part and
//! the opponent's), so that a child's indices follow from its parent's with a few
//! vector additions per changed square instead of two bit extractions and two look-ups
//! per placement. The evaluation reads them in
//! [`PatternEval::eval_features`](crate::solve::pattern::PatternEval::eval_features),
//! which gives exactly the value of
//! [`PatternEval::eval_with_moves`](crate::solve::pattern::PatternEval::eval_with_moves).

/// Lanes of a feature vector: one per placement (46), padded to a multiple of 16.
pub const LANES: usize = 48;

/// The pattern indices of a position, split by owner: lane `j` of `mine` is the
/// placement `j`'s base-3 number counting only the side to move's discs (digit 1), of
/// `theirs` only the opponent's; the placement's index is `mine + 2 * theirs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct Features {
    mine: [u16; LANES],
    theirs: [u16; LANES],
}

/// `coef[square][j]`: the weight of `square`'s digit in placement `j`'s index (0 when
/// the placement does not hold the square).
pub(super) type Coefficients = [[u16; LANES]; 64];

/// Builds the coefficients from each placement's mask (digit `k` = the `k`-th lowest
/// square of the mask, as the evaluation's tables are laid out).
pub(super) fn coefficients(masks: &[u64]) -> Box<Coefficients> {
    assert!(masks.len() <= LANES, "more placements than feature lanes");
    let mut coef = Box::new([[0u16; LANES]; 64]);
    for (j, &mask) in masks.iter().enumerate() {
        let mut power = 1u32;
        let mut rest = mask;
        while rest != 0 {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            coef[square][j] = u16::try_from(power).expect("a placement's index fits 16 bits");
            power *= 3;
        }
    }
    coef
}

/// `a += b`, lane by lane.
#[inline(always)]
fn add(a: &mut [u16; LANES], b: &[u16; LANES]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x = x.wrapping_add(*y);
    }
}

/// `a -= b`, lane by lane.
#[inline(always)]
fn sub(a: &mut [u16; LANES], b: &[u16; LANES]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x = x.wrapping_sub(*y);
    }
}

impl Default for Features {
    fn default() -> Features {
        Features {
            mine: [0; LANES],
            theirs: [0; LANES],
        }
    }
}

impl Features {
    /// The feature vectors of the position with `p` to move, by the coefficients
    /// `coef`.
    #[inline]
    pub(super) fn of(coef: &Coefficients, p: u64, o: u64) -> Features {
        let mut f = Features::default();
        for (bits, lanes) in [(p, &mut f.mine), (o, &mut f.theirs)] {
            let mut rest = bits;
            while rest != 0 {
                let square = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                add(lanes, &coef[square]);
            }
        }
        f
    }

    /// The feature vectors after the side to move plays `square`, flipping `flips`,
    /// seen from the new side to move (the opponent).
    #[inline]
    pub(super) fn child(&self, coef: &Coefficients, square: u32, flips: u64) -> Features {
        let mut moved = [0u16; LANES];
        let mut rest = flips;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            add(&mut moved, &coef[s]);
        }
        let mut child = Features {
            mine: self.theirs,
            theirs: self.mine,
        };
        sub(&mut child.mine, &moved);
        add(&mut child.theirs, &moved);
        add(&mut child.theirs, &coef[square as usize]);
        child
    }

    /// Each placement's base-3 index (`mine + 2 * theirs`, lane by lane).
    #[inline]
    pub(super) fn indices(&self) -> [u16; LANES] {
        let mut index = [0u16; LANES];
        for ((x, m), t) in index.iter_mut().zip(&self.mine).zip(&self.theirs) {
            *x = m.wrapping_add(t.wrapping_mul(2));
        }
        index
    }

    /// The same position with the other side to move (a pass).
    #[inline]
    #[must_use]
    pub fn passed(&self) -> Features {
        Features {
            mine: self.theirs,
            theirs: self.mine,
        }
    }
}
