//! Match statistics as engine testers use them (cutechess, fastchess, fishtest): the
//! score, the Elo difference with its 95% confidence interval, the likelihood of
//! superiority (LOS), normalized Elo, from game results (W/D/L, the trinomial model) or
//! from game pairs played on the same opening with colours swapped (the pentanomial
//! model: a pair scores 0, ½, 1, 1½ or 2), and the sequential probability ratio test
//! (SPRT) that stops a match once the data decide between two Elo hypotheses.
//!
//! Scores are per game, in [0, 1]. The Elo of a score `s` is the logistic
//! `-400 log10(1/s - 1)`; at `s = 0` or `1` it is infinite, and is kept as an infinite
//! `f64` for the caller to print as such (never as a number).
//!
//! The SPRT is the generalized SPRT of the field (Van den Bergh's, as fishtest runs
//! it): under each hypothesis the outcome distribution is the maximum-likelihood one
//! whose mean score is that hypothesis's score, found exactly (a one-dimensional root),
//! so that it holds for any draw rate, unbalanced openings and huge Elo gaps alike.
//! Outcomes never seen get a tiny regularizing weight, so a run of wins alone moves
//! the ratio by the likelihood it really has and does not decide at once.

use serde::{Deserialize, Serialize};

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The weight given to an outcome never observed when the SPRT fits its distributions.
const REGULARIZE: f64 = 1e-3;

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
        let t = 1.0 / (1.0 + 0.5 * z);
        let poly = -z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77))))))));
        1.0 - t * poly.exp()
    };
    value.copysign(x)
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
    /// stronger, 0..1.
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

    /// `Elo +12.3 ± 4.5 (95%: +8.0 to +16.9), LOS 99.8%`; infinities written `inf`, and
    /// the ± says when one end of the interval is infinite (a perfect or a zero score).
    #[must_use]
    pub fn text(&self) -> String {
        let pm = self.half_width().map_or_else(
            || " ± inf (one end of the interval is infinite)".to_string(),
            |h| format!(" ± {h:.1}"),
        );
        format!(
            "Elo {}{pm} (95%: {} to {}), LOS {:.1}%",
            signed(self.elo),
            signed(self.low),
            signed(self.high),
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

    /// (count, per-game score) of losses, draws and wins: what [`SprtSpec::state`]
    /// reads.
    #[must_use]
    pub fn weighted(&self) -> [(f64, f64); 3] {
        [
            (self.losses as f64, 0.0),
            (self.draws as f64, 0.5),
            (self.wins as f64, 1.0),
        ]
    }

    /// The Elo estimate from the games (`None` before the first game). LOS is the usual
    /// `Φ((W - L) / √(W + L))`.
    #[must_use]
    pub fn estimate(&self) -> Option<EloEstimate> {
        let (mean, variance, n) = moments(&self.weighted())?;
        let mut e = EloEstimate::from_moments(mean, variance, n, false);
        let decisive = (self.wins + self.losses) as f64;
        e.los = if decisive > 0.0 {
            normal_cdf((self.wins as f64 - self.losses as f64) / decisive.sqrt())
        } else {
            0.5
        };
        Some(e)
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
    /// points per half point: 0, ¼, ½, ¾, 1. What [`SprtSpec::state`] reads.
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

/// An SPRT's hypotheses and error rates: H0 is `elo0`, H1 is `elo1`.
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
}

impl SprtSpec {
    /// Parses `elo0=0,elo1=10,alpha=0.05,beta=0.05` (any order; alpha and beta default
    /// to 0.05).
    pub fn parse(text: &str) -> Result<SprtSpec, String> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("'{part}': expected KEY=VALUE (elo0, elo1, alpha, beta)"))?;
            let v: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("'{part}': '{}' is not a number", value.trim()))?;
            match key.trim() {
                "elo0" => elo0 = Some(v),
                "elo1" => elo1 = Some(v),
                "alpha" => alpha = v,
                "beta" => beta = v,
                other => {
                    return Err(format!(
                        "unknown SPRT setting '{other}': use elo0, elo1, alpha, beta"
                    ));
                }
            }
        }
        let spec = SprtSpec {
            elo0: elo0.ok_or("the SPRT needs elo0=...")?,
            elo1: elo1.ok_or("the SPRT needs elo1=...")?,
            alpha,
            beta,
        };
        spec.check()?;
        Ok(spec)
    }

    /// Refuses hypotheses that cannot be told apart and error rates out of (0, ½).
    pub fn check(&self) -> Result<(), String> {
        if self.elo1 <= self.elo0 {
            return Err(format!(
                "elo1 ({}) must be above elo0 ({})",
                self.elo1, self.elo0
            ));
        }
        if self.elo0.abs() > 2000.0 || self.elo1.abs() > 2000.0 {
            return Err("elo0 and elo1 must lie within ±2000".into());
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

    /// The log-likelihood ratio of H1 against H0 for outcomes `weighted` ((count,
    /// per-game score) pairs: three for games, five for pairs).
    #[must_use]
    pub fn llr(&self, weighted: &[(f64, f64)]) -> f64 {
        let n: f64 = weighted.iter().map(|&(c, _)| c).sum();
        if n <= 0.0 {
            return 0.0;
        }
        let freq: Vec<(f64, f64)> = weighted
            .iter()
            .map(|&(c, x)| ((c.max(REGULARIZE)) / n, x))
            .collect();
        let total: f64 = freq.iter().map(|&(p, _)| p).sum();
        let freq: Vec<(f64, f64)> = freq.iter().map(|&(p, x)| (p / total, x)).collect();
        let fit0 = fit(&freq, score_of_elo(self.elo0));
        let fit1 = fit(&freq, score_of_elo(self.elo1));
        weighted
            .iter()
            .zip(fit0.iter().zip(&fit1))
            .filter(|((c, _), _)| *c > 0.0)
            .map(|((c, _), (p0, p1))| c * (p1 / p0).ln())
            .sum()
    }

    /// The SPRT's state after the outcomes `weighted`.
    #[must_use]
    pub fn state(&self, weighted: &[(f64, f64)]) -> SprtState {
        let llr = self.llr(weighted);
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

/// The maximum-likelihood distribution over the outcomes of `freq` ((frequency, score)
/// pairs, frequencies summing to 1, all positive) whose mean score is `s`: the
/// frequencies reweighted as `p / (1 + θ (x - s))`, θ the root that makes the mean `s`.
fn fit(freq: &[(f64, f64)], s: f64) -> Vec<f64> {
    let lo_x = freq.iter().map(|&(_, x)| x).fold(f64::INFINITY, f64::min);
    let hi_x = freq
        .iter()
        .map(|&(_, x)| x)
        .fold(f64::NEG_INFINITY, f64::max);
    // 1 + θ (x - s) > 0 for every x: θ in (-1 / (hi - s), 1 / (s - lo)).
    let (mut a, mut b) = (-1.0 / (hi_x - s), 1.0 / (s - lo_x));
    let g = |theta: f64| {
        freq.iter()
            .map(|&(p, x)| p * (x - s) / (1.0 + theta * (x - s)))
            .sum::<f64>()
    };
    // g decreases in θ from +inf to -inf across the interval: bisect.
    let shrink = 1e-12;
    (a, b) = (a + shrink * (b - a), b - shrink * (b - a));
    for _ in 0..200 {
        let m = 0.5 * (a + b);
        if g(m) > 0.0 {
            a = m;
        } else {
            b = m;
        }
    }
    let theta = 0.5 * (a + b);
    freq.iter()
        .map(|&(p, x)| p / (1.0 + theta * (x - s)))
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SeededRng;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Values worked by hand from the definitions: 60 wins, 20 draws, 20 losses.
    #[test]
    fn trinomial_figures_match_hand_computed_values() {
        let t = Trinomial {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let e = t.estimate().expect("games");
        // s = (60 + 10) / 100 = 0.7; Elo = -400 log10(1/0.7 - 1) = 147.19...
        assert!(close(e.score, 0.7, 1e-12));
        assert!(close(e.elo, 147.190_714, 1e-5), "{}", e.elo);
        // var = (0.6·0.09 + 0.2·0.04 + 0.2·0.49) = 0.16; se = 0.04.
        let lo = -400.0 * (1.0 / (0.7 - Z95 * 0.04) - 1.0).log10();
        let hi = -400.0 * (1.0 / (0.7 + Z95 * 0.04) - 1.0).log10();
        assert!(close(e.low, lo, 1e-9) && close(e.high, hi, 1e-9));
        // LOS = Φ(40 / √80) = Φ(4.4721) = 0.999996...
        assert!(close(e.los, 0.999_996_13, 1e-7), "{}", e.los);
        // nElo = 0.2 / 0.4 · 800 / ln 10 = 173.72...
        assert!(close(e.n_elo.expect("sd > 0"), 173.717_793, 1e-5));
        assert!(e.text().contains("Elo +147.2 ±"), "{}", e.text());
    }

    #[test]
    fn pentanomial_figures_match_hand_computed_values() {
        // 10 pairs: counts for 0, ½, 1, 1½, 2 of 1, 2, 3, 3, 1.
        let p = Pentanomial {
            counts: [1, 2, 3, 3, 1],
        };
        let e = p.estimate().expect("pairs");
        // mean = (0 + 2·0.25 + 3·0.5 + 3·0.75 + 1) / 10 = 0.525.
        assert!(close(e.score, 0.525, 1e-12));
        let var = (0.525f64.powi(2)
            + 2.0 * 0.275f64.powi(2)
            + 3.0 * 0.025f64.powi(2)
            + 3.0 * 0.225f64.powi(2)
            + 0.475f64.powi(2))
            / 10.0;
        let se = (var / 10.0).sqrt();
        assert!(close(e.low, elo_of_score(0.525 - Z95 * se), 1e-9));
        assert!(close(e.los, normal_cdf(0.025 / se), 1e-12));
        let n_elo = 0.025 / (2.0 * var).sqrt() * 800.0 / std::f64::consts::LN_10;
        assert!(close(e.n_elo.expect("sd > 0"), n_elo, 1e-9));
        let mut q = Pentanomial::default();
        q.add(1.0, 0.5);
        q.add(0.0, 0.0);
        assert_eq!(q.counts, [1, 0, 0, 1, 0]);
    }

    /// All wins, all draws, all losses, one game: no division by zero, infinities kept
    /// as infinities and printed as such.
    #[test]
    fn extremes_stay_finite_or_say_inf() {
        let all_wins = Trinomial {
            wins: 5,
            draws: 0,
            losses: 0,
        }
        .estimate()
        .expect("games");
        assert_eq!(all_wins.elo, f64::INFINITY);
        assert_eq!(all_wins.high, f64::INFINITY);
        assert!(all_wins.half_width().is_none());
        // Five wins out of five: the lower end is where the likelihood of five wins,
        // m^5, falls to e^(-z²/2): m = e^(-z²/10).
        let m = (-Z95 * Z95 / 10.0).exp();
        assert!(close(all_wins.low, -400.0 * (1.0 / m - 1.0).log10(), 1e-9));
        assert!(
            all_wins.text().starts_with("Elo +inf ± inf"),
            "{}",
            all_wins.text()
        );
        let draws = Trinomial {
            wins: 0,
            draws: 7,
            losses: 0,
        }
        .estimate()
        .expect("games");
        assert_eq!((draws.elo, draws.los, draws.n_elo), (0.0, 0.5, None));
        // Seven draws: an interval symmetric about 0, not a point.
        assert!(
            draws.high > 50.0 && close(draws.low, -draws.high, 1e-9),
            "{draws:?}"
        );
        let losses = Pentanomial {
            counts: [3, 0, 0, 0, 0],
        }
        .estimate()
        .expect("pairs");
        assert_eq!(losses.elo, f64::NEG_INFINITY);
        assert_eq!(losses.los, 0.0);
        assert!(losses.high.is_finite() && losses.low == f64::NEG_INFINITY);
        assert!(losses.high.is_finite() && losses.low == f64::NEG_INFINITY);
        assert!(Trinomial::default().estimate().is_none());
        assert!(close(normal_cdf(0.0), 0.5, 1e-12));
        assert!(close(normal_cdf(Z95), 0.975, 1e-12));
        assert!(close(normal_cdf(-1.0), 0.158_655_253_931_457, 1e-12));
        assert!(close(normal_cdf(5.0), 0.999_999_713_348_428, 1e-10));
    }

    #[test]
    fn sprt_settings_parse_and_refuse_nonsense() {
        let s = SprtSpec::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").expect("parses");
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 10.0, 0.05, 0.05));
        let (lo, hi) = s.bounds();
        assert!(close(lo, (0.05f64 / 0.95).ln(), 1e-12) && close(hi, 19f64.ln(), 1e-12));
        assert!(SprtSpec::parse("elo1=5, elo0=-5").is_ok());
        for bad in [
            "elo0=10,elo1=0",
            "elo0=0",
            "elo0=0,elo1=5,alpha=0.7",
            "elo0=0,elo1=5,gamma=1",
            "elo0=0,elo1=x",
            "elo0=0,elo1=nan",
        ] {
            assert!(SprtSpec::parse(bad).is_err(), "{bad}");
        }
    }

    /// The LLR of a few pairs of wins is the likelihood they really have, not an
    /// instant decision: after one pair of wins it is small and below the bound.
    #[test]
    fn sprt_does_not_decide_on_a_handful_of_wins() {
        let s = SprtSpec::parse("elo0=0,elo1=50").expect("parses");
        let one = Pentanomial {
            counts: [0, 0, 0, 0, 1],
        };
        let state = s.state(&one.weighted());
        assert!(state.llr > 0.0 && state.decision.is_none(), "{state:?}");
        // A long run of wins decides, as it should.
        let many = Pentanomial {
            counts: [0, 0, 0, 0, 40],
        };
        assert_eq!(s.state(&many.weighted()).decision, Some(Hypothesis::H1));
        let losing = Trinomial {
            wins: 0,
            draws: 10,
            losses: 50,
        };
        assert_eq!(s.state(&losing.weighted()).decision, Some(Hypothesis::H0));
    }

    /// Simulated matches at a known Elo: the SPRT accepts the wrong hypothesis about
    /// as often as alpha and beta say, and no more.
    #[test]
    fn sprt_error_rates_stay_near_alpha_and_beta() {
        let spec = SprtSpec::parse("elo0=0,elo1=40,alpha=0.05,beta=0.05").expect("parses");
        let draw = 0.3;
        let runs = 300;
        let mut rng = SeededRng::new(2026);
        let mut wrong = [0usize; 2];
        for (k, true_elo) in [spec.elo0, spec.elo1].into_iter().enumerate() {
            let s = score_of_elo(true_elo);
            let (win, loss) = (s - draw / 2.0, 1.0 - s - draw / 2.0);
            assert!(win > 0.0 && loss > 0.0);
            for _ in 0..runs {
                let mut p = Pentanomial::default();
                let mut game = || {
                    let u = rng.below(1_000_000) as f64 / 1e6;
                    if u < win {
                        1.0
                    } else if u < win + draw {
                        0.5
                    } else {
                        0.0
                    }
                };
                let decision = loop {
                    let (a, b) = (game(), game());
                    p.add(a, b);
                    if let Some(d) = spec.state(&p.weighted()).decision {
                        break d;
                    }
                    assert!(p.pairs() < 100_000, "an SPRT that never ends");
                };
                let expected = if k == 0 {
                    Hypothesis::H0
                } else {
                    Hypothesis::H1
                };
                if decision != expected {
                    wrong[k] += 1;
                }
            }
        }
        let rate = |w: usize| w as f64 / runs as f64;
        // 300 runs: the binomial standard deviation at 0.05 is 0.0126; allow 3 of them.
        assert!(
            rate(wrong[0]) < 0.05 + 0.04,
            "type I rate {}",
            rate(wrong[0])
        );
        assert!(
            rate(wrong[1]) < 0.05 + 0.04,
            "type II rate {}",
            rate(wrong[1])
        );
    }
}
