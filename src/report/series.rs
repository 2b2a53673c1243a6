//! The comparison's chart series: per row the total against depth and the ratio to the
//! baseline per position, partial points flagged; reference lines for uniform trees;
//! the series as an SVG line chart.

use std::collections::BTreeMap;

use super::{PARTIAL_MARK, Ratio, Report, Tally};
use crate::engine::count::CountKind;
use crate::output::chart::{LineChart, Series as ChartSeries};
use crate::session::PositionKey;

/// A line of a chart: named points, drawn dashed when it is a reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend text.
    pub name: String,
    /// (x, y) points in x order.
    pub points: Vec<(f64, f64)>,
    /// Per point: whether it includes a stopped or failed search (drawn apart, and
    /// named in the legend).
    pub partial: Vec<bool>,
    /// A reference line (minimal tree, full tree) rather than a measured row.
    pub reference: bool,
    /// Per point, an interval drawn as an error bar (a confidence interval); empty for
    /// none.
    pub intervals: Vec<Option<(f64, f64)>>,
    /// Per point, its x in words (`depth 11`, `#50`), so that a note on a point says
    /// what the x is; empty: the x as a number.
    pub x_names: Vec<String>,
}

impl Series {
    /// The x values of the partial points.
    #[must_use]
    pub fn partial_xs(&self) -> Vec<f64> {
        self.points
            .iter()
            .zip(&self.partial)
            .filter(|(_, p)| **p)
            .map(|(pt, _)| pt.0)
            .collect()
    }

    /// The legend text: the name, and the partial points in words with
    /// [`PARTIAL_MARK`] (`"1: negaalpha (* partial at depth 10)"`, or at a position:
    /// `"(* partial at #50)"`).
    #[must_use]
    pub fn legend(&self) -> String {
        let xs: Vec<String> = self
            .points
            .iter()
            .zip(&self.partial)
            .enumerate()
            .filter(|(_, (_, p))| **p)
            .map(|(k, (pt, _))| {
                self.x_names
                    .get(k)
                    .cloned()
                    .unwrap_or_else(|| format!("{}", pt.0))
            })
            .collect();
        if xs.is_empty() {
            self.name.clone()
        } else {
            format!(
                "{} ({PARTIAL_MARK} partial at {})",
                self.name,
                xs.join(", ")
            )
        }
    }
}

impl Report<'_> {
    /// Per row as it ran: the total count against depth, each depth over its own
    /// positions (`by_depth`, [`Report::finished_by_depth`]; only depths where the row
    /// has every one of them).
    #[must_use]
    pub fn depth_series(
        &self,
        by_depth: &BTreeMap<u32, Vec<PositionKey<'_>>>,
        count: CountKind,
    ) -> Vec<Series> {
        let totals = self.totals_by_depth(by_depth, count);
        self.result_rows()
            .into_iter()
            .map(|r| {
                let mine: Vec<(u32, Tally)> = totals
                    .iter()
                    .filter(|((row, _), _)| *row == r)
                    .map(|((_, d), &t)| (*d, t))
                    .collect();
                Series {
                    name: self.row_name(r),
                    points: mine
                        .iter()
                        .map(|(d, t)| (f64::from(*d), t.value as f64))
                        .collect(),
                    partial: mine.iter().map(|(_, t)| t.partial).collect(),
                    reference: false,
                    intervals: Vec::new(),
                    x_names: mine.iter().map(|(d, _)| format!("depth {d}")).collect(),
                }
            })
            .filter(|s| !s.points.is_empty())
            .collect()
    }

    /// Per row: its count over the baseline row's at `depth`, against the position's
    /// number in `positions` (1-based), each point named by `names` (the positions'
    /// names, in the same order).
    #[must_use]
    pub fn ratio_series(
        &self,
        positions: &[PositionKey<'_>],
        names: &[String],
        depth: u32,
        count: CountKind,
    ) -> Vec<Series> {
        let Some(base) = self.baseline else {
            return Vec::new();
        };
        self.result_rows()
            .into_iter()
            .map(|r| {
                let ratios: Vec<(f64, Ratio, String)> = positions
                    .iter()
                    .enumerate()
                    .filter_map(|(k, &p)| {
                        let v = self.count(r, p, depth, count)?;
                        let b = self.count(base, p, depth, count)?;
                        let name = names
                            .get(k)
                            .cloned()
                            .unwrap_or_else(|| format!("position {}", k + 1));
                        Some(((k + 1) as f64, Ratio::of(v, b)?, name))
                    })
                    .collect();
                Series {
                    name: self.row_name(r),
                    points: ratios.iter().map(|(x, q, _)| (*x, q.value)).collect(),
                    partial: ratios.iter().map(|(_, q, _)| q.partial).collect(),
                    reference: false,
                    intervals: Vec::new(),
                    x_names: ratios.into_iter().map(|(_, _, n)| n).collect(),
                }
            })
            .filter(|s| !s.points.is_empty())
            .collect()
    }
}

