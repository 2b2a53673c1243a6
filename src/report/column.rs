//! The results table's columns: what identifies a result, each search counter, and the
//! figures derived from them, with their titles, meanings and alignment.

use crate::search::Counter;

/// A column of the results table: what identifies a result, each search counter
/// ([`Counter`], declared once in [`crate::search::counters`]), and the figures derived
/// from them.
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
    /// A search counter.
    Counter(Counter),
    /// Share of cutoffs made by the first move.
    FirstMoveRate,
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
    /// The nodes column (the one ratios and charts are about).
    pub const NODES: Column = Column::Counter(Counter::Nodes);

    /// Every column, in table order: what names the result, then every counter in
    /// [`Counter::ALL`]'s order, each figure derived from a counter right after it (the
    /// ratio to the baseline after nodes, the first-move share after the first-move
    /// cutoffs), then time, speed, the best move and the principal variation.
    #[must_use]
    pub fn all() -> Vec<Column> {
        let mut out = vec![
            Column::Row,
            Column::Setup,
            Column::Position,
            Column::Depth,
            Column::Score,
            Column::Status,
        ];
        for &c in Counter::ALL {
            out.push(Column::Counter(c));
            match c {
                Counter::Nodes => out.push(Column::Ratio),
                Counter::FirstMoveCutoffs => out.push(Column::FirstMoveRate),
                _ => {}
            }
        }
        out.extend([Column::Time, Column::NodesPerSec, Column::Best, Column::Pv]);
        out
    }

    /// Whether the table shows the column unless asked otherwise: every column but the
    /// counters declared hidden ([`Counter::shown_by_default`]).
    #[must_use]
    pub fn shown_by_default(self) -> bool {
        match self {
            Column::Counter(c) => c.shown_by_default(),
            _ => true,
        }
    }

    /// The columns the table shows unless asked otherwise.
    #[must_use]
    pub fn default_shown() -> Vec<Column> {
        Column::all()
            .into_iter()
            .filter(|c| c.shown_by_default())
            .collect()
    }

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
            Column::Counter(c) => c.title(),
            Column::FirstMoveRate => "1st-move cut %",
            Column::Time => "Time",
            Column::NodesPerSec => "Nodes/s",
            Column::Ratio => "× baseline",
            Column::Status => "Status",
        }
    }

    /// The header in the CSV, which keeps units out of its cells: the time is `Time (s)`.
    #[must_use]
    pub fn csv_title(self) -> &'static str {
        match self {
            Column::Time => "Time (s)",
            c => c.title(),
        }
    }

    /// What the column holds, in words (the header's hover).
    #[must_use]
    pub fn meaning(self) -> String {
        match self {
            Column::Row => "The comparison row (its number in the rows list)".into(),
            Column::Setup => "The row's algorithm and options".into(),
            Column::Position => "The position searched".into(),
            Column::Depth => "The depth searched".into(),
            Column::Score => "The root value the search returned; ≈ marks a sampling algorithm's estimate (its mean reward, -1 to 1, and the visits of its move), never compared with a score; \"win proven\" (draw, loss) an outcome MCTS-Solver proved where the scoring counts more than the outcome".into(),
            Column::Best => "The best move found".into(),
            Column::Pv => "The principal variation".into(),
            Column::Counter(c) => format!("{} ({})", c.meaning(), c.name()),
            Column::FirstMoveRate => {
                "The share of β-cutoffs made by the first move tried, in percent: the move-ordering quality figure".into()
            }
            Column::Time => "Wall-clock time, in µs, ms or s as the value needs (seconds in the CSV)".into(),
            Column::NodesPerSec => "Nodes per second".into(),
            Column::Ratio => {
                "Nodes relative to the baseline row at the same position and depth".into()
            }
            Column::Status => "Stopped, failed, stale (options changed since), or empty".into(),
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
