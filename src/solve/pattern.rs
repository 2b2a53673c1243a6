//! A pattern evaluation of Othello positions, trained by treelab itself on positions it
//! solved exactly, for move ordering in the endgame solver.
//!
//! The evaluation is the classic sum of pattern weights (Buro's Logistello, Edax): every
//! board line or corner region of a given shape, in each of its symmetric placements,
//! reads as a base-3 number (empty 0, side to move 1, opponent 2), and each shape has a
//! table of weights indexed by that number; the symmetric placements of a shape share its
//! table. Two scalar features (the mobility of each side) complete it.
//!
//! The weights are fitted by least squares to exact final scores: `treelab train-eval`
//! plays seeded, partly random games, solves positions with 12 to 16 empty squares with
//! [`super::othello::OthelloSolver`], and fits the weights by gradient descent. The
//! shipped weights (`assets/othello/order-eval.bin`) come from that command with its
//! default arguments; [`PatternEval::shipped`] loads them.
//!
//! Only the order of the moves depends on this evaluation, never a score: the solver is
//! exact whatever the weights.

use std::fmt::Write as _;

use anyhow::{Context, Result, bail, ensure};

use super::othello::{CORNERS, OthelloOptions, OthelloSolver};
use crate::game::SeededRng;
use crate::game::othello::Othello;
use crate::game::othello::board::{flips, moves};

/// A pattern shape: its squares in the A1 corner's placement (A1 = 0 … H8 = 63), in the
/// order of the base-3 digits (the first square is the lowest digit).
struct Shape {
    name: &'static str,
    squares: &'static [u8],
}

/// The shapes (Edax's set, with a 2x4 corner block in place of 2x5 to keep the tables
/// small enough for the training data there is).
const SHAPES: [Shape; 11] = [
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
const MAX_SHAPE: usize = 10;

/// Scalar features after the pattern weights: mobility of the side to move, of the
/// opponent, and a constant.
const SCALARS: usize = 3;

/// Weights are stored in units of 1/`SCALE` of a disc.
const SCALE: f32 = 32.0;

/// The file's magic bytes and format version.
const MAGIC: &[u8; 8] = b"TLEVAL01";

/// `3^n`.
const fn pow3(n: usize) -> usize {
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
struct Instance {
    /// Index of the shape in [`SHAPES`].
    shape: usize,
    /// The placement's squares, in the shape's digit order.
    squares: Vec<u8>,
    /// The same squares as a bit mask.
    mask: u64,
    /// `digit_of_bit[k]`: the digit position of the k-th lowest set bit of `mask`.
    digit_of_bit: Vec<usize>,
}

/// Every distinct placement of every shape (46 of them).
fn instances() -> Vec<Instance> {
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
fn layout() -> (Vec<usize>, usize) {
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
fn features(p: u64, o: u64, insts: &[Instance], offsets: &[usize], out: &mut Vec<usize>) {
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
fn scalars(p: u64, o: u64) -> [f32; SCALARS] {
    [
        moves(p, o).count_ones() as f32,
        moves(o, p).count_ones() as f32,
        1.0,
    ]
}

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
/// bit order of its squares, so an index is two bit extractions and two look-ups.
pub struct PatternEval {
    /// (mask, offset into `tables`) per placement.
    placements: Vec<(u64, usize)>,
    /// The tables of all placements, in 1/[`SCALE`] discs.
    tables: Vec<i16>,
    /// Scalar weights (1/[`SCALE`] discs per unit).
    scalar: [i32; SCALARS],
}

impl std::fmt::Debug for PatternEval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternEval")
            .field("placements", &self.placements.len())
            .field("scalar", &self.scalar)
            .finish_non_exhaustive()
    }
}

/// The shipped weights.
static SHIPPED: &[u8] = include_bytes!("../../assets/othello/order-eval.bin");

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

    /// Builds the fast layout from weights in the training layout (per shape, then the
    /// scalars), in discs.
    fn from_weights(w: &[f32]) -> PatternEval {
        let (offsets, _) = layout();
        let mut placements = Vec::new();
        let mut tables = Vec::new();
        for inst in instances() {
            let n = inst.squares.len();
            let start = tables.len();
            placements.push((inst.mask, start));
            // Index in bit order: digit k (k-th lowest square of the mask) has weight
            // 3^k; the shape's index puts that square at digit `digit_of_bit[k]`.
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
        PatternEval {
            placements,
            tables,
            scalar,
        }
    }

    /// Reads weights written by `write_weights`: the magic, the count, then
    /// little-endian `f32`s in the training layout.
    ///
    /// # Errors
    /// When the bytes are not such a file or hold the wrong number of weights.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternEval> {
        ensure!(
            bytes.len() >= 16 && &bytes[..8] == MAGIC,
            "not a treelab evaluation file (expected the magic {:?})",
            std::str::from_utf8(MAGIC).unwrap_or("")
        );
        let count = u64::from_le_bytes(bytes[8..16].try_into()?) as usize;
        let (_, expected) = layout();
        ensure!(
            count == expected,
            "the file holds {count} weights, this build expects {expected}"
        );
        let body = &bytes[16..];
        ensure!(
            body.len() == count * 4,
            "the file is {} bytes long, {} expected for {count} weights",
            bytes.len(),
            16 + count * 4
        );
        let w: Vec<f32> = body
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if let Some(i) = w.iter().position(|x| !x.is_finite()) {
            bail!("weight {i} is not a finite number");
        }
        Ok(PatternEval::from_weights(&w))
    }

    /// The evaluation of the position for `p` (to move), in 1/32 discs.
    #[inline]
    #[must_use]
    pub fn eval(&self, p: u64, o: u64) -> i32 {
        let mut sum = 0i32;
        for &(mask, offset) in &self.placements {
            let idx = usize::from(BINARY_TO_TERNARY[extract(p, mask)])
                + 2 * usize::from(BINARY_TO_TERNARY[extract(o, mask)]);
            sum += i32::from(self.tables[offset + idx]);
        }
        sum + self.scalar[0] * moves(p, o).count_ones() as i32
            + self.scalar[1] * moves(o, p).count_ones() as i32
            + self.scalar[2]
    }
}

/// Serialises weights in the training layout.
fn write_weights(w: &[f32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + 4 * w.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(w.len() as u64).to_le_bytes());
    for x in w {
        out.extend_from_slice(&x.to_le_bytes());
    }
    out
}

// ---------------------------------------------------------------------------------
// Training.

/// A position with its exact score for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Side to move.
    pub p: u64,
    /// Opponent.
    pub o: u64,
    /// Exact final disc difference for `p`.
    pub score: i32,
}

/// What [`generate`] and [`train`] do.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// Seed of the games.
    pub seed: u64,
    /// Games to play (one solved position per game and target).
    pub games: usize,
    /// The empties of the solved positions (each game is cut at each of these).
    pub empties: Vec<u32>,
    /// Worker threads for the solving.
    pub threads: usize,
    /// Passes over the data.
    pub epochs: usize,
    /// Share of the samples held out to measure the fit.
    pub holdout: f64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            seed: 2026,
            games: 36_000,
            empties: vec![12, 13, 14, 15, 16],
            threads: 2,
            epochs: 12,
            holdout: 0.05,
        }
    }
}

