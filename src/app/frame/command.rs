//! The [`Command`] type: a whole-app action a panel (or a shortcut, a menu, a dialog)
//! asks for, with the small values it carries. It names no panel; the frame routes the
//! commands (to the model's edits in `commands.rs`, or to the room they are about).

use std::path::PathBuf;

use crate::engine::{AnyPosition, GameKind};

/// A whole-app action, applied once per frame after every panel has drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Start a new default session (asks first when there are unsaved changes).
    NewSession,
    /// Ask for a session file and open it (asks first when there are unsaved changes).
    OpenSessionDialog,
    /// Open this session file (asks first when there are unsaved changes).
    OpenSession(PathBuf),
    /// Save to the current file, or ask for one.
    Save,
    /// Ask for a file and save the session there.
    SaveAsDialog,
    /// Save the session to this file (and make it the session's file).
    SaveSessionAs(PathBuf),
    /// Save the current position to this file in this format.
    SavePosition(PositionFormat, PathBuf),
    /// Ask for a file and save the current position there in this format.
    SavePositionDialog(PositionFormat),
    /// Switch game: its start position.
    SetGame(GameKind),
    /// Replace the position (undoable).
    SetPosition(AnyPosition),
    /// Play a move written in the game's notation (undoable).
    PlayMove(String),
    /// Take back the last position change.
    Undo,
    /// Redo what the last undo took back.
    Redo,
    /// Ask for a suite file and open it.
    OpenSuiteDialog,
    /// Open a shipped suite by name, or a suite file by path.
    LoadSuite(String),
    /// Load the suite's position with this index.
    SelectSuiteItem(usize),
    /// Close the window (asks first when there are unsaved changes).
    Quit,
    /// Carry out the command without asking about unsaved changes.
    Discard(Box<Command>),
    /// Run every enabled row on the current position or the suite (asks first when a
    /// search in it is beyond reach).
    RunComparison,
    /// Run every enabled row without asking about searches beyond reach.
    RunAnyway,
    /// Stop the running searches (finished results stay).
    StopRun,
    /// Put a link to the session (not its results) on the clipboard.
    CopyLink,
    /// Run on the open suite (true) or on the current position (false).
    SetRunOnSuite(bool),
    /// Append a row.
    AddRow,
    /// Remove a row and its results.
    RemoveRow(usize),
    /// Insert a copy of a row after it.
    DuplicateRow(usize),
    /// Swap two rows (results follow).
    SwapRows(usize, usize),
    /// Set a row's depth range (first, last).
    SetRowDepths(usize, u32, u32),
    /// Set a row's algorithm (options it cannot take are reset).
    SetRowAlgorithm(usize, crate::search::Algorithm),
    /// Take a row in or out of the next run.
    SetRowEnabled(usize, bool),
    /// Set a row's evaluator by name (empty: the game's default).
    SetRowEvaluator(usize, String),
    /// Set a row's options.
    SetRowOptions(usize, crate::search::SearchOptions),
    /// Replace the comparison with a preset ([`crate::presets`]) by name (asks first
    /// when there are unsaved changes).
    ApplyPreset(String),
    /// Throw the results away.
    ClearResults,
    /// Copy the results table to the clipboard.
    ExportTable(TableExport),
    /// Ask for a file and save the results table as CSV.
    SaveTableDialog,
    /// Save the results table as CSV to this file.
    SaveTable(PathBuf),
    /// Put the next generated exercise of a difficulty on the board and open its quiz.
    NewExercise(crate::experiment::exercise::Difficulty),
    /// Put the handout's exercise with this index on the board and open its quiz.
    OpenExercise(usize),
    /// Keep an answer given in the quiz of the handout's exercise on the board.
    RecordAnswer(crate::session::GivenAnswer),
    /// Ask for a folder of students' sessions and write their scores there.
    ScoresDialog,
    /// Mark the handouts of the sessions in this folder and write `scores.csv` there.
    SaveScores(PathBuf),
    /// Ask for a file and save the chart.
    SaveChartDialog(ChartFormat),
    /// Save the chart to this file.
    SaveChart(ChartFormat, PathBuf),
    /// Ask for a file and save the tree view's drawing as SVG.
    SaveTreeDialog(crate::tree::export::TreeFormat),
    /// Trace the tree view's rows at its depth on the current position.
    BuildTrees,
    /// Set up the Match tab's match.
    SetMatchSetup(Box<crate::session::MatchSetup>),
    /// Keep a finished match in the session.
    SetMatchResult(Box<crate::matches::record::MatchResult>),
    /// Set the tree view's depth.
    SetTreeDepth(u32),
    /// Save the tree view's drawing to this file (SVG, TikZ or PNG by its extension).
    SaveTree(PathBuf),
    /// Put this on the status line.
    Say(super::model::Status),
    /// Set the worker threads of the next run.
    SetThreads(usize),
    /// Set (or, with `None`, clear) the word on row `i` about its last edit.
    SetRowNote(usize, Option<super::model::RowNote>),
    /// Set the name of the student working through the handout.
    SetStudent(String),
}

/// The image formats a chart saves to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartFormat {
    /// A screenshot of the chart area.
    Png,
    /// Vector drawing of the depth chart.
    Svg,
}

/// How to write a position to a file: an index into the game's save formats
/// ([`crate::engine::GameInfo::save_formats`]); the first is the one-line text form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionFormat(pub usize);

impl PositionFormat {
    /// The game's one-line text form: an OBF line for Othello, the move string (or
    /// board) for Connect Four, the 9-cell board for tic-tac-toe, the spec for trees.
    pub const TEXT: PositionFormat = PositionFormat(0);

    /// The menu label for `kind`.
    #[must_use]
    pub fn label(self, kind: GameKind) -> &'static str {
        kind.info()
            .save_formats()
            .get(self.0)
            .map_or("Save position…", |f| f.0)
    }

    /// The file extension the dialog proposes.
    #[must_use]
    pub fn extension(self, kind: GameKind) -> &'static str {
        kind.info()
            .save_formats()
            .get(self.0)
            .map_or("txt", |f| f.1)
    }
}

/// How the table leaves the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableExport {
    /// Markdown to the clipboard.
    CopyMarkdown,
    /// CSV to the clipboard.
    CopyCsv,
}
