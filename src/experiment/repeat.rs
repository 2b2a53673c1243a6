//! A grid run several times (`treelab bench --repeat R`): a parallel row's counts vary
//! from run to run, so each row's totals per depth are reported as their minimum,
//! median and maximum over the runs, beside the seconds. A serial row's counts are the
//! same in every run (its minimum is its maximum), which the table shows too.

use std::fmt::Write as _;

use super::bench::{BenchResult, Format};
use crate::engine::count::CountKind;

/// The minimum, median (the lower of the two middle values for an even count) and
/// maximum of `values`; `None` when there are none.
#[must_use]
pub fn min_median_max<T: Copy + PartialOrd>(values: &[T]) -> Option<(T, T, T)> {
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    Some((*v.first()?, v[(v.len() - 1) / 2], *v.last()?))
}

/// Per row and depth of `runs` (the same grid run several times): the totals of
/// `count` and of the seconds in each run, as `(row, depth, totals, seconds)`.
fn totals_per_run(runs: &[BenchResult], count: CountKind) -> Vec<(usize, u32, Vec<u64>, Vec<f64>)> {
    let Some(first) = runs.first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (r, _) in first.rows.iter().enumerate() {
        for (d, &depth) in first.depths.iter().enumerate() {
            let totals = runs.iter().map(|run| run.totals(count)[r][d]).collect();
            let seconds = runs
                .iter()
                .map(|run| {
                    run.cells
                        .iter()
                        .filter(|c| c.row == r && c.depth == depth)
                        .map(|c| c.record.counters.elapsed_secs())
                        .sum()
                })
                .collect();
            out.push((r, depth, totals, seconds));
        }
    }
    out
}

/// The repeated runs' table: per row and depth, the total `count` and the seconds as
/// minimum, median and maximum over the runs, and whether the counts varied. Text,
/// Markdown or CSV (one line per row and depth).
#[must_use]
pub fn render_repeats(runs: &[BenchResult], count: CountKind, format: Format) -> String {
    let Some(first) = runs.first() else {
        return String::new();
    };
    let name = count.name();
    let head = [
        "algorithm".to_string(),
        "depth".into(),
        "runs".into(),
        format!("{name} min"),
        format!("{name} median"),
        format!("{name} max"),
        "seconds min".into(),
        "seconds median".into(),
        "seconds max".into(),
        "counts".into(),
    ];
    let mut lines = Vec::new();
    for (r, depth, totals, seconds) in totals_per_run(runs, count) {
        let (Some((lo, mid, hi)), Some((slo, smid, shi))) =
            (min_median_max(&totals), min_median_max(&seconds))
        else {
            continue;
        };
        lines.push([
            first.rows[r].label.clone(),
            depth.to_string(),
            runs.len().to_string(),
            lo.to_string(),
            mid.to_string(),
            hi.to_string(),
            format!("{slo:.3}"),
            format!("{smid:.3}"),
            format!("{shi:.3}"),
            if lo == hi {
                "same in every run"
            } else {
                "vary"
            }
            .to_string(),
        ]);
    }
    let mut out = String::new();
    match format {
        Format::Csv => {
            let csv_head: Vec<String> = head.iter().map(|h| h.replace(' ', "_")).collect();
            let _ = writeln!(out, "{}", csv_head.join(","));
            for l in &lines {
                let cells: Vec<String> = l.iter().map(|c| crate::output::csv::field(c)).collect();
                let _ = writeln!(out, "{}", cells.join(","));
            }
        }
        Format::Markdown => {
            let _ = writeln!(out, "\n| {} |", head.join(" | "));
            let _ = writeln!(out, "|---|{}", "---:|".repeat(head.len() - 2) + "---|");
            for l in &lines {
                let _ = writeln!(out, "| {} |", l.join(" | "));
            }
        }
        Format::Text => {
            let _ = writeln!(
                out,
                "\n{} runs of the grid: each row's total {name} and seconds per depth, minimum, median and maximum over the runs",
                runs.len()
            );
            let widths: Vec<usize> = (0..head.len())
                .map(|k| {
                    lines
                        .iter()
                        .map(|l| l[k].len())
                        .chain([head[k].len()])
                        .max()
                        .unwrap_or(0)
                })
                .collect();
            let line = |cells: &[String]| {
                let mut s = String::new();
                for (k, c) in cells.iter().enumerate() {
                    if k == 0 || k + 1 == cells.len() {
                        let _ = write!(s, "{c:<w$}  ", w = widths[k]);
                    } else {
                        let _ = write!(s, "{c:>w$}  ", w = widths[k]);
                    }
                }
                s.trim_end().to_string()
            };
            let _ = writeln!(out, "{}", line(&head));
            for l in &lines {
                let _ = writeln!(out, "{}", line(l));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn min_median_max_of_odd_and_even_counts() {
        assert_eq!(min_median_max(&[5, 1, 3]), Some((1, 3, 5)));
        assert_eq!(min_median_max(&[4, 1, 3, 2]), Some((1, 2, 4)));
        assert_eq!(min_median_max::<u64>(&[]), None);
        assert_eq!(min_median_max(&[2.5, 0.5]), Some((0.5, 0.5, 2.5)));
    }
}
