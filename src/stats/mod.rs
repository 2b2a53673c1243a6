//! Match statistics as engine testers use them (cutechess, fastchess, fishtest): the
//! score, the Elo difference with its 95% confidence interval, the likelihood of
//! superiority (LOS), normalized Elo, from game results (W/D/L, the trinomial model) or
//! from game pairs played on the same opening with colours swapped (the pentanomial
//! model: a pair scores 0, ½, 1, 1½ or 2), and ([`sprt`]) the sequential probability
//! ratio test (SPRT) that stops a match once the data decide between two Elo hypotheses;
//! and ([`across`]) how one search compares with another over a suite of positions.
//!
//! Scores are per game, in [0, 1]. The Elo of a score `s` is the logistic
//! `-400 log10(1/s - 1)`; at `s = 0` or `1` it is infinite, and is kept as an infinite
//! `f64` for the caller to print as such (never as a number). LOS has one definition
//! for games and pairs alike, fishtest's and fastchess's: `Φ((s - ½) / se)`, `se` the
//! standard error of the mean score `s`.

use serde::{Deserialize, Serialize};

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

pub mod across;
pub mod sprt;
pub use sprt::{EloModel, Hypothesis, SprtData, SprtSpec, SprtState};

/// The score (per game, 0..1) of an Elo difference.
#[must_use]
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of a score (per game, 0..1): infinite at 0 and 1.
#[must_use]
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The standard normal distribution function.
#[must_use]
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// The error function: its Taylor series up to |x| = 3 (absolute error near 1e-15),
/// beyond that the Chebyshev-fitted complementary error function of Numerical Recipes
/// (below 2.3e-5 there, so the absolute error stays under 1e-11).
fn erf(x: f64) -> f64 {
    let z = x.abs();
    let value = if z <= 3.0 {
        // 2/√π Σ (-1)^n z^(2n+1) / (n! (2n+1)).
        let mut term = z;
        let mut sum = z;
        let mut n = 0.0;
        while term.abs() > 1e-17 * sum.abs().max(1e-300) {
            n += 1.0;
            term *= -z * z / n;
            sum += term / (2.0 * n + 1.0);
        }
        sum * 2.0 / std::f64::consts::PI.sqrt()
    } else {
        1.0 - erfc_tail(z)
    };
    value.copysign(x)
}

/// The complementary error function for `z > 3`: the Chebyshev fit of Numerical
/// Recipes (relative error below 1.2e-7), computed directly so that a far tail keeps
/// its digits.
fn erfc_tail(z: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    t * poly.exp()
}

/// `P(Z <= -|x|)` for a standard normal `Z`, with its relative precision kept far into
/// the tail (a p-value of 1e-30 is printed as such, not as 0).
#[must_use]
pub fn normal_tail(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    if z <= 3.0 {
        0.5 * (1.0 - erf(z))
    } else {
        0.5 * erfc_tail(z)
    }
}

/// An Elo estimate with its 95% interval, from a mean score and its standard error.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    /// The mean score per game, 0..1.
    pub score: f64,
    /// The Elo difference (infinite at a score of 0 or 1).
    pub elo: f64,
    /// The lower end of the 95% interval (may be -inf).
    pub low: f64,
    /// The upper end of the 95% interval (may be +inf).
    pub high: f64,
    /// The likelihood of superiority: the probability that the first player is the
    /// stronger, 0..1: `Φ((score - ½) / se)`, `se` the score's standard error (of the
    /// games, or of the pairs), as fishtest and fastchess define it.
    pub los: f64,
    /// Normalized Elo (the score's distance from ½ in standard deviations of one game,
    /// or of one pair over √2, times 800/ln 10); `None` when the deviation is 0.
    pub n_elo: Option<f64>,
    /// How many observations (games, or pairs) it rests on.
    pub samples: usize,
}

impl EloEstimate {
    /// From a mean score `mean` with per-observation variance `variance` over `n`
    /// observations; `pair` when an observation is a pair of games.
    fn from_moments(mean: f64, variance: f64, n: usize, pair: bool) -> EloEstimate {
        let se = if n > 0 {
            (variance / n as f64).sqrt()
        } else {
            0.0
        };
        let (low, high) = if se > 0.0 || n == 0 {
            (
                elo_of_score((mean - Z95 * se).clamp(0.0, 1.0)),
                elo_of_score((mean + Z95 * se).clamp(0.0, 1.0)),
            )
        } else {
            // Every observation alike (all wins, all draws...): the normal interval has
            // no width, which no finite sample justifies. The empirical-likelihood
            // interval does: moving the mean from the observed x0 to m needs a share of
            // the opposite extreme outcome, and the likelihood of n observations at x0
            // falls to e^(-z²/2) at m = x0·e^(-z²/2n) (down) or x0 + (1 - x0)(1 -
            // e^(-z²/2n)) (up).
            let keep = (-Z95 * Z95 / (2.0 * n as f64)).exp();
            (
                elo_of_score(mean * keep),
                elo_of_score(mean + (1.0 - mean) * (1.0 - keep)),
            )
        };
        let los = if se > 0.0 {
            normal_cdf((mean - 0.5) / se)
        } else if mean > 0.5 {
            1.0
        } else if mean < 0.5 {
            0.0
        } else {
            0.5
        };
        let per_game_sd = if pair {
            (2.0 * variance).sqrt()
        } else {
            variance.sqrt()
        };
        let n_elo = (per_game_sd > 0.0)
            .then(|| (mean - 0.5) / per_game_sd * 800.0 / std::f64::consts::LN_10);
        EloEstimate {
            score: mean,
            elo: elo_of_score(mean),
            low,
            high,
            los,
            n_elo,
            samples: n,
        }
    }