/// Plays one seeded game: random moves for a random number of opening plies, then a
/// greedy player (most mobility for itself, least for its opponent) with a 15% chance of
/// a random move. Returns the positions (side to move first) it passed through with
/// each of `targets` empties, when the game reached them with a move to play.
fn play_game(rng: &mut SeededRng, targets: &[u32]) -> Vec<(u64, u64)> {
    let start = Othello::start();
    let (mut p, mut o) = (start.player(), start.opponent());
    let random_plies = 4 + rng.below(20) as u32;
    let mut ply = 0;
    let mut out = Vec::new();
    loop {
        let empties = 64 - (p | o).count_ones();
        let mut mask = moves(p, o);
        if mask == 0 {
            if moves(o, p) == 0 {
                break;
            }
            std::mem::swap(&mut p, &mut o);
            continue;
        }
        if targets.contains(&empties) {
            out.push((p, o));
        }
        if empties <= *targets.iter().min().unwrap_or(&0) {
            break;
        }
        let n = mask.count_ones() as u64;
        let square = if ply < random_plies || rng.below(100) < 15 {
            let k = rng.below(n);
            for _ in 0..k {
                mask &= mask - 1;
            }
            mask.trailing_zeros()
        } else {
            let mut best = (i32::MIN, 0);
            let mut m = mask;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let f = flips(p, o, sq);
                let (np, no) = (o ^ f, p ^ f ^ (1u64 << sq));
                let corner = i32::from(CORNERS >> sq & 1 == 1);
                let v = 4 * (moves(no, np).count_ones() as i32 - moves(np, no).count_ones() as i32)
                    + 40 * corner
                    + (rng.below(3) as i32);
                if v > best.0 {
                    best = (v, sq);
                }
            }
            best.1
        };
        let f = flips(p, o, square);
        let np = o ^ f;
        let no = p ^ f ^ (1u64 << square);
        p = np;
        o = no;
        ply += 1;
    }
    out
}

