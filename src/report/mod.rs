//! What the comparison shows, computed without egui: the table's columns and sort
//! keys, score disagreements, ratios to a baseline row, totals per row and depth, and
//! the table as Markdown or CSV. The app draws these; tests check them directly.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use crate::engine::count::CountKind;
pub use crate::engine::count::{PARTIAL_MARK, PARTIAL_NOTE, Ratio, Tally};
use crate::session::{ComparisonRow, PositionKey, PositionSet, ResultEntry};

/// What a table says of results searched on several threads.
pub const PARALLEL_NOTE: &str = "searched on several threads: the counts of those rows vary from run to run, their values do not";

/// The comparison's results over a set of positions, with what the table needs: rows
/// (for staleness and labels) and the baseline row, and an index from (row, position,
/// depth) to a result. Positions are named by game and text form ([`PositionKey`]):
/// results of different positions never meet in a ratio, a total or a disagreement.
#[derive(Clone, Debug)]
pub struct Report<'a> {
    /// Every result (indices into it are what views return).
    pub results: &'a [ResultEntry],
    /// The comparison rows now.
    pub rows: &'a [ComparisonRow],
    /// The row the ratios are measured against.
    pub baseline: Option<usize>,
    /// The results the report is over (all, or those of a position set), in order.
    members: Vec<usize>,
    /// Per result (indexed as `results`): the id of the row as it ran ([`Report::ran`]).
    ids: Vec<usize>,
    /// The rows as they ran before they changed: (row, label when it ran), the id of
    /// the k-th being `rows.len() + k`.
    stale: Vec<(usize, String)>,
    /// (row as it ran, position, depth) to the index of its result.
    index: HashMap<(usize, PositionKey<'a>, u32), usize>,
}

/// A row as its results were searched ([`Report::ran`]): the comparison row, what ran
/// (its label when the results were searched: algorithm, options, threads, evaluator),
/// and whether the row has changed since.
///
/// A row's results are totalled, charted and named by what ran, never by what the row
/// is now: a row changed after a run keeps its old results under their own id (one
/// past the rows, [`Report::result_rows`]), marked stale, apart from the results of
/// the row as it is now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RanAs {
    /// The comparison row (its index in the rows).
    pub row: usize,
    /// What ran: the row's label when its results were searched.
    pub label: String,
    /// The row's label now, when it differs from what ran (the results are stale).
    pub now: Option<String>,
}

impl RanAs {
    /// Whether the row has changed since these results were searched.
    #[must_use]
    pub fn is_stale(&self) -> bool {
        self.now.is_some()
    }

    /// The name views give it: `1: negaalpha`, or `1: negaalpha (stale)` when the row
    /// has changed since.
    #[must_use]
    pub fn name(&self) -> String {
        if self.is_stale() {
            format!("{}: {} (stale)", self.row + 1, self.label)
        } else {
            format!("{}: {}", self.row + 1, self.label)
        }
    }

    /// The name with what the row is now, for a hover or a note:
    /// `1: negaalpha (stale: row 1 is now minimax)`.
    #[must_use]
    pub fn long_name(&self) -> String {
        match &self.now {
            Some(now) => format!(
                "{}: {} (stale: row {} is now {now})",
                self.row + 1,
                self.label,
                self.row + 1
            ),
            None => self.name(),
        }
    }
}

/// `positions` with each listed once, in their first order.
pub(crate) fn once<'p>(positions: &[PositionKey<'p>]) -> Vec<PositionKey<'p>> {
    let mut out: Vec<PositionKey<'p>> = Vec::with_capacity(positions.len());
    for p in positions {
        if !out.contains(p) {
            out.push(*p);
        }
    }
    out
}

/// The CSV's last columns: what identifies each result's position.
pub const CSV_POSITION_TITLES: [&str; 2] = ["Game", "Position text"];

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

