//! The game picker and the position tools: edit or play mode, side to move, clear,
//! start position, undo/redo, the text form with Copy, and a box to paste a position.

use super::position_state::PositionPanel;
use crate::app::frame::command::Command;
use crate::app::frame::panel::Panel;
use crate::engine::{AnyPosition, GameKind};
use crate::game::Side;
use crate::game::describe::{BoardLayout, GridStyle};

/// Draws the board and the position tools under it.
pub fn position_panel_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, panel: &mut PositionPanel) {
    super::board::board_ui(ui, cx, panel);
    ui.add_space(4.0);
    position_ui(ui, cx, panel);
}

/// The game picker: one selectable button per game.
pub fn game_picker_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Game:");
        let current = cx.session().position.kind();
        for kind in GameKind::ALL {
            if ui.selectable_label(current == kind, kind.label()).clicked() && kind != current {
                cx.push(Command::SetGame(kind));
            }
        }
    });
}

/// The width of the board's Undo and Redo buttons: room for the longest edit named.
const UNDO_BUTTON_WIDTH: f32 = 108.0;

fn side_name(kind: GameKind, side: Side) -> &'static str {
    kind.info().sides()[side.index()]
}

/// Edit board or Play moves, Undo and Redo; in edit mode, what a click on the board
/// does, in a line under it.
fn mode_line_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, kind: GameKind) {
    ui.horizontal(|ui| {
        ui.label("Mode:");
        ui.radio_value(&mut cx.view.play_mode, false, "Edit board")
            .on_hover_text(edit_help(kind));
        ui.radio_value(&mut cx.view.play_mode, true, "Play moves")
            .on_hover_text("Click a legal move to play it");
    });
    ui.horizontal(|ui| {
        // The one history of the board and the rows (as Edit ▸ Undo and Ctrl+Z): each
        // button names the edit it takes back, at a width that does not move the other.
        let button = |back: bool| {
            let verb = if back { "Undo" } else { "Redo" };
            let noun = cx.model.history_next(back).map_or("", |e| e.noun());
            egui::Button::new(format!("{verb} {noun}").trim_end().to_string())
                .min_size(egui::vec2(UNDO_BUTTON_WIDTH, 0.0))
        };
        let keys = |back: bool| if back { "Ctrl+Z" } else { "Ctrl+Shift+Z" };
        let hover = |back: bool| {
            format!(
                "{} the last edit, of the board or of the rows: one history for both ({})",
                if back { "Take back" } else { "Make again" },
                keys(back)
            )
        };
        if ui
            .add_enabled(cx.model.can_undo(), button(true))
            .on_hover_text(hover(true))
            .clicked()
        {
            cx.push(Command::Undo);
        }
        if ui
            .add_enabled(cx.model.can_redo(), button(false))
            .on_hover_text(hover(false))
            .clicked()
        {
            cx.push(Command::Redo);
        }
    });
    // In edit mode, what a click on the board does, in a line under the board.
    if !cx.view.play_mode {
        ui.add(egui::Label::new(egui::RichText::new(edit_help(kind)).weak()).wrap());
    }
}

/// The position tools under the board.
fn position_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, panel: &mut PositionPanel) {
    let pos = cx.session().position.clone();
    let kind = pos.kind();

    mode_line_ui(ui, cx, kind);

    ui.horizontal_wrapped(|ui| {
        let side = pos.side_to_move();
        let status = if pos.is_over() {
            "Game over".to_string()
        } else {
            format!("{} to move", side_name(kind, side))
        };
        ui.label(egui::RichText::new(status).strong());
        if let Some(note) = pos.as_dyn().counts_note() {
            ui.label(note);
        }
        if let Some(switched) = pos.as_dyn().side_switched()
            && ui
                .button("Switch side")
                .on_hover_text("Give the move to the other side")
                .clicked()
        {
            cx.push(Command::SetPosition(switched));
        }
    });
    phase_ui(ui, cx, &pos);

    ui.horizontal_wrapped(|ui| {
        if let Some(cleared) = pos.as_dyn().cleared()
            && ui
                .button("Clear")
                .on_hover_text("Empty the board")
                .clicked()
        {
            cx.push(Command::SetPosition(cleared));
        }
        if ui
            .button("Start position")
            .on_hover_text("Reset to the game's start position")
            .clicked()
        {
            cx.push(Command::SetPosition(AnyPosition::start(kind)));
        }
        if cx.view.play_mode {
            let moves = pos.legal_moves();
            let only_pass = moves.len() == 1 && moves[0].eq_ignore_ascii_case("pass");
            if only_pass && ui.button("Pass").on_hover_text("No move: pass").clicked() {
                cx.push(Command::PlayMove(moves[0].clone()));
            }
            match kind.info().layout() {
                BoardLayout::Parameters | BoardLayout::Tree => {
                    // No board to click: one button per move (a tree's children).
                    for mv in moves {
                        if ui.button(format!("child {mv}")).clicked() {
                            cx.push(Command::PlayMove(mv));
                        }
                    }
                }
                BoardLayout::Grid {
                    style: GridStyle::Cubes,
                    ..
                } => {
                    // A cell does not name a step or a roll: one button per move.
                    for mv in moves {
                        if ui.button(&mv).clicked() {
                            cx.push(Command::PlayMove(mv));
                        }
                    }
                }
                _ => {}
            }
        }
    });

    if let Some(e) = &panel.edit_error {
        ui.colored_label(ui.visuals().warn_fg_color, e);
    } else if let Some(warning) = pos.as_dyn().text_warning() {
        ui.colored_label(ui.visuals().warn_fg_color, warning);
    }

    crate::app::exercise::exercise_ui(ui, cx);
    ui.add_space(4.0);
    text_form_ui(ui, cx, panel, &pos);
}