    /// Half the width of the interval, when both ends are finite.
    #[must_use]
    pub fn half_width(&self) -> Option<f64> {
        (self.low.is_finite() && self.high.is_finite()).then(|| (self.high - self.low) / 2.0)
    }

    /// `Elo +12.3 ± 4.5 (95%: +8.0 to +16.9), LOS 99.8%`. Where an end of the interval
    /// is infinite there is no ±, and the text says why: every game won (or lost), or a
    /// score so near 100% (or 0%) that its margin of error reaches it:
    /// `Elo +190.8 (95%: +60.2 to +inf, unbounded above: a score of 100% is within the
    /// margin of error), LOS 99.9%`.
    #[must_use]
    pub fn text(&self) -> String {
        let interval = format!("95%: {} to {}", signed(self.low), signed(self.high));
        let why = match (self.low.is_finite(), self.high.is_finite()) {
            (true, true) => {
                let h = (self.high - self.low) / 2.0;
                return format!(
                    "Elo {} ± {h:.1} ({interval}), LOS {:.1}%",
                    signed(self.elo),
                    100.0 * self.los
                );
            }
            _ if self.score >= 1.0 => "unbounded above: every game won".to_string(),
            _ if self.score <= 0.0 => "unbounded below: every game lost".to_string(),
            (_, false) => {
                "unbounded above: a score of 100% is within the margin of error".to_string()
            }
            (false, true) => {
                "unbounded below: a score of 0% is within the margin of error".to_string()
            }
        };
        format!(
            "Elo {} ({interval}, {why}), LOS {:.1}%",
            signed(self.elo),
            100.0 * self.los
        )
    }
}

/// An Elo value with its sign; infinities as `+inf` / `-inf`.
#[must_use]
pub fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{elo:+.1}")
    }
}

/// Wins, draws and losses of the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trinomial {
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
}

impl Trinomial {
    /// Adds a game from the first player's points (1, ½ or 0).
    pub fn add(&mut self, points: f64) {
        if points > 0.5 {
            self.wins += 1;
        } else if points < 0.5 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Games.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// (count, per-game score) of losses, draws and wins.
    #[must_use]
    pub fn weighted(&self) -> [(f64, f64); 3] {
        [
            (self.losses as f64, 0.0),
            (self.draws as f64, 0.5),
            (self.wins as f64, 1.0),
        ]
    }

    /// The Elo estimate from the games (`None` before the first game).
    #[must_use]
    pub fn estimate(&self) -> Option<EloEstimate> {
        let (mean, variance, n) = moments(&self.weighted())?;
        Some(EloEstimate::from_moments(mean, variance, n, false))
    }
}

/// Game pairs by the first player's total over the two games: `counts[k]` pairs scored
/// `k/2` (0, ½, 1, 1½, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial {
    /// Pairs by score: 0, ½, 1, 1½, 2.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Adds a pair from the first player's two game scores (each 0, ½ or 1).
    ///
    /// The pair's points are `first + second`; `counts[2 × points]` grows by one.
    pub fn add(&mut self, first: f64, second: f64) {
        let k = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// Pairs.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// (count, per-game score) of the pairs, the score of a pair being ¼ of its
    /// points per half point: 0, ¼, ½, ¾, 1.
    #[must_use]
    pub fn weighted(&self) -> [(f64, f64); 5] {
        let mut out = [(0.0, 0.0); 5];
        for (k, slot) in out.iter_mut().enumerate() {
            *slot = (self.counts[k] as f64, k as f64 / 4.0);
        }
        out
    }

    /// The Elo estimate from the pairs (`None` before the first pair).
    #[must_use]
    pub fn estimate(&self) -> Option<EloEstimate> {
        let (mean, variance, n) = moments(&self.weighted())?;
        Some(EloEstimate::from_moments(mean, variance, n, true))
    }
}

/// Mean and variance of values weighted by counts, and the total count.
fn moments(weighted: &[(f64, f64)]) -> Option<(f64, f64, usize)> {
    let n: f64 = weighted.iter().map(|&(c, _)| c).sum();
    if n <= 0.0 {
        return None;
    }
    let mean = weighted.iter().map(|&(c, x)| c * x).sum::<f64>() / n;
    let variance = weighted
        .iter()
        .map(|&(c, x)| c * (x - mean).powi(2))
        .sum::<f64>()
        / n;
    Some((mean, variance, n as usize))
}

#[cfg(test)]
mod tests;
