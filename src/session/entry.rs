//! The parts of a session: its comparison rows, the open suite, the results and what
//! the views show, and the errors of reading and writing it.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::scope::{PositionKey, ResultScope, short_position_name, short_text};
use crate::engine::{GameKind, SearchRecord, Suite};
use crate::search::{Algorithm, SearchOptions};

/// The session format this treelab writes. Files with a larger number are refused.
/// Version 2: a row named `mt-sss` has Plaat's memory unless it says otherwise (see
/// [`Session::from_ron`]). Version 3: a result's counters are `counters: Counters(..)`
/// (earlier files wrote `stats: SearchStats(..)`, read as they are).
pub const CURRENT_VERSION: u32 = 3;

/// What went wrong reading or writing a session, in words for the user.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The text is not a valid session.
    #[error("line {line}, column {column}: {message}")]
    Parse {
        /// 1-based line of the problem.
        line: usize,
        /// 1-based column of the problem.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The file was written by a newer treelab.
    #[error(
        "this session has format version {found}, written by a newer treelab (this one reads up to version {CURRENT_VERSION})"
    )]
    NewerVersion {
        /// The version the file states.
        found: u32,
    },
    /// The session could not be written as text.
    #[error("could not write the session: {0}")]
    Serialize(String),
    /// A file that cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The system's reason.
        source: std::io::Error,
    },
}

/// The open suite: where it comes from, which of its positions is selected, and its
/// positions, loaded once (the session file keeps only the source, [`SuiteRef`]).
#[derive(Clone, Debug)]
pub struct OpenSuite {
    /// A shipped suite's name (see [`crate::engine::shipped_suites`]) or a file path;
    /// [`Suite::load_named`] reads both.
    pub source: String,
    /// The index of the selected position in the suite, if one is selected.
    pub selected: Option<usize>,
    /// The suite's positions, as loaded from `source`.
    pub suite: Arc<Suite>,
}

/// Two open suites are the same when they come from the same source with the same
/// selection (their positions are what the source holds).
impl PartialEq for OpenSuite {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source && self.selected == other.selected
    }
}

impl OpenSuite {
    /// Loads the suite `source` (a shipped suite's name or a file path), nothing
    /// selected.
    pub fn open(source: &str) -> Result<OpenSuite, crate::engine::EngineError> {
        Ok(OpenSuite {
            source: source.to_string(),
            selected: None,
            suite: Arc::new(Suite::load_named(source)?),
        })
    }

    /// The suite's game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        self.suite.kind
    }
}

/// One row of a comparison: an algorithm with its options, over a range of depths.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ComparisonRow {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Its options.
    pub options: SearchOptions,
    /// The first depth searched.
    pub depth_min: u32,
    /// The last depth searched (inclusive).
    pub depth_max: u32,
    /// The evaluator's name (empty: the game's default).
    pub evaluator: String,
    /// Whether the row takes part in a run.
    pub enabled: bool,
}

impl Default for ComparisonRow {
    fn default() -> Self {
        ComparisonRow::new(Algorithm::NegaAlpha)
    }
}

impl ComparisonRow {
    /// A row for `algorithm` with default options at depths 1 to 6.
    #[must_use]
    pub fn new(algorithm: Algorithm) -> Self {
        ComparisonRow {
            algorithm,
            options: SearchOptions::default(),
            depth_min: 1,
            depth_max: 6,
            evaluator: String::new(),
            enabled: true,
        }
    }

    /// The search the row makes at `depth`.
    #[must_use]
    pub fn request(&self, depth: u32) -> crate::engine::SearchRequest {
        crate::engine::SearchRequest {
            algorithm: self.algorithm,
            options: self.options.clone(),
            depth,
            evaluator: self.evaluator.clone(),
        }
    }

    /// The depths the row searches, in order (empty when the range is reversed).
    #[must_use]
    pub fn depths(&self) -> std::ops::RangeInclusive<u32> {
        self.depth_min..=self.depth_max
    }

    /// The row as a spec string (`negascout+order=static`, see
    /// [`crate::engine::rowspec::row_spec`]), with the evaluator when it is not the
    /// default (`... [eval discs]`).
    #[must_use]
    pub fn label(&self) -> String {
        let spec = crate::engine::rowspec::row_spec(self.algorithm, &self.options);
        if self.evaluator.trim().is_empty() {
            spec
        } else {
            format!("{spec} [eval {}]", self.evaluator.trim())
        }
    }

    /// Whether the row can run: depths in range and in order, options that make sense
    /// for the algorithm. The error says why not.
    pub fn check(&self) -> Result<(), String> {
        if self.depth_min > self.depth_max {
            return Err(format!(
                "the depth range {}-{} is reversed",
                self.depth_min, self.depth_max
            ));
        }
        self.options
            .check(self.algorithm, self.depth_min)
            .and_then(|()| self.options.check(self.algorithm, self.depth_max))
            .map_err(|e| e.to_string())
    }
}

