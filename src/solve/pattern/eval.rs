//! The trained evaluation ([`PatternEval`]): its fast layout (one table per placement in
//! the bit order of its squares, per game stage), the weights file it is read from and
//! written to, and its value of a position, afresh or from incremental [`Features`].

use anyhow::{Context, Result, bail, ensure};

use super::features::{self, Features};
use super::shapes::{MAX_SHAPE, SCALARS, instances, layout, pow3};
use crate::game::othello::board::moves;

/// Weights are stored in units of 1/`SCALE` of a disc.
pub(super) const SCALE: f32 = 32.0;

/// The file's magic bytes and format version.
const MAGIC: &[u8; 8] = b"TLEVAL02";

/// `BINARY_TO_TERNARY[b]`: the base-3 number whose digits are the bits of `b` (up to
/// [`MAX_SHAPE`] bits).
static BINARY_TO_TERNARY: [u16; 1 << MAX_SHAPE] = {
    let mut t = [0u16; 1 << MAX_SHAPE];
    let mut b = 0;
    while b < 1 << MAX_SHAPE {
        let mut v = 0u32;
        let mut k = MAX_SHAPE;
        while k > 0 {
            k -= 1;
            v = v * 3 + ((b >> k) & 1) as u32;
        }
        t[b] = v as u16;
        b += 1;
    }
    t
};

/// The bits of `x` under `mask`, packed to the low end (BMI2 `pext` when the target has
/// it).
#[inline(always)]
fn extract(x: u64, mask: u64) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the target has BMI2 (checked by the cfg above).
        unsafe { core::arch::x86_64::_pext_u64(x, mask) as usize }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let mut out = 0usize;
        let mut m = mask;
        let mut k = 0;
        while m != 0 {
            let bit = m & m.wrapping_neg();
            if x & bit != 0 {
                out |= 1 << k;
            }
            k += 1;
            m &= m - 1;
        }
        out
    }
}

/// A trained evaluation, laid out for speed: one table per placement indexed in the
/// bit order of its squares, so an index is two bit extractions and two look-ups; one
/// set of tables per game stage (a range of empty-square counts).
#[derive(PartialEq, Eq)]
pub struct PatternEval {
    /// (mask, offset into a stage's `tables`) per placement.
    placements: Vec<(u64, usize)>,
    /// The weights of each stage.
    stages: Vec<StageWeights>,
    /// `stage_of[e]`: the stage of positions with `e` empty squares.
    stage_of: [u8; 65],
    /// Each square's digit weights in the placements' indices (see [`Features`]).
    coef: Box<features::Coefficients>,
}

/// The weights of one stage of a [`PatternEval`].
#[derive(PartialEq, Eq)]
struct StageWeights {
    /// The tables of all placements, in 1/[`SCALE`] discs.
    tables: Vec<i16>,
    /// Scalar weights (1/[`SCALE`] discs per unit).
    scalar: [i32; SCALARS],
}

impl std::fmt::Debug for PatternEval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternEval")
            .field("placements", &self.placements.len())
            .field("stages", &self.stages.len())
            .finish_non_exhaustive()
    }
}

/// The shipped weights.
static SHIPPED: &[u8] = include_bytes!("../../../assets/othello/order-eval.bin");

/// The most stages a weights file may have.
const MAX_STAGES: usize = 16;

