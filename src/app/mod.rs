//! The egui application. The only module that imports egui, eframe or rfd.
//!
//! [`TreelabApp`] owns a [`Session`] (what is saved) and the runtime state around it
//! (the parsed position, the loaded suite, undo/redo, the status line). Each panel
//! lives in its own file with a `*_ui` function; panels never change whole-app state
//! directly but push [`Command`] values, which [`TreelabApp::frame_ui`] applies once,
//! at the end of the frame.

mod board;
mod charts;
mod comparison;
mod files;
mod layout;
mod position;
mod results;
mod suite;
mod tree_view;

use std::path::{Path, PathBuf};

use crate::engine::{AnyPosition, GameKind, Suite};
use crate::session::{AppConfig, Session, SuiteRef};

pub use charts::ChartFormat;
pub use files::PositionFormat;
pub use results::TableExport;

/// The window's default size: readable on a 1280x800 screen.
const WINDOW_SIZE: [f32; 2] = [1280.0, 800.0];
/// The left panel's default width (on a window wide enough for it).
const LEFT_PANEL_WIDTH: f32 = 430.0;
/// The narrowest the left panel can be dragged while open.
const LEFT_PANEL_MIN_WIDTH: f32 = 250.0;

/// Opens the main window and runs until it is closed; with `open`, that session file
/// rather than the last one.
pub fn run(open: Option<PathBuf>) -> anyhow::Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("treelab")
            .with_inner_size(WINDOW_SIZE),
        ..Default::default()
    };
    eframe::run_native(
        "treelab",
        options,
        Box::new(|_cc| {
            let mut app = TreelabApp::new_from_config();
            if let Some(path) = open
                && let Err(e) = app.open_session_from(&path)
            {
                app.error(e);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| anyhow::anyhow!("could not open the window: {e}"))
}

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
    /// Run every enabled row on the current position or the suite.
    RunComparison,
    /// Stop the running searches (finished results stay).
    StopRun,
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
    /// Ask for a file and save the chart.
    SaveChartDialog(ChartFormat),
    /// Save the chart to this file.
    SaveChart(ChartFormat, PathBuf),
    /// Ask for a file and save the tree view's drawing as SVG.
    SaveTreeDialog,
    /// Set the tree view's depth.
    SetTreeDepth(u32),
    /// Save the tree view's drawing as SVG to this file.
    SaveTree(PathBuf),
}

/// The status line: the last message, an error or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A message.
    Info(String),
    /// Something failed; the text says what and where.
    Error(String),
}

impl Status {
    /// The text.
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            Status::Info(t) | Status::Error(t) => t,
        }
    }
}

/// The application: the session plus what the window needs around it.
pub struct TreelabApp {
    /// What is saved.
    session: Session,
    /// The session as last saved or opened (for the unsaved-changes marker).
    saved: Session,
    /// The session file, if it has one.
    path: Option<PathBuf>,
    /// The current position (the session holds its text form).
    position: AnyPosition,
    /// The open suite.
    suite: Option<Suite>,
    undo: Vec<AnyPosition>,
    redo: Vec<AnyPosition>,
    /// The position panel's own state.
    position_ui: position::PositionUiState,
    status: Status,
    commands: Vec<Command>,
    /// A command waiting for "discard unsaved changes?".
    confirm: Option<Command>,
    config: AppConfig,
    /// Where the config lives; `None` in tests, so nothing touches the user's files.
    config_path: Option<PathBuf>,
    /// Set when the person agreed to close with unsaved changes.
    allow_close: bool,
    /// The title last sent to the window.
    title: String,
    /// The comparison area's state, with the run in progress.
    compare: comparison::CompareState,
    /// Worker threads for a run.
    threads: usize,
    /// Whether the font fallback is in place.
    fonts_installed: bool,
    /// The in-window path prompt, when no native file dialog can be shown.
    prompt: Option<files::PathPrompt>,
    /// Whether the board and suite panel is open (else folded to a strip).
    left_panel_open: bool,
}

/// Adds the monospace font (Hack) as a fallback of the proportional one, for the
/// arrows, triangles and squares the buttons use.
fn install_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    if let Some(family) = fonts.families.get_mut(&egui::FontFamily::Proportional)
        && !family.iter().any(|f| f == "Hack")
    {
        family.push("Hack".to_owned());
    }
    ctx.set_fonts(fonts);
}

