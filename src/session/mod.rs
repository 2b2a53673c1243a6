//! The RON session file: everything a person keeps between runs of the app.
//!
//! A [`Session`] holds the current position (parsed: its game is the position's), the
//! open suite (loaded, with the source it came from), the comparison rows and their
//! results, and view choices. It is the one place each of them is kept: the app and the
//! command line read the position and the suite from here, never from a copy of their
//! own. On disk a session is a [`SessionFile`] (the game by name, the position as its
//! one-line text form, the suite as its source), converted on reading and writing.
//!
//! Every result names the position it was searched on by game and text form (and suite
//! and index when it came from a suite): see [`ResultEntry`] and [`PositionKey`].
//! Every struct carries `#[serde(default)]`, so a file written before a field existed
//! still opens; a file from a newer treelab (a larger `version`) is refused with a clear
//! message rather than read half-way. Saves are atomic: the text goes to a temporary
//! file beside the target, is flushed to disk and then renamed over it.
//!
//! A session also travels as a link, in a URL's fragment ([`link`]).
//!
//! This module does not import egui: the app, tests and tools share it.

mod file;
pub mod link;
mod matches;
mod practice;
mod rows;
mod scope;

pub use file::{SessionFile, SuiteRef};
pub use matches::{DepthSource, MatchSetup, PerMove};
pub use practice::{GivenAnswer, MAX_EXERCISES, Practice, PracticeItem};
pub use rows::{drop_orphans, option_applies, sanitize};
pub use scope::{
    PositionInSet, PositionKey, PositionSet, ResultScope, short_position_name, short_text,
};

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::{AnyPosition, GameKind, SearchRecord, Suite};
pub use crate::platform::files::write_atomic;
use crate::search::{Algorithm, SearchOptions};

/// The session format this treelab writes. Files with a larger number are refused.
/// Version 2: a row named `mt-sss` has Plaat's memory unless it says otherwise (see
/// [`Session::from_ron`]). Version 3: a result's counters are `counters: Counters(..)`
/// (earlier files wrote `stats: SearchStats(..)`, read as they are).
pub const CURRENT_VERSION: u32 = 3;

/// How files of version 2 and before wrote a result's counters.
const OLD_COUNTERS: &str = "stats: SearchStats(";

/// The shipped suite a new session opens.
pub const DEFAULT_SUITE: &str = "fforum-40-59.obf";

/// The most recent files remembered.
pub const MAX_RECENT: usize = 8;

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
            .validate(self.algorithm, self.depth_min)
            .and_then(|()| self.options.validate(self.algorithm, self.depth_max))
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

/// Everything a person keeps: what is saved to a `.ron` session file (as a
/// [`SessionFile`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "SessionFile", into = "SessionFile")]
pub struct Session {
    /// The format version ([`CURRENT_VERSION`] when written by this treelab).
    pub version: u32,
    /// The current position; its game is the session's game.
    pub position: AnyPosition,
    /// The open suite, if any (perhaps of another game than the position's: then it is
    /// shown, but never searched).
    pub suite: Option<OpenSuite>,
    /// The comparison setup.
    pub rows: Vec<ComparisonRow>,
    /// The results of the comparison so far.
    pub results: Vec<ResultEntry>,
    /// View choices.
    pub view: ViewChoices,
    /// The match set up in the Match view.
    pub match_setup: MatchSetup,
    /// The last match played there (every game, to replay).
    pub match_result: Option<crate::matches::record::MatchResult>,
    /// The handout being worked through, with the student's answers.
    pub practice: Option<Practice>,
    /// What could not be read back when the session was opened (a position or suite
    /// that no longer loads): said to the user, never saved.
    pub problems: Vec<String>,
}

impl Default for Session {
    /// FFO #40 from the shipped `fforum-40-59.obf` (the start position if that suite
    /// cannot be read), with NegaAlpha and NegaScout rows at depths 1 to 6.
    fn default() -> Self {
        let (position, suite) = match OpenSuite::open(DEFAULT_SUITE) {
            Ok(mut suite) => match suite.suite.items.first().map(|i| i.position.clone()) {
                Some(first) => {
                    suite.selected = Some(0);
                    (first, Some(suite))
                }
                None => (AnyPosition::start(GameKind::Othello), None),
            },
            Err(_) => (AnyPosition::start(GameKind::Othello), None),
        };
        Session {
            version: CURRENT_VERSION,
            position,
            suite,
            rows: vec![
                ComparisonRow::new(Algorithm::NegaAlpha),
                ComparisonRow::new(Algorithm::NegaScout),
            ],
            results: Vec::new(),
            view: ViewChoices::default(),
            match_setup: MatchSetup::default(),
            match_result: None,
            practice: None,
            problems: Vec::new(),
        }
    }
}

