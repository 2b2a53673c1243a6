//! Statistics across positions: how a row compares with a baseline row over a suite,
//! position by position, as a referee asks for it ("how sure are you, over which
//! positions?"). From the per-position ratios of a count (the row's over the
//! baseline's):
//!
//! - their geometric mean, with a 95% bootstrap percentile interval: [`RESAMPLES`]
//!   resamples of the positions with replacement, drawn by [`SeededRng`] from
//!   [`BOOTSTRAP_SEED`], the interval's ends the 2.5th and 97.5th percentiles (linear
//!   interpolation between order statistics, numpy's default) of the resampled
//!   geometric means;
//! - how many positions the row needs fewer, as many or more than the baseline on;
//! - the Wilcoxon signed-rank test of the log ratios against 0, two-sided, as SciPy's
//!   `wilcoxon` with its defaults computes it: zero differences dropped (Wilcoxon's
//!   method), tied magnitudes given their average rank; the exact null distribution when
//!   nothing is tied or dropped and at most 50 remain; with ties or drops among at most
//!   13 positions the exact distribution over every sign assignment; otherwise the
//!   normal approximation with the tie correction and no continuity correction.
//!
//! A total over the suite can hide one position's dominance (one deep position decides
//! it); the geometric mean weighs every position alike. They are shown side by side.

use crate::game::SeededRng;

/// How many bootstrap resamples the interval is computed from.
pub const RESAMPLES: u32 = 10_000;
/// The seed of the bootstrap's resampling.
pub const BOOTSTRAP_SEED: u64 = 1;
/// At most this many positions (after dropping zero differences) for the exact null
/// distribution without ties.
const EXACT_MAX: usize = 50;
/// At most this many positions (zero differences included) for the exact distribution
/// over every sign assignment when some are tied or zero.
const PERMUTATION_MAX: usize = 13;

/// How the Wilcoxon p-value was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WilcoxonMethod {
    /// The exact null distribution (no ties, no zeros, at most 50 positions).
    Exact,
    /// Every sign assignment enumerated (ties or zeros, at most 13 positions).
    Permutation,
    /// The normal approximation with the tie correction.
    Normal,
}

impl WilcoxonMethod {
    /// The method's name as printed.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            WilcoxonMethod::Exact => "exact",
            WilcoxonMethod::Permutation => "exact over sign flips",
            WilcoxonMethod::Normal => "normal approximation",
        }
    }
}

/// A two-sided Wilcoxon signed-rank test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wilcoxon {
    /// The smaller of the positive and negative rank sums (SciPy's statistic).
    pub statistic: f64,
    /// The two-sided p-value.
    pub p: f64,
    /// How `p` was computed.
    pub method: WilcoxonMethod,
    /// The differences left after dropping zeros.
    pub n: usize,
}

/// A row against the baseline over a set of positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Across {
    /// Positions compared (both counts above 0).
    pub n: usize,
    /// The geometric mean of the per-position ratios.
    pub geomean: f64,
    /// Its 95% bootstrap percentile interval; None for fewer than 2 positions.
    pub interval: Option<(f64, f64)>,
    /// Positions where the row's count is below, equal to, above the baseline's.
    pub fewer: usize,
    /// See [`Across::fewer`].
    pub equal: usize,
    /// See [`Across::fewer`].
    pub more: usize,
    /// The signed-rank test of the log ratios; None when every ratio is 1.
    pub wilcoxon: Option<Wilcoxon>,
    /// The ratio of the totals over the same positions, shown beside the mean.
    pub total_ratio: f64,
}

impl Across {
    /// The per-position comparison of `pairs` (the row's count, the baseline's),
    /// leaving out pairs with a zero count (their ratio or its log is undefined). None
    /// when no pair is left.
    #[must_use]
    pub fn of(pairs: &[(u64, u64)]) -> Option<Across> {
        let kept: Vec<(u64, u64)> = pairs
            .iter()
            .copied()
            .filter(|&(a, b)| a > 0 && b > 0)
            .collect();
        if kept.is_empty() {
            return None;
        }
        let logs: Vec<f64> = kept
            .iter()
            .map(|&(a, b)| (a as f64).ln() - (b as f64).ln())
            .collect();
        let (row_total, base_total) = kept.iter().fold((0u128, 0u128), |(s, t), &(a, b)| {
            (s + u128::from(a), t + u128::from(b))
        });
        Some(Across {
            n: kept.len(),
            geomean: mean(&logs).exp(),
            interval: bootstrap_interval(&logs, RESAMPLES, BOOTSTRAP_SEED),
            fewer: kept.iter().filter(|(a, b)| a < b).count(),
            equal: kept.iter().filter(|(a, b)| a == b).count(),
            more: kept.iter().filter(|(a, b)| a > b).count(),
            wilcoxon: wilcoxon(&logs),
            total_ratio: row_total as f64 / base_total as f64,
        })
    }

