//! The native file dialogs, the in-window path prompt, and the file IO behind the
//! File menu (`menus.rs`).
//!
//! Every read and write is a function taking a `&Path`, so tests call exactly the code
//! the menu uses; the `pick_*` functions only ask rfd for a path (they return `None`
//! at once where no dialog portal exists).

use std::path::{Path, PathBuf};

use super::command::{ChartFormat, Command, PositionFormat};
use super::platform::FileDialog;
use crate::engine::{AnyPosition, GameKind};
use crate::platform::files::write_atomic;

/// The folder the dialogs start in when it exists.
const SAVES_DIR: &str = "saves";

/// Writes `position` to `path` in `format` (atomically).
pub fn save_position_to(
    position: &AnyPosition,
    format: PositionFormat,
    path: &Path,
) -> Result<(), String> {
    let text = position.as_dyn().save_text(format.0).ok_or_else(|| {
        format!(
            "{} positions have no save format {}",
            position.kind().label(),
            format.0 + 1
        )
    })?;
    write_atomic(path, text.as_bytes())
        .map_err(|e| format!("could not write {}: {e}", path.display()))
}

fn start_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(SAVES_DIR);
    dir.is_dir().then_some(dir)
}

/// What a file dialog gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    /// A path.
    Path(PathBuf),
    /// The person closed the dialog.
    Cancelled,
    /// No dialog could be shown (no desktop portal): ask in the window instead.
    NoDialog,
    /// The page's file picker is open: the file comes later (in a browser).
    Later,
}

/// A dialog that answers faster than this was never shown: rfd's portal backend returns
/// `None` at once when there is no portal, and no person cancels that fast.
const NO_DIALOG_BELOW: std::time::Duration = std::time::Duration::from_millis(150);

/// Set once no native dialog is to be tried (see [`without_dialogs`]).
static NO_DIALOGS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// From now on, every file dialog asks in the window instead (as where no portal
/// exists): what tests of the UI want, whatever the machine's load makes a failed
/// portal call take. `TREELAB_NO_DIALOGS` in the environment does the same.
pub fn without_dialogs() {
    NO_DIALOGS.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Runs a dialog and tells a cancel from a dialog that could not be shown.
fn ask(show: impl FnOnce() -> Option<PathBuf>) -> Picked {
    if NO_DIALOGS.load(std::sync::atomic::Ordering::Relaxed)
        || std::env::var_os("TREELAB_NO_DIALOGS").is_some()
    {
        return Picked::NoDialog;
    }
    let start = crate::platform::clock::Instant::now();
    match show() {
        Some(path) => Picked::Path(path),
        None if start.elapsed() < NO_DIALOG_BELOW => Picked::NoDialog,
        None => Picked::Cancelled,
    }
}

/// What an in-window path prompt is for (when no native dialog can be shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptFor {
    /// Open a session.
    OpenSession,
    /// Save the session.
    SaveSession,
    /// Open a suite.
    OpenSuite,
    /// Save the position.
    SavePosition(PositionFormat),
    /// Save the results table.
    SaveTable,
    /// Save the chart.
    SaveChart(ChartFormat),
    /// Save the tree view's drawing.
    SaveTree(crate::tree::export::TreeFormat),
    /// Mark the students' sessions in a folder.
    Scores,
}

impl PromptFor {
    /// The prompt's title.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            PromptFor::OpenSession => "Open session",
            PromptFor::SaveSession => "Save session as",
            PromptFor::OpenSuite => "Open suite",
            PromptFor::SavePosition(_) => "Save position as",
            PromptFor::SaveTable => "Save table as CSV",
            PromptFor::SaveChart(_) => "Save chart as",
            PromptFor::SaveTree(_) => "Save tree",
            PromptFor::Scores => "Scores of the students' sessions in the folder",
        }
    }

    /// The command that carries it out with `path`.
    #[must_use]
    pub fn command(self, path: PathBuf) -> Command {
        match self {
            // Unsaved changes were asked about before the dialog.
            PromptFor::OpenSession => Command::Discard(Box::new(Command::OpenSession(path))),
            PromptFor::SaveSession => Command::SaveSessionAs(path),
            PromptFor::OpenSuite => Command::LoadSuite(path.display().to_string()),
            PromptFor::SavePosition(f) => Command::SavePosition(f, path),
            PromptFor::SaveTable => Command::SaveTable(path),
            PromptFor::SaveChart(f) => Command::SaveChart(f, path),
            PromptFor::SaveTree(_) => Command::SaveTree(path),
            PromptFor::Scores => Command::SaveScores(path),
        }
    }
}

