//! A pattern evaluation of Othello positions, trained by treelab itself on positions it
//! solved exactly, for move ordering in the endgame solver.
//!
//! The evaluation is the classic sum of pattern weights (Buro's Logistello, Edax): every
//! board line or corner region of a given shape, in each of its symmetric placements,
//! reads as a base-3 number (empty 0, side to move 1, opponent 2), and each shape has a
//! table of weights indexed by that number; the symmetric placements of a shape share its
//! table. Two scalar features (the mobility of each side) complete it. A weights file may
//! hold one set of weights per game stage (a range of empty-square counts); the shipped
//! one has a single stage (two stages, 11-13 and 14 on, ordered no better).
//!
//! The weights are fitted by least squares to exact final scores: `treelab train-eval`
//! plays seeded, partly random games, solves positions with 11 to 16 empty squares with
//! [`super::othello::OthelloSolver`] (ordered by the shipped weights, which only makes
//! the labels cheaper), and fits the weights by full-batch gradient descent (Adam steps,
//! a small ridge prior). The shipped weights (`assets/othello/order-eval.bin`) come from
//! that command with its default arguments; [`PatternEval::shipped`] loads them, and
//! `treelab solve --eval FILE` orders with other weights.
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
const MAGIC: &[u8; 8] = b"TLEVAL02";

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
static SHIPPED: &[u8] = include_bytes!("../../assets/othello/order-eval.bin");

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
        let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        let eval = PatternEval::from_bytes(&bytes)
            .with_context(|| format!("loading the weights in {}", path.display()))?;
        Ok(Box::leak(Box::new(eval)))
    }

    /// Builds the fast layout from weights in the training layout (per shape, then the
    /// scalars), in discs, one vector per stage; stage `k` starts at `starts[k]`
    /// empties (`starts[0]` is 0, increasing).
    fn from_weights(starts: &[u32], weights: &[Vec<f32>]) -> PatternEval {
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
        PatternEval {
            placements,
            stages,
            stage_of,
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
}

/// Serialises the weights of stages starting at `starts` empties, in the training
/// layout (see [`PatternEval::from_bytes`]).
fn write_weights(starts: &[u32], weights: &[Vec<f32>]) -> Vec<u8> {
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
    /// Solve only the positions of games from this one on (0-based; the games before
    /// are played all the same, so a run split in parts at game boundaries, each part
    /// saving its samples, trains to the same weights as one run).
    pub first_game: usize,
    /// The empties of the solved positions (each game is cut at each of these).
    pub empties: Vec<u32>,
    /// Worker threads for the solving.
    pub threads: usize,
    /// Passes over the data (full-batch gradient steps).
    pub epochs: usize,
    /// Share of the samples held out to measure the fit.
    pub holdout: f64,
    /// Where the stages after the first start (empties, increasing): one set of weights
    /// per stage. Empty: one set for every stage of the game.
    pub stages: Vec<u32>,
    /// Each stage also trains on samples up to this many empties outside it.
    pub stage_overlap: u32,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            seed: 2026,
            games: 150_000,
            first_game: 0,
            empties: vec![11, 12, 13, 14, 15, 16],
            threads: 2,
            epochs: 1000,
            holdout: 0.05,
            stages: Vec::new(),
            stage_overlap: 0,
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
    for game in 0..config.games {
        let played = play_game(&mut rng, &config.empties);
        if game >= config.first_game {
            positions.extend(played);
        }
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
                    // Exact scores whatever orders the moves: the shipped
                    // evaluation only makes the labels cheaper.
                    tt_mib: 4,
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

/// The fitted weights of every stage.
#[derive(Debug)]
pub struct TrainedStages {
    /// The first empties count of each stage (the first is 0).
    pub starts: Vec<u32>,
    /// Each stage's weights in the training layout.
    pub weights: Vec<Vec<f32>>,
    /// The stages' reports.
    pub report: String,
}

/// Fits one set of weights per stage of `config.stages`, each by [`train`] on the
/// samples whose empties fall in the stage or within `config.stage_overlap` of it.
///
/// # Errors
/// When the stage starts are not increasing, or a stage has no samples.
pub fn train_stages(samples: &[Sample], config: &TrainConfig) -> Result<TrainedStages> {
    let mut starts = vec![0];
    for &s in &config.stages {
        ensure!(
            s <= 64 && s > *starts.last().unwrap_or(&0),
            "stage starts {:?}: each must be above the one before, 1 to 64",
            config.stages
        );
        starts.push(s);
    }
    let mut weights = Vec::new();
    let mut report = String::new();
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(64, |&next| next - 1);
        let (lo, hi) = (
            start.saturating_sub(config.stage_overlap),
            end + config.stage_overlap,
        );
        let chosen: Vec<Sample> = samples
            .iter()
            .filter(|s| (lo..=hi).contains(&(s.p | s.o).count_zeros()))
            .copied()
            .collect();
        ensure!(
            !chosen.is_empty(),
            "stage {k} ({start} to {end} empties) has no samples with {lo} to {hi} empties"
        );
        if starts.len() > 1 {
            let _ = writeln!(
                report,
                "stage {k}: {start} to {end} empties, trained on {lo} to {hi}"
            );
        }
        let trained = train(&chosen, config);
        report.push_str(&trained.report);
        weights.push(trained.weights);
    }
    Ok(TrainedStages {
        starts,
        weights,
        report,
    })
}

/// The training data in one flat layout: per row the weight index of every placement,
/// the scalar features and the exact score.
struct Rows {
    /// `places` weight indices per row.
    feats: Vec<u32>,
    scalars: Vec<[f32; SCALARS]>,
    target: Vec<f32>,
    places: usize,
}

impl Rows {
    fn new(samples: &[&Sample], insts: &[Instance], offsets: &[usize]) -> Rows {
        let mut feats = Vec::with_capacity(samples.len() * insts.len());
        let mut row = Vec::new();
        for s in samples {
            features(s.p, s.o, insts, offsets, &mut row);
            feats.extend(row.iter().map(|&f| f as u32));
        }
        Rows {
            feats,
            scalars: samples.iter().map(|s| scalars(s.p, s.o)).collect(),
            target: samples.iter().map(|s| s.score as f32).collect(),
            places: insts.len(),
        }
    }

    fn len(&self) -> usize {
        self.target.len()
    }

    /// The prediction of row `i` by `w`, minus its score.
    #[inline]
    fn error(&self, w: &[f32], i: usize) -> f32 {
        let base = w.len() - SCALARS;
        let mut v: f32 = self.feats[i * self.places..(i + 1) * self.places]
            .iter()
            .map(|&f| w[f as usize])
            .sum();
        for (k, x) in self.scalars[i].iter().enumerate() {
            v += w[base + k] * x;
        }
        v - self.target[i]
    }

    /// The root mean squared error of `w`, in discs.
    fn rms(&self, w: &[f32]) -> f64 {
        if self.len() == 0 {
            return 0.0;
        }
        let sum: f64 = (0..self.len())
            .map(|i| f64::from(self.error(w, i)).powi(2))
            .sum();
        (sum / self.len() as f64).sqrt()
    }

    /// Adds the gradient of half the summed squared error over rows `range` to `grad`.
    fn add_gradient(&self, w: &[f32], range: std::ops::Range<usize>, grad: &mut [f32]) {
        let base = w.len() - SCALARS;
        for i in range {
            let err = self.error(w, i);
            for &f in &self.feats[i * self.places..(i + 1) * self.places] {
                grad[f as usize] += err;
            }
            for (k, x) in self.scalars[i].iter().enumerate() {
                grad[base + k] += err * x;
            }
        }
    }

    /// The gradient of the mean squared error (halved) at `w` into `grad`, summed over
    /// a fixed split of the rows (so the same whatever `threads`); `parts` holds one
    /// partial sum per chunk, kept between calls.
    fn gradient(&self, w: &[f32], threads: usize, parts: &mut [Vec<f32>], grad: &mut [f64]) {
        let chunks = parts.len();
        let per = self.len().div_ceil(chunks).max(1);
        let threads = threads.clamp(1, chunks);
        std::thread::scope(|scope| {
            let mut lanes: Vec<Vec<(usize, &mut Vec<f32>)>> =
                (0..threads).map(|_| Vec::new()).collect();
            for (c, part) in parts.iter_mut().enumerate() {
                lanes[c % threads].push((c, part));
            }
            for lane in lanes {
                scope.spawn(move || {
                    for (c, part) in lane {
                        part.fill(0.0);
                        let range = (c * per).min(self.len())..((c + 1) * per).min(self.len());
                        self.add_gradient(w, range, part);
                    }
                });
            }
        });
        grad.fill(0.0);
        for part in parts.iter() {
            for (t, &g) in grad.iter_mut().zip(part) {
                *t += f64::from(g);
            }
        }
        let n = self.len().max(1) as f64;
        for t in grad.iter_mut() {
            *t /= n;
        }
    }
}

/// The rows of the gradient are summed in this many fixed chunks.
const GRADIENT_CHUNKS: usize = 16;

/// How many observations of a zero weight the ridge penalty is worth (a weight seen
/// fewer times than this stays near zero).
const PRIOR_OBSERVATIONS: f64 = 4.0;

/// Fits the weights to `samples` by least squares with a small ridge penalty: full-batch
/// gradient descent with Adam steps, `config.epochs` passes, holding out every
/// `1/holdout`-th sample to measure the fit. Deterministic (whatever the thread count).
#[must_use]
pub fn train(samples: &[Sample], config: &TrainConfig) -> Trained {
    let insts = instances();
    let (offsets, n) = layout();
    let every = (1.0 / config.holdout.clamp(0.001, 0.5)).round() as usize;
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for (i, s) in samples.iter().enumerate() {
        if i % every == every - 1 {
            held.push(s);
        } else {
            fit.push(s);
        }
    }
    let fit = Rows::new(&fit, &insts, &offsets);
    let held = Rows::new(&held, &insts, &offsets);
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
    let mut w = vec![0f32; n];
    let _ = writeln!(
        report,
        "error before training (rms discs): {:.2} fitted, {:.2} held out",
        fit.rms(&w),
        held.rms(&w)
    );
    let lambda = PRIOR_OBSERVATIONS / fit.len().max(1) as f64;
    let (mut m, mut v) = (vec![0f64; n], vec![0f64; n]);
    let (beta1, beta2, eps) = (0.9f64, 0.999f64, 1e-8f64);
    let passes = config.epochs;
    let every_report = passes.div_ceil(12).max(1);
    let mut parts = vec![vec![0f32; n]; GRADIENT_CHUNKS];
    let mut grad = vec![0f64; n];
    for pass in 0..passes {
        fit.gradient(&w, config.threads, &mut parts, &mut grad);
        // A step of 0.1 disc at first, shrinking to a tenth by the end.
        let rate = 0.1 * (1.0 - 0.9 * pass as f64 / passes as f64);
        let t = (pass + 1) as i32;
        let (c1, c2) = (1.0 - beta1.powi(t), 1.0 - beta2.powi(t));
        for i in 0..n {
            let g = grad[i] + lambda * f64::from(w[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            w[i] -= (rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps)) as f32;
        }
        if (pass + 1) % every_report == 0 || pass + 1 == passes {
            let _ = writeln!(
                report,
                "pass {:4}: rms {:.2} fitted, {:.2} held out",
                pass + 1,
                fit.rms(&w),
                held.rms(&w)
            );
        }
    }
    Trained { weights: w, report }
}

/// Writes samples as text, one per line: the side to move's and the opponent's discs as
/// 16 hex digits each, then the exact score.
#[must_use]
pub fn samples_to_text(samples: &[Sample]) -> String {
    let mut out = String::with_capacity(samples.len() * 38);
    for s in samples {
        let _ = writeln!(out, "{:016x} {:016x} {:+}", s.p, s.o, s.score);
    }
    out
}

/// Reads samples written by [`samples_to_text`]; `name` names the source in errors.
///
/// # Errors
/// When a line is not two 16-hex-digit boards and a score, the boards overlap, or the
/// score is impossible (odd numbers are fine: a game can end with an empty square).
pub fn samples_from_text(text: &str, name: &str) -> Result<Vec<Sample>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let at = || format!("{name}:{}", i + 1);
        let fields: Vec<&str> = line.split_whitespace().collect();
        ensure!(
            fields.len() == 3,
            "{}: expected 'player opponent score', found {} fields",
            at(),
            fields.len()
        );
        let board = |f: &str| {
            u64::from_str_radix(f, 16)
                .ok()
                .filter(|_| f.len() == 16)
                .with_context(|| format!("{}: '{f}' is not 16 hex digits", at()))
        };
        let (p, o) = (board(fields[0])?, board(fields[1])?);
        ensure!(p & o == 0, "{}: the two sides share squares", at());
        let score: i32 = fields[2]
            .parse()
            .with_context(|| format!("{}: '{}' is not a score", at(), fields[2]))?;
        ensure!(
            (-64..=64).contains(&score),
            "{}: score {score} is outside -64..=64",
            at()
        );
        out.push(Sample { p, o, score });
    }
    Ok(out)
}

/// Where `treelab train-eval` takes its samples from and keeps them.
#[derive(Clone, Debug, Default)]
pub struct SampleFiles {
    /// Train on the samples of these files instead of playing and solving games.
    pub from: Vec<std::path::PathBuf>,
    /// Also write the samples used to this file.
    pub save: Option<std::path::PathBuf>,
}

/// `treelab train-eval`: generates (or reads) the samples, fits, writes the weights
/// file and prints the report.
///
/// # Errors
/// When a samples file cannot be read or is malformed, or a file cannot be written.
pub fn train_to_file(
    config: &TrainConfig,
    files: &SampleFiles,
    out: &std::path::Path,
) -> Result<String> {
    let clock = std::time::Instant::now();
    let (samples, mut report) = if files.from.is_empty() {
        let samples = generate(config, &|n| eprintln!("solved {n} positions"));
        let report = format!(
            "{} positions solved in {:.1} s ({} games, seed {}, empties {:?})\n",
            samples.len(),
            clock.elapsed().as_secs_f64(),
            config.games,
            config.seed,
            config.empties
        );
        (samples, report)
    } else {
        let mut samples = Vec::new();
        for path in &files.from {
            let name = path.display().to_string();
            let text = std::fs::read_to_string(path).with_context(|| format!("reading {name}"))?;
            samples.extend(samples_from_text(&text, &name)?);
        }
        let report = format!(
            "{} samples read from {}\n",
            samples.len(),
            files
                .from
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        (samples, report)
    };
    if let Some(path) = &files.save {
        crate::vocab::atomic::write_atomic(path, samples_to_text(&samples).as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let trained = train_stages(&samples, config)?;
    report.push_str(&trained.report);
    crate::vocab::atomic::write_atomic(out, &write_weights(&trained.starts, &trained.weights))
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
        let eval = PatternEval::from_weights(&[0], std::slice::from_ref(&w));
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
        let bytes = write_weights(&[0], std::slice::from_ref(&w));
        assert!(PatternEval::from_bytes(&bytes).is_ok());
        assert!(PatternEval::from_bytes(&bytes[..bytes.len() - 4]).is_err());
        assert!(PatternEval::from_bytes(b"nonsense").is_err());
        let mut wrong = bytes.clone();
        wrong[8] ^= 1;
        assert!(PatternEval::from_bytes(&wrong).is_err());
    }

    #[test]
    fn each_stage_evaluates_the_positions_of_its_empties() {
        // Two stages whose weights differ only in the constant: positions with fewer
        // than 14 empties get the first, the others the second.
        let (_, n) = layout();
        let mut early = vec![0.0f32; n];
        let mut late = vec![0.0f32; n];
        early[n - 1] = 3.0;
        late[n - 1] = -5.0;
        let bytes = write_weights(&[0, 14], &[early, late]);
        let eval = PatternEval::from_bytes(&bytes).expect("two stages load");
        let start = Othello::start();
        let (p, o) = (start.player(), start.opponent());
        assert_eq!(eval.eval(p, o), -5 * 32);
        let full = !0u64 ^ 0xFFF; // 12 empties
        assert_eq!(
            eval.eval(full & 0x5555_5555_5555_5555, full & !0x5555_5555_5555_5555),
            3 * 32
        );
        // Stages out of order, not starting at 0, or too many are refused.
        let w = vec![0.0f32; n];
        for starts in [&[0, 14, 14][..], &[3, 14][..], &[0, 70][..]] {
            let ws = vec![w.clone(); starts.len()];
            let err = PatternEval::from_bytes(&write_weights(starts, &ws))
                .expect_err("bad stages are refused");
            assert!(err.to_string().contains("stage"), "{err}");
        }
    }

    #[test]
    fn samples_round_trip_as_text_and_bad_lines_say_where() {
        let samples = vec![
            Sample {
                p: 0x0000_0008_1000_0000,
                o: 0x0000_0010_0800_0000,
                score: 0,
            },
            Sample {
                p: 1,
                o: 2,
                score: -64,
            },
        ];
        let text = samples_to_text(&samples);
        assert_eq!(samples_from_text(&text, "x").expect("reads back"), samples);
        for (bad, want) in [
            ("0000000000000001 0000000000000002", "expected"),
            ("0000000000000001 0000000000000001 +2", "share squares"),
            ("00000000000000zz 0000000000000002 +2", "not 16 hex digits"),
            ("0000000000000001 0000000000000002 +66", "outside"),
            ("0000000000000001 0000000000000002 ten", "not a score"),
        ] {
            let err = samples_from_text(&format!("{text}{bad}\n"), "x")
                .expect_err("a bad line is refused")
                .to_string();
            assert!(err.contains(want), "{bad}: {err}");
            assert!(err.starts_with("x:3"), "{bad}: {err}");
        }
    }

    #[test]
    fn a_run_split_at_a_game_boundary_solves_the_same_samples() {
        let whole = TrainConfig {
            games: 40,
            empties: vec![10],
            threads: 1,
            ..TrainConfig::default()
        };
        let first = TrainConfig {
            games: 25,
            ..whole.clone()
        };
        let second = TrainConfig {
            first_game: 25,
            ..whole.clone()
        };
        let mut parts = generate(&first, &|_| {});
        parts.extend(generate(&second, &|_| {}));
        assert!(parts.len() > 30);
        assert_eq!(parts, generate(&whole, &|_| {}));
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