/// One finished (or stopped) search of a comparison.
///
/// A result belongs to the position it was searched on, named by its game and text form
/// ([`ResultEntry::key`]): two results are of the same position exactly when these are
/// equal, whatever the suite or name they were run under. A result never stands for
/// another position's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ResultEntry {
    /// The index of the row in [`Session::rows`].
    pub row: usize,
    /// The position's display name: the suite entry's name (`#40`), or empty for a
    /// position of no suite (then [`ResultEntry::position_label`] shows its text form).
    pub position: String,
    /// The game of the position.
    pub game: GameKind,
    /// The position's one-line text form ([`AnyPosition::to_text`]): with `game`, what
    /// identifies it. Empty only in results of a grid that kept names alone (a bench).
    pub position_text: String,
    /// The suite the position was run from, if it was (its source).
    pub suite: Option<String>,
    /// The position's index in that suite.
    pub suite_index: Option<usize>,
    /// The row's label when it ran ([`ComparisonRow::label`]); a result whose label
    /// differs from its row's label now was made with other settings.
    pub label: String,
    /// The depth searched.
    pub depth: u32,
    /// What the search found.
    pub record: SearchRecord,
    /// Why the search failed, if it did (then `record` is empty).
    pub error: Option<String>,
}

impl ResultEntry {
    /// Whether the search finished: not failed, not stopped, with a value (a score, or a
    /// sampling algorithm's estimate). Only complete results compare; the counts of
    /// others are partial.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.error.is_none()
            && self.record.stopped.is_none()
            && (self.record.score.is_some() || self.record.estimate.is_some())
    }

    /// The position this result is of: its game and text form (the name where a grid
    /// kept no text form).
    #[must_use]
    pub fn key(&self) -> PositionKey<'_> {
        let text = if self.position_text.is_empty() {
            self.position.as_str()
        } else {
            self.position_text.as_str()
        };
        PositionKey {
            game: self.game,
            text,
        }
    }

    /// The position as the table names it: the suite entry's name, or the game and a
    /// shortened text form.
    #[must_use]
    pub fn position_label(&self) -> String {
        if self.position.is_empty() {
            short_text(self.game, &self.position_text)
        } else {
            self.position.clone()
        }
    }

    /// Everything known of the position, for a tooltip: game, suite and index, text.
    #[must_use]
    pub fn position_details(&self) -> String {
        let mut out = format!("{}: {}", self.game.label(), self.position_text);
        if let (Some(suite), Some(i)) = (&self.suite, self.suite_index) {
            out = format!("{} ({suite}, position {}) {out}", self.position, i + 1);
        }
        out
    }
}

/// How the app shows things; no effect on results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ViewChoices {
    /// Play mode (click plays a legal move) rather than edit mode.
    pub play_mode: bool,
    /// Mark the legal moves on the board in play mode.
    pub show_legal_moves: bool,
    /// Draw the board coordinates.
    pub show_coordinates: bool,
    /// The row the comparison measures the others against, if any.
    pub baseline_row: Option<usize>,
    /// Which view of the results is open.
    pub tab: ResultsTab,
    /// Which positions the table, the articles' layout, the charts and the exports show
    /// (by default what Run searches: the current position or the suite).
    pub scope: ResultScope,
    /// What the article-layout tables and the charts count.
    pub count: crate::engine::count::CountKind,
    /// Run on every position of the suite (true) or on the current position.
    pub run_suite: bool,
    /// The tree view's row.
    pub tree_row: usize,
    /// The tree view's second row, drawn beside the first.
    pub tree_row_beside: Option<usize>,
    /// The tree view's depth.
    pub tree_depth: u32,
    /// The tree view builds its tree as a quiz.
    pub tree_quiz: bool,
    /// The tree view writes values at a bound as `≤ v` (failed low) and `≥ v` (failed
    /// high), as textbooks write fail-hard bounds, on screen and in its figures.
    pub tree_bounds: bool,
}

/// The views of the results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResultsTab {
    /// One line per row x position x depth.
    #[default]
    Table,
    /// The articles' layout: a table per position, a line per row, a column per depth.
    #[serde(alias = "Seeds")]
    Articles,
    /// Nodes against depth, ratio to the baseline.
    Charts,
    /// The search tree of a row, step by step.
    Tree,
    /// Whole games between two rows, with Elo and an SPRT.
    Match,
}

impl ResultsTab {
    /// Every tab, in the order the toolbar shows them.
    pub const ALL: [ResultsTab; 5] = [
        ResultsTab::Table,
        ResultsTab::Articles,
        ResultsTab::Charts,
        ResultsTab::Tree,
        ResultsTab::Match,
    ];
}

impl Default for ViewChoices {
    fn default() -> Self {
        ViewChoices {
            play_mode: true,
            show_legal_moves: true,
            show_coordinates: true,
            baseline_row: None,
            tab: ResultsTab::Table,
            scope: ResultScope::default(),
            count: crate::engine::count::CountKind::default(),
            run_suite: false,
            tree_row: 0,
            tree_row_beside: None,
            tree_depth: 3,
            tree_quiz: false,
            tree_bounds: false,
        }
    }
}

impl ResultEntry {
    /// The position's short name, for the table's narrow column
    /// ([`short_position_name`]); [`ResultEntry::position_details`] has it whole.
    #[must_use]
    pub fn short_name(&self) -> String {
        short_position_name(
            self.game,
            &self.position_text,
            &self.position,
            self.suite.as_deref(),
        )
    }
}
