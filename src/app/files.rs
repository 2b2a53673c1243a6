//! The File menu, the native file dialogs, and the file IO behind them.
//!
//! Every read and write is a function taking a `&Path`, so tests call exactly the code
//! the menu uses; the `pick_*` functions only ask rfd for a path (they return `None`
//! at once where no dialog portal exists).

use std::path::{Path, PathBuf};

use super::{Command, TreelabApp};
use crate::engine::{AnyPosition, GameKind};
use crate::game::othello;
use crate::session::write_atomic;

/// The folder the dialogs start in when it exists.
const SAVES_DIR: &str = "saves";

/// How to write a position to a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionFormat {
    /// The game's one-line text form: an OBF line for Othello, the move string (or
    /// board) for Connect Four, the 9-cell board for tic-tac-toe, the spec for trees.
    Text,
    /// An FFO `.pos` file (Othello only).
    Pos,
}

impl PositionFormat {
    /// The menu label for `kind`.
    #[must_use]
    pub fn label(self, kind: GameKind) -> &'static str {
        match (self, kind) {
            (PositionFormat::Pos, _) => "Save position as .pos…",
            (PositionFormat::Text, GameKind::Othello) => "Save position as OBF…",
            (PositionFormat::Text, GameKind::Connect4) => "Save position as move string…",
            (PositionFormat::Text, GameKind::TicTacToe) => "Save position as board…",
            (PositionFormat::Text, GameKind::RandomTree) => "Save tree spec…",
        }
    }

    /// The file extension the dialog proposes.
    fn extension(self, kind: GameKind) -> &'static str {
        match (self, kind) {
            (PositionFormat::Pos, _) => "pos",
            (PositionFormat::Text, GameKind::Othello) => "obf",
            (PositionFormat::Text, GameKind::TicTacToe) => "ttt",
            (PositionFormat::Text, _) => "txt",
        }
    }
}

/// Writes `position` to `path` in `format` (atomically).
pub fn save_position_to(
    position: &AnyPosition,
    format: PositionFormat,
    path: &Path,
) -> Result<(), String> {
    let text = match (format, position) {
        (PositionFormat::Pos, AnyPosition::Othello(p)) => othello::to_pos(p, "saved by treelab"),
        (PositionFormat::Pos, _) => {
            return Err("the .pos format holds Othello positions only".into());
        }
        (PositionFormat::Text, AnyPosition::Othello(p)) => {
            format!("{}\n", othello::to_obf(p, &[]))
        }
        (PositionFormat::Text, p) => format!("{}\n", p.to_text()),
    };
    write_atomic(path, text.as_bytes())
        .map_err(|e| format!("could not write {}: {e}", path.display()))
}

fn start_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(SAVES_DIR);
    dir.is_dir().then_some(dir)
}

fn dialog() -> rfd::FileDialog {
    let d = rfd::FileDialog::new();
    match start_dir() {
        Some(dir) => d.set_directory(dir),
        None => d,
    }
}

/// Asks for a session file to open.
pub fn pick_session_to_open() -> Option<PathBuf> {
    dialog()
        .set_title("Open session")
        .add_filter("treelab session", &["ron"])
        .add_filter("all files", &["*"])
        .pick_file()
}

/// Asks where to save the session.
pub fn pick_session_to_save(current: Option<&Path>) -> Option<PathBuf> {
    let name = current
        .and_then(Path::file_name)
        .map_or_else(|| "session.ron".to_string(), |n| n.to_string_lossy().into());
    let path = dialog()
        .set_title("Save session")
        .add_filter("treelab session", &["ron"])
        .set_file_name(name)
        .save_file()?;
    Some(if path.extension().is_none() {
        path.with_extension("ron")
    } else {
        path
    })
}

/// Asks for a suite file to open.
pub fn pick_suite_to_open() -> Option<PathBuf> {
    dialog()
        .set_title("Open suite")
        .add_filter("Othello suite", &["obf", "pos"])
        .add_filter("tic-tac-toe boards", &["ttt"])
        .add_filter("all files (Connect Four test sets)", &["*"])
        .pick_file()
}

/// Asks where to save the position.
pub fn pick_position_to_save(format: PositionFormat, kind: GameKind) -> Option<PathBuf> {
    let ext = format.extension(kind);
    dialog()
        .set_title("Save position")
        .add_filter(ext, &[ext])
        .set_file_name(format!("position.{ext}"))
        .save_file()
}

/// Asks where to save the results table as CSV.
pub fn pick_csv_to_save() -> Option<PathBuf> {
    dialog()
        .add_filter("CSV", &["csv"])
        .set_file_name("results.csv")
        .save_file()
}