/// A duration as people read it, to three significant figures in the unit it needs:
/// `85 µs`, `12.3 ms`, `1.24 s`, `125 s`.
#[must_use]
pub fn duration_text(secs: f64) -> String {
    let three = |v: f64, unit: &str| {
        if v < 9.995 {
            format!("{v:.2} {unit}")
        } else if v < 99.95 {
            format!("{v:.1} {unit}")
        } else {
            format!("{v:.0} {unit}")
        }
    };
    let secs = secs.max(0.0);
    if secs * 1e6 < 999.5 {
        format!("{:.0} µs", secs * 1e6)
    } else if secs * 1e3 < 999.5 {
        three(secs * 1e3, "ms")
    } else {
        three(secs, "s")
    }
}

/// A search's time read by a clock that moves in steps of `tick` seconds (its
/// record's [`crate::engine::SearchRecord::clock_step_secs`], 0 for a fine clock):
/// below one step `< 0.1 ms` (the clock saw no time pass), else [`duration_text`]
/// with no digit finer than the step (`1 ms`, not `1.00 ms`, from a clock of whole
/// milliseconds).
#[must_use]
pub fn time_text(secs: f64, tick: f64) -> String {
    if secs < tick {
        return format!("< {}", tick_text(tick));
    }
    let secs = secs.max(0.0);
    // A clock of tenths of a millisecond writes milliseconds (0.3 ms, not 300 µs).
    let (v, unit, scale) = if secs * 1e6 < 999.5 && tick < 1e-5 {
        (secs * 1e6, "µs", 1e-6)
    } else if secs * 1e3 < 999.5 {
        (secs * 1e3, "ms", 1e-3)
    } else {
        (secs, "s", 1.0)
    };
    // Three significant figures, as duration_text writes them...
    let three = if unit == "µs" || v >= 99.95 {
        0
    } else if v >= 9.995 {
        1
    } else {
        2
    };
    // ... but no digit finer than the clock's step.
    let allowed = if tick > 0.0 {
        (-(tick / scale).log10() - 1e-9).ceil().max(0.0) as usize
    } else {
        three
    };
    format!("{v:.*} {unit}", three.min(allowed))
}

/// Whether a search of `secs` gives its nodes per second on a clock of steps of `tick`
/// seconds (0 for a fine clock): when it lasted ten steps or more (the rate then
/// within a tenth), and some time at all.
#[must_use]
pub fn rate_known(secs: f64, tick: f64) -> bool {
    secs > 0.0 && secs >= 10.0 * tick
}

