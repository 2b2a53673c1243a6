//! The suite panel: the shipped suites one click away, a file through the dialog, and
//! the open suite's positions by name with their known scores.

use crate::app::frame::command::Command;
use crate::app::frame::panel::Panel;
use crate::engine::shipped_suites;

/// The height of the position list before it scrolls.
const LIST_HEIGHT: f32 = 220.0;

/// The suite panel.
pub fn suite_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>) {
    ui.heading("Suites");
    ui.horizontal_wrapped(|ui| {
        for (path, _) in shipped_suites() {
            let short = path.rsplit('/').next().unwrap_or(path);
            if ui
                .small_button(short)
                .on_hover_text(format!("Open the shipped suite assets/{path}"))
                .clicked()
            {
                cx.push(Command::LoadSuite(short.to_string()));
            }
        }
        if ui
            .small_button("Open suite…")
            .on_hover_text("An OBF suite, a .pos file, a .ttt list, a .tree list of trees or a Connect Four test set")
            .clicked()
        {
            cx.push(Command::OpenSuiteDialog);
        }
    });
    let Some(open) = &cx.session().suite else {
        ui.weak("No suite open.");
        return;
    };
    let suite = &*open.suite;
    // The entry the board shows now (none once the position was edited or played on).
    let selected = cx.session().current_suite_item().map(|(i, _)| i);
    ui.label(format!(
        "{} ({}, {} positions)",
        suite.name,
        suite.kind.label(),
        suite.items.len()
    ));
    if suite.kind != cx.session().game() {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "Of another game than the board ({}): Run searches the current position, and the results views show this game's. Click a position to go back to {}.",
                cx.session().game().label(),
                suite.kind.label()
            ),
        );
    }
    let mut clicked = None;
    egui::ScrollArea::vertical()
        .id_salt("suite_list")
        .max_height(LIST_HEIGHT)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for (i, item) in suite.items.iter().enumerate() {
                let scale = item.position.as_dyn().value_scale();
                let score = item.expected_score.map_or_else(
                    || "score ?".to_string(),
                    |s| {
                        let text = crate::game::chance::scaled_text(i64::from(s), scale);
                        if s > 0 {
                            format!("score +{text}")
                        } else {
                            format!("score {text}")
                        }
                    },
                );
                let best = item
                    .move_scores
                    .first()
                    .map(|(m, _)| format!("  best {m}"))
                    .unwrap_or_default();
                let text = format!("{}  {score}{best}", item.name);
                if ui.selectable_label(selected == Some(i), text).clicked() {
                    clicked = Some(i);
                }
            }
        });
    if let Some(i) = clicked {
        cx.push(Command::SelectSuiteItem(i));
    }
}
