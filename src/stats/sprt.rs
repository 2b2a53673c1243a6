//! The sequential probability ratio test (SPRT) that stops a match once the data decide
//! between two hypotheses on the Elo difference, as fishtest and fastchess define it:
//! the generalized SPRT (Van den Bergh's), in normalized Elo (the default of both) or
//! logistic Elo.
//!
//! Under each hypothesis the outcome distribution is the maximum-likelihood one that
//! meets it: for logistic Elo the distribution whose mean score is the hypothesis's
//! score, for normalized Elo the one whose t-value `(mean - ½) / sd` is the
//! hypothesis's (`nElo / (800 / ln 10)`, times √2 for pairs, whose per-pair deviation is
//! a game's over √2). The log-likelihood ratio is the observed counts' log-likelihood
//! under the second fit over the first. An outcome never seen counts `1e-3` times, in the
//! fits and in the ratio (fishtest's and fastchess's regularization), so a run of wins
//! alone moves the ratio by the likelihood it really has.
//!
//! Not applied: fishtest's dynamic overshoot correction of the bounds (its tests are
//! read in batches; treelab reads every game pair), so the bounds are Wald's,
//! `ln(β / (1 - α))` and `ln((1 - β) / α)`.

use serde::{Deserialize, Serialize};

use super::{Pentanomial, Trinomial, score_of_elo};

/// The weight of an outcome never observed, in the fits and the ratio.
const REGULARIZE: f64 = 1e-3;

/// Normalized Elo per unit of t-value: `800 / ln 10`.
const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The largest |hypothesis| in normalized Elo. Up to here the fit of the t-value,
/// started from the uniform distribution as fishtest and fastchess start it, is the
/// maximum-likelihood one for any counts (beyond about 230 for pairs its first step has
/// no solution); tests of such gaps decide within a few games anyway.
pub const MAX_NORMALIZED_ELO: f64 = 200.0;

/// The largest |hypothesis| in logistic Elo.
pub const MAX_LOGISTIC_ELO: f64 = 2000.0;

/// The scale of an SPRT's hypotheses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EloModel {
    /// Normalized Elo: the score's distance from ½ in standard deviations of a game,
    /// times `800 / ln 10`; the default, as in fishtest and fastchess.
    #[default]
    Normalized,
    /// Logistic Elo: `-400 log10(1/score - 1)`.
    Logistic,
}

impl EloModel {
    /// Both models, the default first.
    pub const ALL: [EloModel; 2] = [EloModel::Normalized, EloModel::Logistic];

    /// `normalized` or `logistic`, as `--sprt` reads it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EloModel::Normalized => "normalized",
            EloModel::Logistic => "logistic",
        }
    }

    /// The model of an SPRT saved before the model was a setting: those meant logistic
    /// Elo, and still do.
    #[must_use]
    pub fn of_older_files() -> EloModel {
        EloModel::Logistic
    }
}

/// An SPRT's hypotheses and error rates: H0 is `elo0`, H1 is `elo1`, on `model`'s scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtSpec {
    /// The Elo of H0.
    pub elo0: f64,
    /// The Elo of H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
    /// The scale of `elo0` and `elo1`. A spec saved without it (sessions and results
    /// written before it existed) is read as logistic, the scale it was run on.
    #[serde(default = "EloModel::of_older_files")]
    pub model: EloModel,
}

/// What an SPRT reads: game results (W/D/L) or game pairs (pentanomial counts).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SprtData {
    /// Games, each scoring 0, ½ or 1.
    Games(Trinomial),
    /// Pairs of games on one opening with colours swapped, scoring 0, ¼, ½, ¾ or 1 per
    /// game.
    Pairs(Pentanomial),
}

impl SprtData {
    /// The counts by score, lowest first, and the scale from a normalized Elo to the
    /// t-value of one observation (1 for a game, √2 for a pair).
    fn counts(&self) -> (Vec<f64>, f64) {
        match self {
            SprtData::Games(t) => (vec![t.losses as f64, t.draws as f64, t.wins as f64], 1.0),
            SprtData::Pairs(p) => (
                p.counts.iter().map(|&c| c as f64).collect(),
                std::f64::consts::SQRT_2,
            ),
        }
    }
}