/// A clock's step as people read it: `0.1 ms`, `1 ms`, `40 ns`.
fn tick_text(tick: f64) -> String {
    let trim = |v: f64| {
        let t = format!("{v:.3}");
        t.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    if tick >= 1e-4 {
        format!("{} ms", trim(tick * 1e3))
    } else if tick >= 1e-6 {
        format!("{} µs", trim(tick * 1e6))
    } else {
        format!("{} ns", trim(tick * 1e9))
    }
}

fn plain_number(n: u64) -> String {
    n.to_string()
}

impl<'a> Report<'a> {
    /// The report over every result of `rows`, ratios measured against `baseline`.
    #[must_use]
    pub fn new(
        results: &'a [ResultEntry],
        rows: &'a [ComparisonRow],
        baseline: Option<usize>,
    ) -> Report<'a> {
        Report::over(results, rows, baseline, None)
    }

    /// The report over the results of the positions in `set` (all with None).
    #[must_use]
    pub fn over(
        results: &'a [ResultEntry],
        rows: &'a [ComparisonRow],
        baseline: Option<usize>,
        set: Option<&PositionSet>,
    ) -> Report<'a> {
        let members: Vec<usize> = (0..results.len())
            .filter(|&i| set.is_none_or(|s| s.contains(results[i].key())))
            .collect();
        // A result is of its row as the row is now unless the row's label has changed
        // since it ran; then it is of the row as it ran, an id of its own past the rows.
        let mut stale: Vec<(usize, String)> = Vec::new();
        let ids = results
            .iter()
            .map(|e| {
                let changed = rows
                    .get(e.row)
                    .is_some_and(|row| !e.label.is_empty() && row.label() != e.label);
                if !changed {
                    return e.row;
                }
                let k = stale
                    .iter()
                    .position(|(r, l)| *r == e.row && *l == e.label)
                    .unwrap_or_else(|| {
                        stale.push((e.row, e.label.clone()));
                        stale.len() - 1
                    });
                rows.len() + k
            })
            .collect::<Vec<usize>>();
        let index = members
            .iter()
            .map(|&i| {
                let e = &results[i];
                ((ids[i], e.key(), e.depth), i)
            })
            .collect();
        Report {
            results,
            rows,
            baseline,
            members,
            ids,
            stale,
            index,
        }
    }

    /// The id of the row as `results[i]` ran ([`Report::ran`]).
    #[must_use]
    pub fn id_of(&self, i: usize) -> usize {
        self.ids[i]
    }

    /// The row as it ran, by id ([`Report::result_rows`] gives the ids): the row as it
    /// is now for an id below the rows' count, else a row as it was before it changed.
    #[must_use]
    pub fn ran(&self, id: usize) -> RanAs {
        if let Some((row, label)) = id
            .checked_sub(self.rows.len())
            .and_then(|k| self.stale.get(k))
        {
            return RanAs {
                row: *row,
                label: label.clone(),
                now: self.rows.get(*row).map(ComparisonRow::label),
            };
        }
        let label = self.rows.get(id).map_or_else(
            || {
                // A grid's report knows no rows: the label its results ran with.
                self.members
                    .iter()
                    .find(|&&i| self.ids[i] == id)
                    .map(|&i| self.results[i].label.clone())
                    .unwrap_or_default()
            },
            ComparisonRow::label,
        );
        RanAs {
            row: id,
            label,
            now: None,
        }
    }

    /// Whether any result the report is over was searched with other settings than its
    /// row has now (its row changed since).
    #[must_use]
    pub fn has_stale(&self) -> bool {
        self.members
            .iter()
            .any(|&i| self.ids[i] >= self.rows.len() && !self.rows.is_empty())
    }

    /// The results the report is over.
    fn entries(&self) -> impl Iterator<Item = &'a ResultEntry> + '_ {
        self.members.iter().map(|&i| &self.results[i])
    }

    /// The result of `row` at `position` and `depth`, if there is one.
    fn find(&self, row: usize, position: PositionKey<'_>, depth: u32) -> Option<&'a ResultEntry> {
        let index: &HashMap<(usize, PositionKey<'_>, u32), usize> = &self.index;
        index
            .get(&(row, position, depth))
            .map(|&i| &self.results[i])
    }

    /// Whether `e` was made with other settings than its row has now.
    #[must_use]
    pub fn is_stale(&self, e: &ResultEntry) -> bool {
        match self.rows.get(e.row) {
            Some(row) => !e.label.is_empty() && row.label() != e.label,
            None => !self.rows.is_empty(),
        }
    }

    /// `e`'s nodes over the baseline row's nodes at the same position and depth,
    /// marked partial when either search was stopped (a failed one has no count).
    #[must_use]
    pub fn ratio(&self, e: &ResultEntry) -> Option<Ratio> {
        if e.error.is_some() {
            return None;
        }
        let b = self
            .find(self.baseline?, e.key(), e.depth)
            .filter(|b| b.error.is_none())?;
        let tally = |x: &ResultEntry| Tally {
            value: x.record.counters.nodes(),
            partial: !x.is_complete(),
        };
        Ratio::of(tally(e), tally(b))
    }

    /// Whether any result in `lines` is stopped or failed (its counts are partial).
    #[must_use]
    pub fn any_partial(&self, lines: &[usize]) -> bool {
        lines.iter().any(|&i| !self.results[i].is_complete())
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
        let threads = e.record.counters.threads();
        if threads > 1 {
            parts.push(format!(
                "{threads} threads: counts vary from run to run, the value does not"
            ));
        }
        parts.join("; ")
    }

    /// The text of one cell.
    #[must_use]
    pub fn cell(&self, e: &ResultEntry, c: Column) -> String {
        let s = &e.record.counters;
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
            Column::Position => e.position_label(),
            Column::Depth => e.depth.to_string(),
            Column::Score => match (e.record.score, e.record.estimate) {
                (Some(v), _) => e.record.value_text(v),
                // A proof under a scoring that counts more than the outcome: the
                // outcome, never a number that reads as the score.
                (None, Some(est)) if est.proven.is_some() => {
                    format!("{} proven", est.proven_outcome().unwrap_or_default())
                }
                // A sampling algorithm's estimate, marked so it never reads as a score.
                (None, Some(est)) => format!("≈{:+.3} ({} visits)", est.mean, est.visits),
                (None, None) => String::new(),
            },
            Column::Best => e.record.best_move.clone().unwrap_or_default(),
            Column::Pv => e.record.pv.join(" "),
            Column::Status => self.status(e),
            _ if failed => String::new(),
            Column::Counter(c) => plain_number(c.of(s)),
            Column::FirstMoveRate => {
                if s.beta_cutoffs() == 0 {
                    String::new()
                } else {
                    format!("{:.1}", 100.0 * s.first_move_cutoff_rate())
                }
            }
            Column::Time => time_text(s.elapsed_secs(), e.record.clock_step_secs),
            Column::NodesPerSec if rate_known(s.elapsed_secs(), e.record.clock_step_secs) => {
                format!("{:.0}", s.nodes_per_sec())
            }
            Column::NodesPerSec => String::new(),
            Column::Ratio => self.ratio(e).map(|r| r.text(3)).unwrap_or_default(),
        }
    }

    /// The sort key of one cell.
    #[must_use]
    pub fn sort_key(&self, e: &ResultEntry, c: Column) -> SortKey {
        let s = &e.record.counters;
        let n = |v: f64| SortKey::Number(v);
        match c {
            Column::Row => n(e.row as f64),
            Column::Depth => n(f64::from(e.depth)),
            Column::Score => e.record.score_f64().map_or(SortKey::Empty, n),
            Column::Counter(c) if e.error.is_none() => n(c.of(s) as f64),
            Column::FirstMoveRate => n(s.first_move_cutoff_rate()),
            Column::Time => n(s.elapsed_secs()),
            Column::NodesPerSec if rate_known(s.elapsed_secs(), e.record.clock_step_secs) => {
                n(s.nodes_per_sec())
            }
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

    /// The indices (into [`Report::results`]) of the results the report is over,
    /// sorted by `column` (stable; the plan's order otherwise).
    #[must_use]
    pub fn lines(&self, sort: Option<(Column, bool)>) -> Vec<usize> {
        let mut idx = self.members.clone();
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

    /// The positions that have results, each once, in first-seen order.
    #[must_use]
    pub fn positions(&self) -> Vec<PositionKey<'a>> {
        let mut out: Vec<PositionKey<'a>> = Vec::new();
        for e in self.entries() {
            if !out.contains(&e.key()) {
                out.push(e.key());
            }
        }
        out
    }

    /// The depths the views have a column for, ascending: every depth from the
    /// shallowest with a result to the deepest, so that a depth no search reached
    /// between two that were (after a Stop) is a column of dashes, never left out.
    #[must_use]
    pub fn depths(&self) -> Vec<u32> {
        let lo = self.entries().map(|e| e.depth).min();
        let hi = self.entries().map(|e| e.depth).max();
        match (lo, hi) {
            (Some(lo), Some(hi)) => (lo..=hi).collect(),
            _ => Vec::new(),
        }
    }

    /// The ids of the rows as they ran that have results ([`Report::ran`]), in the
    /// rows' order, each row's results as it is now before those of what it was.
    #[must_use]
    pub fn result_rows(&self) -> Vec<usize> {
        let mut r: Vec<usize> = self.members.iter().map(|&i| self.ids[i]).collect();
        r.sort_unstable_by_key(|&id| (self.ran_row(id), id));
        r.dedup();
        r
    }

    /// The comparison row of id `id` ([`Report::ran`]).
    fn ran_row(&self, id: usize) -> usize {
        id.checked_sub(self.rows.len())
            .and_then(|k| self.stale.get(k))
            .map_or(id, |(row, _)| *row)
    }

    /// Whether any result the report is over was stopped or failed.
    #[must_use]
    pub fn has_partial(&self) -> bool {
        self.entries().any(|e| !e.is_complete())
    }

    /// The note for results searched on several threads, when the report has any:
    /// their counts vary from run to run (their values do not).
    #[must_use]
    pub fn parallel_note(&self) -> Option<&'static str> {
        self.entries()
            .any(|e| e.record.counters.threads() > 1)
            .then_some(PARALLEL_NOTE)
    }

    /// How many results the report is over.
    #[must_use]
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether the report is over no result.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The count of `row` at `position` and `depth`, if it ran without failing;
    /// partial when the search was stopped.
    #[must_use]
    pub fn count(
        &self,
        row: usize,
        position: PositionKey<'_>,
        depth: u32,
        count: CountKind,
    ) -> Option<Tally> {
        self.find(row, position, depth)
            .filter(|e| e.error.is_none())
            .map(|e| Tally {
                value: count.pick(&e.record),
                partial: !e.is_complete(),
            })
    }

    /// Of `positions` (each once), those every row has finished: a complete result at
    /// every depth the row has a result at anywhere in the report.
    #[must_use]
    pub fn finished<'p>(&self, positions: &[PositionKey<'p>]) -> Vec<PositionKey<'p>> {
        let mut wanted: Vec<(usize, u32)> = self
            .members
            .iter()
            .map(|&i| (self.ids[i], self.results[i].depth))
            .collect();
        wanted.sort_unstable();
        wanted.dedup();
        once(positions)
            .into_iter()
            .filter(|&p| {
                wanted
                    .iter()
                    .all(|&(r, d)| self.find(r, p, d).is_some_and(ResultEntry::is_complete))
            })
            .collect()
    }

    /// Per depth with results: of `positions` (each once), those every row that
    /// searched that depth anywhere finished there (a complete result). After a Stop
    /// part way through a run these are what each depth's totals, ratios and chart
    /// points are over: every depth has figures over the positions it was finished on.
    #[must_use]
    pub fn finished_by_depth<'p>(
        &self,
        positions: &[PositionKey<'p>],
    ) -> BTreeMap<u32, Vec<PositionKey<'p>>> {
        let positions = once(positions);
        let mut out = BTreeMap::new();
        for depth in self.depths() {
            let mut ids: Vec<usize> = self
                .members
                .iter()
                .filter(|&&i| self.results[i].depth == depth)
                .map(|&i| self.ids[i])
                .collect();
            ids.sort_unstable();
            ids.dedup();
            if ids.is_empty() {
                continue;
            }
            let done: Vec<PositionKey<'p>> = positions
                .iter()
                .copied()
                .filter(|&p| {
                    ids.iter()
                        .all(|&r| self.find(r, p, depth).is_some_and(ResultEntry::is_complete))
                })
                .collect();
            out.insert(depth, done);
        }
        out
    }

    /// Totals per row as it ran and depth, each depth over its own positions
    /// (`by_depth`, as [`Report::finished_by_depth`] gives them). A total is None
    /// unless the row has a result at every one of the depth's positions.
    #[must_use]
    pub fn totals_by_depth(
        &self,
        by_depth: &BTreeMap<u32, Vec<PositionKey<'_>>>,
        count: CountKind,
    ) -> BTreeMap<(usize, u32), Tally> {
        let mut out = BTreeMap::new();
        for (&depth, positions) in by_depth {
            for ((row, d), t) in self.totals(positions, count) {
                if d == depth {
                    out.insert((row, d), t);
                }
            }
        }
        out
    }

    /// Totals per row and depth over `positions` (each counted once, however often it
    /// is listed). A row's total at a depth is None unless it has a result at every one
    /// of them, so that totals compare; it is partial when any of them was stopped
    /// (counted as far as it got) or failed (counted as nothing).
    #[must_use]
    pub fn totals(
        &self,
        positions: &[PositionKey<'_>],
        count: CountKind,
    ) -> BTreeMap<(usize, u32), Tally> {
        let positions = &once(positions);
        let mut out = BTreeMap::new();
        for row in self.result_rows() {
            for depth in self.depths() {
                let mut total = Tally {
                    value: 0,
                    partial: false,
                };
                let mut all = !positions.is_empty();
                for &p in positions {
                    let Some(e) = self.find(row, p, depth) else {
                        all = false;
                        break;
                    };
                    total.partial |= !e.is_complete();
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

    /// The name of the row as it ran with id `id` ([`RanAs::name`]): `1: negaalpha`,
    /// `1: negaalpha (stale)` for results searched before the row changed.
    #[must_use]
    pub fn row_name(&self, id: usize) -> String {
        self.ran(id).name()
    }

    /// The results in `lines` order as a Markdown table of `columns` (those shown on
    /// screen, or [`Column::all`]).
    #[must_use]
    pub fn markdown(&self, lines: &[usize], columns: &[Column]) -> String {
        let mut out = String::new();
        let titles: Vec<&str> = columns.iter().map(|c| c.title()).collect();
        let _ = writeln!(out, "| {} |", titles.join(" | "));
        let aligns: Vec<&str> = columns
            .iter()
            .map(|c| if c.is_numeric() { "---:" } else { "---" })
            .collect();
        let _ = writeln!(out, "|{}|", aligns.join("|"));
        for &i in lines {
            let e = &self.results[i];
            let cells: Vec<String> = columns
                .iter()
                .map(|&c| self.cell(e, c).replace('|', "\\|"))
                .collect();
            let _ = writeln!(out, "| {} |", cells.join(" | "));
        }
        if lines
            .iter()
            .any(|&i| self.ratio(&self.results[i]).is_some_and(|r| r.partial))
        {
            let _ = writeln!(out, "\n{PARTIAL_NOTE} (see the Status column).");
        }
        out
    }

    /// One cell of the CSV: [`Report::cell`], but the time in seconds to the
    /// millisecond without a unit (under [`Column::csv_title`]), as programs read it.
    fn csv_cell(&self, e: &ResultEntry, c: Column) -> String {
        match c {
            Column::Time if e.error.is_none() => format!("{:.3}", e.record.counters.elapsed_secs()),
            c => self.cell(e, c),
        }
    }

    /// The results in `lines` order as CSV (RFC 4180 quoting) of every column
    /// ([`Column::all`], every counter included), with a header line; the last two
    /// columns name each result's position whole: its game and text form.
    #[must_use]
    pub fn csv(&self, lines: &[usize]) -> String {
        use crate::output::csv::field;
        let columns = Column::all();
        let mut out = String::new();
        let mut titles: Vec<String> = columns.iter().map(|c| field(c.csv_title())).collect();
        titles.extend(CSV_POSITION_TITLES.iter().map(|t| field(t)));
        let _ = writeln!(out, "{}", titles.join(","));
        for &i in lines {
            let e = &self.results[i];
            let mut cells: Vec<String> = columns
                .iter()
                .map(|&c| field(&self.csv_cell(e, c)))
                .collect();
            cells.push(field(e.game.name()));
            cells.push(field(&e.position_text));
            let _ = writeln!(out, "{}", cells.join(","));
        }
        out
    }
}

mod across;
mod agree;
mod column;
mod series;
mod speedup;

pub use across::{Across, BOOTSTRAP_SEED, RESAMPLES, p_text};
pub use column::Column;
pub use series::{Series, to_line_chart, uniform_tree_references};

#[cfg(test)]
mod tests;