/// Plays `config.games` seeded games and solves their positions at the target empties
/// (on `config.threads` threads; the result does not depend on the thread count).
#[must_use]
pub fn generate(config: &TrainConfig, progress: &(dyn Fn(usize) + Sync)) -> Vec<Sample> {
    let mut rng = SeededRng::new(config.seed);
    let mut positions = Vec::new();
    for _ in 0..config.games {
        positions.extend(play_game(&mut rng, &config.empties));
    }
    let threads = config.threads.max(1);
    let chunk = positions.len().div_ceil(threads).max(1);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let mut out = vec![
        Sample {
            p: 0,
            o: 0,
            score: 0
        };
        positions.len()
    ];
    std::thread::scope(|scope| {
        for (slots, work) in out.chunks_mut(chunk).zip(positions.chunks(chunk)) {
            let done = &done;
            scope.spawn(move || {
                let mut solver = OthelloSolver::new(OthelloOptions {
                    tt_mib: 4,
                    pattern: false,
                    ..OthelloOptions::default()
                });
                for (slot, &(p, o)) in slots.iter_mut().zip(work) {
                    let score = solver.solve(p, o).score;
                    *slot = Sample { p, o, score };
                    let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    if n.is_multiple_of(1000) {
                        progress(n);
                    }
                }
            });
        }
    });
    out
}

/// The fitted weights (training layout, discs) and a report of the fit.
#[derive(Debug)]
pub struct Trained {
    /// Weights in the training layout.
    pub weights: Vec<f32>,
    /// Text: sample counts, the error on the training and held-out samples per epoch.
    pub report: String,
}