/// Asks for the file or folder `command` (a `*Dialog` command) wants, with a native
/// dialog where there is one: what was picked and what it is for; `None` for any other
/// command. `kind` is the position's game and `session` the session's file (where
/// the dialogs start). A dialog a platform cannot show (a browser reading a folder) is
/// the error.
pub fn dialog_for(
    command: &Command,
    kind: GameKind,
    session: Option<&Path>,
) -> Option<Result<(Picked, PromptFor), String>> {
    Some(Ok(match *command {
        Command::OpenSessionDialog => (pick_session_to_open(), PromptFor::OpenSession),
        Command::SaveAsDialog => (pick_session_to_save(session), PromptFor::SaveSession),
        Command::SavePositionDialog(format) => (
            pick_position_to_save(format, kind),
            PromptFor::SavePosition(format),
        ),
        Command::OpenSuiteDialog => (pick_suite_to_open(), PromptFor::OpenSuite),
        Command::SaveTableDialog => (pick_csv_to_save(), PromptFor::SaveTable),
        Command::ScoresDialog if !crate::platform::READS_FOLDERS => {
            return Some(Err(
                "A browser cannot read a folder of handed-in sessions: mark them with the \
                 desktop app or `treelab exercise mark`"
                    .into(),
            ));
        }
        Command::ScoresDialog => (pick_scores_folder(), PromptFor::Scores),
        Command::SaveChartDialog(format) => {
            (pick_chart_to_save(format), PromptFor::SaveChart(format))
        }
        Command::SaveTreeDialog(format) => (pick_tree_to_save(format), PromptFor::SaveTree(format)),
        _ => return None,
    }))
}

/// An in-window "type a path" prompt, shown when no native dialog can be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathPrompt {
    /// What for.
    pub purpose: PromptFor,
    /// The path typed so far.
    pub text: String,
    /// Whether the field has had its first focus.
    pub focused: bool,
}

/// Draws the prompt; returns the command to run when the person confirms, and whether
/// the prompt is finished (confirmed or cancelled).
pub fn path_prompt_ui(ctx: &egui::Context, prompt: &mut PathPrompt) -> (Option<Command>, bool) {
    let mut result = (None, false);
    egui::Modal::new(egui::Id::unique("path_prompt")).show(ctx, |ui| {
        ui.heading(prompt.purpose.title());
        ui.label(if prompt.purpose == PromptFor::Scores {
            "No file dialog is available here; type the folder's path."
        } else {
            "No file dialog is available here; type the file's path."
        });
        let edit = ui.add(
            egui::TextEdit::singleline(&mut prompt.text)
                .desired_width(480.0)
                .hint_text("saves/session.ron"),
        );
        if !prompt.focused {
            edit.request_focus();
            prompt.focused = true;
        }
        let enter = (edit.has_focus() || edit.lost_focus())
            && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            let ok = ui.button("OK").clicked() || enter;
            if ok && !prompt.text.trim().is_empty() {
                let path = PathBuf::from(prompt.text.trim());
                result = (Some(prompt.purpose.command(path)), true);
            }
            if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                result = (None, true);
            }
        });
    });
    result
}

/// The path a prompt starts with.
#[must_use]
pub fn default_prompt_path(purpose: PromptFor, kind: GameKind, current: Option<&Path>) -> String {
    let dir = start_dir().map_or_else(String::new, |d| format!("{}/", d.display()));
    match purpose {
        PromptFor::OpenSession | PromptFor::OpenSuite | PromptFor::Scores => dir,
        PromptFor::SaveSession => {
            current.map_or_else(|| format!("{dir}session.ron"), |p| p.display().to_string())
        }
        PromptFor::SavePosition(f) => format!("{dir}position.{}", f.extension(kind)),
        PromptFor::SaveTable => format!("{dir}results.csv"),
        PromptFor::SaveChart(ChartFormat::Png) => format!("{dir}chart.png"),
        PromptFor::SaveChart(ChartFormat::Svg) => format!("{dir}chart.svg"),
        PromptFor::SaveTree(f) => format!("{dir}tree.{}", f.extension()),
    }
}