/// Reads only the version, ignoring everything else, so that a newer file is refused
/// for its version rather than for the first field this treelab does not know. Named as
/// the session is, so that a file written with struct names (`Session(version: ..)`)
/// is read too.
#[derive(Deserialize)]
#[serde(rename = "Session")]
struct VersionProbe {
    #[serde(default)]
    version: u32,
}

fn parse_error(e: &ron::error::SpannedError) -> SessionError {
    SessionError::Parse {
        line: e.span.start.line,
        column: e.span.start.col,
        message: e.code.to_string(),
    }
}

impl Session {
    /// The session as pretty RON text.
    pub fn to_ron(&self) -> Result<String, SessionError> {
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(4)
            .struct_names(true);
        ron::ser::to_string_pretty(self, config).map_err(|e| SessionError::Serialize(e.to_string()))
    }

    /// Parses a session; refuses a newer format version; errors carry line and column.
    /// A version-1 file's MT-SSS* rows keep the memory they ran with, spelled out.
    pub fn from_ron(text: &str) -> Result<Session, SessionError> {
        let stated = ron::from_str::<VersionProbe>(text).ok().map(|p| p.version);
        if let Some(found) = stated.filter(|&v| v > CURRENT_VERSION) {
            return Err(SessionError::NewerVersion { found });
        }
        // Up to version 2 a result's counters were written `stats: SearchStats(..)`.
        let renamed;
        let text = if stated.is_none_or(|v| v < 3) && text.contains(OLD_COUNTERS) {
            renamed = text.replace(OLD_COUNTERS, "counters: Counters(");
            renamed.as_str()
        } else {
            text
        };
        let mut session: Session = ron::from_str(text).map_err(|e| parse_error(&e))?;
        if session.version > CURRENT_VERSION {
            return Err(SessionError::NewerVersion {
                found: session.version,
            });
        }
        if session.version < 2 {
            session.upgrade_mt_sss_rows();
        }
        session.version = CURRENT_VERSION;
        session.forget_missing_rows();
        Ok(session)
    }

    /// A view setting that names a row the session does not have (a hand-edited file)
    /// goes back to its default: no baseline, no row beside, the first row's tree.
    fn forget_missing_rows(&mut self) {
        let n = self.rows.len();
        let view = &mut self.view;
        view.baseline_row = view.baseline_row.filter(|&b| b < n);
        view.tree_row_beside = view.tree_row_beside.filter(|&b| b < n);
        if view.tree_row >= n {
            view.tree_row = 0;
        }
    }

    /// The game: the current position's.
    #[must_use]
    pub fn game(&self) -> GameKind {
        self.position.kind()
    }

    /// The open suite's positions when they are of the current game (a suite of
    /// another game is never searched nor totalled with this game's results).
    #[must_use]
    pub fn suite_of_this_game(&self) -> Option<&Suite> {
        self.suite
            .as_ref()
            .filter(|s| s.kind() == self.game())
            .map(|s| &*s.suite)
    }

    /// The suite entry (index and item) that is the current position, if any: the
    /// selected one when it still is, else the first equal one.
    #[must_use]
    pub fn current_suite_item(&self) -> Option<(usize, &crate::engine::SuiteItem)> {
        let open = self.suite.as_ref().filter(|s| s.kind() == self.game())?;
        let items = &open.suite.items;
        open.selected
            .and_then(|i| items.get(i).map(|it| (i, it)))
            .filter(|(_, it)| it.position == self.position)
            .or_else(|| {
                items
                    .iter()
                    .enumerate()
                    .find(|(_, it)| it.position == self.position)
            })
    }

    /// Writes the session to `path` atomically (see [`write_atomic`]), with a manifest
    /// that says only which treelab saved it, where and when.
    pub fn save(&self, path: &Path) -> Result<(), SessionError> {
        self.save_with(path, &crate::output::manifest::Manifest::new("treelab", 0))
    }