    /// The heads of [`Across::cells`] after its first (the count, whose head names what
    /// was counted: positions, classes, trees, games).
    pub const FIGURE_HEADS: [&'static str; 6] = [
        "geo. mean",
        "95% interval",
        "total ratio",
        "fewer",
        "equal",
        "more",
    ];

    /// The figures as table cells: positions, geometric mean, interval (`-` without
    /// one), total ratio, fewer, equal, more.
    #[must_use]
    pub fn cells(&self) -> [String; 7] {
        [
            self.n.to_string(),
            format!("{:.2}", self.geomean),
            self.interval
                .map_or_else(|| "-".into(), |(lo, hi)| format!("{lo:.2}-{hi:.2}")),
            format!("{:.2}", self.total_ratio),
            self.fewer.to_string(),
            self.equal.to_string(),
            self.more.to_string(),
        ]
    }

    /// The geometric mean with its interval: `0.62 (0.55-0.70)`.
    #[must_use]
    pub fn mean_text(&self) -> String {
        match self.interval {
            Some((lo, hi)) => format!("{:.2} ({lo:.2}-{hi:.2})", self.geomean),
            None => format!("{:.2}", self.geomean),
        }
    }

    /// Fewer and more, with the test's p: `18/2, p 1.9e-6` (`0/0, all equal`).
    #[must_use]
    pub fn test_text(&self) -> String {
        match self.wilcoxon {
            Some(w) => format!("{}/{}, p {}", self.fewer, self.more, p_text(w.p)),
            None => format!("{}/{}, all equal", self.fewer, self.more),
        }
    }

    /// [`Across::mean_text`] on two lines, the interval under the mean (narrow grids).
    #[must_use]
    pub fn mean_lines(&self) -> String {
        self.mean_text().replacen(' ', "\n", 1)
    }

    /// [`Across::test_text`] on two lines, the test under the counts (narrow grids).
    #[must_use]
    pub fn test_lines(&self) -> String {
        self.test_text().replacen(", ", "\n", 1)
    }

    /// Everything in one sentence, for a hover or a report line.
    #[must_use]
    pub fn sentence(&self, count: &str) -> String {
        let interval = match self.interval {
            Some((lo, hi)) => format!(
                ", 95% bootstrap interval {lo:.2} to {hi:.2} ({RESAMPLES} resamples, seed {BOOTSTRAP_SEED})"
            ),
            None => String::new(),
        };
        let test = match self.wilcoxon {
            Some(w) => format!(
                "Wilcoxon signed-rank p = {} ({}, {} positions that differ)",
                p_text(w.p),
                w.method.name(),
                w.n
            ),
            None => "no position differs".into(),
        };
        format!(
            "over {n} positions: geometric mean of the ratios {g:.3}{interval}; ratio of the totals {t:.3}; fewer {count} on {f}, as many on {e}, more on {m}; {test}",
            n = self.n,
            g = self.geomean,
            t = self.total_ratio,
            f = self.fewer,
            e = self.equal,
            m = self.more,
        )
    }
}

/// A p-value as printed: two decimals from 0.01 up, three from 0.001, else two
/// significant digits in scientific form (`1.9e-6`).
#[must_use]
pub fn p_text(p: f64) -> String {
    if p < 1e-300 {
        "<1e-300".into()
    } else if p >= 0.01 {
        format!("{p:.2}")
    } else if p >= 0.001 {
        format!("{p:.3}")
    } else {
        format!("{p:.1e}")
    }
}

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len() as f64
}

/// The `q`-th quantile (0..=1) of `sorted` (ascending, not empty) by linear
/// interpolation between order statistics (numpy's default, Hyndman and Fan's 7th).
#[must_use]
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    let h = (sorted.len() - 1) as f64 * q;
    let lo = h.floor() as usize;
    let hi = (lo + 1).min(sorted.len() - 1);
    sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo])
}

/// The 95% bootstrap percentile interval of the geometric mean `exp(mean(logs))`:
/// `resamples` resamples of `logs` with replacement, each index drawn by
/// [`SeededRng::below`] from `seed`, a resample's mean summed in draw order. None for
/// fewer than 2 values.
#[must_use]
pub fn bootstrap_interval(logs: &[f64], resamples: u32, seed: u64) -> Option<(f64, f64)> {
    if logs.len() < 2 || resamples == 0 {
        return None;
    }
    let n = logs.len();
    let mut rng = SeededRng::new(seed);
    let mut means: Vec<f64> = (0..resamples)
        .map(|_| {
            let sum: f64 = (0..n).map(|_| logs[rng.below(n as u64) as usize]).sum();
            sum / n as f64
        })
        .collect();
    means.sort_by(f64::total_cmp);
    Some((quantile(&means, 0.025).exp(), quantile(&means, 0.975).exp()))
}