/// Fits the weights to `samples` by stochastic gradient descent on the squared error
/// (a per-weight step size shrinking with how often the weight was seen), holding out
/// every `1/holdout`-th sample to measure the fit. Deterministic.
#[must_use]
pub fn train(samples: &[Sample], config: &TrainConfig) -> Trained {
    let insts = instances();
    let (offsets, n) = layout();
    let mut w = vec![0f32; n];
    let every = (1.0 / config.holdout.clamp(0.001, 0.5)).round() as usize;
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    let mut feats = Vec::new();
    let mut counts = vec![0u32; n];
    for (i, s) in samples.iter().enumerate() {
        features(s.p, s.o, &insts, &offsets, &mut feats);
        let row = (feats.clone(), scalars(s.p, s.o), s.score as f32);
        if i % every == every - 1 {
            held.push(row);
        } else {
            for &f in &row.0 {
                counts[f] += 1;
            }
            fit.push(row);
        }
    }
    let mut report = String::new();
    let _ = writeln!(
        report,
        "samples: {} fitted, {} held out; weights: {} ({} placements of the shapes {})",
        fit.len(),
        held.len(),
        n,
        insts.len(),
        SHAPES.map(|s| s.name).join(", ")
    );
    let base = n - SCALARS;
    let predict = |w: &[f32], row: &(Vec<usize>, [f32; SCALARS], f32)| -> f32 {
        let mut v: f32 = row.0.iter().map(|&f| w[f]).sum();
        for k in 0..SCALARS {
            v += w[base + k] * row.1[k];
        }
        v
    };
    let rms = |w: &[f32], rows: &[(Vec<usize>, [f32; SCALARS], f32)]| -> f64 {
        if rows.is_empty() {
            return 0.0;
        }
        let sum: f64 = rows
            .iter()
            .map(|r| f64::from(predict(w, r) - r.2).powi(2))
            .sum();
        (sum / rows.len() as f64).sqrt()
    };
    let _ = writeln!(
        report,
        "error before training (rms discs): {:.2} fitted, {:.2} held out",
        rms(&w, &fit),
        rms(&w, &held)
    );
    let mut order: Vec<usize> = (0..fit.len()).collect();
    let mut rng = SeededRng::new(config.seed ^ 0x5EED);
    for epoch in 0..config.epochs {
        // Seeded shuffle.
        for i in (1..order.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        let rate = 0.02 / (1.0 + epoch as f32 * 0.15);
        for &i in &order {
            let row = &fit[i];
            let err = predict(&w, row) - row.2;
            for &f in &row.0 {
                // Rarely seen configurations move more per sighting, bounded.
                let step = rate * (4.0 / (counts[f] as f32).sqrt()).clamp(0.05, 1.0);
                w[f] -= step * err + 0.0005 * w[f];
            }
            for k in 0..SCALARS {
                w[base + k] -= rate * 0.01 * err * row.1[k];
            }
        }
        let _ = writeln!(
            report,
            "epoch {:2}: rms {:.2} fitted, {:.2} held out",
            epoch + 1,
            rms(&w, &fit),
            rms(&w, &held)
        );
    }
    Trained { weights: w, report }
}

/// `treelab train-eval`: generates, fits, writes the weights file and prints the report.
///
/// # Errors
/// When the output file cannot be written.
pub fn train_to_file(config: &TrainConfig, out: &std::path::Path) -> Result<String> {
    let clock = std::time::Instant::now();
    let samples = generate(config, &|n| eprintln!("solved {n} positions"));
    let solved = clock.elapsed().as_secs_f64();
    let trained = train(&samples, config);
    let mut report = format!(
        "{} positions solved in {:.1} s ({} games, seed {}, empties {:?})\n",
        samples.len(),
        solved,
        config.games,
        config.seed,
        config.empties
    );
    report.push_str(&trained.report);
    crate::session::write_atomic(out, &write_weights(&trained.weights))
        .with_context(|| format!("writing {}", out.display()))?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_are_the_46_distinct_symmetric_images() {
        let insts = instances();
        assert_eq!(insts.len(), 46);
        for inst in &insts {
            assert_eq!(inst.mask.count_ones() as usize, inst.squares.len());
            assert!(inst.squares.len() <= MAX_SHAPE);
        }
    }

    #[test]
    fn fast_layout_equals_the_training_layout() {
        // Random weights, random positions: the fast evaluation equals the slow sum.
        let (offsets, n) = layout();
        let insts = instances();
        let mut rng = SeededRng::new(7);
        let w: Vec<f32> = (0..n)
            .map(|_| (rng.below(2001) as f32 - 1000.0) / SCALE)
            .collect();
        let eval = PatternEval::from_weights(&w);
        let mut feats = Vec::new();
        for _ in 0..200 {
            let a = rng.next_u64();
            let b = rng.next_u64() & !a;
            features(a, b, &insts, &offsets, &mut feats);
            let mut slow: i32 = feats.iter().map(|&f| (w[f] * SCALE).round() as i32).sum();
            let sc = scalars(a, b);
            for k in 0..SCALARS {
                slow += (w[n - SCALARS + k] * SCALE).round() as i32 * sc[k] as i32;
            }
            assert_eq!(eval.eval(a, b), slow);
        }
    }

    #[test]
    fn weights_round_trip_and_bad_files_are_refused() {
        let (_, n) = layout();
        let w: Vec<f32> = (0..n).map(|i| (i % 17) as f32 * 0.25).collect();
        let bytes = write_weights(&w);
        assert!(PatternEval::from_bytes(&bytes).is_ok());
        assert!(PatternEval::from_bytes(&bytes[..bytes.len() - 4]).is_err());
        assert!(PatternEval::from_bytes(b"nonsense").is_err());
        let mut wrong = bytes.clone();
        wrong[8] ^= 1;
        assert!(PatternEval::from_bytes(&wrong).is_err());
    }

    #[test]
    fn training_reduces_the_error_on_held_out_positions() {
        let config = TrainConfig {
            games: 300,
            empties: vec![10, 12],
            threads: 1,
            epochs: 8,
            holdout: 0.2,
            ..TrainConfig::default()
        };
        let samples = generate(&config, &|_| {});
        assert!(samples.len() > 500);
        let trained = train(&samples, &config);
        let (insts, (offsets, n)) = (instances(), layout());
        let err = |w: &[f32]| {
            let mut feats = Vec::new();
            let mut sum = 0.0f64;
            let mut count = 0;
            for (i, s) in samples.iter().enumerate() {
                if i % 5 != 4 {
                    continue;
                }
                features(s.p, s.o, &insts, &offsets, &mut feats);
                let mut v: f32 = feats.iter().map(|&f| w[f]).sum();
                let sc = scalars(s.p, s.o);
                for k in 0..SCALARS {
                    v += w[n - SCALARS + k] * sc[k];
                }
                sum += f64::from(v - s.score as f32).powi(2);
                count += 1;
            }
            (sum / f64::from(count)).sqrt()
        };
        let before = err(&vec![0.0; n]);
        let after = err(&trained.weights);
        assert!(
            after < 0.8 * before,
            "held-out rms {after:.2} vs {before:.2}"
        );
    }
}