/// Reference lines for a uniform tree of `width` searched to depths 1..=`max_depth`:
/// full minimax and the Knuth-Moore minimal tree, counting leaves or every node.
#[must_use]
pub fn uniform_tree_references(width: u32, max_depth: u32, count: CountKind) -> Vec<Series> {
    let w = f64::from(width);
    let km = |d: u32| -> f64 { w.powi(d.div_ceil(2) as i32) + w.powi((d / 2) as i32) - 1.0 };
    let full = |d: u32| -> f64 { w.powi(d as i32) };
    let cumulative = |f: &dyn Fn(u32) -> f64, d: u32| -> f64 { (0..=d).map(f).sum() };
    let (full_name, km_name) = match count {
        CountKind::Leaves => (
            "full minimax: w^d leaves",
            "minimal tree (Knuth-Moore) leaves",
        ),
        CountKind::Nodes => (
            "full minimax: all nodes",
            "minimal tree (Knuth-Moore) nodes",
        ),
    };
    let pts = |f: &dyn Fn(u32) -> f64| -> Vec<(f64, f64)> {
        (1..=max_depth)
            .map(|d| {
                let y = match count {
                    CountKind::Leaves => f(d),
                    CountKind::Nodes => cumulative(f, d),
                };
                (f64::from(d), y)
            })
            .collect()
    };
    vec![
        Series {
            name: full_name.into(),
            points: pts(&full),
            partial: vec![false; max_depth as usize],
            reference: true,
            intervals: Vec::new(),
            x_names: Vec::new(),
        },
        Series {
            name: km_name.into(),
            points: pts(&km),
            partial: vec![false; max_depth as usize],
            reference: true,
            intervals: Vec::new(),
            x_names: Vec::new(),
        },
    ]
}

/// The series as a log-scale line chart for SVG export (the experiments' chart
/// writer): every x value of any series becomes a labelled position, in order.
#[must_use]
pub fn to_line_chart(title: &str, x_label: &str, y_label: &str, series: &[Series]) -> LineChart {
    let mut xs: Vec<f64> = series
        .iter()
        .flat_map(|s| s.points.iter().map(|&(x, _)| x))
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    LineChart {
        title: title.to_string(),
        x_label: x_label.to_string(),
        y_label: y_label.to_string(),
        x_ticks: xs.iter().map(|x| format!("{x}")).collect(),
        series: series
            .iter()
            .map(|s| ChartSeries {
                name: s.legend(),
                values: xs
                    .iter()
                    .map(|&x| s.points.iter().find(|p| p.0 == x).map(|p| p.1))
                    .collect(),
                intervals: xs
                    .iter()
                    .map(|&x| {
                        let i = s.points.iter().position(|p| p.0 == x)?;
                        s.intervals.get(i).copied().flatten()
                    })
                    .collect(),
            })
            .collect(),
    }
}
