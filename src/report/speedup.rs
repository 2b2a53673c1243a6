//! The speedup of the rows that search on threads of their own (the parallel
//! algorithms with `threads` above one), against their threads: per row group (an
//! algorithm and its options but the threads), the baseline row's seconds over the
//! row's, totals over the positions at one depth. The baseline, a serial search on one
//! thread, is every line's point at one thread. The app's charts tab and E8 draw it.

use std::collections::BTreeMap;

use super::{Report, Series};
use crate::session::PositionKey;

/// A point of a speedup line: threads, speedup, and whether it includes a stopped or
/// failed search.
type Point = (u32, f64, bool);

impl Report<'_> {
    /// The speedup lines at the deepest depth the baseline searched, over that depth's
    /// positions in `by_depth` ([`Report::finished_by_depth`]), and that depth; empty
    /// without a baseline, without a row on several threads, or when a row lacks a
    /// position there. A point that includes a stopped or failed search is marked
    /// partial.
    #[must_use]
    pub fn speedup_series(
        &self,
        by_depth: &BTreeMap<u32, Vec<PositionKey<'_>>>,
    ) -> (Vec<Series>, u32) {
        let Some(base) = self.baseline else {
            return (Vec::new(), 0);
        };
        // The baseline as it is now (a changed row's old results are not its).
        let Some(depth) = self
            .members
            .iter()
            .filter(|&&i| self.ids[i] == base)
            .map(|&i| self.results[i].depth)
            .max()
        else {
            return (Vec::new(), 0);
        };
        let positions: &[PositionKey<'_>] = by_depth.get(&depth).map_or(&[], Vec::as_slice);
        if positions.is_empty() {
            return (Vec::new(), depth);
        }
        // Total seconds of a row over the positions, and whether any search in it is
        // incomplete; None when a position is missing.
        let seconds = |r: usize| -> Option<(f64, bool)> {
            let mut total = 0.0;
            let mut partial = false;
            for &p in positions {
                let e = self.find(r, p, depth)?;
                total += e.record.counters.elapsed_secs();
                partial |= !e.is_complete();
            }
            (total > 0.0).then_some((total, partial))
        };
        let Some((base_seconds, base_partial)) = seconds(base) else {
            return (Vec::new(), depth);
        };
        // The parallel rows as they are now (ids past the rows are results of rows
        // since changed: left out), grouped by what they are but for their threads.
        let mut groups: Vec<(usize, Vec<Point>)> = Vec::new();
        for r in self.result_rows() {
            let Some(row) = self.rows.get(r).filter(|row| row.options.threads > 1) else {
                continue;
            };
            let Some((s, partial)) = seconds(r) else {
                continue;
            };
            let point = (
                row.options.threads,
                base_seconds / s,
                partial || base_partial,
            );
            let same = |&(first, _): &(usize, _)| {
                let other = &self.rows[first];
                other.algorithm == row.algorithm
                    && crate::search::SearchOptions {
                        threads: row.options.threads,
                        ..other.options.clone()
                    } == row.options
            };
            match groups.iter_mut().find(|g| same(g)) {
                Some((_, points)) => points.push(point),
                None => groups.push((r, vec![point])),
            }
        }
        let lines = groups
            .into_iter()
            .map(|(first, mut points)| {
                points.sort_by_key(|p| p.0);
                points.insert(0, (1, 1.0, base_partial));
                Series {
                    name: format!("{}: {}", first + 1, self.rows[first].algorithm.label()),
                    points: points.iter().map(|&(t, v, _)| (f64::from(t), v)).collect(),
                    partial: points.iter().map(|p| p.2).collect(),
                    reference: false,
                    intervals: Vec::new(),
                    x_names: points
                        .iter()
                        .map(|p| format!("{} thread{}", p.0, if p.0 == 1 { "" } else { "s" }))
                        .collect(),
                }
            })
            .collect();
        (lines, depth)
    }
}
