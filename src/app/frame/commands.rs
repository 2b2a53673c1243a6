//! What the commands do to the model: the edits of the position and the rows (undoably),
//! the suite and the presets, the parts of the session a panel edits whole, and a
//! session replaced, opened or saved. The frame
//! ([`crate::app::TreelabApp`]'s `apply`) routes each [`Command`] here or to the room
//! it is about; nothing here draws.

use std::path::Path;

use super::command::Command;
use super::history::{Edit, RowsState};
use super::model::{Model, RowNote};
use crate::engine::{AnyPosition, GameKind};
use crate::session::{OpenSuite, Session};

impl Model {
    /// Sets a part of the session a panel edits whole (what Run runs on, the tree
    /// view's depth, the match, the student's name), when it changes.
    pub(in crate::app) fn set_session_part(&mut self, command: Command) {
        let s = &mut self.session;
        let changed = match command {
            Command::SetRunOnSuite(on) => {
                let changed = s.view.run_suite != on;
                s.view.run_suite = on;
                changed
            }
            Command::SetTreeDepth(d) => {
                let d = d.clamp(1, crate::search::options::MAX_DEPTH);
                let changed = s.view.tree_depth != d;
                s.view.tree_depth = d;
                changed
            }
            Command::SetMatchSetup(setup) => {
                let changed = s.match_setup != *setup;
                s.match_setup = *setup;
                changed
            }
            Command::SetMatchResult(result) => {
                s.match_result = Some(*result);
                true
            }
            Command::SetStudent(name) => match s.practice.as_mut() {
                Some(p) if p.student != name => {
                    p.student = name;
                    true
                }
                _ => false,
            },
            _ => false,
        };
        if changed {
            self.touch();
        }
    }

    /// A new default session, the run forgotten.
    pub(in crate::app) fn new_session(&mut self) {
        self.forget_run();
        self.session = Session::default();
        self.path = None;
        if let Err(e) = self.adopt_session_state() {
            self.error(e);
        } else {
            self.info("New session");
        }
        self.mark_saved();
    }

    /// Makes `p` the current position, undoably.
    pub(in crate::app) fn set_position(&mut self, p: AnyPosition) {
        if p == self.session.position {
            return;
        }
        self.history
            .record(Edit::Position(self.session.position.clone()));
        self.replace_position(p);
    }

    /// Another game's start position; the status line says when the open suite is of
    /// another game (Run then searches the position).
    pub(in crate::app) fn set_game(&mut self, kind: GameKind) {
        if kind == self.session.position.kind() {
            return;
        }
        self.set_position(AnyPosition::start(kind));
        let note = match &self.session.suite {
            Some(open) if open.kind() != kind => format!(
                "; the open suite {} is of {}, so Run searches this position",
                open.suite.name,
                open.kind().label()
            ),
            _ => String::new(),
        };
        self.info(format!("{}: start position{note}", kind.label()));
    }

    /// Undo (`back`) or redo of the last edit, of the position or of the rows: its
    /// state from one stack, the state now onto the other. The rows' `selected` row
    /// comes back with them.
    pub(in crate::app) fn step_back(&mut self, back: bool, selected: &mut Option<usize>) {
        if self.is_running() {
            return;
        }
        let verb = if back { "Undid" } else { "Redid" };
        match self.history.take(back) {
            Some(Edit::Position(p)) => {
                let now = Edit::Position(self.session.position.clone());
                self.history.keep_other(back, now);
                self.replace_position(p);
                // The status line never goes on naming a position the board has left.
                self.info(format!(
                    "{verb} a move: the board shows {}",
                    self.session.current_label()
                ));
            }
            Some(Edit::Rows(rows)) => {
                let now = Edit::Rows(Box::new(RowsState::of(&self.session, *selected)));
                self.history.keep_other(back, now);
                *selected = rows.restore(&mut self.session);
                self.row_notes.clear();
                self.touch();
                self.info(format!("{verb} a row edit"));
            }
            None => {}
        }
    }

    /// Carries out an edit of the rows (never during a run), undoably: the rows'
    /// state before it is kept unless it changed nothing. The `selected` row follows
    /// its row; an algorithm change that drops options says so on the row.
    pub(in crate::app) fn edit_rows(&mut self, command: Command, selected: &mut Option<usize>) {
        if self.is_running() {
            return;
        }
        let before = Edit::Rows(Box::new(RowsState::of(&self.session, *selected)));
        self.history.record(before);
        let moves_rows = matches!(
            command,
            Command::AddRow
                | Command::RemoveRow(_)
                | Command::DuplicateRow(_)
                | Command::SwapRows(..)
        );
        let s = &mut self.session;
        match command {
            Command::AddRow => *selected = Some(s.add_row()),
            Command::RemoveRow(i) => {
                let removed = s.remove_row(i);
                *selected = match *selected {
                    Some(b) if removed && b == i => None,
                    Some(b) if removed && b > i => Some(b - 1),
                    other => other,
                };
            }
            Command::DuplicateRow(i) => {
                if let Some(copy) = s.duplicate_row(i) {
                    *selected = Some(copy);
                }
            }
            Command::SwapRows(a, b) => {
                let swapped = s.swap_rows(a, b);
                *selected = selected.map(|x| match x {
                    x if swapped && x == a => b,
                    x if swapped && x == b => a,
                    x => x,
                });
            }
            Command::SetRowDepths(i, first, last) => s.set_row_depths(i, first, last),
            Command::SetRowAlgorithm(i, algorithm) => {
                let dropped = s.set_row_algorithm(i, algorithm);
                if dropped.is_empty() {
                    self.row_notes.remove(&i);
                } else {
                    let note = RowNote::dropped(algorithm.label(), &dropped);
                    self.row_notes.insert(i, note);
                }
            }
            Command::SetRowEnabled(i, on) => s.set_row_enabled(i, on),
            Command::SetRowEvaluator(i, name) => s.set_row_evaluator(i, &name),
            Command::SetRowOptions(i, options) => s.set_row_options(i, options),
            _ => {}
        }
        if moves_rows {
            // The notes are by row index: they no longer name their rows.
            self.row_notes.clear();
        }
        let now = Edit::Rows(Box::new(RowsState::of(&self.session, *selected)));
        if !self.history.drop_if_unchanged(&now) {
            self.touch();
        }
    }