fn dialog() -> FileDialog {
    let d = FileDialog::new();
    match start_dir() {
        Some(dir) => d.set_directory(dir),
        None => d,
    }
}

/// Asks for a session file to open.
pub fn pick_session_to_open() -> Picked {
    ask_open(
        dialog()
            .set_title("Open session")
            .add_filter("treelab session", &["ron"])
            .add_filter("all files", &["*"]),
    )
}

/// Asks where to save the session.
pub fn pick_session_to_save(current: Option<&Path>) -> Picked {
    let name = current
        .and_then(Path::file_name)
        .map_or_else(|| "session.ron".to_string(), |n| n.to_string_lossy().into());
    match ask(|| {
        dialog()
            .set_title("Save session")
            .add_filter("treelab session", &["ron"])
            .set_file_name(name)
            .save_file()
    }) {
        Picked::Path(path) if path.extension().is_none() => {
            Picked::Path(path.with_extension("ron"))
        }
        other => other,
    }
}

/// Asks for a suite file to open.
pub fn pick_suite_to_open() -> Picked {
    ask_open(
        dialog()
            .set_title("Open suite")
            .add_filter("Othello suite", &["obf", "pos"])
            .add_filter("tic-tac-toe boards", &["ttt"])
            .add_filter("all files (Connect Four test sets)", &["*"]),
    )
}

/// Asks for a file to open: in a browser the page's picker, whose file comes later.
fn ask_open(d: FileDialog) -> Picked {
    if crate::platform::PICKED_FILES_COME_LATER {
        return if d.pick_file_later() {
            Picked::Later
        } else {
            Picked::NoDialog
        };
    }
    ask(|| d.pick_file())
}

/// Asks where to save the position.
pub fn pick_position_to_save(format: PositionFormat, kind: GameKind) -> Picked {
    let ext = format.extension(kind);
    ask(|| {
        dialog()
            .set_title("Save position")
            .add_filter(ext, &[ext])
            .set_file_name(format!("position.{ext}"))
            .save_file()
    })
}

/// Asks where to save the results table as CSV.
pub fn pick_csv_to_save() -> Picked {
    ask(|| {
        dialog()
            .add_filter("CSV", &["csv"])
            .set_file_name("results.csv")
            .save_file()
    })
}

/// Asks where to save a chart.
pub fn pick_chart_to_save(format: ChartFormat) -> Picked {
    let ext = match format {
        ChartFormat::Png => "png",
        ChartFormat::Svg => "svg",
    };
    ask(|| {
        dialog()
            .add_filter(ext, &[ext])
            .set_file_name(format!("chart.{ext}"))
            .save_file()
    })
}

/// Asks where to save the tree view's figure.
pub fn pick_tree_to_save(format: crate::tree::export::TreeFormat) -> Picked {
    let ext = format.extension();
    ask(|| {
        dialog()
            .add_filter(ext, &[ext])
            .set_file_name(format!("tree.{ext}"))
            .save_file()
    })
}

/// Asks for the folder of the students' sessions to mark.
pub fn pick_scores_folder() -> Picked {
    ask(|| {
        dialog()
            .set_title("Folder of the students' sessions")
            .pick_folder()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_save_in_each_format() {
        let dir = tempfile::tempdir().unwrap();
        let othello = AnyPosition::start(GameKind::Othello);
        let obf = dir.path().join("p.obf");
        save_position_to(&othello, PositionFormat::TEXT, &obf).unwrap();
        let text = std::fs::read_to_string(&obf).unwrap();
        assert_eq!(
            AnyPosition::parse(GameKind::Othello, &text).unwrap(),
            othello
        );
        let pos = dir.path().join("p.pos");
        save_position_to(&othello, PositionFormat(1), &pos).unwrap();
        let suite = crate::engine::Suite::load(&pos).unwrap();
        assert_eq!(suite.items[0].position, othello);
        let c4 = AnyPosition::parse(GameKind::Connect4, "4453").unwrap();
        let moves = dir.path().join("c4.txt");
        save_position_to(&c4, PositionFormat::TEXT, &moves).unwrap();
        assert_eq!(std::fs::read_to_string(&moves).unwrap(), "4453\n");
        assert!(save_position_to(&c4, PositionFormat(1), &pos).is_err());
    }
}
