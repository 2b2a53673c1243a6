//! What the comparison shows, computed without egui: the table's columns and sort
//! keys, score disagreements, ratios to a baseline row, totals per row and depth, and
//! the table as Markdown or CSV. The app draws these; tests check them directly.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use crate::session::{ComparisonRow, ResultEntry};
use crate::vocab::chart::{LineChart, Series as ChartSeries};
use crate::vocab::count::CountKind;

/// The mark of a count, total or ratio that includes a stopped or failed search.
pub const PARTIAL_MARK: &str = "*";

/// What [`PARTIAL_MARK`] means, for a footnote or a legend.
pub const PARTIAL_NOTE: &str =
    "* includes a stopped or failed search: a partial count, not comparable with complete ones";

/// A count (of one search or a total over positions), marked `partial` when a search
/// in it was stopped or failed: it then undercounts and must not pass for a complete
/// one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The nodes or leaves counted.
    pub value: u64,
    /// Whether a stopped or failed search is in it.
    pub partial: bool,
}

impl Tally {
    /// The number, with [`PARTIAL_MARK`] when partial.
    #[must_use]
    pub fn text(self) -> String {
        mark(self.value.to_string(), self.partial)
    }
}

/// A ratio of counts, marked `partial` when either side includes a stopped or failed
/// search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio {
    /// The ratio.
    pub value: f64,
    /// Whether either count is partial.
    pub partial: bool,
}

impl Ratio {
    /// The ratio with `decimals` digits, with [`PARTIAL_MARK`] when partial.
    #[must_use]
    pub fn text(self, decimals: usize) -> String {
        mark(format!("{:.*}", decimals, self.value), self.partial)
    }

    /// The ratio of two tallies (None when the denominator is 0).
    #[must_use]
    pub fn of(num: Tally, den: Tally) -> Option<Ratio> {
        (den.value > 0).then(|| Ratio {
            value: num.value as f64 / den.value as f64,
            partial: num.partial || den.partial,
        })
    }
}

fn mark(text: String, partial: bool) -> String {
    if partial { text + PARTIAL_MARK } else { text }
}

/// A column of the results table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    /// The row number (1-based).
    Row,
    /// The row's label (algorithm and options).
    Setup,
    /// The position's name.
    Position,
    /// The depth.
    Depth,
    /// The root value.
    Score,
    /// The best move.
    Best,
    /// The principal variation.
    Pv,
    /// Nodes.
    Nodes,
    /// Leaves (static evaluations and finished games).
    Leaves,
    /// Beta cutoffs.
    Cutoffs,
    /// Share of cutoffs made by the first move.
    FirstMoveRate,
    /// Re-searches.
    Researches,
    /// Transposition-table hits.
    TtHits,
    /// Seconds.
    Time,
    /// Nodes per second.
    NodesPerSec,
    /// Nodes relative to the baseline row at the same position and depth.
    Ratio,
    /// Stopped, failed, stale, or empty.
    Status,
}

impl Column {
    /// Every column, in table order.
    pub const ALL: [Column; 17] = [
        Column::Row,
        Column::Setup,
        Column::Position,
        Column::Depth,
        Column::Score,
        Column::Status,
        Column::Nodes,
        Column::Ratio,
        Column::Leaves,
        Column::Cutoffs,
        Column::FirstMoveRate,
        Column::Researches,
        Column::TtHits,
        Column::Time,
        Column::NodesPerSec,
        Column::Best,
        Column::Pv,
    ];

