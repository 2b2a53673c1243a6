//! The menu bar: File, Edit, Run and Presets. A menu only reads the app and returns
//! the [`Command`]s its items ask for; the app applies them at the end of the frame.

use super::command::Command;
use super::command::PositionFormat;
use super::model::Model;

/// Draws the menu bar; returns the commands of the items clicked.
pub fn menu_bar_ui(
    ui: &mut egui::Ui,
    app: &Model,
    help: &mut super::help::HelpWindow,
) -> Vec<Command> {
    let mut out = Vec::new();
    egui::MenuBar::new().ui(ui, |ui| {
        let file = ui.menu_button("File", |ui| file_menu_ui(ui, app, &mut out));
        super::page::note_widget(ui.ctx(), "file_menu", file.response.rect);
        ui.menu_button("Edit", |ui| edit_menu_ui(ui, app, &mut out));
        ui.menu_button("Run", |ui| run_menu_ui(ui, app, &mut out));
        ui.menu_button("Presets", |ui| presets_menu_ui(ui, app, &mut out));
        ui.menu_button("Help", |ui| super::help::help_menu_ui(ui, help));
    });
    out
}

/// A menu item with its keyboard shortcut shown; whether it was clicked.
fn item(ui: &mut egui::Ui, enabled: bool, label: &str, shortcut: &str) -> bool {
    super::page::note_menu_item(ui.ctx(), label);
    let button = egui::Button::new(label);
    let button = if shortcut.is_empty() {
        button
    } else {
        button.shortcut_text(shortcut)
    };
    ui.add_enabled(enabled, button).clicked()
}

/// File: sessions, the position's formats, suites, Quit (but in a page).
fn file_menu_ui(ui: &mut egui::Ui, app: &Model, out: &mut Vec<Command>) {
    if item(ui, true, "New session", "Ctrl+N") {
        out.push(Command::NewSession);
    }
    if item(ui, true, "Open…", "Ctrl+O") {
        out.push(Command::OpenSessionDialog);
    }
    ui.menu_button("Open recent", |ui| {
        if app.config.recent.is_empty() {
            ui.label("(none yet)");
        }
        for path in &app.config.recent {
            if ui.button(path.display().to_string()).clicked() {
                out.push(Command::OpenSession(path.clone()));
            }
        }
    });
    ui.separator();
    if item(ui, true, "Save", "Ctrl+S") {
        out.push(Command::Save);
    }
    if item(ui, true, "Save As…", "Ctrl+Shift+S") {
        out.push(Command::SaveAsDialog);
    }
    if ui
        .button("Copy link")
        .on_hover_text(
            "A link that opens this session in the browser build: the position or suite, \
             the rows with their options, the open tab and its view; not the results",
        )
        .clicked()
    {
        out.push(Command::CopyLink);
    }
    ui.separator();
    let kind = app.session.position.kind();
    for (i, (label, _)) in kind.info().save_formats().into_iter().enumerate() {
        if ui.button(label).clicked() {
            out.push(Command::SavePositionDialog(PositionFormat(i)));
        }
    }
    if ui.button("Open suite…").clicked() {
        out.push(Command::OpenSuiteDialog);
    }
    if ui
        .button("Scores of students' sessions…")
        .on_hover_text(
            "Pick the folder of the students' handout sessions: their answers are marked \
             again and their scores written there as scores.csv",
        )
        .clicked()
    {
        out.push(Command::ScoresDialog);
    }
    // A page does not quit: its tab closes it (and the page keeps the session).
    if crate::platform::CAN_QUIT {
        ui.separator();
        if item(ui, true, "Quit", "Ctrl+Q") {
            out.push(Command::Quit);
        }
    }
}

/// Edit: undo and redo of the last edit, of the position or of the rows, named.
fn edit_menu_ui(ui: &mut egui::Ui, app: &Model, out: &mut Vec<Command>) {
    let word = |back: bool| app.history_next(back).map_or("", |e| e.noun());
    let running = app.is_running();
    if item(
        ui,
        app.can_undo() && !running,
        format!("Undo {}", word(true)).trim_end(),
        "Ctrl+Z",
    ) {
        out.push(Command::Undo);
    }
    if item(
        ui,
        app.can_redo() && !running,
        format!("Redo {}", word(false)).trim_end(),
        "Ctrl+Shift+Z",
    ) {
        out.push(Command::Redo);
    }
}

/// Run: run and stop the comparison, add a row, clear the results.
fn run_menu_ui(ui: &mut egui::Ui, app: &Model, out: &mut Vec<Command>) {
    let running = app.is_running();
    if item(ui, !running, "Run the comparison", super::help::RUN_KEY) {
        out.push(Command::RunComparison);
    }
    if item(ui, running, "Stop", "Esc") {
        out.push(Command::StopRun);
    }
    ui.separator();
    if item(ui, !running, "Add row", "") {
        out.push(Command::AddRow);
    }
    if item(
        ui,
        !running && !app.session.results.is_empty(),
        "Clear results",
        "",
    ) {
        out.push(Command::ClearResults);
    }
}

/// Presets: replace the comparison with one of [`crate::presets`].
fn presets_menu_ui(ui: &mut egui::Ui, app: &Model, out: &mut Vec<Command>) {
    for p in crate::presets::presets() {
        if ui
            .add_enabled(!app.is_running(), egui::Button::new(p.label))
            .on_hover_text(p.description)
            .clicked()
        {
            out.push(Command::ApplyPreset(p.name.to_string()));
        }
    }
}