    /// Opens a shipped suite by name or a suite file, and loads its first position.
    pub(in crate::app) fn load_suite(&mut self, name: &str) {
        match OpenSuite::open(name) {
            Ok(open) => {
                let (title, n) = (open.suite.name.clone(), open.suite.items.len());
                self.session.suite = Some(open);
                self.touch();
                self.select_suite_item(0);
                self.info(format!("Opened {title} ({n} positions)"));
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// Loads the open suite's position `index` (nothing when there is none).
    pub(in crate::app) fn select_suite_item(&mut self, index: usize) {
        let item = self
            .session
            .suite
            .as_ref()
            .and_then(|s| s.suite.items.get(index))
            .cloned();
        if let Some(item) = item {
            if let Some(open) = &mut self.session.suite {
                open.selected = Some(index);
            }
            self.touch();
            self.set_position(item.position);
            self.info(format!("Loaded {}", item.name));
        }
    }

    /// Replaces the comparison with the preset called `name`.
    pub(in crate::app) fn apply_preset(&mut self, name: &str) {
        let Some(p) = crate::presets::find(name) else {
            return self.error(format!("no preset called '{name}'"));
        };
        self.session = (p.build)();
        self.touch();
        match self.adopt_session_state() {
            Ok(()) => self.info(format!("{}: {}", p.label, p.description)),
            Err(e) => self.error(e),
        }
    }

    /// Saves the session to `path` (the code behind Save and Save As) and remembers
    /// the file. On failure the session and the old file stay as they were.
    pub(in crate::app) fn save_session_to(&mut self, path: &Path) -> Result<(), String> {
        self.session
            .save_with(path, &self.manifest())
            .map_err(|e| format!("could not save the session: {e}"))?;
        self.mark_saved();
        self.path = Some(path.to_path_buf());
        self.remember(path);
        Ok(())
    }

    /// Saves the session to `path`; the status line says how it went.
    pub(in crate::app) fn save_and_report(&mut self, path: &Path) {
        match self.save_session_to(path) {
            Ok(()) => self.info(format!("Saved {}", path.display())),
            Err(e) => self.error(e),
        }
    }

    /// Opens the session in `path` (the code behind Open and the recent files). A file
    /// that is not a session is refused: nothing changes and the error says what and
    /// where. A session whose position or suite no longer loads opens with the game's
    /// start position, and the status line says why. What it asks of the frame (a
    /// tree to draw) goes to `out`.
    pub(in crate::app) fn open_session_from(
        &mut self,
        path: &Path,
        out: &mut Vec<Command>,
    ) -> Result<(), String> {
        let session =
            Session::load(path).map_err(|e| format!("could not open {}: {e}", path.display()))?;
        let suite_problem = self.take_session(session, Some(path), out);
        self.remember(path);
        match suite_problem {
            Some(e) => self.error(format!("Opened {}, but {e}", path.display())),
            None => self.info(format!("Opened {}", path.display())),
        }
        Ok(())
    }

    /// Makes `session` (read from `path`, if from a file) the open one; says what of
    /// it could not be read back. A position or suite that no longer loads does not
    /// cost the rest of the session: the start position stands in.
    pub(in crate::app) fn take_session(
        &mut self,
        session: Session,
        path: Option<&Path>,
        out: &mut Vec<Command>,
    ) -> Option<String> {
        // A run of the old session ends here (dropping it stops its threads).
        self.forget_run();
        self.session = session;
        self.path = path.map(Path::to_path_buf);
        let suite_problem = self.adopt_session_state().err();
        self.mark_saved();
        // A session saved on its tree (a worked example, a quiz) opens with it drawn.
        if self.session.view.tab == crate::session::ResultsTab::Tree {
            out.push(Command::BuildTrees);
        }
        suite_problem
    }

    /// Records `path` in the recent files and the config file (errors ignored).
    fn remember(&mut self, path: &Path) {
        let path = crate::platform::files::resolve(path);
        self.config.remember(&path);
        if let Some(config_path) = &self.config_path {
            let _ = self.config.save(config_path);
        }
    }

    /// The window title: file name and the unsaved-changes marker.
    pub(in crate::app) fn window_title(&self) -> String {
        let name = self.path.as_deref().and_then(Path::file_name).map_or_else(
            || "untitled".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let marker = if self.is_dirty() { "*" } else { "" };
        format!("{marker}{name} - treelab")
    }
}