    /// The header text.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Column::Row => "Row",
            Column::Setup => "Algorithm and options",
            Column::Position => "Position",
            Column::Depth => "Depth",
            Column::Score => "Score",
            Column::Best => "Best",
            Column::Pv => "PV",
            Column::Nodes => "Nodes",
            Column::Leaves => "Leaves",
            Column::Cutoffs => "β-cutoffs",
            Column::FirstMoveRate => "1st-move cut %",
            Column::Researches => "Re-searches",
            Column::TtHits => "TT hits",
            Column::Time => "Time (s)",
            Column::NodesPerSec => "Nodes/s",
            Column::Ratio => "× baseline",
            Column::Status => "Status",
        }
    }

    /// Whether the column holds numbers (right-aligned, sorted numerically).
    #[must_use]
    pub fn is_numeric(self) -> bool {
        !matches!(
            self,
            Column::Setup | Column::Position | Column::Best | Column::Pv | Column::Status
        )
    }
}

/// The comparison's results with what the table needs: rows (for staleness and
/// labels) and the baseline row, and an index from (row, position, depth) to a result.
#[derive(Clone, Debug)]
pub struct Report<'a> {
    /// The results.
    pub results: &'a [ResultEntry],
    /// The comparison rows now.
    pub rows: &'a [ComparisonRow],
    /// The row the ratios are measured against.
    pub baseline: Option<usize>,
    /// (row, position, depth) to the index of its result.
    index: HashMap<(usize, &'a str, u32), usize>,
}

/// A sort key: numbers compare as numbers, text as text; empty cells sort last.
#[derive(Clone, Debug, PartialEq, PartialOrd)]
pub enum SortKey {
    /// A number.
    Number(f64),
    /// Text.
    Text(String),
    /// Nothing.
    Empty,
}

fn plain_number(n: u64) -> String {
    n.to_string()
}

