//! What the app does: [`TreelabApp::apply`] carries out the [`Command`] values the
//! panels pushed during a frame, once at the end of it (asking first when a command
//! would throw away unsaved changes).

use super::command::{Command, TableExport};
use super::files;
use crate::app::TreelabApp;
use crate::engine::{AnyPosition, GameKind};
use crate::session::{OpenSuite, Session};

impl TreelabApp {
    /// Applies one command. Commands that throw away unsaved changes ask first.
    pub(in crate::app) fn apply(&mut self, command: Command, ctx: &egui::Context) {
        let discards = matches!(
            command,
            Command::NewSession
                | Command::OpenSessionDialog
                | Command::OpenSession(_)
                | Command::ApplyPreset(_)
                | Command::Quit
        );
        if discards && self.is_dirty() {
            self.confirm = Some(command);
            return;
        }
        match command {
            Command::Discard(inner) => self.apply_now(*inner, ctx),
            other => self.apply_now(other, ctx),
        }
    }

    /// Carries out one command: each arm is a call or a line.
    fn apply_now(&mut self, command: Command, ctx: &egui::Context) {
        // The edits of one drag are one undo step.
        self.model
            .history
            .set_press(ctx.input(|i| i.pointer.press_start_time()));
        match command {
            Command::NewSession => self.new_session(),
            Command::OpenSessionDialog
            | Command::SaveAsDialog
            | Command::SavePositionDialog(_)
            | Command::OpenSuiteDialog
            | Command::SaveTableDialog
            | Command::ScoresDialog
            | Command::SaveChartDialog(_)
            | Command::SaveTreeDialog(_) => self.dialog(command, ctx),
            Command::OpenSession(path) => {
                if let Err(e) = self.open_session_from(&path) {
                    self.error(e);
                }
            }
            Command::Save => match self.model.path.clone() {
                Some(path) => self.save_and_report(&path),
                None => self.apply_now(Command::SaveAsDialog, ctx),
            },
            Command::SaveSessionAs(path) => self.save_and_report(&path),
            Command::SavePosition(format, path) => {
                match files::save_position_to(&self.model.session.position, format, &path) {
                    Ok(()) => self.info(format!("Saved the position to {}", path.display())),
                    Err(e) => self.error(e),
                }
            }
            Command::SetGame(kind) => self.set_game(kind),
            Command::SetPosition(p) => self.set_position(p),
            Command::PlayMove(mv) => match self.model.session.position.play(&mv) {
                Ok(p) => {
                    self.set_position(p);
                    self.info(format!("Played {mv}"));
                }
                Err(e) => self.error(format!("{mv}: {e}")),
            },
            Command::Undo => self.step_back(true),
            Command::Redo => self.step_back(false),
            Command::LoadSuite(name) => self.load_suite(&name, ctx),
            Command::SelectSuiteItem(index) => self.select_suite_item(index),
            Command::Quit => {
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Command::Discard(inner) => self.apply_now(*inner, ctx),
            Command::RunComparison => self.start_run_checked(ctx, false),
            Command::RunAnyway => self.start_run_checked(ctx, true),
            Command::StopRun => self.stop_run(),
            Command::CopyLink => self.copy_link(ctx),
            Command::AddRow
            | Command::RemoveRow(_)
            | Command::DuplicateRow(_)
            | Command::SwapRows(..)
            | Command::SetRowDepths(..)
            | Command::SetRowAlgorithm(..)
            | Command::SetRowEnabled(..)
            | Command::SetRowEvaluator(..)
            | Command::SetRowOptions(..) => self.edit_rows(command),
            Command::ApplyPreset(name) => self.apply_preset(&name),
            Command::ClearResults => {
                self.model.session.results.clear();
                self.model.touch();
                self.info("Cleared the results");
            }
            Command::ExportTable(how) => self.export_table(how, ctx),
            Command::SaveTable(path) => self.save_table(&path),
            Command::NewExercise(d) => self.new_exercise(d),
            Command::OpenExercise(k) => self.open_exercise(k),
            Command::RecordAnswer(a) => self.record_answer(a),
            Command::SaveScores(dir) => self.save_scores(&dir),
            Command::SaveChart(format, path) => self.save_chart(ctx, format, &path),
            Command::BuildTrees => self.build_trees(),
            Command::SetRunOnSuite(_)
            | Command::SetTreeDepth(_)
            | Command::SetMatchSetup(_)
            | Command::SetMatchResult(_)
            | Command::SetStudent(_) => self.set_session_part(command),
            Command::SaveTree(path) => self.save_tree(&path),
            Command::Say(status) => self.model.status = status,
            Command::SetThreads(n) => self.model.threads = n,
            Command::SetRowNote(i, Some(note)) => {
                self.model.row_notes.insert(i, note);
            }
            Command::SetRowNote(i, None) => {
                self.model.row_notes.remove(&i);
            }
        }
    }

    /// Asks for a file or folder with a native dialog (else in the window), and
    /// carries out what it is for with the path picked.
    fn dialog(&mut self, command: Command, ctx: &egui::Context) {
        use files::PromptFor;
        let kind = self.model.session.position.kind();
        let (picked, purpose) = match command {
            Command::OpenSessionDialog => (files::pick_session_to_open(), PromptFor::OpenSession),
            Command::SaveAsDialog => (
                files::pick_session_to_save(self.model.path.as_deref()),
                PromptFor::SaveSession,
            ),
            Command::SavePositionDialog(format) => (
                files::pick_position_to_save(format, kind),
                PromptFor::SavePosition(format),
            ),
            Command::OpenSuiteDialog => (files::pick_suite_to_open(), PromptFor::OpenSuite),
            Command::SaveTableDialog => (files::pick_csv_to_save(), PromptFor::SaveTable),
            Command::ScoresDialog if !crate::platform::READS_FOLDERS => {
                self.error(
                    "A browser cannot read a folder of handed-in sessions: mark them with the \
                     desktop app or `treelab exercise mark`",
                );
                return;
            }
            Command::ScoresDialog => (files::pick_scores_folder(), PromptFor::Scores),
            Command::SaveChartDialog(format) => (
                files::pick_chart_to_save(format),
                PromptFor::SaveChart(format),
            ),
            Command::SaveTreeDialog(format) => (
                files::pick_tree_to_save(format),
                PromptFor::SaveTree(format),
            ),
            _ => return,
        };
        self.picked(picked, purpose, ctx);
    }

    /// Sets a part of the session a panel edits whole (what Run runs on, the tree
    /// view's depth, the match, the student's name), when it changes.
    fn set_session_part(&mut self, command: Command) {
        let s = &mut self.model.session;
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
            self.model.touch();
        }
    }