impl SprtSpec {
    /// Parses `elo0=0,elo1=10,alpha=0.05,beta=0.05,model=normalized` (any order; alpha
    /// and beta default to 0.05, model to normalized).
    pub fn parse(text: &str) -> Result<SprtSpec, String> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        let mut model = EloModel::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                format!("'{part}': expected KEY=VALUE (elo0, elo1, alpha, beta, model)")
            })?;
            let (key, value) = (key.trim(), value.trim());
            if key == "model" {
                model = EloModel::ALL
                    .into_iter()
                    .find(|m| m.name().eq_ignore_ascii_case(value))
                    .ok_or_else(|| {
                        format!("'{part}': the model is normalized or logistic, not '{value}'")
                    })?;
                continue;
            }
            let v: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("'{part}': '{value}' is not a number"))?;
            match key {
                "elo0" => elo0 = Some(v),
                "elo1" => elo1 = Some(v),
                "alpha" => alpha = v,
                "beta" => beta = v,
                other => {
                    return Err(format!(
                        "unknown SPRT setting '{other}': use elo0, elo1, alpha, beta, model"
                    ));
                }
            }
        }
        let spec = SprtSpec {
            elo0: elo0.ok_or("the SPRT needs elo0=...")?,
            elo1: elo1.ok_or("the SPRT needs elo1=...")?,
            alpha,
            beta,
            model,
        };
        spec.check()?;
        Ok(spec)
    }

    /// The spec as [`SprtSpec::parse`] reads it: `elo0=0,elo1=10,alpha=0.05,beta=0.05,
    /// model=normalized`.
    #[must_use]
    pub fn text(&self) -> String {
        format!(
            "elo0={},elo1={},alpha={},beta={},model={}",
            self.elo0,
            self.elo1,
            self.alpha,
            self.beta,
            self.model.name()
        )
    }

    /// Refuses hypotheses that cannot be told apart or lie beyond the model's range
    /// ([`MAX_NORMALIZED_ELO`], [`MAX_LOGISTIC_ELO`]), and error rates out of (0, ½).
    pub fn check(&self) -> Result<(), String> {
        if self.elo1.partial_cmp(&self.elo0) != Some(std::cmp::Ordering::Greater) {
            return Err(format!(
                "elo1 ({}) must be above elo0 ({})",
                self.elo1, self.elo0
            ));
        }
        let max = match self.model {
            EloModel::Normalized => MAX_NORMALIZED_ELO,
            EloModel::Logistic => MAX_LOGISTIC_ELO,
        };
        if self.elo0.abs() > max || self.elo1.abs() > max {
            return Err(format!(
                "elo0 and elo1 must lie within ±{max} in {} Elo",
                self.model.name()
            ));
        }
        for (name, v) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!("{name} ({v}) must lie between 0 and 0.5"));
            }
        }
        Ok(())
    }

    /// The bounds of the log-likelihood ratio: H0 at or below the first, H1 at or above
    /// the second.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `data` (0 before any
    /// observation).
    #[must_use]
    pub fn llr(&self, data: &SprtData) -> f64 {
        let (counts, t_scale) = data.counts();
        if counts.iter().sum::<f64>() <= 0.0 {
            return 0.0;
        }
        let weights: Vec<f64> = counts
            .iter()
            .map(|&c| if c > 0.0 { c } else { REGULARIZE })
            .collect();
        let n: f64 = weights.iter().sum();
        let last = (weights.len() - 1) as f64;
        // (frequency, per-game score) of each outcome.
        let freq: Vec<(f64, f64)> = weights
            .iter()
            .enumerate()
            .map(|(k, &w)| (w / n, k as f64 / last))
            .collect();
        let (fit0, fit1) = match self.model {
            EloModel::Logistic => (
                fit_mean(&freq, score_of_elo(self.elo0)),
                fit_mean(&freq, score_of_elo(self.elo1)),
            ),
            EloModel::Normalized => (
                fit_t_value(&freq, 0.5, self.elo0 / NELO_PER_T * t_scale),
                fit_t_value(&freq, 0.5, self.elo1 / NELO_PER_T * t_scale),
            ),
        };
        weights
            .iter()
            .zip(fit0.iter().zip(&fit1))
            .map(|(w, (p0, p1))| w * (p1 / p0).ln())
            .sum()
    }

    /// The SPRT's state after `data`.
    #[must_use]
    pub fn state(&self, data: &SprtData) -> SprtState {
        let llr = self.llr(data);
        let (low, high) = self.bounds();
        let decision = if llr >= high {
            Some(Hypothesis::H1)
        } else if llr <= low {
            Some(Hypothesis::H0)
        } else {
            None
        };
        SprtState {
            llr,
            low,
            high,
            decision,
        }
    }
}