    /// Writes the session to `path` atomically with `manifest` as its file's
    /// `manifest` field (what made its results: the command or the app, the threads).
    pub fn save_with(
        &self,
        path: &Path,
        manifest: &crate::output::manifest::Manifest,
    ) -> Result<(), SessionError> {
        let mut saved = self.clone();
        saved.version = CURRENT_VERSION;
        let mut file = file::SessionFile::from(saved);
        file.manifest = Some(
            manifest
                .clone()
                .with_rows(self.rows.iter().map(|r| r.label())),
        );
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(4)
            .struct_names(true);
        let text = ron::ser::to_string_pretty(&file, config)
            .map_err(|e| SessionError::Serialize(e.to_string()))?;
        write_atomic(path, text.as_bytes()).map_err(|source| SessionError::Io {
            path: path.display().to_string(),
            source,
        })
    }

    /// Reads a session file.
    pub fn load(path: &Path) -> Result<Session, SessionError> {
        let text =
            crate::fileread::read_text_capped(path, crate::fileread::SESSION_LIMIT, "a session")
                .map_err(|source| SessionError::Io {
                    path: path.display().to_string(),
                    source,
                })?;
        Session::from_ron(&text)
    }
}

/// The app's small settings file: the last session, the recent files and the window's
/// size.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AppConfig {
    /// The session open when the app last saved or opened one.
    pub last_session: Option<PathBuf>,
    /// Recently opened or saved sessions, most recent first, at most [`MAX_RECENT`].
    pub recent: Vec<PathBuf>,
    /// The window's inner size in points when the app last closed (the next start
    /// opens it so).
    pub window: Option<[f32; 2]>,
}

impl AppConfig {
    /// `$XDG_CONFIG_HOME/treelab/config.ron`, else `~/.config/treelab/config.ron`.
    #[must_use]
    pub fn default_path() -> Option<PathBuf> {
        Some(crate::platform::files::settings_folder()?.join("config.ron"))
    }