impl TreelabApp {
    /// An app with `session` and no config file.
    fn with_session(session: Session) -> TreelabApp {
        let mut app = TreelabApp {
            position: AnyPosition::start(session.game),
            saved: session.clone(),
            session,
            path: None,
            suite: None,
            undo: Vec::new(),
            redo: Vec::new(),
            position_ui: position::PositionUiState::default(),
            status: Status::Info("Ready".into()),
            commands: Vec::new(),
            confirm: None,
            config: AppConfig::default(),
            config_path: None,
            allow_close: false,
            title: String::new(),
            compare: comparison::CompareState::default(),
            threads: crate::runner::default_threads(),
            fonts_installed: false,
            prompt: None,
            left_panel_open: true,
        };
        if let Err(e) = app.adopt_session_state() {
            app.status = Status::Error(e);
        }
        app.saved = app.session.clone();
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
        app.config = config;
        app.config_path = config_path;
        if let Some(last) = app.config.last_session.clone()
            && last.exists()
        {
            match app.open_session_from(&last) {
                Ok(()) => {}
                Err(e) => app.status = Status::Error(e),
            }
        }
        app
    }

    /// The session as it would be saved now.
    #[must_use]
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// The current position's one-line text form.
    #[must_use]
    pub fn position_text(&self) -> String {
        self.position.to_text()
    }

    /// The open suite.
    #[must_use]
    pub fn suite(&self) -> Option<&Suite> {
        self.suite.as_ref()
    }

    /// The status line.
    #[must_use]
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// The session file, if any.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Whether the session differs from the file it came from.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.session != self.saved
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

    /// Queues a command for the end of the frame.
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// Sets an informational status message.
    fn info(&mut self, text: impl Into<String>) {
        self.status = Status::Info(text.into());
    }

    /// Sets an error status message.
    fn error(&mut self, text: impl Into<String>) {
        self.status = Status::Error(text.into());
    }