/// The root `x` of `Σ p b / (1 + x b) = 0` over the frequencies `p` (all positive) of
/// values `b` (some below 0, some above), in the interval where every `1 + x b` is
/// positive, `(-1 / max b, -1 / min b)`; the sum decreases across it from +∞ to -∞.
/// `None` when the values do not straddle 0.
fn secular_root(freq: &[f64], b: &[f64]) -> Option<f64> {
    let lo_b = b.iter().copied().fold(f64::INFINITY, f64::min);
    let hi_b = b.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(lo_b < 0.0 && hi_b > 0.0) {
        return None;
    }
    let g = |x: f64| {
        freq.iter()
            .zip(b)
            .map(|(p, v)| p * v / (1.0 + x * v))
            .sum::<f64>()
    };
    let (mut a, mut c) = (-1.0 / hi_b, -1.0 / lo_b);
    let shrink = 1e-12 * (c - a);
    (a, c) = (a + shrink, c - shrink);
    for _ in 0..200 {
        let m = 0.5 * (a + c);
        if m <= a || m >= c {
            break;
        }
        if g(m) > 0.0 {
            a = m;
        } else {
            c = m;
        }
    }
    Some(0.5 * (a + c))
}

/// The maximum-likelihood distribution over the outcomes of `freq` ((frequency, score)
/// pairs, frequencies summing to 1, all positive) whose mean score is `s`: the
/// frequencies reweighted as `p / (1 + x (a - s))`, `x` the root that makes the mean `s`.
fn fit_mean(freq: &[(f64, f64)], s: f64) -> Vec<f64> {
    let p: Vec<f64> = freq.iter().map(|&(p, _)| p).collect();
    let b: Vec<f64> = freq.iter().map(|&(_, a)| a - s).collect();
    let x = secular_root(&p, &b).unwrap_or(0.0);
    p.iter().zip(&b).map(|(p, b)| p / (1.0 + x * b)).collect()
}

/// The maximum-likelihood distribution over the outcomes of `freq` whose t-value
/// `(mean - reference) / sd` is `t`. At the maximum the distribution is
/// `p / (1 + x φ)`, with `φ = a - reference - t sd (1 + ((a - mean) / sd)²) / 2` (the
/// gradient of `mean - reference - t sd` at that distribution, shifted so that its
/// mean is that constraint) and `x` the root that makes `Σ p φ` vanish: a fixed point,
/// reached by iterating from the uniform distribution until no frequency moves by
/// 1e-13 (at most 200 steps).
fn fit_t_value(freq: &[(f64, f64)], reference: f64, t: f64) -> Vec<f64> {
    let p: Vec<f64> = freq.iter().map(|&(p, _)| p).collect();
    if t == 0.0 {
        return fit_mean(freq, reference);
    }
    let mut fit = vec![1.0 / p.len() as f64; p.len()];
    for _ in 0..200 {
        let mean: f64 = fit.iter().zip(freq).map(|(q, &(_, a))| q * a).sum();
        let var: f64 = fit
            .iter()
            .zip(freq)
            .map(|(q, &(_, a))| q * (a - mean).powi(2))
            .sum();
        let sd = var.sqrt();
        if sd <= 0.0 {
            break;
        }
        let phi: Vec<f64> = freq
            .iter()
            .map(|&(_, a)| a - reference - t * sd * (1.0 + ((a - mean) / sd).powi(2)) / 2.0)
            .collect();
        // Within the hypotheses `check` allows, φ always straddles 0.
        let Some(x) = secular_root(&p, &phi) else {
            break;
        };
        let next: Vec<f64> = p.iter().zip(&phi).map(|(p, f)| p / (1.0 + x * f)).collect();
        let moved = next
            .iter()
            .zip(&fit)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        fit = next;
        if moved < 1e-13 {
            break;
        }
    }
    fit
}

/// Which hypothesis an SPRT accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hypothesis {
    /// H0: the Elo difference is `elo0` (or less).
    H0,
    /// H1: the Elo difference is `elo1` (or more).
    H1,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtState {
    /// The log-likelihood ratio of H1 against H0.
    pub llr: f64,
    /// The lower bound (H0 accepted at or below it).
    pub low: f64,
    /// The upper bound (H1 accepted at or above it).
    pub high: f64,
    /// The decision, once there is one.
    pub decision: Option<Hypothesis>,
}

impl SprtState {
    /// `LLR 1.23 (-2.94, 2.94): H1 accepted` and the like.
    #[must_use]
    pub fn text(&self) -> String {
        let verdict = match self.decision {
            Some(Hypothesis::H1) => "H1 accepted",
            Some(Hypothesis::H0) => "H0 accepted",
            None => "no decision yet",
        };
        format!(
            "LLR {:.2} ({:.2}, {:.2}): {verdict}",
            self.llr, self.low, self.high
        )
    }
}
