//! The central comparison area. Part 1 lists the session's rows read-only; part 2
//! (the background search, the live table and the charts) builds on this file.

use super::TreelabApp;
use crate::search::{MoveOrder, SearchOptions};

/// A short summary of the options that differ from the defaults.
#[must_use]
pub fn options_summary(o: &SearchOptions) -> String {
    let d = SearchOptions::default();
    let mut parts = Vec::new();
    if o.fail_soft {
        parts.push("fail-soft".to_string());
    }
    if o.ordering != MoveOrder::Generation {
        parts.push(format!("order {}", o.ordering.name()));
    }
    if o.killers > 0 {
        parts.push(format!("killers {}", o.killers));
    }
    if o.history {
        parts.push("history".into());
    }
    if o.tt_mib > 0 {
        parts.push(format!("TT {} MiB", o.tt_mib));
    }
    if o.iterative_deepening {
        parts.push("ID".into());
    }
    if o.aspiration > 0 {
        parts.push(format!("aspiration {}", o.aspiration));
    }
    if o.scoring != d.scoring {
        parts.push(format!("scoring {}", o.scoring.name()));
    }
    if parts.is_empty() {
        "defaults".into()
    } else {
        parts.join(", ")
    }
}

/// The comparison area.
pub fn comparison_ui(ui: &mut egui::Ui, app: &mut TreelabApp) {
    ui.heading("Comparison");
    let target = match &app.suite {
        Some(s) => format!(
            "Current position ({}), or the {} positions of {}",
            app.position.kind().label(),
            s.items.len(),
            s.name
        ),
        None => format!("Current position ({})", app.position.kind().label()),
    };
    ui.label(target);
    ui.add_space(6.0);
    ui.label(egui::RichText::new("Rows").strong());
    egui::Grid::new("comparison_rows")
        .striped(true)
        .num_columns(5)
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            for h in ["Row", "Algorithm", "Depths", "Evaluator", "Options"] {
                ui.label(egui::RichText::new(h).underline());
            }
            ui.end_row();
            for (i, row) in app.session.rows.iter().enumerate() {
                let mut enabled = row.enabled;
                ui.add_enabled(
                    false,
                    egui::Checkbox::new(&mut enabled, format!("{}", i + 1)),
                )
                .on_disabled_hover_text("Part 2 turns rows on and off");
                ui.label(row.algorithm.label());
                ui.label(format!("{}–{}", row.depth_min, row.depth_max));
                ui.label(if row.evaluator.is_empty() {
                    "default"
                } else {
                    row.evaluator.as_str()
                });
                ui.label(options_summary(&row.options));
                ui.end_row();
            }
        });
    ui.add_space(8.0);
    ui.label(format!(
        "{} results in the session.",
        app.session.results.len()
    ));
    ui.weak("Running the rows, the results table and the charts come next.");
}
