//! The training of the pattern evaluation (`treelab train-eval`): seeded games played
//! out, positions at the target empties solved exactly by the endgame solver, and
//! the weights fitted to those scores by least squares (Adam steps, a small ridge
//! prior), one set per game stage; the samples read and written as text. It sits
//! beside [`super::pattern`] and [`super::othello`], above both: the solver orders its
//! moves with the evaluation, and the training runs the solver.

use std::fmt::Write as _;

use anyhow::{Context, Result, ensure};

use super::othello::{CORNERS, OthelloOptions, OthelloSolver};
use super::pattern::{
    Instance, SCALARS, SHAPES, features, instances, layout, scalars, write_weights,
};
use crate::game::SeededRng;
use crate::game::othello::Othello;
use crate::game::othello::board::{flips, moves};

#[cfg(test)]
mod tests;

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
    crate::platform::threads::scope(|scope| {
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
        crate::platform::threads::scope(|scope| {
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
    let clock = crate::platform::clock::Instant::now();
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
            let text = crate::fileread::read_text_capped(
                path,
                crate::fileread::SAMPLES_LIMIT,
                "a samples file",
            )
            .with_context(|| format!("reading {name}"))?;
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
        crate::platform::files::write_atomic(path, samples_to_text(&samples).as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let trained = train_stages(&samples, config)?;
    report.push_str(&trained.report);
    crate::platform::files::write_atomic(out, &write_weights(&trained.starts, &trained.weights))
        .with_context(|| format!("writing {}", out.display()))?;
    Ok(report)
}