impl<'a> Report<'a> {
    /// The report over `results` of `rows`, ratios measured against `baseline`.
    #[must_use]
    pub fn new(
        results: &'a [ResultEntry],
        rows: &'a [ComparisonRow],
        baseline: Option<usize>,
    ) -> Report<'a> {
        let index = results
            .iter()
            .enumerate()
            .map(|(i, e)| ((e.row, e.position.as_str(), e.depth), i))
            .collect();
        Report {
            results,
            rows,
            baseline,
            index,
        }
    }

    /// The result of `row` at `position` and `depth`, if there is one.
    fn find(&self, row: usize, position: &str, depth: u32) -> Option<&'a ResultEntry> {
        self.index
            .get(&(row, position, depth))
            .map(|&i| &self.results[i])
    }

    /// Whether `e` was made with other settings than its row has now.
    #[must_use]
    pub fn is_stale(&self, e: &ResultEntry) -> bool {
        match self.rows.get(e.row) {
            Some(row) => !e.label.is_empty() && row.label() != e.label,
            None => true,
        }
    }

    /// Whether `e` is a finished search whose value can be compared.
    #[must_use]
    pub fn is_complete(e: &ResultEntry) -> bool {
        e.is_complete()
    }

    /// Indices of the results whose score differs from another complete result at the
    /// same position and depth: a bug or a non-exact option, which the user must see.
    #[must_use]
    pub fn disagreements(&self) -> Vec<bool> {
        let mut scores: HashMap<(&str, u32), Vec<i32>> = HashMap::new();
        for e in self.results.iter().filter(|e| Report::is_complete(e)) {
            if let Some(s) = e.record.score {
                scores.entry((&e.position, e.depth)).or_default().push(s);
            }
        }
        self.results
            .iter()
            .map(|e| {
                Report::is_complete(e)
                    && scores
                        .get(&(e.position.as_str(), e.depth))
                        .is_some_and(|v| v.iter().any(|&s| s != v[0]))
            })
            .collect()
    }

    /// The other scores at `e`'s position and depth, by row (for a tooltip).
    #[must_use]
    pub fn scores_at(&self, e: &ResultEntry) -> Vec<(usize, i32)> {
        self.results
            .iter()
            .filter(|o| o.position == e.position && o.depth == e.depth && Report::is_complete(o))
            .filter_map(|o| o.record.score.map(|s| (o.row, s)))
            .collect()
    }

    /// `e`'s nodes over the baseline row's nodes at the same position and depth,
    /// marked partial when either search was stopped (a failed one has no count).
    #[must_use]
    pub fn ratio(&self, e: &ResultEntry) -> Option<Ratio> {
        if e.error.is_some() {
            return None;
        }
        let b = self
            .find(self.baseline?, &e.position, e.depth)
            .filter(|b| b.error.is_none())?;
        let tally = |x: &ResultEntry| Tally {
            value: x.record.stats.nodes,
            partial: !Report::is_complete(x),
        };
        Ratio::of(tally(e), tally(b))
    }

    /// Whether any result in `view` is stopped or failed (its counts are partial).
    #[must_use]
    pub fn any_partial(&self, view: &[usize]) -> bool {
        view.iter().any(|&i| !Report::is_complete(&self.results[i]))
    }

    /// The status words of `e`.
    #[must_use]
    pub fn status(&self, e: &ResultEntry) -> String {
        let mut parts = Vec::new();
        if let Some(err) = &e.error {
            parts.push(format!("failed: {err}"));
        }
        if let Some(r) = e.record.stopped {
            parts.push(r.describe().to_string());
        }
        if self.is_stale(e) {
            parts.push("stale: the row changed since".to_string());
        }
        parts.join("; ")
    }

    /// The text of one cell.
    #[must_use]
    pub fn cell(&self, e: &ResultEntry, c: Column) -> String {
        let s = &e.record.stats;
        let failed = e.error.is_some();
        match c {
            Column::Row => (e.row + 1).to_string(),
            Column::Setup => {
                if e.label.is_empty() {
                    self.rows
                        .get(e.row)
                        .map(ComparisonRow::label)
                        .unwrap_or_default()
                } else {
                    e.label.clone()
                }
            }
            Column::Position => e.position.clone(),
            Column::Depth => e.depth.to_string(),
            Column::Score => e.record.score.map(|v| v.to_string()).unwrap_or_default(),
            Column::Best => e.record.best_move.clone().unwrap_or_default(),
            Column::Pv => e.record.pv.join(" "),
            Column::Status => self.status(e),
            _ if failed => String::new(),
            Column::Nodes => plain_number(s.nodes),
            Column::Leaves => plain_number(s.leaves),
            Column::Cutoffs => plain_number(s.beta_cutoffs),
            Column::FirstMoveRate => {
                if s.beta_cutoffs == 0 {
                    String::new()
                } else {
                    format!("{:.1}", 100.0 * s.first_move_cutoff_rate())
                }
            }
            Column::Researches => plain_number(s.researches),
            Column::TtHits => plain_number(s.tt_hits),
            Column::Time => format!("{:.3}", s.elapsed_secs),
            Column::NodesPerSec => format!("{:.0}", s.nodes_per_sec()),
            Column::Ratio => self.ratio(e).map(|r| r.text(3)).unwrap_or_default(),
        }
    }

    /// The sort key of one cell.
    #[must_use]
    pub fn sort_key(&self, e: &ResultEntry, c: Column) -> SortKey {
        let s = &e.record.stats;
        let n = |v: f64| SortKey::Number(v);
        match c {
            Column::Row => n(e.row as f64),
            Column::Depth => n(f64::from(e.depth)),
            Column::Score => e.record.score.map_or(SortKey::Empty, |v| n(f64::from(v))),
            Column::Nodes => n(s.nodes as f64),
            Column::Leaves => n(s.leaves as f64),
            Column::Cutoffs => n(s.beta_cutoffs as f64),
            Column::FirstMoveRate => n(s.first_move_cutoff_rate()),
            Column::Researches => n(s.researches as f64),
            Column::TtHits => n(s.tt_hits as f64),
            Column::Time => n(s.elapsed_secs),
            Column::NodesPerSec => n(s.nodes_per_sec()),
            Column::Ratio => self.ratio(e).map_or(SortKey::Empty, |r| n(r.value)),
            _ => {
                let t = self.cell(e, c);
                if t.is_empty() {
                    SortKey::Empty
                } else {
                    SortKey::Text(t)
                }
            }
        }
    }

    /// The indices of the results to show: those at `position` (all when None),
    /// sorted by `column` (stable; the plan's order otherwise).
    #[must_use]
    pub fn view(&self, position: Option<&str>, sort: Option<(Column, bool)>) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..self.results.len())
            .filter(|&i| position.is_none_or(|p| self.results[i].position == p))
            .collect();
        if let Some((c, ascending)) = sort {
            let keys: Vec<SortKey> = idx
                .iter()
                .map(|&i| self.sort_key(&self.results[i], c))
                .collect();
            let mut order: Vec<usize> = (0..idx.len()).collect();
            order.sort_by(|&a, &b| {
                let (ka, kb) = (&keys[a], &keys[b]);
                match (ka, kb) {
                    (SortKey::Empty, SortKey::Empty) => std::cmp::Ordering::Equal,
                    (SortKey::Empty, _) => std::cmp::Ordering::Greater,
                    (_, SortKey::Empty) => std::cmp::Ordering::Less,
                    _ => {
                        let o = ka.partial_cmp(kb).unwrap_or(std::cmp::Ordering::Equal);
                        if ascending { o } else { o.reverse() }
                    }
                }
            });
            idx = order.into_iter().map(|k| idx[k]).collect();
        }
        idx
    }

    /// The positions that have results, in first-seen order.
    #[must_use]
    pub fn positions(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for e in self.results {
            if !out.contains(&e.position) {
                out.push(e.position.clone());
            }
        }
        out
    }

    /// The depths that have results, ascending.
    #[must_use]
    pub fn depths(&self) -> Vec<u32> {
        let mut d: Vec<u32> = self.results.iter().map(|e| e.depth).collect();
        d.sort_unstable();
        d.dedup();
        d
    }

    /// The rows that have results, ascending.
    #[must_use]
    pub fn result_rows(&self) -> Vec<usize> {
        let mut r: Vec<usize> = self.results.iter().map(|e| e.row).collect();
        r.sort_unstable();
        r.dedup();
        r
    }

    /// The count of `row` at `position` and `depth`, if it ran without failing;
    /// partial when the search was stopped.
    #[must_use]
    pub fn count(&self, row: usize, position: &str, depth: u32, count: CountKind) -> Option<Tally> {
        self.find(row, position, depth)
            .filter(|e| e.error.is_none())
            .map(|e| Tally {
                value: count.pick(&e.record),
                partial: !Report::is_complete(e),
            })
    }

    /// Totals per row and depth over `positions`. A row's total at a depth is None
    /// unless it has a result at every one of them, so that totals compare; it is
    /// partial when any of them was stopped (counted as far as it got) or failed
    /// (counted as nothing).
    #[must_use]
    pub fn totals(&self, positions: &[String], count: CountKind) -> BTreeMap<(usize, u32), Tally> {
        let mut out = BTreeMap::new();
        for row in self.result_rows() {
            for depth in self.depths() {
                let mut total = Tally {
                    value: 0,
                    partial: false,
                };
                let mut all = !positions.is_empty();
                for p in positions {
                    let Some(e) = self.find(row, p, depth) else {
                        all = false;
                        break;
                    };
                    total.partial |= !Report::is_complete(e);
                    if e.error.is_none() {
                        total.value += count.pick(&e.record);
                    }
                }
                if all {
                    out.insert((row, depth), total);
                }
            }
        }
        out
    }

    /// The label of result row `row`: its current label, or the one it ran with.
    #[must_use]
    pub fn row_label(&self, row: usize) -> String {
        self.rows.get(row).map_or_else(
            || {
                self.results
                    .iter()
                    .find(|e| e.row == row)
                    .map(|e| e.label.clone())
                    .unwrap_or_default()
            },
            ComparisonRow::label,
        )
    }

    /// The results in `view` order as a Markdown table.
    #[must_use]
    pub fn markdown(&self, view: &[usize]) -> String {
        let mut out = String::new();
        let titles: Vec<&str> = Column::ALL.iter().map(|c| c.title()).collect();
        let _ = writeln!(out, "| {} |", titles.join(" | "));
        let aligns: Vec<&str> = Column::ALL
            .iter()
            .map(|c| if c.is_numeric() { "---:" } else { "---" })
            .collect();
        let _ = writeln!(out, "|{}|", aligns.join("|"));
        for &i in view {
            let e = &self.results[i];
            let cells: Vec<String> = Column::ALL
                .iter()
                .map(|&c| self.cell(e, c).replace('|', "\\|"))
                .collect();
            let _ = writeln!(out, "| {} |", cells.join(" | "));
        }
        if view
            .iter()
            .any(|&i| self.ratio(&self.results[i]).is_some_and(|r| r.partial))
        {
            let _ = writeln!(out, "\n{PARTIAL_NOTE} (see the Status column).");
        }
        out
    }

    /// The results in `view` order as CSV (RFC 4180 quoting), with a header line.
    #[must_use]
    pub fn csv(&self, view: &[usize]) -> String {
        fn field(s: &str) -> String {
            if s.contains([',', '"', '\n']) {
                format!("\"{}\"", s.replace('"', "\"\""))
            } else {
                s.to_string()
            }
        }
        let mut out = String::new();
        let titles: Vec<String> = Column::ALL.iter().map(|c| field(c.title())).collect();
        let _ = writeln!(out, "{}", titles.join(","));
        for &i in view {
            let e = &self.results[i];
            let cells: Vec<String> = Column::ALL
                .iter()
                .map(|&c| field(&self.cell(e, c)))
                .collect();
            let _ = writeln!(out, "{}", cells.join(","));
        }
        out
    }
}

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

    /// The legend text: the name, and the partial points' x values with
    /// [`PARTIAL_MARK`] (`"1: negaalpha (* partial at 10)"`).
    #[must_use]
    pub fn legend(&self) -> String {
        let xs = self.partial_xs();
        if xs.is_empty() {
            self.name.clone()
        } else {
            let xs: Vec<String> = xs.iter().map(|x| format!("{x}")).collect();
            format!(
                "{} ({PARTIAL_MARK} partial at {})",
                self.name,
                xs.join(", ")
            )
        }
    }
}