/// Average ranks (1-based) of `values`' magnitudes, ties sharing their mean rank; and
/// whether any are tied.
fn ranks(values: &[f64]) -> (Vec<f64>, bool) {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].abs().total_cmp(&values[b].abs()));
    let mut out = vec![0.0; values.len()];
    let mut tied = false;
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]].abs() == values[order[i]].abs() {
            j += 1;
        }
        tied |= j > i;
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            out[k] = rank;
        }
        i = j + 1;
    }
    (out, tied)
}

/// The sizes of the groups of tied magnitudes.
fn tie_groups(values: &[f64]) -> Vec<usize> {
    let mut mags: Vec<f64> = values.iter().map(|v| v.abs()).collect();
    mags.sort_by(f64::total_cmp);
    let mut out = Vec::new();
    let mut i = 0;
    while i < mags.len() {
        let j = mags[i..].iter().take_while(|&&m| m == mags[i]).count();
        out.push(j);
        i += j;
    }
    out
}

/// The two-sided Wilcoxon signed-rank test of `d` against 0 (see the module's
/// documentation for the method). None when every difference is 0 (or there are none).
#[must_use]
pub fn wilcoxon(d: &[f64]) -> Option<Wilcoxon> {
    let nonzero: Vec<f64> = d.iter().copied().filter(|&x| x != 0.0).collect();
    let n = nonzero.len();
    if n == 0 {
        return None;
    }
    let zeros = d.len() - n;
    let (r, tied) = ranks(&nonzero);
    let r_plus: f64 = nonzero
        .iter()
        .zip(&r)
        .filter(|(x, _)| **x > 0.0)
        .map(|(_, r)| r)
        .sum();
    let total = (n * (n + 1)) as f64 / 2.0;
    let statistic = r_plus.min(total - r_plus);
    let (p, method) = if !tied && zeros == 0 && n <= EXACT_MAX {
        (exact_p(n, r_plus), WilcoxonMethod::Exact)
    } else if d.len() <= PERMUTATION_MAX {
        (flip_p(&r, r_plus), WilcoxonMethod::Permutation)
    } else {
        (normal_p(&nonzero, n, r_plus), WilcoxonMethod::Normal)
    };
    Some(Wilcoxon {
        statistic,
        p: p.clamp(0.0, 1.0),
        method,
        n,
    })
}

/// The exact two-sided p-value of the positive rank sum `r_plus` of `n` untied ranks:
/// `2 min(P(W ≤ r_plus), P(W ≥ r_plus))` under the null, where each sign is a coin.
fn exact_p(n: usize, r_plus: f64) -> f64 {
    let max = n * (n + 1) / 2;
    // ways[s]: how many sign assignments of ranks 1..=k give positive sum s, scaled by
    // 2^-k as k grows so it stays a probability.
    let mut ways = vec![0.0f64; max + 1];
    ways[0] = 1.0;
    for k in 1..=n {
        for s in (k..=max).rev() {
            ways[s] = (ways[s] + ways[s - k]) / 2.0;
        }
        for w in ways.iter_mut().take(k) {
            *w /= 2.0;
        }
    }
    let k = r_plus.round() as usize;
    let low: f64 = ways[..=k].iter().sum();
    let high: f64 = ways[k..].iter().sum();
    2.0 * low.min(high)
}

/// The two-sided p-value of `r_plus` over every assignment of signs to the ranks `r`:
/// `2 min(P(T ≤ r_plus), P(T ≥ r_plus))`, comparisons with a small relative tolerance
/// as the sums of average ranks are halves.
fn flip_p(r: &[f64], r_plus: f64) -> f64 {
    let n = r.len();
    let tolerance = 1e-14 * r_plus.abs().max(1.0);
    let (mut low, mut high) = (0u64, 0u64);
    for signs in 0u64..(1 << n) {
        let t: f64 = (0..n).filter(|i| signs >> i & 1 == 1).map(|i| r[i]).sum();
        low += u64::from(t <= r_plus + tolerance);
        high += u64::from(t >= r_plus - tolerance);
    }
    let all = (1u64 << n) as f64;
    2.0 * (low as f64 / all).min(high as f64 / all)
}

/// The normal approximation's two-sided p-value of `r_plus` for the `n` non-zero
/// differences `d`, with the tie correction and no continuity correction.
fn normal_p(d: &[f64], n: usize, r_plus: f64) -> f64 {
    let n = n as f64;
    let mean = n * (n + 1.0) / 4.0;
    let ties: f64 = tie_groups(d)
        .into_iter()
        .map(|t| {
            let t = t as f64;
            t * t * t - t
        })
        .sum();
    let se = ((n * (n + 1.0) * (2.0 * n + 1.0) - ties / 2.0) / 24.0).sqrt();
    let z = (r_plus - mean) / se;
    2.0 * super::normal_tail(z)
}