    /// A new default session, the run and the selection forgotten.
    fn new_session(&mut self) {
        self.forget_run();
        self.model.session = Session::default();
        self.model.path = None;
        if let Err(e) = self.adopt_session_state() {
            self.error(e);
        } else {
            self.info("New session");
        }
        self.model.mark_saved();
    }

    /// Another game's start position; the status line says when the open suite is of
    /// another game (Run then searches the position).
    fn set_game(&mut self, kind: GameKind) {
        if kind == self.model.session.position.kind() {
            return;
        }
        self.set_position(AnyPosition::start(kind));
        let note = match &self.model.session.suite {
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
    /// state from one stack, the state now onto the other.
    fn step_back(&mut self, back: bool) {
        use super::history::{Edit, RowsState};
        if self.is_running() {
            return;
        }
        let verb = if back { "Undid" } else { "Redid" };
        match self.model.history.take(back) {
            Some(Edit::Position(p)) => {
                let now = Edit::Position(self.model.session.position.clone());
                self.model.history.keep_other(back, now);
                self.replace_position(p);
                // The status line never goes on naming a position the board has left.
                self.info(format!(
                    "{verb} a move: the board shows {}",
                    self.model.session.current_label()
                ));
            }
            Some(Edit::Rows(rows)) => {
                let now = Edit::Rows(Box::new(RowsState::of(
                    &self.model.session,
                    self.selected_row,
                )));
                self.model.history.keep_other(back, now);
                self.selected_row = rows.restore(&mut self.model.session);
                self.model.row_notes.clear();
                self.model.touch();
                self.info(format!("{verb} a row edit"));
            }
            None => {}
        }
    }

    /// Carries out an edit of the rows (never during a run), undoably: the rows'
    /// state before it is kept unless it changed nothing. An algorithm change that
    /// drops options says so on the row.
    fn edit_rows(&mut self, command: Command) {
        use super::history::{Edit, RowsState};
        if self.is_running() {
            return;
        }
        let before = Edit::Rows(Box::new(RowsState::of(
            &self.model.session,
            self.selected_row,
        )));
        self.model.history.record(before);
        match command {
            Command::AddRow => {
                self.selected_row = Some(self.model.session.add_row());
                self.model.row_notes.clear();
            }
            Command::RemoveRow(i) => {
                self.remove_row(i);
                self.model.row_notes.clear();
            }
            Command::DuplicateRow(i) => {
                self.duplicate_row(i);
                self.model.row_notes.clear();
            }
            Command::SwapRows(a, b) => {
                self.swap_rows(a, b);
                self.model.row_notes.clear();
            }
            Command::SetRowDepths(i, first, last) => {
                self.model.session.set_row_depths(i, first, last)
            }
            Command::SetRowAlgorithm(i, algorithm) => {
                let dropped = self.model.session.set_row_algorithm(i, algorithm);
                if dropped.is_empty() {
                    self.model.row_notes.remove(&i);
                } else {
                    self.model.row_notes.insert(
                        i,
                        super::model::RowNote::dropped(algorithm.label(), &dropped),
                    );
                }
            }
            Command::SetRowEnabled(i, on) => self.model.session.set_row_enabled(i, on),
            Command::SetRowEvaluator(i, name) => self.model.session.set_row_evaluator(i, &name),
            Command::SetRowOptions(i, options) => self.model.session.set_row_options(i, options),
            _ => {}
        }
        let now = Edit::Rows(Box::new(RowsState::of(
            &self.model.session,
            self.selected_row,
        )));
        if !self.model.history.drop_if_unchanged(&now) {
            self.model.touch();
        }
    }

    /// Opens a shipped suite by name or a suite file, and loads its first position.
    fn load_suite(&mut self, name: &str, ctx: &egui::Context) {
        match OpenSuite::open(name) {
            Ok(open) => {
                let (title, n) = (open.suite.name.clone(), open.suite.items.len());
                self.model.session.suite = Some(open);
                self.model.touch();
                self.apply_now(Command::SelectSuiteItem(0), ctx);
                self.info(format!("Opened {title} ({n} positions)"));
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// Loads the open suite's position `index` (nothing when there is none).
    fn select_suite_item(&mut self, index: usize) {
        let item = self
            .model
            .session
            .suite
            .as_ref()
            .and_then(|s| s.suite.items.get(index))
            .cloned();
        if let Some(item) = item {
            if let Some(open) = &mut self.model.session.suite {
                open.selected = Some(index);
            }
            self.model.touch();
            self.set_position(item.position);
            self.info(format!("Loaded {}", item.name));
        }
    }

    /// Replaces the comparison with the preset called `name`.
    fn apply_preset(&mut self, name: &str) {
        let Some(p) = crate::presets::find(name) else {
            return self.error(format!("no preset called '{name}'"));
        };
        self.model.session = (p.build)();
        self.model.touch();
        self.selected_row = None;
        self.views.table.sort = None;
        match self.adopt_session_state() {
            Ok(()) => self.info(format!("{}: {}", p.label, p.description)),
            Err(e) => self.error(e),
        }
    }

    /// Copies the table's shown lines to the clipboard as Markdown (the shown columns)
    /// or CSV (every column).
    fn export_table(&mut self, how: TableExport, ctx: &egui::Context) {
        let lines = self.table_lines();
        let report = self.report();
        let manifest = self.manifest();
        let (text, what) = match how {
            TableExport::CopyMarkdown => (
                manifest.stamp(
                    "table.md",
                    &report.markdown(&lines, &self.views.table.columns),
                ),
                "Markdown",
            ),
            // CSV pastes as it is (a spreadsheet has no place for the manifest).
            TableExport::CopyCsv => (report.csv(&lines), "CSV"),
        };
        ctx.copy_text(text);
        self.info(format!("Copied {} lines as {what}", lines.len()));
    }

    /// Saves the table's shown lines as CSV (every column) to `path`, atomically, with
    /// the manifest beside it (`path` + `.manifest`).
    fn save_table(&mut self, path: &std::path::Path) {
        let lines = self.table_lines();
        let csv = self.report().csv(&lines);
        match self.manifest().write(path, &csv) {
            Ok(()) => self.info(format!("Saved {} lines to {}", lines.len(), path.display())),
            Err(e) => self.error(format!("could not save {}: {e}", path.display())),
        }
    }

    /// Carries out what a dialog picked; with no dialog, asks for the path in the window.
    fn picked(&mut self, picked: files::Picked, purpose: files::PromptFor, ctx: &egui::Context) {
        match picked {
            files::Picked::Path(path) => self.apply_now(purpose.command(path), ctx),
            files::Picked::Cancelled => {}
            files::Picked::Later => self.page.awaiting = Some(purpose),
            files::Picked::NoDialog => {
                self.prompt = Some(files::PathPrompt {
                    purpose,
                    focused: false,
                    text: files::default_prompt_path(
                        purpose,
                        self.model.session.position.kind(),
                        self.model.path.as_deref(),
                    ),
                });
            }
        }
    }
}
