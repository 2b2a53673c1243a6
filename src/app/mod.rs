//! The egui application. The only module that imports egui, eframe or rfd.
//!
//! [`TreelabApp`] is the frame, defined and implemented here alone: it owns the model
//! (a [`Session`], what is saved, and the runtime state around it: undo/redo, the run,
//! the status line), each room's own state, and the command queue. Each panel lives in
//! its room with a `*_ui` function that gets a `Panel` (the model read-only, the
//! session's view choices to edit, a command sink) and its own state, never the app;
//! [`TreelabApp::frame_ui`] keeps the view choices and routes the queued [`Command`]s,
//! once every panel drew, to the model (`frame/commands.rs`, `frame/run.rs`) or to the
//! room they are about. When a session replaces the last, the rooms start afresh.

mod exercise;
mod frame;
mod matches;
mod results;
mod setup;
mod tree_view;

pub use frame::{files, platform};
use frame::{help, menus, model, page, panel, window};
use results::views;
use setup::{comparison, position, position_state, suite};
use tree_view::tree_state;

use std::path::{Path, PathBuf};

use crate::engine::{AnyPosition, Suite};
use crate::report::Report;
use crate::session::{AppConfig, PositionSet, Session};
use crate::tree::SearchTree;
use crate::tree::export::Figure;

pub use frame::command::{ChartFormat, Command, PositionFormat, TableExport};
pub use model::{RowNote, Status};
pub use tree_view::tree_canvas::DrawnLabel;

/// Opens the main window and runs until it is closed; with `open`, that session file
/// rather than the last one.
pub fn run(open: Option<PathBuf>) -> anyhow::Result<()> {
    // The size the window had when the app last closed, if it is a size a window can be.
    let size = AppConfig::default_path()
        .map(|p| AppConfig::load(&p))
        .and_then(|c| c.window)
        .filter(|s| {
            s.iter()
                .all(|v| v.is_finite() && (200.0..=16384.0).contains(v))
        })
        .unwrap_or(window::WINDOW_SIZE);
    platform::open_window("treelab", size, move || {
        let mut app = TreelabApp::new_from_config();
        if let Some(path) = open
            && let Err(e) = app.open_session_from(&path)
        {
            app.model.error(e);
        }
        Box::new(app)
    })
}

/// Starts the app on the page's canvas `canvas_id` (in a browser).
pub fn start_in_page(canvas_id: &str) {
    platform::start_in_page(canvas_id, |_ctx| Box::new(TreelabApp::new_in_page()));
}

/// The application: the [`model::Model`] the panels read (the session and the runtime
/// state around it), each room's own state, and the frame's command queue.
pub struct TreelabApp {
    /// The session and the runtime state around it: what the panels read.
    model: model::Model,
    /// The model's epoch the rooms' state was started for.
    epoch: u64,
    /// The position panel's own state.
    position_ui: position_state::PositionPanel,
    /// The commands the panels pushed this frame.
    commands: Vec<Command>,
    /// A command waiting for "discard unsaved changes?".
    confirm: Option<Command>,
    /// Set when the person agreed to close with unsaved changes.
    allow_close: bool,
    /// The title last sent to the window.
    title: String,
    /// The row whose options are shown (the rows grid's own state).
    selected_row: Option<usize>,
    /// The results views (one per tab), each with its own state.
    views: views::Views,
    /// Whether the font fallback is in place.
    fonts_installed: bool,
    /// The in-window path prompt, when no native file dialog can be shown.
    prompt: Option<files::PathPrompt>,
    /// Whether the board and suite panel is open (else folded to a strip).
    left_panel_open: bool,
    /// The Help window open, if any.
    help: help::HelpWindow,
    /// The browser page's own state.
    page: page::PageState,
}

