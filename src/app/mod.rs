//! The egui application. The only module that imports egui, eframe or rfd.
//!
//! [`TreelabApp`] is the frame: it owns the model (a [`Session`], what is saved, and
//! the runtime state around it: undo/redo, the run, the status line), each panel's own
//! view state, and the command queue. Each panel lives in its own file with a `*_ui`
//! function that gets a `Panel` (the model read-only, the session's view choices to
//! edit, a command sink) and its own state, never the app; [`TreelabApp::frame_ui`]
//! keeps the view choices and applies the queued [`Command`]s once every panel drew.

mod exercise;
mod frame;
mod matches;
mod results;
mod setup;
mod tree_view;

use frame::{command, help, history, menus, model, page, panel};
pub use frame::{files, platform};
use results::views;
use setup::{comparison, position, position_state, suite};
use tree_view::tree_state;

use std::path::{Path, PathBuf};

use crate::engine::{AnyPosition, Suite};
use crate::session::{AppConfig, Session};

pub use command::{ChartFormat, Command, PositionFormat, TableExport};
pub use model::{RowNote, Status};
pub use tree_view::tree_canvas::DrawnLabel;

/// The window's default size: readable on a 1280x800 screen.
const WINDOW_SIZE: [f32; 2] = [1280.0, 800.0];
/// The left panel's default width (on a window wide enough for it).
const LEFT_PANEL_WIDTH: f32 = 430.0;
/// The narrowest the left panel can be dragged while open.
const LEFT_PANEL_MIN_WIDTH: f32 = 250.0;

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
        .unwrap_or(WINDOW_SIZE);
    platform::open_window("treelab", size, move || {
        let mut app = TreelabApp::new_from_config();
        if let Some(path) = open
            && let Err(e) = app.open_session_from(&path)
        {
            app.error(e);
        }
        Box::new(app)
    })
}

/// The application: the [`model::Model`] the panels read (the session and the runtime
/// state around it), each panel's own view state, and the frame's command queue.
pub struct TreelabApp {
    /// The session and the runtime state around it: what the panels read.
    model: model::Model,
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

pub use frame::page::start_in_page;

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
            model: model::Model::new(session, Status::Info(help::FIRST_START.into())),
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
        if let Err(e) = app.adopt_session_state() {
            app.model.error(e);
        }
        app.model.mark_saved();
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
        {
            match app.open_session_from(&last) {
                Ok(()) => {}
                Err(e) => app.model.status = Status::Error(e),
            }
        }
        app
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

    /// Queues a command for the end of the frame.
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// Sets an informational status message.
    fn info(&mut self, text: impl Into<String>) {
        self.model.info(text);
    }

    /// Sets an error status message.
    fn error(&mut self, text: impl Into<String>) {
        self.model.error(text);
    }

    /// Starts the runtime state afresh for `self.model.session` (no undo history, no drafts,
    /// no tree drawn). What the session could not read back (a position or suite that
    /// no longer loads) is the error.
    fn adopt_session_state(&mut self) -> Result<(), String> {
        self.model.history.clear();
        self.model.row_notes.clear();
        self.position_ui = position_state::PositionPanel::default();
        self.views.tree = tree_state::TreeViewState::default();
        let problems = std::mem::take(&mut self.model.session.problems);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }

    /// Makes `p` the current position. A position of another game empties the paste
    /// box (its text was of the old game).
    fn replace_position(&mut self, p: AnyPosition) {
        if p.kind() != self.model.session.position.kind() {
            self.position_ui.paste_text.clear();
            self.position_ui.paste_error = None;
        }
        self.model.session.position = p;
        self.model.touch();
        self.position_ui.clear_drafts();
    }

    /// Makes `p` the current position, undoably.
    fn set_position(&mut self, p: AnyPosition) {
        if p == self.model.session.position {
            return;
        }
        self.model
            .history
            .record(history::Edit::Position(self.model.session.position.clone()));
        self.replace_position(p);
    }

    /// Whether the in-window path prompt is open.
    #[must_use]
    pub fn is_prompting(&self) -> bool {
        self.prompt.is_some()
    }

    /// Saves the session to `path` (the code behind Save and Save As) and remembers
    /// the file. On failure the session and the old file stay as they were.
    pub fn save_session_to(&mut self, path: &Path) -> Result<(), String> {
        self.model
            .session
            .save_with(path, &self.manifest())
            .map_err(|e| format!("could not save the session: {e}"))?;
        self.model.mark_saved();
        self.model.path = Some(path.to_path_buf());
        self.remember(path);
        Ok(())
    }