/// Asks where to save a chart.
pub fn pick_chart_to_save(format: super::charts::ChartFormat) -> Option<PathBuf> {
    let ext = match format {
        super::charts::ChartFormat::Png => "png",
        super::charts::ChartFormat::Svg => "svg",
    };
    dialog()
        .add_filter(ext, &[ext])
        .set_file_name(format!("chart.{ext}"))
        .save_file()
}

/// The menu bar: File, Edit, Run and Presets.
pub fn menu_bar_ui(ui: &mut egui::Ui, app: &mut TreelabApp) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui
                .add(egui::Button::new("New session").shortcut_text("Ctrl+N"))
                .clicked()
            {
                app.push(Command::NewSession);
            }
            if ui
                .add(egui::Button::new("Open…").shortcut_text("Ctrl+O"))
                .clicked()
            {
                app.push(Command::OpenSessionDialog);
            }
            ui.menu_button("Open recent", |ui| {
                if app.config.recent.is_empty() {
                    ui.label("(none yet)");
                }
                for path in app.config.recent.clone() {
                    if ui.button(path.display().to_string()).clicked() {
                        app.push(Command::OpenSession(path));
                    }
                }
            });
            ui.separator();
            if ui
                .add(egui::Button::new("Save").shortcut_text("Ctrl+S"))
                .clicked()
            {
                app.push(Command::Save);
            }
            if ui
                .add(egui::Button::new("Save As…").shortcut_text("Ctrl+Shift+S"))
                .clicked()
            {
                app.push(Command::SaveAsDialog);
            }
            ui.separator();
            let kind = app.position.kind();
            if ui.button(PositionFormat::Text.label(kind)).clicked() {
                app.push(Command::SavePositionDialog(PositionFormat::Text));
            }
            if kind == GameKind::Othello && ui.button(PositionFormat::Pos.label(kind)).clicked() {
                app.push(Command::SavePositionDialog(PositionFormat::Pos));
            }
            if ui.button("Open suite…").clicked() {
                app.push(Command::OpenSuiteDialog);
            }
            ui.separator();
            if ui.button("Quit").clicked() {
                app.push(Command::Quit);
            }
        });
        ui.menu_button("Edit", |ui| {
            if ui
                .add_enabled(app.can_undo(), egui::Button::new("Undo move"))
                .clicked()
            {
                app.push(Command::Undo);
            }
            if ui
                .add_enabled(app.can_redo(), egui::Button::new("Redo move"))
                .clicked()
            {
                app.push(Command::Redo);
            }
        });
        ui.menu_button("Run", |ui| {
            let running = app.is_running();
            if ui
                .add_enabled(
                    !running,
                    egui::Button::new("Run the comparison").shortcut_text("F5"),
                )
                .clicked()
            {
                app.push(Command::RunComparison);
            }
            if ui
                .add_enabled(running, egui::Button::new("Stop").shortcut_text("Esc"))
                .clicked()
            {
                app.push(Command::StopRun);
            }
            ui.separator();
            if ui
                .add_enabled(!running, egui::Button::new("Add row"))
                .clicked()
            {
                app.push(Command::AddRow);
            }
            if ui
                .add_enabled(
                    !running && !app.session.results.is_empty(),
                    egui::Button::new("Clear results"),
                )
                .clicked()
            {
                app.push(Command::ClearResults);
            }
        });
        ui.menu_button("Presets", |ui| {
            for p in crate::presets::PRESETS {
                if ui
                    .add_enabled(!app.is_running(), egui::Button::new(p.label))
                    .on_hover_text(p.description)
                    .clicked()
                {
                    app.push(Command::ApplyPreset(p.name.to_string()));
                }
            }
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_save_in_each_format() {
        let dir = tempfile::tempdir().unwrap();
        let othello = AnyPosition::start(GameKind::Othello);
        let obf = dir.path().join("p.obf");
        save_position_to(&othello, PositionFormat::Text, &obf).unwrap();
        let text = std::fs::read_to_string(&obf).unwrap();
        assert_eq!(
            AnyPosition::parse(GameKind::Othello, &text).unwrap(),
            othello
        );
        let pos = dir.path().join("p.pos");
        save_position_to(&othello, PositionFormat::Pos, &pos).unwrap();
        let suite = crate::engine::Suite::load(&pos).unwrap();
        assert_eq!(suite.items[0].position, othello);
        let c4 = AnyPosition::parse(GameKind::Connect4, "4453").unwrap();
        let moves = dir.path().join("c4.txt");
        save_position_to(&c4, PositionFormat::Text, &moves).unwrap();
        assert_eq!(std::fs::read_to_string(&moves).unwrap(), "4453\n");
        assert!(save_position_to(&c4, PositionFormat::Pos, &pos).is_err());
    }
}
