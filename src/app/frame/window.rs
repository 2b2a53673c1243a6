//! The window around the rooms: its size (fitted to a large screen on a first start,
//! followed and remembered for the next one), the fonts and scroll bars every room
//! draws with, the status line at its foot, and the "discard unsaved changes?"
//! question.

use super::command::Command;
use super::model::{Model, Status};

/// The window's default size: readable on a 1280x800 screen.
pub(in crate::app) const WINDOW_SIZE: [f32; 2] = [1280.0, 800.0];
/// The left panel's default width (on a window wide enough for it).
pub(in crate::app) const LEFT_PANEL_WIDTH: f32 = 430.0;
/// The narrowest the left panel can be dragged while open.
pub(in crate::app) const LEFT_PANEL_MIN_WIDTH: f32 = 250.0;

/// Adds the monospace font (Hack) as a fallback of the proportional one, for the
/// arrows, triangles and squares the buttons use, and makes the scroll bars solid:
/// drawn whenever there is more to see (egui's default floating ones show only on
/// hover, so a cut table looked whole).
pub(in crate::app) fn install_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    if let Some(family) = fonts.families.get_mut(&egui::FontFamily::Proportional)
        && !family.iter().any(|f| f == "Hack")
    {
        family.push("Hack".to_owned());
    }
    ctx.set_fonts(fonts);
    ctx.all_styles_mut(|s| s.spacing.scroll = egui::style::ScrollStyle::solid());
}

/// The window on a first start fits a large screen (the default size is for a
/// small one); its size is followed into `model`, to be remembered when the app closes.
pub(in crate::app) fn follow_window(ctx: &egui::Context, model: &mut Model) {
    let (inner, monitor) = ctx.input(|i| {
        let v = i.viewport();
        (v.inner_rect.map(|r| r.size()), v.monitor_size)
    });
    if !model.window_fitted
        && let Some(m) = monitor
    {
        model.window_fitted = true;
        let fits = [
            WINDOW_SIZE[0].max(m.x * 0.85),
            WINDOW_SIZE[1].max(m.y * 0.85),
        ];
        if model.config.window.is_none() && fits[0] <= m.x && fits[1] <= m.y {
            ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(egui::vec2(
                fits[0], fits[1],
            )));
        }
    }
    if let Some(size) = inner.filter(|s| s.x > 0.0 && s.y > 0.0) {
        model.window = Some([size.x, size.y]);
    }
}

/// Writes the window's size into the settings, for the next start (what closing the
/// app does).
pub(in crate::app) fn remember_window(model: &mut Model) {
    if let (Some(size), Some(path)) = (model.window, &model.config_path) {
        model.config.window = Some(size);
        let _ = model.config.save(path);
    }
}

/// The status line, and the session's file with its unsaved-changes marker.
/// The message wraps (never cut) in what the file's name leaves of the line.
pub(in crate::app) fn status_ui(ui: &mut egui::Ui, model: &Model) {
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

/// "Discard unsaved changes?" before `pending`, while it waits: true to discard them
/// and carry it out, false to keep the session, `None` while unanswered.
pub(in crate::app) fn confirm_ui(ctx: &egui::Context, pending: &Command) -> Option<bool> {
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
    answer
}

/// The keyboard's commands this frame (`running`: a comparison runs, so Escape stops
/// it), and whether Ctrl+B asked to fold or unfold the board's panel.
pub(in crate::app) fn shortcuts(ctx: &egui::Context, running: bool) -> (Vec<Command>, bool) {
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
    let mut out = Vec::new();
    let fold = ctx.input_mut(|i| i.consume_shortcut(&fold));
    // Ctrl+Z and Ctrl+Shift+Z: the app's edits, unless a text field has the keys (it
    // undoes its own typing).
    if !ctx.egui_wants_keyboard_input() {
        let redo = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
        if ctx.input_mut(|i| i.consume_shortcut(&redo)) {
            out.push(Command::Redo);
        } else if ctx.input_mut(|i| i.consume_shortcut(&undo)) {
            out.push(Command::Undo);
        }
    }
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
        out.push(Command::Quit);
    }
    if run {
        out.push(Command::RunComparison);
    }
    if stop {
        out.push(Command::StopRun);
    }
    if save_as {
        out.push(Command::SaveAsDialog);
    } else if save {
        out.push(Command::Save);
    }
    if open {
        out.push(Command::OpenSessionDialog);
    }
    if new {
        out.push(Command::NewSession);
    }
    (out, fold)
}