    /// Rebuilds the runtime state (position, suite) from `self.session`. On error the
    /// position is the game's start and the message says why.
    fn adopt_session_state(&mut self) -> Result<(), String> {
        self.undo.clear();
        self.redo.clear();
        self.position_ui = position::PositionUiState::default();
        let mut problems = Vec::new();
        self.suite = match &self.session.suite {
            Some(r) => match Suite::load_named(&r.source) {
                Ok(s) => Some(s),
                Err(e) => {
                    problems.push(format!("suite: {e}"));
                    None
                }
            },
            None => None,
        };
        match self.session.current_position() {
            Ok(p) => self.position = p,
            Err(e) => {
                problems.push(format!("position: {e}"));
                self.position = AnyPosition::start(self.session.game);
                self.session.position = self.position.to_text();
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }

    /// Makes `p` the current position, keeping the session's text form in step.
    fn replace_position(&mut self, p: AnyPosition) {
        self.session.game = p.kind();
        self.session.position = p.to_text();
        self.position = p;
        self.position_ui.clear_drafts();
    }

    /// Makes `p` the current position, undoably.
    fn set_position(&mut self, p: AnyPosition) {
        if p == self.position {
            return;
        }
        let old = std::mem::replace(&mut self.position, p.clone());
        self.undo.push(old);
        self.redo.clear();
        self.replace_position(p);
    }

    /// Whether there is something to undo / redo.
    fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    fn can_redo(&self) -> bool {
        !self.redo.is_empty()
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

    fn apply_now(&mut self, command: Command, ctx: &egui::Context) {
        match command {
            Command::NewSession => {
                self.compare = comparison::CompareState::default();
                self.session = Session::default();
                self.path = None;
                if let Err(e) = self.adopt_session_state() {
                    self.error(e);
                } else {
                    self.info("New session");
                }
                self.saved = self.session.clone();
            }
            Command::OpenSessionDialog => {
                let picked = files::pick_session_to_open();
                self.picked(picked, files::PromptFor::OpenSession, ctx);
            }
            Command::OpenSession(path) => {
                if let Err(e) = self.open_session_from(&path) {
                    self.error(e);
                }
            }
            Command::Save => match self.path.clone() {
                Some(path) => self.save_and_report(&path),
                None => self.apply_now(Command::SaveAsDialog, ctx),
            },
            Command::SaveAsDialog => {
                let picked = files::pick_session_to_save(self.path.as_deref());
                self.picked(picked, files::PromptFor::SaveSession, ctx);
            }
            Command::SaveSessionAs(path) => self.save_and_report(&path),
            Command::SavePositionDialog(format) => {
                let picked = files::pick_position_to_save(format, self.position.kind());
                self.picked(picked, files::PromptFor::SavePosition(format), ctx);
            }
            Command::SavePosition(format, path) => {
                match files::save_position_to(&self.position, format, &path) {
                    Ok(()) => self.info(format!("Saved the position to {}", path.display())),
                    Err(e) => self.error(e),
                }
            }
            Command::SetGame(kind) => {
                if kind != self.position.kind() {
                    self.set_position(AnyPosition::start(kind));
                    self.info(format!("{}: start position", kind.label()));
                }
            }
            Command::SetPosition(p) => self.set_position(p),
            Command::PlayMove(mv) => match self.position.play(&mv) {
                Ok(p) => {
                    self.set_position(p);
                    self.info(format!("Played {mv}"));
                }
                Err(e) => self.error(format!("{mv}: {e}")),
            },
            Command::Undo => {
                if let Some(p) = self.undo.pop() {
                    let current = std::mem::replace(&mut self.position, p.clone());
                    self.redo.push(current);
                    self.replace_position(p);
                }
            }
            Command::Redo => {
                if let Some(p) = self.redo.pop() {
                    let current = std::mem::replace(&mut self.position, p.clone());
                    self.undo.push(current);
                    self.replace_position(p);
                }
            }
            Command::OpenSuiteDialog => {
                let picked = files::pick_suite_to_open();
                self.picked(picked, files::PromptFor::OpenSuite, ctx);
            }
            Command::LoadSuite(name) => match Suite::load_named(&name) {
                Ok(suite) => {
                    self.info(format!(
                        "Opened {} ({} positions)",
                        suite.name,
                        suite.items.len()
                    ));
                    self.session.suite = Some(SuiteRef {
                        source: name,
                        selected: None,
                    });
                    self.suite = Some(suite);
                    self.apply_now(Command::SelectSuiteItem(0), ctx);
                }
                Err(e) => self.error(e.to_string()),
            },
            Command::SelectSuiteItem(index) => {
                let item = self
                    .suite
                    .as_ref()
                    .and_then(|s| s.items.get(index))
                    .cloned();
                if let Some(item) = item {
                    if let Some(r) = &mut self.session.suite {
                        r.selected = Some(index);
                    }
                    self.set_position(item.position);
                    self.info(format!("Loaded {}", item.name));
                }
            }
            Command::Quit => {
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Command::Discard(inner) => self.apply_now(*inner, ctx),
            Command::RunComparison => self.start_run(ctx),
            Command::StopRun => self.stop_run(),
            Command::AddRow => {
                let row = self.session.rows.last().cloned().unwrap_or_default();
                self.session.rows.push(row);
                self.compare.selected_row = Some(self.session.rows.len() - 1);
            }
            Command::RemoveRow(i) => self.remove_row(i),
            Command::DuplicateRow(i) => self.duplicate_row(i),
            Command::SwapRows(a, b) => self.swap_rows(a, b),
            Command::SetRowDepths(i, first, last) => {
                if let Some(row) = self.session.rows.get_mut(i) {
                    row.depth_min = first;
                    row.depth_max = last.max(first);
                }
            }
            Command::SetRowAlgorithm(i, algorithm) => {
                if let Some(row) = self.session.rows.get_mut(i) {
                    row.algorithm = algorithm;
                    comparison::sanitize(algorithm, &mut row.options);
                }
            }
            Command::ApplyPreset(name) => match crate::presets::find(&name) {
                Some(p) => {
                    self.session = (p.build)();
                    self.compare.selected_row = None;
                    self.compare.sort = None;
                    match self.adopt_session_state() {
                        Ok(()) => self.info(format!("{}: {}", p.label, p.description)),
                        Err(e) => self.error(e),
                    }
                }
                None => self.error(format!("no preset called '{name}'")),
            },
            Command::ClearResults => {
                self.session.results.clear();
                self.info("Cleared the results");
            }
            Command::ExportTable(how) => {
                let view = self.table_view();
                let report = self.report();
                let (text, what) = match how {
                    TableExport::CopyMarkdown => (report.markdown(&view), "Markdown"),
                    TableExport::CopyCsv => (report.csv(&view), "CSV"),
                };
                ctx.copy_text(text);
                self.info(format!("Copied {} lines as {what}", view.len()));
            }
            Command::SaveTableDialog => {
                let picked = files::pick_csv_to_save();
                self.picked(picked, files::PromptFor::SaveTable, ctx);
            }
            Command::SaveTable(path) => {
                let view = self.table_view();
                let csv = self.report().csv(&view);
                match crate::vocab::atomic::write_atomic(&path, csv.as_bytes()) {
                    Ok(()) => {
                        self.info(format!("Saved {} lines to {}", view.len(), path.display()))
                    }
                    Err(e) => self.error(format!("could not save {}: {e}", path.display())),
                }
            }
            Command::SaveChartDialog(format) => {
                let picked = files::pick_chart_to_save(format);
                self.picked(picked, files::PromptFor::SaveChart(format), ctx);
            }
            Command::SaveChart(format, path) => self.save_chart(ctx, format, &path),
            Command::SetTreeDepth(d) => {
                self.session.view.tree_depth = d.clamp(1, crate::search::options::MAX_DEPTH);
            }
            Command::SaveTreeDialog => {
                let picked = files::pick_chart_to_save(ChartFormat::Svg);
                self.picked(picked, files::PromptFor::SaveTree, ctx);
            }
            Command::SaveTree(path) => match self.tree_svg() {
                Some(svg) => match crate::vocab::atomic::write_atomic(&path, svg.as_bytes()) {
                    Ok(()) => self.info(format!("Saved the tree to {}", path.display())),
                    Err(e) => self.error(format!("could not save {}: {e}", path.display())),
                },
                None => self.error("build a tree first"),
            },
        }
    }

    /// Carries out what a dialog picked; with no dialog, asks for the path in the window.
    fn picked(&mut self, picked: files::Picked, purpose: files::PromptFor, ctx: &egui::Context) {
        match picked {
            files::Picked::Path(path) => self.apply_now(purpose.command(path), ctx),
            files::Picked::Cancelled => {}
            files::Picked::NoDialog => {
                self.prompt = Some(files::PathPrompt {
                    purpose,
                    focused: false,
                    text: files::default_prompt_path(
                        purpose,
                        self.position.kind(),
                        self.path.as_deref(),
                    ),
                });
            }
        }
    }

    /// Whether the in-window path prompt is open.
    #[must_use]
    pub fn is_prompting(&self) -> bool {
        self.prompt.is_some()
    }

    /// Saves the session to `path` (the code behind Save and Save As) and remembers
    /// the file. On failure the session and the old file stay as they were.
    pub fn save_session_to(&mut self, path: &Path) -> Result<(), String> {
        self.session
            .save(path)
            .map_err(|e| format!("could not save the session: {e}"))?;
        self.saved = self.session.clone();
        self.path = Some(path.to_path_buf());
        self.remember(path);
        Ok(())
    }

    fn save_and_report(&mut self, path: &Path) {
        match self.save_session_to(path) {
            Ok(()) => self.info(format!("Saved {}", path.display())),
            Err(e) => self.error(e),
        }
    }

    /// Opens the session in `path` (the code behind Open and the recent files). A file
    /// that is not a session is refused: nothing changes and the error says what and
    /// where. A session whose position or suite no longer loads opens with the game's
    /// start position, and the status line says why.
    pub fn open_session_from(&mut self, path: &Path) -> Result<(), String> {
        let session =
            Session::load(path).map_err(|e| format!("could not open {}: {e}", path.display()))?;
        // A run of the old session ends here (dropping it stops its threads).
        self.compare = comparison::CompareState::default();
        self.session = session;
        self.path = Some(path.to_path_buf());
        // A position or suite that no longer loads does not cost the rest of the
        // session: the start position stands in, and the status line says why.
        let suite_problem = self.adopt_session_state().err();
        self.saved = self.session.clone();
        self.remember(path);
        match suite_problem {
            Some(e) => self.error(format!("Opened {}, but {e}", path.display())),
            None => self.info(format!("Opened {}", path.display())),
        }
        Ok(())
    }

    /// Records `path` in the recent files and the config file (errors ignored).
    fn remember(&mut self, path: &Path) {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.config.remember(&path);
        if let Some(config_path) = &self.config_path {
            let _ = self.config.save(config_path);
        }
    }

    /// The window title: file name and the unsaved-changes marker.
    fn window_title(&self) -> String {
        let name = self.path.as_deref().and_then(Path::file_name).map_or_else(
            || "untitled".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let marker = if self.is_dirty() { "*" } else { "" };
        format!("{marker}{name} - treelab")
    }

    /// Draws one frame and applies the frame's commands: everything but the window.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if !self.fonts_installed {
            install_fonts(&ctx);
            self.fonts_installed = true;
        }
        self.poll_run(&ctx);
        self.poll_chart_export();
        self.handle_shortcuts(&ctx);
        self.handle_close_request(&ctx);

        egui::Panel::top("menu_bar").show(ui, |ui| files::menu_bar_ui(ui, self));
        egui::Panel::bottom("status_line").show(ui, |ui| self.status_ui(ui));
        // The board and suite panel: resizable, and folded to a thin strip (its «
        // button, Ctrl+B, or dragging its edge) so that a small window leaves the
        // comparison room. It takes at most 36% of the window by default.
        let default_width = LEFT_PANEL_WIDTH.min(ui.available_width() * 0.36);
        let mut open = self.left_panel_open;
        let mut toggle = false;
        egui::Panel::show_switched(
            ui,
            &mut open,
            egui::Panel::left("left_panel_folded")
                .resizable(false)
                .exact_size(26.0),
            egui::Panel::left("left_panel")
                .default_size(default_width)
                .min_size(LEFT_PANEL_MIN_WIDTH)
                .max_size((ui.available_width() * 0.6).max(LEFT_PANEL_MIN_WIDTH)),
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
                            position::game_picker_ui(ui, self);
                        });
                        ui.add_space(4.0);
                        board::board_ui(ui, self);
                        ui.add_space(4.0);
                        position::position_ui(ui, self);
                        ui.separator();
                        suite::suite_ui(ui, self);
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
        egui::CentralPanel::default().show(ui, |ui| comparison::comparison_ui(ui, self));

        self.confirm_ui(&ctx);
        if let Some(prompt) = &mut self.prompt {
            let (command, finished) = files::path_prompt_ui(&ctx, prompt);
            if finished {
                self.prompt = None;
            }
            if let Some(c) = command {
                self.push(c);
            }
        }

        for command in std::mem::take(&mut self.commands) {
            self.apply(command, &ctx);
        }

        let title = self.window_title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    fn handle_shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let save_as = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
        let save = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
        let open = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
        let new = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
        let quit = KeyboardShortcut::new(Modifiers::COMMAND, Key::Q);
        let run = KeyboardShortcut::new(Modifiers::NONE, Key::F5);
        let stop = KeyboardShortcut::new(Modifiers::NONE, Key::Escape);
        let fold = KeyboardShortcut::new(Modifiers::COMMAND, Key::B);
        if ctx.input_mut(|i| i.consume_shortcut(&fold)) {
            self.left_panel_open = !self.left_panel_open;
        }
        let running = self.is_running();
        let (save_as, save, open, new, run, stop, quit) = ctx.input_mut(|i| {
            (
                i.consume_shortcut(&save_as),
                i.consume_shortcut(&save),
                i.consume_shortcut(&open),
                i.consume_shortcut(&new),
                i.consume_shortcut(&run),
                running && i.consume_shortcut(&stop),
                i.consume_shortcut(&quit),
            )
        });
        if quit {
            self.push(Command::Quit);
        }
        if run {
            self.push(Command::RunComparison);
        }
        if stop {
            self.push(Command::StopRun);
        }
        if save_as {
            self.push(Command::SaveAsDialog);
        } else if save {
            self.push(Command::Save);
        }
        if open {
            self.push(Command::OpenSessionDialog);
        }
        if new {
            self.push(Command::NewSession);
        }
    }

    fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close && self.is_dirty() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.confirm = Some(Command::Quit);
        }
    }

    fn confirm_ui(&mut self, ctx: &egui::Context) {
        let Some(pending) = self.confirm.clone() else {
            return;
        };
        let what = match pending {
            Command::NewSession => "start a new session",
            Command::Quit => "quit",
            Command::ApplyPreset(_) => "load the preset",
            _ => "open another session",
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("confirm_discard")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!(
                "The session has changes that are not saved. Discard them and {what}?"
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Discard changes").clicked() {
                    answer = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => {
                self.confirm = None;
                self.push(Command::Discard(Box::new(pending)));
            }
            Some(false) => {
                self.confirm = None;
                self.info("Kept the open session");
            }
            None => {}
        }
    }

    fn status_ui(&self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            match &self.status {
                Status::Info(t) => ui.label(t),
                Status::Error(t) => ui.colored_label(ui.visuals().error_fg_color, t),
            };
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let file = self
                    .path
                    .as_deref()
                    .map_or_else(|| "untitled".to_string(), |p| p.display().to_string());
                if self.is_dirty() {
                    ui.label(format!("{file} *"))
                        .on_hover_text("unsaved changes");
                } else {
                    ui.label(file);
                }
            });
        });
    }
}

impl eframe::App for TreelabApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }
}