    /// Reads the config; a missing or broken file gives the default.
    #[must_use]
    pub fn load(path: &Path) -> AppConfig {
        crate::fileread::read_text_capped(path, crate::fileread::CONFIG_LIMIT, "the settings")
            .ok()
            .and_then(|text| ron::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Writes the config (creating its folder).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            crate::platform::files::create_dir_all(dir)?;
        }
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::new())
            .map_err(std::io::Error::other)?;
        write_atomic(path, text.as_bytes())
    }

    /// Records `path` as the last session and the most recent file.
    pub fn remember(&mut self, path: &Path) {
        self.last_session = Some(path.to_path_buf());
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(MAX_RECENT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::StopReason;

    fn ttt(text: &str) -> AnyPosition {
        AnyPosition::parse(GameKind::TicTacToe, text).unwrap()
    }

    fn sample() -> Session {
        let mut s = Session {
            position: ttt("x.o.x...."),
            suite: None,
            ..Session::default()
        };
        s.rows[1].options.tt_mib = 16;
        s.rows[1].depth_max = 9;
        s.results.push(ResultEntry {
            row: 1,
            label: "negascout+tt=16".into(),
            game: GameKind::TicTacToe,
            position_text: "x.o.x....".into(),
            suite: Some("some.ttt".into()),
            suite_index: Some(4),
            depth: 3,
            error: Some("a test failure".into()),
            record: SearchRecord {
                score: Some(2),
                best_move: Some("b2".into()),
                pv: vec!["b2".into(), "a1".into()],
                depth_reached: 3,
                stopped: Some(StopReason::NodeBudget),
                ..SearchRecord::default()
            },
            ..ResultEntry::default()
        });
        s.view.baseline_row = Some(0);
        s
    }

    #[test]
    fn default_session_shows_ffo_40() {
        let s = Session::default();
        assert_eq!(s.game(), GameKind::Othello);
        assert_eq!(
            s.suite.as_ref().map(|r| r.source.as_str()),
            Some(DEFAULT_SUITE)
        );
        assert_eq!(s.current_label(), "#40");
        assert_ne!(s.position, AnyPosition::start(GameKind::Othello));
        assert_eq!(s.rows.len(), 2);
    }

    #[test]
    fn round_trip_is_equal() {
        let s = sample();
        let text = s.to_ron().unwrap();
        assert_eq!(Session::from_ron(&text).unwrap(), s);
    }

    #[test]
    fn every_game_round_trips() {
        for kind in GameKind::ALL {
            let s = Session {
                position: AnyPosition::start(kind),
                ..Session::default()
            };
            let text = s.to_ron().unwrap();
            assert_eq!(Session::from_ron(&text).unwrap(), s, "{text}");
        }
    }

    #[test]
    fn save_and_load_round_trip_atomically() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.ron");
        let s = sample();
        s.save(&path).unwrap();
        assert_eq!(Session::load(&path).unwrap(), s);
        assert!(!dir.path().join("a.ron.tmp").exists());
        // Saving again replaces the file.
        let mut t = s.clone();
        t.position = ttt("xo.......");
        t.save(&path).unwrap();
        assert_eq!(Session::load(&path).unwrap(), t);
    }

    #[test]
    fn older_file_without_new_fields_opens_with_defaults() {
        let text = r#"(version: 1, game: tictactoe, position: "x........")"#;
        let s = Session::from_ron(text).unwrap();
        assert_eq!(s.game(), GameKind::TicTacToe);
        assert_eq!(s.position, ttt("x........"));
        assert_eq!(s.rows, Session::default().rows);
        assert_eq!(s.view, ViewChoices::default());
        assert!(s.results.is_empty());
        // Rows written without their newer fields get defaults too.
        let text = r#"(game: othello, rows: [(algorithm: scout)])"#;
        let s = Session::from_ron(text).unwrap();
        assert_eq!(s.rows.len(), 1);
        assert_eq!(s.rows[0].algorithm, Algorithm::Scout);
        assert_eq!(s.rows[0].depth_max, 6);
        assert!(s.rows[0].enabled);
    }

    #[test]
    fn corrupt_or_truncated_file_is_an_error_with_a_place() {
        let text = sample().to_ron().unwrap();
        let cut = &text[..text.len() / 2];
        match Session::from_ron(cut) {
            Err(SessionError::Parse { line, .. }) => assert!(line > 1),
            other => panic!("expected a parse error, got {other:?}"),
        }
        let err = Session::from_ron("(game: chess)").unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("line 1, column"), "{msg}");
        assert!(Session::from_ron("not a session at all").is_err());
    }

    #[test]
    fn a_session_saved_with_the_old_name_of_the_articles_tab_opens_on_it() {
        let text = r#"Session(version: 2, game: tictactoe, view: ViewChoices(tab: Seeds))"#;
        let s = Session::from_ron(text).unwrap();
        assert_eq!(s.view.tab, ResultsTab::Articles);
        let again = Session::from_ron(&s.to_ron().unwrap()).unwrap();
        assert_eq!(again.view.tab, ResultsTab::Articles);
    }

    #[test]
    fn failed_load_leaves_the_file_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("broken.ron");
        std::fs::write(&path, "(version: 1, game: ").unwrap();
        assert!(Session::load(&path).is_err());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "(version: 1, game: "
        );
        assert!(matches!(
            Session::load(&dir.path().join("missing.ron")),
            Err(SessionError::Io { .. })
        ));
    }

    #[test]
    fn newer_version_is_refused() {
        let text = r#"(version: 99, game: othello, hologram: (depth: 3))"#;
        let err = Session::from_ron(text).unwrap_err();
        assert!(matches!(err, SessionError::NewerVersion { found: 99 }));
        assert!(err.to_string().contains("written by a newer treelab"));
    }

    #[test]
    fn config_remembers_recent_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cfg").join("config.ron");
        let mut c = AppConfig::default();
        for i in 0..10 {
            c.remember(Path::new(&format!("/s/{i}.ron")));
        }
        c.remember(Path::new("/s/5.ron"));
        assert_eq!(c.recent.len(), MAX_RECENT);
        assert_eq!(c.recent[0], Path::new("/s/5.ron"));
        assert_eq!(c.recent.iter().filter(|p| p.ends_with("5.ron")).count(), 1);
        c.save(&path).unwrap();
        assert_eq!(AppConfig::load(&path), c);
        assert_eq!(
            AppConfig::load(&dir.path().join("nope")),
            AppConfig::default()
        );
    }
}