impl Report<'_> {
    /// Per row: the total count over `positions` against depth (only depths where the
    /// row has every position).
    #[must_use]
    pub fn depth_series(&self, positions: &[String], count: CountKind) -> Vec<Series> {
        let totals = self.totals(positions, count);
        self.result_rows()
            .into_iter()
            .map(|r| {
                let mine: Vec<(u32, Tally)> = totals
                    .iter()
                    .filter(|((row, _), _)| *row == r)
                    .map(|((_, d), &t)| (*d, t))
                    .collect();
                Series {
                    name: format!("{}: {}", r + 1, self.row_label(r)),
                    points: mine
                        .iter()
                        .map(|(d, t)| (f64::from(*d), t.value as f64))
                        .collect(),
                    partial: mine.iter().map(|(_, t)| t.partial).collect(),
                    reference: false,
                }
            })
            .filter(|s| !s.points.is_empty())
            .collect()
    }

    /// Per row: its count over the baseline row's at `depth`, against the position's
    /// number in `positions` (1-based).
    #[must_use]
    pub fn ratio_series(&self, positions: &[String], depth: u32, count: CountKind) -> Vec<Series> {
        let Some(base) = self.baseline else {
            return Vec::new();
        };
        self.result_rows()
            .into_iter()
            .map(|r| {
                let ratios: Vec<(f64, Ratio)> = positions
                    .iter()
                    .enumerate()
                    .filter_map(|(k, p)| {
                        let v = self.count(r, p, depth, count)?;
                        let b = self.count(base, p, depth, count)?;
                        Some(((k + 1) as f64, Ratio::of(v, b)?))
                    })
                    .collect();
                Series {
                    name: format!("{}: {}", r + 1, self.row_label(r)),
                    points: ratios.iter().map(|(x, q)| (*x, q.value)).collect(),
                    partial: ratios.iter().map(|(_, q)| q.partial).collect(),
                    reference: false,
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
        },
        Series {
            name: km_name.into(),
            points: pts(&km),
            partial: vec![false; max_depth as usize],
            reference: true,
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
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SearchRecord;
    use crate::search::Algorithm;

    fn entry(row: usize, pos: &str, depth: u32, score: i32, nodes: u64) -> ResultEntry {
        let mut record = SearchRecord {
            score: Some(score),
            ..SearchRecord::default()
        };
        record.stats.nodes = nodes;
        ResultEntry {
            row,
            label: String::new(),
            position: pos.into(),
            depth,
            record,
            error: None,
        }
    }

    #[test]
    fn disagreement_ratio_totals_and_sort() {
        let rows = vec![
            ComparisonRow::new(Algorithm::NegaAlpha),
            ComparisonRow::new(Algorithm::Scout),
        ];
        let results = vec![
            entry(0, "a", 2, 5, 100),
            entry(1, "a", 2, 5, 50),
            entry(0, "b", 2, 3, 40),
            entry(1, "b", 2, 4, 80),
        ];
        let r = Report::new(&results, &rows, Some(0));
        assert_eq!(r.disagreements(), vec![false, false, true, true]);
        assert_eq!(r.ratio(&results[1]).map(|q| q.value), Some(0.5));
        assert_eq!(r.ratio(&results[3]).map(|q| q.value), Some(2.0));
        let totals = r.totals(&r.positions(), CountKind::Nodes);
        let complete = |value| {
            Some(Tally {
                value,
                partial: false,
            })
        };
        assert_eq!(totals.get(&(0, 2)).copied(), complete(140));
        assert_eq!(totals.get(&(1, 2)).copied(), complete(130));
        assert_eq!(r.view(Some("b"), None), vec![2, 3]);
        assert_eq!(r.view(None, Some((Column::Nodes, true))), vec![2, 1, 3, 0]);
        assert_eq!(r.view(None, Some((Column::Nodes, false))), vec![0, 3, 1, 2]);
        let csv = r.csv(&[0]);
        assert_eq!(csv.lines().count(), 2);
        assert!(
            csv.lines()
                .nth(1)
                .unwrap()
                .starts_with("1,negaalpha,a,2,5,")
        );
        let md = r.markdown(&[0, 1]);
        assert_eq!(md.lines().count(), 4);
        // A stopped result neither disagrees nor counts as complete.
        let mut stopped = results.clone();
        stopped[3].record.stopped = Some(crate::search::StopReason::Stopped);
        let r2 = Report::new(&stopped, &rows, Some(0));
        assert_eq!(r2.disagreements(), vec![false; 4]);
        assert!(r2.status(&stopped[3]).contains("stopped"));
        let mut failed = results.clone();
        failed[0].error = Some("boom".into());
        let r3 = Report::new(&failed, &rows, Some(0));
        assert_eq!(r3.cell(&failed[0], Column::Status), "failed: boom");
        assert_eq!(r3.cell(&failed[0], Column::Nodes), "");
        let series = r.depth_series(&r.positions(), CountKind::Nodes);
        assert_eq!(series.len(), 2);
        assert_eq!(series[0].points, vec![(2.0, 140.0)]);
        let ratios = r.ratio_series(&r.positions(), 2, CountKind::Nodes);
        assert_eq!(ratios[1].points, vec![(1.0, 0.5), (2.0, 2.0)]);
    }

    #[test]
    fn stopped_and_failed_searches_mark_every_count_they_enter() {
        let rows = vec![
            ComparisonRow::new(Algorithm::NegaAlpha),
            ComparisonRow::new(Algorithm::Scout),
        ];
        let mut results = vec![
            entry(0, "a", 2, 5, 100),
            entry(1, "a", 2, 5, 50),
            entry(0, "b", 2, 3, 40),
            entry(1, "b", 2, 3, 80),
        ];
        results[3].record.stopped = Some(crate::search::StopReason::Stopped);
        let r = Report::new(&results, &rows, Some(0));
        // The stopped cell's own ratio, its row's total and the total's ratio are marked.
        let q = r.ratio(&results[3]).expect("a ratio");
        assert!(q.partial);
        assert_eq!(r.cell(&results[3], Column::Ratio), "2.000*");
        assert_eq!(r.cell(&results[1], Column::Ratio), "0.500");
        let totals = r.totals(&r.positions(), CountKind::Nodes);
        assert_eq!(totals[&(0, 2)].text(), "140");
        assert_eq!(totals[&(1, 2)].text(), "130*");
        let ratio = Ratio::of(totals[&(1, 2)], totals[&(0, 2)]).expect("a ratio");
        assert!(ratio.partial);
        assert_eq!(ratio.text(2), "0.93*");
        assert_eq!(
            r.count(1, "b", 2, CountKind::Nodes)
                .map(Tally::text)
                .as_deref(),
            Some("80*")
        );
        // Charts: the partial point is flagged and named in the legend.
        let series = r.depth_series(&r.positions(), CountKind::Nodes);
        assert_eq!(series[0].partial, vec![false]);
        assert_eq!(series[1].partial, vec![true]);
        assert_eq!(series[1].legend(), "2: scout (* partial at 2)");
        let ratios = r.ratio_series(&r.positions(), 2, CountKind::Nodes);
        assert_eq!(ratios[1].partial, vec![false, true]);
        let chart = to_line_chart("t", "depth", "nodes", &series);
        assert!(chart.series[1].name.contains("partial"));
        // Exports: the Markdown table ends with the note, and the baseline's own
        // partial cell marks every ratio against it.
        assert!(r.markdown(&r.view(None, None)).contains(PARTIAL_NOTE));
        assert!(!r.markdown(&[0, 1]).contains(PARTIAL_NOTE));
        let mut base_stopped = results.clone();
        base_stopped[2].record.stopped = Some(crate::search::StopReason::Stopped);
        base_stopped[3].record.stopped = None;
        let r2 = Report::new(&base_stopped, &rows, Some(0));
        assert!(r2.cell(&base_stopped[3], Column::Ratio).ends_with('*'));
        // A failed search counts as nothing, and its total says so.
        let mut failed = results.clone();
        failed[3].record.stopped = None;
        failed[3].error = Some("boom".into());
        let r3 = Report::new(&failed, &rows, Some(0));
        let totals = r3.totals(&r3.positions(), CountKind::Nodes);
        assert_eq!(totals[&(1, 2)].text(), "50*");
        assert_eq!(r3.cell(&failed[3], Column::Ratio), "");
    }

    #[test]
    fn uniform_references_match_knuth_moore() {
        let refs = uniform_tree_references(8, 6, CountKind::Leaves);
        assert_eq!(refs[0].points[5], (6.0, 262_144.0));
        assert_eq!(refs[1].points[5].1, 1023.0);
        assert_eq!(
            refs[1].points[5].1,
            crate::game::random_tree::knuth_moore_minimal_leaves(8, 6).unwrap() as f64
        );
        let nodes = uniform_tree_references(3, 2, CountKind::Nodes);
        // 1 + 3 + 9 for the full tree, 1 + 3 + 5 for the minimal one.
        assert_eq!(nodes[0].points[1].1, 13.0);
        assert_eq!(nodes[1].points[1].1, 9.0);
        let chart = to_line_chart("t", "depth", "leaves", &refs);
        assert_eq!(chart.x_ticks.len(), 6);
        assert_eq!(chart.series[1].values[5], Some(1023.0));
        let svg = chart.to_svg();
        assert!(svg.starts_with("<svg"));
        assert_eq!(svg.matches("<path").count(), 2, "a line per series");
    }
}