impl TreelabApp {
    /// An app with `session` and no config file.
    fn with_session(session: Session) -> TreelabApp {
        let mut app = TreelabApp {
            model: model::Model::new(session, Status::Info(help::FIRST_START.into())),
            epoch: 0,
            position_ui: position_state::PositionPanel::default(),
            commands: Vec::new(),
            confirm: None,
            allow_close: false,
            title: String::new(),
            selected_row: None,
            views: views::Views::default(),
            fonts_installed: false,
            prompt: None,
            left_panel_open: true,
            help: help::HelpWindow::Closed,
            page: page::PageState::default(),
        };
        if let Err(e) = app.model.adopt_session_state() {
            app.model.error(e);
        }
        app.model.mark_saved();
        app.follow_model();
        app
    }

    /// The default session (FFO #40), touching no config file: for tests.
    #[must_use]
    pub fn new_for_tests() -> TreelabApp {
        TreelabApp::with_session(Session::default())
    }

    /// The app as a person starts it: the config from `~/.config/treelab/`, and the
    /// last session if it still opens (else the default session). Config errors are
    /// ignored.
    #[must_use]
    pub fn new_from_config() -> TreelabApp {
        let config_path = AppConfig::default_path();
        let config = config_path
            .as_deref()
            .map(AppConfig::load)
            .unwrap_or_default();
        let mut app = TreelabApp::new_for_tests();
        app.model.config = config;
        app.model.config_path = config_path;
        if let Some(last) = app.model.config.last_session.clone()
            && last.exists()
            && let Err(e) = app.open_session_from(&last)
        {
            app.model.status = Status::Error(e);
        }
        app
    }

    /// The app as a page opens it: the session the page kept (else the default one),
    /// then the session of the link in the address, if any, asking first when it would
    /// replace work. A link that does not open says why; nothing runs until asked.
    #[must_use]
    pub fn new_in_page() -> TreelabApp {
        let mut app = TreelabApp::new_for_tests();
        app.page.open_page(&mut app.model, &mut app.commands);
        app.follow_model();
        app
    }

    /// The rooms follow the model: when a session replaced the last, their state
    /// starts afresh (no drafts, no tree drawn, no row selected); drafts of the board
    /// go when another position is put on it.
    fn follow_model(&mut self) {
        if self.model.epoch() != self.epoch {
            self.epoch = self.model.epoch();
            self.position_ui = position_state::PositionPanel::default();
            self.views.tree = tree_state::TreeViewState::default();
            self.selected_row = None;
        }
        self.position_ui.follow(&self.model);
    }

    /// The session as it would be saved now.
    #[must_use]
    pub fn session(&self) -> &Session {
        &self.model.session
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &AnyPosition {
        &self.model.session.position
    }

    /// The current position's one-line text form.
    #[must_use]
    pub fn position_text(&self) -> String {
        self.model.session.position.to_text()
    }

    /// The open suite (perhaps of another game than the position's).
    #[must_use]
    pub fn suite(&self) -> Option<&Suite> {
        self.model.session.suite.as_ref().map(|s| &*s.suite)
    }

    /// The status line.
    #[must_use]
    pub fn status(&self) -> &Status {
        &self.model.status
    }

    /// The session file, if any.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.model.path.as_deref()
    }