    /// The manifest the app's exports and saves carry: this build and machine, the
    /// run's threads, the rows with their options.
    #[must_use]
    pub fn manifest(&self) -> crate::output::manifest::Manifest {
        self.model.manifest()
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
        let suite_problem = self.take_session(session, Some(path));
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
    fn take_session(&mut self, session: Session, path: Option<&Path>) -> Option<String> {
        // A run of the old session ends here (dropping it stops its threads).
        self.forget_run();
        self.model.session = session;
        self.model.path = path.map(Path::to_path_buf);
        let suite_problem = self.adopt_session_state().err();
        self.model.mark_saved();
        // A session saved on its tree (a worked example, a quiz) opens with it drawn.
        if self.model.session.view.tab == crate::session::ResultsTab::Tree {
            self.push(Command::BuildTrees);
        }
        suite_problem
    }

    /// Records `path` in the recent files and the config file (errors ignored).
    fn remember(&mut self, path: &Path) {
        let path = crate::platform::files::resolve(path);
        self.model.config.remember(&path);
        if let Some(config_path) = &self.model.config_path {
            let _ = self.model.config.save(config_path);
        }
    }

    /// The window title: file name and the unsaved-changes marker.
    fn window_title(&self) -> String {
        let name = self
            .model
            .path
            .as_deref()
            .and_then(Path::file_name)
            .map_or_else(
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
            // Solid scroll bars, drawn whenever there is more to see (egui's default
            // floating ones show only on hover, so a cut table looked whole).
            ctx.all_styles_mut(|s| s.spacing.scroll = egui::style::ScrollStyle::solid());
            self.fonts_installed = true;
        }
        self.poll_run(&ctx);
        self.follow_window(&ctx);
        self.page_frame(&ctx);
        self.poll_chart_export();
        self.handle_shortcuts(&ctx);
        self.handle_close_request(&ctx);

        let view_changed = self.panels_ui(ui);

        self.confirm_ui(&ctx);
        self.ask_run_ui(&ctx);
        self.link_question_ui(&ctx);
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
        }
        if self
            .model
            .run
            .active
            .as_ref()
            .is_some_and(|a| a.run.stop_requested())
        {
            // A stop shows in this frame (a browser's workers end at once).
            self.poll_run(&ctx);
        }
        self.page_publish(&ctx);
        if changed {
            // What the panels and the commands changed shows at once, not at the
            // next input.
            ctx.request_repaint();
        }

        let title = self.window_title();
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
        egui::Panel::bottom("status_line").show(ui, |ui| status_ui(ui, p.model));
        // The board and suite panel: resizable, and folded to a thin strip (its «
        // button, Ctrl+B, or dragging its edge) so that a small window leaves the
        // comparison room. It takes at most 36% of the window by default.
        let default_width = LEFT_PANEL_WIDTH.min(ui.available_width() * 0.36);
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

    /// The window on a first start fits a large screen (the default size is for a
    /// small one); its size is followed, to be remembered when the app closes.
    fn follow_window(&mut self, ctx: &egui::Context) {
        let (inner, monitor) = ctx.input(|i| {
            let v = i.viewport();
            (v.inner_rect.map(|r| r.size()), v.monitor_size)
        });
        if !self.model.window_fitted
            && let Some(m) = monitor
        {
            self.model.window_fitted = true;
            let fits = [
                WINDOW_SIZE[0].max(m.x * 0.85),
                WINDOW_SIZE[1].max(m.y * 0.85),
            ];
            if self.model.config.window.is_none() && fits[0] <= m.x && fits[1] <= m.y {
                ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(egui::vec2(
                    fits[0], fits[1],
                )));
            }
        }
        if let Some(size) = inner.filter(|s| s.x > 0.0 && s.y > 0.0) {
            self.model.window = Some([size.x, size.y]);
        }
    }

    /// Writes the window's size into the settings, for the next start (what closing
    /// the app does).
    pub fn remember_window(&mut self) {
        if let (Some(size), Some(path)) = (self.model.window, &self.model.config_path) {
            self.model.config.window = Some(size);
            let _ = self.model.config.save(path);
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
        let run_too = KeyboardShortcut::new(Modifiers::COMMAND, Key::Enter);
        let stop = KeyboardShortcut::new(Modifiers::NONE, Key::Escape);
        let fold = KeyboardShortcut::new(Modifiers::COMMAND, Key::B);
        if ctx.input_mut(|i| i.consume_shortcut(&fold)) {
            self.left_panel_open = !self.left_panel_open;
        }
        // Ctrl+Z and Ctrl+Shift+Z: the app's edits, unless a text field has the keys
        // (it undoes its own typing).
        if !ctx.egui_wants_keyboard_input() {
            let redo = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
            let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
            if ctx.input_mut(|i| i.consume_shortcut(&redo)) {
                self.push(Command::Redo);
            } else if ctx.input_mut(|i| i.consume_shortcut(&undo)) {
                self.push(Command::Undo);
            }
        }
        let running = self.is_running();
        let (save_as, save, open, new, run, stop, quit) = ctx.input_mut(|i| {
            (
                i.consume_shortcut(&save_as),
                i.consume_shortcut(&save),
                i.consume_shortcut(&open),
                i.consume_shortcut(&new),
                i.consume_shortcut(&run) || i.consume_shortcut(&run_too),
                running && i.consume_shortcut(&stop),
                i.consume_shortcut(&quit),
            )
        });
        // A page does not quit (its tab closes it).
        if quit && crate::platform::CAN_QUIT {
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
}

/// The status line, and the session's file with its unsaved-changes marker.
/// The message wraps (never cut) in what the file's name leaves of the line.
fn status_ui(ui: &mut egui::Ui, model: &model::Model) {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::TOP), |ui| {
        let file = model
            .path
            .as_deref()
            .map_or_else(|| "untitled".to_string(), |p| p.display().to_string());
        if model.is_dirty() {
            ui.label(format!("{file} *"))
                .on_hover_text("unsaved changes");
        } else {
            ui.label(file);
        }
        ui.with_layout(egui::Layout::left_to_right(egui::Align::TOP), |ui| {
            let text = match &model.status {
                Status::Info(t) => egui::RichText::new(t),
                Status::Error(t) => egui::RichText::new(t).color(ui.visuals().error_fg_color),
            };
            ui.add(egui::Label::new(text).wrap());
        });
    });
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