fn edit_help(kind: GameKind) -> &'static str {
    kind.info().edit_hint()
}

/// The text form with Copy, and the paste/apply box.
fn text_form_ui(
    ui: &mut egui::Ui,
    cx: &mut Panel<'_>,
    panel: &mut PositionPanel,
    pos: &AnyPosition,
) {
    let kind = pos.kind();
    let text = pos.to_text();
    let name = kind.info().text_name();
    ui.horizontal(|ui| {
        ui.label(format!("{name}:"));
        if ui
            .button("Copy")
            .on_hover_text("Copy the text form")
            .clicked()
        {
            ui.ctx().copy_text(text.clone());
            cx.info("Copied the position");
        }
    });
    ui.add(egui::Label::new(text_form_job(ui, &text)).selectable(true));
    ui.horizontal(|ui| {
        let label = ui.label("Paste:");
        let width = (ui.available_width() - 60.0).max(80.0);
        let edit = ui
            .add(
                egui::TextEdit::singleline(&mut panel.paste_text)
                    .desired_width(width)
                    .font(egui::TextStyle::Monospace)
                    .hint_text(hint(kind)),
            )
            .labelled_by(label.id);
        let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui
            .button("Apply")
            .on_hover_text("Load the pasted position")
            .clicked()
            || enter
        {
            apply_paste(cx, panel, kind);
        }
    });
    if let Some(e) = &panel.paste_error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
}

/// The most lines the text form takes under the board; a longer text (a big tree)
/// ends in "…" there, whole on hover and in Copy.
const TEXT_FORM_LINES: usize = 3;

/// The text form as it is shown: monospace, wrapped at any character (an OBF line has
/// no space to wrap at) so that no character is ever cut in two at the panel's edge.
fn text_form_job(ui: &egui::Ui, text: &str) -> egui::text::LayoutJob {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let mut job = egui::text::LayoutJob::single_section(
        text.to_string(),
        egui::TextFormat::simple(font, ui.visuals().text_color()),
    );
    job.wrap = egui::text::TextWrapping {
        max_rows: TEXT_FORM_LINES,
        break_anywhere: true,
        overflow_character: Some('…'),
        ..Default::default()
    };
    job
}

fn hint(kind: GameKind) -> &'static str {
    kind.info().text_hint()
}

/// Parses the paste box; a bad string leaves the board as it is and says why.
fn apply_paste(cx: &mut Panel<'_>, panel: &mut PositionPanel, kind: GameKind) {
    let text = panel.paste_text.trim().to_string();
    if text.is_empty() {
        panel.paste_error = Some("Nothing to apply: paste a position first".into());
        return;
    }
    match AnyPosition::parse(kind, &text) {
        Ok(p) => {
            panel.paste_error = None;
            cx.push(Command::SetPosition(p));
            cx.info("Applied the pasted position");
        }
        Err(e) => {
            let message = format!("Not a valid {} position: {e}", kind.label());
            cx.error(message.clone());
            panel.paste_error = Some(message);
        }
    }
}

/// A dice game's set-up in edit mode: before the roll, or the die showing a number.
fn phase_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, pos: &AnyPosition) {
    let phases = pos.as_dyn().phase_choices();
    if phases.is_empty() || cx.view.play_mode {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Die:");
        for (name, q) in phases {
            let current = q == *pos;
            if ui.selectable_label(current, &name).clicked() && !current {
                cx.push(Command::SetPosition(q));
            }
        }
    });
}