impl PatternEval {
    /// The weights shipped with treelab (`assets/othello/order-eval.bin`).
    ///
    /// # Panics
    /// Never in a build whose asset passed the tests (the file is compiled in).
    #[must_use]
    pub fn shipped() -> &'static PatternEval {
        static EVAL: std::sync::OnceLock<PatternEval> = std::sync::OnceLock::new();
        EVAL.get_or_init(|| {
            PatternEval::from_bytes(SHIPPED).expect("the shipped evaluation weights load")
        })
    }

    /// Reads a weights file (as `treelab train-eval` writes them) for the rest of the
    /// program's life.
    ///
    /// # Errors
    /// When the file cannot be read or is not a weights file of this build.
    pub fn load_static(path: &std::path::Path) -> Result<&'static PatternEval> {
        let bytes =
            crate::fileread::read_capped(path, crate::fileread::WEIGHTS_LIMIT, "a weights file")
                .with_context(|| format!("reading {}", path.display()))?;
        let eval = PatternEval::from_bytes(&bytes)
            .with_context(|| format!("loading the weights in {}", path.display()))?;
        Ok(Box::leak(Box::new(eval)))
    }

    /// Builds the fast layout from weights in the training layout (per shape, then the
    /// scalars), in discs, one vector per stage; stage `k` starts at `starts[k]`
    /// empties (`starts[0]` is 0, increasing).
    pub(super) fn from_weights(starts: &[u32], weights: &[Vec<f32>]) -> PatternEval {
        debug_assert_eq!(starts.len(), weights.len());
        let (offsets, _) = layout();
        let mut placements = Vec::new();
        let insts = instances();
        let mut start = 0;
        for inst in &insts {
            placements.push((inst.mask, start));
            start += pow3(inst.squares.len());
        }
        let stages = weights
            .iter()
            .map(|w| {
                let mut tables = Vec::with_capacity(start);
                for inst in &insts {
                    let n = inst.squares.len();
                    // Index in bit order: digit k (k-th lowest square of the mask) has
                    // weight 3^k; the shape's index puts that square at digit
                    // `digit_of_bit[k]`.
                    for bit_idx in 0..pow3(n) {
                        let mut rest = bit_idx;
                        let mut shape_idx = 0;
                        for k in 0..n {
                            let digit = rest % 3;
                            rest /= 3;
                            shape_idx += digit * pow3(inst.digit_of_bit[k]);
                        }
                        let v = w[offsets[inst.shape] + shape_idx] * SCALE;
                        tables.push(v.round().clamp(-32_000.0, 32_000.0) as i16);
                    }
                }
                let base = w.len() - SCALARS;
                let mut scalar = [0; SCALARS];
                for (k, s) in scalar.iter_mut().enumerate() {
                    *s = (w[base + k] * SCALE).round() as i32;
                }
                StageWeights { tables, scalar }
            })
            .collect();
        let mut stage_of = [0u8; 65];
        for (e, st) in stage_of.iter_mut().enumerate() {
            *st = starts
                .iter()
                .filter(|&&s| s as usize <= e)
                .count()
                .saturating_sub(1) as u8;
        }
        let masks: Vec<u64> = placements.iter().map(|&(mask, _)| mask).collect();
        PatternEval {
            placements,
            stages,
            stage_of,
            coef: features::coefficients(&masks),
        }
    }

    /// Reads weights written by `write_weights`: the magic, the stage count, each
    /// stage's first empties count, the count of weights per stage, then the stages'
    /// little-endian `f32`s in the training layout.
    ///
    /// # Errors
    /// When the bytes are not such a file, hold the wrong number of weights or
    /// impossible stages.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternEval> {
        ensure!(
            bytes.len() >= 8 && &bytes[..8] == MAGIC,
            "not a treelab evaluation file of this version (expected the magic {:?})",
            std::str::from_utf8(MAGIC).unwrap_or("")
        );
        let mut at = 8;
        let mut word = |what: &str| -> Result<u64> {
            let b = bytes
                .get(at..at + 8)
                .with_context(|| format!("the file ends before the {what} (byte {at})"))?;
            at += 8;
            Ok(u64::from_le_bytes(b.try_into()?))
        };
        let stages = word("stage count")? as usize;
        ensure!(
            (1..=MAX_STAGES).contains(&stages),
            "{stages} stages: 1 to {MAX_STAGES} expected"
        );
        let mut starts = Vec::with_capacity(stages);
        for k in 0..stages {
            let s = word("stage starts")?;
            ensure!(
                s <= 64,
                "stage {k} starts at {s} empties: at most 64 expected"
            );
            ensure!(
                if k == 0 {
                    s == 0
                } else {
                    s > u64::from(starts[k - 1])
                },
                "stage {k} starts at {s} empties: the first must start at 0 and each \
                 after the one before"
            );
            starts.push(s as u32);
        }
        let count = word("weight count")? as usize;
        let (_, expected) = layout();
        ensure!(
            count == expected,
            "the file holds {count} weights per stage, this build expects {expected}"
        );
        let body = &bytes[at..];
        ensure!(
            body.len() == stages * count * 4,
            "the file is {} bytes long, {} expected for {stages} stages of {count} weights",
            bytes.len(),
            at + stages * count * 4
        );
        let all: Vec<f32> = body
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if let Some(i) = all.iter().position(|x| !x.is_finite()) {
            bail!("weight {i} is not a finite number");
        }
        let weights: Vec<Vec<f32>> = all.chunks_exact(count).map(<[f32]>::to_vec).collect();
        Ok(PatternEval::from_weights(&starts, &weights))
    }

    /// The evaluation of the position for `p` (to move), in 1/32 discs.
    #[inline]
    #[must_use]
    pub fn eval(&self, p: u64, o: u64) -> i32 {
        self.eval_with_moves(p, o, moves(p, o))
    }

    /// [`PatternEval::eval`] given the moves of `p` (`moves(p, o)`), when the caller
    /// has them already.
    #[inline]
    #[must_use]
    pub fn eval_with_moves(&self, p: u64, o: u64, p_moves: u64) -> i32 {
        debug_assert_eq!(p_moves, moves(p, o));
        let empties = (p | o).count_zeros() as usize;
        let stage = &self.stages[usize::from(self.stage_of[empties])];
        let mut sum = 0i32;
        for &(mask, offset) in &self.placements {
            // (No placement has more than MAX_SHAPE squares: the masking only spares
            // the bounds checks.)
            const LOW: usize = (1 << MAX_SHAPE) - 1;
            let idx = usize::from(BINARY_TO_TERNARY[extract(p, mask) & LOW])
                + 2 * usize::from(BINARY_TO_TERNARY[extract(o, mask) & LOW]);
            sum += i32::from(stage.tables[offset + idx]);
        }
        sum + stage.scalar[0] * p_moves.count_ones() as i32
            + stage.scalar[1] * moves(o, p).count_ones() as i32
            + stage.scalar[2]
    }

    /// The feature vectors of the position with `p` to move.
    #[inline]
    #[must_use]
    pub fn features(&self, p: u64, o: u64) -> Features {
        Features::of(&self.coef, p, o)
    }

    /// The feature vectors after the side to move of `f` plays `square`, flipping
    /// `flips`, seen from the new side to move (the opponent of `f`).
    #[inline]
    #[must_use]
    pub fn child_features(&self, f: &Features, square: u32, flips: u64) -> Features {
        f.child(&self.coef, square, flips)
    }

    /// [`PatternEval::eval_with_moves`] from the position's feature vectors `f` (of
    /// `p` to move against `o`): the same value.
    #[inline]
    #[must_use]
    pub fn eval_features(&self, f: &Features, p: u64, o: u64, p_moves: u64) -> i32 {
        debug_assert_eq!(*f, self.features(p, o));
        let index = f.indices();
        let empties = (p | o).count_zeros() as usize;
        let stage = &self.stages[usize::from(self.stage_of[empties])];
        let mut sum = 0i32;
        for (&(_, offset), &idx) in self.placements.iter().zip(&index) {
            sum += i32::from(stage.tables[offset + usize::from(idx)]);
        }
        sum + stage.scalar[0] * p_moves.count_ones() as i32
            + stage.scalar[1] * moves(o, p).count_ones() as i32
            + stage.scalar[2]
    }
}

/// Serialises the weights of stages starting at `starts` empties, in the training
/// layout (see [`PatternEval::from_bytes`]).
pub(in crate::solve) fn write_weights(starts: &[u32], weights: &[Vec<f32>]) -> Vec<u8> {
    let count = weights.first().map_or(0, Vec::len);
    let mut out = Vec::with_capacity(24 + 8 * starts.len() + 4 * count * weights.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(starts.len() as u64).to_le_bytes());
    for &s in starts {
        out.extend_from_slice(&u64::from(s).to_le_bytes());
    }
    out.extend_from_slice(&(count as u64).to_le_bytes());
    for w in weights {
        for x in w {
            out.extend_from_slice(&x.to_le_bytes());
        }
    }
    out
}
