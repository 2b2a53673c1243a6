//! Statistics across positions in the comparison: per row and depth, how the row's
//! count compares with the baseline row's over a set of positions
//! ([`crate::stats::across`]: the geometric mean of the per-position ratios with
//! its bootstrap interval, how many positions it needs fewer or more on, the Wilcoxon
//! signed-rank test), and the chart series of those means with their intervals as error
//! bars. Only positions where both rows have a complete, error-free result count.

use std::collections::BTreeMap;

use super::{Report, Series};
use crate::engine::count::CountKind;
use crate::session::PositionKey;
pub use crate::stats::across::{Across, BOOTSTRAP_SEED, RESAMPLES, p_text};

/// Computes the figures of a line's `(row, baseline)` pairs (or remembers them).
pub type AcrossOf<'f> = dyn FnMut(&[(u64, u64)]) -> Option<Across> + 'f;

impl Report<'_> {
    /// Per row other than the baseline and per depth: the row against the baseline over
    /// `positions` (each once), from the positions where both have a complete,
    /// error-free result; only where at least two positions are compared. Empty without
    /// a baseline.
    #[must_use]
    pub fn across(
        &self,
        positions: &[PositionKey<'_>],
        count: CountKind,
    ) -> BTreeMap<(usize, u32), Across> {
        self.across_with(positions, count, &mut |pairs| Across::of(pairs))
    }

    /// [`Report::across`] with the figures of each line's `(row, baseline)` pairs from
    /// `of` (which may remember them: the bootstrap draws 10,000 resamples a line).
    pub fn across_with(
        &self,
        positions: &[PositionKey<'_>],
        count: CountKind,
        of: &mut AcrossOf<'_>,
    ) -> BTreeMap<(usize, u32), Across> {
        let mut out = BTreeMap::new();
        let Some(base) = self.baseline else {
            return out;
        };
        let once = super::once(positions);
        let complete = |row: usize, p: PositionKey<'_>, depth: u32| {
            self.count(row, p, depth, count)
                .filter(|t| !t.partial)
                .map(|t| t.value)
        };
        for row in self.result_rows().into_iter().filter(|&r| r != base) {
            for depth in self.depths() {
                let pairs: Vec<(u64, u64)> = once
                    .iter()
                    .filter_map(|&p| Some((complete(row, p, depth)?, complete(base, p, depth)?)))
                    .collect();
                if pairs.len() >= 2
                    && let Some(a) = of(&pairs)
                {
                    out.insert((row, depth), a);
                }
            }
        }
        out
    }

    /// Per row other than the baseline: the geometric mean of its ratios to the
    /// baseline over `positions` against depth, each point with its 95% bootstrap
    /// interval ([`Report::across`]).
    #[must_use]
    pub fn across_series(&self, positions: &[PositionKey<'_>], count: CountKind) -> Vec<Series> {
        self.across_series_of(&self.across(positions, count))
    }

    /// The chart series of figures already computed by [`Report::across`].
    #[must_use]
    pub fn across_series_of(&self, across: &BTreeMap<(usize, u32), Across>) -> Vec<Series> {
        self.result_rows()
            .into_iter()
            .filter_map(|r| {
                let mine: Vec<(u32, &Across)> = across
                    .iter()
                    .filter(|((row, _), _)| *row == r)
                    .map(|((_, d), a)| (*d, a))
                    .collect();
                (!mine.is_empty()).then(|| Series {
                    name: self.row_name(r),
                    points: mine
                        .iter()
                        .map(|(d, a)| (f64::from(*d), a.geomean))
                        .collect(),
                    partial: vec![false; mine.len()],
                    reference: false,
                    intervals: mine.iter().map(|(_, a)| a.interval).collect(),
                    x_names: mine.iter().map(|(d, _)| format!("depth {d}")).collect(),
                })
            })
            .collect()
    }
}