    /// Whether the session differs from the file it came from.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.model.is_dirty()
    }

    /// Whether the board and suite panel is open (Ctrl+B folds it).
    #[must_use]
    pub fn left_panel_open(&self) -> bool {
        self.left_panel_open
    }

    /// Whether a "discard unsaved changes?" question is open.
    #[must_use]
    pub fn is_confirming(&self) -> bool {
        self.confirm.is_some()
    }

    /// Whether the in-window path prompt is open.
    #[must_use]
    pub fn is_prompting(&self) -> bool {
        self.prompt.is_some()
    }

    /// Queues a command for the end of the frame.
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// Saves the session to `path` (the code behind Save and Save As) and remembers
    /// the file. On failure the session and the old file stay as they were.
    pub fn save_session_to(&mut self, path: &Path) -> Result<(), String> {
        self.model.save_session_to(path)
    }

    /// Opens the session in `path` (the code behind Open and the recent files). A file
    /// that is not a session is refused: nothing changes and the error says what and
    /// where. A session whose position or suite no longer loads opens with the game's
    /// start position, and the status line says why.
    pub fn open_session_from(&mut self, path: &Path) -> Result<(), String> {
        let opened = self.model.open_session_from(path, &mut self.commands);
        self.follow_model();
        opened
    }

    /// The manifest the app's exports and saves carry: this build and machine, the
    /// run's threads, the rows with their options.
    #[must_use]
    pub fn manifest(&self) -> crate::output::manifest::Manifest {
        self.model.manifest()
    }

    /// Writes the window's size into the settings, for the next start (what closing
    /// the app does).
    pub fn remember_window(&mut self) {
        window::remember_window(&mut self.model);
    }

    /// Whether a comparison is running.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.model.is_running()
    }

    /// Replaces the search the runs use (fault injection in tests: a search that
    /// panics must fail only its own result).
    pub fn set_search_fn(&mut self, f: crate::runner::SearchFn) {
        self.model.run.search_fn = Some(f);
    }

    /// How long the last stopped run took to end after Stop (every worker gone).
    #[must_use]
    pub fn last_stop_latency(&self) -> Option<std::time::Duration> {
        self.model.run.last_stop_latency
    }

    /// Why row `i` carries a note (a typed depth set to the deepest, options an
    /// algorithm change dropped), if it does.
    #[must_use]
    pub fn row_note(&self, i: usize) -> Option<&str> {
        self.model.row_notes.get(&i).map(|n| n.why.as_str())
    }

    /// The positions the results views show now (the view's scope).
    #[must_use]
    pub fn position_set(&self) -> PositionSet {
        self.model.position_set_for(&self.model.session.view)
    }

    /// The report over the results of the positions the views show.
    #[must_use]
    pub fn report(&self) -> Report<'_> {
        self.model.report_for(&self.model.session.view)
    }

    /// The indices of the results the table shows, in its order.
    #[must_use]
    pub fn table_lines(&self) -> Vec<usize> {
        self.views.table.lines(&self.model)
    }

    /// The exercise last put on the board, if any.
    #[must_use]
    pub fn current_exercise(&self) -> Option<&model::CurrentExercise> {
        self.model.current_exercise()
    }

    /// A link to the session as it is now (not its results), on this page's address
    /// (natively, on the address `scripts/web.sh serve` serves).
    #[must_use]
    pub fn session_link(&self) -> String {
        page::session_link(&self.model.session)
    }

    /// The figure Save tree as… writes: the left tree, or both side by side, as laid out
    /// on screen (the same joint layout) unless folds or a quiz change what is drawn.
    #[must_use]
    pub fn tree_figure(&self) -> Option<Figure> {
        self.views.tree.figure(self.model.session.view.tree_bounds)
    }

    /// The SVG drawing Save tree as… writes (for export and tests).
    #[must_use]
    pub fn tree_svg(&self) -> Option<String> {
        self.tree_figure().map(|f| crate::tree::export::to_svg(&f))
    }

    /// The trees on show (for tests).
    #[must_use]
    pub fn trees(&self) -> Vec<&SearchTree> {
        self.views.tree.panes.iter().map(|p| &p.tree).collect()
    }

    /// The node labels drawn in the last frame and the panes' drawing areas (for tests).
    #[must_use]
    pub fn tree_labels(&self) -> (Vec<DrawnLabel>, Vec<egui::Rect>) {
        let c = &self.views.tree.canvas;
        (c.drawn.clone(), c.areas.clone())
    }

    /// The other texts drawn in the last frame (the moves never searched), with their
    /// pane (for tests).
    #[must_use]
    pub fn tree_notes(&self) -> Vec<(usize, String)> {
        self.views.tree.canvas.notes.clone()
    }

    /// The tree view's zoom (screen points per scene unit).
    #[must_use]
    pub fn tree_zoom(&self) -> f32 {
        self.views.tree.canvas.view.zoom
    }

    /// The step the tree view shows (for tests).
    #[must_use]
    pub fn tree_step(&self) -> usize {
        self.views.tree.step
    }

    /// The MCTS tree on show, the iteration and phase shown, and its quiz (for tests).
    #[must_use]
    pub fn mcts_shown(
        &self,
    ) -> Option<(
        &crate::tree::mcts::MctsTree,
        (usize, crate::tree::mcts::Phase),
        Option<&crate::tree::mcts_quiz::MctsQuiz>,
    )> {
        let v = self.views.tree.mcts.as_ref()?;
        Some((&v.tree, v.at(), v.quiz.as_ref()))
    }

    /// The MCTS tree's nodes drawn in the last frame, each with its disc on screen, and
    /// the drawing's pane (for tests).
    #[must_use]
    pub fn mcts_drawn(&self) -> Option<(Vec<(usize, egui::Rect)>, egui::Rect)> {
        self.views.tree.mcts.as_ref().map(|v| v.drawn.clone())
    }

    /// PUCT's priors written beside the MCTS drawing's nodes in the last frame: node and
    /// text (for tests).
    #[must_use]
    pub fn mcts_priors_drawn(&self) -> Option<Vec<(usize, String)>> {
        let v = self.views.tree.mcts.as_ref()?;
        Some(v.priors_drawn.clone())
    }

    /// The quiz under way, if any (for tests).
    #[must_use]
    pub fn tree_quiz(&self) -> Option<&crate::tree::quiz::Quiz> {
        self.views.tree.quiz.as_ref().map(|q| &q.quiz)
    }

    /// Draws one frame and applies the frame's commands: everything but the window.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if !self.fonts_installed {
            window::install_fonts(&ctx);
            self.fonts_installed = true;
        }
        self.model.poll_run(&ctx);
        window::follow_window(&ctx, &mut self.model);
        self.page
            .start_frame(&ctx, &mut self.model, &mut self.commands);
        self.views.charts.poll_export(&mut self.model);
        let (keys, fold) = window::shortcuts(&ctx, self.model.is_running());
        self.commands.extend(keys);
        self.left_panel_open ^= fold;
        self.handle_close_request(&ctx);

        let view_changed = self.panels_ui(ui);

        if let Some(discard) = self
            .confirm
            .as_ref()
            .and_then(|p| window::confirm_ui(&ctx, p))
            && let Some(pending) = self.confirm.take()
        {
            if discard {
                self.push(Command::Discard(Box::new(pending)));
            } else {
                self.model.info("Kept the open session");
            }
        }
        if let Some(c) = frame::run::ask_run_ui(&ctx, &mut self.model) {
            self.push(c);
        }
        if self
            .page
            .link_question_ui(&ctx, &mut self.model, &mut self.commands)
        {
            self.apply(Command::Save, &ctx);
            self.page.after_save(&mut self.model, &mut self.commands);
        }
        if let Some(prompt) = &mut self.prompt {
            let (command, finished) = files::path_prompt_ui(&ctx, prompt);
            if finished {
                self.prompt = None;
            }
            if let Some(c) = command {
                self.push(c);
            }
        }

        let commands = std::mem::take(&mut self.commands);
        let changed = view_changed || !commands.is_empty();
        for command in commands {
            self.apply(command, &ctx);
            self.follow_model();
        }
        if self
            .model
            .run
            .active
            .as_ref()
            .is_some_and(|a| a.run.stop_requested())
        {
            // A stop shows in this frame (a browser's workers end at once).
            self.model.poll_run(&ctx);
        }
        let confirming = self.confirm.is_some();
        self.page.publish(&ctx, &mut self.model, confirming);
        if changed {
            // What the panels and the commands changed shows at once, not at the
            // next input.
            ctx.request_repaint();
        }

        let title = self.model.window_title();
        if title != self.title {
            platform::set_title(&ctx, &title);
            self.title = title;
        }
    }

    /// Draws the panels: each reads the model, edits its own state and the session's
    /// view choices, and pushes commands. The edited view choices are kept here (a
    /// change of them is a change of the session, but not unsaved work); the commands
    /// wait for the frame.
    /// Says whether the view choices changed.
    fn panels_ui(&mut self, ui: &mut egui::Ui) -> bool {
        // A session the page opened since the last frame: the rooms start afresh.
        self.follow_model();
        let ctx = ui.ctx().clone();
        let mut view = self.model.session.view.clone();
        let mut commands = std::mem::take(&mut self.commands);
        let mut p = panel::Panel::new(&self.model, &mut view, &mut commands);
        let mut help = self.help;
        let menu =
            egui::Panel::top("menu_bar").show(ui, |ui| menus::menu_bar_ui(ui, p.model, &mut help));
        help::help_window_ui(&ctx, &mut help);
        self.help = help;
        for c in menu.inner {
            p.push(c);
        }
        egui::Panel::bottom("status_line").show(ui, |ui| window::status_ui(ui, p.model));
        // The board and suite panel: resizable, and folded to a thin strip (its «
        // button, Ctrl+B, or dragging its edge) so that a small window leaves the
        // comparison room. It takes at most 36% of the window by default.
        let default_width = window::LEFT_PANEL_WIDTH.min(ui.available_width() * 0.36);
        let min_width = window::LEFT_PANEL_MIN_WIDTH;
        let mut open = self.left_panel_open;
        let mut toggle = false;
        let position_ui = &mut self.position_ui;
        egui::Panel::show_switched(
            ui,
            &mut open,
            egui::Panel::left("left_panel_folded")
                .resizable(false)
                .exact_size(26.0),
            egui::Panel::left("left_panel")
                .default_size(default_width)
                .min_size(min_width)
                .max_size((ui.available_width() * 0.6).max(min_width)),
            |ui, expanded| {
                if expanded {
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        ui.horizontal(|ui| {
                            if ui
                                .small_button("«")
                                .on_hover_text(
                                    "Fold this panel to give the comparison room (Ctrl+B)",
                                )
                                .clicked()
                            {
                                toggle = true;
                            }
                            position::game_picker_ui(ui, &mut p);
                        });
                        ui.add_space(4.0);
                        position::position_panel_ui(ui, &mut p, position_ui);
                        ui.separator();
                        suite::suite_ui(ui, &mut p);
                    });
                } else if ui
                    .small_button("»")
                    .on_hover_text("Show the board and suites (Ctrl+B)")
                    .clicked()
                {
                    toggle = true;
                }
            },
        );
        // `open` follows a drag of the panel's edge; the buttons toggle.
        self.left_panel_open = if toggle { !self.left_panel_open } else { open };
        let (selected_row, views) = (&mut self.selected_row, &mut self.views);
        egui::CentralPanel::default().show(ui, |ui| {
            comparison::comparison_ui(ui, &mut p, selected_row, views)
        });
        self.commands = commands;
        let changed = view != self.model.session.view;
        if changed {
            self.model.session.view = view;
            self.model.touch_view();
        }
        changed
    }

    /// A close of the window with unsaved changes waits for "discard them?".
    fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close && self.is_dirty() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.confirm = Some(Command::Quit);
        }
    }

    /// Applies one command. Commands that throw away unsaved changes ask first.
    fn apply(&mut self, command: Command, ctx: &egui::Context) {
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

    /// Carries out one command: to the model, or to the room it is about; each arm is
    /// a call or a line.
    fn apply_now(&mut self, command: Command, ctx: &egui::Context) {
        // The edits of one drag are one undo step.
        self.model
            .history
            .set_press(ctx.input(|i| i.pointer.press_start_time()));
        let (m, out) = (&mut self.model, &mut self.commands);
        match command {
            Command::NewSession => m.new_session(),
            Command::OpenSession(path) => {
                if let Err(e) = m.open_session_from(&path, out) {
                    m.error(e);
                }
            }
            Command::Save => match m.path.clone() {
                Some(path) => m.save_and_report(&path),
                None => self.apply_now(Command::SaveAsDialog, ctx),
            },
            Command::SaveSessionAs(path) => m.save_and_report(&path),
            Command::SavePosition(format, path) => {
                match files::save_position_to(&m.session.position, format, &path) {
                    Ok(()) => m.info(format!("Saved the position to {}", path.display())),
                    Err(e) => m.error(e),
                }
            }
            Command::SetGame(kind) => m.set_game(kind),
            Command::SetPosition(p) => m.set_position(p),
            Command::PlayMove(mv) => match m.session.position.play(&mv) {
                Ok(p) => {
                    m.set_position(p);
                    m.info(format!("Played {mv}"));
                }
                Err(e) => m.error(format!("{mv}: {e}")),
            },
            Command::Undo => m.step_back(true, &mut self.selected_row),
            Command::Redo => m.step_back(false, &mut self.selected_row),
            Command::LoadSuite(name) => m.load_suite(&name),
            Command::SelectSuiteItem(index) => m.select_suite_item(index),
            Command::Quit => {
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Command::Discard(inner) => self.apply_now(*inner, ctx),
            Command::RunComparison => m.start_run_checked(ctx, false),
            Command::RunAnyway => m.start_run_checked(ctx, true),
            Command::StopRun => m.stop_run(),
            Command::CopyLink => self.page.copy_link(ctx, m),
            Command::AddRow
            | Command::RemoveRow(_)
            | Command::DuplicateRow(_)
            | Command::SwapRows(..)
            | Command::SetRowDepths(..)
            | Command::SetRowAlgorithm(..)
            | Command::SetRowEnabled(..)
            | Command::SetRowEvaluator(..)
            | Command::SetRowOptions(..) => m.edit_rows(command, &mut self.selected_row),
            Command::ApplyPreset(name) => {
                m.apply_preset(&name);
                self.views.table.sort = None;
            }
            Command::ClearResults => {
                m.session.results.clear();
                m.touch();
                m.info("Cleared the results");
            }
            Command::ExportTable(how) => self.views.table.export(ctx, m, how),
            Command::SaveTable(path) => self.views.table.save(m, &path),
            Command::NewExercise(d) => m.new_exercise(d, out),
            Command::OpenExercise(k) => m.open_exercise(k, out),
            Command::RecordAnswer(a) => {
                let kept = self.views.tree.quiz.as_ref().is_some_and(|q| q.kept);
                m.record_answer(a, kept);
            }
            Command::SaveScores(dir) => m.save_scores(&dir),
            Command::SaveChart(format, path) => self.views.charts.save(ctx, m, format, &path),
            Command::BuildTrees => self.views.tree.build(m),
            Command::SetRunOnSuite(_)
            | Command::SetTreeDepth(_)
            | Command::SetMatchSetup(_)
            | Command::SetMatchResult(_)
            | Command::SetStudent(_) => m.set_session_part(command),
            Command::SaveTree(path) => self.views.tree.save(m, &path),
            Command::Say(status) => m.status = status,
            Command::SetThreads(n) => m.threads = n,
            Command::SetRowNote(i, Some(note)) => {
                m.row_notes.insert(i, note);
            }
            Command::SetRowNote(i, None) => {
                m.row_notes.remove(&i);
            }
            Command::OpenSessionDialog
            | Command::SaveAsDialog
            | Command::SavePositionDialog(_)
            | Command::OpenSuiteDialog
            | Command::SaveTableDialog
            | Command::ScoresDialog
            | Command::SaveChartDialog(_)
            | Command::SaveTreeDialog(_) => self.dialog(&command, ctx),
        }
    }

    /// Asks for a file or folder with a native dialog (else in the window, or, in a
    /// page, when the browser's picker reads it), and carries out what it is for with
    /// the path picked.
    fn dialog(&mut self, command: &Command, ctx: &egui::Context) {
        let kind = self.model.session.position.kind();
        let (picked, purpose) = match files::dialog_for(command, kind, self.model.path.as_deref()) {
            Some(Ok(asked)) => asked,
            Some(Err(e)) => return self.model.error(e),
            None => return,
        };
        match picked {
            files::Picked::Path(path) => self.apply_now(purpose.command(path), ctx),
            files::Picked::Cancelled => {}
            files::Picked::Later => self.page.awaiting = Some(purpose),
            files::Picked::NoDialog => {
                self.prompt = Some(files::PathPrompt {
                    purpose,
                    focused: false,
                    text: files::default_prompt_path(purpose, kind, self.model.path.as_deref()),
                });
            }
        }
    }
}

impl eframe::App for TreelabApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }

    /// Remembers the window's size for the next start.
    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.remember_window();
    }
}
